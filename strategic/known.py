"""The campaign as one player knows it: what the campaign AIs decide from (issue 14, R-VIEW-25).

:func:`known` gives a :class:`KnownCampaign`: a :class:`~strategic.campaign.Campaign` over the state that
:func:`strategic.views.observe` shows the player (:func:`strategic.views.disclosed_state`: another player's open
decision left out, R-VIEW-02), less what no player may know (:func:`strategic.state.public_state`: the seed, the
dice's state, the commanders' answers in battles still to be fought, and the log, which the AIs do not read); its
dice raise :class:`~tactical.HiddenFact` (R-VIEW-01), and it cannot write an event.  Every counter on the board is
open information (R-VIEW-04), so the units are the game's own objects in a dictionary of its own (as the ships of
:class:`tactical.known.KnownBattle`), and the AI calls the same rule functions on it that the engine calls (legal
orders, return ports, air areas): no rule function it calls can reach a hidden fact.  It costs a shallow copy of
the state per decision.

Each AI's entry (``BaselineAI.orders``, ``PlanningAI.orders``) turns the campaign it is given into this first, so
whoever calls it (:func:`strategic.ai.play`, the session, the app, a test), it decides from what its player knows;
:func:`known` of a known campaign of the same player is that campaign.  The AI modules (``strategic.baseline_ai``,
``planner``, ``convoy_ai``, ``neutral_ai``) reach the facade, the clock and the odds only through this module
(``tests/strategic/test_architecture.py``): what they need beyond the rules run on the known state (the deciders
still to come in this step, a battle's odds) is a method here.
"""

from __future__ import annotations

from typing import Any, NoReturn

from scenarios.models import Player, Side
from strategic.campaign import Campaign
from strategic.classic.resolver import ClassicResolver
from strategic.clock import Clock, turn_plan
from strategic.odds import battle_odds
from strategic.state import Mode, UnitStatus, public_state
from strategic.views import disclosed_state
from tactical import Dice, HiddenFact


class KnownCampaign(Campaign):
    """The campaign as ``player`` knows it (see the module docstring); build it with :func:`known`."""

    player: Player

    @property  # type: ignore[override]
    def dice(self) -> Dice:
        _refuse("read the campaign's dice (R-VIEW-01)")

    @dice.setter
    def dice(self, value: Dice) -> None:
        _refuse("set the campaign's dice")

    def log(self, kind: Any, rule: str = "", **facts: Any) -> NoReturn:
        _refuse("write to the campaign's log")

    def deciders_after(self) -> list[Player]:
        """The players still to decide in this step of the turn after the one deciding now (002 §3.2's turn plan:
        e.g. the partner who patrols after this player, R-PAC-20)."""
        plan = turn_plan(self, self.state.turn)
        deciders = plan[self.state.step][1] if self.state.step < len(plan) else ()
        return list(deciders[self.state.decider + 1:])

    def simulated_holds(self, area: str, raiders: list[str], side: Side, *, runs: int, seed: int,
                        mode: Mode = Mode.RAID) -> bool | None:
        """Would ``side`` hold ``area`` in at least half of ``runs`` classic battles fought there with ``raiders``
        added at sea in ``mode`` (on a copy of the known state, with the AI's own seeded dice)?  ``None`` when no battle
        would be fought there."""
        probe = Campaign(self.data, self.state.model_copy(deep=True), Dice(0), None)
        for name in raiders:
            us = probe.state.unit(name)
            us.status, us.place, us.mode = UnitStatus.SEA, area, mode
        try:
            report = battle_odds(probe, area, ClassicResolver(), runs=runs, seed=seed)
        except KeyError:
            return None
        return report.holds[side.value] * 2 >= report.runs


def known(source: Campaign | Clock, player: Player | str) -> KnownCampaign:
    """The game ``source`` (the campaign, or the clock driving it) as ``player`` knows it.  Raises
    ``ValueError`` as :func:`strategic.views.observe` does when another player's open decision is not kept."""
    viewer = Player(player)
    campaign = source.campaign if isinstance(source, Clock) else source
    if isinstance(campaign, KnownCampaign) and campaign.player is viewer:
        return campaign
    state, _ = disclosed_state(source, viewer)
    seen = public_state(state)
    out = KnownCampaign.__new__(KnownCampaign)
    out.__dict__.update(campaign.__dict__)
    out.__dict__.update(state=seen, player=viewer, on_event=None, resolver=None, keep_undo=False, _undo=[],
                        asked=None, live_ask=None, live_answers=[], _dice=None)
    return out


def _refuse(what: str) -> NoReturn:
    raise HiddenFact(f"an AI may not {what}: it decides from what its player knows (strategic.known)")


__all__ = ["KnownCampaign", "known"]
