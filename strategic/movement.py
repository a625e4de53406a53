"""Patrol, raid and landing moves: distances, speed rolls, control blocking, theatre transfers.

Sources: War at Sea movement (reference/was.md §3.1: one area free, a second with a speed roll that succeeds
when the die is below the ship's speed; a failed roll keeps the ship in port); VITP 6.221-6.23 and 17.32
(reference/vitp.md §3.2: the distance table by nationality and mode); 002 §3.24, §3.244 (raiding is VITP only),
§3.33-3.343 (moving between the games), §3.22 (no British entry into Japanese-controlled areas before VITP).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from scenarios.models import Activity, Theatre, UnitType
from scenarios.names import side_words
from strategic import convoys
from strategic.basing import closing_refusal
from strategic.events import MoveCutShort, SpeedRoll, UnitMoved
from strategic.order_rule import OrderRule, passes
from strategic.orders import IllegalOrder, Move
from strategic.state import Mode, Phase, UnitState, UnitStatus

if TYPE_CHECKING:
    from strategic.campaign import Campaign

MOVING_TYPES = frozenset(
    {UnitType.BB, UnitType.BC, UnitType.PB, UnitType.CV, UnitType.CVL, UnitType.CA, UnitType.CL, UnitType.RAIDER,
     UnitType.CONVOY}  # convoys along their routes only (strategic.convoys, R-OPS-40)
)

# 002 §3.341-3.343: the only moves from game to game, as (port, path) -> allowed nations (None: any nation the
# area limits admit) and where a ship that fails its speed roll ends.
TRANSFER_ROUTES: dict[tuple[str, tuple[str, str]], tuple[frozenset[str] | None, str, str]] = {
    ("Neutral Country", ("Cape of Good Hope", "Bay of Bengal")): (None, "raider", "002 §3.341"),
    ("Malta", ("Mediterranean", "Bay of Bengal")): (frozenset({"UK", "FR"}), "raider", "002 §3.341"),
    ("Ceylon", ("Bay of Bengal", "Cape of Good Hope")): (
        frozenset({"JP", "DE", "FR", "UK"}), "Neutral Country", "002 §3.342"),
    ("Ceylon", ("Bay of Bengal", "Mediterranean")): (frozenset({"UK", "FR"}), "Malta", "002 §3.342"),
}


@dataclass(frozen=True)
class MovePlan:
    """A verified move: where each speed roll falls and what a failure does."""

    unit: str
    origin: str
    path: tuple[str, ...]
    mode: Mode
    free_areas: int  # areas entered without a speed roll
    roll_theatre: Theatre | None  # theatre whose speed-roll rule applies (None: no roll needed)
    on_failure: str  # "port" | "stop" | "raider" | a port name
    rule: str


def max_free_and_total(nation: str, mode: Mode, theatre: Theatre) -> tuple[int, int]:
    """(areas without a speed roll, most areas) for a move (reference/vitp.md §3.2 table; WAS §3.1)."""
    if mode is Mode.RAID:
        if nation in ("JP", "US"):
            return 2, 3  # VITP 6.222, 6.23 (US 17.13)
        return 1, 2  # VITP 6.223, 17.32: British, Dutch, Australian; French and German as the British
    return 1, 2  # patrol (WAS 3.1, VITP 6.221) and landing (R-OPS-03)


ONWARD_RULE = "VITP 18 (R-PAC-19)"
MUST_FIGHT_AREAS = frozenset({"Central Pacific Ocean"})
"""reference/vitp.md §5.6 [S]: a Location Uncertain group that appears here with the enemy must fight (R-PAC-19)."""

MODE_OF_PHASE = {Phase.PATROL: Mode.PATROL, Phase.RAID: Mode.RAID, Phase.LANDING: Mode.LANDING}
MODES = {"patrol": Mode.PATROL, "raid": Mode.RAID, "landing": Mode.LANDING}


class MoveRule(OrderRule[Move, MovePlan]):
    """A patrol, raid or landing move (002 §3.24): :func:`plan_move`, then :func:`execute_move`."""

    kind = Move
    phases = frozenset(MODE_OF_PHASE)

    def verify(self, campaign: Campaign, player: str, order: Move) -> MovePlan:
        return plan_move(campaign, player, order)

    def apply(self, campaign: Campaign, plan: MovePlan) -> None:
        execute_move(campaign, plan)

    def legal(self, campaign: Campaign, player: str, us: UnitState) -> list[Move]:
        return list(self.iter_legal(campaign, player, us))

    def iter_legal(self, campaign: Campaign, player: str, us: UnitState) -> Iterator[Move]:
        """The candidates :func:`plan_move` accepts, the unit's readiness (:func:`_ready`, the same for every path
        of one mode) checked once per mode rather than once per path, and each sea area's limits once for all its
        paths (``allowed``: the areas found allowed so far, R-PERF-07; issue 18: the campaign's hot path).  Nothing
        changes the state while one listing is taken (:func:`~strategic.rulebook.legal_orders` lists them all
        before any is given), so ``allowed`` lives as long as this generator."""
        ready: dict[str, str | None] = {}
        allowed: set[str] = set()
        for order in self.candidates(campaign, player, us):
            if order.mode not in ready:
                try:
                    ready[order.mode] = _ready(campaign, player, us, MODES[order.mode])
                except IllegalOrder:
                    ready[order.mode] = None
            origin = ready[order.mode]
            if origin is not None and passes(_plan_from, campaign, us, order, origin, allowed):
                yield order

    def candidates(self, campaign: Campaign, player: str, us: UnitState) -> list[Move]:
        mode = MODE_OF_PHASE[campaign.state.phase]
        if us.name in campaign.state.war.appeared:
            if not passes(ready_to_move_on, campaign, player, us, mode):
                return []
            assert us.place is not None
            nation = campaign.unit_record(us.name).nation
            return [Move(unit=us.name, path=path, mode="raid") for path in onward_paths(campaign, us.place, nation)]
        if not passes(ready_to_sail, campaign, player, us, mode):
            return []
        assert us.place is not None
        if campaign.unit_record(us.name).type is UnitType.CONVOY:
            return [Move(unit=us.name, path=path) for path in convoys.ROUTES]
        paths = candidate_paths(campaign, us.place, campaign.unit_record(us.name).nation, mode)
        return [Move(unit=us.name, path=path, mode=mode.value) for path in paths]  # type: ignore[arg-type]


def plan_move(campaign: Campaign, player: str, order: Move) -> MovePlan:
    """Verify ``order`` for ``player`` in the current phase; raises :class:`IllegalOrder` naming the rule."""
    us = campaign.state.unit(order.unit)
    return _plan_from(campaign, us, order, _ready(campaign, player, us, MODES[order.mode]))


def _ready(campaign: Campaign, player: str, us: UnitState, mode: Mode) -> str:
    """Where ``us`` moves from on a ``mode`` move now (a unit that appeared at sea this turn moves on from where it
    appeared); raises :class:`IllegalOrder` if it may not move."""
    if us.name in campaign.state.war.appeared:
        return ready_to_move_on(campaign, player, us, mode)
    return ready_to_sail(campaign, player, us, mode)


def _plan_from(campaign: Campaign, us: UnitState, order: Move, origin: str,
               allowed: set[str] | None = None) -> MovePlan:
    """:func:`plan_move` once the unit may move from ``origin`` (:func:`_ready`); ``allowed`` as for
    :func:`_require_entries`."""
    if us.name in campaign.state.war.appeared:
        return _plan_onward(campaign, us, origin, order.path)
    _require_path(campaign, order.path)
    return _plan_route(campaign, us, origin, order.path, MODES[order.mode], allowed)


def ready_to_sail(campaign: Campaign, player: str, us: UnitState, mode: Mode) -> str:
    """The port ``us`` sails from on a ``mode`` move now; raises :class:`IllegalOrder` if it may not sail."""
    state = campaign.state
    unit = campaign.unit_record(us.name)
    campaign.require_commander(us, player)
    campaign.require_active(us)
    expected_phase = mode.value  # each mode has its phase of the same name
    if state.phase.value != expected_phase:
        raise IllegalOrder("002 §3.24", f"{mode.value} moves are made in the {expected_phase} phase, not {state.phase}")
    if mode is Mode.LANDING:
        if unit.type is not UnitType.AMPH:
            raise IllegalOrder("002 §3.243", f"{unit.name} is not a marine unit")
    elif unit.type not in MOVING_TYPES:
        raise IllegalOrder("002 §3.24", f"{unit.name} ({unit.type}) does not move as a ship")
    if unit.type is UnitType.RAIDER and state.turn == 1:
        raise IllegalOrder("002 §2.211", f"on turn 1 {unit.name} is placed, not moved")
    if us.disabled:  # disabled in port by an air raid or surprise attack (combat.apply_outcome, VITP 4.8)
        raise IllegalOrder("VITP 6.1 / WAS 3.1", f"{unit.name} is disabled: it was disabled in a battle this turn "
                           "and is not ready to sail until the next turn")
    if us.status is not UnitStatus.PORT or us.place is None or us.moved:
        raise IllegalOrder("VITP 6.1 / WAS 3.1", f"{unit.name} is not in port ready to sail")
    campaign.require_not_frozen(us)
    if not campaign.port_active(us.place):
        raise IllegalOrder("WAS 2.3", f"{us.place} is not an active port this turn"
                           + (f" ({closing})" if (closing := closing_refusal(campaign, us.place)) else ""))
    return us.place


def ready_to_move_on(campaign: Campaign, player: str, us: UnitState, mode: Mode) -> str:
    """The sea area a unit of a Location Uncertain group that appeared there this turn moves on from, as a raider
    in its side's raid phase (reference/vitp.md §5.6 [S], R-PAC-19); raises :class:`IllegalOrder` if it may not."""
    campaign.require_commander(us, player)
    campaign.require_active(us)
    if mode is not Mode.RAID or campaign.state.phase is not Phase.RAID:
        raise IllegalOrder(ONWARD_RULE, f"{us.name} appeared at sea this turn: it may move on only as a raider, "
                           "in the raid phase")
    if us.status is not UnitStatus.SEA or us.place not in campaign.data.areas:
        raise IllegalOrder(ONWARD_RULE, f"{us.name} is not at sea where its group appeared")
    if us.disabled:
        raise IllegalOrder(ONWARD_RULE, f"{us.name} is disabled and does not move again this turn")
    enemy = campaign.enemy_of(us.side)
    if us.place in MUST_FIGHT_AREAS and any(
            e.side is enemy and e.status is UnitStatus.SEA and e.inactive_until is None
            for e in campaign.state.units_at(us.place)):
        raise IllegalOrder("reference/vitp.md §5.6 (R-PAC-19)", f"{us.name} appeared in the {us.place} with enemy "
                           "units there: it must fight")
    return us.place


def _plan_onward(campaign: Campaign, us: UnitState, origin: str, path: tuple[str, ...]) -> MovePlan:
    """R-PAC-19: the move on from ``origin`` counts the area the group appeared in as the first area of a raid
    move (VITP 6.222: the US raid table less one), with the usual borders, control and speed roll."""
    unit = campaign.unit_record(us.name)
    _require_path(campaign, (origin, *path))
    if any(campaign.data.areas[a].theatre is not Theatre.VITP for a in path):
        raise IllegalOrder("002 §3.244", "raid moves are not allowed in War at Sea")
    free, most = max_free_and_total(unit.nation, Mode.RAID, Theatre.VITP)
    free, most = free - 1, most - 1  # the area it appeared in was the first
    if len(path) > most:
        raise IllegalOrder(ONWARD_RULE, f"{unit.name} appeared in the {origin}: it moves on at most {most} more "
                           "sea areas")
    if len(path) > free and unit.speed is None:
        raise IllegalOrder(ONWARD_RULE, f"{unit.name} has no speed factor and cannot make a speed roll")
    if not campaign.board.borders(origin, path[0], unit.nation):
        raise IllegalOrder(ONWARD_RULE, f"{origin} does not border {path[0]}")
    for a, b in pairwise(path):
        if not campaign.board.borders(a, b, unit.nation):
            raise IllegalOrder(ONWARD_RULE, f"{a} does not border {b}")
    _require_entries(campaign, us, path)
    return MovePlan(unit.name, origin, tuple(path), Mode.RAID, free,
                    Theatre.VITP if len(path) > free else None, "stop", ONWARD_RULE)


def onward_paths(campaign: Campaign, origin: str, nation: str) -> list[tuple[str, ...]]:
    """The geometrically possible onward paths from the sea area ``origin`` (R-PAC-19; checked by plan_move)."""
    _, most = max_free_and_total(nation, Mode.RAID, Theatre.VITP)
    paths: list[tuple[str, ...]] = []
    frontier: list[tuple[str, ...]] = [(n,) for n in campaign.board.neighbours(origin, nation)] if most > 1 else []
    while frontier:
        path = frontier.pop()
        paths.append(path)
        if len(path) < most - 1:
            frontier.extend((*path, n) for n in campaign.board.neighbours(path[-1], nation)
                            if n not in path and n != origin)
    return sorted(paths, key=lambda p: (len(p), p))


def _require_path(campaign: Campaign, path: tuple[str, ...]) -> None:
    """WAS 3.1: a path of distinct sea areas."""
    if len(set(path)) != len(path):
        raise IllegalOrder("WAS 3.1", "a move may not enter the same sea area twice")
    for area in path:
        if area not in campaign.data.areas:
            raise IllegalOrder("map", f"'{area}' is not a sea area")


def _plan_route(campaign: Campaign, us: UnitState, origin: str, path: tuple[str, ...], mode: Mode,
                allowed: set[str] | None = None) -> MovePlan:
    """The plan of a move along a path of sea areas, once the unit may sail; raises :class:`IllegalOrder`.
    ``allowed`` as for :func:`_require_entries`."""
    data, unit = campaign.data, campaign.unit_record(us.name)
    theatres = [data.areas[a].theatre for a in path]
    origin_theatre = data.ports[origin].theatre
    _require_split_turn_order(campaign, origin_theatre, mode)
    crosses = any(t is not origin_theatre for t in theatres)
    rule = "WAS 3.1" if origin_theatre is Theatre.WAS else "VITP 6.2"
    on_failure = "stop"
    if crosses:
        on_failure, rule = _transfer(unit.nation, origin, path, mode)
    if mode in (Mode.RAID, Mode.LANDING) and (origin_theatre is Theatre.WAS or Theatre.WAS in theatres):
        raise IllegalOrder("002 §3.244" if mode is Mode.RAID else "002 §3.243",
                           f"{mode.value} moves are not allowed in War at Sea")
    if unit.type is UnitType.CONVOY:
        return _plan_convoy(campaign, us, origin, path, mode, allowed)
    free, most = max_free_and_total(unit.nation, mode, origin_theatre)
    if len(path) > most:
        raise IllegalOrder(rule, f"a {mode.value} move by a {unit.nation} ship reaches at most {most} sea areas")
    if pearl_harbor_strike_move(campaign, unit.nation, origin, path, mode):
        free, rule = len(path), "VITP 18 (R-OPS-20)"  # the strike force reaches Hawaii without a speed roll
    if len(path) > free and unit.speed is None:
        raise IllegalOrder(rule, f"{unit.name} has no speed factor and cannot make a speed roll")
    _require_borders(campaign, unit.nation, origin, path, rule)
    _require_entries(campaign, us, path, allowed)
    if not crosses and on_failure == "stop":
        on_failure = _failure_in_theatre(origin_theatre, mode)
    roll_theatre = theatres[free] if len(path) > free else None
    return MovePlan(unit.name, origin, tuple(path), mode, free, roll_theatre, on_failure, rule)


def _plan_convoy(campaign: Campaign, us: UnitState, origin: str, path: tuple[str, ...], mode: Mode,
                 allowed: set[str] | None = None) -> MovePlan:
    """R-OPS-40: a convoy patrols one of :data:`strategic.convoys.ROUTES` from the United States, with no speed
    roll (it has no speed factor: R-EU-14), and not through enemy-controlled areas (WAS 3.1)."""
    if mode is not Mode.PATROL:
        raise IllegalOrder(convoys.RULE, "convoys sail as patrollers")
    convoys.require_route(origin, path)
    _require_borders(campaign, campaign.unit_record(us.name).nation, origin, path, convoys.RULE)
    _require_entries(campaign, us, path, allowed)
    return MovePlan(us.name, origin, tuple(path), mode, len(path), None, "stop", convoys.RULE)


def _failure_in_theatre(theatre: Theatre, mode: Mode) -> str:
    """What a failed speed roll does to a move inside one game (docs/rulings.md R-PAC-21).

    War at Sea: the ship stays in port (reference/was.md §3.1).  VITP 6.41: a patroller still enters the area it
    was sailing for, but as a raider; VITP 6.42: a raider goes straight back to port (the port it sailed from,
    which is friendly).  A landing keeps R-OPS-03: the unit stops in the last area it reached without a roll."""
    if theatre is Theatre.WAS or mode is Mode.RAID:
        return "port"
    if mode is Mode.PATROL:
        return "raider"
    return "stop"


def _require_split_turn_order(campaign: Campaign, origin_theatre: Theatre, mode: Mode) -> None:
    """002 §3.232, §3.241: on the split first VITP turn War at Sea ships move after the Location Uncertain roll
    and VITP patrollers before the raiders (R-OPS-20)."""
    if not campaign.split_first_vitp_turn:
        return
    if origin_theatre is Theatre.WAS and not campaign.surprise_done:
        raise IllegalOrder("002 §3.232", "War at Sea ships move this turn only after the Location Uncertain "
                           "groups are rolled (R-OPS-20)")
    if origin_theatre is Theatre.VITP and mode is Mode.PATROL and campaign.surprise_done:
        raise IllegalOrder("002 §3.241", "VITP patrollers moved before the raiders (R-OPS-20)")


def _transfer(nation: str, origin: str, path: tuple[str, ...], mode: Mode) -> tuple[str, str]:
    """002 §3.34-3.343: a move into the other game must be one of :data:`TRANSFER_ROUTES`, by a patroller of a
    nation it admits; returns (where a failed speed roll ends, the rule)."""
    route = TRANSFER_ROUTES.get((origin, (path[0], path[1]))) if len(path) == 2 else None
    if route is None:
        raise IllegalOrder("002 §3.343", f"{origin} -> {' -> '.join(path)} is not one of the moves between the games")
    nations, on_failure, rule = route
    if nations is not None and nation not in nations:
        raise IllegalOrder(rule, f"{nation} ships may not make this move between the games")
    if mode is not Mode.PATROL:
        raise IllegalOrder("002 §3.34", "ships move between the games only as patrollers")
    return on_failure, rule


def _require_borders(campaign: Campaign, nation: str, origin: str, path: tuple[str, ...], rule: str) -> None:
    """The path leaves from an area the port touches and crosses borders the nation may cross."""
    if path[0] not in campaign.data.ports[origin].touches:
        raise IllegalOrder(rule, f"{origin} does not touch {path[0]}")
    for a, b in pairwise(path):
        if not campaign.board.borders(a, b, nation):
            limited = " for this nation" if campaign.board.borders(a, b) else ""
            raise IllegalOrder(rule, f"{a} does not border {b}{limited}")


def _require_entries(campaign: Campaign, us: UnitState, path: tuple[str, ...], allowed: set[str] | None = None) -> None:
    """VITP 6.3 / WAS 3.1 (no moving through enemy control), 002 §3.22 and §5.52 (no entering enemy-controlled
    VITP areas before VITP begins or before Japan attacks), and the area limits.  ``allowed``: areas whose limits
    ``us`` already passed in this state (not asked again; the areas passed are added), R-PERF-07."""
    state, data, unit = campaign.state, campaign.data, campaign.unit_record(us.name)
    enemy = campaign.enemy_of(us.side)
    for area in path[:-1]:
        if state.control.get(area) == enemy:
            raise IllegalOrder("VITP 6.3 / WAS 3.1", f"cannot move through {area}: it is enemy-controlled")
    enemy_vitp = [a for a in path if data.areas[a].theatre is Theatre.VITP and state.control.get(a) == enemy]
    if not campaign.vitp_started and us.side.value == "allied" and enemy_vitp:
        raise IllegalOrder("002 §3.22",
                           f"British ships may not enter Japanese-controlled {enemy_vitp[0]} before VITP begins")
    if campaign.early_war and not campaign.pacific_at_war and enemy_vitp:
        raise IllegalOrder("002 §5.52", f"before Japan attacks, {unit.name} may not enter {enemy_vitp[0]}: it is "
                           f"controlled by {side_words(enemy)}")
    for area in path:
        if allowed is None or area not in allowed:
            campaign.require_allowed(unit, area, Activity.AT_SEA, side=us.side)
        if allowed is not None:
            allowed.add(area)


def pearl_harbor_strike_move(campaign: Campaign, nation: str, origin: str, path: tuple[str, ...], mode: Mode) -> bool:
    """VITP 18 [S/I] (reference/vitp.md §5.6): on the first VITP turn of the standard start, Japanese raiders
    sailing from Yokosuka Navy Yard reach the Hawaiian Islands without a speed roll (R-OPS-20)."""
    return (mode is Mode.RAID and nation == "JP" and origin == "Yokosuka Navy Yard" and path[-1] == "Hawaiian Islands"
            and not campaign.early_war and campaign.state.turn == campaign.setup.vitp_first_turn)


def speed_roll_succeeds(campaign: Campaign, speed: int, theatre: Theatre, face: int) -> bool:
    """War at Sea: the die must be below the speed (speed 7 never fails).  VITP: the same, and the faces of
    the ``vitp-speed-roll-always-fails`` constant always fail (docs/rulings.md R-OPS-01)."""
    if face >= speed:
        return False
    if theatre is Theatre.VITP:
        return face not in campaign.data.constant_faces("vitp-speed-roll-always-fails")
    return True


def execute_move(campaign: Campaign, plan: MovePlan) -> None:
    """Apply a verified move, rolling the speed roll if the path needs one."""
    us = campaign.state.unit(plan.unit)
    unit = campaign.unit_record(plan.unit)
    onward = plan.origin in campaign.data.areas  # a Location Uncertain group moving on (R-PAC-19)
    if onward:
        campaign.state.war.appeared.remove(us.name)
    else:
        us.sailed_from = plan.origin
    us.moved = True
    reached = len(plan.path)
    if plan.roll_theatre is not None:
        assert unit.speed is not None
        face = campaign.dice.d6(label=f"speed roll {unit.name} (speed {unit.speed}) into {plan.path[plan.free_areas]}",
                                rule=plan.rule)
        if not speed_roll_succeeds(campaign, unit.speed, plan.roll_theatre, face):
            campaign.log(SpeedRoll, plan.rule, unit=unit.name, face=face, speed=unit.speed, success=False)
            if plan.on_failure == "port":
                us.returned_early = True
                campaign.log(MoveCutShort, plan.rule, unit=unit.name, outcome="stays", place=plan.origin)
                return
            if plan.on_failure == "raider":
                _put_at_sea(campaign, plan, plan.path[-1], Mode.RAID)
                campaign.log(MoveCutShort, plan.rule, unit=unit.name, outcome="raider", place=plan.path[-1])
                return
            if plan.on_failure != "stop":
                us.status, us.place, us.mode, us.returned_early = UnitStatus.PORT, plan.on_failure, None, True
                campaign.log(MoveCutShort, plan.rule, unit=unit.name, outcome="returns", place=plan.on_failure)
                return
            reached = plan.free_areas
            if reached == 0:  # a move on that fails its first roll: the unit stays where it appeared
                us.mode = Mode.PATROL
                campaign.log(MoveCutShort, plan.rule, unit=unit.name, outcome="stays", place=plan.origin)
                return
        else:
            campaign.log(SpeedRoll, plan.rule, unit=unit.name, face=face, speed=unit.speed, success=True)
    _put_at_sea(campaign, plan, plan.path[reached - 1], plan.mode)
    campaign.log(UnitMoved, plan.rule, unit=unit.name, origin=plan.origin, path=list(plan.path[:reached]),
                 mode=plan.mode.value, how="onward" if onward else "convoy" if plan.rule == convoys.RULE else "move")


def _put_at_sea(campaign: Campaign, plan: MovePlan, area: str, mode: Mode) -> None:
    us = campaign.state.unit(plan.unit)
    us.status, us.place, us.mode = UnitStatus.SEA, area, mode


def candidate_paths(campaign: Campaign, origin: str, nation: str, mode: Mode) -> list[tuple[str, ...]]:
    """All geometrically possible paths from ``origin`` for enumeration (legality is checked by plan_move)."""
    board, data = campaign.board, campaign.data
    origin_theatre = data.ports[origin].theatre
    _, most = max_free_and_total(nation, mode, origin_theatre)
    paths: list[tuple[str, ...]] = []
    frontier: list[tuple[str, ...]] = [(a,) for a in data.ports[origin].touches]
    while frontier:
        path = frontier.pop()
        paths.append(path)
        if len(path) < most:
            frontier.extend((*path, n) for n in board.neighbours(path[-1], nation) if n not in path)
    return sorted(paths, key=lambda p: (len(p), p))
