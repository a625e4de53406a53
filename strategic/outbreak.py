"""The outbreak of the Pacific war: the surprise attacks of the first VITP turn and the optional early-war start.

Standard start (VITP rule 18 as reported, reference/vitp.md §5.6; 002 §3.231-3.233): on the first VITP turn, right
after the Japanese raiders have moved (a clock hook), Japanese carriers raiding in the Hawaiian Islands make
``surprise-raid-rounds`` automatic air-raid rounds against everything in Pearl Harbor, and Japanese air units in
Indonesia as many against the Allied units at sea there (Force Z and the 5th Air Force), with no return fire; the
Allies may not retreat in between (the first chance is after the first normal round).  Then the Location
Uncertain groups roll (002 §3.232, R-OPS-18), the US ships in the Caribbean and the United States roll (§3.233),
and the War at Sea turn goes on (R-OPS-20).

Early-war start (002 §5): VITP runs from turn 1 under the pre-war restrictions (§5.51-5.54, enforced where each
applies: movement, placement, basing, combat) until Japan announces its attack when it moves its air units
(:class:`~strategic.orders.AnnounceAttack`, §5.71) and places its Pearl Harbor special force
(:class:`~strategic.orders.PearlHarborStrike`, §5.72).  The surprise attacks follow at once (§5.73-5.7333) unless
Japan had units based in Truk (Pearl Harbor, §5.731) or Saigon (Indonesia, §5.732) at the beginning of the turn;
then the Allies lose control of every area where they have no unit (§5.736), Japan says whether the special force
stays (:class:`~strategic.orders.PearlHarborForce`, §5.735; if it stays it retreats after two rounds of normal
combat, §5.752), the survivors in Pearl Harbor may put to sea (:class:`~strategic.orders.Sortie`), and the
Location Uncertain groups roll.  The US ships in the Caribbean move from turn 1 and make no placement roll (§5.5,
R-OPS-63).  Saigon becomes Japanese at the end of turn 2 (§5.64).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from scenarios.models import Activity, Side, Theatre, UnitType
from strategic import placement
from strategic.battle_names import SURPRISE_KEY
from strategic.combat import Battle, fights, raidable
from strategic.control import change_hands
from strategic.events import AttackAnnounced, ControlLost, NoSurprise, PearlForceDecided, UnitMoved, UnitReturned
from strategic.movement import MOVING_TYPES
from strategic.order_rule import OrderRule
from strategic.orders import AnnounceAttack, IllegalOrder, PearlHarborForce, PearlHarborStrike, Sortie
from strategic.state import Mode, Phase, UnitState, UnitStatus

if TYPE_CHECKING:
    from strategic.campaign import Campaign

PEARL, HAWAII, INDONESIA, YOKOSUKA = "Pearl Harbor", "Hawaiian Islands", "Indonesia", "Yokosuka Navy Yard"
SURPRISE_PREFIX = SURPRISE_KEY
WATCHED_BASES = ("Truk", "Saigon")  # 002 §5.731-5.732


def _int(campaign: Campaign, name: str) -> int:
    return campaign.data.constant_number(name)


# --------------------------------------------------------------------------- when


def surprise_turn(campaign: Campaign) -> bool:
    """Does this turn have the surprise attacks: the first VITP turn of a start that is not the early war, or the
    turn of Japan's announcement in the early-war start?"""
    state = campaign.state
    if campaign.early_war:
        return state.war.attack_turn == state.turn
    return campaign.setup.vitp_first_turn == state.turn


def record_based_at_start(campaign: Campaign) -> None:
    """002 §5.731-5.732: note the Japanese units based in Truk and Saigon at the beginning of the turn (the
    set-up on the first turn; reinforcements placed at the start of a later turn do not count: R-OPS-25)."""
    if not campaign.early_war or campaign.pacific_at_war:
        return
    campaign.state.war.based_at_start = {
        base: sorted(u.name for u in campaign.state.units_at(base, status=UnitStatus.PORT)
                     if campaign.unit_record(u.name).nation == "JP")
        for base in WATCHED_BASES}


def start_of_turn(campaign: Campaign) -> None:
    """Standard start, first VITP turn: the war begins this turn, and the Pearl Harbor fleet (start letter P) may
    not move before the strike (VITP 18: R-OPS-20)."""
    if campaign.early_war or campaign.state.turn != campaign.setup.vitp_first_turn:
        return
    war = campaign.state.war
    war.attack_turn = campaign.state.turn
    war.frozen = sorted(u.name for u in campaign.state.units_at(PEARL, status=UnitStatus.PORT)
                        if (start := campaign.unit_record(u.name).vitp_start) is not None and start.letter == "P")


def end_of_turn(campaign: Campaign) -> None:
    """002 §5.64: in the early-war start Saigon becomes Japanese at the end of the set turn (its Allied units put
    to sea and return elsewhere); the one-turn freeze of the standard Pearl Harbor fleet ends (R-OPS-20); the
    Location Uncertain groups that did not move on stay where they are (R-PAC-19)."""
    state = campaign.state
    state.war.appeared = []
    if not campaign.early_war:
        state.war.frozen = []
        return
    if state.turn == _int(campaign, "early-war-saigon-turn") and state.port_owners.get("Saigon") != "axis" \
            and campaign.place_played("Saigon"):
        change_hands(campaign, "Saigon", Side.AXIS, f"at the end of turn {state.turn}", "002 §5.64",
                     area=campaign.data.ports["Saigon"].touches[0])


# --------------------------------------------------------------------------- orders


def _require_early_war_air(campaign: Campaign, player: str, rule: str) -> None:
    if not campaign.early_war:
        raise IllegalOrder(rule, "only in the early-war start (002 §5)")
    if player != "japan":
        raise IllegalOrder(rule, "only the Japanese player gives this order")
    if campaign.state.phase is not Phase.AIR or campaign.surprise_done:
        raise IllegalOrder("002 §5.71", "Japan announces its attack when it moves its air units")


class AnnounceAttackRule(OrderRule[AnnounceAttack, AnnounceAttack]):
    """002 §5.71: Japan announces, when moving its air units, that it attacks this turn."""

    kind = AnnounceAttack
    phases = frozenset({Phase.AIR})

    def verify(self, campaign: Campaign, player: str, order: AnnounceAttack) -> AnnounceAttack:
        _require_early_war_air(campaign, player, "002 §5.71")
        if campaign.pacific_at_war:
            raise IllegalOrder("002 §5.71", f"Japan has already attacked (turn {campaign.state.war.attack_turn})")
        return order

    def apply(self, campaign: Campaign, plan: AnnounceAttack) -> None:
        war = campaign.state.war
        war.attack_turn, war.frozen = campaign.state.turn, []
        campaign.log(AttackAnnounced, "002 §5.71")

    def unit_free_candidates(self, campaign: Campaign, player: str) -> list[AnnounceAttack]:
        return [AnnounceAttack()]


def _may_join_strike(campaign: Campaign, us: UnitState) -> bool:
    unit = campaign.unit_record(us.name)
    return (unit.nation == "JP" and unit.type in MOVING_TYPES and unit.type is not UnitType.RAIDER and not us.moved
            and us.inactive_until is None and not campaign.violations(unit, HAWAII, Activity.AT_SEA, us.side))


class PearlHarborStrikeRule(OrderRule[PearlHarborStrike, PearlHarborStrike]):
    """002 §5.72: after announcing, a raider in Yokosuka Navy Yard is placed in the Hawaiian Islands."""

    kind = PearlHarborStrike
    phases = frozenset({Phase.AIR})

    def verify(self, campaign: Campaign, player: str, order: PearlHarborStrike) -> PearlHarborStrike:
        _require_early_war_air(campaign, player, "002 §5.72")
        state = campaign.state
        if state.war.attack_turn != state.turn:
            raise IllegalOrder("002 §5.72", "the Pearl Harbor force is placed on the turn Japan announces its attack")
        if not _ready_in(campaign, player, order.unit, YOKOSUKA, _may_join_strike):
            raise IllegalOrder("002 §5.72", f"{order.unit} is not a Japanese ship ready to sail in {YOKOSUKA}")
        return order

    def apply(self, campaign: Campaign, plan: PearlHarborStrike) -> None:
        campaign.state.war.pearl_force.append(plan.unit)
        _to_hawaii(campaign, plan.unit, YOKOSUKA, Mode.RAID, "002 §5.72", "pearl_force")

    def candidates(self, campaign: Campaign, player: str, us: UnitState) -> list[PearlHarborStrike]:
        return [PearlHarborStrike(unit=us.name)] if us.place == YOKOSUKA else []


def _after_surprise_step(campaign: Campaign, rule: str) -> None:
    state = campaign.state
    if not campaign.early_war or state.war.attack_turn != state.turn or not campaign.surprise_done \
            or state.phase is not Phase.AIR:
        raise IllegalOrder(rule, "only right after the surprise attacks of the early-war start")


def pearl_force_at_sea(campaign: Campaign) -> list[str]:
    return [n for n in campaign.state.war.pearl_force
            if (u := campaign.state.unit(n)).status is UnitStatus.SEA and u.place == HAWAII]


class PearlHarborForceRule(OrderRule[PearlHarborForce, PearlHarborForce]):
    """002 §5.735: Japan announces whether the special force stays for normal combat (then it retreats after two
    rounds, §5.752) or goes home now (to Yokosuka Navy Yard, R-OPS-25)."""

    kind = PearlHarborForce
    phases = frozenset({Phase.AIR})

    def verify(self, campaign: Campaign, player: str, order: PearlHarborForce) -> PearlHarborForce:
        _after_surprise_step(campaign, "002 §5.735")
        if player != "japan":
            raise IllegalOrder("002 §5.735", "only the Japanese player decides for the Pearl Harbor force")
        war = campaign.state.war
        if war.pearl_force_stays is not None or not pearl_force_at_sea(campaign):
            raise IllegalOrder("002 §5.735", "there is no Pearl Harbor force waiting for its orders")
        return order

    def apply(self, campaign: Campaign, plan: PearlHarborForce) -> None:
        campaign.state.war.pearl_force_stays = plan.stays
        campaign.log(PearlForceDecided, "002 §5.735", stays=plan.stays)
        if plan.stays:
            return
        for name in pearl_force_at_sea(campaign):
            us = campaign.state.unit(name)
            us.status, us.place, us.mode, us.returned_early = UnitStatus.PORT, YOKOSUKA, None, True
            campaign.log(UnitReturned, "002 §5.735", unit=name, port=YOKOSUKA)

    def unit_free_candidates(self, campaign: Campaign, player: str) -> list[PearlHarborForce]:
        return [PearlHarborForce(stays=True), PearlHarborForce(stays=False)]


def _may_sortie(campaign: Campaign, us: UnitState) -> bool:
    unit = campaign.unit_record(us.name)
    return (us.side is Side.ALLIED and unit.type in MOVING_TYPES and not us.moved and not us.disabled
            and us.inactive_until is None and not campaign.violations(unit, HAWAII, Activity.AT_SEA, us.side))


class SortieRule(OrderRule[Sortie, Sortie]):
    """002 §5.735: after the surprise attacks the Allied survivors in Pearl Harbor may put to sea (in the Hawaiian
    Islands, as patrollers)."""

    kind = Sortie
    phases = frozenset({Phase.AIR})

    def verify(self, campaign: Campaign, player: str, order: Sortie) -> Sortie:
        _after_surprise_step(campaign, "002 §5.735")
        if not _ready_in(campaign, player, order.unit, PEARL, _may_sortie):
            raise IllegalOrder("002 §5.735", f"{order.unit} is not an Allied ship able to put to sea from {PEARL}")
        return order

    def apply(self, campaign: Campaign, plan: Sortie) -> None:
        _to_hawaii(campaign, plan.unit, PEARL, Mode.PATROL, "002 §5.735", "sortie")

    def candidates(self, campaign: Campaign, player: str, us: UnitState) -> list[Sortie]:
        return [Sortie(unit=us.name)] if us.place == PEARL else []


def _ready_in(campaign: Campaign, player: str, name: str, port: str,
              may: Callable[[Campaign, UnitState], bool]) -> bool:
    """Is the unit ``name``, which must take ``player``'s orders, in ``port`` and ``may`` it sail now?"""
    us = campaign.state.unit(name)
    campaign.require_commander(us, player)
    return us.status is UnitStatus.PORT and us.place == port and may(campaign, us)


def _to_hawaii(campaign: Campaign, name: str, port: str, mode: Mode, rule: str, how: str) -> None:
    """The unit sails from ``port`` into the Hawaiian Islands (``mode``: how it is at sea there)."""
    us = campaign.state.unit(name)
    us.status, us.place, us.mode, us.moved, us.sailed_from = UnitStatus.SEA, HAWAII, mode, True, port
    campaign.log(UnitMoved, rule, unit=name, origin=port, path=[HAWAII], mode=mode.value, how=how)


# --------------------------------------------------------------------------- the surprise step (clock hooks)


def surprise_step(campaign: Campaign) -> None:
    """Clock hook (standard: after the Japanese raid moves; early war: after Japan's air moves).  On a surprise
    turn the surprise attacks become pending battles, resolved at once by the configured resolver."""
    state = campaign.state
    state.war.surprise_turn = state.turn
    if not surprise_turn(campaign):
        return
    battles = surprise_battles(campaign)
    if not battles:
        campaign.log(NoSurprise, "VITP 18; 002 §5.73")
        after_strikes(campaign)
        return
    state.pending_battles = [SURPRISE_PREFIX + b.area for b in battles]
    campaign.resolve_pending()


def surprise_battles(campaign: Campaign) -> list[Battle]:
    """The surprise attacks possible now: Pearl Harbor (Japanese carriers raiding in the Hawaiian Islands; early
    war: those of the special force, and not if Japan had units in Truk at the start, §5.731) and Indonesia
    (Japanese air units there; early war: not if Japan had units in Saigon at the start, §5.732)."""
    state = campaign.state
    rounds = _int(campaign, "surprise-raid-rounds")
    out = []
    at_start = state.war.based_at_start if campaign.early_war else {}
    attackers = [u.name for u in state.units_at(HAWAII, status=UnitStatus.SEA)
                 if _surprise_air(campaign, u) and u.mode is Mode.RAID
                 and (not campaign.early_war or u.name in state.war.pearl_force)]
    targets = [u.name for u in state.units_at(PEARL, status=UnitStatus.PORT)
               if u.side is Side.ALLIED and fights(campaign, u)
               and raidable(campaign.unit_record(u.name), Theatre.VITP)]
    if attackers and targets and campaign.place_played(PEARL):
        if at_start.get("Truk"):
            campaign.log(NoSurprise, "002 §5.731", target=PEARL, raid=True, base="Truk", units=at_start["Truk"])
        else:
            out.append(Battle(HAWAII, Theatre.VITP, (), tuple(attackers), tuple(targets), surprise_rounds=rounds))
    attackers = [u.name for u in state.units_at(INDONESIA, status=UnitStatus.SEA) if _surprise_air(campaign, u)]
    targets = [u.name for u in state.units_at(INDONESIA, status=UnitStatus.SEA)
               if u.side is Side.ALLIED and not u.disabled and fights(campaign, u)
               and campaign.unit_record(u.name).type not in (UnitType.SS, UnitType.RAIDER)]
    if attackers and targets and campaign.place_played(INDONESIA):
        if at_start.get("Saigon"):
            campaign.log(NoSurprise, "002 §5.732", target=INDONESIA, base="Saigon", units=at_start["Saigon"])
        else:
            out.append(Battle(INDONESIA, Theatre.VITP, tuple(targets), tuple(attackers), surprise_rounds=rounds,
                              surprise_bonus_rounds=_int(campaign, "surprise-indonesia-bonus-rounds")))
    return out


def _surprise_air(campaign: Campaign, us: UnitState) -> bool:
    unit = campaign.unit_record(us.name)
    return (unit.nation == "JP" and not us.disabled and fights(campaign, us) and bool(unit.air)
            and unit.type in (UnitType.CV, UnitType.CVL, UnitType.LBA))


def surprise_battle(campaign: Campaign, entry: str) -> Battle | None:
    """The surprise battle of a pending entry (``surprise:AREA``), rebuilt from the state, or ``None``."""
    area = entry.removeprefix(SURPRISE_PREFIX)
    return next((b for b in surprise_battles(campaign) if b.area == area), None)


def after_strikes(campaign: Campaign) -> None:
    """002 §5.736 (early-war start): when the surprise attacks are over, the Allies lose control of every sea
    area where they have no ship or unit (replacing §3.231)."""
    if not campaign.early_war:
        return
    state = campaign.state
    present = {u.place for u in state.units.values()
               if u.side is Side.ALLIED and u.status is UnitStatus.SEA and u.inactive_until is None}
    for area, side in list(state.control.items()):
        if side is Side.ALLIED and campaign.data.areas[area].theatre is Theatre.VITP and area not in present:
            state.control[area] = None
            campaign.log(ControlLost, "002 §5.736", area=area)


def after_surprise(campaign: Campaign) -> None:
    """Clock hook at the end of the surprise step: an undecided Pearl Harbor force stays (002 §5.735); the
    Location Uncertain groups roll (§3.232, §5.735); the US Atlantic ships roll (§3.233, §4.3; standard start
    only: in the early war they have moved since turn 1, R-OPS-63)."""
    if not surprise_turn(campaign):
        return
    war = campaign.state.war
    if campaign.early_war and war.pearl_force_stays is None and pearl_force_at_sea(campaign):
        war.pearl_force_stays = True
    placement.roll_location_uncertain(campaign)
    placement.caribbean_rolls(campaign)


def adjust_battle(campaign: Campaign, battle: Battle) -> Battle:
    """In the Hawaiian Islands on the turn of the attack (early-war start): the United States player announces
    whether his forces there run or fight before the first round (002 §5.751, R-OPS-62), and a Pearl Harbor
    special force that stayed retreats, with every Japanese unit there, after ``pearl-harbor-force-rounds`` rounds
    of normal combat (002 §5.752)."""
    state = campaign.state
    if not (campaign.early_war and battle.area == HAWAII and state.war.attack_turn == state.turn):
        return battle
    if battle.allied and battle.axis:
        battle = replace(battle, run_or_fight=True)
    if state.war.pearl_force_stays and any(n in battle.axis for n in state.war.pearl_force):
        return replace(battle, forced_retreat_after=_int(campaign, "pearl-harbor-force-rounds"))
    return battle


def battle_order(campaign: Campaign, areas: list[str]) -> list[str]:
    """002 §5.75: on the turn of the attack (early-war start) the Hawaiian Islands are fought first; VITP 18.14:
    on the first VITP turn of any other start the Hawaiian Islands, then Indonesia (R-PAC-23)."""
    first = fought_first(campaign, areas)
    return first + [a for a in areas if a not in first]


def fought_first(campaign: Campaign, areas: list[str]) -> list[str]:
    """The areas among ``areas`` fought before any other whatever the battle order, in their order: the Hawaiian
    Islands on the turn of the attack in the early-war start (002 §5.75); the Hawaiian Islands and then Indonesia
    on the surprise turn of the other starts (VITP 18.14: Indonesia is the second area fought; R-PAC-23)."""
    if not surprise_turn(campaign):
        return []
    fixed = (HAWAII,) if campaign.early_war else (HAWAII, INDONESIA)
    return [a for a in fixed if a in areas]
