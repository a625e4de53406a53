"""The facts of a fought tactical battle that the turn's summary explains (:mod:`strategic.turn_summary`): what it
did to each campaign counter (:class:`~strategic.events.CounterFate`) and what each side's objective was judged
on (:class:`~strategic.events.ObjectiveCheck`), both carried by the :class:`~strategic.events.BattleFought` event.

A counter's fate follows its campaign result (R-CARD-07): sunk, eliminated, used up, crippled (disabled: back to
port, or staying in port), withdrew, else damaged (damage points added) or unharmed.  Its Hull is the table's: a
counter damaged before the battle comes in short of its card's Hull (R-CARD-04) and, at or below the card's
Crippled value, comes in crippled (it gives no victory points for that, R-TAC-13).  Victory points are the
engine's ``vp`` events of its pieces (000 War at Sea: Victory Points: fleet points, not Hull).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from strategic.combat import UnitResult
from strategic.events import CounterFate, CounterFateKind, ObjectiveCheck
from tactical import BattleReport, BattleSpec, battle_events


def objective_checks(report: BattleReport) -> list[ObjectiveCheck]:
    """Each side's objective facts, named by side (none for a report without them)."""
    return [ObjectiveCheck(side=side, objective=f.objective, level=f.level, vp=f.vp, enemy_vp=f.enemy_vp,
                           off_enemy_edge=f.off_enemy_edge, off_own_edge=f.off_own_edge, half_fleet=f.half_fleet,
                           quarters=f.quarters, enemy_all_crippled=f.enemy_all_crippled, sank_one=f.sank_one,
                           prize=f.prize, prize_sunk=f.prize_sunk)
            for side, f in zip(report.sides, report.objective_facts, strict=False)]


def _fate(result: UnitResult) -> CounterFateKind:
    if result.sunk:
        return "sunk"
    if result.eliminated:
        return "eliminated"
    if result.expended:
        return "used up"
    if result.disabled:
        return "crippled"
    if result.withdrew:
        return "withdrew"
    return "damaged" if result.damage else "unharmed"


def _vp_given(report: BattleReport) -> dict[str, int]:
    """Victory points each piece gave the enemy (the engine's ``vp`` events name the piece)."""
    given: dict[str, int] = {}
    for event in report.events:
        if isinstance(event, battle_events.VictoryPoints) and event.ship:
            given[event.ship] = given.get(event.ship, 0) + event.vp
    return given


def counter_fates(spec: BattleSpec, report: BattleReport, pieces: Mapping[str, str], sides: Mapping[str, str],
                  results: Iterable[UnitResult]) -> list[CounterFate]:
    """Each counter of the battle (``pieces``: piece on the table -> counter; ``sides``: counter -> side name) with
    its fate from its campaign result, its ships' Hull, the VP its pieces gave and its Flights lost."""
    by_name = {r.name: r for r in results}
    vp = _vp_given(report)
    specs = {s.name: s for fleet in spec.sides for s in fleet.ships}
    flights = {f.name: f for f in report.flights}
    fates: list[CounterFate] = []
    for counter in dict.fromkeys(pieces.values()):
        own = [p for p, c in pieces.items() if c == counter]
        result = by_name.get(counter, UnitResult(counter))
        facts: dict[str, int | bool] = {"vp": sum(vp.get(p, 0) for p in own)}
        if counter in specs:
            card, ship = specs[counter].card, report.ship(counter)
            facts |= {"hull_full": card.hull, "hull_start": ship.hull_start, "hull_end": ship.hull_end,
                      "came_in_crippled": ship.hull_start <= card.crippled}
        flown = [flights[p] for p in own if p in flights]
        if flown:
            facts |= {"flights": len(flown), "flights_lost": sum(1 for f in flown if f.lost)}
        fates.append(CounterFate(unit=counter, side=sides[counter], fate=_fate(result), damage=result.damage,
                                 **facts))  # type: ignore[arg-type]
    return fates
