"""Screen methods that touch a screen's widgets, kept from running before the screen is mounted or after it is gone.

A pushed screen is the app's current screen at once, but it composes and mounts its widgets in its own message loop
(textual).  Until then a ``TabbedContent`` may exist without its tabs, and setting its ``active`` pane raises
``ValueError: No Tab with id '--content-tab-...'``; a query finds nothing.  :func:`when_mounted` defers such a call
to the screen's own message queue, which textual runs only once the screen is mounted; :func:`while_attached` drops
a call (a worker thread's result, a timer) that arrives after the screen left the app (R-UI-52)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Concatenate, ParamSpec, TypeVar

from textual.widget import Widget

P = ParamSpec("P")
W = TypeVar("W", bound=Widget)


def when_mounted(method: Callable[Concatenate[W, P], object]) -> Callable[Concatenate[W, P], None]:
    """``method`` now if its widget is mounted, else queued to run right after its mount (in its message loop)."""
    @functools.wraps(method)
    def run(self: W, *args: P.args, **kwargs: P.kwargs) -> None:
        if self.is_mounted:
            method(self, *args, **kwargs)
        else:
            self.call_later(functools.partial(method, self, *args, **kwargs))
    return run


def while_attached(method: Callable[Concatenate[W, P], object]) -> Callable[Concatenate[W, P], None]:
    """``method`` only while its widget is mounted and still in the app (a late callback is dropped)."""
    @functools.wraps(method)
    def run(self: W, *args: P.args, **kwargs: P.kwargs) -> None:
        if self.is_mounted and self.is_attached:
            method(self, *args, **kwargs)
    return run
