"""The schematic world map: both theatres' sea areas as boxes, with control colour, POC values and unit stacks.

The boxes stand where the sea lies, roughly: War at Sea on the left (Atlantic, Mediterranean, the Caribbean and
the Cape of Good Hope added by 002 §1), Victory in the Pacific on the right.  Each box shows the area's name,
its POC values (``A`` Allied, ``X`` Axis; the track they count on when it is the other theatre's), who controls
it, and the units at sea there by nation.  Ports and bases are listed under each theatre with their owner and
the units in them.  Areas a user adds with ``--data`` and this layout does not know go in an extra row.  What the
map shows of the game comes from the seated player's view (:func:`strategic.views.observe`), not from the state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from rich.text import Text
from textual.widgets import Static

from scenarios.models import Side, Theatre
from strategic.campaign import Campaign
from strategic.state import UnitStatus
from strategic.views import CampaignView, UnitView

BOX_W = 17
BOX_H = 4

LAYOUT: dict[Theatre, dict[str, tuple[int, int]]] = {
    Theatre.WAS: {
        "Barents Sea": (2, 0),
        "North Atlantic": (0, 1), "North Sea": (1, 1), "Baltic Sea": (2, 1),
        "Caribbean": (0, 2), "South Atlantic": (1, 2), "Mediterranean": (2, 2),
        "Cape of Good Hope": (1, 3),
    },
    Theatre.VITP: {
        "Aleutian Islands": (2, 0), "North Pacific Ocean": (3, 0),
        "Japanese Islands": (1, 1), "Central Pacific Ocean": (2, 1), "Hawaiian Islands": (3, 1),
        "Bay of Bengal": (0, 2), "Indonesia": (1, 2), "Marianas Islands": (2, 2), "Marshall Islands": (3, 2),
        "Indian Ocean": (0, 3), "South Pacific Ocean": (2, 3), "U.S. Mandate": (3, 3),
        "Coral Sea": (2, 4),
    },
}

CONTROL_STYLE = {Side.ALLIED: "bold white on dark_blue", Side.AXIS: "bold white on dark_red", None: "bold"}
SIDE_STYLE = {Side.ALLIED: "bright_cyan", Side.AXIS: "bright_red"}


def place_grid(campaign: Campaign, theatre: Theatre) -> dict[str, tuple[int, int]]:
    """Grid cell of every played area of ``theatre``; unknown areas are appended in an extra row."""
    layout = dict(LAYOUT.get(theatre, {}))
    extra_row = max((r for _, r in layout.values()), default=-1) + 1
    col = 0
    for name, area in campaign.data.areas.items():
        if area.theatre is theatre and name not in layout:
            layout[name] = (col, extra_row)
            col += 1
    return {a: cell for a, cell in layout.items() if a in campaign.data.areas}


def stacks(units: Iterable[UnitView], place: str, status: UnitStatus) -> Counter[tuple[Side, str]]:
    """Units at ``place`` with ``status``, counted by (side, nation)."""
    out: Counter[tuple[Side, str]] = Counter()
    for unit in units:
        if unit.place == place and unit.status is status:
            out[(unit.side, unit.nation)] += 1
    return out


def _stack_text(counts: Counter[tuple[Side, str]], width: int) -> Text:
    text = Text()
    for (side, nation), n in sorted(counts.items(), key=lambda kv: (kv[0][0].value, kv[0][1])):
        piece = f"{nation}{n} "
        if len(text) + len(piece) > width:
            text.append("+", style="dim")
            break
        text.append(piece, style=SIDE_STYLE[side])
    return text


def render_theatre(campaign: Campaign, view: CampaignView, theatre: Theatre) -> Text:
    """One theatre as a grid of boxes, then its ports, as the player of ``view`` sees them (the map and the
    ports' records from the campaign's data)."""
    grid = place_grid(campaign, theatre)
    cols = max((c for c, _ in grid.values()), default=0) + 1
    rows = max((r for _, r in grid.values()), default=0) + 1
    cells: dict[tuple[int, int], list[Text]] = {}
    for area, cell in grid.items():
        cells[cell] = _box(campaign, view, area)
    out = Text()
    title = "WAR AT SEA (Atlantic, Mediterranean)" if theatre is Theatre.WAS else "VICTORY IN THE PACIFIC"
    out.append(f"{title}\n", style="bold underline")
    for row in range(rows):
        for line in range(BOX_H):
            for col in range(cols):
                box = cells.get((col, row))
                out.append_text(box[line] if box else Text(" " * BOX_W))
                out.append(" ")
            out.append("\n")
    out.append("Ports and bases:\n", style="bold")
    line_len = 0
    for name, port in campaign.data.ports.items():
        if port.theatre is not theatre:
            continue
        owner = view.port_owners[name]
        counts = stacks(view.units.values(), name, UnitStatus.PORT)
        piece = Text(f"{name}", style=SIDE_STYLE.get(Side(owner.value), "white") if owner.value != "neutral"
                     else "yellow")
        total = sum(counts.values())
        if total:
            piece.append(f" {total}", style="bold")
        if line_len + len(piece) + 2 > BOX_W * cols:
            out.append("\n")
            line_len = 0
        out.append_text(piece)
        out.append("  ")
        line_len += len(piece) + 2
    out.append("\n")
    return out


def _box(campaign: Campaign, view: CampaignView, area: str) -> list[Text]:
    record = campaign.data.areas[area]
    controller = view.control.get(area)
    style = CONTROL_STYLE[controller]
    name = area if len(area) <= BOX_W - 2 else area[: BOX_W - 3] + "."
    top = Text(f"┌{name:─<{BOX_W - 2}}┐", style=style)
    poc = record.poc

    def award(label: str, value: int, track: Theatre) -> str:
        return f"{label}{value}" + ("" if track is record.theatre else f"({track.value[0]})")

    line2 = Text("│", style=style)
    info = f"{award('A', poc.allied.value, poc.allied.track)} {award('X', poc.axis.value, poc.axis.track)}"
    owner = {Side.ALLIED: " Allied", Side.AXIS: " Axis"}.get(controller, "") if controller else ""
    line2.append(f"{info}{owner}"[: BOX_W - 2].ljust(BOX_W - 2))
    line2.append("│", style=style)
    line3 = Text("│", style=style)
    units = _stack_text(stacks(view.units.values(), area, UnitStatus.SEA), BOX_W - 3)
    units.pad_right(BOX_W - 2 - len(units))
    line3.append_text(units)
    line3.append("│", style=style)
    bottom = Text("└" + "─" * (BOX_W - 2) + "┘", style=style)
    return [top, line2, line3, bottom]


class MapView(Static):
    """Both theatres, side by side, refreshed with :meth:`show`."""

    DEFAULT_CSS = "MapView { width: auto; height: auto; padding: 0 1; }"

    def show(self, campaign: Campaign, view: CampaignView, available: int | None = None) -> None:
        """Draw both theatres side by side, or one above the other when ``available`` columns are too few, as the
        player of ``view`` sees them."""
        was = render_theatre(campaign, view, Theatre.WAS) if campaign.setup_plays(Theatre.WAS) else Text()
        vitp = render_theatre(campaign, view, Theatre.VITP) if campaign.setup_plays(Theatre.VITP) else Text()
        left, right = was.split("\n"), vitp.split("\n")
        width = max((len(line) for line in left), default=0)
        if available is not None and width + 3 + max((len(line) for line in right), default=0) > available:
            out = Text()
            out.append_text(was)
            out.append("\n")
            out.append_text(vitp)
            self.update(out)
            return
        out = Text()
        for i in range(max(len(left), len(right))):
            a = left[i] if i < len(left) else Text()
            b = right[i] if i < len(right) else Text()
            out.append_text(a)
            out.append(" " * (width - len(a) + 3))
            out.append_text(b)
            out.append("\n")
        self.update(out)
