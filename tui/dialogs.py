"""The app's modal dialogs: the hot-seat hand-over, a yes/no question, the engine error, a file name."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import (
    Button,
    Input,
    Label,
    Static,
)

from scenarios.models import Player
from strategic.engine_errors import BattleError, EngineError
from tui.player_names import PLAYER_NAMES


class HandOverScreen(ModalScreen[None]):
    """Hot-seat: the board is hidden until the next player says he is at the screen; ``q`` asks to quit the game
    from here too (R-UI-133: it did nothing)."""

    BINDINGS = [Binding("q", "quit_game", "Quit")]

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

    def action_quit_game(self) -> None:
        """The game's own yes/no (the campaign screen under this one asks it)."""
        game = next((s for s in reversed(self.app.screen_stack[:-1]) if hasattr(s, "action_quit_game")), None)
        if game is not None:
            game.action_quit_game()


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
