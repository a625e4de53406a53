"""A submarine's own state (000 Submarines), kept on its :class:`~tactical.state.ShipState`: its depth, its Sector
while hidden, whether it is detected, and its per-turn flags (:meth:`SubmarineFields.reset_submarine_turn`).
The rules that use them are :mod:`tactical.submarines`."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Depth(StrEnum):
    """000 Submarines: Depth."""

    SURFACED = "surfaced"
    SUBMERGED = "submerged"
    DEEP = "running deep"


@dataclass(kw_only=True)
class SubmarineFields:
    """``depth`` is ``None`` for a ship that is not a submarine."""

    depth: Depth | None = None
    sector: int | None = None
    detected: bool = False  # until the End Phase
    detected_last_turn: bool = False
    surfaced_last_turn: bool = False
    torpedo_turn: int = -10  # last turn it fired a torpedo
    silent_running: bool = False  # Rig for Silent Running! passed this turn
    depth_changed: bool = False  # changed depth this turn (no Orders)
    asw_last: dict[str, int] = field(default_factory=dict)  # depth charge system -> last turn it fired

    def reset_submarine_turn(self) -> None:
        self.silent_running = False
        self.depth_changed = False
