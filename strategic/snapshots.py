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
from typing import Any, TypeVar

from pydantic import BaseModel

from strategic.state import CampaignState

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
    if isinstance(value, BaseModel):
        new = copy.copy(value)  # pydantic's own shallow copy: a dict of fields (and a set of fields set) of its own
        fields = new.__dict__
        for name, field in fields.items():
            if type(field) not in _SHARED:
                fields[name] = clone(field)
        return new
    return copy.deepcopy(value)


def copy_state(state: CampaignState) -> CampaignState:
    """A copy of ``state`` sharing its (frozen) events, in a list of its own."""
    return state.model_copy(update={k: list(v) if k == "events" else clone(v) for k, v in state.__dict__.items()})


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


__all__ = ["UndoRecord", "clone", "copy_state", "record", "restore"]
