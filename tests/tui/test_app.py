"""The textual app driven as a user would, with textual's Pilot."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import (
    Button,
    DataTable,
    Input,
    Label,
    LoadingIndicator,
    OptionList,
    Select,
    Static,
    Switch,
    TabbedContent,
)

from scenarios.loader import CampaignData
from scenarios.models import Player
from strategic.ai import BaselineAI
from strategic.battles import TacticalResolver
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.events import CLASSIC_RE
from strategic.narrate import log_line
from strategic.saves import save
from strategic.state import Phase, UnitStatus
from tests.strategic.engine_helpers import WithdrawResolver
from tui.app import (
    CampaignScreen,
    ConfirmScreen,
    HandOverScreen,
    OobScreen,
    Session,
    StartScreen,
    VictoryAtSeaApp,
    campaign_resolver,
)
from tui.battle_viewer import BattleViewerScreen
from tui.board_map import BoardMap
from tui.help_screen import HelpScreen

from .helpers import end_phase, hand_over, wait_for, wait_for_human

SIZE = (200, 55)


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
        assert screen.host.humans == {"allies"}


async def test_orders_illegal_legal_undo_end_phase(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        campaign = screen.host.campaign
        before = campaign.state.model_dump_json()
        # an illegal order: its rule-citing message, and nothing changes
        await pilot.click("#order-input")
        await pilot.press(*"place Hood > Malta Bay")
        await pilot.press("enter")
        assert text_of(screen, "#order-message") == ("refused 'place Hood > Malta Bay': no place named 'Malta Bay' "
                                                     "(did you mean Malta?)")
        screen.query_one("#order-input").value = "place Nelson > Pearl Harbor"
        await pilot.press("enter")
        await pilot.pause()
        assert text_of(screen, "#order-message").startswith(
            "refused 'place Nelson > Pearl Harbor': 002 §2.32: Nelson may arrive only in England or")
        assert campaign.state.model_dump_json() == before
        # a legal order picked from the list: its first line is highlighted, Escape goes back to it; the first unit
        # (below its place's line), then its first place
        orders = screen.query_one("#orders", OptionList)
        await pilot.press("escape")
        assert app.focused is orders and orders.highlighted == 0
        await pilot.press("down", "enter", "enter")
        await pilot.pause()
        assert campaign.state.unit("Nelson").place == "England"
        assert "Nelson arrives: England" in text_of(screen, "#order-message")
        await pilot.press("u")
        await pilot.pause()
        assert campaign.state.unit("Nelson").status is UnitStatus.AWAITING
        # end the phase: the AI plays Germany-Italy, the next human decision is the British patrol
        screen = await end_phase(pilot, app, screen)
        assert screen.host.clock.decision.phase is Phase.PATROL
        assert screen.host.clock.decision.player is Player.ALLIES
        assert "Patrol" in text_of(screen, "#phase-bar")


async def test_hot_seat_hands_over_between_humans(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies", "germany_italy"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        assert screen.host.clock.decision.player is Player.ALLIES
        handover = screen
        for _ in range(4):  # the British end their set-up and patrol; then the Germans move (002 §3.22)
            handover = await end_phase(pilot, app, handover)
            if isinstance(handover, HandOverScreen):
                break
        assert isinstance(handover, HandOverScreen) and handover.player == "germany_italy"
        below = app.screen_stack[-2]  # issue #17: nothing of the British orders shows around the dialog
        assert isinstance(below, CampaignScreen) and not below.query_one("#main").display
        screen = await hand_over(pilot, app, handover)
        assert screen.query_one("#main").display and app.focused is screen.query_one("#orders")
        assert screen.host.clock.decision.player is Player.GERMANY_ITALY
        # play-test: the map drawn while hidden had no width (full boxes, the Pacific off to the side); it fits again
        board, room = screen.query_one(BoardMap), screen.query_one("#map-scroll")
        await wait_for(pilot, lambda: board.available == room.size.width and board.drawing.width <= room.size.width,
                       "the map fitted to its pane after the hand-over")
        assert "Germany-Italy (you) decides" in text_of(screen, "#phase-bar")


async def test_a_turn_completes_with_battles_and_poc(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        campaign = screen.host.campaign
        for _ in range(20):  # end every British decision of turn 1 with the AI's moves for the others
            if campaign.state.turn > 1:
                break
            screen = await end_phase(pilot, app, screen)
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
        assert screen.host.clock.decision.phase is Phase.REINFORCE
        assert screen.host.humans == {"allies"}  # not all four: the start screen's default



async def test_saving_into_a_folder_that_does_not_exist_creates_nothing(data: CampaignData, tmp_path: Path) -> None:
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies"}))
    path = tmp_path / "typo" / "game.json"
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#path").value = str(path)
        await pilot.click("#ok")
        message = await wait_for(pilot, lambda: "not saved" in text_of(screen, "#order-message")
                                 and text_of(screen, "#order-message"), "the refusal")
        assert f"the folder {path.parent} does not exist" in message and "the game goes on" in message
    assert not path.parent.exists()


async def test_odds_tab_before_committing(data: CampaignData) -> None:
    """Issue 9: the odds advisor is shown in the TUI before the player commits."""
    app = VictoryAtSeaApp(data, session=session_for(data, {"germany_italy"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        while screen.host.clock.decision.phase is not Phase.PATROL:
            screen = await end_phase(pilot, app, screen)
        campaign = screen.host.campaign
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
        assert screen.host.campaign.state.unit("Nelson").place == "England"
        # R-UI-117 (a fresh user's break test): given, the line gave the focus back, so e ends the phase
        assert app.focused is screen.query_one("#orders")
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the end-phase question")
        assert screen.query_one("#order-input", Input).value == ""
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "the question closed")
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
    """Issue 8: a hot-seat turn (the Allies and Germany-Italy human, each giving the orders the baseline AI would)
    in which the North Sea battle is fought on the tactical table, listed in the Battles tab and opened in the
    battle viewer."""
    campaign = Campaign.new(data, "standard", seed=1, resolver=campaign_resolver("tactical"))
    session = Session(campaign, Clock(campaign), {"allies", "germany_italy"})
    app = VictoryAtSeaApp(data, session=session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        decisions: list[tuple[str, str]] = []
        notes: set[str] = set()  # every notification seen on the way (a hand-over may outlast one)
        for _ in range(40):
            notes |= {n.message for n in app._notifications}
            if isinstance(screen, HandOverScreen):
                decisions.append(("hand-over", screen.player))
                screen = await hand_over(pilot, app, screen)  # until that hand-over is gone
            elif campaign.state.turn > 1:
                break
            else:
                player = screen.host.clock.decision.player.value  # type: ignore[union-attr]
                decisions.append((player, screen.host.clock.decision.phase.value))  # type: ignore[union-attr]
                for order in BaselineAI().orders(campaign, player):
                    assert screen.give(order)
                screen = await end_phase(pilot, app, screen)  # until that decision is over
        assert decisions == [("allies", "reinforce"), ("allies", "patrol"), ("hand-over", "germany_italy"),
                             ("germany_italy", "patrol"), ("hand-over", "allies"), ("allies", "air"),
                             ("hand-over", "germany_italy"), ("germany_italy", "air"), ("germany_italy", "submarine"),
                             ("germany_italy", "return"), ("hand-over", "allies"), ("allies", "return")]
        assert campaign.state.turn == 2 and isinstance(screen, CampaignScreen)
        fought = {b.area: b for b in session.battles()}
        assert "North Sea" in fought and {b.turn for b in fought.values()} == {1}
        north_sea = list(fought).index("North Sea")
        assert not screen.query_one("#ai-busy", LoadingIndicator).display  # the AI has finished
        notes |= {n.message for n in app._notifications}
        assert any(m.startswith("Tactical battle(s) fought: ") and "North Sea (turn 1)" in m
                   and m.endswith(". Press b to watch.") for m in notes)
        await pilot.press("b")
        await wait_for(pilot, lambda: screen.query_one("#tabs", TabbedContent).active == "tab-battles",
                       "the Battles tab")
        battles = screen.query_one("#battles", OptionList)
        assert battles.option_count == len(fought)
        label = str(battles.get_option_at_index(north_sea).prompt)
        report = fought["North Sea"].report
        sunk = [sum(1 for s in report.ships if s.side == side and s.sunk) for side in report.sides]
        assert label == (f"T1 Battle in North Sea: Allies 10 ships, 6 Flights against Axis 2 ships, 6 Flights; "
                         f"sunk Allies {sunk[0]}, Axis {sunk[1]}; {report.turns_played} "
                         f"turn(s), VP {report.victory_points[0]}-{report.victory_points[1]}, Allies win")
        battles.highlighted = north_sea
        await pilot.press("enter")

        def status() -> str:
            viewer = app.screen
            statuses = viewer.query("#bv-status") if isinstance(viewer, BattleViewerScreen) else None
            return str(statuses.first(Static).render()) if statuses else ""

        await wait_for(pilot, lambda: "Allies vs Axis · North Sea, campaign turn 1" in status(), "the battle viewer")
        viewer = app.screen
        assert isinstance(viewer, BattleViewerScreen)
        assert viewer.battle["campaign"]["area"] == "North Sea" and viewer.battle["winner"] == "Allies"
        await pilot.press("G")
        await wait_for(pilot, lambda: "Allies wins" in status(), "the battle's end in the viewer")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "the campaign screen again")


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
    assert steps[0] == ("allies", Phase.REINFORCE)  # Japan sets up with nothing to choose (R-PAC-25)
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


def saved_turn_2(data: CampaignData, path: Path) -> None:
    """A classic game played by the AI (the Allies ending their decisions without orders) to turn 2's set-up, after
    turn 1's combat (an air strike in the North Sea), saved to ``path``."""
    campaign = Campaign.new(data, "standard", seed=2, resolver=campaign_resolver("classic"))
    campaign.state.combat = "classic"  # as the app records it
    session = Session(campaign, Clock(campaign), {"allies"})
    while campaign.state.turn < 2:
        session.run_ai_until_human()
        session.end_decision()
    session.run_ai_until_human()
    assert campaign.state.turn == 2 and session.waiting_for_human
    assert [log_line(e).split(":")[0] for e in campaign.state.events  # one classic battle opened
            if e.kind == "combat" and CLASSIC_RE.match(e.note)] == ["T1 combat    North Sea"]
    save(campaign, path)


async def test_start_screen_focus_seed_and_load_with_its_humans(data: CampaignData, tmp_path: Path) -> None:
    """Issue (new-user trial) items 1, 3, 5: the start screen focuses its first control; a bad seed is refused
    with a message; loading uses the human/AI switches (named in the load section), and the Battles tab says
    that battles fought before the load are not kept."""
    path = tmp_path / "turn2.json"
    saved_turn_2(data, path)
    app = VictoryAtSeaApp(data)
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen
        assert isinstance(start, StartScreen)
        assert app.focused is start.query_one("#setup")
        assert start.query_one("#seed", Input).placeholder == "1" and start.query_one("#seed", Input).value == ""
        assert text_of(start, "#load-humans") == ("Human in the loaded game: Allies; the others are played by the "
                                                  "AI.")
        for bad in ("abc", "-3"):
            start.query_one("#seed", Input).value = bad
            await pilot.click("#start-game")
            await pilot.pause()
            assert app.screen is start
            refusal = f"the seed must be a whole number of 0 or more, like 1 or 42 (not '{bad}')"
            assert text_of(start, "#start-message") == refusal
            assert app._notifications and list(app._notifications)[-1].message == refusal
            assert app.focused is start.query_one("#seed")
        start.query_one("#human-japan", Switch).value = True
        await pilot.pause()
        assert text_of(start, "#load-humans") == ("Human in the loaded game: Japan, Allies; the others are played "
                                                  "by the AI.")
        start.query_one("#load-path", Input).value = str(path)
        start.query_one("#load-combat", Select).value = "tactical"  # the save says classic
        await pilot.click("#load-game")
        screen = await wait_for_human(pilot, app)
        assert screen.host.humans == {"japan", "allies"} and screen.host.loaded_turn == 2
        assert screen.host.tactical  # the start screen's combat for the loaded game
        assert screen.host.clock.decision.player is Player.ALLIES
        assert "Allies (you) decides" in text_of(screen, "#phase-bar")
        assert text_of(screen, "#battles-text") == (
            "No tactical battle fought since the load. Battles fought before the game was loaded (at turn 2) are "
            "not kept: a save holds no battles (`vas run --battle-logs DIR` saves each battle's log).")
        assert screen.game_line() == ("Game: Victory at Sea: the combined global game, seed 2, tactical combat "
                                      "(chosen on loading; the save had classic); human: Japan, Allies; loaded at "
                                      "turn 2")


async def test_empty_seed_is_1_and_shown(data: CampaignData) -> None:
    """An empty seed starts the game with seed 1, named in the header and the log's first line."""
    app = VictoryAtSeaApp(data)
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#combat", Select).value = "classic"
        await pilot.click("#start-game")
        screen = await wait_for_human(pilot, app)
        assert screen.host.campaign.state.seed == 1
        assert screen.sub_title == "seed 1 · Victory at Sea: the combined global game"
        await pilot.click("#tabs Tab#--content-tab-tab-log")
        lines: list[str] = []
        for _ in range(40):  # the log renders once its tab is shown
            await pilot.pause(0.05)
            lines = [str(line.text).rstrip() for line in screen.query_one("#log").lines]
            if lines:
                break
        expected = "Game: Victory at Sea: the combined global game, seed 1, classic combat; human: Allies"
        assert " ".join(lines).startswith(expected)  # the first line, wrapped at the tab's width


def test_vas_play_load_uses_the_human_option(data: CampaignData, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """``vas play --load FILE`` makes the Allies human (the start screen's default), ``--human`` the players named;
    never all four.  The combat is the save's (here classic) unless ``--combat`` says otherwise."""
    from tui import cli

    path = tmp_path / "game.json"
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    campaign.state.combat = "classic"
    save(campaign, path)
    opened: list[Session] = []
    monkeypatch.setattr(VictoryAtSeaApp, "run", lambda self: opened.append(self.session))
    assert cli.main(["play", "--load", str(path)]) == 0
    assert cli.main(["play", "--load", str(path), "--human", "japan", "united_states", "--combat", "tactical"]) == 0
    assert [s.humans for s in opened] == [{"allies"}, {"japan", "united_states"}]
    assert [s.tactical for s in opened] == [False, True] and [s.loaded_turn for s in opened] == [1, 1]
    assert [s.combat_note for s in opened] == ["as saved", "chosen on loading; the save had classic"]
    with pytest.raises(SystemExit):
        cli.main(["play", "--load", str(path), "--human", "italy"])


async def test_enter_escape_and_refused_typed_orders(data: CampaignData) -> None:
    """Issue (new-user trial) item 2: the first order is highlighted after every refill, so Enter takes orders one
    after the other; Escape leaves the order line (then ``u`` undoes instead of typing); a refused typed order is
    quoted and selected, so the next typing replaces it."""
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        campaign = screen.host.campaign
        orders = screen.query_one("#orders", OptionList)
        assert app.focused is orders and orders.highlighted == 0
        await pilot.press("down")
        first = str(orders.get_option_at_index(1).prompt)
        await pilot.press("enter")
        assert str(orders.get_option_at_index(0).prompt) == "England — arrive" and orders.highlighted == 0
        await pilot.press("enter")
        await pilot.pause()
        assert first == "   [ ] Nelson · UK BB 5-5-3" and campaign.state.unit("Nelson").place == "England"
        assert orders.highlighted == 0  # refilled: the units again, the first line highlighted
        second = str(orders.get_option_at_index(1).prompt)
        await pilot.press("down", "enter", "enter")
        await pilot.pause()
        assert second == "   [ ] Rodney · UK BB 5-5-3" and campaign.state.unit("Rodney").place == "England"
        # Escape leaves the order line: u is then the undo key, not a letter
        order_input = screen.query_one("#order-input", Input)
        await pilot.press("slash", "u")
        assert app.focused is order_input and order_input.value == "u"
        await pilot.press("escape", "u")
        await pilot.pause()
        assert app.focused is orders and order_input.value == "u"
        assert campaign.state.unit("Rodney").status is UnitStatus.AWAITING
        assert text_of(screen, "#order-message") == "order taken back (Rodney)"
        # a refused typed order: quoted in the message, selected so the next typing replaces it
        order_input.value = ""
        await pilot.press("slash", *"move Akagi > Hawaiian Islands", "enter")
        await pilot.pause()
        assert text_of(screen, "#order-message").startswith("refused 'move Akagi > Hawaiian Islands': ")
        assert order_input.value == "move Akagi > Hawaiian Islands"
        assert order_input.selected_text == "move Akagi > Hawaiian Islands"
        await pilot.press(*"place Rodney > Malta", "enter")
        await pilot.pause()
        assert campaign.state.unit("Rodney").place == "Malta" and order_input.value == ""


async def test_screen_keys_from_the_battles_tab_and_odds_label(data: CampaignData) -> None:
    """Issue (new-user trial) items 2, 4: e, u and ? pressed with the Battles list focused act and show the Orders
    tab with their result; d shows the Odds tab with the odds of the tactical battle itself in a tactical game
    (issue #18)."""
    campaign = Campaign.new(data, "standard", seed=2, resolver=campaign_resolver("tactical"))
    app = VictoryAtSeaApp(data, session=Session(campaign, Clock(campaign), {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        tabs = screen.query_one("#tabs", TabbedContent)
        assert str(tabs.get_tab("tab-odds").label) == "Odds"
        note = "Tactical odds: 20 runs of each battle on the tactical table (AI captains), 95% intervals in brackets."
        assert text_of(screen, "#odds-text").startswith(f"{note}\nPress d for the odds")
        await pilot.press("d")
        for _ in range(1000):
            await pilot.pause(0.05)
            if not screen.workers:
                break
        assert tabs.active == "tab-odds" and app.focused is screen.query_one("#odds-scroll")
        odds = text_of(screen, "#odds-text").splitlines()
        fought = [n for n in odds if n.endswith(": 20 tactical battles (95% confidence intervals in brackets)")]
        assert odds[0] == note and (fought or odds[2] == "No battle would be fought with the units now at sea.")
        await pilot.press("b")
        await pilot.pause()
        assert tabs.active == "tab-battles" and app.focused is screen.query_one("#battles")
        assert screen.host.clock.decision.phase is Phase.REINFORCE
        screen = await end_phase(pilot, app, screen)
        assert screen.host.clock.decision.phase is Phase.PATROL
        assert tabs.active == "tab-orders" and app.focused is screen.query_one("#orders")
        await pilot.press("b", "u")
        await pilot.pause()
        assert tabs.active == "tab-orders"
        assert text_of(screen, "#order-message") == "nothing to undo in this decision"
        await pilot.press("b", "question_mark")
        help_screen = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, HelpScreen) else None,
                                     "the help dialog")
        assert text_of(help_screen, "#help-text").startswith("Orders\nPick an order with")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "the campaign screen again")


async def test_keys_say_why_when_no_human_decides(data: CampaignData) -> None:
    """A game stopped on an unresolved battle (no combat resolver): e and u say why nothing happens."""
    campaign = Campaign.new(data, "standard", seed=2, resolver=None)
    session = Session(campaign, Clock(campaign), set())
    app = VictoryAtSeaApp(data, session=session)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        for _ in range(400):
            await pilot.pause(0.05)
            if isinstance(screen, CampaignScreen) and campaign.blocked and not screen.workers:
                break
        assert campaign.blocked and campaign.blocked.startswith("battles pending in ")
        await pilot.press("b", "e")
        await pilot.pause()
        assert screen.query_one("#tabs", TabbedContent).active == "tab-orders"
        assert text_of(screen, "#order-message") == f"cannot end a phase: the game is stopped: {campaign.blocked}"
        await pilot.press("u")
        await pilot.pause()
        assert text_of(screen, "#order-message") == f"nothing to undo: the game is stopped: {campaign.blocked}"


async def test_campaign_screen_at_100x30(data: CampaignData) -> None:
    """At 100x30 the map scrolls beside the tabs, the order list keeps rows under a long message, and the footer
    shows every key."""
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies"}))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_human(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause()
        scroll = screen.query_one("#map-scroll")
        assert scroll.region.width == 50 and scroll.max_scroll_x > 0 and scroll.max_scroll_y > 0
        scroll.scroll_to(y=scroll.max_scroll_y, animate=False)
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y
        assert screen.query_one("#orders").region.height >= 4
        assert screen.query_one("#end-phase").region.bottom <= 29
        footer_keys = {b.key for _, b, enabled, _ in screen.active_bindings.values() if b.show and enabled}
        assert footer_keys == {"e", "u", "s", "o", "d", "b", "r", "i", "l", "slash", "question_mark", "q"}


async def test_every_start_screen_button_shows_its_label(data: CampaignData) -> None:
    """Play-test: the app's style for the order-of-appearance table (``#oob``) squeezed the start screen's button
    of the same id to two rows, its label cut off; each button is whole, and the Order of appearance one opens it."""
    app = VictoryAtSeaApp(data)
    async with app.run_test(size=(100, 30)) as pilot:
        start = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, StartScreen) else None,
                               "the start screen")
        assert {str(b.label): b.outer_size.height for b in start.query(Button)} == {
            "Start campaign": 3, "Load": 3, "Order of appearance": 3, "Fight and watch": 3}
        start.query_one("#oob-button", Button).press()
        await wait_for(pilot, lambda: isinstance(app.screen, OobScreen), "the order of appearance")


async def test_each_human_switch_says_human_or_ai_in_words(data: CampaignData) -> None:
    """R-UI-105 (a fresh user's report): the switches showed human or AI by colour only; the line beside each says
    it, and follows the switch."""
    app = VictoryAtSeaApp(data)
    async with app.run_test(size=(100, 30)) as pilot:
        start = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, StartScreen) else None,
                               "the start screen")

        def said(player: str) -> str:
            return str(start.query_one(f"#human-label-{player}", Label).render())

        assert said("allies") == "Allies (Britain, France, Russia, Netherlands, Australia) — human"
        assert said("japan") == "Japan — AI"
        start.query_one("#human-japan", Switch).toggle()
        await wait_for(pilot, lambda: said("japan") == "Japan — human", "Japan said human")
        assert start.humans() == {"allies", "japan"}


async def test_the_commanders_switch_says_who_commands_in_words(data: CampaignData) -> None:
    """R-UI-107 (a play-test): the battle commanders' switch showed its state by colour only, and its long line was
    cut at 100 columns; the line beside it says who commands and follows the switch."""
    app = VictoryAtSeaApp(data)
    async with app.run_test(size=(100, 30)) as pilot:
        start = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, StartScreen) else None,
                               "the start screen")

        def said() -> str:
            return str(start.query_one("#command-battles-label", Label).render())

        assert said() == "Battles of human players — they command them (a loaded game: added to its commanders)"
        start.query_one("#command-battles", Switch).toggle()
        await wait_for(pilot, lambda: "the AI commands them" in said(), "the switch said off")
        assert said() == "Battles of human players — the AI commands them (a loaded game keeps its commanders)"
        assert start.query_one("#command-battles-label", Label).region.right <= 100
