"""The critical hit tables as data (000 "Critical Hits", "Engine Area", "Weapons Area", "Crew Area", "Vital
Systems", "Check for Escalation"): for each area, what each Critical Score 1-6 costs.

A score's penalties are cumulative: a ship at Engine 3 suffers the penalties of Engine 1, 2 and 3 (000 Critical
Hits).  :data:`IN_FORCE` sums them per score once, for the figures :class:`~tactical.state.ShipState` derives
(Flank Speed, the straight run before a turn, the crew quality modifier, Escalation); :mod:`tactical.criticals`
applies the damage, the raises of other areas and the random choices (the "*" roll, which turret).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Area(StrEnum):
    """000 "Critical Hits": the three areas with a Critical Score (Vital Systems are tracked apart)."""

    ENGINE = "engine"
    WEAPONS = "weapons"
    CREW = "crew"


class Vital(StrEnum):
    """000 "Vital Systems" results."""

    BRIDGE_DESTROYED = "bridge destroyed"
    RUDDER_JAMMED = "rudder jammed"
    FIRE_IN_ENGINEERING = "fire in engineering"
    MAGAZINE_ABLAZE = "magazine ablaze"
    SECONDARY_EXPLOSIONS = "secondary explosions"


class TurretHit(StrEnum):
    """What a Weapons result does to a random turret (000 Weapons Area)."""

    DAMAGED = "damaged"  # Turret Damaged: the turret checks before it fires (tactical.gunnery)
    DESTROYED = "destroyed"  # Turret Destroyed, Magazine Explosion, Multiple Explosions (R-TAC-10)


@dataclass(frozen=True)
class Level:
    """One Critical Score of one area: its name, its extra damage (a fixed number plus a number of D6) and its
    penalty, written on the level that first imposes it (the levels above keep it: cumulative).

    ``speed_loss``: inches of Flank Speed lost; ``engines_disabled``: Flank Speed 0; ``straight_run``: inches of
    straight movement before each turn; ``crew_check``: modifier to crew quality checks; ``ad_loss``: the "-N
    Attack Dice*" results; ``raises``: the other area raised by 1 at once; ``escalates``: the area checks for
    Escalation in the End Phase; ``turret``: what happens to a random turret; ``no_deck``: a carrier may not
    launch or recover Flights (000 Launching and Recovering Aircraft); ``burning``: the ship is on fire, and
    spotted at night (000 Night Battles, R-TAC-33).
    """

    name: str
    fixed: int = 0
    d6: int = 0
    speed_loss: float = 0.0
    engines_disabled: bool = False
    straight_run: float | None = None
    crew_check: int = 0
    ad_loss: int = 0
    raises: Area | None = None
    escalates: bool = False
    turret: TurretHit | None = None
    no_deck: bool = False
    burning: bool = False


LEVELS: dict[Area, tuple[Level, ...]] = {
    # 000 Engine Area
    Area.ENGINE: (
        Level("Props Damaged", speed_loss=1.0),
        Level("Rudder Damaged", fixed=1, straight_run=3.0),  # R-TAC-06
        Level("Turbine Damaged", fixed=2, speed_loss=1.0, raises=Area.CREW),
        Level("Fuel System Ruptured", fixed=3, speed_loss=1.0, escalates=True),
        Level("Engines Disabled", d6=1, engines_disabled=True),
        Level("Fuel Explosion", d6=3, raises=Area.CREW),
    ),
    # 000 Weapons Area
    Area.WEAPONS: (
        Level("Secondary Weapons Damaged", fixed=1, ad_loss=1),
        Level("Secondary Weapons Destroyed", fixed=2, ad_loss=2, raises=Area.CREW),
        Level("Turret Damaged", fixed=3, turret=TurretHit.DAMAGED),
        Level("Turret Destroyed", d6=1, turret=TurretHit.DESTROYED, escalates=True),
        Level("Magazine Explosion", d6=2, turret=TurretHit.DESTROYED),
        Level("Multiple Explosions", d6=3, turret=TurretHit.DESTROYED),  # R-TAC-10
    ),
    # 000 Crew Area
    Area.CREW: (
        Level("Shrapnel", ad_loss=1),
        Level("Fire", fixed=1, escalates=True, no_deck=True, burning=True),
        Level("Multiple Fires", fixed=2, raises=Area.WEAPONS, burning=True),
        Level("Heavy Shrapnel", fixed=3, crew_check=-1),
        Level("Hull Breach", d6=1, raises=Area.ENGINE),
        Level("Explosion", d6=2, raises=Area.WEAPONS),
    ),
}
"""000 critical tables: the Levels of each area, for Critical Scores 1 to 6."""


def result_of(area: Area, score: int) -> Level:
    """The result of Critical Score ``score`` (1-6) of ``area``."""
    return LEVELS[area][score - 1]


@dataclass(frozen=True)
class InForce:
    """The penalties of one area's score, summed over its levels (000 Critical Hits: cumulative)."""

    speed_loss: float
    engines_disabled: bool
    straight_run: float | None
    crew_check: int
    escalates: bool
    no_deck: bool
    burning: bool


def _in_force(area: Area, score: int) -> InForce:
    levels = LEVELS[area][:score]
    runs = [lv.straight_run for lv in levels if lv.straight_run is not None]
    return InForce(
        speed_loss=sum((lv.speed_loss for lv in levels), 0.0),
        engines_disabled=any(lv.engines_disabled for lv in levels),
        straight_run=max(runs) if runs else None,
        crew_check=sum(lv.crew_check for lv in levels),
        escalates=any(lv.escalates for lv in levels),
        no_deck=any(lv.no_deck for lv in levels),
        burning=any(lv.burning for lv in levels),
    )


IN_FORCE: dict[tuple[Area, int], InForce] = {(a, s): _in_force(a, s) for a in Area for s in range(7)}
"""(area, Critical Score 0-6) -> the penalties in force."""

VITAL_TABLE: dict[int, tuple[Vital, tuple[int, int]]] = {
    1: (Vital.BRIDGE_DESTROYED, (1, 0)),
    2: (Vital.RUDDER_JAMMED, (0, 1)),
    3: (Vital.FIRE_IN_ENGINEERING, (0, 2)),
    4: (Vital.MAGAZINE_ABLAZE, (0, 2)),
    5: (Vital.SECONDARY_EXPLOSIONS, (0, 4)),
}
"""000 Vital Systems: D6 -> result and its damage (fixed, number of D6); the table prints no 6 (R-TAC-10)."""
