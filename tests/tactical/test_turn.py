"""The game turn: Initiative, alternating movement and gunnery, End Phase (000 "The Game Turn"; case T-12;
R-TAC-18)."""

from __future__ import annotations

from tactical import battle_events as ev
from tactical.plans import FirePlan, Shot
from tactical.state import Area, Status
from tactical.turn import end_phase, gunnery_phase, initiative_phase, movement_phase, play_turn
from tests.tactical.helpers import IdleCaptain, ScriptCaptain, make_battle, make_card


def _fleets(blue: int, red: int, dice=()):
    ships = [(f"B{i}", make_card(f"B{i}"), 0, (10.0 + 5 * i, 5.0), 0.0) for i in range(blue)]
    ships += [(f"R{i}", make_card(f"R{i}"), 1, (10.0 + 5 * i, 43.0), 180.0) for i in range(red)]
    return make_battle(ships, dice, turn=1)


def test_t12_initiative_ties_are_rolled_again() -> None:
    battle = _fleets(1, 1, [5, 5, 3, 7])
    assert initiative_phase(battle) == 1 and battle.state.initiative == 1 and battle.dice.remaining == 0
    battle = _fleets(1, 1, [4, 5])
    battle.state.initiative_bonus = [1, 0]  # scouting: +1; totals 5 and 5 tie, rolled again
    battle.dice.push(6, 2)
    assert initiative_phase(battle) == 0 and battle.dice.remaining == 0


def test_t12_the_loser_moves_first_and_the_larger_fleet_finishes() -> None:
    battle = _fleets(3, 1)
    battle.state.initiative = 1  # Red won: Blue moves first
    blue, red = ScriptCaptain("blue"), ScriptCaptain("red")
    movement_phase(battle, (blue, red))
    moves = [e.ship for e in battle.log.of_type(ev.Moved)]
    assert moves == ["B0", "R0", "B1", "B2"]


def test_t12_the_winner_fires_first_and_sides_alternate() -> None:
    battle = _fleets(2, 2)
    battle.state.initiative = 1
    blue, red = ScriptCaptain(), ScriptCaptain()
    gunnery_phase(battle, (blue, red))
    fired = [e.ship for e in battle.log.of_type(ev.HeldFire)]
    assert fired == ["R0", "B0", "R1", "B1"]


class _Sinker(ScriptCaptain):
    """Fires its only gun at R0."""

    def plan_fire(self, battle, ship):
        return FirePlan((Shot(0, "R0", 3),))


def test_a_ship_sunk_before_its_turn_does_not_fire() -> None:
    battle = make_battle(
        [("B0", make_card("B0"), 0, (10, 20), 0), ("R0", make_card("R0", hull=2, crippled=1), 1, (10, 30), 90)],
        [6, 6, 6, 6, 6, 6, 1, 1, 1],
    )
    battle.state.initiative = 0
    gunnery_phase(battle, (_Sinker(), ScriptCaptain()))
    assert battle.ship("R0").status is Status.SUNK
    assert [e.ship for e in battle.log.events if isinstance(e, ev.GunneryAttack | ev.HeldFire)] == ["B0"]


def test_end_phase_repairs_winner_first_then_escalation_then_scouts() -> None:
    battle = _fleets(1, 1)
    battle.state.initiative = 1
    battle.ship("B0").criticals[Area.CREW] = 2  # Fire: escalates
    blue, red = ScriptCaptain("b"), ScriptCaptain("r")
    scout = battle.ship("R0")
    battle.dice.push(1)  # B0 escalation: 1, no rise
    end_phase(battle, (blue, red))
    assert red.calls == [("repair", "R0")] and blue.calls == [("repair", "B0")]
    assert battle.dice.remaining == 0
    scout.status = Status.SCOUTING
    scout.scout = True
    battle.dice.push(1, 6)  # escalation 1, then the scout's 6: it returns
    end_phase(battle, (IdleCaptain(), IdleCaptain()))
    assert scout.status is Status.RETURNING
    battle.dice.push(5)  # returning edge: 5 = north
    movement_phase(battle, (blue, red))
    assert scout.status is Status.ACTIVE and scout.heading == 180.0 and battle.log.of_type(ev.Rejoined)


def test_a_whole_turn() -> None:
    battle = _fleets(1, 1, [9, 2, 1])
    battle.state.turn = 0
    battle.ship("B0").criticals[Area.CREW] = 2
    play_turn(battle, (ScriptCaptain(), ScriptCaptain()))
    assert battle.state.turn == 1 and battle.state.initiative == 0
    assert [e.kind for e in battle.log.events if e.kind != "roll"][:3] == ["initiative", "move", "move"]
