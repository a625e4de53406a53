"""The critical tables as data (tactical/critical_table.py): the 000 figures, and the penalties summed per score."""

from __future__ import annotations

from tactical.critical_table import IN_FORCE, LEVELS, Area, TurretHit, result_of


def test_the_extra_damage_of_each_score() -> None:
    damage = {a: [(lv.fixed, lv.d6) for lv in levels] for a, levels in LEVELS.items()}
    assert damage == {
        Area.ENGINE: [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (0, 3)],
        Area.WEAPONS: [(1, 0), (2, 0), (3, 0), (0, 1), (0, 2), (0, 3)],
        Area.CREW: [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (0, 2)],
    }


def test_the_raises_of_other_areas_and_the_attack_dice_lost() -> None:
    raises = {(a, s + 1): lv.raises for a, levels in LEVELS.items() for s, lv in enumerate(levels) if lv.raises}
    assert raises == {(Area.ENGINE, 3): Area.CREW, (Area.ENGINE, 6): Area.CREW, (Area.WEAPONS, 2): Area.CREW,
                      (Area.CREW, 3): Area.WEAPONS, (Area.CREW, 5): Area.ENGINE, (Area.CREW, 6): Area.WEAPONS}
    losses = {(a, s + 1): lv.ad_loss for a, levels in LEVELS.items() for s, lv in enumerate(levels) if lv.ad_loss}
    assert losses == {(Area.WEAPONS, 1): 1, (Area.WEAPONS, 2): 2, (Area.CREW, 1): 1}
    assert [result_of(Area.WEAPONS, s).turret for s in range(1, 7)] == [None, None, TurretHit.DAMAGED] + [
        TurretHit.DESTROYED
    ] * 3


def test_penalties_are_cumulative() -> None:
    assert [IN_FORCE[Area.ENGINE, s].speed_loss for s in range(7)] == [0, 1, 1, 2, 3, 3, 3]
    assert [IN_FORCE[Area.ENGINE, s].engines_disabled for s in range(7)] == [False] * 5 + [True] * 2
    assert [IN_FORCE[Area.ENGINE, s].straight_run for s in range(7)] == [None, None] + [3.0] * 5
    assert [IN_FORCE[Area.CREW, s].crew_check for s in range(7)] == [0] * 4 + [-1] * 3
    assert [IN_FORCE[Area.CREW, s].burning for s in range(7)] == [False] * 2 + [True] * 5
    assert [IN_FORCE[Area.CREW, s].no_deck for s in range(7)] == [False] * 2 + [True] * 5
    first_escalating = {a: min(s for s in range(7) if IN_FORCE[a, s].escalates) for a in Area}
    assert first_escalating == {Area.ENGINE: 4, Area.WEAPONS: 4, Area.CREW: 2}
