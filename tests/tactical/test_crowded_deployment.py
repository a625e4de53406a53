"""Crowded tables (issue 13 item 2; R-TAC-67 with R-TAC-04 and R-TAC-07): deployment never fails for want of room.

Every ship, Flight, installation and hidden boat the campaign bridge (strategic/battles.py, battle_forces.py) can
send finds a legal place: bridges at least 1" apart, everything on the table, each side in its (possibly grown)
zone.  A placement that stacks nowhere is kept exactly as given.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from scenarios.models import Side, UnitType
from strategic.battle_forces import (
    air_flights,
    airfield_structures,
    human_torpedoes,
    port_defences,
    submarine_boats,
    with_sector,
)
from strategic.battles import TABLE_SHIPS, TacticalResolver
from strategic.campaign import Campaign
from strategic.combat import Battle as CampaignBattle
from strategic.narrate import describe
from strategic.state import Phase
from tactical import battle_events as ev
from tactical.ai import SimpleCaptain
from tactical.battle import BattleSpec, FleetSpec, ShipSpec, set_up
from tactical.card_generator import CardIndex
from tactical.dice import Dice
from tactical.geometry import (
    DeploymentKind,
    DeploymentZone,
    Edge,
    FreePlaces,
    Point,
    Table,
    distance,
)
from tactical.scenario import Objective, zone_for
from tactical.state import Battle, FlightStatus, Status
from tests.strategic.engine_helpers import game, port, sea
from tests.tactical.helpers import make_card

ALLIED_NATIONS = ("US", "UK", "FR", "AU", "SU", "NL")
YEARS = (1941, 1942, 1943, 1944)

STACKING = ev.DeployBlocked | ev.FormedAbreast | ev.MoveBlocked
"""The ways a crowded table moves a ship (R-TAC-07, R-TAC-67)."""


# --------------------------------------------------------------------------- the campaign's pieces


@dataclass
class Pieces:
    """The campaign's counters as the bridge would send them, per side (0 Allies, 1 Axis)."""

    campaign: Campaign
    index: CardIndex
    ships: tuple[list[str], list[str]]
    air: tuple[list[str], list[str]]
    subs: tuple[list[str], list[str]]


@pytest.fixture(scope="module")
def pieces(data) -> Pieces:
    campaign = Campaign.new(data, "standard", seed=1)
    ships: tuple[list[str], list[str]] = ([], [])
    air: tuple[list[str], list[str]] = ([], [])
    subs: tuple[list[str], list[str]] = ([], [])
    for unit in data.units.values():
        side = 0 if unit.nation in ALLIED_NATIONS else 1
        if unit.type in TABLE_SHIPS:
            ships[side].append(unit.name)
        elif unit.type is UnitType.LBA:
            air[side].append(unit.name)
        elif unit.type is UnitType.SS:
            subs[side].append(unit.name)
    return Pieces(campaign, CardIndex(data), ships, air, subs)


def test_the_largest_stacks_the_campaign_can_build(pieces: Pieces) -> None:
    """The sizes the property test must cover: every ship of a side in one port."""
    assert (len(pieces.ships[0]), len(pieces.ships[1])) == (135, 78)
    assert sum(1 for n in pieces.ships[0] if pieces.campaign.unit_record(n).nation == "UK") == 50
    assert sum(1 for n in pieces.ships[1] if pieces.campaign.unit_record(n).nation == "JP") == 54
    assert len(pieces.subs[1]) == 11 and len(pieces.air[0]) == 10 and len(pieces.air[1]) == 7


def _ship_specs(pieces: Pieces, names: Sequence[str], year: int, *, anchored: bool) -> list[ShipSpec]:
    return [ShipSpec(name=n, card=pieces.index.for_counter(n, year), anchored=anchored) for n in names]


def _rotated(names: list[str], start: int, count: int) -> list[str]:
    return [names[(start + i) % len(names)] for i in range(min(count, len(names)))]


@dataclass(frozen=True)
class Recipe:
    """What :func:`_build` puts on the table (drawn by hypothesis; short, so failures print readably)."""

    kind: str  # "raid" (on the ports of side ``defender``) or "sea"
    year: int
    captain: str  # "simple", "heap" or "scatter"
    seed: int
    ships: tuple[tuple[int, int], tuple[int, int]]  # per side: (first counter, how many), rotating
    air: tuple[tuple[int, int], tuple[int, int]]  # land-based air units, the same way
    subs: tuple[int, int]  # submarine counters per side (at sea)
    ports: tuple[str, ...] = ()  # raided ports (their AA emplacements)
    defender: int = 0
    chariots: bool = False


@st.composite
def recipes(draw: st.DrawFn, pieces: Pieces) -> Recipe:
    kind = draw(st.sampled_from(["raid", "sea"]))
    defender = draw(st.sampled_from([0, 1]))
    ships = tuple((draw(st.integers(0, len(pieces.ships[s]) - 1)), draw(st.integers(0, len(pieces.ships[s]))))
                  for s in (0, 1))
    air = tuple((draw(st.integers(0, 9)), draw(st.integers(0, 4))) for _ in (0, 1))
    ports: tuple[str, ...] = ()
    if kind == "raid":
        ships = tuple(ships[s] if s == defender else (0, 0) for s in (0, 1))
        raider = 1 - defender
        air = tuple((air[s][0], max(air[s][1], 1) if s == raider else min(air[s][1], 3)) for s in (0, 1))
        if ships[defender][1] == 0:
            air = tuple((air[s][0], max(air[s][1], 1)) for s in (0, 1))  # an airfield to raid
        ports = tuple(draw(st.lists(st.sampled_from(sorted(pieces.campaign.data.ports)), min_size=1, max_size=3,
                                    unique=True)))
    subs = (0, 0) if kind == "raid" else (draw(st.integers(0, len(pieces.subs[0]))),
                                          draw(st.integers(0, len(pieces.subs[1]))))
    return Recipe(kind=kind, year=draw(st.sampled_from(YEARS)), captain=draw(st.sampled_from(["simple", "heap",
                  "scatter"])), seed=draw(st.integers(0, 10_000)), ships=ships, air=air, subs=subs,  # type: ignore[arg-type]
                  ports=ports, defender=defender, chariots=draw(st.booleans()))


def _build(pieces: Pieces, recipe: Recipe) -> BattleSpec:
    """A battle as the bridge builds it: an air raid on a crowded port (72" x 48", the defenders anchored, the
    ports' AA emplacements and the airfields of the air units there, the raiders' Flights and chariots) or a battle
    at sea (the bridge's table width, submarines with their fleet, carriers with their Flights, land-based Flights,
    hidden chariots)."""
    campaign, year = pieces.campaign, recipe.year
    raid = recipe.kind == "raid"
    ships = [_ship_specs(pieces, _rotated(pieces.ships[s], *recipe.ships[s]), year, anchored=raid) for s in (0, 1)]
    air = [_rotated(pieces.air[s], *recipe.air[s]) for s in (0, 1)]
    flights = [f for s in (0, 1) for name in air[s] for f in air_flights(campaign, name, s, year)]
    boats = [b for s in (0, 1) for name in pieces.subs[s][:recipe.subs[s]]
             for b in submarine_boats(campaign, name, s, year)]
    installations = []
    if raid:
        defender = recipe.defender
        nation = "UK" if defender == 0 else "JP"
        installations = port_defences(campaign.data, list(recipe.ports), defender, 72.0, 48.0, nation)
        installations += airfield_structures({f"{n} airfield": 100 for n in air[defender]}, defender, 72.0, 48.0,
                                             nation)
        width = 72.0
    else:
        for s in (0, 1):
            for ship in ships[s]:
                if ship.card.has("Carrier") and campaign.unit_record(ship.name).air:
                    flights += air_flights(campaign, ship.name, s, year, carrier_card=ship.card)
            if not (ships[s] or air[s] or recipe.subs[s]):
                ships[s] = _ship_specs(pieces, pieces.ships[s][:1], year, anchored=False)
        width = float(min(200, max(72, 4 * max(len(s) for s in ships) + 24)))  # strategic/battles.py _sea_battle
    if recipe.chariots:
        boats += with_sector(human_torpedoes(campaign, "Italian Frogmen", 1, year), Table(width, 48.0))
    objective = Objective.ATTRITION if raid else None
    fleets = [FleetSpec(name=name, ships=ships[s], objective=objective, air_limit=False)
              for s, name in enumerate(("Allies", "Axis"))]
    return BattleSpec(sides=(fleets[0], fleets[1]), table_width=width, year=year, flights=flights,
                      submarines=boats, shore_batteries=installations, seed=recipe.seed)


class HeapCaptain(SimpleCaptain):
    """Puts every ship on the same spot in the middle of the zone (every ship but the first stacks)."""

    def deploy(self, battle: Battle, side: int, zone: DeploymentZone, ships: list[str]):
        main = zone.rects[0]
        spot = ((main.x0 + main.x1) / 2, (main.y0 + main.y1) / 2)
        return {name: (spot, zone.facing) for name in ships}


@dataclass
class ScatterCaptain(SimpleCaptain):
    """Puts every ship at a random spot of the zone's main strip (often within 1" of another)."""

    rng: random.Random | None = None

    def deploy(self, battle: Battle, side: int, zone: DeploymentZone, ships: list[str]):
        main = zone.rects[0]
        assert self.rng is not None
        return {name: ((self.rng.uniform(main.x0, main.x1), self.rng.uniform(main.y0, main.y1)), zone.facing)
                for name in ships}


def _captains(kind: str, seed: int) -> tuple[SimpleCaptain, SimpleCaptain] | None:
    if kind == "heap":
        return HeapCaptain(Objective.ATTRITION), HeapCaptain(Objective.ATTRITION)
    if kind == "scatter":
        rng = random.Random(seed)
        return ScatterCaptain(Objective.ATTRITION, rng=rng), ScatterCaptain(Objective.ATTRITION, rng=rng)
    return None


def _check_deployment(battle: Battle, spec: BattleSpec) -> None:
    """Everything the spec sent is in the battle; each deployed piece is on the table, in its side's (grown) zone,
    with no two bridges within 1"; the ships the engine set aside are clear of the installations too."""
    state = battle.state
    table = state.table
    sent = {s.name for f in spec.sides for s in f.ships} | {b.ship.name for b in spec.submarines}
    sent |= {i.name for i in spec.shore_batteries}
    assert set(state.ships) == sent and set(state.flights) == {f.name for f in spec.flights}
    afloat = [s for s in state.ships.values() if s.status is Status.ACTIVE and not s.is_installation]
    for ship in afloat:
        assert ship.pos is not None and table.contains(ship.pos), ship.name
        assert zone_for(ship.side, DeploymentKind.SUPERIOR, table).largest().contains(ship.pos), ship.name
    for a, b in combinations(afloat, 2):
        assert distance(a.pos, b.pos) >= 1.0 - 1e-9, (a.name, b.name, a.pos, b.pos)
    installations = [s for s in state.ships.values() if s.is_installation]
    for inst in installations:
        assert inst.pos is not None and table.contains(inst.pos) and inst.status is Status.ACTIVE
    for a, b in combinations(installations, 2):
        assert distance(a.pos, b.pos) >= 1.0, (a.name, b.name)
    moved = {e.ship for e in battle.log.of_type(ev.DeployBlocked | ev.MoveBlocked)}
    for name in [n for n in moved if battle.ship(n).status is Status.ACTIVE]:
        assert all(distance(battle.ship(name).pos, i.pos) >= 1.0 for i in installations), name
    for ship in state.ships.values():
        if ship.status is Status.HIDDEN:
            assert ship.pos is None and ship.sector is not None
            x0, y0, x1, y1 = table.sector_rect(ship.sector)
            assert 0 <= x0 < x1 <= table.width and 0 <= y0 < y1 <= table.height
        else:
            assert ship.status in (Status.ACTIVE, Status.SCOUTING, Status.DEEP), ship.name
    for flight in state.flights.values():
        if flight.status is FlightStatus.AIRBORNE:
            assert flight.pos is not None and table.contains(flight.pos), flight.name
            assert zone_for(flight.side, DeploymentKind.SUPERIOR, table).largest().contains(flight.pos)
        else:
            assert flight.status is FlightStatus.ABOARD and flight.aboard is not None
    for flight in spec.flights:
        if flight.carrier is None:  # R-TAC-29: every land-based Flight starts in the air
            assert state.flights[flight.name].status is FlightStatus.AIRBORNE
    for event in battle.log.of_type(ev.Deployed):
        assert [p[0] for p in event.positions] == list(event.ships)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(data=st.data())  # fmt: skip
def test_deployment_never_fails_on_a_crowded_table(pieces: Pieces, data: st.DataObject) -> None:
    """R-TAC-67: whatever the counts the bridge sends (up to every ship of a side in one port, with Flights,
    installations and hidden boats) and however the captain places them, deployment succeeds, legally."""
    recipe = data.draw(recipes(pieces))
    spec = _build(pieces, recipe)
    captain = recipe.captain
    ready = set_up(spec, _captains(captain, recipe.seed), dice=Dice(spec.seed))
    _check_deployment(ready.battle, spec)
    stacked = ready.battle.log.of_type(STACKING)
    if captain == "simple":
        assert stacked == []  # the AI's formation is legal as it stands
        table = ready.battle.state.table
        for ship in ready.battle.state.ships.values():  # and the campaign's stacks fit the zones of R-TAC-04
            if ship.status is Status.ACTIVE and not ship.is_installation:
                assert zone_for(ship.side, DeploymentKind.SUPERIOR, table).contains(ship.pos), ship.name
    if captain == "heap":
        on_table = [s for s in ready.battle.state.ships.values() if s.on_table and not s.is_installation]
        assert len(stacked) >= max(len([s for s in on_table if s.side == side]) - 1 for side in (0, 1))


# --------------------------------------------------------------------------- the zone and the formation


def test_a_zone_grows_along_the_edge_then_deeper_until_it_holds_the_fleet() -> None:
    """R-TAC-67: 48 a line, six lines in the 48" x 6" normal zone; then the whole 72" edge; then 1" deeper at a
    time, stopping 0.5" short of the centre line (1,728 ships a side on a 72" x 48" table)."""
    south = DeploymentZone(DeploymentKind.NORMAL, Edge.SOUTH)
    assert south.capacity() == 48 * 6 and south.holding(288) is south and not south.grown
    whole = south.holding(289)
    assert whole == DeploymentZone(DeploymentKind.NORMAL, Edge.SOUTH, whole_edge=True)
    assert whole.rects[0] == south.rects[0].__class__(0.0, 0.0, 72.0, 6.0) and whole.capacity() == 72 * 6
    deeper = south.holding(72 * 6 + 1)
    assert deeper.extra_depth == 1.0 and deeper.rects[0].y1 == 7.0 and deeper.capacity() == 72 * 7
    largest = south.largest()
    assert largest.extra_depth == 17.5 and largest.rects[0].y1 == 23.5 and largest.capacity() == 1728
    assert largest.grow() is None and south.holding(10_000) == largest
    north = DeploymentZone(DeploymentKind.NORMAL, Edge.NORTH).largest()
    assert north.rects[0].y0 == 24.5 and north.rects[0].y0 - largest.rects[0].y1 == 1.0  # the fleets stay apart
    assert largest.describe() == 'normal zone grown to the whole edge and 17.5" deeper (R-TAC-67)'
    assert south.describe() == "normal zone"
    superior = DeploymentZone(DeploymentKind.SUPERIOR, Edge.SOUTH)
    assert superior.grow() == DeploymentZone(DeploymentKind.SUPERIOR, Edge.SOUTH, extra_depth=1.0)


def test_one_line_while_it_is_legal_then_as_many_lines_as_needed() -> None:
    """R-TAC-67: the AI's line abreast is unchanged while it is legal (48 ships at 1" in the 48" strip), and splits
    into lines 1" to 2" apart, front line (towards the enemy) first, when it is not."""
    south = DeploymentZone(DeploymentKind.NORMAL, Edge.SOUTH)
    assert south.formation(48) == [south.line_abreast(48)]
    assert south.formation(6) == [[(26.0, 3.0), (30.0, 3.0), (34.0, 3.0), (38.0, 3.0), (42.0, 3.0), (46.0, 3.0)]]
    two = south.formation(50)
    assert [len(line) for line in two] == [25, 25]
    assert {p[1] for p in two[0]} == {4.0} and {p[1] for p in two[1]} == {2.0}  # the front line faces north
    assert two[0][0] == pytest.approx((36.0 - 12 * 1.92, 4.0)) and two[0][1][0] - two[0][0][0] == pytest.approx(1.92)
    north = DeploymentZone(DeploymentKind.NORMAL, Edge.NORTH).formation(50)
    assert {p[1] for p in north[0]} == {44.0} and {p[1] for p in north[1]} == {46.0}
    crowd = south.formation(288)
    assert len(crowd) == 6 and all(len(line) == 48 for line in crowd)
    points = [p for line in crowd for p in line]
    assert all(south.contains(p) for p in points)
    assert min(distance(a, b) for a, b in combinations(points, 2)) >= 1.0
    assert sorted({p[1] for p in points}) == pytest.approx([0.0, 1.2, 2.4, 3.6, 4.8, 6.0])


def test_the_ai_puts_the_heaviest_ships_in_the_centre_of_the_front_line() -> None:
    spec = BattleSpec(sides=(
        FleetSpec(name="Blue", ships=[ShipSpec(name=f"B{i:02}", card=make_card(f"B{i:02}", points=100 + i))
                                      for i in range(60)], objective=Objective.ATTRITION),
        FleetSpec(name="Red", ships=[ShipSpec(name="R", card=make_card("R"))], objective=Objective.ATTRITION),
    ), seed=3)  # fmt: skip
    battle = set_up(spec).battle
    assert battle.log.of_type(STACKING) == []
    blue = {n: s.pos for n, s in battle.state.ships.items() if s.side == 0}
    assert blue["B59"] == pytest.approx((36.0 - 0.5 * 1.6, 4.0))  # the heaviest: front line, centre (30 at 1.6")
    assert {p[1] for p in blue.values()} == {2.0, 4.0}
    assert sum(1 for p in blue.values() if p[1] == 4.0) == 30
    assert all(blue[f"B{i:02}"][1] == 4.0 for i in range(30, 60))  # the thirty heaviest in front
    deploy = next(e for e in battle.log.of_type(ev.Deployed) if e.side == "Blue")
    assert deploy.zone == "normal zone"


# --------------------------------------------------------------------------- the rules code


class _Placed(SimpleCaptain):
    def __init__(self, where: dict[str, Point]) -> None:
        super().__init__(Objective.ATTRITION)
        self.where = where

    def deploy(self, battle, side, zone, ships):
        return {name: (self.where[name], zone.facing) for name in ships}


def _two_sides(blue: list[str], red: list[str], **kw) -> BattleSpec:
    return BattleSpec(sides=tuple(
        FleetSpec(name=name, ships=[ShipSpec(name=n, card=make_card(n)) for n in ships], objective=Objective.ATTRITION)
        for name, ships in (("Blue", blue), ("Red", red))
    ), **kw)  # fmt: skip


def test_a_ship_put_on_another_is_set_at_the_nearest_free_place() -> None:
    """R-TAC-07 at deployment (R-TAC-67): not refused; the first ship keeps its place, the second goes to the
    nearest point 1" from it (on the 1/4" grid), logged; the legal third stays exactly where it was put."""
    where = {"A": (36.0, 3.0), "B": (36.5, 3.0), "C": (40.1, 2.2), "R": (36.0, 45.0)}
    spec = _two_sides(["A", "B", "C"], ["R"], seed=2)
    battle = set_up(spec, (_Placed(where), _Placed(where))).battle
    assert battle.ship("A").pos == (36.0, 3.0)
    assert battle.ship("B").pos == (37.0, 3.0)
    assert battle.ship("C").pos == (40.1, 2.2)
    assert battle.ship("R").pos == (36.0, 45.0)
    [event] = battle.log.of_type(STACKING)
    assert isinstance(event, ev.DeployBlocked) and (event.blocker, event.at) == ("A", (37.0, 3.0))
    assert event.ship == "B" and event.text == "B may not deploy on A: set at (37.00, 3.00) (R-TAC-07, R-TAC-67)"


def test_a_ship_put_outside_its_zone_is_still_refused() -> None:
    """000 Deployment: a ship outside the zone is a wrong order, not a crowded table."""
    from tactical.orders import IllegalOrder

    where = {"A": (36.0, 3.0), "B": (36.0, 20.0), "R": (36.0, 45.0)}
    with pytest.raises(IllegalOrder, match="outside the normal zone"):
        set_up(_two_sides(["A", "B"], ["R"]), (_Placed(where), _Placed(where)))


def test_free_places_grow_the_zone_when_it_is_full() -> None:
    """A strip 1" deep on a 40" x 38" table; every grid point is taken: the next ship goes to the grown zone."""
    zone = DeploymentZone(DeploymentKind.ENHANCED, Edge.SOUTH, Table(40.0, 38.0))
    assert zone.rects[0] == zone.rects[0].__class__(0.0, 0.0, 40.0, 1.0)
    bridges = [(float(x), 0.0) for x in range(0, 41)] + [(x + 0.5, 1.0) for x in range(0, 40)]
    free = FreePlaces(zone, bridges)
    spot = free.nearest((20.0, 0.5))
    assert free.zone.extra_depth == 1.0 and spot == (20.0, 2.0)  # 1" clear of (19.5, 1) and (20.5, 1)
    assert all(distance(spot, b) >= 1.0 for b in bridges)


def test_a_captain_leaving_no_free_place_gets_its_fleet_formed_in_lines() -> None:
    """The last resort of R-TAC-67: ships kept 1.4" apart leave no grid point 1" clear anywhere in the largest
    zone of a 40" x 38" table (760 ships a side), so the fleet is formed in lines abreast across it."""
    table = Table(40.0, 38.0)
    largest = zone_for(0, DeploymentKind.NORMAL, table).largest()
    assert largest.capacity() == 40 * 19 == 760
    main = largest.rects[0]
    lattice = [(main.x0 + 1.4 * i, main.y0 + 1.4 * j) for i in range(29) for j in range(14)]
    names = [f"S{i:03}" for i in range(760)]
    where = {n: lattice[i] if i < len(lattice) else lattice[0] for i, n in enumerate(names)}
    where["R"] = (20.0, 37.0)
    card = make_card("S")
    spec = BattleSpec(sides=(
        FleetSpec(name="Blue", ships=[ShipSpec(name=n, card=card) for n in names], objective=Objective.ATTRITION),
        FleetSpec(name="Red", ships=[ShipSpec(name="R", card=card)], objective=Objective.ATTRITION),
    ), table_width=40.0, table_height=38.0, seed=1)  # fmt: skip
    battle = set_up(spec, (_Placed(where), _Placed(where))).battle
    formed = battle.log.of_type(ev.FormedAbreast)
    assert len(formed) == 1
    assert formed[0].zone.endswith('normal zone grown to the whole edge and 17.5" deeper (R-TAC-67)')
    positions = [battle.ship(n).pos for n in names]
    assert positions == [p for line in largest.formation(760) for p in line]  # in the captain's order
    assert all(largest.contains(p) for p in positions)
    pts = np.asarray(positions, dtype=float)
    gaps = np.hypot(*(pts[:, None, :] - pts[None, :, :]).transpose(2, 0, 1)) + np.eye(760) * 99
    assert gaps.min() >= 1.0 and gaps.min() == pytest.approx(1.0)


def test_more_ships_than_the_table_holds_is_a_spec_error() -> None:
    card = make_card("S")
    blue = FleetSpec(name="Blue", ships=[ShipSpec(name=f"S{i}", card=card) for i in range(761)])
    red = FleetSpec(name="Red", ships=[ShipSpec(name="R", card=card)])
    with pytest.raises(ValidationError, match=r'Blue deploys 761 ships and submarines: a 40" x 38" table holds 760'):
        BattleSpec(sides=(blue, red), table_width=40.0, table_height=38.0)
    assert BattleSpec(sides=(blue.model_copy(update={"ships": blue.ships[:760]}), red), table_width=40.0,
                      table_height=38.0).sides[0].ships[-1].name == "S759"


def test_a_crowded_fleet_fights_on_after_deploying() -> None:
    """Crowded ships in two lines fight the battle through (movement keeps them apart, R-TAC-07)."""
    from tactical.battle import resolve

    report = resolve(_two_sides([f"B{i}" for i in range(55)], ["R1", "R2"], seed=5, turns=2))
    assert report.turns_played >= 1 and len(report.ships) == 57
    deploy = next(e for e in report.events if isinstance(e, ev.Deployed) and e.side == "Blue")
    rows = {round(p[2], 6) for p in deploy.positions}
    assert rows == {2.0, 4.0}


# --------------------------------------------------------------------------- through the campaign bridge


def _raid(data, port_name: str, area: str, raiders: tuple[str, ...], nations: set[str], *, seed: int, turn: int):
    campaign = game(data, turn=turn, phase=Phase.COMBAT)
    campaign.dice = Dice(seed)
    campaign.state.seed = seed
    in_port = [u.name for u in data.units.values() if u.nation in nations and u.type in TABLE_SHIPS]
    for name in in_port:
        port(campaign, name, port_name)
    for name in raiders:
        sea(campaign, name, area)
    allied = campaign.state.unit(raiders[0]).side is Side.ALLIED
    battle = CampaignBattle(area, data.areas[area].theatre, raiders if allied else (), () if allied else raiders,
                            tuple(in_port))
    resolver = TacticalResolver(keep_reports=True)
    outcome = resolver.resolve(campaign, battle)
    return campaign, resolver, outcome, in_port


def test_the_crowded_england_air_raid_is_fought(data) -> None:
    """Issue 13: an air raid on England holding all fifty British ships stopped the campaign with "IllegalOrder:
    000 Moving Ships: ... would stack on another ship (R-TAC-07)".  Now the fifty lie in two lines of 25, 2" apart
    and clear of the two AA emplacements, and the raid is fought and comes back to the counters."""
    campaign, resolver, outcome, in_port = _raid(data, "England", "South Atlantic", ("Axis LBA",), {"UK"}, seed=1,
                                                 turn=4)
    assert len(in_port) == 50
    [fought] = resolver.battles
    assert fought.kind == "air raid" and len(fought.spec.sides[0].ships) == 50
    assert all(s.anchored for s in fought.spec.sides[0].ships)
    assert [i.name for i in fought.spec.shore_batteries] == ["England AA 1", "England AA 2"]
    deploy = next(e for e in fought.report.events if isinstance(e, ev.Deployed) and e.side == "Allies")
    positions = {name: (x, y) for name, x, y, _ in deploy.positions}
    assert set(positions) == set(in_port) and deploy.text == "Allies deploys 50 ship(s) in its normal zone"
    assert sorted({y for _, y in positions.values()}) == [2.0, 4.0]
    assert sum(1 for _, y in positions.values() if y == 4.0) == 25
    assert min(distance(a, b) for a, b in combinations(positions.values(), 2)) == pytest.approx(1.92)
    for inst in fought.spec.shore_batteries:
        assert min(distance(p, inst.pos) for p in positions.values()) >= 1.0
    assert not [e for e in fought.report.events if isinstance(e, STACKING) and e.turn == 0]
    assert fought.report.turns_played >= 1
    assert any("Tactical air raid on England from South Atlantic" in describe(e) for e in campaign.state.events)
    sunk = {s.name for s in fought.report.ships if s.sunk}
    assert {r.name for r in outcome.results if r.sunk} == sunk & set(in_port)


def test_every_japanese_ship_in_japan_raided_by_the_american_carriers(data) -> None:
    """The largest Axis stack: all 54 Japanese ships in Yokosuka, raided by American carriers from the Japanese
    Islands (VITP 4.8: the carriers' Flights fly in as if land-based, R-CARD-11)."""
    carriers = ("Enterprise", "Yorktown")
    _, resolver, outcome, in_port = _raid(data, "Yokosuka Navy Yard", "Japanese Islands", carriers, {"JP"},
                                          seed=2, turn=5)
    assert len(in_port) == 54
    [fought] = resolver.battles
    assert fought.kind == "air raid" and len(fought.spec.sides[1].ships) == 54
    deploy = next(e for e in fought.report.events if isinstance(e, ev.Deployed) and e.side == "Axis")
    positions = [(x, y) for _, x, y, _ in deploy.positions]
    assert sorted({y for _, y in positions}) == [44.0, 46.0]  # north edge: the front line faces south
    assert min(distance(a, b) for a, b in combinations(positions, 2)) >= 1.0
    assert all(f.carrier is None for f in fought.spec.flights) and len(fought.spec.flights) > 0
    assert fought.report.turns_played >= 1
    assert {r.name for r in outcome.results} <= set(in_port) | set(carriers)
