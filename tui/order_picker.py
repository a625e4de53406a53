"""The Orders tab's order picker (issue #17): pick a unit or a stack, then a destination, then (when there are
several) the way to go; the orders go to the screen, which has the engine verify and give them.

Steps and keys (the list keeps the id ``orders``):

* units, grouped by place: Enter on a unit orders it (or the units marked with Space, when there are any); Enter on
  a place's line orders every unit of it that can be ordered (a stack);
* destinations: the places the engine allows every selected unit, each with its first way to go (the mode, the
  route, the speed roll needed); Enter gives the orders that way; Space or the right arrow opens the other ways
  (routes, modes) when there are several;
* ways: Enter gives the orders.

Escape (or Backspace, or the left arrow) goes back a step.  A printable key that is not one of the screen's
commands and begins an order's word (``m`` of move, ``p`` of place ...; another key is said to do nothing, R-UI-44)
starts a typed order in the order line (the :class:`~textual.widgets.Input` named by ``type_into``): from
then on every key pressed before the focus reaches that line (keys typed fast arrive first) goes into it too, Enter
and Backspace included, so typing an order never fires a command.  What to show comes from
:mod:`tui.order_selection`; nothing here judges legality.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from scenarios.loader import CampaignData
from strategic.orders import Order
from strategic.views import CampaignView
from tui.order_advice import OrderAdvice
from tui.order_entry import VERBS, describe
from tui.order_selection import (
    Choice,
    Stack,
    UnitRow,
    by_place,
    choices,
    matches,
    stacks,
    unit_free_orders,
    warnings_text,
)


def begins_order(character: str) -> bool:
    """Whether a key typed in the list may begin a typed order: the first letter of an order's word (R-UI-44)."""
    return bool(character) and any(verb.startswith(character.casefold()) for verb in VERBS)


def stray_key_text(character: str) -> str:
    """What a key that is neither a command nor the start of an order says (R-UI-44)."""
    if character.casefold() in ("y", "n"):
        return (f"'{character}' answers a question, and none is open (e asks first only while units could still be "
                "given orders); / types an order")
    return f"'{character}' is no command here (? lists the keys); / types an order"


class OrderFilter(Input):
    """The line filtering the picker's orders: Down (or Enter) goes on to the list below it (R-UI-109)."""

    BINDINGS = [Binding("down", "to_list", "To the list", show=False)]

    def __init__(self, *, placeholder: str, id: str, list_selector: str) -> None:
        super().__init__(placeholder=placeholder, id=id)
        self.list_selector = list_selector

    def action_to_list(self) -> None:
        self.screen.query_one(self.list_selector).focus()


class OrderList(OptionList):
    """The picker's list: Space marks units, Escape goes back; other printable keys start a typed order."""

    BINDINGS = [
        Binding("space", "mark", "Mark", show=False),
        Binding("escape,backspace,left", "back", "Back", show=False),
        Binding("right", "ways", "Ways", show=False),
    ]

    def __init__(self, *, id: str | None = None, type_into: str = "") -> None:
        super().__init__(id=id)
        self.type_into = type_into  # the selector of the order line
        self.typing = False  # a typed order was started here and the focus has not reached the line yet

    async def on_key(self, event: events.Key) -> None:
        printable = event.is_printable and bool(event.character)
        starts = printable and event.key not in self.screen.active_bindings
        if starts and not self.typing and not begins_order(event.character or ""):
            event.stop()  # a stray key (y or n with no question open) starts nothing (R-UI-44)
            self.post_message(OrderPicker.Note(stray_key_text(event.character or ""), ok=False))
            return
        goes_on = self.typing and (printable or event.key in ("enter", "backspace"))
        if not self.type_into or not (starts or goes_on):
            return
        event.stop()
        event.prevent_default()
        line = self.screen.query_one(self.type_into, Input)
        if not self.typing:
            self.typing = True
            line.focus()
        if event.key == "enter":
            await line.action_submit()
        elif event.key == "backspace":
            line.action_delete_left()
        elif event.is_printable and event.character:
            line.insert_text_at_cursor(event.character)

    def on_focus(self) -> None:
        self.typing = False  # back in the list (Escape in the line): letters are commands again

    def action_mark(self) -> None:
        picker = self.parent
        if isinstance(picker, OrderPicker):
            picker.toggle_mark()

    def action_back(self) -> None:
        picker = self.parent
        if isinstance(picker, OrderPicker):
            picker.back()

    def action_ways(self) -> None:
        picker = self.parent
        if isinstance(picker, OrderPicker):
            picker.open_ways()


@dataclass
class _Selection:
    """Where the picker is: the step, the units chosen, the choices for them and the place picked."""

    step: str = "units"  # units | places | ways
    rows: list[UnitRow] = field(default_factory=list)
    left_out: list[UnitRow] = field(default_factory=list)
    options: list[Choice] = field(default_factory=list)
    place: str = ""


class OrderPicker(Vertical):
    """A prompt line and the :class:`OrderList`."""

    DEFAULT_CSS = """
    OrderPicker { height: 1fr; min-height: 5; }
    OrderPicker #pick-prompt { height: auto; max-height: 3; color: $text-muted; }
    """

    class Chosen(Message):
        """The player picked ``orders`` (one per unit); ``left_out`` are the selected units the engine gives no
        order now (each with its refusal)."""

        def __init__(self, orders: list[Order], left_out: list[UnitRow]) -> None:
            super().__init__()
            self.orders = orders
            self.left_out = left_out

    class Note(Message):
        """Something to tell the player in the order message (a warning when ``ok`` is false)."""

        def __init__(self, text: str, ok: bool) -> None:
            super().__init__()
            self.text = text
            self.ok = ok

    def __init__(self, *, id: str | None = None, type_into: str = "") -> None:
        super().__init__(id=id)
        self.type_into = type_into
        self.data: CampaignData | None = None
        self.advice: OrderAdvice | None = None
        self.moment: tuple[object, ...] = ()
        self.legal: list[Order] | None = None
        self.stacks: list[Stack] = []
        self.free: list[Order] = []
        self.marked: set[str] = set()
        self.wanted = ""
        self.at = _Selection()
        self._ids: dict[str, object] = {}
        self._prompt = ""  # the step's prompt, shown again when the highlight leaves a warning

    def compose(self) -> ComposeResult:
        yield Static(id="pick-prompt")
        yield OrderList(id="orders", type_into=self.type_into)

    @property
    def order_list(self) -> OrderList:
        return self.query_one("#orders", OrderList)

    # -- filling
    def show(self, data: CampaignData, view: CampaignView, advice: OrderAdvice, legal: list[Order],
             wanted: str = "") -> None:
        """Show ``legal``, the orders of the deciding player of ``view``, filtered by ``wanted``; new legal orders
        (or a new game, decision or player) start at the units again (marks cleared), the same ones keep the step
        (a filter typed, a refused order).  ``advice``: the engine's refusals and speed rolls for that player."""
        self.wanted = wanted.casefold()
        moment = (id(data), view.player, view.turn, view.phase)
        if legal != self.legal or moment != self.moment:
            self.data, self.advice, self.moment, self.legal = data, advice, moment, legal
            self.stacks, self.free = stacks(data, view, advice, legal), unit_free_orders(legal)
            self.marked, self.at = set(), _Selection()
        self.render_step()

    def clear(self) -> None:
        """No decision for the player: nothing to pick."""
        self.data, self.advice, self.legal, self.stacks, self.free, self.marked = None, None, None, [], [], set()
        self.moment = ()
        self.at = _Selection()
        self.order_list.clear_options()
        self.query_one("#pick-prompt", Static).update("")

    def render_step(self) -> None:
        options, prompt = {"units": self._unit_options, "places": self._place_options,
                           "ways": self._way_options}[self.at.step]()
        self._prompt = prompt
        order_list = self.order_list
        order_list.clear_options()
        order_list.add_options(options)
        self.query_one("#pick-prompt", Static).update(Text(prompt, style="italic"))
        if order_list.option_count:
            order_list.highlighted = 0  # Enter takes the first line at once

    def _option(self, key: str, value: object, prompt: str | Text) -> Option:
        self._ids[key] = value
        return Option(prompt, id=key)

    def _unit_options(self) -> tuple[list[Option], str]:
        self._ids = {}
        options = [self._option(f"free:{i}", [o], f"order: {describe(o)}") for i, o in enumerate(self.free)]
        for number, stack in enumerate(self.stacks):
            rows = [r for r in stack.units if matches(r, stack.place, self.wanted)]
            if not rows:
                continue
            count, shown = len(stack.orderable), sum(1 for r in rows if r.orders)
            told = f"{count} unit{'s' if count != 1 else ''} to order (Enter: all)" if count else "no unit to order"
            if shown < count:  # the filter keeps some: Enter takes those
                these = "this one" if shown == 1 else f"these {shown}"
                told = f"{shown} of its {count} units to order (Enter: {these})"
            options.append(self._option(f"stack:{number}", stack, Text(f"◆ {stack.place} — {told}", style="bold")))
            options += [self._option(f"unit:{number}:{r.name}", r, self._unit_prompt(r)) for r in rows]
        marked = f" {len(self.marked)} marked: Enter orders them." if self.marked else ""
        if not options:
            return options, ("No unit matches the filter." if self.wanted and (self.stacks or self.free)
                             else "Nothing left to order in this phase: e ends it.")
        return options, f"Pick a unit, or a place for its whole stack (Space marks units).{marked}"

    def _unit_prompt(self, row: UnitRow) -> Text:
        if not row.orders:
            return Text(f"   ✗ {row.label} — {row.blocked}", style="dim")
        mark = "[x]" if row.name in self.marked else "[ ]"
        return Text(f"   {mark} {row.label}{' ⚠' if row.warning else ''}", style="yellow" if row.warning else "")

    def _place_options(self) -> tuple[list[Option], str]:
        self._ids = {}
        options = []
        for place, ways in by_place(self.at.options).items():  # the filter picked the units, not these
            more = f" (+{len(ways) - 1} other way{'s' if len(ways) > 2 else ''}: →)" if len(ways) > 1 else ""
            options.append(self._option(f"place:{place}", place, f"{place} — {ways[0].label}{more}"))
        return options, f"{self._who()}: where to? Enter: go (the first way); →: the other ways; Escape: back"

    def _way_options(self) -> tuple[list[Option], str]:
        self._ids = {}
        ways = [c for c in self.at.options if c.place == self.at.place]
        options = [self._option(f"way:{i}", c, c.label) for i, c in enumerate(ways)]
        return options, f"{self._who()} to {self.at.place}: which way? (Escape: back to the places)"

    def _who(self) -> str:
        names = [r.name for r in self.at.rows]
        return ", ".join(names) if len(names) <= 4 else f"{', '.join(names[:3])} and {len(names) - 3} more"

    # -- keys
    @on(OptionList.OptionHighlighted, "#orders")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """A damaged or disabled unit highlighted: its warning, with the rules, under the prompt (R-UI-45)."""
        if self.at.step != "units":
            return
        value = self._ids.get(event.option.id or "")
        warning = value.warning if isinstance(value, UnitRow) else ""
        self.query_one("#pick-prompt", Static).update(
            Text(f"⚠ {warning}", style="yellow") if warning else Text(self._prompt, style="italic"))

    @on(OptionList.OptionSelected, "#orders")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        key = event.option.id or ""
        value = self._ids.get(key)
        kind = key.split(":", 1)[0]
        if kind == "free":
            self.post_message(self.Chosen(list(value), []))  # type: ignore[call-overload]
        elif kind == "stack" and isinstance(value, Stack):
            self.select([r for r in value.units if matches(r, value.place, self.wanted)])
        elif kind == "unit" and isinstance(value, UnitRow):
            marked = [r for s in self.stacks for r in s.units if r.name in self.marked]
            self.select(marked or [value])
        elif kind == "place":
            first = next(c for c in self.at.options if c.place == value)
            self.post_message(self.Chosen(list(first.orders), self.at.left_out))
        elif kind == "way" and isinstance(value, Choice):
            self.post_message(self.Chosen(list(value.orders), self.at.left_out))

    def select(self, rows: list[UnitRow]) -> None:
        """Go on to the destinations of ``rows`` (a unit or a stack); say why when the engine allows them none."""
        assert self.advice is not None
        able = [r for r in rows if r.orders]
        left_out = [r for r in rows if not r.orders]
        warnings = [w for w in [warnings_text(rows)] if w] + [f"{r.name}: {r.blocked}" for r in left_out]
        if not able:
            self.post_message(self.Note("; ".join(warnings) or "no order for these units now", ok=False))
            return
        options = choices(self.advice, able)
        if not options:
            self.post_message(self.Note(f"no destination is open to all of {', '.join(r.name for r in able)} "
                                        "together: pick fewer units", ok=False))
            return
        self.at = _Selection("places", able, left_out, options)
        if warnings:
            self.post_message(self.Note("; ".join(warnings), ok=False))
        self.render_step()

    def open_ways(self) -> None:
        """→ (or Space) on a destination: the ways to go there, when there are several."""
        if self.at.step != "places" or self.order_list.highlighted is None:
            return
        place = self._ids.get(self.order_list.get_option_at_index(self.order_list.highlighted).id or "")
        if sum(1 for c in self.at.options if c.place == place) > 1:
            self.at.step, self.at.place = "ways", str(place)
            self.render_step()

    def toggle_mark(self) -> None:
        """Space: mark or unmark the highlighted unit (on a place's line: all its units that can be ordered); on a
        destination, its ways."""
        if self.at.step == "places":
            self.open_ways()
            return
        if self.at.step != "units" or self.order_list.highlighted is None:
            return
        value = self._ids.get(self.order_list.get_option_at_index(self.order_list.highlighted).id or "")
        names = [r.name for r in value.orderable if matches(r, value.place, self.wanted)] \
            if isinstance(value, Stack) else \
            [value.name] if isinstance(value, UnitRow) and value.orders else []
        if names and all(n in self.marked for n in names):
            self.marked -= set(names)
        else:
            self.marked |= set(names)
        highlighted = self.order_list.highlighted
        self.render_step()
        self.order_list.highlighted = min(highlighted + 1, self.order_list.option_count - 1)

    def back(self) -> None:
        """Escape: back a step (at the units: the marks are cleared)."""
        if self.at.step == "ways":
            self.at.step = "places"
        elif self.at.step == "places":
            self.at = _Selection()
        elif self.marked:
            self.marked = set()
        else:
            return
        self.render_step()
