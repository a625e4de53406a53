"""The campaign screen's help (``?``, issue #17): the orders, the keys and the whole map legend in a dialog that
scrolls, so nothing is cut off whatever the terminal's size.  Escape, Enter, ``?`` or ``q`` closes it."""

from __future__ import annotations

import re

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from tui.board_draw import LEGEND
from tui.dialog_fit import FittedScroll
from tui.order_entry import GRAMMAR

CSS = """
HelpScreen { align: center middle; }
#help { width: 110; max-width: 96%; height: auto; max-height: 94%; padding: 0 2; border: thick $accent;
        background: $surface; }
#help-scroll { height: auto; }
#help-hint { color: $text-muted; }
"""

ORDERS = ("Pick an order with the arrows and Enter: a unit (Space marks several; a place's line takes its whole "
          "stack), then a destination (→: the other ways to go; Escape: back). Or type one (/, or any letter that is "
          f"no command; Escape: back to the list): {GRAMMAR}. The line offers the rest of a unit or place the order "
          "may legally take (→ takes it).")

KEYS = (
    ("e", "end your phase (asking first while units could be ordered; units left unplaced go to their first place)"),
    ("u", "take back your last order"),
    ("i", "the details of the unit highlighted in the order list or the Units tab (Enter or a click on a Units row "
          "too), or of the units of the place selected on the map: counter, damage, status, ship card, where it may "
          "go"),
    ("d", "the odds of the coming battles, by the combat the game uses (classic rules, or runs on the tactical table)"),
    ("b", "the tactical battles fought (Enter opens one in the battle viewer)"),
    ("r", "the last turn's summary"),
    ("l", "our summary of the rule the latest message (or the phase bar) cites; a click on a rule does the same"),
    ("s", "save the game"),
    ("o", "the order of appearance"),
    ("/", "type an order"),
    ("w", "hide the map so the tabs take the whole width (the log, the Units table); w again shows it"),
    ("F12", "save a screenshot"),
    ("q", "quit (asks first)"),
    ("] [", "the next / previous tab (Orders, Units, Log, Battles, Odds, POC); a click on a tab too"),
    ("Tab", "the next list, line or the map"),
)


def legend_lines() -> list[str]:
    """The map legend (:data:`tui.board_draw.LEGEND`) one mark a line."""
    return [part.strip().rstrip(".") for part in re.split(r"; |(?<=[a-z)])\. ", LEGEND) if part.strip()]


def help_text() -> Text:
    """The whole help: orders, keys, then the map legend one mark a line."""
    text = Text("Orders\n", style="bold")
    text.append(ORDERS + "\n\n")
    text.append("Keys\n", style="bold")
    for key, what in KEYS:
        text.append(f"  {key:4}", style="bold")
        text.append(f" {what}\n")
    text.append("\nThe map\n", style="bold")
    for sentence in legend_lines():
        text.append(f"  {sentence}\n")
    return text


class HelpScreen(FittedScroll):
    """The help in a scrolling dialog (arrows, Page Up/Down scroll it) that fits the terminal."""

    SCROLL, SHARE, FRAME = "#help-scroll", 94, 4  # the thick border's two lines, the title and the hint

    DEFAULT_CSS = CSS
    BINDINGS = [Binding("escape,enter,question_mark,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        with Vertical(id="help"):
            yield Static(Text("Help", style="bold"), id="help-title")
            with VerticalScroll(id="help-scroll"):
                yield Static(help_text(), id="help-text")
            yield Static("↑ ↓ Page Up/Down: scroll · Escape, Enter or ?: back to the game", id="help-hint")


    def action_close(self) -> None:
        self.dismiss(None)
