"""What a player is shown with a classic-combat question (issue #15): his side's view of the battle, the rule, the
AI's suggested answer with its reason, and the exact odds of each attack he may order.

:func:`brief` is built while the battle is stopped at the question (the live :class:`BattleContext`), so the
odds are those of the moment: the attacker's dice and bonus, the target's defence, damage and whether it is in
port (:func:`strategic.classic.damage.attack_odds`, by enumeration).  The suggestion is what
:class:`~strategic.classic.policies.BaselinePolicy` would answer; it rolls no die.  ``notes`` explain the rules
that bear on the question, each cited: what the attack dice do in the theatre (War at Sea: a 5 disables, a 6
hits, R-CMB-01; VITP: a 6 hits and its damage die's 6 disables, R-CMB-02), the surface raiders that neither
gunnery nor air may attack (002 §2.213), and for a withdrawal the units that may withdraw and how.

:func:`order_brief` is the brief of the battle-order question (WAS 5.6, VITP 4.1), asked before any battle of the
combat phase is fought: each pending battle of the theatre with its forces, the AI's order and its reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from scenarios.models import Side, Theatre
from strategic.classic.damage import AttackOdds, attack_odds
from strategic.classic.policies import DAY, NIGHT, BaselinePolicy, dealt, strength
from strategic.classic.scripts import encode
from strategic.classic.views import ClassicBattleView, observe

if TYPE_CHECKING:
    from strategic.campaign import Campaign
    from strategic.classic.context import BattleContext
    from strategic.combat import Battle

RULES = {
    "submarine_targets": "WAS U-Boat attacks; VITP 4.7 (002 §4.12)",
    "was_air_strikes": "002 §4.11, §2.222 (cases C-12, W-04)",
    "gunnery_targets": "WAS 4.3; VITP 4.3 (night rounds, case V-04)",
    "air_targets": "VITP 4.3 (day rounds: air en masse, 002 §4.12)",
    "day_or_night": "VITP 4.2 (case V-03; R-CMB-08)",
    "night_firing_carriers": "VITP 4.2 (case V-04; R-CMB-09)",
    "run_or_fight": "002 §5.751 (R-OPS-62)",
    "withdraw": "WAS 4.6; VITP 4.5 (case V-02; R-CMB-07)",
    "pursue": "WAS 4.6; VITP 4.5 (R-CMB-07)",
    "landings": "VITP 4.9 (case V-02; R-CMB-15)",
    "retreat_ports": "002 §3.246; VITP 4.4-4.5 (R-OPS-48)",
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
    notes: tuple[str, ...] = ()


def brief(ctx: BattleContext, decision: str, args: tuple[Any, ...]) -> Brief:
    """The :class:`Brief` of ``decision`` asked with the policy method's ``args`` (``ctx, side, ...``)."""
    side: Side = args[1]
    suggestion = encode(decision, getattr(BaselinePolicy(), decision)(*args))
    sinks = {n: u.threshold(ctx.tables) for n, u in ctx.units.items() if u.defence is not None}
    return Brief(view=observe(ctx, side), rule=rule_of(ctx, decision), suggestion=suggestion,
                 reason=_reason(ctx, decision, side), odds=MappingProxyType(_odds(ctx, decision, args)),
                 sinks_above=MappingProxyType(sinks), notes=notes(ctx, decision, args))


BY_THEATRE = {
    ("gunnery_targets", "WAS"): "WAS 4.3",
    ("gunnery_targets", "VITP"): "VITP 4.3 (night rounds, case V-04)",
}
"""The rules of the questions whose rule is the battle's theatre's own (a War at Sea battle cites no VITP case)."""


def rule_of(ctx: BattleContext, decision: str) -> str:
    """The rule governing ``decision`` in this battle: its theatre's (:data:`BY_THEATRE`), else :data:`RULES`."""
    return BY_THEATRE.get((decision, ctx.theatre.value), RULES.get(decision, "002 §4.1"))


def notes(ctx: BattleContext, decision: str, args: tuple[Any, ...]) -> tuple[str, ...]:
    """The rules that bear on ``decision`` in this battle, each with its source (see the module docstring)."""
    side: Side = args[1]
    out: list[str] = []
    if decision == "withdraw":
        candidates = args[3] if len(args) > 3 and args[3] is not None else []
        out.append(_withdraw_note(ctx, candidates, args[2]))
    if decision == "run_or_fight":
        out.append(f"Running: {', '.join(args[2])} leave for port before the first round, after the I-Boat's attack; "
                   "enemy ships at least as fast may pursue them (R-CMB-07). Fighting: they stay for the first "
                   "round and may withdraw after it, as after any round (002 §5.751; R-OPS-62).")
    if decision in FACTOR or decision in ("withdraw", "pursue", "day_or_night", "run_or_fight"):
        out.append(_dice_note(ctx))
    raiders = [u.name for u in ctx.units.values() if u.is_raider and u.active]
    if raiders and decision in (*FACTOR, "withdraw", "pursue"):
        out.append(f"Surface raiders ({', '.join(raiders)}) cannot be attacked by gunnery or from the air, nor "
                   "do they fight, withdraw or pursue: only the Allied ASW attacks them, before anything else, "
                   "where it disables (sends home) or sinks them as a U-Boat (002 §2.213; R-CMB-04); a battle "
                   "with only raiders and submarines against ships ends after the ASW (R-CMB-06).")
    if decision == "was_air_strikes":
        out.append("Each ship may be attacked by one airstrike factor only, this turn in any battle (002 §4.11; "
                   "R-CMB-11, R-CMB-13); the other side's strikes are chosen unseen and take effect together "
                   "(WAS 5.62).")
    if side is Side.ALLIED and decision == "night_firing_carriers":
        out.append("A carrier not named holds its fire tonight; naming has no other effect (case V-04; R-CMB-09).")
    return tuple(out)


def _dice_note(ctx: BattleContext) -> str:
    """What an attack die does in this theatre (the data's die table: ``scenarios/data/combat.yaml``)."""
    table = ctx.table
    hit, bonus = table.hit_min, table.bonus
    if ctx.theatre is Theatre.WAS:
        disables = ", ".join(str(r) for r in sorted(table.disable_rolls)) or "no roll"
        bonus_disables = ", ".join(str(r - bonus) for r in sorted(table.disable_rolls)) or "none"
        return (f"War at Sea die: {hit} or more hits (the hit rolls a damage die: that many points), {disables} "
                "disables: the target leaves the battle at once for port with no damage and fires no more, so a "
                "disable is as good as a sinking for this battle (a ship may be hit and disabled in the same round); "
                "a circled "
                f"(+{bonus}) factor hits on {hit - bonus} and disables on {bonus_disables} (R-CMB-01, "
                "reference/was.md §4.2; R-CMB-03). A disabled ship is no longer a target, and cannot withdraw "
                "or be pursued: it has gone home.")
    faces = ", ".join(str(f) for f in sorted(table.damage_disable_faces)) or "no face"
    return (f"VITP die: {hit} or more hits ({hit - bonus} with a circled +{bonus} factor); each hit rolls a damage "
            f"die: {faces} disables the target (out of the battle, to port) instead of damage, the other faces "
            "give that many points (VITP 4.3; R-CMB-02, R-CMB-03).")


def _withdraw_note(ctx: BattleContext, candidates: list[str], enemy: frozenset[str] | None) -> str:
    """Who may withdraw now, and the rule."""
    who = ", ".join(candidates) or "none"
    if ctx.theatre is Theatre.WAS:
        what = ("ships still fighting in the area (not in port, not disabled or sunk); both sides declare at "
                "once, unseen (WAS 4.6; R-CMB-07)")
    else:
        what = ("ships, land-based air and amphibious units still fighting in the area (not in port, not disabled "
                "or sunk); Japan declares first, then the Allies knowing Japan's, before any landing (VITP 4.5, "
                "case V-02; R-CMB-07)")
    told = "" if enemy is None else f" Japan withdraws: {', '.join(sorted(enemy)) or 'nothing'}."
    return (f"May withdraw: {who} — {what}. A unit that withdraws leaves for port at once and does not count for "
            "control; enemy ships at least as fast may pursue it (R-CMB-07); those that stay fight on."
            + told)


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
    if decision == "run_or_fight":
        ours, theirs = strength(ctx, side), strength(ctx, enemy)
        return (f"expected points a round: ours {ours:.1f}, theirs {theirs:.1f}; the AI fights, and withdraws after "
                "the first round if outgunned")
    if decision == "retreat_ports":
        return "each unit goes back to the port it sailed from if it may, else to its first legal port"
    return ""


# --------------------------------------------------------------------------- the battle order


@dataclass(frozen=True)
class OrderBrief:
    """The battle-order question's situation: the ``theatre``, the ``rule``, the AI's ``suggestion`` (the areas in
    its order, as an answer) and ``reason``, ``battles`` (each area's kind and units of each side: allied, axis, in
    port) and ``notes`` (the rules that bear on the order)."""

    theatre: Theatre
    rule: str
    suggestion: list[str]
    reason: str
    battles: Mapping[str, tuple[str, tuple[str, ...], tuple[str, ...], tuple[str, ...]]]
    notes: tuple[str, ...] = ()
    odds: Mapping[str, Mapping[str, AttackOdds]] = field(default_factory=lambda: MappingProxyType({}))


def order_brief(campaign: Campaign, theatre: Theatre, rule: str, areas: list[str], suggestion: list[str],
                battles: list[Battle], first: list[str]) -> OrderBrief:
    """The brief of ordering ``areas`` (``suggestion``: the AI's order; ``battles``: the battles found now;
    ``first``: areas the rules fight first whatever the order, 002 §5.75)."""
    found = {b.area: b for b in battles}
    shown = {a: (found[a].kind, found[a].allied, found[a].axis, found[a].in_port) if a in found else ("", (), (), ())
             for a in areas}
    out = [f"Each battle is fought to its end before the next begins ({rule.split(' (')[0]}); in this game "
           "the War at Sea battles are fought before the VITP ones (R-CMB-10)."]
    if theatre is Theatre.WAS:
        out.append("A ship attacked from the air in one War at Sea battle cannot be attacked from the air again "
                   "this turn, in a later battle or raid (002 §4.11; R-CMB-13).")
    out.append("Units that withdraw or are disabled go home at once: a port touching an area not yet fought may put "
               "them in a later battle or air raid (R-CMB-14).")
    if first:
        out.append(f"{', '.join(first)} is fought first this turn whatever the order (002 §5.75).")
    poc = {a: campaign.data.areas[a].poc for a in areas}
    values = "; ".join(f"{a} {poc[a].axis.value}" for a in suggestion)
    return OrderBrief(theatre=theatre, rule=rule, suggestion=list(suggestion),
                      reason=f"the areas worth most POC to the Axis first (Axis POC: {values})",
                      battles=MappingProxyType(shown), notes=tuple(out))


__all__ = ["FACTOR", "RULES", "Brief", "OrderBrief", "brief", "notes", "order_brief"]
