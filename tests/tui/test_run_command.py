"""`vas run` as a user runs it (headless campaign)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tui.cli import main
from tui.run_command import PLAYERS


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_without_combat_the_run_stops_at_the_first_battle(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    code, out, _ = run(capsys, "run", "--seed", "1", "--combat", "none", "--save", str(tmp_path / "g.json"),
                       "--log", str(tmp_path / "log.json"))
    assert code == 3
    assert "=== Turn 1 ===" in out and "Arrivals (150)" in out
    assert "Stopped on turn 1: battles pending in" in out
    assert (tmp_path / "g.json").exists()
    log = json.loads((tmp_path / "log.json").read_text())
    assert log["header"] == {"setup": "standard", "seed": 1, "combat": "none", "data": [], "ai": PLAYERS,
                             "stop_turn": None, "stop_at": None, "battle_commanders": []}
    assert log["events"][-1]["kind"] == "battles_waiting" and log["events"][-1]["turn"] == 1
    assert any(e["kind"] == "order" and e["phase"] == "patrol" for e in log["events"])
    code, out, err = run(capsys, "run", "--replay", str(tmp_path / "log.json"))  # a blocked game replays too
    assert (code, err) == (0, "") and out.endswith("Identical: event for event and roll for roll.\n")


def test_bad_player_and_setup(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "run", "--ai", "italy")
    assert code == 2 and "unknown player(s) italy" in err
    code, _, err = run(capsys, "run", "--setup", "early_peace", "--combat", "none")
    assert code == 2 and "unknown set-up 'early_peace'" in err


def test_the_early_war_start(capsys: pytest.CaptureFixture[str]) -> None:
    """`vas run --start early-war` (alias of --setup early_war): 002 §5, Japan attacks on turn 3 (classic combat)."""
    code, out, _ = run(capsys, "run", "--start", "early-war", "--turns", "3", "--combat", "classic")
    assert code == 0
    assert "combat classic" in out and "early-war start" in out
    assert "Japan announces its attack on turn 3  [002 §5.71]" in out
    assert "Hawaiian Islands: surprise round 1: air raid on Pearl Harbor" in out


def test_corrupt_save(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{}")
    code, _, err = run(capsys, "run", "--load", str(tmp_path / "bad.json"))
    assert code == 1 and "bad.json: not a save file (it has no 'version')" in err
    (tmp_path / "log.json").write_text('{"sides": ["A", "B"], "ships": [], "events": []}')
    code, _, err = run(capsys, "run", "--load", str(tmp_path / "log.json"))
    assert code == 1 and "log.json: not a save file (it has no 'version') (it is a battle log: " in err


def test_battle_logs_folder_must_be_writable(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """An unwritable --battle-logs folder stops before the campaign starts, with the reason."""
    code, out, err = run(capsys, "run", "--turns", "1", "--battle-logs", "/proc/1/logs")
    assert code == 2 and out == "" and "--battle-logs /proc/1/logs: cannot write there (" in err
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.access(locked, os.W_OK):  # running as root: permissions do not stop us
            pytest.skip("permissions are not enforced for this user")
        code, out, err = run(capsys, "run", "--turns", "1", "--battle-logs", str(locked))
        assert code == 2 and out == "" and f"--battle-logs {locked}: cannot write there (Permission denied)" in err
    finally:
        locked.chmod(0o700)


def _suggested(out: str) -> str:
    line = next(x for x in out.splitlines() if "answer with: vas run --load" in x)
    return line.split("--answer '", 1)[1].rsplit("'", 1)[0]


def test_a_player_commands_his_battles_headless_answer_by_answer(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    """Issue 15 (the headless engine takes the decisions): ``--command allies`` stops at each Allied combat
    decision (exit 3) naming it, its rule, the odds and the AI's answer; ``--load --answer`` gives it and goes on.
    Answered as the AI would, turn by turn, the game is the AI's game."""
    save, reference = tmp_path / "g.json", tmp_path / "ai.json"
    assert main(["run", "--seed", "3", "--combat", "classic", "--turns", "1", "--save", str(reference)]) == 0
    capsys.readouterr()
    code = main(["run", "--seed", "3", "--combat", "classic", "--turns", "1", "--command", "allies",
                 "--save", str(save)])
    out = capsys.readouterr().out
    assert code == 3
    assert "Stopped on turn 1: the battle in North Sea waits for an answer from the Allies: was_air_strikes" in out
    assert "  rule: 002 §4.11, §2.222 (cases C-12, W-04)" in out and "hit 17%, sink 11%" in out
    assert f"  answer with: vas run --load {save} --save {save} --answer '" in out  # the next stop is kept too
    answered = 0
    while code == 3:
        code = main(["run", "--load", str(save), "--answer", _suggested(out), "--turns", "1", "--save", str(save)])
        out = capsys.readouterr().out
        answered += 1
        assert answered < 40
    assert code == 0 and answered >= 3
    ours, theirs = json.loads(save.read_text()), json.loads(reference.read_text())
    assert ours["units"] == theirs["units"] and ours["poc"] == theirs["poc"]
    assert sum(1 for e in ours["events"] if e["kind"] == "combat_answer") == answered


def test_a_wrong_answer_is_refused_and_the_save_kept(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    assert main(["run", "--seed", "3", "--combat", "classic", "--command", "allies", "--save", str(save)]) == 3
    before = save.read_bytes()
    capsys.readouterr()
    assert main(["run", "--load", str(save), "--answer", '{"Renown": "Bismarck"}', "--save", str(save)]) == 2
    assert "vas run: --answer refused: " in capsys.readouterr().err
    assert main(["run", "--load", str(save), "--answer", "[[", "--save", str(save)]) == 2
    assert "vas run: --answer is not JSON" in capsys.readouterr().err
    assert main(["run", "--answer", "[]"]) == 2
    assert "give the save with --load" in capsys.readouterr().err
    assert save.read_bytes() == before


def test_a_save_in_a_new_folder_says_the_folder_was_made(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """R-UI-106 (a fresh user's report): `--save` and `--log` into folders that do not exist made them silently."""
    saved, log = tmp_path / "new" / "deep" / "game.json", tmp_path / "logs" / "game.log"
    assert main(["run", "--seed", "1", "--combat", "classic", "--turns", "1", "--save", str(saved),
                 "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert f"Saved to {saved} (the folder {saved.parent} was created)\n" in out
    assert f"written to {log} (the folder {log.parent} was created)\n" in out
    assert main(["run", "--seed", "1", "--combat", "classic", "--turns", "1", "--save", str(saved)]) == 0
    assert f"Saved to {saved} (the file that was there is replaced)\n" in capsys.readouterr().out


def test_a_save_through_a_dangling_link_says_where_it_went(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """R-UI-122: a `--save` that is a symbolic link to a file in a missing folder made that folder without a word."""
    link, target = tmp_path / "game.json", tmp_path / "elsewhere" / "deep" / "real.json"
    link.symlink_to(target)
    assert main(["run", "--seed", "1", "--combat", "none", "--turns", "1", "--save", str(link)]) == 3
    out = capsys.readouterr().out
    assert f"Saved to {link} (a link to {target}; the folder {target.parent} was created)\n" in out
    assert target.exists() and link.is_symlink()


AMCHITKA_FIX = """areas:
  - name: Aleutian Islands
    theatre: VITP
    poc:
      allied: {value: 1, track: VITP, source: "a test", confidence: rulebook}
      axis: {value: 0, track: VITP, source: "a test", confidence: rulebook}
    source: "a test"
    confidence: rulebook
"""


def test_a_save_keeps_the_data_it_was_played_on(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """R-UI-111: a game saved with ``--data fix`` and loaded without it went on, silently, on the bundled data."""
    from scenarios.loader import load_data
    from strategic.saves import data_for_load

    fix = tmp_path / "fix"
    fix.mkdir()
    (fix / "poc.yaml").write_text(AMCHITKA_FIX)
    game, a, b = tmp_path / "game.json", tmp_path / "a.json", tmp_path / "b.json"
    assert main(["run", "--seed", "2", "--combat", "classic", "--turns", "1", "--data", str(fix),
                 "--save", str(game)]) == 0
    assert json.loads(game.read_text())["data_folders"] == [str(fix.resolve())]
    assert capsys.readouterr().out.splitlines()[0].endswith(f"; data: {fix.resolve()}")  # a new game's line too
    assert main(["run", "--load", str(game), "--turns", "1", "--save", str(a)]) == 0
    assert f"; data: {fix.resolve()} (as saved)\n" in capsys.readouterr().out
    assert main(["run", "--load", str(game), "--turns", "1", "--data", str(fix), "--save", str(b)]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith("; AI: Japan, Germany-Italy, United States, Allies")
    assert a.read_bytes() == b.read_bytes()
    folders, _ = data_for_load(game, None)
    assert load_data(folders).areas["Aleutian Islands"].source == "a test"  # the override is what is played
    assert load_data([]).areas["Aleutian Islands"].source != "a test"


def test_a_save_whose_data_is_gone_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """R-UI-111: the game is never played on other data without a word; ``--data`` chooses other data openly."""
    fix, other = tmp_path / "fix", tmp_path / "other"
    for folder in (fix, other):
        folder.mkdir()
        (folder / "poc.yaml").write_text(AMCHITKA_FIX)
    game = tmp_path / "game.json"
    assert main(["run", "--seed", "2", "--combat", "classic", "--turns", "1", "--data", str(fix),
                 "--save", str(game)]) == 0
    before = game.read_bytes()
    fix.rename(tmp_path / "moved")
    capsys.readouterr()
    for command in (["run", "--load", str(game), "--turns", "1", "--save", str(game)],
                    ["odds", str(game), "Indonesia"], ["run", "--replay", str(game)]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert f"{game}: the game was saved on --data {fix.resolve()}: {fix.resolve()}: no such folder" in err
        assert "Traceback" not in err
    assert game.read_bytes() == before
    assert main(["run", "--load", str(game), "--turns", "1", "--data", str(other)]) == 0
    assert f"; --data overrides the save's {fix.resolve()}\n" in capsys.readouterr().out


def test_a_game_on_the_bundled_data_saves_no_data_folders(tmp_path: Path) -> None:
    """R-UI-111: saves of the bundled data are written as before (no ``data_folders`` field), and a remote seat's
    view never holds the host's folders."""
    from scenarios.loader import load_data
    from strategic.campaign import Campaign
    from strategic.saves import save_text
    from strategic.state import public_state

    campaign = Campaign.new(load_data([]), "standard", seed=1)
    assert "data_folders" not in json.loads(save_text(campaign))
    campaign.state.data_folders = ["/home/host/fix"]
    assert public_state(campaign.state).data_folders == []


def test_a_game_loaded_with_another_combat_replays_identical(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """R-UI-114 (a fresh user's break test): a game played on after ``--load --combat X`` replayed with the last
    combat from its first turn and was reported as different (exit 5); the change is now an event where it was
    made, and the replay changes the combat there. The README's own way on from ``--combat none`` is tested."""
    from strategic.events import CombatChanged
    from strategic.narrate import describe
    from strategic.saves import load_state

    stopped, later, log = tmp_path / "stopped.json", tmp_path / "later.json", tmp_path / "later.log.json"
    assert main(["run", "--seed", "3", "--turns", "1", "--combat", "none", "--save", str(stopped)]) == 3
    assert main(["run", "--load", str(stopped), "--combat", "classic", "--turns", "1", "--save", str(later),
                 "--log", str(log)]) == 0
    from scenarios.loader import load_data

    events = load_state(later, load_data([])).state.events
    changed = [e for e in events if isinstance(e, CombatChanged)]
    assert [(e.was, e.combat, e.turn) for e in changed] == [("none", "classic", 1)]
    assert describe(changed[0]) == "the game goes on with classic combat (it was none): loaded with another combat"
    capsys.readouterr()
    for replayed in (later, log):
        assert main(["run", "--replay", str(replayed)]) == 0, capsys.readouterr().err
        assert capsys.readouterr().out.endswith("Identical: event for event and roll for roll.\n")
    again = tmp_path / "again.json"
    assert main(["run", "--load", str(later), "--combat", "none", "--turns", "1", "--save", str(again)]) in (0, 3)
    assert main(["run", "--replay", str(again)]) == 0, capsys.readouterr().err


def test_a_second_stop_signal_while_the_interrupted_game_is_written_is_held(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    """R-UI-116 (a fresh user's break test): a second Ctrl-C within milliseconds of the first stopped the writing
    of the autosave and the log, and the game was lost; signals are held while they are written."""
    import signal

    from tui import run_command
    from tui.signals import Terminated

    def stopped(campaign, clock, agents, stop_at_turn=None):  # type: ignore[no-untyped-def]
        raise Terminated(signal.SIGTERM)  # at the first decision (the clock keeps its checkpoint)

    real = run_command.write_text_atomic
    sent: list[int] = []

    def write_after_a_second_signal(path, text):  # type: ignore[no-untyped-def]
        if not sent:
            sent.append(1)
            os.kill(os.getpid(), signal.SIGTERM)  # the second signal, while the first is being handled
        real(path, text)

    monkeypatch.setattr(run_command, "play", stopped)
    monkeypatch.setattr(run_command, "write_text_atomic", write_after_a_second_signal)
    save, log = tmp_path / "game.json", tmp_path / "game.log.json"
    assert main(["run", "--seed", "1", "--combat", "classic", "--save", str(save), "--log", str(log)]) == 143
    assert sent and (tmp_path / "game.autosave.json").is_file() and log.is_file() and not save.exists()
    assert "the event log up to the interruption is written to" in capsys.readouterr().err


def test_turns_beyond_the_game_are_said_on_the_first_line(capsys: pytest.CaptureFixture[str]) -> None:
    """R-UI-119: ``--turns`` larger than the turns left plays the game to its end and says so, not silently."""
    from tui.arguments import turns_note
    assert turns_note(None, 1, 10) == turns_note(10, 1, 10) == turns_note(3, 8, 10) == ""
    assert turns_note(11, 1, 10) == "--turns 11: 10 turns left, so the game is played to its end"
    assert turns_note(2, 10, 10) == "--turns 2: 1 turn left, so the game is played to its end"
    code, out, _ = run(capsys, "run", "--seed", "1", "--combat", "none", "--turns", "10000000000000000")
    assert code == 3
    assert out.splitlines()[0].endswith("; --turns 10000000000000000: 10 turns left, so the game is played to its end")
