"""Critical hits, Vital Systems, damage control and Escalation (000 "Critical Hits", "Vital Systems", "Damage
Control", "Check for Escalation"; cases T-05, T-06; R-TAC-10, R-TAC-11)."""

from __future__ import annotations

import pytest

from tactical.criticals import area_for_roll, damage_control, escalation, raise_area, roll_critical, vital_hit
from tactical.orders import OrderName, issue_order
from tactical.state import Area, Status, Vital
from tests.tactical.helpers import make_battle, make_card, weapon

GUNS = [weapon("Turret A"), weapon("Turret B"), weapon("Light Guns", kind="light_gun", ad=4),
        weapon("AA Battery", kind="aa_battery", ad=2), weapon("Torpedoes", kind="torpedo", arcs=["port"])]  # fmt: skip


def _ship(dice=(), **card):
    card.setdefault("weapons", GUNS)
    battle = make_battle([("S", make_card(hull=60, crippled=10, **card), 0, (10, 10), 0)], dice)
    return battle, battle.ship("S")


@pytest.mark.parametrize(("d10", "area"), [(1, Area.ENGINE), (4, Area.ENGINE), (5, Area.WEAPONS), (7, Area.WEAPONS),
                                           (8, Area.CREW), (9, Area.CREW), (10, None)])  # fmt: skip
def test_critical_area_table(d10, area) -> None:
    assert area_for_roll(d10) is area


def test_engine_penalties_are_cumulative() -> None:
    _, ship = _ship([2])
    ship.criticals[Area.ENGINE] = 3
    assert ship.flank_speed() == 4 and ship.straight_run_before_turn() == 3  # -1 props, -1 turbine; Rudder 3"
    ship.criticals[Area.ENGINE] = 4
    assert ship.flank_speed() == 3 and ship.escalating(Area.ENGINE)
    ship.criticals[Area.ENGINE] = 5
    assert ship.flank_speed() == 0


def test_t06_turbine_damage_raises_the_crew_score_at_once() -> None:
    """T-06: Engine 3 deals 2 extra damage and raises Crew by 1 (Shrapnel: -1 AD*, the * roll 2: Light Guns)."""
    battle, ship = _ship([2])
    ship.criticals[Area.ENGINE] = 2
    raise_area(battle, ship, Area.ENGINE)
    assert ship.criticals == {Area.ENGINE: 3, Area.WEAPONS: 0, Area.CREW: 1}
    assert ship.hull == 58 and ship.weapon_ad(2) == 3 and battle.dice.remaining == 0


def test_extra_damage_dice_and_the_repeated_six() -> None:
    """Weapons 6 (Multiple Explosions) 3D6; hit again at 6: again 3D6 and a random turret (R-TAC-10)."""
    battle, ship = _ship([1, 2, 3, 2])
    ship.criticals[Area.WEAPONS] = 5
    raise_area(battle, ship, Area.WEAPONS)
    assert ship.criticals[Area.WEAPONS] == 6 and ship.hull == 54 and ship.weapons[1].destroyed
    battle.dice.push(6, 6, 6)
    raise_area(battle, ship, Area.WEAPONS)
    assert ship.criticals[Area.WEAPONS] == 6 and ship.hull == 36 and ship.weapons[0].destroyed


def test_the_star_roll_is_rolled_again_until_a_system_is_present() -> None:
    """*: 1-3 Light Guns, 4-5 AA Battery, 6 Torpedoes; re-rolled until the ship has the system."""
    battle, ship = _ship([6, 5, 3], weapons=[weapon(), weapon("Light Guns", kind="light_gun", ad=2)])
    raise_area(battle, ship, Area.CREW)
    assert ship.level_effects["crew:1"] == {"ad_loss": "light_gun", "amount": 1} and ship.weapon_ad(1) == 1
    battle2, ship2 = _ship([], weapons=[weapon()])
    raise_area(battle2, ship2, Area.CREW)  # nothing to lose: no roll at all (R-TAC-10)
    assert "crew:1" not in ship2.level_effects
    battle3, ship3 = _ship([4])
    raise_area(battle3, ship3, Area.WEAPONS)  # 1 extra damage, AA Battery -1
    assert ship3.weapon_ad(3) == 1 and ship3.hull == 59


def test_turret_damaged_and_no_turrets() -> None:
    battle, ship = _ship([2])  # Weapons 2 -> 3: 3 extra damage; the turret: die 2 of 2
    ship.criticals[Area.WEAPONS] = 2
    raise_area(battle, ship, Area.WEAPONS)
    assert ship.level_effects["weapons:3"] == {"turret_check": 1}
    battle2, ship2 = _ship([3], weapons=[weapon("Light Guns", kind="light_gun", ad=5)])
    ship2.criticals[Area.WEAPONS] = 3
    raise_area(battle2, ship2, Area.WEAPONS)  # Turret Destroyed without turrets: Light Guns halved
    assert ship2.weapon_ad(0) == 2 and ship2.hull == 57 and ship2.escalating(Area.WEAPONS)


def test_vital_systems() -> None:
    """Vital Systems D6: a 6 is rolled again (R-TAC-10); Rudder Jammed rolls its direction."""
    battle, ship = _ship([6, 1])
    vital_hit(battle, ship)
    assert ship.vitals == [Vital.BRIDGE_DESTROYED] and ship.hull == 59 and not ship.can_issue_orders()
    battle, ship = _ship([2, 4, 5])
    vital_hit(battle, ship)
    assert ship.rudder_jam == "right" and ship.hull == 56
    battle, ship = _ship([5, 1, 1, 1, 1, 6, 2])  # Secondary Explosions 4D6 = 4, then +1 to every area (* rolls)
    vital_hit(battle, ship)
    assert ship.hull == 55 and ship.criticals == {Area.ENGINE: 1, Area.WEAPONS: 1, Area.CREW: 1}
    battle, ship = _ship([10, 3, 2, 2])  # through roll_critical: D10 10, Fire in Engineering 2D6
    roll_critical(battle, ship)
    assert Vital.FIRE_IN_ENGINEERING in ship.vitals and ship.hull == 56


def test_t05_damage_control() -> None:
    """T-05: a 6 lowers the area by 2; a 5 by 1; a 6 in an area and Vital hits are never repaired."""
    battle, ship = _ship([6, 5, 4])
    ship.criticals[Area.ENGINE] = 3
    damage_control(battle, ship, Area.ENGINE)
    assert ship.criticals[Area.ENGINE] == 1
    damage_control(battle, ship, Area.ENGINE)
    assert ship.criticals[Area.ENGINE] == 0
    ship.criticals[Area.CREW] = 1
    damage_control(battle, ship, Area.CREW)
    assert ship.criticals[Area.CREW] == 1
    ship.criticals[Area.WEAPONS] = 6
    damage_control(battle, ship, Area.WEAPONS)  # no roll
    assert ship.criticals[Area.WEAPONS] == 6 and battle.dice.remaining == 0
    ship.vitals.append(Vital.FIRE_IN_ENGINEERING)
    ship.criticals[Area.CREW] = 3
    damage_control(battle, ship, Area.CREW)
    assert ship.criticals[Area.CREW] == 3


def test_repair_drops_the_lasting_penalty() -> None:
    battle, ship = _ship([2, 6])
    raise_area(battle, ship, Area.CREW)  # Shrapnel: Light Guns -1
    assert ship.weapon_ad(2) == 3
    damage_control(battle, ship, Area.CREW)
    assert ship.criticals[Area.CREW] == 0 and ship.weapon_ad(2) == 4


def test_all_hands_repairs_every_area_with_plus_one() -> None:
    battle, ship = _ship([4, 4, 3])
    ship.criticals.update({Area.ENGINE: 2, Area.WEAPONS: 1, Area.CREW: 6})
    damage_control(battle, ship, None, all_hands=True)
    assert ship.criticals == {Area.ENGINE: 1, Area.WEAPONS: 0, Area.CREW: 6}


def test_escalation() -> None:
    """4+ raises an escalating area (Crew 2+, Engine and Weapons 4+); an area at 6 does not roll (R-TAC-11)."""
    battle, ship = _ship([4, 1, 1, 1, 1])
    ship.criticals.update({Area.CREW: 2, Area.ENGINE: 3, Area.WEAPONS: 6})
    escalation(battle, ship)  # Crew 4+: -> 3 (2 damage); Multiple Fires: Weapons at 6 again (3D6, a turret)
    assert ship.criticals[Area.CREW] == 3 and ship.hull == 55 and ship.weapons[0].destroyed
    battle, ship = _ship([3])
    ship.criticals[Area.CREW] = 2
    escalation(battle, ship)
    assert ship.criticals[Area.CREW] == 2 and battle.dice.remaining == 0


def test_a_critical_chain_can_sink_the_ship() -> None:
    battle, ship = _ship([6, 6, 6])
    ship.hull = 10
    ship.criticals[Area.ENGINE] = 5
    raise_area(battle, ship, Area.ENGINE)
    assert ship.status is Status.SUNK and ship.criticals[Area.CREW] == 0


def test_flood_magazines() -> None:
    """Flood Magazines!: Crew to 1, Engine and Weapons to 3 (a 6 stays, R-TAC-11), a random turret lost."""
    battle, ship = _ship([5, 2])
    ship.criticals.update({Area.CREW: 4, Area.ENGINE: 6, Area.WEAPONS: 5})
    assert issue_order(battle, ship, OrderName.FLOOD_MAGAZINES)
    assert ship.criticals == {Area.ENGINE: 6, Area.WEAPONS: 3, Area.CREW: 1}
    assert ship.weapons[1].out_of_action and ship.turrets() == [0]
