"""The War at Sea scenario: objectives, scouting, victory (000 "War at Sea"; R-TAC-16, R-TAC-17)."""

from __future__ import annotations

import pytest

from tactical.geometry import DeploymentKind, Edge
from tactical.hull import apply_hull_damage, sink, withdraw
from tactical.scenario import (
    Objective,
    Priority,
    Victory,
    assess,
    objective_facts,
    objective_for_roll,
    roll_matched_objectives,
    roll_scouting,
    scout_die,
    scouting_advantage,
    winner_of,
)
from tests.tactical.helpers import make_battle, make_card


def test_fleet_objective_table() -> None:
    expected = {
        2: "Destroy!", 3: "Destroy!", 4: "Breakout", 5: "Defence Line", 6: "Attrition", 7: "Sweep & Clear",
        8: "Domination", 9: "Fighting Retreat", 10: "Last Stand", 11: "Ultimate Enemy", 12: "Ultimate Enemy",
    }  # fmt: skip
    assert {k: objective_for_roll(k)[0].value for k in expected} == expected
    assert objective_for_roll(11)[1] is Priority.HIGH  # R-TAC-17
    with pytest.raises(ValueError):
        objective_for_roll(13)


def test_matched_objectives() -> None:
    battle = make_battle([("A", make_card(), 0, (1, 1), 0)], [6, 3, 4, 9])  # pair 3, side 1 wins the roll-off
    assert roll_matched_objectives(battle) == (Objective.DEFENCE_LINE, Objective.BREAKOUT)


@pytest.mark.parametrize(("points", "bonus", "redeploy", "deep"), [(1, 0, None, False), (2, 1, None, False),
    (4, 1, None, True), (7, 1, DeploymentKind.ENHANCED, True), (8, 2, DeploymentKind.ENHANCED, True),
    (10, 2, DeploymentKind.SUPERIOR, True)])  # fmt: skip
def test_scouting_table(points, bonus, redeploy, deep) -> None:
    adv = scouting_advantage(points)
    assert (adv.initiative_bonus, adv.redeploy, adv.deep_deployment) == (bonus, redeploy, deep)


def test_scouting_dice() -> None:
    """5+ scores; Radar +1 and a re-roll; Advanced Radar +2 (not +3 with Radar) and a re-roll (R-TAC-16)."""
    battle = make_battle([("A", make_card(), 0, (1, 1), 0)], [4, 5, 3, 3, 3, 2, 2])
    assert not scout_die(battle, None, "flight") and scout_die(battle, None, "flight")
    radar = battle.ship("A")
    radar.card = make_card(traits=["Radar"])
    assert not scout_die(battle, radar, "r")  # 3+1, re-rolled 3+1
    radar.card = make_card(traits=["Radar", "Advanced Radar"])
    assert scout_die(battle, radar, "a")  # 3+2
    assert not scout_die(battle, radar, "a") and battle.dice.remaining == 0  # 2+2, re-rolled 2+2


def test_roll_scouting_sets_the_initiative_bonus() -> None:
    battle = make_battle([("A", make_card(type="destroyer"), 0, (1, 1), 0)], [6, 5, 1])
    battle.ship("A").scout = True
    adv = roll_scouting(battle, 0, 2)
    assert adv.points == 2 and battle.state.initiative_bonus == [1, 0]


def _battle():
    ships = [(f"B{i}", make_card(f"B{i}", points=100), 0, (10.0 + 5 * i, 5.0), 0.0) for i in range(2)]
    ships += [(f"R{i}", make_card(f"R{i}", points=100 + 50 * i), 1, (10.0 + 5 * i, 43.0), 180.0) for i in range(2)]
    return make_battle(ships, [1] * 20)


def test_destroy_needs_every_enemy_crippled_or_sunk() -> None:
    battle = _battle()
    sink(battle, battle.ship("R0"))
    assert assess(battle, (Objective.DESTROY, Objective.ATTRITION)) == (Victory.MINOR, Victory.NONE)
    apply_hull_damage(battle, battle.ship("R1"), 15, "x")
    assert assess(battle, (Objective.DESTROY, Objective.ATTRITION))[0] is Victory.MAJOR


def test_attrition_last_stand_ultimate_enemy() -> None:
    battle = _battle()
    sink(battle, battle.ship("R0"))  # Blue 100 VP
    assert assess(battle, (Objective.ATTRITION, Objective.LAST_STAND)) == (Victory.MAJOR, Victory.NONE)
    sink(battle, battle.ship("B0"))  # Red 100: a tie, nobody has most
    assert assess(battle, (Objective.ATTRITION, Objective.LAST_STAND)) == (Victory.NONE, Victory.NONE)
    assert assess(battle, (Objective.ULTIMATE_ENEMY, Objective.ATTRITION))[0] is Victory.NONE
    sink(battle, battle.ship("R1"))  # the most valuable enemy ship (150)
    assert assess(battle, (Objective.ULTIMATE_ENEMY, Objective.LAST_STAND)) == (Victory.MAJOR, Victory.NONE)


def test_exit_objectives_count_half_the_fleet() -> None:
    battle = _battle()
    withdraw(battle, battle.ship("R0"), Edge.SOUTH)  # off Blue's edge: Red's Breakout
    assert assess(battle, (Objective.DEFENCE_LINE, Objective.BREAKOUT)) == (Victory.MINOR, Victory.MAJOR)
    assert assess(battle, (Objective.ATTRITION, Objective.SWEEP_AND_CLEAR))[1] is Victory.MINOR
    battle2 = _battle()
    withdraw(battle2, battle2.ship("B0"), Edge.SOUTH)  # own edge: Fighting Retreat needs most VP too
    assert assess(battle2, (Objective.FIGHTING_RETREAT, Objective.ATTRITION)) == (Victory.NONE, Victory.MAJOR)


def test_defence_line_and_domination() -> None:
    battle = _battle()
    apply_hull_damage(battle, battle.ship("R0"), 14, "x")  # Blue 50 VP
    assert assess(battle, (Objective.DEFENCE_LINE, Objective.BREAKOUT))[0] is Victory.MAJOR
    assert assess(battle, (Objective.DEFENCE_LINE, Objective.DEFENCE_LINE)) == (Victory.MAJOR, Victory.NONE)
    battle.ship("B1").pos = (60.0, 5.0)
    assert assess(battle, (Objective.DOMINATION, Objective.ATTRITION))[0] is Victory.MINOR  # SW and SE held
    battle.ship("R0").pos = (10.0, 5.0)
    assert assess(battle, (Objective.DOMINATION, Objective.ATTRITION))[0] is Victory.NONE


def test_major_beats_minor_beats_none() -> None:
    assert winner_of((Victory.MAJOR, Victory.MINOR)) == 0
    assert winner_of((Victory.NONE, Victory.MINOR)) == 1
    assert winner_of((Victory.MINOR, Victory.MINOR)) is None


def test_objective_facts_say_what_each_side_was_judged_on() -> None:
    """Issue #17: Sweep & Clear is not won by sinking the whole enemy fleet: half the fleet must leave by the enemy
    edge (000 War at Sea), and the battle ends when a fleet is gone (the seed 1 Mediterranean draw)."""
    battle = _battle()
    sink(battle, battle.ship("R0"))
    sink(battle, battle.ship("R1"))
    objectives = (Objective.SWEEP_AND_CLEAR, Objective.DEFENCE_LINE)
    levels = assess(battle, objectives)
    assert levels == (Victory.NONE, Victory.NONE)
    blue, red = objective_facts(battle, objectives, levels)
    assert (blue.objective, blue.level, blue.vp, blue.enemy_vp) == ("Sweep & Clear", "none", 250, 0)
    assert (blue.off_enemy_edge, blue.half_fleet, blue.sank_one, blue.enemy_all_crippled) == (0, 1, True, True)
    assert (blue.prize, blue.prize_sunk) == ("R1", True)
    assert (red.level, red.vp, red.enemy_vp, red.sank_one) == ("none", 0, 250, False)
    withdraw(battle, battle.ship("B0"), Edge.NORTH)  # off Red's edge: now a major victory
    levels = assess(battle, objectives)
    assert levels[0] is Victory.MAJOR
    assert objective_facts(battle, objectives, levels)[0].off_enemy_edge == 1
