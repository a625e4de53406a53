"""The odds advisor: Monte Carlo of a pending campaign battle with the game's combat resolver.

For the units now at sea in an area, the battle is fought ``runs`` times on a private copy of the state, each
run with its own seeded dice (``SeedSequence(seed, spawn_key=(run,))``), and the outcomes are tallied: each
side's losses (sunk, disabled or withdrawn, eliminated), each unit's chance to be sunk, and who is left holding
the area.  Units in a port next to the area that the enemy's air units may strike (``Battle.in_port``) count
for their own side (their ``UnitState.side``): their losses are that side's, but they do not hold the area
(they are not at sea).  The real game's state and dice are never touched.

The resolver is the game's: classic combat (002 §4.1) or, in a tactical game, the tactical bridge itself
(:class:`strategic.battles.TacticalResolver`: the same forces, battle type and AI captains the campaign would
fight).  Runs may be fought by worker processes (:mod:`strategic.odds_workers`); a run's result depends only on
``seed`` and its number, and the runs are tallied in run order, so a report is the same for any worker count
(R-PERF-01).  Each figure carries a 95% confidence interval: Wilson's for a chance, the normal one for a mean
(R-PERF-02).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from scenarios.models import Side, Theatre, UnitType
from strategic.campaign import Campaign
from strategic.combat import Battle, BattleResolver, find_battles
from strategic.odds_workers import Progress, run_all
from tactical import Dice

HOLDER_WORDS = {"allied": "Allies", "axis": "Axis", "none": "nobody (both or neither)"}
"""The sides as the players say them."""

Z95 = 1.959963984540054
"""The two-sided 95% point of the standard normal distribution."""

def wilson(count: int, runs: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a chance seen ``count`` times in ``runs`` (R-PERF-02)."""
    if runs <= 0:
        return 0.0, 1.0
    p = count / runs
    denominator = 1 + z * z / runs
    centre = (p + z * z / (2 * runs)) / denominator
    half = z * math.sqrt(p * (1 - p) / runs + z * z / (4 * runs * runs)) / denominator
    low = 0.0 if count == 0 else max(0.0, centre - half)
    return low, 1.0 if count == runs else min(1.0, centre + half)


def mean_interval(values: Counter[int], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` (value -> how many runs) and its normal 95% interval (R-PERF-02)."""
    runs = sum(values.values())
    if runs == 0:
        return 0.0, 0.0, 0.0
    mean = sum(k * v for k, v in values.items()) / runs
    if runs == 1:
        return mean, mean, mean
    variance = sum(v * (k - mean) ** 2 for k, v in values.items()) / (runs - 1)
    half = z * math.sqrt(variance / runs)
    return mean, max(0.0, mean - half), mean + half


@dataclass(frozen=True)
class RunResult:
    """One run's outcome: the units sunk or eliminated, the units out of the battle, the units sunk per side
    (Allied, Axis) and who holds the area (``allied``, ``axis`` or ``none``)."""

    sunk: tuple[str, ...]
    gone: tuple[str, ...]
    sunk_per_side: tuple[int, int]
    holder: str


@dataclass
class OddsReport:
    """Tallies of ``runs`` battles in ``area``.  ``sides``: the units of each side, at sea and then in port
    (``in_port``); ``holds`` counts who was left with units in the area (``allied``, ``axis`` or ``none``: both
    or neither)."""

    area: str
    runs: int
    resolver: str
    sides: dict[Side, tuple[str, ...]]
    sunk: Counter[str] = field(default_factory=Counter)
    out_of_battle: Counter[str] = field(default_factory=Counter)
    losses: dict[Side, Counter[int]] = field(default_factory=lambda: {Side.ALLIED: Counter(), Side.AXIS: Counter()})
    holds: Counter[str] = field(default_factory=Counter)
    in_port: frozenset[str] = frozenset()

    def chance(self, count: int) -> float:
        return count / self.runs if self.runs else 0.0

    def interval(self, count: int) -> tuple[float, float]:
        """The 95% Wilson interval of a chance counted ``count`` times (R-PERF-02)."""
        return wilson(count, self.runs)

    def add(self, result: RunResult) -> None:
        for name in result.sunk:
            self.sunk[name] += 1
        for name in result.gone:
            self.out_of_battle[name] += 1
        self.losses[Side.ALLIED][result.sunk_per_side[0]] += 1
        self.losses[Side.AXIS][result.sunk_per_side[1]] += 1
        self.holds[result.holder] += 1

    def _chance_text(self, count: int) -> str:
        low, high = self.interval(count)
        return f"{self.chance(count):.0%} ({low:.0%}-{high:.0%})"

    def lines(self) -> list[str]:
        """A readable summary: who holds the area, expected units sunk per side, each unit's chance to sink;
        each figure followed by its 95% confidence interval in brackets."""
        out = [f"{self.area}: {self.runs} {self.resolver} battles (95% confidence intervals in brackets)"]
        out.append("holds the area: " + ", ".join(f"{HOLDER_WORDS.get(k, k)} {self._chance_text(v)}"
                                                  for k, v in self.holds.most_common()))
        for side in (Side.ALLIED, Side.AXIS):
            mean, low, high = mean_interval(self.losses[side])
            out.append(f"{HOLDER_WORDS[side.value]}: {mean:.2f} units sunk on average ({low:.2f}-{high:.2f}); "
                       + ", ".join(f"{n}{' (in port)' if n in self.in_port else ''} sunk "
                                   f"{self._chance_text(self.sunk[n])}" for n in self.sides[side]))
        return out


def pending_battle(campaign: Campaign, area: str) -> Battle:
    """The battle the units at sea in ``area`` would fight now; raises ``KeyError`` if there is none."""
    for battle in find_battles(campaign):
        if battle.area == area:
            return battle
    contested = ", ".join(b.area for b in find_battles(campaign)) or "none"
    raise KeyError(f"no battle in '{area}' now (contested areas: {contested})")


def _holds(campaign: Campaign, name: str, battle: Battle) -> bool:
    """Can this unit hold the area?  Surface ships and surface raiders can; land-based air only in VITP
    (reference/vitp.md §5.1; War at Sea control needs surface ships: was.md §1.5)."""
    unit_type = campaign.unit_record(name).type
    return unit_type.is_ship or unit_type is UnitType.RAIDER or (unit_type is UnitType.LBA
                                                                  and battle.theatre is Theatre.VITP)


@dataclass
class OddsJob:
    """Everything a run needs: the private copy of the game (``probe``, AI on every side), the battle, the
    resolver, each unit's side (at sea first, then in port) and the seed."""

    probe: Campaign
    battle: Battle
    resolver: BattleResolver
    side_of: dict[str, Side]
    at_sea: dict[str, Side]
    seed: int

    def fight(self, run: int) -> RunResult:
        """Fight run ``run`` with the dice ``Dice(seed, (run,))``: its result depends on nothing else."""
        probe = self.probe
        probe.dice = Dice(self.seed, (run,))
        probe.state.events = []
        outcome = self.resolver.resolve(probe, self.battle)
        sunk: list[str] = []
        gone: list[str] = []
        per_side: Counter[Side] = Counter()
        for result in outcome.results:
            if result.sunk or result.eliminated:
                sunk.append(result.name)
                per_side[self.side_of.get(result.name) or probe.state.unit(result.name).side] += 1
            if result.sunk or result.eliminated or result.disabled or result.withdrew or result.expended:
                gone.append(result.name)
        left = {side for name, side in self.at_sea.items() if name not in gone and _holds(probe, name, self.battle)}
        holder = left.pop().value if len(left) == 1 else "none"
        return RunResult(tuple(sunk), tuple(gone), (per_side[Side.ALLIED], per_side[Side.AXIS]), holder)

    def fight_all(self, runs: range) -> list[RunResult]:
        return [self.fight(run) for run in runs]


def odds_job(campaign: Campaign, area: str, resolver: BattleResolver, seed: int) -> tuple[OddsJob, OddsReport]:
    """The job of fighting the pending battle in ``area`` on a copy of the game, and its empty report."""
    battle = pending_battle(campaign, area)
    probe = Campaign(campaign.data, campaign.state.model_copy(deep=True), Dice(seed), resolver)
    probe.state.battle_commanders, probe.state.question = [], None  # the AI answers every side in a simulation
    at_sea = {n: Side.ALLIED for n in battle.allied} | {n: Side.AXIS for n in battle.axis}
    in_port = {n: campaign.state.unit(n).side for n in battle.in_port if n not in at_sea}
    side_of = at_sea | in_port  # at sea first, then in port
    units = {side: tuple(n for n, s in side_of.items() if s is side) for side in (Side.ALLIED, Side.AXIS)}
    report = OddsReport(area, 0, resolver.name, units, in_port=frozenset(in_port))
    return OddsJob(probe, battle, resolver, side_of, at_sea, seed), report


def battle_odds(campaign: Campaign, area: str, resolver: BattleResolver, runs: int = 1000, seed: int = 0,
                workers: int = 1, progress: Progress | None = None,
                cancelled: Callable[[], bool] | None = None) -> OddsReport:
    """Fight the pending battle in ``area`` ``runs`` times on a copy of the state (see the module docstring),
    with ``workers`` processes (1: in this one).  ``progress`` is told the runs done; ``cancelled``, asked
    between runs, stops the runs early with :class:`strategic.odds_workers.OddsCancelled`.

    Raises ``KeyError`` if no battle is pending there and ``ValueError`` for ``runs`` or ``workers`` below 1.
    """
    if runs < 1:
        raise ValueError("runs must be at least 1")
    if workers < 1:
        raise ValueError("workers must be at least 1")
    job, report = odds_job(campaign, area, resolver, seed)
    for result in run_all(job, runs, workers, progress, cancelled):
        report.add(result)
    report.runs = runs
    return report
