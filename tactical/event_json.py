"""Writing tactical events (:mod:`tactical.events`) as the JSON of a battle log, and reading them back.

The format is that of the untyped events before issue 14, key for key: ``turn``, ``phase``, ``kind``, ``text`` (the
line of the account, :mod:`tactical.narrate`), ``ship`` and ``side`` when set, and ``data`` (the event type's
``DATA`` fields, lists for tuples) when it has figures.  Reading takes the figures from ``data`` and the other fields
from the words, through the same templates that wrote them; the words are kept as read
(:attr:`~tactical.events.Event.recorded`) so that a log read and written again is unchanged.  A line that no type of
its kind reads (an older wording) becomes an :class:`~tactical.events.UnreadEvent`.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from tactical import events as ev
from tactical.narrate import LEFT_FLEET, SUNK_FLEET, TEMPLATES, pieces

_NUMBER = r"[+-]?\d+(?:\.\d+)?(?:e[+-]?\d+)?"
_GONE = rf"(?:.+?) (?:{re.escape(SUNK_FLEET)}|{re.escape(LEFT_FLEET)})"
"""One fleet gone in a :class:`~tactical.events.BattleEnded`'s words."""

EXTRA_PATTERNS: dict[type[ev.Event], str] = {
    ev.BattleResult: (
        r"(?:(?P<winner>.+?) wins|Draw): (?P<fleet0>.+?) (?P<level0>[\w ]+?) victory \((?P<vp0>-?\d+) VP\), "
        r"(?P<fleet1>.+?) (?P<level1>[\w ]+?) victory \((?P<vp1>-?\d+) VP\)"
    ),
    ev.BattleEnded: rf"(?P<gone>A fleet has left the battle|{_GONE}(?: and {_GONE})*): the battle ends",
    ev.OrderGiven: r"\x00ship\x00 orders .+?(?P<checked> \((?:passed|failed)\))?",
    ev.MagazinesFlooded: r"\x00ship\x00 floods its magazines: scores (?P<scores>.*?); (?P<outcome>.*)",
    ev.Dogfight: (
        r"Dogfight \x00ship\x00 (?P<roll>-?\d+) against \x00target\x00 (?P<target_roll>-?\d+)"
        r"(?: \(support (?P<sa>\d+)/(?P<sb>\d+)\))?: .*"
    ),
    ev.AAFire: (
        r"\x00ship\x00 (?P<system>.+?) fires \d+ AA die\(s\) at \x00target\x00, needs (?P<need>-?\d+)\+: "
        r"\d+ hit\(s\)(?: \((?P<needed>\d+) needed\))?"
    ),
}
"""Patterns reading the words of the event types told by functions (:data:`tactical.narrate.TELLERS`) whose
fields are not all in ``data``; named groups give the fields (see :func:`_extra_fields`)."""


def _extra_fields(cls: type[ev.Event], m: re.Match[str]) -> dict[str, Any]:
    g = m.groupdict()
    if cls is ev.BattleResult:
        levels = tuple("none" if lv == "no" else lv for lv in (g["level0"], g["level1"]))
        return {"winner": g["winner"], "fleets": (g["fleet0"], g["fleet1"]), "levels": levels,
                "vp": (int(g["vp0"]), int(g["vp1"]))}  # fmt: skip
    if cls is ev.BattleEnded:
        fates = {SUNK_FLEET: "sunk", LEFT_FLEET: "left"}
        one = rf"(.+?) ({re.escape(SUNK_FLEET)}|{re.escape(LEFT_FLEET)})(?: and |$)"
        found = [] if g["gone"] == "A fleet has left the battle" else re.findall(one, g["gone"])
        return {kind: tuple(name for name, fate in found if fates[fate] == kind) for kind in ("sunk", "left")}
    if cls is ev.OrderGiven:
        return {"automatic": g["checked"] is None}
    if cls is ev.MagazinesFlooded:
        scores = tuple((a, int(s)) for a, s in (item.rsplit(" ", 1) for item in g["scores"].split(", ") if item))
        return {"scores": scores, "outcome": g["outcome"]}
    if cls is ev.Dogfight:
        return {"roll": int(g["roll"]), "target_roll": int(g["target_roll"]),
                "support": (int(g["sa"] or 0), int(g["sb"] or 0))}  # fmt: skip
    if cls is ev.AAFire:
        return {"system": g["system"], "need": int(g["need"]), "needed": int(g["needed"] or 1)}
    return {}


def event_to_json(event: ev.Event) -> dict[str, Any]:
    """The event as a battle log writes it (module docstring)."""
    out: dict[str, Any] = {"turn": event.turn, "phase": event.phase, "kind": event.kind, "text": event.text}
    if event.ship is not None:
        out["ship"] = event.ship
    if event.side is not None:
        out["side"] = event.side
    data = event.data
    if data:
        out["data"] = {k: list(v) if isinstance(v, tuple) else v for k, v in data}
    return out


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


Converter = Callable[[str | None], Any]


def _convert(hint: Any) -> Converter:
    """Reads one field of the words by its type: numbers, strings, optional ones (absent: None, 0 or "")."""
    args = set(typing.get_args(hint)) - {type(None)}
    base = next(iter(args)) if args else hint
    optional = type(None) in typing.get_args(hint)
    empty: Any = None if optional else {int: 0, float: 0.0, str: ""}.get(base)

    def convert(text: str | None) -> Any:
        if text is None:
            return empty
        if base is int:
            return int(text)
        if base is float:
            return float(text)
        return text

    return convert


def _spec_pattern(spec: str) -> tuple[str, Callable[[str | None], Any] | None]:
    """The regular expression of one templated field and how to read it (None: the field's type decides)."""
    if spec.startswith("?"):
        yes, bar, no = spec[1:].partition("|")
        if bar:
            return f"({re.escape(yes)}|{re.escape(no)})", lambda t: t == yes
        return f"({re.escape(yes)})?", lambda t: t is not None
    if spec.startswith("*"):
        sep, _, prefix = spec[1:].partition("|")

        def items(t: str | None) -> tuple[str, ...]:
            return tuple(t.split(sep)) if t else ()

        return (f"(?:{re.escape(prefix)}(.*?))?" if prefix else "(.*?)"), items
    if spec.startswith("~"):
        prefix, _, rest = spec[1:].partition("|")
        suffix = rest.partition("|")[2]
        return f"(?:{re.escape(prefix)}(.+?){re.escape(suffix)})?", None
    if spec == "mods":

        def mods(t: str | None) -> ev.Mods:
            inner = (t or "")[2:-1]
            return tuple((w, int(v)) for w, v in (m.rsplit(" ", 1) for m in inner.split(", ") if m))

        return r"((?: \[.*?\])?)", mods
    if spec == "#":
        return r"(\d+)", None
    if spec == "_":
        return "(.*?)", lambda t: (t or "").replace(" ", "_")
    if spec:
        return f"({_NUMBER})", None
    return "(.*?)", None


Reader = tuple[str, list[tuple[str, int | None, Callable[[str | None], Any]]]]


def _reader(cls: type[ev.Event]) -> Reader | None:
    """The compiled pattern of a templated type's words and, per group, its field, index and reader."""
    if cls in _READERS:
        return _READERS[cls]
    _READERS[cls] = reader = _compile(cls)
    return reader


_READERS: dict[type[ev.Event], Reader | None] = {}


def _compile(cls: type[ev.Event]) -> Reader | None:
    template = TEMPLATES.get(cls)
    if template is None:
        return None
    hints = typing.get_type_hints(cls)
    regex, groups = "", []
    for literal, name, index, spec in pieces(template):
        regex += re.escape(literal)
        if name is None:
            continue
        if (name in ("ship", "side") or name in cls.DATA) and not spec and index is None:
            regex += "\x00" + name + "\x00"  # known from the entry: its ship, side or figures
            continue
        pattern, read = _spec_pattern(spec)
        if pattern == "(.*?)" and read is None and not spec:
            base = _base(hints[name] if index is None else typing.get_args(hints[name])[0])
            pattern = {int: r"(-?\d+)", float: f"({_NUMBER})"}.get(base, pattern)
        regex += pattern
        if spec == "#":
            read = lambda t: None  # noqa: E731 (a count shown beside the list it counts)
            name = ""
        elif read is None:
            hint = hints[name]
            read = _convert(typing.get_args(hint)[0] if index is not None else hint)
        groups.append((name, index, read))
    return regex, groups


def _base(hint: Any) -> Any:
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    return args[0] if args else hint


def _known(regex: str, known: dict[str, Any]) -> str:
    """The pattern with the values already known (``\\x00name\\x00``) put in."""
    regex = regex.replace(r"\x00", "\x00")  # the patterns above are raw strings
    if "\x00" not in regex:
        return regex
    parts = regex.split("\x00")
    return "".join(re.escape(str(known.get(p, ""))) if i % 2 else p for i, p in enumerate(parts))


def _text_fields(cls: type[ev.Event], text: str, known: dict[str, Any]) -> dict[str, Any] | None:
    """The fields that ``text`` shows, if it is in the words of ``cls`` (``known``: the entry's ship, side and
    figures)."""
    reader = _reader(cls)
    if reader is None:
        pattern = EXTRA_PATTERNS.get(cls)
        if pattern is None:
            return {}
        m = re.fullmatch(_known(pattern, known), text)
        return _extra_fields(cls, m) if m else None
    regex, groups = reader
    match = re.fullmatch(_known(regex, known), text)
    if match is None:
        return None
    out: dict[str, Any] = {}
    items: dict[str, dict[int, Any]] = {}
    for (name, index, read), raw in zip(groups, match.groups(), strict=True):
        if not name:
            continue
        if index is None:
            out[name] = read(raw)
        else:
            items.setdefault(name, {})[index] = read(raw)
    for name, parts in items.items():
        out[name] = tuple(parts[i] for i in sorted(parts))
    return out


@cache
def _types_of(kind: str) -> tuple[type[ev.Event], ...]:
    return tuple(t for t in ev.EVENT_TYPES if t.kind == kind and t is not ev.UnreadEvent)


def _field_names(cls: type[ev.Event]) -> frozenset[str]:
    names = _NAMES.get(cls)
    if names is None:
        names = frozenset(typing.get_type_hints(cls)) - {"turn", "phase", "ship", "side", "recorded", "kind", "DATA"}
        _NAMES[cls] = names
    return names


_NAMES: dict[type[ev.Event], frozenset[str]] = {}


def event_from_json(raw: dict[str, Any]) -> ev.Event:
    """The typed event of one entry of a battle log's ``events`` (module docstring)."""
    kind, text, data = raw["kind"], raw["text"], raw.get("data", {})
    common: dict[str, Any] = {"ship": raw.get("ship"), "side": raw.get("side"), "recorded": text}
    figures = {k: _tuples(v) for k, v in data.items()}
    for cls in _types_of(kind):
        shown = _text_fields(cls, text, {"ship": raw.get("ship"), "side": raw.get("side"), **data})
        if shown is None:
            continue
        names = _field_names(cls)
        fields = {k: v for k, v in {**shown, **figures}.items() if k in names}
        if names <= fields.keys():
            return cls(raw["turn"], raw["phase"], **common, **fields)
    return ev.UnreadEvent(raw["turn"], raw["phase"], **common, kind=kind,
                          logged_data=tuple(figures.items()))  # fmt: skip


def events_from_json(raw: Iterable[dict[str, Any]]) -> list[ev.Event]:
    """The typed events of a battle log's ``events``."""
    return [event_from_json(e) for e in raw]


ev._HOOKS["to_json"] = event_to_json
