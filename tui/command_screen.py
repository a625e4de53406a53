"""The command screen: a player commands his side of a battle on the table, question by question (issue #16).

The battle runs on a worker thread (:meth:`CommandScreen.fight`); each time it asks a question of a side a
human commands, the thread builds a :class:`~tui.table_prompts.Prompt` (the side's view: what it may not see is
not drawn) and waits while the screen shows it:

* the table to scale (the battle viewer's drawing), the ship asked about reversed, the end of the highlighted move
  as a yellow ghost arrow;
* the ship's card, the question with its rule, the AI's answer, and the legal answers: a menu (up/down, Enter),
  or for gunnery one row per weapon system whose target left/right (or space) changes, Enter firing them all;
* ``/`` types the answer instead (``ahead 2, port 45, ahead 4``; ``0 > Bismarck, 2 > hold``; a name);
* ``m`` hides (or shows again) this turn's moves of Flights and MTB Sections, dotted on the table;
* ``r`` shows the fire arcs of the ship asked about (or highlighted) out to its longest range;
* ``a`` puts the AI's answer in the menu, ``A`` leaves the rest of the battle to the AI, ``t`` the rest of this
  turn, ``o`` this ship for the rest of the battle;
* the account (what happened, as the side saw it) scrolls with ``[`` / ``]`` or the mouse wheel, and ``+`` makes
  it taller or shorter; it never takes the focus from the answers;
* ``s`` / ``q``: stop here to save or quit (the campaign keeps every answer given: the battle reopens at this
  question).

An answer the engine refuses ends the run with the refusal (its rule named); the owner fights the battle again
from its start with the answers before it (:attr:`Outcome.answers`), and the screen asks the same question again
with the refusal shown.  In hot-seat play a hand-over panel hides the table whenever the other side is asked.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, RichLog, Static

from scenarios.errors import RulesError, VasError
from tactical import TacticalQuestion, battle_events
from tui.battle_viewer import (
    ARROWS,
    BOAT_GLYPHS,
    FLIGHT_GLYPHS,
    MELEE_GLYPH,
    SIDE_STYLES,
    SUB_GLYPH,
    TRACK_DOT,
    draw_table,
)
from tui.question_words import player_error, typed_hint
from tui.rule_screen import link_citations, open_rules
from tui.table_prompts import Choice, Prompt, describe_answer, prompt_for

STOP = object()
"""Put in the answer queue to stop the battle (the player leaves, or the screen closes)."""


class Stopped(Exception):
    """Not an error: the player stopped commanding in mid-battle (raised through the engine on its thread)."""


LiveAsk = Callable[[TacticalQuestion, Any, Callable[[], Any], str], Any]
"""How the battle asks: the question, the battle, the AI's advice, the player asked; returns the answer."""

Run = Callable[[LiveAsk], Any]
"""Fights the battle with ``ask`` answering the human sides; returns what the owner wants back."""


@dataclass
class Outcome:
    """How the command screen ended: ``done`` (the battle ran to its end: ``result`` is the run's value),
    ``stopped`` (the player left at a question, to ``then`` ``save`` or ``quit``), ``refused`` (an answer the
    engine refused: ``refusal``) or ``failed`` (the battle raised: ``refusal`` says what)."""

    kind: str
    result: Any = None
    refusal: str | None = None
    then: str = ""
    ships_left: dict[str, list[str]] = field(default_factory=dict)  # player -> ships left to the AI (``o``)
    turns_left: dict[str, int] = field(default_factory=dict)  # player -> the battle turn left to the AI (``t``)
    battle_left: list[str] = field(default_factory=list)  # the players who left the whole battle to the AI (``A``)
    typed: str = ""  # ``refused``: the answer as the player typed it (the reopened screen gives it back to edit)
    turn: int | None = None  # the battle turn of the question on the screen when it ended (``stopped``)


@dataclass
class Delegation:
    """What a player has left to the AI: the whole battle, the rest of one turn, some ships."""

    battle: bool = False
    turn: int | None = None
    ships: set[str] = field(default_factory=set)

    def covers(self, question: TacticalQuestion) -> bool:
        return self.battle or self.turn == question.turn or (question.ship is not None and question.ship in self.ships)


class ChoiceTable(DataTable[str]):
    """The legal answers: up/down choose, left/right (or space) change a weapon system's target, Enter confirms."""

    BINDINGS = [
        Binding("left", "screen.change(-1)", "Previous target", show=False),
        Binding("right,space", "screen.change(1)", "Next target", show=False),
        Binding("enter", "screen.confirm", "Confirm"),
    ]


class AccountLog(RichLog):
    """The account of the battle: scrolled by the mouse wheel, ``[`` and ``]`` (a page), ``+`` (taller or
    shorter); it never takes the focus, so the answer keys stay with the answers."""

    can_focus = False


class CommandScreen(Screen[Outcome]):
    """Command the human sides of the battle fought by ``run`` (module docstring): ``run`` asks through
    :meth:`ask`, naming the player asked; ``title`` names the battle; ``refusal``: why the last answer was
    refused, shown at the first question.  Whenever the player asked is not the one asked before, the table is
    hidden until he says he is at the screen (hot-seat)."""

    BINDINGS = [
        # the bar's words are short so that every key shows at 100 columns (R-UI-92); the tooltips say it whole
        Binding("a", "ai_answer", "AI answer", tooltip="Put the AI's answer in the rows"),
        Binding("slash", "type_answer", "Type", tooltip="Type the answer"),
        Binding("r", "arcs", "Arcs", tooltip="The fire arcs of the ship asked about"),
        Binding("o", "delegate('ship')", "AI ship", tooltip="Leave this ship to the AI for the rest of the battle"),
        Binding("t", "delegate('turn')", "AI turn", tooltip="Leave the rest of this turn to the AI"),
        Binding("A", "delegate('battle')", "AI battle", tooltip="Leave the rest of the battle to the AI"),
        Binding("c", "take_back", "Undo AI", tooltip="Take command back of the ships and the turn left to the AI"),
        Binding("l", "rule", "Rule", tooltip="Our summary of the rule the refusal (or the question) cites"),
        Binding("plus", "grow_log", "Account size", show=False),  # the account's title says it
        Binding("m", "tracks", "Moves", show=False),
        Binding("left_square_bracket", "scroll_log(-1)", "Account up", show=False),
        Binding("right_square_bracket", "scroll_log(1)", "Account down", show=False),
        Binding("s", "stop('save')", "Save"),
        Binding("q", "stop('quit')", "Quit"),
        Binding("escape", "leave_input", "Back to the answers", show=False),
        Binding("enter", "confirm", "Confirm", show=False),  # the hand-over panel (no widget has the focus)
    ]

    DEFAULT_CSS = """
    CommandScreen #cmd-title { height: auto; }
    CommandScreen #cmd-main { height: 1fr; }
    CommandScreen #cmd-table { width: 76; }
    CommandScreen #cmd-side { width: 1fr; min-width: 54; padding: 0 1; }
    CommandScreen #cmd-choices { height: auto; max-height: 18; }
    CommandScreen .cmd-line { height: auto; }
    CommandScreen #cmd-log { height: 7; border-top: hkey $primary; border-title-align: left; }
    CommandScreen #cmd-log.tall { height: 60%; }
    CommandScreen #cmd-handover { height: 1fr; content-align: center middle; display: none; }
    """

    def __init__(self, run: Run, title: str, refusal: str | None = None, *, can_save: bool = True,
                 confirm_quit: bool = False, notice: str | None = None,
                 ships_left: dict[str, list[str]] | None = None, turns_left: dict[str, int] | None = None,
                 battle_left: list[str] | None = None, retype: str = "") -> None:
        super().__init__()
        self.retype = retype  # a refused typed answer, back in the line (with the focus) to be put right
        self._run, self.battle_title, self.can_save = run, title, can_save
        self._quit_asked = False  # a battle that cannot be saved (or ``confirm_quit``) is left with q pressed twice
        self.confirm_quit = confirm_quit or not can_save
        self.refusal = refusal
        self.notice = notice  # said at the first question instead (not a refusal: "not saved to ...")
        self.prompt: Prompt | None = None
        self.delegated: dict[str, Delegation] = {p: Delegation(ships=set(names)) for p, names in
                                                 (ships_left or {}).items()}  # kept in the save (``o``)
        for player, turn in (turns_left or {}).items():  # kept in the save too (``t``)
            self.delegated.setdefault(player, Delegation()).turn = turn
        for player in battle_left or ():  # and the whole battle (``A``: hot-seat, the other side fights on)
            self.delegated.setdefault(player, Delegation()).battle = True
        self._answers: queue.Queue[Any] = queue.Queue()
        self._last_player: str | None = None
        self._waiting_hand_over = False
        self.asked = 0  # questions shown so far (tests wait on it)
        self._seen_log = 0
        self._log_of: str | None = None  # whose view the account shows
        self._arcs = False  # the fire arcs of the ship asked about (or highlighted), out to its longest range
        self._tracks = True  # this turn's moves of Flights and MTB Sections (``m`` hides them)
        self._then = ""
        self._typed = ""  # the last answer given, as typed ("" when picked from the rows)
        self._asked_turn: int | None = None  # the battle turn of the last question shown
        self._last_message = ""  # the refusal line, whose rules ``l`` opens (issue 17, the rule lookup)

    def compose(self) -> ComposeResult:
        yield Static(Text(f"{self.battle_title}: the battle is being set up…", style="bold"), id="cmd-title")
        yield Static(id="cmd-handover")
        with Horizontal(id="cmd-main"):
            with VerticalScroll(id="cmd-table"):
                yield Static(id="cmd-drawing")
                yield Static(id="cmd-legend", classes="cmd-line")
            with VerticalScroll(id="cmd-side"):
                yield Static(id="cmd-message", classes="cmd-line")
                yield ChoiceTable(id="cmd-choices", cursor_type="row", show_header=False)
                yield Static(id="cmd-detail", classes="cmd-line")
                yield Static(id="cmd-advice", classes="cmd-line")
                yield Input(id="cmd-typed")
                yield Static(id="cmd-card", classes="cmd-line")
        account = AccountLog(id="cmd-log", wrap=True, markup=False)
        account.border_title = "The account: [ ] scroll a page, + taller or shorter, or the mouse wheel"
        yield account
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#cmd-choices", ChoiceTable).add_columns("Answer", "Choice")
        self.fight()

    def on_unmount(self) -> None:
        self._answers.put(STOP)  # a battle still waiting stops (its thread ends)

    # -- the battle's thread
    @work(thread=True, exclusive=True, group="command")
    def fight(self) -> None:
        try:
            result = self._run(self.ask)
        except Stopped:
            self.app.call_from_thread(self._end, Outcome("stopped", then=self._then))
            return
        except RulesError as exc:
            self.app.call_from_thread(self._end, Outcome("refused", refusal=str(exc), typed=self._typed))
            return
        except VasError as exc:
            self.app.call_from_thread(self._end, Outcome("failed", refusal=str(exc)))
            return
        except Exception as exc:  # an answer the engine could not use at all (a typed name it does not know)
            why = f"the engine cannot use this answer ({type(exc).__name__}: {exc})"
            self.app.call_from_thread(self._end, Outcome("refused", refusal=why, typed=self._typed))
            return
        self.app.call_from_thread(self._end, Outcome("done", result))

    def ask(self, question: TacticalQuestion, battle: Any, advice: Callable[[], Any], player: str) -> Any:
        """Answer ``question`` (on the battle's thread): the AI's answer if the player left it to the AI, else
        the player's, from the screen."""
        if self.delegated.get(player, Delegation()).covers(question):
            return advice()
        prompt = prompt_for(question, battle, advice, player)
        if prompt.only is not None:  # the rules leave no choice: given, and said in the account
            words = describe_answer(question.question, prompt.only[0])
            self.app.call_from_thread(self._note, player, f"{prompt.title}: {words} ({prompt.only_why})")
            return prompt.only[0]
        self.app.call_from_thread(self.show, prompt)
        answer = self._answers.get()
        if answer is STOP:
            raise Stopped
        return answer

    def _note(self, player: str, text: str) -> None:
        """A line in the account, shown only while it is ``player``'s (the other side's answers stay hidden)."""
        if self._log_of in (None, player):
            self.query_one("#cmd-log", RichLog).write(Text(text, style="italic"))

    def _end(self, outcome: Outcome) -> None:
        outcome.ships_left = {p: sorted(d.ships) for p, d in self.delegated.items() if d.ships}
        outcome.turns_left = {p: d.turn for p, d in self.delegated.items() if d.turn is not None}
        outcome.battle_left = sorted(p for p, d in self.delegated.items() if d.battle)
        outcome.turn = self._asked_turn
        self.dismiss(outcome)

    # -- showing a prompt
    def show(self, prompt: Prompt) -> None:
        self.prompt, self._asked_turn = prompt, prompt.question.turn
        self.asked += 1
        if self._last_player not in (None, prompt.player):
            self._hand_over(prompt.player)
        self._last_player = prompt.player
        self._draw()

    def _hand_over(self, player: str) -> None:
        self._waiting_hand_over = True
        self.query_one("#cmd-main").display = False
        cover = self.query_one("#cmd-handover", Static)
        cover.update(self._cover_text(player))
        cover.display = True
        self.set_focus(None)  # Enter goes to the screen: nothing typed reaches the other side's question

    def _handed_over(self) -> None:
        self._waiting_hand_over = False
        self.query_one("#cmd-handover").display = False
        self.query_one("#cmd-main").display = True
        self._draw()

    def _draw(self) -> None:
        prompt = self.prompt
        if prompt is None:
            return
        q, view = prompt.question, prompt.view
        when = f"turn {q.turn} of {view.max_turns} · {q.phase}" if q.turn else \
            "set-up" if q.phase == "set-up" else f"set-up · {q.phase}"
        who = prompt.side_name if prompt.player == prompt.side_name else f"{prompt.side_name} ({prompt.player})"
        title = Text(f"{self.battle_title} · {when} · {who}\n", style="bold")
        title.append(prompt.title, style="bold yellow")
        title.append(f"   Rule: {prompt.rule}", style="italic")
        self.query_one("#cmd-title", Static).update(link_citations(title))
        self.query_one("#cmd-card", Static).update(Text(prompt.card or self._side_summary(prompt)))
        self.query_one("#cmd-advice", Static).update(Text(f"AI suggests: {prompt.advice_text}", style="italic"))
        typed = self.query_one("#cmd-typed", Input)
        typed.placeholder, typed.value = f"/ to type: {typed_hint(q.question, prompt.typed_help)}", self.retype
        self._fill_choices()
        self._message((self.refusal and f"refused: {self.refusal}") or self.notice, ok=False)
        self.refusal = self.notice = None
        self._draw_table()
        log = self.query_one("#cmd-log", RichLog)
        if self._log_of != prompt.player:  # each side's account is its own view's (hot-seat: nothing hidden leaks)
            log.clear()
            self._log_of, self._seen_log = prompt.player, 0
        for event in view.log[self._seen_log:]:
            log.write(Text(event.text, style="dim" if isinstance(event, battle_events.DiceRolled) else ""))
        self._seen_log = len(view.log)
        if not self._waiting_hand_over:
            (typed if self.retype else self.query_one("#cmd-choices", ChoiceTable)).focus()
        self.retype = ""

    def _side_summary(self, prompt: Prompt) -> str:
        own = [s for s in prompt.view.ships.values() if s.own and s.status.value == "active"]
        return f"{prompt.side_name}: " + ", ".join(f"{s.name} {s.hull}/{s.hull_start}" for s in own)

    def _fill_choices(self) -> None:
        assert self.prompt is not None
        table = self.query_one("#cmd-choices", ChoiceTable)
        table.clear(columns=True)  # the columns fit this question's rows, not the widest asked before
        if self.prompt.slots:
            rows = [(slot.label, f"‹ {slot.options[slot.index][0]} ›" if slot.refusal is None else
                     "cannot fire") for slot in self.prompt.slots]  # why: the line under them (R-UI-92)
        else:
            rows = [(("★ " if choice.ai else "  ") + choice.label, "") for choice in self.prompt.choices]
        for header, width in zip(("Answer", "Choice"), self._column_widths(rows), strict=True):
            table.add_column(header, width=width)
        for row in rows:
            table.add_row(*row, height=None)  # a cell wider than its column wraps onto more lines
        best = next((i for i, c in enumerate(self.prompt.choices) if c.ai), 0) if not self.prompt.slots else 0
        table.move_cursor(row=best)
        self._show_detail()

    def _column_widths(self, rows: list[tuple[str, str]]) -> tuple[int, int]:
        """Each column as wide as its widest cell, the wider cut down (its cells wrap) so that both fit the side
        panel: no answer is cut off (R-VIEW-21).  A menu's empty second column takes one cell, so its answers use
        the panel's whole width (R-UI-92: at 100 columns they wrapped onto a second line)."""
        wide = [max([6] + [cell_len(r[0]) for r in rows]), max([1 if all(not r[1] for r in rows) else 6]
                                                                + [cell_len(r[1]) for r in rows])]
        # the panel's width less its scroll bar (2) and the cells' padding (1 on each side of a column)
        room = max(self.query_one("#cmd-side").size.width - 2, 40) - 4
        while sum(wide) > room:
            at = 0 if wide[0] >= wide[1] else 1
            wide[at] = max(wide[at] - (sum(wide) - room), 12)
            if wide[0] + wide[1] > room and min(wide) <= 12:
                break
        return wide[0], wide[1]

    def _draw_table(self) -> None:
        prompt = self.prompt
        if prompt is None:
            return
        choice = self.current_choice()
        ghosts = list(choice.ghosts) if choice is not None else []
        selected = prompt.question.ship
        if choice is not None and isinstance(choice.answer, str) and choice.answer in prompt.scene.ships:
            selected = choice.answer  # the ship to move or fire next, the target to light
        width = self.size.width - 56  # the side panel keeps its least width
        scene = prompt.scene if self._tracks else replace(prompt.scene, tracks=[])
        drawing = draw_table(scene, prompt.log, max_cols=max(width, 20),
                             max_rows=max(self.size.height - 14, 8), selected=selected, ghosts=ghosts,
                             arcs=self._arcs)
        self.query_one("#cmd-drawing", Static).update(drawing)
        self.query_one("#cmd-legend", Static).update(legend_of(prompt, selected))
        self.query_one("#cmd-table").styles.width = drawing.plain.index("\n") + 2

    def current_choice(self) -> Choice | None:
        if self.prompt is None or self.prompt.slots:
            return None
        row = self.query_one("#cmd-choices", ChoiceTable).cursor_row
        return self.prompt.choices[row] if 0 <= row < len(self.prompt.choices) else None

    def _show_detail(self) -> None:
        prompt = self.prompt
        if prompt is None:
            return
        row = self.query_one("#cmd-choices", ChoiceTable).cursor_row
        if prompt.slots:
            slot = prompt.slots[row] if 0 <= row < len(prompt.slots) else None
            text = slot.options[slot.index][2] if slot is not None else ""
        else:
            choice = self.current_choice()
            text = choice.detail if choice is not None else ""
        self.query_one("#cmd-detail", Static).update(Text(text))

    @on(DataTable.RowHighlighted, "#cmd-choices")
    def _highlighted(self) -> None:
        self._show_detail()
        self._draw_table()

    def on_resize(self) -> None:
        self._draw_table()
        self.call_after_refresh(self._refit_choices)

    def _refit_choices(self) -> None:
        """The answers fitted again to the side panel's new width (the highlighted row kept)."""
        if self.prompt is None:
            return
        table = self.query_one("#cmd-choices", ChoiceTable)
        row = table.cursor_row
        self._fill_choices()
        table.move_cursor(row=row)
        self._show_detail()

    @staticmethod
    def _cover_text(player: str, message: str = "") -> Text:
        text = Text(f"Pass the keyboard to {player}.\n\nThe other side's orders stay hidden.\n\n"
                    "Press Enter when you are at the screen; then A leaves your side to the AI for the rest of the "
                    "battle (s saves, q quits).", style="bold", justify="center")
        if message:  # the panel hides the message line: what q or s says is told here (R-UI-133)
            text.append(f"\n\n{message}", style="bold red")
        return text

    def _message(self, text: str | None, *, ok: bool) -> None:
        self._last_message = text or ""
        if self._waiting_hand_over and self.prompt is not None:
            self.query_one("#cmd-handover", Static).update(self._cover_text(self.prompt.player, text or ""))
        self.query_one("#cmd-message", Static).update(link_citations(Text(text or "", style="green" if ok else
                                                                          "bold red")))

    def action_rule(self) -> None:
        """``l``: the rules of the refusal line, else of the highlighted answer's refusal, else the question's
        (:mod:`tui.rule_screen`)."""
        prompt = self.prompt
        texts = [self._last_message]
        if prompt is not None:
            row = self.query_one("#cmd-choices", ChoiceTable).cursor_row
            if prompt.slots and 0 <= row < len(prompt.slots):
                texts.append(prompt.slots[row].refusal or "")
            texts.append(prompt.rule)
        why = open_rules(self.app, *texts)
        if why:
            self.notify(why, severity="warning")

    def action_show_rule(self, key: str) -> None:
        """A click on a rule cited by the refusal line or the question."""
        open_rules(self.app, key)

    # -- answering
    def give(self, answer: Any, typed: str = "") -> None:
        """Hand ``answer`` to the waiting battle (``typed``: as the player typed it, given back if it is refused)."""
        if self.prompt is None or self._waiting_hand_over:
            return
        self.prompt, self._typed = None, typed
        self.query_one("#cmd-title", Static).update(Text(f"{self.battle_title}: the battle goes on…", style="bold"))
        self._answers.put(answer)

    def action_change(self, delta: int) -> None:
        prompt = self.prompt
        if prompt is None or not prompt.slots:
            return
        row = self.query_one("#cmd-choices", ChoiceTable).cursor_row
        if 0 <= row < len(prompt.slots) and prompt.slots[row].refusal is None:
            prompt.slots[row].step(delta)
            self._fill_choices()
            self.query_one("#cmd-choices", ChoiceTable).move_cursor(row=row)

    def action_confirm(self) -> None:
        if self._waiting_hand_over:
            self._handed_over()
            return
        prompt = self.prompt
        if prompt is None:
            return
        if prompt.slots:
            assert prompt.combine is not None
            try:
                answer = prompt.combine([s.value for s in prompt.slots])
            except VasError as exc:
                self._message(f"refused: {exc}", ok=False)
                return
            self.give(answer)
            return
        choice = self.current_choice()
        if choice is not None:
            self.give(choice.answer)

    def action_ai_answer(self) -> None:
        """``a``: highlight the AI's answer (gunnery: set every weapon system to the AI's target)."""
        prompt = self.prompt
        if prompt is None:
            return
        if prompt.slots:
            from_ai = {s.weapon: s.target for s in getattr(prompt.advice, "shots", ())}
            for slot in prompt.slots:
                if slot.ai is not None:  # the prompt knows the AI's option (aircraft, AA, MTB Sections)
                    slot.index = slot.ai
                    continue
                wanted = from_ai.get(int(slot.label.split(" ", 1)[0]))
                slot.index = next((i for i, o in enumerate(slot.options) if o[1] == wanted), 0)
            self._fill_choices()
        else:
            row = next((i for i, c in enumerate(prompt.choices) if c.ai), None)
            if row is not None:
                self.query_one("#cmd-choices", ChoiceTable).move_cursor(row=row)
        self._message("the AI's answer: Enter to give it", ok=True)

    def action_arcs(self) -> None:
        """``r``: show or hide the fire arcs (fore yellow, starboard green, aft magenta, port red) of the ship asked
        about, or highlighted, out to its longest weapon's extreme range (000 Fire Arcs)."""
        if isinstance(self.focused, Input):
            return
        self._arcs = not self._arcs
        self._draw_table()

    def action_scroll_log(self, pages: int) -> None:
        """``[`` / ``]``: the account a page up or down (the last line is kept in view when it comes back)."""
        if isinstance(self.focused, Input):
            return
        log = self.query_one("#cmd-log", RichLog)
        log.scroll_relative(y=pages * max(log.scrollable_content_region.height - 1, 1), animate=False)

    def action_grow_log(self) -> None:
        """``+``: the account taller (most of the screen) or back to its few lines."""
        if isinstance(self.focused, Input):
            return
        self.query_one("#cmd-log", RichLog).toggle_class("tall")

    def action_tracks(self) -> None:
        """``m``: hide or show this turn's moves of Flights and MTB Sections (dotted on the table)."""
        if isinstance(self.focused, Input):
            return
        self._tracks = not self._tracks
        self._draw_table()

    def action_type_answer(self) -> None:
        self.query_one("#cmd-typed", Input).focus()

    def action_leave_input(self) -> None:
        self.query_one("#cmd-choices", ChoiceTable).focus()

    @on(Input.Submitted, "#cmd-typed")
    def typed(self, event: Input.Submitted) -> None:
        if self._waiting_hand_over:
            self._handed_over()
            return
        prompt = self.prompt
        if prompt is None or prompt.read is None:
            return
        try:
            answer = prompt.read(event.value)
        except VasError as exc:
            asked = prompt.question  # the refusal in the player's words (tui.question_words)
            self._message(f"refused: {player_error(asked.question, str(exc), asked.ship)}", ok=False)
            return
        typed, event.input.value = event.value, ""
        self.query_one("#cmd-choices", ChoiceTable).focus()
        if prompt.said:  # what the typed answer left unsaid: the weapon systems that hold fire (R-VIEW-20)
            self._note(prompt.player, f"{prompt.title}: {prompt.said}")
        self.give(answer, typed)

    def action_delegate(self, what: str) -> None:
        """Leave this ship, this turn or the battle to the AI; the question waiting is answered by it too."""
        prompt = self.prompt
        if prompt is None or isinstance(self.focused, Input):
            return
        left = self.delegated.setdefault(prompt.player, Delegation())
        if what == "ship":
            if prompt.question.ship is None:
                self._message("this question is not about one ship", ok=False)
                return
            left.ships.add(prompt.question.ship)
        elif what == "turn":
            left.turn = prompt.question.turn
        else:
            left.battle = True
        self.give(prompt.advice)

    def action_take_back(self) -> None:
        """Take back the ships left to the AI (and the rest of this turn): their next questions are the player's."""
        prompt = self.prompt
        if prompt is None or isinstance(self.focused, Input):
            return
        left = self.delegated.get(prompt.player, Delegation())
        ships = sorted(left.ships)
        turn = left.turn if left.turn == prompt.question.turn else None  # a turn gone by is not taken back
        if not ships and turn is None:
            self._message("nothing of yours is left to the AI", ok=False)
            return
        self.delegated[prompt.player] = Delegation()
        what = taken_back(ships, turn)
        self._message(f"you command again: {what}", ok=True)
        self._note(prompt.player, f"{prompt.player} takes command back: {what}")
        self.notify(f"You command again: {what}", title="Command taken back")

    def action_stop(self, then: str) -> None:
        """``s`` (save) / ``q`` (quit): stop at this question; the owner keeps the answers given.  A battle that
        cannot be saved (a demo started without a name) is not saved; with ``confirm_quit`` (or no save) it is left
        only when ``q`` is pressed twice."""
        if isinstance(self.focused, Input) or self.prompt is None:
            return
        if then == "save" and not self.can_save:
            self._quit_asked = False
            self._message("this battle cannot be saved (q q leaves it)", ok=False)
            return
        if then == "quit" and self.confirm_quit and not self._quit_asked:
            self._quit_asked = True
            kept = "s saves it first" if self.can_save else "nothing is kept"
            self._message(f"press q again to leave the battle ({kept})", ok=False)
            return
        self._then, self.prompt = then, None
        self._answers.put(STOP)


def taken_back(ships: list[str], turn: int | None) -> str:
    """What ``c`` took back from the AI, in words: ``Atlantis, Bismarck and the rest of turn 2`` (R-SEAT-31)."""
    parts = [", ".join(ships)] if ships else []
    if turn is not None:
        parts.append(f"the rest of turn {turn}")
    return " and ".join(parts)


def legend_of(prompt: Prompt, selected: str | None) -> Text:
    """Each ship's letter and name, Hull and state, a line a side; sunk and departed ships dimmed."""
    text = Text()
    for side, name in enumerate(prompt.log["sides"]):
        ships = [ship for ship in prompt.scene.ships.values() if ship.side == name]
        flights = sum(1 for f in prompt.scene.flights.values() if f.side == name)
        text.append(f"{name}: ", style="bold")
        if not ships:  # R-UI-132: a side of aircraft only had an empty line
            text.append(f"no ship on the table ({flights} Flight(s))\n" if flights else "no ship on the table\n",
                        style="dim")
            continue
        for ship in ships:
            gone = ship.sunk or ship.withdrew or ship.pos is None
            style = "dim" if gone else SIDE_STYLES[side]
            text.append(ship.letter, style=style + (" reverse" if ship.name == selected else ""))
            if not gone and ship.kind != "installation":  # the heading, even where the table has no room for it
                text.append(ARROWS[round(ship.heading / 45) % 8], style=style)
            hidden = ship.own and ship.sector and not ship.sunk
            state = " sunk" if ship.sunk else " left" if ship.withdrew else " crippled" if ship.crippled else ""
            state += f" hidden in Sector {ship.sector} ({ship.letter}{SUB_GLYPH})" if hidden else ""
            gone = gone and not hidden
            text.append(f" {ship.name} {ship.hull}/{ship.hull_start}{state}  ", style="dim" if gone else "")
        text.append("\n")
    if any(f.fate == "airborne" for f in prompt.scene.flights.values()):
        for side, name in enumerate(prompt.log["sides"]):
            fighter, strike = FLIGHT_GLYPHS[side]
            text.append(f"{fighter} fighter {strike} strike Flight: {name}   ", style=SIDE_STYLES[side])
        text.append(f"{MELEE_GLYPH} both sides' Flights\n", style="yellow")
    for side, name in enumerate(prompt.log["sides"]):
        if any(b.side == name for b in prompt.scene.boats.values()):
            text.append(f"{BOAT_GLYPHS[side]} MTB Section: {name}   ", style=SIDE_STYLES[side])
    if prompt.scene.boats:
        text.append("\n")
    if prompt.scene.tracks:
        text.append(f"{TRACK_DOT}{TRACK_DOT} this turn's moves of Flights and MTB Sections (m hides them)\n",
                    style="dim")
    return text


__all__ = ["STOP", "AccountLog", "ChoiceTable", "CommandScreen", "Delegation", "LiveAsk", "Outcome", "Run", "Stopped"]
