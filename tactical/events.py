"""The battle's event log: every thing that happened, in order, with every die roll interleaved.

DESIGN.md "State, actions, events": events are frozen; the list is the log, the replay and the audit trail.  Each
thing that can happen is its own frozen dataclass (issue 14), subclass of :class:`Event`, with typed fields: the
figures (``DATA``, written as the JSON ``data`` of the log, in that order), who it concerns (``ship``, ``side``) and
whatever else its line of the account shows.  ``kind`` names the family (``roll``, ``move``, ``attack``,
``critical`` ...); a family may hold several types, one per wording (a critical that raises a score, one that is
ignored, a capsizing ...).  The words themselves come from :mod:`tactical.narrate` only; reading and writing the
JSON of the log is :mod:`tactical.event_json`.

:class:`EventLog` also drains the battle's :class:`~tactical.dice.Dice` log, so that each roll lands in the event
list just before the event it led to (:class:`DiceRolled`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Concatenate, ParamSpec, TypeVar

from tactical.dice import Dice

Point = tuple[float, float]
Mods = tuple[tuple[str, int], ...]
"""Named modifiers of a roll, as the account lists them (``[Night -1, Radar +1]``)."""

P = ParamSpec("P")
E = TypeVar("E", bound="Event")


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, during ``turn`` (0 before the first) and ``phase``.

    ``ship`` names the ship, Flight, MTB Section or submarine it concerns, ``side`` the fleet; ``recorded`` holds
    the words of an event read back from a log (:mod:`tactical.event_json`), so that a log is written again as it
    was read.
    """

    turn: int
    phase: str
    ship: str | None = field(default=None, kw_only=True)
    side: str | None = field(default=None, kw_only=True)
    recorded: str | None = field(default=None, kw_only=True, compare=False, repr=False)

    kind: ClassVar[str] = ""
    DATA: ClassVar[tuple[str, ...]] = ()
    """The fields written as the event's JSON ``data``, in order."""

    @property
    def text(self) -> str:
        """The event's line of the account (:func:`tactical.narrate.narrate`)."""
        return self.recorded if self.recorded is not None else _HOOKS["narrate"](self)

    @property
    def data(self) -> tuple[tuple[str, Any], ...]:
        """The event's figures as ``(key, value)`` pairs of plain JSON values (tuples for lists)."""
        return tuple((key, getattr(self, key)) for key in self.DATA)

    def to_json(self) -> dict[str, Any]:
        """The event as the battle log's JSON writes it (:func:`tactical.event_json.event_to_json`)."""
        return _HOOKS["to_json"](self)  # type: ignore[no-any-return]


_HOOKS: dict[str, Callable[[Any], Any]] = {}
"""``narrate`` and ``to_json``: set by :mod:`tactical.narrate` and :mod:`tactical.event_json` when imported (the
package imports both), so that the event types need neither module."""


# --------------------------------------------------------------------------- set-up, deployment, scouting


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceRolled(Event):
    """A die roll (``label`` what for, ``rule`` the rule that called for it)."""

    kind: ClassVar[str] = "roll"
    DATA: ClassVar[tuple[str, ...]] = ("label", "rule", "sides", "faces")
    label: str
    rule: str
    sides: int
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleSetUp(Event):
    """The battle begins: the two fleets, the seed and the conditions (time of day, weather, options)."""

    kind: ClassVar[str] = "set-up"
    first: str
    second: str
    seed: int
    conditions: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ComesInCrippled(Event):
    kind: ClassVar[str] = "set-up"


@dataclass(frozen=True, slots=True, kw_only=True)
class ObjectiveSet(Event):
    kind: ClassVar[str] = "objective"
    DATA: ClassVar[tuple[str, ...]] = ("objective",)
    objective: str


@dataclass(frozen=True, slots=True, kw_only=True)
class WindSet(Event):
    kind: ClassVar[str] = "wind"
    DATA: ClassVar[tuple[str, ...]] = ("edge",)
    edge: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoutingScored(Event):
    """``redeploy``: the zone the side redeploys in, if its Scouting Points let it."""

    kind: ClassVar[str] = "scouting"
    DATA: ClassVar[tuple[str, ...]] = ("points",)
    points: int
    initiative_bonus: int
    redeploy: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Deployed(Event):
    """``positions``: ``(name, x, y, heading)`` of each ship; ``zone`` the deployment zone in words."""

    kind: ClassVar[str] = "deploy"
    DATA: ClassVar[tuple[str, ...]] = ("ships", "positions")
    ships: tuple[str, ...]
    positions: tuple[tuple[str, float, float, float], ...]
    zone: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MTBsDeployed(Event):
    kind: ClassVar[str] = "deploy"
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DeployBlocked(Event):
    """A ship may not deploy on ``blocker`` and is set at ``at`` (R-TAC-07, R-TAC-67)."""

    kind: ClassVar[str] = "stacking"
    blocker: str
    at: Point


@dataclass(frozen=True, slots=True, kw_only=True)
class FormedAbreast(Event):
    kind: ClassVar[str] = "stacking"
    zone: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveBlocked(Event):
    """A ship may not end its move on ``other`` and is set beside it at ``at``."""

    kind: ClassVar[str] = "stacking"
    other: str
    at: Point


@dataclass(frozen=True, slots=True, kw_only=True)
class DeepDeployed(Event):
    kind: ClassVar[str] = "deep"


@dataclass(frozen=True, slots=True, kw_only=True)
class FlightsAloft(Event):
    """The side's Flights in the air at deployment."""

    kind: ClassVar[str] = "deploy_air"
    flights: tuple[str, ...]


# --------------------------------------------------------------------------- turn sequence


@dataclass(frozen=True, slots=True, kw_only=True)
class InitiativeWon(Event):
    """``winner`` the index of the side that won it (0 or 1), ``number`` the turn."""

    kind: ClassVar[str] = "initiative"
    DATA: ClassVar[tuple[str, ...]] = ("winner",)
    number: int
    winner: int


@dataclass(frozen=True, slots=True, kw_only=True)
class VisibilityRolled(Event):
    """003 Bad Weather: the visibility, and the British fleet's own when it rolls one."""

    kind: ClassVar[str] = "visibility"
    visibility: float
    british: float | None


@dataclass(frozen=True, slots=True, kw_only=True)
class SquadronDropped(Event):
    kind: ClassVar[str] = "squadron"


@dataclass(frozen=True, slots=True, kw_only=True)
class SquadronSplit(Event):
    kind: ClassVar[str] = "squadron"
    squadron: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NightFireOrder(Event):
    """At night the fleet ``firer`` makes the enemy fire first."""

    kind: ClassVar[str] = "fire_order"
    firer: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SmokeRemoved(Event):
    kind: ClassVar[str] = "smoke"


@dataclass(frozen=True, slots=True, kw_only=True)
class Reloaded(Event):
    kind: ClassVar[str] = "reload"
    weapon: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoutBack(Event):
    kind: ClassVar[str] = "scout_back"


@dataclass(frozen=True, slots=True, kw_only=True)
class Rejoined(Event):
    kind: ClassVar[str] = "enter"
    DATA: ClassVar[tuple[str, ...]] = ("edge",)
    edge: str
    at: Point


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleEnded(Event):
    """A side has nothing left in the battle (R-UI-91): ``sunk`` the fleets with no ship afloat, ``left`` those
    whose ships left the table otherwise (withdrawn, or some sunk and the rest gone); both empty in a log written
    before they were told apart ("A fleet has left the battle")."""

    kind: ClassVar[str] = "end"
    sunk: tuple[str, ...] = ()
    left: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleResult(Event):
    """``winner`` the winning fleet (None: a draw), ``fleets`` both fleets, ``levels`` their victory levels
    (``none`` for no victory), ``vp`` their Victory Points."""

    kind: ClassVar[str] = "result"
    winner: str | None
    fleets: tuple[str, str]
    levels: tuple[str, str]
    vp: tuple[int, int]


# --------------------------------------------------------------------------- orders and movement


@dataclass(frozen=True, slots=True, kw_only=True)
class OrderGiven(Event):
    """``automatic``: an order that needs no check (then ``success`` is always True)."""

    kind: ClassVar[str] = "order"
    DATA: ClassVar[tuple[str, ...]] = ("order", "success")
    order: str
    success: bool
    automatic: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class MagazinesFlooded(Event):
    """``scores`` the ship's critical scores by area, ``outcome`` what the flooding did to the turrets."""

    kind: ClassVar[str] = "penalty"
    scores: tuple[tuple[str, int], ...]
    outcome: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    """A ship's move from ``start`` to ``pos`` (``distance`` inches, ending on ``heading``, ``turns`` made)."""

    kind: ClassVar[str] = "move"
    DATA: ClassVar[tuple[str, ...]] = ("distance", "pos", "heading", "turns")
    start: Point
    distance: float
    pos: Point
    heading: float
    turns: tuple[Any, ...]

    @property
    def data(self) -> tuple[tuple[str, Any], ...]:
        return (
            ("distance", round(self.distance, 3)),
            ("pos", (round(self.pos[0], 3), round(self.pos[1], 3))),
            ("heading", round(self.heading, 2)),
            ("turns", self.turns),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class SmokeLaid(Event):
    kind: ClassVar[str] = "smoke"
    DATA: ClassVar[tuple[str, ...]] = ("counters",)
    counters: tuple[Point, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RanAground(Event):
    kind: ClassVar[str] = "aground"
    at: Point


@dataclass(frozen=True, slots=True, kw_only=True)
class MineAvoided(Event):
    kind: ClassVar[str] = "mine"
    total: int
    density: int


@dataclass(frozen=True, slots=True, kw_only=True)
class MineStruck(Event):
    kind: ClassVar[str] = "mine"
    total: int
    density: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SectorSwept(Event):
    kind: ClassVar[str] = "minesweep"
    sector: int
    density: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SweepFailed(Event):
    kind: ClassVar[str] = "minesweep"
    sector: int


# --------------------------------------------------------------------------- spotting (night, weather)


@dataclass(frozen=True, slots=True, kw_only=True)
class Spotted(Event):
    """``spotter`` sees the ship at ``distance`` inches."""

    kind: ClassVar[str] = "spotted"
    spotter: str
    distance: float


@dataclass(frozen=True, slots=True, kw_only=True)
class GivenAway(Event):
    """The ship is spotted, ``why``."""

    kind: ClassVar[str] = "spotted"
    why: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SecondaryGunsSeen(Event):
    kind: ClassVar[str] = "spotted"


@dataclass(frozen=True, slots=True, kw_only=True)
class Unspotted(Event):
    kind: ClassVar[str] = "unspotted"


@dataclass(frozen=True, slots=True, kw_only=True)
class SearchlightSweep(Event):
    kind: ClassVar[str] = "searchlight"
    DATA: ClassVar[tuple[str, ...]] = ("target",)
    target: str
    found: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Illuminated(Event):
    kind: ClassVar[str] = "searchlight"
    DATA: ClassVar[tuple[str, ...]] = ("target",)
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SearchlightsOn(Event):
    kind: ClassVar[str] = "searchlight"
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StarShell(Event):
    """A star shell burst at ``at``, lighting the ships in ``lit``."""

    kind: ClassVar[str] = "star_shell"
    DATA: ClassVar[tuple[str, ...]] = ("lit",)
    at: Point
    lit: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RadarContact(Event):
    kind: ClassVar[str] = "radar"
    DATA: ClassVar[tuple[str, ...]] = ("target",)
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RadarCheck(Event):
    kind: ClassVar[str] = "radar"
    passed: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class FiredByMistake(Event):
    kind: ClassVar[str] = "fog_of_war"
    DATA: ClassVar[tuple[str, ...]] = ("target",)
    target: str


# --------------------------------------------------------------------------- gunnery and damage


@dataclass(frozen=True, slots=True, kw_only=True)
class HeldFire(Event):
    kind: ClassVar[str] = "hold_fire"


@dataclass(frozen=True, slots=True, kw_only=True)
class Misfire(Event):
    kind: ClassVar[str] = "misfire"
    weapon: str
    why: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GunneryAttack(Event):
    """A ship's weapon fires ``dice`` Attack Dice at ``target`` ``distance`` inches away (``range`` rounded to
    the hundredth), in ``band``, needing ``need`` (``modifier`` the sum of ``mods``)."""

    kind: ClassVar[str] = "attack"
    DATA: ClassVar[tuple[str, ...]] = ("target", "weapon", "dice", "hits", "modifier", "range")
    target: str
    weapon: str
    dice: int
    hits: int
    modifier: int
    range: float  # to the hundredth of an inch
    distance: float
    band: str
    need: str
    mods: Mods


@dataclass(frozen=True, slots=True, kw_only=True)
class AAFireOnMTB(Event):
    """A ship's AA fires at an MTB Section (``local``: its Local AA).  Read back from a log, a
    :class:`FireOnMTB` without modifiers has the same words and is read as this type (``local`` false)."""

    kind: ClassVar[str] = "attack"
    DATA: ClassVar[tuple[str, ...]] = ("target", "hits")
    target: str
    hits: int
    weapon: str
    local: bool
    dice: int
    need: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FireOnMTB(Event):
    """A ship's weapon fires at an MTB Section (War at Sea MTB rules), needing ``need``+."""

    kind: ClassVar[str] = "attack"
    DATA: ClassVar[tuple[str, ...]] = ("target", "hits")
    target: str
    hits: int
    weapon: str
    dice: int
    need: int
    mods: Mods


@dataclass(frozen=True, slots=True, kw_only=True)
class DepthCharges(Event):
    """A ship attacks a submarine with its ``system`` (``Depth Charge``, ``Hedgehog`` ...)."""

    kind: ClassVar[str] = "attack"
    DATA: ClassVar[tuple[str, ...]] = ("target", "hits")
    target: str
    hits: int
    system: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageRolled(Event):
    """The Damage Dice of one weapon's hits on the ship, against its Armour (``armour_mods`` the modifier in
    words)."""

    kind: ClassVar[str] = "damage"
    DATA: ClassVar[tuple[str, ...]] = ("attacker", "weapon", "faces", "damage", "criticals")
    attacker: str
    weapon: str
    faces: tuple[int, ...]
    damage: int
    criticals: int
    armour: int
    armour_mods: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HullLost(Event):
    kind: ClassVar[str] = "hull"
    DATA: ClassVar[tuple[str, ...]] = ("amount", "hull")
    amount: int
    hull: int
    hull_start: int
    cause: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Crippled(Event):
    """``flank_speed`` the crippled ship's Flank Speed, ``lost`` what crippling took."""

    kind: ClassVar[str] = "crippled"
    DATA: ClassVar[tuple[str, ...]] = ("lost",)
    flank_speed: float
    lost: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Sunk(Event):
    """``fate`` in words (``sunk``, ``destroyed`` ...)."""

    kind: ClassVar[str] = "sunk"
    fate: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Withdrew(Event):
    kind: ClassVar[str] = "withdrew"
    DATA: ClassVar[tuple[str, ...]] = ("edge",)
    edge: str


@dataclass(frozen=True, slots=True, kw_only=True)
class VictoryPoints(Event):
    """``side`` gains ``vp`` for ``ship`` (a ship, Flight or MTB Section), ``reason`` in words."""

    kind: ClassVar[str] = "vp"
    DATA: ClassVar[tuple[str, ...]] = ("vp", "reason")
    vp: int
    reason: str


# --------------------------------------------------------------------------- criticals


@dataclass(frozen=True, slots=True, kw_only=True)
class CriticalHit(Event):
    """A critical raises ``area``'s score from ``old`` to ``score`` (``effect`` its name)."""

    kind: ClassVar[str] = "critical"
    DATA: ClassVar[tuple[str, ...]] = ("area", "score", "extra_damage", "cause")
    area: str
    score: int
    extra_damage: int
    cause: str
    old: int
    effect: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DevastatingIgnored(Event):
    """A Devastating critical to ``area`` rolls ``rolled``, no higher than the area's ``score``."""

    kind: ClassVar[str] = "critical"
    DATA: ClassVar[tuple[str, ...]] = ("area", "score")
    area: str
    score: int
    rolled: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoreCritical(Event):
    """A shore battery critical (``face`` the roll, ``effect`` in words, may be empty)."""

    kind: ClassVar[str] = "critical"
    DATA: ClassVar[tuple[str, ...]] = ("area", "score", "extra_damage")
    area: str
    score: int
    extra_damage: int
    face: int
    effect: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Critical2D6(Event):
    """003 Criticals: a critical in ``area`` (where), ``effect`` its name."""

    kind: ClassVar[str] = "critical"
    DATA: ClassVar[tuple[str, ...]] = ("area", "score", "extra_damage")
    area: str
    score: int
    extra_damage: int
    effect: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TorpedoCriticalRoll(Event):
    """003 Critical Hits: a torpedo hit's critical D6 (``score``): one more point of damage, and on a 6
    (``critical``) a critical hit too (R-TAC-80)."""

    kind: ClassVar[str] = "critical"
    DATA: ClassVar[tuple[str, ...]] = ("score", "critical")
    score: int
    critical: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Capsized(Event):
    kind: ClassVar[str] = "critical"
    DATA: ClassVar[tuple[str, ...]] = ("area",)
    area: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CatastrophicExplosion(Event):
    kind: ClassVar[str] = "critical"
    DATA: ClassVar[tuple[str, ...]] = ("area",)
    area: str


@dataclass(frozen=True, slots=True, kw_only=True)
class VitalHit(Event):
    """A Vital Systems hit (``detail``: a jammed rudder's direction, in words, or empty)."""

    kind: ClassVar[str] = "vital"
    DATA: ClassVar[tuple[str, ...]] = ("vital", "damage")
    vital: str
    damage: int
    detail: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SystemPenalty(Event):
    kind: ClassVar[str] = "penalty"
    DATA: ClassVar[tuple[str, ...]] = ("system", "amount")
    system: str
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LightGunsHalved(Event):
    kind: ClassVar[str] = "penalty"


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponDestroyed(Event):
    kind: ClassVar[str] = "penalty"
    DATA: ClassVar[tuple[str, ...]] = ("weapon",)
    weapon: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageControl(Event):
    """Damage control on ``area`` rolls ``result``: its score goes from ``old`` to ``score``."""

    kind: ClassVar[str] = "damage_control"
    DATA: ClassVar[tuple[str, ...]] = ("area", "score")
    area: str
    score: int
    old: int
    result: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FiresPutOut(Event):
    kind: ClassVar[str] = "damage_control"
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FiresBreakOut(Event):
    kind: ClassVar[str] = "fire"
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FiresBurn(Event):
    kind: ClassVar[str] = "fire"
    count: int
    left: int


# --------------------------------------------------------------------------- aircraft


@dataclass(frozen=True, slots=True, kw_only=True)
class Launched(Event):
    """``carrier`` launches the Flight ``ship`` (``aircraft`` its card); ``deep``: from deep deployment."""

    kind: ClassVar[str] = "launch"
    DATA: ClassVar[tuple[str, ...]] = ("carrier",)
    carrier: str
    aircraft: str
    deep: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Recovered(Event):
    kind: ClassVar[str] = "recover"
    DATA: ClassVar[tuple[str, ...]] = ("carrier",)
    carrier: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Rearmed(Event):
    kind: ClassVar[str] = "rearm"
    carrier: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AirOrder(Event):
    """``first`` moves its aircraft first (``side`` the Initiative winner)."""

    kind: ClassVar[str] = "air_order"
    first: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FlightMoved(Event):
    """A Flight flies ``distance`` inches from ``start`` to ``pos``."""

    kind: ClassVar[str] = "air_move"
    distance: float
    start: Point
    pos: Point


@dataclass(frozen=True, slots=True, kw_only=True)
class FlightLeft(Event):
    kind: ClassVar[str] = "air_leave"


@dataclass(frozen=True, slots=True, kw_only=True)
class AirContact(Event):
    """A Flight moves in to attack (``kamikaze``: dives on) ``target``; ``deep``: a carrier in deep deployment."""

    kind: ClassVar[str] = "air_contact"
    DATA: ClassVar[tuple[str, ...]] = ("target",)
    target: str
    kamikaze: bool
    deep: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class DogfightStarted(Event):
    kind: ClassVar[str] = "dogfight_start"
    DATA: ClassVar[tuple[str, ...]] = ("target",)
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Dogfight(Event):
    """The Flight ``ship`` rolls ``roll`` against ``target``'s ``target_roll`` (``support`` the supporting
    Fighters' bonuses)."""

    kind: ClassVar[str] = "dogfight"
    DATA: ClassVar[tuple[str, ...]] = ("target",)
    target: str
    roll: int
    target_roll: int
    support: tuple[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class HeldOff(Event):
    kind: ClassVar[str] = "dogfight"
    defender: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AirAttacks(Event):
    kind: ClassVar[str] = "air_attacks"


@dataclass(frozen=True, slots=True, kw_only=True)
class AirStrike(Event):
    """A Flight (``aircraft``) attacks ``target`` needing ``need``+ (``mods``; ``kamikaze``: a miss is rolled
    again)."""

    kind: ClassVar[str] = "air_attack"
    DATA: ClassVar[tuple[str, ...]] = ("target", "hits", "modifier")
    target: str
    hits: int
    modifier: int
    aircraft: str
    need: int
    mods: Mods
    kamikaze: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class AirStrikeOnMTB(Event):
    """A Flight attacks an MTB Section (``attack`` what it does, in words)."""

    kind: ClassVar[str] = "air_attack"
    DATA: ClassVar[tuple[str, ...]] = ("target", "hits")
    target: str
    hits: int
    attack: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AAFire(Event):
    """``ship`` (a ship or installation) fires its ``system``'s AA dice at the Flight ``target``, needing ``need``+
    and ``needed`` hits to shoot it down."""

    kind: ClassVar[str] = "aa"
    DATA: ClassVar[tuple[str, ...]] = ("target", "dice", "hits")
    target: str
    dice: int
    hits: int
    system: str
    need: int
    needed: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ShotDown(Event):
    kind: ClassVar[str] = "flight_lost"
    DATA: ClassVar[tuple[str, ...]] = ("by",)
    by: str
    aircraft: str


@dataclass(frozen=True, slots=True, kw_only=True)
class KamikazeSpent(Event):
    kind: ClassVar[str] = "flight_lost"


@dataclass(frozen=True, slots=True, kw_only=True)
class ShotDownOverCarrier(Event):
    kind: ClassVar[str] = "flight_lost"


@dataclass(frozen=True, slots=True, kw_only=True)
class LostWithCarrier(Event):
    kind: ClassVar[str] = "flight_lost"
    carrier: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ObservationFlightsLost(Event):
    """Observation Flights of ``ship`` lost with it (sunk, or its Aircraft trait lost): ``hunters`` of them were
    hunting submarines, and ``spotting`` names the targets they no longer spot (R-TAC-84)."""

    kind: ClassVar[str] = "flight_lost"
    DATA: ClassVar[tuple[str, ...]] = ("count", "hunters", "spotting")
    count: int
    hunters: int
    spotting: tuple[str, ...]


# --------------------------------------------------------------------------- MTB Sections


@dataclass(frozen=True, slots=True, kw_only=True)
class MTBMoved(Event):
    """An MTB Section runs ``distance`` inches to ``pos`` (``attack``: the ship it closes on)."""

    kind: ClassVar[str] = "mtb_move"
    distance: float
    pos: Point
    attack: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class MTBSmoke(Event):
    kind: ClassVar[str] = "mtb_smoke"


@dataclass(frozen=True, slots=True, kw_only=True)
class MTBDamage(Event):
    """``attacker``'s ``weapon`` rolls ``dice`` Damage Dice against the MTB Section's ``armour``; ``outcome``
    ``destroyed``, ``driven off`` or ``no effect``."""

    kind: ClassVar[str] = "mtb_damage"
    DATA: ClassVar[tuple[str, ...]] = ("faces",)
    faces: tuple[int, ...]
    attacker: str
    weapon: str
    dice: int
    armour: int
    outcome: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MTBSunk(Event):
    kind: ClassVar[str] = "mtb_sunk"
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MTBDrivenOff(Event):
    kind: ClassVar[str] = "mtb_driven_off"


@dataclass(frozen=True, slots=True, kw_only=True)
class MTBAttacks(Event):
    kind: ClassVar[str] = "mtb_attacks"


@dataclass(frozen=True, slots=True, kw_only=True)
class MTBRam(Event):
    kind: ClassVar[str] = "mtb_attack"
    DATA: ClassVar[tuple[str, ...]] = ("target", "hits")
    target: str
    hits: int
    need: int


@dataclass(frozen=True, slots=True, kw_only=True)
class MTBSpent(Event):
    kind: ClassVar[str] = "mtb_spent"


@dataclass(frozen=True, slots=True, kw_only=True)
class MTBWeatherBound(Event):
    kind: ClassVar[str] = "mtb_attack"


@dataclass(frozen=True, slots=True, kw_only=True)
class MTBGuns(Event):
    kind: ClassVar[str] = "mtb_attack"
    DATA: ClassVar[tuple[str, ...]] = ("target", "hits")
    target: str
    hits: int
    dice: int
    need: int


@dataclass(frozen=True, slots=True, kw_only=True)
class MTBTorpedoes(Event):
    kind: ClassVar[str] = "mtb_attack"
    DATA: ClassVar[tuple[str, ...]] = ("target", "hits")
    target: str
    hits: int
    count: int
    need: int


# --------------------------------------------------------------------------- submarines


@dataclass(frozen=True, slots=True, kw_only=True)
class DepthChanged(Event):
    """``old`` the depth before (``?`` if unknown)."""

    kind: ClassVar[str] = "depth"
    DATA: ClassVar[tuple[str, ...]] = ("depth",)
    depth: str
    old: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SubPlaced(Event):
    kind: ClassVar[str] = "sub_placed"
    sector: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SubFound(Event):
    kind: ClassVar[str] = "sub_found"
    hunter: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Detected(Event):
    kind: ClassVar[str] = "detected"
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CrashDived(Event):
    kind: ClassVar[str] = "crash_dive"


@dataclass(frozen=True, slots=True, kw_only=True)
class CrashDiveFailed(Event):
    kind: ClassVar[str] = "crash_dive"


@dataclass(frozen=True, slots=True, kw_only=True)
class SonarSearch(Event):
    """A ship's sonar search for ``target`` (``modifier`` to the roll; ``contact`` whether it found it)."""

    kind: ClassVar[str] = "sonar"
    DATA: ClassVar[tuple[str, ...]] = ("target",)
    target: str
    modifier: int
    contact: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class NoContact(Event):
    kind: ClassVar[str] = "sonar"
    target: str
    system: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AirSighting(Event):
    """A Flight sights (or loses) the submarine ``target``."""

    kind: ClassVar[str] = "sonar"
    target: str
    sighted: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Escaped(Event):
    kind: ClassVar[str] = "escape"
    sector: int


@dataclass(frozen=True, slots=True, kw_only=True)
class UnreadEvent(Event):
    """An event of a log whose words no event type reads (a wording of an older version): kept as it was read,
    ``kind`` and ``logged_data`` its JSON ``kind`` and ``data`` (its ``kind`` is its own, not its type's)."""

    kind: str  # type: ignore[misc]
    logged_data: tuple[tuple[str, Any], ...]

    @property
    def data(self) -> tuple[tuple[str, Any], ...]:
        return self.logged_data


EVENT_TYPES: tuple[type[Event], ...] = tuple(
    t for t in list(globals().values()) if isinstance(t, type) and issubclass(t, Event) and t is not Event
)
"""Every type of event, in the order of this module."""


@dataclass
class EventLog:
    """Events in order.  ``turn``/``phase`` stamp new events; :meth:`emit` first records pending dice rolls."""

    dice: Dice
    events: list[Event] = field(default_factory=list)
    turn: int = 0
    phase: str = "set-up"
    _rolls_seen: int = 0

    def flush_rolls(self) -> None:
        for roll in self.dice.log[self._rolls_seen :]:
            self.events.append(
                DiceRolled(self.turn, self.phase, label=roll.label, rule=roll.rule, sides=roll.sides, faces=roll.faces)
            )
        self._rolls_seen = len(self.dice.log)

    def emit(self, cls: Callable[Concatenate[int, str, P], E], /, *args: P.args, **fields: P.kwargs) -> E:
        """Append an event of type ``cls`` with ``fields``, stamped with the turn and phase (after any rolls made
        since the last one), and return it."""
        self.flush_rolls()
        event = cls(self.turn, self.phase, *args, **fields)
        self.events.append(event)
        return event

    def of_type(self, cls: type[E]) -> list[E]:
        return [e for e in self.events if isinstance(e, cls)]
