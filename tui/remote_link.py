"""A seat's link over the websocket of ``vas serve`` (issue 21, item 2 of "What is left for ``vas join URL --seat P
--token T --tui``" in docs/architecture.md; R-NET-24).

:class:`RemoteSeatLink` is the orders part of :class:`tui.seat_link.SeatLink` (:class:`~tui.seat_link.OrdersLink`)
over :mod:`strategic.protocol`.  Its receive task (:meth:`RemoteSeatLink.start`, in the loop the connection belongs
to) keeps the last ``question``, ``wait`` or ``game_over`` the server sent and the narrated lines of every
``events``; the reads answer from them at once: ``view()`` from the message's view (:meth:`CampaignView.from_dict`,
R-VIEW-36), ``legal_orders()`` from an orders question's ``legal``, ``advice()`` a
:class:`~tui.order_advice.SentAdvice`, ``log(since)`` from the lines kept (``reset`` once after an undo told the
whole log again), ``deciding()`` the seat while an orders question is open, ``human(p)`` the seat only and
``game_facts()`` from the welcome.

The actions wait for the server's reply, so they block the calling thread: they run in a worker thread, never on
the event loop (refused there with ``RuntimeError``: the loop must keep receiving), and hand the send to the loop
(``asyncio.run_coroutine_threadsafe``, as ``vas join``'s prompt does, R-NET-11).  The reply to a message is every
``refusal`` the server sends until its next ``question``, ``wait`` or ``game_over`` (the server sends the seat that
after each message it takes).  Orders go as one ``answer`` given together, all or none (R-NET-18), refused ones
coming back as the local link's :class:`~tui.stack_orders.Refusal`; ``undo()`` is an ``undo`` message (R-NET-15),
``end_decision()`` an ``answer`` with no orders and ``done``.

Not yet (docs/architecture.md "What is left", items 4 and 5): the battle questions (:class:`~tui.battle_link.BattleLink`
needs the brief and the battle's facts with a combat ``question``): a combat question for the seat is said by
:meth:`RemoteSeatLink.waiting`, never answered unasked; the turn summaries, the save and the odds are not sent.  So
no command opens the campaign screen on this link: it is reached by its tests only (tests/tui/test_remote_link.py).
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from scenarios.errors import IllegalOrder, InputError, VasError
from scenarios.loader import CampaignData
from scenarios.models import Player
from strategic.orders import ORDER_ADAPTER, Order
from strategic.protocol import (
    Answer,
    Events,
    GameOver,
    ProtocolError,
    Question,
    Refusal,
    Undo,
    Wait,
    Welcome,
    read_server,
    write,
)
from strategic.views import CampaignView
from tui.join_command import read_view
from tui.order_advice import OrderAdvice, SentAdvice
from tui.order_selection import unit_of
from tui.seat_link import GameFacts, LogLines
from tui.stack_orders import Given
from tui.stack_orders import Refusal as OrderRefusal

REPLY_TIMEOUT = 300.0
"""The longest an action waits for the server's reply (seconds): the server answers at once, but a loaded machine
may be slow."""

Status = Question | Wait | GameOver
"""The messages that say where the game is for the seat: asked, waiting, or over."""


class LinkClosed(VasError, ConnectionError):
    """The connection is closed: the game is over, the seat joined again from another connection (R-NET-22), or
    the connection was lost; the message says which."""


class ServerRefused(InputError):
    """The server refused what the link sent for a reason no order has (a stale question, out of turn: R-NET-04)."""


class RemoteSeatLink:
    """The orders part of a seat's link (:class:`~tui.seat_link.OrdersLink`) over a joined connection (module
    docstring): ``connection`` and ``welcome`` as :func:`tui.join_command.open_seat` gives them, ``data`` the
    campaign data the server plays (``--data``, R-NET-19: the names and records the screen draws)."""

    def __init__(self, connection: ClientConnection, welcome: Welcome, data: CampaignData, *,
                 timeout: float = REPLY_TIMEOUT) -> None:
        self._connection = connection
        self._welcome = welcome
        self._data = data
        self._timeout = timeout
        self._loop: asyncio.AbstractEventLoop | None = None
        self._changed = threading.Condition()  # held while the kept messages change; notified when they did
        self._status: Status | None = None
        self._statuses = 0  # how many statuses came: an action's reply is the next one
        self._view: CampaignView | None = None
        self._legal: list[Order] = []
        self._lines: list[str] = []
        self._cut = False  # the whole log was told again (an undo): the next log() says reset
        self._refusals: list[Refusal] = []  # those since the last action was sent
        self._closed: str | None = None  # why the connection is closed

    @property
    def seat(self) -> Player:
        return self._welcome.seat

    @property
    def welcome(self) -> Welcome:
        """The server's welcome: the seat, the set-up, the seed, the combat and the rule options."""
        return self._welcome

    def asked(self) -> Question | None:
        """The orders question open for the seat now, or ``None``."""
        return self._orders_question()

    # -- the receive task

    def start(self) -> asyncio.Task[None]:
        """Start the receive task (:meth:`receive`) in the running loop, the connection's: the actions hand their
        sends to it from then on."""
        self._loop = asyncio.get_running_loop()
        return self._loop.create_task(self.receive(), name=f"vas-remote-link-{self.seat.value}")

    async def receive(self) -> None:
        """Keep every message the server sends until the connection closes (the task :meth:`start` starts)."""
        self._loop = asyncio.get_running_loop()
        why = "the server closed the connection"
        try:
            async for text in self._connection:
                self._take(read_server(text))
        except ConnectionClosed as exc:
            why = f"the connection was lost ({exc})"
        except ProtocolError as exc:  # the server's fault (R-NET-03): the seat leaves
            why = str(exc)
            await self._connection.close()
        finally:
            with self._changed:
                self._closed = self._closed or why
                self._changed.notify_all()

    def _take(self, message: Any) -> None:
        with self._changed:
            if isinstance(message, Events):
                self._lines = [*message.lines] if message.reset else [*self._lines, *message.lines]
                self._cut = self._cut or message.reset
            elif isinstance(message, Refusal):
                if message.rule == "R-NET-22":  # taken over by another connection: this one is closed next
                    self._closed = message.message
                self._refusals.append(message)
            elif isinstance(message, Question | Wait | GameOver):
                if message.view:
                    self._view = read_view(message.view, message.kind)
                self._legal = _legal(message) if isinstance(message, Question) and message.type == "orders" else []
                self._status = message
                self._statuses += 1
            self._changed.notify_all()

    async def close(self) -> None:
        """Leave the game: the connection closed (the receive task ends; the server keeps the seat's place)."""
        with self._changed:
            self._closed = self._closed or "the seat left the game"
        await self._connection.close()

    def wait_for_turn(self, timeout: float | None = None, progress: Callable[[Wait], None] | None = None) -> Status:
        """Block (a worker thread) until the seat is asked, a battle blocks the game, the game is over or the
        connection closes (what a remote host does where the local one lets the AI play); the status then.
        ``progress`` is told each other ``wait`` that comes meanwhile (who decides now).  Raises
        :class:`LinkClosed` when the connection closed before, ``TimeoutError`` after ``timeout`` seconds."""
        self._off_the_loop()
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            with self._changed:
                seen = self._statuses
                if not self._settled():
                    left = None if deadline is None else max(deadline - time.monotonic(), 0.0)
                    if not self._changed.wait_for(partial(self._moved, seen), left):
                        raise TimeoutError(f"the server sent no question within {timeout:.0f} s")
                status = self._status
                if self._settled():
                    if status is None or (self._closed is not None and not isinstance(status, GameOver)):
                        raise LinkClosed(self._closed)
                    return status
            if progress is not None and isinstance(status, Wait):
                progress(status)  # outside the lock: it may wait for the loop, which takes the lock to receive

    def _moved(self, seen: int) -> bool:
        """Whether the seat has something to do, or a status came after the ``seen`` first ones."""
        return self._settled() or self._statuses > seen

    def _settled(self) -> bool:
        """Whether the seat has something to do or to be told: a question, a battle blocking, the end."""
        status = self._status
        return (self._closed is not None or isinstance(status, Question | GameOver)
                or (isinstance(status, Wait) and bool(status.blocked)))

    # -- the reads (tui.seat_link.OrdersLink)

    @property
    def data(self) -> CampaignData:
        return self._data

    def view(self) -> CampaignView:
        """The seat's view the last question, wait or game over carried.  Raises ``RuntimeError`` before any."""
        with self._changed:
            if self._view is None:
                raise RuntimeError("the server has sent no view yet: wait for the seat's turn first")
            return self._view

    def human(self, player: Player) -> bool:
        return player is self.seat

    def deciding(self) -> Player | None:
        return self.seat if self._orders_question() is not None else None

    def legal_orders(self) -> list[Order]:
        with self._changed:
            return list(self._legal) if self._orders_question() is not None else []

    def advice(self) -> OrderAdvice:
        question = self._orders_question()
        if question is None:
            raise RuntimeError("no orders question is open for this seat")
        return SentAdvice(question)

    def waiting(self) -> str | None:
        """Why the game cannot go on: a battle waits (the ``wait``'s words), or a combat question for this seat,
        which this link cannot ask yet (docs/architecture.md "What is left", item 4)."""
        status = self._status
        if isinstance(status, Wait) and status.blocked:
            return status.blocked
        if isinstance(status, Question) and status.type == "combat":
            return (f"a battle question in {status.battle} waits for you, and a remote campaign screen cannot ask it "
                    "yet: answer it with vas join's line prompt")
        return None

    def waiting_hint(self) -> str | None:
        status = self._status
        return (status.hint or None) if isinstance(status, Wait) else None

    def over(self) -> bool:
        return isinstance(self._status, GameOver)

    def game_facts(self) -> GameFacts:
        return GameFacts(self._welcome.seed, tuple(self._welcome.rule_options))

    def log(self, since: int) -> LogLines:
        """The lines told from line ``since`` on (the link's own count: the server's events less those it does
        not tell); ``reset`` with the whole log once after an undo, or when ``since`` is past the end."""
        with self._changed:
            reset = self._cut or since > len(self._lines)
            self._cut = False
            return LogLines(len(self._lines), tuple(self._lines[0 if reset else since:]), reset)

    def summed_turns(self) -> list[int]:
        """None: the server sends no turn summaries yet (docs/architecture.md "What is left", item 5)."""
        return []

    def turn_summary(self, turn: int) -> str:
        raise LookupError(f"no summary of turn {turn}: the server sends no turn summaries yet")

    def save(self, path: Path) -> None:
        """Refused: the server keeps the game (its autosave, ``vas serve --save``); a ``save`` message is not in
        the protocol yet (R-VIEW-33)."""
        raise OSError(f"a remote seat cannot save to {path}: the server keeps the game in its own save")

    def odds(self, progress: Callable[[str, int, int], None], cancelled: Callable[[], bool]) -> list[str] | None:
        """The one line saying the odds are not sent yet: the server would simulate them (R-VIEW-34)."""
        return ["The odds are not sent to a remote seat yet: the server would simulate them (your view may not "
                "show every enemy force)."]

    # -- the actions (a worker thread)

    def give(self, orders: list[Order]) -> Given:
        """Give ``orders`` together, all or none (R-NET-18): no events (the narrated lines come in the log), or
        the refusals.  Raises ``RuntimeError`` when no orders question is open, :class:`ServerRefused` for a
        refusal naming no order, :class:`LinkClosed` when the connection closes first."""
        question = self._open()
        sent = [json.loads(ORDER_ADAPTER.dump_json(o)) for o in orders]
        refusals = self._exchange(Answer(ask=question.ask, type="orders", orders=sent, done=False, together=True))
        return Given(refusals=[OrderRefusal(_unit(r), IllegalOrder(r.rule, r.message)) for r in refusals])

    def undo(self) -> bool:
        """Take back the seat's last order of its open decision (R-NET-15): ``False`` when the server refused (none
        to take back)."""
        return not self._exchange(Undo(ask=self._open().ask), orders_only=False)

    def end_decision(self) -> None:
        """End the seat's open decision (an ``answer`` with no orders, ``done``)."""
        self._exchange(Answer(ask=self._open().ask, type="orders", orders=[], done=True))

    # -- the exchange

    def _orders_question(self) -> Question | None:
        status = self._status
        return status if isinstance(status, Question) and status.type == "orders" else None

    def _open(self) -> Question:
        question = self._orders_question()
        if question is None:
            raise RuntimeError("no orders question is open for this seat")
        return question

    def _off_the_loop(self) -> asyncio.AbstractEventLoop:
        """The connection's loop, when the caller is not running in it (an action waits for the server, which the
        loop receives: waiting on the loop would never end)."""
        loop = self._loop
        if loop is None:
            raise RuntimeError("the link's receive task is not running")
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            return loop
        if running is loop:
            raise RuntimeError("a remote link's action waits for the server: call it from a worker thread")
        return loop

    def _exchange(self, message: Answer | Undo, *, orders_only: bool = True) -> list[Refusal]:
        """Send ``message`` and wait for the server's reply: the refusals that came before the status that answers
        it.  A status that changes nothing and comes with no refusal answers another seat's message (the server
        tells every seat after each message it takes, and refuses one out of turn): the reply is still to come.
        With ``orders_only`` a refusal naming no order is the server's word on the message itself: raised."""
        loop = self._off_the_loop()
        with self._changed:
            if self._closed is not None:
                raise LinkClosed(self._closed)
            mark, before, self._refusals = self._statuses, _moment(self._status), []
        try:
            asyncio.run_coroutine_threadsafe(self._connection.send(write(message)), loop).result(self._timeout)
        except ConnectionClosed as exc:
            raise LinkClosed(f"the connection was lost ({exc})") from None
        with self._changed:
            if not self._changed.wait_for(partial(self._answered, mark, before), self._timeout):
                raise TimeoutError(f"the server did not answer within {self._timeout:.0f} s")
            if not self._replied(mark, before):
                raise LinkClosed(self._closed)
            refusals = list(self._refusals)
        general = [r for r in refusals if r.order is None]
        if orders_only and general:
            raise ServerRefused(general[0].message)
        return refusals

    def _answered(self, mark: int, before: tuple[Any, ...]) -> bool:
        return self._closed is not None or self._replied(mark, before)

    def _replied(self, mark: int, before: tuple[Any, ...]) -> bool:
        """Whether a status came after the ``mark`` first ones with refusals, or one unlike ``before``: every
        message this link sends either is refused or changes the seat's status (an order given or taken back
        renumbers the question, an ended decision opens another or a wait)."""
        return self._statuses > mark and (bool(self._refusals) or _moment(self._status) != before)


def _moment(status: Status | None) -> tuple[Any, ...]:
    """What a status says of the game for the seat (a question's number changes whenever the game does)."""
    if isinstance(status, Question):
        return ("question", status.ask, status.type, status.turn, status.phase)
    if isinstance(status, Wait):
        return ("wait", status.who, status.type, status.turn, status.phase, status.blocked)
    return (status.kind,) if status is not None else ()


def _legal(question: Question) -> list[Order]:
    """An orders question's legal orders, read; one that is no order is the server's fault (R-NET-03)."""
    read = []
    for i, raw in enumerate(question.legal):
        try:
            read.append(ORDER_ADAPTER.validate_python(raw))
        except ValidationError as exc:
            raise ProtocolError(f"server message refused: question.legal[{i}]: {exc.errors()[0]['msg']} "
                                "(R-NET-03)") from None
    return read


def _unit(refusal: Refusal) -> str:
    """The unit a refused order named (empty when it named none)."""
    if refusal.order is None:
        return ""
    try:
        return unit_of(ORDER_ADAPTER.validate_python(refusal.order))
    except ValidationError:
        return ""


__all__ = ["LinkClosed", "RemoteSeatLink", "ServerRefused"]
