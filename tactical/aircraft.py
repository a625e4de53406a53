"""Aircraft and carriers (000 "Aircraft", "Aircraft Flights and Type", "Aircraft Chart", "Attacking with
Aircraft", "Dogfighting", "Escorting", "Carriers", "Combat Air Patrol", "Wind Direction", "Launching and Recovering
Aircraft", "Refuelling and Re-arming", "Deep Deployment", "Attacking Deep Deployment Carriers", "Kamikaze",
Aircraft Traits, the Local X, DP, Armoured Deck and Carrier traits, Scramble!).  Distances in inches.

* Movement (:mod:`tactical.air_movement`): Flights move after every ship (and MTB Section) has moved; the
  Initiative winner chooses which side moves its aircraft first; a side moves all its Flights at once, in any
  direction and with any turns, up to their Flank Speed (a path of waypoints, :class:`FlightMove`).  No Orders.
  A Flight launched this turn, or locked in a dogfight, does not move.  No Flight may pass within 2" of a barrage
  balloon unless it is a Level Bomber.
* Contact (R-TAC-23): a Flight is in base contact with a ship or MTB Section when its lead plane ends within 3" of
  the bridge (the "normal 3"" of 000 ASW Aircraft), and with another Flight within 1"; it flies over a ship when its
  path passes within 1" of the bridge (the footprint used for stacking, R-TAC-07).  Contacts are declared afresh
  in each turn's move and checked against these distances; dogfights stay locked from turn to turn.
* A ship's Local X dice fire at once at every enemy Flight that flies over it (6s; +1 against a kamikaze), as
  often as it happens, and once more at the start of the Gunnery Phase against Flights in contact with it.
* AA fire at the start of the Gunnery Phase is :mod:`tactical.aa`.
* Attacks (:mod:`tactical.air_attacks`): when its side nominates "aircraft" in the Gunnery Phase, every armed Flight in
  contact with an enemy ship rolls one D6 and hits on the Attack with Aircraft number (Fighter 5+, Bomber 5+,
  Dive-Bomber 3+, Kamikaze 4+, Torpedo-Bomber 5+; Observation 5+, R-TAC-20) with the Attack Dice modifiers other
  than range and the torpedo -2 (R-TAC-20); then its Damage Dice as normal (its payload is a Torpedo for a
  Torpedo-Bomber, a Bomb otherwise).  Armoured Deck: -1 to the Damage Dice of Dive-Bombers and Kamikazes.  The
  payload is One-Shot: the Flight must land and re-arm before it attacks a ship again (it may still dogfight).
* Kamikaze: declared in the move; Local fire at it +1; a missed attack is rolled again; range ignored; the Flight
  is spent whatever happens (no victory points to the enemy, R-TAC-25); damage raises the Crew Critical Score by 1.
* Dogfights (:mod:`tactical.dogfights`), at the end of the Gunnery Phase: only Fighters start them (by moving into
  contact with an enemy Flight, after which they stop); each pair rolls D6 + Dogfight + 1 per supporting friendly Flight
  in contact and not itself fighting; the higher destroys the other; a draw leaves them locked (neither moves
  until its enemies are gone).  An enemy must engage a Flight's unengaged escorting Fighters before the Flight.
* Carriers (:func:`launch`, recovery in the move): one Flight launched or recovered a turn (two after a passed
  Scramble!), only when the carrier moved straight into the wind (the wind's edge in its fore arc), gave no Order
  but Scramble!, has a Crew Critical Score below 2, is not aground, and the weather is good.  Launched Flights are
  set 1" from the carrier and may not move that turn; a Flight is recovered by moving into contact with the stern
  (the carrier's Aft arc); the Flights landing in one aircraft move never exceed the carrier's free places nor
  its deck allowance left (R-TAC-76).  Re-arming: a crew check per Flight in the End Phase.
* Deep deployment: carriers off the table launch any number of Flights a turn at the fleet's table edge (they
  cannot be attacked that turn) and recover those that fly off that edge (R-TAC-26), never in bad weather nor
  with a Crew Critical Score of 2 or more (R-TAC-77); enemy Flights that fly off
  that edge may attack them after the Flights aboard (Fighters first) have dogfought them (R-TAC-83).
"""

from __future__ import annotations

from collections.abc import Sequence

from scenarios.cards import WEAPON_TRAITS, AircraftRole, Arc, WeaponKind, WeaponSystem, parse_trait
from tactical import events as ev
from tactical.geometry import (
    EPS,
    Edge,
    Point,
    advance,
)
from tactical.orders import IllegalOrder, OrderName, crew_check
from tactical.state import Area, Battle, FlightState, FlightStatus, ShipState, Status

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
    if battle.state.bad_weather:
        return "000 Bad Weather: carriers may not launch or recover aircraft"
    if ship.in_force(Area.CREW).no_deck:
        return f"{R_LAUNCH}: a carrier with a Crew Critical Score of 2 or more may not launch or recover Flights"
    if ship.status is Status.DEEP:
        return None  # off the table: no wind, deck or Order limits (R-TAC-26), the two above still hold (R-TAC-77)
    if not ship.on_table:
        return f"{R_LAUNCH}: {ship.name} is not on the table"
    if ship.aground:
        return "000 Land: a ship run aground may not launch or recover aircraft"
    if ship.order is not None and ship.order != OrderName.SCRAMBLE.value:
        return "000 Carrier: a carrier launches or recovers only if its captain gives no Order but Scramble!"
    if not ship.has_moved or ship.moved <= EPS:
        return f"{R_LAUNCH}: the carrier must move in a straight line into the wind first"
    if ship.turned or not into_wind(battle, ship.heading):
        return f"{R_LAUNCH}: the carrier must move in a straight line into the wind without turning"
    if ship.deck_moves >= deck_allowance(ship):
        return f"{R_LAUNCH}: the carrier has already launched or recovered {ship.deck_moves} Flight(s) this turn"
    return None


def recovery_room(battle: Battle, carrier: ShipState) -> int:
    """Flights ``carrier`` may still recover this turn: none when its deck is closed (:func:`deck_refusal`), else
    its free places (Flights X less those aboard) and, on the table, no more than its deck allowance left (000
    Carrier, Launching and Recovering Aircraft, Scramble!; R-TAC-76)."""
    if deck_refusal(battle, carrier) is not None:
        return 0
    room = capacity(carrier) - len(aboard(battle, carrier.name))
    if carrier.status is not Status.DEEP:
        room = min(room, deck_allowance(carrier) - carrier.deck_moves)
    return max(room, 0)


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
    if not names:
        return None
    why = deck_refusal(battle, carrier)
    if why is not None or carrier.status is Status.DEEP:
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
        why = deck_refusal(battle, carrier)
        if why is not None:
            rule, message = why.split(": ", 1)
            raise IllegalOrder(rule, f"{carrier.name}: {message}")
        if carrier.status is Status.DEEP:
            _place_at_home_edge(battle, flight)
            flight.protected_turn = battle.state.turn
        else:
            assert carrier.pos is not None
            side = 90.0 if carrier.deck_moves % 2 == 0 else -90.0
            flight.pos = clamp_to_table(battle, advance(carrier.pos, carrier.heading + side, LAUNCH_DISTANCE))
            carrier.deck_moves += 1
        flight.status = FlightStatus.AIRBORNE
        flight.aboard = None
        flight.launched_turn = battle.state.turn
        flight.target, flight.kamikaze, flight.escorting, flight.supporting = None, False, [], None
        battle.log.emit(
            ev.Launched, ship=flight.name, side=battle.side_name(flight.side), carrier=carrier.name,
            aircraft=flight.card.name, deep=carrier.status is Status.DEEP,
        )


def clamp_to_table(battle: Battle, p: Point) -> Point:
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
    flight.pos = clamp_to_table(battle, (x, 0.0 if edge is Edge.SOUTH else battle.state.table.height))


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
