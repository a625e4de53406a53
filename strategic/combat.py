"""The combat hook: every sea area where both sides are at sea after movement is a battle, resolved by one
interface that both the classic (War at Sea / VITP) resolver and the tactical bridge implement.

Three more kinds of engagement use the same hook (docs/rulings.md R-CMB-12, R-CMB-15):

* an **air raid on a port**: air units at sea may strike enemy units in a port or base touching their area (VITP
  4.8: carriers and land-based air; War at Sea: land-based air, reference/was.md §4.5, and the Italian Frogmen
  against Malta, 002 §2.223), so an area holding one side's air units and touching a port with enemy units is a
  battle even without enemy ships at sea; the units in port are the battle's ``in_port`` units;
* an **unopposed landing**: a landing unit at sea next to an enemy island base may invade it (VITP 4.9);
* the **surprise attacks** of the Pacific war's first turn (VITP 18; 002 §5.72-5.7333), built by
  :mod:`strategic.outbreak` with ``surprise_rounds``.

Until a resolver is configured, nothing is faked: battles stay pending and the turn cannot complete
(:attr:`strategic.campaign.Campaign.blocked`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from scenarios.models import Owner, PortKind, Side, Theatre, UnitType
from strategic.basing import ReturnOption, default_return, execute_return
from strategic.control import change_hands
from strategic.events import UnitDisabled, UnitEliminated, UnitLanded, UnitRemoved, UnitSunk
from strategic.neutral import refuge_for_disabled
from strategic.state import Mode, UnitState, UnitStatus

if TYPE_CHECKING:
    from scenarios.models import Unit
    from strategic.campaign import Campaign


@dataclass(frozen=True)
class Battle:
    """A contested sea area: the units of each side at sea there; ``in_port``: units in ports or bases touching
    the area that the other side's air units there may strike (air raids on ports); ``surprise_rounds``: a
    surprise attack (only the Axis attacks, by air, for that many rounds, then the battle stops), the first
    ``surprise_bonus_rounds`` of them with the attack bonus; ``forced_retreat_after``: the Axis must retreat
    everything after that round (002 §5.752); ``run_or_fight``: before the first round the Allies announce
    whether their forces run or fight (002 §5.751)."""

    area: str
    theatre: Theatre
    allied: tuple[str, ...]
    axis: tuple[str, ...]
    in_port: tuple[str, ...] = ()
    surprise_rounds: int = 0
    surprise_bonus_rounds: int = 0
    forced_retreat_after: int = 0
    run_or_fight: bool = False

    @property
    def kind(self) -> str:
        if self.surprise_rounds:
            return "surprise attack"
        if self.allied and self.axis:
            return "battle"
        return "air raid" if self.in_port else "landing"


@dataclass
class UnitResult:
    """What a battle did to one unit: damage points added, disabled (sent home; in port it stays there), sunk or
    eliminated (air and landing units return two turns later: VITP 4.5), withdrew to a port, expended (the
    Italian Frogmen, removed from play once used: 002 §2.221), attacked from the air (War at Sea: once per turn,
    002 §4.11), or landed in a base (VITP 4.9); ``retreat_to``: the port its player chose for it when it left
    the battle at sea, withdrawn or disabled (R-OPS-48; ``None``: the usual return)."""

    name: str
    damage: int = 0
    disabled: bool = False
    sunk: bool = False
    eliminated: bool = False
    withdrew: bool = False
    expended: bool = False
    air_attacked: bool = False
    landed: str | None = None
    retreat_to: str | None = None  # the port chosen for a unit leaving the battle at sea (R-OPS-48)


@dataclass(frozen=True)
class Landing:
    """A landing unit went ashore in ``base``; ``invasion``: the base was the enemy's and changes hands."""

    unit: str
    base: str
    invasion: bool


@dataclass
class BattleOutcome:
    battle: Battle
    results: list[UnitResult] = field(default_factory=list)
    narrative: list[str] = field(default_factory=list)
    landings: list[Landing] = field(default_factory=list)


class BattleResolver(Protocol):
    """Resolves one battle; must use ``campaign.dice`` (or dice spawned from it) for every roll."""

    name: str

    def resolve(self, campaign: Campaign, battle: Battle) -> BattleOutcome: ...


# --------------------------------------------------------------------------- who takes part


def fights(campaign: Campaign, us: UnitState) -> bool:
    """May this unit take part in combat now?  Inactive units (002 §3.21) never do; before Japan's attack in the
    early-war start, Japanese, US, Dutch and Australian units neither fight nor are attacked (002 §5.62, R-OPS-22)."""
    return us.inactive_until is None and campaign.belligerent(us)


def raids_ports(unit: Unit, theatre: Theatre) -> bool:
    """Air units that may strike a port touching their area: VITP carriers and land-based air (VITP 4.8); War at
    Sea land-based air and the Frogmen (reference/was.md §4.5; 002 §2.223) (R-CMB-12)."""
    if theatre is Theatre.VITP:
        return (unit.type in (UnitType.CV, UnitType.CVL) and bool(unit.air)) or (
            unit.type is UnitType.LBA and unit.counter != "WAS")
    return (unit.type is UnitType.LBA and unit.counter == "WAS") or unit.type is UnitType.FROGMEN


def raidable(unit: Unit, theatre: Theatre) -> bool:
    """Units in port that an air raid may hit: ships (and War at Sea convoys), VITP land-based air and amphibious
    units; never surface raiders (002 §2.213), submarines, the Frogmen or War at Sea land-based air (R-CMB-12)."""
    if unit.type.is_ship or unit.type is UnitType.CONVOY:
        return True
    return theatre is Theatre.VITP and (unit.type is UnitType.AMPH or (
        unit.type is UnitType.LBA and unit.counter != "WAS"))


def port_targets(campaign: Campaign, area: str, raider_side: Side) -> list[str]:
    """Enemy units in the ports and bases touching ``area`` that ``raider_side``'s air units there may strike:
    not in a neutral port (R-CMB-12), and in War at Sea not already attacked from the air this turn (002 §4.11)."""
    state = campaign.state
    theatre = campaign.data.areas[area].theatre
    out = []
    for port in campaign.board.ports_on(area):
        if state.port_owners[port] == Owner.NEUTRAL:
            continue
        for us in state.units_at(port, status=UnitStatus.PORT):
            if us.side is raider_side or not fights(campaign, us):
                continue
            if not raidable(campaign.unit_record(us.name), theatre):
                continue
            if theatre is Theatre.WAS and us.name in state.air_attacked:
                continue
            out.append(us.name)
    return out


PEARL_HARBOR, HAWAIIAN_ISLANDS = "Pearl Harbor", "Hawaiian Islands"


def committed_to_pearl(campaign: Campaign, area: str, raiders: list[str]) -> bool:
    """VITP 18 (reference/vitp.md §5.6 [S]; R-OPS-45): on the turn of the surprise attack the Pearl Harbor strike
    force may air-raid only Pearl Harbor, never the other ports touching the Hawaiian Islands (Johnston Island), so
    Allied units that went there are safe from it.  ``raiders``: the side's units in ``area`` that may raid ports;
    the force is committed when every one of them belongs to the strike force (Japanese carriers raiding in the
    Hawaiian Islands; in the early-war start the special force of 002 §5.72)."""
    state = campaign.state
    if area != HAWAIIAN_ISLANDS or state.war.attack_turn != state.turn:
        return False
    return all(strike_force_member(campaign, state.unit(n)) for n in raiders)


def strike_force_member(campaign: Campaign, us: UnitState) -> bool:
    """Is ``us`` part of the Pearl Harbor strike force this turn (see :func:`committed_to_pearl`)?"""
    if campaign.early_war:
        return us.name in campaign.state.war.pearl_force
    unit = campaign.unit_record(us.name)
    return unit.nation == "JP" and unit.type in (UnitType.CV, UnitType.CVL) and us.mode is Mode.RAID


def invadable_bases(campaign: Campaign, area: str, side: Side) -> list[str]:
    """Enemy island bases touching ``area`` (VITP 4.9; major ports fall only by isolation, VITP 5.3)."""
    enemy = campaign.enemy_of(side).value
    return [p for p in campaign.board.ports_on(area) if campaign.data.ports[p].kind is PortKind.ISLAND_BASE
            and campaign.state.port_owners[p] == enemy]


def find_battles(campaign: Campaign) -> list[Battle]:
    """Areas holding units of both sides at sea (VITP 4.1; War at Sea 5.6), areas where one side's air units may
    raid enemy units in a touching port (VITP 4.8), and areas where a landing unit may invade an enemy island base
    (VITP 4.9), in data order."""
    at_sea: dict[str, dict[Side, list[str]]] = {}
    for us in campaign.state.units.values():
        if us.status is UnitStatus.SEA and us.place is not None and not us.disabled and fights(campaign, us):
            at_sea.setdefault(us.place, {Side.ALLIED: [], Side.AXIS: []})[us.side].append(us.name)
    battles = []
    for area, record in campaign.data.areas.items():
        sides = at_sea.get(area)
        if not sides:
            continue
        in_port: list[str] = []
        landing = False
        for side in (Side.ALLIED, Side.AXIS):
            records = [campaign.unit_record(n) for n in sides[side]]
            raiders = [n for n, r in zip(sides[side], records, strict=True) if raids_ports(r, record.theatre)]
            if raiders:
                targets = port_targets(campaign, area, side)
                if committed_to_pearl(campaign, area, raiders):
                    targets = [n for n in targets if campaign.state.unit(n).place == PEARL_HARBOR]
                in_port += targets
            if any(r.type is UnitType.AMPH for r in records) and invadable_bases(campaign, area, side):
                landing = True
        if (sides[Side.ALLIED] and sides[Side.AXIS]) or in_port or landing:
            battles.append(Battle(area, record.theatre, tuple(sides[Side.ALLIED]), tuple(sides[Side.AXIS]),
                                  tuple(in_port)))
    return battles


# --------------------------------------------------------------------------- results


def apply_outcome(campaign: Campaign, outcome: BattleOutcome) -> None:
    """Write a battle's results into the campaign: damage, sinkings, disabled units sent home (a unit disabled in
    port stays there), the War at Sea air-attack record, then the landings in order (VITP 4.9: an invaded base
    changes hands, its units put to sea and return elsewhere; the landing unit goes ashore in the base)."""
    state = campaign.state
    delay = campaign.data.constant_number("air-and-landing-return-delay")
    area = outcome.battle.area
    for result in outcome.results:
        us = state.unit(result.name)
        in_port = us.status is UnitStatus.PORT
        where = us.place if in_port else area
        us.damage += result.damage
        if result.air_attacked and result.name not in state.air_attacked:
            state.air_attacked.append(result.name)
        if result.sunk:
            us.status, us.place, us.mode = UnitStatus.SUNK, None, None
            campaign.log(UnitSunk, "VITP 4.4 / WAS 4.2", unit=us.name, place=where)
        elif result.eliminated:
            unit = campaign.unit_record(us.name)
            us.status, us.place, us.mode, us.damage = UnitStatus.AWAITING, None, None, 0  # returns fresh
            if unit.type in (UnitType.LBA, UnitType.AMPH):
                us.due_turn = state.turn + delay
            campaign.log(UnitEliminated, "VITP 4.5", unit=us.name, place=where)
        elif result.expended:
            us.status, us.place, us.mode = UnitStatus.REMOVED, None, None
            campaign.log(UnitRemoved, "002 §2.221", unit=us.name, why="used")
        elif result.landed:
            continue  # placed with the landings below
        elif in_port:
            if result.disabled:
                us.disabled, us.moved = True, True
                campaign.log(UnitDisabled, "VITP 4.8 (R-CMB-12)", unit=us.name, place=us.place)
        elif result.disabled or result.withdrew:
            us.returned_early = True
            if campaign.unit_record(us.name).type is UnitType.SS:
                us.status, us.place, us.mode = UnitStatus.PORT, None, None  # back to the reserve (R-OPS-04)
            elif result.disabled and (refuge := refuge_for_disabled(campaign, us, area)) is not None:
                execute_return(campaign, us, ReturnOption(refuge, "neutral", "WAS Neutral Port (R-OPS-42)"))
            else:
                default_return(campaign, us, result.retreat_to)
            if result.disabled and us.status is not UnitStatus.REMOVED:  # not lost for want of a port (W-01)
                campaign.log(UnitDisabled, "VITP 4.4", unit=us.name)
    for landing in outcome.landings:
        land(campaign, state.unit(landing.unit), landing.base, area, invasion=landing.invasion)


def land(campaign: Campaign, us: UnitState, base: str, area: str, *, invasion: bool) -> None:
    """VITP 4.9: a landing unit goes ashore in ``base``; an invaded enemy base changes hands first (its units put
    to sea in ``area`` and return elsewhere at once, R-CMB-15)."""
    if invasion:
        change_hands(campaign, base, us.side, f"invaded by {us.name} from {area}", "VITP 4.9", area=area)
    us.status, us.place, us.mode, us.moved, us.returned_early = UnitStatus.PORT, base, None, True, True
    campaign.log(UnitLanded, "VITP 4.9", unit=us.name, base=base)


__all__ = ["Battle", "BattleOutcome", "BattleResolver", "Landing", "UnitResult", "apply_outcome", "find_battles"]
