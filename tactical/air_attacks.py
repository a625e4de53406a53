"""Attacking with aircraft (000 Attacking with Aircraft, Kamikaze, Attacking Deep Deployment Carriers, MTB
Sections strafed; R-TAC-20): every armed Flight in contact with an enemy ship rolls its D6 on the Attack with
Aircraft number with the Attack Dice modifiers, then its payload's Damage Dice.  The whole picture is in the
docstring of :mod:`tactical.aircraft`.
"""

from __future__ import annotations

from scenarios.cards import AircraftRole, WeaponKind
from tactical import events as ev
from tactical.aa import drop_contacts, shoot_down
from tactical.air_movement import attack_target
from tactical.aircraft import (
    ASW_RANGE,
    R_ATTACK,
    ROLL_TO_HIT,
    SHIP_CONTACT,
    payload,
)
from tactical.attack_dice import fast_target, roll_to_hit, size_and_facing
from tactical.captain import Captain
from tactical.criticals import raise_area
from tactical.damage import roll_damage
from tactical.dogfights import dogfight_roll
from tactical.environment import attack_environment_modifiers
from tactical.geometry import (
    RangeBand,
    distance,
    in_side_arc,
)
from tactical.hull import award_points
from tactical.mtb import R_STRAFE, STRAFING, hit_boat, smoke_screened
from tactical.orders import IllegalOrder, evading
from tactical.state import Area, Battle, Depth, FlightState, FlightStatus, MTBState, ShipState, Status
from tactical.submarines import asw_spotting

# --------------------------------------------------------------------------- attacks


def ready_attackers(battle: Battle, side: int) -> list[FlightState]:
    """Flights of ``side`` able to attack now: in contact with an enemy target, not attacked yet this turn, with a
    payload (or strafing an MTB Section, or diving as a kamikaze)."""
    out = []
    for f in battle.state.air(side):
        if f.target is None or f.attacked:
            continue
        target = attack_target(battle, f.target)
        if target is None or target.side == side:
            continue
        if target.pos is not None and f.pos is not None:
            reach = ASW_RANGE if isinstance(target, ShipState) and target.underwater else SHIP_CONTACT
            if distance(f.pos, target.pos) > reach + 1e-6:
                continue
        if isinstance(target, MTBState):
            if target.on_table:
                out.append(f)
            continue
        if target.status is Status.DEEP or (target.on_table and (f.armed or f.kamikaze)):
            out.append(f)
    return out


def air_attack_modifiers(battle: Battle, flight: FlightState, target: ShipState) -> list[tuple[str, int]]:
    """Modifiers to a Flight's attack roll (R-TAC-20): the Attack Dice modifiers other than range and the torpedo
    -2 (destroyer -1, fast moving target -1, stationary +1, Large Silhouette +1 from the side arcs, a Coastal
    Structure's own modifier), night -1 and bad weather -1; against a surfaced submarine the ASW Attack Modifiers
    replace them (000 Aircraft and Submarines)."""
    assert flight.pos is not None and target.pos is not None
    torpedo = flight.card.role is AircraftRole.TORPEDO_BOMBER
    side = in_side_arc(target.pos, target.heading, flight.pos)
    mods: list[tuple[str, int]] = []
    if target.is_submarine:
        mods.append(("ASW: torpedo" if torpedo else "ASW: bomb or depth charge", -2 if torpedo else -1))
        if torpedo and side:
            mods.append(("ASW: torpedo into a side arc", +1))
        if not torpedo and not side:
            mods.append(("ASW: bomb along the fore-aft line", +1))
    else:
        mods.extend(size_and_facing(battle, target, side))
        if fast_target(target):
            mods.append(("fast moving target", -1))
        if target.stationary:
            mods.append(("stationary target", +1))
        if target.attack_modifier:
            mods.append((f"{target.card.class_name}", target.attack_modifier))
    mods.extend(attack_environment_modifiers(battle, flight.side, None, target))
    return [(w, v) for w, v in mods if v]


def air_attacks(battle: Battle, side: int, captain: Captain) -> None:
    """000 Attacking with Aircraft: every Flight of ``side`` able to attack does so, in the order its captain
    gives (attacks are simultaneous; resolved one at a time).  Deep deployment carriers first face the dogfights
    of the Flights aboard (R-TAC-83)."""
    attackers = ready_attackers(battle, side)
    names = [f.name for f in attackers]
    order = captain.order_air_attacks(battle, side, names)
    if sorted(order) != sorted(names):
        raise IllegalOrder(R_ATTACK, f"the attack order must name exactly {sorted(names)}")
    deep = [n for n in order if (t := battle.state.ships.get(battle.state.flights[n].target or "")) is not None
            and t.status is Status.DEEP]  # fmt: skip
    if deep:
        _deep_interceptions(battle, side, deep)
    battle.log.emit(ev.AirAttacks, side=battle.side_name(side))
    for name in order:
        flight = battle.state.flights[name]
        if not flight.airborne or flight.target is None or flight.attacked:
            continue
        target = attack_target(battle, flight.target)
        flight.attacked = True
        if isinstance(target, MTBState):
            air_attack_boat(battle, flight, target)
        elif target is not None and (target.on_table or target.status is Status.DEEP):
            attack_ship(battle, flight, target)


def air_attack_boat(battle: Battle, flight: FlightState, boat: MTBState) -> None:
    """A Flight on a Section: its Bombs if it has them (the Attack with Aircraft roll), else a strafing attack (1 AD
    at 4+ with point blank +1, AP +4, R-TAC-42)."""
    env = [m for m in attack_environment_modifiers(battle, flight.side, None, None) if m[0] != "night"]
    if battle.state.night and boat.name not in battle.state.lit:
        env.append(("night", -1))
    bombs = flight.armed and flight.card.damage_dice > 0 and payload(flight).kind is WeaponKind.BOMB
    if bombs:
        weapon = payload(flight)
        need = ROLL_TO_HIT[flight.card.role]
        modifier = sum(v for _, v in env)
        hits = roll_to_hit(
            battle.dice, 1, modifier + 4 - need, label=f"{flight.name} bombs {boat.name}",
            target_evading=smoke_screened(battle, boat),
        )  # fmt: skip
        flight.armed = False
        what = f"bombs {boat.name}, needs {need - modifier}+"
    else:
        weapon = STRAFING
        modifier = 1 + sum(v for _, v in env)
        hits = roll_to_hit(
            battle.dice, 1, modifier, label=f"{flight.name} strafes {boat.name}", rule=R_STRAFE,
            target_evading=smoke_screened(battle, boat),
        )  # fmt: skip
        what = f"strafes {boat.name}, needs {4 - modifier}+"
    battle.log.emit(
        ev.AirStrikeOnMTB, ship=flight.name, side=battle.side_name(flight.side), target=boat.name, hits=hits,
        attack=what,
    )
    hit_boat(battle, flight.name, weapon, boat, hits, ap=not bombs)


def attack_ship(battle: Battle, flight: FlightState, target: ShipState) -> None:
    """One Flight's attack on a ship (000 Attacking with Aircraft, Kamikaze, Armoured Deck)."""
    deep = target.status is Status.DEEP
    hidden = target.underwater and not deep
    if hidden and (target.depth is Depth.DEEP or not asw_spotting(battle, flight, target)):
        return
    if deep:
        mods: list[tuple[str, int]] = []
        side_arc = True
    else:
        assert flight.pos is not None and target.pos is not None
        mods = air_attack_modifiers(battle, flight, target)
        side_arc = in_side_arc(target.pos, target.heading, flight.pos)
    need = ROLL_TO_HIT[flight.card.role]
    modifier = sum(v for _, v in mods)
    weapon = payload(flight)
    hits = roll_to_hit(
        battle.dice,
        1,
        modifier + 4 - need,
        label=f"{flight.name} attacks {target.name}",
        twin_linked=flight.kamikaze,
        target_evading=not deep and evading(target),
        wakeless=weapon.has("Wakeless"),
    )
    battle.log.emit(
        ev.AirStrike, ship=flight.name, side=battle.side_name(flight.side), target=target.name, hits=hits,
        modifier=modifier, aircraft=flight.card.name, need=need - modifier, mods=tuple(mods),
        kamikaze=bool(flight.kamikaze),
    )
    if not flight.kamikaze:
        flight.armed = False
    extra: list[tuple[str, int]] = []
    if target.has("Armoured Deck") and flight.card.role in (AircraftRole.DIVE_BOMBER, AircraftRole.KAMIKAZE):
        extra.append(("Armoured Deck", -1))
    dealt = roll_damage(battle, flight, weapon, target, hits, RangeBand.POINT_BLANK, side_arc, extra)
    if flight.kamikaze:
        if dealt > 0 and target.on_table:
            raise_area(battle, target, Area.CREW, cause="Kamikaze")
        flight.status = FlightStatus.SPENT
        drop_contacts(battle, flight)
        battle.log.emit(ev.KamikazeSpent, ship=flight.name, side=battle.side_name(flight.side))


def _deep_interceptions(battle: Battle, side: int, attackers: list[str]) -> None:
    """000 Attacking Deep Deployment Carriers: the carrier player may dogfight the attackers with any Flights still
    aboard its carriers, Fighters first, then the others by Dogfight score (R-TAC-83); a draw keeps the attacker
    from attacking this turn (R-TAC-26)."""
    aboard = [
        f
        for f in battle.state.flights.values()
        if f.side != side and f.status is FlightStatus.ABOARD and battle.ship(f.aboard or "").status is Status.DEEP
    ]
    fighters = [f for f in aboard if f.card.role is AircraftRole.FIGHTER]
    others = sorted((f for f in aboard if f.card.role is not AircraftRole.FIGHTER), key=lambda f: -f.card.dogfight)
    defenders = fighters + others
    for name, defender in zip(attackers, defenders, strict=False):
        flight = battle.state.flights[name]
        result = dogfight_roll(battle, flight, defender, 0, 0)
        if result > 0:
            defender.status = FlightStatus.DESTROYED
            battle.log.emit(ev.ShotDownOverCarrier, ship=defender.name)
            award_points(battle, defender.name, defender.side, defender.card.points, 1.0, "shot down")
        elif result < 0:
            shoot_down(battle, flight, defender.name)
        else:
            flight.attacked = True
            battle.log.emit(ev.HeldOff, ship=flight.name, defender=defender.name)
