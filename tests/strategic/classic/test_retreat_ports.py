"""R-OPS-48: a unit leaving a battle at sea (withdrawn or disabled) goes to the port its player chooses among its
legal returns (002 §3.246; VITP 4.4-4.5); the AI answers with the return the game made before the choice."""

from __future__ import annotations

import pytest

from scenarios.errors import IllegalCombatDecision
from scenarios.models import Side
from strategic.classic.scripts import DECISIONS, Question, decode, encode, question_of
from strategic.combat import apply_outcome
from strategic.state import UnitStatus
from tests.strategic.classic.helpers import Scripted, at_sea, fight, game, result, retreat_to

CORAL_PORTS = ["Australia", "Guadalcanal", "New Hebrides", "Port Moresby", "Samoa"]


def _withdrawing(data, answer=None):  # type: ignore[no-untyped-def]
    """Northampton withdraws from the Coral Sea after a day round in which nobody can attack (no air)."""
    c = game(data, faces=())
    at_sea(c, "Coral Sea", "Northampton", "Myoko")
    c.state.unit("Northampton").sailed_from = "New Hebrides"
    japan = Scripted(day_or_night="day", withdraw=set(), pursue={})
    allies = Scripted(day_or_night="day", withdraw={"Northampton"}, pursue={},
                      **({"retreat_ports": answer} if answer is not None else {}))
    return c, allies, fight(c, "Coral Sea", {"japan": japan, "united_states": allies})


def test_the_player_chooses_the_port_of_a_withdrawn_ship(data) -> None:
    c, allies, out = _withdrawing(data, {"Northampton": "Samoa"})
    asked = [(side, args) for m, side, _, args in allies.calls if m == "retreat_ports"]
    assert asked == [(Side.ALLIED, ({"Northampton": CORAL_PORTS},))]
    assert result(out, "Northampton") == {"withdrew": True} and retreat_to(out, "Northampton") == "Samoa"
    apply_outcome(c, out)
    northampton = c.state.unit("Northampton")
    assert (northampton.status, northampton.place) == (UnitStatus.PORT, "Samoa")


def test_the_ai_answers_with_the_port_it_sailed_from(data) -> None:
    c, _allies, out = _withdrawing(data)
    assert retreat_to(out, "Northampton") == "New Hebrides"
    apply_outcome(c, out)
    assert c.state.unit("Northampton").place == "New Hebrides"


def test_a_port_not_among_the_legal_returns_is_refused(data) -> None:
    refusal = (r"Northampton may not retreat to Truk \(its ports: Australia, .*\) "
               r"\[002 §3.246; VITP 4.4-4.5 \(R-OPS-48\)\]")
    with pytest.raises(IllegalCombatDecision, match=refusal):
        _withdrawing(data, {"Northampton": "Truk"})


def test_a_unit_with_one_legal_port_is_not_asked(data) -> None:
    """A German ship in the North Sea has Germany only: no question."""
    c = game(data, faces=(1,) * 12)
    at_sea(c, "North Sea", "Hood", "Scharnhorst")
    germany = Scripted(withdraw={"Scharnhorst"}, pursue={})
    fight(c, "North Sea", {"germany_italy": germany, "allies": Scripted(withdraw=set(), pursue={})})
    assert [m for m, *_ in germany.calls if m == "retreat_ports"] == []


def test_the_question_is_plain_json() -> None:
    assert "retreat_ports" in DECISIONS
    value = {"Northampton": "Samoa"}
    assert decode("retreat_ports", encode("retreat_ports", value), "answer") == value
    question = Question("retreat_ports", "Coral Sea", "allied", 1, "retreat", {"choices": {"Northampton": ["Samoa"]}})
    assert Question.from_json(question.to_json(), "q") == question


def test_question_of_lists_the_choices() -> None:
    class Ctx:  # the fields question_of reads
        area, round, stage = "Coral Sea", 2, "retreat"

    question = question_of("retreat_ports", (Ctx(), Side.ALLIED, {"Northampton": ["Samoa", "Australia"]}))
    assert question.options == {"choices": {"Northampton": ["Samoa", "Australia"]}}
