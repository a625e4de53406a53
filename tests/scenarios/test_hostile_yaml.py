"""Hostile or broken YAML in a ``--data`` folder is refused at once with the loader's normal data error.

A "billion laughs" alias bomb, a file over the size limit, nesting deep enough to exhaust Python's stack, text
that is not UTF-8 and files of the wrong shape each give one ``file:line: ...: problem`` line naming the file,
``vas data check`` exits 1 without a traceback, and the files are left as they were.  The tests assert outcomes,
never durations: before the limits the bomb ran out of memory and a 25 MB file parsed for minutes.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from scenarios.loader import DataError, bundled_data_dir, load_data
from scenarios.yaml_source import (
    MAX_ALIAS_NODES,
    MAX_DEPTH,
    MAX_FILE_BYTES,
    StrictSafeLoader,
    YamlLimitError,
    YamlSyntaxError,
    read_yaml,
)

LAUGHS = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{name}: &{name} [{', '.join(['*' + prev] * 9)}]\n" for prev, name in zip("abcdefgh", "bcdefghi", strict=True)
)
"""Nine levels of nine aliases: 1 kB of text, 9**9 (387 million) strings once expanded.  The copies pass
MAX_ALIAS_NODES at the first alias of line 5 (``e``): 8289 nodes copied before it, 7381 in ``*d``."""

MERGE_BOMB = (
    "big: &big {" + ", ".join(f"k{i}: {i}" for i in range(2000)) + "}\n"
    "copies:\n" + "".join("  - {<<: *big}\n" for _ in range(50))
)
"""Merge keys copy a 2000-pair mapping (4001 nodes) 50 times: 200,000 nodes from 20 kB; the third is refused."""


def snapshot(folder: Path) -> dict[str, tuple[int, int, str]]:
    """Every file under ``folder``: size, modification time and SHA-256 of its content."""
    return {
        str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns, hashlib.sha256(p.read_bytes()).hexdigest())
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def run_check(*folders: Path) -> tuple[int, str]:
    """``vas data check --data F ...``: exit code and everything printed to stderr."""
    from tui.cli import main  # here, not at the top: the loader's tests do not need the whole CLI

    err = io.StringIO()
    argv = ["data", "check"]
    for folder in folders:
        argv += ["--data", str(folder)]
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(argv)
    return code, err.getvalue()


def load_problems(*folders: Path) -> list[str]:
    with pytest.raises(DataError) as info:
        load_data(list(folders))
    return info.value.problems


# --- the billion laughs, end to end -------------------------------------------------------------------------


def test_billion_laughs_is_refused_by_the_loader_and_by_data_check(tmp_path: Path) -> None:
    folder = tmp_path / "bomb"
    folder.mkdir()
    bomb = folder / "laughs.yaml"
    bomb.write_text(LAUGHS, encoding="utf-8")
    before = snapshot(folder)

    problems = load_problems(folder)
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{bomb}:5: alias expansion: ")
    assert f"{MAX_ALIAS_NODES:,} nodes" in problems[0]

    code, err = run_check(folder)
    assert code == 1
    assert f"{bomb}:5: alias expansion: " in err
    assert "Traceback" not in err
    assert snapshot(folder) == before


# --- each hostile file, in one folder: one load, one `vas data check` -----------------------------------------


@dataclass(frozen=True)
class Case:
    name: str
    expected: str
    """Regular expression the whole problem must match after ``<path>:``."""


def _write_cases(folder: Path) -> None:
    (folder / "laughs.yaml").write_text(LAUGHS, encoding="utf-8")
    (folder / "merge_bomb.yaml").write_text(MERGE_BOMB, encoding="utf-8")
    (folder / "self_alias.yaml").write_text("units: &u [*u]\n", encoding="utf-8")
    with (folder / "too_big.yaml").open("wb") as stream:  # sparse: no megabyte written
        stream.truncate(MAX_FILE_BYTES + 1)
    (folder / "deep_lists.yaml").write_bytes(b"[" * 100_000)
    (folder / "deep_maps.yaml").write_bytes(b"a:\n  " + b"{a: " * 100_000)
    (folder / "deep_aliases.yaml").write_text(
        "a: &a " + "[" * 40 + "1" + "]" * 40 + "\nb: &b " + "[" * 40 + "*a" + "]" * 40 + "\n", encoding="utf-8"
    )
    (folder / "latin1.yaml").write_bytes("# Bréguet\nunits: []\n".encode("latin-1"))
    (folder / "utf16.yaml").write_bytes("units: []\n".encode("utf-16"))
    (folder / "nul.yaml").write_bytes(b"units: []\nareas: [\x00]\n")
    (folder / "top_list.yaml").write_text("- units\n- areas\n", encoding="utf-8")
    (folder / "top_scalar.yaml").write_text("just some text\n", encoding="utf-8")
    (folder / "unknown_section.yaml").write_text("units: []\nwarships: []\n", encoding="utf-8")
    (folder / "python_tag.yaml").write_text('units: !!python/object/apply:os.system "echo pwned"\n', "utf-8")
    (folder / "bad_int.yaml").write_text("constants:\n  - {name: x, value: !!int many}\n", encoding="utf-8")
    (folder / "bad_merge.yaml").write_text("units:\n  - {<<: 3}\n", encoding="utf-8")
    (folder / "list_key.yaml").write_text("? [units, areas]\n: []\n", encoding="utf-8")


CASES = [
    Case("laughs.yaml", r"5: alias expansion: aliases \(\*name\) up to here copy more than 10,000 nodes .*"),
    Case("merge_bomb.yaml", r"5: alias expansion: .* \(limit MAX_ALIAS_NODES\)"),
    Case("self_alias.yaml", r"1: alias: \*u is inside the node it names"),
    Case(
        "too_big.yaml",
        rf"1: file size: {MAX_FILE_BYTES + 1:,} bytes is over the limit of {MAX_FILE_BYTES:,} bytes .*",
    ),
    Case("deep_lists.yaml", rf"1: nesting: .*more than {MAX_DEPTH} deep \(limit MAX_DEPTH\)"),
    Case("deep_maps.yaml", rf"2: nesting: .*more than {MAX_DEPTH} deep \(limit MAX_DEPTH\)"),
    Case("deep_aliases.yaml", rf"2: nesting: .*more than {MAX_DEPTH} deep \(limit MAX_DEPTH\)"),
    Case("latin1.yaml", r"1: encoding: not UTF-8 text \(byte 0xe9 at offset 4\); save the file as UTF-8"),
    Case("utf16.yaml", r"1: encoding: not UTF-8 text \(byte 0xff at offset 0\); save the file as UTF-8"),
    Case("nul.yaml", r"2: YAML syntax: character U\+0000 is not allowed in YAML"),
    Case("top_list.yaml", r"1: <top>: a data file must be a mapping of sections \(nations, .*\)"),
    Case("top_scalar.yaml", r"1: <top>: a data file must be a mapping of sections \(nations, .*\)"),
    Case("unknown_section.yaml", r"2: warships: unknown section; expected one of nations, .*"),
    Case("python_tag.yaml", r"1: YAML syntax: could not determine a constructor for the tag .*python/object.*"),
    Case("bad_int.yaml", r"2: YAML syntax: not an integer: 'many'"),
    Case("bad_merge.yaml", r"2: YAML syntax: expected a mapping or list of mappings for merging, but found scalar"),
    Case("list_key.yaml", r"1: a key must be a string"),
]


@dataclass
class Outcome:
    folder: Path
    missing: Path
    a_file: Path
    problems: list[str]
    code: int
    err: str
    before: dict[str, tuple[int, int, str]]
    after: dict[str, tuple[int, int, str]]


@pytest.fixture(scope="module")
def outcome(tmp_path_factory: pytest.TempPathFactory) -> Outcome:
    root = tmp_path_factory.mktemp("hostile")
    folder = root / "data"
    folder.mkdir()
    _write_cases(folder)
    a_file = root / "not_a_folder.yaml"
    a_file.write_text("units: []\n", encoding="utf-8")
    missing = root / "nowhere"
    before = snapshot(root)
    problems = load_problems(folder, missing, a_file)
    code, err = run_check(folder, missing, a_file)
    return Outcome(folder, missing, a_file, problems, code, err, before, snapshot(root))


def test_every_file_written_has_a_case(outcome: Outcome) -> None:
    assert sorted(p.name for p in outcome.folder.iterdir()) == sorted(case.name for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_problem_names_the_file_and_line(outcome: Outcome, case: Case) -> None:
    path = outcome.folder / case.name
    mine = [p for p in outcome.problems if p.startswith(f"{path}:")]
    assert len(mine) == 1, outcome.problems
    assert re.fullmatch(re.escape(f"{path}:") + case.expected, mine[0]), mine[0]
    assert f"  {mine[0]}\n" in outcome.err  # `vas data check` prints the same line


def test_data_option_that_is_missing_or_a_file(outcome: Outcome) -> None:
    assert f"{outcome.missing}: --data: no such folder" in outcome.problems  # R-UI-103
    assert f"{outcome.a_file}: --data: not a folder" in outcome.problems
    assert f"{outcome.missing}: --data: no such folder" in outcome.err
    assert f"{outcome.a_file}: --data: not a folder" in outcome.err


def test_nothing_else_is_reported(outcome: Outcome) -> None:
    assert len(outcome.problems) == len(CASES) + 2, outcome.problems


def test_data_check_exits_1_without_a_traceback(outcome: Outcome) -> None:
    assert outcome.code == 1
    assert outcome.err.startswith(f"vas: {len(CASES) + 2} problem(s) in the campaign data:\n")
    assert "Traceback" not in outcome.err


def test_files_are_unchanged(outcome: Outcome) -> None:
    assert outcome.after == outcome.before
    assert not outcome.missing.exists()


# --- the limits themselves, on single files ------------------------------------------------------------------


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "f.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_file_at_the_size_limit_is_read(tmp_path: Path) -> None:
    """Exactly MAX_FILE_BYTES passes the size check (and then fails as YAML: a sparse file is all NUL)."""
    path = tmp_path / "f.yaml"
    with path.open("wb") as stream:
        stream.truncate(MAX_FILE_BYTES)
    with pytest.raises(YamlSyntaxError, match=r"character U\+0000") as info:
        read_yaml(path)
    assert not isinstance(info.value, YamlLimitError)


def test_aliases_within_the_limit_are_expanded(tmp_path: Path) -> None:
    """Sharing a block across many records is fine: 500 copies of a 19-node map."""
    areas = ", ".join(f"A{i}: allied" for i in range(9))
    text = f"base: &c {{{areas}}}\nsetups:\n" + "".join(f"  - {{name: s{i}, control: *c}}\n" for i in range(500))
    doc = read_yaml(write(tmp_path, text))
    assert len(doc.data["setups"]) == 500
    assert doc.data["setups"][499]["control"] == doc.data["base"]
    assert doc.lines[("setups", 499, "control")] == 502


def test_merge_keys_within_the_limit_still_work(tmp_path: Path) -> None:
    doc = read_yaml(write(tmp_path, "a: &a {x: 1, y: 2}\nb: {<<: *a, z: 3}\n"))
    assert doc.data == {"a": {"x": 1, "y": 2}, "b": {"x": 1, "y": 2, "z": 3}}


def test_alias_expansion_just_over_the_limit(tmp_path: Path) -> None:
    """The count is of nodes: MAX_ALIAS_NODES copies of a scalar pass, one more does not."""
    ok = write(tmp_path, "a: &a x\nb: [" + ", ".join(["*a"] * MAX_ALIAS_NODES) + "]\n")
    assert len(read_yaml(ok).data["b"]) == MAX_ALIAS_NODES
    over = write(tmp_path, "a: &a x\nb:\n" + "  - *a\n" * (MAX_ALIAS_NODES + 1))
    with pytest.raises(YamlLimitError, match=rf"^{re.escape(str(over))}:{MAX_ALIAS_NODES + 3}: alias expansion"):
        read_yaml(over)


def test_nesting_at_the_limit_is_read(tmp_path: Path) -> None:
    doc = read_yaml(write(tmp_path, "[" * MAX_DEPTH + "]" * MAX_DEPTH))
    depth, value = 0, doc.data
    while isinstance(value, list):
        depth, value = depth + 1, value[0] if value else None
    assert depth == MAX_DEPTH
    with pytest.raises(YamlLimitError, match="nesting"):
        read_yaml(write(tmp_path, "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)))


def test_the_bundled_data_is_far_inside_the_limits() -> None:
    """The limits leave the bundled data (and overrides like it) a wide margin."""
    copies, height = 0, 0
    for path in sorted(bundled_data_dir().rglob("*.yaml")):
        assert path.stat().st_size * 10 < MAX_FILE_BYTES, path
        loader = StrictSafeLoader(path.read_text(encoding="utf-8"))
        try:
            node = loader.get_single_node()
        finally:
            loader.dispose()
        copies = max(copies, loader.copies)
        height = max(height, loader.shapes[id(node)][1])
    assert 0 < copies * 100 < MAX_ALIAS_NODES  # setups.yaml shares its VITP control map
    assert height * 4 < MAX_DEPTH
