"""The campaign screen: phase bar, map, and tabs for orders, units, log, battles, odds and POC.

It reaches the game through two objects alone (R-VIEW-29, R-VIEW-37; tests/tui/test_seat_architecture.py): its
seat's link (:class:`tui.seat_link.SeatLink`: what the seat sees, the orders it gives, its battle questions) and
its host (:class:`tui.seat_host.SeatHost`: the game going on until a human decides, the engine error, the save
targets, the hot-seat hand-over, the Battles tab, the notes of a loaded game).  ``vas play`` gives it the local
:class:`tui.session_host.Session` as both.  The keys, the orders by selection and the engine errors as the player
meets them: :mod:`tui.app`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Button,
    DataTable,
    Footer,
    Input,
    LoadingIndicator,
    OptionList,
    Static,
    TabbedContent,
    TabPane,
)
from textual.widgets.option_list import Option
from textual.worker import get_current_worker
from textual_plotext import PlotextPlot

from scenarios.models import Player
from strategic.answer_needed import AnswerNeeded
from strategic.battle_logs import battle_log
from strategic.battle_names import tactical_name
from strategic.battles import TacticalBattle, forces_text
from strategic.bid import bid_words
from strategic.classic.scripts import is_order_entry
from strategic.engine_errors import EngineError
from strategic.events import DiceRolled, OrderGiven
from strategic.narrate import describe_given, lead
from strategic.order_of_appearance import vitp_turn
from strategic.orders import Order
from strategic.state import CombatQuestion, Phase
from strategic.views import CampaignView
from tactical import TacticalQuestion
from tui.ai_follow import AiFollow, turn_over_text
from tui.autosave import path_problem
from tui.battle_choice import BattleChoiceScreen
from tui.battle_link import LeftToAi
from tui.battle_viewer import BattleViewerScreen
from tui.board_info import status_word
from tui.board_map import BoardMap, BoardPane, PlaceInfo
from tui.campaign_log import CampaignLog
from tui.combat_screen import CombatScreen, question_screen
from tui.command_screen import CommandScreen, Outcome
from tui.dialogs import ConfirmScreen, HandOverScreen, PathScreen
from tui.help_screen import HelpScreen
from tui.labels import counter_label, side_label
from tui.mounting import GameHeader, when_mounted, while_attached
from tui.oob_screen import OobScreen
from tui.order_advice import OrderAdvice
from tui.order_completion import LegalOrderSuggester
from tui.order_entry import GRAMMAR, IDLE_HINT, Legal, OrderSyntaxError, describe, hint, idle_hint, parse_orders
from tui.order_picker import OrderFilter, OrderPicker
from tui.order_selection import end_question, listing_moment, orderable_count
from tui.phase_notes import war_note
from tui.player_names import PLAYER_NAMES, player_name, players_text
from tui.poc_chart import draw_poc, poc_heading
from tui.rule_screen import link_citations, open_rules
from tui.seat_host import KEEP_BATTLE_TURNS, SeatHost
from tui.seat_link import ODDS_RUNS, SeatLink
from tui.stack_orders import OrderGroups, taken_back_text
from tui.turn_summary import TurnSummaries, TurnSummaryScreen, last_summed_turn
from tui.unit_details import UnitDetailsScreen, picked_units, place_units

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
        Binding("w", "wide", "Wide", show=False),  # R-UI-134: the tabs take the whole width
        Binding("right_square_bracket", "next_tab(1)", "Next tab", show=False),  # R-UI-138: tabs without a mouse
        Binding("left_square_bracket", "next_tab(-1)", "Previous tab", show=False),
        Binding("q", "quit_game", "Quit"),
        Binding("escape", "leave_input", "Back to the list", show=False),
    ]

    def __init__(self, seat: SeatLink, host: SeatHost) -> None:
        super().__init__()
        self.seat = seat  # the game as this screen's seat reads and plays it (tui.seat_link)
        self.host = host  # what runs the game, for the rest (tui.seat_host); locally both are the Session
        self._orders: list[Order] = []
        self._listing_moment: tuple[int, str, str] | None = None  # the decision the order list was last filled for
        self._logged = 0
        self._battles: list[TacticalBattle] = []
        self._battles_shown: list[tuple[int, str]] | None = None
        self._battles_seen: set[tuple[int, str]] = set()
        self._commanded: tuple[str, int] | None = None  # the battle (and turn) a human commanded, until its result
        self._chosen: set[tuple[str, int, str]] = set()  # battle, turn, player: chose how it is fought (this screen)
        self._refusal: str | None = None  # why the command screen's last answer was refused, shown when it reopens
        self._retype = ""  # that answer as typed, given back to be put right
        self._after_command = ""  # save or quit, once the answers of a stopped battle are handed in
        self._last_result = ("", 0)  # the last commanded battle's result and turn, for the next battle's dialog
        self.summaries = TurnSummaries(last_summed_turn(seat))  # issue #17: one summary a turn
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
        asked = self.seat.combat_question()
        if asked is not None:
            self.ask_combat(asked)
            return
        if self.host.error is not None or self.seat.over() or self.seat.waiting() is not None:
            self.refresh_all()
            return
        deciding = self.seat.deciding()
        if deciding is not None:
            player = deciding.value
            if self.host.hand_over(player):
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
        if self.host.hand_over(player):
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
        self.host.seated(asked.player)
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
                                                    self.host.tactical, last, self._battle_words(), on_table,
                                                    self.seat.standing_choice(question.player)),
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
        all_ai = not any(self.seat.human(p) for p in Player)
        turn = self.summaries.due(self.seat) if all_ai else None
        if turn is not None:
            self.notify(turn_over_text(turn), title="Turn summary", timeout=8)

    def _human_ready(self, player: str) -> None:
        self.host.seated(player)
        self.refresh_all()

    @work(thread=True, exclusive=True, group="ai")
    def run_ai(self, go_on: bool = False, answered: bool = False) -> None:
        """The AI worker: (after a failed battle, with ``go_on``, that battle by the classic rules and a new clock;
        after a combat answer, with ``answered``, the battle fought on; then) the AI's decisions until a human's;
        an engine failure opens :class:`EngineErrorScreen`."""
        try:
            if go_on:
                self.host.go_on_by_classic()
            if answered:
                self.host.go_on_fighting()
            self.host.run_ai_until_human(self._ai_progress)
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
            error, self.host.last_good_text(), save_path=self.host.save_path,
            own=self.host.own_files, target=self.host.autosave_target(), on_choice=self._error_choice)

    def _error_choice(self, choice: str | None) -> None:
        if choice == "classic":
            area = self.host.error.area if self.host.error else None
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
        if self.seat.deciding() is not None or self.seat.combat_question() is not None:
            self.continue_game()

    # -- actions
    @when_mounted
    def _show_orders(self) -> None:
        """Show the Orders tab (where the order message is) with the order list focused."""
        self.query_one("#tabs", TabbedContent).active = "tab-orders"
        self.query_one("#orders", OptionList).focus()

    def no_decision_reason(self) -> str | None:
        """Why no human can give orders or end a phase now (game over, game stopped, AI deciding), or ``None``."""
        error = self.host.error
        if error is not None:
            return f"the game is stopped by an engine error: {error}"
        if self.seat.over():
            return "the game is over"
        waiting = self.seat.waiting()
        if waiting is not None:
            return f"the game is stopped: {waiting}"
        if self.seat.deciding() is None:
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
        question = None if confirmed else end_question(self.seat.view().phase.value, self.seat.legal_orders())
        if question is not None:
            self.app.push_screen(ConfirmScreen(question), lambda yes: self.action_end_phase(True) if yes else None)
            return
        try:
            self.seat.end_decision()
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
        taken = self._given.take_back(self.seat.undo, self.host.decision_key())
        self._message(taken_back_text(taken) if taken else "nothing to undo in this decision", ok=bool(taken))
        self.refresh_all()

    def action_save(self, after: Callable[[], None] | None = None) -> None:
        """``s``: save to a file asked for (the last one used is offered), then ``after``.  A file that cannot be
        written is named in the message and a notification, and the game goes on; replacing a file is notified."""
        host = self.host

        def done(path: str | None) -> None:
            if path:
                self.save_to(Path(path).expanduser())
            if after is not None:
                after()

        default = str(host.save_path) if host.save_path is not None else "campaign-save.json"
        self.app.push_screen(PathScreen("Save the game to", default), done)

    def save_to(self, path: Path) -> bool:
        """Save the game to ``path``; ``False`` (with a message) if it could not be written."""
        host = self.host
        if not host.lock.acquire(blocking=False):
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
            host.lock.release()
        host.saved_to(path)
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
    def action_next_tab(self, step: int) -> None:
        """``]`` / ``[``: the next or previous tab (R-UI-138: from inside a tab no key reached the Log tab)."""
        tabs = self.query_one("#tabs", TabbedContent)
        panes = [pane.id for pane in tabs.query(TabPane) if pane.id]
        at = panes.index(tabs.active) if tabs.active in panes else 0
        self.set_focus(None)  # a widget focused in the tab left would take its tab back
        tabs.active = panes[(at + step) % len(panes)]

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
        if self.host.tactical:
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

    def action_wide(self) -> None:
        """``w``: hide the map, so that the tabs (the log, the Units table) take the whole width; ``w`` again shows
        it (R-UI-134: at 120 columns the Log tab was 48 columns wide and the Units table cut after Counter)."""
        board = self.query_one(BoardPane)
        board.display = not board.display
        self._message("the map is back (w hides it)" if board.display else
                      "the map is hidden: the tabs take the whole width (w shows it)", ok=True)

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
        self._given.given(self.host.decision_key(), orders)
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
        if turn is not None:  # the summary tells the turn's battles: their notifications covered its keys (R-UI-135)
            self.app.call_later(self.app.clear_notifications)
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
        if self.host.error is not None:
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
            waiting = self.seat.waiting_hint() if self.host.error is None else None
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
        host = self.host
        loaded = f"; loaded at turn {host.loaded_turn}" if host.loaded_turn is not None else ""
        note = f" ({host.combat_note})" if host.combat_note else ""
        facts = self.seat.game_facts()
        options = facts.rule_options
        chosen = f"; rule options: {', '.join(options)}" if options else ""
        bid = dict(self.seat.view().bid)
        chosen += f"; POC bid: {bid_words(bid)}" if bid else ""
        chosen += f"; {host.data_note}" if host.data_note else ""
        return (f"Game: {self.setup_title()}, seed {facts.seed}, "
                f"{'tactical' if host.tactical else 'classic'} combat{note}; human: "
                f"{players_text({p.value for p in Player if self.seat.human(p)})}{loaded}{chosen}")

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
        host = self.host
        text = self.query_one("#battles-text", Static)
        option_list = self.query_one("#battles", OptionList)
        if not host.tactical:
            text.update(Text("Battles are fought by the classic rules in this game (start a new game or load with "
                             "tactical combat to watch them).", style="italic"))
            option_list.clear_options()
            self._battles = []
            return
        battles = host.battles()
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
        loaded_turn = self.host.loaded_turn
        oldest = self.seat.view().turn - KEEP_BATTLE_TURNS + 1
        lost = loaded_turn is not None and loaded_turn >= oldest
        note = (f" Battles fought before the game was loaded (at turn {loaded_turn}) are not kept: a save "
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
