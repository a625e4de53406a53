"""Saved logs of campaign battles fought tactically (issue 7 item 4, issue 8 item 4).

A battle log is a JSON object: the :meth:`tactical.battle.BattleReport.to_json` keys (``sides``, ``objectives``,
``victory_points``, ``victories``, ``winner``, ``turns_played``, ``seed``, ``key``, ``conditions``, ``ships``,
``flights``, ``flights_lost``, ``mtbs``, ``events``) plus

* ``spec``: the :class:`~tactical.battle.BattleSpec` fought (``model_dump(mode="json")``), so that the battle can
  be fought again;
* ``campaign`` (campaign battles only): ``{"area", "turn", "year", "left_out": {unit: reason}, "notes": [...]}``
  and ``"kind"`` when the :class:`~strategic.battles.TacticalBattle` has one.

``vas battle --log`` writes the same shape with ``spec`` and without ``campaign``; the battle viewer
(:mod:`tui.battle_viewer`) reads both.

**Re-fight rule.**  A battle's dice are ``Dice(spec.seed, spec.key)`` (the campaign spawns them as
``campaign.dice.spawn(turn, battle_no)``, the same stream: R-CARD-05).  The campaign rolls day or night and the
weather on those dice before the battle begins; the engine's log records those rolls as the ``roll`` events that
precede the first other event.  :func:`refight` rolls them again (same count, sides, label and rule) and then
fights the spec, so the re-fought battle is the saved one event for event when engine and cards are unchanged;
:func:`replay_check` says whether it is, and where it first differs.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from strategic.json_files import read_json, write_text_atomic
from tactical.battle import BattleReport, BattleSpec, FlightResult, ShipResult, resolve
from tactical.dice import Dice
from tactical.events import Event

if TYPE_CHECKING:
    from strategic.battles import TacticalBattle

REPORT_KEYS = frozenset({"sides", "ships", "events"})
"""Keys every battle log has (the battle viewer needs them)."""


class BattleLogError(ValueError):
    """A file that is not a readable battle log: the message names the file and the problem."""


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
    """Read a battle log (``vas battle --log`` or a campaign battle log) and check its shape.

    Raises :class:`BattleLogError` naming ``path`` when the file cannot be read, is not JSON, is not an object with
    ``sides``, ``ships`` and ``events`` (a list of events with ``turn``, ``phase``, ``kind`` and ``text``), or has a
    ``spec`` that is not a valid :class:`~tactical.battle.BattleSpec`."""
    path = Path(path)
    log = read_json(path, BattleLogError, unreadable="{path}: not a readable battle log ({reason})",
                    invalid="{path}:{line}: not a readable battle log (invalid JSON: {msg})")
    if not isinstance(log, dict) or not set(log) >= REPORT_KEYS:
        raise BattleLogError(f"{path}: not a battle log (needs sides, ships and events)")
    events = log["events"]
    if not isinstance(events, list) or not all(
            isinstance(e, dict) and {"turn", "phase", "kind", "text"} <= set(e) for e in events):
        raise BattleLogError(f"{path}: events: each event needs turn, phase, kind and text")
    if not isinstance(log["sides"], list) or len(log["sides"]) != 2:
        raise BattleLogError(f"{path}: sides: two side names expected, got {log['sides']!r}")
    if log.get("spec") is not None:
        try:
            spec_of(log)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise BattleLogError(f"{path}: spec.{where}: {first['msg']} ({exc.error_count()} problem(s))") from exc
    return log


def spec_of(log: dict[str, Any]) -> BattleSpec | None:
    """The :class:`~tactical.battle.BattleSpec` saved in a log, or ``None`` when it has none.  Raises pydantic's
    ``ValidationError`` for an invalid spec."""
    raw = log.get("spec")
    return None if raw is None else BattleSpec.model_validate_json(json.dumps(raw))


def pre_battle_rolls(log: dict[str, Any]) -> list[dict[str, Any]]:
    """The ``roll`` events before the first other event: the campaign's rolls on the battle's dice before the battle
    began (day or night, weather; R-CARD-05)."""
    out = []
    for event in log["events"]:
        if event["kind"] != "roll":
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
    for event in pre_battle_rolls(log):
        data = event.get("data", {})
        dice.roll(len(data.get("faces", [])), int(data.get("sides", 6)), label=str(data.get("label", "")),
                  rule=str(data.get("rule", "")))
    return resolve(spec, dice=dice)


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
    return ReplayCheck(report, True, None)


def report_of(log: dict[str, Any]) -> BattleReport:
    """A :class:`~tactical.battle.BattleReport` rebuilt from a log (for its :meth:`~BattleReport.summary`); event
    data values stay as JSON has them (lists, not tuples)."""
    ships = tuple(ShipResult(**{**{k: v for k, v in s.items() if k != "hull_lost"},
                                "vitals": tuple(s.get("vitals", ()))}) for s in log["ships"])
    flights = tuple(FlightResult(**f) for f in log.get("flights", []))
    mtbs = tuple(FlightResult(**m) for m in log.get("mtbs", []))
    events = tuple(Event(e["turn"], e["phase"], e["kind"], e["text"], e.get("ship"), e.get("side"),
                         tuple(e.get("data", {}).items())) for e in log["events"])
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
