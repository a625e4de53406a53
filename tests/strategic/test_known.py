"""The campaign as one player knows it (strategic.known, R-VIEW-25): what the campaign AIs decide from."""

from __future__ import annotations

from typing import Any

import pytest

from scenarios.loader import CampaignData
from scenarios.models import Player
from strategic.ai import BaselineAI, play
from strategic.campaign import Campaign
from strategic.classic.resolver import ClassicResolver
from strategic.clock import Clock
from strategic.events import DiceRolled
from strategic.known import KnownCampaign, known
from strategic.orders import AnnounceAttack, Order, PearlHarborStrike
from strategic.outbreak import HAWAII, YOKOSUKA
from strategic.planner import PlanningAI
from strategic.state import Phase
from tactical import HiddenFact


def _game(data: CampaignData, seed: int = 5, setup: str = "standard") -> tuple[Campaign, Clock]:
    campaign = Campaign.new(data, setup, seed=seed, resolver=ClassicResolver())
    return campaign, Clock(campaign, checkpoints=True)


def test_a_known_campaign_holds_no_dice_no_seed_and_writes_nothing(data: CampaignData) -> None:
    campaign, clock = _game(data, seed=424242)
    play(campaign, clock, dict.fromkeys((p.value for p in Player), BaselineAI()), stop_at_turn=2)
    assert any(isinstance(e, DiceRolled) for e in campaign.state.events)
    assert clock.decision is not None
    seen = known(clock, clock.decision.player)
    assert isinstance(seen, KnownCampaign) and seen.player is clock.decision.player
    assert seen.state.seed == 0 and seen.state.dice == {} and seen.state.events == []
    assert "424242" not in seen.state.model_dump_json()
    with pytest.raises(HiddenFact, match="dice"):
        _ = seen.dice
    with pytest.raises(HiddenFact, match="dice"):
        seen.dice = campaign.dice
    with pytest.raises(HiddenFact, match="log"):
        seen.log(DiceRolled, "", label="x", sides=6, faces=[1])
    assert seen.resolver is None and seen.on_event is None
    # the board is open information: every counter, where the game has it; the containers are its own
    assert seen.state.units == campaign.state.units and seen.state.units is not campaign.state.units
    assert seen.legal_orders(clock.decision.player.value) == campaign.legal_orders(clock.decision.player.value)
    assert known(seen, seen.player) is seen
    assert known(seen, Player.JAPAN if seen.player is not Player.JAPAN else Player.ALLIES) is not seen


def test_another_players_open_decision_is_not_in_the_known_campaign(data: CampaignData) -> None:
    """R-VIEW-02 for the AIs: while Japan's air decision is open its announcement is Japan's alone."""
    campaign, clock = _game(data, seed=3, setup="early_war")
    ai = BaselineAI()
    while clock.decision is not None and not (clock.decision.player is Player.JAPAN
                                              and clock.decision.phase is Phase.AIR):
        player = clock.decision.player.value
        for order in ai.orders(campaign, player):
            campaign.apply(player, order)
        clock.end_decision()
    campaign.state.war.based_at_start["Truk"] = []
    campaign.apply("japan", AnnounceAttack())
    strike = next(o for o in campaign.legal_orders("japan") if isinstance(o, PearlHarborStrike))
    campaign.apply("japan", strike)
    assert known(clock, Player.JAPAN).state.unit(strike.unit).place == HAWAII
    for player in (Player.UNITED_STATES, Player.ALLIES, Player.GERMANY_ITALY):
        seen = known(clock, player)
        assert seen.state.war.attack_turn is None and seen.state.unit(strike.unit).place == YOKOSUKA


class _Spy:
    """Wraps an AI's ``decide`` and checks at every decision that it was given its player's known campaign."""

    def __init__(self, ai: Any, game: Campaign) -> None:
        self.ai, self.game, self.decisions = ai, game, 0
        inner = ai.decide

        def decide(campaign: Any, player: str) -> list[Order]:
            assert isinstance(campaign, KnownCampaign) and campaign.player is Player(player)
            assert campaign.state is not self.game.state and campaign.state.seed == 0
            self.decisions += 1
            return list(inner(campaign, player))

        ai.decide = decide

    def orders(self, campaign: Campaign, player: str) -> list[Order]:
        return list(self.ai.orders(campaign, player))


@pytest.mark.parametrize("make", [BaselineAI, lambda: PlanningAI("normal")], ids=["baseline", "normal"])
def test_the_ais_decide_from_the_known_campaign_at_every_decision(data: CampaignData, make: Any) -> None:
    campaign, clock = _game(data, seed=7)
    spies = {p.value: _Spy(make(), campaign) for p in Player}
    play(campaign, clock, spies, stop_at_turn=4)  # type: ignore[arg-type]
    assert campaign.state.turn == 4 and all(s.decisions > 0 for s in spies.values())
    assert sum(s.decisions for s in spies.values()) > 20


def test_the_same_game_whether_the_ai_is_given_the_campaign_or_its_known_campaign(data: CampaignData) -> None:
    """Known or not, the AI sees the same board: the same orders (here the planner, whose partner reach asks the
    known campaign for the deciders still to come)."""
    games = []
    for wrap in (False, True):
        campaign, clock = _game(data, seed=11)
        ai = PlanningAI("normal")

        class Agent:
            def orders(self, game: Campaign, player: str, wrap: bool = wrap, ai: PlanningAI = ai) -> list[Order]:
                return ai.orders(known(game, player) if wrap else game, player)

        play(campaign, clock, dict.fromkeys((p.value for p in Player), Agent()), stop_at_turn=4)  # type: ignore[misc]
        games.append([e.model_dump_json() for e in campaign.state.events])
    assert games[0] == games[1] and len(games[0]) > 100
