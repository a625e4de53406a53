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
    complete; a symbolic link keeps pointing at the new file.  The file gets normal permissions (those of a new
    file under the umask, or the replaced file's).
    Creates the folder; returns ``path``.  Raises ``OSError`` when the folder cannot be written."""
    path = Path(path)
    if path.is_symlink():
        path = path.resolve()  # replace the file the link points at, keep the link
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, _mode_for(path))
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def _mode_for(path: Path) -> int:
    """The permissions ``path`` should get: the replaced file's, else 0o666 less the umask (mkstemp makes 0o600)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


MAX_JSON_BYTES = 64 * 1024 * 1024
"""No save or battle log comes near this (a whole game's save is a few MB); a larger input is not one of them."""


def read_json(path: Path, error: Callable[[str], Exception], *, unreadable: str, invalid: str) -> Any:
    """The JSON value in ``path``.  A file that cannot be read (or is not a regular file: a folder, a device such
    as ``/dev/zero``, a pipe) raises ``error(unreadable)``; one that is not JSON (or not UTF-8, larger than
    :data:`MAX_JSON_BYTES`, a number too long to read, or with a key twice in one object: a hand edit gone wrong,
    where the parser would silently keep the last) ``error(invalid)``; the messages formatted with ``path``,
    ``reason`` (the system's) or ``line`` and ``msg`` (the parser's).  A UTF-8 byte-order mark (as Windows
    editors write) is accepted."""
    path = Path(path)
    try:
        if not path.is_file():
            why = "a folder, not a file" if path.is_dir() else "not a regular file" if path.exists() else \
                "No such file or directory"
            raise OSError(0, why)
        with path.open("rb") as handle:
            raw = handle.read(MAX_JSON_BYTES + 1)
    except OSError as exc:
        raise error(unreadable.format(path=path, reason=exc.strerror or exc)) from exc
    if len(raw) > MAX_JSON_BYTES:
        raise error(invalid.format(path=path, line=1, msg=f"larger than {MAX_JSON_BYTES:,} bytes"))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(invalid.format(path=path, line=1, msg=f"not UTF-8 text (byte {exc.start})")) from exc
    try:
        return json.loads(text, object_pairs_hook=_no_repeated_keys)
    except json.JSONDecodeError as exc:
        where = f"column {exc.colno}" if exc.msg.endswith(" at") else f"at column {exc.colno}"  # the line leads
        raise error(invalid.format(path=path, line=exc.lineno, msg=f"{exc.msg} {where}")) from exc
    except RecursionError:
        raise error(invalid.format(path=path, line="?", msg="nested too deeply")) from None
    except _RepeatedKey as exc:
        raise error(invalid.format(path=path, line="?", msg=f"the key {exc.args[0]!r} appears twice in one object")) \
            from None
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        raise error(invalid.format(path=path, line="?", msg=str(exc).split(";")[0])) from None


CAMPAIGN_LOG = "vas campaign log"
"""The ``log`` field of a campaign log (``vas run --log``; strategic.replay.LOG_FORMAT)."""


def campaign_log_hint(value: Any) -> str:
    """`` (it is a campaign log: ...)`` when ``value`` (a JSON file's contents) is a campaign log, else ``""``: a
    log given where a save or a battle log is wanted is named for what it is (R-UI-84), not listed as a thousand
    problems of a save."""
    is_log = isinstance(value, dict) and value.get("log") == CAMPAIGN_LOG
    return " (it is a campaign log: vas run --replay FILE plays it again)" if is_log else ""


class _RepeatedKey(ValueError):
    pass


def _no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        raise _RepeatedKey(next(k for k, _ in pairs if k in seen or seen.add(k)))  # type: ignore[func-returns-value]
    return out
