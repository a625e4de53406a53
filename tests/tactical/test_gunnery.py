"""Gunnery: nomination, arcs, ranges, the Attack Dice modifiers and re-rolls (000 "Gunnery Phase", "Attack Dice
Modifiers", Evade!, Twin-Linked; cases T-07, T-10, T-11, P-01; R-TAC-12, R-TAC-14, R-TAC-15, R-TAC-19)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from tactical import battle_events as ev
from tactical.attack_dice import attack_modifiers, line_of_fire, roll_to_hit
from tactical.dice import Dice, ScriptedDice
from tactical.gunnery import fire, legal_targets
from tactical.orders import IllegalOrder
from tactical.plans import FirePlan, Shot
from tactical.state import Area, Vital
from tactical.turn import end_phase
from tests.tactical.helpers import IdleCaptain, make_battle, make_card, weapon


def _duel(attacker=None, target=None, *, distance=20.0, target_heading=90.0, attacker_heading=0.0, dice=()):
    """Attacker at (10, 10); target ``distance`` inches due north."""
    return make_battle(
        [
            ("A", attacker or make_card("Gun"), 0, (10.0, 10.0), attacker_heading),
            ("T", target or make_card("Target"), 1, (10.0, 10.0 + distance), target_heading),
        ],
        dice,
    )


def _mods(battle, index=0):
    a, t = battle.ship("A"), battle.ship("T")
    w = a.card.weapons[index]
    return dict(attack_modifiers(a, w, t, line_of_fire(battle, a, w, t)))


def test_attack_dice_modifier_table() -> None:
    """000 Attack Dice Modifiers: range band, destroyer, fast, large silhouette, torpedo; cumulative."""
    assert _mods(_duel(distance=5)) == {"point blank range": 1, "large silhouette": 1}
    assert _mods(_duel(distance=12, target_heading=0)) == {}
    assert _mods(_duel(distance=20, target_heading=0)) == {"long range": -1}
    assert _mods(_duel(distance=30, target_heading=180)) == {"extreme range": -2}
    dd = _duel(target=make_card("DD", type="destroyer", flank_speed=7), distance=12, target_heading=0)
    dd.ship("T").moved = 7.0
    assert _mods(dd) == {"destroyer target": -1, "fast moving target": -1}
    torp = make_card("Torp", weapons=[weapon("T", kind="torpedo", ranges=(5, 10, 15, 20))])
    assert _mods(_duel(torp, distance=8)) == {"large silhouette": 1, "torpedo": -2}


def test_light_guns_and_fast_track_ignore_fast_targets() -> None:
    card = make_card(weapons=[weapon(), weapon("LG", kind="light_gun"), weapon("FT", traits=["Fast Track"])])
    battle = _duel(card, distance=12, target_heading=0)
    battle.ship("T").moved = 6.5
    assert _mods(battle, 0) == {"fast moving target": -1}
    assert _mods(battle, 1) == {} and _mods(battle, 2) == {}
    battle.ship("T").moved = 6.0  # "more than 6 inches"
    assert _mods(battle, 0) == {}


def test_t11_main_guns_never_target_a_destroyer_at_point_blank() -> None:
    dd = make_card("DD", type="destroyer")
    battle = _duel(target=dd, distance=6)
    with pytest.raises(IllegalOrder, match="Main Guns cannot target a destroyer at point blank"):
        fire(battle, battle.ship("A"), FirePlan((Shot(0, "T", 3),)))
    assert legal_targets(battle, battle.ship("A"), 0) == []
    assert legal_targets(_duel(target=dd, distance=10), _duel(target=dd, distance=10).ship("A"), 0)
    cruiser_battle = _duel(distance=6)
    assert [t.name for t in legal_targets(cruiser_battle, cruiser_battle.ship("A"), 0)] == ["T"]
    lg = make_card(weapons=[weapon("LG", kind="light_gun")])
    lg_battle = _duel(lg, dd, distance=6)
    assert legal_targets(lg_battle, lg_battle.ship("A"), 0)


def test_arcs_range_and_the_visual_limit() -> None:
    fore_only = make_card(weapons=[weapon(arcs=["fore"], ranges=(10, 20, 30, 42))])
    behind = _duel(fore_only, attacker_heading=180)
    with pytest.raises(IllegalOrder, match="outside the arcs"):
        fire(behind, behind.ship("A"), FirePlan((Shot(0, "T", 3),)))
    far = _duel(fore_only, distance=35)
    with pytest.raises(IllegalOrder, match="Maximum Visual Range"):
        fire(far, far.ship("A"), FirePlan((Shot(0, "T", 3),)))
    out = _duel(distance=33)
    with pytest.raises(IllegalOrder, match="out of range"):
        fire(out, out.ship("A"), FirePlan((Shot(0, "T", 3),)))


def test_beyond_the_horizon_needs_an_anchored_spotted_target() -> None:
    """000 Beyond the Horizon: half the dice (rounding down), each needs a natural 6, never modified."""
    gun = make_card(weapons=[weapon(ranges=(10, 20, 30, 42), ad=5)])
    battle = _duel(gun, distance=35, dice=[6, 5, 1])
    battle.ship("T").anchored = True
    battle.state.spotted[0] = ["T"]
    fire(battle, battle.ship("A"), FirePlan((Shot(0, "T", 5),)))
    attack = battle.log.of_type(ev.GunneryAttack)[0]
    assert attack.dice == 2 and attack.hits == 1 and attack.modifier == 0


def test_smoke_blocks_the_line_of_fire() -> None:
    battle = _duel()
    battle.state.smoke.append((10.0, 20.0))
    with pytest.raises(IllegalOrder, match="smoke"):
        fire(battle, battle.ship("A"), FirePlan((Shot(0, "T", 3),)))


def test_only_light_guns_and_aa_split_fire() -> None:
    card = make_card(weapons=[weapon(), weapon("LG", kind="light_gun", ad=4)])
    battle = make_battle(
        [("A", card, 0, (10, 10), 0), ("T", make_card(), 1, (10, 20), 90), ("U", make_card(), 1, (14, 20), 90)]
    )
    a = battle.ship("A")
    with pytest.raises(IllegalOrder, match="only Light Guns and AA Batteries may split"):
        fire(battle, a, FirePlan((Shot(0, "T", 2), Shot(0, "U", 1))))
    with pytest.raises(IllegalOrder, match="has 4 Attack Dice, 5 nominated"):
        fire(battle, a, FirePlan((Shot(1, "T", 3), Shot(1, "U", 2))))
    battle.dice.push(1, 1, 1, 1)
    fire(battle, a, FirePlan((Shot(1, "T", 2), Shot(1, "U", 2))))
    assert [e.target for e in battle.log.of_type(ev.GunneryAttack)] == ["T", "U"]
    with pytest.raises(IllegalOrder, match="already been nominated"):
        fire(battle, a, FirePlan())


def test_aa_batteries_do_not_fire_at_ships() -> None:
    battle = _duel(make_card(weapons=[weapon("AA", kind="aa_battery", ranges=(1, 2, 3, 30))]))
    with pytest.raises(IllegalOrder, match="aircraft and MTBs only"):
        fire(battle, battle.ship("A"), FirePlan((Shot(0, "T", 1),)))


def test_restricted_fires_half_into_the_side_arcs() -> None:
    card = make_card(weapons=[weapon("LG", kind="light_gun", ad=5, traits=["Restricted"])])
    battle = _duel(card, attacker_heading=90)  # target on the port beam
    with pytest.raises(IllegalOrder, match="at most 3 Attack Dice"):
        fire(battle, battle.ship("A"), FirePlan((Shot(0, "T", 4),)))
    ahead = _duel(card, dice=[1] * 5)
    fire(ahead, ahead.ship("A"), FirePlan((Shot(0, "T", 5),)))


def test_torpedoes_partial_salvo_one_shot_and_slow_loading() -> None:
    """000 Torpedoes: fire some, keep the rest; One-Shot: never reloaded; Slow-Loading: not the turn after,
    reloaded once (R-TAC-19)."""
    one_shot = make_card(weapons=[weapon("Mk15", kind="torpedo", ad=5, traits=["One-Shot"], ranges=(5, 10, 15, 20))])
    battle = _duel(one_shot, distance=8, dice=[1, 1])
    a = battle.ship("A")
    fire(battle, a, FirePlan((Shot(0, "T", 2),)))
    assert a.weapons[0].loaded == 3
    a.reset_turn()
    with pytest.raises(IllegalOrder, match="4 nominated"):
        fire(battle, a, FirePlan((Shot(0, "T", 4),)))
    battle.dice.push(1, 1, 1)
    fire(battle, a, FirePlan((Shot(0, "T", 3),)))
    a.reset_turn()
    with pytest.raises(IllegalOrder, match="nothing left"):
        fire(battle, a, FirePlan((Shot(0, "T", 1),)))

    slow = make_card(weapons=[weapon("T93", kind="torpedo", ad=4, traits=["Slow-Loading"], ranges=(5, 10, 15, 20))])
    battle = _duel(slow, distance=8, dice=[1, 1, 1, 1])
    a = battle.ship("A")
    fire(battle, a, FirePlan((Shot(0, "T", 4),)))
    end_phase(battle, (IdleCaptain(), IdleCaptain()))  # fired this turn: no reload yet
    a.reset_turn()
    assert a.weapons[0].loaded == 0
    with pytest.raises(IllegalOrder, match="fired last turn"):
        fire(battle, a, FirePlan((Shot(0, "T", 1),)))
    end_phase(battle, (IdleCaptain(), IdleCaptain()))
    assert a.weapons[0].loaded == 4 and a.weapons[0].reloads_left == 0


def test_t10_evade() -> None:
    """T-10: the evading ship fires at -1 and no torpedoes; every enemy hit on it is rolled again."""
    card = make_card(weapons=[weapon(), weapon("Torp", kind="torpedo", ranges=(5, 10, 15, 25))])
    battle = _duel(card, dice=[5, 5, 5, 2, 6, 3, 1])
    a, t = battle.ship("A"), battle.ship("T")
    t.order, t.order_ok = "Evade!", True
    fire(battle, a, FirePlan((Shot(0, "T", 3),)))  # 5, 5, 5 hit (4+); re-rolled 2, 6, 3: one hit
    assert battle.log.of_type(ev.GunneryAttack)[0].hits == 1
    a.order, a.order_ok = "Evade!", True
    assert _mods(battle)["firing ship on Evade!"] == -1
    a.has_fired = False
    with pytest.raises(IllegalOrder, match="may not use Torpedoes"):
        fire(battle, a, FirePlan((Shot(1, "T", 1),)))


def test_t07_twin_linked_rerolls_misses_once() -> None:
    card = make_card(weapons=[weapon(traits=["Twin-Linked"])])
    battle = _duel(card, target_heading=0, distance=12, dice=[1, 2, 4, 6, 3, 1, 1])  # misses 1, 2 -> 6, 3
    fire(battle, battle.ship("A"), FirePlan((Shot(0, "T", 3),)))
    assert battle.log.of_type(ev.GunneryAttack)[0].hits == 2


def _probability(**kw) -> Fraction:
    """Exact chance that one Attack Die hits at 4+, by enumerating the die and its possible re-roll."""
    hits = 0
    for faces in product(range(1, 7), repeat=2):
        hits += roll_to_hit(ScriptedDice(faces), 1, 0, label="p", **kw)
    return Fraction(hits, 36)


def test_p01_exact() -> None:
    """P-01: 4+ is 1/2; Twin-Linked 3/4; against Evade! 1/4; both 1/2 (R-TAC-14)."""
    assert _probability() == Fraction(1, 2)
    assert _probability(twin_linked=True) == Fraction(3, 4)
    assert _probability(target_evading=True) == Fraction(1, 4)
    assert _probability(twin_linked=True, target_evading=True) == Fraction(1, 2)
    assert _probability(target_evading=True, wakeless=True) == Fraction(1, 2)


@pytest.mark.parametrize(("kw", "p"), [({}, 0.5), ({"twin_linked": True}, 0.75), ({"target_evading": True}, 0.25)])
def test_p01_seeded_samples_within_four_standard_errors(kw, p) -> None:
    n = 20_000
    hits = roll_to_hit(Dice(11), n, 0, label="sample", **kw)
    se = (p * (1 - p) / n) ** 0.5
    assert abs(hits / n - p) < 4 * se


def test_damaged_turret_and_magazine_ablaze_roll_before_firing() -> None:
    battle = _duel(dice=[3])
    a = battle.ship("A")
    a.level_effects["weapons:3"] = {"turret_check": 0}
    a.criticals[Area.WEAPONS] = 3
    fire(battle, a, FirePlan((Shot(0, "T", 3),)))
    assert battle.log.of_type(ev.Misfire) and not battle.log.of_type(ev.GunneryAttack)
    battle = _duel(dice=[4, 1, 1, 1])
    a = battle.ship("A")
    a.vitals.append(Vital.MAGAZINE_ABLAZE)
    fire(battle, a, FirePlan((Shot(0, "T", 3),)))
    assert battle.log.of_type(ev.GunneryAttack) and battle.dice.remaining == 0


def test_a_hit_resolves_damage() -> None:
    battle = _duel(dice=[6, 6, 1, 5, 3, 2])  # 3 AD at 4+: 6, 6, 1; damage 5 and 3 vs 3+; 6 -> no: 2 hits
    fire(battle, battle.ship("A"), FirePlan((Shot(0, "T", 3),)))
    assert battle.ship("T").hull == 18


def test_fast_track_reaches_every_target_at_point_blank_and_ignores_speed() -> None:
    dd = make_card("DD", type="destroyer", flank_speed=7)
    card = make_card(weapons=[weapon(traits=["Fast Track"])])
    battle = _duel(card, dd, distance=6, target_heading=0)
    battle.ship("T").moved = 7.0
    assert legal_targets(battle, battle.ship("A"), 0)
    assert _mods(battle) == {"point blank range": 1, "destroyer target": -1}


def test_an_anchored_ship_is_a_stationary_target_and_does_not_move() -> None:
    from tactical.movement import max_move

    battle = _duel(distance=12, target_heading=0)
    battle.ship("T").anchored = True
    assert _mods(battle) == {"stationary target": 1} and max_move(battle.ship("T")) == 0
