"""Night battles, bad weather, searchlights, star shells and radar (000 "Bad Weather", "Night Battles",
"Searchlights", "Star Shells", "Radar", "Advanced Radar"; R-TAC-32 to R-TAC-34), with scripted dice."""

from __future__ import annotations

import pytest

from tactical import battle_events as ev
from tactical.ai import with_defaults
from tactical.environment import (
    after_move,
    attack_environment_modifiers,
    fire_star_shells,
    radar_candidates,
    radar_detection,
    spotted,
    star_shell_system,
    use_searchlight,
    visibility_refusal,
)
from tactical.gunnery import fire, target_refusal, usable_now
from tactical.movement import max_move
from tactical.orders import IllegalOrder, OrderName, crew_check, legal_orders
from tactical.plans import FirePlan, Shot
from tactical.state import Area, Depth
from tests.tactical.helpers import make_battle, make_card, weapon


class Quiet:
    pass


def gun_card(name="G", **kw):
    fields = {"weapons": [weapon("Turret A", ranges=(8, 16, 24, 32)),
                          weapon("Light Guns", kind="light_gun", ranges=(4, 9, 13, 18), ad=3)]}  # fmt: skip
    fields.update(kw)
    return make_card(name, **fields)


def night_battle(d: float, dice=(), *, weather="good", time="night", **kw):
    ships = [("A", gun_card("A", **kw), 0, (30.0, 10.0), 90.0), ("B", gun_card("B"), 1, (30.0, 10.0 + d), 90.0)]
    battle = make_battle(ships, dice)
    battle.state.time_of_day, battle.state.weather = time, weather
    return battle


def test_night_limits_and_spotting() -> None:
    """000 Night Battles: nothing beyond 20"; closer targets must be spotted; within 5" automatically."""
    battle = night_battle(22.0)
    a, b = battle.ship("A"), battle.ship("B")
    assert "beyond the 20" in visibility_refusal(battle, a, b)
    battle = night_battle(12.0)
    a, b = battle.ship("A"), battle.ship("B")
    assert "not been spotted" in visibility_refusal(battle, a, b)
    battle = night_battle(4.0)
    assert visibility_refusal(battle, battle.ship("A"), battle.ship("B")) is None
    assert spotted(battle, 0, battle.ship("B"))


def test_a_spotting_check_as_a_ship_ends_its_move_once_a_turn() -> None:
    """R-TAC-32: the nearest ship checks once per enemy and turn; a pass spots it for the whole fleet."""
    battle = night_battle(12.0, [3, 6])  # side 0 fails to spot B, side 1 spots A
    after_move(battle, battle.ship("B"))
    assert "B" not in battle.state.spotted_by[0] and "A" in battle.state.spotted_by[1]
    after_move(battle, battle.ship("A"))  # no second check this turn
    assert battle.dice.remaining == 0
    battle.state.spot_tried.clear()
    battle.dice.push(4)
    after_move(battle, battle.ship("B"))
    assert "B" in battle.state.spotted_by[0]
    assert visibility_refusal(battle, battle.ship("A"), battle.ship("B")) is None
    battle.ship("B").pos = (30.0, 35.0)  # more than 20" from every enemy ship
    after_move(battle, battle.ship("B"))
    assert "B" not in battle.state.spotted_by[0]


def test_night_penalty_and_lights() -> None:
    """-1 at night; none against a target lit by a searchlight (which also reveals the ship using it)."""
    battle = night_battle(8.0, [5])
    a, b = battle.ship("A"), battle.ship("B")
    assert ("night", -1) in attack_environment_modifiers(battle, 0, a, b)
    use_searchlight(battle, a, "B")
    assert attack_environment_modifiers(battle, 0, a, b) == []
    assert "A" in battle.state.spotted_by[1]
    far = night_battle(12.0)
    with pytest.raises(IllegalOrder, match="beyond 10"):
        use_searchlight(far, far.ship("A"), "B")


def test_main_guns_and_fires_reveal_a_ship() -> None:
    battle = night_battle(12.0, [1, 1, 1])
    a, b = battle.ship("A"), battle.ship("B")
    b.criticals[Area.CREW] = 2
    assert spotted(battle, 0, b)  # burning (R-TAC-33)
    fire(battle, a, FirePlan((Shot(0, "B", 3),)))
    assert "A" in battle.state.spotted_by[1]


def test_star_shells_light_ships_within_3_inches_and_use_light_gun_dice() -> None:
    battle = night_battle(12.0, traits=["Star Shell"])
    a = battle.ship("A")
    fire_star_shells(battle, a, ((30.0, 21.0),))
    assert "B" in battle.state.lit and "A" not in battle.state.lit
    battle = night_battle(12.0, [1, 1], traits=["Star Shell"])
    a = battle.ship("A")
    with pytest.raises(IllegalOrder, match="3 Attack Dice, 4"):
        fire(battle, a, FirePlan((Shot(1, "B", 3),), star_shells=((30.0, 22.0),)))
    fire(battle, a, FirePlan((Shot(1, "B", 2),), star_shells=((30.0, 22.0),)))
    attack = battle.log.of_type(ev.GunneryAttack)[0]
    assert not any("night" in why for why, _ in attack.mods)
    plain = night_battle(12.0)
    with pytest.raises(IllegalOrder, match="Star Shell"):
        fire_star_shells(plain, plain.ship("A"), ((30.0, 21.0),))


def test_a_light_gun_fired_as_dp_at_aircraft_gives_no_star_shells() -> None:
    """000 DP: a DP weapon that engaged aircraft attacks nothing else this turn, so it cannot be the system whose
    dice become star shells (the AI offered them from it in the mirrored carrier clash at night)."""
    battle = night_battle(12.0, traits=["Star Shell"])
    a = battle.ship("A")
    assert star_shell_system(a) == 1
    a.dp_as_aa.append(1)
    assert star_shell_system(a) is None


def test_bad_weather_effects() -> None:
    """000 Bad Weather: 25" limit, 15" automatic spotting, -1 to hit and to crew checks, destroyers without Light
    Guns, no torpedoes, half speed for destroyers and civilian ships, no Create Smoke!."""
    battle = night_battle(26.0, time="day", weather="bad")
    assert "25" in visibility_refusal(battle, battle.ship("A"), battle.ship("B"))
    battle = night_battle(14.0, time="day", weather="bad")
    a, b = battle.ship("A"), battle.ship("B")
    assert visibility_refusal(battle, a, b) is None
    assert attack_environment_modifiers(battle, 0, a, b) == [("bad weather", -1)]
    battle.dice.push(4)
    assert not crew_check(battle, a, "test")  # 4 - 1
    guns = [weapon("Light Guns", kind="light_gun", ad=2), weapon("Torps", kind="torpedo", arcs=["port", "starboard"])]
    dd = make_card("DD", type="destroyer", flank_speed=8, weapons=guns)
    battle = make_battle([("DD", dd, 0, (10.0, 10.0), 0.0)])
    battle.state.weather = "bad"
    ship = battle.ship("DD")
    assert usable_now(battle, ship, 0).startswith("000 Bad Weather")
    assert usable_now(battle, ship, 1).startswith("000 Bad Weather")
    assert max_move(ship, battle) == 4.0 and max_move(ship) == 8.0
    assert OrderName.CREATE_SMOKE not in legal_orders(ship, battle)


def test_night_in_bad_weather_takes_the_nearer_limits() -> None:
    """R-TAC-34."""
    battle = night_battle(21.0, weather="bad")
    assert "20" in visibility_refusal(battle, battle.ship("A"), battle.ship("B"))
    battle = night_battle(8.0, weather="bad")
    a, b = battle.ship("A"), battle.ship("B")
    assert set(attack_environment_modifiers(battle, 0, a, b)) == {("night", -1), ("bad weather", -1)}


def radar_battle(dice=(), **kw):
    radar = gun_card("R", traits=kw.pop("traits", ["Radar"]))
    bb = make_card("BB", type="battleship")
    dd = make_card("DD", type="destroyer", armour=1, hull=6, crippled=2)
    battle = make_battle(
        [("R", radar, 0, (30.0, 5.0), 0.0), ("BB", bb, 1, (30.0, 30.0), 180.0), ("DD", dd, 1, (36.0, 20.0), 180.0)],
        dice,
    )
    battle.state.time_of_day = "night"
    return battle


def test_radar_picks_battleships_first_and_tracks_one_ship() -> None:
    """000 Radar: a battleship if one is present (within 30"), the crew check, one track at a time."""
    battle = radar_battle([4])
    radar = battle.ship("R")
    assert [s.name for s in radar_candidates(battle, radar)] == ["BB"]
    radar_detection(battle, (with_defaults(Quiet()), with_defaults(Quiet())))
    assert battle.state.radar_tracks["R"] == ["BB"]
    assert radar_candidates(battle, radar) == []
    # tracked beyond 20": no fire for plain Radar; within 20" the tracking ship sees it without the night -1
    assert visibility_refusal(battle, radar, battle.ship("BB")) is not None
    battle.ship("BB").pos = (30.0, 20.0)
    assert visibility_refusal(battle, radar, battle.ship("BB")) is None
    assert attack_environment_modifiers(battle, 0, radar, battle.ship("BB")) == []


def test_radar_ignores_ships_near_land_and_fails_a_crew_check() -> None:
    battle = radar_battle([3])
    battle.state.land.append([(20.0, 28.0), (26.0, 28.0), (26.0, 34.0), (20.0, 34.0)])
    assert [s.name for s in radar_candidates(battle, battle.ship("R"))] == ["DD"]
    radar_detection(battle, (with_defaults(Quiet()), with_defaults(Quiet())))
    assert battle.state.radar_tracks.get("R", []) == []


def test_advanced_radar_fires_beyond_20_inches_at_minus_one_and_tracks_several() -> None:
    battle = radar_battle([3, 3], traits=["Advanced Radar"])  # 3 + 1 passes
    radar = battle.ship("R")
    radar_detection(battle, (with_defaults(Quiet()), with_defaults(Quiet())))
    assert battle.state.radar_tracks["R"] == ["BB"]
    assert visibility_refusal(battle, radar, battle.ship("BB")) is None  # 25" away
    assert ("radar-controlled fire", -1) in attack_environment_modifiers(battle, 0, radar, battle.ship("BB"))
    radar_detection(battle, (with_defaults(Quiet()), with_defaults(Quiet())))
    assert battle.state.radar_tracks["R"] == ["BB", "DD"]


def test_radar_and_submarines() -> None:
    """000 Submarines: Radar sees surfaced boats within 20" only, never in bad weather; at night a surfaced boat is
    seen within 10" and automatically within 3" (Poor Visibility)."""
    sub = make_card("SS", type="submarine", traits=["Submarine"], submerged_speed=2, armour=1, hull=5, crippled=1)
    battle = make_battle([("R", gun_card("R", traits=["Radar"]), 0, (30.0, 5.0), 0.0),
                          ("SS", sub, 1, (30.0, 20.0), 180.0)])  # fmt: skip
    battle.state.time_of_day = "night"
    boat = battle.ship("SS")
    boat.depth = Depth.SURFACED
    assert [s.name for s in radar_candidates(battle, battle.ship("R"))] == ["SS"]
    battle.state.weather = "bad"
    assert radar_candidates(battle, battle.ship("R")) == []
    battle.state.weather = "good"
    boat.pos = (30.0, 16.0)  # 11": too far to be seen at all
    battle.state.spotted_by[0].append("SS")
    assert not spotted(battle, 0, boat)
    boat.pos = (30.0, 7.5)
    assert spotted(battle, 0, boat)
    boat.depth = Depth.SUBMERGED
    assert target_refusal(battle, battle.ship("R"), 0, boat).startswith("000 Depth Charges")


def test_night_lets_the_winner_make_the_enemy_fire_first() -> None:
    from tactical.turn import gunnery_phase

    class Order:
        def __init__(self, first: bool) -> None:
            self.first, self.names = first, []

        def fire_first(self, battle, side):
            return self.first

        def choose_firer(self, battle, side, candidates):
            self.names.append(candidates[0])
            return candidates[0]

        def plan_fire(self, battle, ship):
            return FirePlan()

    battle = night_battle(30.0)
    a0, a1 = Order(False), Order(True)
    gunnery_phase(battle, (a0, a1))  # side 0 holds the Initiative and lets side 1 fire first
    first = battle.log.of_type(ev.HeldFire)[0]
    assert first.ship == "B"
