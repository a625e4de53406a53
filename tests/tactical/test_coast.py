"""Coasts and shorelines (000 "Land", "Shore Batteries", "Shore Battery Critical Hits", "Creating a Shore
Battery", "Coastal Structures", "AA Emplacements", "Torpedo Nets"; R-TAC-50 to R-TAC-53), with scripted dice."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tactical import battle_events as ev
from tactical.aa import aa_targets
from tactical.attack_dice import attack_modifiers, line_of_fire
from tactical.battle import BattleSpec, FleetSpec, InstallationSpec, ShipSpec, resolve
from tactical.coast import shore_battery_001, shore_battery_cost, shore_critical
from tactical.dice import ScriptedDice
from tactical.gunnery import fire, target_refusal, to_hit, usable_now
from tactical.movement import execute_move, max_move
from tactical.muster import build_state
from tactical.orders import legal_orders
from tactical.plans import FirePlan, MovePlan, Shot
from tactical.scenario import Objective
from tactical.state import Battle, Status
from tests.tactical.air_helpers import add_flight, make_aircraft
from tests.tactical.helpers import make_battle, make_card, weapon

ISLAND = [(28.0, 18.0), (32.0, 18.0), (32.0, 22.0), (28.0, 22.0)]


def test_land_blocks_lines_of_fire() -> None:
    battle = make_battle([("A", make_card("A"), 0, (30.0, 10.0), 0.0), ("B", make_card("B"), 1, (30.0, 30.0), 0.0)])
    assert target_refusal(battle, battle.ship("A"), 0, battle.ship("B")) is None
    battle.state.land.append(ISLAND)
    assert target_refusal(battle, battle.ship("A"), 0, battle.ship("B")).startswith("000 Land")


def test_running_aground() -> None:
    """000 Land: Hull 10 or more within 1" of land runs aground: Flank Speed 0 for good, a Stationary Target, no
    Orders, no torpedoes; small ships and harbours are safe."""
    torps = weapon("Torps", kind="torpedo", arcs=["port", "starboard"], ranges=(2, 5, 7, 10))
    big = make_card("BB", weapons=[weapon(), torps])
    battle = make_battle([("BB", big, 0, (30.0, 12.0), 0.0)])
    battle.state.land.append(ISLAND)
    ship = battle.ship("BB")
    execute_move(battle, ship, MovePlan.straight(6.0))
    assert ship.aground and abs(ship.pos[1] - 17.0) < 0.05
    assert max_move(ship) == 0.0 and ship.stationary and legal_orders(ship) == []
    assert usable_now(battle, ship, 1).startswith("000 Land")
    small = make_card("DD", type="destroyer", hull=6, crippled=2)
    battle = make_battle([("DD", small, 0, (30.0, 12.0), 0.0)])
    battle.state.land.append(ISLAND)
    execute_move(battle, battle.ship("DD"), MovePlan.straight(5.5))
    assert not battle.ship("DD").aground
    battle = make_battle([("BB", big, 0, (30.0, 12.0), 0.0)])
    battle.state.land.append(ISLAND)
    battle.state.harbours.append([(25.0, 10.0), (35.0, 10.0), (35.0, 18.0), (25.0, 18.0)])
    execute_move(battle, battle.ship("BB"), MovePlan.straight(5.5))
    assert not battle.ship("BB").aground


def shore_battle(spec: InstallationSpec, ships, dice=()) -> Battle:
    ships = ships or [("Far", make_card("Far"), (1.0, 1.0), 0.0)]
    fleets = (FleetSpec(name="Blue", ships=[ShipSpec(name=n, card=c) for n, c, *_ in ships]), FleetSpec(name="Red"))
    bs = BattleSpec(sides=fleets, shore_batteries=[spec])
    battle = Battle(build_state(bs), ScriptedDice(dice))
    for name, _, pos, heading in ships:
        battle.ship(name).pos, battle.ship(name).heading = pos, heading
    battle.state.turn = battle.log.turn = 1
    battle.state.initiative = 0
    return battle


def test_shore_battery_cost_example() -> None:
    """000 Purchasing Shore Batteries: four 15-inch guns, Structure 24, Armour 6+: 400 points."""
    assert shore_battery_cost(["15-inch Gun"] * 4, 24, 6) == 400
    assert shore_battery_cost(["6-inch Gun"] * 8, 20, 3) == 130  # the printed Coastal 6-inch Defence Battery
    assert shore_battery_cost(["16-inch Gun"] * 3, 36, 6) == 490  # the printed Lindemann Battery


def test_001_shore_batteries_built_from_their_guns() -> None:
    """001 Shore Batteries (R-TAC-86): its two example batteries: eight open 6-inch guns are one system of 4 AD,
    26" (bands 7/13/20/26), DD 1, Armour 4, Structure 20; four hardened 15-inch guns are four one-die AP systems, 30",
    DD 2, Armour 6, Structure 24.  Small guns are Weak (4 per die), 16-inch Super AP (AP +2); points by the 000
    formula; the spec builds the same card and refuses a mixed or incomplete one."""
    six = shore_battery_001("Coastal", 6, 8, "open")
    [guns] = six.weapons
    assert (guns.name, guns.ad, guns.ranges, guns.dd, guns.ap, guns.traits) == ("8x 6-inch Guns", 4, (7, 13, 20, 26),
                                                                                1, 0, [])  # fmt: skip
    assert (six.armour, six.hull, six.points, six.type.value) == (4, 20, 70, "installation")
    fifteen = shore_battery_001("Battery", 15, 4, "hardened")
    assert [(w.name, w.ad, w.ranges[3], w.dd, w.ap) for w in fifteen.weapons] == [
        (f"15-inch Gun #{i}", 1, 30, 2, 1) for i in (1, 2, 3, 4)]
    assert (fifteen.armour, fifteen.hull, fifteen.points) == (6, 24, 400)
    small = shore_battery_001("Small", 4, 6)
    assert (small.weapons[0].ad, small.weapons[0].traits, small.hull, small.armour) == (1, ["Weak"], 4, 5)
    big = shore_battery_001("Big", 16, 2)
    assert [w.ap for w in big.weapons] == [2, 2] and big.weapons[0].ranges == (10, 20, 30, 40) and big.hull == 12
    assert shore_battery_001("Odd", 11, 2).weapons[0].ranges[3] == 22  # 11-inch: the 10-inch row
    spec = InstallationSpec(name="Battery", side=1, kind="shore battery", pos=(30.0, 40.0), calibre=15, barrels=4,
                            protection="hardened")  # fmt: skip
    assert spec.card() == fifteen
    with pytest.raises(ValidationError, match="give none of them"):
        InstallationSpec(name="B", side=1, kind="shore battery", pos=(30.0, 40.0), calibre=15, barrels=4, armour=6)
    with pytest.raises(ValidationError, match="needs kind 'shore battery', calibre and barrels"):
        InstallationSpec(name="B", side=1, kind="shore battery", pos=(30.0, 40.0), calibre=15)


def test_shore_battery_fires_at_plus_one_and_is_a_stationary_target() -> None:
    spec = InstallationSpec(name="Fort", side=1, kind="shore battery", pos=(30.0, 40.0), weapons=["8-inch Gun"],
                            armour=4, structure=12)  # fmt: skip
    battle = shore_battle(spec, [("CA", make_card("CA"), (30.0, 20.0), 90.0)])
    fort, ship = battle.ship("Fort"), battle.ship("CA")
    assert fort.is_installation and fort.flank_speed() == 0 and fort.card.crippled == 0
    weapon0 = fort.card.weapons[0]
    mods = dict(attack_modifiers(fort, weapon0, ship, line_of_fire(battle, fort, weapon0, ship), battle))
    assert mods["Shore Battery: stable platform"] == 1
    back = dict(attack_modifiers(ship, ship.card.weapons[0], fort, line_of_fire(battle, ship, ship.card.weapons[0],
                                                                                  fort), battle))  # fmt: skip
    assert back["stationary target"] == 1 and "large silhouette" not in back


@pytest.mark.parametrize(("face", "check"), [
    (1, lambda s: s.shore_effects.get("penalty") == 1 and s.hull == 11),
    (2, lambda s: s.weapons[0].destroyed and s.hull == 9),
    (3, lambda s: s.shore_effects.get("each_weapon_4plus") == 1 and s.hull == 9),
    (4, lambda s: s.shore_effects.get("silenced_until") == 2 and s.hull == 8),
    (6, lambda s: s.status is Status.SUNK),
])  # fmt: skip
def test_shore_battery_critical_table(face, check) -> None:
    spec = InstallationSpec(name="Fort", side=1, kind="shore battery", pos=(30.0, 40.0), weapons=["8-inch Gun"],
                            armour=4, structure=12)  # fmt: skip
    battle = shore_battle(spec, [], [face])
    fort = battle.ship("Fort")
    shore_critical(battle, fort)
    assert check(fort)
    if face == 4:
        assert usable_now(battle, fort, 0).startswith("000 Shore Battery")
        battle.state.turn = 3
        assert usable_now(battle, fort, 0) is None


def test_shore_battery_critical_five_and_the_001_d3() -> None:
    spec = InstallationSpec(name="Fort", side=1, kind="shore battery", pos=(30.0, 40.0),
                            weapons=["6-inch Gun", "6-inch Gun"], armour=4, structure=12)  # fmt: skip
    battle = shore_battle(spec, [], [5, 4, 3])
    fort = battle.ship("Fort")
    shore_critical(battle, fort)
    assert [w.destroyed for w in fort.weapons] == [True, False] and fort.hull == 8
    battle = shore_battle(spec, [], [4, 6])
    battle.state.options = battle.state.options.model_copy(update={"coast_001": True})
    shore_critical(battle, battle.ship("Fort"))
    assert battle.ship("Fort").shore_effects["silenced_until"] == 3  # a D3 of 3 turns: 1, 2 and 3


def test_coastal_structures_and_aa_emplacements() -> None:
    hangar = InstallationSpec(name="Hangar", side=1, kind="coastal structure", pos=(30.0, 40.0),
                              structure_type="Hangar")  # fmt: skip
    battle = shore_battle(hangar, [("CA", make_card("CA"), (30.0, 30.0), 0.0)])
    target = battle.ship("Hangar")
    assert target.card.armour == 3 and target.hull == 12 and not target.card.weapons
    ship = battle.ship("CA")
    mods = dict(attack_modifiers(ship, ship.card.weapons[0], target, line_of_fire(battle, ship, ship.card.weapons[0],
                                                                                    target), battle))  # fmt: skip
    assert mods["Hangar"] == 1
    flak = InstallationSpec(name="Flak", side=1, kind="aa emplacement", pos=(30.0, 40.0),
                            structure_type="Small AA Battery Emplacement")  # fmt: skip
    battle = shore_battle(flak, [])
    add_flight(battle, "B17", 0, make_aircraft("bomber", traits=["Level Bomber"]), (33.0, 40.0))
    assert [f.name for f in aa_targets(battle, battle.ship("Flak"), 0, local=False)] == ["B17"]
    with pytest.raises(ValidationError, match="structure_type"):
        InstallationSpec(name="X", side=1, kind="coastal structure", pos=(1.0, 1.0), structure_type="Castle")


def test_torpedo_nets() -> None:
    torps = weapon("Torps", kind="torpedo", arcs=["fore", "port", "starboard"], ranges=(2, 5, 7, 10))
    battle = make_battle([("A", make_card("A", weapons=[torps]), 0, (30.0, 20.0), 0.0),
                          ("B", make_card("B"), 1, (30.0, 26.0), 90.0)])  # fmt: skip
    assert target_refusal(battle, battle.ship("A"), 0, battle.ship("B")) is None
    battle.state.nets.append(((25.0, 23.0), (35.0, 23.0)))
    assert target_refusal(battle, battle.ship("A"), 0, battle.ship("B")).startswith("000 Torpedo Nets")


def test_a_harbour_attack_battle_runs() -> None:
    """A battle with land, a harbour, a Shore Battery and an AA Emplacement is fought to the end."""
    ships = [ShipSpec(name="BB", card=make_card("BB", hull=40, crippled=12)), ShipSpec(name="CA", card=make_card("CA"))]
    blue = FleetSpec(name="Blue", ships=ships, objective=Objective.ATTRITION)
    red = FleetSpec(name="Red", ships=[ShipSpec(name="R", card=make_card("R"), anchored=True)],
                    objective=Objective.ATTRITION)  # fmt: skip
    spec = BattleSpec(
        sides=(blue, red),
        shore_batteries=[
            InstallationSpec(name="Fort", side=1, kind="shore battery", pos=(36.0, 46.0),
                             weapons=["8-inch Gun", "8-inch Gun"], armour=4, structure=16),
            InstallationSpec(name="Flak", side=1, kind="aa emplacement", pos=(40.0, 46.0),
                             structure_type="Medium AA Battery Emplacement"),
        ],
        land=[[(20.0, 45.0), (52.0, 45.0), (52.0, 48.0), (20.0, 48.0)]],
        seed=4,
    )  # fmt: skip
    report = resolve(spec)
    assert report.ship("Fort").type == "installation" and report.turns_played >= 1
    fire_plan = FirePlan((Shot(0, "Fort", 3),))
    assert fire_plan and fire


def test_fire_over_land_inside_30_inches_is_a_beyond_the_horizon_attack() -> None:
    """000 Beyond the Horizon Attacks (R-TAC-73): over land only a stationary target may be attacked, even 20"
    away; the attack is Beyond the Horizon: half the Attack Dice (3 -> 1), a natural 6 to hit, no modifier (the
    +1 of a Stationary Target and the long-range -1 are not applied); no Observation Flight is needed inside 30"."""
    battle = make_battle([("A", make_card("A"), 0, (30.0, 10.0), 0.0), ("B", make_card("B"), 1, (30.0, 30.0), 0.0)],
                         [5, 6, 1])
    battle.state.land.append(ISLAND)
    assert target_refusal(battle, battle.ship("A"), 0, battle.ship("B")) == "000 Land: land lies between A and B"
    battle.ship("B").anchored = True
    assert target_refusal(battle, battle.ship("A"), 0, battle.ship("B")) is None
    attack = to_hit(battle, battle.ship("A"), 0, battle.ship("B"))
    assert attack is not None and attack.beyond_horizon and attack.line.over_land
    assert (attack.modifiers, attack.need, attack.dice(3)) == ((), "natural 6", 1)
    fire(battle, battle.ship("A"), FirePlan((Shot(0, "B", 3),)))
    [shot] = battle.log.of_type(ev.GunneryAttack)
    assert (shot.dice, shot.hits, shot.need, shot.modifier, shot.mods) == (1, 0, "natural 6", 0, ())  # the 5 misses
    battle.state.land.clear()
    clear = to_hit(battle, battle.ship("A"), 0, battle.ship("B"))
    assert clear is not None and not clear.beyond_horizon and clear.need != "natural 6"
