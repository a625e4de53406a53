"""The battle questions a seat is asked and answers through its link (issue 21, step 2 of the plan in
docs/architecture.md "Network play"; R-VIEW-31).

:class:`BattleLink` is the part of :class:`tui.seat_link.SeatLink` the campaign screen's battle flow calls: the
waiting question, how the player chose to fight the battle, what he left to the AI, his answers handed in, and the
battle's result once fought.  The local game (:class:`tui.session_host.Session`) answers from the campaign; a
websocket link would answer from the ``question`` message (which then carries these facts with the question) and
send each action as an ``answer`` (see the message list in docs/architecture.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from scenarios.models import Player
from strategic.answer_needed import AnswerNeeded
from strategic.state import CombatQuestion
from tactical import TacticalEntry
from tui.command_screen import LiveAsk


@dataclass(frozen=True)
class LeftToAi:
    """What the players asked about a battle on the table left to the AI (kept in a save, R-SEAT-30): some ships
    (``o``), the rest of a battle turn (``t``), the whole battle (``A``)."""

    ships: dict[Player, list[str]] = field(default_factory=dict)
    turns: dict[Player, int] = field(default_factory=dict)
    whole: list[Player] = field(default_factory=list)


class BattleLink(Protocol):
    """A seat's side of the battle questions: what the campaign screen's battle flow reads and does."""

    def combat_question(self) -> AnswerNeeded | None:
        """The combat question waiting for a player of this screen, with its brief, or ``None``."""

    def question(self) -> CombatQuestion | None:
        """The combat question waiting now, whoever it asks (``None`` when none waits)."""

    def battle_words(self) -> str:
        """The battle the waiting question is about, in the player's words (``Air raid in South Atlantic``)."""

    def on_table(self, battle: str) -> bool:
        """Whether the pending battle ``battle`` is fought on the Victory at Sea table."""

    def chose_before(self, question: CombatQuestion) -> bool:
        """Whether the player ``question`` asks has already answered a question of its battle from his side, or
        chose to command every battle (then he is not asked again how to fight it)."""

    def choose_battle(self, how: str, *, for_the_rest: bool = False) -> None:
        """The player asked chooses how the battle is fought (``command``, ``ai``, ``classic``)."""

    def standing_choice(self, player: Player) -> str | None:
        """How ``player`` chose to fight every battle he commands (``command``, ``ai``, ``classic``; the dialog's
        switch), or ``None`` when he chooses battle by battle (R-UI-127)."""

    def left_to_ai(self) -> LeftToAi:
        """What the players left to the AI in the battle waiting (nothing when none waits)."""

    def keep_left_to_ai(self, left: LeftToAi) -> None:
        """Keep ``left`` as what is left to the AI in the battle waiting (nothing done when none waits)."""

    def delegate_battle(self, *, whole_turn: bool = False) -> None:
        """The player asked leaves the rest of the battle (``whole_turn``: every battle of his this turn) to the AI."""

    def answer_combat(self, answer: object) -> str | None:
        """Give the waiting classic question ``answer``: ``None`` if taken, else the refusal."""

    def fight_live(self, ask: LiveAsk) -> list[TacticalEntry]:
        """Fight the battle on the table waiting for a player of this screen, ``ask`` answering: the answers."""

    def live_answers(self) -> list[TacticalEntry]:
        """The answers the last live run gave (not yet handed in)."""

    def hand_in(self, answers: list[TacticalEntry]) -> str | None:
        """Give the battle waiting the answers of a live run: ``None`` if they stand, else the refusal."""

    def battle_result(self, battle: str, turn: int) -> str | None:
        """What became of the units of ``battle`` (an entry of ``turn``), or ``None`` while it is still pending."""


__all__ = ["BattleLink", "LeftToAi"]
