"""Per-player views of a campaign: what one player may know, frozen and detached from the game.

:func:`observe` turns a :class:`~strategic.campaign.Campaign` (or the :class:`~strategic.clock.Clock` driving it)
into a :class:`CampaignView` for one player, or for an observer (``player=None``).  The board games are games of
open information: every counter on the map shows its place, its face (patrolling or raiding, VITP 6.1) and its
damage markers (reference/vitp.md §4.4), the order of appearance is printed, and every announcement of 002 §5 is
made aloud.  What a view leaves out (rulings R-VIEW-01..05):

* the dice: the seed, the generator's state and anything that would let a consumer roll ahead (R-VIEW-01);
* the orders of a decision still open, for every player but the one deciding: they may still be taken back and
  are disclosed when the decision ends, e.g. Japan's announcement of its attack and the Pearl Harbor special force
  (002 §5.71-5.72) until Japan ends its air decision (R-VIEW-02).  Only :func:`observe` given the clock can tell
  (the state at the start of the decision is the clock's checkpoint); given a bare campaign it reports the state
  as it stands;
* the legal orders of anyone but the player deciding now (R-VIEW-03).

A view holds plain values, frozen dataclasses, tuples and read-only mappings over private copies: changing the game
after :func:`observe` does not change the view, and nothing in the view leads back into the game.
:meth:`CampaignView.to_dict` gives its JSON-able form and :meth:`CampaignView.from_dict` reads it back (a remote
seat's view, R-VIEW-36).  ``outbreak`` (:class:`OutbreakView`) carries the set-up's
calendar and the Pacific war's facts the campaign screen's phase bar tells (R-VIEW-28).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields, is_dataclass, replace
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from pydantic import TypeAdapter, ValidationError

from scenarios.errors import InputError
from scenarios.models import Owner, Player, Side, Theatre, UnitType
from strategic.battle_names import SURPRISE_KEY
from strategic.campaign import EARLY_WAR_OPTION, Campaign
from strategic.clock import Clock, turn_plan
from strategic.narrate import log_line
from strategic.orders import Order
from strategic.state import CampaignState, Event, Mode, Phase, UnitState, UnitStatus
from tactical import plain


@dataclass(frozen=True)
class UnitView:
    """One counter as every player sees it (the board shows all of it: R-VIEW-04).  ``own`` marks the
    viewer's own units (those he commands, loans counted: 002 §3)."""

    name: str
    nation: str
    type: UnitType
    side: Side
    controller: Player
    commander: Player
    status: UnitStatus
    place: str | None
    mode: Mode | None
    damage: int
    disabled: bool
    moved: bool
    returned_early: bool
    inactive_until: int | None
    due_turn: int | None
    frozen: bool
    own: bool


@dataclass(frozen=True)
class WarView:
    """The outbreak of the Pacific war as announced so far (002 §5.71-5.735; VITP 18)."""

    attack_turn: int | None
    surprise_turn: int | None
    location_uncertain_rolled: bool
    pearl_force: tuple[str, ...]
    pearl_force_stays: bool | None
    frozen: tuple[str, ...]
    based_at_start: Mapping[str, tuple[str, ...]]


@dataclass(frozen=True)
class OutbreakView:
    """The set-up's calendar and the state of the Pacific war as the phase bar tells it (R-VIEW-28): the last
    turn, the played theatres and the first VITP turn of the set-up; whether the early-war start (002 §5) is
    played, the Pacific is at war (002 §5.71 in the early war, else once VITP began), this turn is the surprise
    attacks' turn (VITP 18; 002 §5.73) and they are over.  Read from the state the view shows, so Japan's
    announcement stays withheld with its decision (R-VIEW-02)."""

    last_turn: int
    theatres: tuple[Theatre, ...]
    vitp_first_turn: int | None
    vitp_started: bool
    early_war: bool
    pacific_at_war: bool
    surprise_turn: bool
    surprise_done: bool
    surprise_waiting: bool = False  # a surprise attack is still to be fought (its commander is asked, R-UI-128)


@dataclass(frozen=True)
class LogEntry:
    """One campaign event as the viewer may read it: its line, and its fields as JSON text (``details``)."""

    turn: int
    phase: str
    kind: str
    line: str
    details: str


@dataclass(frozen=True)
class PocEntry:
    turn: int
    awards: Mapping[Theatre, int]
    totals: Mapping[Theatre, int]


@dataclass(frozen=True)
class CampaignView:
    """What ``player`` may know now (``None``: an observer, who sees what every player sees).

    ``decider`` is the player whose decision it is (``None`` between decisions or when the game is over);
    ``orders`` the viewer's legal orders when he is the decider (empty otherwise, and ``None`` when
    :func:`observe` was asked not to list them); ``withheld`` is true when an open decision of another player was
    left out (its orders are not yet disclosed, R-VIEW-02).
    """

    player: Player | None
    setup: str
    combat: str
    options: Mapping[str, bool]
    turn: int
    phase: Phase
    decider: Player | None
    withheld: bool
    units: Mapping[str, UnitView]
    control: Mapping[str, Side | None]
    previous_control: Mapping[str, Side | None]
    port_owners: Mapping[str, Owner]
    isolation: Mapping[str, int]
    poc: Mapping[Theatre, int]
    bid: Mapping[Theatre, float]
    poc_history: tuple[PocEntry, ...]
    theatre_results: Mapping[Theatre, str]
    winner: str | None
    pending_battles: tuple[str, ...]
    fought_battles: tuple[str, ...]
    air_attacked: tuple[str, ...]
    war: WarView
    outbreak: OutbreakView
    log: tuple[LogEntry, ...]
    orders: tuple[Order, ...] | None

    def unit(self, name: str) -> UnitView:
        try:
            return self.units[name]
        except KeyError:
            raise KeyError(f"no unit named '{name}'") from None

    def standing(self, theatre: Theatre) -> float:
        """The theatre's POC standing as every reading of the track that decides something reads it: the track less
        the Allied bid (R-AI-07; :func:`strategic.bid.standing` of the state)."""
        return self.poc.get(theatre, 0) - self.bid.get(theatre, 0)

    def own_units(self) -> list[UnitView]:
        return [u for u in self.units.values() if u.own]

    def units_at(self, place: str, *, status: UnitStatus | None = None) -> list[UnitView]:
        return [u for u in self.units.values() if u.place == place and (status is None or u.status is status)]

    def to_dict(self) -> dict[str, Any]:
        """The view as plain JSON-able data (enums as their values, orders as their JSON form)."""
        return plain(self)  # type: ignore[no-any-return]

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data: Any) -> CampaignView:
        """The view whose :meth:`to_dict` (or its JSON, read back) is ``data``: what a seat on another machine is
        sent (R-VIEW-36).  Every field is checked against its type (pydantic's validation of these dataclasses:
        enums, orders, nested views) and the mappings are read-only again, so the view equals the one sent.  Raises
        :class:`ViewError` naming the first wrong field."""
        try:
            view = _view_adapter().validate_python(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "view"
            raise ViewError(f"view: {where}: {first['msg']}") from None
        return _refrozen(view)  # type: ignore[no-any-return]


class ViewError(InputError):
    """A view sent as data (:meth:`CampaignView.from_dict`) that is not one: the field and what is wrong."""


@lru_cache(maxsize=1)
def _view_adapter() -> TypeAdapter[CampaignView]:
    """Built at the first use: a remote seat needs it, nothing else does."""
    return TypeAdapter(CampaignView)


def _refrozen(value: Any) -> Any:
    """``value`` with every mapping inside it made read-only again (validation builds plain dictionaries)."""
    if is_dataclass(value) and not isinstance(value, type):
        return replace(value, **{f.name: _refrozen(getattr(value, f.name)) for f in fields(value)})  # type: ignore[type-var]
    if isinstance(value, Mapping):
        return MappingProxyType({key: _refrozen(item) for key, item in value.items()})
    if isinstance(value, tuple):
        return tuple(_refrozen(item) for item in value)
    return value


def observe(source: Campaign | Clock, player: Player | str | None, *, orders: bool = True,
            log: bool = True) -> CampaignView:
    """The view of ``player`` (a :class:`Player` or its value; ``None`` for an observer) of the game ``source``.

    Given the clock, an open decision of another player is left out: the view is built from the state at the
    start of that decision (the clock's checkpoint).  Raises ``ValueError`` if that state is not kept
    (``Clock(checkpoints=True)``) and the decision has changed the game.  ``orders=False`` skips listing the
    legal orders, ``log=False`` the event log (both cost time on a long game)."""
    viewer = Player(player) if player is not None else None
    campaign, clock = (source.campaign, source) if isinstance(source, Clock) else (source, None)
    decider = _decider(campaign, clock)
    state, withheld = _disclosed_state(campaign, clock, decider, viewer)
    listed: tuple[Order, ...] | None = None
    if orders:
        listed = tuple(campaign.legal_orders(viewer.value)) if viewer is not None and viewer is decider else ()
    return CampaignView(
        player=viewer, setup=state.setup, combat=state.combat, options=_frozen(state.options),
        turn=state.turn, phase=state.phase, decider=decider, withheld=withheld,
        units=_frozen({n: _unit_view(campaign, state, us, viewer) for n, us in state.units.items()}),
        control=_frozen(state.control), previous_control=_frozen(state.previous_control),
        port_owners=_frozen(state.port_owners), isolation=_frozen(state.isolation), poc=_frozen(state.poc),
        bid=_frozen(state.bid),
        poc_history=tuple(PocEntry(r.turn, _frozen(r.awards), _frozen(r.totals)) for r in state.poc_history),
        theatre_results=_frozen(state.theatre_results), winner=state.winner,
        pending_battles=tuple(state.pending_battles), fought_battles=tuple(state.fought_battles),
        air_attacked=tuple(state.air_attacked), war=_war_view(state), outbreak=_outbreak_view(campaign, state),
        orders=listed,
        log=tuple(_log_entry(e) for e in state.events) if log else (),
    )


# --------------------------------------------------------------------------- who decides, what is disclosed


def disclosed_state(source: Campaign | Clock, player: Player | None) -> tuple[CampaignState, bool]:
    """The state of the game ``source`` that ``player`` may see (the live state, or another player's open
    decision left out: R-VIEW-02), and whether such a decision was withheld.  This is the state :func:`observe`
    views; :mod:`strategic.known` gives the campaign AIs the same (the state itself, not a copy)."""
    if not isinstance(source, Clock):
        return source.state, False  # a bare campaign: the state as it stands (see observe)
    return _disclosed_state(source.campaign, source, _decider(source.campaign, source), player)


def _decider(campaign: Campaign, clock: Clock | None) -> Player | None:
    """The player whose decision is open: the clock's, or for a bare campaign the step and decider the state
    records (as a save does), if that player has an order to give."""
    if clock is not None:
        return clock.decision.player if clock.decision is not None else None
    state = campaign.state
    if state.winner is not None:
        return None
    plan = turn_plan(campaign, state.turn)
    if not 0 <= state.step < len(plan) or plan[state.step][0] is not state.phase:
        return None
    deciders = plan[state.step][1]
    if not 0 <= state.decider < len(deciders):
        return None
    player = deciders[state.decider]
    return player if campaign.any_legal_order(player.value) else None


def _disclosed_state(campaign: Campaign, clock: Clock | None, decider: Player | None,
                     viewer: Player | None) -> tuple[CampaignState, bool]:
    """The state ``viewer`` may see, and whether an open decision was withheld from it (R-VIEW-02)."""
    live = campaign.state
    if clock is None or decider is None or viewer is decider:
        return live, False
    checkpoint = clock.checkpoint[0] if clock.checkpoint is not None else None
    if checkpoint is not None and (checkpoint.turn, checkpoint.step, checkpoint.decider) == (
            live.turn, live.step, live.decider):
        return checkpoint, len(live.events) > len(checkpoint.events)
    raise ValueError(f"the open decision of {decider.value} is not kept: observe it with Clock(checkpoints=True) "
                     "so that its orders stay undisclosed (R-VIEW-02)")


# --------------------------------------------------------------------------- building the parts


def _unit_view(campaign: Campaign, state: CampaignState, us: UnitState, viewer: Player | None) -> UnitView:
    record = campaign.unit_record(us.name)
    return UnitView(
        name=us.name, nation=record.nation, type=record.type, side=us.side, controller=us.controller,
        commander=us.commander, status=us.status, place=us.place, mode=us.mode, damage=us.damage,
        disabled=us.disabled, moved=us.moved, returned_early=us.returned_early, inactive_until=us.inactive_until,
        due_turn=us.due_turn, frozen=us.name in state.war.frozen, own=viewer is not None and us.commander is viewer,
    )


def _war_view(state: CampaignState) -> WarView:
    war = state.war
    return WarView(
        attack_turn=war.attack_turn, surprise_turn=war.surprise_turn,
        location_uncertain_rolled=war.location_uncertain_rolled, pearl_force=tuple(war.pearl_force),
        pearl_force_stays=war.pearl_force_stays, frozen=tuple(war.frozen),
        based_at_start=_frozen({k: tuple(v) for k, v in war.based_at_start.items()}),
    )


def _outbreak_view(campaign: Campaign, state: CampaignState) -> OutbreakView:
    """The calendar and the outbreak facts of ``state`` (the disclosed state): the same tests as
    :attr:`Campaign.early_war`, :attr:`~Campaign.pacific_at_war`, :func:`strategic.outbreak.surprise_turn` and
    :attr:`~Campaign.surprise_done` make of the live state (tests/strategic/test_views.py checks they agree)."""
    setup = campaign.setup
    first = setup.vitp_first_turn
    vitp_started = first is not None and state.turn >= first
    early_war = EARLY_WAR_OPTION in setup.options
    attack = state.war.attack_turn
    return OutbreakView(
        last_turn=setup.last_turn, theatres=tuple(setup.theatres), vitp_first_turn=first, vitp_started=vitp_started,
        early_war=early_war, pacific_at_war=attack is not None if early_war else vitp_started,
        surprise_turn=attack == state.turn if early_war else first == state.turn,
        surprise_done=state.war.surprise_turn == state.turn,
        surprise_waiting=any(entry.startswith(SURPRISE_KEY) for entry in state.pending_battles),
    )


def _log_entry(event: Event) -> LogEntry:
    """An event copied into plain text: its line and its fields (whatever the event's model holds)."""
    fields_ = event.model_dump(mode="json")
    return LogEntry(turn=int(fields_.get("turn", 0)), phase=str(fields_.get("phase", "")),
                    kind=str(fields_.get("kind", type(event).__name__)), line=log_line(event),
                    details=json.dumps(fields_, sort_keys=True))


def _frozen(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    """A read-only mapping over a private copy (keys and values are immutable: strings, numbers, enums,
    tuples, frozen dataclasses)."""
    return MappingProxyType(dict(mapping))


__all__ = ["CampaignView", "LogEntry", "OutbreakView", "PocEntry", "UnitView", "ViewError", "WarView",
           "disclosed_state", "observe"]
