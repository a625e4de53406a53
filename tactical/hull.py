"""Hull: hull loss, crippling, sinking, withdrawal, and the victory points they give.

Rules (000 "Damage", "Crippled Ships", "War at Sea: Victory Points", "Tactical Withdrawals"):

* Hull at or below the Crippled value: crippled (half Flank Speed, Lumbering, Light Gun/Torpedo/AA dice halved,
  a D6 for every Main Gun and every ship Trait: lost on 4+).  Hull 0: sunk.
* Victory points to the enemy: 50% of the points for a cripple, 100% for a sinking, 25% for a withdrawal; a ship
  never gives more than the largest of these (rounded down, R-TAC-13).  Every award is a ``vp`` event.

The Damage Dice that take the hull are :mod:`tactical.damage`; critical hits are :mod:`tactical.criticals`.
"""

from __future__ import annotations

from scenarios.cards import WeaponKind
from tactical import events as ev
from tactical.geometry import Edge
from tactical.state import Battle, FlightStatus, ShipState, Status

R_CRIPPLED = "000 Crippled Ships"


def critical_damage(battle: Battle, amount: int) -> int:
    """The part of ``amount``, extra damage of the critical hit being resolved, that stands: all of it, or no more
    than is left of a 001 Weak critical's one point, shared by everything that critical sets off (R-TAC-81)."""
    cap = battle.state.damage_cap
    if cap is None:
        return amount
    taken = min(max(amount, 0), cap)
    battle.state.damage_cap = cap - taken
    return taken


def apply_hull_damage(battle: Battle, ship: ShipState, amount: int, cause: str) -> None:
    """Take ``amount`` Hull from ``ship``; cripple it at its Crippled value, sink it at 0 (000 Damage)."""
    if amount <= 0 or not ship.hittable:
        return
    ship.hull = max(ship.hull - amount, 0)
    battle.log.emit(
        ev.HullLost, ship=ship.name, side=battle.side_name(ship.side), amount=amount, hull=ship.hull,
        hull_start=ship.hull_start, cause=cause,
    )
    if ship.hull <= 0:
        sink(battle, ship)
    elif not ship.crippled and ship.hull <= ship.card.crippled:
        cripple(battle, ship)


def cripple(battle: Battle, ship: ShipState, *, award: bool = True) -> None:
    """000 Crippled Ships: half speed and Lumbering (derived), Light Gun/Torpedo/AA dice halved (derived), and a
    D6 for each Main Gun and each ship Trait: 4+ puts it out of action for the game (R-TAC-05).  ``award``: the
    enemy gains 50% of the points (not for a ship that came into the battle crippled, R-TAC-13).

    Options: 001 torpedo_reloads rolls for torpedo systems as for turrets (instead of halving them); 001
    observation_001 never loses the Aircraft trait; 003 criticals_2d6 makes no rolls (its crippled penalties are
    derived in :class:`~tactical.state.ShipState`)."""
    ship.crippled = True
    lost: list[str] = []
    opts = battle.state.options
    rolled = (WeaponKind.MAIN_GUN, WeaponKind.TORPEDO) if opts.torpedo_reloads else (WeaponKind.MAIN_GUN,)
    for i, weapon in enumerate(ship.card.weapons):
        if opts.criticals_2d6:
            break
        if weapon.kind not in rolled or not ship.weapons[i].usable:
            continue
        if battle.dice.d6(label=f"{ship.name} crippled: {weapon.name}", rule=R_CRIPPLED) >= 4:
            ship.weapons[i].lost_on_cripple = True
            lost.append(weapon.name)
    for trait in ship.card.traits:
        if opts.criticals_2d6 or (opts.observation_001 and trait.startswith("Aircraft")):
            continue
        if battle.dice.d6(label=f"{ship.name} crippled: trait {trait}", rule=R_CRIPPLED) >= 4:
            ship.lost_traits.append(trait)
            lost.append(trait)
    battle.log.emit(
        ev.Crippled, ship=ship.name, side=battle.side_name(ship.side), lost=tuple(lost), flank_speed=ship.flank_speed()
    )
    if award:
        award_vp(battle, ship, 0.5, "crippled")
    observers_lost(battle, ship)


def sink(battle: Battle, ship: ShipState) -> None:
    """000 Damage: Hull 0, the ship is destroyed and removed; the enemy gains its full points value.  Flights in
    its hangar go down with it (their points are part of the carrier's, 000 Aircraft Chart)."""
    ship.status = Status.SUNK
    ship.hull = 0
    what = "destroyed" if ship.installation is not None else "destroyed and sinks"
    battle.log.emit(ev.Sunk, ship=ship.name, side=battle.side_name(ship.side), fate=what)
    award_vp(battle, ship, 1.0, "destroyed")
    for flight in battle.state.flights.values():
        if flight.status is FlightStatus.ABOARD and flight.aboard == ship.name:
            flight.status = FlightStatus.LOST
            battle.log.emit(
                ev.LostWithCarrier, ship=flight.name, side=battle.side_name(flight.side), carrier=ship.name
            )
    observers_lost(battle, ship)


def observers_lost(battle: Battle, ship: ShipState) -> None:
    """000 Aircraft X (R-TAC-84): a side's Observation Flights are those its ships' Aircraft X carry; when ``ship``
    sinks or loses its Aircraft trait, the Flights its side has out beyond what its ships still carry are lost,
    those hunting submarines first, then the last targets spotted.  Not with 001 Observation Aircraft (its planes
    are aloft from the start)."""
    st = battle.state
    if st.options.observation_001:
        return
    carried = sum(
        s.trait_value("Aircraft") for s in st.fleet(ship.side)
        if s.has("Aircraft") and not s.is_installation and s.status is Status.ACTIVE and not s.anchored
    )  # fmt: skip
    spotting = st.spotted.get(ship.side, [])
    hunters = st.sub_hunters.get(ship.side, 0)
    excess = len(spotting) + hunters - carried
    if excess <= 0:
        return
    grounded = min(hunters, excess)
    if grounded:
        st.sub_hunters[ship.side] = hunters - grounded
    dropped = spotting[len(spotting) - (excess - grounded):] if excess > grounded else []
    if dropped:
        st.spotted[ship.side] = spotting[: len(spotting) - len(dropped)]
    battle.log.emit(
        ev.ObservationFlightsLost, ship=ship.name, side=battle.side_name(ship.side), count=excess, hunters=grounded,
        spotting=tuple(dropped),
    )


def withdraw(battle: Battle, ship: ShipState, edge: Edge) -> None:
    """000 Tactical Withdrawals: the ship leaves by ``edge``; the enemy gains 25% of its points (every edge of
    the War at Sea table is safe, R-TAC-13)."""
    ship.status = Status.WITHDRAWN
    battle.state.exits[ship.name] = edge.value
    battle.log.emit(ev.Withdrew, ship=ship.name, side=battle.side_name(ship.side), edge=edge.value)
    award_vp(battle, ship, 0.25, "tactical withdrawal")


def vp_value(points: int, fraction: float) -> int:
    """Victory points for ``fraction`` of a ship's ``points`` (rounded down, R-TAC-13)."""
    return int(points * fraction)


def award_vp(battle: Battle, ship: ShipState, fraction: float, reason: str) -> int:
    """Award the enemy of ``ship`` what ``fraction`` of its points is worth beyond what it already gained for this
    ship (000 Victory Points: a ship gives its points once).  Returns the points awarded (may be 0)."""
    return award_points(battle, ship.name, ship.side, ship.card.points, fraction, reason)


def award_points(battle: Battle, name: str, side: int, points: int, fraction: float, reason: str) -> int:
    """:func:`award_vp` for any unit (ship, Flight, MTB Section) named ``name`` of ``side`` worth ``points``
    (000 Victory Points: "Destroying a Flight: gain victory points equal to the Flight's points value")."""
    target = vp_value(points, fraction)
    already = battle.state.vp_awarded.get(name, 0)
    gain = target - already
    if gain <= 0:
        return 0
    battle.state.vp_awarded[name] = target
    scorer = 1 - side
    battle.log.emit(ev.VictoryPoints, ship=name, side=battle.side_name(scorer), vp=gain, reason=reason)
    return gain
