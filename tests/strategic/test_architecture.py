"""The shape of strategic (issue 14): no import cycle among its modules, counting every import that runs — at the
top of a module, inside a function, and the package ``__init__`` an import of a submodule runs first — and no
import of a strategic module hidden inside a function unless it is listed here with its reason.

Imports under ``if TYPE_CHECKING:`` are left out of the graph, everywhere and on purpose: they never run, they only
name types for the annotations (``from __future__ import annotations``), so the rules may name
:class:`strategic.campaign.Campaign` (the facade on top) in their signatures without depending on it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import grimp
import networkx as nx
import pytest

STRATEGIC = Path(__file__).resolve().parents[2] / "strategic"

LATE_IMPORTS: dict[str, str] = {}
"""Imports of a strategic module inside a function (module: why), each one justified.  None are needed."""


def runtime_graph(package: str) -> nx.DiGraph:
    """The modules of ``package`` and the imports among them that run: grimp's graph without the ``TYPE_CHECKING``
    imports, each import of ``a.b.c`` also an import of the packages ``a.b`` and ``a`` (Python runs their
    ``__init__`` first; a package importing its own submodules closes a cycle that the direct imports hide), except
    the importer's own packages, whose ``__init__`` has run (or is running) before the importer."""
    graph = grimp.build_graph(package, cache_dir=None, exclude_type_checking_imports=True)
    edges = nx.DiGraph()
    for module in graph.modules:
        edges.add_node(module)
        for imported in graph.find_modules_directly_imported_by(module):
            edges.add_edge(module, imported)
            parts = imported.split(".")
            for depth in range(1, len(parts)):
                package_ = ".".join(parts[:depth])
                if not module.startswith(f"{package_}."):  # its own packages' ``__init__`` ran before it anyway
                    edges.add_edge(module, package_)
    return edges


def cycles(edges: nx.DiGraph) -> list[list[str]]:
    return [sorted(c) for c in nx.strongly_connected_components(edges) if len(c) > 1]


def test_no_import_cycle_among_the_modules_of_strategic() -> None:
    edges = runtime_graph("strategic")
    assert len(edges) > 40
    assert cycles(edges) == []


def test_the_layers_of_strategic() -> None:
    """The events at the bottom (their words above them), the combat hook below both resolvers, the classic
    engine never importing the tactical bridge or the campaign, the Campaign facade on top of the rules."""
    reach = runtime_graph("strategic")

    def imports(module: str, other: str) -> bool:
        return nx.has_path(reach, module, other)

    assert not imports("strategic.events", "strategic.narrate")
    assert not imports("strategic.combat", "strategic.classic.resolver")
    assert not imports("strategic.combat", "strategic.battles")
    assert not any(imports(m, "strategic.battles") for m in reach if m.startswith("strategic.classic"))
    assert not any(imports(m, "strategic.campaign") for m in reach if m.startswith("strategic.classic"))
    rules = ("basing", "battles", "combat", "control", "loans", "movement", "order_rule", "outbreak", "placement",
             "rulebook", "state", "events", "narrate", "commanders", "battle_facts", "battle_forces")
    assert not any(imports(f"strategic.{rule}", "strategic.campaign") for rule in rules)
    assert imports("strategic.campaign", "strategic.rulebook") and imports("strategic.campaign", "strategic.resolvers")


def test_the_graph_counts_imports_in_functions_and_package_inits(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "cyc"
    package.mkdir()
    (package / "__init__.py").write_text("from cyc.a import A\n")
    (package / "a.py").write_text("from typing import TYPE_CHECKING\nA = 1\nif TYPE_CHECKING:\n    import cyc.c\n")
    (package / "b.py").write_text("def f():\n    import cyc.a\n")
    (package / "c.py").write_text("import cyc.b\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    edges = runtime_graph("cyc")
    assert edges.has_edge("cyc.b", "cyc.a") and edges.has_edge("cyc.c", "cyc.b")  # in a function: counted
    assert not edges.has_edge("cyc.a", "cyc.c")  # under TYPE_CHECKING: left out
    (package / "a.py").write_text("A = 1\nimport cyc.c\n")
    assert cycles(runtime_graph("cyc")) == [["cyc.a", "cyc.b", "cyc.c"]]
    (package / "a.py").write_text("A = 1\n")
    (package / "c.py").write_text("from cyc.b import f\n")
    (package / "b.py").write_text("from cyc import A\ndef f(): pass\n")
    (package / "__init__.py").write_text("from cyc.c import f\nA = 1\n")
    assert cycles(runtime_graph("cyc")) == [["cyc", "cyc.b", "cyc.c"]]  # through the package's __init__


def late_imports(source: str) -> list[int]:
    """The lines of every import of a strategic module inside a function."""
    found = []

    def visit(node: ast.AST, hidden: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = hidden or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.ImportFrom | ast.Import) and hidden:
                names = [child.module or ""] if isinstance(child, ast.ImportFrom) else [a.name for a in child.names]
                if any(n == "strategic" or n.startswith("strategic.") for n in names):
                    found.append(child.lineno)
            visit(child, inner)

    visit(ast.parse(source), False)
    return found


def test_strategic_modules_import_each_other_at_the_top() -> None:
    late = {
        f"{path.relative_to(STRATEGIC.parent)}:{line}"
        for path in sorted(STRATEGIC.rglob("*.py"))
        for line in late_imports(path.read_text())
    }
    assert {where for where in late if where.split(":")[0] not in LATE_IMPORTS} == set()


def test_the_scan_sees_imports_in_functions() -> None:
    source = "import strategic.state\ndef f():\n    from strategic.events import Noted\n    import numpy\n"
    assert late_imports(source) == [3]


AI_MODULES = ("strategic.baseline_ai", "strategic.planner", "strategic.convoy_ai", "strategic.neutral_ai",
              "strategic.classic.policies")
"""The campaign AIs and the classic baseline policy (issue 14): they decide from what their player knows
(strategic.known, strategic.classic.views.known_context)."""
FACADE = ("strategic.campaign", "strategic.clock", "strategic.odds", "strategic.session", "strategic.saves",
          "strategic.replay", "strategic.snapshots", "strategic.selfplay", "strategic.ai")


def test_the_campaign_ais_reach_the_game_only_through_the_known_campaign() -> None:
    """R-VIEW-25: apart from each other and :mod:`strategic.known`, every strategic module an AI module imports
    (at run time) is a rule module below the facade: none leads to the campaign, the clock, the drivers or the
    odds.  The facade stays out of reach but through the known campaign, which has no dice."""
    reach = runtime_graph("strategic")
    for module in AI_MODULES:
        assert module in reach
        for imported in reach.successors(module):
            if imported in AI_MODULES or imported in ("strategic", "strategic.known"):
                continue
            assert not [f for f in FACADE if nx.has_path(reach, imported, f)], (module, imported)
    assert nx.has_path(reach, "strategic.known", "strategic.campaign")
    assert {m for m in reach if nx.has_path(reach, m, "strategic.baseline_ai")} >= {"strategic.ai", "strategic.planner"}
