"""Self-play: many seeded campaigns played by AI players, on local processes or a Dask cluster, and a report.

One game is a pure function of (data, set-up, seed, AI levels, combat, rule options), so the same seeds give the same
results whatever runs them; :attr:`GameResult.digest` (a SHA-256 of the whole event log) shows it.  Combat is
``classic`` (War at Sea / VITP) or ``tactical`` (the miniatures bridge, :mod:`strategic.battles`, with the classic
rules as its fallback).  Every game is checked against the engine's invariants (:mod:`strategic.invariants`) as it
is played; the breaches come back in :attr:`GameResult.violations`.  The report gives win rates per side and per
theatre, the POC track per turn (mean and spread), losses per nation, battle counts (tactical games: fought on
the table and by the fallback), the invariants, and optionally one line per game.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import signal
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from scenarios.loader import load_data
from scenarios.models import Player, Theatre
from scenarios.names import side_name
from strategic.ai import play
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.engine_errors import EngineError
from strategic.events import CLASSIC_RE, BattleFought, BattleHandedOver, CombatNoted, DiceRolled
from strategic.invariants import InvariantWatcher
from strategic.legacy_events import to_legacy
from strategic.odds import wilson
from strategic.planner import agents_for
from strategic.resolvers import make_resolver
from strategic.rule_options import split_options
from strategic.state import Event, UnitStatus

PLAYERS = tuple(p.value for p in Player)
AXIS_PLAYERS = ("japan", "germany_italy")
ALLIED_PLAYERS = ("united_states", "allies")


@dataclass(frozen=True)
class MatchSpec:
    """One game to play: seed, set-up, AI level per player, combat resolver, optional data overrides, the rule
    options of the game (:mod:`strategic.rule_options`: campaign options, and tactical ones for every battle on the
    table) and the POC bid."""

    seed: int
    levels: tuple[tuple[str, str], ...]
    setup: str = "standard"
    combat: str = "classic"
    data_dirs: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    bid: tuple[tuple[Theatre, float], ...] = ()  # the POC bid (strategic.bid), theatre by theatre


COMBATS = ("classic", "tactical")
"""The combat resolvers self-play accepts (``strategic.resolvers.make_resolver`` names; ``none`` would block)."""



@dataclass
class GameResult:
    """One finished game.  ``poc``: the tracks after each control phase (Axis lead); ``losses``: counters sunk per
    nation code; ``battles``: engagements fought (by the classic resolver plus on the tactical table);
    ``tactical_battles`` / ``fallback_battles`` / ``unfought_battles``: of a tactical game, the battles fought on
    the table, handed to the classic fallback, and left unfought (:func:`battle_counts`); ``violations``: the
    invariant breaches (:mod:`strategic.invariants`, empty when every invariant held); ``digest``: SHA-256 (hex) of
    the event log, equal for equal games; ``seconds``: wall time of the game (not part of equality)."""

    seed: int
    winner: str | None
    theatres: dict[str, str]
    poc: list[dict[str, int]]
    losses: dict[str, int]
    battles: int
    turns: int
    levels: dict[str, str] = field(default_factory=dict)
    combat: str = "classic"
    tactical_battles: int = 0
    fallback_battles: int = 0
    unfought_battles: int = 0
    violations: list[str] = field(default_factory=list)
    digest: str = ""
    seconds: float = field(default=0.0, compare=False)


def battle_counts(events: Sequence[Event]) -> dict[str, int]:
    """Battles in an event log by how they were fought: ``tactical`` (on the table), ``fallback`` (handed by the
    bridge to the classic rules), ``unfought`` (the bridge had no fallback), ``classic`` (fought by the classic
    resolver, fallbacks included).  Counts, from the events of strategic/battles.py and the classic resolver."""
    out = dict.fromkeys(("tactical", "fallback", "unfought", "classic"), 0)
    for event in events:
        if isinstance(event, BattleFought):
            out["tactical"] += 1
        elif isinstance(event, BattleHandedOver) and event.how in ("fallback", "unfought"):
            out[event.how] += 1
        elif isinstance(event, CombatNoted) and CLASSIC_RE.match(event.note):
            out["classic"] += 1
    return out


def event_log_digest(events: Sequence[Event]) -> str:
    """SHA-256 (hex) of the event log (every event as JSON, in order): two games with the same digest logged the
    same events, orders included.  Each event is hashed in its version-2 form
    (:func:`strategic.legacy_events.to_legacy`), the campaign's dice rolls left out (they are events since version
    3), so that digests of games played before issue 14 still compare; the rolls decide the events, so the same
    events mean the same game."""
    sha = hashlib.sha256()
    for event in events:
        if isinstance(event, DiceRolled):
            continue
        sha.update(to_legacy(event).model_dump_json().encode())
        sha.update(b"\n")
    return sha.hexdigest()


_DATA_CACHE: dict[tuple[str, ...], object] = {}


def _data(dirs: tuple[str, ...]):
    if dirs not in _DATA_CACHE:
        _DATA_CACHE[dirs] = load_data([Path(d) for d in dirs])
    return _DATA_CACHE[dirs]


def play_match(spec: MatchSpec) -> GameResult:
    """Play one campaign to the end, checking the invariants as it goes (module-level so that processes and Dask
    workers can run it); an engine error ends that game with it as its first violation (``engine: ...``).
    Raises ``ValueError`` for a combat other than :data:`COMBATS`."""
    if spec.combat not in COMBATS:
        raise ValueError(f"self-play combat must be one of {', '.join(COMBATS)}, not '{spec.combat}'")
    start = time.perf_counter()
    data = _data(spec.data_dirs)
    campaign = Campaign.new(data, spec.setup, seed=spec.seed, resolver=make_resolver(spec.combat),  # type: ignore[arg-type]
                            options=spec.options, bid=dict(spec.bid))
    watcher = InvariantWatcher(campaign)
    clock = Clock(campaign)
    levels = dict(spec.levels)
    failure: list[str] = []
    try:
        play(campaign, clock, agents_for(levels, seed=spec.seed))  # type: ignore[arg-type]
    except EngineError as exc:  # one broken game is reported with the others, never ends the sweep
        failure = [f"engine: {exc}"]
    violations = failure + watcher.finish(clock)
    state = campaign.state
    losses = Counter(campaign.unit_record(n).nation for n, u in state.units.items() if u.status is UnitStatus.SUNK)
    counts = battle_counts(state.events)
    return GameResult(
        seed=spec.seed, winner=state.winner, theatres={t.value: r for t, r in state.theatre_results.items()},
        poc=[{t.value: v for t, v in r.totals.items()} for r in state.poc_history], losses=dict(losses),
        battles=counts["classic"] + counts["tactical"], turns=state.turn, levels=levels, combat=spec.combat,
        tactical_battles=counts["tactical"], fallback_battles=counts["fallback"],
        unfought_battles=counts["unfought"], violations=violations, digest=event_log_digest(state.events),
        seconds=time.perf_counter() - start,
    )


def run_local(specs: Sequence[MatchSpec], workers: int = 1,
              progress: Callable[[int, int], None] | None = None) -> list[GameResult]:
    """Play ``specs`` on ``workers`` local processes (1: in this process); results in seed order."""
    if workers <= 1:
        results = []
        for i, spec in enumerate(specs):
            results.append(play_match(spec))
            if progress:
                progress(i + 1, len(specs))
        return results
    # a multiprocessing pool, not a ProcessPoolExecutor: leaving it early (Ctrl-C, SIGTERM) terminates the workers
    # at once, where an executor would first play every game already queued
    with multiprocessing.get_context().Pool(workers, initializer=_worker_signals) as pool:
        results = []
        for i, result in enumerate(pool.imap(play_match, specs, chunksize=max(1, len(specs) // (4 * workers)))):
            results.append(result)
            if progress:
                progress(i + 1, len(specs))
        return results


def _worker_signals() -> None:
    """A worker process: Ctrl-C (sent to the whole terminal group) is its parent's to handle, and SIGTERM (the
    parent ending its pool, or anyone) ends it at once, whatever handler it inherited."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)


def run_dask(specs: Sequence[MatchSpec], address: str | None = None, workers: int = 2) -> list[GameResult]:
    """Play ``specs`` on a Dask cluster: ``address`` of a scheduler, or a LocalCluster of ``workers`` processes."""
    from dask.distributed import Client, LocalCluster

    if address:
        client = Client(address)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    try:
        futures = client.map(play_match, list(specs), pure=True)
        return list(client.gather(futures))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def specs_for(games: int, seed: int, levels: dict[str, str], setup: str = "standard", combat: str = "classic",
              data_dirs: Iterable[str] = (), options: Iterable[str] = (),
              bid: Mapping[Theatre, float] | None = None) -> list[MatchSpec]:
    """``games`` specs with seeds ``seed .. seed + games - 1``, each played under the rule ``options`` and with the
    POC ``bid``.  Raises ``ValueError`` for a combat other than :data:`COMBATS`, and :class:`~tactical.UnknownOption`
    for an option that is none or that ``setup`` does not play (:func:`strategic.rule_options.split_options`)."""
    if combat not in COMBATS:
        raise ValueError(f"self-play combat must be one of {', '.join(COMBATS)}, not '{combat}'")
    campaign_options, tactical_options = split_options(options, setup)
    chosen = (*campaign_options, *tactical_options)
    frozen = tuple(sorted(levels.items()))
    bids = tuple(sorted((bid or {}).items()))
    return [MatchSpec(seed + i, frozen, setup, combat, tuple(data_dirs), chosen, bids) for i in range(games)]


def winner_words(winner: str) -> str:
    """A game's or theatre's winner as the players say it: ``Allies``, ``Axis``, ``tie``, ``no winner``, and
    ``undecided`` for a theatre the game ended before deciding (an automatic victory in the other; issue #17: not
    the data's ``allied``, nor a bare ``-``)."""
    return {"tie": "tie", "none": "no winner", "-": "undecided"}.get(winner) or side_name(winner)


def report(results: Sequence[GameResult], per_game: bool = False) -> str:
    """Win rates per side and theatre, POC per turn (mean, min, max), losses per nation, battles (tactical games:
    on the table and by the fallback), the invariants, and with ``per_game`` one line per game
    (:func:`game_line`)."""
    n = len(results)
    out = [f"{n} games"]
    winners = Counter(r.winner or "none" for r in results)
    out.append("winner: " + ", ".join(f"{winner_words(k)} {v} ({v / n:.0%})" for k, v in winners.most_common()))
    for theatre in (Theatre.WAS.value, Theatre.VITP.value):
        got = Counter(r.theatres.get(theatre, "-") for r in results)
        if set(got) != {"-"}:
            out.append(f"{theatre}: " + ", ".join(f"{winner_words(k)} {v} ({v / n:.0%})" for k, v in got.most_common()))
    out.append(balance_line(results))
    turns = max((len(r.poc) for r in results), default=0)
    for theatre in (Theatre.WAS.value, Theatre.VITP.value):
        rows = []
        for t in range(turns):
            values = [r.poc[t][theatre] for r in results if t < len(r.poc) and theatre in r.poc[t]]
            if values:
                rows.append(f"{statistics.mean(values):+.1f} [{min(values)},{max(values)}]")
        if rows:
            out.append(f"POC {theatre} by turn (Axis lead, mean [min,max]): " + " | ".join(rows))
    losses: Counter[str] = Counter()
    for r in results:
        losses.update(r.losses)
    out.append("units sunk per game: " + ", ".join(f"{k} {v / n:.1f}" for k, v in losses.most_common()))
    line = f"battles per game: {statistics.mean(r.battles for r in results):.1f}"
    tactical = [r for r in results if r.combat == "tactical"]
    if tactical:
        line += (f" (tactical games: {statistics.mean(r.tactical_battles for r in tactical):.1f} on the table, "
                 f"{statistics.mean(r.fallback_battles for r in tactical):.1f} by the classic fallback")
        unfought = sum(r.unfought_battles for r in tactical)
        line += f", {unfought} unfought in all)" if unfought else ")"
    out.append(line)
    out.append(f"median seconds per game: {statistics.median(r.seconds for r in results):.1f}")
    broken = [r for r in results if r.violations]
    if broken:
        out.append(f"invariants: broken in {len(broken)} of {n} games")
        for r in broken[:10]:
            out += [f"  seed {r.seed}: {v}" for v in r.violations[:5]]
    else:
        out.append(f"invariants: held in all {n} games")
    if per_game:
        out.append("per game:")
        out += ["  " + game_line(r) for r in results]
    return "\n".join(out)


def balance_line(results: Sequence[GameResult]) -> str:
    """The Axis share of wins, of the game and of each theatre played, with its 95% Wilson interval (issue 22):
    ``Axis wins (95% interval): game 40% [17-69%], WAS 0% [0-28%], VITP 60% [31-83%]`` (10 games)."""
    n = len(results)

    def share(count: int) -> str:
        low, high = wilson(count, n)
        return f"{count / n:.0%} [{low:.0%}-{high:.0%}]".replace("%-", "-")

    parts = [f"game {share(sum(1 for r in results if r.winner == 'axis'))}"]
    for theatre in (Theatre.WAS.value, Theatre.VITP.value):
        if any(theatre in r.theatres for r in results):
            parts.append(f"{theatre} {share(sum(1 for r in results if r.theatres.get(theatre) == 'axis'))}")
    return "Axis wins (95% interval): " + ", ".join(parts)


def game_line(result: GameResult) -> str:
    """One game on one line: seed, winner, last turn, battles (tactical games: on the table / by the fallback),
    sunk, invariants, seconds, the start of the event-log digest."""
    battles = (f"{result.tactical_battles} tactical + {result.fallback_battles} fallback"
               + (f" + {result.unfought_battles} unfought" if result.unfought_battles else "")
               if result.combat == "tactical" else f"{result.battles} classic")
    return (f"seed {result.seed}: {winner_words(result.winner or 'none')} on turn {result.turns}, battles {battles}, "
            f"sunk {sum(result.losses.values())}, invariants "
            f"{'held' if not result.violations else f'broken ({len(result.violations)})'}, "
            f"{result.seconds:.1f} s, log {result.digest[:12]}")


def results_as_dicts(results: Sequence[GameResult]) -> list[dict]:
    return [asdict(r) for r in results]


def side_win_rate(results: Sequence[GameResult], side: str) -> float:
    return sum(1 for r in results if r.winner == side) / len(results) if results else 0.0
