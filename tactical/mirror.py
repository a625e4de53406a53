"""Mirrored battles (not a rule; issue 22): one demo fleet against an identical copy of itself, the same captain on
both sides, to measure whether the battle and its captains favour a side.  A fair game wins about as often for
side 0 (the south edge) as for side 1 (the north edge).

    python -m tactical.mirror [DEMO] [COUNT] [day|night]

plays COUNT seeded mirrors (default 100) of each demo fleet (side 0's and side 1's, both on both sides) and prints
each side's wins with a 95% Wilson interval.  Demos with submarines (the convoy) have no mirror.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from scenarios.loader import CampaignData, load_data
from tactical.battle import BattleSpec, FleetSpec, FlightSpec, ShipSpec, resolve
from tactical.captain import CoreCaptain
from tactical.demos import DEMOS, demo_spec

COPY = " II"
"""Appended to the names of side 1's copies of the ships, Flights and its side's name."""
Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def mirror_spec(
    demo: str,
    seed: int,
    fleet: Literal[0, 1] = 0,
    time_of_day: Literal["day", "night"] | None = None,
    data: CampaignData | None = None,
) -> BattleSpec:
    """Demo ``demo``'s side-``fleet`` fleet (its ships, Flights and objective) on both sides, side 1's copy named
    with :data:`COPY`; ``time_of_day`` overrides the demo's.  Raises ``ValueError`` for a demo with submarines."""
    spec = demo_spec(demo, seed, data)
    if spec.submarines:
        raise ValueError(f"demo '{demo}' has submarines on one side only: it has no mirror")
    own = spec.sides[fleet]
    copy = FleetSpec(
        name=own.name + COPY,
        ships=[ShipSpec(name=s.name + COPY, card=s.card) for s in own.ships],
        objective=own.objective,
    )
    flights = [f for f in spec.flights if f.side == fleet]
    twins = [
        FlightSpec(name=f.name + COPY, side=1, aircraft=f.aircraft, carrier=f.carrier and f.carrier + COPY)
        for f in flights
    ]
    return spec.model_copy(
        update={
            "sides": (own, copy),
            "flights": [f.model_copy(update={"side": 0}) for f in flights] + twins,
            "time_of_day": time_of_day or spec.time_of_day,
        }
    )


@dataclass(frozen=True)
class Tally:
    """The results of ``games`` mirrored battles: wins of side 0, of side 1, and draws."""

    games: int
    side0: int
    side1: int

    @property
    def draws(self) -> int:
        return self.games - self.side0 - self.side1

    def share(self, side: int) -> tuple[float, float, float]:
        """Side ``side``'s share of the games won, with its 95% Wilson score interval ``(share, low, high)``."""
        return wilson(self.side0 if side == 0 else self.side1, self.games)

    def describe(self) -> str:
        parts = []
        for side in (0, 1):
            p, lo, hi = self.share(side)
            parts.append(f"side {side} {100 * p:.1f}% [{100 * lo:.0f}-{100 * hi:.0f}]")
        return f"{self.games} games: " + ", ".join(parts) + f", draws {self.draws}"


def wilson(wins: int, games: int) -> tuple[float, float, float]:
    """The share ``wins / games`` with its 95% Wilson score interval (Wilson 1927)."""
    if games == 0:
        return 0.0, 0.0, 1.0
    p = wins / games
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return p, max(0.0, centre - half), min(1.0, centre + half)


CaptainPair = Callable[[], Sequence[CoreCaptain | None] | None]
"""A fresh pair of captains for each battle (``None``: the default captains of :func:`tactical.battle.resolve`)."""


def sweep(
    demo: str,
    seeds: Sequence[int],
    fleet: Literal[0, 1] = 0,
    time_of_day: Literal["day", "night"] | None = None,
    captains: CaptainPair = lambda: None,
    levels: tuple[str, str] = ("normal", "normal"),
) -> Tally:
    """Mirrored battles of ``demo`` over ``seeds`` (one worker), with fresh ``captains()`` each (the AI sides of
    ``levels``, :func:`tactical.battle.resolve`)."""
    data = load_data()
    wins = [0, 0]
    for seed in seeds:
        spec = mirror_spec(demo, seed, fleet, time_of_day, data)
        winner = resolve(spec, captains(), levels=levels).winner
        for side in (0, 1):
            wins[side] += winner == spec.sides[side].name
    return Tally(len(seeds), wins[0], wins[1])


def mirrored_demos() -> list[str]:
    """The demos that have a mirror (no submarines)."""
    return [name for name, demo in DEMOS.items() if not demo.submarines]


def main(argv: Sequence[str]) -> None:
    demos = [argv[0]] if argv else mirrored_demos()
    count = int(argv[1]) if len(argv) > 1 else 100
    times: list[Literal["day", "night"]] = [argv[2]] if len(argv) > 2 else ["day", "night"]  # type: ignore[list-item]
    for demo in demos:
        for when in times:
            for fleet in (0, 1):
                tally = sweep(demo, range(count), fleet, when)  # type: ignore[arg-type]
                print(f"{demo:15} {when:5} fleet {fleet}: {tally.describe()}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
