"""The POC bid (issue 22, R-AI-07): starting POC per theatre in half points, read by the victory checks, kept in
saves and logs."""

from __future__ import annotations

import json

import pytest

from scenarios.loader import CampaignData
from scenarios.models import Condition, Theatre
from strategic import control
from strategic.ai import BaselineAI, play
from strategic.bid import BadBid, bid_words, bids, parse_bid, standing
from strategic.campaign import Campaign
from strategic.classic.resolver import ClassicResolver
from strategic.clock import Clock
from strategic.events import AutomaticVictory
from strategic.invariants import InvariantWatcher
from strategic.narrate import lead
from strategic.replay import log_of_game, replay
from strategic.saves import SaveError, load_state, save_text
from strategic.state import Phase
from strategic.turn_summary import summarize, track_line
from tests.strategic.engine_helpers import game, poc


def test_parse_bid_reads_theatre_and_half_points() -> None:
    assert parse_bid("VITP=1.5") == (Theatre.VITP, 1.5)
    assert parse_bid("was=-0.5") == (Theatre.WAS, -0.5)
    for bad, words in (("VITP=0.3", "multiple of 0.5"), ("VITP", "THEATRE=N"), ("PAC=1", "THEATRE=N"),
                       ("VITP=x", "number"), ("VITP=20.5", "-20 to 20")):
        with pytest.raises(BadBid, match=words):
            parse_bid(bad)


def test_bids_drop_zero_keep_the_last_and_refuse_a_theatre_not_played() -> None:
    assert bids(["VITP=1", "VITP=2.5", "WAS=0"], [Theatre.WAS, Theatre.VITP]) == {Theatre.VITP: 2.5}
    with pytest.raises(BadBid, match="is for VITP, which this set-up does not play"):
        bids(["VITP=1"], [Theatre.WAS])
    assert bid_words({Theatre.VITP: 2.5, Theatre.WAS: -0.5}) == "VITP: Allies +2.5, WAS: Axis +0.5"


def test_campaign_new_stores_the_bid_and_refuses_one_off_the_setup(data: CampaignData) -> None:
    c = Campaign.new(data, "standard", seed=1, bid={Theatre.VITP: 1.5, Theatre.WAS: 0})
    assert c.state.bid == {Theatre.VITP: 1.5}
    from strategic.views import observe
    from tui.poc_chart import poc_heading

    view = observe(c, None, orders=False, log=False)
    assert view.bid == {Theatre.VITP: 1.5} and view.standing(Theatre.VITP) == standing(c.state, Theatre.VITP)
    assert "WAS: level   VITP: Allies +1.5 (with the bid: VITP: Allies +1.5);" in poc_heading(data, view)
    with pytest.raises(BadBid, match=r"set-up was_only: bid\.VITP"):
        Campaign.new(data, "was_only", seed=1, bid={Theatre.VITP: 1})


def _with_bid(data: CampaignData, turn: int, **bid: float) -> Campaign:
    c = game(data, turn=turn, phase=Phase.END)
    c.state.bid = {Theatre(k.upper()): v for k, v in bid.items()}
    return c


def test_a_half_point_bid_breaks_a_tie_at_the_end(data: CampaignData) -> None:
    c = _with_bid(data, 10, vitp=0.5)
    poc(c, was=-2, vitp=0)  # level in VITP: a tie without the bid (and the Allies would win the game on ties)
    control.check_victory(c, final=True)
    assert standing(c.state, Theatre.VITP) == -0.5
    assert c.state.theatre_results == {Theatre.WAS: "allied", Theatre.VITP: "allied"}
    c = _with_bid(data, 10, vitp=-0.5)  # the Axis bid: the level track is an Axis half point
    poc(c, was=-2, vitp=0)
    control.check_victory(c, final=True)
    assert c.state.theatre_results[Theatre.VITP] == "axis" and c.state.winner == "axis"
    c = _with_bid(data, 10, was=1.5)
    poc(c, was=1, vitp=-3)  # Axis +1 on the track, Allies +0.5 with the bid
    control.check_victory(c, final=True)
    assert c.state.theatre_results[Theatre.WAS] == "allied" and c.state.winner == "allied"


def test_the_bid_moves_the_automatic_victory(data: CampaignData) -> None:
    c = _with_bid(data, 5, vitp=1.5)
    poc(c, vitp=30)  # 28.5 with the bid: short of the lead of 29 (VITP 19, R-PAC-22)
    control.check_victory(c, final=False)
    assert c.state.winner is None and c.state.theatre_results == {}
    poc(c, vitp=31)  # 29.5
    control.check_victory(c, final=False)
    assert c.state.winner == "axis"
    won = [e for e in c.state.events if isinstance(e, AutomaticVictory)]
    assert [(e.side, e.poc) for e in won] == [("axis", 29.5)]
    c = _with_bid(data, 5, vitp=1.5)
    poc(c, vitp=-28)  # the Allies: -29.5
    control.check_victory(c, final=False)
    assert c.state.theatre_results == {Theatre.VITP: "allied"}


def test_the_bid_decides_who_is_ahead_for_the_forced_moves(data: CampaignData) -> None:
    c = _with_bid(data, 5, vitp=0.5)
    poc(c, vitp=0)
    assert c.condition_holds(Condition.JAPAN_NOT_AHEAD_VITP, "Bay of Bengal", c.state.unit("Yamato").side)
    poc(c, vitp=1)  # Axis +0.5 with the bid
    assert not c.condition_holds(Condition.JAPAN_NOT_AHEAD_VITP, "Bay of Bengal", c.state.unit("Yamato").side)


def test_a_save_and_a_log_keep_the_bid_and_a_game_without_one_writes_none(data: CampaignData, tmp_path) -> None:
    plain = Campaign.new(data, "standard", seed=4)
    assert "bid" not in json.loads(save_text(plain))
    assert "bid" not in json.loads(log_of_game(plain).model_dump_json())["header"]
    c = Campaign.new(data, "standard", seed=4, bid={Theatre.VITP: 2.5})
    text = save_text(c)
    assert json.loads(text)["bid"] == {"VITP": 2.5}
    (tmp_path / "bid.json").write_text(text)
    assert load_state(tmp_path / "bid.json", data).state.bid == {Theatre.VITP: 2.5}
    log = log_of_game(c)
    assert json.loads(log.model_dump_json())["header"]["bid"] == {"VITP": 2.5}
    assert replay(log, data).campaign.state.bid == {Theatre.VITP: 2.5}


def test_a_save_with_a_bid_off_the_grid_is_refused(data: CampaignData, tmp_path) -> None:
    saved = json.loads(save_text(Campaign.new(data, "standard", seed=4)))
    saved["bid"] = {"VITP": 0.25}
    (tmp_path / "bad.json").write_text(json.dumps(saved))
    with pytest.raises(SaveError, match=r"bid.VITP: 0.25 is not a bid"):
        load_state(tmp_path / "bad.json", data)


def test_a_whole_game_with_a_bid_reads_the_track_less_the_bid(data: CampaignData) -> None:
    """Seed 7, easy AIs, War at Sea bid of Axis +0.5: the invariants (which check each theatre's result against the
    track less the bid) hold, the summary's track is the raw track less the bid, and no theatre ends tied."""
    c = Campaign.new(data, "standard", seed=7, resolver=ClassicResolver(), bid={Theatre.WAS: -0.5})
    watcher = InvariantWatcher(c)
    clock = Clock(c)
    play(c, clock, {p: BaselineAI() for p in ("japan", "germany_italy", "united_states", "allies")})
    assert watcher.finish(clock) == []
    first = summarize(c, 1)
    was = next(t for t in first.tracks if t.theatre is Theatre.WAS)
    assert was.total == c.state.poc_history[0].totals[Theatre.WAS] + 0.5
    assert f"track {lead(was.total)}" in track_line(was, first.scored)
    assert "tie" not in c.state.theatre_results.values()
    final = standing(c.state, Theatre.WAS)
    if Theatre.WAS in c.state.theatre_results:
        assert c.state.theatre_results[Theatre.WAS] == ("axis" if final > 0 else "allied")
