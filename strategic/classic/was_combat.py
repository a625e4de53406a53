"""War at Sea combat in one sea area (combined turns 1-10, every WAS area; 002 §4.1, §4.11).

Order (reference/was.md §2 step 5, §4; 002 §4.11):

1. Allied ASW against U-Boats and surface raiders, raiders taking the first casualties (002 §2.213, case C-11);
2. surviving submarines attack (U-Boats; the I-Boat, which ASW cannot touch: 002 §4.11);
3. air strikes, once per turn, carriers, land-based air and the Frogmen together: each air factor one die at a
   different target, no target attacked by more than one airstrike factor this turn (002 §4.11, §2.222, cases
   C-12, W-04); the Allies assign and roll first, results apply after both sides have rolled (WAS 5.62);
   surface raiders cannot be attacked from the air (002 §2.213); land-based air and the Frogmen may strike
   enemy ships in a port touching the area instead (reference/was.md §4.5; 002 §2.223; R-CMB-12), and the
   limit of one airstrike factor per target holds across all the battles of the turn (R-CMB-13);
4. surface rounds: every ship with gunnery fires its gunnery dice at one enemy surface ship, results
   simultaneous (WAS 4.1); after each round both sides declare withdrawals blind, withdrawing ships may be
   pursued (WAS 4.6, R-CMB-07), and the battle goes on until one side has no surface ship left in the area.
"""

from __future__ import annotations

from scenarios.models import Activity, Side
from strategic.classic.common import asw, check_targets, submarine_attacks, withdrawals
from strategic.classic.context import Attack, BattleContext, other
from strategic.classic.damage import Combatant

AIR_RULE = "002 §4.11, §2.222; WAS 5.62 (cases C-12, W-04; R-CMB-01)"
SURFACE_RULE = "WAS 4.1-4.2 (R-CMB-01, R-CMB-06)"
FROGMEN_RULE = "002 §2.221-2.223"
RAID_RULE = "reference/was.md §4.5; 002 §2.223 (R-CMB-12)"
ROLL_ORDER = (Side.ALLIED, Side.AXIS)


def fight(ctx: BattleContext) -> None:
    """Resolve the whole War at Sea battle in ``ctx`` (see the module docstring)."""
    asw(ctx)
    submarine_attacks(ctx)
    air_strikes(ctx)
    surface_rounds(ctx)


def _surface(unit: Combatant) -> bool:
    return unit.is_surface_target and unit.defence is not None and not unit.withdrawing and unit.at_sea


def _air_target(unit: Combatant) -> bool:
    """Ships (and convoys) at sea, and the units in port an air raid may strike (R-CMB-12)."""
    return unit.is_surface_target and unit.defence is not None and not unit.withdrawing and unit.active


def frogmen_allowed(ctx: BattleContext, unit: Combatant) -> bool:
    """002 §2.223: the Frogmen attack only in the Mediterranean, against Malta or against Italy (the
    ``frogmen-mediterranean-only`` limit of the data)."""
    record = ctx.campaign.unit_record(unit.name)
    return not ctx.campaign.violations(record, ctx.area, Activity.AT_SEA, unit.side)


def air_strikes(ctx: BattleContext) -> None:
    """Step 3 (see the module docstring).  A Frogmen counter that attacks is used up (removed from play:
    002 §2.221) even if it had fewer than three targets."""
    attacks: list[Attack] = []
    used_frogmen: list[Combatant] = []
    attacked: set[str] = set(ctx.campaign.state.air_attacked)  # this turn, in every battle (R-CMB-13)
    plans: list[list[tuple[str, str]]] = []  # both sides choose before any die is rolled (simultaneous strikes)
    for side in ROLL_ORDER:
        sources: dict[str, int] = {}
        for unit in ctx.side_units(side, where=lambda u: (u.is_carrier or u.is_lba or u.is_frogmen) and u.air > 0
                                   and u.at_sea):
            if unit.is_frogmen and not frogmen_allowed(ctx, unit):
                continue
            sources[unit.name] = unit.air
        targets = ctx.names(other(side), where=lambda u: _air_target(u) and u.name not in attacked)
        if not sources or not targets:
            continue
        ctx.stage = "air strikes"
        plan = list(ctx.policy(side).was_air_strikes(ctx, side, dict(sources), list(targets)))
        used: dict[str, int] = {}
        for source, target in plan:
            ctx.require(source in sources, AIR_RULE, f"{source} has no air strike here")
            ctx.require(target in targets, AIR_RULE, f"{source} may not attack {target} from the air")
            ctx.require(target not in attacked, AIR_RULE,
                        f"{target} is already attacked by an airstrike factor this turn (002 §4.11)")
            ctx.require(not (ctx.units[target].in_port and ctx.units[source].is_carrier), RAID_RULE,
                        f"{source} is a carrier: in War at Sea only land-based air and the Frogmen strike ports")
            used[source] = used.get(source, 0) + 1
            ctx.require(used[source] <= sources[source], AIR_RULE, f"{source} has only {sources[source]} air factors")
            attacked.add(target)
        plans.append(plan)
    for plan in plans:
        for source, target in plan:
            ctx.units[target].air_attacked = True
            unit = ctx.units[source]
            what = "frogmen attack" if unit.is_frogmen else "LBA strike" if unit.is_lba else "air strike"
            attacks.append(ctx.roll_attack(unit, ctx.units[target], 1, unit.bonus_for("air", ctx.theatre, ctx.tables),
                                           what, FROGMEN_RULE + "; " + AIR_RULE if unit.is_frogmen else AIR_RULE))
            if unit.is_frogmen and unit not in used_frogmen:
                used_frogmen.append(unit)
    ctx.apply(attacks, AIR_RULE)
    for frogmen in used_frogmen:
        frogmen.expended = True
        ctx.note(f"{frogmen.name} used: removed from play", FROGMEN_RULE, event=True)


def surface_rounds(ctx: BattleContext) -> None:
    """Step 4 (see the module docstring).  Ends when a side has no surface ship left (sunk, disabled or
    withdrawn); if neither side can fire at the other, or after ``battle-round-cap`` rounds, the battle ends
    with both sides still present and nobody controls the area (R-CMB-06)."""
    while True:
        allied = ctx.side_units(Side.ALLIED, where=_surface)
        axis = ctx.side_units(Side.AXIS, where=_surface)
        if not allied or not axis:
            return
        if not any(u.gunnery > 0 and u.is_ship for u in allied + axis):
            ctx.note("neither side can fire: the battle ends with both sides in the area", "R-CMB-06", event=True)
            return
        if ctx.round >= ctx.tables.round_cap:
            ctx.note(f"round cap ({ctx.tables.round_cap}) reached: the battle ends", "R-CMB-06", event=True)
            return
        ctx.round += 1
        ctx.stage = "surface"
        ctx.note(f"surface round {ctx.round}", SURFACE_RULE, event=True)
        plans: list[dict[str, str]] = []  # both sides choose before any die is rolled: fire is simultaneous
        for side in ROLL_ORDER:
            firers = ctx.names(side, where=lambda u: _surface(u) and u.is_ship and u.gunnery > 0)
            targets = ctx.names(other(side), where=_surface)
            if not firers or not targets:
                continue
            plans.append(check_targets(ctx, ctx.policy(side).gunnery_targets(ctx, side, firers, targets), firers,
                                       targets, SURFACE_RULE))
        attacks: list[Attack] = [a for plan in plans for a in _fire(ctx, plan, SURFACE_RULE)]
        ctx.apply(attacks, SURFACE_RULE)
        withdrawals(ctx, (Side.AXIS, Side.ALLIED), sequential=False, can_withdraw=_surface,
                    pursuit_round=lambda side, plan: _pursuit_round(ctx, side, plan))


def _fire(ctx: BattleContext, plan: dict[str, str], rule: str) -> list[Attack]:
    out = []
    for firer_name, target in plan.items():
        firer = ctx.units[firer_name]
        out.append(ctx.roll_attack(firer, ctx.units[target], firer.gunnery,
                                   firer.bonus_for("gunnery", ctx.theatre, ctx.tables), "gunnery", rule))
    return out


def _pursuit_round(ctx: BattleContext, fleeing_side: Side, plan: dict[str, str]) -> None:
    """One pursuit round: pursuers fire at the ship each pursues; the pursued ships fire back at their pursuers
    (R-CMB-07); results simultaneous."""
    rule = "WAS 4.6 (R-CMB-07)"
    plans: list[dict[str, str]] = []  # the pursued choose before any die is rolled: fire is simultaneous
    for side in ROLL_ORDER:
        if side is other(fleeing_side):
            plans.append({p: t for p, t in plan.items() if ctx.units[p].gunnery > 0 and ctx.units[t].active})
        else:
            firers = [t for t in dict.fromkeys(plan.values()) if ctx.units[t].active and ctx.units[t].gunnery > 0
                      and ctx.units[t].is_ship]
            targets = [p for p in plan if ctx.units[p].active]
            if firers and targets:
                answer = ctx.policy(side).gunnery_targets(ctx, side, firers, targets)
                plans.append(check_targets(ctx, answer, firers, targets, rule))
    ctx.apply([a for fire in plans for a in _fire(ctx, fire, rule)], rule)
