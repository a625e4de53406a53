"""Ship cards of the *Victory at Sea* miniatures rules (seed 000, "Ships in Victory at Sea").

A :class:`ShipCard` holds what a printed card holds: the class, Type, Flank Speed (inches), Armour (the ``N`` of
``N+``), Hull and the Crippled value, ship Traits, the weapon systems (fire arcs, the four range bands in
inches, Attack Dice, Armour Piercing, Damage Dice, weapon Traits), the points value, and the refits by year
("refits are cumulative, so all refits up to and including a specific year are applied": :meth:`ShipCard.as_of`).

Cards live in the ``cards`` section of any data file (bundled: ``scenarios/data/cards/*.yaml``) and are keyed by
``name``.  Conventions are those of :mod:`scenarios.models`: frozen records, unknown keys rejected, strict scalars,
``source``/``confidence`` provenance.  :func:`check_cards` holds the cross-checks that need the whole data set.
"""

from __future__ import annotations

import re
from enum import StrEnum
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Annotated

from pydantic import Field, Strict, model_validator

from scenarios.models import NonEmpty, Record, Sourced, refit_update

if TYPE_CHECKING:
    from scenarios.loader import CampaignData

Inches = Annotated[int, Strict(), Field(ge=0, le=120)]
"""A distance printed on a card, in whole inches."""


class ShipType(StrEnum):
    """The card's Type (000 "Ships in Victory at Sea": destroyer, cruiser, carrier, battleship ...).

    ``submarine``: a boat with the Submarine trait (000 "Submarines"; it has a second, submerged Flank Speed).
    ``installation``: not a ship card type but the type the engine gives Shore Batteries, Coastal Structures and
    AA Emplacements (000 "Coasts & Shorelines"), which "use all the same rules as ships" with their exceptions.
    """

    BATTLESHIP = "battleship"
    CARRIER = "carrier"
    CRUISER = "cruiser"
    DESTROYER = "destroyer"
    CIVILIAN = "civilian"
    SUBMARINE = "submarine"
    INSTALLATION = "installation"


MAIN_GUN_TARGETS_AT_POINT_BLANK = frozenset(
    {ShipType.BATTLESHIP, ShipType.CARRIER, ShipType.CRUISER, ShipType.CIVILIAN, ShipType.INSTALLATION}
)
"""000 "Attack Dice Modifiers" note 1: the only types Main Guns may target at point blank range (installations
are stationary and large: R-TAC-50)."""


class WeaponKind(StrEnum):
    """000 "Weapon Systems": Main Gun (turrets), Light Gun, AA Battery, Torpedo, Bomb (carried by aircraft), and
    Depth Charge (000 "Submarines: Depth Charges"; Hedgehog and Squid count as depth charges)."""

    MAIN_GUN = "main_gun"
    LIGHT_GUN = "light_gun"
    AA_BATTERY = "aa_battery"
    TORPEDO = "torpedo"
    BOMB = "bomb"
    DEPTH_CHARGE = "depth_charge"


class Arc(StrEnum):
    """000 "Fire Arcs": the four quadrants, measured from the bridge."""

    FORE = "fore"
    STARBOARD = "starboard"
    AFT = "aft"
    PORT = "port"


ARC_COMBINATIONS: frozenset[frozenset[Arc]] = frozenset(
    frozenset(c)
    for c in (
        {Arc.FORE},
        {Arc.AFT},
        {Arc.FORE, Arc.PORT},
        {Arc.AFT, Arc.PORT},
        {Arc.FORE, Arc.STARBOARD},
        {Arc.AFT, Arc.STARBOARD},
        {Arc.FORE, Arc.PORT, Arc.STARBOARD},
        {Arc.AFT, Arc.PORT, Arc.STARBOARD},
        {Arc.PORT},
        {Arc.STARBOARD},
        {Arc.FORE, Arc.AFT, Arc.PORT, Arc.STARBOARD},
        {Arc.PORT, Arc.STARBOARD},  # R-TAC-01: on published cards (centre-line torpedo mounts), not in 000's list
    )
)
"""000 "Fire Arcs": the combinations a card may print (plus Port+Starboard, R-TAC-01)."""

SHIP_TRAITS: dict[str, bool] = {
    # name: takes a value X
    "Advanced Radar": False,
    "Agile": False,
    "Aircraft": True,
    "Armoured Deck": False,
    "Carrier": False,
    "Lumbering": False,
    "Radar": False,
    "Torpedo Belt": True,
    "Flights": True,  # a carrier's Flight capacity (000 "Aircraft Chart": carriers' maximum number of Flights)
    "Depth Charge": False,  # 000 Submarines: New Traits
    "Hedgehog": False,  # 000 Submarines: Depth Charges (fires into the Fore arc)
    "Squid": False,  # idem
    "Sub-Hunter": False,
    "Submarine": False,
    "Silent": False,
    "Star Shell": False,  # 000 Night Battles: Star Shells
    "Minesweeper": False,  # 001 Minefields: Minesweeping (option)
}
"""000 "Ship Traits" and those of the Aircraft, Night Battles and Submarines chapters."""

WEAPON_TRAITS: dict[str, bool] = {
    "Devastating": False,
    "DP": False,
    "Fast Track": False,
    "Heavy": False,
    "Local": True,
    "One-Shot": False,
    "Restricted": False,
    "Slow-Loading": False,
    "Twin-Linked": False,
    "Weak": False,
    "Wakeless": False,
    "Kaiten": False,
}
"""000 "Weapon Traits" (Wakeless and Kaiten: Submarines chapter; a Kaiten torpedo may re-roll a miss)."""

AIRCRAFT_TRAITS: dict[str, bool] = {
    "Large": False,
    "Tough": False,
    "Very Tough": False,
    "ASW": False,  # the ASW role (000 "Aircraft and Submarines")
    "Level Bomber": False,  # flies above ship AA and barrage balloons (000 Barrage Balloons, AA Emplacements)
    # weapon traits of the Flight's payload ("any traits that should be applied to the aircraft or its attacks")
    "Devastating": False,
    "Heavy": False,
    "Weak": False,
    "Wakeless": False,
}
"""000 "Aircraft Traits" (Large, Tough, Very Tough), the ASW role, Level Bombers, and payload weapon traits."""

_TRAIT = re.compile(r"^(?P<name>[A-Za-z][A-Za-z -]*?)(?: (?P<value>\d+))?$")


@lru_cache(maxsize=1024)
def parse_trait(text: str) -> tuple[str, int | None]:
    """``"Torpedo Belt 2"`` -> ``("Torpedo Belt", 2)``; ``"Agile"`` -> ``("Agile", None)``.

    Raises ``ValueError`` for text that is not a name optionally followed by a whole number.
    """
    match = _TRAIT.match(text.strip())
    if not match:
        raise ValueError(f"'{text}' is not a trait (a name, optionally followed by a number)")
    value = match["value"]
    return match["name"], None if value is None else int(value)


def _check_traits(traits: list[str], known: dict[str, bool], what: str) -> None:
    seen: set[str] = set()
    for text in traits:
        name, value = parse_trait(text)
        if name not in known:
            raise ValueError(f"unknown {what} trait '{name}' (known: {', '.join(sorted(known))})")
        if known[name] and value is None:
            raise ValueError(f"{what} trait '{name}' needs a value, e.g. '{name} 1'")
        if not known[name] and value is not None:
            raise ValueError(f"{what} trait '{name}' takes no value")
        if name in seen:
            raise ValueError(f"{what} trait '{name}' is listed twice")
        seen.add(name)


def trait_value(traits: list[str] | tuple[str, ...], name: str) -> int | None:
    """The X of trait ``name X`` (0 for a trait without a value), or ``None`` when the trait is absent."""
    for text in traits:
        trait, value = parse_trait(text)
        if trait == name:
            return 0 if value is None else value
    return None


def has_trait(traits: list[str] | tuple[str, ...], name: str) -> bool:
    return trait_value(traits, name) is not None


class WeaponSystem(Record):
    """One line of a card's weapon systems.

    ``ranges`` are the outer limits of the point blank, short, long and extreme bands in inches (ascending), or
    ``None`` for a system without ranged fire (an AA Battery that has only its Local dice).  ``ad`` is the Attack
    Dice (for a torpedo system: the number of torpedoes), ``ap`` the Armour Piercing modifier, ``dd`` the Damage
    Dice per hit.  Main Guns are the turrets (000 "Weapon Systems").
    """

    name: NonEmpty
    kind: WeaponKind
    arcs: list[Arc] = Field(min_length=1)
    ranges: tuple[Inches, Inches, Inches, Inches] | None
    ad: Annotated[int, Strict(), Field(ge=0, le=40)]
    ap: Annotated[int, Strict(), Field(ge=-6, le=6)] = 0
    dd: Annotated[int, Strict(), Field(ge=0, le=12)]
    traits: list[NonEmpty] = Field(default_factory=list)

    @model_validator(mode="after")
    def _consistent(self) -> WeaponSystem:
        if len(set(self.arcs)) != len(self.arcs):
            raise ValueError("an arc is listed twice")
        if frozenset(self.arcs) not in ARC_COMBINATIONS:
            raise ValueError(f"fire arcs {', '.join(self.arcs)} are not a combination a card may print (000 Fire Arcs)")
        if self.ranges is not None and list(self.ranges) != sorted(self.ranges):
            raise ValueError(f"range bands must not decrease, got {list(self.ranges)}")
        if self.ranges is None and self.ad > 0:
            raise ValueError("a system with Attack Dice needs range bands")
        _check_traits(self.traits, WEAPON_TRAITS, "weapon")
        return self

    def trait(self, name: str) -> int | None:
        return trait_value(self.traits, name)

    def has(self, name: str) -> bool:
        return name in self.trait_names

    @cached_property
    def trait_names(self) -> frozenset[str]:
        return frozenset(parse_trait(t)[0] for t in self.traits)

    @cached_property
    def arc_set(self) -> frozenset[Arc]:
        return frozenset(self.arcs)


class Refit(Sourced):
    """A refit of ``year``: each field given replaces the card's (``weapons`` replaces the whole list)."""

    year: Annotated[int, Strict(), Field(ge=1900, le=1950)]
    flank_speed: Inches | None = None
    armour: Annotated[int, Strict(), Field(ge=1, le=7)] | None = None
    hull: Annotated[int, Strict(), Field(ge=1, le=300)] | None = None
    crippled: Annotated[int, Strict(), Field(ge=0, le=300)] | None = None
    traits: list[NonEmpty] | None = None
    weapons: list[WeaponSystem] | None = None
    points: Annotated[int, Strict(), Field(ge=0, le=5000)] | None = None
    notes: Annotated[str, Strict()] = ""

    @model_validator(mode="after")
    def _traits_known(self) -> Refit:
        if self.traits is not None:
            _check_traits(self.traits, SHIP_TRAITS, "ship")
        return self


REFIT_FIELDS = ("flank_speed", "armour", "hull", "crippled", "traits", "weapons", "points")


class ShipCard(Sourced):
    """A ship card (000 "Ships in Victory at Sea").

    ``name`` is the card's key; ``ships`` the individual ships that use it (the back of the card).  ``armour`` is
    the N of "N+" (1-7; 7 is Heavy Armour).  ``hull``/``crippled``: the Hull score and the value at or below which
    the ship is crippled.  ``flank_speed`` in inches; ``submerged_speed`` (inches) is the second Flank Speed of a
    submarine, used submerged or running deep (000 "Submarines: Movement Phase"): present exactly when the card has
    the Submarine trait.
    """

    name: NonEmpty
    class_name: NonEmpty
    nation: NonEmpty
    type: ShipType
    commissioned: Annotated[int, Strict(), Field(ge=1900, le=1950)] | None = None
    flank_speed: Inches
    submerged_speed: Inches | None = None
    armour: Annotated[int, Strict(), Field(ge=1, le=7)]
    hull: Annotated[int, Strict(), Field(ge=1, le=300)]
    crippled: Annotated[int, Strict(), Field(ge=0, le=300)]
    traits: list[NonEmpty] = Field(default_factory=list)
    weapons: list[WeaponSystem] = Field(default_factory=list)
    points: Annotated[int, Strict(), Field(ge=0, le=5000)]
    ships: list[NonEmpty] = Field(default_factory=list)
    refits: list[Refit] = Field(default_factory=list)
    notes: Annotated[str, Strict()] = ""

    @model_validator(mode="after")
    def _consistent(self) -> ShipCard:
        _check_traits(self.traits, SHIP_TRAITS, "ship")
        if (self.submerged_speed is not None) != self.has("Submarine"):
            raise ValueError("a submarine (Submarine trait) needs a submerged_speed, and only a submarine has one")
        years = [r.year for r in self.refits]
        if years != sorted(set(years)):
            raise ValueError(f"refit years must be unique and ascending, got {years}")
        for card in [self, *(self.as_of(y) for y in years)]:
            if card.crippled >= card.hull:
                raise ValueError(f"crippled value {card.crippled} must be below hull {card.hull}")
            names = [w.name for w in card.weapons]
            if len(set(names)) != len(names):
                raise ValueError(f"weapon system names must be unique on a card, got {names}")
        return self

    def as_of(self, year: int | None) -> ShipCard:
        """The card with every refit up to and including ``year`` applied (``None``: the card as built).

        The result has no refits left; it is validated like any card.
        """
        if year is None or not self.refits:
            return self if not self.refits else self.model_copy(update={"refits": []})
        return self.model_copy(update=refit_update(self.refits, REFIT_FIELDS, year))

    def trait(self, name: str) -> int | None:
        return trait_value(self.traits, name)

    def has(self, name: str) -> bool:
        return has_trait(self.traits, name)


class AircraftRole(StrEnum):
    """000 "Aircraft Flights and Type": the role of a Flight on the aircraft chart."""

    FIGHTER = "fighter"
    BOMBER = "bomber"
    DIVE_BOMBER = "dive_bomber"
    KAMIKAZE = "kamikaze"
    TORPEDO_BOMBER = "torpedo_bomber"
    OBSERVATION = "observation"


class AircraftCard(Sourced):
    """One line of a fleet list's aircraft chart (000 "Aircraft Chart"): the aircraft of a Flight.

    ``carrier``: whether it may be launched from and recovered by carriers; ``role`` its type; ``flank_speed`` in
    inches; ``dogfight`` the bonus added to its dogfight roll; ``damage_dice`` the Damage Dice rolled when its
    attack hits; ``ap``: the chart prints no Armour Piercing column, so 0 unless a user's data says otherwise
    (R-TAC-20); ``traits``: aircraft traits (Large, Tough, Very Tough), the ASW role, Level Bomber, and the weapon
    traits of its payload; ``points`` its points value.
    """

    name: NonEmpty
    nation: NonEmpty
    commissioned: Annotated[int, Strict(), Field(ge=1900, le=1950)] | None = None
    carrier: bool
    role: AircraftRole
    flank_speed: Inches
    dogfight: Annotated[int, Strict(), Field(ge=-6, le=6)]
    damage_dice: Annotated[int, Strict(), Field(ge=0, le=12)]
    ap: Annotated[int, Strict(), Field(ge=-6, le=6)] = 0
    traits: list[NonEmpty] = Field(default_factory=list)
    points: Annotated[int, Strict(), Field(ge=0, le=1000)]
    notes: Annotated[str, Strict()] = ""

    @model_validator(mode="after")
    def _consistent(self) -> AircraftCard:
        _check_traits(self.traits, AIRCRAFT_TRAITS, "aircraft")
        if self.has("Tough") and self.has("Very Tough"):
            raise ValueError("a Flight is Tough or Very Tough, not both")
        return self

    def has(self, name: str) -> bool:
        return has_trait(self.traits, name)


class MTBCard(Sourced):
    """An MTB Section of a fleet list (000 "Motor Torpedo Boats: MTB Sections"): two boats on one base.

    ``armour`` (the N of N+) is what a Damage Die must beat to sink the section (equal: driven off);
    ``flank_speed`` in inches; ``light_guns`` the Attack Dice of its Light Guns (profile 1 AD, AP -2, DD 1, Weak,
    each); ``aa_local`` the Local score of its AA Battery; ``torpedoes`` its torpedo Attack Dice (One-Shot);
    ``smoke`` whether it carries a smoke screen (once a game); ``depth_charges``; ``kamikaze`` a suicide boat
    (000 "Kamikaze Attack"), which has no other weapon.
    """

    name: NonEmpty
    nation: NonEmpty
    commissioned: Annotated[int, Strict(), Field(ge=1900, le=1950)] | None = None
    armour: Annotated[int, Strict(), Field(ge=1, le=7)]
    flank_speed: Inches
    light_guns: Annotated[int, Strict(), Field(ge=0, le=10)] = 0
    aa_local: Annotated[int, Strict(), Field(ge=0, le=10)] = 0
    torpedoes: Annotated[int, Strict(), Field(ge=0, le=10)] = 0
    smoke: bool = False
    depth_charges: bool = False
    kamikaze: bool = False
    points: Annotated[int, Strict(), Field(ge=0, le=1000)]
    notes: Annotated[str, Strict()] = ""

    @model_validator(mode="after")
    def _consistent(self) -> MTBCard:
        if self.kamikaze and (self.light_guns or self.torpedoes):
            raise ValueError("a kamikaze boat carries only its charge (000 Kamikaze Attack)")
        return self


def check_cards(data: CampaignData) -> list[str]:
    """Cross-checks of the ``cards`` section: nations exist, refits follow commissioning, each named ship is on
    one card only, and a Main Gun never fires into both Fore and Aft arcs (a turret is fore or aft of the
    bridge); the aircraft chart (``flights``) and MTB Sections (``mtbs``) name known nations.  Returns
    ``file:line: cards (name).field: problem`` lines."""
    problems: list[str] = []
    owner: dict[str, str] = {}

    def at(key: str, field: tuple[str | int, ...], problem: str) -> str:
        return f"{data.where('cards', key, *field)}: cards ({key}).{'.'.join(map(str, field))}: {problem}"

    for key, card in data.cards.items():
        if card.nation not in data.nations:
            problems.append(at(key, ("nation",), f"unknown nation '{card.nation}'"))
        if card.commissioned is not None:
            for i, refit in enumerate(card.refits):
                if refit.year < card.commissioned:
                    problem = f"refit {refit.year} is before commissioning {card.commissioned}"
                    problems.append(at(key, ("refits", i, "year"), problem))
        for i, ship in enumerate(card.ships):
            if ship in owner and owner[ship] != key:
                problems.append(at(key, ("ships", i), f"ship '{ship}' is also on card '{owner[ship]}'"))
            owner.setdefault(ship, key)
        for i, weapon in enumerate(card.weapons):
            if weapon.kind is WeaponKind.MAIN_GUN and {Arc.FORE, Arc.AFT} <= set(weapon.arcs):
                problems.append(at(key, ("weapons", i, "arcs"), "a Main Gun (turret) cannot bear both Fore and Aft"))
        if card.type is ShipType.INSTALLATION:
            problems.append(at(key, ("type",), "installations are built by the battle, not printed as ship cards"))
    for section in ("flights", "mtbs"):
        for key, record in data.sections[section].items():
            if record.nation not in data.nations:
                problems.append(
                    f"{data.where(section, key, 'nation')}: {section} ({key}).nation: unknown nation '{record.nation}'"
                )
    return problems
