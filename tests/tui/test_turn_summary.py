"""The end-of-turn summary screen (issue #17, tui/turn_summary.py), the screenshot key (tui/screenshots.py) and the
POC tab's heading (tui/poc_chart.py), driven with textual's Pilot."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from scenarios.loader import CampaignData
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.views import observe
from tests.strategic.engine_helpers import WithdrawResolver
from tui.app import CampaignScreen, Session, VictoryAtSeaApp
from tui.poc_chart import draw_poc, poc_heading
from tui.turn_summary import TurnSummaryScreen, summary_text

from .helpers import human_screen, mounted_campaign_screen, press_end, wait_for, wait_for_human

SIZE = (200, 55)


def session_for(data: CampaignData, save_path: Path | None = None) -> Session:
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    return Session(campaign, Clock(campaign), {"allies"}, save_path=save_path)


async def test_the_summary_comes_up_at_the_end_of_a_turn_and_closes(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=session_for(data), turn_summaries=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        campaign = screen.host.campaign
        shown = None
        for _ in range(30):  # end every British decision of turn 1 until the summary comes up
            decision = screen.host.clock.decision
            app.notify("Tactical battle(s) fought: ...", title="Battles")  # as a turn's battles tell themselves
            await press_end(pilot, app)
            shown = await wait_for(pilot, lambda d=decision: app.screen if isinstance(app.screen, TurnSummaryScreen)
                                   else human_screen(app, d), "the next decision or the summary")
            if isinstance(shown, TurnSummaryScreen):
                break
            screen = shown
        assert isinstance(shown, TurnSummaryScreen) and shown.turn == 1 and campaign.state.turn == 2
        await wait_for(pilot, lambda: not list(app._notifications), "no notification over its keys (R-UI-135)")
        text = str(shown.query_one("#turn-summary-text", Static).render())
        assert text == summary_text(campaign, 1)
        assert "POC WAS" in text and "this turn" in text
        await pilot.press("enter")
        screen = await wait_for(pilot, lambda: mounted_campaign_screen(app), "closed")
        screen.refresh_all()  # shown once: redrawing does not bring it back
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        await pilot.press("r")  # the last turn's summary again
        again = await wait_for(pilot, lambda: isinstance(app.screen, TurnSummaryScreen) and app.screen, "t")
        assert again.turn == 1
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, CampaignScreen), "closed by Escape")
        table = screen.query_one("#units", DataTable)
        names = {str(table.get_row_at(i)[-1]) for i in range(table.row_count)}  # the players' display names
        assert names == {"Japan", "Germany-Italy", "United States", "Allies"}


async def test_r_before_any_turn_is_over_says_so(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=session_for(data), turn_summaries=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        await pilot.press("r")
        await wait_for(pilot, lambda: "no turn is over yet" in str(screen.query_one("#order-message").render()),
                       "the message")
        assert isinstance(app.screen, CampaignScreen)


@pytest.mark.parametrize("saved", [False, True])
async def test_f12_writes_a_screenshot_beside_the_save_or_here(data: CampaignData, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch, saved: bool) -> None:
    here, saves = tmp_path / "here", tmp_path / "saves"
    here.mkdir()
    saves.mkdir()
    monkeypatch.chdir(here)
    app = VictoryAtSeaApp(data, session=session_for(data, saves / "game.json" if saved else None))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_human(pilot, app)
        await pilot.press("f12")
        folder = saves if saved else here
        first = folder / "vas-turn1-reinforce.svg"
        await wait_for(pilot, first.exists, "the screenshot")
        await pilot.press("f12")  # never over the first
        await wait_for(pilot, (folder / "vas-turn1-reinforce-2.svg").exists, "the second screenshot")
        assert first.read_text().startswith("<svg")
        assert sorted(p.name for p in tmp_path.rglob("*.svg")) == ["vas-turn1-reinforce-2.svg",
                                                                    "vas-turn1-reinforce.svg"]


def test_the_poc_heading_names_the_victory_lines(data: CampaignData) -> None:
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    view = observe(campaign, None, orders=False, log=False)
    assert poc_heading(data, view) == ("POC (positive: the Axis leads)  WAS: level   VITP: level; VITP automatic "
                                     "victory at a lead of 29 (the red lines); after turn 10 the side ahead wins "
                                     "each theatre")


def test_the_poc_chart_spans_the_game_and_draws_the_victory_lines(data: CampaignData) -> None:
    """One turn played: the x-axis still runs over the game's ten turns, and the VITP lines are at +-29 (VITP 19)."""
    import re

    import plotext

    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    campaign.state.poc_history.clear()
    draw_poc(plotext, data, observe(campaign, None, orders=False, log=False))
    plotext.plotsize(90, 25)
    chart = re.sub(r"\x1b\[[0-9;]*m", "", plotext.build())
    plotext.clear_figure()
    lines = chart.splitlines()
    assert "Axis +29: automatic VITP victory" in chart and "Allies +29: automatic VITP victory" in chart
    assert lines[-2].split() == [str(t) for t in range(1, 11)]  # the turns, not 0.5-1.5
    assert any(line.startswith(" 30├") for line in lines) and any(line.startswith("-30├") for line in lines)


async def test_the_battles_list_starts_on_its_first_battle(data: CampaignData) -> None:
    """Seed 1, tactical: turn 1 fought three battles; the Battles tab opens with the first one highlighted, so
    Enter opens it at once."""
    from textual.widgets import OptionList

    from strategic.ai import BaselineAI, play
    from tui.app import campaign_resolver

    campaign = Campaign.new(data, "standard", seed=1, resolver=campaign_resolver("tactical"))
    clock = Clock(campaign)
    play(campaign, clock, {p: BaselineAI() for p in ("japan", "germany_italy", "united_states", "allies")},
         stop_at_turn=2)
    app = VictoryAtSeaApp(data, session=Session(campaign, clock, {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        await pilot.press("b")
        battles = screen.query_one("#battles", OptionList)
        await wait_for(pilot, lambda: battles.option_count == 3, "the battles of turn 1")
        assert battles.highlighted == 0


def test_arrivals_in_a_location_uncertain_group_are_named_as_the_game_names_them(data: CampaignData) -> None:
    """R-UI-56: the summary said "4 in Group W" (the data's name of the group); it names the group as the game
    does.  Turn 1 of the standard game: four US ships start in each of groups W and X (reference/vitp.md §5.6)."""
    campaign = session_for(data).campaign
    arrivals = next(line for line in summary_text(campaign, 1).splitlines() if line.startswith("Arrivals ("))
    assert "4 in the Location Uncertain group W" in arrivals and "4 in the Location Uncertain group X" in arrivals
    assert "Group W" not in arrivals and "Group X" not in arrivals
