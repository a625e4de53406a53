"""The clock's question "has this player any order to give?" (issue 18): the first legal order, never a different
answer from the whole list."""

from __future__ import annotations

from scenarios.loader import CampaignData
from strategic.ai import BaselineAI, give_orders
from strategic.campaign import Campaign
from strategic.classic.resolver import ClassicResolver
from strategic.clock import Clock

PLAYERS = ("japan", "germany_italy", "united_states", "allies")


def test_any_legal_order_agrees_with_the_legal_orders(data: CampaignData) -> None:
    campaign = Campaign.new(data, "standard", seed=4, resolver=ClassicResolver())
    clock = Clock(campaign)
    ai, seen = BaselineAI(), {True: 0, False: 0}
    while not clock.finished and campaign.state.turn <= 4:
        assert clock.decision is not None
        for player in PLAYERS:
            legal = campaign.legal_orders(player)
            assert campaign.any_legal_order(player) is bool(legal), (clock.decision, player)
            seen[bool(legal)] += 1
        player = clock.decision.player.value
        give_orders(campaign, player, list(ai.orders(campaign, player)))
        clock.end_decision()
    assert seen[True] > 10 and seen[False] > 10  # both answers were asked for
