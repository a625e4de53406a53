"""Orders and crew quality checks (000 "Orders", "Crew Quality Checks", "The Orders").

A captain may issue one Order when the ship is nominated to move, before it moves.  Create Smoke! and Evade! are
automatic; the others need a crew quality check (D6 + modifiers, 4+).  A failed Order is ignored and the ship
moves as normal.  The effects live where they act: Evade! in movement and gunnery, Come About! in movement,
Create Smoke! in movement, All Hands on Deck! in gunnery and damage control, Flood Magazines! here (at once),
Scramble! is recorded for the carriers of the later aircraft issue.
"""

from __future__ import annotations

from enum import StrEnum

from scenarios.errors import IllegalOrder as IllegalOrder  # the one error of illegal orders, re-exported
from tactical import events as ev
from tactical.criticals import lower_area
from tactical.state import Area, Battle, ShipState

R_ORDERS = "000 Orders"
R_CREW = "000 Crew Quality Checks"


class OrderName(StrEnum):
    ALL_HANDS = "All Hands on Deck!"
    COME_ABOUT = "Come About!"
    CREATE_SMOKE = "Create Smoke!"
    EVADE = "Evade!"
    FLOOD_MAGAZINES = "Flood Magazines!"
    SCRAMBLE = "Scramble!"
    SILENT_RUNNING = "Rig for Silent Running!"  # 000 Submarines: New Order
    FLANK_SPEED = "Flank Speed!"  # 001 (option flank_speed_order)


AUTOMATIC = frozenset({OrderName.CREATE_SMOKE, OrderName.EVADE, OrderName.FLANK_SPEED})

ANCHORED_ORDERS = frozenset({OrderName.ALL_HANDS, OrderName.FLOOD_MAGAZINES})
"""R-CARD-11: a ship at anchor in a raided port has cold engines and a closed deck: its crew may still fight the
damage or flood the magazines."""

FLOOD_LIMITS = {Area.CREW: 1, Area.ENGINE: 3, Area.WEAPONS: 3}
"""Flood Magazines!: the highest scores without Escalation."""


def crew_check_target(battle: Battle, ship: ShipState, modifier: int = 0) -> int:
    """The D6 score a crew quality check of ``ship`` needs: 4 less the ship's modifiers (Heavy Shrapnel -1),
    ``modifier`` and -1 in bad weather (000 Crew Quality Checks, Bad Weather).  1 or less: it cannot fail; 7 or
    more: it cannot pass (no natural result is automatic)."""
    weather = -1 if battle.state.bad_weather else 0
    return 4 - (ship.crew_modifier() + modifier + weather)


def crew_check(battle: Battle, ship: ShipState, what: str, modifier: int = 0) -> bool:
    """A crew quality check: D6 + the ship's modifiers (Heavy Shrapnel -1) + ``modifier``, -1 in bad weather
    (000 Bad Weather); 4+ succeeds (:func:`crew_check_target`)."""
    roll = battle.dice.d6(label=f"{ship.name} crew check: {what}", rule=R_CREW)
    return roll >= crew_check_target(battle, ship, modifier)


def legal_orders(ship: ShipState, battle: Battle | None = None) -> list[OrderName]:
    """The Orders ``ship`` may attempt now (none once its bridge is destroyed, aground, for an installation, or
    for a submarine changing depth)."""
    return [o for o in OrderName if _refusal(ship, o, battle) is None]


def _refusal(ship: ShipState, order: OrderName, battle: Battle | None = None) -> str | None:
    if ship.aground:
        return "000 Land: a ship run aground may not execute any Orders"
    if ship.installation is not None:
        return "000 Shore Batteries: Shore Batteries never perform Orders"
    if not ship.can_issue_orders():
        return "000 Vital Systems (Bridge Destroyed): the ship can no longer perform Orders"
    if ship.anchored and order not in ANCHORED_ORDERS:
        return "R-CARD-11: a ship anchored in port may attempt only All Hands on Deck! and Flood Magazines!"
    if ship.depth_changed:
        return "000 Submarines: Movement Phase: a submarine changing depth may not perform Orders"
    if order is OrderName.EVADE and ship.has("Lumbering"):
        return "000 Lumbering: Lumbering ships may not use the Evade! Order"
    if order is OrderName.SCRAMBLE and not ship.has("Carrier"):
        return "000 Scramble!: only a carrier may Scramble!"
    if order is OrderName.SILENT_RUNNING and (ship.depth is None or ship.depth.value != "submerged"):
        return "000 Rig for Silent Running!: only a submerged submarine may rig for silent running"
    if battle is not None:
        if ship.name in battle.state.sweep_bound:
            return ("001 Minefields (Minesweeping): a ship sweeping mines, or following a minesweeper to avoid them, "
                    "may not perform Orders this turn")
        if order is OrderName.CREATE_SMOKE and battle.state.bad_weather:
            return "000 Bad Weather: the Create Smoke! Order may not be used in bad weather"
        if order is OrderName.FLANK_SPEED and not battle.state.options.flank_speed_order:
            return "001 Flank Speed! (option): the Order exists only with the option flank_speed_order"
    elif order is OrderName.FLANK_SPEED:
        return "001 Flank Speed! (option): the Order exists only with the option flank_speed_order"
    return None


def verify_order(ship: ShipState, order: OrderName, battle: Battle | None = None) -> None:
    """Raises :class:`IllegalOrder` if ``ship`` may not attempt ``order``."""
    why = _refusal(ship, order, battle)
    if why is not None:
        rule, message = why.split(": ", 1)
        raise IllegalOrder(rule, f"{ship.name}: {message}")


def issue_order(battle: Battle, ship: ShipState, order: OrderName) -> bool:
    """Attempt ``order`` for ``ship`` (checked, crew check rolled if needed, immediate effects applied).

    Returns whether it succeeded; ``ship.order``/``ship.order_ok`` record it for the rest of the turn.
    """
    verify_order(ship, order, battle)
    ok = True if order in AUTOMATIC else crew_check(battle, ship, order.value)
    ship.order = order.value
    ship.order_ok = ok
    battle.log.emit(
        ev.OrderGiven, ship=ship.name, side=battle.side_name(ship.side), order=order.value, success=ok,
        automatic=order in AUTOMATIC,
    )
    if ok and order is OrderName.FLOOD_MAGAZINES:
        flood_magazines(battle, ship)
    if ok and order is OrderName.SILENT_RUNNING:
        ship.silent_running = True
    return ok


def flood_magazines(battle: Battle, ship: ShipState) -> None:
    """Flood Magazines!: scores lowered to where Escalation stops (Crew 1, Engine and Weapons 3; a 6 is never
    repaired, R-TAC-11); one random Main Gun out of action for good (no turrets: Light Guns halved)."""
    for area, limit in FLOOD_LIMITS.items():
        if limit < ship.criticals[area] < 6:
            lower_area(ship, area, limit)
    turrets = ship.turrets()
    if not ship.has_turrets():
        ship.light_gun_halvings += 1
        what = "Light Guns halved"
    elif turrets:
        index = (
            turrets[0]
            if len(turrets) == 1
            else turrets[battle.dice.roll(1, len(turrets), label=f"{ship.name} flooded turret", rule=R_ORDERS)[0] - 1]
        )
        ship.weapons[index].out_of_action = True
        what = f"{ship.card.weapons[index].name} out of action"
    else:
        what = "no turret left to flood"
    battle.log.emit(
        ev.MagazinesFlooded, ship=ship.name, side=battle.side_name(ship.side),
        scores=tuple((a.value, s) for a, s in ship.criticals.items()), outcome=what,
    )


# the Orders' names as plain strings: the tests below run in the AI's searches (an enum's .value is slow there)
_EVADE, _ALL_HANDS, _COME_ABOUT, _CREATE_SMOKE, _FLANK_SPEED = (
    o.value for o in (OrderName.EVADE, OrderName.ALL_HANDS, OrderName.COME_ABOUT, OrderName.CREATE_SMOKE,
                      OrderName.FLANK_SPEED)
)


def evading(ship: ShipState) -> bool:
    return ship.order == _EVADE and ship.order_ok


def all_hands(ship: ShipState) -> bool:
    return ship.order == _ALL_HANDS and ship.order_ok


def coming_about(ship: ShipState) -> bool:
    return ship.order == _COME_ABOUT and ship.order_ok


def making_smoke(ship: ShipState) -> bool:
    return ship.order == _CREATE_SMOKE and ship.order_ok


def flank_speed(ship: ShipState) -> bool:
    return ship.order == _FLANK_SPEED and ship.order_ok

