"""The Log tab's text (issue #17): a :class:`~textual.widgets.RichLog` that keeps the lines written to it and wraps
them again to its width whenever that changes.

A plain ``RichLog`` wraps each line once, at the width it has when written: lines written while the Log tab is
hidden (width 0) were wrapped at its minimum width (about 20 columns) and stayed so until a reload, and a resized
terminal kept the old wrapping.  Lines written while the log is hidden wait until it is shown.
"""

from __future__ import annotations

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog


class CampaignLog(RichLog):
    """A log that rewraps its lines to its width (:meth:`add`, :meth:`reset`)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, min_width=1)
        self.texts: list[str | Text] = []
        self._wrapped_at = 0  # the width the shown lines were wrapped at (0: not shown yet, or stale)

    @property
    def width_now(self) -> int:
        return self.scrollable_content_region.width

    def add(self, text: str | Text) -> None:
        """Keep ``text`` and show it now if the log is shown, else when it is."""
        self.texts.append(text)
        if self._wrapped_at and self._wrapped_at == self.width_now:
            self.write(text)
        else:
            self._wrapped_at = 0

    def reset(self) -> None:
        """Forget every line (an undo shortened the game's log)."""
        self.texts = []
        self._wrapped_at = 0
        self.clear()

    def on_resize(self, event: Resize) -> None:
        super().on_resize(event)
        self.rewrap()

    def rewrap(self) -> None:
        """Wrap every line again to the width the log has now (nothing while it is hidden)."""
        width = self.width_now
        if not width or width == self._wrapped_at:
            return
        self.clear()
        self._wrapped_at = width
        for text in self.texts:
            self.write(text, width=width)
