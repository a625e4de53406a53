"""The campaign's events: one frozen type per thing that can happen, in a closed union told apart by ``kind``.

Every change the rules make to a game is logged as one of these (:meth:`strategic.campaign.Campaign.log`), and so
is every roll of the campaign's dice (:class:`DiceRolled`, where it was rolled) and every order a player gave
(:class:`OrderGiven`, read back by :mod:`strategic.replay`).  An event holds facts only (units, places, faces,
the rule that applied); its sentence is :func:`strategic.narrate.describe`'s, the one place that words events.

They are pydantic models, not dataclasses: the events are part of a save (:class:`~strategic.state.CampaignState`),
which pydantic already validates, so a corrupt event is reported with its field path (``events.12.unit``) like any
other field of the save, and ``kind`` (a ``Literal``) makes the union a discriminated one that JSON reads back
exactly.

Saves of version 1 and 2 held untyped events (:class:`LegacyEvent`: kind, text, rule, data);
:func:`strategic.legacy_events.from_legacy` converts them, and :func:`strategic.legacy_events.to_legacy` gives an
event's version-2 form, which the self-play digest hashes (so that digests stay comparable across versions).
Neither needs anything here that words an event: the events sit below :mod:`strategic.narrate`, which imports them.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, TypeAdapter, model_serializer

from scenarios.models import Theatre
from strategic.orders import Order
from strategic.phases import Phase

Names = tuple[str, ...]


class LegacyEvent(BaseModel):
    """An event as saves of version 1 and 2 hold it: what happened (``text``), when, and why (``rule``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    turn: int
    phase: Phase
    kind: str
    text: str
    rule: str = ""
    data: dict[str, Any] = Field(default_factory=dict)


class CampaignEvent(BaseModel):
    """What every event has: the turn and phase it happened in and the rule that applied (may be empty)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    legacy_kind: ClassVar[str] = ""  # the version-2 kind, when it differs from ``kind``

    turn: int
    phase: Phase
    rule: str = ""

    def legacy_data(self) -> dict[str, Any]:
        """The ``data`` of the version-2 event (:func:`strategic.legacy_events.to_legacy`)."""
        return {}


class _UnitEvent(CampaignEvent):
    unit: str

    def legacy_data(self) -> dict[str, Any]:
        return {"unit": self.unit}


# ---------------------------------------------------------------------------------------------- turns and orders


class TurnBegan(CampaignEvent):
    kind: Literal["turn"] = "turn"


class OrderGiven(CampaignEvent):
    """``player`` gave ``order`` at the clock's ``step`` of the turn (``None`` in a converted old save)."""

    kind: Literal["order"] = "order"
    player: str
    order: Order
    step: int | None = None

    def legacy_data(self) -> dict[str, Any]:
        return {"order": self.order.model_dump()}


class OrderRefused(CampaignEvent):
    """An order the rules refused when it was applied (``rule``: the rule broken); ``order`` is ``None`` in a
    converted old save."""

    kind: Literal["order_refused"] = "order_refused"
    player: str
    message: str
    order: Order | None = None
    step: int | None = None


class DiceRolled(CampaignEvent):
    """A roll of the campaign's dice (:class:`tactical.dice.Roll`): ``faces`` of ``sides``-sided dice, what for."""

    kind: Literal["dice"] = "dice"
    label: str
    sides: int
    faces: tuple[int, ...]


class LoanChanged(_UnitEvent):
    """``unit`` lent to the player ``to``, or (``to`` ``None``) recalled by ``player``."""

    kind: Literal["loan"] = "loan"
    to: str | None
    player: str


# ---------------------------------------------------------------------------------------------- arrivals and removals


class UnitArrived(_UnitEvent):
    """``unit`` arrives in ``place``: a port or a group (``at`` ``port``), at sea, or the submarine reserve."""

    kind: Literal["arrival"] = "arrival"
    place: str
    at: Literal["port", "sea", "reserve"]

    def legacy_data(self) -> dict[str, Any]:
        return {"unit": self.unit, "place": self.place}


class KeptInReserve(_UnitEvent):
    kind: Literal["reserve"] = "reserve"


class UnitRemoved(_UnitEvent):
    """``unit`` leaves play: ``used`` up (the Frogmen), ``withdrawn`` by the chart, withdrawn ``instead_of``
    a unit already gone, ``interned`` in a ``port`` that closed with it inside (France after turn 6), or a U-Boat
    reinforcement not taken because the fleet is at ``full_strength`` and it was not saved."""

    kind: Literal["removal"] = "removal"
    why: Literal["used", "withdrawn", "substitute", "interned", "full_strength"]
    instead_of: str = ""
    port: str = ""


class UnitLost(_UnitEvent):
    """``unit`` is lost: with no port to return to, or (``places`` given) no friendly place to arrive in."""

    kind: Literal["lost"] = "lost"
    places: list[str] | None = None


class ForcedMove(_UnitEvent):
    """``unit`` must leave the game it is in (002 §3.36): the War at Sea one (``leaves`` WAS) or VITP."""

    kind: Literal["forced_move"] = "forced_move"
    leaves: Theatre


class LocationRoll(CampaignEvent):
    """The Location Uncertain roll of ``group``: ``face`` sends it to ``result``."""

    kind: Literal["location_uncertain"] = "location_uncertain"
    group: str
    face: int
    result: str

    def legacy_data(self) -> dict[str, Any]:
        return {"group": self.group, "face": self.face, "place": self.result}


class CaribbeanRoll(_UnitEvent):
    kind: Literal["caribbean_roll"] = "caribbean_roll"
    face: int
    place: str

    def legacy_data(self) -> dict[str, Any]:
        return {"unit": self.unit, "face": self.face, "place": self.place}


class UsEntryRoll(_UnitEvent):
    """The War at Sea entry roll of the US ship ``unit`` (option accelerated_us_entry, R-OPT-02): ``face`` against
    the lowest face that enters this turn (``needed``); ``entered``: it is at sea in the North Atlantic."""

    kind: Literal["us_entry_roll"] = "us_entry_roll"
    face: int
    needed: int
    entered: bool

    def legacy_data(self) -> dict[str, Any]:
        return {"unit": self.unit, "face": self.face}


class SideChange(_UnitEvent):
    """The Italian side-change roll of ``unit``: ``joins`` the Allies or stays with the Axis."""

    kind: Literal["side_change"] = "side_change"
    face: int
    joins: bool

    def legacy_data(self) -> dict[str, Any]:
        return {"unit": self.unit, "face": self.face}


# ---------------------------------------------------------------------------------------------- moves


class UnitMoved(_UnitEvent):
    """``unit`` went from ``origin`` along ``path`` as a ``mode`` (a move order), or ``how`` the Pearl Harbor
    special force or a sortie from Pearl Harbor put it there, or it moved ``onward`` from the sea area its Location
    Uncertain group appeared in, or it is a ``convoy`` sailing its route (R-OPS-40: it does not patrol)."""

    kind: Literal["move"] = "move"
    origin: str
    path: list[str]
    mode: str
    how: Literal["move", "pearl_force", "sortie", "onward", "convoy"] = "move"  # onward: R-PAC-19

    def legacy_data(self) -> dict[str, Any]:
        return {"unit": self.unit, "path": list(self.path), "mode": self.mode}


class MoveCutShort(_UnitEvent):
    """A failed speed roll's outcome: ``unit`` ``stays`` in port, enters ``place`` as a ``raider``, or
    ``returns`` to ``place``."""

    legacy_kind: ClassVar[str] = "move"
    kind: Literal["move_cut_short"] = "move_cut_short"
    outcome: Literal["stays", "raider", "returns"]
    place: str


class SpeedRoll(_UnitEvent):
    kind: Literal["speed_roll"] = "speed_roll"
    face: int
    speed: int
    success: bool

    def legacy_data(self) -> dict[str, Any]:
        return {"unit": self.unit, "face": self.face, "success": self.success}


class AirPlaced(_UnitEvent):
    kind: Literal["air"] = "air"
    area: str

    def legacy_data(self) -> dict[str, Any]:
        return {"unit": self.unit, "area": self.area}


class SubmarinePlaced(_UnitEvent):
    kind: Literal["submarine"] = "submarine"
    area: str

    def legacy_data(self) -> dict[str, Any]:
        return {"unit": self.unit, "area": self.area}


class SurfaceRaiderPlaced(_UnitEvent):
    kind: Literal["surface_raider"] = "surface_raider"
    area: str


class UnitReturned(_UnitEvent):
    kind: Literal["return"] = "return"
    port: str

    def legacy_data(self) -> dict[str, Any]:
        return {"unit": self.unit, "port": self.port}


class OilRoll(_UnitEvent):
    """The oil roll of a ship returning to ``port`` (``face``)."""

    kind: Literal["oil_roll"] = "oil_roll"
    face: int
    port: str

    def legacy_data(self) -> dict[str, Any]:
        return {"unit": self.unit, "face": self.face}


class UnitFrozen(_UnitEvent):
    kind: Literal["frozen"] = "frozen"


class Repaired(_UnitEvent):
    kind: Literal["repair"] = "repair"
    points: int
    port: str
    damage: int

    def legacy_data(self) -> dict[str, Any]:
        return {"unit": self.unit, "points": self.points}


# ---------------------------------------------------------------------------------------------- the Pacific war


class AttackAnnounced(CampaignEvent):
    kind: Literal["attack"] = "attack"


class PearlForceDecided(CampaignEvent):
    kind: Literal["pearl_force"] = "pearl_force"
    stays: bool


class NoSurprise(CampaignEvent):
    """No surprise attack this turn (``target`` empty), or none on ``target`` because Japan had ``units`` based in
    ``base`` at the start of the turn (``raid``: the word is "raid on", else "attack in")."""

    kind: Literal["surprise"] = "surprise"
    target: str = ""
    raid: bool = False
    base: str = ""
    units: list[str] = Field(default_factory=list)


class ControlLost(CampaignEvent):
    """A side loses control of ``area`` outside the control phase: Indonesia unguarded by two British battleships
    (``guards`` the ones that were), or no Allied unit left after the surprise attacks (``guards`` ``None``)."""

    kind: Literal["control"] = "control"
    area: str
    guards: list[str] | None = None

    def legacy_data(self) -> dict[str, Any]:
        return {} if self.guards is None else {"guards": list(self.guards)}


# ---------------------------------------------------------------------------------------------- battles


class BattlesWaiting(CampaignEvent):
    legacy_kind: ClassVar[str] = "battle"
    kind: Literal["battles_waiting"] = "battles_waiting"
    areas: list[str]


class BattleHandedOver(CampaignEvent):
    """The battle (``battle``: its kind) in ``area`` is not fought on the table: fought by the classic rules
    after an engine error (``how`` ``after_error``) or as the player commanding a side chose (``chosen``, issue
    #16), by the ``fallback`` rules (``why``), or not at all."""

    legacy_kind: ClassVar[str] = "battle"
    kind: Literal["battle_handed_over"] = "battle_handed_over"
    area: str
    battle: str = "battle"
    how: Literal["after_error", "chosen", "fallback", "unfought"]
    fallback: str = ""
    why: str = ""

    def legacy_data(self) -> dict[str, Any]:
        return {"area": self.area}


class Force(BaseModel):
    """One side of a tactical battle as it came to the table: its name and how many of each."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    ships: int = 0
    flights: int = 0
    submarines: int = 0
    aa: int = 0  # AA emplacements


class ObjectiveCheck(BaseModel):
    """What one side's fleet objective was judged on at the end of a tactical battle
    (:class:`tactical.ObjectiveFacts`, 000 War at Sea: Fleet Objectives): the side, its objective and the victory
    it earned, its victory points and the enemy's, its ships off the enemy's and its own table edge against half
    its fleet, the quarters it held alone, whether every enemy ship was crippled or sunk, whether it sank one, and
    the enemy's most valuable ship (``prize``) and whether it was sunk."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    side: str
    objective: str
    level: str
    vp: int
    enemy_vp: int
    off_enemy_edge: int = 0
    off_own_edge: int = 0
    half_fleet: int = 0
    quarters: int = 0
    enemy_all_crippled: bool = False
    sank_one: bool = False
    prize: str = ""
    prize_sunk: bool = False


CounterFateKind = Literal["sunk", "eliminated", "crippled", "withdrew", "used up", "damaged", "unharmed"]


class CounterFate(BaseModel):
    """What a tactical battle did to one campaign counter of ``side``: its ``fate`` (crippled: disabled, back to
    port; damaged: stays, with damage points), its Hull at the start (``hull_start`` of ``hull_full``: a counter
    damaged before comes in short of it, and ``came_in_crippled`` at or below its Crippled value) and the end,
    the campaign damage points it took, the victory points it gave the enemy and, for air units, the Flights it
    lost of those it flew (R-CARD-07, R-CARD-09)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    unit: str
    side: str
    fate: CounterFateKind
    hull_full: int = 0
    hull_start: int = 0
    hull_end: int = 0
    came_in_crippled: bool = False
    damage: int = 0
    vp: int = 0
    flights: int = 0
    flights_lost: int = 0


class BattleFought(CampaignEvent):
    """A tactical battle in ``area`` (:mod:`strategic.battles`): a ``battle`` at sea (by ``time`` of day and
    ``weather``, each side with its fleet objective), or an ``air raid`` or ``surprise attack`` on ``ports``; the
    ``year`` of its cards, the ``turns`` played, the ``forces``, victory points, the winner (``None``: a draw, with
    each side's ``victories``), what happened to each side's counters (``fates``: side name -> fate -> counters)
    and the Flights each side lost; for the turn's summary (:mod:`strategic.turn_summary`) each side's objective
    ``checks``, each counter's fate with its Hull and VP (``counters``) and the turns the battle could last
    (``max_turns``; fewer ``turns`` played: a fleet was gone); ``held``: whether the winner kept a warship in the
    area, without which the beaten side stays (R-CARD-14; events of older saves: as if it had).  Events of older
    saves have none of these."""

    kind: Literal["battle"] = "battle"
    area: str
    what: Literal["battle", "air raid", "surprise attack"] = "battle"
    ports: list[str] = Field(default_factory=list)
    year: int
    time: Literal["day", "night", ""] = ""
    weather: str = ""
    objectives: list[str] = Field(default_factory=list)
    turns: int
    forces: list[Force]
    vp: list[int]
    winner: str | None
    sides: list[str]
    victories: list[str] = Field(default_factory=list)
    fates: dict[str, dict[str, list[str]]] = Field(default_factory=dict)
    flights_lost: list[int] = Field(default_factory=list)
    checks: list[ObjectiveCheck] = Field(default_factory=list)
    counters: list[CounterFate] = Field(default_factory=list)
    max_turns: int = 0
    held: bool = True

    @model_serializer(mode="wrap")
    def _held_only_when_not(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A battle whose winner held the area is saved as it always was (no ``held`` field)."""
        data: dict[str, Any] = handler(self)
        if data.get("held", False):
            data.pop("held")
        return data

    def legacy_data(self) -> dict[str, Any]:
        return {"area": self.area, "winner": self.winner, "vp": list(self.vp), "turns": self.turns}


class BattleNote(CampaignEvent):
    """A note under a tactical battle's result (the time of day, etc.)."""

    legacy_kind: ClassVar[str] = "battle"
    kind: Literal["battle_note"] = "battle_note"
    area: str
    note: str

    def legacy_data(self) -> dict[str, Any]:
        return {"area": self.area}


class LeftOut(_UnitEvent):
    """``unit`` stays out of the tactical battle in ``area`` (``why``)."""

    legacy_kind: ClassVar[str] = "battle"
    kind: Literal["left_out"] = "left_out"
    area: str
    why: str

    def legacy_data(self) -> dict[str, Any]:
        return {"area": self.area, "unit": self.unit}


CLASSIC_RE = re.compile(r"^(War at Sea|VITP) (battle|air raid|frogmen attack|landing|surprise attack): ")
"""A classic battle's note (:class:`CombatNoted`) matching this opens a battle fought by the classic resolver
(strategic/classic/resolver.py); group 2 is the kind of battle."""

DAMAGED_RE = re.compile(r"^(.+) damaged: (\d+) -> (\d+)$")
"""A classic battle's note of a unit damaged, not sunk nor disabled (strategic/classic/context.py ``apply_hits``):
group 1 the unit, group 3 its damage points after the hits."""


class CombatNoted(CampaignEvent):
    """A line of a classic battle's narrative in ``area`` (:meth:`strategic.classic.context.BattleContext.note`)."""

    kind: Literal["combat"] = "combat"
    area: str
    note: str

    def legacy_data(self) -> dict[str, Any]:
        return {"area": self.area}


class UnitSunk(_UnitEvent):
    kind: Literal["sunk"] = "sunk"
    place: str


class UnitEliminated(_UnitEvent):
    kind: Literal["eliminated"] = "eliminated"
    place: str


class UnitDisabled(_UnitEvent):
    """``unit`` is disabled: in port (``place``) or at sea, sent back to port (``place`` empty)."""

    kind: Literal["disabled"] = "disabled"
    place: str = ""


class UnitLanded(_UnitEvent):
    kind: Literal["landing"] = "landing"
    base: str

    def legacy_data(self) -> dict[str, Any]:
        return {"unit": self.unit, "base": self.base}


# ---------------------------------------------------------------------------------------------- control and victory


class AreaScore(BaseModel):
    """One sea area at the control phase: who controlled it ``before`` and who controls it now (``side``, ``None``:
    nobody), and the POC that gave on ``track`` (Axis positive; 0 when not scored)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    area: str
    before: str | None
    side: str | None
    track: Theatre
    value: int = 0


class ConvoyArrived(_UnitEvent):
    """The convoy ``unit`` reached ``port`` (England or Russia) and scores ``poc`` for the Allies (War at Sea,
    reference/was.md §5; R-OPS-40)."""

    kind: Literal["convoy_arrived"] = "convoy_arrived"
    port: str
    poc: int

    def legacy_data(self) -> dict[str, Any]:
        return {"unit": self.unit, "port": self.port, "poc": self.poc}


class NeutralPortStay(_UnitEvent):
    """``unit`` stayed a second turn in the neutral port: its side (``side``) loses ``poc`` (War at Sea,
    reference/was.md §1.3; R-OPS-43)."""

    kind: Literal["neutral_stay"] = "neutral_stay"
    port: str
    side: str
    poc: int

    def legacy_data(self) -> dict[str, Any]:
        return {"unit": self.unit, "port": self.port, "side": self.side, "poc": self.poc}


class PocScored(CampaignEvent):
    """The control phase's POC ``awards`` per theatre (Axis positive) and the tracks after them (``totals``);
    ``areas``: each played area's control and award (empty in events of older saves)."""

    kind: Literal["poc"] = "poc"
    awards: dict[Theatre, int]
    totals: dict[Theatre, int]
    areas: list[AreaScore] = Field(default_factory=list)

    def legacy_data(self) -> dict[str, Any]:
        return {"awards": dict(self.awards)}


class PortIsolated(CampaignEvent):
    kind: Literal["isolation"] = "isolation"
    port: str
    turns: int
    needed: int


class PortCaptured(CampaignEvent):
    """``port`` falls to ``side``; ``how`` says how, e.g. "by isolation" (:func:`strategic.control.change_hands`)."""

    kind: Literal["capture"] = "capture"
    port: str
    side: str
    how: str

    def legacy_data(self) -> dict[str, Any]:
        return {"port": self.port}


class UnitEscaped(_UnitEvent):
    kind: Literal["escape"] = "escape"
    port: str


class AutomaticVictory(CampaignEvent):
    """``theatre`` is won by ``side`` with the track at ``poc`` (Axis positive; less the POC bid)."""

    kind: Literal["automatic_victory"] = "automatic_victory"
    theatre: Theatre
    side: str
    poc: int | float  # the track less the bid: a whole number without one (strategic.bid)


class Victory(CampaignEvent):
    kind: Literal["victory"] = "victory"
    winner: str
    results: dict[Theatre, str]


class CombatAnswered(CampaignEvent):
    """``player``, commanding his side in the battle ``battle`` (issue #15), answered ``question`` (a
    :class:`strategic.classic.scripts.Question` as JSON) with ``answer`` (JSON)."""

    kind: Literal["combat_answer"] = "combat_answer"
    battle: str
    player: str
    question: dict[str, Any]
    answer: Any


class CombatDelegated(CampaignEvent):
    """``player`` left the rest of the battle ``battle`` to the AI (issue #15), and with ``whole_turn`` every
    battle of his left this turn."""

    kind: Literal["combat_delegated"] = "combat_delegated"
    battle: str
    player: str
    whole_turn: bool = False


class BattleChosen(CampaignEvent):
    """``player``, asked about the battle ``battle``, chose how it is fought (issues #15, #16): he commands it
    (``command``), the AI commands his side (``ai``) or it is fought by the classic rules (``classic``); with
    ``for_the_rest`` every battle he commands from now on is fought so."""

    kind: Literal["battle_chosen"] = "battle_chosen"
    battle: str
    player: str
    how: Literal["command", "ai", "classic"]
    for_the_rest: bool = False


class TacticalAnswered(CampaignEvent):
    """``player`` (or the players of both sides, hot-seat), commanding his side of the battle ``battle`` on the
    table (issue #16), gave ``answers``: each a :class:`tactical.seats.Question` and its answer, as JSON, in the
    order the battle asked them."""

    kind: Literal["tactical_answers"] = "tactical_answers"
    battle: str
    player: str
    answers: list[dict[str, Any]]


class CombatChanged(CampaignEvent):
    """A loaded game's combat changed (``--combat`` with ``--load``, the start screen's choice): from ``was`` to
    ``combat``, at this point of the game, so that a replay changes it at the same point (R-UI-114)."""

    kind: Literal["combat_changed"] = "combat_changed"
    combat: Literal["tactical", "classic", "none"]
    was: Literal["tactical", "classic", "none"]


class Noted(CampaignEvent):
    """An event of an old save that no type above reproduces exactly: its version-2 kind, text and data kept."""

    kind: Literal["note"] = "note"
    old_kind: str
    note: str
    data: dict[str, Any] = Field(default_factory=dict)

    def legacy_data(self) -> dict[str, Any]:
        return dict(self.data)


Event = Annotated[
    TurnBegan | OrderGiven | OrderRefused | DiceRolled | LoanChanged | UnitArrived | KeptInReserve | UnitRemoved
    | UnitLost | ForcedMove | LocationRoll | CaribbeanRoll | UsEntryRoll | SideChange
    | UnitMoved | MoveCutShort | SpeedRoll
    | AirPlaced | SubmarinePlaced | SurfaceRaiderPlaced | UnitReturned | OilRoll | UnitFrozen | Repaired
    | AttackAnnounced | PearlForceDecided | NoSurprise | ControlLost | BattlesWaiting | BattleHandedOver
    | BattleFought | BattleNote | LeftOut | CombatNoted | UnitSunk | UnitEliminated | UnitDisabled | UnitLanded
    | ConvoyArrived | NeutralPortStay | PocScored | PortIsolated | PortCaptured | UnitEscaped | AutomaticVictory
    | Victory | CombatAnswered | CombatDelegated | TacticalAnswered | BattleChosen | CombatChanged | Noted,
    Field(discriminator="kind"),
]
"""Any campaign event (the closed union)."""

EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)
EVENTS_ADAPTER: TypeAdapter[list[Event]] = TypeAdapter(list[Event])
LEGACY_EVENTS_ADAPTER: TypeAdapter[list[LegacyEvent]] = TypeAdapter(list[LegacyEvent])

MOVE_TYPES = (UnitMoved, MoveCutShort, AirPlaced, SubmarinePlaced, SurfaceRaiderPlaced)
"""The events of a unit's own move or placement (counted per player by ``vas run``'s report)."""


def unit_named(event: CampaignEvent) -> object:
    """The unit an event is about (``unit``), if any; an old save's :class:`Noted` event keeps it in its data."""
    if isinstance(event, Noted):
        return event.data.get("unit")
    return getattr(event, "unit", None)


def kind_of(event_type: type[CampaignEvent]) -> str:
    """The ``kind`` of the events of ``event_type``."""
    return str(event_type.model_fields["kind"].default)


def legacy_kind(event: CampaignEvent) -> str:
    """The version-2 kind of ``event``."""
    return type(event).legacy_kind or kind_of(type(event))
