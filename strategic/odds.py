"""The odds advisor: Monte Carlo of a pending campaign battle with a combat resolver.

For the units now at sea in an area, the battle is fought ``runs`` times on a private copy of the state, each
run with its own seeded dice (``SeedSequence(seed, spawn_key=(run,))``), and the outcomes are tallied: each
side's losses (sunk, disabled or withdrawn, eliminated), each unit's chance to be sunk, and who is left holding
the area.  Units in a port next to the area that the enemy's air units may strike (``Battle.in_port``) count
for their own side (their ``UnitState.side``): their losses are that side's, but they do not hold the area
(they are not at sea).  The real game's state and dice are never touched.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from scenarios.models import Side, Theatre, UnitType
from strategic.campaign import Campaign
from strategic.combat import Battle, BattleResolver, find_battles
from tactical import Dice

HOLDER_WORDS = {"allied": "Allies", "axis": "Axis", "none": "nobody (both or neither)"}
"""The sides as the players say them."""


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

    def lines(self) -> list[str]:
        """A readable summary: who holds the area, expected ships sunk per side, each unit's chance to sink."""
        out = [f"{self.area}: {self.runs} {self.resolver} battles"]
        out.append("holds the area: " + ", ".join(f"{HOLDER_WORDS.get(k, k)} {self.chance(v):.0%}"
                                                  for k, v in self.holds.most_common()))
        for side in (Side.ALLIED, Side.AXIS):
            mean = sum(k * v for k, v in self.losses[side].items()) / max(self.runs, 1)
            out.append(f"{HOLDER_WORDS[side.value]}: {mean:.2f} units sunk on average; "
                       + ", ".join(f"{n}{' (in port)' if n in self.in_port else ''} sunk "
                                   f"{self.chance(self.sunk[n]):.0%}" for n in self.sides[side]))
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


def battle_odds(campaign: Campaign, area: str, resolver: BattleResolver, runs: int = 1000,
                seed: int = 0) -> OddsReport:
    """Fight the pending battle in ``area`` ``runs`` times on a copy of the state (see the module docstring).

    Raises ``KeyError`` if no battle is pending there and ``ValueError`` for ``runs`` below 1.
    """
    if runs < 1:
        raise ValueError("runs must be at least 1")
    battle = pending_battle(campaign, area)
    probe = Campaign(campaign.data, campaign.state.model_copy(deep=True), Dice(seed), resolver)
    probe.state.battle_commanders, probe.state.question = [], None  # the AI answers every side in a simulation
    at_sea = {n: Side.ALLIED for n in battle.allied} | {n: Side.AXIS for n in battle.axis}
    in_port = {n: campaign.state.unit(n).side for n in battle.in_port if n not in at_sea}
    side_of = at_sea | in_port  # at sea first, then in port
    units = {side: tuple(n for n, s in side_of.items() if s is side) for side in (Side.ALLIED, Side.AXIS)}
    report = OddsReport(area, runs, resolver.name, units, in_port=frozenset(in_port))
    for run in range(runs):
        probe.dice = Dice(seed, (run,))
        probe.state.events = []
        outcome = resolver.resolve(probe, battle)
        gone: set[str] = set()
        sunk_per_side: Counter[Side] = Counter()
        for result in outcome.results:
            if result.sunk or result.eliminated:
                report.sunk[result.name] += 1
                sunk_per_side[side_of.get(result.name) or campaign.state.unit(result.name).side] += 1
            if result.sunk or result.eliminated or result.disabled or result.withdrew or result.expended:
                gone.add(result.name)
                report.out_of_battle[result.name] += 1
        for side in (Side.ALLIED, Side.AXIS):
            report.losses[side][sunk_per_side[side]] += 1
        left = {side for name, side in at_sea.items() if name not in gone and _holds(probe, name, battle)}
        report.holds[left.pop().value if len(left) == 1 else "none"] += 1
    return report
