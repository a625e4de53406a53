"""Every question of the bundled battles gets a menu on the command screen (no menu fails, none is empty), and the
questions whose answer changes nothing are answered without asking (R-SEAT-02)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scenarios.errors import IllegalOrder, InvalidOrder
from tactical import DEMOS, Seat, TacticalQuestion, demo_spec, resolve
from tui.table_prompts import Prompt, prompt_for


def _prompts(name: str, seed: int) -> list[Prompt]:
    made: list[Prompt] = []

    def ask(question: TacticalQuestion, battle: Any, advice: Any) -> Any:
        made.append(prompt_for(question, battle, advice, "allies" if question.side == 0 else "axis"))
        return advice()

    resolve(demo_spec(name, seed), (Seat(0, None, ask), Seat(1, None, ask)))
    return made


@pytest.mark.parametrize("name", sorted(DEMOS))
def test_every_question_of_a_demo_has_a_menu(name: str) -> None:
    prompts = _prompts(name, 0)
    assert prompts
    for prompt in prompts:
        assert "menu failed" not in prompt.typed_help, (prompt.question.describe(), prompt.typed_help)
        assert prompt.choices or prompt.slots, prompt.question.describe()


def test_scouting_is_a_row_per_destroyer_or_cruiser_and_one_for_the_observation_flights() -> None:
    prompt = next(p for p in _prompts("carrier-clash", 0) if p.question.question == "choose_scouts")
    assert [s.label for s in prompt.slots] == ["USS Portland", "USS Fletcher", "USS Nicholas", "Observation Flights"]
    assert [o[1] for o in prompt.slots[-1].options] == [0, 1, 2, 3, 4]
    assert prompt.combine is not None
    assert prompt.combine([True, False, True, 2]) == (["USS Portland", "USS Nicholas"], 2)
    assert prompt.combine([False, False, False, 4]) == ([], 4)


def test_who_moves_first_is_not_asked_when_one_side_has_nothing_in_the_air() -> None:
    asked = [p for p in _prompts("carrier-clash", 6) if p.question.question == "aircraft_first"]  # R-AI-20's seed 6
    idle = [p for p in asked if p.only is not None]
    assert len(asked) == 8 and len(idle) == 1  # once only one side has Flights in the air
    for prompt in asked:
        assert (prompt.only is not None) == ("changes nothing" in prompt.only_why)
        assert [c.label for c in prompt.choices] == (["Yes" if prompt.advice else "No"] if prompt.only else
                                                     ["Yes", "No"])


def test_an_enemy_boat_on_the_table_is_drawn_at_its_depth_as_the_view_holds_it() -> None:
    """R-VIEW-06: what the side's view holds on the table is drawn, so the table agrees with the distances and the
    account (a boat noted in a Sector stays out of both)."""
    seen = 0
    for prompt in _prompts("convoy", 0):
        if prompt.question.side != 0:
            continue
        for name, ship in prompt.view.ships.items():
            if ship.own or ship.depth is None:
                continue
            drawn = prompt.scene.ships[name]
            assert drawn.shown(prompt.view.turn) == ((ship.pos is not None and ship.status.value == "active")
                                                     or drawn.sunk), (name, ship.depth, ship.pos)
            seen += ship.pos is not None
        assert not {n for n, s in prompt.view.ships.items() if s.status.value == "hidden" and not s.own}
    assert seen


def test_a_deployment_is_typed_ship_by_ship_inside_the_zone() -> None:
    prompt = next(p for p in _prompts("cruiser-action", 0) if p.question.question == "deploy" and p.question.side == 0)
    assert prompt.read is not None
    first, second = list(prompt.advice)[:2]
    placed = prompt.read(f"{first} at 30,4 heading 10; {second} at 20.5,2")
    assert placed[first] == ((30.0, 4.0), 10.0)
    assert placed[second] == ((20.5, 2.0), prompt.advice[second][1])
    assert all(placed[n] == prompt.advice[n] for n in list(prompt.advice)[2:])  # the others where the AI puts them
    with pytest.raises(IllegalOrder, match=r"\(30, 20\) is outside the normal zone \(x 12-60, y 0-6\)"):
        prompt.read(f"{first} at 30,20")
    with pytest.raises(InvalidOrder, match="a heading is 0 \\(north\\) to 359 degrees"):
        prompt.read(f"{first} at 30,4 heading 400")
    with pytest.raises(InvalidOrder, match="is not 'NAME at X,Y heading H'"):
        prompt.read(f"{first} 30,4")


def test_a_deployment_offered_names_each_place_to_a_tenth_of_an_inch() -> None:
    """The deployments offered say where each ship goes as a player reads a ruler: ``(96.3, 3)``, never
    ``(96.2553, 3)`` (play-test, stop 33); the answer keeps the AI's exact places."""
    prompt = next(p for p in _prompts("cruiser-action", 0) if p.question.question == "deploy" and p.question.side == 0)
    first = prompt.choices[0]
    assert first.label == "the AI's deployment" and first.answer == prompt.advice
    for name, ((x, y), _) in prompt.advice.items():
        assert f"{name} ({round(x, 1):g}, {round(y, 1):g})" in first.detail
    assert re.findall(r"\d+\.\d\d", first.detail) == []
