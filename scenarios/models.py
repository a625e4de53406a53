"""Validated shapes of the campaign data (pydantic v2, frozen, ``extra="forbid"``).

Every record carries its provenance: ``source`` (where the fact comes from, e.g. ``"002 §1.1"``,
``"VITP rules"``, ``"reference/vitp.md [S]"``) and ``confidence`` (``rulebook`` | ``secondary`` |
``reconstructed``).  A field whose provenance differs from its record's names its own in ``provenance``
(``{field: {source, confidence}}``).  Facts marked ``reconstructed`` are listed in ``docs/rulings.md``.

Turns are always in the combined numbering of 002 §3.2 (War at Sea turns 1-10; Victory in the Pacific turn
*n* is combined turn *n + 2*).  Strict types are used throughout so that YAML never coerces silently: a
quoted ``"3"`` is not an integer and ``yes`` is not a boolean.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict, StringConstraints, field_validator, model_validator
from pydantic_core import PydanticCustomError

NonEmpty = Annotated[str, Strict(), StringConstraints(strip_whitespace=True, min_length=1)]
StrictInt = Annotated[int, Strict()]
Turn = Annotated[int, Strict(), Field(ge=1, le=10)]
Factor = Annotated[int, Strict(), Field(ge=0, le=12)]

FIRST_TURN = 1
LAST_TURN = 10
VITP_FIRST_TURN = 3
"""002 §3.2: VITP turn 1 is played with War at Sea turn 3."""


class Theatre(StrEnum):
    """The two linked games (002 §3): each has its own map, combat method and POC track."""

    WAS = "WAS"
    VITP = "VITP"


class Side(StrEnum):
    ALLIED = "allied"
    AXIS = "axis"


class Player(StrEnum):
    """The four players of 002 §3."""

    JAPAN = "japan"
    GERMANY_ITALY = "germany_italy"
    UNITED_STATES = "united_states"
    ALLIES = "allies"


class Confidence(StrEnum):
    RULEBOOK = "rulebook"
    SECONDARY = "secondary"
    RECONSTRUCTED = "reconstructed"


class UnitType(StrEnum):
    """Counter types of WAS, VITP and 002 §2."""

    BB = "BB"  # battleship
    BC = "BC"  # battlecruiser (WAS)
    PB = "PB"  # pocket battleship (WAS)
    CV = "CV"  # carrier
    CVL = "CVL"  # light carrier
    CA = "CA"  # heavy cruiser
    CL = "CL"  # light cruiser
    LBA = "LBA"  # land-based air
    AMPH = "AMPH"  # amphibious (Japanese NLF, US Marines)
    SS = "SS"  # submarine: U-Boat, I-Boat, F-Boat
    RAIDER = "RAIDER"  # German surface raider (002 §2.21)
    FROGMEN = "FROGMEN"  # Italian frogmen (002 §2.22)
    CONVOY = "CONVOY"  # WAS Allied convoy

    @property
    def is_ship(self) -> bool:
        return self in SURFACE_SHIP_TYPES

    @property
    def sails_as_ship(self) -> bool:
        """A surface ship, or a German surface raider after turn 1: it returns to port, changes games and is moved
        by 002 §3.36 like the other German ships (002 §2.212)."""
        return self in SURFACE_SHIP_TYPES or self is UnitType.RAIDER


SURFACE_SHIP_TYPES = frozenset(
    {UnitType.BB, UnitType.BC, UnitType.PB, UnitType.CV, UnitType.CVL, UnitType.CA, UnitType.CL}
)


class PortKind(StrEnum):
    MAJOR_PORT = "major_port"
    ISLAND_BASE = "island_base"
    NEUTRAL_PORT = "neutral_port"


class Owner(StrEnum):
    ALLIED = "allied"
    AXIS = "axis"
    NEUTRAL = "neutral"


class Bonus(StrEnum):
    """Which factor carries the attack bonus (+1 on each of its dice; kept across theatres, 002 §4.1)."""

    NONE = "none"
    GUNNERY = "gunnery"
    AIR = "air"


class Record(BaseModel):
    """Base of every data record: frozen, no unknown keys; scalars are strict (no str->int coercion)."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Provenance(Record):
    source: NonEmpty
    confidence: Confidence


class Sourced(Record):
    """A record with provenance; ``provenance`` overrides it for single fields."""

    source: NonEmpty
    confidence: Confidence
    provenance: dict[str, Provenance] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _provenance_names_fields(self) -> Sourced:
        unknown = sorted(set(self.provenance) - set(type(self).model_fields))
        if unknown:
            raise ValueError(f"provenance names unknown field(s): {', '.join(unknown)}")
        return self

    def fact_provenance(self) -> dict[str, Provenance]:
        """Provenance of each plain fact (field) of this record; nested records carry their own."""
        base = Provenance(source=self.source, confidence=self.confidence)
        skip = {"source", "confidence", "provenance", "name", "notes"}
        return {
            f: self.provenance.get(f, base)
            for f in type(self).model_fields
            if f not in skip and not nested_records(getattr(self, f))
        }


def refit_update(refits: Iterable[Any], fields: Iterable[str], year: int,
                 extra: Callable[[Any, dict[str, object]], None] | None = None) -> dict[str, object]:
    """The field updates of every refit up to and including ``year`` (refits in year order, later ones win; the
    book's cards: refits apply cumulatively), with ``refits`` emptied; ``extra`` adds a record's own updates."""
    update: dict[str, object] = {"refits": []}
    for refit in refits:
        if refit.year > year:
            break
        for name in fields:
            value = getattr(refit, name)
            if value is not None:
                update[name] = value
        if extra is not None:
            extra(refit, update)
    return update


def nested_records(value: object) -> list[Record]:
    """The records held by a field value (a record, or a list or dict of them)."""
    items = value if isinstance(value, list) else list(value.values()) if isinstance(value, dict) else [value]
    return [v for v in items if isinstance(v, Record)]


# --------------------------------------------------------------------------- nations


class Nation(Sourced):
    """A navy: its side, the player who commands it (002 §3) and the time track it uses (002 §2.33)."""

    code: NonEmpty
    name: NonEmpty
    side: Side
    player: Player
    time_track: Theatre
    notes: Annotated[str, Strict()] = ""


# --------------------------------------------------------------------------- map


class PocAward(Sourced):
    """POC a side scores for controlling a sea area at the end of a turn, and the theatre track it counts on."""

    value: Annotated[int, Strict(), Field(ge=0, le=10)]
    track: Theatre


class AreaPoc(Record):
    allied: PocAward
    axis: PocAward


class SeaArea(Sourced):
    name: NonEmpty
    theatre: Theatre
    poc: AreaPoc
    notes: Annotated[str, Strict()] = ""


class ActiveTurns(Record):
    """Turns during which a port is active (e.g. France, WAS: turns 2-6)."""

    from_turn: Turn = FIRST_TURN
    until_turn: Turn = LAST_TURN

    @model_validator(mode="after")
    def _ordered(self) -> ActiveTurns:
        if self.until_turn < self.from_turn:
            raise ValueError(f"until_turn {self.until_turn} is before from_turn {self.from_turn}")
        return self


class Port(Sourced):
    """A port or island base: where units are between turns; it touches one or more sea areas."""

    name: NonEmpty
    theatre: Theatre
    kind: PortKind
    touches: list[NonEmpty] = Field(min_length=1)
    owner: Owner
    nation: NonEmpty | None = None
    repair: Annotated[int, Strict(), Field(ge=0, le=20)]
    active: ActiveTurns = Field(default_factory=ActiveTurns)
    notes: Annotated[str, Strict()] = ""


class Adjacency(Sourced):
    """Two sea areas that border each other; ``nations`` limits who may cross (e.g. Suez: UK, FR)."""

    areas: Annotated[list[NonEmpty], Field(min_length=2, max_length=2)]
    via: NonEmpty | None = None
    nations: list[NonEmpty] | None = None
    notes: Annotated[str, Strict()] = ""


class TheatreReturn(Sourced):
    """002 §3.33: a ship at sea in ``area`` at the end of the turn may return to ``port`` in the other game."""

    area: NonEmpty
    port: NonEmpty
    nations: list[NonEmpty] | None = None
    via: NonEmpty | None = None
    only_if: Condition | None = None
    notes: Annotated[str, Strict()] = ""


# --------------------------------------------------------------------------- limits


class Condition(StrEnum):
    """Situations under which a limit applies (002 §3.3, §3.36)."""

    ALWAYS = "always"
    JAPAN_NOT_AHEAD_VITP = "japan_not_ahead_vitp"
    AXIS_NOT_AHEAD_WAS = "axis_not_ahead_was"
    PORT_NOT_FRIENDLY = "port_not_friendly"
    PORT_FRIENDLY = "port_friendly"
    PEARL_HARBOR_JAPANESE = "pearl_harbor_japanese"


class LimitKind(StrEnum):
    CONFINE = "confine"  # matching units may be only in the listed places
    EXCLUDE = "exclude"  # matching units may not be in the listed places
    CAP = "cap"  # at most ``max`` matching units in the listed places per turn


class Activity(StrEnum):
    AT_SEA = "at_sea"
    BASE = "base"


class UnitSelector(Record):
    """Which units a limit applies to; empty lists match everything.  ``sides`` matters for units that change
    sides during the game (the Italians, 002 §2.221)."""

    nations: list[NonEmpty] = Field(default_factory=list)
    sides: list[Side] = Field(default_factory=list)
    types: list[UnitType] = Field(default_factory=list)
    counters: list[Theatre] = Field(default_factory=list)
    names: list[NonEmpty] = Field(default_factory=list)


class Limit(Sourced):
    """A nationality or basing limit on areas and ports (002 §1.1, §1.2, §3.3, §3.42, §4.2 ...)."""

    id: NonEmpty
    kind: LimitKind
    units: UnitSelector
    places: list[NonEmpty] = Field(default_factory=list)
    theatres: list[Theatre] = Field(default_factory=list)
    activity: list[Activity] = Field(default_factory=lambda: [Activity.AT_SEA, Activity.BASE])
    max: Annotated[int, Strict(), Field(ge=0)] | None = None
    from_turn: Turn = FIRST_TURN
    until_turn: Turn = LAST_TURN
    condition: Condition = Condition.ALWAYS
    rule: NonEmpty
    notes: Annotated[str, Strict()] = ""

    @model_validator(mode="after")
    def _consistent(self) -> Limit:
        if not self.places and not self.theatres:
            raise ValueError("a limit needs places or theatres")
        if (self.kind is LimitKind.CAP) != (self.max is not None):
            raise ValueError("'max' is required for kind cap and only for it")
        return self


# --------------------------------------------------------------------------- units


class Arrival(Sourced):
    """When (combined turn) and where a unit enters play; ``places`` are ports, sea areas or groups."""

    turn: Turn
    places: list[NonEmpty] = Field(min_length=1)
    if_war_begun: list[NonEmpty] = Field(default_factory=list)
    notes: Annotated[str, Strict()] = ""


class Removal(Sourced):
    """A unit withdrawn from play at the start of ``turn``: the British removals of VITP rule 4.42, the
    I-Boat's withdrawal when the F-Boat arrives."""

    turn: Turn
    notes: Annotated[str, Strict()] = ""


class VitpStart(Sourced):
    """VITP start position: a start letter (P, H, U, C, A, B, I, S, M) or a Location Uncertain group (W-Z)."""

    letter: NonEmpty


class Unit(Sourced):
    """One counter.  Factors follow the counter: gunnery-defence-speed, airstrike in brackets.

    ``counter`` names the game whose counter is used (002 §2.3: a ship in both games uses its VITP
    counter).  ``None`` for a factor means the counter has none (``*`` or blank).
    """

    name: NonEmpty
    nation: NonEmpty
    type: UnitType
    counter: Literal["WAS", "VITP", "002"]
    gunnery: Factor | None
    air: Factor | None = None
    defence: Factor | None
    speed: Factor | None
    bonus: Bonus = Bonus.NONE
    arrival: Arrival
    vitp_start: VitpStart | None = None
    removal: Removal | None = None
    also_in: list[Literal["WAS", "VITP"]] = Field(default_factory=list)
    notes: Annotated[str, Strict()] = ""

    @model_validator(mode="after")
    def _factors_fit_type(self) -> Unit:
        if self.bonus is Bonus.AIR and not self.air:
            raise ValueError("bonus 'air' needs an air factor")
        if self.bonus is Bonus.GUNNERY and not self.gunnery:
            raise ValueError("bonus 'gunnery' needs a gunnery factor")
        if self.type in (UnitType.CV, UnitType.CVL, UnitType.LBA) and self.air is None:
            raise ValueError(f"a {self.type} needs an air factor")
        if self.type.is_ship and (self.defence is None or self.speed is None or self.gunnery is None):
            raise ValueError(f"a {self.type} needs gunnery, defence and speed")
        if self.removal is not None and self.removal.turn <= self.arrival.turn:
            raise ValueError(f"removal turn {self.removal.turn} is not after arrival turn {self.arrival.turn}")
        return self


# --------------------------------------------------------------------------- set-ups


class RollResult(Record):
    """One line of a die-roll table: faces (1-6) and the outcome: a place, or ``reinforcement`` (the unit
    enters later, as a reinforcement of the next turn)."""

    faces: list[Annotated[int, Strict(), Field(ge=1, le=6)]] = Field(min_length=1)
    place: NonEmpty


class RollTable(Sourced):
    """A one-die placement table (e.g. Location Uncertain groups, 002 §3.233 Caribbean roll)."""

    name: NonEmpty
    rolls: list[RollResult] = Field(min_length=1)
    notes: Annotated[str, Strict()] = ""

    @model_validator(mode="after")
    def _covers_die(self) -> RollTable:
        faces = sorted(f for r in self.rolls for f in r.faces)
        if faces != [1, 2, 3, 4, 5, 6]:
            raise ValueError(f"the rolls must cover each face 1-6 exactly once, got {faces}")
        return self


class Group(Sourced):
    """A VITP Location Uncertain group (W, X, Y, Z) and the table that places it."""

    name: NonEmpty
    letter: NonEmpty
    table: NonEmpty
    notes: Annotated[str, Strict()] = ""


class Setup(Sourced):
    """A campaign set-up: which theatres and turns are played, and the start conditions.

    ``axis_poc_lead`` is each theatre's POC track at the start (positive: the Axis leads).  ``control`` is
    the sea-area control at the start (areas not named are uncontrolled); ``port_owners`` overrides the
    ports' default owners.  ``tables`` swaps a roll table for another in this set-up.  ``counters``, when given,
    keeps only the units that have a counter in one of these games (a unit's ``counter`` or ``also_in``): a base
    game played alone uses its own counters, not the other game's navies (docs/rulings.md R-AI-30).
    """

    name: NonEmpty
    title: NonEmpty
    theatres: list[Theatre] = Field(min_length=1)
    first_turn: Turn
    last_turn: Turn
    vitp_first_turn: Turn | None
    axis_poc_lead: dict[Theatre, StrictInt] = Field(default_factory=dict)
    tables: dict[NonEmpty, NonEmpty] = Field(default_factory=dict)
    control: dict[NonEmpty, Literal["allied", "axis", "none"]] = Field(default_factory=dict)
    port_owners: dict[NonEmpty, Owner] = Field(default_factory=dict)
    options: list[NonEmpty] = Field(default_factory=list)
    counters: list[Literal["WAS", "VITP", "002"]] = Field(default_factory=list)
    description: NonEmpty
    notes: Annotated[str, Strict()] = ""

    def plays_counter(self, unit: Unit) -> bool:
        """Whether this set-up plays ``unit``'s counter: every counter, unless ``counters`` names the games
        played (VITP alone has the VITP British, not War at Sea's Royal Navy: docs/rulings.md R-AI-30)."""
        return not self.counters or unit.counter in self.counters or any(g in self.counters for g in unit.also_in)


class Constant(Sourced):
    """A number a rule needs that the sources leave open or a user may want to change (e.g. the oil-roll
    success faces).  ``value`` is an integer or a list of die faces."""

    name: NonEmpty
    value: StrictInt | list[StrictInt]
    rule: NonEmpty
    notes: Annotated[str, Strict()] = ""

    @field_validator("value", mode="before")
    @classmethod
    def _one_number_or_faces(cls, value: object) -> object:
        """One message for a value of the wrong type (R-DATA-05): the union's two ("a valid integer", "a valid
        list") read as two problems."""
        def whole(x: object) -> bool:
            return isinstance(x, int) and not isinstance(x, bool)

        if whole(value) or (isinstance(value, list) and all(whole(x) for x in value)):
            return value
        raise PydanticCustomError("constant_value", "a whole number, or a list of whole numbers (die faces), is "
                                                    "expected")
