"""What the engine tells the deciding player about his orders beyond the list of legal ones (issue 21 step 2): why
a unit of his has no order now, and the speed roll a move needs.  The order selection (:mod:`tui.order_selection`)
reads them through :class:`OrderAdvice`; :class:`CampaignAdvice` answers from the local campaign (the engine's
refusal of a probe move or placement, :func:`strategic.rulebook.verify`'s plan of the move and the faces that
succeed by :func:`strategic.movement.speed_roll_succeeds`); :class:`SentAdvice` answers from an orders question a
server sent (the same facts, worked out there by :class:`CampaignAdvice`: R-NET-14).  Nothing here decides what is
legal.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Protocol

from strategic.campaign import Campaign
from strategic.movement import MODE_OF_PHASE, MovePlan, MoveRule, speed_roll_succeeds
from strategic.order_rule import ChoiceRule
from strategic.orders import ORDER_ADAPTER, IllegalOrder, Move
from strategic.protocol import Question
from strategic.rulebook import LISTING
from strategic.rulebook import verify as plan_of
from strategic.state import UnitState


@dataclass(frozen=True)
class SpeedRoll:
    """The speed roll a move needs: the faces that succeed, the area rolled into when it is not the last
    (``None``), the rule, and what a failure does (``else stays in port``)."""

    unit: str
    faces: tuple[int, ...]
    into: str | None
    rule: str
    failure: str


class OrderAdvice(Protocol):
    """The engine's word on the deciding player's orders."""

    def refusal(self, unit: str) -> str | None:
        """Why the player's ``unit``, given no legal order now, may not move (or be placed): the rule and the
        message, or ``None`` when no rule of the phase refuses it."""

    def speed_roll(self, order: Move) -> SpeedRoll | None:
        """The speed roll the legal ``order`` needs, or ``None``."""


class CampaignAdvice:
    """:class:`OrderAdvice` from the local campaign, for ``player`` (the one deciding)."""

    def __init__(self, campaign: Campaign, player: str) -> None:
        self.campaign, self.player = campaign, player

    def refusal(self, unit: str) -> str | None:
        """The engine's refusal of the phase's order for the unit: a move in a move phase (to the first area its
        place touches), else the first placement or return rule of the phase that refuses it."""
        campaign, us = self.campaign, self.campaign.state.unit(unit)
        phase = campaign.state.phase
        rules = [rule for group in LISTING for rule in group if phase in rule.phases]
        for rule in sorted(rules, key=lambda r: not isinstance(r, MoveRule)):
            try:
                if isinstance(rule, MoveRule):
                    rule.verify(campaign, self.player, Move(unit=us.name, path=(self._probe_area(us),),
                                                            mode=MODE_OF_PHASE[phase].value))  # type: ignore[arg-type]
                elif isinstance(rule, ChoiceRule):
                    rule.choices(campaign, self.player, us)
            except IllegalOrder as exc:
                return str(exc)
        return None

    def _probe_area(self, us: UnitState) -> str:
        """A sea area to ask the engine about a move of ``us`` to."""
        data = self.campaign.data
        port = data.ports.get(us.place or "")
        if port is not None and port.touches:
            return port.touches[0]
        return us.place if us.place in data.areas else next(iter(data.areas))

    def speed_roll(self, order: Move) -> SpeedRoll | None:
        plan = plan_of(self.campaign, self.player, order)
        if not isinstance(plan, MovePlan) or plan.roll_theatre is None:
            return None
        speed = self.campaign.unit_record(plan.unit).speed
        assert speed is not None  # a plan with a roll has a speed (plan_move)
        faces = tuple(f for f in range(1, 7) if speed_roll_succeeds(self.campaign, speed, plan.roll_theatre, f))
        into = plan.path[plan.free_areas]
        return SpeedRoll(plan.unit, faces, into if into != plan.path[-1] else None, plan.rule, _failure(plan))


class SentAdvice:
    """:class:`OrderAdvice` from an orders :class:`~strategic.protocol.Question` (R-NET-14): the refusals and speed
    rolls the server worked out for the question's legal orders.  A unit or order the question does not name gets
    no refusal or roll."""

    def __init__(self, question: Question) -> None:
        self.refusals = dict(question.refusals)
        self.rolls: dict[str, SpeedRoll] = {}
        for fact in question.speed_rolls:
            if fact.order < len(question.legal):
                self.rolls[_key(question.legal[fact.order])] = SpeedRoll(fact.unit, tuple(fact.faces), fact.into,
                                                                         fact.rule, fact.failure)

    def refusal(self, unit: str) -> str | None:
        return self.refusals.get(unit)

    def speed_roll(self, order: Move) -> SpeedRoll | None:
        return self.rolls.get(_key(json.loads(ORDER_ADAPTER.dump_json(order))))


def _key(order: dict[str, Any]) -> str:
    """An order's JSON as a key, whatever the order of its fields."""
    return json.dumps(order, sort_keys=True)


def _failure(plan: MovePlan) -> str:
    """What a failed speed roll does (:func:`strategic.movement.execute_move`)."""
    if plan.on_failure == "port":
        return "else stays in port"
    if plan.on_failure == "stop":
        return f"else stops in {plan.path[plan.free_areas - 1]}"
    if plan.on_failure == "raider":
        return f"else raids in {plan.path[-1]}"
    return f"else returns to {plan.on_failure}"


__all__ = ["CampaignAdvice", "OrderAdvice", "SentAdvice", "SpeedRoll"]
