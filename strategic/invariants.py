"""The engine's invariants for a campaign, checked while it is played and once it is over (issue 7 sweeps).

One checker for every sweep: self-play (:mod:`strategic.selfplay`), the tactical sweep
(``tests/strategic/test_tactical_sweep.py``) and any test that plays a whole game.  Attach a
:class:`InvariantWatcher` before the game starts (it watches the control phase through ``campaign.on_event``), then
call :meth:`InvariantWatcher.finish` (or :func:`check_finished` without a watcher) when the clock has stopped.  Every
check returns messages, never raises; :func:`assert_invariants` raises :class:`InvariantError` listing them all.

What is checked, and the rule each check stands for:

* **Roster** (:func:`check_roster`): every counter of the set-up's theatres (the units ``Campaign.new`` creates,
  002 chart) is in the state exactly once, under its own name, and nothing else is.  Each is accounted for by its
  status: in play (``port``, ``sea``), ``awaiting`` (not yet arrived, or eliminated and due back: VITP 4.5),
  ``sunk`` or ``removed`` (British removals VITP 4.42, the I-Boat, the used Frogmen 002 §2.221, lost at sea
  WAS 5.7 / case W-01, no place to arrive VITP 6.2).
* **Places** (:func:`check_places`): at sea in a sea area of the data; in port in a port or base (submarines in
  the reserve: no place, R-OPS-04); awaiting with no place or an arrival group; sunk or removed with neither place
  nor mode.
* **Damage** (:func:`check_damage`): never negative; zero for a counter with no defence factor (it cannot be
  damaged) and for an awaiting counter (an eliminated unit returns fresh, VITP 4.5); afloat at sea at most its
  defence (more sinks it: case V-05, R-CARD-07); in port at most defence x ``in-port-sink-multiplier``
  (R-CMB-05).  Sunk and removed counters are not checked.
* **Losses against the log** (:func:`check_losses`): each sunk counter has exactly one ``sunk`` event and each
  ``sunk`` event names a sunk counter; likewise ``removal``/``lost`` events and removed counters; no event names a
  counter after it was sunk or removed (nothing sunk is still on the board or in a battle).
* **POC** (:func:`check_poc`): one POC record and one ``poc`` event per control phase, turns in order; each
  record's totals are the previous totals plus its awards (the set-up's ``axis_poc_lead`` before the first), the
  event's awards are the record's, and the final track is the last record's totals (002 §3.1, §1).
* **Control** (:class:`InvariantWatcher`, at every control phase): an area is controlled only by a side present
  there (a surface ship, land-based air or a surface raider of that side at sea, active and not disabled: VITP
  15.1, WAS §1.5, 002 §2.214), or, for a VITP area before VITP begins, by the side that already held it (002
  §3.21, R-OPS-10); only played areas have a control entry.
* **End** (:func:`check_end`): the game is over (no pending battle, nobody still to decide when a clock is
  given), a winner is named, exactly one ``victory`` event on the last turn played; either the set-up's last
  turn was reached with every theatre decided, or the Axis won a theatre early by automatic victory (VITP 19,
  R-OPS-12); a theatre decided at the end is decided by the sign of its final track; the winner follows the
  theatre results (002 §3.1: the Axis wins if it wins either theatre, the Allies must win or tie both); no unit
  is left at sea except counters still inactive (002 §3.21).

Messages read ``"<check>: <what>"`` so a sweep's report can group them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from scenarios.models import Side, Theatre, UnitType
from scenarios.names import side_words
from strategic.bid import standing
from strategic.control import CONTROL_BEFORE_VITP
from strategic.events import (
    AutomaticVictory,
    CampaignEvent,
    ConvoyArrived,
    PocScored,
    UnitLost,
    UnitRemoved,
    UnitSunk,
    Victory,
    kind_of,
    legacy_kind,
    unit_named,
)
from strategic.narrate import describe
from strategic.state import Event, UnitStatus

if TYPE_CHECKING:
    from strategic.campaign import Campaign
    from strategic.clock import Clock

LOSS_KINDS: dict[UnitStatus, tuple[type[CampaignEvent], ...]] = {
    UnitStatus.SUNK: (UnitSunk,), UnitStatus.REMOVED: (UnitRemoved, UnitLost, ConvoyArrived)}
"""The events that put a counter in each final status (strategic/combat.py, placement.py, basing.py; a delivered
convoy leaves play, strategic/convoys.py, R-OPS-40)."""

MAX_MESSAGES_PER_CHECK = 20
"""A broken check stops listing after this many messages (a sweep's report stays readable)."""


class InvariantError(AssertionError):
    """A finished campaign broke the engine's invariants; ``messages`` lists every breach."""

    def __init__(self, messages: list[str]) -> None:
        self.messages = list(messages)
        super().__init__(f"{len(messages)} invariant(s) broken:\n" + "\n".join(messages))


class InvariantWatcher:
    """Watches one campaign while it is played: at every ``poc`` event (the control phase has just set control)
    it checks that each controlled area is held by a side present there or holding it (module docstring).  Any
    ``on_event`` hook already set keeps being called.  :meth:`finish` adds the end-of-game checks."""

    def __init__(self, campaign: Campaign) -> None:
        self.campaign = campaign
        self.messages: list[str] = []
        self.control_phases = 0
        self._previous: Callable[[Event], None] | None = campaign.on_event
        campaign.on_event = self._on_event

    def _on_event(self, event: Event) -> None:
        if isinstance(event, PocScored):
            self.control_phases += 1
            self.messages += check_control(self.campaign)
        if self._previous is not None:
            self._previous(event)

    def finish(self, clock: Clock | None = None) -> list[str]:
        """Every breach seen during play and at the end (:func:`check_finished`); restores the previous hook."""
        self.campaign.on_event = self._previous
        out = self.messages[:MAX_MESSAGES_PER_CHECK] + check_finished(self.campaign, clock)
        if self.control_phases != len(self.campaign.state.poc_history):
            out.append(f"control: watched {self.control_phases} control phase(s), the POC track has "
                       f"{len(self.campaign.state.poc_history)} record(s)")
        return out


def assert_invariants(campaign: Campaign, clock: Clock | None = None, watcher: InvariantWatcher | None = None) -> None:
    """Raise :class:`InvariantError` if the finished ``campaign`` broke any invariant (with ``watcher``: also the
    control checks made during play)."""
    messages = watcher.finish(clock) if watcher is not None else check_finished(campaign, clock)
    if messages:
        raise InvariantError(messages)


def check_finished(campaign: Campaign, clock: Clock | None = None) -> list[str]:
    """All end-of-game checks (everything but control, which needs a :class:`InvariantWatcher`)."""
    out: list[str] = []
    for check in (check_roster, check_places, check_damage, check_losses, check_poc):
        out += check(campaign)[:MAX_MESSAGES_PER_CHECK]
    out += check_end(campaign, clock)[:MAX_MESSAGES_PER_CHECK]
    return out


def expected_units(campaign: Campaign) -> set[str]:
    """The counters a game of this set-up has: those with an arrival place in a played theatre (as
    ``Campaign.new`` builds them)."""
    data = campaign.data
    theatres = set(campaign.setup.theatres)
    return {name for name, unit in data.units.items()
            if any(data.place_theatre(p) in theatres for p in unit.arrival.places)}


def check_roster(campaign: Campaign) -> list[str]:
    """Every counter of the set-up in the state exactly once, under its own name; nothing else."""
    state = campaign.state
    expected = expected_units(campaign)
    out = [f"roster: {name} is missing from the game" for name in sorted(expected - set(state.units))]
    extra = sorted(set(state.units) - expected)
    out += [f"roster: {name} is in the game but not in the set-up's data" for name in extra]
    out += [f"roster: the entry {key} holds {us.name}" for key, us in state.units.items() if us.name != key]
    tally = Counter(us.status for us in state.units.values())
    if sum(tally.values()) != len(state.units):
        out.append(f"roster: statuses count {sum(tally.values())} units, the game has {len(state.units)}")
    return out


def check_places(campaign: Campaign) -> list[str]:
    """Each counter's place fits its status (module docstring)."""
    data = campaign.data
    out = []
    for us in campaign.state.units.values():
        where = f"{us.name} ({us.status.value}) at {us.place!r}"
        if us.status is UnitStatus.SEA and us.place not in data.areas:
            out.append(f"places: {where}: not a sea area")
        elif us.status is UnitStatus.PORT and us.place not in data.ports and not (
                us.place is None and campaign.unit_record(us.name).type is UnitType.SS):
            out.append(f"places: {where}: not a port or base")
        elif us.status is UnitStatus.AWAITING and us.place is not None and us.place not in data.groups:
            out.append(f"places: {where}: an awaiting counter has no place but an arrival group")
        elif us.status in (UnitStatus.SUNK, UnitStatus.REMOVED) and (us.place is not None or us.mode is not None):
            out.append(f"places: {where} (mode {us.mode}): a lost counter is on the board")
    return out


def check_damage(campaign: Campaign) -> list[str]:
    """Damage points within 0..defence at sea, 0..defence x in-port multiplier in port, 0 for counters with no
    defence and for awaiting counters; sunk and removed counters are not checked."""
    multiplier = campaign.data.constant_number("in-port-sink-multiplier")
    out = []
    for us in campaign.state.units.values():
        if us.status in (UnitStatus.SUNK, UnitStatus.REMOVED):
            continue
        defence = campaign.unit_record(us.name).defence or 0
        if us.damage < 0:
            out.append(f"damage: {us.name} has {us.damage} damage points")
        elif us.status is UnitStatus.AWAITING and us.damage:
            out.append(f"damage: {us.name} awaits arrival with {us.damage} damage points")
        elif us.status is UnitStatus.SEA and us.damage > defence:
            out.append(f"damage: {us.name} is afloat at sea with {us.damage} damage points, defence {defence}")
        elif us.status is UnitStatus.PORT and us.damage > defence * multiplier:
            out.append(f"damage: {us.name} is afloat in port with {us.damage} damage points, defence {defence} "
                       f"(x{multiplier} in port)")
    return out


def check_losses(campaign: Campaign) -> list[str]:
    """Sunk and removed counters against the ``sunk`` / ``removal`` / ``lost`` events; nothing named after its
    loss."""
    state = campaign.state
    out = []
    gone_at: dict[str, int] = {}
    for status, kinds in LOSS_KINDS.items():
        logged = Counter(unit_named(e) for e in state.events if isinstance(e, kinds))
        holders = {n for n, us in state.units.items() if us.status is status}
        label = "/".join(kind_of(k) for k in kinds)
        out += [f"losses: {name} is {status.value} without a {label} event" for name in sorted(holders - set(logged))]
        out += [f"losses: {name} has a {label} event but is {state.units[name].status.value}"
                if name in state.units else f"losses: a {label} event names {name!r}, not a counter of the game"
                for name in sorted(set(logged) - holders, key=str)]
        out += [f"losses: {name} has {count} {label} events" for name, count in sorted(logged.items(), key=str)
                if count > 1]
    for index, event in enumerate(state.events):
        name = unit_named(event)
        if name in gone_at:
            out.append(f"losses: T{event.turn} {legacy_kind(event)} event names {name} after its loss "
                       f"(event {gone_at[name]}): {describe(event)}")
        elif isinstance(event, (UnitSunk, UnitRemoved, UnitLost, ConvoyArrived)) and isinstance(name, str):
            gone_at[name] = index
    return out


def check_poc(campaign: Campaign) -> list[str]:
    """The POC track against its records and the ``poc`` events (module docstring)."""
    state = campaign.state
    setup = campaign.setup
    out = []
    totals = {t: setup.axis_poc_lead.get(t, 0) for t in setup.theatres}
    events = [e for e in state.events if isinstance(e, PocScored)]
    if len(events) != len(state.poc_history):
        out.append(f"poc: {len(events)} poc event(s) for {len(state.poc_history)} POC record(s)")
    last_turn = setup.first_turn - 1
    for i, record in enumerate(state.poc_history):
        if record.turn <= last_turn:
            out.append(f"poc: record {i} is for turn {record.turn}, after turn {last_turn}")
        last_turn = record.turn
        totals = {t: totals[t] + record.awards.get(t, 0) for t in totals}
        if {t: record.totals.get(t) for t in totals} != totals:
            out.append(f"poc: turn {record.turn} totals {_track(record.totals)} are not the previous totals plus "
                       f"the awards {_track(record.awards)} ({_track(totals)})")
        if i < len(events) and events[i].awards != record.awards:
            out.append(f"poc: turn {record.turn} event awards {_track(events[i].awards)} differ from the "
                       f"record's {_track(record.awards)}")
    if dict(state.poc) != totals:
        out.append(f"poc: the track is {_track(state.poc)}, the records add up to {_track(totals)}")
    return out


def check_control(campaign: Campaign) -> list[str]:
    """Right after the control phase set control: each controlled area is held by a side present there, or (a
    VITP area before VITP begins, other than the Bay of Bengal: R-OPS-60) by the side that held it before."""
    state = campaign.state
    out = []
    played = {a for a in campaign.data.areas if campaign.place_played(a)}
    if set(state.control) != played:
        out.append(f"control: entries for {sorted(set(state.control) ^ played)} (played areas only)")
    present: dict[str, set[Side]] = {}
    for us in state.units.values():
        if us.status is not UnitStatus.SEA or us.disabled or us.inactive_until is not None or us.place is None:
            continue
        unit_type = campaign.unit_record(us.name).type
        if unit_type.is_ship or unit_type in (UnitType.LBA, UnitType.RAIDER):
            present.setdefault(us.place, set()).add(us.side)
    for area, side in state.control.items():
        if side is None or side in present.get(area, set()):
            continue
        held = (campaign.data.areas[area].theatre is Theatre.VITP and not campaign.vitp_started
                and area not in CONTROL_BEFORE_VITP and state.previous_control.get(area) is side)
        if not held:
            out.append(f"control: T{state.turn} {area} is controlled by {side_words(side)}, who have no "
                       "controlling unit there and did not hold it")
    return out


def check_end(campaign: Campaign, clock: Clock | None = None) -> list[str]:
    """The game is over with a winner named consistently with the theatre results and the tracks."""
    state = campaign.state
    setup = campaign.setup
    out = []
    if state.pending_battles:
        out.append(f"end: battles still pending in {', '.join(state.pending_battles)}")
    if clock is not None and not clock.finished:
        out.append(f"end: the clock has not finished (turn {state.turn}, phase {state.phase.value})")
    if state.winner not in ("axis", "allied"):
        out.append(f"end: no winner named (winner {state.winner!r})")
    victories = [e for e in state.events if isinstance(e, Victory)]
    if len(victories) != 1 or victories[0].turn != state.turn:
        out.append(f"end: {len(victories)} victory event(s), on turn(s) {[e.turn for e in victories]}; "
                   f"the game ended on turn {state.turn}")
    early = {e.theatre for e in state.events if isinstance(e, AutomaticVictory)}
    results = state.theatre_results
    if state.turn == setup.last_turn:
        missing = [t.value for t in setup.theatres if t not in results]
        if missing:
            out.append(f"end: the last turn was played but {', '.join(missing)} has no result")
    elif not (state.turn < setup.last_turn and any(results.get(t) == "axis" for t in early)):
        out.append(f"end: the game stopped on turn {state.turn} of {setup.first_turn}-{setup.last_turn} without an "
                   "Axis automatic victory")
    for theatre, result in results.items():
        if theatre in early:
            continue
        value = standing(state, theatre)
        expected = "axis" if value > 0 else "allied" if value < 0 else "tie"
        if result != expected:
            out.append(f"end: {theatre.value} result {result} with the track at {value:+g} ({expected} expected)")
    if any(r == "axis" for r in results.values()):
        should = "axis"
    elif all(results.get(t) in ("allied", "tie") for t in setup.theatres):
        should = "allied"
    else:
        should = None
    if should is not None and state.winner != should:
        out.append(f"end: winner {state.winner} but the theatre results {_track(results)} give {should}")
    at_sea = sorted(us.name for us in state.units.values()
                    if us.status is UnitStatus.SEA and us.inactive_until is None)
    if at_sea:
        out.append(f"end: {len(at_sea)} active counter(s) still at sea after the last return phase: "
                   + ", ".join(at_sea[:8]))
    return out


def _track(values: dict) -> str:
    return "{" + ", ".join(f"{getattr(k, 'value', k)}: {v}" for k, v in values.items()) + "}"


__all__ = ["InvariantError", "InvariantWatcher", "assert_invariants", "check_control", "check_damage", "check_end",
           "check_finished", "check_losses", "check_places", "check_poc", "check_roster", "expected_units"]
