"""Seats (issue #16): every captain's question and answer as JSON; a battle answered from its recorded answers is
the same battle; answers that do not fit are refused naming the entry; numbers must be finite."""

from __future__ import annotations

import json
import math

import pytest

from tactical import DEMOS, Seat, TacticalQuestion, decode_tactical, demo_spec, encode_tactical, resolve
from tactical.seats import QUESTIONS, ScriptError, read_script


def _report(spec, seats=None):  # type: ignore[no-untyped-def]
    return json.dumps(resolve(spec, seats).to_json(), sort_keys=True)


@pytest.mark.parametrize("name", list(DEMOS))
def test_a_battle_answered_from_its_recorded_answers_is_the_same_battle(name: str) -> None:
    spec = demo_spec(name, 3)
    seats = (Seat(0), Seat(1))  # no ask: the AI (the side's adviser) answers, every answer recorded
    assert _report(spec, seats) == _report(spec)

    def nobody(*_):  # type: ignore[no-untyped-def]
        raise AssertionError("every answer is in the script")

    script = [read_script([e.to_json() for e in s.given]) for s in seats]  # through JSON, as saved
    assert _report(spec, (Seat(0, script[0], nobody), Seat(1, script[1], nobody))) == _report(spec)
    asked = {e.question.question for s in seats for e in s.given}
    assert asked <= set(QUESTIONS) and {"choose_mover", "plan_move", "plan_fire"} <= asked


def test_every_answer_round_trips_through_json() -> None:
    seat = Seat(0)
    resolve(demo_spec("carrier-clash", 1), (seat, None))
    for entry in seat.given:
        value = decode_tactical(entry.question.question, entry.answer, "answer")
        assert encode_tactical(entry.question.question, value) == entry.answer
        assert TacticalQuestion.from_json(entry.question.to_json(), "q") == entry.question


def test_an_answer_given_to_another_question_is_refused_naming_the_entry() -> None:
    spec = demo_spec("cruiser-action", 0)
    seat = Seat(0)
    resolve(spec, (seat, None))
    script = list(seat.given)
    script[1], script[2] = script[2], script[1]
    with pytest.raises(ScriptError, match=r"answers\[1\]: the answer was given to .* but the battle asks"):
        resolve(spec, (Seat(0, script), None))


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_numbers_on_the_table_are_finite(bad: float) -> None:
    with pytest.raises(ScriptError, match="is not a finite number"):
        decode_tactical("deploy", {"USS Fletcher": [[30.0, 3.0], bad]}, "answer")
    with pytest.raises(ScriptError, match="is not a finite number"):
        decode_tactical("plan_move", {"legs": [{"turn": 0.0, "distance": bad}]}, "answer")


def test_a_question_of_the_wrong_shape_is_refused() -> None:
    with pytest.raises(ScriptError, match="not a captain's question"):
        TacticalQuestion.from_json({"question": "fly_away", "side": 0, "ship": None, "turn": 1, "phase": "x",
                                    "options": {}}, "q")
    with pytest.raises(ScriptError, match="not an answer to choose_scouts"):
        decode_tactical("choose_scouts", {"ships": "Fletcher"}, "answer")


def test_a_delegated_seat_answers_as_the_ai_and_writes_it_down() -> None:
    spec = demo_spec("cruiser-action", 0)
    asked = []

    def once(question, battle, advice):  # type: ignore[no-untyped-def]
        asked.append(question)
        seat.delegate()
        return advice()

    seat = Seat(0, ask=once)
    assert _report(spec, (seat, None)) == _report(spec)
    assert len(asked) == 1 and len(seat.given) > 10
