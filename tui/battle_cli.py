"""``vas battle``: run a bundled battle headless and print a turn-by-turn account and the report.

    vas battle [--demo NAME] [--seed N] [--log FILE] [--human allies|axis|both] [--option NAME]... [--list]
    vas battle --load FILE [--log FILE]
    vas battle --replay LOG
    vas battle --list-options

``--demo`` picks a bundled battle (default ``cruiser-action``; ``--list`` shows them), ``--seed`` its dice (the same
seed gives the same battle), ``--human SIDE`` lets the player command the first fleet (``allies``), the second
(``axis``) or both on the table in the command screen (:mod:`tui.demo_command`), ``--log FILE`` writes the battle
log as JSON: the full event log (every die roll included) and the spec fought (:mod:`strategic.battle_logs`).
``s`` in the command screen saves the battle to a file the player names; ``--load FILE`` reopens it at that
question (:mod:`tui.demo_saves`; the save names its demo, seed and the fleets commanded, so ``--load`` goes with
``--log`` only).
``--option NAME`` (repeatable) fights the battle under that optional rule of :mod:`tactical.options`
(``--list-options``, and ``--list``, name each with its summary and source; an unknown name is refused naming the
nearest); the options are in the spec the log saves, so ``--replay`` fights again under them, and in a demo save,
so ``--load`` does too.
``--replay LOG`` prints the account and the report of a saved battle log (``vas battle --log`` or ``vas run
--battle-logs``); when the log holds its spec, the battle is fought again and the command says whether the re-fight
is identical, event for event (the re-fight rule of :mod:`strategic.battle_logs`).
``--replay`` goes with no other option, nor ``--list`` (each is refused with both flags named); the ``--log`` path
is checked before the battle is fought (:func:`tui.outputs.check_outputs`) and written atomically.
Exit codes: 0 fine, 1 invalid data or a file that is not a battle log (every problem named, ``file: field path:
problem``), 2 bad usage (an unknown demo, a negative seed, flags that do not go together, an output path that
cannot be written), 5 a replay whose re-fight differs (the first difference named), as ``vas run --replay``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from strategic.battle_logs import BattleLogError, load_battle_log, replay_check, report_of
from strategic.json_files import write_text_atomic
from tactical import (
    CAPTAIN_LEVEL_NAMES,
    DEMOS,
    OPTION_NOTES,
    BattleReport,
    BattleSpec,
    RuleOptions,
    demo_spec,
    resolve,
    rule_options,
)
from tui.arguments import seed_number, tactical_option
from tui.demo_command import HUMAN_SIDES, DemoCommandApp
from tui.demo_saves import DemoSaveError, load_demo
from tui.outputs import OutputError, check_outputs
from tui.terminal import no_terminal

DEFAULT_DEMO = "cruiser-action"

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
    battle.add_argument("--demo", metavar="NAME", help=f"one of: {', '.join(DEMOS)} (default {DEFAULT_DEMO})")
    battle.add_argument("--seed", type=seed_number, metavar="N",
                        help="seed of the battle's dice, 0 or more (default 0)")
    battle.add_argument("--log", type=Path, metavar="FILE", help="write the full event log (JSON) to FILE")
    battle.add_argument("--list", action="store_true",
                        help="list the bundled battles and the tactical rule options, and stop")
    battle.add_argument("--option", action="append", type=tactical_option, metavar="NAME",
                        help="fight under this optional rule (repeatable; --list-options lists them), saved in the "
                             "battle log")
    battle.add_argument("--list-options", action="store_true",
                        help="list the tactical rule options with their summary and source, and stop")
    battle.add_argument("--human", choices=sorted(HUMAN_SIDES), metavar="SIDE",
                        help="command the first fleet (allies), the second (axis) or both on the table, in the "
                             "command screen (the others are the AI's)")
    battle.add_argument("--load", type=Path, metavar="FILE",
                        help="reopen a battle saved with s in the command screen (vas battle --demo NAME --human "
                             "SIDE), at the question it was saved at")
    battle.add_argument("--captain", nargs="+", choices=CAPTAIN_LEVEL_NAMES, metavar="LEVEL",
                        help="the AI captain's level: one for both fleets, or one for the first and one for the "
                             f"second ({', '.join(CAPTAIN_LEVEL_NAMES)}; default normal)")
    battle.add_argument("--replay", type=Path, metavar="LOG",
                        help="print a saved battle log turn by turn (vas battle --log, vas run --battle-logs) and "
                             "fight it again from its spec")
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
            lines.append(_heading(event.turn, event.phase))
        lines.append(f"  {event.text}")
    return lines


def _heading(turn: int, phase: str) -> str:
    if turn == 0:
        return f"== {phase.capitalize()}"
    return f"== Turn {turn}, {phase} phase"


def _conflicts(args: argparse.Namespace) -> str | None:
    """Why the options do not go together (the message names both flags), or ``None``."""
    given = [flag for flag, value in (("--demo", args.demo), ("--seed", args.seed), ("--log", args.log),
                                      ("--human", args.human), ("--option", getattr(args, "option", None)),
                                      ("--captain", getattr(args, "captain", None)))
             if value is not None]
    if getattr(args, "captain", None) is not None and len(args.captain) > 2:
        return f"--captain takes one level or two (one a fleet), not {len(args.captain)}"
    if getattr(args, "captain", None) is not None and args.human is not None:
        return "--captain and --human cannot be used together (the command screen's AI fleet has the normal captain)"
    if getattr(args, "list_options", False):
        others = [*(["--list"] if args.list else []), *(["--replay"] if args.replay else []),
                  *(["--load"] if getattr(args, "load", None) else []), *given]
        if others:
            return f"--list-options and {others[0]} cannot be used together (--list-options only lists the options)"
        return None
    load = getattr(args, "load", None)
    if load is not None:
        others = [*(["--list"] if args.list else []), *(["--replay"] if args.replay else []),
                  *[g for g in given if g != "--log"]]
        if others:
            return (f"--load and {others[0]} cannot be used together (the save names its demo, seed, options and "
                    "the fleets you command)")
    if args.replay is not None:
        others = [*(["--list"] if args.list else []), *given]
        if others:
            return (f"--replay and {others[0]} cannot be used together (--replay prints the saved battle and fights "
                    "it again from the log's own spec, seed and options)")
    elif args.list and given:
        return f"--list and {given[0]} cannot be used together (--list only lists the bundled battles)"
    return None


def cmd_battle(args: argparse.Namespace) -> int:
    """Handler of ``vas battle``; returns the exit code."""
    conflict = _conflicts(args)
    if conflict:
        print(f"vas battle: {conflict}", file=sys.stderr)
        return 2
    if getattr(args, "list_options", False):
        print("\n".join(tactical_option_lines()))
        return 0
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
        print("\nTactical rule options (--option NAME, repeatable):")
        print("\n".join(tactical_option_lines()))
        return 0
    if args.replay is not None:
        return cmd_replay(args.replay)
    saved = None
    if getattr(args, "load", None) is not None:
        try:
            saved = load_demo(args.load)
        except DemoSaveError as exc:
            print(f"vas battle: --load {exc}", file=sys.stderr)
            return 1
    demo_name: str = saved.demo if saved else args.demo if args.demo is not None else DEFAULT_DEMO
    seed: int = saved.seed if saved else args.seed if args.seed is not None else 0
    if demo_name not in DEMOS:
        print(f"vas battle: --demo: unknown demo '{demo_name}' (known: {', '.join(DEMOS)})", file=sys.stderr)
        return 2
    try:
        check_outputs({"--log": args.log})
    except OutputError as exc:
        print(f"vas battle: {exc}", file=sys.stderr)
        return 2
    refused = no_terminal("vas battle") if args.human is not None or saved is not None else None
    if refused:  # R-UI-99: the command screen would wait for keys that never come
        print(refused, file=sys.stderr)
        return 2
    chosen = tuple(saved.options if saved else dict.fromkeys(getattr(args, "option", None) or []))
    spec = with_options(demo_spec(demo_name, seed), chosen)
    levels = getattr(args, "captain", None) or ["normal"]
    print(f"{DEMOS[demo_name].title} (seed {seed})" + (f"; options: {', '.join(chosen)}" if chosen else "")
          + (f"; captains: {levels[0]}, {levels[-1]}" if getattr(args, "captain", None) else ""))
    if args.human is not None or saved is not None:
        humans = saved.humans if saved else HUMAN_SIDES[args.human]
        app = DemoCommandApp(spec, humans, DEMOS[demo_name].title, demo=demo_name, seed=seed, saved=saved,
                             options=chosen)
        app.run()
        if app.report is None:
            return _left(app, args.load)
        report = app.report
    else:
        report = resolve(spec, levels=(levels[0], levels[-1]))
    print_report(report)
    if args.log is not None:
        captains = {"captains": [levels[0], levels[-1]]} if getattr(args, "captain", None) else {}
        text = json.dumps({**report.to_json(), "spec": spec.model_dump(mode="json"), **captains}, indent=1) + "\n"
        try:
            write_text_atomic(args.log, text)
        except OSError as exc:
            print(f"vas battle: --log {args.log}: cannot write the log ({exc.strerror or exc})", file=sys.stderr)
            return 1
        print(f"Full event log ({len(report.events)} events) written to {args.log}")
    return 0


def with_options(spec: BattleSpec, names: tuple[str, ...]) -> BattleSpec:
    """``spec`` with the tactical options ``names`` switched on too (its own, e.g. a demo's matched objectives,
    kept)."""
    if not names:
        return spec
    options = RuleOptions(**{**spec.options.model_dump(), **rule_options(names).model_dump(exclude_defaults=True)})
    return BattleSpec.model_validate({**spec.model_dump(), "options": options.model_dump()})


def tactical_option_lines() -> list[str]:
    """Each tactical option with its summary and source, one a line."""
    width = max(map(len, OPTION_NOTES))
    return [f"  {name:<{width}}  {summary} [{source}]" for name, (summary, source) in OPTION_NOTES.items()]


def _left(app: DemoCommandApp, loaded: Path | None) -> int:
    """A battle left before its end: why (a save whose answers do not fit it: exit 1), and how to reopen it."""
    if app.failure is not None:
        print(f"vas battle: {loaded or 'the battle'}: the battle cannot go on from its answers ({app.failure})",
              file=sys.stderr)
        return 1
    if app.saved_to is not None:
        print(f"The battle was left at turn {app.turn_left}; vas battle --load {app.saved_to} reopens it at the "
              "question it was saved at.")
    else:
        print(f"The battle was left at turn {app.turn_left}, not saved (s at a question saves it).")
    return 0


def print_report(report: BattleReport) -> None:
    """The turn-by-turn account, a blank line, then the report's summary."""
    for line in account_lines(report):
        print(line)
    print()
    for line in report.summary():
        print(line)


def cmd_replay(path: Path) -> int:
    """``vas battle --replay LOG``: the saved account and report (same format as a fought battle), then, when the
    log has its spec, the re-fight and whether it is identical event for event."""
    try:
        log = load_battle_log(path)
    except BattleLogError as exc:
        print(f"vas battle: {exc}", file=sys.stderr)
        return 1
    where = log.get("campaign")
    title = f"{log['sides'][0]} against {log['sides'][1]}"
    if isinstance(where, dict):
        title += f" in {where.get('area')}, campaign turn {where.get('turn')} ({where.get('year')})"
    print(f"Replay of {path}: {title} (seed {log.get('seed')}, key {tuple(log.get('key', ()))})")
    if isinstance(where, dict):
        for note in where.get("notes", []):
            print(f"  note: {note}")
        for unit, why in where.get("left_out", {}).items():
            print(f"  left out: {unit}: {why}")
    report = report_of(log)
    print_report(report)
    print()
    if log.get("spec") is None:
        print("The log has no spec (written before specs were saved): it cannot be fought again.")
        return 0
    try:
        check = replay_check(log)
    except Exception as exc:  # a log's spec is the user's data: whatever breaks, say so
        print(f"vas battle: {path}: spec: the battle cannot be fought again ({type(exc).__name__}: {exc})",
              file=sys.stderr)
        return 1
    if check.identical:
        print(f"Re-fought from its spec: identical, event for event ({len(check.report.events)} events).")
    else:
        print(f"Re-fought from its spec: NOT identical: {check.difference}.")
        print("(the log was edited, or the engine or the rules changed since it was written; the re-fight's result: "
              + (f"{check.report.winner} wins" if check.report.winner else "a draw") + ")")
        return 5
    return 0
