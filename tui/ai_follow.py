"""The campaign screen follows a game the AI plays (R-UI-46): while AI players decide, the header, the phase bar, the
map, the log and the POC are redrawn at each new phase or turn, from the AI worker between two decisions
(``call_from_thread``: the worker waits, so the screen reads a state no decision is changing).

In a game with no human player each finished turn is offered as a notification (``r`` shows its summary, and the
summary screen's arrows go through every finished turn); with a human the summary still comes up on its own once
he is asked again (:class:`tui.turn_summary.TurnSummaries`).
"""

from __future__ import annotations

from dataclasses import dataclass

from strategic.views import CampaignView


@dataclass
class AiFollow:
    """The moment (turn, phase) the screen last drew while the AI played."""

    moment: tuple[int, str] | None = None

    def moved(self, view: CampaignView) -> bool:
        """Whether the game ``view`` shows has reached a new phase or turn since the last redraw (and remember
        it)."""
        moment = (view.turn, view.phase.value)
        moved, self.moment = moment != self.moment, moment
        return moved


def turn_over_text(turn: int) -> str:
    """The offer of a finished turn's summary in an all-AI game."""
    return f"Turn {turn} is over: r shows its summary (← → in it: the other finished turns)."
