"""R-UI-99: without a terminal, ``vas play`` and ``vas battle --human`` are refused at once in one line (exit 2)
instead of writing escape codes to a pipe and waiting for keys; the headless battle needs none."""

from __future__ import annotations

import io
import sys

import pytest

from tui import terminal
from tui.cli import main


@pytest.fixture
def no_tty(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(terminal, "has_terminal", lambda: False)


@pytest.mark.parametrize(("argv", "command"), [(["play"], "vas play"),
                                               (["battle", "--human", "both"], "vas battle")])
def test_a_full_screen_command_without_a_terminal_is_refused(no_tty: None, argv: list[str], command: str,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err == (f"{command}: needs a terminal (its standard input and output are not one); the headless game "
                   "is vas run, the headless battle vas battle without --human\n")
    assert out == ""


def test_the_headless_battle_needs_no_terminal(no_tty: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["battle", "--demo", "cruiser-action", "--seed", "0"]) == 0
    title = "Cruiser action, 1942: two heavy cruisers and two destroyers a side (seed 0)\n"
    assert capsys.readouterr().out.startswith(title)


def test_a_pipe_is_no_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()  # the real check, not the tests' stand-in
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert terminal.has_terminal() is False
