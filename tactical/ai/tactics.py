"""The AI's decisions for aircraft, carriers, MTB Sections, submarines and night fighting, used by
:class:`~tactical.ai.captain.SimpleCaptain` and as the default answers for a captain that does not give them (a
captain written for the core engine, :mod:`tactical.ai.defaults`).  Deterministic: no dice.  Distances in inches.

* Flights (:func:`default_flight_plan`): armed strike Flights (and kamikazes) attack the most valuable enemy ship
  they can reach, a Torpedo-Bomber from the target's beam, the rest from the side nearest them, never over an
  enemy ship on the way; out of reach they close to just beyond its AA; those in reach wait there while most of
  the strike is still a move away, so that it goes in together.  Fighters, in order: engage enemy strike
  Flights within reach (their free escorts first), escort a friendly strike Flight, keep a combat air patrol
  over the most valuable friendly ship, or take on enemy Fighters when their Dogfight is no better.  Spent
  carrier Flights go home to land on a carrier that can recover them (its stern), or wait behind it; spent
  land-based Flights strafe an MTB Section in reach or leave by the nearest edge.
* AA (:func:`auto_aa_plan`): every AA Battery fires all its dice at the most dangerous target in reach (Local dice
  at Flights or MTB Sections in contact), DP Light Guns join only when they have no ship to shoot at or the ship
  itself is under air attack.
* Carriers launch strike aircraft first when enemies are in the air far away, Fighters first when enemy strike
  Flights are near; they deep-deploy when scouting allows.
* MTB Sections run in at the most valuable enemy ship they reach (at most four on one), on its beam, under smoke.
* Submarines stay submerged to fire, go deep when detected near a Sub-Hunter, crash dive, escape when hunted;
  hunting Observation Flights are shared out over the boats in turn.
* Radar (night): the nearest candidate.
"""

from __future__ import annotations

import math

from scenarios.cards import AircraftRole, Arc, ShipType, WeaponKind
from tactical.aa import aa_allowed, aa_can_hit_boat, aa_hits_needed, aa_targets, dp_dice, local_dice
from tactical.aircraft import (
    ASW_RANGE,
    FLIGHT_CONTACT,
    OVERFLY,
    SHIP_CONTACT,
    aboard,
    capacity,
    deck_allowance,
    home_edge,
    payload,
    recovery_room,
)
from tactical.coast import on_land
from tactical.geometry import DeploymentZone, Point, advance, arcs_of, bearing, distance, path_passes_within, towards
from tactical.gunnery import legal_targets
from tactical.mtb import CONTACT, MAX_ON_ONE_SHIP, max_move
from tactical.plans import AAShot, BoatMove, FlightMove, FlightPlan
from tactical.state import Battle, Depth, FlightState, MTBState, ShipState, Status
from tactical.submarines import asw_systems, depth_charge_refusal, detection_refusal

STRIKE_ROLES = (
    AircraftRole.BOMBER,
    AircraftRole.DIVE_BOMBER,
    AircraftRole.TORPEDO_BOMBER,
    AircraftRole.KAMIKAZE,
    AircraftRole.OBSERVATION,
)


def is_strike(flight: FlightState) -> bool:
    return flight.card.role in STRIKE_ROLES and flight.card.damage_dice > 0 and (flight.armed or flight.kamikaze)


def ship_value(ship: ShipState) -> float:
    """How much the AI wants to hit ``ship``: its points, more for carriers and ships already hurt."""
    value = float(ship.card.points)
    if ship.type is ShipType.CARRIER:
        value *= 1.5
    if ship.hull_start:
        value *= 1.0 + 0.5 * (1 - ship.hull / ship.hull_start)
    return value


def _clamp(battle: Battle, p: Point, margin: float = 0.5) -> Point:
    t = battle.state.table
    return (min(max(p[0], margin), t.width - margin), min(max(p[1], margin), t.height - margin))


def contact_point(battle: Battle, flight_pos: Point, target: ShipState, *, beam: bool) -> Point:
    """Where a Flight ends to be in contact with ``target``: 2.5" from the bridge, on the beam nearest the Flight
    (Torpedo-Bombers: a side arc) or on the line from the Flight."""
    assert target.pos is not None
    if beam:
        options = [advance(target.pos, target.heading + a, SHIP_CONTACT - 0.5) for a in (90.0, -90.0)]
        return _clamp(battle, min(options, key=lambda p: distance(p, flight_pos)))
    if distance(flight_pos, target.pos) < 1e-9:
        return _clamp(battle, advance(target.pos, target.heading + 90.0, SHIP_CONTACT - 0.5))
    b = bearing(target.pos, flight_pos)
    return _clamp(battle, advance(target.pos, b, SHIP_CONTACT - 0.5))


def _route(battle: Battle, flight: FlightState, end: Point) -> tuple[Point, ...] | None:
    """A path to ``end`` within the Flight's speed that passes over no enemy ship it does not mean to (a detour
    by one waypoint if needed), avoiding balloons; ``None`` if none is found."""
    assert flight.pos is not None
    start = flight.pos
    speed = flight.card.flank_speed
    hazards = [s.pos for s in battle.state.afloat(1 - flight.side) if s.pos is not None and not s.underwater]
    balloons = [] if flight.has("Level Bomber") else battle.state.balloons

    def clear(points: list[Point]) -> bool:
        if any(path_passes_within(points, h, OVERFLY + 0.3) for h in hazards if distance(h, end) > OVERFLY + 0.5):
            return False
        return not any(path_passes_within(points, b, 2.3) for b in balloons)

    if distance(start, end) <= speed + 1e-6 and clear([start, end]):
        return (end,)
    mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    b = bearing(start, end)
    for offset in (3.0, -3.0, 6.0, -6.0):
        via = _clamp(battle, advance(mid, b + 90.0, offset))
        if distance(start, via) + distance(via, end) <= speed + 1e-6 and clear([start, via, end]):
            return (via, end)
    return None


def _approach(battle: Battle, flight: FlightState, goal: Point, stand_off: float) -> tuple[Point, ...]:
    """Fly towards ``goal`` as far as the Flight may while staying ``stand_off`` inches short of it."""
    assert flight.pos is not None
    d = distance(flight.pos, goal)
    step = min(flight.card.flank_speed, max(d - stand_off, 0.0))
    if step <= 0.5:
        return ()
    end = _clamp(battle, towards(flight.pos, goal, step))
    route = _route(battle, flight, end)
    return route if route is not None else ()


def _strike_targets(battle: Battle, flight: FlightState) -> list[ShipState]:
    out = []
    for s in battle.state.enemies_of(flight.side):
        if s.pos is None:
            continue
        if s.underwater:
            if flight.has("ASW") and s.depth is Depth.SUBMERGED:
                out.append(s)
            continue
        out.append(s)
    return out


def _attack_move(battle: Battle, flight: FlightState, target: ShipState) -> FlightMove | None:
    """The AI's path for ``flight`` to attack ``target`` this turn (a submerged boat from within the ASW range, a
    ship in contact: a Torpedo-Bomber on its beam if it can), never over another enemy ship; ``None`` out of
    reach."""
    assert flight.pos is not None and target.pos is not None
    if target.underwater:
        reach_end = _clamp(battle, towards(target.pos, flight.pos, ASW_RANGE - 1.0))
        route = _route(battle, flight, reach_end)
        if route is not None and distance(route[-1], target.pos) <= ASW_RANGE - 0.5:
            return FlightMove(path=route, attack=target.name)
        return None
    torpedo = payload(flight).kind is WeaponKind.TORPEDO
    end = contact_point(battle, flight.pos, target, beam=torpedo)
    route = _route(battle, flight, end)
    if route is None and torpedo:
        end = contact_point(battle, flight.pos, target, beam=False)
        route = _route(battle, flight, end)
    if route is None:
        return None
    return FlightMove(path=route, attack=target.name, kamikaze=flight.card.role is AircraftRole.KAMIKAZE)


def _strike_move(battle: Battle, flight: FlightState, attackers: dict[str, int]) -> FlightMove | None:
    assert flight.pos is not None
    best: tuple[float, FlightMove] | None = None
    for target in _strike_targets(battle, flight):
        value = ship_value(target) / (1.0 + attackers.get(target.name, 0) * 0.6)
        if not target.underwater and target.type is ShipType.DESTROYER and \
                flight.card.role is not AircraftRole.DIVE_BOMBER:
            value *= 0.5
        move = _attack_move(battle, flight, target)
        if move is not None and (best is None or value > best[0]):
            best = (value, move)
    if best is None:
        return None
    if best[1].attack is not None:
        attackers[best[1].attack] = attackers.get(best[1].attack, 0) + 1
    return best[1]


def strike_moves(battle: Battle, flight: FlightState) -> dict[str, FlightMove]:
    """Every attack ``flight`` can make this turn, by target, each flown as the AI flies it (000 Attacking with
    Aircraft): the enemy ships it reaches with its payload (:func:`_attack_move`), and the enemy MTB Sections it
    reaches (bombs, or strafing by any Flight: 000 Strafing Aircraft).  Empty for a Flight that may not move."""
    if flight.pos is None or not flight.airborne or flight.engaged or flight.launched_turn == battle.state.turn:
        return {}
    moves: dict[str, FlightMove] = {}
    if is_strike(flight):
        for target in _strike_targets(battle, flight):
            move = _attack_move(battle, flight, target)
            if move is not None:
                moves[target.name] = move
    for boat in battle.state.boats(1 - flight.side):
        move = _strafe_move(battle, flight, boat)
        if move is not None:
            moves[boat.name] = move
    return moves


def home_move(battle: Battle, flight: FlightState) -> FlightMove:
    """The AI's way home for ``flight`` (:func:`_home_move`): land on a carrier that can recover it now (000
    Launching and Recovering Aircraft), else wait astern of one; a land-based Flight strafes an MTB Section in
    reach or leaves the table."""
    return _home_move(battle, flight)


def engage_moves(battle: Battle, flight: FlightState) -> dict[str, FlightMove]:
    """The enemy Flights the Fighter ``flight`` can move into contact with this turn, by name, flown as the AI
    flies to them (000 Dogfighting: only Fighters start dogfights; not a Flight launched from deep deployment this
    turn).  Empty for any other Flight or one that may not move."""
    if flight.card.role is not AircraftRole.FIGHTER or flight.pos is None or not flight.airborne \
            or flight.engaged or flight.launched_turn == battle.state.turn:
        return {}
    moves = {}
    for enemy in battle.state.air(1 - flight.side):
        if enemy.pos is not None and enemy.protected_turn != battle.state.turn:
            move = _engage_move(battle, flight, enemy)
            if move is not None:
                moves[enemy.name] = move
    return moves


def _better_prize_ahead(battle: Battle, flight: FlightState, target: str) -> bool:
    """Whether a much more valuable enemy ship (not reachable now) lies within two moves: then the Flight closes on
    it instead of spending its payload on ``target`` (not for kamikazes, which have no second chance)."""
    if flight.card.role is AircraftRole.KAMIKAZE or flight.pos is None:
        return False
    chosen = battle.ship(target)
    for s in _strike_targets(battle, flight):
        if s.pos is None or s.underwater or s is chosen:
            continue
        d = distance(flight.pos, s.pos)
        beyond = flight.card.flank_speed + SHIP_CONTACT < d <= 2 * flight.card.flank_speed
        if beyond and ship_value(s) > 2.0 * ship_value(chosen):
            return True
    return False


def _mass_the_strike(battle: Battle, plan: FlightPlan, strikers: list[FlightState]) -> None:
    """Hold back the strike Flights that could attack now while most of the strike is still a move away, so that
    the strike goes in together and saturates the enemy's AA (each AA weapon fires at one Flight a turn, 000 AA
    Fire).  They stand off (:func:`_close_in`) unless the battle is in its last two turns; kamikazes never wait."""
    if battle.state.turn >= battle.state.max_turns - 1:
        return
    ready = [f for f in strikers if plan.get(f.name) is not None and plan[f.name].attack is not None
             and f.card.role is not AircraftRole.KAMIKAZE]
    coming = [f for f in strikers if f.name in plan and plan[f.name].attack is None and _next_move_reaches(battle, f)]
    if ready and len(ready) < len(coming):
        for flight in ready:
            plan[flight.name] = _close_in(battle, flight, patient=True)


def _next_move_reaches(battle: Battle, flight: FlightState) -> bool:
    """Whether an enemy ship lies within two moves of ``flight`` (it can attack next turn)."""
    assert flight.pos is not None
    reach = 2 * flight.card.flank_speed + SHIP_CONTACT
    return any(s.pos is not None and not s.underwater and distance(flight.pos, s.pos) <= reach
               for s in _strike_targets(battle, flight))


def _close_in(battle: Battle, flight: FlightState, *, patient: bool = False) -> FlightMove:
    """Out of reach: fly at the most valuable enemy ship, stopping 7" short (beyond its AA), in the first two turns
    no nearer than the enemy Fighters can reach (a strike waits for its chance rather than be caught on the way)."""
    assert flight.pos is not None
    targets = [s for s in _strike_targets(battle, flight) if s.pos is not None and not s.underwater]
    if not targets:
        return FlightMove()
    target = max(targets, key=lambda s: (ship_value(s) / (1 + distance(flight.pos, s.pos) / 30.0), s.name))  # type: ignore[arg-type]
    assert target.pos is not None
    fighters = [
        e for e in battle.state.air(1 - flight.side)
        if e.card.role is AircraftRole.FIGHTER and e.pos is not None and not e.engaged
    ]  # fmt: skip

    def safe(p: Point) -> bool:
        return all(distance(e.pos, p) > e.card.flank_speed + FLIGHT_CONTACT for e in fighters)  # type: ignore[arg-type]

    full = _approach(battle, flight, target.pos, 7.0)
    if not full:
        return FlightMove()
    if battle.state.turn >= 3 or patient:  # waited long enough, or waiting for the strike: press on to 7"
        return FlightMove(path=full)
    end = full[-1]
    for fraction in (1.0, 0.75, 0.5, 0.25):
        x, y = flight.pos
        p = _clamp(battle, (x + fraction * (end[0] - x), y + fraction * (end[1] - y)))
        if safe(p):
            route = _route(battle, flight, p)
            return FlightMove(path=route) if route else FlightMove()
    return FlightMove()


def _home_move(battle: Battle, flight: FlightState, planned: FlightPlan | None = None) -> FlightMove:
    """A spent Flight: land on a carrier that can take it now (not one whose room this turn the Flights already
    ``planned`` to land fill, R-TAC-76), else wait astern of one; land-based: strafe an MTB Section in reach or
    leave by the nearest edge."""
    assert flight.pos is not None
    carriers = [
        s
        for s in battle.state.fleet(flight.side)
        if s.has("Carrier") and not s.gone and len(aboard(battle, s.name)) < capacity(s)
    ] if flight.card.carrier else []  # fmt: skip
    landing = [m.land for m in (planned or {}).values() if m.land is not None]
    for carrier in sorted(carriers, key=lambda c: (c.status is not Status.DEEP, c.name)):
        if landing.count(carrier.name) >= recovery_room(battle, carrier):
            continue
        if carrier.status is Status.DEEP:
            edge = home_edge(flight.side)
            exit_y = -1.0 if edge.value == "south" else battle.state.table.height + 1.0
            target = (flight.pos[0], exit_y)
            if distance(flight.pos, target) <= flight.card.flank_speed:
                return FlightMove(path=(target,), land=carrier.name)
            continue
        assert carrier.pos is not None
        stern = advance(carrier.pos, carrier.heading + 180.0, SHIP_CONTACT - 0.8)
        route = _route(battle, flight, _clamp(battle, stern, 0.0))
        if route is not None and Arc.AFT in arcs_of(carrier.pos, carrier.heading, route[-1]):
            return FlightMove(path=route, land=carrier.name)
    live = [c for c in carriers if c.on_table and c.pos is not None]
    if live:
        carrier = min(live, key=lambda c: distance(c.pos, flight.pos))  # type: ignore[arg-type]
        assert carrier.pos is not None
        wait = _clamp(battle, advance(carrier.pos, carrier.heading + 180.0, 6.0))
        return FlightMove(path=_approach(battle, flight, wait, 0.0))
    boats = [b for b in battle.state.boats(1 - flight.side) if b.pos is not None]
    for boat in sorted(boats, key=lambda b: distance(b.pos, flight.pos)):  # type: ignore[arg-type]
        move = _strafe_move(battle, flight, boat)
        if move is not None:
            return move
    deep = [c for c in battle.state.fleet(flight.side) if c.status is Status.DEEP]
    if flight.card.carrier and deep:
        edge = home_edge(flight.side)
        goal = (flight.pos[0], 0.0 if edge.value == "south" else battle.state.table.height)
        return FlightMove(path=_approach(battle, flight, goal, 0.5))
    t = battle.state.table
    x, y = flight.pos
    exits = [(x, -1.0), (x, t.height + 1.0), (-1.0, y), (t.width + 1.0, y)]
    nearest = min(exits, key=lambda p: distance(p, flight.pos))  # type: ignore[arg-type]
    if distance(flight.pos, nearest) <= flight.card.flank_speed:
        return FlightMove(path=(nearest,), leave=True)
    return FlightMove(path=_approach(battle, flight, nearest, 0.0))


def _strafe_move(battle: Battle, flight: FlightState, boat: MTBState) -> FlightMove | None:
    """Into contact with the MTB Section ``boat`` (2" from it, on the Flight's side), if the Flight reaches it."""
    assert flight.pos is not None
    if boat.pos is None:
        return None
    end = _clamp(battle, towards(boat.pos, flight.pos, 2.0))
    if distance(flight.pos, end) > flight.card.flank_speed:
        return None
    return FlightMove(path=(end,), attack=boat.name)


def _threat(flight: FlightState) -> float:
    value = float(flight.card.points)
    if flight.armed and flight.card.damage_dice > 0:
        value *= 3.0
    if flight.card.role in (AircraftRole.TORPEDO_BOMBER, AircraftRole.DIVE_BOMBER, AircraftRole.KAMIKAZE):
        value *= 1.5
    if flight.target is not None:
        value *= 2.0
    return value


def _engage_move(battle: Battle, flight: FlightState, quarry: FlightState) -> FlightMove | None:
    """Into contact with the enemy Flight ``quarry`` (half an inch short of it), if the Fighter reaches it."""
    assert flight.pos is not None and quarry.pos is not None
    end = _clamp(battle, towards(quarry.pos, flight.pos, FLIGHT_CONTACT * 0.5), 0.0)
    if distance(flight.pos, end) > flight.card.flank_speed:
        return None
    return FlightMove(path=_route(battle, flight, end) or (end,), engage=(quarry.name,))


def escort_move(battle: Battle, flight: FlightState, ward: str, ward_move: FlightMove | None) -> FlightMove | None:
    """The Fighter ``flight`` escorting the friendly Flight ``ward`` that flies ``ward_move`` (``None``: it stays),
    ending in base contact with it where it ends (000 Escorting), if it reaches it."""
    assert flight.pos is not None
    friend = battle.state.flights[ward]
    spot = ward_move.path[-1] if ward_move is not None and ward_move.path else friend.pos
    assert spot is not None
    end = _clamp(battle, (spot[0] + 0.4, spot[1]), 0.0)
    if distance(flight.pos, end) > flight.card.flank_speed:
        return None
    return FlightMove(path=_route(battle, flight, end) or (end,), escort=(ward,))


def _fighter_move(
    battle: Battle, flight: FlightState, planned: FlightPlan, escorts_needed: list[str], engaged: set[str]
) -> FlightMove:
    assert flight.pos is not None
    speed = flight.card.flank_speed
    turn = battle.state.turn
    enemies = [e for e in battle.state.air(1 - flight.side) if e.pos is not None and e.protected_turn != turn]
    # 1. enemy strike Flights within reach (their free escorts first)
    threats = sorted((e for e in enemies if is_strike(e)), key=lambda e: (-_threat(e), e.name))
    for enemy in threats:
        escorts = [
            x
            for x in battle.state.air(enemy.side)
            if enemy.name in x.escorting and not x.engaged and x.name not in engaged and x.pos is not None
        ]
        quarry = escorts[0] if escorts else enemy
        move = _engage_move(battle, flight, quarry)
        if move is not None:
            engaged.add(quarry.name)
            return move
    # 2. escort a friendly strike Flight
    if escorts_needed:
        escort = escort_move(battle, flight, escorts_needed[0], planned.get(escorts_needed[0]))
        if escort is not None:
            escorts_needed.pop(0)
            return escort
    # 3. enemy Fighters we can match
    for enemy in sorted(enemies, key=lambda e: (e.card.dogfight, e.name)):
        if enemy.card.role is AircraftRole.FIGHTER and enemy.card.dogfight <= flight.card.dogfight:
            assert enemy.pos is not None
            end = _clamp(battle, towards(enemy.pos, flight.pos, FLIGHT_CONTACT * 0.5), 0.0)
            if distance(flight.pos, end) <= speed and enemy.name not in engaged:
                engaged.add(enemy.name)
                return FlightMove(path=(end,), engage=(enemy.name,))
    # 4. combat air patrol over the most valuable friendly ship, a little towards the enemy; with nothing to
    # guard and no enemy aircraft in the air, a Fighter only draws AA fire: it goes home
    friends = [s for s in battle.state.afloat(flight.side) if s.pos is not None and not s.is_installation]
    if not friends:
        return _home_move(battle, flight, planned) if not enemies else FlightMove()
    guard = max(friends, key=lambda s: (ship_value(s), s.name))
    assert guard.pos is not None
    foes = [e.pos for e in battle.state.enemies(guard) if e.pos is not None]
    foes += [e.pos for e in enemies if e.pos is not None]  # the enemies were chosen in the air
    spot = guard.pos
    if foes:
        near = min(foes, key=lambda p: distance(p, guard.pos))  # type: ignore[arg-type]
        spot = towards(guard.pos, near, 4.0)
    spot = _clamp(battle, spot)
    if distance(flight.pos, spot) < 1.0:
        return FlightMove()
    return FlightMove(path=_approach(battle, flight, spot, 0.0))


def default_flight_plan(battle: Battle, side: int) -> FlightPlan:
    """The AI's aircraft movement for ``side`` (see the module docstring)."""
    plan: FlightPlan = {}
    attackers: dict[str, int] = {}
    free = [
        f
        for f in battle.state.air(side)
        if not f.engaged and f.launched_turn != battle.state.turn and f.pos is not None
    ]
    strikers = sorted((f for f in free if f.card.role is not AircraftRole.FIGHTER), key=lambda f: f.name)
    for flight in strikers:
        if is_strike(flight):
            move = _strike_move(battle, flight, attackers)
            if move is not None and move.attack is not None and _better_prize_ahead(battle, flight, move.attack):
                attackers[move.attack] -= 1
                move = None
            plan[flight.name] = move if move is not None else _close_in(battle, flight)
        else:
            plan[flight.name] = _home_move(battle, flight, plan)
    _mass_the_strike(battle, plan, [f for f in strikers if is_strike(f)])
    escorts_needed = [
        n for n, m in plan.items() if m.attack is not None or (m.path and is_strike(battle.state.flights[n]))
    ]
    engaged: set[str] = set()
    for flight in sorted((f for f in free if f.card.role is AircraftRole.FIGHTER), key=lambda f: f.name):
        if not flight.armed and flight.card.damage_dice > 0 and flight.card.carrier:
            plan[flight.name] = _home_move(battle, flight, plan)
            continue
        plan[flight.name] = _fighter_move(battle, flight, plan, escorts_needed, engaged)
    # a Flight staying put keeps no stale attack on a target that moved away
    return {n: m for n, m in plan.items() if m.path or m.attack or m.engage or m.escort or m.land or m.leave}


# --------------------------------------------------------------------------- AA


def _aa_value(battle: Battle, ship: ShipState, target: FlightState | MTBState) -> float:
    if isinstance(target, FlightState):
        value = _threat(target)
        if target.target == ship.name:
            value *= 2.0
        return value / aa_hits_needed(target)
    value = float(target.card.points) * (3.0 if target.torpedoes or target.card.kamikaze else 1.0)
    return value * (2.0 if target.target == ship.name else 1.0)


def auto_aa_plan(battle: Battle, ship: ShipState) -> list[AAShot]:
    """Fire every AA Battery (ranged and Local dice) at the most dangerous target in reach; DP Light Guns too when
    they have no ship to fire at or the ship is under air attack."""
    shots: list[AAShot] = []
    if ship.pos is None or not aa_allowed(battle, ship):
        return shots
    boats = battle.state.boats(1 - ship.side)
    attacked = any(f.target == ship.name for f in battle.state.air(1 - ship.side))
    for i, weapon in enumerate(ship.card.weapons):
        if not ship.weapons[i].usable:
            continue
        modes: list[tuple[bool, int]] = []
        if weapon.kind is WeaponKind.AA_BATTERY:
            modes = [(True, local_dice(ship, i)), (False, ship.weapon_ad(i))]
        elif weapon.kind is WeaponKind.LIGHT_GUN and weapon.has("DP"):
            if legal_targets(battle, ship, i) and not attacked:
                continue
            modes = [(False, dp_dice(ship, i))]
        for local, dice in modes:
            if dice <= 0:
                continue
            pool: list[FlightState | MTBState] = list(aa_targets(battle, ship, i, local=local))
            pool += [b for b in boats if aa_can_hit_boat(battle, ship, i, b, local=local) is None]
            if not pool:
                continue
            best = max(pool, key=lambda t: (_aa_value(battle, ship, t), t.name))
            shots.append(AAShot(i, best.name, dice, local))
    return shots


# --------------------------------------------------------------------------- carriers


def choose_launch(battle: Battle, carrier: ShipState, ready: list[str]) -> list[str]:
    """Fighters first when enemy strike Flights are near the fleet, strike aircraft first when there are enemy
    ships to strike; as many as the deck allows (a deep-deployed carrier: all)."""
    flights = [battle.state.flights[n] for n in ready]
    enemies_air = [e for e in battle.state.air(1 - carrier.side) if is_strike(e)]
    fighters_first = bool(enemies_air)
    targets = [s for s in battle.state.enemies_of(carrier.side) if not s.underwater]
    order = sorted(
        flights,
        key=lambda f: (
            (f.card.role is not AircraftRole.FIGHTER) if fighters_first else (f.card.role is AircraftRole.FIGHTER),
            -f.card.points,
            f.name,
        ),
    )
    if not targets:
        order = [f for f in order if f.card.role is AircraftRole.FIGHTER]
    if carrier.status is Status.DEEP:
        return [f.name for f in order]
    room = deck_allowance(carrier) - carrier.deck_moves
    return [f.name for f in order[: max(room, 0)]]


def default_air_deployment(
    battle: Battle,
    side: int,
    zone: DeploymentZone,
    candidates: dict[str, str | None],
    limits: dict[str | None, int],
    land: list[str],
) -> dict[str, Point]:
    """Fighters up as the combat air patrol over their carriers (strike aircraft too when the limit allows and
    the carrier is in deep deployment); every land-based Flight spread across the zone."""
    placement: dict[str, Point] = {}
    main = zone.rects[0]
    y = (main.y0 + main.y1) / 2
    counts: dict[str | None, int] = {}
    order = sorted(
        candidates,
        key=lambda n: (battle.state.flights[n].card.role is not AircraftRole.FIGHTER, n),
    )
    slot = 0
    for name in order:
        carrier = candidates[name]
        flight = battle.state.flights[name]
        deep = carrier is not None and battle.ship(carrier).status is Status.DEEP
        if flight.card.role is not AircraftRole.FIGHTER and not deep:
            continue
        if counts.get(carrier, 0) >= limits.get(carrier, 0):
            continue
        counts[carrier] = counts.get(carrier, 0) + 1
        anchor = battle.ship(carrier).pos if carrier is not None and battle.ship(carrier).pos else None
        x = anchor[0] if anchor is not None else main.x0 + (main.x1 - main.x0) / 2
        placement[name] = (min(max(x + 1.5 * slot - 3.0, main.x0), main.x1), y)
        slot += 1
    for k, name in enumerate(sorted(land)):
        frac = (k + 1) / (len(land) + 1)
        placement[name] = (main.x0 + frac * (main.x1 - main.x0), y + (0.5 if k % 2 else -0.5))
    return placement


# --------------------------------------------------------------------------- MTB Sections


def default_boat_deployment(battle: Battle, side: int, zone: DeploymentZone, boats: list[str]) -> dict[str, Point]:
    main = zone.rects[0]
    y = main.y0 + 0.5 if side == 0 else main.y1 - 0.5
    return {
        name: (main.x0 + (k + 1) * (main.x1 - main.x0) / (len(boats) + 1), y) for k, name in enumerate(sorted(boats))
    }


def _boat_spot(battle: Battle, boat: MTBState, target: ShipState) -> Point | None:
    """Where ``boat`` ends to attack ``target``: in base contact on the beam nearest it, if it reaches it."""
    assert boat.pos is not None and target.pos is not None
    spots = [advance(target.pos, target.heading + a, CONTACT - 0.5) for a in (90.0, -90.0)]
    spot = _clamp(battle, min(spots, key=lambda p: distance(p, boat.pos)))  # type: ignore[arg-type]
    return spot if distance(boat.pos, spot) <= max_move(battle, boat) else None


def boat_attack_moves(battle: Battle, boat: MTBState) -> dict[str, BoatMove]:
    """Every enemy ship the MTB Section ``boat`` can run in at this turn, by name, as the AI runs in (000 Attacking
    with MTB Sections: base contact on the target's beam; a kamikaze boat declares its attack; the smoke screen
    laid if it is left)."""
    moves: dict[str, BoatMove] = {}
    if boat.pos is None or not boat.on_table:
        return moves
    for t in battle.state.enemies_of(boat.side):
        if t.pos is None or t.underwater or t.is_installation:
            continue
        spot = _boat_spot(battle, boat, t)
        if spot is not None:
            moves[t.name] = BoatMove(path=(spot,), attack=t.name, kamikaze=boat.card.kamikaze,
                                     smoke=boat.card.smoke and not boat.smoke_used)
    return moves


def default_boat_plan(battle: Battle, side: int) -> dict[str, BoatMove]:
    """Each Section with torpedoes (or its charge) runs at the most valuable enemy ship it can reach, on its beam,
    laying smoke as it attacks; the rest keep 12" from the enemy."""
    plan: dict[str, BoatMove] = {}
    count: dict[str, int] = {}
    for boat in sorted(battle.state.boats(side), key=lambda b: b.name):
        if boat.target is not None:
            count[boat.target] = count.get(boat.target, 0) + 1
    for boat in sorted(battle.state.boats(side), key=lambda b: b.name):
        assert boat.pos is not None
        speed = max_move(battle, boat)
        armed = boat.torpedoes > 0 or (boat.card.kamikaze and boat.charge) or boat.card.light_guns > 0
        targets = [
            s for s in battle.state.enemies_of(side) if s.pos is not None and not s.underwater and not s.is_installation
        ]
        best: tuple[float, Point, str] | None = None
        for t in targets:
            if count.get(t.name, 0) >= MAX_ON_ONE_SHIP:
                continue
            spot = _boat_spot(battle, boat, t)
            if spot is None:
                continue
            value = ship_value(t)
            if best is None or value > best[0]:
                best = (value, spot, t.name)
        if armed and (boat.torpedoes > 0 or boat.card.kamikaze) and best is not None:
            count[best[2]] = count.get(best[2], 0) + 1
            plan[boat.name] = BoatMove(
                path=(best[1],), attack=best[2], kamikaze=boat.card.kamikaze,
                smoke=boat.card.smoke and not boat.smoke_used,
            )  # fmt: skip
            continue
        if not targets:
            continue
        near = min(targets, key=lambda s: distance(s.pos, boat.pos))  # type: ignore[arg-type]
        assert near.pos is not None
        d = distance(boat.pos, near.pos)
        keep = 12.0 if boat.torpedoes == 0 and not boat.card.kamikaze else max(d - speed, 4.0)
        if boat.torpedoes > 0 or boat.card.kamikaze:
            end = towards(boat.pos, near.pos, min(speed, max(d - 4.0, 0.0)))
        else:
            away = bearing(near.pos, boat.pos)
            end = advance(boat.pos, away, min(speed, max(keep - d, 0.0)))
        end = _clamp(battle, end)
        if distance(end, boat.pos) > 0.5 and not on_land(battle, end):
            plan[boat.name] = BoatMove(path=(end,))
    return plan


# --------------------------------------------------------------------------- submarines


def choose_depth(battle: Battle, sub: ShipState) -> Depth:
    """Submerged to attack; deep when detected with a Sub-Hunter or depth charges close; surface only when no
    enemy ship is within 15"."""
    assert sub.depth is not None
    enemies = [e for e in battle.state.enemies(sub) if e.pos is not None and not e.underwater]
    near = min((distance(e.pos, sub.pos) for e in enemies), default=99.0) if sub.pos else 99.0  # type: ignore[arg-type]
    hunters = [
        e for e in enemies
        if (e.has("Sub-Hunter") or e.has("Depth Charge") or e.has("Hedgehog")) and distance(e.pos, sub.pos) <= 10.0  # type: ignore[arg-type]
    ]  # fmt: skip
    if sub.depth is Depth.SURFACED:
        return Depth.SUBMERGED if near <= 15.0 else Depth.SURFACED
    if sub.depth is Depth.SUBMERGED:
        if (sub.detected_last_turn or sub.hull <= sub.card.crippled) and hunters:
            return Depth.DEEP
        return Depth.SUBMERGED
    return Depth.DEEP if hunters else Depth.SUBMERGED


def place_submarine(battle: Battle, sub: ShipState) -> tuple[Point, float]:
    """A hidden boat revealed or surfacing: in its Sector, as near as it can get to 2" from the nearest enemy ship,
    bows on to it."""
    assert sub.sector is not None
    x0, y0, x1, y1 = battle.state.table.sector_rect(sub.sector)
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    enemies = [e.pos for e in battle.state.enemies(sub) if e.pos is not None]
    if not enemies:
        return centre, 0.0
    near = min(enemies, key=lambda p: distance(p, centre))
    # 2" short of it on the side of the Sector's centre, bows on: in its torpedoes' reach, not on top of it
    aim = towards(near, centre, 2.0) if distance(near, centre) > 2.0 else advance(near, 180.0, 2.0)
    spot = (min(max(aim[0], x0 + 0.5), x1 - 0.5), min(max(aim[1], y0 + 0.5), y1 - 0.5))
    if distance(spot, near) < 1.0:
        spot = (min(max(near[0] + 2.0, x0 + 0.5), x1 - 0.5), spot[1])
    heading = bearing(spot, near) if distance(spot, near) > 0.5 else 0.0
    return spot, heading


def surface_hidden(battle: Battle, sub: ShipState) -> tuple[Point, float] | None:
    """Come up (running deep) when an enemy ship is within 12" of the boat's Sector."""
    assert sub.sector is not None
    x0, y0, x1, y1 = battle.state.table.sector_rect(sub.sector)
    for e in battle.state.enemies(sub):
        if e.pos is None or e.underwater:
            continue
        dx = max(x0 - e.pos[0], 0.0, e.pos[0] - x1)
        dy = max(y0 - e.pos[1], 0.0, e.pos[1] - y1)
        if math.hypot(dx, dy) <= 12.0:
            return place_submarine(battle, sub)
    return None


def escape(battle: Battle, sub: ShipState) -> bool:
    """Slip away when a Sub-Hunter is within 10" or the boat is badly hurt."""
    if sub.pos is None:
        return False
    hunters = [
        e for e in battle.state.enemies(sub)
        if e.pos is not None and e.has("Sub-Hunter") and distance(e.pos, sub.pos) <= 10.0
    ]  # fmt: skip
    return bool(hunters) or sub.hull <= sub.card.crippled


def nearest_sub_to_detect(battle: Battle, ship: ShipState) -> str | None:
    subs = [
        s for s in battle.state.enemies(ship)
        if s.is_submarine and s.underwater and not s.detected and detection_refusal(battle, ship, s) is None
    ]  # fmt: skip
    if not subs or ship.pos is None:
        return None
    return min(subs, key=lambda s: (distance(s.pos, ship.pos), s.name)).name  # type: ignore[arg-type]


def depth_charge_plan(battle: Battle, ship: ShipState) -> tuple[tuple[str, str], ...]:
    attacks = []
    for system in asw_systems(ship):
        for sub in battle.state.enemies(ship):
            if sub.is_submarine and depth_charge_refusal(battle, ship, system, sub) is None:
                attacks.append((system, sub.name))
                break
    return tuple(attacks)


def nearest_radar_target(battle: Battle, ship: ShipState, names: list[str]) -> str:
    """Radar (000 Radar): the candidate of ``names`` nearest ``ship`` (by name on ties)."""
    assert ship.pos is not None
    return min(names, key=lambda n: (distance(ship.pos, battle.ship(n).pos), n))  # type: ignore[arg-type]


def share_hunters(battle: Battle, side: int, names: list[str], flights: int) -> list[str]:
    """000 Observation Aircraft (submarines): the hunting Flights over the boats in turn (a boat hunted twice when
    there are more Flights than boats)."""
    return [names[i % len(names)] for i in range(flights)]
