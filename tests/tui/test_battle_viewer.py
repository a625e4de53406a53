"""The battle viewer: replaying a tactical battle log phase by phase."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Button, Static

from scenarios.loader import CampaignData
from tactical.battle import resolve
from tactical.demos import demo_spec
from tui.app import StartScreen, VictoryAtSeaApp
from tui.battle_viewer import (
    FLIGHT_GLYPHS,
    INSTALLATION_GLYPH,
    MELEE_GLYPH,
    BattleViewerScreen,
    load_log,
    replay,
    steps_of,
)
from tui.cli import main

from .helpers import wait_for

AIR_MOVE = re.compile(r"to \((-?[\d.]+), (-?[\d.]+)\)$")


@pytest.fixture(scope="module")
def battle(data: CampaignData) -> dict:
    return resolve(demo_spec("cruiser-action", 1, data)).to_json()


def logged(name: str, seed: int, data: CampaignData) -> dict:
    """A demo battle's log as ``vas battle --log`` writes it (with its ``spec``)."""
    spec = demo_spec(name, seed, data)
    return {**resolve(spec).to_json(), "spec": spec.model_dump(mode="json")}


@pytest.fixture(scope="module")
def carriers(data: CampaignData) -> dict:
    return logged("carrier-clash", 3, data)


@pytest.fixture(scope="module")
def carriers8(data: CampaignData) -> dict:
    return logged("carrier-clash", 8, data)


@pytest.fixture(scope="module")
def convoy(data: CampaignData) -> dict:
    return logged("convoy", 2, data)


def step_of(log: dict, turn: int, phase: str) -> int:
    """The viewer's step number (0-based) of ``turn``'s ``phase``."""
    return next(i for i, at in enumerate(steps_of(log["events"]))
                if (log["events"][at]["turn"], log["events"][at]["phase"]) == (turn, phase))


async def open_at(pilot, screen: BattleViewerScreen, step: int) -> list[str]:
    """Step the viewer to ``step`` with the keys and return the table's lines inside the border."""
    for _ in range(step):
        await pilot.press("n")
    await pilot.pause()
    assert screen.position == step
    return [line[1:-1] for line in screen.table_text.plain.splitlines()[1:-1]]


def test_replay_to_the_end_matches_the_report(battle: dict) -> None:
    ships = replay(battle, len(battle["events"])).ships
    for result in battle["ships"]:
        view = ships[result["name"]]
        assert view.hull == (0 if result["sunk"] else result["hull_end"])
        assert (view.sunk, view.crippled, view.withdrew) == (result["sunk"], result["crippled"], result["withdrew"])
        assert view.criticals == result["criticals"]


def test_replay_at_deployment_puts_every_ship_on_the_table(battle: dict) -> None:
    deployed = next(i for i, e in enumerate(battle["events"]) if e["kind"] == "deploy")
    ships = replay(battle, deployed + 1).ships
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
        start = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, StartScreen) else None,
                               "the start screen")
        start.query_one("#fight", Button).press()  # a click would miss it when the screen is scrolled
        await wait_for(pilot, lambda: isinstance(app.screen, BattleViewerScreen) and app.screen.is_mounted,
                       "the battle viewer, mounted")  # ending the app while it mounts is textual's race
        assert app.screen.battle["sides"] == ["US Navy", "Imperial Japanese Navy"]


def test_bad_battle_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "x.json").write_text('{"turn": 1}')
    assert main(["play", "--battle-log", str(tmp_path / "x.json")]) == 1
    assert "x.json: not a battle log (needs sides, ships and events)" in capsys.readouterr().err
    with pytest.raises(ValueError, match="not a readable battle log"):
        load_log(tmp_path / "missing.json")


def test_flights_end_with_the_reported_fates(carriers: dict, convoy: dict) -> None:
    for log in (carriers, convoy):
        flights = replay(log, len(log["events"])).flights
        assert {f["name"]: f["fate"] for f in log["flights"]} == {n: f.fate for n, f in flights.items()}
    flights = replay(carriers, 0).flights
    assert {f.fate for f in flights.values()} == {"aboard"}
    assert flights["Yorktown VF-1"].role == "fighter" and flights["Shokaku T-1"].role == "torpedo_bomber"


async def test_flights_are_drawn_where_the_log_puts_them(data: CampaignData, carriers8: dict) -> None:
    """Turn 6 of carrier-clash seed 8: Shokaku B-3 flies to (24.3, 5.7), alone in its cell, and is shot down by
    USS Yorktown's guns in the Gunnery Phase; the table shows it as a strike Flight of the second side, then not."""
    events = carriers8["events"]
    move = next(e for e in events if e["kind"] == "air_move" and e["ship"] == "Shokaku B-3" and e["turn"] == 6)
    x, y = (float(v) for v in AIR_MOVE.search(move["text"]).groups())  # type: ignore[union-attr]
    assert (x, y) == (24.3, 5.7)
    app = VictoryAtSeaApp(data, battle_log=carriers8)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleViewerScreen)
        lines = await open_at(pilot, screen, step_of(carriers8, 6, "movement"))
        assert screen.geometry is not None and screen.geometry.scale == 1.0  # one column per inch
        col, row = screen.geometry.cell(x, y)
        assert (col, row) == (24, screen.geometry.rows - 1 - 2)
        assert lines[row][col] == FLIGHT_GLYPHS[1][1]
        assert screen.scene is not None and screen.scene.flights["Shokaku B-3"].pos == (x, y)
        # every Flight in the air is drawn in its cell or beside it (never on a ship's letter)
        for flight in screen.scene.flights.values():
            if flight.fate == "airborne":
                c, r = screen.geometry.cell(*flight.pos)  # type: ignore[misc]
                near = lines[r][max(c - 2, 0):c + 3]
                assert set(near) & {*FLIGHT_GLYPHS[0], *FLIGHT_GLYPHS[1], MELEE_GLYPH}, flight.name
        await pilot.press("n")  # the Gunnery Phase: shot down
        await pilot.pause()
        lines = [line[1:-1] for line in screen.table_text.plain.splitlines()[1:-1]]
        assert screen.scene.flights["Shokaku B-3"].fate == "destroyed"
        assert lines[row][col] == "·"
        panel = str(screen.query_one("#bv-flight-text", Static).render())
        assert "Shokaku B-3" in panel and "destroyed by USS Yorktown Light Guns" in panel


async def test_a_hidden_submarine_is_not_shown(data: CampaignData, convoy: dict) -> None:
    """Convoy seed 2, turn 1: U-96 (letter a) and U-552 (b) are placed running deep, unseen in the Movement
    Phase; USS England detects U-552 in the Gunnery Phase, and it appears where its next move starts; U-96 is never
    seen (it slips away), U-201 (c) stays hidden in its Sector."""
    start = next(e for e in convoy["events"] if e["kind"] == "move" and e["ship"] == "U-552")
    x, y = (float(v) for v in re.search(r"from \(([\d.]+), ([\d.]+)\)", start["text"]).groups())  # type: ignore
    app = VictoryAtSeaApp(data, battle_log=convoy)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleViewerScreen)
        lines = await open_at(pilot, screen, step_of(convoy, 1, "movement"))
        assert screen.scene is not None and screen.scene.ships["U-96"].pos is not None  # on the table ...
        assert not any(ch in "abc" for line in lines for ch in line)  # ... but not drawn
        cards = str(screen.query_one("#bv-card-text", Static).render())
        assert "running deep, unseen" in cards and "hidden in Sector 9" in cards
        await pilot.press("n")
        await pilot.pause()
        lines = [line[1:-1] for line in screen.table_text.plain.splitlines()[1:-1]]
        assert screen.geometry is not None
        col, row = screen.geometry.cell(x, y)
        assert lines[row][col] == "b"
        assert not any(ch in "ac" for line in lines for ch in line)


async def test_arcs_and_installations(data: CampaignData, battle: dict) -> None:
    """``s`` selects a ship, ``a`` dots its arcs; an installation the spec places is its letter and a square."""
    log = {**battle, "ships": [*battle["ships"], {"name": "Shore AA", "side": battle["sides"][0], "card": "Medium AA",
                                                  "hull_start": 4, "hull_end": 4, "type": "installation",
                                                  "criticals": {"engine": 0, "weapons": 0, "crew": 0}}],
           "spec": {"shore_batteries": [{"name": "Shore AA", "pos": [10.0, 4.0]}]}}
    app = VictoryAtSeaApp(data, battle_log=log)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleViewerScreen)
        assert screen.geometry is not None
        col, row = screen.geometry.cell(10.0, 4.0)
        line = screen.table_text.plain.splitlines()[row + 1]
        assert line[col + 2] == INSTALLATION_GLYPH
        await pilot.press("G", "s", "a")
        await pilot.pause()
        assert screen.selected is not None and screen.arcs
        assert "arcs" in str(screen.query_one("#bv-legend", Static).render())
        spans = {str(span.style) for span in screen.table_text.spans}
        assert {"yellow", "green", "magenta", "red"} <= spans
        await pilot.press("a")
        await pilot.pause()
        assert "yellow" not in {str(span.style) for span in screen.table_text.spans}


def test_each_ship_of_a_fleet_of_up_to_49_has_its_own_mark() -> None:
    from tui.battle_viewer import ship_letter

    first = [ship_letter(0, i) for i in range(49)]
    second = [ship_letter(1, i) for i in range(49)]
    assert len(set(first)) == len(set(second)) == 49 and not set(first) & set(second)
    assert first[:3] == ["A", "B", "C"] and first[26] == "0" and first[36] == "Γ"
    assert second[:3] == ["a", "b", "c"] and second[26] == "α"
    assert ship_letter(0, 51) == "A"  # the 52nd ship: the marks again
