"""Orders by selection (issue #17): the player's units grouped in stacks, and the destinations a unit or a stack may
be sent to, all read from the engine's legal orders (:meth:`strategic.campaign.Campaign.legal_orders`).

Nothing here decides what is legal.  A unit is offered when the engine lists an order for it; a destination is
offered to a stack when the engine lists the same order (the unit's name apart) for every unit of it; the speed roll
a move needs is the engine's plan of that move (:meth:`tui.order_advice.OrderAdvice.speed_roll`).  A damaged or
disabled unit that the engine gives no order now is still shown, with the engine's refusal of a move (or placement)
for it (:meth:`~tui.order_advice.OrderAdvice.refusal`): the rule that keeps it where it is.  The units are the
deciding player's view's (:class:`strategic.views.CampaignView`), their records the static campaign data.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from scenarios.loader import CampaignData
from scenarios.models import UnitType
from strategic.movement import MODE_OF_PHASE, MOVING_TYPES
from strategic.orders import (
    DeferReinforcement,
    Move,
    Order,
    PlaceAir,
    PlaceReinforcement,
    PlaceSubmarine,
    PlaceSurfaceRaider,
    ReturnToPort,
)
from strategic.state import Mode, UnitStatus
from strategic.views import CampaignView, UnitView
from tui.labels import counter_label
from tui.order_advice import OrderAdvice
from tui.order_entry import describe

SINKING_RULE = "case V-05"
"""A unit sinks only when its damage exceeds its defence (rulings/cases.md V-05; reference/was.md §4.3,
reference/vitp.md §4.4)."""

PORT_SINKING_RULE = "R-CMB-05"
"""In port a unit sinks only when its damage exceeds ``in-port-sink-multiplier`` times its defence (docs/rulings.md
R-CMB-05; reference/vitp.md §4.4 [R]): a ship so damaged in port may still sail (docs/rulings.md, the save checks)."""


@dataclass(frozen=True)
class UnitRow:
    """One of the player's units in the selection: its legal orders now, and what the player should know.

    ``warning`` marks a damaged or disabled unit (with the rule that bears on it); ``blocked`` is the engine's
    refusal (rule and message) when it has no legal order now."""

    name: str
    label: str
    orders: tuple[Order, ...]
    warning: str = ""
    blocked: str = ""
    damage: int = 0
    defence: int | None = None
    disabled: bool = False


@dataclass(frozen=True)
class Stack:
    """The units of one place (a port, a sea area, or the places an arriving unit may choose from)."""

    place: str
    units: tuple[UnitRow, ...]

    @property
    def orderable(self) -> tuple[UnitRow, ...]:
        return tuple(u for u in self.units if u.orders)


@dataclass(frozen=True)
class Choice:
    """One order the engine allows every unit of a selection: ``how`` (the mode, the route) to ``place``, one order
    per unit, and the speed roll it needs (``note``, empty if none)."""

    place: str
    how: str
    orders: tuple[Order, ...]
    note: str = ""

    @property
    def label(self) -> str:
        return f"{self.how}{f' · {self.note}' if self.note else ''}"


def unit_of(order: Order) -> str:
    """The unit an order names ("" for the orders naming none: the announcement of the attack ...)."""
    return str(getattr(order, "unit", ""))


def shape(order: Order) -> str:
    """An order without its unit: two units given the same shape go to the same place the same way."""
    return json.dumps({k: v for k, v in order.model_dump(mode="json").items() if k != "unit"}, sort_keys=True)


def destination(order: Order) -> str:
    """Where an order sends its unit (the last area of a move, the port of a return ...)."""
    if isinstance(order, Move):
        return order.path[-1]
    if isinstance(order, PlaceAir | PlaceSubmarine | PlaceSurfaceRaider):
        return order.area
    if isinstance(order, PlaceReinforcement):
        return order.place
    if isinstance(order, ReturnToPort):
        return order.port
    if isinstance(order, DeferReinforcement):
        return "the reserve"
    return describe(order)


def how(order: Order) -> str:
    """The mode of an order in the games' words, with the route of a move of several areas."""
    if isinstance(order, Move):
        verb = {"patrol": "patrol", "raid": "raid", "landing": "landing"}[order.mode]
        return f"{verb} via {' → '.join(order.path[:-1])}" if len(order.path) > 1 else verb
    words = {PlaceAir: "air strike", PlaceSubmarine: "submarine", PlaceSurfaceRaider: "surface raider",
             PlaceReinforcement: "arrive", DeferReinforcement: "keep in reserve", ReturnToPort: "return to port"}
    return words.get(type(order), describe(order))


# --------------------------------------------------------------------------- the units


def unit_free_orders(legal: list[Order]) -> list[Order]:
    """The legal orders that name no unit (early war: the announcement, the Pearl Harbor force's choice)."""
    return [o for o in legal if not unit_of(o)]


def stacks(data: CampaignData, view: CampaignView, advice: OrderAdvice, legal: list[Order]) -> list[Stack]:
    """The seated player's units with a legal order now, and, in a move phase, his damaged or disabled units
    without one, grouped by place in the order the engine lists their orders (the units without an order last in
    their place).  ``view`` is the deciding player's."""
    by_unit: dict[str, list[Order]] = {}
    for order in legal:
        if unit_of(order):
            by_unit.setdefault(unit_of(order), []).append(order)
    rows: dict[str, list[UnitRow]] = {}
    for name, orders in by_unit.items():
        seen = view.unit(name)
        rows.setdefault(place_of(seen, orders), []).append(unit_row(data, advice, seen, orders))
    mode = MODE_OF_PHASE.get(view.phase)  # a move is what a damaged ship's player may look for
    movers = (frozenset({UnitType.AMPH}) if mode is Mode.LANDING else MOVING_TYPES) if mode else frozenset()
    for seen in view.units.values():  # only those that make this phase's moves (R-UI-131: not LBA in landings)
        if data.units[seen.name].type in movers and seen.commander is view.player and seen.name not in by_unit \
                and (seen.damage or seen.disabled) and seen.status in (UnitStatus.PORT, UnitStatus.SEA):
            rows.setdefault(place_of(seen, []), []).append(unit_row(data, advice, seen, []))
    return [Stack(place, tuple(units)) for place, units in rows.items()]


def place_of(us: UnitView, orders: list[Order]) -> str:
    """The place a unit is listed under: its port or sea area, or, arriving, the places its orders may put it."""
    if us.status is UnitStatus.AWAITING:
        places = list(dict.fromkeys(destination(o) for o in orders))
        return f"arriving: {' or '.join(places)}" if places else "arriving"
    if us.place is None and us.status is UnitStatus.PORT:
        return "the submarine reserve"  # a submarine between turns waits off the map (R-OPS-04), not in a port
    return us.place or us.status.value


def unit_row(data: CampaignData, advice: OrderAdvice, us: UnitView, orders: list[Order]) -> UnitRow:
    unit = data.units[us.name]
    marks = f" [-{us.damage}]" if us.damage else ""
    marks += " DISABLED" if us.disabled else ""
    label = f"{us.name} · {unit.nation} {unit.type.value} {counter_label(unit)}{marks}"
    blocked = ""
    if not orders:
        refused = advice.refusal(us.name)
        blocked = refused if refused is not None else "no order this phase"
    return UnitRow(us.name, label, tuple(orders), damage_warning(data, us), blocked, us.damage, unit.defence,
                   us.disabled)


def damage_warning(data: CampaignData, us: UnitView) -> str:
    """What a damaged or disabled unit's player should know before ordering it, with the rules."""
    notes = []
    if us.disabled:
        notes.append(f"{us.name} is disabled this turn (VITP 4.4, 4.8)")
    if us.damage:
        defence = data.units[us.name].defence
        sinks = f"; at sea it sinks if its damage exceeds its defence {defence} ({SINKING_RULE})" \
            if defence is not None else ""
        if defence is not None and us.status is UnitStatus.PORT:
            floats = defence * data.constant_number("in-port-sink-multiplier")
            sinks += f"; in port up to {floats} ({PORT_SINKING_RULE})"
        notes.append(f"{us.name} carries {us.damage} damage point{'s' if us.damage > 1 else ''}{sinks}")
    return "; ".join(notes)


def warnings_text(rows: list[UnitRow]) -> str:
    """The warnings of the selected units: each one's for one or two, else the damage in one line."""
    marked = [r for r in rows if r.warning]
    if len(marked) <= 2:
        return "; ".join(r.warning for r in marked)
    damaged = ", ".join(f"{r.name} {r.damage}/{r.defence}" for r in marked if r.damage)
    disabled = [r.name for r in marked if r.disabled]
    said = [f"damage/defence {damaged}: at sea a unit sinks when its damage exceeds its defence ({SINKING_RULE})"]
    return "; ".join(said + ([f"disabled: {', '.join(disabled)} (VITP 4.4, 4.8)"] if disabled else []))


# --------------------------------------------------------------------------- the destinations


def choices(advice: OrderAdvice, units: list[UnitRow]) -> list[Choice]:
    """The orders the engine allows every one of ``units`` (those with legal orders), one per unit, in the order
    listed for the first; each with the speed roll it needs."""
    orderable = [u for u in units if u.orders]
    if not orderable:
        return []
    by_shape = [{shape(o): o for o in u.orders} for u in orderable]
    common = [s for s in by_shape[0] if all(s in other for other in by_shape[1:])]
    out = []
    for key in common:
        orders = tuple(shapes[key] for shapes in by_shape)
        out.append(Choice(destination(orders[0]), how(orders[0]), orders, roll_note(advice, orders)))
    return out


def by_place(options: list[Choice]) -> dict[str, list[Choice]]:
    """The choices grouped by destination, places in the order first listed."""
    grouped: dict[str, list[Choice]] = {}
    for choice in options:
        grouped.setdefault(choice.place, []).append(choice)
    return grouped


def roll_note(advice: OrderAdvice, orders: tuple[Order, ...]) -> str:
    """``speed roll 1-2 (WAS 3.1; else stays in port)``: the faces of the speed roll the engine's plan of these
    moves needs (``1-5 Dunkerque and 6 more; 1-2 Bretagne, Provence`` when their speeds differ; the area rolled
    into when it is not the last), or ``""``."""
    rolls = [r for r in (advice.speed_roll(o) for o in orders if isinstance(o, Move)) if r is not None]
    if not rolls:
        return ""
    faces: dict[str, list[str]] = {}  # faces -> the units rolling for them
    for roll in rolls:
        faces.setdefault(faces_text(list(roll.faces)), []).append(roll.unit)
    first = rolls[0]
    said = next(iter(faces)) if len(faces) == 1 and len(rolls) == len(orders) \
        else "; ".join(f"{text} {_names(units)}" for text, units in faces.items())
    where = f" into {first.into}" if first.into is not None else ""
    return f"speed roll{where} {said} ({first.rule}; {first.failure})"


def _names(units: list[str]) -> str:
    """``Nelson, Rodney`` or ``Nelson and 4 more``."""
    return ", ".join(units) if len(units) <= 3 else f"{units[0]} and {len(units) - 1} more"


def faces_text(faces: list[int]) -> str:
    """``1-3`` or ``1-2, 4`` (``none`` for no face)."""
    if not faces:
        return "no face"
    runs: list[list[int]] = []
    for face in faces:
        if runs and face == runs[-1][-1] + 1:
            runs[-1].append(face)
        else:
            runs.append([face])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def orderable_count(legal: list[Order]) -> tuple[int, int]:
    """(units the player could still give an order, orders naming no unit) among the legal orders."""
    return len({unit_of(o) for o in legal if unit_of(o)}), len(unit_free_orders(legal))


def end_question(phase: str, legal: list[Order]) -> str | None:
    """The question before ending a phase in which orders remain possible, or ``None``."""
    units, free = orderable_count(legal)
    if not units and not free:
        return None
    parts = [f"{units} unit{'s' if units != 1 else ''} could still be given orders"] if units else []
    parts += [f"{free} other order{'s' if free != 1 else ''} could still be given"] if free else []
    unsaved = sum(1 for o in legal if isinstance(o, DeferReinforcement))
    lost = (f" {unsaved} U-Boat reinforcement{'s' if unsaved != 1 else ''} not kept in reserve "
            f"{'are' if unsaved != 1 else 'is'} lost: the fleet is at full strength (002 §4.4, R-OPS-47)."
            if unsaved else "")
    return f"End your {phase} phase? {' and '.join(parts)}.{lost}"


def matches(row: UnitRow, place: str, wanted: str) -> bool:
    """Whether a unit row (in ``place``) is kept by the filter text ``wanted`` (case-folded)."""
    return not wanted or wanted in row.label.casefold() or wanted in place.casefold()


def listing_moment(view: CampaignView) -> tuple[int, str, str]:
    """Turn, phase and player of the decision in ``view``: when it changes, the selection and the filter start
    afresh."""
    return view.turn, view.phase.value, view.decider.value if view.decider else ""
