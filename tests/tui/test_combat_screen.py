"""Humans fight their own classic battles in the app (issue #15): the combat screen under keystrokes, refusals with
the rule, typed answers, and whole battles commanded in the app (hot-seat, both sides human), whose result is the
battle the AI would have fought when the humans answer as it would."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.widgets import DataTable, Select, Static

from scenarios.errors import IllegalCombatDecision
from scenarios.models import Player
from strategic.campaign import Campaign
from strategic.classic import BaselinePolicy, ClassicResolver
from strategic.classic.scripts import RecordingPolicy, ScriptError
from strategic.clock import Clock, turn_plan
from strategic.narrate import describe
from strategic.state import Phase, UnitStatus
from tactical.dice import Dice
from tests.strategic.classic.helpers import at_sea, game
from tui.app import CampaignScreen, HandOverScreen, Session, VictoryAtSeaApp
from tui.battle_choice import BattleChoiceScreen
from tui.combat_screen import NONE, CombatScreen, Row, merge_typed, parse_order, parse_typed, rows_for

from .helpers import next_screen, wait_for, wait_for_human

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
    kept = [[s, t] for s, t in asked.brief.suggestion if t != target]  # the rows not named keep theirs (R-SEAT-21)
    assert kept and sorted(app.given[0]) == sorted([*kept, [source, target]])


async def test_nothing_typed_is_refused_and_nothing_is_given(data) -> None:
    """R-SEAT-20: ``/`` then Enter on an empty line is not "no air strikes": it is refused, with an example."""
    campaign = _asked(data, "North Sea", NORTH_SEA, (Player.ALLIES,))
    app = Harness(campaign)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, CombatScreen) else None,
                                "the combat screen")
        await pilot.press("slash", "space", "enter")
        message = await wait_for(pilot, lambda: str(screen.query_one("#combat-message", Static).render())
                                 if "nothing was typed" in str(screen.query_one("#combat-message", Static).render())
                                 else None, "the refusal")
        assert "e.g. Ark Royal > Bismarck, Allied LBA > Tirpitz; none for nothing" in message
        assert "R-SEAT-20" in message
        assert app.given == [] and app.result == "open"


async def test_a_typed_strike_left_out_names_only_that_row(data) -> None:
    """R-SEAT-21: ``none > TARGET`` takes that target's strike away; every other row keeps the AI's strike."""
    campaign = _asked(data, "North Sea", NORTH_SEA, (Player.ALLIES,))
    asked = campaign.asked
    assert asked is not None
    suggestion = [list(p) for p in asked.brief.suggestion]
    assert len(suggestion) >= 2
    dropped = suggestion[0][1]
    app = Harness(campaign)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CombatScreen), "the combat screen")
        await pilot.press("slash", *[("space" if k == " " else k) for k in f"NONE > {dropped}"], "enter")
        await wait_for(pilot, lambda: app.result != "open", "the screen to close")
    assert sorted(app.given[0]) == sorted(suggestion[1:])


def test_an_air_unit_named_in_a_typed_strike_strikes_only_where_the_line_says() -> None:
    """R-NET-23 (a new player's play-test): with the AI's Allied LBA on all its factors, ``Allied LBA > Lutzow`` was
    added to them and refused ("only 3 air factors"); the LBA named now strikes Lutzow alone, and the strikes of
    the units not named stay; with a factor to spare, the line's strike is added."""
    rows = [Row(t, [NONE, "Allied LBA", "Ark Royal"]) for t in ("Tirpitz", "Blucher", "Prinz Eugen", "Lutzow")]
    for row, source in zip(rows, ("Allied LBA", "Allied LBA", "Ark Royal", NONE), strict=True):
        row.value = source
    typed = parse_typed("was_air_strikes", rows, "Allied LBA > Lutzow")
    factors = {"Allied LBA": 2, "Ark Royal": 3}
    assert sorted(merge_typed("was_air_strikes", rows, typed, factors)) == [["Allied LBA", "Lutzow"],
                                                                            ["Ark Royal", "Prinz Eugen"]]
    for row, source in zip(rows, ("Allied LBA", NONE, "Ark Royal", NONE), strict=True):
        row.value = source  # a factor to spare: the line's strike is added to the row kept (R-SEAT-21)
    assert sorted(merge_typed("was_air_strikes", rows, typed, factors)) == [
        ["Allied LBA", "Lutzow"], ["Allied LBA", "Tirpitz"], ["Ark Royal", "Prinz Eugen"]]


def test_typed_gunnery_naming_one_ship_keeps_the_others_rows() -> None:
    """R-SEAT-21 on the tester's battle: ``Dunkerque > Gneisenau`` changes Dunkerque's row only; ``Hood > none``
    makes Hood hold fire; ``none`` alone (and only it) makes every ship hold fire."""
    targets = ["Gneisenau", "Scharnhorst"]
    rows = [Row(n, [NONE, *targets], "Scharnhorst") for n in ("Dunkerque", "Hood", "Strasbourg")]
    typed = parse_typed("gunnery_targets", rows, "dunkerque > GNEISENAU")
    assert typed == {"Dunkerque": "Gneisenau"}
    assert merge_typed("gunnery_targets", rows, typed) == {"Dunkerque": "Gneisenau", "Hood": "Scharnhorst",
                                                           "Strasbourg": "Scharnhorst"}
    assert merge_typed("gunnery_targets", rows, parse_typed("gunnery_targets", rows, "Hood > none")) == {
        "Dunkerque": "Gneisenau", "Strasbourg": "Scharnhorst"}
    assert [r.value for r in rows] == ["Gneisenau", NONE, "Scharnhorst"]  # the rows show the answer given
    assert merge_typed("gunnery_targets", rows, parse_typed("gunnery_targets", rows, "none")) == {}
    with pytest.raises(ValueError, match=r"^Hood named twice: one choice each$"):
        parse_typed("gunnery_targets", rows, "Hood > Gneisenau, hood > Scharnhorst")
    with pytest.raises(ValueError, match="nothing was typed"):
        parse_typed("gunnery_targets", rows, "   ")
    with pytest.raises(ValueError, match="nothing was typed"):
        parse_typed("withdraw", rows, "")
    with pytest.raises(ValueError, match="nothing was typed"):
        parse_order(["North Sea"], " ")


def test_typed_names_may_be_shortened_as_in_typed_orders() -> None:
    """R-NET-32: a shortening that fits one name stands for it (``blu``: Blücher, accents ignored; ``ad h``: Admiral
    Hipper); one that fits several names them; an unknown name offers the nearest."""
    targets = ["Admiral Hipper", "Admiral Scheer", "Blücher"]
    rows = [Row(n, [NONE, *targets], "Blücher") for n in ("Renown", "Kent")]
    assert parse_typed("gunnery_targets", rows, "ren > blu, k > ad h") == {"Renown": "Blücher",
                                                                           "Kent": "Admiral Hipper"}
    with pytest.raises(ValueError, match=r"^'adm' could be Admiral Hipper or Admiral Scheer: type more of the "
                                         r"target's name$"):
        parse_typed("gunnery_targets", rows, "Renown > adm")
    assert parse_typed("gunnery_targets", rows, "Renown > blucher") == {"Renown": "Blücher"}  # accents ignored
    with pytest.raises(ValueError, match=r"^'Blicher' is not a target of this question \(did you mean Blücher\?\)$"):
        parse_typed("gunnery_targets", rows, "Renown > Blicher")
    assert parse_typed("withdraw", rows, "re") == ["Renown"]


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
            screen = await wait_for(pilot, lambda: next_screen(app), "a combat question, a hand-over or the game")
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
    assert told == "Battle in Coral Sea (classic rules) is over: sunk Enterprise, Lexington.", told
    assert campaign.state.pending_battles == []
    fought = [e for e in campaign.state.events if e.phase is Phase.COMBAT and e.kind != "combat_answer"]
    assert fought == [e for e in reference.state.events if e.phase is Phase.COMBAT]
    assert {e.kind for e in campaign.state.events} >= {"combat_answer", "sunk"}


async def test_quitting_from_a_battle_asks_first(data) -> None:
    """ctrl+q (or q) on the combat screen asks the same yes/no as on the map; no keeps the battle."""
    from tui.app import ConfirmScreen

    campaign = _battle(data, "Coral Sea", CORAL, [Player.JAPAN])
    session = Session(campaign, Clock(campaign, resume=True), {"japan"})
    app = VictoryAtSeaApp(data, session=session)
    async with app.run_test(size=SIZE) as pilot:
        choice = await wait_for(pilot, lambda: next_screen(app) if isinstance(app.screen, BattleChoiceScreen)
                                else None, "how the battle is fought")
        await wait_for(pilot, lambda: abs(choice.query_one("#choice").region.center[0] - SIZE[0] // 2) <= 1,
                       "the choice centred (play-test: it sat in the top left corner)")
        await pilot.press("c")
        screen = await wait_for(pilot, lambda: next_screen(app) if isinstance(app.screen, CombatScreen) else None,
                                "the combat screen")
        for key in ("ctrl+q", "q"):
            await pilot.press(key)
            dialog = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, ConfirmScreen) else None,
                                    "the quit question")
            await pilot.press("n")
            await wait_for(pilot, lambda d=dialog: app.screen is screen, "back to the battle")
        assert app.is_running


# --------------------------------------------------------------------------- the battle order (WAS 5.6)

WAS_FORCES = {"North Sea": ("Hood", "Scharnhorst"), "North Atlantic": ("Renown", "Gneisenau"),
              "Mediterranean": ("Warspite", "Littorio")}


def _ordering(data) -> Campaign:  # type: ignore[no-untyped-def]
    """Turn 4's combat phase begun with three War at Sea battles and Germany-Italy commanding: the order is asked."""
    campaign = game(data)
    campaign.state.step = next(i for i, s in enumerate(turn_plan(campaign, 4)) if s[0] is Phase.COMBAT)
    campaign.dice, campaign.resolver = Dice(5), ClassicResolver()
    campaign.state.combat, campaign.state.battle_commanders = "classic", [Player.GERMANY_ITALY]
    for area, units in WAS_FORCES.items():
        at_sea(campaign, area, *units)
    campaign.enter_phase(Phase.COMBAT)
    return campaign


async def test_the_axis_reorders_the_battles_with_the_keys_and_they_are_fought_so(data) -> None:
    """The order screen lists the pending War at Sea battles in the AI's order; u / shift+down move the highlighted
    battle, Enter confirms; the battles are then fought in that order (T: the AI commands the rest this turn)."""
    from tui.combat_screen import OrderScreen

    campaign = _ordering(data)
    session = Session(campaign, Clock(campaign, resume=True), {"germany_italy"})
    app = VictoryAtSeaApp(data, session=session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, OrderScreen)
                                and app.screen.query("#combat-answer") else None, "the order screen")
        assert screen.order == ["North Atlantic", "North Sea", "Mediterranean"]
        title = str(screen.query_one("#combat-title", Static).render())
        assert "Germany-Italy decides the order in which the battles are fought" in title
        assert "Rule: WAS 5.6 (case W-03; R-CMB-10)" in title
        table = screen.query_one("#combat-answer", DataTable)
        assert [table.get_row_at(i)[:5] for i in range(3)] == [
            ["1", "North Atlantic", "battle", "Renown", "Gneisenau"],
            ["2", "North Sea", "battle", "Hood", "Scharnhorst"],
            ["3", "Mediterranean", "battle", "Warspite", "Littorio"]]
        await pilot.press("down", "down", "u")  # Mediterranean up to second
        assert screen.order == ["North Atlantic", "Mediterranean", "North Sea"]
        await pilot.press("up", "shift+down", "shift+down")  # North Atlantic down to last
        assert screen.order == ["Mediterranean", "North Sea", "North Atlantic"]
        assert table.cursor_row == 2 and table.get_row_at(2)[1] == "North Atlantic"
        await pilot.press("a")  # the AI's order back, then ours again by typing
        assert screen.order == ["North Atlantic", "North Sea", "Mediterranean"]
        await pilot.press("slash")
        await pilot.press(*"mediterranean, north sea,north atlantic")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, BattleChoiceScreen) and app.screen.query("#command"),
                       "how the first battle is fought")
        await pilot.press("c")
        battle = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, CombatScreen)
                                and not isinstance(app.screen, OrderScreen) and app.screen.query("#combat-answer")
                                else None, "the first battle's question")
        assert battle.question.area == "Mediterranean"
        await pilot.press("T")
        await wait_for(pilot, lambda: not campaign.state.pending_battles and campaign.state.question is None
                       and campaign.state.phase is not Phase.COMBAT, "the battles to be fought")
    answers = [e for e in campaign.state.events if e.kind == "combat_answer"]
    assert [(e.battle, e.answer) for e in answers] == [("order:WAS", ["Mediterranean", "North Sea", "North Atlantic"])]
    fought = list(dict.fromkeys(e.area for e in campaign.state.events if e.kind == "combat" and e.turn == 4))
    assert fought == ["Mediterranean", "North Sea", "North Atlantic"]


async def test_a_refused_order_keeps_the_screen_with_the_rule(data) -> None:
    from tui.combat_screen import OrderScreen, parse_order

    campaign = _ordering(data)
    asked = campaign.asked
    assert asked is not None
    submitted: list[Any] = []

    def submit(answer: Any) -> str | None:
        submitted.append(answer)
        try:
            campaign.answer_combat(answer)
        except (IllegalCombatDecision, ScriptError) as exc:  # the refusal shown
            return str(exc)
        return None

    class One(App[None]):
        def on_mount(self) -> None:
            self.push_screen(OrderScreen(asked.player, asked.question, asked.brief, submit))

    app = One()
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, OrderScreen) else None, "order")
        await pilot.press("slash", *"north sea, mediterranean", "enter")
        await wait_for(pilot, lambda: "refused: the battle order lists each of" in str(
            screen.query_one("#combat-message", Static).render()), "the refusal")
        assert "[WAS 5.6 (case W-03; R-CMB-10)]" in str(screen.query_one("#combat-message", Static).render())
        assert app.screen is screen and campaign.state.question is not None
    assert submitted == [["North Sea", "Mediterranean"]]
    try:
        parse_order(["North Sea", "Baltic Sea"], "north sea, north sea")
    except ValueError as exc:
        assert str(exc) == "North Sea given twice"
    else:  # pragma: no cover
        raise AssertionError("a battle given twice was read")


async def test_the_withdraw_rows_are_the_candidates_and_the_notes_explain_the_rules(data) -> None:
    """The withdraw question's rows are the units the rules let withdraw (not those in port, disabled or sunk);
    the notes under them say who may withdraw and the War at Sea die (a 5 disables: R-CMB-01)."""
    campaign = _battle(data, "North Sea", ("Hood", "Renown", "Scharnhorst"), [Player.ALLIES])
    campaign.resolve_pending()
    while campaign.asked is not None and campaign.asked.question.decision != "withdraw":
        campaign.answer_combat(campaign.asked.brief.suggestion)
        campaign.resolve_pending()
    asked = campaign.asked
    assert asked is not None
    candidates = asked.question.options["candidates"]
    assert candidates and set(candidates) <= {"Hood", "Renown"}
    app = Harness(campaign)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, CombatScreen) else None,
                                "the combat screen")
        assert [r.key for r in screen.rows] == candidates
        told = str(screen.query_one("#combat-notes", Static).render())
        assert f"May withdraw: {', '.join(candidates)} — ships still fighting in the area" in told
        assert "War at Sea die: 6 or more hits" in told and "5 disables" in told and "R-CMB-01" in told


# ------------------------------------------------------------------ loaded saves: their commanders, and the humans


async def test_the_command_switch_makes_the_human_players_commanders(data, tmp_path) -> None:
    """The start screen's "Human players command their own battles" makes a new game's commanders (the human
    players, or nobody when off); a loaded save keeps its own ``battle_commanders``, and with the switch on the
    human players (the Allies here) are added to them (R-UI-98); the load's notification names them."""
    from textual.widgets import Input, Switch

    from strategic.saves import save
    from tui.app import StartScreen

    saves = {}
    for name, commanders in (("japan", [Player.JAPAN]), ("nobody", [])):
        campaign = Campaign.new(data, "standard", seed=3, resolver=ClassicResolver())
        campaign.state.combat, campaign.state.battle_commanders = "classic", commanders
        Clock(campaign)
        saves[name] = tmp_path / f"{name}.json"
        save(campaign, saves[name])
    for path, switch, expected, told in (
            (saves["japan"], False, [Player.JAPAN], "commanding their own battles as saved: Japan"),
            (saves["nobody"], False, [], "the AI commands every battle, as saved"),
            (saves["nobody"], True, [Player.ALLIES], "commanding their own battles from now on: Allies"),
            (saves["japan"], True, [Player.JAPAN, Player.ALLIES],
             "commanding their own battles: Japan as saved, Allies from now on"),
            (None, False, [], None), (None, True, [Player.ALLIES], None)):
        app = VictoryAtSeaApp(data)
        messages: list[str] = []  # every notification, kept: on a loaded machine one may expire before it is read
        shown = app.notify

        def kept(message: str, *args: Any, messages: list[str] = messages, shown: Any = shown, **kwargs: Any) -> None:
            messages.append(str(message))
            shown(message, *args, **kwargs)

        app.notify = kept  # type: ignore[method-assign]
        async with app.run_test(size=(200, 55)) as pilot:
            start = await wait_for(pilot, lambda a=app: a.screen if isinstance(a.screen, StartScreen) else None,
                                   "the start screen")
            start.query_one("#command-battles", Switch).value = switch
            start.query_one("#combat", Select).value = "classic"
            if path is None:
                start.start_game()
            else:
                start.query_one("#load-path", Input).value = str(path)
                start.load_game()
            await wait_for_human(pilot, app)
            assert app.session is not None and app.session.campaign.state.battle_commanders == expected
            if told is not None:
                assert any(told in m for m in messages), messages


async def test_the_retreat_port_is_chosen_on_the_combat_screen(data) -> None:
    """R-OPS-48: the US player, commanding his battle, withdraws Northampton from the Coral Sea; he is then asked
    where it goes, one row with its legal ports starting at the AI's choice (the port it sailed from); he picks
    another with the keys, and the ship goes there."""
    from tactical.dice import ScriptedDice

    campaign = _battle(data, "Coral Sea", ("Northampton", "Myoko"), [Player.UNITED_STATES])
    campaign.dice = ScriptedDice((1,) * 400)  # every attack misses
    campaign.state.unit("Northampton").sailed_from = "New Hebrides"
    campaign.resolve_pending()
    while campaign.asked is not None and campaign.asked.question.decision != "retreat_ports":
        decision = campaign.asked.question.decision
        campaign.answer_combat(["Northampton"] if decision == "withdraw" else campaign.asked.brief.suggestion)
        campaign.resolve_pending()
    asked = campaign.asked
    assert asked is not None and asked.player == "united_states"
    ports = ["Australia", "Guadalcanal", "New Hebrides", "Port Moresby", "Samoa"]
    assert asked.question.options == {"choices": {"Northampton": ports}}
    assert asked.brief.suggestion == {"Northampton": "New Hebrides"}
    app = Harness(campaign)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, CombatScreen) else None,
                                "the combat screen")
        title = str(screen.query_one("#combat-title", Static).render())
        assert "the port each unit leaving the battle goes to" in title and "R-OPS-48" in title
        assert [(r.key, r.choices, r.value) for r in screen.rows] == [("Northampton", ports, "New Hebrides")]
        await pilot.press("right", "right")
        assert screen.rows[0].value == "Samoa"
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.result != "open", "the screen to close")
    assert app.given == [{"Northampton": "Samoa"}]
    assert campaign.answer_combat(app.given[0]) is None
    campaign.resolve_pending()
    assert campaign.asked is None
    northampton = campaign.state.unit("Northampton")
    assert (northampton.status, northampton.place) == (UnitStatus.PORT, "Samoa")


async def test_the_us_player_announces_run_or_fight_on_the_combat_screen(data) -> None:
    """002 §5.751 (R-OPS-62): on the early-war attack turn the US player, commanding his battle in the Hawaiian
    Islands, is asked whether his forces run or fight: one row, starting at the AI's "fight"; he switches it to
    "run" with the keys, and the force leaves before the first round."""
    from strategic.orders import AnnounceAttack, PearlHarborStrike
    from tactical.dice import ScriptedDice
    from tests.strategic.engine_helpers import game as engine_game
    from tests.strategic.engine_helpers import port, sea

    campaign = engine_game(data, setup="early_war", turn=3, phase=Phase.AIR, faces=(1,) * 200)
    campaign.state.war.frozen = []
    port(campaign, "Akagi", "Yokosuka Navy Yard")
    campaign.apply("japan", AnnounceAttack())
    campaign.apply("japan", PearlHarborStrike(unit="Akagi"))
    campaign.state.war.surprise_turn, campaign.state.war.pearl_force_stays = 3, True
    sea(campaign, "Indianapolis", "Hawaiian Islands")
    campaign.state.step = next(i for i, s in enumerate(turn_plan(campaign, 3)) if s[0] is Phase.COMBAT)
    campaign.state.phase, campaign.resolver = Phase.COMBAT, ClassicResolver()
    campaign.state.combat, campaign.state.battle_commanders = "classic", [Player.UNITED_STATES]
    campaign.dice = ScriptedDice((1,) * 200)  # every attack misses
    campaign.state.pending_battles = ["Hawaiian Islands"]
    campaign.resolve_pending()
    asked = campaign.asked
    assert asked is not None and asked.player == "united_states"
    assert (asked.question.decision, asked.question.options) == ("run_or_fight", {"units": ["Indianapolis"]})
    assert asked.brief.suggestion == "fight"
    app = Harness(campaign)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, CombatScreen) else None,
                                "the combat screen")
        title = str(screen.query_one("#combat-title", Static).render())
        assert "whether the forces in the Hawaiian Islands run or fight" in title and "002 §5.751" in title
        assert [(r.key, r.choices, r.value) for r in screen.rows] == [("forces", ["fight", "run"], "fight")]
        await pilot.press("right")
        assert screen.rows[0].value == "run"
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.result != "open", "the screen to close")
    assert app.given == ["run"]
    assert campaign.answer_combat("run") is None
    campaign.resolve_pending()
    while campaign.asked is not None:  # the rest (a pursuit, the retreat port) as the AI would answer
        campaign.answer_combat(campaign.asked.brief.suggestion)
        campaign.resolve_pending()
    texts = [describe(e) for e in campaign.state.events]
    assert "Hawaiian Islands: the Allies run: Indianapolis" in texts
    assert campaign.state.unit("Indianapolis").status is UnitStatus.PORT


class FullHarness(Harness):
    """The combat screen as the campaign opens it: with save and delegate, so every key of its bar is there."""

    def on_mount(self) -> None:
        asked = self.campaign.asked
        screen = CombatScreen(asked.player, asked.question, asked.brief, submit=self.submit,  # type: ignore[union-attr]
                              save=lambda: None, delegate=lambda whole_turn: None)
        self.push_screen(screen, lambda result: setattr(self, "result", result))


async def test_every_key_of_the_combat_screen_shows_at_100x30(data) -> None:
    """R-UI-112: at 100 columns the bar ended at "T AI commands this", hiding Type, Save, Rule and Quit."""
    from rich.cells import cell_len

    from .helpers import laid_out_keys

    app = FullHarness(_asked(data, "North Sea", NORTH_SEA, (Player.ALLIES,)))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, CombatScreen) else None,
                                "the combat screen")
        keys = await wait_for(pilot, lambda: laid_out_keys(screen), "the key bar laid out")
        assert {k.key for k in keys} >= {"left", "right", "enter", "a", "A", "T", "slash", "s", "l", "q"}
        for key in keys:
            words = key.render().plain
            assert key.region.right <= 100 and key.region.width == cell_len(words), words


async def test_enter_in_the_battle_choice_commands_the_battle_and_changes_nothing_for_good() -> None:
    """R-UI-127 (play-test): Enter on the dialog flipped the "every battle I command from now on" switch (it had
    the focus) and chose nothing; the rest of the game went classic unnoticed.  Enter now presses "Command it"."""
    from strategic.state import CombatQuestion

    chosen: list[tuple[str, bool] | None] = []
    question = CombatQuestion(battle="North Sea", player=Player.ALLIES, question={}, engine="tactical")

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(BattleChoiceScreen("Allies", question, tactical=True), chosen.append)

    app = Host()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BattleChoiceScreen) and app.screen.focused is not None,
                       "the dialog with its focus")
        assert app.screen.focused is app.screen.query_one("#command")
        await pilot.press("enter")
        await wait_for(pilot, lambda: bool(chosen), "the choice")
    assert chosen == [("command", False)]


async def test_a_battle_fought_classic_by_the_players_standing_choice_says_so() -> None:
    """R-UI-127 (play-test): once the switch had made every battle classic, the dialog said only "The battle is
    fought by the classic rules", with no reason and no way back in sight."""
    from strategic.state import CombatQuestion

    question = CombatQuestion(battle="Indonesia", player=Player.JAPAN, question={}, engine="classic")
    texts: list[str] = []

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(BattleChoiceScreen("Japan", question, tactical=True, on_table=False, standing="classic"))

    app = Host()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BattleChoiceScreen) and app.screen.query(Static),
                       "the dialog")
        texts = [str(s.render()) for s in app.screen.query(Static)]
    assert any(t.startswith("The battle is fought by the classic rules, as you chose for every battle you command "
                            "(f, then c: back on the table from now on).") for t in texts), texts


async def test_q_on_the_hand_over_screen_asks_to_quit_the_game(data) -> None:
    """R-UI-133 (play-test): ``q`` did nothing on the hot-seat hand-over screen."""
    from tui.app import ConfirmScreen

    campaign = _battle(data, "Coral Sea", CORAL, [Player.JAPAN, Player.UNITED_STATES])
    app = VictoryAtSeaApp(data, session=Session(campaign, Clock(campaign, resume=True), {"japan", "united_states"}))
    async with app.run_test(size=SIZE) as pilot:
        while True:
            screen = await wait_for(pilot, lambda: next_screen(app), "a combat question or a hand-over")
            if isinstance(screen, HandOverScreen):
                break
            if isinstance(screen, BattleChoiceScreen):
                await pilot.press("c")
            else:
                await pilot.press("a")
                await pilot.press("enter")
            await wait_for(pilot, lambda s=screen: app.screen is not s, "the screen to close")
        await pilot.press("q")
        dialog = await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen) and app.screen, "the yes/no")
        assert dialog.question.startswith("Quit?")
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is screen, "the hand-over again")
        assert app.is_running
