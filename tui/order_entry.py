"""Orders as text: how the TUI describes legal orders and reads orders typed by a player.

Typed grammar (case-insensitive names; ``>`` separates the areas of a path; ``UNITS`` is one unit or several
separated by commas, ``Nelson, Rodney``: one order per unit, the same destination):

    move UNITS > AREA [> AREA ...] [raid|landing]   (no mode: the phase's own, R-UI-110)
    air UNITS > AREA         sub UNITS > AREA         raider UNITS > AREA
    place UNITS > PLACE      defer UNITS              return UNITS > PORT
    lend UNITS > PLAYER      recall UNITS

A line that does not parse raises :class:`OrderSyntaxError` with a hint; a misspelt name gets the closest names
("did you mean ...?", :func:`difflib.get_close_matches`).  A name may be shortened (R-UI-40): ``med`` is the
Mediterranean, ``n atl`` the North Atlantic (each word typed begins a word of the name, in order); a shortening
that fits several names is refused with them all.  Only ``move`` takes a path: any other order names one place
(R-UI-41).  A port where a sea area is wanted (``move Hood > Malta``) is refused with the order that goes to a
port in the phase (``place`` or ``return``).  A parsed order still goes through the engine's verification, which
names the rule if it is illegal.

Given the orders legal now (:class:`Legal`), a shortening is read among what the order may legally name first
(R-UI-51): ``place Nel > mal`` is Malta when Nelson may be placed in Malta and not in Maloelap, and a shortening
that fits several names but only one the unit may go to is that one.  An empty name (``move ,,, > ,``) is refused
saying which name is missing.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

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
from strategic.phases import Phase
from tui.labels import player_label

GRAMMAR = ("move UNIT[, UNIT...] > AREA [> AREA] [raid|landing] · air UNIT > AREA · sub UNIT > AREA · raider UNIT > "
           "AREA · place UNIT > PLACE · defer UNIT · return UNIT > PORT · lend UNIT > PLAYER · recall UNIT")

SUGGESTIONS = 3
"""At most this many names are offered for a misspelt one."""
CUTOFF = 0.7
"""How alike (difflib's ratio, 0 to 1) an offered name must be to the one typed."""


class OrderSyntaxError(InvalidOrder):
    """A typed order that cannot be read; the message says what is wrong and shows the grammar."""


_KINDS: dict[str, tuple[type, ...]] = {
    "move": (Move,), "air": (PlaceAir,), "sub": (PlaceSubmarine,), "raider": (PlaceSurfaceRaider,),
    "place": (PlaceReinforcement,), "defer": (DeferReinforcement,), "return": (ReturnToPort,),
    "lend": (Loan,), "recall": (Loan,)}
"""The orders each typed verb gives."""


def target_of(order: Order) -> tuple[str, ...]:
    """The places an order names (a move's path, an arrival's place, a return's port); none for the others."""
    if isinstance(order, Move):
        return order.path
    for attr in ("area", "place", "port"):
        value = getattr(order, attr, None)
        if isinstance(value, str):
            return (value,)
    return ()


@dataclass(frozen=True)
class Legal:
    """The orders legal now, as the typed line reads them (R-UI-51): the units each verb may order and the places
    each unit may go with it (``by_unit``: (verb, unit) -> places, any step of a path)."""

    by_unit: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    paths: dict[tuple[str, str], list[tuple[str, ...]]] = field(default_factory=dict)
    """(unit, mode) -> the paths of its legal moves (R-UI-118)."""

    @classmethod
    def of(cls, orders: Iterable[Order]) -> Legal:
        by_unit: dict[tuple[str, str], list[str]] = {}
        paths: dict[tuple[str, str], list[tuple[str, ...]]] = {}
        for order in orders:
            unit = str(getattr(order, "unit", ""))
            for verb in (v for v, kinds in _KINDS.items() if isinstance(order, kinds) and unit):
                places = by_unit.setdefault((verb, unit), [])
                places += [p for p in target_of(order) if p not in places]
            if isinstance(order, Move):
                paths.setdefault((order.unit, order.mode), []).append(order.path)
        return cls(by_unit, paths)

    def units(self, verb: str) -> list[str]:
        """The units ``verb`` may order now."""
        return [unit for v, unit in self.by_unit if v == verb]

    def places(self, verb: str, unit: str) -> list[str]:
        """The places ``unit`` may go to with ``verb`` now."""
        return self.by_unit.get((verb, unit), [])


NOTHING_KNOWN = Legal()
"""No legal orders known: shortenings are read among all the data's names (R-UI-40)."""


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


MAX_LISTED = 6
"""At most this many names are listed for a shortening that fits several."""


def folded(text: str) -> str:
    """``text`` as names are compared when typed: case and accents ignored (``blucher`` is Blücher, R-NET-32)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def shortened(text: str, names: list[str]) -> list[str]:
    """The names ``text`` may be short for (R-UI-40): each word typed begins a word of the name, the words in a
    row (``n atl``: North Atlantic; ``pacific``: the three Pacific areas).  Case and accents are ignored."""
    typed = folded(text).split()
    if not typed:
        return []
    out = []
    for name in names:
        words = folded(name).split()
        if any(all(w.startswith(t) for w, t in zip(words[i:], typed, strict=False)) and len(words) - i >= len(typed)
               for i in range(len(words))):
            out.append(name)
    return out


def listing(names: list[str]) -> str:
    """``A, B or C`` (at most :data:`MAX_LISTED` names, then "N more")."""
    listed = names[:MAX_LISTED] + ([f"{len(names) - MAX_LISTED} more"] if len(names) > MAX_LISTED else [])
    return listed[0] if len(listed) == 1 else f"{', '.join(listed[:-1])} or {listed[-1]}"


def _name(data: CampaignData, text: str, kinds: tuple[str, ...], what: str, legal: Sequence[str] = (),
          whose: str = "") -> str:
    """The name ``text`` stands for (R-UI-40); ``legal``: the names the order may legally take, among which a
    shortening is read first (R-UI-51; ``whose``: to what they are open, ``to Nelson``)."""
    wanted = text.strip().casefold()
    if not re.search(r"\w", wanted):
        raise OrderSyntaxError(f"a {what}'s name is missing{f' ({text.strip()!r} names none)' if wanted else ''}: "
                               f"{GRAMMAR}")
    names = [key for section in kinds for key in data.sections[section]]
    for key in names:
        if key.casefold() == wanted:
            return key
    fits = shortened(wanted, names)
    allowed = [f for f in fits if f in legal]
    if len(allowed) == 1 or len(fits) == 1:
        return allowed[0] if allowed else fits[0]
    if allowed:
        raise OrderSyntaxError(f"'{text.strip()}' could be {listing(allowed)} (open {whose} now): type more of the "
                               f"{what}'s name")
    if fits and legal:
        raise OrderSyntaxError(f"'{text.strip()}' could be {listing(fits)}, {'neither' if len(fits) == 2 else 'none'}"
                               f" open {whose} now (open: {listing(list(legal))})")
    if fits:
        raise OrderSyntaxError(f"'{text.strip()}' could be {listing(fits)}: type more of the {what}'s name")
    raise OrderSyntaxError(f"no {what} named '{text.strip()}'{did_you_mean(text, names)}")


def units_named(data: CampaignData, text: str, legal: Sequence[str] = ()) -> list[str]:
    """The units of a comma-separated list, each once, in the order given (``legal``: the units the order may
    take now, :func:`_name`)."""
    names = [part for part in (p.strip() for p in text.split(",")) if part]
    if not any(re.search(r"\w", name) for name in names):
        raise OrderSyntaxError(f"no unit given{f' ({text.strip()!r} names none)' if text.strip() else ''}: name "
                               f"one, or several separated by commas (move Nelson, Rodney > North Atlantic)")
    units = [_name(data, name, ("units",), "unit", legal, "to this order") for name in names]
    twice = sorted({u for u in units if units.count(u) > 1})
    if twice:
        raise OrderSyntaxError(f"{', '.join(twice)} named twice in one order")
    return units


def parse(data: CampaignData, line: str, legal: Legal = NOTHING_KNOWN) -> Order:
    """Read one typed order for one unit (see the module docstring); raises :class:`OrderSyntaxError`."""
    orders = parse_orders(data, line, legal=legal)
    if len(orders) > 1:
        raise OrderSyntaxError(f"one unit only here, not {len(orders)}")
    return orders[0]


VERBS = ("move", "air", "sub", "raider", "place", "defer", "return", "lend", "recall")


def parse_orders(data: CampaignData, line: str, phase: Phase | None = None, legal: Legal = NOTHING_KNOWN,
                 ) -> list[Order]:
    """Read a typed order for one unit or a comma-separated list of units (see the module docstring): one order
    per unit, in the order named.  ``phase`` (the phase now) shapes the hint for a port named as a sea area;
    ``legal`` (the orders legal now) decides shortenings (R-UI-51).  Raises :class:`OrderSyntaxError`."""
    words = line.strip().split(None, 1)
    if not words:
        raise OrderSyntaxError(f"empty order; {GRAMMAR}")
    verb, rest = words[0].casefold(), (words[1] if len(words) > 1 else "")
    if verb not in VERBS:
        raise OrderSyntaxError(f"unknown order '{verb}'{did_you_mean(verb, list(VERBS))}: {GRAMMAR}")
    parts = [p.strip() for p in rest.split(">")]
    if verb in ("defer", "recall"):
        return [DeferReinforcement(unit=unit) if verb == "defer" else Loan(unit=unit, to=None)
                for unit in units_named(data, rest, legal.units(verb))]
    if len(parts) < 2 or not parts[0]:
        raise OrderSyntaxError(f"'{verb}' needs a unit and a place: {GRAMMAR}")
    units = units_named(data, parts[0], legal.units(verb))
    empty = [i for i, p in enumerate(parts[1:], start=1) if not re.search(r"\w", p)]
    if empty:
        which = "the place after '>'" if len(parts) == 2 else f"place {empty[0]} of the path"
        raise OrderSyntaxError(f"{which} is missing{f' ({parts[empty[0]]!r} names none)' if parts[empty[0]] else ''}"
                               f": {verb} UNIT > {_TARGET.get(verb, 'AREA')}")
    if verb != "move" and len(parts) > 2:
        raise OrderSyntaxError(f"'{verb}' names one place, not a path ('{' > '.join(parts[1:])}'): only move goes "
                               f"through several sea areas; {verb} UNIT > {_TARGET[verb]}")
    try:
        return [_order(data, verb, unit, parts[1:], legal.places(verb, unit), phase, legal) for unit in units]
    except OrderSyntaxError as exc:
        port = _port_named(data, parts[-1].rsplit(None, 1)[0] if verb == "move" else parts[-1])
        if port is None or verb in ("place", "return"):
            raise
        raise OrderSyntaxError(f"{exc}: {port} is a port; {_to_port(phase, verb, parts[0].strip(), port)}") from None


_MOVE_PHASES = (Phase.PATROL, Phase.RAID, Phase.LANDING)
"""The phases of the three kinds of move (002 §3.241, §3.243, §3.244)."""

_TARGET = {"air": "AREA", "sub": "AREA", "raider": "AREA", "place": "PLACE", "return": "PORT", "lend": "PLAYER"}


def _port_named(data: CampaignData, text: str) -> str | None:
    """The port ``text`` names exactly (case ignored), or ``None``."""
    wanted = text.strip().casefold()
    return next((port for port in data.ports if port.casefold() == wanted), None)


def _to_port(phase: Phase | None, verb: str, units: str, port: str) -> str:
    """The order that sends units to a port in ``phase`` (an arrival's place, a return), or what ``verb`` goes to
    instead (R-UI-42)."""
    if phase is Phase.RETURN:
        return f"in the return phase: return {units} > {port}"
    if phase is Phase.REINFORCE or phase is None:
        return f"in the reinforce phase: place {units} > {port}"
    if verb == "move":
        return f"a move ends in a sea area (units in {port} put to sea into one it touches)"
    return f"'{verb}' goes to a sea area"


def _order(data: CampaignData, verb: str, unit: str, parts: list[str], legal: Sequence[str] = (),
           phase: Phase | None = None, known: Legal = NOTHING_KNOWN) -> Order:
    """The order ``verb`` for ``unit`` to the place (or path) ``parts`` (``legal``: the places ``unit`` may go to
    with it now, :func:`_name`).  A move without its mode is the phase's: each mode is moved in its own phase (002
    §3.24), so ``move Akagi > Hawaiian Islands`` in the raid phase is a raid (R-UI-110).  A move naming only where it
    ends takes the one shortest legal way there (``known``: the orders legal now, R-UI-118)."""
    parts = list(parts)
    whose = f"to {unit}"
    if verb == "move":
        mode = phase.value if phase in _MOVE_PHASES else "patrol"
        last = parts[-1].rsplit(None, 1)
        if len(last) == 2 and last[1].casefold() in ("raid", "landing", "patrol"):
            parts[-1], mode = last[0], last[1].casefold()
        path = tuple(_name(data, p, ("areas",), "sea area", legal, whose) for p in parts)
        return Move(unit=unit, path=_way_to(unit, path, known.paths.get((unit, mode), [])), mode=mode)  # type: ignore[arg-type]
    target = parts[0]
    if verb == "air":
        return PlaceAir(unit=unit, area=_name(data, target, ("areas",), "sea area", legal, whose))
    if verb == "sub":
        return PlaceSubmarine(unit=unit, area=_name(data, target, ("areas",), "sea area", legal, whose))
    if verb == "raider":
        return PlaceSurfaceRaider(unit=unit, area=_name(data, target, ("areas",), "sea area", legal, whose))
    if verb == "place":
        return PlaceReinforcement(unit=unit, place=_name(data, target, ("ports", "areas", "groups"), "place", legal,
                                                         whose))
    if verb == "return":
        return ReturnToPort(unit=unit, port=_name(data, target, ("ports",), "port", legal, whose))
    if verb == "lend":
        player = target.strip().casefold().replace("-", "_").replace(" ", "_")
        if player not in ("japan", "germany_italy", "united_states", "allies"):
            raise OrderSyntaxError(f"no player named '{target}'")
        return Loan(unit=unit, to=player)  # type: ignore[arg-type]
    raise OrderSyntaxError(f"unknown order '{verb}': {GRAMMAR}")  # pragma: no cover - VERBS is checked first


def _way_to(unit: str, path: tuple[str, ...], ways: list[tuple[str, ...]]) -> tuple[str, ...]:
    """R-UI-118 (a new player's play-test: ``move Akagi > hawaiian islands raid`` was refused with "Yokosuka Navy
    Yard does not touch Hawaiian Islands"): a one-area path that no legal move of the unit is, but which ends some of
    them, is the shortest of those when there is one; several as short are named, for the player to choose the way
    (it decides the areas entered and the speed roll).  Anything else is kept, for the engine to judge."""
    if len(path) != 1 or path in ways:
        return path
    there = [w for w in ways if w[-1] == path[0]]
    if not there:
        return path
    shortest = [w for w in there if len(w) == min(map(len, there))]
    if len(shortest) == 1:
        return shortest[0]
    choices = "; ".join(f"move {unit} > {' > '.join(w)}" for w in shortest[:3])
    raise OrderSyntaxError(f"{unit} may reach {path[0]} by {len(shortest)} ways: name the way ({choices})")


_HINTS: tuple[tuple[type, str], ...] = (
    (PlaceReinforcement, "place UNIT[, UNIT...] > PORT (or AREA)"), (DeferReinforcement, "defer UNIT"),
    (PlaceAir, "air UNIT > AREA"), (PlaceSubmarine, "sub UNIT > AREA"), (PlaceSurfaceRaider, "raider UNIT > AREA"),
    (ReturnToPort, "return UNIT[, UNIT...] > PORT"))
_MOVE_HINTS = {"patrol": "move UNIT[, UNIT...] > AREA [> AREA]", "raid": "move UNIT[, UNIT...] > AREA [> AREA] raid",
               "landing": "move UNIT > AREA landing"}


IDLE_HINT = "no orders now: wait until a human player is asked"
"""The order line's hint while the AI players decide or a battle is fought (R-UI-93)."""


def idle_hint(why: str) -> str:
    """The order line's hint while no human can give orders (R-UI-93): why, not the orders of a past phase."""
    return f"no orders now: {why}"


def hint(legal: list[Order]) -> str:
    """The order line's placeholder: the typed forms of the orders legal now (R-UI-42), else the whole grammar."""
    said = [text for kind, text in _HINTS if any(isinstance(o, kind) for o in legal)]
    modes = dict.fromkeys(o.mode for o in legal if isinstance(o, Move))
    said = [_MOVE_HINTS[m] for m in modes] + said
    return f"/ to type an order: {' · '.join(said)}" if said else f"/ to type an order: {GRAMMAR}"
