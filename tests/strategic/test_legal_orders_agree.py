"""``Campaign.legal_orders`` and ``Campaign.verify`` agree (issue #14, item 4): over seeded AI campaigns, at every
decision, an order built independently of the enumeration (every kind of order but moves in every phase, for every
unit of the player and every place of the map; moves along every path of up to three sea areas in the move phases;
the early-war orders) is in ``legal_orders`` exactly when ``verify`` accepts it, and verifying changes neither the
state nor the dice.  Every kind of order has one rule (:mod:`strategic.rulebook`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import get_args

import pytest

from strategic.ai import BaselineAI, play
from strategic.campaign import Campaign
from strategic.clock import Clock, Decision
from strategic.orders import (
    AnnounceAttack,
    DeferReinforcement,
    IllegalOrder,
    Move,
    Order,
    PearlHarborForce,
    PearlHarborStrike,
    PlaceAir,
    PlaceReinforcement,
    PlaceSubmarine,
    PlaceSurfaceRaider,
    ReturnToPort,
    Sortie,
)
from strategic.resolvers import make_resolver
from strategic.rulebook import RULES
from strategic.state import Phase, UnitStatus

MODES = {Phase.PATROL: ("patrol",), Phase.RAID: ("raid",), Phase.LANDING: ("landing",)}


def _paths(campaign: Campaign, port: str, longest: int = 3) -> Iterator[tuple[str, ...]]:
    """Every path of distinct sea areas from ``port``, whoever may cross each border (verify decides)."""
    frontier = [(a,) for a in campaign.data.ports[port].touches]
    while frontier:
        path = frontier.pop()
        yield path
        if len(path) < longest:
            frontier += [(*path, n) for n in campaign.board.neighbours(path[-1]) if n not in path]


def _candidates(campaign: Campaign, player: str) -> Iterator[Order]:
    """Orders of every kind, for every unit the player commands, to every place (moves: in the move phases)."""
    state, phase = campaign.state, campaign.state.phase
    areas, ports = sorted(campaign.data.areas), sorted(campaign.data.ports)
    places = sorted({*areas, *ports, *campaign.data.groups})
    yield from (AnnounceAttack(), PearlHarborForce(stays=True), PearlHarborForce(stays=False))
    for name in sorted(n for n, us in state.units.items() if us.commander.value == player):
        us = state.unit(name)
        if phase in MODES and us.status is UnitStatus.PORT and us.place in campaign.data.ports:
            for path in _paths(campaign, us.place):
                yield from (Move(unit=name, path=path, mode=mode) for mode in MODES[phase])  # type: ignore[arg-type]
        for area in areas:
            yield from (PlaceAir(unit=name, area=area), PlaceSubmarine(unit=name, area=area),
                        PlaceSurfaceRaider(unit=name, area=area))
        yield from (PlaceReinforcement(unit=name, place=p) for p in places)
        yield from (ReturnToPort(unit=name, port=p) for p in ports)
        yield from (DeferReinforcement(unit=name), PearlHarborStrike(unit=name), Sortie(unit=name))


def _verifies(campaign: Campaign, player: str, order: Order) -> bool:
    try:
        campaign.verify(player, order)
    except IllegalOrder:
        return False
    return True


def _check(campaign: Campaign, decision: Decision, seen: dict[str, int]) -> None:
    player = decision.player.value
    legal = set(campaign.legal_orders(player))
    before, dice = campaign.state.model_dump_json(), campaign.dice.mark()
    accepted = {o for o in _candidates(campaign, player) if _verifies(campaign, player, o)}
    assert campaign.state.model_dump_json() == before and campaign.dice.mark() == dice, "verify changed the game"
    where = f"turn {decision.turn} {decision.phase.value}, {player}"
    omitted = sorted(map(str, accepted - legal))[:5]
    assert not omitted, f"{where}: verify accepts orders legal_orders omits: {omitted}"
    outside = {o for o in legal - accepted if not _verifies(campaign, player, o)}
    assert not outside, f"{where}: legal_orders lists orders verify refuses: {sorted(map(str, outside))[:5]}"
    seen[decision.phase.value] = seen.get(decision.phase.value, 0) + len(accepted)


GAMES = [("standard", 3, 10), ("early_war", 5, 6), ("was_only", 2, 4), ("vitp_only", 4, 4)]
SLOW_GAMES = [(setup, seed, 10) for setup in ("standard", "early_war") for seed in range(10, 20)]


@pytest.mark.parametrize(("setup", "seed", "turns"), GAMES)
def test_legal_orders_are_exactly_the_orders_that_verify(data, setup: str, seed: int, turns: int) -> None:
    _play_checking(data, setup, seed, turns)


@pytest.mark.slow
@pytest.mark.parametrize(("setup", "seed", "turns"), SLOW_GAMES)
def test_legal_orders_agree_over_many_games(data, setup: str, seed: int, turns: int) -> None:
    _play_checking(data, setup, seed, turns)


def _play_checking(data, setup: str, seed: int, turns: int) -> None:
    campaign = Campaign.new(data, setup, seed=seed)
    campaign.state.combat, campaign.resolver = "classic", make_resolver("classic")
    clock = Clock(campaign)
    seen: dict[str, int] = {}
    agents = {p: BaselineAI() for p in ("japan", "germany_italy", "united_states", "allies")}
    play(campaign, clock, agents, on_decision=lambda d: _check(campaign, d, seen), stop_at_turn=turns + 1)
    assert campaign.state.turn == turns + 1 or campaign.state.winner is not None
    phases = {"patrol", "air", "submarine", "return", "reinforce"} | ({"raid"} if setup != "was_only" else set())
    assert phases <= {k for k, n in seen.items() if n}, "every kind of decision was checked with legal orders"


def test_every_kind_of_order_has_one_rule() -> None:
    union, _ = get_args(Order)  # Annotated[Move | PlaceAir | ..., Field(discriminator="kind")]
    assert set(RULES) == set(get_args(union))
    assert all(rule.kind is kind for kind, rule in RULES.items())


def test_a_war_at_sea_game_has_no_bay_of_bengal(data) -> None:
    """Found by the agreement check: in the War at Sea set-up a U-Boat could be ordered into the Bay of Bengal
    (a VITP area, not on that board) though the legal orders never offered it."""
    from tests.strategic.engine_helpers import game, port

    campaign = game(data, turn=2, phase=Phase.SUBMARINE, setup="was_only")
    port(campaign, "U-Boat 2", "Germany")
    order = PlaceSubmarine(unit="U-Boat 2", area="Bay of Bengal")
    with pytest.raises(IllegalOrder, match=r"^set-up: Bay of Bengal is not on the board of this game \(WAS only\)$"):
        campaign.verify("germany_italy", order)
    assert PlaceSubmarine(unit="U-Boat 2", area="North Atlantic") in campaign.legal_orders("germany_italy")
