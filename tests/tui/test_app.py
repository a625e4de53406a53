"""The textual app driven as a user would, with textual's Pilot."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, LoadingIndicator, OptionList, Static, TabbedContent

from scenarios.loader import CampaignData
from scenarios.models import Player
from strategic.ai import BaselineAI
from strategic.battles import TacticalResolver
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.saves import save
from strategic.state import Phase, UnitStatus
from tests.strategic.engine_helpers import WithdrawResolver
from tui.app import (
    CampaignScreen,
    HandOverScreen,
    OobScreen,
    Session,
    StartScreen,
    VictoryAtSeaApp,
    campaign_resolver,
)
from tui.battle_viewer import BattleViewerScreen

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
        row = next(i for i, (name, _) in enumerate(app.screen._rows) if name == "Akagi")
        table.move_cursor(row=row)
        await pilot.pause()
        card = str(app.screen.query_one("#oob-card", Static).render())
        assert card.startswith("Akagi, turn 1 (1941):\nAkagi  (Akagi class, JP, carrier)")
        assert "Air group: 8 Flights (air factor 4 x 2, at most the card's 18): A6M2 Zero, D3A1 Val, B5N2 Kate" in card


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


async def test_hot_seat_turn_with_a_tactical_battle_opened_in_the_viewer(data: CampaignData) -> None:
    """Issue 8: a hot-seat turn (Japan and Germany-Italy human, each giving the orders the baseline AI would) in
    which the North Sea battle is fought on the tactical table, listed in the Battles tab and opened in the
    battle viewer."""
    campaign = Campaign.new(data, "standard", seed=1, resolver=campaign_resolver("tactical"))
    session = Session(campaign, Clock(campaign), {"japan", "germany_italy"})
    app = VictoryAtSeaApp(data, session=session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        decisions: list[tuple[str, str]] = []
        for _ in range(40):
            if isinstance(screen, HandOverScreen):
                decisions.append(("hand-over", screen.player))
                await pilot.click("#ready")
            elif campaign.state.turn > 1:
                break
            else:
                player = screen.session.clock.decision.player.value  # type: ignore[union-attr]
                decisions.append((player, screen.session.clock.decision.phase.value))  # type: ignore[union-attr]
                for order in BaselineAI().orders(campaign, player):
                    assert screen.give(order)
                await pilot.press("e")
            screen = await wait_for_human(pilot, app)
        assert decisions == [("japan", "reinforce"), ("hand-over", "germany_italy"), ("germany_italy", "patrol"),
                             ("germany_italy", "air"), ("germany_italy", "submarine"), ("germany_italy", "return")]
        assert campaign.state.turn == 2 and isinstance(screen, CampaignScreen)
        fought = {b.area: b for b in session.battles()}
        assert "North Sea" in fought and {b.turn for b in fought.values()} == {1}
        north_sea = list(fought).index("North Sea")
        assert not screen.query_one("#ai-busy", LoadingIndicator).display  # the AI has finished
        assert any(n.message.startswith("Tactical battle(s) fought: ") and "North Sea (turn 1)" in n.message
                   and n.message.endswith(". Press b to watch.") for n in app._notifications)
        await pilot.press("b")
        await pilot.pause()
        assert screen.query_one("#tabs", TabbedContent).active == "tab-battles"
        battles = screen.query_one("#battles", OptionList)
        assert battles.option_count == len(fought)
        label = str(battles.get_option_at_index(north_sea).prompt)
        report = fought["North Sea"].report
        sunk = [sum(1 for s in report.ships if s.side == side and s.sunk) for side in report.sides]
        assert label == (f"T1 North Sea: Allies 10 ships, 6 Flights against Axis 2 ships; sunk Allies {sunk[0]}, "
                         f"Axis {sunk[1]}; {report.turns_played} "
                         f"turn(s), VP {report.victory_points[0]}-{report.victory_points[1]}, Allies win")
        battles.highlighted = north_sea
        await pilot.press("enter")
        await pilot.pause(0.2)
        viewer = app.screen
        assert isinstance(viewer, BattleViewerScreen)
        assert viewer.battle["campaign"]["area"] == "North Sea" and viewer.battle["winner"] == "Allies"
        assert "Allies vs Axis · North Sea, campaign turn 1" in str(viewer.query_one("#bv-status", Static).render())
        await pilot.press("G")
        await pilot.pause()
        assert "Allies wins" in str(viewer.query_one("#bv-status", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


def test_old_battles_are_dropped_and_the_ai_reports_progress(data: CampaignData) -> None:
    """Only this turn's and the previous turn's tactical battles are kept (North Sea on turns 1 and 2: turn 1's is
    dropped on turn 3); the AI worker says who decides."""
    campaign = Campaign.new(data, "standard", seed=1, resolver=campaign_resolver("tactical"))
    session = Session(campaign, Clock(campaign), set())
    steps: list[tuple[str, Phase]] = []
    resolver = campaign.resolver
    assert isinstance(resolver, TacticalResolver) and resolver.keep_reports
    kept: list[list[int]] = []
    original = session.end_decision

    def watch() -> None:
        original()
        kept.append(sorted({b.turn for b in session.battles()}))
        if campaign.state.turn == 3 and campaign.state.phase is Phase.PATROL:
            session.humans = {p.value for p in Player}  # stop the AI at turn 3's patrol

    session.end_decision = watch  # type: ignore[method-assign]
    session.run_ai_until_human(lambda player, phase: steps.append((player, phase)))
    assert steps[0] == ("japan", Phase.REINFORCE)
    changes = [k for i, k in enumerate(kept) if i == 0 or kept[i - 1] != k]
    assert changes == [[], [1], [1, 2], [2]]


async def test_classic_combat_and_loading_with_tactical_combat(data: CampaignData, tmp_path: Path) -> None:
    campaign = Campaign.new(data, "standard", seed=1, resolver=campaign_resolver("classic"))
    app = VictoryAtSeaApp(data, session=Session(campaign, Clock(campaign), {"allies"}))
    path = tmp_path / "game.json"
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        assert "fought by the classic rules in this game" in text_of(screen, "#battles-text")
        save(campaign, path)
    app2 = VictoryAtSeaApp(data)
    assert app2.load_game_on_start(path, "tactical") is None
    assert app2.session is not None and app2.session.tactical and app2.session.battles() == []
    assert app2.load_game_on_start(path, "classic") is None and not app2.session.tactical
    with pytest.raises(ValueError, match="unknown combat 'none'"):
        campaign_resolver("none")
