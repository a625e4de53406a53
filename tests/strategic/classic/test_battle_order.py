"""The battle order asked of a human Axis or Japan player (issue #15; WAS 5.6, case W-03; VITP 4.1): before any battle
of the combat phase is fought the orderer gets the pending battles of his theatre in the AI's order and answers
with his own; the War at Sea order first, then the VITP one; a wrong order is refused with the rule and changes
nothing; a game saved at the question reopens at it; the withdraw question lists its candidates and every brief
explains the rules that bear on it (R-CMB-01, 002 §2.213)."""

from __future__ import annotations

import pytest

from scenarios.errors import IllegalCombatDecision
from scenarios.models import Player, Side
from strategic.campaign import Campaign
from strategic.classic import ClassicResolver
from strategic.classic.briefs import OrderBrief, notes
from strategic.classic.context import BattleContext
from strategic.classic.damage import Combatant
from strategic.classic.scripts import Entry, Question, ScriptedPolicy, ScriptError
from strategic.clock import Clock, turn_plan
from strategic.events import CombatNoted
from strategic.saves import load_state, save_text
from strategic.state import Phase
from tactical.dice import Dice
from tests.strategic.classic.helpers import at_sea, battle_in, game

FORCES = {"North Sea": ("Hood", "Scharnhorst"), "North Atlantic": ("Renown", "Gneisenau"),
          "Mediterranean": ("Warspite", "Littorio"), "Coral Sea": ("Northampton", "Myoko"),
          "Indonesia": ("Chester", "Nachi")}


def _combat(data, commanders, areas=tuple(FORCES)) -> Campaign:  # type: ignore[no-untyped-def]
    """Turn 4, the combat phase just begun (the battles found and ordered) with ``commanders`` commanding."""
    campaign = game(data)
    campaign.state.step = next(i for i, s in enumerate(turn_plan(campaign, 4)) if s[0] is Phase.COMBAT)
    campaign.dice, campaign.resolver = Dice(5), ClassicResolver()
    campaign.state.combat, campaign.state.battle_commanders = "classic", list(commanders)
    for area in areas:
        at_sea(campaign, area, *FORCES[area])
    campaign.enter_phase(Phase.COMBAT)
    return campaign


def _fought(campaign: Campaign) -> list[str]:
    """The areas in the order their battles were fought (each battle's first note names its area)."""
    out: list[str] = []
    for e in campaign.state.events:
        if isinstance(e, CombatNoted) and e.area not in out:
            out.append(e.area)
    return out


def test_the_ai_orders_when_nobody_commands(data) -> None:  # type: ignore[no-untyped-def]
    campaign = _combat(data, [])
    assert campaign.state.question is None and campaign.state.pending_battles == []
    assert _fought(campaign) == ["North Atlantic", "North Sea", "Mediterranean", "Indonesia", "Coral Sea"]


def test_a_human_axis_orders_the_was_battles_then_japan_the_vitp_ones_before_any_is_fought(data) -> None:  # type: ignore[no-untyped-def]
    campaign = _combat(data, [Player.GERMANY_ITALY, Player.JAPAN])
    events = len(campaign.state.events)
    asked = campaign.state.question
    assert asked is not None and asked.battle == "order:WAS" and asked.player is Player.GERMANY_ITALY
    question = Question.from_json(asked.question, "q")
    assert question.decision == "order_battles" and question.area == "WAS"
    assert question.options == {"areas": ["North Atlantic", "North Sea", "Mediterranean"],
                                "later": ["Indonesia", "Coral Sea"]}
    assert campaign.state.pending_battles == ["North Atlantic", "North Sea", "Mediterranean", "Indonesia", "Coral Sea"]
    assert campaign.blocked == "the order of the WAS battles waits for an answer from Germany-Italy"
    brief = campaign.asked.brief  # type: ignore[union-attr]
    assert isinstance(brief, OrderBrief) and brief.rule == "WAS 5.6 (case W-03; R-CMB-10)"
    assert brief.suggestion == ["North Atlantic", "North Sea", "Mediterranean"]
    assert brief.battles["North Sea"] == ("battle", ("Hood",), ("Scharnhorst",), ())
    assert any("002 §4.11; R-CMB-13" in n for n in brief.notes)
    assert len(campaign.state.events) == events and _fought(campaign) == []  # nothing fought yet

    campaign.answer_combat(["Mediterranean", "North Sea", "North Atlantic"])
    asked = campaign.state.question
    assert asked is not None and asked.battle == "order:VITP" and asked.player is Player.JAPAN
    assert Question.from_json(asked.question, "q").options == {"areas": ["Indonesia", "Coral Sea"], "later": []}
    assert campaign.asked.brief.rule == "VITP 4.1 (R-CMB-10)"  # type: ignore[union-attr]
    campaign.answer_combat(["Coral Sea", "Indonesia"])
    assert campaign.state.pending_battles == ["Mediterranean", "North Sea", "North Atlantic", "Coral Sea", "Indonesia"]
    answered = [e for e in campaign.state.events if e.kind == "combat_answer"]
    assert [(e.battle, e.player, e.answer) for e in answered] == [
        ("order:WAS", "germany_italy", ["Mediterranean", "North Sea", "North Atlantic"]),
        ("order:VITP", "japan", ["Coral Sea", "Indonesia"])]
    campaign.resolve_pending()  # as Clock.retry: the battles are fought, in that order, up to a question
    while campaign.state.question is not None:  # each commander leaves his battles of this turn to the AI
        assert Question.from_json(campaign.state.question.question, "q").decision != "order_battles"
        campaign.delegate_battle(whole_turn=True)
        campaign.resolve_pending()
    assert _fought(campaign) == ["Mediterranean", "North Sea", "North Atlantic", "Coral Sea", "Indonesia"]


def test_a_wrong_order_is_refused_with_the_rule_and_changes_nothing(data) -> None:  # type: ignore[no-untyped-def]
    campaign = _combat(data, [Player.GERMANY_ITALY])
    before = (list(campaign.state.pending_battles), campaign.state.question, len(campaign.state.events))
    with pytest.raises(IllegalCombatDecision, match=r"lists each of North Atlantic, North Sea, Mediterranean once "
                                                    r"\(given: North Sea, North Sea, Mediterranean\) "
                                                    r"\[WAS 5\.6 \(case W-03; R-CMB-10\)\]"):
        campaign.answer_combat(["North Sea", "North Sea", "Mediterranean"])
    with pytest.raises(ScriptError, match="order_battles is answered by a list of names"):
        campaign.answer_combat({"North Sea": 1})
    assert (campaign.state.pending_battles, campaign.state.question, len(campaign.state.events)) == before
    assert campaign.asked is not None


def test_only_japan_commanding_is_asked_the_vitp_order_and_one_battle_needs_no_order(data) -> None:  # type: ignore[no-untyped-def]
    campaign = _combat(data, [Player.JAPAN])
    asked = campaign.state.question
    assert asked is not None and asked.battle == "order:VITP"
    campaign.delegate_battle()  # the AI's order stands
    assert campaign.state.question is None
    assert [e.kind for e in campaign.state.events][-1] == "combat_delegated"
    lone = _combat(data, [Player.GERMANY_ITALY, Player.JAPAN], areas=("North Sea", "Coral Sea"))
    assert lone.state.question is not None and lone.state.question.battle == "North Sea"  # straight to the battle
    assert not any(e.kind == "combat_answer" for e in lone.state.events)


def test_a_game_saved_at_the_order_reopens_at_it_and_replays(data) -> None:  # type: ignore[no-untyped-def]
    campaign = _combat(data, [Player.GERMANY_ITALY])
    text = save_text(campaign)
    loaded = load_state_text(data, text)
    Clock(loaded, resume=True)
    assert loaded.state.question == campaign.state.question and loaded.asked is not None
    assert loaded.asked.brief.suggestion == campaign.asked.brief.suggestion  # type: ignore[union-attr]
    loaded.answer_combat(["North Sea", "Mediterranean", "North Atlantic"])
    assert loaded.state.pending_battles[:3] == ["North Sea", "Mediterranean", "North Atlantic"]


def load_state_text(data, text: str) -> Campaign:  # type: ignore[no-untyped-def]
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(text)
        campaign = load_state(path, data)
    campaign.resolver = ClassicResolver()
    return campaign


def test_a_save_whose_order_question_is_not_the_orderers_is_refused(data, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    from strategic.saves import SaveError

    campaign = _combat(data, [Player.GERMANY_ITALY, Player.JAPAN])
    raw = json.loads(save_text(campaign))
    raw["question"]["player"] = "japan"
    raw["question"]["question"]["options"]["areas"].append("Baltic Sea")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(SaveError) as caught:
        load_state(path, data)
    problems = "\n".join(caught.value.problems)
    assert "question.player: japan does not order the WAS battles (germany_italy does)" in problems
    assert "question.question.options: 'Baltic Sea' is not a pending battle" in problems


# --------------------------------------------------------------------------- withdraw candidates, notes


def _ctx(campaign: Campaign, area: str) -> BattleContext:
    battle = battle_in(campaign, area)
    resolver = ClassicResolver()
    units = [Combatant.from_unit(campaign.unit_record(n), campaign.state.unit(n).side, 0, campaign.state.unit(n).mode)
             for n in (*battle.allied, *battle.axis)]
    return BattleContext(campaign, battle, resolver.tables(campaign.data), lambda s: resolver.default,
                         lambda s: Player.ALLIES, units)


def test_the_withdraw_question_lists_its_candidates_and_the_rule(data) -> None:  # type: ignore[no-untyped-def]
    campaign = game(data)
    at_sea(campaign, "North Atlantic", "Hood", "Sussex", "Scharnhorst", "U-Boat 1", "Orion")
    ctx = _ctx(campaign, "North Atlantic")
    ctx.units["Sussex"].disabled = True
    asked: list[Question] = []

    class Ask(ScriptedPolicy):
        def _beyond(self, question, decision, args):  # type: ignore[no-untyped-def]
            asked.append(question)
            raise ScriptError("stop")

    from strategic.classic.common import withdrawals
    from strategic.classic.was_combat import _surface

    ctx._policy_for = lambda side: Ask([])  # type: ignore[method-assign]
    with pytest.raises(ScriptError):
        withdrawals(ctx, (Side.AXIS, Side.ALLIED), sequential=False, can_withdraw=_surface,
                    pursuit_round=lambda side, plan: None)
    assert asked[0].options == {"enemy_withdrawing": None, "candidates": ["Scharnhorst"]}
    told = notes(ctx, "withdraw", (ctx, Side.ALLIED, None, ["Hood"]))
    assert told[0].startswith("May withdraw: Hood — ships still fighting in the area (not in port, not disabled or "
                              "sunk); both sides declare at once, unseen (WAS 4.6; R-CMB-07).")
    assert any(n.startswith("War at Sea die: 6 or more hits") and "5 disables" in n and "R-CMB-01" in n
               for n in told)
    raiders = [n for n in told if n.startswith("Surface raiders (Orion)")]
    assert raiders and "002 §2.213" in raiders[0]


def test_a_withdraw_answer_saved_before_the_candidates_were_listed_still_fits(data) -> None:  # type: ignore[no-untyped-def]
    old = Question("withdraw", "North Sea", "allied", 1, "withdrawal", {"enemy_withdrawing": None})
    policy = ScriptedPolicy([Entry(old, ["Hood"])])
    campaign = game(data)
    at_sea(campaign, "North Sea", "Hood", "Scharnhorst")
    ctx = _ctx(campaign, "North Sea")
    ctx.round, ctx.stage = 1, "withdrawal"
    assert policy.withdraw(ctx, Side.ALLIED, None, ["Hood"]) == {"Hood"}
    changed = ScriptedPolicy([Entry(Question("withdraw", "North Sea", "allied", 1, "withdrawal",
                                             {"enemy_withdrawing": ["Bismarck"]}), ["Hood"])])
    with pytest.raises(ScriptError, match="the script answers withdraw"):
        changed.withdraw(ctx, Side.ALLIED, None, ["Hood"])
