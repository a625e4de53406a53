"""Screen methods that touch a screen's widgets, kept from running before the screen is mounted or after it is gone.

A pushed screen is the app's current screen at once, but it composes and mounts its widgets in its own message loop
(textual).  Until then a ``TabbedContent`` may exist without its tabs, and setting its ``active`` pane raises
``ValueError: No Tab with id '--content-tab-...'``; a query finds nothing.  :func:`when_mounted` defers such a call
to the screen's own message queue, which textual runs only once the screen is mounted; :func:`while_attached` drops
a call (a worker thread's result, a timer) that arrives after the screen left the app (R-UI-52); :class:`GameHeader`
is textual's header without its own race (R-UI-95)."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from typing import Concatenate, ParamSpec, TypeVar

from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount
from textual.widget import Widget
from textual.widgets import Header
from textual.widgets._header import HeaderTitle

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


class GameHeader(Header):
    """Textual's ``Header`` whose title update may arrive after the header lost its title widget (R-UI-95).

    The header watches the app's and its screen's titles and updates its title in a queued callback; textual 8
    forgives that callback a missing screen but not a missing title: a screen that sets its sub-title on mount and
    leaves the app in the same moment (the start screen's "back" after an engine error) crashed the app with
    ``NoMatches``.  This header skips the update when the title widget is already gone."""

    def _on_mount(self, event: Mount) -> None:
        event.prevent_default()  # textual calls every class's handler: not Header's, which would watch as well
        Widget._on_mount(self, event)

        async def set_title() -> None:
            with contextlib.suppress(NoMatches, NoScreen):  # removed meanwhile: nothing to show the title on
                self.query_one(HeaderTitle).update(self.format_title())

        self.watch(self.app, "title", set_title)
        self.watch(self.app, "sub_title", set_title)
        self.watch(self.screen, "title", set_title)
        self.watch(self.screen, "sub_title", set_title)
