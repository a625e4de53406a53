"""What the command screen's table draws (issue #16, R-VIEW-10): each ship's heading beside its letter even 1" from
another ship, a planned move's ghost with the ship's letter, the Sectors of the side's own hidden submarines (never
the enemy's), the MTB Sections, and this turn's tracks of Flights and MTB Sections, from the side's view only."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from scenarios.loader import load_data
from tactical import MTBSpec, Seat, battle_events, demo_spec, resolve
from tui.battle_viewer import (
    ARROWS,
    BOAT_GLYPHS,
    SUB_GLYPH,
    TRACK_DOT,
    Scene,
    ShipView,
    Track,
    draw_table,
    table_geometry,
)
from tui.command_screen import legend_of
from tui.table_prompts import Prompt, prompt_for


def _rows(text: Any) -> list[str]:
    return [row[1:-1] for row in text.plain.split("\n")[1:] if row.startswith("│")]  # inside the border


def _first_prompt(spec: Any, side: int, wanted: Callable[[Prompt], bool]) -> Prompt:
    """The prompt of the first question of ``side`` for which ``wanted`` holds (the AI answers every question)."""
    found: list[Prompt] = []

    def ask(q: Any, battle: Any, advice: Any) -> Any:
        if not found:
            prompt = prompt_for(q, battle, advice, "player")
            if wanted(prompt):
                found.append(prompt)
        return advice()

    seats: list[Seat | None] = [None, None]
    seats[side] = Seat(side, ask=ask)
    resolve(spec, tuple(seats))  # type: ignore[arg-type]
    assert found, "no question where the prompt holds"
    return found[0]


def test_two_ships_an_inch_apart_each_keep_their_heading() -> None:
    ships = {"Alpha": ShipView("Alpha", "Blue", "c", 4, 4, "A", pos=(10.2, 20.0), heading=90.0),
             "Bravo": ShipView("Bravo", "Blue", "c", 4, 4, "B", pos=(11.2, 20.0), heading=0.0),
             "Charlie": ShipView("Charlie", "Red", "c", 4, 4, "a", pos=(30.5, 20.0), heading=180.0)}
    log = {"sides": ["Blue", "Red"], "spec": {"table_width": 48, "table_height": 48}}
    rows = _rows(draw_table(Scene(ships, {}, [], 1), log))
    row = rows[len(rows) - 1 - 10]  # 20" up: the 11th row from the south edge
    assert row[9:13] == "→AB↑"  # Alpha's arrow goes before it: Bravo's letter holds the cell after it
    assert row[30:32] == "a↓"


def test_a_planned_moves_ghost_carries_the_ships_letter() -> None:
    prompt = _first_prompt(demo_spec("cruiser-action", 0), 0, lambda p: p.question.question == "plan_move")
    ship = prompt.question.ship
    assert ship is not None
    letter = prompt.scene.ships[ship].letter
    assert prompt.choices and all(c.ghosts[0][2] == letter for c in prompt.choices)
    choice = next(c for c in prompt.choices if math.dist(c.ghosts[0][0], prompt.scene.ships[ship].pos) > 3)
    (x, y), heading = choice.ghosts[0][:2]
    geo = table_geometry(prompt.scene, prompt.log)
    c, r = geo.cell(x, y)
    drawn = _rows(draw_table(prompt.scene, prompt.log, ghosts=list(choice.ghosts)))[r]
    bare = _rows(draw_table(prompt.scene, prompt.log))[r]
    assert drawn[c:c + 2] == letter + ARROWS[round(heading / 45) % 8] != bare[c:c + 2]


def test_the_sides_own_hidden_submarines_sectors_are_drawn_never_the_enemys() -> None:
    spec = demo_spec("convoy", 0)
    axis = _first_prompt(spec, 1, lambda p: True)
    hidden = {n: s for n, s in axis.scene.ships.items() if s.kind == "submarine" and s.sector}
    assert sorted(hidden) == ["U-201", "U-552", "U-96"]
    assert {n: s.sector for n, s in hidden.items()} == {"U-96": 15, "U-552": 16, "U-201": 9}
    plain = draw_table(axis.scene, axis.log).plain
    assert all(f"{s.letter}{SUB_GLYPH}" in plain for s in hidden.values()) and "┆" in plain
    assert "U-96 4/4 hidden in Sector 15 (a≈)" in legend_of(axis, None).plain
    allies = _first_prompt(spec, 0, lambda p: True)
    assert not [s for s in allies.scene.ships.values() if s.kind == "submarine"]  # not in the Allies' view
    plain = draw_table(allies.scene, allies.log).plain
    assert "┆" not in plain and SUB_GLYPH not in plain


def _pt_boats() -> Any:
    spec = demo_spec("cruiser-action", 0)
    card = load_data().mtbs["Elco 80ft PT"]
    return spec.model_copy(update={"mtbs": [MTBSpec(name=f"PT-{n}", side=0, card=card) for n in (109, 110)]})


def test_mtb_sections_and_their_moves_this_turn_are_drawn() -> None:
    prompt = _first_prompt(_pt_boats(), 1, lambda p: bool(p.scene.tracks))  # the enemy's boats, in its view
    moves = [e for e in prompt.view.log if isinstance(e, battle_events.MTBMoved)]
    now = [e for e in moves if e.turn == prompt.view.turn]
    before = {e.ship: e.pos for e in moves if e.turn < prompt.view.turn}
    assert prompt.scene.tracks == [Track(e.side or "", before[e.ship or ""], e.pos) for e in now if e.ship in before]
    assert {n: b.pos for n, b in prompt.scene.boats.items()} == {
        n: b.pos for n, b in prompt.view.boats.items() if b.pos is not None and b.status.value == "active"}
    plain = draw_table(prompt.scene, prompt.log).plain
    assert BOAT_GLYPHS[0] in plain and TRACK_DOT in plain
    assert "MTB Section: " in legend_of(prompt, None).plain


def test_flights_moves_this_turn_are_drawn_from_where_they_started() -> None:
    prompt = _first_prompt(demo_spec("carrier-clash", 0), 0, lambda p: bool(p.scene.tracks))
    flown = [Track(e.side or "", e.start, e.pos) for e in prompt.view.log
             if isinstance(e, battle_events.FlightMoved) and e.turn == prompt.view.turn]
    assert prompt.scene.tracks == flown and flown
    assert TRACK_DOT in draw_table(prompt.scene, prompt.log).plain


def _boat_before_a_destroyer() -> Any:
    """Side 1's hidden boat comes before its destroyer in the battle's order (R-VIEW-26)."""
    from tactical.state import Depth, Status
    from tests.tactical.helpers import make_battle
    from tests.tactical.test_submarines import hunter_card, sub_card

    battle = make_battle([("DE", hunter_card(), 0, (30.0, 25.0), 0.0), ("U-99", sub_card(), 1, (30.0, 20.0), 0.0),
                          ("Z1", hunter_card(), 1, (40.0, 10.0), 180.0)])
    boat = battle.ship("U-99")
    boat.status, boat.pos, boat.depth, boat.sector = Status.HIDDEN, None, Depth.DEEP, 14
    return battle


def test_no_gap_in_the_enemys_letters_tells_of_a_hidden_boat() -> None:
    """R-VIEW-26: the enemy's destroyer is its first letter while its boat hides, and keeps it once the boat is seen;
    the boat's own side letters its surface ships first too, so both sides letter the table alike."""
    from tactical import known_battle
    from tactical.state import Status
    from tactical.views import observe
    from tui.table_prompts import scene_of, table_letters

    battle = _boat_before_a_destroyer()
    hunter = observe(battle, 0)
    assert table_letters(hunter, battle) == {"DE": "A", "Z1": "a"}
    assert {n: s.letter for n, s in scene_of(hunter, known_battle(battle, 0))[0].ships.items()} == {"DE": "A",
                                                                                                    "Z1": "a"}
    assert table_letters(observe(battle, 1), battle) == {"DE": "A", "Z1": "a", "U-99": "b"}
    battle.ship("U-99").status, battle.ship("U-99").pos = Status.ACTIVE, (30.0, 18.0)  # come up on the table
    assert table_letters(observe(battle, 0), battle) == {"DE": "A", "Z1": "a", "U-99": "b"}


def test_a_seat_is_asked_with_its_sides_known_battle() -> None:
    """R-VIEW-26: the screen's questions come with the battle as the side knows it: the Allies' seat in the convoy
    battle never finds the U-Boats hidden in their Sectors, nor a letter left for them."""
    from tactical import HiddenFact
    from tactical.known import KnownBattle

    spec = demo_spec("convoy", 0)
    asked: list[Any] = []

    def ask(q: Any, battle: Any, advice: Any) -> Any:
        assert isinstance(battle, KnownBattle) and battle.side == 0
        assert not [s for s in battle.state.ships.values() if s.side == 1 and s.status.value == "hidden"]
        try:
            _ = battle.dice
        except HiddenFact:
            pass
        else:
            raise AssertionError("a seat's battle has no dice")
        asked.append(prompt_for(q, battle, advice, "player"))
        return advice()

    resolve(spec, (Seat(0, ask=ask), None))  # type: ignore[arg-type]
    assert len(asked) > 5
    for prompt in asked:
        letters = sorted(s.letter for s in prompt.scene.ships.values() if s.letter.islower())
        assert letters == [chr(ord("a") + i) for i in range(len(letters))]  # no gap


def test_a_side_with_no_ship_on_the_table_says_so_in_the_key() -> None:
    """R-UI-132 (play-test): an Axis side of Flights only (a surprise attack) had an empty "Axis:" line."""
    prompt = _first_prompt(demo_spec("carrier-clash", 0), 0, lambda p: True)
    first, second = prompt.log["sides"]
    flights = sum(1 for f in prompt.scene.flights.values() if f.side == second)
    for name in [n for n, s in prompt.scene.ships.items() if s.side == second]:
        del prompt.scene.ships[name]
    lines = legend_of(prompt, None).plain.splitlines()
    assert lines[0].startswith(f"{first}: ") and len(lines[0]) > len(first) + 2
    assert lines[1] == f"{second}: no ship on the table" + (f" ({flights} Flight(s))" if flights else "")
