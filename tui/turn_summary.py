"""The end-of-turn summary in the app (issue #17): a screen shown when a turn's control phase is over, with what
the turn did (:mod:`strategic.turn_summary`: battles and why each is won, lost or drawn, losses, repairs,
arrivals, control changes, POC per area and per theatre against the victory lines).  Enter or Escape closes it;
``r`` on the campaign screen shows the last turn's again, and ← → in it go through every finished turn (R-UI-46).

:class:`TurnSummaries` remembers the last turn shown, so each turn's summary comes up once, after the AI or the
player has played the turn through (the campaign screen calls :meth:`TurnSummaries.due` when it redraws).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from strategic.campaign import Campaign
from strategic.events import PocScored, TurnBegan
from strategic.turn_summary import summarize, summary_lines
from tui.dialog_fit import FittedScroll
from tui.rule_screen import link_citations, open_rules

CSS = """
TurnSummaryScreen { align: center middle; }
#turn-summary { width: 120; max-width: 96%; height: auto; max-height: 92%; padding: 1 2; border: thick $accent;
                background: $surface; }
#turn-summary-scroll { height: auto; }
#turn-summary-hint { margin-top: 1; color: $text-muted; }
"""


class TurnReports(Protocol):
    """Where the summaries come from: the seat's game (:class:`tui.seat_link.SeatLink`)."""

    def summed_turns(self) -> list[int]:
        """The turns that are over, in order (:func:`summed_turns`)."""

    def turn_summary(self, turn: int) -> str:
        """The summary of a turn that is over (:func:`summary_text`)."""


def last_summed_turn(reports: TurnReports) -> int | None:
    """The last turn that is over (its return phase played: the next has begun, or the game ended in it), or
    ``None``; a summary shown after the control phase would leave out the turn's returns (trial of issue 17)."""
    turns = reports.summed_turns()
    return turns[-1] if turns else None


def summary_text(campaign: Campaign, turn: int) -> str:
    """The summary of ``turn`` as the screen shows it (from a copy of the log: the AI worker may be adding to
    it)."""
    summary = summarize(campaign, turn, list(campaign.state.events))
    return "\n".join(summary_lines(summary, campaign.data.groups)[1:])


def summed_turns(campaign: Campaign) -> list[int]:
    """The turns that are over, in order: each turn before one that has begun, and the turn the game ended in."""
    events = list(campaign.state.events)  # a copy: the AI worker may be adding to the log
    begun = {e.turn for e in events if isinstance(e, TurnBegan)}
    over = {turn for turn in begun if turn + 1 in begun}
    if campaign.state.winner is not None:
        over |= {e.turn for e in events if isinstance(e, PocScored)}
    return sorted(over)


class TurnSummaryScreen(FittedScroll):
    """The summary of one turn; Enter or Escape closes it."""

    SCROLL, FRAME = "#turn-summary-scroll", 8  # border 2, padding 2, title 1, the hint 2 and its margin

    DEFAULT_CSS = CSS
    BINDINGS = [Binding("enter,escape", "close", "Close"), Binding("r", "close", "Close", show=False),
                Binding("l", "rule", "Rule", show=False),
                Binding("left", "turn(-1)", "Earlier turn", show=False, priority=True),  # before the scroll's own
                Binding("right", "turn(1)", "Later turn", show=False, priority=True)]

    def __init__(self, reports: TurnReports, turn: int) -> None:
        super().__init__()
        self.reports = reports
        self.turn = turn
        self.text = reports.turn_summary(turn)

    def compose(self) -> ComposeResult:
        with Vertical(id="turn-summary"):
            yield Static(Text(f"End of turn {self.turn}", style="bold"), id="turn-summary-title")
            with VerticalScroll(id="turn-summary-scroll"):
                yield Static(link_citations(Text(self.text)), id="turn-summary-text")
            yield Static("Enter or Escape: back to the game; r shows this again; ← →: the other finished turns; l (or "
                         "a click): the rules it cites", id="turn-summary-hint")

    def action_turn(self, step: int) -> None:
        """← or →: the summary of the finished turn before or after this one (none further: it stays)."""
        turns = self.reports.summed_turns()
        wanted = [t for t in turns if (t < self.turn if step < 0 else t > self.turn)]
        if not wanted:
            self.notify(f"no finished turn {'before' if step < 0 else 'after'} turn {self.turn}", timeout=3)
            return
        self.turn = wanted[-1] if step < 0 else wanted[0]
        self.text = self.reports.turn_summary(self.turn)
        self.query_one("#turn-summary-title", Static).update(Text(f"End of turn {self.turn}", style="bold"))
        self.query_one("#turn-summary-text", Static).update(link_citations(Text(self.text)))

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rule(self) -> None:
        """``l``: the rules the summary cites, to pick from (:mod:`tui.rule_screen`)."""
        why = open_rules(self.app, self.text)
        if why:
            self.notify("the summary cites no rule", severity="warning")

    def action_show_rule(self, key: str) -> None:
        open_rules(self.app, key)


@dataclass
class TurnSummaries:
    """Which turn's summary the app showed last (``shown``); a session starts with the turns already played."""

    shown: int | None = None

    def due(self, reports: TurnReports) -> int | None:
        """The turn whose summary should come up now (once), or ``None``."""
        turn = last_summed_turn(reports)
        if turn is None or (self.shown is not None and turn <= self.shown):
            return None
        self.shown = turn
        return turn
