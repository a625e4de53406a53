"""``vas battle``: run a bundled battle headless and print a turn-by-turn account and the report.

    vas battle [--demo NAME] [--seed N] [--log FILE] [--list]

``--demo`` picks a bundled battle (default ``cruiser-action``; ``--list`` shows them), ``--seed`` its dice (the
same seed gives the same battle), ``--log FILE`` writes the full event log (every die roll included) as JSON.
Exit codes: 0 fine, 1 invalid data, 2 bad usage (an unknown demo).  The lead wires :func:`add_battle_parser`
into ``tui/cli.py``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tactical.battle import BattleReport, resolve
from tactical.demos import DEMOS, demo_spec
from tactical.events import Event

ACCOUNT_KINDS = frozenset(
    {
        "set-up", "objective", "deploy", "scouting", "initiative", "order", "move", "withdrew", "enter", "attack",
        "damage", "hull", "critical", "vital", "crippled", "sunk", "vp", "damage_control", "penalty", "misfire",
        "smoke", "scout_back", "reload", "end", "result",
        # issue 6: aircraft, carriers, night and weather, submarines, MTB Sections, coasts, options
        "wind", "deep", "deploy_air", "launch", "recover", "rearm", "air_contact", "air_leave", "aa", "air_attacks",
        "air_attack", "dogfight_start", "dogfight", "flight_lost", "spotted", "unspotted", "radar", "searchlight",
        "star_shell", "fire_order", "visibility", "depth", "sonar", "detected", "crash_dive", "escape", "sub_placed",
        "sub_found", "mtb_move", "mtb_smoke", "mtb_attacks", "mtb_attack", "mtb_damage", "mtb_sunk", "mtb_driven_off",
        "mtb_spent", "aground", "mine", "minesweep", "fire", "squadron", "fog_of_war", "stacking",
    }
)  # fmt: skip
"""Event kinds shown in the account (dice rolls, damage-dice details and aircraft moves go to ``--log``)."""


def add_battle_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``vas battle`` on ``subparsers`` (from ``ArgumentParser.add_subparsers``)."""
    battle = subparsers.add_parser("battle", help="fight a bundled Victory at Sea battle and print the account")
    battle.add_argument("--demo", default="cruiser-action", metavar="NAME", help=f"one of: {', '.join(DEMOS)}")
    battle.add_argument("--seed", type=int, default=0, metavar="N", help="seed of the battle's dice (default 0)")
    battle.add_argument("--log", type=Path, metavar="FILE", help="write the full event log (JSON) to FILE")
    battle.add_argument("--list", action="store_true", help="list the bundled battles and stop")
    battle.set_defaults(func=cmd_battle)
    return battle


def account_lines(report: BattleReport) -> list[str]:
    """The turn-by-turn account: one line per event worth reading, under a heading per turn and phase."""
    lines: list[str] = []
    heading: tuple[int, str] | None = None
    for event in report.events:
        if event.kind not in ACCOUNT_KINDS:
            continue
        where = (event.turn, event.phase)
        if where != heading:
            heading = where
            lines.append(_heading(event))
        lines.append(f"  {event.text}")
    return lines


def _heading(event: Event) -> str:
    if event.turn == 0:
        return f"== {event.phase.capitalize()}"
    return f"== Turn {event.turn}, {event.phase} phase"


def cmd_battle(args: argparse.Namespace) -> int:
    """Handler of ``vas battle``; returns the exit code."""
    if args.list:
        for name, demo in DEMOS.items():
            parts = []
            for index, (side, ships) in enumerate(demo.fleets):
                units = [ship for ship, _ in ships]
                units += [boat for s, boat, _, _ in demo.submarines if s == index]
                flights = [f for f in demo.flights if f[0] == index]
                if flights:
                    units.append(f"{len(flights)} Flight(s)")
                parts.append(f"{side}: {', '.join(units)}")
            conditions = "" if demo.time_of_day == "day" else f" ({demo.time_of_day})"
            print(f"{name:<16} {demo.title}{conditions}\n{'':<16} {'; '.join(parts)}")
        return 0
    if args.demo not in DEMOS:
        print(f"vas battle: unknown demo '{args.demo}' (known: {', '.join(DEMOS)})", file=sys.stderr)
        return 2
    spec = demo_spec(args.demo, args.seed)
    print(f"{DEMOS[args.demo].title} (seed {args.seed})")
    report = resolve(spec)
    for line in account_lines(report):
        print(line)
    print()
    for line in report.summary():
        print(line)
    if args.log is not None:
        args.log.write_text(json.dumps(report.to_json(), indent=1) + "\n")
        print(f"Full event log ({len(report.events)} events) written to {args.log}")
    return 0
