"""Stopping a command by a signal: SIGTERM (and SIGHUP, the terminal closed) end ``vas run``, ``vas selfplay`` and
the other commands as Ctrl-C does, with a short message and exit code ``128 + signal`` (130 for Ctrl-C, 143 for
SIGTERM), never as an engine failure or a traceback.  ``vas play`` has its own handlers (the app saves the game).

The handler raises :class:`Terminated`, a :class:`KeyboardInterrupt`, so everything that lets Ctrl-C through (the
campaign clock, the atomic writers, which remove their temporary file) treats it alike: a save being written is
either the old file or the new one, never half of one (:func:`strategic.json_files.write_text_atomic`)."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


class Terminated(KeyboardInterrupt):
    """The program was asked to stop by signal ``signum`` (not an error: handled as Ctrl-C)."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        super().__init__(signal.Signals(signum).name)


def _raise_terminated(signum: int, _frame: FrameType | None) -> None:
    raise Terminated(signum)


def stop_on_signals() -> Callable[[], None]:
    """Make SIGTERM and SIGHUP raise :class:`Terminated` in this (main) thread (elsewhere nothing changes);
    returns the function that puts the previous handlers back (``main`` called in-process, e.g. by the tests)."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    before = {signum: signal.signal(signum, _raise_terminated) for signum in STOP_SIGNALS}

    def restore() -> None:
        for signum, handler in before.items():
            signal.signal(signum, handler)

    return restore


@contextmanager
def held() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP are ignored inside (the main thread only): the files that keep an interrupted
    game are written whole though the user presses Ctrl-C again (R-UI-116: a second Ctrl-C within milliseconds
    lost the autosave and the log)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {signum: signal.signal(signum, signal.SIG_IGN) for signum in (signal.SIGINT, *STOP_SIGNALS)}
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


def how_stopped(exc: KeyboardInterrupt) -> str:
    """``interrupted`` (Ctrl-C) or ``stopped by SIGTERM``."""
    return f"stopped by {exc}" if isinstance(exc, Terminated) else "interrupted"


def exit_code(exc: KeyboardInterrupt) -> int:
    """128 + the signal: 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP."""
    return 128 + (exc.signum if isinstance(exc, Terminated) else signal.SIGINT)
