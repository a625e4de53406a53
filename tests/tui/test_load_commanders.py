"""A save stopped at a battle question (``vas run --command PLAYER``) opens in ``vas play --load`` with that player
human, so the command screen asks him; loaded with other humans, the AI commands the battle and the game goes on
(it used to stay stopped, the question waiting for a player nobody was)."""

from __future__ import annotations

from pathlib import Path

from scenarios.loader import CampaignData
from strategic.events import CombatDelegated
from tui.app import VictoryAtSeaApp
from tui.cli import main


def _stopped_save(tmp_path: Path) -> Path:
    path = tmp_path / "us.json"
    assert main(["run", "--seed", "1", "--turns", "1", "--command", "allies", "--save", str(path)]) == 3
    return path


def test_the_commander_asked_is_human_when_the_save_is_loaded(data: CampaignData, tmp_path: Path) -> None:
    path = _stopped_save(tmp_path)
    app = VictoryAtSeaApp(data)
    assert app.load_game_on_start(path) is None
    assert app.session is not None and app.session.humans == {"allies"}
    question = app.session.campaign.state.question
    assert question is not None and question.engine == "tactical" and question.player.value == "allies"


def test_loaded_with_other_humans_the_ai_commands_the_waiting_battle(data: CampaignData, tmp_path: Path) -> None:
    path = _stopped_save(tmp_path)
    app = VictoryAtSeaApp(data)
    assert app.load_game_on_start(path, humans={"japan"}) is None
    session = app.session
    assert session is not None and session.humans == {"japan"}
    battle = session.campaign.state.question.battle  # type: ignore[union-attr]
    session.run_ai_until_human()
    question = session.campaign.state.question
    assert question is None or question.player.value == "japan"
    delegated = [e for e in session.campaign.state.events if isinstance(e, CombatDelegated)]
    assert [(e.battle, e.player) for e in delegated][:1] == [(battle, "allies")]
    assert battle not in session.campaign.state.pending_battles


def test_the_load_notification_names_the_saves_data(data: CampaignData, tmp_path: Path) -> None:
    """R-UI-111: a save played on ``--data`` folders, opened from a session on the bundled data, says so; one opened
    on the same folders names them as saved."""
    from scenarios.loader import load_data

    fix = tmp_path / "fix"
    fix.mkdir()
    (fix / "poc.yaml").write_text("areas:\n  - name: Aleutian Islands\n    theatre: VITP\n    poc:\n"
                                  "      allied: {value: 1, track: VITP, source: t, confidence: rulebook}\n"
                                  "      axis: {value: 0, track: VITP, source: t, confidence: rulebook}\n"
                                  "    source: t\n    confidence: rulebook\n")
    path = tmp_path / "game.json"
    assert main(["run", "--seed", "1", "--turns", "1", "--combat", "classic", "--data", str(fix),
                 "--save", str(path)]) == 0
    app = VictoryAtSeaApp(data)
    assert app.load_game_on_start(path, humans={"allies"}) is None
    assert app.session is not None
    assert app.session.opened_text().endswith(
        f"; saved on --data {fix.resolve()}, played on the bundled data (vas play --load FILE alone uses the save's)")
    app = VictoryAtSeaApp(load_data([fix]))
    assert app.load_game_on_start(path, humans={"allies"}) is None
    assert app.session is not None and app.session.opened_text().endswith(f"; data: {fix.resolve()} (as saved)")
