"""``vas run``: a headless campaign played by AI players, reported turn by turn.

    vas run [--seed N] [--setup|--start standard|was_only|vitp_only|early_war] [--turns K] [--ai all|PLAYER...]
            [--combat tactical|classic|none] [--battle-logs DIR] [--save FILE] [--load FILE] [--log FILE]
            [--data DIR]...
    vas run --replay LOG [--data DIR]...
    vas run --list-options

``--option NAME`` (repeatable; ``--list-options`` lists them) sets a new game's rule options
(:mod:`strategic.rule_options`): campaign options, and tactical options every battle on the table is fought with;
they are saved with the game and in the log's header (a replay plays under them, a loaded game keeps them).

Players not named in ``--ai`` give no orders (their units stay in port).  Each turn prints the arrivals, the
moves, the battles and their losses, control and POC per theatre; the end prints the winner.  ``--save``
writes the game (atomically) when the run stops; ``--load`` continues a saved game.  ``--log`` writes the campaign
log (:mod:`strategic.replay`: a header, then every event, dice roll and order as JSON); ``--replay LOG`` plays that
game again from its header and orders and checks it is identical (exit 0; 5 at the first difference, named).

Combat (issue 7 item 4) is ``tactical`` by default: each battle the table can fight is a *Victory at Sea*
battle (:class:`strategic.battles.TacticalResolver`), the rest classic; ``classic`` fights every battle by the War
at Sea / VITP rules; ``none`` leaves battles pending (the run stops, exit 3).  Each tactical battle prints its
one-line result (objectives, turns fought, VP, winner, ships sunk, crippled, withdrawn) and a line with each side's
ships and the Hull it lost; ``--battle-logs DIR`` saves each one's log (:mod:`strategic.battle_logs`) as
``DIR/t{turn:02d}-{area-slug}.json`` (:func:`strategic.battle_logs.battle_log_name`; ``-2`` is added to a name
already written in this run) and prints where.  Only the battle just fought is held in memory.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from scenarios.errors import InputError, InvalidOrder, RulesError
from scenarios.loader import CampaignData, load_data
from scenarios.models import Player
from scenarios.names import player_name, side_name, side_words
from strategic.ai import Agent, BaselineAI, play
from strategic.answer_needed import AnswerNeeded
from strategic.battle_logs import battle_log_name, save_battle_log, ships_line
from strategic.battles import TacticalResolver
from strategic.bid import bid_words
from strategic.campaign import Campaign
from strategic.classic.briefs import OrderBrief
from strategic.clock import Clock
from strategic.commanders import drop_table_battle, table_battle_in_progress
from strategic.engine_errors import EngineError
from strategic.events import (
    MOVE_TYPES,
    AttackAnnounced,
    AutomaticVictory,
    BattleFought,
    BattleHandedOver,
    BattleNote,
    BattlesWaiting,
    CaribbeanRoll,
    CombatNoted,
    ForcedMove,
    LeftOut,
    LocationRoll,
    NoSurprise,
    PearlForceDecided,
    PocScored,
    PortCaptured,
    SideChange,
    UnitArrived,
    UnitDisabled,
    UnitEliminated,
    UnitLanded,
    UnitLost,
    UnitRemoved,
    UnitSunk,
    UsEntryRoll,
    Victory,
)
from strategic.json_files import write_text_atomic
from strategic.narrate import describe
from strategic.order_of_appearance import vitp_turn
from strategic.orders import Order
from strategic.replay import LogHeader, ReplayError, counts, log_text, read_log, replay
from strategic.resolvers import make_resolver
from strategic.rule_options import chosen_options, option_lines
from strategic.saves import SaveError, autosave_path, checkpoint_text, data_for_load, load_state, save
from strategic.state import COMBATS, Event
from strategic.turn_summary import place_words, summarize, summary_lines
from tactical import TacticalQuestion, UnknownOption, encode_tactical
from tui.arguments import BID_HELP, poc_bid, rule_option, seed_number, turns_note, whole_number
from tui.outputs import OutputError, check_outputs
from tui.signals import exit_code, held, how_stopped

PLAYERS = [p.value for p in Player]

REPLAY_EXCLUDES = (("--seed", "seed"), ("--setup/--start", "setup"), ("--turns", "turns"), ("--ai", "ai"),
                   ("--combat", "combat"), ("--battle-logs", "battle_logs"), ("--save", "save"), ("--load", "load"),
                   ("--log", "log"), ("--option", "option"), ("--bid", "bid"))
"""Flags of a played run that a replay takes from its log (``--data`` may point to the data folders anew)."""


class Passive:
    """A player who gives no orders."""

    def orders(self, campaign: Campaign, player: str) -> list[Order]:
        return []


def add_run_parser(sub: argparse._SubParsersAction, data_option) -> None:  # type: ignore[type-arg]
    run = sub.add_parser("run", help="play a campaign headless with AI players")
    run.add_argument("--seed", type=seed_number,
                     help="the dice seed of a new game, a whole number 0 or more (default 1; a loaded game keeps its "
                          "own)")
    run.add_argument("--setup", "--start", dest="setup", type=_setup_name,
                     help="set-up name of a new game (default standard; vas data show standard); --start early-war "
                          "plays the 002 §5 start")
    run.add_argument("--turns", type=whole_number(1), metavar="K", help="stop after K turns (K >= 1)")
    run.add_argument("--option", action="append", type=rule_option, metavar="NAME",
                     help="play a new game under this rule option (repeatable): a campaign option, or a tactical "
                          "one for every battle on the table; --list-options lists them (a loaded game keeps its "
                          "own)")
    run.add_argument("--bid", action="append", type=poc_bid, metavar="THEATRE=N", help=BID_HELP)
    run.add_argument("--list-options", action="store_true",
                     help="list the campaign and tactical rule options with their summary and source, and stop")
    run.add_argument("--ai", nargs="+", default=["all"], metavar="PLAYER",
                     help=f"players run by the baseline AI: all, or some of {', '.join(PLAYERS)}")
    run.add_argument("--combat", choices=list(COMBATS),
                     help="tactical (default for a new game; a loaded game keeps the combat it was saved with): "
                          "battles on the miniatures table, the rest classic; classic: War at Sea / VITP combat; "
                          "none: battles stay pending and the run stops")
    run.add_argument("--battle-logs", type=Path, metavar="DIR",
                     help="save each tactical battle's log as DIR/tNN-area.json (vas battle --replay, vas play "
                          "--battle-log)")
    run.add_argument("--save", type=Path, metavar="FILE", help="save the game here when the run stops (an existing "
                     "file is replaced, and the run says so)")
    run.add_argument("--load", type=Path, metavar="FILE", help="continue a saved game")
    run.add_argument("--log", type=Path, metavar="FILE",
                     help="write the campaign log here: JSON, every event, roll and order (vas run --replay FILE)")
    run.add_argument("--replay", type=Path, metavar="LOG",
                     help="play the game of a campaign log (vas run --log) again from its seed and recorded orders "
                          "and check it is identical, event for event and roll for roll (exit 0; 5 if it differs)")
    run.add_argument("--command", nargs="+", metavar="PLAYER",
                     help="players who make their own combat decisions (classic, and on the table in tactical "
                          "games): the run stops at the first one (exit 3), shows it and how to answer it (--load "
                          "FILE --answer JSON); none: the AI answers every side (a loaded game keeps its "
                          "commanders otherwise)")
    run.add_argument("--refight", action="store_true",
                     help="with --load and --combat classic: a save in the middle of a battle on the tactical table "
                          "fights that battle again by the classic rules, dropping its answers (else refused, exit 2)")
    run.add_argument("--answer", metavar="JSON",
                     help="with --load: the answer to the combat question the save waits at (JSON, as the stop "
                          "shows), then the run goes on")
    data_option(run)
    run.set_defaults(func=cmd_run)


def _setup_name(text: str) -> str:
    """Set-up names are written with underscores in the data; ``early-war`` is accepted for ``early_war``."""
    return text.replace("-", "_")


def cmd_run(args: argparse.Namespace) -> int:
    problem = _usage_problem(args)
    if problem:
        print(f"vas run: {problem}", file=sys.stderr)
        return 2
    if args.list_options:
        print("\n".join(option_lines()))
        return 0
    if args.replay is not None:
        return replay_command(args.replay, args.data)
    try:
        check_outputs({"--save": args.save, "--log": args.log}, {"--battle-logs": args.battle_logs},
                      inputs={"--load": args.load})
    except OutputError as exc:
        print(f"vas run: {exc}", file=sys.stderr)
        return 2
    try:  # a loaded game is played on the data it was saved on unless --data says otherwise (R-UI-111)
        folders, data_note = (data_for_load(args.load, args.data) if args.load
                              else ([Path(d) for d in args.data or []], ""))
        if not args.load and folders:  # a new game's first line names its data too
            data_note = f"data: {', '.join(str(f.resolve()) for f in folders)}"
    except SaveError as exc:
        print(f"vas run: {exc}", file=sys.stderr)
        return 2
    data = load_data(folders)
    try:
        campaign, combat_note = _campaign(args, data)
    except SaveError as exc:
        print(f"vas run: {exc}", file=sys.stderr)
        return 1
    except UnknownOption as exc:
        print(f"vas run: --option: {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"vas run: {exc}", file=sys.stderr)
        return 2
    refought = table_battle_in_progress(campaign, args.combat) if args.load and args.combat else None
    if refought is not None and not args.refight:  # R-SEAT-22: never drop a battle's answers without a word
        print(f"vas run: {refought.refusal(str(args.load), '--refight')}", file=sys.stderr)
        return 2
    if refought is not None:
        drop_table_battle(campaign, refought)
    combat = campaign.state.combat
    if args.battle_logs is not None and combat != "tactical":
        print(f"vas run: --battle-logs saves tactical battles; this game's combat is {combat}", file=sys.stderr)
        return 2
    ai_players = PLAYERS if "all" in args.ai else args.ai
    agents: dict[str, Agent] = {p: (BaselineAI() if p in ai_players else Passive()) for p in PLAYERS}
    state = campaign.state
    passive = [p for p in PLAYERS if p not in ai_players]
    options = chosen_options(state)
    print(f"{data.setups[state.setup].title}; seed {state.seed}; combat {combat}{combat_note}; "
          f"AI: {', '.join(map(player_name, ai_players))}"
          + (f"; passive: {', '.join(map(player_name, passive))}" if passive else "")
          + (f"; options: {', '.join(options)}" if options else "")
          + (f"; POC bid: {bid_words(state.bid)}" if state.bid else "")
          + (f"; {data_note}" if data_note else "")
          + (f"; {turns_extra}" if (turns_extra := turns_note(args.turns, state.turn, campaign.setup.last_turn))
             else ""))
    stop = state.turn + args.turns if args.turns else None
    header = LogHeader(setup=state.setup, seed=state.seed, combat=combat, ai=list(ai_players),
                       data=[str(d.resolve()) for d in folders], stop_turn=stop,
                       battle_commanders=list(state.battle_commanders), options=options, bid=dict(state.bid))
    reporter = TurnReporter(campaign, args.battle_logs)
    reporter.replay_current_turn()
    campaign.on_event = reporter.add
    clock: Clock | None = None
    try:  # with --save, a checkpoint at each decision: what an interrupted game keeps (R-UI-100)
        clock = Clock(campaign, resume=bool(args.load), checkpoints=args.save is not None)
        if args.answer is not None:
            refusal = _answer(campaign, clock, args.answer)
            if refusal:
                print(f"vas run: --answer {refusal}", file=sys.stderr)
                return 2
        play(campaign, clock, agents, stop_at_turn=stop)
    except EngineError as exc:
        reporter.flush()
        return _engine_failure(campaign, exc, args, header)
    except KeyboardInterrupt as exc:  # Ctrl-C or SIGTERM (tui.signals)
        with held():  # a second Ctrl-C does not stop the writing of what the game keeps (R-UI-116)
            reporter.flush()
            return _interrupted(campaign, clock, exc, args, header)
    reporter.flush()
    if campaign.blocked:
        _print(f"\nStopped on turn {state.turn}: {campaign.blocked}")
        if campaign.asked is not None:
            _print(question_text(campaign, args.save))
    elif state.winner:
        results = ", ".join(f"{t.value} {side_name(r)}" for t, r in state.theatre_results.items())
        verdict = f"{side_words(state.winner)} win" if state.winner in ("allied", "axis") else "a tie"
        _print(f"\nGame over after turn {state.turn}: {verdict} ({results}).")
    elif stop is not None and not clock.finished:
        _print(f"\nStopped after {args.turns} turn(s), at the start of turn {state.turn} (its arrivals are shown "
              "above); continue with --save and --load.")
    if reporter.saved_logs:
        _print(f"{reporter.saved_logs} battle log(s) written to {args.battle_logs} (vas battle --replay FILE)")
    if args.save:
        existed, created = args.save.exists(), _created(args.save)
        save(campaign, args.save)
        _print(f"Saved to {args.save}" + (" (the file that was there is replaced)" if existed else "") + created)
    if args.log:
        created = _created(args.log)
        write_text_atomic(args.log, log_text(campaign, header))
        events = counts(state.events)[0]
        _print(f"Event log ({events} events, {len(campaign.dice.log)} rolls) written to {args.log}{created}")
    return 0 if not campaign.blocked else 3


def _created(path: Path) -> str:
    """`` (the folder F was created)`` when writing ``path`` creates its missing folders (R-UI-106), else nothing:
    a mistyped folder is made, and the player is told where his file went."""
    target = path.resolve()  # a symbolic link is written through, to the folder of the file it names (R-UI-122)
    folder = target.parent
    if folder.exists():
        return ""
    link = f"a link to {target}; " if path.is_symlink() else ""
    return f" ({link}the folder {folder} was created)"


def _answer(campaign: Campaign, clock: Clock, text: str) -> str | None:
    """Give the loaded game's waiting combat question the answer ``text`` (JSON) and fight on; the refusal, or
    ``None``."""
    if campaign.state.question is None:
        return f"{text}: this game waits for no combat answer"
    try:
        answer = json.loads(text)
    except ValueError as exc:
        return f"is not JSON ({exc})"
    except RecursionError:  # R-UI-81: '[[[[...' thousands deep is bad input, not a bug
        return "is not JSON (nested too deeply)"
    try:
        campaign.answer_combat(answer)
    except (RulesError, InputError, InvalidOrder) as exc:
        return f"refused: {exc}"
    clock.retry()
    return None


def question_text(campaign: Campaign, save_path: Path | None) -> str:
    """The waiting combat question in words: its choices, the odds of each attack, the AI's answer and its reason,
    and how to answer it headless."""
    asked = campaign.asked
    assert asked is not None
    if isinstance(asked.question, TacticalQuestion):
        return table_question_text(campaign, save_path)
    lines = classic_question_lines(campaign)
    lines.append(answer_hint(save_path, json.dumps(asked.brief.suggestion)))
    return "\n".join(lines)


def classic_question_lines(campaign: Campaign) -> list[str]:
    """The waiting classic combat question in words, line by line: its rule, choices, the odds of each attack, the
    notes, the AI's answer and its reason (``vas run --command``; a remote seat's question, R-NET-20)."""
    asked = campaign.asked
    assert asked is not None and not isinstance(asked.question, TacticalQuestion)
    brief, options = asked.brief, asked.question.options
    lines = [f"  rule: {brief.rule}"]
    if isinstance(brief, OrderBrief):  # the battle order: each battle's forces; "later" is the engine's
        options = {"areas": options["areas"]}
        lines += [f"  {area} ({kind}): allied {', '.join(allied) or 'none at sea'}; axis {', '.join(axis) or 'none'}"
                  + (f"; in port {', '.join(ported)}" if ported else "")
                  for area, (kind, allied, axis, ported) in brief.battles.items()]
    lines += [f"  {name}: {', '.join(map(str, v)) if isinstance(v, list) else v}" for name, v in options.items()
              if not isinstance(v, dict)]
    lines += [f"  {name}: " + "; ".join(f"{k} {', '.join(map(str, c)) if isinstance(c, list) else c}"
                                        for k, c in v.items()) for name, v in options.items() if isinstance(v, dict)]
    for attacker, targets in brief.odds.items():
        lines.append(f"  {attacker}: " + "; ".join(f"{t} hit {float(o.hit):.0%}, sink {float(o.sunk):.0%}"
                                                   for t, o in targets.items()))
    lines += [f"  note: {note}" for note in brief.notes]
    lines.append(f"  the AI would answer {json.dumps(brief.suggestion)} ({brief.reason})")
    return lines


def answer_hint(save_path: Path | None, suggestion: str) -> str:
    """How to answer headless: load the save, answer, and save again to the same file (so the next stop is kept)."""
    where = save_path if save_path is not None else "FILE"
    return (f"  answer with: vas run --load {where} --save {where} --answer '{suggestion}'"
            + ("" if save_path is not None else " (this stop was not saved: run again with --save FILE)"))


def table_question_text(campaign: Campaign, save_path: Path | None) -> str:
    """A question of the tactical engine in words (issue #16): its options, the AI's answer as JSON (the battle
    is fought up to the question to ask the AI, and taken back) and how to answer it headless."""
    asked = campaign.asked
    assert asked is not None and isinstance(asked.question, TacticalQuestion)
    question = asked.question
    found: dict[str, Any] = {}

    def ai_answer(q: TacticalQuestion, battle: Any, advice: Any, player: Player) -> Any:
        found["answer"] = encode_tactical(q.question, advice())
        raise AnswerNeeded(q, player.value)  # the question is found: stop the battle

    campaign.fight_live(ai_answer)
    lines = [f"  {name}: {json.dumps(value)}" for name, value in question.options.items()]
    suggestion = json.dumps(found.get("answer"))
    lines.append(f"  the AI would answer {suggestion}")
    lines.append(answer_hint(save_path, suggestion) + "; every answer: vas play (the command screen)")
    return "\n".join(lines)


def _usage_problem(args: argparse.Namespace) -> str | None:
    """Flags that make no sense together, or unknown players (exit 2 before any work)."""
    if args.replay is not None:
        given = [flag for flag, value in REPLAY_EXCLUDES if getattr(args, value) not in (None, ["all"])]
        if given:
            return f"{', '.join(given)} cannot be used with --replay: the log's header says how the game was played"
    unknown = [p for p in args.ai if p != "all" and p not in PLAYERS]
    unknown += [p for p in args.command or [] if p not in (*PLAYERS, "none")]
    if unknown:
        return f"unknown player(s) {', '.join(unknown)}; use all or {', '.join(PLAYERS)}"
    if args.answer is not None and args.load is None:
        return "--answer answers the combat question a saved game waits at: give the save with --load"
    if args.list_options:
        given = [flag for flag, value in (*REPLAY_EXCLUDES, ("--replay", "replay"))
                 if getattr(args, value) not in (None, ["all"])]
        if given:
            return f"--list-options and {given[0]} cannot be used together (--list-options only lists the options)"
    if args.load is not None:
        given = [flag for flag, value in (("--seed", args.seed), ("--setup/--start", args.setup),
                                          ("--option", args.option), ("--bid", args.bid)) if value is not None]
        if given:
            return (f"{' and '.join(given)} cannot be used with --load: a saved game keeps its own set-up, seed, "
                    "rule options and bid")
    if args.refight and (args.load is None or args.combat != "classic"):
        return ("--refight fights a loaded game's battle on the table by the classic rules: give --load and "
                "--combat classic")
    if args.battle_logs is not None and args.combat not in (None, "tactical"):
        return f"--battle-logs saves tactical battles; it needs --combat tactical, not {args.combat}"
    return None


def _campaign(args: argparse.Namespace, data) -> tuple[Campaign, str]:  # type: ignore[no-untyped-def]
    """The new or loaded campaign with its resolver, and a note on where its combat came from (a loaded game
    keeps the combat it was saved with; ``--combat`` overrides it and the header says so)."""
    if args.load:
        campaign = load_state(args.load, data)
        saved = campaign.state.combat
        combat = args.combat or saved
        note = " (as saved)" if combat == saved else f" (--combat overrides the save's {saved})"
        if campaign.loaded_version == 1:
            note += "; an old save: its dice log starts at this load"
    else:
        campaign = Campaign.new(data, args.setup or "standard", seed=1 if args.seed is None else args.seed,
                                options=args.option or (), bid=dict(args.bid or []))
        combat, note = args.combat or "tactical", ""
    if args.load:
        campaign.change_combat(combat)  # logged: a replay changes it at the same point (R-UI-114)
    campaign.state.combat = combat  # type: ignore[assignment]
    if args.command is not None:
        campaign.state.battle_commanders = [Player(p) for p in PLAYERS if p in args.command]
    # keep_reports: the reporter takes each battle as soon as it is fought and drops it (memory stays bounded)
    campaign.resolver = TacticalResolver(keep_reports=True) if combat == "tactical" else make_resolver(combat)
    return campaign, note


def _engine_failure(campaign: Campaign, exc: EngineError, args: argparse.Namespace, header: LogHeader) -> int:
    """The engine failed: say where and why; keep the user's save as it was.  A failed battle left the campaign as
    it was before that battle (a good state): with ``--save`` it is written beside the save, to go on from there
    (e.g. with that battle fought by the classic rules)."""
    print(f"\nvas run: {exc}", file=sys.stderr)
    if args.log:  # the audit trail up to the failure (a failed battle's own events and rolls were taken back)
        write_text_atomic(args.log, log_text(campaign, header))
        print(f"vas run: the event log up to the error is written to {args.log}", file=sys.stderr)
    kept = f"; {args.save} is left as it was" if args.save and args.save.exists() else ""
    if args.save and exc.rewound:
        path = autosave_path(args.save)
        save(campaign, path)
        print(f"vas run: the game as it was before that battle is saved to {path}{kept}; go on with "
              f"vas run --load {path} --combat classic", file=sys.stderr)
    elif args.save:
        print(f"vas run: no save was written{kept}", file=sys.stderr)
    return 4


def _interrupted(campaign: Campaign, clock: Clock | None, exc: KeyboardInterrupt, args: argparse.Namespace,
                 header: LogHeader) -> int:
    """Ctrl-C or SIGTERM (R-UI-100): nothing played is lost.  With ``--save`` the game as it was at the start of
    the last decision (the clock's checkpoint) is written beside the save, which is left as it was, to go
    on from there; with ``--log`` the event log up to the interruption is written."""
    state = campaign.state
    print(f"\nvas run: {how_stopped(exc)} on turn {state.turn}, {state.phase.value} phase", file=sys.stderr)
    text = checkpoint_text(clock) if clock is not None and args.save else None
    kept = f"; {args.save} is left as it was" if args.save and args.save.exists() else ""
    if text is not None:
        path = autosave_path(args.save)
        write_text_atomic(path, text)
        kept_state = clock.checkpoint[0] if clock is not None and clock.checkpoint is not None else state
        print(f"vas run: the game as it was at the start of the last decision (turn {kept_state.turn}, "
              f"{kept_state.phase.value} phase) is saved to {path}{kept}; go on with vas run --load {path}",
              file=sys.stderr)
    elif args.save:
        print(f"vas run: no save was written (the game had reached no decision){kept}", file=sys.stderr)
    if args.log:
        write_text_atomic(args.log, log_text(campaign, header))
        print(f"vas run: the event log up to the interruption is written to {args.log}", file=sys.stderr)
    return exit_code(exc)


def _print(text: str) -> None:
    """Print a turn's report; a reader that has gone (``vas run | head``) stops the printing, not the game: the
    save and the log are still written at the end."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _remember(kept: list[CampaignData], data: CampaignData) -> CampaignData:
    kept.append(data)
    return data


def replay_command(path: Path, data_folders: list[str] | None) -> int:
    """``vas run --replay LOG``: play the logged game (or a saved one: :func:`strategic.replay.log_of_game`) again
    (:func:`strategic.replay.replay`) and say whether it is identical.  Exit 0 identical, 1 a log that cannot be
    read or played, 4 an engine error, 5 a difference (the first one is named: turn, phase, event number, the
    logged and the replayed event)."""
    given: list[CampaignData] = []  # a save is replayed on the --data folders, else its own (R-UI-111)
    try:  # a save whose folders are gone: refused as --load refuses it (exit 2)
        data_for_load(path, data_folders)
    except SaveError as exc:
        print(f"vas run: {exc}", file=sys.stderr)
        return 2
    try:
        log = read_log(path, lambda: _remember(given, load_data(data_for_load(path, data_folders)[0])))
    except ReplayError as exc:
        print(f"vas run: {exc}", file=sys.stderr)
        return 1
    header = log.header
    data = given[0] if given else load_data([Path(d) for d in data_folders or header.data])
    events, rolls, orders = counts(log.events)
    title = data.setups[header.setup].title if header.setup in data.setups else header.setup
    options = f"; options: {', '.join(header.options)}" if header.options else ""
    options += f"; POC bid: {bid_words(header.bid)}" if header.bid else ""
    print(f"Replay of {path}: {title}; seed {header.seed}; combat {header.combat}{options}; {events} events, "
          f"{rolls} rolls, {orders} orders")
    try:
        result = replay(log, data)
    except ReplayError as exc:
        print(f"vas run: {path}: {exc}", file=sys.stderr)
        return 1
    except EngineError as exc:
        print(f"vas run: replay of {path}: {exc}", file=sys.stderr)
        return 4
    if result.difference is not None:
        print(f"vas run: {path}: the replay differs from the log at {result.difference}", file=sys.stderr)
        return 5
    print("Identical: event for event and roll for roll.")
    return 0


class TurnReporter:
    """Collects events and prints one block per turn (arrivals, moves, battles, control, POC).

    With a :class:`~strategic.battles.TacticalResolver` keeping reports, each battle it has fought is taken from its
    ``battles`` (and dropped there) at the next event: its ships line is printed under the battle's result, and
    with ``battle_logs`` its log is saved there as ``t{turn:02d}-{area-slug}.json``."""

    def __init__(self, campaign: Campaign, battle_logs: Path | None = None) -> None:
        self.campaign = campaign
        self.battle_logs = battle_logs
        self.turn: int | None = None
        self.events: list[Event] = []
        self.extra: dict[str, list[list[str]]] = defaultdict(list)
        self.names: set[str] = set()
        self.saved_logs = 0

    def take_battles(self) -> None:
        """Move the resolver's fought battles into this turn's extra lines (and the log folder)."""
        resolver = self.campaign.resolver
        if not isinstance(resolver, TacticalResolver) or not resolver.battles:
            return
        fought, resolver.battles[:] = list(resolver.battles), []
        for tb in fought:
            lines = [f"    {ships_line(tb)}"]
            if self.battle_logs is not None:
                name = battle_log_name(tb)
                number = 1
                while name in self.names:  # a second engagement of the same kind in an area and turn
                    number += 1
                    name = f"{battle_log_name(tb).removesuffix('.json')}-{number}.json"
                self.names.add(name)
                path = save_battle_log(self.battle_logs / name, tb)
                self.saved_logs += 1
                lines.append(f"    battle log: {path}")
            self.extra[tb.area].append(lines)

    def replay_current_turn(self) -> None:
        """On a fresh or loaded game, report what already happened this turn."""
        turn = self.campaign.state.turn
        for event in self.campaign.state.events:
            if event.turn == turn:
                self.add(event)

    def add(self, event: Event) -> None:
        self.take_battles()
        if self.turn is not None and event.turn != self.turn:
            self.flush()
        self.turn = event.turn
        self.events.append(event)

    def flush(self) -> None:
        self.take_battles()
        kept = {id(e) for e in self.campaign.state.events[-len(self.events):]} if self.events else set()
        self.events = [e for e in self.events if id(e) in kept]  # a battle taken back took its events along
        if self.turn is None or not self.events:
            return
        _print(render_turn(self.campaign, self.turn, self.events, self.extra))
        self.events = []
        self.extra = defaultdict(list)


def render_turn(campaign: Campaign, turn: int, events: list[Event],
                extra: dict[str, list[list[str]]] | None = None) -> str:
    """One turn's block.  ``extra`` holds, per area, one group of lines per tactical engagement fought there, in
    order: each group is printed under the next tactical result line (``Tactical ...``) of that area; any left over
    at the end of the battles."""
    extra = {area: list(groups) for area, groups in (extra or {}).items()}
    vitp = vitp_turn(turn) if campaign.setup.vitp_first_turn else None
    out = [f"\n=== Turn {turn}" + (f" (VITP turn {vitp})" if vitp and campaign.vitp_started else "") + " ==="]
    arrivals = [e for e in events if isinstance(e, UnitArrived)]
    if len(arrivals) > 25:
        where: Counter[str] = Counter(
            f"{campaign.unit_record(e.unit).nation} in {place_words(e.place, campaign.data.groups)}" for e in arrivals)
        out.append(f"Arrivals ({len(arrivals)}): " + ", ".join(f"{n} {k}" for k, n in where.most_common()))
    elif arrivals:
        out.append(f"Arrivals ({len(arrivals)}): " + ", ".join(
            f"{e.unit} ({place_words(e.place, campaign.data.groups)})" for e in arrivals))
    out += _in_log_order(campaign, events, extra)
    out += [line for groups in extra.values() for group in groups for line in group]
    control = campaign.state.control
    for theatre in campaign.setup.theatres:
        held = Counter(str(control.get(a).value) if control.get(a) else "none"  # type: ignore[union-attr]
                       for a, r in campaign.data.areas.items() if r.theatre is theatre and a in control)
        out.append(f"Control {theatre.value}: " + ", ".join(f"{side_name(s)} {n}" for s, n in sorted(held.items())))
    out += [describe(e) for e in events if isinstance(e, PocScored)]
    out += [describe(e) for e in events if isinstance(e, Victory)]
    out += [describe(e) for e in events if isinstance(e, AutomaticVictory)]
    if any(isinstance(e, PocScored) for e in events):  # the turn is over: its summary (issue #17)
        out += summary_lines(summarize(campaign, turn, events), campaign.data.groups)
    return "\n".join(out)


def _in_log_order(campaign: Campaign, events: list[Event], extra: dict[str, list[list[str]]]) -> list[str]:
    """The turn's noted events (each with its rule), its moves (one line where the first move is logged) and its
    battles, in the order the log has them: a unit used up in a battle is told after that battle's start, a
    side-change roll before the battles that follow it (R-SUM-12)."""
    moves: Counter[str] = Counter(campaign.state.unit(e.unit).commander.value for e in events
                                  if isinstance(e, MOVE_TYPES))
    out: list[str] = []
    for event in events:
        if isinstance(event, NOTED_TYPES):
            out.append(f"  {describe(event)}  [{event.rule}]")
        elif isinstance(event, MOVE_TYPES) and moves:
            out.append("Moves: " + ", ".join(f"{player_name(p)} {n}" for p, n in sorted(moves.items())))
            moves.clear()
        elif isinstance(event, BATTLE_TYPES):
            out.append(f"  {describe(event)}")
            groups = extra.get(event.area) if isinstance(event, BattleFought) else None
            if groups:
                out += groups.pop(0)
    return out


NOTED_TYPES = (UnitRemoved, LocationRoll, CaribbeanRoll, UsEntryRoll, SideChange, ForcedMove, UnitLost, PortCaptured,
               AttackAnnounced, NoSurprise, PearlForceDecided, UnitLanded)
"""The events a turn's report lists each with its rule, after the arrivals: of each type in turn, in order."""

BATTLE_TYPES = (BattlesWaiting, BattleHandedOver, BattleFought, BattleNote, LeftOut, UnitSunk, UnitDisabled,
                UnitEliminated, CombatNoted)
"""The events of the battles, listed in the order they happened."""

