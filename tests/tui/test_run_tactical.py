"""`vas run` with tactical combat, the default: campaign battles fought as Victory at Sea battles (issue 7)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scenarios.loader import CampaignData
from strategic.ai import BaselineAI, play
from strategic.battle_logs import load_battle_log
from strategic.battles import TacticalResolver
from strategic.campaign import Campaign
from strategic.clock import Clock
from tui.cli import main
from tui.run_command import PLAYERS, TurnReporter


def test_two_turns_with_the_default_combat_and_battle_logs(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    code = main(["run", "--seed", "1", "--turns", "2", "--battle-logs", str(logs)])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "combat tactical" in out and "=== Turn 2 ===" in out
    first = load_battle_log(logs / "t01-north-sea.json")
    vp = first["victory_points"]
    assert f"Tactical battle in North Sea (1941, {first['spec']['time_of_day']}, {first['spec']['weather']} weather, " \
           f"{first['turns_played']} turn(s))" in out and f"VP {vp[0]}-{vp[1]}; Allies win" in out
    assert "Allies 10 ships, 6 Flights against Axis 2 ships, 6 Flights; " in out  # the Axis LBA too (R-OPS-33)
    axis = [s for s in first["ships"] if s["side"] == "Axis"]
    hit = ", ".join(f"{s['name']} -{s['hull_lost']}" for s in axis if s["hull_lost"])
    assert f"; Axis {sum(s['hull_lost'] for s in axis)}/108 ({hit})" in out
    names = sorted(p.name for p in logs.iterdir())
    assert {"t01-north-sea.json", "t02-north-sea.json"} <= set(names)
    assert all(n.startswith(("t01-", "t02-")) for n in names)
    assert f"    battle log: {logs / 't01-north-sea.json'}" in out
    assert out.count("    battle log: ") == len(names) == out.count("    Hull lost: Allies ")
    assert f"{len(names)} battle log(s) written to {logs} (vas battle --replay FILE)" in out
    log = load_battle_log(logs / "t01-north-sea.json")
    assert log["campaign"]["area"] == "North Sea" and log["campaign"]["turn"] == 1
    assert log["winner"] == "Allies" and log["victory_points"][0] > log["victory_points"][1]
    # the saved battle replays, and its re-fight is identical
    assert main(["battle", "--replay", str(logs / "t01-north-sea.json")]) == 0
    replay = capsys.readouterr().out
    assert replay.startswith(f"Replay of {logs / 't01-north-sea.json'}: Allies against Axis in North Sea, "
                             "campaign turn 1 (1941) (seed 1, key (1, ")
    assert f"Victory points: Allies {vp[0]}, Axis {vp[1]}" in replay
    assert f"Re-fought from its spec: identical, event for event ({len(log['events'])} events)." in replay
    assert json.loads((logs / "t02-north-sea.json").read_text())["campaign"]["turn"] == 2


def test_without_battle_logs_no_report_is_kept(data: CampaignData, capsys: pytest.CaptureFixture[str]) -> None:
    """Memory stays bounded: the reporter takes each battle from the resolver as soon as it is fought."""
    resolver = TacticalResolver(keep_reports=True)
    campaign = Campaign.new(data, "standard", seed=1, resolver=resolver)
    reporter = TurnReporter(campaign)
    campaign.on_event = reporter.add
    seen: list[int] = []
    original = reporter.take_battles

    def spy() -> None:
        seen.append(len(resolver.battles))
        original()

    reporter.take_battles = spy  # type: ignore[method-assign]
    play(campaign, Clock(campaign), {p: BaselineAI() for p in PLAYERS}, stop_at_turn=2)  # type: ignore[misc]
    reporter.flush()
    assert max(seen) == 1 and resolver.battles == []
    assert "    Hull lost: Allies " in capsys.readouterr().out


def test_battle_logs_need_tactical_combat(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["run", "--combat", "classic", "--battle-logs", str(tmp_path)]) == 2
    assert "--battle-logs saves tactical battles; it needs --combat tactical, not classic" in capsys.readouterr().err
    (tmp_path / "file").write_text("")
    assert main(["run", "--battle-logs", str(tmp_path / "file")]) == 2
    assert f"--battle-logs {tmp_path / 'file'}: not a folder" in capsys.readouterr().err


@pytest.mark.slow
def test_a_whole_campaign_with_tactical_combat(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["run", "--seed", "2"])
    out, _ = capsys.readouterr()
    assert code == 0 and "combat tactical" in out and " turn(s)" in out  # battles fought on the table
    # the game-over line of tui/run_command.py (its "the axis side wins" wording went with issue 17)
    assert re.search(r"\nGame over after turn 10: (the (Axis|Allies) win|a tie) \(WAS \w+, VITP \w+\)\.\n", out)
