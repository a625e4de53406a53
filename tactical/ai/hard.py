"""The ``hard`` captain (issue 22): :class:`SimpleCaptain` fighting as a fleet.

* Concentration: no ship runs ahead of its fleet's front (the median range of its other ships to their nearest
  enemy), nor lags far behind it, so the fleet's guns come into range together and the enemy's ships that close
  alone meet all of them.
* Destroyers with torpedoes close together to torpedo range (their Torpedo short range) once the fleet is engaged.
* Evade! only when it pays: a ship that can still deal damage keeps firing at full effect unless the fire it
  expects is several times what it can deal.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from scenarios.cards import ShipType, WeaponKind
from tactical.ai.captain import SimpleCaptain
from tactical.ai.expectations import vp_weight
from tactical.geometry import Point, distance
from tactical.orders import OrderName
from tactical.plans import MovePlan
from tactical.state import Battle, ShipState

LEAD = 0.0
"""Inches a ship may run ahead of its fleet's front before it is held back (none: the fleet's guns come into range
together; 3" won 46% of the games to SimpleCaptain's 40% where none won 65% to 24%, cruiser action by day)."""
LAG = 4.0
"""Inches a ship may fall behind its fleet's front before it is pulled on."""


@dataclass
class HardCaptain(SimpleCaptain):
    """SimpleCaptain with fleet concentration, torpedo attacks together and a dearer Evade! (module docstring)."""

    evade_ratio: float = 5.0
    cohesion: float = 3.0
    lead: float = LEAD

    def choose_order(self, battle: Battle, ship: ShipState) -> OrderName | None:
        order = super().choose_order(battle, ship)
        if order is OrderName.EVADE and not self._evade_pays(battle, ship):
            return None
        return order

    def _evade_pays(self, battle: Battle, ship: ShipState) -> bool:
        offence = self._offence(battle, ship, ship.pos, ship.heading)
        incoming = self._incoming(battle, ship, ship.pos, ship.heading) * vp_weight(ship)
        return ship.crippled or incoming > self.evade_ratio * max(offence, 0.01)

    def _extra_score(
        self, battle: Battle, ship: ShipState, plan: MovePlan, pos: Point, heading: float, deck: int
    ) -> float:
        score = super()._extra_score(battle, ship, plan, pos, heading, deck)
        if self._withdrawing(battle, ship) or self._exit_goal(battle, ship) is not None or ship.has("Carrier"):
            return score
        mine = self._gap(battle, ship, pos)
        front = self._front(battle, ship)
        if mine is None or front is None:
            return score
        if self._torpedo_runner(ship) and front <= self._torpedo_reach(ship) + 8.0:
            return score - self.cohesion * max(mine - self._torpedo_reach(ship), 0.0)
        return score - self.cohesion * (max(front - mine - self.lead, 0.0) + 0.5 * max(mine - front - LAG, 0.0))

    @staticmethod
    def _gap(battle: Battle, ship: ShipState, pos: Point | None) -> float | None:
        """The range from ``pos`` to the nearest enemy on the table."""
        enemies = [e.pos for e in battle.state.enemies(ship) if e.pos is not None and not e.underwater]
        if pos is None or not enemies:
            return None
        return min(distance(pos, e) for e in enemies)

    def _front(self, battle: Battle, ship: ShipState) -> float | None:
        """The median range of the ship's fighting friends (not withdrawing, not carriers) to their nearest enemy."""
        gaps = [
            g for f in battle.state.afloat(ship.side)
            if f.name != ship.name and f.pos is not None and not f.has("Carrier") and not self._withdrawing(battle, f)
            and (g := self._gap(battle, f, f.pos)) is not None
        ]  # fmt: skip
        return statistics.median(gaps) if gaps else None

    @staticmethod
    def _torpedo_runner(ship: ShipState) -> bool:
        return ship.type is ShipType.DESTROYER and any(
            w.kind is WeaponKind.TORPEDO and ship.weapon_ad(i) > 0 for i, w in enumerate(ship.card.weapons)
        )

    @staticmethod
    def _torpedo_reach(ship: ShipState) -> float:
        reach = [
            float(w.ranges[1]) for w in ship.card.weapons if w.kind is WeaponKind.TORPEDO and w.ranges is not None
        ]
        return max(reach, default=6.0)
