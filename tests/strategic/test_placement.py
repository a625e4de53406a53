"""Arrivals, land-based air, submarines, surface raiders and the start of VITP (002 §2, §3.2, §3.3, §4.3, §4.4)."""

from __future__ import annotations

import pytest

from scenarios.loader import CampaignData
from scenarios.models import Owner, Side, Theatre
from strategic import placement
from strategic.campaign import Campaign
from strategic.orders import (
    DeferReinforcement,
    IllegalOrder,
    PlaceAir,
    PlaceReinforcement,
    PlaceSubmarine,
    PlaceSurfaceRaider,
)
from strategic.state import Mode, Phase, UnitStatus
from tests.strategic.engine_helpers import game, poc, port, sea


def in_play(campaign, count: int) -> None:
    """U-Boats 1..count in the submarine reserve (R-OPS-04)."""
    for number in range(1, count + 1):
        us = campaign.state.unit(f"U-Boat {number}")
        us.status, us.place, us.due_turn = UnitStatus.PORT, None, None


def refused(campaign, player, order) -> str:
    before = campaign.state.model_dump_json()
    with pytest.raises(IllegalOrder) as info:
        campaign.apply(player, order)
    assert campaign.state.model_dump_json() == before
    return str(info.value)


class TestArrivals:
    def test_single_place_arrives_directly(self, data: CampaignData) -> None:
        c = game(data, turn=3, phase=Phase.START)
        c.state.unit("Zuikaku").due_turn = 3
        placement.start_of_turn_arrivals(c)
        assert (c.state.unit("Zuikaku").status, c.state.unit("Zuikaku").place) == (UnitStatus.PORT,
                                                                                  "Yokosuka Navy Yard")

    def test_a_choice_waits_for_the_player_then_defaults(self, data: CampaignData) -> None:
        c = game(data, turn=3, phase=Phase.START)
        c.state.unit("London").due_turn = 3
        placement.start_of_turn_arrivals(c)
        assert c.state.unit("London").status is UnitStatus.AWAITING
        c.state.phase = Phase.REINFORCE
        assert {o.place for o in c.legal_orders("allies") if o.unit == "London"} == {"England", "Ceylon"}
        assert refused(c, "allies", PlaceReinforcement(unit="London", place="Malta")).startswith("002 §2.32")
        c.apply("allies", PlaceReinforcement(unit="London", place="Ceylon"))
        assert c.state.unit("London").place == "Ceylon"

    def test_unplaced_arrivals_take_their_first_place(self, data: CampaignData) -> None:
        c = game(data, turn=4, phase=Phase.REINFORCE)
        c.state.unit("Indomitable").due_turn = 4
        c.leave_phase(Phase.REINFORCE)
        assert c.state.unit("Indomitable").place == "Ceylon"

    def test_arrival_port_held_by_the_enemy_loses_the_unit(self, data: CampaignData) -> None:
        c = game(data, turn=5, phase=Phase.START)
        c.state.unit("Taiho").due_turn = 5
        c.state.port_owners["Yokosuka Navy Yard"] = Owner.ALLIED
        placement.start_of_turn_arrivals(c)
        assert c.state.unit("Taiho").status is UnitStatus.REMOVED

    def test_us_pearl_harbor_reinforcements_use_samoa(self, data: CampaignData) -> None:
        c = game(data, turn=7, phase=Phase.START)
        c.state.unit("7th Air Force").due_turn = 7
        c.state.port_owners["Pearl Harbor"] = Owner.AXIS
        placement.start_of_turn_arrivals(c)
        assert c.state.unit("7th Air Force").place == "Samoa"

    def test_c14_u_boat_reinforcements_may_be_saved(self, data: CampaignData) -> None:
        """002 §4.4 (R-OPS-47): a U-Boat reinforcement arriving at full strength may be saved; it comes in on a
        later turn once a U-Boat has been sunk, and not before."""
        c = game(data, turn=5, phase=Phase.REINFORCE)
        in_play(c, 7)
        c.state.unit("U-Boat 8").due_turn = 5
        assert refused(c, "germany_italy", PlaceReinforcement(unit="U-Boat 8", place="Germany")).startswith(
            "002 §4.4: the U-Boat fleet is at full strength (7 in play)")
        c.apply("germany_italy", DeferReinforcement(unit="U-Boat 8"))
        c.leave_phase(Phase.REINFORCE)
        assert (c.state.unit("U-Boat 8").status, c.state.unit("U-Boat 8").due_turn) == (UnitStatus.AWAITING, None)
        c.state.turn = 6
        assert PlaceReinforcement(unit="U-Boat 8", place="Germany") not in c.legal_orders("germany_italy")
        c.state.unit("U-Boat 3").status = UnitStatus.SUNK  # the replacement: the saved one takes its place
        assert PlaceReinforcement(unit="U-Boat 8", place="Germany") in c.legal_orders("germany_italy")
        c.apply("germany_italy", PlaceReinforcement(unit="U-Boat 8", place="Germany"))
        assert (c.state.unit("U-Boat 8").status, c.state.unit("U-Boat 8").place) == (UnitStatus.PORT, None)
        assert refused(c, "germany_italy", DeferReinforcement(unit="Tirpitz")).startswith("002 §4.4")

    def test_below_full_strength_a_u_boat_joins_and_may_not_be_saved(self, data: CampaignData) -> None:
        c = game(data, turn=4, phase=Phase.START)
        in_play(c, 5)
        for name in ("U-Boat 6", "U-Boat 7"):
            c.state.unit(name).due_turn = 4
        placement.start_of_turn_arrivals(c)
        assert [c.state.unit(n).status for n in ("U-Boat 6", "U-Boat 7")] == [UnitStatus.PORT, UnitStatus.PORT]
        assert placement.u_boat_fleet(c) == 7
        c.state.phase = Phase.REINFORCE
        c.state.unit("U-Boat 7").status, c.state.unit("U-Boat 7").due_turn = UnitStatus.AWAITING, 4
        c.state.unit("U-Boat 6").status = UnitStatus.SUNK
        assert refused(c, "germany_italy", DeferReinforcement(unit="U-Boat 7")).startswith(
            "002 §4.4: the U-Boat fleet is below full strength (5 of 7)")

    def test_the_saving_order_is_offered_in_a_real_start_phase(self, data: CampaignData) -> None:
        """R-OPS-47: the clock runs turn 5 from its start: with seven U-Boats in play, U-Boats 8 and 9 stay
        waiting, the German player is asked in the reinforcement phase and offered only to save them; the
        baseline AI saves both; one not saved would be lost."""
        from scenarios.models import Player
        from strategic.ai import BaselineAI
        from strategic.clock import Clock
        from strategic.narrate import describe

        c = game(data, turn=5, phase=Phase.START)
        in_play(c, 7)
        for name in ("U-Boat 8", "U-Boat 9"):
            c.state.unit(name).due_turn = 5
        clock = Clock(c)
        assert clock.decision is not None
        assert (clock.decision.phase, clock.decision.player) == (Phase.REINFORCE, Player.GERMANY_ITALY)
        legal = c.legal_orders("germany_italy")
        assert legal == [DeferReinforcement(unit="U-Boat 8"), DeferReinforcement(unit="U-Boat 9")]
        assert BaselineAI().orders(c, "germany_italy") == legal
        c.apply("germany_italy", DeferReinforcement(unit="U-Boat 8"))
        clock.end_decision()
        assert (c.state.unit("U-Boat 8").status, c.state.unit("U-Boat 8").due_turn) == (UnitStatus.AWAITING, None)
        assert c.state.unit("U-Boat 9").status is UnitStatus.REMOVED
        assert "U-Boat 9 is not taken: the U-Boat fleet is at full strength and it was not saved" in [
            describe(e) for e in c.state.events]

    def test_the_ai_brings_in_saved_u_boats_only_up_to_full_strength(self, data: CampaignData) -> None:
        from strategic.ai import BaselineAI

        c = game(data, turn=7, phase=Phase.REINFORCE)
        in_play(c, 6)
        for name in ("U-Boat 8", "U-Boat 9"):
            c.state.unit(name).due_turn = None  # saved
        orders = BaselineAI().orders(c, "germany_italy")
        assert orders == [PlaceReinforcement(unit="U-Boat 8", place="Germany")]

    def test_british_removals(self, data: CampaignData) -> None:
        c = game(data, turn=8, phase=Phase.START)
        port(c, "Revenge", "Ceylon")
        placement.start_of_turn_arrivals(c)
        assert c.state.unit("Revenge").status is UnitStatus.REMOVED


class TestAir:
    def test_lba_in_an_area_touched_by_a_friendly_port(self, data: CampaignData) -> None:
        c = game(data, turn=1, phase=Phase.AIR)
        port(c, "Allied LBA", "England")
        areas = set(placement.air_areas(c, c.state.unit("Allied LBA")))
        assert {"North Sea", "North Atlantic", "South Atlantic", "Mediterranean", "Caribbean"} <= areas
        assert "Cape of Good Hope" not in areas  # 002 §1.2 (case C-04)
        assert refused(c, "allies", PlaceAir(unit="Allied LBA", area="Cape of Good Hope")).startswith("002 §1.2")
        c.apply("allies", PlaceAir(unit="Allied LBA", area="Caribbean"))  # 002 §1.1
        assert c.state.unit("Allied LBA").mode is Mode.AIR

    def test_axis_air_flies_from_its_own_ports_never_from_the_neutral_one(self, data: CampaignData) -> None:
        """002 §1.1: only the Allied air strike may be placed in the Caribbean; the neutral port, the Axis's only
        port on it (and on the South Atlantic while France is not active, War at Sea 2.3), is no air base
        (R-OPS-33)."""
        c = game(data, turn=1, phase=Phase.AIR)
        port(c, "Axis LBA", "Germany")
        assert placement.air_areas(c, c.state.unit("Axis LBA")) == [
            "North Sea", "Barents Sea", "Baltic Sea", "Mediterranean"]
        assert refused(c, "germany_italy", PlaceAir(unit="Axis LBA", area="South Atlantic")) == (
            "VITP 3.3: South Atlantic is not touched by an active port or base of the Axis (a neutral port is "
            "no air base: 002 §1.1, R-OPS-33)")
        c.state.turn = 4  # France (North Atlantic, South Atlantic) is active on turns 2-6; Germans may enter the
        assert set(placement.air_areas(c, c.state.unit("Axis LBA"))) == {  # Caribbean from turn 3 (002 §1.1)
            "North Sea", "Barents Sea", "Baltic Sea", "Mediterranean", "North Atlantic", "South Atlantic"}
        assert refused(c, "germany_italy", PlaceAir(unit="Axis LBA", area="Caribbean")).startswith(
            "VITP 3.3: Caribbean is not touched by an active port or base of the Axis")

    @pytest.mark.parametrize(("player", "unit", "base", "turn", "caribbean", "south_atlantic"), [
        ("allies", "Allied LBA", "England", 1, True, True),
        ("germany_italy", "Axis LBA", "Germany", 1, False, False),
        ("germany_italy", "Axis LBA", "Germany", 4, False, True),  # France active (War at Sea 2.3)
    ])
    def test_legal_placements_and_verify_agree_on_the_caribbean(self, data: CampaignData, player: str, unit: str,
                                                                 base: str, turn: int, caribbean: bool,
                                                                 south_atlantic: bool) -> None:
        """002 §1.1 (R-OPS-33): the air placements offered are exactly those verify accepts, for every War at Sea
        area: the Allied LBA may go to the Caribbean, the Axis LBA never (nor to the South Atlantic before France
        is active); an accepted placement puts the unit there."""
        c = game(data, turn=turn, phase=Phase.AIR)
        port(c, unit, base)
        offered = {o.area for o in c.legal_orders(player) if isinstance(o, PlaceAir) and o.unit == unit}
        accepted = set()
        for area, record in c.data.areas.items():
            if record.theatre is not Theatre.WAS:
                continue
            try:
                c.verify(player, PlaceAir(unit=unit, area=area))
            except IllegalOrder:
                continue
            accepted.add(area)
        assert offered == accepted
        assert ("Caribbean" in offered, "South Atlantic" in offered) == (caribbean, south_atlantic)
        if caribbean:
            c.apply(player, PlaceAir(unit=unit, area="Caribbean"))
            assert (c.state.unit(unit).place, c.state.unit(unit).mode) == ("Caribbean", Mode.AIR)

    def test_vitp_air_never_in_war_at_sea(self, data: CampaignData) -> None:
        c = game(data, turn=4, phase=Phase.AIR)
        port(c, "21st Air Flotilla", "Yokosuka Navy Yard")
        areas = placement.air_areas(c, c.state.unit("21st Air Flotilla"))
        assert areas and all(c.data.areas[a].theatre is Theatre.VITP for a in areas)
        assert refused(c, "japan", PlaceAir(unit="21st Air Flotilla", area="North Sea")).startswith("002 §3.3")

    def test_frogmen_only_in_the_mediterranean(self, data: CampaignData) -> None:
        c = game(data, turn=3, phase=Phase.AIR)
        port(c, "Italian Frogmen", "Italy")
        assert placement.air_areas(c, c.state.unit("Italian Frogmen")) == ["Mediterranean"]


class TestSubmarines:
    def test_one_u_boat_in_vitp_only_while_the_axis_leads(self, data: CampaignData) -> None:
        c = game(data, turn=4, phase=Phase.SUBMARINE)
        for name in ("U-Boat 1", "U-Boat 2"):
            c.state.unit(name).status, c.state.unit(name).place = UnitStatus.PORT, None
        c.state.unit("U-Boat 1").due_turn = c.state.unit("U-Boat 2").due_turn = None
        poc(c, was=0)
        assert refused(c, "germany_italy", PlaceSubmarine(unit="U-Boat 1", area="Bay of Bengal")).startswith(
            "002 §3.3")
        poc(c, was=2)
        c.apply("germany_italy", PlaceSubmarine(unit="U-Boat 1", area="Bay of Bengal"))
        assert refused(c, "germany_italy", PlaceSubmarine(unit="U-Boat 2", area="Bay of Bengal")).startswith(
            "002 §3.323")
        assert refused(c, "germany_italy", PlaceSubmarine(unit="U-Boat 2", area="Indonesia")).startswith("002 §3.3")

    def test_i_boat_may_reach_the_cape_while_japan_leads(self, data: CampaignData) -> None:
        """002 §3.35, §3.3."""
        c = game(data, turn=4, phase=Phase.SUBMARINE)
        us = c.state.unit("I-Boat")
        us.status, us.place, us.due_turn = UnitStatus.PORT, None, None
        poc(c, vitp=0)
        assert "Cape of Good Hope" not in placement.submarine_areas(c, us)
        poc(c, vitp=1)
        assert "Cape of Good Hope" in placement.submarine_areas(c, us)
        assert "South Atlantic" not in placement.submarine_areas(c, us)


class TestSurfaceRaiders:
    def test_turn_1_placement(self, data: CampaignData) -> None:
        """002 §2.211, §1.1: any War at Sea area or the Bay of Bengal, not the Caribbean on turn 1."""
        c = game(data, turn=1, phase=Phase.START)
        c.state.unit("Atlantis").due_turn = 1
        placement.start_of_turn_arrivals(c)
        c.state.phase = Phase.PATROL
        legal = {o.area for o in c.legal_orders("germany_italy") if isinstance(o, PlaceSurfaceRaider)}
        assert legal == {"North Atlantic", "South Atlantic", "North Sea", "Barents Sea", "Baltic Sea", "Mediterranean",
                         "Cape of Good Hope", "Bay of Bengal"}
        c.apply("germany_italy", PlaceSurfaceRaider(unit="Atlantis", area="Bay of Bengal"))
        assert (c.state.unit("Atlantis").place, c.state.unit("Atlantis").status) == ("Bay of Bengal", UnitStatus.SEA)


class TestStartOfVitp:
    def test_location_uncertain_and_caribbean_rolls(self, data: CampaignData) -> None:
        """002 §3.232 (groups not in Central Pacific or Hawaiian Islands go to the Caribbean), §3.233 (case C-06)."""
        c = game(data, turn=3, phase=Phase.START, faces=(1, 3, 5, 6, 6, 2))
        for name in ("Enterprise", "Lexington", "Saratoga", "Yorktown"):
            group = c.unit_record(name).arrival.places[0]
            c.state.unit(name).place, c.state.unit(name).due_turn = group, None
        placement.start_vitp(c)
        assert c.state.unit("Enterprise").place == "Group W" and c.dice.remaining == 6  # R-OPS-18: not yet
        placement.roll_location_uncertain(c)
        placement.caribbean_rolls(c)
        # groups in data order W, X, Y, Z roll 1, 3, 5, 6: Hawaiian Islands, Central Pacific, Caribbean, Caribbean
        assert c.state.unit("Enterprise").place == "Hawaiian Islands"
        assert c.state.unit("Lexington").place == "Central Pacific Ocean"
        # then each US ship in the Caribbean rolls (Saratoga 6: North Atlantic; Yorktown 2: stays)
        assert c.state.unit("Saratoga").place == "North Atlantic"
        assert c.state.unit("Yorktown").place == "Caribbean"
        assert c.dice.remaining == 0

    def test_italy_changes_sides(self, data: CampaignData) -> None:
        c = game(data, turn=8, phase=Phase.START, faces=(1, 6))
        port(c, "Littorio", "Italy")
        port(c, "Vittorio Veneto", "Italy")
        placement.italy_changes_sides(c)
        assert (c.state.unit("Littorio").side, c.state.unit("Littorio").place) == (Side.ALLIED, "Malta")
        assert c.state.unit("Littorio").controller.value == "allies"
        assert c.state.unit("Vittorio Veneto").side is Side.AXIS

    def test_c09_forced_moves(self, data: CampaignData) -> None:
        c = game(data, turn=5, phase=Phase.START)
        port(c, "Kongo", "Neutral Country")
        port(c, "Tirpitz", "Ceylon")
        poc(c, was=0, vitp=0)
        placement.forced_moves(c)
        assert (c.state.unit("Kongo").place, c.state.unit("Kongo").mode) == ("Bay of Bengal", Mode.RAID)
        assert c.state.unit("Tirpitz").place == "Cape of Good Hope"

    def test_no_forced_move_while_ahead(self, data: CampaignData) -> None:
        c = game(data, turn=5, phase=Phase.START)
        port(c, "Kongo", "Neutral Country")
        poc(c, vitp=4)
        placement.forced_moves(c)
        assert c.state.unit("Kongo").place == "Neutral Country"


def test_sea_helper_marks_units_moved(data: CampaignData) -> None:
    c = game(data)
    sea(c, "Hood", "North Sea")
    assert c.state.unit("Hood").moved


class TestBritishRemovals:
    """VITP 4.42 (case V-01)."""

    def test_a_sunk_battleship_is_replaced_by_another_battleship(self, data: CampaignData) -> None:
        c = game(data, turn=8, phase=Phase.START)
        c.state.unit("Revenge").status = UnitStatus.SUNK
        port(c, "Hood", "England")  # 4-4-7 battlecruiser
        port(c, "Ramillies", "England")  # 4-4-3
        port(c, "Exeter", "England")  # a cruiser: not the same type
        for name in ("Royal Sovereign", "Resolution"):  # also due on turn 8, in play
            port(c, name, "Ceylon")
        placement.start_of_turn_arrivals(c)
        assert c.state.unit("Ramillies").status is UnitStatus.REMOVED  # the weaker battleship goes
        assert c.state.unit("Hood").status is UnitStatus.PORT and c.state.unit("Exeter").status is UnitStatus.PORT

    def test_hermes_is_not_a_0_2_7_carrier(self, data: CampaignData) -> None:
        from strategic.placement import _removal_group

        assert _removal_group(data.units["Formidable"]) == "0-2-7 carrier"
        assert _removal_group(data.units["Hermes"]) != "0-2-7 carrier"

    def test_no_british_ship_left_no_removal_and_never_others(self, data: CampaignData) -> None:
        c = game(data, turn=8, phase=Phase.START)
        c.state.unit("Revenge").status = UnitStatus.SUNK
        port(c, "Texas", "United States")
        port(c, "Australia", "Australia")
        placement.start_of_turn_arrivals(c)
        assert c.state.unit("Texas").status is UnitStatus.PORT and c.state.unit("Australia").status is UnitStatus.PORT


class TestVitpAloneCounters:
    """R-AI-30: VITP played alone has the VITP counters only, not War at Sea's Royal Navy."""

    def test_vitp_only_has_the_vitp_british_and_no_war_at_sea_ship(self, data: CampaignData) -> None:
        c = Campaign.new(data, "vitp_only", seed=1)
        british = sorted(n for n in c.state.units if data.units[n].nation == "UK")
        assert british == sorted(["Cornwall", "Dorsetshire", "Exeter", "Formidable", "Hermes", "Indomitable",
                                  "Prince of Wales", "Ramillies", "Repulse", "Resolution", "Revenge",
                                  "Royal Sovereign", "Shropshire", "Victorious", "Warspite"])
        for gone in ("Hood", "Nelson", "King George V", "Ark Royal", "Orion", "London"):
            assert gone not in c.state.units

    def test_the_combined_game_keeps_every_navy(self, data: CampaignData) -> None:
        c = Campaign.new(data, "standard", seed=1)
        for kept in ("Hood", "King George V", "Hermes", "Orion", "London"):
            assert kept in c.state.units


class TestWarAtSeaAloneCounters:
    """R-OPS-70: War at Sea played alone has the War at Sea counters only."""

    def test_every_was_only_unit_is_a_war_at_sea_counter(self, data: CampaignData) -> None:
        c = Campaign.new(data, "was_only", seed=1)
        units = [data.units[n] for n in c.state.units]
        assert all(u.counter == "WAS" or "WAS" in u.also_in for u in units)
        assert len(units) == 80
        for gone in ("Dunkerque", "Richelieu", "Berwick", "Hermes", "Pinguin", "Italian Frogmen", "Texas", "Essex"):
            assert gone not in c.state.units
        for kept in ("Hood", "Bismarck", "New York", "Washington", "Convoy 1A", "U-Boat 1", "Littorio"):
            assert kept in c.state.units
