"""Several orders given in one step (a stack sent to one area, or a typed list ``move Nelson, Rodney > ...``): all
of them or none (issue #17).

Each order is verified by the engine (:meth:`strategic.campaign.Campaign.verify`) before any is given, so a refusal
changes nothing and rolls no die.  The orders are then given in turn; should one be refused after those before it
were given (they changed what it may do: an area's limit, say), those are taken back with
:meth:`~strategic.campaign.Campaign.undo` (state and dice), so again none stands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from strategic.campaign import Campaign
from strategic.orders import IllegalOrder, Order
from strategic.state import Event
from tui.order_selection import unit_of


@dataclass(frozen=True)
class Refusal:
    """An order of the group the engine refused: the unit it named and the engine's error (rule and message)."""

    unit: str
    error: IllegalOrder

    def __str__(self) -> str:
        return f"{self.unit or 'the order'}: {self.error}"


@dataclass
class Given:
    """What became of a group of orders: the events of the orders given, or the refusals (then none was given)."""

    events: list[Event] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.refusals

    def refused_text(self, count: int) -> str:
        """``Hood: VITP 6.1 / WAS 3.1: ...; none of the 2 orders was given`` (one order: the engine's refusal); the
        units refused for the same reason are named together (``Warspite, Valiant: 002 §3.232: ...``)."""
        if count == 1:
            return "; ".join(str(r.error) for r in self.refusals)
        why: dict[str, list[str]] = {}
        for r in self.refusals:
            why.setdefault(str(r.error), []).append(r.unit or "the order")
        told = "; ".join(f"{', '.join(units)}: {reason}" for reason, units in why.items())
        return f"{told}; none of the {count} orders was given"


def give_together(campaign: Campaign, apply: Callable[[str, Order], list[Event]], player: str,
                  orders: list[Order]) -> Given:
    """Give ``orders`` for ``player`` with ``apply`` (the session's, which raises :class:`IllegalOrder` or an engine
    error), all or none.  The campaign must keep its undo records (``keep_undo``, as the app's sessions do)."""
    if len(orders) > 1 and not campaign.keep_undo:
        raise RuntimeError("orders given together need the campaign's undo records (keep_undo)")
    refusals = []
    for order in orders:
        try:
            campaign.verify(player, order)
        except IllegalOrder as exc:
            refusals.append(Refusal(unit_of(order), exc))
    if refusals:
        return Given(refusals=refusals)
    given = Given()
    for number, order in enumerate(orders):
        try:
            given.events += apply(player, order)
        except IllegalOrder as exc:
            for _ in range(number):
                campaign.undo()
            return Given(refusals=[Refusal(unit_of(order), exc)])
    return given


class OrderGroups:
    """The groups of orders given together in the current decision, so that ``u`` takes back a whole group, as it
    was given (R-UI-43): a stack's orders stand or fall together.  A new decision (another :class:`Decision`
    object of the clock) starts with no group; an order not given through :meth:`given` is taken back alone."""

    def __init__(self) -> None:
        self._decision: object = None
        self._groups: list[list[str]] = []

    def given(self, decision: object, orders: list[Order]) -> None:
        """``orders`` were given together in ``decision``."""
        if decision is not self._decision:
            self._decision, self._groups = decision, []
        self._groups.append([unit_of(o) for o in orders])

    def take_back(self, undo: Callable[[], bool], decision: object) -> list[str] | None:
        """Take back the last group given in ``decision``, one order a call of ``undo`` (the seat's
        :meth:`~tui.seat_link.SeatLink.undo`: state and dice, :meth:`Campaign.undo`): the units it named, or
        ``None`` if there was nothing to take back."""
        group = self._groups.pop() if decision is self._decision and self._groups else [""]
        taken = [unit for unit in group if undo()]
        return taken or None


def taken_back_text(units: list[str]) -> str:
    """``order taken back`` for one order, ``5 orders taken back (Hood, ...)`` for a group (R-UI-43)."""
    named = [u for u in units if u]
    if len(units) == 1:
        return f"order taken back{f' ({named[0]})' if named else ''}"
    return f"{len(units)} orders taken back, given together: {', '.join(named)}"
