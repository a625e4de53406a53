"""Return to port, repairs, control, POC, isolation and victory (002 §1, §2.214, §3.1, §3.21, §3.33-3.42, §4.3)."""

from __future__ import annotations

import pytest

from scenarios.loader import CampaignData
from scenarios.models import Owner, Side, Theatre
from strategic import basing, control
from strategic.events import ControlLost
from strategic.orders import IllegalOrder, ReturnToPort
from strategic.state import Mode, Phase, UnitStatus
from tests.strategic.engine_helpers import game, poc, port, sea


def options(c, name: str) -> list[str]:
    return [o.port for o in basing.return_options(c, c.state.unit(name))]


class TestReturn:
    def test_c07_us_ships_return_only_to_united_states(self, data: CampaignData) -> None:
        c = game(data, turn=5, phase=Phase.RETURN)
        sea(c, "Texas", "North Atlantic")
        assert options(c, "Texas") == ["United States", "Pearl Harbor"]  # and via Panama (002 §3.334)
        with pytest.raises(IllegalOrder, match=r"^002 §3.421"):
            c.apply("united_states", ReturnToPort(unit="Texas", port="England"))

    def test_british_return_to_any_allied_or_neutral_port(self, data: CampaignData) -> None:
        c = game(data, turn=5, phase=Phase.RETURN)
        sea(c, "Hood", "South Atlantic")
        assert options(c, "Hood") == ["England", "Neutral Country"]

    def test_far_from_any_usable_port_in_vitp(self, data: CampaignData) -> None:
        """R-OPS-21: Akagi in the Hawaiian Islands touches no Japanese port: it may go back to Yokosuka, where it
        sailed from, or to the nearest Japanese ports and bases (two sea areas away)."""
        c = game(data, turn=5, phase=Phase.RETURN)
        sea(c, "Akagi", "Hawaiian Islands", Mode.RAID)
        c.state.unit("Akagi").sailed_from = "Yokosuka Navy Yard"
        assert options(c, "Akagi") == ["Yokosuka Navy Yard", "Truk", "Kwajalein", "Maloelap"]
        c.apply("japan", ReturnToPort(unit="Akagi", port="Yokosuka Navy Yard"))
        assert c.state.unit("Akagi").place == "Yokosuka Navy Yard"
        sea(c, "Kaga", "Hawaiian Islands", Mode.RAID)
        with pytest.raises(IllegalOrder, match="may not return to Okinawa"):
            c.apply("japan", ReturnToPort(unit="Kaga", port="Okinawa"))

    def test_c08_one_british_ship_at_pearl_harbor(self, data: CampaignData) -> None:
        c = game(data, turn=5, phase=Phase.RETURN)
        sea(c, "Hood", "Caribbean")
        sea(c, "Renown", "North Atlantic")
        c.apply("allies", ReturnToPort(unit="Hood", port="Pearl Harbor"))
        assert "Pearl Harbor" not in options(c, "Renown")
        with pytest.raises(IllegalOrder, match=r"^002 §3.422"):
            c.apply("allies", ReturnToPort(unit="Renown", port="Pearl Harbor"))

    def test_c13_early_returners_may_not_change_games(self, data: CampaignData) -> None:
        c = game(data, turn=5, phase=Phase.RETURN)
        sea(c, "Hood", "Mediterranean")
        assert "Ceylon" in options(c, "Hood")  # 002 §3.331 via Suez
        c.state.unit("Hood").returned_early = True
        assert "Ceylon" not in options(c, "Hood")

    def test_cape_returns_to_ceylon_only_if_friendly(self, data: CampaignData) -> None:
        c = game(data, turn=5, phase=Phase.RETURN)
        sea(c, "Hood", "Cape of Good Hope")
        assert options(c, "Hood") == ["Neutral Country", "Ceylon"]
        c.state.port_owners["Ceylon"] = Owner.AXIS
        assert options(c, "Hood") == ["Neutral Country"]

    def test_samoa_only_when_pearl_harbor_is_japanese(self, data: CampaignData) -> None:
        c = game(data, turn=5, phase=Phase.RETURN)
        sea(c, "Texas", "Caribbean")
        c.state.port_owners["Pearl Harbor"] = Owner.AXIS
        assert options(c, "Texas") == ["United States", "Samoa"]

    def test_w01_italian_cruiser_with_no_port_is_lost(self, data: CampaignData) -> None:
        c = game(data, turn=7, phase=Phase.RETURN)
        sea(c, "Zara", "North Atlantic")
        assert options(c, "Zara") == []  # France inactive from turn 7 (WAS 2.3); Italy does not touch it
        c.leave_phase(Phase.RETURN)
        assert c.state.unit("Zara").status is UnitStatus.REMOVED

    def test_returning_to_france_at_the_end_of_turn_6_is_not_allowed(self, data: CampaignData) -> None:
        c = game(data, turn=5, phase=Phase.RETURN)
        sea(c, "Zara", "North Atlantic")
        assert options(c, "Zara") == ["France"]
        c.state.turn = 6
        assert options(c, "Zara") == []
        with pytest.raises(IllegalOrder) as info:
            c.apply("germany_italy", ReturnToPort(unit="Zara", port="France"))
        assert str(info.value).startswith("WAS 2.3 (France closes after turn 6: a ship returning there now would "
                                          "be interned (R-OPS-46))")

    def test_ships_left_in_france_when_it_closes_are_interned(self, data: CampaignData) -> None:
        """R-OPS-46 (reference/was.md §1.3 [S]; WAS 2.3): at the start of turn 7 France is no longer active and the
        ships still in it are interned, as a ship returning there at the end of turn 6 would be; other ports keep
        theirs."""
        from strategic.narrate import describe

        c = game(data, turn=7, phase=Phase.END)
        port(c, "Fiume", "France")
        port(c, "Admiral Scheer", "France")
        port(c, "Tirpitz", "Germany")
        c.enter_phase(Phase.START)
        assert [c.state.unit(n).status for n in ("Fiume", "Admiral Scheer", "Tirpitz")] == [
            UnitStatus.REMOVED, UnitStatus.REMOVED, UnitStatus.PORT]
        texts = [describe(e) for e in c.state.events if e.kind == "removal"]
        assert sorted(texts) == ["Admiral Scheer is interned: France is no longer an active port",
                                 "Fiume is interned: France is no longer an active port"]
        assert {e.rule for e in c.state.events if e.kind == "removal"} == {"WAS 2.3 (R-OPS-46)"}

    def test_no_internment_while_france_is_active(self, data: CampaignData) -> None:
        c = game(data, turn=6, phase=Phase.END)
        port(c, "Fiume", "France")
        c.enter_phase(Phase.START)
        assert c.state.unit("Fiume").status is UnitStatus.PORT

    @pytest.mark.parametrize(("face", "port_name"), [(4, "Germany"), (5, "Neutral Country")])
    def test_german_oil_roll(self, data: CampaignData, face: int, port_name: str) -> None:
        """WAS 3.4: turn 1, France inactive: a German ship in the North Atlantic oils to Germany or goes neutral."""
        c = game(data, turn=1, phase=Phase.RETURN, faces=(face,))
        sea(c, "Admiral Scheer", "North Atlantic")
        assert options(c, "Admiral Scheer") == ["Germany"]
        c.apply("germany_italy", ReturnToPort(unit="Admiral Scheer", port="Germany"))
        assert c.state.unit("Admiral Scheer").place == port_name


def test_repairs_by_port_capacity(data: CampaignData) -> None:
    """002 §3.241: Malta repairs 2 points a turn (R-MAP-05), most damaged ship first."""
    c = game(data, turn=3, phase=Phase.REPAIR)
    port(c, "Hood", "Malta")
    port(c, "Renown", "Malta")
    c.state.unit("Hood").damage, c.state.unit("Renown").damage = 1, 3
    basing.repair(c)
    assert (c.state.unit("Renown").damage, c.state.unit("Hood").damage) == (1, 1)


class TestControl:
    def test_w06_a_surviving_u_boat_denies_allied_control(self, data: CampaignData) -> None:
        c = game(data, turn=2, phase=Phase.CONTROL)
        sea(c, "Hood", "North Atlantic")
        assert control.area_control(c, "North Atlantic") is Side.ALLIED
        sea(c, "U-Boat 1", "North Atlantic", Mode.SUBMARINE)
        assert control.area_control(c, "North Atlantic") is None

    def test_v07_raiders_never_control_patrollers_and_air_do(self, data: CampaignData) -> None:
        c = game(data, turn=4, phase=Phase.CONTROL)
        sea(c, "Akagi", "Coral Sea", Mode.RAID)
        assert control.area_control(c, "Coral Sea") is None
        sea(c, "21st Air Flotilla", "Marianas Islands", Mode.AIR)
        assert control.area_control(c, "Marianas Islands") is Side.AXIS
        sea(c, "Kongo", "Coral Sea", Mode.PATROL)
        assert control.area_control(c, "Coral Sea") is Side.AXIS

    def test_surface_raider_controls_alone(self, data: CampaignData) -> None:
        """002 §2.214."""
        c = game(data, turn=2, phase=Phase.CONTROL)
        sea(c, "Atlantis", "South Atlantic")
        assert control.area_control(c, "South Atlantic") is Side.AXIS
        sea(c, "Hood", "South Atlantic")
        assert control.area_control(c, "South Atlantic") is None

    def test_c05_bay_of_bengal_scores_for_the_british_in_was_from_turn_1(self, data: CampaignData) -> None:
        c = game(data, turn=1, phase=Phase.CONTROL)
        sea(c, "Hermes", "Bay of Bengal")
        sea(c, "Hood", "North Sea")
        awards = control.settle_control_and_poc(c)
        # North Sea Allied 1 + Bay of Bengal Allied 1, both on the WAS track; nothing scored in VITP yet
        assert awards == {Theatre.WAS: -2, Theatre.VITP: 0}
        assert c.state.control["Bay of Bengal"] is Side.ALLIED

    def test_caribbean_counts_in_vitp_once_it_has_begun(self, data: CampaignData) -> None:
        c = game(data, turn=3, phase=Phase.CONTROL)
        for area in c.state.control:
            c.state.control[area] = None
        sea(c, "Texas", "Caribbean")
        assert control.settle_control_and_poc(c) == {Theatre.WAS: 0, Theatre.VITP: -1}

    def test_vitp_areas_keep_their_control_before_vitp(self, data: CampaignData) -> None:
        c = game(data, turn=2, phase=Phase.CONTROL)
        control.settle_control_and_poc(c)
        assert c.state.control["Marianas Islands"] is Side.AXIS and c.state.control["Coral Sea"] is Side.ALLIED
        assert c.state.control["Indonesia"] is Side.ALLIED  # kept until the §3.231 check (R-OPS-60)

    def test_indonesia_stays_allied_before_vitp_whoever_is_there(self, data: CampaignData) -> None:
        """002 §3.21 (R-OPS-60): on turns 1-2 Indonesia keeps its Allied start control, even with only a German
        raider there, while the Bay of Bengal next to it is settled from the units at sea."""
        c = game(data, turn=2, phase=Phase.CONTROL)
        sea(c, "Atlantis", "Indonesia", Mode.RAID)
        sea(c, "Orion", "Bay of Bengal", Mode.RAID)
        control.settle_control_and_poc(c)
        assert c.state.control["Indonesia"] is Side.ALLIED
        assert c.state.control["Bay of Bengal"] is Side.AXIS  # the raider controls alone (002 §2.214)
        c.state.turn = 3  # VITP has begun: Indonesia is settled from its units (the raider, alone)
        control.settle_control_and_poc(c)
        assert c.state.control["Indonesia"] is Side.AXIS


class TestIndonesiaGuard:
    """002 §3.231 (R-OPS-60, R-OPS-61): on the first VITP turn, when the raiders move, Allied control of Indonesia
    is removed unless two British battleships of 3-3-6 or better (the whole counter) patrol there."""

    def _check(self, data: CampaignData, *ships: str) -> Side | None:
        c = game(data, turn=3, phase=Phase.AIR)
        assert c.state.control["Indonesia"] is Side.ALLIED  # as VITP starts (002 §3.21)
        for name in ships:
            sea(c, name, "Indonesia")
        c.enter_phase(Phase.RAID)
        lost = [e for e in c.state.events if isinstance(e, ControlLost)]
        assert len(lost) == (c.state.control["Indonesia"] is None)
        return c.state.control["Indonesia"]

    @pytest.mark.parametrize("ships", [("Prince of Wales", "Repulse"), ("Hood", "Renown"),
                                       ("King George V", "Repulse")])
    def test_fast_battleships_keep_it(self, data: CampaignData, ships: tuple[str, str]) -> None:
        assert self._check(data, *ships) is Side.ALLIED

    @pytest.mark.parametrize("ships", [("Nelson", "Rodney"), ("Warspite", "Queen Elizabeth"),
                                       ("Prince of Wales", "Warspite"), ("Revenge", "Ramillies"),
                                       ("Prince of Wales",)])
    def test_slow_battleships_or_one_do_not(self, data: CampaignData, ships: tuple[str, ...]) -> None:
        """5-5-3 and 4-4-4 battleships are stronger but slower than 3-3-6: not "better" (R-OPS-61)."""
        assert self._check(data, *ships) is None

    def test_raiding_battleships_do_not_guard(self, data: CampaignData) -> None:
        c = game(data, turn=3, phase=Phase.AIR)
        sea(c, "Prince of Wales", "Indonesia")
        sea(c, "Repulse", "Indonesia", Mode.RAID)
        c.enter_phase(Phase.RAID)
        assert c.state.control["Indonesia"] is None

    def test_isolation_takes_two_turns(self, data: CampaignData) -> None:
        c = game(data, turn=4, phase=Phase.CONTROL)
        port(c, "Houston", "Philippines")
        for area in ("Indonesia", "Marianas Islands"):
            c.state.control[area] = Side.AXIS
        touches = c.data.ports["Philippines"].touches
        assert set(touches) <= {"Indonesia", "Marianas Islands"}
        control.isolate_ports(c)
        assert c.state.port_owners["Philippines"] is Owner.ALLIED
        control.isolate_ports(c)
        assert c.state.port_owners["Philippines"] == Owner.AXIS
        assert c.state.unit("Houston").status is UnitStatus.SEA  # puts to sea, returns elsewhere


class TestVictory:
    def _end(self, data: CampaignData, was: int, vitp: int) -> str | None:
        c = game(data, turn=10, phase=Phase.END)
        poc(c, was=was, vitp=vitp)
        control.check_victory(c, final=True)
        return c.state.winner

    def test_c02_allies_must_win_or_tie_both(self, data: CampaignData) -> None:
        assert self._end(data, -3, 0) == "allied"
        assert self._end(data, 0, 0) == "allied"
        assert self._end(data, -10, 1) == "axis"
        assert self._end(data, 2, -20) == "axis"

    @pytest.mark.parametrize(("lead", "result"), [(28, None), (29, "axis"), (-28, None), (-29, "allied")])
    def test_automatic_victory_at_a_lead_of_29(self, data: CampaignData, lead: int, result: str | None) -> None:
        """VITP 19 (R-PAC-22): 29, the largest number the POC track shows, wins at once; 28 does not."""
        c = game(data, turn=5, phase=Phase.END)
        poc(c, vitp=lead)
        control.check_victory(c, final=False)
        assert c.state.theatre_results.get(Theatre.VITP) == result
        assert c.state.winner == ("axis" if result == "axis" else None)

    def test_automatic_victory_in_vitp(self, data: CampaignData) -> None:
        c = game(data, turn=5, phase=Phase.END)
        poc(c, vitp=30)
        control.check_victory(c, final=False)
        assert c.state.winner == "axis"
        c = game(data, turn=5, phase=Phase.END)
        poc(c, vitp=-31)
        control.check_victory(c, final=False)
        assert c.state.winner is None and c.state.theatre_results == {Theatre.VITP: "allied"}
