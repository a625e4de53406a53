"""The typed order grammar (tui/order_entry.py): lists of units and "did you mean" (issue #17)."""

from __future__ import annotations

import pytest

from scenarios.loader import CampaignData
from strategic.orders import DeferReinforcement, Move, PlaceReinforcement
from strategic.phases import Phase
from tui.order_entry import OrderSyntaxError, parse, parse_orders


def test_a_list_of_units_gives_one_order_each(data: CampaignData) -> None:
    assert parse_orders(data, "move Nelson, rodney > North Atlantic > barents sea") == [
        Move(unit="Nelson", path=("North Atlantic", "Barents Sea")),
        Move(unit="Rodney", path=("North Atlantic", "Barents Sea"))]
    assert parse_orders(data, "place Hood,Renown > England") == [PlaceReinforcement(unit="Hood", place="England"),
                                                                  PlaceReinforcement(unit="Renown", place="England")]
    assert parse_orders(data, "defer U-Boat 1, U-Boat 2") == [DeferReinforcement(unit="U-Boat 1"),
                                                              DeferReinforcement(unit="U-Boat 2")]
    assert parse(data, "move Nelson > North Sea raid") == Move(unit="Nelson", path=("North Sea",), mode="raid")


@pytest.mark.parametrize(("line", "error"), [
    ("move Nelsen > North Sea", "no unit named 'Nelsen' (did you mean Nelson?)"),
    ("move Nelson > North Atlantik", "no sea area named 'North Atlantik' (did you mean North Atlantic or South "
                                     "Atlantic?)"),
    ("place Hood > Englnd", "no place named 'Englnd' (did you mean England?)"),
    ("move Zzyzx > North Sea", "no unit named 'Zzyzx'"),
    ("move Hood, Hood > North Sea", "Hood named twice in one order"),
    ("move , > North Sea", "no unit given"),
])
def test_misspelt_and_wrong_lists(data: CampaignData, line: str, error: str) -> None:
    with pytest.raises(OrderSyntaxError) as caught:
        parse_orders(data, line)
    assert str(caught.value).startswith(error)


def test_unknown_verbs_and_single_orders(data: CampaignData) -> None:
    with pytest.raises(OrderSyntaxError, match=r"^unknown order 'mvoe' \(did you mean move\?\): move UNIT"):
        parse_orders(data, "mvoe Nelson > North Sea")
    with pytest.raises(OrderSyntaxError, match="one unit only here, not 2"):
        parse(data, "move Nelson, Rodney > North Sea")


@pytest.mark.parametrize(("phase", "mode"), [(Phase.PATROL, "patrol"), (Phase.RAID, "raid"), (Phase.LANDING, "landing"),
                                             (None, "patrol")])
def test_a_move_without_its_mode_is_the_phases(data: CampaignData, phase: Phase | None, mode: str) -> None:
    """R-UI-110: each kind of move is made in its own phase (002 §3.24), so a bare ``move`` is the phase's kind;
    a mode typed out still wins."""
    assert parse_orders(data, "move Nelson > North Sea", phase) == [Move(unit="Nelson", path=("North Sea",), mode=mode)]
    assert parse_orders(data, "move Nelson > North Sea patrol", phase) == [Move(unit="Nelson", path=("North Sea",))]


def test_a_move_naming_only_where_it_ends_takes_the_one_shortest_legal_way(data: CampaignData) -> None:
    """R-UI-118 (a new player's play-test): ``move Akagi > hawaiian islands raid`` was refused, once per ship,
    with "Yokosuka Navy Yard does not touch Hawaiian Islands", though the legal moves went there; it now takes the
    one shortest legal way, names the ways when several are as short, and keeps what no legal move ends."""
    from tui.order_entry import Legal

    legal = Legal.of([
        Move(unit="Akagi", path=("Japanese Islands", "Central Pacific Ocean", "Hawaiian Islands"), mode="raid"),
        Move(unit="Akagi", path=("Japanese Islands", "North Pacific Ocean", "Central Pacific Ocean",
                                 "Hawaiian Islands"), mode="raid"),
        Move(unit="Kaga", path=("Japanese Islands", "Central Pacific Ocean", "Hawaiian Islands"), mode="raid"),
        Move(unit="Kaga", path=("Japanese Islands", "North Pacific Ocean", "Hawaiian Islands"), mode="raid"),
        Move(unit="Akagi", path=("Japanese Islands",), mode="raid")])
    assert parse_orders(data, "move akagi > hawaiian islands raid", legal=legal) == [
        Move(unit="Akagi", path=("Japanese Islands", "Central Pacific Ocean", "Hawaiian Islands"), mode="raid")]
    assert parse_orders(data, "move akagi > jap isl raid", legal=legal) == [
        Move(unit="Akagi", path=("Japanese Islands",), mode="raid")]  # a legal move already: kept
    with pytest.raises(OrderSyntaxError, match=r"^Kaga may reach Hawaiian Islands by 2 ways: name the way \(move "
                                               r"Kaga > Japanese Islands > Central Pacific Ocean > Hawaiian Islands; "):
        parse_orders(data, "move kaga > hawaiian islands raid", legal=legal)
    assert parse_orders(data, "move akagi > coral sea raid", legal=legal) == [
        Move(unit="Akagi", path=("Coral Sea",), mode="raid")]  # no legal move ends there: the engine judges it
