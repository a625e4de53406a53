"""The textual app (``vas play``): start a campaign hot-seat or against AI nations, give orders, follow the war.

Screens: :class:`StartScreen` (new game: set-up, seed, which players are human, combat; load a save; the order
of appearance), :class:`CampaignScreen` (map, phase bar, orders, units, log, battles, odds, POC),
:class:`HandOverScreen` (hot-seat: hides the board between two human players), :class:`OobScreen` (the order of
appearance, turn by turn), :class:`PathScreen` (a file name for save and load), and the battle viewer
(:class:`~tui.battle_viewer.BattleViewerScreen`).

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
import json
import os
import signal
import tempfile
import threading
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import (
    Button,
    DataTable,
    Footer,
    Input,
    Label,
    LoadingIndicator,
    OptionList,
    Select,
    Static,
    Switch,
    TabbedContent,
    TabPane,
)
from textual.widgets.option_list import Option
from textual.worker import WorkerFailed, get_current_worker
from textual_plotext import PlotextPlot

from scenarios.errors import InputError, InvalidOrder, RulesError
from scenarios.loader import CampaignData, load_data
from scenarios.models import Player, Theatre
from strategic.ai import Agent, BaselineAI, give_orders
from strategic.answer_needed import AnswerNeeded
from strategic.battle_logs import battle_log
from strategic.battle_names import tactical_name, waiting_name
from strategic.battles import TacticalBattle, TacticalResolver, campaign_year, forces_text
from strategic.bid import BadBid, bid_words, bids
from strategic.campaign import SUPPORTED_SETUPS, Campaign
from strategic.classic.scripts import is_order_entry
from strategic.clock import Clock
from strategic.combat import BattleResolver
from strategic.commanders import SIDE_INDEX, TableBattleInProgress, drop_table_battle, table_battle_in_progress
from strategic.engine_errors import BattleError, EngineError
from strategic.events import DiceRolled, OrderGiven
from strategic.json_files import write_text_atomic
from strategic.narrate import battle_result, describe_given, lead, log_line
from strategic.order_of_appearance import Movement, order_of_appearance, vitp_turn
from strategic.orders import IllegalOrder, Order
from strategic.resolvers import make_resolver
from strategic.rule_options import chosen_options, split_options
from strategic.saves import SaveError, autosave_path, data_folders, last_good_text, load_state, save, save_text
from strategic.state import CombatQuestion, Event, Phase
from strategic.views import CampaignView, observe
from tactical import DEMOS, CardIndex, TacticalEntry, TacticalQuestion, UnknownOption
from tui.ai_follow import AiFollow, turn_over_text
from tui.battle_choice import BattleChoiceScreen
from tui.battle_link import LeftToAi
from tui.battle_viewer import BattleViewerScreen
from tui.board_info import status_word
from tui.board_map import BoardMap, BoardPane, PlaceInfo
from tui.campaign_log import CampaignLog
from tui.cards_cli import counter_lines
from tui.combat_screen import CombatScreen, question_screen
from tui.command_screen import CommandScreen, LiveAsk, Outcome
from tui.help_screen import HelpScreen
from tui.labels import counter_label, side_label
from tui.mounting import GameHeader, when_mounted, while_attached
from tui.option_choice import RuleOptionsChoice
from tui.order_advice import CampaignAdvice, OrderAdvice
from tui.order_completion import LegalOrderSuggester
from tui.order_entry import GRAMMAR, IDLE_HINT, Legal, OrderSyntaxError, describe, hint, idle_hint, parse_orders
from tui.order_picker import OrderFilter, OrderPicker
from tui.order_selection import end_question, listing_moment, orderable_count
from tui.phase_notes import war_note
from tui.poc_chart import draw_poc, poc_heading
from tui.question_words import waiting_hint, waiting_words
from tui.refight_dialog import RefightScreen
from tui.rule_screen import link_citations, open_rules
from tui.screenshots import take_screenshot
from tui.seat_link import GameFacts, LogLines, SeatLink
from tui.stack_orders import Given, OrderGroups, give_together, taken_back_text
from tui.turn_summary import TurnSummaries, TurnSummaryScreen, last_summed_turn, summary_text, summed_turns
from tui.unit_details import UnitDetailsScreen, picked_units, place_units

PLAYER_NAMES = {
    Player.JAPAN: "Japan",
    Player.GERMANY_ITALY: "Germany-Italy",
    Player.UNITED_STATES: "United States",
    Player.ALLIES: "Allies (Britain, France, Russia, Netherlands, Australia)",
}



def player_name(player: Player) -> str:
    """The player's short name: ``Allies`` for the other Allies."""
    return PLAYER_NAMES[player].split(" (")[0]


PHASE_RULES = {
    Phase.START: "002 §2.31-2.33: arrivals and removals",
    Phase.REINFORCE: "002 §2.32: place arriving units",
    Phase.PATROL: "002 §3.241: patrolling moves (Japan, Allies, Germany-Italy)",
    Phase.REPAIR: "002 §3.241: repairs",
    Phase.AIR: "002 §3.242: air strikes are placed",
    Phase.LANDING: "002 §3.243: marine units move",
    Phase.RAID: "002 §3.244: raiding moves (VITP only)",
    Phase.SUBMARINE: "002 §3.245: submarines are placed",
    Phase.COMBAT: "002 §4.1: combat in each theatre",
    Phase.CONTROL: "002 §3.1, §1: control and POC",
    Phase.RETURN: "002 §3.246, §3.33: return to port",
    Phase.END: "002 §3.1: victory",
}


COMBATS = {
    "tactical": "Tactical: the Victory at Sea miniatures table (what it cannot fight: classic)",
    "classic": "Classic: War at Sea / Victory in the Pacific combat",
}
"""The combat choices of the app (issue 7 item 4: tactical by default)."""

DEFAULT_HUMANS = frozenset({Player.ALLIES.value})
"""The human players when none are given (the start screen's switches start so; ``vas play --human``)."""

KEEP_BATTLE_TURNS = 2
"""Tactical battles of this many turns (the current one and the one before) stay viewable; older ones are dropped."""


def _side_asked(question: dict[str, Any]) -> str | None:
    """The side a recorded question was asked of, as a classic question names it (``allied``, ``axis``): a
    question on the table names it by its fleet (0, 1)."""
    side = question.get("side")
    by_fleet = {index: s.value for s, index in SIDE_INDEX.items()}
    return by_fleet.get(side) if isinstance(side, int) else side


def parse_seed(text: str) -> int:
    """A campaign seed typed on the start screen: empty is 1 (the placeholder says so), otherwise a whole number of
    0 or more (the dice are seeded with it).  Raises ``ValueError`` with a message for the player."""
    text = text.strip()
    if not text:
        return 1
    if not text.isdigit():
        raise ValueError(f"the seed must be a whole number of 0 or more, like 1 or 42 (not '{text}')")
    return int(text)


def saved_humans(campaign: Campaign) -> set[str]:
    """The human players of a loaded game when none are named: those commanding their battles in the save, and
    the player a waiting battle question asks (a save of ``vas run --command``); else the Allies."""
    chosen = {p.value for p in campaign.state.battle_commanders}
    if campaign.state.question is not None:
        chosen.add(campaign.state.question.player.value)
    return chosen or set(DEFAULT_HUMANS)


def players_text(humans: set[str] | frozenset[str]) -> str:
    """The human players in the words of the start screen ("Japan, Allies"), or that the AI plays all four."""
    names = [PLAYER_NAMES[p].split(" (")[0] for p in Player if p.value in humans]
    return ", ".join(names) if names else "none (the AI plays all four)"


def campaign_resolver(combat: str) -> BattleResolver:
    """The resolver for a combat choice of :data:`COMBATS`: a :class:`TacticalResolver` that keeps its battles
    (the session drops old ones) or the classic resolver.  Raises ``ValueError`` for another name."""
    if combat == "tactical":
        return TacticalResolver(keep_reports=True)
    if combat != "classic":
        raise ValueError(f"unknown combat '{combat}' (known: {', '.join(COMBATS)})")
    resolver = make_resolver("classic")
    assert resolver is not None
    return resolver


LOAD_COMBATS = {
    "saved": "As saved in the file (a save without combat: tactical)",
    "tactical": "Tactical, whatever the save says",
    "classic": "Classic, whatever the save says",
}
"""The start screen's choices for a loaded game's combat: as saved (the default), or one of :data:`COMBATS`."""

DEFAULT_AUTOSAVE = "vas-autosave.json"
"""The autosave, in the current folder, of a game never saved nor loaded (:func:`autosave_target`)."""


def combat_choice(campaign: Campaign, combat: str | None) -> tuple[str, str]:
    """The combat a loaded ``campaign`` is fought with, and how it was chosen (for the log's first line):
    ``combat`` if given, else the save's own (``state.combat``); a save without combat (``vas run --combat none``)
    is fought on the tactical table."""
    saved = campaign.state.combat
    if combat is not None:
        return combat, ("as saved" if combat == saved else f"chosen on loading; the save had {saved}")
    if saved == "none":
        return "tactical", "the save had no combat: vas run --combat none"
    return saved, "as saved"


def path_problem(path: Path, exc: BaseException) -> str:
    """Why ``path`` could not be written, for the player: a folder in the way that is a file, or the system's
    reason."""
    existing = next((p for p in path.parents if p.exists()), None)
    if existing is not None and not existing.is_dir():
        return f"{existing} is a file, not a folder"
    if path.is_dir():
        return f"{path} is a folder"
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
    return f"{reason} ({type(exc).__name__})"


def autosave_target(save_path: Path | None, own: Iterable[Path] = ()) -> Path:
    """Where the last good state goes: beside the player's save (``game.json`` -> ``game.autosave.json``,
    :func:`strategic.saves.autosave_path`), or :data:`DEFAULT_AUTOSAVE` in the current folder when the game was
    never saved nor loaded.  Never one of the ``own`` files (those the player saved or loaded): a number is added."""
    target = autosave_path(save_path) if save_path is not None else Path.cwd() / DEFAULT_AUTOSAVE
    taken = {Path(p).resolve() for p in own}
    number = 2
    candidate = target
    while candidate.resolve() in taken:
        candidate = target.with_name(f"{target.stem}-{number}{target.suffix}")
        number += 1
    return candidate


def write_autosave(text: str, target: Path, own: Iterable[Path] = ()) -> tuple[Path, list[str]]:
    """Write an autosave to ``target``, else to :data:`DEFAULT_AUTOSAVE` in the current folder, else in the temporary
    folder (never over an ``own`` file).  Returns the file written and the problems met on the way; raises
    ``OSError`` naming every problem when no place could be written."""
    own = list(own)
    problems: list[str] = []
    tried: list[Path] = []
    for candidate in (target, autosave_target(None, own), autosave_target(Path(tempfile.gettempdir()) / "vas.json",
                                                                          own)):
        if candidate in tried:
            continue
        tried.append(candidate)
        try:
            return write_text_atomic(candidate, text), problems
        except OSError as exc:
            problems.append(f"cannot write {candidate}: {path_problem(candidate, exc)}")
    raise OSError("; ".join(problems))


def state_moment(text: str) -> str:
    """``turn 3, patrol phase`` of a save's JSON text."""
    raw = json.loads(text)
    return f"turn {raw.get('turn')}, {raw.get('phase', 'start')} phase"


class Session:
    """A game being played in the app: the campaign, its clock, and who is human.  ``loaded_turn`` is the turn a
    loaded save was at (``None`` for a new game): the tactical battles fought before it are not in the save.

    ``save_path`` is the player's save: the file last saved to in the save dialog, or the one loaded; an autosave
    after an engine error or a crash goes beside it (:meth:`autosave_target`), never over a file in ``own_files``.
    ``error`` is the :class:`EngineError` that stopped the game (``None`` while it runs); ``lock`` is held while the
    AI worker drives the clock (a save waits for a human decision).  The clock keeps checkpoints (the last good
    state after a failure)."""

    def __init__(self, campaign: Campaign, clock: Clock, humans: set[str], loaded_turn: int | None = None,
                 save_path: Path | None = None) -> None:
        self.campaign = campaign
        self.clock = clock
        self.humans = humans
        self.loaded_turn = loaded_turn
        self.ai: dict[str, Agent] = {p.value: BaselineAI() for p in Player}
        self.last_human: str | None = None
        self.save_path = save_path
        self.own_files: set[Path] = {save_path} if save_path is not None else set()
        self.combat_note = ""  # how a loaded game's combat was chosen (combat_choice)
        self.data_note = ""  # the load notification on the save's --data folders (other_data_note, R-UI-111)
        self.commanders_added: list[Player] = []  # the human players of a loaded game made commanders (R-UI-98)
        self.error: EngineError | None = None
        self.lock = threading.Lock()
        campaign.keep_undo = True
        clock.keep_checkpoints = True  # from the next decision on, if the caller's clock did not

    def seat(self) -> Player | None:
        """Whose eyes the board is drawn for (R-VIEW-05): the human deciding now, else the last human seated (or
        the only human), else nobody (an all-AI watch: the observer, who sees what every player sees)."""
        decision = self.clock.decision
        if decision is not None and decision.player.value in self.humans:
            return decision.player
        if self.last_human is not None:
            return Player(self.last_human)
        return Player(next(iter(self.humans))) if len(self.humans) == 1 else None

    def view(self) -> CampaignView:
        """The seated player's view of the game (:func:`strategic.views.observe`), for what the app shows of the
        units.  A clock made without checkpoints keeps no state of the decision's start: at its first decision
        the game as it stands is shown (no order of it has been given yet)."""
        try:
            return observe(self.clock, self.seat(), orders=False, log=False)
        except ValueError:
            return observe(self.campaign, self.seat(), orders=False, log=False)

    # -- the seat's side of the game (tui.seat_link.SeatLink): what the campaign screen reads and does

    @property
    def data(self) -> CampaignData:
        return self.campaign.data

    def human(self, player: Player) -> bool:
        return player.value in self.humans

    def deciding(self) -> Player | None:
        """The human whose decision is open now (hot-seat: whoever it is), or ``None``."""
        decision = self.clock.decision
        return decision.player if decision is not None and self.waiting_for_human else None

    def legal_orders(self) -> list[Order]:
        player = self.deciding()
        return self.campaign.legal_orders(player.value) if player is not None else []

    def give(self, orders: list[Order]) -> Given:
        """Give ``orders`` for the deciding human, all or none (:func:`give_together`).  Raises
        :class:`EngineError` (kept in :attr:`error`); refusals are in the result."""
        player = self.deciding()
        if player is None:
            raise RuntimeError("no human decides now")
        return give_together(self.campaign, self.apply, player.value, orders)

    def advice(self) -> OrderAdvice:
        player = self.deciding()
        if player is None:
            raise RuntimeError("no human decides now")
        return CampaignAdvice(self.campaign, player.value)

    def summed_turns(self) -> list[int]:
        return summed_turns(self.campaign)

    def turn_summary(self, turn: int) -> str:
        return summary_text(self.campaign, turn)

    def waiting(self) -> str | None:
        return waiting_words(self.campaign) if self.campaign.blocked else None

    def waiting_hint(self) -> str | None:
        return waiting_hint(self.campaign)

    def log(self, since: int) -> LogLines:
        events = list(self.campaign.state.events)  # a copy: the AI worker may be adding to the log
        reset = since > len(events)  # an undo shortened the log
        start = 0 if reset else since
        lines = tuple(log_line(e) for e in events[start:] if not isinstance(e, OrderGiven | DiceRolled))
        return LogLines(len(events), lines, reset)

    def undo(self) -> bool:
        """Take back the last order of the open decision (:meth:`Campaign.undo`: state and dice)."""
        return self.campaign.undo()

    def over(self) -> bool:
        return self.campaign.state.winner is not None or self.clock.finished

    def game_facts(self) -> GameFacts:
        state = self.campaign.state
        return GameFacts(state.seed, tuple(chosen_options(state)))

    def save(self, path: Path) -> None:
        """Write the whole campaign to ``path`` (:func:`strategic.saves.save`).  A remote link cannot: it holds no
        campaign; it would send a ``save`` message and the server would write its own save beside its autosave
        (R-VIEW-33)."""
        save(self.campaign, path)

    def odds(self, progress: Callable[[str, int, int], None], cancelled: Callable[[], bool]) -> list[str] | None:
        """The odds advisor over the whole campaign (:func:`strategic.odds.battle_odds`: the game's combat, in
        worker processes for tactical runs, R-PERF-01).  A remote link cannot simulate what its seat does not
        see: the server would run them and send the lines (R-VIEW-34)."""
        from strategic.combat import find_battles
        from strategic.odds import battle_odds
        from strategic.odds_workers import OddsCancelled

        combat = "tactical" if self.tactical else "classic"
        campaign = self.campaign
        battles = find_battles(campaign)
        lines: list[str] = [] if battles else ["No battle would be fought with the units now at sea."]
        for battle in battles:
            resolver = make_resolver(combat)
            assert resolver is not None

            def told(done: int, total: int, area: str = battle.area) -> None:
                progress(area, done, total)

            try:
                report = battle_odds(
                    campaign, battle.area, resolver, runs=ODDS_RUNS[combat], seed=campaign.state.turn,
                    workers=min(2, os.cpu_count() or 1) if combat == "tactical" else 1,
                    progress=told, cancelled=cancelled)
            except OddsCancelled:
                return None
            lines += [*report.lines(), ""]
        return lines

    # -- the battle questions (tui.battle_link.BattleLink)

    def question(self) -> CombatQuestion | None:
        return self.campaign.state.question

    def battle_words(self) -> str:
        return waiting_name(self.campaign)

    def on_table(self, battle: str) -> bool:
        return self.campaign.on_table(battle)

    def chose_before(self, question: CombatQuestion) -> bool:
        state = self.campaign.state
        side = _side_asked(question.question)
        answered = any(_side_asked(a["question"]) == side for a in state.combat_answers.get(question.battle, []))
        return answered or state.battle_choices.get(question.player) == "command"

    def choose_battle(self, how: str, *, for_the_rest: bool = False) -> None:
        self.campaign.choose_battle(how, for_the_rest=for_the_rest)

    def left_to_ai(self) -> LeftToAi:
        state = self.campaign.state
        if state.question is None:
            return LeftToAi()
        battle = state.question.battle
        return LeftToAi(dict(state.delegated_ships.get(battle, {})), dict(state.delegated_table_turns.get(battle, {})),
                        list(state.delegated_table_battles.get(battle, [])))

    def keep_left_to_ai(self, left: LeftToAi) -> None:
        """Kept in the state, so a save holds them (R-SEAT-30); an empty kind is dropped from it."""
        state = self.campaign.state
        if state.question is None:
            return
        battle = state.question.battle
        state.delegated_ships[battle] = dict(left.ships)
        state.delegated_table_turns[battle] = dict(left.turns)
        state.delegated_table_battles[battle] = list(left.whole)
        for kept in (state.delegated_ships, state.delegated_table_turns, state.delegated_table_battles):
            if not kept[battle]:
                kept.pop(battle)

    def delegate_battle(self, *, whole_turn: bool = False) -> None:
        self.campaign.delegate_battle(whole_turn=whole_turn)

    def live_answers(self) -> list[TacticalEntry]:
        return list(self.campaign.live_answers)

    def battle_result(self, battle: str, turn: int) -> str | None:
        state = self.campaign.state
        if turn == state.turn and battle in state.pending_battles:
            return None
        return battle_result(state.events, turn, battle.split(":", 1)[-1])

    @property
    def waiting_for_human(self) -> bool:
        d = self.clock.decision
        return self.error is None and d is not None and d.player.value in self.humans

    @property
    def tactical(self) -> bool:
        """Whether battles are fought on the tactical table (and kept for the viewer)."""
        return isinstance(self.campaign.resolver, TacticalResolver)

    def battles(self) -> list[TacticalBattle]:
        """The tactical battles still kept (this turn's and the previous turn's), in the order fought."""
        resolver = self.campaign.resolver
        return list(resolver.battles) if isinstance(resolver, TacticalResolver) else []

    def saved_to(self, path: Path) -> None:
        """The player saved the game to ``path``: autosaves go beside it from now on, and never over it."""
        self.save_path = path
        self.own_files.add(path)

    def autosave_target(self) -> Path:
        return autosave_target(self.save_path, self.own_files)

    def failed(self, error: EngineError) -> EngineError:
        """Record the engine failure that stops the game.  One raised outside the clock (an AI's or an order's) ends
        the clock too: it is kept in ``clock.error``, so the last good state is the clock's checkpoint."""
        self.error = error
        if self.clock.error is None or not error.rewound:
            self.clock.error = error
        return error

    def last_good_text(self) -> str | None:
        """The save text of the last good state after :attr:`error` (:func:`strategic.saves.last_good_text`): the
        campaign itself after a failed battle (rewound), else the checkpoint of the last decision, else ``None``."""
        return last_good_text(self.campaign, self.clock)

    def end_decision(self) -> None:
        """End the current decision (battles may be fought), then drop tactical battles older than
        :data:`KEEP_BATTLE_TURNS` turns.  Raises :class:`EngineError` (kept in :attr:`error`)."""
        try:
            self.clock.end_decision()
        except EngineError as exc:
            raise self.failed(exc) from exc
        finally:
            resolver = self.campaign.resolver
            if isinstance(resolver, TacticalResolver):
                oldest = self.campaign.state.turn - KEEP_BATTLE_TURNS + 1
                resolver.battles[:] = [b for b in resolver.battles if b.turn >= oldest]

    def apply(self, player: str, order: Order) -> list[Event]:
        """Give ``order`` for ``player``.  Raises :class:`IllegalOrder`; any other failure of the engine is raised
        as an :class:`EngineError` naming the order (kept in :attr:`error`)."""
        try:
            return self.campaign.apply(player, order)
        except IllegalOrder:
            raise
        except Exception as exc:
            state = self.campaign.state
            raise self.failed(EngineError(state.turn, state.phase.value, exc,
                                          who=f"the {player_name(Player(player))} order '{describe(order)}'")) from exc

    def run_ai_until_human(self, progress=None) -> None:  # type: ignore[no-untyped-def]
        """Play AI decisions until a human must decide, the game ends, or a battle blocks it (worker thread).
        ``progress(player, phase)`` is called before each AI decision.  An AI that raises, or the engine failing,
        raises :class:`EngineError` (kept in :attr:`error`)."""
        clock, campaign = self.clock, self.campaign
        with self.lock:
            self.answer_for_ai_players()
            while (self.error is None and clock.decision is not None and not self.waiting_for_human
                   and not campaign.blocked):
                decision = clock.decision
                player = decision.player.value
                if progress is not None:
                    progress(player, decision.phase)
                try:
                    with campaign.without_undo():  # an AI's orders are never taken back (issue 18)
                        give_orders(campaign, player, list(self.ai[player].orders(campaign, player)))
                except Exception as exc:  # issue 13 item 1: a broken AI stops the game with a message
                    error = exc if isinstance(exc, EngineError) else EngineError(
                        decision.turn, decision.phase.value, exc, who=f"the {player_name(Player(player))} AI deciding")
                    raise self.failed(error) from exc
                self.end_decision()
                self.answer_for_ai_players()

    def combat_question(self) -> AnswerNeeded | None:
        """The classic-combat question waiting for a human player (issue #15), with its brief, or ``None``."""
        asked = self.campaign.state.question
        if self.error is not None or asked is None or asked.player.value not in self.humans:
            return None
        return self.campaign.asked

    def answer_combat(self, answer: object) -> str | None:
        """Give the waiting question ``answer``: ``None`` if taken, else the refusal (its shape, or the rule)."""
        try:
            self.campaign.answer_combat(answer)
        except (RulesError, InputError, InvalidOrder) as exc:
            return str(exc)
        return None

    def fight_live(self, ask: LiveAsk) -> list[TacticalEntry]:
        """Fight the battle waiting for a human player on the table, ``ask`` answering (the command screen's
        thread, issue #16): the answers given (:meth:`Campaign.fight_live`)."""
        with self.lock:
            return self.campaign.fight_live(lambda q, battle, advice, player: ask(q, battle, advice,
                                                                                  player_name(player)))

    def hand_in(self, answers: list[TacticalEntry]) -> str | None:
        """Give the battle waiting the answers of a live run (:meth:`Campaign.answer_tactical`): ``None`` if they
        stand, else the refusal."""
        self.campaign.live_answers = []  # handed in once
        if not answers or self.campaign.state.question is None:
            return None
        try:
            self.campaign.answer_tactical(answers)
        except (RulesError, InputError, InvalidOrder) as exc:
            return str(exc)
        return None

    def go_on_fighting(self) -> None:
        """After an answer (or a battle left to the AI): fight on to the next question, decision or end (worker
        thread).  Raises :class:`EngineError` (kept in :attr:`error`)."""
        with self.lock:
            try:
                self.clock.retry()
            except EngineError as exc:
                raise self.failed(exc) from exc

    def answer_for_ai_players(self) -> None:
        """A question waiting for a player who is not human in this session (a save made with other humans): the
        AI's answer is given (its brief's suggestion) and the battle fought on."""
        while (self.error is None and self.campaign.state.question is not None
               and self.campaign.state.question.player.value not in self.humans
               and (self.campaign.asked is not None or self.campaign.state.question.engine == "tactical")):
            asked = self.campaign.asked
            if self.campaign.state.question.engine == "tactical" or asked is None:
                self.campaign.delegate_battle()  # the AI commands his side on the table
            else:
                self.campaign.answer_combat(asked.brief.suggestion)
            try:
                self.clock.retry()
            except EngineError as exc:
                raise self.failed(exc) from exc

    def go_on_by_classic(self) -> None:
        """After a failed battle (:class:`BattleError`): have that battle fought by the classic rules and go on with a
        new clock on the same campaign (the old one is finished).  Raises :class:`EngineError` if the game fails
        again (kept in :attr:`error`; the old clock's checkpoint stays the last good state)."""
        error = self.error
        if not isinstance(error, BattleError):
            raise RuntimeError("only a failed battle can be fought by the classic rules")
        with self.lock:
            pending = self.campaign.state.pending_battles
            area = error.area if error.area in pending else pending[0]  # a surprise attack's entry names no area
            self.campaign.fight_classic(area)
            self.error = None
            try:
                self.clock = Clock(self.campaign, resume=True, checkpoints=True)
            except EngineError as exc:
                raise self.failed(exc) from exc

    def save_after_crash(self, data: CampaignData, crash: BaseException | None) -> tuple[Path, str] | None:
        """After a crash of the app (``crash``, ``None`` if unknown): the game in progress (not over) written beside
        the player's save, and a note when only the last checkpoint could be saved (a state that does not load back
        into ``data``).  ``None`` when the game is over.  Raises ``OSError`` when nothing could be written.  The
        host's own (R-VIEW-33): a remote seat's crash loses nothing, the server keeps the game."""
        if self.campaign.state.winner is not None:
            return None
        acquired = self.lock.acquire(timeout=60)  # the AI worker ends at a human decision
        try:
            if self.campaign.live_ask is None:  # a battle on the table stopped by the crash: keep its answers
                self.hand_in(list(self.campaign.live_answers))
            target = self.autosave_target()
            written, _ = write_autosave(save_text(self.campaign), target, self.own_files)
            try:
                load_state(written, data)
            except SaveError:
                state = self.campaign.state
                if self.clock.error is None:
                    self.clock.error = EngineError(state.turn, state.phase.value, crash or RuntimeError())
                text = last_good_text(self.campaign, self.clock)
                if text is None:
                    return written, " (it may not load: the app failed in the middle of a change)"
                written, _ = write_autosave(text, target, self.own_files)
                return written, f" (the last good state, {state_moment(text)}: the start of the last decision)"
            return written, ""
        finally:
            if acquired:
                self.lock.release()

    def opened_text(self) -> str:
        """How a loaded game is fought: its combat, how it was chosen, who commands his battles (the host's
        notification on loading)."""
        return (f"{self.campaign.state.combat} combat ({self.combat_note}); "
                f"{commanders_text(self.campaign, self.commanders_added)}"
                + (f"; {self.data_note}" if self.data_note else ""))


# --------------------------------------------------------------------------- start


def other_data_note(saved: list[str], data: CampaignData) -> str:
    """What the load notification says of the ``--data`` folders: the save's, or that it is opened on other data
    (the start screen's load: the session's data is fixed; ``vas play --load`` itself takes the save's, R-UI-111)."""
    if saved == data_folders(data):
        return f"data: {', '.join(saved)} (as saved)" if saved else ""
    now = ", ".join(data_folders(data)) or "the bundled data"
    return (f"saved on --data {', '.join(saved) or 'none'}, played on {now} (vas play --load FILE alone uses the "
            "save's)")


def commanders_text(campaign: Campaign, added: Iterable[Player] = ()) -> str:
    """Who commands his own battles in a loaded game: the save's commanders and the human players ``added`` to them
    by the start screen's switch (R-UI-98)."""
    commanders, added = campaign.state.battle_commanders, set(added)
    saved = {p.value for p in commanders if p not in added}
    new = {p.value for p in added}
    if not commanders:
        return "the AI commands every battle, as saved"
    if not new:
        return f"commanding their own battles as saved: {players_text(saved)}"
    if not saved:
        return f"commanding their own battles from now on: {players_text(new)}"
    return f"commanding their own battles: {players_text(saved)} as saved, {players_text(new)} from now on"


def take_command(campaign: Campaign, humans: set[str]) -> list[Player]:
    """R-UI-98: the human players of a loaded game command their own battles from now on (added to the save's
    commanders, none removed: a battle question the save waits on stays its commander's); the players added.  A
    player who chose in the save to leave every battle to the AI keeps that choice (``battle_choices``)."""
    added = [Player(h) for h in humans if Player(h) not in campaign.state.battle_commanders]
    campaign.state.battle_commanders = sorted([*campaign.state.battle_commanders, *added], key=list(Player).index)
    return sorted(added, key=list(Player).index)


class StartScreen(Screen[None]):
    """New campaign, load a save, or the order of appearance.

    The set-up list has the focus on mount.  An empty seed is 1 (its placeholder); anything but a whole number of 0
    or more is refused with a message (:func:`parse_seed`).  The human/AI switches count for a new game and for a
    loaded one; the load section names the players that will be human.  A new game's combat and a loaded one's are
    chosen apart: a loaded game is fought as saved unless another combat is chosen (:data:`LOAD_COMBATS`)."""

    BINDINGS = [Binding("q", "app.quit", "Quit")]

    PREPARING = "Preparing the game…"
    """Said beside the Start button from the press until the campaign screen shows (R-UI-94)."""

    def __init__(self) -> None:
        super().__init__()
        self.preparing = False  # a new game is being prepared: Start (or Load) pressed again is ignored (R-UI-94)

    def compose(self) -> ComposeResult:
        data: CampaignData = self.app.data  # type: ignore[attr-defined]
        yield GameHeader(show_clock=False)
        with VerticalScroll(id="start"):
            yield Static(Text("Victory at Sea — the global naval war, 1939-1945", style="bold"), id="title")
            yield Label("Set-up")
            yield Select([(data.setups[s].title, s) for s in SUPPORTED_SETUPS if s in data.setups],
                         value="standard", allow_blank=False, id="setup")
            yield Label("Seed (a whole number; empty: 1)")
            yield Input(placeholder="1", id="seed")
            yield Label("Human players (the others are played by the baseline AI)")
            for player in Player:
                with Horizontal(classes="player-row"):
                    yield Switch(value=player is Player.ALLIES, id=f"human-{player.value}")
                    yield Label(self.player_text(player, player is Player.ALLIES), id=f"human-label-{player.value}")
            yield Label("Combat of a new game")
            yield Select([(text, name) for name, text in COMBATS.items()], value="tactical", allow_blank=False,
                         id="combat")
            with Horizontal(classes="player-row"):
                yield Switch(value=True, id="command-battles")
                yield Label(self.command_text(True), id="command-battles-label")
            yield RuleOptionsChoice(self.app.preset_options, id="rule-options")  # type: ignore[attr-defined]
            yield Label("POC bid: THEATRE=N, POC in 0.5 steps the Allies start with (negative: the Axis); empty: none")
            yield Input(value=" ".join(self.app.preset_bid), placeholder="none (e.g. VITP=1.5 WAS=-0.5)",  # type: ignore[attr-defined]
                        id="bid")
            with Horizontal(id="start-row"):
                yield Button("Start campaign", id="start-game", variant="primary")
                yield LoadingIndicator(id="start-busy")
                yield Static("", id="start-status")
            yield Label("Load a saved game (with the human players chosen above)")
            yield Static(self.load_humans_text(), id="load-humans")
            yield Label("Combat of the loaded game")
            yield Select([(text, name) for name, text in LOAD_COMBATS.items()], value="saved", allow_blank=False,
                         id="load-combat")
            yield Input(placeholder="path/to/save.json", id="load-path")
            yield Button("Load", id="load-game")
            yield Button("Order of appearance", id="oob-button")
            yield Label("A single tactical battle (Victory at Sea miniatures rules)")
            with Horizontal(classes="player-row"):
                yield Select([(name, name) for name in DEMOS], value=next(iter(DEMOS)), allow_blank=False,
                             id="demo")
                yield Button("Fight and watch", id="fight")
            yield Static("", id="start-message")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#setup", Select).focus()  # the first control: Tab goes on from there

    def humans(self) -> set[str]:
        """The players switched to human."""
        if not self.is_mounted:
            return set(DEFAULT_HUMANS)
        return {p.value for p in Player if self.query_one(f"#human-{p.value}", Switch).value}

    def load_humans_text(self) -> Text:
        """The load section's line naming the human players of a loaded game."""
        humans = self.humans()
        others = "the others are played by the AI" if humans else "the AI plays all four"
        return Text(f"Human in the loaded game: {players_text(humans) if humans else 'none'}; {others}.",
                    style="italic")

    @staticmethod
    def player_text(player: Player, human: bool) -> Text:
        """A player's line beside his switch, saying in words what the switch's colour shows (R-UI-105)."""
        return Text.assemble(PLAYER_NAMES[player], " — ", ("human", "bold") if human else "AI")

    @staticmethod
    def command_text(on: bool) -> Text:
        """The line beside the commanders' switch, in words as the players' lines are (R-UI-105, R-UI-107)."""
        if on:
            return Text.assemble("Battles of human players — ", ("they command them", "bold"),
                                 " (a loaded game: added to its commanders)")
        return Text.assemble("Battles of human players — ", ("the AI commands them", "bold"),
                             " (a loaded game keeps its commanders)")

    @on(Switch.Changed, "#command-battles")
    def _command_changed(self, event: Switch.Changed) -> None:
        self.query_one("#command-battles-label", Label).update(self.command_text(event.value))

    @on(Switch.Changed)
    def _humans_changed(self, event: Switch.Changed) -> None:
        for player in Player:
            if event.switch.id == f"human-{player.value}":
                self.query_one(f"#human-label-{player.value}", Label).update(self.player_text(player, event.value))
        self.query_one("#load-humans", Static).update(self.load_humans_text())

    def _error(self, message: str) -> None:
        """A refusal, at the foot of the screen and as a notification (the foot may be scrolled out of view)."""
        self.query_one("#start-message", Static).update(Text(message, style="bold red"))
        self.notify(message, severity="error", timeout=8)

    @on(Button.Pressed, "#start-game")
    @on(Input.Submitted, "#seed")
    @on(Input.Submitted, "#bid")
    def start_game(self) -> None:
        """Start the new game: the button, or Enter in the seed or the bid field (R-UI-90).  The game is prepared
        once the screen has shown that it is (R-UI-94: it may take seconds), and pressed again meanwhile nothing
        more happens."""
        if self.app.screen is not self or self.preparing:  # pressed twice: the first press opens the game (R-UI-52)
            return
        try:
            seed = parse_seed(self.query_one("#seed", Input).value)
        except ValueError as exc:
            self._error(str(exc))
            self.query_one("#seed", Input).focus()
            return
        setup = str(self.query_one("#setup", Select).value)
        combat = str(self.query_one("#combat", Select).value)
        command = self.query_one("#command-battles", Switch).value
        options = self.query_one("#rule-options", RuleOptionsChoice).chosen()
        try:
            split_options(options, setup)
        except UnknownOption as exc:
            self._error(str(exc))
            self.query_one("#rule-options", RuleOptionsChoice).focus()
            return
        try:
            bid = bids(self.query_one("#bid", Input).value.replace(",", " ").split(),
                       self.app.data.setups[setup].theatres)  # type: ignore[attr-defined]
        except BadBid as exc:
            self._error(str(exc))
            self.query_one("#bid", Input).focus()
            return
        self._preparing(True)
        humans = self.humans()

        def start() -> None:
            try:
                self.app.start_new(setup, seed, humans, combat, command=command,  # type: ignore[attr-defined]
                                   options=options, bid=bid)
            finally:
                self._preparing(False)  # the campaign screen is shown (or the engine error over this screen)

        # the screen shows that it is preparing (a frame or two drawn) before the work holds it up
        self.call_after_refresh(self.set_timer, 0.1, start)

    def _preparing(self, on: bool) -> None:
        """R-UI-94: the Start button disabled, the busy indicator and "Preparing the game…" beside it, or not."""
        self.preparing = on
        self.query_one("#start-game", Button).disabled = on
        self.query_one("#start-busy", LoadingIndicator).display = on
        self.query_one("#start-status", Static).update(Text(self.PREPARING if on else "", style="bold italic"))
        if on:
            self.query_one("#start-message", Static).update("")  # an earlier refusal no longer holds
            self.query_one("#start-row").scroll_visible(animate=False)  # Enter in the seed field: the row may be below

    @on(Button.Pressed, "#load-game")
    @on(Input.Submitted, "#load-path")
    def load_game(self) -> None:
        if self.app.screen is not self or self.preparing:  # Enter and Load at once: the first opened the game (R-UI-52)
            return
        path = self.query_one("#load-path", Input).value.strip()
        chosen = str(self.query_one("#load-combat", Select).value)
        combat = None if chosen == "saved" else chosen
        self.app.command_loaded = self.query_one("#command-battles", Switch).value  # type: ignore[attr-defined]
        message = (self.app.load_game(Path(path).expanduser(), self.humans(),  # type: ignore[attr-defined]
                                      combat=combat) if path else "give the path of a save")
        if message:
            self._error(message)

    @on(Button.Pressed, "#oob-button")
    def show_oob(self) -> None:
        self.app.push_screen(OobScreen())

    @on(Button.Pressed, "#fight")
    def fight(self) -> None:
        demo = str(self.query_one("#demo", Select).value)
        try:
            seed = parse_seed(self.query_one("#seed", Input).value)
        except ValueError as exc:
            self._error(str(exc))
            return
        self.query_one("#start-message", Static).update(Text(f"Fighting {demo}…", style="italic"))
        self.fight_demo(demo, seed)

    @work(thread=True, exclusive=True, group="battle")
    def fight_demo(self, demo: str, seed: int) -> None:
        from tactical import demo_spec, resolve

        report = resolve(demo_spec(demo, seed, self.app.data))  # type: ignore[attr-defined]
        self.app.call_from_thread(self.app.push_screen, BattleViewerScreen(report.to_json()))


# --------------------------------------------------------------------------- campaign


ODDS_RUNS = {"classic": 300, "tactical": 20}
"""The odds tab's runs per battle: a few seconds on two cores (R-PERF-03)."""


class CampaignScreen(Screen[None]):
    """The campaign: phase bar, map, and tabs for orders, units, log, battles, odds and POC.

    The header names the seed and set-up, and so does the log's first line (with the combat, the human players and
    the turn a save was loaded at).  The letter keys are screen bindings: no list or table of the screen binds a
    letter, so they work whatever list has the focus (only a text line takes letters as text; Escape leaves it)."""

    BINDINGS = [
        Binding("e", "end_phase", "End phase"),
        Binding("u", "undo", "Undo"),
        Binding("s", "save", "Save"),
        Binding("o", "oob", "Appearance", tooltip="The order of appearance"),
        Binding("d", "odds", "Odds", tooltip="Odds of the coming battles"),
        Binding("b", "battles", "Battles"),
        Binding("r", "turn_summary", "Summary", tooltip="The summary (report) of the last turn played"),
        Binding("l", "rule", "Rule", tooltip="Our summary of the rule the latest message (or the phase bar) cites"),
        Binding("i", "unit_details", "Unit", tooltip="The highlighted unit's details (issue #17)"),
        Binding("slash", "type_order", "Type"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit_game", "Quit"),
        Binding("escape", "leave_input", "Back to the list", show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._orders: list[Order] = []
        self._listing_moment: tuple[int, str, str] | None = None  # the decision the order list was last filled for
        self._logged = 0
        self._battles: list[TacticalBattle] = []
        self._battles_shown: list[tuple[int, str]] | None = None
        self._battles_seen: set[tuple[int, str]] = set()
        self._commanded: tuple[str, int] | None = None  # the battle (and turn) a human commanded, until its result
        self._chosen: set[tuple[str, int, str]] = set()  # battle, turn, player: chose how it is fought (this session)
        self._refusal: str | None = None  # why the command screen's last answer was refused, shown when it reopens
        self._retype = ""  # that answer as typed, given back to be put right
        self._after_command = ""  # save or quit, once the answers of a stopped battle are handed in
        self._last_result = ("", 0)  # the last commanded battle's result and turn, for the next battle's dialog
        self.summaries = TurnSummaries(last_summed_turn(session))  # issue #17: one summary a turn
        self._map_orders: list[Order] = []  # the seated human's legal orders, for the map's selected place
        self._last_message = ""  # the latest message, whose rules ``l`` opens (issue 17, the rule lookup)
        self._given = OrderGroups()  # the orders given together, taken back together (R-UI-43)
        self._legal = Legal()  # the same orders as the typed line reads and completes them (R-UI-51)
        self._follow = AiFollow()  # the moment last drawn while the AI plays (R-UI-46)
        # is shown

    def compose(self) -> ComposeResult:
        yield GameHeader(show_clock=False)
        yield Static(id="phase-bar")
        with Horizontal(id="main"):
            yield BoardPane(id="board")
            with TabbedContent(id="tabs", initial="tab-orders"):
                with TabPane("Orders", id="tab-orders"):
                    yield Static(id="decision")
                    yield LoadingIndicator(id="ai-busy")
                    yield OrderFilter(placeholder="filter orders by unit or place", id="order-filter",
                                      list_selector="#orders")
                    yield OrderPicker(id="order-picker", type_into="#order-input")  # its list is #orders (#17)
                    yield Input(placeholder=f"/ to type an order: {GRAMMAR}", id="order-input",
                                select_on_focus=False,  # a letter typed in the order list is kept (#17)
                                suggester=LegalOrderSuggester(self.seat.data, lambda: self._legal))
                    yield Static(id="order-message")
                    with Horizontal(id="order-buttons"):
                        yield Button("Undo (u)", id="undo")
                        yield Button("End phase (e)", id="end-phase", variant="primary")
                with TabPane("Units", id="tab-units"):
                    yield Input(placeholder="filter units", id="unit-filter")
                    yield DataTable(id="units", zebra_stripes=True, cursor_type="row")  # Enter: the unit's details
                with TabPane("Log", id="tab-log"):
                    yield CampaignLog(id="log")  # rewraps to its width (issue #17)
                with TabPane("Battles", id="tab-battles"):
                    yield Static(id="battles-text")
                    yield OptionList(id="battles")
                with TabPane("Odds", id="tab-odds"), VerticalScroll(id="odds-scroll"):
                    yield Static(self.odds_prompt(), id="odds-text")
                with TabPane("POC", id="tab-poc"):
                    yield Static(id="poc-text")
                    yield PlotextPlot(id="poc-plot")
        yield Footer(compact=True, show_command_palette=False)  # every key shows at 100 columns

    def on_mount(self) -> None:
        table = self.query_one("#units", DataTable)
        table.add_columns("Unit", "Nation", "Type", "Counter", "Status", "Place", "Damage", "Orders from")
        self.sub_title = f"seed {self.seat.game_facts().seed} · {self.setup_title()}"
        self.refresh_all()
        self.query_one("#orders", OptionList).focus()  # letters are commands; / types an order
        self.continue_game()

    # -- flow
    def continue_game(self) -> None:
        """Hand over to the next human, or let the AI play until a human must decide.  A hand-over already shown
        for the same player is not shown twice."""
        session = self.session
        asked = self.seat.combat_question()
        if asked is not None:
            self.ask_combat(asked)
            return
        if session.error is not None or session.clock.finished or self.seat.waiting() is not None:
            self.refresh_all()
            return
        if session.waiting_for_human:
            player = session.clock.decision.player.value  # type: ignore[union-attr]
            if len(session.humans) > 1 and session.last_human not in (None, player):
                if not any(isinstance(s, HandOverScreen) and s.player == player for s in self.app.screen_stack):
                    self._hand_over(player, lambda: self._human_ready(player))
            else:
                self._human_ready(player)
            return
        self._busy(True)
        self.run_ai()

    def ask_combat(self, asked: AnswerNeeded) -> None:
        """A classic-combat question for a human (issue #15): hand over first in hot-seat play (the other side's
        sealed declarations stay hidden), then :class:`CombatScreen`."""
        self.refresh_all()
        player = asked.player
        if any(isinstance(s, CombatScreen) for s in self.app.screen_stack):
            return
        if len(self.session.humans) > 1 and self.session.last_human not in (None, player):
            if not any(isinstance(s, HandOverScreen) for s in self.app.screen_stack):
                self._hand_over(player, lambda: self._show_combat(asked))
            return
        self._show_combat(asked)

    def _hand_over(self, player: str, then: Callable[[], None]) -> None:
        """Hot-seat: hide the board and the tabs behind :class:`HandOverScreen` (nothing of the previous player's
        orders shows around the dialog, issue #17); shown again for ``player``, then ``then``.  The order message
        stays (after a battle it says what became of the units, for both players)."""
        self.query_one("#main").display = False

        def ready(_: None) -> None:
            self.query_one("#main").display = True
            self._show_orders()  # the new player starts at his order list
            then()

        self.app.push_screen(HandOverScreen(player), ready)

    def _show_combat(self, asked: AnswerNeeded) -> None:
        self.session.last_human = asked.player
        question, turn = self.seat.question(), self.seat.view().turn
        self._commanded = (question.battle, turn) if question is not None \
            and not is_order_entry(question.battle) else None  # a battle order has no result of its own
        if self._commanded is not None and question is not None and self._first_question(question, turn):
            (last, last_turn), self._last_result = self._last_result, ("", 0)
            last = last if last_turn == turn else ""  # a battle of an earlier turn is in its summary
            on_table = self.seat.on_table(question.battle)
            if last:  # the dialog tells the last battle's result: its notifications would only cover the dialog
                self.app.call_later(self.app.clear_notifications)  # after the notifications already posted
            self.app.push_screen(BattleChoiceScreen(player_name(Player(asked.player)), question,
                                                    self.session.tactical, last, self._battle_words(), on_table),
                                 self._battle_chosen)
            return
        self._command_or_answer(asked)

    def _first_question(self, question: CombatQuestion, turn: int) -> bool:
        """Whether this is the player's first question of the battle (the choice of how it is fought comes first),
        or the first since the game was opened (``turn``: the turn it is asked in)."""
        key = (question.battle, turn, question.player.value)
        if key in self._chosen or self.seat.chose_before(question):
            return False  # asked at the player's first question of the battle, not when it reopens
        self._chosen.add(key)
        return True

    def _battle_words(self) -> str:
        """``Air raid in South Atlantic on England``: the battle waiting for the player (R-SUM-11)."""
        return self.seat.battle_words()

    def _battle_chosen(self, chosen: tuple[str, bool] | None) -> None:
        """The player's choice for the battle, and whether for the rest of the game (:class:`BattleChoiceScreen`)."""
        how, for_the_rest = chosen or ("command", False)
        if how != "command" or for_the_rest:
            self.seat.choose_battle(how, for_the_rest=for_the_rest)
        if how != "command":
            self._answered()
            return
        asked = self.seat.combat_question()
        assert asked is not None
        self._command_or_answer(asked)

    def _command_or_answer(self, asked: AnswerNeeded) -> None:
        if isinstance(asked.question, TacticalQuestion):
            assert self.seat.question() is not None
            title = self._battle_words()
            kept = self.seat.left_to_ai()
            left = {player_name(p): names for p, names in kept.ships.items()}
            turns = {player_name(p): t for p, t in kept.turns.items()}
            whole = [player_name(p) for p in kept.whole]
            self.app.push_screen(CommandScreen(self.seat.fight_live, title, self._refusal, ships_left=left,
                                               turns_left=turns, battle_left=whole, retype=self._retype),
                                 self._commanded_done)
            self._refusal, self._retype = None, ""
            return
        if self.seat.question() is not None and Player(asked.player) in self.seat.left_to_ai().whole:
            self.seat.delegate_battle()  # he left the battle on the table to the AI: its last steps too
            self._answered()
            return
        screen = question_screen(asked.player, asked.question, asked.brief, submit=self.seat.answer_combat,
                                 save=self.action_save,
                                 delegate=lambda whole: self.seat.delegate_battle(whole_turn=whole))
        self.app.push_screen(screen, lambda _: self._answered())

    def _battle_over(self) -> None:
        """After a battle the player commanded: what became of its units, as a notification and in the Orders
        tab's message (the battle's account is in the Log tab)."""
        if self._commanded is None:
            return
        entry, turn = self._commanded
        text = self.seat.battle_result(entry, turn)
        if text is None:
            return
        self._commanded = None  # the game may have gone on to the next turn before a human is asked again
        self._message(text, ok=True)
        self.notify(text, title="Battle", timeout=12)
        self._last_result = (text, turn)  # shown again by the next battle's dialog, which would hide the notification

    def _answered(self) -> None:
        self._busy(True, "The battle goes on…")
        self.run_ai(answered=True)

    def _commanded_done(self, outcome: Outcome | None) -> None:
        """After the command screen: the answers given are handed in and the game goes on from them (to the
        battle's end, or back to the question the player stopped at); a refused answer is dropped and the same
        question asked again with the refusal shown.  A battle that cannot go on from the answers (they no longer
        fit it) is left to the AI, said in the message."""
        if outcome is None:
            return
        answers = self.seat.live_answers()
        by_name = {player_name(p): p for p in Player}  # the command screen names the players as shown
        self.seat.keep_left_to_ai(LeftToAi(  # they stay so when the battle reopens (a save)
            {by_name[p]: v for p, v in outcome.ships_left.items() if p in by_name},
            {by_name[p]: v for p, v in outcome.turns_left.items() if p in by_name},
            [by_name[p] for p in outcome.battle_left if p in by_name]))
        if outcome.kind == "refused":
            answers = answers[:-1]  # the refused answer is the last given
            self._refusal, self._retype = outcome.refusal, outcome.typed
        refused = self.seat.hand_in(answers)
        if refused is not None or outcome.kind == "failed":  # never a loop of screens: the AI fights on
            why = refused or outcome.refusal
            if self.seat.question() is not None:
                self.seat.delegate_battle()
            self._message(f"the battle could not go on from your orders ({why}): the AI commands the rest of it",
                          ok=False)
            self.notify(str(why), title="Battle", severity="error", timeout=12)
        self._after_command = outcome.then
        self._answered()

    def _busy(self, on: bool, text: str = "AI players are deciding…") -> None:
        """Show or hide the busy indicator of the AI worker (while it works no human gives orders, R-UI-93)."""
        self.query_one("#ai-busy", LoadingIndicator).display = on
        if on:
            self.query_one("#decision", Static).update(Text(text, style="bold italic"))
            self._order_controls(IDLE_HINT)

    def _order_controls(self, idle: str | None) -> None:
        """R-UI-93: while no human can give orders (``idle``: the order line's hint saying why) the Undo and End
        phase buttons are disabled (their keys still say why); else they are enabled."""
        for button in self.query("#order-buttons Button"):
            button.disabled = idle is not None
        if idle is not None:
            self.query_one("#order-input", Input).placeholder = idle

    def _ai_progress(self, player: str, phase: Phase) -> None:
        who = PLAYER_NAMES[Player(player)].split(" (")[0]
        self.app.call_from_thread(self._follow_ai, f"AI players are deciding: {who}, {phase.value} phase…")

    @while_attached
    def _follow_ai(self, text: str) -> None:
        """Between two AI decisions (the worker waits): the busy line, and at a new phase or turn the phase bar, map,
        log and POC; an all-AI game offers each finished turn's summary (R-UI-46, :mod:`tui.ai_follow`)."""
        self._busy(True, text)
        view = self.seat.view()
        if not self._follow.moved(view):
            return
        self.query_one("#phase-bar", Static).update(link_citations(self.phase_bar(view)))
        self.query_one(BoardPane).show(self.seat.data, view, [])
        self.refresh_log()
        self.refresh_poc(view)
        turn = None if self.session.humans else self.summaries.due(self.seat)
        if turn is not None:
            self.notify(turn_over_text(turn), title="Turn summary", timeout=8)

    def _human_ready(self, player: str) -> None:
        self.session.last_human = player
        self.refresh_all()

    @work(thread=True, exclusive=True, group="ai")
    def run_ai(self, go_on: bool = False, answered: bool = False) -> None:
        """The AI worker: (after a failed battle, with ``go_on``, that battle by the classic rules and a new clock;
        after a combat answer, with ``answered``, the battle fought on; then) the AI's decisions until a human's;
        an engine failure opens :class:`EngineErrorScreen`."""
        try:
            if go_on:
                self.session.go_on_by_classic()
            if answered:
                self.session.go_on_fighting()
            self.session.run_ai_until_human(self._ai_progress)
        except EngineError as exc:
            self.app.call_from_thread(self.engine_failed, exc)
            return
        self.app.call_from_thread(self._after_ai)

    @while_attached
    def engine_failed(self, error: EngineError) -> None:
        """The engine failed (issue 13 item 1): the screen shows the stopped game, the last good state is written
        beside the player's save and :class:`EngineErrorScreen` says so and offers what can be done."""
        self._busy(False)
        self.refresh_all()
        self.app.show_engine_error(  # type: ignore[attr-defined]
            error, self.session.last_good_text(), save_path=self.session.save_path,
            own=self.session.own_files, target=self.session.autosave_target(), on_choice=self._error_choice)

    def _error_choice(self, choice: str | None) -> None:
        if choice == "classic":
            area = self.session.error.area if self.session.error else None
            self._busy(True, f"Fighting the battle in {area} by the classic rules, then the game goes on…")
            self._show_orders()
            self.run_ai(go_on=True)
        elif choice == "start":
            self.app.back_to_start()  # type: ignore[attr-defined]
        else:
            self.app.exit()

    @while_attached
    def _after_ai(self) -> None:
        self._busy(False)
        self.refresh_all()
        self._battle_over()
        then, self._after_command = self._after_command, ""
        if then == "save":
            self.action_save(after=self.continue_game)
            return
        if then == "quit":
            self.action_quit_game()
            return
        if self.session.waiting_for_human or self.seat.combat_question() is not None:
            self.continue_game()

    # -- actions
    @when_mounted
    def _show_orders(self) -> None:
        """Show the Orders tab (where the order message is) with the order list focused."""
        self.query_one("#tabs", TabbedContent).active = "tab-orders"
        self.query_one("#orders", OptionList).focus()

    def no_decision_reason(self) -> str | None:
        """Why no human can give orders or end a phase now (game over, game stopped, AI deciding), or ``None``."""
        session = self.session
        if session.error is not None:
            return f"the game is stopped by an engine error: {session.error}"
        if self.seat.over():
            return "the game is over"
        waiting = self.seat.waiting()
        if waiting is not None:
            return f"the game is stopped: {waiting}"
        if not session.waiting_for_human:
            return "the AI players are deciding; wait until a human player is asked"
        return None

    @when_mounted
    def action_end_phase(self, confirmed: bool = False) -> None:
        """``e``: end the deciding human's phase (shown in the Orders tab), or say why no phase can end now.  While
        orders remain possible it asks first, saying for how many units (:func:`end_question`)."""
        self._show_orders()
        why = self.no_decision_reason()
        if why:
            self._message(f"cannot end a phase: {why}", ok=False)
            return
        decision = self.session.clock.decision
        question = None if confirmed or decision is None else end_question(
            decision.phase.value, self.seat.legal_orders())
        if question is not None:
            self.app.push_screen(ConfirmScreen(question), lambda yes: self.action_end_phase(True) if yes else None)
            return
        try:
            self.session.end_decision()
        except EngineError as exc:
            self.engine_failed(exc)
            return
        self.query_one("#order-message", Static).update("")
        self.refresh_battles()
        self.continue_game()

    @when_mounted
    def action_undo(self) -> None:
        """``u``: take back the deciding human's last order (shown in the Orders tab), or say why not."""
        self._show_orders()
        why = self.no_decision_reason()
        if why:
            self._message(f"nothing to undo: {why}", ok=False)
            return
        taken = self._given.take_back(self.seat.undo, self.session.clock.decision)
        self._message(taken_back_text(taken) if taken else "nothing to undo in this decision", ok=bool(taken))
        self.refresh_all()

    def action_save(self, after: Callable[[], None] | None = None) -> None:
        """``s``: save to a file asked for (the last one used is offered), then ``after``.  A file that cannot be
        written is named in the message and a notification, and the game goes on; replacing a file is notified."""
        session = self.session

        def done(path: str | None) -> None:
            if path:
                self.save_to(Path(path).expanduser())
            if after is not None:
                after()

        default = str(session.save_path) if session.save_path is not None else "campaign-save.json"
        self.app.push_screen(PathScreen("Save the game to", default), done)

    def save_to(self, path: Path) -> bool:
        """Save the game to ``path``; ``False`` (with a message) if it could not be written."""
        session = self.session
        if not session.lock.acquire(blocking=False):
            self._message("not saved: the AI players are deciding; save when a human player is asked", ok=False)
            return False
        try:
            if not path.parent.is_dir():  # a typo in a folder name must not make a new folder tree
                raise FileNotFoundError(f"the folder {path.parent} does not exist")
            existed = path.is_file()
            self.seat.save(path)
        except Exception as exc:  # OSError mostly: a folder that is a file, no permission, a full disk
            message = f"not saved: cannot write {path}: {path_problem(path, exc)}; the game goes on"
            self._message(message, ok=False)
            self.notify(message, title="Save failed", severity="error", timeout=10)
            return False
        finally:
            session.lock.release()
        session.saved_to(path)
        if existed:
            self._message(f"saved to {path} (it replaced the file that was there)", ok=True)
            self.notify(f"{path} already existed: this save replaced it.", title="Saved over a file",
                        severity="warning", timeout=8)
        else:
            self._message(f"saved to {path}", ok=True)
        return True

    def action_oob(self) -> None:
        self.app.push_screen(OobScreen())

    @when_mounted
    def action_type_order(self) -> None:
        self.query_one("#tabs", TabbedContent).active = "tab-orders"
        self.query_one("#order-input", Input).focus()

    def action_leave_input(self) -> None:
        """Escape in a text line: the focus goes back to its list (the unit filter: the units table; the order line
        and the order filter: the order list), so letters are commands again."""
        focused = self.focused
        if isinstance(focused, Input):
            self.query_one("#units" if focused.id == "unit-filter" else "#orders").focus()

    @when_mounted
    def action_battles(self) -> None:
        """Show the Battles tab with its list focused (Enter opens a battle in the viewer)."""
        self.query_one("#tabs", TabbedContent).active = "tab-battles"
        battles = self.query_one("#battles", OptionList)
        battles.focus()
        if battles.highlighted is None and battles.option_count:
            battles.highlighted = battles.option_count - 1  # the latest battle

    @on(TabbedContent.TabActivated, "#tabs")
    def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        """A tab clicked: the Battles tab's list (its battle highlighted) or the units table takes the focus, so
        the arrows and Enter work at once and the highlighted line shows (issue #17)."""
        pane = event.pane.id
        if pane != "tab-odds":
            self.workers.cancel_group(self, "odds")  # the odds stop when the player leaves them (issue #18)
        if pane == "tab-battles":
            self.action_battles()
        elif pane == "tab-units":
            self.query_one("#units", DataTable).focus()

    @on(OptionList.OptionSelected, "#battles")
    def open_battle(self, event: OptionList.OptionSelected) -> None:
        index = int((event.option.id or "battle--1").removeprefix("battle-"))
        if 0 <= index < len(self._battles):
            self.view_battle(self._battles[index])

    def view_battle(self, battle: TacticalBattle) -> None:
        """Open a fought battle in the battle viewer (its log: :func:`strategic.battle_logs.battle_log`)."""
        self.app.push_screen(BattleViewerScreen(battle_log(battle)))

    def action_quit_game(self) -> None:
        def done(quit_now: bool | None) -> None:
            if quit_now:
                self.app.exit()

        self.app.push_screen(ConfirmScreen("Quit? Anything since your last save (s) is lost."), done)

    def odds_note(self) -> str:
        """What the odds are: the combat of the game (the tactical battle itself in a tactical game)."""
        if self.session.tactical:
            return (f"Tactical odds: {ODDS_RUNS['tactical']} runs of each battle on the tactical table "
                    "(AI captains), 95% intervals in brackets.")
        return "Classic odds: the battles of this game are fought by the classic rules."

    def odds_prompt(self) -> str:
        """The Odds tab before ``d`` is pressed."""
        return f"{self.odds_note()}\nPress d for the odds of the battles the units now at sea would fight."

    @when_mounted
    def action_odds(self) -> None:
        """The odds advisor on every battle the current positions would bring (the game's combat: 300 classic or
        20 tactical runs, R-PERF-03), headed by :meth:`odds_note`.  The odds scroll takes the focus (the order
        list, hidden with its tab, would hand it to the order filter, which would bring the Orders tab back)."""
        self.query_one("#tabs", TabbedContent).active = "tab-odds"
        self.query_one("#odds-scroll", VerticalScroll).focus()
        self.query_one("#odds-text", Static).update(Text("Simulating…", style="italic"))
        self.compute_odds()

    @while_attached
    def _odds_progress(self, area: str, done: int, total: int) -> None:
        self.query_one("#odds-text", Static).update(Text(f"Simulating {area}: {done}/{total} runs…", style="italic"))

    @while_attached
    def _odds_shown(self, text: str) -> None:
        """The odds worker's result (dropped if the screen left the app meanwhile, R-UI-52)."""
        self.query_one("#odds-text", Static).update(text)

    @work(thread=True, exclusive=True, group="odds")
    def compute_odds(self) -> None:
        """The odds in a thread (the seat's :meth:`~tui.seat_link.SeatLink.odds`); cancelled when the player leaves
        the Odds tab or the screen (``cancelled`` is asked between runs)."""
        worker = get_current_worker()

        def told(area: str, done: int, total: int) -> None:
            self.app.call_from_thread(self._odds_progress, area, done, total)

        lines = self.seat.odds(told, lambda: worker.is_cancelled)
        if lines is not None and not worker.is_cancelled:
            self.app.call_from_thread(self._odds_shown, "\n".join([self.odds_note(), "", *lines]))

    def action_help(self) -> None:
        """``?``: the orders, the keys and the map legend in a scrolling dialog (:mod:`tui.help_screen`)."""
        self.app.push_screen(HelpScreen())

    @on(Button.Pressed, "#end-phase")
    def _end_button(self) -> None:
        self.action_end_phase()

    @on(Button.Pressed, "#undo")
    def _undo_button(self) -> None:
        self.action_undo()

    @on(OrderPicker.Chosen)
    def pick_orders(self, event: OrderPicker.Chosen) -> None:
        """Orders picked by selection (a unit or a stack); the units left out are named in the message."""
        left = "; ".join(f"left out {r.name}: {r.blocked}" for r in event.left_out)
        self.give_all(event.orders, note=left)

    @on(OrderPicker.Note)
    def _picker_note(self, event: OrderPicker.Note) -> None:
        self._message(event.text, ok=event.ok)

    @on(Input.Submitted, "#order-filter")
    def _filter_done(self) -> None:
        self.query_one("#orders", OptionList).focus()

    @on(Input.Submitted, "#order-input")
    def typed_order(self, event: Input.Submitted) -> None:
        """A typed order: given and cleared, the orders list focused again (``/`` types the next one), or refused
        with its text quoted in the message and selected in the line (the next typing replaces it; an arrow key
        keeps it for correcting)."""
        line = event.value.strip().removeprefix("/").strip()  # a / typed again to start an order is no part of it
        try:
            orders = parse_orders(self.seat.data, line, self.seat.view().phase, self._legal)
        except OrderSyntaxError as exc:
            self._message(f"refused '{line}': {exc}", ok=False)
            event.input.select_all()
            return
        if self.give_all(orders, typed=line):
            event.input.value = ""  # given: letters are commands again (e ended nothing: it was typed, R-UI-117)
            self.query_one("#orders", OptionList).focus()
        else:
            event.input.select_all()

    @on(Input.Changed, "#order-filter")
    def _filter_orders(self) -> None:
        self.refresh_orders()

    @on(Input.Changed, "#unit-filter")
    def _filter_units(self) -> None:
        self.refresh_units()

    def give(self, order: Order, typed: str | None = None) -> bool:
        """Send an order for the deciding human (:meth:`give_all`)."""
        return self.give_all([order], typed=typed)

    def give_all(self, orders: list[Order], typed: str | None = None, note: str = "") -> bool:
        """Send orders for the deciding human, all or none (:func:`give_together`); a refusal names each unit
        refused and its rule (after the ``typed`` text, quoted) and changes nothing.  ``note`` is said after."""
        session = self.session
        refused = f"refused '{typed}': " if typed else ""
        why = self.no_decision_reason()
        if why:
            self._message(f"{refused}no order now: {why}", ok=False)
            return False
        try:
            given = self.seat.give(orders)
        except EngineError as exc:
            self.engine_failed(exc)
            return False
        if not given.ok:
            self._message(f"{refused}{given.refused_text(len(orders))}", ok=False)
            return False
        self._given.given(session.clock.decision, orders)
        told = "; ".join(describe_given(e for e in given.events if not isinstance(e, OrderGiven | DiceRolled)))
        count = f"{len(orders)} orders given: " if len(orders) > 3 else ""  # a stack's account is long
        self._message(count + "; ".join(t for t in (told or "; ".join(describe(o) for o in orders), note) if t),
                      ok=True)
        self.refresh_all()
        return True

    def _message(self, text: str, *, ok: bool) -> None:
        self._last_message = text
        self.query_one("#order-message", Static).update(link_citations(Text(text, style="green" if ok else "bold red")))

    def action_rule(self) -> None:
        """``l``: the rules the latest message cites, else the phase bar's (:mod:`tui.rule_screen`)."""
        why = open_rules(self.app, self._last_message, self.phase_bar().plain)
        if why:
            self.notify(why, severity="warning")

    def action_show_rule(self, key: str) -> None:
        """A click on a rule cited in the message or the phase bar."""
        open_rules(self.app, key)

    def on_resize(self) -> None:
        self.query_one(BoardPane).show(self.seat.data, self.seat.view(), self._map_orders)

    # -- drawing
    def refresh_all(self) -> None:
        view = self.seat.view()
        moment = (view.turn, view.phase, view.decider)
        if moment != getattr(self, "_odds_moment", moment):
            self.query_one("#odds-text", Static).update(self.odds_prompt())
        self._odds_moment = moment
        self.query_one("#phase-bar", Static).update(link_citations(self.phase_bar(view)))
        self.refresh_orders(view)
        self.query_one(BoardPane).show(self.seat.data, view, self._map_orders)
        self.refresh_units(view)
        self.refresh_log()
        self.refresh_battles()
        self.refresh_poc(view)
        turn = self.summaries.due(self.seat) if self.app.turn_summaries else None  # type: ignore[attr-defined]
        if turn is not None:
            self.app.push_screen(TurnSummaryScreen(self.seat, turn))

    def action_turn_summary(self) -> None:
        """``r``: the summary of the last turn played (issue #17)."""
        turn = last_summed_turn(self.seat)
        if turn is None:
            self._message("no turn is over yet: the summary comes at the end of the turn", ok=False)
            return
        self.app.push_screen(TurnSummaryScreen(self.seat, turn))

    @when_mounted
    def action_unit_details(self) -> None:
        """``i``: the details of the unit highlighted in the order list or the units table, or of the units of the
        place selected on the map (:mod:`tui.unit_details`)."""
        board = self.query_one(BoardMap)
        view = self.seat.view()
        names, start = picked_units(self.focused, self.query_one(OrderPicker), self.query_one("#units", DataTable),
                                    board, view)
        if not names:
            self._show_orders()
            self._message("i shows a unit's details: highlight a unit in the order list or the Units tab, or select "
                          "a place on the map, then press i", ok=False)
            return
        self.app.push_screen(UnitDetailsScreen(self.seat.data, view, names, self._map_orders, self._advice(), start))

    @on(PlaceInfo.Clicked)
    def _place_info_clicked(self, event: PlaceInfo.Clicked) -> None:
        """A click on the selected place's listing: the details of its units, one after the other."""
        view = self.seat.view()
        names = place_units(view, event.place, self.seat.data.areas)
        if names:
            self.app.push_screen(UnitDetailsScreen(self.seat.data, view, names, self._map_orders, self._advice()))

    @on(DataTable.RowSelected, "#units")
    def _unit_row_chosen(self) -> None:
        self.action_unit_details()  # Enter or a click on a row of the units table

    @property
    def seat(self) -> SeatLink:
        """The game as this screen's seat reads and plays it (:mod:`tui.seat_link`; here the local session)."""
        return self.session

    def _advice(self) -> OrderAdvice | None:
        """The engine's word on the deciding human's orders, or ``None`` when none decides here."""
        return self.seat.advice() if self.seat.deciding() is not None else None

    def phase_bar(self, view: CampaignView | None = None) -> Text:
        """Turn, phase, who decides, the Pacific war's note, the phase's rule, the POC tracks and why the game
        stops, all from the seat's ``view`` (made now if not given)."""
        view = view or self.seat.view()
        outbreak = view.outbreak
        vitp = vitp_turn(view.turn) if outbreak.vitp_started else None
        text = Text(f" Turn {view.turn}/{outbreak.last_turn}", style="bold")
        if vitp:
            text.append(f" (VITP {vitp})")
        text.append(f" · {view.phase.value.title()} ", style="bold")
        if view.decider is not None:
            who = PLAYER_NAMES[view.decider].split(" (")[0]
            kind = "you" if self.seat.human(view.decider) else "AI"
            text.append(f"· {who} ({kind}) decides ", style="bold yellow")
        note = war_note(outbreak)  # the Pearl Harbor turn says what is happening (issue #17)
        if note:
            text.append(f"· {note} ", style="bold magenta")
        text.append(f"· {PHASE_RULES[view.phase]}", style="dim")
        for theatre in view.poc:
            text.append(f" · {theatre.value} {lead(view.standing(theatre))}")  # less the bid (R-AI-07)
        waiting = self.seat.waiting()
        if self.session.error is not None:
            text.append(" · STOPPED by an engine error", style="bold red")
        elif view.winner:
            text.append(f" · GAME OVER: the {side_label(view.winner)} win", style="bold green")
        elif waiting:
            text.append(f" · {waiting}", style="bold red")
        return text

    def refresh_orders(self, view: CampaignView | None = None) -> None:
        """The Orders tab: the deciding human's legal orders (``view``: the seat's view, made now if not given)."""
        player = self.seat.deciding()
        self._map_orders = []
        advice = self.seat.advice() if player is not None else None
        if player is None or advice is None:
            self.query_one(OrderPicker).clear()
            self._orders, self._legal = [], Legal()
            why = self.no_decision_reason()
            self.query_one("#decision", Static).update(
                Text(f"No decision for you now: {why}." if why else "No decision for you now.", style="italic"))
            waiting = self.seat.waiting_hint() if self.session.error is None else None
            self._order_controls(waiting or (idle_hint(why) if why else IDLE_HINT))  # not the last phase's orders
            return
        view = view or self.seat.view()
        order_filter = self.query_one("#order-filter", Input)
        moment = listing_moment(view)
        if moment != self._listing_moment:  # a new phase (or player): the filter starts empty (issue #17)
            self._listing_moment = moment
            with order_filter.prevent(Input.Changed):
                order_filter.value = ""
        legal = self.seat.legal_orders()
        self._map_orders = legal  # the map lists the orders possible at a selected place
        self._orders, self._legal = legal, Legal.of(legal)
        units, _ = orderable_count(legal)
        self.query_one("#decision", Static).update(link_citations(
            Text(f"{PLAYER_NAMES[player]}: {view.phase.value} — {units} unit{'s' if units != 1 else ''} "
                 f"to order, {len(legal)} legal orders ({PHASE_RULES[view.phase]})", style="bold")))
        self.query_one(OrderPicker).show(self.seat.data, view, advice, legal, order_filter.value)
        self._order_controls(None)
        self.query_one("#order-input", Input).placeholder = hint(legal)  # the orders of this phase (R-UI-42)

    def refresh_units(self, view: CampaignView | None = None) -> None:
        """The units table, as the seated player sees the units (``view``: his view, made now if not given)."""
        records = self.seat.data.units
        table = self.query_one("#units", DataTable)
        table.clear()
        wanted = self.query_one("#unit-filter", Input).value.casefold()
        for name, seen in (view or self.seat.view()).units.items():
            unit = records[name]
            row = (name, seen.nation, seen.type.value, counter_label(unit), status_word(seen), seen.place or "",
                   str(seen.damage), player_name(seen.commander))
            if wanted and not any(wanted in str(cell).casefold() for cell in row):
                continue
            table.add_row(*row)

    def setup_title(self) -> str:
        setup = self.seat.view().setup
        spec = self.seat.data.setups.get(setup)
        return spec.title if spec is not None else setup

    def game_line(self) -> str:
        """The log's first line: set-up, seed, combat, the human players, the turn a save was loaded at, the rule
        options, the POC bid and the save's ``--data`` folders (R-UI-111)."""
        session = self.session
        loaded = f"; loaded at turn {session.loaded_turn}" if session.loaded_turn is not None else ""
        note = f" ({session.combat_note})" if session.combat_note else ""
        facts = self.seat.game_facts()
        options = facts.rule_options
        chosen = f"; rule options: {', '.join(options)}" if options else ""
        bid = dict(self.seat.view().bid)
        chosen += f"; POC bid: {bid_words(bid)}" if bid else ""
        chosen += f"; {session.data_note}" if session.data_note else ""
        return (f"Game: {self.setup_title()}, seed {facts.seed}, "
                f"{'tactical' if session.tactical else 'classic'} combat{note}; human: "
                f"{players_text(session.humans)}{loaded}{chosen}")

    def refresh_log(self) -> None:
        log = self.query_one("#log", CampaignLog)
        got = self.seat.log(self._logged)
        if got.reset:  # an undo shortened the log
            log.reset()
            self._logged = 0
        if self._logged == 0:
            log.add(self.game_line())
        for line in got.lines:
            log.add(line)
        self._logged = got.upto

    def refresh_battles(self) -> None:
        """The Battles tab: the kept tactical battles, each with its result; a notification for new ones."""
        session = self.session
        text = self.query_one("#battles-text", Static)
        option_list = self.query_one("#battles", OptionList)
        if not session.tactical:
            text.update(Text("Battles are fought by the classic rules in this game (start a new game or load with "
                             "tactical combat to watch them).", style="italic"))
            option_list.clear_options()
            self._battles = []
            return
        battles = session.battles()
        text.update(self.battles_text(battles))
        shown = [(b.turn, b.area) for b in battles]
        if shown == self._battles_shown:
            return
        self._battles, self._battles_shown = battles, shown
        option_list.clear_options()
        option_list.add_options([Option(battle_label(b), id=f"battle-{i}") for i, b in enumerate(battles)])
        if option_list.option_count:
            option_list.highlighted = 0  # Enter opens the first battle at once
        new = [b for b in battles if (b.turn, b.area) not in self._battles_seen]
        self._battles_seen |= {(b.turn, b.area) for b in battles}
        if new:
            self.notify(f"Tactical battle(s) fought: {', '.join(f'{b.area} (turn {b.turn})' for b in new)}. "
                        "Press b to watch.", title="Battles", timeout=8)

    def battles_text(self, battles: list[TacticalBattle]) -> Text:
        """The Battles tab's heading.  While this turn or the last was played before a load, it says that the
        battles fought before the load are not kept (a save holds no battle reports)."""
        session = self.session
        oldest = self.seat.view().turn - KEEP_BATTLE_TURNS + 1
        lost = session.loaded_turn is not None and session.loaded_turn >= oldest
        note = (f" Battles fought before the game was loaded (at turn {session.loaded_turn}) are not kept: a save "
                "holds no battles (`vas run --battle-logs DIR` saves each battle's log)." if lost else "")
        if battles:
            return Text(f"{len(battles)} tactical battle(s) of this turn and the last: Enter opens one in the "
                        f"battle viewer.{note}", style="bold")
        if lost:
            return Text(f"No tactical battle fought since the load.{note}", style="italic")
        return Text("No tactical battle fought this turn or the last.", style="italic")

    def refresh_poc(self, view: CampaignView | None = None) -> None:
        view, data = view or self.seat.view(), self.seat.data
        self.query_one("#poc-text", Static).update(poc_heading(data, view))
        plot = self.query_one("#poc-plot", PlotextPlot)
        draw_poc(plot.plt, data, view)
        plot.refresh()


def battle_label(battle: TacticalBattle) -> str:
    """One line of the Battles list: turn, area (and the kind when not a battle at sea), each side's forces, the
    ships sunk per side, turns fought, VP and winner."""
    report = battle.report
    sunk = ", ".join(f"{side} {sum(1 for s in report.ships if s.side == side and s.sunk)}" for side in report.sides)
    result = f"{report.winner} win" if report.winner else "a draw"
    return (f"T{battle.turn} {tactical_name(battle)}: {forces_text(battle.spec)}; sunk {sunk}; "
            f"{report.turns_played} turn(s), VP {report.victory_points[0]}-{report.victory_points[1]}, {result}")


class HandOverScreen(ModalScreen[None]):
    """Hot-seat: the board is hidden until the next player says he is at the screen."""

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical(id="handover"):
            yield Static(Text(f"Pass the keyboard to {PLAYER_NAMES[Player(self.player)]}", style="bold"))
            yield Static("The previous player's choices stay hidden until you continue.")
            yield Button(f"I am {PLAYER_NAMES[Player(self.player)].split(' (')[0]}", id="ready", variant="primary")

    @on(Button.Pressed, "#ready")
    def ready(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (y/n keys or the buttons)."""

    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="path-dialog"):
            yield Label(self.question)
            with Horizontal():
                yield Button("Yes (y)", id="yes", variant="error")
                yield Button("No (n)", id="no")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)

    @on(Button.Pressed, "#yes")
    def yes(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#no")
    def no(self) -> None:
        self.dismiss(False)


class EngineErrorScreen(ModalScreen[str]):
    """The engine failed (issue 13 item 1): the message, where it broke (turn, phase, battle, who, rule), where the
    last good state was written, and the choices.  A failed battle (:class:`BattleError`): fight it by the classic
    rules and go on (``c``, dismissed with ``"classic"``) or quit (``q``, ``"quit"``); another failure: back to the
    start screen (``s``, ``"start"``) or quit.  The dialog stays until a choice is made."""

    BINDINGS = [Binding("c", "choose('classic')", "Classic rules, go on", show=False),
                Binding("s", "choose('start')", "Start screen", show=False),
                Binding("q", "choose('quit')", "Quit", show=False)]

    def __init__(self, error: EngineError, saved: str) -> None:
        super().__init__()
        self.error = error
        self.saved = saved

    @property
    def battle(self) -> bool:
        return isinstance(self.error, BattleError)

    def where_lines(self) -> list[str]:
        """Where the engine broke, one fact a line."""
        error = self.error
        lines = [f"Where: turn {error.turn}, {error.phase} phase"]
        if error.area:
            lines.append(f"Battle: {error.battle or 'battle'} in {error.area}")
        if error.who:
            lines.append(f"While: {error.who}")
        lines.append(f"Rule: {error.rule}" if error.rule else "Rule: none named (a program error: "
                     f"{type(error.cause).__name__})")
        return lines

    def compose(self) -> ComposeResult:
        with Vertical(id="engine-error"):
            yield Static(Text("The engine failed: the game is stopped", style="bold red"))
            with VerticalScroll(id="engine-error-text"):
                yield Static(Text(str(self.error), style="bold"), id="error-message")
                yield Static(Text("\n".join(self.where_lines())), id="error-where")
                yield Static(Text(self.saved), id="error-saved")
            with Horizontal(id="error-buttons"):
                if self.battle:
                    yield Button("Resolve this battle by the classic rules and go on (c)", id="go-classic",
                                 variant="primary")
                else:
                    yield Button("Back to the start screen (s)", id="to-start", variant="primary")
                yield Button("Quit (q)", id="quit-error", variant="error")

    def on_mount(self) -> None:
        self.query_one("#go-classic" if self.battle else "#to-start", Button).focus()

    def action_choose(self, choice: str) -> None:
        if choice != "quit" and (choice == "classic") != self.battle:
            return
        self.dismiss(choice)

    @on(Button.Pressed, "#go-classic")
    def _classic(self) -> None:
        self.dismiss("classic")

    @on(Button.Pressed, "#to-start")
    def _start(self) -> None:
        self.dismiss("start")

    @on(Button.Pressed, "#quit-error")
    def _quit(self) -> None:
        self.dismiss("quit")


class PathScreen(ModalScreen[str | None]):
    """Ask for a file name."""

    BINDINGS = [Binding("escape", "cancel_dialog", "Cancel")]

    def action_cancel_dialog(self) -> None:
        self.dismiss(None)

    def __init__(self, prompt: str, value: str = "campaign-save.json") -> None:
        super().__init__()
        self.prompt = prompt
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical(id="path-dialog"):
            yield Label(self.prompt)
            yield Input(self.value, id="path")
            yield Static(id="path-error")
            with Horizontal():
                yield Button("OK", id="ok", variant="primary")
                yield Button("Cancel", id="cancel")

    @on(Button.Pressed, "#ok")
    @on(Input.Submitted, "#path")
    def ok(self) -> None:
        """A path given closes the dialog with it; an empty one is said, and the dialog stays open."""
        value = self.query_one("#path", Input).value.strip()
        if not value:
            self.query_one("#path-error", Static).update(Text("type a file name (Escape or Cancel: no save)",
                                                              style="bold red"))
            return
        self.dismiss(value)

    @on(Button.Pressed, "#cancel")
    def cancel(self) -> None:
        self.dismiss(None)


class OobScreen(Screen[None]):
    """The order of appearance: every arrival and removal, turn by turn, filterable by nation; the highlighted
    counter's card for the year of the turn (and its air group or boats) shows below the table."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        data: CampaignData = self.app.data  # type: ignore[attr-defined]
        yield GameHeader(show_clock=False)
        yield Select([("All nations", "")] + [(n.name, code) for code, n in data.nations.items()],
                     value="", allow_blank=False, id="nation")
        yield DataTable(id="oob", zebra_stripes=True, cursor_type="row")
        with VerticalScroll(id="oob-card-scroll"):
            yield Static("Highlight a row to see the counter's card.", id="oob-card")
        yield Footer()

    def on_mount(self) -> None:
        self._rows: list[tuple[str, int]] = []
        self._index: CardIndex | None = None
        table = self.query_one("#oob", DataTable)
        table.add_columns("Turn", "VITP", "Side", "Nation", "Unit", "Type", "Counter", "Where")
        self.fill("")

    @on(Select.Changed, "#nation")
    def _nation(self, event: Select.Changed) -> None:
        self.fill(str(event.value or ""))

    def fill(self, nation: str) -> None:
        data: CampaignData = self.app.data  # type: ignore[attr-defined]
        table = self.query_one("#oob", DataTable)
        table.clear()
        self._rows = []
        for row in order_of_appearance(data, nation=nation or None):
            where = "removed" if row.movement is Movement.REMOVED else " or ".join(row.places)
            table.add_row(str(row.turn), str(vitp_turn(row.turn) or ""), side_label(row.side), row.unit.nation,
                          row.unit.name, row.unit.type.value, counter_label(row.unit), where)
            self._rows.append((row.unit.name, row.turn))

    @on(DataTable.RowHighlighted, "#oob")
    def show_card(self, event: DataTable.RowHighlighted) -> None:
        """The highlighted counter's card in the year of its turn (R-CARD-05), or what else it puts on the table."""
        if not 0 <= event.cursor_row < len(self._rows):
            return
        data: CampaignData = self.app.data  # type: ignore[attr-defined]
        name, turn = self._rows[event.cursor_row]
        year = campaign_year(turn)
        if self._index is None:
            self._index = CardIndex(data)
        lines = counter_lines(data, name, year, self._index)
        text = "\n".join(lines) if lines else f"{name}: nothing on the tactical table"
        self.query_one("#oob-card", Static).update(Text(f"{name}, turn {turn} ({year}):\n{text}"))


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
            self.push_screen(CampaignScreen(self.session))
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
            self.push_screen(CampaignScreen(self.session))  # type: ignore[arg-type]

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
                    self.push_screen(CampaignScreen(self.session))  # type: ignore[arg-type]
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
            self.push_screen(CampaignScreen(self.session))  # type: ignore[arg-type]
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
