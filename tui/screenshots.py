"""Screenshots of the app (issue #17): F12, and the command palette's "Screenshot", write an SVG of the screen into
the folder of the game's save, or the current folder before any save; no folder is created (textual's own
default, the user's downloads folder, fails when it is missing).  The name is ``vas-turnN-phase.svg``, with
``-2``, ``-3`` ... added rather than replacing a file."""

from __future__ import annotations

from pathlib import Path

from textual.app import App


def screenshot_folder(save_path: Path | None) -> Path:
    """The save's folder, else the current folder."""
    return save_path.resolve().parent if save_path is not None else Path.cwd()


def free_name(folder: Path, stem: str) -> Path:
    """``folder/stem.svg``, or the first ``stem-N.svg`` not yet there."""
    path, number = folder / f"{stem}.svg", 1
    while path.exists():
        number += 1
        path = folder / f"{stem}-{number}.svg"
    return path


def take_screenshot(app: App[None], save_path: Path | None, stem: str) -> Path | str:
    """Write the screen as SVG (:func:`free_name` in :func:`screenshot_folder`); the path, or the reason it could
    not be written."""
    path = free_name(screenshot_folder(save_path), stem)
    try:
        with path.open("x", encoding="utf-8") as out:
            out.write(app.export_screenshot())
    except OSError as exc:
        return f"cannot write {path}: {exc.strerror or exc}"
    return path
