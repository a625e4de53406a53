"""``vas battle`` (tui/battle_cli.py), called through its own parser as the lead will wire it."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from tui.battle_cli import add_battle_parser


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="vas")
    add_battle_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["battle", *argv])
    return args.func(args)


def test_battle_prints_an_account_and_the_report(capsys) -> None:
    assert run(["--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "== Turn 1, movement phase" in out and "== Turn 1, gunnery phase" in out
    assert "Victory points: US Navy" in out and "USS Northampton" in out


def test_the_same_seed_prints_the_same_battle(capsys) -> None:
    run(["--demo", "battleships", "--seed", "5"])
    first = capsys.readouterr().out
    run(["--demo", "battleships", "--seed", "5"])
    assert capsys.readouterr().out == first


def test_log_file(tmp_path: Path, capsys) -> None:
    log = tmp_path / "battle.json"
    assert run(["--demo", "battleships", "--log", str(log)]) == 0
    events = json.loads(log.read_text())["events"]
    assert any(e["kind"] == "roll" for e in events) and events[-1]["kind"] == "result"
    assert str(log) in capsys.readouterr().out


def test_list_and_unknown_demo(capsys) -> None:
    assert run(["--list"]) == 0
    assert "cruiser-action" in capsys.readouterr().out
    assert run(["--demo", "jutland"]) == 2
    assert "unknown demo 'jutland'" in capsys.readouterr().err


def test_the_issue_6_demos(capsys) -> None:
    """The carrier clash shows launches, AA and dogfights; the list names the night action and the convoy."""
    assert run(["--demo", "carrier-clash", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "launches" in out and "Flights lost" in out and "The wind blows from" in out
    assert run(["--list"]) == 0
    listing = capsys.readouterr().out
    assert "night-action" in listing and "(night)" in listing and "U-201" in listing
