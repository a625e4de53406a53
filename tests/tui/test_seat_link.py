"""The local game as the campaign screen's seat (tui.seat_link.SeatLink, issue 21 step 2): the session answers
what the screen reads and does, from the seated player's view."""

from __future__ import annotations

from pathlib import Path

from scenarios.loader import CampaignData
from scenarios.models import Player
from strategic.battle_names import waiting_name
from strategic.campaign import Campaign
from strategic.classic import ClassicResolver
from strategic.clock import Clock, turn_plan
from strategic.events import DiceRolled, OrderGiven
from strategic.narrate import battle_result, log_line
from strategic.orders import Move
from strategic.saves import load_state
from strategic.state import Phase
from tactical.dice import Dice
from tests.strategic.classic.helpers import at_sea, game
from tests.strategic.engine_helpers import WithdrawResolver
from tui.app import Session
from tui.battle_link import LeftToAi
from tui.seat_host import SeatHost
from tui.seat_link import GameFacts, SeatLink
from tui.stack_orders import OrderGroups


def _session(data: CampaignData, humans: set[str]) -> Session:
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    return Session(campaign, Clock(campaign, checkpoints=True), humans)


def test_the_session_is_a_seat_link_deciding_for_its_human(data: CampaignData) -> None:
    session = _session(data, {"germany_italy"})
    assert isinstance(session, SeatLink)
    assert session.deciding() is None and session.legal_orders() == []  # the British AI decides first
    session.run_ai_until_human()
    assert session.deciding() is Player.GERMANY_ITALY and session.human(Player.GERMANY_ITALY)
    assert not session.human(Player.ALLIES)
    legal = session.legal_orders()
    assert legal == session.campaign.legal_orders("germany_italy") and legal
    view = session.view()
    assert view.player is Player.GERMANY_ITALY and view.decider is Player.GERMANY_ITALY
    assert session.data is session.campaign.data and session.waiting() is None


def test_orders_through_the_link_all_or_none_and_the_log_follows(data: CampaignData) -> None:
    session = _session(data, {"germany_italy"})
    session.run_ai_until_human()
    start = session.log(0)
    events = session.campaign.state.events
    assert start.upto == len(events) and not start.reset
    assert start.lines == tuple(log_line(e) for e in events if not isinstance(e, OrderGiven | DiceRolled))
    order = session.legal_orders()[0]
    bad = Move(unit=getattr(order, "unit", "Bismarck"), path=("Hawaiian Islands",))
    refused = session.give([order, bad])
    assert not refused.ok and len(session.campaign.state.events) == start.upto  # none stands
    given = session.give([order])
    assert given.ok and given.events
    after = session.log(start.upto)
    assert after.upto == len(session.campaign.state.events) > start.upto and not after.reset
    assert session.campaign.undo()
    assert session.log(after.upto).reset  # an order taken back: the whole log again
    before = session.clock.decision
    session.end_decision()
    assert session.clock.decision != before and session.view().decider is not Player.GERMANY_ITALY


def test_the_link_tells_the_games_facts_takes_back_and_saves(data: CampaignData, tmp_path: Path) -> None:
    """R-VIEW-30, R-VIEW-32, R-VIEW-33: the seed and rule options (no view holds them), undo, save."""
    session = _session(data, {"germany_italy"})
    session.run_ai_until_human()
    assert session.game_facts() == GameFacts(2, ())
    assert not session.over() and not session.undo()  # nothing given yet in this decision
    events = len(session.campaign.state.events)
    assert session.give([session.legal_orders()[0]]).ok and len(session.campaign.state.events) > events
    assert session.undo() and len(session.campaign.state.events) == events
    session.save(tmp_path / "game.json")
    assert load_state(tmp_path / "game.json", data).state.turn == session.view().turn


def _coral_sea(data: CampaignData) -> Session:
    """A classic battle in the Coral Sea whose first question waits for Japan (a human commanding it)."""
    campaign = game(data)
    campaign.state.step = next(i for i, s in enumerate(turn_plan(campaign, 4)) if s[0] is Phase.COMBAT)
    campaign.dice, campaign.resolver = Dice(11), ClassicResolver()
    campaign.state.combat, campaign.state.battle_commanders = "classic", [Player.JAPAN]
    at_sea(campaign, "Coral Sea", "Lexington", "Enterprise", "Northampton", "Myoko", "Nachi", "Kaga")
    campaign.state.pending_battles = ["Coral Sea"]
    return Session(campaign, Clock(campaign, resume=True), {"japan"})


def test_the_battle_questions_through_the_link(data: CampaignData) -> None:
    """R-VIEW-31: the question, the battle's words, what is left to the AI (kept in the state, R-SEAT-30), and the
    battle's result once fought."""
    session = _coral_sea(data)
    question = session.question()
    assert question is not None and question.player is Player.JAPAN and question.battle == "Coral Sea"
    assert session.combat_question() is session.campaign.asked is not None
    assert session.battle_words() == waiting_name(session.campaign) and "Coral Sea" in session.battle_words()
    assert not session.on_table("Coral Sea") and not session.chose_before(question)
    session.campaign.state.battle_choices[Player.JAPAN] = "command"
    assert session.chose_before(question)
    assert session.left_to_ai() == LeftToAi()
    session.keep_left_to_ai(LeftToAi({Player.JAPAN: ["Kaga"]}, {}, [Player.JAPAN]))
    state = session.campaign.state
    assert state.delegated_ships == {"Coral Sea": {Player.JAPAN: ["Kaga"]}} and state.delegated_table_turns == {}
    assert session.left_to_ai() == LeftToAi({Player.JAPAN: ["Kaga"]}, {}, [Player.JAPAN])
    turn = state.turn
    assert session.battle_result("Coral Sea", turn) is None  # still pending
    session.delegate_battle()
    assert session.question() is None
    session.go_on_fighting()
    result = session.battle_result("Coral Sea", turn)
    assert result is not None and result == battle_result(session.campaign.state.events, turn, "Coral Sea")


def test_a_group_is_taken_back_one_undo_of_the_link_an_order(data: CampaignData) -> None:
    """R-VIEW-30: the screen's groups (R-UI-43) call the link's undo once an order of the group."""
    session = _session(data, {"germany_italy"})
    session.run_ai_until_human()
    start = len(session.campaign.state.events)
    by_unit = {getattr(o, "unit", None): o for o in session.legal_orders()}
    units = [u for u in by_unit if u is not None][:2]
    orders = [by_unit[u] for u in units]
    assert len(orders) == 2 and session.give(orders).ok
    groups, calls = OrderGroups(), []
    groups.given(session.clock.decision, orders)

    def undo() -> bool:
        calls.append(1)
        return session.undo()

    assert groups.take_back(undo, session.clock.decision) == units
    assert len(calls) == 2 and len(session.campaign.state.events) == start
    assert groups.take_back(undo, session.clock.decision) is None and len(calls) == 3  # nothing left to take back


def test_the_session_is_the_screens_host(data: CampaignData) -> None:
    """R-VIEW-37: what the screen needs beside the link (tui.seat_host.SeatHost) is the session's: the order groups'
    key is the open decision, a hand-over is due when another human sat last, the notes and save targets are its."""
    session = _session(data, {"germany_italy", "allies"})
    assert isinstance(session, SeatHost) and isinstance(session, SeatLink)
    assert session.decision_key() is session.clock.decision and session.error is None
    assert not session.hand_over("allies")  # nobody sat yet: no hand-over
    session.run_ai_until_human()
    first = session.decision_key()
    assert first is session.clock.decision and session.deciding() is Player.ALLIES
    session.seated("allies")
    assert not session.hand_over("allies") and session.hand_over("germany_italy")
    session.end_decision()
    session.run_ai_until_human()
    assert session.decision_key() is not first and session.decision_key() is session.clock.decision
    alone = _session(data, {"allies"})
    alone.seated("allies")
    assert not alone.hand_over("germany_italy")  # one human: never handed over
    assert (session.save_path, session.own_files, session.loaded_turn, session.combat_note) == (None, set(), None, "")
    assert not session.tactical and session.battles() == []  # WithdrawResolver: no tactical table
