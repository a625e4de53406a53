"""What one side may know of a battle on the table: :func:`observe` gives a frozen :class:`BattleView`.

The miniatures game is played with the models in plain sight (000): every ship, Flight and MTB Section on the
table is seen by both players with its position, heading, damage and criticals, and spotting at night or in bad
weather (000 Night Battles, Bad Weather) only governs who may be attacked, not who is seen (R-VIEW-06).  What a
side does not see of the enemy (R-VIEW-07):

* a submarine noted secretly in a Sector, off the table (000 Submarines: Deployment; :mod:`tactical.submarines`):
  neither the boat nor its Sector, until it is placed on the table;
* the destroyers and cruisers set aside for scouting, until both players reveal them before the first turn
  (000 War at Sea: Scouting);
* the battle's dice: their seed, key and state (R-VIEW-01), for both sides.

A side sees its own ships, Flights and MTB Sections in full (:attr:`BattleView.own_ships` and the others are
deep copies).  Nothing in a view leads back into the battle: changing the battle after :func:`observe` does not
change the view, and changing the copies does not change the battle.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel

from scenarios.cards import ShipType
from tactical.events import Event
from tactical.geometry import Point
from tactical.state import Battle, Depth, FlightState, MTBState, ShipState, Status

SECRET_PHASES = ("set-up", "deployment")
"""Set-up phases before the scouts are revealed."""


@dataclass(frozen=True)
class ShipView:
    """A ship (or installation, or submarine on the table) as both players see it.  ``spotted``: the viewer's
    side has spotted it (000 Night Battles, Bad Weather; always false for its own ships)."""

    name: str
    side: int
    type: ShipType
    card: str
    status: Status
    pos: Point | None
    heading: float
    hull: int
    hull_start: int
    crippled: bool
    criticals: Mapping[str, int]
    depth: Depth | None
    detected: bool
    spotted: bool
    squadron: str | None
    installation: str | None
    aground: bool
    anchored: bool
    own: bool


@dataclass(frozen=True)
class FlightView:
    name: str
    side: int
    card: str
    status: str
    pos: Point | None
    carrier: str | None
    aboard: str | None
    armed: bool
    target: str | None
    own: bool


@dataclass(frozen=True)
class BoatView:
    """An MTB Section (000 Motor Torpedo Boats)."""

    name: str
    side: int
    card: str
    status: Status
    pos: Point | None
    torpedoes: int
    target: str | None
    own: bool


@dataclass(frozen=True)
class BattleView:
    """What ``side`` (0 or 1) may know of the battle now (see the module docstring)."""

    side: int
    sides: tuple[str, str]
    turn: int
    max_turns: int
    phase: str
    initiative: int | None
    time_of_day: str
    weather: str
    wind: str | None
    table: tuple[float, float]
    smoke: tuple[Point, ...]
    star_shells: tuple[Point, ...]
    lit: tuple[str, ...]
    vp_awarded: Mapping[str, int]
    ships: Mapping[str, ShipView]
    flights: Mapping[str, FlightView]
    boats: Mapping[str, BoatView]
    own_ships: Mapping[str, ShipState]
    own_flights: Mapping[str, FlightState]
    own_boats: Mapping[str, MTBState]
    log: tuple[Event, ...]

    def ship(self, name: str) -> ShipView:
        try:
            return self.ships[name]
        except KeyError:
            raise KeyError(f"{self.sides[self.side]} sees no ship named '{name}'") from None

    def to_dict(self) -> dict[str, Any]:
        """The view as plain JSON-able data (:func:`plain`)."""
        return plain(self)  # type: ignore[no-any-return]

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    def enemies(self) -> list[ShipView]:
        """The enemy ships on the table."""
        return [s for s in self.ships.values() if not s.own and s.pos is not None and s.status is Status.ACTIVE]


def observe(battle: Battle, side: int) -> BattleView:
    """The view of ``side`` (0 or 1) of ``battle``.  Raises ``ValueError`` for another side."""
    if side not in (0, 1):
        raise ValueError(f"a battle has sides 0 and 1, not {side!r}")
    st = battle.state
    withheld = withheld_names(battle, side)
    spotted = set(st.spotted_by.get(side, []))
    return BattleView(
        side=side, sides=st.sides, turn=st.turn, max_turns=st.max_turns, phase=battle.log.phase,
        initiative=st.initiative, time_of_day=st.time_of_day, weather=st.weather, wind=st.wind,
        table=(st.table.width, st.table.height), smoke=tuple(st.smoke), star_shells=tuple(st.star_shells),
        lit=tuple(st.lit), vp_awarded=MappingProxyType(dict(st.vp_awarded)),
        ships=MappingProxyType({n: _ship_view(s, side, n in spotted) for n, s in st.ships.items()
                                if n not in withheld}),
        flights=MappingProxyType({n: _flight_view(f, side) for n, f in st.flights.items()}),
        boats=MappingProxyType({n: _boat_view(m, side) for n, m in st.mtbs.items()}),
        own_ships=MappingProxyType({n: copy.deepcopy(s) for n, s in st.ships.items() if s.side == side}),
        own_flights=MappingProxyType({n: copy.deepcopy(f) for n, f in st.flights.items() if f.side == side}),
        own_boats=MappingProxyType({n: copy.deepcopy(m) for n, m in st.mtbs.items() if m.side == side}),
        log=tuple(e for e in battle.log.events if not mentions(e, withheld)),
    )


def plain(value: Any) -> Any:
    """``value`` as JSON-able data: dataclasses and mappings as dicts, tuples and lists as lists, enums as their
    values, pydantic models by their JSON dump (the views' serialisation)."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Event):  # the log's own shape of an event (ship and side always, data as pairs)
        return {"turn": value.turn, "phase": value.phase, "kind": value.kind, "text": value.text, "ship": value.ship,
                "side": value.side, "data": plain(value.data)}  # fmt: skip
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Mapping):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    return value


def withheld_names(battle: Battle, side: int) -> frozenset[str]:
    """The enemy ships ``side`` may not see now: boats hidden in a Sector, and scouts before they are revealed."""
    secret_scouts = battle.state.turn == 0 and battle.log.phase in SECRET_PHASES
    return frozenset(s.name for s in battle.state.ships.values() if s.side != side and (
        s.status is Status.HIDDEN or (secret_scouts and (s.scout or s.status is Status.SCOUTING))))


def mentions(event: Event, names: frozenset[str]) -> bool:
    """Does ``event`` concern one of ``names``: in any of its fields, as its ship or inside a text field (a roll's
    label names the ship it is for: ``USS England crew check: detect U-552``)?  Read from the typed event, never
    from its line (narrating every event of the log at every view was the views' main cost)."""
    return bool(names) and any(name in text for text in _texts(event) for name in names)


def _texts(value: Any) -> Iterator[str]:
    """Every string in ``value``'s fields (an event's, its phase left out; tuples, mappings and nested dataclasses
    gone through).  A live event records no words (``recorded`` is ``None``); a read-back one's are its line."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _texts(item)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _texts(key)
            yield from _texts(item)
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            if f.name not in _NOT_FACTS:
                yield from _texts(getattr(value, f.name))


_NOT_FACTS = frozenset({"phase"})


def _ship_view(ship: ShipState, side: int, spotted: bool) -> ShipView:
    return ShipView(
        name=ship.name, side=ship.side, type=ship.type, card=ship.card.name, status=ship.status, pos=ship.pos,
        heading=ship.heading, hull=ship.hull, hull_start=ship.hull_start, crippled=ship.crippled,
        criticals=MappingProxyType({a.value: v for a, v in ship.criticals.items()}),
        depth=ship.depth if ship.on_table or ship.side == side else None, detected=ship.detected,
        spotted=spotted and ship.side != side, squadron=ship.squadron, installation=ship.installation,
        aground=ship.aground, anchored=ship.anchored, own=ship.side == side,
    )


def _flight_view(flight: FlightState, side: int) -> FlightView:
    return FlightView(name=flight.name, side=flight.side, card=flight.card.name, status=flight.status.value,
                      pos=flight.pos, carrier=flight.carrier, aboard=flight.aboard, armed=flight.armed,
                      target=flight.target, own=flight.side == side)


def _boat_view(boat: MTBState, side: int) -> BoatView:
    return BoatView(name=boat.name, side=boat.side, card=boat.card.name, status=boat.status, pos=boat.pos,
                    torpedoes=boat.torpedoes, target=boat.target, own=boat.side == side)


__all__ = ["BattleView", "BoatView", "FlightView", "ShipView", "mentions", "observe", "plain", "withheld_names"]
