"""Issue 13 items 1, 7, 9 in the app: an engine failure (a battle, a phase, an AI, a game resuming) opens a dialog
and autosaves the last good state; a failed battle can be fought by the classic rules and the game goes on; the save
dialog survives an unwritable path; a crash of the app saves the game in progress (``vas play``)."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import pytest
from textual.widgets import Input, Select, Static

from scenarios.loader import CampaignData
from strategic import control
from strategic.ai import BaselineAI
from strategic.battles import TacticalResolver
from strategic.campaign import Campaign
from strategic.classic.resolver import ClassicResolver
from strategic.clock import Clock
from strategic.engine_errors import BattleError
from strategic.narrate import describe, log_line
from strategic.saves import load_state, save
from strategic.state import Phase
from tui.app import (
    DEFAULT_AUTOSAVE,
    CampaignScreen,
    EngineErrorScreen,
    HandOverScreen,
    PathScreen,
    Session,
    StartScreen,
    VictoryAtSeaApp,
    autosave_target,
    campaign_resolver,
)

from .helpers import end_phase, press_end, wait_for, wait_for_human

SIZE = (200, 55)
CLASSIC_AFTER_ERROR = "is fought by the classic rules after an engine error"


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def classic_campaign(data: CampaignData, seed: int = 2) -> Campaign:
    """A new classic game, its combat recorded in its state as the app does (saves hold it)."""
    campaign = Campaign.new(data, "standard", seed=seed, resolver=campaign_resolver("classic"))
    campaign.state.combat = "classic"
    return campaign


def classic_session(data: CampaignData, humans: set[str], seed: int = 2) -> Session:
    campaign = classic_campaign(data, seed)
    return Session(campaign, Clock(campaign, checkpoints=True), humans)


def fail_first_battle(monkeypatch: pytest.MonkeyPatch, resolver: type, message: str) -> list[str]:
    """Make ``resolver.resolve`` raise on the first battle only; returns the areas it was asked to fight."""
    original = resolver.resolve
    calls: list[str] = []

    def resolve(self, campaign, battle):  # type: ignore[no-untyped-def]
        calls.append(battle.area)
        if len(calls) == 1:
            raise RuntimeError(message)
        return original(self, campaign, battle)

    monkeypatch.setattr(resolver, "resolve", resolve)
    return calls


async def wait_for_dialog(pilot, app) -> EngineErrorScreen:
    return await wait_for(pilot, lambda: app.screen if isinstance(app.screen, EngineErrorScreen) else None,
                          "the engine error dialog")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def test_a_failed_battle_autosaves_and_goes_on_by_the_classic_rules(
        data: CampaignData, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first battle of turn 1 (an air raid in the North Sea, fought while the AI plays Germany-Italy's
    submarines, in the worker) raises: the dialog names it, the rewound campaign is written beside the player's
    save (which is untouched), and "go on" fights that battle by the classic rules and reaches turn 2's first
    British decision."""
    monkeypatch.chdir(tmp_path)
    calls = fail_first_battle(monkeypatch, ClassicResolver, "the dice tower fell over")
    session = classic_session(data, {"allies"})
    campaign = session.campaign
    app = VictoryAtSeaApp(data, session=session)
    mine = tmp_path / "mine.json"
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        await pilot.press("s")
        dialog = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, PathScreen) else None,
                                "the save dialog")
        dialog.query_one("#path", Input).value = str(mine)
        await pilot.click("#ok")
        await wait_for(pilot, lambda: mine.exists() and app.screen is screen, "the save")
        saved = digest(mine)
        while screen.host.clock.decision.phase is not Phase.AIR:  # the British reinforce, patrol, then air
            screen = await end_phase(pilot, app, screen)
        await press_end(pilot, app)
        dialog = await wait_for_dialog(pilot, app)
        assert text_of(dialog, "#error-message") == ("engine error on turn 1, combat phase, air raid in North "
                                                     "Sea: RuntimeError: the dice tower fell over")
        assert text_of(dialog, "#error-where").splitlines() == [
            "Where: turn 1, combat phase", "Battle: air raid in North Sea",
            "Rule: none named (a program error: RuntimeError)"]
        autosave = tmp_path / "mine.autosave.json"
        message = text_of(dialog, "#error-saved")
        assert message.startswith(f"The last good state (just before this battle) is saved in {autosave}. Load it "
                                  f"from the start screen or with: vas play --load {autosave}")
        assert message.endswith(f"Your own save {mine} is untouched.")
        assert digest(mine) == saved and not (tmp_path / DEFAULT_AUTOSAVE).exists()
        kept = load_state(autosave, data)
        assert kept.state.turn == 1 and kept.state.phase is Phase.COMBAT
        assert kept.state.pending_battles == ["North Sea"] and kept.state.combat == "classic"
        assert isinstance(session.error, BattleError)
        assert "STOPPED by an engine error" in text_of(screen, "#phase-bar")
        assert text_of(screen, "#decision").startswith("No decision for you now: the game is stopped by an engine "
                                                      "error: engine error on turn 1")
        assert {b.id for b in dialog.query("Button")} == {"go-classic", "quit-error"}
        await pilot.press("c")
        screen = await wait_for_human(pilot, app, leaving=dialog)
        decision = screen.host.clock.decision
        assert (decision.turn, decision.phase, decision.player.value) == (2, Phase.REINFORCE, "allies")
        assert session.error is None and session.clock.error is None and screen.host is session
        fought = [log_line(e) for e in campaign.state.events if CLASSIC_AFTER_ERROR in describe(e)]
        assert len(fought) == 1 and "North Sea" in fought[0]
        assert calls[:2] == ["North Sea", "North Sea"]  # the failure, then the classic battle
        assert not isinstance(app.screen, EngineErrorScreen)
        assert digest(mine) == saved


async def test_a_failed_phase_offers_the_start_screen_and_autosaves_the_last_decision(
        data: CampaignData, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The control phase raises after Germany-Italy (human) ends its submarine phase (in the main thread): the
    dialog offers only the start screen or quitting; the autosave (the player never saved: vas-autosave.json in the
    current folder) is the state at the start of that last decision and loads."""
    monkeypatch.chdir(tmp_path)

    def broken(campaign: Campaign) -> None:
        raise RuntimeError("control broke")

    monkeypatch.setattr(control, "settle_control_and_poc", broken)
    session = classic_session(data, {"germany_italy"})
    app = VictoryAtSeaApp(data, session=session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        while screen.host.clock.decision.phase is not Phase.SUBMARINE:
            screen = await end_phase(pilot, app, screen)
        await press_end(pilot, app)
        dialog = await wait_for_dialog(pilot, app)
        assert text_of(dialog, "#error-message") == ("engine error on turn 1, control phase: RuntimeError: control "
                                                     "broke")
        assert {b.id for b in dialog.query("Button")} == {"to-start", "quit-error"}
        autosave = tmp_path / DEFAULT_AUTOSAVE
        assert text_of(dialog, "#error-saved").startswith(
            f"The last good state (turn 1, submarine phase: the start of the last decision; what was played after "
            f"it is lost) is saved in {autosave}.")
        kept = load_state(autosave, data)
        assert (kept.state.turn, kept.state.phase, kept.state.pending_battles) == (1, Phase.SUBMARINE, [])
        await pilot.press("c")  # not offered: nothing happens
        await pilot.press("s")
        start = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, StartScreen) else None,
                               "the start screen")
        assert app.session is None and start.is_mounted


async def test_an_ai_that_raises_stops_the_game_and_quitting_names_the_autosave(
        data: CampaignData, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Germany-Italy's AI raises on its first decision (its patrol, after the British): the dialog names it;
    quitting ends the app and ``vas play`` prints the error and the autosave (exit status 1)."""
    monkeypatch.chdir(tmp_path)
    original = BaselineAI.orders

    def orders(self, campaign, player):  # type: ignore[no-untyped-def]
        if player == "germany_italy":
            raise KeyError("Bismarck")
        return original(self, campaign, player)

    monkeypatch.setattr(BaselineAI, "orders", orders)
    app = VictoryAtSeaApp(data, session=classic_session(data, {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        screen = await end_phase(pilot, app, screen)
        assert screen.host.clock.decision.phase is Phase.PATROL
        await press_end(pilot, app)
        dialog = await wait_for_dialog(pilot, app)
        assert text_of(dialog, "#error-message") == ("engine error on turn 1, patrol phase, the Germany-Italy AI "
                                                     "deciding: KeyError: 'Bismarck'")
        assert "While: the Germany-Italy AI deciding" in text_of(dialog, "#error-where")
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running, "the app to end")
    stderr = io.StringIO()
    assert app.finish(stderr) == 1
    autosave = tmp_path / DEFAULT_AUTOSAVE
    assert stderr.getvalue() == (f"vas play: engine error on turn 1, patrol phase, the Germany-Italy AI deciding: "
                                 f"KeyError: 'Bismarck'. The last good state is in {autosave}.\n")
    kept = load_state(autosave, data)
    assert (kept.state.turn, kept.state.phase, kept.state.decider) == (1, Phase.PATROL, 2)  # Germany-Italy's
    assert screen.host.clock.decision is not None


def blocked_save(data: CampaignData, path: Path) -> list[str]:
    """A game played by the AI without a combat resolver (as ``vas run --combat none``) to turn 1's combat, saved
    with its battles pending; returns them."""
    campaign = Campaign.new(data, "standard", seed=2, resolver=None)
    campaign.state.combat = "none"
    session = Session(campaign, Clock(campaign), set())
    session.run_ai_until_human()
    assert campaign.blocked and campaign.state.pending_battles == ["North Atlantic", "South Atlantic", "North Sea"]
    save(campaign, path)
    assert json.loads(path.read_text())["combat"] == "none"
    return list(campaign.state.pending_battles)


async def test_a_battle_failing_when_a_load_resumes(data: CampaignData, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """``vas play --load`` of a save stopped on a battle (no combat in it: fought on the tactical table) whose
    battle fails as the game resumes: the dialog opens over the start screen, the autosave goes beside the loaded
    file, and "go on" fights the battle by the classic rules and opens the game."""
    path = tmp_path / "blocked.json"
    pending = blocked_save(data, path)
    loaded = digest(path)
    calls = fail_first_battle(monkeypatch, TacticalResolver, "no room on the table")
    app = VictoryAtSeaApp(data)
    app.command_loaded = False  # the AI commands the battles, as saved: the game goes on to the Allies' orders
    assert app.load_game_on_start(path) is None and app.session is None
    async with app.run_test(size=SIZE) as pilot:
        dialog = await wait_for_dialog(pilot, app)
        assert text_of(dialog, "#error-message") == ("engine error on turn 1, combat phase, battle in North Atlantic: "
                                                     "RuntimeError: no room on the table")
        autosave = tmp_path / "blocked.autosave.json"
        assert f"is saved in {autosave}" in text_of(dialog, "#error-saved")
        assert load_state(autosave, data).state.pending_battles == pending
        assert digest(path) == loaded
        await pilot.click("#go-classic")
        screen = await wait_for_human(pilot, app, leaving=dialog)
        session = screen.host
        assert session.tactical and session.loaded_turn == 1 and session.save_path == path
        assert screen.game_line().endswith("tactical combat (the save had no combat: vas run --combat none); "
                                           "human: Allies; loaded at turn 1")
        assert any(CLASSIC_AFTER_ERROR in describe(e) for e in session.campaign.state.events)
        assert calls[0] == "North Atlantic" and "North Atlantic" not in calls[1:]  # the classic rules fought it
        assert (session.clock.decision.turn, session.clock.decision.phase) == (1, Phase.RETURN)


async def test_loading_uses_the_saved_combat_and_a_new_game_records_its_own(data: CampaignData,
                                                                            tmp_path: Path) -> None:
    """The start screen loads a game with the combat of its save unless told otherwise ("as saved", the default);
    a new game's combat is recorded in its state (so its saves hold it)."""
    path = tmp_path / "classic.json"
    save(classic_campaign(data, seed=3), path)
    app = VictoryAtSeaApp(data)
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen
        assert start.query_one("#load-combat", Select).value == "saved"
        start.query_one("#load-path", Input).value = str(path)
        await pilot.click("#load-game")
        screen = await wait_for_human(pilot, app)
        assert not screen.host.tactical and screen.host.campaign.state.combat == "classic"
        assert "classic combat (as saved)" in screen.game_line()
        assert any(n.message == f"Loaded {path}: classic combat (as saved); commanding their own battles from now "
                                "on: Allies."  # the start screen's switch is on (R-UI-98)
                   for n in app._notifications)
    app = VictoryAtSeaApp(data)
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#combat", Select).value = "classic"
        await pilot.click("#start-game")
        screen = await wait_for_human(pilot, app)
        assert screen.host.campaign.state.combat == "classic"
        assert screen.host.clock.keep_checkpoints and screen.host.clock.checkpoint is not None


async def test_the_save_dialog_survives_an_unwritable_path_and_says_when_it_replaces_a_file(
        data: CampaignData, tmp_path: Path) -> None:
    app = VictoryAtSeaApp(data, session=classic_session(data, {"allies"}))
    blocker = tmp_path / "a-file.txt"
    blocker.write_text("not a folder")
    good = tmp_path / "game.json"

    async def save_as(path: Path) -> None:
        await pilot.press("s")
        dialog = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, PathScreen) else None,
                                "the save dialog")
        dialog.query_one("#path", Input).value = str(path)
        await pilot.click("#ok")
        await wait_for(pilot, lambda: app.screen is screen and text_of(screen, "#order-message"), "the save's message")

    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        await save_as(blocker / "game.json")
        assert text_of(screen, "#order-message") == (f"not saved: cannot write {blocker / 'game.json'}: {blocker} is "
                                                     "a file, not a folder; the game goes on")
        assert list(app._notifications)[-1].title == "Save failed"
        assert screen.host.save_path is None and screen.host.waiting_for_human
        screen.query_one("#order-message", Static).update("")
        await save_as(good)
        assert text_of(screen, "#order-message") == f"saved to {good}" and load_state(good, data)
        screen.query_one("#order-message", Static).update("")
        await save_as(good)
        assert text_of(screen, "#order-message") == f"saved to {good} (it replaced the file that was there)"
        assert list(app._notifications)[-1].message == f"{good} already existed: this save replaced it."
        await pilot.press("s")
        dialog = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, PathScreen) else None,
                                "the save dialog")
        assert dialog.query_one("#path", Input).value == str(good)  # the last file saved to
        await pilot.press("escape")
    assert autosave_target(good, {good}) == tmp_path / "game.autosave.json"
    assert autosave_target(tmp_path / "x.json", {tmp_path / "x.autosave.json"}) == tmp_path / "x.autosave-2.json"


def test_an_autosave_loaded_and_stopped_again_keeps_its_name(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """R-UI-137 (a break test): loading an autosave and stopping again wrote ``vas-autosave.autosave.json``, then
    ``vas-autosave.autosave.autosave.json``; the autosave's own autosave now alternates between two names."""
    def after(loaded: str) -> str:
        return autosave_target(tmp_path / loaded, {tmp_path / loaded}).name

    assert [after(n) for n in ("vas-autosave.json", "vas-autosave-2.json", "g.json", "g.autosave.json",
                               "g.autosave-2.json")] == ["vas-autosave-2.json", "vas-autosave.json", "g.autosave.json",
                                                         "g.autosave-2.json", "g.autosave.json"]


async def test_a_hand_over_is_shown_once(data: CampaignData) -> None:
    """Asking twice for the same hand-over (as two events racing would) pushes one hand-over screen."""
    app = VictoryAtSeaApp(data, session=classic_session(data, {"allies", "germany_italy"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        for _ in range(4):  # the British set up and patrol; then the Germans patrol
            screen = await end_phase(pilot, app, screen)
            if isinstance(screen, HandOverScreen):
                break
        assert isinstance(screen, HandOverScreen)
        campaign_screen = app.screen_stack[-2]
        assert isinstance(campaign_screen, CampaignScreen)
        campaign_screen.continue_game()
        await pilot.pause()
        assert sum(isinstance(s, HandOverScreen) for s in app.screen_stack) == 1


def test_a_crash_of_vas_play_saves_the_game_in_progress(data: CampaignData, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """An unexpected exception in a key handler ends ``vas play`` with one line naming it and the autosave
    (beside the loaded game), and the traceback in a file beside that; the autosave loads."""
    from tui import cli

    path = tmp_path / "game.json"
    save(classic_campaign(data), path)

    def broken(self) -> None:  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(CampaignScreen, "action_odds", broken)
    orders: list[str] = []

    async def play(pilot) -> None:  # type: ignore[no-untyped-def]
        screen = await wait_for_human(pilot, pilot.app)
        screen.query_one("#order-input", Input).value = "place Nelson > England"
        await pilot.press("slash", "enter", "escape")
        await wait_for(pilot, lambda: screen.host.campaign.state.unit("Nelson").place == "England", "the order")
        orders.append("Nelson")
        await pilot.press("d")

    run = VictoryAtSeaApp.run
    monkeypatch.setattr(VictoryAtSeaApp, "run", lambda self: run(self, headless=True, size=SIZE, auto_pilot=play))
    assert cli.main(["play", "--load", str(path)]) == 1
    autosave = tmp_path / "game.autosave.json"
    trace = tmp_path / "game.autosave.traceback.txt"
    err = capsys.readouterr().err
    assert err == (f"vas play: the app failed (ZeroDivisionError: division by zero); the game was saved to {autosave} "
                   f"(go on with: vas play --load {autosave}); the traceback is in {trace}\n")
    assert orders == ["Nelson"] and load_state(autosave, data).state.unit("Nelson").place == "England"
    assert "ZeroDivisionError: division by zero" in trace.read_text()


async def test_an_order_that_breaks_the_engine_stops_the_game(data: CampaignData, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """An order whose rule module raises (not an illegal order: a failure) opens the dialog naming the order."""
    monkeypatch.chdir(tmp_path)

    def broken(self, player, order):  # type: ignore[no-untyped-def]
        raise ValueError("the board lost Malta")

    app = VictoryAtSeaApp(data, session=classic_session(data, {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        monkeypatch.setattr(Campaign, "apply", broken)
        await pilot.press("down", "enter", "enter")  # the first unit, its first place: Nelson arrives in England
        dialog = await wait_for_dialog(pilot, app)
        assert text_of(dialog, "#error-message") == ("engine error on turn 1, reinforce phase, the Allies order "
                                                     "'arrive: Nelson at England': ValueError: the board lost Malta")
        assert load_state(tmp_path / DEFAULT_AUTOSAVE, data).state.phase is Phase.REINFORCE
        assert not screen.host.waiting_for_human
