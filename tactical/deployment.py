"""Deployment (000 Deployment, War at Sea: Deployment, Deep Deployment, Combat Air Patrol; crowded tables
R-TAC-67 with R-TAC-04 and R-TAC-07): a fleet placed by its captain in its zone (grown first when it cannot hold
the fleet 1" apart; a ship put within 1" of another set at the nearest free place), its MTB Sections with it, then
its carriers into deep deployment and its Flights in the air at the start.  The whole picture is in the docstring of
:mod:`tactical.battle`.
"""

from __future__ import annotations

import math

from tactical import events as ev
from tactical.captain import Captain
from tactical.geometry import DeploymentZone, FreePlaces, Point, distance
from tactical.orders import IllegalOrder
from tactical.scenario import ScoutingAdvantage
from tactical.state import Battle, FlightStatus, ShipState, Status


def deploy_fleet(battle: Battle, side: int, zone: DeploymentZone, captain: Captain, names: list[str]) -> DeploymentZone:
    """Deploy ``names`` in ``zone`` (000 Deployment), grown first if it cannot hold them 1" apart; a ship the
    captain puts within 1" of another is set at the nearest free place (R-TAC-07, R-TAC-67).  Returns the zone
    used, for the side's MTB Sections and Flights."""
    zone = zone.holding(len(names))
    placement = captain.deploy(battle, side, zone, names)
    if sorted(placement) != sorted(names):
        raise IllegalOrder("000 Deployment", f"{battle.side_name(side)} must place exactly {sorted(names)}")
    placed: list[tuple[float, float]] = []
    stacked = False
    for name in names:
        pos, heading = placement[name]
        if not zone.contains(pos):
            raise IllegalOrder("000 Deployment", f"{name} at {pos} is outside the {zone.kind.value} zone")
        stacked = stacked or any(distance(pos, p) < 1.0 for p in placed)
        placed.append(pos)
    if stacked:
        placed, zone = _unstack(battle, side, zone, names, placed)
    for name, pos in zip(names, placed, strict=True):
        ship = battle.ship(name)
        heading = placement[name][1]
        ship.pos, ship.heading, ship.status = (float(pos[0]), float(pos[1])), float(heading) % 360.0, Status.ACTIVE
    battle.log.emit(
        ev.Deployed,
        side=battle.side_name(side),
        ships=tuple(names),
        positions=tuple((n, *_placed(battle.ship(n)), battle.ship(n).heading) for n in names),
        zone=zone.describe(),
    )
    return zone


def _placed(ship: ShipState) -> Point:
    assert ship.pos is not None, f"{ship.name} is deployed"
    return ship.pos


def _unstack(
    battle: Battle, side: int, zone: DeploymentZone, names: list[str], wanted: list[Point]
) -> tuple[list[Point], DeploymentZone]:
    """R-TAC-07 at deployment (R-TAC-67): in the captain's order, each ship stays where it was put if that is at
    least 1" from every bridge placed before it (and from the installations and other ships on the table); else
    it is set at the nearest free place of the zone (a 1/4" grid), the zone growing when it is full.  If even
    the largest zone has no free place left, the fleet is formed in lines abreast across the largest zone, in
    the captain's order."""
    st = battle.state
    others = [s.pos for s in st.ships.values() if s.pos is not None and s.on_table and s.name not in names]
    free = FreePlaces(zone, others)
    out: list[Point] = []
    moves: list[tuple[str, str, Point]] = []
    for name, pos in zip(names, wanted, strict=True):
        spot: Point = (float(pos[0]), float(pos[1]))
        if not free.clear(pos):
            near = min(free.bridges, key=lambda b: distance(b, pos))
            nearest = free.nearest(pos)
            if nearest is None:
                return _formed(battle, side, zone.largest(), names)
            spot = nearest
            blocker = next(
                (n for n, p in zip(names, out, strict=False) if p == near),
                next((s.name for s in st.ships.values() if s.pos == near and s.name not in names), "another ship"),
            )
            moves.append((name, blocker, spot))
        free.add(spot)
        out.append(spot)
    for name, blocker, spot in moves:
        battle.log.emit(
            ev.DeployBlocked, ship=name, side=battle.side_name(side), blocker=blocker, at=(spot[0], spot[1])
        )
    return out, free.zone


def _formed(battle: Battle, side: int, zone: DeploymentZone, names: list[str]) -> tuple[list[Point], DeploymentZone]:
    """The last resort of R-TAC-67: the fleet in lines abreast across ``zone``, in the order of ``names``."""
    slots = [p for line in zone.formation(len(names), spacing=4.0) for p in line]
    battle.log.emit(ev.FormedAbreast, side=battle.side_name(side), zone=zone.describe())
    return slots, zone


def deploy_boats(battle: Battle, side: int, zone: DeploymentZone, captain: Captain) -> None:
    """MTB Sections deploy with their fleet, in its zone."""
    boats = [m.name for m in battle.state.mtbs.values() if m.side == side]
    if not boats:
        return
    placement = captain.deploy_boats(battle, side, zone, boats)
    if sorted(placement) != sorted(boats):
        raise IllegalOrder("000 Deployment", f"{battle.side_name(side)} must place exactly {sorted(boats)}")
    for name, pos in placement.items():
        if not zone.contains(pos):
            raise IllegalOrder("000 Deployment", f"{name} at {pos} is outside the {zone.kind.value} zone")
        battle.state.mtbs[name].pos = (float(pos[0]), float(pos[1]))
    battle.log.emit(ev.MTBsDeployed, side=battle.side_name(side), count=len(boats))


def deploy_air(
    battle: Battle, side: int, zone: DeploymentZone, captain: Captain, advantage: ScoutingAdvantage
) -> None:
    """Deep deployment (scouting 4+), then the Flights in the air at the start (000 Combat Air Patrol: two a
    carrier; scouting 7+: half, 10+: all of them; deep carriers: any number; land-based Flights all, R-TAC-29)."""
    st = battle.state
    carriers = [s for s in st.fleet(side) if s.has("Carrier") and s.on_table and not s.anchored]  # R-CARD-11
    if advantage.deep_deployment and carriers:
        deep = captain.deep_deploy(battle, side, [c.name for c in carriers])
        for name in deep:
            ship = battle.ship(name)
            if ship not in carriers:
                raise IllegalOrder("000 Deep Deployment", f"{name} is not a carrier of {battle.side_name(side)}")
            ship.status = Status.DEEP
            ship.pos = None
            battle.log.emit(ev.DeepDeployed, ship=name, side=battle.side_name(side))
    limits: dict[str | None, int] = {}
    for carrier in [s for s in st.fleet(side) if s.has("Carrier")]:
        based = [f for f in st.flights.values() if f.aboard == carrier.name]
        if carrier.status is Status.DEEP or advantage.points >= 10:
            limits[carrier.name] = len(based)
        elif advantage.points >= 7:
            limits[carrier.name] = max(2, math.ceil(len(based) / 2))
        else:
            limits[carrier.name] = 2
    land = [f.name for f in st.flights.values() if f.side == side and f.carrier is None]
    candidates = {
        f.name: f.aboard for f in st.flights.values() if f.side == side and f.status is FlightStatus.ABOARD
    }
    if not candidates and not land:
        return
    placement = captain.deploy_flights(battle, side, zone, candidates, limits, land)
    counts: dict[str | None, int] = {}
    for name in land:
        if name not in placement:
            raise IllegalOrder("000 Aircraft", f"land-based {name} must be placed in the deployment zone (R-TAC-29)")
    for name, pos in placement.items():
        flight = st.flights.get(name)
        if flight is None or flight.side != side:
            raise IllegalOrder("000 Combat Air Patrol", f"{name} is not a Flight of {battle.side_name(side)}")
        if not zone.contains(pos):
            raise IllegalOrder("000 Combat Air Patrol", f"{name} at {pos} is outside the deployment zone")
        if flight.carrier is not None:
            counts[flight.carrier] = counts.get(flight.carrier, 0) + 1
            if counts[flight.carrier] > limits.get(flight.carrier, 0):
                raise IllegalOrder(
                    "000 Combat Air Patrol",
                    f"{flight.carrier} may start with {limits.get(flight.carrier, 0)} Flight(s) in the air",
                )
        flight.status = FlightStatus.AIRBORNE
        flight.aboard = None
        flight.pos = (float(pos[0]), float(pos[1]))
    if placement:
        battle.log.emit(ev.FlightsAloft, side=battle.side_name(side), flights=tuple(placement))
