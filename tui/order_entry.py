"""Orders as text: how the TUI describes legal orders and reads orders typed by a player.

Typed grammar (case-insensitive names; ``>`` separates the areas of a path):

    move UNIT > AREA [> AREA ...] [raid|landing]
    air UNIT > AREA          sub UNIT > AREA          raider UNIT > AREA
    place UNIT > PLACE       defer UNIT               return UNIT > PORT
    lend UNIT > PLAYER       recall UNIT

A line that does not parse raises :class:`OrderSyntaxError` with a hint; a parsed order still goes through the
engine's verification, which names the rule if it is illegal.
"""

from __future__ import annotations

from scenarios.errors import InvalidOrder
from scenarios.loader import CampaignData
from strategic.orders import (
    DeferReinforcement,
    Loan,
    Move,
    Order,
    PlaceAir,
    PlaceReinforcement,
    PlaceSubmarine,
    PlaceSurfaceRaider,
    ReturnToPort,
)

GRAMMAR = ("move UNIT > AREA [> AREA] [raid|landing] · air UNIT > AREA · sub UNIT > AREA · raider UNIT > AREA · "
           "place UNIT > PLACE · defer UNIT · return UNIT > PORT · lend UNIT > PLAYER · recall UNIT")


class OrderSyntaxError(InvalidOrder):
    """A typed order that cannot be read; the message says what is wrong and shows the grammar."""


def describe(order: Order) -> str:
    """One line for an order, in the games' words."""
    if isinstance(order, Move):
        verb = {"patrol": "patrol", "raid": "raid", "landing": "land"}[order.mode]
        roll = " (speed roll)" if len(order.path) > (2 if order.mode == "raid" else 1) else ""
        return f"{verb}: {order.unit} → {' → '.join(order.path)}{roll}"
    if isinstance(order, PlaceAir):
        return f"air strike: {order.unit} → {order.area}"
    if isinstance(order, PlaceSubmarine):
        return f"submarine: {order.unit} → {order.area}"
    if isinstance(order, PlaceSurfaceRaider):
        return f"surface raider: {order.unit} → {order.area}"
    if isinstance(order, PlaceReinforcement):
        return f"arrive: {order.unit} at {order.place}"
    if isinstance(order, DeferReinforcement):
        return f"keep in reserve: {order.unit}"
    if isinstance(order, ReturnToPort):
        return f"return: {order.unit} → {order.port}"
    if isinstance(order, Loan):
        return f"lend: {order.unit} → {order.to}" if order.to else f"recall: {order.unit}"
    return str(order)


def _name(data: CampaignData, text: str, kinds: tuple[str, ...], what: str) -> str:
    wanted = text.strip().casefold()
    for section in kinds:
        for key in data.sections[section]:
            if key.casefold() == wanted:
                return key
    raise OrderSyntaxError(f"no {what} named '{text.strip()}'")


def parse(data: CampaignData, line: str) -> Order:
    """Read one typed order (see the module docstring); raises :class:`OrderSyntaxError`."""
    words = line.strip().split(None, 1)
    if not words:
        raise OrderSyntaxError(f"empty order; {GRAMMAR}")
    verb, rest = words[0].casefold(), (words[1] if len(words) > 1 else "")
    parts = [p.strip() for p in rest.split(">")]
    if verb in ("defer", "recall"):
        unit = _name(data, rest, ("units",), "unit")
        return DeferReinforcement(unit=unit) if verb == "defer" else Loan(unit=unit, to=None)
    if len(parts) < 2 or not parts[0]:
        raise OrderSyntaxError(f"'{verb}' needs a unit and a place: {GRAMMAR}")
    unit = _name(data, parts[0], ("units",), "unit")
    if verb == "move":
        mode = "patrol"
        last = parts[-1].rsplit(None, 1)
        if len(last) == 2 and last[1].casefold() in ("raid", "landing", "patrol"):
            parts[-1], mode = last[0], last[1].casefold()
        path = tuple(_name(data, p, ("areas",), "sea area") for p in parts[1:])
        return Move(unit=unit, path=path, mode=mode)  # type: ignore[arg-type]
    target = parts[1]
    if verb == "air":
        return PlaceAir(unit=unit, area=_name(data, target, ("areas",), "sea area"))
    if verb == "sub":
        return PlaceSubmarine(unit=unit, area=_name(data, target, ("areas",), "sea area"))
    if verb == "raider":
        return PlaceSurfaceRaider(unit=unit, area=_name(data, target, ("areas",), "sea area"))
    if verb == "place":
        return PlaceReinforcement(unit=unit, place=_name(data, target, ("ports", "areas", "groups"), "place"))
    if verb == "return":
        return ReturnToPort(unit=unit, port=_name(data, target, ("ports",), "port"))
    if verb == "lend":
        player = target.strip().casefold().replace("-", "_").replace(" ", "_")
        if player not in ("japan", "germany_italy", "united_states", "allies"):
            raise OrderSyntaxError(f"no player named '{target}'")
        return Loan(unit=unit, to=player)  # type: ignore[arg-type]
    raise OrderSyntaxError(f"unknown order '{verb}': {GRAMMAR}")
