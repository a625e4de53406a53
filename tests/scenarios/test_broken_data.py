"""Broken data is rejected with a message naming file, line, field and problem.

Each case drops one bad file into an override folder (``--data DIR``) on top of the bundled data and checks
the exact location and wording of the error.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scenarios.loader import DataError, load_data

UNIT_ONLY = """\
units:
  - name: Test Ship
    nation: UK
    type: CA
    counter: WAS
    gunnery: 1
    defence: 1
    speed: 7
    arrival: {turn: 2, places: [England], source: test, confidence: rulebook}
    source: test
    confidence: rulebook
"""
CLASS = """\
classes:
  - {name: Test Class, nation: "UK", category: heavy_cruiser, commissioned: 1930, standard_t: 9000, full_load_t: 12000,
     speed_kn: 32.0, belt_mm: 76, deck_mm: 38, ships: [{name: "Test Ship", counter: "Test Ship"}],
     source: "a class", confidence: secondary}
"""
UNIT = UNIT_ONLY + CLASS
"""A new ship counter and the class it needs (every ship counter has one: R-CARD-01); the class is spelt so that
the tests' text replacements on the unit leave it alone."""


def problems_for(tmp_path: Path, files: dict[str, str]) -> list[str]:
    folder = tmp_path / "override"
    folder.mkdir(exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_data([folder])
    return info.value.problems


def one_problem(tmp_path: Path, text: str) -> tuple[str, str]:
    """(location prefix 'file:line', rest) of the single problem a bad file causes."""
    problems = problems_for(tmp_path, {"bad.yaml": text})
    assert len(problems) == 1, problems
    file_, line, rest = problems[0].split(":", 2)
    assert file_.endswith("bad.yaml")
    return line, rest.strip()


def test_the_template_itself_is_valid(tmp_path: Path) -> None:
    folder = tmp_path / "ok"
    folder.mkdir()
    (folder / "u.yaml").write_text(UNIT, encoding="utf-8")
    assert load_data([folder]).units["Test Ship"].gunnery == 1


@pytest.mark.parametrize(
    ("text", "line", "expected"),
    [
        pytest.param(
            UNIT.replace("    gunnery: 1\n", "    gunnery: 1\n    gunery: 2\n"),
            "7",
            "units[0] (Test Ship).gunery: unknown field",
            id="misspelt-field",
        ),
        pytest.param(
            UNIT.replace("    source: test\n    confidence", "    confidence"),
            "2",
            "units[0] (Test Ship).source: field required",
            id="missing-source",
        ),
        pytest.param(
            UNIT.replace("confidence: rulebook\n", "confidence: certain\n"),
            "11",
            "units[0] (Test Ship).confidence: Input should be 'rulebook', 'secondary' or 'reconstructed' "
            "(got 'certain')",
            id="bad-confidence",
        ),
        pytest.param(
            UNIT.replace("gunnery: 1", "gunnery: '1'"),
            "6",
            "units[0] (Test Ship).gunnery: Input should be a valid integer (got '1')",
            id="quoted-number-not-coerced",
        ),
        pytest.param(
            UNIT.replace("turn: 2,", "turn: 11,"),
            "9",
            "units[0] (Test Ship).arrival.turn: Input should be less than or equal to 10 (got 11)",
            id="turn-past-the-end",
        ),
        pytest.param(
            UNIT.replace("type: CA", "type: DD"),
            "4",
            "units[0] (Test Ship).type: Input should be",
            id="unknown-unit-type",
        ),
        pytest.param(
            UNIT.replace("type: CA", "type: CV"),
            "2",
            "units[0] (Test Ship): Value error, a CV needs an air factor",
            id="carrier-without-air",
        ),
        pytest.param(
            UNIT.replace(
                "    source: test\n    confidence: rulebook\n",
                "    removal: {turn: 2, source: t, confidence: rulebook}\n    source: test\n    confidence: rulebook\n",
            ),
            "2",
            "removal turn 2 is not after arrival turn 2",
            id="removal-before-arrival",
        ),
        pytest.param(
            UNIT.replace(
                "    source: test\n    confidence: rulebook\n",
                "    provenance: {spead: {source: t, confidence: secondary}}\n"
                "    source: test\n    confidence: rulebook\n",
            ),
            "2",
            "provenance names unknown field(s): spead",
            id="provenance-unknown-field",
        ),
        pytest.param(
            UNIT.replace("units:", "ships:"), "1", "ships: unknown section; expected one of", id="unknown-section"
        ),
        pytest.param(
            UNIT.replace("speed: 7\n", "speed: 7\n    speed: 6\n"),
            "9",
            "duplicate key 'speed' (first at line 8)",
            id="duplicate-yaml-key",
        ),
        pytest.param(UNIT.replace("places: [England]", "places: [England"), "9", "YAML syntax", id="yaml-syntax"),
        pytest.param(
            UNIT.replace("nation: UK", "nation: NO"),
            "3",
            "units (Test Ship).nation: unknown nation 'NO'",
            id="NO-stays-a-string",
        ),
        pytest.param(
            UNIT.replace("places: [England]", "places: [Englnd]"),
            "9",
            "units (Test Ship).arrival.places.0: unknown place 'Englnd'",
            id="unknown-arrival-place",
        ),
        pytest.param(
            UNIT.replace("nation: UK", "nation: US").replace("places: [England]", "places: [Malta]"),
            "9",
            "units (Test Ship).arrival.places.0: 'Malta' is not allowed for a US CA on turn 2: 002 §3.421",
            id="us-ship-arriving-in-malta",
        ),
        pytest.param(
            UNIT.replace("nation: UK", "nation: DE").replace("places: [England]", "places: [Caribbean]"),
            "9",
            "'Caribbean' is not allowed for a DE CA on turn 2: 002 §1.1, §3.22",
            id="german-in-caribbean-turn-2",
        ),
        pytest.param(
            UNIT.replace("nation: UK", "nation: SU"),
            "9",
            "'England' is not allowed for a SU CA on turn 2: 002 §3.42",
            id="russian-leaves-the-baltic",
        ),
        pytest.param(
            "adjacency:\n  - {areas: [North Sea, Atlantis Deep], source: t, confidence: reconstructed}\n",
            "2",
            "adjacency (Atlantis Deep - North Sea).areas: unknown sea area 'Atlantis Deep'",
            id="border-unknown-area",
        ),
        pytest.param(
            "adjacency:\n  - {areas: [North Sea, North Sea], source: t, confidence: reconstructed}\n",
            "2",
            "an area cannot border itself",
            id="border-self-loop",
        ),
        pytest.param(
            "ports:\n  - {name: Gibraltar, theatre: WAS, kind: major_port, touches: [Mediterranean, Indonesia],\n"
            "     owner: allied, repair: 2, source: t, confidence: reconstructed}\n",
            "2",
            "ports (Gibraltar).touches.1: 'Indonesia' is in VITP, the port is in WAS",
            id="port-touches-other-theatre",
        ),
        pytest.param(
            "tables:\n  - name: t\n    rolls: [{faces: [1, 2, 3], place: Caribbean},\n"
            "            {faces: [3, 4, 5, 6], place: Malta}]\n"
            "    source: t\n    confidence: reconstructed\n",
            "2",
            "the rolls must cover each face 1-6 exactly once",
            id="roll-table-faces",
        ),
        pytest.param(
            "limits:\n  - {id: x, kind: cap, units: {nations: [UK]}, places: [Malta], rule: r, source: t,"
            " confidence: rulebook}\n",
            "2",
            "'max' is required for kind cap",
            id="cap-without-max",
        ),
        pytest.param(
            UNIT.replace("type: CA", "type: BB").replace(
                "    source: test\n    confidence: rulebook\n",
                "    vitp_start: {letter: P, source: t, confidence: rulebook}\n"
                "    source: test\n    confidence: rulebook\n",
            ),
            "10",
            "letter P means Pearl Harbor, which is not among the arrival places",
            id="start-letter-mismatch",
        ),
        pytest.param("- just\n- a list\n", "1", "a data file must be a mapping of sections", id="top-level-list"),
    ],
)
def test_broken_file_is_rejected_with_location(tmp_path: Path, text: str, line: str, expected: str) -> None:
    got_line, message = one_problem(tmp_path, text)
    assert expected in message
    assert got_line == line, message


def test_duplicate_unit_in_one_folder_names_both_places(tmp_path: Path) -> None:
    problems = problems_for(tmp_path, {"a.yaml": UNIT, "b.yaml": UNIT_ONLY})
    assert len(problems) == 1
    assert "b.yaml:2: units[0] (Test Ship): duplicate unit (also at " in problems[0]
    assert "a.yaml:2)" in problems[0]


def test_reversed_border_is_a_duplicate(tmp_path: Path) -> None:
    text = (
        "adjacency:\n  - {areas: [Malta Channel, Sicily Narrows], source: t, confidence: reconstructed}\n"
        "  - {areas: [Sicily Narrows, Malta Channel], source: t, confidence: reconstructed}\n"
    )
    problems = problems_for(tmp_path, {"bad.yaml": text})
    assert problems[0].endswith(
        "bad.yaml:3: adjacency[1] (Malta Channel - Sicily Narrows): duplicate border "
        f"(also at {tmp_path / 'override' / 'bad.yaml'}:2)"
    )


def test_isolated_sea_area_is_reported(tmp_path: Path) -> None:
    text = (
        "areas:\n  - name: Sargasso Sea\n    theatre: WAS\n"
        "    poc: {allied: {value: 0, track: WAS, source: t, confidence: reconstructed},"
        " axis: {value: 0, track: WAS, source: t, confidence: reconstructed}}\n"
        "    source: t\n    confidence: reconstructed\n"
    )
    problems = problems_for(tmp_path, {"bad.yaml": text})
    bad = tmp_path / "override" / "bad.yaml"
    assert problems == [f"{bad}:2: adjacency: sea areas not linked to the rest: Sargasso Sea"]


def test_missing_override_folder(tmp_path: Path) -> None:
    with pytest.raises(DataError) as info:
        load_data([tmp_path / "nowhere"])
    assert info.value.problems == [f"{tmp_path / 'nowhere'}: --data: no such folder"]


def test_all_problems_are_reported_not_just_the_first(tmp_path: Path) -> None:
    bad = UNIT.replace("gunnery: 1", "gunnery: '1'").replace("speed: 7", "speed: fast")
    problems = problems_for(tmp_path, {"bad.yaml": bad})
    assert [p.split(": ", 2)[1] for p in problems] == ["units[0] (Test Ship).gunnery", "units[0] (Test Ship).speed"]


def test_override_replaces_a_bundled_record(tmp_path: Path) -> None:
    folder = tmp_path / "fix"
    folder.mkdir()
    (folder / "u.yaml").write_text(UNIT_ONLY.replace("Test Ship", "Hood").replace("gunnery: 1", "gunnery: 4"))
    data = load_data([folder])
    assert data.units["Hood"].gunnery == 4
    assert data.units["Hood"].type == "CA"
    assert ("units", "Hood") in data.overridden


def test_every_broken_limit_is_named(tmp_path: Path) -> None:
    """An Italian cruiser arriving in the Caribbean breaks two rules: 002 §1.1 and §4.2."""
    bad = UNIT.replace("nation: UK", "nation: IT").replace("places: [England]", "places: [Caribbean]")
    problems = problems_for(tmp_path, {"bad.yaml": bad})
    assert [p.split(": ", 2)[2].split(": ", 1)[1][:12] for p in problems] == ["002 §1.1: on", "002 §4.2: It"]


def test_force_mixes_are_checked_against_the_aircraft_chart_and_the_cards(tmp_path: Path) -> None:
    """scenarios/forces.py: a mix names known aircraft (carrier-capable for carrier air) and submarine cards, and
    an air unit or submarine of a nation with no mix is refused, with the file and line."""
    text = """forces:
  - {name: "US carrier air 1941", nation: US, kind: carrier air, from_year: 1941,
     pieces: ["F4F-4 Wildcat", "B-17E Flying Fortress", "Sopwith Camel"], source: "test", confidence: reconstructed}
  - {name: "U-Boats", nation: DE, kind: submarine, from_year: 1941, pieces: ["Fletcher"], source: "test",
     confidence: reconstructed}
  - {name: "Japanese land-based air 1941", nation: JP, kind: land-based air, from_year: 1942,
     pieces: ["A6M2 Zero"], source: "test", confidence: reconstructed}
"""
    problems = problems_for(tmp_path, {"forces.yaml": text})
    assert any("forces.yaml:3: forces (US carrier air 1941).pieces.1: 'B-17E Flying Fortress' cannot fly from a "
               "carrier" in p for p in problems)
    assert any("forces (US carrier air 1941).pieces.2: 'Sopwith Camel' is not on the aircraft chart" in p
               for p in problems)
    assert any("forces (U-Boats).pieces.0: 'Fletcher' is not a submarine card" in p for p in problems)
    assert any("units (21st Air Flotilla): no land-based air mix for nation JP in 1941" in p for p in problems)


def test_force_mix_in_force_is_the_latest_not_after_the_year() -> None:
    from scenarios.forces import ForceKind, mix_for

    data = load_data()
    assert mix_for(data, "US", ForceKind.CARRIER_AIR, 1942).name == "US carrier air 1942"
    assert mix_for(data, "US", ForceKind.CARRIER_AIR, 1944).name == "US carrier air 1943"
    assert mix_for(data, "JP", ForceKind.SUBMARINE, 1944).pieces == ["I-15 (Type B1)"]
    with pytest.raises(KeyError, match="no carrier air mix for nation DE in 1941"):
        mix_for(data, "DE", ForceKind.CARRIER_AIR, 1941)


def _constant(name: str, value: str) -> str:
    return (f"constants:\n  - name: {name}\n    value: {value}\n    rule: mine\n    source: test\n"
            "    confidence: rulebook\n")


@pytest.mark.parametrize(("name", "value", "problem"), [
    ("u-boat-full-strength", "-3", "constants (u-boat-full-strength).value: must be from 0 to 100, not -3"),
    ("u-boat-full-strength", "1000000000000000000000",
     "constants (u-boat-full-strength).value: must be from 0 to 100, not 1000000000000000000000"),
    ("oil-roll-success", "[1, 7]", "constants (oil-roll-success).value: die faces are 1 to 6, not 7"),
    ("oil-roll-success", "[2, 2]", "constants (oil-roll-success).value: names a die face twice"),
    ("was-disable-rolls", "[13]", "constants (was-disable-rolls).value: modified rolls are 1 to 12, not 13"),
    ("isolation-turns", "[2]", "constants (isolation-turns).value: one whole number from 1 to 10 is read here, "
                               "not a list"),
    ("u-boat-full-strenght", "3", "constants (u-boat-full-strenght).name: no rule reads a constant of that name, "
                                  "so it would change nothing; did you mean 'u-boat-full-strength'?"),
])
def test_a_constant_out_of_its_rule_is_refused(tmp_path: Path, name: str, value: str, problem: str) -> None:
    """R-DATA-05: a constant's override is checked against what its rule reads, before any game starts."""
    assert one_problem(tmp_path, _constant(name, value)) == ("2", problem)


def test_every_constant_has_its_rule_and_every_rule_its_constant() -> None:
    from scenarios.constant_checks import CONSTANT_RULES
    assert set(load_data([]).constants) == set(CONSTANT_RULES)


def test_a_border_between_the_games_is_only_a_link_of_002(tmp_path: Path) -> None:
    """R-DATA-06: a War at Sea area borders a VITP one only where 002 §3.341-3.343 links the games, the links the
    movement rules know."""
    from scenarios.checks import GAME_LINKS
    from strategic.movement import TRANSFER_ROUTES
    assert {frozenset(path) for _port, path in TRANSFER_ROUTES} == GAME_LINKS
    line, rest = one_problem(tmp_path, "adjacency:\n  - areas: [North Sea, Coral Sea]\n    source: t\n"
                                       "    confidence: rulebook\n")
    assert (line, rest) == ("2", "adjacency (Coral Sea - North Sea).areas: 'North Sea' is in WAS, 'Coral Sea' in "
                                 "VITP: the two games border only at Cape of Good Hope-Bay of Bengal and "
                                 "Mediterranean-Bay of Bengal (002 §3.341-3.343)")


@pytest.mark.parametrize("value", ['"two"', "2.5", "true", '{a: 1}'])
def test_a_constant_of_the_wrong_type_is_one_problem(tmp_path: Path, value: str) -> None:
    """R-DATA-05 (a break test): a value of the wrong type gave two problems, "a valid integer" and "a valid list"."""
    line, rest = one_problem(tmp_path, _constant("isolation-turns", value))
    assert line == "3"
    assert rest.startswith("constants[0] (isolation-turns).value: a whole number, or a list of whole numbers (die "
                           "faces), is expected")
