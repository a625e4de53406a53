"""R-UI-104: an output path that cannot be written is refused with the system's own reason, the same for every
flag: a read-only disk is "Read-only file system", not "permission denied" for some flags and the truth for others
(a fresh user's test on a read-only mount; here the system's refusal is stood in for)."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from tui import outputs
from tui.outputs import OutputError, check_outputs


def _read_only(*args: Any, **kwargs: Any) -> Any:
    raise OSError(errno.EROFS, os.strerror(errno.EROFS))


def test_a_new_file_on_a_read_only_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(outputs.tempfile, "NamedTemporaryFile", _read_only)
    for flag in ("--save", "--log", "--out", "--json"):
        with pytest.raises(OutputError) as refused:
            check_outputs({flag: tmp_path / "game.json"})
        assert str(refused.value) == (f"{flag} {tmp_path / 'game.json'}: cannot write in {tmp_path} (Read-only file "
                                      "system)")
    with pytest.raises(OutputError) as refused:
        check_outputs({}, {"--battle-logs": tmp_path / "logs"})
    assert str(refused.value) == f"--battle-logs {tmp_path / 'logs'}: cannot write there (Read-only file system)"


def test_an_existing_file_on_a_read_only_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saved = tmp_path / "game.json"
    saved.write_text("{}")
    monkeypatch.setattr(outputs.os, "access", lambda *args, **kwargs: False)
    monkeypatch.setattr(outputs.os, "open", _read_only)
    with pytest.raises(OutputError) as refused:
        check_outputs({"--save": saved})
    assert str(refused.value) == f"--save {saved}: the file cannot be written (Read-only file system)"
    assert saved.read_text() == "{}"
