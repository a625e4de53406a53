"""What a battle comes to (DESIGN.md "Four rooms, one door"): :class:`BattleReport`, with a :class:`ShipResult`
per ship (submarines and installations included) and a :class:`FlightResult` per Flight and MTB Section, the
victory points, each side's victory, the winner and the full event log; :func:`report_of` reads it off a battle
that is over.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tactical.battle_spec import BattleSpec
from tactical.events import Event
from tactical.narrate import victory_words
from tactical.scenario import Objective, ObjectiveFacts, Victory, objective_facts, victory_points
from tactical.state import Battle, Status


@dataclass(frozen=True)
class ShipResult:
    """How one ship (or submarine, or installation) came out of the battle."""

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
    type: str = "ship"
    aground: bool = False

    @property
    def hull_lost(self) -> int:
        return self.hull_start - self.hull_end


@dataclass(frozen=True)
class FlightResult:
    """How one Flight (or MTB Section, ``kind == "mtb"``) came out: ``fate`` is ``airborne``, ``aboard``,
    ``destroyed``, ``lost`` (with its carrier), ``spent`` (kamikaze), ``left`` (flew off the table); for MTB
    Sections ``active``, ``sunk``."""

    name: str
    side: str
    aircraft: str
    carrier: str | None
    points: int
    fate: str
    kind: str = "flight"

    @property
    def lost(self) -> bool:
        return self.fate in ("destroyed", "lost", "spent", "sunk")


@dataclass(frozen=True)
class BattleReport:
    """The result of :func:`resolve` (DESIGN.md): ships, Flights and MTB Sections, the names of the Flights lost,
    victory points, victories, winner (``None``: a draw), turns played and the full event log."""

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
    flights: tuple[FlightResult, ...] = ()
    mtbs: tuple[FlightResult, ...] = ()
    conditions: dict[str, Any] = field(default_factory=dict)
    objective_facts: tuple[ObjectiveFacts, ...] = ()  # each side's, as judged (000 War at Sea: Fleet Objectives)

    def ship(self, name: str) -> ShipResult:
        for s in self.ships:
            if s.name == name:
                return s
        raise KeyError(f"no ship {name} in this battle")

    def flight(self, name: str) -> FlightResult:
        for f in (*self.flights, *self.mtbs):
            if f.name == name:
                return f
        raise KeyError(f"no Flight or MTB Section {name} in this battle")

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
            "conditions": dict(self.conditions),
            "ships": [{**s.__dict__, "vitals": list(s.vitals), "hull_lost": s.hull_lost} for s in self.ships],
            "flights": [{**f.__dict__} for f in self.flights],
            "flights_lost": list(self.flights_lost),
            "mtbs": [{**m.__dict__} for m in self.mtbs],
            "events": [e.to_json() for e in self.events],
        }

    def summary(self) -> list[str]:
        """The report as text lines."""
        lines = [
            f"Result after {self.turns_played} turn(s): "
            + (f"{self.winner} wins" if self.winner else "a draw")
            + " ("
            + ", ".join(victory_words(side, level) for side, level in zip(self.sides, self.victories, strict=True))
            + ")",
            f"Objectives: {self.sides[0]} {self.objectives[0]}; {self.sides[1]} {self.objectives[1]}",
            f"Victory points: {self.sides[0]} {self.victory_points[0]}, {self.sides[1]} {self.victory_points[1]}",
        ]
        pieces: tuple[ShipResult | FlightResult, ...] = (*self.ships, *self.flights, *self.mtbs)
        width = max(len(s.side) for s in pieces)
        name_width = max(len(s.name) for s in pieces)
        for s in self.ships:
            fate = (
                ("destroyed" if s.type == "installation" else "sunk")
                if s.sunk
                else f"withdrew ({s.exit_edge} edge)"
                if s.withdrew
                else "still scouting"
                if s.scouting
                else "aground"
                if s.aground
                else "crippled"
                if s.crippled
                else "afloat"
                if s.type != "installation"
                else "standing"
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
        for f in (*self.flights, *self.mtbs):
            lines.append(f"  {f.side:<{width}}  {f.name:<{name_width}}  {f.aircraft:<12} {f.fate}")
        if self.flights:
            lines.append(f"Flights lost: {len(self.flights_lost)}" + (f" ({', '.join(self.flights_lost)})" if
                                                                         self.flights_lost else ""))  # fmt: skip
        return lines


def report_of(
    spec: BattleSpec,
    battle: Battle,
    objectives: tuple[Objective, Objective],
    levels: tuple[Victory, Victory],
    win: int | None,
) -> BattleReport:
    battle.log.flush_rolls()
    st = battle.state
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
            exit_edge=st.exits.get(s.name),
            scouting=s.status in (Status.SCOUTING, Status.RETURNING),
            criticals={a.value: v for a, v in s.criticals.items()},
            vitals=tuple(v.value for v in s.vitals),
            type=s.type.value if s.is_installation or s.is_submarine else "ship",
            aground=s.aground,
        )
        for s in st.ships.values()
    )
    flights = tuple(
        FlightResult(
            name=f.name,
            side=battle.side_name(f.side),
            aircraft=f.card.name,
            carrier=f.carrier,
            points=f.card.points,
            fate=f.status.value,
        )
        for f in st.flights.values()
    )
    boats = tuple(
        FlightResult(
            name=m.name,
            side=battle.side_name(m.side),
            aircraft=m.card.name,
            carrier=None,
            points=m.card.points,
            fate="sunk" if m.status is Status.SUNK else "active",
            kind="mtb",
        )
        for m in st.mtbs.values()
    )
    return BattleReport(
        sides=st.sides,
        objectives=(objectives[0].value, objectives[1].value),
        ships=ships,
        victory_points=victory_points(battle),
        victories=(levels[0].value, levels[1].value),
        winner=battle.side_name(win) if win is not None else None,
        turns_played=st.turn,
        events=tuple(battle.log.events),
        seed=spec.seed,
        key=spec.key,
        flights_lost=tuple(f.name for f in st.flights.values() if f.lost),
        flights=flights,
        mtbs=boats,
        objective_facts=objective_facts(battle, objectives, levels),
        conditions={
            "time_of_day": st.time_of_day,
            "weather": st.weather,
            "wind": st.wind,
            "options": spec.options.active(),
        },
    )
