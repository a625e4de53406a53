"""The combat hook: every sea area where both sides are at sea after movement is a battle, resolved by one
interface that both the classic (War at Sea / VITP) resolver and the tactical bridge implement.

Until a resolver is configured, nothing is faked: battles stay pending and the turn cannot complete
(:attr:`strategic.campaign.Campaign.blocked`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from scenarios.models import Side, Theatre, UnitType
from strategic.state import UnitStatus

if TYPE_CHECKING:
    from strategic.campaign import Campaign


@dataclass(frozen=True)
class Battle:
    """A contested sea area: the units of each side at sea there."""

    area: str
    theatre: Theatre
    allied: tuple[str, ...]
    axis: tuple[str, ...]


@dataclass
class UnitResult:
    """What a battle did to one unit: damage points added, disabled (sent home), sunk or eliminated (air and
    landing units return two turns later: VITP 4.5), withdrew to a port, or expended (the Italian Frogmen,
    removed from play once used: 002 §2.221)."""

    name: str
    damage: int = 0
    disabled: bool = False
    sunk: bool = False
    eliminated: bool = False
    withdrew: bool = False
    expended: bool = False


@dataclass
class BattleOutcome:
    battle: Battle
    results: list[UnitResult] = field(default_factory=list)
    narrative: list[str] = field(default_factory=list)


class BattleResolver(Protocol):
    """Resolves one battle; must use ``campaign.dice`` (or dice spawned from it) for every roll."""

    name: str

    def resolve(self, campaign: Campaign, battle: Battle) -> BattleOutcome: ...


def find_battles(campaign: Campaign) -> list[Battle]:
    """Areas holding units of both sides at sea (VITP 4.1; War at Sea 5.6), in data order."""
    at_sea: dict[str, dict[Side, list[str]]] = {}
    for us in campaign.state.units.values():
        if us.status is UnitStatus.SEA and us.place is not None and not us.disabled and us.inactive_until is None:
            at_sea.setdefault(us.place, {Side.ALLIED: [], Side.AXIS: []})[us.side].append(us.name)
    battles = []
    for area in campaign.data.areas:
        sides = at_sea.get(area)
        if sides and sides[Side.ALLIED] and sides[Side.AXIS]:
            battles.append(Battle(area, campaign.data.areas[area].theatre, tuple(sides[Side.ALLIED]),
                                  tuple(sides[Side.AXIS])))
    return battles


def apply_outcome(campaign: Campaign, outcome: BattleOutcome) -> None:
    """Write a battle's results into the campaign: damage, sinkings, disabled units sent home."""
    from strategic.basing import default_return

    state = campaign.state
    delay = int(campaign.data.constant("air-and-landing-return-delay"))  # type: ignore[arg-type]
    for result in outcome.results:
        us = state.unit(result.name)
        us.damage += result.damage
        if result.sunk:
            us.status, us.place, us.mode = UnitStatus.SUNK, None, None
            campaign.log("sunk", f"{us.name} is sunk in {outcome.battle.area}", "VITP 4.4 / WAS 4.2", unit=us.name)
        elif result.eliminated:
            unit = campaign.unit_record(us.name)
            us.status, us.place, us.mode, us.damage = UnitStatus.AWAITING, None, None, 0  # returns fresh
            if unit.type in (UnitType.LBA, UnitType.AMPH):
                us.due_turn = state.turn + delay
            campaign.log("eliminated", f"{us.name} is eliminated in {outcome.battle.area}", "VITP 4.5", unit=us.name)
        elif result.expended:
            us.status, us.place, us.mode = UnitStatus.REMOVED, None, None
            campaign.log("removal", f"{us.name} is used and removed from play", "002 §2.221", unit=us.name)
        elif result.disabled or result.withdrew:
            us.returned_early = True
            if campaign.unit_record(us.name).type is UnitType.SS:
                us.status, us.place, us.mode = UnitStatus.PORT, None, None  # back to the reserve (R-OPS-04)
            else:
                default_return(campaign, us)
            if result.disabled:
                campaign.log("disabled", f"{us.name} is disabled and returns to port", "VITP 4.4", unit=us.name)
