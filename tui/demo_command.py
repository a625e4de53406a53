"""``vas battle --demo NAME --human allies|axis|both``: command a bundled battle on the table (issue #16).

A small app holding one :class:`~tui.command_screen.CommandScreen`: the sides named are the player's (``allies``
is the first fleet, ``axis`` the second), the others the AI's.  When the engine refuses an answer, the battle is
fought again from its start with the answers given before it (same seed: the same battle up to that question) and
the question is asked again with the refusal shown.  The report is printed when the app closes, as ``vas battle``
prints it.  ``s`` at a question saves the battle to a file the player names (:mod:`tui.demo_saves`) and goes on
at that question; ``vas battle --load FILE`` reopens it there (R-SEAT-06).  ``q`` twice leaves the battle.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App

from tactical import BattleReport, BattleSpec, Seat, TacticalEntry, resolve
from tui.command_screen import CommandScreen, LiveAsk, Outcome
from tui.demo_saves import DemoSave, save_demo

HUMAN_SIDES = {"allies": (0,), "axis": (1,), "both": (0, 1)}
"""``--human``: the fleets the player commands (the demos' first fleet is the Allied one)."""


class DemoCommandApp(App[None]):
    """Command ``humans`` (side indexes) of ``spec``; :attr:`report` is the battle's report once it ends."""

    TITLE = "Victory at Sea: command a battle"
    CSS = """
    PathScreen { align: center middle; }
    #path-dialog { width: 70; height: auto; padding: 1 2; border: thick $accent; background: $surface; }
    """

    def __init__(self, spec: BattleSpec, humans: tuple[int, ...], title: str, *, demo: str | None = None,
                 seed: int = 0, saved: DemoSave | None = None, options: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.spec, self.humans, self.battle_title = spec, humans, title
        self.demo, self.seed = demo, seed  # a demo named by the command line can be saved (``s``)
        self.options = options  # the tactical options chosen (vas battle --option), saved with it
        self.report: BattleReport | None = None
        self.given: list[TacticalEntry] = list(saved.answers) if saved else []  # the human sides' answers, in order
        self.ships_left = dict(saved.ships_left) if saved else {}
        self.turns_left = dict(saved.turns_left) if saved else {}
        self.battle_left = list(saved.battle_left) if saved else []
        self.turn_left = 0  # the turn the player stopped at
        self.failure: str | None = None  # the battle could not go on (a save whose answers do not fit it)
        self.saved_to: Path | None = None

    def on_mount(self) -> None:
        self._command(refusal=None)

    def _command(self, refusal: str | None, notice: str | None = None, retype: str = "") -> None:
        self.push_screen(CommandScreen(self._run, self.battle_title, refusal, can_save=self.demo is not None,
                                       confirm_quit=True, notice=notice, ships_left=self.ships_left,
                                       turns_left=self.turns_left, battle_left=self.battle_left, retype=retype),
                         self._after)

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
        if outcome is not None:
            self.ships_left, self.turns_left = outcome.ships_left, outcome.turns_left
            self.battle_left = outcome.battle_left
        if outcome is not None and outcome.kind == "refused":
            self.given = self.given[:-1]  # the refused answer is the last given
            self._command(outcome.refusal, retype=outcome.typed)
            return
        if outcome is not None and outcome.kind == "stopped" and outcome.then == "save":
            name = str(self.saved_to) if self.saved_to else f"{self.demo}-battle.json"
            from tui.dialogs import PathScreen  # the game's own file dialog (imported when asked)

            self.push_screen(PathScreen("Save the battle to (vas battle --load FILE reopens it here):", name),
                             self._save_to)
            return
        if outcome is not None and outcome.kind == "done":
            self.report = outcome.result
        else:
            self.failure = outcome.refusal if outcome is not None and outcome.kind == "failed" else None
            asked = outcome.turn if outcome is not None else None  # the question it was left at, else the last answered
            self.turn_left = asked if asked is not None else self.given[-1].question.turn if self.given else 0
        self.exit()

    def _save_to(self, name: str | None) -> None:
        """Write the save (the battle goes on at the same question either way; a failure is said there)."""
        problem = None
        if name is not None and self.demo is not None:
            path = Path(name).expanduser()
            save = DemoSave(self.demo, self.seed, self.humans, list(self.given), self.ships_left, self.turns_left,
                            self.battle_left, list(self.options))
            try:
                if not path.parent.is_dir():
                    raise FileNotFoundError(f"no folder {path.parent}")
                save_demo(path, save)
            except OSError as exc:
                problem = f"not saved to {path}: {exc.strerror or exc}"
            else:
                self.saved_to = path
                self.notify(f"Saved to {path}: vas battle --load {path} reopens the battle here", title="Saved")
        self._command(refusal=None, notice=problem)


def _asker(ask: LiveAsk, player: str) -> Any:
    return lambda question, battle, advice: ask(question, battle, advice, player)


__all__ = ["HUMAN_SIDES", "DemoCommandApp"]
