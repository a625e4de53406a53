"""Cross-checks of the merged campaign data: names that must exist, consistency, legality of arrivals.

Each problem is one ``file:line: record.field: problem`` string.  Schema-level checks (types, ranges,
unknown fields) are done by the pydantic models; these are the checks that need the whole data set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import networkx as nx

from scenarios.cards import check_cards
from scenarios.classes import check_classes
from scenarios.constant_checks import check_constants
from scenarios.forces import check_forces
from scenarios.limits import describe, violated_limits
from scenarios.models import Activity

if TYPE_CHECKING:
    from scenarios.loader import CampaignData

VITP_START_LETTERS = {
    "P": "Pearl Harbor",
    "H": "Hawaiian Islands",
    "U": "U.S. Mandate",
    "C": "Coral Sea",
    "A": "Australia",
    "B": "Bay of Bengal",
    "I": "Indonesia",
    "S": "Singapore",
    "M": "Philippines",
    "W": "Group W",
    "X": "Group X",
    "Y": "Group Y",
    "Z": "Group Z",
}
"""VITP start-position letters printed on the Allied counters (reference/vitp.md §5.6 [R])."""

GAME_LINKS = frozenset({frozenset({"Cape of Good Hope", "Bay of Bengal"}),
                        frozenset({"Mediterranean", "Bay of Bengal"})})
"""The only borders between a War at Sea and a Victory in the Pacific sea area (002 §1.2, §3.341-3.343): the moves
across them are :data:`strategic.movement.TRANSFER_ROUTES`, so another such border is refused (R-DATA-06)."""


def cross_check(data: CampaignData) -> list[str]:
    """All cross-record problems of ``data``; an empty list means the data is consistent."""
    problems: list[str] = []
    _check_names_disjoint(data, problems)
    _check_map(data, problems)
    _check_limits(data, problems)
    _check_units(data, problems)
    _check_setups(data, problems)
    problems.extend(check_constants(data))
    problems.extend(check_cards(data))
    problems.extend(check_classes(data))
    problems.extend(check_forces(data))
    return problems


def _at(data: CampaignData, section: str, key: str, field: str | tuple[str | int, ...], problem: str) -> str:
    """``file:line: section (key).field: problem``; ``field`` is dotted, or a tuple when a key holds dots."""
    path = field if isinstance(field, tuple) else tuple(int(p) if p.isdigit() else p for p in field.split("."))
    shown = ".".join(str(p) for p in path)
    return f"{data.where(section, key, *path)}: {section} ({key}).{shown}: {problem}"


def _check_names_disjoint(data: CampaignData, problems: list[str]) -> None:
    for name in set(data.areas) & set(data.ports):
        problems.append(_at(data, "ports", name, "name", f"'{name}' is also a sea area; place names must be unique"))


def _check_map(data: CampaignData, problems: list[str]) -> None:
    for name, port in data.ports.items():
        for i, area in enumerate(port.touches):
            if area not in data.areas:
                problems.append(_at(data, "ports", name, f"touches.{i}", f"unknown sea area '{area}'"))
            elif data.areas[area].theatre is not port.theatre:
                problems.append(
                    _at(
                        data,
                        "ports",
                        name,
                        f"touches.{i}",
                        f"'{area}' is in {data.areas[area].theatre}, the port is in {port.theatre}; "
                        "cross-theatre moves go through links (002 §3.33-3.34)",
                    )
                )
        if len(set(port.touches)) != len(port.touches):
            problems.append(_at(data, "ports", name, "touches", "lists a sea area twice"))
        if port.nation is not None and port.nation not in data.nations:
            problems.append(_at(data, "ports", name, "nation", f"unknown nation '{port.nation}'"))
    for key, edge in data.adjacency.items():
        a, b = edge.areas
        if a == b:
            problems.append(_at(data, "adjacency", key, "areas", "an area cannot border itself"))
        for area in edge.areas:
            if area not in data.areas:
                problems.append(_at(data, "adjacency", key, "areas", f"unknown sea area '{area}'"))
        if a in data.areas and b in data.areas and data.areas[a].theatre is not data.areas[b].theatre \
                and frozenset(edge.areas) not in GAME_LINKS:
            problems.append(_at(data, "adjacency", key, "areas", (
                f"'{a}' is in {data.areas[a].theatre}, '{b}' in {data.areas[b].theatre}: the two games border only "
                "at Cape of Good Hope-Bay of Bengal and Mediterranean-Bay of Bengal (002 §3.341-3.343)")))
        _check_nations(data, "adjacency", key, edge.nations, problems)
    for key, ret in data.returns.items():
        if ret.area not in data.areas:
            problems.append(_at(data, "returns", key, "area", f"unknown sea area '{ret.area}'"))
        if ret.port not in data.ports:
            problems.append(_at(data, "returns", key, "port", f"unknown port '{ret.port}'"))
        elif ret.area in data.areas and data.areas[ret.area].theatre is data.ports[ret.port].theatre:
            problems.append(_at(data, "returns", key, "port", "a theatre return must lead into the other game"))
        _check_nations(data, "returns", key, ret.nations, problems)
    if data.areas and not problems:
        graph = nx.Graph()
        graph.add_nodes_from(data.areas)
        graph.add_edges_from(tuple(e.areas) for e in data.adjacency.values())
        if not nx.is_connected(graph):
            parts = sorted((sorted(c) for c in nx.connected_components(graph)), key=len)
            problems.append(
                f"{data.where('areas', parts[0][0])}: adjacency: sea areas not linked to the rest: "
                f"{', '.join(parts[0])}"
            )


def _check_nations(data: CampaignData, section: str, key: str, nations: list[str] | None, problems: list[str]) -> None:
    for code in nations or []:
        if code not in data.nations:
            problems.append(_at(data, section, key, "nations", f"unknown nation '{code}'"))


def _check_limits(data: CampaignData, problems: list[str]) -> None:
    for key, limit in data.limits.items():
        _check_nations(data, "limits", key, limit.units.nations, problems)
        for name in limit.units.names:
            if name not in data.units:
                problems.append(_at(data, "limits", key, "units.names", f"unknown unit '{name}'"))
        for i, place in enumerate(limit.places):
            if data.place_theatre(place) is None:
                problems.append(_at(data, "limits", key, f"places.{i}", f"unknown place '{place}'"))


def _check_units(data: CampaignData, problems: list[str]) -> None:
    limits = list(data.limits.values())
    for name, unit in data.units.items():
        if unit.nation not in data.nations:
            problems.append(_at(data, "units", name, "nation", f"unknown nation '{unit.nation}'"))
            continue
        for field, places in (
            ("arrival.places", unit.arrival.places),
            ("arrival.if_war_begun", unit.arrival.if_war_begun),
        ):
            for i, place in enumerate(places):
                theatre = data.place_theatre(place)
                if theatre is None:
                    problems.append(_at(data, "units", name, f"{field}.{i}", f"unknown place '{place}'"))
                    continue
                if place in data.groups:
                    continue
                activity = Activity.BASE if place in data.ports else Activity.AT_SEA
                for limit in violated_limits(limits, unit, place, theatre, unit.arrival.turn, activity):
                    problems.append(
                        _at(
                            data,
                            "units",
                            name,
                            f"{field}.{i}",
                            f"'{place}' is not allowed for a {unit.nation} {unit.type} on turn {unit.arrival.turn}: "
                            f"{describe(limit)}",
                        )
                    )
        if unit.vitp_start is not None:
            letter = unit.vitp_start.letter
            if letter not in VITP_START_LETTERS:
                problems.append(
                    _at(
                        data,
                        "units",
                        name,
                        "vitp_start.letter",
                        f"unknown start letter '{letter}' (expected one of {''.join(VITP_START_LETTERS)})",
                    )
                )
            elif VITP_START_LETTERS[letter] not in unit.arrival.places:
                problems.append(
                    _at(
                        data,
                        "units",
                        name,
                        "vitp_start.letter",
                        f"letter {letter} means {VITP_START_LETTERS[letter]}, "
                        f"which is not among the arrival places {unit.arrival.places}",
                    )
                )
    for key, group in data.groups.items():
        if group.table not in data.tables:
            problems.append(_at(data, "groups", key, "table", f"unknown table '{group.table}'"))
    for key, table in data.tables.items():
        for roll in table.rolls:
            if data.place_theatre(roll.place) is None and roll.place != "reinforcement":
                problems.append(_at(data, "tables", key, "rolls.place", f"unknown place '{roll.place}'"))


def _check_setups(data: CampaignData, problems: list[str]) -> None:
    for key, setup in data.setups.items():
        if setup.last_turn < setup.first_turn:
            problems.append(_at(data, "setups", key, "last_turn", "is before first_turn"))
        for area in setup.control:
            if area not in data.areas:
                problems.append(_at(data, "setups", key, ("control", area), f"unknown sea area '{area}'"))
        for old, new in setup.tables.items():
            for table in (old, new):
                if table not in data.tables:
                    problems.append(_at(data, "setups", key, "tables", f"unknown table '{table}'"))
        for port in setup.port_owners:
            if port not in data.ports:
                problems.append(_at(data, "setups", key, ("port_owners", port), f"unknown port '{port}'"))
