"""Aircraft and carriers (000 "Aircraft", "Aircraft Flights and Type", "Aircraft Chart", "Attacking with
Aircraft", "Dogfighting", "Escorting", "Carriers", "Combat Air Patrol", "Wind Direction", "Launching and Recovering
Aircraft", "Refuelling and Re-arming", "Deep Deployment", "Attacking Deep Deployment Carriers", "Kamikaze",
Aircraft Traits, the Local X, DP, Armoured Deck and Carrier traits, Scramble!).  Distances in inches.

* Flights move after every ship (and MTB Section) has moved; the Initiative winner chooses which side moves its
  aircraft first; a side moves all its Flights at once, in any direction and with any turns, up to their Flank
  Speed (a path of waypoints, :class:`FlightMove`).  No Orders.  A Flight launched this turn, or locked in a
  dogfight, does not move.  No Flight may pass within 2" of a barrage balloon unless it is a Level Bomber.
* Contact (R-TAC-23): a Flight is in base contact with a ship or MTB Section when its lead plane ends within 3" of
  the bridge (the "normal 3"" of 000 ASW Aircraft), and with another Flight within 1"; it flies over a ship when its
  path passes within 1" of the bridge (the footprint used for stacking, R-TAC-07).  Contacts are declared afresh
  in each turn's move and checked against these distances; dogfights stay locked from turn to turn.
* A ship's Local X dice fire at once at every enemy Flight that flies over it (6s; +1 against a kamikaze), as
  often as it happens, and once more at the start of the Gunnery Phase against Flights in contact with it.
* AA fire at the start of the Gunnery Phase is :mod:`tactical.aa`.
* Attacks (:func:`air_attacks`): when its side nominates "aircraft" in the Gunnery Phase, every armed Flight in
  contact with an enemy ship rolls one D6 and hits on the Attack with Aircraft number (Fighter 5+, Bomber 5+,
  Dive-Bomber 3+, Kamikaze 4+, Torpedo-Bomber 5+; Observation 5+, R-TAC-20) with the Attack Dice modifiers other
  than range and the torpedo -2 (R-TAC-20); then its Damage Dice as normal (its payload is a Torpedo for a
  Torpedo-Bomber, a Bomb otherwise).  Armoured Deck: -1 to the Damage Dice of Dive-Bombers and Kamikazes.  The
  payload is One-Shot: the Flight must land and re-arm before it attacks a ship again (it may still dogfight).
* Kamikaze: declared in the move; Local fire at it +1; a missed attack is rolled again; range ignored; the Flight
  is spent whatever happens (no victory points to the enemy, R-TAC-25); damage raises the Crew Critical Score by 1.
* Dogfights (:func:`dogfights`), at the end of the Gunnery Phase: only Fighters start them (by moving into contact
  with an enemy Flight, after which they stop); each pair rolls D6 + Dogfight + 1 per supporting friendly Flight
  in contact and not itself fighting; the higher destroys the other; a draw leaves them locked (neither moves
  until its enemies are gone).  An enemy must engage a Flight's unengaged escorting Fighters before the Flight.
* Carriers (:func:`launch`, recovery in the move): one Flight launched or recovered a turn (two after a passed
  Scramble!), only when the carrier moved straight into the wind (the wind's edge in its fore arc), gave no Order
  but Scramble!, has a Crew Critical Score below 2, is not aground, and the weather is good.  Launched Flights are
  set 1" from the carrier and may not move that turn; a Flight is recovered by moving into contact with the stern
  (the carrier's Aft arc).  Re-arming: a crew check per Flight in the End Phase.
* Deep deployment: carriers off the table launch any number of Flights a turn at the fleet's table edge (they
  cannot be attacked that turn) and recover those that fly off that edge (R-TAC-26); enemy Flights that fly off
  that edge may attack them after the carriers' Fighters aboard have dogfought them.
"""

from __future__ import annotations

from collections.abc import Sequence

from scenarios.cards import WEAPON_TRAITS, AircraftRole, Arc, WeaponKind, WeaponSystem, parse_trait
from tactical import events as ev
from tactical.aa import R_LOCAL, aa_allowed, aa_hit_number, drop_contacts, local_dice, resolve_aa_dice, shoot_down
from tactical.attack_dice import fast_target, roll_to_hit, size_and_facing
from tactical.captain import Captain
from tactical.criticals import raise_area
from tactical.damage import roll_damage
from tactical.environment import attack_environment_modifiers
from tactical.geometry import (
    EPS,
    Edge,
    Point,
    RangeBand,
    advance,
    arcs_of,
    distance,
    in_side_arc,
    path_length,
    path_passes_within,
)
from tactical.hull import award_points
from tactical.mtb import R_STRAFE, STRAFING, hit_boat, smoke_screened
from tactical.orders import IllegalOrder, OrderName, crew_check, evading
from tactical.plans import FlightMove, FlightPlan
from tactical.state import Area, Battle, Depth, FlightState, FlightStatus, MTBState, ShipState, Status
from tactical.submarines import asw_spotting

R_AIR = "000 Aircraft: Movement Phase"
R_ATTACK = "000 Attacking with Aircraft"
R_DOG = "000 Dogfighting"
R_ESCORT = "000 Escorting"
R_LAUNCH = "000 Launching and Recovering Aircraft"
R_REARM = "000 Refuelling and Re-arming"
R_KAMIKAZE = "000 Kamikaze"
R_DEEP = "000 Deep Deployment"
R_WIND = "000 Wind Direction"
SHIP_CONTACT = 3.0
"""R-TAC-23: base contact with a ship or MTB Section: the lead plane within 3" of its bridge."""
FLIGHT_CONTACT = 1.0
"""R-TAC-23: two Flights are in base contact within 1"."""
OVERFLY = 1.0
"""R-TAC-23: a Flight flies over a ship when its path passes within 1" of the bridge."""
LAUNCH_DISTANCE = 1.0
"""000 Launching: launched Flights are placed within 1" of the carrier."""
BALLOON_CLEARANCE = 2.0
"""000 Barrage Balloons: no Flight may move within 2" of a balloon (Level Bombers excepted)."""
ASW_RANGE = 8.0
"""000 ASW Aircraft: an ASW Flight attacks a submerged submarine from within 8"."""

ROLL_TO_HIT: dict[AircraftRole, int] = {
    AircraftRole.FIGHTER: 5,
    AircraftRole.BOMBER: 5,
    AircraftRole.DIVE_BOMBER: 3,
    AircraftRole.KAMIKAZE: 4,
    AircraftRole.TORPEDO_BOMBER: 5,
    AircraftRole.OBSERVATION: 5,  # not on the table; R-TAC-20: as a Bomber
}
"""000 Attacking with Aircraft: the D6 roll a Flight needs to hit, by type."""

WIND_EDGES = {1: Edge.WEST, 2: Edge.WEST, 3: Edge.EAST, 4: Edge.EAST, 5: Edge.SOUTH, 6: Edge.NORTH}
"""000 Wind Direction (Diagram 3): D6 -> the edge the wind comes from (1-2 left, 3-4 right, 5 bottom, 6 top)."""

AIRCRAFT_NOMINEE = "<aircraft>"
"""The name a captain nominates in the Gunnery Phase to attack with all its Flights (000 Attacking with Aircraft)."""


# --------------------------------------------------------------------------- payload, wind, deck


def payload(flight: FlightState) -> WeaponSystem:
    """The Flight's One-Shot payload as a weapon system: a Torpedo for a Torpedo-Bomber, Bombs otherwise, one
    Attack Die, its chart Damage Dice and AP, and the weapon traits among its traits."""
    card = flight.card
    kind = WeaponKind.TORPEDO if card.role is AircraftRole.TORPEDO_BOMBER else WeaponKind.BOMB
    traits = [t for t in card.traits if parse_trait(t)[0] in WEAPON_TRAITS]
    return WeaponSystem(
        name=f"{card.name} {'torpedo' if kind is WeaponKind.TORPEDO else 'bombs'}",
        kind=kind,
        arcs=list(Arc),
        ranges=(3, 3, 3, 3),
        ad=1,
        ap=card.ap,
        dd=card.damage_dice,
        traits=["One-Shot", *traits],
    )


def roll_wind(battle: Battle) -> Edge:
    """000 Wind Direction: one D6 before deployment when a carrier is present."""
    face = battle.dice.d6(label="wind direction", rule=R_WIND)
    edge = WIND_EDGES[face]
    battle.state.wind = edge.value
    battle.log.emit(ev.WindSet, edge=edge.value)
    return edge


def into_wind_heading(battle: Battle) -> float | None:
    """The heading that points straight at the wind's edge (``None`` without wind)."""
    if battle.state.wind is None:
        return None
    return (Edge(battle.state.wind).inward_heading + 180.0) % 360.0


def into_wind(battle: Battle, heading: float) -> bool:
    """000 Wind Direction: sailing into the wind means the wind's table edge lies in the fore arc, i.e. the heading
    is within 45 degrees of the heading straight at that edge (R-TAC-27)."""
    target = into_wind_heading(battle)
    if target is None:
        return False
    diff = abs((heading - target + 180.0) % 360.0 - 180.0)
    return diff <= 45.0 + EPS


def capacity(ship: ShipState) -> int:
    """Flights the carrier may carry: its Flights X (000 Aircraft Chart)."""
    return ship.card.trait("Flights") or 0


def aboard(battle: Battle, carrier: str) -> list[FlightState]:
    return [f for f in battle.state.flights.values() if f.status is FlightStatus.ABOARD and f.aboard == carrier]


def deck_allowance(ship: ShipState) -> int:
    """Flights a carrier may launch and recover this turn: 1, or 2 after a passed Scramble!."""
    return 2 if ship.order == OrderName.SCRAMBLE.value and ship.order_ok else 1


def deck_refusal(battle: Battle, ship: ShipState) -> str | None:
    """Why ``ship`` may not launch or recover a Flight now (rule: reason), or ``None`` if it may."""
    if not ship.has("Carrier"):
        return "000 Carrier: only a ship with a working Carrier trait launches and recovers Flights"
    if ship.status is Status.DEEP:
        return None
    if not ship.on_table:
        return f"{R_LAUNCH}: {ship.name} is not on the table"
    if battle.state.bad_weather:
        return "000 Bad Weather: carriers may not launch or recover aircraft"
    if ship.aground:
        return "000 Land: a ship run aground may not launch or recover aircraft"
    if ship.in_force(Area.CREW).no_deck:
        return f"{R_LAUNCH}: a carrier with a Crew Critical Score of 2 or more may not launch or recover Flights"
    if ship.order is not None and ship.order != OrderName.SCRAMBLE.value:
        return "000 Carrier: a carrier launches or recovers only if its captain gives no Order but Scramble!"
    if not ship.has_moved or ship.moved <= EPS:
        return f"{R_LAUNCH}: the carrier must move in a straight line into the wind first"
    if ship.turned or not into_wind(battle, ship.heading):
        return f"{R_LAUNCH}: the carrier must move in a straight line into the wind without turning"
    if ship.deck_moves >= deck_allowance(ship):
        return f"{R_LAUNCH}: the carrier has already launched or recovered {ship.deck_moves} Flight(s) this turn"
    return None


def launch_refusal(battle: Battle, carrier: ShipState, names: Sequence[str]) -> str | None:
    """Why ``carrier`` may not launch ``names`` now (rule: reason), or ``None`` if it may (as :func:`launch`
    checks them: aboard and ready, the deck free, at most its allowance this turn; a carrier in deep deployment
    launches any number)."""
    for name in names:
        flight = battle.state.flights.get(name)
        if flight is None or flight.status is not FlightStatus.ABOARD or flight.aboard != carrier.name:
            return f"{R_LAUNCH}: {name} is not aboard {carrier.name}"
        if not flight.ready:
            return f"{R_REARM}: {name} has not been re-armed and made ready"
    if not names or carrier.status is Status.DEEP:
        return None
    why = deck_refusal(battle, carrier)
    if why is not None:
        return why
    room = deck_allowance(carrier) - carrier.deck_moves
    if len(names) > room:
        return f"{R_LAUNCH}: {carrier.name} may launch or recover {room} more Flight(s) this turn, not {len(names)}"
    return None


def launch(battle: Battle, carrier: ShipState, names: Sequence[str]) -> None:
    """Launch ``names`` from ``carrier`` (after its move; placed 1" from the bridge, they may not move this turn).
    From deep deployment they are placed on the fleet's table edge and cannot be attacked this turn."""
    for name in names:
        flight = battle.state.flights.get(name)
        if flight is None or flight.status is not FlightStatus.ABOARD or flight.aboard != carrier.name:
            raise IllegalOrder(R_LAUNCH, f"{name} is not aboard {carrier.name}")
        if not flight.ready:
            raise IllegalOrder(R_REARM, f"{name} has not been re-armed and made ready")
        if carrier.status is Status.DEEP:
            _place_at_home_edge(battle, flight)
            flight.protected_turn = battle.state.turn
        else:
            why = deck_refusal(battle, carrier)
            if why is not None:
                rule, message = why.split(": ", 1)
                raise IllegalOrder(rule, f"{carrier.name}: {message}")
            assert carrier.pos is not None
            side = 90.0 if carrier.deck_moves % 2 == 0 else -90.0
            flight.pos = _clamp(battle, advance(carrier.pos, carrier.heading + side, LAUNCH_DISTANCE))
            carrier.deck_moves += 1
        flight.status = FlightStatus.AIRBORNE
        flight.aboard = None
        flight.launched_turn = battle.state.turn
        flight.target, flight.kamikaze, flight.escorting, flight.supporting = None, False, [], None
        battle.log.emit(
            ev.Launched, ship=flight.name, side=battle.side_name(flight.side), carrier=carrier.name,
            aircraft=flight.card.name, deep=carrier.status is Status.DEEP,
        )


def _clamp(battle: Battle, p: Point) -> Point:
    t = battle.state.table
    return (min(max(p[0], 0.0), t.width), min(max(p[1], 0.0), t.height))


def home_edge(side: int) -> Edge:
    """The fleet's table edge: side 0 deploys along the south edge, side 1 along the north (R-TAC-04)."""
    return Edge.SOUTH if side == 0 else Edge.NORTH


def _place_at_home_edge(battle: Battle, flight: FlightState) -> None:
    fleet = [s.pos for s in battle.state.afloat(flight.side) if s.pos is not None]
    x = sum(p[0] for p in fleet) / len(fleet) if fleet else battle.state.table.width / 2
    x += 1.5 * sum(1 for f in battle.state.air(flight.side) if f.launched_turn == battle.state.turn)
    edge = home_edge(flight.side)
    flight.pos = _clamp(battle, (x, 0.0 if edge is Edge.SOUTH else battle.state.table.height))


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
            _verify_landing(battle, flight, move, end)
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


def _verify_landing(battle: Battle, flight: FlightState, move: FlightMove, end: Point) -> None:
    assert move.land is not None
    carrier = battle.state.ships.get(move.land)
    if carrier is None or carrier.side != flight.side or carrier.gone:
        raise IllegalOrder(R_LAUNCH, f"{move.land} is not a friendly carrier")
    if not flight.card.carrier:
        raise IllegalOrder(R_LAUNCH, f"{flight.name} is land-based and cannot be placed on a carrier")
    if len(aboard(battle, carrier.name)) >= capacity(carrier):
        raise IllegalOrder(R_LAUNCH, f"{carrier.name} has no room for another Flight")
    why = deck_refusal(battle, carrier)
    if why is not None:
        rule, message = why.split(": ", 1)
        raise IllegalOrder(rule, f"{carrier.name}: {message}")
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
            flight.pos = _clamp(battle, crossing[0] if crossing else end)
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


# --------------------------------------------------------------------------- AA fire


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
    of their Fighters aboard."""
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
    """000 Attacking Deep Deployment Carriers: the carrier player may dogfight the attackers with Fighters still
    aboard its carriers; a draw keeps the attacker from attacking this turn (R-TAC-26)."""
    defenders = [
        f
        for f in battle.state.flights.values()
        if f.side != side
        and f.status is FlightStatus.ABOARD
        and f.card.role is AircraftRole.FIGHTER
        and battle.ship(f.aboard or "").status is Status.DEEP
    ]
    for name, defender in zip(attackers, defenders, strict=False):
        flight = battle.state.flights[name]
        result = _dogfight_roll(battle, flight, defender, 0, 0)
        if result > 0:
            defender.status = FlightStatus.DESTROYED
            battle.log.emit(ev.ShotDownOverCarrier, ship=defender.name)
            award_points(battle, defender.name, defender.side, defender.card.points, 1.0, "shot down")
        elif result < 0:
            shoot_down(battle, flight, defender.name)
        else:
            flight.attacked = True
            battle.log.emit(ev.HeldOff, ship=flight.name, defender=defender.name)


# --------------------------------------------------------------------------- dogfights


def _support(battle: Battle, flight: FlightState) -> int:
    """+1 for every friendly Flight in base contact with ``flight`` (escorting it, escorted by it or supporting
    it) that is not itself in contact with an enemy Flight."""
    friends = set()
    for other in battle.state.air(flight.side):
        if other is flight or other.engaged:
            continue
        if other.supporting == flight.name or flight.name in other.escorting or other.name in flight.escorting:
            friends.add(other.name)
    return len(friends)


def _dogfight_roll(battle: Battle, a: FlightState, b: FlightState, sa: int, sb: int) -> int:
    """Both roll D6 + Dogfight + support; returns >0 if ``a`` wins, <0 if ``b`` wins, 0 for a draw."""
    ra = battle.dice.d6(label=f"{a.name} dogfight", rule=R_DOG) + a.card.dogfight + sa
    rb = battle.dice.d6(label=f"{b.name} dogfight", rule=R_DOG) + b.card.dogfight + sb
    battle.log.emit(
        ev.Dogfight, ship=a.name, side=battle.side_name(a.side), target=b.name, roll=ra, target_roll=rb,
        support=(sa, sb),
    )
    return ra - rb


def dogfights(battle: Battle) -> None:
    """000 Dogfighting, at the end of the Gunnery Phase: every pair of Flights in contact fights, the Initiative
    winner's pairs in the order of its Flights (R-TAC-28)."""
    assert battle.state.initiative is not None
    first = battle.state.initiative
    pairs: list[tuple[str, str]] = []
    for side in (first, 1 - first):
        for f in battle.state.air(side):
            for enemy in f.engaged:
                if (enemy, f.name) not in pairs and (f.name, enemy) not in pairs:
                    pairs.append((f.name, enemy))
    for a_name, b_name in pairs:
        a, b = battle.state.flights[a_name], battle.state.flights[b_name]
        if not (a.airborne and b.airborne) or b_name not in a.engaged:
            continue
        result = _dogfight_roll(battle, a, b, _support(battle, a), _support(battle, b))
        if result > 0:
            shoot_down(battle, b, a.name)
        elif result < 0:
            shoot_down(battle, a, b.name)


# --------------------------------------------------------------------------- end phase


def rearm(battle: Battle) -> None:
    """000 Refuelling and Re-arming: each Flight aboard a carrier that has spent its payload makes a crew quality
    check of its carrier (bad weather -1); a pass re-arms it, ready to launch next turn."""
    for flight in battle.state.flights.values():
        if flight.status is not FlightStatus.ABOARD or flight.ready:
            continue
        carrier = battle.state.ships.get(flight.aboard or "")
        if carrier is None or carrier.gone:
            continue
        if crew_check(battle, carrier, f"re-arm {flight.name}"):
            flight.armed = True
            flight.ready = True
            battle.log.emit(ev.Rearmed, ship=flight.name, side=battle.side_name(flight.side), carrier=carrier.name)


def reset_flights(battle: Battle) -> None:
    """Start of a turn: contacts with ships, escorts and supports are declared afresh in each move (R-TAC-23);
    dogfights stay locked."""
    for flight in battle.state.flights.values():
        flight.reset_turn()
        flight.target, flight.kamikaze, flight.escorting, flight.supporting = None, False, [], None


# --------------------------------------------------------------------------- exact odds

