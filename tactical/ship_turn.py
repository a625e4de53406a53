"""What a ship has done this turn (000 The Turn): the flags :class:`~tactical.state.ShipState` clears at the start
of each turn (:meth:`TurnFlags.reset_turn_flags`)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(kw_only=True)
class TurnFlags:
    """A ship's flags of the current turn."""

    moved: float = 0.0
    has_moved: bool = False
    has_fired: bool = False
    order: str | None = None
    order_ok: bool = False
    speed_at_move: float = 0.0
    turned: bool = False  # made a turn in its move this turn (carriers launch only on a straight run)
    deck_moves: int = 0  # Flights launched or recovered this turn (000 Launching and Recovering Aircraft)
    searchlight: str | None = None  # the enemy it lit with its searchlights this turn (000 Searchlights)
    detect_tried: bool = False  # tried to detect a submarine this turn (000 Detection)
    aa_fired: bool = False  # its AA Batteries fired this turn (000 Shooting Down Aircraft)
    dp_as_aa: list[int] = field(default_factory=list)  # DP weapons used as AA this turn (000 DP)

    def reset_turn_flags(self) -> None:
        self.moved = 0.0
        self.has_moved = False
        self.has_fired = False
        self.order = None
        self.order_ok = False
        self.speed_at_move = 0.0
        self.turned = False
        self.deck_moves = 0
        self.searchlight = None
        self.detect_tried = False
        self.aa_fired = False
        self.dp_as_aa = []
