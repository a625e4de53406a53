"""``vas join``: play one seat of a campaign that ``vas serve`` hosts (issue #21).

    vas join URL --seat PLAYER --token T [--ai baseline]

The seat is shown only its own view (the server sends nothing else).  ``--ai baseline`` answers every question
with the AI's advice the server sends with it (the baseline AI's orders or combat answer, R-NET-06): an AI seat, for
tests and to fill seats.  Without ``--ai`` the seat is played at the terminal: the events are printed as they come,
and each question, after a line of the board, lists its legal orders by number in the campaign screen's words (at
the first question of a phase; ``l`` lists them again); type numbers to give those orders (several on one line all
or none), or an order as the campaign screen's order line reads it (``move Hood > n atl``, ``place Nelson, Rodney >
England``: R-NET-19), ``a`` the AI's orders (the phase goes on), ``u`` take back the last order given in this
decision, ``d`` end the phase (asked first while orders remain, R-NET-23), a JSON order or answer as ``vas run
--answer`` takes it.  A combat question comes in words (R-NET-20) and is answered as on the combat screen's answer
line (R-NET-21).  An undo is the server's (R-NET-15): it refuses one out of turn, stale or with nothing to take
back.

The TUI of ``vas play`` is not yet driven remotely (R-NET-08).  The protocol (version 3) carries what its campaign
screen needs for the orders part of play (R-NET-12..15: the rule options, the seat's view between its turns, the
engine's word on its orders, undo and the log told again after it; R-NET-18: orders given together, all or none),
and the seat reads its view back (R-VIEW-36: the prompt's board line); the orders part of a websocket link
(:mod:`tui.remote_link`, R-NET-24) reads and gives them, but no command opens the campaign screen on it yet, and
the battle questions on the table are still to come (docs/architecture.md "Network play").

A seat that cannot join (an address that is not a server's, no server there, a wrong token, a seat that is not one
of the game's joining seats) gets one line and exit code 2; a connection lost during the game exit code 1
(R-NET-09).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
import threading
from collections import Counter
from collections.abc import Callable
from functools import lru_cache, partial
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from pydantic import ValidationError
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from scenarios.errors import InputError
from scenarios.loader import CampaignData, load_data
from scenarios.models import Player, Theatre
from scenarios.names import player_words
from strategic.battle_names import ORDER_KEY, SURPRISE_KEY
from strategic.classic.scripts import Question as ClassicQuestion
from strategic.classic.scripts import ScriptError
from strategic.narrate import lead
from strategic.orders import ORDER_ADAPTER, Order
from strategic.phases import Phase
from strategic.protocol import (
    MAX_MESSAGE,
    Answer,
    Events,
    GameOver,
    Hello,
    ProtocolError,
    Question,
    Refusal,
    Undo,
    Wait,
    Welcome,
    read_server,
    write,
)
from strategic.state import UnitStatus
from strategic.views import CampaignView, ViewError
from tui.combat_screen import EXAMPLES, merge_typed, parse_order, parse_typed, rows_for
from tui.order_entry import Legal, OrderSyntaxError, describe, hint, parse_orders

PLAYERS = [p.value for p in Player]
Chooser = Callable[[Question], Answer | Undo]
SHOWN_ORDERS = 60
"""The legal orders the line prompt lists at once (the rest are listed as orders are given)."""
ACCOUNT_SHOWN = 6
"""The last lines of a battle's account shown with a combat question when none are known to be told (as the
combat screen shows them)."""
OPEN_TIMEOUT = 20.0
"""Seconds to wait for the server to accept the connection (a host that never answers)."""


class JoinError(InputError):
    """The seat could not join the game: the address, the server or the seat's token (exit code 2, R-NET-09)."""


class TakenOver(InputError):
    """The seat joined again from another connection, which plays it now: this one is closed (exit 1, R-NET-22)."""


def add_join_parser(sub: argparse._SubParsersAction, data_option: Any = None) -> None:  # type: ignore[type-arg]
    run = sub.add_parser("join", help="play a seat of a campaign that vas serve hosts")
    run.add_argument("url", help="the server's address, ws://HOST:PORT (vas serve prints it)")
    run.add_argument("--seat", required=True, metavar="PLAYER",
                     help=f"the player this seat plays, of {', '.join(PLAYERS)}")
    run.add_argument("--token", required=True, help="the seat's token (vas serve prints it)")
    run.add_argument("--ai", choices=["baseline"], help="play the seat with the AI (its advice) instead")
    if data_option is not None:
        data_option(run)  # the names of typed orders: the server's --data folders (R-NET-19)
    run.set_defaults(func=cmd_join)


def ai_answer(question: Question) -> Answer:
    """The AI seat's answer: the advice the question carries (R-NET-06)."""
    if question.type == "orders":
        return Answer(ask=question.ask, type="orders", orders=list(question.advice or []), done=True)
    return Answer(ask=question.ask, type="combat", answer=question.advice)


async def play_seat(url: str, seat: Player, token: str, choose: Chooser, out: Callable[[str], None]) -> GameOver:
    """Join ``url`` as ``seat`` and answer every question with ``choose`` until the game is over; raises
    :class:`JoinError` if the seat cannot join (:func:`open_seat`), :class:`ProtocolError` for a server message
    not of the schema and :class:`ConnectionClosed` if the connection is lost."""
    connection, welcome = await open_seat(url, seat, token)
    async with connection:
        options = f", options {', '.join(welcome.rule_options)}" if welcome.rule_options else ""
        out(f"joined {welcome.setup}, seed {welcome.seed}, combat {welcome.combat}{options}, as {welcome.seat.value}")
        return await _answer_all(connection, choose, out)


async def open_seat(url: str, seat: Player, token: str) -> tuple[ClientConnection, Welcome]:
    """Connect to ``url`` and say hello as ``seat``: the connection and the server's welcome.  Raises
    :class:`JoinError`, naming the address and the reason, if there is no server there or it refuses the seat."""
    try:
        connection = await connect(url, max_size=MAX_MESSAGE, open_timeout=OPEN_TIMEOUT)
    except InvalidURI:
        raise JoinError(f"{url} is not a server address: give ws://HOST:PORT as vas serve prints it") from None
    except ValueError as exc:  # a port out of 0-65535, a host name no DNS can spell (UnicodeError): R-UI-87
        raise JoinError(f"{url} is not a server address ({str(exc).split(' (')[0]}): give ws://HOST:PORT as vas "
                        "serve prints it") from None
    except ConnectionRefusedError:
        raise JoinError(f"no server at {url} (connection refused): is vas serve running there?") from None
    except TimeoutError:
        raise JoinError(f"{url} did not answer within {OPEN_TIMEOUT:.0f} s") from None
    except OSError as exc:
        raise JoinError(f"cannot reach {url}: {exc.strerror or exc}") from None
    except InvalidHandshake as exc:
        raise JoinError(f"{url} is not a vas serve game ({exc})") from None
    try:
        await connection.send(write(Hello(seat=seat, token=token)))
        first = read_server(await connection.recv())
    except (ConnectionClosed, ProtocolError) as exc:
        await connection.close()
        raise JoinError(f"{url} did not welcome the seat ({exc})") from None
    if not isinstance(first, Welcome):
        await connection.close()
        reason = first.message if isinstance(first, Refusal) else f"a {first.kind} message"
        raise JoinError(f"the server refused the {seat.value} seat: {reason}")
    return connection, first


JOINED_LINES = 40
"""The lines of the game so far a seat is shown when it joins (R-NET-35): the end of the log, not all of it."""


async def _answer_all(connection: ClientConnection, choose: Chooser, out: Callable[[str], None]) -> GameOver:
    waited = ""  # the waiting line last printed: the server sends a wait after each order of the player waited for
    joined = True  # the first events are the game so far
    async for text in connection:
        message = read_server(text)
        if isinstance(message, Events):
            if message.reset:  # an order taken back: the whole log again, printed before but for the order's lines
                out("the last order is taken back")
                continue
            lines = message.lines
            if joined and len(lines) > JOINED_LINES:  # a rejoined seat was told the rest before (R-NET-35)
                out(f"(the game so far: {len(lines) - JOINED_LINES} earlier lines of the log left out)")
                lines = lines[-JOINED_LINES:]
            joined = False
            for line in lines:
                out(line)
        elif isinstance(message, Refusal):
            if message.rule == "R-NET-22":
                raise TakenOver(message.message)
            out(f"refused: {message.message}" + (f" [{message.rule}]" if message.rule else ""))
        elif isinstance(message, Wait):
            if message.view:
                read_view(message.view, "wait")  # checked as the question's is
            line = f"turn {message.turn} {message.phase}: waiting for {player_words(message.who)} ({message.type})"
            if line != waited:  # told once, not once per order given by the player waited for (R-NET-31)
                out(line)
            waited = line
        elif isinstance(message, Question):
            waited = ""
            out(board_line(read_view(message.view, "question")))
            await connection.send(write(await _while_connected(connection, _off_the_loop(choose, message))))
        elif isinstance(message, GameOver):
            out(f"game over: {message.summary}")
            return message
    raise ProtocolError("the server closed the connection before the game was over")


def read_view(sent: dict[str, Any], kind: str) -> CampaignView:
    """The seat's view a ``kind`` message carries, read back (:meth:`CampaignView.from_dict`, R-VIEW-36); a view
    that is not one is the server's fault: :class:`ProtocolError` naming the field."""
    try:
        return CampaignView.from_dict(sent)
    except ViewError as exc:
        raise ProtocolError(f"server message refused: {kind}.{exc} (R-NET-03)") from None


def board_line(view: CampaignView) -> str:
    """The board as the seat's view shows it, one line before each question (R-VIEW-36): each theatre's POC (less
    the bid), the battles pending, the seat's own units by where they are."""
    tracks = " · ".join(f"{t.value} {lead(view.standing(t))}" for t in Theatre if t in view.poc)
    where = Counter(u.status for u in view.own_units())
    units = ", ".join(f"{where[s]} {words}" for s, words in ((UnitStatus.PORT, "in port"), (UnitStatus.SEA, "at sea"),
                                                             (UnitStatus.AWAITING, "to arrive"),
                                                             (UnitStatus.SUNK, "sunk")) if where[s])
    pending = [_pending_words(e) for e in view.pending_battles if not e.startswith(ORDER_KEY)]
    battles = f" · battles pending: {', '.join(pending)}" if pending else ""
    return f"board: turn {view.turn}, {view.phase.value} · POC {tracks}{battles} · your units: {units or 'none'}"


def _pending_words(entry: str) -> str:
    """A pending battle as the board line names it: its sea area, ``(surprise attack)`` added for 002 §5.7's."""
    return f"{entry.removeprefix(SURPRISE_KEY)} (surprise attack)" if entry.startswith(SURPRISE_KEY) else entry


async def _while_connected(connection: ClientConnection, answer: Any) -> Answer | Undo:
    """The answer the coroutine ``answer`` gives, or, if the server closes the connection first, an ``OSError``
    at once (R-NET-23: a player kept typing to a server that had gone, and his order was lost)."""
    typed = asyncio.ensure_future(answer)
    closed = asyncio.ensure_future(connection.wait_closed())
    done, _pending = await asyncio.wait({typed, closed}, return_when=asyncio.FIRST_COMPLETED)
    if typed in done:
        closed.cancel()
        return typed.result()  # type: ignore[no-any-return]
    typed.cancel()
    raise OSError("the server closed the connection while you were typing")


async def _off_the_loop(choose: Chooser, question: Question) -> Answer | Undo:
    """``choose(question)`` on a thread of its own, so the event loop keeps answering the server's keepalive pings
    while a player thinks at the prompt (R-NET-11: a blocked loop lost the connection after about 40 s).  The
    thread is a daemon: Ctrl-C at the prompt ends the client without waiting for ``input()`` to return."""
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[Answer | Undo] = loop.create_future()

    def settle(result: Answer | Undo | None, error: BaseException | None) -> None:
        if answer.done():
            return
        if error is not None:
            answer.set_exception(error)
        else:
            answer.set_result(result)  # type: ignore[arg-type]

    def work() -> None:
        result: Answer | Undo | None = None
        error: BaseException | None = None
        try:
            result = choose(question)
        except BaseException as exc:  # EOFError, ValueError...: raised again in the client's coroutine
            error = exc
        with contextlib.suppress(RuntimeError):  # the client has already stopped (Ctrl-C, connection lost)
            loop.call_soon_threadsafe(settle, result, error)

    threading.Thread(target=work, name="vas-join-prompt", daemon=True).start()
    return await answer


def _prompt(text: str) -> str:
    """``input(text)``; but when standard input or output is not a terminal (``vas join ... | tee log``), the line is
    read from file descriptor 0 directly (R-NET-36): ``input()`` on a pipe holds the buffered stdin's lock in the
    prompt's daemon thread, and an interpreter leaving while it waits (the server gone) aborted with "Fatal Python
    error: _enter_buffered_busy", exit 134.  On a terminal ``input()`` keeps its line editing."""
    if sys.stdin is not sys.__stdin__ or sys.stdin is None or (sys.stdin.isatty() and sys.stdout.isatty()):
        return input(text)  # a terminal, or a replaced stdin (tests)
    sys.stdout.write(text)
    sys.stdout.flush()
    line = bytearray()
    while (byte := os.read(sys.stdin.fileno(), 1)) not in (b"", b"\n"):
        line += byte
    if not byte and not line:
        raise EOFError
    return line.decode(errors="replace").rstrip("\r")


def terminal_answer(question: Question, data: CampaignData | None = None,
                    listed: dict[tuple[int, str], list[dict[str, Any]]] | None = None,
                    told: dict[str, int] | None = None) -> Answer | Undo:
    """A seat played at the terminal (module docstring); ``data`` reads the names of typed orders (the bundled data
    when none is given).  With ``listed`` (the orders last listed, by turn and phase, kept by the caller) the
    numbered orders are listed at the first question of a phase only, and again with ``l``, and a number means the
    order it was listed with until the next listing (R-NET-19); with ``told`` (per turn and battle, the lines of its
    account printed) a battle's account is printed from where it was left (none given: its last
    :data:`ACCOUNT_SHOWN` lines)."""
    if question.type == "combat":
        _print_account(question, told)
        return _combat_answer(question)
    legal = _orders(question.legal)
    print(f"turn {question.turn}, {question.phase}: your orders ({len(question.legal)} legal)")
    key = (question.turn, question.phase)
    if listed is None or key not in listed:
        _list_orders(question, legal)
        if listed is not None:
            listed.clear()  # the numbers of an earlier phase mean nothing now
            listed[key] = list(question.legal)
    known = [o for o in legal if o is not None]
    if known:
        print(f"  {hint(known).replace('/ to type an order', 'or type an order as in vas play')}")
    while True:
        text = _prompt("orders (numbers, a typed order, l: list them, u: take back the last, a: give the AI's orders, "
                       "d: end the phase, or a JSON order) > ").strip()
        if text == "l":
            _list_orders(question, legal)
            if listed is not None:
                listed[key] = list(question.legal)
            continue
        answer = _orders_answer(question, text, data, listed.get(key) if listed is not None else None)
        if answer is not None:
            return answer


def _print_account(question: Question, told: dict[str, int] | None) -> None:
    """The battle's account since the seat's last question in it (R-NET-20): what was fired, hit and sunk."""
    key = f"{question.turn}:{question.battle}"  # one battle an area a turn (002 §4.1)
    start = max(len(question.account) - ACCOUNT_SHOWN, 0) if told is None else min(told.get(key, 0),
                                                                                   len(question.account))
    for line in question.account[start:]:
        print(f"  | {line}")
    if told is not None:
        told[key] = len(question.account)


def _combat_answer(question: Question) -> Answer:
    """A combat question at the terminal: in words (R-NET-20), answered as the combat screen's answer line reads it
    (R-NET-21: ``Renown > Gneisenau``; the units not named keep the AI's answer), as JSON, ``a`` (the AI's) or ``d``
    (the AI commands the rest of the battle)."""
    if question.words:  # the question in words, as vas run --command prints it (R-NET-20)
        print(f"combat question in {question.battle}: {question.question.get('decision', '')}")
        for line in question.words:
            print(line)
    else:
        print(f"combat question in {question.battle} ({question.rule}): {json.dumps(question.question)}")
    if not any(line.lstrip().startswith("the AI would answer") for line in question.words):
        print(f"the AI would answer {json.dumps(question.advice)}")
    decision = str(question.question.get("decision", ""))
    typed = question.engine != "tactical" and decision in EXAMPLES
    example = f"typed as in vas play ({EXAMPLES[decision]}), " if typed else ""
    while True:
        text = _prompt(f"answer ({example}JSON, a: the AI's, d: leave the battle to the AI) > ").strip()
        if text == "d":
            return Answer(ask=question.ask, type="delegate")
        if text in ("", "a"):
            return Answer(ask=question.ask, type="combat", answer=question.advice)
        if not typed or text[:1] in ('[', '{', '"'):  # JSON: the answer as vas run --answer takes it
            return Answer(ask=question.ask, type="combat", answer=_json(text))
        answer = _typed_combat(question, decision, text)
        if answer is not _UNREAD:
            return Answer(ask=question.ask, type="combat", answer=answer)


_UNREAD = object()


def _typed_combat(question: Question, decision: str, text: str) -> Any:
    """The answer a typed line gives (:func:`tui.combat_screen.parse_typed`, merged with the AI's answer as the
    combat screen merges it with its rows, R-SEAT-21), or :data:`_UNREAD` (said why) when it cannot be read."""
    try:
        classic = ClassicQuestion.from_json(question.question, "question")
        if decision == "order_battles":
            return parse_order(list(classic.options.get("areas", [])), text)
        rows = rows_for(classic, SimpleNamespace(suggestion=question.advice, view=None))  # type: ignore[arg-type]
        return merge_typed(decision, rows, parse_typed(decision, rows, text), classic.options.get("factors"))
    except (ValueError, KeyError, TypeError, ScriptError) as exc:
        print(f"not an answer: {exc}; type it again")
        return _UNREAD


def _list_orders(question: Question, legal: list[Order | None]) -> None:
    """The first :data:`SHOWN_ORDERS` legal orders, numbered, in words (JSON for one this program cannot read)."""
    for i, (raw, order) in enumerate(zip(question.legal[:SHOWN_ORDERS], legal, strict=False), 1):
        print(f"  {i:3} {describe(order) if order is not None else json.dumps(raw)}")
    if len(question.legal) > SHOWN_ORDERS:
        print(f"  ... and {len(question.legal) - SHOWN_ORDERS} more: type one, or give some and see the rest")


def _orders(legal: list[dict[str, Any]]) -> list[Order | None]:
    """The legal orders a question lists, read (``None`` for one this program cannot read: shown as JSON)."""
    read: list[Order | None] = []
    for raw in legal:
        try:
            read.append(ORDER_ADAPTER.validate_python(raw))
        except ValidationError:
            read.append(None)
    return read


def _orders_answer(question: Question, text: str, data: CampaignData | None = None,
                   shown: list[dict[str, Any]] | None = None) -> Answer | Undo | None:
    """The answer a line typed at the orders prompt gives; ``None`` (said why) when it gives none: a JSON order
    that cannot be read or is not an object is refused here, at the prompt, and asked again (R-NET-16), and so is
    a typed order that does not parse, a number no order has, an order no longer legal, and an empty line; ``d``
    asks first while orders remain (R-NET-19, R-NET-23).  Numbers are those of ``shown``, the orders as last
    listed (the question's own legal orders when none is given)."""
    if text == "":
        print("nothing typed: d ends the phase; numbers or a typed order give orders; l lists them")
        return None
    if text == "d":
        return _end_phase(question)
    if text == "u":
        return Undo(ask=question.ask)
    if text == "a":  # given, not ended: the player sees them, takes back what he will, and ends with d (R-NET-23)
        print("the AI's orders for the rest of the phase are given: u takes back the last, d ends the phase")
        return Answer(ask=question.ask, type="orders", orders=list(question.advice or []), done=False)
    if text.startswith("{"):
        order = _json(text)
        if not isinstance(order, dict):
            print(f"not a JSON order: {text!r} cannot be read as a JSON object; type it again")
            return None
        return Answer(ask=question.ask, type="orders", orders=[order], done=False)
    words = text.replace(",", " ").split()
    if not words[0].isdigit():
        return _typed_answer(question, text, data)
    numbered = question.legal if shown is None else shown
    wrong = [w for w in words if not w.isdigit() or not 0 < int(w) <= len(numbered)]
    if wrong:  # R-NET-19: said, never sent as no order at all
        print(f"no order numbered {', '.join(wrong)}: the orders are numbered 1 to {len(numbered)}; type "
              "them again")
        return None
    picked = [numbered[int(n) - 1] for n in words]
    gone = [f"{n} ({_words(o)})" for n, o in zip(words, picked, strict=True) if o not in question.legal]
    if gone:
        print(f"no longer legal: {', '.join(gone)}; l lists the orders legal now")
        return None
    return _together(question, picked)


def _words(raw: dict[str, Any]) -> str:
    """An order (JSON) in the campaign screen's words, or as JSON when this program cannot read it."""
    read = _orders([raw])[0]
    return describe(read) if read is not None else json.dumps(raw)


def _end_phase(question: Question) -> Answer | None:
    """``d``: the phase ends, asked first while orders remain (R-NET-23: a stray Enter ended it, and 39 ships were
    placed where the rules put unplaced ones)."""
    if question.legal:
        units = len({str(o.get("unit", "")) for o in question.legal} - {""}) or len(question.legal)
        sure = _prompt(f"end the {question.phase} phase with orders still possible for {units} unit(s)? y ends it > ")
        if sure.strip().lower() not in ("y", "yes"):
            print("the phase goes on")
            return None
    return Answer(ask=question.ask, type="orders", orders=[], done=True)


def _together(question: Question, orders: list[dict[str, Any]]) -> Answer | None:
    """The orders of one line, given together (all or none, as a stack's on the campaign screen, R-NET-18); two
    for one unit, or one for a unit with no legal order now, are said (with the engine's reason, R-NET-14) and
    asked again (the engine's refusal would hide why, R-NET-19)."""
    units = [str(o.get("unit", "")) for o in orders]
    twice = sorted({u for u in units if u and units.count(u) > 1})
    if twice:
        print(f"two orders for {', '.join(twice)} on one line: give each unit one order; type them again")
        return None
    ordered = {str(o.get("unit", "")) for o in question.legal}
    idle = [u for u in dict.fromkeys(units) if u and u not in ordered]
    if idle:
        for unit in idle:
            print(f"{unit} has no legal order now: {question.refusals.get(unit, 'it has had its order this phase')}")
        return None
    return Answer(ask=question.ask, type="orders", orders=orders, done=False, together=len(orders) > 1)


def _typed_answer(question: Question, text: str, data: CampaignData | None) -> Answer | None:
    """An order typed in the campaign screen's words (:mod:`tui.order_entry`: ``move Hood > North Sea``, several
    units with commas, given together, R-NET-18), its names read among the question's legal orders first
    (R-UI-51); a line that does not parse is said why and asked again (R-NET-19)."""
    phase = Phase(question.phase) if question.phase in {p.value for p in Phase} else None
    known = [o for o in _orders(question.legal) if o is not None]
    try:
        orders = parse_orders(data or _bundled_data(), text, phase, Legal.of(known))
    except OrderSyntaxError as exc:
        print(f"not an order: {exc}; type it again")
        return None
    return _together(question, [json.loads(ORDER_ADAPTER.dump_json(o)) for o in orders])


@lru_cache(maxsize=1)
def _bundled_data() -> CampaignData:
    """The bundled data, loaded at the first typed order (the names it reads)."""
    return load_data([])


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def cmd_join(args: argparse.Namespace) -> int:
    if args.seat not in PLAYERS:
        print(f"vas join: --seat {args.seat}: not a player; use {', '.join(PLAYERS)}", file=sys.stderr)
        return 2
    # the names typed orders use (an AI seat types none, but --data given is checked all the same)
    data = load_data([Path(d) for d in args.data or []]) if not args.ai or args.data else None
    choose: Chooser = ai_answer if args.ai else partial(terminal_answer, data=data, listed={}, told={})
    try:
        over = asyncio.run(play_seat(args.url, Player(args.seat), args.token, choose, print))
    except JoinError as exc:
        print(f"vas join: {exc}", file=sys.stderr)
        return 2
    except (ProtocolError, TakenOver) as exc:
        print(f"vas join: {exc}", file=sys.stderr)
        return 1
    except (OSError, ConnectionClosed) as exc:
        print(f"vas join: the connection to {args.url} was lost ({exc}); join again with the same token to go on",
              file=sys.stderr)
        return 1
    except EOFError:  # the input ended (a pipe, Ctrl-D): not an interrupt
        print("\nvas join: the input ended: left the game; join again with the same token to go on", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nvas join: left the game; join again with the same token to go on", file=sys.stderr)
        return 130
    return 0 if over else 1
