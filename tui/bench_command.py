"""``vas bench``: how fast the engines run on this machine (a benchmark, never a test).

    vas bench [--repeat R] [--tactical-campaigns N] [--tactical-seed S] [--skip-tactical-campaign]

Prints: the median time of a tactical battle at 4, 8, 12, 24 and 48 ships a side (:data:`BATTLE_SIZES`), the
exponent of its growth with the size (a log-log fit over 12 to 48 a side) and the AI's milliseconds per move
decision (each battle fought by :func:`tactical.time_battle`, its captains timed from outside); the tactical
engine's time per Attack Die (a whole 4v4 battle's time divided by the Attack Dice it rolled, and the rules' alone,
the battle's time outside its captains) over a vectorised numpy baseline's time per die (warm, the fastest of 5),
measured in the same run; classic battles per second; full campaigns per second with classic combat; a full classic
campaign played as the app plays it for AI players (undo records and checkpoints kept) over the same campaign
headless, the ratio of the medians (:func:`time_app_campaigns`); the start-up of ``vas data check`` and
``vas run --help``, each a new process (:func:`time_start_up`), and the data load without its cache; and, from
``N`` full standard campaigns with tactical combat and the baseline AI (seeds ``S .. S + N - 1``, default 3 from
seed 7), the median seconds per campaign and the median seconds per campaign battle fought on the table, by its size:
the ships, Flights and submarines on the table (buckets :data:`SIZE_BUCKETS`), timed by a thin wrapper around
:meth:`strategic.battles.TacticalResolver.resolve` (:class:`TimedResolver`). ``--repeat`` multiplies the synthetic
battle and classic sample counts, ``--tactical-campaigns`` the campaigns (and so the battles sampled). The numbers
are checked before anything is timed (``--repeat`` and ``--tactical-campaigns`` 1 to :data:`MAX_REPEAT`,
``--tactical-seed`` 0 or more), and ``--skip-tactical-campaign`` is refused with the two options it makes
meaningless (exit 2, naming both flags).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from scenarios.loader import CampaignData, load_data
from tactical import BattleSpec, BattleTiming, Dice, FleetSpec, RuleOptions, ShipSpec, time_battle
from tui.arguments import whole_number

if TYPE_CHECKING:
    from strategic.battles import TacticalResolver
    from strategic.campaign import Campaign
    from strategic.combat import Battle, BattleOutcome

US_CARDS = ("Northampton", "Portland", "Fletcher", "Nicholas", "Pennsylvania", "Mississippi")
IJN_CARDS = ("Aoba", "Fubuki", "Kongo", "Kagero")
BATTLE_SIZES: tuple[tuple[int, int], ...] = ((4, 6), (8, 4), (12, 3), (24, 2), (48, 1))
"""The synthetic battles of ``vas bench``: ships a side, battles fought (times ``--repeat``, but 48 a side once)."""
GROWTH_SIZES = (12, 24, 48)
"""The sizes the growth exponent of battle time is fitted over (issue 18: 12 to 48 a side)."""
PLAYERS = ("japan", "germany_italy", "united_states", "allies")

SIZE_BUCKETS: tuple[tuple[int, int | None], ...] = ((2, 4), (5, 8), (9, 16), (17, 32), (33, None))
"""Campaign battles by the pieces on the table (ships + Flights + submarines, both sides): inclusive ranges, each
twice the last, the last open-ended (carriers and land-based air bring several Flights each)."""


def table_pieces(spec: BattleSpec) -> int:
    """Ships (both fleets), Flights and submarines of a battle: its size for :data:`SIZE_BUCKETS`."""
    return sum(len(f.ships) for f in spec.sides) + len(spec.flights) + len(spec.submarines)


def size_bucket(pieces: int) -> str:
    """The :data:`SIZE_BUCKETS` label (``"2-4"``, ``"17+"``) of a battle with ``pieces`` pieces; fewer than the
    first bucket's low end counts in the first bucket."""
    for low, high in SIZE_BUCKETS:
        if high is None or pieces <= high:
            return f"{low}+" if high is None else f"{low}-{high}"
    raise AssertionError("the last bucket is open-ended")


@dataclass
class TimedResolver:
    """A thin timing wrapper around a :class:`~strategic.battles.TacticalResolver` (the bridge is not changed):
    each campaign battle (one ``resolve`` call) is timed on the wall clock.  A call that fought on the table
    (the bridge kept a report) goes to :attr:`tactical` as ``(pieces, seconds)`` -- pieces summed over the tables
    it used, e.g. a sea battle and the air raid on the ports after it; a call the bridge handed to its fallback
    goes to :attr:`fallback` (seconds).  The reports are dropped at once, so memory stays flat."""

    inner: TacticalResolver
    tactical: list[tuple[int, float]] = field(default_factory=list)
    fallback: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.inner.keep_reports = True

    @property
    def name(self) -> str:
        return self.inner.name

    def order_battles(self, campaign: Campaign, areas: list[str]) -> list[str]:
        return self.inner.order_battles(campaign, areas)

    def resolve(self, campaign: Campaign, battle: Battle) -> BattleOutcome:
        before = len(self.inner.battles)
        start = time.perf_counter()
        outcome = self.inner.resolve(campaign, battle)
        seconds = time.perf_counter() - start
        fought = self.inner.battles[before:]
        if fought:
            self.tactical.append((sum(table_pieces(b.spec) for b in fought), seconds))
        else:
            self.fallback.append(seconds)
        del self.inner.battles[:]
        return outcome


@dataclass
class TacticalTimings:
    """What :func:`time_tactical_campaigns` measured: wall seconds per campaign (in seed order), per campaign
    battle on the table ``(pieces, seconds)``, and per battle handed to the classic fallback."""

    campaigns: list[float] = field(default_factory=list)
    battles: list[tuple[int, float]] = field(default_factory=list)
    fallback: list[float] = field(default_factory=list)

    def by_size(self) -> dict[str, list[float]]:
        """Battle seconds per :data:`SIZE_BUCKETS` label (every bucket present, maybe empty), smallest first."""
        out: dict[str, list[float]] = {size_bucket(low): [] for low, _ in SIZE_BUCKETS}
        for pieces, seconds in self.battles:
            out[size_bucket(pieces)].append(seconds)
        return out


def time_tactical_campaigns(data: CampaignData, seeds: Sequence[int], setup: str = "standard",
                            stop_at_turn: int | None = None) -> TacticalTimings:
    """Play one campaign per seed with tactical combat and the baseline AI for all four players, timing each
    campaign (from ``Campaign.new`` to the end, or to the start of ``stop_at_turn``) and each of its battles."""
    from strategic.ai import BaselineAI, play
    from strategic.battles import TacticalResolver
    from strategic.campaign import Campaign
    from strategic.clock import Clock

    out = TacticalTimings()
    for seed in seeds:
        timed_resolver = TimedResolver(TacticalResolver())
        start = time.perf_counter()
        game = Campaign.new(data, setup, seed=seed, resolver=timed_resolver)  # type: ignore[arg-type]
        play(game, Clock(game), dict.fromkeys(PLAYERS, BaselineAI()), stop_at_turn=stop_at_turn)
        out.campaigns.append(time.perf_counter() - start)
        out.battles += timed_resolver.tactical
        out.fallback += timed_resolver.fallback
    return out


def tactical_rows(timings: TacticalTimings, seeds: Sequence[int]) -> list[tuple[str, str]]:
    """The bench rows for :func:`time_tactical_campaigns`: median (and range) seconds per campaign, then median
    milliseconds per battle on the table by size (with the count and the slowest), then the fallback battles."""
    camp = timings.campaigns
    rows = [("tactical campaign, median s", f"{statistics.median(camp):.1f} s  ({len(camp)} campaigns, seeds "
             f"{seeds[0]}..{seeds[-1]}, {min(camp):.1f}-{max(camp):.1f} s)")]
    for label, seconds in timings.by_size().items():
        key = f"tactical battle, {label} pieces, median"
        if seconds:
            rows.append((key, f"{statistics.median(seconds) * 1000:.0f} ms  ({len(seconds)} battles, slowest "
                              f"{max(seconds) * 1000:.0f} ms)"))
        else:
            rows.append((key, "no battle of this size"))
    if timings.fallback:
        rows.append(("battles by the classic fallback", f"{len(timings.fallback)}, median "
                     f"{statistics.median(timings.fallback) * 1000:.1f} ms"))
    return rows


def fleet_spec(data: CampaignData, size: int, seed: int) -> BattleSpec:
    """``size`` ships a side (US against IJN cards, 1942), on a table that grows with the fleets."""
    def fleet(name: str, cards: tuple[str, ...], prefix: str) -> FleetSpec:
        return FleetSpec(name=name, ships=[ShipSpec(name=f"{prefix} {cards[i % len(cards)]} {i + 1}",
                                                    card=data.cards[cards[i % len(cards)]].as_of(1942))
                                           for i in range(size)])

    width = 72.0 if size <= 6 else 120.0 if size <= 15 else 200.0
    height = 48.0 if size <= 6 else 72.0 if size <= 15 else 120.0
    return BattleSpec(sides=(fleet("US Navy", US_CARDS, "USS"), fleet("Imperial Japanese Navy", IJN_CARDS, "IJN")),
                      table_width=width, table_height=height, options=RuleOptions(matched_objectives=True),
                      seed=seed)


def time_battle_sizes(data: CampaignData, repeat: int) -> dict[int, list[BattleTiming]]:
    """The synthetic battles of :data:`BATTLE_SIZES` (:func:`fleet_spec`, seeds 0, 1, ...), each timed by
    :func:`tactical.time_battle`."""
    return {size: [time_battle(fleet_spec(data, size, seed), Dice(seed))
                   for seed in range(count if size == 48 else count * repeat)]
            for size, count in BATTLE_SIZES}


def growth_exponent(medians: dict[int, float]) -> float:
    """The exponent ``k`` of battle time ~ size^k: the slope of a least-squares line through log(size),
    log(median seconds) (numpy ``polyfit``)."""
    sizes = sorted(medians)
    slope, _ = np.polyfit(np.log(sizes), np.log([medians[n] for n in sizes]), 1)
    return float(slope)


def size_rows(timings: dict[int, list[BattleTiming]]) -> list[tuple[str, str]]:
    """The bench rows of the synthetic battles: the median time per size, the growth exponent over
    :data:`GROWTH_SIZES`, and the AI's milliseconds per move decision (an Order and a move for one ship)."""
    rows = []
    medians = {}
    for size, runs in timings.items():
        seconds = [t.seconds for t in runs]
        medians[size] = statistics.median(seconds)
        low, high = min(seconds) * 1000, max(seconds) * 1000
        rows.append((f"tactical battle, {size}v{size}, median", f"{medians[size] * 1000:,.0f} ms  ({len(runs)} "
                     f"battle{'s' if len(runs) > 1 else ''}, {low:,.0f}-{high:,.0f} ms)"))
    fitted = {n: medians[n] for n in GROWTH_SIZES if n in medians}
    if len(fitted) >= 2:
        rows.append((f"battle time growth, {min(fitted)}-{max(fitted)} a side",
                     f"size^{growth_exponent(fitted):.2f}  (log-log fit of the medians)"))
    decisions = sum(t.move_decisions for runs in timings.values() for t in runs)
    move_seconds = sum(t.move_seconds for runs in timings.values() for t in runs)
    rows.append(("AI per move decision (Order + move)", f"{move_seconds / max(decisions, 1) * 1000:.2f} ms  "
                 f"({decisions:,} decisions in these battles)"))
    return rows


def numpy_per_die(n: int = 1_000_000, repeats: int = 5) -> float:
    """Seconds per die of a vectorised numpy baseline (roll ``n`` D6 and count the 4+), warm (one run not
    counted), the fastest of ``repeats``."""
    rng = np.random.default_rng(0)
    best = float("inf")
    for index in range(repeats + 1):
        start = time.perf_counter()
        faces = rng.integers(1, 7, size=n)
        int((faces >= 4).sum())
        if index:
            best = min(best, time.perf_counter() - start)
    return best / n


def die_rows(runs: list[BattleTiming], numpy_die: float) -> list[tuple[str, str]]:
    """The cost of an Attack Die in the 4v4 battles ``runs``: the whole battle's time and the rules' alone (the
    battle's time outside its captains) per die the gunnery rolled, each the fastest of the battles, beside the
    numpy baseline ``numpy_die`` (:func:`numpy_per_die`, measured in the same run)."""
    whole = min(t.seconds / max(t.attack_dice, 1) for t in runs)
    rules = min(t.rules_seconds / max(t.attack_dice, 1) for t in runs)
    dice = sum(t.attack_dice for t in runs)
    return [
        ("tactical time per Attack Die", f"{whole * 1e6:.1f} µs  (whole 4v4 battle / its dice, fastest of "
         f"{len(runs)}; {dice:,} dice)"),
        ("rules time per Attack Die (AI excluded)", f"{rules * 1e6:.1f} µs  (the battle's time outside its captains)"),
        ("numpy baseline per die", f"{numpy_die * 1e9:.1f} ns  (vectorised, warm, fastest of 5)"),
        ("engine / numpy per die", f"{whole / numpy_die:,.0f}x  (rules only: {rules / numpy_die:,.0f}x)"),
    ]


def timed(fn: Callable[[], object], repeat: int) -> tuple[float, list[object]]:
    out = []
    start = time.perf_counter()
    for _ in range(repeat):
        out.append(fn())
    return time.perf_counter() - start, out





@dataclass
class AppTimings:
    """What :func:`time_app_campaigns` measured: wall seconds per full campaign played headless (as ``vas run``)
    and as the app plays it for AI players (its session: undo records kept, a checkpoint at every decision), and
    the event-log digest of each (the same game both ways)."""

    headless: list[float] = field(default_factory=list)
    app: list[float] = field(default_factory=list)
    digests: set[str] = field(default_factory=set)

    @property
    def ratio(self) -> float:
        return statistics.median(self.app) / statistics.median(self.headless)


def time_app_campaigns(data: CampaignData, seed: int, runs: int, combat: str = "classic") -> AppTimings:
    """Play the standard campaign of ``seed`` ``runs`` times each way, in turn: headless (:func:`strategic.ai.play`
    on a plain clock) and as the app does for four AI players (``Clock(checkpoints=True)`` in a
    :class:`tui.session_host.Session`, whose campaign keeps undo records, driven by
    :meth:`~tui.session_host.Session.run_ai_until_human` as the app's worker drives it), each from ``Campaign.new``
    to the end."""
    from strategic.ai import BaselineAI, play
    from strategic.campaign import Campaign
    from strategic.clock import Clock
    from strategic.resolvers import make_resolver
    from strategic.selfplay import event_log_digest
    from tui.session_host import Session

    out = AppTimings()
    for _ in range(runs):
        start = time.perf_counter()
        game = Campaign.new(data, "standard", seed=seed, resolver=make_resolver(combat))  # type: ignore[arg-type]
        play(game, Clock(game), dict.fromkeys(PLAYERS, BaselineAI()))
        out.headless.append(time.perf_counter() - start)
        out.digests.add(event_log_digest(game.state.events))
        start = time.perf_counter()
        game = Campaign.new(data, "standard", seed=seed, resolver=make_resolver(combat))  # type: ignore[arg-type]
        session = Session(game, Clock(game, checkpoints=True), set())
        assert game.keep_undo, "the app's session keeps undo records"
        session.run_ai_until_human()
        out.app.append(time.perf_counter() - start)
        out.digests.add(event_log_digest(game.state.events))
    return out


START_UPS: tuple[tuple[str, ...], ...] = (("data", "check"), ("run", "--help"))


def time_start_up(words: Sequence[str], runs: int) -> list[float]:
    """Wall seconds of ``vas WORDS`` run ``runs`` times, each a new Python process (``python -m tui.cli``, as the
    ``vas`` script runs it), after one run not timed (the data cache filled, the files in the disk cache)."""
    import subprocess

    command = [sys.executable, "-m", "tui.cli", *words]
    out = []
    for index in range(runs + 1):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        if index:
            out.append(time.perf_counter() - start)
    return out


def app_rows(timings: AppTimings, seed: int) -> list[tuple[str, str]]:
    """The bench row for :func:`time_app_campaigns`: the ratio of the medians, with both."""
    runs = len(timings.app)
    same = "same game" if len(timings.digests) == 1 else "GAMES DIFFER"
    return [("campaign in the app / headless", f"{timings.ratio:.2f}x  (app {statistics.median(timings.app):.2f} s, "
             f"headless {statistics.median(timings.headless):.2f} s; medians of {runs}, classic combat, seed {seed}, "
             f"{same})")]


def start_up_rows(runs: int) -> list[tuple[str, str]]:
    """The bench rows of :func:`time_start_up` for each of :data:`START_UPS`, and of loading the data without the
    cache (in this process)."""
    rows = []
    for words in START_UPS:
        seconds = time_start_up(words, runs)
        rows.append((f"start-up, vas {' '.join(words)}", f"{statistics.median(seconds) * 1000:.0f} ms  (median of "
                     f"{runs}, {min(seconds) * 1000:.0f}-{max(seconds) * 1000:.0f} ms)"))
    total, _ = timed(lambda: load_data(cache=False), runs)
    rows.append(("data load without the cache", f"{total / runs * 1000:.0f} ms  (mean of {runs})"))
    return rows


class _Given(argparse.Action):
    """Store the value and remember that the option was given (``args.given``: the flags on the command line), so
    that an option given with one that makes it meaningless can be refused while its default stays visible."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        namespace.given = (*getattr(namespace, "given", ()), self.option_strings[0])


MAX_REPEAT = 100
"""The most ``--repeat`` and ``--tactical-campaigns`` take (R-UI-126): a hundred times the default samples is hours
on the 2-core machine; a larger number was taken and ran until stopped."""


def add_bench_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    cmd = sub.add_parser("bench", help="engine speed on this machine")
    cmd.add_argument("--repeat", type=whole_number(1, MAX_REPEAT), default=1, metavar="R",
                     help=f"multiply every sample count (1 to {MAX_REPEAT}; default 1)")
    cmd.add_argument("--tactical-campaigns", type=whole_number(1, MAX_REPEAT), default=3, metavar="N", action=_Given,
                     help=f"full campaigns with tactical combat to time (1 to {MAX_REPEAT}, default 3; each takes "
                          "about half a minute)")
    cmd.add_argument("--tactical-seed", type=whole_number(0), default=7, metavar="S", action=_Given,
                     help="seed of the first (0 or more; default 7)")
    cmd.add_argument("--skip-tactical-campaign", action="store_true",
                     help="leave out the (slow) full campaigns with tactical combat and their battles")
    cmd.set_defaults(func=cmd_bench, given=())


def cmd_bench(args: argparse.Namespace) -> int:
    meaningless = [flag for flag in getattr(args, "given", ()) if flag in ("--tactical-campaigns", "--tactical-seed")]
    if args.skip_tactical_campaign and meaningless:
        print(f"vas bench: --skip-tactical-campaign and {meaningless[0]} cannot be used together (the tactical "
              "campaigns are skipped)", file=sys.stderr)
        return 2
    data = load_data()
    rows: list[tuple[str, str]] = []
    repeat = args.repeat

    sized = time_battle_sizes(data, repeat)
    rows += size_rows(sized)
    rows += die_rows(sized[4], numpy_per_die())

    # classic battles: the three turn-1 battles of the standard game, fought again and again
    from strategic.ai import BaselineAI, play
    from strategic.campaign import Campaign
    from strategic.classic.resolver import ClassicResolver
    from strategic.clock import Clock
    from strategic.odds import battle_odds

    campaign = Campaign.new(data, "standard", seed=1)
    clock = Clock(campaign)
    play(campaign, clock, dict.fromkeys(("japan", "germany_italy", "united_states", "allies"), BaselineAI()))
    runs = 300 * repeat
    seconds = 0.0
    fought = 0
    for area in campaign.state.pending_battles:
        start = time.perf_counter()
        battle_odds(campaign, area, ClassicResolver(), runs=runs)
        seconds += time.perf_counter() - start
        fought += runs
    rows.append(("classic battles/s (turn-1 battles)", f"{fought / seconds:,.0f}"))
    rows += tactical_odds_rows(campaign, 10 * repeat)

    def campaign_with(resolver_name: str) -> None:
        from strategic.resolvers import make_resolver

        game = Campaign.new(data, "standard", seed=7, resolver=make_resolver(resolver_name))
        game_clock = Clock(game)
        play(game, game_clock, dict.fromkeys(("japan", "germany_italy", "united_states", "allies"), BaselineAI()))

    seconds, _ = timed(lambda: campaign_with("classic"), 2 * repeat)
    rows.append(("campaigns/s, classic combat", f"{2 * repeat / seconds:.2f}  ({seconds / (2 * repeat):.1f} s each)"))
    rows += app_rows(time_app_campaigns(data, 7, 5 * repeat), 7)
    rows += start_up_rows(3 * repeat)
    if args.skip_tactical_campaign:
        rows.append(("tactical campaign, median s", "skipped (--skip-tactical-campaign)"))
    else:
        seeds = list(range(args.tactical_seed, args.tactical_seed + args.tactical_campaigns))
        rows += tactical_rows(time_tactical_campaigns(data, seeds), seeds)
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"{key:<{width}}  {value}")
    return 0


def tactical_odds_rows(campaign, runs: int) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """``vas odds`` with tactical combat on the turn-1 battles, with 1 and 2 worker processes (runs/s)."""
    from strategic.battles import TacticalResolver
    from strategic.odds import battle_odds

    rows: list[tuple[str, str]] = []
    for workers in (1, 2):
        start = time.perf_counter()
        for area in campaign.state.pending_battles:
            battle_odds(campaign, area, TacticalResolver(), runs=runs, workers=workers)
        seconds = time.perf_counter() - start
        fought = runs * len(campaign.state.pending_battles)
        rows.append((f"tactical odds runs/s, {workers} worker{'s' if workers > 1 else ''}",
                     f"{fought / seconds:.2f}  ({fought} runs of the turn-1 battles in {seconds:.1f} s)"))
    return rows
