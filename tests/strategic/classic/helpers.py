"""Helpers for classic-combat tests: a campaign with every unit off the map, scripted dice, chosen units at sea,
and a policy whose answers a test sets one by one (falling back to the baseline)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scenarios.loader import CampaignData
from scenarios.models import Side
from strategic.campaign import Campaign
from strategic.classic import BaselinePolicy, ClassicResolver
from strategic.classic.context import BattleContext
from strategic.combat import Battle, BattleOutcome, find_battles
from strategic.state import Mode, Phase, UnitStatus
from tactical.dice import ScriptedDice


def game(data: CampaignData, *, turn: int = 4, faces: tuple[int, ...] = ()) -> Campaign:
    """A standard game at ``turn``, combat phase, scripted dice; every unit off the map."""
    campaign = Campaign.new(data, "standard", seed=1)
    campaign.dice = ScriptedDice(faces)
    campaign.state.turn, campaign.state.phase = turn, Phase.COMBAT
    for us in campaign.state.units.values():
        us.status, us.place, us.mode, us.due_turn, us.inactive_until = UnitStatus.AWAITING, None, None, 99, None
    return campaign


def at_sea(campaign: Campaign, area: str, *names: str, mode: Mode | None = None, damage: int = 0) -> None:
    for name in names:
        us = campaign.state.unit(name)
        unit = campaign.unit_record(name)
        kind = mode or (Mode.AIR if unit.type.value in ("LBA", "FROGMEN") else Mode.SUBMARINE
                        if unit.type.value == "SS" else Mode.LANDING if unit.type.value == "AMPH" else Mode.PATROL)
        us.status, us.place, us.mode, us.due_turn, us.moved, us.damage = UnitStatus.SEA, area, kind, None, True, damage
        us.sailed_from = None


def in_port(campaign: Campaign, port: str, *names: str) -> None:
    for name in names:
        us = campaign.state.unit(name)
        us.status, us.place, us.mode, us.due_turn = UnitStatus.PORT, port, None, None


def battle_in(campaign: Campaign, area: str) -> Battle:
    battles = [b for b in find_battles(campaign) if b.area == area]
    assert battles, f"no battle in {area}"
    return battles[0]


def fight(campaign: Campaign, area: str, policies: dict[str, Any] | None = None,
          default: Any = None) -> BattleOutcome:
    resolver = ClassicResolver(policies or {}, default=default)
    return resolver.resolve(campaign, battle_in(campaign, area))


def result(outcome: BattleOutcome, name: str) -> dict[str, Any]:
    """What ``outcome`` did to ``name`` (its true fields), not the port chosen for its retreat (``retreat_to``,
    R-OPS-48: see :func:`retreat_to`)."""
    for r in outcome.results:
        if r.name == name:
            return {k: v for k, v in vars(r).items() if k not in ("name", "retreat_to") and v}
    return {}


class Scripted(BaselinePolicy):
    """A baseline policy whose answers can be fixed per method: ``answers[method]`` is either a value or a
    function of the same arguments; every call is recorded in ``calls`` as ``(method, side, stage, args)``."""

    name = "scripted"

    def __init__(self, **answers: Any) -> None:
        super().__init__()
        self.answers = answers
        self.calls: list[tuple[str, Side, str, tuple[Any, ...]]] = []

    def _answer(self, method: str, base: Callable[..., Any], ctx: BattleContext, side: Side, *args: Any) -> Any:
        self.calls.append((method, side, ctx.stage, args))
        if method in self.answers:
            answer = self.answers[method]
            return answer(ctx, side, *args) if callable(answer) else answer
        return base(ctx, side, *args)

    def submarine_targets(self, ctx, side, subs, targets):  # type: ignore[no-untyped-def]
        return self._answer("submarine_targets", super().submarine_targets, ctx, side, subs, targets)

    def was_air_strikes(self, ctx, side, sources, targets):  # type: ignore[no-untyped-def]
        return self._answer("was_air_strikes", super().was_air_strikes, ctx, side, sources, targets)

    def gunnery_targets(self, ctx, side, firers, targets):  # type: ignore[no-untyped-def]
        return self._answer("gunnery_targets", super().gunnery_targets, ctx, side, firers, targets)

    def air_targets(self, ctx, side, sources, targets):  # type: ignore[no-untyped-def]
        return self._answer("air_targets", super().air_targets, ctx, side, sources, targets)

    def day_or_night(self, ctx, side, japan_choice):  # type: ignore[no-untyped-def]
        return self._answer("day_or_night", super().day_or_night, ctx, side, japan_choice)

    def night_firing_carriers(self, ctx, side, carriers):  # type: ignore[no-untyped-def]
        return self._answer("night_firing_carriers", super().night_firing_carriers, ctx, side, carriers)

    def run_or_fight(self, ctx, side, units):  # type: ignore[no-untyped-def]
        return self._answer("run_or_fight", super().run_or_fight, ctx, side, units)

    def withdraw(self, ctx, side, enemy_declared, candidates=None):  # type: ignore[no-untyped-def]
        return self._answer("withdraw", super().withdraw, ctx, side, enemy_declared, candidates)

    def pursue(self, ctx, side, eligible):  # type: ignore[no-untyped-def]
        return self._answer("pursue", super().pursue, ctx, side, eligible)

    def landings(self, ctx, side, options):  # type: ignore[no-untyped-def]
        return self._answer("landings", super().landings, ctx, side, options)

    def retreat_ports(self, ctx, side, options):  # type: ignore[no-untyped-def]
        return self._answer("retreat_ports", super().retreat_ports, ctx, side, options)


def retreat_to(outcome: BattleOutcome, name: str) -> str | None:
    return next((r.retreat_to for r in outcome.results if r.name == name), None)


def stay() -> dict[str, Any]:
    """Answers for a side that never withdraws nor pursues."""
    return {"withdraw": set(), "pursue": {}}


def rolls(campaign: Campaign) -> list[tuple[str, str, tuple[int, ...]]]:
    return [(r.label, r.rule, r.faces) for r in campaign.dice.log]
