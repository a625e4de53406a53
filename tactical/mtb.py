"""Motor Torpedo Boats (000 "Motor Torpedo Boats": MTB Sections, Weapon Systems, Movement Phase, Gunnery Phase,
Shooting at MTB Sections, Armour, Strafing Aircraft, Smoke Screens, Kamikaze Attack).  Distances in inches.

* An MTB Section (two boats on one base) has no facing or arcs and never gives Orders.  All Sections of a side
  move at once after the ships and before the aircraft, the Initiative winner choosing which side moves its
  Sections first; each moves up to its Flank Speed (halved in bad weather) in any direction (:class:`BoatMove`).
* Attack by base contact (within 3" of the ship's bridge, R-TAC-23), at most four Sections on one ship a turn.
  When its side nominates "MTB Sections" in the Gunnery Phase, every Section in contact attacks at point blank
  range with its Light Guns (1 AD each, AP -2, DD 1, Weak) and all its torpedoes (One-Shot; the printed torpedo
  row is lost, so the Mk15 profile of the US destroyer cards, AP 0, DD 3, Devastating, R-TAC-40).
* Shooting at Sections: only Light Guns and AA Batteries of ships (no Large Silhouette bonus) and aircraft Bombs,
  and strafing by any Flight (1 AD, AP +4, DD 1; :func:`tactical.aircraft.air_attack_boat`).  AA Batteries fire at
  them automatically in the AA fire at the end of the Movement Phase (:mod:`tactical.aa`), hitting on 4+ with the
  Attack Dice modifiers (R-TAC-41), their Local dice only at a Section in contact.  Each hit rolls Damage Dice
  (AA: one) against the Section's Armour, without AP (strafing keeps its AP +4, R-TAC-42): higher destroys it,
  equal drives it off (it loses its One-Shot torpedoes and makes no attack this turn).
* Smoke screen (once a game, at the end of its move, until the End Phase): enemy hits on it must be rolled again.
* Kamikaze boats: declared in the move; Local fire at them +1; the attack (1 AD, DD 2, Devastating, One-Shot) ignores
  range modifiers and rolls a miss again; the Section is spent whatever happens.
* Bad weather: no Light Guns, AA or torpedoes for MTB Sections.
"""

from __future__ import annotations

from scenarios.cards import Arc, WeaponKind, WeaponSystem
from tactical import events as ev
from tactical.attack_dice import fast_target, roll_to_hit, size_and_facing, smoke_blocks
from tactical.captain import Captain
from tactical.coast import land_blocks, on_land
from tactical.damage import roll_damage
from tactical.environment import attack_environment_modifiers, dark, limits
from tactical.geometry import RANGE_MODIFIER, RangeBand, arcs_of, distance, in_side_arc, path_length, range_band
from tactical.hull import award_points
from tactical.orders import IllegalOrder, all_hands, evading
from tactical.plans import BoatMove
from tactical.state import Battle, MTBState, ShipState, Status

R_MTB_MOVE = "000 MTB Sections: Movement Phase"
R_MTB_ATTACK = "000 Attacking with MTB Sections"
R_MTB_SHOOT = "000 Shooting at MTB Sections"
R_MTB_ARMOUR = "000 MTB Sections: Armour"
R_STRAFE = "000 Strafing Aircraft"
R_MTB_SMOKE = "000 MTB Sections: Smoke Screens"
R_MTB_KAMIKAZE = "000 MTB Sections: Kamikaze Attack"

CONTACT = 3.0
"""R-TAC-23: base contact with a ship: within 3" of its bridge."""
MAX_ON_ONE_SHIP = 4
MTB_NOMINEE = "<MTB sections>"
"""The name a captain nominates in the Gunnery Phase to attack with all its MTB Sections."""

ALL_ARCS = [Arc.FORE, Arc.STARBOARD, Arc.AFT, Arc.PORT]


def light_guns(boat: MTBState) -> WeaponSystem:
    """000 MTB Weapon Systems: Light Guns, AP -2, DD 1, Weak; the Section's Attack Dice."""
    return WeaponSystem(
        name="Light Guns", kind=WeaponKind.LIGHT_GUN, arcs=ALL_ARCS, ranges=(3, 3, 3, 3),
        ad=max(boat.card.light_guns, 1), ap=-2, dd=1, traits=["Weak"],
    )  # fmt: skip


def torpedoes(count: int) -> WeaponSystem:
    """The MTB torpedo (R-TAC-40: the Mk15 profile of the published US cards, One-Shot)."""
    return WeaponSystem(
        name="Torpedoes", kind=WeaponKind.TORPEDO, arcs=ALL_ARCS, ranges=(2, 5, 7, 10),
        ad=max(count, 1), ap=0, dd=3, traits=["Devastating", "One-Shot"],
    )  # fmt: skip


KAMIKAZE_CHARGE = WeaponSystem(
    name="Kamikaze Attack", kind=WeaponKind.TORPEDO, arcs=ALL_ARCS, ranges=(3, 3, 3, 3),
    ad=1, ap=0, dd=2, traits=["Devastating", "One-Shot"],
)  # fmt: skip
"""000 Kamikaze Attack (MTB): 1 AD, DD 2, Devastating, One-Shot."""

STRAFING = WeaponSystem(
    name="Strafing Attack", kind=WeaponKind.LIGHT_GUN, arcs=ALL_ARCS, ranges=(3, 3, 3, 3), ad=1, ap=4, dd=1,
)
"""000 Strafing Aircraft: 1 AD, AP +4, DD 1 (only against MTB Sections)."""


def max_move(battle: Battle, boat: MTBState) -> float:
    """A Section's Flank Speed this turn (halved in bad weather)."""
    speed = float(boat.card.flank_speed)
    return speed / 2 if battle.state.bad_weather else speed


# --------------------------------------------------------------------------- movement


def verify_boat_plan(battle: Battle, side: int, plan: dict[str, BoatMove]) -> None:
    attackers: dict[str, int] = {}
    for name, move in plan.items():
        boat = battle.state.mtbs.get(name)
        if boat is None or boat.side != side or not boat.on_table:
            raise IllegalOrder(R_MTB_MOVE, f"{name} is not an MTB Section of {battle.side_name(side)} on the table")
        assert boat.pos is not None
        points = [boat.pos, *move.path]
        length = path_length(points)
        if length > max_move(battle, boat) + 1e-6:
            raise IllegalOrder(R_MTB_MOVE, f"{name} may move {max_move(battle, boat):g}\", not {length:.1f}\"")
        end = points[-1]
        if not battle.state.table.contains(end):
            raise IllegalOrder(R_MTB_MOVE, f"{name} would leave the table")
        if on_land(battle, end):
            raise IllegalOrder("000 Land", f"{name} cannot end on land")
        if move.smoke and (boat.smoke_used or not boat.card.smoke):
            raise IllegalOrder(R_MTB_SMOKE, f"{name} has no smoke screen left")
        if move.kamikaze and not boat.card.kamikaze:
            raise IllegalOrder(R_MTB_KAMIKAZE, f"{name} is not a kamikaze boat")
        if move.attack is not None:
            target = battle.state.ships.get(move.attack)
            if target is None or target.side == side or not target.on_table or target.pos is None:
                raise IllegalOrder(R_MTB_ATTACK, f"{move.attack} is not an enemy ship on the table")
            if target.underwater:
                raise IllegalOrder(R_MTB_ATTACK, f"{move.attack} is submerged")
            if distance(end, target.pos) > CONTACT + 1e-6:
                raise IllegalOrder(R_MTB_ATTACK, f"{name} must end in base contact with {move.attack}")
            attackers[move.attack] = attackers.get(move.attack, 0) + 1
    for boat in battle.state.boats(side):
        if boat.name not in plan and boat.target is not None:
            attackers[boat.target] = attackers.get(boat.target, 0) + 1
    for ship, count in attackers.items():
        if count > MAX_ON_ONE_SHIP:
            raise IllegalOrder(R_MTB_ATTACK, f"at most four MTB Sections may attack {ship} in a turn, not {count}")


def move_boats(battle: Battle, side: int, plan: dict[str, BoatMove]) -> None:
    verify_boat_plan(battle, side, plan)
    for name, move in plan.items():
        boat = battle.state.mtbs[name]
        assert boat.pos is not None
        start = boat.pos
        points = [start, *move.path]
        boat.pos = points[-1]
        boat.moved = path_length(points)
        boat.has_moved = True
        boat.target = move.attack
        boat.kamikaze = move.kamikaze
        battle.log.emit(
            ev.MTBMoved, ship=name, side=battle.side_name(side), distance=boat.moved,
            pos=(boat.pos[0], boat.pos[1]), attack=move.attack,
        )
        if move.smoke:
            boat.smoke_used = True
            boat.smoke_turn = battle.state.turn
            battle.log.emit(ev.MTBSmoke, ship=name, side=battle.side_name(side))
    for boat in battle.state.boats(side):
        if boat.name not in plan:
            boat.has_moved = True


def boat_movement(battle: Battle, captains: tuple[Captain, Captain]) -> None:
    """000 MTB Sections: Movement Phase: after the ships, before the aircraft; the Initiative winner chooses."""
    if not any(m.on_table for m in battle.state.mtbs.values()):
        return
    assert battle.state.initiative is not None
    winner = battle.state.initiative
    first_self = captains[winner].boats_first(battle, winner)
    order = (winner, 1 - winner) if first_self else (1 - winner, winner)
    for side in order:
        if battle.state.boats(side):
            plan = captains[side].plan_boats(battle, side)
            move_boats(battle, side, plan)


# --------------------------------------------------------------------------- shooting at boats


def smoke_screened(battle: Battle, boat: MTBState) -> bool:
    return boat.smoke_turn == battle.state.turn


def boat_visible(battle: Battle, ship: ShipState, boat: MTBState) -> bool:
    """At night or in bad weather a Section is seen only within the automatic spotting distance (R-TAC-43)."""
    if not dark(battle) or boat.name in battle.state.lit:
        return True
    assert ship.pos is not None and boat.pos is not None
    return distance(ship.pos, boat.pos) <= limits(battle)[1] + 1e-9


def gun_refusal(battle: Battle, ship: ShipState, index: int, boat: MTBState) -> str | None:
    """Why weapon ``index`` of ``ship`` may not fire at ``boat`` in the Gunnery Phase (only Light Guns)."""
    weapon = ship.card.weapons[index]
    if boat.side == ship.side or not boat.on_table or boat.pos is None or ship.pos is None:
        return f"{R_MTB_SHOOT}: {boat.name} is not an enemy MTB Section on the table"
    if weapon.kind is not WeaponKind.LIGHT_GUN:
        return f"{R_MTB_SHOOT}: only Light Guns and AA Batteries may fire at MTB Sections"
    if not arcs_of(ship.pos, ship.heading, boat.pos) & weapon.arc_set:
        return f"000 Fire Arcs: {boat.name} is outside the arcs of {weapon.name}"
    if range_band(weapon.ranges, distance(ship.pos, boat.pos)) is None:
        return f"000 Nominate Targets: {boat.name} is out of range of {weapon.name}"
    return sight_refusal(battle, ship, weapon, boat)


def sight_refusal(battle: Battle, ship: ShipState, weapon: WeaponSystem, boat: MTBState) -> str | None:
    """Why ``ship`` cannot see ``boat`` to fire ``weapon`` at it, or ``None``: smoke or land between them, or the
    dark (000 Nominate Targets: a visible target; Create Smoke!, Land, R-TAC-43).  The same for Light Guns and AA
    Batteries (000 MTB Sections: AA "as normal"; R-TAC-72)."""
    assert ship.pos is not None and boat.pos is not None
    if smoke_blocks(battle, ship, boat.pos, weapon):
        return f"000 Create Smoke!: smoke lies between {ship.name} and {boat.name}"
    if land_blocks(battle, ship.pos, boat.pos):
        return f"000 Land: land lies between {ship.name} and {boat.name}"
    if not boat_visible(battle, ship, boat):
        return f"000 Night Battles: {boat.name} cannot be seen (R-TAC-43)"
    return None


def boat_modifiers(battle: Battle, ship: ShipState, weapon: WeaponSystem, boat: MTBState) -> list[tuple[str, int]]:
    """Attack Dice modifiers against a Section: range band, never Large Silhouette, fast target ignored by Light
    Guns and AA, the firer's Evade! and All Hands on Deck!, night and bad weather."""
    assert ship.pos is not None and boat.pos is not None
    band = range_band(weapon.ranges, distance(ship.pos, boat.pos)) or RangeBand.POINT_BLANK
    mods = [(f"{band.label} range", RANGE_MODIFIER[band])]
    if evading(ship):
        mods.append(("firing ship on Evade!", -1))
    if all_hands(ship):
        mods.append(("All Hands on Deck!", -1))
    if boat.name not in battle.state.lit:
        mods.extend(m for m in attack_environment_modifiers(battle, ship.side, None, None) if m[0] != "night")
        if battle.state.night:
            mods.append(("night", -1))
    return [(w, v) for w, v in mods if v]


def boat_hit_options(battle: Battle, weapon: WeaponSystem, boat: MTBState) -> tuple[bool, bool]:
    """(misses re-rolled, hits re-rolled) of a ship's gun at a Section: Twin-Linked; the Section's smoke screen
    (000 MTB Sections: Smoke Screens)."""
    return weapon.has("Twin-Linked"), smoke_screened(battle, boat)


def hit_boat(battle: Battle, attacker: str, weapon: WeaponSystem, boat: MTBState, hits: int, *, ap: bool) -> None:
    """Damage Dice of ``hits`` hits against the Section's Armour (no AP unless ``ap``): higher destroys it, equal
    drives it off (000 MTB Sections: Armour)."""
    if hits <= 0 or not boat.on_table:
        return
    dice = hits * max(weapon.dd, 1)
    faces = battle.dice.roll(dice, 6, label=f"{attacker} {weapon.name} damage vs {boat.name}", rule=R_MTB_ARMOUR)
    bonus = weapon.ap if ap else 0
    armour = boat.card.armour
    destroyed = any(f != 1 and f + bonus > armour for f in faces)
    driven = any(f != 1 and f + bonus == armour for f in faces)
    battle.log.emit(
        ev.MTBDamage, ship=boat.name, side=battle.side_name(boat.side), faces=faces, attacker=attacker,
        weapon=weapon.name, dice=dice, armour=armour,
        outcome="destroyed" if destroyed else "driven off" if driven else "no effect",
    )
    if destroyed:
        sink_boat(battle, boat, attacker)
    elif driven:
        drive_off(battle, boat)


def sink_boat(battle: Battle, boat: MTBState, by: str) -> None:
    boat.status = Status.SUNK
    boat.target = None
    battle.log.emit(ev.MTBSunk, ship=boat.name, side=battle.side_name(boat.side), by=by)
    award_points(battle, boat.name, boat.side, boat.card.points, 1.0, "destroyed")


def drive_off(battle: Battle, boat: MTBState) -> None:
    boat.driven_off = True
    boat.torpedoes = 0
    boat.charge = False if boat.card.kamikaze else boat.charge
    battle.log.emit(ev.MTBDrivenOff, ship=boat.name, side=battle.side_name(boat.side))


def gun_at_boat(battle: Battle, ship: ShipState, index: int, boat: MTBState, dice: int) -> None:
    """A ship's Light Guns at a Section in the Gunnery Phase."""
    weapon = ship.card.weapons[index]
    mods = boat_modifiers(battle, ship, weapon, boat)
    modifier = sum(v for _, v in mods)
    twin, screened = boat_hit_options(battle, weapon, boat)
    hits = roll_to_hit(
        battle.dice, dice, modifier, label=f"{ship.name} {weapon.name} at {boat.name}",
        twin_linked=twin, target_evading=screened,
    )  # fmt: skip
    battle.log.emit(
        ev.FireOnMTB, ship=ship.name, side=battle.side_name(ship.side), target=boat.name, hits=hits,
        weapon=weapon.name, dice=dice, need=4 - modifier, mods=tuple(mods),
    )
    hit_boat(battle, ship.name, weapon, boat, hits, ap=False)


# --------------------------------------------------------------------------- the Sections' attacks


def ready_boats(battle: Battle, side: int) -> list[MTBState]:
    return [
        m
        for m in battle.state.boats(side)
        if m.target is not None and not m.attacked and not m.driven_off
        and (t := battle.state.ships.get(m.target)) is not None and t.on_table
    ]  # fmt: skip


def boat_attacks(battle: Battle, side: int, captain: Captain) -> None:
    """000 Attacking with MTB Sections: every Section of ``side`` in contact attacks (simultaneous, one at a time)."""
    boats = ready_boats(battle, side)
    name = battle.side_name(side)
    battle.log.emit(ev.MTBAttacks, side=name)
    for boat in boats:
        if not boat.on_table or boat.target is None:
            continue
        target = battle.ship(boat.target)
        if not target.on_table:
            continue
        boat.attacked = True
        attack_with_boat(battle, boat, target)


def _boat_attack_mods(battle: Battle, boat: MTBState, target: ShipState, *, kamikaze: bool) -> list[tuple[str, int]]:
    assert boat.pos is not None and target.pos is not None
    mods: list[tuple[str, int]] = [] if kamikaze else [("point blank range", +1)]
    mods.extend(size_and_facing(battle, target, in_side_arc(target.pos, target.heading, boat.pos)))
    if target.stationary:
        mods.append(("stationary target", +1))
    mods.extend(attack_environment_modifiers(battle, boat.side, None, target))
    return mods


def attack_with_boat(battle: Battle, boat: MTBState, target: ShipState) -> None:
    assert boat.pos is not None and target.pos is not None
    side_arc = in_side_arc(target.pos, target.heading, boat.pos)
    if boat.card.kamikaze:
        if not boat.kamikaze or not boat.charge:
            return
        mods = _boat_attack_mods(battle, boat, target, kamikaze=True)
        modifier = sum(v for _, v in mods)
        hits = roll_to_hit(
            battle.dice, 1, modifier, label=f"{boat.name} kamikaze attack on {target.name}", twin_linked=True,
            target_evading=evading(target),
        )  # fmt: skip
        battle.log.emit(
            ev.MTBRam, ship=boat.name, side=battle.side_name(boat.side), target=target.name, hits=hits,
            need=4 - modifier,
        )  # fmt: skip
        roll_damage(battle, boat, KAMIKAZE_CHARGE, target, hits, RangeBand.POINT_BLANK, side_arc)
        boat.status = Status.SUNK
        boat.charge = False
        battle.log.emit(ev.MTBSpent, ship=boat.name)
        return
    if battle.state.bad_weather:
        battle.log.emit(ev.MTBWeatherBound, ship=boat.name)
        return
    base = _boat_attack_mods(battle, boat, target, kamikaze=False)
    if boat.card.light_guns:
        weapon = light_guns(boat)
        modifier = sum(v for _, v in base)  # Light Guns ignore the fast moving target penalty
        hits = roll_to_hit(
            battle.dice, boat.card.light_guns, modifier, label=f"{boat.name} Light Guns at {target.name}",
            target_evading=evading(target),
        )  # fmt: skip
        battle.log.emit(
            ev.MTBGuns, ship=boat.name, side=battle.side_name(boat.side), target=target.name, hits=hits,
            dice=boat.card.light_guns, need=4 - modifier,
        )  # fmt: skip
        roll_damage(battle, boat, weapon, target, hits, RangeBand.POINT_BLANK, side_arc)
    if boat.torpedoes > 0 and target.on_table:
        count = boat.torpedoes
        weapon = torpedoes(count)
        mods = [*base, ("torpedo", -2)]
        if fast_target(target):
            mods.append(("fast moving target", -1))
        modifier = sum(v for _, v in mods)
        boat.torpedoes = 0
        hits = roll_to_hit(
            battle.dice, count, modifier, label=f"{boat.name} torpedoes at {target.name}",
            target_evading=evading(target),
        )  # fmt: skip
        battle.log.emit(
            ev.MTBTorpedoes, ship=boat.name, side=battle.side_name(boat.side), target=target.name, hits=hits,
            count=count, need=4 - modifier,
        )  # fmt: skip
        roll_damage(battle, boat, weapon, target, hits, RangeBand.POINT_BLANK, side_arc)


def reset_boats(battle: Battle) -> None:
    """Start of a turn: contacts are declared afresh in each move (R-TAC-23)."""
    for boat in battle.state.mtbs.values():
        boat.reset_turn()
        boat.target, boat.kamikaze = None, False

