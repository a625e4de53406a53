"""Units in a classic battle, damage and sinking, and the exact odds of an attack.

Rules (digests: reference/was.md §4.2-4.3, reference/vitp.md §4.3-4.4; 002 §4.1):

* each attacking factor rolls one die; a circled (bonus) factor adds ``attack-bonus-per-die`` to each of its dice,
  in either theatre (002 §4.1, case V-05);
* a hit gives damage points (a damage die per hit), a disabled result sends the unit out of the battle to port;
* a unit sinks when its damage *exceeds* its defence (case V-05); in port it needs more than
  ``in-port-sink-multiplier`` times its defence (VITP counter legend [R]; R-CMB-05), and an amphibious unit
  raided in port takes exactly ``amphibious-in-port-damage-per-hit`` points per hit, no damage die and so no
  disable from it (VITP FAQ [S]; R-CMB-21);
* a land-based air or amphibious unit whose damage exceeds its defence is eliminated and returns two turns later
  (VITP 4.5, case V-06); U-Boats and surface raiders have defence 0, so any hit sinks them.

:func:`attack_odds` enumerates every die path exactly (fractions); :func:`settle` is the one place where damage
turns into sunk / eliminated / disabled, used by the resolver and by the sampled-probability tests alike.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np

from scenarios.models import Bonus, Side, Theatre, Unit, UnitType
from strategic.classic.tables import DISABLE, HIT, AttackTable, CombatTables
from strategic.state import Mode

CARRIERS = frozenset({UnitType.CV, UnitType.CVL})

UNHARMED, DAMAGED, DISABLED, SUNK = 0, 1, 2, 3
"""What an attack (or a round's attacks) did to a target (:func:`settle`)."""


def settle(prior: np.ndarray | int, points: np.ndarray | int, disabled: np.ndarray | bool,
           threshold: np.ndarray | int) -> np.ndarray:
    """UNHARMED/DAMAGED/DISABLED/SUNK from damage before (``prior``), points added, any disable result and the
    sinking threshold (defence, or more in port): sunk when the total exceeds the threshold (case V-05), else
    disabled, else damaged if points were added.  Works on scalars and numpy arrays."""
    total = np.asarray(prior) + np.asarray(points)
    return np.where(total > np.asarray(threshold), SUNK,
                    np.where(np.asarray(disabled), DISABLED, np.where(np.asarray(points) > 0, DAMAGED, UNHARMED)))


@dataclass
class Combatant:
    """One unit in a classic battle: its counter's factors, its damage and what happened to it in this battle.

    ``defence`` is ``None`` for units that cannot be attacked (War at Sea land-based air, the Frogmen, the
    I-Boat and F-Boat).  ``speed`` is ``None`` for units with no speed (land-based air, submarines).
    """

    name: str
    side: Side
    nation: str
    type: UnitType
    gunnery: int
    air: int
    defence: int | None
    speed: int | None
    gunnery_bonus: bool
    air_bonus: bool
    prior_damage: int = 0
    mode: Mode | None = None
    in_port: bool = False
    taken: int = 0
    disabled: bool = False
    sunk: bool = False
    eliminated: bool = False
    withdrew: bool = False
    expended: bool = False
    withdrawing: bool = False
    air_attacked: bool = False
    landed: str | None = None

    @classmethod
    def from_unit(cls, unit: Unit, side: Side, damage: int, mode: Mode | None, in_port: bool = False) -> Combatant:
        defence = unit.defence
        if unit.type in (UnitType.SS, UnitType.FROGMEN) or (unit.type is UnitType.LBA and unit.counter == "WAS"):
            defence = None  # 002 §4.11 (I-Boat), WAS LBA (*-*-*), Frogmen: never targets
        if unit.type is UnitType.SS and unit.nation == "DE":
            defence = 0  # U-Boat 1-0-*: attackable by ASW only
        if unit.type is UnitType.RAIDER:
            defence = unit.defence or 0
        return cls(name=unit.name, side=side, nation=unit.nation, type=unit.type, gunnery=unit.gunnery or 0,
                   air=unit.air or 0, defence=defence, speed=unit.speed, gunnery_bonus=unit.bonus is Bonus.GUNNERY,
                   air_bonus=unit.bonus is Bonus.AIR, prior_damage=damage, mode=mode, in_port=in_port)

    # -- kinds
    @property
    def is_ship(self) -> bool:
        return self.type.is_ship

    @property
    def is_carrier(self) -> bool:
        return self.type in CARRIERS

    @property
    def is_surface_target(self) -> bool:
        """A surface ship or a convoy: what gunnery, air strikes and submarines may attack (not raiders)."""
        return self.type.is_ship or self.type is UnitType.CONVOY

    @property
    def is_uboat(self) -> bool:
        return self.type is UnitType.SS and self.nation == "DE"

    @property
    def is_sub(self) -> bool:
        return self.type is UnitType.SS

    @property
    def is_raider(self) -> bool:
        return self.type is UnitType.RAIDER

    @property
    def is_lba(self) -> bool:
        return self.type is UnitType.LBA

    @property
    def is_amph(self) -> bool:
        return self.type is UnitType.AMPH

    @property
    def is_frogmen(self) -> bool:
        return self.type is UnitType.FROGMEN

    # -- state
    @property
    def damage(self) -> int:
        return self.prior_damage + self.taken

    @property
    def active(self) -> bool:
        """Still in the battle: not sunk, eliminated, disabled, withdrawn, landed, or (Frogmen) used up.  A unit in
        port stays exposed to air raids when disabled: it is in port already (R-CMB-12)."""
        return not (self.sunk or self.eliminated or (self.disabled and not self.in_port) or self.withdrew
                    or self.expended or self.landed)

    @property
    def at_sea(self) -> bool:
        """In the battle's sea area (not a unit in a port touching it)."""
        return not self.in_port

    def threshold(self, tables: CombatTables) -> int:
        """Damage above this sinks the unit: its defence, times ``in-port-sink-multiplier`` in port."""
        defence = self.defence or 0
        return defence * tables.in_port_sink_multiplier if self.in_port else defence

    @property
    def crippled(self) -> bool:
        """Damage at least equal to defence (still afloat at sea, one more hit sinks it)."""
        return self.defence is not None and self.defence > 0 and self.damage >= self.defence

    def bonus_for(self, factor: str, theatre: Theatre, tables: CombatTables) -> bool:
        """Does this unit's ``factor`` (``gunnery`` or ``air``) roll with the attack bonus now (002 §4.1)?"""
        circled = self.gunnery_bonus if factor == "gunnery" else self.air_bonus
        if circled and theatre is Theatre.WAS and tables.damaged_loses_bonus and self.damage > 0:
            return False  # optional reading of reference/was.md §4.3 [I] (R-CMB-03)
        if self.is_uboat and theatre is Theatre.VITP:
            return False  # 002 §4.12: U-Boats do not get the attack bonus in VITP
        return circled

    def apply(self, points: int, disabled: bool, tables: CombatTables) -> int:
        """Add this round's ``points`` and ``disabled`` results; returns the resulting UNHARMED..SUNK code and
        sets the flags (sunk, eliminated for land-based air and amphibious units, disabled)."""
        result = int(settle(self.damage, points, disabled, self.threshold(tables)))
        self.taken += points
        if result == SUNK:
            if self.is_lba or self.is_amph:
                self.eliminated = True
            else:
                self.sunk = True
        elif result == DISABLED:
            self.disabled = True
        return result


# --------------------------------------------------------------------------- exact odds


@dataclass(frozen=True)
class AttackOdds:
    """Exact chances (fractions) of what one attack does to one target: ``hit`` at least one die hits;
    ``sunk`` (or eliminated), ``disabled`` (and not sunk), ``damaged`` (points, neither), ``unharmed``."""

    hit: Fraction
    sunk: Fraction
    disabled: Fraction
    damaged: Fraction
    unharmed: Fraction


@lru_cache(maxsize=64)
def die_outcomes(table: AttackTable, bonus: bool) -> tuple[tuple[Fraction, bool, int, bool], ...]:
    """Every outcome of one attack die and, on a hit, its damage die, with its probability:
    ``(p, hit, points, disables)``; the probabilities sum to 1.  Cached: the odds advisor and the policies
    ask for it in every round."""
    sixth = Fraction(1, 6)
    out: list[tuple[Fraction, bool, int, bool]] = []
    for face in range(1, 7):
        result = int(table.classify(np.array([face]), bonus)[0])
        if result == HIT:
            points, disables = table.damage(np.arange(1, 7))
            for p, d in zip(points, disables, strict=True):
                out.append((sixth * sixth, True, int(p), bool(d)))
        else:
            out.append((sixth, False, 0, result == DISABLE))
    return tuple(out)


def attack_odds(table: AttackTable, dice: int, bonus: bool, defence: int, *, prior: int = 0, in_port: bool = False,
                multiplier: int = 2, points_per_hit: int | None = None) -> AttackOdds:
    """Exact odds of an attack of ``dice`` dice against one target of ``defence`` with ``prior`` damage, by
    enumerating every die path (:func:`points_distribution`).  ``points_per_hit`` replaces the damage die
    (amphibious units raided in port take exactly 1 per hit, R-CMB-21); ``multiplier`` is the in-port sinking
    multiplier.  Raises ``ValueError`` for a negative number of dice."""
    threshold = defence * multiplier if in_port else defence
    hit = sunk = dis = dam = unh = Fraction(0)
    for (points, any_hit, disabled), p in points_distribution(table, dice, bonus, points_per_hit).items():
        if any_hit:
            hit += p
        code = int(settle(prior, points, disabled, threshold))
        if code == SUNK:
            sunk += p
        elif code == DISABLED:
            dis += p
        elif code == DAMAGED:
            dam += p
        else:
            unh += p
    return AttackOdds(hit=hit, sunk=sunk, disabled=dis, damaged=dam, unharmed=unh)


@lru_cache(maxsize=256)
def points_distribution(table: AttackTable, dice: int, bonus: bool,
                        points_per_hit: int | None = None) -> dict[tuple[int, bool, bool], Fraction]:
    """The exact distribution of (total points, any hit, any disable) of ``dice`` attack dice: every die path
    enumerated, dynamic programming over the dice with exact fractions."""
    if dice < 0:
        raise ValueError("an attack has at least zero dice")
    single: dict[tuple[int, bool, bool], Fraction] = defaultdict(Fraction)
    for q, h, pts, dis in die_outcomes(table, bonus):
        if h and points_per_hit is not None:  # exactly so many points per hit, whatever the damage die (R-CMB-21)
            pts, dis = points_per_hit, False
        single[(pts, h, dis)] += q
    states: dict[tuple[int, bool, bool], Fraction] = {(0, False, False): Fraction(1)}
    for _ in range(dice):
        nxt: dict[tuple[int, bool, bool], Fraction] = defaultdict(Fraction)
        for (points, hit, disabled), p in states.items():
            for (pts, h, dis), q in single.items():
                nxt[(points + pts, hit or h, disabled or dis)] += p * q
        states = nxt
    return dict(states)


@lru_cache(maxsize=64)
def expected_points_per_die(table: AttackTable, bonus: bool) -> Fraction:
    """Mean damage points one die gives (0 on a miss), for the baseline policy's estimates."""
    return sum((p * pts for p, h, pts, _ in die_outcomes(table, bonus) if h), Fraction(0))


def sample_attacks(table: AttackTable, attack_faces: np.ndarray, damage_faces: np.ndarray, bonus: bool,
                   defence: int, *, prior: int = 0, in_port: bool = False, multiplier: int = 2,
                   points_per_hit: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Vectorised resolution of many attacks (rows) of ``attack_faces.shape[1]`` dice each, with a damage die
    per attack die (used only where that die hits): returns (any hit, UNHARMED..SUNK code) per attack.  The same
    :meth:`AttackTable.classify`, :meth:`AttackTable.damage` and :func:`settle` as the resolver."""
    result = table.classify(attack_faces, bonus)
    hits = result == HIT
    points, disables = table.damage(damage_faces)
    if points_per_hit is not None:  # exactly so many points per hit: the damage die is not used (R-CMB-21)
        points, disables = np.full_like(points, points_per_hit), np.zeros_like(disables)
    total = np.where(hits, points, 0).sum(axis=1)
    disabled = ((result == DISABLE) | (hits & disables)).any(axis=1)
    threshold = defence * multiplier if in_port else defence
    return hits.any(axis=1), settle(prior, total, disabled, threshold)
