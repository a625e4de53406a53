"""``vas odds SAVE AREA``: the odds advisor on a saved game's pending battle (Monte Carlo, seeded).

    vas odds SAVE AREA [--runs N] [--seed S] [--combat classic] [--data DIR]...
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from scenarios.loader import load_data
from strategic.combat import make_resolver
from strategic.odds import battle_odds
from strategic.saves import SaveError, load_state


def add_odds_parser(sub: argparse._SubParsersAction, data_option) -> None:  # type: ignore[type-arg]
    odds = sub.add_parser("odds", help="odds of a pending battle in a saved game (Monte Carlo)")
    odds.add_argument("save", type=Path, metavar="SAVE")
    odds.add_argument("area", metavar="AREA", help="the contested sea area")
    odds.add_argument("--runs", type=int, default=1000)
    odds.add_argument("--seed", type=int, default=0)
    odds.add_argument("--combat", choices=["classic"], default="classic")
    data_option(odds)
    odds.set_defaults(func=cmd_odds)


def cmd_odds(args: argparse.Namespace) -> int:
    data = load_data([Path(d) for d in args.data or []])
    resolver = make_resolver(args.combat)
    assert resolver is not None
    try:
        campaign = load_state(args.save, data, resolver)
    except SaveError as exc:
        print(f"vas odds: {exc}", file=sys.stderr)
        return 1
    area = next((a for a in data.areas if a.casefold() == args.area.casefold()), args.area)
    start = time.perf_counter()
    try:
        report = battle_odds(campaign, area, resolver, runs=args.runs, seed=args.seed)
    except (KeyError, ValueError) as exc:
        print(f"vas odds: {exc.args[0]}", file=sys.stderr)
        return 2
    for line in report.lines():
        print(line)
    print(f"({time.perf_counter() - start:.2f} s)")
    return 0
