"""Saved logs of campaign battles fought tactically (strategic/battle_logs.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scenarios.loader import CampaignData
from strategic.ai import BaselineAI, play
from strategic.battle_logs import (
    BattleLogError,
    battle_log,
    battle_log_name,
    load_battle_log,
    pre_battle_rolls,
    refight,
    replay_check,
    report_of,
    save_battle_log,
    ships_line,
    slug,
)
from strategic.battles import TacticalBattle, TacticalResolver, battle_number
from strategic.campaign import Campaign
from strategic.clock import Clock
from tactical.battle import BattleSpec


@pytest.fixture(scope="module")
def fought(data: CampaignData) -> TacticalBattle:
    """The first tactical battle of the standard game, seed 1: the North Sea on turn 1."""
    resolver = TacticalResolver(keep_reports=True)
    campaign = Campaign.new(data, "standard", seed=1, resolver=resolver)
    agents = {p: BaselineAI() for p in ("japan", "germany_italy", "united_states", "allies")}
    play(campaign, Clock(campaign), agents, stop_at_turn=2)  # type: ignore[arg-type]
    return next(b for b in resolver.battles if b.area == "North Sea" and b.turn == 1)


def test_the_log_is_the_report_plus_spec_and_campaign(fought: TacticalBattle, data: CampaignData) -> None:
    log = battle_log(fought)
    assert {k: v for k, v in log.items() if k not in ("spec", "campaign")} == fought.report.to_json()
    campaign = {k: v for k, v in log["campaign"].items() if k != "kind"}
    assert campaign == {"area": "North Sea", "turn": 1, "year": 1941, "left_out": fought.left_out,
                        "notes": fought.notes}
    assert BattleSpec.model_validate_json(json.dumps(log["spec"])) == fought.spec
    assert log["spec"]["key"] == [1, battle_number(data, "North Sea")] and log["spec"]["seed"] == 1
    assert battle_log_name(fought) == "t01-north-sea.json"
    assert slug("Bay of Bengal") == "bay-of-bengal" and slug("Cape of Good Hope (S)") == "cape-of-good-hope-s"


def test_save_and_load_round_trip(fought: TacticalBattle, tmp_path: Path) -> None:
    path = save_battle_log(tmp_path / "logs" / battle_log_name(fought), fought)
    assert path == tmp_path / "logs" / "t01-north-sea.json"
    assert sorted(p.name for p in path.parent.iterdir()) == ["t01-north-sea.json"]  # no temporary file left
    log = load_battle_log(path)
    assert log == json.loads(json.dumps(battle_log(fought)))
    assert len(log["events"]) == len(fought.report.events)
    assert report_of(log).summary() == fought.report.summary()


def test_a_refight_from_the_saved_spec_gives_identical_events(fought: TacticalBattle, tmp_path: Path) -> None:
    log = load_battle_log(save_battle_log(tmp_path / "b.json", fought))
    rolls = pre_battle_rolls(log)
    assert [r.label for r in rolls][:2] == ["day or night in North Sea", "weather in North Sea"]
    check = replay_check(log)
    assert check.identical and check.difference is None
    assert [e.to_json() for e in check.report.events] == [e.to_json() for e in fought.report.events]
    assert check.report.winner == fought.report.winner
    assert check.report.victory_points == fought.report.victory_points
    assert [(s.name, s.hull_end, s.sunk) for s in check.report.ships] == [
        (s.name, s.hull_end, s.sunk) for s in fought.report.ships]


def test_a_changed_log_is_not_identical(fought: TacticalBattle) -> None:
    log = json.loads(json.dumps(battle_log(fought)))
    log["events"][5]["text"] = "something else"
    check = replay_check(log)
    assert not check.identical
    assert check.difference is not None and check.difference.startswith("event 6 differs: saved 'something else'")
    log = json.loads(json.dumps(battle_log(fought)))
    del log["events"][-1]
    check = replay_check(log)
    assert check.difference == (f"the saved battle has {len(fought.report.events) - 1} events, the re-fought one "
                                f"{len(fought.report.events)}")
    del log["spec"]
    with pytest.raises(ValueError, match="the log has no spec"):
        refight(log)


def test_ships_line(fought: TacticalBattle) -> None:
    line = ships_line(fought)
    parts = []
    for side in ("Allies", "Axis"):
        ships = [s for s in fought.report.ships if s.side == side]
        hit = ", ".join(f"{s.name} -{s.hull_lost}" for s in ships if s.hull_lost)
        parts.append(f"{side} {sum(s.hull_lost for s in ships)}/{sum(s.hull_start for s in ships)}"
                     + (f" ({hit})" if hit else ""))
    assert line == "Hull lost: " + "; ".join(parts)
    # the published cards (R-CARD-20): Gneisenau 72, Admiral Hipper 36
    assert sum(s.hull_start for s in fought.report.ships if s.side == "Axis") == 108


def test_bad_files_are_named(fought: TacticalBattle, tmp_path: Path) -> None:
    with pytest.raises(BattleLogError, match=r"missing\.json: not a readable battle log"):
        load_battle_log(tmp_path / "missing.json")
    (tmp_path / "broken.json").write_text('{"sides": [')
    with pytest.raises(BattleLogError, match=r"broken\.json:1: not a readable battle log \(invalid JSON"):
        load_battle_log(tmp_path / "broken.json")
    (tmp_path / "save.json").write_text('{"version": 3, "turn": 1}')
    with pytest.raises(BattleLogError, match=r"save\.json: not a battle log \(needs sides, ships and events\)"):
        load_battle_log(tmp_path / "save.json")
    log = json.loads(json.dumps(battle_log(fought)))
    log["spec"]["turns"] = 0
    (tmp_path / "spec.json").write_text(json.dumps(log))
    with pytest.raises(BattleLogError, match=r"spec\.json: spec\.turns: Input should be greater than or equal to 1"):
        load_battle_log(tmp_path / "spec.json")
    log["events"] = [{"turn": 1}]
    (tmp_path / "events.json").write_text(json.dumps(log))
    with pytest.raises(BattleLogError, match=r"events\.json: events: each event needs turn, phase, kind and text"):
        load_battle_log(tmp_path / "events.json")
