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


def test_sigterm_during_vas_run_stops_it_cleanly_and_keeps_the_save(monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture,
                                                                     tmp_path: Path) -> None:
    """The signal arrives inside the campaign clock (the combat phase of turn 1): not an engine failure."""
    monkeypatch.setattr(Campaign, "resolve_pending", lambda self, *a, **k: signal.raise_signal(signal.SIGTERM))
    saved = tmp_path / "game.json"
    saved.write_text('{"the": "old save"}')
    assert main(["run", "--seed", "1", "--combat", "classic", "--save", str(saved)]) == 143
    err = capsys.readouterr().err
    assert err == (f"\nvas run: stopped by SIGTERM on turn 1, combat phase; no save or log was written; {saved} is "
                   "left as it was\n")
    assert saved.read_text() == '{"the": "old save"}' and os.listdir(tmp_path) == ["game.json"]


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
