"""Helpers for the tactical tests: cards, ships placed on a table, scripted dice."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scenarios.cards import ShipCard, WeaponSystem
from tactical.dice import Dice, ScriptedDice
from tactical.state import Battle, BattleState, ShipState


def weapon(name: str = "Turret A", kind: str = "main_gun", **kw: Any) -> WeaponSystem:
    """A weapon system: defaults to an all-arc 3 AD gun, ranges 8/16/24/32", AP 0, DD 1."""
    fields: dict[str, Any] = {
        "name": name,
        "kind": kind,
        "arcs": ["fore", "port", "starboard", "aft"] if kind != "main_gun" else ["fore", "port", "starboard"],
        "ranges": (8, 16, 24, 32),
        "ad": 3,
        "ap": 0,
        "dd": 1,
    }
    fields.update(kw)
    return WeaponSystem.model_validate(fields)


def make_card(name: str = "Test", **kw: Any) -> ShipCard:
    """A cruiser card (6", 3+, Hull 20/6) with one main gun unless ``weapons`` is given."""
    fields: dict[str, Any] = {
        "name": name,
        "class_name": name,
        "nation": "US",
        "type": "cruiser",
        "flank_speed": 6,
        "armour": 3,
        "hull": 20,
        "crippled": 6,
        "points": 100,
        "weapons": [weapon()],
        "source": "test",
        "confidence": "reconstructed",
    }
    fields.update(kw)
    if fields["weapons"] and isinstance(fields["weapons"][0], WeaponSystem):
        fields["weapons"] = [w.model_dump() for w in fields["weapons"]]
    return ShipCard.model_validate(fields)


def make_battle(
    ships: Iterable[tuple[str, ShipCard, int, tuple[float, float], float]],
    dice: Iterable[int] | Dice = (),
    *,
    turn: int = 1,
) -> Battle:
    """A battle with ``(name, card, side, position, heading)`` ships on a 72" x 48" table; ``dice`` scripted faces
    (or a Dice)."""
    state = BattleState(
        sides=("Blue", "Red"),
        ships={
            name: ShipState(name=name, side=side, card=card, hull_start=card.hull, hull=card.hull, pos=pos, heading=h)
            for name, card, side, pos, h in ships
        },
        turn=turn,
    )
    the_dice = dice if isinstance(dice, Dice) else ScriptedDice(dice)
    battle = Battle(state, the_dice)
    battle.log.turn = turn
    battle.state.initiative = 0
    return battle


class IdleCaptain:
    """A captain that never repairs (for End Phase tests)."""

    def damage_control(self, battle: Battle, ship: ShipState) -> None:
        return None


class ScriptCaptain:
    """A captain that records the engine's questions and answers simply: first candidate, least move, no fire."""

    def __init__(self, name: str = "") -> None:
        self.name = name
        self.calls: list[tuple[str, str]] = []

    def choose_mover(self, battle: Battle, side: int, candidates: list[str]) -> str:
        self.calls.append(("move", candidates[0]))
        return candidates[0]

    def choose_order(self, battle: Battle, ship: ShipState) -> None:
        return None

    def plan_move(self, battle: Battle, ship: ShipState):
        from tactical.movement import min_move
        from tactical.plans import MovePlan

        return MovePlan.straight(min_move(ship))

    def choose_firer(self, battle: Battle, side: int, candidates: list[str]) -> str:
        self.calls.append(("fire", candidates[0]))
        return candidates[0]

    def plan_fire(self, battle: Battle, ship: ShipState):
        from tactical.plans import FirePlan

        return FirePlan()

    def damage_control(self, battle: Battle, ship: ShipState) -> None:
        self.calls.append(("repair", ship.name))
        return None

    def return_point(self, battle: Battle, ship: ShipState, edge) -> float:
        return 0.5
