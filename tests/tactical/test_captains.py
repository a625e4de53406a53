"""The AI captain (issue 5 item 10): sensible, legal, deterministic decisions."""

from __future__ import annotations

from fractions import Fraction

from tactical.ai import SimpleCaptain, with_defaults
from tactical.ai.expectations import hit_chance
from tactical.geometry import DeploymentKind, DeploymentZone, Edge, arcs_of
from tactical.gunnery import verify_fire_plan
from tactical.movement import execute_move, verify_move
from tactical.orders import OrderName
from tactical.scenario import Objective
from tactical.state import Area
from tests.tactical.helpers import make_battle, make_card, weapon


def test_hit_chance_matches_p01() -> None:
    assert hit_chance(0) == 0.5 and hit_chance(0, twin_linked=True) == 0.75
    assert hit_chance(0, target_evading=True) == 0.25 and hit_chance(-4) == 0.0
    assert Fraction(hit_chance(0, twin_linked=True, target_evading=True)).limit_denominator(12) == Fraction(1, 2)


def test_fire_is_concentrated_on_the_ship_closest_to_crippling() -> None:
    guns = [weapon("A"), weapon("B"), weapon("LG", kind="light_gun", ad=4, ranges=(4, 8, 12, 16))]
    battle = make_battle(
        [
            ("A", make_card("A", weapons=guns), 0, (30, 20), 0),
            ("Fresh", make_card("Fresh"), 1, (26, 30), 90),
            ("Hurt", make_card("Hurt"), 1, (34, 30), 90),
        ]
    )
    battle.ship("Hurt").hull = 8  # crippled at 6
    plan = SimpleCaptain().plan_fire(battle, battle.ship("A"))
    verify_fire_plan(battle, battle.ship("A"), plan)
    assert {s.target for s in plan.shots} == {"Hurt"} and len(plan.shots) == 3


def test_evade_when_outgunned_and_nothing_to_shoot() -> None:
    bb_guns = [weapon(f"T{i}", ap=2, dd=3, ranges=(8, 17, 25, 34)) for i in range(4)]
    battle = make_battle(
        [
            ("DD", make_card("DD", type="destroyer", flank_speed=7, hull=6, crippled=2,
                             weapons=[weapon("LG", kind="light_gun", ranges=(4, 8, 12, 16))]), 0, (30, 10), 90),
            ("BB", make_card("BB", type="battleship", hull=70, crippled=20, weapons=bb_guns), 1, (30, 30), 90),
        ]
    )  # fmt: skip
    assert SimpleCaptain().choose_order(battle, battle.ship("DD")) is OrderName.EVADE
    lumbering = battle.ship("DD")
    lumbering.crippled = True  # Lumbering ships may not Evade!
    assert SimpleCaptain().choose_order(battle, lumbering) is not OrderName.EVADE


def test_a_badly_hurt_cripple_smokes_and_leaves() -> None:
    battle = make_battle(
        [("C", make_card("C"), 0, (30, 2), 180), ("E", make_card("E"), 1, (30, 18), 180)]
    )
    cripple = battle.ship("C")
    cripple.crippled, cripple.hull = True, 2
    captain = SimpleCaptain()
    assert captain.choose_order(battle, cripple) is OrderName.CREATE_SMOKE
    cripple.order, cripple.order_ok = "Create Smoke!", True
    plan = captain.plan_move(battle, cripple)
    execute_move(battle, cripple, plan)
    assert cripple.status == "withdrawn" and battle.state.exits["C"] == "south"


def test_a_breakout_fleet_heads_for_the_enemy_edge() -> None:
    battle = make_battle([("B", make_card("B"), 0, (30, 10), 0), ("E", make_card("E"), 1, (60, 40), 180)])
    plan = SimpleCaptain(Objective.BREAKOUT).plan_move(battle, battle.ship("B"))
    execute_move(battle, battle.ship("B"), plan)
    assert battle.ship("B").pos[1] >= 15.9


def test_moves_keep_a_target_in_the_arcs() -> None:
    fore = [weapon("Fore", arcs=["fore"], ranges=(6, 12, 18, 24))]
    battle = make_battle([("A", make_card("A", weapons=fore), 0, (30, 20), 0), ("T", make_card("T"), 1, (42, 26), 0)])
    ship = battle.ship("A")
    plan = SimpleCaptain().plan_move(battle, ship)
    verify_move(ship, plan)
    execute_move(battle, ship, plan)
    assert "fore" in arcs_of(ship.pos, ship.heading, battle.ship("T").pos)


def test_damage_control_takes_the_escalating_area_first() -> None:
    battle = make_battle([("S", make_card(), 0, (30, 20), 0)])
    ship = battle.ship("S")
    ship.criticals.update({Area.ENGINE: 3, Area.CREW: 2, Area.WEAPONS: 6})
    assert SimpleCaptain().damage_control(battle, ship) is Area.CREW
    ship.criticals.update({Area.CREW: 0})
    assert SimpleCaptain().damage_control(battle, ship) is Area.ENGINE
    ship.criticals.update({Area.ENGINE: 0})
    assert SimpleCaptain().damage_control(battle, ship) is None


def test_deployment_line_abreast_heaviest_in_the_centre() -> None:
    ships = [(f"S{i}", make_card(f"S{i}", points=100 * (i + 1)), 0, (0, 0), 0) for i in range(4)]
    battle = make_battle(ships)
    zone = DeploymentZone(DeploymentKind.NORMAL, Edge.SOUTH)
    placed = SimpleCaptain().deploy(battle, 0, zone, [f"S{i}" for i in range(4)])
    assert all(zone.contains(p) and h == 0 for p, h in placed.values())
    xs = sorted(placed, key=lambda n: placed[n][0][0])
    assert set(xs[1:3]) == {"S3", "S2"}


# --------------------------------------------------------------------------- the default captain (issue 14)


class _CoreOnly:
    """A captain written for the core engine that also picks its radar target and keeps its boats' depth."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def damage_control(self, battle, ship):
        self.asked.append(f"repair {ship.name}")
        return Area.ENGINE

    def choose_radar_target(self, battle, ship, names):
        self.asked.append(f"radar {ship.name}")
        return names[-1]


def test_a_wrapped_captain_answers_what_it_can_and_the_defaults_the_rest() -> None:
    battle = make_battle(
        [("A", make_card("A"), 0, (30, 20), 0), ("Near", make_card("Near"), 1, (30, 25), 0),
         ("Far", make_card("Far"), 1, (30, 40), 0)]
    )  # fmt: skip
    own = _CoreOnly()
    captain = with_defaults(own)
    ship = battle.ship("A")
    assert captain.damage_control(battle, ship) is Area.ENGINE
    assert captain.choose_radar_target(battle, ship, ["Near", "Far"]) == "Far"
    assert own.asked == ["repair A", "radar A"]
    # the questions it lacks: the engine's former defaults
    assert captain.choose_searchlight(battle, ship, ["Near"]) is None
    assert captain.choose_launch(battle, ship, ["F1"]) == []
    assert captain.deep_deploy(battle, 0, ["A"]) == []
    assert captain.aircraft_first(battle, 0) is False and captain.boats_first(battle, 0) is False
    assert captain.fire_first(battle, 0) is True
    names = ["F2", "F1"]
    assert captain.order_air_attacks(battle, 0, names) is names
    assert captain.assign_sub_hunters(battle, 0, ["S1", "S2"], 3) == ["S1", "S2", "S1"]
    assert captain.plan_aa(battle, ship) == [] and captain.plan_flights(battle, 0) == {}
    assert captain.plan_boats(battle, 0) == {}
    assert with_defaults(captain) is captain
    # the AI answers radar on the nearest candidate, as the default does
    assert with_defaults(SimpleCaptain()).choose_radar_target(battle, ship, ["Far", "Near"]) == "Near"
