"""Movement (000 "Moving Ships", Agile, Lumbering, Rudder Damaged/Jammed, Come About!, Evade!, Create Smoke!,
Tactical Withdrawals; R-TAC-06, R-TAC-07, R-TAC-12)."""

from __future__ import annotations

import math

import pytest

from tactical import battle_events as ev
from tactical.movement import execute_move, forced_plan, max_move, verify_move
from tactical.orders import IllegalOrder, OrderName, issue_order
from tactical.plans import Leg, MovePlan
from tactical.state import Area, Status
from tests.tactical.helpers import make_battle, make_card


def _ship(dice=(), pos=(30.0, 20.0), heading=0.0, **card):
    battle = make_battle([("S", make_card(**card), 0, pos, heading), ("E", make_card("E"), 1, (60.0, 40.0), 180.0)],
                         dice)  # fmt: skip
    return battle, battle.ship("S")


def plan(*legs: tuple[float, float]) -> MovePlan:
    return MovePlan(tuple(Leg(t, d) for t, d in legs))


def test_speed_limits() -> None:
    _, ship = _ship()
    verify_move(ship, MovePlan.straight(6))
    verify_move(ship, MovePlan.straight(1))
    with pytest.raises(IllegalOrder, match="at most 6"):
        verify_move(ship, MovePlan.straight(6.5))
    with pytest.raises(IllegalOrder, match="at least 1"):
        verify_move(ship, MovePlan.straight(0.5))
    ship.criticals[Area.ENGINE] = 5  # Engines Disabled: Flank Speed 0, no minimum
    verify_move(ship, MovePlan(()))


def test_turns_need_a_straight_run_and_are_at_most_45_degrees() -> None:
    _, ship = _ship()
    verify_move(ship, plan((0, 2), (45, 2), (-45, 2)))
    verify_move(ship, plan((0, 6), (45, 0)))  # a turn at the end of the move (R-TAC-06)
    with pytest.raises(IllegalOrder, match="straight ahead before"):
        verify_move(ship, plan((45, 2)))
    with pytest.raises(IllegalOrder, match="needs 2\" straight"):
        verify_move(ship, plan((0, 1.5), (45, 2)))
    with pytest.raises(IllegalOrder, match="at most 45 degrees"):
        verify_move(ship, plan((0, 2), (60, 2)))


def test_agile_lumbering_and_rudder_damaged() -> None:
    _, agile = _ship(traits=["Agile"])
    verify_move(agile, plan((0, 1), (45, 1), (45, 1), (45, 1)))
    agile.criticals[Area.ENGINE] = 2  # Rudder Damaged: 3" even for an Agile ship
    with pytest.raises(IllegalOrder, match="needs 3\""):
        verify_move(agile, plan((0, 1), (45, 1)))
    _, lumbering = _ship(traits=["Lumbering"])
    verify_move(lumbering, plan((0, 2), (45, 4)))
    with pytest.raises(IllegalOrder, match="Lumbering"):
        verify_move(lumbering, plan((0, 2), (45, 2), (45, 2)))


def test_come_about() -> None:
    battle, ship = _ship([4])
    with pytest.raises(IllegalOrder, match="at most 45"):
        verify_move(ship, plan((0, 2), (90, 4)))
    assert issue_order(battle, ship, OrderName.COME_ABOUT)
    verify_move(ship, plan((0, 2), (90, 4)))
    with pytest.raises(IllegalOrder, match="Come About"):
        verify_move(ship, plan((0, 2), (45, 2), (45, 2)))
    with pytest.raises(IllegalOrder, match="needs 2\""):
        verify_move(ship, plan((0, 1), (90, 5)))


def test_evade_halves_speed_rounding_up() -> None:
    battle, ship = _ship(flank_speed=7)
    issue_order(battle, ship, OrderName.EVADE)
    assert max_move(ship) == 4
    with pytest.raises(IllegalOrder):
        verify_move(ship, MovePlan.straight(5))


def test_rudder_jammed() -> None:
    _, ship = _ship()
    ship.rudder_jam = "right"
    assert forced_plan(ship, 5) == plan((0, 2), (45, 2), (45, 1))
    verify_move(ship, forced_plan(ship, 5))
    with pytest.raises(IllegalOrder, match="jammed right"):
        verify_move(ship, MovePlan.straight(5))
    ship.rudder_jam = "straight"
    with pytest.raises(IllegalOrder, match="0 turn"):
        verify_move(ship, plan((0, 2), (45, 2)))
    _, lumbering = _ship(traits=["Lumbering"])
    lumbering.rudder_jam = "left"
    assert forced_plan(lumbering, 6) == plan((0, 2), (-45, 4))


def test_the_path_and_fast_movement() -> None:
    battle, ship = _ship()
    execute_move(battle, ship, plan((0, 2), (45, 4)))
    assert ship.pos == pytest.approx((30 + 4 * math.sin(math.pi / 4), 22 + 4 * math.cos(math.pi / 4)))
    assert ship.heading == 45 and ship.moved == 6 and ship.has_moved
    with pytest.raises(IllegalOrder, match="already moved"):
        execute_move(battle, ship, MovePlan.straight(1))


def test_leaving_the_table_is_a_tactical_withdrawal() -> None:
    battle, ship = _ship(pos=(30.0, 45.0), points=100)
    execute_move(battle, ship, MovePlan.straight(6))
    assert ship.status is Status.WITHDRAWN and battle.state.exits["S"] == "north"
    assert [e.vp for e in battle.log.of_type(ev.VictoryPoints)] == [25]


def test_no_stacking() -> None:
    """R-TAC-07: a move ending within 1" of another bridge is set beside it, on its own side."""
    battle, ship = _ship(pos=(59.7, 34.0))  # E is at (60, 40) heading 180
    execute_move(battle, ship, MovePlan.straight(6))
    assert math.dist(ship.pos, (60.0, 40.0)) >= 1.0 and ship.pos[0] < 60.0
    assert battle.log.of_type(ev.MoveBlocked)


def test_create_smoke_leaves_a_counter_per_full_3_inches() -> None:
    battle, ship = _ship()
    issue_order(battle, ship, OrderName.CREATE_SMOKE)
    execute_move(battle, ship, MovePlan.straight(6))
    assert battle.state.smoke == [pytest.approx((30, 20)), pytest.approx((30, 23))]
