"""The door: BattleSpec -> resolve(spec, captains) -> BattleReport (DESIGN.md; case E-01, E-02)."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from tactical import battle_events as ev
from tactical.ai import SimpleCaptain
from tactical.battle import BattleReport, BattleSpec, FleetSpec, ShipSpec, resolve
from tactical.demos import DEMOS, demo_spec
from tactical.geometry import DeploymentZone
from tactical.orders import IllegalOrder
from tactical.scenario import Objective
from tactical.state import BattleState
from tests.tactical.helpers import make_card


@pytest.fixture(scope="module")
def cruiser_report(data) -> BattleReport:
    return resolve(demo_spec("cruiser-action", 7, data))


def test_e01_same_seed_same_battle(data, cruiser_report) -> None:
    again = resolve(demo_spec("cruiser-action", 7, data))
    assert again == cruiser_report
    other = resolve(demo_spec("cruiser-action", 8, data))
    assert other.events != cruiser_report.events


def test_the_report(cruiser_report) -> None:
    r = cruiser_report
    assert r.sides == ("US Navy", "Imperial Japanese Navy") and len(r.ships) == 8
    assert 1 <= r.turns_played <= 8 and r.winner in (*r.sides, None)
    assert all(s.hull_end <= s.hull_start for s in r.ships)
    rolls = [e for e in r.events if isinstance(e, ev.DiceRolled)]
    assert rolls and all(e.rule for e in rolls)  # every die labelled with its rule
    assert isinstance(r.events[-1], ev.BattleResult)
    text = json.dumps(r.to_json())
    assert json.loads(text)["ships"][0]["name"] == "USS Northampton"
    assert any("Victory points" in line for line in r.summary())
    with pytest.raises(KeyError):
        r.ship("Yamato")


def test_both_demos_are_real_ships(data) -> None:
    for name in ("cruiser-action", "battleships", "carrier-clash", "night-action"):
        spec = demo_spec(name, 0, data)
        assert [len(f.ships) for f in spec.sides] == [4, 4]
    assert set(DEMOS) >= {"carrier-clash", "night-action", "convoy"}
    with pytest.raises(KeyError, match="unknown demo"):
        demo_spec("jutland")


def _spec(**kw):
    fleets = (
        FleetSpec(name="Blue", ships=[ShipSpec(name="B", card=make_card("B"))], objective=Objective.ATTRITION),
        FleetSpec(name="Red", ships=[ShipSpec(name="R", card=make_card("R"))], objective=Objective.DESTROY),
    )
    return BattleSpec(sides=fleets, **kw)


def test_spec_validation() -> None:
    assert _spec(time_of_day="night", weather="bad").time_of_day == "night"  # issue 6: night and weather fought
    with pytest.raises(ValidationError, match="flights"):
        _spec(flights=[{"type": "fighter"}])
    with pytest.raises(ValidationError, match="not afloat"):
        ShipSpec(name="X", card=make_card(), hull_lost=20)
    fleet = FleetSpec(name="Blue", ships=[ShipSpec(name="B", card=make_card())])
    with pytest.raises(ValidationError, match="unique"):
        BattleSpec(sides=(fleet, fleet.model_copy(update={"name": "Red"})))
    spec = _spec(seed=3)
    assert BattleSpec.model_validate_json(spec.model_dump_json()) == spec


def test_a_damaged_ship_comes_in_crippled_without_giving_points() -> None:
    fleets = (
        FleetSpec(name="Blue", ships=[ShipSpec(name="B", card=make_card("B"), hull_lost=15)]),
        FleetSpec(name="Red", ships=[ShipSpec(name="R", card=make_card("R"))]),
    )
    report = resolve(BattleSpec(sides=fleets, seed=1))
    b = report.ship("B")
    assert b.crippled and b.hull_start == 5
    assert not any(isinstance(e, ev.VictoryPoints) and e.ship == "B" and e.reason == "crippled" for e in report.events)


class _Cheat(SimpleCaptain):
    def deploy(self, battle, side, zone: DeploymentZone, ships):
        return {name: ((36.0, 24.0), 0.0) for name in ships}


def test_an_illegal_captain_order_is_refused() -> None:
    with pytest.raises(IllegalOrder, match="outside the normal zone"):
        resolve(_spec(), (_Cheat(), SimpleCaptain()))


def test_state_round_trips_through_json(data) -> None:
    """E-02: the battle state serialises to JSON and back unchanged."""
    from tactical.dice import Dice
    from tactical.state import Battle
    from tactical.turn import play_turn

    spec = demo_spec("battleships", 2, data)
    from tactical.muster import build_state

    battle = Battle(build_state(spec), Dice(2))
    for i, ship in enumerate(battle.state.ships.values()):
        ship.pos = (10.0 + 6 * i, 5.0 if ship.side == 0 else 43.0)
        ship.heading = 0.0 if ship.side == 0 else 180.0
    play_turn(battle, (SimpleCaptain(), SimpleCaptain()))
    dumped = json.loads(json.dumps(battle.state.to_json()))
    restored = BattleState.from_json(dumped)
    assert restored.to_json() == battle.state.to_json()
    assert restored == battle.state


def test_spotting_needs_observation_flights_and_an_enemy_target() -> None:
    blue = FleetSpec(name="Blue", ships=[ShipSpec(name="B", card=make_card("B", traits=["Aircraft 1"]))],
                     spotting=["R"])  # fmt: skip
    red = FleetSpec(name="Red", ships=[ShipSpec(name="R", card=make_card("R"), anchored=True)])
    spec = BattleSpec(sides=(blue, red))
    assert spec.sides[0].spotting == ["R"]
    with pytest.raises(ValidationError, match="not an enemy ship"):
        BattleSpec(sides=(blue.model_copy(update={"spotting": ["B"]}), red))
    with pytest.raises(ValidationError, match="0 Observation Flight"):
        BattleSpec(sides=(blue, red.model_copy(update={"spotting": ["B"]})))
    report = resolve(spec)
    assert report.ship("R").hull_end <= report.ship("R").hull_start


@pytest.mark.parametrize("name", ["carrier-clash", "convoy", "night-action"])
def test_state_with_flights_boats_and_submarines_round_trips(data, name) -> None:
    """E-02 for the issue 6 state: Flights, submarines, night spotting, options, wind."""
    from tactical.dice import Dice
    from tactical.muster import build_state
    from tactical.state import Battle
    from tactical.turn import play_turn

    spec = demo_spec(name, 2, data)
    battle = Battle(build_state(spec), Dice(2))
    battle.state.wind = "north"
    for i, ship in enumerate(s for s in battle.state.ships.values() if s.status.value == "active"):
        ship.pos = (10.0 + 6 * i, 5.0 if ship.side == 0 else 43.0)
        ship.heading = 0.0 if ship.side == 0 else 180.0
    play_turn(battle, (SimpleCaptain(), SimpleCaptain()))
    dumped = json.loads(json.dumps(battle.state.to_json()))
    restored = BattleState.from_json(dumped)
    assert restored.to_json() == battle.state.to_json()
    assert restored == battle.state
