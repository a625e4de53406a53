"""Victory in the Pacific combat under scripted dice.

Dice order: ASW, submarine attacks, then per round: the day/night roll (only if the declarations differ), Japan's
attacks, the Allies' attacks (each followed by its damage dice).  Table (combat.yaml): a modified 6+ hits; a hit's
damage die gives 1-5 points, a 6 disables instead.
"""

from __future__ import annotations

import pytest

from scenarios.models import Side
from strategic.classic import IllegalCombatDecision
from strategic.combat import apply_outcome
from strategic.state import UnitStatus
from tests.strategic.classic.helpers import Scripted, at_sea, fight, game, result, rolls, stay


def test_japan_declares_day_or_night_first_and_the_roll_decides(data) -> None:
    """V-03: Japan declares, then the Allies (who hear Japan's choice); when they differ, the day/night roll:
    faces 1-3 give Japan's choice (R-CMB-08)."""
    for face, mode in ((2, "night"), (5, "day")):
        c = game(data, faces=(face, 1, 1))
        at_sea(c, "Coral Sea", "Northampton", "Myoko")
        japan = Scripted(day_or_night="night", withdraw=set(), pursue={})
        allies = Scripted(day_or_night="day", withdraw={"Northampton"}, pursue={})
        out = fight(c, "Coral Sea", {"japan": japan, "united_states": allies})
        calls = [(m, side, args) for m, side, _, args in japan.calls + allies.calls if m == "day_or_night"]
        assert calls == [("day_or_night", Side.AXIS, (None,)), ("day_or_night", Side.ALLIED, ("night",))]
        assert any(f"day/night roll {face} -> {mode}" in line for line in out.narrative)
        if mode == "day":  # nobody has air: no attack at all, the two dice stay unrolled
            assert c.dice.remaining == 2
        else:
            assert c.dice.remaining == 0


def test_day_rounds_are_air_only_en_masse(data) -> None:
    """VITP 4.2, 002 §4.12: by day only carriers and land-based air attack, each with all its factors at one
    target; Nagato's guns stay silent."""
    c = game(data, faces=(1, 1, 1, 1))
    at_sea(c, "Coral Sea", "Northampton", "Kaga", "Nagato")
    japan = Scripted(day_or_night="day", **stay())
    allies = Scripted(day_or_night="day", withdraw={"Northampton"}, pursue={})
    fight(c, "Coral Sea", {"japan": japan, "united_states": allies})
    assert [args[0] for m, _, _, args in japan.calls if m == "air_targets"] == [["Kaga"]]
    assert [(label, len(faces)) for label, _, faces in rolls(c)] == [("Kaga air strike at Northampton", 4)]


def test_air_units_can_be_attacked_and_lba_is_eliminated_then_returns(data) -> None:
    """002 §4.12 (air strikes can be attacked), V-06: the 21st Air Flotilla (defence 4) takes 5 points, is
    eliminated, and is due back two turns later with no damage."""
    c = game(data, faces=(1, 1, 1,  # 21st Air Flotilla at Lexington: misses
                          5, 5, 1, 1, 3, 2))  # Lexington (air bonus): 5+1, 5+1 hit; damage 3 + 2 = 5 > 4
    at_sea(c, "Coral Sea", "Lexington", "21st Air Flotilla")
    day = Scripted(day_or_night="day", **stay())
    out = fight(c, "Coral Sea", {"japan": day, "united_states": day})
    assert result(out, "21st Air Flotilla") == {"eliminated": True}
    apply_outcome(c, out)
    flotilla = c.state.unit("21st Air Flotilla")
    assert (flotilla.status, flotilla.due_turn, flotilla.damage) == (UnitStatus.AWAITING, c.state.turn + 2, 0)


def test_night_gunnery_and_allied_carrier_declarations(data) -> None:
    """V-04: at night the Allies name in advance which carriers fire; only a carrier with gunnery may be
    named (Lexington 1, not Enterprise 0); an unnamed carrier does not fire; land-based air neither fires nor
    can be fired at by night."""
    japan = Scripted(withdraw={"Myoko"}, pursue={}, day_or_night="night")
    c = game(data, faces=(1, 1, 1))
    at_sea(c, "Coral Sea", "Lexington", "Enterprise", "Northampton", "7th Air Force", "Myoko")
    allies = Scripted(night_firing_carriers=set(), day_or_night="night", withdraw=set(), pursue={})
    fight(c, "Coral Sea", {"japan": japan, "united_states": allies})
    assert [args for m, _, _, args in allies.calls if m == "night_firing_carriers"] == [(["Lexington"],)]
    fired = [args for m, _, _, args in allies.calls if m == "gunnery_targets"]
    assert fired and fired[0][0] == ["Northampton"]  # Lexington not named: holds fire
    japan_targets = [args[1] for m, _, _, args in japan.calls if m == "gunnery_targets"]
    assert "7th Air Force" not in japan_targets[0]
    c = game(data, faces=(1, 1, 1))
    at_sea(c, "Coral Sea", "Lexington", "Enterprise", "Northampton", "Myoko")
    with pytest.raises(IllegalCombatDecision):
        fight(c, "Coral Sea", {"japan": japan, "united_states": Scripted(
            night_firing_carriers={"Enterprise"}, day_or_night="night", withdraw=set(), pursue={})})


def test_carriers_must_be_fired_at_before_amphibious_units(data) -> None:
    """V-04: at night an amphibious unit may be fired at only when every enemy carrier present is too."""
    c = game(data, faces=(1,) * 10)
    at_sea(c, "Coral Sea", "Lexington", "1st Marines", "Myoko", "Nachi")
    sneaky = Scripted(day_or_night="night", gunnery_targets={"Myoko": "1st Marines"})
    night = Scripted(day_or_night="night")
    with pytest.raises(IllegalCombatDecision) as err:
        fight(c, "Coral Sea", {"japan": sneaky, "united_states": night})
    assert "V-04" in err.value.rule
    c = game(data, faces=(1, 1, 1))
    at_sea(c, "Coral Sea", "Lexington", "1st Marines", "Myoko", "Nachi")
    fair = Scripted(day_or_night="night", gunnery_targets={"Myoko": "1st Marines", "Nachi": "Lexington"},
                    withdraw={"Myoko", "Nachi"}, pursue={})
    fight(c, "Coral Sea", {"japan": fair, "united_states": Scripted(day_or_night="night", **stay())})


def test_u_boat_in_vitp_faces_asw_first_and_has_no_bonus(data) -> None:
    """002 §4.12: ASW before the U-Boat attacks; a 5 is a miss (no bonus, no disable roll in VITP)."""
    c = game(data, faces=(1, 5))
    at_sea(c, "Bay of Bengal", "Exeter", "U-Boat 1")
    out = fight(c, "Bay of Bengal")
    assert [label for label, _, _ in rolls(c)] == ["Exeter ASW", "U-Boat 1 torpedo attack at Exeter"]
    assert out.results == []


def test_i_boat_hits_on_five_and_a_six_on_the_damage_die_disables(data) -> None:
    """VITP 4.7: the I-Boat's one attack with its bonus (5 + 1 hits); damage die 6: disabled (R-CMB-02)."""
    c = game(data, faces=(5, 6))
    at_sea(c, "Coral Sea", "Northampton", "I-Boat")
    out = fight(c, "Coral Sea")
    assert result(out, "Northampton") == {"disabled": True}


def test_results_are_simultaneous(data) -> None:
    """VITP 4.3: Japan rolls first and sinks Northampton, who still fires back and sinks Furutaka."""
    c = game(data, faces=(5, 3, 6, 2))  # Furutaka (1+1-7, bonus) 5+1: 3 points; Northampton 6: 2 points
    at_sea(c, "Coral Sea", "Northampton", "Furutaka")
    night = Scripted(day_or_night="night", **stay())
    out = fight(c, "Coral Sea", {"japan": night, "united_states": night})
    assert result(out, "Northampton") == {"damage": 3, "sunk": True}
    assert result(out, "Furutaka") == {"damage": 2, "sunk": True}


def test_retreats_japan_first_before_landings(data) -> None:
    """V-02: after a round Japan declares retreats, then the Allies (knowing Japan's); only then the landing
    step."""
    c = game(data, faces=(1, 1))
    at_sea(c, "Coral Sea", "Northampton", "Myoko", "Yokosuka NLF")
    japan = Scripted(day_or_night="night", withdraw=set(), pursue={})
    allies = Scripted(day_or_night="night", withdraw={"Northampton"}, pursue={})
    out = fight(c, "Coral Sea", {"japan": japan, "united_states": allies})
    order = [(m, side, args) for m, side, _, args in japan.calls + allies.calls if m == "withdraw"]
    assert order == [("withdraw", Side.AXIS, (None, ["Myoko", "Yokosuka NLF"])),
                     ("withdraw", Side.ALLIED, (frozenset(), ["Northampton"]))]
    retreat = next(i for i, line in enumerate(out.narrative) if "the Allies withdraw" in line)
    landing = next(i for i, line in enumerate(out.narrative) if "Yokosuka NLF invades" in line)
    assert retreat < landing
    assert [m for m, _, stage, _ in japan.calls if m in ("withdraw", "landings")] == ["withdraw", "landings"]
    assert result(out, "Northampton") == {"withdrew": True}


def test_pursuit_round_declares_day_or_night_again(data) -> None:
    """VITP 4.5 [S] ('They get Day, and Lexington sinks her'): Myoko retreats, Lexington pursues; the pursuit
    round is a day round in which only Lexington attacks, at Myoko."""
    c = game(data, faces=(1, 1,  # night round: Myoko at Lexington, Lexington (gunnery 1) at Myoko: misses
                          5, 5, 1, 1, 2, 2))  # pursuit by day: Lexington's 4 air dice (bonus): 2 hits, 4 points
    at_sea(c, "Coral Sea", "Lexington", "Myoko")
    japan = Scripted(day_or_night=lambda ctx, side, j: "night" if ctx.stage == "round" else "day",
                     withdraw={"Myoko"})
    allies = Scripted(day_or_night=lambda ctx, side, j: j, withdraw=set(), pursue={"Lexington": "Myoko"})
    out = fight(c, "Coral Sea", {"japan": japan, "united_states": allies})
    assert result(out, "Myoko") == {"damage": 4, "sunk": True}
    assert rolls(c)[2][0] == "Lexington air strike at Myoko"


def test_a_side_may_hold_its_fire(data) -> None:
    """VITP 4.3 [S]: a player never has to fire; a unit left out of the answer rolls nothing."""
    c = game(data, faces=(1,))
    at_sea(c, "Coral Sea", "Northampton", "Myoko")
    japan = Scripted(day_or_night="night", gunnery_targets={}, withdraw=set(), pursue={})
    allies = Scripted(day_or_night="night", withdraw={"Northampton"}, pursue={})
    out = fight(c, "Coral Sea", {"japan": japan, "united_states": allies})
    assert [label for label, _, _ in rolls(c)] == ["Northampton gunnery at Myoko"]
    assert result(out, "Northampton") == {"withdrew": True}
