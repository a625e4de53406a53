"""The battle viewer: a tactical battle's table drawn to scale, per-ship cards, the Flights, and the dice log, stepped
phase by phase, forward and back.

It replays a battle log (``BattleReport.to_json()``, the file ``vas battle --log`` writes, optionally with the
``spec`` and ``campaign`` keys of :mod:`strategic.battle_logs`), read back as typed events
(:func:`tactical.events_from_json`): ship positions and headings from the deploy and
move events, Hull from the hull events, critical scores, crippling, sinking and withdrawal; the Flights from the air
events; submarines from their depth, placement, detection and escape events; installations (AA emplacements, shore
batteries) where the ``spec`` places them.

**The table** is drawn to scale, one column per inch across and one row per two inches down (the north edge at the
top), shrunk evenly on narrow screens (:class:`TableGeometry`).  Each ship is a letter (capitals for the first
side, lower case for the second, in the side's colour; past the 26th, digits, Greek letters and signs:
:data:`LETTERS`) followed by an arrow for its heading; an installation is its letter followed by ``■``; a sunk
ship or destroyed installation is an ``x``; smoke laid this turn is shaded ``░``
until the End Phase removes it.  ``a`` toggles the fire arcs of the selected ship (``s``/``S`` select the next or
previous ship; the selected letter is shown reversed): the cells within its longest weapon's extreme range (the
whole table if the log has no ``spec``) are dotted in the colour of their arc: fore yellow, starboard green, aft
magenta, port red.

**Flights** in the air are drawn where the log puts their lead plane: side one ``◆`` fighter and ``▲`` strike
(bombers, dive- and torpedo-bombers, kamikazes, observation), side two ``◇`` and ``△``; a cell holding Flights of
both sides (a dogfight, an escort caught) is a yellow ``✶``. A Flight never hides a ship's letter or heading arrow:
it moves to the nearest free cell of its row, at most two columns away (else it covers an arrow). Shot down, spent,
lost with its carrier, landed or flown off the table, it disappears. Positions come from the log, read back as typed
events (:mod:`tactical.events`, never by matching the words here): a Flight's move
(:class:`~tactical.events.FlightMoved`) has its ``start`` and ``pos``; a Flight placed in the air at deployment or
launched (events that carry no position) is drawn where its next ``air_move`` starts, since a Flight only moves by
flying; if it never flies again, it is drawn where the engine places it (1" abeam of its carrier, starboard then
port, or its fleet's table edge from deep deployment, or its carrier / its fleet's centre at deployment). The side
panel lists every Flight per side with its fate so far: airborne (attacking X, dogfighting Y), aboard, waiting
(off the table, not yet up: land-based, or a raid's carrier Flights, R-CARD-11), destroyed, spent, lost,
left.

**Submarines** are drawn only when the surface fleets could see them: on the table and surfaced, or detected this
turn (detection lasts until the End Phase), or sunk.  A boat noted in a Sector (hidden, off the table) or
submerged / running deep and undetected is not drawn at all, whichever side it belongs to; its card says where it
is ("hidden in Sector 15", "running deep, unseen").  The command screen draws every boat its side's view holds on
the table, at its depth (R-VIEW-06: the models are on an open table; detection decides who may attack them).
A hidden boat placed on the table (``sub_placed``, no
position logged) is drawn, once seen, where its next move starts, or else at its Sector's centre.

**The command screen** (R-VIEW-10) draws from the side's view (:func:`tui.table_prompts.scene_of`): a heading arrow
goes before its letter when another ship's letter holds the cell after it (ships 1" apart); the side's own
submarines hidden in a Sector are the Sector's dashed edges with the boat's letter and ``≈``; MTB Sections are
``▸`` / ``▹``; this turn's moves of Flights and MTB Sections are dotted (``∙``) in the side's colour.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from strategic.battle_logs import load_battle_log
from tactical import Edge, Event, Table, events_from_json, relative_bearing
from tactical import battle_events as tev
from tui.mounting import GameHeader
from tui.rule_screen import open_rules

ARROWS = "↑↗→↘↓↙←↖"
SIDE_STYLES = ("bold bright_cyan", "bold bright_red")
FLIGHT_GLYPHS = (("◆", "▲"), ("◇", "△"))
"""``FLIGHT_GLYPHS[side][0]`` a fighter, ``[side][1]`` any other Flight (strike, observation)."""
BOAT_GLYPHS = ("▸", "▹")
"""An MTB Section of side one, of side two."""
TRACK_DOT, TRACK_STYLES = "∙", ("cyan", "red")
"""A Flight's or MTB Section's move this turn, in its side's colour."""
SUB_GLYPH = "≈"
"""After the letter of one's own submarine hidden in a Sector (drawn at the Sector's centre, its edges dashed)."""
MELEE_GLYPH, MELEE_STYLE = "✶", "bold yellow"
INSTALLATION_GLYPH = "■"
ARC_STYLES = {"fore": "yellow", "starboard": "green", "aft": "magenta", "port": "red"}
ARC_DOT = "·"
DEFAULT_TABLE = (72.0, 48.0)
"""The table in inches (width, height) when the log has no ``spec``."""

Point = tuple[float, float]
FLIGHT_LOST = tev.ShotDown | tev.KamikazeSpent | tev.ShotDownOverCarrier | tev.LostWithCarrier
"""The ways a Flight is lost (shot down, spent, lost with its carrier)."""


@dataclass
class ShipView:
    """One ship, submarine or installation as of some point of the battle; ``pos`` in inches, ``heading`` in
    degrees; ``kind`` is the report's ``type`` (``ship``, ``submarine``, ``installation``)."""

    name: str
    side: str
    card: str
    hull_start: int
    hull: int
    letter: str
    pos: Point | None = None
    heading: float = 0.0
    crippled: bool = False
    sunk: bool = False
    withdrew: bool = False
    criticals: dict[str, int] = field(default_factory=lambda: {"engine": 0, "weapons": 0, "crew": 0})
    kind: str = "ship"
    deep: bool = False  # a carrier in deep deployment (off the table)
    depth: str | None = None  # submarines: surfaced, submerged, running deep
    sector: int | None = None  # submarines hidden in a Sector (off the table)
    detected_turn: int | None = None  # the turn a submarine was last detected
    in_view: bool = False  # a side's view holds it on the table (the command screen: R-VIEW-06, seen at its depth)
    own: bool = False  # the command screen: one of the side's own (its hidden submarine's Sector is drawn)

    def shown(self, turn: int) -> bool:
        """Whether the table draws it at ``turn``: on the table, and (a submarine) surfaced, detected this turn,
        sunk, or in the side's view (the command screen: every model on the table is seen, R-VIEW-06)."""
        if self.pos is None or self.withdrew or self.deep or self.sector is not None:
            return False
        if self.kind != "submarine" or self.sunk or self.in_view:
            return True
        return self.depth == "surfaced" or self.detected_turn == turn


@dataclass
class FlightView:
    """One Flight as of some point of the battle: ``fate`` is ``waiting`` (land-based, not yet up), ``aboard``,
    ``airborne``, ``destroyed``, ``spent``, ``lost`` or ``left``; ``pos`` (inches) only while airborne;
    ``target`` the ship it moved in to attack this turn; ``engaged`` the enemy Flights it is locked with."""

    name: str
    side: str
    aircraft: str
    role: str
    carrier: str | None
    fate: str
    pos: Point | None = None
    target: str | None = None
    engaged: list[str] = field(default_factory=list)
    by: str | None = None  # what shot it down

    @property
    def fighter(self) -> bool:
        return self.role == "fighter"


@dataclass(frozen=True)
class BoatMark:
    """An MTB Section on the table (000 Motor Torpedo Boats: it has no facing)."""

    name: str
    side: str
    pos: Point


@dataclass(frozen=True)
class Track:
    """A move made this turn by a Flight or an MTB Section of ``side``, from ``start`` to ``end`` (inches)."""

    side: str
    start: Point
    end: Point


@dataclass
class Scene:
    """Everything the viewer shows after some events: ships (with submarines and installations) and Flights by
    name, the smoke counters on the table (inches) and the turn of the last event; the command screen adds the MTB
    Sections and this turn's tracks of Flights and Sections (from the side's view)."""

    ships: dict[str, ShipView]
    flights: dict[str, FlightView]
    smoke: list[Point]
    turn: int
    boats: dict[str, BoatMark] = field(default_factory=dict)
    tracks: list[Track] = field(default_factory=list)


@dataclass(frozen=True)
class TableGeometry:
    """How inches map to cells: ``scale`` columns per inch across (``scale / 2`` rows per inch down), ``cols`` x
    ``rows`` cells inside the border, row 0 at the north edge."""

    scale: float
    cols: int
    rows: int

    def cell(self, x: float, y: float) -> tuple[int, int]:
        """The ``(column, row)`` of the point ``(x, y)`` in inches (may lie outside the grid)."""
        return int(x * self.scale), self.rows - 1 - int(y * self.scale / 2)

    def centre(self, col: int, row: int) -> Point:
        """The centre of a cell, in inches."""
        return (col + 0.5) / self.scale, (self.rows - 1 - row + 0.5) * 2 / self.scale


def load_log(path: Path) -> dict[str, Any]:
    """Read a battle log (``vas battle --log``, ``vas run --battle-logs``); raises ``ValueError``
    (:class:`~strategic.battle_logs.BattleLogError`) naming the file if it is not one."""
    return load_battle_log(path)


def steps_of(events: list[dict[str, Any]]) -> list[int]:
    """Indexes where a new (turn, phase) begins: the points the viewer steps between."""
    out, last = [], None
    for i, event in enumerate(events):
        key = (event["turn"], event["phase"])
        if key != last:
            out.append(i)
            last = key
    return out


def table_size(log: dict[str, Any]) -> Point:
    """The table's (width, height) in inches: the ``spec``'s, or 72" x 48"."""
    spec = log.get("spec")
    if isinstance(spec, dict) and spec.get("table_width") and spec.get("table_height"):
        return float(spec["table_width"]), float(spec["table_height"])
    return DEFAULT_TABLE


def _spec_flight_roles(log: dict[str, Any]) -> dict[str, str]:
    spec = log.get("spec")
    if not isinstance(spec, dict):
        return {}
    return {f["name"]: f.get("aircraft", {}).get("role", "") for f in spec.get("flights", []) if "name" in f}


def _spec_ranges(log: dict[str, Any]) -> dict[str, float]:
    """Each ship's longest extreme range (inches) among its weapons other than AA Batteries, from the ``spec``."""
    spec = log.get("spec")
    if not isinstance(spec, dict):
        return {}
    cards = [(s["name"], s.get("card", {})) for fleet in spec.get("sides", []) for s in fleet.get("ships", [])]
    cards += [(s["ship"]["name"], s["ship"].get("card", {})) for s in spec.get("submarines", []) if "ship" in s]
    out = {}
    for name, card in cards:
        reach = [w["ranges"][-1] for w in card.get("weapons", []) if w.get("kind") != "aa_battery" and w.get("ranges")]
        if reach:
            out[name] = float(max(reach))
    return out


def _next_flight_start(events: Sequence[Event], start: int, name: str) -> Point | None:
    """Where Flight ``name`` is after event ``start``: the start of its next flight, unless it lands, leaves or is
    lost (or launched) first."""
    for event in events[start + 1 :]:
        if event.ship != name:
            continue
        if isinstance(event, tev.FlightMoved):
            return event.start
        if isinstance(event, tev.Recovered | tev.FlightLeft | tev.Launched | FLIGHT_LOST):
            return None
    return None


def _next_ship_start(events: Sequence[Event], start: int, name: str) -> Point | None:
    """Where ship ``name`` is after event ``start``: the start of its next move, unless it leaves or sinks first."""
    for event in events[start + 1 :]:
        if event.ship != name:
            continue
        if isinstance(event, tev.Moved):
            return event.start
        if isinstance(event, tev.Escaped | tev.Sunk | tev.SubPlaced | tev.Withdrew):
            return None
    return None


def _fleet_centre(ships: dict[str, ShipView], side: str) -> Point | None:
    placed = [s.pos for s in ships.values() if s.side == side and s.pos and not (s.sunk or s.withdrew)]
    if not placed:
        return None
    return sum(p[0] for p in placed) / len(placed), sum(p[1] for p in placed) / len(placed)


def _clamp(p: Point, size: Point) -> Point:
    return min(max(p[0], 0.0), size[0]), min(max(p[1], 0.0), size[1])


def _initial_flights(log: dict[str, Any]) -> dict[str, FlightView]:
    roles = _spec_flight_roles(log)
    starters = {e.ship for e in _typed(log) if isinstance(e, tev.DogfightStarted)}  # only Fighters start them
    flights = {}
    for f in log.get("flights", []):
        if f.get("kind", "flight") != "flight":
            continue
        role = roles.get(f["name"]) or ("fighter" if f["name"] in starters else "strike")
        fate = "aboard" if f.get("carrier") else "waiting"
        flights[f["name"]] = FlightView(f["name"], f["side"], f.get("aircraft", ""), role, f.get("carrier"), fate)
    return flights


LETTERS = ("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ΓΔΘΛΞΠΣΦΨΩ#$%&@",
           "abcdefghijklmnopqrstuvwxyzαβγδεζηθλμξπρσφψω!?+=~^")
"""Each side's ship marks in turn: capitals then digits and Greek capitals for the first fleet, small letters then
Greek small letters for the second, then signs; only a fleet of more than 49 ships repeats them."""


def ship_letter(side: int, index: int) -> str:
    """The mark of the ``index``-th ship of ``side`` on the table (:data:`LETTERS`)."""
    marks = LETTERS[side]
    return marks[index % len(marks)]


def _initial_ships(log: dict[str, Any]) -> dict[str, ShipView]:
    spec: dict[str, Any] = log["spec"] if isinstance(log.get("spec"), dict) else {}
    subs = {s["ship"]["name"]: s for s in spec.get("submarines", []) if "ship" in s}
    shore = {s["name"]: s for s in spec.get("shore_batteries", []) if "name" in s}
    ships: dict[str, ShipView] = {}
    counts = [0, 0]
    for ship in log["ships"]:
        side = log["sides"].index(ship["side"])
        letter = ship_letter(side, counts[side])
        counts[side] += 1
        view = ShipView(ship["name"], ship["side"], ship["card"], ship["hull_start"], ship["hull_start"], letter,
                        kind=ship.get("type", "ship"))
        if view.kind == "submarine":
            sub = subs.get(view.name, {})
            view.depth = sub.get("depth", "submerged")
            view.sector = sub.get("sector")
        elif view.kind == "installation" and view.name in shore and shore[view.name].get("pos"):
            x, y = shore[view.name]["pos"]
            view.pos = (float(x), float(y))
        ships[view.name] = view
    return ships


def _typed(log: dict[str, Any]) -> list[Event]:
    """The log's events, typed (:func:`tactical.events_from_json`); read once per log's event list."""
    raw = log["events"]
    cached = _TYPED.get(id(raw))
    if cached is None or cached[0] is not raw:
        if len(_TYPED) > 8:
            _TYPED.clear()
        cached = _TYPED[id(raw)] = (raw, events_from_json(raw))
    return cached[1]


_TYPED: dict[int, tuple[list[dict[str, Any]], list[Event]]] = {}


def replay(log: dict[str, Any], upto: int) -> Scene:
    """The battle after the first ``upto`` events of ``log`` (see the module docstring for what is derived)."""
    events = _typed(log)
    size = table_size(log)
    ships = _initial_ships(log)
    flights = _initial_flights(log)
    smoke: list[Point] = []
    deck: dict[tuple[int, str], int] = {}  # (turn, carrier) -> Flights launched or recovered
    deep_launches: dict[tuple[int, str], int] = {}
    turn = 0
    for index, event in enumerate(events[:upto]):
        if event.turn != turn:
            turn = event.turn
            for each in flights.values():
                each.target = None  # contacts with ships are declared afresh each turn (R-TAC-23)
        if isinstance(event, tev.SmokeRemoved):
            smoke = []  # End Phase: the smoke counters are removed
            continue
        if isinstance(event, tev.FlightsAloft):
            for fname in [n for n in event.flights if n in flights]:
                up = flights[fname]
                up.fate = "airborne"
                carrier = ships.get(up.carrier or "")
                fallback = (carrier.pos if carrier and carrier.pos else None) or _fleet_centre(ships, up.side)
                up.pos = _next_flight_start(events, index, fname) or fallback or (size[0] / 2, size[1] / 2)
            continue
        flight = flights.get(event.ship or "")
        if flight is not None:
            _flight_event(flight, flights, ships, event, index, events, size, deck, deep_launches,
                          south=log["sides"].index(flight.side) == 0)
            continue
        if isinstance(event, tev.Deployed):
            for sname, x, y, heading in event.positions:
                ships[sname].pos, ships[sname].heading = (x, y), heading
            continue
        view = ships.get(event.ship or "")
        if view is not None:
            _ship_event(view, event, events, index, size, smoke)
    return Scene(ships, flights, smoke, turn)


def _ship_event(view: ShipView, event: Event, events: Sequence[Event], index: int, size: Point,
                smoke: list[Point]) -> None:
    """Apply one event about the ship, submarine or installation ``view`` (``smoke``: the counters laid)."""
    match event:
        case tev.Moved(pos=pos, heading=heading):
            view.pos, view.heading = pos, heading
        case tev.Rejoined(at=at, edge=edge):
            view.pos = at
            if edge in {e.value for e in Edge}:
                view.heading = Edge(edge).inward_heading
        case tev.HullLost(hull=hull):
            view.hull = hull
        case (tev.CriticalHit() | tev.DevastatingIgnored() | tev.ShoreCritical() | tev.Critical2D6()
              | tev.DamageControl()):  # fmt: skip
            view.criticals[event.area] = event.score
        case tev.Crippled():
            view.crippled = True
        case tev.Sunk():
            view.sunk, view.hull = True, 0
        case tev.Withdrew():
            view.withdrew = True
        case tev.DeepDeployed():
            view.deep, view.pos = True, None
        case tev.SmokeLaid(counters=counters):
            smoke += [(float(x), float(y)) for x, y in counters]
        case tev.SubPlaced(sector=sector):
            _place_sub(view, sector, events, index, size)
        case tev.DepthChanged(depth=depth):
            view.depth = depth
        case tev.CrashDived():
            view.depth = "submerged"
        case tev.Detected():
            view.detected_turn = event.turn
        case tev.Escaped(sector=sector):
            view.sector, view.pos = sector, None


def _place_sub(view: ShipView, sector: int, events: Sequence[Event], index: int, size: Point) -> None:
    pos = _next_ship_start(events, index, view.name)
    if pos is None and sector:
        try:
            x0, y0, x1, y1 = Table(width=size[0], height=size[1]).sector_rect(sector)
            pos = ((x0 + x1) / 2, (y0 + y1) / 2)
        except ValueError:
            pos = None
    view.pos, view.sector, view.depth = pos, None, "running deep"


def _flight_event(flight: FlightView, flights: dict[str, FlightView], ships: dict[str, ShipView],
                  event: Event, index: int, events: Sequence[Event], size: Point,
                  deck: dict[tuple[int, str], int], deep_launches: dict[tuple[int, str], int], south: bool) -> None:
    """Apply one event about ``flight`` (its ``ship`` field names the Flight); ``south``: its fleet's edge is the
    south edge; ``deck`` and ``deep_launches`` count this turn's launches for the positions the log omits."""
    turn = event.turn
    if isinstance(event, tev.Launched):
        flight.fate, flight.target, flight.engaged = "airborne", None, []
        pos = _next_flight_start(events, index, flight.name)
        fallback = _launch_spot(flight, ships, event.carrier, event.deep, turn, size, deck, deep_launches, south)
        chosen = pos or fallback
        flight.pos = _clamp(chosen, size) if chosen else None
    elif isinstance(event, tev.FlightMoved):
        flight.pos, flight.target = event.pos, None
    elif isinstance(event, tev.AirContact):
        flight.target = event.target
    elif isinstance(event, tev.DogfightStarted):
        enemy = flights.get(event.target)
        if enemy is not None:
            flight.engaged = [*flight.engaged, enemy.name] if enemy.name not in flight.engaged else flight.engaged
            enemy.engaged = [*enemy.engaged, flight.name] if flight.name not in enemy.engaged else enemy.engaged
    elif isinstance(event, tev.Recovered | tev.FlightLeft | FLIGHT_LOST):
        if isinstance(event, tev.Recovered):
            flight.fate, flight.carrier = "aboard", event.carrier
            deck[(turn, flight.carrier or "")] = deck.get((turn, flight.carrier or ""), 0) + 1
        elif isinstance(event, tev.FlightLeft):
            flight.fate = "left"
        elif isinstance(event, tev.LostWithCarrier):
            flight.fate = "lost"
        elif isinstance(event, tev.KamikazeSpent):
            flight.fate = "spent"
        else:
            flight.fate, flight.by = "destroyed", event.by if isinstance(event, tev.ShotDown) else None
        flight.pos, flight.target = None, None
        for enemy in [flights[n] for n in flight.engaged if n in flights]:
            enemy.engaged = [n for n in enemy.engaged if n != flight.name]
        flight.engaged = []


def _launch_spot(flight: FlightView, ships: dict[str, ShipView], carrier_name: str, deep: bool, turn: int,
                 size: Point, deck: dict[tuple[int, str], int], deep_launches: dict[tuple[int, str], int],
                 south: bool) -> Point | None:
    """Where a Flight launched this turn is drawn when it never flies again (module docstring); counts the
    launches of the turn in ``deck`` and ``deep_launches``."""
    carrier = ships.get(carrier_name)
    if deep:
        k = deep_launches.get((turn, flight.side), 0)
        deep_launches[(turn, flight.side)] = k + 1
        centre = _fleet_centre(ships, flight.side)
        edge_y = 0.0 if south else size[1]  # side one's fleet edge is the south edge (R-TAC-04)
        return (centre[0] if centre else size[0] / 2) + 1.5 * k, edge_y
    if carrier is not None and carrier.pos is not None:
        n = deck.get((turn, carrier.name), 0)
        deck[(turn, carrier.name)] = n + 1
        rad = math.radians(carrier.heading + (90.0 if n % 2 == 0 else -90.0))
        return carrier.pos[0] + math.sin(rad), carrier.pos[1] + math.cos(rad)
    return None


# --------------------------------------------------------------------------- drawing


def table_geometry(scene: Scene, log: dict[str, Any], max_cols: int | None = None,
                   max_rows: int | None = None) -> TableGeometry:
    """The scale and cells for the table: one column per inch and one row per two inches, shrunk evenly to fit
    ``max_cols`` columns and ``max_rows`` rows (borders included) when the screen is smaller; the table grows to
    hold a ship placed beyond its edge."""
    width, height = table_size(log)
    width = max([width] + [s.pos[0] + 1 for s in scene.ships.values() if s.pos])
    height = max([height] + [s.pos[1] + 1 for s in scene.ships.values() if s.pos])
    scale = min(1.0, (max_cols - 2) / width) if max_cols and max_cols > 10 else 1.0
    if max_rows and max_rows > 6:
        scale = min(scale, (max_rows - 2) * 2 / height)
    return TableGeometry(scale, max(int(width * scale), 8), max(int(height * scale / 2), 4))


def _arc_of(pos: Point, heading: float, target: Point) -> str:
    rel = relative_bearing(pos, heading, target)
    if abs(rel) <= 45.0:
        return "fore"
    if abs(rel) >= 135.0:
        return "aft"
    return "starboard" if rel > 0 else "port"


def draw_table(scene: Scene, log: dict[str, Any], max_cols: int | None = None, max_rows: int | None = None,
               selected: str | None = None, arcs: bool = False,
               ghosts: list[tuple[Point, float]] | list[tuple[Point, float, str]] | None = None) -> Text:
    """The table to scale (:func:`table_geometry`) with smoke, ships, installations, seen submarines and Flights;
    the ``selected`` ship's letter reversed and, with ``arcs``, its fire arcs out to its longest extreme range;
    ``ghosts`` (position, heading, optionally the ship's letter): where a move or a deployment being chosen would put
    a ship, a reversed yellow heading arrow (after the letter)."""
    geo = table_geometry(scene, log, max_cols, max_rows)
    cols, rows = geo.cols, geo.rows
    grid: list[list[tuple[str, str]]] = [[("·", "dim") for _ in range(cols)] for _ in range(rows)]
    chosen = scene.ships.get(selected or "")
    if arcs and chosen is not None and chosen.shown(scene.turn) and not chosen.sunk and chosen.pos is not None:
        reach = _spec_ranges(log).get(chosen.name)
        for r in range(rows):
            for c in range(cols):
                point = geo.centre(c, r)
                if reach is None or math.dist(point, chosen.pos) <= reach:
                    grid[r][c] = (ARC_DOT, ARC_STYLES[_arc_of(chosen.pos, chosen.heading, point)])
    _draw_sectors(grid, geo, scene, log)
    for x, y in scene.smoke:
        c, r = geo.cell(x, y)
        if 0 <= c < cols and 0 <= r < rows:
            grid[r][c] = ("░", "grey50")
    for ghost in ghosts or []:
        (x, y), heading = ghost[0], ghost[1]
        c, r = geo.cell(x, y)
        if 0 <= c < cols and 0 <= r < rows:
            grid[r][c] = (ARROWS[round(heading / 45) % 8], "bold yellow reverse")
            if len(ghost) > 2 and c + 1 < cols:
                grid[r][c] = (str(ghost[2]), "bold yellow reverse")
                grid[r][c + 1] = (ARROWS[round(heading / 45) % 8], "bold yellow")
    _draw_tracks(grid, geo, scene, log)
    letters, marks = _draw_ships(grid, geo, scene, log, selected)
    taken = letters | marks  # ship letters and their heading arrows or installation marks
    cells: dict[tuple[int, int], list[FlightView]] = {}
    for flight in scene.flights.values():
        if flight.fate == "airborne" and flight.pos is not None:
            c, r = geo.cell(*flight.pos)
            cells.setdefault((min(max(c, 0), cols - 1), min(max(r, 0), rows - 1)), []).append(flight)
    for (c, r), here in cells.items():
        glyph, style = flight_glyph(here, log)
        near = [cc for cc in (c, c - 1, c + 1, c - 2, c + 2) if 0 <= cc < cols]
        where = [cc for cc in near if (cc, r) not in taken] or [cc for cc in near if (cc, r) not in letters]
        if where:  # else five ships' letters in a row: the Flight is only listed in the side panel
            grid[r][where[0]] = (glyph, style)
            taken.add((where[0], r))
    for boat in scene.boats.values():
        side = log["sides"].index(boat.side)
        c, r = geo.cell(*boat.pos)
        c, r = min(max(c, 0), cols - 1), min(max(r, 0), rows - 1)
        near = [cc for cc in (c, c - 1, c + 1, c - 2, c + 2) if 0 <= cc < cols]
        where = [cc for cc in near if (cc, r) not in taken] or [cc for cc in near if (cc, r) not in letters]
        if where:
            grid[r][where[0]] = (BOAT_GLYPHS[side], SIDE_STYLES[side])
            taken.add((where[0], r))
    text = Text()
    text.append("┌" + "─" * cols + "┐\n", style="dim")
    for row in grid:
        text.append("│", style="dim")
        for char, style in row:
            text.append(char, style=style)
        text.append("│\n", style="dim")
    text.append(_ruler(geo), style="dim")
    return text


Grid = list[list[tuple[str, str]]]


def _draw_ships(grid: Grid, geo: TableGeometry, scene: Scene, log: dict[str, Any],
                selected: str | None) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Wrecks, then the letters (never covered), then each heading arrow or installation mark beside its letter:
    after it, or before it when a ship 1" away holds that cell (R-VIEW-10).  Returns the cells of the letters and
    those of the marks."""
    cols, rows = geo.cols, geo.rows
    letters: set[tuple[int, int]] = set()
    placed = []
    for ship in [s for s in scene.ships.values() if s.shown(scene.turn) and s.pos is not None]:
        assert ship.pos is not None
        c, r = geo.cell(*ship.pos)
        c, r = min(max(c, 0), cols - 2), min(max(r, 0), rows - 1)
        if ship.sunk:
            grid[r][c] = ("x", "dim")
            continue
        free = [cc for cc in (c, c - 1, c + 1) if 0 <= cc < cols and (cc, r) not in letters]
        c = free[0] if free else c  # two ships in one cell (a shrunk table): the second beside the first
        style = SIDE_STYLES[log["sides"].index(ship.side)]
        grid[r][c] = (ship.letter, style + (" reverse" if ship.name == selected else ""))
        letters.add((c, r))
        placed.append((ship, c, r, style))
    marks: set[tuple[int, int]] = set()
    for ship, c, r, style in placed:
        mark = INSTALLATION_GLYPH if ship.kind == "installation" else ARROWS[round(ship.heading / 45) % 8]
        spot = next((cc for cc in (c + 1, c - 1) if 0 <= cc < cols and (cc, r) not in letters | marks), None)
        if spot is not None:  # else three letters abreast: the heading is in the legend
            grid[r][spot] = (mark, style)
            marks.add((spot, r))
    return letters, marks


def _draw_sectors(grid: Grid, geo: TableGeometry, scene: Scene, log: dict[str, Any]) -> None:
    """The side's own submarines hidden in a Sector (000 Submarines: Deployment): the Sector's edges dashed in the
    side's colour and the boat's letter with ``≈`` at its centre.  An enemy's Sector is never in the scene."""
    width, height = table_size(log)
    table = Table(width=width, height=height)
    in_sector: dict[int, int] = {}  # boats drawn so far in each Sector: the next one beside them
    for ship in scene.ships.values():
        if not (ship.own and ship.kind == "submarine" and ship.sector and not ship.sunk):
            continue
        try:
            x0, y0, x1, y1 = table.sector_rect(ship.sector)
        except ValueError:
            continue
        style = TRACK_STYLES[log["sides"].index(ship.side)]
        c0, r1 = geo.cell(x0, y0)
        c1, r0 = geo.cell(x1 - 1e-6, y1 - 1e-6)
        c0, c1 = max(c0, 0), min(c1, geo.cols - 1)
        r0, r1 = max(r0, 0), min(r1, geo.rows - 1)
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                edge = "┆" if c in (c0, c1) else "┄" if r in (r0, r1) else None
                if edge is not None:
                    grid[r][c] = (edge, style)
        c, r = geo.cell((x0 + x1) / 2, (y0 + y1) / 2)
        c += 2 * in_sector.get(ship.sector, 0)
        in_sector[ship.sector] = in_sector.get(ship.sector, 0) + 1
        if 0 <= c < geo.cols - 1 and 0 <= r < geo.rows:
            grid[r][c], grid[r][c + 1] = (ship.letter, style), (SUB_GLYPH, style)


def _draw_tracks(grid: Grid, geo: TableGeometry, scene: Scene, log: dict[str, Any]) -> None:
    """This turn's moves of Flights and MTB Sections: a dotted line in the side's colour from where each started
    (the pieces, drawn after, cover its ends)."""
    for track in scene.tracks:
        style = TRACK_STYLES[log["sides"].index(track.side)]
        steps = max(int(math.dist(track.start, track.end) * geo.scale * 2), 1)
        for i in range(steps + 1):
            x = track.start[0] + (track.end[0] - track.start[0]) * i / steps
            y = track.start[1] + (track.end[1] - track.start[1]) * i / steps
            c, r = geo.cell(x, y)
            if 0 <= c < geo.cols and 0 <= r < geo.rows and grid[r][c][0] in ("·", ARC_DOT, TRACK_DOT):
                grid[r][c] = (TRACK_DOT, style)


RULER_STEP = 6.0
"""Inches between two ticks of the table's ruler (a number every second tick)."""


def _ruler(geo: TableGeometry) -> str:
    """The bottom border with a tick every 6" and, beneath, the inches from the west edge every 12"."""
    width = geo.cols / geo.scale
    border, numbers = ["─"] * geo.cols, [" "] * (geo.cols + 2)
    inches = 0.0
    while inches <= width + 1e-9:
        col = min(int(inches * geo.scale), geo.cols - 1)
        border[col] = "┴"
        if inches % (2 * RULER_STEP) < 1e-9:
            label = f"{inches:g}" + ('"' if inches == 0 else "")
            start = min(col + 1, geo.cols + 2 - len(label))
            if all(c == " " for c in numbers[max(start - 1, 0):start + len(label)]):
                numbers[start:start + len(label)] = list(label)
        inches += RULER_STEP
    return "└" + "".join(border) + "┘\n" + "".join(numbers).rstrip()


def flight_glyph(flights: list[FlightView], log: dict[str, Any]) -> tuple[str, str]:
    """The glyph and style of a cell holding ``flights`` (one or more): the side's fighter or strike glyph (strike
    if the side has any strike Flight there), or the yellow star when both sides' Flights share it."""
    sides = {log["sides"].index(f.side) for f in flights}
    if len(sides) > 1:
        return MELEE_GLYPH, MELEE_STYLE
    side = sides.pop()
    strike = any(not f.fighter for f in flights)
    return FLIGHT_GLYPHS[side][1 if strike else 0], SIDE_STYLES[side]


def legend(scene: Scene, log: dict[str, Any], selected: str | None = None, arcs: bool = False) -> Text:
    """The key to the table's glyphs (only those the battle uses), and the arcs shown."""
    text = Text()
    for side, name in enumerate(log["sides"]):
        style = SIDE_STYLES[side]
        text.append(f" {'A' if side == 0 else 'a'}{ARROWS[0]}", style=style)
        text.append(f" {name}", style="bold")
        if any(f.side == name for f in scene.flights.values()):
            text.append(f"  {FLIGHT_GLYPHS[side][0]}", style=style)
            text.append(" fighter ")
            text.append(FLIGHT_GLYPHS[side][1], style=style)
            text.append(" strike")
        text.append("\n")
    keys = [("x", "dim", "sunk"), ("░", "grey50", "smoke")]
    if any(s.kind == "installation" for s in scene.ships.values()):
        keys.insert(0, (INSTALLATION_GLYPH, "bold", "installation"))
    if scene.flights:
        keys.append((MELEE_GLYPH, MELEE_STYLE, "both sides' Flights"))
    for glyph, style, words in keys:
        text.append(f" {glyph}", style=style)
        text.append(f" {words} ")
    if any(s.kind == "submarine" for s in scene.ships.values()):
        text.append("\n submarines are shown when surfaced or detected", style="dim")
    chosen = scene.ships.get(selected or "")
    if chosen is not None:
        text.append(f"\n selected {chosen.letter} {chosen.name}", style="bold")
        if arcs:
            reach = _spec_ranges(log).get(chosen.name)
            text.append(f" arcs to {reach:g}\":" if reach else " arcs:")
            for arc, style in ARC_STYLES.items():
                text.append(f" {arc}", style=style)
        else:
            text.append("  (a: show its arcs)", style="dim")
    return text


def _ship_state(ship: ShipView, turn: int) -> str:
    if ship.sunk:
        return "destroyed" if ship.kind == "installation" else "sunk"
    if ship.withdrew:
        return "withdrew"
    if ship.deep:
        return "deep deployment"
    words = ["crippled"] if ship.crippled else []
    if ship.kind == "submarine":
        if ship.sector is not None:
            words.append(f"hidden in Sector {ship.sector}" if ship.sector else "hidden")
        elif ship.pos is not None:
            words.append(ship.depth or "submerged")
            if ship.depth != "surfaced":
                words.append("detected" if ship.detected_turn == turn else "undetected" if ship.in_view else "unseen")
    return ", ".join(words)


def ship_cards(scene: Scene, log: dict[str, Any], selected: str | None = None) -> Text:
    """Each ship: letter, name, card, a Hull bar, state and critical scores."""
    text = Text()
    for ship in scene.ships.values():
        style = SIDE_STYLES[log["sides"].index(ship.side)]
        text.append(f"{ship.letter} ", style=style + (" reverse" if ship.name == selected else ""))
        extra = " installation" if ship.kind == "installation" else ""
        text.append(f"{ship.name} ({ship.card}{extra})\n", style="bold")
        filled = round(12 * ship.hull / max(ship.hull_start, 1))
        bar_style = "green" if not ship.crippled else "yellow"
        text.append("  Hull ")
        text.append("█" * filled, style=bar_style if ship.hull else "red")
        text.append("░" * (12 - filled), style="dim")
        text.append(f" {ship.hull}/{ship.hull_start} {_ship_state(ship, scene.turn)}\n")
        crit = ship.criticals
        text.append(f"  Criticals: Engine {crit['engine']}  Weapons {crit['weapons']}  Crew {crit['crew']}\n",
                    style="dim" if not any(crit.values()) else "")
    return text


FATE_ORDER = ("airborne", "aboard", "waiting", "destroyed", "spent", "lost", "left")


def _fate_words(flight: FlightView) -> str:
    if flight.fate == "airborne":
        words = "airborne"
        if flight.target:
            words += f", attacking {flight.target}"
        if flight.engaged:
            words += f", dogfighting {', '.join(flight.engaged)}"
        return words
    if flight.fate == "aboard":
        return f"aboard {flight.carrier}" if flight.carrier else "aboard"
    if flight.fate == "destroyed":
        return f"destroyed by {flight.by}" if flight.by else "destroyed"
    return {"waiting": "waiting off the table, not yet up", "spent": "spent (kamikaze)",  # R-UI-136
            "lost": "lost with its carrier", "left": "left the table"}.get(flight.fate, flight.fate)


def flight_list(scene: Scene, log: dict[str, Any]) -> Text:
    """The Flights per side: a count by fate, then each Flight's glyph, name, aircraft, role and fate so far."""
    text = Text()
    for side, name in enumerate(log["sides"]):
        own = [f for f in scene.flights.values() if f.side == name]
        if not own:
            continue
        style = SIDE_STYLES[side]
        counts = {fate: sum(1 for f in own if f.fate == fate) for fate in FATE_ORDER}
        text.append(f"{name} Flights", style=style)
        text.append(": " + ", ".join(f"{n} {fate}" for fate, n in counts.items() if n) + "\n")
        for flight in own:
            glyph = FLIGHT_GLYPHS[side][0 if flight.fighter else 1]
            gone = flight.fate not in ("airborne", "aboard", "waiting")
            text.append(f"{glyph} ", style=style if flight.fate == "airborne" else "dim")
            text.append(f"{flight.name}", style="dim" if gone else "bold")
            text.append(f" ({flight.aircraft}, {flight.role.replace('_', '-')})\n", style="dim")
            text.append(f"  {_fate_words(flight)}\n", style="dim" if gone else "")
    return text


class BattleViewerScreen(Screen[None]):
    """Step through a battle: n/→ next phase, p/← previous, end (G) and start (g); s/S select a ship, a its arcs."""

    BINDINGS = [
        Binding("n,right", "step(1)", "Next phase"),
        Binding("p,left", "step(-1)", "Previous phase"),
        Binding("G,end", "jump(1)", "To the end"),
        Binding("g,home", "jump(0)", "To the start"),
        Binding("s", "select(1)", "Select ship"),
        Binding("S", "select(-1)", "Previous ship", show=False),
        Binding("a", "arcs", "Arcs"),
        Binding("l", "rule", "Rule", tooltip="Our summary of the rules this step's events cite"),
        Binding("escape,q", "app.pop_screen", "Back"),
    ]

    CSS = """
    #bv-main { height: 1fr; }
    #bv-table-scroll { width: 3fr; }
    #bv-side { width: 2fr; min-width: 40; }
    #bv-cards { height: 1fr; }
    #bv-flights { height: 1fr; border-top: solid $primary-darken-2; }
    #bv-log { height: 12; }
    """

    def __init__(self, battle: dict[str, Any]) -> None:
        super().__init__()
        self.battle = battle
        self.steps = steps_of(battle["events"])
        self.position = 0
        self.selected: str | None = None
        self.arcs = False
        self.scene: Scene | None = None
        self.geometry: TableGeometry | None = None
        """The table's geometry as last drawn (cells of the ``#bv-table`` text inside its border)."""
        self.table_text = Text()

    def compose(self) -> ComposeResult:
        yield GameHeader(show_clock=False)
        yield Static(id="bv-status")
        with Horizontal(id="bv-main"):
            with VerticalScroll(id="bv-table-scroll"):
                yield Static(id="bv-table")
                yield Static(id="bv-legend")
            with Vertical(id="bv-side"):
                with VerticalScroll(id="bv-cards"):
                    yield Static(id="bv-card-text")
                with VerticalScroll(id="bv-flights"):
                    yield Static(id="bv-flight-text")
        yield RichLog(id="bv-log", wrap=True, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#bv-flights").display = bool(_initial_flights(self.battle))
        self.show()

    def on_resize(self) -> None:
        self.show()

    def action_step(self, delta: int) -> None:
        self.position = min(max(self.position + delta, 0), len(self.steps) - 1)
        self.show()

    def action_jump(self, to_end: int) -> None:
        self.position = len(self.steps) - 1 if to_end else 0
        self.show()

    def _selectable(self) -> list[str]:
        scene = self.scene or replay(self.battle, self.upto)
        return [s.name for s in scene.ships.values()
                if s.kind != "installation" and s.shown(scene.turn) and not s.sunk]

    def action_select(self, delta: int) -> None:
        """Select the next (``delta`` 1) or previous (-1) ship on the table."""
        names = self._selectable()
        if not names:
            self.selected = None
        elif self.selected in names:
            self.selected = names[(names.index(self.selected) + delta) % len(names)]
        else:
            self.selected = names[0 if delta > 0 else -1]
        self.show()

    def action_arcs(self) -> None:
        """Toggle the fire arcs of the selected ship (selecting the first ship if none is)."""
        self.arcs = not self.arcs
        if self.arcs and self.selected is None:
            names = self._selectable()
            self.selected = names[0] if names else None
        self.show()

    def action_rule(self) -> None:
        """``l``: the rules this step's events cite, to pick from (:mod:`tui.rule_screen`)."""
        start = self.steps[self.position] if self.steps else 0
        why = open_rules(self.app, *(event.text for event in _typed(self.battle)[start:self.upto]))
        if why:
            self.notify("no rule is cited in this step's events", severity="warning")

    @property
    def upto(self) -> int:
        """Events shown: everything up to the end of the current step."""
        nxt = self.position + 1
        return self.steps[nxt] if nxt < len(self.steps) else len(self.battle["events"])

    def show(self) -> None:
        events = _typed(self.battle)
        scene = self.scene = replay(self.battle, self.upto)
        start = self.steps[self.position] if self.steps else 0
        turn, phase = (events[start].turn, events[start].phase) if events else (0, "-")
        where = self.battle.get("campaign")
        place = f" · {where.get('area')}, campaign turn {where.get('turn')}" if isinstance(where, dict) else ""
        status = Text(f" {self.battle['sides'][0]} vs {self.battle['sides'][1]}{place} · turn {turn} · "
                      f"{phase} · step {self.position + 1}/{len(self.steps)}", style="bold")
        if self.position == len(self.steps) - 1 and self.battle.get("winner"):
            status.append(f" · {self.battle['winner']} wins", style="bold green")
        self.query_one("#bv-status", Static).update(status)
        key = legend(scene, self.battle, self.selected, self.arcs)
        size = self.query_one("#bv-table-scroll").size
        rows = (size.height - len(key.plain.splitlines())) if size.height else None
        self.geometry = table_geometry(scene, self.battle, (size.width - 3) or None, rows)
        self.table_text = draw_table(scene, self.battle, (size.width - 3) or None, rows, self.selected, self.arcs)
        self.query_one("#bv-table", Static).update(self.table_text)
        self.query_one("#bv-legend", Static).update(key)
        self.query_one("#bv-card-text", Static).update(ship_cards(scene, self.battle, self.selected))
        self.query_one("#bv-flight-text", Static).update(flight_list(scene, self.battle))
        dice_log = self.query_one("#bv-log", RichLog)
        dice_log.clear()
        for event in events[start:self.upto]:
            line = event.text
            dice_log.write(Text(f"  {line}", style="dim") if isinstance(event, tev.DiceRolled) else line)
