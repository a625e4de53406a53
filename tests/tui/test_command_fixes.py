"""A fresh player's play-test of the command screen (table2): a typed gunnery answer naming a weapon system twice,
``c`` saying what it took back, ``A`` kept in a save (hot-seat)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input, RichLog, Static

from scenarios.errors import InvalidOrder
from scenarios.models import Player
from strategic.save_checks import combat_answer_problems
from tactical import demo_spec
from tests.strategic.classic.helpers import game
from tui.app import PathScreen
from tui.command_screen import CommandScreen, taken_back
from tui.demo_command import DemoCommandApp
from tui.demo_saves import load_demo
from tui.table_prompts import HOLD, Slot, _read_allocation, held_systems

from .helpers import command_screen_of as _screen
from .helpers import question_asked as _asked
from .helpers import wait_for

SIZE = (160, 48)




def _account(screen: CommandScreen) -> str:
    """The account's text, its wrapped lines joined again."""
    return " ".join(" ".join(line.text for line in screen.query_one("#cmd-log", RichLog).lines).split())


def _slots() -> list[Slot]:
    def guns(*targets: str) -> list[tuple[str, Any, str]]:
        return [(HOLD, None, "holds")] + [(t, t, "") for t in targets]
    return [Slot("0 A Turrets", guns("Atlantis", "Komet")), Slot("1 Secondary", guns("Atlantis")),
            Slot("2 Torpedoes", guns("Komet"))]


def test_a_weapon_system_given_two_targets_is_refused_naming_it() -> None:
    with pytest.raises(InvalidOrder, match=r"weapon system 0 A Turrets is given two targets \(Atlantis and hold\)"):
        _read_allocation("0 > Atlantis, 0 > hold", _slots(), [0, 1, 2])
    with pytest.raises(InvalidOrder, match=r"0 A Turrets is given two targets \(Atlantis and Komet\)"):
        _read_allocation("0 > Atlantis, 0 > Komet", _slots(), [0, 1, 2])
    assert _read_allocation("0 > Atlantis, 0 > atl", _slots(), [0, 1, 2]) == ["Atlantis", None, None]  # the same


def test_the_weapon_systems_not_named_are_said_to_hold_fire() -> None:
    slots = _slots()
    values = _read_allocation("0 > Atlantis", slots, [0, 1, 2])
    assert held_systems(slots, values) == "1 Secondary, 2 Torpedoes hold fire"
    assert held_systems(slots, _read_allocation("0 > Komet, 1 > Atl", slots, [0, 1, 2])) == "2 Torpedoes holds fire"
    assert held_systems(slots, ["Atlantis", "Atlantis", "Komet"]) == ""


def test_what_c_took_back_is_named() -> None:
    assert taken_back(["Atlantis", "Bismarck"], 2) == "Atlantis, Bismarck and the rest of turn 2"
    assert taken_back([], 1) == "the rest of turn 1"
    assert taken_back(["Komet"], None) == "Komet"


async def test_a_typed_fire_plan_with_a_duplicate_is_refused_and_a_short_one_says_what_holds() -> None:
    app = DemoCommandApp(demo_spec("cruiser-action", 0), (0,), "Cruiser action")
    async with app.run_test(size=SIZE) as pilot:
        after = 0
        while True:  # the AI's answers until a ship has two weapon systems and a target in range
            screen = await _asked(pilot, app, "plan_fire", after)
            prompt = screen.prompt
            assert prompt is not None
            if len(prompt.slots) > 1 and prompt.slots[0].refusal is None and len(prompt.slots[0].options) > 1:
                break
            after = screen.asked
            await pilot.press("enter")
        target = prompt.slots[0].options[1][0]
        await pilot.press("slash", *f"0 > {target}, 0 > hold", "enter")
        message = str(screen.query_one("#cmd-message", Static).render())
        assert f"refused: weapon system {prompt.slots[0].label} is given two targets ({target} and hold)" in message
        assert screen.prompt is prompt
        asked = screen.asked
        await pilot.press("ctrl+u", *f"0 > {target}", "enter")
        screen = await _asked(pilot, app, None, asked)
        account = _account(screen)
        held = held_systems(prompt.slots, [target] + [None] * (len(prompt.slots) - 1))
        assert held and f"{prompt.title}: {held}" in account
        await pilot.press("A")
        await wait_for(pilot, lambda: app.report is not None, "the battle's end")
    fired = next(e for e in app.given if e.question == prompt.question)
    assert [s["weapon"] for s in fired.answer["shots"]] == [0]


async def test_c_says_which_ships_and_turn_it_took_back() -> None:
    app = DemoCommandApp(demo_spec("cruiser-action", 0), (0,), "Cruiser action")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _asked(pilot, app, "choose_order")
        ship = screen.prompt.question.ship  # type: ignore[union-attr]
        asked = screen.asked
        await pilot.press("o")
        screen = await _asked(pilot, app, None, asked)
        turn = screen.prompt.question.turn  # type: ignore[union-attr]
        screen.delegated[screen.prompt.player].turn = turn  # type: ignore[union-attr]  # as t would leave it
        await pilot.press("c")
        said = f"you command again: {ship} and the rest of turn {turn}"
        assert said in str(screen.query_one("#cmd-message", Static).render())
        account = _account(screen)
        assert f"US Navy takes command back: {ship} and the rest of turn {turn}" in account
        screen.delegated[screen.prompt.player].turn = turn - 1  # type: ignore[union-attr]  # a turn gone by
        await pilot.press("c")
        assert "nothing of yours is left to the AI" in str(screen.query_one("#cmd-message", Static).render())
        await pilot.press("A")
        await wait_for(pilot, lambda: app.report is not None, "the battle's end")


async def test_the_battle_left_to_the_ai_in_hot_seat_stays_so_in_the_save(tmp_path) -> None:
    spec, path = demo_spec("cruiser-action", 0), tmp_path / "hot.json"
    app = DemoCommandApp(spec, (0, 1), "Cruiser action", demo="cruiser-action", seed=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _asked(pilot, app)
        first = screen.prompt.player  # type: ignore[union-attr]
        asked = screen.asked
        await pilot.press("A")  # this side's whole battle to the AI; the other side goes on
        screen = await _asked(pilot, app, None, asked)
        await pilot.press("enter")  # the hand-over
        assert screen.prompt.player != first  # type: ignore[union-attr]
        await pilot.press("s")
        await wait_for(pilot, lambda: (isinstance(app.screen, PathScreen) and app.screen.query("#path")) or None,
                       "the save dialog")
        await pilot.press("ctrl+u", *str(path), "enter")
        await wait_for(pilot, lambda: path.exists() or None, "the save")
    saved = load_demo(path)
    assert saved.battle_left == [first]
    again = DemoCommandApp(spec, saved.humans, "Cruiser action", demo=saved.demo, seed=saved.seed, saved=saved)
    async with again.run_test(size=SIZE) as pilot:
        screen = await wait_for(pilot, lambda: _screen(again), "the battle reopened")
        assert screen.delegated[first].battle
        for _ in range(6):  # only the other side is asked
            await pilot.press("enter")
            assert screen.prompt is None or screen.prompt.player != first
            screen = await wait_for(pilot, lambda: _screen(again) or (again.report is not None) or None, "asked")
            if not isinstance(screen, CommandScreen):
                break
        if again.report is None:
            await pilot.press("A")
            await wait_for(pilot, lambda: again.report is not None, "the battle's end")


def test_a_battle_left_to_the_ai_not_pending_is_refused(data) -> None:
    campaign = game(data)
    campaign.state.pending_battles = ["Coral Sea"]
    campaign.state.delegated_table_battles = {"Java Sea": [Player.JAPAN], "Coral Sea": [Player.JAPAN]}
    assert [p for p in combat_answer_problems(campaign) if p.startswith("delegated_table_battles")] == [
        "delegated_table_battles: 'Java Sea' is not a pending battle"]


async def test_a_typed_answer_the_rules_refuse_comes_back_in_the_line_to_be_put_right() -> None:
    """Play-test: a typed scouting answer the engine refuses (more Observation Flights than the side has) reopens
    the question with the refusal, the text typed back in the line and the focus on it, so the next keys edit it
    (never an Enter on the AI's row)."""
    app = DemoCommandApp(demo_spec("carrier-clash", 0), (0,), "Carrier clash")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _asked(pilot, app, "choose_scouts")
        typed = '[["USS Fletcher"], 99]'
        await pilot.press("slash", *typed, "enter")
        screen = await wait_for(pilot, lambda: (s if (s := _screen(app)) is not None and s is not screen
                                                and s.prompt is not None
                                                and s.prompt.question.question == "choose_scouts" else None),
                                "the question asked again")
        line = screen.query_one("#cmd-typed", Input)
        message = str(screen.query_one("#cmd-message", Static).render())
        assert message.startswith("refused: 000 Observation Flights") and "4 flight(s)" in message
        assert line.value == typed and screen.focused is line
        line.value = '[["USS Fletcher"], 2]'
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.given and app.given[0].question.question == "choose_scouts",
                       "the scouting answer given")
        assert app.given[0].answer == [["USS Fletcher"], 2]


async def test_a_demo_left_in_the_middle_names_the_turn_of_the_question_it_was_left_at() -> None:
    """Play-test: left (q q) at a question of turn 2, the battle was left at turn 2, though the last answer given
    may be of turn 1."""
    app = DemoCommandApp(demo_spec("cruiser-action", 0), (0,), "Cruiser action")
    async with app.run_test(size=SIZE) as pilot:
        after = 0
        while True:
            screen = await _asked(pilot, app, None, after)
            assert screen.prompt is not None
            if screen.prompt.question.turn == 2:
                break
            after = screen.asked
            await pilot.press("enter")
        await pilot.press("q", "q")
        await wait_for(pilot, lambda: not app.is_running, "the app to close")
    assert app.report is None and app.turn_left == 2
