"""R-PAC-19 (reference/vitp.md §5.6 [S]): a Location Uncertain group that appears in a sea area may move on as
raiders in the Allied raid phase of that turn, except out of a Central Pacific battle it must fight."""

from __future__ import annotations

import pytest

from scenarios.loader import CampaignData
from strategic import outbreak, placement
from strategic.ai import BaselineAI
from strategic.campaign import Campaign
from strategic.narrate import describe
from strategic.orders import IllegalOrder, Move
from strategic.planner import PlanningAI
from strategic.state import CampaignState, Mode, Phase, UnitStatus
from tests.strategic.engine_helpers import game, sea

GROUP_W = ("Enterprise", "Salt Lake City", "Northampton", "Chester")


def appeared(data: CampaignData, face: int, *faces: int) -> Campaign:
    """Turn 3, the Allied raid phase after the surprise step: Group W (Enterprise and its cruisers) rolls
    ``face`` (1-2 Hawaiian Islands, 3-4 Central Pacific Ocean, 5-6 Caribbean); ``faces`` are the next dice."""
    c = game(data, turn=3, phase=Phase.RAID, faces=(face, *faces))
    for name in GROUP_W:
        us = c.state.unit(name)
        us.status, us.place = UnitStatus.AWAITING, "Group W"
    placement.roll_location_uncertain(c)
    return c


def onward(c: Campaign, unit: str) -> list[tuple[str, ...]]:
    return [o.path for o in c.legal_orders("united_states") if isinstance(o, Move) and o.unit == unit]


def refused(c: Campaign, order: Move) -> str:
    with pytest.raises(IllegalOrder) as info:
        c.apply("united_states", order)
    return str(info.value)


def test_a_group_in_the_hawaiian_islands_is_offered_raid_moves_one_area_short(data: CampaignData) -> None:
    """The area it appeared in counts as the first of a US raid move (2 areas free, 3 in all): one more area
    free, a second with a speed roll; every bordering VITP area is offered."""
    c = appeared(data, 1)
    assert c.state.unit("Enterprise").place == "Hawaiian Islands"
    assert sorted(c.state.war.appeared) == sorted(GROUP_W)
    paths = onward(c, "Enterprise")
    assert ("U.S. Mandate",) in paths and ("U.S. Mandate", "Coral Sea") in paths
    assert ("Marshall Islands",) in paths and ("North Pacific Ocean",) in paths
    assert all(len(p) <= 2 and "Hawaiian Islands" not in p for p in paths)
    assert all(o.mode == "raid" for o in c.legal_orders("united_states") if isinstance(o, Move))


def test_the_move_on_rolls_for_the_second_area_and_goes_raiding(data: CampaignData) -> None:
    c = appeared(data, 2, 3)
    c.apply("united_states", Move(unit="Enterprise", path=("U.S. Mandate", "Coral Sea"), mode="raid"))
    us = c.state.unit("Enterprise")
    assert (us.status, us.place, us.mode, us.moved, us.sailed_from) == (
        UnitStatus.SEA, "Coral Sea", Mode.RAID, True, None)
    assert [r.label for r in c.dice.log][-1] == "speed roll Enterprise (speed 7) into Coral Sea"
    assert "Enterprise" not in c.state.war.appeared and "Chester" in c.state.war.appeared
    assert onward(c, "Enterprise") == []  # it has moved on
    lines = [describe(e) for e in c.state.events]
    assert "Enterprise moves on from the Hawaiian Islands as a raider: U.S. Mandate -> Coral Sea" in lines


def test_a_failed_speed_roll_stops_the_group_in_the_first_area(data: CampaignData) -> None:
    """R-OPS-01: a 6 always fails in VITP; the raider stops in the area before (VITP 6.23)."""
    c = appeared(data, 1, 6)
    c.apply("united_states", Move(unit="Salt Lake City", path=("U.S. Mandate", "Coral Sea"), mode="raid"))
    us = c.state.unit("Salt Lake City")
    assert (us.place, us.mode) == ("U.S. Mandate", Mode.RAID)


def test_the_move_on_is_a_raid_move_of_the_raid_phase_and_no_longer(data: CampaignData) -> None:
    c = appeared(data, 1)
    assert refused(c, Move(unit="Enterprise", path=("U.S. Mandate", "Coral Sea", "Indian Ocean"), mode="raid")) \
        == "VITP 18 (R-PAC-19): Enterprise appeared in the Hawaiian Islands: it moves on at most 2 more sea areas"
    assert refused(c, Move(unit="Enterprise", path=("Coral Sea",), mode="raid")) \
        == "VITP 18 (R-PAC-19): Hawaiian Islands does not border Coral Sea"
    assert refused(c, Move(unit="Enterprise", path=("U.S. Mandate",), mode="patrol")).startswith(
        "VITP 18 (R-PAC-19): Enterprise appeared at sea this turn: it may move on only as a raider")
    c.state.control["U.S. Mandate"] = c.enemy_of(c.state.unit("Enterprise").side)
    assert refused(c, Move(unit="Enterprise", path=("U.S. Mandate", "Coral Sea"), mode="raid")).startswith(
        "VITP 6.3 / WAS 3.1: cannot move through U.S. Mandate")
    c.state.phase = Phase.PATROL
    assert onward(c, "Enterprise") == []


def test_a_group_in_the_central_pacific_with_the_enemy_must_fight(data: CampaignData) -> None:
    """reference/vitp.md §5.6 [S]: not offered, and refused, while Japanese units are at sea there; offered when
    the area is empty of them."""
    c = appeared(data, 3)
    assert c.state.unit("Enterprise").place == "Central Pacific Ocean"
    assert ("Marshall Islands",) in onward(c, "Enterprise")
    sea(c, "Kongo", "Central Pacific Ocean")
    assert onward(c, "Enterprise") == []
    assert refused(c, Move(unit="Enterprise", path=("Hawaiian Islands",), mode="raid")) == (
        "reference/vitp.md §5.6 (R-PAC-19): Enterprise appeared in the Central Pacific Ocean with enemy units there:"
        " it must fight")


def test_groups_placed_elsewhere_do_not_move_on_and_the_turn_end_clears_the_rest(data: CampaignData) -> None:
    c = appeared(data, 5)  # combined game: the Caribbean (002 §3.232), as War at Sea ships
    assert c.state.unit("Enterprise").place == "Caribbean" and c.state.war.appeared == []
    c = appeared(data, 1)
    c.state.phase = Phase.END
    outbreak.end_of_turn(c)
    assert c.state.war.appeared == []
    c.state.phase = Phase.RAID
    assert onward(c, "Enterprise") == []  # at sea, not in port: no other move


def test_the_waiting_groups_survive_a_save(data: CampaignData) -> None:
    c = appeared(data, 1)
    text = c.state.to_json()
    assert sorted(CampaignState.from_json(text).war.appeared) == sorted(GROUP_W)
    c.state.war.appeared = []
    assert '"appeared"' not in c.state.to_json()  # saves without waiting groups are as before


def test_the_planner_takes_the_carrier_out_of_a_lost_battle_and_strikes_a_weaker_enemy(data: CampaignData) -> None:
    """Normal Allied AI: Akagi, Kaga and Soryu raid the Hawaiian Islands; Group W there would lose, so it moves
    on; a lone Japanese cruiser in the U.S. Mandate is the weaker enemy it strikes."""
    c = appeared(data, 1)
    for name in ("Akagi", "Kaga", "Soryu"):
        sea(c, name, "Hawaiian Islands", Mode.RAID)
    sea(c, "Tone", "U.S. Mandate")
    orders = PlanningAI("normal").orders(c, "united_states")
    moved = {o.unit: o.path for o in orders if isinstance(o, Move)}
    assert set(moved) == set(GROUP_W)
    assert "Enterprise" in moved and moved["Enterprise"][-1] == "U.S. Mandate"
    assert all("Hawaiian Islands" not in p for p in moved.values())


def test_the_baseline_moves_an_outnumbered_group_one_area_to_safety(data: CampaignData) -> None:
    """Easy Allied AI: four Japanese ships against Group W's four, and one more: it leaves for the bordering area
    with no Japanese ship worth most to the Allies (no speed roll); with no Japanese there it stays."""
    c = appeared(data, 1)
    assert BaselineAI().orders(c, "united_states") == []
    for name in ("Akagi", "Kaga", "Soryu", "Hiryu", "Tone"):
        sea(c, name, "Hawaiian Islands", Mode.RAID)
    sea(c, "Chikuma", "U.S. Mandate")
    orders = BaselineAI().orders(c, "united_states")
    assert sorted(o.unit for o in orders if isinstance(o, Move)) == sorted(GROUP_W)
    # the U.S. Mandate (Allied 2) holds Chikuma; the North Pacific Ocean, Central Pacific Ocean and Marshall
    # Islands are worth 1 each, the tie going to the last name
    assert {o.path for o in orders if isinstance(o, Move)} == {("North Pacific Ocean",)}
