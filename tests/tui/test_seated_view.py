"""The app draws units from the seated player's view (R-VIEW-05), not from the state."""

from __future__ import annotations

from scenarios.loader import CampaignData
from scenarios.models import Player, Theatre
from strategic.ai import BaselineAI
from strategic.campaign import Campaign
from strategic.classic.resolver import ClassicResolver
from strategic.clock import Clock
from strategic.orders import AnnounceAttack, PearlHarborStrike
from strategic.outbreak import HAWAII
from strategic.state import Phase, UnitStatus
from tui.app import Session
from tui.map_view import render_theatre, stacks


def _japan_deciding_its_air(data: CampaignData) -> tuple[Campaign, Clock]:
    campaign = Campaign.new(data, "early_war", seed=3, resolver=ClassicResolver())
    clock = Clock(campaign, checkpoints=True)
    ai = BaselineAI()
    while not (clock.decision.player is Player.JAPAN and clock.decision.phase is Phase.AIR):  # type: ignore[union-attr]
        player = clock.decision.player.value  # type: ignore[union-attr]
        for order in ai.orders(campaign, player):
            campaign.apply(player, order)
        clock.end_decision()
    return campaign, clock


def test_the_seat_is_the_deciding_human_else_the_last_else_the_observer(data: CampaignData) -> None:
    campaign, clock = _japan_deciding_its_air(data)
    assert Session(campaign, clock, {"japan", "allies"}).seat() is Player.JAPAN
    hot_seat = Session(campaign, clock, {"allies", "united_states"})
    assert hot_seat.seat() is None
    hot_seat.last_human = "allies"
    assert hot_seat.seat() is Player.ALLIES
    assert Session(campaign, clock, {"allies"}).seat() is Player.ALLIES
    assert Session(campaign, clock, set()).seat() is None


def test_the_map_and_units_keep_an_ai_s_open_decision_from_the_human(data: CampaignData) -> None:
    """Japan (the AI) has announced its attack and sent a ship to Hawaii, its decision still open: the human
    playing the United States sees neither on the map nor in the units."""
    campaign, clock = _japan_deciding_its_air(data)
    campaign.state.war.based_at_start["Truk"] = []
    campaign.apply("japan", AnnounceAttack())
    strike = next(o for o in campaign.legal_orders("japan") if isinstance(o, PearlHarborStrike))
    campaign.apply("japan", strike)
    session = Session(campaign, clock, {"united_states"})
    view = session.view()
    assert view.player is Player.UNITED_STATES and view.withheld
    assert view.unit(strike.unit).status is UnitStatus.PORT
    assert not any(nation == "JP" for _, nation in stacks(view.units.values(), HAWAII, UnitStatus.SEA))
    assert "JP" not in _box_line(render_theatre(campaign, view, Theatre.VITP).plain, HAWAII)
    japan_view = Session(campaign, clock, {"japan"}).view()
    assert "JP1" in _box_line(render_theatre(campaign, japan_view, Theatre.VITP).plain, HAWAII)


def _box_line(plain: str, area: str) -> str:
    """The units line of ``area``'s box in a rendered theatre (the third line of the box)."""
    lines = plain.split("\n")
    key = area if len(area) <= 15 else area[:14] + "."
    row = next(i for i, line in enumerate(lines) if key in line)
    column = lines[row].index(key) - 1
    return lines[row + 2][column:column + 17]
