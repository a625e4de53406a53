"""The answers a captain does not give: :func:`with_defaults` wraps any captain in a :class:`DefaultedCaptain`,
a full :class:`~tactical.captain.Captain` that passes each question to the wrapped captain when it has a method for
it and otherwise answers it itself.  A captain written for the core engine (a :class:`~tactical.captain.CoreCaptain`)
thus plays with aircraft, MTB Sections, submarines and night rules.

The default answers: the AI's plans for Flights, AA, MTB Sections and the air and boat deployment
(:mod:`tactical.ai.tactics`); no launch after a move, no deep deployment, no searchlight; the Initiative winner
lets the enemy move its aircraft and MTB Sections first and fires first at night; air attacks in the order given;
radar on the nearest candidate; a found submarine at its Sector's centre facing the enemy ship nearest it; the
hunting Observation Flights shared out over the boats in turn; a submarine keeps its depth, never surfaces from
hiding, always crash dives and never escapes.  These are the answers the engine gave before captains were wrapped:
the same seed plays the same battle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tactical.ai.tactics import (
    auto_aa_plan,
    default_air_deployment,
    default_boat_deployment,
    default_boat_plan,
    default_flight_plan,
    nearest_radar_target,
    share_hunters,
)
from tactical.captain import Captain, CoreCaptain
from tactical.geometry import DeploymentZone, Edge, Point, bearing, distance
from tactical.orders import OrderName
from tactical.plans import AAShot, BoatMove, FirePlan, FlightPlan, MovePlan
from tactical.state import Area, Battle, Depth, ShipState
from tactical.submarines import sector_centre


def with_defaults(captain: CoreCaptain) -> Captain:
    """``captain`` with every question it lacks answered by default (a captain already wrapped is returned)."""
    return captain if isinstance(captain, DefaultedCaptain) else DefaultedCaptain(captain)


def found_submarine_place(battle: Battle, ship: ShipState) -> tuple[Point, float]:
    """The centre of the submarine's Sector, heading at the enemy ship nearest that centre (north when none)."""
    centre = sector_centre(battle, ship.sector or 1)
    enemies = [e.pos for e in battle.state.enemies(ship) if e.pos is not None]
    heading = 0.0
    if enemies:
        near = min(enemies, key=lambda p: distance(p, centre))
        heading = bearing(centre, near)
    return centre, heading


class DefaultedCaptain:
    """A :class:`~tactical.captain.Captain` answering as ``captain`` does where it can, by default elsewhere (module
    docstring).  The wrapped captain is asked afresh each time (``getattr``), as the engine did before."""

    def __init__(self, captain: CoreCaptain) -> None:
        self.captain = captain

    def __repr__(self) -> str:
        return f"DefaultedCaptain({self.captain!r})"

    def _own(self, question: str) -> Callable[..., Any] | None:
        """The wrapped captain's method for ``question``, if it has one."""
        return getattr(self.captain, question, None)

    # ---------------------------------------------------------------- the core questions: always the captain's
    def choose_scouts(self, battle: Battle, side: int) -> tuple[list[str], int]:
        return self.captain.choose_scouts(battle, side)

    def deploy(
        self, battle: Battle, side: int, zone: DeploymentZone, ships: list[str]
    ) -> dict[str, tuple[Point, float]]:
        return self.captain.deploy(battle, side, zone, ships)

    def choose_mover(self, battle: Battle, side: int, candidates: list[str]) -> str:
        return self.captain.choose_mover(battle, side, candidates)

    def choose_order(self, battle: Battle, ship: ShipState) -> OrderName | None:
        return self.captain.choose_order(battle, ship)

    def plan_move(self, battle: Battle, ship: ShipState) -> MovePlan:
        return self.captain.plan_move(battle, ship)

    def return_point(self, battle: Battle, ship: ShipState, edge: Edge) -> float:
        return self.captain.return_point(battle, ship, edge)

    def choose_firer(self, battle: Battle, side: int, candidates: list[str]) -> str:
        return self.captain.choose_firer(battle, side, candidates)

    def plan_fire(self, battle: Battle, ship: ShipState) -> FirePlan:
        return self.captain.plan_fire(battle, ship)

    def damage_control(self, battle: Battle, ship: ShipState) -> Area | None:
        return self.captain.damage_control(battle, ship)

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
        own = self._own("deploy_flights")
        args = (battle, side, zone, candidates, limits, land)
        return own(*args) if own is not None else default_air_deployment(*args)

    def deep_deploy(self, battle: Battle, side: int, carriers: list[str]) -> list[str]:
        own = self._own("deep_deploy")
        return own(battle, side, carriers) if own is not None else []

    def choose_launch(self, battle: Battle, carrier: ShipState, ready: list[str]) -> list[str]:
        own = self._own("choose_launch")
        return own(battle, carrier, ready) if own is not None else []

    def aircraft_first(self, battle: Battle, side: int) -> bool:
        own = self._own("aircraft_first")
        return own(battle, side) if own is not None else False

    def plan_flights(self, battle: Battle, side: int) -> FlightPlan:
        own = self._own("plan_flights")
        return own(battle, side) if own is not None else default_flight_plan(battle, side)

    def plan_aa(self, battle: Battle, ship: ShipState) -> list[AAShot]:
        own = self._own("plan_aa")
        return own(battle, ship) if own is not None else auto_aa_plan(battle, ship)

    def order_air_attacks(self, battle: Battle, side: int, names: list[str]) -> list[str]:
        own = self._own("order_air_attacks")
        return own(battle, side, names) if own is not None else names

    # ---------------------------------------------------------------- MTB Sections
    def deploy_boats(self, battle: Battle, side: int, zone: DeploymentZone, boats: list[str]) -> dict[str, Point]:
        own = self._own("deploy_boats")
        return own(battle, side, zone, boats) if own is not None else default_boat_deployment(battle, side, zone, boats)

    def boats_first(self, battle: Battle, side: int) -> bool:
        own = self._own("boats_first")
        return own(battle, side) if own is not None else False

    def plan_boats(self, battle: Battle, side: int) -> dict[str, BoatMove]:
        own = self._own("plan_boats")
        return own(battle, side) if own is not None else default_boat_plan(battle, side)

    # ---------------------------------------------------------------- submarines
    def place_submarine(self, battle: Battle, ship: ShipState) -> tuple[Point, float]:
        own = self._own("place_submarine")
        return own(battle, ship) if own is not None else found_submarine_place(battle, ship)

    def assign_sub_hunters(self, battle: Battle, side: int, names: list[str], flights: int) -> list[str]:
        own = self._own("assign_sub_hunters")
        return own(battle, side, names, flights) if own is not None else share_hunters(battle, side, names, flights)

    def choose_depth(self, battle: Battle, ship: ShipState) -> Depth:
        own = self._own("choose_depth")
        if own is not None:
            return own(battle, ship)
        assert ship.depth is not None
        return ship.depth

    def surface_hidden(self, battle: Battle, ship: ShipState) -> tuple[Point, float] | None:
        own = self._own("surface_hidden")
        return own(battle, ship) if own is not None else None

    def crash_dive(self, battle: Battle, ship: ShipState) -> bool:
        own = self._own("crash_dive")
        return own(battle, ship) if own is not None else True

    def escape(self, battle: Battle, ship: ShipState) -> bool:
        own = self._own("escape")
        return own(battle, ship) if own is not None else False

    # ---------------------------------------------------------------- night
    def fire_first(self, battle: Battle, side: int) -> bool:
        own = self._own("fire_first")
        return own(battle, side) if own is not None else True

    def choose_searchlight(self, battle: Battle, ship: ShipState, targets: list[str]) -> str | None:
        own = self._own("choose_searchlight")
        return own(battle, ship, targets) if own is not None else None

    def choose_radar_target(self, battle: Battle, ship: ShipState, names: list[str]) -> str | None:
        own = self._own("choose_radar_target")
        return own(battle, ship, names) if own is not None else nearest_radar_target(battle, ship, names)
