"""The game turn (000 "The Game Turn"): Initiative Phase, Movement Phase, Gunnery Phase, End Phase.

* Initiative: each side rolls a D10 (plus its scouting bonus); ties are rolled again; the higher wins.
* Movement: the loser nominates and moves a ship first, then the sides alternate; a side with ships left when the
  other has none moves them all.  The Order, if any, is chosen when the ship is nominated, before it moves.
  Returning scouts enter from a random edge first (000 War at Sea, Scouting).
* Gunnery: the winner nominates a ship first and resolves all its fire, then the sides alternate.  A ship that
  sinks before its turn to fire does not fire.
* End Phase: damage control (the winner's ships first), Escalation, smoke removed, Slow-Loading torpedoes
  reloaded, scouts roll to return.

Extension points for the later issue (aircraft, submarines, MTBs, night, weather): the movement phase's
``after ships`` step (aircraft and MTBs move after all ships), the gunnery phase's ``before ships`` step (AA fire)
and the end phase (re-arming), marked below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tactical.criticals import damage_control, escalation
from tactical.geometry import Edge
from tactical.gunnery import fire
from tactical.movement import execute_move
from tactical.orders import OrderName, all_hands, issue_order
from tactical.state import Battle, ShipState, Status

if TYPE_CHECKING:
    from tactical.captains import Captain

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
        "initiative",
        f"Turn {battle.state.turn}: {battle.side_name(winner)} wins the Initiative",
        side=battle.side_name(winner),
        winner=winner,
    )
    return winner


def movement_phase(battle: Battle, captains: tuple[Captain, Captain]) -> None:
    """000 Movement Phase: alternate ship by ship, the loser of the Initiative first."""
    battle.log.phase = "movement"
    _enter_returning_scouts(battle, captains)
    assert battle.state.initiative is not None
    side = 1 - battle.state.initiative
    while True:
        waiting = [[s for s in battle.state.afloat(k) if not s.has_moved] for k in (0, 1)]
        if not waiting[0] and not waiting[1]:
            break
        if not waiting[side]:
            side = 1 - side
        name = captains[side].choose_mover(battle, side, [s.name for s in waiting[side]])
        ship = battle.ship(name)
        if ship not in waiting[side]:
            raise ValueError(f"captain of {battle.side_name(side)} nominated {name}, which cannot move now")
        move_ship(battle, ship, captains[side])
        side = 1 - side
    # extension point: aircraft and MTB sections move here, after all ships (later issue)


def move_ship(battle: Battle, ship: ShipState, captain: Captain) -> None:
    """One ship's move: its captain's Order (if any), then its move."""
    order = captain.choose_order(battle, ship)
    if order is not None:
        issue_order(battle, ship, OrderName(order))
    if not ship.on_table:  # pragma: no cover - an Order never removes the ship
        return
    plan = captain.plan_move(battle, ship)
    execute_move(battle, ship, plan)


def gunnery_phase(battle: Battle, captains: tuple[Captain, Captain]) -> None:
    """000 Gunnery Phase: alternate ship by ship, the winner of the Initiative first."""
    battle.log.phase = "gunnery"
    # extension point: AA Batteries fire at aircraft here, before anything else (later issue)
    assert battle.state.initiative is not None
    side = battle.state.initiative
    while True:
        waiting = [[s for s in battle.state.afloat(k) if not s.has_fired] for k in (0, 1)]
        if not waiting[0] and not waiting[1]:
            break
        if not waiting[side]:
            side = 1 - side
        name = captains[side].choose_firer(battle, side, [s.name for s in waiting[side]])
        ship = battle.ship(name)
        if ship not in waiting[side]:
            raise ValueError(f"captain of {battle.side_name(side)} nominated {name}, which cannot fire now")
        fire(battle, ship, captains[side].plan_fire(battle, ship))
        side = 1 - side


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
            escalation(battle, ship)
    if battle.state.smoke:
        battle.state.smoke.clear()
        battle.log.emit("smoke", "The smoke counters are removed")
    for ship in battle.state.ships.values():
        if ship.on_table:
            _reload(battle, ship)
    _scouts_return(battle)
    # extension point: re-arming Flights on carriers (later issue)


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
            battle.log.emit(
                "reload", f"{ship.name} reloads {weapon.name}", ship=ship.name, side=battle.side_name(ship.side)
            )


def _scouts_return(battle: Battle) -> None:
    """000 Scouting: each scout still away rolls a D6; a 6 brings it back next Movement Phase."""
    for ship in battle.state.ships.values():
        if ship.status is Status.SCOUTING and battle.dice.d6(
            label=f"{ship.name} returns from scouting?", rule="000 Scouting"
        ) == 6:
            ship.status = Status.RETURNING
            battle.log.emit(
                "scout_back",
                f"{ship.name} returns from scouting and will join next turn",
                ship=ship.name,
                side=battle.side_name(ship.side),
            )


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
            "enter",
            f"{ship.name} rejoins from the {edge.value} edge at ({ship.pos[0]:.1f}, {ship.pos[1]:.1f})",
            ship=ship.name,
            side=battle.side_name(ship.side),
            edge=edge.value,
        )


def play_turn(battle: Battle, captains: tuple[Captain, Captain]) -> None:
    """One whole game turn."""
    battle.state.turn += 1
    battle.log.turn = battle.state.turn
    for ship in battle.state.ships.values():
        ship.reset_turn()
    initiative_phase(battle)
    movement_phase(battle, captains)
    gunnery_phase(battle, captains)
    end_phase(battle, captains)
