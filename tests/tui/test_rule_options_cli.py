"""Rule options reach the user (issue 19 items 12 and 19; R-OPT-03): ``vas battle --option``, ``--list-options``,
``vas run/serve/play --option`` and the start screen's choice, driven with textual's Pilot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Button, Select, SelectionList, Static

from scenarios.loader import CampaignData
from strategic.rule_options import ACCELERATED_US_ENTRY
from tactical import OPTION_NOTES
from tests.tui.test_battle_cli import run as battle
from tui.app import StartScreen, VictoryAtSeaApp
from tui.cli import main
from tui.demo_saves import DemoSave, DemoSaveError, load_demo, save_demo
from tui.option_choice import RuleOptionsChoice

from .helpers import mounted_campaign_screen, wait_for


def vas(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse refuses a bad value itself (exit 2, the message on stderr)
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_battle_fought_under_options_logs_them_and_its_replay_honours_them(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "b.json"
    assert battle(["--seed", "2", "--option", "target-size", "--option", "criticals_2d6", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "(seed 2); options: target_size, criticals_2d6" in out.splitlines()[0]
    assert "options: matched_objectives, target_size, criticals_2d6" in out  # the battle's set-up line
    spec = json.loads(log.read_text())["spec"]
    assert {k for k, v in spec["options"].items() if v} == {"matched_objectives", "target_size", "criticals_2d6"}
    assert battle(["--replay", str(log)]) == 0
    replayed = capsys.readouterr().out
    assert "options: matched_objectives, target_size, criticals_2d6" in replayed
    assert "Re-fought from its spec: identical" in replayed
    assert battle(["--seed", "2"]) == 0
    assert "options:" not in capsys.readouterr().out.splitlines()[0]


def test_unknown_options_are_refused_naming_the_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = vas(capsys, "battle", "--option", "targt_size")
    assert code == 2 and "unknown tactical option 'targt_size' (did you mean target_size?)" in err
    code, _, err = vas(capsys, "battle", "--option", ACCELERATED_US_ENTRY)
    assert code == 2 and "is a campaign option (vas run --option)" in err
    code, _, err = vas(capsys, "battle", "--replay", "x.json", "--option", "target_size")
    assert code == 2 and "--replay and --option cannot be used together" in err
    code, _, err = vas(capsys, "run", "--option", "radar-check")
    assert code == 2 and "unknown rule option 'radar-check' (did you mean radar_checks?)" in err
    code, _, err = vas(capsys, "run", "--option", ACCELERATED_US_ENTRY)
    assert code == 2 and "vas run: --option: rule option 'accelerated_us_entry' is played in the set-up was_only" in err
    code, _, err = vas(capsys, "run", "--load", "g.json", "--option", "target_size")
    assert code == 2 and ("--option cannot be used with --load: a saved game keeps its own set-up, seed, rule options "
                          "and bid") in err
    code, _, err = vas(capsys, "play", "--load", "g.json", "--option", "target_size")
    assert code == 2 and "a loaded game keeps its own" in err
    code, _, err = vas(capsys, "serve", "--load", "g.json", "--option", "target_size")
    assert code == 2 and "--option cannot be used with --load" in err


def test_the_options_are_listed_with_summary_and_source(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = vas(capsys, "battle", "--list-options")
    assert code == 0
    for name, (summary, source) in OPTION_NOTES.items():
        assert f"{name}" in out and f"{summary} [{source}]" in out
    code, out, _ = vas(capsys, "battle", "--list")
    assert code == 0 and "cruiser-action" in out and "radar_checks" in out and "[003 Radar]" in out
    code, out, _ = vas(capsys, "run", "--list-options")
    assert code == 0 and out.startswith("Campaign options") and f"  {ACCELERATED_US_ENTRY} " in out
    assert "reference/was.md §4.7" in out and "  splash_counters " in out
    code, _, err = vas(capsys, "battle", "--list-options", "--seed", "1")
    assert code == 2 and "--list-options and --seed cannot be used together" in err


def test_a_campaign_s_options_are_in_its_first_line_header_and_save(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    save, log = tmp_path / "g.json", tmp_path / "log.json"
    code, out, _ = vas(capsys, "run", "--setup", "was_only", "--seed", "5", "--combat", "classic", "--turns", "4",
                       "--option", ACCELERATED_US_ENTRY, "--option", "radar_checks", "--save", str(save), "--log",
                       str(log))
    assert code == 0
    assert out.splitlines()[0].endswith(f"; options: {ACCELERATED_US_ENTRY}, radar_checks")
    assert "rolls" in out and "for its entry (6+ this turn)" in out
    assert json.loads(log.read_text())["header"]["options"] == [ACCELERATED_US_ENTRY, "radar_checks"]
    assert json.loads(save.read_text())["tactical_options"] == ["radar_checks"]
    code, out, _ = vas(capsys, "run", "--replay", str(log))
    assert code == 0 and f"options: {ACCELERATED_US_ENTRY}, radar_checks;" in out and "Identical" in out
    code, out, _ = vas(capsys, "run", "--load", str(save), "--turns", "1", "--combat", "classic")
    assert code == 0 and out.splitlines()[0].endswith(f"; options: {ACCELERATED_US_ENTRY}, radar_checks")


def test_a_demo_save_keeps_its_options(tmp_path: Path) -> None:
    path = tmp_path / "demo.json"
    save_demo(path, DemoSave("cruiser-action", 3, (0,), [], options=["target_size"]))
    assert load_demo(path).options == ["target_size"]
    save_demo(path, DemoSave("cruiser-action", 3, (0,), []))
    assert "options" not in json.loads(path.read_text()) and load_demo(path).options == []
    path.write_text(json.dumps({**json.loads(path.read_text()), "options": ["targetsize"]}))
    with pytest.raises(DemoSaveError, match=r"options: unknown tactical option 'targetsize' \(did you mean"):
        load_demo(path)


SIZE = (160, 60)


async def test_the_start_screen_chooses_a_new_game_s_rule_options(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, preset_options=("target_size",))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, StartScreen)
        choice = screen.query_one(RuleOptionsChoice)
        assert choice.chosen() == ["target_size"]
        assert choice.collapsed and choice.title.startswith("Rule options of a new game: target_size (Enter shows")
        choice.query_one("CollapsibleTitle").focus()
        await pilot.press("enter")  # opens the list
        await pilot.pause()
        assert not choice.collapsed
        assert "Chosen: target_size" in str(screen.query_one("#option-note", Static).render())
        choice.query_one(SelectionList).focus()
        await pilot.press("home", "space")  # the first row: the campaign option
        await pilot.pause()
        assert choice.chosen() == [ACCELERATED_US_ENTRY, "target_size"]
        assert choice.title.startswith(f"Rule options of a new game: {ACCELERATED_US_ENTRY}, target_size")
        note = str(screen.query_one("#option-note", Static).render())
        assert note.startswith(f"{ACCELERATED_US_ENTRY}: War at Sea alone") and "reference/was.md §4.7" in note
        # the standard game does not play it: refused, and no game starts
        screen.query_one("#start-game", Button).press()  # a press, wherever the button is scrolled
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "is played in the set-up was_only only, not standard" in str(
            screen.query_one("#start-message", Static).render())
        screen.query_one("#setup", Select).value = "was_only"
        await pilot.pause()
        screen.query_one("#start-game", Button).press()  # a press, wherever the button is scrolled
        campaign_screen = await wait_for(pilot, lambda: mounted_campaign_screen(app),
                                  "the campaign screen")
        state = campaign_screen.host.campaign.state
        assert state.options == {ACCELERATED_US_ENTRY: True} and state.tactical_options == ["target_size"]
        assert campaign_screen.game_line().endswith(f"; rule options: {ACCELERATED_US_ENTRY}, target_size")
        await pilot.pause()  # the campaign screen's tabs finish mounting before the app closes


async def test_with_no_option_chosen_a_new_game_has_none(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data)
    async with app.run_test(size=SIZE) as pilot:
        choice = app.screen.query_one(RuleOptionsChoice)
        assert choice.chosen() == [] and "none, the standard rules" in choice.title
        await pilot.click("#start-game")
        screen = await wait_for(pilot, lambda: mounted_campaign_screen(app),
                                  "the campaign screen")
        state = screen.host.campaign.state
        assert state.options == {} and state.tactical_options == []
        assert "rule options" not in screen.game_line()
