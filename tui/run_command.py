"""``vas run``: a headless campaign played by AI players, reported turn by turn.

    vas run [--seed N] [--setup|--start standard|was_only|vitp_only|early_war] [--turns K] [--ai all|PLAYER...]
            [--combat classic|tactical|none] [--save FILE] [--load FILE] [--log FILE] [--data DIR]...

Players not named in ``--ai`` give no orders (their units stay in port).  Each turn prints the arrivals, the
moves, the battles and their losses, control and POC per theatre; the end prints the winner.  ``--save``
writes the game (atomically) when the run stops; ``--load`` continues a saved game.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

from scenarios.loader import load_data
from scenarios.models import Player
from strategic.ai import Agent, BaselineAI, play
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.combat import make_resolver
from strategic.order_of_appearance import vitp_turn
from strategic.orders import Order
from strategic.saves import SaveError, load, save
from strategic.state import Event

PLAYERS = [p.value for p in Player]


class Passive:
    """A player who gives no orders."""

    def orders(self, campaign: Campaign, player: str) -> list[Order]:
        return []


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def add_run_parser(sub: argparse._SubParsersAction, data_option) -> None:  # type: ignore[type-arg]
    run = sub.add_parser("run", help="play a campaign headless with AI players")
    run.add_argument("--seed", type=int, default=1)
    run.add_argument("--setup", "--start", dest="setup", default="standard", type=_setup_name,
                     help="set-up name (vas data show standard); --start early-war plays the 002 §5 start")
    run.add_argument("--turns", type=_positive, metavar="K", help="stop after K turns (K >= 1)")
    run.add_argument("--ai", nargs="+", default=["all"], metavar="PLAYER",
                     help=f"players run by the baseline AI: all, or some of {', '.join(PLAYERS)}")
    run.add_argument("--combat", choices=["classic", "tactical", "none"], default="classic")
    run.add_argument("--save", type=Path, metavar="FILE", help="save the game here when the run stops")
    run.add_argument("--load", type=Path, metavar="FILE", help="continue a saved game")
    run.add_argument("--log", type=Path, metavar="FILE", help="write the full event log (every roll) here")
    data_option(run)
    run.set_defaults(func=cmd_run)


def _setup_name(text: str) -> str:
    """Set-up names are written with underscores in the data; ``early-war`` is accepted for ``early_war``."""
    return text.replace("-", "_")


def cmd_run(args: argparse.Namespace) -> int:
    data = load_data([Path(d) for d in args.data or []])
    unknown = [p for p in args.ai if p != "all" and p not in PLAYERS]
    if unknown:
        print(f"vas run: unknown player(s) {', '.join(unknown)}; use all or {', '.join(PLAYERS)}", file=sys.stderr)
        return 2
    ai_players = PLAYERS if "all" in args.ai else args.ai
    try:
        resolver = make_resolver(args.combat)
    except ImportError:
        print(f"vas run: {args.combat} combat is not available in this build; use --combat none", file=sys.stderr)
        return 2
    if args.load:
        try:
            campaign, clock = load(args.load, data, resolver)
        except SaveError as exc:
            print(f"vas run: {exc}", file=sys.stderr)
            return 1
    else:
        try:
            campaign = Campaign.new(data, args.setup, seed=args.seed, resolver=resolver)
        except ValueError as exc:
            print(f"vas run: {exc}", file=sys.stderr)
            return 2
        clock = Clock(campaign)
    agents: dict[str, Agent] = {p: (BaselineAI() if p in ai_players else Passive()) for p in PLAYERS}
    state = campaign.state
    print(f"{data.setups[state.setup].title}; seed {state.seed}; combat {args.combat}; "
          f"AI: {', '.join(ai_players)}" + (f"; passive: {', '.join(set(PLAYERS) - set(ai_players))}"
                                             if set(PLAYERS) - set(ai_players) else ""))
    reporter = TurnReporter(campaign)
    reporter.replay_current_turn()
    campaign.on_event = reporter.add
    stop = state.turn + args.turns if args.turns else None
    play(campaign, clock, agents, stop_at_turn=stop)
    reporter.flush()
    if campaign.blocked:
        print(f"\nStopped on turn {state.turn}: {campaign.blocked}")
    elif state.winner:
        results = ", ".join(f"{t.value} {r}" for t, r in state.theatre_results.items())
        print(f"\nGame over after turn {state.turn}: the {state.winner} side wins ({results}).")
    elif stop is not None and not clock.finished:
        print(f"\nStopped after {args.turns} turn(s), at the start of turn {state.turn} (its arrivals are shown "
              "above); continue with --save and --load.")
    if args.save:
        save(campaign, args.save)
        print(f"Saved to {args.save}")
    if args.log:
        args.log.write_text(event_log_text(campaign), encoding="utf-8")
        print(f"Event log ({len(state.events)} events, {len(campaign.dice.log)} rolls) written to {args.log}")
    return 0 if not campaign.blocked else 3


def event_log_text(campaign: Campaign) -> str:
    """Every event, then every die roll with its label and rule."""
    lines = [str(e) for e in campaign.state.events]
    lines += ["", "# dice"] + [str(r) for r in campaign.dice.log]
    return "\n".join(lines) + "\n"


class TurnReporter:
    """Collects events and prints one block per turn (arrivals, moves, battles, control, POC)."""

    def __init__(self, campaign: Campaign) -> None:
        self.campaign = campaign
        self.turn: int | None = None
        self.events: list[Event] = []

    def replay_current_turn(self) -> None:
        """On a fresh or loaded game, report what already happened this turn."""
        turn = self.campaign.state.turn
        for event in self.campaign.state.events:
            if event.turn == turn:
                self.add(event)

    def add(self, event: Event) -> None:
        if self.turn is not None and event.turn != self.turn:
            self.flush()
        self.turn = event.turn
        self.events.append(event)

    def flush(self) -> None:
        if self.turn is None or not self.events:
            return
        print(render_turn(self.campaign, self.turn, self.events))
        self.events = []


def render_turn(campaign: Campaign, turn: int, events: list[Event]) -> str:
    vitp = vitp_turn(turn) if campaign.setup.vitp_first_turn else None
    out = [f"\n=== Turn {turn}" + (f" (VITP turn {vitp})" if vitp and campaign.vitp_started else "") + " ==="]
    by_kind: dict[str, list[Event]] = defaultdict(list)
    for event in events:
        by_kind[event.kind].append(event)
    arrivals = by_kind["arrival"]
    if len(arrivals) > 25:
        where: Counter[str] = Counter(f"{campaign.unit_record(str(e.data['unit'])).nation} in {e.data['place']}"
                                      for e in arrivals)
        out.append(f"Arrivals ({len(arrivals)}): " + ", ".join(f"{n} {k}" for k, n in where.most_common()))
    elif arrivals:
        out.append(f"Arrivals ({len(arrivals)}): " + ", ".join(f"{e.data['unit']} ({e.data['place']})"
                                                             for e in arrivals))
    for kind in ("removal", "location_uncertain", "caribbean_roll", "side_change", "forced_move", "lost", "capture",
                 "attack", "surprise", "pearl_force", "landing"):
        for event in by_kind[kind]:
            out.append(f"  {event.text}  [{event.rule}]")
    moves: Counter[str] = Counter()
    for event in by_kind["move"] + by_kind["air"] + by_kind["submarine"] + by_kind["surface_raider"]:
        unit = event.data.get("unit")
        if unit:
            moves[campaign.state.unit(str(unit)).commander.value] += 1
    if moves:
        out.append("Moves: " + ", ".join(f"{p} {n}" for p, n in sorted(moves.items())))
    battles = [e for e in events if e.kind in ("battle", "battle_round", "sunk", "disabled", "eliminated",
                                                "combat")]
    for event in battles:
        out.append(f"  {event.text}")
    control = campaign.state.control
    for theatre in campaign.setup.theatres:
        held = Counter(str(control.get(a).value) if control.get(a) else "none"  # type: ignore[union-attr]
                       for a, r in campaign.data.areas.items() if r.theatre is theatre and a in control)
        out.append(f"Control {theatre.value}: " + ", ".join(f"{s} {n}" for s, n in sorted(held.items())))
    for event in by_kind["poc"]:
        out.append(event.text)
    for event in by_kind["victory"] + by_kind["automatic_victory"]:
        out.append(event.text)
    return "\n".join(out)

