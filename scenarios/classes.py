"""Ship classes: the historical facts of every warship class of the campaign, from which the tactical ship cards
are generated (:mod:`tactical.card_generator`, issue 7).

A :class:`ShipClass` holds what a reference book holds: standard and full-load displacement (tons), speed
(knots), belt, deck and flight-deck armour (mm), the kind of underwater protection, the main battery (gun,
calibre, maximum range, turrets with their guns and positions), secondary batteries (calibre, number, mounting,
dual purpose), light anti-aircraft guns, torpedo tubes, aircraft (floatplanes; a carrier's air group), radar,
depth charges, and the refits by year ("refits are cumulative": :meth:`ShipClass.as_of`).  ``ships`` lists the
ships of the class; a ship with a ``counter`` is that campaign counter (its unit name).

Classes live in the ``classes`` section of any data file (bundled: ``scenarios/data/classes/*.yaml``, one file
per navy) and are keyed by ``name``.  Conventions are those of :mod:`scenarios.models`: frozen records, unknown
keys rejected, strict scalars, ``source``/``confidence`` provenance (``provenance`` per field; refits carry their
own).  :func:`check_classes` holds the cross-checks that need the whole data set, among them: every ship counter
of the campaign (surface ships, raiders, convoys) belongs to exactly one class.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

from pydantic import Field, Strict, model_validator

from scenarios.models import SURFACE_SHIP_TYPES, NonEmpty, Record, Sourced, UnitType, refit_update

if TYPE_CHECKING:
    from scenarios.loader import CampaignData

Tons = Annotated[int, Strict(), Field(ge=100, le=100_000)]
Mm = Annotated[int, Strict(), Field(ge=0, le=700)]
Count = Annotated[int, Strict(), Field(ge=0, le=400)]
Year = Annotated[int, Strict(), Field(ge=1900, le=1950)]
Knots = Annotated[float, Strict(), Field(ge=5, le=45)]
Yards = Annotated[int, Strict(), Field(ge=500, le=60_000)]
Calibre = Annotated[int, Strict(), Field(ge=7, le=620)]

CARD_SHIP_TYPES = frozenset(SURFACE_SHIP_TYPES | {UnitType.RAIDER, UnitType.CONVOY, UnitType.AMPH})
"""Counter types that are ships on the table and need a class (and so a card): surface warships, the German
surface raiders (armed merchant cruisers, 002 §2.21), the War at Sea convoys and the VITP landing units (the lead
transport of each transport group, R-CARD-12)."""


class Category(StrEnum):
    """What the ship is; decides the card's Type (000 "Ships in Victory at Sea")."""

    BATTLESHIP = "battleship"
    BATTLECRUISER = "battlecruiser"
    ARMOURED_SHIP = "armoured_ship"  # Panzerschiff ("pocket battleship")
    HEAVY_CRUISER = "heavy_cruiser"
    LIGHT_CRUISER = "light_cruiser"
    CARRIER = "carrier"
    LIGHT_CARRIER = "light_carrier"
    DESTROYER = "destroyer"
    AUXILIARY_CRUISER = "auxiliary_cruiser"  # armed merchant raider: a merchant hull with hidden naval guns
    MERCHANT = "merchant"  # cargo ship or tanker with defensive guns


class Position(StrEnum):
    """Where a turret or mount stands: fore or aft of the bridge, amidships (bears on the beams only), or all
    round (superstructure mounts that can bear anywhere)."""

    FORE = "fore"
    AFT = "aft"
    MIDSHIPS = "midships"
    ALL_ROUND = "all_round"


class Mounting(StrEnum):
    """How a secondary battery is mounted: enclosed turrets, open or shielded mounts (twin or single), or hull
    casemates (each bears on one beam only)."""

    TURRET = "turret"
    TWIN = "twin"
    SINGLE = "single"
    CASEMATE = "casemate"


class TorpedoProtection(StrEnum):
    """Underwater protection against torpedoes: ``none`` (no dedicated system), ``bulges`` (anti-torpedo bulges or a
    single torpedo bulkhead), ``layered`` (a multi-bulkhead, liquid-loaded side system of WWI or 1920s design),
    ``advanced`` (a deep multi-layer system of the treaty or war years, designed against the heaviest warheads)."""

    NONE = "none"
    BULGES = "bulges"
    LAYERED = "layered"
    ADVANCED = "advanced"


class Radar(StrEnum):
    """Surface radar fitted: ``none``; ``radar`` (a surface-search or gunnery radar able to find ships); ``advanced``
    (centimetric surface search with a plan display and a plot or combat information centre)."""

    NONE = "none"
    RADAR = "radar"
    ADVANCED = "advanced"


class Turret(Record):
    """One main-battery turret: its letter, its guns, and where it stands."""

    name: NonEmpty
    guns: Annotated[int, Strict(), Field(ge=1, le=4)]
    position: Position


class MainBattery(Record):
    """The main guns: the gun (e.g. ``"14in/50 Mk 11"``), calibre (mm), maximum range (yards, at the mounting's
    greatest elevation), the turrets (or mounts), and whether the guns can fire at aircraft."""

    gun: NonEmpty
    calibre_mm: Calibre
    range_yd: Yards
    turrets: list[Turret] = Field(min_length=1)
    dual_purpose: bool = False

    @property
    def guns(self) -> int:
        return sum(t.guns for t in self.turrets)


class SecondaryBattery(Record):
    """A secondary or dual-purpose battery: gun, calibre, maximum range, how many guns, how they are mounted and
    where (``all_round`` for mounts spread over the superstructure), and whether it can fire at aircraft."""

    gun: NonEmpty
    calibre_mm: Calibre
    range_yd: Yards
    count: Annotated[int, Strict(), Field(ge=1, le=40)]
    mounting: Mounting
    position: Position = Position.ALL_ROUND
    dual_purpose: bool = False


class AntiAircraft(Record):
    """Light anti-aircraft guns, counted in barrels: ``medium`` the 37-40 mm class (40 mm Bofors, 37 mm, 2-pounder
    pom-pom), ``light`` 28 mm and below (the US 1.1-inch, 25 mm Type 96, 20 mm Oerlikon, machine guns)
    (R-CARD-01)."""

    medium: Count = 0
    light: Count = 0


class TorpedoMounts(Record):
    """Torpedo tubes: the torpedo, its calibre and its range (yards, at the setting used in surface actions),
    ``tubes`` per mount, ``mounts``, their ``position`` (``centreline``: each mount bears on either beam;
    ``beam``: the mounts are split between the two beams), and whether reloads are carried."""

    torpedo: NonEmpty
    calibre_mm: Calibre
    range_yd: Yards
    tubes: Annotated[int, Strict(), Field(ge=1, le=10)]
    mounts: Annotated[int, Strict(), Field(ge=1, le=10)]
    position: Annotated[str, Strict(), Field(pattern="^(centreline|beam)$")]
    reloads: bool = False

    @model_validator(mode="after")
    def _beam_pairs(self) -> TorpedoMounts:
        if self.position == "beam" and self.mounts % 2:
            raise ValueError("beam mounts come in pairs (one each side)")
        return self


CLASS_REFIT_FIELDS = (
    "standard_t",
    "full_load_t",
    "speed_kn",
    "belt_mm",
    "deck_mm",
    "flight_deck_mm",
    "torpedo_protection",
    "main",
    "secondary",
    "aa",
    "torpedoes",
    "aircraft",
    "air_group",
    "radar",
    "depth_charges",
)


class ClassRefit(Sourced):
    """A refit of ``year``: each field given replaces the class's (lists replace the whole list; an empty list
    removes them all); ``main_landed`` removes the main battery (Lexington and Saratoga landed their 8-inch turrets
    in 1942)."""

    year: Year
    standard_t: Tons | None = None
    full_load_t: Tons | None = None
    speed_kn: Knots | None = None
    belt_mm: Mm | None = None
    deck_mm: Mm | None = None
    flight_deck_mm: Mm | None = None
    torpedo_protection: TorpedoProtection | None = None
    main: MainBattery | None = None
    secondary: list[SecondaryBattery] | None = None
    aa: AntiAircraft | None = None
    torpedoes: list[TorpedoMounts] | None = None
    aircraft: Count | None = None
    air_group: Count | None = None
    radar: Radar | None = None
    depth_charges: bool | None = None
    main_landed: bool = False
    notes: Annotated[str, Strict()] = ""


class ClassShip(Record):
    """A ship of the class; ``counter`` names the campaign counter (unit) that stands for it, if any."""

    name: NonEmpty
    counter: NonEmpty | None = None


class ShipClass(Sourced):
    """A ship class and its historical facts (see the module docstring).  ``commissioned`` is the year the first
    ship of the class entered service; the facts without a refit describe the class as completed (or as it stood
    before the first refit listed)."""

    name: NonEmpty
    nation: NonEmpty
    category: Category
    commissioned: Year
    standard_t: Tons
    full_load_t: Tons
    speed_kn: Knots
    belt_mm: Mm
    deck_mm: Mm
    flight_deck_mm: Mm = 0
    torpedo_protection: TorpedoProtection = TorpedoProtection.NONE
    main: MainBattery | None = None
    secondary: list[SecondaryBattery] = Field(default_factory=list)
    aa: AntiAircraft = Field(default_factory=AntiAircraft)
    torpedoes: list[TorpedoMounts] = Field(default_factory=list)
    aircraft: Count = 0
    air_group: Count = 0
    radar: Radar = Radar.NONE
    depth_charges: bool = False
    sonar: bool = False  # hydrophones or active sonar for hunting submarines (the Sub-Hunter trait, R-CARD-24)
    refits: list[ClassRefit] = Field(default_factory=list)
    ships: list[ClassShip] = Field(min_length=1)
    notes: Annotated[str, Strict()] = ""

    @model_validator(mode="after")
    def _consistent(self) -> ShipClass:
        years = [r.year for r in self.refits]
        if years != sorted(set(years)):
            raise ValueError(f"refit years must be unique and ascending, got {years}")
        if years and years[0] < self.commissioned:
            raise ValueError(f"refit {years[0]} is before commissioning {self.commissioned}")
        names = [s.name for s in self.ships]
        if len(set(names)) != len(names):
            raise ValueError("a ship is listed twice")
        for state in [self, *(self.as_of(y) for y in years)]:
            if state.full_load_t < state.standard_t:
                raise ValueError(f"full load {state.full_load_t} t is below standard {state.standard_t} t")
        return self

    def as_of(self, year: int | None) -> ShipClass:
        """The class with every refit up to and including ``year`` applied (``None``: as completed); the result
        has no refits left."""
        if year is None or not self.refits:
            return self if not self.refits else self.model_copy(update={"refits": []})
        def landed(refit: ClassRefit, update: dict[str, object]) -> None:
            if refit.main_landed:
                update["main"] = None

        return self.model_copy(update=refit_update(self.refits, CLASS_REFIT_FIELDS, year, landed))

    @property
    def counters(self) -> list[str]:
        return [s.counter for s in self.ships if s.counter is not None]


def class_of_counter(data: CampaignData) -> dict[str, ShipClass]:
    """Each campaign counter named by a class, and its class."""
    return {counter: cls for cls in data.classes.values() for counter in cls.counters}


def ship_name(cls: ShipClass, counter: str) -> str:
    """The historical name of the ship a counter stands for (e.g. ``"Lexington"`` for ``"CV-16 (Lexington II)"``)."""
    for ship in cls.ships:
        if ship.counter == counter:
            return ship.name
    raise KeyError(f"class '{cls.name}' has no ship for counter '{counter}'")


def check_classes(data: CampaignData) -> list[str]:
    """Cross-checks of the ``classes`` section: nations exist; each counter a class names is a ship unit of the
    campaign and is named by one class only; every ship unit (surface ship, raider, convoy) has a class.  Returns
    ``file:line: section (key).field: problem`` lines."""
    problems: list[str] = []
    owner: dict[str, str] = {}

    def at(key: str, field: tuple[str | int, ...], problem: str) -> str:
        shown = ".".join(map(str, field))
        return f"{data.where('classes', key, *field)}: classes ({key}).{shown}: {problem}"

    for key, cls in data.classes.items():
        if cls.nation not in data.nations:
            problems.append(at(key, ("nation",), f"unknown nation '{cls.nation}'"))
        for i, ship in enumerate(cls.ships):
            if ship.counter is None:
                continue
            unit = data.units.get(ship.counter)
            if unit is None:
                problems.append(at(key, ("ships", i, "counter"), f"unknown unit '{ship.counter}'"))
            elif unit.type not in CARD_SHIP_TYPES:
                problems.append(at(key, ("ships", i, "counter"), f"'{ship.counter}' is a {unit.type}, not a ship"))
            if ship.counter in owner and owner[ship.counter] != key:
                other = owner[ship.counter]
                problems.append(at(key, ("ships", i, "counter"), f"'{ship.counter}' is also in class '{other}'"))
            owner.setdefault(ship.counter, key)
    for name, unit in data.units.items():
        if unit.type in CARD_SHIP_TYPES and name not in owner:
            problems.append(
                f"{data.where('units', name)}: units ({name}).type: the {unit.type} has no ship class "
                "(every ship counter needs one for its card: add it to a class's ships in scenarios/data/classes)"
            )
    return problems
