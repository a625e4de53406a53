"""The turn summary after the play-test (helper ``summary``): each battle keeps its own losses (R-SEAT-05), one
name per battle (R-SUM-11), the raid note (R-SUM-10) and ``vas run`` in log order (R-SUM-12)."""

from __future__ import annotations

from scenarios.loader import CampaignData
from strategic.battle_names import battle_name, fought_name, raid_kind
from strategic.campaign import Campaign
from strategic.events import BattleFought, CombatNoted, CounterFate, Force, UnitDisabled, UnitRemoved, UnitSunk
from strategic.phases import Phase
from strategic.turn_summary import battle_lines, raid_note, summarize
from tests.strategic.test_turn_summary import _mediterranean
from tui.run_command import render_turn

C = Phase.COMBAT


def _north_sea_then_mediterranean() -> list:
    """The play-test's turn 1 (t1ret.json): the North Sea by the classic rules, then the Mediterranean on the table,
    where Hood is disabled (its event names no place)."""
    medi = _mediterranean().model_copy(update={"turn": 1, "counters": [
        CounterFate(unit="Hood", side="Allies", fate="crippled", hull_full=97, hull_start=97, hull_end=6, damage=4)]})
    return [CombatNoted(turn=1, phase=C, area="North Sea", note="War at Sea battle: allied Bretagne, Algerie against "
                                                               "axis Gneisenau"),
            CombatNoted(turn=1, phase=C, area="North Sea", note="surface round 1"),
            UnitSunk(turn=1, phase=C, unit="Bretagne", place="North Sea"),
            UnitDisabled(turn=1, phase=C, unit="Algerie"),
            UnitDisabled(turn=1, phase=C, unit="Gneisenau"),
            medi,
            UnitDisabled(turn=1, phase=C, unit="Hood")]


def test_a_unit_disabled_in_a_later_tactical_battle_is_not_the_classic_battle_s(data: CampaignData) -> None:
    campaign = Campaign.new(data, "standard", seed=1)
    battles = summarize(campaign, 1, _north_sea_then_mediterranean()).battles
    assert battle_lines(battles[0]) == ["Battle in North Sea (classic rules): Allies lost (sunk) Bretagne; Allies "
                                        "lost (disabled) Algerie; Axis lost (disabled) Gneisenau."]
    assert isinstance(battles[1], BattleFought) and [c.unit for c in battles[1].counters] == ["Hood"]


def test_one_name_for_a_battle() -> None:
    assert battle_name("battle", "North Sea", ["Germany"]) == "Battle in North Sea"
    assert battle_name("air raid", "South Atlantic", ["England"]) == "Air raid in South Atlantic on England"
    assert battle_name("surprise attack", "Hawaiian Islands", classic=True) == \
        "Surprise attack in Hawaiian Islands (classic rules)"
    raid = _mediterranean().model_copy(update={"what": "air raid", "ports": ["Malta"], "forces": [
        Force(name="Allies", ships=2), Force(name="Axis", submarines=2)]})
    assert raid_kind("air raid", raid.forces) == "frogmen attack"
    assert fought_name(raid) == "Frogmen attack in Mediterranean on Malta"
    assert battle_lines(raid)[0].startswith("Frogmen attack in Mediterranean on Malta, 5 turn(s) of 8")
    flown = raid.model_copy(update={"forces": [Force(name="Allies", ships=2), Force(name="Axis", flights=6)]})
    assert fought_name(flown) == "Air raid in Mediterranean on Malta"


def test_a_raid_won_by_the_side_struck_is_explained() -> None:
    """Pearl Harbor (seed 1, turn 3): six battleships damaged at anchor, none crippled, two Japanese Flights lost:
    the Allies win the Attrition 40 to 0 (R-SUM-10)."""
    harbour = _mediterranean().model_copy(update={"what": "surprise attack", "ports": ["Pearl Harbor"], "counters": [
        CounterFate(unit="West Virginia", side="Allies", fate="damaged", hull_full=70, hull_start=70, hull_end=33,
                    damage=4),
        CounterFate(unit="Maryland", side="Allies", fate="damaged", hull_full=70, hull_start=70, hull_end=55,
                    damage=2),
        CounterFate(unit="Shokaku", side="Axis", fate="unharmed", vp=20, flights=8, flights_lost=1)]})
    assert raid_note(harbour) == (
        "  (A raid moves nobody: what it did is the damage, kept in port (2 Allied ship(s), +6 damage point(s)). VP "
        "come only from ships sunk, crippled or withdrawn and from Flights destroyed, so ships damaged but not "
        "crippled gave none, while each Flight the raiders lost gave its points: 000 War at Sea: Victory Points, "
        "R-SUM-10.)")
    assert battle_lines(harbour)[1] == raid_note(harbour)
    assert raid_note(_mediterranean()) == ""  # a battle at sea


def test_vas_run_prints_a_turn_s_events_in_log_order(data: CampaignData) -> None:
    """Turn 8 of the play-test: the Frogmen used up in a battle are told after that battle's start, not among the
    turn's first lines."""
    campaign = Campaign.new(data, "standard", seed=1)
    events = [UnitRemoved(turn=8, phase=Phase.START, unit="Duquesne", why="withdrawn"),
              CombatNoted(turn=8, phase=C, area="Mediterranean", note="War at Sea battle: allied Malta against axis "
                                                                     "Italian Frogmen"),
              UnitRemoved(turn=8, phase=C, unit="Italian Frogmen", why="used")]
    lines = render_turn(campaign, 8, events).splitlines()
    noted = [i for i, line in enumerate(lines) if "Frogmen" in line]
    assert [lines[i].strip().split("  [")[0] for i in noted] == [
        "Mediterranean: War at Sea battle: allied Malta against axis Italian Frogmen",
        "Italian Frogmen is used and removed from play"]
    assert "Duquesne" in lines[2] and noted[0] > 2  # lines[0] is blank, [1] the turn head
