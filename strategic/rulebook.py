"""The rulebook of campaign orders: the rule of each kind of order (:class:`~strategic.order_rule.OrderRule`), and
the legal orders of a player, which are the rules' candidates that verify (issue #14, item 4).

The rules themselves, with their sources, live with what they govern: moves in :mod:`strategic.movement`,
placements in :mod:`strategic.placement`, returns to port in :mod:`strategic.basing`, the early-war orders in
:mod:`strategic.outbreak` and loans in :mod:`strategic.loans`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from strategic.basing import ReturnRule
from strategic.loans import LoanRule
from strategic.movement import MoveRule
from strategic.order_rule import OrderRule
from strategic.orders import IllegalOrder, Order
from strategic.outbreak import AnnounceAttackRule, PearlHarborForceRule, PearlHarborStrikeRule, SortieRule
from strategic.placement import (
    DeferReinforcementRule,
    PlaceAirRule,
    PlaceReinforcementRule,
    PlaceSubmarineRule,
    PlaceSurfaceRaiderRule,
)

if TYPE_CHECKING:
    from strategic.campaign import Campaign

AnyRule = OrderRule[Any, Any]

# The order in which the legal orders are listed: group by group; in a group, unit by unit (each unit's orders of
# the group's rules in turn), the orders naming no unit first.  In the air phase the early-war orders come first.
LISTING: tuple[tuple[AnyRule, ...], ...] = (
    (AnnounceAttackRule(),),
    (PearlHarborStrikeRule(),),
    (PearlHarborForceRule(),),
    (SortieRule(),),
    (PlaceAirRule(),),
    (PlaceReinforcementRule(), DeferReinforcementRule()),
    (PlaceSurfaceRaiderRule(), MoveRule()),
    (PlaceSubmarineRule(),),
    (ReturnRule(),),
    (LoanRule(),),
)
RULES: dict[type[Any], AnyRule] = {rule.kind: rule for group in LISTING for rule in group}


def rule_for(order: Order) -> AnyRule:
    """The rule of ``order``'s kind."""
    rule = RULES.get(type(order))
    if rule is None:  # pragma: no cover - the Order union is closed
        raise IllegalOrder("engine", f"unknown order {order!r}")
    return rule


def verify(campaign: Campaign, player: str, order: Order) -> Any:
    """The plan of ``order`` given by ``player`` now (for :meth:`OrderRule.apply`); raises
    :class:`~strategic.orders.IllegalOrder` naming the rule broken.  Changes nothing."""
    return rule_for(order).verify(campaign, player, order)


def legal_orders(campaign: Campaign, player: str) -> list[Order]:
    """Every order ``player`` may give now (loans excluded: they are always possible), as each rule of this phase
    lists them (:meth:`OrderRule.legal`: its candidates that verify)."""
    return list(_legal_orders(campaign, player))


def any_legal_order(campaign: Campaign, player: str) -> bool:
    """Has ``player`` any order to give now (loans excluded)?  The first of :func:`legal_orders`, without looking
    for the others (the clock asks this at every decision, issue 18)."""
    return next(_legal_orders(campaign, player), None) is not None


def _legal_orders(campaign: Campaign, player: str) -> Iterator[Order]:
    """The legal orders of ``player`` in the order :func:`legal_orders` lists them, one at a time."""
    phase = campaign.state.phase
    mine = [us for us in campaign.state.units.values() if us.commander == player]  # R-PERF-08
    for group in LISTING:
        rules = [rule for rule in group if phase in rule.phases]
        for rule in rules:
            yield from rule.unit_free_legal(campaign, player)
        for us in mine if rules else ():
            for rule in rules:
                yield from rule.iter_legal(campaign, player, us)
