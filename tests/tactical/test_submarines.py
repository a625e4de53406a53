"""Submarines (000 "Submarines"; R-TAC-31, R-TAC-35, R-TAC-37), with scripted dice."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tactical import battle_events as ev
from tactical.ai import with_defaults
from tactical.air_attacks import air_attacks
from tactical.air_movement import verify_flight_plan
from tactical.battle import BattleSpec, FleetSpec, ShipSpec, SubmarineSpec
from tactical.geometry import Table, distance
from tactical.gunnery import fire, max_dice, target_refusal, usable_now, verify_fire_plan
from tactical.movement import max_move, verify_move
from tactical.orders import IllegalOrder, OrderName, issue_order, legal_orders
from tactical.plans import FirePlan, FlightMove, Leg, MovePlan, Shot
from tactical.state import Depth, Status
from tactical.submarines import (
    attempt_detection,
    crash_dive_checks,
    depth_charge_refusal,
    detect,
    detection_modifier,
    drop_depth_charges,
    end_phase,
    legal_depths,
    long_range_detection,
    observation_hunt,
    set_depth,
)
from tests.tactical.air_helpers import add_flight, make_aircraft
from tests.tactical.helpers import make_battle, make_card, weapon


class Quiet:
    pass


def sub_card(**kw):
    fields = {
        "type": "submarine", "traits": ["Submarine"], "flank_speed": 5, "submerged_speed": 2, "armour": 1,
        "hull": 5, "crippled": 1,
        "weapons": [weapon("Fore Torpedoes", kind="torpedo", arcs=["fore"], ranges=(2, 5, 7, 10), ad=3, dd=3,
                           traits=["Devastating", "Slow-Loading"]),
                    weapon("Deck Gun", kind="light_gun", ranges=(2, 4, 6, 8), ad=1, ap=-2)],
    }  # fmt: skip
    fields.update(kw)
    return make_card("SS", **fields)


def hunter_card(traits=("Depth Charge",), **kw):
    return make_card("DE", type="destroyer", armour=1, hull=5, crippled=2, traits=list(traits), **kw)


def sub_battle(dice=(), depth=Depth.SUBMERGED, sub_pos=(30.0, 20.0), hunter_pos=(30.0, 25.0), hunter_heading=0.0,
               traits=("Depth Charge",)):  # fmt: skip
    battle = make_battle([("DE", hunter_card(traits), 0, hunter_pos, hunter_heading),
                          ("SS", sub_card(), 1, sub_pos, 0.0)], dice)  # fmt: skip
    battle.ship("SS").depth = depth
    return battle


def test_sectors_are_numbered_from_the_north_west() -> None:
    """R-TAC-31."""
    table = Table()
    assert table.sector((1.0, 47.0)) == 1 and table.sector((71.0, 47.0)) == 6
    assert table.sector((1.0, 1.0)) == 19 and table.sector((71.0, 1.0)) == 24
    assert table.sector_rect(9) == (24.0, 24.0, 36.0, 36.0)
    with pytest.raises(ValueError):
        table.sector_rect(25)


def test_depth_changes_and_the_second_flank_speed() -> None:
    """000 Submarines: Movement Phase: submerged may surface or run deep, the others only submerge; a boat that
    changes depth gives no Order; submerged it uses its second Flank Speed."""
    battle = sub_battle()
    boat = battle.ship("SS")
    assert legal_depths(boat) == [Depth.SUBMERGED, Depth.SURFACED, Depth.DEEP]
    assert max_move(boat) == 2.0
    set_depth(battle, boat, Depth.SURFACED)
    assert max_move(boat) == 5.0 and legal_orders(boat) == []
    with pytest.raises(IllegalOrder):
        set_depth(battle, boat, Depth.DEEP)


def test_submerged_boats_fire_only_torpedoes_and_split_them() -> None:
    """A submerged boat attacks only with torpedoes, tube by tube at several targets in the arc; running deep it
    makes no attacks; guns cannot target it."""
    big = make_card("A", hull=20)
    battle = make_battle([("SS", sub_card(), 1, (30.0, 20.0), 0.0), ("A", big, 0, (29.0, 24.0), 90.0),
                          ("B", big.model_copy(update={"name": "B"}), 0, (31.0, 24.0), 90.0)])  # fmt: skip
    boat = battle.ship("SS")
    boat.depth = Depth.SUBMERGED
    assert usable_now(battle, boat, 1).startswith("000 Submarines")
    verify_fire_plan(battle, boat, FirePlan((Shot(0, "A", 2), Shot(0, "B", 1))))
    boat.depth = Depth.DEEP
    assert "makes no attacks" in usable_now(battle, boat, 0)
    boat.depth = Depth.SUBMERGED
    assert target_refusal(battle, battle.ship("A"), 0, boat).startswith("000 Depth Charges")


def test_detection_chart() -> None:
    """000 Detection Chart: Sub-Hunter +2, Silent -1, running deep -2, detected or surfaced last turn +1, a
    torpedo this turn or last +1 (applied at the roll); only Sub-Hunters look for deep boats; within 8"."""
    battle = sub_battle(traits=("Depth Charge", "Sub-Hunter"), depth=Depth.DEEP)
    hunter, boat = battle.ship("DE"), battle.ship("SS")
    boat.card = boat.card.model_copy(update={"traits": ["Submarine", "Silent"]})
    boat.detected_last_turn = True
    assert detection_modifier(hunter, boat) == 2 - 1 - 2 + 1
    plain = sub_battle(depth=Depth.DEEP)
    with pytest.raises(IllegalOrder, match="Sub-Hunters"):
        attempt_detection(plain, plain.ship("DE"), "SS")
    far = sub_battle(hunter_pos=(30.0, 29.0))
    with pytest.raises(IllegalOrder, match="8"):
        attempt_detection(far, far.ship("DE"), "SS")
    battle = sub_battle([4])
    assert attempt_detection(battle, battle.ship("DE"), "SS") and battle.ship("SS").detected
    with pytest.raises(IllegalOrder, match="one submarine a turn"):
        attempt_detection(battle, battle.ship("DE"), "SS")
    battle = sub_battle([3])
    battle.ship("SS").torpedo_turn = battle.state.turn - 1
    assert attempt_detection(battle, battle.ship("DE"), "SS")  # 3 + 1


def test_depth_charges() -> None:
    """000 Depth Charges: Aft arc (Hedgehog and Squid Fore), 3", 5+ whatever the modifiers, DD 2, Slow-Loading, only
    against a detected boat under water."""
    battle = sub_battle([5, 3, 2], hunter_pos=(30.0, 22.0))  # the boat is astern of the hunter
    hunter, boat = battle.ship("DE"), battle.ship("SS")
    with pytest.raises(IllegalOrder, match="not been detected"):
        drop_depth_charges(battle, hunter, (("Depth Charge", "SS"),))
    boat.detected = True
    drop_depth_charges(battle, hunter, (("Depth Charge", "SS"),))
    assert boat.hull == 3
    battle.state.turn += 1
    with pytest.raises(IllegalOrder, match="Slow-Loading"):
        drop_depth_charges(battle, hunter, (("Depth Charge", "SS"),))
    with pytest.raises(IllegalOrder, match="Hedgehog"):
        drop_depth_charges(battle, hunter, (("Hedgehog", "SS"),))
    ahead = sub_battle(hunter_pos=(30.0, 18.0), traits=("Hedgehog",))
    ahead.ship("SS").detected = True
    ahead.dice.push(4)
    drop_depth_charges(ahead, ahead.ship("DE"), (("Hedgehog", "SS"),))  # a 4 misses (5+)
    assert ahead.ship("SS").hull == 5
    surfaced = sub_battle(hunter_pos=(30.0, 22.0), depth=Depth.SURFACED)
    surfaced.ship("SS").detected = True
    with pytest.raises(IllegalOrder, match="under water"):
        drop_depth_charges(surfaced, surfaced.ship("DE"), (("Depth Charge", "SS"),))


def test_a_fire_plan_detects_then_drops_charges() -> None:
    battle = sub_battle([4, 6, 3, 3], hunter_pos=(30.0, 22.0))
    fire(battle, battle.ship("DE"), FirePlan(detect="SS", depth_charges=(("Depth Charge", "SS"),)))
    assert battle.ship("SS").hull == 3


def test_crash_dive_and_escape() -> None:
    battle = sub_battle([4], depth=Depth.SURFACED)
    battle.state.spotted_by[0].append("SS")
    crash_dive_checks(battle, (with_defaults(Quiet()), with_defaults(Quiet())), 0, [(30.0, 25.0)])
    boat = battle.ship("SS")
    assert boat.depth is Depth.SUBMERGED and "SS" not in battle.state.spotted_by[0]
    quiet = (with_defaults(Quiet()), with_defaults(Quiet()))
    crash_dive_checks(battle, quiet, 0, [(30.0, 25.0)])  # submerged now: nothing to do
    boat.depth = Depth.DEEP

    class Away:
        def escape(self, battle, ship):
            return True

    end_phase(battle, (with_defaults(Quiet()), with_defaults(Away())))
    assert boat.status is Status.HIDDEN and boat.sector == Table().sector((30.0, 20.0)) and boat.pos is None


def test_long_ranged_detection_and_observation_hunters() -> None:
    battle = sub_battle([6], traits=("Sub-Hunter",), hunter_pos=(30.0, 30.0))
    boat = battle.ship("SS")
    boat.status, boat.pos, boat.depth, boat.sector = Status.HIDDEN, None, Depth.DEEP, Table().sector((30.0, 30.0))
    long_range_detection(battle, (with_defaults(Quiet()), with_defaults(Quiet())))
    assert boat.on_table and boat.depth is Depth.DEEP and not boat.detected
    x0, y0, x1, y1 = Table().sector_rect(boat.sector)
    assert x0 <= boat.pos[0] <= x1 and y0 <= boat.pos[1] <= y1
    boat.depth = Depth.SUBMERGED
    battle.state.sub_hunters = {0: 1}
    battle.dice.push(3)
    observation_hunt(battle, (with_defaults(Quiet()), with_defaults(Quiet())))
    assert not boat.detected
    boat.surfaced_last_turn = True
    battle.dice.push(3)
    observation_hunt(battle, (with_defaults(Quiet()), with_defaults(Quiet())))
    assert boat.detected


def test_asw_aircraft() -> None:
    """000 ASW Aircraft: only ASW Flights attack a submerged boat, from within 8", after a D6 5+ to spot it; the
    ASW Attack Modifiers replace the usual ones."""
    battle = sub_battle(hunter_pos=(60.0, 40.0))
    plain = add_flight(battle, "P", 0, make_aircraft("dive_bomber"), (30.0, 10.0))
    with pytest.raises(IllegalOrder, match="ASW"):
        verify_flight_plan(battle, 0, {"P": FlightMove(path=((30.0, 14.0),), attack="SS")})
    asw = add_flight(battle, "A", 0, make_aircraft("bomber", traits=["ASW"]), (30.0, 14.0))
    verify_flight_plan(battle, 0, {"A": FlightMove(path=((30.0, 13.0),), attack="SS")})
    asw.target = "SS"
    battle.dice.push(5, 6, 3, 3)  # spotted on 5; 6 - 1 (bomb) + 1 (fore-aft line) hits 5+; DD 3, 3
    air_attacks(battle, 0, with_defaults(Quiet()))
    assert battle.ship("SS").hull == 3
    mods = battle.log.of_type(ev.AirStrike)[0].mods
    assert ("ASW: bomb or depth charge", -1) in mods and any("fore-aft" in why for why, _ in mods)
    assert plain


def test_an_asw_flights_sighting_is_no_detection_for_the_ships() -> None:
    """000 Submarines: ships' depth charges need a boat detected "by any ship or Observation Flight (but not ASW
    Flight)" (R-TAC-74): the ASW Flight that sights SS attacks it, but SS stays undetected and DE, 2" away with SS
    in its aft arc, may not drop depth charges until DE detects it itself."""
    battle = sub_battle(hunter_pos=(30.0, 22.0))
    asw = add_flight(battle, "A", 0, make_aircraft("bomber", traits=["ASW"]), (30.0, 14.0))
    asw.target = "SS"
    battle.dice.push(5, 1)  # sighted on 5; the attack misses
    air_attacks(battle, 0, with_defaults(Quiet()))
    [sighting] = battle.log.of_type(ev.AirSighting)
    boat, hunter = battle.ship("SS"), battle.ship("DE")
    assert sighting.sighted and not boat.detected and not battle.log.of_type(ev.Detected)
    assert depth_charge_refusal(battle, hunter, "Depth Charge", boat) == "000 Depth Charges: SS has not been detected"
    detect(battle, boat, "DE")
    assert depth_charge_refusal(battle, hunter, "Depth Charge", boat) is None


def test_rig_for_silent_running() -> None:
    battle = sub_battle([4])
    boat = battle.ship("SS")
    assert OrderName.SILENT_RUNNING in legal_orders(boat)
    issue_order(battle, boat, OrderName.SILENT_RUNNING)
    assert boat.silent_running and max_move(boat) == 1.0
    with pytest.raises(IllegalOrder, match="Silent Running"):
        verify_move(boat, MovePlan((Leg(0, 0.5), Leg(20, 0.5))))
    assert "no attacks" in usable_now(battle, boat, 0)
    assert detection_modifier(battle.ship("DE"), boat) == -1
    surfaced = sub_battle(depth=Depth.SURFACED)
    assert OrderName.SILENT_RUNNING not in legal_orders(surfaced.ship("SS"))


def test_kaiten_one_a_turn_and_a_miss_rolled_again() -> None:
    kaiten = weapon("Kaiten", kind="torpedo", arcs=["fore"], ranges=(4, 10, 15, 20), ad=2, dd=3,
                    traits=["Devastating", "One-Shot", "Kaiten"])  # fmt: skip
    card = sub_card(weapons=[kaiten])
    target = make_card("T", hull=20)
    battle = make_battle([("SS", card, 1, (30.0, 20.0), 0.0), ("T", target, 0, (30.0, 25.0), 90.0)], [1, 6, 1, 1, 3])
    boat = battle.ship("SS")
    boat.depth = Depth.SUBMERGED
    assert max_dice(boat, 0) == 1
    fire(battle, boat, FirePlan((Shot(0, "T", 1),)))
    assert battle.ship("T").hull == 17  # the miss re-rolled to 6 (-2 torpedo +1 side: hits), Devastating 3


def test_spec_submarines() -> None:
    boat = SubmarineSpec(side=1, ship=ShipSpec(name="U1", card=sub_card()), sector=9)
    fleets = (FleetSpec(name="Blue", ships=[ShipSpec(name="DE", card=hunter_card())]), FleetSpec(name="Red"))
    spec = BattleSpec(sides=fleets, submarines=[boat])
    assert spec.submarines[0].sector == 9
    with pytest.raises(ValidationError, match="sector 25"):
        BattleSpec(sides=fleets, submarines=[boat.model_copy(update={"sector": 25})])
    with pytest.raises(ValidationError, match="no Submarine trait"):
        BattleSpec(sides=fleets, submarines=[SubmarineSpec(side=1, ship=ShipSpec(name="X", card=make_card("X")))])
    with pytest.raises(ValidationError, match="nothing to fight with"):
        BattleSpec(sides=fleets)


def test_a_hidden_boat_comes_up_two_inches_from_its_prey_bows_on() -> None:
    """tactics.place_submarine: in its Sector, 2" short of the nearest enemy ship on the Sector's side, heading at
    it (not on top of it, where its bow would point nowhere)."""
    from tactical.ai.tactics import place_submarine

    battle = sub_battle(hunter_pos=(30.0, 3.0))  # the hunter in Sector 21 (x 24-36, y 0-12)
    sub = battle.ship("SS")
    sub.sector, sub.pos = 21, None
    spot, heading = place_submarine(battle, sub)
    assert distance(spot, (30.0, 3.0)) == pytest.approx(2.0)
    assert spot == pytest.approx((30.0, 5.0)) and heading == pytest.approx(180.0)  # north of it, facing south
