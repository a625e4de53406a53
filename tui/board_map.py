"""The campaign map widget (issue #17): the drawn board (:mod:`tui.board_draw`) in a scrolling pane, its places
selectable with the keys and the mouse, and the selected place listed under it (:mod:`tui.board_info`).

Keys (when the map has the focus): arrows move the cursor to the nearest area that way, Tab / Shift+Tab step
through the areas and their ports in reading order (past the last, or with Escape, the focus moves on), Enter
selects the place
under the cursor, ``t`` shows both theatres, War at Sea only or the Pacific only, ``z`` switches between the full
and the compact boxes.  A click selects the place clicked.  Selecting posts :class:`BoardMap.Selected`.  A click
on the listing posts :class:`PlaceInfo.Clicked` (the screen opens the details of the units there).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer, Vertical
from textual.geometry import Region
from textual.message import Message
from textual.widgets import Static

from scenarios.loader import CampaignData
from scenarios.models import Theatre
from strategic.orders import Order
from strategic.views import CampaignView
from tui.board_draw import COMPACT, FULL, Board, Drawing, Marks, Zoom, draw_board
from tui.board_info import listing

THEATRE_CHOICES: list[tuple[Theatre, ...]] = [(Theatre.WAS, Theatre.VITP), (Theatre.WAS,), (Theatre.VITP,)]
DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


def nearest(drawing: Drawing, start: str, direction: tuple[int, int]) -> str | None:
    """The area whose box lies nearest ``start``'s box in ``direction`` (distance along it counts once, across it
    twice), or ``None`` at the edge."""
    def centre(place: str) -> tuple[float, float]:
        x, y, w, h = drawing.regions[place]
        return x + w / 2, y + h / 2

    sx, sy = centre(start)
    dx, dy = direction
    best: tuple[float, str] | None = None
    for area in drawing.areas:
        if area == start:
            continue
        ax, ay = centre(area)
        along = (ax - sx) * dx + (ay - sy) * dy
        across = abs((ax - sx) * dy) + abs((ay - sy) * dx)
        if along <= 0:
            continue
        score = along + 2 * across
        if best is None or score < best[0]:
            best = (score, area)
    return best[1] if best else None


def place_at(drawing: Drawing, x: int, y: int) -> str | None:
    """The port or area drawn at (``x``, ``y``): a port's line before its area's box."""
    hits = [p for p, (px, py, pw, ph) in drawing.regions.items() if px <= x < px + pw and py <= y < py + ph]
    return min(hits, key=lambda p: drawing.regions[p][2] * drawing.regions[p][3], default=None)


class BoardMap(Static, can_focus=True):
    """Both theatres' boards as the seated player sees them, with a cursor and a selected place."""

    DEFAULT_CSS = "BoardMap { width: auto; height: auto; padding: 0 1; } BoardMap:focus { background: $boost; }"

    BINDINGS = [
        Binding("up", "move('up')", "Up", show=False),
        Binding("down", "move('down')", "Down", show=False),
        Binding("left", "move('left')", "Left", show=False),
        Binding("right", "move('right')", "Right", show=False),
        Binding("tab", "step(1)", "Next place", show=False),
        Binding("shift+tab", "step(-1)", "Previous place", show=False),
        Binding("enter", "select", "Select"),
        Binding("escape", "leave", "Leave map", show=False),
        Binding("t", "theatre", "Theatre"),
        Binding("z", "zoom", "Zoom"),
    ]

    class Selected(Message):
        """A sea area or port was selected on the map (Enter or a click): ``place`` is its name, ``kind``
        ``"area"`` or ``"port"``, ``theatre`` its theatre."""

        def __init__(self, place: str, kind: str, theatre: Theatre) -> None:
            super().__init__()
            self.place = place
            self.kind = kind
            self.theatre = theatre

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.data: CampaignData | None = None
        self.view: CampaignView | None = None
        self.theatres: list[Theatre] = []
        self.choice = 0
        self.zoom: Zoom | None = None  # None: full boxes when they fit, else compact
        self.available: int | None = None
        self.cursor: str | None = None
        self.selected: str | None = None
        self.drawing = Drawing([])

    def show(self, data: CampaignData, view: CampaignView, available: int | None) -> None:
        """Draw the played theatres for ``view`` in ``available`` columns."""
        self.data, self.view, self.available = data, view, available
        self.theatres = [t for t in (Theatre.WAS, Theatre.VITP) if t in view.outbreak.theatres]
        self.redraw()

    def shown_theatres(self) -> list[Theatre]:
        chosen = [t for t in THEATRE_CHOICES[self.choice] if t in self.theatres]
        return chosen or self.theatres

    def redraw(self) -> None:
        if self.data is None or self.view is None:
            return
        theatres, room = self.shown_theatres(), (self.available or 0) - 2
        zoom = self.zoom
        if zoom is None:
            wide = draw_board(Board(self.data, self.view, FULL), theatres, Marks(), None)
            zoom = FULL if self.available is None or wide.width <= room else COMPACT
        board = Board(self.data, self.view, zoom)
        self.drawing = draw_board(board, theatres, Marks(self.cursor, self.selected), room if self.available else None)
        if self.cursor not in self.drawing.regions:
            self.cursor = None
        self.update(Text("\n").join(self.drawing.lines))

    # -- keys and mouse
    def action_move(self, key: str) -> None:
        """Arrows: the cursor to the nearest area that way (from a port, from its area)."""
        self._move(key)

    def _move(self, key: str) -> None:
        if key not in DIRECTIONS or not self.drawing.order:
            return
        start = self.cursor or self.drawing.order[0]
        if start not in self.drawing.areas:
            start = next((a for a in reversed(self.drawing.order[: self.drawing.order.index(start)])
                          if a in self.drawing.areas), self.drawing.order[0])
        target = nearest(self.drawing, start, DIRECTIONS[key]) if self.cursor else start
        if target is not None:
            self.move_cursor(target)

    def move_cursor(self, place: str) -> None:
        self.cursor = place
        self.redraw()
        x, y, w, h = self.drawing.regions[place]
        if isinstance(self.parent, ScrollableContainer):
            self.parent.scroll_to_region(Region(x, y, w + 2, h), animate=False, force=True)

    def action_step(self, delta: int) -> None:
        """Tab / Shift+Tab: the next or previous place; past either end the focus leaves the map."""
        order = self.drawing.order
        if not order:
            self.screen.focus_next() if delta > 0 else self.screen.focus_previous()
            return
        index = order.index(self.cursor) + delta if self.cursor in order else (0 if delta > 0 else len(order) - 1)
        if not 0 <= index < len(order):
            self.cursor = None
            self.redraw()
            self.screen.focus_next() if delta > 0 else self.screen.focus_previous()
            return
        self.move_cursor(order[index])

    def action_leave(self) -> None:
        """Escape: the focus moves on (to the tabs)."""
        self.screen.focus_next()

    def action_select(self) -> None:
        if self.cursor is not None:
            self.select(self.cursor)

    def select(self, place: str) -> None:
        """Select ``place`` (drawn on the map) and post :class:`Selected`."""
        assert self.data is not None
        self.selected = self.cursor = place
        self.redraw()
        kind = "area" if place in self.data.areas else "port"
        record = self.data.areas[place] if kind == "area" else self.data.ports[place]
        self.post_message(self.Selected(place, kind, record.theatre))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        place = place_at(self.drawing, offset.x, offset.y)
        if place is not None:
            self.focus()
            self.select(place)

    def action_theatre(self) -> None:
        self.choice = (self.choice + 1) % len(THEATRE_CHOICES)
        self.redraw()

    def action_zoom(self) -> None:
        current = self.zoom or (FULL if self.drawing.width and self._full_fits() else COMPACT)
        self.zoom = COMPACT if current is FULL else FULL
        self.redraw()

    def _full_fits(self) -> bool:
        assert self.data is not None and self.view is not None
        wide = draw_board(Board(self.data, self.view, FULL), self.shown_theatres(), Marks(), None)
        return self.available is None or wide.width <= self.available - 2


class PlaceInfo(Static):
    """The listing of the selected place; a click on it posts :class:`PlaceInfo.Clicked` (the screen opens the
    details of the units there, :mod:`tui.unit_details`)."""

    class Clicked(Message):
        def __init__(self, place: str) -> None:
            super().__init__()
            self.place = place

    def on_click(self) -> None:
        board = self.screen.query_one(BoardMap)
        if board.selected is not None:
            self.post_message(self.Clicked(board.selected))


class BoardPane(Vertical):
    """The map in its scrolling pane, and under it what the selected place holds and the orders possible there."""

    DEFAULT_CSS = """
    BoardPane { width: 3fr; }
    BoardPane #map-scroll { height: 1fr; }
    BoardPane #map-info { height: auto; max-height: 35%; overflow-y: auto; display: none;
                          border-top: solid $accent; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.orders: Sequence[Order] = ()

    def compose(self) -> ComposeResult:
        with ScrollableContainer(id="map-scroll"):
            yield BoardMap(id="map")
        yield PlaceInfo(id="map-info")

    def show(self, data: CampaignData, view: CampaignView, orders: Sequence[Order]) -> None:
        """Draw the map for ``view`` and list the selected place again; ``orders``: the seated human's legal
        orders now (none when no human decides)."""
        self.orders = orders
        board = self.query_one(BoardMap)
        board.show(data, view, self.query_one("#map-scroll").size.width or None)
        if board.selected is not None:
            self._list(board.selected)

    def on_resize(self) -> None:
        """A new width (the terminal resized, or the pane shown again after a hot-seat hand-over, when it had been
        drawn while hidden, at no width: full boxes, a theatre off to the side): drawn again to fit."""
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        board = self.query_one(BoardMap)
        width = self.query_one("#map-scroll").size.width or None
        if board.view is not None and width is not None and width != board.available:
            board.available = width
            board.redraw()

    @on(BoardMap.Selected)
    def _selected(self, event: BoardMap.Selected) -> None:
        self._list(event.place)

    def _list(self, place: str) -> None:
        board = self.query_one(BoardMap)
        if board.data is None or board.view is None:
            return
        info = self.query_one("#map-info", Static)
        info.update(listing(board.data, board.view, place, self.orders))
        info.display = True
