"""The rule lookup in the app and on the command line (issue 17): a refusal's rule opens our summary (``l`` or a
click on the citation), a text citing several lets the player pick, the command screen's refusal line does the
same, and ``vas rule`` prints the same lines (exit 2 for an unknown rule)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import OptionList, Static

from scenarios.loader import CampaignData
from tactical import demo_spec
from tui.app import VictoryAtSeaApp
from tui.cli import main
from tui.demo_command import DemoCommandApp
from tui.rule_screen import RuleScreen, open_rules

from .helpers import wait_for, wait_for_human
from .test_app import SIZE, session_for, text_of
from .test_command_screen import _answer, _asked

SUMMARY_2_32 = ("Units missing from the chart arrive when their own game says; British arrivals may choose England or "
                "Ceylon and American ones the United States or Pearl Harbor.")


def detail(app: Any) -> str:
    return str(app.screen.query_one("#rule-detail", Static).render())


async def test_a_refusal_opens_its_rule(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        await pilot.click("#order-input")
        await pilot.press(*"place Nelson > Pearl Harbor", "enter")
        message = await wait_for(pilot, lambda: text_of(screen, "#order-message").startswith("refused") and
                                 text_of(screen, "#order-message"), "the refusal")
        assert "002 §2.32: Nelson may arrive only in England" in message
        await pilot.press("escape", "l")  # out of the order line (l would be typed), then the rule
        rule = await wait_for(pilot, lambda: isinstance(app.screen, RuleScreen) and app.screen, "the rule screen")
        lines = detail(app).splitlines()
        assert lines[:5] == [
            "002 §2.32: Arrivals not on the chart", f"  {SUMMARY_2_32}", "  Source: seed 002 §2.32",
            "  Certainty: rulebook",
            "  Ruling R-EU-01: British arrival places; British VITP ships use the WAS track and no start letter"]
        assert "  Ruling R-PAC-02: Arrival port of US reinforcements" in lines  # the rulings that cite 002 §2.32
        assert not rule.query(OptionList)  # one rule (the phase bar cites the same): nothing to pick
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "back to the campaign")
        # a click on the citation in the message opens it too
        await pilot.click("#order-message", offset=(message.index("002 §2.32") + 2, 0))
        await wait_for(pilot, lambda: isinstance(app.screen, RuleScreen), "the rule screen from a click")
        assert detail(app).startswith("002 §2.32: Arrivals not on the chart")


async def test_a_text_citing_several_rules_lets_the_player_pick(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_human(pilot, app)
        assert open_rules(app, "VITP 6.1 / WAS 3.1: Hood is not in port ready to sail") is None
        rule = await wait_for(pilot, lambda: isinstance(app.screen, RuleScreen) and app.screen, "the rule screen")
        picker = rule.query_one("#rule-list", OptionList)
        assert [str(picker.get_option_at_index(i).prompt) for i in range(picker.option_count)] == [
            "VITP 6.1: Ready to sail", "WAS 3.1: Basic move"]
        assert detail(app).startswith("VITP 6.1: Ready to sail\n")
        await pilot.press("down")
        await wait_for(pilot, lambda: detail(app).startswith("WAS 3.1: Basic move\n"), "the second rule")
        assert "Certainty: secondary" in detail(app)
        assert open_rules(app, "nothing cited here") == "no rule is cited in the latest message or the phase bar"


async def test_the_command_screen_refusal_opens_its_rule() -> None:
    app = DemoCommandApp(demo_spec("cruiser-action", 0), (0,), "Cruiser action")
    async with app.run_test(size=(160, 48)) as pilot:
        screen = await _asked(pilot, app, "deploy")
        asked = await _answer(pilot, screen, "enter")
        screen = await _asked(pilot, app, "plan_move", asked)
        await pilot.press("slash", *"ahead 30", "enter")
        await wait_for(pilot, lambda: "000 Moving Ships" in str(screen.query_one("#cmd-message", Static).render()),
                       "the refusal")
        await pilot.press("escape", "l")
        await wait_for(pilot, lambda: isinstance(app.screen, RuleScreen), "the rule screen")
        assert detail(app).startswith("000 Moving Ships\n  A ship goes forward up to its Flank Speed")


def test_vas_rule_prints_the_summary(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")  # lines are wrapped to the terminal
    assert main(["rule", "002", "3.246"]) == 0  # "§" may be left out
    lines = capsys.readouterr().out.splitlines()
    assert lines[:6] == [
        "002 §3.246: Return to port",
        "  Units still at sea at the end of the turn return to port, possibly to a port of the other game,",
        "  within the transfer limits.",
        "  Source: seed 002 §3.246",
        "  Certainty: rulebook",
        "  Ruling R-OPS-72: The retreat step after a table battle sees the ships the table disabled"]
    assert main(["rule", "002 §2.32"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3:8] == [
        "  Source: seed 002 §2.32",
        "  Certainty: rulebook",
        "  Ruling R-EU-01: British arrival places; British VITP ships use the WAS track and no start letter",
        "    - Data: `britain.yaml` every ship: `arrival.places`, `arrival.turn`; no `vitp_start` on any",
        "      British unit"]
    assert "  Ruling R-PAC-02: Arrival port of US reinforcements" in lines  # it cites 002 §2.32
    assert main(["rule", "VITP 6.1 / WAS 3.1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("VITP 6.1: Ready to sail\n") and "\n\nWAS 3.1: Basic move\n" in out
    assert main(["rule", "R-CMB-05"]) == 0
    assert capsys.readouterr().out.startswith("R-CMB-05: Sinking in port\n    - Data: `in-port-sink-multiplier`")


def test_vas_rule_unknown_citation_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "000 Deploymnt"]) == 2
    captured = capsys.readouterr()
    assert captured.err == ("vas rule: no summary of 000 Deploymnt (nearest: 000 Deployment, 000 Deep Deployment, "
                            "000 Aircraft: Deployment)\n")
    assert captured.out == "000 Deploymnt: no summary\n  no summary of 000 Deploymnt or of a rule it is part of\n"
    assert main(["rule", "gunnery"]) == 2
    assert capsys.readouterr().err == ("vas rule: 'gunnery' cites no rule (a citation looks like '002 §3.246', "
                                       "'000 Deployment', 'VITP 4.9', 'WAS 3.1', 'R-CMB-05')\n")
    assert main(["rule", "R-ZZZ-99"]) == 2
    assert "vas rule: no summary of R-ZZZ-99" in capsys.readouterr().err


async def test_a_classic_combat_refusal_opens_its_rule(data: CampaignData) -> None:
    from scenarios.models import Player

    from .test_combat_screen import NORTH_SEA, Harness
    from .test_combat_screen import _asked as classic_asked

    app = Harness(classic_asked(data, "North Sea", NORTH_SEA, (Player.ALLIES,)), refuse=1)
    async with app.run_test(size=(160, 45)) as pilot:
        screen = await wait_for(pilot, lambda: app.screen if app.screen.query("#combat-answer") else None,
                                "the combat screen")
        await pilot.press("enter")  # refused: "002 §4.11: Illustrious has only 2 air factors"
        await wait_for(pilot, lambda: "refused: 002 §4.11" in str(screen.query_one("#combat-message", Static).render()),
                       "the refusal")
        await pilot.press("l")
        rule = await wait_for(pilot, lambda: isinstance(app.screen, RuleScreen) and app.screen, "the rule screen")
        assert rule.found[0].citation.key == "002 §4.11"  # the refusal's rule first, then the question's
        assert len(rule.found) > 1 and rule.query_one("#rule-list", OptionList).highlighted == 0
        assert detail(app).startswith("002 §4.11: War at Sea airstrikes\n  In War at Sea airstrikes attack once a turn")


async def test_the_battle_viewer_opens_the_rules_of_a_step(data: CampaignData) -> None:
    from tactical.battle import resolve
    from tactical.demos import demo_spec as spec_of
    from tui.battle_viewer import BattleViewerScreen, _typed

    battle = resolve(spec_of("cruiser-action", 1, data)).to_json()
    app = VictoryAtSeaApp(data, battle_log=battle)
    async with app.run_test(size=(180, 50)) as pilot:
        viewer = await wait_for(pilot, lambda: isinstance(app.screen, BattleViewerScreen) and app.screen, "the viewer")
        texts = [e.text for e in _typed(battle)]
        step = next(i for i, start in enumerate(viewer.steps) if "[000 " in texts[start])
        viewer.position = step
        await pilot.press("l")
        rule = await wait_for(pilot, lambda: isinstance(app.screen, RuleScreen) and app.screen, "the rule screen")
        assert rule.found and all(res.found for res in rule.found)  # every rule a battle cites has a summary
