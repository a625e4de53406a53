"""Damage Dice, Armour, plunging fire, crippling, sinking and victory points (000 "Damage", "Crippled Ships";
cases T-01..T-04, T-08, T-09, P-02, P-03; R-TAC-05, R-TAC-08, R-TAC-09, R-TAC-13)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from scenarios.cards import ShipType
from tactical import battle_events as ev
from tactical.damage import damage_die, roll_damage
from tactical.geometry import Edge, RangeBand
from tactical.hull import apply_hull_damage, withdraw
from tactical.state import Area, Status
from tests.tactical.helpers import make_battle, make_card, weapon


def _pair(target_card, dice=(), attacker_card=None):
    attacker_card = attacker_card or make_card("Gun")
    return make_battle(
        [("A", attacker_card, 0, (10.0, 10.0), 0.0), ("T", target_card, 1, (10.0, 30.0), 90.0)], dice
    )


def test_t01_northampton_crippled_at_7(cards) -> None:
    """T-01: 16 damage leaves Northampton at 7 Hull, crippled: 3", Lumbering, Light Gun dice halved."""
    card = cards["Northampton"]
    battle = make_battle([("USS Northampton", card, 0, (10, 10), 0), ("Enemy", card, 1, (10, 40), 180)],
                         [1, 1, 1, 1])  # fmt: skip
    ship = battle.ship("USS Northampton")
    apply_hull_damage(battle, ship, 15, "test")
    assert ship.hull == 8 and not ship.crippled
    apply_hull_damage(battle, ship, 1, "test")
    assert ship.hull == 7 and ship.crippled
    assert ship.flank_speed() == 3.0 and ship.has("Lumbering")
    light = next(i for i, w in enumerate(card.weapons) if w.kind == "light_gun")
    assert card.weapons[light].ad == 3 and ship.weapon_ad(light) == 1
    assert all(ship.weapon_ad(i) == 3 for i in ship.turrets())  # Main Guns keep their dice
    assert battle.dice.remaining == 0  # one D6 per Main Gun (3) and per Trait (Aircraft 4)
    vp = battle.log.of_type(ev.VictoryPoints)
    assert [e.vp for e in vp] == [62] and vp[0].side == "Red"  # 50% of 125, rounded down (R-TAC-13)


def test_t01_crippling_halves_torpedoes_and_loses_guns_and_traits_on_4(cards) -> None:
    fletcher = cards["Fletcher"].as_of(1942)
    battle = make_battle([("DD", fletcher, 0, (10, 10), 0), ("X", fletcher, 1, (10, 40), 180)], [1, 1])
    ship = battle.ship("DD")
    apply_hull_damage(battle, ship, 4, "test")  # 6 -> 2: crippled; Radar and Depth Charge rolled
    assert ship.crippled and ship.weapon_ad(2) == 2  # 5 torpedoes -> 2 (R-TAC-05)
    battle2 = make_battle([("BB", make_card(traits=["Agile", "Radar"]), 0, (10, 10), 0)], [4, 6, 3])
    bb = battle2.ship("BB")
    apply_hull_damage(battle2, bb, 14, "test")
    assert bb.weapons[0].lost_on_cripple and bb.weapon_ad(0) == 0 and bb.turrets() == []
    assert bb.lost_traits == ["Agile"] and not bb.has("Agile") and bb.has("Radar") and bb.has("Lumbering")


def test_sinking_and_victory_points_once() -> None:
    """A crippled then sunk ship gives its points once (000 Victory Points)."""
    battle = _pair(make_card(points=101), [1])
    target = battle.ship("T")
    apply_hull_damage(battle, target, 14, "x")
    apply_hull_damage(battle, target, 50, "x")
    assert target.status is Status.SUNK and target.hull == 0
    assert sum(e.vp for e in battle.log.of_type(ev.VictoryPoints)) == 101
    apply_hull_damage(battle, target, 5, "x")  # nothing happens to a sunk ship
    assert len(battle.log.of_type(ev.HullLost)) == 2


def test_withdrawal_gives_a_quarter_unless_already_more() -> None:
    battle = _pair(make_card(points=101))
    withdraw(battle, battle.ship("T"), Edge.NORTH)
    assert [e.vp for e in battle.log.of_type(ev.VictoryPoints)] == [25]
    battle2 = _pair(make_card(points=100), [1])
    apply_hull_damage(battle2, battle2.ship("T"), 14, "x")
    withdraw(battle2, battle2.ship("T"), Edge.NORTH)
    assert [e.vp for e in battle2.log.of_type(ev.VictoryPoints)] == [50]


def test_t02_natural_1_never_damages_natural_6_rolls_for_critical() -> None:
    gun = weapon(ap=5)
    assert damage_die(1, 5, 2, gun, ShipType.CRUISER).damage == 0
    assert damage_die(2, 5, 7, gun, ShipType.CRUISER).damage == 1
    out = damage_die(6, 0, 7, weapon(), ShipType.BATTLESHIP)
    assert out.damage == 0 and out.critical_check
    # through roll_damage: a 6 against Armour 7 (no damage), re-rolled 4: critical; D10 1 = Engine
    battle = _pair(make_card(armour=7), [6, 4, 1])
    roll_damage(battle, battle.ship("A"), weapon(), battle.ship("T"), 1, RangeBand.SHORT, False)
    target = battle.ship("T")
    assert target.hull == 20 and target.criticals[Area.ENGINE] == 1
    battle = _pair(make_card(armour=7), [6, 3])
    roll_damage(battle, battle.ship("A"), weapon(), battle.ship("T"), 1, RangeBand.SHORT, False)
    assert battle.ship("T").criticals[Area.ENGINE] == 0 and battle.dice.remaining == 0


def test_t03_plunging_fire_and_armoured_deck() -> None:
    target = make_card(armour=4)
    battle = _pair(target, [3, 3, 3])
    for band in (RangeBand.SHORT, RangeBand.LONG, RangeBand.EXTREME):
        roll_damage(battle, battle.ship("A"), weapon(), battle.ship("T"), 1, band, False)
    assert battle.ship("T").hull == 18  # 3 vs 4+: miss at short, +1 at long and extreme
    deck = _pair(make_card(armour=4, traits=["Armoured Deck"]), [3])
    roll_damage(deck, deck.ship("A"), weapon(), deck.ship("T"), 1, RangeBand.LONG, False)
    assert deck.ship("T").hull == 20
    torp = _pair(make_card(armour=4), [3])
    roll_damage(torp, torp.ship("A"), weapon(kind="torpedo"), torp.ship("T"), 1, RangeBand.LONG, False)
    assert torp.ship("T").hull == 20  # torpedoes get no plunging fire


def test_t04_armour_7_needs_a_bonus() -> None:
    gun = weapon()
    assert damage_die(6, 0, 7, gun, ShipType.BATTLESHIP).damage == 0
    assert damage_die(6, 1, 7, gun, ShipType.BATTLESHIP).damage == 1  # plunging fire
    assert damage_die(5, 2, 7, weapon(ap=2), ShipType.BATTLESHIP).damage == 1  # AP +2
    assert all(damage_die(f, 0, 7, gun, ShipType.BATTLESHIP).damage == 0 for f in range(1, 7))


def test_t09_torpedo_belt_only_in_the_side_arcs() -> None:
    torpedo = weapon(kind="torpedo", ap=0, dd=1)
    belted = make_card(armour=3, traits=["Torpedo Belt 2"])
    side = _pair(belted, [4])
    roll_damage(side, side.ship("A"), torpedo, side.ship("T"), 1, RangeBand.SHORT, True)
    assert side.ship("T").hull == 20  # 4 - 2 < 3
    bow = _pair(belted, [4])
    roll_damage(bow, bow.ship("A"), torpedo, bow.ship("T"), 1, RangeBand.SHORT, False)
    assert bow.ship("T").hull == 19
    devastating = weapon(kind="torpedo", traits=["Devastating"])
    dev = _pair(belted, [5, 1, 3])  # 5 - 2 = 3 damage and a critical: D10 1 Engine, D6 3
    roll_damage(dev, dev.ship("A"), devastating, dev.ship("T"), 1, RangeBand.SHORT, True)
    assert dev.ship("T").hull == 20 - 3 - 2 and dev.ship("T").criticals[Area.ENGINE] == 3  # Turbine: 2 extra


def test_t08_devastating() -> None:
    """T-08: damage equal to the face regardless of Armour; 5-6 a critical at one D6 (ignored if lower)."""
    dev = weapon(traits=["Devastating"], ap=-3)
    assert [damage_die(f, -3, 6, dev, ShipType.BATTLESHIP).damage for f in range(1, 7)] == [0, 2, 3, 4, 5, 6]
    assert [damage_die(f, 0, 6, dev, ShipType.BATTLESHIP).critical_direct for f in range(1, 7)] == [0, 0, 0, 0, 1, 1]
    battle = _pair(make_card(armour=6), [2, 6, 8, 1])  # 2 + 6 damage; crit: Crew (D10 8), score 1
    target = battle.ship("T")
    target.criticals[Area.CREW] = 2
    roll_damage(battle, battle.ship("A"), dev, target, 2, RangeBand.SHORT, False)
    assert target.hull == 12 and target.criticals[Area.CREW] == 2  # the score 1 is ignored


def test_devastating_jump_applies_lasting_penalties_of_skipped_levels() -> None:
    """R-TAC-08: weapons 0 -> 3 by a Devastating critical: AD losses of levels 1-2 and the damaged turret; only
    level 3's extra damage; no Crew raise from level 2."""
    card = make_card(weapons=[weapon(), weapon("Light Guns", kind="light_gun", ad=4)])
    battle = _pair(card, [6, 5, 3, 2, 2])  # damage die 6, D10 5 (Weapons), D6 score 3, * rolls 2 and 2
    target = battle.ship("T")
    roll_damage(battle, battle.ship("A"), weapon(traits=["Devastating"]), target, 1, RangeBand.SHORT, False)
    assert target.criticals == {Area.ENGINE: 0, Area.WEAPONS: 3, Area.CREW: 0}
    assert target.weapon_ad(1) == 1 and target.level_effects["weapons:3"] == {"turret_check": 0}
    assert target.hull == 20 - 6 - 3


def test_heavy_and_weak() -> None:
    heavy = weapon(traits=["Heavy"])
    assert damage_die(5, 0, 3, heavy, ShipType.CRUISER).critical_check
    assert not damage_die(5, 0, 3, weapon(), ShipType.CRUISER).critical_check
    weak = weapon(traits=["Weak"])
    assert not damage_die(6, 0, 3, weak, ShipType.CRUISER).critical_check
    assert damage_die(6, 0, 3, weak, ShipType.CIVILIAN).critical_check
    assert not damage_die(6, 0, 3, weapon(traits=["Weak", "Devastating"]), ShipType.CRUISER).critical_direct


@pytest.mark.parametrize(("ap", "armour"), list(product(range(-2, 4), range(1, 8))))
def test_p02_one_damage_die_exactly(ap, armour) -> None:
    """P-02: P(damage) = #{f in 2..6 : f + ap >= armour} / 6, by enumeration of the die."""
    gun = weapon(ap=ap)
    got = Fraction(sum(damage_die(f, ap, armour, gun, ShipType.CRUISER).damage for f in range(1, 7)), 6)
    assert got == Fraction(sum(1 for f in range(2, 7) if f + ap >= armour), 6)


@pytest.mark.parametrize(("belt", "expected"), [(0, Fraction(10, 3)), (1, Fraction(5, 2)), (2, Fraction(5, 3)),
                                                (3, Fraction(1))])  # fmt: skip
def test_p03_devastating_expectation(belt, expected) -> None:
    """P-03 with R-TAC-08 (a natural 1 deals nothing): 10/3, 5/2, 5/3, 1."""
    dev = weapon(kind="torpedo", traits=["Devastating"])
    total = sum(damage_die(f, -belt, 3, dev, ShipType.BATTLESHIP, belt).damage for f in range(1, 7))
    assert Fraction(total, 6) == expected


def test_p02_seeded_sample_within_four_standard_errors() -> None:
    from tactical.dice import Dice

    faces = Dice(5).roll(60_000, 6, label="sample")
    gun = weapon(ap=1)
    hits = sum(damage_die(f, 1, 5, gun, ShipType.CRUISER).damage for f in faces)
    p = 3 / 6  # faces 4, 5, 6
    se = (p * (1 - p) / len(faces)) ** 0.5
    assert abs(hits / len(faces) - p) < 4 * se


@pytest.mark.parametrize(("belt", "mean"), [(0, 10 / 3), (1, 2.5), (2, 5 / 3), (3, 1.0)])
def test_p03_seeded_sample_within_four_standard_errors(belt, mean) -> None:
    from tactical.dice import Dice

    dev = weapon(kind="torpedo", traits=["Devastating"])
    faces = Dice(17).roll(40_000, 6, label="sample")
    values = [damage_die(f, -belt, 3, dev, ShipType.BATTLESHIP, belt).damage for f in faces]
    n = len(values)
    sample_mean = sum(values) / n
    sd = (sum((v - sample_mean) ** 2 for v in values) / (n - 1)) ** 0.5
    assert abs(sample_mean - mean) < 4 * sd / n**0.5
