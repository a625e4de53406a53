"""Seeded demo battles keep their invariants (issues 5 and 6 "Done when"): hull never above its start, no ship
acts after sinking, no Flight after it is lost, critical scores within 0..6, VP totals equal the sum of the
events, a Flight or ship gives at most its points, the same seed gives the same report.  The default run plays six
battles of each demo; ``pytest -m slow`` plays 1,000 of each (each twice)."""

from __future__ import annotations

import pytest

from scenarios.loader import load_data
from tactical import battle_events as ev
from tactical.battle import BattleReport, resolve
from tactical.demos import DEMOS, demo_spec

ACTS = {"move", "order", "attack", "hold_fire", "misfire", "damage_control", "smoke"}
AIR_ACTS = {"air_move", "air_attack", "air_contact", "launch", "recover", "dogfight_start"}


def check_invariants(report: BattleReport) -> None:
    start = {s.name: s.hull_start for s in report.ships}
    points = {s.name: s.points for s in report.ships}
    sunk_at: dict[str, int] = {}
    lost_at: dict[str, int] = {}
    points.update({f.name: f.points for f in (*report.flights, *report.mtbs)})
    vp = dict.fromkeys(report.sides, 0)
    per_ship: dict[str, int] = {}
    for index, event in enumerate(report.events):
        if isinstance(event, ev.HullLost):
            assert 0 <= event.hull <= start[event.ship]
        if isinstance(event, ev.CriticalHit | ev.DevastatingIgnored | ev.ShoreCritical | ev.Critical2D6):
            assert 0 <= event.score <= 6
        if isinstance(event, ev.Sunk):
            assert event.ship not in sunk_at
            sunk_at[event.ship] = index
        if event.kind in ACTS and event.ship in sunk_at:
            raise AssertionError(f"{event.ship} acts after sinking: {event.text}")
        if isinstance(event, ev.ShotDown | ev.KamikazeSpent | ev.ShotDownOverCarrier | ev.LostWithCarrier):
            assert event.ship not in lost_at
            lost_at[event.ship] = index
        if event.kind in AIR_ACTS and event.ship in lost_at:
            raise AssertionError(f"{event.ship} acts after it was lost: {event.text}")
        if isinstance(event, ev.VictoryPoints):
            vp[event.side] += event.vp
            per_ship[event.ship] = per_ship.get(event.ship, 0) + event.vp
    assert tuple(vp[s] for s in report.sides) == report.victory_points
    for ship in report.ships:
        assert ship.hull_end <= ship.hull_start
        assert all(0 <= v <= 6 for v in ship.criticals.values())
        assert per_ship.get(ship.name, 0) <= points[ship.name]
        if ship.sunk:
            assert per_ship[ship.name] == points[ship.name] and ship.hull_end == 0
    assert report.turns_played <= 8
    assert set(report.flights_lost) == set(lost_at) == {f.name for f in report.flights if f.lost}


def sweep(per_demo: int, twice: bool) -> None:
    data = load_data()
    for name in DEMOS:
        for seed in range(per_demo):
            spec = demo_spec(name, seed, data)
            report = resolve(spec)
            check_invariants(report)
            if twice:
                assert resolve(spec) == report


def test_six_seeded_battles_of_each_demo() -> None:
    sweep(6, twice=False)


def test_a_few_battles_replay_identically() -> None:
    data = load_data()
    for name in ("cruiser-action", "carrier-clash", "convoy"):
        spec = demo_spec(name, 99, data)
        assert resolve(spec) == resolve(spec)


@pytest.mark.slow
def test_a_thousand_seeded_battles_of_each_demo_twice() -> None:
    sweep(1000, twice=True)
