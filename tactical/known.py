"""The battle as one side knows it, for the captains that decide from it: :func:`known` gives a
:class:`KnownBattle`, and :class:`SideCaptain` hands one to its captain at every question.

A :class:`KnownBattle` is a :class:`~tactical.state.Battle` for the rule functions a captain calls (legal moves,
targets, ranges, Orders) whose state leaves out what the side may not know (R-VIEW-07, the facts
:func:`tactical.views.withheld_names` names): an enemy submarine noted in a Sector, the enemy's scouts before they
are revealed.  It has no dice (R-VIEW-01): reading them raises :class:`HiddenFact`, as does writing to its log;
its log's events are those of :func:`tactical.views.observe` (the events naming a withheld ship left out).  Every
model on the table is seen (R-VIEW-06), so the ships it holds are the battle's own objects, not copies: building
one costs a shallow copy of the state (R-VIEW-23), once per question.

Where :func:`tactical.views.observe` gives a front end a frozen, detached picture, a :class:`KnownBattle` is the
AI's: the same rules code runs on it, and what it leaves out no rule called on it can find.  The ships it holds
are live (a captain must not change them: the engine applies only its answers).
"""

from __future__ import annotations

import copy
from typing import Any, NoReturn

from tactical.captain import Captain
from tactical.dice import Dice
from tactical.events import Event, EventLog
from tactical.geometry import DeploymentZone, Edge, Point
from tactical.orders import OrderName
from tactical.plans import AAShot, BoatMove, FirePlan, FlightPlan, MovePlan
from tactical.state import Area, Battle, Depth, ShipState
from tactical.views import mentions, withheld_names


class HiddenFact(RuntimeError):
    """A captain reached for what its side may not know (the battle's dice, the log's writing end): a bug in the
    captain, raised to the tests."""


class KnownLog(EventLog):
    """The battle's log as ``side`` reads it: the current turn and phase, and the events that name no withheld
    ship; it cannot be written to, and it holds no dice."""

    def __init__(self, log: EventLog, withheld: frozenset[str]) -> None:
        self._log = log
        self._withheld = withheld
        self._events: list[Event] | None = None

    def __repr__(self) -> str:
        return f"KnownLog(turn={self.turn}, phase={self.phase!r})"

    @property  # type: ignore[override]
    def turn(self) -> int:
        return self._log.turn

    @turn.setter
    def turn(self, value: int) -> None:
        _refuse("set the log's turn")

    @property  # type: ignore[override]
    def phase(self) -> str:
        return self._log.phase

    @phase.setter
    def phase(self, value: str) -> None:
        _refuse("set the log's phase")

    @property  # type: ignore[override]
    def events(self) -> list[Event]:
        """The events of the log that name no withheld ship (filtered when first read)."""
        if self._events is None:
            self._events = [e for e in self._log.events if not mentions(e, self._withheld)]
        return self._events

    @events.setter
    def events(self, value: list[Event]) -> None:
        _refuse("replace the log's events")

    @property  # type: ignore[override]
    def dice(self) -> Dice:
        _refuse("read the battle's dice (R-VIEW-01)")

    @dice.setter
    def dice(self, value: Dice) -> None:
        _refuse("set the battle's dice")

    def flush_rolls(self) -> None:
        _refuse("write to the battle's log")

    def emit(self, cls: Any, /, *args: Any, **fields: Any) -> Any:
        _refuse("write to the battle's log")


class KnownBattle(Battle):
    """``battle`` as ``side`` (0 or 1) knows it now (module docstring).  ``withheld``: the enemy ships left out."""

    def __init__(self, battle: Battle, side: int) -> None:
        if side not in (0, 1):
            raise ValueError(f"a battle has sides 0 and 1, not {side!r}")
        self.side = side
        self.withheld = withheld_names(battle, side)
        st = battle.state
        ships = st.ships if not self.withheld else {n: s for n, s in st.ships.items() if n not in self.withheld}
        self.state = copy.copy(st)  # shallow: the models and the lists are the battle's (R-VIEW-06)
        self.state.ships = ships
        self.log = KnownLog(battle.log, self.withheld)

    def __repr__(self) -> str:
        return f"KnownBattle(side={self.side}, turn={self.state.turn}, {len(self.withheld)} withheld)"

    __eq__ = object.__eq__  # type: ignore[assignment]
    __hash__ = object.__hash__  # type: ignore[assignment]

    @property  # type: ignore[override]
    def dice(self) -> Dice:
        _refuse("read the battle's dice (R-VIEW-01)")

    @dice.setter
    def dice(self, value: Dice) -> None:
        _refuse("set the battle's dice")


def known(battle: Battle, side: int) -> KnownBattle:
    """``battle`` as ``side`` knows it (a battle already restricted to that side is returned as it is)."""
    if isinstance(battle, KnownBattle) and battle.side == side:
        return battle
    return KnownBattle(battle, side)


def _refuse(what: str) -> NoReturn:
    raise HiddenFact(f"a captain may not {what}: it decides from what its side knows (tactical.known)")


class SideCaptain:
    """The captain of ``side`` given :func:`known` battles: every question is passed to ``captain`` with the
    battle as ``side`` knows it (the other arguments as the engine gave them: the side's own ships and the
    candidates the rules offer it)."""

    def __init__(self, captain: Captain, side: int) -> None:
        self.captain = captain
        self.side = side

    def __repr__(self) -> str:
        return f"SideCaptain({self.captain!r}, side={self.side})"

    def _known(self, battle: Battle) -> KnownBattle:
        return known(battle, self.side)

    # ---------------------------------------------------------------- the core questions
    def choose_scouts(self, battle: Battle, side: int) -> tuple[list[str], int]:
        return self.captain.choose_scouts(self._known(battle), side)

    def deploy(
        self, battle: Battle, side: int, zone: DeploymentZone, ships: list[str]
    ) -> dict[str, tuple[Point, float]]:
        return self.captain.deploy(self._known(battle), side, zone, ships)

    def choose_mover(self, battle: Battle, side: int, candidates: list[str]) -> str:
        return self.captain.choose_mover(self._known(battle), side, candidates)

    def choose_order(self, battle: Battle, ship: ShipState) -> OrderName | None:
        return self.captain.choose_order(self._known(battle), ship)

    def plan_move(self, battle: Battle, ship: ShipState) -> MovePlan:
        return self.captain.plan_move(self._known(battle), ship)

    def return_point(self, battle: Battle, ship: ShipState, edge: Edge) -> float:
        return self.captain.return_point(self._known(battle), ship, edge)

    def choose_firer(self, battle: Battle, side: int, candidates: list[str]) -> str:
        return self.captain.choose_firer(self._known(battle), side, candidates)

    def plan_fire(self, battle: Battle, ship: ShipState) -> FirePlan:
        return self.captain.plan_fire(self._known(battle), ship)

    def damage_control(self, battle: Battle, ship: ShipState) -> Area | None:
        return self.captain.damage_control(self._known(battle), ship)

    # ---------------------------------------------------------------- aircraft and carriers
    def deploy_flights(
        self,
        battle: Battle,
        side: int,
        zone: DeploymentZone,
        candidates: dict[str, str | None],
        limits: dict[str | None, int],
        land: list[str],
    ) -> dict[str, Point]:
        return self.captain.deploy_flights(self._known(battle), side, zone, candidates, limits, land)

    def deep_deploy(self, battle: Battle, side: int, carriers: list[str]) -> list[str]:
        return self.captain.deep_deploy(self._known(battle), side, carriers)

    def choose_launch(self, battle: Battle, carrier: ShipState, ready: list[str]) -> list[str]:
        return self.captain.choose_launch(self._known(battle), carrier, ready)

    def aircraft_first(self, battle: Battle, side: int) -> bool:
        return self.captain.aircraft_first(self._known(battle), side)

    def plan_flights(self, battle: Battle, side: int) -> FlightPlan:
        return self.captain.plan_flights(self._known(battle), side)

    def plan_aa(self, battle: Battle, ship: ShipState) -> list[AAShot]:
        return self.captain.plan_aa(self._known(battle), ship)

    def order_air_attacks(self, battle: Battle, side: int, names: list[str]) -> list[str]:
        return self.captain.order_air_attacks(self._known(battle), side, names)

    # ---------------------------------------------------------------- MTB Sections
    def deploy_boats(self, battle: Battle, side: int, zone: DeploymentZone, boats: list[str]) -> dict[str, Point]:
        return self.captain.deploy_boats(self._known(battle), side, zone, boats)

    def boats_first(self, battle: Battle, side: int) -> bool:
        return self.captain.boats_first(self._known(battle), side)

    def plan_boats(self, battle: Battle, side: int) -> dict[str, BoatMove]:
        return self.captain.plan_boats(self._known(battle), side)

    # ---------------------------------------------------------------- submarines
    def place_submarine(self, battle: Battle, ship: ShipState) -> tuple[Point, float]:
        return self.captain.place_submarine(self._known(battle), ship)

    def assign_sub_hunters(self, battle: Battle, side: int, names: list[str], flights: int) -> list[str]:
        return self.captain.assign_sub_hunters(self._known(battle), side, names, flights)

    def choose_depth(self, battle: Battle, ship: ShipState) -> Depth:
        return self.captain.choose_depth(self._known(battle), ship)

    def surface_hidden(self, battle: Battle, ship: ShipState) -> tuple[Point, float] | None:
        return self.captain.surface_hidden(self._known(battle), ship)

    def crash_dive(self, battle: Battle, ship: ShipState) -> bool:
        return self.captain.crash_dive(self._known(battle), ship)

    def escape(self, battle: Battle, ship: ShipState) -> bool:
        return self.captain.escape(self._known(battle), ship)

    # ---------------------------------------------------------------- night
    def fire_first(self, battle: Battle, side: int) -> bool:
        return self.captain.fire_first(self._known(battle), side)

    def choose_searchlight(self, battle: Battle, ship: ShipState, targets: list[str]) -> str | None:
        return self.captain.choose_searchlight(self._known(battle), ship, targets)

    def choose_radar_target(self, battle: Battle, ship: ShipState, names: list[str]) -> str | None:
        return self.captain.choose_radar_target(self._known(battle), ship, names)


__all__ = ["HiddenFact", "KnownBattle", "KnownLog", "SideCaptain", "known"]
