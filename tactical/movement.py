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
from dataclasses import dataclass

import numpy as np

from tactical.damage import withdraw
from tactical.geometry import EPS, SHIP_CLEARANCE, Point, advance, heading_vector, turn_heading
from tactical.orders import IllegalOrder, coming_about, evading, making_smoke
from tactical.state import Battle, ShipState

R_MOVE = "000 Moving Ships"
SMOKE_SPACING = 3.0


@dataclass(frozen=True)
class Leg:
    """Turn ``turn`` degrees (positive: starboard), then run ``distance`` inches straight ahead."""

    turn: float
    distance: float


@dataclass(frozen=True)
class MovePlan:
    legs: tuple[Leg, ...]

    @property
    def total(self) -> float:
        return sum(leg.distance for leg in self.legs)

    @property
    def turns(self) -> list[float]:
        return [leg.turn for leg in self.legs if abs(leg.turn) > EPS]

    @classmethod
    def straight(cls, inches: float) -> MovePlan:
        return cls((Leg(0.0, inches),))


def max_move(ship: ShipState) -> float:
    """The farthest ``ship`` may move this turn, in inches (Flank Speed; on Evade! halved rounding up)."""
    if ship.anchored:
        return 0.0
    speed = ship.flank_speed()
    return float(math.ceil(speed / 2)) if evading(ship) else speed


def min_move(ship: ShipState) -> float:
    """The least ``ship`` must move this turn: 1" (or its whole speed when that is less), 0 at Flank Speed 0."""
    return min(1.0, max_move(ship))


def turn_limit(ship: ShipState) -> float:
    return 90.0 if coming_about(ship) else 45.0


def max_turns(ship: ShipState) -> int | None:
    """How many turns the move may hold (``None``: no limit)."""
    if ship.rudder_jam == "straight":
        return 0
    if coming_about(ship) or ship.has("Lumbering"):
        return 1
    return None


def forced_plan(ship: ShipState, inches: float) -> MovePlan:
    """The only move of ``inches`` a ship with a jammed rudder may make (000 Vital Systems: Rudder Jammed)."""
    if ship.rudder_jam in (None, "straight"):
        return MovePlan.straight(inches)
    side = -45.0 if ship.rudder_jam == "left" else 45.0
    run = ship.straight_run_before_turn()
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


def verify_move(ship: ShipState, plan: MovePlan) -> None:
    """Raises :class:`IllegalOrder` naming the rule if ``plan`` is not a legal move for ``ship`` now."""
    if not ship.on_table:
        raise IllegalOrder(R_MOVE, f"{ship.name} is not on the table")
    if ship.has_moved:
        raise IllegalOrder("000 Movement Phase", f"{ship.name} has already moved this turn")
    total = plan.total
    if any(leg.distance < -EPS for leg in plan.legs):
        raise IllegalOrder(R_MOVE, "ships move forward only")
    if total > max_move(ship) + 1e-6:
        raise IllegalOrder(R_MOVE, f"{ship.name} may move at most {max_move(ship):g}\", not {total:g}\"")
    if total < min_move(ship) - 1e-6:
        raise IllegalOrder(R_MOVE, f"{ship.name} must move at least {min_move(ship):g}\" forward")
    if ship.rudder_jam in ("left", "right"):
        if plan != forced_plan(ship, total):
            raise IllegalOrder("000 Vital Systems", f"{ship.name}'s rudder is jammed {ship.rudder_jam}")
        return
    if plan.legs and abs(plan.legs[0].turn) > EPS:
        raise IllegalOrder(R_MOVE, "a ship must move straight ahead before it turns")
    limit = max_turns(ship)
    if limit is not None and len(plan.turns) > limit:
        rule = "000 Vital Systems" if limit == 0 else "000 Come About!" if coming_about(ship) else "000 Lumbering"
        raise IllegalOrder(rule, f"{ship.name} may make {limit} turn(s) this move, not {len(plan.turns)}")
    run = 0.0
    need = ship.straight_run_before_turn()
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
    """Verify and carry out ``plan``: move the ship, leave smoke, withdraw it if it crosses the edge."""
    verify_move(ship, plan)
    assert ship.pos is not None
    ship.speed_at_move = ship.flank_speed()
    ship.has_moved = True
    start = ship.pos
    pos, heading = ship.pos, ship.heading
    travelled = 0.0
    trail: list[Point] = [pos]
    for leg in plan.legs:
        heading = turn_heading(heading, leg.turn)
        end = advance(pos, heading, leg.distance)
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
        "move",
        f"{ship.name} moves {travelled:g}\" from ({start[0]:.1f}, {start[1]:.1f}) to "
        f"({ship.pos[0]:.1f}, {ship.pos[1]:.1f}) heading {ship.heading:.0f}",
        ship=ship.name,
        side=battle.side_name(ship.side),
        distance=round(travelled, 3),
        pos=(round(ship.pos[0], 3), round(ship.pos[1], 3)),
        heading=round(ship.heading, 2),
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
    battle.state.smoke.extend(placed)
    if placed:
        battle.log.emit(
            "smoke",
            f"{ship.name} lays {len(placed)} smoke counter(s)",
            ship=ship.name,
            side=battle.side_name(ship.side),
            counters=tuple(placed),
        )


def _clear_stacking(battle: Battle, ship: ShipState) -> None:
    """No stacking (R-TAC-07): set the ship beside any ship whose bridge is within 1" of its own."""
    assert ship.pos is not None
    for other in battle.state.ships.values():
        if other is ship or not other.on_table or other.pos is None:
            continue
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
            "stacking",
            f"{ship.name} may not end on {other.name}: set beside it at ({ship.pos[0]:.1f}, {ship.pos[1]:.1f})",
            ship=ship.name,
            side=battle.side_name(ship.side),
        )
