"""Keys and calls that reach a screen before it is mounted, or after it left (R-UI-52): pressing Start and, in the
same tick, switching the campaign screen's tabs must not crash the app, whatever the timing."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.css.query import NoMatches
from textual.widgets import Button, Header, Input, Static, TabbedContent
from textual.widgets._header import HeaderTitle

from scenarios.loader import CampaignData
from tui.app import CampaignScreen, StartScreen, VictoryAtSeaApp
from tui.mounting import GameHeader

from .helpers import wait_for, wait_for_human

SIZE = (200, 55)


def switch_tabs_now(screen: CampaignScreen) -> None:
    """Every call of the campaign screen that switches its tabs, made at once."""
    screen.action_odds()
    screen.action_battles()
    screen.action_type_order()
    screen.action_undo()


async def start_then_switch(app: VictoryAtSeaApp, pilot, pauses: int) -> CampaignScreen:
    """Start pressed twice in the same tick (one game only), then the tabs switched ``pauses`` ticks after the
    campaign screen is pushed (the game is prepared once the start screen has said so, R-UI-94)."""
    start = app.screen
    assert isinstance(start, StartScreen)
    pushed: list[CampaignScreen] = []
    real = app.start_new

    def start_new(*args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        real(*args, **kwargs)
        assert isinstance(app.screen, CampaignScreen)
        pushed.append(app.screen)
        if pauses == 0:
            switch_tabs_now(app.screen)  # in the tick that pushed it

    app.start_new = start_new  # type: ignore[method-assign]
    start.query_one("#start-game", Button).press()
    start.start_game()  # Start pressed twice in the same tick: one game only
    screen = (await wait_for(pilot, lambda: pushed, "the campaign screen pushed"))[0]
    if pauses:
        for _ in range(pauses - 1):
            await pilot.pause(0)
        switch_tabs_now(screen)
    return screen


@pytest.mark.parametrize("pauses", [0, 1, 3])
async def test_start_then_tab_switches_in_the_same_tick(data: CampaignData, pauses: int) -> None:
    app = VictoryAtSeaApp(data)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_then_switch(app, pilot, pauses)
        await wait_for(pilot, lambda: screen.is_mounted, "the campaign screen mounted")
        assert app.return_code is None and app.crash is None
        await wait_for_human(pilot, app)
        assert [type(s) for s in app.screen_stack].count(CampaignScreen) == 1
        # the deferred calls ran after the mount (each tab shown in turn, the Battles tab taking the focus back)
        assert screen.query_one("#tabs", TabbedContent).active in {"tab-orders", "tab-battles"}
        assert "nothing to undo" in str(screen.query_one("#order-message").render())


async def test_late_ai_callbacks_after_the_screen_left_are_dropped(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data)
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#start-game", Button).press()
        screen = await wait_for_human(pilot, app)
        # every widget mounted, as after an engine error's dialog (a screen removed while its tabs still mount is
        # textual's own race, not a late callback)
        await wait_for(pilot, lambda: all(w.is_mounted for w in screen.query("*")), "the campaign screen mounted")
        app.back_to_start()
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen) and not screen.is_attached,
                       "the start screen back")
        screen._follow_ai("AI players are deciding…")  # a worker's result arriving late
        screen._after_ai()
        screen._odds_progress("North Sea", 1, 20)  # an odds worker's progress and result, as late
        screen._odds_shown("odds")
        await pilot.pause()
        assert app.return_code is None and app.crash is None


@pytest.mark.parametrize("content", ['{"turn": 3, "bad": ', "[1, 2]", "", "\x00\xff binary", None])
async def test_a_corrupt_save_loaded_from_the_start_screen_is_refused_in_the_app(data: CampaignData, tmp_path: Path,
                                                                                   content: str | None) -> None:
    """The load dialog given a truncated, wrong-shaped, empty or binary file, or a folder: one message naming the
    file, the start screen kept, the file untouched, no traceback."""
    path = tmp_path / "corrupt.json"
    if content is None:
        path.mkdir()
    else:
        path.write_bytes(content.encode("latin-1"))
    app = VictoryAtSeaApp(data)
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen
        assert isinstance(start, StartScreen)
        start.query_one("#load-path", Input).value = str(path)
        start.query_one("#load-game", Button).press()
        message = await wait_for(pilot, lambda: str(start.query_one("#start-message", Static).render()),
                                 "the refusal")
        assert str(path) in message and app.screen is start and app.session is None
        assert app.return_code is None and app.crash is None
    assert path.is_dir() if content is None else path.read_bytes() == content.encode("latin-1")


class _TitledApp(App[None]):
    def __init__(self, header: type[Header]) -> None:
        super().__init__()
        self.header = header

    def compose(self):
        yield self.header()


@pytest.mark.parametrize("header, crashes", [(Header, True), (GameHeader, False)])
async def test_a_title_change_after_the_header_lost_its_title_is_dropped(header: type[Header], crashes: bool) -> None:
    """R-UI-95: the header's queued title update finds its title widget gone (the screen leaving in the same
    moment); textual's own header crashed the app there, the game's header does not."""
    app = _TitledApp(header)
    try:
        async with app.run_test() as pilot:
            shown = app.query_one(HeaderTitle)
            await shown.remove()
            app.screen.sub_title = "seed 1 · the global war"
            await pilot.pause()
    except NoMatches:
        assert crashes
    else:
        assert not crashes
        assert app.return_code is None
