"""Issue 13 item 8, the share of ``vas battle``, ``vas selfplay``, ``vas bench``, ``vas cards``, ``vas odds`` and
battle-log files: bad inputs, each run through ``tui.cli.main`` in-process.  Every case must end with the exit code
of the project (1 invalid data or file, 2 bad usage), a message on stderr naming the culprit (the flag, file or
field), no traceback, and every file that was there before unchanged (no file added either: an output path is
checked before the work).  None of them plays a game or times anything: each fails first."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from scenarios.models import Side
from tui.cli import main

Files = dict[str, "str | bytes | Callable[[Fixtures], str | bytes]"]


@dataclass
class Fixtures:
    """The module's good inputs: a save stopped on turn 1's pending battles and a battle log."""

    save: Path
    log: Path

    def log_with(self, change: Callable[[dict[str, Any]], None]) -> str:
        log = json.loads(self.log.read_text())
        change(log)
        return json.dumps(log)


@pytest.fixture(scope="module")
def fixtures(tmp_path_factory: pytest.TempPathFactory) -> Fixtures:
    """``vas run --seed 1 --combat none --turns 1 --save`` (about 1.5 s: it stops on turn 1's pending battles,
    exit 3) and ``vas battle --demo cruiser-action --seed 1 --log`` (about 1 s)."""
    folder = tmp_path_factory.mktemp("good")
    start = time.perf_counter()
    assert main(["run", "--seed", "1", "--combat", "none", "--turns", "1", "--save", str(folder / "save.json")]) == 3
    assert time.perf_counter() - start < 30
    assert main(["battle", "--demo", "cruiser-action", "--seed", "1", "--log", str(folder / "log.json")]) == 0
    return Fixtures(folder / "save.json", folder / "log.json")


@dataclass
class Case:
    """``argv`` with ``{tmp}`` (the test's folder), ``{save}`` and ``{log}`` (the good save and log) filled in;
    ``files`` written into ``{tmp}`` first; ``names``: what stderr must contain (after the same filling in)."""

    id: str
    argv: list[str]
    code: int
    names: list[str]
    files: Files = field(default_factory=dict)


def _first(log: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(e for e in log["events"] if e["kind"] == kind)


def bad_log(change: Callable[[dict[str, Any]], None]) -> Callable[[Fixtures], str]:
    return lambda fx: fx.log_with(change)


def _set(**values: Any) -> Callable[[dict[str, Any]], None]:
    return lambda log: log.update(values)


def _ship(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda log: log["ships"][0].__setitem__(key, value)


def _drop_ship_key(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda log: log["ships"][0].pop(key)


def _spec(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda log: log["spec"].__setitem__(key, value)


def _event_data(kind: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda log: _first(log, kind).__setitem__("data", value)


def _roll_sides(log: dict[str, Any]) -> None:
    _first(log, "roll")["data"]["sides"] = 1


def _move_pos(log: dict[str, Any]) -> None:
    _first(log, "move")["data"]["pos"] = "north"


def _no_kind(log: dict[str, Any]) -> None:
    del log["events"][1]["kind"]


def _turn_text(log: dict[str, Any]) -> None:
    log["events"][4]["turn"] = "four"


def _deploy_stranger(log: dict[str, Any]) -> None:
    _first(log, "deploy")["data"]["positions"][0][0] = "Yamato"


def _campaign(log: dict[str, Any]) -> None:
    log["campaign"] = {"area": "Java Sea", "turn": "four", "year": 1942}


DEEP = "[" * 50_000 + "]" * 50_000
BINARY = b"\x89PNG\r\n\x1a\n\x00\xff\xfe"

CASES = [
    # ----------------------------------------------------------------- vas battle: flags
    Case("battle seed negative", ["battle", "--seed", "-1"], 2, ["--seed", "-1"]),
    Case("battle seed not a number", ["battle", "--seed", "x"], 2, ["--seed", "'x'"]),
    Case("battle seed fraction", ["battle", "--seed", "1.5"], 2, ["--seed"]),
    Case("battle seed of 5000 digits", ["battle", "--seed", "9" * 5000], 2, ["--seed", "999..."]),
    Case("battle unknown demo", ["battle", "--demo", "jutland"], 2, ["--demo", "jutland"]),
    Case("battle empty demo", ["battle", "--demo", ""], 2, ["--demo"]),
    Case("battle replay and demo", ["battle", "--replay", "{log}", "--demo", "battleships"], 2,
         ["--replay", "--demo"]),
    Case("battle replay and seed", ["battle", "--replay", "{log}", "--seed", "3"], 2, ["--replay", "--seed"]),
    Case("battle replay and log", ["battle", "--replay", "{log}", "--log", "{tmp}/out.json"], 2,
         ["--replay", "--log"]),
    Case("battle replay and log over itself", ["battle", "--replay", "{tmp}/old.json", "--log", "{tmp}/old.json"],
         2, ["--replay", "--log"], {"old.json": lambda fx: fx.log.read_text()}),
    Case("battle replay and list", ["battle", "--replay", "{log}", "--list"], 2, ["--replay", "--list"]),
    Case("battle list and demo", ["battle", "--list", "--demo", "convoy"], 2, ["--list", "--demo"]),
    Case("battle list and log", ["battle", "--list", "--log", "{tmp}/out.json"], 2, ["--list", "--log"]),
    Case("battle list and seed", ["battle", "--list", "--seed", "2"], 2, ["--list", "--seed"]),
    Case("battle log is a folder", ["battle", "--log", "{tmp}"], 2, ["--log", "is a folder"]),
    Case("battle log under a file", ["battle", "--log", "{tmp}/plain.txt/out.json"], 2,
         ["--log", "plain.txt is a file"], {"plain.txt": "text"}),
    Case("battle unknown option", ["battle", "--turns", "3"], 2, ["--turns"]),
    # ----------------------------------------------------------------- vas battle --replay: files
    Case("replay missing file", ["battle", "--replay", "{tmp}/missing.json"], 1, ["missing.json"]),
    Case("replay a folder", ["battle", "--replay", "{tmp}"], 1, ["{tmp}", "a folder, not a file"]),
    Case("replay an empty file", ["battle", "--replay", "{tmp}/empty.json"], 1, ["empty.json:1", "invalid JSON"],
         {"empty.json": ""}),
    Case("replay broken JSON", ["battle", "--replay", "{tmp}/broken.json"], 1, ["broken.json:1"],
         {"broken.json": '{"sides": ['}),
    Case("replay a binary file", ["battle", "--replay", "{tmp}/image.json"], 1, ["image.json", "not UTF-8"],
         {"image.json": BINARY}),
    Case("replay deep nesting", ["battle", "--replay", "{tmp}/deep.json"], 1, ["deep.json", "nested too deeply"],
         {"deep.json": DEEP}),
    Case("replay a JSON array", ["battle", "--replay", "{tmp}/list.json"], 1, ["list.json", "JSON array"],
         {"list.json": "[1, 2]"}),
    Case("replay a JSON string", ["battle", "--replay", "{tmp}/text.json"], 1, ["text.json", "JSON string"],
         {"text.json": '"battle"'}),
    Case("replay a save", ["battle", "--replay", "{save}"], 1, ["{save}", "not a battle log", "saved game"]),
    Case("log int ship name", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "ships.0.name"],
         {"bad.json": bad_log(_ship("name", 7))}),
    Case("log list as event data", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", ".data", "object"],
         {"bad.json": bad_log(_event_data("roll", [1, 2]))}),
    Case("log unknown field", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "colour", "unknown field"],
         {"bad.json": bad_log(_set(colour="red"))}),
    Case("log ship missing hull_end", ["battle", "--replay", "{tmp}/bad.json"], 1,
         ["bad.json", "ships.0.hull_end: missing"], {"bad.json": bad_log(_drop_ship_key("hull_end"))}),
    Case("log event missing kind", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "events.1 has no kind"],
         {"bad.json": bad_log(_no_kind)}),
    Case("log event turn as text", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "events.4.turn"],
         {"bad.json": bad_log(_turn_text)}),
    Case("log spec does not validate", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "spec.turns"],
         {"bad.json": bad_log(_spec("turns", 0))}),
    Case("log spec not an object", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "spec:"],
         {"bad.json": bad_log(_set(spec=[1]))}),
    Case("log spec seed negative", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "spec.seed"],
         {"bad.json": bad_log(_spec("seed", -1))}),
    Case("log three sides", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "sides"],
         {"bad.json": bad_log(_set(sides=["A", "B", "C"]))}),
    Case("log ship of no side", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "ships.0.side", "Martians"],
         {"bad.json": bad_log(_ship("side", "Martians"))}),
    Case("log winner of no side", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "winner"],
         {"bad.json": bad_log(_set(winner="Martians"))}),
    Case("log no events", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "events"],
         {"bad.json": bad_log(_set(events=[]))}),
    Case("log no ships", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "ships"],
         {"bad.json": bad_log(_set(ships=[]))}),
    Case("log NaN", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "ships.0.points", "finite"],
         {"bad.json": bad_log(_ship("points", float("nan")))}),
    Case("log bool as a number", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "ships.0.hull_start"],
         {"bad.json": bad_log(_ship("hull_start", True))}),
    Case("log roll of one side", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "data.sides"],
         {"bad.json": bad_log(_roll_sides)}),
    Case("log move to text", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "data.pos"],
         {"bad.json": bad_log(_move_pos)}),
    Case("log deploy of a stranger", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "Yamato"],
         {"bad.json": bad_log(_deploy_stranger)}),
    Case("log campaign turn as text", ["battle", "--replay", "{tmp}/bad.json"], 1, ["bad.json", "campaign.turn"],
         {"bad.json": bad_log(_campaign)}),
    Case("play with a bad battle log", ["play", "--battle-log", "{tmp}/bad.json"], 1,
         ["vas play", "bad.json", "ships.0.name"], {"bad.json": bad_log(_ship("name", 7))}),
    Case("play with a save as battle log", ["play", "--battle-log", "{save}"], 1, ["vas play", "{save}"]),
    # ----------------------------------------------------------------- vas selfplay
    Case("selfplay unknown setup", ["selfplay", "--setup", "moon"], 2, ["--setup", "moon"]),
    Case("selfplay workers 0", ["selfplay", "--workers", "0"], 2, ["--workers"]),
    Case("selfplay workers negative", ["selfplay", "--workers", "-2"], 2, ["--workers"]),
    Case("selfplay games 0", ["selfplay", "--games", "0"], 2, ["--games"]),
    Case("selfplay games too many", ["selfplay", "--games", "10000000000"], 2, ["--games"]),
    Case("selfplay games not a number", ["selfplay", "--games", "many"], 2, ["--games"]),
    Case("selfplay seed negative", ["selfplay", "--seed", "-1"], 2, ["--seed"]),
    Case("selfplay json is a folder", ["selfplay", "--json", "{tmp}"], 2, ["--json", "is a folder"]),
    Case("selfplay json under a file", ["selfplay", "--json", "{tmp}/plain.txt/r.json"], 2, ["--json"],
         {"plain.txt": "text"}),
    Case("selfplay bad setup keeps the old results", ["selfplay", "--json", "{tmp}/old.json", "--setup", "moon"], 2,
         ["--setup"], {"old.json": "[]\n"}),
    Case("selfplay dask address without port", ["selfplay", "--dask", "moon"], 2, ["--dask moon"]),
    Case("selfplay dask address with an empty port", ["selfplay", "--dask", "tcp://127.0.0.1:"], 2,
         ["--dask tcp://127.0.0.1:: not a scheduler address: a host and a port number are expected"]),
    Case("selfplay dask address and workers", ["selfplay", "--dask", "tcp://127.0.0.1:8786", "--workers", "2"], 2,
         ["--workers", "--dask"]),
    # R-UI-123: nothing listens on port 1 of this machine: refused at once, not after dask's 30-second time-out
    Case("selfplay dask address nobody answers", ["selfplay", "--dask", "tcp://127.0.0.1:1"], 2,
         ["--dask tcp://127.0.0.1:1: no scheduler answers there (Connection refused)"]),
    Case("selfplay combat none", ["selfplay", "--combat", "none"], 2, ["--combat"]),
    Case("selfplay unknown level", ["selfplay", "--axis", "godlike"], 2, ["--axis"]),
    Case("selfplay missing data folder", ["selfplay", "--data", "{tmp}/nowhere"], 1, ["--data", "nowhere"]),
    # ----------------------------------------------------------------- vas bench
    Case("bench repeat 0", ["bench", "--repeat", "0"], 2, ["--repeat"]),
    Case("bench repeat negative", ["bench", "--repeat", "-3"], 2, ["--repeat"]),
    Case("bench repeat beyond the ceiling", ["bench", "--repeat", "1000000"], 2,  # R-UI-126
         ["--repeat: must be from 1 to 100, not 1000000"]),
    Case("bench campaigns beyond the ceiling", ["bench", "--tactical-campaigns", "101"], 2,
         ["--tactical-campaigns: must be from 1 to 100, not 101"]),
    Case("bench tactical campaigns 0", ["bench", "--tactical-campaigns", "0"], 2, ["--tactical-campaigns"]),
    Case("bench tactical seed negative", ["bench", "--tactical-seed", "-1"], 2, ["--tactical-seed"]),
    Case("bench skip and campaigns", ["bench", "--skip-tactical-campaign", "--tactical-campaigns", "2"], 2,
         ["--skip-tactical-campaign", "--tactical-campaigns"]),
    Case("bench skip and seed", ["bench", "--tactical-seed", "9", "--skip-tactical-campaign"], 2,
         ["--skip-tactical-campaign", "--tactical-seed"]),
    # ----------------------------------------------------------------- vas cards
    Case("cards year 1900", ["cards", "show", "Hood", "--year", "1900"], 2, ["--year", "1900", "1939", "1945"]),
    Case("cards year 1946", ["cards", "show", "Hood", "--year", "1946"], 2, ["--year", "1946", "1939 to 1945"]),
    Case("cards year not a number", ["cards", "show", "Hood", "--year", "late"], 2, ["--year", "late"]),
    Case("cards unknown name", ["cards", "show", "Nonesuch"], 2, ["Nonesuch"]),
    Case("cards misses negative", ["cards", "calibrate", "--misses", "-1"], 2, ["--misses"]),
    Case("cards list with a year", ["cards", "list", "--year", "1942"], 2, ["--year"]),
    Case("cards missing data folder", ["cards", "show", "Hood", "--data", "{tmp}/nowhere"], 1, ["--data", "nowhere"]),
    Case("cards no subcommand", ["cards"], 2, ["cards"]),
    # ----------------------------------------------------------------- vas odds
    Case("odds unknown area", ["odds", "{save}", "Moon"], 2, ["AREA", "Moon"]),
    Case("odds a port", ["odds", "{save}", "England"], 2, ["AREA", "England", "port"]),
    Case("odds area without battle", ["odds", "{save}", "Mediterranean"], 2,
         ["AREA", "Mediterranean", "North Sea"]),
    Case("odds runs 0", ["odds", "{save}", "North Sea", "--runs", "0"], 2, ["--runs"]),
    Case("odds runs in floating point", ["odds", "{save}", "North Sea", "--runs", "1e3"], 2, ["--runs", "1e3"]),
    Case("odds seed negative", ["odds", "{save}", "North Sea", "--seed", "-1"], 2, ["--seed"]),
    Case("odds combat unknown", ["odds", "{save}", "North Sea", "--combat", "dice"], 2, ["--combat"]),
    Case("odds workers zero", ["odds", "{save}", "North Sea", "--workers", "0"], 2, ["--workers"]),
    Case("odds missing save", ["odds", "{tmp}/missing.json", "North Sea"], 1, ["missing.json"]),
    Case("odds save is a folder", ["odds", "{tmp}", "North Sea"], 1, ["{tmp}"]),
    Case("odds a battle log", ["odds", "{log}", "North Sea"], 1, ["{log}", "not a save file", "battle log"]),
    Case("odds broken JSON", ["odds", "{tmp}/broken.json", "North Sea"], 1, ["broken.json:1"],
         {"broken.json": '{"version": '}),
    Case("odds binary save", ["odds", "{tmp}/image.json", "North Sea"], 1, ["image.json", "not UTF-8"],
         {"image.json": BINARY}),
    Case("odds deep nesting", ["odds", "{tmp}/deep.json", "North Sea"], 1, ["deep.json", "nested too deeply"],
         {"deep.json": DEEP}),
    Case("odds save of an unknown version", ["odds", "{tmp}/old.json", "North Sea"], 1, ["old.json", "version"],
         {"old.json": '{"version": "x"}'}),
    Case("odds a JSON array", ["odds", "{tmp}/list.json", "North Sea"], 1, ["list.json", "not a save file"],
         {"list.json": "[]"}),
]


def _fill(text: str, tmp: Path, fx: Fixtures) -> str:
    return text.replace("{tmp}", str(tmp)).replace("{save}", str(fx.save)).replace("{log}", str(fx.log))


def _hashes(*folders: Path) -> dict[Path, str]:
    return {p: hashlib.sha256(p.read_bytes()).hexdigest() for folder in folders for p in sorted(folder.rglob("*"))
            if p.is_file()}


def run(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as stopped:  # argparse refuses a bad value with exit 2
        return int(stopped.code or 0)


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES])
def test_bad_input(case: Case, fixtures: Fixtures, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, content in case.files.items():
        content = content(fixtures) if callable(content) else content
        target = tmp_path / name
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content)
    before = _hashes(tmp_path, fixtures.save.parent)
    capsys.readouterr()
    code = run([_fill(a, tmp_path, fixtures) for a in case.argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert code == case.code, err
    for name in case.names:
        assert _fill(name, tmp_path, fixtures) in err
    assert err.startswith("vas") or err.startswith("usage: vas")
    assert _hashes(tmp_path, fixtures.save.parent) == before


def test_the_corpus_is_large_enough() -> None:
    assert len(CASES) >= 50
    assert len({c.id for c in CASES}) == len(CASES)


def test_odds_with_ships_in_port_next_to_the_area() -> None:
    """An air raid on ships in a port next to the area (``Battle.in_port``): their losses are their own side's
    (they raised ``KeyError`` before, and ``vas odds`` printed only a ship's name), they are listed as in port,
    and they do not hold the area."""
    from scenarios.loader import load_data
    from strategic.classic.resolver import ClassicResolver
    from strategic.odds import battle_odds
    from strategic.state import Phase
    from tests.strategic.engine_helpers import game, port, sea

    campaign = game(load_data(), turn=2, phase=Phase.COMBAT)
    sea(campaign, "Axis LBA", "North Sea")
    for name in ("Exeter", "Cornwall", "York"):
        port(campaign, name, "England")
    report = battle_odds(campaign, "North Sea", ClassicResolver(), runs=300, seed=1)
    assert report.in_port == {"Exeter", "Cornwall", "York"}
    assert set(report.sides[Side.ALLIED]) == {"Exeter", "Cornwall", "York"}
    assert report.sides[Side.AXIS] == ("Axis LBA",)
    assert sum(report.sunk[n] for n in report.in_port) > 0
    sunk = sum(k * v for k, v in report.losses[Side.ALLIED].items())
    assert sunk == sum(report.sunk[n] for n in report.in_port)
    assert report.holds == {"none": 300}  # War at Sea air units do not hold an area; ships in port do not either
    lines = report.lines()
    assert "Exeter (in port) sunk" in lines[2] and lines[3].startswith("Axis: 0.00 units sunk on average")


@pytest.mark.parametrize("argv", [
    ["run", "--combat", "classic", "--turns", "1", "--save", "{out}"],
    ["run", "--combat", "classic", "--turns", "1", "--log", "{out}"],
    ["run", "--turns", "1", "--battle-logs", "{out}"],
    ["selfplay", "--games", "1", "--json", "{out}"],
    ["battle", "--log", "{out}"],
    ["serve", "--human", "japan", "--save", "{out}"],
])
@pytest.mark.parametrize(("kind", "words"), [("loop", "is a loop of symbolic links: give the path of a "),
                                             ("long", "cannot be used as a")])
def test_an_output_path_the_system_cannot_use_is_refused_before_any_work(
        argv: list[str], kind: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """R-UI-113 (a fresh user's break test): a loop of symbolic links as ``--save`` played the whole game, then
    failed to write it (exit 70, the game lost); a name longer than the system allows gave exit 70."""
    out = tmp_path / "loopy"
    if kind == "loop":
        out.symlink_to("loopy")
    else:
        out = tmp_path / ("a" * 300)
    code = run([a.replace("{out}", str(out)) for a in argv])
    err = capsys.readouterr().err
    assert code == 2 and words in err and "Traceback" not in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == (["loopy"] if kind == "loop" else [])
