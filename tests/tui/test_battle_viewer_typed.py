"""The battle viewer reads positions from the typed events' fields (issue 14), never from their words."""

from __future__ import annotations

import ast
from pathlib import Path

from scenarios.loader import CampaignData
from tactical import battle_events as ev
from tactical import demo_spec, events_from_json, resolve
from tui import battle_viewer
from tui.battle_viewer import replay


def test_the_viewer_matches_no_regular_expression() -> None:
    tree = ast.parse(Path(battle_viewer.__file__).read_text())
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert "re" not in imported
    words = [n for n in ast.walk(tree) if isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Constant)
             and n.slice.value in ("text", "kind", "data")]  # fmt: skip
    assert words == []  # the events are typed: no entry's words, kind or data looked up by key


def test_positions_come_from_the_event_fields(data: CampaignData) -> None:
    spec = demo_spec("carrier-clash", 3, data)
    log = {**resolve(spec).to_json(), "spec": spec.model_dump(mode="json")}
    events = events_from_json(log["events"])
    flown = [i for i, e in enumerate(events) if isinstance(e, ev.FlightMoved)]
    assert flown
    for i in flown[:: max(len(flown) // 8, 1)]:
        move = events[i]
        assert isinstance(move, ev.FlightMoved)
        assert replay(log, i + 1).flights[move.ship or ""].pos == move.pos
    moved = [i for i, e in enumerate(events) if isinstance(e, ev.Moved)]
    last = moved[-1]
    ship = events[last]
    assert isinstance(ship, ev.Moved)
    drawn = replay(log, last + 1).ships[ship.ship or ""]
    assert (drawn.pos, drawn.heading) == (ship.pos, ship.heading)
