"""Issue #21: a campaign served over loopback to seats that join it (tui.serve_command, tui.join_command and the
transport-free session of strategic.session).  Every test waits on messages, never on time, and every wait has a
generous limit (:data:`LIMIT`), so a bug fails the test instead of hanging it."""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from scenarios.loader import load_data
from scenarios.models import Player
from strategic.ai import BaselineAI, play
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.protocol import (
    Answer,
    Hello,
    ProtocolError,
    Question,
    Refusal,
    Welcome,
    read_server,
    write,
)
from strategic.resolvers import make_resolver
from strategic.selfplay import event_log_digest
from tui.join_command import ai_answer, play_seat
from tui.serve_command import Host, host_game, make_host

ALL = [p.value for p in Player]
LIMIT = 300.0
"""The longest a test waits for a message or for the seats to finish (seconds): generous for a loaded machine."""


@pytest.fixture(scope="module")
def data():  # type: ignore[no-untyped-def]
    return load_data([])


def _args(tmp_path: Path, **over: Any) -> argparse.Namespace:
    base: dict[str, Any] = dict(setup=None, seed=3, combat="classic", load=None, human=ALL, command=["none"], turns=2,
                                save=tmp_path / "game.json")
    base.update(over)
    return argparse.Namespace(**base)


def _run_digest(data: Any, seed: int, turns: int, combat: str = "classic") -> str:
    """The event digest of ``vas run --seed SEED --combat COMBAT --turns TURNS`` (every player the AI)."""
    campaign = Campaign.new(data, "standard", seed=seed)
    campaign.state.combat = combat  # type: ignore[assignment]
    campaign.resolver = make_resolver(combat)
    play(campaign, Clock(campaign), {p: BaselineAI() for p in ALL}, stop_at_turn=campaign.state.turn + turns)
    return event_log_digest(campaign.state.events)


async def _serve(host: Host, clients: Any) -> Any:
    """Serve ``host`` while ``clients(url)`` runs; their result."""
    port: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    server = asyncio.create_task(host_game(host, "127.0.0.1", 0, port.set_result))
    url = f"ws://127.0.0.1:{await port}"
    try:
        return await asyncio.wait_for(clients(url), LIMIT)
    finally:
        host.done.set()
        await asyncio.wait_for(server, LIMIT)


def _all_ai(host: Host) -> Any:
    async def clients(url: str) -> Any:
        return await asyncio.gather(*(play_seat(url, p, t, ai_answer, lambda _l: None)
                                      for p, t in host.tokens.items()))
    return clients


def test_four_ai_seats_over_the_network_play_the_game_of_vas_run(tmp_path: Path, data: Any) -> None:
    host = make_host(_args(tmp_path), data)
    overs = asyncio.run(_serve(host, _all_ai(host)))
    assert [o.kind for o in overs] == ["game_over"] * 4
    campaign = host.session.campaign
    assert campaign.state.turn == 3
    assert event_log_digest(campaign.state.events) == _run_digest(data, 3, 2)
    assert json.loads((tmp_path / "game.json").read_text())["turn"] == 3


def test_a_wrong_token_is_refused_and_changes_nothing(tmp_path: Path, data: Any) -> None:
    host = make_host(_args(tmp_path, human=["japan"]), data)
    before = len(host.session.campaign.state.events)

    async def clients(url: str) -> Any:
        with pytest.raises(ProtocolError, match="wrong token for the japan seat"):
            await play_seat(url, Player.JAPAN, "guess", ai_answer, lambda _l: None)
        with pytest.raises(ProtocolError, match="wrong token for the allies seat"):
            await play_seat(url, Player.ALLIES, host.tokens[Player.JAPAN], ai_answer, lambda _l: None)
        return None

    asyncio.run(_serve(host, clients))
    assert len(host.session.campaign.state.events) == before


async def _receive(connection: Any) -> Any:
    """The server's next message, read within :data:`LIMIT`."""
    return read_server(await asyncio.wait_for(connection.recv(), LIMIT))


async def _joined(url: str, seat: Player, token: str) -> Any:
    connection = await connect(url)
    await connection.send(write(Hello(seat=seat, token=token)))
    assert isinstance(await _receive(connection), Welcome)
    return connection


async def _next_question(connection: Any) -> Question:
    while True:
        message = await _receive(connection)
        assert message.kind != "game_over", "the game ended before the seat was asked"
        if isinstance(message, Question):
            return message


async def _next_refusal(connection: Any) -> Refusal:
    while True:
        message = await _receive(connection)
        assert message.kind != "game_over", "the game ended before the refusal came"
        if isinstance(message, Refusal):
            return message


async def _play_out(connection: Any) -> None:
    """Answer every question with the AI's advice until the game is over."""
    while True:
        message = await _receive(connection)
        if isinstance(message, Question):
            await connection.send(write(ai_answer(message)))
        elif message.kind == "game_over":
            return


def test_malformed_messages_and_an_illegal_order_are_refused_and_the_game_goes_on(tmp_path: Path,
                                                                                  data: Any) -> None:
    host = make_host(_args(tmp_path, human=["japan"], turns=1), data)

    async def clients(url: str) -> Any:
        seat = await _joined(url, Player.JAPAN, host.tokens[Player.JAPAN])
        question = await _next_question(seat)
        assert question.type == "orders" and question.seat is Player.JAPAN and question.legal
        assert question.view["player"] == "japan"
        await seat.send("not json")
        assert "not JSON" in (await _next_refusal(seat)).message
        await seat.send(json.dumps({"kind": "answer", "ask": question.ask, "type": "orders", "orders": "x"}))
        assert "orders" in (await _next_refusal(seat)).message
        await seat.send(json.dumps({"version": 9, "kind": "answer"}))
        assert "schema version 9" in (await _next_refusal(seat)).message
        # another player's unit: the engine refuses it with its rule, and the game goes on
        other = next(n for n, u in host.session.campaign.state.units.items() if u.commander is Player.ALLIES)
        order = dict(question.legal[0])
        order["unit" if "unit" in order else "units"] = other if "unit" in order else [other]
        await seat.send(write(Answer(ask=question.ask, type="orders", orders=[order], done=False)))
        refusal = await _next_refusal(seat)
        assert refusal.rule and refusal.order is not None
        again = await _next_question(seat)
        await seat.send(write(ai_answer(again)))
        await _play_out(seat)
        return None

    asyncio.run(_serve(host, clients))
    assert host.session.over


def test_a_seat_that_drops_rejoins_at_the_same_question(tmp_path: Path, data: Any) -> None:
    host = make_host(_args(tmp_path, human=["germany_italy"], turns=1), data)
    token = host.tokens[Player.GERMANY_ITALY]

    async def clients(url: str) -> Any:
        seat = await _joined(url, Player.GERMANY_ITALY, token)
        first = await _next_question(seat)
        await seat.close()
        seat = await _joined(url, Player.GERMANY_ITALY, token)
        again = await _next_question(seat)
        assert (again.ask, again.type, again.legal, again.advice) == (first.ask, first.type, first.legal,
                                                                      first.advice)
        await seat.close()
        return await play_seat(url, Player.GERMANY_ITALY, token, ai_answer, lambda _l: None)

    over = asyncio.run(_serve(host, clients))
    assert over.kind == "game_over"


def test_a_server_restarted_from_its_save_asks_the_same_question_and_plays_the_same_game(tmp_path: Path,
                                                                                       data: Any) -> None:
    host = make_host(_args(tmp_path, human=["germany_italy", "allies"]), data)
    assert host.session.pending is not None and host.session.pending.player is Player.ALLIES  # the Allies first

    async def first(url: str) -> Any:
        """The Allies give their first two decisions' orders (reinforce, patrol); then Germany-Italy is asked its
        patrols, and the server stops there."""
        allies = await _joined(url, Player.ALLIES, host.tokens[Player.ALLIES])
        axis = await _joined(url, Player.GERMANY_ITALY, host.tokens[Player.GERMANY_ITALY])
        for phase in ("reinforce", "patrol"):
            question = await _next_question(allies)
            assert question.phase == phase
            await allies.send(write(ai_answer(question)))
        question = await _next_question(axis)
        await axis.close()
        await allies.close()
        return question

    asked = asyncio.run(_serve(host, first))
    assert (asked.seat, asked.turn, asked.phase) == (Player.GERMANY_ITALY, 1, "patrol")
    restarted = make_host(_args(tmp_path, human=["germany_italy", "allies"], seed=None, turns=None,
                                load=tmp_path / "game.json"), data)
    assert restarted.tokens == host.tokens  # the seats join the restarted server with the same tokens
    assert restarted.session.stop_turn == 3  # and it stops where the first server was told to

    async def second(url: str) -> Any:
        seat = await _joined(url, Player.GERMANY_ITALY, restarted.tokens[Player.GERMANY_ITALY])
        again = await _next_question(seat)
        await seat.close()
        assert (again.ask, again.phase, again.legal, again.advice) == (asked.ask, asked.phase, asked.legal,
                                                                       asked.advice)
        return await asyncio.gather(*(play_seat(url, p, t, ai_answer, lambda _l: None)
                                      for p, t in restarted.tokens.items()))

    overs = asyncio.run(_serve(restarted, second))
    assert [o.kind for o in overs] == ["game_over"] * 2
    assert restarted.session.campaign.state.turn == 3
    assert event_log_digest(restarted.session.campaign.state.events) == _run_digest(data, 3, 2)
