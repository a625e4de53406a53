"""Players as the engine sees them and the loop that plays a campaign.

A player is anything with ``orders(campaign, player) -> list[Order]``: a human at the TUI or an AI.  The
engine verifies each order again as it is applied (the state changes between orders), so an agent may propose
orders that turn out illegal after an earlier one; those are skipped and logged.  The AIs themselves live in
:mod:`strategic.baseline_ai` (re-exported here) and :mod:`strategic.planner`; they decide from the campaign as their
player knows it (:mod:`strategic.known`, R-VIEW-25).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Protocol

from scenarios.names import player_name
from strategic.baseline_ai import BaselineAI, attack_now, strike_force, strike_turn, u_boat_reinforcements
from strategic.campaign import Campaign
from strategic.clock import Clock, Decision
from strategic.engine_errors import EngineError
from strategic.events import OrderRefused
from strategic.orders import IllegalOrder, Order


class Agent(Protocol):
    def orders(self, campaign: Campaign, player: str) -> list[Order]: ...


def play(campaign: Campaign, clock: Clock, agents: dict[str, Agent],
         on_decision: Callable[[Decision], None] | None = None, stop_at_turn: int | None = None) -> None:
    """Play until the game ends, a battle blocks it, or ``stop_at_turn`` begins.  ``agents`` maps player names
    (``japan``, ``germany_italy``, ``united_states``, ``allies``) to agents; every player needs one."""
    while not clock.finished and not campaign.blocked and clock.decision is not None:
        decision = clock.decision
        if stop_at_turn is not None and decision.turn >= stop_at_turn:
            return
        if on_decision:
            on_decision(decision)
        player = decision.player.value
        try:
            orders = list(agents[player].orders(campaign, player))
        except Exception as exc:  # a broken AI stops the game with a message, never silently (issue 13 item 1)
            raise EngineError(decision.turn, decision.phase.value, exc,
                              who=f"the {player_name(player)} AI deciding") from exc
        give_orders(campaign, player, orders)
        clock.end_decision()


def give_orders(campaign: Campaign, player: str, orders: list[Order]) -> None:
    """Apply ``player``'s orders in turn; one the rules refuse (the state changed since it was chosen) is skipped
    and logged as refused, with the rule it broke."""
    for order in orders:
        try:
            campaign.apply(player, order)
        except IllegalOrder as exc:
            campaign.log(OrderRefused, exc.rule, player=player, message=exc.message, order=order,
                         step=campaign.state.step)


def unit_summary(campaign: Campaign) -> dict[str, int]:
    """Counts of units by status (for reports and invariant checks)."""
    return dict(Counter(u.status.value for u in campaign.state.units.values()))


__all__ = ["Agent", "BaselineAI", "attack_now", "give_orders", "play", "strike_force", "strike_turn",
           "u_boat_reinforcements", "unit_summary"]
