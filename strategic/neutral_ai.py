"""How the AIs leave the neutral port: a ship still in Neutral Country that its AI did not sail takes its first
legal move (one area, the shortest), so that it does not cost its side the R-OPS-43 penalty.  Used by
:mod:`strategic.ai` and :mod:`strategic.planner` at the end of the patrol phase."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from strategic.neutral import NEUTRAL_PORT
from strategic.orders import Move, Order

if TYPE_CHECKING:
    from strategic.campaign import Campaign


def sail_out(campaign: Campaign, legal: Sequence[Order], chosen: Sequence[Order]) -> list[Order]:
    """The moves to add to ``chosen`` so that every ship in the neutral port with a legal move sails."""
    sailing = {o.unit for o in chosen if isinstance(o, Move)}
    out: list[Order] = []
    for order in legal:
        if (isinstance(order, Move) and order.unit not in sailing
                and campaign.state.unit(order.unit).place == NEUTRAL_PORT):
            out.append(order)
            sailing.add(order.unit)
    return out
