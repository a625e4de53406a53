"""Return to port at the end of the turn, and repairs.

Sources: 002 §3.246 (ships at sea may return to port, also in the other game), §3.33-3.334 (which areas lead to
which ports of the other game, and only for ships still at sea at the end of the turn), §3.42-3.422 and §4.3
(basing limits by nation), §3.241 (repairs are done after the patrol moves); War at Sea 5.7 (return to a friendly
port touching the area; German oil rolls; units with no port to reach are lost: cases W-01, W-05); VITP 17.31
(return to a friendly major port or island base touching the area).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from scenarios.models import Activity, Condition, PortKind, Theatre, UnitType
from strategic.orders import IllegalOrder, ReturnToPort
from strategic.state import UnitState, UnitStatus

if TYPE_CHECKING:
    from strategic.campaign import Campaign

ATLANTIC = frozenset({"North Atlantic", "South Atlantic", "Caribbean", "Cape of Good Hope"})


@dataclass(frozen=True)
class ReturnOption:
    """A port a unit at sea may return to, and how: ``touch`` (the port touches the area), ``transfer`` (002
    §3.33, into the other game), ``oil`` (German oil roll to Germany; a failure ends in Neutral Country)."""

    port: str
    how: str
    rule: str


def return_options(campaign: Campaign, us: UnitState) -> list[ReturnOption]:
    """Every legal end-of-turn destination of a unit at sea, in a stable order; empty: the unit is lost."""
    data, state = campaign.data, campaign.state
    unit = campaign.unit_record(us.name)
    area = us.place
    assert area is not None and us.status is UnitStatus.SEA
    options: list[ReturnOption] = []
    for port in campaign.board.ports_on(area):
        if campaign.can_base(unit, us, port):
            options.append(ReturnOption(port, "touch", "002 §3.246; WAS 5.7; VITP 17.31"))
    if unit.type.is_ship and not us.returned_early:
        for ret in campaign.board.returns_from(area, unit.nation):
            if ret.only_if is Condition.PORT_FRIENDLY and not campaign.port_friendly(ret.port, us.side):
                continue
            if ret.only_if is Condition.PEARL_HARBOR_JAPANESE and state.port_owners.get("Pearl Harbor") != "axis":
                continue
            if ret.only_if is None and ret.port == "Pearl Harbor" and not campaign.port_friendly(ret.port, us.side):
                continue
            if campaign.can_base(unit, us, ret.port) and ret.port not in [o.port for o in options]:
                options.append(ReturnOption(ret.port, "transfer", ret.source))
    if (not options and unit.nation == "DE" and unit.type.is_ship and area in ATLANTIC
            and data.areas[area].theatre is Theatre.WAS and campaign.can_base(unit, us, "Germany")):
        options.append(ReturnOption("Germany", "oil", "WAS 3.4 (oil roll)"))
    return options


def verify_return(campaign: Campaign, player: str, order: ReturnToPort) -> ReturnOption:
    us = campaign.state.unit(order.unit)
    campaign.require_commander(us, player)
    if campaign.state.phase.value != "return":
        raise IllegalOrder("002 §3.246", "units return to port in the return phase")
    if us.status is not UnitStatus.SEA or campaign.unit_record(us.name).type is UnitType.SS:
        raise IllegalOrder("002 §3.246", f"{us.name} is not a unit at sea that returns to a port")
    if us.inactive_until is not None:
        raise IllegalOrder("002 §3.21", f"{us.name} is inactive until turn {us.inactive_until}")
    options = return_options(campaign, us)
    for option in options:
        if option.port == order.port:
            return option
    if order.port in campaign.board.returns_from(us.place or "", campaign.unit_record(us.name).nation) \
            and us.returned_early:
        raise IllegalOrder("002 §3.33", "a ship that returned to port early may not change games")
    legal = ", ".join(o.port for o in options) or "none: the unit will be lost"
    raise IllegalOrder(_why_not(campaign, us, order.port), f"{us.name} may not return to {order.port} (legal: {legal})")


def _why_not(campaign: Campaign, us: UnitState, port: str) -> str:
    """The rule that forbids basing at ``port``: the first violated limit, or the generic return rule."""
    if port in campaign.data.ports:
        broken = campaign.violations(campaign.unit_record(us.name), port, Activity.BASE, us.side)
        if broken:
            return broken[0].rule.split(":")[0]
        if not campaign.port_friendly(port, us.side):
            return "WAS 5.7 / VITP 17.31 (port not friendly)"
    return "002 §3.246 / VITP 17.31"


def execute_return(campaign: Campaign, us: UnitState, option: ReturnOption) -> None:
    port = option.port
    if option.how == "oil":
        success = campaign.data.constant("oil-roll-success")
        face = campaign.dice.d6(label=f"oil roll {us.name}", rule="WAS 3.4")
        if face not in (success if isinstance(success, list) else [success]):
            port = "Neutral Country"
        campaign.log("oil_roll", f"{us.name} oil roll {face}: {port}", "WAS 3.4", unit=us.name, face=face)
    us.status, us.place, us.mode = UnitStatus.PORT, port, None
    campaign.log("return", f"{us.name} returns to {port}", option.rule, unit=us.name, port=port)


def lose_at_sea(campaign: Campaign, us: UnitState) -> None:
    """A unit with no port to return to is lost (War at Sea: case W-01)."""
    us.status, us.place, us.mode = UnitStatus.REMOVED, None, None
    campaign.log("lost", f"{us.name} has no port to return to and is lost", "WAS 5.7 (case W-01)", unit=us.name)


def default_return(campaign: Campaign, us: UnitState) -> None:
    """Return a unit nobody ordered home: to the port it sailed from if legal, else the first legal option."""
    options = return_options(campaign, us)
    if not options:
        lose_at_sea(campaign, us)
        return
    chosen = next((o for o in options if o.port == us.sailed_from), options[0])
    execute_return(campaign, us, chosen)


def repair(campaign: Campaign) -> None:
    """002 §3.241, WAS 6.1: each port repairs up to its capacity in damage points for ships of its side in it,
    the most damaged first (allocation: docs/rulings.md R-OPS-08)."""
    state = campaign.state
    for port_name, port in campaign.data.ports.items():
        if port.repair <= 0 or port.kind is PortKind.NEUTRAL_PORT or not campaign.port_active(port_name):
            continue
        owner = state.port_owners[port_name]
        ships = sorted((u for u in state.units_at(port_name, status=UnitStatus.PORT)
                        if u.damage > 0 and u.side.value == owner),
                       key=lambda u: (-u.damage, u.name))
        points = port.repair
        for us in ships:
            if points <= 0:
                break
            fixed = min(points, us.damage)
            us.damage -= fixed
            points -= fixed
            campaign.log("repair", f"{us.name} repaired {fixed} at {port_name} (damage now {us.damage})", "002 §3.241",
                         unit=us.name, points=fixed)
