"""Helpers to put a campaign in a given situation for rule tests."""

from __future__ import annotations

from scenarios.loader import CampaignData
from scenarios.models import Side, Theatre
from strategic.campaign import Campaign
from strategic.clock import turn_plan
from strategic.combat import Battle, BattleOutcome, UnitResult
from strategic.state import Mode, Phase, UnitStatus
from tactical.dice import ScriptedDice


def game(data: CampaignData, *, turn: int = 1, phase: Phase = Phase.PATROL, faces: tuple[int, ...] = (),
         setup: str = "standard") -> Campaign:
    """A new game moved to ``turn``/``phase`` with scripted dice; every unit off the map unless placed."""
    campaign = Campaign.new(data, setup, seed=1)
    campaign.dice = ScriptedDice(faces)
    campaign.state.turn, campaign.state.phase = turn, phase
    plan = turn_plan(campaign, turn)  # the step of that phase, as a saved game would have it
    campaign.state.step = next((i for i, step in enumerate(plan) if step[0] is phase), 0)
    for us in campaign.state.units.values():
        us.status, us.place, us.mode, us.due_turn, us.inactive_until = UnitStatus.AWAITING, None, None, 99, None
    return campaign


def port(campaign: Campaign, name: str, place: str) -> None:
    us = campaign.state.unit(name)
    us.status, us.place, us.mode, us.due_turn = UnitStatus.PORT, place, None, None


def sea(campaign: Campaign, name: str, area: str, mode: Mode = Mode.PATROL) -> None:
    us = campaign.state.unit(name)
    us.status, us.place, us.mode, us.due_turn, us.moved = UnitStatus.SEA, area, mode, None, True


def poc(campaign: Campaign, was: int = 0, vitp: int = 0) -> None:
    campaign.state.poc[Theatre.WAS], campaign.state.poc[Theatre.VITP] = was, vitp


class WithdrawResolver:
    """Test resolver: the side with fewer units at sea withdraws (no damage); ties: the Axis withdraws.

    It makes no rule claims; it only lets engine tests run whole turns before classic combat exists.
    """

    name = "test-withdraw"

    def resolve(self, campaign: Campaign, battle: Battle) -> BattleOutcome:
        loser = battle.allied if len(battle.allied) < len(battle.axis) else battle.axis
        return BattleOutcome(battle, [UnitResult(n, withdrew=True) for n in loser])


SIDES = (Side.ALLIED, Side.AXIS)
