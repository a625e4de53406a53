"""The Pacific before VITP begins and the Bay of Bengal on turns 1-2 (issue 19 "rules fidelity": 002 §1.3, §3.21,
the chart's notes; R-PAC-25, R-OPS-73), and War at Sea alone's US ships before their entry (R-OPS-74)."""

from __future__ import annotations

import numpy as np
import pytest

from scenarios.loader import CampaignData
from scenarios.models import Player, Side, Theatre
from strategic import control
from strategic.ai import BaselineAI, play
from strategic.campaign import Campaign
from strategic.classic import ClassicResolver
from strategic.clock import Clock, Decision
from strategic.events import OrderGiven, UnitArrived, UsEntryRoll
from strategic.orders import IllegalOrder, PlaceReinforcement
from strategic.state import UNTIL_US_ENTRY, Phase, UnitStatus
from strategic.turn_summary import control_lines, summarize, summary_lines
from tactical.dice import Dice
from tests.strategic.engine_helpers import game, sea

PLAYERS = [p.value for p in Player]
SOUTHERN_FORCE = ["Kongo", "Haruna", "Ashigara", "Takao", "Atago", "Maya", "Chokai", "Mogami", "Mikuma", "Suzuya",
                  "Kumano", "22nd Air Flotilla"]


def where(campaign: Campaign, names: list[str]) -> set[tuple[UnitStatus, str | None]]:
    return {(campaign.state.unit(n).status, campaign.state.unit(n).place) for n in names}


class TestStartingForcesSetUpWhereListed:
    """R-PAC-25: the VITP starting forces start where the VITP cards put them (002 §3.21, chart notes)."""

    def test_standard_start_japan_has_nothing_to_place(self, data: CampaignData) -> None:
        campaign = Campaign.new(data, "standard", seed=1)
        clock = Clock(campaign)
        assert clock.decision is not None and clock.decision.phase is Phase.REINFORCE
        assert clock.decision.player is Player.ALLIES  # Japan, first in the phase, has no decision
        assert where(campaign, SOUTHERN_FORCE) == {(UnitStatus.PORT, "Saigon")}
        assert campaign.legal_orders("japan") == []
        arrived = [e for e in campaign.state.events if isinstance(e, UnitArrived) and e.unit == "Kongo"]
        assert [(e.phase, e.place) for e in arrived] == [(Phase.START, "Saigon")]
        with pytest.raises(IllegalOrder, match="Kongo is not arriving this turn"):
            campaign.apply("japan", PlaceReinforcement(unit="Kongo", place="Yokosuka Navy Yard"))
        # the British starting forces keep their choice of five ports (002 §3.22)
        assert {o.place for o in campaign.legal_orders("allies") if o.unit == "Hermes"} == {
            "England", "Malta", "Neutral Country", "Ceylon", "Singapore"}

    def test_early_war_takes_the_fallback_and_vitp_alone_saigon(self, data: CampaignData) -> None:
        early = Campaign.new(data, "early_war", seed=1)
        Clock(early)
        assert where(early, SOUTHERN_FORCE) == {(UnitStatus.PORT, "Yokosuka Navy Yard")}  # Saigon Allied (002 §5.4)
        alone = Campaign.new(data, "vitp_only", seed=1)
        clock = Clock(alone)
        assert alone.state.turn == 3 and where(alone, SOUTHERN_FORCE) == {(UnitStatus.PORT, "Saigon")}
        assert clock.decision is not None and clock.decision.player is not Player.JAPAN

    def test_neither_japan_nor_the_us_gives_an_order_on_turns_1_and_2(self, data: CampaignData) -> None:
        campaign = Campaign.new(data, "standard", seed=1, resolver=ClassicResolver())
        campaign.state.combat = "classic"
        pacific = [n for n in campaign.state.units if data.nations[data.units[n].nation].time_track is Theatre.VITP]
        active: list[tuple[int, str]] = []  # Pacific units not inactive at a decision of turns 1-2

        def check(decision: Decision) -> None:
            active.extend((decision.turn, n) for n in pacific if campaign.state.unit(n).inactive_until != 3)

        play(campaign, Clock(campaign), {p: BaselineAI() for p in PLAYERS}, on_decision=check, stop_at_turn=3)
        assert active == []
        orders = {(e.turn, e.player) for e in campaign.state.events if isinstance(e, OrderGiven)}
        assert {player for _, player in orders} == {"allies", "germany_italy"}
        waiting = [e.unit for e in campaign.state.events if isinstance(e, UnitArrived) and e.turn == 2
                   and e.unit in pacific]
        assert sorted(waiting) == ["24th Air Flotilla", "7th Air Force", "Shokaku", "Wasp"]
        lines = summary_lines(summarize(campaign, 2), data.groups)
        assert ("  (The Pacific's 4 arrival(s) are set up and wait there, inactive, until VITP begins on turn 3: "
                "002 §3.21.)") in lines
        assert not any("The Pacific's" in line for line in summary_lines(summarize(campaign, 3), data.groups))


class TestBayOfBengalBeforeVitp:
    """R-OPS-73: settled from turn 1 by the ships at sea there (002 §1.3, §3.21; VITP control, case V-07)."""

    def test_an_empty_bay_is_uncontrolled_and_the_summary_says_why(self, data: CampaignData) -> None:
        c = game(data, turn=1, phase=Phase.CONTROL)
        assert c.state.control["Bay of Bengal"] is Side.ALLIED  # the VITP start (R-SET-02)
        awards = control.settle_control_and_poc(c)
        assert c.state.control["Bay of Bengal"] is None and awards == {Theatre.WAS: 0, Theatre.VITP: 0}
        assert c.state.control["Coral Sea"] is Side.ALLIED  # the other VITP areas keep theirs (R-OPS-10)
        assert control_lines(summarize(c, 1)) == [
            "Control changes: Bay of Bengal Allies -> uncontrolled (settled from turn 1 by the ships at sea there: "
            "002 §1.3, §3.21)"]

    def test_a_british_patrol_keeps_it_and_scores_in_war_at_sea(self, data: CampaignData) -> None:
        c = game(data, turn=1, phase=Phase.CONTROL)
        sea(c, "Hermes", "Bay of Bengal")
        sea(c, "Hood", "North Sea")
        assert control.settle_control_and_poc(c) == {Theatre.WAS: -2, Theatre.VITP: 0}
        assert c.state.control["Bay of Bengal"] is Side.ALLIED
        assert control_lines(summarize(c, 1)) == ["Control changes: North Sea uncontrolled -> Allies"]

    def test_after_vitp_begins_no_reason_is_given(self, data: CampaignData) -> None:
        c = game(data, turn=3, phase=Phase.CONTROL)
        control.settle_control_and_poc(c)
        line = control_lines(summarize(c, 3))[0]
        assert "Bay of Bengal Allies -> uncontrolled;" in line and "settled from turn 1" not in line


class _EntryFails(Dice):
    """Seeded dice, but every US entry roll is a 5 (R-OPS-64: only a 6 enters); logged as any roll."""

    def roll(self, count: int, sides: int = 6, *, label: str, rule: str = "") -> tuple[int, ...]:
        self._entry = label.startswith("US entry")
        return super().roll(count, sides, label=label, rule=rule)

    def _draw(self, count: int, sides: int) -> np.ndarray:
        return np.full(count, 5) if self._entry else super()._draw(count, sides)


def test_war_at_sea_alone_gives_the_us_no_order_before_its_entry(data: CampaignData) -> None:
    """R-OPS-74 (R-OPS-11, R-OPS-64): without the option the US ships of War at Sea alone wait, inactive, from
    turn 1; the rolls of turns 4 and 5 (all 5s here) let none in, so the US has given no order by then."""
    campaign = Campaign.new(data, "was_only", seed=1, resolver=ClassicResolver())
    campaign.state.combat = "classic"
    campaign.dice = _EntryFails(1)
    us_ships = sorted(n for n, us in campaign.state.units.items() if us.inactive_until == UNTIL_US_ENTRY)
    assert "Augusta" in us_ships and "Washington" in us_ships
    play(campaign, Clock(campaign), {p: BaselineAI() for p in PLAYERS}, stop_at_turn=5)
    assert not [e for e in campaign.state.events if isinstance(e, OrderGiven) and e.player == "united_states"]
    rolls = [e for e in campaign.state.events if isinstance(e, UsEntryRoll)]
    assert rolls and {(e.turn, e.face, e.needed, e.entered) for e in rolls} == {(4, 5, 6, False), (5, 5, 6, False)}
    assert all(campaign.state.unit(n).inactive_until == UNTIL_US_ENTRY for n in us_ships)
    assert not any(campaign.state.unit(n).place == "North Atlantic" for n in us_ships)
