"""``vas odds SAVE AREA``: the odds advisor on a saved game's pending battle (Monte Carlo, seeded).

    vas odds SAVE AREA [--runs N] [--seed S] [--workers W] [--combat classic|tactical] [--data DIR]...

The combat is the save's (a save without one, or of ``vas run --combat none``: tactical, as ``vas run`` fights
it): classic odds for a classic game, Monte Carlo of the tactical battle itself for a tactical one, fought by
``--workers`` processes (default: one per core for tactical runs, one for classic runs; the figures do not
depend on it, R-PERF-01).  ``--runs`` defaults to 1000 classic or 20 tactical battles (R-PERF-03).  A progress
bar goes to stderr when it is a terminal.

Exit codes: 0 fine; 1 a SAVE that is not a valid save (every problem named, as :mod:`strategic.saves` reports
them); 2 bad usage: ``--runs`` (1-100,000) or ``--workers`` (1-256) out of range, a negative ``--seed``, an AREA
that is not a sea area (a port, or no place at all: the close names are suggested) or a sea area with no battle
pending (the contested areas are listed).
"""

from __future__ import annotations

import argparse
import difflib
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scenarios.loader import CampaignData, load_data
from strategic.combat import find_battles
from strategic.odds import battle_odds
from strategic.odds_workers import Progress
from strategic.resolvers import make_resolver
from strategic.saves import SaveError, data_for_load, load_state
from tui.arguments import MAX_WORKERS, seed_number, whole_number, worker_number

RUNS = {"classic": 1000, "tactical": 20}
"""The default runs per combat: a few seconds on two cores either way (R-PERF-03)."""

MAX_RUNS = 100_000
"""The most runs ``--runs`` asks for: minutes of classic runs, hours of tactical ones; as many as ``vas selfplay
--games`` (R-UI-83).  More gave a command that never ended."""


def default_workers(combat: str) -> int:
    """One process per core for tactical runs (a run takes a tenth of a second or more); classic runs are too
    quick to be worth a process."""
    return max(1, os.cpu_count() or 1) if combat == "tactical" else 1


def save_combat(combat: str | None) -> str:
    """The combat the odds use for a save's ``combat`` (``None`` or ``none``: tactical, as ``vas run`` would
    fight it)."""
    return combat if combat in RUNS else "tactical"


def add_odds_parser(sub: argparse._SubParsersAction, data_option) -> None:  # type: ignore[type-arg]
    odds = sub.add_parser("odds", help="odds of a pending battle in a saved game (Monte Carlo)")
    odds.add_argument("save", type=Path, metavar="SAVE")
    odds.add_argument("area", metavar="AREA", help="the contested sea area")
    odds.add_argument("--runs", type=whole_number(1, MAX_RUNS), default=None, metavar="N",
                      help=f"battles to fight (1 to {MAX_RUNS:,}; default {RUNS['classic']} classic, "
                           f"{RUNS['tactical']} tactical)")
    odds.add_argument("--seed", type=seed_number, default=0, metavar="S",
                      help="seed of the runs' dice (0 or more; default 0)")
    odds.add_argument("--workers", type=worker_number, default=None, metavar="W",
                      help=f"processes fighting the runs (1 to {MAX_WORKERS}; default: one per core for tactical, 1 "
                           "for classic)")
    odds.add_argument("--combat", choices=["classic", "tactical"], default=None,
                      help="the combat of the runs (default: the save's; tactical if it has none)")
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
    try:  # the save's own --data folders unless --data is given (R-UI-111)
        folders, _ = data_for_load(args.save, args.data)
    except SaveError as exc:
        print(f"vas odds: {exc}", file=sys.stderr)
        return 2
    data = load_data(folders)
    area, problem = area_problem(data, args.area)
    if problem:
        print(f"vas odds: AREA: {problem}", file=sys.stderr)
        return 2
    try:
        campaign = load_state(args.save, data)
    except SaveError as exc:
        print(f"vas odds: {exc}", file=sys.stderr)
        return 1
    combat = args.combat or save_combat(campaign.state.combat)
    resolver = make_resolver(combat)
    assert resolver is not None
    campaign.resolver = resolver
    contested = [b.area for b in find_battles(campaign)]
    if area not in contested:
        print(f"vas odds: AREA: no battle in {area} now (contested areas: {', '.join(contested) or 'none'})",
              file=sys.stderr)
        return 2
    runs = args.runs or RUNS[combat]
    workers = args.workers or default_workers(combat)
    start = time.perf_counter()
    with progress_bar(f"{area}: {combat} battles") as progress:
        report = battle_odds(campaign, area, resolver, runs=runs, seed=args.seed, workers=workers,
                             progress=progress)
    for line in report.lines():
        print(line)
    print(f"({time.perf_counter() - start:.2f} s, {workers} worker{'s' if workers > 1 else ''})")
    return 0


@contextmanager
def progress_bar(title: str) -> Iterator[Progress | None]:
    """A progress bar of the runs on stderr when it is a terminal (``None`` otherwise: nothing to tell)."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress as Bar

    with Bar(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(title, total=None)

        def told(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield told
