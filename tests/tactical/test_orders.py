"""Orders and crew quality checks (000 "Orders", "Crew Quality Checks")."""

from __future__ import annotations

import pytest

from tactical.attack_dice import attack_modifiers, line_of_fire
from tactical.criticals import damage_control
from tactical.orders import IllegalOrder, OrderName, crew_check, issue_order, legal_orders
from tactical.state import Area, Vital
from tests.tactical.helpers import make_battle, make_card


def _ship(dice=(), **card):
    battle = make_battle([("S", make_card(**card), 0, (30, 20), 0), ("E", make_card("E"), 1, (30, 32), 90)], dice)
    return battle, battle.ship("S")


def test_crew_quality_checks() -> None:
    battle, ship = _ship([4, 3])
    assert crew_check(battle, ship, "x") and not crew_check(battle, ship, "x")
    ship.criticals[Area.CREW] = 4  # Heavy Shrapnel: -1
    battle.dice.push(4, 5)
    assert not crew_check(battle, ship, "x") and crew_check(battle, ship, "x")


def test_which_orders_a_ship_may_give() -> None:
    _, ship = _ship()
    assert OrderName.SCRAMBLE not in legal_orders(ship) and OrderName.EVADE in legal_orders(ship)
    _, lumbering = _ship(traits=["Lumbering"])
    assert OrderName.EVADE not in legal_orders(lumbering)
    with pytest.raises(IllegalOrder, match="Lumbering ships may not use the Evade"):
        issue_order(make_battle([("L", lumbering.card, 0, (1, 1), 0)]), lumbering, OrderName.EVADE)
    _, carrier = _ship(traits=["Carrier"], type="carrier")
    assert OrderName.SCRAMBLE in legal_orders(carrier)
    battle, bridgeless = _ship()
    bridgeless.vitals.append(Vital.BRIDGE_DESTROYED)
    assert legal_orders(bridgeless) == []
    with pytest.raises(IllegalOrder, match="Bridge Destroyed"):
        issue_order(battle, bridgeless, OrderName.CREATE_SMOKE)


def test_automatic_orders_roll_nothing_and_failed_orders_do_nothing() -> None:
    battle, ship = _ship([])
    assert issue_order(battle, ship, OrderName.EVADE) and battle.dice.remaining == 0
    battle, ship = _ship([2])
    assert not issue_order(battle, ship, OrderName.COME_ABOUT)
    assert ship.order == "Come About!" and not ship.order_ok


def test_all_hands_on_deck() -> None:
    """-1 to every attack this turn; damage control on every area at +1."""
    battle, ship = _ship([5])
    assert issue_order(battle, ship, OrderName.ALL_HANDS)
    w = ship.card.weapons[0]
    mods = dict(attack_modifiers(ship, w, battle.ship("E"), line_of_fire(battle, ship, w, battle.ship("E"))))
    assert mods["All Hands on Deck!"] == -1
    ship.criticals.update({Area.ENGINE: 1, Area.CREW: 2})
    battle.dice.push(4, 5)
    damage_control(battle, ship, None, all_hands=True)
    assert ship.criticals[Area.ENGINE] == 0 and ship.criticals[Area.CREW] == 0
