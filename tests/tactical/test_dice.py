"""Seeded, labelled dice (DESIGN.md "Dice"; cases E-01)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tactical.dice import Dice, DiceExhausted, ScriptedDice


def test_same_seed_same_rolls_and_log() -> None:
    a, b = Dice(7), Dice(7)
    assert a.roll(20, label="x") == b.roll(20, label="x")
    assert a.d10(label="init", rule="000 Initiative") == b.d10(label="init", rule="000 Initiative")
    assert [r.label for r in a.log] == ["x", "init"] and a.log[1].rule == "000 Initiative"


def test_spawned_dice_do_not_depend_on_what_ran_before() -> None:
    a = Dice(7)
    a.roll(100, label="noise")
    assert a.spawn(3, 1).roll(10, label="battle") == Dice(7).spawn(3, 1).roll(10, label="battle")
    assert Dice(7).spawn(3, 1).roll(10, label="b") != Dice(7).spawn(3, 2).roll(10, label="b")


def test_faces_are_uniform_over_the_die() -> None:
    faces = np.array(Dice(1).roll(60_000, 6, label="sample"))
    counts = np.bincount(faces, minlength=7)[1:]
    assert counts.min() > 0 and set(np.unique(faces)) == {1, 2, 3, 4, 5, 6}
    # each face: 10,000 expected, sd = sqrt(60000 * 1/6 * 5/6) ~ 91; 4 sd
    assert np.all(np.abs(counts - 10_000) < 4 * 91.3)


def test_state_round_trips_through_json() -> None:
    a = Dice(11, (2,))
    a.roll(5, label="before")
    b = Dice.from_state(json.loads(json.dumps(a.state())))
    assert a.roll(30, 10, label="after") == b.roll(30, 10, label="after")


def test_scripted_dice() -> None:
    d = ScriptedDice([6, 1, 3])
    assert d.roll(2, label="a") == (6, 1)
    assert d.d6(label="b") == 3
    with pytest.raises(DiceExhausted):
        d.d6(label="c")
    d.push(7)
    with pytest.raises(ValueError, match=r"impossible on a d6"):
        d.d6(label="d")
    assert str(d.log[0]) == "a []: 2d6 -> 6, 1"


def test_bad_dice() -> None:
    with pytest.raises(ValueError):
        Dice(1).roll(1, 1, label="x")
