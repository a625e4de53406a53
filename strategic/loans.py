"""Loans: 002 §3, the owner of a nation's units may lend them to another player of his side and take them back; he
keeps final authority, so only the owner may lend or recall.  A loan may be given at any time (it is never among
the orders offered for a phase)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from scenarios.models import Player
from scenarios.names import player_words, side_words
from strategic.events import LoanChanged
from strategic.order_rule import OrderRule
from strategic.orders import IllegalOrder, Loan

if TYPE_CHECKING:
    from strategic.campaign import Campaign


@dataclass(frozen=True)
class LoanPlan:
    """A verified loan: ``player`` lends ``unit`` to ``to`` (``None``: recalls it)."""

    unit: str
    to: Player | None
    player: str


class LoanRule(OrderRule[Loan, LoanPlan]):
    """002 §3: lend a unit to another player of its side (``to``), or recall it (``to`` is ``None``)."""

    kind = Loan

    def verify(self, campaign: Campaign, player: str, order: Loan) -> LoanPlan:
        us = campaign.state.unit(order.unit)
        if us.controller.value != player:
            raise IllegalOrder("002 §3", f"only {player_words(us.controller)} may lend or recall {us.name}")
        target = Player(order.to) if order.to else None
        if target is None and us.loaned_to is None:
            raise IllegalOrder("002 §3", f"{us.name} is not on loan: there is nothing to recall (R-OPS-32)")
        if target is not None:
            nations = campaign.data.nations
            sides = {nations[n].side for n in nations if nations[n].player is target}
            if us.side not in sides or target is us.controller:
                raise IllegalOrder("002 §3",
                                   f"{us.name} may be lent only to another player of {side_words(us.side)}")
        return LoanPlan(us.name, target, player)

    def apply(self, campaign: Campaign, plan: LoanPlan) -> None:
        campaign.state.unit(plan.unit).loaned_to = plan.to
        campaign.log(LoanChanged, "002 §3", unit=plan.unit, to=plan.to.value if plan.to else None, player=plan.player)
