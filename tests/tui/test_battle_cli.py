"""``vas battle`` (tui/battle_cli.py), called through its own parser as the lead will wire it."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from tui.battle_cli import add_battle_parser
from tui.cli import main


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


def test_replay_prints_the_same_account_and_refights_identically(tmp_path: Path, capsys) -> None:
    log = tmp_path / "battle.json"
    assert run(["--demo", "battleships", "--seed", "2", "--log", str(log)]) == 0
    fought = capsys.readouterr().out.splitlines()
    assert json.loads(log.read_text())["spec"]["seed"] == 2
    assert run(["--replay", str(log)]) == 0
    replayed = capsys.readouterr().out.splitlines()
    assert replayed[0] == f"Replay of {log}: US Navy against Imperial Japanese Navy (seed 2, key ())"
    account = fought[1:-1]  # between the title and the "written to" line
    assert replayed[1:len(account) + 1] == account
    events = len(json.loads(log.read_text())["events"])
    assert replayed[-1] == f"Re-fought from its spec: identical, event for event ({events} events)."


def test_replay_of_a_changed_log_and_of_a_log_without_spec(tmp_path: Path, capsys) -> None:
    log = tmp_path / "battle.json"
    run(["--demo", "cruiser-action", "--seed", "4", "--log", str(log)])
    capsys.readouterr()
    raw = json.loads(log.read_text())
    first_attack = next(i for i, e in enumerate(raw["events"]) if e["kind"] == "attack")
    raw["events"][first_attack]["text"] = "a different attack"
    log.write_text(json.dumps(raw))
    assert run(["--replay", str(log)]) == 5
    out = capsys.readouterr().out
    assert "  a different attack" in out
    assert (f"Re-fought from its spec: NOT identical: event {first_attack + 1} differs: saved 'a different attack'"
            in out)
    del raw["spec"]
    log.write_text(json.dumps(raw))
    assert run(["--replay", str(log)]) == 0
    assert "The log has no spec (written before specs were saved): it cannot be fought again." in (
        capsys.readouterr().out)


def test_replay_of_a_log_whose_result_was_edited(tmp_path: Path, capsys) -> None:
    """R-UI-115 (a fresh user's break test): a log whose winner and victory points were edited, or whose
    objectives were deleted, printed the edited result and then "identical, event for event" (exit 0)."""
    log = tmp_path / "battle.json"
    run(["--demo", "cruiser-action", "--seed", "4", "--log", str(log)])
    capsys.readouterr()
    raw = json.loads(log.read_text())
    other = raw["sides"][1] if raw["winner"] == raw["sides"][0] else raw["sides"][0]
    for edit, says in [(lambda r: r.update(victory_points=[0, 9999]), "the saved victory_points is [0, 9999], the "
                        f"re-fought battle's {json.dumps(raw['victory_points'])}"),
                       (lambda r: r.update(winner=other), f'the saved winner is "{other}"'),
                       (lambda r: r.pop("objectives"), "the saved objectives is missing")]:
        edited = json.loads(json.dumps(raw))
        edit(edited)
        log.write_text(json.dumps(edited))
        assert run(["--replay", str(log)]) == 5
        assert f"Re-fought from its spec: NOT identical: {says}" in capsys.readouterr().out


def test_replay_of_a_file_that_is_not_a_battle_log(tmp_path: Path, capsys) -> None:
    (tmp_path / "save.json").write_text('{"version": 3}')
    assert run(["--replay", str(tmp_path / "save.json")]) == 1
    assert f"vas battle: {tmp_path / 'save.json'}: not a battle log (needs sides, ships and events)" in (
        capsys.readouterr().err)
    assert run(["--replay", str(tmp_path / "nothing.json")]) == 1
    assert "nothing.json: not a readable battle log" in capsys.readouterr().err


def _save(path: Path, **changed: object) -> Path:
    data = {"kind": "vas-demo-battle", "version": 1, "demo": "cruiser-action", "seed": 0, "humans": [0],
            "answers": [], "ships_left": {}, "turns_left": {}} | changed
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_load_refuses_what_is_not_a_saved_demo_battle_naming_the_field(tmp_path: Path, capsys) -> None:
    cases = [({"kind": "campaign"}, "kind: not a demo battle saved by vas battle"),
             ({"demo": "jutland"}, "demo: 'jutland' is not a bundled battle"),
             ({"seed": -1}, "seed: -1 is not a whole number of 0 or more"),
             ({"humans": [2]}, "humans: [2] is not a list of the fleets 0 and/or 1"),
             ({"answers": [{"question": 1}]}, "answers[0]: an entry has exactly a question and an answer"),
             ({"turns_left": {"US Navy": -1}}, "turns_left: not a player -> battle turn (0 or more)")]
    for changed, words in cases:
        path = _save(tmp_path / "s.json", **changed)
        assert run(["--load", str(path)]) == 1
        assert capsys.readouterr().err.startswith(f"vas battle: --load {path}: {words}")
    (tmp_path / "t.txt").write_text("not json", encoding="utf-8")
    assert run(["--load", str(tmp_path / "t.txt")]) == 1
    assert "not a saved battle (not JSON" in capsys.readouterr().err
    assert run(["--load", str(tmp_path / "none.json")]) == 1
    assert "none.json: cannot read the file" in capsys.readouterr().err


def test_load_of_a_battle_log_or_a_campaign_save_says_what_opens_it(tmp_path: Path, capsys) -> None:
    """R-UI-101 (a fresh user's report): a battle log given to ``--load`` was sent to ``vas play --load``."""
    log, game = tmp_path / "b.json", tmp_path / "g.json"
    assert run(["--demo", "cruiser-action", "--seed", "0", "--log", str(log)]) == 0
    assert main(["run", "--seed", "1", "--combat", "classic", "--turns", "1", "--save", str(game)]) == 0
    capsys.readouterr()
    assert run(["--load", str(log)]) == 1
    assert capsys.readouterr().err == (f"vas battle: --load {log}: kind: not a demo battle saved by vas battle (it "
                                       "is a battle log: vas battle --replay FILE prints it, vas play --battle-log "
                                       "FILE shows it)\n")
    assert run(["--load", str(game)]) == 1
    assert capsys.readouterr().err.endswith("(it is a campaign save: vas play --load FILE or vas run --load FILE "
                                            "opens it)\n")


def test_load_goes_with_log_only(tmp_path: Path, capsys) -> None:
    path = _save(tmp_path / "s.json")
    for other in (["--demo", "convoy"], ["--seed", "2"], ["--human", "axis"], ["--list"], ["--replay", str(path)]):
        assert run(["--load", str(path), *other]) == 2
        assert f"--load and {other[0]} cannot be used together" in capsys.readouterr().err


def test_captain_levels_are_fought_logged_and_refought(tmp_path: Path, capsys) -> None:
    """vas battle --captain (issue 22): the hard captain for the first fleet fights another battle than the normal
    one, the log keeps the levels and the re-fight uses them; bad counts and --human are refused."""
    log = tmp_path / "battle.json"
    assert run(["--demo", "cruiser-action", "--seed", "4", "--captain", "hard", "normal", "--log", str(log)]) == 0
    hard = capsys.readouterr().out
    assert hard.splitlines()[0].endswith("(seed 4); captains: hard, normal")
    assert json.loads(log.read_text())["captains"] == ["hard", "normal"]
    assert run(["--replay", str(log)]) == 0
    assert "Re-fought from its spec: identical, event for event" in capsys.readouterr().out.splitlines()[-1]
    assert run(["--demo", "cruiser-action", "--seed", "4"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] != hard.splitlines()[1:]
    assert run(["--captain", "hard", "hard", "hard"]) == 2
    assert "--captain takes one level or two" in capsys.readouterr().err
    assert run(["--captain", "hard", "--human", "allies"]) == 2
    assert "--captain and --human cannot be used together" in capsys.readouterr().err
