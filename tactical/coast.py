"""Coasts and what stands on them (000 "Coasts & Shorelines": Land, Shore Batteries, Shore Battery Critical Hits,
Creating a Shore Battery, Coastal Structures, AA Emplacements; "Torpedo Nets").  Distances in inches.  Minefields
(001, option) are :mod:`tactical.mines`.

* Land is a set of polygons (and harbour polygons inside which every ship may move).  It blocks every line of
  fire and sight (land an installation stands on does not block its own fire, R-TAC-51); radar and Beyond the
  Horizon attacks are the exceptions their rules give.  A ship whose card Hull is 10 or more (6 with the 001
  option coast_001) that comes within 1" of land outside a harbour runs aground where it first does: Flank Speed 0
  for good, a Stationary Target, no Orders, no launching or recovering aircraft, only Main Guns, Light Guns and AA
  Batteries fire (001: nothing fires, and attacks on it get +2).
* Shore Batteries, Coastal Structures and AA Emplacements are installations: ships of type ``installation`` that
  never move (Flank Speed 0, Stationary Targets), are never crippled, give no Orders, have no traits, and take
  damage on their Structure as ships on their Hull.  Guns fired from a Shore Battery get +1.  A critical hit on an
  installation rolls on the Shore Battery Critical Hits table (:func:`shore_critical`) instead of the ship tables.
  A Coastal Structure has no weapons and its own modifier to attacks against it; an AA Emplacement fires as an AA
  Battery and can reach Level Bombers.
* Torpedo Nets: no torpedo may be fired at a ship across a net (a segment).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from scenarios.cards import Arc, ShipCard, WeaponKind, WeaponSystem
from tactical import events as ev
from tactical.geometry import (
    EPS,
    Point,
    distance,
    point_in_polygon,
    polygon_distance,
    segment_crosses_polygon,
    segments_cross,
)
from tactical.hull import apply_hull_damage
from tactical.state import Battle, ShipState

R_SHORE_CRIT = "000 Shore Battery Critical Hits"
AGROUND_DISTANCE = 1.0
AGROUND_HULL = 10
AGROUND_HULL_001 = 6
def in_harbour(battle: Battle, p: Sequence[float]) -> bool:
    return any(point_in_polygon(p, poly) for poly in battle.state.harbours)


def on_land(battle: Battle, p: Sequence[float]) -> bool:
    """Whether ``p`` is on land (not in a harbour)."""
    return not in_harbour(battle, p) and any(point_in_polygon(p, poly) for poly in battle.state.land)


def land_blocks(battle: Battle, a: Point, b: Point) -> bool:
    """000 Land: land between ``a`` and ``b`` blocks the line (a polygon holding either end does not, R-TAC-51)."""
    for poly in battle.state.land:
        if point_in_polygon(a, poly) or point_in_polygon(b, poly):
            continue
        if segment_crosses_polygon(a, b, poly):
            return True
    return False


def net_blocks(battle: Battle, a: Point, b: Point) -> bool:
    """000 Torpedo Nets: a net (segment) between the firer and the target stops torpedoes."""
    return any(segments_cross(a, b, n0, n1) for n0, n1 in battle.state.nets)


def grounds(battle: Battle, ship: ShipState) -> bool:
    """Whether this ship can run aground: card Hull 10 or more (001 option: 6 or more); not a submarine below."""
    threshold = AGROUND_HULL_001 if battle.state.options.coast_001 else AGROUND_HULL
    return ship.card.hull >= threshold and not ship.underwater and not ship.is_installation


def _near_land(battle: Battle, p: Point) -> bool:
    if in_harbour(battle, p):
        return False
    return any(polygon_distance(p, poly) <= AGROUND_DISTANCE + EPS for poly in battle.state.land)


def aground_point(battle: Battle, ship: ShipState, a: Point, b: Point) -> Point | None:
    """The first point of the leg ``a``-``b`` within 1" of land (outside a harbour), or ``None``."""
    if not battle.state.land or not grounds(battle, ship):
        return None
    length = distance(a, b)
    steps = max(math.ceil(length / 0.25), 1)
    prev = 0.0
    for k in range(1, steps + 1):
        t = k / steps
        p = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
        if _near_land(battle, p):
            lo, hi = prev, t
            for _ in range(20):
                mid = (lo + hi) / 2
                q = (a[0] + mid * (b[0] - a[0]), a[1] + mid * (b[1] - a[1]))
                if _near_land(battle, q):
                    hi = mid
                else:
                    lo = mid
            return (a[0] + hi * (b[0] - a[0]), a[1] + hi * (b[1] - a[1]))
        prev = t
    return None


def run_aground(battle: Battle, ship: ShipState) -> None:
    ship.aground = True
    assert ship.pos is not None
    battle.log.emit(ev.RanAground, ship=ship.name, side=battle.side_name(ship.side), at=(ship.pos[0], ship.pos[1]))


# --------------------------------------------------------------------------- installations

SHORE_GUNS: dict[str, WeaponSystem] = {
    w.name: w
    for w in (
        WeaponSystem(name="Light Gun", kind=WeaponKind.LIGHT_GUN, arcs=list(Arc), ranges=(3, 6, 9, 12), ad=1,
                     ap=-2, dd=1, traits=["DP", "Weak"]),
        WeaponSystem(name="6-inch Gun", kind=WeaponKind.MAIN_GUN, arcs=list(Arc), ranges=(5, 11, 16, 22), ad=1,
                     ap=-1, dd=1),
        WeaponSystem(name="8-inch Gun", kind=WeaponKind.MAIN_GUN, arcs=list(Arc), ranges=(8, 16, 24, 32), ad=1,
                     ap=0, dd=1),
        WeaponSystem(name="14-inch Gun", kind=WeaponKind.MAIN_GUN, arcs=list(Arc), ranges=(8, 17, 25, 34), ad=1,
                     ap=2, dd=3),
        WeaponSystem(name="15-inch Gun", kind=WeaponKind.MAIN_GUN, arcs=list(Arc), ranges=(9, 19, 28, 38), ad=1,
                     ap=2, dd=3),
        WeaponSystem(name="16-inch Gun", kind=WeaponKind.MAIN_GUN, arcs=list(Arc), ranges=(10, 21, 31, 42), ad=1,
                     ap=2, dd=3, traits=["Heavy"]),
        WeaponSystem(name="Local AA Battery", kind=WeaponKind.AA_BATTERY, arcs=list(Arc), ranges=None, ad=0,
                     dd=0, traits=["Local 1"]),
        WeaponSystem(name="Light AA Battery", kind=WeaponKind.AA_BATTERY, arcs=list(Arc), ranges=(1, 3, 4, 6), ad=1,
                     dd=0),
        WeaponSystem(name="Medium AA Battery", kind=WeaponKind.AA_BATTERY, arcs=list(Arc), ranges=(2, 5, 7, 9), ad=1,
                     dd=0),
        WeaponSystem(name="Heavy AA Battery", kind=WeaponKind.AA_BATTERY, arcs=list(Arc), ranges=(3, 6, 9, 12), ad=1,
                     dd=0),
    )
}  # fmt: skip
"""000 Creating a Shore Battery and AA Emplacement Weapon Systems: the Light Gun, 6-inch Gun, Local, Light and
Medium AA Battery rows are printed (the Medium's extreme range is lost: 9"); the 8-, 14- and 16-inch guns copy the
published US turrets (Portland, Pennsylvania, Iowa) as one-gun systems, the 15-inch sits between them, and the
Heavy AA Battery extends the Medium's bands (R-TAC-52).  Every shore weapon bears in all arcs."""

SHORE_GUN_COSTS = {"Light Gun": 5, "6-inch Gun": 10, "8-inch Gun": 15, "14-inch Gun": 35, "15-inch Gun": 40,
                   "16-inch Gun": 50}  # fmt: skip
"""Points per weapon (000 Creating a Shore Battery: Light Gun 5 and the 15-inch 40 are printed; the 8-inch's 15
follows from "three 8-inch guns, 45 points", the 6-inch's 10 and the 16-inch's 50 from the printed example
batteries; the 14-inch is reconstructed, R-TAC-52)."""

ARMOUR_COST = {1: 0.1, 2: 0.2, 3: 0.4, 4: 0.6, 5: 0.8, 6: 1.0}
"""000 Creating a Shore Battery: Armour Cost by Armour."""

GUNS_001: dict[str, tuple[int, int, int, str | None, int]] = {
    "under 6": (12, 4, 1, "Weak", 5),
    "6-8": (26, 2, 1, None, 10),
    "10": (22, 1, 1, None, 20),
    "12": (26, 1, 1, None, 25),
    "14": (28, 1, 2, "AP", 35),
    "15": (30, 1, 2, "AP", 40),
    "16": (40, 1, 2, "Super AP", 50),
}
"""001 Shore Batteries, Main Guns, by calibre (inches): (range, barrels per Attack Die, Damage Dice, trait, points
per Attack Die).  The points are not in 001: those of the 000 shore guns of the calibre (R-TAC-52), 10- and 12-inch
between the 8- and 14-inch (R-TAC-86)."""

PROTECTION_001 = {"open": 4, "shielded": 5, "hardened": 6}
"""001 Shore Batteries, Armour: open gun 4+, shielded 5+ (the default), hardened 6+."""


def calibre_class_001(calibre: int) -> str:
    """The row of :data:`GUNS_001` for guns of ``calibre`` inches (6-8, 10, 12, 14, 15, 16; below 6; 9 and 11 take
    the row below, 13 the 12-inch row, R-TAC-86)."""
    if calibre < 6:
        return "under 6"
    if calibre <= 9:
        return "6-8"
    if calibre > 16:
        raise ValueError(f"001 Shore Batteries list guns up to 16 inches, not {calibre}")
    return str(max(c for c in (10, 12, 14, 15, 16) if c <= calibre))


def shore_battery_001(
    name: str, calibre: int, barrels: int, protection: str = "shielded", nation: str = "US"
) -> ShipCard:
    """001 Shore Batteries: a battery of ``barrels`` guns of ``calibre`` inches built by the 001 guidelines
    (R-TAC-86): Main Guns of the calibre's range (bands at a quarter, half, three quarters and all of it), one
    Attack Die per 4 barrels under 6 inches, per 2 for 6-8 inches (at least one, one system), one system of one die
    per barrel from 10 inches; AP becomes AP +1, Super AP +2, Weak the Weak trait; Armour by ``protection``;
    Structure 5 per Attack Die (4 if Weak, 6 if AP or Super AP); points by the 000 purchase formula."""
    if barrels < 1:
        raise ValueError("a 001 shore battery has at least one gun")
    rng, per_die, dd, trait, cost = GUNS_001[calibre_class_001(calibre)]
    bands = (math.floor(rng / 4 + 0.5), math.floor(rng / 2 + 0.5), math.floor(3 * rng / 4 + 0.5), rng)  # halves up
    ap = {"AP": 1, "Super AP": 2}.get(trait or "", 0)
    traits = ["Weak"] if trait == "Weak" else []
    dice = max(barrels // per_die, 1)
    label = f"{calibre}-inch Gun"
    if per_die == 1:
        systems = [WeaponSystem(name=f"{label} #{i + 1}", kind=WeaponKind.MAIN_GUN, arcs=list(Arc), ranges=bands,
                                ad=1, ap=ap, dd=dd, traits=traits) for i in range(barrels)]  # fmt: skip
    else:
        systems = [WeaponSystem(name=f"{barrels}x {label}s", kind=WeaponKind.MAIN_GUN, arcs=list(Arc), ranges=bands,
                                ad=dice, ap=ap, dd=dd, traits=traits)]  # fmt: skip
    armour = PROTECTION_001[protection]
    structure = dice * (4 if trait == "Weak" else 6 if ap else 5)
    points = int(math.floor(cost * dice * (structure / 16 + ARMOUR_COST[armour]) / 10 + 0.5 + 1e-9) * 10)
    return ShipCard.model_validate(
        {
            "name": name, "class_name": "Shore Battery (001)", "nation": nation, "type": "installation",
            "flank_speed": 0, "armour": armour, "hull": structure, "crippled": 0, "traits": [],
            "weapons": [s.model_dump() for s in systems], "points": points,
            "source": "001 Shore Batteries", "confidence": "rulebook",
        }
    )  # fmt: skip

COASTAL_STRUCTURES = {
    "Bunker": (-1, 5, 10),
    "Church": (0, 4, 20),
    "Control Tower": (-1, 3, 10),
    "Hangar": (+1, 3, 12),
    "House (masonry)": (-1, 3, 8),
    "House (wood)": (-1, 1, 4),
    "Mansion": (0, 3, 16),
}
"""000 Coastal Structures: (Attack Dice modifier, Armour, Structure); the Mansion row is lost: 3+, 16 (R-TAC-53)."""

AA_EMPLACEMENTS = {
    "Local AA Battery Emplacement": (2, 1, ("Local AA Battery",), 5),
    "Small AA Battery Emplacement": (3, 2, ("Light AA Battery",) * 2, 25),
    "Medium AA Battery Emplacement": (3, 8, ("Medium AA Battery",) * 4, 50),
    "Large AA Battery Emplacement": (3, 16, ("Heavy AA Battery",) * 4, 75),
}
"""000 AA Emplacements: (Armour, Structure, weapons, points)."""


def shore_battery_cost(weapons: Sequence[str], structure: int, armour: int) -> int:
    """000 Purchasing Shore Batteries: (sum of weapon costs) x (Structure / 16 + Armour Cost), to the nearest 10
    (halves up): the printed examples (130, 400, 490 points) agree only with rounding to the nearest (R-TAC-52)."""
    total = sum(SHORE_GUN_COSTS[w] for w in weapons) * (structure / 16 + ARMOUR_COST[armour])
    return int(math.floor(total / 10 + 0.5 + 1e-9) * 10)


def installation_card(
    name: str, kind: str, armour: int, structure: int, weapons: Sequence[str], points: int, nation: str = "US"
) -> ShipCard:
    """The card of an installation: type ``installation``, Flank Speed 0, Hull = Structure, never crippled (Crippled
    value 0), no traits; weapons from :data:`SHORE_GUNS` (each named uniquely)."""
    systems = []
    for i, w in enumerate(weapons):
        base = SHORE_GUNS[w]
        systems.append(base.model_copy(update={"name": f"{w} #{i + 1}"}).model_dump())
    return ShipCard.model_validate(
        {
            "name": name,
            "class_name": kind,
            "nation": nation,
            "type": "installation",
            "flank_speed": 0,
            "armour": armour,
            "hull": structure,
            "crippled": 0,
            "traits": [],
            "weapons": systems,
            "points": points,
            "source": "000 Coasts & Shorelines",
            "confidence": "rulebook",
        }
    )


def shore_critical(battle: Battle, ship: ShipState) -> None:
    """000 Shore Battery Critical Hits (one D6): 1 +1 damage and -1 to every Attack Die; 2 +3 and a random weapon
    destroyed; 3 +3 and every weapon needs 4+ to fire; 4 +4 and nothing fires this turn or the next (001 option:
    D3 turns); 5 +4 and each weapon is destroyed on 4+; 6 Structure to 0."""
    face = battle.dice.d6(label=f"{ship.name} shore battery critical", rule=R_SHORE_CRIT)
    usable = [i for i, w in enumerate(ship.card.weapons) if ship.weapons[i].usable]
    extra = {1: 1, 2: 3, 3: 3, 4: 4, 5: 4, 6: 0}[face]
    text = ""
    if face == 1:
        ship.shore_effects["penalty"] = 1
        text = "-1 to every Attack Die"
    elif face == 2 and usable:
        pick = usable[0] if len(usable) == 1 else usable[
            battle.dice.roll(1, len(usable), label=f"{ship.name} which weapon", rule=R_SHORE_CRIT)[0] - 1
        ]
        ship.weapons[pick].destroyed = True
        text = f"{ship.card.weapons[pick].name} destroyed"
    elif face == 3:
        ship.shore_effects["each_weapon_4plus"] = 1
        text = "each weapon must roll 4+ to fire"
    elif face == 4:
        turns = 2
        if battle.state.options.coast_001:
            turns = (battle.dice.d6(label=f"{ship.name} silenced for D3 turns", rule="001 Shore Batteries") + 1) // 2
        ship.shore_effects["silenced_until"] = battle.state.turn + turns - 1
        text = f"no weapons fire for {turns} turn(s)"
    elif face == 5:
        lost = []
        for i in usable:
            if battle.dice.d6(label=f"{ship.name} {ship.card.weapons[i].name} destroyed on 4+", rule=R_SHORE_CRIT) >= 4:
                ship.weapons[i].destroyed = True
                lost.append(ship.card.weapons[i].name)
        text = f"destroyed: {', '.join(lost) or 'none'}"
    battle.log.emit(
        ev.ShoreCritical, ship=ship.name, side=battle.side_name(ship.side), area="shore", score=min(face, 6),
        extra_damage=extra, face=face, effect=text,
    )
    if face == 6:
        apply_hull_damage(battle, ship, ship.hull, "shore battery critical: destroyed")
    else:
        apply_hull_damage(battle, ship, extra, "shore battery critical")
