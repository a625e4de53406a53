"""Battles in which the human side has nothing to decide (issue #16): chosen to be fought by the classic rules
(``k``) or commanded on the table (``c``), each goes on to the next battle cleanly, and the end-of-turn summary
comes up afterwards, and again with ``r``, as after any other battle.  The classic surprise attack on Pearl Harbor
is in the summary and in the next dialog with its losses in port, though the Hawaiian Islands see a battle on the
table later that turn.  Seed 1 stops on turn 3 at the surprise
attack on the Hawaiian Islands (``vas run --seed 1 --command united_states``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Static

from strategic.battles import TacticalResolver
from strategic.clock import Clock
from strategic.orders import Move
from strategic.phases import Phase
from strategic.saves import load_state
from tui.app import Session, VictoryAtSeaApp
from tui.battle_choice import BattleChoiceScreen
from tui.cli import main
from tui.turn_summary import TurnSummaryScreen, summary_text

from .helpers import mounted_campaign_screen, press_end, wait_for, wait_for_human

SIZE = (160, 48)


async def _choice(pilot: Any, app: Any, after: str = "") -> BattleChoiceScreen:
    """The battle dialog for another battle than ``after`` (its title)."""
    def shown() -> BattleChoiceScreen | None:
        screen = app.screen
        return screen if isinstance(screen, BattleChoiceScreen) and screen.query("#command") \
            and screen.what != after else None
    return await wait_for(pilot, shown, f"the dialog after {after or 'loading'}")


async def test_battles_with_nothing_to_decide_go_on_and_the_summary_follows(data, tmp_path: Path) -> None:
    path = tmp_path / "q.json"
    assert main(["run", "--seed", "1", "--command", "united_states", "--save", str(path)]) == 3  # stopped at a question
    campaign = load_state(path, data, TacticalResolver())
    assert campaign.state.question is not None and campaign.state.turn == 3
    app = VictoryAtSeaApp(data, session=Session(campaign, Clock(campaign, resume=True), {"united_states"}),
                          turn_summaries=True)
    async with app.run_test(size=SIZE) as pilot:
        hawaii = await _choice(pilot, app)
        assert hawaii.what == "Surprise attack in Hawaiian Islands on Pearl Harbor"  # R-SUM-11
        await pilot.press("k")  # the defender of a surprise attack decides nothing in classic combat
        indonesia = await _choice(pilot, app, hawaii.what)
        assert indonesia.what == "Surprise attack in Indonesia"
        assert str(indonesia.query_one(Static).render()) == (
            "Surprise attack in Hawaiian Islands on Pearl Harbor (classic rules) is over: sunk West Virginia, Nevada; "
            "disabled Maryland, Oklahoma.")
        # the dialog tells the result: no notification of it stays over the dialog
        await wait_for(pilot, lambda: not list(app._notifications), "the notifications cleared")
        await pilot.press("c")  # on the table: every question has one legal answer, none is shown
        # R-PAC-19: the Location Uncertain groups that rolled an area may move on: the US raid phase waits
        raid = await wait_for_human(pilot, app)
        assert raid.host.clock.decision.phase is Phase.RAID
        assert any(isinstance(o, Move) and o.unit in campaign.state.war.appeared
                   for o in campaign.legal_orders("united_states"))
        await press_end(pilot, app)
        after = await _choice(pilot, app, indonesia.what)
        assert str(after.query_one(Static).render()) == ("Surprise attack in Indonesia is over: eliminated 5th Air "
                                                         "Force.")
        assert "surprise:Indonesia" not in campaign.state.pending_battles
        await pilot.press("f", "a")  # the AI for the rest of the game
        screen = await wait_for_human(pilot, app)  # the return phase: the summary waits for the turn's end
        assert screen.host.clock.decision.phase is Phase.RETURN and not isinstance(app.screen, TurnSummaryScreen)
        await press_end(pilot, app)
        summary = await wait_for(pilot, lambda: isinstance(app.screen, TurnSummaryScreen) and app.screen,
                                 "the end-of-turn summary")
        assert summary.turn == 3 and summary.text == summary_text(campaign, 3)
        assert any(line.startswith("Surprise attack in Hawaiian Islands on Pearl Harbor (classic rules): Allies lost "
                                   "(sunk) West Virginia, Nevada; Allies lost (disabled) Maryland, Oklahoma; Allies "
                                   "damaged ") for line in summary.text.splitlines())  # in port; R-SUM-15
        assert "Surprise attack in Indonesia" in summary.text
        await pilot.press("enter")
        screen = await wait_for(pilot, lambda: mounted_campaign_screen(app), "closed")
        await pilot.press("r")
        again = await wait_for(pilot, lambda: isinstance(app.screen, TurnSummaryScreen) and app.screen, "r")
        assert again.turn == 3 and screen.host.campaign is campaign
