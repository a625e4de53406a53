"""Whole seeded campaigns with classic combat and the baseline AI for all four players."""

from __future__ import annotations

import pytest

from strategic.ai import BaselineAI, play
from strategic.campaign import Campaign
from strategic.classic import ClassicResolver
from strategic.clock import Clock
from strategic.events import CombatNoted, UnitSunk
from strategic.narrate import describe
from strategic.state import UnitStatus

PLAYERS = ("japan", "germany_italy", "united_states", "allies")


def _play(data, seed: int) -> tuple[Campaign, Clock, set[str]]:  # type: ignore[no-untyped-def]
    campaign = Campaign.new(data, "standard", seed=seed, resolver=ClassicResolver())
    sunk: set[str] = set()
    seen_after_sinking: list[str] = []

    def watch(event) -> None:  # type: ignore[no-untyped-def]
        if isinstance(event, UnitSunk):
            sunk.add(event.unit)
        elif getattr(event, "unit", None) in sunk:
            seen_after_sinking.append(f"{event.kind}: {describe(event)}")

    campaign.on_event = watch
    clock = Clock(campaign)
    ai = BaselineAI()
    play(campaign, clock, dict.fromkeys(PLAYERS, ai))
    assert not seen_after_sinking, seen_after_sinking[:5]
    return campaign, clock, sunk


def _check(campaign: Campaign, clock: Clock, sunk: set[str]) -> None:
    state = campaign.state
    assert campaign.blocked is None and clock.finished
    assert state.winner in ("axis", "allied")
    assert state.turn == campaign.setup.last_turn or state.theatre_results
    for us in state.units.values():
        if us.status in (UnitStatus.SUNK, UnitStatus.REMOVED):
            assert us.place is None, us.name
        elif us.status is UnitStatus.SEA:
            assert us.place in campaign.data.areas, us.name
    for name in sunk:
        assert state.unit(name).status is UnitStatus.SUNK
    battles = [e for e in state.events if isinstance(e, CombatNoted) and "battle:" in e.note]
    assert battles, "no battle was fought"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_standard_campaign_plays_to_the_end_with_classic_combat(data, seed: int) -> None:  # type: ignore[no-untyped-def]
    campaign, clock, sunk = _play(data, seed)
    _check(campaign, clock, sunk)
    assert sunk, "ten turns of war and nothing sunk"


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4, 40))
def test_many_seeded_campaigns(data, seed: int) -> None:  # type: ignore[no-untyped-def]
    _check(*_play(data, seed))
