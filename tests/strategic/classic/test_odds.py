"""Exact chances of hit / disable / sink per attack type against each defence value, by enumeration, checked
against closed forms and against 100,000-attack seeded samples (within 4 standard errors)."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from scenarios.models import Theatre
from strategic.classic.damage import DAMAGED, DISABLED, SUNK, UNHARMED, attack_odds, sample_attacks
from strategic.classic.tables import DISABLE, HIT, CombatTables
from tactical.dice import Dice

N = 100_000
DEFENCES = range(10)

# (name, theatre, dice, bonus, in_port, points_per_hit): the attacks the resolver makes
ATTACKS = [
    ("WAS one gunnery die / U-Boat / air, LBA or Frogmen die", Theatre.WAS, 1, False, False, None),
    ("WAS bonus die (German gunnery, US carrier air, I-Boat)", Theatre.WAS, 1, True, False, None),
    ("WAS Scharnhorst broadside (3 bonus dice)", Theatre.WAS, 3, True, False, None),
    ("WAS battleship broadside (4 dice)", Theatre.WAS, 4, False, False, None),
    ("VITP one gunnery die / U-Boat", Theatre.VITP, 1, False, False, None),
    ("VITP bonus die (I-Boat, F-Boat, circled gunnery)", Theatre.VITP, 1, True, False, None),
    ("VITP battleship broadside (5 dice)", Theatre.VITP, 5, False, False, None),
    ("VITP air flotilla en masse (3 dice)", Theatre.VITP, 3, False, False, None),
    ("VITP fleet carrier en masse (4 bonus dice)", Theatre.VITP, 4, True, False, None),
    ("VITP carrier strike on a ship in port (4 bonus dice)", Theatre.VITP, 4, True, True, None),
    ("VITP air strike on an amphibious unit in port (3 dice, 1 point a hit)", Theatre.VITP, 3, False, True, 1),
    ("WAS LBA die on a ship in port", Theatre.WAS, 1, False, True, None),
]


@pytest.fixture(scope="module")
def tables(data) -> CombatTables:  # type: ignore[no-untyped-def]
    return CombatTables.from_data(data)


def test_single_die_closed_forms(tables: CombatTables) -> None:
    """War at Sea: 6 hits (1/6), 5 disables (1/6), a hit does 1d6: sunk = (6 - d)/36 at defence d < 6.
    VITP: 6 hits (1/6); its damage die gives 1-5 points or (6) disables: disabled 1/36, sunk = (5 - d)/36.
    A bonus die hits on 5-6 (1/3) and, in War at Sea, disables on 4."""
    sixth = Fraction(1, 6)
    for d in DEFENCES:
        was = attack_odds(tables.was, 1, False, d)
        assert (was.hit, was.disabled) == (sixth, sixth)
        assert was.sunk == Fraction(max(0, 6 - d), 36)
        vitp = attack_odds(tables.vitp, 1, False, d)
        assert (vitp.hit, vitp.disabled) == (sixth, Fraction(1, 36))
        assert vitp.sunk == Fraction(max(0, 5 - d), 36)
        bonus = attack_odds(tables.vitp, 1, True, d)
        assert bonus.hit == 2 * sixth and bonus.sunk == 2 * Fraction(max(0, 5 - d), 36)
        assert attack_odds(tables.was, 1, True, d).disabled == sixth
    # a U-Boat or surface raider (defence 0) sinks on any hit that scores points
    assert attack_odds(tables.was, 1, False, 0).sunk == sixth
    # in port a ship needs more than twice its defence (R-CMB-05): a VITP die never sinks defence 3 in port
    assert attack_odds(tables.vitp, 1, False, 3, in_port=True).sunk == 0


def test_two_dice_by_hand(tables: CombatTables) -> None:
    """Two War at Sea dice against defence 5 sink with one hit scoring a 6 (2 * 1/6 * 5/6 * 1/6) or two hits
    whose points add to more than 5 (1/36 * 26/36): 43/648."""
    odds = attack_odds(tables.was, 2, False, 5)
    assert odds.sunk == 2 * Fraction(1, 6) * Fraction(5, 6) * Fraction(1, 6) + Fraction(1, 36) * Fraction(26, 36)
    assert odds.sunk == Fraction(43, 648)
    assert odds.hit == 1 - Fraction(25, 36)


@pytest.mark.parametrize("attack", ATTACKS, ids=[a[0] for a in ATTACKS])
def test_enumeration_matches_a_seeded_sample(tables: CombatTables, attack) -> None:  # type: ignore[no-untyped-def]
    name, theatre, dice, bonus, in_port, per_hit = attack
    table = tables.attack(theatre)
    rng = Dice(2024, key=(ATTACKS.index(attack),))
    attack_faces = np.array(rng.roll(N * dice, label=f"sample {name}", rule="test"), dtype=int).reshape(N, dice)
    damage_faces = np.array(rng.roll(N * dice, label=f"sample damage {name}", rule="test"), dtype=int).reshape(N, dice)
    for defence in DEFENCES:
        exact = attack_odds(table, dice, bonus, defence, in_port=in_port, multiplier=tables.in_port_sink_multiplier,
                            points_per_hit=per_hit)
        assert exact.sunk + exact.disabled + exact.damaged + exact.unharmed == 1
        hit, code = sample_attacks(table, attack_faces, damage_faces, bonus, defence, in_port=in_port,
                                   multiplier=tables.in_port_sink_multiplier, points_per_hit=per_hit)
        for label, p, observed in (("hit", exact.hit, hit.mean()), ("sunk", exact.sunk, (code == SUNK).mean()),
                                   ("disabled", exact.disabled, (code == DISABLED).mean()),
                                   ("damaged", exact.damaged, (code == DAMAGED).mean()),
                                   ("unharmed", exact.unharmed, (code == UNHARMED).mean())):
            se = math.sqrt(float(p) * (1 - float(p)) / N)
            assert abs(observed - float(p)) <= 4 * se + 1e-12, (name, defence, label, float(p), observed)


def test_asw_dice(tables: CombatTables) -> None:
    """ASW: a 6 sinks (1/6), a 5 disables (1/6), exact and sampled."""
    faces = np.array(Dice(7).roll(N, label="sample ASW", rule="test"), dtype=int)
    result = tables.asw.classify(faces)
    for code, p in ((HIT, Fraction(1, 6)), (DISABLE, Fraction(1, 6))):
        exact = Fraction(sum(1 for f in range(1, 7) if tables.asw.classify(np.array([f]))[0] == code), 6)
        assert exact == p
        se = math.sqrt(float(p) * (1 - float(p)) / N)
        assert abs((result == code).mean() - float(p)) <= 4 * se
