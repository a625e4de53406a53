"""Published ship cards from a pair of CSV files into the ``cards`` section of a data file (issue 20, R-CARD-20).

The CSV pair is the layout of ``reference/cards/usn_*.csv`` and ``km_*.csv``, one row per card entry and one row
per weapon system of an entry:

* ships: ``entry,ship,type,flank_speed,armour,hull,crippled,traits,points`` (``flank_speed`` like ``6"``,
  ``armour`` like ``6+``, ``traits`` comma separated);
* weapons: ``entry,ship,weapon,arcs,point_blank,short,long,extreme,ad,ap,dd,traits`` (ranges like ``10"``; ``-``
  for none: an AA Battery without ranges, AP 0, no traits).

An entry is a ship's card as built (the ship's name) or a later state of it: ``NAME Refit YEAR``, ``NAME YEAR`` or
``NAME YEAR-YEAR`` (the first year).  Each ship becomes one card whose dated entries are refits holding only the
fields that change (000 "refits are cumulative"); a ship with only dated entries is printed for its first year
(``printed_year``).  Entries marked "Never Completed" are refits that were never made and are left out (their
existence is recorded in the card's notes).  Traits are spelled as the rules spell them (Armoured Deck, Depth
Charge).  :func:`cards_from_csv` returns plain dicts that validate as :class:`~scenarios.cards.ShipCard`;
:func:`dump_cards` writes them as YAML that ``--data DIR`` loads.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from scenarios.errors import InputError

TRAIT_SPELLING = {"Armored Deck": "Armoured Deck", "Depth-Charges": "Depth Charge", "Depth Charges": "Depth Charge"}
"""CSV trait spellings and the spelling of the rules (R-TAC-01)."""

KINDS = (("Turret", "main_gun"), ("Light Guns", "light_gun"), ("AA Battery", "aa_battery"))
"""Weapon kind from the start of the weapon's name; a name holding "Torpedoes" is a torpedo system."""

_DATED = re.compile(r"^(?P<ship>.*?)\s+(?:Refit\s+)?(?P<year>19[0-4]\d)(?:-19[0-4]\d)?(?P<rest>.*)$")
SHIP_COLUMNS = ("entry", "ship", "type", "flank_speed", "armour", "hull", "crippled", "traits", "points")
WEAPON_COLUMNS = ("entry", "ship", "weapon", "arcs", "point_blank", "short", "long", "extreme", "ad", "ap", "dd",
                  "traits")


def _rows(path: Path, columns: tuple[str, ...]) -> list[dict[str, str]]:
    """The rows of a CSV file; a folder, a pipe or a device is refused unread (a FIFO hung), bytes that are not
    UTF-8 (a spreadsheet's own encoding) and a line the CSV reader refuses are named (R-UI-86)."""
    if path.exists() and not path.is_file():
        raise InputError(f"{path}: cannot read ({'a folder' if path.is_dir() else 'not a regular file'}, not a "
                         "CSV file)")
    try:
        with path.open(newline="", encoding="utf-8-sig") as handle:
            reader = csv.DictReader(handle)
            missing = [c for c in columns if c not in (reader.fieldnames or [])]
            if missing:
                raise InputError(f"{path}: missing column(s) {', '.join(missing)} (expected {','.join(columns)})")
            rows = []
            for row in reader:
                short = [c for c in columns if row.get(c) is None]  # a row of fewer fields than the header
                if short:
                    raise InputError(f"{path}:{reader.line_num}: no {', '.join(short)} (the row has fewer fields "
                                     "than the header; a quote left open?)")
                rows.append(row)
            return rows
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at offset {exc.start}); "
                         "save the file as UTF-8 CSV") from None
    except csv.Error as exc:
        raise InputError(f"{path}: not a CSV file ({exc})") from None


def _number(text: str, where: str) -> int:
    cleaned = text.strip().rstrip('"+').lstrip("+")
    if cleaned in ("", "-"):
        return 0
    try:
        return int(cleaned)
    except ValueError:
        raise InputError(f"{where}: '{text}' is not a number") from None


def _traits(text: str) -> list[str]:
    parts = [t.strip() for t in text.split(",") if t.strip() and t.strip() != "-"]
    return [TRAIT_SPELLING.get(t, t) for t in parts]


def _kind(name: str, where: str) -> str:
    for prefix, kind in KINDS:
        if name.startswith(prefix):
            return kind
    if "Torpedoes" in name:
        return "torpedo"
    raise InputError(f"{where}: weapon '{name}' is not a Turret, Light Guns, AA Battery or Torpedoes system")


def _weapon(row: Mapping[str, str], where: str) -> dict[str, Any]:
    bands = [row[c].strip() for c in ("point_blank", "short", "long", "extreme")]
    ranges = None if all(b in ("", "-") for b in bands) else [_number(b, where) for b in bands]
    out: dict[str, Any] = {
        "name": row["weapon"].strip(),
        "kind": _kind(row["weapon"].strip(), where),
        "arcs": [a.strip().lower() for a in row["arcs"].split(",") if a.strip()],
        "ranges": ranges,
        "ad": _number(row["ad"], where),
        "ap": _number(row["ap"], where),
        "dd": _number(row["dd"], where),
    }
    traits = _traits(row["traits"])
    if traits:
        out["traits"] = traits
    return out


def _state(row: Mapping[str, str], weapons: list[dict[str, Any]], where: str) -> dict[str, Any]:
    return {
        "flank_speed": _number(row["flank_speed"], where),
        "armour": _number(row["armour"], where),
        "hull": _number(row["hull"], where),
        "crippled": _number(row["crippled"], where),
        "traits": _traits(row["traits"]),
        "weapons": weapons,
        "points": _number(row["points"], where),
    }


def entry_year(entry: str, ship: str) -> tuple[int | None, bool]:
    """(year, never completed) of a CSV entry: ``None`` for the card as built."""
    match = _DATED.match(entry)
    if entry == ship or match is None:
        return None, False
    return int(match.group("year")), "never completed" in match.group("rest").casefold()


def cards_from_csv(ships_csv: Path, weapons_csv: Path, nation: str,
                   class_of: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """The cards of a published CSV pair (see the module docstring); ``class_of`` maps a ship to its class name
    (default: the ship's own name)."""
    class_of = class_of or {}
    ship_rows = _rows(ships_csv, SHIP_COLUMNS)  # the ships file first, as the command names them (R-UI-102)
    weapons: dict[str, list[dict[str, Any]]] = {}
    for i, row in enumerate(_rows(weapons_csv, WEAPON_COLUMNS), start=2):
        weapons.setdefault(row["entry"].strip(), []).append(_weapon(row, f"{weapons_csv}:{i}"))
    per_ship: dict[str, list[tuple[int | None, bool, str, dict[str, Any]]]] = {}
    for i, row in enumerate(ship_rows, start=2):
        entry, ship = row["entry"].strip(), row["ship"].strip()
        year, never = entry_year(entry, ship)
        state = _state(row, weapons.get(entry, []), f"{ships_csv}:{i}")
        state["type"] = row["type"].strip().lower()
        per_ship.setdefault(ship, []).append((year, never, entry, state))
    source = f"{ships_csv.name}, {weapons_csv.name}"
    return [_card(ship, entries, nation, class_of.get(ship, ship), source) for ship, entries in per_ship.items()]


def _card(ship: str, entries: list[tuple[int | None, bool, str, dict[str, Any]]], nation: str, class_name: str,
          source: str) -> dict[str, Any]:
    made = sorted((e for e in entries if not e[1]), key=lambda e: e[0] or 0)
    skipped = [e[2] for e in entries if e[1]]
    _, _, first_entry, first = made[0]
    card: dict[str, Any] = {"name": ship, "class_name": class_name, "nation": nation, "type": first.pop("type")}
    card.update(first)
    card["ships"] = [ship]
    refits = []
    previous = dict(first)
    for year, _, entry, state in made[1:]:
        state.pop("type")
        changed = {k: v for k, v in state.items() if v != previous[k]}
        previous = state
        refits.append({"year": year, **changed, "source": f"{source}: {entry}", "confidence": "secondary"})
    if refits:
        card["refits"] = refits
    card["source"] = f"{source}: {first_entry}"
    card["confidence"] = "secondary"
    notes = f"CSV entry '{first_entry}'"
    if skipped:
        notes += f"; left out, never completed: {', '.join(skipped)}"
    card["notes"] = notes
    return card


class _Flow(dict):  # type: ignore[type-arg]
    """A weapon system written on one line."""


def _flow(dumper: yaml.SafeDumper, data: _Flow) -> yaml.Node:
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=True)


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(_Flow, _flow)


def dump_cards(cards: list[dict[str, Any]], header: str = "") -> str:
    """The ``cards`` section as YAML, one line per weapon system."""
    def flowing(card: dict[str, Any]) -> dict[str, Any]:
        out = dict(card)
        out["weapons"] = [_Flow(w) for w in card["weapons"]]
        if "refits" in card:
            out["refits"] = [
                {**r, **({"weapons": [_Flow(w) for w in r["weapons"]]} if "weapons" in r else {})}
                for r in card["refits"]
            ]
        return out

    body = yaml.dump({"cards": [flowing(c) for c in cards]}, Dumper=_Dumper, sort_keys=False, width=200,
                     allow_unicode=True)
    comment = "".join(f"# {line}\n" if line else "#\n" for line in header.splitlines())
    return comment + body
