"""Orders by selection (issue #17): the player's units grouped in stacks, and the destinations a unit or a stack may
be sent to, all read from the engine's legal orders (:meth:`strategic.campaign.Campaign.legal_orders`).

Nothing here decides what is legal.  A unit is offered when the engine lists an order for it; a destination is
offered to a stack when the engine lists the same order (the unit's name apart) for every unit of it; the speed roll
a move needs is the engine's plan of that move (:func:`strategic.rulebook.verify`, the faces that succeed by
:func:`strategic.movement.speed_roll_succeeds`).  A damaged or disabled unit that the engine gives no order now is
still shown, with the engine's refusal of a move (or placement) for it: the rule that keeps it where it is.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from strategic.campaign import Campaign
from strategic.movement import MODE_OF_PHASE, MovePlan, MoveRule, speed_roll_succeeds
from strategic.order_rule import ChoiceRule
from strategic.orders import (
    DeferReinforcement,
    IllegalOrder,
    Move,
    Order,
    PlaceAir,
    PlaceReinforcement,
    PlaceSubmarine,
    PlaceSurfaceRaider,
    ReturnToPort,
)
from strategic.rulebook import LISTING
from strategic.rulebook import verify as plan_of
from strategic.state import UnitState, UnitStatus
from tui.labels import counter_label
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


def stacks(campaign: Campaign, player: str, legal: list[Order]) -> list[Stack]:
    """The player's units with a legal order now, and, in a move phase, his damaged or disabled units without one,
    grouped by place in the order the engine lists their orders (the units without an order last in their
    place)."""
    by_unit: dict[str, list[Order]] = {}
    for order in legal:
        if unit_of(order):
            by_unit.setdefault(unit_of(order), []).append(order)
    rows: dict[str, list[UnitRow]] = {}
    for name, orders in by_unit.items():
        us = campaign.state.unit(name)
        rows.setdefault(place_of(us, orders), []).append(unit_row(campaign, player, us, orders))
    moving = campaign.state.phase in MODE_OF_PHASE  # a move is what a damaged ship's player may look for
    for us in campaign.state.units.values():
        if moving and us.commander.value == player and us.name not in by_unit and (us.damage or us.disabled) \
                and us.status in (UnitStatus.PORT, UnitStatus.SEA):
            rows.setdefault(place_of(us, []), []).append(unit_row(campaign, player, us, []))
    return [Stack(place, tuple(units)) for place, units in rows.items()]


def place_of(us: UnitState, orders: list[Order]) -> str:
    """The place a unit is listed under: its port or sea area, or, arriving, the places its orders may put it."""
    if us.status is UnitStatus.AWAITING:
        places = list(dict.fromkeys(destination(o) for o in orders))
        return f"arriving: {' or '.join(places)}" if places else "arriving"
    if us.place is None and us.status is UnitStatus.PORT:
        return "the submarine reserve"  # a submarine between turns waits off the map (R-OPS-04), not in a port
    return us.place or us.status.value


def unit_row(campaign: Campaign, player: str, us: UnitState, orders: list[Order]) -> UnitRow:
    unit = campaign.unit_record(us.name)
    marks = f" [-{us.damage}]" if us.damage else ""
    marks += " DISABLED" if us.disabled else ""
    label = f"{us.name} · {unit.nation} {unit.type.value} {counter_label(unit)}{marks}"
    blocked = ""
    if not orders:
        refused = refusal(campaign, player, us)
        blocked = f"{refused}" if refused is not None else "no order this phase"
    return UnitRow(us.name, label, tuple(orders), damage_warning(campaign, us), blocked, us.damage, unit.defence,
                   us.disabled)


def damage_warning(campaign: Campaign, us: UnitState) -> str:
    """What a damaged or disabled unit's player should know before ordering it, with the rules."""
    notes = []
    if us.disabled:
        notes.append(f"{us.name} is disabled this turn (VITP 4.4, 4.8)")
    if us.damage:
        defence = campaign.unit_record(us.name).defence
        sinks = f"; at sea it sinks if its damage exceeds its defence {defence} ({SINKING_RULE})" \
            if defence is not None else ""
        if defence is not None and us.status is UnitStatus.PORT:
            floats = defence * campaign.data.constant_number("in-port-sink-multiplier")
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


def refusal(campaign: Campaign, player: str, us: UnitState) -> IllegalOrder | None:
    """The engine's refusal of the phase's order for a unit it lists no order for: a move in a move phase (to the
    first area its place touches), else the first placement or return rule of the phase that refuses it."""
    phase = campaign.state.phase
    rules = [rule for group in LISTING for rule in group if phase in rule.phases]
    for rule in sorted(rules, key=lambda r: not isinstance(r, MoveRule)):
        try:
            if isinstance(rule, MoveRule):
                rule.verify(campaign, player, Move(unit=us.name, path=(_probe_area(campaign, us),),
                                                   mode=MODE_OF_PHASE[phase].value))  # type: ignore[arg-type]
            elif isinstance(rule, ChoiceRule):
                rule.choices(campaign, player, us)
        except IllegalOrder as exc:
            return exc
    return None


def _probe_area(campaign: Campaign, us: UnitState) -> str:
    """A sea area to ask the engine about a move of ``us`` to."""
    port = campaign.data.ports.get(us.place or "")
    if port is not None and port.touches:
        return port.touches[0]
    return us.place if us.place in campaign.data.areas else next(iter(campaign.data.areas))


# --------------------------------------------------------------------------- the destinations


def choices(campaign: Campaign, player: str, units: list[UnitRow]) -> list[Choice]:
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
        out.append(Choice(destination(orders[0]), how(orders[0]), orders, roll_note(campaign, player, orders)))
    return out


def by_place(options: list[Choice]) -> dict[str, list[Choice]]:
    """The choices grouped by destination, places in the order first listed."""
    grouped: dict[str, list[Choice]] = {}
    for choice in options:
        grouped.setdefault(choice.place, []).append(choice)
    return grouped


def roll_note(campaign: Campaign, player: str, orders: tuple[Order, ...]) -> str:
    """``speed roll 1-2 (WAS 3.1; else stays in port)``: the faces of the speed roll the engine's plan of these
    moves needs (``1-5 Dunkerque and 6 more; 1-2 Bretagne, Provence`` when their speeds differ; the area rolled
    into when it is not the last), or ``""``."""
    plans = [plan_of(campaign, player, o) for o in orders if isinstance(o, Move)]
    rolls = [p for p in plans if isinstance(p, MovePlan) and p.roll_theatre is not None]
    if not rolls:
        return ""
    faces: dict[str, list[str]] = {}  # faces -> the units rolling for them
    for plan in rolls:
        faces.setdefault(faces_text(_succeeding(campaign, plan)), []).append(plan.unit)
    first = rolls[0]
    said = next(iter(faces)) if len(faces) == 1 and len(rolls) == len(orders) \
        else "; ".join(f"{text} {_names(units)}" for text, units in faces.items())
    into = first.path[first.free_areas]
    where = f" into {into}" if into != first.path[-1] else ""
    return f"speed roll{where} {said} ({first.rule}; {_failure(first)})"


def _names(units: list[str]) -> str:
    """``Nelson, Rodney`` or ``Nelson and 4 more``."""
    return ", ".join(units) if len(units) <= 3 else f"{units[0]} and {len(units) - 1} more"


def _succeeding(campaign: Campaign, plan: MovePlan) -> list[int]:
    speed = campaign.unit_record(plan.unit).speed
    assert speed is not None and plan.roll_theatre is not None  # a plan with a roll has a speed (plan_move)
    return [face for face in range(1, 7) if speed_roll_succeeds(campaign, speed, plan.roll_theatre, face)]


def _failure(plan: MovePlan) -> str:
    """What a failed speed roll does (:func:`strategic.movement.execute_move`)."""
    if plan.on_failure == "port":
        return "else stays in port"
    if plan.on_failure == "stop":
        return f"else stops in {plan.path[plan.free_areas - 1]}"
    if plan.on_failure == "raider":
        return f"else raids in {plan.path[-1]}"
    return f"else returns to {plan.on_failure}"


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


def listing_moment(campaign: Campaign, decision: Any) -> tuple[int, str, str]:
    """Turn, phase and player of a decision: when it changes, the selection and the filter start afresh."""
    return campaign.state.turn, campaign.state.phase.value, decision.player.value if decision else ""
