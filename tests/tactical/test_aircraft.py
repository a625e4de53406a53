"""Aircraft and carriers (000 "Aircraft", "Carriers", "Kamikaze", Aircraft Traits, Local X, DP, Armoured Deck,
Scramble!), with scripted dice; rulings R-TAC-20 to R-TAC-29."""

from __future__ import annotations

import itertools

import pytest
from pydantic import ValidationError

from tactical import battle_events as ev
from tactical.aa import aa_kill_chance, aa_targets, fire_aa
from tactical.ai import with_defaults
from tactical.air_attacks import air_attacks
from tactical.air_movement import aircraft_movement, move_flights, verify_flight_plan
from tactical.aircraft import deck_refusal, launch, rearm, roll_wind
from tactical.battle import BattleSpec, FleetSpec, FlightSpec, ShipSpec, resolve
from tactical.dogfights import dogfights
from tactical.geometry import distance
from tactical.gunnery import usable_now
from tactical.orders import IllegalOrder, OrderName
from tactical.plans import AAShot, FlightMove
from tactical.scenario import Objective
from tactical.state import Area, FlightStatus, Status
from tests.tactical.air_helpers import add_flight, carrier_card, make_aircraft
from tests.tactical.helpers import make_battle, make_card, weapon


class Quiet:
    """A captain that answers nothing about aircraft (the engine's defaults apply)."""


def target_battle(dice=(), **card_kw):
    card = make_card("CA", **card_kw)
    return make_battle([("CA", card, 1, (30.0, 30.0), 0.0)], dice)


# --------------------------------------------------------------------------- attacking with aircraft


@pytest.mark.parametrize(
    ("role", "need"),
    [("fighter", 5), ("bomber", 5), ("dive_bomber", 3), ("kamikaze", 4), ("torpedo_bomber", 5)],
)
def test_roll_to_hit_table(role: str, need: int) -> None:
    """000 Attacking with Aircraft: the roll each type needs (a flight ahead of the target: no modifier)."""
    for face, hits in ((need, True), (need - 1, False)):
        dice = [face] + ([6] if role == "kamikaze" and not hits else []) + ([4, 5] if hits else [])
        if role == "kamikaze" and not hits:
            dice = [face, 1]  # the miss is rolled again (kamikaze): 1 misses
        battle = target_battle(dice)
        flight = add_flight(battle, "F", 0, make_aircraft(role, damage_dice=2), (30.0, 32.5))
        flight.target, flight.kamikaze = "CA", role == "kamikaze"
        air_attacks(battle, 0, with_defaults(Quiet()))
        assert battle.ship("CA").hull == (18 if hits else 20), (role, face)
        assert battle.dice.remaining == 0


def test_air_attack_modifiers_r_tac_20() -> None:
    """R-TAC-20: the Attack Dice modifiers apply except range and the torpedo -2: a Torpedo-Bomber on the beam of
    a stationary target needs 5 - 1 - 1 = 3+; a Dive-Bomber against a destroyer that moved 7" needs 3 + 2 = 5+."""
    battle = target_battle([3, 4, 4])
    battle.ship("CA").anchored = True
    flight = add_flight(battle, "T", 0, make_aircraft("torpedo_bomber"), (32.5, 30.0))
    flight.target = "CA"
    air_attacks(battle, 0, with_defaults(Quiet()))
    attack = battle.log.of_type(ev.AirStrike)[0]
    assert attack.need == 3 and {("large silhouette", 1), ("stationary target", 1)} <= set(attack.mods)
    assert battle.ship("CA").hull == 18

    dd = make_card("DD", type="destroyer", armour=1, hull=6, crippled=2)
    battle = make_battle([("DD", dd, 1, (30.0, 30.0), 0.0)], [4])
    battle.ship("DD").moved = 7.0
    flight = add_flight(battle, "B", 0, make_aircraft("dive_bomber"), (30.0, 32.5))
    flight.target = "DD"
    air_attacks(battle, 0, with_defaults(Quiet()))
    assert battle.log.of_type(ev.AirStrike)[0].need == 5
    assert battle.ship("DD").hull == 6  # a 4 misses


def test_night_and_bad_weather_penalise_aircraft() -> None:
    """000 Night Battles / Bad Weather: -1 each to attacks by aircraft too."""
    battle = target_battle([4])
    battle.state.time_of_day, battle.state.weather = "night", "bad"
    flight = add_flight(battle, "B", 0, make_aircraft("dive_bomber"), (30.0, 32.5))
    flight.target = "CA"
    air_attacks(battle, 0, with_defaults(Quiet()))
    assert battle.log.of_type(ev.AirStrike)[0].need == 5


def test_armoured_deck_against_dive_bombers_and_kamikazes_only() -> None:
    """000 Armoured Deck: -1 to the Damage Dice of Dive-Bomber and Kamikaze attacks (not Bombers)."""
    for role, damage in (("dive_bomber", 1), ("bomber", 2)):
        battle = target_battle([6, 4, 5], armour=4, traits=["Armoured Deck"])
        flight = add_flight(battle, "B", 0, make_aircraft(role), (30.0, 32.5))
        flight.target = "CA"
        air_attacks(battle, 0, with_defaults(Quiet()))
        assert battle.ship("CA").hull == 20 - damage, role


def test_one_shot_payload_then_no_attack_on_ships() -> None:
    """000 Attacking with Aircraft: payloads are One-Shot; a spent Flight cannot attack a ship again."""
    battle = target_battle([1])
    flight = add_flight(battle, "B", 0, make_aircraft("dive_bomber"), (30.0, 40.0))
    flight.target = "CA"
    flight.pos = (30.0, 32.5)
    air_attacks(battle, 0, with_defaults(Quiet()))
    assert not flight.armed and flight.attacked
    flight.target, flight.attacked = None, False
    with pytest.raises(IllegalOrder, match="payload"):
        verify_flight_plan(battle, 0, {"B": FlightMove(path=((30.0, 32.0),), attack="CA")})


def test_kamikaze_rerolls_a_miss_raises_crew_and_is_spent_without_vp() -> None:
    """000 Kamikaze: a miss is rolled again; damage raises the Crew Critical Score by 1; the Flight is removed
    whether or not it hit, and gives the enemy no points (R-TAC-25)."""
    battle = target_battle([2, 4, 5, 4])
    flight = add_flight(battle, "K", 0, make_aircraft("kamikaze"), (30.0, 32.5))
    flight.target, flight.kamikaze = "CA", True
    air_attacks(battle, 0, with_defaults(Quiet()))
    ship = battle.ship("CA")
    assert ship.hull == 18 and ship.criticals[Area.CREW] == 1
    assert flight.status is FlightStatus.SPENT and flight.lost
    assert not [e for e in battle.log.of_type(ev.VictoryPoints) if e.ship == "K"]


def test_evade_rerolls_air_hits() -> None:
    battle = target_battle([5, 2])
    ship = battle.ship("CA")
    ship.order, ship.order_ok = OrderName.EVADE.value, True
    flight = add_flight(battle, "B", 0, make_aircraft("dive_bomber"), (30.0, 32.5))
    flight.target = "CA"
    air_attacks(battle, 0, with_defaults(Quiet()))
    assert ship.hull == 20


# --------------------------------------------------------------------------- AA


def aa_battle(dice=(), **kw):
    card = make_card(
        "AA",
        weapons=[
            weapon("AA Battery", kind="aa_battery", ranges=(1, 2, 3, 5), ad=3, dd=0, traits=["Local 2"]),
            weapon("Light Guns", kind="light_gun", ranges=(4, 9, 13, 18), ad=4, ap=-2, traits=["DP", "Weak"]),
        ],
        **kw,
    )
    return make_battle([("AA", card, 1, (30.0, 30.0), 0.0)], dice)


def test_aa_sixes_and_vp() -> None:
    """000 Shooting Down Aircraft: every 6 destroys a Flight; the enemy gains its points."""
    battle = aa_battle([6, 5, 1])
    flight = add_flight(battle, "F", 0, make_aircraft(), (34.0, 30.0))
    fire_aa(battle, battle.ship("AA"), [AAShot(0, "F", 3)])
    assert flight.status is FlightStatus.DESTROYED
    assert [e.vp for e in battle.log.of_type(ev.VictoryPoints)] == [20]
    battle = aa_battle([5, 5, 1])
    flight = add_flight(battle, "F", 0, make_aircraft(), (34.0, 30.0))
    fire_aa(battle, battle.ship("AA"), [AAShot(0, "F", 3)])
    assert flight.airborne


def test_aa_five_against_torpedo_bombers_in_contact_and_large() -> None:
    battle = aa_battle([5, 1, 1])
    tb = add_flight(battle, "T", 0, make_aircraft("torpedo_bomber"), (32.0, 30.0))
    tb.target = "AA"
    fire_aa(battle, battle.ship("AA"), [AAShot(0, "T", 3)])
    assert tb.status is FlightStatus.DESTROYED
    battle = aa_battle([5, 1, 1])
    big = add_flight(battle, "L", 0, make_aircraft("bomber", traits=["Large"]), (33.0, 30.0))
    fire_aa(battle, battle.ship("AA"), [AAShot(0, "L", 3)])
    assert big.status is FlightStatus.DESTROYED


@pytest.mark.parametrize(("traits", "faces", "survives"), [
    (["Tough"], [6, 1, 1], True), (["Tough"], [6, 6, 1], False),
    (["Very Tough"], [6, 6, 1], True), (["Very Tough"], [6, 6, 6], False),
])  # fmt: skip
def test_tough_and_very_tough(traits, faces, survives) -> None:
    battle = aa_battle(faces)
    flight = add_flight(battle, "F", 0, make_aircraft(traits=traits), (34.0, 30.0))
    fire_aa(battle, battle.ship("AA"), [AAShot(0, "F", 3)])
    assert flight.airborne is survives


def test_exact_aa_kill_chances() -> None:
    """Binomial odds by enumeration: 3 dice needing 6 against a Tough Flight: 16/216."""
    for dice, need, hits in itertools.product(range(1, 5), (4, 5, 6), (1, 2, 3)):
        count = sum(
            1 for faces in itertools.product(range(1, 7), repeat=dice) if sum(f >= need for f in faces) >= hits
        )
        assert aa_kill_chance(dice, need, hits) == pytest.approx(count / 6**dice)
    assert aa_kill_chance(3, 6, 2) == pytest.approx(16 / 216)


def test_aa_targets_range_local_dogfights_level_bombers() -> None:
    """Ranged AA dice reach the extreme range band; Local dice only Flights in contact; no fire into a
    dogfight; ship AA cannot reach a Level Bomber."""
    battle = aa_battle()
    ship = battle.ship("AA")
    near = add_flight(battle, "Near", 0, make_aircraft(), (34.0, 30.0))
    far = add_flight(battle, "Far", 0, make_aircraft(), (36.0, 30.0))
    level = add_flight(battle, "Hi", 0, make_aircraft("bomber", traits=["Level Bomber"]), (31.0, 30.0))
    fought = add_flight(battle, "Fought", 0, make_aircraft(), (32.0, 31.0))
    enemy = add_flight(battle, "Mine", 1, make_aircraft(), (32.0, 31.5))
    fought.engaged, enemy.engaged = ["Mine"], ["Fought"]
    assert [f.name for f in aa_targets(battle, ship, 0, local=False)] == ["Near"]
    assert aa_targets(battle, ship, 0, local=True) == []
    near.target = "AA"
    assert [f.name for f in aa_targets(battle, ship, 0, local=True)] == ["Near"]
    with pytest.raises(IllegalOrder):
        fire_aa(battle, ship, [AAShot(0, "Fought", 1)])
    assert far and level


def test_dp_light_guns_as_aa_then_not_at_ships() -> None:
    """000 DP: up to half the Attack Dice (rounding up) at aircraft within half the range; then no fire at other
    units that turn."""
    battle = aa_battle([1, 1])
    ship = battle.ship("AA")
    add_flight(battle, "F", 0, make_aircraft(), (38.5, 30.0))  # 8.5": within half of 18"
    add_flight(battle, "G", 0, make_aircraft(), (40.0, 30.0))  # 10": beyond
    with pytest.raises(IllegalOrder, match="has 2 dice"):
        fire_aa(battle, ship, [AAShot(1, "F", 3)])
    with pytest.raises(IllegalOrder, match="cannot fire at G"):
        fire_aa(battle, ship, [AAShot(1, "G", 1)])
    fire_aa(battle, ship, [AAShot(1, "F", 2)])
    assert usable_now(battle, ship, 1).startswith("000 DP")


def test_local_fire_at_every_overflight_with_kamikaze_bonus() -> None:
    """000 Local X: dice at once against a Flight moving over the ship; +1 against a kamikaze."""
    battle = aa_battle([5, 1])
    ship = battle.ship("AA")
    ship.side = 1
    kami = add_flight(battle, "K", 0, make_aircraft("kamikaze"), (30.0, 20.0))
    move_flights(battle, 0, {"K": FlightMove(path=((30.0, 32.5),), attack="AA", kamikaze=True)})
    assert kami.status is FlightStatus.DESTROYED  # a 5 + 1 against a kamikaze
    battle = aa_battle([5, 1])
    plain = add_flight(battle, "P", 0, make_aircraft(), (30.0, 20.0))
    move_flights(battle, 0, {"P": FlightMove(path=((30.0, 40.0),))})
    assert plain.airborne and battle.dice.remaining == 0


# --------------------------------------------------------------------------- movement, dogfights, escorts


def test_flight_movement_limits_and_balloons() -> None:
    battle = aa_battle()
    add_flight(battle, "F", 0, make_aircraft(flank_speed=10), (10.0, 10.0))
    with pytest.raises(IllegalOrder, match="may fly 10"):
        verify_flight_plan(battle, 0, {"F": FlightMove(path=((10.0, 21.0),))})
    battle.state.balloons.append((10.0, 15.0))
    with pytest.raises(IllegalOrder, match="Barrage Balloons"):
        verify_flight_plan(battle, 0, {"F": FlightMove(path=((10.0, 20.0),))})
    add_flight(battle, "L", 0, make_aircraft("bomber", traits=["Level Bomber"], flank_speed=10), (10.0, 10.0))
    verify_flight_plan(battle, 0, {"L": FlightMove(path=((10.0, 20.0),))})


def test_only_fighters_start_dogfights_and_escorts_come_first() -> None:
    battle = aa_battle()
    add_flight(battle, "B", 0, make_aircraft("dive_bomber"), (10.0, 10.0))
    add_flight(battle, "E", 0, make_aircraft(), (10.5, 10.0))
    battle.state.flights["E"].escorting = ["B"]
    add_flight(battle, "Zero", 1, make_aircraft(), (10.0, 20.0))
    add_flight(battle, "Val", 1, make_aircraft("dive_bomber"), (10.0, 20.0))
    with pytest.raises(IllegalOrder, match="only Fighters"):
        verify_flight_plan(battle, 1, {"Val": FlightMove(path=((10.0, 10.5),), engage=("B",))})
    with pytest.raises(IllegalOrder, match="escorted"):
        verify_flight_plan(battle, 1, {"Zero": FlightMove(path=((10.0, 10.5),), engage=("B",))})
    verify_flight_plan(battle, 1, {"Zero": FlightMove(path=((10.5, 10.5),), engage=("E",))})
    verify_flight_plan(battle, 1, {"Zero": FlightMove(path=((10.3, 10.5),), engage=("E", "B"))})


def test_dogfight_winner_destroys_and_support_counts() -> None:
    """000 Dogfighting: D6 + Dogfight (+1 per supporting Flight in contact and not fighting); the winner destroys
    the loser; a draw locks them."""
    battle = aa_battle([4, 3])
    a = add_flight(battle, "A", 0, make_aircraft(dogfight=1), (10.0, 10.0))
    b = add_flight(battle, "B", 1, make_aircraft(dogfight=2), (10.5, 10.0))
    a.engaged, b.engaged = ["B"], ["A"]
    dogfights(battle)  # 4 + 1 = 5 against 3 + 2 = 5: a draw
    assert a.airborne and b.airborne and a.engaged == ["B"]
    with pytest.raises(IllegalOrder, match="locked"):
        verify_flight_plan(battle, 0, {"A": FlightMove(path=((12.0, 10.0),))})
    battle.dice.push(4, 3)
    helper = add_flight(battle, "H", 0, make_aircraft("dive_bomber"), (10.0, 10.5))
    helper.supporting = "A"
    dogfights(battle)  # 4 + 1 + 1 = 6 against 5
    assert b.status is FlightStatus.DESTROYED and a.engaged == []


def test_a_fighter_stops_when_it_engages_and_the_enemy_is_locked() -> None:
    battle = aa_battle()
    add_flight(battle, "Z", 1, make_aircraft(), (10.0, 10.0))
    add_flight(battle, "W", 0, make_aircraft(), (10.0, 25.0))
    move_flights(battle, 0, {"W": FlightMove(path=((10.0, 10.6),), engage=("Z",))})
    assert battle.state.flights["Z"].engaged == ["W"]
    with pytest.raises(IllegalOrder, match="locked"):
        verify_flight_plan(battle, 1, {"Z": FlightMove(path=((20.0, 10.0),))})


# --------------------------------------------------------------------------- carriers


def carrier_battle(dice=(), heading=0.0, wind="north"):
    battle = make_battle([("CV", carrier_card(), 0, (30.0, 10.0), heading)], dice)
    battle.state.wind = wind
    cv = battle.ship("CV")
    cv.has_moved, cv.moved, cv.turned = True, 6.0, False
    for i in range(3):
        add_flight(battle, f"F{i}", 0, make_aircraft(), carrier="CV", aboard=True)
    return battle, cv


def test_wind_direction_die() -> None:
    """000 Wind Direction: 1-2 left, 3-4 right, 5 bottom, 6 top."""
    for face, edge in ((1, "west"), (2, "west"), (3, "east"), (4, "east"), (5, "south"), (6, "north")):
        battle = make_battle([("CV", carrier_card(), 0, (30.0, 10.0), 0.0)], [face])
        assert roll_wind(battle).value == edge


def test_launch_one_flight_into_the_wind_two_on_scramble() -> None:
    battle, cv = carrier_battle()
    launch(battle, cv, ["F0"])
    f0 = battle.state.flights["F0"]
    assert f0.airborne and abs(((f0.pos[0] - 30) ** 2 + (f0.pos[1] - 10) ** 2) ** 0.5 - 1.0) < 1e-6
    with pytest.raises(IllegalOrder, match="already launched"):
        launch(battle, cv, ["F1"])
    with pytest.raises(IllegalOrder, match="launched this turn"):
        verify_flight_plan(battle, 0, {"F0": FlightMove(path=((30.0, 20.0),))})
    battle, cv = carrier_battle()
    cv.order, cv.order_ok = OrderName.SCRAMBLE.value, True
    launch(battle, cv, ["F0", "F1"])
    with pytest.raises(IllegalOrder):
        launch(battle, cv, ["F2"])


@pytest.mark.parametrize("why", ["wind", "turned", "crew", "weather", "order", "evade"])
def test_deck_closed(why: str) -> None:
    battle, cv = carrier_battle(wind="east" if why == "wind" else "north")
    if why == "turned":
        cv.turned = True
    if why == "crew":
        cv.criticals[Area.CREW] = 2
    if why == "weather":
        battle.state.weather = "bad"
    if why in ("order", "evade"):
        cv.order, cv.order_ok = (OrderName.ALL_HANDS.value if why == "order" else OrderName.EVADE.value), True
    assert deck_refusal(battle, cv) is not None
    with pytest.raises(IllegalOrder):
        launch(battle, cv, ["F0"])


def test_recovery_at_the_stern_and_rearming() -> None:
    """000 Launching and Recovering: a Flight lands by moving into contact with the stern; a spent one must pass
    a crew check in the End Phase to be re-armed."""
    battle, _cv = carrier_battle([3, 4])
    flight = add_flight(battle, "S", 0, make_aircraft("dive_bomber"), (30.0, 2.0), carrier="CV")
    flight.armed = False
    with pytest.raises(IllegalOrder, match="stern"):
        verify_flight_plan(battle, 0, {"S": FlightMove(path=((30.0, 12.5),), land="CV")})
    move_flights(battle, 0, {"S": FlightMove(path=((30.0, 7.5),), land="CV")})
    assert flight.status is FlightStatus.ABOARD and not flight.ready
    rearm(battle)  # 3: fails
    assert not flight.ready
    rearm(battle)  # 4: re-armed
    assert flight.ready and flight.armed


def test_land_based_flights_cannot_land_on_carriers() -> None:
    battle, _cv = carrier_battle()
    flight = add_flight(battle, "L", 0, make_aircraft("bomber", carrier=False), (30.0, 2.0))
    with pytest.raises(IllegalOrder, match="land-based"):
        verify_flight_plan(battle, 0, {"L": FlightMove(path=((30.0, 7.5),), land="CV")})
    assert flight.airborne


def test_deep_deployment_launch_protection_and_attack() -> None:
    """000 Deep Deployment: Flights launched from deep deployment appear on the fleet's edge and cannot be
    attacked that turn; enemy Flights that fly off that edge attack the carrier after its Fighters aboard
    dogfight them."""
    battle, cv = carrier_battle()
    cv.status, cv.pos = Status.DEEP, None
    battle.state.flights["F0"].card = make_aircraft(dogfight=0)
    launcher = type("L", (), {"choose_launch": lambda self, b, c, ready: ["F1"]})()
    aircraft_movement(battle, (with_defaults(launcher), with_defaults(Quiet())))
    f1 = battle.state.flights["F1"]
    assert f1.airborne and f1.pos[1] == 0.0 and f1.protected_turn == battle.state.turn
    enemy = add_flight(battle, "Zero", 1, make_aircraft(), (30.0, 1.0))
    with pytest.raises(IllegalOrder, match="deep deployment"):
        verify_flight_plan(battle, 1, {"Zero": FlightMove(path=(f1.pos,), engage=("F1",))})
    bomber = add_flight(battle, "Val", 1, make_aircraft("dive_bomber"), (30.0, 5.0))
    move_flights(battle, 1, {"Val": FlightMove(path=((30.0, -1.0),), attack="CV")})
    assert bomber.target == "CV" and bomber.pos == (30.0, 0.0)
    battle.dice.push(5, 2)  # the Val's 5 against F0's 2 (a Fighter still aboard): F0 is shot down
    battle.dice.push(3, 4, 4)  # the Val then hits (3+) and rolls its two Damage Dice
    air_attacks(battle, 1, with_defaults(Quiet()))
    assert battle.state.flights["F0"].status is FlightStatus.DESTROYED
    assert cv.hull == 58 and enemy.airborne


# --------------------------------------------------------------------------- the battle spec


def _fleets(ships0, ships1, **kw):
    return (FleetSpec(name="Blue", ships=ships0, objective=Objective.ATTRITION, **kw),
            FleetSpec(name="Red", ships=ships1, objective=Objective.ATTRITION))  # fmt: skip


def test_spec_checks_carriers_capacity_and_the_quarter_limit() -> None:
    cv = ShipSpec(name="CV", card=carrier_card())
    red = [ShipSpec(name="R", card=make_card("R"))]
    wildcat = make_aircraft()
    flights = [FlightSpec(name=f"F{i}", side=0, aircraft=wildcat, carrier="CV") for i in range(7)]
    with pytest.raises(ValidationError, match="at most 6 Flights"):
        BattleSpec(sides=_fleets([cv], red), flights=flights)
    with pytest.raises(ValidationError, match="cannot fly from a carrier"):
        BattleSpec(sides=_fleets([cv], red), flights=[FlightSpec(name="L", side=0, aircraft=make_aircraft(
            carrier=False), carrier="CV")])  # fmt: skip
    with pytest.raises(ValidationError, match="not a carrier"):
        BattleSpec(sides=_fleets([cv], red), flights=[FlightSpec(name="L", side=1, aircraft=wildcat, carrier="CV")])
    heavy = make_aircraft("bomber", carrier=False, points=40)
    with pytest.raises(ValidationError, match="quarter"):
        BattleSpec(sides=_fleets([ShipSpec(name="B", card=make_card("B"))], red),
                   flights=[FlightSpec(name="L", side=0, aircraft=heavy)])  # fmt: skip
    ok = BattleSpec(sides=_fleets([ShipSpec(name="B", card=make_card("B"))], red, air_limit=False),
                    flights=[FlightSpec(name="L", side=0, aircraft=heavy)])  # fmt: skip
    assert BattleSpec.model_validate_json(ok.model_dump_json()) == ok


def test_a_carrier_battle_reports_flights_lost() -> None:
    """BattleReport: every Flight's fate, and the names of those lost; the CAP of two starts in the air."""
    blue = [ShipSpec(name="CV", card=carrier_card()), ShipSpec(name="CA", card=make_card("CA"))]
    red = [ShipSpec(name="CVR", card=carrier_card("CVR")), ShipSpec(name="CAR", card=make_card("CAR"))]
    flights = [FlightSpec(name=f"B{i}", side=0, aircraft=make_aircraft(
        "fighter" if i < 2 else "dive_bomber", name="X" if i < 2 else "Y"), carrier="CV") for i in range(5)]
    flights += [FlightSpec(name=f"R{i}", side=1, aircraft=make_aircraft(
        "fighter" if i < 2 else "torpedo_bomber"), carrier="CVR") for i in range(5)]  # fmt: skip
    report = resolve(BattleSpec(sides=_fleets(blue, red), flights=flights, seed=3, wind="north"))
    assert {f.name for f in report.flights} == {f.name for f in flights}
    assert set(report.flights_lost) == {f.name for f in report.flights if f.lost}
    deploy = [e for e in report.events if isinstance(e, ev.FlightsAloft)]
    assert len(deploy) == 2 and all(len(e.flights) == 2 for e in deploy)  # two CAP Flights a carrier
    assert any(isinstance(e, ev.Launched) for e in report.events)
    assert "Flights lost" in "\n".join(report.summary())


def test_strike_flights_in_reach_wait_for_the_rest_of_the_strike() -> None:
    """tactics._mass_the_strike: one dive-bomber in reach of the cruiser while two more are a move away holds off
    (7" short), so the three go in together next turn; when most of the strike is in reach, all attack; in the
    last two turns nobody waits."""
    from tactical.ai.tactics import default_flight_plan

    bomber = make_aircraft("dive_bomber", flank_speed=20)
    battle = target_battle()  # the cruiser at (30, 30), side 1
    battle.state.max_turns = 8
    add_flight(battle, "Near", 0, bomber, (30.0, 12.0))  # 18" away: in reach
    add_flight(battle, "Far 1", 0, bomber, (55.0, 5.0))  # 35" away: a move away
    add_flight(battle, "Far 2", 0, bomber, (5.0, 5.0))
    plan = default_flight_plan(battle, 0)
    assert plan["Near"].attack is None and plan["Far 1"].attack is None and plan["Far 2"].attack is None
    assert distance(plan["Near"].path[-1], (30.0, 30.0)) == pytest.approx(7.0, abs=0.01)
    battle.state.flights["Far 2"].pos = (30.0, 14.0)  # now two of three in reach: they go in
    plan = default_flight_plan(battle, 0)
    assert plan["Near"].attack == "CA" and plan["Far 2"].attack == "CA"
    battle.state.flights["Far 2"].pos = (5.0, 5.0)
    battle.state.turn = 7  # the last two turns: no waiting
    assert default_flight_plan(battle, 0)["Near"].attack == "CA"
