"""The orders part of a seat's link over the websocket (tui/remote_link.py, R-NET-24): a loopback server, the link's
receive task in the loop, its actions in worker threads as the campaign screen's would run.  Every wait is on a
message and bounded (:data:`tests.tui.network_helpers.LIMIT`)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from scenarios.loader import load_data
from scenarios.models import Player
from strategic.events import OrderGiven
from strategic.orders import ORDER_ADAPTER, PlaceReinforcement
from strategic.protocol import GameOver, Question
from tui.join_command import open_seat
from tui.order_selection import unit_of
from tui.remote_link import LinkClosed, RemoteSeatLink
from tui.seat_link import GameFacts, OrdersLink, SeatLink
from tui.serve_command import Host, make_host

from .network_helpers import LIMIT, serve_args, serve_while


@pytest.fixture(scope="module")
def data():  # type: ignore[no-untyped-def]
    return load_data([])


async def _linked(url: str, host: Host, seat: Player, data: Any) -> tuple[RemoteSeatLink, asyncio.Task[None]]:
    """Join as ``seat``: the link and its receive task, once the seat is asked (or the game is over)."""
    connection, welcome = await open_seat(url, seat, host.tokens[seat])
    link = RemoteSeatLink(connection, welcome, data, timeout=LIMIT)
    receiving = link.start()
    await asyncio.to_thread(link.wait_for_turn, LIMIT)
    return link, receiving


def _game(host: Host) -> str:
    return host.session.campaign.state.model_dump_json()


def test_the_remote_link_reads_the_seats_question_and_gives_takes_back_and_ends(tmp_path: Path, data: Any) -> None:
    """R-NET-24: the link reads the Allies' question (the view, the legal orders, the advice, the log, the game's
    facts), gives an order (it stands on the server, its line comes in the log), has two given together refused
    whole (the foreign unit named), takes the order back (the log told again: reset) and ends the decision."""
    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)
    campaign = host.session.campaign

    async def clients(url: str) -> None:
        link, receiving = await _linked(url, host, Player.ALLIES, data)
        assert isinstance(link, OrdersLink) and not isinstance(link, SeatLink)  # the battles are not its yet
        assert link.deciding() is Player.ALLIES and link.human(Player.ALLIES) and not link.human(Player.JAPAN)
        assert link.legal_orders() == campaign.legal_orders("allies") and link.waiting() is None
        view = link.view()
        assert (view.player, view.turn, view.phase) == (Player.ALLIES, campaign.state.turn, campaign.state.phase)
        assert link.game_facts() == GameFacts(campaign.state.seed, ())
        start = link.log(0)
        assert start.lines and not start.reset and link.log(start.upto).lines == ()
        placed = next(o for o in link.legal_orders() if isinstance(o, PlaceReinforcement))
        assert link.advice().refusal(placed.unit) is None

        given = await asyncio.to_thread(link.give, [placed])
        assert given.ok and given.events == []
        assert [e.order for e in campaign.state.events if isinstance(e, OrderGiven)][-1] == placed
        told = link.log(start.upto)
        assert not told.reset and any(placed.unit in line for line in told.lines)
        assert placed not in link.legal_orders() and link.deciding() is Player.ALLIES

        other = next(o for o in link.legal_orders() if unit_of(o) != placed.unit)
        japanese = next(n for n, u in campaign.state.units.items() if u.controller is Player.JAPAN)
        foreign = other.model_copy(update={"unit": japanese})
        before = _game(host)
        refused = await asyncio.to_thread(link.give, [other, foreign])
        assert not refused.ok and [r.unit for r in refused.refusals] == [japanese]
        assert "none of the 2 orders was given" in refused.refused_text(2) and _game(host) == before

        assert await asyncio.to_thread(link.undo)
        again = link.log(told.upto)
        assert again.reset and again.lines == start.lines and placed in link.legal_orders()
        assert not await asyncio.to_thread(link.undo)  # nothing left to take back in this decision

        asked = await asyncio.to_thread(link.wait_for_turn, LIMIT)  # the open question, at once
        await asyncio.to_thread(link.end_decision)
        after = await asyncio.to_thread(link.wait_for_turn, LIMIT)
        assert isinstance(after, Question) and after.ask > asked.ask  # the Allies' next decision
        assert not any(isinstance(e, OrderGiven) and e.order == placed for e in campaign.state.events)
        await link.close()
        await receiving

    asyncio.run(serve_while(host, clients))


def test_the_remote_links_actions_never_wait_on_the_event_loop_and_stop_when_closed(tmp_path: Path,
                                                                                  data: Any) -> None:
    """An action waits for the server's reply, which the loop receives: on the loop it is refused at once; once the
    connection is closed an action says so (LinkClosed), and nothing was sent."""
    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)

    async def clients(url: str) -> None:
        link, receiving = await _linked(url, host, Player.ALLIES, data)
        order = link.legal_orders()[0]
        before = _game(host)
        with pytest.raises(RuntimeError, match="worker thread"):
            link.give([order])
        await link.close()
        await receiving
        with pytest.raises(LinkClosed, match="the seat left the game"):
            await asyncio.to_thread(link.give, [order])
        with pytest.raises(LinkClosed):
            await asyncio.to_thread(link.wait_for_turn, LIMIT)
        assert _game(host) == before

    asyncio.run(serve_while(host, clients))


def test_a_seat_ending_every_decision_over_the_link_plays_to_the_game_over(tmp_path: Path, data: Any) -> None:
    """The link follows the game to its end: each question ended, the next waited for (the server's AI playing the
    others meanwhile); at the game over its view is the last board, no decision is open and an action is refused."""
    host = make_host(serve_args(tmp_path, human=["allies"], turns=1), data)

    async def clients(url: str) -> None:
        link, receiving = await _linked(url, host, Player.ALLIES, data)
        asked = 0
        while not link.over():
            assert link.deciding() is Player.ALLIES and link.waiting() is None
            asked += 1
            await asyncio.to_thread(link.end_decision)
            status = await asyncio.to_thread(link.wait_for_turn, LIMIT)
            assert isinstance(status, Question | GameOver)
        assert asked > 1 and link.deciding() is None and link.legal_orders() == []
        assert link.view().turn == host.session.campaign.state.turn
        with pytest.raises(RuntimeError, match="no orders question"):
            await asyncio.to_thread(link.end_decision)
        assert list(link.log(0).lines) == host.session.events_for(Player.ALLIES, 0).lines  # every line told
        await receiving

    asyncio.run(serve_while(host, clients))


def test_a_battle_question_for_the_seat_is_said_never_answered_unasked(tmp_path: Path, data: Any) -> None:
    """Germany-Italy commands its battles: at its first combat question the link opens no decision and says why
    the game waits (a remote campaign screen cannot ask a battle question yet, docs/architecture.md "What is
    left" item 4); the server still waits for the seat's answer."""
    host = make_host(serve_args(tmp_path, human=["germany_italy"], command=["germany_italy"], turns=1), data)

    async def clients(url: str) -> None:
        link, receiving = await _linked(url, host, Player.GERMANY_ITALY, data)
        status = await asyncio.to_thread(link.wait_for_turn, LIMIT)
        while isinstance(status, Question) and status.type == "orders":
            for advised in status.advice or []:  # the AI's orders, one by one, so that battles come
                await asyncio.to_thread(link.give, [ORDER_ADAPTER.validate_python(advised)])
            await asyncio.to_thread(link.end_decision)
            status = await asyncio.to_thread(link.wait_for_turn, LIMIT)
        assert isinstance(status, Question) and status.type == "combat"
        assert link.deciding() is None and link.legal_orders() == [] and not link.over()
        assert link.waiting() == (f"a battle question in {status.battle} waits for you, and a remote campaign "
                                  "screen cannot ask it yet: answer it with vas join's line prompt")
        pending = host.session.pending
        assert pending is not None and (pending.player, pending.type) == (Player.GERMANY_ITALY, "combat")
        await link.close()
        await receiving

    asyncio.run(serve_while(host, clients))


def test_no_command_reaches_the_remote_link_yet(capsys: pytest.CaptureFixture[str]) -> None:
    """Inert until the campaign screen runs on it and asks its battles (docs/architecture.md "What is left", items
    2 and 4): no module of the program imports it but its host (tui/remote_host.py), which none imports, and
    ``vas join`` has no ``--tui``."""
    import ast

    import tui
    from tui.cli import build_parser

    importers: dict[str, list[str]] = {"tui.remote_link": [], "tui.remote_host": []}
    for path in sorted(Path(tui.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module] if isinstance(node, ast.ImportFrom) else [
                a.name for a in node.names] if isinstance(node, ast.Import) else []
            for name in names:
                if name in importers:
                    importers[name].append(path.name)
    assert importers == {"tui.remote_link": ["remote_host.py"], "tui.remote_host": []}  # its host, then none
    with pytest.raises(SystemExit):
        build_parser("join").parse_args(["join", "ws://127.0.0.1:1", "--seat", "allies", "--token", "t", "--tui"])
    assert "unrecognized arguments: --tui" in capsys.readouterr().err
