"""`vas cards` (tui/cards_cli.py) as a user runs it; the lead wires it into tui/cli.py, so the tests build the
same sub-parser themselves."""

from __future__ import annotations

import argparse

import pytest

from scenarios.loader import CampaignData
from tui.cards_cli import add_cards_parser


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="vas")
    sub = parser.add_subparsers(dest="command", required=True)
    add_cards_parser(sub, lambda p: p.add_argument("--data", action="append", metavar="DIR"))
    args = parser.parse_args(list(argv))
    code = int(args.func(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_show_a_counter_by_year(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "show", "Tirpitz", "--year", "1943")
    assert code == 0
    assert "# counter 'Tirpitz', as of 1943" in out
    assert 'Flank Speed 6"  Armour 6+  Hull 105 (crippled at 35)  Points 690' in out  # the published card (R-CARD-20)
    assert "Turret A (2 x 15-inch)" in out and "Starboard G7s/T-1 Torpedoes" in out  # its 1943 refit
    assert "Source: reference/cards/km_ships.csv, km_weapons.csv: Tirpitz [secondary]" in out
    code, out, _ = run(capsys, "cards", "show", "tirpitz")
    assert code == 0 and "Torpedoes" not in out
    code, out, _ = run(capsys, "cards", "show", "Deutschland", "--year", "1942")
    assert code == 0 and "# class 'Deutschland' (generated), as of 1942" in out and "Turret A (3 x 283mm)" in out


def test_show_a_class_a_ship_and_a_published_card(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "show", "Ocean")
    assert code == 0 and "# class 'Ocean' (generated), as built" in out and "civilian" in out
    code, out, _ = run(capsys, "cards", "show", "CV-16 (Lexington II)")
    assert code == 0 and "Lexington  (Essex class" in out and "[secondary]" in out
    code, out, _ = run(capsys, "cards", "show", "Wisconsin")
    assert code == 0 and "Iowa" in out


def test_unknown_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "cards", "show", "Bizmark")
    assert code == 2 and "Did you mean: Bismarck" in err


def test_calibrate_prints_the_agreement_and_the_misses(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "calibrate", "--misses", "2")
    assert code == 0
    assert "against 56 published card(s) in 143 card state(s)" in out
    assert "Armour (exact)                        142/143   99.3%" in out
    assert "Cross-validation (R-CARD-23): fitted on the US cards, tested on the DE cards" in out
    assert "Cross-validation (R-CARD-23): fitted on the DE cards, tested on the US cards" in out
    assert "  Light Gun AD (within one die)          41/41   100.0%  mean error 0.20" in out
    assert "  Light Gun AD (within one die)         142/155   91.6%  mean error 0.35" in out
    assert "  Hull (within 10%)                      38/39    97.4%  mean error 1.62" in out
    assert "Hull (within 10%)" in out and "weapon systems matched (exact)" in out
    assert "Misses, Hull (exact)" in out and "more (--misses N)" in out


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "list")
    assert code == 0
    assert "CV-16 (Lexington II)" in out and "data card 'Lexington' (secondary)" in out
    assert "Convoy 1A" in out and "Ocean" in out


def test_what_each_counter_puts_on_the_table(data: CampaignData) -> None:
    """tui.cards_cli.counter_lines: a land-based air unit's Flights, a submarine's boat and card, the Frogmen's
    chariots, a landing unit's transport (R-CARD-09, 10, 12, 13)."""
    from tui.cards_cli import counter_lines

    assert counter_lines(data, "5th Air Force", 1942) == [
        "Land-based air: 4 Flights (air factor 2 x 2): P-40E Warhawk, B-25 Mitchell, B-17E Flying Fortress "
        "(US land-based air 1942)"]
    boat = counter_lines(data, "U-Boat 1", 1941)
    assert boat[0] == "Submarine: 1 boat(s) (U-Boats):" and boat[1].startswith("Type VIIC  (Type VII class, DE")
    frogmen = counter_lines(data, "Italian Frogmen", 1941)
    assert frogmen[0] == "Human torpedoes: 3 chariot(s), hidden where the enemy lies (Italian Frogmen):"
    marines = counter_lines(data, "1st Marines", 1943)
    assert marines[0].startswith("President Jackson  (President Jackson class, US, civilian)")
    assert marines[-1] == "  A landing unit: the lead transport of its group (R-CARD-12)"


SHIPS_CSV = '''entry,ship,type,flank_speed,armour,hull,crippled,traits,points
Nelson,Nelson,Battleship,"4""",6+,80,26,"Armored Deck, Torpedo Belt 1",420
Nelson Refit 1942,Nelson,Battleship,"4""",6+,80,26,"Armored Deck, Radar, Torpedo Belt 1",435
Nelson Refit 1944 - Never Completed,Nelson,Battleship,"5""",6+,80,26,Radar,500
'''
WEAPONS_CSV = '''entry,ship,weapon,arcs,point_blank,short,long,extreme,ad,ap,dd,traits
Nelson,Nelson,Turret A (3 x 16-inch),"Fore, Port, Starboard","9""","19""","29""","38""",3,+2,3,Heavy
Nelson,Nelson,AA Battery,"Fore, Port, Starboard, Aft",-,-,-,-,-,-,-,Local 1
Nelson Refit 1942,Nelson,Turret A (3 x 16-inch),"Fore, Port, Starboard","9""","19""","29""","38""",3,+2,3,Heavy
Nelson Refit 1942,Nelson,AA Battery,"Fore, Port, Starboard, Aft","1""","2""","3""","5""",2,-,-,Local 2
'''


def test_import_a_published_csv_pair_and_fight_with_it(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    """R-CARD-20: `vas cards import` writes a cards file that `--data DIR` loads; the card then stands for the
    ship of that class (Nelson's counter), refits by year, the never-completed refit left out."""
    (tmp_path / "ships.csv").write_text(SHIPS_CSV)
    (tmp_path / "weapons.csv").write_text(WEAPONS_CSV)
    out_dir = tmp_path / "mine"
    out_dir.mkdir()
    code, out, _ = run(capsys, "cards", "import", str(tmp_path / "ships.csv"), str(tmp_path / "weapons.csv"),
                       "--nation", "UK", "--out", str(out_dir / "cards.yaml"))
    assert code == 0 and out == f"1 card(s) written to {out_dir / 'cards.yaml'}\n"
    code, out, _ = run(capsys, "cards", "show", "Nelson", "--year", "1942", "--data", str(out_dir))
    assert code == 0
    assert 'Flank Speed 4"  Armour 6+  Hull 80 (crippled at 26)  Points 435' in out
    assert "Traits: Armoured Deck, Radar, Torpedo Belt 1" in out
    assert "AA Battery" in out and "Local 2" in out
    assert "Source: ships.csv, weapons.csv: Nelson [secondary]" in out
    code, out, _ = run(capsys, "cards", "show", "Nelson", "--year", "1945", "--data", str(out_dir))
    assert 'Flank Speed 4"' in out and "Points 435" in out  # the 1944 rebuild was never made
    code, out, _ = run(capsys, "cards", "list", "--data", str(out_dir))
    assert "data card 'Nelson' (secondary)" in out


def test_import_refuses_bad_input(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    (tmp_path / "ships.csv").write_text("entry,ship\nNelson,Nelson\n")
    (tmp_path / "weapons.csv").write_text(WEAPONS_CSV)
    code, _, err = run(capsys, "cards", "import", str(tmp_path / "ships.csv"), str(tmp_path / "weapons.csv"),
                       "--nation", "UK")
    assert code == 2 and "ships.csv: missing column(s) type, flank_speed" in err
    # R-UI-102: the ships file is read first, so its own fault is the one told, however bad the weapons file is
    (tmp_path / "notes.txt").write_text("a,b\n")
    code, _, err = run(capsys, "cards", "import", str(tmp_path / "none.csv"), str(tmp_path / "notes.txt"),
                       "--nation", "UK")
    assert (code, err) == (2, f"vas cards import: {tmp_path / 'none.csv'}: cannot read (No such file or directory)\n")
    code, _, err = run(capsys, "cards", "import", "a.csv", "b.csv", "--nation", "XX")
    assert code == 2 and "--nation: unknown nation 'XX'" in err
