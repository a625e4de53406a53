"""The order of appearance: which units arrive and leave on each combined turn, and where.

Arrival turns and places come from the unit data, which already folds in the 002 order-of-appearance chart
over the base schedules (002 §2.31-2.33: British, German, Italian, French and Russian units on the War at Sea
time track; United States, Dutch, Australian and Japanese units on the VITP charts, VITP turn *n* being
combined turn *n + 2*).  Removals are the British withdrawals of VITP rule 4.42.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scenarios.loader import CampaignData
from scenarios.models import VITP_FIRST_TURN, Side, Theatre, Unit


class Movement(StrEnum):
    ARRIVES = "arrives"
    REMOVED = "removed"


@dataclass(frozen=True)
class Appearance:
    """One line of the order of appearance: a unit arriving (with its places) or being removed on ``turn``."""

    turn: int
    movement: Movement
    unit: Unit
    side: Side
    places: tuple[str, ...]
    if_war_begun: tuple[str, ...]
    theatres: frozenset[Theatre]


def vitp_turn(turn: int) -> int | None:
    """The VITP turn number played with combined turn ``turn`` (002 §3.2), or ``None`` before VITP starts."""
    return turn - VITP_FIRST_TURN + 1 if turn >= VITP_FIRST_TURN else None


def order_of_appearance(
    data: CampaignData,
    *,
    turn: int | None = None,
    theatre: Theatre | None = None,
    nation: str | None = None,
) -> list[Appearance]:
    """Arrivals and removals, sorted by turn, side (Allied first), nation and name.

    ``turn``, ``theatre`` and ``nation`` (a nation code) filter the result; a unit whose arrival places lie
    in both theatres (a British ship arriving "in England or Ceylon") passes either theatre filter.
    Raises ``KeyError`` for an unknown nation code.
    """
    if nation is not None and nation not in data.nations:
        raise KeyError(f"unknown nation '{nation}' (known: {', '.join(sorted(data.nations))})")
    rows: list[Appearance] = []
    for unit in data.units.values():
        side = data.nations[unit.nation].side
        theatres = frozenset(Theatre(t) for t in (data.place_theatre(p) for p in unit.arrival.places) if t is not None)
        rows.append(
            Appearance(
                unit.arrival.turn,
                Movement.ARRIVES,
                unit,
                side,
                tuple(unit.arrival.places),
                tuple(unit.arrival.if_war_begun),
                theatres,
            )
        )
        if unit.removal is not None:
            rows.append(Appearance(unit.removal.turn, Movement.REMOVED, unit, side, (), (), frozenset(Theatre)))
    selected = [
        r
        for r in rows
        if (turn is None or r.turn == turn)
        and (theatre is None or theatre in r.theatres)
        and (nation is None or r.unit.nation == nation)
    ]
    side_order = {Side.ALLIED: 0, Side.AXIS: 1}
    nation_order = {code: i for i, code in enumerate(data.nations)}
    return sorted(
        selected,
        key=lambda r: (
            r.turn,
            side_order[r.side],
            r.movement != Movement.ARRIVES,
            nation_order[r.unit.nation],
            r.unit.name,
        ),
    )
