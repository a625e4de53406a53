"""Player decisions inside a classic battle: the :class:`CombatPolicy` protocol and a deterministic baseline.

The resolver asks the policy of the player who commands a side in the battle (see
:meth:`strategic.classic.resolver.ClassicResolver.player_for`) at each decision, shows it the battle
(:class:`~strategic.classic.context.BattleContext`) and validates the answer; the TUI implements the same protocol
for human players.  Names are unit names; a unit left out of a targeting answer holds its fire (VITP 4.3 [S]).

Decisions and their rules:

* ``order_battles`` - the Axis orders War at Sea battles (WAS 5.6, case W-03), Japan VITP battles (VITP 4.1);
* ``submarine_targets`` - each submarine's one attack (WAS U-Boat attacks; I-Boat and F-Boat, VITP 4.7);
* ``was_air_strikes`` - War at Sea air strikes: each air factor one die, no target attacked by more than one
  airstrike factor in the turn, the Frogmen counting as an airstrike (002 §4.11, §2.222; cases C-12, W-04);
* ``gunnery_targets`` - each firing ship's target in a surface (WAS) or night (VITP) round;
* ``air_targets`` - each VITP air unit's target, all its factors en masse (002 §4.12);
* ``day_or_night`` - VITP round preference, Japan first then the Allies (case V-03);
* ``night_firing_carriers`` - the Allied carriers that will fire in a night round, named in advance (case V-04);
* ``run_or_fight`` - before the first round in the Hawaiian Islands on the turn of the early-war attack, whether
  the Allied forces there (``units``) run, withdrawing at once, or fight (002 §5.751, R-OPS-62);
* ``withdraw`` - units that leave after a round, among the ``candidates`` offered: the side's ships (and in VITP
  its land-based air and amphibious units) still fighting in the area, not in port, not disabled (WAS 4.6; VITP
  retreats, declared before landings: case V-02);
* ``pursue`` - pursuers assigned to withdrawing enemy units (WAS 4.6, VITP 4.5; R-CMB-07);
* ``landings`` - VITP landing units that go ashore after a round, each in an enemy island base it invades or a
  friendly port or base (VITP 4.9; R-CMB-15);
* ``retreat_ports`` - after the battle, the port each unit that left it at sea (withdrawn or disabled) goes to,
  among its legal returns, when it has more than one (002 §3.246; VITP 4.4-4.5; R-OPS-48).

Air raids on ports (VITP 4.8, R-CMB-12) use ``air_targets`` and ``was_air_strikes``: the units in port are among
the targets (``ctx.units[name].in_port``); in War at Sea only land-based air and the Frogmen may strike them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from scenarios.models import Side, Theatre, UnitType
from strategic.classic.context import other
from strategic.classic.damage import Combatant, expected_points_per_die
from strategic.classic.views import known_context

if TYPE_CHECKING:
    from strategic.campaign import Campaign
    from strategic.classic.context import BattleContext

DAY, NIGHT = "day", "night"
RUN, FIGHT = "run", "fight"
CAPITAL = frozenset({UnitType.BB, UnitType.BC, UnitType.CV, UnitType.CVL})


class CombatPolicy(Protocol):
    """What a player decides in classic combat (see the module docstring for the rules)."""

    name: str

    def order_battles(self, campaign: Campaign, theatre: Theatre, areas: list[str]) -> list[str]: ...

    def submarine_targets(self, ctx: BattleContext, side: Side, subs: list[str],
                          targets: list[str]) -> dict[str, str]: ...

    def was_air_strikes(self, ctx: BattleContext, side: Side, sources: dict[str, int],
                        targets: list[str]) -> list[tuple[str, str]]: ...

    def gunnery_targets(self, ctx: BattleContext, side: Side, firers: list[str],
                        targets: list[str]) -> dict[str, str]: ...

    def air_targets(self, ctx: BattleContext, side: Side, sources: list[str],
                    targets: list[str]) -> dict[str, str]: ...

    def day_or_night(self, ctx: BattleContext, side: Side, japan_choice: str | None) -> str: ...

    def night_firing_carriers(self, ctx: BattleContext, side: Side, carriers: list[str]) -> set[str]: ...

    def run_or_fight(self, ctx: BattleContext, side: Side, units: list[str]) -> str: ...

    def withdraw(self, ctx: BattleContext, side: Side, enemy_declared: frozenset[str] | None,
                 candidates: list[str] | None = None) -> set[str]: ...

    def pursue(self, ctx: BattleContext, side: Side, eligible: dict[str, list[str]]) -> dict[str, str]: ...

    def landings(self, ctx: BattleContext, side: Side, options: dict[str, list[str]]) -> dict[str, str]: ...

    def retreat_ports(self, ctx: BattleContext, side: Side, options: dict[str, list[str]]) -> dict[str, str]: ...


# --------------------------------------------------------------------------- estimates shared by the baseline


def unit_value(unit: Combatant) -> float:
    """How much the baseline cares about a unit: its factors, carriers and air units weighted up."""
    value = unit.gunnery + 1.5 * unit.air + (unit.defence or 0)
    if unit.is_carrier:
        value += 3
    if unit.type is UnitType.CONVOY:
        value += 3
    return value + 1


def points_to_sink(ctx: BattleContext, unit: Combatant) -> int:
    return max(1, unit.threshold(ctx.tables) - unit.damage + 1)


def expected_points(ctx: BattleContext, unit: Combatant, factor: str) -> float:
    """Expected damage points of ``unit``'s ``factor`` (``gunnery`` or ``air``) in one attack."""
    dice = unit.gunnery if factor == "gunnery" else unit.air
    if dice <= 0:
        return 0.0
    return dice * float(expected_points_per_die(ctx.table, unit.bonus_for(factor, ctx.theatre, ctx.tables)))


def night_firers(ctx: BattleContext, side: Side) -> list[Combatant]:
    return ctx.side_units(side, where=lambda u: u.is_ship and u.gunnery > 0 and u.at_sea)


def day_sources(ctx: BattleContext, side: Side) -> list[Combatant]:
    return ctx.side_units(side, where=lambda u: (u.is_carrier or u.is_lba) and u.air > 0 and u.at_sea)


def dealt(ctx: BattleContext, side: Side, mode: str) -> float:
    """Expected points ``side`` deals in a VITP round of ``mode`` (0 if the enemy has nothing it may attack
    then: land-based air cannot be fired at by night), or in a War at Sea surface round (``mode`` night)."""
    def target(u: Combatant) -> bool:
        return (u.defence is not None and not u.is_sub and not u.is_raider and (mode == DAY or not u.is_lba)
                and (mode == DAY or u.at_sea))
    if not ctx.side_units(other(side), where=target):
        return 0.0
    if mode == DAY:
        return sum(expected_points(ctx, u, "air") for u in day_sources(ctx, side))
    return sum(expected_points(ctx, u, "gunnery") for u in night_firers(ctx, side))


def strength(ctx: BattleContext, side: Side) -> float:
    """Expected points a side deals per round: gunnery in War at Sea, its better round type in VITP."""
    if ctx.theatre is Theatre.WAS:
        return dealt(ctx, side, NIGHT)
    return max(dealt(ctx, side, DAY), dealt(ctx, side, NIGHT))


def greedy_targets(ctx: BattleContext, firers: list[tuple[str, float]], targets: list[str]) -> dict[str, str]:
    """Assign each firer (name, expected points) to the target where it adds most expected value: fire is
    concentrated until a target is likely sunk, then spread.  Deterministic (ties: first target)."""
    if not targets:
        return {}
    load = dict.fromkeys(targets, 0.0)
    out: dict[str, str] = {}
    for name, points in sorted(firers, key=lambda f: (-f[1], f[0])):
        def gain(t: str, pts: float = points) -> float:
            unit = ctx.units[t]
            need = points_to_sink(ctx, unit)
            return unit_value(unit) * (min(1.0, (load[t] + pts) / need) - min(1.0, load[t] / need))
        best = max(targets, key=lambda t: (gain(t), unit_value(ctx.units[t]), -targets.index(t)))
        load[best] += points
        out[name] = best
    return out


Decision = TypeVar("Decision", bound=Callable[..., Any])


def _as_known(method: Decision) -> Decision:
    """The decision made from the battle as the side knows it (``known_context``, R-VIEW-27), whoever asks."""
    @wraps(method)
    def decide(self: Any, ctx: BattleContext, side: Side, *args: Any, **kwargs: Any) -> Any:
        return method(self, known_context(ctx, side), side, *args, **kwargs)
    return decide  # type: ignore[return-value]


class BaselinePolicy:
    """Deterministic, sensible decisions for any side (see each method), each made from the battle as the side knows
    it (R-VIEW-27).  ``withdraw_ratio``: a side withdraws
    everything when its strength is below this share of the enemy's; ``frogmen_capitals``: the Axis uses the
    once-per-game Frogmen only against at least this many capital ships left unattacked by other air."""

    name = "baseline"

    def __init__(self, withdraw_ratio: float = 0.5, frogmen_capitals: int = 2) -> None:
        self.withdraw_ratio = withdraw_ratio
        self.frogmen_capitals = frogmen_capitals

    def order_battles(self, campaign: Campaign, theatre: Theatre, areas: list[str]) -> list[str]:
        """Most valuable areas first (the side's POC for the area), then data order."""
        side = Side.AXIS
        def worth(area: str) -> int:
            poc = campaign.data.areas[area].poc
            return (poc.axis if side is Side.AXIS else poc.allied).value
        return sorted(areas, key=lambda a: (-worth(a), areas.index(a)))

    @_as_known
    def submarine_targets(self, ctx: BattleContext, side: Side, subs: list[str],
                          targets: list[str]) -> dict[str, str]:
        firers = [(s, expected_points(ctx, ctx.units[s], "gunnery")) for s in subs]
        return greedy_targets(ctx, firers, targets)

    @_as_known
    def was_air_strikes(self, ctx: BattleContext, side: Side, sources: dict[str, int],
                        targets: list[str]) -> list[tuple[str, str]]:
        """Best targets first, one die each; bonus air first; the Frogmen only against enough capital ships."""
        ranked = sorted(targets, key=lambda t: (ctx.units[t].in_port, -unit_value(ctx.units[t]), targets.index(t)))
        normal = [s for s in sources if not ctx.units[s].is_frogmen]
        normal.sort(key=lambda s: (not ctx.units[s].air_bonus, ctx.units[s].is_lba, list(sources).index(s)))
        out: list[tuple[str, str]] = []
        left = list(ranked)
        for source in (s for s in normal for _ in range(sources[s])):
            allowed = [t for t in left if not (ctx.units[t].in_port and ctx.units[source].is_carrier)]
            if allowed:
                out.append((source, allowed[0]))
                left.remove(allowed[0])
        for frogmen in (s for s in sources if ctx.units[s].is_frogmen):
            capitals = [t for t in left if ctx.units[t].type in CAPITAL]
            if len(capitals) >= self.frogmen_capitals:
                chosen = (capitals + [t for t in left if t not in capitals])[: sources[frogmen]]
                out += [(frogmen, t) for t in chosen]
                left = [t for t in left if t not in chosen]
        return out

    @_as_known
    def gunnery_targets(self, ctx: BattleContext, side: Side, firers: list[str],
                        targets: list[str]) -> dict[str, str]:
        allowed = _screened(ctx, side, targets)
        return greedy_targets(ctx, [(f, expected_points(ctx, ctx.units[f], "gunnery")) for f in firers], allowed)

    @_as_known
    def air_targets(self, ctx: BattleContext, side: Side, sources: list[str], targets: list[str]) -> dict[str, str]:
        return greedy_targets(ctx, [(s, expected_points(ctx, ctx.units[s], "air")) for s in sources], targets)

    @_as_known
    def day_or_night(self, ctx: BattleContext, side: Side, japan_choice: str | None) -> str:
        """The round type with the better balance of expected points dealt minus taken; ties: Japan's
        choice, else day."""
        enemy = other(side)
        balance = {m: dealt(ctx, side, m) - dealt(ctx, enemy, m) for m in (DAY, NIGHT)}
        if balance[DAY] == balance[NIGHT]:
            return japan_choice or DAY
        return DAY if balance[DAY] > balance[NIGHT] else NIGHT

    @_as_known
    def night_firing_carriers(self, ctx: BattleContext, side: Side, carriers: list[str]) -> set[str]:
        return set(carriers)

    @_as_known
    def run_or_fight(self, ctx: BattleContext, side: Side, units: list[str]) -> str:
        """Fight: the forces stay for the first round and may withdraw after it (:meth:`withdraw`), as the game
        played before the announcement existed (R-OPS-62)."""
        return FIGHT

    @_as_known
    def withdraw(self, ctx: BattleContext, side: Side, enemy_declared: frozenset[str] | None,
                 candidates: list[str] | None = None) -> set[str]:
        """Everything when outgunned (strength below ``withdraw_ratio`` of the enemy's), else the crippled
        ships (damage at least defence) while the enemy can still hurt them; only ``candidates`` (if given)."""
        mine = [u for u in ctx.side_units(side, where=_can_withdraw) if candidates is None or u.name in candidates]
        if not mine:
            return set()
        threat = strength(ctx, other(side))
        if threat <= 0:
            return set()
        if enemy_declared is not None:
            staying = [u for u in ctx.side_units(other(side)) if u.name not in enemy_declared]
            if not any(not u.is_sub and not u.is_raider for u in staying):
                return set()
        if strength(ctx, side) < self.withdraw_ratio * threat:
            return {u.name for u in mine}
        return {u.name for u in mine if u.crippled and u.is_ship}

    @_as_known
    def pursue(self, ctx: BattleContext, side: Side, eligible: dict[str, list[str]]) -> dict[str, str]:
        """Each fleeing unit (most valuable first) is pursued by its free, uncrippled eligible pursuers if they
        are at least as strong as it is."""
        factor = "gunnery" if ctx.theatre is Theatre.WAS else None
        def power(unit: Combatant) -> float:
            if factor:
                return expected_points(ctx, unit, factor)
            return max(expected_points(ctx, unit, "gunnery"), expected_points(ctx, unit, "air"))
        out: dict[str, str] = {}
        for target in sorted(eligible, key=lambda t: (-unit_value(ctx.units[t]), t)):
            free = [p for p in eligible[target] if p not in out and not ctx.units[p].crippled
                    and power(ctx.units[p]) > 0]
            if free and sum(power(ctx.units[p]) for p in free) >= power(ctx.units[target]):
                out.update(dict.fromkeys(free, target))
        return out


    @_as_known
    def landings(self, ctx: BattleContext, side: Side, options: dict[str, list[str]]) -> dict[str, str]:
        """Every landing unit invades an enemy island base it can reach, the one with the fewest enemy units in
        it first (then map order); it never lands in a friendly base."""
        out: dict[str, str] = {}
        for unit, bases in options.items():
            enemy_bases = [b for b in bases if ctx.owner(b) == other(side).value and b not in out.values()]
            if enemy_bases:
                out[unit] = min(enemy_bases, key=lambda b: (_garrison(ctx, b), bases.index(b)))
        return out


    @_as_known
    def retreat_ports(self, ctx: BattleContext, side: Side, options: dict[str, list[str]]) -> dict[str, str]:
        """Each unit goes back to the port it sailed from if it may, else to its first legal port (the return the
        game made before the choice existed: R-OPS-48)."""
        out: dict[str, str] = {}
        for unit, ports in options.items():
            sailed_from = ctx.campaign.state.unit(unit).sailed_from
            out[unit] = sailed_from if sailed_from in ports else ports[0]
        return out


def _garrison(ctx: BattleContext, base: str) -> int:
    return len(ctx.campaign.state.units_at(base))


def _can_withdraw(unit: Combatant) -> bool:
    return unit.at_sea and (unit.is_surface_target or unit.is_amph or (unit.is_lba and unit.defence is not None))


def _screened(ctx: BattleContext, side: Side, targets: list[str]) -> list[str]:
    """Case V-04 for the baseline: amphibious units are targeted only when no enemy carrier is present."""
    carriers = [t for t in targets if ctx.units[t].is_carrier]
    if carriers:
        return [t for t in targets if not ctx.units[t].is_amph]
    return targets
