"""Ship classes (issue 7): every ship counter has a class, refits by year, cross-checks."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from scenarios.classes import CARD_SHIP_TYPES, ClassRefit, ShipClass, class_of_counter, ship_name
from scenarios.loader import CampaignData, DataError, load_data
from scenarios.models import Confidence


def test_every_ship_counter_has_exactly_one_class(data: CampaignData) -> None:
    owners = class_of_counter(data)
    ships = [n for n, u in data.units.items() if u.type in CARD_SHIP_TYPES]
    assert sorted(owners) == sorted(ships)
    assert len(ships) == 213  # 206 ships, raiders and convoys, and the 7 VITP landing units (R-CARD-12)
    assert {data.units[n].nation for n in ships} == {"US", "UK", "FR", "DE", "IT", "SU", "JP", "NL", "AU"}


def test_raiders_are_armed_merchant_cruisers(data: CampaignData) -> None:
    for raider in ("Orion", "Pinguin", "Atlantis"):
        assert class_of_counter(data)[raider].category == "auxiliary_cruiser"


def test_counters_with_other_names(data: CampaignData) -> None:
    """Hull-number counters name the historical ship their card is looked up by."""
    essex = data.classes["Essex"]
    assert ship_name(essex, "CV-16 (Lexington II)") == "Lexington"
    assert class_of_counter(data)["Lexington"].name == "Lexington"  # CV-2, not the Essex-class CV-16
    assert class_of_counter(data)["October Revolution"].name == "Gangut"


def test_every_class_says_where_its_facts_come_from(data: CampaignData) -> None:
    for cls in data.classes.values():
        assert cls.source and cls.confidence in (Confidence.SECONDARY, Confidence.RECONSTRUCTED, Confidence.RULEBOOK)
        for refit in cls.refits:
            assert refit.source


def test_refits_are_cumulative_by_year(data: CampaignData) -> None:
    portland = data.classes["Portland"]
    assert portland.as_of(None).aa.light == 8 and portland.as_of(1941).aa.medium == 0
    assert portland.as_of(1942).aa.light == 28 and portland.as_of(1942).radar == "radar"
    assert portland.as_of(1943).aa.medium == 16 and portland.as_of(1943).radar == "radar"  # 1942 radar kept
    assert portland.as_of(1950).aa.medium == 24
    lexington = data.classes["Lexington"]
    assert lexington.as_of(1941).main is not None and lexington.as_of(1942).main is None  # turrets landed


def test_class_validation() -> None:
    base = {"name": "X", "nation": "US", "category": "destroyer", "commissioned": 1940, "standard_t": 2000,
            "full_load_t": 2500, "speed_kn": 35.0, "belt_mm": 0, "deck_mm": 0, "ships": [{"name": "X"}],
            "source": "test", "confidence": "secondary"}
    ShipClass.model_validate(base)
    with pytest.raises(ValidationError, match="refit 1939 is before commissioning"):
        ShipClass.model_validate({**base, "refits": [{"year": 1939, "source": "t", "confidence": "secondary"}]})
    with pytest.raises(ValidationError, match="below standard"):
        ShipClass.model_validate({**base, "full_load_t": 1500})
    with pytest.raises(ValidationError, match="beam mounts come in pairs"):
        ShipClass.model_validate({**base, "torpedoes": [{"torpedo": "Mk15", "calibre_mm": 533, "range_yd": 10000,
                                                          "tubes": 5, "mounts": 1, "position": "beam"}]})
    with pytest.raises(ValidationError):
        ShipClass.model_validate({**base, "speed_kn": "35"})  # strict scalars
    assert ClassRefit(year=1942, source="t", confidence="reconstructed").main_landed is False


def _override(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "fix"
    folder.mkdir()
    (folder / "classes.yaml").write_text(text)
    return folder


def test_a_ship_counter_without_a_class_is_an_error(tmp_path: Path) -> None:
    folder = _override(tmp_path, """
classes:
  - name: "York"
    nation: UK
    category: heavy_cruiser
    commissioned: 1930
    standard_t: 8250
    full_load_t: 10350
    speed_kn: 32.25
    belt_mm: 76
    deck_mm: 38
    ships: [{name: "York"}]
    source: "test"
    confidence: secondary
""")
    with pytest.raises(DataError) as exc:
        load_data([folder])
    assert any("units (York).type: the CA has no ship class" in p for p in exc.value.problems)


def test_unknown_or_doubled_counters_are_errors(tmp_path: Path) -> None:
    folder = _override(tmp_path, """
classes:
  - name: "Imaginary"
    nation: XX
    category: destroyer
    commissioned: 1940
    standard_t: 2000
    full_load_t: 2500
    speed_kn: 35.0
    belt_mm: 0
    deck_mm: 0
    ships: [{name: "Nobody", counter: "Nobody"}, {name: "Hood", counter: "Hood"}, {name: "U1", counter: "U-Boat 1"}]
    source: "test"
    confidence: secondary
""")
    with pytest.raises(DataError) as exc:
        load_data([folder])
    text = "\n".join(exc.value.problems)
    assert "classes (Imaginary).nation: unknown nation 'XX'" in text
    assert "unknown unit 'Nobody'" in text
    assert "'Hood' is also in class 'Hood'" in text or "'Hood' is also in class 'Imaginary'" in text
    assert "'U-Boat 1' is a SS, not a ship" in text
    assert "classes.yaml:" in text  # file:line of the record
