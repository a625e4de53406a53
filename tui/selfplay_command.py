"""``vas selfplay``: many seeded AI campaigns and a report (win rates, POC per turn, losses, battles, invariants).

    vas selfplay [--games N] [--seed S] [--workers W] [--dask [ADDRESS]] [--setup NAME]
                 [--combat classic|tactical] [--axis LEVEL] [--allies LEVEL] [--per-game | --no-per-game]
                 [--option NAME]... [--bid THEATRE=N]... [--json FILE] [--data DIR]...
    vas selfplay --list-options

Levels: easy (the baseline AI), normal, hard.  ``--combat tactical`` fights every battle it can with the
miniatures engine (strategic/battles.py), the rest by the classic rules; the report then counts both, and prints
one line per game (``--no-per-game`` leaves those out; ``--per-game`` adds them for classic combat).  Every game is
checked against the engine's invariants (strategic/invariants.py).  Local processes by default; ``--dask`` with
no address starts a Dask LocalCluster, with an address joins that scheduler.  The same seeds give the same results
either way.  Everything is checked before the first game: the numbers, the set-up (against the campaign data), the
``--dask`` address, and the ``--json`` path (:func:`tui.outputs.check_outputs`; the file is written atomically).
Exit code 0, or 1 when a game broke an invariant (each breach is printed) or the data is invalid, 2 for bad usage
(the message names the flag).  ``--option NAME`` (repeatable) plays every game under that rule option, as
``vas run --option`` does (:mod:`strategic.rule_options`: a campaign option the set-up does not play is refused
before the first game); ``--list-options`` lists them.
"""

from __future__ import annotations

import argparse
import json
import socket
import sys
import time
from pathlib import Path

from scenarios.loader import load_data
from strategic.bid import bid_words, check_bids
from strategic.json_files import write_text_atomic
from strategic.planner import LEVELS
from strategic.rule_options import option_lines
from strategic.selfplay import (
    ALLIED_PLAYERS,
    AXIS_PLAYERS,
    COMBATS,
    report,
    results_as_dicts,
    run_dask,
    run_local,
    specs_for,
)
from tactical import UnknownOption
from tui.arguments import BID_HELP, MAX_WORKERS, poc_bid, rule_option, seed_number, whole_number, worker_number
from tui.outputs import OutputError, check_outputs

MAX_GAMES = 100_000
"""More games than this are refused (each is a whole campaign: a second or more)."""


game_count = whole_number(1, MAX_GAMES)
"""An argparse ``type``: 1 to :data:`MAX_GAMES` games."""

worker_count = worker_number
"""An argparse ``type``: 1 or more processes."""


def _setup_name(text: str) -> str:
    """Set-up names are written with underscores in the data; ``early-war`` is accepted for ``early_war``."""
    return text.replace("-", "_")


def add_selfplay_parser(sub: argparse._SubParsersAction, data_option) -> None:  # type: ignore[type-arg]
    cmd = sub.add_parser("selfplay", help="play many seeded AI campaigns and report")
    cmd.add_argument("--games", type=game_count, default=20, metavar="N", help=f"games, 1 to {MAX_GAMES} (default 20)")
    cmd.add_argument("--seed", type=seed_number, default=1, metavar="S", help="seed of the first game, 0 or more")
    cmd.add_argument("--workers", type=worker_count, default=None, metavar="W",
                     help=f"local processes, or the LocalCluster's with --dask (1 to {MAX_WORKERS}; default 1)")
    cmd.add_argument("--dask", nargs="?", const="", default=None, metavar="ADDRESS",
                     help="run on Dask: a scheduler address (host:port), or a LocalCluster when none is given")
    cmd.add_argument("--setup", default="standard", type=_setup_name, metavar="NAME",
                     help="set-up name (vas data show standard; default standard)")
    cmd.add_argument("--combat", choices=COMBATS, default="classic",
                     help="classic (War at Sea / VITP) or tactical (the miniatures engine, classic as fallback)")
    cmd.add_argument("--axis", choices=LEVELS, default="normal", help="AI level of Japan and Germany-Italy")
    cmd.add_argument("--allies", choices=LEVELS, default="normal", help="AI level of the United States and Allies")
    cmd.add_argument("--bid", action="append", type=poc_bid, metavar="THEATRE=N", help=BID_HELP)
    cmd.add_argument("--per-game", action=argparse.BooleanOptionalAction, default=None,
                     help="one line per game (default: on with --combat tactical)")
    cmd.add_argument("--json", type=Path, metavar="FILE", help="write every game's result here")
    cmd.add_argument("--option", action="append", type=rule_option, metavar="NAME",
                     help="play every game under this rule option (repeatable): a campaign option, or a tactical "
                          "one for every battle on the table; --list-options lists them")
    cmd.add_argument("--list-options", action="store_true",
                     help="list the campaign and tactical rule options with their summary and source, and stop")
    data_option(cmd)
    cmd.set_defaults(func=cmd_selfplay)


CONNECT_SECONDS = 10
"""How long a scheduler address is tried before the games start (a slow network, not a closed port)."""


def _dask_problem(address: str | None) -> str | None:
    """Why ``--dask`` cannot be used (dask missing, an address without host and port), or ``None``."""
    try:
        from distributed.comm import get_address_host_port
    except ImportError:
        return "needs the dask[distributed] package (pip install 'dask[distributed]')"
    if not address:
        return None
    try:
        _, port = get_address_host_port(address)
    except ValueError:  # the library's words ("invalid literal for int()") said nothing to a player (R-UI-123)
        return "not a scheduler address: a host and a port number are expected, e.g. tcp://10.0.0.5:8786"
    if not 0 < port < 65536:
        return f"not a scheduler address (port {port} is not from 1 to 65535)"
    return None


def _unreachable(address: str) -> str | None:
    """R-UI-123: a TCP scheduler nobody answers at is told at once (dask's own client retried it for its 30-second
    connect time-out before saying so), and a port that accepts but is no scheduler after :data:`CONNECT_SECONDS`
    (dask waited for its handshake for ever); other protocols (tls://, ucx://, ...) are left to dask."""
    from distributed.comm import parse_address, parse_host_port

    scheme, location = parse_address(address)
    if scheme != "tcp":
        return None
    host, port = parse_host_port(location)
    try:
        with socket.create_connection((host, port), timeout=CONNECT_SECONDS) as sock:
            first = sock.recv(1)  # a scheduler speaks first (its handshake): a silent port hung dask for good
    except TimeoutError:
        return f"the port is open but nothing there answers as a Dask scheduler (silent for {CONNECT_SECONDS:g} s)"
    except OSError as exc:
        return f"no scheduler answers there ({exc.strerror or exc})"
    return None if first else "the port is open but closed the connection: no Dask scheduler answers there"


def cmd_selfplay(args: argparse.Namespace) -> int:
    if args.list_options:
        if args.option:
            print("vas selfplay: --list-options and --option cannot be used together (--list-options only lists "
                  "the options)", file=sys.stderr)
            return 2
        print("\n".join(option_lines()))
        return 0
    if args.dask is not None:
        problem = _dask_problem(args.dask)
        if problem:
            flag = f"--dask {args.dask}" if args.dask else "--dask"
            print(f"vas selfplay: {flag}: {problem}", file=sys.stderr)
            return 2
        if args.dask and args.workers is not None:
            print(f"vas selfplay: --workers and --dask {args.dask} cannot be used together (the scheduler's "
                  "workers play the games; --workers sizes a LocalCluster, --dask without an address)",
                  file=sys.stderr)
            return 2
        unreachable = _unreachable(args.dask) if args.dask else None
        if unreachable:
            print(f"vas selfplay: --dask {args.dask}: {unreachable}", file=sys.stderr)
            return 2
    try:
        check_outputs({"--json": args.json})
    except OutputError as exc:
        print(f"vas selfplay: {exc}", file=sys.stderr)
        return 2
    data = load_data([Path(d) for d in args.data or []])  # a DataError is reported by vas (exit 1)
    if args.setup not in data.setups:
        print(f"vas selfplay: --setup: unknown set-up '{args.setup}' (known: {', '.join(data.setups)})",
              file=sys.stderr)
        return 2
    bid = dict(args.bid or [])
    wrong = check_bids(bid, data.setups[args.setup].theatres)
    if wrong:
        print(f"vas selfplay: --bid: {'; '.join(wrong)}", file=sys.stderr)
        return 2
    workers = args.workers or 1
    levels = {p: args.axis for p in AXIS_PLAYERS} | {p: args.allies for p in ALLIED_PLAYERS}
    try:
        specs = specs_for(args.games, args.seed, levels, args.setup, args.combat, args.data or [], args.option or (),
                          bid)
    except UnknownOption as exc:
        print(f"vas selfplay: --option: {exc}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    if args.dask is not None:
        where = args.dask or f"LocalCluster ({workers} workers)"
        try:
            results = run_dask(specs, args.dask or None, workers=workers)
        except OSError as exc:  # the scheduler cannot be reached (a time-out is an OSError too)
            print(f"vas selfplay: --dask {where}: cannot run there ({exc})", file=sys.stderr)
            return 2
    else:
        where = f"{workers} local process(es)"

        def progress(done: int, total: int) -> None:
            if done % max(1, total // 10) == 0 or done == total:
                print(f"  {done}/{total} games", file=sys.stderr)

        results = run_local(specs, workers, progress)
    elapsed = max(time.perf_counter() - start, 1e-9)
    print(f"Self-play: set-up {args.setup}, seeds {args.seed}..{args.seed + args.games - 1}, Axis AI {args.axis}, "
          f"Allied AI {args.allies}, combat {args.combat}"
          + (f", options {', '.join(specs[0].options)}" if specs[0].options else "")
          + (f", POC bid {bid_words(bid)}" if bid else "")
          + f", on {where}: {elapsed:.1f} s "
          f"({args.games / elapsed:.2f} campaigns/s)")
    per_game = args.per_game if args.per_game is not None else args.combat == "tactical"
    print(report(results, per_game=per_game))
    if args.json:
        try:
            write_text_atomic(args.json, json.dumps(results_as_dicts(results), indent=1) + "\n")
        except OSError as exc:
            print(f"vas selfplay: --json {args.json}: cannot write the results ({exc.strerror or exc})",
                  file=sys.stderr)
            return 1
        print(f"results written to {args.json}")
    return 1 if any(r.violations for r in results) else 0
