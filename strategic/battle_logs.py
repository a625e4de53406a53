"""Saved logs of campaign battles fought tactically (issue 7 item 4, issue 8 item 4).

A battle log is a JSON object: the :meth:`tactical.battle.BattleReport.to_json` keys (``sides``, ``objectives``,
``victory_points``, ``victories``, ``winner``, ``turns_played``, ``seed``, ``key``, ``conditions``, ``ships``,
``flights``, ``flights_lost``, ``mtbs``, ``events``) plus

* ``spec``: the :class:`~tactical.battle.BattleSpec` fought (``model_dump(mode="json")``), so that the battle can
  be fought again;
* ``campaign`` (campaign battles only): ``{"area", "turn", "year", "left_out": {unit: reason}, "notes": [...]}``
  and ``"kind"`` when the :class:`~strategic.battles.TacticalBattle` has one.

``vas battle --log`` writes the same shape with ``spec`` and without ``campaign``; the battle viewer
(:mod:`tui.battle_viewer`) reads both.  :func:`load_battle_log` checks a whole log before anyone reads it (issue 13):
the type of every field, no unknown field, the event data that the re-fight and the viewer read, the spec, and the
names that must agree; each problem is reported as ``file: field path: problem``.

**Re-fight rule.**  A battle's dice are ``Dice(spec.seed, spec.key)`` (the campaign spawns them as
``campaign.dice.spawn(turn, battle_no)``, the same stream: R-CARD-05).  The campaign rolls day or night and the
weather on those dice before the battle begins; the engine's log records those rolls as the ``roll`` events that
precede the first other event.  :func:`refight` rolls them again (same count, sides, label and rule) and then
fights the spec, so the re-fought battle is the saved one event for event when engine and cards are unchanged;
:func:`replay_check` says whether it is, and where it first differs.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from scenarios.errors import InputError
from strategic.json_files import campaign_log_hint, read_json, write_text_atomic
from tactical import (
    CAPTAIN_LEVEL_NAMES,
    BattleReport,
    BattleSpec,
    Dice,
    FlightResult,
    ShipResult,
    battle_events,
    events_from_json,
    resolve,
)

if TYPE_CHECKING:
    from strategic.battles import TacticalBattle

REPORT_KEYS = frozenset({"sides", "ships", "events"})
"""Keys every battle log has (the battle viewer needs them)."""


class BattleLogError(InputError):
    """A file that is not a readable battle log: the message names the file and every problem (``problems``, each
    ``field path: problem``)."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        self.problems = list(problems or [])
        super().__init__(message)


def battle_log(tb: TacticalBattle) -> dict[str, Any]:
    """The JSON object of a campaign battle: ``tb.report.to_json()`` plus ``spec`` and ``campaign`` (module
    docstring)."""
    log = tb.report.to_json()
    log["spec"] = tb.spec.model_dump(mode="json")
    log["campaign"] = {"area": tb.area, "turn": tb.turn, "year": tb.year, "left_out": dict(tb.left_out),
                       "notes": list(tb.notes)}
    kind = getattr(tb, "kind", None)  # the kind of engagement, when the resolver records it
    if isinstance(kind, str):
        log["campaign"]["kind"] = kind
    return log


def slug(text: str) -> str:
    """``"Bay of Bengal"`` -> ``"bay-of-bengal"``: lower case, runs of other characters as one hyphen."""
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-") or "battle"


def battle_log_name(tb: TacticalBattle) -> str:
    """The file name of a campaign battle's log: ``t{turn:02d}-{area-slug}.json`` for a battle at sea, and
    ``t{turn:02d}-{area-slug}-{kind-slug}.json`` for another kind of engagement the resolver records (``air raid``,
    ``surprise attack``: an area may see one of those besides its battle in the same turn)."""
    kind = getattr(tb, "kind", "battle")
    suffix = f"-{slug(kind)}" if isinstance(kind, str) and kind != "battle" else ""
    return f"t{tb.turn:02d}-{slug(tb.area)}{suffix}.json"


def save_battle_log(path: Path, tb: TacticalBattle) -> Path:
    """Write :func:`battle_log` of ``tb`` to ``path`` atomically; returns ``path``."""
    return write_text_atomic(Path(path), json.dumps(battle_log(tb), indent=1) + "\n")


def load_battle_log(path: Path) -> dict[str, Any]:
    """Read a battle log (``vas battle --log`` or a campaign battle log) and check all of it.

    Raises :class:`BattleLogError` naming ``path`` when the file cannot be read, is not UTF-8 JSON, is not an
    object with ``sides``, ``ships`` and ``events``, or breaks the shape of a log anywhere: every field's type
    (:class:`LogShape`), no field that a log does not have, the data of the events that a re-fight or the battle
    viewer reads (:data:`EVENT_DATA`), a ``spec`` that is a valid :class:`~tactical.battle.BattleSpec`, and the
    names that must agree (:func:`log_problems`).  Every problem is listed, each as ``file: field path:
    problem``.  Returns the log as read (plain JSON values)."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError:
        size = 0  # read_json reports the real reason
    if size > MAX_LOG_BYTES:
        raise BattleLogError(f"{path}: {size:,} bytes: not a battle log (a battle log is at most {MAX_LOG_BYTES:,} "
                             "bytes)")
    log = read_json(path, BattleLogError, unreadable="{path}: not a readable battle log ({reason})",
                    invalid="{path}:{line}: not a readable battle log (invalid JSON: {msg})")
    if not isinstance(log, dict):
        raise BattleLogError(f"{path}: not a battle log (needs sides, ships and events): the file holds a JSON "
                             f"{_json_type(log)}, not an object")
    if not {"sides", "ships"} & set(log):  # (a save has events too)
        hint = campaign_log_hint(log) or (" (it is a saved game: vas run --load FILE, vas odds FILE AREA)"
                                          if "version" in log else "")
        raise BattleLogError(f"{path}: not a battle log (needs sides, ships and events){hint}")
    try:
        problems = log_problems(log)
    except RecursionError as exc:
        raise BattleLogError(f"{path}: not a readable battle log (JSON nested too deeply)") from exc
    if len(problems) == 1:
        raise BattleLogError(f"{path}: {problems[0]}", problems)
    if problems:
        shown = problems[:MAX_PROBLEMS_SHOWN]
        lines = "\n".join(f"  {path}: {p}" for p in shown)
        more = f"\n  ... and {len(problems) - len(shown)} more" if len(problems) > len(shown) else ""
        raise BattleLogError(f"{path}: not a valid battle log: {len(problems)} problem(s):\n{lines}{more}",
                             problems)
    return log


MAX_LOG_BYTES = 64 * 1024 * 1024
"""A battle log is a few MB at most (the longest campaign battles); anything far larger is not one."""

MAX_PROBLEMS_SHOWN = 20
"""A log broken everywhere lists this many problems in its message (``BattleLogError.problems`` has all)."""

EVENT_KEYS = ("turn", "phase", "kind", "text")
"""Keys every event has."""

COORDINATE_LIMIT = 1000.0
"""Positions in a log (inches) lie within this of the table's corner: tables are at most 200" a side and ships
that leave it stay near it; anything farther is not a battle log's (and would make the viewer's table huge)."""

_STRICT = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)
_DATA = ConfigDict(extra="allow", strict=True, allow_inf_nan=False)

Count = Annotated[int, Field(ge=0)]
Name = Annotated[str, Field(min_length=1)]
CaptainLevel = Annotated[str, Field(pattern=f"^({'|'.join(CAPTAIN_LEVEL_NAMES)})$")]
Coordinate = Annotated[float, Field(ge=-COORDINATE_LIMIT, le=COORDINATE_LIMIT)]


class LogShip(BaseModel):
    """A ``ships`` entry: :class:`~tactical.battle.ShipResult` as JSON (``hull_lost`` is derived)."""

    model_config = _STRICT
    name: Name
    side: str
    card: str
    points: int
    hull_start: Count
    hull_end: Count
    crippled: bool
    sunk: bool
    withdrew: bool
    exit_edge: str | None
    scouting: bool
    criticals: dict[str, int]
    vitals: list[str] = []
    type: str = "ship"
    aground: bool = False
    hull_lost: int | None = None


class LogFlight(BaseModel):
    """A ``flights`` or ``mtbs`` entry: :class:`~tactical.battle.FlightResult` as JSON."""

    model_config = _STRICT
    name: Name
    side: str
    aircraft: str
    carrier: str | None
    points: int
    fate: str
    kind: str = "flight"


class LogEvent(BaseModel):
    """An ``events`` entry: :meth:`tactical.events.Event.to_json`."""

    model_config = _STRICT
    turn: Count
    phase: str
    kind: str
    text: str
    ship: str | None = None
    side: str | None = None
    data: dict[str, Any] = {}


class LogCampaign(BaseModel):
    """The ``campaign`` object of a campaign battle's log (module docstring)."""

    model_config = _STRICT
    area: str
    turn: Count
    year: int
    left_out: dict[str, str] = {}
    notes: list[str] = []
    kind: str | None = None


class LogShape(BaseModel):
    """A whole battle log: :meth:`~tactical.battle.BattleReport.to_json` (the keys a log written before them
    lacks have the defaults :func:`report_of` gives), ``spec`` (checked as a
    :class:`~tactical.battle.BattleSpec` on its own), ``campaign`` and ``captains`` (the AI captains' levels of
    ``vas battle --captain``, for the re-fight)."""

    model_config = _STRICT
    sides: tuple[Name, Name]
    objectives: tuple[str, str] = ("?", "?")
    victory_points: tuple[int, int] = (0, 0)
    victories: tuple[str, str] = ("none", "none")
    winner: str | None = None
    turns_played: Count = 0
    seed: Count = 0
    key: list[Count] = []
    conditions: dict[str, Any] = {}
    ships: list[LogShip]
    flights: list[LogFlight] = []
    flights_lost: list[str] = []
    mtbs: list[LogFlight] = []
    events: Annotated[list[LogEvent], Field(min_length=1)]
    spec: dict[str, Any] | None = None
    campaign: LogCampaign | None = None
    captains: tuple[CaptainLevel, CaptainLevel] = ("normal", "normal")


class RollData(BaseModel):
    """A ``roll`` event's data: the re-fight rolls the pre-battle ones again (:func:`refight`)."""

    model_config = _DATA
    label: str
    rule: str
    sides: Annotated[int, Field(ge=2, le=1000)]
    faces: list[Annotated[int, Field(ge=1)]]


class DeployData(BaseModel):
    model_config = _DATA
    ships: list[str] = []
    positions: list[tuple[str, Coordinate, Coordinate, float]] = []


class MoveData(BaseModel):
    model_config = _DATA
    pos: tuple[Coordinate, Coordinate]
    heading: float
    distance: float | None = None
    turns: list[float] = []


class HullData(BaseModel):
    model_config = _DATA
    hull: int
    amount: int | None = None


class CriticalData(BaseModel):
    model_config = _DATA
    area: str
    score: int


class SmokeData(BaseModel):
    model_config = _DATA
    counters: list[tuple[Coordinate, Coordinate]] = []


class DepthData(BaseModel):
    model_config = _DATA
    depth: str | None = None


class EnterData(BaseModel):
    model_config = _DATA
    edge: str | None = None


class CarrierData(BaseModel):
    model_config = _DATA
    carrier: str | None = None


class TargetData(BaseModel):
    model_config = _DATA
    target: str | None = None


class LostData(BaseModel):
    model_config = _DATA
    by: str | None = None


EVENT_DATA: dict[str, type[BaseModel]] = {
    "roll": RollData, "deploy": DeployData, "move": MoveData, "hull": HullData, "critical": CriticalData,
    "damage_control": CriticalData, "smoke": SmokeData, "depth": DepthData, "enter": EnterData,
    "launch": CarrierData, "recover": CarrierData, "air_contact": TargetData, "dogfight_start": TargetData,
    "flight_lost": LostData,
}  # fmt: skip
"""The data of the event kinds that :func:`refight` and the battle viewer (:mod:`tui.battle_viewer`) read: those
keys must have these types (other keys are free JSON values)."""


def log_problems(log: dict[str, Any]) -> list[str]:
    """Every problem of a parsed battle log, each as ``field path: problem`` (empty: a valid log).  The shape
    first (:class:`LogShape`, the ``spec``, each event's :data:`EVENT_DATA`), then, when the shape holds, the
    names that must agree: each ship's, Flight's and MTB Section's side and the winner are one of ``sides``, a
    deployment places ships of the log, the battle has a ship, Flight or MTB Section, and the spec's dice can be
    rolled (seed and key not negative)."""
    non_finite = _non_finite(log)
    if non_finite:
        return [f"{where}: not a finite number (JSON has no NaN or Infinity)" for where in non_finite]
    problems = []
    try:
        shape: LogShape | None = LogShape.model_validate_json(json.dumps(log), strict=True)
    except ValidationError as exc:
        shape = None
        problems += _schema_problems(exc)
    events = log.get("events")
    for index, event in enumerate(events if isinstance(events, list) else []):
        if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
            continue
        model = EVENT_DATA.get(event["kind"])
        data = event.get("data", {})
        if model is not None and isinstance(data, dict):
            try:
                model.model_validate_json(json.dumps(data), strict=True)
            except ValidationError as exc:
                problems += _schema_problems(exc, ("events", index, "data"))
    if isinstance(log.get("spec"), dict):
        try:
            spec = spec_of(log)
        except ValidationError as exc:
            problems += _schema_problems(exc, ("spec",))
        else:
            if spec is not None and (spec.seed < 0 or any(k < 0 for k in spec.key)):
                problems.append(f"spec.seed: the dice's seed and key cannot be negative, got seed {spec.seed}, "
                                f"key {list(spec.key)}")
    if shape is not None and not problems:
        problems += _agreement_problems(shape)
    return problems


def _agreement_problems(shape: LogShape) -> list[str]:
    out = []
    sides = shape.sides
    if not (shape.ships or shape.flights or shape.mtbs):
        out.append("ships: the battle has no ship, Flight or MTB Section")
    sided = [("ships", i, s.side) for i, s in enumerate(shape.ships)]
    sided += [(group, i, f.side) for group, entries in (("flights", shape.flights), ("mtbs", shape.mtbs))
              for i, f in enumerate(entries)]
    for group, index, side in sided:
        if side not in sides:
            out.append(f"{group}.{index}.side: '{side}' is not one of the sides ({sides[0]}, {sides[1]})")
    if shape.winner is not None and shape.winner not in sides:
        out.append(f"winner: '{shape.winner}' is not one of the sides ({sides[0]}, {sides[1]}; null: a draw)")
    names = {s.name for s in shape.ships}
    for index, event in enumerate(shape.events):
        if event.kind == "deploy":
            for number, position in enumerate(event.data.get("positions", [])):
                if position[0] not in names:
                    out.append(f"events.{index}.data.positions.{number}: '{position[0]}' is not a ship of the log")
    return out


def _schema_problems(exc: ValidationError, prefix: tuple[str | int, ...] = ()) -> list[str]:
    """Pydantic's errors as ``field path: problem``; missing event keys as one problem per event."""
    out = []
    missing_keys: dict[int, list[str]] = {}
    for error in exc.errors():
        loc = (*prefix, *error["loc"])
        if (error["type"] == "missing" and len(loc) == 3 and loc[0] == "events" and isinstance(loc[1], int)
                and loc[2] in EVENT_KEYS):
            missing_keys.setdefault(loc[1], []).append(str(loc[2]))
            continue
        out.append(f"{'.'.join(str(p) for p in loc) or '(top level)'}: {_problem(error)}")
    if missing_keys:
        first, keys = next(iter(missing_keys.items()))
        more = f" (and {len(missing_keys) - 1} more event(s))" if len(missing_keys) > 1 else ""
        out.insert(0, f"events: each event needs {', '.join(EVENT_KEYS[:-1])} and {EVENT_KEYS[-1]}: events.{first} "
                      f"has no {', '.join(keys)}{more}")
    return out


def _problem(error: Any) -> str:
    kind = error["type"]
    if kind == "missing":
        return "missing"
    if kind == "extra_forbidden":
        return "unknown field (a battle log has no such field)"
    value = error.get("input")
    if kind in ("too_short", "too_long"):
        return str(error["msg"])
    if isinstance(value, dict | list):
        return f"{error['msg']} (got a JSON {_json_type(value)})"
    return f"{error['msg']} (got {_short(value)})"


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _json_type(value: Any) -> str:
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    if value is None:
        return "null"
    return "number"


def _non_finite(value: Any, where: str = "") -> list[str]:
    """The field paths of NaN and Infinity values (Python's JSON reader accepts them; a log never has them)."""
    if isinstance(value, float):
        return [] if math.isfinite(value) else [where or "(top level)"]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _non_finite(v, f"{where}.{k}" if where else str(k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _non_finite(v, f"{where}.{i}" if where else str(i))]
    return []


def spec_of(log: dict[str, Any]) -> BattleSpec | None:
    """The :class:`~tactical.battle.BattleSpec` saved in a log, or ``None`` when it has none.  Raises pydantic's
    ``ValidationError`` for an invalid spec."""
    raw = log.get("spec")
    return None if raw is None else BattleSpec.model_validate_json(json.dumps(raw))


def pre_battle_rolls(log: dict[str, Any]) -> list[battle_events.DiceRolled]:
    """The rolls before the first other event: the campaign's rolls on the battle's dice before the battle began
    (day or night, weather; R-CARD-05)."""
    out = []
    for event in events_from_json(log["events"]):
        if not isinstance(event, battle_events.DiceRolled):
            break
        out.append(event)
    return out


def refight(log: dict[str, Any]) -> BattleReport:
    """Fight the log's spec again with the battle's own dice (the re-fight rule of the module docstring).  Raises
    ``ValueError`` when the log has no spec (a log written before specs were saved)."""
    spec = spec_of(log)
    if spec is None:
        raise ValueError("the log has no spec: it cannot be fought again")
    dice = Dice(spec.seed, spec.key)
    for roll in pre_battle_rolls(log):
        dice.roll(len(roll.faces), roll.sides, label=roll.label, rule=roll.rule)
    first, second = log.get("captains", ("normal", "normal"))  # vas battle --captain (issue 22)
    return resolve(spec, dice=dice, levels=(str(first), str(second)))


@dataclass(frozen=True)
class ReplayCheck:
    """The outcome of :func:`replay_check`: the re-fought report, whether its events equal the saved ones, and
    the first difference (``None`` when identical)."""

    report: BattleReport
    identical: bool
    difference: str | None


def _plain(value: Any) -> Any:
    """Tuples as lists, as JSON has them."""
    return json.loads(json.dumps(value))


def replay_check(log: dict[str, Any]) -> ReplayCheck:
    """Re-fight the log's spec and compare the events with the saved ones, event for event.  Raises
    ``ValueError`` when the log has no spec."""
    report = refight(log)
    fresh = _plain([e.to_json() for e in report.events])
    saved = log["events"]
    for index, (old, new) in enumerate(zip(saved, fresh, strict=False)):
        if old != new:
            return ReplayCheck(report, False, f"event {index + 1} differs: saved '{old.get('text')}', "
                                              f"re-fought '{new.get('text')}'")
    if len(saved) != len(fresh):
        return ReplayCheck(report, False, f"the saved battle has {len(saved)} events, the re-fought one "
                                          f"{len(fresh)}")
    result = _plain(report.to_json())
    for key in RESULT_KEYS:  # R-UI-115: the result printed is the log's, so it must be the re-fight's too
        if log.get(key, _ABSENT) != result[key]:
            said = "missing" if key not in log else json.dumps(log[key])[:80]
            return ReplayCheck(report, False, f"the saved {key} is {said}, the re-fought battle's "
                                              f"{json.dumps(result[key])[:80]}")
    return ReplayCheck(report, True, None)


RESULT_KEYS = ("sides", "objectives", "victory_points", "victories", "winner", "turns_played", "ships")
"""The result fields a re-fight checks beside the events (R-UI-115): every battle log has held them."""
_ABSENT = object()


def report_of(log: dict[str, Any]) -> BattleReport:
    """A :class:`~tactical.battle.BattleReport` rebuilt from a log (for its :meth:`~BattleReport.summary`); event
    data values stay as JSON has them (lists, not tuples)."""
    ships = tuple(ShipResult(**{**{k: v for k, v in s.items() if k != "hull_lost"},
                                "vitals": tuple(s.get("vitals", ()))}) for s in log["ships"])
    flights = tuple(FlightResult(**f) for f in log.get("flights", []))
    mtbs = tuple(FlightResult(**m) for m in log.get("mtbs", []))
    events = tuple(events_from_json(log["events"]))
    return BattleReport(
        sides=tuple(log["sides"]),  # type: ignore[arg-type]
        objectives=tuple(log.get("objectives", ("?", "?"))),  # type: ignore[arg-type]
        ships=ships,
        victory_points=tuple(log.get("victory_points", (0, 0))),  # type: ignore[arg-type]
        victories=tuple(log.get("victories", ("none", "none"))),  # type: ignore[arg-type]
        winner=log.get("winner"),
        turns_played=int(log.get("turns_played", 0)),
        events=events,
        seed=int(log.get("seed", 0)),
        key=tuple(log.get("key", ())),
        flights_lost=tuple(log.get("flights_lost", ())),
        flights=flights,
        mtbs=mtbs,
        conditions=dict(log.get("conditions", {})),
    )


def ships_line(tb: TacticalBattle) -> str:
    """The Hull each side lost in all (ships, submarines and AA emplacements) and who lost it, e.g. ``Hull lost:
    Allies 9/373 (Hood -9); Axis 38/117 (Gneisenau -20, Admiral Hipper -18)``; the forces themselves are on the
    battle's result line."""
    parts = []
    for side in tb.report.sides:
        ships = [s for s in tb.report.ships if s.side == side]
        lost = sum(s.hull_lost for s in ships)
        start = sum(s.hull_start for s in ships)
        hit = ", ".join(f"{s.name} -{s.hull_lost}" for s in ships if s.hull_lost)
        parts.append(f"{side} {lost}/{start}" + (f" ({hit})" if hit else ""))
    return "Hull lost: " + "; ".join(parts)
