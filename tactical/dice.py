"""Seeded, labelled dice: every roll of the campaign and of every battle comes from here.

DESIGN.md "Dice": one :class:`Dice` per campaign or battle wraps a ``numpy.random.Generator``; every roll
carries a label (who, what) and the rule that called for it, and is appended to :attr:`Dice.log`.  Seeds come
from ``SeedSequence(seed, spawn_key=key)`` so that a battle replays the same whatever ran before it.
:class:`ScriptedDice` returns faces given by a test, to force any outcome.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Roll:
    """One call to the dice: ``faces`` of ``sides``-sided dice, what they were for and under which rule."""

    label: str
    rule: str
    sides: int
    faces: tuple[int, ...]

    def row(self) -> list[Any]:
        """The roll as a save's dice log holds it: ``[label, rule, sides, faces]`` (:meth:`Dice.state`)."""
        return [self.label, self.rule, self.sides, list(self.faces)]

    def __str__(self) -> str:
        return (
            f"{self.label} [{self.rule}]: {'d' if len(self.faces) == 1 else f'{len(self.faces)}d'}{self.sides} -> "
            + (", ".join(map(str, self.faces)))
        )


class DiceExhausted(RuntimeError):
    """A :class:`ScriptedDice` was asked for more dice than the test scripted."""


class Dice:
    """Dice from a seeded ``numpy.random.Generator`` (PCG64).

    ``seed`` is an int (or ``None`` for 0); ``key`` a spawn key such as ``(turn, battle_no)``.  Raises
    ``ValueError`` for a die with fewer than 2 sides or a negative count.
    """

    def __init__(self, seed: int | None = 0, key: tuple[int, ...] = ()) -> None:
        self.seed = 0 if seed is None else int(seed)
        self.key = tuple(int(k) for k in key)
        self._rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(self.seed, spawn_key=self.key)))
        self.log: list[Roll] = []
        self.on_roll: Callable[[Roll], None] | None = None  # told of each roll (the campaign logs it as an event)

    def spawn(self, *key: int) -> Dice:
        """Independent dice for a sub-process (a battle): same seed, spawn key extended by ``key``."""
        return Dice(self.seed, (*self.key, *key))

    def roll(self, count: int, sides: int = 6, *, label: str, rule: str = "") -> tuple[int, ...]:
        """Roll ``count`` dice of ``sides`` faces (1..sides); logged as one :class:`Roll`."""
        if sides < 2 or count < 0:
            raise ValueError(f"cannot roll {count}d{sides}")
        faces = tuple(int(f) for f in self._draw(count, sides))
        roll = Roll(label, rule, sides, faces)
        self.log.append(roll)
        if self.on_roll is not None:
            self.on_roll(roll)
        return faces

    def d6(self, *, label: str, rule: str = "") -> int:
        return self.roll(1, 6, label=label, rule=rule)[0]

    def d10(self, *, label: str, rule: str = "") -> int:
        return self.roll(1, 10, label=label, rule=rule)[0]

    def _draw(self, count: int, sides: int) -> np.ndarray:
        return self._rng.integers(1, sides + 1, size=count)

    # -- saves: the generator state is plain JSON-able data
    def state(self, *, with_log: bool = False) -> dict[str, Any]:
        """The seed, key and generator state (and, ``with_log``, every roll so far, for a save's audit trail);
        :meth:`from_state` restores it exactly."""
        out: dict[str, Any] = {"seed": self.seed, "key": list(self.key), "bit_generator": self._rng.bit_generator.state}
        if with_log:
            out["log"] = [r.row() for r in self.log]
        return out

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Dice:
        """Dice in the saved ``state`` (with its rolls when it holds a ``log``).  Raises ``ValueError`` or
        ``TypeError`` for a malformed state (checked by :func:`strategic.save_checks.check_dice`)."""
        dice = cls(state["seed"], tuple(state["key"]))
        dice._rng.bit_generator.state = state["bit_generator"]
        dice.log = [Roll(str(label), str(rule), int(sides), tuple(int(f) for f in faces))
                    for label, rule, sides, faces in state.get("log", [])]
        return dice

    # -- taking back: a failed battle or an undone order leaves the dice as they were
    def mark(self) -> tuple[int, dict[str, Any]]:
        """Where the dice are now (rolls so far, generator state): :meth:`rewind` comes back here."""
        return len(self.log), dict(self._rng.bit_generator.state)

    def rewind(self, mark: tuple[int, dict[str, Any]]) -> None:
        """Take back every roll made since ``mark``: the next roll is the one that came after it."""
        count, generator = mark
        del self.log[count:]
        self._rng.bit_generator.state = generator


class ScriptedDice(Dice):
    """Dice that return the faces a test gives, in order; raises :class:`DiceExhausted` when they run out.

    A face outside ``1..sides`` raises ``ValueError``, so a script cannot silently roll a 7 on a d6.
    """

    def __init__(self, faces: Iterable[int] = ()) -> None:
        super().__init__(0)
        self._script: deque[int] = deque(faces)

    def push(self, *faces: int) -> None:
        self._script.extend(faces)

    @property
    def remaining(self) -> int:
        return len(self._script)

    def spawn(self, *key: int) -> Dice:
        return self  # a scripted game shares one script

    def _draw(self, count: int, sides: int) -> np.ndarray:
        if len(self._script) < count:
            raise DiceExhausted(f"script has {len(self._script)} dice left, {count}d{sides} asked")
        faces = [self._script.popleft() for _ in range(count)]
        bad = [f for f in faces if not 1 <= f <= sides]
        if bad:
            raise ValueError(f"scripted face(s) {bad} impossible on a d{sides}")
        return np.array(faces)
