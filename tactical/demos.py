"""Bundled battles for ``vas battle --demo NAME``: real ships, cards from ``scenarios/data/cards``.

* ``cruiser-action``: four per side in 1942, after Cape Esperance: USS Northampton and Portland with the
  destroyers Fletcher and Nicholas against Aoba, Kinugasa, Fubuki and Hatsuyuki.
* ``battleships``: two battleships with two destroyer escorts per side in 1942: USS Pennsylvania and Mississippi
  with O'Bannon and Nicholas against Kongo, Kirishima, Yukikaze and Amatsukaze.

Both use the competitive matched objectives of 000 War at Sea, rolled by the battle's dice.
"""

from __future__ import annotations

from dataclasses import dataclass

from scenarios.loader import CampaignData, load_data
from tactical.battle import BattleSpec, FleetSpec, RuleOptions, ShipSpec


@dataclass(frozen=True)
class Demo:
    name: str
    title: str
    year: int
    fleets: tuple[tuple[str, tuple[tuple[str, str], ...]], tuple[str, tuple[tuple[str, str], ...]]]
    """(side name, ((ship name, card name), ...)) for each side."""


DEMOS: dict[str, Demo] = {
    d.name: d
    for d in (
        Demo(
            "cruiser-action",
            "Cruiser action, 1942: two heavy cruisers and two destroyers a side",
            1942,
            (
                (
                    "US Navy",
                    (
                        ("USS Northampton", "Northampton"),
                        ("USS Portland", "Portland"),
                        ("USS Fletcher", "Fletcher"),
                        ("USS Nicholas", "Nicholas"),
                    ),
                ),
                (
                    "Imperial Japanese Navy",
                    (("Aoba", "Aoba"), ("Kinugasa", "Aoba"), ("Fubuki", "Fubuki"), ("Hatsuyuki", "Fubuki")),
                ),
            ),
        ),
        Demo(
            "battleships",
            "Battleships with escorts, 1942: two battleships and two destroyers a side",
            1942,
            (
                (
                    "US Navy",
                    (
                        ("USS Pennsylvania", "Pennsylvania"),
                        ("USS Mississippi", "Mississippi"),
                        ("USS O'Bannon", "O'Bannon"),
                        ("USS Nicholas", "Nicholas"),
                    ),
                ),
                (
                    "Imperial Japanese Navy",
                    (("Kongo", "Kongo"), ("Kirishima", "Kongo"), ("Yukikaze", "Kagero"), ("Amatsukaze", "Kagero")),
                ),
            ),
        ),
    )
}


def demo_spec(name: str, seed: int = 0, data: CampaignData | None = None) -> BattleSpec:
    """The :class:`BattleSpec` of demo ``name`` with ``seed``; raises ``KeyError`` naming the known demos."""
    if name not in DEMOS:
        raise KeyError(f"unknown demo '{name}' (known: {', '.join(sorted(DEMOS))})")
    demo = DEMOS[name]
    data = data or load_data()
    sides = tuple(
        FleetSpec(
            name=side,
            ships=[ShipSpec(name=ship, card=data.cards[card].as_of(demo.year)) for ship, card in ships],
        )
        for side, ships in demo.fleets
    )
    return BattleSpec(sides=sides, options=RuleOptions(matched_objectives=True), seed=seed)  # type: ignore[arg-type]
