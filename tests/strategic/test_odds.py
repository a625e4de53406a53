"""The odds advisor (Monte Carlo of a pending battle) against exact values, and `vas odds`."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest

from scenarios.loader import CampaignData
from scenarios.models import Side
from strategic.battles import TacticalResolver
from strategic.classic.resolver import ClassicResolver
from strategic.odds import battle_odds, mean_interval, wilson
from strategic.odds_workers import OddsCancelled, chunks
from strategic.saves import save
from strategic.state import Mode, Phase
from tests.strategic.engine_helpers import game, sea
from tui.cli import main


def asw_duel(data: CampaignData):
    """One British cruiser against one U-Boat in the North Atlantic (War at Sea, turn 2)."""
    c = game(data, turn=2, phase=Phase.COMBAT)
    sea(c, "Kent", "North Atlantic")
    sea(c, "U-Boat 1", "North Atlantic", Mode.SUBMARINE)
    return c


def test_asw_duel_matches_the_exact_chance(data: CampaignData) -> None:
    """One ASW die (asw-dice-per-ship) sinks the U-Boat on the asw-sink-faces: p = |faces| / 6 exactly."""
    c = asw_duel(data)
    per_ship = data.constant("asw-dice-per-ship")
    faces = data.constant("asw-sink-faces")
    assert per_ship == 1
    p = len(faces) / 6
    runs = 4000
    report = battle_odds(c, "North Atlantic", ClassicResolver(), runs=runs, seed=3)
    observed = report.sunk["U-Boat 1"] / runs
    assert abs(observed - p) < 4 * math.sqrt(p * (1 - p) / runs)
    assert sum(report.holds.values()) == runs and report.holds["allied"] > 0


def test_the_real_game_is_untouched_and_runs_are_reproducible(data: CampaignData) -> None:
    c = asw_duel(data)
    before = c.state.model_dump_json()
    first = battle_odds(c, "North Atlantic", ClassicResolver(), runs=200, seed=9)
    second = battle_odds(c, "North Atlantic", ClassicResolver(), runs=200, seed=9)
    assert c.state.model_dump_json() == before and c.dice.log == []
    assert (first.sunk, first.holds, first.losses) == (second.sunk, second.holds, second.losses)


def cruiser_duel(data: CampaignData):
    """Two British cruisers against Admiral Hipper in the North Atlantic, for the tactical table."""
    c = game(data, turn=2, phase=Phase.COMBAT)
    for name in ("Kent", "Norfolk", "Admiral Hipper"):
        sea(c, name, "North Atlantic")
    return c


def test_tactical_odds_are_exact_and_the_same_for_any_worker_count(data: CampaignData) -> None:
    """R-PERF-01: the tactical battle itself, 12 seeded runs; one worker and two give the same figures."""
    c = cruiser_duel(data)
    before = c.state.model_dump_json()
    reports = [battle_odds(c, "North Atlantic", TacticalResolver(), runs=12, seed=5, workers=w) for w in (1, 2)]
    assert c.state.model_dump_json() == before and c.dice.log == []
    for report in reports:
        assert report.resolver == "tactical" and report.runs == 12
        assert report.holds == {"allied": 7, "none": 5}
        assert report.sunk == {"Admiral Hipper": 6}
        assert report.out_of_battle == {"Admiral Hipper": 7, "Norfolk": 1}
        assert report.losses[Side.ALLIED] == {0: 12} and report.losses[Side.AXIS] == {0: 6, 1: 6}
    lines = reports[0].lines()
    assert lines[0] == "North Atlantic: 12 tactical battles (95% confidence intervals in brackets)"
    assert lines[1] == "holds the area: Allies 58% (32%-81%), nobody (both or neither) 42% (19%-68%)"
    assert lines[3].startswith("Axis: 0.50 units sunk on average (0.20-0.80); Admiral Hipper sunk 50% (25%-75%)")


def test_intervals_contain_their_point() -> None:
    """R-PERF-02: Wilson's interval for a chance (exact known values), the normal one for a mean."""
    assert wilson(7, 12) == pytest.approx((0.3195, 0.8067), abs=1e-4)
    for count, runs in ((0, 10), (3, 10), (10, 10), (1, 1000), (500, 1000)):
        low, high = wilson(count, runs)
        assert 0 <= low <= count / runs <= high <= 1
    mean, low, high = mean_interval(Counter({1: 7, 0: 5}))
    assert mean == pytest.approx(7 / 12) and low < mean < high
    assert high - mean == pytest.approx(1.959964 * math.sqrt((7 * (5 / 12) ** 2 + 5 * (7 / 12) ** 2) / 11 / 12))


def test_chunks_cover_every_run_in_order() -> None:
    assert chunks(20, 2) == [(0, 1), *((n, 1) for n in range(1, 20))]
    assert chunks(1000, 2) == [(n, 62) for n in range(0, 992, 62)] + [(992, 8)]


def test_progress_is_told_and_cancelling_stops(data: CampaignData) -> None:
    c = cruiser_duel(data)
    told: list[tuple[int, int]] = []
    battle_odds(c, "North Atlantic", ClassicResolver(), runs=5, seed=1, progress=lambda d, t: told.append((d, t)))
    assert told == [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]
    with pytest.raises(OddsCancelled):
        battle_odds(c, "North Atlantic", ClassicResolver(), runs=5, seed=1, cancelled=lambda: len(told) > 6,
                    progress=lambda d, t: told.append((d, t)))
    assert len(told) == 7
    with pytest.raises(OddsCancelled):
        battle_odds(c, "North Atlantic", TacticalResolver(), runs=4, seed=1, workers=2, cancelled=lambda: True)


def test_no_battle_there(data: CampaignData) -> None:
    c = asw_duel(data)
    with pytest.raises(KeyError, match=r"no battle in 'North Sea' now \(contested areas: North Atlantic\)"):
        battle_odds(c, "North Sea", ClassicResolver(), runs=10)


def test_vas_odds_on_a_save(data: CampaignData, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save(asw_duel(data), tmp_path / "duel.json")
    assert main(["odds", str(tmp_path / "duel.json"), "north atlantic", "--runs", "300", "--combat", "classic"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("North Atlantic: 300 classic battles") and "U-Boat 1 sunk" in out


def test_vas_odds_takes_the_saves_combat(data: CampaignData, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A tactical save's odds are the tactical battle's, with the figures of the library call."""
    c = cruiser_duel(data)
    c.state.combat = "tactical"
    save(c, tmp_path / "duel.json")
    assert main(["odds", str(tmp_path / "duel.json"), "North Atlantic", "--runs", "12", "--seed", "5",
                 "--workers", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "North Atlantic: 12 tactical battles (95% confidence intervals in brackets)"
    assert out[1].startswith("holds the area: Allies 58% (32%-81%), nobody (both or neither) 42%")
    assert out[-1].endswith("s, 2 workers)")
