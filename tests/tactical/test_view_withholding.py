"""What a side's view leaves out of the log (issue 14): the events concerning an enemy ship it may not see now,
found from the typed events' fields, not from their lines — with the same result as reading the lines, in every
view of the bundled demo battles."""

from __future__ import annotations

from typing import Any

import pytest

import tactical.events as tactical_events
import tactical.state as tactical_state
from tactical import DEMOS, demo_spec, resolve
from tactical.events import DiceRolled, Moved
from tactical.views import mentions, observe, withheld_names


def by_line(event: tactical_events.Event, names: frozenset[str], line: str) -> bool:
    """The views' test before issue 14: the event's ship, or a name anywhere in its line."""
    return bool(names) and (event.ship in names or any(n in line for n in names))


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("demo", sorted(DEMOS))
def test_every_view_of_a_demo_battle_withholds_what_the_lines_would(demo: str, seed: int,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    battles: list[tactical_state.Battle] = []
    lines: dict[int, str] = {}
    seen = {"views": 0, "withheld": 0, "full views": 0}
    post_init, emit = tactical_state.Battle.__post_init__, tactical_events.EventLog.emit

    def record(battle: tactical_state.Battle) -> None:
        post_init(battle)
        battles.append(battle)

    def check(log: tactical_events.EventLog, *args: Any, **fields: Any) -> Any:
        event = emit(log, *args, **fields)
        battle = next(b for b in battles if b.log is log)
        for side in (0, 1):
            names = withheld_names(battle, side)
            seen["views"] += 1
            if not names:
                continue
            seen["withheld"] += 1
            for e in log.events:
                line = lines.setdefault(id(e), e.text)
                assert mentions(e, names) == by_line(e, names, line), (line, sorted(names))
            if seen["withheld"] % 97 == 1:  # now and then the whole view: its log is the lines' filter
                seen["full views"] += 1
                kept = [e for e in log.events if not by_line(e, names, lines[id(e)])]
                assert list(observe(battle, side).log) == kept
        return event

    monkeypatch.setattr(tactical_state.Battle, "__post_init__", record)
    monkeypatch.setattr(tactical_events.EventLog, "emit", check)
    resolve(demo_spec(demo, seed))
    assert seen["views"] > 100
    if demo == "convoy":  # the U-boats hidden at depth: the views withhold them
        assert seen["withheld"] > 10 and seen["full views"] > 0, seen


def test_a_name_inside_a_field_is_a_mention() -> None:
    roll = DiceRolled(3, "gunnery", label="USS England crew check: detect U-552", rule="000", sides=6, faces=(4,))
    assert mentions(roll, frozenset({"U-552"})) and not mentions(roll, frozenset({"U-96"}))
    move = Moved(3, "movement", ship="U-96", start=(1.0, 2.0), distance=3.0, pos=(4.0, 2.0), heading=90.0, turns=())
    assert mentions(move, frozenset({"U-96"})) and not mentions(move, frozenset())
