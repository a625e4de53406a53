"""The drawn board (issue #17): each theatre's sea areas as boxes where the board puts them, the borders between
them marked, the ports and bases inside the box of an area they touch, control, POC and the stacks at sea.

What is drawn of the game comes from the seated player's view (:func:`strategic.views.observe`, R-VIEW-05): an
enemy unit the view does not place at sea is not drawn there.  Layout: :mod:`tui.board_layout`; the widget that
shows it and lets the player select places: :mod:`tui.board_map`.

Marks (the legend, :data:`LEGEND`): a border between two areas is a double line through both walls (``╞══╡``,
``╨``/``╥``) or a diagonal at the corner (``╲ ╱``); ``⇄`` notes a link into the other game (002 §1.2: Cape of Good
Hope - Bay of Bengal, Suez) and ``↪`` an end-of-turn return through Panama (002 §3.333-3.334).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from rich.text import Text

from scenarios.loader import CampaignData
from scenarios.models import Owner, PortKind, Side, Theatre, UnitType
from strategic.state import Mode, UnitStatus
from strategic.views import CampaignView, UnitView
from tui.board_canvas import Canvas, Rect, box
from tui.board_layout import Cell, port_area, short_name, theatre_cells


@dataclass(frozen=True)
class Zoom:
    """How much each box shows: column width and gap, units by nation, port units by type, notes."""

    name: str
    width: int
    gap: int
    detail: bool


FULL = Zoom("full", 24, 3, True)
COMPACT = Zoom("compact", 15, 2, False)

SIDE_STYLE = {Side.ALLIED: "bright_cyan", Side.AXIS: "bright_red"}
BORDER_STYLE = {Side.ALLIED: "blue", Side.AXIS: "red", None: ""}
TITLE_STYLE = {Side.ALLIED: "bold white on dark_blue", Side.AXIS: "bold white on dark_red", None: "bold"}
OWNER_STYLE = {Owner.ALLIED: "bright_cyan", Owner.AXIS: "bright_red", Owner.NEUTRAL: "yellow"}
PORT_MARK = {PortKind.MAJOR_PORT: "■", PortKind.ISLAND_BASE: "•", PortKind.NEUTRAL_PORT: "○"}
TYPE_ORDER = {t: i for i, t in enumerate(UnitType)}
TITLES = {Theatre.WAS: "WAR AT SEA", Theatre.VITP: "VICTORY IN THE PACIFIC"}

LEGEND = (
    "Map: box border blue = Allied control, red = Axis; A/X = Allied/Axis POC ((V)/(W): counted on the other "
    "theatre's track); BATTLE = battle pending, vs = both sides at sea; ╞══╡ ╨ ╲ ╱ = a border between two areas "
    "(boxes side by side without one do not border); ⇄ = link into the other game, ↪ = return through Panama. "
    "Units (cyan Allied, red Axis, as you may know them): BB2 = two battleships patrolling, rCA1 = a heavy cruiser "
    "raiding, LBA/SS = air and submarines placed there, trailing d = disabled. Ports: ■ port, • island base, "
    "○ neutral, coloured by owner, with their units; +NAt = also touches that area (compact boxes: +). "
    "Map keys (click the map or Tab to it): arrows/Tab move, Enter or a click selects, t switches theatre, "
    "z zooms, Escape leaves the map."
)


@dataclass
class Drawing:
    """A drawn board: its lines, each selectable place's rectangle, and the places in reading order."""

    lines: list[Text]
    regions: dict[str, Rect] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    areas: set[str] = field(default_factory=set)

    @property
    def width(self) -> int:
        return max((len(line) for line in self.lines), default=0)


@dataclass(frozen=True)
class Marks:
    """What the widget highlights: the place under the cursor and the selected one."""

    cursor: str | None = None
    selected: str | None = None


# --------------------------------------------------------------------------- stacks


def tokens(units: Iterable[UnitView], *, by_nation: bool) -> list[str]:
    """``BB2``, ``rCA1`` (raiding), ``CL1d`` (disabled): the units counted by type and mode, by nation
    (``UK:`` before its units) when ``by_nation``."""
    counts: Counter[tuple[str, int, str, bool, bool]] = Counter()
    for unit in units:
        nation = unit.nation if by_nation else ""
        counts[(nation, TYPE_ORDER.get(unit.type, 99), unit.type.value, unit.mode is Mode.RAID, unit.disabled)] += 1
    out: list[str] = []
    nation_now = None
    for (nation, _, kind, raid, disabled), n in sorted(counts.items()):
        if by_nation and nation != nation_now:
            out.append(f"{nation}:")
            nation_now = nation
        out.append(f"{'r' if raid else ''}{kind}{n}{'d' if disabled else ''}")
    return out


def wrap(words: list[str], width: int, style: str, indent: int = 0) -> list[Text]:
    """``words`` in lines of at most ``width`` characters (a ``UK:`` label stays with its units)."""
    lines: list[Text] = []
    line = ""
    for word in words:
        candidate = f"{line} {word}" if line and not line.endswith(":") else f"{line}{word}"
        if len(candidate) > width and line:
            lines.append(Text(line, style=style))
            line = " " * indent + word
        else:
            line = candidate
    if line:
        lines.append(Text(line[:width], style=style))
    return lines


def side_lines(units: list[UnitView], width: int, zoom: Zoom, indent: int = 0) -> list[Text]:
    """The units of each side, Allied first, in their side's colour."""
    out: list[Text] = []
    for side in (Side.ALLIED, Side.AXIS):
        mine = [u for u in units if u.side is side]
        if mine:
            out += wrap(tokens(mine, by_nation=zoom.detail), width, SIDE_STYLE[side], indent)
    return out


# --------------------------------------------------------------------------- one area's box


@dataclass(frozen=True)
class Board:
    """What the drawing reads: the data, the seated player's view and the zoom."""

    data: CampaignData
    view: CampaignView
    zoom: Zoom

    def at_sea(self, area: str) -> list[UnitView]:
        return self.view.units_at(area, status=UnitStatus.SEA)

    def in_port(self, port: str) -> list[UnitView]:
        return self.view.units_at(port, status=UnitStatus.PORT)

    def pending(self, area: str) -> bool:
        return area in self.view.pending_battles

    def contested(self, area: str) -> bool:
        return len({u.side for u in self.at_sea(area)}) > 1


def status_line(board: Board, area: str, width: int, cells: dict[str, Cell]) -> Text:
    """``A1 X3 Allied BATTLE``: POC values, control, the battle marks (in compact boxes, ``⇄``/``↔`` where
    the full box notes links or borders not drawn)."""
    record = board.data.areas[area]
    poc = record.poc

    def award(label: str, value: int, track: Theatre) -> str:
        return f"{label}{value}" + ("" if track is record.theatre else f"({track.value[0]})")

    line = Text(f"{award('A', poc.allied.value, poc.allied.track)} {award('X', poc.axis.value, poc.axis.track)}")
    controller = board.view.control.get(area)
    if controller is not None and board.zoom.detail:
        line.append(f" {'Allied' if controller is Side.ALLIED else 'Axis'}", style=SIDE_STYLE[controller])
    if board.pending(area):
        line.append(" ")
        line.append("BATTLE", style="bold white on red")
    elif board.contested(area):
        line.append(" ")
        line.append("vs", style="bold black on yellow")
    if links(board.data, area) and not board.zoom.detail:
        line.append(" ⇄", style="magenta")
    if far_borders(board.data, area, cells) and not board.zoom.detail:
        line.append(" ↔", style="magenta")
    line.truncate(width)
    return line


def links(data: CampaignData, area: str) -> list[str]:
    """Notes of the ways into the other game from ``area``: borders across the theatres (with their passage) and
    returns through a passage (002 §1.2, §3.33-3.34)."""
    theatre = data.areas[area].theatre
    notes = []
    for edge in data.adjacency.values():
        if area in edge.areas:
            other = edge.areas[1] if edge.areas[0] == area else edge.areas[0]
            if other in data.areas and data.areas[other].theatre is not theatre:
                notes.append(f"⇄{edge.via + ' ' if edge.via else ''}{other}")
    for ret in data.returns.values():
        if ret.area == area and ret.via:
            notes.append(f"↪{ret.via} {ret.port}")
    return notes


def far_borders(data: CampaignData, area: str, cells: dict[str, Cell]) -> list[str]:
    """The areas of the same theatre that border ``area`` but whose boxes do not touch its box."""
    out = []
    for edge in data.adjacency.values():
        if area in edge.areas:
            other = edge.areas[1] if edge.areas[0] == area else edge.areas[0]
            if other in cells and touch(cells[area], cells[other]) is None:
                out.append(other)
    return out


def port_lines(board: Board, port: str, area: str, width: int, cells: dict[str, Cell]) -> list[Text]:
    """A port's line (mark and name in its owner's colour, its unit count, the other areas it touches) and, in
    full zoom, its units by type."""
    record = board.data.ports[port]
    owner = board.view.port_owners.get(port, record.owner)
    units = board.in_port(port)
    count = f" {len(units)}" if units else ""
    others = [short_name(a, cells) for a in record.touches if a != area]
    note = (f" +{','.join(others)}" if board.zoom.detail else "+") if others else ""
    name = port[: max(width - len(count) - len(note) - 1, 4)]
    line = Text(PORT_MARK.get(record.kind, "■") + name, style=OWNER_STYLE[owner])
    line.append(count, style="bold")
    line.append(note, style="dim")
    line.truncate(width)
    out = [line]
    if board.zoom.detail and units:
        out += side_lines(units, width, board.zoom, indent=1)
    return out


def area_lines(board: Board, area: str, width: int, cells: dict[str, Cell],
               ports: list[str]) -> list[tuple[Text, str | None]]:
    """The inside of an area's box, line by line, each with the port it belongs to (``None``: the area)."""
    lines: list[tuple[Text, str | None]] = [(status_line(board, area, width, cells), None)]
    lines += [(t, None) for t in side_lines(board.at_sea(area), width, board.zoom)]
    if board.zoom.detail:
        notes = [f"↔{short_name(a, cells)}" for a in far_borders(board.data, area, cells)] + links(board.data, area)
        lines += [(t, None) for t in wrap(notes, width, "magenta")]
    for port in ports:
        lines += [(t, port) for t in port_lines(board, port, area, width, cells)]
    return lines


# --------------------------------------------------------------------------- geometry


def touch(a: Cell, b: Cell) -> str | None:
    """How the boxes of two cells meet: ``"h"`` side by side, ``"v"`` one above the other, ``"\\"`` or ``"/"``
    corner to corner (the second down to the right or left of the first, or the reverse), ``None`` not at all."""
    rows = a.row < b.row + b.rows and b.row < a.row + a.rows
    cols = a.col < b.col + b.cols and b.col < a.col + a.cols
    if rows and (a.col + a.cols == b.col or b.col + b.cols == a.col):
        return "h"
    if cols and (a.row + a.rows == b.row or b.row + b.rows == a.row):
        return "v"
    below = a.row + a.rows == b.row or b.row + b.rows == a.row
    if below and (a.col + a.cols == b.col or b.col + b.cols == a.col):
        down_right = (a.col < b.col) == (a.row < b.row)
        return "\\" if down_right else "/"
    return None


@dataclass(frozen=True)
class Grid:
    """Column and row positions of a theatre's boxes."""

    zoom: Zoom
    row_y: list[int]
    row_h: list[int]

    def rect(self, cell: Cell) -> Rect:
        step = self.zoom.width + self.zoom.gap
        width = cell.cols * self.zoom.width + (cell.cols - 1) * self.zoom.gap
        last = cell.row + cell.rows - 1
        return cell.col * step, self.row_y[cell.row], width, self.row_y[last] + self.row_h[last] - self.row_y[cell.row]


def grid_for(cells: dict[str, Cell], heights: dict[str, int], zoom: Zoom, top: int) -> Grid:
    """Rows as tall as their tallest box (a box over several rows stretches the last of them)."""
    count = max((c.row + c.rows for c in cells.values()), default=0)
    row_h = [0] * count
    for name, cell in cells.items():
        if cell.rows == 1:
            row_h[cell.row] = max(row_h[cell.row], heights[name])
    for name, cell in sorted(cells.items(), key=lambda kv: kv[1].rows):
        if cell.rows > 1:
            span = sum(row_h[cell.row:cell.row + cell.rows]) + cell.rows - 1
            last = cell.row + cell.rows - 1
            row_h[last] += max(heights[name] - span, 0)
    row_y, y = [], top
    for h in row_h:
        row_y.append(y)
        y += h + 1
    return Grid(zoom, row_y, row_h)


# --------------------------------------------------------------------------- one theatre


def draw_theatre(board: Board, theatre: Theatre, marks: Marks) -> Drawing:
    """One theatre's boxes, borders and ports as the seated player sees them, with the cursor and selection."""
    data, zoom = board.data, board.zoom
    cells = theatre_cells(data, theatre)
    ports: dict[str, list[str]] = {a: [] for a in cells}
    for port, record in data.ports.items():
        home = port_area(data, port, cells) if record.theatre is theatre else None
        if home is not None:
            ports[home].append(port)
    inner = {a: c.cols * zoom.width + (c.cols - 1) * zoom.gap - 2 for a, c in cells.items()}
    contents = {a: area_lines(board, a, inner[a], cells, ports[a]) for a in cells}
    grid = grid_for(cells, {a: len(lines) + 2 for a, lines in contents.items()}, zoom, top=1)
    width = max((grid.rect(c)[0] + grid.rect(c)[2] for c in cells.values()), default=len(TITLES[theatre]))
    height = max((grid.rect(c)[1] + grid.rect(c)[3] for c in cells.values()), default=1)
    canvas = Canvas(max(width, len(TITLES[theatre])), height)
    canvas.put(0, 0, TITLES[theatre], "bold underline")
    drawing = Drawing([], areas=set(cells))
    for area, cell in sorted(cells.items(), key=lambda kv: (kv[1].row, kv[1].col)):
        rect = grid.rect(cell)
        _draw_box(canvas, board, area, rect, contents[area], marks, drawing)
    for edge in data.adjacency.values():
        a, b = edge.areas
        if a in cells and b in cells:
            _draw_border(canvas, grid.rect(cells[a]), grid.rect(cells[b]), touch(cells[a], cells[b]), zoom.gap)
    if marks.cursor in drawing.regions:
        rect = drawing.regions[marks.cursor]
        canvas.restyle((rect[0], rect[1], rect[2], 1) if marks.cursor in cells else rect, "reverse")
    drawing.lines = canvas.lines()
    return drawing


def _draw_box(canvas: Canvas, board: Board, area: str, rect: Rect, lines: list[tuple[Text, str | None]],
              marks: Marks, drawing: Drawing) -> None:
    x, y, w, _ = rect
    controller = board.view.control.get(area)
    box(canvas, rect, BORDER_STYLE[controller], double=marks.selected == area)
    title = area[: max(w - 4, 3)]
    canvas.put(x + 1, y, f" {title} ", TITLE_STYLE[controller])
    drawing.regions[area] = rect
    drawing.order.append(area)
    for i, (text, port) in enumerate(lines):
        canvas.put_text(x + 1, y + 1 + i, text)
        if port is not None:
            if port not in drawing.regions:
                drawing.regions[port] = (x + 1, y + 1 + i, w - 2, 1)
                drawing.order.append(port)
                if marks.selected == port:
                    canvas.put(x, y + 1 + i, "▶", "bold")
            else:
                px, py, pw, ph = drawing.regions[port]
                drawing.regions[port] = (px, py, pw, ph + 1)


def _draw_border(canvas: Canvas, a: Rect, b: Rect, how: str | None, gap: int) -> None:
    """The mark of a border between the boxes ``a`` and ``b`` (see :func:`touch`)."""
    if how is None:
        return
    if how == "h":
        left, right = (a, b) if a[0] < b[0] else (b, a)
        top, bottom = max(left[1], right[1]) + 1, min(left[1] + left[3], right[1] + right[3]) - 2
        y = (top + bottom) // 2
        canvas.put(left[0] + left[2] - 1, y, "╞" + "═" * gap + "╡")
    elif how == "v":
        upper, lower = (a, b) if a[1] < b[1] else (b, a)
        x0, x1 = max(upper[0], lower[0]) + 1, min(upper[0] + upper[2], lower[0] + lower[2]) - 2
        wall_y = upper[1] + upper[3] - 1
        open_lower = [x for x in range(x1, x0 - 1, -1) if canvas.char(x, lower[1]) in "─═"]
        open_upper = [x for x in range(x1, x0 - 1, -1) if canvas.char(x, wall_y) in "─═"]
        both = [x for x in open_lower if x in open_upper]
        x = both[min(1, len(both) - 1)] if both else (open_upper or [x1])[0]
        canvas.put(x, wall_y, "╥")
        canvas.put(x, wall_y + 1, "║")
        if canvas.char(x, lower[1]) in "─═":  # not through the lower box's name
            canvas.put(x, lower[1], "╨")
    else:
        upper, lower = (a, b) if a[1] < b[1] else (b, a)
        y = upper[1] + upper[3]
        x = (upper[0] + upper[2] if lower[0] > upper[0] else lower[0] + lower[2]) + (gap - 1) // 2
        char = "╲" if how == "\\" else "╱"
        canvas.put(x, y, "╳" if canvas.char(x, y) in "╲╱" and canvas.char(x, y) != char else char)


# --------------------------------------------------------------------------- both theatres


def draw_board(board: Board, theatres: list[Theatre], marks: Marks, available: int | None) -> Drawing:
    """The chosen theatres side by side when ``available`` columns hold them, else one above the other."""
    parts = [draw_theatre(board, t, marks) for t in theatres]
    side_by_side = available is None or sum(p.width for p in parts) + 4 * (len(parts) - 1) <= available
    out = Drawing([])
    x = y = 0
    for part in parts:
        for place, (px, py, pw, ph) in part.regions.items():
            out.regions[place] = (px + x, py + y, pw, ph)
        out.order += part.order
        out.areas |= part.areas
        if side_by_side:
            for i, line in enumerate(part.lines):
                if i >= len(out.lines):
                    out.lines.append(Text())
                out.lines[i].pad_right(x - len(out.lines[i]))
                out.lines[i].append_text(line)
            x += part.width + 4
        else:
            out.lines += [*part.lines, Text()]
            y += len(part.lines) + 1
    return out
