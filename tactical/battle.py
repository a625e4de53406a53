"""The door between the campaign and the tactical engine (DESIGN.md "Four rooms, one door"):
``resolve(spec, captains) -> BattleReport``.

:class:`BattleSpec` (pydantic, frozen, JSON-able) describes a battle: two fleets (ships with their effective card
and any damage brought in, objective, scouting, squadrons, Observation Flights hunting submarines), Flights
(carrier-based or land-based, :class:`FlightSpec`), submarines (:class:`SubmarineSpec`: on the table or hidden in a
Sector), MTB Sections (:class:`MTBSpec`), shore installations (:class:`InstallationSpec`: Shore Batteries, Coastal
Structures, AA Emplacements), land and harbours, torpedo nets, barrage balloons, minefields, time of day, weather,
wind, year, table size, number of turns, rule options (:class:`~tactical.options.RuleOptions`, all off by
default), seed.  Distances in inches.  A spec written for the core engine (ships only) is still valid.

:func:`resolve` plays the War at Sea scenario (000 "War at Sea") with every die from one seeded, labelled
:class:`~tactical.dice.Dice` (``SeedSequence(seed, spawn_key=key)``), and returns a :class:`BattleReport`: per
ship (submarines and installations included) hull lost, crippled, sunk, withdrew, critical scores, Vital Systems;
per Flight and MTB Section its fate; the Flights lost; victory points; each side's victory; the winner; and the
full event log (every roll included).  The same spec gives the same report, event for event.

Set-up order (000 War at Sea, Aircraft, Carriers): objectives, the wind (a D6 when a carrier is present and the
spec gives none), scouts set aside, deployment (the lower D10 first; submarines with a Sector stay hidden; MTB
Sections with their fleet), scouting rolls (4+ points: carriers may go into deep deployment; 7+/10+: redeploy,
half/all of the carriers' Flights airborne), then the Flights in the air at the start: two a carrier (the Combat
Air Patrol) or more as scouting allows, and every land-based Flight (R-TAC-29), placed in the deployment zone.
:func:`set_up` is that set-up alone; :func:`resolve` fights on from it.

Crowded tables (R-TAC-67, with R-TAC-04 and R-TAC-07): deployment never fails for want of room.  A fleet's zone
holds it in lines abreast with bridges at least 1" apart (``DeploymentZone.capacity``: 48 ships a line and six lines
in the 48" x 6" normal zone of a 72" x 48" table); a larger fleet is given a grown zone before its captain places
it: first the whole home edge (the enhanced zone's width), then 1" deeper at a time towards the middle of the table,
stopping 0.5" short of the centre line so that the two fleets stay apart; the Flights and MTB Sections of the side
use the same zone.  A ship its captain puts within 1" of a bridge placed before it is not refused (as a move ending
on another ship is not, R-TAC-07): it is set at the nearest free place of the zone, at least 1" from every bridge
(installations and the other fleet included), on a 1/4" grid, the zone growing as above when it is full; each such
ship is logged (``stacking``).  Should even the largest zone have no free place left (a captain leaving gaps too
small for a ship everywhere), the fleet is formed in lines abreast across it.  The spec refuses a side with more
ships and deployed submarines than its largest zone holds (1,728 a side on a 72" x 48" table).  A placement that
stacks nowhere is kept exactly as the captain gave it, so every battle that deployed before R-TAC-67 deploys the
same (such a placement is checked against the fleet's own ships only, as it always was: an anchored ship may lie on
a port's AA emplacement).  The table itself never grows: Sector numbers (hidden boats, minefields) and the
installations' places depend on it.  A captain placing a ship outside its zone (or a Flight or MTB Section outside
it) is still refused (000 Deployment): that is a wrong order, not a crowded table.  The AI's line abreast
(:class:`~tactical.ai.SimpleCaptain`) becomes as many lines as the zone needs (``DeploymentZone.formation``).
Installations stand where the spec puts them; hidden boats wait in their Sector.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import Field, Strict, model_validator

from scenarios.cards import AircraftCard, MTBCard, ShipCard, ShipType, WeaponKind
from scenarios.models import NonEmpty, Record
from tactical import events as ev
from tactical.ai import SimpleCaptain, with_defaults
from tactical.aircraft import roll_wind
from tactical.captain import Captain, CoreCaptain
from tactical.coast import AA_EMPLACEMENTS, COASTAL_STRUCTURES, SHORE_GUNS, installation_card, shore_battery_cost
from tactical.dice import Dice
from tactical.events import Event
from tactical.geometry import DeploymentKind, DeploymentZone, FreePlaces, Point, Table, distance
from tactical.hull import cripple
from tactical.narrate import victory_words
from tactical.options import RuleOptions
from tactical.orders import IllegalOrder
from tactical.scenario import (
    Objective,
    ObjectiveFacts,
    ScoutingAdvantage,
    Victory,
    assess,
    fleet_gone,
    objective_facts,
    roll_matched_objectives,
    roll_objective,
    roll_scouting,
    scouting_refusal,
    victory_points,
    winner_of,
    zone_for,
)
from tactical.seats import Seat
from tactical.state import Battle, BattleState, Depth, FlightState, FlightStatus, MTBState, ShipState, Status
from tactical.turn import play_turn, roll_off

StrictInt = Annotated[int, Strict()]

__all__ = [
    "BattleReport",
    "BattleSpec",
    "FleetSpec",
    "FlightResult",
    "FlightSpec",
    "InstallationSpec",
    "MTBSpec",
    "RuleOptions",
    "SetUp",
    "ShipResult",
    "ShipSpec",
    "SubmarineSpec",
    "resolve",
    "set_up",
]


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
    Structure and points default to the printed figures; a Shore Battery's points to the 000 purchase formula."""

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

    @model_validator(mode="after")
    def _known(self) -> InstallationSpec:
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


@dataclass(frozen=True)
class ShipResult:
    """How one ship (or submarine, or installation) came out of the battle."""

    name: str
    side: str
    card: str
    points: int
    hull_start: int
    hull_end: int
    crippled: bool
    sunk: bool
    withdrew: bool
    exit_edge: str | None
    scouting: bool  # still away scouting at the end
    criticals: dict[str, int]
    vitals: tuple[str, ...]
    type: str = "ship"
    aground: bool = False

    @property
    def hull_lost(self) -> int:
        return self.hull_start - self.hull_end


@dataclass(frozen=True)
class FlightResult:
    """How one Flight (or MTB Section, ``kind == "mtb"``) came out: ``fate`` is ``airborne``, ``aboard``,
    ``destroyed``, ``lost`` (with its carrier), ``spent`` (kamikaze), ``left`` (flew off the table); for MTB
    Sections ``active``, ``sunk``."""

    name: str
    side: str
    aircraft: str
    carrier: str | None
    points: int
    fate: str
    kind: str = "flight"

    @property
    def lost(self) -> bool:
        return self.fate in ("destroyed", "lost", "spent", "sunk")


@dataclass(frozen=True)
class BattleReport:
    """The result of :func:`resolve` (DESIGN.md): ships, Flights and MTB Sections, the names of the Flights lost,
    victory points, victories, winner (``None``: a draw), turns played and the full event log."""

    sides: tuple[str, str]
    objectives: tuple[str, str]
    ships: tuple[ShipResult, ...]
    victory_points: tuple[int, int]
    victories: tuple[str, str]
    winner: str | None
    turns_played: int
    events: tuple[Event, ...]
    seed: int
    key: tuple[int, ...]
    flights_lost: tuple[str, ...] = ()
    flights: tuple[FlightResult, ...] = ()
    mtbs: tuple[FlightResult, ...] = ()
    conditions: dict[str, Any] = field(default_factory=dict)
    objective_facts: tuple[ObjectiveFacts, ...] = ()  # each side's, as judged (000 War at Sea: Fleet Objectives)

    def ship(self, name: str) -> ShipResult:
        for s in self.ships:
            if s.name == name:
                return s
        raise KeyError(f"no ship {name} in this battle")

    def flight(self, name: str) -> FlightResult:
        for f in (*self.flights, *self.mtbs):
            if f.name == name:
                return f
        raise KeyError(f"no Flight or MTB Section {name} in this battle")

    def to_json(self) -> dict[str, Any]:
        return {
            "sides": list(self.sides),
            "objectives": list(self.objectives),
            "victory_points": list(self.victory_points),
            "victories": list(self.victories),
            "winner": self.winner,
            "turns_played": self.turns_played,
            "seed": self.seed,
            "key": list(self.key),
            "conditions": dict(self.conditions),
            "ships": [{**s.__dict__, "vitals": list(s.vitals), "hull_lost": s.hull_lost} for s in self.ships],
            "flights": [{**f.__dict__} for f in self.flights],
            "flights_lost": list(self.flights_lost),
            "mtbs": [{**m.__dict__} for m in self.mtbs],
            "events": [e.to_json() for e in self.events],
        }

    def summary(self) -> list[str]:
        """The report as text lines."""
        lines = [
            f"Result after {self.turns_played} turn(s): "
            + (f"{self.winner} wins" if self.winner else "a draw")
            + " ("
            + ", ".join(victory_words(side, level) for side, level in zip(self.sides, self.victories, strict=True))
            + ")",
            f"Objectives: {self.sides[0]} {self.objectives[0]}; {self.sides[1]} {self.objectives[1]}",
            f"Victory points: {self.sides[0]} {self.victory_points[0]}, {self.sides[1]} {self.victory_points[1]}",
        ]
        pieces: tuple[ShipResult | FlightResult, ...] = (*self.ships, *self.flights, *self.mtbs)
        width = max(len(s.side) for s in pieces)
        name_width = max(len(s.name) for s in pieces)
        for s in self.ships:
            fate = (
                ("destroyed" if s.type == "installation" else "sunk")
                if s.sunk
                else f"withdrew ({s.exit_edge} edge)"
                if s.withdrew
                else "still scouting"
                if s.scouting
                else "aground"
                if s.aground
                else "crippled"
                if s.crippled
                else "afloat"
                if s.type != "installation"
                else "standing"
            )
            crit = ", ".join(f"{a} {v}" for a, v in s.criticals.items() if v)
            extra = f"; criticals {crit}" if crit else ""
            extra += f"; vital: {', '.join(s.vitals)}" if s.vitals else ""
            lines.append(
                f"  {s.side:<{width}}  {s.name:<{name_width}}  {s.card:<12} "
                f"Hull {s.hull_end:>3}/{s.hull_start:<3} {fate}"
                + (" (crippled)" if s.crippled and fate not in ("crippled", "sunk") else "")
                + extra
            )
        for f in (*self.flights, *self.mtbs):
            lines.append(f"  {f.side:<{width}}  {f.name:<{name_width}}  {f.aircraft:<12} {f.fate}")
        if self.flights:
            lines.append(f"Flights lost: {len(self.flights_lost)}" + (f" ({', '.join(self.flights_lost)})" if
                                                                         self.flights_lost else ""))  # fmt: skip
        return lines


def _ship_state(ship: ShipSpec, side: int, spec: BattleSpec) -> ShipState:
    start = ship.card.hull - ship.hull_lost
    state = ShipState(name=ship.name, side=side, card=ship.card, hull_start=start, hull=start, anchored=ship.anchored)
    opts = spec.options
    state.flags = [name for name in ("criticals_2d6", "torpedo_reloads") if getattr(opts, name)]
    if opts.torpedo_reloads and ship.card.nation == "JP" and ship.card.type is ShipType.CRUISER:
        for i, weapon in enumerate(ship.card.weapons):
            if weapon.kind is WeaponKind.TORPEDO and weapon.has("Slow-Loading"):
                state.weapons[i].reloads_left = 2  # 001: Japanese cruisers reload twice
    return state


def _build_state(spec: BattleSpec) -> BattleState:
    ships: dict[str, ShipState] = {}
    for side, fleet in enumerate(spec.sides):
        for ship in fleet.ships:
            ships[ship.name] = _ship_state(ship, side, spec)
        for number, squadron in enumerate(fleet.squadrons):
            for name in squadron:
                ships[name].squadron = f"{fleet.name} {number + 1}"
    for sub in spec.submarines:
        state = _ship_state(sub.ship, sub.side, spec)
        state.depth = Depth(sub.depth)
        if sub.sector is not None:
            state.sector = sub.sector
            state.status = Status.HIDDEN
            state.depth = Depth.DEEP
        ships[sub.ship.name] = state
    for inst in spec.shore_batteries:
        card = inst.card()
        state = ShipState(name=inst.name, side=inst.side, card=card, hull_start=card.hull, hull=card.hull)
        state.installation = inst.kind
        state.attack_modifier = inst.attack_modifier()
        state.pos = (float(inst.pos[0]), float(inst.pos[1]))
        state.heading = 0.0 if inst.side == 0 else 180.0
        ships[inst.name] = state
    flights = {
        f.name: FlightState(
            name=f.name,
            side=f.side,
            card=f.aircraft,
            carrier=f.carrier,
            status=FlightStatus.ABOARD if f.carrier is not None else FlightStatus.AIRBORNE,
            aboard=f.carrier,
        )
        for f in spec.flights
    }
    mtbs = {m.name: MTBState(name=m.name, side=m.side, card=m.card, torpedoes=m.card.torpedoes) for m in spec.mtbs}

    def pts(poly: Sequence[Sequence[float]]) -> list[Point]:
        return [(float(p[0]), float(p[1])) for p in poly]

    return BattleState(
        sides=(spec.sides[0].name, spec.sides[1].name),
        ships=ships,
        table=Table(spec.table_width, spec.table_height),
        max_turns=spec.turns,
        spotted={side: list(fleet.spotting) for side, fleet in enumerate(spec.sides) if fleet.spotting},
        flights=flights,
        mtbs=mtbs,
        time_of_day=spec.time_of_day,
        weather=spec.weather,
        year=spec.year,
        options=spec.options,
        wind=spec.wind,
        land=[pts(p) for p in spec.land],
        harbours=[pts(p) for p in spec.harbours],
        nets=[((float(a[0]), float(a[1])), (float(b[0]), float(b[1]))) for a, b in spec.nets],
        balloons=[(float(p[0]), float(p[1])) for p in spec.balloons],
        minefields=dict(spec.minefields),
        sub_hunters={side: fleet.sub_hunting for side, fleet in enumerate(spec.sides) if fleet.sub_hunting},
        surprised=(spec.surprised[0], spec.surprised[1]) if spec.surprised else None,
    )


def _deploy(battle: Battle, side: int, zone: DeploymentZone, captain: Captain, names: list[str]) -> DeploymentZone:
    """Deploy ``names`` in ``zone`` (000 Deployment), grown first if it cannot hold them 1" apart; a ship the
    captain puts within 1" of another is set at the nearest free place (R-TAC-07, R-TAC-67).  Returns the zone
    used, for the side's MTB Sections and Flights."""
    zone = zone.holding(len(names))
    placement = captain.deploy(battle, side, zone, names)
    if sorted(placement) != sorted(names):
        raise IllegalOrder("000 Deployment", f"{battle.side_name(side)} must place exactly {sorted(names)}")
    placed: list[tuple[float, float]] = []
    stacked = False
    for name in names:
        pos, heading = placement[name]
        if not zone.contains(pos):
            raise IllegalOrder("000 Deployment", f"{name} at {pos} is outside the {zone.kind.value} zone")
        stacked = stacked or any(distance(pos, p) < 1.0 for p in placed)
        placed.append(pos)
    if stacked:
        placed, zone = _unstack(battle, side, zone, names, placed)
    for name, pos in zip(names, placed, strict=True):
        ship = battle.ship(name)
        heading = placement[name][1]
        ship.pos, ship.heading, ship.status = (float(pos[0]), float(pos[1])), float(heading) % 360.0, Status.ACTIVE
    battle.log.emit(
        ev.Deployed,
        side=battle.side_name(side),
        ships=tuple(names),
        positions=tuple((n, *_placed(battle.ship(n)), battle.ship(n).heading) for n in names),
        zone=zone.describe(),
    )
    return zone


def _placed(ship: ShipState) -> Point:
    assert ship.pos is not None, f"{ship.name} is deployed"
    return ship.pos


def _unstack(
    battle: Battle, side: int, zone: DeploymentZone, names: list[str], wanted: list[Point]
) -> tuple[list[Point], DeploymentZone]:
    """R-TAC-07 at deployment (R-TAC-67): in the captain's order, each ship stays where it was put if that is at
    least 1" from every bridge placed before it (and from the installations and other ships on the table); else
    it is set at the nearest free place of the zone (a 1/4" grid), the zone growing when it is full.  If even
    the largest zone has no free place left, the fleet is formed in lines abreast across the largest zone, in
    the captain's order."""
    st = battle.state
    others = [s.pos for s in st.ships.values() if s.pos is not None and s.on_table and s.name not in names]
    free = FreePlaces(zone, others)
    out: list[Point] = []
    moves: list[tuple[str, str, Point]] = []
    for name, pos in zip(names, wanted, strict=True):
        spot: Point = (float(pos[0]), float(pos[1]))
        if not free.clear(pos):
            near = min(free.bridges, key=lambda b: distance(b, pos))
            nearest = free.nearest(pos)
            if nearest is None:
                return _formed(battle, side, zone.largest(), names)
            spot = nearest
            blocker = next(
                (n for n, p in zip(names, out, strict=False) if p == near),
                next((s.name for s in st.ships.values() if s.pos == near and s.name not in names), "another ship"),
            )
            moves.append((name, blocker, spot))
        free.add(spot)
        out.append(spot)
    for name, blocker, spot in moves:
        battle.log.emit(
            ev.DeployBlocked, ship=name, side=battle.side_name(side), blocker=blocker, at=(spot[0], spot[1])
        )
    return out, free.zone


def _formed(battle: Battle, side: int, zone: DeploymentZone, names: list[str]) -> tuple[list[Point], DeploymentZone]:
    """The last resort of R-TAC-67: the fleet in lines abreast across ``zone``, in the order of ``names``."""
    slots = [p for line in zone.formation(len(names), spacing=4.0) for p in line]
    battle.log.emit(ev.FormedAbreast, side=battle.side_name(side), zone=zone.describe())
    return slots, zone


def _deploy_boats(battle: Battle, side: int, zone: DeploymentZone, captain: Captain) -> None:
    """MTB Sections deploy with their fleet, in its zone."""
    boats = [m.name for m in battle.state.mtbs.values() if m.side == side]
    if not boats:
        return
    placement = captain.deploy_boats(battle, side, zone, boats)
    if sorted(placement) != sorted(boats):
        raise IllegalOrder("000 Deployment", f"{battle.side_name(side)} must place exactly {sorted(boats)}")
    for name, pos in placement.items():
        if not zone.contains(pos):
            raise IllegalOrder("000 Deployment", f"{name} at {pos} is outside the {zone.kind.value} zone")
        battle.state.mtbs[name].pos = (float(pos[0]), float(pos[1]))
    battle.log.emit(ev.MTBsDeployed, side=battle.side_name(side), count=len(boats))


def _deploy_air(
    battle: Battle, side: int, zone: DeploymentZone, captain: Captain, advantage: ScoutingAdvantage
) -> None:
    """Deep deployment (scouting 4+), then the Flights in the air at the start (000 Combat Air Patrol: two a
    carrier; scouting 7+: half, 10+: all of them; deep carriers: any number; land-based Flights all, R-TAC-29)."""
    st = battle.state
    carriers = [s for s in st.fleet(side) if s.has("Carrier") and s.on_table and not s.anchored]  # R-CARD-11
    if advantage.deep_deployment and carriers:
        deep = captain.deep_deploy(battle, side, [c.name for c in carriers])
        for name in deep:
            ship = battle.ship(name)
            if ship not in carriers:
                raise IllegalOrder("000 Deep Deployment", f"{name} is not a carrier of {battle.side_name(side)}")
            ship.status = Status.DEEP
            ship.pos = None
            battle.log.emit(ev.DeepDeployed, ship=name, side=battle.side_name(side))
    limits: dict[str | None, int] = {}
    for carrier in [s for s in st.fleet(side) if s.has("Carrier")]:
        based = [f for f in st.flights.values() if f.aboard == carrier.name]
        if carrier.status is Status.DEEP or advantage.points >= 10:
            limits[carrier.name] = len(based)
        elif advantage.points >= 7:
            limits[carrier.name] = max(2, math.ceil(len(based) / 2))
        else:
            limits[carrier.name] = 2
    land = [f.name for f in st.flights.values() if f.side == side and f.carrier is None]
    candidates = {
        f.name: f.aboard for f in st.flights.values() if f.side == side and f.status is FlightStatus.ABOARD
    }
    if not candidates and not land:
        return
    placement = captain.deploy_flights(battle, side, zone, candidates, limits, land)
    counts: dict[str | None, int] = {}
    for name in land:
        if name not in placement:
            raise IllegalOrder("000 Aircraft", f"land-based {name} must be placed in the deployment zone (R-TAC-29)")
    for name, pos in placement.items():
        flight = st.flights.get(name)
        if flight is None or flight.side != side:
            raise IllegalOrder("000 Combat Air Patrol", f"{name} is not a Flight of {battle.side_name(side)}")
        if not zone.contains(pos):
            raise IllegalOrder("000 Combat Air Patrol", f"{name} at {pos} is outside the deployment zone")
        if flight.carrier is not None:
            counts[flight.carrier] = counts.get(flight.carrier, 0) + 1
            if counts[flight.carrier] > limits.get(flight.carrier, 0):
                raise IllegalOrder(
                    "000 Combat Air Patrol",
                    f"{flight.carrier} may start with {limits.get(flight.carrier, 0)} Flight(s) in the air",
                )
        flight.status = FlightStatus.AIRBORNE
        flight.aboard = None
        flight.pos = (float(pos[0]), float(pos[1]))
    if placement:
        battle.log.emit(ev.FlightsAloft, side=battle.side_name(side), flights=tuple(placement))


@dataclass
class SetUp:
    """A battle after its set-up (:func:`set_up`): objectives rolled, ships deployed, scouting done, the Flights
    of the start in the air; ``captains`` (answering every question) decide for each side."""

    battle: Battle
    captains: tuple[Captain, Captain]
    objectives: tuple[Objective, Objective]


def resolve(
    spec: BattleSpec, captains: Sequence[CoreCaptain | None] | None = None, *, dice: Dice | None = None
) -> BattleReport:
    """Fight ``spec`` under the War at Sea scenario and report.  ``captains``: one per side (``None`` or missing:
    :class:`~tactical.ai.SimpleCaptain` steered by each side's objective), each wrapped by
    :func:`~tactical.ai.with_defaults` for the questions it does not answer.  ``dice`` replaces the seeded
    dice (tests pass :class:`~tactical.dice.ScriptedDice`).  Raises :class:`~tactical.orders.IllegalOrder` when a
    captain gives an illegal order."""
    ready = set_up(spec, captains, dice=dice)
    battle, pair, objectives = ready.battle, ready.captains, ready.objectives
    log = battle.log
    st = battle.state

    # Fight!
    while st.turn < spec.turns:
        play_turn(battle, pair)
        if fleet_gone(battle, 0) or fleet_gone(battle, 1):
            log.emit(ev.BattleEnded)
            break

    log.phase = "victory"
    levels = assess(battle, objectives)
    win = winner_of(levels)
    vp = victory_points(battle)
    log.emit(
        ev.BattleResult,
        side=battle.side_name(win) if win is not None else None,
        winner=battle.side_name(win) if win is not None else None,
        fleets=(battle.side_name(0), battle.side_name(1)),
        levels=(levels[0].value, levels[1].value),
        vp=(vp[0], vp[1]),
    )
    return _report(spec, battle, objectives, levels, win)  # type: ignore[arg-type]


def _captain(captains: Sequence[CoreCaptain | None] | None, side: int, objective: Objective) -> Captain:
    """The captain of ``side``: the one given (wrapped by :func:`~tactical.ai.with_defaults`), else
    :class:`~tactical.ai.SimpleCaptain` steered by the side's objective, which also advises a
    :class:`~tactical.seats.Seat` that has no adviser yet (issue #16)."""
    given = captains[side] if captains is not None else None
    if isinstance(given, Seat) and given.adviser is None:
        given.adviser = with_defaults(SimpleCaptain(objective))
    return with_defaults(given if given is not None else SimpleCaptain(objective))


def set_up(spec: BattleSpec, captains: Sequence[CoreCaptain | None] | None = None, *,
           dice: Dice | None = None) -> SetUp:
    """The set-up of :func:`resolve` (module docstring), up to the first turn: the battle, its captains (wrapped
    by :func:`~tactical.ai.with_defaults`) and the objectives.  Raises :class:`~tactical.orders.IllegalOrder` when a
    captain gives an illegal order (never for a crowded table: R-TAC-67)."""
    battle = Battle(_build_state(spec), dice if dice is not None else Dice(spec.seed, spec.key))
    log = battle.log
    st = battle.state
    conditions = [spec.time_of_day, f"{spec.weather} weather"]
    if spec.options.active():
        conditions.append("options: " + ", ".join(spec.options.active()))
    log.emit(
        ev.BattleSetUp, first=spec.sides[0].name, second=spec.sides[1].name, seed=spec.seed,
        conditions=tuple(conditions),
    )
    for ship in st.ships.values():
        if ship.hull <= ship.card.crippled:
            log.emit(ev.ComesInCrippled, ship=ship.name)
            cripple(battle, ship, award=False)

    # 000 War at Sea: Fleet Objectives
    if spec.options.matched_objectives and not any(f.objective for f in spec.sides):
        objectives = roll_matched_objectives(battle)
    else:
        objectives = tuple(
            fleet.objective if fleet.objective is not None else roll_objective(battle, side)
            for side, fleet in enumerate(spec.sides)
        )  # type: ignore[assignment]
    for side in (0, 1):
        log.emit(ev.ObjectiveSet, side=battle.side_name(side), objective=objectives[side].value)
    pair = (_captain(captains, 0, objectives[0]), _captain(captains, 1, objectives[1]))

    # 000 Wind Direction: rolled before any ship is deployed when a carrier is present
    if st.wind is None and any(s.card.has("Carrier") for s in st.ships.values()):
        roll_wind(battle)
    elif st.wind is not None:
        log.emit(ev.WindSet, edge=st.wind)

    # Scouting: ships set aside before deployment
    flights = [0, 0]
    for side in (0, 1):
        names, flights[side] = pair[side].choose_scouts(battle, side)
        refusal = scouting_refusal(battle, side, names, flights[side])
        if refusal is not None:
            raise IllegalOrder(*refusal)
        for name in names:
            scout = st.ships[name]
            scout.scout = True
            scout.status = Status.SCOUTING
    if spec.options.observation_001:
        flights = [0, 0]  # 001 Observation Aircraft: no scouting points from them

    # Deployment: D10 roll-off, the lower deploys first
    log.phase = "deployment"
    first = 1 - roll_off(battle, "deployment roll", "000 War at Sea: Deployment")
    table = st.table
    zones = {side: zone_for(side, DeploymentKind.NORMAL, table) for side in (0, 1)}
    for side in (first, 1 - first):
        names = [s.name for s in st.fleet(side) if not s.scout and s.status is Status.ACTIVE and s.pos is None]
        if names:
            zones[side] = _deploy(battle, side, zones[side], pair[side], names)  # grown if crowded (R-TAC-67)
        _deploy_boats(battle, side, zones[side], pair[side])

    # Scouting rolls and their advantages
    log.phase = "scouting"
    for side in (0, 1):
        advantage = roll_scouting(battle, side, flights[side])
        zone = zones[side]
        if advantage.redeploy is not None:
            for ship in st.fleet(side):
                if ship.status is Status.SCOUTING:
                    ship.status = Status.ACTIVE
            names = [s.name for s in st.fleet(side)
                     if s.status is Status.ACTIVE and not s.is_installation and not s.anchored]  # R-CARD-11
            zone = zone_for(side, advantage.redeploy, table)
            if names:
                zone = _deploy(battle, side, zone, pair[side], names)
        _deploy_air(battle, side, zone, pair[side], advantage)
    return SetUp(battle, pair, (objectives[0], objectives[1]))


def _report(
    spec: BattleSpec,
    battle: Battle,
    objectives: tuple[Objective, Objective],
    levels: tuple[Victory, Victory],
    win: int | None,
) -> BattleReport:
    battle.log.flush_rolls()
    st = battle.state
    ships = tuple(
        ShipResult(
            name=s.name,
            side=battle.side_name(s.side),
            card=s.card.name,
            points=s.card.points,
            hull_start=s.hull_start,
            hull_end=s.hull,
            crippled=s.crippled,
            sunk=s.status is Status.SUNK,
            withdrew=s.status is Status.WITHDRAWN,
            exit_edge=st.exits.get(s.name),
            scouting=s.status in (Status.SCOUTING, Status.RETURNING),
            criticals={a.value: v for a, v in s.criticals.items()},
            vitals=tuple(v.value for v in s.vitals),
            type=s.type.value if s.is_installation or s.is_submarine else "ship",
            aground=s.aground,
        )
        for s in st.ships.values()
    )
    flights = tuple(
        FlightResult(
            name=f.name,
            side=battle.side_name(f.side),
            aircraft=f.card.name,
            carrier=f.carrier,
            points=f.card.points,
            fate=f.status.value,
        )
        for f in st.flights.values()
    )
    boats = tuple(
        FlightResult(
            name=m.name,
            side=battle.side_name(m.side),
            aircraft=m.card.name,
            carrier=None,
            points=m.card.points,
            fate="sunk" if m.status is Status.SUNK else "active",
            kind="mtb",
        )
        for m in st.mtbs.values()
    )
    return BattleReport(
        sides=st.sides,
        objectives=(objectives[0].value, objectives[1].value),
        ships=ships,
        victory_points=victory_points(battle),
        victories=(levels[0].value, levels[1].value),
        winner=battle.side_name(win) if win is not None else None,
        turns_played=st.turn,
        events=tuple(battle.log.events),
        seed=spec.seed,
        key=spec.key,
        flights_lost=tuple(f.name for f in st.flights.values() if f.lost),
        flights=flights,
        mtbs=boats,
        objective_facts=objective_facts(battle, objectives, levels),
        conditions={
            "time_of_day": st.time_of_day,
            "weather": st.weather,
            "wind": st.wind,
            "options": spec.options.active(),
        },
    )
