"""What one ship's move search sees of the battle, worked out once per decision (issue 18, R-PERF-05): the enemy
ships with their places, victory-point weights and :class:`~tactical.ai.expectations.Pairing` both ways, and the
friendly ships near which it should not end.  :meth:`Outlook.evaluate` gives, for one end position, the expected
victory points the ship's weapons could win (each system at its best target), the expected hull damage the enemy
could deal it and the range of the nearest enemy, from one pass over the enemies: each pair's range and arcs are
worked out once for both directions, and an enemy out of reach of both is passed over.

The figures are those :class:`~tactical.ai.captain.SimpleCaptain` worked out enemy by enemy before: the same
values added in the same order (the range is symmetric; whether a ship lies in the other's side arcs is whether
its arcs meet them), so the choices are the same.
"""

from __future__ import annotations

import math

from tactical.ai.expectations import SIDE_ARCS, Pairings, band_limits, vp_weight
from tactical.geometry import VISUAL_RANGE, Point, distance, mutual_arcs
from tactical.state import Battle, ShipState

CROWDED = 2.0
"""Inches within which a friendly ship crowds a position (:class:`~tactical.ai.captain.SimpleCaptain` pushes
its ships apart)."""
MARGIN = 1e-6
"""Inches added to every bound of :meth:`Outlook._near` (the rounding of a range is some 1e-14 inches)."""


class Outlook:
    """One ship's view of the enemy and its friends, as they stand now (the battle state at one revision).  The
    pairings of an enemy are fetched when a position first brings it within reach of either side; given a ``radius``
    (the ship's move), positions within it of the ship look only at the foes that can matter to them
    (:meth:`_near`) and the friends that may crowd them."""

    __slots__ = ("close", "foes", "friends", "near", "origin", "pairings", "radius", "seen", "ship", "systems")

    def __init__(self, battle: Battle, ship: ShipState, pairings: Pairings, radius: float | None = None) -> None:
        self.ship = ship
        self.pairings = pairings
        self.systems = len(ship.card.weapons)
        own_reach = band_limits(ship)[1]
        self.foes: list[list] = []
        for e in battle.state.enemies(ship):
            if e.pos is None:
                continue
            their_reach = band_limits(e)[1]
            reach = min(max(own_reach, their_reach), VISUAL_RANGE)
            self.foes.append([e.pos, e.heading, reach, own_reach, their_reach, e, None, None])
        self.friends = [f.pos for f in battle.state.afloat(ship.side) if f is not ship and f.pos is not None]
        self.seen: dict[tuple[Point, float], tuple[float, float, float]] = {}
        self.origin = ship.pos if radius is not None else None
        self.radius = radius if radius is not None else 0.0
        self.near = self.foes
        self.close = self.friends
        if ship.pos is not None and radius is not None:
            if self.foes:
                self.near = self._near(ship.pos, radius)
            slack = radius + MARGIN
            self.close = [f for f in self.friends if distance(ship.pos, f) - slack < CROWDED]

    def friends_within(self, pos: Point) -> list[Point]:
        """The friendly ships that may lie within :data:`CROWDED` of ``pos`` (all of them, in order, or those
        near enough to the ship when ``pos`` is within its move)."""
        if self.origin is not None and distance(self.origin, pos) <= self.radius:
            return self.close
        return self.friends

    def _near(self, origin: Point, radius: float) -> list[list]:
        """The foes that matter to a position within ``radius`` of ``origin``: those it may bring within reach of
        either side, and those that may be the nearest (within the nearest's range from the origin plus twice
        the radius).  The range from such a position differs from the range from the origin by ``radius`` at
        most, so the others add nothing and are never the nearest (a margin covers the rounding)."""
        ranges = [distance(origin, foe[0]) for foe in self.foes]
        slack = radius + MARGIN
        closest = min(ranges) + radius + MARGIN
        return [foe for foe, d in zip(self.foes, ranges, strict=True) if d - slack <= max(foe[2], closest)]

    def evaluate(self, pos: Point, heading: float) -> tuple[float, float, float]:
        """At ``pos``/``heading``: the offence (expected victory points, each system at its best target), the
        incoming fire (expected hull damage from every enemy system) and the range of the nearest enemy (infinite
        with none)."""
        key = (pos, heading)
        found = self.seen.get(key)
        if found is None:
            found = self.seen[key] = self._evaluate(pos, heading)
        return found

    def _evaluate(self, pos: Point, heading: float) -> tuple[float, float, float]:
        best = [0.0] * self.systems
        total = 0.0
        nearest = math.inf
        foes = self.foes
        if self.origin is not None and distance(self.origin, pos) <= self.radius:
            foes = self.near
        for foe in foes:
            e_pos, e_heading, reach, own_reach, their_reach = foe[0], foe[1], foe[2], foe[3], foe[4]
            d = distance(pos, e_pos)
            if d < nearest:
                nearest = d
            if d > reach:
                continue  # beyond the visual range or every system on both sides: nothing to add
            mine, theirs = mutual_arcs(pos, heading, e_pos, e_heading)
            if d <= own_reach:
                if foe[6] is None:
                    foe[6] = (self.pairings.get(self.ship, foe[5]), vp_weight(foe[5]))
                offence, weight = foe[6]
                for i, figure in enumerate(offence.expected(d, mine, bool(theirs & SIDE_ARCS))):
                    if figure:
                        best[i] = max(best[i], figure * weight)
            if d <= their_reach:
                if foe[7] is None:
                    foe[7] = self.pairings.get(foe[5], self.ship)
                for figure in foe[7].expected(d, theirs, bool(mine & SIDE_ARCS)):
                    if figure:
                        total += figure
        return sum(best), total, nearest


def offence_against(
    ship: ShipState, foe: ShipState, pairings: Pairings, pos: Point, heading: float
) -> tuple[float, ...]:
    """What each weapon system of ``ship`` at ``pos``/``heading`` is worth against ``foe`` where it is (expected
    victory points, 0 where it adds nothing): the figures :meth:`Outlook.evaluate` takes the best of, system by
    system, for the offence.  The offence is the sum over the systems of the largest over the foes (a maximum does
    not depend on the order), so it can be put together from these foe by foe (R-PERF-06)."""
    assert foe.pos is not None
    own_reach = band_limits(ship)[1]
    reach = min(max(own_reach, band_limits(foe)[1]), VISUAL_RANGE)
    d = distance(pos, foe.pos)
    if d > reach or d > own_reach:
        return (0.0,) * len(ship.card.weapons)
    mine, theirs = mutual_arcs(pos, heading, foe.pos, foe.heading)
    weight = vp_weight(foe)
    figures = pairings.get(ship, foe).expected(d, mine, bool(theirs & SIDE_ARCS))
    return tuple(figure * weight if figure else 0.0 for figure in figures)
