"""The tactical bridge (strategic/battles.py, issue 7): campaign battles fought as Victory at Sea battles."""

from __future__ import annotations

import pytest

from scenarios.loader import CampaignData
from scenarios.models import Player, Side
from strategic.ai import BaselineAI, play
from strategic.battles import (
    TacticalResolver,
    battle_number,
    campaign_year,
    damage_points_for,
    hull_lost_for,
    objectives,
)
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.combat import Battle, BattleOutcome, UnitResult, apply_outcome
from strategic.state import Mode, Phase, UnitStatus
from tactical.dice import Dice
from tactical.scenario import Objective
from tests.strategic.engine_helpers import game, sea


def test_damage_round_trips_through_hull() -> None:
    """R-CARD-04/07: a counter's damage points come back unchanged when the battle adds no Hull loss."""
    for hull in (6, 8, 20, 26, 72, 119, 151):
        for defence in range(0, min(10, hull)):  # every campaign ship has more Hull than damage states
            for damage in range(0, defence + 1):
                lost = hull_lost_for(damage, defence, hull)
                assert 0 <= lost < hull
                assert damage_points_for(lost, defence, hull) == damage
            assert damage_points_for(hull - 1, defence, hull) == defence  # afloat: never beyond the defence
    assert hull_lost_for(3, 5, 72) == 36 and damage_points_for(37, 5, 72) == 4


def test_years_by_turn() -> None:
    assert [campaign_year(t) for t in range(1, 11)] == [1941] * 3 + [1942] * 3 + [1943] * 2 + [1944] * 2


def _battle(campaign: Campaign, area: str) -> Battle:
    sides = {Side.ALLIED: [], Side.AXIS: []}
    for us in campaign.state.units.values():
        if us.status is UnitStatus.SEA and us.place == area:
            sides[us.side].append(us.name)
    return Battle(area, campaign.data.areas[area].theatre, tuple(sides[Side.ALLIED]), tuple(sides[Side.AXIS]))


def _north_sea(data: CampaignData, seed: int = 7) -> Campaign:
    campaign = game(data, turn=2, phase=Phase.COMBAT)
    campaign.dice = Dice(seed)
    campaign.state.seed = seed
    for name in ("Hood", "Kent", "Norfolk"):
        sea(campaign, name, "North Sea")
    for name in ("Bismarck", "Prinz Eugen", "U-Boat 1"):
        sea(campaign, name, "North Sea")
    return campaign


def test_objectives_follow_the_strategic_situation(data: CampaignData) -> None:
    campaign = _north_sea(data)
    on_table = {Side.ALLIED: ["Hood", "Kent", "Norfolk"], Side.AXIS: ["Bismarck", "Prinz Eugen"]}
    battle = _battle(campaign, "North Sea")
    campaign.state.control["North Sea"] = None
    assert objectives(campaign, battle, on_table) == {Side.ALLIED: Objective.ATTRITION, Side.AXIS: Objective.ATTRITION}
    campaign.state.control["North Sea"] = Side.ALLIED
    assert objectives(campaign, battle, on_table)[Side.ALLIED] is Objective.DEFENCE_LINE
    assert objectives(campaign, battle, on_table)[Side.AXIS] is Objective.SWEEP_AND_CLEAR
    for name in on_table[Side.AXIS]:
        campaign.state.unit(name).mode = Mode.RAID
    assert objectives(campaign, battle, on_table)[Side.AXIS] is Objective.BREAKOUT
    weak = {Side.ALLIED: ["Kent"], Side.AXIS: ["Bismarck", "Prinz Eugen"]}
    assert objectives(campaign, battle, weak) == {Side.ALLIED: Objective.LAST_STAND, Side.AXIS: Objective.DESTROY}
    convoy = {Side.ALLIED: ["Convoy 1A", "Kent"], Side.AXIS: ["Prinz Eugen"]}
    assert objectives(campaign, battle, convoy)[Side.ALLIED] is Objective.FIGHTING_RETREAT


def test_a_battle_is_fought_on_the_table_and_comes_back_as_damage(data: CampaignData) -> None:
    campaign = _north_sea(data)
    campaign.state.unit("Hood").damage = 2
    resolver = TacticalResolver(keep_reports=True)
    battle = _battle(campaign, "North Sea")
    outcome = resolver.resolve(campaign, battle)
    fought = resolver.battles[0]
    spec = fought.spec
    assert sorted(s.name for s in spec.sides[0].ships) == ["Hood", "Kent", "Norfolk"]
    assert sorted(s.name for s in spec.sides[1].ships) == ["Bismarck", "Prinz Eugen"]
    hood = next(s for s in spec.sides[0].ships if s.name == "Hood")
    assert hood.hull_lost == hull_lost_for(2, 4, hood.card.hull) > 0  # Hood 4-4-7 with 2 damage points
    assert "U-Boat 1" in fought.left_out and spec.key == (2, battle_number(data, "North Sea"))
    assert fought.year == 1941
    assert not campaign.dice.log  # the battle's dice are spawned, the campaign's own are not rolled
    report = fought.report
    for result in outcome.results:
        ship = report.ship(result.name)
        assert result.sunk == ship.sunk
        if ship.crippled and not ship.sunk:
            assert result.disabled
    texts = [e.text for e in campaign.state.events if e.kind == "battle"]
    assert texts[0].startswith("Tactical battle in North Sea (1941")
    assert any("U-Boat 1 stays out of the tactical battle: submarine" in t for t in texts)


def test_same_seed_same_battle(data: CampaignData) -> None:
    def fight(seed: int) -> list[UnitResult]:
        campaign = _north_sea(data, seed)
        return TacticalResolver().resolve(campaign, _battle(campaign, "North Sea")).results

    assert fight(11) == fight(11)
    assert any(fight(s) != fight(11) for s in (12, 13, 14))


class Recorder:
    name = "recorder"

    def __init__(self) -> None:
        self.seen: list[str] = []

    def resolve(self, campaign: Campaign, battle: Battle) -> BattleOutcome:
        self.seen.append(battle.area)
        return BattleOutcome(battle)


def test_what_the_table_cannot_fight_goes_to_the_fallback(data: CampaignData) -> None:
    campaign = game(data, turn=4, phase=Phase.COMBAT)
    sea(campaign, "Yamato", "Coral Sea")
    sea(campaign, "5th Air Force", "Coral Sea")
    recorder = Recorder()
    outcome = TacticalResolver(fallback=recorder).resolve(campaign, _battle(campaign, "Coral Sea"))
    assert recorder.seen == ["Coral Sea"] and outcome.results == []
    assert "fought by the recorder rules: the Allies have no ship for the table" in campaign.state.events[-1].text
    assert campaign.state.events[-1].rule == "R-CARD-03"
    silent = TacticalResolver(use_fallback=False).resolve(campaign, _battle(campaign, "Coral Sea"))
    assert silent.results == [] and "nothing is fought" in campaign.state.events[-1].text


def test_results_go_back_on_the_counters(data: CampaignData) -> None:
    campaign = _north_sea(data, seed=3)
    resolver = TacticalResolver()
    outcome = resolver.resolve(campaign, _battle(campaign, "North Sea"))
    apply_outcome(campaign, outcome)
    for result in outcome.results:
        us = campaign.state.unit(result.name)
        if result.sunk:
            assert us.status is UnitStatus.SUNK
        elif result.disabled or result.withdrew:
            assert us.status is not UnitStatus.SEA or us.place != "North Sea"
        defence = campaign.unit_record(result.name).defence or 0
        assert us.damage <= defence or us.status is UnitStatus.SUNK


def _campaign(data: CampaignData, seed: int) -> tuple[Campaign, Clock]:
    campaign = Campaign.new(data, "standard", seed=seed, resolver=TacticalResolver())
    return campaign, Clock(campaign)


def test_two_turns_of_a_campaign_with_tactical_combat(data: CampaignData) -> None:
    campaign, clock = _campaign(data, 1)
    play(campaign, clock, {p.value: BaselineAI() for p in Player}, stop_at_turn=3)
    assert campaign.blocked is None and campaign.state.turn == 3
    assert any(e.text.startswith("Tactical battle in") for e in campaign.state.events)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_standard_campaign_plays_to_the_end_with_tactical_combat(data: CampaignData, seed: int) -> None:
    campaign, clock = _campaign(data, seed)
    play(campaign, clock, {p.value: BaselineAI() for p in Player})
    assert clock.finished and campaign.blocked is None and campaign.state.winner in ("allied", "axis")
    again, clock2 = _campaign(data, seed)
    play(again, clock2, {p.value: BaselineAI() for p in Player})
    assert [e.text for e in again.state.events] == [e.text for e in campaign.state.events]  # same seed, same game
    for us in campaign.state.units.values():
        if us.status is UnitStatus.SUNK:
            assert us.place is None
