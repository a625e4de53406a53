"""Dialogs whose scrolling part fits the terminal (issue #17: the help and the summary were cut off at 100x30 and
at 170x50, their hint and last lines out of sight): the scrolling part gets the screen's height share less the
dialog's frame, recomputed when the terminal is resized."""

from __future__ import annotations

from textual.screen import ModalScreen


class FittedScroll(ModalScreen[None]):
    """A modal screen whose ``SCROLL`` widget is at most ``SHARE`` per cent of the screen's height less ``FRAME``
    rows (the dialog's border, padding, title and hint lines, the hint wrapped as at 100 columns)."""

    SCROLL = ""
    SHARE = 92
    FRAME = 4

    def on_mount(self) -> None:  # textual calls it after the subclass's own on_mount, if any
        if self.focused is None:
            self.query_one(self.SCROLL).focus()
        self.fit_scroll()

    def on_resize(self) -> None:
        self.fit_scroll()

    def fit_scroll(self) -> None:
        self.query_one(self.SCROLL).styles.max_height = max(3, self.size.height * self.SHARE // 100 - self.FRAME)
