"""The orders part of a seat's link over the websocket (tui/remote_link.py, R-NET-24): a loopback server, the link's
receive task in the loop, its actions in worker threads as the campaign screen's would run.  Every wait is on a
message and bounded (:data:`tests.tui.network_helpers.LIMIT`)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from scenarios.loader import load_data
from scenarios.models import Player
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.events import OrderGiven
from strategic.orders import ORDER_ADAPTER, PlaceReinforcement
from strategic.protocol import Events, GameOver, Question, Refusal, Welcome, read_client, write
from strategic.views import observe
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


class _ScriptedServer:
    """A connection whose server sends ``first`` at once, then answers each message sent with the next messages of
    ``replies`` (in that order on the wire: the order a test needs, which a live server gives only by chance);
    :meth:`tell` sends more.  ``idle`` is set while every message sent so far has been read and taken."""

    def __init__(self, first: list[Any], replies: list[list[Any]]) -> None:
        self.inbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.idle = asyncio.Event()
        self.answered = asyncio.Event()  # set once a message sent was answered with its replies
        for message in first:
            self.inbox.put_nowait(write(message))
        self.replies = replies
        self.sent: list[Any] = []

    async def tell(self, *messages: Any) -> None:
        self.idle.clear()
        for message in messages:
            await self.inbox.put(write(message))

    async def send(self, text: str) -> None:
        self.sent.append(read_client(text))
        await self.tell(*self.replies.pop(0))
        self.answered.set()

    async def answered_and_taken(self) -> None:
        """Until the link sent a message and took the replies scripted for it."""
        await asyncio.wait_for(self.answered.wait(), LIMIT)
        self.answered.clear()
        await asyncio.wait_for(self.idle.wait(), LIMIT)

    def __aiter__(self) -> _ScriptedServer:
        return self

    async def __anext__(self) -> str:
        if self.inbox.empty():
            self.idle.set()  # the link took the last message before asking for the next
        text = await self.inbox.get()
        if text is None:
            raise StopAsyncIteration
        return text

    async def close(self) -> None:
        await self.inbox.put(None)


def test_a_status_another_seats_message_brought_is_not_taken_for_the_reply(data: Any) -> None:
    """The server tells every seat after each message it takes, and refuses one sent out of turn: the Allies' status
    told again (unchanged) between their answer and its reply is not the reply.  Their refused order is refused,
    not given; their given order's reply is the renumbered question, its lines in the log."""
    campaign = Campaign.new(data, "standard", seed=2)
    Clock(campaign)  # on to the first decision: the Allies' reinforcements
    legal = campaign.legal_orders("allies")
    sent = [json.loads(ORDER_ADAPTER.dump_json(o)) for o in legal[:2]]
    view = observe(campaign, Player.ALLIES, log=False).to_dict()

    def asked(ask: int) -> Question:
        return Question(ask=ask, seat=Player.ALLIES, type="orders", turn=1, phase="reinforce", view=view, legal=sent)

    refusal = Refusal(message="the area is full", rule="002 §2.32", order=sent[0])
    welcome = Welcome(seat=Player.ALLIES, setup="standard", seed=2, combat="classic")

    async def play() -> None:
        server = _ScriptedServer([asked(5)], [[asked(5)], [asked(5)]])  # each answer: first another seat's news
        link = RemoteSeatLink(server, welcome, data, timeout=LIMIT)  # type: ignore[arg-type]
        receiving = link.start()
        await asyncio.to_thread(link.wait_for_turn, LIMIT)
        giving = asyncio.ensure_future(asyncio.to_thread(link.give, [legal[0]]))
        await server.answered_and_taken()  # the other seat's news taken
        assert not giving.done()  # not the reply
        await server.tell(refusal, asked(5))
        refused = await asyncio.wait_for(giving, LIMIT)
        assert not refused.ok and [r.error.rule for r in refused.refusals] == ["002 §2.32"]

        giving = asyncio.ensure_future(asyncio.to_thread(link.give, [legal[1]]))
        await server.answered_and_taken()
        assert not giving.done()
        await server.tell(Events(since=0, upto=6, lines=["Hood patrols"]), asked(6))
        assert (await asyncio.wait_for(giving, LIMIT)).ok
        assert link.asked().ask == 6 and link.log(0).lines == ("Hood patrols",)  # type: ignore[union-attr]
        assert [m.orders for m in server.sent] == [[sent[0]], [sent[1]]]
        await link.close()
        await receiving

    asyncio.run(play())
