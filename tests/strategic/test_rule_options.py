"""Rule options of a campaign (issue 19 items 12 and 19; R-OPT-01..03): chosen at set-up, saved, logged and replayed;
the tactical ones reach every battle on the table; the accelerated US entry under scripted dice (R-OPT-02)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scenarios.errors import IllegalOrder
from scenarios.loader import CampaignData
from strategic import us_entry
from strategic.ai import BaselineAI, play
from strategic.battles import TacticalResolver
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.events import UsEntryRoll
from strategic.replay import CampaignLog, LogHeader, ReplayError, log_text, replay
from strategic.resolvers import make_resolver
from strategic.rule_options import ACCELERATED_US_ENTRY, chosen_options, option_lines, split_options
from strategic.saves import SaveError, load_state, save, save_text
from strategic.state import UNTIL_US_ENTRY, Mode, Phase, UnitStatus
from tactical import OPTION_NOTES, RuleOptions, UnknownOption
from tactical.dice import ScriptedDice
from tests.strategic.test_battles import _battle, _north_sea

PLAYERS = ("japan", "germany_italy", "united_states", "allies")


def test_names_are_checked_and_split_by_kind() -> None:
    assert split_options(["target-size", ACCELERATED_US_ENTRY, "radar_checks", "target_size"], "was_only") == (
        [ACCELERATED_US_ENTRY], ["target_size", "radar_checks"])
    assert split_options([], "standard") == ([], [])
    with pytest.raises(UnknownOption, match=r"unknown rule option 'target_sise' \(did you mean target_size\?\)"):
        split_options(["target_sise"], "standard")
    with pytest.raises(UnknownOption, match="played in the set-up was_only only, not standard"):
        split_options([ACCELERATED_US_ENTRY], "standard")
    assert set(OPTION_NOTES) == set(RuleOptions.model_fields)  # every tactical option has its summary and source
    listed = "\n".join(option_lines())
    assert all(f"  {name} " in listed for name in [ACCELERATED_US_ENTRY, *OPTION_NOTES])


def test_options_are_saved_and_a_game_without_them_is_saved_as_before(data: CampaignData, tmp_path: Path) -> None:
    plain = Campaign.new(data, "standard", seed=3)
    assert "tactical_options" not in json.loads(save_text(plain)) and plain.state.tactical_options == []
    chosen = Campaign.new(data, "was_only", seed=3, options=["radar_checks", ACCELERATED_US_ENTRY])
    path = tmp_path / "game.json"
    save(chosen, path)
    raw = json.loads(path.read_text())
    assert raw["tactical_options"] == ["radar_checks"] and raw["options"] == {ACCELERATED_US_ENTRY: True}
    loaded = load_state(path, data)
    assert loaded.state.tactical_options == ["radar_checks"] and chosen_options(loaded.state) == [
        ACCELERATED_US_ENTRY, "radar_checks"]
    # an old save without the fields loads with no option
    del raw["tactical_options"]
    raw["options"] = {}
    path.write_text(json.dumps(raw))
    assert chosen_options(load_state(path, data).state) == []


def test_bad_options_in_a_save_are_named(data: CampaignData, tmp_path: Path) -> None:
    raw = json.loads(save_text(Campaign.new(data, "standard", seed=3)))
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**raw, "tactical_options": ["target_size", "radar", "target_size"],
                                "options": {"accelerated_us_entry": True, "fast_carriers": True}}))
    with pytest.raises(SaveError) as caught:
        load_state(path, data)
    text = str(caught.value)
    assert "tactical_options.1: unknown tactical option 'radar' (did you mean radar_checks?)" in text
    assert "tactical_options.2: 'target_size' is given twice" in text
    assert "options.accelerated_us_entry: played in the set-up was_only only, not standard" in text
    assert "options.fast_carriers: not an option of the standard set-up (its options: none; the rule options: " \
        "accelerated_us_entry)" in text
    path.write_text(json.dumps({**raw, "tactical_options": "target_size"}))
    with pytest.raises(SaveError, match="tactical_options: Input should be a valid list"):
        load_state(path, data)


def test_every_battle_on_the_table_is_fought_with_the_campaign_s_tactical_options(data: CampaignData) -> None:
    campaign = _north_sea(data)
    campaign.state.tactical_options = ["target_size", "splash_counters"]
    resolver = TacticalResolver(keep_reports=True)
    resolver.resolve(campaign, _battle(campaign, "North Sea"))
    fought = resolver.battles[0]
    assert fought.spec.options == RuleOptions(target_size=True, splash_counters=True)
    set_up = next(e.text for e in fought.report.events if e.kind == "set-up")
    assert "options: target_size, splash_counters" in set_up
    plain = _north_sea(data)
    resolver = TacticalResolver(keep_reports=True)
    resolver.resolve(plain, _battle(plain, "North Sea"))
    assert resolver.battles[0].spec.options == RuleOptions()


# --------------------------------------------------------------------------- accelerated US entry (R-OPT-02)


def _was_game(data: CampaignData, turn: int, faces: tuple[int, ...]) -> Campaign:
    """War at Sea alone with the option, at ``turn``: New York at sea in the Caribbean and Washington in the United
    States, both waiting for their entry; every other US ship still to arrive."""
    campaign = Campaign.new(data, "was_only", seed=1, options=[ACCELERATED_US_ENTRY])
    campaign.dice = ScriptedDice(faces)
    campaign.state.turn = turn
    for us in campaign.state.units.values():
        if us.inactive_until == UNTIL_US_ENTRY:
            us.status, us.place = UnitStatus.AWAITING, None
    ny, texas = campaign.state.unit("New York"), campaign.state.unit("Washington")
    ny.status, ny.place, ny.mode = UnitStatus.SEA, "Caribbean", Mode.PATROL
    texas.status, texas.place = UnitStatus.PORT, "United States"
    return campaign


def test_the_us_ships_wait_for_their_entry_and_convoys_do_not(data: CampaignData) -> None:
    campaign = Campaign.new(data, "was_only", seed=1, options=[ACCELERATED_US_ENTRY])
    held = {n for n, us in campaign.state.units.items() if us.inactive_until == UNTIL_US_ENTRY}
    us_ships = {n for n in campaign.state.units if data.units[n].nation == "US" and data.units[n].type.is_ship
                and data.units[n].type.value != "CONVOY"}
    assert held == us_ships and "Augusta" in held and not any(n.startswith("Convoy") for n in held)
    with pytest.raises(IllegalOrder, match="Augusta stays out of the war until its entry roll succeeds") as caught:
        campaign.require_active(campaign.state.unit("Augusta"))
    assert "R-OPT-02" in caught.value.rule
    plain = Campaign.new(data, "was_only", seed=1)  # R-OPS-64: the standard entry roll holds them too
    assert {n for n, us in plain.state.units.items() if us.inactive_until == UNTIL_US_ENTRY} == us_ships
    for setup in ("standard", "early_war"):  # 002 §4.3 replaces the entry roll in the combined game
        assert not any(us.inactive_until == UNTIL_US_ENTRY
                       for us in Campaign.new(data, setup, seed=1).state.units.values())


def test_turn_4_enters_on_a_6_into_the_north_atlantic(data: CampaignData) -> None:
    campaign = _was_game(data, 4, (5, 6))
    us_entry.entry_rolls(campaign)
    ny, texas = campaign.state.unit("New York"), campaign.state.unit("Washington")
    assert ny.inactive_until == UNTIL_US_ENTRY and (ny.status, ny.place) == (UnitStatus.SEA, "Caribbean")
    assert texas.inactive_until is None
    assert (texas.status, texas.place, texas.mode, texas.moved) == (UnitStatus.SEA, "North Atlantic", Mode.PATROL,
                                                                    True)
    rolls = [e for e in campaign.state.events if isinstance(e, UsEntryRoll)]
    assert [(e.unit, e.face, e.needed, e.entered) for e in rolls] == [("New York", 5, 6, False),
                                                                      ("Washington", 6, 6, True)]
    campaign.require_active(texas)  # free from now on


@pytest.mark.parametrize(("turn", "faces", "entered"), [
    (5, (4, 5), [False, True]), (6, (3, 4), [False, True]), (7, (2, 3), [False, True]), (8, (1, 2), [False, True]),
])
def test_each_later_turn_one_face_more_enters(data: CampaignData, turn: int, faces: tuple[int, ...],
                                              entered: list[bool]) -> None:
    campaign = _was_game(data, turn, faces)
    us_entry.entry_rolls(campaign)
    rolls = [e for e in campaign.state.events if isinstance(e, UsEntryRoll)]
    assert [e.entered for e in rolls] == entered and {e.needed for e in rolls} == {10 - turn}


def test_no_entry_roll_before_turn_4(data: CampaignData) -> None:
    campaign = _was_game(data, 3, ())  # scripted dice with no face: any roll would fail
    us_entry.entry_rolls(campaign)
    assert not [e for e in campaign.state.events if isinstance(e, UsEntryRoll)]


@pytest.mark.parametrize("turn", [4, 5, 8])
def test_without_the_option_a_us_ship_enters_on_a_6_every_turn(data: CampaignData, turn: int) -> None:
    """R-OPS-64: War at Sea alone, the standard 2nd-edition rule: from turn 4 each waiting US ship enters on a 6,
    whatever the turn (reference/was.md §4.7 [S])."""
    campaign = _was_game(data, turn, (5, 6))
    campaign.state.options.pop(ACCELERATED_US_ENTRY)
    us_entry.entry_rolls(campaign)
    rolls = [e for e in campaign.state.events if isinstance(e, UsEntryRoll)]
    assert [(e.unit, e.face, e.needed, e.entered, e.rule) for e in rolls] == [
        ("New York", 5, 6, False, us_entry.STANDARD_RULE), ("Washington", 6, 6, True, us_entry.STANDARD_RULE)]
    assert campaign.state.unit("New York").inactive_until == UNTIL_US_ENTRY
    assert campaign.state.unit("Washington").place == "North Atlantic"


def test_the_roll_comes_at_the_start_of_the_turn_after_the_arrivals(data: CampaignData) -> None:
    campaign = Campaign.new(data, "was_only", seed=1, options=[ACCELERATED_US_ENTRY])
    for us in campaign.state.units.values():  # nobody else arrives: only the entry rolls use the dice
        us.due_turn = None if us.status is not UnitStatus.AWAITING else 99
    texas = campaign.state.unit("Washington")
    texas.status, texas.place = UnitStatus.PORT, "United States"
    campaign.dice = ScriptedDice((6,))
    campaign.state.turn = 4
    campaign.enter_phase(Phase.START)
    assert texas.place == "North Atlantic" and texas.inactive_until is None


def test_a_logged_game_with_options_replays_under_them(data: CampaignData) -> None:
    campaign = Campaign.new(data, "was_only", seed=5, options=[ACCELERATED_US_ENTRY],
                            resolver=make_resolver("classic"))
    campaign.state.combat = "classic"
    play(campaign, Clock(campaign), {p: BaselineAI() for p in PLAYERS}, stop_at_turn=6)
    assert any(isinstance(e, UsEntryRoll) and e.entered for e in campaign.state.events)
    header = LogHeader(setup="was_only", seed=5, combat="classic", ai=list(PLAYERS), stop_turn=6,
                       options=chosen_options(campaign.state))
    assert json.loads(log_text(campaign, header))["header"]["options"] == [ACCELERATED_US_ENTRY]
    again = replay(CampaignLog.model_validate_json(log_text(campaign, header)), data)
    assert again.identical and chosen_options(again.campaign.state) == [ACCELERATED_US_ENTRY]
    plain = LogHeader(setup="was_only", seed=5, combat="classic")
    assert "options" not in json.loads(plain.model_dump_json())  # a game without options is logged as before
    bad = LogHeader(setup="standard", seed=5, combat="classic", options=[ACCELERATED_US_ENTRY])
    with pytest.raises(ReplayError, match=r"header\.options: rule option 'accelerated_us_entry' is played in"):
        replay(CampaignLog.model_validate_json(log_text(campaign, bad)), data)
