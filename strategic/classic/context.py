"""One battle in progress: its units, its dice, its log, and the rolling and applying of attacks.

:class:`BattleContext` is also what a :class:`~strategic.classic.policies.CombatPolicy` sees when it decides:
``ctx.area``, ``ctx.theatre``, ``ctx.round``, ``ctx.stage``, ``ctx.units`` (name -> :class:`Combatant`) and the
helpers below.  Policies must not change it; the resolver validates every decision they return and raises
:class:`IllegalCombatDecision` (naming the rule) for an illegal one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from scenarios.errors import IllegalCombatDecision as IllegalCombatDecision  # re-exported
from scenarios.models import Player, Side, Theatre
from strategic.classic.damage import DISABLED, SUNK, Combatant
from strategic.classic.tables import DISABLE, HIT, CombatTables
from strategic.combat import Battle, Landing
from strategic.events import CombatNoted

if TYPE_CHECKING:
    from strategic.campaign import Campaign
    from strategic.classic.policies import CombatPolicy


@dataclass(frozen=True)
class Attack:
    """One rolled attack, not yet applied: ``faces`` of the attack dice, ``hits``, the damage ``points`` they
    give and whether the target is ``disables``-ed."""

    attacker: str
    target: str
    what: str
    faces: tuple[int, ...]
    hits: int
    points: int
    disables: bool


@dataclass(frozen=True)
class Declaration:
    """A side's declaration in the battle (``what``: ``day_or_night``, ``night_carriers``, ``withdraw``) in
    ``round``; ``choice`` the day or night wanted, or the units named.  ``revealed``: the other side knows it (a
    blind declaration stays sealed until both sides have made theirs: R-CMB-07, R-VIEW-08)."""

    side: Side
    what: str
    round: int
    choice: str | tuple[str, ...]
    revealed: bool


def other(side: Side) -> Side:
    return Side.AXIS if side is Side.ALLIED else Side.ALLIED


class BattleContext:
    """The state of one battle.  ``policy_for(side)`` gives the deciding player's policy (see the resolver)."""

    def __init__(self, campaign: Campaign, battle: Battle, tables: CombatTables,
                 policy_for: Callable[[Side], CombatPolicy], player_for: Callable[[Side], Player],
                 units: Iterable[Combatant]) -> None:
        self.campaign = campaign
        self.battle = battle
        self.area = battle.area
        self.theatre: Theatre = battle.theatre
        self.tables = tables
        self.table = tables.attack(battle.theatre)
        self.dice = campaign.dice
        self.units: dict[str, Combatant] = {u.name: u for u in units}
        self.round = 0
        self.stage = "start"
        self.narrative: list[str] = []
        self.owners: dict[str, str] = {}  # ports and bases captured in this battle (VITP 4.9)
        self.landings: list[Landing] = []
        self.landing_steps = 0
        self.declarations: list[Declaration] = []
        self._policy_for = policy_for
        self._player_for = player_for

    # -- who
    def policy(self, side: Side) -> CombatPolicy:
        return self._policy_for(side)

    def player(self, side: Side) -> Player:
        return self._player_for(side)

    def side_units(self, side: Side, *, active: bool = True,
                   where: Callable[[Combatant], bool] | None = None) -> list[Combatant]:
        """The side's units in battle order (active ones only by default), filtered by ``where``."""
        return [u for u in self.units.values() if u.side is side and (u.active or not active)
                and (where is None or where(u))]

    def names(self, side: Side, where: Callable[[Combatant], bool] | None = None) -> list[str]:
        return [u.name for u in self.side_units(side, where=where)]

    def owner(self, port: str) -> str:
        """Who holds ``port`` now, counting captures made in this battle."""
        return self.owners.get(port, str(self.campaign.state.port_owners[port]))

    # -- declarations
    def declare(self, side: Side, what: str, choice: str | Iterable[str], *, sealed: bool = False) -> None:
        """Record ``side``'s declaration; ``sealed`` keeps it from the other side until :meth:`reveal`."""
        named = choice if isinstance(choice, str) else tuple(sorted(choice))
        self.declarations.append(Declaration(side, what, self.round, named, not sealed))

    def reveal(self) -> None:
        """Both sides have declared: every sealed declaration is now known to both."""
        self.declarations = [d if d.revealed else replace(d, revealed=True) for d in self.declarations]

    # -- log
    def note(self, text: str, rule: str = "", *, event: bool = False) -> None:
        """Add a line to the battle narrative (and, with ``event``, to the campaign log)."""
        line = f"{self.area}: {text}" + (f"  [{rule}]" if rule else "")
        self.narrative.append(line)
        if event:
            self.campaign.log(CombatNoted, rule, area=self.area, note=text)

    # -- attacks
    def roll_attack(self, attacker: Combatant, target: Combatant, dice: int, bonus: bool, what: str, rule: str,
                    *, points_per_hit: int | None = None) -> Attack:
        """Roll ``dice`` attack dice (with ``bonus``) and, for each hit, a damage die; nothing is applied yet."""
        where = " in port" if target.in_port else ""
        faces = self.dice.roll(dice, 6, label=f"{attacker.name} {what} at {target.name}{where}", rule=rule)
        results = self.table.classify(np.array(faces, dtype=int), bonus)
        hits = int((results == HIT).sum())
        disables = bool((results == DISABLE).any())
        points = 0
        if points_per_hit is None and target.in_port and target.is_amph:
            points_per_hit = self.tables.amphibious_in_port_points  # VITP FAQ [S] (R-CMB-05, R-CMB-21)
        if hits and points_per_hit is not None:
            points = hits * points_per_hit  # so many points per hit, exactly: no damage die, none disables
        elif hits:
            damage_faces = self.dice.roll(hits, 6, label=f"damage to {target.name} ({attacker.name} {what})",
                                          rule=rule)
            pts, dis = self.table.damage(np.array(damage_faces, dtype=int))
            points, disables = int(pts.sum()), disables or bool(dis.any())
        attack = Attack(attacker.name, target.name, what, faces, hits, points, disables)
        bonus_text = " +1" if bonus else ""
        # "Axis LBA strike", not "Axis LBA LBA strike": the counter's name says LBA (the dice's label keeps the kind)
        told = "strike" if what == "LBA strike" and attacker.name.endswith("LBA") else what
        self.note(f"{attacker.name} {told}{bonus_text} at {target.name}{where}: {list(faces)} -> "
                  + (f"{hits} hit(s), {points} point(s)" if hits else "no hit")
                  + (", disabled" if disables else ""), rule)
        return attack

    def apply(self, attacks: list[Attack], rule: str) -> None:
        """Apply attacks together (simultaneous results: WAS 4.1, VITP 4.3): damage first, then sinking or
        disabling per target; a unit sunk this way still fired in the same step."""
        per_target: dict[str, tuple[int, bool]] = {}
        for attack in attacks:
            points, disables = per_target.get(attack.target, (0, False))
            per_target[attack.target] = (points + attack.points, disables or attack.disables)
        for name, (points, disables) in per_target.items():
            unit = self.units[name]
            before = unit.damage
            result = unit.apply(points, disables, self.tables)
            if result == SUNK:
                what = "eliminated" if unit.eliminated else "sunk"
                self.note(f"{name} {what} (damage {unit.damage} > {unit.threshold(self.tables)})", rule, event=True)
            elif result == DISABLED:
                hurt = f", {unit.damage} damage point(s) in all" if unit.damage else ", no damage"
                self.note(f"{name} disabled: out of the battle{hurt}", rule, event=True)
            elif unit.damage != before:
                self.note(f"{name} damaged: {before} -> {unit.damage}", rule, event=True)  # the summary's (R-SUM-15)

    def require(self, ok: bool, rule: str, message: str) -> None:
        if not ok:
            raise IllegalCombatDecision(rule, f"{self.area}: {message}")
