"""The POC bid on the start screen (issue 22, R-AI-07): ``vas play --bid`` fills the field, a bad bid is refused
naming what is wrong, a good one starts the game with it, shown on the status line and in the log's first line."""

from __future__ import annotations

from textual.widgets import Button, Input, Select, Static

from scenarios.loader import CampaignData
from scenarios.models import Theatre
from tui.app import StartScreen, VictoryAtSeaApp

from .helpers import mounted_campaign_screen, wait_for

SIZE = (160, 60)


async def test_the_start_screen_sets_the_bid(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, preset_bid=("VITP=1.5",))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, StartScreen)
        field = screen.query_one("#bid", Input)
        assert field.value == "VITP=1.5"
        field.value = "VITP=1.5 WAS=0.3"
        screen.query_one("#start-game", Button).press()
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "the bid 'WAS=0.3' must be a multiple of 0.5" in str(screen.query_one("#start-message", Static).render())
        screen.query_one("#setup", Select).value = "was_only"
        field.value = "VITP=1.5"
        screen.query_one("#start-game", Button).press()
        await pilot.pause()
        assert "is for VITP, which this set-up does not play" in str(
            screen.query_one("#start-message", Static).render())
        screen.query_one("#setup", Select).value = "standard"
        field.value = "VITP=1.5, WAS=-0.5"
        screen.query_one("#start-game", Button).press()
        campaign_screen = await wait_for(pilot, lambda: mounted_campaign_screen(app),
                                         "the campaign screen")
        state = campaign_screen.host.campaign.state
        assert state.bid == {Theatre.VITP: 1.5, Theatre.WAS: -0.5}
        assert campaign_screen.game_line().endswith("; POC bid: VITP: Allies +1.5, WAS: Axis +0.5")
        await pilot.pause()  # the campaign screen's tabs finish mounting before the app closes


async def test_an_empty_bid_field_is_no_bid(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data)
    async with app.run_test(size=SIZE) as pilot:
        assert app.screen.query_one("#bid", Input).value == ""
        app.screen.query_one("#start-game", Button).press()
        screen = await wait_for(pilot, lambda: mounted_campaign_screen(app),
                                "the campaign screen")
        assert screen.host.campaign.state.bid == {}
        assert "POC bid" not in screen.game_line()
        await pilot.pause()  # the campaign screen's tabs finish mounting before the app closes


async def test_enter_in_the_seed_or_bid_field_starts_the_game(data: CampaignData) -> None:
    """R-UI-90: Enter in the seed field (and the bid field, the last before the button) starts the game, as Enter
    in the load path loads one; a bad seed is still refused there."""
    app = VictoryAtSeaApp(data)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, StartScreen)
        seed = screen.query_one("#seed", Input)
        seed.value = "x"
        seed.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "seed" in str(screen.query_one("#start-message", Static).render())
        seed.value = "7"
        screen.query_one("#bid", Input).focus()
        await pilot.press("enter")
        campaign_screen = await wait_for(pilot, lambda: mounted_campaign_screen(app),
                                         "the campaign screen")
        assert campaign_screen.host.campaign.state.seed == 7
        await pilot.pause()  # the campaign screen's tabs finish mounting before the app closes
