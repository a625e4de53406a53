"""A fresh user's play-test of the campaign screen (R-UI-40 to R-UI-47): undo takes back a whole stack order, a
typed path where one place is wanted is refused, shortened names and a port named as a sea area, a stray y or n,
an all-AI game followed on the screen, the empty save path, the start screen's all-AI wording, the damaged unit's
rules on highlight, and ``vas run | head`` keeping the exit code."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Static

from scenarios.loader import CampaignData
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.engine_errors import EngineError
from strategic.phases import Phase
from strategic.state import UnitStatus
from tests.strategic.engine_helpers import WithdrawResolver
from tui import cli
from tui.app import ConfirmScreen, PathScreen, Session, StartScreen, VictoryAtSeaApp
from tui.order_entry import OrderSyntaxError, hint, parse_orders
from tui.order_picker import begins_order
from tui.pipe_safe import PipeSafe
from tui.turn_summary import TurnSummaryScreen

from .helpers import wait_for, wait_for_human

SIZE = (200, 55)
STACK = ["Nelson", "Rodney", "Hood", "Renown", "Repulse"]


def session_for(data: CampaignData, humans: set[str]) -> Session:
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    return Session(campaign, Clock(campaign), humans)


def text_of(screen, selector: str) -> str:  # type: ignore[no-untyped-def]
    return str(screen.query_one(selector, Static).render())


# --------------------------------------------------------------------------- the grammar


@pytest.mark.parametrize(("line", "error"), [
    ("place Nelson > England > Malta", "'place' names one place, not a path ('England > Malta'): only move goes "
                                       "through several sea areas; place UNIT > PLACE"),
    ("return Nelson > England > Malta", "'return' names one place, not a path"),
    ("air Nelson > North Sea > Baltic Sea", "'air' names one place, not a path"),
    ("move Hood > pacific", "'pacific' could be North Pacific Ocean, Central Pacific Ocean or South Pacific Ocean: "
                            "type more of the sea area's name"),
    ("move Hood > n", "'n' could be North Pacific Ocean, North Atlantic or North Sea: type more"),
])
def test_paths_where_one_place_is_wanted_and_ambiguous_shortenings(data: CampaignData, line: str, error: str) -> None:
    """R-UI-41: only move takes a path; R-UI-40: a shortening fitting several names lists them."""
    with pytest.raises(OrderSyntaxError) as caught:
        parse_orders(data, line)
    assert str(caught.value).startswith(error)


def test_a_shortening_that_fits_one_name_is_that_name(data: CampaignData) -> None:
    """R-UI-40: each word typed begins a word of the name, in a row; the exact name always wins."""
    assert [o.path for o in parse_orders(data, "move Hood > med")] == [("Mediterranean",)]  # type: ignore[attr-defined]
    assert parse_orders(data, "move nels, rod > n atl > barents")[1].path == ("North Atlantic",  # type: ignore
                                                                             "Barents Sea")
    assert parse_orders(data, "place Nel > eng")[0].place == "England"  # type: ignore[attr-defined]
    assert parse_orders(data, "move Hood > bengal")[0].path == ("Bay of Bengal",)  # type: ignore[attr-defined]


def test_a_port_named_as_a_sea_area_points_to_the_order_for_ports(data: CampaignData) -> None:
    """R-UI-42: the phase says which order goes to a port."""
    cases = {Phase.REINFORCE: "in the reinforce phase: place Hood, Repulse > Malta",
             Phase.RETURN: "in the return phase: return Hood, Repulse > Malta",
             Phase.PATROL: "a move ends in a sea area (units in Malta put to sea into one it touches)"}
    for phase, told in cases.items():
        with pytest.raises(OrderSyntaxError) as caught:
            parse_orders(data, "move Hood, Repulse > Malta", phase)
        assert str(caught.value) == f"no sea area named 'Malta': Malta is a port; {told}"
    with pytest.raises(OrderSyntaxError, match=r"^no sea area named 'Malta': Malta is a port; 'air' goes to a sea"):
        parse_orders(data, "air Hood > Malta", Phase.AIR)


def test_the_order_line_hint_is_the_phase_s_orders(data: CampaignData) -> None:
    """R-UI-42: the placeholder names the typed forms of the orders legal now."""
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    Clock(campaign)
    assert campaign.state.phase is Phase.REINFORCE
    assert hint(campaign.legal_orders("allies")) == "/ to type an order: place UNIT[, UNIT...] > PORT (or AREA)"
    assert hint([]).startswith("/ to type an order: move UNIT[, UNIT...] > AREA [> AREA] [raid|landing] · air")


def test_only_an_order_s_first_letter_starts_a_typed_order() -> None:
    """R-UI-44."""
    assert [c for c in "abcdefghijklmnopqrstuvwxyz" if begins_order(c)] == ["a", "d", "l", "m", "p", "r", "s"]


# --------------------------------------------------------------------------- the campaign screen


async def test_undo_takes_back_the_whole_stack_order(data: CampaignData) -> None:
    """R-UI-43: the orders given together are taken back together by one u; then the order given before them."""
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        campaign = screen.host.campaign
        line = screen.query_one("#order-input", Input)
        await pilot.press("slash", *"place Warspite > Malta", "enter")
        await wait_for(pilot, lambda: campaign.state.unit("Warspite").place == "Malta", "Warspite placed")
        line.focus()  # given, the first order gave the focus back to the list (R-UI-117)
        line.value = f"place {', '.join(STACK)} > England"
        await pilot.press("enter")
        await wait_for(pilot, lambda: campaign.state.unit("Repulse").place == "England", "the stack placed")
        await pilot.press("escape", "u")
        await wait_for(pilot, lambda: campaign.state.unit("Nelson").status is UnitStatus.AWAITING, "the undo")
        assert all(campaign.state.unit(u).status is UnitStatus.AWAITING for u in STACK)
        assert campaign.state.unit("Warspite").place == "Malta"
        assert text_of(screen, "#order-message") == ("5 orders taken back, given together: Nelson, Rodney, Hood, "
                                                     "Renown, Repulse")
        await pilot.press("u")
        await wait_for(pilot, lambda: campaign.state.unit("Warspite").status is UnitStatus.AWAITING, "the 2nd undo")
        assert text_of(screen, "#order-message") == "order taken back (Warspite)"
        await pilot.press("u")
        await pilot.pause()
        assert text_of(screen, "#order-message") == "nothing to undo in this decision"


async def test_typed_errors_and_the_hint_on_the_screen(data: CampaignData) -> None:
    """R-UI-41, R-UI-42 on the screen: the extra place is refused (nothing given), Malta points to place."""
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        line = screen.query_one("#order-input", Input)
        assert line.placeholder == "/ to type an order: place UNIT[, UNIT...] > PORT (or AREA)"
        await pilot.press("slash", *"place Nelson > England > Malta", "enter")
        await pilot.pause()
        assert text_of(screen, "#order-message").startswith("refused 'place Nelson > England > Malta': 'place' names "
                                                            "one place, not a path")
        assert screen.host.campaign.state.unit("Nelson").status is UnitStatus.AWAITING
        line.value = "move Hood, Repulse > Malta"
        await pilot.press("enter")
        await pilot.pause()
        assert text_of(screen, "#order-message") == (
            "refused 'move Hood, Repulse > Malta': no sea area named 'Malta': Malta is a port; in the reinforce "
            "phase: place Hood, Repulse > Malta")


async def test_a_stray_y_starts_no_order_and_e_still_ends_the_phase(data: CampaignData) -> None:
    """R-UI-44: y and n with no question open are said to do nothing; the e after them is the command."""
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        orders = screen.query_one("#orders", OptionList)
        await pilot.press("y")
        await pilot.pause()
        assert app.focused is orders and screen.query_one("#order-input", Input).value == ""
        assert text_of(screen, "#order-message").startswith("'y' answers a question, and none is open")
        await pilot.press("n", "e")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the end-phase question")
        assert screen.query_one("#order-input", Input).value == ""


async def test_an_all_ai_game_is_followed_on_the_screen(data: CampaignData) -> None:
    """R-UI-46: with no human the phase bar and the log move on while the AI plays; each finished turn is offered
    (a notification), and the summary screen's arrows go through the finished turns."""
    session = session_for(data, set())
    app = VictoryAtSeaApp(data, session=session)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        turn2 = await wait_for(pilot, lambda: text_of(screen, "#phase-bar") if " Turn 2/" in text_of(
            screen, "#phase-bar") else None, "the phase bar at turn 2")
        assert "(AI) decides" in turn2
        await wait_for(pilot, lambda: any("Turn 2 is over: r shows its summary" in str(n.message)
                                          for n in app._notifications), "the offer of turn 2's summary")
        await pilot.press("r")
        summary = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, TurnSummaryScreen) else None,
                                 "the summary screen")
        last = summary.turn
        assert last >= 2
        await pilot.press("left")
        await pilot.pause()
        assert summary.turn == last - 1
        assert text_of(summary, "#turn-summary-title") == f"End of turn {last - 1}"
        await pilot.press("right")
        await pilot.pause()
        assert summary.turn == last
        session.error = EngineError(0, "start", RuntimeError("test over"))  # the worker stops at its next decision
        await wait_for(pilot, lambda: not screen.workers, "the AI worker stopped")


async def test_an_empty_save_path_keeps_the_dialog_open(data: CampaignData, tmp_path: Path) -> None:
    app = VictoryAtSeaApp(data, session=session_for(data, {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_human(pilot, app)
        await pilot.press("s")
        dialog = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, PathScreen) else None, "dialog")
        dialog.query_one("#path", Input).value = "  "
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog
        assert text_of(dialog, "#path-error") == "type a file name (Escape or Cancel: no save)"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not dialog


async def test_the_start_screen_says_when_the_ai_plays_all_four(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data)
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen
        assert isinstance(start, StartScreen)
        for switch in start.query("Switch"):
            switch.value = False  # type: ignore[attr-defined]
        await pilot.pause()
        assert text_of(start, "#load-humans") == "Human in the loaded game: none; the AI plays all four."


async def test_a_damaged_unit_highlighted_shows_its_rules(data: CampaignData) -> None:
    """R-UI-45: the highlight on a damaged unit puts its warning, with the rules, under the prompt."""
    session = session_for(data, {"allies"})
    session.campaign.state.unit("Nelson").damage = 4
    app = VictoryAtSeaApp(data, session=session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        orders = screen.query_one("#orders", OptionList)
        prompts = [str(orders.get_option_at_index(i).prompt) for i in range(orders.option_count)]
        orders.highlighted = next(i for i, p in enumerate(prompts) if p.startswith("   [ ] Nelson"))
        await pilot.pause()
        assert text_of(screen, "#pick-prompt") == ("⚠ Nelson carries 4 damage points; at sea it sinks if its damage "
                                                   "exceeds its defence 5 (case V-05)")
        orders.highlighted = 0
        await pilot.pause()
        assert text_of(screen, "#pick-prompt").startswith("Pick a unit, or a place")


# --------------------------------------------------------------------------- vas run | head


class _Closing(io.StringIO):
    """A reader that takes the first line and goes (``| head -1``)."""

    def write(self, text: str) -> int:
        if self.getvalue().count("\n") >= 1:
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(text)


def test_a_reader_gone_keeps_the_exit_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R-UI-47: ``vas run | head -1`` of a run that stops at a battle question exits 3, as unpiped."""
    save_path = tmp_path / "q.json"
    assert cli.main(["run", "--seed", "1", "--command", "united_states", "--save", str(save_path)]) == 3
    closing = _Closing()
    monkeypatch.setattr(sys, "stdout", closing)
    assert cli.main(["run", "--load", str(save_path), "--turns", "1"]) == 3
    assert sys.stdout is closing and closing.getvalue().startswith("Victory at Sea: ")
    assert closing.getvalue().count("\n") == 1


def test_pipe_safe_swallows_the_broken_pipe() -> None:
    safe = PipeSafe(_Closing())  # type: ignore[arg-type]
    assert safe.write("one\n") == 4 and safe.write("two\n") == 4 and safe.gone
    safe.flush()
