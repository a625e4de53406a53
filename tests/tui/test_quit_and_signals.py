"""A game is never lost to one key or to a closed terminal (issue 13): ctrl+q asks as ``q`` does; SIGTERM and SIGHUP
end the app, and ``finish`` saves the game in progress as after a crash, but told as a stop, with no traceback file
(R-UI-124); ``vas play`` refuses flags that would be ignored."""

from __future__ import annotations

import io
import signal
from pathlib import Path

import pytest

from scenarios.loader import CampaignData
from strategic.campaign import Campaign
from strategic.classic.resolver import ClassicResolver
from strategic.clock import Clock
from strategic.saves import load_state
from tui.app import ConfirmScreen, Session, VictoryAtSeaApp
from tui.cli import main

from .helpers import wait_for, wait_for_human


def session(data: CampaignData) -> Session:
    campaign = Campaign.new(data, "standard", seed=2, resolver=ClassicResolver())
    campaign.state.combat = "classic"
    return Session(campaign, Clock(campaign, checkpoints=True), {"allies"})


async def test_ctrl_q_in_a_game_asks_before_quitting(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=session(data))
    async with app.run_test(size=(160, 48)) as pilot:
        await wait_for_human(pilot, app)
        await pilot.press("ctrl+q")
        dialog = await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen) and app.screen, "the yes/no")
        assert dialog.question.startswith("Quit?")
        await pilot.press("n")
        await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmScreen), "the game again")
        assert app.is_running


@pytest.mark.parametrize(("signum", "words"), [(signal.SIGTERM, "SIGTERM"),
                                              (signal.SIGHUP, "SIGHUP (the terminal closed)")])
async def test_a_stop_signal_ends_the_app_and_finish_saves_the_game(data: CampaignData, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch, signum: int,
                                                                   words: str) -> None:
    monkeypatch.chdir(tmp_path)
    app = VictoryAtSeaApp(data, session=session(data), capture_errors=True)
    async with app.run_test(size=(160, 48)) as pilot:
        await wait_for_human(pilot, app)
        app._terminated(signum)  # what the loop's signal handler calls
        await wait_for(pilot, lambda: app.return_code is not None, "the app to end")
    err = io.StringIO()
    assert app.finish(err) == 128 + signum == app.return_code
    saved = tmp_path / "vas-autosave.json"
    assert err.getvalue() == (f"vas play: stopped by {words}; the game was saved to {saved} (go on with: vas play "
                              f"--load {saved})\n")
    assert load_state(saved, data).state.turn == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["vas-autosave.json"]  # no traceback file (R-UI-124)


@pytest.mark.parametrize(("args", "culprit"), [
    (["play", "--human", "japan"], "--human and --combat choose for the game opened with --load"),
    (["play", "--combat", "classic"], "--human and --combat choose for the game opened with --load"),
    (["play", "--load", "x.json", "--battle-log", "y.json"], "give one of them"),
])
def test_vas_play_refuses_flags_it_would_ignore(args: list[str], culprit: str,
                                                capsys: pytest.CaptureFixture) -> None:
    assert main(args) == 2
    assert culprit in capsys.readouterr().err
