"""What a player is shown with a classic-combat question (issue #15): his side's view of the battle, the rule, the
AI's suggested answer with its reason, and the exact odds of each attack he may order.

:func:`brief` is built while the battle is stopped at the question (the live :class:`BattleContext`), so the
odds are those of the moment: the attacker's dice and bonus, the target's defence, damage and whether it is in
port (:func:`strategic.classic.damage.attack_odds`, by enumeration).  The suggestion is what
:class:`~strategic.classic.policies.BaselinePolicy` would answer; it rolls no die.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from scenarios.models import Side
from strategic.classic.damage import AttackOdds, attack_odds
from strategic.classic.policies import DAY, NIGHT, BaselinePolicy, dealt, strength
from strategic.classic.scripts import encode
from strategic.classic.views import ClassicBattleView, observe

if TYPE_CHECKING:
    from strategic.classic.context import BattleContext

RULES = {
    "submarine_targets": "WAS U-Boat attacks; VITP 4.7 (002 §4.12)",
    "was_air_strikes": "002 §4.11, §2.222 (cases C-12, W-04)",
    "gunnery_targets": "WAS 4.3; VITP 4.3 (night rounds, case V-04)",
    "air_targets": "VITP 4.3 (day rounds: air en masse, 002 §4.12)",
    "day_or_night": "VITP 4.2 (case V-03; R-CMB-08)",
    "night_firing_carriers": "VITP 4.2 (case V-04; R-CMB-09)",
    "withdraw": "WAS 4.6; VITP 4.5 (case V-02; R-CMB-07)",
    "pursue": "WAS 4.6; VITP 4.5 (R-CMB-07)",
    "landings": "VITP 4.9 (case V-02; R-CMB-15)",
}
"""The rule governing each question, shown with it."""

FACTOR = {"submarine_targets": "gunnery", "gunnery_targets": "gunnery", "air_targets": "air",
          "was_air_strikes": "air"}
"""The factor an attack of each targeting question rolls."""


@dataclass(frozen=True)
class Brief:
    """A question's situation: ``view`` (the side's :class:`ClassicBattleView`), ``rule``, the AI's
    ``suggestion`` (JSON, as an answer) and ``reason``, and ``odds[attacker][target]`` for each attack the
    question may order (War at Sea air strikes: one die per air factor); ``sinks_above[unit]``: the damage above
    which it sinks (its defence, times the in-port multiplier in port: R-CMB-05)."""

    view: ClassicBattleView
    rule: str
    suggestion: Any
    reason: str
    odds: Mapping[str, Mapping[str, AttackOdds]]
    sinks_above: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


def brief(ctx: BattleContext, decision: str, args: tuple[Any, ...]) -> Brief:
    """The :class:`Brief` of ``decision`` asked with the policy method's ``args`` (``ctx, side, ...``)."""
    side: Side = args[1]
    suggestion = encode(decision, getattr(BaselinePolicy(), decision)(*args))
    sinks = {n: u.threshold(ctx.tables) for n, u in ctx.units.items() if u.defence is not None}
    return Brief(view=observe(ctx, side), rule=RULES.get(decision, "002 §4.1"), suggestion=suggestion,
                 reason=_reason(ctx, decision, side), odds=MappingProxyType(_odds(ctx, decision, args)),
                 sinks_above=MappingProxyType(sinks))


def _odds(ctx: BattleContext, decision: str, args: tuple[Any, ...]) -> dict[str, Mapping[str, AttackOdds]]:
    factor = FACTOR.get(decision)
    if factor is None:
        return {}
    attackers, targets = args[2], args[3]
    out: dict[str, Mapping[str, AttackOdds]] = {}
    for name in attackers:
        attacker = ctx.units[name]
        dice = 1 if decision == "was_air_strikes" else (attacker.gunnery if factor == "gunnery" else attacker.air)
        bonus = attacker.bonus_for(factor, ctx.theatre, ctx.tables)
        out[name] = MappingProxyType({t: _one(ctx, dice, bonus, t) for t in targets})
    return out


def _one(ctx: BattleContext, dice: int, bonus: bool, target_name: str) -> AttackOdds:
    target = ctx.units[target_name]
    points = ctx.tables.amphibious_in_port_points if target.in_port and target.is_amph else None
    return attack_odds(ctx.table, dice, bonus, target.defence or 0, prior=target.damage, in_port=target.in_port,
                       multiplier=ctx.tables.in_port_sink_multiplier, points_per_hit=points)


def _reason(ctx: BattleContext, decision: str, side: Side) -> str:
    """Why the AI suggests what it does, in a line (the baseline's reckoning: expected damage points)."""
    enemy = Side.AXIS if side is Side.ALLIED else Side.ALLIED
    if decision == "day_or_night":
        day = dealt(ctx, side, DAY) - dealt(ctx, enemy, DAY)
        night = dealt(ctx, side, NIGHT) - dealt(ctx, enemy, NIGHT)
        return f"expected points dealt less taken: day {day:+.1f}, night {night:+.1f}"
    if decision == "withdraw":
        ours, theirs = strength(ctx, side), strength(ctx, enemy)
        return (f"expected points a round: ours {ours:.1f}, theirs {theirs:.1f}; everything leaves below half the "
                "enemy's, else the crippled ships")
    if decision == "was_air_strikes":
        return "one air die on each of the most valuable targets, the bonus air first; the Frogmen only against " \
               "capital ships"
    if decision in FACTOR:
        return "fire is massed on the most valuable target until it is likely sunk, then spread"
    if decision == "night_firing_carriers":
        return "every carrier fires: a carrier's gunnery is better than none"
    if decision == "pursue":
        return "each fleeing unit is pursued by free, uncrippled pursuers at least as strong as it is"
    if decision == "landings":
        return "each landing unit invades the reachable enemy base with the fewest defenders"
    return ""


__all__ = ["FACTOR", "RULES", "Brief", "brief"]
