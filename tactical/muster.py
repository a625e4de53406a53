"""The battle state built from its spec, before any die is rolled: each ship with the Hull it brings in and the
options that change its own figures, squadrons, submarines (hidden in their Sector or deployed), installations
where the spec puts them, Flights aboard their carriers (land-based ones airborne), MTB Sections, and the table and
its environment (:func:`build_state`).
"""

from __future__ import annotations

from collections.abc import Sequence

from scenarios.cards import ShipType, WeaponKind
from tactical.battle_spec import BattleSpec, ShipSpec
from tactical.geometry import Point, Table
from tactical.state import BattleState, Depth, FlightState, FlightStatus, MTBState, ShipState, Status


def _ship_state(ship: ShipSpec, side: int, spec: BattleSpec) -> ShipState:
    start = ship.card.hull - ship.hull_lost
    state = ShipState(name=ship.name, side=side, card=ship.card, hull_start=start, hull=start, anchored=ship.anchored)
    opts = spec.options
    state.flags = [name for name in ("criticals_2d6", "torpedo_reloads") if getattr(opts, name)]
    if opts.torpedo_reloads and ship.card.nation == "JP" and ship.card.type is ShipType.CRUISER:
        for i, weapon in enumerate(ship.card.weapons):
            if weapon.kind is WeaponKind.TORPEDO and weapon.has("Slow-Loading"):
                state.weapons[i].reloads_left = 2  # 001: Japanese cruisers reload twice
    return state


def build_state(spec: BattleSpec) -> BattleState:
    ships: dict[str, ShipState] = {}
    for side, fleet in enumerate(spec.sides):
        for ship in fleet.ships:
            ships[ship.name] = _ship_state(ship, side, spec)
        for number, squadron in enumerate(fleet.squadrons):
            for name in squadron:
                ships[name].squadron = f"{fleet.name} {number + 1}"
    for sub in spec.submarines:
        state = _ship_state(sub.ship, sub.side, spec)
        state.depth = Depth(sub.depth)
        if sub.sector is not None:
            state.sector = sub.sector
            state.status = Status.HIDDEN
            state.depth = Depth.DEEP
        ships[sub.ship.name] = state
    for inst in spec.shore_batteries:
        card = inst.card()
        state = ShipState(name=inst.name, side=inst.side, card=card, hull_start=card.hull, hull=card.hull)
        state.installation = inst.kind
        state.attack_modifier = inst.attack_modifier()
        state.pos = (float(inst.pos[0]), float(inst.pos[1]))
        state.heading = 0.0 if inst.side == 0 else 180.0
        ships[inst.name] = state
    flights = {
        f.name: FlightState(
            name=f.name,
            side=f.side,
            card=f.aircraft,
            carrier=f.carrier,
            status=FlightStatus.ABOARD if f.carrier is not None else FlightStatus.AIRBORNE,
            aboard=f.carrier,
        )
        for f in spec.flights
    }
    mtbs = {m.name: MTBState(name=m.name, side=m.side, card=m.card, torpedoes=m.card.torpedoes) for m in spec.mtbs}

    def pts(poly: Sequence[Sequence[float]]) -> list[Point]:
        return [(float(p[0]), float(p[1])) for p in poly]

    return BattleState(
        sides=(spec.sides[0].name, spec.sides[1].name),
        ships=ships,
        table=Table(spec.table_width, spec.table_height),
        max_turns=spec.turns,
        spotted={side: list(fleet.spotting) for side, fleet in enumerate(spec.sides) if fleet.spotting},
        flights=flights,
        mtbs=mtbs,
        time_of_day=spec.time_of_day,
        weather=spec.weather,
        year=spec.year,
        options=spec.options,
        wind=spec.wind,
        land=[pts(p) for p in spec.land],
        harbours=[pts(p) for p in spec.harbours],
        nets=[((float(a[0]), float(a[1])), (float(b[0]), float(b[1]))) for a, b in spec.nets],
        balloons=[(float(p[0]), float(p[1])) for p in spec.balloons],
        minefields=dict(spec.minefields),
        sub_hunters={side: fleet.sub_hunting for side, fleet in enumerate(spec.sides) if fleet.sub_hunting},
        surprised=(spec.surprised[0], spec.surprised[1]) if spec.surprised else None,
    )
