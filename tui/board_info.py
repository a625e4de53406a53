"""What the map lists for a selected sea area or port: its record, the units there (yours, your side's, the
enemy's as your view shows them) and the legal orders that concern it (issue #17)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text

from scenarios.loader import CampaignData
from scenarios.models import Side
from strategic.orders import Order
from strategic.state import UnitStatus
from strategic.views import CampaignView, UnitView
from tui.board_draw import SIDE_STYLE, TYPE_ORDER, far_borders, links
from tui.board_layout import theatre_cells
from tui.labels import side_label
from tui.order_entry import describe

SHOWN_ORDERS = 8


def orders_at(place: str, orders: Iterable[Order], view: CampaignView) -> list[Order]:
    """The orders that name ``place`` (a destination, a path through it, a port) or move a unit that is there."""
    out = []
    for order in orders:
        fields = order.model_dump()
        named = any(v == place or (isinstance(v, tuple | list) and place in v) for v in fields.values())
        unit = view.units.get(fields.get("unit", "")) if isinstance(fields.get("unit"), str) else None
        if named or (unit is not None and unit.place == place):
            out.append(order)
    return out


def how(unit: UnitView) -> str:
    """``patrolling``, ``raiding``, ``in port``, ``air``, ``submarine`` ...; ``, disabled`` when it is."""
    if unit.status is UnitStatus.PORT:
        word = "in port"
    else:
        word = {"patrol": "patrolling", "raid": "raiding"}.get(unit.mode.value, unit.mode.value) if unit.mode \
            else unit.status.value
    return word + (", disabled" if unit.disabled else "")


def status_word(unit: UnitView) -> str:
    """The Units tab's status: :func:`how` for a unit at sea or in port (``patrolling``, ``in port, disabled``),
    else ``awaiting``, ``sunk`` or ``removed``."""
    return how(unit) if unit.status in (UnitStatus.PORT, UnitStatus.SEA) else unit.status.value


def unit_lines(units: Iterable[UnitView]) -> list[str]:
    """``UK BB patrolling: Nelson, Rodney (2 damage)``: the units by nation, type and how they are there."""
    groups: dict[tuple[str, int, str, str], list[str]] = {}
    for unit in units:
        key = (unit.nation, TYPE_ORDER.get(unit.type, 99), unit.type.value, how(unit))
        groups.setdefault(key, []).append(unit.name + (f" ({unit.damage} damage)" if unit.damage else ""))
    return [f"{nation} {kind} {word}: {', '.join(names)}" for (nation, _, kind, word), names in sorted(groups.items())]


def unit_groups(units: Sequence[UnitView], seat: Side | None) -> list[tuple[str, list[UnitView], str]]:
    """The units in groups: yours, your side's, the enemy's (for an observer: Allied and Axis)."""
    if seat is None:
        return [(f"{s.value.capitalize()} units", [u for u in units if u.side is s], SIDE_STYLE[s])
                for s in (Side.ALLIED, Side.AXIS)]
    enemy = Side.AXIS if seat is Side.ALLIED else Side.ALLIED
    return [("Your units", [u for u in units if u.own], f"bold {SIDE_STYLE[seat]}"),
            ("Your side's other units", [u for u in units if u.side is seat and not u.own], SIDE_STYLE[seat]),
            ("Enemy units (as you know them)", [u for u in units if u.side is enemy], SIDE_STYLE[enemy])]


def seat_side(view: CampaignView) -> Side | None:
    own = next((u for u in view.units.values() if u.own), None)
    return own.side if own is not None else None


def header(data: CampaignData, view: CampaignView, place: str) -> Text:
    """The place's name and record: POC, control, borders and links for an area; owner and coasts for a port."""
    if place in data.areas:
        record = data.areas[place]
        control = view.control.get(place)
        cells = theatre_cells(data, record.theatre)
        borders = sorted(e.areas[1] if e.areas[0] == place else e.areas[0]
                         for e in data.adjacency.values() if place in e.areas)
        text = Text(f"{place}", style="bold")
        text.append(f" — sea area ({record.theatre.value}); POC Allied {record.poc.allied.value}, Axis "
                    f"{record.poc.axis.value}; {control.value.capitalize() + ' control' if control else 'uncontrolled'}"
                    f"{'; battle pending' if place in view.pending_battles else ''}\n")
        text.append(f"Borders: {', '.join(borders)}")
        far = far_borders(data, place, cells)
        text.append(f" (not drawn: {', '.join(far)})" if far else "")
        text.append(f"\nLinks: {'; '.join(links(data, place))}" if links(data, place) else "")
        ports = sorted(n for n, p in data.ports.items() if place in p.touches)
        text.append(f"\nPorts and bases: {', '.join(ports) or 'none'}\n")
        return text
    port = data.ports[place]
    owner = view.port_owners.get(place, port.owner)
    text = Text(place, style="bold")
    text.append(f" — {port.kind.value.replace('_', ' ')} ({port.theatre.value}), owner {side_label(owner)}; touches "
                f"{', '.join(port.touches)}\n")
    return text


def listing(data: CampaignData, view: CampaignView, place: str, orders: Sequence[Order]) -> Text:
    """Everything the map tells of ``place`` for the seated player of ``view``; ``orders`` are his legal orders."""
    text = header(data, view, place)
    status = UnitStatus.SEA if place in data.areas else UnitStatus.PORT
    units = view.units_at(place, status=status)
    groups = [g for g in unit_groups(units, seat_side(view)) if g[1]]
    if not groups:
        text.append("No units known here.\n", style="italic")
    for title, members, style in groups:
        text.append(f"{title} ({len(members)}): ", style="bold")
        text.append("; ".join(unit_lines(members)) + "\n", style=style)
    here = orders_at(place, orders, view)
    if here:
        text.append(f"Orders here ({len(here)}): ", style="bold")
        text.append("; ".join(describe(o) for o in here[:SHOWN_ORDERS]))
        more = len(here) - SHOWN_ORDERS
        text.append(f"; ... {more} more (Orders tab, filter by '{place}')" if more > 0 else "")
    else:
        text.append("No orders of yours here now.", style="italic")
    return text
