"""Players as the engine sees them, the baseline AI, and the loop that plays a campaign.

A player is anything with ``orders(campaign, player) -> list[Order]``: a human at the TUI or an AI.  The
engine verifies each order again as it is applied (the state changes between orders), so an agent may propose
orders that turn out illegal after an earlier one; those are skipped and logged.

The baseline AI is deliberately simple but sensible and deterministic: it reads only the legal orders and the
map's POC values.  It patrols the areas worth most to its side (spreading ships, avoiding speed rolls it does
not need), places land-based air where it is worth most, puts submarines where enemy ships are, and brings
ships home to ports that can repair them.  Issue 9 replaces it with planning AIs behind the same interface.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Protocol

from scenarios.models import Side
from strategic.campaign import Campaign
from strategic.clock import Clock, Decision
from strategic.orders import (
    IllegalOrder,
    Move,
    Order,
    PlaceAir,
    PlaceReinforcement,
    PlaceSubmarine,
    PlaceSurfaceRaider,
    ReturnToPort,
)
from strategic.state import Phase, UnitStatus


class Agent(Protocol):
    def orders(self, campaign: Campaign, player: str) -> list[Order]: ...


class BaselineAI:
    """The baseline AI described in the module docstring."""

    name = "baseline"

    def orders(self, campaign: Campaign, player: str) -> list[Order]:
        legal = campaign.legal_orders(player)
        phase = campaign.state.phase
        if phase is Phase.REINFORCE:
            return _first_per_unit(legal, PlaceReinforcement)
        if phase is Phase.PATROL:
            return self._patrol(campaign, legal)
        if phase is Phase.AIR:
            return self._by_value(campaign, [o for o in legal if isinstance(o, PlaceAir)], spread=True)
        if phase is Phase.SUBMARINE:
            return self._submarines(campaign, [o for o in legal if isinstance(o, PlaceSubmarine)])
        if phase is Phase.RETURN:
            return self._return(campaign, [o for o in legal if isinstance(o, ReturnToPort)])
        return []  # raids and landings: left to the planning AIs (issue 9)

    # -- helpers
    @staticmethod
    def _value(campaign: Campaign, area: str, side: Side) -> int:
        poc = campaign.data.areas[area].poc
        return (poc.axis if side is Side.AXIS else poc.allied).value

    def _patrol(self, campaign: Campaign, legal: list[Order]) -> list[Order]:
        raiders = [o for o in legal if isinstance(o, PlaceSurfaceRaider)]
        moves = [o for o in legal if isinstance(o, Move) and len(o.path) == 1]
        out: list[Order] = _spread(campaign, raiders, lambda o: o.area, self._value)
        # keep a third of the fleet (the slowest) in port as a reserve; send the rest to the best areas
        by_unit: dict[str, list[Move]] = {}
        for order in moves:
            by_unit.setdefault(order.unit, []).append(order)
        ships = sorted(by_unit, key=lambda n: (-(campaign.unit_record(n).speed or 0), n))
        sailing = ships[: max(1, (2 * len(ships)) // 3)] if ships else []
        crowd: Counter[str] = Counter()
        for name in sailing:
            side = campaign.state.unit(name).side
            best = max(by_unit[name], key=lambda o: (self._value(campaign, o.path[0], side) - 0.75 * crowd[o.path[0]],
                                                     o.path[0]))
            crowd[best.path[0]] += 1
            out.append(best)
        return out

    def _by_value(self, campaign: Campaign, orders: list[PlaceAir], *, spread: bool) -> list[Order]:
        return _spread(campaign, orders, lambda o: o.area, self._value)

    def _submarines(self, campaign: Campaign, orders: list[PlaceSubmarine]) -> list[Order]:
        enemy_ships: Counter[tuple[Side, str]] = Counter()
        for us in campaign.state.units.values():
            if us.status is UnitStatus.SEA and us.place and campaign.unit_record(us.name).type.is_ship:
                enemy_ships[(us.side, us.place)] += 1
        out: list[Order] = []
        by_unit: dict[str, list[PlaceSubmarine]] = {}
        for order in orders:
            by_unit.setdefault(order.unit, []).append(order)
        for name, options in sorted(by_unit.items()):
            enemy = campaign.enemy_of(campaign.state.unit(name).side)
            out.append(max(options, key=lambda o: (enemy_ships[(enemy, o.area)], self._value(
                campaign, o.area, campaign.state.unit(name).side), o.area)))
        return out

    @staticmethod
    def _return(campaign: Campaign, orders: list[ReturnToPort]) -> list[Order]:
        by_unit: dict[str, list[ReturnToPort]] = {}
        for order in orders:
            by_unit.setdefault(order.unit, []).append(order)
        out: list[Order] = []
        for name, options in sorted(by_unit.items()):
            out.append(max(options, key=_return_preference(campaign, name)))
        return out


def _return_preference(campaign: Campaign, name: str) -> Callable[[ReturnToPort], tuple[int, int, str]]:
    """Damaged ships prefer the port that repairs most; then the port they sailed from."""
    us = campaign.state.unit(name)

    def score(order: ReturnToPort) -> tuple[int, int, str]:
        repair = campaign.data.ports[order.port].repair if us.damage else 0
        return repair, int(order.port == us.sailed_from), order.port

    return score


def _first_per_unit(orders: list[Order], kind: type) -> list[Order]:
    seen: set[str] = set()
    out: list[Order] = []
    for order in orders:
        if isinstance(order, kind) and order.unit not in seen:  # type: ignore[attr-defined]
            seen.add(order.unit)  # type: ignore[attr-defined]
            out.append(order)
    return out


def _spread(campaign: Campaign, orders: list, area_of: Callable, value: Callable) -> list[Order]:
    """One order per unit, choosing the most valuable area, less for areas already chosen."""
    by_unit: dict[str, list] = {}
    for order in orders:
        by_unit.setdefault(order.unit, []).append(order)
    crowd: Counter[str] = Counter()
    out: list[Order] = []
    for name, options in sorted(by_unit.items()):
        side = campaign.state.unit(name).side
        best = max(options, key=lambda o: (value(campaign, area_of(o), side) - crowd[area_of(o)], area_of(o)))
        crowd[area_of(best)] += 1
        out.append(best)
    return out


def play(campaign: Campaign, clock: Clock, agents: dict[str, Agent],
         on_decision: Callable[[Decision], None] | None = None, stop_at_turn: int | None = None) -> None:
    """Play until the game ends, a battle blocks it, or ``stop_at_turn`` begins.  ``agents`` maps player names
    (``japan``, ``germany_italy``, ``united_states``, ``allies``) to agents; every player needs one."""
    while not clock.finished and not campaign.blocked and clock.decision is not None:
        decision = clock.decision
        if stop_at_turn is not None and decision.turn >= stop_at_turn:
            return
        if on_decision:
            on_decision(decision)
        player = decision.player.value
        for order in agents[player].orders(campaign, player):
            try:
                campaign.apply(player, order)
            except IllegalOrder as exc:
                campaign.log("order_refused", f"{player}: {exc}", exc.rule)
        clock.end_decision()


def unit_summary(campaign: Campaign) -> dict[str, int]:
    """Counts of units by status (for reports and invariant checks)."""
    return dict(Counter(u.status.value for u in campaign.state.units.values()))


__all__ = ["Agent", "BaselineAI", "play", "unit_summary"]
