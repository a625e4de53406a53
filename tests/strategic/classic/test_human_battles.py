"""A player who commands his own classic battles (issue #15): the battle stops at each of his decisions, is
taken back and fought again from its start with his answers; illegal answers are refused with the rule; a game
saved between two questions reopens at the same question; a whole game answered as the AI would have answered
is the AI's game."""

from __future__ import annotations

import pytest

from scenarios.errors import IllegalCombatDecision
from scenarios.models import Player
from strategic.ai import BaselineAI, play
from strategic.campaign import Campaign
from strategic.classic import BaselinePolicy, ClassicResolver
from strategic.classic.scripts import Entry, Question, RecordingPolicy, ScriptError
from strategic.clock import Clock, turn_plan
from strategic.narrate import log_line
from strategic.saves import load_state, save_text
from strategic.state import Phase
from tactical.dice import Dice
from tests.strategic.classic.helpers import at_sea, game

PLAYERS = ("japan", "germany_italy", "united_states", "allies")
CORAL = ("Lexington", "Enterprise", "Northampton", "Myoko", "Nachi", "Kaga")


def _coral(data, *, commanders=(Player.JAPAN,)) -> Campaign:  # type: ignore[no-untyped-def]
    campaign = game(data)
    campaign.state.step = next(i for i, s in enumerate(turn_plan(campaign, 4)) if s[0] is Phase.COMBAT)
    campaign.dice = Dice(11)
    campaign.resolver = ClassicResolver()
    campaign.state.battle_commanders = list(commanders)
    at_sea(campaign, "Coral Sea", *CORAL)
    campaign.state.pending_battles = ["Coral Sea"]
    return campaign


def _reference(data) -> tuple[list[Entry], Campaign]:  # type: ignore[no-untyped-def]
    """The same battle with Japan's baseline answers recorded."""
    campaign = _coral(data, commanders=())
    japan = RecordingPolicy(BaselinePolicy())
    campaign.resolver = ClassicResolver({"japan": japan})
    campaign.resolve_pending()
    return japan.script, campaign


def test_the_battle_stops_at_the_commanders_first_decision_leaving_nothing_behind(data) -> None:
    campaign = _coral(data)
    events, rolls = len(campaign.state.events), len(campaign.dice.log)
    campaign.resolve_pending()
    asked = campaign.state.question
    assert asked is not None and asked.battle == "Coral Sea" and asked.player is Player.JAPAN
    assert Question.from_json(asked.question, "q").decision == "day_or_night"
    assert campaign.state.pending_battles == ["Coral Sea"]
    assert (len(campaign.state.events), len(campaign.dice.log)) == (events, rolls)
    assert campaign.blocked == ("the battle in Coral Sea waits for an answer from Japan: day_or_night for the Axis "
                                "in Coral Sea (round 1, round)")


def test_answering_every_question_as_the_ai_gives_the_ais_battle(data) -> None:
    script, reference = _reference(data)
    campaign = _coral(data)
    campaign.resolve_pending()
    asked = 0
    while campaign.state.question is not None:
        assert Question.from_json(campaign.state.question.question, "q") == script[asked].question
        campaign.answer_combat(script[asked].answer)
        asked += 1
        campaign.resolve_pending()
    assert asked == len(script) >= 3
    assert campaign.state.pending_battles == [] and campaign.state.combat_answers == {}
    assert campaign.state.units == reference.state.units
    assert campaign.dice.log == reference.dice.log
    answers = [e for e in campaign.state.events if e.kind == "combat_answer"]
    assert [e.answer for e in answers] == [e.answer for e in script]
    assert [e for e in campaign.state.events if e.kind != "combat_answer"] == reference.state.events


def test_an_illegal_answer_is_refused_with_the_rule_and_changes_nothing(data) -> None:
    script, _ = _reference(data)
    campaign = _coral(data)
    campaign.resolve_pending()
    while Question.from_json(campaign.state.question.question, "q").decision not in ("air_targets",  # type: ignore[union-attr]
                                                                                      "gunnery_targets"):
        campaign.answer_combat(script[len(campaign.state.combat_answers.get("Coral Sea", []))].answer)
        campaign.resolve_pending()
    before = campaign.state.model_dump_json()
    shooter = Question.from_json(campaign.state.question.question, "q").options["units"][0]  # type: ignore[union-attr]
    with pytest.raises(IllegalCombatDecision) as err:
        campaign.answer_combat({shooter: "Yamato"})
    assert err.value.rule
    with pytest.raises(ScriptError, match="answered by an object of unit name -> name"):
        campaign.answer_combat(["Lexington"])
    assert campaign.state.model_dump_json() == before


def test_a_game_saved_between_two_questions_reopens_at_the_same_question(data, tmp_path) -> None:
    script, reference = _reference(data)
    campaign = _coral(data)
    campaign.resolve_pending()
    campaign.answer_combat(script[0].answer)
    campaign.resolve_pending()
    waiting = campaign.state.question
    path = tmp_path / "mid-battle.json"
    path.write_text(save_text(campaign), encoding="utf-8")
    loaded = load_state(path, data, ClassicResolver())
    assert loaded.state.question == waiting and loaded.state.combat_answers == campaign.state.combat_answers
    loaded.resolve_pending()  # fought again from its start: the same question
    assert loaded.state.question == waiting
    for entry in script[1:]:
        loaded.answer_combat(entry.answer)
        loaded.resolve_pending()
    assert loaded.state.question is None and loaded.state.units == reference.state.units


def test_a_whole_game_with_a_human_commander_answering_as_the_ai_is_the_ais_game(data) -> None:
    """Seeded standard game, classic combat, four turns: the United States commands its battles; its answers are
    those the baseline gave in the same game played by the AI alone."""
    recorded: list[Entry] = []
    ai_game = Campaign.new(data, "standard", seed=8)
    ai_game.state.combat = "classic"
    ai_game.resolver = ClassicResolver({"united_states": RecordingPolicy(BaselinePolicy(), recorded.append)})
    agents = {p: BaselineAI() for p in PLAYERS}
    play(ai_game, Clock(ai_game), agents, stop_at_turn=5)
    assert recorded, "the United States fought battles in those four turns"

    human = Campaign.new(data, "standard", seed=8)
    human.state.combat, human.resolver = "classic", ClassicResolver()
    human.state.battle_commanders = [Player.UNITED_STATES]
    clock, answered = Clock(human), 0
    while True:
        play(human, clock, agents, stop_at_turn=5)
        if human.state.question is None:
            break
        assert human.state.question.player is Player.UNITED_STATES
        assert Question.from_json(human.state.question.question, "q") == recorded[answered].question
        human.answer_combat(recorded[answered].answer)
        answered += 1
        clock.retry()
    assert answered == len(recorded)
    assert human.state.turn == ai_game.state.turn == 5
    assert human.state.units == ai_game.state.units and human.state.poc == ai_game.state.poc
    assert [e for e in human.state.events if e.kind != "combat_answer"] == ai_game.state.events


def test_each_question_comes_with_the_view_the_rule_the_ais_answer_and_the_odds(data) -> None:
    from fractions import Fraction

    from scenarios.models import Side
    from strategic.classic.damage import attack_odds

    script, _ = _reference(data)
    campaign = _coral(data)
    campaign.resolve_pending()
    seen = set()
    while campaign.state.question is not None:
        asked = campaign.asked
        assert asked is not None and asked.brief is not None
        brief, index = asked.brief, len(campaign.state.combat_answers.get("Coral Sea", []))
        assert brief.view.side is Side.AXIS and set(brief.view.units) == set(CORAL)
        assert brief.suggestion == script[index].answer  # the AI's answer is offered
        assert brief.rule and brief.reason
        question = asked.question
        if question.decision in ("air_targets", "gunnery_targets"):
            factor = "air" if question.decision == "air_targets" else "gunnery"
            for firer in question.options["units"]:
                for target in question.options["targets"]:
                    unit, aim = brief.view.units[firer], brief.view.units[target]
                    table = ClassicResolver().tables(data).attack(brief.view.theatre)
                    bonus = unit.air_bonus if factor == "air" else unit.gunnery_bonus
                    exact = attack_odds(table, getattr(unit, factor), bonus, aim.defence or 0, prior=aim.damage)
                    assert brief.odds[firer][target] == exact
                    assert Fraction(0) <= exact.sunk <= exact.hit <= 1
            seen.add(question.decision)
        campaign.answer_combat(brief.suggestion)
        campaign.resolve_pending()
    assert seen, "a targeting question was asked"


def test_a_commander_may_leave_the_rest_of_a_battle_to_the_ai(data) -> None:
    """His answers so far stand; the AI gives the rest; with the AI's answers so far, it is the AI's battle."""
    script, reference = _reference(data)
    campaign = _coral(data)
    campaign.resolve_pending()
    campaign.answer_combat(script[0].answer)
    campaign.resolve_pending()
    campaign.delegate_battle()
    assert campaign.blocked is None or "waits" not in campaign.blocked
    campaign.resolve_pending()
    assert campaign.state.question is None and campaign.state.pending_battles == []
    assert campaign.state.delegated_battles == [] and campaign.state.combat_answers == {}
    assert campaign.state.units == reference.state.units
    kinds = [e.kind for e in campaign.state.events]
    assert kinds.count("combat_answer") == 1 and kinds.count("combat_delegated") == 1


def test_a_game_with_a_human_commander_replays_from_its_save(data, tmp_path) -> None:
    """The save of a game whose battles a human commanded replays identically (his answers are in its events),
    and a tampered answer is refused naming the battle."""
    from strategic.replay import ReplayError, read_log, replay

    human = Campaign.new(data, "standard", seed=8)
    human.state.combat, human.resolver = "classic", ClassicResolver()
    human.state.battle_commanders = [Player.UNITED_STATES]
    clock = Clock(human)
    agents = {p: BaselineAI() for p in PLAYERS}
    while True:
        play(human, clock, agents, stop_at_turn=4)
        if human.state.question is None:
            break
        assert human.asked is not None
        human.answer_combat(human.asked.brief.suggestion)
        clock.retry()
    path = tmp_path / "commanded.json"
    path.write_text(save_text(human), encoding="utf-8")
    again = replay(read_log(path, lambda: data), data)
    assert again.identical, again.difference
    assert any(e.kind == "combat_answer" for e in again.campaign.state.events)

    log = read_log(path, lambda: data)
    first = next(i for i, e in enumerate(log.events) if e.kind == "combat_answer")
    bad = log.events[first].model_copy(update={"answer": {"Nowhere": "Yamato"}})
    tampered = log.model_copy(update={"events": [*log.events[:first], bad, *log.events[first + 1:]]})
    with pytest.raises(ReplayError, match=r"the recorded answer of the United States in the battle in .* is refused"):
        replay(tampered, data)


def test_a_save_with_tampered_combat_answers_is_refused_on_load(data, tmp_path) -> None:
    """The answers of a battle in progress must be those its events recorded, and must stand when the battle is
    fought again: else the save is refused, naming the battle (R-DATA-04)."""
    import json

    from strategic.saves import SaveError

    script, _ = _reference(data)
    campaign = _coral(data)
    campaign.resolve_pending()
    campaign.answer_combat(script[0].answer)
    campaign.resolve_pending()
    good = json.loads(save_text(campaign))
    other = "day" if script[0].answer == "night" else "night"

    changed = json.loads(json.dumps(good))
    changed["combat_answers"]["Coral Sea"][0]["answer"] = other
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(changed), encoding="utf-8")
    with pytest.raises(SaveError, match=r"combat_answers.Coral Sea: the answers differ from the combat_answer"):
        load_state(path, data, ClassicResolver())

    illegal = json.loads(json.dumps(good))
    for holder in (illegal["combat_answers"]["Coral Sea"][0], next(e for e in illegal["events"]
                                                                   if e["kind"] == "combat_answer")):
        holder["question"]["options"] = {"units": ["Kaga"], "targets": ["Yamato"]}
        holder["question"]["decision"], holder["answer"] = "air_targets", {"Kaga": "Yamato"}
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(illegal), encoding="utf-8")
    with pytest.raises(SaveError, match=r"combat_answers.Coral Sea: an answer is refused: .*the battle asks"):
        load_state(path, data, ClassicResolver())


def test_the_odds_of_a_commanded_battle_are_the_ais(data) -> None:
    """The odds advisor (and the hard AI's look-ahead) simulate with the AI answering every side: a battle that
    waits for a human's answer does not stop them, and the game is left as it was."""
    from strategic.odds import battle_odds

    campaign = _coral(data)
    campaign.resolve_pending()
    before = campaign.state.model_dump_json()
    commanded = battle_odds(campaign, "Coral Sea", ClassicResolver(), runs=20, seed=4)
    plain = _coral(data, commanders=())
    assert commanded.sunk == battle_odds(plain, "Coral Sea", ClassicResolver(), runs=20, seed=4).sunk
    assert campaign.state.model_dump_json() == before


def test_a_commander_may_leave_every_battle_of_the_turn_to_the_ai(data) -> None:
    """``whole_turn``: the AI answers in the battle asked about and in his later battles of the turn; the next
    turn he commands again (the state names the turn)."""
    campaign = _coral(data)
    at_sea(campaign, "Java Sea", "Houston", "Haguro")
    campaign.state.pending_battles = ["Coral Sea", "Java Sea"]
    campaign.resolve_pending()
    assert campaign.state.question is not None and campaign.state.question.battle == "Coral Sea"
    campaign.delegate_battle(whole_turn=True)
    campaign.resolve_pending()
    assert campaign.state.question is None and campaign.state.pending_battles == []
    assert campaign.state.delegated_turn == {Player.JAPAN: 4}
    delegated = [e for e in campaign.state.events if e.kind == "combat_delegated"]
    assert len(delegated) == 1 and delegated[0].whole_turn
    assert log_line(delegated[0]).endswith("Japan leaves the battle in Coral Sea to the AI, and his other battles "
                                      "this turn  [002 §4.1]")
    from scenarios.models import Side, Theatre
    from strategic.classic.scripts import AskingPolicy
    from strategic.combat import Battle as CampaignBattle

    later = CampaignBattle("Java Sea", Theatre.VITP, ("Houston",), ("Haguro",))
    assert not isinstance(ClassicResolver()._seat(campaign, later, Side.AXIS, Player.JAPAN), AskingPolicy)
    campaign.state.turn = 5
    assert isinstance(ClassicResolver()._seat(campaign, later, Side.AXIS, Player.JAPAN), AskingPolicy)


def test_the_gunnery_question_cites_its_own_theatres_rule() -> None:
    """A fresh user's report: a War at Sea day battle's gunnery question cited VITP's night-round case. Each
    theatre's battle cites its own game's rule; a question of both theatres keeps the shared citation."""
    from types import SimpleNamespace

    from scenarios.models import Theatre
    from strategic.classic.briefs import RULES, rule_of

    was, vitp = SimpleNamespace(theatre=Theatre.WAS), SimpleNamespace(theatre=Theatre.VITP)
    assert rule_of(was, "gunnery_targets") == "WAS 4.3"  # type: ignore[arg-type]
    assert rule_of(vitp, "gunnery_targets") == "VITP 4.3 (night rounds, case V-04)"  # type: ignore[arg-type]
    assert rule_of(was, "withdraw") == RULES["withdraw"]  # type: ignore[arg-type]
    assert rule_of(was, "no such question") == "002 §4.1"  # type: ignore[arg-type]
