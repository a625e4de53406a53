"""Steps both theatres share: ASW, submarine attacks, withdrawal and pursuit, decision checks.

Sources: 002 §2.213 (surface raiders are attacked only by ASW, lumped with the U-Boats, and take the first
casualties: case C-11), §4.11 (US carriers have full ASW, 3 rolls; the I-Boat cannot be attacked by ASW), §4.12
(U-Boats in VITP are attacked by ASW first, before they attack, and get no attack bonus); reference/was.md §4.4
(ASW, then U-Boat attacks: one die per U-Boat at a ship the Axis chooses), §4.6 (withdrawal and pursuit);
reference/vitp.md §4.5 (retreat and pursuit), §4.7 (I-Boat: one attack on a chosen ship, cannot be attacked).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np

from scenarios.models import Side
from scenarios.names import side_words
from strategic.classic.context import Attack, BattleContext, other
from strategic.classic.damage import Combatant
from strategic.classic.tables import DISABLE, HIT

ASW_RULE = "002 §2.213, §4.11, §4.12; WAS ASW (R-CMB-04)"
SUB_RULE = "WAS U-Boat attacks; VITP 4.7; 002 §4.12 (R-CMB-04)"
WITHDRAW_RULE = "WAS 4.6; VITP 4.5 (cases V-02; R-CMB-07)"
PURSUIT_RULE = "WAS 4.6; VITP 4.5 (R-CMB-07)"


def check_targets(ctx: BattleContext, plan: dict[str, str], firers: list[str], targets: list[str],
                  rule: str) -> dict[str, str]:
    """Every firer named must be allowed to fire and every target allowed to be attacked."""
    for firer, target in plan.items():
        ctx.require(firer in firers, rule, f"{firer} may not fire now")
        ctx.require(target in targets, rule, f"{firer} may not attack {target} now")
    return plan


def asw(ctx: BattleContext) -> None:
    """Allied ASW against the Axis U-Boats and surface raiders in the area (not the I-Boat): every Allied
    surface ship rolls ``asw-dice-per-ship`` dice, every carrier ``asw-dice-per-carrier`` (002 §4.11: full ASW,
    3 rolls).  The results are pooled: sinkings go to surface raiders until none is left, then to U-Boats;
    disables go to surviving raiders not yet disabled, then to U-Boats (002 §2.213, case C-11)."""
    raiders = ctx.side_units(Side.AXIS, where=lambda u: u.is_raider)
    uboats = ctx.side_units(Side.AXIS, where=lambda u: u.is_uboat)
    if not raiders and not uboats:
        return
    hunters = ctx.side_units(Side.ALLIED, where=lambda u: u.is_ship and u.at_sea)
    ctx.stage = "asw"
    if not hunters:
        ctx.note("no Allied surface ship to make ASW attacks", ASW_RULE)
        return
    asw_table = ctx.tables.asw
    sinks = disables = 0
    for hunter in hunters:
        count = asw_table.dice_per_carrier if hunter.is_carrier else asw_table.dice_per_ship
        if count <= 0:
            continue
        faces = ctx.dice.roll(count, 6, label=f"{hunter.name} ASW", rule=ASW_RULE)
        results = asw_table.classify(np.array(faces, dtype=int))
        sinks += int((results == HIT).sum())
        disables += int((results == DISABLE).sum())
        ctx.note(f"{hunter.name} ASW: {list(faces)}", ASW_RULE)
    pool = raiders + uboats  # raiders first (002 §2.213)
    for unit in pool:
        if sinks <= 0:
            break
        unit.sunk, unit.taken, sinks = True, unit.taken + 1, sinks - 1
        ctx.note(f"{unit.name} sunk by ASW", ASW_RULE, event=True)
    for unit in pool:
        if disables <= 0:
            break
        if unit.active:
            unit.disabled, disables = True, disables - 1
            ctx.note(f"{unit.name} disabled by ASW", ASW_RULE, event=True)


def submarine_attacks(ctx: BattleContext) -> None:
    """Each surviving submarine attacks once, with its gunnery dice, at an enemy surface ship (or convoy) its
    side chooses; U-Boats first suffer ASW (see :func:`asw`).  Results are applied together."""
    attacks: list[Attack] = []
    plans: list[dict[str, str]] = []  # both sides choose before any die is rolled: the attacks are simultaneous
    for side in (Side.AXIS, Side.ALLIED):
        subs = ctx.side_units(side, where=lambda u: u.is_sub and u.gunnery > 0)
        targets = ctx.names(other(side), where=lambda u: u.is_surface_target and u.defence is not None and u.at_sea)
        if not subs or not targets:
            continue
        ctx.stage = "submarines"
        names = [s.name for s in subs]
        plans.append(check_targets(ctx, ctx.policy(side).submarine_targets(ctx, side, names, targets), names,
                                   targets, SUB_RULE))
    for plan in plans:
        for sub_name, target in plan.items():
            sub = ctx.units[sub_name]
            attacks.append(ctx.roll_attack(sub, ctx.units[target], sub.gunnery,
                                           sub.bonus_for("gunnery", ctx.theatre, ctx.tables), "torpedo attack",
                                           SUB_RULE))
    ctx.apply(attacks, SUB_RULE)


def can_pursue(unit: Combatant) -> bool:
    return unit.is_ship and unit.speed is not None and unit.active and not unit.withdrawing and unit.at_sea


PursuitRound = Callable[[Side, dict[str, str]], None]
"""Runs one pursuit round: (fleeing side, pursuer -> fleeing target)."""


def withdrawals(ctx: BattleContext, order: tuple[Side, ...], *, sequential: bool,
                can_withdraw: Callable[[Combatant], bool], pursuit_round: PursuitRound,
                forced: frozenset[Side] | set[Side] = frozenset(),
                forced_why: tuple[str, str] = ("must retreat", "002 §5.752")) -> dict[Side, set[str]]:
    """After a round each side may withdraw units (``order``: who declares first; ``sequential``: the second
    sees the first's declaration, else both declare blind); a side in ``forced`` must withdraw everything
    (``forced_why``: the words and the rule: 002 §5.752, or the Allies running, §5.751).  Then each withdrawing
    group may be pursued (:func:`pursuit`), and survivors leave the battle for port.  Returns the declarations."""
    declared: dict[Side, set[str]] = {}
    ctx.stage = "withdrawal"
    for side in order:
        candidates = ctx.names(side, where=can_withdraw)
        if not candidates:
            declared[side] = set()
            continue
        enemy = frozenset(declared[other(side)]) if sequential and other(side) in declared else None
        if side in forced:
            declared[side] = set(candidates)
            ctx.note(f"{side_words(side)} {forced_why[0]}: {', '.join(candidates)}", forced_why[1], event=True)
            continue
        chosen = set(ctx.policy(side).withdraw(ctx, side, enemy, list(candidates)))
        for name in chosen:
            ctx.require(name in candidates, WITHDRAW_RULE, f"{name} cannot withdraw now")
        declared[side] = chosen
        ctx.declare(side, "withdraw", chosen, sealed=not sequential)
        if chosen and sequential:
            ctx.note(f"{side_words(side)} withdraw: {', '.join(sorted(chosen))}", WITHDRAW_RULE, event=True)
    ctx.reveal()  # blind declarations are shown once both are made (R-CMB-07)
    if not sequential:
        for side in order:
            if declared.get(side) and side not in forced:
                ctx.note(f"{side_words(side)} withdraw: {', '.join(sorted(declared[side]))}", WITHDRAW_RULE, event=True)
    for names in declared.values():
        for name in names:
            ctx.units[name].withdrawing = True
    for side in order:
        if declared[side]:
            pursuit(ctx, side, [ctx.units[n] for n in declared[side]], pursuit_round)
    for names in declared.values():
        for name in names:
            unit = ctx.units[name]
            unit.withdrawing = False
            if unit.active:
                unit.withdrew = True
    return declared


def pursuit(ctx: BattleContext, fleeing_side: Side, fleeing: list[Combatant], pursuit_round: PursuitRound) -> None:
    """Up to ``was-pursuit-rounds`` / ``vitp-pursuit-rounds`` rounds: before each the other side assigns
    pursuers, each to one fleeing unit it may catch (speed at least the fleeing unit's speed plus
    ``pursuit-speed-margin``; units with no speed neither pursue nor are pursued: R-CMB-07); no assignment ends
    the pursuit."""
    hunter_side = other(fleeing_side)
    margin = ctx.tables.pursuit_speed_margin
    for number in range(1, ctx.tables.pursuit_rounds(ctx.theatre) + 1):
        pursuers = ctx.side_units(hunter_side, where=can_pursue)
        eligible: dict[str, list[str]] = {}
        for unit in fleeing:
            if unit.active and unit.speed is not None:
                fast = [p.name for p in pursuers if (p.speed or 0) >= unit.speed + margin]
                if fast:
                    eligible[unit.name] = fast
        if not eligible:
            return
        ctx.stage = f"pursuit {number}"
        plan = dict(ctx.policy(hunter_side).pursue(ctx, hunter_side, eligible))
        for pursuer, target in plan.items():
            ctx.require(target in eligible and pursuer in eligible[target], PURSUIT_RULE,
                        f"{pursuer} cannot pursue {target}")
        if not plan:
            return
        counts = Counter(plan.values())
        ctx.note(f"{side_words(hunter_side)} pursue (round {number}): "
                 + "; ".join(f"{t} by {', '.join(p for p, tt in plan.items() if tt == t)}" for t in counts),
                 PURSUIT_RULE, event=True)
        pursuit_round(fleeing_side, plan)
