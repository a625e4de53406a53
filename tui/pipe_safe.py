"""Standard output that a reader closing early cannot stop (``vas run ... | head -1``): the command runs to its end
and its own exit code is kept (R-UI-47).  The first write (or flush) refused with :class:`BrokenPipeError` points
the output at the null device; everything after goes nowhere, quietly, and no traceback is printed at exit."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TextIO


class PipeSafe:
    """``stream`` (standard output) with writes and flushes that survive a reader gone (``gone`` says so)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.gone = False

    def write(self, text: str) -> int:
        return self._quietly(lambda: self.stream.write(text), len(text))

    def flush(self) -> None:
        self._quietly(self.stream.flush, None)

    def _quietly(self, step: Callable[[], Any], otherwise: Any) -> Any:
        if not self.gone:
            try:
                return step()
            except BrokenPipeError:
                self._to_null()
        return otherwise

    def _to_null(self) -> None:
        """The reader has gone: the output (the file descriptor too, for the flush at exit) goes to the null
        device."""
        self.gone = True
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.stream.fileno())
            os.close(devnull)
        except (OSError, ValueError):  # a stream with no file descriptor (a test's): nothing more is written
            pass

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextmanager
def pipe_safe_stdout() -> Iterator[PipeSafe]:
    """Standard output as :class:`PipeSafe` for the block, flushed at its end (a reader gone then is quiet too)."""
    original = sys.stdout
    safe = PipeSafe(original)
    sys.stdout = safe  # type: ignore[assignment]
    try:
        yield safe
    finally:
        safe.flush()
        sys.stdout = original
