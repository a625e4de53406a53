"""The battle's event log: every thing that happened, in order, with every die roll interleaved.

DESIGN.md "State, actions, events": events are frozen; the list is the log, the replay and the audit trail.
:class:`EventLog` also drains the battle's :class:`~tactical.dice.Dice` log, so that each roll lands in the
event list just before the event it led to (``kind == "roll"``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tactical.dice import Dice


@dataclass(frozen=True)
class Event:
    """One thing that happened.

    ``kind`` names it (``roll``, ``initiative``, ``move``, ``order``, ``attack``, ``damage``, ``critical``,
    ``crippled``, ``sunk``, ``withdrew``, ``vp`` ...), ``text`` is the line of the account, ``ship``/``side`` who it
    concerns, ``data`` its figures as ``(key, value)`` pairs of plain JSON values.
    """

    turn: int
    phase: str
    kind: str
    text: str
    ship: str | None = None
    side: str | None = None
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"turn": self.turn, "phase": self.phase, "kind": self.kind, "text": self.text}
        if self.ship is not None:
            out["ship"] = self.ship
        if self.side is not None:
            out["side"] = self.side
        if self.data:
            out["data"] = {k: list(v) if isinstance(v, tuple) else v for k, v in self.data}
        return out


@dataclass
class EventLog:
    """Events in order.  ``turn``/``phase`` stamp new events; :meth:`emit` first records pending dice rolls."""

    dice: Dice
    events: list[Event] = field(default_factory=list)
    turn: int = 0
    phase: str = "set-up"
    _rolls_seen: int = 0

    def flush_rolls(self) -> None:
        for roll in self.dice.log[self._rolls_seen :]:
            self.events.append(
                Event(
                    self.turn,
                    self.phase,
                    "roll",
                    str(roll),
                    data=(("label", roll.label), ("rule", roll.rule), ("sides", roll.sides), ("faces", roll.faces)),
                )
            )
        self._rolls_seen = len(self.dice.log)

    def emit(self, kind: str, text: str, *, ship: str | None = None, side: str | None = None, **data: Any) -> Event:
        """Append an event (after any rolls made since the last one) and return it."""
        self.flush_rolls()
        event = Event(self.turn, self.phase, kind, text, ship, side, tuple(data.items()))
        self.events.append(event)
        return event

    def of_kind(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.kind == kind]
