"""Gunnery: target nomination, arc and range checks and the fire of ships' weapon systems (000 "Gunnery
Phase", "Nominate Targets", "Maximum Visual Range", "Splitting Fire", "Torpedoes", "Beyond the Horizon Attacks",
"Fire Arcs", "Firing", "Attack Dice Modifiers", Weapon Traits, Evade!, All Hands on Deck!), with what the
additional rules change: night and bad weather (:mod:`tactical.environment`: spotting, -1, searchlights and star
shells declared in the fire plan), land blocking lines of fire, torpedo nets, running aground, Shore Batteries
(+1, their critical effects), Coastal Structures' own modifier, submarines (only torpedoes while submerged; only
depth charges against them, :mod:`tactical.submarines`), MTB Sections as targets of Light Guns (:mod:`tactical.mtb`),
DP guns used as AA, and the optional modules of :mod:`tactical.options`.

A ship's :class:`FirePlan` nominates a target (and a number of dice) for every weapon system that fires, all
before any die is rolled; :func:`verify_fire_plan` raises :class:`~tactical.orders.IllegalOrder` naming the rule
broken; :func:`fire` resolves it system by system.  The line of fire, the Attack Dice modifiers and the roll to
hit (with its re-rolls, R-TAC-14) are :mod:`tactical.attack_dice`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from scenarios.cards import MAIN_GUN_TARGETS_AT_POINT_BLANK, ShipType, WeaponKind
from tactical import events as ev
from tactical.attack_dice import (
    R_GUNNERY,
    R_MODS,
    attack_modifiers,
    hit_chance,
    hit_score,
    line_of_fire,
    roll_to_hit,
)
from tactical.coast import net_blocks
from tactical.damage import roll_damage
from tactical.environment import (
    fire_star_shells,
    radar_controlled,
    reveal,
    star_shell_system,
    use_searchlight,
    visibility_refusal,
)
from tactical.geometry import (
    VISUAL_RANGE,
    LineOfFire,
    RangeBand,
    arcs_of,
    distance,
    in_side_arc,
    range_band,
)
from tactical.mtb import gun_at_boat, gun_refusal
from tactical.orders import IllegalOrder, evading
from tactical.plans import FirePlan, Shot
from tactical.state import Battle, MTBState, ShipState, Vital
from tactical.submarines import attempt_detection, drop_depth_charges
from tactical.variants import (
    after_attack,
    before_fire,
    early_radar_at_night,
    fog_of_war_redirect,
    hit_roll_options,
    illuminate_on_main_guns,
    largest_first_refusal,
    night_001_light_guns,
    option_weapon_refusal,
    splash_dice,
)

R_NOMINATE = "000 Nominate Targets"


# --------------------------------------------------------------------------- the roll to hit


@dataclass(frozen=True)
class ToHit:
    """How weapon system ``index`` of a ship rolls to hit a target from where both stand now (000 Firing, Attack
    Dice Modifiers, Re-Rolls, Beyond the Horizon Attacks): the line of fire, every Attack Dice modifier the engine
    applies (:func:`~tactical.attack_dice.attack_modifiers`) and the re-roll rules."""

    line: LineOfFire
    modifiers: tuple[tuple[str, int], ...]
    twin_linked: bool
    """Misses rolled again (Twin-Linked, Kaiten)."""
    target_evading: bool
    """Hits rolled again (target on Evade!)."""
    wakeless: bool
    fewer_dice: int = 0
    """Attack Dice lost to other ships' splash markers (003 Splash Counters, option; R-TAC-78)."""

    @property
    def modifier(self) -> int:
        return sum(v for _, v in self.modifiers)

    @property
    def beyond_horizon(self) -> bool:
        return self.line.beyond_horizon

    @property
    def score(self) -> int:
        """The D6 face each die needs (:func:`~tactical.attack_dice.hit_score`)."""
        return hit_score(self.modifier, beyond_horizon=self.beyond_horizon)

    @property
    def need(self) -> str:
        """The score as the battle log writes it: ``"4+"`` or ``"natural 6"``."""
        return "natural 6" if self.beyond_horizon else f"{self.score}+"

    @property
    def chance(self) -> Fraction:
        """The exact chance that one die rolled hits, re-rolls included (:func:`~tactical.attack_dice.hit_chance`)."""
        return hit_chance(
            self.modifier,
            twin_linked=self.twin_linked,
            target_evading=self.target_evading,
            wakeless=self.wakeless,
            beyond_horizon=self.beyond_horizon,
        )

    def dice(self, nominated: int) -> int:
        """The dice rolled for ``nominated`` Attack Dice: half (rounding down) Beyond the Horizon (000 Beyond the
        Horizon Attacks), then less the splash markers' dice (R-TAC-78), never below none."""
        return max((nominated // 2 if self.beyond_horizon else nominated) - self.fewer_dice, 0)


def to_hit(battle: Battle, ship: ShipState, index: int, target: ShipState) -> ToHit | None:
    """The roll to hit of weapon system ``index`` of ``ship`` at ``target`` now (``None`` when out of range), as
    :func:`fire` makes it; nothing is rolled."""
    weapon = ship.card.weapons[index]
    line = line_of_fire(battle, ship, weapon, target)
    if line.band is None:
        return None
    mods = attack_modifiers(ship, weapon, target, line, battle)
    twin, evade = hit_roll_options(battle, ship, weapon, target)
    return ToHit(line, tuple(mods), twin, evade, weapon.has("Wakeless"), splash_dice(battle, ship, weapon, target))


def side_arc_dice_limit(ship: ShipState, index: int) -> int | None:
    """000 Restricted: the most Attack Dice weapon system ``index`` may fire into the ship's side arcs (half its
    Attack Dice, rounding up); ``None`` when it is not Restricted."""
    if not ship.card.weapons[index].has("Restricted"):
        return None
    return math.ceil(ship.weapon_ad(index) / 2)


# --------------------------------------------------------------------------- nomination


def usable_now(battle: Battle, ship: ShipState, index: int) -> str | None:
    """Why weapon system ``index`` cannot fire this turn, or ``None`` if it can (before targets are considered)."""
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
    launches one a turn); cached on the ship (:meth:`~tactical.state.ShipState.derived`)."""
    return ship.derived(("max_dice", index), _max_dice, ship, index)


def _max_dice(ship: ShipState, index: int) -> int:
    ad = ship.weapon_ad(index)
    if ship.card.weapons[index].has("Kaiten"):
        ad = min(ad, 1)
    loaded = ship.weapons[index].loaded
    return min(ad, loaded) if loaded is not None else ad


def target_refusal(battle: Battle, ship: ShipState, index: int, target: ShipState) -> str | None:
    """Why weapon system ``index`` of ``ship`` may not fire at ``target``, or ``None`` (arc, range, horizon, smoke,
    land, torpedo nets, visibility, submarines, Main Guns at point blank; 001 early radar at night: the largest
    enemy first, R-TAC-87)."""
    why = _line_refusal(battle, ship, index, target)
    if why is not None or not early_radar_at_night(battle, ship):
        return why
    pool = [e for e in battle.state.enemies(ship) if _line_refusal(battle, ship, index, e) is None]
    return largest_first_refusal(battle, ship, target, pool)


def _line_refusal(battle: Battle, ship: ShipState, index: int, target: ShipState) -> str | None:
    if target.side == ship.side:
        return f"{R_NOMINATE}: {target.name} is a friendly ship"
    if not target.on_table:
        return f"{R_NOMINATE}: {target.name} is not on the table"
    weapon = ship.card.weapons[index]
    if target.underwater:
        return f"000 Depth Charges: a submerged submarine may be attacked only with depth charges ({target.name})"
    assert ship.pos is not None and target.pos is not None
    # the arc and the range first, as line_of_fire finds them, before its smoke and land are traced (issue 18)
    if not arcs_of(ship.pos, ship.heading, target.pos) & weapon.arc_set:
        return f"000 Fire Arcs: {target.name} is outside the arcs of {weapon.name}"
    reach = distance(ship.pos, target.pos)
    if range_band(weapon.ranges, reach) is None:
        return f"{R_NOMINATE}: {target.name} is out of range of {weapon.name} ({reach:.1f}\")"
    spotted_far = target.name in battle.state.spotted.get(ship.side, [])
    if reach > VISUAL_RANGE and not (target.stationary and spotted_far):
        return (
            f"000 Maximum Visual Range: {target.name} is {reach:.1f}\" away; beyond 30\" only a stationary "
            "target spotted by an Observation Flight may be attacked"
        )
    line = line_of_fire(battle, ship, weapon, target)
    if line.over_land and not target.stationary:  # over land, a stationary target only, Beyond the Horizon
        return f"000 Land: land lies between {ship.name} and {target.name}"  # (R-TAC-73)
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
    ranges = ship.card.weapons[index].ranges
    return [
        t for t in battle.state.enemies(ship)
        if not _out_of_range(ship, ranges, t) and target_refusal(battle, ship, index, t) is None
    ]  # fmt: skip


def _out_of_range(ship: ShipState, ranges: tuple[float, ...] | None, target: ShipState) -> bool:
    """Whether ``target`` is beyond every range band of the system (:func:`target_refusal` refuses it then, for
    the range or for an earlier reason): tested first, so that no line of fire is traced to it (issue 18)."""
    if ship.pos is None or target.pos is None:
        return False
    return range_band(ranges, distance(ship.pos, target.pos)) is None


def legal_boat_targets(battle: Battle, ship: ShipState, index: int) -> list[MTBState]:
    """The enemy MTB Sections weapon system ``index`` may fire at now (Light Guns only)."""
    if not battle.state.mtbs or usable_now(battle, ship, index) is not None:
        return []
    return [b for b in battle.state.boats(1 - ship.side) if gun_refusal(battle, ship, index, b) is None]


def star_shell_dice(ship: ShipState, plan: FirePlan) -> tuple[int | None, int]:
    if not plan.star_shells:
        return None, 0
    return star_shell_system(ship), len(plan.star_shells)


def verify_fire_plan(battle: Battle, ship: ShipState, plan: FirePlan) -> None:
    """Raises :class:`IllegalOrder` unless every nomination of ``plan`` is legal (000 Nominate Targets,
    Splitting Fire, Torpedoes, Restricted, One-Shot, Slow-Loading, Evade!, Main Guns at point blank; star shells
    use Light Gun dice)."""
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
        side_limit = side_arc_dice_limit(ship, index)
        if side_limit is not None and side_dice > side_limit:
            raise IllegalOrder(
                "000 Restricted", f"{weapon.name} may fire at most {side_limit} Attack Dice into the side arcs"
            )


def fire(battle: Battle, ship: ShipState, plan: FirePlan) -> None:
    """Resolve ``plan``: searchlights, star shells and submarine detection first (they change what the verification
    sees), then the verified shots system by system, and depth charges."""
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
        battle.log.emit(ev.HeldFire, ship=ship.name, side=battle.side_name(ship.side))
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
            battle.log.emit(ev.Misfire, ship=ship.name, side=battle.side_name(ship.side), weapon=weapon.name, why=what)
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
        attack = to_hit(battle, ship, index, target)
        if attack is None:
            continue
        line, mods, modifier = attack.line, list(attack.modifiers), attack.modifier
        assert line.band is not None
        dice = attack.dice(shot.dice)
        if state.loaded is not None:
            state.loaded -= shot.dice
        hits = roll_to_hit(
            battle.dice,
            dice,
            modifier,
            label=f"{ship.name} {weapon.name} at {target.name}",
            twin_linked=attack.twin_linked,
            target_evading=attack.target_evading,
            wakeless=attack.wakeless,
            beyond_horizon=attack.beyond_horizon,
        )
        need = attack.need
        battle.log.emit(
            ev.GunneryAttack,
            ship=ship.name,
            side=battle.side_name(ship.side),
            target=target.name,
            weapon=weapon.name,
            dice=dice,
            hits=hits,
            modifier=modifier,
            range=round(line.distance, 2),
            distance=line.distance,
            band=line.band.label,
            need=need,
            mods=tuple(mods),
        )
        hits = after_attack(battle, ship, weapon, target, line, hits, modifier)
        roll_damage(battle, ship, weapon, target, hits, line.band, line.side_arc)
