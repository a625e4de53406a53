"""The baseline campaign AI.

The baseline AI is deliberately simple but sensible and deterministic: it reads only the legal orders and the
map's POC values.  It patrols the areas worth most to its side (spreading ships, avoiding speed rolls it does
not need), places land-based air where it is worth most, puts submarines where enemy ships are, sends its
landing units next to enemy island bases, and brings ships home to ports that can repair them.  Japan strikes
Pearl Harbor on the first VITP turn (its carriers and fast escorts raid from Yokosuka) and, in the early-war
start, keeps Truk and Saigon empty and announces its attack once Saigon is Japanese (turn 3), or on turn 4 if
Truk could not be emptied.  A Location Uncertain group outnumbered where it appeared moves on to a safe area
(R-PAC-19).  Issue 9 replaces it with planning AIs behind the same interface.

It decides from the campaign as its player knows it (:func:`strategic.known.known`, R-VIEW-25): its entry,
:meth:`BaselineAI.orders`, turns whatever campaign it is given into that first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from scenarios.models import Side, Theatre, UnitType
from strategic import convoy_ai, neutral_ai, outbreak, placement
from strategic.combat import invadable_bases
from strategic.known import KnownCampaign, known
from strategic.movement import MOVING_TYPES
from strategic.orders import (
    AnnounceAttack,
    DeferReinforcement,
    Move,
    Order,
    PearlHarborForce,
    PearlHarborStrike,
    PlaceAir,
    PlaceReinforcement,
    PlaceSubmarine,
    PlaceSurfaceRaider,
    ReturnToPort,
)
from strategic.state import Phase, UnitStatus

if TYPE_CHECKING:
    from strategic.campaign import Campaign

ATTACK_TURN = 3  # the early-war baseline attacks once Saigon is Japanese (002 §5.64), as in December 1941
LATEST_ATTACK_TURN = 4  # ... or a turn later even without the Pearl Harbor surprise (002 §5.731)


class BaselineAI:
    """The baseline AI described in the module docstring."""

    name = "baseline"

    def orders(self, campaign: Campaign, player: str) -> list[Order]:
        """``player``'s orders, decided from ``campaign`` as that player knows it (R-VIEW-25)."""
        return self.decide(known(campaign, player), player)

    def decide(self, campaign: KnownCampaign, player: str) -> list[Order]:
        legal = campaign.legal_orders(player)
        phase = campaign.state.phase
        if phase is Phase.REINFORCE:
            return u_boat_reinforcements(campaign, _first_per_unit(legal, PlaceReinforcement), legal)
        if phase is Phase.PATROL:
            return self._patrol(campaign, legal)
        if phase is Phase.AIR:
            return self._air(campaign, player, legal)
        if phase is Phase.SUBMARINE:
            return self._submarines(campaign, [o for o in legal if isinstance(o, PlaceSubmarine)])
        if phase is Phase.RETURN:
            return self._return(campaign, [o for o in legal if isinstance(o, ReturnToPort)])
        if phase is Phase.LANDING:
            return self._landings(campaign, [o for o in legal if isinstance(o, Move)])
        if phase is Phase.RAID and player == "japan" and strike_turn(campaign):
            return self._pearl_harbor_raid(campaign, legal)
        if phase is Phase.RAID:
            return self._move_on(campaign, [o for o in legal if isinstance(o, Move)])
        return []  # other raids: left to the planning AIs (issue 9)

    # -- helpers
    @staticmethod
    def _value(campaign: Campaign, area: str, side: Side) -> int:
        poc = campaign.data.areas[area].poc
        return (poc.axis if side is Side.AXIS else poc.allied).value

    def _air(self, campaign: Campaign, player: str, legal: list[Order]) -> list[Order]:
        """Air units where they are worth most; in the early war Japan first announces its attack when it
        means to (see the module docstring) and sends its strike force to Pearl Harbor; after the surprise
        attacks the special force stays for normal combat."""
        out: list[Order] = []
        if any(isinstance(o, PearlHarborForce) for o in legal):
            out.append(PearlHarborForce(stays=True))
        places = [o for o in legal if isinstance(o, PlaceAir)]
        if player == "japan" and any(isinstance(o, AnnounceAttack) for o in legal) and attack_now(campaign):
            out.append(AnnounceAttack())
            out += [PearlHarborStrike(unit=n) for n in strike_force(campaign)]
            places = [PlaceAir(unit=u.name, area=a) for u in campaign.state.units.values()
                      if u.commander.value == player and u.status is UnitStatus.PORT and not u.moved
                      and campaign.unit_record(u.name).type in (UnitType.LBA, UnitType.FROGMEN)
                      and not u.inactive_until and placement.air_timing(campaign, u) is None
                      for a in placement.air_areas(campaign, u, assume_war=True)]
        return out + self._by_value(campaign, places, spread=True)

    def _pearl_harbor_raid(self, campaign: Campaign, legal: list[Order]) -> list[Order]:
        """First VITP turn: the strike force raids from Yokosuka into the Hawaiian Islands (VITP 18)."""
        force = set(strike_force(campaign))
        out: list[Order] = []
        for order in legal:
            if isinstance(order, Move) and order.unit in force and order.path[-1] == outbreak.HAWAII \
                    and order.mode == "raid":
                out.append(order)
                force.discard(order.unit)
        return out

    def _move_on(self, campaign: Campaign, moves: list[Move]) -> list[Order]:
        """R-PAC-19: a Location Uncertain group outnumbered by enemy ships where it appeared moves on one area
        (no speed roll) to the most valuable bordering area with no enemy ship at sea; otherwise it stays."""
        ships: Counter[tuple[Side, str]] = Counter()
        for us in campaign.state.units.values():
            if us.status is UnitStatus.SEA and us.place and campaign.unit_record(us.name).type.is_ship:
                ships[(us.side, us.place)] += 1
        out: list[Order] = []
        for name in sorted({o.unit for o in moves if o.unit in campaign.state.war.appeared}):
            us = campaign.state.unit(name)
            assert us.place is not None
            enemy = campaign.enemy_of(us.side)
            if ships[(us.side, us.place)] >= ships[(enemy, us.place)]:
                continue
            safe = [o for o in moves if o.unit == name and len(o.path) == 1 and not ships[(enemy, o.path[0])]]
            if safe:
                out.append(max(safe, key=lambda o: (self._value(campaign, o.path[0], us.side), o.path[0])))
        return out

    def _landings(self, campaign: Campaign, moves: list[Move]) -> list[Order]:
        """Each landing unit takes the shortest move to an area touching an enemy island base (its own side's
        areas first), once the Pacific war has begun."""
        if not campaign.pacific_at_war:
            return []
        best: dict[str, Move] = {}
        for order in moves:
            us = campaign.state.unit(order.unit)
            if not invadable_bases(campaign, order.path[-1], us.side):
                continue
            key = (len(order.path), campaign.state.control.get(order.path[-1]) is not us.side, order.path)
            current = best.get(order.unit)
            if current is None or key < (len(current.path), campaign.state.control.get(current.path[-1])
                                         is not us.side, current.path):
                best[order.unit] = order
        return [best[n] for n in sorted(best)]

    def _patrol(self, campaign: Campaign, legal: list[Order]) -> list[Order]:
        sailing_convoys, legal = convoy_ai.split(campaign, legal)
        raiders = [o for o in legal if isinstance(o, PlaceSurfaceRaider)]
        held = set(strike_force(campaign)) if strike_turn(campaign) else set()
        moves = [o for o in legal if isinstance(o, Move) and len(o.path) == 1 and o.unit not in held]
        out: list[Order] = _spread(campaign, raiders, lambda o: o.area, self._value)
        # keep a third of the fleet (the slowest) in port as a reserve; send the rest to the best areas
        by_unit: dict[str, list[Move]] = {}
        for order in moves:
            by_unit.setdefault(order.unit, []).append(order)
        ships = sorted(by_unit, key=lambda n: (-(campaign.unit_record(n).speed or 0), n))
        sailing = ships[: max(1, (2 * len(ships)) // 3)] if ships else []
        if campaign.early_war and not campaign.pacific_at_war:  # keep Truk and Saigon empty (002 §5.731-5.732)
            sailing += [n for n in ships if n not in sailing
                        and campaign.state.unit(n).place in outbreak.WATCHED_BASES]
        crowd: Counter[str] = Counter()
        for name in sailing:
            side = campaign.state.unit(name).side
            best = max(by_unit[name], key=lambda o: (self._value(campaign, o.path[0], side) - 0.75 * crowd[o.path[0]],
                                                     o.path[0]))
            crowd[best.path[0]] += 1
            out.append(best)
        out += sailing_convoys
        return out + neutral_ai.sail_out(campaign, moves, out)

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


def _return_preference(campaign: Campaign, name: str) -> Callable[[ReturnToPort], tuple[int, int, int, str]]:
    """Damaged ships prefer the port that repairs most; then the port they sailed from.  Before its attack in the
    early-war start Japan brings everything home to Yokosuka, keeping Truk and Saigon empty (002 §5.731-5.732)."""
    us = campaign.state.unit(name)
    home = campaign.early_war and not campaign.pacific_at_war and campaign.unit_record(name).nation == "JP"

    def score(order: ReturnToPort) -> tuple[int, int, int, str]:
        repair = campaign.data.ports[order.port].repair if us.damage else 0
        return int(home and order.port == outbreak.YOKOSUKA), repair, int(order.port == us.sailed_from), order.port

    return score


def strike_turn(campaign: Campaign) -> bool:
    """Does the baseline Japan strike Pearl Harbor this turn (the first VITP turn, or its early-war attack)?"""
    if campaign.early_war:
        return attack_now(campaign)
    return campaign.setup_plays(Theatre.VITP) and campaign.state.turn == campaign.setup.vitp_first_turn


def attack_now(campaign: Campaign) -> bool:
    """Early-war start: the baseline Japan attacks on turn 3 if nothing was based in Truk at the start of the
    turn (so that the Pearl Harbor surprise raid is allowed, 002 §5.731), else on turn 4."""
    if not campaign.early_war or campaign.pacific_at_war:
        return False
    turn = campaign.state.turn
    truk_empty = not campaign.state.war.based_at_start.get("Truk")
    return turn >= LATEST_ATTACK_TURN or (turn >= ATTACK_TURN and truk_empty)


def strike_force(campaign: Campaign) -> list[str]:
    """The baseline's Pearl Harbor strike force: the carriers in Yokosuka Navy Yard with at least 2 air factors and
    speed 5, and up to four escorts of speed 6 or more (the strongest guns first)."""
    ready = [u for u in campaign.state.units_at(outbreak.YOKOSUKA, status=UnitStatus.PORT)
             if u.commander.value == "japan" and not u.moved and not u.inactive_until
             and campaign.unit_record(u.name).type in MOVING_TYPES]
    carriers = [u.name for u in ready if campaign.unit_record(u.name).type in (UnitType.CV, UnitType.CVL)
                and (campaign.unit_record(u.name).air or 0) >= 2 and (campaign.unit_record(u.name).speed or 0) >= 5]
    if not carriers:
        return []
    escorts = sorted((u.name for u in ready if u.name not in carriers and (campaign.unit_record(u.name).speed or 0)
                      >= 6 and (campaign.unit_record(u.name).gunnery or 0) >= 1),
                     key=lambda n: (-(campaign.unit_record(n).gunnery or 0), n))[:4]
    return carriers + escorts


def u_boat_reinforcements(campaign: Campaign, chosen: list[Order], legal: list[Order]) -> list[Order]:
    """The reinforcement orders ``chosen`` with the U-Boats handled as the German player would (002 §4.4,
    R-OPS-47): every U-Boat reinforcement that may only be saved is saved, and saved ones are brought in only as
    far as the fleet is below full strength."""
    free = placement.u_boat_full_strength(campaign) - placement.u_boat_fleet(campaign)
    out: list[Order] = []
    for order in chosen:
        if isinstance(order, PlaceReinforcement) and placement.saved_u_boat(campaign, campaign.state.unit(order.unit)):
            if free <= 0:
                continue
            free -= 1
        out.append(order)
    return out + [o for o in legal if isinstance(o, DeferReinforcement)]


def _first_per_unit(orders: list[Order], kind: type) -> list[Order]:
    seen: set[str] = set()
    out: list[Order] = []
    for order in orders:
        unit = getattr(order, "unit", None)
        if isinstance(order, kind) and unit is not None and unit not in seen:
            seen.add(unit)
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



__all__ = ["ATTACK_TURN", "LATEST_ATTACK_TURN", "BaselineAI", "attack_now", "strike_force", "strike_turn",
           "u_boat_reinforcements"]
