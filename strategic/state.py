"""Campaign state: plain data that serialises to versioned JSON and round-trips exactly.

Everything the rules need to continue a game lives here: the turn and phase, every unit's place and status,
sea-area control, port ownership, both POC tracks, the dice state and the event log.  The rules that change it
live in the other ``strategic`` modules; the state itself only knows how to be read, copied and saved.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, StrictInt, model_serializer

from scenarios.models import Owner, Player, Side, Theatre
from strategic.events import CampaignEvent as CampaignEvent
from strategic.events import Event as Event
from strategic.phases import Phase as Phase

STATE_VERSION = 3
"""Version 2 (issue 13 item 7) adds ``combat`` and the dice log (``dice.log``); version 3 (issue 14) types the
events (:mod:`strategic.events`), the campaign's dice rolls and the orders among them.  Version 1 and 2 saves still
load (their combat is taken as tactical, their dice log starts at the load, their events are converted:
:mod:`strategic.saves`)."""

READABLE_VERSIONS = (1, 2, 3)

COMBATS = ("tactical", "classic", "none")
"""How battles are fought (``vas run --combat``): the miniatures table, the classic rules, or not at all."""

UNTIL_ATTACK = 99
"""``UnitState.inactive_until`` for units inactive until Japan attacks (early-war start, R-OPS-22)."""

UNTIL_US_ENTRY = 98
"""``UnitState.inactive_until`` for US ships waiting for their entry roll (option accelerated_us_entry, R-OPT-02)."""


class UnitStatus(StrEnum):
    AWAITING = "awaiting"  # not yet arrived (or eliminated and due back)
    PORT = "port"  # in a port or base between turns
    SEA = "sea"  # at sea in a sea area this turn
    SUNK = "sunk"
    REMOVED = "removed"  # withdrawn (British removals, I-Boat), interned, or lost without a port


class Mode(StrEnum):
    """How a unit at sea got there (VITP rule 6.1: patrolling face up, raiding face down)."""

    PATROL = "patrol"
    RAID = "raid"
    AIR = "air"  # land-based air placed in an area
    LANDING = "landing"  # amphibious unit
    SUBMARINE = "submarine"  # U-Boat, I-Boat, F-Boat placed in an area


class UnitState(BaseModel):
    """One counter in play.  ``place`` is a port while in port, a sea area while at sea."""

    model_config = ConfigDict(extra="forbid")

    name: str
    status: UnitStatus = UnitStatus.AWAITING
    place: str | None = None
    mode: Mode | None = None
    damage: StrictInt = 0
    side: Side
    controller: Player
    loaned_to: Player | None = None
    sailed_from: str | None = None
    moved: bool = False
    returned_early: bool = False
    inactive_until: StrictInt | None = None
    due_turn: StrictInt | None = None
    arrive_at: list[str] = Field(default_factory=list)
    disabled: bool = False

    @property
    def commander(self) -> Player:
        """The player giving this unit's orders now: the borrower while on loan (002 §3)."""
        return self.loaned_to or self.controller


class PocRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    turn: int
    awards: dict[Theatre, int]
    totals: dict[Theatre, int]


class WarState(BaseModel):
    """The outbreak of the Pacific war (002 §3.23, §5; VITP 18): when Japan attacked, the surprise step of the
    turn, the Pearl Harbor special force, units that may not move yet, and what the surprise rules look back at."""

    model_config = ConfigDict(extra="forbid")

    attack_turn: int | None = None  # the turn Japan attacked (standard: the first VITP turn; 002 §5.71)
    surprise_turn: int | None = None  # the last turn whose surprise step has run (clock hook)
    location_uncertain_rolled: bool = False  # 002 §3.232, §5.735
    pearl_force: list[str] = Field(default_factory=list)  # 002 §5.72: the Pearl Harbor special raiding force
    pearl_force_stays: bool | None = None  # 002 §5.735
    frozen: list[str] = Field(default_factory=list)  # may not move yet: 002 §5.53 (R-OPS-23); VITP 18 (R-OPS-20)
    based_at_start: dict[str, list[str]] = Field(default_factory=dict)  # 002 §5.731-5.732: Truk, Saigon
    # units of the Location Uncertain groups that appeared in a sea area this turn and may still move on as
    # raiders (reference/vitp.md §5.6 [S], R-PAC-19); a save without the field has none
    appeared: list[str] = Field(default_factory=list)

    @model_serializer(mode="wrap")
    def _without_empty_appeared(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A war with no group waiting to move on is saved as it always was (no ``appeared`` field)."""
        data: dict[str, Any] = handler(self)
        if not data.get("appeared"):
            data.pop("appeared", None)
        return data


class CombatQuestion(BaseModel):
    """A combat decision waiting for a human player's answer (issues #15, #16): ``battle`` is the pending
    battle's entry (:attr:`CampaignState.pending_battles`), ``question`` a
    :class:`strategic.classic.scripts.Question` (``engine`` classic) or a :class:`tactical.seats.Question`
    (``engine`` tactical: a decision of the miniatures rules) as JSON."""

    model_config = ConfigDict(extra="forbid")

    battle: str
    player: Player
    question: dict[str, Any]
    engine: Literal["classic", "tactical"] = "classic"  # a classic question, or one of the table (issue #16)


class CampaignState(BaseModel):
    """The whole game.  ``poc`` holds each theatre's track as the Axis lead (negative: the Allies lead)."""

    model_config = ConfigDict(extra="forbid")

    version: int = STATE_VERSION
    setup: str
    seed: StrictInt
    options: dict[str, bool] = Field(default_factory=dict)  # the set-up's and the chosen campaign options
    # the tactical options (tactical.RuleOptions names) of every battle on the table (issue 19 item 19); a save
    # without the field has none, and one with none does not write it
    tactical_options: list[str] = Field(default_factory=list)
    combat: Literal["tactical", "classic", "none"] = "tactical"  # the game's combat (COMBATS); saved since version 2
    turn: StrictInt
    phase: Phase = Phase.START
    step: StrictInt = 0
    decider: StrictInt = 0
    units: dict[str, UnitState]
    control: dict[str, Side | None]
    previous_control: dict[str, Side | None] = Field(default_factory=dict)
    port_owners: dict[str, Owner]
    isolation: dict[str, int] = Field(default_factory=dict)
    poc: dict[Theatre, int]
    poc_history: list[PocRecord] = Field(default_factory=list)
    # the POC bid (strategic.bid, R-AI-07): per theatre, POC the Allies start with (negative: the Axis), in halves;
    # a game without one does not write the field
    bid: dict[Theatre, float] = Field(default_factory=dict)
    # the --data override folders the game is played on, absolute, in order (R-UI-111): a load without --data uses
    # them (strategic.saves.saved_data_folders); a game on the bundled data alone does not write the field
    data_folders: list[str] = Field(default_factory=list)
    theatre_results: dict[Theatre, str] = Field(default_factory=dict)
    winner: str | None = None
    dice: dict[str, Any] = Field(default_factory=dict)
    pending_battles: list[str] = Field(default_factory=list)
    fought_battles: list[str] = Field(default_factory=list)  # areas fought this combat phase (no second battle)
    air_attacked: list[str] = Field(default_factory=list)  # War at Sea: attacked from the air this turn (002 §4.11)
    war: WarState = Field(default_factory=WarState)
    # issue #15: the players who make their own classic-combat decisions, the answers they gave in each battle
    # not yet over (entry -> strategic.classic.scripts.Entry JSON, in order) and the question waiting for them
    battle_commanders: list[Player] = Field(default_factory=list)
    combat_answers: dict[str, list[dict[str, Any]]] = Field(default_factory=dict)
    question: CombatQuestion | None = None
    delegated_battles: list[str] = Field(default_factory=list)  # pending battles their commanders left to the AI
    classic_battles: list[str] = Field(default_factory=list)  # pending battles chosen to be fought classic (#16)
    battle_choices: dict[Player, Literal["command", "ai", "classic"]] = Field(default_factory=dict)  # for good
    delegated_turn: dict[Player, StrictInt] = Field(default_factory=dict)  # players who left this turn's battles
    # a pending table battle -> player -> the ships he left to the AI for the rest of it (issue #16, key o)
    delegated_ships: dict[str, dict[Player, list[str]]] = Field(default_factory=dict)
    # a pending table battle -> player -> the battle turn whose rest he left to the AI (issue #16, key t)
    delegated_table_turns: dict[str, dict[Player, StrictInt]] = Field(default_factory=dict)
    # a pending table battle -> the players who left the rest of it to the AI (key A; hot-seat: the other side
    # still commands, R-SEAT-30)
    delegated_table_battles: dict[str, list[Player]] = Field(default_factory=dict)
    events: list[Event] = Field(default_factory=list)  # typed since version 3 (strategic.events)

    @model_serializer(mode="wrap")
    def _without_empty_options(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A game without tactical options, a bid or override data is saved as it always was (no
        ``tactical_options``, ``bid`` or ``data_folders`` field)."""
        data: dict[str, Any] = handler(self)
        for name in ("tactical_options", "bid", "data_folders"):
            if not data.get(name):
                data.pop(name, None)
        return data

    def unit(self, name: str) -> UnitState:
        try:
            return self.units[name]
        except KeyError:
            raise KeyError(f"no unit named '{name}'") from None

    def units_at(self, place: str, *, status: UnitStatus | None = None) -> list[UnitState]:
        return [u for u in self.units.values() if u.place == place and (status is None or u.status is status)]

    def to_json(self) -> str:
        return self.model_dump_json(indent=1)

    @classmethod
    def from_json(cls, text: str) -> CampaignState:
        return cls.model_validate_json(text)


def public_state(state: CampaignState) -> CampaignState:
    """``state`` as any player may know it (R-VIEW-25): no seed and no dice (R-VIEW-01), no answers the commanders
    gave in battles still to be fought (sealed declarations among them: R-VIEW-08), no log (the events already told;
    the AIs do not read it), not the host's ``--data`` folders (R-UI-111).  Every counter on the board is open
    information (R-VIEW-04): the units are the state's own objects, in a dictionary of its own.  A shallow copy,
    cheap enough for every decision."""
    return state.model_copy(update={"seed": 0, "dice": {}, "events": [], "combat_answers": {}, "data_folders": [],
                                    "units": dict(state.units)})
