"""The textual app driven as a user would, with textual's Pilot."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, OptionList, Static

from scenarios.loader import CampaignData
from scenarios.models import Player
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.state import Phase, UnitStatus
from tests.strategic.engine_helpers import WithdrawResolver
from tui.app import CampaignScreen, HandOverScreen, OobScreen, Session, StartScreen, VictoryAtSeaApp

SIZE = (200, 55)


async def wait_for_human(pilot, app, tries: int = 800) -> CampaignScreen:
    for _ in range(tries):
        await pilot.pause(0.05)
        screen = app.screen
        if isinstance(screen, CampaignScreen) and screen.session.waiting_for_human and not screen.workers:
            return screen
        if isinstance(screen, HandOverScreen):
            return screen  # type: ignore[return-value]
    raise AssertionError(f"no human decision reached; screen {app.screen}")


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def session_for(data: CampaignData, humans: set[str], seed: int = 2) -> Session:
    campaign = Campaign.new(data, "standard", seed=seed, resolver=WithdrawResolver())
    return Session(campaign, Clock(campaign), humans)


async def test_start_screen_starts_a_campaign(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, StartScreen)
        await pilot.click("#start-game")
        screen = await wait_for_human(pilot, app)
        assert isinstance(screen, CampaignScreen)
        bar = text_of(screen, "#phase-bar")
        assert "Turn 1/10" in bar and "Reinforce" in bar and "Allies (you) decides" in bar
        assert screen.session.humans == {"allies"}


async def test_orders_illegal_legal_undo_end_phase(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        campaign = screen.session.campaign
        before = campaign.state.model_dump_json()
        # an illegal order: its rule-citing message, and nothing changes
        await pilot.click("#order-input")
        await pilot.press(*"place Hood > Malta Bay")
        await pilot.press("enter")
        assert "no place named 'Malta Bay'" in text_of(screen, "#order-message")
        screen.query_one("#order-input").value = "place Nelson > Pearl Harbor"
        await pilot.press("enter")
        await pilot.pause()
        assert text_of(screen, "#order-message").startswith("002 §2.32: Nelson may arrive only in England or")
        assert campaign.state.model_dump_json() == before
        # a legal order picked from the list
        orders = screen.query_one("#orders", OptionList)
        orders.focus()
        orders.highlighted = 0
        await pilot.press("enter")
        await pilot.pause()
        assert campaign.state.unit("Nelson").place == "England"
        assert "Nelson arrives: England" in text_of(screen, "#order-message")
        await pilot.press("u")
        await pilot.pause()
        assert campaign.state.unit("Nelson").status is UnitStatus.AWAITING
        # end the phase: the AI plays Germany-Italy, the next human decision is the British patrol
        await pilot.press("e")
        screen = await wait_for_human(pilot, app)
        assert screen.session.clock.decision.phase is Phase.PATROL
        assert screen.session.clock.decision.player is Player.ALLIES
        assert "Patrol" in text_of(screen, "#phase-bar")


async def test_hot_seat_hands_over_between_humans(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies", "germany_italy"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        assert screen.session.clock.decision.player is Player.ALLIES
        handover = screen
        for _ in range(4):  # the British end their set-up and patrol; then the Germans move (002 §3.22)
            await pilot.press("e")
            handover = await wait_for_human(pilot, app)
            if isinstance(handover, HandOverScreen):
                break
        assert isinstance(handover, HandOverScreen) and handover.player == "germany_italy"
        await pilot.click("#ready")
        screen = await wait_for_human(pilot, app)
        assert screen.session.clock.decision.player is Player.GERMANY_ITALY
        assert "Germany-Italy (you) decides" in text_of(screen, "#phase-bar")


async def test_a_turn_completes_with_battles_and_poc(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        campaign = screen.session.campaign
        for _ in range(20):  # end every British decision of turn 1 with the AI's moves for the others
            if campaign.state.turn > 1:
                break
            await pilot.press("e")
            screen = await wait_for_human(pilot, app)
        assert campaign.state.turn == 2
        assert campaign.state.poc_history and campaign.state.poc_history[0].turn == 1
        await pilot.click("#tabs Tab#--content-tab-tab-log")
        log_lines: list[str] = []
        for _ in range(40):  # the log renders once its tab is shown
            await pilot.pause(0.05)
            log_lines = [str(line.text) for line in screen.query_one("#log").lines]
            if any("POC" in line for line in log_lines):
                break
        assert any("POC" in line for line in log_lines)
        assert "WAS" in text_of(screen, "#poc-text")


async def test_units_tab_filters(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        table = screen.query_one("#units", DataTable)
        total = table.row_count
        screen.query_one("#unit-filter").value = "Scharnhorst"
        await pilot.pause()
        assert total > 200 and table.row_count == 1


async def test_order_of_appearance_screen(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_human(pilot, app)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, OobScreen)
        table = app.screen.query_one("#oob", DataTable)
        assert table.row_count == len(data.units) + sum(1 for u in data.units.values() if u.removal)
        app.screen.fill("JP")
        assert table.row_count == sum(1 for u in data.units.values() if u.nation == "JP") + 1  # I-Boat withdrawn


async def test_save_and_load(data: CampaignData, tmp_path: Path) -> None:
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies"}))
    path = tmp_path / "game.json"
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_human(pilot, app)
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#path").value = str(path)
        await pilot.click("#ok")
        await pilot.pause()
        assert path.exists()
    app2 = VictoryAtSeaApp(data)
    message = app2.load_game_on_start(tmp_path / "missing.json")
    assert message is not None and message.endswith("cannot read the save: No such file or directory")
    assert app2.load_game_on_start(path) is None
    async with app2.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app2)
        assert screen.session.clock.decision.phase is Phase.REINFORCE



async def test_odds_tab_before_committing(data: CampaignData) -> None:
    """Issue 9: the odds advisor is shown in the TUI before the player commits."""
    app = VictoryAtSeaApp(data, session=session_for(data, {"germany_italy"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        while screen.session.clock.decision.phase is not Phase.PATROL:
            await pilot.press("e")
            screen = await wait_for_human(pilot, app)
        campaign = screen.session.campaign
        british = {u.place for u in campaign.state.units.values() if u.status is UnitStatus.SEA}
        move = next(o for o in campaign.legal_orders("germany_italy")
                    if getattr(o, "path", ("",))[-1] in british)
        assert screen.give(move)
        await pilot.press("d")
        for _ in range(100):
            await pilot.pause(0.05)
            if "battles" in text_of(screen, "#odds-text") or "No battle" in text_of(screen, "#odds-text"):
                break
        odds = text_of(screen, "#odds-text")
        assert "300 classic battles" in odds and "holds the area" in odds


async def test_keys_focus_and_quit_confirmation(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        assert app.focused is screen.query_one("#orders")  # letters are commands until / is pressed
        await pilot.press("slash")
        assert app.focused is screen.query_one("#order-input")
        await pilot.press(*"place Nelson > England", "enter")
        await pilot.pause()
        assert screen.session.campaign.state.unit("Nelson").place == "England"
        screen.query_one("#orders").focus()
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("escape")  # the save dialog closes without saving
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("n")  # do not quit
        await pilot.pause()
        assert app.screen is screen and app.is_running
