"""Ship movement (000 "Movement Phase: Moving Ships", Agile, Lumbering, Rudder Damaged, Rudder Jammed, Come
About!, Evade!, Create Smoke!, "Tactical Withdrawals").

A :class:`MovePlan` is a list of :class:`Leg`: each turns (degrees, positive to starboard) and then runs straight
(inches).  The rules checked by :func:`verify_move`:

* the whole move is at most the current Flank Speed (halved, rounding up, on Evade!) and at least 1" unless the
  Flank Speed is 0 (a ship slower than 1" moves its whole speed, R-TAC-06); an anchored ship does not move;
* the first leg does not turn; each turn needs a straight run of 2" since the start or the last turn (Agile 1",
  Rudder Damaged 3"; Rudder Damaged wins over Agile, R-TAC-06), and is at most 45 degrees;
* Lumbering: one turn in the move; Come About!: one turn of up to 90 degrees (after the usual straight run,
  R-TAC-06) and no other; Rudder Jammed: no turn ("straight"), or 45 degrees to the jammed side at every
  opportunity (:func:`forced_plan`).

A ship whose path crosses the table edge leaves the table there (a tactical withdrawal).  A move may not end with
the bridge within 1" of another ship's: the ship is set to the side of the stationary ship its bridge would have
ended on (R-TAC-07).  Create Smoke! leaves a counter on the path for every full 3" moved (R-TAC-12).
"""

from __future__ import annotations

import math

import numpy as np

from tactical import events as ev
from tactical.coast import aground_point, run_aground
from tactical.environment import speed_factor
from tactical.geometry import EPS, SHIP_CLEARANCE, Point, advance, heading_vector, turn_heading
from tactical.hull import withdraw
from tactical.orders import IllegalOrder, coming_about, evading, flank_speed, making_smoke
from tactical.plans import Leg, MovePlan
from tactical.state import Battle, ShipState

R_MOVE = "000 Moving Ships"
SMOKE_SPACING = 3.0


def max_move(ship: ShipState, battle: Battle | None = None) -> float:
    """The farthest ``ship`` may move this turn, in inches: its Flank Speed (halved for destroyers and civilian
    ships in bad weather), on Evade! halved rounding up, +1" on Flank Speed! (001 option), at most half under Rig
    for Silent Running!."""
    if ship.anchored:
        return 0.0
    speed = ship.flank_speed()
    if battle is not None:
        speed *= speed_factor(battle, ship)
    if evading(ship):
        speed = float(math.ceil(speed / 2))
    if flank_speed(ship):
        speed += 1.0
    if ship.silent_running:
        speed /= 2
    return speed


def min_move(ship: ShipState, battle: Battle | None = None) -> float:
    """The least ``ship`` must move this turn: 1" (or its whole speed when that is less), 0 at Flank Speed 0."""
    return min(1.0, max_move(ship, battle))


def straight_run(ship: ShipState, battle: Battle | None = None) -> float:
    """Inches of straight movement before each turn (000: 2", Agile 1", Rudder Damaged 3"); with the 001 option
    half_speed_turns: half the ship's current Flank Speed (R-TAC-64)."""
    if battle is not None and battle.state.options.half_speed_turns:
        return max(max_move(ship, battle) / 2, 3.0 if ship.straight_run_before_turn() >= 3.0 else 0.0)
    return ship.straight_run_before_turn()


def turn_limit(ship: ShipState) -> float:
    return 90.0 if coming_about(ship) else 45.0


def max_turns(ship: ShipState) -> int | None:
    """How many turns the move may hold (``None``: no limit)."""
    if ship.rudder_jam == "straight" or ship.silent_running:
        return 0
    if coming_about(ship) or ship.has("Lumbering"):
        return 1
    return None


def forced_plan(ship: ShipState, inches: float, battle: Battle | None = None) -> MovePlan:
    """The only move of ``inches`` a ship with a jammed rudder may make (000 Vital Systems: Rudder Jammed)."""
    if ship.rudder_jam in (None, "straight"):
        return MovePlan.straight(inches)
    side = -45.0 if ship.rudder_jam == "left" else 45.0
    run = straight_run(ship, battle)
    limit = max_turns(ship)
    legs: list[Leg] = []
    left = inches
    pending = 0.0
    turns = 0
    while left > run - EPS and (limit is None or turns < limit):
        legs.append(Leg(pending, run))
        left -= run
        pending = side
        turns += 1
    legs.append(Leg(pending, max(left, 0.0)))
    return MovePlan(tuple(legs))


def verify_move(ship: ShipState, plan: MovePlan, battle: Battle | None = None) -> None:
    """Raises :class:`IllegalOrder` naming the rule if ``plan`` is not a legal move for ``ship`` now."""
    if not ship.on_table:
        raise IllegalOrder(R_MOVE, f"{ship.name} is not on the table")
    if ship.has_moved:
        raise IllegalOrder("000 Movement Phase", f"{ship.name} has already moved this turn")
    total = plan.total
    top, least = max_move(ship, battle), min_move(ship, battle)
    if any(leg.distance < -EPS for leg in plan.legs):
        raise IllegalOrder(R_MOVE, "ships move forward only")
    if total > top + 1e-6:
        raise IllegalOrder(R_MOVE, f"{ship.name} may move at most {top:g}\", not {total:g}\"")
    if total < least - 1e-6:
        raise IllegalOrder(R_MOVE, f"{ship.name} must move at least {least:g}\" forward")
    if ship.rudder_jam in ("only_left", "only_right"):
        wrong = [t for t in plan.turns if (t > 0) == (ship.rudder_jam == "only_left")]
        if wrong:
            raise IllegalOrder("003 Critical Hits (option)", f"{ship.name}'s rudder lets it turn one way only")
    if ship.rudder_jam in ("left", "right") and total > EPS:
        if plan != forced_plan(ship, total, battle):
            raise IllegalOrder("000 Vital Systems", f"{ship.name}'s rudder is jammed {ship.rudder_jam}")
        return
    if plan.legs and abs(plan.legs[0].turn) > EPS:
        raise IllegalOrder(R_MOVE, "a ship must move straight ahead before it turns")
    limit = max_turns(ship)
    if limit is not None and len(plan.turns) > limit:
        rule = (
            "000 Rig for Silent Running!"
            if ship.silent_running
            else "000 Vital Systems"
            if limit == 0
            else "000 Come About!"
            if coming_about(ship)
            else "000 Lumbering"
        )
        raise IllegalOrder(rule, f"{ship.name} may make {limit} turn(s) this move, not {len(plan.turns)}")
    run = 0.0
    need = straight_run(ship, battle)
    for leg in plan.legs:
        if abs(leg.turn) > EPS:
            if run < need - 1e-6:
                raise IllegalOrder(R_MOVE, f"{ship.name} needs {need:g}\" straight before each turn, had {run:g}\"")
            if abs(leg.turn) > turn_limit(ship) + EPS:
                raise IllegalOrder(
                    "000 Come About!" if coming_about(ship) else R_MOVE,
                    f"a turn is at most {turn_limit(ship):g} degrees, not {abs(leg.turn):g}",
                )
            run = 0.0
        run += leg.distance


def path(ship: ShipState, plan: MovePlan) -> list[tuple[Point, float]]:
    """Waypoints (position, heading) of ``plan`` from the ship's place: the start, then the end of each leg."""
    assert ship.pos is not None
    pos, heading = ship.pos, ship.heading
    points = [(pos, heading)]
    for leg in plan.legs:
        heading = turn_heading(heading, leg.turn)
        pos = advance(pos, heading, leg.distance)
        points.append((pos, heading))
    return points


def execute_move(battle: Battle, ship: ShipState, plan: MovePlan) -> None:
    """Verify and carry out ``plan``: move the ship, leave smoke, withdraw it if it crosses the edge, run it
    aground if it comes within 1" of land (000 Land, :mod:`tactical.coast`)."""
    verify_move(ship, plan, battle)
    assert ship.pos is not None
    ship.speed_at_move = ship.flank_speed()
    ship.has_moved = True
    ship.turned = bool(plan.turns)
    start = ship.pos
    pos, heading = ship.pos, ship.heading
    travelled = 0.0
    trail: list[Point] = [pos]
    for leg in plan.legs:
        heading = turn_heading(heading, leg.turn)
        end = advance(pos, heading, leg.distance)
        grounding = aground_point(battle, ship, pos, end)
        if grounding is not None:
            travelled += float(np.hypot(grounding[0] - pos[0], grounding[1] - pos[1]))
            ship.pos, ship.heading, ship.moved = grounding, heading, travelled
            _lay_smoke(battle, ship, [*trail, grounding])
            run_aground(battle, ship)
            _clear_stacking(battle, ship)
            return
        exit_at = battle.state.table.exit_point(pos, end)
        if exit_at is not None:
            point, edge = exit_at
            travelled += float(np.hypot(point[0] - pos[0], point[1] - pos[1]))
            ship.pos, ship.heading, ship.moved = point, heading, travelled
            _lay_smoke(battle, ship, [*trail, point])
            withdraw(battle, ship, edge)
            return
        travelled += leg.distance
        pos = end
        trail.append(pos)
    ship.pos, ship.heading, ship.moved = pos, heading, travelled
    _lay_smoke(battle, ship, trail)
    _clear_stacking(battle, ship)
    battle.log.emit(
        ev.Moved,
        ship=ship.name,
        side=battle.side_name(ship.side),
        start=(start[0], start[1]),
        distance=travelled,
        pos=(ship.pos[0], ship.pos[1]),
        heading=ship.heading,
        turns=tuple(plan.turns),
    )


def _lay_smoke(battle: Battle, ship: ShipState, trail: list[Point]) -> None:
    """Create Smoke!: one counter per full 3" moved, on the path at 0", 3", 6" ... from the start (R-TAC-12)."""
    if not making_smoke(ship) or len(trail) < 2:
        return
    pts = np.asarray(trail, dtype=float)
    seg = np.diff(pts, axis=0)
    lengths = np.hypot(seg[:, 0], seg[:, 1])
    total = float(lengths.sum())
    count = math.floor(total / SMOKE_SPACING + 1e-9)
    cum = np.concatenate([[0.0], np.cumsum(lengths)])
    placed = []
    for k in range(count):
        s = k * SMOKE_SPACING
        i = min(int(np.searchsorted(cum, s, side="right")) - 1, len(seg) - 1)
        t = 0.0 if lengths[i] < EPS else (s - cum[i]) / lengths[i]
        p = pts[i] + t * seg[i]
        placed.append((float(p[0]), float(p[1])))
    start = len(battle.state.smoke)
    battle.state.smoke.extend(placed)
    battle.state.smoke_by.setdefault(str(ship.side), []).extend(range(start, start + len(placed)))
    if placed:
        battle.log.emit(ev.SmokeLaid, ship=ship.name, side=battle.side_name(ship.side), counters=tuple(placed))


def _clear_stacking(battle: Battle, ship: ShipState) -> None:
    """No stacking (R-TAC-07): set the ship beside any ship whose bridge is within 1" of its own."""
    assert ship.pos is not None
    for other in battle.state.ships.values():
        if other is ship or not other.on_table or other.pos is None:
            continue
        if abs(ship.pos[0] - other.pos[0]) >= SHIP_CLEARANCE or abs(ship.pos[1] - other.pos[1]) >= SHIP_CLEARANCE:
            continue  # a bridge this far off along x or y is no nearer than that (issue 18: most ships are)
        d = np.subtract(ship.pos, other.pos)
        if float(np.hypot(*d)) >= SHIP_CLEARANCE - EPS:
            continue
        fwd = heading_vector(other.heading)
        right = np.array([fwd[1], -fwd[0]])
        along = float(d @ fwd)
        lateral = float(d @ right)
        side = 1.0 if lateral >= 0 else -1.0
        lateral = side * (math.sqrt(max(SHIP_CLEARANCE**2 - along**2, 0.0)) + 1e-3)
        p = np.asarray(other.pos) + along * fwd + lateral * right
        table = battle.state.table
        ship.pos = (float(np.clip(p[0], 0.0, table.width)), float(np.clip(p[1], 0.0, table.height)))
        battle.log.emit(
            ev.MoveBlocked, ship=ship.name, side=battle.side_name(ship.side), other=other.name,
            at=(ship.pos[0], ship.pos[1]),
        )
