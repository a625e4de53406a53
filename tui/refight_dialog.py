"""Loading a save in the middle of a battle on the tactical table with the classic rules (R-SEAT-22).

``vas play --load FILE --combat classic`` (or the start screen's load with classic combat) on a save taken while a
battle was being commanded on the table would fight that battle again from its start by the classic rules, and
drop every answer given there.  :class:`RefightScreen` says so (the battle, the number of answers) and asks:
keep the tactical battle (the game opens with the combat it was saved with) or fight it by the classic rules.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from strategic.battle_names import entry_words
from strategic.commanders import TableBattleInProgress


class RefightScreen(ModalScreen[str]):
    """Keep the battle on the table (``t``: dismissed with ``"keep"``) or fight it by the classic rules (``k``:
    ``"classic"``); Escape keeps it (nothing is dropped)."""

    BINDINGS = [
        Binding("t", "choose('keep')", "Keep the tactical battle"),
        Binding("k", "choose('classic')", "Classic rules"),
        Binding("escape", "choose('keep')", "Keep", show=False),
    ]

    DEFAULT_CSS = """
    RefightScreen { align: center middle; }
    RefightScreen #refight { width: 80; height: auto; border: thick $warning; padding: 1 2; }
    RefightScreen Horizontal { height: auto; margin-top: 1; }
    RefightScreen Button { margin-right: 2; }
    """

    def __init__(self, battle: TableBattleInProgress, where: str) -> None:
        super().__init__()
        self.battle, self.where = battle, where

    def compose(self) -> ComposeResult:
        with Vertical(id="refight"):
            what = entry_words(self.battle.area).removeprefix("the ")
            yield Label(Text(f"{what[:1].upper()}{what[1:]} in progress on the tactical table", style="bold"))
            yield Static(self.battle.facts(self.where), id="refight-facts")
            yield Static("Keep it: the game opens with the combat it was saved with, and the battle goes on where it "
                         "stopped. Classic rules: the battle is fought again from its start by the War at Sea / "
                         "VITP rules.", id="refight-choices")
            with Horizontal():
                yield Button("Keep the tactical battle (t)", id="keep", variant="primary")
                yield Button("Fight it by the classic rules (k)", id="classic", variant="warning")

    def on_mount(self) -> None:
        self.query_one("#keep", Button).focus()

    @on(Button.Pressed, "Button")
    def pressed(self, event: Button.Pressed) -> None:
        self.action_choose(event.button.id or "keep")

    def action_choose(self, how: str) -> None:
        self.dismiss(how)


__all__ = ["RefightScreen"]
