"""The ``vas`` command line.

    vas data check [--data DIR]...      validate all campaign data and print a summary
    vas data show NAME [--data DIR]...  print every record named NAME (unit, area, port, nation, limit, set-up)
    vas oob [--turn N] [--theatre WAS|VITP] [--nation CODE] [--data DIR]...
                                        the order of appearance, turn by turn (combined turn numbers)
    vas run [--seed N] [--setup NAME] [--turns K] [--ai all|PLAYER...] [--option NAME]... [--save FILE] ...
                                        a headless campaign played by the AI (see tui/run_command.py)
    vas run --list-options              the campaign and tactical rule options, each with its summary and source
    vas run --replay LOG|SAVE           a logged (--log) or saved game played again and checked, event for event
    vas battle [--demo NAME] [--seed N] [--log FILE] [--option NAME]... [--list] | --list-options | --replay LOG
                                        a Victory at Sea miniatures battle, turn by turn; a saved one replayed
    vas odds SAVE AREA [--runs N]       Monte Carlo odds of a pending battle in a saved game
    vas selfplay [--games N] [--seed S] [--workers W] [--dask [ADDRESS]] [--combat classic|tactical]
                 [--axis L] [--allies L] [--per-game] [--json FILE]
                                        many seeded AI campaigns, checked against the invariants, and a report
    vas bench [--repeat R] [--tactical-campaigns N] [--tactical-seed S] [--skip-tactical-campaign]
                                        engine speed on this machine
    vas cards show NAME [--year Y] | calibrate | list
                                        ship cards: generated from class facts, calibrated against published ones
    vas rule CITATION [--data DIR]...   our summary of a rule the game cites (002 §3.246, VITP 4.9, R-CMB-05) and its
                                        rulings
    vas play [--load FILE] [--human PLAYER...] [--combat tactical|classic] [--option NAME]... [--battle-log FILE]
                                        the textual app (campaign, or a battle log in the viewer)

Exit codes: 0 success, 1 invalid data, save or log (each problem printed as ``file:line: field: problem``), 2 bad
usage, 3 a ``vas run`` stopped on unresolved battles, 4 an engine error in ``vas run``, 5 a ``vas run --replay``
that differs from its log (the first difference named), 70 an internal error (one line; the traceback in a file it
names), 130 interrupted (Ctrl-C), 143 stopped by SIGTERM (129 SIGHUP).
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import os
import sys
from collections import Counter
from collections.abc import Sequence
from itertools import groupby
from pathlib import Path

import yaml

from scenarios.errors import InputError
from scenarios.loader import SINGULAR, CampaignData, DataError, load_data
from scenarios.models import LAST_TURN, Confidence, Player, Theatre, Unit
from strategic.board import Board
from strategic.order_of_appearance import Movement, order_of_appearance, vitp_turn
from tui.labels import counter_label, side_label
from tui.pipe_safe import pipe_safe_stdout
from tui.signals import exit_code, how_stopped, stop_on_signals
from tui.terminal import no_terminal

# The commands defined in modules of their own, each imported only when it is the command run (or for the full
# parser): their name, module, the function adding their parser, whether it takes the --data option, and their
# help line (the same as the module's own: tests/tui/test_cli_start_up.py checks it), issue 18.
COMMANDS: tuple[tuple[str, str, str, bool, str], ...] = (
    ("run", "tui.run_command", "add_run_parser", True, "play a campaign headless with AI players"),
    ("battle", "tui.battle_cli", "add_battle_parser", False,
     "fight a bundled Victory at Sea battle and print the account"),
    ("odds", "tui.odds_command", "add_odds_parser", True, "odds of a pending battle in a saved game (Monte Carlo)"),
    ("selfplay", "tui.selfplay_command", "add_selfplay_parser", True, "play many seeded AI campaigns and report"),
    ("bench", "tui.bench_command", "add_bench_parser", False, "engine speed on this machine"),
    ("cards", "tui.cards_cli", "add_cards_parser", True, "ship cards: show, calibrate, list"),
    ("serve", "tui.serve_command", "add_serve_parser", True, "host a campaign for players on other machines"),
    ("join", "tui.join_command", "add_join_parser", True, "play a seat of a campaign that vas serve hosts"),
    ("rule", "tui.rule_command", "add_rule_parser", True, "our summary of a rule the game cites, and its rulings"),
)


def _load(args: argparse.Namespace) -> CampaignData:
    return load_data([Path(d) for d in args.data or []])


def cmd_data_check(args: argparse.Namespace) -> int:
    data = _load(args)
    board = Board(data)
    print(f"Campaign data OK: {len(data.files)} files")
    if data.overridden:
        print(
            f"  overrides applied: {len(data.overridden)} ({', '.join(k for _, k in data.overridden[:8])}"
            f"{' ...' if len(data.overridden) > 8 else ''})"
        )
    for theatre in Theatre:
        areas = board.areas(theatre)
        ports = board.ports(theatre)
        kinds = Counter(data.ports[p].kind.value.replace("_", " ") for p in ports)
        print(
            f"  {theatre.value:5} {len(areas):2} sea areas, {len(ports):2} ports/bases "
            f"({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))})"
        )
    print(
        f"  borders: {sum(1 for *_, e in board.graph.edges(data=True) if e['kind'] == 'sea')}, "
        f"theatre returns: {len(board.returns)}, limits: {len(data.limits)}, set-ups: {', '.join(data.setups)}"
    )
    print(f"  units: {len(data.units)}")
    by_nation = Counter(u.nation for u in data.units.values())
    for code, nation in data.nations.items():
        units = [u for u in data.units.values() if u.nation == code]
        types = Counter(u.type.value for u in units)
        theatres = Counter(
            "/".join(sorted({t for p in u.arrival.places if (t := data.place_theatre(p))})) for u in units
        )
        print(
            f"    {code} {nation.name:14} {by_nation[code]:3}  "
            f"{' '.join(f'{t}:{n}' for t, n in sorted(types.items()))}"
            f"   arriving in {', '.join(f'{t} {n}' for t, n in sorted(theatres.items()))}"
        )
    facts = data.fact_confidences()
    total = sum(facts.values())
    shares = ", ".join(f"{c.value} {facts[c]} ({100 * facts[c] / total:.0f}%)" for c in Confidence)
    print(f"  facts: {total}: {shares}")
    return 0


def _records_named(data: CampaignData, name: str) -> list[tuple[str, str]]:
    wanted = name.casefold()
    return [(s, k) for s, records in data.sections.items() for k in records if k.casefold() == wanted]


def _close_names(data: CampaignData, name: str) -> str:
    """`` Did you mean: Bismarck (unit, card, class)?``: each close name once, with the kinds of record
    that hold it (R-UI-101), or nothing."""
    kinds: dict[str, list[str]] = {}
    for section, records in data.sections.items():
        for key in records:
            kinds.setdefault(key, []).append(SINGULAR.get(section, section))
    close = difflib.get_close_matches(name, list(kinds), n=8, cutoff=0.7)
    close += [k for k in kinds if name.casefold() in k.casefold() and k not in close][:8]
    named = [f"{k} ({', '.join(kinds[k])})" for k in close[:10]]
    return f" Did you mean: {', '.join(named)}?" if named else ""


def cmd_data_show(args: argparse.Namespace) -> int:
    if not args.name.strip():
        print("vas data show: give the name of a record (a unit, sea area, port, nation, set-up, class...)",
              file=sys.stderr)
        return 2
    data = _load(args)
    found = _records_named(data, args.name)
    if not found:
        print(f"vas data show: nothing named '{args.name}'.{_close_names(data, args.name)}", file=sys.stderr)
        return 2
    for section, key in found:
        record = data.sections[section][key]
        print(f"# {SINGULAR[section]} '{key}'  ({data.where(section, key)})")
        if isinstance(record, Unit):
            print(f"# counter {counter_label(record)}")
        if section in ("areas", "ports"):
            board = Board(data)
            near = board.neighbours(key) if section == "areas" else board.touched_by(key)
            ports = board.ports_on(key) if section == "areas" else []
            print(
                f"# {'borders' if section == 'areas' else 'touches'}: {', '.join(near)}"
                + (f"; ports: {', '.join(ports)}" if ports else "")
            )
        print(
            yaml.safe_dump(
                record.model_dump(mode="json", exclude_defaults=True), sort_keys=False, allow_unicode=True
            ).rstrip()
        )
        print()
    return 0


def cmd_oob(args: argparse.Namespace) -> int:
    data = _load(args)
    theatre = Theatre(args.theatre) if args.theatre else None
    try:
        rows = order_of_appearance(data, turn=args.turn, theatre=theatre, nation=args.nation)
    except KeyError as exc:
        print(f"vas oob: --nation: {exc.args[0]}", file=sys.stderr)
        return 2
    if not rows:
        print("No arrivals or removals match.")
        return 0
    for turn, turn_rows in groupby(rows, key=lambda r: r.turn):
        vitp = vitp_turn(turn)
        print(f"Turn {turn}" + (f"  (VITP turn {vitp})" if vitp else "  (War at Sea only)"))
        for row in turn_rows:
            unit = row.unit
            if row.movement is Movement.REMOVED:
                where = "removed from play"
            else:
                where = " or ".join(row.places)
                if row.if_war_begun:
                    where += f"  [if war has begun: {' or '.join(row.if_war_begun)}]"
            print(
                f"  {side_label(row.side):6} {unit.nation:2} {unit.type.value:7} {unit.name:24} "
                f"{counter_label(unit):13} {where}"
            )
        print()
    return 0


def _rule_option(text: str) -> str:
    """``vas play --option``: a rule option's name (:func:`tui.arguments.rule_option`, imported only for it)."""
    from tui.arguments import rule_option

    return rule_option(text)


def _poc_bid(text: str):  # type: ignore[no-untyped-def]
    """``vas play --bid``: a POC bid (:func:`tui.arguments.poc_bid`, imported only for it)."""
    from tui.arguments import poc_bid

    return poc_bid(text)


def cmd_play(args: argparse.Namespace) -> int:
    from strategic.saves import SaveError, data_for_load
    from tui.app import VictoryAtSeaApp

    options = tuple(dict.fromkeys(args.option or []))
    if args.load is not None and (options or args.bid):
        print("vas play: --option and --bid set a new game's rule options and POC bid; a loaded game keeps its own",
              file=sys.stderr)
        return 2
    bid = tuple(f"{t.value}={v:g}" for t, v in dict(args.bid or []).items())
    if args.load is None and (args.human is not None or args.combat is not None):
        print("vas play: --human and --combat choose for the game opened with --load; a new game chooses them on "
              "the start screen", file=sys.stderr)
        return 2
    if args.load is not None and args.battle_log is not None:
        print("vas play: --load opens a campaign, --battle-log a battle in the viewer: give one of them",
              file=sys.stderr)
        return 2

    refused = no_terminal("vas play")
    if refused:  # R-UI-99: textual would wait for keys that never come
        print(refused, file=sys.stderr)
        return 2
    battle_log = None
    if args.battle_log:
        from tui.battle_viewer import load_log

        try:
            battle_log = load_log(args.battle_log)
        except ValueError as exc:
            print(f"vas play: {exc}", file=sys.stderr)
            return 1
    try:  # a loaded game is played on the --data folders it was saved on unless --data is given (R-UI-111)
        folders, _ = data_for_load(args.load, args.data) if args.load else ([Path(d) for d in args.data or []], "")
    except SaveError as exc:
        print(f"vas play: {exc}", file=sys.stderr)
        return 2
    app = VictoryAtSeaApp(load_data(folders), battle_log=battle_log, capture_errors=True, turn_summaries=True,
                          preset_options=options, preset_bid=bid)
    app.refight = args.refight
    if args.load:
        message = app.load_game_on_start(args.load, args.combat, set(args.human) if args.human else None)
        if message:
            print(f"vas play: {message}", file=sys.stderr)
            return 1
    app.run()
    # a crash saves the game in progress and names the file (issue 13 item 9); quitting after an engine error
    # names the autosave
    return app.finish(sys.stderr)


class DataFolders(argparse.Action):
    """``--data DIR``, repeatable: the folders in the order they apply, a folder given twice applied once, where it
    was last given, so later folders still win (R-UI-121: ``--data fix --data fix/`` applied every override
    twice and listed it twice)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        folders = [f for f in getattr(namespace, self.dest, None) or [] if not _same_folder(f, str(values))]
        setattr(namespace, self.dest, [*folders, str(values)])


def _same_folder(a: str, b: str) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The ``vas`` parser; given ``only`` (the command being run), the commands of :data:`COMMANDS` other than it
    are there by name and help only, and their modules are not imported (a quick start)."""
    parser = argparse.ArgumentParser(prog="vas", description="Victory at Sea: the combined WAS + VITP campaign.")
    sub = parser.add_subparsers(dest="command", required=True)

    def data_option(p: argparse.ArgumentParser) -> None:
        p.add_argument("--data", action=DataFolders, metavar="DIR",
                       help="folder of YAML overrides (repeatable; later folders win)")

    data_cmd = sub.add_parser("data", help="campaign data: check, show")
    data_sub = data_cmd.add_subparsers(dest="data_command", required=True)
    check = data_sub.add_parser("check", help="validate all data and print a summary")
    data_option(check)
    check.set_defaults(func=cmd_data_check)
    show = data_sub.add_parser("show", help="print the records with this name")
    show.add_argument("name")
    data_option(show)
    show.set_defaults(func=cmd_data_show)

    for name, module, adder, takes_data, help_line in COMMANDS:
        if only is not None and name != only:
            sub.add_parser(name, help=help_line)  # listed in the help; its options are parsed only when it is run
            continue
        add = getattr(importlib.import_module(module), adder)
        add(sub, data_option) if takes_data else add(sub)

    play = sub.add_parser("play", help="the textual app: play hot-seat or against AI nations")
    play.add_argument("--load", type=Path, metavar="FILE", help="open a saved game")
    play.add_argument("--human", nargs="+", choices=[p.value for p in Player],
                      default=None, metavar="PLAYER",
                      help=f"the human players of the game opened with --load ({', '.join(p.value for p in Player)}; "
                           "the others are played by the AI; default: the players commanding their battles in the save "
                           "and the one a waiting battle question asks, else allies)")
    play.add_argument("--combat", choices=["tactical", "classic"], default=None,
                      help="combat of the game opened with --load (default: as saved in the file; a save of "
                           "vas run --combat none is fought on the tactical table)")
    play.add_argument("--refight", action="store_true",
                      help="with --load and --combat classic: a battle the save is in the middle of on the tactical "
                           "table is fought again by the classic rules without asking (its answers are dropped)")
    play.add_argument("--option", action="append", type=_rule_option, metavar="NAME",
                      help="a rule option chosen to begin with on the start screen for a new game (repeatable; "
                           "vas run --list-options lists them)")
    play.add_argument("--bid", action="append", type=_poc_bid, metavar="THEATRE=N",
                      help="a POC bid THEATRE=N put in the start screen's bid field for a new game (repeatable; N a "
                           "multiple of 0.5 the Allies start with, negative for the Axis)")
    play.add_argument("--battle-log", type=Path, metavar="FILE",
                      help="watch a battle log (vas battle --log, vas run --battle-logs)")
    data_option(play)
    play.set_defaults(func=cmd_play)

    oob = sub.add_parser("oob", help="order of appearance, turn by turn")
    oob.add_argument(
        "--turn", type=int, choices=range(1, LAST_TURN + 1), metavar="N", help=f"combined turn 1-{LAST_TURN}"
    )
    oob.add_argument("--theatre", choices=[t.value for t in Theatre])
    oob.add_argument("--nation", metavar="CODE", help="nation code: UK FR SU NL AU US DE IT JP")
    data_option(oob)
    oob.set_defaults(func=cmd_oob)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    name = next((w for w in words if not w.startswith("-")), "")
    parser = build_parser(name)
    try:
        args = parser.parse_args(words)  # bad usage: argparse's own message and exit 2 (SystemExit)
    except Exception as exc:  # an argument's type function failing is a bug: one line, as in _run (R-UI-80)
        return _internal_error(argparse.Namespace(vas_command=name), exc)
    args.vas_command = name  # not args.command: `vas run --command` and `vas serve --command` reuse that name
    # SIGTERM / SIGHUP end a command as Ctrl-C does (tui.signals); not the textual apps (`vas play`, `vas battle
    # --human`), which have their own handling (a signal saves the game, issue 13)
    textual = args.func is cmd_play or bool(getattr(args, "human", None))
    restore = None if textual else stop_on_signals()
    try:
        return _run(args)
    finally:
        if restore is not None:
            restore()


def _run(args: argparse.Namespace) -> int:
    """``args``'s command, every way it can end turned into an exit code and at most one line (module docstring)."""
    try:
        if args.func is cmd_play or getattr(args, "human", None):  # a textual app owns the terminal
            return int(args.func(args))
        with pipe_safe_stdout():  # `vas run | head -1`: the command goes on to its end, its exit code kept (R-UI-47)
            return int(args.func(args))
    except DataError as exc:
        print(f"vas: {len(exc.problems)} problem(s) in the campaign data:", file=sys.stderr)
        for problem in exc.problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    except InputError as exc:  # bad input a command did not report itself: its own message, never "internal"
        print(f"vas: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM / SIGHUP (tui.signals): a short message, never a traceback
        print(f"vas: {how_stopped(exc)}", file=sys.stderr)
        return exit_code(exc)
    except Exception as exc:  # a bug, never bad input (that has its own message): one line and the details aside
        return _internal_error(args, exc)


def _internal_error(args: argparse.Namespace, exc: Exception) -> int:
    """Report an unexpected exception as one line naming the command and the error, with the traceback written to
    a file (issue 13 item 5: no traceback, ever); exit code 70 (EX_SOFTWARE)."""
    import tempfile
    import traceback

    command = " ".join(str(v) for v in (getattr(args, "vas_command", ""), getattr(args, "data_command", None)
                                        or getattr(args, "cards_command", None) or "") if v)
    where = ""
    try:
        fd, path = tempfile.mkstemp(prefix="vas-error-", suffix=".txt")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write("".join(traceback.format_exception(exc)))
        where = f"; the details are in {path}"
    except OSError:
        pass
    print(f"vas {command}: internal error ({type(exc).__name__}: {exc}){where}; please report it", file=sys.stderr)
    return 70


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
