"""Evaluating nationality and basing limits (data in ``limits.yaml``).

A :class:`~scenarios.models.Limit` says which units may (``confine``) or may not (``exclude``) be in which
places, in which turns and under which condition.  The operational engine asks :func:`violated_limits` for
every move and basing; the data loader asks it for every arrival place.  ``cap`` limits count units and are
enforced by the engine, not here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from scenarios.models import Activity, Condition, Limit, LimitKind, Side, Unit


def selects(limit: Limit, unit: Unit, side: Side | None = None) -> bool:
    """True if ``unit`` (now on ``side``, if known) is one of the units ``limit`` speaks of (empty selector
    lists match all)."""
    sel = limit.units
    return (
        (not sel.nations or unit.nation in sel.nations)
        and (not sel.sides or side is None or side in sel.sides)
        and (not sel.types or unit.type in sel.types)
        and (not sel.counters or unit.counter in sel.counters)
        and (not sel.names or unit.name in sel.names)
    )


def covers_place(limit: Limit, place: str, theatre: str | None) -> bool:
    """True if ``place`` (of ``theatre``) is one of the limit's places or lies in one of its theatres."""
    return place in limit.places or (theatre is not None and theatre in limit.theatres)  # a Theatre equals its value


def violated_limits(
    limits: Iterable[Limit],
    unit: Unit,
    place: str,
    theatre: str | None,
    turn: int,
    activity: Activity,
    holds: Callable[[Condition], bool] = lambda c: c is Condition.ALWAYS,
    side: Side | None = None,
    *,
    selected: bool = False,
) -> list[Limit]:
    """The confine/exclude limits that forbid ``unit`` being in ``place`` on ``turn`` doing ``activity``.

    ``holds`` tells which conditions are true now (default: only ``always``, i.e. limits that depend on the
    POC situation or port ownership are ignored).  Returns an empty list when the placement is legal.
    ``selected``: every limit given is known to select ``unit`` on ``side`` (:func:`selects` is not asked again).
    """
    broken = []
    for limit in limits:
        if limit.kind is LimitKind.CAP or not (selected or selects(limit, unit, side)):
            continue
        if not (limit.from_turn <= turn <= limit.until_turn) or activity not in limit.activity:
            continue
        if not holds(limit.condition):
            continue
        inside = covers_place(limit, place, theatre)
        if (limit.kind is LimitKind.CONFINE and not inside) or (limit.kind is LimitKind.EXCLUDE and inside):
            broken.append(limit)
    return broken


def describe(limit: Limit) -> str:
    """``"002 §3.421: ..."``: the rule and the limit's id, for error messages."""
    return f"{limit.rule} (limit '{limit.id}')"
