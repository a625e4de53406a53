"""The import contracts of pyproject.toml, enforced with import-linter: DESIGN.md's layering (tui -> strategic ->
tactical -> scenarios), the tactical rule modules never importing the AI (tactical.ai), and strategic and tui using
only tactical's public API (tactical/__init__.py)."""

from __future__ import annotations

import shutil
import sys
import tomllib
from pathlib import Path

import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("tui", "strategic", "tactical", "scenarios")


def _contracts() -> list[dict]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]


def _copy_of_the_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The four packages' Python files and pyproject.toml copied under ``tmp_path``, which import-linter then
    reads instead of the real tree."""
    for package in PACKAGES:
        for source in (ROOT / package).rglob("*.py"):
            target = tmp_path / source.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    shutil.copyfile(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in PACKAGES:
        monkeypatch.delitem(sys.modules, name, raising=False)
    return tmp_path


def _lint(tree: Path) -> int:
    return lint_imports(config_filename=str(tree / "pyproject.toml"), no_cache=True)


def test_import_layers_are_kept(monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True) == 0


@pytest.mark.parametrize(
    ("module", "line"),
    [
        ("tactical/leak.py", "import strategic\n"),  # tactical importing strategic: the layers
        ("tactical/turn.py", "from tactical.ai import SimpleCaptain\n"),  # a rule module importing the AI
        ("tactical/geometry.py", "import tactical.ai.tactics\n"),  # ... even a low one
        ("tactical/battle.py", "from tactical.ai.tactics import choose_depth\n"),  # the door past the AI's API
        ("tactical/demos.py", "from tactical.ai import SimpleCaptain\n"),  # a tool built on the door
        ("tactical/ai/tactics.py", "from tactical.dice import Dice\n"),  # the AI reaching for dice (R-VIEW-23)
        ("strategic/battles.py", "from tactical.battle import resolve\n"),  # strategic past the public API
        ("tui/battle_cli.py", "from tactical.ai.captain import SimpleCaptain\n"),  # tui past the public API
    ],
)
def test_a_breach_is_detected(tmp_path: Path, monkeypatch, module: str, line: str) -> None:
    """Every contract is live: the copied code keeps them all, and one breach more breaks one."""
    tree = _copy_of_the_code(tmp_path, monkeypatch)
    assert _lint(tree) == 0
    with (tree / module).open("a") as f:
        f.write(line)
    assert _lint(tree) == 1


def test_every_tactical_module_outside_the_ai_is_kept_from_it() -> None:
    """The contract "the rules never import the AI" lists its modules by name: a new module of tactical must be
    added to it, unless it is part of tactical.ai."""
    (rules,) = [c for c in _contracts() if c.get("forbidden_modules") == ["tactical.ai"]]
    modules = {
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for p in (ROOT / "tactical").rglob("*.py")
    }
    ai = {m for m in modules if m == "tactical.ai" or m.startswith("tactical.ai.")}
    assert {"tactical.ai.captain", "tactical.ai.tactics", "tactical.ai.defaults"} <= ai
    assert set(rules["source_modules"]) == modules - ai - {"tactical"}
    assert rules["ignore_imports"] == ["tactical.battle -> tactical.ai"]
