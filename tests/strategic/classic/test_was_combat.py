"""War at Sea combat under scripted dice: ASW, U-Boats, air strikes, Frogmen, raiders, surface rounds, pursuit.

Dice order in a War at Sea battle: ASW (Allied ships in battle order), submarine attacks (Axis then Allies), air
strikes (Allies then Axis), then each surface round (Allies then Axis); each attack's damage dice follow its
attack dice.  Table (combat.yaml): a modified 6+ hits, a 5 disables, a hit scores one damage die of points.
"""

from __future__ import annotations

import pytest

from scenarios.models import Side
from strategic.classic import IllegalCombatDecision
from strategic.combat import apply_outcome
from strategic.state import UnitStatus
from tests.strategic.classic.helpers import Scripted, at_sea, fight, game, result, rolls, stay


def test_asw_sinks_raiders_before_u_boats(data) -> None:
    """C-11 (002 §2.213): one sinking and one disable: the raiders take both, the U-Boat nothing."""
    c = game(data, faces=(6, 5, 1, 1,  # Hood ASW 6 (sink), Ark Royal ASW 5, 1, 1 (one disable)
                          1,  # the untouched U-Boat attacks Hood: miss
                          ))
    at_sea(c, "South Atlantic", "Hood", "Ark Royal", "Orion", "Pinguin", "U-Boat 1")
    out = fight(c, "South Atlantic")
    assert result(out, "Orion") == {"damage": 1, "sunk": True}
    assert result(out, "Pinguin") == {"disabled": True}
    assert result(out, "U-Boat 1") == {}
    assert c.dice.remaining == 0


def test_u_boats_are_not_disabled_while_a_raider_is_not(data) -> None:
    """002 §2.213: disables go to raiders until all are disabled; then the U-Boats."""
    c = game(data, faces=(5, 5, 5, 1))  # Hood 5, Ark Royal 5, 5, 1: three disables
    at_sea(c, "South Atlantic", "Hood", "Ark Royal", "Orion", "Pinguin", "U-Boat 1")
    out = fight(c, "South Atlantic")
    assert result(out, "Orion") == result(out, "Pinguin") == result(out, "U-Boat 1") == {"disabled": True}


def test_every_carrier_has_full_asw_three_rolls(data) -> None:
    """002 §4.11: a US carrier in War at Sea rolls 3 ASW dice; other ships 1."""
    c = game(data, faces=(1, 1, 6, 1))
    at_sea(c, "North Atlantic", "Ranger", "New York", "U-Boat 1")
    out = fight(c, "North Atlantic")
    asw = {label: faces for label, _, faces in rolls(c) if "ASW" in label}
    assert {label: len(faces) for label, faces in asw.items()} == {"Ranger ASW": 3, "New York ASW": 1}
    assert result(out, "U-Boat 1")["sunk"]


def test_i_boat_cannot_be_attacked_by_asw_and_keeps_its_bonus(data) -> None:
    """002 §4.11: no ASW against the I-Boat in War at Sea; §4.1: its bonus (5 + 1 = 6 hits) is kept."""
    c = game(data, faces=(5, 2))  # I-Boat torpedo 5 (+1 = 6: hit), damage 2 > Exeter's defence 1
    at_sea(c, "Cape of Good Hope", "Exeter", "I-Boat")
    out = fight(c, "Cape of Good Hope")
    assert not any("ASW" in label for label, _, _ in rolls(c))
    assert result(out, "Exeter") == {"damage": 2, "sunk": True}
    assert result(out, "I-Boat") == {}


def test_u_boat_attack_uses_the_normal_results(data) -> None:
    """A U-Boat that survives ASW rolls one die at a ship the Axis names: a 5 disables (R-CMB-01)."""
    c = game(data, faces=(1, 5))  # Exeter ASW miss; U-Boat 5: disabled
    at_sea(c, "North Atlantic", "Exeter", "U-Boat 2")
    out = fight(c, "North Atlantic")
    assert result(out, "Exeter") == {"disabled": True}
    assert [label for label, _, _ in rolls(c)] == ["Exeter ASW", "U-Boat 2 torpedo attack at Exeter"]


def _withdraw_carrier(ctx, side, declared, candidates):  # type: ignore[no-untyped-def]
    return {"Ark Royal"} if side is Side.ALLIED else set()


def test_one_airstrike_factor_per_target(data) -> None:
    """C-12, W-04 (002 §4.11): two air factors may not attack the same ship; the rule names itself."""
    c = game(data, faces=(1,) * 20)
    at_sea(c, "North Sea", "Ark Royal", "Scharnhorst", "Gneisenau")
    greedy = Scripted(was_air_strikes=[("Ark Royal", "Scharnhorst"), ("Ark Royal", "Scharnhorst")])
    with pytest.raises(IllegalCombatDecision) as err:
        fight(c, "North Sea", {"allies": greedy})
    assert "002 §4.11" in err.value.rule


def test_air_factors_beyond_the_targets_are_lost(data) -> None:
    """Ark Royal (3) and the Allied LBA (3) against two ships: only two air dice are rolled (C-12)."""
    c = game(data, faces=(1, 1,  # two air dice, misses
                          1, 1, 1, 1, 1, 1))  # Scharnhorst, Gneisenau gunnery at Ark Royal (bonus: 2, miss)
    at_sea(c, "North Sea", "Ark Royal", "Allied LBA", "Scharnhorst", "Gneisenau")
    allies = Scripted(withdraw=_withdraw_carrier, pursue={})
    axis = Scripted(**stay())
    fight(c, "North Sea", {"allies": allies, "germany_italy": axis})
    air = [label for label, _, _ in rolls(c) if "strike" in label]
    assert len(air) == 2 and len({label.split(" at ")[1] for label in air}) == 2
    assert c.dice.remaining == 0


def test_frogmen_count_as_an_airstrike_and_are_used_once(data) -> None:
    """002 §2.222, §4.11 (C-12): the Frogmen may not attack a ship the LBA attacks; once used they are
    removed from play (§2.221), even with fewer than three targets."""
    c = game(data, faces=(1,) * 10)
    at_sea(c, "Mediterranean", "Italian Frogmen", "Axis LBA", "Warspite", "Malaya", "Sussex", "Hood")
    clash = Scripted(was_air_strikes=[("Axis LBA", "Warspite"), ("Italian Frogmen", "Warspite")])
    with pytest.raises(IllegalCombatDecision):
        fight(c, "Mediterranean", {"germany_italy": clash})
    c = game(data, faces=(1, 1, 1, 6, 4))  # LBA three misses; Frogmen at Hood: hit, 4 points
    at_sea(c, "Mediterranean", "Italian Frogmen", "Axis LBA", "Warspite", "Malaya", "Sussex", "Hood")
    plan = Scripted(was_air_strikes=[("Axis LBA", "Warspite"), ("Axis LBA", "Malaya"), ("Axis LBA", "Sussex"),
                                     ("Italian Frogmen", "Hood")])
    out = fight(c, "Mediterranean", {"germany_italy": plan})
    assert result(out, "Hood") == {"damage": 4, "air_attacked": True}
    assert result(out, "Italian Frogmen") == {"expended": True}
    apply_outcome(c, out)
    assert c.state.unit("Italian Frogmen").status is UnitStatus.REMOVED
    assert c.state.unit("Hood").damage == 4


def test_frogmen_attack_only_in_the_mediterranean(data) -> None:
    """002 §2.223: elsewhere the Frogmen are not offered as an air strike."""
    c = game(data, faces=())
    at_sea(c, "North Sea", "Italian Frogmen", "Hood")
    axis = Scripted()
    out = fight(c, "North Sea", {"germany_italy": axis})
    assert not [call for call in axis.calls if call[0] == "was_air_strikes"]
    assert out.results == []


def test_baseline_keeps_the_frogmen_for_capital_ships(data) -> None:
    """The baseline uses the once-per-game Frogmen only against at least two capital ships."""
    c = game(data, faces=(1, 1))
    at_sea(c, "Mediterranean", "Italian Frogmen", "Warspite", "Malaya")
    assert result(fight(c, "Mediterranean"), "Italian Frogmen") == {"expended": True}
    c = game(data, faces=())
    at_sea(c, "Mediterranean", "Italian Frogmen", "Warspite", "Sussex")
    assert result(fight(c, "Mediterranean"), "Italian Frogmen") == {}


def test_surface_raiders_are_immune_to_gunnery_and_air(data) -> None:
    """002 §2.213: only ASW may touch a surface raider; a raider alone survives missed ASW untouched."""
    c = game(data, faces=(1, 1, 1, 1))  # Hood ASW 1; Ark Royal ASW 1, 1, 1
    at_sea(c, "North Atlantic", "Hood", "Ark Royal", "Orion")
    allies = Scripted()
    out = fight(c, "North Atlantic", {"allies": allies})
    assert out.results == []
    assert not [call for call in allies.calls if call[0] in ("was_air_strikes", "gunnery_targets")]
    assert c.dice.remaining == 0


def test_surface_fire_is_simultaneous(data) -> None:
    """WAS 4.1: the Allies roll first, but Blücher, sunk by that fire, still fires back and sinks Sussex."""
    c = game(data, faces=(6, 3,  # Sussex at Blücher: hit, 3 points > defence 2
                          6, 2))  # Blücher (bonus) at Sussex: hit, 2 points > defence 1
    at_sea(c, "North Sea", "Sussex", "Blucher")
    out = fight(c, "North Sea")
    assert result(out, "Sussex") == {"damage": 2, "sunk": True}
    assert result(out, "Blucher") == {"damage": 3, "sunk": True}


def test_attack_bonus_adds_one_to_each_die(data) -> None:
    """V-05 / 002 §4.1: Scharnhorst's circled gunnery: 5 + 1 hits, 4 + 1 disables, 1 + 1 misses."""
    c = game(data, faces=(1, 5, 4, 1, 1))  # Sussex miss; Scharnhorst [5, 4, 1]: hit (+disable), damage die 1
    at_sea(c, "North Sea", "Sussex", "Scharnhorst")
    out = fight(c, "North Sea")
    assert result(out, "Sussex") == {"damage": 1, "disabled": True}
    label = [lb for lb, _, _ in rolls(c)]
    assert label == ["Sussex gunnery at Scharnhorst", "Scharnhorst gunnery at Sussex", "damage to Sussex "
                     "(Scharnhorst gunnery)"]


def test_damage_equal_to_defence_does_not_sink(data) -> None:
    """V-05: Hood (defence 4) with 3 damage survives 1 more point (4 = defence) and sails home; 2 more sink her
    (damage carried over from earlier battles counts)."""
    leave = Scripted(withdraw={"Hood"}, pursue={})
    hold = Scripted(**stay())
    for points, expected in ((1, {"damage": 1, "withdrew": True}), (2, {"damage": 2, "sunk": True})):
        c = game(data, faces=(1, 1, 1, 1,  # Hood misses
                              6, 1, 1, points))  # Scharnhorst: one hit for ``points``
        at_sea(c, "North Sea", "Hood", damage=3)
        at_sea(c, "North Sea", "Scharnhorst")
        out = fight(c, "North Sea", {"allies": leave, "germany_italy": hold})
        assert result(out, "Hood") == expected


def test_withdrawal_and_pursuit_by_faster_ships(data) -> None:
    """WAS 4.6, R-CMB-07: Scharnhorst (speed 7) withdraws; only Hood (7) may pursue, Malaya (4) may not; two
    pursuit rounds, the pursued firing back; she then leaves for port."""
    faces = (1,) * 8 + (1,) * 3 + (1,) * 7 + (1,) * 7
    c = game(data, faces=faces)
    at_sea(c, "North Sea", "Hood", "Malaya", "Scharnhorst")
    allies = Scripted(withdraw=set(), pursue={"Hood": "Scharnhorst"})
    axis = Scripted(withdraw={"Scharnhorst"})
    out = fight(c, "North Sea", {"allies": allies, "germany_italy": axis})
    assert [args for m, _, _, args in allies.calls if m == "pursue"] == [({"Scharnhorst": ["Hood"]},)] * 2
    assert result(out, "Scharnhorst") == {"withdrew": True}
    assert c.dice.remaining == 0
    c = game(data, faces=faces)
    at_sea(c, "North Sea", "Hood", "Malaya", "Scharnhorst")
    with pytest.raises(IllegalCombatDecision):
        fight(c, "North Sea", {"allies": Scripted(withdraw=set(), pursue={"Malaya": "Scharnhorst"}),
                               "germany_italy": axis})


def test_withdrawals_are_declared_blind(data) -> None:
    """War at Sea: both sides declare withdrawals without seeing the other's (R-CMB-07)."""
    c = game(data, faces=(1,) * 7)
    at_sea(c, "North Sea", "Hood", "Scharnhorst")
    allies = Scripted(withdraw={"Hood"}, pursue={})
    axis = Scripted(withdraw={"Scharnhorst"}, pursue={})
    out = fight(c, "North Sea", {"allies": allies, "germany_italy": axis})
    assert [args for m, _, _, args in allies.calls + axis.calls if m == "withdraw"] == [(None, ["Hood"]),
                                                                                         (None, ["Scharnhorst"])]
    assert result(out, "Hood") == result(out, "Scharnhorst") == {"withdrew": True}


def test_japanese_carrier_keeps_its_air_bonus_in_war_at_sea_and_stalemate_ends(data) -> None:
    """002 §4.1: Zuiho's circled air factor hits on 5 in War at Sea too.  Two carriers with no gunnery: the
    battle ends after the air strikes with both in the area (R-CMB-06)."""
    c = game(data, faces=(1,  # Ark Royal's one useful air die at Zuiho: miss
                          5, 1))  # Zuiho at Ark Royal: 5 + 1 = 6 hit, 1 point
    at_sea(c, "Cape of Good Hope", "Ark Royal", "Zuiho")
    out = fight(c, "Cape of Good Hope")
    assert result(out, "Ark Royal") == {"damage": 1, "air_attacked": True}
    assert any("neither side can fire" in line for line in out.narrative)


def test_illegal_targets_are_refused(data) -> None:
    c = game(data, faces=(1,) * 10)
    at_sea(c, "North Sea", "Hood", "Scharnhorst", "U-Boat 1")
    with pytest.raises(IllegalCombatDecision):  # gunnery at a U-Boat
        fight(c, "North Sea", {"allies": Scripted(gunnery_targets={"Hood": "U-Boat 1"})})


def test_air_strikes_of_both_sides_land_together(data) -> None:
    """W-04 / WAS 5.62: the Allies roll first, but Zuiho, sunk by Ark Royal's strike, still launches hers."""
    c = game(data, faces=(6, 1,  # Ark Royal at Zuiho: hit, 1 point > defence 0
                          5, 2))  # Zuiho (air bonus) at Ark Royal: 5 + 1 hit, 2 points
    at_sea(c, "Cape of Good Hope", "Ark Royal", "Zuiho")
    out = fight(c, "Cape of Good Hope")
    assert result(out, "Zuiho") == {"damage": 1, "sunk": True, "air_attacked": True}
    assert result(out, "Ark Royal") == {"damage": 2, "air_attacked": True}
