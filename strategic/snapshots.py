"""Cheap copies of the campaign state: the undo records of an order and the clock's checkpoints (issue 18).

A deep copy of the whole :class:`~strategic.state.CampaignState` costs most in its event log, which only grows
(an undone order or a battle fought again is taken back by cutting the log where it stood) and whose events are
frozen.  So a copy shares the events: an undo record keeps only how many there were, a checkpoint a list of the
same event objects.  The rest of the state is copied by :func:`clone`, which shares what cannot change (strings,
numbers, enums, frozen models) and copies the containers and models that can.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from enum import Enum
from functools import cache
from types import UnionType
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

from strategic.state import CampaignState
from tactical import Dice, Roll

T = TypeVar("T")

_SHARED: set[type] = {str, int, float, bool, type(None), tuple}  # grows with the enums and frozen models met


def clone(value: T) -> T:
    """A copy of ``value`` that no change to ``value`` reaches: a deep copy that shares immutable values (strings,
    numbers, enums, frozen models; tuples, which the state holds only of those)."""
    kind = type(value)
    if kind in _SHARED:
        return value
    if kind is list:
        return [v if type(v) in _SHARED else clone(v) for v in value]  # type: ignore[return-value,attr-defined]
    if kind is dict:
        return {k: v if type(v) in _SHARED else clone(v)  # type: ignore[return-value]
                for k, v in value.items()}  # type: ignore[attr-defined]
    if isinstance(value, Enum) or (isinstance(value, BaseModel) and value.model_config.get("frozen")):
        _SHARED.add(kind)
        return value
    if isinstance(value, BaseModel) and value.__pydantic_extra__ is None and getattr(value, "__pydantic_private__",
                                                                                      None) is None:
        return _clone_model(value)  # type: ignore[return-value]
    return copy.deepcopy(value)


_set = object.__setattr__


def _clone_model(model: BaseModel) -> BaseModel:
    """A copy of ``model`` (no extra fields, no private attributes), made as pydantic's own ``__copy__`` makes one,
    its changeable fields cloned."""
    kind = type(model)
    fields = model.__dict__.copy()
    for name in _changeable_fields(kind):
        field = fields[name]
        if type(field) not in _SHARED:
            fields[name] = clone(field)
    new = object.__new__(kind)
    _set(new, "__dict__", fields)
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    _set(new, "__pydantic_private__", None)
    return new


@cache
def _changeable_fields(kind: type[BaseModel]) -> tuple[str, ...]:
    """The fields of model ``kind`` whose type may hold a value that changes in place (a list, a dict, a model
    not frozen): the others are shared by a copy.  Assigning values of their declared types is checked by mypy."""
    return tuple(name for name, field in kind.model_fields.items() if not _immutable(field.annotation))


def _immutable(annotation: Any) -> bool:
    """Is every value of type ``annotation`` immutable (a string, number, enum, literal, frozen model, or a union or
    annotation of those)?"""
    origin = get_origin(annotation)
    if origin is Literal:
        return True
    if origin is Annotated:
        return _immutable(get_args(annotation)[0])
    if origin in (Union, UnionType):
        return all(_immutable(arg) for arg in get_args(annotation))
    if annotation in (str, int, float, bool, type(None)):
        return True
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return True
    return isinstance(annotation, type) and issubclass(annotation, BaseModel) and bool(
        annotation.model_config.get("frozen"))


def copy_state(state: CampaignState, previous: CampaignState | None = None) -> CampaignState:
    """A copy of ``state`` sharing its (frozen) events, in a list of its own.  Given the ``previous`` copy (one that
    is only read, as the clock's checkpoints are), the units that have not changed since are shared with it."""
    fields = {k: list(v) if k == "events" else clone(v) for k, v in state.__dict__.items() if k != "units"}
    before = previous.units if previous is not None else {}
    units = {}
    for name, unit in state.units.items():
        kept = before.get(name)
        same = (kept is not None and kept.__dict__ == unit.__dict__
                and kept.__pydantic_fields_set__ == unit.__pydantic_fields_set__)
        units[name] = kept if same else clone(unit)
    fields["units"] = units
    return state.model_copy(update=fields)


class DiceLogRows:
    """The dice log written out as a save holds it (:meth:`tactical.Roll.row`), kept from one checkpoint to the
    next: only the rolls made since (after the rolls both logs share) are written out again."""

    def __init__(self) -> None:
        self._rolls: list[Roll] = []
        self._rows: list[list[Any]] = []

    def dice_state(self, dice: Dice) -> dict[str, Any]:
        """``dice.state(with_log=True)``, its log rows shared with the previous call's (rows are only read)."""
        log = dice.log
        same = 0
        for kept, roll in zip(self._rolls, log, strict=False):
            if kept is not roll:
                break
            same += 1
        self._rolls[same:] = log[same:]
        self._rows[same:] = [roll.row() for roll in log[same:]]
        return dice.state() | {"log": list(self._rows)}


@dataclass(frozen=True)
class UndoRecord:
    """The state before an order, less its event log (of which the count of events is kept), and the dice."""

    fields: dict[str, Any]
    events: int
    dice: tuple[int, dict[str, Any]]


def record(state: CampaignState, dice: tuple[int, dict[str, Any]]) -> UndoRecord:
    """What :func:`restore` needs to bring ``state`` back to where it is now (``dice``: the dice's mark)."""
    fields = {k: clone(v) for k, v in state.__dict__.items() if k != "events"}
    return UndoRecord(fields, len(state.events), dice)


def restore(state: CampaignState, undo: UndoRecord) -> None:
    """Bring ``state`` back, in place (the clock holds this very object), to what :func:`record` kept; the events
    logged since are cut off.  The dice are the caller's."""
    for name, value in undo.fields.items():
        setattr(state, name, value)
    del state.events[undo.events:]


__all__ = ["DiceLogRows", "UndoRecord", "clone", "copy_state", "record", "restore"]
