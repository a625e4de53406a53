"""R-DATA-04 (issue 13 item 3): no save the program writes is refused.  Seeded games of every set-up are played
decision by decision and the save of each decision (and of the end) is put through every check of
:mod:`strategic.save_checks`; the bad saves the checks do refuse are in ``tests/test_bad_inputs_saves.py``."""

from __future__ import annotations

import contextlib
import os

import pytest

from scenarios.loader import CampaignData
from strategic.ai import BaselineAI
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.orders import IllegalOrder
from strategic.resolvers import make_resolver
from strategic.save_checks import data_problems, dice_problems, game_problems
from strategic.saves import save_text
from strategic.state import CampaignState
from tactical.dice import Dice

PLAYERS = ("japan", "germany_italy", "united_states", "allies")


def problems_of_its_save(campaign: Campaign) -> list[str]:
    state = CampaignState.model_validate_json(save_text(campaign))
    out = data_problems(state, campaign.data) + dice_problems(state.dice)
    return out + game_problems(Campaign(campaign.data, state, Dice.from_state(state.dice)))


def checked_decisions(data: CampaignData, setup: str, seed: int, combat: str,
                      last_turn: int = 99) -> tuple[int, list[str]]:
    """Play a game (to the end, or to the start of ``last_turn + 1``); the number of saves checked and every problem
    found, with where."""
    campaign = Campaign.new(data, setup, seed=seed, resolver=make_resolver(combat))
    clock = Clock(campaign)
    agent = BaselineAI()
    checked, found = 0, []
    while True:
        problems = problems_of_its_save(campaign)
        checked += 1
        found += [f"{setup} seed {seed} turn {campaign.state.turn} {campaign.state.phase.value}: {p}"
                  for p in problems]
        if clock.decision is None or clock.decision.turn > last_turn:
            return checked, found
        player = clock.decision.player.value
        for order in agent.orders(campaign, player):
            with contextlib.suppress(IllegalOrder):
                campaign.apply(player, order)
        clock.end_decision()


@pytest.mark.parametrize("setup", ["standard", "was_only", "vitp_only", "early_war"])
def test_every_decision_of_a_classic_game_saves_a_save_that_passes_every_check(data: CampaignData,
                                                                               setup: str) -> None:
    checked, found = checked_decisions(data, setup, seed=2, combat="classic")
    assert found == []
    assert checked > 50  # the whole game, decision by decision


def test_every_decision_of_a_tactical_game_saves_a_save_that_passes_every_check(data: CampaignData) -> None:
    """To the end of turn 4: the War at Sea turns, the Pacific war's first turn (the surprise attacks) and one
    combined turn (the whole game: the slow test below)."""
    checked, found = checked_decisions(data, "standard", seed=3, combat="tactical", last_turn=4)
    assert found == [] and checked > 40


@pytest.mark.slow
def test_every_decision_of_whole_tactical_games_saves_a_save_that_passes_every_check(data: CampaignData) -> None:
    found = [p for seed in (3, 4, 5) for p in checked_decisions(data, "standard", seed, "tactical")[1]]
    assert found == []


@pytest.mark.slow
@pytest.mark.parametrize("setup", ["standard", "was_only", "vitp_only", "early_war"])
def test_many_seeded_games_save_only_good_saves(data: CampaignData, setup: str) -> None:
    seeds = int(os.environ.get("VAS_SAVE_CHECK_SEEDS", "12"))
    found = [p for seed in range(seeds) for p in checked_decisions(data, setup, seed, "classic")[1]]
    assert found == []


def test_the_fields_a_save_must_hold_are_those_a_default_would_stand_in_for() -> None:
    """R-UI-120: the fields checked present are exactly the schema's defaulted ones (the others it requires)."""
    from strategic.save_checks import SAVED_STATE_FIELDS, SAVED_UNIT_FIELDS
    from strategic.state import UnitState
    defaulted = {n for n, f in CampaignState.model_fields.items() if not f.is_required()}
    assert set(SAVED_STATE_FIELDS) <= defaulted
    assert {n for n, f in UnitState.model_fields.items() if not f.is_required()} == set(SAVED_UNIT_FIELDS)
