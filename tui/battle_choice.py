"""Before a battle a human player commands: how it is fought (issues #15, #16).

:class:`BattleChoiceScreen` asks, at the first question of a battle for the player: command it (the command
screen on the table, the combat screen in classic combat), let the AI command his side (the rest of the battle,
``A`` on either screen), or, in a tactical game, fight it by the classic War at Sea / VITP rules (whose decisions he
then makes on the combat screen: 002 §4.1, each theatre's own combat); the switch makes the choice for every
battle he commands from now on (``CampaignState.battle_choices``, saved).  The other side's forces are shown as the
rules show them: the units at sea in the area (002 §4.1).
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static, Switch

from strategic.state import CombatQuestion


class BattleChoiceScreen(ModalScreen[tuple[str, bool]]):
    """How ``player`` fights the battle of ``question``: ``command``, ``ai`` or (``tactical`` games) ``classic``,
    and whether every battle he commands from now on is fought so (the switch: ``f``); ``last``: the result of the
    battle fought just before, shown first."""

    AUTO_FOCUS = "#command"
    """R-UI-127 (play-test): the switch, first in the dialog, had the focus, so an Enter meant for "Command it" (or
    left over from the screen before) switched on "every battle I command from now on" without a word."""

    BINDINGS = [
        Binding("c", "choose('command')", "Command it"),
        Binding("a", "choose('ai')", "AI commands"),
        Binding("k", "choose('classic')", "Classic rules"),
        Binding("f", "for_good", "For the rest of the game"),
    ]

    DEFAULT_CSS = """
    BattleChoiceScreen { align: center middle; }  /* play-test: it sat in the top left corner */
    BattleChoiceScreen #choice { width: 76; height: auto; border: thick $accent; padding: 1 2; }
    BattleChoiceScreen Horizontal { height: auto; margin-top: 1; }
    BattleChoiceScreen Button { margin-right: 2; }
    """

    def __init__(self, player: str, question: CombatQuestion, tactical: bool, last: str = "",
                 what: str = "", on_table: bool | None = None, standing: str | None = None) -> None:
        super().__init__()
        self.player, self.question, self.tactical, self.last = player, question, tactical, last
        self.standing = standing  # the player's choice for every battle he commands (the switch), if any
        # on the table: a battle whose first question is a classic step (run or fight, R-UI-70) is still one
        self.on_table = question.engine == "tactical" if on_table is None else on_table
        self.what = what or f"Battle in {question.battle.split(':', 1)[-1]}"  # e.g. "Air raid in South Atlantic"

    def compose(self) -> ComposeResult:
        how = "on the Victory at Sea table" if self.on_table else "by the classic rules"
        with Vertical(id="choice"):
            if self.last:
                yield Static(Text(self.last, style="italic"))  # the battle just fought
            who = "the Allies command" if self.player == "Allies" else f"{self.player} commands"
            yield Static(Text(f"{self.what}: {who} a side", style="bold"))  # wraps: a long name
            why = ", as you chose for every battle you command (f, then c: back on the table from now on)" \
                if self.tactical and not self.on_table and self.standing == "classic" else ""  # R-UI-127
            yield Static(f"The battle is fought {how}{why}. Command it yourself, or let the AI command your side "
                         "(you can also hand it to the AI at any question later).")
            with Horizontal(id="for-good"):
                yield Switch(value=False, id="for-the-rest")
                yield Label("and every battle I command from now on (f)")
            with Horizontal():
                yield Button("Command it (c)", id="command", variant="primary")
                yield Button("AI commands (a)", id="ai")
                if self.tactical and self.on_table:
                    yield Button("Classic rules (k)", id="classic")

    @on(Button.Pressed, "Button")
    def pressed(self, event: Button.Pressed) -> None:
        self.action_choose(event.button.id or "command")

    def action_for_good(self) -> None:
        switch = self.query_one("#for-the-rest", Switch)
        switch.value = not switch.value

    def action_choose(self, how: str) -> None:
        if how == "classic" and not (self.tactical and self.on_table):
            return
        self.dismiss((how, self.query_one("#for-the-rest", Switch).value))


__all__ = ["BattleChoiceScreen"]
