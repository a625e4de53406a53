"""Gunnery: target nomination, arc and range checks, the Attack Dice modifiers, rolling to hit (000 "Gunnery
Phase", "Nominate Targets", "Maximum Visual Range", "Splitting Fire", "Torpedoes", "Beyond the Horizon Attacks",
"Fire Arcs", "Firing", "Attack Dice Modifiers", Weapon Traits, Evade!, All Hands on Deck!), with what the
additional rules change: night and bad weather (:mod:`tactical.environment`: spotting, -1, searchlights and star
shells declared in the fire plan), land blocking lines of fire, torpedo nets, running aground, Shore Batteries
(+1, their critical effects), Coastal Structures' own modifier, submarines (only torpedoes while submerged; only
depth charges against them, :mod:`tactical.submarines`), MTB Sections as targets of Light Guns (:mod:`tactical.mtb`),
DP guns used as AA, and the optional modules of :mod:`tactical.options`.

A ship's :class:`FirePlan` nominates a target (and a number of dice) for every weapon system that fires, all
before any die is rolled; :func:`verify_fire_plan` raises :class:`~tactical.orders.IllegalOrder` naming the rule
broken; :func:`fire` resolves it system by system.  An Attack Die hits on 4+ after modifiers (no natural result
is automatic, R-TAC-14).  Re-rolls: Twin-Linked re-rolls misses, Evade! forces hits to be re-rolled, but no die is
re-rolled twice (000 Re-Rolls), so a Twin-Linked miss that hits an evading ship stands (R-TAC-14).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from scenarios.cards import MAIN_GUN_TARGETS_AT_POINT_BLANK, ShipType, WeaponKind, WeaponSystem
from tactical.damage import roll_damage
from tactical.dice import Dice
from tactical.geometry import (
    RANGE_MODIFIER,
    SMOKE_RADIUS,
    VISUAL_RANGE,
    LineOfFire,
    Point,
    RangeBand,
    arcs_of,
    distance,
    in_side_arc,
    range_band,
    segment_hits_discs,
)
from tactical.orders import IllegalOrder, all_hands, evading
from tactical.plans import FirePlan, Shot
from tactical.state import Battle, MTBState, ShipState, Vital

R_GUNNERY = "000 Gunnery Phase"
R_NOMINATE = "000 Nominate Targets"
R_MODS = "000 Attack Dice Modifiers"
FAST_TARGET_INCHES = 6.0
CLOSE_RANGE = 10.0
"""001 Attacking (option): +1 within 10"."""


def smoke_blocks(battle: Battle, ship: ShipState, target: Point, weapon: WeaponSystem | None = None) -> bool:
    """Whether smoke lies between ``ship`` and ``target`` (R-TAC-12).  001 Smoke (option): a Radar ship sees
    through smoke laid by its own fleet, except with torpedoes."""
    assert ship.pos is not None
    if not battle.state.smoke:
        return False
    counters = battle.state.smoke
    radar = ship.has("Radar") or ship.has("Advanced Radar")
    if battle.state.options.smoke_001 and radar and (weapon is None or weapon.kind is not WeaponKind.TORPEDO):
        own = set(battle.state.smoke_by.get(str(ship.side), []))
        counters = [p for i, p in enumerate(battle.state.smoke) if i not in own]
    return segment_hits_discs(ship.pos, target, counters, SMOKE_RADIUS)


def line_of_fire(battle: Battle, attacker: ShipState, weapon: WeaponSystem, target: ShipState) -> LineOfFire:
    """Bridge-to-bridge range, range band, fire arc, smoke (R-TAC-12) and Large Silhouette geometry."""
    assert attacker.pos is not None and target.pos is not None
    d = distance(attacker.pos, target.pos)
    return LineOfFire(
        distance=d,
        band=range_band(weapon.ranges, d),
        in_arc=bool(arcs_of(attacker.pos, attacker.heading, target.pos) & weapon.arc_set),
        blocked=smoke_blocks(battle, attacker, target.pos, weapon),
        side_arc=in_side_arc(target.pos, target.heading, attacker.pos),
        beyond_horizon=d > VISUAL_RANGE,
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
        from tactical.environment import attack_environment_modifiers
        from tactical.variants import option_attack_modifiers

        if weapon.kind is not WeaponKind.DEPTH_CHARGE:
            mods.extend(attack_environment_modifiers(battle, attacker.side, attacker, target))
        mods = option_attack_modifiers(battle, attacker, weapon, target, line, mods)
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

    def hit(face: int) -> bool:
        return face == 6 if beyond_horizon else face + modifier >= need

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


# --------------------------------------------------------------------------- nomination


def usable_now(battle: Battle, ship: ShipState, index: int) -> str | None:
    """Why weapon system ``index`` cannot fire this turn, or ``None`` if it can (before targets are considered)."""
    from tactical.variants import option_weapon_refusal

    weapon = ship.card.weapons[index]
    state = ship.weapons[index]
    if not state.usable:
        return "000 Critical Hits: the weapon system is destroyed or out of action"
    if weapon.kind is WeaponKind.AA_BATTERY:
        return "000 Weapon Systems (AA Battery): AA Batteries engage aircraft and MTBs only (R-TAC-15)"
    if index in ship.dp_as_aa:
        return "000 DP: a DP weapon used against aircraft or MTBs may not attack other units this turn"
    if ship.depth is not None and ship.underwater and weapon.kind is not WeaponKind.TORPEDO:
        return "000 Submarines: Gunnery Phase: a submerged submarine attacks only with torpedoes"
    if ship.depth is not None and ship.depth.value == "running deep":
        return "000 Submarines: Depth: a submarine running deep makes no attacks"
    if ship.silent_running:
        return "000 Rig for Silent Running!: the submarine makes no attacks this turn"
    if weapon.kind is WeaponKind.TORPEDO and evading(ship):
        return "000 Evade!: a ship on Evade! may not use Torpedoes"
    if battle.state.bad_weather:
        if weapon.kind is WeaponKind.TORPEDO:
            return "000 Bad Weather: no ship may use Torpedoes"
        if weapon.kind is WeaponKind.LIGHT_GUN and ship.type is ShipType.DESTROYER:
            return "000 Bad Weather: destroyers may not attack with Light Guns"
    if ship.aground:
        if battle.state.options.coast_001:
            return "001 Shorelines (option): a ship run aground may not fire any weapons"
        if weapon.kind not in (WeaponKind.MAIN_GUN, WeaponKind.LIGHT_GUN):
            return "000 Land: a ship run aground fires only Main Guns, Light Guns and AA Batteries"
    if ship.shore_effects.get("silenced_until", -1) >= battle.state.turn:
        return "000 Shore Battery Critical Hits: no weapons can fire this turn"
    if weapon.has("Slow-Loading") and state.fired_last_turn:
        return "000 Slow-Loading: the weapon fired last turn"
    if state.loaded is not None and state.loaded <= 0:
        return "000 One-Shot / Slow-Loading: nothing left to fire"
    if ship.weapon_ad(index) <= 0:
        return "000 Crippled Ships / Critical Hits: no Attack Dice left"
    return option_weapon_refusal(battle, ship, index)


def max_dice(ship: ShipState, index: int) -> int:
    """Attack Dice weapon system ``index`` may roll this turn (torpedoes: no more than are loaded; a Kaiten system
    launches one a turn)."""
    ad = ship.weapon_ad(index)
    if ship.card.weapons[index].has("Kaiten"):
        ad = min(ad, 1)
    loaded = ship.weapons[index].loaded
    return min(ad, loaded) if loaded is not None else ad


def target_refusal(battle: Battle, ship: ShipState, index: int, target: ShipState) -> str | None:
    """Why weapon system ``index`` of ``ship`` may not fire at ``target``, or ``None`` (arc, range, horizon, smoke,
    land, torpedo nets, visibility, submarines, Main Guns at point blank)."""
    from tactical.coast import land_blocks, net_blocks
    from tactical.environment import radar_controlled, visibility_refusal

    if target.side == ship.side:
        return f"{R_NOMINATE}: {target.name} is a friendly ship"
    if not target.on_table:
        return f"{R_NOMINATE}: {target.name} is not on the table"
    weapon = ship.card.weapons[index]
    if target.underwater:
        return f"000 Depth Charges: a submerged submarine may be attacked only with depth charges ({target.name})"
    line = line_of_fire(battle, ship, weapon, target)
    if not line.in_arc:
        return f"000 Fire Arcs: {target.name} is outside the arcs of {weapon.name}"
    if line.band is None:
        return f"{R_NOMINATE}: {target.name} is out of range of {weapon.name} ({line.distance:.1f}\")"
    spotted_far = target.name in battle.state.spotted.get(ship.side, [])
    assert ship.pos is not None and target.pos is not None
    if line.beyond_horizon and not (target.stationary and spotted_far):
        return (
            f"000 Maximum Visual Range: {target.name} is {line.distance:.1f}\" away; beyond 30\" only a stationary "
            "target spotted by an Observation Flight may be attacked"
        )
    if land_blocks(battle, ship.pos, target.pos) and not (target.stationary and spotted_far):
        return f"000 Land: land lies between {ship.name} and {target.name}"
    if weapon.kind is WeaponKind.TORPEDO and net_blocks(battle, ship.pos, target.pos):
        return f"000 Torpedo Nets: a torpedo net lies between {ship.name} and {target.name}"
    if line.blocked and not radar_controlled(battle, ship, target):
        return f"000 Create Smoke!: smoke lies between {ship.name} and {target.name}"
    if not line.beyond_horizon:
        why = visibility_refusal(battle, ship, target)
        if why is not None:
            return why
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


def legal_boat_targets(battle: Battle, ship: ShipState, index: int) -> list[MTBState]:
    """The enemy MTB Sections weapon system ``index`` may fire at now (Light Guns only)."""
    from tactical.mtb import gun_refusal

    if not battle.state.mtbs or usable_now(battle, ship, index) is not None:
        return []
    return [b for b in battle.state.boats(1 - ship.side) if gun_refusal(battle, ship, index, b) is None]


def star_shell_dice(ship: ShipState, plan: FirePlan) -> tuple[int | None, int]:
    from tactical.environment import star_shell_system

    if not plan.star_shells:
        return None, 0
    return star_shell_system(ship), len(plan.star_shells)


def verify_fire_plan(battle: Battle, ship: ShipState, plan: FirePlan) -> None:
    """Raises :class:`IllegalOrder` unless every nomination of ``plan`` is legal (000 Nominate Targets,
    Splitting Fire, Torpedoes, Restricted, One-Shot, Slow-Loading, Evade!, Main Guns at point blank; star shells
    use Light Gun dice)."""
    from tactical.mtb import gun_refusal

    if not ship.on_table:
        raise IllegalOrder(R_GUNNERY, f"{ship.name} is not on the table")
    if ship.has_fired:
        raise IllegalOrder(R_GUNNERY, f"{ship.name} has already been nominated to fire this turn")
    shell_system, shells = star_shell_dice(ship, plan)
    if shells and shell_system is None:
        raise IllegalOrder("000 Star Shells", f"{ship.name} has no Light Gun dice for star shells")
    by_weapon: dict[int, list[Shot]] = {}
    for shot in plan.shots:
        if not 0 <= shot.weapon < len(ship.card.weapons):
            raise IllegalOrder(R_NOMINATE, f"{ship.name} has no weapon system {shot.weapon}")
        if shot.dice < 1:
            raise IllegalOrder(R_NOMINATE, f"at least one Attack Die must be nominated, got {shot.dice}")
        if shot.target not in battle.state.ships and shot.target not in battle.state.mtbs:
            raise IllegalOrder(R_NOMINATE, f"unknown target {shot.target}")
        by_weapon.setdefault(shot.weapon, []).append(shot)
    if shell_system is not None and shell_system not in by_weapon:
        why = usable_now(battle, ship, shell_system)
        if why is not None:
            rule, message = why.split(": ", 1)
            raise IllegalOrder(rule, f"{ship.name} star shells: {message}")
        if shells > max_dice(ship, shell_system):
            raise IllegalOrder("000 Star Shells", f"{ship.name} has {max_dice(ship, shell_system)} Light Gun dice")
    for index, shots in by_weapon.items():
        weapon = ship.card.weapons[index]
        why = usable_now(battle, ship, index)
        if why is not None:
            rule, message = why.split(": ", 1)
            raise IllegalOrder(rule, f"{ship.name} {weapon.name}: {message}")
        splits = weapon.kind in (WeaponKind.LIGHT_GUN, WeaponKind.AA_BATTERY) or (
            ship.is_submarine and weapon.kind is WeaponKind.TORPEDO
        )
        targets = [s.target for s in shots]
        if len(set(targets)) != len(targets):
            raise IllegalOrder(R_NOMINATE, f"{weapon.name} names {targets[0]} twice")
        if len(shots) > 1 and not splits:
            raise IllegalOrder("000 Splitting Fire", f"only Light Guns and AA Batteries may split fire ({weapon.name})")
        total = sum(s.dice for s in shots) + (shells if index == shell_system else 0)
        if total > max_dice(ship, index):
            raise IllegalOrder(
                "000 Splitting Fire" if splits else "000 Torpedoes",
                f"{weapon.name} has {max_dice(ship, index)} Attack Dice, {total} nominated",
            )
        side_dice = 0
        for shot in shots:
            boat = battle.state.mtbs.get(shot.target)
            if boat is not None:
                refusal = gun_refusal(battle, ship, index, boat)
                target_pos = boat.pos
            else:
                target = battle.state.ships[shot.target]
                refusal = target_refusal(battle, ship, index, target)
                target_pos = target.pos
            if refusal is not None:
                rule, message = refusal.split(": ", 1)
                raise IllegalOrder(rule, f"{ship.name} {weapon.name}: {message}")
            assert ship.pos is not None and target_pos is not None
            if in_side_arc(ship.pos, ship.heading, target_pos):
                side_dice += shot.dice
        if weapon.has("Restricted") and side_dice > math.ceil(ship.weapon_ad(index) / 2):
            raise IllegalOrder(
                "000 Restricted",
                f"{weapon.name} may fire at most {math.ceil(ship.weapon_ad(index) / 2)} Attack Dice into the side arcs",
            )


def fire(battle: Battle, ship: ShipState, plan: FirePlan) -> None:
    """Resolve ``plan``: searchlights, star shells and submarine detection first (they change what the verification
    sees), then the verified shots system by system, and depth charges."""
    from tactical.environment import fire_star_shells, use_searchlight
    from tactical.submarines import attempt_detection, drop_depth_charges
    from tactical.variants import before_fire

    if not ship.on_table:
        raise IllegalOrder(R_GUNNERY, f"{ship.name} is not on the table")
    if ship.has_fired:
        raise IllegalOrder(R_GUNNERY, f"{ship.name} has already been nominated to fire this turn")
    if plan.searchlight is not None:
        use_searchlight(battle, ship, plan.searchlight)
    if plan.detect is not None:
        attempt_detection(battle, ship, plan.detect)
    before_fire(battle, ship, plan)
    if plan.star_shells:
        verify_fire_plan(battle, ship, FirePlan(star_shells=plan.star_shells))
        fire_star_shells(battle, ship, plan.star_shells)
    verify_fire_plan(battle, ship, FirePlan(plan.shots, star_shells=plan.star_shells))
    ship.has_fired = True
    shell_system, _ = star_shell_dice(ship, plan)
    if shell_system is not None:
        ship.weapons[shell_system].fired_this_turn = True
    if plan.empty:
        battle.log.emit("hold_fire", f"{ship.name} holds its fire", ship=ship.name, side=battle.side_name(ship.side))
        return
    by_weapon: dict[int, list[Shot]] = {}
    for shot in plan.shots:
        by_weapon.setdefault(shot.weapon, []).append(shot)
    for index, shots in by_weapon.items():
        if not ship.on_table:
            return
        _fire_system(battle, ship, index, shots)
    if plan.depth_charges and ship.on_table:
        drop_depth_charges(battle, ship, plan.depth_charges)


def _fire_system(battle: Battle, ship: ShipState, index: int, shots: Iterable[Shot]) -> None:
    from tactical.environment import reveal
    from tactical.mtb import gun_at_boat
    from tactical.variants import (
        after_attack,
        fog_of_war_redirect,
        hit_roll_options,
        illuminate_on_main_guns,
        night_001_light_guns,
    )

    weapon = ship.card.weapons[index]
    state = ship.weapons[index]
    checks = []
    if Vital.MAGAZINE_ABLAZE in ship.vitals:
        checks.append(("Magazine Ablaze", "000 Vital Systems"))
    if any(effect.get("turret_check") == index for effect in ship.level_effects.values()):
        checks.append(("Turret Damaged", "000 Weapons Area"))
    if ship.shore_effects.get("each_weapon_4plus"):
        checks.append(("Shore Battery critical", "000 Shore Battery Critical Hits"))
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
    if weapon.kind is WeaponKind.MAIN_GUN:
        reveal(battle, ship, "it fired its Main Guns")
        illuminate_on_main_guns(battle, ship)
    night_001_light_guns(battle, ship, weapon)
    if weapon.kind is WeaponKind.TORPEDO:
        ship.torpedo_turn = battle.state.turn
    for shot in shots:
        boat = battle.state.mtbs.get(shot.target)
        if boat is not None:
            if boat.on_table:
                if state.loaded is not None:
                    state.loaded -= shot.dice
                gun_at_boat(battle, ship, index, boat, shot.dice)
            continue
        target = battle.state.ships[shot.target]
        if not target.on_table:
            continue
        target = fog_of_war_redirect(battle, ship, target, weapon)
        line = line_of_fire(battle, ship, weapon, target)
        if line.band is None:
            continue
        mods = attack_modifiers(ship, weapon, target, line, battle)
        dice = shot.dice // 2 if line.beyond_horizon else shot.dice
        if state.loaded is not None:
            state.loaded -= shot.dice
        modifier = sum(v for _, v in mods)
        twin, evade = hit_roll_options(battle, ship, weapon, target)
        hits = roll_to_hit(
            battle.dice,
            dice,
            modifier,
            label=f"{ship.name} {weapon.name} at {target.name}",
            twin_linked=twin,
            target_evading=evade,
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
        hits = after_attack(battle, ship, weapon, target, line, hits)
        roll_damage(battle, ship, weapon, target, hits, line.band, line.side_arc)
