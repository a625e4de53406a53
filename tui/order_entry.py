"""Orders as text: how the TUI describes legal orders and reads orders typed by a player.

Typed grammar (case-insensitive names; ``>`` separates the areas of a path; ``UNITS`` is one unit or several
separated by commas, ``Nelson, Rodney``: one order per unit, the same destination):

    move UNITS > AREA [> AREA ...] [raid|landing]
    air UNITS > AREA         sub UNITS > AREA         raider UNITS > AREA
    place UNITS > PLACE      defer UNITS              return UNITS > PORT
    lend UNITS > PLAYER      recall UNITS

A line that does not parse raises :class:`OrderSyntaxError` with a hint; a misspelt name gets the closest names
("did you mean ...?", :func:`difflib.get_close_matches`).  A parsed order still goes through the engine's
verification, which names the rule if it is illegal.
"""

from __future__ import annotations

import difflib

from scenarios.errors import InvalidOrder
from scenarios.loader import CampaignData
from strategic.orders import (
    AnnounceAttack,
    DeferReinforcement,
    Loan,
    Move,
    Order,
    PearlHarborForce,
    PearlHarborStrike,
    PlaceAir,
    PlaceReinforcement,
    PlaceSubmarine,
    PlaceSurfaceRaider,
    ReturnToPort,
    Sortie,
)
from tui.labels import player_label

GRAMMAR = ("move UNIT[, UNIT...] > AREA [> AREA] [raid|landing] · air UNIT > AREA · sub UNIT > AREA · raider UNIT > "
           "AREA · place UNIT > PLACE · defer UNIT · return UNIT > PORT · lend UNIT > PLAYER · recall UNIT")

SUGGESTIONS = 3
"""At most this many names are offered for a misspelt one."""
CUTOFF = 0.7
"""How alike (difflib's ratio, 0 to 1) an offered name must be to the one typed."""


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
        return f"lend: {order.unit} → {player_label(order.to)}" if order.to else f"recall: {order.unit}"
    if isinstance(order, AnnounceAttack):
        return "announce Japan's attack this turn (002 §5.71)"
    if isinstance(order, PearlHarborStrike):
        return f"Pearl Harbor special force: {order.unit} → Hawaiian Islands (002 §5.72)"
    if isinstance(order, PearlHarborForce):
        return ("the Pearl Harbor special force stays for normal combat (002 §5.752)" if order.stays
                else "the Pearl Harbor special force returns to port (002 §5.735)")
    if isinstance(order, Sortie):
        return f"sortie: {order.unit} puts to sea in the Hawaiian Islands (002 §5.735)"
    return str(order)


def did_you_mean(text: str, names: list[str]) -> str:
    """`` (did you mean Nelson or Nelson II?)`` for the names closest to ``text`` (case ignored), or ``""``."""
    folded = {name.casefold(): name for name in names}
    close = [folded[n] for n in difflib.get_close_matches(text.strip().casefold(), list(folded), n=SUGGESTIONS,
                                                          cutoff=CUTOFF)]
    if not close:
        return ""
    listed = close[0] if len(close) == 1 else f"{', '.join(close[:-1])} or {close[-1]}"
    return f" (did you mean {listed}?)"


def _name(data: CampaignData, text: str, kinds: tuple[str, ...], what: str) -> str:
    wanted = text.strip().casefold()
    names = [key for section in kinds for key in data.sections[section]]
    for key in names:
        if key.casefold() == wanted:
            return key
    raise OrderSyntaxError(f"no {what} named '{text.strip()}'{did_you_mean(text, names)}")


def _units(data: CampaignData, text: str) -> list[str]:
    """The units of a comma-separated list, each once, in the order given."""
    names = [part for part in (p.strip() for p in text.split(",")) if part]
    if not names:
        raise OrderSyntaxError(f"no unit given: {GRAMMAR}")
    units = [_name(data, name, ("units",), "unit") for name in names]
    twice = sorted({u for u in units if units.count(u) > 1})
    if twice:
        raise OrderSyntaxError(f"{', '.join(twice)} named twice in one order")
    return units


def parse(data: CampaignData, line: str) -> Order:
    """Read one typed order for one unit (see the module docstring); raises :class:`OrderSyntaxError`."""
    orders = parse_orders(data, line)
    if len(orders) > 1:
        raise OrderSyntaxError(f"one unit only here, not {len(orders)}")
    return orders[0]


VERBS = ("move", "air", "sub", "raider", "place", "defer", "return", "lend", "recall")


def parse_orders(data: CampaignData, line: str) -> list[Order]:
    """Read a typed order for one unit or a comma-separated list of units (see the module docstring): one order
    per unit, in the order named.  Raises :class:`OrderSyntaxError`."""
    words = line.strip().split(None, 1)
    if not words:
        raise OrderSyntaxError(f"empty order; {GRAMMAR}")
    verb, rest = words[0].casefold(), (words[1] if len(words) > 1 else "")
    if verb not in VERBS:
        raise OrderSyntaxError(f"unknown order '{verb}'{did_you_mean(verb, list(VERBS))}: {GRAMMAR}")
    parts = [p.strip() for p in rest.split(">")]
    if verb in ("defer", "recall"):
        return [DeferReinforcement(unit=unit) if verb == "defer" else Loan(unit=unit, to=None)
                for unit in _units(data, rest)]
    if len(parts) < 2 or not parts[0]:
        raise OrderSyntaxError(f"'{verb}' needs a unit and a place: {GRAMMAR}")
    units = _units(data, parts[0])
    return [_order(data, verb, unit, parts[1:]) for unit in units]


def _order(data: CampaignData, verb: str, unit: str, parts: list[str]) -> Order:
    """The order ``verb`` for ``unit`` to the place (or path) ``parts``."""
    parts = list(parts)
    if verb == "move":
        mode = "patrol"
        last = parts[-1].rsplit(None, 1)
        if len(last) == 2 and last[1].casefold() in ("raid", "landing", "patrol"):
            parts[-1], mode = last[0], last[1].casefold()
        path = tuple(_name(data, p, ("areas",), "sea area") for p in parts)
        return Move(unit=unit, path=path, mode=mode)  # type: ignore[arg-type]
    target = parts[0]
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
    raise OrderSyntaxError(f"unknown order '{verb}': {GRAMMAR}")  # pragma: no cover - VERBS is checked first
