"""JSON files written atomically and read with errors that name the file: saves (:mod:`strategic.saves`) and
battle logs (:mod:`strategic.battle_logs`)."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any


def write_text_atomic(path: Path, text: str) -> Path:
    """Write ``text`` to ``path`` atomically: a temporary file in the same folder, flushed and synced, then renamed
    over ``path``, so a crash never leaves half a file and the previous file survives until the new one is
    complete.  Creates the folder; returns ``path``.  Raises ``OSError`` when the folder cannot be written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def read_json(path: Path, error: Callable[[str], Exception], *, unreadable: str, invalid: str) -> Any:
    """The JSON value in ``path``.  A file that cannot be read raises ``error(unreadable)`` and one that is not JSON
    ``error(invalid)``, the messages formatted with ``path``, ``reason`` (the system's) or ``line`` and ``msg``
    (the parser's)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(unreadable.format(path=path, reason=exc.strerror or exc)) from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(invalid.format(path=path, line=exc.lineno, msg=exc.msg)) from exc
