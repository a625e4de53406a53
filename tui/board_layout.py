"""Where each sea area and port stands on the drawn board: the one layout table of the map (issue #17).

The two boards are diagrams, not scale maps (WAS digest §1.1; VITP digest §1), so the areas are laid out on a grid
of cells that keeps each board's shape: War at Sea with the North Atlantic on the west, the Baltic and the
Mediterranean on the east, the Caribbean and the Cape of Good Hope added by 002 §1; Victory in the Pacific with
the Japanese Islands north-west, Hawaii east, the Bay of Bengal and the Indian Ocean west and the Coral Sea along
the south.  The cells are chosen so that every border of the bundled map (``scenarios/data/map/*.yaml``) joins two
boxes side by side, one above the other or corner to corner, where the drawing marks it; a border between boxes
that do not touch (a user's new area) is written in the box instead.

Each port or base is drawn in the box of one area it touches (``port_area``); the other areas it touches are
noted beside it.  Areas a user adds with ``--data`` that this table does not know go in an extra row.
"""

from __future__ import annotations

from dataclasses import dataclass

from scenarios.loader import CampaignData
from scenarios.models import Theatre


@dataclass(frozen=True)
class Cell:
    """An area's box: its first column and row, how many columns and rows it spans, and its short name (for the
    notes of the ports and borders drawn elsewhere)."""

    col: int
    row: int
    short: str
    cols: int = 1
    rows: int = 1


@dataclass(frozen=True)
class TheatreLayout:
    cells: dict[str, Cell]
    ports: dict[str, str]  # port or base -> the area in whose box it is drawn


LAYOUT: dict[Theatre, TheatreLayout] = {
    Theatre.WAS: TheatreLayout(
        cells={
            "Barents Sea": Cell(1, 0, "Bar"),
            "North Atlantic": Cell(0, 1, "NAt"), "North Sea": Cell(1, 1, "NSe"), "Baltic Sea": Cell(2, 1, "Blt"),
            "Caribbean": Cell(0, 2, "Car"), "South Atlantic": Cell(1, 2, "SAt"), "Mediterranean": Cell(2, 2, "Med"),
            "Cape of Good Hope": Cell(1, 3, "Cape"),
        },
        ports={
            "England": "North Sea", "United States": "North Atlantic", "France": "North Atlantic",
            "Germany": "Baltic Sea", "Leningrad": "Baltic Sea", "Russia": "Barents Sea", "Malta": "Mediterranean",
            "Italy": "Mediterranean", "Neutral Country": "South Atlantic",
        },
    ),
    Theatre.VITP: TheatreLayout(
        cells={
            "Aleutian Islands": Cell(1, 0, "Ale"), "North Pacific Ocean": Cell(2, 0, "NPO", cols=2),
            "Japanese Islands": Cell(1, 1, "Jap"), "Central Pacific Ocean": Cell(2, 1, "CPO"),
            "Hawaiian Islands": Cell(3, 1, "Haw"),
            "Bay of Bengal": Cell(0, 2, "BoB"), "Indonesia": Cell(1, 2, "Ind"), "Marianas Islands": Cell(2, 2, "Mar"),
            "Marshall Islands": Cell(3, 2, "Msh"), "U.S. Mandate": Cell(4, 2, "USM", rows=2),
            "Indian Ocean": Cell(0, 3, "IO"), "South Pacific Ocean": Cell(1, 3, "SPO", cols=3),
            "Coral Sea": Cell(0, 4, "Cor", cols=5),
        },
        ports={
            "Yokosuka Navy Yard": "Japanese Islands", "Okinawa": "Japanese Islands", "Saigon": "Indonesia",
            "Singapore": "Indonesia", "Philippines": "Marianas Islands", "Saipan": "Marianas Islands",
            "Truk": "South Pacific Ocean", "Lae": "South Pacific Ocean", "Guadalcanal": "South Pacific Ocean",
            "Kwajalein": "Marshall Islands", "Maloelap": "Marshall Islands", "Ceylon": "Bay of Bengal",
            "Andaman Islands": "Bay of Bengal", "Australia": "Coral Sea", "Port Moresby": "Coral Sea",
            "Samoa": "U.S. Mandate", "New Hebrides": "U.S. Mandate", "Pearl Harbor": "Hawaiian Islands",
            "Johnston Island": "Hawaiian Islands", "Attu": "Aleutian Islands", "Dutch Harbor": "Aleutian Islands",
            "Midway": "Central Pacific Ocean",
        },
    ),
}


def theatre_cells(data: CampaignData, theatre: Theatre) -> dict[str, Cell]:
    """The box of every area of ``theatre`` in ``data``: the table's, then an extra row for areas it lacks."""
    known = LAYOUT[theatre].cells
    cells = {name: cell for name, cell in known.items()
             if name in data.areas and data.areas[name].theatre is theatre}
    extra_row = max((c.row + c.rows for c in known.values()), default=0)
    col = 0
    for name, area in data.areas.items():
        if area.theatre is theatre and name not in cells:
            cells[name] = Cell(col, extra_row, name[:4])
            col += 1
    return cells


def port_area(data: CampaignData, port: str, cells: dict[str, Cell]) -> str | None:
    """The area in whose box ``port`` is drawn: the table's choice, else the first area it touches that has a box."""
    record = data.ports[port]
    chosen = LAYOUT.get(record.theatre, TheatreLayout({}, {})).ports.get(port)
    if chosen in cells and chosen in record.touches:
        return chosen
    return next((a for a in record.touches if a in cells), None)


def short_name(area: str, cells: dict[str, Cell]) -> str:
    """The short name of an area for notes (any theatre's table; else its first four letters)."""
    for layout in LAYOUT.values():
        if area in layout.cells:
            return layout.cells[area].short
    return cells[area].short if area in cells else area[:4]
