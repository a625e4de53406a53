"""The `vas` command line as a user runs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_data_check_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "data", "check")
    assert code == 0
    assert "Campaign data OK" in out
    assert "WAS    8 sea areas,  9 ports/bases" in out
    assert "VITP  13 sea areas, 22 ports/bases" in out
    assert "facts:" in out and "reconstructed" in out


def test_oob_turn_3(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "oob", "--turn", "3")
    assert code == 0
    assert out.startswith("Turn 3  (VITP turn 1)")
    lines = out.splitlines()

    def line_of(name: str) -> str:
        return next(line for line in lines if f" {name} " in line)

    assert line_of("London").rstrip().endswith("England or Ceylon")
    assert "Group Z" in line_of("Hornet")
    assert "Caribbean" in line_of("Washington") and "5-6-5" in line_of("Washington")
    assert "Indonesia" in line_of("5th Air Force")
    assert "Yokosuka Navy Yard" in line_of("Zuikaku") and "Yokosuka Navy Yard" in line_of("Zuiho")
    for name in ("25th Air Flotilla", "26th Air Flotilla", "Italian Frogmen"):
        line_of(name)


def test_data_show_unit_and_area(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "data", "show", "Washington")
    assert code == 0 and "# counter 5-6-5" in out and "nation: US" in out
    code, out, _ = run(capsys, "data", "show", "caribbean")
    assert code == 0 and "# borders: North Atlantic, South Atlantic; ports: Neutral Country, United States" in out


def test_data_show_unknown_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "data", "show", "Bismark")
    assert (code, err) == (2, "vas data show: nothing named 'Bismark'. Did you mean: Bismarck (unit, card, class)?\n")
    code, _, err = run(capsys, "data", "show", "")  # R-UI-101: an empty name is refused, not matched to nations
    assert (code, err) == (2, "vas data show: give the name of a record (a unit, sea area, port, nation, set-up, "
                              "class...)\n")


def test_bad_override_exits_1_with_location(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("units:\n  - name: X\n")
    code, _, err = run(capsys, "data", "check", "--data", str(tmp_path))
    assert code == 1
    assert f"{tmp_path / 'bad.yaml'}:2: units[0] (X).nation: field required" in err


def test_oob_unknown_nation(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "oob", "--nation", "XX")
    assert code == 2 and "unknown nation 'XX'" in err


def test_a_data_folder_given_twice_applies_once_where_last_given(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """R-UI-121: ``--data fix --data fix/`` applies the folder once; later folders still win."""
    from tui.cli import build_parser
    fix, other = tmp_path / "fix", tmp_path / "other"
    for folder, value in ((fix, 1), (other, 2)):
        folder.mkdir()
        (folder / "c.yaml").write_text(f"constants:\n  - {{name: isolation-turns, value: {value}, rule: r, "
                                       "source: s, confidence: rulebook}\n")
    parse = build_parser("data").parse_args
    assert parse(["data", "check", "--data", str(fix), "--data", f"{fix}/"]).data == [f"{fix}/"]
    assert parse(["data", "check", "--data", str(fix), "--data", str(other), "--data", str(fix)]).data == [
        str(other), str(fix)]
    assert main(["data", "check", "--data", str(fix), "--data", f"{fix}/"]) == 0
    assert "overrides applied: 1 (isolation-turns)\n" in capsys.readouterr().out
    assert main(["data", "show", "isolation-turns", "--data", str(fix), "--data", str(other), "--data", str(fix)]) == 0
    assert "value: 1" in capsys.readouterr().out
