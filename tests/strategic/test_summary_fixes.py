"""The turn summary after the play-test (helper ``summary``): each battle keeps its own losses (R-SEAT-05), one
name per battle (R-SUM-11), the raid note (R-SUM-10) and ``vas run`` in log order (R-SUM-12)."""

from __future__ import annotations

from scenarios.loader import CampaignData
from strategic.battle_names import battle_name, fought_name, raid_kind
from strategic.campaign import Campaign
from strategic.events import (
    BattleFought,
    CombatNoted,
    CounterFate,
    Force,
    UnitArrived,
    UnitDisabled,
    UnitRemoved,
    UnitSunk,
)
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
    assert raid_kind("air raid", [(2, 0, 0), (0, 0, 2)]) == "frogmen attack"
    assert raid_kind("battle", [(2, 0, 0), (0, 0, 2)]) == "battle"
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


def test_the_battles_tab_names_a_frogmen_attack() -> None:
    """The Battles tab's line (tui/campaign_screen.py ``battle_label``) names a kept battle by
    :func:`tactical_name`: a raid of the Frogmen's chariots alone is no air raid (R-SUM-11)."""
    from types import SimpleNamespace
    from typing import cast

    from strategic.battle_names import tactical_name
    from strategic.battles import TacticalBattle

    spec = SimpleNamespace(sides=[SimpleNamespace(name="Allies", ships=["Malta guardship"]),
                                  SimpleNamespace(name="Axis", ships=[])],
                           flights=[], submarines=[SimpleNamespace(side=1)])
    raid = SimpleNamespace(kind="air raid", area="Mediterranean", ports=("Malta",), spec=spec)
    assert tactical_name(cast(TacticalBattle, raid)) == "Frogmen attack in Mediterranean on Malta"
    spec.flights = [SimpleNamespace(side=1)]
    assert tactical_name(cast(TacticalBattle, raid)) == "Air raid in Mediterranean on Malta"


def test_the_seeded_pearl_harbor_names_and_note(data: CampaignData) -> None:
    """Seed 1, turns 1-3, tactical (the play-test's ``vas run --seed 1``): the kept battles' lines start with the
    battle's name, ports included; turn 3's summary names the surprise attack on Pearl Harbor and says why the
    Allies "win" it 40 to 0 (R-SUM-10, R-SUM-11)."""
    from scenarios.models import Player
    from strategic.ai import BaselineAI, play
    from strategic.battles import TacticalResolver
    from strategic.clock import Clock
    from strategic.turn_summary import summary_lines
    from tui.app import battle_label

    resolver = TacticalResolver(keep_reports=True)
    campaign = Campaign.new(data, "standard", seed=1, resolver=resolver)
    play(campaign, Clock(campaign), {p.value: BaselineAI() for p in Player}, stop_at_turn=4)
    names = [battle_label(b).split(":")[0] for b in resolver.battles]
    assert names[:3] == ["T1 Battle in North Atlantic", "T1 Battle in South Atlantic", "T1 Battle in North Sea"]
    assert {"T3 Surprise attack in Hawaiian Islands on Pearl Harbor", "T3 Air raid in Indonesia on Singapore",
            "T3 Air raid in Hawaiian Islands on Pearl Harbor"} <= set(names)
    lines = summary_lines(summarize(campaign, 3), campaign.data.groups)
    head = next(i for i, line in enumerate(lines) if line.startswith("Surprise attack in Hawaiian Islands on Pearl"))
    assert "Allies win. Allies Attrition: major victory, more VP (40 to 0)" in lines[head]
    assert lines[head + 1].startswith("  (A raid moves nobody: what it did is the damage, kept in port (6 Allied "
                                      "ship(s), +12 damage point(s)).")
    assert lines[head + 2].startswith("  Allies (Hull 103 lost, 0 VP given): West Virginia damaged, stays")


def test_the_waiting_battle_is_named_with_its_ports(data: CampaignData, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Seed 1 with Japan commanded: the game stops at the Pearl Harbor surprise attack (turn 3); the battle dialog
    and the command screen's title name it as the summary does (R-SUM-11)."""
    from strategic.battle_names import waiting_name
    from strategic.saves import load_state
    from tui.cli import main
    from tui.question_words import waiting_words

    save = tmp_path / "jq.json"
    assert main(["run", "--seed", "1", "--command", "japan", "--save", str(save)]) == 3  # stopped at a question
    campaign = load_state(save, data)
    assert waiting_name(campaign) == "Surprise attack in Hawaiian Islands on Pearl Harbor"
    # the phase bar names it so too (R-UI-125: it said "the surprise attack in Hawaiian Islands", an air raid "the
    # battle in North Sea" where the dialog said "Air raid in North Sea on England")
    assert (waiting_words(campaign) or "").startswith("the surprise attack in Hawaiian Islands on Pearl Harbor waits "
                                                      "for Japan to decide ")


def test_the_result_after_a_battle_is_that_battle_s_under_its_name() -> None:
    """The line shown after a commanded battle (the next dialog's first line): its own losses (R-SEAT-05), under
    the battle's one name (R-SUM-11)."""
    from strategic.narrate import battle_result

    events = _north_sea_then_mediterranean()
    assert battle_result(events, 1, "North Sea") == ("Battle in North Sea (classic rules) is over: sunk Bretagne; "
                                                     "disabled Algerie, Gneisenau.")
    assert battle_result(events, 1, "Mediterranean") == "Battle in Mediterranean is over: disabled Hood."


def test_vas_run_names_a_location_uncertain_group_as_the_app_does(data: CampaignData) -> None:
    """R-OPS-71: ``vas run``'s turn block said "Group W" (the data's name) where the app says "the Location
    Uncertain group W" (reference/vitp.md §5.6): one wording, ``turn_summary.place_words``, for both."""
    campaign = Campaign.new(data, "standard", seed=1)
    S = Phase.START
    events = [UnitArrived(turn=1, phase=S, unit="Houston", place="Group W", at="port"),
              UnitArrived(turn=1, phase=S, unit="Hood", place="England", at="port")]
    head = render_turn(campaign, 1, events).splitlines()[2]
    assert head == "Arrivals (2): Houston (the Location Uncertain group W), Hood (England)"
