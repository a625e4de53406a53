"""The bundled campaign data: the 002 order-of-appearance chart, counters, limits and set-ups."""

from __future__ import annotations

import pytest

from scenarios.limits import violated_limits
from scenarios.loader import CampaignData
from scenarios.models import Activity, Condition, Confidence, Theatre, UnitType

# 002 order-of-appearance chart: unit -> (combined turn, places)
BRITAIN_START = ["England", "Malta", "Neutral Country", "Ceylon", "Singapore"]
CHART = {
    "Berwick": (1, BRITAIN_START),
    "York": (1, BRITAIN_START),
    "Argus": (1, BRITAIN_START),
    "Furious": (1, BRITAIN_START),
    "Cornwall": (1, BRITAIN_START),
    "Shropshire": (1, BRITAIN_START),
    "Hermes": (1, BRITAIN_START),
    "London": (3, ["England", "Ceylon"]),
    "Indomitable": (4, ["Ceylon", "England"]),
    "New York": (1, ["Caribbean"]),
    "Texas": (1, ["Caribbean"]),
    "New Mexico": (1, ["Caribbean"]),
    "Idaho": (1, ["Caribbean"]),
    "Mississippi": (1, ["Caribbean"]),
    "Arkansas": (1, ["Caribbean"]),
    "Ranger": (1, ["Caribbean"]),
    "Wichita": (1, ["Caribbean"]),
    "Tuscaloosa": (1, ["Caribbean"]),
    "Augusta": (1, ["Caribbean"]),
    "Wasp": (2, ["Caribbean"]),
    "7th Air Force": (2, ["Pearl Harbor"]),
    "Hornet": (3, ["Group Z"]),
    "Washington": (3, ["Caribbean"]),
    "5th Air Force": (3, ["Indonesia"]),
    "Shokaku": (2, ["Yokosuka Navy Yard"]),
    "Zuikaku": (3, ["Yokosuka Navy Yard"]),
    "Zuiho": (3, ["Yokosuka Navy Yard"]),
    "Orion": (1, None),
    "Pinguin": (1, None),
    "Atlantis": (1, None),
    "24th Air Flotilla": (2, None),
    "25th Air Flotilla": (3, None),
    "26th Air Flotilla": (3, None),
    "Italian Frogmen": (3, None),
}


@pytest.mark.parametrize("name", sorted(CHART))
def test_every_chart_unit_arrives_as_the_chart_says(data: CampaignData, name: str) -> None:
    turn, places = CHART[name]
    unit = data.units[name]
    assert unit.arrival.turn == turn
    if places is not None:
        assert sorted(unit.arrival.places) == sorted(places)


@pytest.mark.parametrize("name", ["Wasp", "Hornet", "Washington"])
def test_chart_footnote_star(data: CampaignData, name: str) -> None:
    """Chart note *: if the VITP war has begun, these may appear in Pearl Harbor or United States."""
    assert sorted(data.units[name].arrival.if_war_begun) == ["Pearl Harbor", "United States"]


def test_a_ship_in_both_games_uses_its_vitp_counter(data: CampaignData) -> None:
    """002 §2.3: 'so the Washington is a 5-6-5'."""
    washington = data.units["Washington"]
    assert (washington.gunnery, washington.defence, washington.speed) == (5, 6, 5)
    assert washington.counter == "VITP"
    assert "WAS" in washington.also_in


def test_surface_raiders(data: CampaignData) -> None:
    """002 §2.211: placed on turn 1 in any War at Sea area (not the Caribbean: §1.1) or the Bay of Bengal."""
    was_areas = {a for a, r in data.areas.items() if r.theatre is Theatre.WAS} - {"Caribbean"}
    for name in ("Orion", "Pinguin", "Atlantis"):
        raider = data.units[name]
        assert raider.type is UnitType.RAIDER and raider.nation == "DE" and raider.counter == "002"
        assert set(raider.arrival.places) == was_areas | {"Bay of Bengal"}


def test_frogmen(data: CampaignData) -> None:
    frogmen = data.units["Italian Frogmen"]
    assert frogmen.type is UnitType.FROGMEN and frogmen.nation == "IT"
    assert frogmen.arrival.places == ["Italy"]


def test_location_uncertain_groups(data: CampaignData) -> None:
    members = {g: sorted(u.name for u in data.units.values() if "Group " + g in u.arrival.places) for g in "WXYZ"}
    assert "Saratoga" in members["Y"]
    assert "Hornet" in members["Z"]
    assert all(members.values())


def test_nations_and_players(data: CampaignData) -> None:
    """002 §3: four players; French ships under the British player (§2.1); time tracks per §2.33."""
    players = {code: n.player.value for code, n in data.nations.items()}
    assert players == {
        "UK": "allies",
        "FR": "allies",
        "SU": "allies",
        "NL": "allies",
        "AU": "allies",
        "US": "united_states",
        "DE": "germany_italy",
        "IT": "germany_italy",
        "JP": "japan",
    }
    assert {c for c, n in data.nations.items() if n.time_track is Theatre.WAS} == {"UK", "FR", "SU", "DE", "IT"}


def test_every_nation_has_units(data: CampaignData) -> None:
    assert {u.nation for u in data.units.values()} == set(data.nations)


def test_unit_names_are_unique_and_provenance_is_complete(data: CampaignData) -> None:
    for unit in data.units.values():
        assert unit.source and unit.arrival.source


def test_facts_by_confidence_are_counted(data: CampaignData) -> None:
    counts = data.fact_confidences()
    assert set(counts) == set(Confidence)
    assert counts[Confidence.RULEBOOK] > 0 and counts[Confidence.RECONSTRUCTED] > 0


# --------------------------------------------------------------------------- limits (rules cases)


def legal(data: CampaignData, unit: str, place: str, turn: int, *, holds=None) -> bool:
    activity = Activity.BASE if place in data.ports else Activity.AT_SEA
    kwargs = {"holds": holds} if holds else {}
    return not violated_limits(
        data.limits.values(), data.units[unit], place, data.place_theatre(place), turn, activity, **kwargs
    )


def test_c03_caribbean_access(data: CampaignData) -> None:
    """C-03 (002 §1.1): no German ship on turns 1-2, German from turn 3; Japanese and Italian never."""
    assert not legal(data, "Admiral Scheer", "Caribbean", 2)
    assert legal(data, "Admiral Scheer", "Caribbean", 3)
    assert not legal(data, "Zara", "Caribbean", 5)
    assert not legal(data, "Yamato", "Caribbean", 5)
    assert legal(data, "Hood", "Caribbean", 1) and legal(data, "Texas", "Caribbean", 1)


def test_c04_cape_of_good_hope(data: CampaignData) -> None:
    """C-04 (002 §1.2): no land-based air strike; no US ship."""
    assert not legal(data, "Texas", "Cape of Good Hope", 4)
    assert not legal(data, "Allied LBA", "Cape of Good Hope", 4)
    assert legal(data, "Hood", "Cape of Good Hope", 4) and legal(data, "Zara", "Cape of Good Hope", 4)


def test_c07_us_ships_base_only_in_united_states(data: CampaignData) -> None:
    """C-07 (002 §3.421, §4.3): a US ship in War at Sea returns to United States, never to England."""
    assert not legal(data, "Texas", "England", 5)
    assert legal(data, "Texas", "United States", 5)
    assert legal(data, "Texas", "North Atlantic", 5)
    assert not legal(data, "Texas", "Ceylon", 5)


def test_c08_one_british_ship_at_pearl_harbor_is_a_cap(data: CampaignData) -> None:
    cap = data.limits["one-british-or-french-ship-at-pearl"]
    assert cap.kind == "cap" and cap.max == 1 and cap.places == ["Pearl Harbor"]


def test_c10_italian_cruisers(data: CampaignData) -> None:
    """C-10 (002 §4.2)."""
    allowed = {
        "North Atlantic",
        "South Atlantic",
        "Cape of Good Hope",
        "Mediterranean",
        "Italy",
        "France",
        "Neutral Country",
    }
    for place in list(data.areas) + list(data.ports):
        assert legal(data, "Zara", place, 5) == (place in allowed), place


def test_japan_in_was_depends_on_the_vitp_poc(data: CampaignData) -> None:
    """002 §3.3, §3.36: Neutral Country and Cape of Good Hope only, and only while Japan leads in VITP."""
    assert legal(data, "Yamato", "Cape of Good Hope", 5)
    assert not legal(data, "Yamato", "South Atlantic", 5)

    def japan_behind(condition: Condition) -> bool:
        return condition in (Condition.ALWAYS, Condition.JAPAN_NOT_AHEAD_VITP)

    assert not legal(data, "Yamato", "Cape of Good Hope", 5, holds=japan_behind)


def test_russians_stay_in_the_baltic(data: CampaignData) -> None:
    russian = next(u.name for u in data.units.values() if u.nation == "SU" and u.type.is_ship)
    assert legal(data, russian, "Baltic Sea", 5) and legal(data, russian, "Leningrad", 5)
    assert not legal(data, russian, "North Sea", 5)


# --------------------------------------------------------------------------- set-ups


def test_setups(data: CampaignData) -> None:
    standard = data.setups["standard"]
    assert (standard.first_turn, standard.last_turn, standard.vitp_first_turn) == (1, 10, 3)  # C-01
    assert data.setups["early_war"].axis_poc_lead[Theatre.VITP] == 8  # 002 §5.61
    assert data.setups["early_war"].port_owners["Saigon"] == "allied"  # 002 §5.4
    assert data.setups["was_only"].theatres == [Theatre.WAS]
    assert data.setups["vitp_only"].theatres == [Theatre.VITP]
    assert standard.tables == {"location-uncertain": "location-uncertain-combined"}


def test_caribbean_placement_roll(data: CampaignData) -> None:
    """C-06 (002 §3.233, §4.3): a 6 goes to the North Atlantic, anything else stays in the Caribbean."""
    table = {face: roll.place for roll in data.tables["caribbean-placement"].rolls for face in roll.faces}
    assert table == {
        1: "Caribbean",
        2: "Caribbean",
        3: "Caribbean",
        4: "Caribbean",
        5: "Caribbean",
        6: "North Atlantic",
    }


def test_totals_per_nation(data: CampaignData) -> None:
    """Counters per navy in the bundled data (a changed count must be a deliberate data change)."""
    totals = {code: sum(1 for u in data.units.values() if u.nation == code) for code in data.nations}
    assert totals == {"UK": 51, "FR": 15, "SU": 2, "NL": 1, "AU": 3, "US": 74, "DE": 24, "IT": 12, "JP": 61}


def test_every_ruling_cited_in_the_data_exists() -> None:
    """Data comments and sources cite rulings as R-XXX-NN; each must be in docs/rulings.md."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    rulings = set(re.findall(r"^### (R-[A-Z]+-\d+)", (root / "docs" / "rulings.md").read_text(), re.M))
    cited: set[str] = set()
    for path in (root / "scenarios" / "data").rglob("*.yaml"):
        cited |= set(re.findall(r"\bR-[A-Z]+-\d+\b", path.read_text()))
    assert cited, "the data cites no rulings"
    assert cited <= rulings, sorted(cited - rulings)
