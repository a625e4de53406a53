"""The rule citations the code uses (issue 17): every citation in a string literal of ``strategic/``, ``tactical/``
and ``tui/`` (docstrings left out: they document, they are never shown to a player).

    python -m tests.rule_citations            list each citation needing a summary, with where it is first cited
    python -m tests.rule_citations --missing  only those without a summary in the bundled data
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from scenarios.rule_summaries import find_citations

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("strategic", "tactical", "tui")


def _docstrings(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def code_citations() -> dict[str, str]:
    """Each citation key used in the code, with the ``file:line`` of its first use."""
    found: dict[str, str] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docs = _docstrings(tree)
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                    for cite in find_citations(node.value):
                        found.setdefault(cite.key, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def needed(key: str) -> str:
    """The summary a citation needs: its own, except a sub-heading (``000 Submarines: Depth``), which its heading's
    summary covers (R-UI-20)."""
    return key.split(": ")[0]


if __name__ == "__main__":
    from scenarios.loader import load_data

    rules = load_data().rules if "--missing" in sys.argv else {}
    keys: dict[str, str] = {}
    for key, where in code_citations().items():
        if not key.startswith("R-"):
            keys.setdefault(needed(key), where)
    for key, where in sorted(keys.items()):
        if key not in rules:
            print(f"{key}\t{where}")
