"""Issue 13 item 5: an unexpected exception (a bug) never shows a traceback: one line naming the command and the
error, the traceback in a file, exit code 70."""

from __future__ import annotations

from pathlib import Path

import pytest

import tui.cli
from tui.cli import main


def test_an_internal_error_is_one_line_with_the_details_in_a_file(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture) -> None:
    def broken(args):  # type: ignore[no-untyped-def]
        return {}["seed"]

    monkeypatch.setattr(tui.cli, "cmd_oob", broken)
    assert main(["oob", "--turn", "1"]) == 70
    err = capsys.readouterr().err
    assert err.startswith("vas oob: internal error (KeyError: 'seed'); the details are in ")
    assert "Traceback" not in err and err.count("\n") == 1
    details = Path(err.split("the details are in ")[1].split(";")[0])
    assert "Traceback" in details.read_text() and "KeyError" in details.read_text()
    details.unlink()


def test_an_interrupt_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    def interrupted(args):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    monkeypatch.setattr(tui.cli, "cmd_oob", interrupted)
    assert main(["oob"]) == 130
    assert capsys.readouterr().err == "vas: interrupted\n"
