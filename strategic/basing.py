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

import networkx as nx

from scenarios.models import Activity, Condition, Owner, PortKind, Theatre, UnitType
from strategic import neutral
from strategic.events import OilRoll, Repaired, UnitFrozen, UnitLost, UnitRemoved, UnitReturned
from strategic.order_rule import ChoiceRule
from strategic.orders import IllegalOrder, ReturnToPort
from strategic.state import Phase, UnitState, UnitStatus

if TYPE_CHECKING:
    from scenarios.models import Unit
    from strategic.campaign import Campaign

ATLANTIC = frozenset({"North Atlantic", "South Atlantic", "Caribbean", "Cape of Good Hope"})


@dataclass(frozen=True)
class ReturnOption:
    """A port a unit at sea may return to, and how: ``touch`` (the port touches the area), ``transfer`` (002
    §3.33, into the other game), ``oil`` (German oil roll to Germany; a failure ends in Neutral Country)."""

    port: str
    how: str
    rule: str


PRE_WAR_PORTS: dict[str, tuple[str, ...]] = {
    "AU": ("Australia",),  # 002 §5.511
    "NL": ("Singapore",),  # 002 §5.512
    "US": ("Samoa", "Pearl Harbor"),  # 002 §5.513 (ships)
    "JP": ("Yokosuka Navy Yard", "Truk", "Saigon"),  # 002 §5.514 (ships and units; Saigon if friendly)
}


def pre_war_ports(campaign: Campaign, us: UnitState) -> tuple[str, ...] | None:
    """Early-war start, Japan not yet attacking at the end of the turn: the only ports a unit at sea in VITP may
    return to (002 §5.51), whatever the distance (R-OPS-24); ``None`` if the rule does not apply to it."""
    if not campaign.early_war or campaign.pacific_at_war or us.place is None:
        return None
    if campaign.place_theatre(us.place) is not Theatre.VITP:
        return None
    unit = campaign.unit_record(us.name)
    ports = PRE_WAR_PORTS.get(unit.nation)
    if ports is None or (unit.nation != "JP" and not unit.type.is_ship):
        return None
    return ports


def return_options(campaign: Campaign, us: UnitState, *, early: bool = False) -> list[ReturnOption]:
    """Every legal end-of-turn destination of a unit at sea, in a stable order; empty: the unit is lost.

    A unit at sea in a VITP area that touches no port it may use returns to the nearest ones it may use, or to the
    port it sailed from (R-OPS-21).  Before Japan's attack in the early-war start the Pacific navies return only to
    the ports of 002 §5.51 (R-OPS-24).  ``early``: as a unit leaving a battle (it returns early, so it may not
    change games: 002 §3.33), whether or not it has been marked so yet.
    """
    data, state = campaign.data, campaign.state
    unit = campaign.unit_record(us.name)
    area = us.place
    assert area is not None and us.status is UnitStatus.SEA
    if unit.type is UnitType.CONVOY:  # R-OPS-41: a convoy that did not arrive turns back to where it assembled
        home = "United States"
        return [ReturnOption(home, "convoy", "WAS §5 convoys (R-OPS-41)")] if campaign.can_base(unit, us, home) else []
    pre_war = pre_war_ports(campaign, us)
    if pre_war is not None:
        return [ReturnOption(p, "pre-war", "002 §5.51") for p in pre_war if campaign.can_base(unit, us, p)]
    options: list[ReturnOption] = []
    for port in campaign.board.ports_on(area):
        if campaign.can_base(unit, us, port) and neutral.chosen_return_allowed(campaign, us, port):
            options.append(ReturnOption(port, "touch", "002 §3.246; WAS 5.7; VITP 17.31"))
    if unit.type.sails_as_ship and not (us.returned_early or early):  # raiders too (002 §2.212, R-OPS-44)
        for ret in campaign.board.returns_from(area, unit.nation):
            if ret.only_if is Condition.PORT_FRIENDLY and not campaign.port_friendly(ret.port, us.side):
                continue
            if ret.only_if is Condition.PEARL_HARBOR_JAPANESE and state.port_owners.get("Pearl Harbor") != "axis":
                continue
            if ret.only_if is None and ret.port == "Pearl Harbor" and not campaign.port_friendly(ret.port, us.side):
                continue
            if campaign.can_base(unit, us, ret.port) and ret.port not in [o.port for o in options]:
                options.append(ReturnOption(ret.port, "transfer", ret.source))
    if (not options and unit.nation == "DE" and unit.type.sails_as_ship and area in ATLANTIC
            and data.areas[area].theatre is Theatre.WAS and campaign.can_base(unit, us, "Germany")):
        options.append(ReturnOption("Germany", "oil", "WAS 3.4 (oil roll)"))
    if not any(o.how == "touch" for o in options) and data.areas[area].theatre is Theatre.VITP:
        options += [o for o in _far_options(campaign, unit, us) if o.port not in [p.port for p in options]]
    return options


def _far_options(campaign: Campaign, unit: Unit, us: UnitState) -> list[ReturnOption]:
    """R-OPS-21: the port it sailed from, then the nearest usable VITP ports and bases (fewest sea areas)."""
    area = us.place
    assert area is not None
    rule = "VITP 17.31 (R-OPS-21)"
    out = []
    if us.sailed_from in campaign.data.ports and campaign.can_base(unit, us, us.sailed_from):
        out.append(ReturnOption(us.sailed_from, "far", rule))
    usable = [p for p, r in campaign.data.ports.items() if r.theatre is Theatre.VITP and campaign.place_played(p)
              and campaign.can_base(unit, us, p)]
    distances: dict[str, int] = {}
    for port in usable:
        try:
            distances[port] = campaign.board.distance(port, area, unit.nation)
        except nx.NetworkXNoPath:
            continue
    if distances:
        nearest = min(distances.values())
        out += [ReturnOption(p, "far", rule) for p in usable if distances.get(p) == nearest and p != us.sailed_from]
    return out


@dataclass(frozen=True)
class ReturnPlan:
    """A verified return to port: the unit and the way home it takes."""

    unit: str
    option: ReturnOption


class ReturnRule(ChoiceRule[ReturnToPort, ReturnPlan]):
    """002 §3.246: in the return phase a unit at sea (not a submarine) is brought back to one of its
    :func:`return_options`."""

    kind = ReturnToPort
    phases = frozenset({Phase.RETURN})

    def choices(self, campaign: Campaign, player: str, us: UnitState) -> dict[ReturnToPort, ReturnPlan]:
        campaign.require_commander(us, player)
        if campaign.state.phase not in self.phases:
            raise IllegalOrder("002 §3.246", "units return to port in the return phase")
        if us.status is not UnitStatus.SEA or campaign.unit_record(us.name).type is UnitType.SS:
            raise IllegalOrder("002 §3.246", f"{us.name} is not a unit at sea that returns to a port")
        campaign.require_active(us)
        choices: dict[ReturnToPort, ReturnPlan] = {}
        for option in return_options(campaign, us):
            choices.setdefault(ReturnToPort(unit=us.name, port=option.port), ReturnPlan(us.name, option))
        return choices

    def refusal(self, campaign: Campaign, us: UnitState, order: ReturnToPort,
                choices: dict[ReturnToPort, ReturnPlan]) -> IllegalOrder:
        return _refusal(campaign, us, order.port, [plan.option for plan in choices.values()])

    def apply(self, campaign: Campaign, plan: ReturnPlan) -> None:
        execute_return(campaign, campaign.state.unit(plan.unit), plan.option)


def _refusal(campaign: Campaign, us: UnitState, port: str, options: list[ReturnOption]) -> IllegalOrder:
    """Why ``us`` may not return to ``port`` (its legal ``options`` are elsewhere)."""
    if pre_war_ports(campaign, us) is not None:
        return IllegalOrder("002 §5.51", f"before Japan attacks, {us.name} may return only to "
                            + " or ".join(o.port for o in options))
    if port in campaign.board.returns_from(us.place or "", campaign.unit_record(us.name).nation) \
            and us.returned_early:
        return IllegalOrder("002 §3.33", "a ship that returned to port early may not change games")
    legal = ", ".join(o.port for o in options) or "none: the unit will be lost"
    return IllegalOrder(_why_not(campaign, us, port), f"{us.name} may not return to {port} (legal: {legal})")


def _why_not(campaign: Campaign, us: UnitState, port: str) -> str:
    """The rule that forbids basing at ``port``: the first violated limit, or the generic return rule."""
    if port in campaign.data.ports:
        broken = campaign.violations(campaign.unit_record(us.name), port, Activity.BASE, us.side)
        if broken:
            return broken[0].rule.split(":")[0]
        if not neutral.chosen_return_allowed(campaign, us, port):
            return neutral.REFUGE_RULE
        if campaign.state.port_owners[port] in (us.side.value, Owner.NEUTRAL) \
                and (closing := closing_refusal(campaign, port)) is not None:
            return f"WAS 2.3 ({closing})"
        if not campaign.port_friendly(port, us.side):
            return "WAS 5.7 / VITP 17.31 (port not friendly)"
    return "002 §3.246 / VITP 17.31"


def execute_return(campaign: Campaign, us: UnitState, option: ReturnOption) -> None:
    port = option.port
    if option.how == "oil":
        success = campaign.data.constant_faces("oil-roll-success")
        face = campaign.dice.d6(label=f"oil roll {us.name}", rule="WAS 3.4")
        if face not in success:
            port = "Neutral Country"
        campaign.log(OilRoll, "WAS 3.4", unit=us.name, face=face, port=port)
    us.status, us.place, us.mode = UnitStatus.PORT, port, None
    campaign.log(UnitReturned, option.rule, unit=us.name, port=port)
    if (option.how == "transfer" and port == "Pearl Harbor" and campaign.early_war and not campaign.pacific_at_war
            and campaign.unit_record(us.name).nation == "US" and us.name not in campaign.state.war.frozen):
        campaign.state.war.frozen.append(us.name)  # 002 §5.54: joins the Pearl Harbor group
        campaign.log(UnitFrozen, "002 §5.54", unit=us.name)


def lose_at_sea(campaign: Campaign, us: UnitState) -> None:
    """A unit with no port to return to is lost (War at Sea: case W-01)."""
    us.status, us.place, us.mode = UnitStatus.REMOVED, None, None
    campaign.log(UnitLost, "WAS 5.7 (case W-01)", unit=us.name)


def default_choice(us: UnitState, options: list[ReturnOption]) -> ReturnOption:
    """The return nobody chose: to the port ``us`` sailed from if it is among ``options``, else the first."""
    return next((o for o in options if o.port == us.sailed_from), options[0])


def default_return(campaign: Campaign, us: UnitState, port: str | None = None) -> None:
    """Return a unit nobody ordered home, or one leaving a battle to the ``port`` its player chose there
    (R-OPS-48): to that port if it is still legal, else as :func:`default_choice`; with no port it is lost."""
    options = return_options(campaign, us)
    if not options:
        lose_at_sea(campaign, us)
        return
    chosen = next((o for o in options if o.port == port), None) or default_choice(us, options)
    execute_return(campaign, us, chosen)


def retreat_ports(campaign: Campaign, us: UnitState) -> list[str]:
    """The ports a unit leaving a battle at sea (withdrawn or disabled) may choose among: its return options as a
    unit that returned early (R-OPS-48)."""
    return list(dict.fromkeys(o.port for o in return_options(campaign, us, early=True)))


def intern_in_closed_ports(campaign: Campaign) -> None:
    """Start of the turn: a port that stops being active this turn (France from turn 7, WAS 2.3) interns every
    unit still in it, as it would a ship returning there at the end of its last active turn (reference/was.md §1.3
    [S]; R-OPS-46)."""
    state = campaign.state
    for name in campaign.data.ports:
        if campaign.port_active(name) or not campaign.port_active(name, state.turn - 1):
            continue
        for us in state.units_at(name, status=UnitStatus.PORT):
            us.status, us.place, us.mode = UnitStatus.REMOVED, None, None
            campaign.log(UnitRemoved, "WAS 2.3 (R-OPS-46)", unit=us.name, why="interned", port=name)


def closing_refusal(campaign: Campaign, port: str) -> str | None:
    """Why ``port`` takes no ship now or at the end of this turn because it is (or is about to be) inactive (WAS
    2.3), in words; ``None`` if it is active now and next turn."""
    active = campaign.data.ports[port].active
    turn = campaign.state.turn
    if turn < active.from_turn:
        return f"{port} is not an active port before turn {active.from_turn}"
    if turn > active.until_turn:
        return f"{port} closed after turn {active.until_turn}"
    if turn == active.until_turn and turn < campaign.setup.last_turn:
        return (f"{port} closes after turn {active.until_turn}: a ship returning there now would be interned "
                "(R-OPS-46)")
    return None


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
            campaign.log(Repaired, "002 §3.241", unit=us.name, points=fixed, port=port_name, damage=us.damage)
