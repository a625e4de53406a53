"""The host of a campaign screen on a seat's websocket link (tui/remote_host.py, R-NET-25): a loopback server with
two remote seats; the host waits for its seat's turn, telling the other's decisions, and keys the screen's order
groups by the decision, not by the question that changes with each order.  Every wait is bounded
(:data:`tests.tui.network_helpers.LIMIT`)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from scenarios.loader import load_data
from scenarios.models import Player
from strategic.events import OrderGiven
from strategic.state import Phase
from tui.join_command import open_seat
from tui.order_selection import unit_of
from tui.remote_host import RemoteSeatHost
from tui.remote_link import RemoteSeatLink
from tui.seat_host import SeatHost
from tui.serve_command import Host, make_host
from tui.stack_orders import OrderGroups

from .network_helpers import LIMIT, serve_args, serve_while


@pytest.fixture(scope="module")
def data():  # type: ignore[no-untyped-def]
    return load_data([])


async def _seat(url: str, host: Host, seat: Player, data: Any) -> tuple[RemoteSeatLink, asyncio.Task[None]]:
    connection, welcome = await open_seat(url, seat, host.tokens[seat])
    link = RemoteSeatLink(connection, welcome, data, timeout=LIMIT)
    return link, link.start()


def test_the_remote_host_keys_groups_by_decision_and_waits_for_its_seats_turn(tmp_path: Path, data: Any) -> None:
    """The Allies give two orders one by one and take them back as two groups (the key stays while the question
    changes with each order); Germany-Italy's host waits while the Allies decide, told each of their decisions,
    until Germany-Italy is asked; no hand-over, no autosave, no battles kept, the game's combat."""
    host = make_host(serve_args(tmp_path, human=["allies", "germany_italy"], turns=1), data)
    campaign = host.session.campaign

    async def clients(url: str) -> None:
        allies, allies_receiving = await _seat(url, host, Player.ALLIES, data)
        await asyncio.to_thread(allies.wait_for_turn, LIMIT)
        axis, axis_receiving = await _seat(url, host, Player.GERMANY_ITALY, data)
        ours, theirs = RemoteSeatHost(allies), RemoteSeatHost(axis)
        assert isinstance(ours, SeatHost) and not ours.hand_over("allies") and ours.error is None
        assert (ours.tactical, ours.battles(), ours.last_good_text(), ours.loaded_turn) == (False, [], None, None)
        told: list[tuple[str, Phase]] = []
        waiting = asyncio.ensure_future(asyncio.to_thread(theirs.run_ai_until_human,
                                                          lambda who, phase: told.append((who, phase))))
        key = ours.decision_key()
        assert key == (campaign.state.turn, campaign.state.phase.value) and theirs.decision_key() is None
        legal = allies.legal_orders()
        first = legal[0]
        second = next(o for o in legal if unit_of(o) != unit_of(first))
        groups = OrderGroups()
        asked = allies.asked()
        for order in (first, second):
            assert (await asyncio.to_thread(allies.give, [order])).ok
            groups.given(ours.decision_key(), [order])
        assert allies.asked() is not asked and ours.decision_key() is key  # a new question, the same decision
        for order in (second, first):
            assert await asyncio.to_thread(groups.take_back, allies.undo, ours.decision_key()) == [unit_of(order)]
        assert not any(isinstance(e, OrderGiven) and e.order in (first, second) for e in campaign.state.events)

        while not waiting.done():  # the Allies end their decisions until Germany-Italy is asked
            await asyncio.to_thread(allies.end_decision)
            turn = asyncio.ensure_future(asyncio.to_thread(allies.wait_for_turn, LIMIT))
            await asyncio.wait({waiting, turn}, timeout=LIMIT, return_when=asyncio.FIRST_COMPLETED)
            if not turn.done():
                break
        await waiting
        assert axis.deciding() is Player.GERMANY_ITALY and theirs.decision_key() is not None
        # the Allies' orders and take-backs in their reinforcements, then their patrol, told while Germany-Italy waits
        assert {entry for entry in told[:-1]} == {("allies", Phase.REINFORCE)} and len(told) >= 3
        assert told[-1] == ("allies", Phase.PATROL) and axis.view().phase is Phase.PATROL
        await allies.close()
        await axis.close()
        await asyncio.gather(allies_receiving, axis_receiving, turn, return_exceptions=True)

    asyncio.run(serve_while(host, clients))
