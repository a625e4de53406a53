"""The odds advisor (Monte Carlo of a pending battle) against exact values, and `vas odds`."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from scenarios.loader import CampaignData
from strategic.classic.resolver import ClassicResolver
from strategic.odds import battle_odds
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


def test_no_battle_there(data: CampaignData) -> None:
    c = asw_duel(data)
    with pytest.raises(KeyError, match=r"no battle in 'North Sea' now \(contested areas: North Atlantic\)"):
        battle_odds(c, "North Sea", ClassicResolver(), runs=10)


def test_vas_odds_on_a_save(data: CampaignData, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save(asw_duel(data), tmp_path / "duel.json")
    assert main(["odds", str(tmp_path / "duel.json"), "north atlantic", "--runs", "300"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("North Atlantic: 300 classic battles") and "U-Boat 1 sunk" in out
