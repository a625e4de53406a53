"""Output files of the commands, checked before any work starts (issue 13 item 4).

Every command that writes files (``vas run --save/--log/--battle-logs``, ``vas battle --log``, ``vas selfplay
--json``) calls :func:`check_outputs` first, with each flag and its path: a path that is a folder, sits under a
file, cannot be written, or is given to two flags is refused with one message naming the flag, before a campaign
or a battle is played, so that a bad path never costs the work.  The files themselves are written by
:func:`strategic.json_files.write_text_atomic` (a temporary file, then a rename; normal permissions).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from scenarios.errors import InputError


class OutputError(InputError):
    """An output path that cannot be used: the message names the flag and the path."""


def check_outputs(files: dict[str, Path | None], folders: dict[str, Path | None] | None = None,
                  inputs: dict[str, Path | None] | None = None) -> None:
    """Raise :class:`OutputError` unless every file of ``files`` (flag -> path; ``None``: not given) can be
    written and every folder of ``folders`` can be created and written in, no two of them are the same file
    (symbolic links followed), and none is one of ``inputs`` (flag -> path read by the command; ``--save`` may
    name the ``--load`` file, which it replaces).  Nothing is created but the folders of ``folders`` (they are
    needed anyway)."""
    seen: dict[Path, str] = {}
    for flag, path in [*files.items(), *(folders or {}).items()]:
        if path is None:
            continue
        key = Path(os.path.realpath(path))
        if key in seen:
            raise OutputError(f"{seen[key]} and {flag} name the same file {path}: give each its own")
        seen[key] = flag
    for flag, path in (inputs or {}).items():
        if path is None:
            continue
        key = Path(os.path.realpath(path))
        if key in seen and seen[key] != "--save":
            raise OutputError(f"{seen[key]} {path} would overwrite the {flag} file: give it another name")
    for flag, path in files.items():
        if path is not None:
            problem = file_problem(Path(path))
            if problem:
                raise OutputError(f"{flag} {path}: {problem}")
    for flag, path in (folders or {}).items():
        if path is not None:
            problem = folder_problem(Path(path))
            if problem:
                raise OutputError(f"{flag} {path}: {problem}")


def file_problem(path: Path) -> str | None:
    """Why ``path`` cannot be written as a file (without creating it or its folders), or ``None``.  A path the
    system cannot use at all (a name too long, a loop of symbolic links) is one too (R-UI-113: it failed only when
    the game was over and written, exit 70)."""
    return _usable(path, "file", _file_problem)


def _usable(path: Path, what: str, check: Callable[[Path], str | None]) -> str | None:
    """``check(path)``, or why the system cannot use ``path`` as the name of a ``what`` at all (R-UI-113)."""
    try:
        path.resolve()  # a loop of symbolic links: RuntimeError (Python 3.11) or OSError
        return check(path)
    except RuntimeError:
        return f"is a loop of symbolic links: give the path of a {what}"
    except OSError as exc:
        return f"cannot be used as a {what} name ({exc.strerror or exc})"


def _file_problem(path: Path) -> str | None:
    if path.is_dir():
        return "is a folder, not a file"
    if path.exists() and not path.resolve().is_file():
        return "is not a regular file (a device, a pipe or a socket): give the path of a file"
    parent = _existing_parent(path)
    if not parent.is_dir():
        return f"{parent} is a file, not a folder"
    if path.exists() and not os.access(path, os.W_OK):
        return f"the file cannot be written ({_why_not_writable(path)})"
    return _probe(path.absolute().parent, parent)


def _why_not_writable(path: Path) -> str:
    """The system's reason an existing file cannot be opened for writing (opened without truncating, so nothing
    changes): ``Read-only file system``, ``Permission denied`` (R-UI-104: one wording, the system's, everywhere)."""
    try:
        os.close(os.open(path, os.O_WRONLY))
    except OSError as exc:
        return exc.strerror or str(exc)
    return "Permission denied"


def _probe(folder: Path, parent: Path) -> str | None:
    """Try what writing the file will do, leaving nothing behind: a file in ``folder`` when it exists, else a
    folder in ``parent``, its nearest existing part (the file's folders are created when it is written).  The
    permission bits do not tell (root may write anywhere they allow, yet not make a folder in ``/proc`` or on a
    read-only disk), and the game would be played before the write failed (R-UI-85)."""
    try:
        if folder.is_dir():
            with tempfile.NamedTemporaryFile(dir=folder, prefix=".vas-probe-"):
                pass
        else:
            os.rmdir(tempfile.mkdtemp(dir=parent, prefix=".vas-probe-"))
    except OSError as exc:
        return f"cannot write in {parent} ({exc.strerror or exc})"
    return None


def folder_problem(folder: Path) -> str | None:
    """Why files cannot be written in ``folder`` (created if missing), or ``None`` (R-UI-113: a path the system
    cannot use is one too)."""
    return _usable(folder, "folder", _folder_problem)


def _folder_problem(folder: Path) -> str | None:
    if folder.exists() and not folder.is_dir():
        return "not a folder"
    parent = _existing_parent(folder)
    if not parent.is_dir():
        return f"{parent} is a file, not a folder"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".vas-probe-"):
            pass
    except OSError as exc:
        return f"cannot write there ({exc.strerror or exc})"
    return None


def _existing_parent(path: Path) -> Path:
    """The nearest part of ``path``'s folder that exists (a missing folder is created when the file is written)."""
    parent = path.absolute().parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    return parent
