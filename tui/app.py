"""The textual app (``vas play``): start a campaign hot-seat or against AI nations, give orders, follow the war.

Screens, each in its own module: :class:`~tui.start_screen.StartScreen` (new game: set-up, seed, which players are
human, combat; load a save; the order of appearance), :class:`~tui.campaign_screen.CampaignScreen` (map, phase bar,
orders, units, log, battles, odds, POC), the dialogs of :mod:`tui.dialogs` (:class:`~tui.dialogs.HandOverScreen`:
hot-seat, hides the board between two human players; :class:`~tui.dialogs.PathScreen`: a file name for save and
load; a yes/no question; the engine error), :class:`~tui.oob_screen.OobScreen` (the order of appearance, turn by
turn), and the battle viewer (:class:`~tui.battle_viewer.BattleViewerScreen`).  The game itself is
:class:`~tui.session_host.Session` (the campaign, its clock, who is human); opening one:
:mod:`tui.game_opening`; the autosave after an engine error or a crash: :mod:`tui.autosave`.  This module is the
:class:`VictoryAtSeaApp` that opens them, and re-exports their names (:data:`__all__`).

The app reads the engine's state and sends it orders; it never changes the state itself.  AI players' decisions
run in a worker thread while a busy indicator turns and the screen says who is deciding.

Combat (issue 7 item 4): ``tactical`` (the default) fights each battle the table can fight on the *Victory at Sea*
miniatures table (:class:`strategic.battles.TacticalResolver`, the rest by the classic rules), ``classic`` every
battle by the War at Sea / VITP rules.  A save holds its combat (``state.combat``, issue 13 item 7): a loaded game
is fought as saved unless the start screen's "Combat of the loaded game" (or ``vas play --combat``) says otherwise
(a save of ``vas run --combat none`` is fought on the tactical table); the log's first line says which.  Its human
players are the ones switched on on the start screen (or ``vas play --human``; the Allies by default), never all
four: a save does not hold them.  The tactical
battles of the current and the previous turn are kept (older ones are dropped, so memory stays bounded) and listed
in the Battles tab (key ``b``), from which each opens in the battle viewer; a notification says when battles were
fought.  Battles fought before a save are not in it: after a load the Battles tab says so (``vas run
--battle-logs DIR`` keeps every battle's log).  The odds advisor (key ``d``) simulates the game's combat: in a
tactical game the tactical battle itself, in worker processes, with a progress line; leaving the tab cancels it.

Keys (issue: new-user trial): the campaign screen's letter keys act whatever list or table has the focus; ``e``,
``u`` and ``?`` show the Orders tab, where their result is written, and say why when no human decides.  The order
list always has its first line highlighted when it is refilled, so Enter takes it at once; Escape in the order
line (or a filter) gives the focus back to the list; a refused typed order is quoted in the message and selected
in the line, so the next typing replaces it.

Issue #17, the campaign screen: ``i`` (or Enter or a click on a Units row, or a click on the selected place's
listing) shows a unit's details (:mod:`tui.unit_details`); ``?`` opens the help in a scrolling dialog
(:mod:`tui.help_screen`); the Log tab rewraps to its width (:mod:`tui.campaign_log`); the hot-seat hand-over hides
the board and the tabs; the phase bar says what happens on the Pearl Harbor turn
(:mod:`tui.phase_notes`); the focused list, table or line has an accent border.

Orders by selection (issue #17, :mod:`tui.order_picker`): the Orders tab lists the player's units by place; a unit
or a stack, then a destination (with its mode and speed roll), then, if wanted, another way to go; a stack's
orders are given all or none (:mod:`tui.stack_orders`).  A letter that is no command, typed in the list, starts a
typed order, and typed orders accept lists of units; ``e`` asks first while units could still be ordered; the
order filter starts empty at each new decision.

Engine errors (issue 13 items 1, 9): every clock the app makes keeps a checkpoint at each decision
(``Clock(checkpoints=True)``).  When the engine fails (a battle, a phase, an AI, an order: an
:class:`~strategic.engine_errors.EngineError`, wherever the app drives the clock: ending a phase, the AI worker,
starting or loading a game), the last good state is written beside the player's save (:func:`autosave_target`:
``game.json`` -> ``game.autosave.json``, or ``vas-autosave.json`` in the current folder before any save; never over
a file the player saved or loaded) and :class:`EngineErrorScreen` says what broke, where, and where the state
went.  After a failed battle (the campaign is rewound to just before it) the player may have that battle fought by
the classic rules and go on (a new clock on the same campaign); after another failure only quit or go back to the
start screen.  The save dialog reports a file that cannot be written (the game goes on) and says when it replaced
a file.  A crash of the app itself (an exception in a handler) saves the game in progress the same way when
``vas play`` ends (:meth:`VictoryAtSeaApp.finish`): one line on stderr names the file, the traceback goes to a
file beside it.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import signal
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TextIO

from rich.console import Console
from textual.app import App
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.worker import WorkerFailed

from scenarios.loader import CampaignData, load_data
from scenarios.models import Player, Theatre
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.commanders import TableBattleInProgress, drop_table_battle, table_battle_in_progress
from strategic.engine_errors import EngineError
from strategic.json_files import write_text_atomic
from strategic.saves import SaveError, load_state, save_text
from tui.autosave import DEFAULT_AUTOSAVE, autosave_target, state_moment, write_autosave
from tui.battle_viewer import BattleViewerScreen
from tui.campaign_screen import CampaignScreen, battle_label
from tui.combat_screen import CombatScreen
from tui.command_screen import CommandScreen
from tui.dialogs import ConfirmScreen, EngineErrorScreen, HandOverScreen, PathScreen
from tui.game_opening import campaign_resolver, combat_choice, other_data_note, saved_humans, take_command
from tui.oob_screen import OobScreen
from tui.refight_dialog import RefightScreen
from tui.screenshots import take_screenshot
from tui.session_host import Session
from tui.start_screen import StartScreen

# --------------------------------------------------------------------------- the app


class VictoryAtSeaApp(App[None]):
    """``vas play``."""

    TITLE = "Victory at Sea"
    CSS = """
    #start { padding: 1 2; }
    #title { margin-bottom: 1; }
    #start-row { height: 3; }
    #start-busy { width: 12; height: 3; display: none; }
    #start-status { width: 1fr; height: 3; content-align: left middle; }
    .player-row { height: 3; }
    #phase-bar { height: auto; max-height: 2; background: $boost; }  /* a long note wraps to a second line */
    #main { height: 1fr; }
    #tabs { width: 2fr; min-width: 50; }
    #orders { height: 1fr; }
    #ai-busy { height: 3; display: none; }
    #battles { height: 1fr; }
    #units { height: 1fr; }
    #log { height: 1fr; }
    #order-buttons { height: 3; }
    #orders { min-height: 4; }
    #order-message { min-height: 2; max-height: 8; overflow-y: auto; }
    #poc-plot { height: 1fr; }
    #oob { height: 2fr; }
    #oob-card-scroll { height: 1fr; border-top: solid $accent; }
    #handover, #path-dialog { align: center middle; width: 60; height: auto; padding: 1 2; border: thick $accent;
                              background: $surface; }
    #path-dialog Horizontal { height: auto; }  /* the dialog stays small (issue #17) */
    HandOverScreen, PathScreen, ConfirmScreen, EngineErrorScreen { align: center middle; }
    /* the focused list, table, line or log stands out (issue #17) */
    CampaignScreen DataTable, CampaignScreen RichLog, #odds-scroll { border: tall $border-blurred; }
    CampaignScreen OptionList:focus, CampaignScreen Input:focus, CampaignScreen DataTable:focus,
    CampaignScreen RichLog:focus, #odds-scroll:focus { border: tall $accent; }
    CampaignScreen BoardMap:focus { background: $accent 12%; }
    ConfirmScreen Label { width: 1fr; }  /* a long question wraps */
    HandOverScreen { background: $background; }  /* hot-seat: nothing of the board shows through */
    #engine-error { width: 100; max-width: 95%; height: auto; max-height: 90%; padding: 1 2; border: thick $error;
                    background: $surface; }
    #engine-error-text { height: auto; max-height: 24; margin: 1 0; }
    #engine-error-text Static { margin-bottom: 1; }
    #engine-error-text #error-saved { margin-bottom: 0; }
    #error-buttons { height: 3; }
    #error-buttons Button { margin-right: 2; }
    """

    BINDINGS = [Binding("ctrl+q", "request_quit", "Quit", show=False, priority=True),
                Binding("f12", "snapshot", "Screenshot", show=False, priority=True)]

    def __init__(self, data: CampaignData | None = None, *, session: Session | None = None,
                 battle_log: dict | None = None, capture_errors: bool = False, turn_summaries: bool = False,
                 preset_options: tuple[str, ...] = (), preset_bid: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.preset_options = preset_options  # vas play --option: chosen on the start screen to begin with
        self.preset_bid = preset_bid  # vas play --bid: the start screen's bid field to begin with (THEATRE=N each)
        self.turn_summaries = turn_summaries  # vas play: the end-of-turn summary comes up (tui/turn_summary.py)
        self.data = data or load_data()
        self.session = session
        self.battle_log = battle_log
        self.crash: BaseException | None = None  # the exception that ended the app (_handle_exception)
        self.stopped_by: int | None = None  # the signal that ended the app (_terminated)
        self.exit_note: str | None = None  # printed by finish: the player quit after an engine error
        self._deferred: Callable[[], None] | None = None  # an engine error met before the app ran (vas play --load)
        self._exit_output: io.StringIO | None = None
        if capture_errors:  # vas play: textual's traceback goes to a file beside the autosave (finish)
            self._exit_output = io.StringIO()
            self.error_console = Console(file=self._exit_output, markup=False, highlight=False, width=120)

    def action_snapshot(self) -> None:
        """F12 (and the command palette's Screenshot): an SVG of the screen beside the save (tui/screenshots.py)."""
        session = self.session
        view = session.view() if session is not None else None
        stem = f"vas-turn{view.turn}-{view.phase.value}" if view is not None else "vas-screen"
        written = take_screenshot(self, session.save_path if session is not None else None, stem)
        self.notify(f"Screenshot written to {written}" if isinstance(written, Path) else f"No screenshot: {written}",
                    title="Screenshot", severity="information" if isinstance(written, Path) else "error")

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """The command palette's Screenshot: as F12 (never the downloads folder)."""
        self.action_snapshot()
        return None

    def action_request_quit(self) -> None:
        """ctrl+q: in a game, the same yes/no as ``q`` (a game is never lost to one key); elsewhere quit."""
        screen = self.screen
        game = next((s for s in reversed(self.screen_stack) if isinstance(s, CampaignScreen)), None)
        if isinstance(screen, CampaignScreen | CombatScreen | CommandScreen) and game is not None:
            game.action_quit_game()  # in a battle too: the same yes/no
        elif not isinstance(screen, ModalScreen):
            self.exit()

    def _terminated(self, signum: int) -> None:
        """SIGTERM or SIGHUP (the terminal closed): end the app, and :meth:`finish` saves the game (R-UI-124: as a
        stop, not as a crash with a traceback file)."""
        if self.stopped_by is None:
            self.stopped_by = signum
        self.exit(return_code=128 + signum)

    def on_mount(self) -> None:
        if self._exit_output is not None:  # vas play: a signal that ends the app saves the game (issue 13)
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGTERM, signal.SIGHUP):
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                    loop.add_signal_handler(signum, self._terminated, signum)
        if self.battle_log is not None:
            self.push_screen(StartScreen())
            self.push_screen(BattleViewerScreen(self.battle_log))
        elif self.session is not None:
            self.push_screen(CampaignScreen(self.session, self.session))
        else:
            self.push_screen(StartScreen())
            if self._deferred is not None:
                deferred, self._deferred = self._deferred, None
                deferred()

    def _handle_exception(self, error: Exception) -> None:
        """Any unexpected exception ends the app (textual); it is kept for :meth:`finish`, which saves the game."""
        if self.crash is None:
            self.crash = error.error if isinstance(error, WorkerFailed) else error  # the worker's own exception
        super()._handle_exception(error)

    # -- opening games
    def start_new(self, setup: str, seed: int, humans: set[str], combat: str = "tactical", *,
                  command: bool = False, options: list[str] | tuple[str, ...] = (),
                  bid: dict[Theatre, float] | None = None) -> None:
        """A new campaign with ``combat`` (:data:`COMBATS`), the rule ``options`` (issue 19), the POC ``bid``
        (R-AI-07) and the ``humans`` players (who command their own classic battles with ``command``, issue #15);
        opens the campaign screen."""
        campaign = Campaign.new(self.data, setup, seed=seed, resolver=campaign_resolver(combat), options=options,
                                bid=bid)
        campaign.state.combat = combat  # type: ignore[assignment]  # saves record it
        campaign.state.battle_commanders = sorted((Player(h) for h in humans), key=list(Player).index) \
            if command else []
        if self.open_game(campaign, humans, resume=False):
            self.push_screen(CampaignScreen(self.session, self.session))  # type: ignore[arg-type]

    def open_game(self, campaign: Campaign, humans: set[str], *, resume: bool, loaded_turn: int | None = None,
                  loaded_from: Path | None = None, combat_note: str = "") -> bool:
        """Make :attr:`session` on a new clock (with checkpoints).  If the engine fails while the clock starts, the
        error dialog is shown (at mount if the app is not running yet), :attr:`session` is ``None`` and this returns
        ``False``; after a failed battle the dialog's "go on" fights it by the classic rules and tries again."""
        try:
            clock = Clock(campaign, resume=resume, checkpoints=True)
        except EngineError as exc:
            self.session = None
            self._startup_failed(exc, campaign, humans, loaded_turn, loaded_from, combat_note)
            return False
        self.session = Session(campaign, clock, humans, loaded_turn=loaded_turn, save_path=loaded_from)
        self.session.combat_note = combat_note
        return True

    def _startup_failed(self, error: EngineError, campaign: Campaign, humans: set[str], loaded_turn: int | None,
                        loaded_from: Path | None, combat_note: str) -> None:
        """The engine failed while a game's clock started (:meth:`open_game`): the error dialog, now or at mount."""
        own = {loaded_from} if loaded_from is not None else set()
        last_good = save_text(campaign) if error.rewound else None
        nothing = (f"Nothing was played since {loaded_from} was loaded: that save is unchanged, the last good "
                   "state." if loaded_from is not None else "The game had not begun: nothing was lost.")

        def choice(answer: str | None) -> None:
            if answer == "classic":
                pending = campaign.state.pending_battles
                campaign.fight_classic(error.area or pending[0])
                if self.open_game(campaign, humans, resume=True, loaded_turn=loaded_turn, loaded_from=loaded_from,
                                  combat_note=combat_note):
                    self.push_screen(CampaignScreen(self.session, self.session))  # type: ignore[arg-type]
            elif answer == "start":
                self.back_to_start()
            else:
                self.exit()

        def show() -> None:
            self.show_engine_error(error, last_good, save_path=loaded_from, own=own,
                                   target=autosave_target(loaded_from, own), on_choice=choice, nothing_saved=nothing)

        if self.is_running and self.screen_stack:
            show()
        else:
            self._deferred = show

    def _loaded_campaign(self, path: Path, combat: str | None) -> tuple[Campaign, str]:
        """A checked save with the resolver of ``combat`` (``None``: the save's own, :func:`combat_choice`) and how
        the combat was chosen.  Raises :class:`SaveError`."""
        campaign = load_state(path, self.data)
        chosen, note = combat_choice(campaign, combat)
        campaign.resolver = campaign_resolver(chosen)
        campaign.change_combat(chosen)  # logged: a replay changes it at the same point (R-UI-114)
        return campaign, note

    refight = False
    """Fight a loaded battle in progress on the table by the classic rules without asking (R-SEAT-22)."""
    command_loaded = True
    """The human players of a loaded game command their own battles (the start screen's switch, R-UI-98)."""

    def _open_loaded(self, path: Path, humans: set[str] | None, combat: str | None) -> bool:
        campaign, note = self._loaded_campaign(path, combat)
        data_note = other_data_note(campaign.state.data_folders, self.data)
        refought = table_battle_in_progress(campaign, combat or "")
        if refought is not None and not self.refight:  # R-SEAT-22: ask before a battle's answers are dropped
            self._ask_refight(refought, path, humans)
            return False
        if refought is not None:
            drop_table_battle(campaign, refought)
        chosen = saved_humans(campaign) if humans is None else set(humans)
        added = take_command(campaign, chosen) if self.command_loaded else []
        opened = self.open_game(campaign, chosen, resume=True, loaded_turn=campaign.state.turn, loaded_from=path,
                                combat_note=note)
        if self.session is not None:
            self.session.commanders_added = added
            self.session.data_note = data_note
        return opened

    def _ask_refight(self, battle: TableBattleInProgress, path: Path, humans: set[str] | None) -> None:
        """The choice of :class:`RefightScreen`, now or at mount: keep the battle (load with the saved combat) or
        fight it by the classic rules."""
        def choice(how: str | None) -> None:
            self.refight = how == "classic"
            self.load_game(path, humans, "classic" if self.refight else None)

        def show() -> None:
            self.push_screen(RefightScreen(battle, str(path)), choice)

        if self.is_running and self.screen_stack:
            show()
        else:
            self._deferred = show

    def load_game_on_start(self, path: Path, combat: str | None = None,
                           humans: set[str] | None = None) -> str | None:
        """Check a save before the app starts (``vas play --load``); it opens on mount with the ``combat`` resolver
        (``None``: as saved) and the ``humans`` players (the Allies if ``None``).  Returns an error message or
        ``None`` (an engine error while the game resumes is shown in the app)."""
        try:
            self._open_loaded(Path(path), humans, combat)
        except SaveError as exc:
            return str(exc)
        return None

    def load_game(self, path: Path, humans: set[str] | None = None, combat: str | None = None) -> str | None:
        """Load a save and open it with the ``combat`` resolver (``None``: as saved) and the ``humans`` players (the
        start screen's switches; the Allies if ``None``); returns an error message or ``None``."""
        try:
            opened = self._open_loaded(Path(path), humans, combat)
        except SaveError as exc:
            return str(exc)
        if opened:
            self.push_screen(CampaignScreen(self.session, self.session))  # type: ignore[arg-type]
            self.notify(f"Loaded {path}: {self.session.opened_text()}.",  # type: ignore[union-attr]
                        title="Loaded", timeout=6)
        return None

    def back_to_start(self) -> None:
        """Leave the game for the start screen (after an engine error)."""
        self.session = None
        if any(isinstance(s, StartScreen) for s in self.screen_stack):
            while not isinstance(self.screen_stack[-1], StartScreen):
                self.pop_screen()
        else:
            while len(self.screen_stack) > 2:
                self.pop_screen()
            self.switch_screen(StartScreen())

    # -- engine errors and crashes
    def show_engine_error(self, error: EngineError, last_good: str | None, *, save_path: Path | None,
                          own: Iterable[Path], target: Path, on_choice: Callable[[str | None], None],
                          nothing_saved: str = "No good state was kept (the game had reached no decision): "
                                               "nothing could be saved.") -> None:
        """Write ``last_good`` (the last good state's save text) to ``target`` (or a fallback) and open
        :class:`EngineErrorScreen`, whose choice goes to ``on_choice``.  ``nothing_saved`` is said when there is no
        good state to write."""
        own = set(own)
        if last_good is None:
            saved = nothing_saved
            written: Path | None = None
        else:
            try:
                written, problems = write_autosave(last_good, target, own)
            except OSError as exc:
                written, saved = None, f"The last good state could not be written: {exc}."
            else:
                moment = ("just before this battle" if error.rewound
                          else f"{state_moment(last_good)}: the start of the last decision; what was played after "
                               "it is lost")
                saved = (f"The last good state ({moment}) is saved in {written.resolve()}. Load it from the start "
                         f"screen or with: vas play --load {written.resolve()}")
                if problems:
                    saved += f" (not beside your save: {'; '.join(problems)})"
            if save_path is not None and written is not None:
                saved += f"\nYour own save {Path(save_path).resolve()} is untouched."
        where = f" The last good state is in {written.resolve()}." if written is not None else ""
        self.exit_note = f"vas play: {error}.{where}"  # printed if the player quits from the dialog
        self.push_screen(EngineErrorScreen(error, saved), self._engine_choice(on_choice))

    def _engine_choice(self, on_choice: Callable[[str | None], None]) -> Callable[[str | None], None]:
        def choice(answer: str | None) -> None:
            if answer != "quit":
                self.exit_note = None
            on_choice(answer)
        return choice

    def save_after_crash(self) -> tuple[Path, str] | None:
        """After a crash: the game in progress (not over) written beside the player's save, and a note when only the
        last checkpoint could be saved (a state that does not load back).  ``None`` without a game in progress.
        Raises ``OSError`` when nothing could be written."""
        session = self.session
        return session.save_after_crash(self.data, self.crash) if session is not None else None

    def _stopped(self, stderr: TextIO, signum: int) -> int:
        """:meth:`finish` after SIGTERM or SIGHUP (R-UI-124): the game in progress saved as after a crash, one line
        (lost without a word when the closed terminal takes no more), the exit status ``128 + signal``."""
        name = signal.Signals(signum).name + (" (the terminal closed)" if signum == signal.SIGHUP else "")
        try:
            saved = self.save_after_crash()
        except OSError as exc:
            line = f"vas play: stopped by {name}; the game in progress could not be saved: {exc}"
        else:
            line = (f"vas play: stopped by {name}; no game was in progress" if saved is None else
                    f"vas play: stopped by {name}; the game was saved to {saved[0].resolve()}{saved[1]} (go on with: "
                    f"vas play --load {saved[0].resolve()})")
        with contextlib.suppress(OSError):
            print(line, file=stderr)
        return 128 + signum

    def finish(self, stderr: TextIO) -> int:
        """After :meth:`run` (``vas play``): the exit status, and one line on ``stderr`` when the game ended badly.  A
        crash (an unexpected exception) saves the game in progress beside the player's save and puts the traceback
        in a file beside it; quitting after an engine error names the autosave."""
        output = self._exit_output.getvalue() if self._exit_output is not None else ""
        if not self.return_code:
            if output:
                stderr.write(output)
            if self.exit_note:
                print(self.exit_note, file=stderr)
                return 1
            return 0
        if self.crash is None and self.stopped_by is not None:
            return self._stopped(stderr, self.stopped_by)
        crash = self.crash
        reason = (f"{type(crash).__name__}: {crash}" if str(crash) else type(crash).__name__) if crash else \
            f"exit status {self.return_code}"
        try:
            saved = self.save_after_crash()
        except OSError as exc:
            stderr.write(output)
            print(f"vas play: the app failed ({reason}); the game in progress could not be saved: {exc}",
                  file=stderr)
            return 1
        if saved is None:
            stderr.write(output)
            print(f"vas play: the app failed ({reason}); no game was in progress", file=stderr)
            return 1
        path, note = saved
        trace = "".join(traceback.format_exception(crash)) if crash is not None else output
        trace_file = path.with_suffix(".traceback.txt")
        try:
            write_text_atomic(trace_file, trace)
            trace_note = f"; the traceback is in {trace_file.resolve()}"
        except OSError:
            stderr.write(output)
            trace_note = ""
        print(f"vas play: the app failed ({reason}); the game was saved to {path.resolve()}{note} (go on with: vas "
              f"play --load {path.resolve()}){trace_note}", file=stderr)
        return 1


__all__ = ["DEFAULT_AUTOSAVE", "CampaignScreen", "ConfirmScreen", "EngineErrorScreen", "HandOverScreen", "OobScreen",
           "PathScreen", "Session", "StartScreen", "VictoryAtSeaApp", "autosave_target", "battle_label",
           "campaign_resolver"]
"""Re-exported from the modules the app was split into (tests and ``vas`` commands import them from here)."""
