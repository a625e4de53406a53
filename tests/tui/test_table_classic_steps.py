"""R-UI-70 in the app: the classic decisions of a battle fought on the table (the retreat ports, R-OPS-48; run or
fight in the Hawaiian Islands, 002 §5.751) are asked of the player commanding it on the combat screen, starting at
the AI's answer, and his answer changes where his ships end up."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from scenarios.models import Player
from strategic.clock import Clock, turn_plan
from strategic.state import Phase, UnitStatus
from tactical.dice import Dice
from tests.strategic.test_table_classic_steps import _attack_turn, _coral
from tui.app import CampaignScreen, Session, VictoryAtSeaApp
from tui.battle_choice import BattleChoiceScreen
from tui.combat_screen import CombatScreen

from .helpers import command_screen_of, wait_for

SIZE = (160, 45)
PORTS = ["Australia", "Guadalcanal", "New Hebrides", "Port Moresby", "Samoa"]


def _app(data, campaign) -> VictoryAtSeaApp:  # type: ignore[no-untyped-def]
    return VictoryAtSeaApp(data, session=Session(campaign, Clock(campaign, resume=True), {"united_states"}))


async def _choose(pilot: Any, app: Any, key: str) -> tuple[bool, bool]:
    """Choose how the battle is fought (``c``: command it); whether the dialog said it is on the table, and whether
    it offered the classic rules."""
    screen = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, BattleChoiceScreen)
                            and app.screen.query("#command") else None, "how the battle is fought")
    shown = (screen.on_table, bool(screen.query("#classic")))
    await pilot.press(key)
    return shown


async def _table_until_classic(pilot: Any, app: Any, answered: Any = None) -> CombatScreen:
    """Give the AI's answer (Enter) to every question on the table until a combat screen (other than the one
    ``answered``) asks one."""
    after = 0
    while True:
        def ready(after: int = after) -> Any:
            if isinstance(app.screen, CombatScreen) and app.screen is not answered:
                return app.screen
            screen = command_screen_of(app)
            return screen if screen is not None and screen.asked > after else None

        screen = await wait_for(pilot, ready, f"question {after + 1} on the table, or the combat screen")
        if isinstance(screen, CombatScreen):
            return screen
        after = screen.asked
        await pilot.press("enter")


async def test_the_commander_of_a_table_battle_picks_his_retreat_ports_on_the_combat_screen(data) -> None:
    campaign = _coral(data, (Player.UNITED_STATES,))
    campaign.dice = Dice(1)  # the seed whose battle, his ships on the table answered as the AI would, ends in a retreat
    campaign.state.step = next(i for i, s in enumerate(turn_plan(campaign, 4)) if s[0] is Phase.COMBAT)
    app = _app(data, campaign)
    async with app.run_test(size=SIZE) as pilot:
        await _choose(pilot, app, "c")
        declared = await _table_until_classic(pilot, app)  # his day-or-night declaration first (R-UI-71)
        assert [(r.key, r.choices, r.value) for r in declared.rows] == [("round", ["day", "night"], "day")]
        await pilot.press("enter")
        screen = await _table_until_classic(pilot, app, declared)
        title = str(screen.query_one("#combat-title", Static).render())
        assert "the port each unit leaving the battle goes to" in title and "R-OPS-48" in title
        assert [(r.key, r.choices, r.value) for r in screen.rows] == [
            ("Lexington", PORTS, "Australia")]  # the AI's answer first (Northampton was sunk)
        await pilot.press(*["right"] * 4)
        assert screen.rows[0].value == "Samoa"
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, CampaignScreen) and not campaign.state.pending_battles,
                       "the battle's end")
    places = {n: (campaign.state.unit(n).status, campaign.state.unit(n).place) for n in ("Northampton", "Lexington")}
    assert places == {"Northampton": (UnitStatus.SUNK, None), "Lexington": (UnitStatus.PORT, "Samoa")}


async def test_a_table_battle_left_to_the_ai_leaves_it_the_retreat_ports_too(data) -> None:
    """``A`` on the command screen (the AI commands the rest of the battle): its retreat ports are the AI's."""
    campaign = _coral(data, (Player.UNITED_STATES,))
    app = _app(data, campaign)
    async with app.run_test(size=SIZE) as pilot:
        await _choose(pilot, app, "c")
        await wait_for(pilot, lambda: isinstance(app.screen, CombatScreen), "the day-or-night declaration")
        await pilot.press("enter")
        await wait_for(pilot, lambda: command_screen_of(app), "the command screen")
        await pilot.press("A")
        await wait_for(pilot, lambda: isinstance(app.screen, CampaignScreen) and not campaign.state.pending_battles,
                       "the battle's end")
    assert {n: campaign.state.unit(n).place for n in ("Northampton", "Lexington")} == {
        "Northampton": "Australia", "Lexington": "Australia"}


async def test_the_us_commander_runs_from_a_table_battle_in_the_hawaiian_islands(data) -> None:
    campaign = _attack_turn(data, (Player.UNITED_STATES,))
    campaign.state.combat = "tactical"
    campaign.state.step = next(i for i, s in enumerate(turn_plan(campaign, 3)) if s[0] is Phase.COMBAT)
    app = _app(data, campaign)
    async with app.run_test(size=SIZE) as pilot:
        assert await _choose(pilot, app, "c") == (True, True)  # a battle on the table, which may go classic
        screen = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, CombatScreen) else None,
                                "the combat screen")
        assert [(r.key, r.choices, r.value) for r in screen.rows] == [("forces", ["fight", "run"], "fight")]
        await pilot.press("right", "enter")
        screen = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, CombatScreen)
                                and app.screen is not screen else None, "the retreat port")
        assert [(r.key, r.choices, r.value) for r in screen.rows] == [
            ("Indianapolis", ["Johnston Island", "Pearl Harbor"], "Johnston Island")]
        await pilot.press("right", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, CampaignScreen) and not campaign.state.pending_battles,
                       "the battle's end")
    indianapolis = campaign.state.unit("Indianapolis")
    assert (indianapolis.status, indianapolis.place) == (UnitStatus.PORT, "Pearl Harbor")
    assert [e.how for e in campaign.state.events if e.kind == "battle_handed_over"] == ["fallback"]
