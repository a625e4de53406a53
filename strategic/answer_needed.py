"""The battle stops for an answer: :class:`AnswerNeeded`, raised where a battle (classic or on the table) reaches a
question that the player who must answer it has not answered yet.

It sits below both kinds of battle question's askers (:class:`strategic.classic.scripts.AskingPolicy` and the
seats of :mod:`strategic.commanders`), so that neither imports the other's package for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from strategic.classic.scripts import Question
    from tactical import TacticalQuestion


class AnswerNeeded(Exception):
    """Not an error: raised by :class:`~strategic.classic.scripts.AskingPolicy` (or a seat on the table,
    :mod:`strategic.commanders`) when the battle reaches a question nobody has answered yet; ``player`` (a player's
    name, or ``""``) is who must answer it."""

    def __init__(self, question: Question | TacticalQuestion, player: str = "", brief: Any = None) -> None:
        super().__init__(question.describe())
        self.question = question
        self.player = player
        self.brief = brief  # what the player is shown with it (strategic.classic.briefs.Brief), if asked for
