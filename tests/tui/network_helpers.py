"""Loopback helpers of the network tests (issue #21): a served game's arguments, a server running while the seats
play, and the seat's side of the protocol.  Every wait is bounded by :data:`LIMIT`, so a bug fails a test instead
of hanging it."""

from __future__ import annotations

import argparse
import asyncio
import os
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from scenarios.models import Player
from strategic.ai import BaselineAI, play
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.protocol import Hello, Question, Refusal, Welcome, read_server, write
from strategic.resolvers import make_resolver
from strategic.selfplay import event_log_digest
from tui.join_command import ai_answer, play_seat, terminal_answer
from tui.serve_command import Host, host_game

ALL = [p.value for p in Player]

def serve_args(tmp_path: Path, **over: Any) -> argparse.Namespace:
    base: dict[str, Any] = dict(setup=None, seed=3, combat="classic", load=None, human=ALL, command=["none"], turns=2,
                                save=tmp_path / "game.json")
    base.update(over)
    return argparse.Namespace(**base)


def run_digest(data: Any, seed: int, turns: int, combat: str = "classic") -> str:
    """The event digest of ``vas run --seed SEED --combat COMBAT --turns TURNS`` (every player the AI)."""
    campaign = Campaign.new(data, "standard", seed=seed)
    campaign.state.combat = combat  # type: ignore[assignment]
    campaign.resolver = make_resolver(combat)
    play(campaign, Clock(campaign), {p: BaselineAI() for p in ALL}, stop_at_turn=campaign.state.turn + turns)
    return event_log_digest(campaign.state.events)


async def serve_while(host: Host, clients: Any) -> Any:
    """Serve ``host`` while ``clients(url)`` runs; their result."""
    port: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    server = asyncio.create_task(host_game(host, "127.0.0.1", 0, port.set_result))
    url = f"ws://127.0.0.1:{await port}"
    try:
        return await asyncio.wait_for(clients(url), LIMIT)
    finally:
        host.done.set()
        await asyncio.wait_for(server, LIMIT)


def all_ai(host: Host) -> Any:
    async def clients(url: str) -> Any:
        return await asyncio.gather(*(play_seat(url, p, t, ai_answer, lambda _l: None)
                                      for p, t in host.tokens.items()))
    return clients


async def receive(connection: Any) -> Any:
    """The server's next message, read within :data:`LIMIT`."""
    return read_server(await asyncio.wait_for(connection.recv(), LIMIT))


async def joined(url: str, seat: Player, token: str) -> Any:
    connection = await connect(url)
    await connection.send(write(Hello(seat=seat, token=token)))
    assert isinstance(await receive(connection), Welcome)
    return connection


async def next_question(connection: Any) -> Question:
    while True:
        message = await receive(connection)
        assert message.kind != "game_over", "the game ended before the seat was asked"
        if isinstance(message, Question):
            return message


async def next_refusal(connection: Any) -> Refusal:
    while True:
        message = await receive(connection)
        assert message.kind != "game_over", "the game ended before the refusal came"
        if isinstance(message, Refusal):
            return message


async def play_out(connection: Any) -> None:
    """Answer every question with the AI's advice until the game is over."""
    while True:
        message = await receive(connection)
        if isinstance(message, Question):
            await connection.send(write(ai_answer(message)))
        elif message.kind == "game_over":
            return


LIMIT = float(os.environ.get("VAS_NETWORK_TEST_LIMIT", "300"))
"""The longest a test waits for a message or for the seats to finish (seconds): generous for a loaded machine."""


def typed_at_the_prompt(host: Host, seat: Player, typed: list[str], monkeypatch: Any) -> tuple[list[Question],
                                                                                              list[str]]:
    """Play ``seat`` at ``vas join``'s line prompt, the lines ``typed`` one by one (then the AI's orders and ``d``
    at each orders question, ``y`` to end the phase, the AI's combat answers, to the end of the game); the
    questions asked and the lines printed."""
    lines = iter(typed)
    gave: list[bool] = []

    def after_the_lines(prompt: str) -> str:
        """Once ``typed`` is used up: the AI's orders, then end the phase (and say yes); the AI's combat answers."""
        if prompt.startswith("end the "):
            return "y"
        if prompt.startswith("orders ("):
            gave.append(not (gave and gave[-1]))
            return "a" if gave[-1] else "d"
        return "a"

    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines, None) or after_the_lines(prompt))
    asked: list[Question] = []
    printed: list[str] = []

    def choose(question: Question) -> Any:
        asked.append(question)
        return terminal_answer(question)

    async def clients(url: str) -> Any:
        return await play_seat(url, seat, host.tokens[seat], choose, printed.append)

    over = asyncio.run(serve_while(host, clients))
    assert over.kind == "game_over"
    return asked, printed
