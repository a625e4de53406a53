"""Table geometry (numpy): positions in inches, headings in degrees, bridge-to-bridge ranges, arcs, range bands.

Conventions (000 "Pre-Measuring", "Ship Models", "Fire Arcs", "Deployment"):

* The table is ``width`` x ``height`` inches (default 72" x 48", the 6' x 4' of "Deployment"); ``x`` runs from the
  west (left-hand) edge to the east, ``y`` from the south (bottom) edge to the north.  Positions are the bridge.
* Headings are compass degrees in ``[0, 360)``: 0 is north (+y), 90 east (+x), turning clockwise; a turn to
  starboard adds degrees, a turn to port subtracts them.
* Every distance is measured bridge to bridge, in inches.
* A ship's arcs are four 90-degree quadrants centred on the bow (Fore), the right (Starboard), the stern (Aft)
  and the left (Port).  A bearing exactly on a boundary lies in both arcs (R-TAC-03).
* Deployment zones (R-TAC-04) hold a fleet with bridges at least 1" apart (R-TAC-07).  A fleet larger than its
  zone holds in lines 1" apart is given a grown zone (R-TAC-67): first the whole home edge, then 1" deeper at a
  time towards the middle of the table, stopping 0.5" short of the centre line (:meth:`DeploymentZone.holding`).
  :meth:`DeploymentZone.formation` is the line abreast, split into as many lines as the zone needs;
  :class:`FreePlaces` finds the nearest free place (on a 1/4" grid) for a ship that would stack.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import IntEnum, StrEnum

import numpy as np

from scenarios.cards import Arc

TABLE_WIDTH = 72.0
TABLE_HEIGHT = 48.0
VISUAL_RANGE = 30.0
"""000 "Maximum Visual Range": beyond 30" only Beyond the Horizon attacks are possible."""
FLEET_SEPARATION = 36.0
"""000 "Deployment": the two deployment zones are 36" apart."""
SMOKE_RADIUS = 1.0
"""R-TAC-12: a smoke counter is a disc 2" across."""
SHIP_CLEARANCE = 1.0
"""R-TAC-07: a ship may not end its move with its bridge within 1" of another ship's bridge (no stacking)."""
EPS = 1e-9
FORMATION_STEP = SHIP_CLEARANCE + 1e-6
"""R-TAC-67: the least spacing of ships and lines in a formation the engine forms (1" and a hair, so that rounding
never brings two bridges under R-TAC-07's 1")."""
ZONE_MARGIN = 0.5
"""R-TAC-67: a grown deployment zone stops this far short of the table's centre line, so that the two fleets'
bridges stay more than 1" apart (R-TAC-07)."""
PLACEMENT_GRID = 0.25
"""R-TAC-67: the grid (inches) on which the engine looks for the nearest free place of a ship that would stack."""

Point = tuple[float, float]


class RangeBand(IntEnum):
    """000 "Weapon Systems": the four range bands of a weapon, nearest first."""

    POINT_BLANK = 0
    SHORT = 1
    LONG = 2
    EXTREME = 3

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").lower()


_BANDS = tuple(RangeBand)
RANGE_MODIFIER = {RangeBand.POINT_BLANK: +1, RangeBand.SHORT: 0, RangeBand.LONG: -1, RangeBand.EXTREME: -2}
"""000 "Attack Dice Modifiers": range (only the relevant one applies)."""


class Edge(StrEnum):
    """Table edges, as on the deployment and returning-ships diagrams (north is the top of the diagram)."""

    SOUTH = "south"
    NORTH = "north"
    WEST = "west"
    EAST = "east"

    @property
    def inward_heading(self) -> float:
        """Heading (degrees) pointing from this edge into the table."""
        return {Edge.SOUTH: 0.0, Edge.NORTH: 180.0, Edge.WEST: 90.0, Edge.EAST: 270.0}[self]


def normalize_heading(heading: float) -> float:
    """A heading folded into ``[0, 360)`` degrees."""
    h = float(heading) % 360.0
    return 0.0 if abs(h - 360.0) < EPS else h


def heading_vector(heading: float) -> np.ndarray:
    """Unit vector (x, y) of a compass heading in degrees."""
    rad = np.deg2rad(heading)
    return np.array([np.sin(rad), np.cos(rad)])


def advance(pos: Sequence[float], heading: float, inches: float) -> Point:
    """The point ``inches`` ahead of ``pos`` along ``heading``."""
    rad = math.radians(heading)
    return (pos[0] + inches * math.sin(rad), pos[1] + inches * math.cos(rad))


def distance(a: Sequence[float], b: Sequence[float]) -> float:
    """Bridge-to-bridge distance in inches (scalar ``math``: this is the engine's hot path)."""
    return math.hypot(b[0] - a[0], b[1] - a[1])


def bearing(a: Sequence[float], b: Sequence[float]) -> float:
    """Compass bearing in degrees ``[0, 360)`` from ``a`` to ``b`` (0 when they coincide)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) < EPS and abs(dy) < EPS:
        return 0.0
    return normalize_heading(math.degrees(math.atan2(dx, dy)))


def relative_bearing(pos: Sequence[float], heading: float, target: Sequence[float]) -> float:
    """Bearing of ``target`` relative to the bow, in ``(-180, 180]`` (positive: to starboard)."""
    rel = (bearing(pos, target) - heading) % 360.0
    return rel - 360.0 if rel > 180.0 else rel


def _arc_set(mask: int) -> frozenset[Arc]:
    """The arcs of ``mask`` (bits: fore 1, starboard 2, aft 4, port 8), built as :func:`arcs_of` always built
    them (the same set, added in the same order)."""
    arcs = set()
    for bit, arc in ((1, Arc.FORE), (2, Arc.STARBOARD), (4, Arc.AFT), (8, Arc.PORT)):
        if mask & bit:
            arcs.add(arc)
    return frozenset(arcs)


_ARC_SETS = tuple(_arc_set(mask) for mask in range(16))
_ALL_ARCS = frozenset(Arc)
_FORE_MAX, _AFT_MIN = 45.0 + EPS, 135.0 - EPS
_STARBOARD_MIN, _STARBOARD_MAX, _PORT_MIN, _PORT_MAX = 45.0 - EPS, 135.0 + EPS, -135.0 - EPS, -45.0 + EPS


def _relative(dx: float, dy: float, heading: float) -> float:
    """:func:`relative_bearing` of the offset ``(dx, dy)``, the same arithmetic inlined (the hot path of the
    AI's searches)."""
    if abs(dx) < EPS and abs(dy) < EPS:
        bearing_ = 0.0
    else:
        bearing_ = float(math.degrees(math.atan2(dx, dy))) % 360.0
        if abs(bearing_ - 360.0) < EPS:
            bearing_ = 0.0
    rel = (bearing_ - heading) % 360.0
    return rel - 360.0 if rel > 180.0 else rel


def arcs_of(pos: Sequence[float], heading: float, target: Sequence[float]) -> frozenset[Arc]:
    """The arcs of a ship at ``pos``/``heading`` in which ``target`` lies (two on a boundary, R-TAC-03).

    A target on the bridge itself (distance 0) lies in every arc.
    """
    dx, dy = target[0] - pos[0], target[1] - pos[1]
    if math.hypot(dx, dy) < EPS:
        return _ALL_ARCS
    return _ARC_SETS[_mask(_relative(dx, dy, heading))]


def _mask(rel: float) -> int:
    """The arcs (bits: fore 1, starboard 2, aft 4, port 8) holding a point at relative bearing ``rel``."""
    mask = 1 if abs(rel) <= _FORE_MAX else 0
    if _STARBOARD_MIN <= rel <= _STARBOARD_MAX:
        mask |= 2
    if abs(rel) >= _AFT_MIN:
        mask |= 4
    if _PORT_MIN <= rel <= _PORT_MAX:
        mask |= 8
    return mask


def mutual_arcs(
    a: Sequence[float], a_heading: float, b: Sequence[float], b_heading: float
) -> tuple[frozenset[Arc], frozenset[Arc]]:
    """``(arcs_of(a, a_heading, b), arcs_of(b, b_heading, a))``, the same sets from the same arithmetic, the offset
    worked out once (the AI's move search asks both for every position and enemy)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if math.hypot(dx, dy) < EPS:
        return _ALL_ARCS, _ALL_ARCS
    return _ARC_SETS[_mask(_relative(dx, dy, a_heading))], _ARC_SETS[_mask(_relative(-dx, -dy, b_heading))]


def in_side_arc(pos: Sequence[float], heading: float, other: Sequence[float]) -> bool:
    """Whether ``other`` lies in the Port or Starboard arc of the ship at ``pos``/``heading``."""
    dx, dy = other[0] - pos[0], other[1] - pos[1]
    if math.hypot(dx, dy) < EPS:
        return True
    rel = _relative(dx, dy, heading)
    return _STARBOARD_MIN <= rel <= _STARBOARD_MAX or _PORT_MIN <= rel <= _PORT_MAX


def range_band(ranges: Sequence[float] | None, inches: float) -> RangeBand | None:
    """The band of a weapon's ``ranges`` (outer limits of point blank, short, long, extreme) that ``inches`` falls
    in (a limit belongs to the nearer band); ``None`` when out of range or the weapon has no ranges."""
    if ranges is None:
        return None
    if len(ranges) == 4:  # every card's (the loop below, unrolled: the AI's searches call this most)
        if inches <= ranges[0] + EPS:
            return RangeBand.POINT_BLANK
        if inches <= ranges[1] + EPS:
            return RangeBand.SHORT
        if inches <= ranges[2] + EPS:
            return RangeBand.LONG
        return RangeBand.EXTREME if inches <= ranges[3] + EPS else None
    for band, limit in zip(_BANDS, ranges, strict=True):
        if inches <= limit + EPS:
            return band
    return None


def turn_heading(heading: float, degrees: float) -> float:
    """The heading after a turn of ``degrees`` (positive: to starboard)."""
    return normalize_heading(heading + degrees)


def segment_hits_discs(a: Sequence[float], b: Sequence[float], centres: Iterable[Point], radius: float) -> bool:
    """Whether the segment ``a``-``b`` passes through any disc of ``radius`` around ``centres`` (smoke, R-TAC-12).

    A centre beyond the segment's bounding box grown by ``radius`` lies farther than ``radius`` from every point
    of it, so it is passed over before the exact test (its distance, rounded, stays above ``radius - EPS``)."""
    low_x, high_x = min(a[0], b[0]) - radius, max(a[0], b[0]) + radius
    low_y, high_y = min(a[1], b[1]) - radius, max(a[1], b[1]) + radius
    near = [c for c in centres if low_x <= c[0] <= high_x and low_y <= c[1] <= high_y]
    if not near:
        return False
    pts = np.asarray(near, dtype=float).reshape(-1, 2)
    if len(pts) == 0:
        return False
    a_ = np.asarray(a, dtype=float)
    ab = np.asarray(b, dtype=float) - a_
    length2 = float(ab @ ab)
    t = np.zeros(len(pts)) if length2 < EPS else np.clip(((pts - a_) @ ab) / length2, 0.0, 1.0)
    nearest = a_ + t[:, None] * ab
    return bool(np.any(np.hypot(*(pts - nearest).T) < radius - EPS))


def point_segment_distance(p: Sequence[float], a: Sequence[float], b: Sequence[float]) -> float:
    """Distance in inches from ``p`` to the segment ``a``-``b``."""
    ax, ay = a[0], a[1]
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 < EPS:
        return distance(p, a)
    t = min(max(((p[0] - ax) * dx + (p[1] - ay) * dy) / length2, 0.0), 1.0)
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def path_length(points: Sequence[Sequence[float]]) -> float:
    """Length in inches of the polyline through ``points``."""
    return sum(distance(points[i], points[i + 1]) for i in range(len(points) - 1))


def path_passes_within(points: Sequence[Sequence[float]], centre: Sequence[float], radius: float) -> bool:
    """Whether the polyline through ``points`` comes within ``radius`` inches of ``centre``."""
    if len(points) == 1:
        return distance(points[0], centre) <= radius + EPS
    return any(
        point_segment_distance(centre, points[i], points[i + 1]) <= radius + EPS for i in range(len(points) - 1)
    )


def towards(a: Sequence[float], b: Sequence[float], inches: float) -> Point:
    """The point ``inches`` from ``a`` towards ``b`` (``b`` itself if it is nearer)."""
    d = distance(a, b)
    if d <= inches + EPS or d < EPS:
        return (float(b[0]), float(b[1]))
    f = inches / d
    return (a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1]))


def segments_cross(a: Sequence[float], b: Sequence[float], c: Sequence[float], d: Sequence[float]) -> bool:
    """Whether the segments ``a``-``b`` and ``c``-``d`` intersect (touching counts)."""

    def orient(p: Sequence[float], q: Sequence[float], r: Sequence[float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    def on(p: Sequence[float], q: Sequence[float], r: Sequence[float]) -> bool:
        return min(p[0], q[0]) - EPS <= r[0] <= max(p[0], q[0]) + EPS and min(p[1], q[1]) - EPS <= r[1] <= max(
            p[1], q[1]
        ) + EPS

    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    if o1 * o2 < -EPS * EPS and o3 * o4 < -EPS * EPS and min(abs(o1), abs(o2), abs(o3), abs(o4)) > EPS:
        return True
    return (
        (abs(o1) <= EPS and on(a, b, c))
        or (abs(o2) <= EPS and on(a, b, d))
        or (abs(o3) <= EPS and on(c, d, a))
        or (abs(o4) <= EPS and on(c, d, b))
    )


def point_in_polygon(p: Sequence[float], polygon: Sequence[Sequence[float]]) -> bool:
    """Whether ``p`` lies inside ``polygon`` (vertices in order; ray casting; a point on an edge counts)."""
    n = len(polygon)
    inside = False
    for i in range(n):
        a, b = polygon[i], polygon[(i + 1) % n]
        if point_segment_distance(p, a, b) <= EPS:
            return True
        if (a[1] > p[1]) != (b[1] > p[1]):
            x = a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
            if p[0] < x:
                inside = not inside
    return inside


def polygon_distance(p: Sequence[float], polygon: Sequence[Sequence[float]]) -> float:
    """Distance in inches from ``p`` to ``polygon`` (0 inside it)."""
    if point_in_polygon(p, polygon):
        return 0.0
    n = len(polygon)
    return min(point_segment_distance(p, polygon[i], polygon[(i + 1) % n]) for i in range(n))


def segment_crosses_polygon(a: Sequence[float], b: Sequence[float], polygon: Sequence[Sequence[float]]) -> bool:
    """Whether the segment ``a``-``b`` passes through ``polygon`` (land blocks lines of sight, 000 Land)."""
    if point_in_polygon(a, polygon) or point_in_polygon(b, polygon):
        return True
    n = len(polygon)
    return any(segments_cross(a, b, polygon[i], polygon[(i + 1) % n]) for i in range(n))


SECTOR_SIZE = 12.0
"""000 Submarines: Deployment: the table is divided into 12" x 12" Sectors."""


@dataclass(frozen=True)
class Table:
    """The playing area, ``width`` x ``height`` inches."""

    width: float = TABLE_WIDTH
    height: float = TABLE_HEIGHT

    def contains(self, pos: Sequence[float]) -> bool:
        return -EPS <= pos[0] <= self.width + EPS and -EPS <= pos[1] <= self.height + EPS

    def exit_point(self, start: Sequence[float], end: Sequence[float]) -> tuple[Point, Edge] | None:
        """Where the straight run ``start`` -> ``end`` first crosses the table edge (``None`` if it stays on)."""
        if self.contains(end):
            return None
        best: tuple[float, Edge] | None = None
        sx, sy = start
        dx, dy = end[0] - sx, end[1] - sy
        for edge, coord, delta, limit in (
            (Edge.WEST, sx, dx, 0.0),
            (Edge.EAST, sx, dx, self.width),
            (Edge.SOUTH, sy, dy, 0.0),
            (Edge.NORTH, sy, dy, self.height),
        ):
            if abs(delta) < EPS:
                continue
            t = (limit - coord) / delta
            if -EPS <= t <= 1.0 + EPS and (best is None or t < best[0]):
                px, py = sx + t * dx, sy + t * dy
                if edge in (Edge.WEST, Edge.EAST) and not -EPS <= py <= self.height + EPS:
                    continue
                if edge in (Edge.SOUTH, Edge.NORTH) and not -EPS <= px <= self.width + EPS:
                    continue
                best = (t, edge)
        if best is None:
            return None
        t, edge = best
        return (sx + t * dx, sy + t * dy), edge

    def edge_point(self, edge: Edge, fraction: float) -> Point:
        """The point ``fraction`` (0..1) along ``edge`` (west to east, or south to north)."""
        f = min(max(fraction, 0.0), 1.0)
        return {
            Edge.SOUTH: (f * self.width, 0.0),
            Edge.NORTH: (f * self.width, self.height),
            Edge.WEST: (0.0, f * self.height),
            Edge.EAST: (self.width, f * self.height),
        }[edge]

    def sector(self, pos: Sequence[float]) -> int:
        """000 Submarines: the 12" Sector holding ``pos``, numbered from 1 in reading order from the north-west
        corner (on a 72" x 48" table: 1-6 along the north edge ... 19-24 along the south edge, R-TAC-31)."""
        columns = max(math.ceil(self.width / SECTOR_SIZE - EPS), 1)
        rows = max(math.ceil(self.height / SECTOR_SIZE - EPS), 1)
        col = min(int(max(pos[0], 0.0) // SECTOR_SIZE), columns - 1)
        row = min(int(max(self.height - pos[1], 0.0) // SECTOR_SIZE), rows - 1)
        return row * columns + col + 1

    def sector_rect(self, sector: int) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)`` of a Sector (inches); ``ValueError`` for a number not on the table."""
        columns = max(math.ceil(self.width / SECTOR_SIZE - EPS), 1)
        rows = max(math.ceil(self.height / SECTOR_SIZE - EPS), 1)
        if not 1 <= sector <= columns * rows:
            raise ValueError(f"sector {sector} is not on this table (1-{columns * rows})")
        row, col = divmod(sector - 1, columns)
        x0 = col * SECTOR_SIZE
        y1 = self.height - row * SECTOR_SIZE
        return x0, max(y1 - SECTOR_SIZE, 0.0), min(x0 + SECTOR_SIZE, self.width), y1

    def quarter(self, pos: Sequence[float]) -> int:
        """000 War at Sea, Domination: the table in four equal quarters, numbered 0-3 (SW, SE, NW, NE)."""
        return int(pos[0] > self.width / 2) + 2 * int(pos[1] > self.height / 2)


class DeploymentKind(StrEnum):
    """000 "Deployment" diagrams: normal, enhanced and superior deployment zones."""

    NORMAL = "normal"
    ENHANCED = "enhanced"
    SUPERIOR = "superior"


@dataclass(frozen=True)
class Rect:
    x0: float
    y0: float
    x1: float
    y1: float

    def contains(self, pos: Sequence[float]) -> bool:
        return self.x0 - EPS <= pos[0] <= self.x1 + EPS and self.y0 - EPS <= pos[1] <= self.y1 + EPS


@dataclass(frozen=True)
class DeploymentZone:
    """A fleet's deployment zone along its home ``edge`` (south or north), as rectangles in inches.

    Depth: the zones are 36" apart, so each is ``(height - 36) / 2`` deep (6" on a 48" table, R-TAC-04).
    Normal: the edge strip less 12" at either end; enhanced: the whole edge; superior: the whole edge plus a
    6"-deep band along each side edge over the fleet's half of the table.  Raises ``ValueError`` for an edge other
    than south or north, or a table too small for 36" between the fleets.

    A zone grown to hold a crowded fleet (R-TAC-67, :meth:`holding`) has ``whole_edge`` (a normal zone's strip runs
    the whole edge) and ``extra_depth`` (inches added to its strip towards the middle of the table).
    """

    kind: DeploymentKind
    edge: Edge
    table: Table = Table()
    whole_edge: bool = False
    extra_depth: float = 0.0

    def __post_init__(self) -> None:
        if self.edge not in (Edge.SOUTH, Edge.NORTH):
            raise ValueError(f"deployment zones are on the south or north edge, not {self.edge}")
        if self.table.height < FLEET_SEPARATION + 2:
            raise ValueError(f"a {self.table.height}\" table cannot hold fleets 36\" apart (000 Deployment)")

    @property
    def depth(self) -> float:
        return (self.table.height - FLEET_SEPARATION) / 2

    @property
    def rects(self) -> tuple[Rect, ...]:
        w, h, d = self.table.width, self.table.height, self.depth + self.extra_depth
        y0, y1 = (0.0, d) if self.edge is Edge.SOUTH else (h - d, h)
        inset = 12.0 if self.kind is DeploymentKind.NORMAL and not self.whole_edge else 0.0
        rects = [Rect(inset, y0, w - inset, y1)]
        if self.kind is DeploymentKind.SUPERIOR:
            hy0, hy1 = (0.0, h / 2) if self.edge is Edge.SOUTH else (h / 2, h)
            rects += [Rect(0.0, hy0, 6.0, hy1), Rect(w - 6.0, hy0, w, hy1)]
        return tuple(rects)

    def contains(self, pos: Sequence[float]) -> bool:
        return any(r.contains(pos) for r in self.rects)

    @property
    def facing(self) -> float:
        """Heading towards the enemy edge."""
        return self.edge.inward_heading

    # ------------------------------------------------------------------ crowded fleets (R-TAC-67)
    @property
    def grown(self) -> bool:
        """Whether this zone was grown beyond R-TAC-04's to hold a crowded fleet (R-TAC-67)."""
        return self.whole_edge or self.extra_depth > 0.0

    def describe(self) -> str:
        """``normal zone``, or ``normal zone grown to the whole edge and 3" deeper`` (R-TAC-67)."""
        if not self.grown:
            return f"{self.kind.value} zone"
        parts = ["the whole edge"] if self.whole_edge else []
        if self.extra_depth > 0.0:
            parts.append(f'{self.extra_depth:g}" deeper')
        return f"{self.kind.value} zone grown to {' and '.join(parts)} (R-TAC-67)"

    def grow(self) -> DeploymentZone | None:
        """The next larger zone (R-TAC-67): a normal zone's strip first runs the whole edge, then the strip goes 1"
        deeper at a time, stopping :data:`ZONE_MARGIN` short of the centre line; ``None`` when it is there."""
        if self.kind is DeploymentKind.NORMAL and not self.whole_edge:
            return replace(self, whole_edge=True)
        limit = self.table.height / 2 - ZONE_MARGIN - self.depth
        if self.extra_depth >= limit - EPS:
            return None
        return replace(self, extra_depth=min(self.extra_depth + 1.0, limit))

    def _lines_room(self) -> tuple[int, int]:
        """How many ships one line of the main strip holds, and how many lines, all :data:`FORMATION_STEP` apart."""
        main = self.rects[0]
        per_line = math.floor((main.x1 - main.x0) / FORMATION_STEP + EPS) + 1
        lines = math.floor((main.y1 - main.y0) / FORMATION_STEP + EPS) + 1
        return per_line, lines

    def capacity(self) -> int:
        """The ships the main strip holds in lines abreast with bridges 1" apart (R-TAC-07, R-TAC-67)."""
        per_line, lines = self._lines_room()
        return per_line * lines

    def holding(self, count: int) -> DeploymentZone:
        """This zone if it holds ``count`` ships 1" apart (:meth:`capacity`), else the first grown zone that does
        (:meth:`grow`; the largest one if none does).  R-TAC-67."""
        zone = self
        while zone.capacity() < count:
            bigger = zone.grow()
            if bigger is None:
                break
            zone = bigger
        return zone

    def largest(self) -> DeploymentZone:
        """The zone grown as far as it goes (R-TAC-67)."""
        zone = self
        while (bigger := zone.grow()) is not None:
            zone = bigger
        return zone

    def line_abreast(self, count: int, spacing: float = 4.0) -> list[Point]:
        """``count`` positions across the middle of the main strip, ``spacing`` inches apart (centred)."""
        main = self.rects[0]
        y = (main.y0 + main.y1) / 2
        span = main.x1 - main.x0
        spacing = min(spacing, span / max(count, 1))
        x_mid = (main.x0 + main.x1) / 2
        return [(x_mid + (i - (count - 1) / 2) * spacing, y) for i in range(count)]

    def formation(self, count: int, spacing: float = 4.0) -> list[list[Point]]:
        """``count`` positions in lines abreast, front line (nearest the enemy) first.  One line
        (:meth:`line_abreast`) while its bridges are at least 1" apart (R-TAC-07); else as few lines as hold the
        fleet 1" apart, each centred across the main strip, ships ``spacing`` inches apart or less (1" at least),
        lines 2" apart or less (1" at least), centred on the strip's middle (R-TAC-67).  A fleet larger than
        :meth:`capacity` gets the strip's deepest lines, crowded closer than 1" (the engine then finds them free
        places)."""
        single = self.line_abreast(count, spacing)
        if all(distance(single[i], single[i + 1]) >= SHIP_CLEARANCE for i in range(count - 1)):
            return [single]
        main = self.rects[0]
        span, height = main.x1 - main.x0, main.y1 - main.y0
        per_max, lines_max = self._lines_room()
        n_lines = min(max(math.ceil(count / per_max), 1), lines_max)
        per_line = math.ceil(count / n_lines)
        step = min(spacing, span / per_line)
        if per_line <= per_max:
            step = max(step, FORMATION_STEP)
        gap = min(2.0, height / (n_lines - 1)) if n_lines > 1 else 0.0
        if n_lines > 1:
            gap = max(gap, FORMATION_STEP)
        y_mid = (main.y0 + main.y1) / 2
        towards_enemy = 1.0 if self.edge is Edge.SOUTH else -1.0
        x_mid = (main.x0 + main.x1) / 2
        lines = []
        for j in range(n_lines):
            size = count // n_lines + (1 if j < count % n_lines else 0)
            y = y_mid + towards_enemy * ((n_lines - 1) / 2 - j) * gap
            lines.append([(x_mid + (i - (size - 1) / 2) * step, y) for i in range(size)])
        return lines


class FreePlaces:
    """The free places of a deployment zone (R-TAC-67): points on a :data:`PLACEMENT_GRID` grid over the zone that
    are at least 1" (R-TAC-07) from every bridge placed so far; :meth:`nearest` grows the zone (R-TAC-67) when it
    has no free point left."""

    def __init__(self, zone: DeploymentZone, bridges: Iterable[Sequence[float]] = ()) -> None:
        self.bridges: list[Point] = [(float(b[0]), float(b[1])) for b in bridges]
        self._set_zone(zone)

    def _set_zone(self, zone: DeploymentZone) -> None:
        self.zone = zone
        points = []
        for r in zone.rects:
            nx = math.floor((r.x1 - r.x0) / PLACEMENT_GRID + EPS) + 1
            ny = math.floor((r.y1 - r.y0) / PLACEMENT_GRID + EPS) + 1
            xs, ys = np.meshgrid(r.x0 + PLACEMENT_GRID * np.arange(nx), r.y0 + PLACEMENT_GRID * np.arange(ny))
            points.append(np.column_stack([xs.ravel(), ys.ravel()]))
        grid = np.unique(np.round(np.concatenate(points), 9), axis=0)  # sorted by x, then y: a fixed order
        self._grid = grid
        self._free = np.ones(len(grid), dtype=bool)
        for b in self.bridges:
            self._block(b)

    def _block(self, bridge: Point) -> None:
        d = np.hypot(self._grid[:, 0] - bridge[0], self._grid[:, 1] - bridge[1])
        self._free &= d >= SHIP_CLEARANCE

    def clear(self, pos: Sequence[float]) -> bool:
        """Whether ``pos`` is at least 1" from every bridge placed (R-TAC-07)."""
        return all(distance(pos, b) >= SHIP_CLEARANCE for b in self.bridges)

    def add(self, pos: Sequence[float]) -> None:
        """A bridge placed at ``pos``."""
        point = (float(pos[0]), float(pos[1]))
        self.bridges.append(point)
        self._block(point)

    def nearest(self, pos: Sequence[float]) -> Point | None:
        """The free grid point nearest ``pos`` (the first in the grid's order on a tie), in this zone or, when it
        is full, in the next grown one (:meth:`DeploymentZone.grow`, R-TAC-67); ``None`` when even the largest
        zone has none."""
        while True:
            while self._free.any():
                d = np.hypot(self._grid[:, 0] - pos[0], self._grid[:, 1] - pos[1])
                d[~self._free] = np.inf
                best = int(np.argmin(d))
                spot = (float(self._grid[best, 0]), float(self._grid[best, 1]))
                if self.clear(spot):  # the scalar check of R-TAC-07 has the last word on a rounding hair
                    return spot
                self._free[best] = False
            bigger = self.zone.grow()
            if bigger is None:
                return None
            self._set_zone(bigger)


@dataclass(frozen=True)
class LineOfFire:
    """Range and arcs of one weapon system to one target, as checked by :func:`tactical.attack_dice.line_of_fire`."""

    distance: float
    band: RangeBand | None
    in_arc: bool
    blocked: bool
    side_arc: bool  # the attacker is in the target's Port or Starboard arc
    beyond_horizon: bool  # beyond 30", or over land (000 Beyond the Horizon Attacks, R-TAC-73)
    over_land: bool = False  # land lies between (000 Land)
