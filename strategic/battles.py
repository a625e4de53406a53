"""The bridge between the campaign and the tactical engine (DESIGN.md "Four rooms, one door"; issue 7).

:class:`TacticalResolver` (name ``tactical``) implements :class:`strategic.combat.BattleResolver`: a campaign
battle becomes a :class:`~tactical.battle.BattleSpec`, is fought by :func:`tactical.battle.resolve`, and the
:class:`~tactical.battle.BattleReport` comes back as campaign results.  The rulings are R-CARD-03 to R-CARD-07 in
``docs/rulings.md``:

* **Who fights** (R-CARD-03): every surface ship of both sides at sea in the area (battleships, battlecruisers,
  pocket battleships, carriers, cruisers) and every War at Sea convoy (a civilian ship) becomes a ship with its
  card for the year (:mod:`tactical.card_generator`).  Land-based air, the carriers' air factors, submarines
  (U-Boats, the I-Boat, the F-Boat), surface raiders, landing units and the Italian Frogmen stay out of the table
  battle, each with a logged reason: the bridge does not yet turn air factors into Flights or submarine counters
  into submarines (issue 6 gave the engine both while this was written; R-CARD-03), and the raiders are immune to
  gunnery (002 §2.213).  Air raids on ports, landings,
  the surprise attacks, and battles in which a side has no ship on the table are fought by the ``fallback``
  resolver (by default the classic War at Sea / VITP rules), logged as such; with ``fallback=None`` nothing
  happens in them.
* **Damage in** (R-CARD-04): a counter with ``d`` damage points and defence ``D`` enters with
  ``floor(d x Hull / (D + 1))`` Hull lost (defence 0: none).
* **Time, weather, objectives** (R-CARD-05, R-CARD-06): the year from the turn (:func:`campaign_year`); VITP:
  day or night as the sides declare (Japan first; a die decides a disagreement with the faces of
  ``vitp-day-night-japan-faces``); War at Sea: night on a die roll of 1-2; bad weather on a 6.  Night and bad
  weather are used when the engine accepts them; until then the battle is fought by day in good weather and the
  log says so.  Fleet objectives from the strategic situation (:func:`objectives`).
* **Results** (R-CARD-07): sunk -> sunk; afloat -> damage points ``min(D, ceil(L x (D + 1) / Hull)) - d`` for
  ``L`` the Hull lost in all; crippled -> also disabled (back to port); left the table -> withdrew (back to port);
  the losing side's other ships withdraw (back to port); on a draw both sides stay.

Every die of the battle comes from ``campaign.dice.spawn(turn, battle_no)`` (``battle_no``: the area's place in
the data, 1-based, as each area is fought at most once a turn), so a battle replays the same whatever ran before.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pydantic import ValidationError

from scenarios.models import Side, Theatre, Unit, UnitType
from strategic.combat import Battle, BattleOutcome, UnitResult
from strategic.state import Mode
from tactical.battle import BattleReport, BattleSpec, FleetSpec, ShipSpec, resolve
from tactical.card_generator import CardIndex
from tactical.scenario import Objective

if TYPE_CHECKING:
    from scenarios.loader import CampaignData
    from strategic.campaign import Campaign
    from strategic.combat import BattleResolver

RULE_IN = "R-CARD-03"
RULE_DAMAGE = "R-CARD-04"
RULE_TIME = "R-CARD-05"
RULE_OBJECTIVES = "R-CARD-06"
RULE_RESULTS = "R-CARD-07"

TABLE_SHIPS = frozenset({UnitType.BB, UnitType.BC, UnitType.PB, UnitType.CV, UnitType.CVL, UnitType.CA, UnitType.CL,
                         UnitType.CONVOY})
"""Counter types that fight on the table: the surface warships and the War at Sea convoys."""

LEFT_OUT_REASONS: dict[UnitType, str] = {
    UnitType.LBA: "land-based air: the bridge does not build Flights yet (R-CARD-03)",
    UnitType.SS: "submarine: the bridge does not build submarines yet (R-CARD-03)",
    UnitType.RAIDER: "surface raider: immune to gunnery (002 §2.213); ASW needs the submarine rules (R-CARD-03)",
    UnitType.AMPH: "landing unit: troops, not a ship on the table",
    UnitType.FROGMEN: "Frogmen: an air-strike-like attack the tactical engine does not model",
}

YEAR_OF_TURN = {1: 1941, 2: 1941, 3: 1941, 4: 1942, 5: 1942, 6: 1942, 7: 1943, 8: 1943, 9: 1944, 10: 1944}
"""R-CARD-05: the year whose refits apply on each combined turn, the year in which the turn begins (R-PAC-01:
VITP turn 1 = combined 3 = December 1941, ... VITP 8 = combined 10 = July-December 1944; War at Sea turns 1-2 are
1941, the year of the 002 chart's starting forces)."""

WAS_NIGHT_FACES = (1, 2)
"""War at Sea: a battle is fought at night on these faces of one die (R-CARD-05)."""

BAD_WEATHER_FACES = (6,)
"""Bad weather on these faces of one die (R-CARD-05)."""

SIDE_NAMES = {Side.ALLIED: "Allies", Side.AXIS: "Axis"}


def campaign_year(turn: int) -> int:
    """The year of the refits that apply on combined turn ``turn`` (R-CARD-05)."""
    return YEAR_OF_TURN[min(max(turn, 1), 10)]


def hull_lost_for(damage: int, defence: int, hull: int) -> int:
    """Hull lost by a counter with ``damage`` points and ``defence`` entering a battle (R-CARD-04)."""
    if damage <= 0 or defence <= 0:
        return 0
    return min(hull - 1, damage * hull // (defence + 1))


def damage_points_for(hull_lost: int, defence: int, hull: int) -> int:
    """Damage points of an afloat counter that has lost ``hull_lost`` of ``hull`` in all (R-CARD-07): the inverse of
    :func:`hull_lost_for`, capped at the defence (the ship is afloat)."""
    if hull_lost <= 0 or defence <= 0:
        return 0
    return min(defence, math.ceil(hull_lost * (defence + 1) / hull))


def battle_number(data: CampaignData, area: str) -> int:
    """The spawn-key battle number of an area: its 1-based place in the data (each area is fought once a turn)."""
    return list(data.areas).index(area) + 1


@dataclass
class TacticalBattle:
    """A fought battle: where, when, what went in and out, and the engine's report."""

    area: str
    turn: int
    year: int
    spec: BattleSpec
    report: BattleReport
    left_out: dict[str, str]
    notes: list[str]


@dataclass
class TacticalResolver:
    """Campaign battles fought as *Victory at Sea* battles (module docstring).  ``fallback`` fights what the table
    cannot (air raids, landings, surprise attacks, a side with no ship on the table); ``keep_reports`` keeps each
    :class:`TacticalBattle` in :attr:`battles` (full event logs: memory grows with the campaign)."""

    fallback: BattleResolver | None = None
    use_fallback: bool = True
    keep_reports: bool = False
    turns: int = 8
    battles: list[TacticalBattle] = field(default_factory=list)
    name: str = "tactical"
    _index: tuple[int, CardIndex] | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.fallback is None and self.use_fallback:
            from strategic.classic.resolver import ClassicResolver

            self.fallback = ClassicResolver()

    def order_battles(self, campaign: Campaign, areas: list[str]) -> list[str]:
        """The fallback's battle order (the Axis orders War at Sea battles, Japan VITP ones), else data order."""
        order = getattr(self.fallback, "order_battles", None)
        return list(order(campaign, areas)) if order else list(areas)

    def cards(self, data: CampaignData) -> CardIndex:
        if self._index is None or self._index[0] != id(data):
            self._index = (id(data), CardIndex(data))
        return self._index[1]

    # ---------------------------------------------------------------------------------------------- resolve

    def resolve(self, campaign: Campaign, battle: Battle) -> BattleOutcome:
        state = campaign.state
        sides = {Side.ALLIED: battle.allied, Side.AXIS: battle.axis}
        on_table: dict[Side, list[str]] = {Side.ALLIED: [], Side.AXIS: []}
        left_out: dict[str, str] = {}
        for side, names in sides.items():
            for name in names:
                unit = campaign.unit_record(name)
                if unit.type in TABLE_SHIPS:
                    on_table[side].append(name)
                    if unit.type in (UnitType.CV, UnitType.CVL) and unit.air:
                        left_out[f"{name} (air {unit.air})"] = "carrier air: the bridge does not build Flights yet"
                else:
                    left_out[name] = LEFT_OUT_REASONS.get(unit.type, "not a ship on the table")
        for name in getattr(battle, "in_port", ()):
            left_out[name] = "in port under air attack: air raids need Flights (R-CARD-03)"
        why_not = self._why_not_tactical(battle, on_table)
        if why_not:
            return self._fall_back(campaign, battle, why_not)

        year = campaign_year(state.turn)
        number = battle_number(campaign.data, battle.area)
        dice = campaign.dice.spawn(state.turn, number)
        notes: list[str] = []
        time_of_day = self._time_of_day(campaign, battle, dice, notes)
        weather = "bad" if dice.d6(label=f"weather in {battle.area}", rule=RULE_TIME) in BAD_WEATHER_FACES else "good"
        index = self.cards(campaign.data)
        goals = objectives(campaign, battle, on_table, index)
        fleets = []
        for side in (Side.ALLIED, Side.AXIS):
            ships = []
            for name in on_table[side]:
                unit = campaign.unit_record(name)
                card = index.for_counter(name, year)
                lost = hull_lost_for(state.unit(name).damage, unit.defence or 0, card.hull)
                ships.append(ShipSpec(name=name, card=card, hull_lost=lost))
            fleets.append(FleetSpec(name=SIDE_NAMES[side], ships=ships, objective=goals[side]))
        width = float(min(200, max(72, 4 * max(len(f.ships) for f in fleets) + 24)))
        spec = self._spec(fleets, width, time_of_day, weather, campaign.state.seed, (state.turn, number), notes, year)
        report = resolve(spec, dice=dice)
        outcome = self._outcome(campaign, battle, spec, report, on_table, left_out, year, notes)
        if self.keep_reports:
            self.battles.append(TacticalBattle(battle.area, state.turn, year, spec, report, left_out, notes))
        return outcome

    @staticmethod
    def _why_not_tactical(battle: Battle, on_table: dict[Side, list[str]]) -> str | None:
        if getattr(battle, "surprise_rounds", 0):
            return "a surprise attack is an air strike: the bridge does not build Flights yet"
        missing = [s for s in (Side.ALLIED, Side.AXIS) if not on_table[s]]
        if len(missing) == 2:
            return "neither side has a ship for the table"
        if missing:
            return f"{'the Allies have' if missing[0] is Side.ALLIED else 'the Axis has'} no ship for the table"
        return None

    def _fall_back(self, campaign: Campaign, battle: Battle, why: str) -> BattleOutcome:
        if self.fallback is None:
            campaign.log("battle", f"No tactical battle in {battle.area}: {why}; nothing is fought", RULE_IN,
                         area=battle.area)
            return BattleOutcome(battle, narrative=[f"no tactical battle: {why}"])
        kind = getattr(battle, "kind", "battle")
        campaign.log("battle", f"{kind.capitalize()} in {battle.area} fought by the {self.fallback.name} "
                     f"rules: {why}", RULE_IN, area=battle.area)
        return self.fallback.resolve(campaign, battle)

    def _time_of_day(self, campaign: Campaign, battle: Battle, dice, notes: list[str]) -> str:
        """VITP: the declarations (Japan first, a die on disagreement); War at Sea: a die (R-CARD-05)."""
        if battle.theatre is Theatre.VITP:
            air = {side: sum(campaign.unit_record(n).air or 0 for n in names
                             if campaign.unit_record(n).type in (UnitType.CV, UnitType.CVL, UnitType.LBA))
                   for side, names in ((Side.ALLIED, battle.allied), (Side.AXIS, battle.axis))}
            axis = "day" if air[Side.AXIS] >= air[Side.ALLIED] else "night"
            allied = "day" if air[Side.ALLIED] >= air[Side.AXIS] else "night"
            if axis == allied:
                notes.append(f"both sides declare {axis} (R-CARD-05)")
                return axis
            faces = campaign.data.constant("vitp-day-night-japan-faces")
            roll = dice.d6(label=f"day or night in {battle.area}", rule="R-CMB-08")
            chosen = axis if roll in (faces if isinstance(faces, list) else [faces]) else allied
            notes.append(f"Japan declares {axis}, the Allies {allied}; the die ({roll}) gives {chosen} (R-CMB-08)")
            return chosen
        roll = dice.d6(label=f"day or night in {battle.area}", rule=RULE_TIME)
        return "night" if roll in WAS_NIGHT_FACES else "day"

    def _spec(self, fleets: list[FleetSpec], width: float, time_of_day: str, weather: str, seed: int,
              key: tuple[int, int], notes: list[str], year: int) -> BattleSpec:
        """The spec; night or bad weather the engine does not accept yet is dropped, with a note."""
        wanted = {"time_of_day": time_of_day, "weather": weather}
        for attempt in (wanted, {**wanted, "weather": "good"}, {"time_of_day": "day", "weather": "good"}):
            try:
                extra = {"year": year} if "year" in BattleSpec.model_fields else {}
                spec = BattleSpec(sides=(fleets[0], fleets[1]), table_width=width, turns=self.turns, seed=seed,
                                  key=key, **attempt, **extra)  # type: ignore[arg-type]
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

    def _outcome(self, campaign: Campaign, battle: Battle, spec: BattleSpec, report: BattleReport,
                 on_table: dict[Side, list[str]], left_out: dict[str, str], year: int,
                 notes: list[str]) -> BattleOutcome:
        state = campaign.state
        outcome = BattleOutcome(battle)
        loser = None
        if report.winner is not None:
            loser = Side.AXIS if report.winner == SIDE_NAMES[Side.ALLIED] else Side.ALLIED
        sunk, crippled, withdrew = [], [], []
        for side in (Side.ALLIED, Side.AXIS):
            for name in on_table[side]:
                unit: Unit = campaign.unit_record(name)
                ship = report.ship(name)
                result = UnitResult(name)
                if ship.sunk:
                    result.sunk = True
                    sunk.append(name)
                else:
                    defence = unit.defence or 0
                    prior = state.unit(name).damage
                    card_hull = next(s.card.hull for f in spec.sides for s in f.ships if s.name == name)
                    total = card_hull - ship.hull_end
                    result.damage = max(0, damage_points_for(total, defence, card_hull) - prior)
                    if ship.crippled:
                        result.disabled = True
                        crippled.append(name)
                    elif ship.withdrew or (side is loser and not ship.scouting):
                        result.withdrew = True
                        withdrew.append(name)
                if result != UnitResult(name):
                    outcome.results.append(result)
        kind = "night" if spec.time_of_day == "night" else "day"
        text = (f"Tactical battle in {battle.area} ({year}, {kind}, {spec.weather} weather, "
                f"{report.turns_played} turn(s)): Allies {report.objectives[0]} against Axis {report.objectives[1]}; "
                f"VP {report.victory_points[0]}-{report.victory_points[1]}; "
                + (f"{report.winner} win" if report.winner else "a draw")
                + (f"; sunk {', '.join(sunk)}" if sunk else "")
                + (f"; crippled {', '.join(crippled)}" if crippled else "")
                + (f"; withdrew {', '.join(withdrew)}" if withdrew else ""))
        campaign.log("battle", text, RULE_RESULTS, area=battle.area, winner=report.winner,
                     vp=list(report.victory_points), turns=report.turns_played)
        for note in notes:
            campaign.log("battle", f"  {battle.area}: {note}", RULE_TIME, area=battle.area)
        for name, why in left_out.items():
            campaign.log("battle", f"  {battle.area}: {name} stays out of the tactical battle: {why}", RULE_IN,
                         area=battle.area, unit=name)
        outcome.narrative = [text, *notes, *(f"{n}: {w}" for n, w in left_out.items()), *report.summary()]
        return outcome


def objectives(campaign: Campaign, battle: Battle, on_table: dict[Side, list[str]],
               cards: CardIndex | None = None) -> dict[Side, Objective]:
    """Fleet objectives from the strategic situation (R-CARD-06), the first rule that applies:

    1. a side escorting a convoy fights a Fighting Retreat; the other side Attrition (a matched pair, 000);
    2. a side with under half the other's fleet points makes a Last Stand; the other side Destroy!;
    3. the side that controls the area holds a Defence Line; the other side Sweep & Clear (or Breakout when all its
       ships there are raiding: VITP raiders pass through);
    4. nobody controls the area: both sides fight for Attrition.
    """
    year = campaign_year(campaign.state.turn)
    cards = cards or CardIndex(campaign.data)

    def points(side: Side) -> int:
        return sum(cards.for_counter(n, year).points for n in on_table[side])

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
