"""Classic-combat decisions as data (issue #15): record a battle's questions and answers, fight it again from the
script, refuse a script that does not fit, and ask question by question, fighting again from the start."""

from __future__ import annotations

import json

import pytest

from scenarios.errors import IllegalCombatDecision
from strategic.classic import BaselinePolicy, ClassicResolver
from strategic.classic.scripts import (
    AskingPolicy,
    Entry,
    Question,
    RecordingPolicy,
    ScriptedPolicy,
    ScriptError,
    fight_until_asked,
    read_script,
)
from tactical.dice import Dice
from tests.strategic.classic.helpers import at_sea, battle_in, game

CORAL = ("Lexington", "Enterprise", "Northampton", "Myoko", "Nachi", "Kaga")


def _coral(data, seed: int = 11):  # type: ignore[no-untyped-def]
    """A VITP battle with carriers and gunnery on both sides, seeded dice."""
    campaign = game(data)
    campaign.dice = Dice(seed)
    at_sea(campaign, "Coral Sea", *CORAL)
    return campaign


BATTLES = {
    "VITP": ("Coral Sea", CORAL, "japan", "united_states", {"day_or_night"}),
    "WAS": ("North Sea", ("Ark Royal", "Hood", "Allied LBA", "Scharnhorst", "Gneisenau", "U-Boat 1"),
            "germany_italy", "allies", {"was_air_strikes", "gunnery_targets", "withdraw"}),
}


@pytest.mark.parametrize("theatre", sorted(BATTLES))
def test_a_recorded_battle_fought_again_from_its_script_is_the_same(data, theatre: str) -> None:
    area, units, axis, allied, asked = BATTLES[theatre]
    campaign = game(data)
    campaign.dice = Dice(11)
    at_sea(campaign, area, *units)
    japan, allies = RecordingPolicy(BaselinePolicy()), RecordingPolicy(BaselinePolicy())
    first = ClassicResolver({axis: japan, allied: allies}).resolve(campaign, battle_in(campaign, area))
    decisions = {e.question.decision for e in (*japan.script, *allies.script)}
    assert asked <= decisions
    assert all(e.question.side == "axis" for e in japan.script)
    assert all(e.question.side == "allied" for e in allies.script)
    # through JSON, as a file of answers would come
    scripts = {p: read_script(json.loads(json.dumps([e.to_json() for e in s.script])), p)
               for p, s in ((axis, japan), (allied, allies))}
    again = game(data)
    again.dice = Dice(11)
    at_sea(again, area, *units)
    seats = {p: ScriptedPolicy(s, where=p) for p, s in scripts.items()}
    second = ClassicResolver(seats).resolve(again, battle_in(again, area))
    assert second.results == first.results and second.narrative == first.narrative
    assert again.dice.log == campaign.dice.log
    assert all(seat.used == len(seat.entries) for seat in seats.values())


def test_a_script_that_does_not_fit_names_the_entry_and_both_questions(data) -> None:
    campaign = _coral(data)
    japan = RecordingPolicy(BaselinePolicy())
    ClassicResolver({"japan": japan}).resolve(campaign, battle_in(campaign, "Coral Sea"))
    first = japan.script[0]
    moved = Entry(Question(first.question.decision, "Java Sea", first.question.side, first.question.round,
                           first.question.stage, first.question.options), first.answer)
    again = _coral(data)
    with pytest.raises(ScriptError) as err:
        ClassicResolver({"japan": ScriptedPolicy([moved], where="japan.json")}).resolve(
            again, battle_in(again, "Coral Sea"))
    assert str(err.value).startswith(
        "japan.json[0]: the script answers day_or_night for the Axis in Java Sea (round 1, round) (japan: None)")
    assert str(err.value).endswith(
        "but the battle asks day_or_night for the Axis in Coral Sea (round 1, round) (japan: None)")


def test_a_script_that_ends_early_is_refused_or_handed_on(data) -> None:
    campaign = _coral(data)
    with pytest.raises(ScriptError, match=r"^japan: the script ends after 0 answer\(s\), but the battle asks "
                                          r"day_or_night for the Axis in Coral Sea"):
        ClassicResolver({"japan": ScriptedPolicy([], where="japan")}).resolve(campaign,
                                                                              battle_in(campaign, "Coral Sea"))
    base_campaign, handed = _coral(data), _coral(data)
    base = ClassicResolver().resolve(base_campaign, battle_in(base_campaign, "Coral Sea"))
    out = ClassicResolver({"japan": ScriptedPolicy([], then=BaselinePolicy())}).resolve(
        handed, battle_in(handed, "Coral Sea"))
    assert out.results == base.results


def test_asking_question_by_question_gives_the_battle_fought_straight_through(data) -> None:
    """Each unanswered question takes the battle back (no event, no roll left behind); answering it and fighting
    again from the start reaches the next question; the last run is the battle fought at one go."""
    straight = _coral(data)
    recorder = RecordingPolicy(BaselinePolicy())
    whole = ClassicResolver({"japan": recorder}).resolve(straight, battle_in(straight, "Coral Sea"))
    campaign = _coral(data)
    events, rolls = len(campaign.state.events), len(campaign.dice.log)
    answers: list[Entry] = []
    while True:
        result = fight_until_asked(ClassicResolver({"japan": AskingPolicy(answers)}), campaign,
                                   battle_in(campaign, "Coral Sea"))
        if not isinstance(result, Question):
            break
        assert (len(campaign.state.events), len(campaign.dice.log)) == (events, rolls)
        expected = recorder.script[len(answers)]
        assert result == expected.question
        answers.append(Entry(result, expected.answer))
    assert len(answers) == len(recorder.script) >= 3
    assert result.results == whole.results and result.narrative == whole.narrative
    assert campaign.dice.log == straight.dice.log


def test_an_illegal_scripted_answer_is_refused_by_the_rules(data) -> None:
    campaign = _coral(data)
    japan = RecordingPolicy(BaselinePolicy())
    ClassicResolver({"japan": japan}).resolve(campaign, battle_in(campaign, "Coral Sea"))
    targeting = next(e for e in japan.script if e.question.decision in ("air_targets", "gunnery_targets"))
    index = japan.script.index(targeting)
    shooter = targeting.question.options["units"][0]
    bad = [*japan.script[:index], Entry(targeting.question, {shooter: "Yamato"})]
    again = _coral(data)
    with pytest.raises(IllegalCombatDecision):
        ClassicResolver({"japan": ScriptedPolicy(bad)}).resolve(again, battle_in(again, "Coral Sea"))


@pytest.mark.parametrize(("entry", "message"), [
    ({"question": {}}, "script[0]: an entry has exactly a question and an answer"),
    ({"question": {"decision": "ram"}, "answer": 1},
     "script[0].question: a question has exactly decision, area, side, round, stage and options"),
    ({"question": {"decision": "ram", "area": "A", "side": "axis", "round": 1, "stage": "s", "options": {}},
      "answer": 1}, "script[0].question.decision: 'ram' is not a combat decision"),
    ({"question": {"decision": "day_or_night", "area": "A", "side": "axis", "round": 1, "stage": "s",
                   "options": {}}, "answer": "dusk"}, 'script[0].answer: day_or_night is answered by "day" or "night"'),
    ({"question": {"decision": "withdraw", "area": "A", "side": "axis", "round": 1, "stage": "s", "options": {}},
      "answer": "Kaga"}, "script[0].answer: withdraw is answered by a list of names"),
    ({"question": {"decision": "was_air_strikes", "area": "A", "side": "axis", "round": 1, "stage": "s",
                   "options": {}}, "answer": [["Axis LBA"]]},
     "script[0].answer: was_air_strikes is answered by a list of [air unit, target] pairs"),
    ({"question": {"decision": "gunnery_targets", "area": "A", "side": "axis", "round": "1", "stage": "s",
                   "options": {}}, "answer": {}}, "script[0].question: round must be a whole number"),
])
def test_a_malformed_script_is_refused_with_the_entry_named(entry, message: str) -> None:
    with pytest.raises(ScriptError) as err:
        read_script([entry])
    assert str(err.value).startswith(message)
