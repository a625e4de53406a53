"""A fresh player's play-test of the table questions (table2): a returning scout's point in inches along its edge
and refused beyond it (R-VIEW-22), a Flight waiting astern of its carrier named so (R-VIEW-21), the radar and
attack rows' words."""

from __future__ import annotations

from typing import Any

import pytest

from scenarios.errors import IllegalOrder, InvalidOrder
from tactical import Seat, demo_spec, resolve
from tactical.geometry import advance
from tui.table_prompts import TITLES, Prompt, prompt_for, ship_class


def _first(demo: str, question: str, *, scouts: tuple[list[str], int] | None = None,
           answer: Any = None, seed: int = 0) -> tuple[Prompt, Any]:
    """The prompt of ``demo``'s (``seed``) first ``question`` to the first fleet and where each ship was then
    (position, heading), the AI answering the rest
    (``scouts``: the first fleet's scouts; ``answer``: given to that question instead of the AI's)."""
    found: list[tuple[Prompt, Any]] = []

    def ask(q: Any, battle: Any, advice: Any) -> Any:
        if q.question == "choose_scouts" and scouts is not None:
            return scouts
        if q.question == question and not found:
            found.append((prompt_for(q, battle, advice, "US Navy"), {n: (s.pos, s.heading) for n, s in
                                                                     battle.state.ships.items()}))
            if answer is not None:
                return answer
        return advice()

    try:
        resolve(demo_spec(demo, seed), (Seat(0, [], ask), None))
    except IllegalOrder:
        if answer is None:
            raise
    assert found, f"{demo} never asks {question}"
    return found[0]


def test_a_returning_scouts_point_is_offered_in_inches_along_its_edge() -> None:
    prompt, _ = _first("night-action", "return_point", scouts=(["USS Fletcher", "USS Nicholas"], 0))
    assert prompt.title == "Where the scout USS Fletcher comes back onto the table"
    assert prompt.advice_text == "the east edge, 9\" from the south-east corner, at (72, 9)"
    assert [(c.label, c.answer, c.ai) for c in prompt.choices] == [
        ("the east edge, 5\" from the south-east corner, at (72, 5)", 0.1, False),
        ("the east edge, 9\" from the south-east corner, at (72, 9)", pytest.approx(8.847759 / 48), True),
        ("the east edge, 12\" from the south-east corner, at (72, 12)", 0.25, False),
        ("the east edge, 24\" from the south-east corner, at (72, 24)", 0.5, False),
        ("the east edge, 36\" from the south-east corner, at (72, 36)", 0.75, False),
        ("the east edge, 43\" from the south-east corner, at (72, 43)", 0.9, False)]
    # the AI's point (R-AI-20 deployment) is 8.85" along, shown to the inch
    assert prompt.choices[1].ghosts == (((72.0, pytest.approx(8.847759)), 270.0, prompt.choices[1].ghosts[0][2]),)
    assert prompt.typed_help == "inches along the east edge from the south-east corner, 0 to 48"
    assert prompt.read("5") == 5 / 48 and prompt.read('30"') == 30 / 48
    with pytest.raises(IllegalOrder, match=r"000 War at Sea: Scouting: USS Fletcher comes back along the east edge "
                                           r"the dice chose: 0 to 48\" from its corner, not 100\""):
        prompt.read("100")
    with pytest.raises(InvalidOrder, match="'north' is not a distance in inches along the east edge"):
        prompt.read("north")


def test_a_return_point_beyond_the_edge_is_refused_by_the_engine_naming_the_rule() -> None:
    with pytest.raises(IllegalOrder, match=r"000 War at Sea: Scouting: USS Fletcher comes back at a point of the "
                                           r"east edge \(0 to 1 along it, west to east or south to north\), not 5"):
        resolve(demo_spec("night-action", 0), (Seat(0, [], lambda q, b, advice: (
            (["USS Fletcher", "USS Nicholas"], 0) if q.question == "choose_scouts" else
            5.0 if q.question == "return_point" else advice())), None))


def test_a_flight_whose_carrier_cannot_recover_it_waits_astern_of_where_it_is_now() -> None:
    # seed 1: Yorktown heads east 6.4" from the south edge (seed 0's R-AI-20 deployment puts it 6" from the edge,
    # where the point astern is cut to the table)
    prompt, ships = _first("carrier-clash", "plan_flights", seed=1)
    slot = next(s for s in prompt.slots if s.label == "Yorktown VF-1")
    label, move, detail = next(o for o in slot.options if o[0].startswith("wait astern"))
    pos, heading = ships["USS Yorktown"]
    assert label == "wait astern of USS Yorktown"
    assert (pos, heading) == (pytest.approx((37.414214, 6.414214)), 90.0)
    assert move.path[-1] == pytest.approx(advance(pos, heading + 180.0, 6.0))
    assert ("USS Yorktown is now at (37.4, 6.4) and cannot recover it this turn (000 Launching and Recovering "
            "Aircraft: the carrier must move in a straight line into the wind without turning): the Flight waits 6\" "
            "astern of it (the AI's way home)") in detail
    assert not any(o[0].startswith("return to") for o in slot.options)


def test_a_flight_waiting_astern_near_the_edge_is_told_the_distance_it_waits() -> None:
    """Seed 0: the point astern of Yorktown is cut to the table, 5.5" astern; the offer said 6" (rounded)."""
    prompt, _ = _first("carrier-clash", "plan_flights", seed=0)
    slot = next(s for s in prompt.slots if s.label == "Yorktown VF-1")
    detail = next(o[2] for o in slot.options if o[0].startswith("wait astern"))
    assert detail.endswith("the Flight waits 5.5\" astern of it (the AI's way home)")


def test_the_radar_question_and_an_attack_row_name_ships_as_they_are() -> None:
    assert TITLES["choose_radar_target"].format(ship="Queen Elizabeth") == (
        "which enemy ship the radar of Queen Elizabeth tries to detect")
    assert ship_class("Kagero", "Kuroshio", "destroyer") == "Kagero class destroyer"
    assert ship_class("Kagero", "Kagero", "destroyer") == "destroyer"
