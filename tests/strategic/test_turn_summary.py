"""The turn's summary (issue #17, strategic/turn_summary.py): the lines of a seeded game's first turn, the
explanation of a draw in which one side sank everything (seed 1, turn 10, the Mediterranean), and the words of
each objective, of counters that came in damaged and of the POC tracks against the victory lines."""

from __future__ import annotations

import pytest

from scenarios.loader import CampaignData
from scenarios.models import Player, Theatre
from strategic.ai import BaselineAI, play
from strategic.battles import TacticalResolver
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.events import AreaScore, BattleFought, CounterFate, Force, ObjectiveCheck, PocScored
from strategic.phases import Phase
from strategic.turn_summary import (
    TrackStanding,
    battle_lines,
    counters_text,
    result_sentence,
    summarize,
    summary_lines,
    track_line,
)


@pytest.fixture(scope="module")
def seed_one_turn_one(data: CampaignData) -> Campaign:
    campaign = Campaign.new(data, "standard", seed=1, resolver=TacticalResolver())
    play(campaign, Clock(campaign), {p.value: BaselineAI() for p in Player}, stop_at_turn=2)
    return campaign


def test_the_summary_of_a_seeded_turn(seed_one_turn_one: Campaign) -> None:
    lines = summary_lines(summarize(seed_one_turn_one, 1), seed_one_turn_one.data.groups)
    assert lines[:2] == ["--- Summary of turn 1 ---", "3 battle(s), 3 counter(s) sunk; POC WAS +5 (Axis +5)"]
    assert lines[2:5] == [
        "Battle in North Atlantic, 5 turn(s) of 8 (it ended when a fleet had left the table): Allies win. Allies "
        "Destroy!: major victory, every Axis ship crippled or sunk; more VP (25 to 0); Axis Last Stand: no victory, "
        "sank no Allied ship; not more VP (0 to 25). So the Axis counters still there withdraw to port (R-CARD-07).",
        "  Allies (Hull 1 lost, 0 VP given): Berwick damaged, stays (Hull 1 lost of 28, +1 damage); unharmed: 9 "
        "counters",
        "  Axis (Hull 9 lost, 25 VP given): Orion sunk (Hull 9 lost of 9, 25 VP to the enemy)"]
    north_sea = lines.index(next(line for line in lines if line.startswith("Battle in North Sea")))
    assert lines[north_sea + 1:north_sea + 3] == [  # the Axis LBA strikes here, not from the neutral port (R-OPS-33)
        "  Allies (Hull 21 lost, 30 VP given): Renown damaged, stays (Hull 2 lost of 75, +1 damage); Ark Royal stays "
        "(2 of 6 Flight(s) lost, 30 VP to the enemy); Suffolk damaged, stays (Hull 4 lost of 28, +1 damage); Exeter "
        "damaged, stays (Hull 9 lost of 22, +1 damage); Tourville damaged, stays (Hull 6 lost of 25, +1 damage); "
        "unharmed: Barham, Kent, Dorsetshire, Cornwall, Dunkerque",
        "  Axis (Hull 46 lost, 290 VP given): Gneisenau withdrew to port (Hull 10 lost of 72, +1 damage); Admiral "
        "Hipper sunk (Hull 36 lost of 36, 200 VP to the enemy); Axis LBA withdrew to port (4 of 6 Flight(s) lost, 90 "
        "VP to the enemy)"]
    assert ("POC WAS +5 this turn (Axis: Barents Sea 2, Baltic Sea 1, Mediterranean 2, Cape of Good Hope 3; Allies: "
            "North Atlantic 1, South Atlantic 1, North Sea 1): track Axis +5; after turn 10 the side ahead wins the "
            "theatre (002 §3.1).") in lines
    assert "POC VITP: not scored until VITP begins (track level)." in lines
    control = next(line for line in lines if line.startswith("Control changes: "))
    assert control.startswith("Control changes: Bay of Bengal Allies -> uncontrolled (settled from turn 1 by the "
                              "ships at sea there: 002 §1.3, §3.21); ")  # R-OPS-73
    assert "; North Sea uncontrolled -> Allies;" in control


def test_the_poc_event_carries_each_area(seed_one_turn_one: Campaign) -> None:
    poc = next(e for e in seed_one_turn_one.state.events if isinstance(e, PocScored) and e.turn == 1)
    scored = {a.area: a.value for a in poc.areas if a.track is Theatre.WAS}
    assert sum(scored.values()) == poc.awards[Theatre.WAS] == 5
    assert scored["Cape of Good Hope"] == 3 and scored["North Sea"] == -1


def _mediterranean() -> BattleFought:
    """Seed 1, turn 10 (as the game went before R-OPS-33 kept the Axis LBA out of the turn-1 South Atlantic, which
    changed the seeded game): Roma (Italian, joined the Allies on turn 8: 002 §2.221) against two Axis battleships
    that came in crippled; both sunk on turn 5, when the battle ends (000 Victory or Defeat)."""
    return BattleFought(
        turn=10, phase=Phase.COMBAT, area="Mediterranean", year=1944, time="day", weather="good",
        objectives=["Sweep & Clear", "Defence Line"], turns=5, max_turns=8,
        forces=[Force(name="Allies", ships=1), Force(name="Axis", ships=2)], vp=[1015, 0], winner=None,
        sides=["Allies", "Axis"], victories=["none", "none"],
        checks=[ObjectiveCheck(side="Allies", objective="Sweep & Clear", level="none", vp=1015, enemy_vp=0,
                               off_enemy_edge=0, half_fleet=1, sank_one=True, enemy_all_crippled=True),
                ObjectiveCheck(side="Axis", objective="Defence Line", level="none", vp=0, enemy_vp=1015,
                               half_fleet=1)],
        counters=[CounterFate(unit="Roma", side="Allies", fate="damaged", hull_full=94, hull_start=94, hull_end=84,
                              damage=1),
                  CounterFate(unit="Vittorio Veneto", side="Axis", fate="sunk", hull_full=94, hull_start=27,
                              hull_end=0, came_in_crippled=True, vp=650),
                  CounterFate(unit="Conte di Cavour", side="Axis", fate="sunk", hull_full=60, hull_start=15,
                              hull_end=0, came_in_crippled=True, vp=365)])


def test_a_draw_after_sinking_everything_is_explained() -> None:
    assert battle_lines(_mediterranean()) == [
        "Battle in Mediterranean, 5 turn(s) of 8 (it ended when a fleet had left the table): a draw. Allies Sweep & "
        "Clear: no victory, 0 of the 1 ship(s) needed off the Axis edge; more VP (1015 to 0); Axis Defence Line: no "
        "victory, not more VP (0 to 1015). So both sides stay in the area (R-CARD-07).",
        "  Allies (Hull 10 lost, 0 VP given): Roma damaged, stays (Hull 10 lost of 94, +1 damage)",
        "  Axis (Hull 42 lost, 1015 VP given): Vittorio Veneto sunk (Hull 27 lost, came in crippled at 27 of 94, "
        "650 VP to the enemy); Conte di Cavour sunk (Hull 15 lost, came in crippled at 15 of 60, 365 VP to the "
        "enemy)"]


def test_a_ship_that_came_in_crippled_is_disabled_again() -> None:
    text = counters_text([CounterFate(unit="Duke of York", side="Allies", fate="crippled", hull_full=87,
                                      hull_start=29, hull_end=29, came_in_crippled=True)])
    assert text == "Duke of York disabled again (Hull 0 lost, came in crippled at 29 of 87)"


def test_a_win_on_destroy_and_a_raid() -> None:
    raid = _mediterranean().model_copy(update={
        "what": "air raid", "ports": ["Pearl Harbor"], "winner": "Allies", "victories": ["major", "none"],
        "checks": [ObjectiveCheck(side="Allies", objective="Attrition", level="major", vp=40, enemy_vp=0),
                   ObjectiveCheck(side="Axis", objective="Attrition", level="none", vp=0, enemy_vp=40)]})
    assert result_sentence(raid) == (
        "Allies win. Allies Attrition: major victory, more VP (40 to 0), at least 1.5 times; Axis Attrition: no "
        "victory, not more VP (0 to 40). So nobody withdraws (R-CARD-07).")
    old = raid.model_copy(update={"checks": []})
    assert result_sentence(old) == ("Allies win (Allies major victory, Axis no victory; VP 1015-0); nobody "
                                    "withdraws (R-CARD-07).")


def test_the_vitp_track_against_the_automatic_victory_line() -> None:
    track = TrackStanding(Theatre.VITP, 2, 18, 30, 10)
    scored = [AreaScore(area="Indonesia", before="allied", side="axis", track=Theatre.VITP, value=3),
              AreaScore(area="Coral Sea", before="allied", side="allied", track=Theatre.VITP, value=-1)]
    assert track_line(track, scored) == (
        "POC VITP +2 this turn (Axis: Indonesia 3; Allies: Coral Sea 1): track Axis +18; automatic victory at a "
        "lead of 30 (VITP 19): the Axis 12 away, the Allies 48 away; after turn 10 the side ahead wins the theatre "
        "(002 §3.1).")


def test_vas_run_prints_each_finished_turn_s_summary(capsys: pytest.CaptureFixture[str]) -> None:
    """Classic combat, seed 7 (the golden transcript's game): the summary follows turn 1's block; turn 2, not
    finished when the run stops, has none."""
    from tui.cli import main

    assert main(["run", "--combat", "classic", "--seed", "7", "--turns", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    start = out.index("--- Summary of turn 1 ---")
    assert out[start + 1:start + 6] == [  # the Axis LBA strikes in the North Sea (R-OPS-33)
        "3 battle(s), 6 counter(s) sunk; POC WAS +5 (Axis +5)",
        "Battle in North Atlantic (classic rules): Axis lost (sunk) Orion.",
        "Battle in South Atlantic (classic rules): Axis lost (sunk) Atlantis; Axis lost (disabled) U-Boat 1, U-Boat 2, "
        "U-Boat 3.",
        "Battle in North Sea (classic rules): Allies lost (disabled) Renown, Barham, Dunkerque; Allies lost (sunk) Ark "
        "Royal, Kent; Axis lost (sunk) Gneisenau, Admiral Hipper.",
        "  (The classic rules name no winner: the losses are the result, and control is settled in the control phase "
        "from who is left at sea: WAS 5, VITP 4.)"]
    assert out.index("=== Turn 2 ===") > start and "--- Summary of turn 2 ---" not in out


def test_a_side_s_hull_lost_without_a_cripple_gives_no_vp() -> None:
    """Pearl Harbor (seed 1, turn 3): the battleships lose Hull at anchor but none is crippled, so the Allies give
    no victory points and win the Attrition on the Japanese Flights shot down."""
    from strategic.turn_summary import side_losses

    fleet = [CounterFate(unit=name, side="Allies", fate="damaged", hull_full=70, hull_start=70, hull_end=70 - lost,
                         damage=1) for name, lost in (("West Virginia", 17), ("California", 23), ("Oklahoma", 36))]
    assert side_losses(fleet) == "Hull 76 lost, 0 VP given"


def test_a_classic_battle_tells_the_damage_it_did_that_sank_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    """R-SUM-15 (play-test): the summary of a classic battle named only the units sunk, eliminated and disabled;
    Japan could not see that its raid had left Arizona at 6 damage points.  Seed 42, the Pearl Harbor turn."""
    from tui.cli import main

    assert main(["run", "--combat", "classic", "--seed", "42", "--turns", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert ("Surprise attack in Hawaiian Islands on Pearl Harbor (classic rules): Allies lost (sunk) West Virginia; "
            "Allies lost (disabled) Maryland, Nevada; Allies damaged Arizona (6 point(s) in all).") in out
