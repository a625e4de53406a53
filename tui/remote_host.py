"""The host of a campaign screen on a seat's websocket link (:class:`tui.seat_host.SeatHost` for a
:class:`~tui.remote_link.RemoteSeatLink`; docs/architecture.md "What is left", item 3; R-NET-25).

The server runs the game: where the local session lets the AI play, this host waits for the seat's next question
(each other seat's ``wait`` told as progress); a battle answered is fought on by the server unasked.  It keys the
screen's order groups by the open decision, the turn and phase of the seat's orders question (its number changes
with each order given or taken back, the decision does not).  One seat, one screen: never a hand-over.  The server
keeps the game, so no autosave, no engine error of its own (the server's is its own, R-NET-09), no tactical battle
kept for the Battles tab (the battle reports are not sent) and no notes of a loaded game.  Like the link, it is
reached by its tests only.
"""

from __future__ import annotations

import threading
from pathlib import Path

from strategic.battles import TacticalBattle
from strategic.engine_errors import EngineError
from strategic.protocol import Wait
from strategic.state import Phase
from tui.remote_link import RemoteSeatLink
from tui.seat_host import Progress

PHASES = {p.value: p for p in Phase}


class RemoteSeatHost:
    """The :class:`~tui.seat_host.SeatHost` of a screen on ``link`` (module docstring)."""

    def __init__(self, link: RemoteSeatLink) -> None:
        self._link = link
        self._key: tuple[int, str] | None = None
        self._lock = threading.Lock()
        self._save_path: Path | None = None

    # -- the open decision and the game going on

    def decision_key(self) -> object:
        """The seat's open decision as one object while it lasts: ``(turn, phase)`` of its orders question."""
        question = self._link.asked()
        if question is None:
            return None
        moment = (question.turn, question.phase)
        if moment != self._key:
            self._key = moment
        return self._key

    def run_ai_until_human(self, progress: Progress | None = None) -> None:
        """Wait for the seat's next question, a battle blocking the game or its end (the server plays the others);
        ``progress(player, phase)`` for each other seat's decision told meanwhile.  Raises
        :class:`~tui.remote_link.LinkClosed` when the connection closes first."""
        def told(wait: Wait) -> None:
            if progress is not None and wait.phase in PHASES:
                progress(wait.who.value, PHASES[wait.phase])

        self._link.wait_for_turn(progress=told)

    def go_on_fighting(self) -> None:
        """Nothing to send: the server fights the battle on after an answer; :meth:`run_ai_until_human` waits."""

    def go_on_by_classic(self) -> None:
        raise RuntimeError("only a failed battle can be fought by the classic rules, and a remote game's engine "
                           "errors are the server's")

    # -- the engine error: the server's

    @property
    def error(self) -> EngineError | None:
        return None

    def last_good_text(self) -> str | None:
        return None

    def autosave_target(self) -> Path:
        raise RuntimeError("a remote seat writes no autosave: the server keeps the game")

    # -- the player's save: the server keeps the game (the link refuses a save)

    @property
    def save_path(self) -> Path | None:
        return self._save_path

    @property
    def own_files(self) -> set[Path]:
        return {self._save_path} if self._save_path is not None else set()

    @property
    def lock(self) -> threading.Lock:
        return self._lock

    def saved_to(self, path: Path) -> None:
        self._save_path = path

    # -- one seat, one screen

    def hand_over(self, player: str) -> bool:
        return False

    def seated(self, player: str) -> None:
        """Nothing to keep: the screen is the seat's alone."""

    # -- the Battles tab and the notes

    @property
    def tactical(self) -> bool:
        return self._link.welcome.combat == "tactical"

    def battles(self) -> list[TacticalBattle]:
        """None kept: the server sends no battle reports yet (docs/architecture.md "What is left", item 4)."""
        return []

    @property
    def loaded_turn(self) -> int | None:
        return None

    @property
    def combat_note(self) -> str:
        return ""

    @property
    def data_note(self) -> str:
        return ""


__all__ = ["RemoteSeatHost"]
