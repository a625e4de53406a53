"""Bundled battles for ``vas battle --demo NAME``: real ships, cards from ``scenarios/data/cards``.

* ``cruiser-action``: four per side in 1942, after Cape Esperance: USS Northampton and Portland with the
  destroyers Fletcher and Nicholas against Aoba, Kinugasa, Fubuki and Hatsuyuki.
* ``battleships``: two battleships with two destroyer escorts per side in 1942: USS Pennsylvania and Mississippi
  with O'Bannon and Nicholas against Kongo, Kirishima, Yukikaze and Amatsukaze.
* ``carrier-clash``: a 1942 carrier battle in the manner of the Coral Sea: USS Yorktown (Wildcats, Dauntlesses,
  Devastators) with Portland, Fletcher and Nicholas against Shokaku (Zeros, Vals, Kates) with Aoba and two
  Kagero-class destroyers; combat air patrols, strikes, AA, dogfights, recovery and re-arming.
* ``night-action``: the cruiser action fought at night (1942, Savo Island waters): American radar against
  Japanese star shells and searchlights.
* ``convoy``: a 1943 Atlantic convoy (three Liberty ships and a tanker, escorted by two Buckley-class Sub-Hunters
  and a Fletcher, with an Avenger overhead) against three Type VIIC U-boats hidden in Sectors 9, 15 and 16.

The first two and the night action use the competitive matched objectives of 000 War at Sea, rolled by the
battle's dice; the carrier clash and the convoy have fixed objectives (Attrition for both sides).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from scenarios.loader import CampaignData, load_data
from tactical.battle import BattleSpec, FleetSpec, FlightSpec, RuleOptions, ShipSpec, SubmarineSpec
from tactical.scenario import Objective


@dataclass(frozen=True)
class Demo:
    name: str
    title: str
    year: int
    fleets: tuple[tuple[str, tuple[tuple[str, str], ...]], tuple[str, tuple[tuple[str, str], ...]]]
    """(side name, ((ship name, card name), ...)) for each side."""
    time_of_day: Literal["day", "night"] = "day"
    weather: Literal["good", "bad"] = "good"
    flights: tuple[tuple[int, str, str, str | None], ...] = ()
    """(side, Flight name, aircraft, carrier or None)."""
    submarines: tuple[tuple[int, str, str, int | None], ...] = ()
    """(side, boat name, card, Sector or None)."""
    objectives: tuple[Objective, Objective] | None = None
    sub_hunting: tuple[int, int] = (0, 0)
    notes: tuple[str, ...] = field(default=())


def _air_group(side: int, carrier: str, prefix: str, groups: tuple[tuple[str, str, int], ...]) -> tuple:
    out = []
    for squadron, aircraft, count in groups:
        for i in range(1, count + 1):
            out.append((side, f"{prefix} {squadron}-{i}", aircraft, carrier))
    return tuple(out)


YORKTOWN_GROUP = _air_group(
    0,
    "USS Yorktown",
    "Yorktown",
    (("VF", "F4F-4 Wildcat", 3), ("VB", "SBD-3 Dauntless", 3), ("VT", "TBD-1 Devastator", 2)),
)
SHOKAKU_GROUP = _air_group(
    1, "Shokaku", "Shokaku", (("F", "A6M2 Zero", 3), ("B", "D3A1 Val", 3), ("T", "B5N2 Kate", 2))
)

CRUISERS_US = (
    ("USS Northampton", "Northampton"),
    ("USS Portland", "Portland"),
    ("USS Fletcher", "Fletcher"),
    ("USS Nicholas", "Nicholas"),
)
CRUISERS_IJN = (("Aoba", "Aoba"), ("Kinugasa", "Aoba"), ("Fubuki", "Fubuki"), ("Hatsuyuki", "Fubuki"))

DEMOS: dict[str, Demo] = {
    d.name: d
    for d in (
        Demo(
            "cruiser-action",
            "Cruiser action, 1942: two heavy cruisers and two destroyers a side",
            1942,
            (("US Navy", CRUISERS_US), ("Imperial Japanese Navy", CRUISERS_IJN)),
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
        Demo(
            "carrier-clash",
            "Carrier clash, 1942: Yorktown against Shokaku, each with a cruiser and destroyers",
            1942,
            (
                (
                    "US Navy",
                    (
                        ("USS Yorktown", "Yorktown"),
                        ("USS Portland", "Portland"),
                        ("USS Fletcher", "Fletcher"),
                        ("USS Nicholas", "Nicholas"),
                    ),
                ),
                (
                    "Imperial Japanese Navy",
                    (("Shokaku", "Shokaku"), ("Aoba", "Aoba"), ("Kagero", "Kagero"), ("Kuroshio", "Kagero")),
                ),
            ),
            flights=YORKTOWN_GROUP + SHOKAKU_GROUP,
            objectives=(Objective.ATTRITION, Objective.ATTRITION),
        ),
        Demo(
            "night-action",
            "Night action, 1942: the cruiser action by night, radar against star shells",
            1942,
            (("US Navy", CRUISERS_US), ("Imperial Japanese Navy", CRUISERS_IJN)),
            time_of_day="night",
        ),
        Demo(
            "convoy",
            "Convoy, 1943: three Liberty ships and a tanker with escorts against three U-boats",
            1943,
            (
                (
                    "US Navy",
                    (
                        ("SS Liberty Bell", "Liberty Ship"),
                        ("SS Patrick Henry", "Liberty Ship"),
                        ("SS Jeremiah O'Brien", "Liberty Ship"),
                        ("USS Cimarron", "Cimarron-Class Oil Tanker"),
                        ("USS Buckley", "Buckley"),
                        ("USS England", "Buckley"),
                        ("USS Fletcher", "Fletcher"),
                    ),
                ),
                ("Kriegsmarine", ()),
            ),
            flights=((0, "VC-9 Avenger", "TBF-1 Avenger", None),),
            submarines=((1, "U-96", "Type VIIC", 15), (1, "U-552", "Type VIIC", 16), (1, "U-201", "Type VIIC", 9)),
            objectives=(Objective.ATTRITION, Objective.ATTRITION),
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
            objective=demo.objectives[index] if demo.objectives else None,
            sub_hunting=demo.sub_hunting[index],
        )
        for index, (side, ships) in enumerate(demo.fleets)
    )
    flights = [
        FlightSpec(name=flight, side=side, aircraft=data.flights[aircraft], carrier=carrier)  # type: ignore[arg-type]
        for side, flight, aircraft, carrier in demo.flights
    ]
    subs = [
        SubmarineSpec(side=side, ship=ShipSpec(name=boat, card=data.cards[card].as_of(demo.year)), sector=sector)  # type: ignore[arg-type]
        for side, boat, card, sector in demo.submarines
    ]
    return BattleSpec(
        sides=sides,  # type: ignore[arg-type]
        options=RuleOptions(matched_objectives=demo.objectives is None),
        seed=seed,
        time_of_day=demo.time_of_day,
        weather=demo.weather,
        year=demo.year,
        flights=flights,
        submarines=subs,
    )
