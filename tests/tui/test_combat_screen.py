"""Humans fight their own classic battles in the app (issue #15): the combat screen under keystrokes, refusals with
the rule, typed answers, and whole battles commanded in the app (hot-seat, both sides human), whose result is the
battle the AI would have fought when the humans answer as it would."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.widgets import DataTable, Static

from scenarios.models import Player
from strategic.campaign import Campaign
from strategic.classic import BaselinePolicy, ClassicResolver
from strategic.classic.scripts import RecordingPolicy
from strategic.clock import Clock, turn_plan
from strategic.state import Phase
from tactical.dice import Dice
from tests.strategic.classic.helpers import at_sea, game
from tui.app import CampaignScreen, HandOverScreen, Session, VictoryAtSeaApp
from tui.battle_choice import BattleChoiceScreen
from tui.combat_screen import CombatScreen, parse_typed, rows_for

from .helpers import wait_for

SIZE = (160, 45)
CORAL = ("Lexington", "Enterprise", "Northampton", "Myoko", "Nachi", "Kaga")
NORTH_SEA = ("Ark Royal", "Hood", "Allied LBA", "Scharnhorst", "Gneisenau")


def _battle(data, area: str, units: tuple[str, ...], commanders: list[Player]) -> Campaign:  # type: ignore[no-untyped-def]
    campaign = game(data)
    campaign.state.step = next(i for i, s in enumerate(turn_plan(campaign, 4)) if s[0] is Phase.COMBAT)
    campaign.dice, campaign.resolver = Dice(11), ClassicResolver()
    campaign.state.combat, campaign.state.battle_commanders = "classic", commanders
    at_sea(campaign, area, *units)
    campaign.state.pending_battles = [area]
    return campaign


def _asked(data, area=  # type: ignore[no-untyped-def]
           "Coral Sea", units=CORAL, commanders=(Player.JAPAN,)):
    campaign = _battle(data, area, units, list(commanders))
    campaign.resolve_pending()
    assert campaign.asked is not None
    return campaign


class Harness(App[None]):
    """The combat screen alone; answers go to ``submit`` (a refusal for the first ``refuse`` answers)."""

    def __init__(self, campaign: Campaign, refuse: int = 0) -> None:
        super().__init__()
        self.campaign, self.refuse, self.given = campaign, refuse, []  # type: ignore[var-annotated]
        self.result: Any = "open"

    def submit(self, answer: Any) -> str | None:
        self.given.append(answer)
        if len(self.given) <= self.refuse:
            return "002 §4.11: Illustrious has only 2 air factors"
        return None

    def on_mount(self) -> None:
        asked = self.campaign.asked
        screen = CombatScreen(asked.player, asked.question, asked.brief, submit=self.submit)  # type: ignore[union-attr]
        self.push_screen(screen, lambda result: setattr(self, "result", result))


async def test_day_or_night_is_chosen_with_the_keys_and_confirmed(data) -> None:
    campaign = _asked(data)
    assert campaign.asked.question.decision == "day_or_night"  # type: ignore[union-attr]
    suggestion = campaign.asked.brief.suggestion  # type: ignore[union-attr]
    app = Harness(campaign)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, CombatScreen) else None,
                                "the combat screen")
        title = str(screen.query_one("#combat-title", Static).render())
        assert "Battle in Coral Sea · VITP · round 1" in title and "Japan decides a day (air) or night" in title
        assert "VITP 4.2 (case V-03; R-CMB-08)" in title
        assert screen.rows[0].value == suggestion  # the AI's suggestion to start from
        units = screen.query_one("#combat-units", DataTable)
        rows = {units.get_row_at(i)[0]: units.get_row_at(i) for i in range(units.row_count)}
        for name, row in rows.items():  # at sea a unit sinks when its damage is above its defence (R-CMB-05)
            unit = campaign.asked.brief.view.units[name]  # type: ignore[union-attr]
            assert row[7] == str(unit.defence) and row[4] == str(unit.defence)
            assert row[2] == (f"{unit.gunnery} +1" if unit.gunnery_bonus and unit.gunnery else str(unit.gunnery))
        await pilot.press("right")
        other = "night" if suggestion == "day" else "day"
        assert screen.rows[0].value == other
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.result != "open", "the screen to close")
    assert app.given == [other] and app.result == other


async def test_targets_show_exact_odds_and_a_refusal_keeps_the_screen_open(data) -> None:
    campaign = _asked(data, "North Sea", NORTH_SEA, (Player.ALLIES,))
    asked = campaign.asked
    assert asked is not None and asked.question.decision == "was_air_strikes"
    app = Harness(campaign, refuse=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, CombatScreen) else None,
                                "the combat screen")
        table = screen.query_one("#combat-answer", DataTable)
        target, source = screen.rows[0].key, screen.rows[0].value
        assert source in asked.question.options["factors"]
        odds = asked.brief.odds[source][target]
        assert table.get_row_at(0)[2:] == [f"{float(odds.hit) * 100:.0f}%", f"{float(odds.disabled) * 100:.0f}%",
                                           f"{float(odds.sunk) * 100:.0f}%"]
        assert "Air factors:" in str(screen.query_one("#combat-factors", Static).render())
        await pilot.press("enter")  # refused once: the message names the rule, the rows stay
        await wait_for(pilot, lambda: "refused: 002 §4.11" in str(screen.query_one("#combat-message",
                                                                                   Static).render()), "the refusal")
        assert app.result == "open"
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.result != "open", "the screen to close")
    assert app.given[0] == app.given[1] == asked.brief.suggestion


async def test_a_typed_answer_is_read_and_given(data) -> None:
    campaign = _asked(data, "North Sea", NORTH_SEA, (Player.ALLIES,))
    asked = campaign.asked
    assert asked is not None
    source = next(iter(asked.question.options["factors"]))
    target = asked.question.options["targets"][-1]
    app = Harness(campaign)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CombatScreen), "the combat screen")
        await pilot.press("slash")
        for key in f"{source.lower()} > {target.upper()}":
            await pilot.press("space" if key == " " else key)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.result != "open", "the screen to close")
    assert app.given == [[[source, target]]]


def test_typed_answers_are_read_or_refused_naming_what_is_wrong(data) -> None:
    campaign = _asked(data)
    asked = campaign.asked
    assert asked is not None
    rows = rows_for(asked.question, asked.brief)
    assert parse_typed("day_or_night", rows, " Night ") == "night"
    try:
        parse_typed("day_or_night", rows, "dusk")
    except ValueError as exc:
        assert str(exc) == "type day or night"
    else:  # pragma: no cover
        raise AssertionError("dusk was read")


async def test_a_whole_battle_hot_seat_both_sides_human_is_the_ais_battle(data) -> None:
    """Japan and the United States both command: a hand-over screen between their questions; both answer with
    the AI's suggestion (``a``, Enter); the battle is then the one the AI fights."""
    reference = _battle(data, "Coral Sea", CORAL, [])
    recorders = {p: RecordingPolicy(BaselinePolicy()) for p in ("japan", "united_states")}
    reference.resolver = ClassicResolver(recorders)  # type: ignore[arg-type]
    reference.resolve_pending()
    questions = sum(len(r.script) for r in recorders.values())

    campaign = _battle(data, "Coral Sea", CORAL, [Player.JAPAN, Player.UNITED_STATES])
    clock = Clock(campaign, resume=True)
    session = Session(campaign, clock, {"japan", "united_states"})
    app = VictoryAtSeaApp(data, session=session)
    answered, handovers, choices = 0, 0, 0
    async with app.run_test(size=SIZE) as pilot:
        while True:
            screen = await wait_for(pilot, lambda: _next_screen(app), "a combat question, a hand-over or the game")
            if isinstance(screen, HandOverScreen):
                handovers += 1
                await pilot.click("#ready")
                await wait_for(pilot, lambda s=screen: app.screen is not s, "the hand-over to close")
                continue
            if isinstance(screen, CampaignScreen):
                told = str(screen.query_one("#order-message", Static).render())
                break
            if isinstance(screen, BattleChoiceScreen):  # before each player's first question: command it
                choices += 1
                await pilot.press("c")
                await wait_for(pilot, lambda s=screen: app.screen is not s, "the choice to close")
                continue
            await pilot.press("a")
            await pilot.press("enter")
            answered += 1
            await wait_for(pilot, lambda s=screen: app.screen is not s, "the question to close")
    assert answered == questions and handovers >= 1 and choices == 2
    assert told == "The battle in Coral Sea is over: sunk Enterprise, Lexington.", told
    assert campaign.state.pending_battles == []
    fought = [e for e in campaign.state.events if e.phase is Phase.COMBAT and e.kind != "combat_answer"]
    assert fought == [e for e in reference.state.events if e.phase is Phase.COMBAT]
    assert {e.kind for e in campaign.state.events} >= {"combat_answer", "sunk"}


def _next_screen(app: VictoryAtSeaApp) -> object:
    screen = app.screen
    if isinstance(screen, HandOverScreen):
        buttons = screen.query("#ready")
        return screen if buttons and buttons.first().region.area else None
    if isinstance(screen, CombatScreen):
        return screen if screen.is_mounted and screen.query("#combat-answer") else None
    if isinstance(screen, BattleChoiceScreen):
        return screen if screen.is_mounted and screen.query("#command") else None
    if isinstance(screen, CampaignScreen) and not screen.workers and app.session is not None \
            and app.session.campaign.state.question is None and not app.session.campaign.state.pending_battles:
        return screen
    return None


async def test_quitting_from_a_battle_asks_first(data) -> None:
    """ctrl+q (or q) on the combat screen asks the same yes/no as on the map; no keeps the battle."""
    from tui.app import ConfirmScreen

    campaign = _battle(data, "Coral Sea", CORAL, [Player.JAPAN])
    session = Session(campaign, Clock(campaign, resume=True), {"japan"})
    app = VictoryAtSeaApp(data, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: _next_screen(app) if isinstance(app.screen, BattleChoiceScreen) else None,
                       "how the battle is fought")
        await pilot.press("c")
        screen = await wait_for(pilot, lambda: _next_screen(app) if isinstance(app.screen, CombatScreen) else None,
                                "the combat screen")
        for key in ("ctrl+q", "q"):
            await pilot.press(key)
            dialog = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, ConfirmScreen) else None,
                                    "the quit question")
            await pilot.press("n")
            await wait_for(pilot, lambda d=dialog: app.screen is screen, "back to the battle")
        assert app.is_running
