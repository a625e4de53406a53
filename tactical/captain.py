"""Captain: the questions the engine asks a side's commander, and nothing about how they are answered.

:class:`CoreCaptain` holds the questions of the core rules (scouting, deployment, which ship moves or fires next,
its Order, its move, its fire, its repairs); a captain written for the core engine answers only these.
:class:`Captain` adds the questions of the additional rules: aircraft and carriers, AA, MTB Sections,
submarines, searchlights and radar at night.  The rule modules ask a :class:`Captain` only:
:func:`tactical.battle.resolve` wraps every captain with :func:`tactical.ai.with_defaults`, which answers the
questions it lacks, so the rules never look for a missing answer and never import the AI, and then with
:class:`tactical.known.SideCaptain`, which gives it the battle as its side knows it (R-VIEW-23: no enemy boat hidden
in its Sector, no scout before the reveal, no dice).  A human front end implements the same methods.

Every answer is checked by the engine, which raises :class:`~tactical.orders.IllegalOrder` (naming the rule) for an
illegal one.  Distances in inches, headings in degrees.
"""

from __future__ import annotations

from typing import Protocol

from tactical.geometry import DeploymentZone, Edge, Point
from tactical.orders import OrderName
from tactical.plans import AAShot, BoatMove, FirePlan, FlightPlan, MovePlan
from tactical.state import Area, Battle, Depth, ShipState


class CoreCaptain(Protocol):
    """The questions of the core rules (000 War at Sea: Scouting and Deployment, Movement Phase, Gunnery Phase,
    Damage Control)."""

    def choose_scouts(self, battle: Battle, side: int) -> tuple[list[str], int]:
        """Ships (destroyers, cruisers) and the number of Observation Flights committed to scouting."""
        ...

    def deploy(
        self, battle: Battle, side: int, zone: DeploymentZone, ships: list[str]
    ) -> dict[str, tuple[Point, float]]:
        """Position and heading for each ship, inside ``zone``."""
        ...

    def choose_mover(self, battle: Battle, side: int, candidates: list[str]) -> str:
        """Which of ``candidates`` moves next."""
        ...

    def choose_order(self, battle: Battle, ship: ShipState) -> OrderName | None:
        """The Order ``ship`` attempts before it moves, if any."""
        ...

    def plan_move(self, battle: Battle, ship: ShipState) -> MovePlan:
        """The move of ``ship`` (after its Order)."""
        ...

    def return_point(self, battle: Battle, ship: ShipState, edge: Edge) -> float:
        """Where along ``edge`` (0..1, west to east or south to north) a returning scout enters."""
        ...

    def choose_firer(self, battle: Battle, side: int, candidates: list[str]) -> str:
        """Which of ``candidates`` (ships, or the aircraft and MTB nominees) fires next."""
        ...

    def plan_fire(self, battle: Battle, ship: ShipState) -> FirePlan:
        """Every target ``ship`` nominates, all at once."""
        ...

    def damage_control(self, battle: Battle, ship: ShipState) -> Area | None:
        """The area ``ship``'s damage control party repairs in the End Phase, if any."""
        ...


class Captain(CoreCaptain, Protocol):
    """Every question the engine asks: the core ones and those of the additional rules."""

    # ---------------------------------------------------------------- aircraft and carriers (000 Aircraft, Carriers)
    def deploy_flights(
        self,
        battle: Battle,
        side: int,
        zone: DeploymentZone,
        candidates: dict[str, str | None],
        limits: dict[str | None, int],
        land: list[str],
    ) -> dict[str, Point]:
        """Flights in the air at the start: ``candidates`` (name: carrier) within ``limits`` a carrier, and the
        land-based Flights ``land``."""
        ...

    def deep_deploy(self, battle: Battle, side: int, carriers: list[str]) -> list[str]:
        """The carriers placed in deep deployment (scouting 4+)."""
        ...

    def choose_launch(self, battle: Battle, carrier: ShipState, ready: list[str]) -> list[str]:
        """The Flights of ``ready`` that ``carrier`` launches after its move."""
        ...

    def aircraft_first(self, battle: Battle, side: int) -> bool:
        """Whether the Initiative winner ``side`` moves its aircraft first."""
        ...

    def plan_flights(self, battle: Battle, side: int) -> FlightPlan:
        """The moves of every Flight of ``side``."""
        ...

    def plan_aa(self, battle: Battle, ship: ShipState) -> list[AAShot]:
        """The AA fire of ``ship`` at the start of the Gunnery Phase."""
        ...

    def order_air_attacks(self, battle: Battle, side: int, names: list[str]) -> list[str]:
        """The order in which the Flights ``names`` attack."""
        ...

    # ---------------------------------------------------------------- MTB Sections (000 Motor Torpedo Boats)
    def deploy_boats(self, battle: Battle, side: int, zone: DeploymentZone, boats: list[str]) -> dict[str, Point]:
        """Where each MTB Section of ``boats`` starts, inside ``zone``."""
        ...

    def boats_first(self, battle: Battle, side: int) -> bool:
        """Whether the Initiative winner ``side`` moves its MTB Sections first."""
        ...

    def plan_boats(self, battle: Battle, side: int) -> dict[str, BoatMove]:
        """The moves of every MTB Section of ``side``."""
        ...

    # ---------------------------------------------------------------- submarines (000 Submarines)
    def place_submarine(self, battle: Battle, ship: ShipState) -> tuple[Point, float]:
        """Where a hidden submarine found in its Sector is placed, and its heading."""
        ...

    def assign_sub_hunters(self, battle: Battle, side: int, names: list[str], flights: int) -> list[str]:
        """The boats of ``names`` that the ``flights`` hunting Observation Flights try to detect."""
        ...

    def choose_depth(self, battle: Battle, ship: ShipState) -> Depth:
        """The depth the submarine ``ship`` takes before it moves."""
        ...

    def surface_hidden(self, battle: Battle, ship: ShipState) -> tuple[Point, float] | None:
        """Where a hidden submarine comes onto the table this turn, if it does."""
        ...

    def crash_dive(self, battle: Battle, ship: ShipState) -> bool:
        """Whether the submarine ``ship`` crash dives when an enemy comes within range."""
        ...

    def escape(self, battle: Battle, ship: ShipState) -> bool:
        """Whether the deep submarine ``ship`` tries to escape in the End Phase."""
        ...

    # ---------------------------------------------------------------- night (000 Night Battles, Radar; 001 option)
    def fire_first(self, battle: Battle, side: int) -> bool:
        """At night: whether the Initiative winner ``side`` fires first."""
        ...

    def choose_searchlight(self, battle: Battle, ship: ShipState, targets: list[str]) -> str | None:
        """001 Night Fighting (option): the enemy of ``targets`` ``ship`` lights with its searchlight, if any."""
        ...

    def choose_radar_target(self, battle: Battle, ship: ShipState, names: list[str]) -> str | None:
        """The enemy of ``names`` ``ship``'s radar tries to detect, if any."""
        ...
