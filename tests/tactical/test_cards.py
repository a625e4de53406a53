"""Ship cards (000 "Ships in Victory at Sea"): the bundled cards, refits by year, validation and cross-checks."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from scenarios.cards import Arc, ShipType, WeaponKind, parse_trait, trait_value
from scenarios.loader import DataError, load_data
from tests.tactical.helpers import make_card, weapon


def test_northampton_is_the_rulebook_example(cards) -> None:
    """000: Northampton, Cruiser, Flank Speed 6", Armour 2+, Hull 23/7, Aircraft 4 (T-01's ship)."""
    n = cards["Northampton"]
    assert (n.type, n.flank_speed, n.armour, n.hull, n.crippled) == (ShipType.CRUISER, 6, 2, 23, 7)
    assert n.traits == ["Aircraft 4"] and n.confidence == "rulebook"
    assert n.provenance["weapons"].confidence == "reconstructed"  # R-TAC-02


def test_published_figures_are_kept(cards) -> None:
    """reference/cards: Portland 6", 3+, 26/8; Iowa 16-inch turrets Heavy; Fletcher Mk15 torpedoes."""
    p = cards["Portland"]
    assert (p.flank_speed, p.armour, p.hull, p.crippled, p.points) == (6, 3, 26, 8, 140)
    turret = p.weapons[0]
    assert turret.kind is WeaponKind.MAIN_GUN and turret.ranges == (8, 16, 24, 32) and (turret.ad, turret.dd) == (3, 1)
    assert set(turret.arcs) == {Arc.FORE, Arc.PORT, Arc.STARBOARD}
    assert cards["Iowa"].weapons[0].has("Heavy") and cards["Iowa"].weapons[0].ap == 2
    torp = cards["Fletcher"].weapons[2]
    assert torp.kind is WeaponKind.TORPEDO and torp.has("Devastating") and torp.has("One-Shot")
    assert cards["Iowa"].has("Armoured Deck") and cards["Iowa"].trait("Torpedo Belt") == 3  # R-TAC-01 spelling


def test_refits_are_cumulative_by_year(cards) -> None:
    """000 Additional Information: all refits up to and including the year apply."""
    portland = cards["Portland"]
    assert portland.as_of(None).points == 140
    assert portland.as_of(1941).points == 140
    assert portland.as_of(1942).points == 155
    p44 = portland.as_of(1944)
    assert p44.points == 165 and p44.traits == ["Aircraft 2"] and p44.refits == []
    assert portland.as_of(1950).points == 175 and portland.as_of(1950).traits == ["Aircraft 2"]
    fletcher = cards["Fletcher"]
    assert fletcher.as_of(1942).weapons[1].ad == 0 and fletcher.as_of(1944).weapons[1].ad == 2


def test_the_bundled_cards_cover_the_demos(cards) -> None:
    for name in ("Northampton", "Portland", "Fletcher", "Nicholas", "O'Bannon", "Pennsylvania", "Mississippi"):
        assert cards[name].nation == "US"
    for name in ("Aoba", "Fubuki", "Kagero", "Kongo"):
        assert cards[name].nation == "JP" and cards[name].confidence == "reconstructed"


def test_traits_parse() -> None:
    assert parse_trait("Torpedo Belt 2") == ("Torpedo Belt", 2)
    assert parse_trait("Agile") == ("Agile", None)
    assert trait_value(["Aircraft 4", "Agile"], "Agile") == 0
    assert trait_value(["Aircraft 4"], "Radar") is None
    with pytest.raises(ValueError):
        parse_trait("4 Aircraft")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"crippled": 20}, "crippled value 20 must be below hull 20"),
        ({"traits": ["Flying"]}, "unknown ship trait 'Flying'"),
        ({"traits": ["Torpedo Belt"]}, "needs a value"),
        ({"traits": ["Agile 2"]}, "takes no value"),
        ({"armour": 8}, "less than or equal to 7"),
        ({"flank_speed": "6"}, "valid integer"),
        ({"refits": [{"year": 1943, "source": "t", "confidence": "secondary"}, {"year": 1942, "source": "t",
                     "confidence": "secondary"}]}, "ascending"),
        ({"weapons": [weapon(), weapon()]}, "unique"),
    ],
)
def test_bad_cards_are_rejected(change, message) -> None:
    with pytest.raises(ValidationError, match=message):
        make_card(**change)


def test_bad_weapons_are_rejected() -> None:
    with pytest.raises(ValidationError, match="not a combination"):
        weapon(arcs=["fore", "aft"])
    with pytest.raises(ValidationError, match="must not decrease"):
        weapon(ranges=(8, 6, 24, 32))
    with pytest.raises(ValidationError, match="needs range bands"):
        weapon(ranges=None)
    with pytest.raises(ValidationError, match="unknown weapon trait"):
        weapon(traits=["Laser"])
    assert weapon(kind="torpedo", arcs=["port", "starboard"]).arc_set == {Arc.PORT, Arc.STARBOARD}  # R-TAC-01


def test_card_cross_checks_and_overrides(tmp_path: Path) -> None:
    """A user's card replaces the bundled one by name; cross-checks report file:line problems."""
    fix = tmp_path / "fix"
    fix.mkdir()
    (fix / "cards.yaml").write_text(
        """cards:
  - name: Northampton
    class_name: Northampton
    nation: US
    type: cruiser
    flank_speed: 6
    armour: 2
    hull: 23
    crippled: 7
    traits: [Aircraft 4]
    points: 130
    ships: [Northampton]
    source: my card
    confidence: rulebook
"""
    )
    data = load_data([fix])
    assert data.cards["Northampton"].points == 130 and ("cards", "Northampton") in data.overridden
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "cards.yaml").write_text(
        """cards:
  - name: Ghost
    class_name: Ghost
    nation: XX
    type: cruiser
    commissioned: 1940
    flank_speed: 6
    armour: 2
    hull: 23
    crippled: 7
    points: 1
    ships: [Portland]
    weapons:
      - {name: T, kind: main_gun, arcs: [fore, port, starboard, aft], ranges: [1, 2, 3, 4], ad: 1, dd: 1}
    refits:
      - {year: 1939, points: 2, source: t, confidence: secondary}
    source: t
    confidence: reconstructed
"""
    )
    with pytest.raises(DataError) as err:
        load_data([bad])
    text = "\n".join(err.value.problems)
    assert "cards (Ghost).nation: unknown nation 'XX'" in text
    assert "refit 1939 is before commissioning 1940" in text
    assert "ship 'Portland' is also on card" in text
    assert "cannot bear both Fore and Aft" in text
    assert "bad/cards.yaml:" in text
