"""tactical: the Victory at Sea miniatures rules engine (seed 000).

The door is :func:`resolve` (``BattleSpec`` -> ``BattleReport``, :mod:`tactical.battle`); see docs/architecture.md
for the modules.  Imports only ``scenarios`` (never ``strategic`` or ``tui``).

This package's names are the public API: ``strategic`` and ``tui`` import from ``tactical`` itself, never from
its modules (an import-linter contract in pyproject.toml).  The rule modules never import the AI
(:mod:`tactical.ai`); :func:`resolve` composes the two.
"""

from tactical import events as battle_events
from tactical.aa import verify_aa_plan
from tactical.ai import boat_attack_moves, engage_moves, escort_move, home_move, strike_moves
from tactical.air_movement import verify_flight_plan
from tactical.aircraft import ROLL_TO_HIT as AIR_ROLL_TO_HIT
from tactical.aircraft import deck_refusal, launch_refusal
from tactical.battle import (
    CAPTAIN_LEVEL_NAMES,
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
from tactical.benchmark import BattleTiming, time_battle
from tactical.captain import Captain, CoreCaptain
from tactical.card_generator import CardIndex
from tactical.choices import (
    AAChoice,
    AATargetChoice,
    aa_choices,
    damage_control_choices,
    describe_move,
    fire_choices,
    fire_plan_of,
    has_target,
    move_choices,
    order_choices,
    parse_move,
)
from tactical.demos import DEMOS, demo_spec
from tactical.dice import Dice, Roll
from tactical.event_json import event_to_json, events_from_json
from tactical.events import Event
from tactical.geometry import DeploymentZone, Edge, Table, arcs_of, relative_bearing
from tactical.gunnery import target_refusal
from tactical.known import HiddenFact
from tactical.known import known as known_battle
from tactical.mtb import verify_boat_plan
from tactical.narrate import narrate
from tactical.options import OPTION_NOTES, RuleOptions, UnknownOption, nearest_name, rule_options
from tactical.plans import AAShot, BoatMove, FlightMove
from tactical.scenario import Objective, ObjectiveFacts, can_scout, free_observation_flights, scouting_refusal
from tactical.seats import QUESTIONS as TACTICAL_QUESTIONS
from tactical.seats import Entry as TacticalEntry
from tactical.seats import Question as TacticalQuestion
from tactical.seats import ScriptError as TacticalScriptError
from tactical.seats import Seat, script_items
from tactical.seats import decode as decode_tactical
from tactical.seats import encode as encode_tactical
from tactical.seats import read_script as read_tactical_script
from tactical.state import Depth
from tactical.views import BattleView, plain
from tactical.views import observe as observe_battle

__all__ = [
    "AIR_ROLL_TO_HIT",
    "CAPTAIN_LEVEL_NAMES",
    "DEMOS",
    "OPTION_NOTES",
    "TACTICAL_QUESTIONS",
    "AAChoice",
    "AAShot",
    "AATargetChoice",
    "BattleReport",
    "BattleSpec",
    "BattleTiming",
    "BattleView",
    "BoatMove",
    "Captain",
    "CardIndex",
    "CoreCaptain",
    "DeploymentZone",
    "Depth",
    "Dice",
    "Edge",
    "Event",
    "FleetSpec",
    "FlightMove",
    "FlightResult",
    "FlightSpec",
    "HiddenFact",
    "InstallationSpec",
    "MTBSpec",
    "Objective",
    "ObjectiveFacts",
    "Roll",
    "RuleOptions",
    "Seat",
    "ShipResult",
    "ShipSpec",
    "SubmarineSpec",
    "Table",
    "TacticalEntry",
    "TacticalQuestion",
    "TacticalScriptError",
    "UnknownOption",
    "aa_choices",
    "arcs_of",
    "battle_events",
    "boat_attack_moves",
    "can_scout",
    "damage_control_choices",
    "deck_refusal",
    "decode_tactical",
    "demo_spec",
    "describe_move",
    "encode_tactical",
    "engage_moves",
    "escort_move",
    "event_to_json",
    "events_from_json",
    "fire_choices",
    "fire_plan_of",
    "free_observation_flights",
    "has_target",
    "home_move",
    "known_battle",
    "launch_refusal",
    "move_choices",
    "narrate",
    "nearest_name",
    "observe_battle",
    "order_choices",
    "parse_move",
    "plain",
    "read_tactical_script",
    "relative_bearing",
    "resolve",
    "rule_options",
    "scouting_refusal",
    "script_items",
    "strike_moves",
    "target_refusal",
    "time_battle",
    "verify_aa_plan",
    "verify_boat_plan",
    "verify_flight_plan",
]
