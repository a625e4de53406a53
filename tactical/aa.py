"""AA fire (000 "Shooting Down Aircraft", the Local X and DP traits, Aircraft Traits Tough and Very Tough; AA at MTB
Sections, 000 "Shooting at MTB Sections").  Distances in inches.

* AA fire (:func:`aa_fire`): at the start of the Gunnery Phase (with the fire at MTB Sections, R-TAC-41) every
  AA Battery fires its Attack Dice at enemy Flights within its extreme range, and its Local dice at Flights in
  contact; DP Light Guns may use half their Attack Dice (rounding up, at least 1) at up to half their extreme
  range, and then not fire at ships that turn.  Every 6 hits (5-6 against a Torpedo-Bomber in contact with the
  firing ship); Large +1; never another modifier (R-TAC-24).  Tough needs two hits, Very Tough three, from one
  system.  No fire into a dogfight; ship AA cannot reach a Level Bomber (only AA Emplacements and Fighters can).
* AA Batteries fire at MTB Sections in the same AA fire, hitting on 4+ with the Attack Dice modifiers (R-TAC-41),
  their Local dice only at a Section in contact; the Sections' own Local AA fires at the Flights attacking them.
* A Flight shot down is removed and the enemy gains its points (000 Victory Points).

A ship's AA fire is a list of :class:`~tactical.plans.AAShot`, verified by :func:`verify_aa_plan` (raising
:class:`~tactical.orders.IllegalOrder`).  The Local dice fired at Flights flying over a ship are part of the
Flights' move (:func:`tactical.aircraft.overflight_fire`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from scenarios.cards import AircraftRole, ShipType, WeaponKind, WeaponSystem
from tactical import events as ev
from tactical.attack_dice import roll_to_hit, smoke_blocks
from tactical.captain import Captain
from tactical.geometry import EPS, SMOKE_RADIUS, Point, distance, segment_hits_discs
from tactical.hull import award_points
from tactical.mtb import (
    ALL_ARCS,
    R_MTB_SHOOT,
    R_STRAFE,
    boat_modifiers,
    hit_boat,
    sight_refusal,
    smoke_screened,
)
from tactical.orders import IllegalOrder
from tactical.plans import AAShot
from tactical.state import Battle, FlightState, FlightStatus, MTBState, ShipState, Vital

R_AA = "000 Shooting Down Aircraft"
R_LOCAL = "000 Local X"


def shoot_down(battle: Battle, flight: FlightState, by: str) -> None:
    """The Flight is destroyed; the enemy gains its points (000 Victory Points)."""
    flight.status = FlightStatus.DESTROYED
    drop_contacts(battle, flight)
    battle.log.emit(ev.ShotDown, ship=flight.name, side=battle.side_name(flight.side), by=by, aircraft=flight.card.name)
    award_points(battle, flight.name, flight.side, flight.card.points, 1.0, "shot down")


def drop_contacts(battle: Battle, flight: FlightState) -> None:
    for other in battle.state.flights.values():
        if flight.name in other.engaged:
            other.engaged.remove(flight.name)
        if flight.name in other.escorting:
            other.escorting.remove(flight.name)
        if other.supporting == flight.name:
            other.supporting = None
    flight.engaged, flight.escorting, flight.supporting, flight.target = [], [], None, None


def aa_hits_needed(flight: FlightState) -> int:
    """000 Aircraft Traits: Tough needs two hits from one AA Battery system, Very Tough three."""
    return 3 if flight.has("Very Tough") else 2 if flight.has("Tough") else 1


def aa_hit_number(flight: FlightState, *, in_contact_with_firer: bool, local: bool) -> int:
    """The natural roll an AA die needs (R-TAC-24): 6; 5 against a Torpedo-Bomber in contact with the firing ship;
    Large +1 and (Local dice) a kamikaze +1 lower it."""
    need = 5 if in_contact_with_firer and flight.card.role is AircraftRole.TORPEDO_BOMBER else 6
    if flight.has("Large"):
        need -= 1
    if local and flight.kamikaze:
        need -= 1
    return need


def resolve_aa_dice(
    battle: Battle,
    firer: str,
    system: str,
    flight: FlightState,
    dice: int,
    need: int,
    rule: str,
    modifier: int = 0,
) -> bool:
    """Roll ``dice`` AA dice of one system at ``flight``; returns whether it is destroyed (hits accumulate within
    this one firing, Tough/Very Tough)."""
    if dice <= 0 or not flight.airborne:
        return False
    faces = battle.dice.roll(dice, 6, label=f"{firer} {system} at {flight.name}", rule=rule)
    hits = sum(1 for f in faces if f + modifier >= need)
    needed = aa_hits_needed(flight)
    battle.log.emit(
        ev.AAFire, ship=firer, target=flight.name, dice=dice, hits=hits, system=system, need=need - modifier,
        needed=needed,
    )
    if hits >= needed:
        shoot_down(battle, flight, f"{firer} {system}")
        return True
    return False


def local_dice(ship: ShipState, index: int) -> int:
    """The Local X dice of AA Battery ``index``: X, halved (rounding down) once the ship is crippled (R-TAC-24)."""
    weapon = ship.card.weapons[index]
    if not ship.weapons[index].usable:
        return 0
    x = weapon.trait("Local") or 0
    return x // 2 if ship.crippled else x


def aa_allowed(battle: Battle, ship: ShipState) -> bool:
    """000 Bad Weather: destroyers may not use AA Batteries or Light Guns; 000 Land: an aground ship may (001:
    not at all); a submerged submarine has no AA; the victims of a campaign surprise attack fire none in its first
    turns (VITP 18, no return fire; R-CARD-11: :attr:`BattleSpec.surprised`)."""
    surprised = battle.state.surprised
    if surprised is not None and ship.side == surprised[0] and battle.state.turn <= surprised[1]:
        return False
    if battle.state.bad_weather and ship.type is ShipType.DESTROYER:
        return False
    if ship.aground and battle.state.options.coast_001:
        return False
    return not ship.underwater


def in_contact(battle: Battle, flight: FlightState, ship: ShipState) -> bool:
    """A Flight is in contact with the ship it attacks (or lands on)."""
    return flight.airborne and flight.target == ship.name


def aa_targets(battle: Battle, ship: ShipState, index: int, *, local: bool) -> list[FlightState]:
    """Enemy Flights weapon system ``index`` of ``ship`` may fire at now (AA Battery or DP Light Gun)."""
    flights = battle.state.air(1 - ship.side)
    return [f for f in flights if aa_flight_refusal(battle, ship, index, f, local=local) is None]


def aa_flight_refusal(battle: Battle, ship: ShipState, index: int, flight: FlightState, *, local: bool) -> str | None:
    """Why weapon system ``index`` of ``ship`` may not fire at ``flight`` now (rule: reason), or ``None``: not in a
    dogfight nor just launched from deep deployment, a Level Bomber only from an AA Emplacement, Local dice only at
    a Flight in contact, other dice within reach and with no smoke between (000 Create Smoke!, R-TAC-75)."""
    weapon = ship.card.weapons[index]
    if ship.pos is None or not ship.weapons[index].usable or not aa_allowed(battle, ship):
        return f"{R_AA}: {ship.name} cannot use its AA now"
    if flight.side == ship.side or not flight.airborne or flight.pos is None:
        return f"{R_AA}: {flight.name} is not an enemy Flight in the air"
    if flight.engaged:
        return f"{R_AA}: {flight.name} is in a dogfight"
    if flight.protected_turn == battle.state.turn:
        return f"000 Deep Deployment: {flight.name} was launched from deep deployment this turn"
    if flight.has("Level Bomber") and ship.installation != "aa emplacement":
        return f"000 Aircraft Traits: {flight.name} is a Level Bomber, out of reach of ship AA"
    if local:
        return None if in_contact(battle, flight, ship) else f"{R_LOCAL}: {flight.name} is not in contact"
    if weapon.ranges is None:
        return f"{R_AA}: {weapon.name} has no range"
    reach = weapon.ranges[3] / 2 if weapon.kind is WeaponKind.LIGHT_GUN else weapon.ranges[3]
    if distance(ship.pos, flight.pos) > reach + EPS:
        return f"{R_AA}: {flight.name} is out of reach of {weapon.name}"
    if smoke_blocks(battle, ship, flight.pos, weapon):
        return f"000 Create Smoke!: smoke lies between {ship.name} and {flight.name}"
    return None


def aa_score(battle: Battle, ship: ShipState, flight: FlightState, *, local: bool) -> int:
    """The natural roll an AA die of ``ship`` needs against ``flight`` now, as :func:`fire_aa` rolls it: the hit
    number (:func:`aa_hit_number`), one more through smoke laid by friendly ships (001 Smoke, option)."""
    need = aa_hit_number(flight, in_contact_with_firer=in_contact(battle, flight, ship), local=local)
    return need + (1 if _friendly_smoke_between(battle, ship, flight.pos) else 0)


def dp_dice(ship: ShipState, index: int) -> int:
    """000 DP: up to half the weapon's current Attack Dice (rounding up, at least 1) may fire as AA."""
    ad = ship.weapon_ad(index)
    return max(1, math.ceil(ad / 2)) if ad > 0 else 0


def verify_aa_plan(battle: Battle, ship: ShipState, shots: Sequence[AAShot]) -> None:
    """Raise :class:`IllegalOrder` unless ``shots`` are a legal AA fire for ``ship``."""
    if shots and ship.aa_fired:
        raise IllegalOrder(R_AA, f"{ship.name} has already fired its AA this turn")
    totals: dict[tuple[int, bool], int] = {}
    for shot in shots:
        if not 0 <= shot.weapon < len(ship.card.weapons) or shot.dice < 1:
            raise IllegalOrder(R_AA, f"{ship.name}: bad AA nomination {shot}")
        weapon = ship.card.weapons[shot.weapon]
        dp = weapon.kind is WeaponKind.LIGHT_GUN and weapon.has("DP")
        if weapon.kind is not WeaponKind.AA_BATTERY and not dp:
            raise IllegalOrder(R_AA, f"only AA Batteries and DP Light Guns fire at aircraft ({weapon.name})")
        if shot.local and weapon.kind is not WeaponKind.AA_BATTERY:
            raise IllegalOrder(R_LOCAL, f"{weapon.name} has no Local dice")
        target = battle.state.flights.get(shot.target)
        boat = battle.state.mtbs.get(shot.target)
        if target is not None:
            why = aa_flight_refusal(battle, ship, shot.weapon, target, local=shot.local)
            if why is not None:
                rule, message = why.split(": ", 1)
                raise IllegalOrder(rule, f"{ship.name} {weapon.name} cannot fire at {shot.target}: {message}")
        elif boat is not None:
            why = aa_can_hit_boat(battle, ship, shot.weapon, boat, local=shot.local)
            if why is not None:
                rule, message = why.split(": ", 1)
                raise IllegalOrder(rule, f"{ship.name} {weapon.name}: {message}")
        else:
            raise IllegalOrder(R_AA, f"unknown AA target {shot.target}")
        key = (shot.weapon, shot.local)
        totals[key] = totals.get(key, 0) + shot.dice
    for (index, local), total in totals.items():
        weapon = ship.card.weapons[index]
        if local:
            limit = local_dice(ship, index)
        elif weapon.kind is WeaponKind.AA_BATTERY:
            limit = ship.weapon_ad(index)
        else:
            limit = dp_dice(ship, index)
        if total > limit:
            raise IllegalOrder(R_AA, f"{ship.name} {weapon.name} has {limit} dice for this, {total} nominated")


def fire_aa(battle: Battle, ship: ShipState, shots: Sequence[AAShot]) -> None:
    """Resolve ``ship``'s AA fire (verified first): per system and target, dice rolled together."""
    verify_aa_plan(battle, ship, shots)
    if not shots:
        return
    ship.aa_fired = True
    checked: dict[int, bool] = {}
    for shot in shots:
        weapon = ship.card.weapons[shot.weapon]
        if weapon.kind is WeaponKind.LIGHT_GUN and shot.weapon not in ship.dp_as_aa:
            ship.dp_as_aa.append(shot.weapon)
            ship.weapons[shot.weapon].fired_this_turn = True
        if shot.weapon not in checked:
            checked[shot.weapon] = _magazine_check(battle, ship, shot.weapon)
        if not checked[shot.weapon]:
            continue
        flight = battle.state.flights.get(shot.target)
        if flight is not None:
            if not flight.airborne:
                continue
            need = aa_hit_number(flight, in_contact_with_firer=in_contact(battle, flight, ship), local=shot.local)
            modifier = -1 if _friendly_smoke_between(battle, ship, flight.pos) else 0
            name = weapon.name + (" (Local)" if shot.local else "")
            resolve_aa_dice(battle, ship.name, name, flight, shot.dice, need, R_LOCAL if shot.local else R_AA, modifier)
        else:
            aa_at_boat(battle, ship, shot.weapon, battle.state.mtbs[shot.target], shot.dice, local=shot.local)


def _magazine_check(battle: Battle, ship: ShipState, index: int) -> bool:
    """000 Vital Systems, Magazine Ablaze: a D6 before each weapon system fires, 1-3 it cannot."""
    if Vital.MAGAZINE_ABLAZE not in ship.vitals:
        return True
    weapon = ship.card.weapons[index]
    ok = battle.dice.d6(label=f"{ship.name} {weapon.name} Magazine Ablaze: 4+ to fire", rule="000 Vital Systems") >= 4
    if not ok:
        battle.log.emit(ev.Misfire, ship=ship.name, weapon=weapon.name, why="Magazine Ablaze")
    return ok


def _friendly_smoke_between(battle: Battle, ship: ShipState, target: Point | None) -> bool:
    """001 Smoke (option): a Radar ship's AA fire through smoke laid by its own fleet takes -1 (other smoke
    refuses the shot, :func:`aa_flight_refusal`; R-TAC-75)."""
    if not battle.state.options.smoke_001 or target is None or ship.pos is None:
        return False
    own = set(battle.state.smoke_by.get(str(ship.side), []))
    counters = [p for i, p in enumerate(battle.state.smoke) if i in own]
    return segment_hits_discs(ship.pos, target, counters, SMOKE_RADIUS)


def aa_fire(battle: Battle, captains: tuple[Captain, Captain]) -> None:
    """000 Shooting Down Aircraft (and AA at MTB Sections, R-TAC-41): every ship's AA Batteries and DP Light Guns,
    the Initiative winner's ships first (the fire is simultaneous in effect: aircraft do not shoot back)."""
    if not battle.state.flights and not battle.state.mtbs:
        return
    if not any(f.airborne for f in battle.state.flights.values()) and not any(
        m.on_table for m in battle.state.mtbs.values()
    ):
        return
    assert battle.state.initiative is not None
    for side in (battle.state.initiative, 1 - battle.state.initiative):
        for ship in battle.state.afloat(side):
            if ship.aa_fired:
                continue
            shots = captains[side].plan_aa(battle, ship)
            fire_aa(battle, ship, shots)
    boats_aa(battle)


def aa_kill_chance(dice: int, need: int, hits_needed: int) -> float:
    """Exact chance that ``dice`` AA dice needing ``need`` (natural) score at least ``hits_needed`` hits
    (binomial; 000 Aircraft Traits: Tough 2, Very Tough 3)."""
    p = min(max(7 - need, 0), 6) / 6
    return sum(math.comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(hits_needed, dice + 1))


def aa_can_hit_boat(battle: Battle, ship: ShipState, index: int, boat: MTBState, *, local: bool) -> str | None:
    weapon = ship.card.weapons[index]
    if not aa_allowed(battle, ship) or not ship.weapons[index].usable:
        return f"{R_MTB_SHOOT}: {ship.name} cannot use its AA now"
    if boat.side == ship.side or not boat.on_table or boat.pos is None or ship.pos is None:
        return f"{R_MTB_SHOOT}: {boat.name} is not an enemy MTB Section on the table"
    if local:
        if weapon.kind is not WeaponKind.AA_BATTERY or local_dice(ship, index) <= 0:
            return f"000 Local X: {weapon.name} has no Local dice"
        if boat.target != ship.name:
            return f"000 Local X: Local dice fire only at a Section in contact with {ship.name}"
        return None
    if weapon.ranges is None:
        return f"{R_MTB_SHOOT}: {weapon.name} has no range"
    d = distance(ship.pos, boat.pos)
    reach = weapon.ranges[3] / 2 if weapon.kind is WeaponKind.LIGHT_GUN else weapon.ranges[3]
    if d > reach + EPS:
        return f"{R_MTB_SHOOT}: {boat.name} is out of reach of {weapon.name}"
    return sight_refusal(battle, ship, weapon, boat)  # smoke, land, the dark: as for Light Guns (R-TAC-72)


def aa_at_boat(battle: Battle, ship: ShipState, index: int, boat: MTBState, dice: int, *, local: bool) -> None:
    """AA Battery (or DP) dice at a Section (R-TAC-41): 4+ with the modifiers; Local +1 against a kamikaze boat;
    a smoke screen forces hits to be rolled again; one Damage Die per hit."""

    if not boat.on_table:
        return
    weapon = ship.card.weapons[index]
    mods = [] if local else boat_modifiers(battle, ship, weapon, boat)
    if local:
        mods = [("point blank range", +1)]
        if boat.kamikaze:
            mods.append(("kamikaze boat (Local)", +1))
    modifier = sum(v for _, v in mods)
    hits = roll_to_hit(
        battle.dice, dice, modifier, label=f"{ship.name} {weapon.name} at {boat.name}",
        target_evading=smoke_screened(battle, boat),
    )  # fmt: skip
    battle.log.emit(
        ev.AAFireOnMTB, ship=ship.name, side=battle.side_name(ship.side), target=boat.name, hits=hits,
        weapon=weapon.name, local=bool(local), dice=dice, need=4 - modifier,
    )
    one_die = WeaponSystem(name=weapon.name, kind=weapon.kind, arcs=ALL_ARCS, ranges=(3, 3, 3, 3), ad=1, dd=1)
    hit_boat(battle, ship.name, one_die, boat, hits, ap=False)


def boats_aa(battle: Battle) -> None:
    """MTB Sections' Local AA at Flights in contact with them (strafing or bombing them), automatically."""
    if battle.state.bad_weather:
        return
    for boat in [m for m in battle.state.mtbs.values() if m.on_table and m.card.aa_local and not m.aa_fired]:
        targets = [f for f in battle.state.air(1 - boat.side) if f.target == boat.name and not f.engaged]
        if not targets:
            continue
        boat.aa_fired = True
        flight = targets[0]
        need = aa_hit_number(flight, in_contact_with_firer=False, local=True)
        resolve_aa_dice(battle, boat.name, "AA Battery (Local)", flight, boat.card.aa_local, need, R_STRAFE)
