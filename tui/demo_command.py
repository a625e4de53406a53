"""``vas battle --demo NAME --human allies|axis|both``: command a bundled battle on the table (issue #16).

A small app holding one :class:`~tui.command_screen.CommandScreen`: the sides named are the player's (``allies``
is the first fleet, ``axis`` the second), the others the AI's.  When the engine refuses an answer, the battle is
fought again from its start with the answers given before it (same seed: the same battle up to that question) and
the question is asked again with the refusal shown.  The report is printed when the app closes, as ``vas battle``
prints it; a battle left in the middle is not kept (a demo is fought in one sitting: the campaign's battles are
saved with the game).
"""

from __future__ import annotations

from typing import Any

from textual.app import App

from tactical import BattleReport, BattleSpec, Seat, TacticalEntry, resolve
from tui.command_screen import CommandScreen, LiveAsk, Outcome

HUMAN_SIDES = {"allies": (0,), "axis": (1,), "both": (0, 1)}
"""``--human``: the fleets the player commands (the demos' first fleet is the Allied one)."""


class DemoCommandApp(App[None]):
    """Command ``humans`` (side indexes) of ``spec``; :attr:`report` is the battle's report once it ends."""

    TITLE = "Victory at Sea: command a battle"

    def __init__(self, spec: BattleSpec, humans: tuple[int, ...], title: str) -> None:
        super().__init__()
        self.spec, self.humans, self.battle_title = spec, humans, title
        self.report: BattleReport | None = None
        self.given: list[TacticalEntry] = []  # every answer of the human sides, in the order asked
        self.turn_left = 0  # the turn the player stopped at

    def on_mount(self) -> None:
        self._command(refusal=None)

    def _command(self, refusal: str | None) -> None:
        self.push_screen(CommandScreen(self._run, self.battle_title, refusal, can_save=False), self._after)

    def _run(self, ask: LiveAsk) -> BattleReport:
        """Fight the battle (on the screen's thread) from its start: the answers given so far, then ``ask``."""
        script = list(self.given)  # a prefix of the battle's answers: both seats use up theirs before a new one
        seats: list[Seat | None] = [None, None]
        for side in self.humans:
            name = self.spec.sides[side].name
            seats[side] = Seat(side, [e for e in script if e.question.side == side], _asker(ask, name),
                               on_answer=self.given.append, where=f"{name}'s answers")
        return resolve(self.spec, seats)

    def _after(self, outcome: Outcome | None) -> None:
        if outcome is not None and outcome.kind == "refused":
            self.given = self.given[:-1]  # the refused answer is the last given
            self._command(outcome.refusal)
            return
        if outcome is not None and outcome.kind == "done":
            self.report = outcome.result
        else:
            self.turn_left = self.given[-1].question.turn if self.given else 0
        self.exit()


def _asker(ask: LiveAsk, player: str) -> Any:
    return lambda question, battle, advice: ask(question, battle, advice, player)


__all__ = ["HUMAN_SIDES", "DemoCommandApp"]
