"""Damage: Damage Dice against Armour, and the critical hits they score.

Rules (000 "Damage", "Plunging Fire", "Heavy Armour", "Ship Traits", "Weapon Traits"):

* Each hit rolls the weapon's Damage Dice; each die adds the AP and any bonus (plunging fire +1 for Main and Light
  Guns at long or extreme range, not against Armoured Deck), less the Torpedo Belt for a torpedo hit in the
  target's side arcs, and does 1 point of damage when the result is at least the target's Armour.  A natural 1
  never damages.  Armour 7 thus falls only to a weapon with a bonus (no special case is needed).
* A natural 6 (5 or 6 for a Heavy weapon) is rolled again: 4+ scores a critical hit, even without damage.  Weak
  weapons score no critical hits except against civilian ships.
* Devastating: each die does damage equal to its face less any Torpedo Belt (a natural 1 still deflects,
  R-TAC-08), and each natural 5 or 6 scores a critical whose score is one D6.

The damage is taken from the hull by :mod:`tactical.hull` (crippling, sinking, victory points); the critical hits
are rolled by :mod:`tactical.criticals`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from scenarios.cards import ShipType, WeaponKind, WeaponSystem
from tactical import events as ev
from tactical.crit2d6 import torpedo_criticals
from tactical.criticals import roll_critical
from tactical.geometry import RangeBand
from tactical.hull import apply_hull_damage
from tactical.state import Battle, ShipState
from tactical.variants import civilian_torpedo_factor

R_DAMAGE = "000 Damage"
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


@dataclass(frozen=True)
class DamageProfile:
    """What each Damage Die of one weapon does to one target (:func:`damage_profile`): the total modifier and its
    reasons, the Torpedo Belt and the options :func:`damage_die` takes."""

    weapon: WeaponSystem
    target_type: ShipType
    armour: int
    modifier: int
    reasons: tuple[str, ...]
    belt: int
    weak_001: bool
    broadside_003: bool

    def outcome(self, face: int) -> DieOutcome:
        """The outcome of one Damage Die showing ``face`` (:func:`damage_die`)."""
        return damage_die(
            face,
            self.modifier,
            self.armour,
            self.weapon,
            self.target_type,
            self.belt,
            weak_001=self.weak_001,
            broadside_003=self.broadside_003,
        )


def damage_profile(
    battle: Battle,
    weapon: WeaponSystem,
    target: ShipState,
    band: RangeBand,
    side_arc: bool,
    extra: Sequence[tuple[str, int]] = (),
) -> DamageProfile:
    """The Damage Dice of ``weapon`` against ``target`` as :func:`roll_damage` rolls them: :func:`damage_modifier`
    plus ``extra``, the Torpedo Belt, and the 001 Weak and 003 broadside options."""
    modifier, why = damage_modifier(weapon, target, band, side_arc, battle)
    for reason, value in extra:
        modifier += value
        why.append(f"{reason} {value:+d}")
    opts = battle.state.options
    return DamageProfile(
        weapon=weapon,
        target_type=target.type,
        armour=target.card.armour,
        modifier=modifier,
        reasons=tuple(why),
        belt=torpedo_belt(weapon, target, side_arc, battle),
        weak_001=opts.weak_001,
        broadside_003=opts.target_size and side_arc,
    )


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
    if hits <= 0 or weapon.dd <= 0 or not target.hittable:
        return 0
    profile = damage_profile(battle, weapon, target, band, side_arc, extra)
    why = list(profile.reasons)
    opts = battle.state.options
    faces = battle.dice.roll(
        hits * weapon.dd, 6, label=f"{attacker.name} {weapon.name} damage vs {target.name}", rule=R_DAMAGE
    )
    total = 0
    checks = 0
    direct = 0
    for face in faces:
        outcome = profile.outcome(face)
        total += outcome.damage
        checks += outcome.critical_check
        direct += outcome.critical_direct
    total *= civilian_torpedo_factor(battle, weapon, target)
    crits = 0
    for _ in range(checks):
        if battle.dice.d6(label=f"{target.name} critical check (natural 6 re-rolled)", rule=R_DAMAGE) >= 4:
            crits += 1
    mods = f" ({', '.join(why)})" if why else ""
    battle.log.emit(
        ev.DamageRolled,
        ship=target.name,
        side=battle.side_name(target.side),
        attacker=attacker.name,
        weapon=weapon.name,
        faces=faces,
        damage=total,
        criticals=crits + direct,
        armour=target.card.armour,
        armour_mods=str(mods),
    )
    apply_hull_damage(battle, target, total, f"{weapon.name} of {attacker.name}")
    if opts.criticals_2d6 and weapon.kind is WeaponKind.TORPEDO and not target.is_installation:
        torpedo_criticals(battle, target, hits, f"{weapon.name} of {attacker.name}")
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


