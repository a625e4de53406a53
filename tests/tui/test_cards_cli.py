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
    code, out, _ = run(capsys, "cards", "show", "Bismarck", "--year", "1942")
    assert code == 0
    assert "# counter 'Bismarck', as of 1942" in out
    assert 'Flank Speed 6"  Armour 6+  Hull 104/34' in out
    assert "Turret A (2 x 380mm)" in out and "Port G7a Torpedoes" in out  # the 1942 torpedo refit
    code, out, _ = run(capsys, "cards", "show", "bismarck")
    assert code == 0 and "Torpedoes" not in out


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
    assert "against 38 published card(s) in 104 card state(s)" in out
    assert "Armour (exact)                        104/104  100.0%" in out
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
