"""A player commands his ships on the table (issue #16): the command screen under keystrokes in a bundled battle
(``vas battle --demo NAME --human SIDE``) and in a campaign battle; typed and refused answers naming the rule;
delegation; hot-seat hand-over; save and reopen in mid-battle.  Every battle commanded is checked against the
engine fought headless with the answers recorded: the same seed and answers give the same battle."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.events import MouseScrollUp
from textual.widgets import DataTable, RichLog, Static

from scenarios.models import Player
from strategic.battles import TacticalResolver
from strategic.campaign import Campaign
from strategic.clock import Clock, turn_plan
from strategic.save_checks import combat_answer_problems
from strategic.saves import load_state
from strategic.state import Phase
from tactical import Seat, decode_tactical, demo_spec, read_tactical_script, resolve
from tactical.dice import Dice
from tests.strategic.classic.helpers import at_sea, game
from tui.app import CampaignScreen, PathScreen, Session, VictoryAtSeaApp
from tui.battle_choice import BattleChoiceScreen
from tui.battle_viewer import TRACK_DOT
from tui.combat_screen import CombatScreen
from tui.command_screen import CommandScreen
from tui.demo_command import DemoCommandApp
from tui.demo_saves import DemoSave, load_demo

from .helpers import command_screen_of as _screen
from .helpers import question_asked as _asked
from .helpers import wait_for

SIZE = (160, 48)




async def _answer(pilot: Any, screen: CommandScreen, *keys: str) -> int:
    """Press ``keys`` at the question shown; the number of questions asked before the next one."""
    asked = screen.asked
    await pilot.press(*keys)
    return asked


def _replayed(spec: Any, given: list[Any]) -> dict[str, Any]:
    def nobody(*_: Any) -> Any:
        raise AssertionError("every answer was recorded")

    return resolve(spec, (Seat(0, given, nobody), None)).to_json()  # type: ignore[arg-type]


async def test_a_demo_battle_commanded_by_keys_is_the_battle_of_its_answers() -> None:
    spec = demo_spec("cruiser-action", 0)
    app = DemoCommandApp(spec, (0,), "Cruiser action")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _asked(pilot, app, "deploy")
        assert "Where the fleet deploys" in str(screen.query_one("#cmd-title", Static).render())
        advice = screen.prompt.advice  # type: ignore[union-attr]
        asked = await _answer(pilot, screen, "down", "enter")  # 12" further west than the AI would
        screen = await _asked(pilot, app, "plan_move", asked)
        ship = screen.prompt.question.ship  # type: ignore[union-attr]
        await pilot.press("slash")
        await pilot.press(*"ahead 30", "enter")  # too far: refused with the rule, the question stays
        message = await wait_for(pilot, lambda: str(screen.query_one("#cmd-message", Static).render()),
                                 "the refusal")
        assert "refused" in message and "000 Moving Ships: USS Fletcher may move at most 7\"" in message
        assert screen.prompt is not None and screen.prompt.question.ship == ship
        asked = await _answer(pilot, screen, "ctrl+u", *"port 45 at 2, ahead 3", "enter")
        screen = await _asked(pilot, app, None, asked)
        await pilot.press("A")  # the AI commands the rest of the battle
        await wait_for(pilot, lambda: not app.is_running or app.report is not None, "the battle's end")
    assert app.report is not None
    deployed = next(e for e in app.given if e.question.question == "deploy")
    placed = decode_tactical("deploy", deployed.answer, "deploy")
    assert {n: (p[0] + 12, p[1]) for n, (p, _) in placed.items()} == {n: p for n, (p, _) in advice.items()}
    moved = next(e for e in app.given if e.question.question == "plan_move" and e.question.ship == ship)
    assert moved.answer == {"legs": [{"turn": 0.0, "distance": 2.0}, {"turn": -45.0, "distance": 3.0}]}
    assert _replayed(spec, app.given) == app.report.to_json()


async def test_gunnery_is_allocated_weapon_by_weapon_with_the_odds() -> None:
    spec = demo_spec("cruiser-action", 0)
    app = DemoCommandApp(spec, (0,), "Cruiser action")
    async with app.run_test(size=SIZE) as pilot:
        after = 0
        while True:  # the AI's answers until a ship has a target in range
            screen = await _asked(pilot, app, "plan_fire", after)
            prompt = screen.prompt
            assert prompt is not None
            armed = [i for i, s in enumerate(prompt.slots) if s.refusal is None and len(s.options) > 2]
            if armed:
                break
            after = await _answer(pilot, screen, "enter")
        row = armed[0]
        slot = prompt.slots[row]
        for _ in range(row):
            await pilot.press("down")
        detail = str(screen.query_one("#cmd-detail", Static).render())
        assert "AD needing" in detail and "damage" in detail
        wanted = next(o[1] for o in slot.options[1:] if o[1] != slot.value)
        while slot.value != wanted:
            await pilot.press("right")
        question, weapon = prompt.question, int(slot.label.split(" ", 1)[0])
        screen = await _asked(pilot, app, None, await _answer(pilot, screen, "enter"))
        await pilot.press("A")
        await wait_for(pilot, lambda: app.report is not None, "the battle's end")
    fired = next(e for e in app.given if e.question == question)
    shots = decode_tactical("plan_fire", fired.answer, "fire").shots
    assert any(s.weapon == weapon and s.target == wanted for s in shots)
    assert _replayed(spec, app.given) == app.report.to_json()  # type: ignore[union-attr]


async def test_a_typed_target_out_of_reach_is_refused_naming_the_rule() -> None:
    spec = demo_spec("cruiser-action", 0)
    app = DemoCommandApp(spec, (0,), "Cruiser action")
    async with app.run_test(size=SIZE) as pilot:
        after = 0
        while True:  # the AI's answers until a weapon system has an enemy it may not fire at
            screen = await _asked(pilot, app, "plan_fire", after)
            prompt = screen.prompt
            assert prompt is not None
            slot = prompt.slots[0]
            targets = {o[0] for o in slot.options[1:]}
            out = [e.name for e in prompt.view.enemies() if e.name not in targets and e.pos is not None]
            if slot.refusal is None and out:
                break
            after = await _answer(pilot, screen, "enter")
        await pilot.press("slash")
        await pilot.press(*f"0 > {out[0]}", "enter")
        message = await wait_for(pilot, lambda: str(screen.query_one("#cmd-message", Static).render()),
                                 "the refusal")
        assert "refused" in message and "000 " in message and out[0] in message
        assert screen.prompt is prompt  # the question stays
        await pilot.press("escape", "A")
        await wait_for(pilot, lambda: app.report is not None, "the battle's end")


async def _leave_a_ship_to_the_ai(pilot: Any, app: Any) -> tuple[str, int]:
    """At the first Order question, ``o``: the ship left to the AI, and the questions asked before the next."""
    screen = await _asked(pilot, app, "choose_order")
    ship = screen.prompt.question.ship  # type: ignore[union-attr]
    assert ship is not None
    return ship, await _answer(pilot, screen, "o")


async def test_one_ship_left_to_the_ai_is_never_asked_about_again() -> None:
    spec = demo_spec("cruiser-action", 0)
    app = DemoCommandApp(spec, (0,), "Cruiser action")
    async with app.run_test(size=SIZE) as pilot:
        ship, asked = await _leave_a_ship_to_the_ai(pilot, app)
        asked_about = []
        for _ in range(25):
            screen = await _asked(pilot, app, None, asked)
            asked_about.append(screen.prompt.question.ship)  # type: ignore[union-attr]
            asked = await _answer(pilot, screen, "enter")
        await _asked(pilot, app, None, asked)
        await pilot.press("A")
        await wait_for(pilot, lambda: app.report is not None, "the battle's end")
    assert ship not in asked_about
    assert any(e.question.ship == ship for e in app.given[1:])  # the AI's answers for it are recorded too


async def test_a_ship_left_to_the_ai_is_taken_back_with_c() -> None:
    spec = demo_spec("cruiser-action", 0)
    app = DemoCommandApp(spec, (0,), "Cruiser action")
    async with app.run_test(size=SIZE) as pilot:
        ship, asked = await _leave_a_ship_to_the_ai(pilot, app)
        screen = await _asked(pilot, app, None, asked)
        assert screen.delegated[screen.prompt.player].ships == {ship}
        await pilot.press("c")
        assert screen.delegated[screen.prompt.player].ships == set()
        assert f"you command again: {ship}" in str(screen.query_one("#cmd-message", Static).render())
        await pilot.press("c")
        assert "nothing of yours is left to the AI" in str(screen.query_one("#cmd-message", Static).render())
        asked_about = []
        for _ in range(40):
            asked = await _answer(pilot, screen, "enter")
            screen = await _asked(pilot, app, None, asked)
            asked_about.append(screen.prompt.question.ship)  # type: ignore[union-attr]
            if ship in asked_about:
                break
        await pilot.press("A")
        await wait_for(pilot, lambda: app.report is not None, "the battle's end")
    assert ship in asked_about


async def test_the_account_scrolls_by_keys_and_wheel_and_grows_without_taking_the_answer_keys() -> None:
    app = DemoCommandApp(demo_spec("cruiser-action", 0), (0,), "Cruiser action")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _asked(pilot, app, "choose_mover")
        log = screen.query_one("#cmd-log", RichLog)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y  # more lines than it shows: the last
        await pilot.press("left_square_bracket")
        page = log.scrollable_content_region.height - 1
        assert log.scroll_y == max(log.max_scroll_y - page, 0)
        await pilot.press("right_square_bracket")
        assert log.scroll_y == log.max_scroll_y
        await pilot._post_mouse_events([MouseScrollUp], "#cmd-log")
        await wait_for(pilot, lambda: log.scroll_y < log.max_scroll_y, "the wheel scrolling the account")
        short = log.size.height
        await pilot.press("plus")
        await wait_for(pilot, lambda: log.size.height > 2 * short, "the account taller")
        assert screen.focused is screen.query_one("#cmd-choices")  # the answers keep the keys
        choices = screen.query_one("#cmd-choices", DataTable)
        row = choices.cursor_row
        await pilot.press("up" if row == choices.row_count - 1 else "down")
        assert choices.cursor_row == (row - 1 if row == choices.row_count - 1 else row + 1)
        await pilot.press("plus")
        await wait_for(pilot, lambda: log.size.height == short, "the account back to its few lines")
        await pilot.press("A")
        await wait_for(pilot, lambda: app.report is not None, "the battle's end")


async def test_this_turns_flight_moves_are_dotted_and_m_hides_them() -> None:
    app = DemoCommandApp(demo_spec("carrier-clash", 0), (0,), "Carrier clash")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _asked(pilot, app)
        for _ in range(80):
            if screen.prompt.scene.tracks:  # type: ignore[union-attr]
                break
            screen = await _asked(pilot, app, None, await _answer(pilot, screen, "enter"))
        assert screen.prompt.scene.tracks  # type: ignore[union-attr]
        drawing = screen.query_one("#cmd-drawing", Static)
        assert TRACK_DOT in str(drawing.render())
        await pilot.press("m")
        assert TRACK_DOT not in str(drawing.render())
        await pilot.press("m")
        assert TRACK_DOT in str(drawing.render())
        await pilot.press("A")
        await wait_for(pilot, lambda: app.report is not None, "the battle's end")


async def test_hot_seat_hides_the_table_between_the_two_sides() -> None:
    spec = demo_spec("cruiser-action", 0)
    app = DemoCommandApp(spec, (0, 1), "Cruiser action")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _asked(pilot, app)
        first = screen.prompt.player  # type: ignore[union-attr]
        while True:
            screen = await _asked(pilot, app, None, await _answer(pilot, screen, "enter"))
            if screen.prompt.player != first:  # type: ignore[union-attr]
                break
        assert not screen.query_one("#cmd-main").display
        assert "Pass the keyboard to" in str(screen.query_one("#cmd-handover", Static).render())
        await pilot.press("q")  # R-UI-133: said on the panel, not on the hidden message line
        await wait_for(pilot, lambda: "press q again to leave the battle" in str(
            screen.query_one("#cmd-handover", Static).render()), "the panel to say what q does")
        await pilot.press("enter")
        assert screen.query_one("#cmd-main").display and screen.prompt is not None
        screen = await _asked(pilot, app, None, await _answer(pilot, screen, "A"))
        await pilot.press("enter")  # the other side's hand-over, then its own "A"
        await pilot.press("A")
        await wait_for(pilot, lambda: app.report is not None, "the battle's end")


# --------------------------------------------------------------------------- a campaign battle on the table

CORAL = ("Lexington", "Northampton", "Myoko", "Nachi")


def _coral(data, commanders: list[Player]) -> Campaign:  # type: ignore[no-untyped-def]
    campaign = game(data)
    campaign.state.step = next(i for i, s in enumerate(turn_plan(campaign, 4)) if s[0] is Phase.COMBAT)
    campaign.dice, campaign.resolver = Dice(11), TacticalResolver(turns=3)
    campaign.state.battle_commanders = commanders
    at_sea(campaign, "Coral Sea", *CORAL)
    campaign.state.pending_battles = ["Coral Sea"]
    return campaign


async def _command_the_battle(pilot: Any, app: Any) -> CommandScreen:
    """Choose to command the battle the dialog asks about (``c``): the command screen at its first question."""
    await wait_for(pilot, lambda: isinstance(app.screen, BattleChoiceScreen) and app.screen.query("#command"),
                   "how the battle is fought")
    await pilot.press("c")
    declared = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, CombatScreen) else None,
                              "Japan's day-or-night declaration (R-UI-71)")
    assert [(r.key, r.value) for r in declared.rows] == [("round", "night")]  # the AI's declaration
    await pilot.press("enter")
    return await _asked(pilot, app)


async def _save_in_mid_battle(pilot: Any, app: Any, path: Path) -> CommandScreen:
    """``s`` at the question shown, the save written to ``path``: the command screen reopened at that question."""
    await pilot.press("s")
    await wait_for(pilot, lambda: (isinstance(app.screen, PathScreen) and app.screen.query("#path")) or None,
                   "the save dialog")
    await pilot.press("ctrl+u", *str(path), "enter")
    return await wait_for(pilot, lambda: _screen(app), "the battle reopened")


async def test_a_campaign_battle_commanded_saved_and_reopened_is_the_ais_battle(data, tmp_path) -> None:
    reference = _coral(data, [])
    reference.resolve_pending()
    campaign = _coral(data, [Player.JAPAN])
    session = Session(campaign, Clock(campaign, resume=True), {"japan"})
    app = VictoryAtSeaApp(data, session=session)
    path = tmp_path / "mid-battle.json"
    async with app.run_test(size=SIZE) as pilot:
        screen = await _command_the_battle(pilot, app)
        for _ in range(6):
            screen = await _asked(pilot, app, None, await _answer(pilot, screen, "enter"))
        question = screen.prompt.question  # type: ignore[union-attr]
        screen = await _save_in_mid_battle(pilot, app, path)  # the answers are kept
        assert screen.prompt.question == question  # type: ignore[union-attr]
        saved = json.loads(path.read_text(encoding="utf-8"))
        given = len([a for a in saved["combat_answers"]["Coral Sea"] if "question" in a["question"]])  # the 6
        # asked on the table, and those with one legal answer (Japan's day-or-night declaration is a classic one)
        assert given >= 6
        await pilot.press("A")
        await wait_for(pilot, lambda: isinstance(app.screen, CampaignScreen) and not campaign.state.pending_battles,
                       "the battle's end")
        told = str(app.screen.query_one("#order-message", Static).render())
    assert told.startswith("Battle in Coral Sea is over")
    fought = [e for e in campaign.state.events if e.phase is Phase.COMBAT
              and e.kind not in ("tactical_answers", "combat_answer")]
    assert fought == [e for e in reference.state.events if e.phase is Phase.COMBAT]
    assert next(len(e.answers) for e in campaign.state.events if e.kind == "tactical_answers") == given
    reopened = load_state(path, data, TacticalResolver(turns=3))
    assert reopened.state.question is not None and reopened.state.question.engine == "tactical"


async def test_a_ship_left_to_the_ai_stays_so_in_the_save(data, tmp_path) -> None:
    campaign = _coral(data, [Player.JAPAN])
    app = VictoryAtSeaApp(data, session=Session(campaign, Clock(campaign, resume=True), {"japan"}))
    path = tmp_path / "mid-battle.json"
    async with app.run_test(size=SIZE) as pilot:
        screen = await _command_the_battle(pilot, app)
        while screen.prompt.question.ship is None:  # type: ignore[union-attr]
            screen = await _asked(pilot, app, None, await _answer(pilot, screen, "enter"))
        ship = screen.prompt.question.ship  # type: ignore[union-attr]
        screen = await _asked(pilot, app, None, await _answer(pilot, screen, "o"))
        screen = await _save_in_mid_battle(pilot, app, path)
        assert screen.delegated["Japan"].ships == {ship}  # the screen reopened after the save keeps it
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["delegated_ships"] == {"Coral Sea": {"japan": [ship]}}
    reopened = load_state(path, data, TacticalResolver(turns=3))
    assert reopened.state.delegated_ships == {"Coral Sea": {Player.JAPAN: [ship]}}
    app2 = VictoryAtSeaApp(data, session=Session(reopened, Clock(reopened, resume=True), {"japan"}))
    async with app2.run_test(size=SIZE) as pilot:
        screen = await wait_for(pilot, lambda: _screen(app2), "the battle reopened from the save")
        assert screen.delegated["Japan"].ships == {ship}
        for _ in range(8):
            assert screen.prompt is None or screen.prompt.question.ship != ship
            screen = await _asked(pilot, app2, None, await _answer(pilot, screen, "enter"))
        await pilot.press("A")
        await wait_for(pilot, lambda: isinstance(app2.screen, CampaignScreen) and not reopened.state.pending_battles,
                       "the battle's end")
    assert reopened.state.delegated_ships == {}


async def test_the_rest_of_a_turn_left_to_the_ai_stays_so_in_the_save(data, tmp_path) -> None:
    campaign = _coral(data, [Player.JAPAN])
    app = VictoryAtSeaApp(data, session=Session(campaign, Clock(campaign, resume=True), {"japan"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await _command_the_battle(pilot, app)
        while screen.prompt.question.turn < 1:  # type: ignore[union-attr]
            screen = await _asked(pilot, app, None, await _answer(pilot, screen, "enter"))
        turn = screen.prompt.question.turn  # type: ignore[union-attr]
        screen = await _save_in_mid_battle(pilot, app, tmp_path / "turn-asked.json")  # before t, at this turn
        screen = await _asked(pilot, app, None, await _answer(pilot, screen, "t"))
        after = screen.prompt.question  # type: ignore[union-attr]
        assert after.turn == turn + 1  # the rest of the turn was the AI's
        screen = await _save_in_mid_battle(pilot, app, tmp_path / "turn-left.json")
        assert screen.delegated["Japan"].turn == turn  # the screen reopened after the save keeps it
    saved = json.loads((tmp_path / "turn-left.json").read_text(encoding="utf-8"))
    assert saved["delegated_table_turns"] == {"Coral Sea": {"japan": turn}}
    # hot-seat: the rest of the turn left to the AI while the other side was asked in it, saved there
    at_turn = json.loads((tmp_path / "turn-asked.json").read_text(encoding="utf-8"))
    at_turn["delegated_table_turns"] = {"Coral Sea": {"japan": turn}}
    (tmp_path / "hot-seat.json").write_text(json.dumps(at_turn), encoding="utf-8")
    reopened = load_state(tmp_path / "hot-seat.json", data, TacticalResolver(turns=3))
    assert reopened.state.delegated_table_turns == {"Coral Sea": {Player.JAPAN: turn}}
    app2 = VictoryAtSeaApp(data, session=Session(reopened, Clock(reopened, resume=True), {"japan"}))
    async with app2.run_test(size=SIZE) as pilot:
        screen = await wait_for(pilot, lambda: _screen(app2), "the battle reopened from the save")
        assert screen.prompt.question == after  # type: ignore[union-attr]  # the AI answered the rest of the turn
        await pilot.press("A")
        await wait_for(pilot, lambda: isinstance(app2.screen, CampaignScreen) and not reopened.state.pending_battles,
                       "the battle's end")
    assert reopened.state.delegated_table_turns == {}


def test_a_turn_left_to_the_ai_in_a_battle_not_pending_is_refused(data) -> None:
    campaign = _coral(data, [Player.JAPAN])
    campaign.state.delegated_table_turns = {"Java Sea": {Player.JAPAN: 1}, "Coral Sea": {Player.JAPAN: -1}}
    assert [p for p in combat_answer_problems(campaign) if p.startswith("delegated_table_turns")] == [
        "delegated_table_turns: 'Java Sea' is not a pending battle",
        "delegated_table_turns.Coral Sea.japan: battle turn -1 is below 0"]


async def test_the_ai_chosen_for_every_battle_is_saved_and_asks_no_more(data) -> None:
    reference = _coral(data, [])
    reference.resolve_pending()
    campaign = _coral(data, [Player.JAPAN])
    app = VictoryAtSeaApp(data, session=Session(campaign, Clock(campaign, resume=True), {"japan"}))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BattleChoiceScreen) and app.screen.query("#command"),
                       "how the battle is fought")
        await pilot.press("f", "a")
        await wait_for(pilot, lambda: isinstance(app.screen, CampaignScreen) and not campaign.state.pending_battles,
                       "the battle's end")
    assert campaign.state.battle_choices == {Player.JAPAN: "ai"}
    fought = [e for e in campaign.state.events if e.phase is Phase.COMBAT and e.kind != "battle_chosen"]
    assert fought == [e for e in reference.state.events if e.phase is Phase.COMBAT]


async def test_a_demo_battle_is_not_saved_and_is_left_with_q_twice() -> None:
    app = DemoCommandApp(demo_spec("cruiser-action", 0), (0,), "Cruiser action")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _asked(pilot, app)
        await pilot.press("s")
        assert "cannot be saved" in str(screen.query_one("#cmd-message", Static).render())
        await pilot.press("q")
        assert "press q again" in str(screen.query_one("#cmd-message", Static).render()) and app.is_running
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running, "the app to close")
    assert app.report is None and app.turn_left == 0


async def test_a_demo_battle_saved_in_the_middle_reopens_at_the_same_question(tmp_path) -> None:
    spec, path = demo_spec("cruiser-action", 0), tmp_path / "demo.json"
    app = DemoCommandApp(spec, (0,), "Cruiser action", demo="cruiser-action", seed=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _asked(pilot, app, "choose_order")
        ship = screen.prompt.question.ship  # type: ignore[union-attr]
        screen = await _asked(pilot, app, None, await _answer(pilot, screen, "o"))  # kept in the save too
        question = screen.prompt.question  # type: ignore[union-attr]
        await pilot.press("s")
        await wait_for(pilot, lambda: (isinstance(app.screen, PathScreen) and app.screen.query("#path")) or None,
                       "the save dialog")
        await pilot.press("ctrl+u", *str(tmp_path / "no-such-folder" / "x.json"), "enter")
        screen = await wait_for(pilot, lambda: _screen(app), "the battle going on")
        assert "not saved to" in str(screen.query_one("#cmd-message", Static).render()) and not path.exists()
        assert screen.prompt.question == question  # type: ignore[union-attr]
        await pilot.press("s")
        await wait_for(pilot, lambda: (isinstance(app.screen, PathScreen) and app.screen.query("#path")) or None,
                       "the save dialog")
        await pilot.press("ctrl+u", *str(path), "enter")
        screen = await wait_for(pilot, lambda: _screen(app), "the battle going on")
        assert screen.prompt.question == question and path.exists()  # type: ignore[union-attr]
        given = list(app.given)
        await pilot.press("q")
        assert "press q again to leave the battle (s saves it first)" in str(
            screen.query_one("#cmd-message", Static).render())
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running, "the app to close")
    saved = load_demo(path)
    assert (saved.demo, saved.seed, saved.humans, saved.answers) == ("cruiser-action", 0, (0,), given)
    assert saved.ships_left == {"US Navy": [ship]}
    again = DemoCommandApp(spec, saved.humans, "Cruiser action", demo=saved.demo, seed=saved.seed, saved=saved)
    async with again.run_test(size=SIZE) as pilot:
        screen = await wait_for(pilot, lambda: _screen(again), "the battle reopened")
        assert screen.prompt.question == question  # type: ignore[union-attr]
        assert screen.delegated["US Navy"].ships == {ship}
        await pilot.press("A")
        await wait_for(pilot, lambda: again.report is not None, "the battle's end")
    assert again.report.to_json() == _replayed(spec, again.given)  # type: ignore[union-attr]


async def test_a_demo_save_whose_answers_do_not_fit_its_battle_is_refused() -> None:
    spec = demo_spec("cruiser-action", 0)
    first = DemoCommandApp(spec, (0,), "Cruiser action")
    async with first.run_test(size=SIZE) as pilot:
        await _asked(pilot, first, "choose_order")
        await pilot.press("q", "q")
        await wait_for(pilot, lambda: not first.is_running, "the app to close", 60)
    entries = [e.to_json() for e in first.given]
    entries[-1]["question"]["options"] = {"changed": True}  # an answer to a question this battle does not ask
    saved = DemoSave("cruiser-action", 0, (0,), read_tactical_script(entries))
    app = DemoCommandApp(spec, (0,), "Cruiser action", demo="cruiser-action", saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: not app.is_running, "the app to close", 60)
    assert app.failure is not None and "US Navy's answers" in app.failure and app.report is None


async def test_a_crash_in_mid_battle_keeps_the_answers_given_on_the_table(data, tmp_path) -> None:
    """The app fails while the battle waits for an answer: the battle stops, the answers given in it are handed in
    and the autosave reopens at the next question with them."""
    campaign = _coral(data, [Player.JAPAN])
    session = Session(campaign, Clock(campaign, resume=True), {"japan"}, save_path=tmp_path / "game.json")
    app = VictoryAtSeaApp(data, session=session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _command_the_battle(pilot, app)
        for _ in range(4):
            screen = await _asked(pilot, app, None, await _answer(pilot, screen, "enter"))
        question = screen.prompt.question  # type: ignore[union-attr]
        app.crash = RuntimeError("a crash in mid-battle")
        app.exit(return_code=1)
    saved = app.save_after_crash()
    assert saved is not None
    reopened = load_state(saved[0], data, TacticalResolver(turns=3))
    assert len(reopened.state.combat_answers["Coral Sea"]) >= 4
    reopened.resolve_pending()
    assert reopened.state.question is not None
    assert reopened.state.question.question == question.to_json()


async def test_the_battle_dialog_shows_the_last_battles_result_first() -> None:
    from textual.app import App

    from strategic.state import CombatQuestion

    question = CombatQuestion(battle="North Sea", player=Player.ALLIES, engine="tactical",
                              question={"question": "choose_scouts", "side": 0, "ship": None, "turn": 0,
                                        "phase": "set-up", "options": {}})
    last = "The battle in North Atlantic is over: sunk Orion."

    class Harness(App[None]):
        chosen: Any = None

        def on_mount(self) -> None:
            self.push_screen(BattleChoiceScreen("Allies", question, True, last),
                             lambda how: setattr(self, "chosen", how))

    app = Harness()
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, BattleChoiceScreen) else None,
                                "the dialog")
        shown = [str(w.render()) for w in screen.query(Static)]
        assert shown[0] == last and any("Battle in North Sea: the Allies command a side" in t for t in shown)
        await pilot.press("f", "k")
        await wait_for(pilot, lambda: app.chosen is not None, "the choice")
    assert app.chosen == ("classic", True)


def test_a_battle_fought_again_is_listed_once(data) -> None:
    """The battles tab lists each engagement once, however often it was taken back and fought again."""
    campaign = _coral(data, [Player.JAPAN])
    campaign.resolver = TacticalResolver(turns=3, keep_reports=True)
    campaign.resolve_pending()
    campaign.answer_combat(campaign.asked.brief.suggestion)  # type: ignore[union-attr]  # day or night (R-UI-71)
    campaign.resolve_pending()
    campaign.answer_tactical(campaign.fight_live(lambda q, b, advice, p: advice()))
    campaign.resolve_pending()
    fought = campaign.resolver.battles  # type: ignore[union-attr]
    assert [(b.area, b.turn) for b in fought] == [("Coral Sea", campaign.state.turn)]


async def test_the_table_letter_of_one_ship_is_read_and_a_repeated_one_refused() -> None:
    from tui.table_prompts import _name_reader

    read = _name_reader(["USS Fletcher", "USS Nicholas"], letters={"C": "USS Fletcher"})
    assert read("C") == "USS Fletcher" and read("nich") == "USS Nicholas" and read("fletcher") == "USS Fletcher"
    with pytest.raises(Exception, match="is not one of"):
        read("D")  # a letter two ships share is not in the map: not read
