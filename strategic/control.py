"""Control of sea areas, POC per theatre, isolation of ports, victory.

Sources: VITP 15.1 and reference/vitp.md §5.1 (patrolling ships and land-based air control an area, raiders
never: case V-07); War at Sea (reference/was.md §1.5: surface ships control; a surviving U-Boat keeps the Allies
from controlling: case W-06); 002 §2.214 (surface raiders break Allied control and control alone if no Allied
surface ship is there), §4.12 (U-Boats in VITP break control), §1.1-1.3 (which track each award counts on),
§3.21 (VITP areas keep their start control until VITP begins, except the Bay of Bengal; Indonesia keeps it until
the §3.231 check on the first VITP turn, R-OPS-60), §3.1
(victory), VITP 5.3-5.4 (isolation, automatic victory).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenarios.models import Owner, Side, Theatre, UnitType
from strategic import convoys, neutral
from strategic.basing import default_return
from strategic.bid import standing
from strategic.events import AreaScore, AutomaticVictory, PocScored, PortCaptured, PortIsolated, UnitEscaped, Victory
from strategic.state import Mode, PocRecord, UnitStatus

if TYPE_CHECKING:
    from strategic.campaign import Campaign

CONTROL_BEFORE_VITP = frozenset({"Bay of Bengal"})
"""The VITP areas whose control is settled from the units there before VITP begins (002 §3.21, §1.3); Indonesia
is not among them: it stays Allied until the §3.231 check of the first VITP turn (R-OPS-60)."""


def area_control(campaign: Campaign, area: str) -> Side | None:
    """Who controls ``area`` after combat, from the units at sea there (see the module docstring)."""
    theatre = campaign.data.areas[area].theatre
    controllers: dict[Side, int] = {Side.ALLIED: 0, Side.AXIS: 0}
    surface: dict[Side, int] = {Side.ALLIED: 0, Side.AXIS: 0}
    axis_breakers = 0
    axis_raiders = 0
    for us in campaign.state.units.values():
        if us.status is not UnitStatus.SEA or us.place != area or us.disabled or us.inactive_until is not None:
            continue  # inactive units (002 §3.21) neither fight nor control
        unit = campaign.unit_record(us.name)
        if unit.type is UnitType.RAIDER:
            if us.side is Side.AXIS:
                axis_breakers += 1
                axis_raiders += 1
            continue
        if unit.type is UnitType.SS:
            if us.side is Side.AXIS and unit.nation == "DE":
                axis_breakers += 1  # U-Boats (002 §4.12; WAS case W-06); the I-Boat does not
            continue
        if unit.type.is_ship:
            surface[us.side] += 1
            if theatre is Theatre.WAS or us.mode is Mode.PATROL:
                controllers[us.side] += 1
        elif unit.type is UnitType.LBA and theatre is Theatre.VITP:
            controllers[us.side] += 1
    if controllers[Side.ALLIED] and not controllers[Side.AXIS] and not axis_breakers:
        return Side.ALLIED
    if controllers[Side.AXIS] and not controllers[Side.ALLIED]:
        return Side.AXIS
    if axis_raiders and not surface[Side.ALLIED] and not controllers[Side.ALLIED]:
        return Side.AXIS  # 002 §2.214: the surface raider controls alone
    return None


def settle_control_and_poc(campaign: Campaign) -> dict[Theatre, int]:
    """Set control of every played area and award POC; returns this turn's award per track (Axis positive).

    Before VITP starts, VITP areas other than the Bay of Bengal keep their control (Indonesia too, until the
    §3.231 check: R-OPS-60), and awards on the VITP track are not scored (R-OPS-10).  An award on the track of a
    theatre the set-up does not play counts on the played theatre's track (R-OPS-11).
    """
    state = campaign.state
    state.previous_control = dict(state.control)
    awards = dict.fromkeys(campaign.setup.theatres, 0)
    scores: list[AreaScore] = []
    for area, record in campaign.data.areas.items():
        if not campaign.place_played(area):
            continue
        if record.theatre is Theatre.VITP and not campaign.vitp_started and area not in CONTROL_BEFORE_VITP:
            controller = state.control.get(area)
        else:
            controller = area_control(campaign, area)
        state.control[area] = controller
        score = _area_score(campaign, area, controller, list(awards))
        scores.append(score)
        awards[score.track] += score.value
    if Theatre.WAS in awards:  # War at Sea extras: convoys arriving (R-OPS-40), ships overstaying in the neutral port
        awards[Theatre.WAS] += convoys.arrivals(campaign) + neutral.stay_penalties(campaign)
    for track, value in awards.items():
        state.poc[track] = state.poc.get(track, 0) + value
    state.poc_history.append(PocRecord(turn=state.turn, awards=awards, totals=dict(state.poc)))
    campaign.log(PocScored, "002 §3.1, §1", awards=awards, totals={t: state.poc[t] for t in awards}, areas=scores)
    return awards


def _area_score(campaign: Campaign, area: str, controller: Side | None, tracks: list[Theatre]) -> AreaScore:
    """What ``area`` scores for its ``controller`` (Axis positive) and on which of the played ``tracks`` (an award
    on a track not played counts on the first played one, R-OPS-11; none on the VITP track before VITP begins)."""
    record = campaign.data.areas[area]
    before = campaign.state.previous_control.get(area)
    side = controller.value if controller is not None else None
    was = before.value if before is not None else None
    if controller is None:
        return AreaScore(area=area, before=was, side=None, track=record.theatre if record.theatre in tracks
                         else tracks[0])
    award = record.poc.axis if controller is Side.AXIS else record.poc.allied
    track = award.track if award.track in tracks else tracks[0]
    scored = not (track is Theatre.VITP and not campaign.vitp_started)
    value = (award.value if controller is Side.AXIS else -award.value) if scored else 0
    return AreaScore(area=area, before=was, side=side, track=track, value=value)


def isolate_ports(campaign: Campaign) -> None:
    """VITP 5.3: a VITP port or base whose every touched area is enemy-controlled at the end of as many
    consecutive turns as the ``isolation-turns`` constant changes hands; units in it put to sea and must return
    elsewhere.  War at Sea ports never change hands (R-OPS-05).  In the early-war start the count begins only on
    the turn the fighting starts (002 §5.63)."""
    if not campaign.vitp_started or not campaign.pacific_at_war:
        return
    state = campaign.state
    needed = campaign.data.constant_number("isolation-turns")
    for name, port in campaign.data.ports.items():
        owner = state.port_owners[name]
        if port.theatre is not Theatre.VITP or owner == Owner.NEUTRAL or not campaign.place_played(name):
            continue
        enemy = Side.AXIS if owner == Owner.ALLIED else Side.ALLIED
        if all(state.control.get(a) is enemy for a in port.touches):
            state.isolation[name] = state.isolation.get(name, 0) + 1
        else:
            state.isolation.pop(name, None)
            continue
        if state.isolation[name] < needed:
            campaign.log(PortIsolated, "VITP 5.3", port=name, turns=state.isolation[name], needed=needed)
            continue
        change_hands(campaign, name, enemy, "by isolation", "VITP 5.3")


def change_hands(campaign: Campaign, port: str, side: Side, how: str, rule: str, *, area: str | None = None) -> None:
    """``port`` passes to ``side`` (isolation VITP 5.3, invasion VITP 4.9, Saigon 002 §5.64).  The other side's
    units in it put to sea and return elsewhere (VITP FAQ [S]): after isolation (control phase) they return with
    everyone else; given an ``area`` (an invasion's area, or a port handed over outside the control phase) they
    put to sea there and return at once and, having returned early, may not change games (002 §3.33; R-CMB-15)."""
    state = campaign.state
    state.port_owners[port] = Owner(side.value)
    state.isolation.pop(port, None)
    campaign.log(PortCaptured, rule, port=port, side=side.value, how=how)
    record = campaign.data.ports[port]
    for us in state.units_at(port, status=UnitStatus.PORT):
        if us.side is side:
            continue
        us.status, us.place, us.mode = UnitStatus.SEA, area or record.touches[0], Mode.PATROL
        campaign.log(UnitEscaped, "VITP 5.3 (FAQ)", unit=us.name, port=port)
        if area is not None:
            us.returned_early = True
            default_return(campaign, us)
        else:
            us.returned_early = False


def check_victory(campaign: Campaign, *, final: bool) -> None:
    """Automatic victory (VITP: a lead of ``automatic-victory-lead`` POC) and the end-of-game result, both read on
    the track less the POC bid (:func:`strategic.bid.standing`).

    002 §3.1: the Allies must win or tie both theatres; the Axis wins if it wins either.  A theatre decided by
    automatic victory keeps its result; an Axis automatic victory ends the game (R-OPS-12).
    """
    state = campaign.state
    lead = campaign.data.constant_number("automatic-victory-lead")
    for theatre in campaign.setup.theatres:
        if theatre in state.theatre_results:
            continue
        value = standing(state, theatre)  # the track less the bid, the bid being starting POC (R-AI-07)
        if theatre is Theatre.VITP and campaign.vitp_started and abs(value) >= lead:
            state.theatre_results[theatre] = "axis" if value > 0 else "allied"
            campaign.log(AutomaticVictory, "VITP 19", theatre=theatre, side=state.theatre_results[theatre],
                         poc=value if state.bid.get(theatre) else state.poc[theatre])
        elif final:
            state.theatre_results[theatre] = "axis" if value > 0 else "allied" if value < 0 else "tie"
    results = state.theatre_results
    if any(r == "axis" for r in results.values()):
        state.winner = "axis"
    elif final and all(results.get(t) in ("allied", "tie") for t in campaign.setup.theatres):
        state.winner = "allied"
    if state.winner:
        campaign.log(Victory, "002 §3.1", winner=state.winner, results=dict(results))
