"""The door between the campaign and the tactical engine (DESIGN.md "Four rooms, one door"):
``resolve(spec, captains) -> BattleReport``.

:class:`BattleSpec` (pydantic, frozen, JSON-able) describes a battle: two fleets (ships with their effective card
and any damage brought in, objective, scouting, squadrons, Observation Flights hunting submarines), Flights
(carrier-based or land-based, :class:`FlightSpec`), submarines (:class:`SubmarineSpec`: on the table or hidden in a
Sector), MTB Sections (:class:`MTBSpec`), shore installations (:class:`InstallationSpec`: Shore Batteries, Coastal
Structures, AA Emplacements), land and harbours, torpedo nets, barrage balloons, minefields, time of day, weather,
wind, year, table size, number of turns, rule options (:class:`~tactical.options.RuleOptions`, all off by
default), seed.  Distances in inches.  A spec written for the core engine (ships only) is still valid.

:func:`resolve` plays the War at Sea scenario (000 "War at Sea") with every die from one seeded, labelled
:class:`~tactical.dice.Dice` (``SeedSequence(seed, spawn_key=key)``), and returns a :class:`BattleReport`: per
ship (submarines and installations included) hull lost, crippled, sunk, withdrew, critical scores, Vital Systems;
per Flight and MTB Section its fate; the Flights lost; victory points; each side's victory; the winner; and the
full event log (every roll included).  The same spec gives the same report, event for event.

Set-up order (000 War at Sea, Aircraft, Carriers): objectives, the wind (a D6 when a carrier is present and the
spec gives none), scouts set aside, deployment (the lower D10 first; submarines with a Sector stay hidden; MTB
Sections with their fleet), scouting rolls (4+ points: carriers may go into deep deployment; 7+/10+: redeploy,
half/all of the carriers' Flights airborne), then the Flights in the air at the start: two a carrier (the Combat
Air Patrol) or more as scouting allows, and every land-based Flight (R-TAC-29), placed in the deployment zone.
:func:`set_up` is that set-up alone; :func:`resolve` fights on from it.

Crowded tables (R-TAC-67, with R-TAC-04 and R-TAC-07): deployment never fails for want of room.  A fleet's zone
holds it in lines abreast with bridges at least 1" apart (``DeploymentZone.capacity``: 48 ships a line and six lines
in the 48" x 6" normal zone of a 72" x 48" table); a larger fleet is given a grown zone before its captain places
it: first the whole home edge (the enhanced zone's width), then 1" deeper at a time towards the middle of the table,
stopping 0.5" short of the centre line so that the two fleets stay apart; the Flights and MTB Sections of the side
use the same zone.  A ship its captain puts within 1" of a bridge placed before it is not refused (as a move ending
on another ship is not, R-TAC-07): it is set at the nearest free place of the zone, at least 1" from every bridge
(installations and the other fleet included), on a 1/4" grid, the zone growing as above when it is full; each such
ship is logged (``stacking``).  Should even the largest zone have no free place left (a captain leaving gaps too
small for a ship everywhere), the fleet is formed in lines abreast across it.  The spec refuses a side with more
ships and deployed submarines than its largest zone holds (1,728 a side on a 72" x 48" table).  A placement that
stacks nowhere is kept exactly as the captain gave it, so every battle that deployed before R-TAC-67 deploys the
same (such a placement is checked against the fleet's own ships only, as it always was: an anchored ship may lie on
a port's AA emplacement).  The table itself never grows: Sector numbers (hidden boats, minefields) and the
installations' places depend on it.  A captain placing a ship outside its zone (or a Flight or MTB Section outside
it) is still refused (000 Deployment): that is a wrong order, not a crowded table.  The AI's line abreast
(:class:`~tactical.ai.SimpleCaptain`) becomes as many lines as the zone needs (``DeploymentZone.formation``).
Installations stand where the spec puts them; hidden boats wait in their Sector.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tactical import events as ev
from tactical.ai import CAPTAIN_LEVELS, SimpleCaptain, with_defaults
from tactical.aircraft import roll_wind
from tactical.battle_report import BattleReport, FlightResult, ShipResult, report_of
from tactical.battle_spec import (
    BattleSpec,
    FleetSpec,
    FlightSpec,
    InstallationSpec,
    MTBSpec,
    ShipSpec,
    SubmarineSpec,
)
from tactical.captain import Captain, CoreCaptain
from tactical.deployment import deploy_air, deploy_boats, deploy_fleet
from tactical.dice import Dice
from tactical.geometry import DeploymentKind, DeploymentZone
from tactical.hull import cripple
from tactical.known import SideCaptain
from tactical.muster import build_state
from tactical.options import RuleOptions
from tactical.orders import IllegalOrder
from tactical.scenario import (
    Objective,
    Victory,
    assess,
    fleet_gone,
    fleet_sunk,
    roll_matched_objectives,
    roll_objective,
    roll_scouting,
    scouting_refusal,
    victory_points,
    winner_of,
    zone_for,
)
from tactical.seats import Seat
from tactical.state import Battle, Status
from tactical.turn import play_turn, roll_off

__all__ = [
    "CAPTAIN_LEVEL_NAMES",
    "BattleReport",
    "BattleSpec",
    "FleetSpec",
    "FlightResult",
    "FlightSpec",
    "InstallationSpec",
    "MTBSpec",
    "RuleOptions",
    "SetUp",
    "ShipResult",
    "ShipSpec",
    "SubmarineSpec",
    "resolve",
    "set_up",
]


CAPTAIN_LEVEL_NAMES: tuple[str, ...] = tuple(CAPTAIN_LEVELS)
"""The levels of the AI captain (``levels`` of :func:`resolve`; ``vas battle --captain``)."""


@dataclass
class SetUp:
    """A battle after its set-up (:func:`set_up`): objectives rolled, ships deployed, scouting done, the Flights
    of the start in the air; ``captains`` (answering every question) decide for each side."""

    battle: Battle
    captains: tuple[Captain, Captain]
    objectives: tuple[Objective, Objective]


def resolve(
    spec: BattleSpec, captains: Sequence[CoreCaptain | None] | None = None, *, dice: Dice | None = None,
    levels: tuple[str, str] = ("normal", "normal"),
) -> BattleReport:
    """Fight ``spec`` under the War at Sea scenario and report.  ``captains``: one per side (``None`` or missing:
    the AI captain of the side's level in ``levels``, :data:`~tactical.ai.CAPTAIN_LEVELS`, steered by the side's
    objective), each wrapped by
    :func:`~tactical.ai.with_defaults` for the questions it does not answer.  ``dice`` replaces the seeded
    dice (tests pass :class:`~tactical.dice.ScriptedDice`).  Raises :class:`~tactical.orders.IllegalOrder` when a
    captain gives an illegal order."""
    return fight(spec, set_up(spec, captains, dice=dice, levels=levels))


def fight(spec: BattleSpec, ready: SetUp) -> BattleReport:
    """The turns of a battle set up by :func:`set_up` (with its captains, or others in their place, as
    :mod:`tactical.benchmark` times them), its judgement and its report."""
    _fight(ready.battle, ready.captains, spec.turns)
    levels, win = _judge(ready.battle, ready.objectives)
    return report_of(spec, ready.battle, ready.objectives, levels, win)


def _fight(battle: Battle, pair: tuple[Captain, Captain], turns: int) -> None:
    """The turns (000 The Turn), until the last or until a side has nothing left on the table."""
    while battle.state.turn < turns:
        play_turn(battle, pair)
        gone = [side for side in (0, 1) if fleet_gone(battle, side)]
        if gone:
            battle.log.emit(  # R-UI-91: a fleet with no ship afloat is told as sunk, not as having left
                ev.BattleEnded,
                sunk=tuple(battle.side_name(s) for s in gone if fleet_sunk(battle, s)),
                left=tuple(battle.side_name(s) for s in gone if not fleet_sunk(battle, s)),
            )
            break


def _judge(battle: Battle, objectives: tuple[Objective, Objective]) -> tuple[tuple[Victory, Victory], int | None]:
    """000 War at Sea: Victory or Defeat: each side's level of victory against its objective, and the winner."""
    battle.log.phase = "victory"
    levels = assess(battle, objectives)
    win = winner_of(levels)
    vp = victory_points(battle)
    battle.log.emit(
        ev.BattleResult,
        side=battle.side_name(win) if win is not None else None,
        winner=battle.side_name(win) if win is not None else None,
        fleets=(battle.side_name(0), battle.side_name(1)),
        levels=(levels[0].value, levels[1].value),
        vp=(vp[0], vp[1]),
    )
    return (levels[0], levels[1]), win


def _captain(
    captains: Sequence[CoreCaptain | None] | None, side: int, objective: Objective, level: str = "normal"
) -> Captain:
    """The captain of ``side``: the one given (wrapped by :func:`~tactical.ai.with_defaults`), else the AI captain
    of ``level`` (:data:`~tactical.ai.CAPTAIN_LEVELS`) steered by the side's objective; a
    :class:`~tactical.ai.SimpleCaptain` steered by it also advises a
    :class:`~tactical.seats.Seat` that has no adviser yet (issue #16).  Every captain but a seat decides from the
    battle as its side knows it (:class:`~tactical.known.SideCaptain`, R-VIEW-23); a seat's screen draws the side's
    view (R-VIEW-09) and its adviser is given the known battle."""
    given = captains[side] if captains is not None else None
    if isinstance(given, Seat):
        if given.adviser is None:
            given.adviser = SideCaptain(with_defaults(SimpleCaptain(objective)), side)
        return with_defaults(given)
    return SideCaptain(with_defaults(given if given is not None else CAPTAIN_LEVELS[level](objective)), side)


def set_up(spec: BattleSpec, captains: Sequence[CoreCaptain | None] | None = None, *,
           dice: Dice | None = None, levels: tuple[str, str] = ("normal", "normal")) -> SetUp:
    """The set-up of :func:`resolve` (module docstring), up to the first turn: the battle, its captains (wrapped
    by :func:`~tactical.ai.with_defaults`; an AI side's of its level in ``levels``) and the objectives.  Raises
    :class:`~tactical.orders.IllegalOrder` when a captain gives an illegal order (never for a crowded table:
    R-TAC-67)."""
    battle = Battle(build_state(spec), dice if dice is not None else Dice(spec.seed, spec.key))
    _announce(battle, spec)
    objectives = _objectives(battle, spec)
    pair = (_captain(captains, 0, objectives[0], levels[0]), _captain(captains, 1, objectives[1], levels[1]))
    _wind(battle)
    flights = _set_aside_scouts(battle, pair, spec)
    zones = _deploy_fleets(battle, pair)
    _scout(battle, pair, flights, zones)
    return SetUp(battle, pair, objectives)


def _announce(battle: Battle, spec: BattleSpec) -> None:
    """The battle's conditions, and the ships that come in crippled (their damage brought in)."""
    conditions = [spec.time_of_day, f"{spec.weather} weather"]
    if spec.options.active():
        conditions.append("options: " + ", ".join(spec.options.active()))
    battle.log.emit(
        ev.BattleSetUp, first=spec.sides[0].name, second=spec.sides[1].name, seed=spec.seed,
        conditions=tuple(conditions),
    )
    for ship in battle.state.ships.values():
        if ship.hull <= ship.card.crippled:
            battle.log.emit(ev.ComesInCrippled, ship=ship.name)
            cripple(battle, ship, award=False)


def _objectives(battle: Battle, spec: BattleSpec) -> tuple[Objective, Objective]:
    """000 War at Sea: Fleet Objectives: given by the spec, else rolled (matched under the option)."""
    if spec.options.matched_objectives and not any(f.objective for f in spec.sides):
        objectives = roll_matched_objectives(battle)
    else:
        first, second = (
            fleet.objective if fleet.objective is not None else roll_objective(battle, side)
            for side, fleet in enumerate(spec.sides)
        )
        objectives = (first, second)
    for side in (0, 1):
        battle.log.emit(ev.ObjectiveSet, side=battle.side_name(side), objective=objectives[side].value)
    return objectives


def _wind(battle: Battle) -> None:
    """000 Wind Direction: rolled before any ship is deployed when a carrier is present."""
    st = battle.state
    if st.wind is None and any(s.card.has("Carrier") for s in st.ships.values()):
        roll_wind(battle)
    elif st.wind is not None:
        battle.log.emit(ev.WindSet, edge=st.wind)


def _set_aside_scouts(battle: Battle, pair: tuple[Captain, Captain], spec: BattleSpec) -> list[int]:
    """000 War at Sea: Scouting: each side's scouts set aside before deployment; returns the Observation Flights
    each side commits (none under 001 Observation Aircraft)."""
    flights = [0, 0]
    for side in (0, 1):
        names, flights[side] = pair[side].choose_scouts(battle, side)
        refusal = scouting_refusal(battle, side, names, flights[side])
        if refusal is not None:
            raise IllegalOrder(*refusal)
        for name in names:
            scout = battle.state.ships[name]
            scout.scout = True
            scout.status = Status.SCOUTING
    if spec.options.observation_001:
        flights = [0, 0]  # 001 Observation Aircraft: no scouting points from them
    return flights


def _deploy_fleets(battle: Battle, pair: tuple[Captain, Captain]) -> dict[int, DeploymentZone]:
    """000 War at Sea: Deployment: a D10 roll-off, the lower deploys first, each fleet with its MTB Sections.
    Returns each side's zone (grown if crowded, R-TAC-67)."""
    st = battle.state
    battle.log.phase = "deployment"
    first = 1 - roll_off(battle, "deployment roll", "000 War at Sea: Deployment")
    zones = {side: zone_for(side, DeploymentKind.NORMAL, st.table) for side in (0, 1)}
    for side in (first, 1 - first):
        names = [s.name for s in st.fleet(side) if not s.scout and s.status is Status.ACTIVE and s.pos is None]
        if names:
            zones[side] = deploy_fleet(battle, side, zones[side], pair[side], names)
        deploy_boats(battle, side, zones[side], pair[side])
    return zones


def _scout(
    battle: Battle, pair: tuple[Captain, Captain], flights: list[int], zones: dict[int, DeploymentZone]
) -> None:
    """000 War at Sea: Scouting: each side's scouting roll and its advantages (a redeployment, deep deployment,
    more Flights in the air at the start)."""
    st = battle.state
    battle.log.phase = "scouting"
    for side in (0, 1):
        advantage = roll_scouting(battle, side, flights[side])
        zone = zones[side]
        if advantage.redeploy is not None:
            for ship in st.fleet(side):
                if ship.status is Status.SCOUTING:
                    ship.status = Status.ACTIVE
            names = [s.name for s in st.fleet(side)
                     if s.status is Status.ACTIVE and not s.is_installation and not s.anchored]  # R-CARD-11
            zone = zone_for(side, advantage.redeploy, st.table)
            if names:
                zone = deploy_fleet(battle, side, zone, pair[side], names)
        deploy_air(battle, side, zone, pair[side], advantage)
