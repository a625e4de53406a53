"""A character canvas for the drawn board: cells of (character, style), written in any order, read as rich lines."""

from __future__ import annotations

from rich.text import Text

Rect = tuple[int, int, int, int]  # x, y, width, height


class Canvas:
    """A fixed-size grid of styled characters; writes past the edges are cut off."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.cells: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        for i, char in enumerate(text):
            if 0 <= x + i < self.width and 0 <= y < self.height:
                self.cells[y][x + i] = (char, style)

    def put_text(self, x: int, y: int, text: Text, base: str = "") -> None:
        """Write a rich ``text`` (one line) with its spans' styles, ``base`` under them."""
        for i in range(len(text)):
            style = " ".join(s for s in (base, *(str(sp.style) for sp in text.spans if sp.start <= i < sp.end),
                                         str(text.style) if text.style else "") if s)
            self.put(x + i, y, text.plain[i], style)

    def char(self, x: int, y: int) -> str:
        return self.cells[y][x][0] if 0 <= x < self.width and 0 <= y < self.height else ""

    def restyle(self, rect: Rect, style: str) -> None:
        """Add ``style`` to every cell of ``rect`` (the cursor's highlight)."""
        x0, y0, w, h = rect
        for y in range(max(y0, 0), min(y0 + h, self.height)):
            for x in range(max(x0, 0), min(x0 + w, self.width)):
                char, old = self.cells[y][x]
                self.cells[y][x] = (char, f"{old} {style}".strip())

    def lines(self) -> list[Text]:
        out = []
        for row in self.cells:
            line = Text()
            for char, style in row:
                line.append(char, style=style or None)
            line.rstrip()
            out.append(line)
        return out


def box(canvas: Canvas, rect: Rect, style: str, *, double: bool = False) -> None:
    """A frame around ``rect`` (single or double lines)."""
    x, y, w, h = rect
    hz, vt, corners = ("═", "║", "╔╗╚╝") if double else ("─", "│", "┌┐└┘")
    canvas.put(x, y, corners[0] + hz * (w - 2) + corners[1], style)
    canvas.put(x, y + h - 1, corners[2] + hz * (w - 2) + corners[3], style)
    for row in range(y + 1, y + h - 1):
        canvas.put(x, row, vt, style)
        canvas.put(x + w - 1, row, vt, style)
