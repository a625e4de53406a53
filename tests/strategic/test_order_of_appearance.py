"""The order of appearance in combined turn numbers (002 §3.2, chart)."""

from __future__ import annotations

import pytest

from scenarios.loader import CampaignData
from scenarios.models import Theatre
from strategic.order_of_appearance import Movement, order_of_appearance, vitp_turn


def test_vitp_turn_numbering() -> None:
    """C-01: VITP turn 1 is combined turn 3."""
    assert [vitp_turn(t) for t in (1, 2, 3, 4, 10)] == [None, None, 1, 2, 8]


def test_turn_3_arrivals(data: CampaignData) -> None:
    names = {r.unit.name for r in order_of_appearance(data, turn=3) if r.movement is Movement.ARRIVES}
    assert {
        "London",
        "Hornet",
        "Washington",
        "5th Air Force",
        "Zuikaku",
        "Zuiho",
        "25th Air Flotilla",
        "26th Air Flotilla",
        "Italian Frogmen",
    } <= names


def test_filters(data: CampaignData) -> None:
    japanese = order_of_appearance(data, nation="JP")
    assert japanese and all(r.unit.nation == "JP" for r in japanese)
    was_turn_3 = {r.unit.name for r in order_of_appearance(data, turn=3, theatre=Theatre.WAS)}
    assert "London" in was_turn_3  # England or Ceylon: both theatres
    assert "Zuikaku" not in was_turn_3
    with pytest.raises(KeyError, match="unknown nation 'XX'"):
        order_of_appearance(data, nation="XX")


def test_sorted_by_turn_then_side(data: CampaignData) -> None:
    rows = order_of_appearance(data)
    keys = [(r.turn, r.side.value != "allied") for r in rows]
    assert keys == sorted(keys)
