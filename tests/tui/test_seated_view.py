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
from strategic.views import CampaignView
from tui.app import Session
from tui.board_draw import FULL, Board, Marks, draw_theatre
from tui.board_info import listing


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
    assert not any(u.nation == "JP" for u in view.units_at(HAWAII, status=UnitStatus.SEA))
    assert "JP:" not in _box_text(campaign, view, HAWAII)
    assert strike.unit not in listing(campaign.data, view, HAWAII, []).plain  # the selected area's listing
    japan_view = Session(campaign, clock, {"japan"}).view()
    kind = campaign.unit_record(strike.unit).type.value
    assert f"JP {kind} raiding: {strike.unit}" in listing(campaign.data, japan_view, HAWAII, []).plain
    assert any(w.startswith("JP:") and w.endswith(f"{kind}1") for w in _box_text(campaign, japan_view, HAWAII).split())


def _box_text(campaign: Campaign, view: CampaignView, area: str) -> str:
    """The inside of ``area``'s box on the drawn Pacific board, line after line."""
    drawing = draw_theatre(Board(campaign.data, view, FULL), Theatre.VITP, Marks())
    x, y, w, h = drawing.regions[area]
    return "\n".join(line.plain[x + 1:x + w - 1] for line in drawing.lines[y + 1:y + h - 1])
