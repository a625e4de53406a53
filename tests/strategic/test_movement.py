"""Patrol, raid and transfer moves under scripted dice (002 §3.22-3.343, §1; WAS 3.1; VITP 6.2)."""

from __future__ import annotations

import pytest

from scenarios.loader import CampaignData
from scenarios.models import Owner, Side
from strategic.movement import speed_roll_succeeds
from strategic.orders import IllegalOrder, Move
from strategic.state import Mode, Phase, UnitStatus
from tests.strategic.engine_helpers import game, poc, port


def move(campaign, player, unit, *path, mode="patrol"):
    return campaign.apply(player, Move(unit=unit, path=tuple(path), mode=mode))


def refused(campaign, player, unit, *path, mode="patrol") -> str:
    before = campaign.state.model_dump_json()
    with pytest.raises(IllegalOrder) as info:
        move(campaign, player, unit, *path, mode=mode)
    assert campaign.state.model_dump_json() == before, "an illegal order must change nothing"
    return str(info.value)


def test_one_area_patrol_needs_no_roll(data: CampaignData) -> None:
    c = game(data)
    port(c, "Hood", "England")
    move(c, "allies", "Hood", "North Sea")
    hood = c.state.unit("Hood")
    assert (hood.status, hood.place, hood.mode) == (UnitStatus.SEA, "North Sea", Mode.PATROL)
    assert hood.sailed_from == "England"
    assert c.dice.log == []


@pytest.mark.parametrize(("face", "arrives"), [(3, True), (4, False), (6, False)])
def test_was_speed_roll_die_below_speed(data: CampaignData, face: int, arrives: bool) -> None:
    """WAS 3.1: the second area needs a d6 below the ship's speed; a failure keeps the ship in port."""
    c = game(data, faces=(face,))
    port(c, "Warspite", "England")  # 4-4-4
    move(c, "allies", "Warspite", "North Sea", "Barents Sea")
    ship = c.state.unit("Warspite")
    if arrives:
        assert (ship.status, ship.place) == (UnitStatus.SEA, "Barents Sea")
    else:
        assert (ship.status, ship.place, ship.moved, ship.returned_early) == (UnitStatus.PORT, "England", True, True)


def test_speed_7_never_fails_in_war_at_sea_but_can_in_vitp(data: CampaignData) -> None:
    c = game(data)
    from scenarios.models import Theatre

    assert speed_roll_succeeds(c, 7, Theatre.WAS, 6)
    assert not speed_roll_succeeds(c, 8, Theatre.VITP, 6)  # R-OPS-01: a speed-8 carrier can fail
    assert speed_roll_succeeds(c, 8, Theatre.VITP, 5)
    assert not speed_roll_succeeds(c, 3, Theatre.VITP, 3)


def test_vitp_patroller_that_fails_its_roll_enters_the_area_as_a_raider(data: CampaignData) -> None:
    """VITP 6.41 (R-PAC-21): the patroller still reaches the second area, white side up."""
    c = game(data, turn=4, faces=(6,))
    port(c, "Enterprise", "Pearl Harbor")
    c.state.control["Hawaiian Islands"] = Side.ALLIED
    move(c, "united_states", "Enterprise", "Hawaiian Islands", "U.S. Mandate")
    ship = c.state.unit("Enterprise")
    assert (ship.status, ship.place, ship.mode) == (UnitStatus.SEA, "U.S. Mandate", Mode.RAID)
    assert [e.outcome for e in c.state.events if e.kind == "move_cut_short"][-1:] == ["raider"]


def test_vitp_patroller_that_makes_its_roll_patrols_the_second_area(data: CampaignData) -> None:
    c = game(data, turn=4, faces=(5,))
    port(c, "Enterprise", "Pearl Harbor")
    c.state.control["Hawaiian Islands"] = Side.ALLIED
    move(c, "united_states", "Enterprise", "Hawaiian Islands", "U.S. Mandate")
    ship = c.state.unit("Enterprise")
    assert (ship.status, ship.place, ship.mode) == (UnitStatus.SEA, "U.S. Mandate", Mode.PATROL)


def test_vitp_raider_that_fails_its_roll_goes_back_to_port(data: CampaignData) -> None:
    """VITP 6.42 (R-PAC-21): a Japanese raider that fails the roll into its third area stays in port."""
    c = game(data, turn=4, phase=Phase.RAID, faces=(6,))
    port(c, "Akagi", "Yokosuka Navy Yard")
    move(c, "japan", "Akagi", "Japanese Islands", "Central Pacific Ocean", "Hawaiian Islands", mode="raid")
    ship = c.state.unit("Akagi")
    assert (ship.status, ship.place, ship.moved, ship.returned_early) == (
        UnitStatus.PORT, "Yokosuka Navy Yard", True, True)
    assert len(c.dice.log) == 1


def test_no_moving_through_enemy_controlled_areas(data: CampaignData) -> None:
    c = game(data)
    port(c, "Hood", "England")
    c.state.control["North Sea"] = Side.AXIS
    assert "cannot move through North Sea: it is enemy-controlled" in refused(c, "allies", "Hood", "North Sea",
                                                                               "Barents Sea")
    move(c, "allies", "Hood", "North Sea")  # entering it is allowed


def test_raiding_is_not_allowed_in_war_at_sea(data: CampaignData) -> None:
    c = game(data, turn=4, phase=Phase.RAID)
    port(c, "Hood", "England")
    assert refused(c, "allies", "Hood", "North Sea", mode="raid").startswith("002 §3.244")


def test_raid_distances_by_nationality(data: CampaignData) -> None:
    """VITP 6.222-6.23, 17.32: Japanese raiders two areas free, a third with a roll; British at most two."""
    c = game(data, turn=4, phase=Phase.RAID, faces=(2,))
    port(c, "Akagi", "Yokosuka Navy Yard")
    move(c, "japan", "Akagi", "Japanese Islands", "Central Pacific Ocean", "Hawaiian Islands", mode="raid")
    assert c.state.unit("Akagi").place == "Hawaiian Islands" and len(c.dice.log) == 1
    port(c, "Warspite", "Ceylon")
    assert "reaches at most 2 sea areas" in refused(c, "allies", "Warspite", "Bay of Bengal", "Indonesia",
                                                    "South Pacific Ocean", mode="raid")


def test_commander_authority(data: CampaignData) -> None:
    c = game(data)
    port(c, "Hood", "England")
    assert refused(c, "united_states", "Hood", "North Sea").startswith(
        "002 §3: Hood takes orders from the Allies, not the United States")


def test_vitp_units_are_inactive_before_turn_3(data: CampaignData) -> None:
    c = game(data, turn=1)
    port(c, "Akagi", "Yokosuka Navy Yard")
    c.state.unit("Akagi").inactive_until = 3
    assert refused(c, "japan", "Akagi", "Japanese Islands").startswith("002 §3.21")


def test_c03_germans_reach_the_caribbean_from_turn_3(data: CampaignData) -> None:
    c = game(data, turn=2, faces=(1, 1))
    port(c, "Admiral Scheer", "France")
    assert refused(c, "germany_italy", "Admiral Scheer", "North Atlantic", "Caribbean").startswith("002 §1.1")
    c.state.turn = 4
    move(c, "germany_italy", "Admiral Scheer", "North Atlantic", "Caribbean")
    assert c.state.unit("Admiral Scheer").place == "Caribbean"


def test_c10_italian_cruisers_stay_in_their_areas(data: CampaignData) -> None:
    c = game(data, turn=4, faces=(1,))
    port(c, "Zara", "Italy")
    assert refused(c, "germany_italy", "Zara", "Mediterranean", "Bay of Bengal").startswith("002 §3.343")
    port(c, "Fiume", "France")
    assert refused(c, "germany_italy", "Fiume", "North Atlantic", "Barents Sea").startswith("002 §4.2")


def test_british_may_not_enter_japanese_areas_before_vitp(data: CampaignData) -> None:
    c = game(data, turn=2, faces=(1,))
    port(c, "Exeter", "Singapore")
    assert refused(c, "allies", "Exeter", "Indonesia", "Marianas Islands").startswith("002 §3.22")


class TestMovesBetweenTheGames:
    """002 §3.341-3.343."""

    def test_neutral_to_bengal_as_patroller(self, data: CampaignData) -> None:
        c = game(data, turn=4, faces=(2,))
        port(c, "Hood", "Neutral Country")
        move(c, "allies", "Hood", "Cape of Good Hope", "Bay of Bengal")
        hood = c.state.unit("Hood")
        assert (hood.place, hood.mode) == ("Bay of Bengal", Mode.PATROL)

    def test_failed_roll_into_vitp_becomes_a_raider(self, data: CampaignData) -> None:
        c = game(data, turn=4, faces=(6,))
        port(c, "Hood", "Neutral Country")
        move(c, "allies", "Hood", "Cape of Good Hope", "Bay of Bengal")
        hood = c.state.unit("Hood")
        assert (hood.status, hood.place, hood.mode) == (UnitStatus.SEA, "Bay of Bengal", Mode.RAID)

    def test_failed_roll_into_was_returns_to_neutral_country(self, data: CampaignData) -> None:
        c = game(data, turn=4, faces=(6,))
        port(c, "Warspite", "Ceylon")  # speed 4: the War at Sea roll fails on 4-6
        move(c, "allies", "Warspite", "Bay of Bengal", "Cape of Good Hope")
        ship = c.state.unit("Warspite")
        assert (ship.status, ship.place, ship.returned_early) == (UnitStatus.PORT, "Neutral Country", True)

    def test_suez_for_british_only(self, data: CampaignData) -> None:
        c = game(data, turn=4, faces=(1,))
        port(c, "Hood", "Malta")
        move(c, "allies", "Hood", "Mediterranean", "Bay of Bengal")
        assert c.state.unit("Hood").place == "Bay of Bengal"

    def test_no_other_route(self, data: CampaignData) -> None:
        c = game(data, turn=4, faces=(1,))
        port(c, "Exeter", "Singapore")
        assert refused(c, "allies", "Exeter", "Bay of Bengal", "Cape of Good Hope").startswith("002 §3.343")

    def test_japanese_need_the_vitp_lead(self, data: CampaignData) -> None:
        c = game(data, turn=4, faces=(1, 1))
        port(c, "Kongo", "Ceylon")
        c.state.port_owners["Ceylon"] = Owner.AXIS
        c.state.control["Bay of Bengal"] = None
        poc(c, vitp=0)
        assert refused(c, "japan", "Kongo", "Bay of Bengal", "Cape of Good Hope").startswith("002 §3.3")
        poc(c, vitp=3)
        move(c, "japan", "Kongo", "Bay of Bengal", "Cape of Good Hope")
        assert c.state.unit("Kongo").place == "Cape of Good Hope"
