"""The shape of a campaign order's rule (issue #14, item 4), after python-chess and PokerKit: one object per kind
of order (:mod:`strategic.orders`) says whether an order of that kind is legal now and, separately, carries it out.

- :meth:`OrderRule.verify` is pure: it returns a *plan* (what the order will do, e.g. where a speed roll falls) or
  raises :class:`~strategic.orders.IllegalOrder` naming the rule broken; it changes neither the state nor the dice.
- :meth:`OrderRule.apply` carries out a plan ``verify`` returned, logging the events it causes.
- :meth:`OrderRule.candidates` (per unit) and :meth:`OrderRule.unit_free_candidates` propose the orders worth asking
  ``verify`` about in the rule's :attr:`~OrderRule.phases`; every order ``verify`` accepts is among them.  The legal
  orders are the candidates that verify (:func:`strategic.rulebook.legal_orders`), so the two cannot disagree.

Each rule's module cites the sources of its checks; the rules are gathered in :mod:`strategic.rulebook`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from strategic.orders import IllegalOrder

if TYPE_CHECKING:
    from strategic.campaign import Campaign
    from strategic.state import Phase, UnitState

OrderT = TypeVar("OrderT")  # the order
PlanT = TypeVar("PlanT")  # the plan verify returns and apply carries out


class OrderRule(ABC, Generic[OrderT, PlanT]):
    """The rule of one kind of order (:attr:`kind`), given in :attr:`phases` (where it is offered)."""

    kind: ClassVar[type[Any]]
    phases: ClassVar[frozenset[Phase]] = frozenset()  # empty: never offered (a loan is always possible)

    @abstractmethod
    def verify(self, campaign: Campaign, player: str, order: OrderT) -> PlanT:
        """The plan of ``order`` given by ``player`` now; raises :class:`IllegalOrder` naming the rule broken.
        Changes nothing."""

    @abstractmethod
    def apply(self, campaign: Campaign, plan: PlanT) -> None:
        """Carry out a plan :meth:`verify` returned just now (its events are logged)."""

    def candidates(self, campaign: Campaign, player: str, us: UnitState) -> Iterable[OrderT]:
        """The orders of this kind for ``us`` (a unit ``player`` commands) worth verifying now."""
        return ()

    def unit_free_candidates(self, campaign: Campaign, player: str) -> Iterable[OrderT]:
        """The orders of this kind naming no unit worth verifying now."""
        return ()

    def legal(self, campaign: Campaign, player: str, us: UnitState) -> list[OrderT]:
        """The orders of this kind ``player`` may give ``us`` now: the candidates that verify."""
        return [order for order in self.candidates(campaign, player, us) if self.accepts(campaign, player, order)]

    def iter_legal(self, campaign: Campaign, player: str, us: UnitState) -> Iterator[OrderT]:
        """:meth:`legal`, one order at a time (to stop at the first, :func:`strategic.rulebook.any_legal_order`)."""
        return (order for order in self.candidates(campaign, player, us) if self.accepts(campaign, player, order))

    def unit_free_legal(self, campaign: Campaign, player: str) -> list[OrderT]:
        """The orders of this kind naming no unit ``player`` may give now: the candidates that verify."""
        return [order for order in self.unit_free_candidates(campaign, player) if self.accepts(campaign, player, order)]

    def accepts(self, campaign: Campaign, player: str, order: OrderT) -> bool:
        """Does :meth:`verify` accept ``order``?"""
        try:
            self.verify(campaign, player, order)
        except IllegalOrder:
            return False
        return True


class NamesAUnit(Protocol):
    """An order given to one unit."""

    @property
    def unit(self) -> str: ...


UnitOrderT = TypeVar("UnitOrderT", bound=NamesAUnit)


class ChoiceRule(OrderRule[UnitOrderT, PlanT]):
    """The rule of an order that gives a unit one of a list of places: :meth:`choices` says once which orders the
    unit may be given now, each with its plan; :meth:`verify` looks the order up there, and the legal orders of the
    unit are those choices, so the two agree by construction."""

    @abstractmethod
    def choices(self, campaign: Campaign, player: str, us: UnitState) -> dict[UnitOrderT, PlanT]:
        """The orders of this kind ``player`` may give ``us`` now, each with its plan, in a stable order; raises
        :class:`IllegalOrder` naming the rule if ``us`` may be given none."""

    @abstractmethod
    def refusal(self, campaign: Campaign, us: UnitState, order: UnitOrderT,
                choices: dict[UnitOrderT, PlanT]) -> IllegalOrder:
        """Why ``order`` is not among the ``choices`` of ``us``."""

    def verify(self, campaign: Campaign, player: str, order: UnitOrderT) -> PlanT:
        us = campaign.state.unit(order.unit)
        choices = self.choices(campaign, player, us)
        if order not in choices:
            raise self.refusal(campaign, us, order, choices)
        return choices[order]

    def legal(self, campaign: Campaign, player: str, us: UnitState) -> list[UnitOrderT]:
        return self.candidates(campaign, player, us)

    def iter_legal(self, campaign: Campaign, player: str, us: UnitState) -> Iterator[UnitOrderT]:
        return iter(self.candidates(campaign, player, us))

    def candidates(self, campaign: Campaign, player: str, us: UnitState) -> list[UnitOrderT]:
        try:
            return list(self.choices(campaign, player, us))
        except IllegalOrder:
            return []


def passes(check: Callable[..., object], *args: Any) -> bool:
    """Does ``check(*args)``, one of a rule's checks that raise :class:`IllegalOrder`, pass?"""
    try:
        check(*args)
    except IllegalOrder:
        return False
    return True
