"""Per-player campaign views (strategic.views, R-VIEW-01..05): what each player may know, frozen and detached."""

from __future__ import annotations

import contextlib
import dataclasses
import json
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from pydantic import BaseModel

from scenarios.loader import CampaignData
from scenarios.models import Player, Side
from strategic.ai import BaselineAI
from strategic.campaign import Campaign
from strategic.classic.resolver import ClassicResolver
from strategic.clock import Clock
from strategic.narrate import log_line
from strategic.orders import AnnounceAttack, IllegalOrder, PearlHarborStrike
from strategic.outbreak import HAWAII, YOKOSUKA
from strategic.state import CampaignState, Phase, UnitStatus
from strategic.views import CampaignView, observe
from tactical.dice import Dice

PLAYERS = tuple(Player)


def _walk(value: Any, seen: set[int] | None = None) -> Iterator[Any]:
    """Every object reachable from ``value`` through dataclass fields, mappings and sequences."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return
    seen.add(id(value))
    yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _walk(getattr(value, f.name), seen)
    elif hasattr(value, "items"):
        for k, v in value.items():
            yield from _walk(k, seen)
            yield from _walk(v, seen)
    elif isinstance(value, tuple | list | set | frozenset):
        for v in value:
            yield from _walk(v, seen)
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _walk(getattr(value, name), seen)


def _no_live_objects(view: CampaignView) -> None:
    """Nothing in the view is the game, its dice, its state or a mutable container."""
    for obj in _walk(view):
        assert not isinstance(obj, Campaign | Clock | Dice | CampaignState | np.random.Generator | list | dict | set)


def _play_to(campaign: Campaign, clock: Clock, stop: Any) -> None:
    ai = BaselineAI()
    while clock.decision is not None and not stop(clock.decision):
        player = clock.decision.player.value
        for order in ai.orders(campaign, player):
            campaign.apply(player, order)
        clock.end_decision()


def _apply(campaign: Campaign, player: str, orders: list[Any]) -> None:
    """Give ``orders`` as :func:`strategic.ai.play` does (one made illegal by an earlier one is skipped)."""
    for order in orders:
        with contextlib.suppress(IllegalOrder):
            campaign.apply(player, order)


def _japan_air_before_the_attack(data: CampaignData) -> tuple[Campaign, Clock]:
    """An early-war game at Japan's first air decision (turn 1: the baseline does not attack yet)."""
    campaign = Campaign.new(data, "early_war", seed=3, resolver=ClassicResolver())
    clock = Clock(campaign, checkpoints=True)
    _play_to(campaign, clock, lambda d: d.player is Player.JAPAN and d.phase is Phase.AIR)
    assert clock.decision is not None and not campaign.pacific_at_war
    return campaign, clock


def test_the_dice_are_in_no_view(data: CampaignData) -> None:
    """R-VIEW-01: neither the seed nor the generator's state reaches a view, so nobody can roll ahead."""
    campaign = Campaign.new(data, "standard", seed=424242, resolver=ClassicResolver())
    clock = Clock(campaign, checkpoints=True)
    _play_to(campaign, clock, lambda d: d.turn >= 2)
    campaign.state.dice = campaign.dice.state(with_log=True)  # as a save holds it
    generator = str(campaign.dice.state()["bit_generator"]["state"]["state"])
    for player in (*PLAYERS, None):
        view = observe(clock, player)
        text = view.to_json()
        assert generator not in text and "424242" not in text and "bit_generator" not in text
        assert "seed" not in view.to_dict() and "dice" not in view.to_dict()
        _no_live_objects(view)


def test_an_early_war_announcement_stays_undisclosed_until_japan_ends_its_decision(data: CampaignData) -> None:
    """R-VIEW-02, 002 §5.71-5.72: while Japan's air decision is open its announcement and the Pearl Harbor force
    are Japan's alone; the others see the board as the decision began, and all of it once it ends."""
    campaign, clock = _japan_air_before_the_attack(data)
    turn = campaign.state.turn
    campaign.state.war.based_at_start["Truk"] = []  # the surprise raid allowed
    campaign.apply("japan", AnnounceAttack())
    strike = next(o for o in campaign.legal_orders("japan") if isinstance(o, PearlHarborStrike))
    campaign.apply("japan", strike)
    japan = observe(clock, Player.JAPAN)
    assert japan.war.attack_turn == turn and japan.unit(strike.unit).place == HAWAII
    assert any(e.kind == "attack" for e in japan.log) and not japan.withheld
    assert japan.outbreak.pacific_at_war and japan.outbreak.surprise_turn and japan.outbreak.early_war
    for player in (Player.UNITED_STATES, Player.ALLIES, Player.GERMANY_ITALY, None):
        view = observe(clock, player)
        assert view.withheld and view.war.attack_turn is None and view.war.pearl_force == ()
        assert not view.outbreak.pacific_at_war and not view.outbreak.surprise_turn  # R-VIEW-28 with R-VIEW-02
        assert view.unit(strike.unit).place == YOKOSUKA and view.unit(strike.unit).status is UnitStatus.PORT
        text = view.to_json()
        assert "announces its attack" not in text and "Pearl Harbor special force" not in text
        assert view.orders == () and view.decider is Player.JAPAN
    clock.end_decision()
    after = observe(clock, Player.UNITED_STATES)
    assert after.war.attack_turn == turn and strike.unit in after.war.pearl_force
    assert "announces its attack" in after.to_json()


def test_an_open_decision_is_refused_without_the_clock_checkpoint(data: CampaignData) -> None:
    """R-VIEW-02: without the state at the start of the decision the view cannot keep its orders back."""
    campaign = Campaign.new(data, "standard", seed=2, resolver=ClassicResolver())
    clock = Clock(campaign)
    assert observe(clock, clock.decision.player).decider is clock.decision.player  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="checkpoints=True"):
        observe(clock, None)


def test_legal_orders_only_for_the_player_deciding(data: CampaignData) -> None:
    """R-VIEW-03."""
    campaign = Campaign.new(data, "standard", seed=2, resolver=ClassicResolver())
    clock = Clock(campaign, checkpoints=True)
    decider = clock.decision.player  # type: ignore[union-attr]
    view = observe(clock, decider)
    assert view.orders == tuple(campaign.legal_orders(decider.value)) and view.orders
    other = next(p for p in PLAYERS if p is not decider)
    assert observe(clock, other).orders == ()
    assert observe(clock, decider, orders=False).orders is None
    bare = observe(campaign, decider)  # a bare campaign: the decider from the state's step (as a save)
    assert bare.decider is decider and bare.orders == view.orders


def test_own_units_and_public_facts(data: CampaignData) -> None:
    """R-VIEW-04: every counter's place, face, damage; ``own`` marks the viewer's (the commander's, loans
    counted)."""
    campaign = Campaign.new(data, "standard", seed=2, resolver=ClassicResolver())
    clock = Clock(campaign, checkpoints=True)
    _play_to(campaign, clock, lambda d: d.phase is Phase.RETURN)
    hood = campaign.state.unit("Hood")
    hood.damage = 2
    view = observe(clock, Player.GERMANY_ITALY)
    seen = view.unit("Hood")
    assert (seen.place, seen.status, seen.mode, seen.damage, seen.own) == (
        hood.place, hood.status, hood.mode, 2, False)
    assert view.unit("Bismarck").own and not observe(clock, Player.ALLIES).unit("Bismarck").own
    assert {u.name for u in observe(clock, Player.ALLIES).own_units()} == {
        n for n, u in campaign.state.units.items() if u.commander is Player.ALLIES}
    assert view.control == campaign.state.control and view.poc == campaign.state.poc
    assert all(not u.own for u in observe(clock, None).units.values())


def test_a_view_is_frozen_and_detached(data: CampaignData) -> None:
    """Changing the game after observe does not change the view; the view cannot change the game."""
    campaign = Campaign.new(data, "standard", seed=2, resolver=ClassicResolver())
    clock = Clock(campaign, checkpoints=True)
    decider = clock.decision.player  # type: ignore[union-attr]
    view = observe(clock, decider)
    before = view.to_json()
    assert view.orders
    campaign.apply(decider.value, view.orders[0])
    campaign.state.control["North Sea"] = Side.AXIS
    campaign.state.units["Hood"].damage = 3
    assert view.to_json() == before
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.turn = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        view.control["North Sea"] = Side.ALLIED  # type: ignore[index]
    with pytest.raises(TypeError):
        view.units["Hood"] = view.units["Nelson"]  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.unit("Hood").damage = 0  # type: ignore[misc]
    assert campaign.state.units["Hood"].damage == 3 and campaign.state.control["North Sea"] is Side.AXIS
    _no_live_objects(view)


@pytest.mark.parametrize(("setup", "seed"), [("standard", 5), ("early_war", 6)])
def test_every_view_of_seeded_ai_games_serialises_and_holds_no_hidden_fact(data: CampaignData, seed: int,
                                                                              setup: str) -> None:
    """Property over a few turns of AI play: at every decision every player's and the observer's view serialise,
    hold no dice, and hold no order of the open decision for anyone but the decider (its events are withheld)."""
    campaign = Campaign.new(data, setup, seed=seed, resolver=ClassicResolver())
    clock = Clock(campaign, checkpoints=True)
    ai = BaselineAI()
    decisions = withheld = 0
    while clock.decision is not None and clock.decision.turn <= 3:
        decider = clock.decision.player
        orders = ai.orders(campaign, decider.value)
        _apply(campaign, decider.value, orders[:3])
        secret = [log_line(e) for e in campaign.state.events[len(clock.checkpoint[0].events):]]  # type: ignore[index]
        for player in (*PLAYERS, None):
            view = observe(clock, player, orders=player is decider, log=True)
            text = json.dumps(view.to_dict())
            assert "bit_generator" not in text and '"seed"' not in text
            lines = {e.line for e in view.log}
            if player in (decider, None):  # read back as a remote seat reads it (R-VIEW-36)
                assert CampaignView.from_dict(json.loads(text)) == view
            if player is decider:
                assert set(secret) <= lines and view.orders is not None
            else:
                assert not set(secret) & lines and view.withheld == bool(secret)
        decisions += 1
        withheld += bool(secret)
        _apply(campaign, decider.value, orders[3:])
        clock.end_decision()
    assert decisions > 15 and withheld > 10


@pytest.mark.parametrize("setup", ["standard", "early_war"])
def test_the_outbreak_facts_of_a_view_are_the_campaigns(data: CampaignData, setup: str) -> None:
    """R-VIEW-28: at every decision of the first four turns the view's calendar and outbreak facts are what the
    campaign itself says of the live state (the deciding player's view is the live state)."""
    from strategic.ai import give_orders
    from strategic.outbreak import surprise_turn

    campaign = Campaign.new(data, setup, seed=3, resolver=ClassicResolver())
    clock = Clock(campaign, checkpoints=True)
    seen = set()
    while clock.decision is not None and campaign.state.turn <= 4:
        player = clock.decision.player
        facts = observe(clock, player, orders=False, log=False).outbreak
        assert (facts.last_turn, facts.theatres, facts.vitp_first_turn) == (
            campaign.setup.last_turn, tuple(campaign.setup.theatres), campaign.setup.vitp_first_turn)
        now = (campaign.vitp_started, campaign.early_war, campaign.pacific_at_war, surprise_turn(campaign),
               campaign.surprise_done)
        assert (facts.vitp_started, facts.early_war, facts.pacific_at_war, facts.surprise_turn,
                facts.surprise_done) == now
        seen.add(now)
        give_orders(campaign, player.value, list(BaselineAI().orders(campaign, player.value)))
        clock.end_decision()
    assert len(seen) >= 3  # peace or war not yet begun, the surprise turn, the war on


def test_a_view_sent_as_json_is_read_back_whole_and_frozen(data: CampaignData) -> None:
    """R-VIEW-36: ``from_dict`` of a view's JSON gives the view again, its fields of their own types (enums, orders,
    nested views; equality alone would let a string pass for an enum) and its mappings read-only; a view with a
    wrong field is refused naming it."""
    from scenarios.models import Theatre
    from strategic.orders import PlaceReinforcement
    from strategic.views import UnitView, ViewError, WarView

    campaign = Campaign.new(data, "standard", seed=2, resolver=ClassicResolver())
    clock = Clock(campaign, checkpoints=True)
    decider = clock.decision.player  # type: ignore[union-attr]
    view = observe(clock, decider)
    sent = json.loads(view.to_json())
    back = CampaignView.from_dict(sent)
    assert back == view and back.orders and all(isinstance(o, PlaceReinforcement) for o in back.orders)
    assert isinstance(back.phase, Phase) and isinstance(back.player, Player) and isinstance(back.war, WarView)
    assert all(isinstance(u, UnitView) and isinstance(u.status, UnitStatus) for u in back.units.values())
    assert all(isinstance(t, Theatre) for t in back.poc)
    _no_live_objects(back)
    with pytest.raises(TypeError):
        back.control["North Sea"] = Side.AXIS  # type: ignore[index]
    bad = {**sent, "units": {**sent["units"], "Hood": {**sent["units"]["Hood"], "status": "sunk twice"}}}
    with pytest.raises(ViewError, match=r"^view: units\.Hood\.status: Input should be "):
        CampaignView.from_dict(bad)
    with pytest.raises(ViewError, match=r"^view: turn: "):
        CampaignView.from_dict({**sent, "turn": "three"})
