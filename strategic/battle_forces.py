"""The campaign counters as tactical pieces: ships, Flights, submarines and port defences (issue 7 "the bridge").

:mod:`strategic.battles` decides *which* counters fight a campaign battle; this module says *what* each one puts
on the table and how its losses come back, with the rulings of ``docs/rulings.md``:

* **Ships** (R-CARD-03, R-CARD-04): a surface ship counter (and a War at Sea convoy, and a German surface raider as
  the civilian armed merchant cruiser of its card) is one ship with its card for the year; ``d`` damage points
  against defence ``D`` enter as ``floor(d x Hull / (D + 1))`` Hull lost (:func:`hull_lost_for`); afloat, its Hull
  lost comes back as damage points by the inverse table (:func:`damage_points_for`).
* **Flights** (R-CARD-09): a carrier's air factor ``A`` flies ``min(k x A, the card's Flights)`` Flights from it, a
  land-based air unit ``k x A`` land-based Flights, ``k`` = constant ``campaign-flights-per-air-factor``; which
  aircraft is the nation's air-group mix for the year (:mod:`scenarios.forces`).  A damaged land-based air unit
  (VITP air units have a defence) flies ``n - floor(d x n / (D + 1))`` of its ``n`` Flights; afterwards ``L``
  Flights lost are ``min(D + 1, ceil(L x (D + 1) / n))`` damage points in all, more than ``D`` eliminating it (it
  returns two turns later, VITP 4.5).  War at Sea land-based air has no defence and a carrier's air group is not
  tracked by the campaign: their Flights lost do not carry over.
* **Submarines** (R-CARD-10): a submarine counter puts ``campaign-boats-per-submarine`` boats of its nation's
  submarine card on the table, submerged with its fleet; all sunk: the counter is sunk; any crippled (and none
  left whole): disabled, back to port.
* **Human torpedoes** (R-CARD-13): the Italian Frogmen put one chariot of the ``SLC Maiale`` card per attack factor
  on the table, hidden (off the table, running deep) in the Sector at the middle of the enemy's home edge, where
  its fleet deploys or lies at anchor; the counter is used up whatever they achieve (002 §2.221).
* **Port defences** (R-CARD-11): a raided port is defended by AA emplacements, a major port by two Medium AA
  Battery Emplacements, any other port or base by one Small one (000 AA Emplacements; reconstructed); a land-based
  air unit there has its airfield on the table, a Hangar (000 Coastal Structures): destroyed, the unit is
  eliminated.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import TYPE_CHECKING

from scenarios.cards import AircraftRole
from scenarios.forces import ForceKind, mix_for
from scenarios.models import PortKind, UnitType
from tactical import FlightSpec, InstallationSpec, ShipSpec, SubmarineSpec, Table

if TYPE_CHECKING:
    from scenarios.cards import ShipCard
    from scenarios.loader import CampaignData
    from scenarios.models import Unit
    from strategic.campaign import Campaign

RULE_SHIPS = "R-CARD-04"
RULE_AIR = "R-CARD-09"
RULE_SUBS = "R-CARD-10"
RULE_PORTS = "R-CARD-11"
RULE_FROGMEN = "R-CARD-13"

ROLE_LETTERS = {
    AircraftRole.FIGHTER: "F",
    AircraftRole.DIVE_BOMBER: "D",
    AircraftRole.TORPEDO_BOMBER: "T",
    AircraftRole.BOMBER: "B",
    AircraftRole.OBSERVATION: "O",
    AircraftRole.KAMIKAZE: "K",
}
"""The letter of a Flight's role in its name (``Enterprise D-2``: Enterprise's second dive-bomber Flight)."""

PORT_AA = {PortKind.MAJOR_PORT: ("Medium AA Battery Emplacement",) * 2}
OTHER_PORT_AA = ("Small AA Battery Emplacement",)
"""R-CARD-11: the AA emplacements defending a raided port, by the port's kind."""


def hull_lost_for(damage: int, defence: int, hull: int) -> int:
    """Hull lost by a counter with ``damage`` points and ``defence`` entering a battle (R-CARD-04); always
    leaves it afloat (at most ``hull - 1``)."""
    if damage <= 0 or defence <= 0:
        return 0
    return min(hull - 1, damage * hull // (defence + 1))


def damage_points_for(hull_lost: int, defence: int, hull: int) -> int:
    """Damage points of an afloat counter that has lost ``hull_lost`` of ``hull`` in all (R-CARD-07): the inverse of
    :func:`hull_lost_for`, capped at the defence (the ship is afloat)."""
    if hull_lost <= 0 or defence <= 0:
        return 0
    return min(defence, math.ceil(hull_lost * (defence + 1) / hull))


def flights_per_factor(data: CampaignData) -> int:
    value = data.constant("campaign-flights-per-air-factor")
    return int(value if isinstance(value, int) else value[0])


def boats_per_counter(data: CampaignData) -> int:
    value = data.constant("campaign-boats-per-submarine")
    return int(value if isinstance(value, int) else value[0])


def air_flights(campaign: Campaign, name: str, side: int, year: int, *, carrier_card: ShipCard | None = None,
                based: bool = True, count: int | None = None) -> list[FlightSpec]:
    """The Flights of carrier or land-based air unit ``name`` on side ``side`` (0 Allies, 1 Axis) in ``year``
    (R-CARD-09).  A carrier needs its ``carrier_card``; ``based=False`` flies its Flights as if land-based (an air
    raid on a port, where the carriers stay off the table, R-CARD-11); ``count`` overrides the number of Flights
    (the survivors of an earlier battle this turn).  Raises ``KeyError`` when the data has no air-group mix."""
    unit = campaign.unit_record(name)
    kind = ForceKind.LAND_AIR if unit.type is UnitType.LBA else ForceKind.CARRIER_AIR
    n = count if count is not None else air_flight_count(campaign, name, carrier_card)
    mix = mix_for(campaign.data, unit.nation, kind, year)
    base = name if (based and kind is ForceKind.CARRIER_AIR) else None
    flights = []
    numbers: Counter[str] = Counter()
    for i in range(n):
        aircraft = campaign.data.flights[mix.pieces[i % len(mix.pieces)]]
        letter = ROLE_LETTERS[aircraft.role]
        numbers[letter] += 1
        flights.append(FlightSpec(name=f"{name} {letter}-{numbers[letter]}", side=side,  # type: ignore[arg-type]
                                  aircraft=aircraft, carrier=base))
    return flights


def full_air_strength(data: CampaignData, unit: Unit) -> int:
    """Flights of an undamaged air unit or carrier air group: ``k x`` its air factor (R-CARD-09)."""
    return flights_per_factor(data) * (unit.air or 0)


def air_flight_count(campaign: Campaign, name: str, carrier_card: ShipCard | None = None) -> int:
    """How many Flights air unit or carrier ``name`` flies now (R-CARD-09): ``k x`` its air factor, a carrier at
    most its card's Flights, a damaged land-based air unit fewer (its damage read as Hull lost, R-CARD-04)."""
    unit = campaign.unit_record(name)
    full = full_air_strength(campaign.data, unit)
    if unit.type is UnitType.LBA:
        return max(full - hull_lost_for(campaign.state.unit(name).damage, unit.defence or 0, full), 0)
    if carrier_card is None:
        raise ValueError(f"{name} is a carrier: its card is needed to count its Flights")
    return min(full, carrier_card.trait("Flights") or 0)


def air_losses(unit: Unit, prior: int, full: int, remaining: int) -> tuple[int, bool]:
    """(damage points to add, eliminated) for an air unit of ``full`` Flights at full strength, holding ``prior``
    damage points, with ``remaining`` Flights left after the battle (R-CARD-09).  Only VITP land-based air (it has
    a defence) carries its losses: ``full - remaining`` Flights lost in all read as Hull lost of a ``full``-Hull
    counter (:func:`damage_points_for`); none left: eliminated."""
    defence = unit.defence or 0
    if unit.type is not UnitType.LBA or defence <= 0 or full <= 0:
        return 0, False
    if remaining <= 0:
        return 0, True
    total = damage_points_for(full - remaining, defence, full)
    return max(total - prior, 0), False


def submarine_boats(campaign: Campaign, name: str, side: int, year: int) -> list[SubmarineSpec]:
    """The boats of submarine counter ``name`` (R-CARD-10), submerged, deployed with its fleet.  Raises
    ``KeyError`` when the data has no submarine mix for its nation."""
    unit = campaign.unit_record(name)
    mix = mix_for(campaign.data, unit.nation, ForceKind.SUBMARINE, year)
    n = boats_per_counter(campaign.data)
    boats = []
    for i in range(n):
        card = campaign.data.cards[mix.pieces[i % len(mix.pieces)]].as_of(year)
        boat = name if n == 1 else f"{name} ({chr(ord('a') + i)})"
        boats.append(SubmarineSpec(side=side, ship=ShipSpec(name=boat, card=card)))  # type: ignore[arg-type]
    return boats


def human_torpedoes(campaign: Campaign, name: str, side: int, year: int) -> list[SubmarineSpec]:
    """The chariots of the Frogmen counter ``name`` (R-CARD-13), one per attack factor, not yet given a Sector
    (:func:`with_sector` places them once the table is known).  Raises ``KeyError`` when the data has no mix."""
    unit = campaign.unit_record(name)
    mix = mix_for(campaign.data, unit.nation, ForceKind.HUMAN_TORPEDO, year)
    out = []
    for i in range(unit.air or 1):
        card = campaign.data.cards[mix.pieces[i % len(mix.pieces)]].as_of(year)
        out.append(SubmarineSpec(side=side, ship=ShipSpec(name=f"{name} {i + 1}", card=card)))  # type: ignore[arg-type]
    return out


def enemy_edge_sector(table: Table, side: int) -> int:
    """The Sector at the middle of the home edge of ``side``'s enemy (side 0 deploys on the south edge, side 1 on
    the north), where the enemy deploys or lies at anchor (R-CARD-13)."""
    enemy = 1 - side
    return table.sector((table.width / 2, 3.0 if enemy == 0 else table.height - 3.0))


def with_sector(boats: list[SubmarineSpec], table: Table) -> list[SubmarineSpec]:
    """Human torpedoes hidden in the Sector of :func:`enemy_edge_sector` on ``table`` (R-CARD-13)."""
    return [b.model_copy(update={"sector": enemy_edge_sector(table, b.side)}) for b in boats]


def airfield_structures(airfields: dict[str, int], side: int, table_width: float, table_height: float,
                        nation: str) -> list[InstallationSpec]:
    """The airfields of land-based air units in raided ports (``airfields``: name -> points of the air group based
    there, its worth in victory points), one Hangar (000 Coastal Structures) each, for ``side``, spread along its
    home edge 8" in from it (R-CARD-11)."""
    y = 8.0 if side == 0 else table_height - 8.0
    return [InstallationSpec(name=name, side=side, kind="coastal structure", structure_type="Hangar",  # type: ignore[arg-type]
                             pos=(round(table_width * (i + 1) / (len(airfields) + 1), 1), y), nation=nation,
                             points=points)
            for i, (name, points) in enumerate(airfields.items())]


def air_group_points(campaign: Campaign, name: str, year: int) -> int:
    """Points of the Flights land-based air unit ``name`` flies at full strength in ``year`` (R-CARD-09)."""
    unit = campaign.unit_record(name)
    mix = mix_for(campaign.data, unit.nation, ForceKind.LAND_AIR, year)
    n = full_air_strength(campaign.data, unit)
    return sum(campaign.data.flights[mix.pieces[i % len(mix.pieces)]].points for i in range(n))


def port_defences(data: CampaignData, ports: list[str], side: int, table_width: float, table_height: float,
                  nation: str) -> list[InstallationSpec]:
    """The AA emplacements of the raided ``ports`` for ``side`` (R-CARD-11), spread along its home edge (side 0
    south, side 1 north), 3" in from it."""
    kinds = [k for port in ports for k in PORT_AA.get(data.ports[port].kind, OTHER_PORT_AA)]
    y = 3.0 if side == 0 else table_height - 3.0
    out = []
    for i, kind in enumerate(kinds):
        x = table_width * (i + 1) / (len(kinds) + 1)
        port = ports[min(i * len(ports) // len(kinds), len(ports) - 1)]
        out.append(InstallationSpec(name=f"{port} AA {i + 1}", side=side, kind="aa emplacement",  # type: ignore[arg-type]
                                    structure_type=kind, pos=(round(x, 1), y), nation=nation))
    return out
