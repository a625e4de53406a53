"""Attack Dice: the line of fire to a target, the Attack Dice modifiers and the roll to hit (000 "Fire Arcs",
"Maximum Visual Range", "Attack Dice Modifiers", "Firing", "Re-Rolls", Evade!, All Hands on Deck!), shared by the
guns of ships (:mod:`tactical.gunnery`), depth charges (:mod:`tactical.submarines`), aircraft
(:mod:`tactical.aircraft`) and MTB Sections (:mod:`tactical.mtb`).

An Attack Die hits on 4+ after modifiers (no natural result is automatic, R-TAC-14).  Re-rolls: Twin-Linked
re-rolls misses, Evade! forces hits to be re-rolled, but no die is re-rolled twice (000 Re-Rolls), so a
Twin-Linked miss that hits an evading ship stands (R-TAC-14).  The environment's modifiers are those of
:mod:`tactical.environment`, the options' those of :mod:`tactical.variants`.
"""

from __future__ import annotations

from fractions import Fraction

from scenarios.cards import ShipType, WeaponKind, WeaponSystem
from tactical.coast import land_blocks
from tactical.dice import Dice
from tactical.environment import attack_environment_modifiers
from tactical.geometry import (
    RANGE_MODIFIER,
    SMOKE_RADIUS,
    VISUAL_RANGE,
    LineOfFire,
    Point,
    arcs_of,
    distance,
    in_side_arc,
    range_band,
    segment_hits_discs,
)
from tactical.orders import all_hands, evading
from tactical.state import Battle, ShipState
from tactical.variants import option_attack_modifiers

R_GUNNERY = "000 Gunnery Phase"
R_MODS = "000 Attack Dice Modifiers"
FAST_TARGET_INCHES = 6.0


def smoke_blocks(battle: Battle, ship: ShipState, target: Point, weapon: WeaponSystem | None = None) -> bool:
    """Whether smoke lies between ``ship`` and ``target`` (R-TAC-12).  001 Smoke (option): a Radar ship sees
    through smoke laid by its own fleet, except with torpedoes."""
    assert ship.pos is not None
    if not battle.state.smoke:
        return False
    counters = battle.state.smoke
    radar = battle.state.options.smoke_001 and (ship.has("Radar") or ship.has("Advanced Radar"))  # option first
    if radar and (weapon is None or weapon.kind is not WeaponKind.TORPEDO):
        own = set(battle.state.smoke_by.get(str(ship.side), []))
        counters = [p for i, p in enumerate(battle.state.smoke) if i not in own]
    return segment_hits_discs(ship.pos, target, counters, SMOKE_RADIUS)


def line_of_fire(battle: Battle, attacker: ShipState, weapon: WeaponSystem, target: ShipState) -> LineOfFire:
    """Bridge-to-bridge range, range band, fire arc, smoke (R-TAC-12), land and Large Silhouette geometry.  Fire
    beyond 30" or over land is a Beyond the Horizon attack (000 Beyond the Horizon Attacks; R-TAC-73)."""
    assert attacker.pos is not None and target.pos is not None
    d = distance(attacker.pos, target.pos)
    over_land = land_blocks(battle, attacker.pos, target.pos)
    return LineOfFire(
        distance=d,
        band=range_band(weapon.ranges, d),
        in_arc=bool(arcs_of(attacker.pos, attacker.heading, target.pos) & weapon.arc_set),
        blocked=smoke_blocks(battle, attacker, target.pos, weapon),
        side_arc=in_side_arc(target.pos, target.heading, attacker.pos),
        beyond_horizon=d > VISUAL_RANGE or over_land,
        over_land=over_land,
    )


def fast_target(target: ShipState) -> bool:
    """000 Fast Moving Target: moved more than 6" this turn; an evading destroyer whose Flank Speed (before
    halving) exceeds 6" counts as fast whatever it moved (000 Evade!)."""
    if target.moved > FAST_TARGET_INCHES:
        return True
    return evading(target) and target.type is ShipType.DESTROYER and target.speed_at_move > FAST_TARGET_INCHES


SIZE_003 = {
    ShipType.BATTLESHIP: +1,
    ShipType.CARRIER: +1,
    ShipType.CIVILIAN: +1,
    ShipType.CRUISER: 0,
    ShipType.DESTROYER: -1,
    ShipType.SUBMARINE: -1,
    ShipType.INSTALLATION: 0,
}
"""003 Target Size and Facing (option, R-TAC-60): Attack Dice modifier by the target's type."""


def size_and_facing(battle: Battle, target: ShipState, side_arc: bool) -> list[tuple[str, int]]:
    """000: destroyer target -1, Large Silhouette +1 (attacker in the target's side arcs); with the 003 Target Size
    and Facing option: the size table and +1 broadside / -1 bow or stern instead."""
    if target.is_installation:
        return []
    if battle.state.options.target_size:
        return [(f"target size ({target.type.value})", SIZE_003[target.type]), ("broadside" if side_arc else
                "bow or stern", +1 if side_arc else -1)]  # fmt: skip
    mods = []
    if target.type is ShipType.DESTROYER:
        mods.append(("destroyer target", -1))
    if side_arc:
        mods.append(("large silhouette", +1))
    return mods


def attack_modifiers(
    attacker: ShipState, weapon: WeaponSystem, target: ShipState, line: LineOfFire, battle: Battle | None = None
) -> list[tuple[str, int]]:
    """The Attack Dice modifiers that apply, as ``(reason, value)`` (000 Attack Dice Modifiers, Evade!, All Hands
    on Deck!, Night Battles, Bad Weather, Shore Batteries, Coastal Structures; options).  Beyond the Horizon
    attacks are never modified (empty list)."""
    if line.beyond_horizon:
        return []
    assert line.band is not None
    mods = [(f"{line.band.label} range", RANGE_MODIFIER[line.band])]
    if battle is not None:
        mods.extend(size_and_facing(battle, target, line.side_arc))
    else:
        if target.type is ShipType.DESTROYER:
            mods.append(("destroyer target", -1))
        if line.side_arc:
            mods.append(("large silhouette", +1))
    tracks_fast = weapon.kind in (WeaponKind.LIGHT_GUN, WeaponKind.AA_BATTERY) or weapon.has("Fast Track")
    if fast_target(target) and not tracks_fast:
        mods.append(("fast moving target", -1))
    if target.stationary:
        mods.append(("stationary target", +1))
    if target.aground and battle is not None and battle.state.options.coast_001:
        mods.append(("beached ship (001)", +1))
    if target.attack_modifier:
        mods.append((target.card.class_name, target.attack_modifier))
    if weapon.kind is WeaponKind.TORPEDO:
        mods.append(("torpedo", -2))
    if evading(attacker):
        mods.append(("firing ship on Evade!", -1))
    if all_hands(attacker):
        mods.append(("All Hands on Deck!", -1))
    if attacker.installation == "shore battery":
        mods.append(("Shore Battery: stable platform", +1))
    if attacker.shore_effects.get("penalty"):
        mods.append(("Shore Battery critical", -1))
    if battle is not None:
        if weapon.kind is not WeaponKind.DEPTH_CHARGE:
            mods.extend(attack_environment_modifiers(battle, attacker.side, attacker, target))
        mods = option_attack_modifiers(battle, attacker, weapon, target, line, mods)
    return [(why, v) for why, v in mods if v]


def hit_score(modifier: int, *, beyond_horizon: bool = False, need: int = 4) -> int:
    """The D6 face an Attack Die needs to hit: ``need`` (4) less ``modifier``; a Beyond the Horizon die needs a
    natural 6 (000 Firing, Beyond the Horizon Attacks).  1 or less: every die hits, 7 or more: none does (no natural
    result is automatic, R-TAC-14)."""
    return 6 if beyond_horizon else need - modifier


def hit_chance(
    modifier: int,
    *,
    twin_linked: bool = False,
    target_evading: bool = False,
    wakeless: bool = False,
    beyond_horizon: bool = False,
    need: int = 4,
) -> Fraction:
    """The exact chance that one Attack Die of :func:`roll_to_hit` (same arguments) scores a hit, re-rolls
    included (000 Re-Rolls, R-TAC-14): a miss re-rolled once (Twin-Linked, not Beyond the Horizon) or a hit
    re-rolled once (target on Evade!, not Wakeless), never both on one die."""
    p = Fraction(min(max(7 - hit_score(modifier, beyond_horizon=beyond_horizon, need=need), 0), 6), 6)
    first_hit = p * p if target_evading and not wakeless else p
    second = (1 - p) * p if twin_linked and not beyond_horizon else Fraction(0)
    return first_hit + second


def roll_to_hit(
    dice: Dice,
    count: int,
    modifier: int,
    *,
    label: str,
    twin_linked: bool = False,
    target_evading: bool = False,
    wakeless: bool = False,
    beyond_horizon: bool = False,
    rule: str = R_GUNNERY,
    need: int = 4,
) -> int:
    """Roll ``count`` Attack Dice and return the hits (000 Firing).

    A die hits when face + ``modifier`` >= ``need`` (4; a Beyond the Horizon die needs a natural 6).  Twin-Linked
    (and Kaiten, kamikaze): each miss is rolled again once.  Target on Evade! (or an MTB smoke screen): each hit is
    rolled again (not for Wakeless torpedoes).  A die is never rolled again twice (000 Re-Rolls).
    """
    if count <= 0:
        return 0
    score = hit_score(modifier, beyond_horizon=beyond_horizon, need=need)

    def hit(face: int) -> bool:
        return face >= score

    faces = dice.roll(count, 6, label=label, rule=rule)
    hits = 0
    for face in faces:
        if not hit(face):
            if twin_linked and not beyond_horizon:
                hits += hit(dice.d6(label=label + " (miss re-rolled)", rule="000 Re-Rolls"))
            continue
        if target_evading and not wakeless:
            hits += hit(dice.d6(label=label + " (target on Evade!: hit re-rolled)", rule="000 Evade!"))
        else:
            hits += 1
    return hits
