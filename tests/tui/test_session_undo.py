"""The app's session pays no undo records for the AI players' orders (issue 18); a human's orders keep theirs."""

from __future__ import annotations

import pytest

from scenarios.loader import CampaignData
from strategic import snapshots
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.state import UnitStatus
from tests.strategic.engine_helpers import WithdrawResolver
from tui.app import Session


def test_ai_orders_keep_no_undo_records_human_orders_do(data: CampaignData, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    session = Session(campaign, Clock(campaign), {"germany_italy"})
    records: list[snapshots.UndoRecord] = []
    real = snapshots.record
    monkeypatch.setattr(snapshots, "record", lambda *a: records.append(real(*a)) or records[-1])
    session.run_ai_until_human()  # the British (AI) set up and move first (002 §3.22)
    british = [u for u in campaign.state.units.values() if u.controller.value == "allies"]
    assert any(u.status is not UnitStatus.AWAITING for u in british)  # the AI gave orders...
    assert records == [] and campaign.keep_undo  # ...and kept no record of them
    assert session.clock.decision is not None and session.clock.decision.player.value == "germany_italy"
    before = campaign.state.model_dump_json()
    session.apply("germany_italy", campaign.legal_orders("germany_italy")[0])
    assert len(records) == 1 and campaign.undo()
    assert campaign.state.model_dump_json() == before
