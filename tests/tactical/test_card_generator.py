"""The card generator (issue 7, R-CARD-02): the mapping, every campaign ship's card, overrides, calibration."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from scenarios.cards import ShipType, WeaponKind
from scenarios.classes import class_of_counter
from scenarios.loader import CampaignData, load_data
from scenarios.models import UnitType
from tactical.card_calibration import calibrate, cross_validate, matched
from tactical.card_generator import (
    CardIndex,
    armour,
    card_for,
    flank_speed,
    generate,
    hull,
    light_gun_dice,
    main_gun_profile,
    printed_year,
    range_bands,
)

TYPE_OF = {
    UnitType.BB: ShipType.BATTLESHIP,
    UnitType.BC: ShipType.BATTLESHIP,
    UnitType.PB: ShipType.CRUISER,
    UnitType.CA: ShipType.CRUISER,
    UnitType.CL: ShipType.CRUISER,
    UnitType.CV: ShipType.CARRIER,
    UnitType.CVL: ShipType.CARRIER,
    UnitType.RAIDER: ShipType.CIVILIAN,
    UnitType.CONVOY: ShipType.CIVILIAN,
    UnitType.AMPH: ShipType.CIVILIAN,
}


def test_the_bands() -> None:
    """Calibrated on the published cards: 21 kn 4", 32.7 kn 6", 36.5 kn 7", 18 kn 4" (Cimarron)."""
    assert [flank_speed(k) for k in (11, 18, 21, 28, 32.7, 36.5)] == [3, 4, 4, 5, 6, 7]
    assert [armour(b) for b in (0, 25, 95, 127, 152, 203, 343, 410)] == [1, 1, 2, 3, 4, 5, 6, 7]
    # R-CARD-26: the deck counts twice its thickness (Admiral Hipper 80/50 -> 3+, Essex 102/64 -> 3+)
    assert (armour(80, 50), armour(102, 64), armour(127, 64), armour(307, 152), armour(0, 0)) == (3, 3, 3, 6, 1)
    assert hull(12755, civilian=False) == 26 and hull(57540, civilian=False) == 119
    assert hull(2924, civilian=False) == 6 and hull(24830, civilian=True) == 14
    assert range_bands(36800) == (9, 18, 27, 37) and range_bands(42345) == (10, 21, 31, 42)
    assert range_bands(18200) == (4, 9, 13, 18) and range_bands(14500) == (3, 7, 11, 15)
    assert range_bands(10000) == (2, 5, 7, 10)  # Mk15 torpedo
    assert main_gun_profile(203) == (0, 1, []) and main_gun_profile(356) == (2, 3, [])
    assert main_gun_profile(406) == (2, 3, ["Heavy"]) and main_gun_profile(152) == (-1, 1, [])
    # R-CARD-25: 3/4 of a heavy dual-purpose battery, 1/2 of any other
    assert light_gun_dice(8, "single", "heavy_cruiser", calibre_mm=127, dual_purpose=True) == 6
    assert light_gun_dice(16, "twin", "battleship", calibre_mm=105, dual_purpose=True) == 8
    assert light_gun_dice(12, "turret", "battleship", calibre_mm=149) == 6
    assert light_gun_dice(5, "single", "destroyer", calibre_mm=127, dual_purpose=True) == 3
    assert light_gun_dice(12, "casemate", "battleship") == 6 and light_gun_dice(1, "single", "merchant") == 1


def test_portland_as_built_is_the_published_card(data: CampaignData) -> None:
    generated = generate(data.classes["Portland"])
    published = data.cards["Portland"]
    for field in ("type", "flank_speed", "armour", "hull", "crippled", "traits"):
        assert getattr(generated, field) == getattr(published, field), field
    assert abs(generated.points - published.points) <= 0.1 * published.points  # 135 against 140
    assert matched(published.weapons, generated.weapons) == len(published.weapons) == len(generated.weapons)
    assert matched(published.as_of(1943).weapons, generated.as_of(1943).weapons) == 5  # 40 mm AA battery


def test_the_rulebook_northampton(data: CampaignData) -> None:
    """000: Northampton, Cruiser, 6", 2+, Hull 23/7, Aircraft 4; the generated card gives 3+ (R-CARD-26: her 51 mm
    deck counts as 102 mm), the one Armour miss; her ships fight with the rulebook card."""
    card = generate(data.classes["Northampton"])
    assert (card.type, card.flank_speed, card.armour, card.hull, card.crippled) == (ShipType.CRUISER, 6, 3, 24, 8)
    assert CardIndex(data).for_counter("Chester").armour == 2
    assert card.traits == ["Aircraft 4"]


def test_every_campaign_ship_has_a_card_for_every_year(data: CampaignData) -> None:
    index = CardIndex(data)
    for counter in class_of_counter(data):
        unit = data.units[counter]
        for year in (1939, 1941, 1942, 1943, 1944, 1945):
            card = index.for_counter(counter, year)
            # a published card keeps its printed Type (R-CARD-21: Scharnhorst and Gneisenau are Cruisers)
            expected = ShipType.CRUISER if card.class_name == "Scharnhorst" else TYPE_OF[unit.type]
            assert card.type is expected, counter
            assert index.generated(card.class_name).type is TYPE_OF[unit.type], counter
            assert card.hull > card.crippled >= 0 and card.points > 0
            assert any(w.kind is WeaponKind.AA_BATTERY for w in card.weapons)
            if unit.type in (UnitType.RAIDER, UnitType.CONVOY):
                assert card.has("Lumbering")


def test_refits_follow_the_class_by_year(data: CampaignData) -> None:
    card = generate(data.classes["Lexington"])
    assert [w.kind for w in card.as_of(1941).weapons].count(WeaponKind.MAIN_GUN) == 4
    assert [w.kind for w in card.as_of(1942).weapons].count(WeaponKind.MAIN_GUN) == 0
    fletcher = generate(data.classes["Fletcher"])
    assert fletcher.as_of(1942).has("Radar") and fletcher.as_of(1943).has("Advanced Radar")
    assert fletcher.as_of(1945).weapons[-1].name == "Port/Starboard Mk15 Torpedoes"
    assert generate(data.classes["Iowa"]) == generate(data.classes["Iowa"])  # deterministic


def test_published_cards_override_by_class_and_ship(data: CampaignData) -> None:
    index = CardIndex(data)
    assert index.for_counter("CV-16 (Lexington II)").name == "Lexington"  # the published Essex-class card
    assert index.for_counter("CV-16 (Lexington II)").class_name == "Essex"
    assert index.for_counter("Lexington").class_name == "Lexington"  # CV-2 is generated, not the Essex card
    assert index.for_counter("Princeton").class_name == "Independence"
    assert index.for_counter("Portland").confidence == "secondary"
    assert index.for_counter("Chester").name == "Northampton"  # the rulebook card lists the class's ships
    assert index.for_counter("Kongo").source.startswith("generated")  # bundled reconstructed demo cards do not
    assert printed_year(data.cards["Idaho"]) == 1945
    assert card_for(data, "Idaho", 1942).source.startswith("generated")
    assert card_for(data, "Idaho", 1945).name == "Idaho" and card_for(data, "Idaho", 1945).points == 560


def test_a_users_card_overrides_the_generated_one(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "hood.yaml").write_text("""
cards:
  - name: "My Hood"
    class_name: "Hood"
    nation: UK
    type: battleship
    flank_speed: 7
    armour: 5
    hull: 90
    crippled: 30
    points: 500
    ships: ["Hood"]
    weapons: []
    source: "my card"
    confidence: reconstructed
""")
    data = load_data([folder])
    assert card_for(data, "Hood", 1941).name == "My Hood"
    assert card_for(data, "Renown", 1941).source.startswith("generated")


def test_calibration_meets_the_targets(data: CampaignData) -> None:
    """Issue 7: at least 80% exact Armour and Flank Speed and 80% of Hull within 10% on the published US and German
    cards."""
    report = calibrate(data)
    # US and German; issue 20 added the Z23 and Konigsberg classes (11 cards, 18 states), whose light-cruiser
    # turrets, 8.8 cm AA and per-side torpedo systems the generator does not model yet (was 45, 125, 419/565)
    assert len({c.card for c in report.comparisons}) == 56 and len(report.comparisons) == 143
    for field in ("armour", "flank_speed", "hull"):
        assert report.share(field) >= 0.8, field
    assert report.totals()["weapons"] == (430, 653) and report.share("weapons_profile") >= 0.79  # R-CARD-25, 27
    assert report.share("points") >= 0.75
    assert report.misses("armour") == ["Northampton: published 2, generated 3"]  # R-CARD-26
    assert report.misses("hull_exact")


def test_cross_validation_fits_on_one_navy_and_tests_on_the_other(data: CampaignData) -> None:
    """R-CARD-23: the constants fitted on the US cards and on the German cards, each tested on the other."""
    runs = {(train, test): (model, {r.label: r for r in results})
            for train, test, model, results in cross_validate(data)}
    assert set(runs) == {("US", "DE"), ("DE", "US")}
    us_model, on_de = runs["US", "DE"]
    de_model, on_us = runs["DE", "US"]
    # R-CARD-25: the German cards fit the 1/2 share, the US cards the 3/4 of heavy dual-purpose batteries
    assert (us_model.light_gun_share, de_model.light_gun_share) == (0.5, 0.5)
    # R-CARD-27: the Z23 class's 4, 3 and 2 x 15 cm roll 3, 2 and 1 dice, which only 0.65 of the grid gives with
    # the Fletchers' 5 guns -> 3; the US cards cannot tell 0.65 from the bundled 0.6
    assert (us_model.destroyer_gun_share, de_model.destroyer_gun_share) == (0.6, 0.65)
    assert (us_model.heavy_dp_gun_share, de_model.heavy_dp_gun_share) == (0.75, 0.75)
    assert (us_model.local_barrels_per_point, de_model.local_barrels_per_point) == (15, 18)

    def figures(results, label):  # (agree, total)
        return results[label].agree, results[label].total

    assert figures(on_de, "Hull (within 10%)") == (38, 39)  # Karlsruhe: published 17, her sisters 15
    # the issue-20 targets on the held-out navy: Light Gun AD within one die >= 80%, Armour exact >= 80%
    assert figures(on_de, "Light Gun AD (within one die)") == (41, 41)  # was 0/33 (R-CARD-23)
    assert figures(on_de, "Light Gun AD (exact)") == (33, 41)  # the Z23 4-gun states: 0.6 x 4 -> 2, printed 3
    assert figures(on_us, "Light Gun AD (within one die)") == (142, 155)  # was 81/155
    assert on_us["Light Gun AD (within one die)"].mean_error == pytest.approx(0.35, abs=0.01)
    assert figures(on_de, "Armour (exact)") == (39, 39)  # was 12/21 (R-CARD-26)
    assert figures(on_us, "Armour (exact)") == (103, 104)  # Northampton (000's example) is 2+ against 95/51 mm
    for results in (on_de, on_us):
        assert results["Light Gun AD (within one die)"].share >= 0.8 and results["Armour (exact)"].share >= 0.8
    assert figures(on_de, "weapon systems (exact)") == (103, 248)  # was 59/160; 92/160 before the issue-20 classes
    assert figures(on_de, "ship traits (exact set)") == (28, 39)  # R-CARD-27: Z23 is Sub-Hunter, not Depth Charge
    assert on_us["AA Local (within one)"].share > 0.95


def test_twin_linked_and_sub_hunter(data: CampaignData) -> None:
    """R-CARD-24: a surface-only turret battery is Twin-Linked; a class with sonar is a Sub-Hunter."""
    bismarck = generate(data.classes["Bismarck"])
    light = {w.name: w for w in bismarck.weapons if w.kind is WeaponKind.LIGHT_GUN}
    assert light["Light Guns (12 x 149mm)"].traits == ["Restricted", "Twin-Linked"]
    assert light["Light Guns (12 x 149mm)"].ad == 6 and light["Light Guns (12 x 149mm)"].ranges == (6, 12, 18, 25)
    assert "Twin-Linked" not in light["Light Guns (16 x 105mm)"].traits
    assert "Sub-Hunter" in generate(data.classes["Admiral Hipper"]).traits
    assert "Sub-Hunter" not in bismarck.traits
    aa = next(w for w in bismarck.as_of(1944).weapons if w.kind is WeaponKind.AA_BATTERY)
    assert (aa.ad, aa.traits) == (0, ["Local 6"])  # R-CARD-22: 94 light barrels / 15; the published 1944 is 5


def test_the_z23_and_konigsberg_classes_use_their_published_cards(data: CampaignData, tmp_path: Path) -> None:
    """Issue 20: the Type 1936A (Z23) and Konigsberg classes list the ships of the published Kriegsmarine cards,
    which the calibration now includes and which a campaign counter of those ships is given."""
    report = calibrate(data)
    compared = {c.card for c in report.comparisons}
    assert {"Z23", "Z24", "Z29", "Z30", "Konigsberg", "Karlsruhe", "Koln"} <= compared
    index = CardIndex(data)
    assert index.for_ship(data.classes["Z23"], "Z27").source == "reference/cards/km_ships.csv, km_weapons.csv: Z27"
    assert index.for_ship(data.classes["Konigsberg"], "Koln").points == 100
    z23 = generate(data.classes["Z23"])
    assert (z23.type, z23.flank_speed, z23.armour, z23.hull) == (ShipType.DESTROYER, 7, 1, 7)  # as printed
    assert z23.traits == ["Radar", "Sub-Hunter"]  # R-CARD-27: no separate Depth Charge
    assert "Depth Charge" in generate(data.classes["Fletcher"]).traits
    konigsberg = generate(data.classes["Konigsberg"])
    assert (konigsberg.type, konigsberg.flank_speed, konigsberg.armour) == (ShipType.CRUISER, 6, 2)
    assert [w.ranges for w in konigsberg.weapons if w.kind is WeaponKind.MAIN_GUN] == [(7, 14, 21, 28)] * 3
    # a counter for one of these ships (none in the bundled campaign) is given the published card and its refits
    folder = tmp_path / "koln"
    folder.mkdir()
    classes = {c["name"]: c for c in yaml.safe_load(
        (Path(__file__).parents[2] / "scenarios/data/classes/germany.yaml").read_text(encoding="utf-8"))["classes"]}
    classes["Konigsberg"]["ships"][2]["counter"] = "Koln"
    (folder / "classes.yaml").write_text(yaml.safe_dump({"classes": [classes["Konigsberg"]]}), encoding="utf-8")
    (folder / "units.yaml").write_text("""units:
  - {name: Koln, nation: DE, type: CL, counter: WAS, gunnery: 1, air: null, defence: 1, speed: 7,
     arrival: {turn: 1, places: [Germany], source: "test", confidence: reconstructed},
     source: "test", confidence: reconstructed}
""", encoding="utf-8")
    mine = load_data([folder])
    assert [card_for(mine, "Koln", year).points for year in (1940, 1941, 1944, 1945)] == [100, 90, 105, 110]
    assert card_for(mine, "Koln", 1941).source == "reference/cards/km_ships.csv, km_weapons.csv: Koln"


@pytest.mark.parametrize("counter", ["Yamato", "Hood", "Kitakami", "Atlantis", "Convoy 1A", "De Ruyter"])
def test_sample_cards_are_sensible(data: CampaignData, counter: str) -> None:
    card = card_for(data, counter, 1942)
    if counter == "Yamato":
        assert card.armour == 7 and card.weapons[0].has("Heavy") and card.weapons[0].ap == 3
    if counter == "Kitakami":
        torpedoes = [w for w in card.weapons if w.kind is WeaponKind.TORPEDO]
        assert [w.ad for w in torpedoes] == [20, 20] and all(w.has("One-Shot") for w in torpedoes)
    if counter in ("Atlantis", "Convoy 1A"):
        assert card.type is ShipType.CIVILIAN and card.armour == 1
    if counter == "De Ruyter":
        assert [w.kind for w in card.weapons].count(WeaponKind.MAIN_GUN) == 4
