"""The shape of tactical (issue 14): no import cycle among its modules, no import of one of its modules hidden
inside a function (or behind ``TYPE_CHECKING``), and the questions of the Captain protocol all answered by the AI
and by the default captain.  The AI's place is checked by the import-linter contracts (tests/test_layers.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import grimp
import networkx as nx

from tactical.ai import DefaultedCaptain, SimpleCaptain
from tactical.captain import Captain, CoreCaptain

TACTICAL = Path(__file__).resolve().parents[2] / "tactical"

LATE_IMPORTS: dict[str, str] = {}
"""Imports of a tactical module inside a function (module: why), each one justified.  None are needed."""


def _questions(protocol: type) -> set[str]:
    return {name for name in vars(protocol) if not name.startswith("_")}


def test_no_import_cycle_among_the_modules_of_tactical() -> None:
    graph = grimp.build_graph("tactical", cache_dir=None)
    edges = nx.DiGraph()
    for module in graph.modules:
        edges.add_node(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported.startswith("tactical"):
                edges.add_edge(module, imported)
    assert len(edges) > 30
    cycles = [sorted(c) for c in nx.strongly_connected_components(edges) if len(c) > 1]
    assert cycles == []


def late_imports(source: str) -> list[int]:
    """The lines of every import of a tactical module inside a function or an ``if TYPE_CHECKING`` block."""
    found = []

    def visit(node: ast.AST, hidden: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = hidden or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                inner = True
            if isinstance(child, ast.ImportFrom | ast.Import) and hidden:
                names = [child.module or ""] if isinstance(child, ast.ImportFrom) else [a.name for a in child.names]
                if any(n == "tactical" or n.startswith("tactical.") for n in names):
                    found.append(child.lineno)
            visit(child, inner)

    visit(ast.parse(source), False)
    return found


def test_tactical_modules_import_each_other_at_the_top() -> None:
    late = {
        f"{path.relative_to(TACTICAL.parent)}:{line}"
        for path in sorted(TACTICAL.rglob("*.py"))
        for line in late_imports(path.read_text())
    }
    assert {where for where in late if where.split(":")[0] not in LATE_IMPORTS} == set()


def test_the_scan_sees_imports_in_functions_and_type_checking_blocks() -> None:
    source = (
        "import tactical.state\n"
        "def f():\n    from tactical.geometry import distance\n    import numpy\n"
        "if TYPE_CHECKING:\n    import tactical.dice\n"
    )
    assert late_imports(source) == [3, 6]


def test_the_ai_and_the_default_captain_answer_every_question() -> None:
    questions = _questions(Captain) | _questions(CoreCaptain)
    assert {"choose_mover", "plan_fire", "plan_flights", "plan_aa", "plan_boats", "choose_depth"} <= questions
    assert len(questions) == 9 + 19
    for captain in (SimpleCaptain, DefaultedCaptain):
        assert questions <= set(dir(captain)), questions - set(dir(captain))
