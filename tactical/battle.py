"""The door between the campaign and the tactical engine (DESIGN.md "Four rooms, one door"):
``resolve(spec, captains) -> BattleReport``.

:class:`BattleSpec` (pydantic, frozen, JSON-able) describes a battle: two fleets (ships with their effective card
and any damage brought in, objective, scouting), table size, number of turns, rule options, seed.  Flights,
submarines, MTBs, shore batteries, night and bad weather belong to a later issue: the fields exist and must be
empty / "day" / "good" for now (a ``ValueError`` says so).

:func:`resolve` plays the War at Sea scenario (000 "War at Sea") with every die from one seeded, labelled
:class:`~tactical.dice.Dice` (``SeedSequence(seed, spawn_key=key)``), and returns a :class:`BattleReport`: per
ship hull lost, crippled, sunk, withdrew, critical scores, Vital Systems; victory points; each side's victory;
the winner; and the full event log (every roll included).  The same spec gives the same report, event for event.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, Strict, model_validator

from scenarios.cards import ShipCard
from scenarios.models import NonEmpty, Record
from tactical.damage import cripple
from tactical.dice import Dice
from tactical.events import Event
from tactical.geometry import DeploymentKind, DeploymentZone, Table, distance
from tactical.orders import IllegalOrder
from tactical.scenario import (
    Objective,
    Victory,
    assess,
    can_scout,
    fleet_gone,
    observation_flights,
    roll_matched_objectives,
    roll_objective,
    roll_scouting,
    victory_points,
    winner_of,
    zone_for,
)
from tactical.state import Battle, BattleState, ShipState, Status
from tactical.turn import play_turn, roll_off

if TYPE_CHECKING:
    from tactical.captains import Captain

StrictInt = Annotated[int, Strict()]


class ShipSpec(Record):
    """One ship: its name in this battle, its card (refits already applied) and the Hull it has lost before."""

    name: NonEmpty
    card: ShipCard
    hull_lost: Annotated[int, Strict(), Field(ge=0)] = 0
    anchored: bool = False

    @model_validator(mode="after")
    def _afloat(self) -> ShipSpec:
        if self.hull_lost >= self.card.hull:
            raise ValueError(f"{self.name} has lost {self.hull_lost} of {self.card.hull} Hull: it is not afloat")
        return self


class FleetSpec(Record):
    """One side: its name, its ships (at least one), its objective (``None``: rolled on the 2D6 table), and the
    enemy ships its Observation Flights spot for Beyond the Horizon attacks (one flight each; those flights do
    not scout)."""

    name: NonEmpty
    ships: list[ShipSpec] = Field(min_length=1)
    objective: Objective | None = None
    spotting: list[NonEmpty] = Field(default_factory=list)


class RuleOptions(Record):
    """Named optional rules (DESIGN.md "Rule options").  ``matched_objectives``: 000 Competitive Battles."""

    matched_objectives: bool = False


class BattleSpec(Record):
    """Everything :func:`resolve` needs.  Distances in inches."""

    sides: tuple[FleetSpec, FleetSpec]
    table_width: Annotated[float, Field(ge=40, le=200)] = 72.0
    table_height: Annotated[float, Field(ge=38, le=200)] = 48.0
    turns: Annotated[int, Strict(), Field(ge=1, le=30)] = 8
    time_of_day: Literal["day", "night"] = "day"
    weather: Literal["good", "bad"] = "good"
    flights: list[dict[str, Any]] = Field(default_factory=list)
    submarines: list[dict[str, Any]] = Field(default_factory=list)
    mtbs: list[dict[str, Any]] = Field(default_factory=list)
    shore_batteries: list[dict[str, Any]] = Field(default_factory=list)
    options: RuleOptions = Field(default_factory=RuleOptions)
    seed: StrictInt = 0
    key: tuple[StrictInt, ...] = ()

    @model_validator(mode="after")
    def _supported(self) -> BattleSpec:
        later = [
            name
            for name, present in (
                ("flights", bool(self.flights)),
                ("submarines", bool(self.submarines)),
                ("MTBs", bool(self.mtbs)),
                ("shore batteries", bool(self.shore_batteries)),
                ("night", self.time_of_day == "night"),
                ("bad weather", self.weather == "bad"),
            )
            if present
        ]
        if later:
            raise ValueError(f"not supported by the core engine yet (a later issue): {', '.join(later)}")
        names = [s.name for f in self.sides for s in f.ships]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            raise ValueError(f"ship names must be unique in a battle: {', '.join(dupes)}")
        if self.sides[0].name == self.sides[1].name:
            raise ValueError("the two sides need different names")
        for side, fleet in enumerate(self.sides):
            enemy = {s.name for s in self.sides[1 - side].ships}
            for target in fleet.spotting:
                if target not in enemy:
                    raise ValueError(f"{fleet.name} spots '{target}', which is not an enemy ship")
            flights = sum(s.card.trait("Aircraft") or 0 for s in fleet.ships)
            if len(fleet.spotting) > flights:
                raise ValueError(f"{fleet.name} has {flights} Observation Flight(s), {len(fleet.spotting)} spotting")
        return self


@dataclass(frozen=True)
class ShipResult:
    """How one ship came out of the battle."""

    name: str
    side: str
    card: str
    points: int
    hull_start: int
    hull_end: int
    crippled: bool
    sunk: bool
    withdrew: bool
    exit_edge: str | None
    scouting: bool  # still away scouting at the end
    criticals: dict[str, int]
    vitals: tuple[str, ...]

    @property
    def hull_lost(self) -> int:
        return self.hull_start - self.hull_end


@dataclass(frozen=True)
class BattleReport:
    """The result of :func:`resolve` (DESIGN.md): ships, victory points, victories, winner (``None``: a draw),
    turns played and the full event log.  ``flights_lost`` is empty until aircraft exist (later issue)."""

    sides: tuple[str, str]
    objectives: tuple[str, str]
    ships: tuple[ShipResult, ...]
    victory_points: tuple[int, int]
    victories: tuple[str, str]
    winner: str | None
    turns_played: int
    events: tuple[Event, ...]
    seed: int
    key: tuple[int, ...]
    flights_lost: tuple[str, ...] = ()

    def ship(self, name: str) -> ShipResult:
        for s in self.ships:
            if s.name == name:
                return s
        raise KeyError(f"no ship {name} in this battle")

    def to_json(self) -> dict[str, Any]:
        return {
            "sides": list(self.sides),
            "objectives": list(self.objectives),
            "victory_points": list(self.victory_points),
            "victories": list(self.victories),
            "winner": self.winner,
            "turns_played": self.turns_played,
            "seed": self.seed,
            "key": list(self.key),
            "ships": [
                {**s.__dict__, "vitals": list(s.vitals), "hull_lost": s.hull_lost} for s in self.ships
            ],
            "events": [e.to_json() for e in self.events],
        }

    def summary(self) -> list[str]:
        """The report as text lines."""
        lines = [
            f"Result after {self.turns_played} turn(s): "
            + (f"{self.winner} wins" if self.winner else "a draw")
            + f" ({self.sides[0]} {self.victories[0]} victory, {self.sides[1]} {self.victories[1]} victory)",
            f"Objectives: {self.sides[0]} {self.objectives[0]}; {self.sides[1]} {self.objectives[1]}",
            f"Victory points: {self.sides[0]} {self.victory_points[0]}, {self.sides[1]} {self.victory_points[1]}",
        ]
        width = max(len(s.side) for s in self.ships)
        name_width = max(len(s.name) for s in self.ships)
        for s in self.ships:
            fate = (
                "sunk"
                if s.sunk
                else f"withdrew ({s.exit_edge} edge)"
                if s.withdrew
                else "still scouting"
                if s.scouting
                else "crippled"
                if s.crippled
                else "afloat"
            )
            crit = ", ".join(f"{a} {v}" for a, v in s.criticals.items() if v)
            extra = f"; criticals {crit}" if crit else ""
            extra += f"; vital: {', '.join(s.vitals)}" if s.vitals else ""
            lines.append(
                f"  {s.side:<{width}}  {s.name:<{name_width}}  {s.card:<12} "
                f"Hull {s.hull_end:>3}/{s.hull_start:<3} {fate}"
                + (" (crippled)" if s.crippled and fate not in ("crippled", "sunk") else "")
                + extra
            )
        return lines


def _build_state(spec: BattleSpec) -> BattleState:
    ships: dict[str, ShipState] = {}
    for side, fleet in enumerate(spec.sides):
        for ship in fleet.ships:
            start = ship.card.hull - ship.hull_lost
            ships[ship.name] = ShipState(
                name=ship.name, side=side, card=ship.card, hull_start=start, hull=start, anchored=ship.anchored
            )
    return BattleState(
        sides=(spec.sides[0].name, spec.sides[1].name),
        ships=ships,
        table=Table(spec.table_width, spec.table_height),
        max_turns=spec.turns,
        spotted={side: list(fleet.spotting) for side, fleet in enumerate(spec.sides) if fleet.spotting},
    )


def _deploy(battle: Battle, side: int, zone: DeploymentZone, captain: Captain, names: list[str]) -> None:
    placement = captain.deploy(battle, side, zone, names)
    if sorted(placement) != sorted(names):
        raise IllegalOrder("000 Deployment", f"{battle.side_name(side)} must place exactly {sorted(names)}")
    placed: list[tuple[float, float]] = []
    for name in names:
        pos, heading = placement[name]
        if not zone.contains(pos):
            raise IllegalOrder("000 Deployment", f"{name} at {pos} is outside the {zone.kind.value} zone")
        if any(distance(pos, p) < 1.0 for p in placed):
            raise IllegalOrder("000 Moving Ships", f"{name} would stack on another ship (R-TAC-07)")
        placed.append(pos)
        ship = battle.ship(name)
        ship.pos, ship.heading, ship.status = (float(pos[0]), float(pos[1])), float(heading) % 360.0, Status.ACTIVE
    battle.log.emit(
        "deploy",
        f"{battle.side_name(side)} deploys {len(names)} ship(s) in its {zone.kind.value} zone",
        side=battle.side_name(side),
        ships=tuple(names),
        positions=tuple((n, battle.ship(n).pos[0], battle.ship(n).pos[1], battle.ship(n).heading) for n in names),
    )


def resolve(spec: BattleSpec, captains: Sequence[Captain] | None = None, *, dice: Dice | None = None) -> BattleReport:
    """Fight ``spec`` under the War at Sea scenario and report.  ``captains``: one per side (default:
    :class:`~tactical.captains.SimpleCaptain` steered by each side's objective).  ``dice`` replaces the seeded
    dice (tests pass :class:`~tactical.dice.ScriptedDice`).  Raises :class:`~tactical.orders.IllegalOrder` when a
    captain gives an illegal order."""
    from tactical.captains import SimpleCaptain

    battle = Battle(_build_state(spec), dice if dice is not None else Dice(spec.seed, spec.key))
    log = battle.log
    log.emit("set-up", f"Battle: {spec.sides[0].name} against {spec.sides[1].name}, seed {spec.seed}")
    for ship in battle.state.ships.values():
        if ship.hull <= ship.card.crippled:
            log.emit("set-up", f"{ship.name} comes in already crippled", ship=ship.name)
            cripple(battle, ship, award=False)

    # 000 War at Sea: Fleet Objectives
    if spec.options.matched_objectives and not any(f.objective for f in spec.sides):
        objectives = roll_matched_objectives(battle)
    else:
        objectives = tuple(
            fleet.objective if fleet.objective is not None else roll_objective(battle, side)
            for side, fleet in enumerate(spec.sides)
        )  # type: ignore[assignment]
    for side in (0, 1):
        log.emit(
            "objective",
            f"{battle.side_name(side)}'s objective: {objectives[side].value}",
            side=battle.side_name(side),
            objective=objectives[side].value,
        )
    if captains is None:
        captains = (SimpleCaptain(objectives[0]), SimpleCaptain(objectives[1]))
    pair = (captains[0], captains[1])

    # Scouting: ships set aside before deployment
    flights = [0, 0]
    for side in (0, 1):
        names, flights[side] = pair[side].choose_scouts(battle, side)
        fleet = battle.state.fleet(side)
        free = observation_flights(fleet) - len(spec.sides[side].spotting)
        if flights[side] > free or flights[side] < 0:
            raise IllegalOrder("000 Observation Flights", f"{battle.side_name(side)} has {free} flight(s) to scout")
        if len(names) >= len(fleet):
            raise IllegalOrder("000 Scouting", "a fleet must keep at least one ship on the table")
        for name in names:
            ship = battle.ship(name)
            if ship.side != side or not can_scout(ship):
                raise IllegalOrder("000 Scouting", f"{name} cannot scout: only own destroyers and cruisers may")
            ship.scout = True
            ship.status = Status.SCOUTING

    # Deployment: D10 roll-off, the lower deploys first
    log.phase = "deployment"
    first = 1 - roll_off(battle, "deployment roll", "000 War at Sea: Deployment")
    table = battle.state.table
    for side in (first, 1 - first):
        names = [s.name for s in battle.state.fleet(side) if not s.scout]
        _deploy(battle, side, zone_for(side, DeploymentKind.NORMAL, table), pair[side], names)

    # Scouting rolls and their advantages
    log.phase = "scouting"
    for side in (0, 1):
        advantage = roll_scouting(battle, side, flights[side])
        if advantage.redeploy is not None:
            for ship in battle.state.fleet(side):
                if ship.status is Status.SCOUTING:
                    ship.status = Status.ACTIVE
            names = [s.name for s in battle.state.fleet(side)]
            _deploy(battle, side, zone_for(side, advantage.redeploy, table), pair[side], names)

    # Fight!
    while battle.state.turn < spec.turns:
        play_turn(battle, pair)
        if fleet_gone(battle, 0) or fleet_gone(battle, 1):
            log.emit("end", "A fleet has left the battle: the battle ends")
            break

    log.phase = "victory"
    levels = assess(battle, objectives)  # type: ignore[arg-type]
    win = winner_of(levels)
    vp = victory_points(battle)
    log.emit(
        "result",
        (f"{battle.side_name(win)} wins" if win is not None else "Draw")
        + f": {battle.side_name(0)} {levels[0].value} victory ({vp[0]} VP), "
        f"{battle.side_name(1)} {levels[1].value} victory ({vp[1]} VP)",
        side=battle.side_name(win) if win is not None else None,
    )
    return _report(spec, battle, objectives, levels, win)  # type: ignore[arg-type]


def _report(
    spec: BattleSpec,
    battle: Battle,
    objectives: tuple[Objective, Objective],
    levels: tuple[Victory, Victory],
    win: int | None,
) -> BattleReport:
    battle.log.flush_rolls()
    ships = tuple(
        ShipResult(
            name=s.name,
            side=battle.side_name(s.side),
            card=s.card.name,
            points=s.card.points,
            hull_start=s.hull_start,
            hull_end=s.hull,
            crippled=s.crippled,
            sunk=s.status is Status.SUNK,
            withdrew=s.status is Status.WITHDRAWN,
            exit_edge=battle.state.exits.get(s.name),
            scouting=s.status in (Status.SCOUTING, Status.RETURNING),
            criticals={a.value: v for a, v in s.criticals.items()},
            vitals=tuple(v.value for v in s.vitals),
        )
        for s in battle.state.ships.values()
    )
    return BattleReport(
        sides=battle.state.sides,
        objectives=(objectives[0].value, objectives[1].value),
        ships=ships,
        victory_points=victory_points(battle),
        victories=(levels[0].value, levels[1].value),
        winner=battle.side_name(win) if win is not None else None,
        turns_played=battle.state.turn,
        events=tuple(battle.log.events),
        seed=spec.seed,
        key=spec.key,
    )
