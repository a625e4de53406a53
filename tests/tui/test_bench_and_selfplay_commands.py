"""`vas selfplay` and `vas bench` as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scenarios.loader import CampaignData
from tactical.battle import resolve
from tui.bench_command import fleet_spec
from tui.cli import main


def test_selfplay_report(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["selfplay", "--games", "2", "--seed", "5", "--axis", "easy", "--allies", "normal",
                 "--json", str(tmp_path / "r.json")])
    out = capsys.readouterr().out
    assert code == 0
    assert "seeds 5..6, Axis AI easy, Allied AI normal" in out
    assert "winner:" in out and "POC WAS by turn" in out and "units sunk per game" in out
    results = json.loads((tmp_path / "r.json").read_text())
    assert [r["seed"] for r in results] == [5, 6]


@pytest.mark.parametrize("size", [4, 12, 30])
def test_bench_fleets_are_valid_battles(data: CampaignData, size: int) -> None:
    spec = fleet_spec(data, size, seed=1)
    assert [len(f.ships) for f in spec.sides] == [size, size]
    assert len({s.name for f in spec.sides for s in f.ships}) == 2 * size
    if size == 4:
        report = resolve(spec)
        assert 1 <= report.turns_played <= spec.turns
        assert sum(report.victory_points) > 0


@pytest.mark.slow
def test_bench_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--skip-tactical-campaign"]) == 0
    out = capsys.readouterr().out
    for label in ("tactical battles/s, 4v4", "12v12", "30v30", "engine / numpy per die",
                  "classic battles/s", "campaigns/s, classic combat", "campaigns/s, tactical combat"):
        assert label in out
