"""Issue 18: the data is read with libyaml's parser when PyYAML has it (else PyYAML's own), and the data last loaded
is kept in a cache keyed by the hash of every file read: the same data either way, errors worded as always."""

from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path

import pytest
import yaml

from scenarios import data_cache, loader, yaml_source
from scenarios.loader import DataError, bundled_data_dir, load_data
from scenarios.yaml_source import StrictCLoader, StrictSafeLoader, YamlSyntaxError, read_yaml

BROKEN = [
    "a: 1\nb: [1, 2\nc: 3\n",  # syntax
    "a: 1\nb: 2\na: 3\n",  # a repeated key
    "a: &x [1]\nb: *y\n",  # an undefined alias
    "a: \x07\n",  # a character YAML does not allow
    "[" * 100 + "]" * 100 + "\n",  # nested beyond MAX_DEPTH
]


def _documents(monkeypatch: pytest.MonkeyPatch, fast: type | None) -> list[tuple[object, dict]]:
    monkeypatch.setattr(yaml_source, "FAST_LOADER", fast)
    return [(d.data, d.lines) for d in (read_yaml(p) for p in loader._yaml_files(bundled_data_dir()))]


@pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML without libyaml")
def test_libyaml_is_used_when_there(monkeypatch: pytest.MonkeyPatch) -> None:
    assert yaml_source.FAST_LOADER is StrictCLoader
    used: list[type] = []
    parse = yaml_source._parse
    monkeypatch.setattr(yaml_source, "_parse", lambda path, text, kind: used.append(kind) or parse(path, text, kind))
    read_yaml(bundled_data_dir() / "nations.yaml")
    assert used == [StrictCLoader]


def test_without_libyaml_the_same_documents_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fallback (PyYAML without libyaml) reads every bundled file to the same values and lines."""
    fast = _documents(monkeypatch, yaml_source.FAST_LOADER)
    assert _documents(monkeypatch, None) == fast


@pytest.mark.parametrize("text", BROKEN)
def test_errors_are_worded_as_by_pyyaml(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(YamlSyntaxError) as fast:
        read_yaml(path)
    monkeypatch.setattr(yaml_source, "FAST_LOADER", None)
    with pytest.raises(YamlSyntaxError) as plain:
        read_yaml(path)
    assert str(fast.value) == str(plain.value) and str(fast.value).startswith(f"{path}:")
    assert type(fast.value) is type(plain.value)


def test_the_limits_hold_with_libyaml(tmp_path: Path) -> None:
    path = tmp_path / "laughs.yaml"
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 9)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(yaml_source.YamlLimitError, match="alias expansion"):
        read_yaml(path)
    assert issubclass(StrictCLoader, yaml_source._LimitsComposer) and issubclass(StrictSafeLoader,
                                                                                  yaml_source._LimitsComposer)


# ---------------------------------------------------------------------------------------------------- the cache


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[int]:
    """The cache in a folder of this test's own; each real load (not from the cache) is counted."""
    monkeypatch.setenv("VAS_CACHE_DIR", str(tmp_path / "cache"))
    _bundled()  # read before counting
    loads: list[int] = []
    real = loader._load_data

    def load(overrides: list[Path], base: Path | None) -> loader.CampaignData:
        loads.append(1)
        return real(overrides, base)

    monkeypatch.setattr(loader, "_load_data", load)
    return loads


@cache
def _bundled() -> loader.CampaignData:
    return load_data(cache=False)


def _override(folder: Path, speed: int | str) -> Path:
    """An override folder replacing the first unit with a speed factor, its speed changed to ``speed``."""
    unit = next(u for u in _bundled().units.values() if u.speed is not None)
    record = unit.model_dump(mode="json", exclude_defaults=True) | {"speed": speed}
    folder.mkdir(exist_ok=True)
    (folder / "fast.yaml").write_text(yaml.safe_dump({"units": [record]}, sort_keys=False), encoding="utf-8")
    return folder


def _unit(folder: Path) -> str:
    return str(yaml.safe_load((folder / "fast.yaml").read_text(encoding="utf-8"))["units"][0]["name"])


def test_the_cache_gives_the_same_data(counted: list[int], data: loader.CampaignData) -> None:
    first, second = load_data(), load_data()
    assert len(counted) == 1  # the second came from the cache
    assert second.sections == first.sections == data.sections and second.files == first.files
    assert [o.line for o in second.origins.values()] == [o.line for o in data.origins.values()]


def test_a_changed_override_file_is_read_again(counted: list[int], tmp_path: Path) -> None:
    folder = _override(tmp_path / "mine", 5)
    name = _unit(folder)
    assert load_data([folder]).units[name].speed == 5
    assert load_data([folder]).units[name].speed == 5 and len(counted) == 1
    _override(folder, 6)
    assert load_data([folder]).units[name].speed == 6 and len(counted) == 2
    (folder / "more.yaml").write_text("constants: []\n", encoding="utf-8")  # a file added
    load_data([folder])
    assert len(counted) == 3


def test_a_changed_bundled_file_is_read_again(counted: list[int], tmp_path: Path) -> None:
    base = tmp_path / "data"
    shutil.copytree(bundled_data_dir(), base)
    load_data(base=base)
    load_data(base=base)
    assert len(counted) == 1
    nations = base / "nations.yaml"
    nations.write_text(nations.read_text(encoding="utf-8") + "\n# a comment changes the bytes\n", encoding="utf-8")
    load_data(base=base)
    assert len(counted) == 2


def test_errors_are_never_cached(counted: list[int], tmp_path: Path) -> None:
    folder = _override(tmp_path / "mine", "fast")
    for _ in range(2):
        with pytest.raises(DataError) as err:
            load_data([folder])
        assert any(str(folder / "fast.yaml") in p and "speed" in p for p in err.value.problems), err.value.problems
    assert len(counted) == 2 and not list((tmp_path / "cache").glob("*.pickle"))


def test_the_cache_can_be_turned_off(counted: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VAS_NO_CACHE", "1")
    assert data_cache.cache_dir() is None
    load_data()
    load_data()
    assert len(counted) == 2


def test_a_broken_cache_file_is_passed_over(counted: list[int], tmp_path: Path) -> None:
    load_data()
    (cached,) = (tmp_path / "cache").glob("data-*.pickle")
    cached.write_bytes(b"not a pickle")
    assert load_data().units and len(counted) == 2
