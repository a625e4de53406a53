"""Motor Torpedo Boats (000 "Motor Torpedo Boats"; R-TAC-40 to R-TAC-43), with scripted dice."""

from __future__ import annotations

import pytest

from tactical import battle_events as ev
from tactical.aa import aa_can_hit_boat, boats_aa, fire_aa
from tactical.ai import with_defaults
from tactical.air_attacks import air_attacks
from tactical.gunnery import fire, verify_fire_plan
from tactical.mtb import boat_attacks, gun_refusal, move_boats, verify_boat_plan
from tactical.orders import IllegalOrder
from tactical.plans import AAShot, BoatMove, FirePlan, Shot
from tactical.state import Status
from tests.tactical.air_helpers import add_boat, add_flight, make_aircraft, make_mtb
from tests.tactical.helpers import make_battle, make_card, weapon


class Quiet:
    pass


def ship_card(**kw):
    fields = {"weapons": [weapon("Turret A", ranges=(8, 16, 24, 32)),
                          weapon("Light Guns", kind="light_gun", ranges=(4, 9, 13, 18), ad=3),
                          weapon("AA Battery", kind="aa_battery", ranges=(1, 2, 3, 5), ad=2, dd=0,
                                 traits=["Local 1"])]}  # fmt: skip
    fields.update(kw)
    return make_card("CA", **fields)


def mtb_battle(dice=(), boat_pos=(30.0, 20.0), **mtb):
    battle = make_battle([("CA", ship_card(), 0, (30.0, 30.0), 90.0)], dice)
    boat = add_boat(battle, "PT", 1, make_mtb(**mtb), boat_pos)
    return battle, battle.ship("CA"), boat


def test_movement_any_direction_speed_and_weather() -> None:
    battle, _ship, _boat = mtb_battle()
    verify_boat_plan(battle, 1, {"PT": BoatMove(path=((44.0, 20.0),))})
    with pytest.raises(IllegalOrder, match="may move 14"):
        verify_boat_plan(battle, 1, {"PT": BoatMove(path=((45.0, 20.0),))})
    battle.state.weather = "bad"
    with pytest.raises(IllegalOrder, match="may move 7"):
        verify_boat_plan(battle, 1, {"PT": BoatMove(path=((38.0, 20.0),))})
    battle.state.weather = "good"
    with pytest.raises(IllegalOrder, match="base contact"):
        verify_boat_plan(battle, 1, {"PT": BoatMove(path=((30.0, 26.0),), attack="CA")})
    for i in range(4):
        add_boat(battle, f"P{i}", 1, make_mtb(), (30.0, 20.0))
    plan = {f"P{i}": BoatMove(path=((30.0, 28.0),), attack="CA") for i in range(4)}
    verify_boat_plan(battle, 1, plan)
    with pytest.raises(IllegalOrder, match="at most four"):
        verify_boat_plan(battle, 1, {**plan, "PT": BoatMove(path=((30.0, 28.0),), attack="CA")})


def test_boat_attack_light_guns_then_torpedoes_at_point_blank() -> None:
    """Light Guns at point blank (+1, Large Silhouette from the beam), then the torpedoes (-2), One-Shot."""
    battle, ship, boat = mtb_battle([3, 4, 4, 3, 2, 3, 1])
    move_boats(battle, 1, {"PT": BoatMove(path=((30.0, 27.5),), attack="CA")})
    boat_attacks(battle, 1, with_defaults(Quiet()))
    [guns], [torpedoes] = battle.log.of_type(ev.MTBGuns), battle.log.of_type(ev.MTBTorpedoes)
    assert guns.need == 2 and torpedoes.need == 4 and battle.log.events.index(guns) < battle.log.events.index(torpedoes)
    assert boat.torpedoes == 0
    assert ship.hull == 15  # the Light Gun hit does nothing (4 - 2 < 3); one torpedo, Devastating 2 + 3 + 0


def test_aa_at_boats_hits_on_4_and_armour_decides() -> None:
    """R-TAC-41: 4+ with modifiers; each hit one Damage Die: above the Armour destroys, equal drives off."""
    battle, ship, boat = mtb_battle([4, 1, 3])
    move_boats(battle, 1, {"PT": BoatMove(path=((30.0, 28.0),), attack="CA")})
    fire_aa(battle, ship, [AAShot(2, "PT", 2)])  # 2" from the bridge: the AA's short band
    assert boat.status is Status.SUNK
    battle, ship, boat = mtb_battle([4, 1, 2])
    move_boats(battle, 1, {"PT": BoatMove(path=((30.0, 28.0),), attack="CA")})
    fire_aa(battle, ship, [AAShot(2, "PT", 2)])
    assert boat.on_table and boat.driven_off and boat.torpedoes == 0
    boat_attacks(battle, 1, with_defaults(Quiet()))
    assert ship.hull == 20


def test_local_dice_only_at_sections_in_contact_and_kamikaze_bonus() -> None:
    battle, ship, boat = mtb_battle(boat_pos=(30.0, 28.0))
    with pytest.raises(IllegalOrder, match="contact"):
        fire_aa(battle, ship, [AAShot(2, "PT", 1, local=True)])
    kamikaze = make_mtb(kamikaze=True, light_guns=0, torpedoes=0, armour=1)
    battle, ship, boat = mtb_battle([2, 2], **kamikaze.model_dump(exclude={"source", "confidence"}))
    move_boats(battle, 1, {"PT": BoatMove(path=((30.0, 28.0),), attack="CA", kamikaze=True)})
    fire_aa(battle, ship, [AAShot(2, "PT", 1, local=True)])  # 2 + 1 point blank + 1 kamikaze = 4: a hit; DD 2 > 1
    assert boat.status is Status.SUNK


def test_only_light_guns_fire_at_sections_and_no_large_silhouette() -> None:
    battle, ship, boat = mtb_battle([5, 5, 1, 5, 1])
    with pytest.raises(IllegalOrder, match="only Light Guns"):
        verify_fire_plan(battle, ship, FirePlan((Shot(0, "PT", 3),)))
    fire(battle, ship, FirePlan((Shot(1, "PT", 3),)))
    attack = battle.log.of_type(ev.FireOnMTB)[0]
    assert ("large silhouette", 1) not in attack.mods and attack.need == 5  # long range -1
    assert boat.status is Status.SUNK  # Damage Die 5 > Armour 2 (no AP)


def test_smoke_screen_rerolls_hits_once_a_game() -> None:
    battle, ship, boat = mtb_battle([6, 1, 1, 1])
    move_boats(battle, 1, {"PT": BoatMove(path=((30.0, 22.0),), smoke=True)})
    fire(battle, ship, FirePlan((Shot(1, "PT", 3),)))
    assert boat.on_table
    with pytest.raises(IllegalOrder, match="smoke"):
        verify_boat_plan(battle, 1, {"PT": BoatMove(path=((30.0, 21.0),), smoke=True)})


def test_strafing_and_bombing() -> None:
    """R-TAC-42: any Flight strafes (1 AD at 4+, +1 point blank, AP +4); an armed bomber bombs instead."""
    battle, _, boat = mtb_battle([3, 1], armour=4)
    fighter = add_flight(battle, "F", 0, make_aircraft(), (30.0, 22.0))
    fighter.target = "PT"
    air_attacks(battle, 0, with_defaults(Quiet()))
    assert boat.on_table  # a natural 1 never damages
    battle, _, boat = mtb_battle([3, 2], armour=4)
    fighter = add_flight(battle, "F", 0, make_aircraft(), (30.0, 22.0))
    fighter.target = "PT"
    air_attacks(battle, 0, with_defaults(Quiet()))
    assert boat.status is Status.SUNK  # 2 + 4 > 4
    battle, _ship, boat = mtb_battle([3, 3, 4], armour=2)
    bomber = add_flight(battle, "B", 0, make_aircraft("dive_bomber"), (30.0, 22.0))
    bomber.target = "PT"
    air_attacks(battle, 0, with_defaults(Quiet()))
    assert boat.status is Status.SUNK and not bomber.armed


def test_boats_local_aa_at_flights_attacking_them() -> None:
    battle, _ship, _boat = mtb_battle([6])
    fighter = add_flight(battle, "F", 0, make_aircraft(), (30.0, 22.0))
    fighter.target = "PT"
    boats_aa(battle)
    assert not fighter.airborne


def test_kamikaze_boat() -> None:
    """000 MTB Kamikaze Attack: 1 AD (a miss rolled again), DD 2 Devastating; the Section is spent."""
    kamikaze = make_mtb(kamikaze=True, light_guns=0, torpedoes=0, armour=1)
    battle, ship, boat = mtb_battle([1, 4, 5, 2], **kamikaze.model_dump(exclude={"source", "confidence"}))
    move_boats(battle, 1, {"PT": BoatMove(path=((30.0, 27.5),), attack="CA", kamikaze=True)})
    battle.dice.push(5)  # the critical check... of the Devastating 5: a direct critical, D10 area
    battle.dice.push(1, 1)
    boat_attacks(battle, 1, with_defaults(Quiet()))
    assert boat.status is Status.SUNK
    assert ship.hull <= 20 - 7


def test_bad_weather_silences_sections() -> None:
    battle, ship, boat = mtb_battle()
    move_boats(battle, 1, {"PT": BoatMove(path=((30.0, 27.5),), attack="CA")})
    battle.state.weather = "bad"
    boat_attacks(battle, 1, with_defaults(Quiet()))
    assert ship.hull == 20 and boat.torpedoes == 2


@pytest.mark.parametrize(("what", "refusal"), [("smoke", "000 Create Smoke!: smoke lies between CA and PT"),
                                               ("land", "000 Land: land lies between CA and PT")])
def test_aa_at_sections_needs_the_line_of_sight_light_guns_need(what: str, refusal: str) -> None:
    """R-TAC-72: smoke or land between the ship and a Section 4" away (within the AA's 5") stops its AA Battery as
    it stops its Light Guns (000 MTB Sections: AA fire "as normal"; Create Smoke!, Land); no die is rolled."""
    battle, ship, boat = mtb_battle([6, 6, 6, 6, 6], boat_pos=(30.0, 26.0))
    if what == "smoke":
        battle.state.smoke.append((30.0, 28.0))
    else:
        battle.state.land.append([(29.0, 27.5), (31.0, 27.5), (31.0, 28.5), (29.0, 28.5)])
    with pytest.raises(IllegalOrder) as aa:
        fire_aa(battle, ship, [AAShot(2, "PT", 2)])
    with pytest.raises(IllegalOrder) as guns:
        verify_fire_plan(battle, ship, FirePlan((Shot(1, "PT", 3),)))
    rule, why = refusal.split(": ", 1)
    assert (str(aa.value), str(guns.value)) == (f"{rule}: CA AA Battery: {why}", f"{rule}: CA Light Guns: {why}")
    assert aa_can_hit_boat(battle, ship, 2, boat, local=False) == gun_refusal(battle, ship, 1, boat) == refusal
    assert boat.on_table and not battle.log.of_type(ev.DiceRolled)
    battle.state.smoke.clear()
    battle.state.land.clear()
    assert aa_can_hit_boat(battle, ship, 2, boat, local=False) is None  # in clear sight it may fire
