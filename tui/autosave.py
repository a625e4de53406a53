"""Where the app writes the last good state after an engine error or a crash (issue 13 items 1, 9): beside the
player's save, never over a file he saved or loaded."""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterable
from pathlib import Path

from strategic.json_files import write_text_atomic
from strategic.saves import autosave_path

DEFAULT_AUTOSAVE = "vas-autosave.json"
"""The autosave, in the current folder, of a game never saved nor loaded (:func:`autosave_target`)."""

DEFAULT_STEM = re.compile(r"vas-autosave(-\d+)?")
"""The default autosave's name, or that name numbered when it was the file loaded (R-UI-137)."""


def path_problem(path: Path, exc: BaseException) -> str:
    """Why ``path`` could not be written, for the player: a folder in the way that is a file, or the system's
    reason."""
    existing = next((p for p in path.parents if p.exists()), None)
    if existing is not None and not existing.is_dir():
        return f"{existing} is a file, not a folder"
    if path.is_dir():
        return f"{path} is a folder"
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
    return f"{reason} ({type(exc).__name__})"


def autosave_target(save_path: Path | None, own: Iterable[Path] = ()) -> Path:
    """Where the last good state goes: beside the player's save (``game.json`` -> ``game.autosave.json``,
    :func:`strategic.saves.autosave_path`), or :data:`DEFAULT_AUTOSAVE` in the current folder when the game was
    never saved nor loaded.  Never one of the ``own`` files (those the player saved or loaded): a number is added."""
    if save_path is None:
        target = Path.cwd() / DEFAULT_AUTOSAVE
    elif DEFAULT_STEM.fullmatch(Path(save_path).stem):  # the default autosave loaded: it stays the autosave (R-UI-137)
        target = Path(save_path).with_name(DEFAULT_AUTOSAVE)
    else:
        target = autosave_path(save_path)
    taken = {Path(p).resolve() for p in own}
    number = 2
    candidate = target
    while candidate.resolve() in taken:
        candidate = target.with_name(f"{target.stem}-{number}{target.suffix}")
        number += 1
    return candidate


def write_autosave(text: str, target: Path, own: Iterable[Path] = ()) -> tuple[Path, list[str]]:
    """Write an autosave to ``target``, else to :data:`DEFAULT_AUTOSAVE` in the current folder, else in the temporary
    folder (never over an ``own`` file).  Returns the file written and the problems met on the way; raises
    ``OSError`` naming every problem when no place could be written."""
    own = list(own)
    problems: list[str] = []
    tried: list[Path] = []
    for candidate in (target, autosave_target(None, own), autosave_target(Path(tempfile.gettempdir()) / "vas.json",
                                                                          own)):
        if candidate in tried:
            continue
        tried.append(candidate)
        try:
            return write_text_atomic(candidate, text), problems
        except OSError as exc:
            problems.append(f"cannot write {candidate}: {path_problem(candidate, exc)}")
    raise OSError("; ".join(problems))


def state_moment(text: str) -> str:
    """``turn 3, patrol phase`` of a save's JSON text."""
    raw = json.loads(text)
    return f"turn {raw.get('turn')}, {raw.get('phase', 'start')} phase"
