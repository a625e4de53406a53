"""Squadrons (000 "Squadrons"; R-TAC-36)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tactical import battle_events as ev
from tactical.battle import BattleSpec, FleetSpec, ShipSpec
from tactical.muster import build_state
from tactical.turn import gunnery_phase, keep_squadrons, movement_phase
from tests.tactical.helpers import ScriptCaptain, make_battle, make_card


def squadron_battle():
    battle = make_battle(
        [
            ("A1", make_card("A1"), 0, (10.0, 10.0), 0.0),
            ("A2", make_card("A2"), 0, (13.0, 10.0), 0.0),
            ("E", make_card("E"), 1, (60.0, 40.0), 180.0),
        ]
    )
    battle.ship("A1").squadron = battle.ship("A2").squadron = "Blue 1"
    battle.state.initiative = 1  # side 0 moves first
    return battle


def test_a_squadron_moves_and_fires_as_one_nomination() -> None:
    battle = squadron_battle()
    captains = (ScriptCaptain("blue"), ScriptCaptain("red"))
    movement_phase(battle, captains)
    movers = [e.ship for e in battle.log.of_type(ev.Moved)]
    assert movers == ["A1", "A2", "E"]
    assert captains[0].calls == [("move", "A1")]
    gunnery_phase(battle, captains)
    assert [c for c in captains[0].calls if c[0] == "fire"] == [("fire", "A1")]
    assert battle.ship("A2").has_fired


def test_ships_leave_a_squadron() -> None:
    battle = squadron_battle()
    battle.ship("A2").pos = (20.0, 10.0)  # more than 4" from its only mate
    keep_squadrons(battle)
    assert battle.ship("A1").squadron is None and battle.ship("A2").squadron is None
    battle = squadron_battle()
    battle.ship("A1").crippled = True
    keep_squadrons(battle)
    assert battle.ship("A1").squadron is None and battle.ship("A2").squadron is None  # a squadron of one dissolves


def test_spec_squadrons() -> None:
    ships = [ShipSpec(name=f"S{i}", card=make_card(f"S{i}")) for i in range(7)]
    red = FleetSpec(name="Red", ships=[ShipSpec(name="R", card=make_card("R"))])
    spec = BattleSpec(sides=(FleetSpec(name="Blue", ships=ships, squadrons=[["S0", "S1", "S2"]]), red))
    assert build_state(spec).ships["S1"].squadron == "Blue 1"
    with pytest.raises(ValidationError, match="two to six"):
        BattleSpec(sides=(FleetSpec(name="Blue", ships=ships, squadrons=[[s.name for s in ships]]), red))
    with pytest.raises(ValidationError, match="one squadron"):
        BattleSpec(sides=(FleetSpec(name="Blue", ships=ships, squadrons=[["S0", "S1"], ["S1", "S2"]]), red))
