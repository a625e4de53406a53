"""Issue #21, the orders part of play over the network with the protocol's version 2 (R-NET-12..15): the welcome
names the rule options, a waiting seat gets its view of the board (another's open decision left out) and why a
battle blocks, an orders question carries the engine's word on the orders, and a seat takes its orders back with
``undo`` (refused out of turn, stale, during a combat question or with nothing to take back).  Loopback games; every
wait is on a message and bounded (:data:`tests.tui.network_helpers.LIMIT`)."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from scenarios.loader import load_data
from scenarios.models import Player
from strategic.events import DiceRolled, OrderGiven
from strategic.narrate import describe
from strategic.orders import ORDER_ADAPTER, Move
from strategic.protocol import (
    VERSION,
    Answer,
    Events,
    GameOver,
    Hello,
    ProtocolError,
    Question,
    Undo,
    Wait,
    Welcome,
    read_client,
    read_server,
    write,
)
from strategic.rule_options import chosen_options
from strategic.selfplay import event_log_digest
from strategic.state import UnitStatus
from tui.join_command import ai_answer, play_seat, terminal_answer
from tui.order_advice import CampaignAdvice, SentAdvice
from tui.order_selection import unit_of
from tui.question_words import waiting_hint, waiting_words
from tui.serve_command import Host, Seat, make_host

from .network_helpers import (
    next_question,
    next_refusal,
    play_out,
    receive,
    run_digest,
    serve_args,
    serve_while,
    typed_at_the_prompt,
)


@pytest.fixture(scope="module")
def data():  # type: ignore[no-untyped-def]
    return load_data([])


def _game(host: Host) -> tuple[str, Any]:
    """The server's whole campaign state and its dice (generator state and rolls), to compare."""
    campaign = host.session.campaign
    return campaign.state.model_dump_json(), (campaign.dice.state(), len(campaign.dice.log))


async def _join(url: str, seat: Player, token: str) -> tuple[Any, Welcome, Events]:
    """Join as ``seat``: the connection, the welcome and the log told at once (the events since the start)."""
    connection = await connect(url)
    await connection.send(write(Hello(seat=seat, token=token)))
    welcome = await receive(connection)
    assert isinstance(welcome, Welcome)
    told = await receive(connection)
    assert isinstance(told, Events) and told.since == 0 and not told.reset
    return connection, welcome, told


async def _until(connection: Any, kind: type) -> Any:
    """The next message of ``kind`` (the others read and dropped)."""
    while True:
        message = await receive(connection)
        if isinstance(message, kind):
            return message
        assert not isinstance(message, GameOver), f"the game ended before a {kind.__name__} came"


def test_version_2_messages_are_checked_on_both_sides() -> None:
    """The new messages are read back as written; an extra field, a field of the wrong shape, or version 1 is
    refused (R-NET-02, R-NET-03)."""
    assert VERSION == 3  # 3: an answer's orders given together (R-NET-18)
    undo = read_client(write(Undo(ask=7)))
    assert isinstance(undo, Undo) and undo.ask == 7 and undo.version == 3
    with pytest.raises(ProtocolError, match="seat: Extra inputs"):
        read_client(json.dumps({"kind": "undo", "ask": 7, "seat": "japan"}))  # the token decides the seat
    with pytest.raises(ProtocolError, match="schema version 2"):
        read_client(json.dumps({"version": 2, "kind": "undo", "ask": 7}))
    wait = read_server(write(Wait(who=Player.JAPAN, type="combat", turn=3, phase="raid", view={"turn": 3},
                                  blocked="b", hint="h")))
    assert isinstance(wait, Wait) and (wait.view, wait.blocked, wait.hint) == ({"turn": 3}, "b", "h")
    with pytest.raises(ProtocolError, match=r"speed_rolls\.0\.order: Input should be greater than or equal to 0"):
        read_server(json.dumps({"kind": "question", "ask": 1, "seat": "allies", "type": "orders", "turn": 1,
                                "phase": "patrol", "view": {}, "speed_rolls": [
                                    {"order": -1, "unit": "Hood", "faces": [1], "rule": "r", "failure": "f"}]}))
    with pytest.raises(ProtocolError, match=r"refusals\.Hood: Input should be a valid string"):
        read_server(json.dumps({"kind": "question", "ask": 1, "seat": "allies", "type": "orders", "turn": 1,
                                "phase": "patrol", "view": {}, "refusals": {"Hood": 3}}))
    events = read_server(write(Events(since=0, upto=4, lines=["a"], reset=True)))
    assert isinstance(events, Events) and events.reset


def test_the_welcome_names_the_rule_options(tmp_path: Path, data: Any) -> None:
    host = make_host(serve_args(tmp_path, human=["allies"], turns=1, option=["night_001",
                                                                            "close_range_bonus"]), data)
    printed: list[str] = []

    async def clients(url: str) -> Any:
        connection, welcome, _told = await _join(url, Player.ALLIES, host.tokens[Player.ALLIES])
        await connection.close()
        over = await play_seat(url, Player.ALLIES, host.tokens[Player.ALLIES], ai_answer, printed.append)
        return welcome, over

    welcome, over = asyncio.run(serve_while(host, clients))
    assert welcome.rule_options == ["close_range_bonus", "night_001"]
    assert welcome.rule_options == chosen_options(host.session.campaign.state)
    assert printed[0] == "joined standard, seed 3, combat classic, options close_range_bonus, night_001, as allies"
    assert over.kind == "game_over" and over.view["player"] == "allies" and over.view["turn"] == 2


def test_an_orders_question_carries_the_engines_word_on_every_unit_and_move(tmp_path: Path, data: Any) -> None:
    """R-NET-14: at the Allies' first patrols, the advice the seat rebuilds from the question (:class:`SentAdvice`)
    says what :class:`CampaignAdvice` says on the server's campaign, for every Allied unit and every legal move."""
    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)

    async def clients(url: str) -> Any:
        seat, _welcome, _told = await _join(url, Player.ALLIES, host.tokens[Player.ALLIES])
        reinforce = await next_question(seat)
        assert reinforce.phase == "reinforce"
        await seat.send(write(ai_answer(reinforce)))
        patrol = await next_question(seat)
        assert patrol.phase == "patrol"
        campaign = host.session.campaign  # the server waits for this seat: its campaign is at the question
        local = CampaignAdvice(campaign, "allies")
        sent = SentAdvice(patrol)
        legal = [ORDER_ADAPTER.validate_python(o) for o in patrol.legal]
        moves = [o for o in legal if isinstance(o, Move)]
        rolls = [(sent.speed_roll(o), local.speed_roll(o)) for o in moves]
        assert sum(s is not None for s, _ in rolls) == len(patrol.speed_rolls) > 100
        assert all(s == c for s, c in rolls)
        ordered = {unit_of(o) for o in legal}
        own = [n for n, u in campaign.state.units.items() if u.commander is Player.ALLIES and n not in ordered]
        assert own and patrol.refusals
        assert all(sent.refusal(n) == local.refusal(n) for n in own)
        assert set(patrol.refusals) == {n for n in own if local.refusal(n) is not None}
        first = patrol.speed_rolls[0]
        assert first.faces and set(first.faces) <= set(range(1, 7)) and first.rule and first.failure
        await seat.send(write(ai_answer(patrol)))
        await play_out(seat)
        return None

    asyncio.run(serve_while(host, clients))


def test_an_order_given_then_undone_over_the_wire_is_as_never_given(tmp_path: Path, data: Any) -> None:
    """R-NET-15: the Allies give a patrol that needs a speed roll (its die rolled), then take it back: the server's
    campaign and dice are as before it, the seat is told the whole log again and asked the same question; a stale
    undo and one with nothing left to take back are refused, changing nothing; the game played on with the AI's
    advice is the game of ``vas run`` to the last event."""
    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)

    async def clients(url: str) -> Any:
        seat, _welcome, told = await _join(url, Player.ALLIES, host.tokens[Player.ALLIES])
        reinforce = await next_question(seat)
        await seat.send(write(ai_answer(reinforce)))
        patrol = await _until(seat, Question)
        log = [*told.lines]  # the seat's log before the patrol question
        before = _game(host)
        rolled = patrol.legal[patrol.speed_rolls[0].order]
        await seat.send(write(Answer(ask=patrol.ask, type="orders", orders=[rolled], done=False)))
        news = await receive(seat)
        assert isinstance(news, Events) and not news.reset and news.lines
        after = await next_question(seat)
        events = host.session.campaign.state.events
        given = [e for e in events[patrol.ask:] if isinstance(e, OrderGiven)]
        assert [json.loads(ORDER_ADAPTER.dump_json(e.order)) for e in given] == [rolled]
        assert any(isinstance(e, DiceRolled) for e in events[patrol.ask:])  # the speed roll was made
        assert after.ask > patrol.ask and rolled not in after.legal

        await seat.send(write(Undo(ask=after.ask)))
        reset = await receive(seat)
        assert isinstance(reset, Events) and reset.reset and (reset.since, reset.upto) == (0, patrol.ask)
        again = await receive(seat)
        assert isinstance(again, Question)
        assert (again.ask, again.legal, again.advice, again.speed_rolls) == (patrol.ask, patrol.legal,
                                                                             patrol.advice, patrol.speed_rolls)
        assert _game(host) == before  # the order, its roll and its events are gone
        assert reset.lines[:len(log)] == log and len(reset.lines) > len(log)  # the reinforcements' lines too

        await seat.send(write(Undo(ask=after.ask)))  # stale: the question it undoes is gone
        stale = await next_refusal(seat)
        assert stale.rule == "R-NET-15" and f"undo of question {after.ask}" in stale.message
        assert (await next_question(seat)).ask == patrol.ask
        await seat.send(write(Undo(ask=patrol.ask)))  # nothing left: the reinforcements' decision has ended
        empty = await next_refusal(seat)
        assert empty.rule == "R-NET-15" and "no order of this decision" in empty.message
        assert _game(host) == before
        await seat.send(write(ai_answer(await next_question(seat))))
        await play_out(seat)
        return None

    asyncio.run(serve_while(host, clients))
    assert host.session.over
    assert event_log_digest(host.session.campaign.state.events) == run_digest(data, 3, 1)


def test_a_waiting_seat_sees_the_board_without_the_open_decision_and_cannot_undo_it(tmp_path: Path,
                                                                                     data: Any) -> None:
    """R-NET-13: while the Allies place a reinforcement (not yet done), Germany-Italy's wait shows the unit still
    awaiting and tells no line of it; its undo is refused (not its decision) and changes nothing (R-NET-15); once
    the Allies are done, its view has the unit placed."""
    host = make_host(serve_args(tmp_path, human=["allies", "germany_italy"], turns=1), data)

    async def clients(url: str) -> Any:
        allies, _w, _t = await _join(url, Player.ALLIES, host.tokens[Player.ALLIES])
        axis, _w2, axis_told = await _join(url, Player.GERMANY_ITALY, host.tokens[Player.GERMANY_ITALY])
        first = await _until(axis, Wait)
        asked = await next_question(allies)
        placed = next(o for o in asked.legal if o["kind"] == "reinforcement")
        unit = placed["unit"]
        assert first.view["units"][unit]["status"] == UnitStatus.AWAITING.value
        await allies.send(write(Answer(ask=asked.ask, type="orders", orders=[placed], done=False)))
        meanwhile = await receive(axis)  # no events: the Allies' order is not told
        assert isinstance(meanwhile, Wait) and meanwhile.who is Player.ALLIES
        assert meanwhile.view["units"] == first.view["units"] and meanwhile.view["withheld"] is True
        assert host.session.campaign.state.units[unit].status is not UnitStatus.AWAITING  # placed on the server
        ask = (await next_question(allies)).ask
        before = _game(host)
        await axis.send(write(Undo(ask=ask)))
        refused = await next_refusal(axis)
        assert refused.rule == "R-NET-15" and "is for the Allies" in refused.message
        assert _game(host) == before
        await allies.send(write(Answer(ask=ask, type="orders", orders=[], done=True)))
        told = await _until(axis, Events)
        assert f"{unit} arrives: {placed['place']}" in told.lines and told.since == axis_told.upto
        while True:  # the Allies' next decisions: the AI's
            message = await receive(allies)
            if isinstance(message, Question):
                break
        later = await _until(axis, Wait)
        assert later.view["units"][unit]["status"] != UnitStatus.AWAITING.value
        await allies.close()
        await axis.close()
        return None

    asyncio.run(serve_while(host, clients))


def test_a_seat_waiting_on_a_battle_is_told_why_and_an_undo_during_a_combat_question_is_refused(
        tmp_path: Path, data: Any) -> None:
    """R-NET-13: Germany-Italy commands its battles and must decide the order of the turn's battles; the Allies'
    wait says so in the player's words, as the local screen says it; Germany-Italy's undo is refused (R-NET-15)."""
    host = make_host(serve_args(tmp_path, human=["allies", "germany_italy"], command=["allies", "germany_italy"],
                                turns=1), data)

    async def until_asked(seat: Any, kind: str) -> Any:
        """Answer the seat's questions with the AI's advice until it is asked a ``kind`` question or, for a wait
        of that kind, told to wait."""
        while True:
            message = await receive(seat)
            assert not isinstance(message, GameOver), "the game ended before the battle"
            if isinstance(message, Wait) and message.type == kind:
                return message
            if isinstance(message, Question):
                if message.type == kind:
                    return message
                await seat.send(write(ai_answer(message)))

    async def clients(url: str) -> Any:
        allies, _w, _t = await _join(url, Player.ALLIES, host.tokens[Player.ALLIES])
        axis, _w2, _t2 = await _join(url, Player.GERMANY_ITALY, host.tokens[Player.GERMANY_ITALY])
        combat, message = await asyncio.gather(until_asked(axis, "combat"), until_asked(allies, "combat"))
        assert isinstance(combat, Question) and isinstance(message, Wait)
        campaign = host.session.campaign
        assert message.who is Player.GERMANY_ITALY and message.blocked and message.hint
        assert (message.blocked, message.hint) == (waiting_words(campaign), waiting_hint(campaign))
        assert message.blocked == "Germany-Italy must decide the order in which the battles are fought (WAS)"
        before = _game(host)
        await axis.send(write(Undo(ask=combat.ask)))
        refused = await next_refusal(axis)
        assert refused.rule == "R-NET-15" and "a combat question is asked" in refused.message
        assert _game(host) == before
        await allies.close()
        await axis.close()
        return None

    asyncio.run(serve_while(host, clients))


def test_u_at_the_line_prompt_takes_the_last_order_back(tmp_path: Path, data: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The Allied player types ``2`` (a British ship's start port), ``u`` (take it back), then ``d``: the server
    holds no order of his set-up, he was asked the first question again and told the order was taken back."""
    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)
    asked, printed = typed_at_the_prompt(host, Player.ALLIES, ["2", "u", "d"], monkeypatch)
    chosen = asked[0].legal[1]
    assert f"{chosen['unit']} arrives: {chosen['place']}" in printed
    assert "the last order is taken back" in printed
    assert (asked[2].ask, asked[2].legal) == (asked[0].ask, asked[0].legal)  # the same question, asked again
    given = [e for e in host.session.campaign.state.events if isinstance(e, OrderGiven) and e.player == "allies"]
    assert not any(e.order.kind == "reinforcement" for e in given)  # "d" ended the set-up with nothing placed
    assert (asked[1].phase, asked[3].phase) == ("reinforce", "patrol") and chosen not in asked[1].legal



def test_a_seat_told_events_past_an_undo_is_told_the_whole_log_though_the_log_grew_back(tmp_path: Path,
                                                                                       data: Any) -> None:
    """R-NET-15: an order, an undo and another order of the same length before the seat is told anything new (a
    second connection of the seat racing the first): the log is as long as when the seat was last told, but not the
    same, so the seat is told it whole again (``reset``), never the lines it was told of the order taken back."""
    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)
    session = host.session
    sent: list[str] = []

    class Wire:
        async def send(self, text: str) -> None:
            sent.append(text)

    seat = Seat(Wire(), Player.ALLIES)  # type: ignore[arg-type]
    asyncio.run(host._send_news(seat))
    asked = session.message_for(Player.ALLIES)
    assert isinstance(asked, Question)
    first, second = [o for o in asked.legal if o["kind"] == "reinforcement"][:2]
    session.answer(Player.ALLIES, Answer(ask=asked.ask, type="orders", orders=[first], done=False))
    asyncio.run(host._send_news(seat))
    told = seat.seen
    assert session.undo(Player.ALLIES, Undo(ask=session.pending.ask)) == []  # type: ignore[union-attr]
    session.answer(Player.ALLIES, Answer(ask=asked.ask, type="orders", orders=[second], done=False))
    assert len(session.campaign.state.events) == told  # grown back to the length the seat was told
    sent.clear()
    asyncio.run(host._send_news(seat))
    events = read_server(sent[0])
    assert isinstance(events, Events) and events.reset and (events.since, events.upto) == (0, told)
    assert f"{second['unit']} arrives: {second['place']}" in events.lines
    assert f"{first['unit']} arrives: {first['place']}" not in events.lines


def test_a_json_order_that_cannot_be_read_is_asked_again_at_the_prompt(monkeypatch: pytest.MonkeyPatch,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """R-NET-16 (a fresh user's crash: exit 70 with pydantic's ValidationError): a typed JSON order that is not
    JSON, or JSON that is no object, is refused at the prompt, and the next line typed is the answer."""
    order = {"type": "patrol", "unit": "Hood", "path": ["North Atlantic"]}
    question = Question(ask=7, seat=Player.ALLIES, type="orders", turn=1, phase="patrol", legal=[order], view={})
    typed = iter(['{"x":', '{"order": [1]', '{} ', "1"])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(typed))
    answer = terminal_answer(question)
    assert answer == Answer(ask=7, type="orders", orders=[{}], done=False)  # '{} ' is an object: the server judges it
    assert capsys.readouterr().out.count("cannot be read as a JSON object; type it again") == 2
    assert next(typed) == "1"


def _dump(order: Any) -> dict[str, Any]:
    return json.loads(ORDER_ADAPTER.dump_json(order))  # type: ignore[no-any-return]


def test_orders_given_together_stand_or_fall_together(tmp_path: Path, data: Any) -> None:
    """R-NET-18: an answer's orders given ``together`` are given all or none, as the campaign screen gives a
    stack's: with one the rules refuse, each refusal comes back and nothing is given; with one that only the others
    make illegal (the same unit ordered twice), the ones given are taken back, state and dice; legal, all are
    given.  Without ``together`` each stands alone (R-NET-05), as before."""
    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)
    session, campaign = host.session, host.session.campaign
    pending = session.pending
    assert pending is not None and (pending.player, pending.type) == (Player.ALLIES, "orders")
    legal = campaign.legal_orders("allies")
    units: dict[str, list[Any]] = {}
    for order in legal:
        units.setdefault(unit_of(order), []).append(order)
    first, second = (orders[0] for orders in list(units.values())[:2])
    twice = next(orders[:2] for orders in units.values() if len(orders) > 1)
    japanese = next(name for name, u in campaign.state.units.items() if u.controller is Player.JAPAN)
    foreign = first.model_copy(update={"unit": japanese})
    before = _game(host)

    refused = session.answer(Player.ALLIES, Answer(ask=pending.ask, type="orders", together=True, done=False,
                                                   orders=[_dump(first), _dump(foreign), _dump(second)]))
    assert [r.order for r in refused] == [_dump(foreign)]
    assert "all or none: none of the 3 orders given together was given, R-NET-18" in refused[0].message
    assert _game(host) == before and session.pending == pending  # nothing given, the decision still open

    refused = session.answer(Player.ALLIES, Answer(ask=pending.ask, type="orders", together=True, done=True,
                                                   orders=[_dump(o) for o in twice]))
    assert [r.order for r in refused] == [_dump(twice[1])] and refused[0].rule
    assert _game(host) == before and session.pending == pending  # the first taken back; done is not done

    assert session.answer(Player.ALLIES, Answer(ask=pending.ask, type="orders", together=True, done=False,
                                                orders=[_dump(first), _dump(second)])) == []
    given = [e.order for e in campaign.state.events[pending.ask:] if isinstance(e, OrderGiven)]
    assert given == [first, second]
    assert session.pending is not None and session.pending.ask > pending.ask
    assert campaign.undo() and campaign.undo() and _game(host) == before  # each given with its undo record


def test_several_numbers_at_the_prompt_are_given_together() -> None:
    """R-NET-18: ``3 5`` at the ``vas join`` prompt gives both orders all or none; one number, one order alone."""
    from tui.join_command import _orders_answer

    question = Question(ask=4, seat=Player.ALLIES, type="orders", turn=1, phase="patrol", view={},
                        legal=[{"kind": "defer", "unit": f"U{i}"} for i in range(6)])
    both = _orders_answer(question, "3, 5")
    assert isinstance(both, Answer) and both.together and [o["unit"] for o in both.orders] == ["U2", "U4"]
    one = _orders_answer(question, "2")
    assert isinstance(one, Answer) and not one.together and not one.done


def test_the_prompt_reads_the_seats_view_and_shows_the_board(data: Any) -> None:
    """R-VIEW-36: before each question the line prompt prints the board from the view the question carries, read
    back as a view; a view that is not one is the server's fault, refused naming the field."""
    from strategic.campaign import Campaign
    from strategic.classic.resolver import ClassicResolver
    from strategic.clock import Clock
    from strategic.views import observe
    from tui.join_command import board_line, read_view

    campaign = Campaign.new(data, "standard", seed=3, resolver=ClassicResolver())
    clock = Clock(campaign, checkpoints=True)
    player = clock.decision.player  # type: ignore[union-attr]
    sent = json.loads(observe(clock, player).to_json())
    view = read_view(sent, "question")
    counts = {s: sum(1 for u in view.own_units() if u.status is s) for s in UnitStatus}
    assert counts[UnitStatus.AWAITING] and counts[UnitStatus.PORT] and counts[UnitStatus.SEA]
    assert board_line(view) == (f"board: turn 1, reinforce · POC WAS level · VITP level · your units: "
                                f"{counts[UnitStatus.PORT]} in port, {counts[UnitStatus.SEA]} at sea, "
                                f"{counts[UnitStatus.AWAITING]} to arrive")
    fighting = dataclasses.replace(view, pending_battles=("surprise:Hawaiian Islands", "North Sea", "order:WAS"))
    assert " · battles pending: Hawaiian Islands (surprise attack), North Sea · your units: " in board_line(fighting)
    with pytest.raises(ProtocolError, match=r"^server message refused: question\.view: poc\.WAS: "):
        read_view({**sent, "poc": {"WAS": "lots"}}, "question")


def test_orders_typed_at_the_line_prompt_as_in_vas_play(tmp_path: Path, data: Any, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """R-NET-19: the line prompt lists the orders in the campaign screen's words and reads orders typed in its
    grammar, names shortened, several units given together; a line that does not parse is said why and asked
    again."""
    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)
    asked, printed = typed_at_the_prompt(host, Player.ALLIES, ["plase Royal Oak > Malta",
                                                               "place roy oak, roy sov > malta", "d"], monkeypatch)
    out = capsys.readouterr().out
    assert "not an order: unknown order 'plase' (did you mean place?)" in out
    assert "arrive: Royal Oak at Malta" in out and "or type an order as in vas play: place UNIT[, UNIT...] >" in out
    assert "Royal Oak arrives: Malta" in printed and "Royal Sovereign arrives: Malta" in printed
    given = [e.order for e in host.session.campaign.state.events
             if isinstance(e, OrderGiven) and e.player == "allies" and e.order.kind == "reinforcement"]
    assert [(o.unit, o.place) for o in given] == [("Royal Oak", "Malta"), ("Royal Sovereign", "Malta")]
    assert asked[0].phase == asked[1].phase == "reinforce" and asked[1].ask > asked[0].ask


def test_the_prompt_lists_a_phases_orders_once_and_again_with_l(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """R-NET-19: 710 patrol orders were listed again after every order given; now at the phase's first question,
    and with ``l``."""
    question = Question(ask=7, seat=Player.ALLIES, type="orders", turn=1, phase="patrol", view={},
                        legal=[{"kind": "move", "unit": "Hood", "path": ["North Atlantic"], "mode": "patrol"}])
    listed: dict[tuple[int, str], list[dict[str, Any]]] = {}
    typed = iter(["1", "l", "d", "y"])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(typed))
    assert terminal_answer(question, listed=listed).orders == [question.legal[0]]  # type: ignore[union-attr]
    out = capsys.readouterr().out
    assert out.count("patrol: Hood → North Atlantic") == 1 and listed == {(1, "patrol"): question.legal}
    assert terminal_answer(question, listed=listed).done  # type: ignore[union-attr]
    out = capsys.readouterr().out
    assert out.count("patrol: Hood → North Atlantic") == 1  # listed by "l" only


def test_the_prompt_asks_before_ending_a_phase_and_keeps_its_numbers(monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """R-NET-23 (a new player's play-test): a stray Enter ended the reinforce phase and 39 ships were placed where
    the rules put unplaced ones; ``a`` gave the AI's orders and ended the phase unseen; after an order the numbers
    meant other orders than the ones listed; an order for a unit with no legal order was refused in the engine's
    words for another case."""
    hood = {"kind": "move", "unit": "Hood", "path": ["North Atlantic"], "mode": "patrol"}
    nelson = {"kind": "move", "unit": "Nelson", "path": ["North Sea"], "mode": "patrol"}
    listed = {(1, "patrol"): [hood, nelson]}  # as listed before Hood's order was given
    question = Question(ask=9, seat=Player.ALLIES, type="orders", turn=1, phase="patrol", view={}, legal=[nelson],
                        advice=[nelson], refusals={"Rodney": "Rodney is not in port ready to sail (VITP 6.1)"})
    typed = iter(["", "d", "n", "1", "move rodney > n sea", "2", "a"])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(typed))
    answer = terminal_answer(question, listed=listed)
    out = capsys.readouterr().out
    assert "nothing typed: d ends the phase" in out and "the phase goes on" in out
    assert "no longer legal: 1 (patrol: Hood → North Atlantic); l lists the orders legal now" in out
    assert "Rodney has no legal order now: Rodney is not in port ready to sail (VITP 6.1)" in out
    assert answer == Answer(ask=9, type="orders", orders=[nelson], done=False)  # "2": Nelson, as listed
    answer = terminal_answer(question, listed=listed)
    assert answer == Answer(ask=9, type="orders", orders=[nelson], done=False)  # "a": given, the phase not ended
    assert "the AI's orders for the rest of the phase are given: u takes back the last, d ends the phase" in (
        capsys.readouterr().out)


def test_a_combat_question_at_the_line_prompt_is_in_words(tmp_path: Path, data: Any, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """R-NET-20: a seat that commands its battles was shown the question as JSON; the question now carries its
    words, as ``vas run --command`` prints them: the rule, the choices, each attack's odds, the notes and the AI's
    answer with its reason."""
    host = make_host(serve_args(tmp_path, human=["allies"], command=["allies"], seed=1, turns=1), data)
    asked, _printed = typed_at_the_prompt(host, Player.ALLIES, [], monkeypatch)
    combat = [q for q in asked if q.type == "combat"]
    assert combat and all(q.words for q in combat)
    strikes = next(q for q in combat if q.question["decision"] == "was_air_strikes")
    assert strikes.words[0] == "  rule: 002 §4.11, §2.222 (cases C-12, W-04)"
    assert any(w.startswith("  Ark Royal: Gneisenau hit ") for w in strikes.words)
    assert strikes.words[-1].startswith(f"  the AI would answer {json.dumps(strikes.advice)} (")
    out = capsys.readouterr().out
    assert "combat question in North Sea: was_air_strikes\n  rule: 002 §4.11" in out
    assert out.count("the AI would answer") == sum(1 for q in asked if q.type == "combat")  # once a question
    later = next(q for q in combat if q.question["decision"] == "withdraw")  # after a round: its account
    assert any(" gunnery at " in line for line in later.account) and len(later.account) > len(strikes.account)
    assert "".join(f"  | {line}\n" for line in later.account[-6:]) in out

    told: dict[str, int] = {}
    monkeypatch.setattr("builtins.input", lambda _prompt="": "a")
    for question in (strikes, later):  # kept by the caller: each line once
        terminal_answer(question, told=told)
    out = capsys.readouterr().out
    assert [line[4:] for line in out.splitlines() if line.startswith("  | ")] == later.account


def test_a_combat_answer_typed_at_the_line_prompt_as_on_the_combat_screen(tmp_path: Path, data: Any,
                                                                          monkeypatch: pytest.MonkeyPatch,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """R-NET-21: ``Renown > Admiral Hipper, Kent > none`` at the prompt changes those two ships' targets and keeps
    the AI's for the others, as the combat screen's answer line does (R-SEAT-21); a name that is no target is said,
    with the nearest, and asked again; a name's shortening stands for it (R-NET-32)."""
    host = make_host(serve_args(tmp_path, human=["allies"], command=["allies"], seed=1, turns=1), data)
    session = host.session
    while True:
        message = session.message_for(Player.ALLIES)
        assert isinstance(message, Question)
        if message.type == "combat" and message.question["decision"] == "gunnery_targets":
            break
        session.answer(Player.ALLIES, ai_answer(message))
    typed = iter(["renown > admiral hippo", "ren > hipper, kent > none"])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(typed))
    answer = terminal_answer(message)
    assert ("not an answer: 'admiral hippo' is not a target of this question (did you mean Admiral Hipper?); type it "
            "again") in capsys.readouterr().out
    expected = {ship: target for ship, target in message.advice.items() if ship != "Kent"}
    assert isinstance(answer, Answer) and answer.answer == {**expected, "Renown": "Admiral Hipper"}
    assert session.answer(Player.ALLIES, answer) == []  # the engine takes it


def test_numbers_no_order_has_and_two_orders_for_one_unit_are_said_at_the_prompt(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """R-NET-19 (a fresh user's break test): ``9999`` was sent as no order at all, without a word; ``25 26``, two
    orders for Fuso, came back refused with "Fuso is not in port ready to sail", which hid why."""
    legal = [{"kind": "move", "unit": "Fuso", "path": ["Japanese Islands"], "mode": "patrol"},
             {"kind": "move", "unit": "Fuso", "path": ["Marianas Islands"], "mode": "patrol"},
             {"kind": "move", "unit": "Ise", "path": ["Japanese Islands"], "mode": "patrol"}]
    question = Question(ask=3, seat=Player.JAPAN, type="orders", turn=3, phase="patrol", view={}, legal=legal)
    typed = iter(["9999", "1 x", "1 2", "2 3"])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(typed))
    answer = terminal_answer(question)
    out = capsys.readouterr().out
    assert "no order numbered 9999: the orders are numbered 1 to 3; type them again" in out
    assert "no order numbered x: the orders are numbered 1 to 3" in out
    assert "two orders for Fuso on one line: give each unit one order; type them again" in out
    assert answer == Answer(ask=3, type="orders", orders=legal[1:], done=False, together=True)


def test_a_seat_that_joins_again_takes_over_from_its_old_connection(tmp_path: Path, data: Any) -> None:
    """R-NET-22 (a fresh user's break test): a second ``vas join`` with the seat's token was let in beside the
    first, both answering for one player; the new connection plays the seat and the old one is told and closed."""
    from websockets.exceptions import ConnectionClosed

    from .network_helpers import joined, next_question

    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)

    async def clients(url: str) -> Any:
        first = await joined(url, Player.ALLIES, host.tokens[Player.ALLIES])
        asked = await next_question(first)
        second = await joined(url, Player.ALLIES, host.tokens[Player.ALLIES])
        told = []
        with pytest.raises(ConnectionClosed):
            while True:
                told.append(await receive(first))
        refusal = told[-1]
        assert refusal.kind == "refusal" and refusal.rule == "R-NET-22"
        assert "joined again from another connection, which plays it from now on" in refusal.message
        again = await next_question(second)
        assert again.ask == asked.ask and len(host.seats) == 1
        await second.send(write(ai_answer(again)))
        await play_out(second)

    asyncio.run(serve_while(host, clients))
    assert host.session.over


def test_the_end_of_the_input_at_the_prompt_is_not_an_interrupt(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """R-NET-22: the end of the input (a pipe run dry, Ctrl-D) exited 130, as Ctrl-C does; it is exit 1, said so."""
    from tui import join_command
    from tui.cli import main

    async def input_ends(*_args: Any) -> Any:
        raise EOFError

    monkeypatch.setattr(join_command, "play_seat", input_ends)
    assert main(["join", "ws://127.0.0.1:1", "--seat", "allies", "--token", "t"]) == 1
    assert "vas join: the input ended: left the game; join again with the same token" in capsys.readouterr().err


def test_an_order_the_rules_refused_is_told_to_no_other_seat(tmp_path: Path, data: Any) -> None:
    """R-NET-23 (a new player's play-test): the Allies were told Japan's refused tries ("Japan: VITP 6.2: Yokosuka
    Navy Yard does not touch Hawaiian Islands"), which showed what Japan had meant to do."""
    from strategic.events import OrderRefused

    host = make_host(serve_args(tmp_path, human=["allies", "japan"], turns=1), data)
    session = host.session
    pending = session.pending
    assert pending is not None and pending.player is Player.ALLIES
    legal = session.campaign.legal_orders("allies")
    japanese = next(n for n, u in session.campaign.state.units.items() if u.controller is Player.JAPAN)
    bad = legal[0].model_copy(update={"unit": japanese})
    session.answer(Player.ALLIES, Answer(ask=pending.ask, type="orders", orders=[_dump(bad)], done=True))
    refused = [e for e in session.campaign.state.events if isinstance(e, OrderRefused)]
    assert refused and refused[-1].player == "allies"
    line = describe(refused[-1])
    assert line in session.events_for(Player.ALLIES, 0).lines
    assert line not in session.events_for(Player.JAPAN, 0).lines


def test_a_seat_typing_when_the_server_stops_is_told_at_once(tmp_path: Path, data: Any) -> None:
    """R-NET-23 (a new player's play-test): after the server stopped, the prompt noticed only when the next order
    was sent, and the order was lost; the seat is told as the connection closes."""
    import threading

    from .network_helpers import LIMIT

    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)

    async def clients(url: str) -> Any:
        loop = asyncio.get_running_loop()
        asked, release = asyncio.Event(), threading.Event()

        def typing(question: Question) -> Any:  # the player thinks until the test is over
            loop.call_soon_threadsafe(asked.set)
            release.wait(LIMIT)
            return ai_answer(question)

        seat = asyncio.ensure_future(play_seat(url, Player.ALLIES, host.tokens[Player.ALLIES], typing,
                                               lambda _line: None))
        await asyncio.wait_for(asked.wait(), LIMIT)
        host.done.set()  # the server stops while the seat is at the prompt
        try:
            with pytest.raises(OSError, match="the server closed the connection while you were typing"):
                await asyncio.wait_for(seat, LIMIT)
        finally:
            release.set()

    asyncio.run(serve_while(host, clients))


async def test_the_prompt_says_who_it_waits_for_once_not_once_per_order() -> None:
    """R-NET-31 (a new player's play-test): the server sends a ``wait`` after each order of the player waited for;
    the prompt printed "waiting for the Allies" once per order."""
    from strategic.protocol import Events, GameOver, Wait
    from tui.join_command import _answer_all

    def wait(who: Player, phase: str = "patrol") -> str:
        return write(Wait(who=who, type="orders", turn=1, phase=phase))

    said: list[str] = []
    over = await _answer_all(Sent([wait(Player.ALLIES), write(Events(since=0, upto=1, lines=["Hood moves"])),
                                   wait(Player.ALLIES), wait(Player.ALLIES), wait(Player.UNITED_STATES),
                                   wait(Player.ALLIES), wait(Player.ALLIES, "raid"),
                                   write(GameOver(winner="", summary="stopped"))]),  # type: ignore[arg-type]
                             lambda _q: None, said.append)  # type: ignore[arg-type, return-value]
    assert over.summary == "stopped"
    assert said == ["turn 1 patrol: waiting for the Allies (orders)", "Hood moves",
                    "turn 1 patrol: waiting for the United States (orders)",
                    "turn 1 patrol: waiting for the Allies (orders)",
                    "turn 1 raid: waiting for the Allies (orders)", "game over: stopped"]


def test_a_seat_is_told_what_orders_did_not_their_json(tmp_path: Path, data: Any) -> None:
    """R-NET-34 (play-test): the prompt showed each order given as its JSON (``allies: {"unit":"Repulse",
    "place":"Ceylon"}``) before what it did (``Repulse arrives: Ceylon``); a seat's log is now the app's, without
    the orders and dice rolls kept in the saved log."""
    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)
    session = host.session
    pending = session.pending
    assert pending is not None and pending.player is Player.ALLIES
    placed = next(o for o in session.campaign.legal_orders("allies") if o.kind == "reinforcement")
    session.answer(Player.ALLIES, Answer(ask=pending.ask, type="orders", orders=[_dump(placed)], done=False))
    lines = session.events_for(Player.ALLIES, pending.ask).lines
    assert lines == [f"{placed.unit} arrives: {placed.place}"]  # type: ignore[attr-defined]
    assert any(isinstance(e, OrderGiven) for e in session.campaign.state.events[pending.ask:])  # still in the log


async def test_a_seat_that_joins_is_shown_the_end_of_the_log_not_all_of_it() -> None:
    """R-NET-35 (a new player's play-test): a seat joining again late in the game printed the whole log, thousands
    of lines, before its question; it is shown the last :data:`JOINED_LINES` and told how many are left out. Later
    events are all shown."""
    from strategic.protocol import Events, GameOver
    from tui.join_command import JOINED_LINES, _answer_all

    so_far = [f"line {n}" for n in range(100)]
    later = [f"later {n}" for n in range(60)]
    said: list[str] = []
    await _answer_all(Sent([write(Events(since=0, upto=100, lines=so_far)),  # type: ignore[arg-type]
                            write(Events(since=100, upto=160, lines=later)),
                            write(GameOver(winner="", summary="stopped"))]),
                      lambda _q: None, said.append)  # type: ignore[arg-type, return-value]
    assert said == [f"(the game so far: {100 - JOINED_LINES} earlier lines of the log left out)",
                    *so_far[-JOINED_LINES:], *later, "game over: stopped"]


def test_the_prompt_on_a_pipe_reads_its_line_without_the_buffered_stdin() -> None:
    """R-NET-36 (a break test): ``vas join ... | tee log`` aborted (exit 134, "_enter_buffered_busy") when the
    server stopped while the prompt waited: ``input()`` on a pipe held the buffered stdin's lock in the prompt's
    thread.  Off a terminal the prompt reads file descriptor 0 itself, a line at a time."""
    import subprocess
    import sys

    code = "from tui.join_command import _prompt\nprint(repr(_prompt('> ')))\nprint(repr(_prompt('> ')))"
    done = subprocess.run([sys.executable, "-c", code], input="ren > blü\r\nsecond", capture_output=True,
                          text=True, timeout=60, check=True)
    assert done.stdout == "> 'ren > blü'\n> 'second'\n"
    ended = subprocess.run([sys.executable, "-c", code], input="", capture_output=True, text=True, timeout=60)
    assert ended.returncode == 1 and ended.stdout == "> " and ended.stderr.rstrip().endswith("EOFError")


class Sent:
    """A connection that only sends: the server's ``texts``, in order (for the prompt's loop, ``_answer_all``)."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts

    async def __aiter__(self) -> Any:
        for text in self.texts:
            yield text
