"""A ``*.yaml`` name in a ``--data`` folder that is not a regular file (a named pipe, a broken link) is reported,
naming the file, by the loader and by ``vas data check``; it is never read (reading a pipe would wait for ever) and
never passed over, with the data cache on or off."""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path

import pytest

from scenarios.loader import DataError, load_data
from tui.cli import main

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")


@pytest.fixture
def odd_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VAS_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "overrides"
    folder.mkdir()
    os.mkfifo(folder / "pipe.yaml")
    (folder / "gone.yml").symlink_to(tmp_path / "nowhere.yml")
    return folder


@pytest.mark.parametrize("cache", [True, False])
def test_the_loader_names_each_odd_file(odd_folder: Path, cache: bool) -> None:
    load_data(cache=cache)  # the bundled data alone loads (and is cached)
    with pytest.raises(DataError) as caught:
        load_data([odd_folder], cache=cache)
    assert caught.value.problems == [
        f"{odd_folder / 'gone.yml'}:1: not a regular file (a pipe, a socket or a broken link); not read",
        f"{odd_folder / 'pipe.yaml'}:1: not a regular file (a pipe, a socket or a broken link); not read",
    ]


def test_data_check_exits_1_naming_the_pipe(odd_folder: Path) -> None:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(["data", "check", "--data", str(odd_folder)])
    assert code == 1
    assert f"  {odd_folder / 'pipe.yaml'}:1: not a regular file" in err.getvalue()
    assert "Traceback" not in err.getvalue()
