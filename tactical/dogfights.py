"""Dogfighting (000 Dogfighting, Escorting), at the end of the Gunnery Phase: each engaged pair rolls D6 +
Dogfight + 1 per supporting friendly Flight; the higher destroys the other, a draw leaves them locked.  The whole
picture is in the docstring of :mod:`tactical.aircraft`.
"""

from __future__ import annotations

from tactical import events as ev
from tactical.aa import shoot_down
from tactical.aircraft import (
    R_DOG,
)
from tactical.state import Battle, FlightState

# --------------------------------------------------------------------------- dogfights


def _support(battle: Battle, flight: FlightState) -> int:
    """+1 for every friendly Flight in base contact with ``flight`` (escorting it, escorted by it or supporting
    it) that is not itself in contact with an enemy Flight."""
    friends = set()
    for other in battle.state.air(flight.side):
        if other is flight or other.engaged:
            continue
        if other.supporting == flight.name or flight.name in other.escorting or other.name in flight.escorting:
            friends.add(other.name)
    return len(friends)


def dogfight_roll(battle: Battle, a: FlightState, b: FlightState, sa: int, sb: int) -> int:
    """Both roll D6 + Dogfight + support; returns >0 if ``a`` wins, <0 if ``b`` wins, 0 for a draw."""
    ra = battle.dice.d6(label=f"{a.name} dogfight", rule=R_DOG) + a.card.dogfight + sa
    rb = battle.dice.d6(label=f"{b.name} dogfight", rule=R_DOG) + b.card.dogfight + sb
    battle.log.emit(
        ev.Dogfight, ship=a.name, side=battle.side_name(a.side), target=b.name, roll=ra, target_roll=rb,
        support=(sa, sb),
    )
    return ra - rb


def dogfights(battle: Battle) -> None:
    """000 Dogfighting, at the end of the Gunnery Phase: every pair of Flights in contact fights, the Initiative
    winner's pairs in the order of its Flights (R-TAC-28)."""
    assert battle.state.initiative is not None
    first = battle.state.initiative
    pairs: list[tuple[str, str]] = []
    for side in (first, 1 - first):
        for f in battle.state.air(side):
            for enemy in f.engaged:
                if (enemy, f.name) not in pairs and (f.name, enemy) not in pairs:
                    pairs.append((f.name, enemy))
    for a_name, b_name in pairs:
        a, b = battle.state.flights[a_name], battle.state.flights[b_name]
        if not (a.airborne and b.airborne) or b_name not in a.engaged:
            continue
        result = dogfight_roll(battle, a, b, _support(battle, a), _support(battle, b))
        if result > 0:
            shoot_down(battle, b, a.name)
        elif result < 0:
            shoot_down(battle, a, b.name)
