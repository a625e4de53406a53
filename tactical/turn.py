"""The game turn (000 "The Game Turn"): Initiative Phase, Movement Phase, Gunnery Phase, End Phase, with the
steps the additional rules add.

* Start of the turn: Sub-Hunters' long-ranged detection and Observation Flights hunting submarines (000
  Submarines), the 003 bad-weather visibility roll (option).
* Initiative: each side rolls a D10 (plus its scouting bonus); ties are rolled again; the higher wins.
* Movement: the loser nominates and moves a ship first, then the sides alternate; a side with ships left when the
  other has none moves them all.  The Order, if any, is chosen when the ship is nominated, before it moves (a
  submarine first declares its depth; a ship in a minefield rolls, option).  A carrier launches after its move.
  After each move: night/bad-weather spotting checks and crash dives.  Returning scouts enter from a random edge
  first (000 War at Sea, Scouting).  After the ships: hidden submarines may be placed, then MTB Sections move, then
  aircraft (:mod:`tactical.mtb`, :mod:`tactical.aircraft`; the Initiative winner chooses who moves first each time).
* Gunnery: AA fire at aircraft and MTB Sections first, then radar detection at night or in bad weather, then the
  winner nominates a ship (or all its aircraft, or all its MTB Sections) first and resolves all its fire, and the
  sides alternate; at night the winner may make the enemy fire first.  A ship that sinks before its turn to fire
  does not fire.  Dogfights at the end.
* End Phase: damage control (the winner's ships first), Escalation (003 option: fires), smoke removed, Slow-Loading
  torpedoes reloaded, scouts roll to return, Flights re-armed, submarines escape, lights go out.
"""

from __future__ import annotations

from tactical import events as ev
from tactical.aa import aa_fire
from tactical.air_attacks import air_attacks, ready_attackers
from tactical.air_movement import aircraft_movement
from tactical.aircraft import (
    AIRCRAFT_NOMINEE,
    aboard,
    deck_allowance,
    deck_refusal,
    launch,
    rearm,
    reset_flights,
)
from tactical.captain import Captain
from tactical.crit2d6 import fires_end_phase
from tactical.criticals import damage_control, escalation
from tactical.dogfights import dogfights
from tactical.environment import after_move, end_turn, radar_detection, searchlight_refusal, use_searchlight
from tactical.geometry import Edge, distance
from tactical.gunnery import fire
from tactical.mines import mine_check
from tactical.movement import execute_move
from tactical.mtb import MTB_NOMINEE, boat_attacks, boat_movement, ready_boats, reset_boats
from tactical.orders import IllegalOrder, OrderName, all_hands, issue_order
from tactical.state import Battle, ShipState, Status
from tactical.submarines import (
    before_move,
    crash_dive_checks,
    long_range_detection,
    observation_hunt,
    place_hidden_boats,
)
from tactical.submarines import end_phase as submarines_end_phase
from tactical.variants import roll_visibility

R_INIT = "000 Initiative Phase"
RETURN_EDGES = {1: Edge.WEST, 2: Edge.WEST, 3: Edge.EAST, 4: Edge.EAST, 5: Edge.NORTH, 6: Edge.SOUTH}
"""000 War at Sea, Returning Ships diagram: D6 -> the edge a returning scout enters by."""


def roll_off(battle: Battle, what: str, rule: str, bonus: tuple[int, int] = (0, 0)) -> int:
    """Both sides roll a D10 (+ ``bonus``); ties are rolled again.  Returns the side index with the higher total."""
    while True:
        a = battle.dice.d10(label=f"{battle.side_name(0)} {what}", rule=rule) + bonus[0]
        b = battle.dice.d10(label=f"{battle.side_name(1)} {what}", rule=rule) + bonus[1]
        if a != b:
            return 0 if a > b else 1


def initiative_phase(battle: Battle) -> int:
    """Roll for Initiative; returns (and records in the state) the winning side."""
    battle.log.phase = "initiative"
    bonus = (battle.state.initiative_bonus[0], battle.state.initiative_bonus[1])
    winner = roll_off(battle, "Initiative", R_INIT, bonus)
    battle.state.initiative = winner
    battle.log.emit(
        ev.InitiativeWon, side=battle.side_name(winner), winner=winner, number=battle.state.turn
    )
    return winner


def movement_phase(battle: Battle, captains: tuple[Captain, Captain]) -> None:
    """000 Movement Phase: alternate ship by ship, the loser of the Initiative first."""
    battle.log.phase = "movement"
    _enter_returning_scouts(battle, captains)
    assert battle.state.initiative is not None
    side = 1 - battle.state.initiative
    while True:
        waiting = [[s for s in battle.state.afloat(k) if not s.has_moved and not s.is_installation] for k in (0, 1)]
        if not waiting[0] and not waiting[1]:
            break
        if not waiting[side]:
            side = 1 - side
        name = captains[side].choose_mover(battle, side, [s.name for s in waiting[side]])
        ship = battle.ship(name)
        if ship not in waiting[side]:
            raise ValueError(f"captain of {battle.side_name(side)} nominated {name}, which cannot move now")
        for mover in squadron_of(battle, ship):
            if mover.on_table and not mover.has_moved:
                move_ship(battle, mover, captains[side], captains)
        side = 1 - side
    keep_squadrons(battle)
    place_hidden_boats(battle, captains)
    boat_movement(battle, captains)
    for side in (0, 1):
        points = [b.pos for b in battle.state.boats(side) if b.pos is not None]
        if points:
            crash_dive_checks(battle, captains, side, points)
    aircraft_movement(battle, captains)
    for side in (0, 1):
        points = [f.pos for f in battle.state.air(side) if f.pos is not None and f.moved]
        if points:
            crash_dive_checks(battle, captains, side, points)


def squadron_of(battle: Battle, ship: ShipState) -> list[ShipState]:
    """000 Squadrons: the ships nominated together with ``ship`` (itself first)."""
    if ship.squadron is None:
        return [ship]
    mates = [s for s in battle.state.fleet(ship.side) if s.squadron == ship.squadron and s is not ship]
    return [ship, *mates]


def keep_squadrons(battle: Battle) -> None:
    """000 Squadrons: a crippled or lost ship leaves its squadron; a ship more than 4" from every other ship of its
    squadron after the Movement Phase has split from it (R-TAC-36)."""
    for ship in battle.state.ships.values():
        if ship.squadron is None:
            continue
        if not ship.on_table or ship.crippled:
            ship.squadron = None
            battle.log.emit(ev.SquadronDropped, ship=ship.name)
            continue
        mates = [
            s
            for s in battle.state.afloat(ship.side)
            if s.squadron == ship.squadron and s is not ship and s.pos is not None
        ]
        if mates and ship.pos is not None and all(distance(ship.pos, m.pos) > 4.0 for m in mates):  # type: ignore[arg-type]
            battle.log.emit(ev.SquadronSplit, ship=ship.name, squadron=ship.squadron)
            ship.squadron = None
    for name in {s.squadron for s in battle.state.ships.values() if s.squadron is not None}:
        members = [s for s in battle.state.ships.values() if s.squadron == name]
        if len(members) == 1:
            members[0].squadron = None


def move_ship(
    battle: Battle, ship: ShipState, captain: Captain, captains: tuple[Captain, Captain] | None = None
) -> None:
    """One ship's move: a submarine's depth, a minefield, its captain's Order (if any), then its move; a carrier
    then launches; spotting checks and crash dives follow."""
    before_move(battle, ship, captain)
    mine_check(battle, ship)
    if not ship.on_table:
        return
    order = captain.choose_order(battle, ship)
    if order is not None:
        issue_order(battle, ship, OrderName(order))
    if not ship.on_table:  # pragma: no cover - an Order never removes the ship
        return
    plan = captain.plan_move(battle, ship)
    execute_move(battle, ship, plan)
    if not ship.on_table:
        return
    _launch_after_move(battle, ship, captain)
    after_move(battle, ship)
    if captains is not None and ship.pos is not None:
        crash_dive_checks(battle, captains, ship.side, [ship.pos])


def _launch_after_move(battle: Battle, ship: ShipState, captain: Captain) -> None:
    """000 Launching and Recovering Aircraft: a carrier that may use its deck launches after its move."""
    if not ship.has("Carrier") or deck_refusal(battle, ship) is not None:
        return
    ready = [f.name for f in aboard(battle, ship.name) if f.ready]
    if not ready:
        return
    names = captain.choose_launch(battle, ship, ready)
    room = deck_allowance(ship) - ship.deck_moves
    if len(names) > room:
        raise IllegalOrder("000 Launching and Recovering Aircraft", f"{ship.name} may launch {room} Flight(s) now")
    launch(battle, ship, names)


def gunnery_phase(battle: Battle, captains: tuple[Captain, Captain]) -> None:
    """000 Gunnery Phase: alternate ship by ship, the winner of the Initiative first."""
    battle.log.phase = "gunnery"
    night_001_searchlights(battle, captains)
    aa_fire(battle, captains)
    radar_detection(battle, captains)
    assert battle.state.initiative is not None
    side = battle.state.initiative
    if battle.state.night and not captains[side].fire_first(battle, side):
        side = 1 - side
        battle.log.emit(ev.NightFireOrder, firer=battle.side_name(1 - side))
    nominated: set[tuple[int, str]] = set()
    while True:
        waiting = [_waiting_to_fire(battle, k, nominated) for k in (0, 1)]
        if not waiting[0] and not waiting[1]:
            break
        if not waiting[side]:
            side = 1 - side
        name = captains[side].choose_firer(battle, side, waiting[side])
        if name not in waiting[side]:
            raise ValueError(f"captain of {battle.side_name(side)} nominated {name}, which cannot fire now")
        if name == AIRCRAFT_NOMINEE:
            nominated.add((side, name))
            air_attacks(battle, side, captains[side])
        elif name == MTB_NOMINEE:
            nominated.add((side, name))
            boat_attacks(battle, side, captains[side])
        else:
            for ship in squadron_of(battle, battle.ship(name)):
                if ship.on_table and not ship.has_fired:
                    fire(battle, ship, captains[side].plan_fire(battle, ship))
        side = 1 - side
    dogfights(battle)


def _waiting_to_fire(battle: Battle, side: int, nominated: set[tuple[int, str]]) -> list[str]:
    names = [s.name for s in battle.state.afloat(side) if not s.has_fired]
    if (side, AIRCRAFT_NOMINEE) not in nominated and ready_attackers(battle, side):
        names.append(AIRCRAFT_NOMINEE)
    if (side, MTB_NOMINEE) not in nominated and ready_boats(battle, side):
        names.append(MTB_NOMINEE)
    return names


def night_001_searchlights(battle: Battle, captains: tuple[Captain, Captain]) -> None:
    """001 Night Fighting (option): searchlights are declared at the start of the Gunnery Phase, the loser of the
    Initiative first; the lit enemy and the ship using them are Illuminated."""
    st = battle.state
    if not (st.night and st.options.night_001):
        return
    assert st.initiative is not None
    for side in (1 - st.initiative, st.initiative):
        for ship in st.afloat(side):
            targets = [e.name for e in st.enemies(ship) if searchlight_refusal(battle, ship, e) is None]
            if not targets:
                continue
            pick = captains[side].choose_searchlight(battle, ship, targets)
            if pick is not None:
                use_searchlight(battle, ship, pick)


def end_phase(battle: Battle, captains: tuple[Captain, Captain]) -> None:
    """000 End Phase: damage control (winner first), Escalation, then the tidying up."""
    battle.log.phase = "end"
    assert battle.state.initiative is not None
    order = (battle.state.initiative, 1 - battle.state.initiative)
    for side in order:
        for ship in battle.state.afloat(side):
            if all_hands(ship):
                damage_control(battle, ship, None, all_hands=True)
            else:
                area = captains[side].damage_control(battle, ship)
                if area is not None:
                    damage_control(battle, ship, area)
    for side in order:
        for ship in battle.state.afloat(side):
            if battle.state.options.criticals_2d6:
                fires_end_phase(battle, ship)
            else:
                escalation(battle, ship)
    if battle.state.smoke:
        battle.state.smoke.clear()
        battle.state.smoke_by.clear()
        battle.log.emit(ev.SmokeRemoved)
    for ship in battle.state.ships.values():
        if ship.on_table:
            _reload(battle, ship)
    _scouts_return(battle)
    rearm(battle)
    submarines_end_phase(battle, captains)
    end_turn(battle)
    battle.state.splash.clear()


def _reload(battle: Battle, ship: ShipState) -> None:
    """000 Slow-Loading: a rack that did not fire this turn is refilled, once per battle."""
    for i, weapon in enumerate(ship.card.weapons):
        state = ship.weapons[i]
        if (
            weapon.has("Slow-Loading")
            and state.loaded is not None
            and state.loaded < weapon.ad
            and state.reloads_left > 0
            and not state.fired_this_turn
            and state.usable
        ):
            state.loaded = weapon.ad
            state.reloads_left -= 1
            battle.log.emit(ev.Reloaded, ship=ship.name, side=battle.side_name(ship.side), weapon=weapon.name)


def _scouts_return(battle: Battle) -> None:
    """000 Scouting: each scout still away rolls a D6; a 6 brings it back next Movement Phase."""
    for ship in battle.state.ships.values():
        if ship.status is Status.SCOUTING and battle.dice.d6(
            label=f"{ship.name} returns from scouting?", rule="000 Scouting"
        ) == 6:
            ship.status = Status.RETURNING
            battle.log.emit(ev.ScoutBack, ship=ship.name, side=battle.side_name(ship.side))


def _enter_returning_scouts(battle: Battle, captains: tuple[Captain, Captain]) -> None:
    for ship in battle.state.ships.values():
        if ship.status is not Status.RETURNING:
            continue
        edge = RETURN_EDGES[battle.dice.d6(label=f"{ship.name} returning edge", rule="000 Scouting")]
        fraction = captains[ship.side].return_point(battle, ship, edge)
        ship.pos = battle.state.table.edge_point(edge, fraction)
        ship.heading = edge.inward_heading
        ship.status = Status.ACTIVE
        battle.log.emit(
            ev.Rejoined, ship=ship.name, side=battle.side_name(ship.side), edge=edge.value,
            at=(ship.pos[0], ship.pos[1]),
        )


def play_turn(battle: Battle, captains: tuple[Captain, Captain]) -> None:
    """One whole game turn."""
    st = battle.state
    st.turn += 1
    battle.log.turn = st.turn
    for ship in st.ships.values():
        ship.reset_turn()
    reset_flights(battle)
    reset_boats(battle)
    st.radar_fire.clear()
    st.fog_rolls.clear()
    st.swept.clear()
    st.sweep_bound.clear()
    battle.log.phase = "initiative"
    long_range_detection(battle, captains)
    observation_hunt(battle, captains)
    roll_visibility(battle)
    initiative_phase(battle)
    movement_phase(battle, captains)
    gunnery_phase(battle, captains)
    end_phase(battle, captains)
