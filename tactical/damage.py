"""Damage: Damage Dice against Armour, hull loss, crippling, sinking, withdrawal, and the victory points they give.

Rules (000 "Damage", "Plunging Fire", "Heavy Armour", "Crippled Ships", "Ship Traits", "Weapon Traits",
"War at Sea: Victory Points", "Tactical Withdrawals"):

* Each hit rolls the weapon's Damage Dice; each die adds the AP and any bonus (plunging fire +1 for Main and Light
  Guns at long or extreme range, not against Armoured Deck), less the Torpedo Belt for a torpedo hit in the
  target's side arcs, and does 1 point of damage when the result is at least the target's Armour.  A natural 1
  never damages.  Armour 7 thus falls only to a weapon with a bonus (no special case is needed).
* A natural 6 (5 or 6 for a Heavy weapon) is rolled again: 4+ scores a critical hit, even without damage.  Weak
  weapons score no critical hits except against civilian ships.
* Devastating: each die does damage equal to its face less any Torpedo Belt (a natural 1 still deflects,
  R-TAC-08), and each natural 5 or 6 scores a critical whose score is one D6.
* Hull at or below the Crippled value: crippled (half Flank Speed, Lumbering, Light Gun/Torpedo/AA dice halved,
  a D6 for every Main Gun and every ship Trait: lost on 4+).  Hull 0: sunk.
* Victory points to the enemy: 50% of the points for a cripple, 100% for a sinking, 25% for a withdrawal; a ship
  never gives more than the largest of these (rounded down, R-TAC-13).  Every award is a ``vp`` event.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from scenarios.cards import ShipType, WeaponKind, WeaponSystem
from tactical.geometry import Edge, RangeBand
from tactical.state import Battle, ShipState, Status

R_DAMAGE = "000 Damage"
R_CRIPPLED = "000 Crippled Ships"


class HasName(Protocol):
    name: str


@dataclass(frozen=True)
class DieOutcome:
    """What one Damage Die did: ``damage`` points, whether it calls for the critical re-roll (natural 6, or 5-6
    Heavy) and whether it scores a critical outright (Devastating 5-6)."""

    damage: int
    critical_check: bool = False
    critical_direct: bool = False


def damage_modifier(
    weapon: WeaponSystem, target: ShipState, band: RangeBand, side_arc: bool, battle: Battle | None = None
) -> tuple[int, list[str]]:
    """Total modifier to each Damage Die of ``weapon`` against ``target`` and the reasons: AP, plunging fire
    (+1), Torpedo Belt (-X for a torpedo hit in the target's side arcs; ``side_arc`` says whether the attacker is in
    the target's Port or Starboard arc)."""
    total, why = weapon.ap, [f"AP {weapon.ap:+d}"] if weapon.ap else []
    if (
        weapon.kind in (WeaponKind.MAIN_GUN, WeaponKind.LIGHT_GUN)
        and band >= RangeBand.LONG
        and not target.has("Armoured Deck")
    ):
        total += 1
        why.append("plunging fire +1")
    belt = torpedo_belt(weapon, target, side_arc, battle)
    if belt:
        total -= belt
        why.append(f"Torpedo Belt -{belt}")
    if battle is not None and battle.state.options.weak_001 and weapon.has("Weak"):
        total -= 1
        why.append("Weak (001) -1")
    return total, why


def torpedo_belt(weapon: WeaponSystem, target: ShipState, side_arc: bool, battle: Battle | None = None) -> int:
    """000 Torpedo Belt X: X off each Damage Die of a torpedo hit in the target's side arcs (not with the 001
    option belt_side_hits, whose belt roll is made on the hit instead)."""
    if battle is not None and battle.state.options.belt_side_hits:
        return 0
    if weapon.kind is WeaponKind.TORPEDO and side_arc:
        return target.trait_value("Torpedo Belt")
    return 0


def damage_die(
    face: int,
    modifier: int,
    armour: int,
    weapon: WeaponSystem,
    target_type: ShipType,
    belt: int = 0,
    *,
    weak_001: bool = False,
    broadside_003: bool = False,
) -> DieOutcome:
    """The outcome of one Damage Die showing ``face`` (1-6).

    ``modifier`` is the sum from :func:`damage_modifier` (belt included); ``belt`` is given apart for Devastating
    weapons, whose damage is the face less the belt (R-TAC-08: a natural 1 does nothing).  Options: ``weak_001``
    (001 Weak: criticals possible against Armour 3 or less); ``broadside_003`` (003 Target Size and Facing: a
    non-Devastating torpedo on the broadside deals 1 on 4-5 and 2 on a natural 6, R-TAC-60).
    """
    weak = weapon.has("Weak") and target_type is not ShipType.CIVILIAN
    if weak_001 and weapon.has("Weak"):
        weak = armour > 3
    if broadside_003 and weapon.kind is WeaponKind.TORPEDO and not weapon.has("Devastating"):
        damage = 2 if face == 6 else 1 if face >= 4 else 0
        return DieOutcome(damage, critical_check=face == 6 and not weak)
    if weapon.has("Devastating"):
        damage = 0 if face == 1 else max(face - belt, 0)
        return DieOutcome(damage, critical_direct=face >= 5 and not weak)
    damage = 0 if face == 1 else int(face + modifier >= armour)
    threshold = 5 if weapon.has("Heavy") else 6
    return DieOutcome(damage, critical_check=face >= threshold and not weak)


def roll_damage(
    battle: Battle,
    attacker: HasName,
    weapon: WeaponSystem,
    target: ShipState,
    hits: int,
    band: RangeBand,
    side_arc: bool,
    extra: Sequence[tuple[str, int]] = (),
) -> int:
    """Roll the Damage Dice of ``hits`` hits, apply the damage, then the critical hits (000 Damage).

    ``attacker`` is the ship, Flight or MTB Section attacking (only its name is used); ``extra`` are further
    Damage Dice modifiers as ``(reason, value)`` (e.g. Armoured Deck against dive-bombers).  Returns the hull
    damage dealt (before critical hits' extra damage)."""
    from tactical.criticals import roll_critical  # criticals applies damage through this module

    if hits <= 0 or weapon.dd <= 0 or not target.hittable:
        return 0
    modifier, why = damage_modifier(weapon, target, band, side_arc, battle)
    for reason, value in extra:
        modifier += value
        why.append(f"{reason} {value:+d}")
    belt = torpedo_belt(weapon, target, side_arc, battle)
    opts = battle.state.options
    faces = battle.dice.roll(
        hits * weapon.dd, 6, label=f"{attacker.name} {weapon.name} damage vs {target.name}", rule=R_DAMAGE
    )
    total = 0
    checks = 0
    direct = 0
    for face in faces:
        outcome = damage_die(
            face,
            modifier,
            target.card.armour,
            weapon,
            target.type,
            belt,
            weak_001=opts.weak_001,
            broadside_003=opts.target_size and side_arc,
        )
        total += outcome.damage
        checks += outcome.critical_check
        direct += outcome.critical_direct
    from tactical.variants import civilian_torpedo_factor

    total *= civilian_torpedo_factor(battle, weapon, target)
    crits = 0
    for _ in range(checks):
        if battle.dice.d6(label=f"{target.name} critical check (natural 6 re-rolled)", rule=R_DAMAGE) >= 4:
            crits += 1
    mods = f" ({', '.join(why)})" if why else ""
    battle.log.emit(
        "damage",
        f"{weapon.name} of {attacker.name}: {len(faces)} Damage Dice vs Armour {target.card.armour}+{mods}: "
        f"{total} damage, {crits + direct} critical hit(s)",
        ship=target.name,
        side=battle.side_name(target.side),
        attacker=attacker.name,
        weapon=weapon.name,
        faces=faces,
        damage=total,
        criticals=crits + direct,
    )
    apply_hull_damage(battle, target, total, f"{weapon.name} of {attacker.name}")
    cap = 1 if opts.weak_001 and weapon.has("Weak") else None
    for _ in range(crits):
        if not target.hittable:
            return total
        roll_critical(battle, target, devastating=False, damage_cap=cap)
    for _ in range(direct):
        if not target.hittable:
            return total
        roll_critical(battle, target, devastating=True, damage_cap=cap)
    return total


def apply_hull_damage(battle: Battle, ship: ShipState, amount: int, cause: str) -> None:
    """Take ``amount`` Hull from ``ship``; cripple it at its Crippled value, sink it at 0 (000 Damage)."""
    if amount <= 0 or not ship.hittable:
        return
    ship.hull = max(ship.hull - amount, 0)
    battle.log.emit(
        "hull",
        f"{ship.name} loses {amount} Hull ({cause}): {ship.hull}/{ship.hull_start} left",
        ship=ship.name,
        side=battle.side_name(ship.side),
        amount=amount,
        hull=ship.hull,
    )
    if ship.hull <= 0:
        sink(battle, ship)
    elif not ship.crippled and ship.hull <= ship.card.crippled:
        cripple(battle, ship)


def cripple(battle: Battle, ship: ShipState, *, award: bool = True) -> None:
    """000 Crippled Ships: half speed and Lumbering (derived), Light Gun/Torpedo/AA dice halved (derived), and a
    D6 for each Main Gun and each ship Trait: 4+ puts it out of action for the game (R-TAC-05).  ``award``: the
    enemy gains 50% of the points (not for a ship that came into the battle crippled, R-TAC-13).

    Options: 001 torpedo_reloads rolls for torpedo systems as for turrets (instead of halving them); 001
    observation_001 never loses the Aircraft trait; 003 criticals_2d6 makes no rolls (its crippled penalties are
    derived in :class:`~tactical.state.ShipState`)."""
    ship.crippled = True
    lost: list[str] = []
    opts = battle.state.options
    rolled = (WeaponKind.MAIN_GUN, WeaponKind.TORPEDO) if opts.torpedo_reloads else (WeaponKind.MAIN_GUN,)
    for i, weapon in enumerate(ship.card.weapons):
        if opts.criticals_2d6:
            break
        if weapon.kind not in rolled or not ship.weapons[i].usable:
            continue
        if battle.dice.d6(label=f"{ship.name} crippled: {weapon.name}", rule=R_CRIPPLED) >= 4:
            ship.weapons[i].lost_on_cripple = True
            lost.append(weapon.name)
    for trait in ship.card.traits:
        if opts.criticals_2d6 or (opts.observation_001 and trait.startswith("Aircraft")):
            continue
        if battle.dice.d6(label=f"{ship.name} crippled: trait {trait}", rule=R_CRIPPLED) >= 4:
            ship.lost_traits.append(trait)
            lost.append(trait)
    battle.log.emit(
        "crippled",
        f"{ship.name} is crippled (Flank Speed {ship.flank_speed():g}\", Lumbering)"
        + (f"; lost: {', '.join(lost)}" if lost else ""),
        ship=ship.name,
        side=battle.side_name(ship.side),
        lost=tuple(lost),
    )
    if award:
        award_vp(battle, ship, 0.5, "crippled")


def sink(battle: Battle, ship: ShipState) -> None:
    """000 Damage: Hull 0, the ship is destroyed and removed; the enemy gains its full points value.  Flights in
    its hangar go down with it (their points are part of the carrier's, 000 Aircraft Chart)."""
    from tactical.state import FlightStatus

    ship.status = Status.SUNK
    ship.hull = 0
    what = "destroyed" if ship.installation is not None else "destroyed and sinks"
    battle.log.emit("sunk", f"{ship.name} is {what}", ship=ship.name, side=battle.side_name(ship.side))
    award_vp(battle, ship, 1.0, "destroyed")
    for flight in battle.state.flights.values():
        if flight.status is FlightStatus.ABOARD and flight.aboard == ship.name:
            flight.status = FlightStatus.LOST
            battle.log.emit(
                "flight_lost",
                f"{flight.name} goes down with {ship.name}",
                ship=flight.name,
                side=battle.side_name(flight.side),
            )


def withdraw(battle: Battle, ship: ShipState, edge: Edge) -> None:
    """000 Tactical Withdrawals: the ship leaves by ``edge``; the enemy gains 25% of its points (every edge of
    the War at Sea table is safe, R-TAC-13)."""
    ship.status = Status.WITHDRAWN
    battle.state.exits[ship.name] = edge.value
    battle.log.emit(
        "withdrew",
        f"{ship.name} leaves the table by the {edge.value} edge (tactical withdrawal)",
        ship=ship.name,
        side=battle.side_name(ship.side),
        edge=edge.value,
    )
    award_vp(battle, ship, 0.25, "tactical withdrawal")


def vp_value(points: int, fraction: float) -> int:
    """Victory points for ``fraction`` of a ship's ``points`` (rounded down, R-TAC-13)."""
    return int(points * fraction)


def award_vp(battle: Battle, ship: ShipState, fraction: float, reason: str) -> int:
    """Award the enemy of ``ship`` what ``fraction`` of its points is worth beyond what it already gained for this
    ship (000 Victory Points: a ship gives its points once).  Returns the points awarded (may be 0)."""
    return award_points(battle, ship.name, ship.side, ship.card.points, fraction, reason)


def award_points(battle: Battle, name: str, side: int, points: int, fraction: float, reason: str) -> int:
    """:func:`award_vp` for any unit (ship, Flight, MTB Section) named ``name`` of ``side`` worth ``points``
    (000 Victory Points: "Destroying a Flight: gain victory points equal to the Flight's points value")."""
    target = vp_value(points, fraction)
    already = battle.state.vp_awarded.get(name, 0)
    gain = target - already
    if gain <= 0:
        return 0
    battle.state.vp_awarded[name] = target
    scorer = 1 - side
    battle.log.emit(
        "vp",
        f"{battle.side_name(scorer)} gains {gain} VP: {name} {reason}",
        ship=name,
        side=battle.side_name(scorer),
        vp=gain,
        reason=reason,
    )
    return gain
