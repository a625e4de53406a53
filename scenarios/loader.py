"""One loader for all campaign data: bundled YAML plus the user's ``--data DIR`` overrides.

Every ``*.yaml`` file under ``scenarios/data`` (and then under each override folder) is read with
:func:`scenarios.yaml_source.read_yaml`, validated against :class:`DataFile`, merged, and cross-checked.
Problems are collected, not stopped at the first: :class:`DataError` lists each as
``file:line: field: problem``.

Override semantics: a record in an override folder replaces the bundled record with the same key (a unit,
area, port, set-up, table or ship card by ``name``, a nation by ``code``, a limit by ``id``, an adjacency by its
pair of areas, a theatre return by area and port) and anything else is added.  Keys must be unique within one folder.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from scenarios.cards import AircraftCard, MTBCard, ShipCard
from scenarios.classes import ShipClass
from scenarios.errors import InputError
from scenarios.forces import ForceMix
from scenarios.models import (
    Adjacency,
    Confidence,
    Constant,
    Group,
    Limit,
    Nation,
    Port,
    Record,
    RollTable,
    SeaArea,
    Setup,
    Sourced,
    TheatreReturn,
    Unit,
    nested_records,
)
from scenarios.rule_summaries import RuleSummary
from scenarios.yaml_source import YamlDocument, YamlSyntaxError, read_yaml


class DataFile(Record):
    """The top level of any data file: each list is optional; files may hold any mix of them."""

    nations: list[Nation] = Field(default_factory=list)
    areas: list[SeaArea] = Field(default_factory=list)
    ports: list[Port] = Field(default_factory=list)
    adjacency: list[Adjacency] = Field(default_factory=list)
    returns: list[TheatreReturn] = Field(default_factory=list)
    limits: list[Limit] = Field(default_factory=list)
    units: list[Unit] = Field(default_factory=list)
    groups: list[Group] = Field(default_factory=list)
    tables: list[RollTable] = Field(default_factory=list)
    setups: list[Setup] = Field(default_factory=list)
    constants: list[Constant] = Field(default_factory=list)
    cards: list[ShipCard] = Field(default_factory=list)
    classes: list[ShipClass] = Field(default_factory=list)
    flights: list[AircraftCard] = Field(default_factory=list)
    mtbs: list[MTBCard] = Field(default_factory=list)
    forces: list[ForceMix] = Field(default_factory=list)
    rules: list[RuleSummary] = Field(default_factory=list)


SECTIONS: tuple[str, ...] = tuple(DataFile.model_fields)
SINGULAR = {
    "nations": "nation",
    "areas": "area",
    "ports": "port",
    "adjacency": "border",
    "returns": "return",
    "limits": "limit",
    "units": "unit",
    "groups": "group",
    "tables": "table",
    "setups": "set-up",
    "cards": "card",
    "classes": "class",
    "flights": "aircraft chart entry",
    "mtbs": "MTB Section",
    "forces": "force mix",
    "constants": "constant",
    "rules": "rule summary",
}


class DataError(InputError):
    """Invalid campaign data.  ``problems`` holds one ``file:line: field: problem`` line each."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__(f"{len(problems)} problem(s) in the campaign data:\n" + "\n".join(problems))


@dataclass(frozen=True)
class Origin:
    """Where a record was read: file, line, whether it came from an override folder, and its document."""

    file: Path
    line: int
    override: bool = False
    doc: YamlDocument | None = field(default=None, compare=False, repr=False)
    loc: tuple[str | int, ...] = ()

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"

    def line_of(self, *field_path: str | int) -> int:
        """Line of a field inside the record (``"arrival", "places", 1``), or the record's line."""
        return self.doc.line_of((*self.loc, *field_path)) if self.doc else self.line


def record_key(section: str, record: BaseModel) -> str:
    """The key under which a record is unique and by which an override replaces it."""
    if isinstance(record, Nation):
        return record.code
    if isinstance(record, Limit):
        return record.id
    if isinstance(record, Adjacency):
        return " - ".join(sorted(record.areas))
    if isinstance(record, TheatreReturn):
        return f"{record.area} -> {record.port}"
    return str(record.name)  # type: ignore[attr-defined]


@dataclass
class CampaignData:
    """All validated data, by section and key, with each record's origin.

    ``sections[s][key]`` is the record; ``origins[(s, key)]`` where it was read.  Convenience views:
    :attr:`areas`, :attr:`ports`, :attr:`units` ... (dicts by name, code or id).
    """

    sections: dict[str, dict[str, Any]] = field(default_factory=lambda: {s: {} for s in SECTIONS})
    origins: dict[tuple[str, str], Origin] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)
    overridden: list[tuple[str, str]] = field(default_factory=list)
    # the override folders (``--data``) in the order applied, as given: a save records them (R-UI-111)
    folders: list[Path] = field(default_factory=list)

    @property
    def nations(self) -> dict[str, Nation]:
        return self.sections["nations"]

    @property
    def areas(self) -> dict[str, SeaArea]:
        return self.sections["areas"]

    @property
    def ports(self) -> dict[str, Port]:
        return self.sections["ports"]

    @property
    def adjacency(self) -> dict[str, Adjacency]:
        return self.sections["adjacency"]

    @property
    def returns(self) -> dict[str, TheatreReturn]:
        return self.sections["returns"]

    @property
    def limits(self) -> dict[str, Limit]:
        return self.sections["limits"]

    @property
    def units(self) -> dict[str, Unit]:
        return self.sections["units"]

    @property
    def groups(self) -> dict[str, Group]:
        return self.sections["groups"]

    @property
    def tables(self) -> dict[str, RollTable]:
        return self.sections["tables"]

    @property
    def setups(self) -> dict[str, Setup]:
        return self.sections["setups"]

    @property
    def cards(self) -> dict[str, ShipCard]:
        """Victory at Sea ship cards by name (seed 000; :mod:`scenarios.cards`)."""
        return self.sections["cards"]

    @property
    def classes(self) -> dict[str, ShipClass]:
        """Ship classes (historical facts) by name, from which cards are generated (:mod:`scenarios.classes`)."""
        return self.sections["classes"]

    @property
    def flights(self) -> dict[str, AircraftCard]:
        """The aircraft chart: the aircraft a Flight may be made of, by name (000 "Aircraft Chart")."""
        return self.sections["flights"]

    @property
    def mtbs(self) -> dict[str, MTBCard]:
        """MTB Sections by name (000 "Motor Torpedo Boats")."""
        return self.sections["mtbs"]

    @property
    def forces(self) -> dict[str, ForceMix]:
        """What carriers' air, land-based air units and submarines put on the table (:mod:`scenarios.forces`)."""
        return self.sections["forces"]

    @property
    def rules(self) -> dict[str, RuleSummary]:
        """Our summaries of the rules the code cites, by citation (:mod:`scenarios.rule_summaries`)."""
        return self.sections["rules"]

    @property
    def constants(self) -> dict[str, Constant]:
        return self.sections["constants"]

    def constant(self, name: str) -> int | list[int]:
        """The value of a rule constant; raises ``KeyError`` naming it if the data lacks it."""
        if name not in self.constants:
            raise KeyError(f"rule constant '{name}' is missing from the data (constants section)")
        return self.constants[name].value

    def constant_number(self, name: str) -> int:
        """A rule constant that is one integer; ``ValueError`` naming it if the data gives a list."""
        value = self.constant(name)
        if isinstance(value, list):
            raise ValueError(f"rule constant '{name}' must be a single integer, not a list")
        return value

    def constant_faces(self, name: str) -> list[int]:
        """A rule constant read as die faces: a list as given, one integer as a list of one."""
        value = self.constant(name)
        return value if isinstance(value, list) else [value]

    def place_theatre(self, place: str) -> str | None:
        """Theatre of a sea area, port or Location Uncertain group (groups are VITP); ``None`` if unknown."""
        if place in self.areas:
            return self.areas[place].theatre.value
        if place in self.ports:
            return self.ports[place].theatre.value
        if place in self.groups:
            return "VITP"
        return None

    def fact_confidences(self) -> Counter[Confidence]:
        """How many facts (fields of sourced records, nested ones included) rest on each confidence level."""
        counts: Counter[Confidence] = Counter()
        for section, records in self.sections.items():
            if section == "rules":  # our summaries of the rules are not facts of the games
                continue
            for record in records.values():
                _count_facts(record, counts)
        return counts

    def where(self, section: str, key: str, *field_path: str | int) -> str:
        """``file:line`` of a record, or of one of its fields when ``field_path`` is given."""
        origin = self.origins.get((section, key))
        if origin is None:
            return f"<{section}>"
        return f"{origin.file}:{origin.line_of(*field_path)}"


def _count_facts(record: Record, counts: Counter[Confidence]) -> None:
    if isinstance(record, Sourced):
        for prov in record.fact_provenance().values():
            counts[prov.confidence] += 1
    for name in type(record).model_fields:
        if name != "provenance":
            for child in nested_records(getattr(record, name)):
                _count_facts(child, counts)


def bundled_data_dir() -> Path:
    """The data folder shipped inside the ``scenarios`` package."""
    return Path(str(resources.files("scenarios"))) / "data"


def _yaml_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.yaml") if p.is_file()) + sorted(
        p for p in folder.rglob("*.yml") if p.is_file()
    )


def _unreadable_yaml(folder: Path) -> list[str]:
    """A problem line for each ``*.yaml``/``*.yml`` name that is neither a file nor a folder (a pipe, a socket, a
    dangling link): it is not read (reading a pipe would wait for ever), and not skipped silently either."""
    odd = [p for pattern in ("*.yaml", "*.yml") for p in folder.rglob(pattern) if not (p.is_file() or p.is_dir())]
    return [f"{path}:1: not a regular file (a pipe, a socket or a broken link); not read" for path in sorted(odd)]


def _describe_loc(doc: YamlDocument, loc: tuple[str | int, ...]) -> str:
    """``units[3] (Washington).arrival.turn`` from a pydantic location, naming list items where possible."""
    parts: list[str] = []
    node: Any = doc.data
    for step in loc:
        if isinstance(step, int) and isinstance(node, list):
            label = f"[{step}]"
            node = node[step] if step < len(node) else None
            name = node.get("name") or node.get("id") or node.get("code") if isinstance(node, dict) else None
            if name:
                label += f" ({name})"
            parts.append(label)
        elif isinstance(node, dict) and step in node:
            parts.append(f".{step}")
            node = node[step]
        else:
            # pydantic adds union/type tags (e.g. 'int', 'function-after[...]') that are not data keys
            if isinstance(step, str) and (step in ("int", "str", "list", "dict", "none") or "[" in step):
                continue
            parts.append(f".{step}")
            node = None
    return "".join(parts).lstrip(".") or "<top>"


def _read_folder(folder: Path, override: bool, problems: list[str]) -> list[tuple[DataFile, YamlDocument]]:
    out: list[tuple[DataFile, YamlDocument]] = []
    problems.extend(_unreadable_yaml(folder))
    for path in _yaml_files(folder):
        try:
            doc = read_yaml(path)
        except YamlSyntaxError as exc:
            problems.append(str(exc))
            continue
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(f"{path}:1: cannot read: {exc}")
            continue
        if doc.data is None:
            continue
        if not isinstance(doc.data, dict):
            problems.append(f"{path}:1: <top>: a data file must be a mapping of sections ({', '.join(SECTIONS)})")
            continue
        try:
            parsed = DataFile.model_validate(doc.data)
        except ValidationError as exc:
            for err in exc.errors():
                loc = tuple(err["loc"])
                if err["type"] == "extra_forbidden" and len(loc) == 1:
                    msg = f"unknown section; expected one of {', '.join(SECTIONS)}"
                else:
                    msg = err["msg"]
                    if err["type"] == "extra_forbidden":
                        msg = "unknown field"
                    if err["type"] == "missing":
                        msg = "field required"
                    inp = err.get("input")
                    if err["type"] not in ("missing", "extra_forbidden") and not isinstance(inp, (dict, list)):
                        msg += f" (got {inp!r})"
                problems.append(f"{path}:{doc.line_of(loc)}: {_describe_loc(doc, loc)}: {msg}")
            continue
        out.append((parsed, doc))
    return out


def load_data(overrides: Iterable[Path] = (), *, base: Path | None = None, cache: bool = True) -> CampaignData:
    """Load the bundled data (or ``base``), apply each override folder in order, cross-check it all.

    Raises :class:`DataError` listing every problem found (syntax, schema, duplicate keys, dangling names,
    illegal arrivals).  A missing override folder is an error too.  With ``cache`` the data last loaded from the
    very same files is used again (:mod:`scenarios.data_cache`; never stale: its key hashes every file read).
    """
    overrides = [Path(extra) for extra in overrides]
    if not cache or not all(extra.is_dir() and not _unreadable_yaml(extra) for extra in overrides):
        return _load_data(overrides, base)  # the problems are reported, never passed over by a cached load
    from scenarios import data_cache

    folders = [base or bundled_data_dir(), *overrides]
    return data_cache.cached(folders, _yaml_files, lambda: _load_data(overrides, base))


def _load_data(overrides: list[Path], base: Path | None) -> CampaignData:
    """:func:`load_data`, read from the files."""
    problems: list[str] = []
    data = CampaignData()
    folders: list[tuple[Path, bool]] = [(base or bundled_data_dir(), False)]
    for extra in overrides:
        extra = Path(extra)
        if not extra.is_dir():  # R-UI-103: a missing folder is told as missing
            problems.append(f"{extra}: --data: {'not a folder' if extra.exists() else 'no such folder'}")
            continue
        folders.append((extra, True))
        data.folders.append(extra)
    for folder, override in folders:
        seen_here: dict[tuple[str, str], Origin] = {}
        for parsed, doc in _read_folder(folder, override, problems):
            data.files.append(doc.path)
            for section in SECTIONS:
                for index, record in enumerate(getattr(parsed, section)):
                    key = record_key(section, record)
                    origin = Origin(doc.path, doc.line_of((section, index)), override, doc, (section, index))
                    if (section, key) in seen_here:
                        problems.append(
                            f"{origin}: {section}[{index}] ({key}): duplicate {SINGULAR.get(section, 'record')} "
                            f"(also at {seen_here[(section, key)]})"
                        )
                        continue
                    seen_here[(section, key)] = origin
                    if override and key in data.sections[section]:
                        data.overridden.append((section, key))
                    data.sections[section][key] = record
                    data.origins[(section, key)] = origin
    if not problems:
        from scenarios.checks import cross_check  # local: checks imports this module's types

        problems.extend(cross_check(data))
    if problems:
        raise DataError(problems)
    return data
