"""Helpers for the aircraft, submarine and MTB tests: aircraft cards, Flights on the table, carriers."""

from __future__ import annotations

from typing import Any

from scenarios.cards import AircraftCard, MTBCard
from tactical.state import Battle, FlightState, FlightStatus, MTBState
from tests.tactical.helpers import make_card, weapon


def make_aircraft(role: str = "fighter", **kw: Any) -> AircraftCard:
    fields: dict[str, Any] = {
        "name": f"Test {role}",
        "nation": "US",
        "carrier": True,
        "role": role,
        "flank_speed": 20,
        "dogfight": 0,
        "damage_dice": 0 if role == "fighter" else 2,
        "points": 20,
        "source": "test",
        "confidence": "reconstructed",
    }
    fields.update(kw)
    return AircraftCard.model_validate(fields)


def add_flight(
    battle: Battle,
    name: str,
    side: int,
    card: AircraftCard,
    pos: tuple[float, float] | None = None,
    *,
    carrier: str | None = None,
    aboard: bool = False,
) -> FlightState:
    flight = FlightState(
        name=name,
        side=side,
        card=card,
        carrier=carrier,
        status=FlightStatus.ABOARD if aboard else FlightStatus.AIRBORNE,
        pos=None if aboard else pos,
        aboard=carrier if aboard else None,
    )
    battle.state.flights[name] = flight
    return flight


def carrier_card(name: str = "CV", **kw: Any):
    fields: dict[str, Any] = {
        "type": "carrier",
        "traits": ["Carrier", "Flights 6"],
        "hull": 60,
        "crippled": 20,
        "weapons": [
            weapon("AA Battery", kind="aa_battery", ranges=(1, 2, 3, 5), ad=2, dd=0, traits=["Local 2"]),
            weapon("Light Guns", kind="light_gun", ranges=(4, 9, 13, 18), ad=4, ap=-2, traits=["DP", "Weak"]),
        ],
    }
    fields.update(kw)
    return make_card(name, **fields)


def make_mtb(**kw: Any) -> MTBCard:
    fields: dict[str, Any] = {
        "name": "Test MTB",
        "nation": "US",
        "armour": 2,
        "flank_speed": 14,
        "light_guns": 1,
        "aa_local": 1,
        "torpedoes": 2,
        "smoke": True,
        "points": 20,
        "source": "test",
        "confidence": "reconstructed",
    }
    fields.update(kw)
    return MTBCard.model_validate(fields)


def add_boat(battle: Battle, name: str, side: int, card: MTBCard, pos: tuple[float, float]) -> MTBState:
    boat = MTBState(name=name, side=side, card=card, pos=pos, torpedoes=card.torpedoes)
    battle.state.mtbs[name] = boat
    return boat
