"""DESIGN.md's import layering, enforced with import-linter: tui -> strategic -> tactical -> scenarios."""

from __future__ import annotations

from pathlib import Path

from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[1]


def test_import_layers_are_kept(monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True) == 0


def test_a_breach_is_detected(tmp_path: Path, monkeypatch) -> None:
    """The contract is live: a tactical module importing strategic breaks it."""
    for package in ("tui", "strategic", "tactical", "scenarios"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "tactical" / "leak.py").write_text("import strategic\n")
    config = tmp_path / "pyproject.toml"
    config.write_text((ROOT / "pyproject.toml").read_text())
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("tui", "strategic", "tactical", "scenarios"):
        monkeypatch.delitem(__import__("sys").modules, name, raising=False)
    assert lint_imports(config_filename=str(config), no_cache=True) == 1
