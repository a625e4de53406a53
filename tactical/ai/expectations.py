"""What the AI expects a gun to do: exact hit chances and expected hull damage, with the modifiers of
:mod:`tactical.gunnery` and :mod:`tactical.damage` (000 "Attack Dice Modifiers", "Firing", "Damage"), and the
victory points a point of hull is worth.  Smoke and the environment are ignored.  Used by
:class:`~tactical.ai.captain.SimpleCaptain` to score moves, Orders and targets.
"""

from __future__ import annotations

import math
from bisect import bisect_left

from scenarios.cards import MAIN_GUN_TARGETS_AT_POINT_BLANK, Arc, ShipCard, ShipType, WeaponKind, WeaponSystem
from tactical import revision
from tactical.attack_dice import fast_target
from tactical.geometry import (
    EPS,
    RANGE_MODIFIER,
    VISUAL_RANGE,
    RangeBand,
    range_band,
)
from tactical.gunnery import max_dice
from tactical.orders import evading
from tactical.state import Depth, ShipState, Status


def hit_chance(modifier: int, *, twin_linked: bool = False, target_evading: bool = False) -> float:
    """Exact chance that one Attack Die hits (4+ after ``modifier``), with the re-roll rules of
    :func:`tactical.attack_dice.roll_to_hit`."""
    p = min(max(3 + modifier, 0), 6) / 6
    if target_evading:
        return p * p + ((1 - p) * p if twin_linked else 0.0)
    return p + (1 - p) * p if twin_linked else p


def damage_per_die(weapon: WeaponSystem, target: ShipState, modifier: int, belt: int) -> float:
    """Expected hull damage of one Damage Die (critical hits valued at 2 points each)."""
    weak = weapon.has("Weak") and target.type is not ShipType.CIVILIAN
    if weapon.has("Devastating"):
        dmg = sum(max(f - belt, 0) for f in range(2, 7)) / 6
        crit = 0.0 if weak else 2 / 6
    else:
        dmg = sum(1 for f in range(2, 7) if f + modifier >= target.card.armour) / 6
        crit = 0.0 if weak else (2 / 6 if weapon.has("Heavy") else 1 / 6) * 0.5
    return dmg + 2.0 * crit


def expected_from(
    attacker: ShipState,
    index: int,
    target: ShipState,
    d: float,
    arcs: frozenset,
    side: bool,
    dice: int | None = None,
) -> float:
    """Expected hull damage of weapon system ``index`` of ``attacker`` against ``target`` (0 when it cannot fire
    there), from the geometry: range ``d`` (within the visual range), the attacker's arcs holding the target, and
    whether the attacker is in the target's side arcs.  Smoke is ignored."""
    weapon = attacker.card.weapons[index]
    if weapon.kind is WeaponKind.AA_BATTERY or weapon.dd <= 0:
        return 0.0
    if target.underwater or target.status is not Status.ACTIVE:
        return 0.0
    if attacker.depth is Depth.DEEP or (attacker.underwater and weapon.kind is not WeaponKind.TORPEDO):
        return 0.0
    band = range_band(weapon.ranges, d)
    if band is None or d > VISUAL_RANGE or not arcs & weapon.arc_set:
        return 0.0
    if (
        weapon.kind is WeaponKind.MAIN_GUN
        and band is RangeBand.POINT_BLANK
        and target.type not in MAIN_GUN_TARGETS_AT_POINT_BLANK
        and not weapon.has("Fast Track")
    ):
        return 0.0
    n = max_dice(attacker, index) if dice is None else dice
    if n <= 0:
        return 0.0
    mod = RANGE_MODIFIER[band]
    if target.type is ShipType.DESTROYER:
        mod -= 1
    fast = target.flank_speed() > 6 if not target.has_moved else fast_target(target)
    if fast and weapon.kind is not WeaponKind.LIGHT_GUN and not weapon.has("Fast Track"):
        mod -= 1
    if side:
        mod += 1
    if weapon.kind is WeaponKind.TORPEDO:
        mod -= 2
    if evading(attacker):
        mod -= 1
    p = hit_chance(mod, twin_linked=weapon.has("Twin-Linked"), target_evading=evading(target))
    if p <= 0:
        return 0.0
    dmg_mod = weapon.ap
    if weapon.kind in (WeaponKind.MAIN_GUN, WeaponKind.LIGHT_GUN) and band >= RangeBand.LONG:
        dmg_mod += 0 if target.has("Armoured Deck") else 1
    belt = target.trait_value("Torpedo Belt") if weapon.kind is WeaponKind.TORPEDO and side else 0
    dmg_mod -= belt
    if weapon.has("Restricted") and arcs & SIDE_ARCS:
        n = math.ceil(n / 2)
    return n * p * weapon.dd * damage_per_die(weapon, target, dmg_mod, belt)


SIDE_ARCS = frozenset({Arc.PORT, Arc.STARBOARD})


def vp_weight(ship: ShipState) -> float:
    """Victory points per point of hull damage to ``ship``."""
    return ship.card.points / max(ship.hull_start, 1)


class Pairing:
    """What every weapon system of ``attacker`` is expected to do to ``target`` (:func:`expected_from`), worked
    out once per geometry class and kept while neither ship changes in what :func:`expected_from` reads
    (:func:`attacker_key`, :func:`target_key`; R-PERF-05).

    :func:`expected_from` reads the range only through each system's range band (and the visual range), the arcs
    only through whether they meet the system's arcs and the side arcs: so the figures are the same for every
    range between two consecutive band limits of the attacker's systems (``limits``, each ``ranges[j] + EPS`` as
    :func:`~tactical.geometry.range_band` compares it) and every set of arcs of the same :func:`arc_class`, and
    are kept by ``(interval, arc class, side)``.  ``reach`` is
    the outermost limit: beyond it every system is out of range, so no figure is needed at all."""

    __slots__ = ("attacker", "classes", "figures", "keys", "limits", "reach", "target")

    def __init__(self, attacker: ShipState, target: ShipState, keys: tuple[tuple, tuple]) -> None:
        self.attacker = attacker
        self.target = target
        self.keys = keys
        _, self.limits, self.reach, self.classes = _card_geometry(attacker)
        self.figures: dict[tuple[int, tuple[bool, ...], bool], tuple[float, ...]] = {}

    def expected(self, d: float, arcs: frozenset, side: bool) -> tuple[float, ...]:
        """:func:`expected_from` of each system at range ``d`` (within the visual range and ``reach``), the
        attacker's ``arcs`` holding the target and ``side`` (the attacker in the target's side arcs)."""
        arc_key = self.classes.get(arcs)
        if arc_key is None:
            arc_key = arc_class(self.attacker, arcs)
        key = (bisect_left(self.limits, d), arc_key, side)
        figures = self.figures.get(key)
        if figures is None or revision.CHECK:
            fresh = tuple(
                expected_from(self.attacker, i, self.target, d, arcs, side)
                for i in range(len(self.attacker.card.weapons))
            )
            if figures is not None and fresh != figures:
                raise revision.StaleCache(f"expected damage at {key!r} is {figures!r}, afresh {fresh!r}")
            figures = self.figures[key] = fresh
        return figures


KEPT_CARDS = 10_000
"""The card objects whose figures are kept (cleared beyond: a long campaign builds new cards for its battles)."""

_limits: dict[int, tuple[object, list[float], float, dict[frozenset, tuple[bool, ...]]]] = {}


def _card_geometry(ship: ShipState) -> tuple[object, list[float], float, dict[frozenset, tuple[bool, ...]]]:
    card = ship.card
    found = _limits.get(id(card))
    if found is None or found[0] is not card:
        if len(_limits) > KEPT_CARDS:
            _limits.clear()
        limits = sorted({r + EPS for w in card.weapons if w.ranges is not None for r in w.ranges})
        found = _limits[id(card)] = (card, limits, limits[-1] if limits else -1.0, {})
    return found


def band_limits(ship: ShipState) -> tuple[list[float], float]:
    """The band limits of every weapon system of ``ship`` (``ranges[j] + EPS``, sorted, as
    :func:`~tactical.geometry.range_band` compares them) and the outermost (-1 with none): its card's, kept."""
    found = _card_geometry(ship)
    return found[1], found[2]


def arc_class(ship: ShipState, arcs: frozenset) -> tuple[bool, ...]:
    """All :func:`expected_from` reads of the arcs holding a target: whether they meet each system's arcs, and
    the side arcs (a Restricted system's); kept per card."""
    classes = _card_geometry(ship)[3]
    found = classes.get(arcs)
    if found is None:
        found = classes[arcs] = (*(bool(arcs & w.arc_set) for w in ship.card.weapons), bool(arcs & SIDE_ARCS))
    return found


def attacker_key(ship: ShipState) -> tuple:
    """Everything of ``ship`` as the attacker that :func:`expected_from` reads, bar its place (cached)."""
    return ship.derived("ai_attacker_key", _attacker_key, ship)


def _attacker_key(ship: ShipState) -> tuple:
    return (card_token(ship.card), ship.depth, ship.status, evading(ship), _dice(ship))


_dice_kept: dict[int, tuple[ShipState, tuple, tuple[int, ...]]] = {}


def _dice(ship: ShipState) -> tuple[int, ...]:
    """:func:`~tactical.gunnery.max_dice` of every system, worked out again only when what it reads changed (the
    card, depth, Crippled, the halvings, the option flags, the critical effects, each system's state): after a
    shot at another ship the figures stand, though the battle state has moved on."""
    effects = repr(ship.level_effects) if ship.level_effects else ""
    systems = tuple((w.destroyed, w.out_of_action, w.lost_on_cripple, w.loaded) for w in ship.weapons)
    inputs = (card_token(ship.card), ship.depth, ship.crippled, ship.light_gun_halvings, tuple(ship.flags), effects,
              systems)  # fmt: skip
    kept = _dice_kept.get(id(ship))
    same = kept is not None and kept[0] is ship and kept[1] == inputs
    if same and not revision.CHECK:
        return kept[2]  # type: ignore[index]
    dice = tuple(max_dice(ship, i) for i in range(len(ship.card.weapons)))
    if same and kept[2] != dice:  # type: ignore[index]
        raise revision.StaleCache(f"kept Attack Dice of {ship.name} are {kept[2]!r}, afresh {dice!r}")  # type: ignore[index]
    if len(_dice_kept) > KEPT_CARDS:
        _dice_kept.clear()
    _dice_kept[id(ship)] = (ship, inputs, dice)
    return dice


def target_key(ship: ShipState) -> tuple:
    """Everything of ``ship`` as the target that :func:`expected_from` reads, bar its place (cached)."""
    return ship.derived("ai_target_key", _target_key, ship)


def _target_key(ship: ShipState) -> tuple:
    fast = ship.flank_speed() > 6 if not ship.has_moved else fast_target(ship)
    belt = ship.trait_value("Torpedo Belt")
    return (card_token(ship.card), ship.depth, ship.status, fast, evading(ship), ship.has("Armoured Deck"), belt)


class Pairings:
    """The :class:`Pairing` of each attacker and target state (:func:`attacker_key`, :func:`target_key`): ships
    alike (the same card, Attack Dice, Order, depth ...) share theirs.  A captain keeps one for its battle."""

    def __init__(self) -> None:
        self._pairs: dict[tuple[tuple, tuple], Pairing] = {}

    def get(self, attacker: ShipState, target: ShipState) -> Pairing:
        """The pairing of ``attacker`` against ``target`` as they are now (the ships it is worked out with are the
        latest asked for: the figures are the same for any two alike)."""
        keys = (attacker_key(attacker), target_key(target))
        found = self._pairs.get(keys)
        if found is None:
            found = self._pairs[keys] = Pairing(attacker, target, keys)
        else:
            found.attacker, found.target = attacker, target
        return found


_cards: dict[int, tuple[ShipCard, int]] = {}
_card_tokens: dict[str, int] = {}


def card_token(card: ShipCard) -> int:
    """One number for every card with the same content (cards are frozen records; a battle's ships may each hold
    their own copy), so that the keys of ships alike are equal."""
    found = _cards.get(id(card))
    if found is None or found[0] is not card:
        if len(_cards) > KEPT_CARDS:
            _cards.clear()
        token = _card_tokens.setdefault(card.model_dump_json(), len(_card_tokens))
        found = _cards[id(card)] = (card, token)
    return found[1]
