"""What the campaign screen asks of what runs the game, beside its seat's link (issue 21, item 3 of "What is left
for ``vas join URL --seat P --token T --tui``" in docs/architecture.md; R-VIEW-37).

:class:`~tui.seat_link.SeatLink` is the game as the seat sees it and plays it.  :class:`SeatHost` is the rest the
screen needs, which belongs to whoever runs the game rather than to the seat: the key the screen keeps its order
groups by, the game going on until a human of this screen decides (the AI's decisions, a battle fought on after an
answer, a failed battle fought again by the classic rules), the engine error that stopped the game and where its
last good state goes, the hand-over between human players at one keyboard, the tactical battles kept for the
Battles tab, the notes of a loaded game and the player's save file.

The local game (:class:`tui.session_host.Session`, hot-seat or against AI nations) is both the link and the host.
A remote host over :mod:`strategic.protocol` would key the groups by the open ``question``, wait for the next
``question`` where the local host runs the AI, never hand over (one seat, one screen), keep no battles and no
autosave of its own (the server keeps the game), and stop on a ``game_over`` or a lost connection.  The campaign
screen reaches the game through these two alone (tests/tui/test_seat_architecture.py).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, runtime_checkable

from strategic.battles import TacticalBattle
from strategic.engine_errors import EngineError
from strategic.state import Phase

KEEP_BATTLE_TURNS = 2
"""Tactical battles of this many turns (the current one and the one before) stay viewable; older ones are dropped."""

Progress = Callable[[str, Phase], None]
"""Told ``(player, phase)`` before each decision the AI takes while the game goes on (the screen's busy line)."""


@runtime_checkable
class SeatHost(Protocol):
    """The game's runner as the campaign screen needs it beside its :class:`~tui.seat_link.SeatLink`."""

    # -- the open decision and the game going on

    def decision_key(self) -> object:
        """The open decision, as the key the screen's order groups are kept by (:class:`tui.stack_orders.OrderGroups`:
        a new key starts new groups); ``None`` when no decision is open."""

    def run_ai_until_human(self, progress: Progress | None = None) -> None:
        """Let the game go on (the AI players' decisions, the questions of players not at this screen answered)
        until a human of this screen must decide, the game ends or a battle question waits (a worker thread).
        Raises :class:`EngineError` (kept in :attr:`error`)."""

    def go_on_fighting(self) -> None:
        """After a battle answer (or a battle left to the AI): the battle fought on to the next question, decision
        or end (a worker thread).  Raises :class:`EngineError` (kept in :attr:`error`)."""

    def go_on_by_classic(self) -> None:
        """After a failed battle: that battle fought by the classic rules and the game going on (a worker thread).
        Raises :class:`EngineError` if it fails again, ``RuntimeError`` when :attr:`error` is no failed battle."""

    # -- the engine error that stopped the game

    @property
    def error(self) -> EngineError | None:
        """The engine failure that stopped the game, or ``None`` while it runs."""

    def last_good_text(self) -> str | None:
        """The save text of the last good state after :attr:`error`, or ``None`` when none was kept."""

    def autosave_target(self) -> Path:
        """Where the last good state is written (beside :attr:`save_path`, never over :attr:`own_files`)."""

    # -- the player's save

    @property
    def save_path(self) -> Path | None:
        """The player's save: the file last saved to, or the one loaded; ``None`` before either."""

    @property
    def own_files(self) -> set[Path]:
        """The files the player saved or loaded (an autosave never goes over one)."""

    @property
    def lock(self) -> threading.Lock:
        """Held while the game goes on without a human (a save waits for a human decision)."""

    def saved_to(self, path: Path) -> None:
        """The player saved the game to ``path``: the next save offers it, autosaves go beside it."""

    # -- the hot-seat hand-over

    def hand_over(self, player: str) -> bool:
        """Whether the screen must be handed over before ``player`` sees it: another human player of this screen
        sat at it last (hot-seat play)."""

    def seated(self, player: str) -> None:
        """``player`` is now at the screen (the board is drawn for him until another is)."""

    # -- the Battles tab and the notes of the game

    @property
    def tactical(self) -> bool:
        """Whether battles are fought on the tactical table (and kept for the Battles tab)."""

    def battles(self) -> list[TacticalBattle]:
        """The tactical battles kept (this turn's and the previous turn's, :data:`KEEP_BATTLE_TURNS`), in order."""

    @property
    def loaded_turn(self) -> int | None:
        """The turn a loaded save was at (the battles fought before it are not kept), ``None`` for a new game."""

    @property
    def combat_note(self) -> str:
        """How a loaded game's combat was chosen (empty for a new game)."""

    @property
    def data_note(self) -> str:
        """What the load said of the save's ``--data`` folders (empty when nothing is to be said)."""


__all__ = ["KEEP_BATTLE_TURNS", "Progress", "SeatHost"]
