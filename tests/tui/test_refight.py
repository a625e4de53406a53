"""R-SEAT-22: a save in the middle of a battle on the tactical table, loaded with the classic rules, is not refought
without a word: headless, ``vas run --load FILE --combat classic`` is refused (exit 2) naming the battle and the
number of answers given, and ``--refight`` accepts; in the app a dialog asks (keep the tactical battle, or fight it
by the classic rules)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from scenarios.loader import CampaignData
from strategic.events import CombatNoted
from tui.app import CampaignScreen, VictoryAtSeaApp
from tui.cli import main
from tui.refight_dialog import RefightScreen

from .helpers import wait_for

SIZE = (160, 48)


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A save at the first question of a battle on the table (no answer given) and one after the first answer."""
    folder = tmp_path_factory.mktemp("refight")
    first, second = folder / "first.json", folder / "second.json"
    assert main(["run", "--seed", "1", "--turns", "1", "--command", "allies", "--save", str(first)]) == 3
    question = json.loads(first.read_text())["question"]
    assert question["engine"] == "tactical" and question["question"]["question"] == "choose_scouts"
    assert main(["run", "--load", str(first), "--save", str(second), "--answer", "[[], 11]"]) == 3
    assert {k: len(v) for k, v in json.loads(second.read_text())["combat_answers"].items()} == {"North Atlantic": 1}
    return first, second


def _copy(path: Path, tmp_path: Path) -> Path:
    target = tmp_path / path.name
    shutil.copy(path, target)
    return target


def test_headless_load_with_classic_is_refused_naming_the_battle(saves: tuple[Path, Path], tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = _copy(saves[1], tmp_path)
    before = path.read_text()
    assert main(["run", "--load", str(path), "--combat", "classic"]) == 2
    err = capsys.readouterr().err
    assert err == (f"vas run: {path} is in the middle of the battle in North Atlantic on the tactical table: 1 answer "
                   "given by the Allied side. Fought by the classic rules it would start again from the beginning and "
                   "that answer would be dropped (R-SEAT-22). Load it without --combat to finish the battle on the "
                   "table, or add --refight to fight it by the classic rules.\n")
    assert path.read_text() == before  # nothing played, nothing written


def test_headless_refight_drops_the_answers_and_says_so(saves: tuple[Path, Path], tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path, out = _copy(saves[1], tmp_path), tmp_path / "out.json"
    code = main(["run", "--load", str(path), "--combat", "classic", "--refight", "--turns", "1", "--save", str(out)])
    assert code == 3  # the Allies command: the classic battle now asks them its first question
    stdout = capsys.readouterr().out
    assert ("North Atlantic: fought again from its start by the classic rules on loading: 1 answer given on the "
            "tactical table dropped (R-SEAT-22)") in stdout
    saved = json.loads(out.read_text())
    assert saved["combat"] == "classic" and saved["question"]["engine"] == "classic"
    assert all("decision" in a["question"] for answers in saved["combat_answers"].values() for a in answers)


def test_refight_needs_load_and_classic(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--refight", "--turns", "1"]) == 2
    assert "--refight fights a loaded game's battle" in capsys.readouterr().err


def test_no_answer_given_no_question_asked(data: CampaignData, saves: tuple[Path, Path], tmp_path: Path) -> None:
    """At the battle's first question nothing would be lost: the game opens with the classic rules at once."""
    app = VictoryAtSeaApp(data)
    assert app.load_game_on_start(_copy(saves[0], tmp_path), "classic") is None
    assert app.session is not None and app.session.campaign.state.combat == "classic"


@pytest.mark.parametrize(("key", "combat"), [("t", "tactical"), ("k", "classic")])
async def test_the_app_asks_keep_or_classic(data: CampaignData, saves: tuple[Path, Path], tmp_path: Path,
                                            key: str, combat: str) -> None:
    path = _copy(saves[1], tmp_path)
    app = VictoryAtSeaApp(data)
    assert app.load_game_on_start(path, "classic") is None
    assert app.session is None  # not opened yet: the dialog asks first
    async with app.run_test(size=SIZE) as pilot:
        dialog = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, RefightScreen) else None,
                                "the refight dialog")
        text = " ".join(str(w.render()) for w in dialog.query("Static"))
        assert "battle in North Atlantic on the tactical table: 1 answer given by the Allied side" in \
            re.sub(r"\s+", " ", text)
        await pilot.press(key)
        await wait_for(pilot, lambda: app.session is not None and any(isinstance(s, CampaignScreen)
                                                                      for s in app.screen_stack), "the game")
        state = app.session.campaign.state  # type: ignore[union-attr]
        assert state.combat == combat
        noted = [e for e in state.events if isinstance(e, CombatNoted) and "R-SEAT-22" in e.note]
        if combat == "tactical":  # kept: the answer stands, the battle goes on where it stopped
            assert not noted and len(state.combat_answers["North Atlantic"]) >= 1
        else:
            assert [e.area for e in noted] == ["North Atlantic"]
            assert not any("question" in a["question"] for a in state.combat_answers.get("North Atlantic", []))


def test_a_table_question_waiting_in_the_players_words(data: CampaignData, saves: tuple[Path, Path]) -> None:
    from strategic.saves import load_state
    from tui.question_words import waiting_words

    campaign = load_state(saves[0], data)
    assert waiting_words(campaign) == ("the battle in North Atlantic waits for the Allies to decide the ships and "
                                       "Observation Flights sent scouting (the set-up)")


def test_play_refight_accepts_without_asking(data: CampaignData, saves: tuple[Path, Path], tmp_path: Path) -> None:
    """``vas play --load FILE --combat classic --refight``: the game opens at once, the answers dropped."""
    app = VictoryAtSeaApp(data)
    app.refight = True
    assert app.load_game_on_start(_copy(saves[1], tmp_path), "classic") is None
    assert app.session is not None
    state = app.session.campaign.state
    assert state.combat == "classic" and "North Atlantic" not in state.combat_answers
    assert [e.area for e in state.events if isinstance(e, CombatNoted) and "R-SEAT-22" in e.note] == ["North Atlantic"]
