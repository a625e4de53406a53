"""SIGTERM and SIGHUP end the commands as Ctrl-C does (tui/signals.py): one line, exit 128 + the signal, the user's
files left whole; `vas selfplay`'s worker processes end with it."""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

import tui.cli
import tui.run_command
from strategic.campaign import Campaign
from strategic.json_files import write_text_atomic
from strategic.selfplay import run_local, specs_for
from tui.cli import main
from tui.signals import Terminated, exit_code, how_stopped, stop_on_signals


@pytest.fixture(autouse=True)
def _signals_restored() -> Iterator[None]:
    """`main` installs the handlers in this process: put the test runner's back."""
    before = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGHUP)}
    yield
    for signum, handler in before.items():
        signal.signal(signum, handler)


def test_sigterm_is_one_line_and_exit_143(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    def terminated(args):  # type: ignore[no-untyped-def]
        signal.raise_signal(signal.SIGTERM)
        raise AssertionError("the signal did not stop the command")

    monkeypatch.setattr(tui.cli, "cmd_oob", terminated)
    before = signal.getsignal(signal.SIGTERM)
    assert main(["oob"]) == 143
    assert capsys.readouterr().err == "vas: stopped by SIGTERM\n"
    assert signal.getsignal(signal.SIGTERM) is before  # main, called in-process, leaves the handlers as it found them
    assert (how_stopped(Terminated(signal.SIGHUP)), exit_code(Terminated(signal.SIGHUP))) == ("stopped by SIGHUP", 129)
    assert (how_stopped(KeyboardInterrupt()), exit_code(KeyboardInterrupt())) == ("interrupted", 130)


def test_sigterm_during_vas_run_keeps_the_game_and_the_save(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    """The signal arrives inside the campaign clock (the combat phase of turn 1): not an engine failure.  The
    user's save is left as it was; the game at the start of the last decision is saved beside it and the
    log up to the signal written (R-UI-100); going on from that autosave plays the very game never interrupted."""
    whole = tmp_path / "whole.json"
    assert main(["run", "--seed", "1", "--combat", "classic", "--turns", "2", "--save", str(whole)]) == 0
    capsys.readouterr()
    resolve = Campaign.resolve_pending
    monkeypatch.setattr(Campaign, "resolve_pending", lambda self, *a, **k: signal.raise_signal(signal.SIGTERM))
    saved, log = tmp_path / "game.json", tmp_path / "game.log"
    saved.write_text('{"the": "old save"}')
    assert main(["run", "--seed", "1", "--combat", "classic", "--turns", "2", "--save", str(saved),
                 "--log", str(log)]) == 143
    autosave = tmp_path / "game.autosave.json"
    assert capsys.readouterr().err == (
        "\nvas run: stopped by SIGTERM on turn 1, combat phase\n"
        "vas run: the game as it was at the start of the last decision (turn 1, submarine phase) is saved "
        f"to {autosave}; {saved} is left as it was; go on with vas run --load {autosave}\n"
        f"vas run: the event log up to the interruption is written to {log}\n")
    assert saved.read_text() == '{"the": "old save"}' and sorted(os.listdir(tmp_path)) == [
        "game.autosave.json", "game.json", "game.log", "whole.json"]
    assert log.read_text().startswith("{")
    monkeypatch.setattr(Campaign, "resolve_pending", resolve)
    again = tmp_path / "again.json"
    assert main(["run", "--load", str(autosave), "--turns", "2", "--save", str(again)]) == 0
    assert again.read_text() == whole.read_text()


def test_an_interrupt_before_the_first_decision_saves_nothing(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    def interrupted(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    monkeypatch.setattr(tui.run_command, "Clock", interrupted)
    saved = tmp_path / "game.json"
    assert main(["run", "--seed", "1", "--combat", "classic", "--save", str(saved)]) == 130
    assert capsys.readouterr().err == ("\nvas run: interrupted on turn 1, start phase\n"
                                       "vas run: no save was written (the game had reached no decision)\n")
    assert os.listdir(tmp_path) == []


def test_a_signal_while_a_save_is_written_leaves_the_old_file(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    stop_on_signals()
    saved = tmp_path / "game.json"
    saved.write_text("old")
    monkeypatch.setattr(os, "fsync", lambda fd: signal.raise_signal(signal.SIGTERM))
    with pytest.raises(Terminated):
        write_text_atomic(saved, "new")
    assert saved.read_text() == "old" and os.listdir(tmp_path) == ["game.json"]  # no temporary file left


def test_selfplay_workers_end_with_the_command() -> None:
    """Stopped after its first game, the pool of two workers is ended at once (no game left playing)."""
    specs = specs_for(4, 1, {}, combat="classic")

    def stop(done: int, total: int) -> None:
        raise Terminated(signal.SIGTERM)

    with pytest.raises(Terminated):
        run_local(specs, workers=2, progress=stop)
    assert multiprocessing.active_children() == []
