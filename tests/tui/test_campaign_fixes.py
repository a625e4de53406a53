"""Issue #17's smaller points on the campaign screen, each as a user meets it: the log wraps to its width, the help
is complete and scrolls, the end-of-phase question is a small dialog, a clicked Battles tab highlights a battle, a
refused typed order keeps the order line, the Pearl Harbor turn says what is happening, VITP raiders show their
type on the map, and the orders and places are written in the players' words."""

from __future__ import annotations

import pytest
from textual.widgets import Input, OptionList, Static, TabbedContent
from textual.widgets.option_list import Option

from scenarios.loader import CampaignData
from scenarios.models import Theatre
from strategic.ai import BaselineAI, give_orders
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.orders import AnnounceAttack, Loan, PearlHarborForce, PearlHarborStrike, Sortie
from strategic.views import OutbreakView, observe
from tests.strategic.engine_helpers import WithdrawResolver
from tui.app import CampaignScreen, ConfirmScreen, Session, VictoryAtSeaApp
from tui.board_draw import COMPACT, Board, Marks, draw_theatre
from tui.board_info import header
from tui.campaign_log import CampaignLog
from tui.help_screen import HelpScreen, legend_lines
from tui.order_entry import describe
from tui.phase_notes import war_note

from .helpers import end_phase, wait_for, wait_for_human

SIZE = (170, 50)


def new_app(data: CampaignData) -> VictoryAtSeaApp:
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    return VictoryAtSeaApp(data, session=Session(campaign, Clock(campaign), {"allies"}))


def text_of(screen: object, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())  # type: ignore[attr-defined]


async def test_the_log_written_while_hidden_wraps_to_its_width_and_rewraps_on_resize(data: CampaignData) -> None:
    app = new_app(data)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        screen = await end_phase(pilot, app, screen)  # events logged while the Log tab is hidden
        log = screen.query_one("#log", CampaignLog)
        assert len(log.texts) > 1 and not log.lines  # kept, not yet wrapped
        await pilot.click("#tabs Tab#--content-tab-tab-log")
        width = await wait_for(pilot, lambda: log.lines and log.scrollable_content_region.width, "the shown log")
        first = str(log.lines[0].text).rstrip()
        assert len(first) > 40 and first.startswith("Game: Victory at Sea: the combined global game, seed 2")
        assert max(len(str(line.text).rstrip()) for line in log.lines) <= width
        await pilot.resize_terminal(120, 50)
        narrower = await wait_for(pilot, lambda: (w := log.scrollable_content_region.width) < width and w,
                                  "the narrower log")
        await wait_for(pilot, lambda: max(len(str(line.text).rstrip()) for line in log.lines) <= narrower,
                       "the log rewrapped")


@pytest.mark.parametrize("size", [(100, 30), SIZE])
async def test_help_is_a_scrolling_dialog_with_the_whole_legend(data: CampaignData, size: tuple[int, int]) -> None:
    """At 100x30 and at 170x50 the dialog, its scrolling part and its hint are all on the screen (they were cut
    off: the scrolling part was 44 lines whatever the terminal), and the legend's end scrolls into sight."""
    app = new_app(data)
    async with app.run_test(size=size) as pilot:
        screen = await wait_for_human(pilot, app)
        await pilot.press("question_mark")
        shown = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, HelpScreen) else None, "help")
        text = text_of(shown, "#help-text")
        assert all(line in text for line in legend_lines())
        assert "  i    the details of the unit highlighted" in text and legend_lines()[-1].startswith("Map keys")
        scroll = shown.query_one("#help-scroll")
        dialog, hint = shown.query_one("#help").region, shown.query_one("#help-hint").region
        await wait_for(pilot, lambda: scroll.region.bottom <= hint.y, "the scrolling part above the hint")
        assert dialog.bottom <= size[1] and dialog.y <= hint.y and hint.bottom < dialog.bottom
        assert app.focused is scroll and (scroll.max_scroll_y > 0) == (size[1] < SIZE[1])  # scrolls when it must
        scroll.scroll_end(animate=False)
        await wait_for(pilot, lambda: scroll.scroll_y == scroll.max_scroll_y, "the end of the help")
        await pilot.resize_terminal(170, 50) if size != SIZE else await pilot.resize_terminal(100, 30)
        await wait_for(pilot, lambda: shown.query_one("#help-hint").region.bottom
                       < shown.query_one("#help").region.bottom <= app.size.height, "the help fitted again")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "the campaign screen")


async def test_the_end_of_phase_question_is_a_small_dialog(data: CampaignData) -> None:
    app = new_app(data)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_human(pilot, app)
        await pilot.press("e")
        dialog = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, ConfirmScreen) else None,
                                "the question")
        region = dialog.query_one("#path-dialog").region
        assert 6 <= region.height <= 10 and region.width == 60
        await pilot.press("n")


async def test_a_clicked_battles_tab_focuses_its_list_with_a_battle_highlighted(data: CampaignData) -> None:
    app = new_app(data)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        battles = screen.query_one("#battles", OptionList)
        battles.add_options([Option("T1 North Sea", id="battle-0"), Option("T1 Barents Sea", id="battle-1")])
        await pilot.click("#tabs Tab#--content-tab-tab-battles")
        await wait_for(pilot, lambda: app.focused is battles, "the battles list focused")
        assert screen.query_one("#tabs", TabbedContent).active == "tab-battles" and battles.highlighted == 1


async def test_a_refused_typed_order_keeps_the_order_line(data: CampaignData) -> None:
    app = new_app(data)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        line = screen.query_one("#order-input", Input)
        await pilot.press(*"move Nelson > Hawaiian Islands", "enter")  # typed in the order list
        await wait_for(pilot, lambda: text_of(screen, "#order-message").startswith("refused "), "the refusal")
        assert app.focused is line and line.selected_text == "move Nelson > Hawaiian Islands"
        await pilot.press(*"move Nelsn > North Sea", "enter")  # a misspelt name: refused too
        await wait_for(pilot, lambda: "Nelsn" in text_of(screen, "#order-message"), "the second refusal")
        assert app.focused is line and line.value == "move Nelsn > North Sea"


def play_to(campaign: Campaign, clock: Clock, stop: tuple[int, str, str]) -> None:
    """The baseline AI plays every decision until (turn, phase, player) is open."""
    while clock.decision is not None and (campaign.state.turn, clock.decision.phase.value,
                                          clock.decision.player.value) != stop:
        player = clock.decision.player.value
        give_orders(campaign, player, list(BaselineAI().orders(campaign, player)))
        clock.end_decision()


def outbreak(campaign: Campaign) -> OutbreakView:
    """The phase bar's facts of the Pacific war, as an observer's view carries them (R-VIEW-28)."""
    return observe(campaign, None, orders=False, log=False).outbreak


def test_the_pearl_harbor_turn_says_what_happens_and_raiders_show_their_type(data: CampaignData) -> None:
    campaign = Campaign.new(data, "standard", seed=1, resolver=WithdrawResolver())
    clock = Clock(campaign)
    play_to(campaign, clock, (2, "patrol", "allies"))
    assert war_note(outbreak(campaign)) == ""
    play_to(campaign, clock, (3, "raid", "japan"))
    assert war_note(outbreak(campaign)) == ("Pearl Harbor turn: the Pacific war begins; Japan's surprise attacks "
                                            "follow its raiders' move (VITP 18)")
    play_to(campaign, clock, (3, "raid", "allies"))
    assert war_note(outbreak(campaign)) == ("Pearl Harbor turn: the surprise attacks are over (Log tab); the War at "
                                            "Sea moves follow (002 §3.232)")
    pending = campaign.state.pending_battles
    campaign.state.pending_battles = ["surprise:Hawaiian Islands"]  # as while its commander is asked (R-UI-128)
    assert war_note(outbreak(campaign)) == ("Pearl Harbor turn: Japan's surprise attacks are being fought (VITP 18; "
                                            "002 §5.73)")
    campaign.state.pending_battles = pending
    view = observe(campaign, "allies", orders=False, log=False)
    drawing = draw_theatre(Board(data, view, COMPACT), Theatre.VITP, Marks())
    x, y, w, h = drawing.regions["Hawaiian Islands"]
    box = " ".join(line.plain[x + 1:x + w - 1].strip() for line in drawing.lines[y + 1:y + h - 1])
    raiders = sorted({u.type.value for u in view.units_at("Hawaiian Islands") if u.mode and u.mode.value == "raid"})
    assert raiders and all(f"r{kind}" in box for kind in raiders)  # rBB2 rCV6 ...: the type of each raider
    play_to(campaign, clock, (4, "reinforce", "allies"))
    assert war_note(outbreak(campaign)) == ""


def test_orders_and_places_in_the_players_words(data: CampaignData) -> None:
    assert describe(Loan(unit="Hood", to="united_states")) == "lend: Hood → United States"
    assert describe(AnnounceAttack()) == "announce Japan's attack this turn (002 §5.71)"
    assert describe(PearlHarborStrike(unit="Akagi")) == ("Pearl Harbor special force: Akagi → Hawaiian Islands "
                                                         "(002 §5.72)")
    assert describe(PearlHarborForce(stays=False)) == "the Pearl Harbor special force returns to port (002 §5.735)"
    assert describe(Sortie(unit="Nevada")) == "sortie: Nevada puts to sea in the Hawaiian Islands (002 §5.735)"
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    view = observe(campaign, "allies", orders=False, log=False)
    assert header(data, view, "Malta").plain.startswith("Malta — major port (WAS), owner Allies; touches")


async def test_the_units_tab_says_how_a_unit_is_there(data: CampaignData) -> None:
    app = new_app(data)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        assert isinstance(screen, CampaignScreen)
        table = screen.query_one("#units")
        screen.query_one("#unit-filter", Input).value = "Scharnhorst"
        await wait_for(pilot, lambda: table.row_count == 1, "the filtered table")  # type: ignore[attr-defined]
        assert table.get_row_at(0)[4:6] == ["in port", "Germany"]  # type: ignore[attr-defined]


def test_the_early_war_phase_bar_and_the_announcement_in_words(data: CampaignData) -> None:
    campaign = Campaign.new(data, "early_war", seed=1, resolver=WithdrawResolver())
    clock = Clock(campaign)
    play_to(campaign, clock, (1, "air", "japan"))
    assert war_note(outbreak(campaign)) == ("Pacific at peace until Japan announces its attack with its air units "
                                  "(002 §5.62, §5.71)")
    free = [describe(o) for o in campaign.legal_orders("japan") if not getattr(o, "unit", "")]
    assert free == ["announce Japan's attack this turn (002 §5.71)"]
    play_to(campaign, clock, (4, "reinforce", "united_states"))
    assert war_note(outbreak(campaign)) == ""
