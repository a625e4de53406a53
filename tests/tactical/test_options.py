"""The optional rule modules of seeds 001 and 003 (tactical/options.py): each shown on, and absent off
(R-TAC-60 to R-TAC-66)."""

from __future__ import annotations

import pytest

from tactical import battle_events as ev
from tactical.ai import SimpleCaptain, with_defaults
from tactical.attack_dice import attack_modifiers, line_of_fire
from tactical.battle import BattleSpec, FleetSpec, ShipSpec, resolve
from tactical.crit2d6 import fires_end_phase
from tactical.criticals import roll_critical
from tactical.damage import roll_damage
from tactical.environment import visibility_refusal
from tactical.geometry import RangeBand
from tactical.gunnery import fire, legal_targets, target_refusal
from tactical.hull import cripple, sink
from tactical.mines import mine_check
from tactical.movement import max_move, verify_move
from tactical.options import RuleOptions
from tactical.orders import IllegalOrder, OrderName, issue_order, legal_orders
from tactical.plans import FirePlan, Leg, MovePlan, Shot
from tactical.scenario import Objective
from tactical.state import BattleState, Depth
from tactical.variants import roll_visibility
from tests.tactical.helpers import make_battle, make_card, weapon


def opt(battle, **flags):
    battle.state.options = RuleOptions(**flags)
    return battle


def duel(d=8.0, dice=(), a_kw=None, b_kw=None, heading_b=0.0):
    a = make_card("A", weapons=[weapon("Turret A", ranges=(8, 16, 24, 32)),
                                weapon("Light Guns", kind="light_gun", ranges=(4, 9, 13, 18), ad=3)],
                  **(a_kw or {}))  # fmt: skip
    b = make_card("B", **(b_kw or {}))
    return make_battle([("A", a, 0, (30.0, 10.0), 0.0), ("B", b, 1, (30.0, 10.0 + d), heading_b)], dice)


def mods(battle, index=0):
    a, b = battle.ship("A"), battle.ship("B")
    w = a.card.weapons[index]
    return dict(attack_modifiers(a, w, b, line_of_fire(battle, a, w, b), battle))


def test_options_are_stored_and_logged() -> None:
    spec = BattleSpec(
        sides=(FleetSpec(name="Blue", ships=[ShipSpec(name="A", card=make_card("A"))], objective=Objective.ATTRITION),
               FleetSpec(name="Red", ships=[ShipSpec(name="B", card=make_card("B"))], objective=Objective.ATTRITION)),
        options=RuleOptions(close_range_bonus=True, splash_counters=True),
    )  # fmt: skip
    assert RuleOptions().active() == []
    assert BattleSpec.model_validate_json(spec.model_dump_json()).options.splash_counters
    report = resolve(spec)
    assert "close_range_bonus, splash_counters" in report.events[0].text
    assert report.conditions["options"] == ["close_range_bonus", "splash_counters"]


def test_001_half_speed_before_turning() -> None:
    battle = duel()
    ship = battle.ship("A")
    plan = MovePlan((Leg(0, 2.0), Leg(45, 4.0)))
    verify_move(ship, plan, battle)
    opt(battle, half_speed_turns=True)
    with pytest.raises(IllegalOrder, match="needs 3"):
        verify_move(ship, plan, battle)
    verify_move(ship, MovePlan((Leg(0, 3.0), Leg(45, 3.0))), battle)


def test_001_flank_speed_order() -> None:
    battle = duel()
    ship = battle.ship("A")
    assert OrderName.FLANK_SPEED not in legal_orders(ship, battle)
    opt(battle, flank_speed_order=True)
    issue_order(battle, ship, OrderName.FLANK_SPEED)
    assert max_move(ship, battle) == 7.0


def test_001_close_range_bonus() -> None:
    battle = duel(8.0)
    assert "within 10\" (001)" not in mods(battle)
    opt(battle, close_range_bonus=True)
    assert mods(battle)["within 10\" (001)"] == 1
    assert "within 10\" (001)" not in mods(opt(duel(12.0), close_range_bonus=True))


def torpedo_duel(dice, **flags):
    torps = weapon("Torps", kind="torpedo", arcs=["fore"], ranges=(2, 5, 7, 10), ad=1, dd=1)
    a = make_card("A", weapons=[torps])
    b = make_card("B", traits=["Torpedo Belt 2"], armour=3)
    battle = make_battle([("A", a, 0, (30.0, 10.0), 0.0), ("B", b, 1, (30.0, 14.0), 90.0)], dice)
    return opt(battle, **flags)


def test_001_torpedo_belt_side_hits() -> None:
    """Off: the belt takes 2 off the Damage Die (5 - 2 = 3 still hurts Armour 3; 4 - 2 does not). On: no
    deduction, but a D6 of 4+ makes the torpedo roll again."""
    battle = torpedo_duel([6, 4])
    fire(battle, battle.ship("A"), FirePlan((Shot(0, "B", 1),)))
    assert battle.ship("B").hull == 20
    battle = torpedo_duel([6, 4, 1, 4], belt_side_hits=True)  # belt struck (4), re-roll 1 misses
    fire(battle, battle.ship("A"), FirePlan((Shot(0, "B", 1),)))
    assert battle.ship("B").hull == 20
    battle = torpedo_duel([6, 3, 4], belt_side_hits=True)  # belt missed (3): the 4 hurts Armour 3 undiminished
    fire(battle, battle.ship("A"), FirePlan((Shot(0, "B", 1),)))
    assert battle.ship("B").hull == 19


def test_001_weak() -> None:
    weak = weapon("Weak Guns", kind="light_gun", ranges=(4, 9, 13, 18), ad=1, traits=["Weak"])
    for flag, hull in ((False, 19), (True, 20)):
        battle = make_battle([("A", make_card("A", weapons=[weak]), 0, (30.0, 10.0), 0.0),
                              ("B", make_card("B", armour=3), 1, (30.0, 13.0), 0.0)], [3])  # fmt: skip
        opt(battle, weak_001=flag)
        roll_damage(battle, battle.ship("A"), weak, battle.ship("B"), 1, RangeBand.SHORT, False)
        assert battle.ship("B").hull == hull  # 3 - 1 < 3 with the option
    battle = make_battle([("A", make_card("A", weapons=[weak]), 0, (30.0, 10.0), 0.0),
                          ("B", make_card("B", armour=3), 1, (30.0, 13.0), 0.0)], [6, 4, 5, 6])  # fmt: skip
    opt(battle, weak_001=True)
    roll_damage(battle, battle.ship("A"), weak, battle.ship("B"), 1, RangeBand.SHORT, False)
    assert battle.ship("B").criticals["weapons"] == 1  # a critical against Armour 3


@pytest.mark.parametrize("option", ["000", "2d6"])
def test_001_weak_critical_costs_one_point_in_all(option: str) -> None:
    """001 Weak (R-TAC-81): one extra point at most from a Weak weapon's critical, whatever it sets off: Weapons 1
    -> 2 (Secondary Weapons Destroyed, 2) raises Crew 1 -> 2 (Fire, 1): 1 point in all, not 1 + 1; the 003 tables
    are capped too (Multiple Explosions, 3 -> 1)."""
    weak = weapon("Weak Guns", kind="light_gun", ranges=(4, 9, 13, 18), ad=1, traits=["Weak"])
    dice = [6, 4, 5] if option == "000" else [6, 4, 2, 3, 6]
    battle = make_battle([("A", make_card("A", weapons=[weak]), 0, (30.0, 10.0), 0.0),
                          ("B", make_card("B", armour=3), 1, (30.0, 13.0), 0.0)], dice)  # fmt: skip
    opt(battle, weak_001=True, criticals_2d6=option == "2d6")
    b = battle.ship("B")
    b.criticals["weapons"] = b.criticals["crew"] = 1
    roll_damage(battle, battle.ship("A"), weak, b, 1, RangeBand.SHORT, False)  # 6 - 1 = 5: 1 damage, critical
    if option == "000":
        crits = battle.log.of_type(ev.CriticalHit)
        assert [(c.effect, c.extra_damage) for c in crits] == [("Secondary Weapons Destroyed", 1), ("Fire", 0)]
    else:
        [crit] = battle.log.of_type(ev.Critical2D6)
        assert (crit.effect, crit.extra_damage, battle.state.fires["B"]) == ("Multiple Explosions", 1, 3)
    assert b.hull == 18 and battle.state.damage_cap is None


def test_001_torpedo_reloads_and_crippled_tubes() -> None:
    torps = weapon("Torps", kind="torpedo", arcs=["port"], ranges=(2, 5, 7, 10), ad=4, traits=["Slow-Loading"])
    card = make_card("CA", nation="JP", weapons=[weapon(), torps])
    spec = BattleSpec(sides=(FleetSpec(name="Blue", ships=[ShipSpec(name="CA", card=card)]),
                             FleetSpec(name="Red", ships=[ShipSpec(name="B", card=make_card("B"))])),
                      options=RuleOptions(torpedo_reloads=True))  # fmt: skip
    from tactical.muster import build_state

    assert build_state(spec).ships["CA"].weapons[1].reloads_left == 2
    battle = make_battle([("CA", card, 0, (10.0, 10.0), 0.0)], [1, 5])
    opt(battle, torpedo_reloads=True)
    battle.ship("CA").flags.append("torpedo_reloads")
    cripple(battle, battle.ship("CA"), award=False)
    ship = battle.ship("CA")
    assert ship.weapons[1].lost_on_cripple and not ship.weapons[0].lost_on_cripple


def test_001_observation_aircraft_keep_their_trait() -> None:
    card = make_card("CA", traits=["Aircraft 2"])
    for flag, lost in ((False, True), (True, False)):
        battle = make_battle([("CA", card, 0, (10.0, 10.0), 0.0)], [1, 6])
        opt(battle, observation_001=flag)
        if flag:
            battle.dice._script.pop()
        cripple(battle, battle.ship("CA"), award=False)
        assert ("Aircraft 2" in battle.ship("CA").lost_traits) is lost


def test_001_smoke_radar_ships_see_through_their_own_smoke() -> None:
    battle = duel(10.0, a_kw={"traits": ["Radar"]})
    battle.state.smoke.append((30.0, 15.0))
    battle.state.smoke_by["0"] = [0]
    assert target_refusal(battle, battle.ship("A"), 0, battle.ship("B")).startswith("000 Create Smoke")
    opt(battle, smoke_001=True)
    assert target_refusal(battle, battle.ship("A"), 0, battle.ship("B")) is None
    battle.state.smoke_by["0"] = []
    battle.state.smoke_by["1"] = [0]
    assert target_refusal(battle, battle.ship("A"), 0, battle.ship("B")) is not None


def test_001_night_fighting() -> None:
    """Light Guns fired at night Illuminate the firer (R-TAC-82): B, 8" away, detects it and fires at it without
    the night -1, and so would a ship farther off; a radar ship in 1943 or earlier must engage the largest enemy
    in range."""
    battle = duel(8.0, [1, 1, 1])
    battle.state.time_of_day = "night"
    battle.state.spotted_by[0].append("B")
    fire(battle, battle.ship("A"), FirePlan((Shot(1, "B", 3),)))
    assert "A" not in battle.state.spotted_by[1] and "A" not in battle.state.lit
    battle = opt(duel(8.0, [1, 1, 1]), night_001=True)
    battle.state.time_of_day = "night"
    battle.state.spotted_by[0].append("B")
    a, b = battle.ship("A"), battle.ship("B")
    assert visibility_refusal(battle, b, a) == "000 Night Battles: A has not been spotted"
    fire(battle, a, FirePlan((Shot(1, "B", 3),)))
    assert "A" in battle.state.spotted_by[1] and battle.state.lit == ["A"]
    assert [e.ship for e in battle.log.of_type(ev.SecondaryGunsSeen)] == ["A"]
    assert visibility_refusal(battle, b, a) is None
    assert "night" not in dict(attack_modifiers(b, b.card.weapons[0], a, line_of_fire(battle, b, b.card.weapons[0], a),
                                                battle))
    assert "night" in dict(attack_modifiers(a, a.card.weapons[0], b, line_of_fire(battle, a, a.card.weapons[0], b),
                                            battle))
    big = make_card("BB", type="battleship", hull=60, crippled=20)
    battle = make_battle([("A", make_card("A", traits=["Radar"]), 0, (30.0, 10.0), 0.0),
                          ("B", make_card("B"), 1, (30.0, 14.0), 0.0), ("BB", big, 1, (32.0, 18.0), 0.0)])  # fmt: skip
    battle.state.time_of_day, battle.state.year = "night", 1942
    battle.state.spotted_by[0] += ["B", "BB"]
    opt(battle, night_001=True)
    with pytest.raises(IllegalOrder, match="largest"):
        fire(battle, battle.ship("A"), FirePlan((Shot(0, "B", 3),)))


def test_001_early_radar_at_night_is_a_target_rule_the_ai_keeps() -> None:
    """001 Night Fighting, Radar (R-TAC-87): in 1942 a radar ship at night may fire only at the largest enemy it may
    otherwise fire at (BB), or at an Illuminated one (B once lit); BB out of its arc does not count, and the AI
    plans legal fire; in 1944, or by day, or without radar, any target."""
    big = make_card("BB", type="battleship", hull=60, crippled=20)
    battle = make_battle([("A", make_card("A", traits=["Radar"]), 0, (30.0, 10.0), 0.0),
                          ("B", make_card("B"), 1, (30.0, 14.0), 0.0), ("BB", big, 1, (32.0, 18.0), 0.0)])  # fmt: skip
    battle.state.time_of_day, battle.state.year = "night", 1942
    battle.state.spotted_by[0] += ["B", "BB"]
    opt(battle, night_001=True)
    a = battle.ship("A")
    assert [t.name for t in legal_targets(battle, a, 0)] == ["BB"]
    assert target_refusal(battle, a, 0, battle.ship("B")) == (
        "001 Night Fighting (option): A's radar must engage the largest enemy it may fire at (BB)")
    plan = SimpleCaptain().plan_fire(battle, a)
    assert [shot.target for shot in plan.shots] == ["BB"]
    battle.state.lit.append("B")
    assert target_refusal(battle, a, 0, battle.ship("B")) is None
    battle.state.lit.clear()
    battle.ship("BB").pos = (30.0, 4.0)  # astern: outside the turret's arcs, so B is the largest it may fire at
    assert target_refusal(battle, a, 0, battle.ship("B")) is None
    battle.ship("BB").pos = (32.0, 18.0)
    battle.state.year = 1944
    assert target_refusal(battle, a, 0, battle.ship("B")) is None


def test_001_shorelines() -> None:
    small = make_card("CL", hull=8, crippled=2)
    battle = make_battle([("CL", small, 0, (30.0, 12.0), 0.0)])
    battle.state.land.append([(28.0, 18.0), (32.0, 18.0), (32.0, 22.0), (28.0, 22.0)])
    from tactical.movement import execute_move

    execute_move(battle, battle.ship("CL"), MovePlan.straight(6.0))
    assert not battle.ship("CL").aground
    battle = opt(make_battle([("CL", small, 0, (30.0, 12.0), 0.0)]), coast_001=True)
    battle.state.land.append([(28.0, 18.0), (32.0, 18.0), (32.0, 22.0), (28.0, 22.0)])
    execute_move(battle, battle.ship("CL"), MovePlan.straight(6.0))
    ship = battle.ship("CL")
    assert ship.aground
    from tactical.gunnery import usable_now

    assert usable_now(battle, ship, 0).startswith("001")


def test_001_minefields() -> None:
    battle = duel()
    battle.state.minefields = {battle.state.table.sector((30.0, 10.0)): 12}  # A's Sector
    mine_check(battle, battle.ship("A"))  # the option is off: no roll
    opt(battle, minefields=True)
    battle.dice.push(5, 2)  # a mine: 2 + 2 + 5 (cruiser) = 9 < 12: struck
    battle.dice.push(4, 4, 4)
    mine_check(battle, battle.ship("A"))
    assert battle.ship("A").hull == 17
    battle.dice.push(6, 6)  # 6 + 2 + 5 = 13: avoided
    mine_check(battle, battle.ship("A"))
    assert battle.ship("A").hull == 17


def test_001_a_sweeping_minesweeper_and_its_followers_give_no_orders() -> None:
    """001 Minesweeping (R-TAC-85): MS sweeps (6 + 2 = 8: density 12 -> 11) and may give no Order this turn; F, 4"
    astern of it, meets a mine (5) and avoids it with the +1 (3 + 2 + 6 + 1 = 12): it may give no Order either; X,
    abeam of MS, avoids its mine without the bonus (6 + 2 + 5 = 13) and keeps its Orders."""
    dd = {"type": "destroyer", "armour": 1, "hull": 6, "crippled": 2}
    battle = make_battle([("MS", make_card("MS", traits=["Minesweeper"], **dd), 0, (30.0, 10.0), 0.0),
                          ("F", make_card("F", **dd), 0, (30.0, 6.0), 0.0),
                          ("X", make_card("X"), 0, (34.0, 10.0), 0.0)], [6, 5, 3, 5, 6])  # fmt: skip
    opt(battle, minefields=True)
    sector = battle.state.table.sector((30.0, 10.0))
    battle.state.minefields = {sector: 12}
    for name in ("MS", "F", "X"):
        mine_check(battle, battle.ship(name))
    assert battle.state.minefields[sector] == 11 and battle.state.sweep_bound == ["MS", "F"]
    assert legal_orders(battle.ship("MS"), battle) == legal_orders(battle.ship("F"), battle) == []
    with pytest.raises(IllegalOrder, match=r"001 Minefields \(Minesweeping\): MS: "):
        issue_order(battle, battle.ship("MS"), OrderName.EVADE)
    assert OrderName.EVADE in legal_orders(battle.ship("X"), battle)
    assert [e.ship for e in battle.log.of_type(ev.MineAvoided)] == ["F", "X"]


def test_003_target_size_and_facing() -> None:
    battle = duel(8.0, b_kw={"type": "battleship"}, heading_b=0.0)  # A is astern of B
    assert "large silhouette" not in mods(battle)
    opt(battle, target_size=True)
    m = mods(battle)
    assert m["target size (battleship)"] == 1 and m["bow or stern"] == -1
    battle = opt(duel(8.0, b_kw={"type": "destroyer", "armour": 1, "hull": 6, "crippled": 2}, heading_b=90.0),
                 target_size=True)  # fmt: skip
    m = mods(battle)
    assert m["target size (destroyer)"] == -1 and m["broadside"] == 1 and "destroyer target" not in m


def test_003_torpedo_broadside_damage() -> None:
    torps = weapon("Torps", kind="torpedo", arcs=["fore"], ranges=(2, 5, 7, 10), ad=1, dd=2)
    for flag, hull in ((False, 19), (True, 18)):
        battle = make_battle([("A", make_card("A", weapons=[torps]), 0, (30.0, 10.0), 0.0),
                              ("B", make_card("B", armour=5), 1, (30.0, 14.0), 90.0)], [4, 5])  # fmt: skip
        opt(battle, target_size=flag)
        roll_damage(battle, battle.ship("A"), torps, battle.ship("B"), 1, RangeBand.SHORT, True)
        assert battle.ship("B").hull == hull, flag


@pytest.mark.parametrize("option", [False, True])
def test_003_torpedo_hits_always_roll_for_a_critical(option: bool) -> None:
    """003 Critical Hits (R-TAC-80): each torpedo hit rolls the critical D6: 1-5 one more point of damage, 6 one
    more and a critical hit (2D6 location), though its Damage Dice scored none; a gun hit does not; off, nothing."""
    torps = weapon("Torps", kind="torpedo", arcs=["fore"], ranges=(2, 5, 7, 10), ad=2, dd=1)
    battle = make_battle([("A", make_card("A", weapons=[torps, weapon()]), 0, (30.0, 10.0), 0.0),
                          ("B", make_card("B", armour=3), 1, (30.0, 14.0), 90.0)],
                         [4, 2, 3, 6, 3, 3, 1, 4])  # fmt: skip
    opt(battle, criticals_2d6=option)
    b = battle.ship("B")
    # two torpedo hits: Damage Dice 4, 2 (1 damage); critical rolls 3 (+1), 6 (+1 and 2D6 3+3 = 6, D6 1: Turbine)
    roll_damage(battle, battle.ship("A"), torps, b, 2, RangeBand.SHORT, True)
    rolls = battle.log.of_type(ev.TorpedoCriticalRoll)
    assert [(r.score, r.critical) for r in rolls] == ([(3, False), (6, True)] if option else [])
    assert [c.effect for c in battle.log.of_type(ev.Critical2D6)] == (["Turbine Damaged"] if option else [])
    assert b.hull == (17 if option else 19)
    before = b.hull
    battle.dice.push(4)
    roll_damage(battle, battle.ship("A"), battle.ship("A").card.weapons[1], b, 1, RangeBand.SHORT, True)
    assert b.hull == before - 1 and len(battle.log.of_type(ev.TorpedoCriticalRoll)) == len(rolls)


def test_003_critical_tables_and_fires() -> None:
    battle = duel(dice=[1, 2, 3])  # 2D6 3: Superstructure/Hull; D6 3: Multiple Fires, -1 VA as 1 damage, 2 fires
    opt(battle, criticals_2d6=True)
    ship = battle.ship("B")
    roll_critical(battle, ship)
    assert ship.hull == 19 and battle.state.fires["B"] == 2 and ship.criticals["crew"] == 0
    battle.dice.push(3, 5)  # fires: no damage (R-TAC-79); one spreads (3), one goes out (5)
    fires_end_phase(battle, ship)
    assert ship.hull == 19 and battle.state.fires["B"] == 2
    battle.dice.push(1, 6, 2, 2, 1)  # one burns on, one causes a critical: 2D6 4, D6 1: Fire (no extra damage)
    fires_end_phase(battle, ship)
    assert ship.hull == 19 and battle.state.fires["B"] == 3
    battle.dice.push(6, 6, 6)  # 2D6 12: Vital Systems, 6: Catastrophic Explosion
    roll_critical(battle, ship)
    assert ship.status.value == "sunk"
    off = duel(dice=[5, 1])
    roll_critical(off, off.ship("B"))
    assert off.ship("B").criticals["weapons"] == 1


def test_003_splash_counters_one_marker_per_firing_ship_one_die_fewer_per_marker() -> None:
    """003 Splash Counters (R-TAC-78): A's two turrets put one marker on B and do not suffer it; C then rolls one
    Attack Die fewer with each turret, D two fewer; no Attack Dice modifier; Light Guns neither mark nor suffer;
    with the option off nothing changes."""
    for on, rolled in ((True, [3, 3, 2, 2, 1, 3]), (False, [3, 3, 3, 3, 3, 3])):
        turrets = [weapon("Turret A"), weapon("Turret B"), weapon("Light Guns", kind="light_gun")]
        ships = [(n, make_card(n, weapons=turrets), 0, (24.0 + 6 * i, 10.0), 0.0) for i, n in enumerate("ACD")]
        battle = opt(make_battle([*ships, ("B", make_card("B"), 1, (30.0, 22.0), 0.0)], [1] * 18),
                     splash_counters=on)  # fmt: skip
        for name, plan in (("A", ((0, 3), (1, 3))), ("C", ((0, 3), (1, 3))), ("D", ((0, 3), (2, 3)))):
            fire(battle, battle.ship(name), FirePlan(tuple(Shot(i, "B", n) for i, n in plan)))
        attacks = battle.log.of_type(ev.GunneryAttack)
        assert [a.dice for a in attacks] == rolled
        assert all(a.modifier == attacks[0].modifier for a in attacks)
        assert battle.state.splash == ({"B": ["A", "C", "D"]} if on else {})


def test_003_splash_markers_in_a_saved_battle() -> None:
    """A battle saved with the markers keeps who put them; a save from before R-TAC-78 (a count) reads as that many
    markers of no ship."""
    battle = opt(duel(12.0), splash_counters=True)
    battle.state.splash = {"B": ["A"]}
    assert BattleState.from_json(battle.state.to_json()).splash == {"B": ["A"]}
    old = battle.state.to_json() | {"splash": {"B": 2}}
    assert BattleState.from_json(old).splash == {"B": ["", ""]}


def test_003_bad_weather_visibility_and_radar_checks() -> None:
    battle = opt(duel(18.0, [2, 3]), weather_visibility=True)
    battle.state.weather = "bad"
    roll_visibility(battle)
    assert battle.state.visibility == 15.0
    a, b = battle.ship("A"), battle.ship("B")
    assert "hidden" in visibility_refusal(battle, a, b)
    battle.state.radar_fire.append("A")
    assert visibility_refusal(battle, a, b) is None
    core = duel(18.0)
    core.state.weather = "bad"
    assert "spotted" in visibility_refusal(core, core.ship("A"), core.ship("B"))


def test_003_night_states_and_radar_checks() -> None:
    battle = opt(duel(12.0), night_states=True)
    battle.state.time_of_day = "night"
    a, b = battle.ship("A"), battle.ship("B")
    assert "hidden" in visibility_refusal(battle, a, b)
    battle.state.lit.append("B")
    assert visibility_refusal(battle, a, b) == "" or visibility_refusal(battle, a, b) is None
    assert "night: detected, not illuminated" not in mods(battle)
    battle.state.lit.clear()
    b.pos = (30.0, 18.0)
    assert "night: detected, not illuminated" in mods(battle)
    jp = opt(duel(15.0, a_kw={"nation": "JP"}), night_states=True)
    jp.state.time_of_day = "night"
    assert not visibility_refusal(jp, jp.ship("A"), jp.ship("B"))  # the Japanese detect within 20"
    radar = opt(duel(20.0, [3], a_kw={"traits": ["Radar"]}), radar_checks=True)
    fire(radar, radar.ship("A"), FirePlan(radar=True))
    assert radar.state.radar_fire == ["A"]
    m = mods(radar)
    assert m == {"long range": -1}


def test_003_fog_of_war() -> None:
    friend = make_card("F")
    battle = make_battle([("A", make_card("A"), 0, (30.0, 10.0), 0.0), ("F", friend, 0, (34.0, 12.0), 0.0),
                          ("B", make_card("B"), 1, (30.0, 16.0), 0.0), ("C", make_card("C"), 1, (26.0, 16.0), 0.0)],
                         [1, 5, 4, 4])  # fmt: skip
    battle.state.time_of_day = "night"
    battle.state.spotted_by[0] += ["B", "C"]
    opt(battle, fog_of_war=True)
    fire(battle, battle.ship("A"), FirePlan((Shot(0, "B", 1),)))
    assert battle.ship("F").hull < 20 and battle.ship("B").hull == 20


def test_003_nationality_bonuses() -> None:
    battle = duel(20.0, a_kw={"nation": "DE"})
    assert "German optics (003)" not in mods(battle)
    opt(battle, nationality_bonuses=True)
    assert mods(battle)["German optics (003)"] == 1
    from tactical.criticals import damage_control

    ship = battle.ship("A")
    ship.criticals["engine"] = 3
    battle.dice.push(5)
    damage_control(battle, ship, ship.criticals.__class__ and __import__("tactical.state").state.Area.ENGINE)
    assert ship.criticals["engine"] == 1  # 5 + 1 (German damage control) lowers it by 2
    sub = make_card("SS", type="submarine", traits=["Submarine"], submerged_speed=2)
    assert sub.type.value == "submarine" and Depth.SUBMERGED


def test_001_searchlights_at_the_start_of_the_gunnery_phase() -> None:
    """001 Night Fighting: the loser of the Initiative declares first; both the lit enemy and the ship using its
    searchlights are Illuminated."""
    from tactical.turn import night_001_searchlights

    class Lights:
        def choose_searchlight(self, battle, ship, targets):
            return targets[0]

    battle = opt(duel(8.0), night_001=True)
    battle.state.time_of_day = "night"
    night_001_searchlights(battle, (with_defaults(Lights()), with_defaults(type("Dark", (), {})())))
    assert set(battle.state.lit) == {"A", "B"}
    off = duel(8.0)
    off.state.time_of_day = "night"
    night_001_searchlights(off, (with_defaults(Lights()), with_defaults(Lights())))
    assert off.state.lit == []


def test_003_crippled_ships() -> None:
    """003 Crippled (with criticals_2d6): -1" instead of half speed, no Lumbering, no rolls, no surface torpedoes."""
    torps = weapon("Torps", kind="torpedo", arcs=["port"], ranges=(2, 5, 7, 10))
    battle = make_battle([("A", make_card("A", weapons=[weapon(), torps]), 0, (10.0, 10.0), 0.0)])
    opt(battle, criticals_2d6=True)
    ship = battle.ship("A")
    ship.flags.append("criticals_2d6")
    cripple(battle, ship, award=False)  # no dice rolled
    from tactical.gunnery import usable_now

    assert ship.flank_speed() == 5.0 and not ship.has("Lumbering")
    assert usable_now(battle, ship, 1).startswith("003 Crippled")


def test_003_german_radar() -> None:
    from tactical.environment import radar_detection

    radar = make_card("R", nation="DE", traits=["Radar"])
    battle = make_battle([("R", radar, 0, (30.0, 10.0), 0.0), ("B", make_card("B"), 1, (30.0, 20.0), 0.0)], [4, 6])
    battle.state.time_of_day = "night"
    opt(battle, nationality_bonuses=True)
    radar_detection(battle, (with_defaults(object()), with_defaults(object())))
    assert battle.state.radar_tracks.get("R", []) == []  # a 4 is not the 5+ German radar needs
    assert battle.dice.remaining == 1


def observers_battle(**opts):
    cards = {n: make_card(n, traits=[f"Aircraft {x}"]) for n, x in (("CA", 1), ("CL", 1), ("CB", 2))}
    battle = make_battle([(n, c, 0, (20.0 + 5 * i, 10.0), 0.0) for i, (n, c) in enumerate(cards.items())]
                         + [("T", make_card("T"), 1, (30.0, 40.0), 0.0)])  # fmt: skip
    battle.state.spotted[0] = ["T", "T2", "T3"]
    battle.state.sub_hunters[0] = 1
    return opt(battle, **opts)


def test_observation_flights_are_lost_with_the_ship_that_carries_them() -> None:
    """000 Aircraft X (R-TAC-84): four Observation Flights carried (CA 1, CL 1, CB 2), three spotting and one hunting
    submarines: CB sinks, two are lost, the hunter first, then the last target spotted; CA crippled loses its
    Aircraft trait (trait roll 4): one more, the next target.  With 001 Observation Aircraft none is lost."""
    battle = observers_battle()
    sink(battle, battle.ship("CB"))
    assert battle.state.sub_hunters[0] == 0 and battle.state.spotted[0] == ["T", "T2"]
    battle.dice.push(1, 4)  # crippled: the turret kept (1), the Aircraft trait lost (4)
    cripple(battle, battle.ship("CA"))
    assert battle.state.spotted[0] == ["T"]
    lost = [(e.ship, e.count, e.hunters, e.spotting) for e in battle.log.of_type(ev.ObservationFlightsLost)]
    assert lost == [("CB", 2, 1, ("T3",)), ("CA", 1, 0, ("T2",))]
    battle.dice.push(1, 3)
    cripple(battle, battle.ship("CL"))  # keeps its trait (3): CL still carries the one Flight spotting T
    assert battle.state.spotted[0] == ["T"] and len(battle.log.of_type(ev.ObservationFlightsLost)) == 2
    battle = observers_battle(observation_001=True)
    sink(battle, battle.ship("CB"))
    assert battle.state.spotted[0] == ["T", "T2", "T3"] and not battle.log.of_type(ev.ObservationFlightsLost)
