"""Unit details on demand (issue #17): one unit's counter, damage and status, where it is, its tactical ship card
for the year of the turn, and where it may go this phase.

Everything shown of a unit comes from the seated player's view (:func:`strategic.views.observe`): the counter's
printed factors and the unit's place, face and damage markers are on the board for every player (R-VIEW-04); the
card is the public card of its class (:func:`tui.cards_cli.counter_lines`, R-CARD-05); where it may go is read
from the engine's legal orders for the player deciding now, and only for his own units (R-VIEW-03).  An enemy
unit shows what the view holds and no orders; a unit of the player's side that he does not command names its
commander.  :class:`UnitDetailsScreen` shows the text of :func:`details_text`; with several units (a place's
stack) the arrows step through them.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import DataTable, OptionList, Static

from scenarios.classes import CARD_SHIP_TYPES
from scenarios.loader import CampaignData
from scenarios.models import Side, Unit
from strategic.battles import campaign_year
from strategic.orders import Order
from strategic.state import UNTIL_ATTACK, UnitStatus
from strategic.views import CampaignView, UnitView
from tactical import CardIndex
from tui.board_draw import TYPE_ORDER
from tui.board_info import how, seat_side, unit_groups
from tui.board_map import BoardMap
from tui.cards_cli import counter_lines
from tui.dialog_fit import FittedScroll
from tui.labels import counter_label, player_label, side_label
from tui.order_advice import OrderAdvice
from tui.order_picker import OrderPicker
from tui.order_selection import SINKING_RULE, Stack, UnitRow, by_place, choices, unit_of, unit_row

DIALOG_WIDTH = 120
"""The dialog's width at most (``#unit-details`` below; and 96% of the terminal's); its border and padding take 6
columns of it."""

CSS = """
UnitDetailsScreen { align: center middle; }
#unit-details { width: 120; max-width: 96%; height: auto; max-height: 92%; padding: 0 2; border: thick $accent;
                background: $surface; }
#unit-details-scroll { height: auto; }
#unit-details-hint { color: $text-muted; }
"""

SHOWN_WAYS = 12
"""At most this many destinations are listed (the Orders tab lists them all)."""


def factors_line(unit: Unit) -> str:
    """``Counter 4-4-3: gunnery 4, defence 4, speed 3`` (airstrike for carriers and land-based air; ``none`` for a
    factor the counter does not print)."""
    def factor(value: int | None, bonus: bool) -> str:
        return "none" if value is None else f"{value}{' (bonus)' if bonus else ''}"

    parts = [f"gunnery {factor(unit.gunnery, unit.bonus == 'gunnery')}", f"defence {factor(unit.defence, False)}",
             f"speed {factor(unit.speed, False)}"]
    if unit.air is not None:
        parts.append(f"airstrike {factor(unit.air, unit.bonus == 'air')}")
    return f"Counter {counter_label(unit)}: {', '.join(parts)}"


def where_line(seen: UnitView, turn: int) -> str:
    """Where the unit is and how: ``patrolling in North Sea``, ``in port at Scapa Flow``, ``arrives turn 4`` ..."""
    if seen.status is UnitStatus.SUNK:
        return "sunk"
    if seen.status is UnitStatus.REMOVED:
        return "removed from the game"
    if seen.status is UnitStatus.AWAITING:
        when = f" on turn {seen.due_turn}" if seen.due_turn is not None else ""
        if seen.due_turn == turn:
            when = " this turn"
        return f"not yet arrived: due{when}" + (f" at {seen.place}" if seen.place else "")
    word = how(seen)
    at = "at" if seen.status is UnitStatus.PORT else "in"
    return f"{word.replace(', disabled', '')} {at} {seen.place}"


def damage_line(seen: UnitView, unit: Unit) -> str:
    """The damage markers against the defence factor, and what they mean (case V-05; VITP 4.4, 4.8)."""
    notes = []
    if seen.damage:
        against = f" against defence {unit.defence}" if unit.defence is not None else ""
        notes.append(f"{seen.damage} damage point{'s' if seen.damage != 1 else ''}{against} (at sea it sinks "
                     f"when its damage exceeds its defence, {SINKING_RULE})")
    else:
        notes.append("undamaged")
    if seen.disabled:
        notes.append("disabled this turn (VITP 4.4, 4.8)")
    if seen.inactive_until == UNTIL_ATTACK:
        notes.append("inactive until Japan attacks (002 §3.21, R-OPS-22)")
    elif seen.inactive_until is not None:
        notes.append(f"inactive until turn {seen.inactive_until} (002 §3.21)")
    if seen.returned_early:
        notes.append("returned to port early this turn")
    if seen.frozen:
        notes.append("frozen in port until the Pacific war begins (002 §5.73)")
    return "; ".join(notes)


def whose_line(seen: UnitView, seat: Side | None) -> str:
    """``yours``, ``your side's, commanded by Japan`` or ``the enemy's (Axis), commanded by Japan``; for an
    observer (``seat`` None) the side and commander."""
    if seen.own:
        return "yours"
    commander = player_label(seen.commander)
    if seat is None:
        return f"{side_label(seen.side)}, commanded by {commander}"
    whose = "your side's" if seen.side is seat else f"the enemy's ({side_label(seen.side)})"
    return f"{whose}, commanded by {commander}"


def ways_lines(data: CampaignData, advice: OrderAdvice, seen: UnitView, legal: Sequence[Order]) -> list[str]:
    """Where the unit may go in the decision of its player (one line a destination: the first way, the speed roll
    it needs, and how many other ways there are), or why it may not (the engine's refusal)."""
    orders = [o for o in legal if unit_of(o) == seen.name]
    row = unit_row(data, advice, seen, orders)
    if not orders:
        return [f"no order for it now: {row.blocked}"]
    grouped = by_place(choices(advice, [row]))
    lines = []
    for place, ways in list(grouped.items())[:SHOWN_WAYS]:
        more = f" (+{len(ways) - 1} other way{'s' if len(ways) > 2 else ''})" if len(ways) > 1 else ""
        lines.append(f"{place} — {ways[0].label}{more}")
    if len(grouped) > SHOWN_WAYS:
        lines.append(f"... {len(grouped) - SHOWN_WAYS} more places (Orders tab: pick the unit)")
    return lines


def orders_part(data: CampaignData, view: CampaignView, seen: UnitView, legal: Sequence[Order],
                advice: OrderAdvice | None) -> list[str]:
    """The "this phase" part: the destinations of the player's own unit when he decides, else why none are
    shown (another player's orders are never listed, R-VIEW-03).  ``advice``: the engine's word on his orders
    (needed when he decides)."""
    viewer = view.player
    if not seen.own or viewer is None:
        return [f"{player_label(seen.commander)} gives its orders: they are not shown to you"]
    if view.decider is not viewer or advice is None:
        return ["no decision of yours now"]
    return ways_lines(data, advice, seen, legal)


def card_part(data: CampaignData, name: str, year: int, index: CardIndex | None = None,
              width: int | None = None) -> list[str]:
    """What the counter puts on the tactical table in ``year`` (its ship card, air group, Flights or boats), its
    weapon table fitted to ``width`` columns (:func:`tui.cards_cli.card_lines`)."""
    lines = counter_lines(data, name, year, index, width)
    if data.units[name].type in CARD_SHIP_TYPES:
        return lines
    return ["No ship card of its own" + (": what it puts on the table" if lines else ": nothing on the table"),
            *lines]


def details_text(data: CampaignData, view: CampaignView, name: str, legal: Sequence[Order],
                 advice: OrderAdvice | None = None, index: CardIndex | None = None,
                 width: int = DIALOG_WIDTH - 6) -> Text:
    """The details of unit ``name`` as the seated player of ``view`` may know them; ``legal`` are his legal
    orders now (empty when he does not decide) and ``advice`` the engine's word on them; the card's table fits
    ``width`` columns.  Raises ``KeyError`` for a unit the view does not hold."""
    seen = view.unit(name)
    unit = data.units[name]
    year = campaign_year(view.turn)
    text = Text()
    text.append(name, style="bold")
    text.append(f" — {seen.nation} {seen.type.value}, {whose_line(seen, seat_side(view))}\n")
    text.append(factors_line(unit) + "\n")
    text.append(f"Where: {where_line(seen, view.turn)}\n")
    text.append(f"Damage and status: {damage_line(seen, unit)}\n")
    text.append("Where it may go this phase: ", style="bold")
    ways = orders_part(data, view, seen, legal, advice)
    text.append(ways[0] + "\n" if len(ways) == 1 else "\n" + "".join(f"  {w}\n" for w in ways))
    text.append(f"On the tactical table in {year} (turn {view.turn}):\n", style="bold")
    text.append("\n".join(card_part(data, name, year, index, width)))
    return text


def place_units(view: CampaignView, place: str, data_areas: Collection[str]) -> list[str]:
    """The units the map lists at ``place`` (its sea area's units at sea, or a port's in port), in the map's
    order: the player's, his side's, the enemy's, each by nation and type."""
    status = UnitStatus.SEA if place in data_areas else UnitStatus.PORT
    groups = unit_groups(view.units_at(place, status=status), seat_side(view))
    def order(unit: UnitView) -> tuple[str, int]:
        return unit.nation, TYPE_ORDER.get(unit.type, 99)

    return [u.name for _, members, _ in groups for u in sorted(members, key=order)]


def picked_units(focused: Widget | None, picker: OrderPicker, table: DataTable[Any], board: BoardMap,
                 view: CampaignView) -> tuple[list[str], int]:
    """The units ``i`` opens from the widget with the focus, and which to show first: the order list's highlighted
    unit (a place's line: its stack; the destinations: the units picked), the units table's row, or the units of
    the place selected on the map (the focus on the map or its listing)."""
    if isinstance(focused, OptionList) and focused is picker.order_list:
        if picker.at.step != "units":
            return [r.name for r in picker.at.rows], 0
        index = focused.highlighted
        value = picker._ids.get(focused.get_option_at_index(index).id or "") if index is not None else None
        if isinstance(value, UnitRow):
            return [value.name], 0
        if isinstance(value, Stack):
            return [r.name for r in value.units], 0
        return [], 0
    if isinstance(focused, DataTable) and focused is table and table.row_count:
        return [str(table.get_row_at(table.cursor_row)[0])], 0
    if board.selected is not None and focused is board:
        names = place_units(view, board.selected, board.data.areas if board.data else ())
        return names, 0
    return [], 0


class UnitDetailsScreen(FittedScroll):
    """The details of one unit, or of several in turn (``names``, starting at ``start``): ← and → step through
    them; Escape, Enter or ``i`` closes."""

    SCROLL, FRAME = "#unit-details-scroll", 4  # the thick border's two lines and the hint, wrapped

    DEFAULT_CSS = CSS
    BINDINGS = [Binding("escape,enter,i", "close", "Close"),
                Binding("left,p", "step(-1)", "Previous unit", show=False),
                Binding("right,n", "step(1)", "Next unit", show=False)]

    def __init__(self, data: CampaignData, view: CampaignView, names: Sequence[str], legal: Sequence[Order],
                 advice: OrderAdvice | None = None, start: int = 0) -> None:
        super().__init__()
        self.data, self.view, self.names, self.legal, self.advice = data, view, list(names), list(legal), advice
        self.index = min(max(start, 0), len(self.names) - 1)
        self.cards = CardIndex(data)

    def compose(self) -> ComposeResult:
        with Vertical(id="unit-details"):
            with VerticalScroll(id="unit-details-scroll"):
                yield Static(self.text(), id="unit-details-text")
            yield Static(self.hint(), id="unit-details-hint")

    @property
    def name(self) -> str:  # type: ignore[override]
        return self.names[self.index]

    def text(self) -> Text:
        """The details, the card's table fitted to the dialog's width in this terminal (R-UI-55)."""
        width = min(DIALOG_WIDTH, self.app.size.width * 96 // 100) - 6
        return details_text(self.data, self.view, self.name, self.legal, self.advice, self.cards, width)

    def on_resize(self) -> None:
        super().on_resize()
        self.query_one("#unit-details-text", Static).update(self.text())

    def hint(self) -> str:
        steps = f"← →: unit {self.index + 1} of {len(self.names)}; " if len(self.names) > 1 else ""
        return f"{steps}Escape or Enter: back"

    def action_step(self, delta: int) -> None:
        if len(self.names) < 2:
            return
        self.index = (self.index + delta) % len(self.names)
        self.query_one("#unit-details-text", Static).update(self.text())
        self.query_one("#unit-details-hint", Static).update(self.hint())

    def action_close(self) -> None:
        self.dismiss(None)
