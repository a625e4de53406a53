"""Submarines (000 "Submarines": Deployment, Depth, Movement Phase, Gunnery Phase, Detection, Depth Charges, Poor
Visibility, Radar, Spotlights and Star Shells, Long-Ranged Detection, Crash Dive, Escape, Aircraft and
Submarines, Observation Aircraft, Rig for Silent Running!, the Depth Charge, Silent, Sub-Hunter, Submarine and
Wakeless traits, Kamikaze Submarines).  Distances in inches.

* Sectors: the table in 12" squares numbered 1-24 (on 72" x 48") from the north-west corner (R-TAC-31).  A
  submarine may be deployed on the table, or noted in a Sector: it is then hidden, off the table and running
  deep; it does not move, and its player may place it anywhere in its Sector at the end of a Movement Phase.
* Depth: surfaced (a normal ship, guns and AA), submerged (periscope depth: torpedoes only, the second Flank
  Speed), running deep (no attacks).  The depth is declared before the boat moves; submerged may go up or down,
  surfaced or deep only to submerged; a boat changing depth gives no Order.  A spotted boat that dives is no longer
  spotted.
* Detection (in the Gunnery Phase, before a ship attacks, :func:`attempt_detection`): a ship that is not civilian,
  within 8" of a submerged or deep boat, makes a crew check with Sub-Hunter +2, Silent -1 (submerged or deep),
  running deep -2, detected or surfaced last turn +1, fired a torpedo this turn or last +1, Rig for Silent
  Running! -1; only Sub-Hunters look for boats running deep; one attempt per ship and turn; detected boats stay so
  until the End Phase.  Only detected boats may be attacked under water, and only with depth charges (and ASW
  aircraft).
* Depth charges (:func:`drop_depth_charges`): Depth Charge (Aft arc), Hedgehog and Squid (Fore arc), point blank
  3", 1 AD, DD 2, Slow-Loading; they hit on 5+ whatever the modifiers and attack only submerged or deep boats.
* Torpedoes: a boat may fire each tube of a system at a different target in its arc.  Kaiten (a torpedo with the
  Kaiten trait): one a turn, a miss rolled again.
* Long-ranged detection: at the start of every turn each Sub-Hunter rolls a D6; a 6 brings every hidden boat of its
  Sector onto the table (placed by their player, not yet detected).  Observation Flights hunting submarines (set
  before the battle) each try to detect one boat on the table that is not running deep: D6 4+ (+1 detected or
  surfaced last turn, +1 fired a torpedo this turn or last).
* Crash dive: when an enemy ship, MTB Section or Flight ends a move within 10" of a surfaced boat, it may try a
  crew check to be submerged at once (once a turn, R-TAC-35).
* Escape: a boat running deep that was not detected this turn may leave the table in the End Phase for its Sector.
* Aircraft: any Flight attacks a surfaced boat as a ship (with the ASW Attack Modifiers instead of the usual
  ones); only ASW Flights attack a submerged boat, from within 8", after spotting it on a D6 5+ (+1, +1 as for
  the Observation Flights); never one running deep.
"""

from __future__ import annotations

from collections.abc import Sequence

from scenarios.cards import Arc, ShipType, WeaponKind, WeaponSystem
from tactical import events as ev
from tactical.attack_dice import roll_to_hit
from tactical.captain import Captain
from tactical.damage import roll_damage
from tactical.geometry import Point, RangeBand, arcs_of, distance
from tactical.orders import IllegalOrder, crew_check
from tactical.state import Battle, Depth, FlightState, ShipState, Status

R_SUB = "000 Submarines"
R_DEPTH = "000 Submarines: Depth"
R_DETECT = "000 Submarines: Detection"
R_DC = "000 Depth Charges"
R_LONG = "000 Long-Ranged Detection"
R_OBS = "000 Observation Aircraft (submarines)"
R_ASW = "000 ASW Aircraft"

DETECTION_RANGE = 8.0
CRASH_DIVE_RANGE = 10.0
DC_RANGE = 3.0

ASW_SYSTEMS = {"Depth Charge": Arc.AFT, "Hedgehog": Arc.FORE, "Squid": Arc.FORE}
"""000 Depth Charges: the trait and the arc its weapon fires into."""


def depth_charge_weapon(system: str) -> WeaponSystem:
    """000 Depth Charges: Fire Arc Aft (Hedgehog, Squid: Fore), Point Blank 3", AD 1, DD 2, Slow-Loading."""
    return WeaponSystem(
        name=system,
        kind=WeaponKind.DEPTH_CHARGE,
        arcs=[ASW_SYSTEMS[system]],
        ranges=(3, 3, 3, 3),
        ad=1,
        ap=0,
        dd=2,
        traits=["Slow-Loading"],
    )


def submarines(battle: Battle, side: int | None = None) -> list[ShipState]:
    return [
        s
        for s in battle.state.ships.values()
        if s.is_submarine and not s.gone and (side is None or s.side == side)
    ]


def legal_depths(ship: ShipState) -> list[Depth]:
    """000 Movement Phase: submerged may surface or run deep; surfaced or deep may only go to submerged."""
    if ship.depth is Depth.SUBMERGED:
        return [Depth.SUBMERGED, Depth.SURFACED, Depth.DEEP]
    if ship.depth is None:
        return []
    return [ship.depth, Depth.SUBMERGED]


def set_depth(battle: Battle, ship: ShipState, depth: Depth) -> None:
    """Declare the boat's depth before it moves (changing it forbids Orders this turn)."""
    if depth not in legal_depths(ship):
        raise IllegalOrder(R_DEPTH, f"{ship.name} cannot go from {ship.depth} to {depth}")
    if depth is ship.depth:
        return
    old = ship.depth
    ship.depth = depth
    ship.depth_changed = True
    if depth is not Depth.SURFACED:
        dive(battle, ship)
    battle.log.emit(
        ev.DepthChanged, ship=ship.name, side=battle.side_name(ship.side), depth=depth.value,
        old=old.value if old else "?",
    )


def dive(battle: Battle, ship: ShipState) -> None:
    """A boat that goes under is no longer spotted, lit or tracked by radar."""
    st = battle.state
    for names in st.spotted_by.values():
        if ship.name in names:
            names.remove(ship.name)
    if ship.name in st.lit:
        st.lit.remove(ship.name)
    for tracks in st.radar_tracks.values():
        if ship.name in tracks:
            tracks.remove(ship.name)


def sector_centre(battle: Battle, sector: int) -> Point:
    x0, y0, x1, y1 = battle.state.table.sector_rect(sector)
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def place_hidden(battle: Battle, ship: ShipState, pos: Point, heading: float) -> None:
    """A hidden boat put on the table in its Sector, running deep."""
    assert ship.sector is not None
    x0, y0, x1, y1 = battle.state.table.sector_rect(ship.sector)
    if not (x0 - 1e-9 <= pos[0] <= x1 + 1e-9 and y0 - 1e-9 <= pos[1] <= y1 + 1e-9):
        raise IllegalOrder(R_SUB, f"{ship.name} must be placed in Sector {ship.sector}")
    ship.pos, ship.heading = (float(pos[0]), float(pos[1])), float(heading) % 360.0
    ship.status = Status.ACTIVE
    ship.depth = Depth.DEEP
    battle.log.emit(ev.SubPlaced, ship=ship.name, side=battle.side_name(ship.side), sector=ship.sector)


# --------------------------------------------------------------------------- start of turn


def long_range_detection(battle: Battle, captains: tuple[Captain, Captain]) -> None:
    """000 Long-Ranged Detection, at the start of every turn: a 6 for a Sub-Hunter reveals its Sector's boats."""
    hidden = [s for s in battle.state.ships.values() if s.status is Status.HIDDEN]
    if not hidden:
        return
    for hunter in [s for s in battle.state.ships.values() if s.on_table and s.has("Sub-Hunter") and s.pos]:
        assert hunter.pos is not None
        sector = battle.state.table.sector(hunter.pos)
        if battle.dice.d6(label=f"{hunter.name} long-ranged detection (Sector {sector})", rule=R_LONG) != 6:
            continue
        for sub in hidden:
            if sub.status is Status.HIDDEN and sub.side != hunter.side and sub.sector == sector:
                pos, heading = captains[sub.side].place_submarine(battle, sub)
                place_hidden(battle, sub, pos, heading)
                battle.log.emit(ev.SubFound, ship=sub.name, hunter=hunter.name)


def observation_hunt(battle: Battle, captains: tuple[Captain, Captain]) -> None:
    """000 Observation Aircraft, before Initiative: each hunting Observation Flight tries to detect one boat."""
    for side, flights in battle.state.sub_hunters.items():
        boats = [s for s in submarines(battle, 1 - side) if s.on_table and s.depth is not Depth.DEEP]
        if not flights or not boats:
            continue
        names = [b.name for b in boats]
        picks = captains[side].assign_sub_hunters(battle, side, names, flights)
        if len(picks) > flights or any(p not in names for p in picks):
            raise IllegalOrder(R_OBS, f"{battle.side_name(side)} has {flights} hunting Flight(s) for {names}")
        for name in picks:
            sub = battle.ship(name)
            bonus = _trail_bonus(battle, sub)
            roll = battle.dice.d6(label=f"{battle.side_name(side)} Observation Flight hunts {name}", rule=R_OBS)
            if roll + bonus >= 4:
                detect(battle, sub, "an Observation Flight")


def _trail_bonus(battle: Battle, sub: ShipState) -> int:
    """+1 if detected or surfaced last turn, +1 if it fired a torpedo this turn or last."""
    bonus = 1 if sub.detected_last_turn or sub.surfaced_last_turn else 0
    if sub.torpedo_turn >= battle.state.turn - 1:
        bonus += 1
    return bonus


def detect(battle: Battle, sub: ShipState, by: str) -> None:
    if not sub.detected:
        sub.detected = True
        battle.log.emit(ev.Detected, ship=sub.name, side=battle.side_name(sub.side), by=by)


# --------------------------------------------------------------------------- movement


def before_move(battle: Battle, ship: ShipState, captain: Captain) -> None:
    """Declare the depth of a boat about to move."""
    if not ship.is_submarine:
        return
    depth = captain.choose_depth(battle, ship)
    set_depth(battle, ship, depth)


def place_hidden_boats(battle: Battle, captains: tuple[Captain, Captain]) -> None:
    """End of the Movement Phase: hidden boats may be placed anywhere in their Sector (running deep)."""
    for sub in [s for s in battle.state.ships.values() if s.status is Status.HIDDEN]:
        where = captains[sub.side].surface_hidden(battle, sub)
        if where is not None:
            place_hidden(battle, sub, where[0], where[1])


def crash_dive_checks(
    battle: Battle, captains: tuple[Captain, Captain], mover_side: int, points: Sequence[Point]
) -> None:
    """000 Crash Dive: enemies of ``mover_side`` surfaced within 10" of ``points`` (where units ended their moves)
    may try once a turn."""
    for sub in submarines(battle, 1 - mover_side):
        if sub.depth is not Depth.SURFACED or sub.pos is None or not sub.on_table:
            continue
        if f"crash:{sub.name}" in battle.state.spot_tried:
            continue
        if not any(distance(p, sub.pos) <= CRASH_DIVE_RANGE for p in points):
            continue
        if not captains[sub.side].crash_dive(battle, sub):
            continue
        battle.state.spot_tried.append(f"crash:{sub.name}")
        if crew_check(battle, sub, "crash dive"):
            sub.depth = Depth.SUBMERGED
            dive(battle, sub)
            battle.log.emit(ev.CrashDived, ship=sub.name, side=battle.side_name(sub.side))
        else:
            battle.log.emit(ev.CrashDiveFailed, ship=sub.name)


# --------------------------------------------------------------------------- detection and depth charges


def detection_modifier(ship: ShipState, sub: ShipState) -> int:
    """000 Detection Chart (and Rig for Silent Running!)."""
    mod = 2 if ship.has("Sub-Hunter") else 0
    if sub.underwater and sub.has("Silent"):
        mod -= 1
    if sub.depth is Depth.DEEP:
        mod -= 2
    if sub.detected_last_turn or sub.surfaced_last_turn:
        mod += 1
    if sub.silent_running:
        mod -= 1
    return mod


def detection_refusal(battle: Battle, ship: ShipState, sub: ShipState) -> str | None:
    if ship.type is ShipType.CIVILIAN or ship.is_installation:
        return f"{R_DETECT}: civilian ships do not hunt submarines"
    if ship.detect_tried:
        return f"{R_DETECT}: a ship may try to detect one submarine a turn"
    if not sub.is_submarine or sub.side == ship.side or not sub.on_table or not sub.underwater:
        return f"{R_DETECT}: {sub.name} is not an enemy submarine under water on the table"
    if sub.depth is Depth.DEEP and not ship.has("Sub-Hunter"):
        return f"{R_DETECT}: only Sub-Hunters can detect a submarine running deep"
    assert ship.pos is not None and sub.pos is not None
    if distance(ship.pos, sub.pos) > DETECTION_RANGE + 1e-9:
        return f"{R_DETECT}: {sub.name} is beyond 8\""
    return None


def attempt_detection(battle: Battle, ship: ShipState, sub_name: str) -> bool:
    sub = battle.ship(sub_name)
    why = detection_refusal(battle, ship, sub)
    if why is not None:
        rule, message = why.split(": ", 1)
        raise IllegalOrder(rule, f"{ship.name}: {message}")
    ship.detect_tried = True
    mod = detection_modifier(ship, sub) + (1 if sub.torpedo_turn >= battle.state.turn - 1 else 0)
    ok = crew_check(battle, ship, f"detect {sub.name}", mod)
    battle.log.emit(
        ev.SonarSearch, ship=ship.name, side=battle.side_name(ship.side), target=sub.name, modifier=mod,
        contact=bool(ok),
    )
    if ok:
        detect(battle, sub, ship.name)
    return ok


def asw_systems(ship: ShipState) -> list[str]:
    return [name for name in ASW_SYSTEMS if ship.has(name)]


def depth_charge_refusal(battle: Battle, ship: ShipState, system: str, sub: ShipState) -> str | None:
    if system not in asw_systems(ship):
        return f"{R_DC}: {ship.name} has no {system}"
    if ship.asw_last.get(system, -10) == battle.state.turn - 1:
        return f"000 Slow-Loading: {ship.name}'s {system} fired last turn"
    if ship.asw_last.get(system, -10) == battle.state.turn:
        return f"{R_DC}: {ship.name}'s {system} has fired this turn"
    if not sub.is_submarine or sub.side == ship.side or not sub.on_table or not sub.underwater:
        return f"{R_DC}: depth charges attack only an enemy submarine under water"
    if not sub.detected:
        return f"{R_DC}: {sub.name} has not been detected"
    assert ship.pos is not None and sub.pos is not None
    if distance(ship.pos, sub.pos) > DC_RANGE + 1e-9:
        return f"{R_DC}: {sub.name} is beyond the 3\" point blank range"
    if ASW_SYSTEMS[system] not in arcs_of(ship.pos, ship.heading, sub.pos):
        return f"{R_DC}: {sub.name} is not in the {ASW_SYSTEMS[system].value} arc"
    return None


def drop_depth_charges(battle: Battle, ship: ShipState, attacks: Sequence[tuple[str, str]]) -> None:
    """Resolve depth charge attacks: 5+ to hit whatever the modifiers, DD 2 against the boat's Armour."""
    for system, sub_name in attacks:
        sub = battle.ship(sub_name)
        if sub.is_submarine and sub.on_table and sub.underwater and not sub.detected and ship.detect_tried:
            battle.log.emit(ev.NoContact, ship=ship.name, target=sub.name, system=system.lower())  # fmt: skip
            continue
        why = depth_charge_refusal(battle, ship, system, sub)
        if why is not None:
            rule, message = why.split(": ", 1)
            raise IllegalOrder(rule, f"{ship.name}: {message}")
        ship.asw_last[system] = battle.state.turn
        weapon = depth_charge_weapon(system)
        hits = roll_to_hit(battle.dice, 1, 0, label=f"{ship.name} {system} on {sub.name}", rule=R_DC, need=5)
        battle.log.emit(
            ev.DepthCharges, ship=ship.name, side=battle.side_name(ship.side), target=sub.name, hits=hits,
            system=system.lower(),
        )
        roll_damage(battle, ship, weapon, sub, hits, RangeBand.POINT_BLANK, side_arc=False)


def asw_spotting(battle: Battle, flight: FlightState, sub: ShipState) -> bool:
    """000 ASW Aircraft: an ASW Flight within 8" of a submerged boat spots it on a D6 5+ (+1, +1), for its own
    attack only: the sighting is no detection, so the ships' depth charges still need a ship or an Observation
    Flight to detect the boat (000 Submarines: "but not ASW Flight"; R-TAC-74)."""
    roll = battle.dice.d6(label=f"{flight.name} looks for {sub.name}", rule=R_ASW)
    ok = roll + _trail_bonus(battle, sub) >= 5
    battle.log.emit(ev.AirSighting, ship=flight.name, target=sub.name, sighted=bool(ok))
    return ok


# --------------------------------------------------------------------------- end phase


def end_phase(battle: Battle, captains: tuple[Captain, Captain]) -> None:
    """000 Escape (undetected boats running deep may leave for their Sector) and the turn's detection records."""
    for sub in submarines(battle):
        deep = sub.on_table and sub.depth is Depth.DEEP and not sub.detected and sub.pos is not None
        if deep and captains[sub.side].escape(battle, sub):
            assert sub.pos is not None
            sub.sector = battle.state.table.sector(sub.pos)
            sub.status = Status.HIDDEN
            sub.pos = None
            dive(battle, sub)
            battle.log.emit(ev.Escaped, ship=sub.name, side=battle.side_name(sub.side), sector=sub.sector)
        sub.detected_last_turn = sub.detected
        sub.surfaced_last_turn = sub.depth is Depth.SURFACED and sub.on_table
        sub.detected = False
