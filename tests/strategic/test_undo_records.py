"""Undo records and checkpoints (issue 18): cheap copies that give back exactly the state and dice they copied."""

from __future__ import annotations

import contextlib

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenarios.loader import CampaignData
from strategic import snapshots
from strategic.campaign import Campaign
from strategic.classic.resolver import ClassicResolver
from strategic.clock import Clock
from strategic.orders import IllegalOrder
from tactical import Dice


def _picture(campaign: Campaign) -> tuple[str, dict]:
    """All that undo must give back: the whole state (event log included) and the dice with every roll."""
    return campaign.state.model_dump_json(), campaign.dice.state(with_log=True)


def _undo_sweep(data: CampaignData, seed: int, last_turn: int) -> int:
    """Random legal orders at every decision up to ``last_turn``; after each order the picture is kept, then the
    orders are taken back one by one (each undo gives back the picture before its order), then given again (the
    same dice fall: the game goes on as if never undone).  Returns how many orders were taken back."""
    campaign = Campaign.new(data, "standard", seed=seed, resolver=ClassicResolver())
    campaign.keep_undo = True
    clock = Clock(campaign, checkpoints=True)
    rng = np.random.default_rng(seed)
    undone = 0
    while not clock.finished and campaign.state.turn <= last_turn:
        assert clock.decision is not None
        player = clock.decision.player.value
        assert clock.checkpoint is not None and clock.checkpoint[1] == campaign.dice.state(with_log=True)
        legal = campaign.legal_orders(player)
        picked = [legal[i] for i in rng.permutation(len(legal))[:rng.integers(1, 6)]]
        pictures, given_orders = [_picture(campaign)], []
        for order in picked:
            with contextlib.suppress(IllegalOrder):
                campaign.apply(player, order)
                given_orders.append(order)
                pictures.append(_picture(campaign))
        after = pictures.pop()
        while pictures:
            assert campaign.undo()
            assert _picture(campaign) == pictures.pop()
            undone += 1
        assert not campaign.undo()
        for order in given_orders:
            campaign.apply(player, order)
        assert _picture(campaign) == after
        clock.end_decision()
    return undone


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_random_orders_undone_give_back_the_state_and_dice(data: CampaignData, seed: int) -> None:
    _undo_sweep(data, seed, last_turn=3)


def test_the_sweep_takes_back_orders_with_dice(data: CampaignData) -> None:
    """The sweep is not empty: orders are taken back, speed rolls among them (seed 7, up to turn 3)."""
    assert _undo_sweep(data, 7, last_turn=3) > 20


def test_orders_without_undo_keep_no_record(data: CampaignData) -> None:
    campaign = Campaign.new(data, "standard", seed=1, resolver=ClassicResolver())
    campaign.keep_undo = True
    clock = Clock(campaign)
    clock.end_decision()  # Japan has nothing to place on turn 1: the British decide
    assert clock.decision is not None
    player = clock.decision.player.value
    campaign.apply(player, campaign.legal_orders(player)[0])
    with campaign.without_undo():
        campaign.apply(player, campaign.legal_orders(player)[0])
    assert campaign.keep_undo
    before_second = _picture(campaign)
    assert campaign.undo()  # the first order's record: the second kept none
    assert _picture(campaign) != before_second
    assert not campaign.undo()


def test_a_copy_of_the_state_shares_only_what_cannot_change(data: CampaignData) -> None:
    campaign = Campaign.new(data, "standard", seed=1, resolver=ClassicResolver())
    state = campaign.state
    copied = snapshots.copy_state(state)
    assert copied.model_dump_json() == state.model_dump_json()
    assert copied.events is not state.events and all(a is b for a, b in zip(copied.events, state.events, strict=True))
    name, unit = next(iter(state.units.items()))
    unit.arrive_at.append("Scapa Flow")
    unit.damage += 1
    state.war.frozen.append(name)
    state.poc_history.clear()
    assert copied.units[name].damage == unit.damage - 1 and "Scapa Flow" not in copied.units[name].arrive_at
    assert name not in copied.war.frozen
    assert copied.model_dump_json() != state.model_dump_json()


def test_a_checkpoint_shares_the_units_unchanged_since_the_last(data: CampaignData) -> None:
    campaign = Campaign.new(data, "standard", seed=1, resolver=ClassicResolver())
    state = campaign.state
    first = snapshots.copy_state(state)
    moved, still = list(state.units)[:2]
    state.units[moved].damage += 1
    second = snapshots.copy_state(state, first)
    assert second.units[still] is first.units[still]
    assert second.units[moved] is not first.units[moved] and second.units[moved].damage == first.units[moved].damage + 1
    assert second.model_dump_json() == state.model_dump_json()


def test_the_checkpoints_dice_log_is_the_dice_own() -> None:
    """The rows kept from one checkpoint to the next equal a fresh ``state(with_log=True)``, also after a rewind."""
    dice, rows = Dice(5), snapshots.DiceLogRows()
    dice.d6(label="a")
    assert rows.dice_state(dice) == dice.state(with_log=True)
    mark = dice.mark()
    dice.roll(2, label="b")
    assert rows.dice_state(dice) == dice.state(with_log=True) and len(dice.log) == 2
    dice.rewind(mark)
    dice.roll(3, label="c")
    assert rows.dice_state(dice) == dice.state(with_log=True)
    assert [row[0] for row in rows.dice_state(dice)["log"]] == ["a", "c"]
