"""``vas odds SAVE AREA``: the odds advisor on a saved game's pending battle (Monte Carlo, seeded).

    vas odds SAVE AREA [--runs N] [--seed S] [--combat classic] [--data DIR]...

Exit codes: 0 fine; 1 a SAVE that is not a valid save (every problem named, as :mod:`strategic.saves` reports
them); 2 bad usage: ``--runs`` below 1, a negative ``--seed``, an AREA that is not a sea area (a port, or no place
at all: the close names are suggested) or a sea area with no battle pending (the contested areas are listed).
"""

from __future__ import annotations

import argparse
import difflib
import sys
import time
from pathlib import Path

from scenarios.loader import CampaignData, load_data
from strategic.combat import find_battles
from strategic.odds import battle_odds
from strategic.resolvers import make_resolver
from strategic.saves import SaveError, load_state
from tui.arguments import seed_number, whole_number


def add_odds_parser(sub: argparse._SubParsersAction, data_option) -> None:  # type: ignore[type-arg]
    odds = sub.add_parser("odds", help="odds of a pending battle in a saved game (Monte Carlo)")
    odds.add_argument("save", type=Path, metavar="SAVE")
    odds.add_argument("area", metavar="AREA", help="the contested sea area")
    odds.add_argument("--runs", type=whole_number(1), default=1000, metavar="N",
                      help="battles to fight (1 or more; default 1000)")
    odds.add_argument("--seed", type=seed_number, default=0, metavar="S",
                      help="seed of the runs' dice (0 or more; default 0)")
    odds.add_argument("--combat", choices=["classic"], default="classic")
    data_option(odds)
    odds.set_defaults(func=cmd_odds)


def area_problem(data: CampaignData, text: str) -> tuple[str, str | None]:
    """The sea area ``text`` names (any case), and ``None``; or ``text`` and why it is not a sea area."""
    wanted = text.strip().casefold()
    area = next((a for a in data.areas if a.casefold() == wanted), None)
    if area is not None:
        return area, None
    port = next((p for p in data.ports if p.casefold() == wanted), None)
    if port is not None:
        return text, f"'{port}' is a port, not a sea area (a battle is fought in a sea area next to it)"
    folded = {a.casefold(): a for a in data.areas}
    close = [folded[a] for a in difflib.get_close_matches(wanted, list(folded), n=5, cutoff=0.6)]
    hint = f"; did you mean {', '.join(close)}?" if close else " (vas data check lists the sea areas)"
    return text, f"'{text}' is not a sea area{hint}"


def cmd_odds(args: argparse.Namespace) -> int:
    data = load_data([Path(d) for d in args.data or []])
    area, problem = area_problem(data, args.area)
    if problem:
        print(f"vas odds: AREA: {problem}", file=sys.stderr)
        return 2
    resolver = make_resolver(args.combat)
    assert resolver is not None
    try:
        campaign = load_state(args.save, data, resolver)
    except SaveError as exc:
        print(f"vas odds: {exc}", file=sys.stderr)
        return 1
    contested = [b.area for b in find_battles(campaign)]
    if area not in contested:
        print(f"vas odds: AREA: no battle in {area} now (contested areas: {', '.join(contested) or 'none'})",
              file=sys.stderr)
        return 2
    start = time.perf_counter()
    report = battle_odds(campaign, area, resolver, runs=args.runs, seed=args.seed)
    for line in report.lines():
        print(line)
    print(f"({time.perf_counter() - start:.2f} s)")
    return 0
