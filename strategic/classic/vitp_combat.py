"""Victory in the Pacific combat in one sea area (combined turns 3-10, and VITP areas earlier; 002 §4.1, §4.12).

Order (reference/vitp.md §4.2-4.7; 002 §4.12):

0. in the Hawaiian Islands on the turn of the early-war attack, the Allies first announce whether their forces
   there run or fight (002 §5.751, R-OPS-62); running forces withdraw after the submarine attacks, before the
   first round, and may be pursued;
1. Allied ASW against U-Boats (and surface raiders) first, then every submarine's one attack (the U-Boat with no
   attack bonus; the I-Boat and F-Boat cannot be attacked);
2. rounds, until one side has no ship, land-based air or amphibious unit left in the area:
   a. day or night: Japan declares, then the Allies (case V-03); if they differ the day/night roll decides
      (``vitp-day-night-japan-faces`` give Japan's choice, R-CMB-08);
   b. a night round: the Allies first name which carriers will fire (only carriers with gunnery; case V-04);
   c. attacks, Japan rolling first, results simultaneous (VITP 4.3): by day every carrier and land-based air
      unit attacks with all its airstrike factors en masse at one target, and may itself be attacked (002
      §4.12); by night ships fire their gunnery (carriers only when named, for the Allies), land-based air does
      not fire and cannot be fired at, and every enemy carrier must be fired at before any amphibious unit
      (case V-04, R-CMB-09);
   d. retreats, Japan first then the Allies, declared before any amphibious landing (case V-02); retreating
      units may be pursued (R-CMB-07); an Axis force bound to retreat (002 §5.752) retreats whole;
   e. the landing step: Japan's landing units invade enemy island bases or land in friendly ones, then the
      Allies' (VITP 4.9; R-CMB-15);
3. air raids on ports: by day the air units may strike enemy units in the ports and bases touching the area
   (``in_port``) as well as units at sea; when no enemy is left at sea, the side still there with air units makes
   up to ``vitp-port-raid-rounds`` raid rounds against them, unanswered (VITP 4.8; R-CMB-12);
4. a landing step if none was held (an unopposed landing).
German surface raiders cannot be attacked by gunnery or air (002 §2.213).  A surprise attack (VITP 18; 002
§5.72-5.7333) is :func:`surprise` instead: only the Axis attacks, by day and by air, for the set rounds.
"""

from __future__ import annotations

from scenarios.models import Activity, PortKind, Side
from scenarios.names import side_words
from strategic.classic.common import asw, check_targets, submarine_attacks, withdrawals
from strategic.classic.context import Attack, BattleContext, other
from strategic.classic.damage import Combatant
from strategic.classic.policies import DAY, FIGHT, NIGHT, RUN
from strategic.combat import Landing

ROUND_RULE = "VITP 4.2-4.4; 002 §4.12 (R-CMB-02)"
RAID_RULE = "VITP 4.8 (R-CMB-12)"
SURPRISE_RULE = "VITP 18; 002 §3.23, §5.72-5.7333 (R-CMB-16)"
LANDING_RULE = "VITP 4.9 (case V-02; R-CMB-15)"
DN_RULE = "VITP 4.2 (case V-03; R-CMB-08)"
NIGHT_RULE = "VITP 4.2 (case V-04; R-CMB-09)"
RUN_RULE = "002 §5.751 (R-OPS-62)"
ROLL_ORDER = (Side.AXIS, Side.ALLIED)  # Japan rolls first, then the Allies (VITP 4.3 [S])


def fight(ctx: BattleContext) -> None:
    """Resolve the whole VITP battle in ``ctx`` (see the module docstring)."""
    running = run_or_fight(ctx)
    asw(ctx)
    submarine_attacks(ctx)
    if running:
        withdrawals(ctx, (Side.ALLIED,), sequential=True, can_withdraw=_in_round,
                    pursuit_round=lambda side, plan: play_round(ctx, (side, plan)), forced={Side.ALLIED},
                    forced_why=("run", RUN_RULE))
    rounds(ctx)
    port_raid(ctx)
    if not ctx.landing_steps:
        landing_step(ctx)


def rounds(ctx: BattleContext) -> None:
    """Step 2 of the module docstring: rounds while both sides have units in the area."""
    while True:
        japan = ctx.side_units(Side.AXIS, where=_in_round)
        allies = ctx.side_units(Side.ALLIED, where=_in_round)
        if not japan or not allies:
            return
        if not _anyone_can_attack(ctx):
            ctx.note("neither side can attack the other: the battle ends with both sides in the area", "R-CMB-06",
                     event=True)
            return
        if ctx.round >= ctx.tables.round_cap:
            ctx.note(f"round cap ({ctx.tables.round_cap}) reached: the battle ends", "R-CMB-06", event=True)
            return
        ctx.round += 1
        play_round(ctx, None)
        forced = ctx.battle.forced_retreat_after
        withdrawals(ctx, (Side.AXIS, Side.ALLIED), sequential=True, can_withdraw=_in_round,
                    pursuit_round=lambda side, plan: play_round(ctx, (side, plan)),
                    forced={Side.AXIS} if forced and ctx.round >= forced else frozenset())
        landing_step(ctx)


def run_or_fight(ctx: BattleContext) -> bool:
    """Step 0 of the module docstring (002 §5.751): when the battle asks it, the Allies announce, aloud, whether
    their forces in the area run or fight; returns whether they run."""
    answer = run_announcement(ctx)
    if answer is None:
        return False
    allies = ctx.names(Side.ALLIED, where=_in_round)
    ctx.declare(Side.ALLIED, "run_or_fight", answer)
    ctx.note(f"{side_words(Side.ALLIED)} {answer}: {', '.join(allies)}" if answer == FIGHT
             else f"{side_words(Side.ALLIED)} announce that they run", RUN_RULE, event=True)
    return answer == RUN


def run_announcement(ctx: BattleContext) -> str | None:
    """The Allies' answer, ``run`` or ``fight``, when the battle asks it (002 §5.751: both sides in the rounds),
    checked; else ``None``.  Nothing is declared or noted (:func:`run_or_fight` does that)."""
    allies = ctx.names(Side.ALLIED, where=_in_round)
    if not ctx.battle.run_or_fight or not allies or not ctx.side_units(Side.AXIS, where=_in_round):
        return None
    ctx.stage = "run or fight"
    answer = ctx.policy(Side.ALLIED).run_or_fight(ctx, Side.ALLIED, list(allies))
    ctx.require(answer in (RUN, FIGHT), RUN_RULE, f"'{answer}' is neither run nor fight")
    return answer


def _in_round(unit: Combatant) -> bool:
    """Units that fight the rounds: ships, land-based air and amphibious units (not submarines or raiders) in
    the area (not in a port), not withdrawing."""
    return _fights(unit) and unit.at_sea and not unit.withdrawing


def _fights(unit: Combatant) -> bool:
    return (unit.is_ship or unit.is_amph or unit.is_lba or unit.is_surface_target) and unit.defence is not None


def _day_target(unit: Combatant) -> bool:
    return _fights(unit)


def _night_target(unit: Combatant) -> bool:
    return _fights(unit) and not unit.is_lba and unit.at_sea


def _day_source(unit: Combatant) -> bool:
    return (unit.is_carrier or unit.is_lba) and unit.air > 0 and unit.at_sea


def _night_firer(unit: Combatant) -> bool:
    return unit.is_ship and unit.gunnery > 0 and unit.at_sea


def _anyone_can_attack(ctx: BattleContext) -> bool:
    for side in (Side.AXIS, Side.ALLIED):
        enemy = other(side)
        if ctx.side_units(side, where=_day_source) and ctx.side_units(enemy, where=lambda u: _day_target(u)
                                                                       and u.at_sea):
            return True
        if ctx.side_units(side, where=_night_firer) and ctx.side_units(enemy, where=_night_target):
            return True
    return False


def port_raid(ctx: BattleContext) -> None:
    """Step 3 of the module docstring: when one side has nobody left in the area, the other side's air units make
    up to ``vitp-port-raid-rounds`` unanswered day rounds against the enemy units in the touching ports (VITP 4.8;
    R-CMB-12); the raid stops early when they hold their fire or nothing is left to strike."""
    if not any(ctx.units[n].in_port for n in ctx.battle.in_port):
        return
    for side in (Side.AXIS, Side.ALLIED):
        if ctx.side_units(other(side), where=_in_round):
            continue
        for _ in range(ctx.tables.port_raid_rounds):
            sources = ctx.names(side, where=lambda u: _day_source(u) and not u.withdrawing)
            targets = ctx.names(other(side), where=lambda u: u.in_port and _day_target(u))
            if not sources or not targets:
                return
            ctx.stage = "port raid"
            plan = check_targets(ctx, dict(ctx.policy(side).air_targets(ctx, side, sources, targets)), sources,
                                 targets, RAID_RULE)
            if not plan:
                ctx.note(f"{side_words(side)} hold their fire: no raid on the ports", RAID_RULE)
                return
            ctx.round += 1
            ctx.note(f"round {ctx.round}: air raid on {_ports_of(ctx, targets)} (day)", RAID_RULE, event=True)
            ctx.apply(_air_attacks(ctx, plan, RAID_RULE), RAID_RULE)
        return


def surprise(ctx: BattleContext) -> None:
    """A surprise attack (VITP 18; 002 §3.23, §5.72-5.7333; R-CMB-16): for ``battle.surprise_rounds`` rounds the
    Axis air units attack by day, each with all its factors at one target (the units in port at Pearl Harbor, the
    units at sea in Indonesia), with no return fire, the first ``surprise_bonus_rounds`` rounds with the attack
    bonus; there is no retreat between or after them (the first is after the first normal round)."""
    battle = ctx.battle
    for number in range(1, battle.surprise_rounds + 1):
        sources = ctx.names(Side.AXIS, where=_day_source)
        targets = ctx.names(Side.ALLIED, where=_day_target)
        if not sources or not targets:
            return
        ctx.round, ctx.stage = number, "surprise"
        bonus = number <= battle.surprise_bonus_rounds
        ctx.note(f"surprise round {number}{' (attack bonus)' if bonus else ''}: "
                 + (f"air raid on {_ports_of(ctx, targets)}" if battle.in_port else "air attack"), SURPRISE_RULE,
                 event=True)
        plan = check_targets(ctx, dict(ctx.policy(Side.AXIS).air_targets(ctx, Side.AXIS, sources, targets)),
                             sources, targets, SURPRISE_RULE)
        ctx.apply(_air_attacks(ctx, plan, SURPRISE_RULE, bonus=bonus), SURPRISE_RULE)


def _air_attacks(ctx: BattleContext, plan: dict[str, str], rule: str, *, bonus: bool = False) -> list[Attack]:
    out = []
    for firer_name, target in plan.items():
        firer = ctx.units[firer_name]
        what = "LBA strike" if firer.is_lba else "air strike"
        out.append(ctx.roll_attack(firer, ctx.units[target], firer.air,
                                   bonus or firer.bonus_for("air", ctx.theatre, ctx.tables), what, rule))
    return out


def _ports_of(ctx: BattleContext, targets: list[str]) -> str:
    ports = sorted({str(ctx.campaign.state.unit(t).place) for t in targets if ctx.units[t].in_port})
    return " and ".join(ports) or ctx.area


def declarations(ctx: BattleContext) -> tuple[str, str]:
    """Japan (the Axis) declares day or night first, then the Allies knowing it (case V-03): (Japan's, the
    Allies'), each checked and declared."""
    japan = ctx.policy(Side.AXIS).day_or_night(ctx, Side.AXIS, None)
    ctx.require(japan in (DAY, NIGHT), DN_RULE, f"'{japan}' is neither day nor night")
    ctx.declare(Side.AXIS, "day_or_night", japan)  # announced: the Allies choose knowing it
    allies = ctx.policy(Side.ALLIED).day_or_night(ctx, Side.ALLIED, japan)
    ctx.require(allies in (DAY, NIGHT), DN_RULE, f"'{allies}' is neither day nor night")
    ctx.declare(Side.ALLIED, "day_or_night", allies)
    return japan, allies


def day_or_night(ctx: BattleContext) -> str:
    """The declarations (:func:`declarations`); agreement decides, else one die: a face in
    ``vitp-day-night-japan-faces`` gives Japan's choice, any other the Allies' (R-CMB-08)."""
    japan, allies = declarations(ctx)
    if japan == allies:
        ctx.note(f"both sides want {japan}", DN_RULE)
        return japan
    face = ctx.dice.d6(label="day/night roll", rule=DN_RULE)
    mode = japan if face in ctx.tables.day_night_japan_faces else allies
    ctx.note(f"Japan wants {japan}, the Allies {allies}: day/night roll {face} -> {mode}", DN_RULE)
    return mode


def play_round(ctx: BattleContext, pursuit: tuple[Side, dict[str, str]] | None) -> None:
    """One round (a normal round, or a pursuit round: ``(fleeing side, pursuer -> target)``, where pursuers
    attack only the unit they pursue and the pursued attack only their pursuers)."""
    ctx.stage = "round" if pursuit is None else ctx.stage
    mode = day_or_night(ctx)
    label = f"round {ctx.round}" if ctx.round else "before the first round"  # pursuing forces that ran (§5.751)
    ctx.note(f"{label}{' (pursuit)' if pursuit else ''}: {mode}", ROUND_RULE, event=True)
    declared: set[str] | None = None
    if mode == NIGHT:
        carriers = ctx.names(Side.ALLIED, where=lambda u: u.is_carrier and _night_firer(u)
                             and _takes_part(u, Side.ALLIED, pursuit))
        declared = set(ctx.policy(Side.ALLIED).night_firing_carriers(ctx, Side.ALLIED, list(carriers))) \
            if carriers else set()
        for name in declared:
            ctx.require(name in carriers, NIGHT_RULE, f"{name} cannot be named to fire at night (no gunnery)")
        if carriers:
            ctx.declare(Side.ALLIED, "night_carriers", declared)  # named in advance, aloud (case V-04)
            ctx.note(f"Allied carriers firing tonight: {', '.join(sorted(declared)) or 'none'}", NIGHT_RULE)
    attacks: list[Attack] = []
    plans: list[dict[str, str]] = []  # both sides choose before any die is rolled: results are simultaneous
    for side in ROLL_ORDER:
        enemy = other(side)
        firers, targets = _firers_and_targets(ctx, side, mode, pursuit, declared or set())
        if not firers or not targets:
            continue
        if pursuit is not None and side is not pursuit[0]:
            plan = {p: t for p, t in pursuit[1].items() if p in firers and t in targets}
        else:
            policy = ctx.policy(side)
            answer = policy.gunnery_targets(ctx, side, firers, targets) if mode == NIGHT \
                else policy.air_targets(ctx, side, firers, targets)
            plan = check_targets(ctx, dict(answer), firers, targets, ROUND_RULE)
        if mode == NIGHT and pursuit is None:
            _check_screen(ctx, enemy, plan, targets)
        plans.append(plan)
    factor = "gunnery" if mode == NIGHT else "air"
    for plan in plans:
        for firer_name, target in plan.items():
            firer = ctx.units[firer_name]
            dice = firer.gunnery if mode == NIGHT else firer.air
            what = "gunnery" if mode == NIGHT else ("LBA strike" if firer.is_lba else "air strike")
            attacks.append(ctx.roll_attack(firer, ctx.units[target], dice,
                                           firer.bonus_for(factor, ctx.theatre, ctx.tables), what, ROUND_RULE))
    ctx.apply(attacks, ROUND_RULE)


def _firers_and_targets(ctx: BattleContext, side: Side, mode: str, pursuit: tuple[Side, dict[str, str]] | None,
                        declared: set[str]) -> tuple[list[str], list[str]]:
    """Who of ``side`` may attack in this round, and whom (see the module docstring)."""
    enemy = other(side)

    def fires(unit: Combatant) -> bool:
        if not _takes_part(unit, side, pursuit):
            return False
        if mode == DAY:
            return _day_source(unit)
        return _night_firer(unit) and not (side is Side.ALLIED and unit.is_carrier and unit.name not in declared)

    def attackable(unit: Combatant) -> bool:
        return _takes_part(unit, enemy, pursuit) and (_day_target(unit) if mode == DAY else _night_target(unit))

    return ctx.names(side, where=fires), ctx.names(enemy, where=attackable)


def _takes_part(unit: Combatant, side: Side, pursuit: tuple[Side, dict[str, str]] | None) -> bool:
    """In a normal round every unit not withdrawing; in a pursuit round only the pursuers and the pursued."""
    if pursuit is None:
        return not unit.withdrawing
    fleeing_side, plan = pursuit
    return unit.name in (plan.values() if side is fleeing_side else plan.keys())


def _check_screen(ctx: BattleContext, enemy: Side, plan: dict[str, str], targets: list[str]) -> None:
    """Case V-04: at night every enemy carrier present must be fired at before any amphibious unit."""
    if not any(ctx.units[t].is_amph for t in plan.values()):
        return
    carriers = [t for t in targets if ctx.units[t].is_carrier]
    unfired = [c for c in carriers if c not in plan.values()]
    ctx.require(not unfired, NIGHT_RULE, f"every carrier ({', '.join(unfired)}) must be fired at before any "
                "amphibious unit")


def landing_step(ctx: BattleContext) -> None:
    """After retreats (case V-02): every landing unit still in the area may invade an enemy island base touching
    it, which changes hands, or land in a friendly port or base; Japan's landings are announced and resolved
    before the Allies' (VITP 4.9; R-CMB-15).  A landing unit that goes ashore leaves the battle."""
    ctx.landing_steps += 1
    for side in ROLL_ORDER:
        options = {n: landing_options(ctx, side, n)
                   for n in ctx.names(side, where=lambda u: u.is_amph and u.at_sea and not u.withdrawing)}
        options = {n: bases for n, bases in options.items() if bases}
        if not options:
            continue
        ctx.stage = "landing"
        plan = dict(ctx.policy(side).landings(ctx, side, {n: list(b) for n, b in options.items()}))
        for unit, base in plan.items():
            ctx.require(unit in options, LANDING_RULE, f"{unit} cannot land now")
            ctx.require(base in options[unit], LANDING_RULE, f"{unit} cannot land in {base}")
        for unit, base in plan.items():
            invasion = ctx.owner(base) == other(side).value
            ctx.require(invasion or ctx.owner(base) == side.value, LANDING_RULE, f"{base} changed hands: {unit} "
                        "cannot land there now")
            ctx.units[unit].landed = base
            ctx.landings.append(Landing(unit, base, invasion))
            if invasion:
                ctx.owners[base] = side.value
                ctx.note(f"{unit} invades {base}: it falls to {side_words(side)}", LANDING_RULE, event=True)
            else:
                ctx.note(f"{unit} lands in {base}", LANDING_RULE, event=True)


def landing_options(ctx: BattleContext, side: Side, name: str) -> list[str]:
    """Where a landing unit may go ashore: enemy island bases (invasion; major ports fall only by isolation,
    VITP 5.3) and friendly ports and bases it may use, touching the area."""
    campaign = ctx.campaign
    us = campaign.state.unit(name)
    record = campaign.unit_record(name)
    out = []
    for port in campaign.board.ports_on(ctx.area):
        owner = ctx.owner(port)
        invasion = owner == other(side).value and campaign.data.ports[port].kind is PortKind.ISLAND_BASE
        friendly = owner == side.value and campaign.port_active(port) and not campaign.violations(
            record, port, Activity.BASE, us.side)
        if invasion or friendly:
            out.append(port)
    return out
