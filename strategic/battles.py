"""The bridge between the campaign and the tactical engine (DESIGN.md "Four rooms, one door"; issue 7).

:class:`TacticalResolver` (name ``tactical``) implements :class:`strategic.combat.BattleResolver`: a campaign
battle becomes one or two :class:`~tactical.battle.BattleSpec` (a battle at sea, then an air raid on the ports
touching the area), each fought by :func:`tactical.battle.resolve`, and the
:class:`~tactical.battle.BattleReport` comes back as campaign results.  The rulings are R-CARD-03 to R-CARD-12 in
``docs/rulings.md``; what each counter puts on the table is :mod:`strategic.battle_forces`:

* **Who fights at sea** (R-CARD-03): every surface ship of both sides at sea in the area (battleships,
  battlecruisers, pocket battleships, carriers, cruisers, the War at Sea convoys, and the German surface raiders as
  the civilian armed merchant cruisers of their cards) with its card for the year; the carriers' air groups and the
  land-based air units as Flights (R-CARD-09); U-Boats, the I-Boat and the F-Boat as submarines (R-CARD-10).  A
  side may be all aircraft or all submarines (000: a fleet needs something to fight with).  The campaign's air
  units are its own forces, so the quarter-points limit on Flights not based on carriers is waived (000 Aircraft:
  "as the scenario allows").  The landing units are on the table as transports (civilian cards); the Italian
  Frogmen as human torpedoes hidden where the enemy deploys or lies at anchor, used up once on the table
  (R-CARD-13).
* **Air raids on ports and the surprise attacks** (R-CARD-11): the raiding side's Flights (its carriers stay off
  the table, their Flights flying in as if land-based) against the enemy ships in the ports, anchored, with the
  ports' AA emplacements and the defenders' land-based air in those ports; a surprise attack (VITP 18; 002 §5.72)
  has no defending Flights and no emplacements (caught unready).  A raid follows a battle at sea when one side has
  nothing left in the area (VITP 4.8).
* **Landings** (R-CARD-12): a landing unit sunk on the table is eliminated (it returns, VITP 4.5); after the
  battle, those of a side that was not beaten, afloat and whole, may land or invade by the classic procedure
  (VITP 4.9); a beaten side's landing units withdraw with it.  A landing with nobody to fight is the
  ``fallback``'s (the classic rules), logged as such, as would be a battle in which a side had nothing the table
  can hold (no counter type is left out any more); with ``fallback=None`` nothing happens in them.
* **Damage in and out** (R-CARD-04, R-CARD-07): ``d`` damage points against defence ``D`` enter as
  ``floor(d x Hull / (D + 1))`` Hull lost; afloat, ``min(D, ceil(L x (D + 1) / Hull)) - d`` points come back for
  ``L`` Hull lost in all; sunk -> sunk; crippled -> disabled (back to port; in port it stays); left the table ->
  withdrew (back to port); the beaten side's other units withdraw (back to port); on a draw both sides stay.
* **Time, weather, objectives** (R-CARD-05, R-CARD-06): the year from the turn (:func:`campaign_year`); VITP:
  day or night as the sides declare (Japan first; a die decides a disagreement with the faces of
  ``vitp-day-night-japan-faces``); War at Sea: night on a die roll of 1-2; bad weather on a 6.  Fleet objectives
  from the strategic situation (:func:`objectives`); raids are fought for Attrition by both sides.

Every die of the battle comes from ``campaign.dice.spawn(turn, battle_no)`` (``battle_no``: the area's place in
the data, 1-based, as each area is fought at most once a turn; its raid from ``spawn(turn, battle_no, 2)``), so a
battle replays the same whatever ran before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from scenarios.models import Side, Theatre, UnitType
from strategic.battle_facts import counter_fates, objective_checks
from strategic.battle_forces import (
    air_flight_count,
    air_flights,
    air_group_points,
    air_losses,
    airfield_structures,
    damage_points_for,
    full_air_strength,
    hull_lost_for,
    human_torpedoes,
    port_defences,
    submarine_boats,
    with_sector,
)
from strategic.classic.resolver import ClassicResolver
from strategic.classic.scripts import battle_key
from strategic.combat import Battle, BattleOutcome, Landing, UnitResult, raidable, raids_ports
from strategic.commanders import SIDE_INDEX, TableSeats
from strategic.events import BattleFought, BattleHandedOver, BattleNote, Force, LeftOut
from strategic.narrate import describe, force_words
from strategic.rule_options import battle_options
from strategic.state import Mode, UnitStatus
from strategic.table_steps import TableStepsPolicy, table_declaration
from tactical import (
    BattleReport,
    BattleSpec,
    CardIndex,
    FleetSpec,
    FlightSpec,
    Objective,
    RuleOptions,
    ShipSpec,
    SubmarineSpec,
    Table,
    resolve,
)

if TYPE_CHECKING:
    from scenarios.loader import CampaignData
    from strategic.campaign import Campaign
    from strategic.combat import BattleResolver

__all__ = ["TacticalBattle", "TacticalResolver", "campaign_year", "damage_points_for", "forces_text", "hull_lost_for",
           "objectives"]

RULE_IN = "R-CARD-03"
RULE_DAMAGE = "R-CARD-04"
RULE_TIME = "R-CARD-05"
RULE_OBJECTIVES = "R-CARD-06"
RULE_RESULTS = "R-CARD-07"
RULE_RAIDS = "R-CARD-11"
RULE_LANDINGS = "R-CARD-12"

TABLE_SHIPS = frozenset({UnitType.BB, UnitType.BC, UnitType.PB, UnitType.CV, UnitType.CVL, UnitType.CA, UnitType.CL,
                         UnitType.CONVOY, UnitType.RAIDER, UnitType.AMPH})
"""Counter types that fight on the table as ships: the surface warships, the War at Sea convoys, the German
surface raiders (armed merchant cruisers) and the landing units (transports), the last three on civilian cards."""

HOLDING_SHIPS = TABLE_SHIPS - {UnitType.CONVOY, UnitType.AMPH}
"""The counters whose presence drives a beaten fleet out of the area (R-CARD-14): warships and surface raiders; not
convoys and landing units, nor aircraft and submarines (neither drives surface ships out of a sea area in War at Sea
or Victory in the Pacific: they only damage them)."""

LEFT_OUT_REASONS: dict[UnitType, str] = {}
"""Counter types that never go on the table, with the reason logged (none since the Frogmen, R-CARD-13)."""

YEAR_OF_TURN = {1: 1941, 2: 1941, 3: 1941, 4: 1942, 5: 1942, 6: 1942, 7: 1943, 8: 1943, 9: 1944, 10: 1944}
"""R-CARD-05: the year whose refits apply on each combined turn, the year in which the turn begins (R-PAC-01:
VITP turn 1 = combined 3 = December 1941, ... VITP 8 = combined 10 = July-December 1944; War at Sea turns 1-2 are
1941, the year of the 002 chart's starting forces)."""

WAS_NIGHT_FACES = (1, 2)
"""War at Sea: a battle is fought at night on these faces of one die (R-CARD-05)."""

BAD_WEATHER_FACES = (6,)
"""Bad weather on these faces of one die (R-CARD-05)."""

SIDE_NAMES = {Side.ALLIED: "Allies", Side.AXIS: "Axis"}


def other_side(side: Side) -> Side:
    return Side.AXIS if side is Side.ALLIED else Side.ALLIED


def campaign_year(turn: int) -> int:
    """The year of the refits that apply on combined turn ``turn`` (R-CARD-05)."""
    return YEAR_OF_TURN[min(max(turn, 1), 10)]


def battle_number(data: CampaignData, area: str) -> int:
    """The spawn-key battle number of an area: its 1-based place in the data (each area is fought once a turn)."""
    return list(data.areas).index(area) + 1


@dataclass
class TacticalBattle:
    """A fought battle: where, when, what went in and out, and the engine's report; ``kind`` is ``battle`` (at
    sea), ``air raid`` or ``surprise attack``."""

    area: str
    turn: int
    year: int
    spec: BattleSpec
    report: BattleReport
    left_out: dict[str, str]
    notes: list[str]
    kind: str = "battle"
    ports: tuple[str, ...] = ()  # the ports an air raid or surprise attack struck


@dataclass
class _Table:
    """One side's pieces for one tactical battle, and which campaign counter each piece stands for."""

    ships: list[ShipSpec] = field(default_factory=list)
    flights: list[FlightSpec] = field(default_factory=list)
    boats: list[SubmarineSpec] = field(default_factory=list)
    counter_of: dict[str, str] = field(default_factory=dict)
    air_units: dict[str, int] = field(default_factory=dict)  # counter -> Flights flown
    chariots: set[str] = field(default_factory=set)  # human torpedoes, hidden once the table is known (R-CARD-13)

    def boats_on(self, table: Table) -> list[SubmarineSpec]:
        """The submarines, the human torpedoes hidden in their Sector of ``table``."""
        hidden = with_sector([b for b in self.boats if b.ship.name in self.chariots], table)
        return [b for b in self.boats if b.ship.name not in self.chariots] + hidden

    def __bool__(self) -> bool:
        return bool(self.ships or self.flights or self.boats)

    def points(self) -> int:
        return (sum(s.card.points for s in self.ships) + sum(f.aircraft.points for f in self.flights)
                + sum(b.ship.card.points for b in self.boats))

    def counters(self) -> list[str]:
        return list(dict.fromkeys(self.counter_of.values()))


@dataclass
class TacticalResolver:
    """Campaign battles fought as *Victory at Sea* battles (module docstring).  ``fallback`` fights what the table
    cannot (a side with nothing for the table, a landing with nobody to fight); ``keep_reports`` keeps each
    :class:`TacticalBattle` in :attr:`battles` (full event logs: memory grows until the caller clears it)."""

    fallback: BattleResolver | None = None
    use_fallback: bool = True
    keep_reports: bool = False
    turns: int = 8
    battles: list[TacticalBattle] = field(default_factory=list)
    name: str = "tactical"
    _index: tuple[int, CardIndex] | None = field(default=None, init=False, repr=False)
    _seats: TableSeats = field(init=False, repr=False)  # the captains of the battle being fought (issue #16)
    _classic: Any = field(default=None, init=False, repr=False)  # its classic steps' seats (R-UI-70)
    _fell_back: bool = field(default=False, init=False, repr=False)  # fought by the fallback

    def __post_init__(self) -> None:
        if self.fallback is None and self.use_fallback:
            self.fallback = ClassicResolver()

    def order_battles(self, campaign: Campaign, areas: list[str]) -> list[str]:
        """The fallback's battle order (the Axis orders War at Sea battles, Japan VITP ones), else data order."""
        order = getattr(self.fallback, "order_battles", None)
        return list(order(campaign, areas)) if order else list(areas)

    def _keep(self, fought: TacticalBattle) -> None:
        """Keep ``fought``'s report, in place of any of the same engagement (its spec's key): a battle taken back
        and fought again (a human's answers, issues 15 and 16) is listed once, as last fought."""
        self.battles = [b for b in self.battles if b.spec.key != fought.spec.key] + [fought]

    def cards(self, data: CampaignData) -> CardIndex:
        if self._index is None or self._index[0] != id(data):
            self._index = (id(data), CardIndex(data))
        return self._index[1]

    # ---------------------------------------------------------------------------------------------- resolve

    def resolve(self, campaign: Campaign, battle: Battle) -> BattleOutcome:
        """Fight ``battle`` (module docstring) and return what happened to each counter.  The classic decisions
        of a battle on the table (run or fight, landings, retreat ports) are asked of the same seats as in a
        classic battle, a human commander's included (R-UI-70); forces that run are fought by the fallback."""
        self._seats = TableSeats(campaign, battle, battle_key(battle))
        fallback: Any = self.fallback
        self._classic = fallback.step_seats(campaign, battle, TableStepsPolicy()) \
            if hasattr(fallback, "step_seats") else None
        if battle.run_or_fight and hasattr(fallback, "runs_only") and fallback.runs_only(campaign, battle,
                                                                                        self._classic):
            return self._fall_back(campaign, battle, "the Allies run before the first round (002 §5.751; R-UI-70)")
        self._fell_back = False
        outcome = self._fight(campaign, battle)
        if not self._fell_back:  # the fallback's battle has had its own retreat step
            self._retreats(campaign, battle, outcome)
        return outcome

    def _retreats(self, campaign: Campaign, battle: Battle, outcome: BattleOutcome) -> None:
        """R-OPS-48: the ports of the units that left the battle at sea (withdrawn or disabled), chosen by the
        classic retreat step of the fallback resolver, whose policies decide (as for landings, R-CARD-12)."""
        fallback = self.fallback
        if fallback is None or not hasattr(fallback, "retreat_ports_only"):
            return
        state = campaign.state
        leaving = {side: [r.name for r in outcome.results if state.unit(r.name).side is side
                          and state.unit(r.name).status is UnitStatus.SEA and (r.withdrew or r.disabled)
                          and not (r.sunk or r.eliminated or r.expended or r.landed)]
                   for side in (Side.ALLIED, Side.AXIS)}
        disabled = frozenset(r.name for r in outcome.results if r.disabled)  # R-OPS-42 on the table (R-OPS-72)
        ports: dict[str, str] = fallback.retreat_ports_only(campaign, battle, leaving,  # type: ignore[attr-defined]
                                                            self._classic, disabled)
        for result in outcome.results:
            result.retreat_to = ports.get(result.name, result.retreat_to)

    def _fight(self, campaign: Campaign, battle: Battle) -> BattleOutcome:
        if battle.surprise_rounds:
            return self._surprise(campaign, battle)
        year = campaign_year(campaign.state.turn)
        left_out: dict[str, str] = {}
        tables = {side: self._at_sea(campaign, names, side, year, left_out)
                  for side, names in ((Side.ALLIED, battle.allied), (Side.AXIS, battle.axis))}
        if tables[Side.ALLIED] and tables[Side.AXIS]:
            outcome, report = self._sea_battle(campaign, battle, tables, left_out, year)
            return self._raid_after(campaign, battle, outcome, report, tables, year)
        present = [s for s in (Side.ALLIED, Side.AXIS) if (battle.allied if s is Side.ALLIED else battle.axis)]
        if battle.in_port and len(present) == 1:
            party = self._raid_party(campaign, battle, present[0], tables[present[0]], year)
            if party:
                outcome = BattleOutcome(battle)
                self._raid(campaign, battle, outcome, present[0], party, year, surprise=False)
                return outcome
        if len(present) == 2:
            nobody = [s for s in present if not tables[s]]
            who = "the Allies have" if nobody[0] is Side.ALLIED else "the Axis has"
            why = f"{who} nothing the table can hold ({', '.join(left_out) or 'no unit'})"
        elif present:
            why = "a landing with nobody to fight" if not battle.in_port else "no air unit can raid the ports"
        else:
            why = "neither side has a unit at sea"
        return self._fall_back(campaign, battle, why)

    def _at_sea(self, campaign: Campaign, names: tuple[str, ...], side: Side, year: int,
                left_out: dict[str, str]) -> _Table:
        """One side's pieces at sea (R-CARD-03, R-CARD-09, R-CARD-10)."""
        index = self.cards(campaign.data)
        table = _Table()
        number = SIDE_INDEX[side]
        for name in names:
            unit = campaign.unit_record(name)
            if unit.type in TABLE_SHIPS:
                card = index.for_counter(name, year)
                lost = hull_lost_for(campaign.state.unit(name).damage, unit.defence or 0, card.hull)
                table.ships.append(ShipSpec(name=name, card=card, hull_lost=lost))
                table.counter_of[name] = name
                if unit.type in (UnitType.CV, UnitType.CVL) and unit.air:
                    self._add_flights(campaign, table, name, number, year, carrier_card=card, based=True)
            elif unit.type is UnitType.LBA:
                self._add_flights(campaign, table, name, number, year)
            elif unit.type is UnitType.SS:
                for boat in submarine_boats(campaign, name, number, year):
                    table.boats.append(boat)
                    table.counter_of[boat.ship.name] = name
            elif unit.type is UnitType.FROGMEN:
                for boat in human_torpedoes(campaign, name, number, year):
                    table.boats.append(boat)
                    table.counter_of[boat.ship.name] = name
                    table.chariots.add(boat.ship.name)
            else:
                left_out[name] = LEFT_OUT_REASONS.get(unit.type, "not a piece for the table")
        return table

    @staticmethod
    def _add_flights(campaign: Campaign, table: _Table, name: str, side: int, year: int, *, carrier_card=None,
                     based: bool = False, count: int | None = None) -> None:
        n = count if count is not None else air_flight_count(campaign, name, carrier_card)
        flights = air_flights(campaign, name, side, year, carrier_card=carrier_card, based=based, count=n)
        table.flights += flights
        table.air_units[name] = len(flights)
        for flight in flights:
            table.counter_of[flight.name] = name

    # ---------------------------------------------------------------------------------------------- at sea

    def _sea_battle(self, campaign: Campaign, battle: Battle, tables: dict[Side, _Table], left_out: dict[str, str],
                    year: int) -> tuple[BattleOutcome, BattleReport]:
        state = campaign.state
        number = battle_number(campaign.data, battle.area)
        dice = campaign.dice.spawn(state.turn, number)
        notes: list[str] = []
        time_of_day = self._time_of_day(campaign, battle, dice, notes)
        weather = "bad" if dice.d6(label=f"weather in {battle.area}", rule=RULE_TIME) in BAD_WEATHER_FACES else "good"
        goals = objectives(campaign, battle, {s: t.counters() for s, t in tables.items()}, self.cards(campaign.data),
                           strength={s: t.points() for s, t in tables.items()})
        fleets = [FleetSpec(name=SIDE_NAMES[s], ships=tables[s].ships, objective=goals[s], air_limit=False)
                  for s in (Side.ALLIED, Side.AXIS)]
        width = float(min(200, max(72, 4 * max(len(f.ships) for f in fleets) + 24)))
        spec = self._spec(fleets, width, time_of_day, weather, state.seed, (state.turn, number), notes, year,
                          flights=[f for s in (Side.ALLIED, Side.AXIS) for f in tables[s].flights],
                          boats=[b for s in (Side.ALLIED, Side.AXIS) for b in tables[s].boats_on(Table(width, 48.0))],
                          options=battle_options(state.tactical_options))
        report = resolve(spec, self._seats.pair(), dice=dice)
        outcome = BattleOutcome(battle)
        loser = None
        if report.winner is not None:
            loser = Side.AXIS if report.winner == SIDE_NAMES[Side.ALLIED] else Side.ALLIED
        held = loser is None or _holds_the_area(campaign, report, tables[other_side(loser)])
        if not held:
            loser = None  # R-CARD-14: won on VP by aircraft or submarines alone, nobody is driven out
        fates = {side: _no_fates() for side in (Side.ALLIED, Side.AXIS)}
        for side in (Side.ALLIED, Side.AXIS):
            self._ship_results(campaign, spec, report, tables[side], outcome, fates[side], beaten=side is loser,
                               in_port=False)
            self._air_results(campaign, report, tables[side], outcome, fates[side], beaten=side is loser)
            self._boat_results(report, tables[side], outcome, fates[side], beaten=side is loser)
        self._landings(campaign, battle, outcome, loser)
        result = _result_facts(spec, report, fates, year) | {
            "time": "night" if spec.time_of_day == "night" else "day", "weather": spec.weather,
            "objectives": list(report.objectives), "held": held} | _summary_facts(spec, report, tables, outcome)
        self._log(campaign, battle, outcome, result, notes, left_out, report, RULE_RESULTS)
        if self.keep_reports:
            self._keep(TacticalBattle(battle.area, state.turn, year, spec, report, left_out, notes))
        return outcome, report

    def _ship_results(self, campaign: Campaign, spec: BattleSpec, report: BattleReport, table: _Table,
                      outcome: BattleOutcome, fates: dict[str, list[str]], *, beaten: bool, in_port: bool) -> None:
        """R-CARD-07 for the ships of one side (in port: a crippled ship stays there, disabled)."""
        for ship_spec in table.ships:
            name = ship_spec.name
            unit = campaign.unit_record(name)
            ship = report.ship(name)
            result = _result_for(outcome, name)
            if ship.sunk and unit.type is UnitType.AMPH:
                result.eliminated = True  # a landing unit is eliminated, not sunk: it returns (VITP 4.5)
                fates["eliminated"].append(name)
                continue
            if ship.sunk:
                result.sunk = True
                fates["sunk"].append(name)
                continue
            defence = unit.defence or 0
            prior = campaign.state.unit(name).damage
            total = ship_spec.card.hull - ship.hull_end
            result.damage = max(0, damage_points_for(total, defence, ship_spec.card.hull) - prior)
            if unit.type is UnitType.RAIDER and total > 0:
                result.disabled = True  # defence 0: any damage sends a raider home (002 §2.213 reads hits as disabling)
                fates["crippled"].append(name)
            elif ship.crippled:
                result.disabled = True
                fates["crippled"].append(name)
            elif not in_port and (ship.withdrew or (beaten and not ship.scouting)):
                result.withdrew = True
                fates["withdrew"].append(name)

    def _air_results(self, campaign: Campaign, report: BattleReport, table: _Table, outcome: BattleOutcome,
                     fates: dict[str, list[str]], *, beaten: bool) -> None:
        """R-CARD-09: land-based air units carry their Flights lost as damage (or are eliminated); a beaten side's
        air units withdraw (VITP: to a port).  One with no Flight left never stays in the area (R-OPS-34): a VITP
        unit is eliminated, a War at Sea one (it cannot be destroyed) goes back to port, out for the turn."""
        lost = {f.name for f in report.flights if f.lost}
        for name, flown in table.air_units.items():
            unit = campaign.unit_record(name)
            if unit.type is not UnitType.LBA:
                continue
            gone = sum(1 for f, c in table.counter_of.items() if c == name and f in lost)
            full = full_air_strength(campaign.data, unit)
            prior = campaign.state.unit(name).damage
            remaining = flown - gone
            added, eliminated = air_losses(unit, prior, full, remaining)
            result = _result_for(outcome, name)
            if eliminated:
                result.eliminated = True
                fates["eliminated"].append(name)
            else:
                result.damage = max(result.damage, added)  # a raid after the battle counts its losses in all
                if beaten or remaining <= 0:
                    result.withdrew = True
                    fates["withdrew"].append(name)

    @staticmethod
    def _boat_results(report: BattleReport, table: _Table, outcome: BattleOutcome, fates: dict[str, list[str]], *,
                      beaten: bool) -> None:
        """R-CARD-10: all its boats sunk -> the counter is sunk; none whole (crippled or gone) -> disabled.
        R-CARD-13: the Frogmen are used up whatever their chariots did (002 §2.221)."""
        counters = dict.fromkeys(table.counter_of[b.ship.name] for b in table.boats)
        for name in counters:
            boats = [report.ship(b.ship.name) for b in table.boats if table.counter_of[b.ship.name] == name]
            result = _result_for(outcome, name)
            if any(b.ship.name in table.chariots for b in table.boats if table.counter_of[b.ship.name] == name):
                result.expended = True
                fates["used up"].append(name)
            elif all(b.sunk for b in boats):
                result.sunk = True
                fates["sunk"].append(name)
            elif all(b.sunk or b.crippled for b in boats):
                result.disabled = True
                fates["crippled"].append(name)
            elif beaten or any(b.withdrew for b in boats):
                result.withdrew = True
                fates["withdrew"].append(name)

    # ---------------------------------------------------------------------------------------------- raids

    @staticmethod
    def _raiders(campaign: Campaign, battle: Battle, side: Side, table: _Table) -> list[str]:
        """The air units of ``side`` that may raid the ports touching the area (VITP 4.8; R-CMB-12)."""
        return [n for n in table.air_units if raids_ports(campaign.unit_record(n), battle.theatre)]

    def _raid_after(self, campaign: Campaign, battle: Battle, outcome: BattleOutcome, report: BattleReport,
                    tables: dict[Side, _Table], year: int) -> BattleOutcome:
        """VITP 4.8 after a battle at sea: when one side has nothing left in the area, the other side's surviving
        air units raid the enemy units in the touching ports (R-CARD-11).  Not War at Sea air that flew in the
        battle: it strikes once a turn (002 §4.11; R-OPS-34)."""
        if not battle.in_port:
            return outcome
        gone = {r.name for r in outcome.results if r.sunk or r.eliminated or r.disabled or r.withdrew or r.expended}
        struck = set()  # War at Sea air strikes once a turn (002 §4.11): its air units flew theirs at sea (R-OPS-34)
        if battle.theatre is Theatre.WAS:
            struck = {n for t in tables.values() for n in t.air_units}
        left = {s: [n for n in t.counters() if n not in gone] for s, t in tables.items()}
        for side in (Side.AXIS, Side.ALLIED):
            if left[other_side(side)] or not left[side]:
                continue
            lost = {f.name for f in report.flights if f.lost}
            survivors = self._raid_party(campaign, battle, side, tables[side], year, gone=gone | struck, lost=lost)
            if survivors:
                self._raid(campaign, battle, outcome, side, survivors, year, surprise=False, after_battle=True)
        return outcome

    def _raid_party(self, campaign: Campaign, battle: Battle, side: Side, table: _Table, year: int, *,
                    gone: set[str] | frozenset[str] = frozenset(), lost: set[str] | frozenset[str] = frozenset()
                    ) -> _Table:
        """The Flights of ``side``'s air units that may raid the ports (VITP 4.8), flown as if land-based (the
        carriers stay off the table, R-CARD-11): those of units still in the area (not in ``gone``) that were not
        ``lost`` in the battle at sea before; and the Frogmen's chariots (R-CARD-13) if the Frogmen were not on the
        table at sea.  Empty when none of them carries a payload (Fighters alone do not raid)."""
        party = _Table()
        for name in self._raiders(campaign, battle, side, table):
            if name in gone:
                continue
            flights = [f for f in table.flights if table.counter_of[f.name] == name and f.name not in lost]
            party.flights += [f.model_copy(update={"carrier": None}) for f in flights]
            party.counter_of.update({f.name: name for f in flights})
            if flights:
                party.air_units[name] = len(flights)
        for boat in table.boats:
            name = table.counter_of[boat.ship.name]
            if boat.ship.name in table.chariots and name not in gone:
                party.boats.append(boat)
                party.counter_of[boat.ship.name] = name
                party.chariots.add(boat.ship.name)
        if not party.boats and not any(f.aircraft.damage_dice > 0 for f in party.flights):
            return _Table()
        return party

    def _surprise(self, campaign: Campaign, battle: Battle) -> BattleOutcome:
        """A surprise attack (VITP 18; 002 §5.72-5.7333): the Axis air units strike the Allied units in port
        (Pearl Harbor) or at sea (Indonesia); no defending Flights, no port emplacements, and no AA fire for the
        turn of the approach and one turn per surprise round (R-CARD-11)."""
        year = campaign_year(campaign.state.turn)
        left_out: dict[str, str] = {}
        table = _Table()
        for name in battle.axis:
            unit = campaign.unit_record(name)
            if raids_ports(unit, Theatre.VITP) or unit.type is UnitType.LBA:
                card = None if unit.type is UnitType.LBA else self.cards(campaign.data).for_counter(name, year)
                self._add_flights(campaign, table, name, 1, year, carrier_card=card)
            else:
                left_out[name] = "takes no part: a surprise attack is an air strike (VITP 18)"
        outcome = BattleOutcome(battle)
        if not table:
            return self._fall_back(campaign, battle, "no Axis air unit for the surprise attack")
        self._raid(campaign, battle, outcome, Side.AXIS, table, year, surprise=True, left_out=left_out)
        return outcome

    def _raid(self, campaign: Campaign, battle: Battle, outcome: BattleOutcome, side: Side, air: _Table, year: int,
              *, surprise: bool, after_battle: bool = False, left_out: dict[str, str] | None = None) -> None:
        """An air raid by ``side``'s Flights (``air``, flown as if land-based) on the enemy (R-CARD-11)."""
        state = campaign.state
        enemy = other_side(side)
        left_out = dict(left_out or {})
        index = self.cards(campaign.data)
        in_port = [n for n in battle.in_port if state.unit(n).side is enemy]
        at_sea = [n for n in (battle.allied if enemy is Side.ALLIED else battle.axis)] if surprise else []
        defence = _Table()
        airfields: dict[str, str] = {}  # airfield (a Hangar on the table) -> its land-based air unit
        for name in [*in_port, *at_sea]:
            unit = campaign.unit_record(name)
            if not raidable(unit, battle.theatre) and name in in_port:
                continue
            if unit.type in TABLE_SHIPS:
                card = index.for_counter(name, year)
                lost = hull_lost_for(state.unit(name).damage, unit.defence or 0, card.hull)
                defence.ships.append(ShipSpec(name=name, card=card, hull_lost=lost, anchored=name in in_port))
                defence.counter_of[name] = name
            elif unit.type is UnitType.LBA:
                airfields[f"{name} airfield"] = name
                if surprise:
                    left_out[name] = "caught on the ground by the surprise attack: only its airfield is on the table"
                else:
                    self._add_flights(campaign, defence, name, SIDE_INDEX[enemy], year)
            else:
                left_out[name] = LEFT_OUT_REASONS.get(unit.type, "not a piece for the table")
        if not (defence.ships or defence.flights or airfields):
            return
        number = battle_number(campaign.data, battle.area)
        dice = campaign.dice.spawn(state.turn, number, 2 if after_battle else 1)
        notes: list[str] = []
        width, height = 72.0, 48.0
        hit = set(defence.counter_of.values()) | set(airfields.values())
        ports = sorted({str(state.unit(n).place) for n in in_port if n in hit})
        nation = campaign.unit_record(next(iter(sorted(hit)))).nation
        aa = [] if surprise else port_defences(campaign.data, ports, SIDE_INDEX[enemy], width, height, nation)
        aa += airfield_structures({a: air_group_points(campaign, n, year) for a, n in airfields.items()},
                                  SIDE_INDEX[enemy], width, height, nation)
        fleets = {side: FleetSpec(name=SIDE_NAMES[side], objective=Objective.ATTRITION, air_limit=False),
                  enemy: FleetSpec(name=SIDE_NAMES[enemy], ships=defence.ships, objective=Objective.ATTRITION,
                                   air_limit=False)}
        spec = BattleSpec(sides=(fleets[Side.ALLIED], fleets[Side.AXIS]), table_width=width, table_height=height,
                          turns=self.turns, seed=state.seed, key=(state.turn, number, 2 if after_battle else 1),
                          year=year, flights=[*air.flights, *defence.flights], shore_batteries=aa,
                          submarines=air.boats_on(Table(width, height)),
                          options=battle_options(state.tactical_options),
                          surprised=(SIDE_INDEX[enemy], battle.surprise_rounds + 1) if surprise else None)  # type: ignore[arg-type]
        report = resolve(spec, self._seats.pair(), dice=dice)
        fates = {s: _no_fates() for s in (Side.ALLIED, Side.AXIS)}
        self._ship_results(campaign, spec, report, defence, outcome, fates[enemy], beaten=False, in_port=bool(in_port))
        self._air_results(campaign, report, defence, outcome, fates[enemy], beaten=False)
        self._air_results(campaign, report, air, outcome, fates[side], beaten=False)
        self._boat_results(report, air, outcome, fates[side], beaten=False)
        self._airfield_results(campaign, report, airfields, outcome, fates[enemy])
        if battle.theatre is Theatre.WAS:
            for name in defence.counter_of.values():
                _result_for(outcome, name).air_attacked = True  # 002 §4.11: once per turn from the air
        kind = "surprise attack" if surprise else "air raid"
        result = _result_facts(spec, report, fates, year) | {"what": kind, "ports": list(ports)}
        result |= _summary_facts(spec, report, {side: air, enemy: defence}, outcome, airfields={enemy: airfields})
        guns = [i.structure_type or i.name for i in aa if i.kind == "aa emplacement"]
        if guns:
            notes.append(f"the ports are defended by {', '.join(guns)} (R-CARD-11)")
        if airfields:
            notes.append(f"airfields on the table: {', '.join(airfields)} (a Hangar each; destroyed, the air unit "
                         "is eliminated: R-CARD-11)")
        self._log(campaign, battle, outcome, result, notes, left_out, report, RULE_RAIDS)
        if self.keep_reports:
            self._keep(TacticalBattle(battle.area, state.turn, year, spec, report, left_out, notes, kind,
                                      tuple(ports)))

    @staticmethod
    def _airfield_results(campaign: Campaign, report: BattleReport, airfields: dict[str, str],
                          outcome: BattleOutcome, fates: dict[str, list[str]]) -> None:
        """R-CARD-11: an airfield destroyed eliminates its land-based air unit (it returns, VITP 4.5); a damaged
        one gives it damage points as a counter whose Hull is the airfield's Structure (R-CARD-07), if more than
        its Flights' losses gave."""
        for airfield, name in airfields.items():
            ruin = report.ship(airfield)
            result = _result_for(outcome, name)
            unit = campaign.unit_record(name)
            if ruin.sunk:
                result.eliminated, result.damage, result.withdrew = True, 0, False
                if name not in fates["eliminated"]:
                    fates["eliminated"].append(name)
            elif not result.eliminated and ruin.hull_lost:
                prior = campaign.state.unit(name).damage
                added = damage_points_for(ruin.hull_lost, unit.defence or 0, ruin.hull_start) - prior
                result.damage = max(result.damage, added)

    # ---------------------------------------------------------------------------------------------- landings

    def _landings(self, campaign: Campaign, battle: Battle, outcome: BattleOutcome, loser: Side | None) -> None:
        """R-CARD-12: landing units of a beaten side have withdrawn with it (R-CARD-07); the others still afloat and
        whole may land or invade by the classic procedure (VITP 4.9), which the fallback resolver's policies decide."""
        amph = {s: [n for n in (battle.allied if s is Side.ALLIED else battle.axis)
                    if campaign.unit_record(n).type is UnitType.AMPH] for s in (Side.ALLIED, Side.AXIS)}
        out = {r.name for r in outcome.results if r.sunk or r.eliminated or r.disabled or r.withdrew}
        landing = [n for s, names in amph.items() if s is not loser for n in names if n not in out]
        fallback = self.fallback
        if not landing or fallback is None or not hasattr(fallback, "landings_only"):
            return
        landings: list[Landing] = fallback.landings_only(campaign, battle, landing,  # type: ignore[attr-defined]
                                                         self._classic)
        for item in landings:
            _result_for(outcome, item.unit).landed = item.base
        outcome.landings.extend(landings)

    # ---------------------------------------------------------------------------------------------- helpers

    def _fall_back(self, campaign: Campaign, battle: Battle, why: str) -> BattleOutcome:
        if self.fallback is None:
            campaign.log(BattleHandedOver, RULE_IN, area=battle.area, how="unfought", why=why)
            return BattleOutcome(battle, narrative=[f"no tactical battle: {why}"])
        kind = getattr(battle, "kind", "battle")
        self._fell_back = True
        campaign.log(BattleHandedOver, RULE_IN, area=battle.area, battle=kind, how="fallback",
                     fallback=self.fallback.name, why=why)
        return self.fallback.resolve(campaign, battle)

    @staticmethod
    def _log(campaign: Campaign, battle: Battle, outcome: BattleOutcome, result: dict[str, Any], notes: list[str],
             left_out: dict[str, str], report: BattleReport, rule: str) -> None:
        text = describe(campaign.log(BattleFought, rule, area=battle.area, **result))
        for note in notes:
            campaign.log(BattleNote, RULE_TIME, area=battle.area, note=note)
        for name, why in left_out.items():
            campaign.log(LeftOut, RULE_IN, area=battle.area, unit=name, why=why)
        outcome.narrative += [text, *notes, *(f"{n}: {w}" for n, w in left_out.items()), *report.summary()]

    def _time_of_day(self, campaign: Campaign, battle: Battle, dice, notes: list[str]) -> str:
        """VITP: the declarations (Japan first, a die on disagreement); War at Sea: a die (R-CARD-05)."""
        if battle.theatre is Theatre.VITP:
            axis, allied = self._declarations(campaign, battle)
            if axis == allied:
                notes.append(f"both sides declare {axis} (R-CARD-05)")
                return axis
            faces = campaign.data.constant_faces("vitp-day-night-japan-faces")
            roll = dice.d6(label=f"day or night in {battle.area}", rule="R-CMB-08")
            chosen = axis if roll in faces else allied
            notes.append(f"Japan declares {axis}, the Allies {allied}; the die ({roll}) gives {chosen} (R-CMB-08)")
            return chosen
        roll = dice.d6(label=f"day or night in {battle.area}", rule=RULE_TIME)
        return "night" if roll in WAS_NIGHT_FACES else "day"

    def _declarations(self, campaign: Campaign, battle: Battle) -> tuple[str, str]:
        """VITP: Japan's and the Allies' day-or-night declarations, Japan first (R-CARD-05, case V-03), each asked of
        its side's seat (a human commander's too: R-UI-71; the AI declares by air strength, :mod:`strategic.
        table_steps`)."""
        fallback: Any = self.fallback
        if self._classic is None or not hasattr(fallback, "day_or_night_only"):
            return table_declaration(campaign, battle, Side.AXIS), table_declaration(campaign, battle, Side.ALLIED)
        japan, allies = fallback.day_or_night_only(campaign, battle, self._classic)
        return str(japan), str(allies)

    def _spec(self, fleets: list[FleetSpec], width: float, time_of_day: str, weather: str, seed: int,
              key: tuple[int, int], notes: list[str], year: int, *, flights: list[FlightSpec],
              boats: list[SubmarineSpec], options: RuleOptions) -> BattleSpec:
        """The spec; night or bad weather the engine does not accept is dropped, with a note."""
        wanted = {"time_of_day": time_of_day, "weather": weather}
        for attempt in (wanted, {**wanted, "weather": "good"}, {"time_of_day": "day", "weather": "good"}):
            try:
                spec = BattleSpec(sides=(fleets[0], fleets[1]), table_width=width, turns=self.turns, seed=seed,
                                  key=key, year=year, flights=flights, submarines=boats, options=options,
                                  **attempt)  # type: ignore[arg-type]
            except ValidationError as exc:
                if "not supported" not in str(exc):
                    raise
                continue
            dropped = [("night" if k == "time_of_day" else "bad weather") for k, v in wanted.items() if attempt[k] != v]
            if dropped:
                notes.append(f"rolled {' and '.join(dropped)}: not supported by the tactical engine; "
                             f"fought {'by day' if attempt['time_of_day'] == 'day' else 'at night'} "
                             f"in {attempt['weather']} weather")
            return spec
        raise AssertionError("a day battle in good weather is always supported")


def _result_for(outcome: BattleOutcome, name: str) -> UnitResult:
    """The outcome's result for counter ``name``, added when it has none yet."""
    for result in outcome.results:
        if result.name == name:
            return result
    result = UnitResult(name)
    outcome.results.append(result)
    return result


def forces_of(spec: BattleSpec) -> list[Force]:
    """Each side of a battle as it comes to the table: ships, Flights, submarines, AA emplacements."""
    return [Force(name=fleet.name, ships=len(fleet.ships), flights=sum(1 for f in spec.flights if f.side == side),
                  submarines=sum(1 for b in spec.submarines if b.side == side),
                  aa=sum(1 for i in spec.shore_batteries if i.side == side)) for side, fleet in enumerate(spec.sides)]


def forces_text(spec: BattleSpec) -> str:
    """``Allies 3 ships, 8 Flights, 1 submarine against ...`` (:func:`strategic.narrate.force_words`)."""
    return " against ".join(force_words(f) for f in forces_of(spec))


def _no_fates() -> dict[str, list[str]]:
    """One side's counters by what the battle did to them (for the log line)."""
    return {"sunk": [], "crippled": [], "withdrew": [], "eliminated": [], "used up": []}


def _holds_the_area(campaign: Campaign, report: BattleReport, winner: _Table) -> bool:
    """R-CARD-14: whether the winning side ends the battle with a warship or surface raider in the area (afloat, not
    crippled, not withdrawn; one away scouting counts), so that the beaten fleet withdraws (R-CARD-07)."""
    for ship_spec in winner.ships:
        if campaign.unit_record(ship_spec.name).type not in HOLDING_SHIPS:
            continue
        ship = report.ship(ship_spec.name)
        if not (ship.sunk or ship.crippled or ship.withdrew):
            return True
    return False


def _result_facts(spec: BattleSpec, report: BattleReport, fates: dict[Side, dict[str, list[str]]],
                  year: int) -> dict[str, Any]:
    """The facts of a tactical battle's :class:`~strategic.events.BattleFought` event (worded by
    :mod:`strategic.narrate`): forces, turns, victory points and victories, each side's fates and Flights lost."""
    return {"year": year, "turns": report.turns_played, "forces": forces_of(spec), "vp": list(report.victory_points),
            "winner": report.winner, "sides": list(report.sides), "victories": list(report.victories),
            "fates": {SIDE_NAMES[side]: kinds for side, kinds in fates.items()},
            "flights_lost": [sum(1 for f in report.flights if f.side == name and f.lost) for name in report.sides]}


def _summary_facts(spec: BattleSpec, report: BattleReport, tables: dict[Side, _Table], outcome: BattleOutcome, *,
                   airfields: dict[Side, dict[str, str]] | None = None) -> dict[str, Any]:
    """The facts the turn's summary explains a battle by (:mod:`strategic.battle_facts`): each counter's fate and
    each side's objective checks, and the turns the battle could last."""
    pieces: dict[str, str] = {}
    sides: dict[str, str] = {}
    for side, table in tables.items():
        own = {**table.counter_of, **(airfields or {}).get(side, {})}
        pieces |= own
        sides |= dict.fromkeys(own.values(), SIDE_NAMES[side])
    return {"counters": counter_fates(spec, report, pieces, sides, outcome.results),
            "checks": objective_checks(report), "max_turns": spec.turns}


def objectives(campaign: Campaign, battle: Battle, on_table: dict[Side, list[str]],
               cards: CardIndex | None = None, strength: dict[Side, int] | None = None) -> dict[Side, Objective]:
    """Fleet objectives from the strategic situation (R-CARD-06), the first rule that applies:

    1. a side escorting a convoy fights a Fighting Retreat; the other side Attrition (a matched pair, 000);
    2. a side with under half the other's fleet points makes a Last Stand; the other side Destroy!;
    3. the side that controls the area holds a Defence Line; the other side Sweep & Clear (or Breakout when all its
       ships there are raiding: VITP raiders pass through);
    4. nobody controls the area: both sides fight for Attrition.

    ``on_table``: each side's counters in the battle; ``strength``: each side's points on the table (Flights and
    submarines included; default: the cards of its ship counters).
    """
    year = campaign_year(campaign.state.turn)
    cards = cards or CardIndex(campaign.data)

    def points(side: Side) -> int:
        if strength is not None:
            return strength[side]
        return sum(cards.for_counter(n, year).points for n in on_table[side]
                   if campaign.unit_record(n).type in TABLE_SHIPS)

    convoy = {s: any(campaign.unit_record(n).type is UnitType.CONVOY for n in on_table[s]) for s in on_table}
    for side in (Side.ALLIED, Side.AXIS):
        other = Side.AXIS if side is Side.ALLIED else Side.ALLIED
        if convoy[side] and not convoy[other]:
            return {side: Objective.FIGHTING_RETREAT, other: Objective.ATTRITION}
    strength = {s: points(s) for s in on_table}
    for side in (Side.ALLIED, Side.AXIS):
        other = Side.AXIS if side is Side.ALLIED else Side.ALLIED
        if strength[side] * 2 < strength[other]:
            return {side: Objective.LAST_STAND, other: Objective.DESTROY}
    holder = campaign.state.control.get(battle.area)
    if holder in (Side.ALLIED, Side.AXIS):
        other = Side.AXIS if holder is Side.ALLIED else Side.ALLIED
        raiding = all(campaign.state.unit(n).mode is Mode.RAID for n in on_table[other])
        return {holder: Objective.DEFENCE_LINE, other: Objective.BREAKOUT if raiding else Objective.SWEEP_AND_CLEAR}
    return {Side.ALLIED: Objective.ATTRITION, Side.AXIS: Objective.ATTRITION}
