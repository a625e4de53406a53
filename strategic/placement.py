"""Placing units: arrivals and removals, land-based air, submarines, turn-1 surface raiders, and the start-of-turn
events of the combined game (VITP set-up, Location Uncertain groups, Caribbean rolls, forced moves, Italy).

Sources are cited per function: 002 §2.211, §2.221, §2.31-2.33, §3.21-3.233, §3.245, §3.323, §3.35, §3.36,
§4.3, §4.4; VITP 3.3 (land-based air), 4.42 (British removals), 4.5 (eliminated air and landing units return).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeVar

from scenarios.limits import covers_place, selects
from scenarios.models import Activity, Side, Theatre, UnitType
from scenarios.names import side_words
from strategic.bid import standing
from strategic.events import (
    AirPlaced,
    CaribbeanRoll,
    ForcedMove,
    KeptInReserve,
    LocationRoll,
    SideChange,
    SubmarinePlaced,
    SurfaceRaiderPlaced,
    UnitArrived,
    UnitLost,
    UnitRemoved,
)
from strategic.order_rule import ChoiceRule, OrderRule
from strategic.orders import (
    DeferReinforcement,
    IllegalOrder,
    PlaceAir,
    PlaceReinforcement,
    PlaceSubmarine,
    PlaceSurfaceRaider,
)
from strategic.state import UNTIL_ATTACK, Mode, Phase, UnitState, UnitStatus

OrderT = TypeVar("OrderT")

if TYPE_CHECKING:
    from scenarios.models import Unit
    from strategic.campaign import Campaign


# --------------------------------------------------------------------------- arrivals


def arrival_places(campaign: Campaign, unit: Unit, us: UnitState) -> list[str]:
    """Where an arriving unit may be put this turn: its places in the played theatres (or the places set when it
    was delayed, ``arrive_at``), plus the chart's 'if the VITP war has already begun' places when the war began
    on an earlier turn (002 chart note *; note **: a US air unit due in a sea area then arrives in a friendly port
    touching it, to be placed like any air unit; §5.3: until Japan attacks, the chart's places); a Location
    Uncertain group only until the groups are rolled (002 §3.232, §5.735)."""
    places = list(us.arrive_at or unit.arrival.places)
    if campaign.war_begun_before():
        places += [p for p in unit.arrival.if_war_begun if p not in places]
        if unit.type is UnitType.LBA and unit.nation == "US":  # chart note **: placed like a normal air unit
            places = [q for p in places for q in ([p] if p not in campaign.data.areas else sorted(
                port for port in campaign.board.ports_on(p) if campaign.port_friendly(port, us.side)))]
    if campaign.state.war.location_uncertain_rolled:
        places = [p for p in places if p not in campaign.data.groups]  # the groups are on the map already
    return [p for p in places if campaign.place_played(p)]


def legal_arrival_places(campaign: Campaign, unit: Unit, us: UnitState) -> list[str]:
    """Arrival places that exist, are friendly (ports) and admit the unit (limits); a VITP starting force has only
    the first of them (:func:`sets_up_where_listed`)."""
    out = []
    side = us.side
    for place in arrival_places(campaign, unit, us):
        if place in campaign.data.groups:
            out.append(place)
        elif place in campaign.data.ports:
            if campaign.port_friendly(place, side) and not campaign.violations(unit, place, Activity.BASE, side):
                out.append(place)
        elif not campaign.violations(unit, place, Activity.AT_SEA, side):
            out.append(place)
    return out[:1] if sets_up_where_listed(campaign, unit, us) else out


def sets_up_where_listed(campaign: Campaign, unit: Unit, us: UnitState) -> bool:
    """002 chart notes and §3.21 (R-PAC-25): the VITP starting forces (Japanese, US, Australian and Dutch units of
    turn 1, set up on the game's first turn) start in the places the VITP cards give them, with no choice: the
    first of their places that is open; a later place is only the fallback when it is not (Saigon Allied in the
    early-war start, 002 §5.4: R-PAC-04)."""
    nation = campaign.data.nations[unit.nation]
    return (nation.time_track is Theatre.VITP and unit.arrival.turn == 1 and not us.arrive_at
            and campaign.state.turn == campaign.setup.first_turn)


def start_of_turn_arrivals(campaign: Campaign) -> None:
    """Removals, then arrivals due this turn (data turn, or the return of eliminated air/landing units).

    A unit with one legal place is put there; with several it waits for the REINFORCE phase; with none
    (its ports are enemy-held) it is lost, except that US units may use Samoa when Pearl Harbor is lost
    (VITP 6.2 [R]: circled Pearl Harbor reinforcements).
    """
    state, turn = campaign.state, campaign.state.turn
    for name, us in state.units.items():
        unit = campaign.unit_record(name)
        if unit.removal is None or unit.removal.turn != turn:
            continue
        if us.status not in (UnitStatus.SUNK, UnitStatus.REMOVED):
            _remove(campaign, us, unit.removal.source, why="withdrawn")
        elif unit.nation == "UK":
            substitute = removal_substitute(campaign, unit)
            if substitute is not None:
                _remove(campaign, substitute, "VITP 4.42 (case V-01)", why="substitute", instead_of=name)
    for name, us in state.units.items():
        if us.status is not UnitStatus.AWAITING or us.due_turn != turn:
            continue
        unit = campaign.unit_record(name)
        if unit.type is UnitType.RAIDER and turn == 1:
            us.status, us.place, us.due_turn = UnitStatus.PORT, "Germany", None  # placed in the patrol phase
            continue
        places = legal_arrival_places(campaign, unit, us)
        if not places and unit.nation == "US" and "Pearl Harbor" in unit.arrival.places + unit.arrival.if_war_begun \
                and campaign.port_friendly("Samoa", us.side):
            places = ["Samoa"]
        if unit.type is UnitType.SS and is_u_boat(unit) and u_boat_fleet(campaign) >= u_boat_full_strength(campaign):
            continue  # beyond full strength: saved (002 §4.4) or lost in the reinforcement phase (R-OPS-47)
        if not places:
            us.status, us.place, us.due_turn = UnitStatus.REMOVED, None, None
            campaign.log(UnitLost, "VITP 6.2", unit=name, places=list(unit.arrival.places))
        elif len(places) == 1 or unit.type is UnitType.SS:
            place_unit(campaign, us, places[0], arriving=True)


# --------------------------------------------------------------------------- U-Boat replacement (R-OPS-47)


def is_u_boat(unit: Unit) -> bool:
    return unit.type is UnitType.SS and unit.nation == "DE"


def u_boat_full_strength(campaign: Campaign) -> int:
    """The most U-Boats the German player may have in play (``u-boat-full-strength``, R-OPS-47)."""
    return campaign.data.constant_number("u-boat-full-strength")


def u_boat_fleet(campaign: Campaign) -> int:
    """The U-Boats in play now: in the submarine reserve or at sea (not sunk, saved, due or removed)."""
    return sum(1 for us in campaign.state.units.values() if us.status in (UnitStatus.PORT, UnitStatus.SEA)
               and is_u_boat(campaign.unit_record(us.name)))


def u_boat_at_full_strength(campaign: Campaign) -> bool:
    return u_boat_fleet(campaign) >= u_boat_full_strength(campaign)


def saved_u_boat(campaign: Campaign, us: UnitState) -> bool:
    """A U-Boat reinforcement saved for later (002 §4.4): awaiting, with no turn due."""
    return us.status is UnitStatus.AWAITING and us.due_turn is None and is_u_boat(campaign.unit_record(us.name))


def lose_surplus_u_boats(campaign: Campaign) -> None:
    """End of the reinforcement phase: a U-Boat reinforcement due this turn that neither found a place in the
    fleet nor was saved is lost (War at Sea: there is no counter for it; R-OPS-47)."""
    state = campaign.state
    for us in state.units.values():
        if us.status is UnitStatus.AWAITING and us.due_turn == state.turn and is_u_boat(campaign.unit_record(us.name)):
            us.status, us.place, us.due_turn = UnitStatus.REMOVED, None, None
            campaign.log(UnitRemoved, "002 §4.4 (R-OPS-47)", unit=us.name, why="full_strength")


def _removal_group(unit: Unit) -> str:
    """VITP 4.42: battleships of any British battleship type stand for each other; a 0-2-7 carrier only for a
    0-2-7 carrier (Hermes is not one); other ships by their counter type."""
    if unit.type in (UnitType.BB, UnitType.BC):
        return "battleship"
    if unit.type is UnitType.CV and (unit.gunnery, unit.defence, unit.speed) == (0, 2, 7):
        return "0-2-7 carrier"
    return unit.type.value


def removal_substitute(campaign: Campaign, unit: Unit) -> UnitState | None:
    """The British ship removed when ``unit``, due for removal, is already gone (VITP 4.42, case V-01): another
    British ship in play of the same removal group, else any British ship in play; the one with the lowest sum of
    factors (speed included) less damage goes (the Allied player's likely choice, R-OPS-27).  US, Australian and
    Dutch ships are never removed."""
    in_play = [us for us in campaign.state.units.values()
               if us.status in (UnitStatus.PORT, UnitStatus.SEA) and campaign.unit_record(us.name).nation == "UK"
               and campaign.unit_record(us.name).type.is_ship]
    if not in_play:
        return None
    same = [us for us in in_play if _removal_group(campaign.unit_record(us.name)) == _removal_group(unit)]
    pool = same or in_play

    def worth(us: UnitState) -> tuple[int, int, str]:
        record = campaign.unit_record(us.name)
        factors = (record.gunnery or 0) + (record.air or 0) + (record.defence or 0) + (record.speed or 0)
        return factors - us.damage, -us.damage, us.name

    return min(pool, key=worth)


class PlaceReinforcementRule(ChoiceRule[PlaceReinforcement, PlaceReinforcement]):
    """002 §2.32: an arriving unit that has a choice of places is put in one of them in the reinforcement phase (a
    U-Boat kept in reserve, 002 §4.4, in a later turn)."""

    kind = PlaceReinforcement
    phases = frozenset({Phase.REINFORCE})

    def choices(self, campaign: Campaign, player: str, us: UnitState) -> dict[PlaceReinforcement, PlaceReinforcement]:
        unit = campaign.unit_record(us.name)
        campaign.require_commander(us, player)
        if campaign.state.phase not in self.phases:
            raise IllegalOrder("002 §2.32", "reinforcements are placed in the reinforcement phase")
        reserved = us.status is UnitStatus.AWAITING and us.due_turn is None and unit.type is UnitType.SS
        if not (us.status is UnitStatus.AWAITING and (us.due_turn == campaign.state.turn or reserved)):
            raise IllegalOrder("002 §2.32", f"{unit.name} is not arriving this turn")
        if is_u_boat(unit) and u_boat_at_full_strength(campaign):
            raise IllegalOrder("002 §4.4", f"the U-Boat fleet is at full strength ({u_boat_full_strength(campaign)} "
                               f"in play): {unit.name} may only be saved for later (R-OPS-47)")
        return _same(PlaceReinforcement(unit=us.name, place=p) for p in legal_arrival_places(campaign, unit, us))

    def refusal(self, campaign: Campaign, us: UnitState, order: PlaceReinforcement,
                choices: dict[PlaceReinforcement, PlaceReinforcement]) -> IllegalOrder:
        legal = " or ".join(o.place for o in choices) or "no place now"
        return IllegalOrder("002 §2.32", f"{us.name} may arrive only in {legal}")

    def apply(self, campaign: Campaign, plan: PlaceReinforcement) -> None:
        place_unit(campaign, campaign.state.unit(plan.unit), plan.place, arriving=True)


class DeferReinforcementRule(OrderRule[DeferReinforcement, DeferReinforcement]):
    """002 §4.4: a U-Boat reinforcement arriving when the fleet is at full strength may be saved and brought in
    (:class:`PlaceReinforcementRule`) on a later turn when the fleet is below it (R-OPS-47)."""

    kind = DeferReinforcement
    phases = frozenset({Phase.REINFORCE})

    def verify(self, campaign: Campaign, player: str, order: DeferReinforcement) -> DeferReinforcement:
        us = campaign.state.unit(order.unit)
        unit = campaign.unit_record(order.unit)
        campaign.require_commander(us, player)
        if unit.type is not UnitType.SS or unit.nation != "DE":
            raise IllegalOrder("002 §4.4", "only U-Boat reinforcements may be saved")
        if not (us.status is UnitStatus.AWAITING and us.due_turn == campaign.state.turn):
            raise IllegalOrder("002 §4.4", f"{unit.name} is not arriving this turn")
        if not u_boat_at_full_strength(campaign):
            raise IllegalOrder("002 §4.4", f"the U-Boat fleet is below full strength ({u_boat_fleet(campaign)} of "
                               f"{u_boat_full_strength(campaign)}): {unit.name} joins it and may not be saved")
        return order

    def apply(self, campaign: Campaign, plan: DeferReinforcement) -> None:
        campaign.state.unit(plan.unit).due_turn = None
        campaign.log(KeptInReserve, "002 §4.4", unit=plan.unit)

    def candidates(self, campaign: Campaign, player: str, us: UnitState) -> list[DeferReinforcement]:
        return [DeferReinforcement(unit=us.name)]


def place_unit(campaign: Campaign, us: UnitState, place: str, *, arriving: bool) -> None:
    """Put a unit in a port (in port), a sea area (at sea, not moving this turn) or a Location Uncertain group."""
    unit = campaign.unit_record(us.name)
    us.due_turn, us.arrive_at = None, []
    if unit.type is UnitType.SS:
        us.status, us.place, us.mode = UnitStatus.PORT, None, None  # submarines wait in reserve (R-OPS-04)
        at = "reserve"
    elif place in campaign.data.ports:
        us.status, us.place, us.mode = UnitStatus.PORT, place, None
        at = "port"
    elif place in campaign.data.groups:
        us.status, us.place, us.mode = UnitStatus.AWAITING, place, None
        at = "port"
    else:
        us.status, us.place = UnitStatus.SEA, place
        us.mode = Mode.AIR if unit.type is UnitType.LBA else Mode.PATROL
        us.moved = True
        at = "sea"  # the early war's US ships in the Caribbean move from turn 1 (002 §5.5, R-OPS-63)
    if arriving:
        campaign.log(UnitArrived, "002 chart, §2.32", unit=unit.name, place=place, at=at)


def _remove(campaign: Campaign, us: UnitState, rule: str, **why: str) -> None:
    us.status, us.place, us.mode = UnitStatus.REMOVED, None, None
    campaign.log(UnitRemoved, rule, unit=us.name, **why)


# --------------------------------------------------------------------------- the combined game's start


def start_vitp(campaign: Campaign) -> None:
    """The first VITP turn (combined turn 3 in the standard game, turn 1 in the early-war start): units set up
    inactive become active (002 §3.21; in the early-war start no unit is set up inactive: §5.5, R-OPS-63).
    The Location Uncertain groups roll later, after the surprise attacks (:func:`roll_location_uncertain`)."""
    state = campaign.state
    for us in state.units.values():
        if us.inactive_until is not None and us.inactive_until <= state.turn:
            us.inactive_until = None


def roll_location_uncertain(campaign: Campaign) -> None:
    """002 §3.232, §5.735 (R-OPS-18): after the surprise attacks each Location Uncertain group rolls its table
    (combined game: groups not placed in the Central Pacific or Hawaiian Islands go to the Caribbean; VITP alone:
    they arrive as reinforcements next turn); groups placed in an area are at sea there as patrollers and may
    move on as raiders this turn (reference/vitp.md §5.6 [S], R-PAC-19: :mod:`strategic.onward`)."""
    state = campaign.state
    if state.war.location_uncertain_rolled:
        return
    state.war.location_uncertain_rolled = True
    setup = campaign.setup
    for group in campaign.data.groups.values():
        members = [u for u in state.units.values() if u.place == group.name and u.status is UnitStatus.AWAITING]
        if not members:
            continue
        table = campaign.data.tables[setup.tables.get(group.table, group.table)]
        face = campaign.dice.d6(label=f"Location Uncertain {group.name}", rule="002 §3.232; VITP 18")
        result = next(r.place for r in table.rolls if face in r.faces)
        campaign.log(LocationRoll, "002 §3.232", group=group.name, face=face, result=result)
        for us in members:
            if result == "reinforcement":
                us.place, us.due_turn, us.arrive_at = None, state.turn + 1, ["Pearl Harbor"]
            else:
                place_unit(campaign, us, result, arriving=False)
                if campaign.place_theatre(result) is Theatre.VITP:  # the Caribbean is War at Sea: no raids
                    state.war.appeared.append(us.name)


def caribbean_rolls(campaign: Campaign) -> None:
    """002 §3.233, §4.3: after the Location Uncertain groups, every US ship at sea in the Caribbean or in port in
    the United States rolls: a 6 puts it in the North Atlantic, otherwise the Caribbean.  Not in the early-war
    start, where those ships have moved freely since turn 1 (002 §5.5, R-OPS-63); a game saved before that ruling
    holds them inactive until the attack, and they become active here with no roll."""
    state = campaign.state
    for us in state.units.values():
        if us.inactive_until == UNTIL_ATTACK:
            us.inactive_until = None
    if not campaign.setup_plays(Theatre.WAS) or campaign.early_war:
        return
    table = campaign.data.tables["caribbean-placement"]
    for us in state.units.values():
        unit = campaign.unit_record(us.name)
        at_caribbean = us.status is UnitStatus.SEA and us.place == "Caribbean"
        in_united_states = us.status is UnitStatus.PORT and us.place == "United States"
        if unit.nation != "US" or not unit.type.is_ship or not (at_caribbean or in_united_states):
            continue
        if us.inactive_until is not None:
            continue
        face = campaign.dice.d6(label=f"Caribbean placement {unit.name}", rule="002 §3.233, §4.3")
        place = next(r.place for r in table.rolls if face in r.faces)
        us.status, us.place, us.mode, us.moved = UnitStatus.SEA, place, Mode.PATROL, True
        campaign.log(CaribbeanRoll, "002 §3.233, §4.3", unit=unit.name, face=face, place=place)


def forced_moves(campaign: Campaign) -> None:
    """002 §3.36: Japanese units in War at Sea while Japan is not ahead in VITP go to the Bay of Bengal as raiders;
    German units in VITP while the Axis is not ahead in War at Sea go to the Cape of Good Hope (no speed rolls)."""
    state, data = campaign.state, campaign.data
    for us in state.units.values():
        if us.status not in (UnitStatus.PORT, UnitStatus.SEA) or us.place is None:
            continue
        unit = campaign.unit_record(us.name)
        theatre = campaign.place_theatre(us.place)
        if unit.nation == "JP" and theatre is Theatre.WAS and standing(state, Theatre.VITP) <= 0:  # with the bid
            us.status, us.place, us.mode, us.moved = UnitStatus.SEA, "Bay of Bengal", Mode.RAID, True
            campaign.log(ForcedMove, "002 §3.36", unit=unit.name, leaves=Theatre.WAS)
        elif (unit.nation == "DE" and theatre is Theatre.VITP and standing(state, Theatre.WAS) <= 0
              and unit.type.sails_as_ship):  # raiders too (002 §2.212, R-OPS-44)
            us.status, us.place, us.mode, us.moved = UnitStatus.SEA, "Cape of Good Hope", Mode.PATROL, True
            campaign.log(ForcedMove, "002 §3.36", unit=unit.name, leaves=Theatre.VITP)
    del data


def italy_changes_sides(campaign: Campaign) -> None:
    """002 §2.221: on the set turn every Italian counter still in play rolls; on the set faces it changes sides,
    joining the other Allies (the British player) and moving to Malta if it was in Italy (R-OPS-06)."""
    faces = campaign.data.constant_faces("italian-side-change-faces")
    for us in campaign.state.units.values():
        unit = campaign.unit_record(us.name)
        if unit.nation != "IT" or us.side is not Side.AXIS or us.status not in (UnitStatus.PORT, UnitStatus.SEA):
            continue
        face = campaign.dice.d6(label=f"Italian side change {unit.name}", rule="002 §2.221")
        if face in faces:
            us.side, us.controller, us.loaned_to = Side.ALLIED, campaign.player_for("UK"), None
            if us.place == "Italy" or us.place in campaign.data.areas:
                us.status, us.place, us.mode = UnitStatus.PORT, "Malta", None
            campaign.log(SideChange, "002 §2.221", unit=unit.name, face=face, joins=True)
        else:
            campaign.log(SideChange, "002 §2.221", unit=unit.name, face=face, joins=False)


# --------------------------------------------------------------------------- air, submarines, raiders


def air_areas(campaign: Campaign, us: UnitState, *, assume_war: bool = False) -> list[str]:
    """Sea areas where a land-based air unit may be placed: any area of its game touched by an active port or base
    of its side (VITP 3.3 [S]; War at Sea LBA likewise, R-OPS-09; a neutral port is no air base, 002 §1.1 and
    R-OPS-33), less the areas its limits forbid.  Before
    Japan's attack in the early-war start, not enemy-controlled VITP areas (002 §5.52), and US air units only in
    the areas listed for them (002 §5.535); ``assume_war`` lists the areas as if Japan had just announced."""
    unit = campaign.unit_record(us.name)
    pre_war = campaign.early_war and not (campaign.pacific_at_war or assume_war)
    out = []
    for area, record in campaign.data.areas.items():
        if not campaign.place_played(area):
            continue
        if unit.type is UnitType.LBA and record.theatre.value != unit.counter:
            continue
        if not any(_air_base(campaign, p, us.side) for p in campaign.board.ports_on(area)):
            continue
        if campaign.violations(unit, area, Activity.AT_SEA, us.side):
            continue
        if pre_war and record.theatre is Theatre.VITP:
            if campaign.state.control.get(area) is campaign.enemy_of(us.side):
                continue  # 002 §5.52
            if unit.nation == "US" and area not in unit.arrival.places:
                continue  # 002 §5.535
        out.append(area)
    return out


def _air_base(campaign: Campaign, port: str, side: Side) -> bool:
    """A port an air unit of ``side`` may fly from: the side's own and active.  Ships may use a neutral port
    (002 §3.422), air may not: 002 §1.1 lets only the Allied air strike into the Caribbean, which the Axis touches
    only through the neutral port (R-OPS-33)."""
    return campaign.state.port_owners[port] == side.value and campaign.port_active(port)


def air_timing(campaign: Campaign, us: UnitState) -> IllegalOrder | None:
    """Why an air unit may not be placed at this point of the turn, or ``None``: on the first VITP turn of the
    standard start War at Sea air waits for the War at Sea moves after the Location Uncertain roll and VITP air is
    placed before the surprise attacks (002 §3.232, R-OPS-20); in the early-war start Japan places its air units
    before the surprise step (002 §5.71-5.73, R-OPS-25); units that may not move yet stay (002 §5.53)."""
    unit = campaign.unit_record(us.name)
    if us.name in campaign.state.war.frozen:
        return IllegalOrder(campaign.frozen_rule, f"{unit.name} may not move before the Japanese attack")
    was_air = (unit.type is UnitType.LBA and unit.counter == "WAS") or unit.type is UnitType.FROGMEN
    if campaign.split_first_vitp_turn and was_air != campaign.surprise_done:
        if was_air:
            return IllegalOrder("002 §3.232", "War at Sea air is placed this turn after the Location Uncertain "
                                "groups are rolled (R-OPS-20)")
        return IllegalOrder("002 §3.242", "VITP air units were placed before the surprise attacks (R-OPS-20)")
    if campaign.early_war_plan and campaign.surprise_done and unit.nation == "JP":
        return IllegalOrder("002 §5.71", "Japan placed its air units before the surprise attacks")
    return None


class PlaceAirRule(ChoiceRule[PlaceAir, PlaceAir]):
    """002 §3.242, VITP 3.3: in the air phase a land-based air unit (or the Italian Frogmen) in port is placed in a
    sea area touched by a friendly port or base (:func:`air_areas`), when its timing allows (:func:`air_timing`)."""

    kind = PlaceAir
    phases = frozenset({Phase.AIR})

    def choices(self, campaign: Campaign, player: str, us: UnitState) -> dict[PlaceAir, PlaceAir]:
        unit = campaign.unit_record(us.name)
        _require_placing(campaign, player, us, Phase.AIR, "002 §3.242", "air units")
        if unit.type not in (UnitType.LBA, UnitType.FROGMEN):
            raise IllegalOrder("002 §3.242", f"{unit.name} is not an air unit")
        if us.status is not UnitStatus.PORT or us.moved:
            raise IllegalOrder("VITP 3.3", f"{unit.name} is not available to be placed")
        problem = air_timing(campaign, us)
        if problem is not None:
            raise problem
        return _same(PlaceAir(unit=us.name, area=a) for a in air_areas(campaign, us))

    def refusal(self, campaign: Campaign, us: UnitState, order: PlaceAir,
                choices: dict[PlaceAir, PlaceAir]) -> IllegalOrder:
        unit = campaign.unit_record(us.name)
        if order.area not in campaign.data.areas:
            return IllegalOrder("map", f"'{order.area}' is not a sea area")
        campaign.require_allowed(unit, order.area, Activity.AT_SEA, side=us.side)
        if campaign.early_war and not campaign.pacific_at_war and order.area in air_areas(campaign, us,
                                                                                           assume_war=True):
            rule = "002 §5.535" if unit.nation == "US" else "002 §5.52"
            return IllegalOrder(rule, f"before Japan attacks, {unit.name} may not be placed in {order.area}")
        return IllegalOrder("VITP 3.3", f"{order.area} is not touched by an active port or base of "
                            f"{side_words(us.side)} (a neutral port is no air base: 002 §1.1, R-OPS-33)")

    def apply(self, campaign: Campaign, plan: PlaceAir) -> None:
        us = campaign.state.unit(plan.unit)
        us.status, us.place, us.mode, us.moved, us.sailed_from = UnitStatus.SEA, plan.area, Mode.AIR, True, us.place
        campaign.log(AirPlaced, "002 §3.242", unit=plan.unit, area=plan.area)


def submarine_areas(campaign: Campaign, us: UnitState) -> list[str]:
    unit = campaign.unit_record(us.name)
    return [a for a in campaign.data.areas if campaign.place_played(a)
            and not campaign.violations(unit, a, Activity.AT_SEA, us.side) and not _sub_cap_full(campaign, unit, a)]


def _sub_cap_full(campaign: Campaign, unit: Unit, area: str) -> bool:
    """002 §3.323: at most one U-Boat in VITP in a turn (counted by the cap limit)."""
    for limit in campaign.data.limits.values():
        if limit.kind.value != "cap" or limit.max is None:
            continue
        if selects(limit, unit) and covers_place(limit, area, campaign.place_theatre(area).value):
            count = sum(1 for other in campaign.state.units.values()
                        if other.status is UnitStatus.SEA and other.place is not None
                        and selects(limit, campaign.unit_record(other.name))
                        and covers_place(limit, other.place, campaign.place_theatre(other.place).value))
            if count >= limit.max:
                return True
    return False


class PlaceSubmarineRule(ChoiceRule[PlaceSubmarine, PlaceSubmarine]):
    """002 §3.245: in the submarine phase a submarine in reserve is placed in a sea area its limits admit (at most
    one U-Boat in VITP in a turn, §3.323): :func:`submarine_areas`."""

    kind = PlaceSubmarine
    phases = frozenset({Phase.SUBMARINE})

    def choices(self, campaign: Campaign, player: str, us: UnitState) -> dict[PlaceSubmarine, PlaceSubmarine]:
        unit = campaign.unit_record(us.name)
        _require_placing(campaign, player, us, Phase.SUBMARINE, "002 §3.245", "submarines")
        if unit.type is not UnitType.SS:
            raise IllegalOrder("002 §3.245", f"{unit.name} is not a submarine")
        if us.status is not UnitStatus.PORT or us.moved:
            raise IllegalOrder("002 §3.245", f"{unit.name} is not in reserve")
        campaign.require_not_frozen(us)
        return _same(PlaceSubmarine(unit=us.name, area=a) for a in submarine_areas(campaign, us))

    def refusal(self, campaign: Campaign, us: UnitState, order: PlaceSubmarine,
                choices: dict[PlaceSubmarine, PlaceSubmarine]) -> IllegalOrder:
        if order.area not in campaign.data.areas:
            return IllegalOrder("map", f"'{order.area}' is not a sea area")
        campaign.require_played(order.area)
        campaign.require_allowed(campaign.unit_record(us.name), order.area, Activity.AT_SEA, side=us.side)
        return IllegalOrder("002 §3.323", "only one U-Boat may be in VITP in a turn")

    def apply(self, campaign: Campaign, plan: PlaceSubmarine) -> None:
        us = campaign.state.unit(plan.unit)
        us.status, us.place, us.mode, us.moved = UnitStatus.SEA, plan.area, Mode.SUBMARINE, True
        campaign.log(SubmarinePlaced, "002 §3.245", unit=plan.unit, area=plan.area)


class PlaceSurfaceRaiderRule(ChoiceRule[PlaceSurfaceRaider, PlaceSurfaceRaider]):
    """002 §2.211: on turn 1 each surface raider is placed in any War at Sea area or the Bay of Bengal (its arrival
    places); this specific placement overrides the POC-gated access of §3.3 (R-OPS-13)."""

    kind = PlaceSurfaceRaider
    phases = frozenset({Phase.PATROL})

    def choices(self, campaign: Campaign, player: str, us: UnitState) -> dict[PlaceSurfaceRaider, PlaceSurfaceRaider]:
        unit = campaign.unit_record(us.name)
        campaign.require_commander(us, player)
        if unit.type is not UnitType.RAIDER:
            raise IllegalOrder("002 §2.211", f"{unit.name} is not a surface raider")
        if campaign.state.turn != 1 or campaign.state.phase not in self.phases:
            raise IllegalOrder("002 §2.211", "surface raiders are placed in the patrol phase of turn 1")
        if us.status is not UnitStatus.PORT or us.moved:
            raise IllegalOrder("002 §2.211", f"{unit.name} is not available to be placed")
        return _same(PlaceSurfaceRaider(unit=us.name, area=a) for a in unit.arrival.places if a in campaign.data.areas
                     and not campaign.violations(unit, a, Activity.AT_SEA, us.side, conditional=False))

    def refusal(self, campaign: Campaign, us: UnitState, order: PlaceSurfaceRaider,
                choices: dict[PlaceSurfaceRaider, PlaceSurfaceRaider]) -> IllegalOrder:
        unit = campaign.unit_record(us.name)
        if order.area not in unit.arrival.places or order.area not in campaign.data.areas:
            return IllegalOrder("002 §2.211", f"{unit.name} may be placed only in {', '.join(unit.arrival.places)}")
        broken = campaign.violations(unit, order.area, Activity.AT_SEA, us.side, conditional=False)
        return IllegalOrder(broken[0].rule.split(":")[0], f"{unit.name} may not be placed in {order.area}")

    def apply(self, campaign: Campaign, plan: PlaceSurfaceRaider) -> None:
        us = campaign.state.unit(plan.unit)
        us.status, us.place, us.mode, us.moved, us.sailed_from = (UnitStatus.SEA, plan.area, Mode.PATROL, True,
                                                                  "Germany")
        campaign.log(SurfaceRaiderPlaced, "002 §2.211", unit=plan.unit, area=plan.area)


def _require_placing(campaign: Campaign, player: str, us: UnitState, phase: Phase, rule: str, what: str) -> None:
    """``us`` takes ``player``'s orders, is active, and it is the ``phase`` in which ``what`` are placed (``rule``)."""
    campaign.require_commander(us, player)
    campaign.require_active(us)
    if campaign.state.phase is not phase:
        raise IllegalOrder(rule, f"{what} are placed in the {phase.value} phase")


def _same(orders: Iterable[OrderT]) -> dict[OrderT, OrderT]:
    """Orders that are their own plans, in order."""
    return {order: order for order in orders}
