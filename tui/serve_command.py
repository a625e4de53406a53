"""``vas serve``: host one campaign for seats that join over the network (issue #21).

    vas serve [--setup NAME] [--seed N] [--combat tactical|classic] [--option NAME]... [--load FILE]
              [--human PLAYER...] [--command PLAYER...|none] [--turns K] [--host H] [--port P] [--save FILE]
              [--data DIR]...

``--option`` sets a new game's rule options, as ``vas run --option`` (a loaded save keeps its own).

Each ``--human`` player is a remote seat (a human with ``vas join``, or an AI with ``vas join --ai``); its token
is printed at start (and kept beside the save, so that a restarted server takes the same tokens, R-NET-07).  The
others are played on the server by the baseline AI.  The game runs on :class:`strategic.session.GameSession`:
every order, answer and undo is checked and applied here only, for the player the seat's token names.  The
questions carry the engine's word on the orders and the waits why a battle blocks (:class:`ServerWords`).  The
game is saved (``--save``, default ``vas-serve.json``) each time it stops for a seat and at the end; ``--load``
that save to go on where it stopped.
The server listens on localhost unless ``--host`` says otherwise, and says where (R-NET-01).  It ends when the game
does (``--turns K``: at the start of the K-th turn after the first).  Without a ``--human`` seat there is nothing
to serve: it is refused (exit 2), pointing to ``vas run`` (R-UI-53).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hmac
import json
import secrets
import shlex
import sys
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from scenarios.errors import InputError
from scenarios.loader import CampaignData, load_data
from scenarios.models import Player
from scenarios.names import player_name
from strategic.battles import TacticalResolver
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.json_files import write_text_atomic
from strategic.orders import Move, Order
from strategic.protocol import (
    MAX_MESSAGE,
    Answer,
    Hello,
    ProtocolError,
    Refusal,
    SpeedRollFact,
    Undo,
    Welcome,
    read_client,
    write,
)
from strategic.resolvers import make_resolver
from strategic.rule_options import chosen_options
from strategic.saves import SaveError, data_for_load, last_good_text, load_state, save
from strategic.session import GameSession
from tactical import TacticalQuestion, UnknownOption
from tui.arguments import BID_HELP, poc_bid, rule_option, seed_number, turns_note, whole_number
from tui.order_advice import CampaignAdvice
from tui.order_selection import unit_of
from tui.outputs import OutputError, check_outputs, file_problem
from tui.question_words import waiting_hint, waiting_words
from tui.run_command import classic_question_lines

PLAYERS = [p.value for p in Player]


def add_serve_parser(sub: argparse._SubParsersAction, data_option) -> None:  # type: ignore[type-arg]
    run = sub.add_parser("serve", help="host a campaign for players on other machines")
    run.add_argument("--setup", "--start", dest="setup", type=lambda t: t.replace("-", "_"),
                     help="set-up of a new game (default standard)")
    run.add_argument("--seed", type=seed_number, help="dice seed of a new game (default 1)")
    run.add_argument("--combat", choices=["tactical", "classic"], help="combat of a new game (default tactical)")
    run.add_argument("--option", action="append", type=rule_option, metavar="NAME",
                     help="a rule option of a new game (repeatable; vas run --list-options lists them)")
    run.add_argument("--bid", action="append", type=poc_bid, metavar="THEATRE=N", help=BID_HELP)
    run.add_argument("--load", type=Path, metavar="FILE", help="go on with a saved game (a serve save)")
    run.add_argument("--human", nargs="+", default=[], metavar="PLAYER",
                     help=f"players who join over the network (vas join), of {', '.join(PLAYERS)}; the others "
                          "are the server's AI")
    run.add_argument("--command", nargs="+", metavar="PLAYER",
                     help="players among the --human ones who answer their own combat decisions (default: every "
                          "--human player); none: the AI answers every side")
    run.add_argument("--turns", type=whole_number(1), metavar="K", help="stop after K turns")
    run.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine "
                     "only)")
    run.add_argument("--port", type=whole_number(0, 65535), default=8765, help="port (default 8765; 0: any free one)")
    run.add_argument("--save", type=Path, metavar="FILE", default=Path("vas-serve.json"),
                     help="autosave here each time the game stops for a seat (default vas-serve.json)")
    data_option(run)
    run.set_defaults(func=cmd_serve)


def restart_line(args: argparse.Namespace) -> str:
    """The command that goes on with a stopped server's game (R-NET-17): its save, the same seats (their tokens
    are kept beside the save and used again), and the address, autosave and data folders it was given; the combat
    answered by each seat and the rule options are the save's."""
    words = ["vas", "serve", "--load", str(args.save), "--human", *[p for p in PLAYERS if p in args.human]]
    if args.save != Path("vas-serve.json"):
        words += ["--save", str(args.save)]
    if args.host != "127.0.0.1":
        words += ["--host", args.host]
    if args.port != 8765:
        words += ["--port", str(args.port)]
    for folder in args.data or []:
        words += ["--data", str(folder)]
    return shlex.join(words)


def tokens_path(save_path: Path) -> Path:
    """Where a served game keeps its seats' tokens: beside its save (R-NET-07)."""
    return save_path.with_name(save_path.name + ".seats.json")


def stop_path(save_path: Path) -> Path:
    """Where a served game keeps the turn it stops at: beside its save (R-NET-07)."""
    return save_path.with_name(save_path.name + ".stop")


def seat_tokens(save_path: Path, humans: list[Player], *, reuse: bool) -> dict[Player, str]:
    """A fresh random token for each human seat, or (``reuse``, a restarted server) the ones kept beside the
    save for seats that had one (R-NET-07)."""
    kept: dict[str, str] = {}
    path = tokens_path(save_path)
    if reuse and path.exists():
        try:
            kept = {str(k): str(v) for k, v in json.loads(path.read_text()).items()}
        except (ValueError, AttributeError) as exc:
            raise InputError(f"{path}: not a seats file ({exc})") from None
    # hexadecimal, so a token never starts with '-' and `vas join ... --token T` never reads it as an option
    tokens = {p: kept.get(p.value) or secrets.token_hex(16) for p in humans}
    write_text_atomic(path, json.dumps({p.value: t for p, t in tokens.items()}, indent=1))
    return tokens


def build_campaign(args: argparse.Namespace, data: CampaignData) -> tuple[Campaign, Clock]:
    """The new or loaded game, its resolver and clock; the human seats command their battles (``--command``)."""
    if args.load is not None:
        campaign = load_state(args.load, data)
        if args.combat:
            campaign.change_combat(args.combat)  # logged: a replay changes it at the same point (R-UI-114)
    else:
        campaign = Campaign.new(data, args.setup or "standard", seed=1 if args.seed is None else args.seed,
                                options=getattr(args, "option", None) or (), bid=dict(getattr(args, "bid", None) or []))
        campaign.state.combat = args.combat or "tactical"
        commanders = args.human if args.command is None else [p for p in args.command if p != "none"]
        campaign.state.battle_commanders = [Player(p) for p in PLAYERS if p in commanders]
    combat = campaign.state.combat
    campaign.resolver = TacticalResolver(keep_reports=False) if combat == "tactical" else make_resolver(combat)
    return campaign, Clock(campaign, resume=args.load is not None, checkpoints=True)  # R-NET-13


class ServerWords:
    """The seat's words the server sends with the rules' lists (:class:`strategic.session.SeatWords`): the
    engine's word on the deciding player's orders as the local screen has it (:class:`CampaignAdvice`, R-NET-14)
    and the blocked game as the local screen says it (:func:`waiting_words`, :func:`waiting_hint`, R-NET-13)."""

    def order_facts(self, campaign: Campaign, player: Player,
                    legal: Sequence[Order]) -> tuple[dict[str, str], list[SpeedRollFact]]:
        advice = CampaignAdvice(campaign, player.value)
        ordered = {unit_of(o) for o in legal}
        refusals: dict[str, str] = {}
        for name, unit in campaign.state.units.items():
            if unit.commander is player and name not in ordered:
                refused = advice.refusal(name)
                if refused is not None:
                    refusals[name] = refused
        rolls = []
        for index, order in enumerate(legal):
            roll = advice.speed_roll(order) if isinstance(order, Move) else None
            if roll is not None:
                rolls.append(SpeedRollFact(order=index, unit=roll.unit, faces=list(roll.faces), into=roll.into,
                                           rule=roll.rule, failure=roll.failure))
        return refusals, rolls

    def blocked(self, campaign: Campaign) -> tuple[str, str]:
        if not campaign.blocked:
            return "", ""
        return waiting_words(campaign) or "", waiting_hint(campaign) or ""

    def question_words(self, campaign: Campaign) -> list[str]:
        """A classic question as ``vas run --command`` words it; a question of the table its options (its AI
        answer is the question's advice: the words would fight the battle up to it again)."""
        asked = campaign.asked
        if asked is None:
            return []
        if isinstance(asked.question, TacticalQuestion):
            return [f"  {name}: {json.dumps(value)}" for name, value in asked.question.options.items()]
        return classic_question_lines(campaign)


@dataclass
class Seat:
    connection: ServerConnection
    player: Player
    seen: int = 0  # the events this connection was sent
    cuts: int = 0  # the session's cuts of the log (undos) this connection was told of


@dataclass
class Host:
    """The served game: the session, each seat's token and the seats connected now."""

    session: GameSession
    tokens: dict[Player, str]
    seats: list[Seat] = field(default_factory=list)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    report: Callable[[GameSession], None] = lambda _session: None  # the host told of engine failures (R-NET-33)

    async def handler(self, connection: ServerConnection) -> None:
        seat = await self._hello(connection)
        if seat is None:
            return
        for old in [s for s in self.seats if s.player is seat.player]:  # R-NET-22: the seat joined again
            await _close_refused(old.connection, Refusal(
                message=f"the {seat.player.value} seat joined again from another connection, which plays it from "
                        "now on: this one is closed (R-NET-22)", rule="R-NET-22"))
        self.seats.append(seat)
        try:
            await self._send_news(seat)
            async for text in connection:
                await self._on_message(seat, text)
        except ConnectionClosed:
            pass
        finally:
            self.seats.remove(seat)

    async def _hello(self, connection: ServerConnection) -> Seat | None:
        try:
            message = read_client(await connection.recv())
            refusal = self._check_hello(message)
            if refusal is not None:
                await _close_refused(connection, refusal)
                return None
            assert isinstance(message, Hello)
            state = self.session.campaign.state
            await connection.send(write(Welcome(seat=message.seat, setup=state.setup, seed=state.seed,
                                                combat=state.combat, rule_options=chosen_options(state))))
        except ProtocolError as exc:  # refused with its reason, then closed (R-NET-03)
            await _close_refused(connection, Refusal(message=str(exc)))
            return None
        except ConnectionClosed:
            return None
        return Seat(connection, message.seat, cuts=len(self.session.cuts))

    def _check_hello(self, message: Hello | Answer | Undo) -> Refusal | None:
        """Why a first message is refused: not a hello, or a token that is not the seat's (R-NET-02)."""
        if not isinstance(message, Hello):
            return Refusal(message="say hello first: seat and token (R-NET-02)", rule="R-NET-02")
        token = self.tokens.get(message.seat)
        if token is None or not hmac.compare_digest(token.encode(), message.token.encode()):
            return Refusal(message=f"wrong token for the {message.seat.value} seat, or it is not a seat that joins "
                                   "(R-NET-02)", rule="R-NET-02")
        return None

    async def _on_message(self, seat: Seat, text: str | bytes) -> None:
        try:
            message = read_client(text)
        except ProtocolError as exc:
            await _send(seat, Refusal(message=str(exc)))
            return
        if isinstance(message, Hello):
            await _send(seat, Refusal(message="already joined: send answers (R-NET-02)", rule="R-NET-02"))
            return
        # the player is the token's (the seat's), never the message's (R-NET-02)
        done = self.session.undo(seat.player, message) if isinstance(message, Undo) else \
            self.session.answer(seat.player, message)
        self.report(self.session)
        for refusal in done:
            await _send(seat, refusal)
        for other in list(self.seats):
            await self._send_news(other)
        if self.session.over:
            self.done.set()

    async def _send_news(self, seat: Seat) -> None:
        cuts = self.session.cuts
        cut = any(at < seat.seen for at in cuts[seat.cuts:])  # an undo took back events the seat was told
        events = self.session.events_for(seat.player, seat.seen, cut=cut)
        seat.seen, seat.cuts = events.upto, len(cuts)
        if events.lines or events.reset:
            await _send(seat, events)
        await _send(seat, self.session.message_for(seat.player))


async def _close_refused(connection: ServerConnection, refusal: Refusal) -> None:
    """Tell the seat why its first message was refused, then close the connection (code 1008, policy; the close
    reason cut to the 123 bytes the websocket protocol allows)."""
    try:
        await connection.send(write(refusal))
        await connection.close(1008, refusal.message.encode()[:120].decode(errors="ignore"))
    except ConnectionClosed:
        pass


async def _send(seat: Seat, message: BaseModel) -> None:
    """Send ``message`` to ``seat``; a seat that has gone is told nothing (it is sent the news when it rejoins)."""
    with contextlib.suppress(ConnectionClosed):
        await seat.connection.send(write(message))


async def host_game(host: Host, address: str, port: int, ready: Any = None) -> None:
    """Serve ``host`` on ``address``:``port`` until its game is over; ``ready(port)`` is called once listening."""
    async with serve(host.handler, address, port, max_size=MAX_MESSAGE) as server:
        bound = next(iter(server.sockets)).getsockname()[1]
        if ready is not None:
            ready(bound)
        if host.session.over:
            host.done.set()
        await host.done.wait()
        for seat in list(host.seats):  # every seat is told the game is over
            await host._send_news(seat)
            await seat.connection.close()


def make_host(args: argparse.Namespace, data: CampaignData) -> Host:
    """The game of ``args`` with its autosave and tokens (raises :class:`InputError` for a bad save or seat)."""
    campaign, clock = build_campaign(args, data)
    humans = [Player(p) for p in PLAYERS if p in args.human]
    tokens = seat_tokens(args.save, humans, reuse=args.load is not None)
    stop = campaign.state.turn + args.turns if args.turns else None
    if args.load is not None and args.turns is None:
        stop = _kept_stop(args.save)
    write_text_atomic(stop_path(args.save), json.dumps(stop))
    session = GameSession(campaign, clock, humans, stop_turn=stop, on_stop=lambda: save(campaign, args.save),
                          words=ServerWords())
    return Host(session, tokens)


class FailureReport:
    """What the host is told when the engine fails in a served game (R-NET-33): a battle that failed on the table
    and was fought by the classic rules, in one line each; a failure that stops the game, in one line, with the game
    at its last good state written to the save and the traceback beside it (for a bug report)."""

    def __init__(self, save_path: Path) -> None:
        self.save_path = save_path
        self.told = 0
        self.stopped = ""  # the line that says where the stopped game is kept

    def __call__(self, session: GameSession) -> None:
        for failed in session.fell_back[self.told:]:
            print(f"vas serve: {failed}; that battle is fought by the classic rules and the game goes on (R-NET-33)"
                  f"{self._traceback(failed)}", file=sys.stderr, flush=True)
        self.told = len(session.fell_back)
        if session.error is not None and not self.stopped:
            text = last_good_text(session.campaign, session.clock)
            kept = "the save is left as it was at the last question"
            if text is not None:
                with contextlib.suppress(OSError):
                    write_text_atomic(self.save_path, text)
                    kept = "the game as it was before it is saved"
            self.stopped = f"{kept} in {self.save_path}{self._traceback(session.error)}"
            print(f"vas serve: {session.error}; the game stops: {self.stopped}", file=sys.stderr, flush=True)

    def _traceback(self, error: BaseException) -> str:
        """Write ``error``'s traceback beside the save; ``; the traceback is in F`` (or nothing if it cannot)."""
        path = self.save_path.with_name(self.save_path.name + ".traceback.txt")
        try:
            write_text_atomic(path, "".join(traceback.format_exception(error)))
        except OSError:
            return ""
        return f"; the traceback is in {path}"


def _kept_stop(save_path: Path) -> int | None:
    """The turn a restarted game stops at: the one its first server was told (kept beside the save)."""
    path = stop_path(save_path)
    try:
        value = json.loads(path.read_text()) if path.exists() else None
    except ValueError:
        return None
    return value if isinstance(value, int) else None


def cmd_serve(args: argparse.Namespace) -> int:
    unknown = [p for p in args.human + (args.command or []) if p not in (*PLAYERS, "none")]
    if unknown:
        print(f"vas serve: unknown player(s) {', '.join(unknown)}; use {', '.join(PLAYERS)}", file=sys.stderr)
        return 2
    strays = [p for p in args.command or [] if p != "none" and p not in args.human]
    if strays:  # R-UI-88: the server's AI plays that seat; its battles would wait for a commander who never joins
        print(f"vas serve: --command {' '.join(strays)}: not a --human seat; --command names players among the "
              f"--human ones ({' '.join(args.human) or 'none given'}), the AI answers the battles of the others",
              file=sys.stderr)
        return 2
    if args.load is not None and (args.seed is not None or args.setup is not None or getattr(args, "option", None)
                                  or getattr(args, "bid", None)):
        print("vas serve: --seed, --setup, --bid and --option cannot be used with --load: a saved game keeps its own",
              file=sys.stderr)
        return 2
    if not args.human:  # R-UI-53: nothing to serve; the game would be played whole before the server listened
        print("vas serve: no --human seat: the server's AI would play all four players and no one could join; "
              "name the seats that join over the network (--human PLAYER...; vas join --ai baseline seats an AI), "
              "or play an all-AI game with vas run", file=sys.stderr)
        return 2
    try:  # the autosave and the files beside it, before any work (README: exit code 2)
        check_outputs({"--save": args.save}, inputs={"--load": args.load})
        if args.load is None and args.save.exists():  # R-UI-113: a new game wrote over the last one's autosave
            raise OutputError(f"--save {args.save}: a game is saved there; go on with it (vas serve --load "
                              f"{args.save} --human ...), give the new game another --save, or remove the file")
        for beside in (tokens_path(args.save), stop_path(args.save)):
            problem = file_problem(beside)
            if problem:
                raise OutputError(f"--save {args.save}: {beside} beside it {problem}")
    except OutputError as exc:
        print(f"vas serve: {exc}", file=sys.stderr)
        return 2
    try:  # a loaded game keeps the --data folders it was saved on unless --data is given (R-UI-111)
        folders, data_note = (data_for_load(args.load, args.data) if args.load is not None
                              else ([Path(d) for d in args.data or []], ""))
    except SaveError as exc:
        print(f"vas serve: {exc}", file=sys.stderr)
        return 2
    if data_note:
        print(f"vas serve: {data_note}", flush=True)
    data = load_data(folders)
    report = FailureReport(args.save)
    try:
        host = make_host(args, data)
        host.report = report
        report(host.session)
    except UnknownOption as exc:
        print(f"vas serve: --option: {exc}", file=sys.stderr)
        return 2
    except (SaveError, InputError, ValueError) as exc:
        print(f"vas serve: {exc}", file=sys.stderr)
        return 1

    extra = turns_note(args.turns, host.session.campaign.state.turn, host.session.campaign.setup.last_turn)
    if extra:
        print(f"vas serve: {extra}", flush=True)

    def ready(port: int) -> None:
        where = "this machine only" if args.host in ("127.0.0.1", "localhost", "::1") else "the network"
        print(f"vas serve: listening on ws://{args.host}:{port} ({where}); autosave {args.save}", flush=True)
        for player, token in host.tokens.items():
            print(f"  {player_name(player)}: vas join ws://{args.host}:{port} --seat {player.value} --token {token}",
                  flush=True)
        ai = [p for p in PLAYERS if Player(p) not in host.tokens]
        print(f"  AI on the server: {', '.join(map(player_name, ai)) or 'none'}", flush=True)

    try:
        asyncio.run(host_game(host, args.host, args.port, ready))
    except OSError as exc:
        print(f"vas serve: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"\nvas serve: stopped; the game is saved in {args.save}; go on with: {restart_line(args)}",
              file=sys.stderr)
        return 130
    if host.session.error is not None:
        print(f"vas serve: stopped by an engine error; {report.stopped}; go on with: {restart_line(args)}",
              file=sys.stderr)
        return 4
    print(f"vas serve: game over: {host.session.game_over().summary}; saved in {args.save}")
    return 0
