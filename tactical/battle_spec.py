"""The battle's description (DESIGN.md "Four rooms, one door"): :class:`BattleSpec` (pydantic, frozen, JSON-able)
and its parts: two fleets (:class:`FleetSpec`, ships as :class:`ShipSpec` with their effective card and any damage
brought in), Flights (:class:`FlightSpec`), submarines (:class:`SubmarineSpec`), MTB Sections (:class:`MTBSpec`) and
shore installations (:class:`InstallationSpec`), with the table, the environment, the rule options and the seed.
:func:`tactical.battle.resolve` fights one.  Distances in inches.  A spec written for the core engine (ships only)
is still valid.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, Strict, model_validator

from scenarios.cards import AircraftCard, MTBCard, ShipCard
from scenarios.models import NonEmpty, Record
from tactical.coast import (
    AA_EMPLACEMENTS,
    COASTAL_STRUCTURES,
    SHORE_GUNS,
    calibre_class_001,
    installation_card,
    shore_battery_001,
    shore_battery_cost,
)
from tactical.geometry import DeploymentKind, Table
from tactical.options import RuleOptions
from tactical.scenario import Objective, zone_for

StrictInt = Annotated[int, Strict()]


class ShipSpec(Record):
    """One ship: its name in this battle, its card (refits already applied) and the Hull it has lost before."""

    name: NonEmpty
    card: ShipCard
    hull_lost: Annotated[int, Strict(), Field(ge=0)] = 0
    anchored: bool = False

    @model_validator(mode="after")
    def _afloat(self) -> ShipSpec:
        if self.hull_lost >= self.card.hull:
            raise ValueError(f"{self.name} has lost {self.hull_lost} of {self.card.hull} Hull: it is not afloat")
        return self


class FleetSpec(Record):
    """One side: its name, its ships, its objective (``None``: rolled on the 2D6 table), and the enemy ships (or
    installations) its Observation Flights spot for Beyond the Horizon attacks (one flight each; those flights do
    not scout), the number of its Observation Flights hunting submarines (000 Observation Aircraft), its squadrons
    (000 Squadrons: lists of two to six of its ship names), and whether the quarter-points limit on Flights not
    based on its carriers applies (000 Aircraft; a scenario may waive it).  A fleet may be all aircraft,
    submarines, MTB Sections or installations (``ships`` empty)."""

    name: NonEmpty
    ships: list[ShipSpec] = Field(default_factory=list)
    objective: Objective | None = None
    spotting: list[NonEmpty] = Field(default_factory=list)
    sub_hunting: Annotated[int, Strict(), Field(ge=0)] = 0
    squadrons: list[list[NonEmpty]] = Field(default_factory=list)
    air_limit: bool = True


class FlightSpec(Record):
    """One Flight: its name, its side (0 or 1), its aircraft (a line of the aircraft chart) and its carrier (a
    ship of the same side with the Carrier trait; ``None``: land-based)."""

    name: NonEmpty
    side: Literal[0, 1]
    aircraft: AircraftCard
    carrier: NonEmpty | None = None


class SubmarineSpec(Record):
    """A submarine (a ship with the Submarine trait): its side, its ship, its ``sector`` (noted secretly: hidden,
    off the table, running deep; ``None``: deployed on the table with its fleet) and its depth when deployed."""

    side: Literal[0, 1]
    ship: ShipSpec
    sector: Annotated[int, Strict(), Field(ge=1)] | None = None
    depth: Literal["surfaced", "submerged", "running deep"] = "submerged"


class MTBSpec(Record):
    """An MTB Section: its name, side and card; it deploys with its fleet."""

    name: NonEmpty
    side: Literal[0, 1]
    card: MTBCard


class InstallationSpec(Record):
    """A Shore Battery (``weapons`` named from :data:`tactical.coast.SHORE_GUNS`, with its ``armour`` and
    ``structure``), a Coastal Structure (``structure_type`` from :data:`tactical.coast.COASTAL_STRUCTURES`) or an
    AA Emplacement (``structure_type`` from :data:`tactical.coast.AA_EMPLACEMENTS`), at ``pos`` (inches).  Armour,
    Structure and points default to the printed figures; a Shore Battery's points to the 000 purchase formula.  A
    Shore Battery may instead be built by the 001 guidelines from its guns' ``calibre`` (inches), ``barrels`` and
    ``protection`` (:func:`tactical.coast.shore_battery_001`, R-TAC-86)."""

    name: NonEmpty
    side: Literal[0, 1]
    kind: Literal["shore battery", "coastal structure", "aa emplacement"]
    pos: tuple[float, float]
    structure_type: NonEmpty | None = None
    weapons: list[NonEmpty] = Field(default_factory=list)
    armour: Annotated[int, Strict(), Field(ge=1, le=6)] | None = None
    structure: Annotated[int, Strict(), Field(ge=1, le=100)] | None = None
    points: Annotated[int, Strict(), Field(ge=0)] | None = None
    nation: NonEmpty = "US"
    calibre: Annotated[int, Strict(), Field(ge=1, le=16)] | None = None
    barrels: Annotated[int, Strict(), Field(ge=1, le=40)] | None = None
    protection: Literal["open", "shielded", "hardened"] | None = None

    @model_validator(mode="after")
    def _known(self) -> InstallationSpec:
        built_001 = self.calibre is not None or self.barrels is not None or self.protection is not None
        if built_001:
            if self.kind != "shore battery" or self.calibre is None or self.barrels is None:
                raise ValueError("a 001 shore battery (calibre, barrels, protection) needs kind 'shore battery', "
                                 "calibre and barrels (001 Shore Batteries)")
            if self.weapons or self.armour is not None or self.structure is not None:
                raise ValueError("a 001 shore battery takes its weapons, armour and structure from its calibre, "
                                 "barrels and protection: give none of them (001 Shore Batteries)")
            calibre_class_001(self.calibre)
            return self
        if self.kind == "shore battery":
            unknown = [w for w in self.weapons if w not in SHORE_GUNS]
            if not self.weapons or unknown:
                raise ValueError(f"a shore battery needs weapons from {sorted(SHORE_GUNS)} (unknown: {unknown})")
            if self.armour is None or self.structure is None:
                raise ValueError("a shore battery needs its armour and structure")
        elif self.kind == "coastal structure" and self.structure_type not in COASTAL_STRUCTURES:
            raise ValueError(f"structure_type must be one of {sorted(COASTAL_STRUCTURES)}")
        elif self.kind == "aa emplacement" and self.structure_type not in AA_EMPLACEMENTS:
            raise ValueError(f"structure_type must be one of {sorted(AA_EMPLACEMENTS)}")
        return self

    def card(self) -> ShipCard:
        """The installation's card (type ``installation``, Flank Speed 0, Hull = Structure)."""
        if self.calibre is not None and self.barrels is not None:
            card = shore_battery_001(self.name, self.calibre, self.barrels, self.protection or "shielded", self.nation)
            return card if self.points is None else card.model_copy(update={"points": self.points})
        if self.kind == "shore battery":
            assert self.armour is not None and self.structure is not None
            points = self.points
            if points is None:
                points = shore_battery_cost(self.weapons, self.structure, self.armour)
            return installation_card(
                self.name, "Shore Battery", self.armour, self.structure, self.weapons, points, self.nation
            )
        assert self.structure_type is not None
        if self.kind == "coastal structure":
            _, armour, structure = COASTAL_STRUCTURES[self.structure_type]
            return installation_card(
                self.name, self.structure_type, self.armour or armour, self.structure or structure, [],
                self.points or 0, self.nation,
            )  # fmt: skip
        armour, structure, weapons, points = AA_EMPLACEMENTS[self.structure_type]
        return installation_card(
            self.name, self.structure_type, self.armour or armour, self.structure or structure, list(weapons),
            self.points if self.points is not None else points, self.nation,
        )  # fmt: skip

    def attack_modifier(self) -> int:
        if self.kind == "coastal structure" and self.structure_type is not None:
            return COASTAL_STRUCTURES[self.structure_type][0]
        return 0


Polygon = list[tuple[float, float]]


class BattleSpec(Record):
    """Everything :func:`resolve` needs.  Distances in inches; ``minefields``: Sector -> density (10-14, used with
    the 001 option); ``wind``: the edge the wind blows from (``None``: rolled when a carrier is present);
    ``year``: for the year-dependent options; ``surprised``: ``(side, turns)``, that side taken by surprise fires
    no AA (ships and emplacements) in the first ``turns`` turns (a campaign surprise attack, R-CARD-11)."""

    sides: tuple[FleetSpec, FleetSpec]
    table_width: Annotated[float, Field(ge=40, le=200)] = 72.0
    table_height: Annotated[float, Field(ge=38, le=200)] = 48.0
    turns: Annotated[int, Strict(), Field(ge=1, le=30)] = 8
    time_of_day: Literal["day", "night"] = "day"
    weather: Literal["good", "bad"] = "good"
    year: Annotated[int, Strict(), Field(ge=1900, le=1950)] | None = None
    wind: Literal["north", "south", "east", "west"] | None = None
    flights: list[FlightSpec] = Field(default_factory=list)
    submarines: list[SubmarineSpec] = Field(default_factory=list)
    mtbs: list[MTBSpec] = Field(default_factory=list)
    shore_batteries: list[InstallationSpec] = Field(default_factory=list)
    land: list[Polygon] = Field(default_factory=list)
    harbours: list[Polygon] = Field(default_factory=list)
    nets: list[tuple[tuple[float, float], tuple[float, float]]] = Field(default_factory=list)
    balloons: list[tuple[float, float]] = Field(default_factory=list)
    minefields: dict[int, Annotated[int, Field(ge=10, le=14)]] = Field(default_factory=dict)
    options: RuleOptions = Field(default_factory=RuleOptions)
    surprised: tuple[Literal[0, 1], Annotated[int, Strict(), Field(ge=1, le=30)]] | None = None
    seed: StrictInt = 0
    key: tuple[StrictInt, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> BattleSpec:
        names = [s.name for f in self.sides for s in f.ships]
        names += [s.ship.name for s in self.submarines] + [f.name for f in self.flights]
        names += [m.name for m in self.mtbs] + [i.name for i in self.shore_batteries]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            raise ValueError(f"ship names must be unique in a battle: {', '.join(dupes)}")
        if self.sides[0].name == self.sides[1].name:
            raise ValueError("the two sides need different names")
        table = Table(self.table_width, self.table_height)
        for sub in self.submarines:
            if not sub.ship.card.has("Submarine"):
                raise ValueError(f"{sub.ship.name} has no Submarine trait")
            if sub.sector is not None:
                table.sector_rect(sub.sector)
        for sector in self.minefields:
            table.sector_rect(sector)
        for side, fleet in enumerate(self.sides):
            self._check_fleet(side, fleet)
            deployed = len(fleet.ships) + sum(1 for s in self.submarines if s.side == side and s.sector is None)
            room = zone_for(side, DeploymentKind.NORMAL, table).largest().capacity()
            if deployed > room:
                raise ValueError(
                    f'{fleet.name} deploys {deployed} ships and submarines: a {self.table_width:g}" x '
                    f'{self.table_height:g}" table holds {room} a side with bridges 1" apart (R-TAC-07, R-TAC-67)'
                )
        return self

    def _check_fleet(self, side: int, fleet: FleetSpec) -> None:
        own = list(fleet.ships) + [s.ship for s in self.submarines if s.side == side]
        present = bool(own) or any(f.side == side for f in self.flights) or any(m.side == side for m in self.mtbs)
        if not (present or any(i.side == side for i in self.shore_batteries)):
            raise ValueError(f"{fleet.name} has nothing to fight with")
        enemy = {s.name for s in self.sides[1 - side].ships}
        enemy |= {s.ship.name for s in self.submarines if s.side != side}
        enemy |= {i.name for i in self.shore_batteries if i.side != side}
        for target in fleet.spotting:
            if target not in enemy:
                raise ValueError(f"{fleet.name} spots '{target}', which is not an enemy ship")
        flights = sum(s.card.trait("Aircraft") or 0 for s in own)
        if len(fleet.spotting) + fleet.sub_hunting > flights:
            raise ValueError(
                f"{fleet.name} has {flights} Observation Flight(s), {len(fleet.spotting) + fleet.sub_hunting} "
                "spotting or hunting"
            )
        ship_names = {s.name for s in fleet.ships}
        for squadron in fleet.squadrons:
            if not 2 <= len(squadron) <= 6 or not set(squadron) <= ship_names or len(set(squadron)) != len(squadron):
                raise ValueError(f"a squadron is two to six of the fleet's own ships: {squadron}")
        in_squadrons = [n for sq in fleet.squadrons for n in sq]
        if len(in_squadrons) != len(set(in_squadrons)):
            raise ValueError("a ship belongs to one squadron at most")
        cards = {s.name: s.card for s in own}
        for flight in [f for f in self.flights if f.side == side and f.carrier is not None]:
            card = cards.get(flight.carrier or "")
            if card is None or not card.has("Carrier"):
                raise ValueError(f"{flight.name}'s carrier {flight.carrier} is not a carrier of {fleet.name}")
            if not flight.aircraft.carrier:
                raise ValueError(f"{flight.name} ({flight.aircraft.name}) cannot fly from a carrier")
        for name, card in cards.items():
            based = sum(1 for f in self.flights if f.side == side and f.carrier == name)
            if based > (card.trait("Flights") or 0):
                raise ValueError(f"{name} carries at most {card.trait('Flights') or 0} Flights, not {based}")
        land_air = sum(f.aircraft.points for f in self.flights if f.side == side and f.carrier is None)
        total = sum(s.card.points for s in own) + land_air + sum(m.card.points for m in self.mtbs if m.side == side)
        if fleet.air_limit and land_air * 4 > total:
            raise ValueError(
                f"{fleet.name}: Flights not based on its carriers cost {land_air} points, more than a quarter of its "
                f"{total} (000 Aircraft; set air_limit false where the scenario allows it)"
            )
