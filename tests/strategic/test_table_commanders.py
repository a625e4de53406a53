"""A player who commands his own battles on the table (issue #16): the battle stops at his first decision, is
fought live by a screen (here: answering as the AI would), resolved with the answers given, and is then the AI's
own battle; a game saved in mid-battle reopens at the same question; answers that do not fit are refused."""

from __future__ import annotations

import pytest

from scenarios.models import Player
from strategic.battles import TacticalResolver
from strategic.campaign import Campaign
from strategic.clock import Clock, turn_plan
from strategic.saves import load_state, save_text
from strategic.state import Phase
from tactical import TacticalQuestion, read_tactical_script
from tactical.dice import Dice
from tests.strategic.classic.helpers import at_sea, game

CORAL = ("Lexington", "Northampton", "Myoko", "Nachi")


def _coral(data, *, commanders=(Player.JAPAN,)) -> Campaign:  # type: ignore[no-untyped-def]
    campaign = game(data)
    campaign.state.step = next(i for i, s in enumerate(turn_plan(campaign, 4)) if s[0] is Phase.COMBAT)
    campaign.dice = Dice(11)
    campaign.resolver = TacticalResolver(turns=3)
    campaign.state.battle_commanders = list(commanders)
    at_sea(campaign, "Coral Sea", *CORAL)
    campaign.state.pending_battles = ["Coral Sea"]
    if commanders:  # Japan's day-or-night declaration first, as the AI would make it (R-UI-71)
        campaign.resolve_pending()
        assert campaign.asked is not None and campaign.asked.question.decision == "day_or_night"
        campaign.answer_combat(campaign.asked.brief.suggestion)
    return campaign


def _on_table(campaign: Campaign) -> list[dict]:  # type: ignore[type-arg]
    """The answers given on the table in Coral Sea (Japan's day-or-night declaration is a classic answer)."""
    return [a for a in campaign.state.combat_answers.get("Coral Sea", []) if "question" in a["question"]]


def _as_the_ai(question, battle, advice, player):  # type: ignore[no-untyped-def]
    return advice()


def test_the_battle_stops_at_the_first_decision_on_the_table_leaving_nothing_behind(data) -> None:
    campaign = _coral(data)
    events, rolls = len(campaign.state.events), len(campaign.dice.log)
    campaign.resolve_pending()
    asked = campaign.state.question
    assert asked is not None and asked.engine == "tactical" and asked.player is Player.JAPAN
    question = TacticalQuestion.from_json(asked.question, "q")
    assert (question.question, question.side, question.turn) == ("choose_scouts", 1, 0)
    assert campaign.state.pending_battles == ["Coral Sea"]
    assert (len(campaign.state.events), len(campaign.dice.log)) == (events, rolls)
    assert campaign.blocked is not None and "choose scouts (the set-up" in campaign.blocked


def test_a_battle_fought_live_as_the_ai_would_is_the_ais_battle(data) -> None:
    reference = _coral(data, commanders=())
    reference.resolve_pending()
    campaign = _coral(data)
    campaign.resolve_pending()
    answers = campaign.fight_live(_as_the_ai)
    assert len(answers) > 20 and all(a.question.side == 1 for a in answers)
    assert campaign.state.question is not None  # fighting live changes nothing until the answers are given
    campaign.answer_tactical(answers)
    campaign.resolve_pending()
    assert campaign.state.question is None and campaign.state.pending_battles == []
    assert campaign.state.units == reference.state.units
    assert [e for e in campaign.state.events if e.kind not in ("tactical_answers", "combat_answer")] == \
        reference.state.events
    given = [e for e in campaign.state.events if e.kind == "tactical_answers"]
    assert len(given) == 1 and len(given[0].answers) == len(answers)


def test_a_game_saved_in_mid_battle_reopens_at_the_next_question(data, tmp_path) -> None:
    campaign = _coral(data)
    campaign.resolve_pending()
    answered = 0

    def some(question, battle, advice, player):  # type: ignore[no-untyped-def]
        nonlocal answered
        if answered == 7:
            from strategic.answer_needed import AnswerNeeded
            raise AnswerNeeded(question, player.value)
        answered += 1
        return advice()

    answers = campaign.fight_live(some)
    assert len(answers) == 7
    campaign.answer_tactical(answers)
    campaign.resolve_pending()
    asked = campaign.state.question
    assert asked is not None and asked.engine == "tactical"
    path = tmp_path / "mid-battle.json"
    path.write_text(save_text(campaign), encoding="utf-8")
    loaded = load_state(path, data, TacticalResolver(turns=3))
    assert loaded.state.question == asked and len(_on_table(loaded)) == 7
    loaded.resolve_pending()
    assert loaded.state.question == asked  # the same question, fought again from the answers saved


def test_a_headless_answer_of_the_wrong_shape_is_refused_and_changes_nothing(data) -> None:
    campaign = _coral(data)
    campaign.resolve_pending()
    asked = campaign.state.question
    with pytest.raises(Exception, match="not an answer to choose_scouts"):
        campaign.answer_combat({"ships": "Myoko"})
    assert campaign.state.question == asked and _on_table(campaign) == []


def test_an_illegal_headless_answer_is_refused_with_the_rule(data) -> None:
    campaign = _coral(data)
    campaign.resolve_pending()
    with pytest.raises(Exception, match="000 Scouting"):
        campaign.answer_combat([["Lexington"], 0])  # not a Japanese ship
    assert _on_table(campaign) == []
    campaign.answer_combat([[], 0])
    campaign.resolve_pending()
    entry = read_tactical_script(_on_table(campaign))[0]
    assert entry.answer == [[], 0] and campaign.state.question is not None


def test_a_battle_left_to_the_ai_for_the_rest_of_the_game_asks_no_more(data) -> None:
    reference = _coral(data, commanders=())
    reference.resolve_pending()
    campaign = _coral(data)
    campaign.resolve_pending()
    campaign.choose_battle("ai", for_the_rest=True)
    campaign.resolve_pending()
    assert campaign.state.question is None and campaign.state.pending_battles == []
    assert campaign.state.battle_choices == {Player.JAPAN: "ai"}
    chosen = [e for e in campaign.state.events if e.kind == "battle_chosen"]
    assert [(e.battle, e.player, e.how, e.for_the_rest) for e in chosen] == [("Coral Sea", "japan", "ai", True)]
    assert [e for e in campaign.state.events if e.kind not in ("battle_chosen", "combat_answer")] == \
        reference.state.events
    at_sea(campaign, "Coral Sea", *CORAL)  # another battle: Japan still commands nothing
    campaign.state.pending_battles = ["Coral Sea"]
    campaign.resolve_pending()
    assert campaign.state.question is None and campaign.state.pending_battles == []


def test_a_battle_on_the_table_fought_by_the_classic_rules_asks_its_classic_decisions(data) -> None:
    campaign = _coral(data)
    campaign.resolve_pending()
    campaign.choose_battle("classic")
    campaign.resolve_pending()
    asked = campaign.state.question
    assert asked is not None and asked.engine == "classic" and asked.battle == "Coral Sea"
    assert any(e.kind == "battle_handed_over" and e.how == "chosen" for e in campaign.state.events)
    campaign.delegate_battle()
    campaign.resolve_pending()
    assert campaign.state.pending_battles == [] and campaign.state.classic_battles == []
    assert not any(e.kind == "battle" for e in campaign.state.events)  # no battle on the table was fought
    assert any(e.kind == "combat" for e in campaign.state.events)  # the classic battle's account


def test_a_tactical_game_whose_battles_a_player_commands_replays_identically(data) -> None:
    """Allies commanding their battles on the table: the first fought live as the AI would, the second fought by
    the classic rules, then every battle left to the AI; the log replays event for event."""
    from strategic.ai import BaselineAI, play
    from strategic.replay import CampaignLog, LogHeader, replay

    campaign = Campaign.new(data, "standard", seed=1, resolver=TacticalResolver())
    campaign.state.combat = "tactical"
    campaign.state.battle_commanders = [Player.ALLIES]
    clock = Clock(campaign)
    agents = {p.value: BaselineAI() for p in Player}
    handled = []
    while True:
        play(campaign, clock, agents, stop_at_turn=2)
        asked = campaign.state.question
        if asked is None:
            break
        if asked.engine == "classic":
            campaign.delegate_battle()
        elif not handled:
            campaign.answer_tactical(campaign.fight_live(_as_the_ai))
        elif len(handled) == 1:
            campaign.choose_battle("classic")
        else:
            campaign.choose_battle("ai", for_the_rest=True)
        handled.append(asked.battle)
        clock.retry()
    assert len(handled) >= 3
    header = LogHeader(setup="standard", seed=1, combat="tactical", stop_turn=2, battle_commanders=[Player.ALLIES])
    result = replay(CampaignLog(header=header, events=list(campaign.state.events)), data)
    assert result.identical, str(result.difference)


@pytest.mark.parametrize(("answer", "why"), [
    ([["Yamato"], 1], "000 Scouting: Yamato cannot scout"),  # a ship nobody has
    ([["Myoko"], float("nan")], "is not a finite number"),
])
def test_an_answer_naming_nothing_or_not_a_number_is_refused_and_changes_nothing(data, answer, why) -> None:
    campaign = _coral(data)
    campaign.resolve_pending()
    asked = campaign.state.question
    with pytest.raises(Exception, match=why):
        campaign.answer_combat(answer)
    assert campaign.state.question == asked and _on_table(campaign) == []
