"""The local game as the campaign screen's seat (tui.seat_link.SeatLink, issue 21 step 2): the session answers
what the screen reads and does, from the seated player's view."""

from __future__ import annotations

from scenarios.loader import CampaignData
from scenarios.models import Player
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.events import DiceRolled, OrderGiven
from strategic.narrate import log_line
from strategic.orders import Move
from tests.strategic.engine_helpers import WithdrawResolver
from tui.app import Session
from tui.seat_link import SeatLink


def _session(data: CampaignData, humans: set[str]) -> Session:
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    return Session(campaign, Clock(campaign, checkpoints=True), humans)


def test_the_session_is_a_seat_link_deciding_for_its_human(data: CampaignData) -> None:
    session = _session(data, {"germany_italy"})
    assert isinstance(session, SeatLink)
    assert session.deciding() is None and session.legal_orders() == []  # the British AI decides first
    session.run_ai_until_human()
    assert session.deciding() is Player.GERMANY_ITALY and session.human(Player.GERMANY_ITALY)
    assert not session.human(Player.ALLIES)
    legal = session.legal_orders()
    assert legal == session.campaign.legal_orders("germany_italy") and legal
    view = session.view()
    assert view.player is Player.GERMANY_ITALY and view.decider is Player.GERMANY_ITALY
    assert session.data is session.campaign.data and session.waiting() is None


def test_orders_through_the_link_all_or_none_and_the_log_follows(data: CampaignData) -> None:
    session = _session(data, {"germany_italy"})
    session.run_ai_until_human()
    start = session.log(0)
    events = session.campaign.state.events
    assert start.upto == len(events) and not start.reset
    assert start.lines == tuple(log_line(e) for e in events if not isinstance(e, OrderGiven | DiceRolled))
    order = session.legal_orders()[0]
    bad = Move(unit=getattr(order, "unit", "Bismarck"), path=("Hawaiian Islands",))
    refused = session.give([order, bad])
    assert not refused.ok and len(session.campaign.state.events) == start.upto  # none stands
    given = session.give([order])
    assert given.ok and given.events
    after = session.log(start.upto)
    assert after.upto == len(session.campaign.state.events) > start.upto and not after.reset
    assert session.campaign.undo()
    assert session.log(after.upto).reset  # an order taken back: the whole log again
    before = session.clock.decision
    session.end_decision()
    assert session.clock.decision != before and session.view().decider is not Player.GERMANY_ITALY
