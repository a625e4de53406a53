"""Issue #21: a campaign served over loopback to seats that join it (tui.serve_command, tui.join_command and the
transport-free session of strategic.session).  Every test waits on messages, never on time, and every wait has a
generous limit (:data:`tests.tui.network_helpers.LIMIT`), so a bug fails the test instead of hanging it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from scenarios.loader import load_data
from scenarios.models import Player
from strategic.events import OrderGiven
from strategic.orders import ORDER_ADAPTER
from strategic.protocol import (
    Answer,
    Question,
    write,
)
from strategic.selfplay import event_log_digest
from tui.join_command import JoinError, ai_answer, play_seat
from tui.serve_command import make_host

from .network_helpers import (
    LIMIT,
    all_ai,
    joined,
    next_question,
    next_refusal,
    play_out,
    run_digest,
    serve_args,
    serve_while,
    typed_at_the_prompt,
)


@pytest.fixture(scope="module")
def data():  # type: ignore[no-untyped-def]
    return load_data([])


def test_four_ai_seats_over_the_network_play_the_game_of_vas_run(tmp_path: Path, data: Any) -> None:
    host = make_host(serve_args(tmp_path), data)
    overs = asyncio.run(serve_while(host, all_ai(host)))
    assert [o.kind for o in overs] == ["game_over"] * 4
    campaign = host.session.campaign
    assert campaign.state.turn == 3
    assert event_log_digest(campaign.state.events) == run_digest(data, 3, 2)
    assert json.loads((tmp_path / "game.json").read_text())["turn"] == 3


def test_a_wrong_token_is_refused_and_changes_nothing(tmp_path: Path, data: Any) -> None:
    host = make_host(serve_args(tmp_path, human=["allies"]), data)
    before = len(host.session.campaign.state.events)

    async def clients(url: str) -> Any:
        with pytest.raises(JoinError, match="wrong token for the allies seat"):
            await play_seat(url, Player.ALLIES, "guess", ai_answer, lambda _l: None)
        with pytest.raises(JoinError, match="wrong token for the japan seat"):
            await play_seat(url, Player.JAPAN, host.tokens[Player.ALLIES], ai_answer, lambda _l: None)
        return None

    asyncio.run(serve_while(host, clients))
    assert len(host.session.campaign.state.events) == before


def test_malformed_messages_and_an_illegal_order_are_refused_and_the_game_goes_on(tmp_path: Path,
                                                                                  data: Any) -> None:
    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)

    async def clients(url: str) -> Any:
        seat = await joined(url, Player.ALLIES, host.tokens[Player.ALLIES])
        question = await next_question(seat)
        assert question.type == "orders" and question.seat is Player.ALLIES and question.legal
        assert question.view["player"] == "allies"
        await seat.send("not json")
        assert "not JSON" in (await next_refusal(seat)).message
        await seat.send(json.dumps({"kind": "answer", "ask": question.ask, "type": "orders", "orders": "x"}))
        assert "orders" in (await next_refusal(seat)).message
        await seat.send(json.dumps({"version": 9, "kind": "answer"}))
        assert "schema version 9" in (await next_refusal(seat)).message
        # another player's unit: the engine refuses it with its rule, and the game goes on
        other = next(n for n, u in host.session.campaign.state.units.items() if u.commander is Player.JAPAN)
        order = dict(question.legal[0])
        order["unit" if "unit" in order else "units"] = other if "unit" in order else [other]
        before = host.session.campaign.state.units[other].model_dump()
        await seat.send(write(Answer(ask=question.ask, type="orders", orders=[order], done=False)))
        refusal = await next_refusal(seat)
        assert refusal.rule and refusal.order is not None and refusal.order["unit"] == other
        again = await next_question(seat)
        assert host.session.campaign.state.units[other].model_dump() == before  # the Japanese unit is where it was
        assert not any(isinstance(e, OrderGiven) and e.player == "japan" for e in host.session.campaign.state.events)
        await seat.send(write(ai_answer(again)))
        await play_out(seat)
        return None

    asyncio.run(serve_while(host, clients))
    assert host.session.over


def test_a_seat_that_drops_rejoins_at_the_same_question(tmp_path: Path, data: Any) -> None:
    host = make_host(serve_args(tmp_path, human=["germany_italy"], turns=1), data)
    token = host.tokens[Player.GERMANY_ITALY]

    async def clients(url: str) -> Any:
        seat = await joined(url, Player.GERMANY_ITALY, token)
        first = await next_question(seat)
        await seat.close()
        seat = await joined(url, Player.GERMANY_ITALY, token)
        again = await next_question(seat)
        assert (again.ask, again.type, again.legal, again.advice) == (first.ask, first.type, first.legal,
                                                                      first.advice)
        await seat.close()
        return await play_seat(url, Player.GERMANY_ITALY, token, ai_answer, lambda _l: None)

    over = asyncio.run(serve_while(host, clients))
    assert over.kind == "game_over"


def test_a_server_restarted_from_its_save_asks_the_same_question_and_plays_the_same_game(tmp_path: Path,
                                                                                       data: Any) -> None:
    host = make_host(serve_args(tmp_path, human=["germany_italy", "allies"]), data)
    assert host.session.pending is not None and host.session.pending.player is Player.ALLIES  # the Allies first

    async def first(url: str) -> Any:
        """The Allies give their first two decisions' orders (reinforce, patrol); then Germany-Italy is asked its
        patrols, and the server stops there."""
        allies = await joined(url, Player.ALLIES, host.tokens[Player.ALLIES])
        axis = await joined(url, Player.GERMANY_ITALY, host.tokens[Player.GERMANY_ITALY])
        for phase in ("reinforce", "patrol"):
            question = await next_question(allies)
            assert question.phase == phase
            await allies.send(write(ai_answer(question)))
        question = await next_question(axis)
        await axis.close()
        await allies.close()
        return question

    asked = asyncio.run(serve_while(host, first))
    assert (asked.seat, asked.turn, asked.phase) == (Player.GERMANY_ITALY, 1, "patrol")
    restarted = make_host(serve_args(tmp_path, human=["germany_italy", "allies"], seed=None, turns=None,
                                load=tmp_path / "game.json"), data)
    assert restarted.tokens == host.tokens  # the seats join the restarted server with the same tokens
    assert restarted.session.stop_turn == 3  # and it stops where the first server was told to

    async def second(url: str) -> Any:
        seat = await joined(url, Player.GERMANY_ITALY, restarted.tokens[Player.GERMANY_ITALY])
        again = await next_question(seat)
        await seat.close()
        assert (again.ask, again.phase, again.legal, again.advice) == (asked.ask, asked.phase, asked.legal,
                                                                       asked.advice)
        return await asyncio.gather(*(play_seat(url, p, t, ai_answer, lambda _l: None)
                                      for p, t in restarted.tokens.items()))

    overs = asyncio.run(serve_while(restarted, second))
    assert [o.kind for o in overs] == ["game_over"] * 2
    assert restarted.session.campaign.state.turn == 3
    assert event_log_digest(restarted.session.campaign.state.events) == run_digest(data, 3, 2)


def test_a_human_seat_at_the_line_prompt_gives_its_orders_through_the_server(tmp_path: Path, data: Any,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The Allied player types ``2`` (the second legal order: a British ship's start port), then ``d`` (done), then
    takes the AI's advice: the server applies his order as his, and the next question no longer offers that unit's
    arrival (Japan has no set-up to choose: R-PAC-25)."""
    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)
    asked, printed = typed_at_the_prompt(host, Player.ALLIES, ["2", "d"], monkeypatch)
    chosen = asked[0].legal[1]
    given = [e for e in host.session.campaign.state.events if isinstance(e, OrderGiven) and e.player == "allies"]
    assert json.loads(ORDER_ADAPTER.dump_json(given[0].order)) == chosen
    assert (asked[1].phase, asked[1].ask > asked[0].ask) == ("reinforce", True)
    assert chosen not in asked[1].legal and all(o.get("unit") != chosen["unit"] for o in asked[1].legal)
    assert f"{chosen['unit']} arrives: {chosen['place']}" in printed
    placed = [json.loads(ORDER_ADAPTER.dump_json(e.order)) for e in given if e.order.kind == "reinforcement"]
    assert placed == [chosen]  # "d" ended the Allies' set-up with the one unit placed


def test_seat_tokens_are_hexadecimal_so_vas_join_never_reads_one_as_an_option(tmp_path: Path, data: Any) -> None:
    """A token starting with '-' made `vas join URL --seat P --token T` fail in argparse (seen in CI)."""
    host = make_host(serve_args(tmp_path, human=["japan", "allies", "united_states", "germany_italy"]), data)
    assert len(host.tokens) == 4
    for token in host.tokens.values():
        assert len(token) == 32 and set(token) <= set("0123456789abcdef")


def test_a_seat_thinking_at_the_prompt_leaves_the_client_free_to_answer_the_server(tmp_path: Path,
                                                                                   data: Any) -> None:
    """R-NET-11: while the player's chooser runs, the client's event loop keeps running (so it answers the
    server's keepalive pings): from inside the chooser, a coroutine handed to the loop completes."""
    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)
    served: list[bool] = []

    async def clients(url: str) -> Any:
        loop = asyncio.get_running_loop()

        def choose(question: Question) -> Answer:
            if not served:
                served.append(asyncio.run_coroutine_threadsafe(asyncio.sleep(0, True), loop).result(LIMIT))
            return ai_answer(question)
        return await play_seat(url, Player.ALLIES, host.tokens[Player.ALLIES], choose, lambda _l: None)

    over = asyncio.run(serve_while(host, clients))
    assert over.kind == "game_over"
    assert served == [True]


class _FailingResolver:
    """A resolver that fails every battle it is given (a bug in the table engine, as far as the server knows)."""

    def resolve(self, campaign: Any, battle: Any) -> Any:
        raise ValueError("a bug on the table")


def test_a_battle_that_fails_on_the_table_is_fought_classic_and_the_served_game_goes_on(
        tmp_path: Path, data: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """R-NET-33: the server's handler crashed on an engine error (the seat's connection closed with 1011) and the
    game was then "over" for every seat; a failed battle is now fought by the classic rules, every seat sees it
    handed over in the log, and the host is told in one line with the traceback beside the save."""
    from strategic.events import BattleHandedOver
    from tui.serve_command import FailureReport

    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)
    host.session.campaign.resolver = _FailingResolver()
    host.report = FailureReport(tmp_path / "game.json")
    over = asyncio.run(serve_while(host, all_ai(host)))
    assert [o.summary for o in over] == ["stopped at the start of turn 2"]  # the first turn played to its end
    handed = [e for e in host.session.campaign.state.events if isinstance(e, BattleHandedOver)]
    assert [e.area for e in handed] == ["North Atlantic", "South Atlantic", "North Sea"]
    assert {e.how for e in handed} == {"after_error"} and host.session.error is None
    err = capsys.readouterr().err
    assert ("vas serve: engine error on turn 1, combat phase, battle in North Atlantic: ValueError: a bug on the "
            "table; that battle is fought by the classic rules and the game goes on (R-NET-33); the traceback is in "
            f"{tmp_path / 'game.json.traceback.txt'}") in err
    assert "ValueError: a bug on the table" in (tmp_path / "game.json.traceback.txt").read_text()


def test_an_engine_error_that_stops_a_served_game_is_told_to_every_seat_and_keeps_the_game(
        tmp_path: Path, data: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """R-NET-33: a failure that is no battle's (here the server's AI for Japan breaks on turn 3) ends the game
    for every seat with the reason, and the save holds the game at the start of the decision that failed."""
    from strategic.ai import BaselineAI
    from strategic.saves import load_state
    from tui.serve_command import FailureReport

    orders = BaselineAI.orders

    def breaks_on_turn_3(self: BaselineAI, campaign: Any, player: str) -> Any:
        if player == "japan" and campaign.state.turn == 3:
            raise KeyError("a bug in the AI")
        return orders(self, campaign, player)

    monkeypatch.setattr(BaselineAI, "orders", breaks_on_turn_3)
    save = tmp_path / "game.json"
    host = make_host(serve_args(tmp_path, human=["allies"], turns=None, save=save), data)
    host.report = FailureReport(save)
    over = asyncio.run(serve_while(host, all_ai(host)))
    assert over[0].summary.startswith("stopped by an engine error (engine error on turn 3, patrol phase")
    assert "the AI of Japan" in over[0].summary and "KeyError: 'a bug in the AI'" in over[0].summary
    kept = load_state(save, data).state
    assert (kept.turn, kept.phase.value) == (3, "patrol")  # the start of the decision that failed
    err = capsys.readouterr().err
    assert f"the game stops: the game as it was before it is saved in {save}; the traceback is in " in err


def test_an_answer_that_breaks_the_engine_ends_the_game_with_its_reason(tmp_path: Path, data: Any,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """R-NET-33: an order of a seat on which the engine breaks (not one the rules refuse) ends the game with the
    reason for every seat, instead of raising out of the server's handler."""
    import strategic.session

    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)
    session = host.session
    question = session.message_for(Player.ALLIES)
    assert isinstance(question, Question) and question.type == "orders" and question.legal

    def broken(*_args: Any) -> None:
        raise RuntimeError("a bug in the engine")

    monkeypatch.setattr(strategic.session, "give_orders", broken)
    answer = Answer(ask=question.ask, type="orders", orders=question.legal[:1], done=False)
    assert session.answer(Player.ALLIES, answer) == []
    assert session.over and session.error is not None
    assert session.game_over().summary.startswith("stopped by an engine error (engine error on turn 1, reinforce "
                                                  "phase, the answer of the Allies: RuntimeError: a bug in the engine)")
