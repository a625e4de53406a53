"""A battle log is checked whole when it is loaded (strategic/battle_logs.py, issue 13): every field's type, no
unknown field, the event data a re-fight or the viewer reads, the spec, and the names that must agree; each
problem is reported as ``file: field path: problem``.  A log that passes is safe for everything that reads it."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategic.battle_logs import (
    MAX_LOG_BYTES,
    BattleLogError,
    load_battle_log,
    log_problems,
    refight,
    report_of,
)
from tactical.battle import resolve
from tactical.demos import demo_spec
from tui.battle_cli import account_lines
from tui.battle_viewer import draw_table, legend, replay, steps_of

Log = dict[str, Any]


@pytest.fixture(scope="module")
def good() -> Log:
    """The log ``vas battle --demo cruiser-action --seed 1 --log`` writes, with a campaign section added."""
    spec = demo_spec("cruiser-action", 1)
    log = {**resolve(spec).to_json(), "spec": spec.model_dump(mode="json")}
    log["campaign"] = {"area": "Java Sea", "turn": 4, "year": 1942, "left_out": {"Zuiho": "no carrier fights here"},
                       "notes": ["a note"], "kind": "battle"}
    return json.loads(json.dumps(log))


def first(log: Log, kind: str) -> int:
    return next(i for i, e in enumerate(log["events"]) if e["kind"] == kind)


def written(tmp_path: Path, log: Any, name: str = "bad.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(log) if not isinstance(log, str) else log)
    return path


def problems_of(tmp_path: Path, log: Any) -> str:
    with pytest.raises(BattleLogError) as raised:
        load_battle_log(written(tmp_path, log))
    return str(raised.value)


def test_good_logs_load_unchanged(good: Log, tmp_path: Path) -> None:
    assert log_problems(good) == []
    assert load_battle_log(written(tmp_path, good)) == good
    old = copy.deepcopy(good)  # a log written before specs, campaigns and the later report keys
    for key in ("spec", "campaign", "objectives", "victory_points", "victories", "winner", "turns_played", "seed",
                "key", "conditions", "flights", "flights_lost", "mtbs"):
        old.pop(key)
    assert load_battle_log(written(tmp_path, old)) == old
    assert report_of(old).summary()[0].startswith("Result after 0 turn(s): a draw")


def mutate(change: Callable[[Log], None]) -> Callable[[Log], Log]:
    def apply(log: Log) -> Log:
        log = copy.deepcopy(log)
        change(log)
        return log

    return apply


def _set(path: tuple[Any, ...], value: Any) -> Callable[[Log], None]:
    def change(log: Log) -> None:
        target: Any = log
        for key in path[:-1]:
            target = target[key] if not callable(key) else target[key(log)]
        last = path[-1]
        target[last if not callable(last) else last(log)] = value

    return change


def _drop(path: tuple[Any, ...]) -> Callable[[Log], None]:
    def change(log: Log) -> None:
        target: Any = log
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


def _roll(log: Log) -> int:
    return first(log, "roll")


def _move(log: Log) -> int:
    return first(log, "move")


def _deploy(log: Log) -> int:
    return first(log, "deploy")


# (id, change, what the message must say)
BAD_LOGS: list[tuple[str, Callable[[Log], None], str]] = [
    ("int ship name", _set(("ships", 0, "name"), 7), "ships.0.name: Input should be a valid string (got 7)"),
    ("list as event data", lambda log: _set(("events", _roll(log), "data"), [1, 2])(log),
     "data: Input should be an object (got a JSON array)"),
    ("unknown top-level field", _set(("colour",), "red"), "colour: unknown field"),
    ("unknown ship field", _set(("ships", 1, "speed"), 30), "ships.1.speed: unknown field"),
    ("unknown event field", _set(("events", 0, "when"), "now"), "events.0.when: unknown field"),
    ("ship without hull_end", _drop(("ships", 0, "hull_end")), "ships.0.hull_end: missing"),
    ("no sides", _drop(("sides",)), "sides: missing"),
    ("event without kind", _drop(("events", 2, "kind")),
     "events: each event needs turn, phase, kind and text: events.2 has no kind"),
    ("turn as text", _set(("events", 3, "turn"), "3"), "events.3.turn: Input should be a valid integer"),
    ("negative turn", _set(("events", 3, "turn"), -1), "events.3.turn: Input should be greater than or equal to 0"),
    ("bool as int", _set(("ships", 0, "points"), True), "ships.0.points: Input should be a valid integer"),
    ("int as bool", _set(("ships", 0, "sunk"), 0), "ships.0.sunk: Input should be a valid boolean"),
    ("three sides", _set(("sides",), ["A", "B", "C"]), "sides: Tuple should have at most 2 items"),
    ("ships not a list", _set(("ships",), {"a": 1}), "ships: Input should be a valid array (got a JSON object)"),
    ("no events", _set(("events",), []), "events: List should have at least 1 item"),
    ("no ships", _set(("ships",), []), "ships: the battle has no ship, Flight or MTB Section"),
    ("ship of no side", _set(("ships", 2, "side"), "Martians"),
     "ships.2.side: 'Martians' is not one of the sides (US Navy, Imperial Japanese Navy)"),
    ("winner of no side", _set(("winner",), "Martians"), "winner: 'Martians' is not one of the sides"),
    ("roll of one side", lambda log: _set(("events", _roll(log), "data", "sides"), 1)(log),
     "data.sides: Input should be greater than or equal to 2"),
    ("roll without faces", lambda log: _drop(("events", _roll(log), "data", "faces"))(log), "data.faces: missing"),
    ("move to text", lambda log: _set(("events", _move(log), "data", "pos"), "north")(log),
     "data.pos: Input should be a valid array"),
    ("move off the world", lambda log: _set(("events", _move(log), "data", "pos"), [1e9, 3])(log),
     "data.pos.0: Input should be less than or equal to 1000"),
    ("deploy of a stranger", lambda log: _set(("events", _deploy(log), "data", "positions", 0, 0), "Yamato")(log),
     "data.positions.0: 'Yamato' is not a ship of the log"),
    ("campaign turn as text", _set(("campaign", "turn"), "four"), "campaign.turn: Input should be a valid integer"),
    ("campaign unknown field", _set(("campaign", "weather"), "fog"), "campaign.weather: unknown field"),
    ("left_out not a mapping", _set(("campaign", "left_out"), ["Zuiho"]), "campaign.left_out: Input should be"),
    ("spec turns 0", _set(("spec", "turns"), 0), "spec.turns: Input should be greater than or equal to 1"),
    ("spec not an object", _set(("spec",), 5), "spec: Input should be an object"),
    ("spec ship card missing", _drop(("spec", "sides", 0, "ships", 0, "card")), "spec.sides.0.ships.0.card"),
    ("spec seed negative", _set(("spec", "seed"), -4), "spec.seed: the dice's seed and key cannot be negative"),
    ("spec key negative", _set(("spec", "key"), [1, -2]), "spec.seed: the dice's seed and key cannot be negative"),
    ("top-level seed negative", _set(("seed",), -1), "seed: Input should be greater than or equal to 0"),
    ("NaN", _set(("ships", 0, "points"), float("nan")), "ships.0.points: not a finite number"),
    ("Infinity in data", lambda log: _set(("events", _move(log), "data", "heading"), float("inf"))(log),
     "data.heading: not a finite number"),
    ("flight of no side", _set(("flights",), [{"name": "F", "side": "X", "aircraft": "Zero", "carrier": None,
                                              "points": 1, "fate": "left"}]), "flights.0.side: 'X' is not one"),
]


@pytest.mark.parametrize(("change", "expected"), [pytest.param(c, e, id=i) for i, c, e in BAD_LOGS])
def test_each_bad_log_is_refused_naming_the_field(good: Log, tmp_path: Path, change: Callable[[Log], None],
                                                  expected: str) -> None:
    message = problems_of(tmp_path, mutate(change)(good))
    assert expected in message
    assert message.startswith(f"{tmp_path / 'bad.json'}: ")


@pytest.mark.parametrize(("text", "expected"), [
    ("", "bad.json:1: not a readable battle log (invalid JSON"),
    ("[1, 2]", "not a battle log (needs sides, ships and events): the file holds a JSON array, not an object"),
    ('"log"', "the file holds a JSON string, not an object"),
    ("null", "the file holds a JSON null, not an object"),
    ('{"version": 3, "units": {}}', "not a battle log (needs sides, ships and events) (it is a saved game"),
    ("[" * 100_000 + "]" * 100_000, "not a readable battle log (invalid JSON: nested too deeply)"),
])
def test_files_that_are_no_log(tmp_path: Path, text: str, expected: str) -> None:
    assert expected in problems_of(tmp_path, text)


def test_a_binary_file(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe\x00\x01")
    with pytest.raises(BattleLogError,
                       match=r"bad\.json:1: not a readable battle log \(invalid JSON: not UTF-8 text \(byte 0\)\)"):
        load_battle_log(tmp_path / "bad.json")


def test_a_huge_file_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_LOG_BYTES + 1)  # sparse: nothing is written
    with pytest.raises(BattleLogError, match=r"huge\.json: 67,108,865 bytes: not a battle log \(a battle log is at"):
        load_battle_log(path)


def test_every_problem_is_listed_with_the_file(good: Log, tmp_path: Path) -> None:
    log = copy.deepcopy(good)
    log["ships"][0]["name"] = 1
    log["ships"][1]["card"] = None
    log["spec"]["turns"] = 0
    with pytest.raises(BattleLogError) as raised:
        load_battle_log(written(tmp_path, log))
    path = tmp_path / "bad.json"
    assert raised.value.problems == ["ships.0.name: Input should be a valid string (got 1)",
                                     "ships.1.card: Input should be a valid string (got null)",
                                     "spec.turns: Input should be greater than or equal to 1 (got 0)"]
    assert str(raised.value).splitlines() == [f"{path}: not a valid battle log: 3 problem(s):",
                                              *(f"  {path}: {p}" for p in raised.value.problems)]
    for event in log["events"]:
        event["turn"] = "x"
    message = problems_of(tmp_path, log)
    assert message.count("\n") == 21 and message.endswith("more")  # 20 shown, then how many more


def test_a_passing_log_is_safe_for_the_replay_and_the_viewer(good: Log) -> None:
    """The refight, the report, the account and every step of the viewer run on the good log."""
    assert json.loads(json.dumps([e.to_json() for e in refight(good).events])) == good["events"]
    report = report_of(good)
    assert report.summary() and account_lines(report)
    for step in steps_of(good["events"])[::10]:
        scene = replay(good, step)
        draw_table(scene, good, 80, 30)
        legend(scene, good, None, False)


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**12) | st.floats(allow_nan=False)
                           | st.text(max_size=5), lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            out += _paths(v, (*prefix, i))
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_change_is_refused_or_safe(good: Log, data: st.DataObject) -> None:
    """Replace any one value of a small log (its spec left out: the refight is tested above) by any JSON value:
    either the log is refused with a :class:`BattleLogError`, or the report, the account and the viewer's last
    step all work on it."""
    base = copy.deepcopy(good)
    base.pop("spec")
    base["events"] = [e for e in base["events"] if e["turn"] <= 1][:60]
    paths = [p for p in _paths(base) if p[0] != "spec"]
    path = data.draw(st.sampled_from(paths))
    log = copy.deepcopy(base)
    _set(path, data.draw(JSON_VALUES))(log)
    if log_problems(log):
        return
    report = report_of(log)
    report.summary()
    account_lines(report)
    scene = replay(log, len(log["events"]))
    draw_table(scene, log, 80, 30)
    legend(scene, log, None, False)
