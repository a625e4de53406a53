"""tactical: the Victory at Sea miniatures rules engine (seed 000).

The door is :func:`resolve` (``BattleSpec`` -> ``BattleReport``, :mod:`tactical.battle`); see docs/architecture.md
for the modules.  Imports only ``scenarios`` (never ``strategic`` or ``tui``).

This package's names are the public API: ``strategic`` and ``tui`` import from ``tactical`` itself, never from
its modules (an import-linter contract in pyproject.toml).  The rule modules never import the AI
(:mod:`tactical.ai`); :func:`resolve` composes the two.
"""

from tactical.battle import (
    BattleReport,
    BattleSpec,
    FleetSpec,
    FlightResult,
    FlightSpec,
    InstallationSpec,
    MTBSpec,
    ShipResult,
    ShipSpec,
    SubmarineSpec,
    resolve,
)
from tactical.captain import Captain, CoreCaptain
from tactical.card_generator import CardIndex
from tactical.demos import DEMOS, demo_spec
from tactical.dice import Dice, Roll
from tactical.events import Event
from tactical.geometry import Edge, Table, relative_bearing
from tactical.options import RuleOptions
from tactical.scenario import Objective
from tactical.views import BattleView, plain
from tactical.views import observe as observe_battle

__all__ = [
    "DEMOS",
    "BattleReport",
    "BattleSpec",
    "BattleView",
    "Captain",
    "CardIndex",
    "CoreCaptain",
    "Dice",
    "Edge",
    "Event",
    "FleetSpec",
    "FlightResult",
    "FlightSpec",
    "InstallationSpec",
    "MTBSpec",
    "Objective",
    "Roll",
    "RuleOptions",
    "ShipResult",
    "ShipSpec",
    "SubmarineSpec",
    "Table",
    "demo_spec",
    "observe_battle",
    "plain",
    "relative_bearing",
    "resolve",
]
