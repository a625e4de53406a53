"""The revision of the battle state (issue 18): one counter that every change to a ship bumps, the key of the
caches of its derived figures (Flank Speed, traits, Attack Dice, the ships afloat).

A change is any assignment to a field of a :class:`~tactical.state.ShipState` or of one of its
:class:`~tactical.state.WeaponState`, and any change to one of their lists and dicts, which are kept as
:class:`TrackedList` and :class:`TrackedDict` (they bump the counter on every mutating call).  A cached figure is
kept with the revision it was worked out at and worked out again once the counter has moved on, so a cache is
never stale: every change anywhere counts (in any battle of the process), and a figure costs nothing between two
changes -- the AI's move and fire searches read the same figures thousands of times with nothing changing.

:data:`CHECK` (tests set it) makes every cached figure be worked out afresh too and compared with the cache
(:class:`StaleCache` on a difference): the proof that no change escapes the counter.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, SupportsIndex, TypeVar

T = TypeVar("T")

CHECK = False
"""Check every cached figure against a fresh one (tests)."""

_revision = 0


def current() -> int:
    """The revision now."""
    return _revision


def bump() -> None:
    """Something in a battle state changed: every cached figure is out of date."""
    global _revision
    _revision += 1


class StaleCache(AssertionError):
    """A cached figure differs from the same figure worked out afresh (only raised under :data:`CHECK`)."""


class Memo:
    """Figures worked out at one revision, by key."""

    __slots__ = ("revision", "values")

    def __init__(self, revision: int) -> None:
        self.revision = revision
        self.values: dict[Any, Any] = {}


_MISSING = object()


class Derived:
    """A mixin for the states whose figures are cached (:meth:`derived`).  The cache is kept outside the
    dataclass fields (so never in the JSON, the equality or ``asdict``), and copies and pickles leave it behind."""

    def derived(self, key: Any, compute: Callable[..., T], *args: Any) -> T:
        """The figure ``key``, ``compute(*args)``, cached until anything in a battle state changes (the revision
        moves on); a figure worked out while something changed is not kept."""
        revision = _revision
        memo = self.__dict__.get("_memo")
        if memo is None or memo.revision != revision:
            memo = self.__dict__["_memo"] = Memo(revision)
        values = memo.values
        value = values.get(key, _MISSING)
        if value is _MISSING:
            value = compute(*args)
            if revision == _revision:
                values[key] = value
        elif CHECK and (fresh := compute(*args)) != value:
            raise StaleCache(f"cached {key!r} is {value!r}, worked out afresh {fresh!r}")
        return value  # type: ignore[no-any-return]

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_memo"}


class TrackedList(list[T]):
    """A list that bumps the revision whenever it changes."""

    def __setitem__(self, index: Any, value: Any) -> None:
        bump()
        super().__setitem__(index, value)

    def __delitem__(self, index: Any) -> None:
        bump()
        super().__delitem__(index)

    def __iadd__(self, values: Iterable[T]) -> TrackedList[T]:  # type: ignore[override,misc]
        bump()
        return super().__iadd__(values)  # type: ignore[return-value]

    def __imul__(self, count: SupportsIndex) -> TrackedList[T]:  # type: ignore[override]
        bump()
        return super().__imul__(count)  # type: ignore[return-value]

    def append(self, value: T) -> None:
        bump()
        super().append(value)

    def extend(self, values: Iterable[T]) -> None:
        bump()
        super().extend(values)

    def insert(self, index: SupportsIndex, value: T) -> None:
        bump()
        super().insert(index, value)

    def remove(self, value: T) -> None:
        bump()
        super().remove(value)

    def pop(self, index: SupportsIndex = -1) -> T:
        bump()
        return super().pop(index)

    def clear(self) -> None:
        bump()
        super().clear()

    def sort(self, *args: Any, **kwargs: Any) -> None:
        bump()
        super().sort(*args, **kwargs)

    def reverse(self) -> None:
        bump()
        super().reverse()


class TrackedDict(dict[Any, Any]):
    """A dict that bumps the revision whenever it changes."""

    def __setitem__(self, key: Any, value: Any) -> None:
        bump()
        super().__setitem__(key, tracked(value) if isinstance(value, dict) else value)

    def __delitem__(self, key: Any) -> None:
        bump()
        super().__delitem__(key)

    def __ior__(self, other: Any) -> TrackedDict:  # type: ignore[override,misc]
        self.update(other)
        return self

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return self[key]

    def pop(self, key: Any, *default: Any) -> Any:
        bump()
        return super().pop(key, *default)

    def popitem(self) -> tuple[Any, Any]:
        bump()
        return super().popitem()

    def clear(self) -> None:
        bump()
        super().clear()


def tracked(value: Any) -> Any:
    """``value`` as a tracked container: a list or a dict copied into a :class:`TrackedList` /
    :class:`TrackedDict` (the dicts inside a dict too, as ``level_effects`` holds), anything else as it is."""
    if isinstance(value, TrackedList | TrackedDict):
        return value
    if isinstance(value, list):
        return TrackedList(value)
    if isinstance(value, dict):
        return TrackedDict({k: tracked(v) if isinstance(v, dict) else v for k, v in value.items()})
    return value
