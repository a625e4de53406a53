"""War at Sea convoys (reference/was.md §5; R-OPS-40, R-OPS-41), the Neutral Port (reference/was.md §1.3;
R-OPS-42, R-OPS-43) and the surface raiders moving like German ships (002 §2.212, §3.332, §3.36; R-OPS-44)."""

from __future__ import annotations

import pytest

from scenarios.loader import CampaignData
from scenarios.models import Side, Theatre
from strategic import basing, placement
from strategic.combat import BattleOutcome, UnitResult, apply_outcome
from strategic.events import ConvoyArrived, NeutralPortStay, PocScored
from strategic.narrate import describe
from strategic.orders import IllegalOrder, Move, ReturnToPort
from strategic.state import Mode, Phase, UnitStatus
from tests.strategic.classic.helpers import at_sea, fight
from tests.strategic.classic.helpers import game as combat_game
from tests.strategic.engine_helpers import game, poc, port, sea


def events(c, kind) -> list:
    return [e for e in c.state.events if isinstance(e, kind)]


def was_award(c) -> int:
    return events(c, PocScored)[-1].awards[Theatre.WAS]


class TestConvoyOrders:
    def test_the_two_routes_are_the_legal_orders(self, data: CampaignData) -> None:
        c = game(data, turn=4)
        port(c, "Convoy 1A", "United States")
        moves = [o for o in c.legal_orders("allies") if getattr(o, "unit", None) == "Convoy 1A"]
        assert moves == [Move(unit="Convoy 1A", path=("North Atlantic",)),
                         Move(unit="Convoy 1A", path=("North Atlantic", "Barents Sea"))]

    def test_other_paths_are_refused_naming_the_rule(self, data: CampaignData) -> None:
        c = game(data, turn=4)
        port(c, "Convoy 1A", "United States")
        with pytest.raises(IllegalOrder, match=r"^WAS §5 convoys \(R-OPS-40\): Caribbean is not a convoy route"):
            c.apply("allies", Move(unit="Convoy 1A", path=("Caribbean",)))
        port(c, "Convoy 2B", "England")
        with pytest.raises(IllegalOrder, match="convoys sail only from the United States, not from England"):
            c.apply("allies", Move(unit="Convoy 2B", path=("North Atlantic",)))

    def test_no_passing_an_axis_controlled_north_atlantic(self, data: CampaignData) -> None:
        c = game(data, turn=4)
        port(c, "Convoy 1A", "United States")
        c.state.control["North Atlantic"] = Side.AXIS
        with pytest.raises(IllegalOrder, match="cannot move through North Atlantic"):
            c.apply("allies", Move(unit="Convoy 1A", path=("North Atlantic", "Barents Sea")))

    def test_a_convoy_sails_with_no_speed_roll(self, data: CampaignData) -> None:
        c = game(data, turn=4)  # no dice scripted: a roll would fail the test
        port(c, "Convoy 1A", "United States")
        c.apply("allies", Move(unit="Convoy 1A", path=("North Atlantic", "Barents Sea")))
        us = c.state.unit("Convoy 1A")
        assert (us.status, us.place, us.mode) == (UnitStatus.SEA, "Barents Sea", Mode.PATROL)
        moved = [e for e in c.state.events if e.kind == "move"]
        assert describe(moved[-1]) == ("Convoy 1A sails United States -> North Atlantic -> Barents Sea, "
                                       "bound for Russia")  # it does not "patrol" (R-OPS-40)


class TestConvoyArrival:
    def test_arrivals_score_one_for_england_two_for_russia(self, data: CampaignData) -> None:
        c = game(data, turn=5, phase=Phase.COMBAT)
        sea(c, "Convoy 1A", "North Atlantic")
        sea(c, "Convoy 2A", "Barents Sea")
        c.enter_phase(Phase.CONTROL)
        arrived = events(c, ConvoyArrived)
        assert [(e.unit, e.port, e.poc) for e in arrived] == [("Convoy 1A", "England", 1), ("Convoy 2A", "Russia", 2)]
        assert was_award(c) == -3 and c.state.poc[Theatre.WAS] == -3
        assert all(c.state.unit(n).status is UnitStatus.REMOVED for n in ("Convoy 1A", "Convoy 2A"))
        assert "Convoy 2A reaches Russia: 2 POC for the Allies" in describe(arrived[1])

    def test_u_boat_sinks_a_convoy_which_then_scores_nothing(self, data: CampaignData) -> None:
        c = combat_game(data, turn=5, faces=(6, 6))  # U-Boat torpedo 6: hit; damage 6 > defence 2
        at_sea(c, "North Atlantic", "Convoy 1A", "U-Boat 1")
        apply_outcome(c, fight(c, "North Atlantic"))
        assert c.state.unit("Convoy 1A").status is UnitStatus.SUNK
        c.enter_phase(Phase.CONTROL)
        assert events(c, ConvoyArrived) == [] and c.state.poc[Theatre.WAS] == 0

    def test_surface_and_air_attacks_reach_convoys(self, data: CampaignData) -> None:
        c = combat_game(data, turn=5, faces=(6, 1, 1, 6, 6, 6))  # Scharnhorst 6, 1, 1: one hit, damage 6
        at_sea(c, "Barents Sea", "Convoy 2A", "Scharnhorst")
        out = fight(c, "Barents Sea")
        assert [r.name for r in out.results if r.sunk] == ["Convoy 2A"]

    def test_a_disabled_convoy_turns_back_to_the_united_states(self, data: CampaignData) -> None:
        c = game(data, turn=5, phase=Phase.COMBAT)
        sea(c, "Convoy 2A", "Barents Sea")
        battle = type("B", (), {"area": "Barents Sea"})()
        apply_outcome(c, BattleOutcome(battle, [UnitResult("Convoy 2A", disabled=True)]))  # type: ignore[arg-type]
        us = c.state.unit("Convoy 2A")
        assert (us.status, us.place) == (UnitStatus.PORT, "United States")
        c.enter_phase(Phase.CONTROL)
        assert events(c, ConvoyArrived) == []


def _disable(c, name: str, area: str) -> None:
    battle = type("B", (), {"area": area})()
    apply_outcome(c, BattleOutcome(battle, [UnitResult(name, disabled=True)]))  # type: ignore[arg-type]


class TestNeutralPort:
    def test_ships_disabled_in_the_south_atlantic_go_to_neutral_country(self, data: CampaignData) -> None:
        c = game(data, turn=4, phase=Phase.COMBAT)
        sea(c, "Hood", "South Atlantic")
        sea(c, "Scharnhorst", "South Atlantic")
        c.state.unit("Hood").sailed_from = "England"
        _disable(c, "Hood", "South Atlantic")
        _disable(c, "Scharnhorst", "South Atlantic")
        assert c.state.unit("Hood").place == c.state.unit("Scharnhorst").place == "Neutral Country"

    def test_disabled_elsewhere_returns_as_usual(self, data: CampaignData) -> None:
        c = game(data, turn=4, phase=Phase.COMBAT)
        sea(c, "Hood", "North Atlantic")
        c.state.unit("Hood").sailed_from = "England"
        _disable(c, "Hood", "North Atlantic")
        assert c.state.unit("Hood").place == "England"

    def test_staying_a_second_turn_costs_one_poc_each_side(self, data: CampaignData) -> None:
        c = game(data, turn=5, phase=Phase.COMBAT)
        port(c, "Hood", "Neutral Country")  # went there last turn and did not sail
        port(c, "Scharnhorst", "Neutral Country")
        port(c, "Renown", "Neutral Country")
        c.state.unit("Renown").returned_early = True  # put there this turn (disabled): no penalty yet
        c.enter_phase(Phase.CONTROL)
        stays = events(c, NeutralPortStay)
        assert [(e.unit, e.side, e.poc) for e in stays] == [("Hood", "allied", 1), ("Scharnhorst", "axis", 1)]
        assert was_award(c) == 0  # +1 for the Axis (Hood), -1 for the Allies' gain (Scharnhorst)
        assert "Hood stays a second turn in Neutral Country: the Allied side loses 1 POC" in describe(stays[0])

    def test_a_ship_that_sails_pays_nothing_nor_on_the_first_turn(self, data: CampaignData) -> None:
        c = game(data, turn=5, phase=Phase.COMBAT)
        sea(c, "Hood", "South Atlantic")
        c.enter_phase(Phase.CONTROL)
        assert events(c, NeutralPortStay) == []
        c = game(data, turn=1, phase=Phase.COMBAT)
        port(c, "Hood", "Neutral Country")
        c.enter_phase(Phase.CONTROL)
        assert events(c, NeutralPortStay) == []

    @pytest.mark.parametrize(("unit", "area", "turn"), [("Scharnhorst", "South Atlantic", 1),
                                                         ("Pinguin", "Cape of Good Hope", 4),
                                                         ("Scharnhorst", "Caribbean", 4)])
    def test_a_german_ship_does_not_choose_the_neutral_port(self, data: CampaignData, unit: str, area: str,
                                                            turn: int) -> None:
        """R-OPS-65 (002 §2.212): a German ship (a surface raider too) with no Axis port at hand rolls for oil
        instead of returning to Neutral Country; a 4 reaches Germany."""
        c = game(data, turn=turn, phase=Phase.RETURN, faces=(4,))
        sea(c, unit, area, Mode.PATROL)
        options = basing.return_options(c, c.state.unit(unit))
        assert [(o.port, o.how) for o in options] == [("Germany", "oil")]
        with pytest.raises(IllegalOrder, match=r"^WAS Neutral Port, 002 §2\.212 \(R-OPS-65\): "):
            c.apply("germany_italy", ReturnToPort(unit=unit, port="Neutral Country"))
        c.leave_phase(Phase.RETURN)
        assert c.state.unit(unit).place == "Germany"

    def test_the_neutral_port_stays_a_base_for_the_allies_and_a_refuge_for_germans(self, data: CampaignData) -> None:
        """R-OPS-16 stands for British ships (002 §3.422); Germans still go there disabled (R-OPS-42), from the Bay
        of Bengal (002 §3.332) and on a failed oil roll."""
        c = game(data, turn=4, phase=Phase.RETURN, faces=(5,))
        sea(c, "Hood", "South Atlantic")
        assert "Neutral Country" in [o.port for o in basing.return_options(c, c.state.unit("Hood"))]
        sea(c, "Atlantis", "Bay of Bengal", Mode.RAID)
        assert [o.port for o in basing.return_options(c, c.state.unit("Atlantis"))] == ["Neutral Country"]
        sea(c, "Pinguin", "Cape of Good Hope", Mode.PATROL)
        c.apply("germany_italy", ReturnToPort(unit="Pinguin", port="Germany"))  # oil roll 5: fails
        assert c.state.unit("Pinguin").place == "Neutral Country"

    def test_oil_roll_failure_ends_in_neutral_country(self, data: CampaignData) -> None:
        c = game(data, turn=7, phase=Phase.RETURN, faces=(6,))  # France closed; oil roll 6 fails
        sea(c, "Scharnhorst", "North Atlantic")
        c.leave_phase(Phase.RETURN)
        assert c.state.unit("Scharnhorst").place == "Neutral Country"


class TestRaidersMoveLikeGermanShips:
    def test_raider_in_the_north_atlantic_returns_to_france_or_rolls_for_germany(self, data: CampaignData) -> None:
        c = game(data, turn=2, phase=Phase.RETURN)
        sea(c, "Orion", "North Atlantic", Mode.RAID)
        assert [o.port for o in basing.return_options(c, c.state.unit("Orion"))] == ["France"]
        c = game(data, turn=7, phase=Phase.RETURN, faces=(2,))  # France closed: oil roll 2 reaches Germany
        sea(c, "Orion", "North Atlantic", Mode.RAID)
        c.leave_phase(Phase.RETURN)
        assert (c.state.unit("Orion").status, c.state.unit("Orion").place) == (UnitStatus.PORT, "Germany")

    def test_raider_in_the_bay_of_bengal_may_return_to_neutral_country(self, data: CampaignData) -> None:
        c = game(data, turn=2, phase=Phase.RETURN)
        sea(c, "Atlantis", "Bay of Bengal", Mode.RAID)
        assert [o.port for o in basing.return_options(c, c.state.unit("Atlantis"))] == ["Neutral Country"]
        c.leave_phase(Phase.RETURN)
        assert c.state.unit("Atlantis").place == "Neutral Country"

    def test_raider_in_vitp_is_forced_to_the_cape(self, data: CampaignData) -> None:
        c = game(data, turn=5, phase=Phase.START)
        port(c, "Pinguin", "Neutral Country")
        sea(c, "Atlantis", "Bay of Bengal", Mode.RAID)
        poc(c, was=0)
        placement.forced_moves(c)
        assert c.state.unit("Atlantis").place == "Cape of Good Hope"
        assert c.state.unit("Pinguin").place == "Neutral Country"  # a WAS port: it stays

    def test_raider_sails_from_germany_after_turn_one(self, data: CampaignData) -> None:
        c = game(data, turn=2)
        port(c, "Orion", "Germany")
        c.apply("germany_italy", Move(unit="Orion", path=("North Sea",)))
        assert c.state.unit("Orion").place == "North Sea"


class TestAIAndSummary:
    def test_ai_sails_to_russia_when_the_barents_is_allied_else_england(self, data: CampaignData) -> None:
        from strategic.ai import BaselineAI
        c = game(data, turn=4)
        port(c, "Convoy 1A", "United States")
        c.state.control["North Atlantic"], c.state.control["Barents Sea"] = Side.ALLIED, Side.AXIS
        convoy = [o for o in BaselineAI().orders(c, "allies") if getattr(o, "unit", None) == "Convoy 1A"]
        assert convoy == [Move(unit="Convoy 1A", path=("North Atlantic",))]
        c.state.control["Barents Sea"] = Side.ALLIED
        convoy = [o for o in BaselineAI().orders(c, "allies") if getattr(o, "unit", None) == "Convoy 1A"]
        assert convoy == [Move(unit="Convoy 1A", path=("North Atlantic", "Barents Sea"))]

    def test_ai_waits_while_the_north_atlantic_is_axis_until_the_last_turn(self, data: CampaignData) -> None:
        from strategic.planner import PlanningAI
        c = game(data, turn=4)
        port(c, "Convoy 1A", "United States")
        c.state.control["North Atlantic"] = Side.AXIS
        assert not [o for o in PlanningAI().orders(c, "allies") if getattr(o, "unit", None) == "Convoy 1A"]
        c.state.turn = c.setup.last_turn
        assert [o for o in PlanningAI().orders(c, "allies") if getattr(o, "unit", None) == "Convoy 1A"] == [
            Move(unit="Convoy 1A", path=("North Atlantic",))]

    def test_ai_sails_out_of_the_neutral_port(self, data: CampaignData) -> None:
        from strategic.ai import BaselineAI
        from strategic.planner import PlanningAI
        c = game(data, turn=4)
        port(c, "Pinguin", "Neutral Country")
        for ai in (BaselineAI(), PlanningAI()):
            moves = [o for o in ai.orders(c, "germany_italy") if getattr(o, "unit", None) == "Pinguin"]
            assert len(moves) == 1 and isinstance(moves[0], Move)

    def test_turn_summary_tells_arrivals_losses_and_stays(self, data: CampaignData) -> None:
        from strategic.turn_summary import summarize, summary_lines
        c = combat_game(data, turn=5, faces=(6, 6))
        at_sea(c, "North Atlantic", "Convoy 2B", "U-Boat 1")
        apply_outcome(c, fight(c, "North Atlantic"))
        sea(c, "Convoy 2A", "North Atlantic")
        port(c, "Hood", "Neutral Country")
        c.enter_phase(Phase.CONTROL)
        lines = summary_lines(summarize(c, 5), c.data.groups)
        assert "Convoys: Convoy 2A reaches England (Allies +1 POC); Convoy 2B sunk in North Atlantic." in lines
        assert "Neutral port: Hood stayed a second turn in Neutral Country (the Allies lose 1 POC)." in lines
        was = next(line for line in lines if line.startswith("POC WAS"))
        assert "convoys 1" in was and "neutral-port stays 1" in was
