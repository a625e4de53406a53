"""How the AIs sail the War at Sea convoys (R-OPS-40): a small policy both :mod:`strategic.ai` and
:mod:`strategic.planner` use in the patrol phase.

Each convoy in port weighs its routes: the POC the route's port scores, less a risk from the control of the area
it ends in after last turn (Axis: 3, nobody: 1, Allied: 0).  It sails the best route worth more than nothing, and
on the last turn of the game sails the best route whatever the risk (a convoy kept in port scores nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenarios.models import Side, UnitType
from strategic import convoys
from strategic.orders import Move, Order

if TYPE_CHECKING:
    from strategic.campaign import Campaign

RISK = {Side.AXIS: 3.0, None: 1.0, Side.ALLIED: 0.0}


def split(campaign: Campaign, legal: list[Order]) -> tuple[list[Order], list[Order]]:
    """(the convoy moves to give, the legal orders that are not convoy moves)."""
    mine: dict[str, list[Move]] = {}
    rest: list[Order] = []
    for order in legal:
        if isinstance(order, Move) and campaign.unit_record(order.unit).type is UnitType.CONVOY:
            mine.setdefault(order.unit, []).append(order)
        else:
            rest.append(order)
    chosen: list[Order] = [move for name in sorted(mine) if (move := _choose(campaign, mine[name])) is not None]
    return chosen, rest


def _choose(campaign: Campaign, moves: list[Move]) -> Move | None:
    last = campaign.state.turn >= campaign.setup.last_turn
    best = max(moves, key=lambda m: (_worth(campaign, m), len(m.path)))
    return best if last or _worth(campaign, best) > 0 else None


def _worth(campaign: Campaign, move: Move) -> float:
    port = convoys.ROUTES[move.path]
    poc = campaign.data.constant_number(convoys.POC_CONSTANT[port])
    return poc - RISK[campaign.state.control.get(move.path[-1])]
