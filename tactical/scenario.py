"""The War at Sea scenario (000 "War at Sea"): fleet objectives, deployment, scouting, victory.

* Fleet objectives: each side rolls 2D6 on the Fleet Objective table (2-3 Destroy! high, 4 Breakout low, 5
  Defence Line low, 6 Attrition medium, 7 Sweep & Clear medium, 8 Domination medium, 9 Fighting Retreat low, 10
  Last Stand low, 11-12 Ultimate Enemy high, R-TAC-17); a high priority gives +10% fleet points, a low one -10%.
  Competitive battles use one of the five matched pairs instead.
* Deployment: a D10 roll-off (ties rolled again); the lower deploys its whole fleet first.  Side 0 deploys along
  the south edge, side 1 along the north edge, 36" apart (normal zones).
* Scouting: destroyers and cruisers set aside for scouting, and Observation Flights (Aircraft X gives X, R-TAC-16),
  each roll a D6 before the first turn: 5+ is a Scouting Point (Radar +1, Advanced Radar +2, and a failed die of
  such a ship is rolled again).  2+ points: +1 Initiative; 7+: redeploy in the enhanced zone (scouts rejoin);
  8+: +2 Initiative; 10+: redeploy in the superior zone (4+ deep deployment and Flights: carriers, later issue).
  Scouts still away roll a D6 in each End Phase: a 6 brings them back (:mod:`tactical.turn`).
* Victory: after 8 turns, or when a fleet has no ship left on the table (none due back); each side's objective
  gives a major, minor or no victory; major beats minor beats none, anything else is a draw.  "The number of
  ships required is rounded up and does not include scouts."  "Most victory points" means strictly more.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from scenarios.cards import ShipType
from tactical import events as ev
from tactical.geometry import DeploymentKind, DeploymentZone, Edge, Table
from tactical.state import Battle, ShipState, Status
from tactical.turn import roll_off

R_OBJ = "000 War at Sea: Fleet Objectives"
R_SCOUT = "000 War at Sea: Scouting"
HOME_EDGES = (Edge.SOUTH, Edge.NORTH)
"""Side 0 deploys along the south edge, side 1 along the north edge."""


class Objective(StrEnum):
    DESTROY = "Destroy!"
    BREAKOUT = "Breakout"
    DEFENCE_LINE = "Defence Line"
    ATTRITION = "Attrition"
    SWEEP_AND_CLEAR = "Sweep & Clear"
    DOMINATION = "Domination"
    FIGHTING_RETREAT = "Fighting Retreat"
    LAST_STAND = "Last Stand"
    ULTIMATE_ENEMY = "Ultimate Enemy"


class Priority(StrEnum):
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


OBJECTIVE_TABLE: dict[int, tuple[Objective, Priority]] = {
    2: (Objective.DESTROY, Priority.HIGH),
    3: (Objective.DESTROY, Priority.HIGH),
    4: (Objective.BREAKOUT, Priority.LOW),
    5: (Objective.DEFENCE_LINE, Priority.LOW),
    6: (Objective.ATTRITION, Priority.MEDIUM),
    7: (Objective.SWEEP_AND_CLEAR, Priority.MEDIUM),
    8: (Objective.DOMINATION, Priority.MEDIUM),
    9: (Objective.FIGHTING_RETREAT, Priority.LOW),
    10: (Objective.LAST_STAND, Priority.LOW),
    11: (Objective.ULTIMATE_ENEMY, Priority.HIGH),
    12: (Objective.ULTIMATE_ENEMY, Priority.HIGH),
}
"""000 Fleet Objective Table (2D6); the 11-12 row is Ultimate Enemy, high priority (R-TAC-17)."""

MATCHED_OBJECTIVES: tuple[tuple[Objective, Objective], ...] = (
    (Objective.ATTRITION, Objective.DESTROY),
    (Objective.ATTRITION, Objective.FIGHTING_RETREAT),
    (Objective.BREAKOUT, Objective.DEFENCE_LINE),
    (Objective.DESTROY, Objective.LAST_STAND),
    (Objective.SWEEP_AND_CLEAR, Objective.DEFENCE_LINE),
)
"""000 Competitive Battles: the matched objectives."""

EXIT_EDGE_OBJECTIVES = {
    Objective.BREAKOUT: "enemy",
    Objective.SWEEP_AND_CLEAR: "enemy",
    Objective.FIGHTING_RETREAT: "own",
}
"""Objectives won by moving half the fleet off a table edge: the opponent's or one's own."""


class Victory(StrEnum):
    MAJOR = "major"
    MINOR = "minor"
    NONE = "none"


RANK = {Victory.MAJOR: 2, Victory.MINOR: 1, Victory.NONE: 0}


def objective_for_roll(total: int) -> tuple[Objective, Priority]:
    """The Fleet Objective table: 2D6 total (2-12) -> objective and priority; ``ValueError`` otherwise."""
    if total not in OBJECTIVE_TABLE:
        raise ValueError(f"2D6 totals 2-12, not {total}")
    return OBJECTIVE_TABLE[total]


def roll_objective(battle: Battle, side: int) -> Objective:
    faces = battle.dice.roll(2, 6, label=f"{battle.side_name(side)} fleet objective", rule=R_OBJ)
    return objective_for_roll(sum(faces))[0]


def roll_matched_objectives(battle: Battle) -> tuple[Objective, Objective]:
    """Competitive battles: a D6 picks one of the five pairs (a 6 is rolled again), a D10 roll-off (ties again)
    gives its first objective to the winner (R-TAC-17)."""
    while True:
        face = battle.dice.d6(label="matched objectives", rule="000 Competitive Battles")
        if face <= len(MATCHED_OBJECTIVES):
            break
    first, second = MATCHED_OBJECTIVES[face - 1]
    winner = roll_off(battle, "objective roll-off", "000 Competitive Battles")
    return (first, second) if winner == 0 else (second, first)


# --------------------------------------------------------------------------- scouting


def can_scout(ship: ShipState) -> bool:
    """Only destroyers and cruisers may be committed to scouting (000 War at Sea: Scouting), and none anchored in
    a raided port (R-CARD-11)."""
    return ship.type in (ShipType.DESTROYER, ShipType.CRUISER) and not ship.anchored


def observation_flights(ships: list[ShipState]) -> int:
    """Observation Flights carried by the fleet: the X of each ship's Aircraft X (R-TAC-16)."""
    return sum(s.trait_value("Aircraft") for s in ships if s.has("Aircraft"))


def free_observation_flights(battle: Battle, side: int) -> int:
    """Observation Flights ``side`` may send scouting: those its active ships carry (none aboard a ship anchored in
    a raided port, R-CARD-11), less those already spotting targets or hunting submarines (000 War at Sea:
    Scouting; R-TAC-16)."""
    st = battle.state
    fleet = [s for s in st.fleet(side) if not s.is_installation and s.status is Status.ACTIVE and not s.anchored]
    return observation_flights(fleet) - len(st.spotted.get(side, [])) - st.sub_hunters.get(side, 0)


def scouting_refusal(battle: Battle, side: int, names: list[str], flights: int) -> tuple[str, str] | None:
    """``(rule, why)`` when ``side`` may not scout with the ships ``names`` and ``flights`` Observation Flights
    (000 War at Sea: Scouting), else ``None``."""
    st = battle.state
    free = free_observation_flights(battle, side)
    if flights > free or flights < 0:
        return "000 Observation Flights", f"{battle.side_name(side)} has {free} flight(s) to scout"
    fleet = [s for s in st.fleet(side) if not s.is_installation and s.status is Status.ACTIVE]
    if names and len(names) >= len(fleet):
        return "000 Scouting", "a fleet must keep at least one ship on the table"
    for name in names:
        scout = st.ships.get(name)
        if scout is None or scout.side != side or not can_scout(scout):
            return "000 Scouting", f"{name} cannot scout: only own destroyers and cruisers may"
    return None


def scout_die(battle: Battle, ship: ShipState | None, what: str) -> bool:
    """One scouting die: 5+ earns a point; Radar +1, Advanced Radar +2, and such a ship rolls a failure again."""
    bonus = 0
    reroll = False
    if ship is not None and ship.has("Advanced Radar"):
        bonus, reroll = 2, True
    elif ship is not None and ship.has("Radar"):
        bonus, reroll = 1, True
    face = battle.dice.d6(label=f"scouting: {what}", rule=R_SCOUT)
    if face + bonus < 5 and reroll:
        face = battle.dice.d6(label=f"scouting: {what} (radar re-roll)", rule=R_SCOUT)
    return face + bonus >= 5


@dataclass(frozen=True)
class ScoutingAdvantage:
    """000 Scouting Table for a number of Scouting Points."""

    points: int
    initiative_bonus: int
    redeploy: DeploymentKind | None
    deep_deployment: bool


def scouting_advantage(points: int) -> ScoutingAdvantage:
    bonus = 2 if points >= 8 else 1 if points >= 2 else 0
    redeploy = DeploymentKind.SUPERIOR if points >= 10 else DeploymentKind.ENHANCED if points >= 7 else None
    return ScoutingAdvantage(points, bonus, redeploy, points >= 4)


def roll_scouting(battle: Battle, side: int, flights: int) -> ScoutingAdvantage:
    """Roll for every scout of ``side`` (ships with ``scout`` set, and ``flights`` Observation Flights)."""
    points = 0
    for ship in battle.state.fleet(side):
        if ship.scout:
            points += scout_die(battle, ship, ship.name)
    for i in range(flights):
        points += scout_die(battle, None, f"{battle.side_name(side)} Observation Flight {i + 1}")
    advantage = scouting_advantage(points)
    battle.state.initiative_bonus[side] = advantage.initiative_bonus
    battle.log.emit(
        ev.ScoutingScored, side=battle.side_name(side), points=points,
        initiative_bonus=advantage.initiative_bonus,
        redeploy=advantage.redeploy.value if advantage.redeploy else None,
    )
    return advantage


def zone_for(side: int, kind: DeploymentKind, table: Table) -> DeploymentZone:
    return DeploymentZone(kind, HOME_EDGES[side], table)


# --------------------------------------------------------------------------- victory


def fleet_gone(battle: Battle, side: int) -> bool:
    """Nothing of ``side`` left in the battle: no ship or installation on the table, none due back from scouting,
    no hidden submarine or deep-deployed carrier, no MTB Section on the table and no Flight in the air."""
    st = battle.state
    in_play = (Status.ACTIVE, Status.RETURNING, Status.HIDDEN, Status.DEEP)
    if any(s.status in in_play and not s.is_installation for s in st.fleet(side)):
        return False
    if st.boats(side) or st.air(side):
        return False
    mobile = any(not s.is_installation for s in st.fleet(side))
    mobile = mobile or any(f.side == side for f in st.flights.values()) or any(m.side == side for m in st.mtbs.values())
    return mobile or not any(s.on_table for s in st.fleet(side))


def fleet_sunk(battle: Battle, side: int) -> bool:
    """No ship of ``side`` afloat: it had ships and every one is sunk (its installations aside when it has ships).
    How :func:`fleet_gone`'s end of the battle (000 The Turn) is told (R-UI-91)."""
    fleet = battle.state.fleet(side)
    ships = [s for s in fleet if not s.is_installation] or fleet
    return bool(ships) and all(s.status is Status.SUNK for s in ships)


def victory_points(battle: Battle) -> tuple[int, int]:
    """Victory points of each side: the sum of its ``vp`` events."""
    totals = [0, 0]
    for event in battle.log.of_type(ev.VictoryPoints):
        totals[battle.state.sides.index(event.side)] += event.vp
    return totals[0], totals[1]


def _off_edge(battle: Battle, side: int, edge: Edge) -> int:
    return sum(1 for s in battle.state.fleet(side) if battle.state.exits.get(s.name) == edge.value)


def _half_fleet(battle: Battle, side: int) -> int:
    return math.ceil(sum(1 for s in battle.state.fleet(side) if not s.scout and not s.is_installation) / 2)


def _quarters(battle: Battle, side: int) -> set[int]:
    table = battle.state.table
    return {table.quarter(s.pos) for s in battle.state.afloat(side) if s.pos is not None and not s.is_installation}


@dataclass(frozen=True)
class ObjectiveFacts:
    """What one side's objective was judged on at the end of the battle (000 War at Sea: Fleet Objectives), for
    the campaign's account of why a battle is won, lost or drawn: its victory points and the enemy's, its ships off
    the enemy's and its own table edge against half its fleet (rounded up, scouts left out), the quarters it holds
    alone, whether every enemy ship is crippled or sunk, whether it sank one, and the enemy's most valuable ship."""

    objective: str
    level: str
    vp: int
    enemy_vp: int
    off_enemy_edge: int
    off_own_edge: int
    half_fleet: int
    quarters: int
    enemy_all_crippled: bool
    sank_one: bool
    prize: str
    prize_sunk: bool


def objective_facts(battle: Battle, objectives: tuple[Objective, Objective],
                    levels: tuple[Victory, Victory]) -> tuple[ObjectiveFacts, ObjectiveFacts]:
    """Each side's :class:`ObjectiveFacts` (the same counts :func:`assess` judges by)."""
    vp = victory_points(battle)

    def facts(side: int) -> ObjectiveFacts:
        enemy = 1 - side
        foes = [s for s in battle.state.fleet(enemy) if not s.is_installation]
        prize = max(foes, key=lambda s: s.card.points, default=None)
        return ObjectiveFacts(
            objective=objectives[side].value, level=levels[side].value, vp=vp[side], enemy_vp=vp[enemy],
            off_enemy_edge=_off_edge(battle, side, HOME_EDGES[enemy]),
            off_own_edge=_off_edge(battle, side, HOME_EDGES[side]), half_fleet=_half_fleet(battle, side),
            quarters=len(_quarters(battle, side) - _quarters(battle, enemy)),
            enemy_all_crippled=bool(foes) and all(s.crippled or s.status is Status.SUNK for s in foes),
            sank_one=any(s.status is Status.SUNK for s in foes), prize=prize.name if prize else "",
            prize_sunk=prize is not None and prize.status is Status.SUNK)

    return facts(0), facts(1)


def assess(battle: Battle, objectives: tuple[Objective, Objective]) -> tuple[Victory, Victory]:
    """Each side's victory (major, minor, none) under its objective at the end of the battle."""
    vp = victory_points(battle)
    result: list[Victory | None] = [None, None]

    def most(side: int) -> bool:
        return vp[side] > vp[1 - side]

    def level(side: int) -> Victory:
        objective, enemy = objectives[side], 1 - side
        foes = [s for s in battle.state.fleet(enemy) if not s.is_installation]
        off_enemy_edge = _off_edge(battle, side, HOME_EDGES[enemy]) >= _half_fleet(battle, side)
        off_own_edge = _off_edge(battle, side, HOME_EDGES[side]) >= _half_fleet(battle, side)
        if objective is Objective.DESTROY:
            if foes and all(s.crippled or s.status is Status.SUNK for s in foes):
                return Victory.MAJOR
        elif objective is Objective.BREAKOUT:
            if off_enemy_edge:
                return Victory.MAJOR
        elif objective is Objective.DEFENCE_LINE:
            enemy_major = False if objectives[enemy] is Objective.DEFENCE_LINE else level(enemy) is Victory.MAJOR
            if most(side) and not enemy_major:
                return Victory.MAJOR
        elif objective is Objective.ATTRITION:
            if most(side) and vp[side] >= 1.5 * vp[enemy]:
                return Victory.MAJOR
        elif objective is Objective.SWEEP_AND_CLEAR:
            if off_enemy_edge:
                return Victory.MAJOR if most(side) else Victory.MINOR
            return Victory.NONE
        elif objective is Objective.DOMINATION:
            held = _quarters(battle, side) - _quarters(battle, enemy)
            return Victory.MAJOR if len(held) >= 3 else Victory.MINOR if len(held) >= 2 else Victory.NONE
        elif objective is Objective.FIGHTING_RETREAT:
            if off_own_edge and most(side):
                return Victory.MAJOR
        elif objective is Objective.LAST_STAND:
            if most(side) and any(s.status is Status.SUNK for s in foes):
                return Victory.MAJOR
        elif objective is Objective.ULTIMATE_ENEMY:
            prize = max(foes, key=lambda s: s.card.points, default=None)
            if prize is not None and prize.status is Status.SUNK:
                return Victory.MAJOR if most(side) else Victory.MINOR
            return Victory.NONE
        return Victory.MINOR if most(side) else Victory.NONE

    for side in (0, 1):
        result[side] = level(side)
    return result[0], result[1]  # type: ignore[return-value]


def winner_of(levels: tuple[Victory, Victory]) -> int | None:
    """The side whose victory ranks higher, or ``None`` for a draw."""
    a, b = RANK[levels[0]], RANK[levels[1]]
    if a == b:
        return None
    return 0 if a > b else 1
