"""Aircraft movement (000 Aircraft: Movement Phase, Escorting, Launching and Recovering Aircraft, Deep
Deployment, Kamikaze; R-TAC-23 contact distances): a side's Flights all move at once along their paths, checked
first (:func:`verify_flight_plan`); the Local X dice of every ship flown over fire at once (:func:`overflight_fire`);
Flights land on their carriers' sterns, and those of deep-deployed carriers come and go by the fleet's edge.
The whole picture is in the docstring of :mod:`tactical.aircraft`.
"""

from __future__ import annotations

from collections.abc import Sequence

from scenarios.cards import AircraftRole, Arc, WeaponKind
from tactical import events as ev
from tactical.aa import R_LOCAL, aa_allowed, aa_hit_number, drop_contacts, local_dice, resolve_aa_dice
from tactical.aircraft import (
    ASW_RANGE,
    BALLOON_CLEARANCE,
    FLIGHT_CONTACT,
    OVERFLY,
    R_AIR,
    R_ATTACK,
    R_DEEP,
    R_DOG,
    R_ESCORT,
    R_KAMIKAZE,
    R_LAUNCH,
    SHIP_CONTACT,
    aboard,
    capacity,
    clamp_to_table,
    deck_refusal,
    home_edge,
    launch,
    recovery_room,
)
from tactical.captain import Captain
from tactical.geometry import (
    EPS,
    Edge,
    Point,
    arcs_of,
    distance,
    path_length,
    path_passes_within,
)
from tactical.orders import IllegalOrder
from tactical.plans import FlightMove, FlightPlan
from tactical.state import Battle, Depth, FlightState, FlightStatus, MTBState, ShipState, Status

# --------------------------------------------------------------------------- losses


def overflight_fire(battle: Battle, flight: FlightState, path: Sequence[Point]) -> None:
    """000 Local X: every enemy ship the Flight flies over fires its Local dice at it at once (6s; kamikaze +1;
    Large +1).  Ship AA cannot reach a Level Bomber."""
    if flight.has("Level Bomber"):
        return
    for ship in battle.state.afloat(1 - flight.side):
        if not flight.airborne:
            return
        if ship.pos is None or not path_passes_within(path, ship.pos, OVERFLY):
            continue
        if not aa_allowed(battle, ship):
            continue
        for i, weapon in enumerate(ship.card.weapons):
            if weapon.kind is not WeaponKind.AA_BATTERY or not flight.airborne:
                continue
            n = local_dice(ship, i)
            if n > 0:
                need = aa_hit_number(flight, in_contact_with_firer=False, local=True)
                resolve_aa_dice(battle, ship.name, f"{weapon.name} (Local, overflown)", flight, n, need, R_LOCAL)


# --------------------------------------------------------------------------- movement


def _off_edge(battle: Battle, p: Point) -> Edge | None:
    t = battle.state.table
    if p[1] <= EPS:
        return Edge.SOUTH
    if p[1] >= t.height - EPS:
        return Edge.NORTH
    if p[0] <= EPS:
        return Edge.WEST
    if p[0] >= t.width - EPS:
        return Edge.EAST
    return None


def attack_target(battle: Battle, name: str) -> ShipState | MTBState | None:
    return battle.state.ships.get(name) or battle.state.mtbs.get(name)


def verify_flight_plan(battle: Battle, side: int, plan: FlightPlan) -> dict[str, Point]:
    """Raise :class:`IllegalOrder` unless every move of ``plan`` is legal; returns the end points."""
    ends: dict[str, Point] = {}
    landings: dict[str, int] = {}  # carrier -> Flights of this plan landing on it so far (R-TAC-76)
    for name, move in plan.items():
        flight = battle.state.flights.get(name)
        if flight is None or flight.side != side or not flight.airborne:
            raise IllegalOrder(R_AIR, f"{name} is not a Flight of {battle.side_name(side)} in the air")
        if move.path and flight.engaged:
            raise IllegalOrder(R_DOG, f"{name} is locked in a dogfight and may not move away")
        if move.path and flight.launched_turn == battle.state.turn:
            raise IllegalOrder(R_LAUNCH, f"{name} was launched this turn and may not move further")
        assert flight.pos is not None
        points = [flight.pos, *move.path]
        length = path_length(points)
        if length > flight.card.flank_speed + 1e-6:
            raise IllegalOrder(R_AIR, f"{name} may fly {flight.card.flank_speed}\", not {length:.1f}\"")
        if not flight.has("Level Bomber"):
            for balloon in battle.state.balloons:
                if path_passes_within(points, balloon, BALLOON_CLEARANCE - 1e-6):
                    raise IllegalOrder("000 Barrage Balloons", f"{name} may not fly within 2\" of a balloon")
        end = points[-1]
        ends[name] = end
        deep_op = False
        if move.attack is not None:
            target = battle.state.ships.get(move.attack)
            deep_op = target is not None and target.status is Status.DEEP
        if move.land is not None:
            carrier = battle.state.ships.get(move.land)
            deep_op = deep_op or (carrier is not None and carrier.status is Status.DEEP)
        if not battle.state.table.contains(end) and not (move.leave or deep_op):
            raise IllegalOrder(R_AIR, f"{name} would end off the table ({end[0]:.1f}, {end[1]:.1f})")
        if move.leave and move.path and _off_edge(battle, end) is None and battle.state.table.contains(end):
            raise IllegalOrder(R_AIR, f"{name} must reach a table edge to leave")
        if move.kamikaze and flight.card.role is not AircraftRole.KAMIKAZE:
            raise IllegalOrder(R_KAMIKAZE, f"{name} is not a Kamikaze Flight")
        if move.kamikaze and move.attack is None:
            raise IllegalOrder(R_KAMIKAZE, "a kamikaze attack is declared by moving into contact with its target")
        if move.attack is not None:
            _verify_attack(battle, flight, move, end)
        if move.engage and flight.card.role is not AircraftRole.FIGHTER:
            raise IllegalOrder(R_DOG, f"only Fighters may move into contact with enemy Flights ({name})")
        if move.escort and flight.card.role is not AircraftRole.FIGHTER:
            raise IllegalOrder(R_ESCORT, f"only Fighters may escort ({name})")
        if move.land is not None:
            _verify_landing(battle, flight, move, end, landings.get(move.land, 0))
            landings[move.land] = landings.get(move.land, 0) + 1
    for name, move in plan.items():
        flight = battle.state.flights[name]
        end = ends[name]
        for other in move.escort + ((move.support,) if move.support else ()):
            friend = battle.state.flights.get(other)
            if friend is None or friend.side != side or not friend.airborne or other == name:
                raise IllegalOrder(R_ESCORT, f"{other} is not another friendly Flight in the air")
            where = ends.get(other, friend.pos)
            assert where is not None
            if distance(end, where) > FLIGHT_CONTACT + 1e-6:
                raise IllegalOrder(R_ESCORT, f"{name} must end in base contact with {other}")
        for enemy_name in move.engage:
            enemy = battle.state.flights.get(enemy_name)
            if enemy is None or enemy.side == side or not enemy.airborne:
                raise IllegalOrder(R_DOG, f"{enemy_name} is not an enemy Flight in the air")
            if enemy.protected_turn == battle.state.turn:
                raise IllegalOrder(R_DEEP, f"{enemy_name} was launched from deep deployment and cannot be attacked")
            assert enemy.pos is not None
            if distance(end, enemy.pos) > FLIGHT_CONTACT + 1e-6:
                raise IllegalOrder(R_DOG, f"{name} does not reach {enemy_name}")
            escorts = [
                e
                for e in battle.state.air(enemy.side)
                if enemy.name in e.escorting and not e.engaged and e.name not in _all_engaged(plan)
            ]
            if escorts:
                raise IllegalOrder(
                    R_ESCORT,
                    f"{enemy_name} is escorted: {', '.join(e.name for e in escorts)} must be engaged instead",
                )
    return ends


def _all_engaged(plan: FlightPlan) -> set[str]:
    return {e for move in plan.values() for e in move.engage}


def _verify_attack(battle: Battle, flight: FlightState, move: FlightMove, end: Point) -> None:
    assert move.attack is not None
    target = attack_target(battle, move.attack)
    if target is None or target.side == flight.side:
        raise IllegalOrder(R_ATTACK, f"{move.attack} is not an enemy ship or MTB Section")
    if isinstance(target, ShipState) and target.status is Status.DEEP:
        if _off_edge(battle, end) is not home_edge(target.side) and battle.state.table.contains(end):
            raise IllegalOrder(R_DEEP, f"{flight.name} must fly off {battle.side_name(target.side)}'s table edge")
        if not flight.armed:
            raise IllegalOrder(R_ATTACK, f"{flight.name} has spent its payload")
        return
    if not target.on_table or target.pos is None:
        raise IllegalOrder(R_ATTACK, f"{move.attack} is not on the table")
    if isinstance(target, MTBState):
        if distance(end, target.pos) > SHIP_CONTACT + 1e-6:
            raise IllegalOrder(R_ATTACK, f"{flight.name} must end in base contact with {target.name}")
        return  # bombs, or strafing by any Flight (000 Strafing Aircraft)
    reach = SHIP_CONTACT
    if target.depth in (Depth.SUBMERGED, Depth.DEEP):
        if not flight.has("ASW"):
            raise IllegalOrder("000 Aircraft and Submarines", "only ASW Flights attack a submerged submarine")
        if target.depth is Depth.DEEP or target.status is not Status.ACTIVE:
            raise IllegalOrder("000 ASW Aircraft", "ASW aircraft may not attack a submarine running deep")
        reach = ASW_RANGE
    if distance(end, target.pos) > reach + 1e-6:
        raise IllegalOrder(R_ATTACK, f"{flight.name} must end in base contact with {target.name}")
    if not flight.armed or flight.card.damage_dice <= 0:
        raise IllegalOrder(R_ATTACK, f"{flight.name} has no payload to attack a ship with (One-Shot spent)")


def _verify_landing(battle: Battle, flight: FlightState, move: FlightMove, end: Point, earlier: int) -> None:
    """``flight`` may land on its carrier at ``end``, after ``earlier`` Flights of the same move (R-TAC-76)."""
    assert move.land is not None
    carrier = battle.state.ships.get(move.land)
    if carrier is None or carrier.side != flight.side or carrier.gone:
        raise IllegalOrder(R_LAUNCH, f"{move.land} is not a friendly carrier")
    if not flight.card.carrier:
        raise IllegalOrder(R_LAUNCH, f"{flight.name} is land-based and cannot be placed on a carrier")
    if len(aboard(battle, carrier.name)) + earlier >= capacity(carrier):
        raise IllegalOrder(R_LAUNCH, f"{carrier.name} has no room for another Flight")
    why = deck_refusal(battle, carrier)
    if why is not None:
        rule, message = why.split(": ", 1)
        raise IllegalOrder(rule, f"{carrier.name}: {message}")
    room = recovery_room(battle, carrier)
    if earlier >= room:
        raise IllegalOrder(
            R_LAUNCH, f"{carrier.name} may recover {room} Flight(s) this turn: {flight.name} would be one more",
        )
    if carrier.status is Status.DEEP:
        if _off_edge(battle, end) is not home_edge(flight.side) and battle.state.table.contains(end):
            raise IllegalOrder(R_DEEP, f"{flight.name} must fly off its own table edge to land")
        return
    assert carrier.pos is not None
    if distance(end, carrier.pos) > SHIP_CONTACT + 1e-6 or Arc.AFT not in arcs_of(carrier.pos, carrier.heading, end):
        raise IllegalOrder(R_LAUNCH, f"{flight.name} must end in contact with the stern of {carrier.name}")


def move_flights(battle: Battle, side: int, plan: FlightPlan) -> None:
    """Verify and carry out a side's aircraft movement (all its Flights at once)."""
    ends = verify_flight_plan(battle, side, plan)
    for name, move in plan.items():
        flight = battle.state.flights[name]
        if not flight.airborne:
            continue
        assert flight.pos is not None
        points = [flight.pos, *move.path]
        start = flight.pos
        end = ends[name]
        if move.path:
            flight.target, flight.escorting, flight.supporting = None, [], None
            flight.kamikaze = move.kamikaze
            flight.moved = True
            crossing = battle.state.table.exit_point(points[-2], end) if not battle.state.table.contains(end) else None
            flight.pos = clamp_to_table(battle, crossing[0] if crossing else end)
            battle.log.emit(
                ev.FlightMoved, ship=flight.name, side=battle.side_name(side), distance=path_length(points),
                start=(start[0], start[1]), pos=(flight.pos[0], flight.pos[1]),
            )
            overflight_fire(battle, flight, points)
            if not flight.airborne:
                continue
        if move.leave:
            flight.status = FlightStatus.LEFT
            drop_contacts(battle, flight)
            battle.log.emit(ev.FlightLeft, ship=flight.name, side=battle.side_name(side))
            continue
        if move.land is not None:
            _recover(battle, flight, battle.ship(move.land))
            continue
        if move.attack is not None:
            flight.target = move.attack
            flight.kamikaze = move.kamikaze
            target = attack_target(battle, move.attack)
            battle.log.emit(
                ev.AirContact, ship=flight.name, side=battle.side_name(side), target=move.attack,
                kamikaze=bool(move.kamikaze),
                deep=isinstance(target, ShipState) and target.status is Status.DEEP,
            )
        flight.escorting = list(move.escort)
        flight.supporting = move.support
        for enemy_name in move.engage:
            enemy = battle.state.flights[enemy_name]
            if not enemy.airborne:
                continue
            if enemy_name not in flight.engaged:
                flight.engaged.append(enemy_name)
            if flight.name not in enemy.engaged:
                enemy.engaged.append(flight.name)
            battle.log.emit(ev.DogfightStarted, ship=flight.name, side=battle.side_name(side), target=enemy_name)


def _recover(battle: Battle, flight: FlightState, carrier: ShipState) -> None:
    """Land ``flight`` on ``carrier``: a Flight with its payload is ready at once, a spent one must re-arm."""
    drop_contacts(battle, flight)
    flight.status = FlightStatus.ABOARD
    flight.aboard = carrier.name
    flight.pos = None
    flight.ready = flight.armed
    if carrier.status is not Status.DEEP:
        carrier.deck_moves += 1
    battle.log.emit(ev.Recovered, ship=flight.name, side=battle.side_name(flight.side), carrier=carrier.name)


def aircraft_movement(battle: Battle, captains: tuple[Captain, Captain]) -> None:
    """000 Aircraft: Movement Phase: after the ships (and MTB Sections); the Initiative winner chooses who moves
    its aircraft first; deep-deployed carriers launch first (their Flights do not move this turn)."""
    for side in (0, 1):
        for carrier in [s for s in battle.state.fleet(side) if s.status is Status.DEEP]:
            if deck_refusal(battle, carrier) is not None:
                continue  # bad weather, or a Crew Critical Score of 2 (R-TAC-77)
            ready = [f.name for f in aboard(battle, carrier.name) if f.ready]
            if ready:
                names = captains[side].choose_launch(battle, carrier, ready)
                launch(battle, carrier, names)
    if not any(f.airborne for f in battle.state.flights.values()):
        return
    assert battle.state.initiative is not None
    winner = battle.state.initiative
    first_self = captains[winner].aircraft_first(battle, winner)
    order = (winner, 1 - winner) if first_self else (1 - winner, winner)
    battle.log.emit(ev.AirOrder, side=battle.side_name(winner), first=battle.side_name(order[0]))
    for side in order:
        if not battle.state.air(side):
            continue
        plan = captains[side].plan_flights(battle, side)
        move_flights(battle, side, plan)
