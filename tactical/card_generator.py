"""Ship cards generated from ship classes: a documented, deterministic mapping from the historical facts of a
:class:`~scenarios.classes.ShipClass` to a *Victory at Sea* :class:`~scenarios.cards.ShipCard` (issue 7, rulings
R-CARD-01 to R-CARD-04), calibrated against the published US cards (``vas cards calibrate``).

The mapping (every constant is a module constant below; R-CARD-02 gives the calibration behind each):

* **Type**: battleship and battlecruiser -> battleship; armoured ship, heavy and light cruiser -> cruiser; carrier
  and light carrier -> carrier; destroyer -> destroyer; auxiliary cruiser and merchant -> civilian.
* **Flank Speed** (inches) from the speed in knots by :data:`SPEED_BANDS` (under 16 kn 3", 16 kn 4", 25 kn 5",
  30 kn 6", 35 kn 7").
* **Armour** (the N of N+) from the protection a shell must defeat, the thicker of the belt and the deck seen by
  a shell falling at 30 degrees (:data:`DECK_OBLIQUITY`: twice the deck, R-CARD-26), by :data:`ARMOUR_BANDS` (up
  to 25 mm 1+, 26 mm 2+, 100 mm 3+, 150 mm 4+, 200 mm 5+, 280 mm 6+, 400 mm 7+).
* **Hull** = full-load displacement in thousands of tons x :data:`HULL_PER_KILOTON` (2.07), rounded; civilian
  hulls (no warship subdivision) x :data:`CIVILIAN_HULL_PER_KILOTON`; at least 2.  **Crippled** = Hull // 3.
* **Traits**: Aircraft X (floatplanes carried), Armoured Deck (deck 85 mm or more, or an armoured flight deck of 60
  mm or more), Carrier and Flights X (air group // 4) for carriers, Torpedo Belt 1/2/3 (bulges / layered /
  advanced underwater protection), Radar or Advanced Radar (as fitted), Depth Charge (destroyers carrying them),
  Sub-Hunter (sonar fitted; it takes the place of Depth Charge, R-CARD-27), Lumbering (civilian hulls).
* **Range bands** of every gun and torpedo from its range: extreme = the range in thousands of yards (rounded),
  long = 3/4, short = 1/2, point blank = 1/4 of it (rounded down).
* **Main Guns**: one system per turret (guns of 149 mm and more on battleships, cruisers and carriers), Fore turrets
  Fore/Port/Starboard, Aft turrets Port/Starboard/Aft, amidships Port/Starboard; AD = guns in the turret; AP and
  DD by calibre (:data:`MAIN_GUN_CALIBRES`); Heavy from 400 mm.
* **Light Guns**: one system per secondary battery (and the main battery of destroyers, civilians and ships with
  guns under 149 mm); AD = 1/2 of the guns, 3/4 for a heavy dual-purpose battery (120 mm and more, R-CARD-25),
  destroyers 3/5, casemates 1/2, rounded, at least 1; AP -2 and Weak
  under 140 mm, AP -1 from 140 mm; DP if dual purpose; Restricted on battleships and cruisers; Slow-Loading on a
  merchant's guns.
* **AA Battery**: AD = medium AA barrels // 5 (ranges 1/2/3/5"), Local = light AA barrels / 15 (rounded, at least 1).
* **Torpedoes**: centreline mounts one Port/Starboard system, AD = tubes per mount (" x N" for N mounts); beam
  mounts one system per side with that side's tubes; DD 3, Devastating, One-Shot (Slow-Loading when reloads are
  carried).
* **Points**: :func:`points_value` (a weighted sum of durability, firepower, speed and traits, fitted to the
  published cards).

Refits: each class refit of year Y gives a card refit of year Y holding the fields whose value changes, so
``card.as_of(year)`` is the card for that year (000 "refits are cumulative").

Cards in the data override generated ones (:class:`CardIndex`, R-CARD-08): a published card (not reconstructed) or
any card from the user's ``--data DIR`` is used for a campaign ship when its ``class_name`` is the ship's class and
it lists the ship (or is named after it or after the counter); a card printed for one year only ("Idaho 1945")
stands from that year on.  The bundled reconstructed cards of the demo battles do not override.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scenarios.cards import REFIT_FIELDS, Arc, Refit, ShipCard, ShipType, WeaponKind, WeaponSystem
from scenarios.classes import (
    Category,
    Mounting,
    Position,
    Radar,
    SecondaryBattery,
    ShipClass,
    TorpedoMounts,
    TorpedoProtection,
    class_of_counter,
    ship_name,
)
from scenarios.models import Confidence

if TYPE_CHECKING:
    from scenarios.loader import CampaignData

RULE = "R-CARD-02"

CARD_TYPE: dict[Category, ShipType] = {
    Category.BATTLESHIP: ShipType.BATTLESHIP,
    Category.BATTLECRUISER: ShipType.BATTLESHIP,
    Category.ARMOURED_SHIP: ShipType.CRUISER,
    Category.HEAVY_CRUISER: ShipType.CRUISER,
    Category.LIGHT_CRUISER: ShipType.CRUISER,
    Category.CARRIER: ShipType.CARRIER,
    Category.LIGHT_CARRIER: ShipType.CARRIER,
    Category.DESTROYER: ShipType.DESTROYER,
    Category.AUXILIARY_CRUISER: ShipType.CIVILIAN,
    Category.MERCHANT: ShipType.CIVILIAN,
}
"""The card's Type from the class's category."""

SPEED_BANDS: tuple[tuple[float, int], ...] = ((35.0, 7), (30.0, 6), (25.0, 5), (16.0, 4), (0.0, 3))
"""(knots at least, Flank Speed in inches)."""

ARMOUR_BANDS: tuple[tuple[int, int], ...] = ((400, 7), (280, 6), (200, 5), (150, 4), (100, 3), (26, 2), (0, 1))
"""(protection mm at least, Armour): the protection is the belt or the deck's line-of-sight thickness."""

DECK_OBLIQUITY = 2.0
"""A shell falling at 30 degrees meets a horizontal deck of d mm along a path of d / sin 30 = 2d mm (R-CARD-26):
Admiral Hipper's 50 mm deck is worth 100 mm of belt (3+ printed, her 80 mm belt alone gives 2+)."""

HULL_PER_KILOTON = 2.07
"""Hull per 1,000 tons of full-load displacement (warships)."""

CIVILIAN_HULL_PER_KILOTON = 0.564
"""Hull per 1,000 tons of full-load displacement for merchant hulls (the Cimarron card: 14 Hull, 24,830 t)."""

MAIN_GUN_MIN_CALIBRE = 149
"""Guns from this calibre (mm) in the main battery of a battleship or cruiser are Main Guns (turrets): the 6-inch
class, the German 15 cm (149.1 mm bore) included (R-CARD-27: the published Konigsberg card)."""

MAIN_GUN_CALIBRES: tuple[tuple[int, int, int], ...] = (
    (450, 3, 4),
    (320, 2, 3),
    (230, 1, 2),
    (166, 0, 1),
    (0, -1, 1),
)
"""(calibre mm at least, AP, DD) of a Main Gun: 6-inch AP -1 DD 1 (000 Shore Batteries), 8-inch 0/1 (Portland),
14-inch +2/3 (New Mexico, Pennsylvania), 16-inch +2/3 Heavy (Iowa); 9.4-12 inch +1/2 and 18-inch +3/4 between and
beyond them (R-CARD-02)."""

HEAVY_MIN_CALIBRE = 400
"""Main Guns of this calibre (mm) and more have the Heavy trait (Iowa's 16-inch)."""

WEAK_BELOW_CALIBRE = 140
"""Light Guns below this calibre (mm) are Weak with AP -2 (5-inch); from it AP -1 and not Weak (6-inch)."""

LIGHT_GUN_SHARE = 0.5
HEAVY_DP_GUN_SHARE = 0.75
HEAVY_DP_MIN_CALIBRE = 120
DESTROYER_GUN_SHARE = 0.6
CASEMATE_GUN_SHARE = 0.5
"""Light Gun Attack Dice per gun (R-CARD-25): 1/2, one broadside (Bismarck's 16 x 10.5 cm -> 8 and 12 x 15 cm -> 6,
Admiral Hipper 12 -> 6); 3/4 for a heavy dual-purpose battery, 120 mm and more (the US 5-inch: Portland 8 -> 6,
Essex 4 -> 3, Idaho 10 -> 8); destroyers 3/5 (Fletcher 5 -> 3, Jenkins 4 -> 2); casemates 1/2: only one beam's
guns bear (New Mexico 12 -> 6)."""

AA_BARRELS_PER_DIE = 5
"""Medium AA barrels (28-40 mm) per AA Battery Attack Die, rounded down (Essex 32 -> 6, Iowa 60 -> 12)."""

LOCAL_BARRELS_PER_POINT = 15
"""Light AA barrels (25 mm and below) per point of Local, rounded, at least 1 (Essex 46 -> 3, Iowa 60 -> 4)."""

AA_RANGES = (1, 2, 3, 5)
"""The AA Battery's range bands on the published cards."""

FLIGHT_AIRCRAFT = 4
"""Aircraft per Flight of a carrier's air group (Essex: about 90 aircraft, Flights 22)."""

TORPEDO_BELT = {
    TorpedoProtection.NONE: 0,
    TorpedoProtection.BULGES: 1,
    TorpedoProtection.LAYERED: 2,
    TorpedoProtection.ADVANCED: 3,
}
ARMOURED_DECK_MM = 85
ARMOURED_FLIGHT_DECK_MM = 60
CIVILIAN = frozenset({Category.AUXILIARY_CRUISER, Category.MERCHANT})
WARSHIPS_WITH_MAIN_GUNS = frozenset(
    {
        Category.BATTLESHIP,
        Category.BATTLECRUISER,
        Category.ARMOURED_SHIP,
        Category.HEAVY_CRUISER,
        Category.LIGHT_CRUISER,
    }
)

MAIN_GUN_CATEGORIES = WARSHIPS_WITH_MAIN_GUNS | {Category.CARRIER, Category.LIGHT_CARRIER}
"""Categories whose main battery of 149 mm and more is Main Guns (the carriers Lexington and Saratoga had 8-inch
turrets until 1942)."""

ALL_ARCS = [Arc.FORE, Arc.PORT, Arc.STARBOARD, Arc.AFT]
ARCS: dict[Position, list[Arc]] = {
    Position.FORE: [Arc.FORE, Arc.PORT, Arc.STARBOARD],
    Position.AFT: [Arc.PORT, Arc.STARBOARD, Arc.AFT],
    Position.MIDSHIPS: [Arc.PORT, Arc.STARBOARD],
    Position.ALL_ROUND: ALL_ARCS,
}
TURRET_ARCS = {**ARCS, Position.ALL_ROUND: [Arc.PORT, Arc.STARBOARD]}
"""A turret cannot bear both fore and aft (cards cross-check): an 'all round' turret is treated as amidships."""


def half_up(x: float) -> int:
    """Round half up (2.5 -> 3), not to even."""
    return math.floor(x + 0.5)


def flank_speed(knots: float) -> int:
    return next(inches for least, inches in SPEED_BANDS if knots >= least)


def armour(belt_mm: int, deck_mm: int = 0) -> int:
    """Armour from the belt and the deck (R-CARD-26): the band of the thicker of the belt and the deck's
    line-of-sight thickness to a shell falling at 30 degrees."""
    protection = max(belt_mm, deck_mm * DECK_OBLIQUITY)
    return next(value for least, value in ARMOUR_BANDS if protection >= least)


@dataclass(frozen=True)
class CardModel:
    """The fitted constants of the generator (R-CARD-23): ``vas cards calibrate`` fits them on one navy's published
    cards and tests them on another's (:func:`tactical.card_calibration.fit`); :data:`MODEL` is the bundled fit."""

    hull_per_kiloton: float = HULL_PER_KILOTON
    light_gun_share: float = LIGHT_GUN_SHARE
    heavy_dp_gun_share: float = HEAVY_DP_GUN_SHARE
    destroyer_gun_share: float = DESTROYER_GUN_SHARE
    casemate_gun_share: float = CASEMATE_GUN_SHARE
    aa_barrels_per_die: int = AA_BARRELS_PER_DIE
    local_barrels_per_point: int = LOCAL_BARRELS_PER_POINT


MODEL = CardModel()
"""The model the campaign's generated cards use."""


def hull(full_load_t: int, civilian: bool, model: CardModel = MODEL) -> int:
    per = CIVILIAN_HULL_PER_KILOTON if civilian else model.hull_per_kiloton
    return max(2, half_up(full_load_t / 1000 * per))


def range_bands(range_yd: int) -> tuple[int, int, int, int]:
    """Point blank, short, long, extreme (inches) from a weapon's range in yards."""
    extreme = max(4, half_up(range_yd / 1000))
    return extreme // 4, extreme // 2, 3 * extreme // 4, extreme


def calibre_label(calibre_mm: int, nation: str) -> str:
    """``"14-inch"`` for the English-speaking navies' guns, ``"380mm"`` for the others'."""
    if nation in ("US", "UK", "AU"):
        inches = calibre_mm / 25.4
        return f"{half_up(inches * 10) / 10:g}-inch" if abs(inches - round(inches)) > 0.15 else f"{round(inches)}-inch"
    return f"{calibre_mm}mm"


def main_gun_profile(calibre_mm: int) -> tuple[int, int, list[str]]:
    """(AP, DD, traits) of a Main Gun of this calibre."""
    ap, dd = next((ap, dd) for least, ap, dd in MAIN_GUN_CALIBRES if calibre_mm >= least)
    return ap, dd, (["Heavy"] if calibre_mm >= HEAVY_MIN_CALIBRE else [])


def light_gun_dice(count: int, mounting: Mounting, category: Category, model: CardModel = MODEL, *,
                   calibre_mm: int = 0, dual_purpose: bool = False) -> int:
    """Light Gun Attack Dice of a battery (R-CARD-25, :data:`LIGHT_GUN_SHARE`)."""
    if mounting == Mounting.CASEMATE:
        share = model.casemate_gun_share
    elif category == Category.DESTROYER:
        share = model.destroyer_gun_share
    elif dual_purpose and calibre_mm >= HEAVY_DP_MIN_CALIBRE:
        share = model.heavy_dp_gun_share
    else:
        share = model.light_gun_share
    return max(1, half_up(count * share))


def _light_guns(battery: SecondaryBattery, cls: ShipClass, model: CardModel = MODEL) -> WeaponSystem:
    weak = battery.calibre_mm < WEAK_BELOW_CALIBRE
    traits = []
    if battery.dual_purpose:
        traits.append("DP")
    if cls.category in WARSHIPS_WITH_MAIN_GUNS:
        traits.append("Restricted")
    if cls.category is Category.MERCHANT:
        traits.append("Slow-Loading")
    if battery.mounting is Mounting.TURRET and not battery.dual_purpose:
        traits.append("Twin-Linked")  # R-CARD-24: a surface-only battery in turrets (Bismarck's 15 cm)
    if weak:
        traits.append("Weak")
    return WeaponSystem(
        name=f"Light Guns ({battery.count} x {calibre_label(battery.calibre_mm, cls.nation)})",
        kind=WeaponKind.LIGHT_GUN,
        arcs=ARCS[battery.position],
        ranges=range_bands(battery.range_yd),
        ad=light_gun_dice(battery.count, battery.mounting, cls.category, model, calibre_mm=battery.calibre_mm,
                          dual_purpose=battery.dual_purpose),
        ap=-2 if weak else -1,
        dd=1,
        traits=traits,
    )


def _torpedoes(mounts: TorpedoMounts) -> list[WeaponSystem]:
    traits = ["Devastating", "Slow-Loading" if mounts.reloads else "One-Shot"]
    bands = range_bands(mounts.range_yd)
    if mounts.position == "centreline":
        suffix = f" x {mounts.mounts}" if mounts.mounts > 1 else ""
        return [
            WeaponSystem(name=f"Port/Starboard {mounts.torpedo} Torpedoes{suffix}", kind=WeaponKind.TORPEDO,
                         arcs=[Arc.PORT, Arc.STARBOARD], ranges=bands, ad=mounts.tubes, dd=3, traits=traits)
        ]
    per_side = mounts.tubes * mounts.mounts // 2
    return [
        WeaponSystem(name=f"{side.value.title()} {mounts.torpedo} Torpedoes", kind=WeaponKind.TORPEDO, arcs=[side],
                     ranges=bands, ad=per_side, dd=3, traits=traits)
        for side in (Arc.PORT, Arc.STARBOARD)
    ]


def weapons(cls: ShipClass, model: CardModel = MODEL) -> list[WeaponSystem]:
    """The weapon systems of a class in one state (refits already applied)."""
    out: list[WeaponSystem] = []
    main = cls.main
    if main is not None:
        if cls.category in MAIN_GUN_CATEGORIES and main.calibre_mm >= MAIN_GUN_MIN_CALIBRE:
            ap, dd, traits = main_gun_profile(main.calibre_mm)
            label = calibre_label(main.calibre_mm, cls.nation)
            for turret in main.turrets:
                out.append(
                    WeaponSystem(name=f"Turret {turret.name} ({turret.guns} x {label})", kind=WeaponKind.MAIN_GUN,
                                 arcs=TURRET_ARCS[turret.position], ranges=range_bands(main.range_yd), ad=turret.guns,
                                 ap=ap, dd=dd, traits=traits)
                )
        else:
            as_light = SecondaryBattery(gun=main.gun, calibre_mm=main.calibre_mm, range_yd=main.range_yd,
                                        count=main.guns, mounting=Mounting.SINGLE, dual_purpose=main.dual_purpose)
            out.append(_light_guns(as_light, cls, model))
    for battery in cls.secondary:
        out.append(_light_guns(battery, cls, model))
    local = max(1, half_up(cls.aa.light / model.local_barrels_per_point))
    aa_dice = cls.aa.medium // model.aa_barrels_per_die
    out.append(WeaponSystem(name="AA Battery", kind=WeaponKind.AA_BATTERY, arcs=ALL_ARCS,
                            ranges=AA_RANGES if aa_dice else None, ad=aa_dice, dd=0, traits=[f"Local {local}"]))
    for mounts in cls.torpedoes:
        out.extend(_torpedoes(mounts))
    names: dict[str, int] = {}
    unique = []
    for w in out:  # two batteries of the same guns and count (different mountings) need distinct names
        n = names[w.name] = names.get(w.name, 0) + 1
        unique.append(w if n == 1 else w.model_copy(update={"name": f"{w.name} [{n}]"}))
    return unique


def ship_traits(cls: ShipClass) -> list[str]:
    traits: list[str] = []
    if cls.radar is Radar.ADVANCED:
        traits.append("Advanced Radar")
    if cls.aircraft and cls.category not in (Category.CARRIER, Category.LIGHT_CARRIER):
        traits.append(f"Aircraft {cls.aircraft}")
    if cls.deck_mm >= ARMOURED_DECK_MM or cls.flight_deck_mm >= ARMOURED_FLIGHT_DECK_MM:
        traits.append("Armoured Deck")
    if cls.category in (Category.CARRIER, Category.LIGHT_CARRIER):
        traits.append("Carrier")
    if cls.category in CIVILIAN:
        traits.append("Lumbering")
    if cls.radar is Radar.RADAR:
        traits.append("Radar")
    belt = TORPEDO_BELT[cls.torpedo_protection]
    if belt:
        traits.append(f"Torpedo Belt {belt}")
    if cls.category in (Category.CARRIER, Category.LIGHT_CARRIER) and cls.air_group >= FLIGHT_AIRCRAFT:
        traits.append(f"Flights {cls.air_group // FLIGHT_AIRCRAFT}")
    if cls.depth_charges and not cls.sonar:  # R-CARD-27: a Sub-Hunter's card prints no separate Depth Charge
        traits.append("Depth Charge")
    if cls.sonar:
        traits.append("Sub-Hunter")  # R-CARD-24: hydrophones or active sonar to hunt submarines
    return traits


# ---------------------------------------------------------------------------------------------------- points

POINTS_WEIGHTS = {"durability": 0.5, "main": 1.9, "aa": 5.25, "base": 42.0}
"""Weights of :func:`points_value`, fitted (non-negative least squares on the relative error) to the 40 distinct
published card states; Light Guns, torpedoes, Flights and traits got weight 0 in that fit (the published set
cannot tell them from the base value), so they are left out (R-CARD-02)."""


def points_value(card_type: ShipType, flank: int, armour_value: int, hull_value: int, traits: list[str],
                 systems: list[WeaponSystem]) -> int:
    """A card's points: ``durability`` x Hull x (Armour + 1) x Flank Speed / 5, plus ``main`` x the Main Gun power
    (per turret: AD x DD x (1 + AP / 4) x 1.25 if Heavy x extreme range / 20"), plus ``aa`` x (AA Attack Dice +
    Local), plus ``base``; civilian ships count half; rounded to 5 (:data:`POINTS_WEIGHTS`)."""
    w = POINTS_WEIGHTS
    main = aa = 0.0
    for s in systems:
        if s.kind is WeaponKind.MAIN_GUN and s.ranges:
            main += s.ad * s.dd * (1 + s.ap / 4) * (1.25 if s.has("Heavy") else 1.0) * s.ranges[3] / 20
        elif s.kind is WeaponKind.AA_BATTERY:
            aa += s.ad + (s.trait("Local") or 0)
    value = w["durability"] * hull_value * (armour_value + 1) * flank / 5 + w["main"] * main + w["aa"] * aa + w["base"]
    if card_type is ShipType.CIVILIAN:
        value /= 2
    return max(5, 5 * half_up(value / 5))


# ---------------------------------------------------------------------------------------------------- cards


@dataclass(frozen=True)
class CardState:
    """The card figures of a class in one state."""

    flank_speed: int
    armour: int
    hull: int
    crippled: int
    traits: list[str]
    weapons: list[WeaponSystem]
    points: int

    def fields(self) -> dict[str, object]:
        return {f: getattr(self, f) for f in REFIT_FIELDS}


def card_state(cls: ShipClass, model: CardModel = MODEL) -> CardState:
    """The card figures of ``cls`` as it stands (apply :meth:`ShipClass.as_of` first for a year)."""
    card_type = CARD_TYPE[cls.category]
    hull_value = hull(cls.full_load_t, cls.category in CIVILIAN, model)
    speed = flank_speed(cls.speed_kn)
    armour_value = armour(cls.belt_mm, cls.deck_mm)
    traits = ship_traits(cls)
    systems = weapons(cls, model)
    return CardState(
        flank_speed=speed,
        armour=armour_value,
        hull=hull_value,
        crippled=hull_value // 3,
        traits=traits,
        weapons=systems,
        points=points_value(card_type, speed, armour_value, hull_value, traits, systems),
    )


def generate(cls: ShipClass, model: CardModel = MODEL) -> ShipCard:
    """The card of ``cls`` as built, with one refit per class refit year holding what changes."""
    base = card_state(cls.as_of(None), model)
    refits: list[Refit] = []
    previous = base.fields()
    for class_refit in cls.refits:
        now = card_state(cls.as_of(class_refit.year), model).fields()
        changed = {f: v for f, v in now.items() if v != previous[f]}
        previous = now
        if changed:
            refits.append(
                Refit(year=class_refit.year, source=f"{RULE}: refit {class_refit.year} ({class_refit.source})",
                      confidence=Confidence.RECONSTRUCTED, notes=class_refit.notes, **changed)  # type: ignore[arg-type]
            )
    return ShipCard(
        name=cls.name,
        class_name=cls.name,
        nation=cls.nation,
        type=CARD_TYPE[cls.category],
        commissioned=cls.commissioned,
        flank_speed=base.flank_speed,
        armour=base.armour,
        hull=base.hull,
        crippled=base.crippled,
        traits=base.traits,
        weapons=base.weapons,
        points=base.points,
        ships=[s.name for s in cls.ships],
        refits=refits,
        source=f"generated by tactical.card_generator ({RULE}) from class '{cls.name}' ({cls.source})",
        confidence=Confidence.RECONSTRUCTED,
        notes="Generated card; a card in the data for this class and ship overrides it.",
    )


# ---------------------------------------------------------------------------------------------------- lookup


@dataclass
class CardIndex:
    """Cards for the ships of one data set: data cards (published or the user's) first, then generated ones."""

    data: CampaignData
    model: CardModel = MODEL
    _generated: dict[str, ShipCard] = field(default_factory=dict)

    def generated(self, class_name: str) -> ShipCard:
        if class_name not in self._generated:
            self._generated[class_name] = generate(self.data.classes[class_name], self.model)
        return self._generated[class_name]

    def overrides(self, card: ShipCard) -> bool:
        """Whether a data card may stand in for a generated one: a published card (not reconstructed) or one from
        the user's ``--data DIR`` (the bundled reconstructed cards of the demo battles do not)."""
        origin = self.data.origins.get(("cards", card.name))
        return card.confidence is not Confidence.RECONSTRUCTED or bool(origin and origin.override)

    def data_card(self, cls: ShipClass, ship: str, counter: str | None = None) -> ShipCard | None:
        """The data card for ``ship`` of ``cls``: one whose ``class_name`` is the class and which lists the ship
        (or is named after it or after the counter), published or the user's (:meth:`overrides`)."""
        wanted = cls.name.casefold()
        candidates = [
            c for c in self.data.cards.values() if c.class_name.casefold() == wanted and self.overrides(c)
        ]
        for card in candidates:
            if ship in card.ships:
                return card
        for card in candidates:
            if card.name in (ship, counter):
                return card
        return None

    def for_counter(self, counter: str, year: int | None = None) -> ShipCard:
        """The card of a campaign counter; with ``year``, the card for that year (refits applied).  A data card
        printed for one year only (no refits, a year in its source, e.g. "Idaho 1945") stands for that year and
        later; before it the generated card is used.  Raises ``KeyError`` naming the counter when no class lists
        it."""
        classes = class_of_counter(self.data)
        if counter not in classes:
            raise KeyError(f"no ship class lists the counter '{counter}' (scenarios/data/classes)")
        cls = classes[counter]
        card = self.data_card(cls, ship_name(cls, counter), counter)
        if card is not None and year is not None and (printed := printed_year(card)) is not None and year < printed:
            card = None
        card = card or self.generated(cls.name)
        return card if year is None else card.as_of(year)

    def for_ship(self, cls: ShipClass, ship: str) -> ShipCard:
        return self.data_card(cls, ship) or self.generated(cls.name)


_YEAR = re.compile(r"\b(19[0-4]\d)\b")


def printed_year(card: ShipCard) -> int | None:
    """The year a data card without refits was printed for, when its source names one ("Idaho 1945")."""
    if card.refits:
        return None
    match = _YEAR.search(card.source)
    return int(match.group(1)) if match else None


def card_for(data: CampaignData, counter: str, year: int | None = None) -> ShipCard:
    """The card of campaign counter ``counter`` in ``year`` (refits up to that year applied)."""
    return CardIndex(data).for_counter(counter, year)
