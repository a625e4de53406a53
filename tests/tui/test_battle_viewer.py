"""The battle viewer: replaying a tactical battle log phase by phase."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from scenarios.loader import CampaignData
from tactical.battle import resolve
from tactical.demos import demo_spec
from tui.app import StartScreen, VictoryAtSeaApp
from tui.battle_viewer import BattleViewerScreen, load_log, replay, steps_of
from tui.cli import main


@pytest.fixture(scope="module")
def battle(data: CampaignData) -> dict:
    return resolve(demo_spec("cruiser-action", 1, data)).to_json()


def test_replay_to_the_end_matches_the_report(battle: dict) -> None:
    ships, _ = replay(battle, len(battle["events"]))
    for result in battle["ships"]:
        view = ships[result["name"]]
        assert view.hull == (0 if result["sunk"] else result["hull_end"])
        assert (view.sunk, view.crippled, view.withdrew) == (result["sunk"], result["crippled"], result["withdrew"])
        assert view.criticals == result["criticals"]


def test_replay_at_deployment_puts_every_ship_on_the_table(battle: dict) -> None:
    deployed = next(i for i, e in enumerate(battle["events"]) if e["kind"] == "deploy")
    ships, _ = replay(battle, deployed + 1)
    side = battle["events"][deployed]["side"]
    assert all(s.pos is not None for s in ships.values() if s.side == side)
    assert all(s.hull == s.hull_start for s in ships.values())


def test_steps_are_phase_boundaries(battle: dict) -> None:
    steps = steps_of(battle["events"])
    keys = [(battle["events"][i]["turn"], battle["events"][i]["phase"]) for i in steps]
    assert steps[0] == 0 and len(keys) == len(set(keys))


async def test_stepping_forward_and_back(data: CampaignData, battle: dict) -> None:
    app = VictoryAtSeaApp(data, battle_log=battle)
    async with app.run_test(size=(180, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleViewerScreen)
        assert "step 1/" in str(screen.query_one("#bv-status", Static).render())
        await pilot.press("n", "n", "n")
        assert screen.position == 3
        await pilot.press("p")
        assert screen.position == 2
        await pilot.press("G")
        status = str(screen.query_one("#bv-status", Static).render())
        assert f"step {len(screen.steps)}/{len(screen.steps)}" in status and "wins" in status
        await pilot.press("escape")
        assert isinstance(app.screen, StartScreen)


async def test_start_screen_fights_and_opens_the_viewer(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data)
    async with app.run_test(size=(180, 60)) as pilot:
        await pilot.pause(0.3)
        await pilot.click("#fight")
        for _ in range(200):
            await pilot.pause(0.05)
            if isinstance(app.screen, BattleViewerScreen):
                break
        assert isinstance(app.screen, BattleViewerScreen)
        assert app.screen.battle["sides"] == ["US Navy", "Imperial Japanese Navy"]


def test_bad_battle_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "x.json").write_text('{"turn": 1}')
    assert main(["play", "--battle-log", str(tmp_path / "x.json")]) == 1
    assert "x.json: not a battle log (needs sides, ships and events)" in capsys.readouterr().err
    with pytest.raises(ValueError, match="not a readable battle log"):
        load_log(tmp_path / "missing.json")
