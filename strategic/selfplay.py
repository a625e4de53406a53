"""Self-play: many seeded campaigns played by AI players, on local processes or a Dask cluster, and a report.

One game is a pure function of (data, set-up, seed, AI levels, combat), so the same seeds give the same
results whatever runs them.  The report gives win rates per side and per theatre, the POC track per turn
(mean and spread), losses per nation and battle counts.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

from scenarios.models import Player, Theatre
from strategic.ai import play
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.planner import agents_for
from strategic.state import UnitStatus

PLAYERS = tuple(p.value for p in Player)
AXIS_PLAYERS = ("japan", "germany_italy")
ALLIED_PLAYERS = ("united_states", "allies")


@dataclass(frozen=True)
class MatchSpec:
    """One game to play: seed, set-up, AI level per player, combat resolver, optional data overrides."""

    seed: int
    levels: tuple[tuple[str, str], ...]
    setup: str = "standard"
    combat: str = "classic"
    data_dirs: tuple[str, ...] = ()


@dataclass
class GameResult:
    seed: int
    winner: str | None
    theatres: dict[str, str]
    poc: list[dict[str, int]]
    losses: dict[str, int]
    battles: int
    turns: int
    levels: dict[str, str] = field(default_factory=dict)


_DATA_CACHE: dict[tuple[str, ...], object] = {}


def _data(dirs: tuple[str, ...]):
    from scenarios.loader import load_data

    if dirs not in _DATA_CACHE:
        _DATA_CACHE[dirs] = load_data([Path(d) for d in dirs])
    return _DATA_CACHE[dirs]


def play_match(spec: MatchSpec) -> GameResult:
    """Play one campaign to the end (module-level so that processes and Dask workers can run it)."""
    from strategic.combat import make_resolver

    data = _data(spec.data_dirs)
    campaign = Campaign.new(data, spec.setup, seed=spec.seed, resolver=make_resolver(spec.combat))  # type: ignore[arg-type]
    clock = Clock(campaign)
    levels = dict(spec.levels)
    play(campaign, clock, agents_for(levels))  # type: ignore[arg-type]
    state = campaign.state
    losses = Counter(campaign.unit_record(n).nation for n, u in state.units.items() if u.status is UnitStatus.SUNK)
    battles = sum(1 for e in state.events if e.kind == "combat" and "battle:" in e.text)
    return GameResult(
        seed=spec.seed, winner=state.winner, theatres={t.value: r for t, r in state.theatre_results.items()},
        poc=[{t.value: v for t, v in r.totals.items()} for r in state.poc_history], losses=dict(losses),
        battles=battles, turns=state.turn, levels=levels,
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
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = []
        for i, result in enumerate(pool.map(play_match, specs, chunksize=max(1, len(specs) // (4 * workers)))):
            results.append(result)
            if progress:
                progress(i + 1, len(specs))
        return results


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
              data_dirs: Iterable[str] = ()) -> list[MatchSpec]:
    """``games`` specs with seeds ``seed .. seed + games - 1``."""
    frozen = tuple(sorted(levels.items()))
    return [MatchSpec(seed + i, frozen, setup, combat, tuple(data_dirs)) for i in range(games)]


def report(results: Sequence[GameResult]) -> str:
    """Win rates per side and theatre, POC per turn (mean, min, max), losses per nation, battles."""
    n = len(results)
    out = [f"{n} games"]
    winners = Counter(r.winner or "none" for r in results)
    out.append("winner: " + ", ".join(f"{k} {v} ({v / n:.0%})" for k, v in winners.most_common()))
    for theatre in (Theatre.WAS.value, Theatre.VITP.value):
        got = Counter(r.theatres.get(theatre, "-") for r in results)
        if set(got) != {"-"}:
            out.append(f"{theatre}: " + ", ".join(f"{k} {v} ({v / n:.0%})" for k, v in got.most_common()))
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
    out.append(f"battles per game: {statistics.mean(r.battles for r in results):.1f}")
    return "\n".join(out)


def results_as_dicts(results: Sequence[GameResult]) -> list[dict]:
    return [asdict(r) for r in results]


def side_win_rate(results: Sequence[GameResult], side: str) -> float:
    return sum(1 for r in results if r.winner == side) / len(results) if results else 0.0
