"""Plans: the answers a captain gives the engine, as data.  A ship's move (:class:`MovePlan` of :class:`Leg`, 000
"Movement Phase: Moving Ships"), its fire (:class:`FirePlan` of :class:`Shot`, 000 "Nominate Targets"), its
Flights' moves (:class:`FlightMove`, 000 "Aircraft: Movement Phase"), its AA fire (:class:`AAShot`, 000 "Shooting
Down Aircraft") and its MTB Sections' moves (:class:`BoatMove`, 000 "MTB Sections: Movement Phase").

Nothing here checks a plan: the rule modules verify each one (raising :class:`~tactical.orders.IllegalOrder`) and
carry it out (:mod:`tactical.movement`, :mod:`tactical.gunnery`, :mod:`tactical.aircraft`, :mod:`tactical.mtb`).
Distances in inches, turns in degrees.
"""

from __future__ import annotations

from dataclasses import dataclass

from tactical.geometry import EPS, Point


@dataclass(frozen=True)
class Leg:
    """Turn ``turn`` degrees (positive: starboard), then run ``distance`` inches straight ahead."""

    turn: float
    distance: float


@dataclass(frozen=True)
class MovePlan:
    legs: tuple[Leg, ...]

    @property
    def total(self) -> float:
        return sum(leg.distance for leg in self.legs)

    @property
    def turns(self) -> list[float]:
        return [leg.turn for leg in self.legs if abs(leg.turn) > EPS]

    @classmethod
    def straight(cls, inches: float) -> MovePlan:
        return cls((Leg(0.0, inches),))


@dataclass(frozen=True)
class Shot:
    """``dice`` Attack Dice of weapon system ``weapon`` (index on the card) at ship (or MTB Section) ``target``."""

    weapon: int
    target: str
    dice: int


@dataclass(frozen=True)
class FirePlan:
    """All the targets a ship nominates in one go; empty: the ship chooses not to fire.

    ``searchlight``: an enemy ship within 10" lit before firing (night); ``star_shells``: points (inches) where its
    star shells burst, each taking one Light Gun Attack Die; ``detect``: a submarine it tries to detect first;
    ``depth_charges``: ``(system, submarine)`` pairs ("Depth Charge", "Hedgehog", "Squid"); ``radar``: fire by the
    003 radar targeting check (option)."""

    shots: tuple[Shot, ...] = ()
    searchlight: str | None = None
    star_shells: tuple[Point, ...] = ()
    detect: str | None = None
    depth_charges: tuple[tuple[str, str], ...] = ()
    radar: bool = False

    @property
    def empty(self) -> bool:
        return not (self.shots or self.searchlight or self.star_shells or self.detect or self.depth_charges)


@dataclass(frozen=True)
class FlightMove:
    """Where one Flight goes and what it ends in contact with.

    ``path``: waypoints in inches (the last is where it ends; empty: it stays).  ``attack``: an enemy ship or MTB
    Section to attack (base contact), or an enemy carrier in deep deployment (the path then leaves by that
    fleet's edge); ``kamikaze``: a kamikaze attack (declared here).  ``engage``: enemy Flights to dogfight
    (Fighters only).  ``escort``: friendly Flights a Fighter escorts; ``support``: a friendly Flight whose
    dogfight it supports.  ``land``: the friendly carrier that is to recover it (its stern, or the fleet's edge for
    deep deployment).  ``leave``: it flies off the table where its path crosses the edge.
    """

    path: tuple[Point, ...] = ()
    attack: str | None = None
    kamikaze: bool = False
    engage: tuple[str, ...] = ()
    escort: tuple[str, ...] = ()
    support: str | None = None
    land: str | None = None
    leave: bool = False


FlightPlan = dict[str, FlightMove]


@dataclass(frozen=True)
class AAShot:
    """``dice`` dice of weapon system ``weapon`` at the Flight or MTB Section ``target``; ``local``: the AA
    Battery's Local X dice (only at a target in contact)."""

    weapon: int
    target: str
    dice: int
    local: bool = False


@dataclass(frozen=True)
class BoatMove:
    """One Section's move: waypoints (inches), the ship it ends in contact with to attack, a kamikaze declaration,
    and whether it lays its smoke screen at the end."""

    path: tuple[Point, ...] = ()
    attack: str | None = None
    kamikaze: bool = False
    smoke: bool = False
