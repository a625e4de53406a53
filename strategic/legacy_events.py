"""The untyped events of version 1 and 2 saves: reading them back as typed ones (:func:`from_legacy`), and a typed
event's version-2 form (:func:`to_legacy`, which the self-play digest hashes).

An old event holds a kind, a sentence, a rule and some data; the facts a typed event needs are in the data or in
the sentence (whose wording :mod:`strategic.narrate` still has).  :func:`rebuild` takes them from there;
``from_legacy`` keeps the result only if it words the event exactly as the old save did.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from scenarios.models import Theatre
from strategic import events as ev
from strategic.narrate import MOVE_VERBS, describe
from strategic.orders import ORDER_ADAPTER

Fields = dict[str, Any]


def to_legacy(event: ev.CampaignEvent) -> ev.LegacyEvent:
    """``event`` as a version-2 save held it (kind, text, rule, data)."""
    kind = event.old_kind if isinstance(event, ev.Noted) else ev.legacy_kind(event)
    return ev.LegacyEvent(turn=event.turn, phase=event.phase, kind=kind, text=describe(event), rule=event.rule,
                          data=event.legacy_data())


def from_legacy(old: ev.LegacyEvent) -> ev.Event:
    """The typed event of an old save's ``old``: the type its kind and data rebuild exactly (same text, rule and
    data, checked), else a :class:`~strategic.events.Noted` keeping them."""
    try:
        event = rebuild(old)
    except (KeyError, ValueError, TypeError, IndexError, AttributeError):
        event = None
    if event is not None and to_legacy(event).model_dump_json() == old.model_dump_json():
        return event
    return ev.Noted(turn=old.turn, phase=old.phase, rule=old.rule, old_kind=old.kind, note=old.text,
                    data=dict(old.data))


def rebuild(old: ev.LegacyEvent) -> ev.Event | None:
    """The typed event ``old`` stands for, or ``None`` when its kind has no typed reading here.  May raise
    ``KeyError``, ``ValueError``, ``TypeError`` or ``IndexError`` on a sentence of another wording."""
    reader = _READERS.get(old.kind)
    if reader is None:
        return None
    kind, fields = reader(old.text, dict(old.data))
    if kind is None:
        return None
    return ev.EVENT_ADAPTER.validate_python({"kind": ev.kind_of(kind), "turn": old.turn, "phase": old.phase,
                                             "rule": old.rule, **fields})


def _after(text: str, marker: str) -> str:
    return text.split(marker, 1)[1]


def _order(text: str, data: Fields) -> tuple[type[ev.CampaignEvent], Fields]:
    return ev.OrderGiven, {"player": text.split(": ", 1)[0], "order": ORDER_ADAPTER.validate_python(data["order"])}


def _refused(text: str, data: Fields) -> tuple[type[ev.CampaignEvent], Fields]:
    player, rest = text.split(": ", 1)
    return ev.OrderRefused, {"player": player, "message": rest.split(": ", 1)[1]}


def _move(text: str, data: Fields) -> tuple[type[ev.CampaignEvent], Fields]:
    unit = data["unit"]
    rest = text[len(unit) + 1:]
    if "path" not in data:
        for outcome, pattern in (("stays", r"stays in (.+)"), ("raider", r"enters (.+) as a raider"),
                                 ("returns", r"returns to (.+)")):
            match = re.fullmatch(pattern, rest)
            if match:
                return ev.MoveCutShort, {"unit": unit, "outcome": outcome, "place": match.group(1)}
        raise ValueError(text)
    if rest.startswith("joins the Pearl Harbor special force"):
        return ev.UnitMoved, {**data, "origin": "Yokosuka Navy Yard", "how": "pearl_force"}
    if rest.startswith("puts to sea from "):
        return ev.UnitMoved, {**data, "origin": _after(rest, "from "), "how": "sortie"}
    if rest.startswith("moves on from the "):  # a Location Uncertain group (R-PAC-19)
        return ev.UnitMoved, {**data, "origin": rest.removeprefix("moves on from the ").split(" as a raider")[0],
                              "how": "onward"}
    verb = next((v for v, _ in MOVE_VERBS.values() if rest.startswith(f"{v} ")), rest.split(" ", 1)[0])
    origin = rest[len(verb) + 1:].split(" -> ")[0]
    if rest.startswith("sails "):  # a convoy on its route (R-OPS-67)
        return ev.UnitMoved, {**data, "origin": origin, "how": "convoy"}
    return ev.UnitMoved, {**data, "origin": origin}


_BATTLE = re.compile(r"Tactical battle in (?P<area>.+?) \((?P<year>\d+), (?P<time>day|night), "
                     r"(?P<weather>.+?) weather, \d+ turn\(s\)\): (?P<forces>.+?); "
                     r"Allies (?P<o0>.+?) against Axis (?P<o1>.+?); VP -?\d+--?\d+; (?P<rest>.*)")
_RAID = re.compile(r"Tactical (?P<what>air raid|surprise attack) on (?P<where>.+?) from (?P<area>.+?) \((?P<year>\d+), "
                   r"\d+ turn\(s\)\): (?P<forces>.+?); VP -?\d+--?\d+; (?P<rest>.*)")
_FATES = ("sunk", "crippled", "withdrew", "eliminated", "used up")
_COUNTS = {"ship": "ships", "Flight": "flights", "submarine": "submarines", "AA emplacement": "aa"}


def _force(words: str) -> Fields:
    name, _, counts = words.partition(" ")
    force: Fields = {"name": name}
    for part in ([] if counts == "nothing" else counts.split(", ")):
        number, what = part.split(" ", 1)
        force[_COUNTS[what if number == "1" else what.removesuffix("s")]] = int(number)
    return force


def _fates(parts: list[str]) -> tuple[dict[str, dict[str, list[str]]], list[int]]:
    """A tactical result's fates (``Axis: sunk Orion, withdrew Gneisenau``) and Flights lost."""
    fates: dict[str, dict[str, list[str]]] = {}
    lost: list[int] = []
    for part in parts:
        if part.startswith("Flights lost: "):
            lost = [int(side.rsplit(" ", 1)[1]) for side in part.removeprefix("Flights lost: ").split(", ")]
            continue
        side, rest = part.split(": ", 1)
        kinds: dict[str, list[str]] = {}
        current: list[str] = []
        for name in rest.split(", "):
            fate = next((f for f in _FATES if name.startswith(f"{f} ")), None)
            if fate is not None:
                current = kinds.setdefault(fate, [])
                name = name.removeprefix(f"{fate} ")
            current.append(name)
        fates[side] = kinds
    return fates, lost


def _tactical(text: str, data: Fields) -> Fields:
    """The facts of a tactical battle's result line (strategic/narrate.py words it)."""
    match = _BATTLE.fullmatch(text) or _RAID.fullmatch(text)
    if match is None:
        raise ValueError(text)
    found = match.groupdict()
    forces = [_force(words) for words in found["forces"].split(" against ")]
    result, *parts = found["rest"].split("; ")
    fates, lost = _fates(parts)
    sides = [f["name"] for f in forces]
    victories = [] if data["winner"] else [v.rsplit(" ", 2)[1].replace("no", "none") for v in
                                           result.removeprefix("a draw (").removesuffix(")").split(", ")]
    facts: Fields = {**data, "year": int(found["year"]), "forces": forces, "sides": sides, "victories": victories,
                     "fates": fates, "flights_lost": lost or [0, 0]}
    if "what" in found:
        return {**facts, "what": found["what"], "ports": [] if found["where"] == data["area"]
                else found["where"].split(", ")}
    return {**facts, "time": found["time"], "weather": found["weather"], "objectives": [found["o0"], found["o1"]]}


def _battle(text: str, data: Fields) -> tuple[type[ev.CampaignEvent] | None, Fields]:
    area = data.get("area")
    if "winner" in data:
        return ev.BattleFought, _tactical(text, data)
    if area is None:
        areas = text.removeprefix("battles in ").removesuffix(" wait for a combat resolver").split(", ")
        return ev.BattlesWaiting, {"areas": areas}
    if "unit" in data:
        return ev.LeftOut, {**data, "why": _after(text, "stays out of the tactical battle: ")}
    if text.startswith("  "):
        return ev.BattleNote, {"area": area, "note": _after(text, f"{area}: ")}
    if text.startswith("No tactical battle in "):
        why = _after(text, f"{area}: ").removesuffix("; nothing is fought")
        return ev.BattleHandedOver, {"area": area, "how": "unfought", "why": why}
    battle = text.split(" in ", 1)[0].lower()
    if text.endswith("after an engine error (the player's choice)"):
        return ev.BattleHandedOver, {"area": area, "battle": battle, "how": "after_error"}
    match = re.search(r" fought by the (\w+) rules: (.*)$", text)
    if match is None:
        return None, {}
    return ev.BattleHandedOver, {"area": area, "battle": battle, "how": "fallback", "fallback": match.group(1),
                                 "why": match.group(2)}


def _lead_value(words: str) -> int:
    if words == "level":
        return 0
    side, number = words.split(" +")
    return int(number) if side == "Axis" else -int(number)


def _poc(text: str, data: Fields) -> tuple[type[ev.CampaignEvent], Fields]:
    tracks = re.findall(r"(\w+) [+-]\d+ \(track ([^)]+)\)", text)
    return ev.PocScored, {"awards": data["awards"], "totals": {t: _lead_value(w) for t, w in tracks}}


def _victory(text: str, data: Fields) -> tuple[type[ev.CampaignEvent], Fields]:
    winner = text.removeprefix("victory to the ").split(" side", 1)[0]
    inside = text.split("(", 1)[1].removesuffix(")")
    results = dict(part.split(": ") for part in inside.split(", ")) if inside else {}
    return ev.Victory, {"winner": winner, "results": results}


def _automatic(text: str, data: Fields) -> tuple[type[ev.CampaignEvent], Fields]:
    theatre, rest = text.split(": ", 1)
    side = rest.removeprefix("automatic victory for the ").split(" side", 1)[0]
    return ev.AutomaticVictory, {"theatre": theatre, "side": side, "poc": _lead_value(rest.split("(")[1][:-1])}


def _removal(text: str, data: Fields) -> tuple[type[ev.CampaignEvent], Fields]:
    rest = text[len(data["unit"]) + 1:]
    if rest.startswith("withdrawn in place of "):
        gone = rest.removeprefix("withdrawn in place of ").removesuffix(", already gone")
        return ev.UnitRemoved, {**data, "why": "substitute", "instead_of": gone}
    return ev.UnitRemoved, {**data, "why": "used" if rest.startswith("is used") else "withdrawn"}


def _lost(text: str, data: Fields) -> tuple[type[ev.CampaignEvent], Fields]:
    if "no friendly place among " not in text:
        return ev.UnitLost, data
    places = re.findall(r"'([^']*)'", _after(text, "no friendly place among "))
    return ev.UnitLost, {**data, "places": places}


def _surprise(text: str, data: Fields) -> tuple[type[ev.CampaignEvent], Fields]:
    match = re.fullmatch(r"no surprise (raid on|attack in) (.+): Japan had units based in (\w+) \((.*)\)", text)
    if match is None:
        return ev.NoSurprise, {}
    return ev.NoSurprise, {"target": match.group(2), "raid": match.group(1) == "raid on", "base": match.group(3),
                           "units": match.group(4).split(", ")}


def _simple(kind: type[ev.CampaignEvent], build: Callable[[str, Fields], Fields]
            ) -> Callable[[str, Fields], tuple[type[ev.CampaignEvent], Fields]]:
    return lambda text, data: (kind, build(text, data))


_READERS: dict[str, Callable[[str, Fields], tuple[Any, Fields]]] = {
    "turn": _simple(ev.TurnBegan, lambda t, d: {}),
    "order": _order,
    "order_refused": _refused,
    "loan": _simple(ev.LoanChanged, lambda t, d: {**d, "to": t.split(" lent to ")[1] if " lent to " in t else None,
                                                  "player": t.split(" recalled by ")[-1]}),
    "arrival": _simple(ev.UnitArrived, lambda t, d: {**d, "at": "reserve" if t.endswith("the submarine reserve")
                                                     else "sea" if ": at sea in " in t else "port"}),
    "reserve": _simple(ev.KeptInReserve, lambda t, d: d),
    "removal": _removal,
    "lost": _lost,
    "forced_move": _simple(ev.ForcedMove, lambda t, d: {**d, "leaves": Theatre.WAS if "War at Sea" in t
                                                        else Theatre.VITP}),
    "location_uncertain": _simple(ev.LocationRoll, lambda t, d: {"group": d["group"], "face": d["face"],
                                                                 "result": d["place"]}),
    "caribbean_roll": _simple(ev.CaribbeanRoll, lambda t, d: d),
    "side_change": _simple(ev.SideChange, lambda t, d: {**d, "joins": t.endswith("joins the Allies")}),
    "move": _move,
    "speed_roll": _simple(ev.SpeedRoll, lambda t, d: {**d, "speed": int(t.rsplit(" ", 1)[1].rstrip(")"))}),
    "air": _simple(ev.AirPlaced, lambda t, d: d),
    "submarine": _simple(ev.SubmarinePlaced, lambda t, d: d),
    "surface_raider": _simple(ev.SurfaceRaiderPlaced, lambda t, d: {**d, "area": _after(t, " placed in ")}),
    "return": _simple(ev.UnitReturned, lambda t, d: d),
    "oil_roll": _simple(ev.OilRoll, lambda t, d: {**d, "port": t.rsplit(": ", 1)[1]}),
    "frozen": _simple(ev.UnitFrozen, lambda t, d: d),
    "repair": _simple(ev.Repaired, lambda t, d: {**d, "port": re.search(r" at (.+) \(damage now", t).group(1),  # type: ignore[union-attr]
                                                 "damage": int(t.rsplit(" ", 1)[1].rstrip(")"))}),
    "attack": _simple(ev.AttackAnnounced, lambda t, d: {}),
    "pearl_force": _simple(ev.PearlForceDecided, lambda t, d: {"stays": t.endswith("stays for normal combat")}),
    "surprise": _surprise,
    "control": _simple(ev.ControlLost, lambda t, d: {**d, "area": t.removeprefix("Allied control of ").split(" ")[0]}),
    "battle": _battle,
    "combat": _simple(ev.CombatNoted, lambda t, d: {**d, "note": _after(t, f"{d['area']}: ")}),
    "sunk": _simple(ev.UnitSunk, lambda t, d: {**d, "place": _after(t, " is sunk in ")}),
    "eliminated": _simple(ev.UnitEliminated, lambda t, d: {**d, "place": _after(t, " is eliminated in ")}),
    "disabled": _simple(ev.UnitDisabled, lambda t, d: {**d, "place": "" if t.endswith("returns to port")
                                                       else _after(t, " is disabled in ")}),
    "landing": _simple(ev.UnitLanded, lambda t, d: d),
    "convoy_arrived": _simple(ev.ConvoyArrived, lambda t, d: d),
    "neutral_stay": _simple(ev.NeutralPortStay, lambda t, d: d),
    "poc": _poc,
    "isolation": _simple(ev.PortIsolated, lambda t, d: dict(zip(("port", "turns", "needed"), re.fullmatch(
        r"(.+) is isolated \((\d+)/(\d+) turns\)", t).groups(), strict=True))),  # type: ignore[union-attr]
    "capture": _simple(ev.PortCaptured, lambda t, d: {**d, **dict(zip(("side", "how"), re.fullmatch(
        re.escape(d["port"]) + r" falls to the (\w+) side (.*)", t).groups(), strict=True))}),  # type: ignore[union-attr]
    "escape": _simple(ev.UnitEscaped, lambda t, d: {**d, "port": _after(t, " puts to sea from ")}),
    "automatic_victory": _automatic,
    "victory": _victory,
}
