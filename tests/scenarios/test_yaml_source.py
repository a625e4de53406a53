"""YAML is read with YAML 1.2 core rules and with line numbers for every value."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenarios.yaml_source import YamlSyntaxError, read_yaml


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "f.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_no_yaml_1_1_coercions(tmp_path: Path) -> None:
    doc = read_yaml(write(tmp_path, "codes: [NO, yes, On, off, Y]\nnums: [010, '3', 1:30, 7]\nday: 1941-12-07\n"))
    assert doc.data == {
        "codes": ["NO", "yes", "On", "off", "Y"],
        "nums": [10, "3", "1:30", 7],
        "day": "1941-12-07",
    }


def test_booleans_are_only_true_and_false(tmp_path: Path) -> None:
    assert read_yaml(write(tmp_path, "a: true\nb: false\nc: True\n")).data == {"a": True, "b": False, "c": "True"}


def test_lines_are_recorded_per_path(tmp_path: Path) -> None:
    doc = read_yaml(write(tmp_path, "units:\n  - name: A\n    turn: 3\n  - {name: B, turn: 4}\n"))
    assert doc.lines[("units",)] == 1
    assert doc.lines[("units", 0)] == 2
    assert doc.lines[("units", 0, "turn")] == 3
    assert doc.lines[("units", 1, "name")] == 4
    assert doc.line_of(("units", 0, "turn", "int")) == 3  # deeper pydantic locations fall back to the field


def test_duplicate_key_is_an_error(tmp_path: Path) -> None:
    path = write(tmp_path, "a: 1\nb: 2\na: 3\n")
    with pytest.raises(YamlSyntaxError, match=rf"{path}:3: duplicate key 'a' \(first at line 1\)"):
        read_yaml(path)


def test_syntax_error_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "a: 1\nb: [1, 2\nc: 3\n")
    with pytest.raises(YamlSyntaxError, match=rf"{path}:\d+: YAML syntax"):
        read_yaml(path)


def test_anchors_and_aliases_resolve(tmp_path: Path) -> None:
    doc = read_yaml(write(tmp_path, "a: &x {k: 1}\nb: *x\n"))
    assert doc.data == {"a": {"k": 1}, "b": {"k": 1}}
