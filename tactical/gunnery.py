"""Gunnery: target nomination, arc and range checks, the Attack Dice modifiers, rolling to hit (000 "Gunnery
Phase", "Nominate Targets", "Maximum Visual Range", "Splitting Fire", "Torpedoes", "Beyond the Horizon Attacks",
"Fire Arcs", "Firing", "Attack Dice Modifiers", Weapon Traits, Evade!, All Hands on Deck!).

A ship's :class:`FirePlan` nominates a target (and a number of dice) for every weapon system that fires, all
before any die is rolled; :func:`verify_fire_plan` raises :class:`~tactical.orders.IllegalOrder` naming the rule
broken; :func:`fire` resolves it system by system.  An Attack Die hits on 4+ after modifiers (no natural result
is automatic, R-TAC-14).  Re-rolls: Twin-Linked re-rolls misses, Evade! forces hits to be re-rolled, but no die is
re-rolled twice (000 Re-Rolls), so a Twin-Linked miss that hits an evading ship stands (R-TAC-14).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from scenarios.cards import MAIN_GUN_TARGETS_AT_POINT_BLANK, ShipType, WeaponKind, WeaponSystem
from tactical.damage import roll_damage
from tactical.dice import Dice
from tactical.geometry import (
    RANGE_MODIFIER,
    SMOKE_RADIUS,
    VISUAL_RANGE,
    RangeBand,
    arcs_of,
    distance,
    in_side_arc,
    range_band,
    segment_hits_discs,
)
from tactical.orders import IllegalOrder, all_hands, evading
from tactical.state import Battle, ShipState, Vital

R_GUNNERY = "000 Gunnery Phase"
R_NOMINATE = "000 Nominate Targets"
R_MODS = "000 Attack Dice Modifiers"
FAST_TARGET_INCHES = 6.0


@dataclass(frozen=True)
class Shot:
    """``dice`` Attack Dice of weapon system ``weapon`` (index on the card) at ship ``target``."""

    weapon: int
    target: str
    dice: int


@dataclass(frozen=True)
class FirePlan:
    """All the targets a ship nominates in one go; empty: the ship chooses not to fire."""

    shots: tuple[Shot, ...] = ()


@dataclass(frozen=True)
class LineOfFire:
    """Range and arcs of one weapon system to one target, as checked by :func:`line_of_fire`."""

    distance: float
    band: RangeBand | None
    in_arc: bool
    blocked: bool
    side_arc: bool  # the attacker is in the target's Port or Starboard arc
    beyond_horizon: bool


def line_of_fire(battle: Battle, attacker: ShipState, weapon: WeaponSystem, target: ShipState) -> LineOfFire:
    """Bridge-to-bridge range, range band, fire arc, smoke (R-TAC-12) and Large Silhouette geometry."""
    assert attacker.pos is not None and target.pos is not None
    d = distance(attacker.pos, target.pos)
    return LineOfFire(
        distance=d,
        band=range_band(weapon.ranges, d),
        in_arc=bool(arcs_of(attacker.pos, attacker.heading, target.pos) & weapon.arc_set),
        blocked=segment_hits_discs(attacker.pos, target.pos, battle.state.smoke, SMOKE_RADIUS),
        side_arc=in_side_arc(target.pos, target.heading, attacker.pos),
        beyond_horizon=d > VISUAL_RANGE,
    )


def fast_target(target: ShipState) -> bool:
    """000 Fast Moving Target: moved more than 6" this turn; an evading destroyer whose Flank Speed (before
    halving) exceeds 6" counts as fast whatever it moved (000 Evade!)."""
    if target.moved > FAST_TARGET_INCHES:
        return True
    return evading(target) and target.type is ShipType.DESTROYER and target.speed_at_move > FAST_TARGET_INCHES


def attack_modifiers(
    attacker: ShipState, weapon: WeaponSystem, target: ShipState, line: LineOfFire
) -> list[tuple[str, int]]:
    """The Attack Dice modifiers that apply, as ``(reason, value)`` (000 Attack Dice Modifiers, Evade!, All Hands
    on Deck!).  Beyond the Horizon attacks are never modified (empty list)."""
    if line.beyond_horizon:
        return []
    assert line.band is not None
    mods = [(f"{line.band.label} range", RANGE_MODIFIER[line.band])]
    if target.type is ShipType.DESTROYER:
        mods.append(("destroyer target", -1))
    tracks_fast = weapon.kind in (WeaponKind.LIGHT_GUN, WeaponKind.AA_BATTERY) or weapon.has("Fast Track")
    if fast_target(target) and not tracks_fast:
        mods.append(("fast moving target", -1))
    if target.anchored:
        mods.append(("stationary target", +1))
    if line.side_arc:
        mods.append(("large silhouette", +1))
    if weapon.kind is WeaponKind.TORPEDO:
        mods.append(("torpedo", -2))
    if evading(attacker):
        mods.append(("firing ship on Evade!", -1))
    if all_hands(attacker):
        mods.append(("All Hands on Deck!", -1))
    return [(why, v) for why, v in mods if v]


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
) -> int:
    """Roll ``count`` Attack Dice and return the hits (000 Firing).

    A die hits when face + ``modifier`` >= 4 (a Beyond the Horizon die needs a natural 6).  Twin-Linked: each
    miss is rolled again once.  Target on Evade!: each hit is rolled again (not for Wakeless torpedoes).  A die is
    never rolled again twice (000 Re-Rolls).
    """
    if count <= 0:
        return 0

    def hit(face: int) -> bool:
        return face == 6 if beyond_horizon else face + modifier >= 4

    faces = dice.roll(count, 6, label=label, rule=R_GUNNERY)
    hits = 0
    for face in faces:
        if not hit(face):
            if twin_linked and not beyond_horizon:
                hits += hit(dice.d6(label=label + " (Twin-Linked re-roll)", rule="000 Twin-Linked"))
            continue
        if target_evading and not wakeless:
            hits += hit(dice.d6(label=label + " (target on Evade!: hit re-rolled)", rule="000 Evade!"))
        else:
            hits += 1
    return hits


# --------------------------------------------------------------------------- nomination


def usable_now(battle: Battle, ship: ShipState, index: int) -> str | None:
    """Why weapon system ``index`` cannot fire this turn, or ``None`` if it can (before targets are considered)."""
    weapon = ship.card.weapons[index]
    state = ship.weapons[index]
    if not state.usable:
        return "000 Critical Hits: the weapon system is destroyed or out of action"
    if weapon.kind is WeaponKind.AA_BATTERY:
        return "000 Weapon Systems (AA Battery): AA Batteries engage aircraft and MTBs only (R-TAC-15)"
    if weapon.kind is WeaponKind.TORPEDO and evading(ship):
        return "000 Evade!: a ship on Evade! may not use Torpedoes"
    if weapon.has("Slow-Loading") and state.fired_last_turn:
        return "000 Slow-Loading: the weapon fired last turn"
    if state.loaded is not None and state.loaded <= 0:
        return "000 One-Shot / Slow-Loading: nothing left to fire"
    if ship.weapon_ad(index) <= 0:
        return "000 Crippled Ships / Critical Hits: no Attack Dice left"
    return None


def max_dice(ship: ShipState, index: int) -> int:
    """Attack Dice weapon system ``index`` may roll this turn (torpedoes: no more than are loaded)."""
    ad = ship.weapon_ad(index)
    loaded = ship.weapons[index].loaded
    return min(ad, loaded) if loaded is not None else ad


def target_refusal(battle: Battle, ship: ShipState, index: int, target: ShipState) -> str | None:
    """Why weapon system ``index`` of ``ship`` may not fire at ``target``, or ``None`` (arc, range, horizon, smoke,
    Main Guns at point blank)."""
    if target.side == ship.side:
        return f"{R_NOMINATE}: {target.name} is a friendly ship"
    if not target.on_table:
        return f"{R_NOMINATE}: {target.name} is not on the table"
    weapon = ship.card.weapons[index]
    line = line_of_fire(battle, ship, weapon, target)
    if not line.in_arc:
        return f"000 Fire Arcs: {target.name} is outside the arcs of {weapon.name}"
    if line.band is None:
        return f"{R_NOMINATE}: {target.name} is out of range of {weapon.name} ({line.distance:.1f}\")"
    if line.beyond_horizon and not (target.anchored and target.name in battle.state.spotted.get(ship.side, [])):
        return (
            f"000 Maximum Visual Range: {target.name} is {line.distance:.1f}\" away; beyond 30\" only an anchored "
            "target spotted by an Observation Flight may be attacked"
        )
    if line.blocked:
        return f"000 Create Smoke!: smoke lies between {ship.name} and {target.name}"
    if (
        weapon.kind is WeaponKind.MAIN_GUN
        and line.band is RangeBand.POINT_BLANK
        and target.type not in MAIN_GUN_TARGETS_AT_POINT_BLANK
        and not weapon.has("Fast Track")
    ):
        return f"{R_MODS} (note 1): Main Guns cannot target a {target.type.value} at point blank range"
    return None


def legal_targets(battle: Battle, ship: ShipState, index: int) -> list[ShipState]:
    """The enemy ships weapon system ``index`` may fire at now (empty if it cannot fire)."""
    if usable_now(battle, ship, index) is not None:
        return []
    return [t for t in battle.state.enemies(ship) if target_refusal(battle, ship, index, t) is None]


def verify_fire_plan(battle: Battle, ship: ShipState, plan: FirePlan) -> None:
    """Raises :class:`IllegalOrder` unless every nomination of ``plan`` is legal (000 Nominate Targets,
    Splitting Fire, Torpedoes, Restricted, One-Shot, Slow-Loading, Evade!, Main Guns at point blank)."""
    if not ship.on_table:
        raise IllegalOrder(R_GUNNERY, f"{ship.name} is not on the table")
    if ship.has_fired:
        raise IllegalOrder(R_GUNNERY, f"{ship.name} has already been nominated to fire this turn")
    by_weapon: dict[int, list[Shot]] = {}
    for shot in plan.shots:
        if not 0 <= shot.weapon < len(ship.card.weapons):
            raise IllegalOrder(R_NOMINATE, f"{ship.name} has no weapon system {shot.weapon}")
        if shot.dice < 1:
            raise IllegalOrder(R_NOMINATE, f"at least one Attack Die must be nominated, got {shot.dice}")
        if shot.target not in battle.state.ships:
            raise IllegalOrder(R_NOMINATE, f"unknown target {shot.target}")
        by_weapon.setdefault(shot.weapon, []).append(shot)
    for index, shots in by_weapon.items():
        weapon = ship.card.weapons[index]
        why = usable_now(battle, ship, index)
        if why is not None:
            rule, message = why.split(": ", 1)
            raise IllegalOrder(rule, f"{ship.name} {weapon.name}: {message}")
        splits = weapon.kind in (WeaponKind.LIGHT_GUN, WeaponKind.AA_BATTERY)
        targets = [s.target for s in shots]
        if len(set(targets)) != len(targets):
            raise IllegalOrder(R_NOMINATE, f"{weapon.name} names {targets[0]} twice")
        if len(shots) > 1 and not splits:
            raise IllegalOrder("000 Splitting Fire", f"only Light Guns and AA Batteries may split fire ({weapon.name})")
        total = sum(s.dice for s in shots)
        if total > max_dice(ship, index):
            raise IllegalOrder(
                "000 Splitting Fire" if splits else "000 Torpedoes",
                f"{weapon.name} has {max_dice(ship, index)} Attack Dice, {total} nominated",
            )
        side_dice = 0
        for shot in shots:
            target = battle.state.ships[shot.target]
            refusal = target_refusal(battle, ship, index, target)
            if refusal is not None:
                rule, message = refusal.split(": ", 1)
                raise IllegalOrder(rule, f"{ship.name} {weapon.name}: {message}")
            assert ship.pos is not None and target.pos is not None
            if in_side_arc(ship.pos, ship.heading, target.pos):
                side_dice += shot.dice
        if weapon.has("Restricted") and side_dice > math.ceil(ship.weapon_ad(index) / 2):
            raise IllegalOrder(
                "000 Restricted",
                f"{weapon.name} may fire at most {math.ceil(ship.weapon_ad(index) / 2)} Attack Dice into the side arcs",
            )


def fire(battle: Battle, ship: ShipState, plan: FirePlan) -> None:
    """Resolve ``plan`` (verified first): system by system, roll to hit and resolve the damage of each hit."""
    verify_fire_plan(battle, ship, plan)
    ship.has_fired = True
    if not plan.shots:
        battle.log.emit("hold_fire", f"{ship.name} holds its fire", ship=ship.name, side=battle.side_name(ship.side))
        return
    by_weapon: dict[int, list[Shot]] = {}
    for shot in plan.shots:
        by_weapon.setdefault(shot.weapon, []).append(shot)
    for index, shots in by_weapon.items():
        if not ship.on_table:
            return
        _fire_system(battle, ship, index, shots)


def _fire_system(battle: Battle, ship: ShipState, index: int, shots: Iterable[Shot]) -> None:
    weapon = ship.card.weapons[index]
    state = ship.weapons[index]
    checks = []
    if Vital.MAGAZINE_ABLAZE in ship.vitals:
        checks.append(("Magazine Ablaze", "000 Vital Systems"))
    if any(effect.get("turret_check") == index for effect in ship.level_effects.values()):
        checks.append(("Turret Damaged", "000 Weapons Area"))
    for what, rule in checks:
        if battle.dice.d6(label=f"{ship.name} {weapon.name} {what}: 4+ to fire", rule=rule) < 4:
            battle.log.emit(
                "misfire",
                f"{ship.name} {weapon.name} cannot fire ({what})",
                ship=ship.name,
                side=battle.side_name(ship.side),
            )
            state.fired_this_turn = True
            return
    state.fired_this_turn = True
    for shot in shots:
        target = battle.state.ships[shot.target]
        if not target.on_table:
            continue
        line = line_of_fire(battle, ship, weapon, target)
        assert line.band is not None
        mods = attack_modifiers(ship, weapon, target, line)
        dice = shot.dice // 2 if line.beyond_horizon else shot.dice
        if state.loaded is not None:
            state.loaded -= shot.dice
        modifier = sum(v for _, v in mods)
        hits = roll_to_hit(
            battle.dice,
            dice,
            modifier,
            label=f"{ship.name} {weapon.name} at {target.name}",
            twin_linked=weapon.has("Twin-Linked"),
            target_evading=evading(target),
            wakeless=weapon.has("Wakeless"),
            beyond_horizon=line.beyond_horizon,
        )
        need = "natural 6" if line.beyond_horizon else f"{4 - modifier}+"
        battle.log.emit(
            "attack",
            f"{ship.name} fires {weapon.name} ({dice} AD) at {target.name}, {line.distance:.1f}\" "
            f"{line.band.label} range, needs {need}"
            + (f" [{', '.join(f'{w} {v:+d}' for w, v in mods)}]" if mods else "")
            + f": {hits} hit(s)",
            ship=ship.name,
            side=battle.side_name(ship.side),
            target=target.name,
            weapon=weapon.name,
            dice=dice,
            hits=hits,
            modifier=modifier,
            range=round(line.distance, 2),
        )
        roll_damage(battle, ship, weapon, target, hits, line.band, line.side_arc)
