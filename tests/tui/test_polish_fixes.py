"""Play-test faults of the TUI (task "polish"): the key bar and the answers of the command screen at 100x30
(R-UI-92), the Orders panel while a battle waits for its commander (R-UI-93), the start screen preparing a game
(R-UI-94)."""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import Button, DataTable, Input, Static

from scenarios.models import Player
from strategic.clock import Clock
from tactical import demo_spec
from tests.tui.test_command_screen import _coral
from tui.app import CampaignScreen, Session, VictoryAtSeaApp
from tui.battle_choice import BattleChoiceScreen
from tui.demo_command import DemoCommandApp

from .helpers import laid_out_keys, question_asked, wait_for, wait_for_human


async def test_the_command_screens_keys_and_answers_fit_at_100x30() -> None:
    """R-UI-92: at 100x30 every key of the bar is whole on the screen, and an answer that fits the side panel is
    one line (the Orders of a ship wrapped onto two)."""
    app = DemoCommandApp(demo_spec("cruiser-action", 0), (0,), "Cruiser action")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await question_asked(pilot, app, "choose_order")
        keys = await wait_for(pilot, lambda: laid_out_keys(screen), "the key bar laid out")
        assert {k.key for k in keys} >= {"enter", "a", "slash", "r", "o", "t", "A", "c", "l", "s", "q"}
        for key in keys:
            words = key.render().plain
            assert key.region.right <= 100 and key.region.width == cell_len(words), words
        table = screen.query_one("#cmd-choices", DataTable)
        side = screen.query_one("#cmd-side").size.width
        labels = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        assert any("crew check" in label for label in labels) and max(map(cell_len, labels)) <= side - 6
        assert [row.height for row in table.rows.values()] == [1] * table.row_count
        screen = await question_asked(pilot, app, "plan_fire", screen.asked - 1)  # one cannot fire
        table = screen.query_one("#cmd-choices", DataTable)
        cells = [str(table.get_row_at(i)[1]) for i in range(table.row_count)]
        assert "cannot fire" in cells and [row.height for row in table.rows.values()] == [1] * table.row_count
        await pilot.press(*["down"] * cells.index("cannot fire"))
        detail = await wait_for(pilot, lambda: str(screen.query_one("#cmd-detail", Static).render()).startswith(
            "cannot fire: 000 ") and screen.query_one("#cmd-detail", Static), "the row's reason under the rows")
        assert "(R-TAC-15)" in str(detail.render())


async def test_while_a_battle_waits_the_orders_panel_says_so_and_its_buttons_are_disabled(data) -> None:
    """R-UI-93: the Coral Sea battle waits for Japan (human) to say how it is fought: behind the dialog the order
    line names the battle and who it waits for, Undo and End phase are disabled (a press does nothing); once the
    battle is over and Japan gives orders, they are enabled and the line shows the orders of the phase."""
    campaign = _coral(data, [Player.JAPAN])
    app = VictoryAtSeaApp(data, session=Session(campaign, Clock(campaign, resume=True), {"japan"}))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BattleChoiceScreen) and app.screen.query("#command"),
                       "how the battle is fought")
        screen = app.screen_stack[-2]
        assert isinstance(screen, CampaignScreen) and campaign.state.question is not None
        assert screen.query_one("#order-input", Input).placeholder == "waiting for Japan: Battle in Coral Sea"
        undo, end = screen.query_one("#undo", Button), screen.query_one("#end-phase", Button)
        assert undo.disabled and end.disabled
        end.press()
        undo.press()
        await pilot.pause()
        assert str(screen.query_one("#order-message", Static).render()) == ""
        await pilot.press("a")  # the AI commands Japan's side
        ready = await wait_for_human(pilot, app)
        assert ready is screen and not undo.disabled and not end.disabled
        assert screen.query_one("#order-input", Input).placeholder.startswith("/ to type an order: ")


async def test_start_shows_that_it_prepares_the_game_and_ignores_more_presses(data, monkeypatch) -> None:
    """R-UI-94: Start pressed, the screen says "Preparing the game…" beside the disabled button, with the busy
    indicator, before the game is made; Start pressed again (the button, a direct call, Enter in the seed field)
    meanwhile starts nothing more: one game."""
    app = VictoryAtSeaApp(data)
    started: list[tuple[str, bool, bool]] = []
    real = VictoryAtSeaApp.start_new

    def start_new(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        screen = self.screen
        status = screen.query_one("#start-status", Static)
        started.append((str(status.render()), screen.query_one("#start-game", Button).disabled,
                        bool(screen.query_one("#start-busy").display and status.region.area)))
        real(self, *args, **kwargs)

    monkeypatch.setattr(VictoryAtSeaApp, "start_new", start_new)
    async with app.run_test(size=(160, 48)) as pilot:
        start = app.screen
        await pilot.click("#start-game")
        start.start_game()  # pressed again at once
        start.query_one("#start-game", Button).press()
        start.query_one("#seed", Input).focus()
        await pilot.press("enter")
        await wait_for_human(pilot, app)
        assert started == [("Preparing the game…", True, True)]
        assert [type(s) for s in app.screen_stack].count(CampaignScreen) == 1
        assert not start.preparing and not start.query_one("#start-game", Button).disabled
        assert str(start.query_one("#start-status", Static).render()) == ""
