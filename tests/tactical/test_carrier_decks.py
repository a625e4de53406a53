"""Issue 19 item 17 with scripted dice: smoke and AA fire at Flights (R-TAC-75), the Flights one aircraft move may
land on a carrier (R-TAC-76), deep-deployed carriers in bad weather or with a Crew Critical Score of 2 (R-TAC-77)."""

from __future__ import annotations

import pytest

from tactical import battle_events as ev
from tactical.aa import aa_flight_refusal, aa_targets, fire_aa
from tactical.ai import with_defaults
from tactical.ai.tactics import default_flight_plan
from tactical.air_attacks import air_attacks
from tactical.air_movement import aircraft_movement, move_flights, verify_flight_plan
from tactical.aircraft import deck_refusal, launch, launch_refusal, recovery_room
from tactical.options import RuleOptions
from tactical.orders import IllegalOrder, OrderName
from tactical.plans import AAShot, FlightMove
from tactical.state import Area, FlightStatus, Status
from tests.tactical.air_helpers import add_flight, carrier_card, make_aircraft
from tests.tactical.helpers import make_battle, make_card, weapon


class Quiet:
    """A captain that answers nothing about aircraft (the engine's defaults apply)."""


# --------------------------------------------------------------------------- smoke and AA at Flights (R-TAC-75)


def aa_ship(dice=(), traits=()):
    card = make_card(
        "AA",
        traits=list(traits),
        weapons=[
            weapon("AA Battery", kind="aa_battery", ranges=(1, 2, 3, 5), ad=3, dd=0, traits=["Local 2"]),
            weapon("Light Guns", kind="light_gun", ranges=(4, 9, 13, 18), ad=4, ap=-2, traits=["DP", "Weak"]),
        ],
    )
    battle = make_battle([("AA", card, 1, (30.0, 30.0), 0.0)], dice)
    return battle, battle.ship("AA")


def test_smoke_between_stops_aa_battery_and_dp_fire_at_a_flight() -> None:
    """000 Create Smoke!: no attack through smoke: a smoke counter between the ship and a Flight 4" away stops
    the AA Battery and the DP Light Guns alike, with no die rolled; Local dice at a Flight in contact still fire."""
    battle, ship = aa_ship([6, 6])
    flight = add_flight(battle, "F", 0, make_aircraft(), (34.0, 30.0))
    battle.state.smoke.append((32.0, 30.0))
    assert aa_targets(battle, ship, 0, local=False) == aa_targets(battle, ship, 1, local=False) == []
    assert aa_flight_refusal(battle, ship, 0, flight, local=False) == "000 Create Smoke!: smoke lies between AA and F"
    with pytest.raises(IllegalOrder) as refused:
        fire_aa(battle, ship, [AAShot(0, "F", 3)])
    assert str(refused.value) == "000 Create Smoke!: AA AA Battery cannot fire at F: smoke lies between AA and F"
    assert not battle.log.of_type(ev.DiceRolled) and not ship.aa_fired
    flight.target = "AA"  # in contact: the Local dice are alongside (R-TAC-75)
    fire_aa(battle, ship, [AAShot(0, "F", 2, local=True)])
    assert flight.status is FlightStatus.DESTROYED
    battle, ship = aa_ship()
    flight = add_flight(battle, "F", 0, make_aircraft(), (34.0, 30.0))
    battle.state.smoke.append((32.0, 33.0))  # 3" off the line: clear
    assert aa_targets(battle, ship, 0, local=False) == [flight]


@pytest.mark.parametrize(("radar", "owner", "fires"), [(True, "1", True), (True, "0", False), (False, "1", False)])
def test_001_smoke_radar_ships_fire_aa_through_their_own_smoke_at_minus_one(radar, owner, fires) -> None:
    """001 Smoke (option): a Radar ship may fire through smoke its own fleet laid, its AA at -1 (a 6 does not
    hit a Flight then: AA needs a natural 6, R-TAC-24); the enemy's smoke, or its own without Radar, still stops it."""
    battle, ship = aa_ship([6, 6, 6], traits=["Radar"] if radar else [])
    battle.state.options = RuleOptions(smoke_001=True)
    flight = add_flight(battle, "F", 0, make_aircraft(), (34.0, 30.0))
    battle.state.smoke.append((32.0, 30.0))
    battle.state.smoke_by[owner] = [0]
    assert (aa_targets(battle, ship, 0, local=False) == [flight]) is fires
    if not fires:
        return
    fire_aa(battle, ship, [AAShot(0, "F", 3)])
    [aa] = battle.log.of_type(ev.AAFire)
    assert (aa.dice, aa.need, aa.hits) == (3, 7, 0) and flight.airborne


# --------------------------------------------------------------------------- several Flights landing (R-TAC-76)


def carrier_battle(dice=(), flights=3, aboard=0, wind="north"):
    battle = make_battle([("CV", carrier_card(traits=["Carrier", "Flights 4"]), 0, (30.0, 10.0), 0.0)], dice)
    battle.state.wind = wind
    cv = battle.ship("CV")
    cv.has_moved, cv.moved, cv.turned = True, 6.0, False
    for i in range(aboard):
        add_flight(battle, f"A{i}", 0, make_aircraft(), carrier="CV", aboard=True)
    for i in range(flights):
        f = add_flight(battle, f"S{i}", 0, make_aircraft("dive_bomber"), (30.0 + i, 3.0), carrier="CV")
        f.armed = False
    return battle, cv


def landing(names):
    return {n: FlightMove(path=((30.0, 7.5),), land="CV") for n in names}


def test_one_aircraft_move_lands_no_more_than_the_deck_allows() -> None:
    """000 Carrier / Launching and Recovering Aircraft: one Flight recovered a turn, two after a passed Scramble!
    (R-TAC-76: however many Flights reach the stern in the same aircraft move)."""
    battle, cv = carrier_battle()
    assert recovery_room(battle, cv) == 1
    with pytest.raises(IllegalOrder) as refused:
        verify_flight_plan(battle, 0, landing(["S0", "S1"]))
    assert str(refused.value) == (
        "000 Launching and Recovering Aircraft: CV may recover 1 Flight(s) this turn: S1 would be one more")
    move_flights(battle, 0, landing(["S0"]))
    assert [f.name for f in battle.state.flights.values() if f.status is FlightStatus.ABOARD] == ["S0"]
    assert cv.deck_moves == 1 and recovery_room(battle, cv) == 0
    battle, cv = carrier_battle()
    cv.order, cv.order_ok = OrderName.SCRAMBLE.value, True
    assert recovery_room(battle, cv) == 2
    with pytest.raises(IllegalOrder, match="S2 would be one more"):
        verify_flight_plan(battle, 0, landing(["S0", "S1", "S2"]))
    move_flights(battle, 0, landing(["S0", "S1"]))
    assert cv.deck_moves == 2 and battle.state.flights["S2"].airborne


def test_one_aircraft_move_lands_no_more_than_the_hangar_holds() -> None:
    """Flights 4 with three aboard: one more, on the table or in deep deployment (which has no deck limit)."""
    battle, cv = carrier_battle(aboard=3)
    cv.order, cv.order_ok = OrderName.SCRAMBLE.value, True
    assert recovery_room(battle, cv) == 1
    with pytest.raises(IllegalOrder, match="CV has no room for another Flight"):
        verify_flight_plan(battle, 0, landing(["S0", "S1"]))
    battle, cv = carrier_battle(aboard=1)
    cv.status, cv.pos = Status.DEEP, None
    assert recovery_room(battle, cv) == 3
    off_edge = {n: FlightMove(path=((30.0, -1.0),), land="CV") for n in ("S0", "S1", "S2")}
    move_flights(battle, 0, off_edge)
    assert all(battle.state.flights[n].status is FlightStatus.ABOARD for n in off_edge)


def test_the_ai_lands_one_flight_and_sends_the_others_astern() -> None:
    """The AI's way home respects R-TAC-76: of three spent Flights within reach of the stern, one lands (the first
    by name) and the others wait astern; its plan is legal."""
    battle, _cv = carrier_battle()
    plan = default_flight_plan(battle, 0)
    assert [n for n, m in plan.items() if m.land] == ["S0"]
    assert all(plan[n].path and plan[n].land is None for n in ("S1", "S2"))
    verify_flight_plan(battle, 0, plan)


# --------------------------------------------------------------------------- deep deployment (R-TAC-77)


@pytest.mark.parametrize("why", ["crew", "weather"])
def test_a_deep_deployed_carrier_obeys_crew_and_weather(why: str) -> None:
    """000 Launching and Recovering Aircraft (Crew Critical Score 2 or more) and 000 Bad Weather hold off the table
    too: the deep-deployed carrier neither launches nor recovers; when they clear, it launches any number."""
    battle, cv = carrier_battle(flights=1, aboard=2)
    cv.status, cv.pos = Status.DEEP, None
    if why == "crew":
        cv.criticals[Area.CREW] = 2
        expected = ("000 Launching and Recovering Aircraft: a carrier with a Crew Critical Score of 2 or more may "
                    "not launch or recover Flights")
    else:
        battle.state.weather = "bad"
        expected = "000 Bad Weather: carriers may not launch or recover aircraft"
    assert deck_refusal(battle, cv) == launch_refusal(battle, cv, ["A0", "A1"]) == expected
    with pytest.raises(IllegalOrder):
        launch(battle, cv, ["A0"])
    with pytest.raises(IllegalOrder, match=expected.split(": ", 1)[1]):
        verify_flight_plan(battle, 0, {"S0": FlightMove(path=((30.0, -1.0),), land="CV")})
    launcher = type("L", (), {"choose_launch": lambda self, b, c, ready: list(ready)})()
    battle.state.initiative = 0
    aircraft_movement(battle, (with_defaults(launcher), with_defaults(Quiet())))
    assert not battle.log.of_type(ev.Launched)
    cv.criticals[Area.CREW] = 0
    battle.state.weather = "good"
    aircraft_movement(battle, (with_defaults(launcher), with_defaults(Quiet())))
    assert [e.ship for e in battle.log.of_type(ev.Launched)] == ["A0", "A1"]


def test_any_flight_aboard_a_deep_deployed_carrier_meets_the_attackers() -> None:
    """000 Attacking Deep Deployment Carriers (R-TAC-83): the Flights aboard meet the attackers one each, the
    Fighter first, then the others by Dogfight score (the Torpedo-Bomber at 0 before the Dive-Bomber at -1): Val1
    is shot down by the Fighter (2 against 5), Val2 shoots down the Torpedo-Bomber (5 against 2), Val3 and the
    Dive-Bomber draw (4 against 5 - 1): Val3 is held off; Val2 then attacks and misses (1)."""
    battle, cv = carrier_battle(flights=0)
    cv.status, cv.pos = Status.DEEP, None
    add_flight(battle, "DB", 0, make_aircraft("dive_bomber", dogfight=-1), carrier="CV", aboard=True)
    add_flight(battle, "TB", 0, make_aircraft("torpedo_bomber"), carrier="CV", aboard=True)
    add_flight(battle, "F", 0, make_aircraft(), carrier="CV", aboard=True)
    vals = [add_flight(battle, f"Val{i}", 1, make_aircraft("dive_bomber"), (30.0 + 2 * i, 5.0)) for i in (1, 2, 3)]
    move_flights(battle, 1, {v.name: FlightMove(path=((v.pos[0], -1.0),), attack="CV") for v in vals})
    battle.dice.push(2, 5, 5, 2, 4, 5, 1)
    air_attacks(battle, 1, with_defaults(Quiet()))
    fights = [(d.ship, d.target, d.roll, d.target_roll) for d in battle.log.of_type(ev.Dogfight)]
    assert fights == [("Val1", "F", 2, 5), ("Val2", "TB", 5, 2), ("Val3", "DB", 4, 4)]
    status = {n: f.status for n, f in battle.state.flights.items()}
    assert status["Val1"] is FlightStatus.DESTROYED and status["TB"] is FlightStatus.DESTROYED
    assert status["F"] is status["DB"] is FlightStatus.ABOARD
    assert [e.ship for e in battle.log.of_type(ev.HeldOff)] == ["Val3"] and cv.hull == cv.hull_start
