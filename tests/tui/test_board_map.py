"""The drawn campaign map (issue #17): the layout draws every border, and places are selected with the keys and
the mouse, listing what the seated player may know of them and the orders possible there."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from scenarios.loader import CampaignData, load_data
from scenarios.models import Theatre
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.state import Mode, UnitStatus
from strategic.views import observe
from tests.strategic.engine_helpers import WithdrawResolver
from tui.app import CampaignScreen, Session, VictoryAtSeaApp
from tui.board_draw import COMPACT, FULL, Board, Marks, draw_theatre, touch
from tui.board_layout import theatre_cells
from tui.board_map import BoardMap

from .helpers import wait_for, wait_for_human


def _app(data: CampaignData) -> VictoryAtSeaApp:
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    return VictoryAtSeaApp(data, session=Session(campaign, Clock(campaign), {"allies"}))


@pytest.mark.parametrize("theatre", list(Theatre))
def test_every_border_of_a_theatre_joins_two_touching_boxes(data: CampaignData, theatre: Theatre) -> None:
    cells = theatre_cells(data, theatre)
    assert set(cells) == {n for n, a in data.areas.items() if a.theatre is theatre}
    inside = [e.areas for e in data.adjacency.values() if all(a in cells for a in e.areas)]
    assert len(inside) == (10 if theatre is Theatre.WAS else 26)
    assert [pair for pair in inside if touch(cells[pair[0]], cells[pair[1]]) is None] == []


def test_a_drawn_theatre_marks_its_borders_and_holds_every_port(data: CampaignData) -> None:
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    view = observe(campaign, "allies", orders=False, log=False)
    for zoom in (FULL, COMPACT):
        drawing = draw_theatre(Board(data, view, zoom), Theatre.WAS, Marks())
        assert set(drawing.regions) == {n for n, a in data.areas.items() if a.theatre is Theatre.WAS} | {
            n for n, p in data.ports.items() if p.theatre is Theatre.WAS}
        text = "\n".join(line.plain for line in drawing.lines)
        # the ten borders: four side by side, four one above the other, two corner to corner
        assert text.count("╞") == 4 and text.count("╥") == 4 and text.count("╲") + text.count("╱") == 2
        x, y, w, _ = drawing.regions["Germany"]
        assert drawing.lines[y].plain[x:x + w].startswith("■Germany")


def _selected(monkeypatch: pytest.MonkeyPatch) -> list[BoardMap.Selected]:
    """The Selected messages the map posts (recorded, then delivered as usual)."""
    posted: list[BoardMap.Selected] = []
    original = BoardMap.post_message

    def record(self: BoardMap, message: Any) -> bool:
        if isinstance(message, BoardMap.Selected):
            posted.append(message)
        return original(self, message)

    monkeypatch.setattr(BoardMap, "post_message", record)
    return posted


def _info(screen: CampaignScreen) -> str:
    return str(screen.query_one("#map-info").render())


async def test_keys_move_between_areas_and_enter_selects(data: CampaignData,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    posted = _selected(monkeypatch)
    app = _app(data)
    async with app.run_test(size=(160, 48)) as pilot:
        screen = await wait_for_human(pilot, app)
        board = screen.query_one(BoardMap)
        board.focus()
        await pilot.press("tab")
        assert board.cursor == "Barents Sea"
        await pilot.press("down")
        assert board.cursor == "North Sea"
        await pilot.press("tab")
        assert board.cursor == "England"  # the North Sea's port comes after it
        await pilot.press("enter")
        await wait_for(pilot, lambda: posted, "the Selected message")
        assert (posted[0].place, posted[0].kind, posted[0].theatre) == ("England", "port", Theatre.WAS)
        info = await wait_for(pilot, lambda: "England — major port" in _info(screen) and _info(screen),
                              "the listing of England")
        assert "Your units (1): UK LBA in port: Allied LBA\n" in info
        assert "Orders here (47): arrive: Nelson at England;" in info
        await pilot.press("left", "enter")  # from a port, the arrows start at its area
        assert board.selected == "North Atlantic" and posted[-1].kind == "area"
        await pilot.press("escape")
        assert not board.has_focus


async def test_a_click_selects_and_lists_own_and_enemy_units(data: CampaignData,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    posted = _selected(monkeypatch)
    app = _app(data)
    async with app.run_test(size=(160, 48)) as pilot:
        screen = await wait_for_human(pilot, app)
        board = screen.query_one(BoardMap)
        for place in ("Coral Sea", "Yokosuka Navy Yard"):
            board.move_cursor(place)  # scrolled into sight
            await pilot.pause()
            x, y, _, _ = board.drawing.regions[place]
            content = board.content_region  # on the screen, moved by the scrolling
            await pilot.click(offset=(content.x + x + 2, content.y + y + (place in data.areas)))
            await wait_for(pilot, lambda p=place: posted and posted[-1].place == p, f"a click on {place}", 30)
            assert board.selected == place
        coral = str(posted[-2].place)
        assert coral == "Coral Sea"
        info = _info(screen)
        assert info.startswith("Yokosuka Navy Yard — major port (VITP), owner Axis")
        assert "Enemy units (as you know them) (21): JP BB " in info and "JP AMPH in port: Yokosuka NLF" in info
        board.select("Coral Sea")
        await pilot.pause()
        info = _info(screen)
        assert "Your units (1): AU CA patrolling: Australia\n" in info
        assert "Enemy units" not in info


def test_an_area_added_with_data_gets_a_box_in_an_extra_row(tmp_path: Path) -> None:
    (tmp_path / "extra.yaml").write_text("""
areas:
  - name: Denmark Strait
    theatre: WAS
    source: test
    confidence: reconstructed
    poc:
      allied: {value: 1, track: WAS, source: test, confidence: reconstructed}
      axis: {value: 2, track: WAS, source: test, confidence: reconstructed}
adjacency:
  - {areas: [Denmark Strait, North Atlantic], source: test, confidence: reconstructed}
""")
    data = load_data([tmp_path])
    cells = theatre_cells(data, Theatre.WAS)
    assert (cells["Denmark Strait"].row, cells["Denmark Strait"].col) == (4, 0)
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    view = observe(campaign, "allies", orders=False, log=False)
    drawing = draw_theatre(Board(data, view, FULL), Theatre.WAS, Marks())
    x, y, w, _ = drawing.regions["Denmark Strait"]
    assert [line.plain[x:x + w].rstrip() for line in drawing.lines[y:y + 4]] == [
        "┌ Denmark Strait ──────┐", "│A1 X2                 │", "│↔NAt                  │", "└──────────────────────┘"]
    compact = draw_theatre(Board(data, view, COMPACT), Theatre.WAS, Marks())
    x, y, w, _ = compact.regions["Denmark Strait"]
    assert compact.lines[y + 1].plain[x:x + w] == "│A1 X2 ↔      │"


def test_stacks_show_type_mode_and_the_battle_marks(data: CampaignData) -> None:
    """Units at sea by nation and type (raiding ``r``, disabled ``d``), both sides at sea ``vs``, a pending battle
    ``BATTLE`` (the view's pending battles)."""
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    view = observe(campaign, "allies", orders=False, log=False)
    units = dict(view.units)
    german = [n for n, u in units.items() if u.nation == "DE" and u.type.value in ("BB", "PB")][:3]
    british = [n for n, u in units.items() if u.nation == "UK" and u.type.value == "CA"][:2]
    for name in german:
        units[name] = replace(units[name], status=UnitStatus.SEA, place="North Atlantic", mode=Mode.RAID)
    for i, name in enumerate(british):
        units[name] = replace(units[name], status=UnitStatus.SEA, place="North Atlantic", mode=Mode.PATROL,
                              disabled=i == 1)
    view = replace(view, units=units, pending_battles=("North Sea",))
    drawing = draw_theatre(Board(data, view, FULL), Theatre.WAS, Marks())

    def box_lines(area: str) -> list[str]:
        x, y, w, h = drawing.regions[area]
        return [line.plain[x + 1:x + w - 1].rstrip() for line in drawing.lines[y + 1:y + h - 1]]

    kinds = sorted(units[n].type.value for n in german)
    german_tokens = " ".join(f"r{k}{kinds.count(k)}" for k in sorted(set(kinds), key=["BB", "BC", "PB"].index))
    assert box_lines("North Atlantic")[:3] == ["A1 X3 vs", "UK:CA1 CA1d", f"DE:{german_tokens}"]
    assert box_lines("North Sea")[0] == "A1 X2 BATTLE"


async def test_t_switches_the_theatre_and_z_the_zoom(data: CampaignData) -> None:
    app = _app(data)
    async with app.run_test(size=(160, 48)) as pilot:
        screen = await wait_for_human(pilot, app)
        board = screen.query_one(BoardMap)
        assert board.drawing.areas >= {"North Sea", "Coral Sea"} and "Barents Sea" in board.drawing.order
        assert board.drawing.regions["Barents Sea"][2] == COMPACT.width  # both do not fit in full boxes
        board.focus()
        await pilot.press("t")
        assert board.drawing.areas == {n for n, a in data.areas.items() if a.theatre is Theatre.WAS}
        assert board.drawing.regions["Barents Sea"][2] == FULL.width  # War at Sea alone fits in full boxes
        await pilot.press("t")
        assert "Coral Sea" in board.drawing.areas and "North Sea" not in board.drawing.areas
        await pilot.press("z")
        assert board.drawing.regions["Coral Sea"][2] == 5 * FULL.width + 4 * FULL.gap
        await pilot.press("t")
        assert {"North Sea", "Coral Sea"} <= board.drawing.areas
