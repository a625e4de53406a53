"""Whole turns and games: the clock's phase order, determinism, saves, loans, and invariants under random play."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenarios.limits import violated_limits
from scenarios.loader import CampaignData
from scenarios.models import Activity, Player, Side, Theatre
from strategic.ai import BaselineAI, play
from strategic.campaign import Campaign
from strategic.clock import COMBINED_TURN, FIRST_VITP_TURN, WAR_AT_SEA_TURN, Clock, turn_plan
from strategic.orders import IllegalOrder, Loan, Move
from strategic.saves import SaveError, load, save
from strategic.state import Phase, UnitStatus
from tests.strategic.engine_helpers import WithdrawResolver

PLAYERS = ("japan", "germany_italy", "united_states", "allies")


def new_game(data: CampaignData, seed: int = 1, setup: str = "standard") -> tuple[Campaign, Clock]:
    campaign = Campaign.new(data, setup, seed=seed, resolver=WithdrawResolver())
    return campaign, Clock(campaign)


def baseline() -> dict[str, BaselineAI]:
    ai = BaselineAI()
    return dict.fromkeys(PLAYERS, ai)


def test_c01_turn_plans(data: CampaignData) -> None:
    """002 §3.2: War at Sea alone on turns 1-2, both games from turn 3; §3.241: Japan, Allies, Germany-Italy."""
    campaign, _ = new_game(data)
    assert turn_plan(campaign, 2) is WAR_AT_SEA_TURN and turn_plan(campaign, 4) is COMBINED_TURN
    assert turn_plan(campaign, 3) is FIRST_VITP_TURN  # the surprise step (VITP 18; 002 §3.232: R-OPS-20)
    patrol = dict(COMBINED_TURN)[Phase.PATROL]
    assert patrol == (Player.JAPAN, Player.UNITED_STATES, Player.ALLIES, Player.GERMANY_ITALY)
    assert dict(WAR_AT_SEA_TURN)[Phase.PATROL][0] is Player.ALLIES
    assert dict(WAR_AT_SEA_TURN)[Phase.RETURN][0] is Player.GERMANY_ITALY  # case W-05


def test_set_up_order(data: CampaignData) -> None:
    """002 §3.21-3.22: the VITP forces set up normally, where their cards put them (no choice: R-PAC-25), then the
    British set up and move first."""
    campaign, clock = new_game(data)
    assert clock.decision is not None
    assert (clock.decision.turn, clock.decision.phase, clock.decision.player) == (1, Phase.REINFORCE, Player.ALLIES)
    japanese = [u for u in campaign.state.units.values() if campaign.unit_record(u.name).nation == "JP"]
    assert all(u.inactive_until == 3 for u in japanese)
    assert {u.status for u in japanese if campaign.unit_record(u.name).arrival.turn == 1} == {UnitStatus.PORT}


def test_a_whole_game_is_played_and_decided(data: CampaignData) -> None:
    campaign, clock = new_game(data, seed=3)
    play(campaign, clock, baseline())
    assert clock.finished and campaign.state.turn == 10
    assert campaign.state.winner in ("axis", "allied")
    assert [r.turn for r in campaign.state.poc_history] == list(range(1, 11))
    assert set(campaign.state.theatre_results) == {Theatre.WAS, Theatre.VITP}


def test_e01_same_seed_same_game(data: CampaignData) -> None:
    runs = []
    for _ in range(2):
        campaign, clock = new_game(data, seed=5)
        play(campaign, clock, baseline())
        runs.append(campaign.state.model_dump_json())
    assert runs[0] == runs[1]


def test_without_a_resolver_battles_block_the_turn(data: CampaignData) -> None:
    campaign = Campaign.new(data, "standard", seed=1)
    clock = Clock(campaign)
    play(campaign, clock, baseline())
    assert campaign.blocked and "no combat resolver" in campaign.blocked
    assert campaign.state.phase is Phase.COMBAT and campaign.state.turn == 1
    assert not clock.finished
    campaign.resolver = WithdrawResolver()
    clock.retry()
    assert clock.decision is not None and clock.decision.phase is Phase.RETURN


@pytest.mark.parametrize("stop_turn", [2, 4, 9])
def test_e02_save_load_continue_is_identical(data: CampaignData, tmp_path: Path, stop_turn: int) -> None:
    straight, clock = new_game(data, seed=8)
    play(straight, clock, baseline())

    first, clock = new_game(data, seed=8)
    play(first, clock, baseline(), stop_at_turn=stop_turn)
    path = tmp_path / "game.json"
    save(first, path)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # atomic write: no temporary file left
    resumed, clock2 = load(path, data, WithdrawResolver())
    assert clock2.decision is not None and clock2.decision.turn == stop_turn
    play(resumed, clock2, baseline())
    assert resumed.state.model_dump_json(exclude={"dice"}) == straight.state.model_dump_json(exclude={"dice"})


def test_e02_save_right_after_creation_round_trips(data: CampaignData, tmp_path: Path) -> None:
    campaign, _ = new_game(data)
    save(campaign, tmp_path / "s.json")
    loaded, _ = load(tmp_path / "s.json", data)
    assert loaded.state == campaign.state


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "s.json:1: not a save file (invalid JSON"),
        ('{"version": 99}', "s.json: save version 99, this program reads versions 1, 2"),
        ('{"version": 1, "setup": "standard"}', "s.json: seed: Field required"),
    ],
)
def test_corrupt_saves_are_refused_by_name(data: CampaignData, tmp_path: Path, content: str, message: str) -> None:
    (tmp_path / "s.json").write_text(content)
    with pytest.raises(SaveError) as info:
        load(tmp_path / "s.json", data)
    assert message in str(info.value)


def test_save_with_unknown_units_is_refused(data: CampaignData, tmp_path: Path) -> None:
    campaign, _ = new_game(data)
    save(campaign, tmp_path / "s.json")
    raw = json.loads((tmp_path / "s.json").read_text())
    raw["units"]["Bismark II"] = raw["units"]["Hood"] | {"name": "Bismark II"}
    (tmp_path / "s.json").write_text(json.dumps(raw))
    with pytest.raises(SaveError, match=r"units\.Bismark II: not a unit of the campaign data"):
        load(tmp_path / "s.json", data)


def test_loans(data: CampaignData) -> None:
    """002 §3: the owner lends and recalls; the borrower gives the orders meanwhile."""
    campaign, clock = new_game(data)
    play(campaign, clock, baseline(), stop_at_turn=2)
    assert clock.decision is not None and clock.decision.phase is Phase.REINFORCE
    hood = campaign.state.unit("Hood")
    with pytest.raises(IllegalOrder, match=r"^002 §3: Hood is not on loan: there is nothing to recall \(R-OPS-32\)"):
        campaign.apply("allies", Loan(unit="Hood", to=None))
    assert hood.loaned_to is None
    with pytest.raises(IllegalOrder, match=r"^002 §3: only the Allies may lend"):
        campaign.apply("united_states", Loan(unit="Hood", to="united_states"))
    with pytest.raises(IllegalOrder, match="another player of the Allies"):
        campaign.apply("allies", Loan(unit="Hood", to="japan"))
    campaign.apply("allies", Loan(unit="Hood", to="united_states"))
    assert hood.commander is Player.UNITED_STATES
    campaign.state.phase = Phase.PATROL
    with pytest.raises(IllegalOrder, match="takes orders from the United States, not the Allies"):
        campaign.apply("allies", Move(unit="Hood", path=(campaign.data.ports[hood.place].touches[0],)))
    campaign.apply("allies", Loan(unit="Hood", to=None))
    assert hood.commander is Player.ALLIES
    with pytest.raises(IllegalOrder, match="Hood is not on loan"):
        campaign.apply("allies", Loan(unit="Hood", to=None))  # recalled once: a second recall is refused


# --------------------------------------------------------------------------- random legal play


class RandomAgent:
    """Gives a random subset of the legal orders (seeded); re-checks each against the changing state."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def orders(self, campaign: Campaign, player: str) -> list:
        legal = campaign.legal_orders(player)
        picked = [legal[i] for i in self.rng.permutation(len(legal)) if self.rng.random() < 0.3]
        return picked


def check_invariants(campaign: Campaign, sunk_before: set[str]) -> set[str]:
    data, state = campaign.data, campaign.state
    for us in state.units.values():
        if us.status is UnitStatus.SEA:
            assert us.place in data.areas, us
        elif us.status is UnitStatus.PORT:
            assert us.place in data.ports or (us.place is None and campaign.unit_record(us.name).type.value == "SS"), us
        elif us.status in (UnitStatus.SUNK, UnitStatus.REMOVED):
            assert us.place is None, us
        else:
            assert us.place is None or us.place in data.groups, us
        if us.status in (UnitStatus.SEA, UnitStatus.PORT) and us.place is not None:
            activity = Activity.AT_SEA if us.status is UnitStatus.SEA else Activity.BASE
            broken = violated_limits(data.limits.values(), campaign.unit_record(us.name), us.place,
                                     data.place_theatre(us.place), state.turn, activity, side=us.side)
            assert not broken, (us.name, us.place, [b.id for b in broken])
    sunk = {n for n, u in state.units.items() if u.status is UnitStatus.SUNK}
    assert sunk_before <= sunk, "a sunk unit came back"
    setup = campaign.setup
    for theatre in setup.theatres:
        awarded = sum(r.awards.get(theatre, 0) for r in state.poc_history)
        assert state.poc[theatre] == setup.axis_poc_lead.get(theatre, 0) + awarded
    return sunk


def random_game(data: CampaignData, seed: int, setup: str = "standard") -> Campaign:
    """A whole campaign of random legal orders, fought with the classic combat rules, checking the invariants
    after every decision."""
    from strategic.classic.resolver import ClassicResolver

    campaign = Campaign.new(data, setup, seed=seed, resolver=ClassicResolver())
    clock = Clock(campaign)
    agent = RandomAgent(seed)
    sunk: set[str] = set()
    while not clock.finished:
        decision = clock.decision
        assert decision is not None and not campaign.blocked
        for order in agent.orders(campaign, decision.player.value):
            with contextlib.suppress(IllegalOrder):
                campaign.apply(decision.player.value, order)
        clock.end_decision()
        sunk = check_invariants(campaign, sunk)
    assert campaign.state.winner in ("axis", "allied")
    return campaign


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_random_legal_play_keeps_the_invariants(data: CampaignData, seed: int) -> None:
    random_game(data, seed)


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_random_legal_play_early_war_keeps_the_invariants(data: CampaignData, seed: int) -> None:
    """The 002 §5 start under random legal orders (the announcement, the Pearl Harbor force and sorties
    included)."""
    random_game(data, seed, setup="early_war")


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_random_legal_play_200_campaigns(data: CampaignData, seed: int) -> None:
    random_game(data, seed)


def test_side_changed_italians_follow_allied_rules(data: CampaignData) -> None:
    campaign, _ = new_game(data)
    zara = campaign.unit_record("Zara")
    assert violated_limits(data.limits.values(), zara, "Malta", "WAS", 8, Activity.BASE, side=Side.AXIS)
    assert not violated_limits(data.limits.values(), zara, "Malta", "WAS", 8, Activity.BASE, side=Side.ALLIED)


def test_undo_within_a_decision(data: CampaignData) -> None:
    campaign, clock = new_game(data)
    campaign.keep_undo = True
    play(campaign, clock, baseline(), stop_at_turn=2)
    clock.end_decision()  # Japan's set-up (nothing to place) -> the British
    while clock.decision is not None and clock.decision.phase is not Phase.PATROL:
        clock.end_decision()
    before = campaign.state.model_dump_json()
    order = next(o for o in campaign.legal_orders("allies") if isinstance(o, Move) and len(o.path) == 2)
    campaign.apply("allies", order)  # a two-area move: one speed roll
    assert campaign.state.model_dump_json() != before
    assert campaign.undo() and campaign.state.model_dump_json() == before
    assert not campaign.undo()
    campaign.apply("allies", order)
    clock.end_decision()
    assert not campaign.undo()  # the decision is over


def test_a_game_saved_while_blocked_goes_on_with_a_resolver(data: CampaignData, tmp_path: Path) -> None:
    """A `--combat none` save (stopped on pending battles) continues once loaded with a combat resolver."""
    from strategic.classic.resolver import ClassicResolver

    campaign = Campaign.new(data, "standard", seed=1)
    clock = Clock(campaign)
    play(campaign, clock, baseline())
    assert campaign.blocked
    save(campaign, tmp_path / "blocked.json")
    resumed, clock2 = load(tmp_path / "blocked.json", data, ClassicResolver())
    assert not resumed.blocked and resumed.state.pending_battles == []
    assert clock2.decision is not None and clock2.decision.phase is Phase.RETURN


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("place", "Mars", "units.Hood.place: unknown place 'Mars'"),
        ("damage", -7, "units.Hood.damage: -7 damage points, outside 0-"),
        ("controller", "japan", "units.Hood.controller: japan does not command Britain"),
    ],
)
def test_saves_with_impossible_contents_are_refused(data: CampaignData, tmp_path: Path, field: str, value: object,
                                                    message: str) -> None:
    campaign, _ = new_game(data)
    save(campaign, tmp_path / "s.json")
    raw = json.loads((tmp_path / "s.json").read_text())
    raw["units"]["Hood"][field] = value
    (tmp_path / "s.json").write_text(json.dumps(raw))
    with pytest.raises(SaveError) as info:
        load(tmp_path / "s.json", data)
    assert message in str(info.value)
