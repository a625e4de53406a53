"""``vas selfplay``: many seeded AI campaigns and a report (win rates, POC per turn, losses, battles, invariants).

    vas selfplay [--games N] [--seed S] [--workers W] [--dask [ADDRESS]] [--setup NAME]
                 [--combat classic|tactical] [--axis LEVEL] [--allies LEVEL] [--per-game | --no-per-game]
                 [--json FILE] [--data DIR]...

Levels: easy (the baseline AI), normal, hard.  ``--combat tactical`` fights every battle it can with the
miniatures engine (strategic/battles.py), the rest by the classic rules; the report then counts both, and prints
one line per game (``--no-per-game`` leaves those out; ``--per-game`` adds them for classic combat).  Every game is
checked against the engine's invariants (strategic/invariants.py).  Local processes by default; ``--dask`` with
no address starts a Dask LocalCluster, with an address joins that scheduler.  The same seeds give the same results
either way.  Exit code 0, or 1 when a game broke an invariant (each breach is printed), 2 for bad usage.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from strategic.planner import LEVELS
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


def add_selfplay_parser(sub: argparse._SubParsersAction, data_option) -> None:  # type: ignore[type-arg]
    cmd = sub.add_parser("selfplay", help="play many seeded AI campaigns and report")
    cmd.add_argument("--games", type=int, default=20)
    cmd.add_argument("--seed", type=int, default=1)
    cmd.add_argument("--workers", type=int, default=1, help="local processes (default 1)")
    cmd.add_argument("--dask", nargs="?", const="", default=None, metavar="ADDRESS",
                     help="run on Dask: a scheduler address, or a LocalCluster when none is given")
    cmd.add_argument("--setup", default="standard")
    cmd.add_argument("--combat", choices=COMBATS, default="classic",
                     help="classic (War at Sea / VITP) or tactical (the miniatures engine, classic as fallback)")
    cmd.add_argument("--axis", choices=LEVELS, default="normal", help="AI level of Japan and Germany-Italy")
    cmd.add_argument("--allies", choices=LEVELS, default="normal", help="AI level of the United States and Allies")
    cmd.add_argument("--per-game", action=argparse.BooleanOptionalAction, default=None,
                     help="one line per game (default: on with --combat tactical)")
    cmd.add_argument("--json", type=Path, metavar="FILE", help="write every game's result here")
    data_option(cmd)
    cmd.set_defaults(func=cmd_selfplay)


def cmd_selfplay(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("vas selfplay: --games must be at least 1", file=sys.stderr)
        return 2
    levels = {p: args.axis for p in AXIS_PLAYERS} | {p: args.allies for p in ALLIED_PLAYERS}
    specs = specs_for(args.games, args.seed, levels, args.setup, args.combat, args.data or [])
    start = time.perf_counter()
    if args.dask is not None:
        where = args.dask or f"LocalCluster ({max(args.workers, 1)} workers)"
        results = run_dask(specs, args.dask or None, workers=max(args.workers, 1))
    else:
        where = f"{args.workers} local process(es)"

        def progress(done: int, total: int) -> None:
            if done % max(1, total // 10) == 0 or done == total:
                print(f"  {done}/{total} games", file=sys.stderr)

        results = run_local(specs, args.workers, progress)
    elapsed = time.perf_counter() - start
    print(f"Self-play: set-up {args.setup}, seeds {args.seed}..{args.seed + args.games - 1}, Axis AI {args.axis}, "
          f"Allied AI {args.allies}, combat {args.combat}, on {where}: {elapsed:.1f} s "
          f"({args.games / elapsed:.2f} campaigns/s)")
    per_game = args.per_game if args.per_game is not None else args.combat == "tactical"
    print(report(results, per_game=per_game))
    if args.json:
        args.json.write_text(json.dumps(results_as_dicts(results), indent=1), encoding="utf-8")
        print(f"results written to {args.json}")
    return 1 if any(r.violations for r in results) else 0
