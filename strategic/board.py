"""The combined map as a networkx graph.

Nodes are sea areas (``kind="area"``) and ports or island bases (``kind="port"``), each with its ``theatre``
and its data ``record``.  Edges are sea-area borders (``kind="sea"``, with ``via`` and the ``nations`` that
may cross, e.g. the Suez passage for British and French ships, 002 §3.341-3.342) and port contact
(``kind="port"``: the sea areas a port touches).  The end-of-turn returns into the other game (002 §3.33)
are not borders and are kept apart, in :attr:`Board.returns`.
"""

from __future__ import annotations

import networkx as nx

from scenarios.loader import CampaignData
from scenarios.models import Port, SeaArea, Theatre, TheatreReturn


def build_graph(data: CampaignData) -> nx.Graph:
    """The map graph of ``data`` (see the module docstring for node and edge attributes)."""
    graph = nx.Graph()
    for name, area in data.areas.items():
        graph.add_node(name, kind="area", theatre=area.theatre, record=area)
    for name, port in data.ports.items():
        graph.add_node(name, kind="port", theatre=port.theatre, record=port)
        for touched in port.touches:
            graph.add_edge(name, touched, kind="port")
    for edge in data.adjacency.values():
        a, b = edge.areas
        graph.add_edge(a, b, kind="sea", via=edge.via, nations=frozenset(edge.nations or ()), record=edge)
    return graph


class Board:
    """Queries on the map graph: borders, port contact, distances in sea areas, theatre returns.

    The graph is built once from the data and never changed afterwards, so the answers of :meth:`neighbours`,
    :meth:`ports_on` and the sea graph of :meth:`distance` are kept per board as first worked out (R-PERF-09):
    nothing invalidates them because nothing they read changes.  Callers get fresh lists."""

    def __init__(self, data: CampaignData) -> None:
        self.data = data
        self.graph = build_graph(data)
        self.returns: list[TheatreReturn] = list(data.returns.values())
        self._neighbours: dict[tuple[str, str | None], tuple[str, ...]] = {}
        self._ports_on: dict[str, tuple[str, ...]] = {}
        self._sea: dict[str | None, nx.Graph] = {}

    def area(self, name: str) -> SeaArea:
        return self.data.areas[name]

    def port(self, name: str) -> Port:
        return self.data.ports[name]

    def areas(self, theatre: Theatre | None = None) -> list[str]:
        """Sea-area names, optionally of one theatre, in data order."""
        return [n for n, a in self.data.areas.items() if theatre is None or a.theatre is theatre]

    def ports(self, theatre: Theatre | None = None) -> list[str]:
        return [n for n, p in self.data.ports.items() if theatre is None or p.theatre is theatre]

    def borders(self, a: str, b: str, nation: str | None = None) -> bool:
        """True if sea areas ``a`` and ``b`` border each other (for ``nation``, where the border is limited)."""
        edge = self.graph.get_edge_data(a, b)
        return bool(edge) and edge["kind"] == "sea" and self._may_cross(edge, nation)

    def neighbours(self, area: str, nation: str | None = None) -> list[str]:
        """Sea areas bordering ``area``; with ``nation``, only borders that nation may cross."""
        key = (area, nation)
        if key not in self._neighbours:
            self._neighbours[key] = tuple(sorted(
                other for other, edge in self.graph[area].items()
                if edge["kind"] == "sea" and self._may_cross(edge, nation)
            ))
        return list(self._neighbours[key])

    def touched_by(self, port: str) -> list[str]:
        """Sea areas a port or base touches."""
        return list(self.data.ports[port].touches)

    def ports_on(self, area: str) -> list[str]:
        """Ports and bases touching a sea area."""
        if area not in self._ports_on:
            self._ports_on[area] = tuple(sorted(o for o, e in self.graph[area].items() if e["kind"] == "port"))
        return list(self._ports_on[area])

    def distance(self, origin: str, target: str, nation: str | None = None) -> int:
        """Number of sea-area moves from ``origin`` (a port or sea area) to sea area ``target``.

        Leaving a port into an area it touches is the first move (WAS/VITP movement: port -> first area).
        With ``nation``, borders that nation may not cross (e.g. Suez) are left out.  Raises
        ``networkx.NetworkXNoPath`` if ``target`` cannot be reached.
        """
        sea = self._sea_graph(nation)
        if origin not in self.data.ports:
            return int(nx.shortest_path_length(sea, origin, target))
        lengths = nx.multi_source_dijkstra_path_length(sea, set(self.touched_by(origin)))
        if target not in lengths:
            raise nx.NetworkXNoPath(f"no sea route from {origin} to {target}")
        return int(lengths[target]) + 1

    def _sea_graph(self, nation: str | None) -> nx.Graph:
        """The sea areas and the borders ``nation`` may cross (all, for ``None``), built once per nation."""
        if nation not in self._sea:
            sea = nx.Graph(
                (a, b) for a, b, e in self.graph.edges(data=True) if e["kind"] == "sea" and self._may_cross(e, nation)
            )
            sea.add_nodes_from(self.data.areas)
            self._sea[nation] = sea
        return self._sea[nation]

    def returns_from(self, area: str, nation: str) -> list[TheatreReturn]:
        """Ports in the other game that a ship of ``nation`` at sea in ``area`` may return to (002 §3.33)."""
        return [r for r in self.returns if r.area == area and (r.nations is None or nation in r.nations)]

    @staticmethod
    def _may_cross(edge: dict, nation: str | None) -> bool:
        return not edge["nations"] or nation is None or nation in edge["nations"]
