"""R-UI-70: the classic decisions of a battle fought on the table (the retreat ports, R-OPS-48; run or fight in the
Hawaiian Islands, 002 §5.751, R-OPS-62) are asked of a player who commands his own battles, as in a classic battle,
with the AI's answer as the suggestion; the AI's battles are fought as before."""

from __future__ import annotations

import pytest

from scenarios.errors import RulesError
from scenarios.models import Player
from strategic.battles import TacticalResolver
from strategic.campaign import Campaign
from strategic.classic.scripts import Question
from strategic.clock import turn_plan
from strategic.orders import AnnounceAttack, PearlHarborStrike
from strategic.state import Mode, Phase, UnitStatus
from tactical import TacticalQuestion
from tactical.dice import Dice
from tests.strategic.classic.helpers import at_sea, game
from tests.strategic.engine_helpers import game as setup_game
from tests.strategic.engine_helpers import port, sea

CORAL = ("Lexington", "Northampton", "Myoko", "Nachi")
HAWAII = "Hawaiian Islands"


def _coral(data, commanders: tuple[Player, ...]) -> Campaign:  # type: ignore[no-untyped-def]
    """Coral Sea on the table (seed 2): the US ships leave the battle at sea and the AI sends them to Australia."""
    campaign = game(data)
    campaign.state.step = next(i for i, s in enumerate(turn_plan(campaign, 4)) if s[0] is Phase.COMBAT)
    campaign.dice = Dice(2)
    campaign.resolver = TacticalResolver(turns=3)
    campaign.state.battle_commanders = list(commanders)
    at_sea(campaign, "Coral Sea", *CORAL)
    campaign.state.pending_battles = ["Coral Sea"]
    return campaign


def _as_the_ai(question, battle, advice, player):  # type: ignore[no-untyped-def]
    return advice()


def _fight_the_table_as_the_ai(campaign: Campaign) -> None:
    """The day-or-night declaration and every question on the table answered as the AI would."""
    campaign.resolve_pending()
    assert campaign.asked is not None and campaign.asked.question.decision == "day_or_night"
    campaign.answer_combat(campaign.asked.brief.suggestion)
    campaign.resolve_pending()
    campaign.answer_tactical(campaign.fight_live(_as_the_ai))
    campaign.resolve_pending()


def _notes(campaign: Campaign) -> list[str]:
    return [e.note for e in campaign.state.events if e.kind == "battle_note"]


def test_the_commander_of_a_table_battle_declares_day_or_night(data) -> None:  # type: ignore[no-untyped-def]
    """R-UI-71 (R-CARD-05, case V-03): the US commander declares after Japan, the AI's declaration (day: he has
    the air factors) offered; declaring night as Japan did, the battle is fought at night with no die."""
    reference = _coral(data, ())
    reference.resolve_pending()
    assert "Japan declares night, the Allies day; the die (5) gives day (R-CMB-08)" in _notes(reference)
    campaign = _coral(data, (Player.UNITED_STATES,))
    campaign.resolve_pending()
    asked = campaign.state.question
    assert asked is not None and asked.engine == "classic" and asked.player is Player.UNITED_STATES
    question = Question.from_json(asked.question, "question")
    assert (question.decision, question.side, question.stage, question.options) == (
        "day_or_night", "allied", "day or night", {"japan": "night"})
    assert campaign.asked is not None and campaign.asked.brief.suggestion == "day"
    assert campaign.asked.brief.reason.startswith("air factors at sea: ours 4, theirs 0")
    campaign.answer_combat("night")
    campaign.resolve_pending()
    assert campaign.state.question is not None and campaign.state.question.engine == "tactical"
    campaign.delegate_battle()  # the AI fights the rest on the table
    campaign.resolve_pending()
    assert "both sides declare night (R-CARD-05)" in _notes(campaign)


def test_the_ai_sends_the_ships_leaving_the_table_to_australia(data) -> None:  # type: ignore[no-untyped-def]
    campaign = _coral(data, ())
    campaign.resolve_pending()
    assert campaign.state.question is None
    assert {n: campaign.state.unit(n).place for n in ("Lexington", "Northampton")} == {
        "Lexington": "Australia", "Northampton": "Australia"}


def test_the_commander_of_a_table_battle_chooses_his_retreat_ports(data) -> None:  # type: ignore[no-untyped-def]
    campaign = _coral(data, (Player.UNITED_STATES,))
    _fight_the_table_as_the_ai(campaign)
    asked = campaign.state.question
    assert asked is not None and asked.engine == "classic" and asked.player is Player.UNITED_STATES
    question = Question.from_json(asked.question, "question")
    ports = ["Australia", "Guadalcanal", "New Hebrides", "Port Moresby", "Samoa"]
    assert (question.decision, question.side, question.options) == (
        "retreat_ports", "allied", {"choices": {"Northampton": ports, "Lexington": ports}})
    assert campaign.asked is not None and campaign.asked.brief.suggestion == {
        "Northampton": "Australia", "Lexington": "Australia"}  # the AI's answer, offered
    campaign.answer_combat({"Northampton": "Samoa", "Lexington": "Port Moresby"})
    campaign.resolve_pending()
    assert campaign.state.question is None and campaign.state.pending_battles == []
    assert {n: (campaign.state.unit(n).status, campaign.state.unit(n).place) for n in ("Lexington", "Northampton")} \
        == {"Lexington": (UnitStatus.PORT, "Port Moresby"), "Northampton": (UnitStatus.PORT, "Samoa")}


def test_a_retreat_port_not_offered_is_refused(data) -> None:  # type: ignore[no-untyped-def]
    campaign = _coral(data, (Player.UNITED_STATES,))
    _fight_the_table_as_the_ai(campaign)
    asked = campaign.state.question
    with pytest.raises(RulesError, match=r"Northampton may not retreat to Pearl Harbor .*R-OPS-48"):
        campaign.answer_combat({"Northampton": "Pearl Harbor", "Lexington": "Samoa"})
    assert campaign.state.question == asked


def _attack_turn(data, commanders: tuple[Player, ...]) -> Campaign:  # type: ignore[no-untyped-def]
    """Turn 3 of the early-war start on the table: Akagi (the special force, staying) and Hiei in the Hawaiian
    Islands, where Indianapolis patrols."""
    c = setup_game(data, setup="early_war", turn=3, phase=Phase.AIR, faces=(1,) * 60)
    c.state.war.frozen = []
    port(c, "Akagi", "Yokosuka Navy Yard")
    c.apply("japan", AnnounceAttack())
    c.apply("japan", PearlHarborStrike(unit="Akagi"))
    c.state.war.surprise_turn, c.state.war.pearl_force_stays = 3, True
    sea(c, "Hiei", HAWAII, Mode.RAID)
    sea(c, "Indianapolis", HAWAII)
    c.state.phase = Phase.COMBAT
    c.dice = Dice(5)
    c.resolver = TacticalResolver(turns=3)
    c.state.battle_commanders = list(commanders)
    c.state.pending_battles = [HAWAII]
    return c


def test_the_us_commander_of_a_table_battle_is_asked_to_run_or_fight_first(data) -> None:  # type: ignore[no-untyped-def]
    campaign = _attack_turn(data, (Player.UNITED_STATES,))
    campaign.resolve_pending()
    asked = campaign.state.question
    assert asked is not None and asked.engine == "classic" and asked.player is Player.UNITED_STATES
    question = Question.from_json(asked.question, "question")
    assert (question.decision, question.stage, question.options) == ("run_or_fight", "run or fight",
                                                                     {"units": ["Indianapolis"]})
    assert campaign.asked is not None and campaign.asked.brief.suggestion == "fight"
    assert campaign.asked.brief.reason == "the AI fights: the battle is fought on the Victory at Sea table"
    assert campaign.asked.brief.notes[0].startswith("Running: Indianapolis leave before the first round, and that "
                                                    "battle is fought by the classic rules")


def test_fighting_puts_the_battle_on_the_table(data) -> None:  # type: ignore[no-untyped-def]
    campaign = _attack_turn(data, (Player.UNITED_STATES,))
    campaign.resolve_pending()
    campaign.answer_combat("fight")
    campaign.resolve_pending()
    asked = campaign.state.question  # then he declares day or night, after Japan (R-UI-71)
    assert asked is not None and Question.from_json(asked.question, "q").options == {"japan": "day"}
    campaign.answer_combat("day")
    campaign.resolve_pending()
    asked = campaign.state.question
    assert asked is not None and asked.engine == "tactical"  # his first decision on the table
    assert TacticalQuestion.from_json(asked.question, "q").side == 0


def test_running_is_fought_by_the_classic_rules_and_the_forces_go_to_port(data) -> None:  # type: ignore[no-untyped-def]
    campaign = _attack_turn(data, (Player.UNITED_STATES,))
    campaign.resolve_pending()
    campaign.answer_combat("run")
    campaign.resolve_pending()
    asked = campaign.state.question  # the classic battle goes on to his retreat port
    assert asked is not None and Question.from_json(asked.question, "q").options == {
        "choices": {"Indianapolis": ["Johnston Island", "Pearl Harbor"]}}
    campaign.answer_combat({"Indianapolis": "Johnston Island"})
    campaign.resolve_pending()
    texts = [e for e in campaign.state.events if type(e).__name__ == "BattleHandedOver"]
    assert [(e.how, e.why) for e in texts] == [
        ("fallback", "the Allies run before the first round (002 §5.751; R-UI-70)")]
    assert campaign.state.question is None and campaign.state.pending_battles == []
    indianapolis = campaign.state.unit("Indianapolis")
    assert (indianapolis.status, indianapolis.place) == (UnitStatus.PORT, "Johnston Island")
    assert not any(type(e).__name__ == "BattleFought" for e in campaign.state.events)  # nothing on the table


def test_the_ai_fights_on_the_table_as_before(data) -> None:  # type: ignore[no-untyped-def]
    campaign = _attack_turn(data, ())
    campaign.resolve_pending()
    assert campaign.state.question is None
    assert any(type(e).__name__ == "BattleFought" and e.area == HAWAII for e in campaign.state.events)
    assert not any(type(e).__name__ == "BattleHandedOver" for e in campaign.state.events)


def test_a_table_battle_asking_run_or_fight_may_be_handed_to_the_classic_rules(data) -> None:  # type: ignore[no-untyped-def]
    """The battle is on the table though its first question is a classic step: its commander may still have it
    fought by the classic rules (002 §4.1), which ask him again, in the classic battle."""
    campaign = _attack_turn(data, (Player.UNITED_STATES,))
    campaign.resolve_pending()
    assert campaign.on_table(HAWAII)
    campaign.choose_battle("classic")
    assert not campaign.on_table(HAWAII) and campaign.state.classic_battles == [HAWAII]
    campaign.resolve_pending()
    asked = campaign.state.question
    assert asked is not None and Question.from_json(asked.question, "q").decision == "run_or_fight"
    campaign.answer_combat("fight")
    campaign.resolve_pending()
    while campaign.asked is not None:
        campaign.answer_combat(campaign.asked.brief.suggestion)
        campaign.resolve_pending()
    assert [e.how for e in campaign.state.events if e.kind == "battle_handed_over"] == ["chosen"]
    assert not any(e.kind == "battle_fought" for e in campaign.state.events)
