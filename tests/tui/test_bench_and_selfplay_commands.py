"""`vas selfplay` and `vas bench` as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scenarios.loader import CampaignData
from strategic.ai import play
from strategic.battles import TacticalResolver
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.planner import agents_for
from strategic.selfplay import PLAYERS, GameResult, MatchSpec, event_log_digest
from tactical import BattleTiming, Dice, time_battle
from tactical.battle import resolve
from tui.bench_command import (
    TacticalTimings,
    TimedResolver,
    app_rows,
    die_rows,
    fleet_spec,
    growth_exponent,
    size_bucket,
    size_rows,
    table_pieces,
    tactical_rows,
    time_app_campaigns,
    time_start_up,
    time_tactical_campaigns,
)
from tui.cli import build_parser, main


def test_selfplay_report(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["selfplay", "--games", "2", "--seed", "5", "--axis", "easy", "--allies", "normal",
                 "--json", str(tmp_path / "r.json")])
    out = capsys.readouterr().out
    assert code == 0
    assert "seeds 5..6, Axis AI easy, Allied AI normal" in out
    assert "winner:" in out and "POC WAS by turn" in out and "units sunk per game" in out
    results = json.loads((tmp_path / "r.json").read_text())
    assert [r["seed"] for r in results] == [5, 6]


def _canned(seed: int, violations: list[str]) -> GameResult:
    return GameResult(seed=seed, winner="allied", theatres={"WAS": "allied", "VITP": "allied"},
                      poc=[{"WAS": -1, "VITP": 0}], losses={"JP": 2}, battles=30, turns=10, combat="tactical",
                      tactical_battles=24, fallback_battles=6, violations=violations, digest="0f" * 32, seconds=9.5)


def test_selfplay_tactical_prints_each_game_and_fails_on_a_broken_invariant(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's side of ``--combat tactical`` (the games themselves: tests/strategic/test_tactical_sweep.py)."""
    asked: list[MatchSpec] = []

    def fake_run_local(specs, workers, progress):  # type: ignore[no-untyped-def]
        asked.extend(specs)
        return [_canned(s.seed, ["end: no winner named (winner None)"] if s.seed == 4 else []) for s in specs]

    monkeypatch.setattr("tui.selfplay_command.run_local", fake_run_local)
    assert main(["selfplay", "--games", "2", "--seed", "3", "--combat", "tactical"]) == 1
    out = capsys.readouterr().out
    assert [(s.seed, s.combat) for s in asked] == [(3, "tactical"), (4, "tactical")]
    assert "combat tactical" in out
    assert "battles per game: 30.0 (tactical games: 24.0 on the table, 6.0 by the classic fallback)" in out
    assert "invariants: broken in 1 of 2 games\n  seed 4: end: no winner named (winner None)" in out
    assert ("per game:\n  seed 3: Allies on turn 10, battles 24 tactical + 6 fallback, sunk 2, invariants held, "
            "9.5 s, log 0f0f0f0f0f0f\n  seed 4: Allies on turn 10, battles 24 tactical + 6 fallback, sunk 2, "
            "invariants broken (1), 9.5 s, log 0f0f0f0f0f0f") in out
    assert main(["selfplay", "--games", "1", "--seed", "3", "--combat", "tactical", "--no-per-game"]) == 0
    assert "\nper game:" not in capsys.readouterr().out


def test_selfplay_refuses_combat_none(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["selfplay", "--combat", "none"])
    assert stopped.value.code == 2
    assert "invalid choice: 'none'" in capsys.readouterr().err


def test_bench_options() -> None:
    args = build_parser().parse_args(["bench", "--tactical-campaigns", "5", "--tactical-seed", "11"])
    assert (args.tactical_campaigns, args.tactical_seed, args.skip_tactical_campaign) == (5, 11, False)
    args = build_parser().parse_args(["bench"])
    assert (args.tactical_campaigns, args.tactical_seed, args.repeat) == (3, 7, 1)


@pytest.mark.parametrize(("pieces", "label"), [(1, "2-4"), (2, "2-4"), (4, "2-4"), (5, "5-8"), (8, "5-8"),
                                                (9, "9-16"), (16, "9-16"), (17, "17-32"), (32, "17-32"),
                                                (33, "33+"), (120, "33+")])
def test_size_buckets(pieces: int, label: str) -> None:
    assert size_bucket(pieces) == label


def test_timed_resolver_times_every_table_battle_and_changes_nothing(data: CampaignData) -> None:
    """Turn 1 of seed 7 with the baseline AI: the timed game logs exactly what the plain bridge logs, and each
    battle fought on the table is timed with the pieces of its table(s)."""
    def turn_one(resolver) -> Campaign:  # type: ignore[no-untyped-def]
        game = Campaign.new(data, "standard", seed=7, resolver=resolver)
        play(game, Clock(game), agents_for(dict.fromkeys(PLAYERS, "easy")), stop_at_turn=2)
        return game

    plain = TacticalResolver(keep_reports=True)
    timed = TimedResolver(TacticalResolver())
    assert event_log_digest(turn_one(timed).state.events) == event_log_digest(turn_one(plain).state.events)
    # one entry per campaign battle; a sea battle followed by an air raid on the ports is one battle, two tables
    assert sum(pieces for pieces, _ in timed.tactical) == sum(table_pieces(b.spec) for b in plain.battles)
    assert len({(b.turn, b.area) for b in plain.battles}) == len(timed.tactical)
    assert len(timed.tactical) >= 1 and all(seconds > 0 for _, seconds in timed.tactical)
    assert timed.inner.battles == []  # reports dropped as they come
    timings = time_tactical_campaigns(data, [7], stop_at_turn=2)
    assert len(timings.campaigns) == 1 and [p for p, _ in timings.battles] == [p for p, _ in timed.tactical]


def test_tactical_rows() -> None:
    timings = TacticalTimings(campaigns=[30.0, 20.0, 40.0], battles=[(3, 0.1), (4, 0.3), (20, 1.5)],
                              fallback=[0.002, 0.004])
    assert timings.by_size() == {"2-4": [0.1, 0.3], "5-8": [], "9-16": [], "17-32": [1.5], "33+": []}
    assert tactical_rows(timings, [7, 8, 9]) == [
        ("tactical campaign, median s", "30.0 s  (3 campaigns, seeds 7..9, 20.0-40.0 s)"),
        ("tactical battle, 2-4 pieces, median", "200 ms  (2 battles, slowest 300 ms)"),
        ("tactical battle, 5-8 pieces, median", "no battle of this size"),
        ("tactical battle, 9-16 pieces, median", "no battle of this size"),
        ("tactical battle, 17-32 pieces, median", "1500 ms  (1 battles, slowest 1500 ms)"),
        ("tactical battle, 33+ pieces, median", "no battle of this size"),
        ("battles by the classic fallback", "2, median 3.0 ms"),
    ]


@pytest.mark.parametrize("size", [4, 12, 30])
def test_bench_fleets_are_valid_battles(data: CampaignData, size: int) -> None:
    spec = fleet_spec(data, size, seed=1)
    assert [len(f.ships) for f in spec.sides] == [size, size]
    assert len({s.name for f in spec.sides for s in f.ships}) == 2 * size
    if size == 4:
        report = resolve(spec)
        assert 1 <= report.turns_played <= spec.turns
        assert sum(report.victory_points) > 0


def test_a_timed_battle_is_the_same_battle_with_its_captains_timed(data: CampaignData) -> None:
    spec = fleet_spec(data, 4, seed=2)
    timing = time_battle(spec, Dice(2))
    plain = resolve(spec, dice=Dice(2))
    assert timing.events == tuple(e.to_json() for e in plain.events)
    moves = sum(1 for e in plain.events if type(e).__name__ == "Moved")
    assert timing.move_decisions >= moves > 0
    assert 0 < timing.move_seconds <= timing.captain_seconds < timing.seconds
    assert timing.rules_seconds == timing.seconds - timing.captain_seconds
    assert timing.attack_dice > 0


def _timing(seconds: float, decisions: int = 10, move_seconds: float = 0.02, dice: int = 100) -> BattleTiming:
    return BattleTiming(seconds=seconds, captain_seconds=seconds / 2, move_decisions=decisions,
                        move_seconds=move_seconds, attack_dice=dice, events=())


def test_size_rows_give_medians_the_growth_exponent_and_the_time_per_decision() -> None:
    timings = {4: [_timing(0.01), _timing(0.03), _timing(0.02)], 12: [_timing(0.1)], 24: [_timing(0.4)],
               48: [_timing(1.6)]}
    assert size_rows(timings) == [
        ("tactical battle, 4v4, median", "20 ms  (3 battles, 10-30 ms)"),
        ("tactical battle, 12v12, median", "100 ms  (1 battle, 100-100 ms)"),
        ("tactical battle, 24v24, median", "400 ms  (1 battle, 400-400 ms)"),
        ("tactical battle, 48v48, median", "1,600 ms  (1 battle, 1,600-1,600 ms)"),
        ("battle time growth, 12-48 a side", "size^2.00  (log-log fit of the medians)"),
        ("AI per move decision (Order + move)", "2.00 ms  (60 decisions in these battles)"),
    ]
    assert growth_exponent({12: 1.0, 24: 2.0 ** 1.5, 48: 4.0 ** 1.5}) == pytest.approx(1.5)


def test_die_rows_put_the_rules_alone_beside_the_numpy_baseline() -> None:
    rows = dict(die_rows([_timing(0.2, dice=100), _timing(0.1, dice=100)], numpy_die=2e-9))
    assert rows["tactical time per Attack Die"].startswith("1000.0 µs  (whole 4v4 battle / its dice, fastest of 2")
    assert rows["rules time per Attack Die (AI excluded)"].startswith("500.0 µs")
    assert rows["numpy baseline per die"].startswith("2.0 ns")
    assert rows["engine / numpy per die"] == "500,000x  (rules only: 250,000x)"


@pytest.mark.slow
def test_bench_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--tactical-campaigns", "1"]) == 0
    out = capsys.readouterr().out
    for label in ("tactical battle, 4v4, median", "8v8", "12v12", "24v24", "48v48, median", "(1 battle, ",
                  "battle time growth, 12-48 a side", "AI per move decision", "rules time per Attack Die",
                  "engine / numpy per die",
                  "classic battles/s", "campaigns/s, classic combat", "tactical campaign, median s",
                  "(1 campaigns, seeds 7..7", "tactical battle, 2-4 pieces, median", "tactical battle, 33+ pieces",
                  "campaign in the app / headless", "same game", "start-up, vas data check",
                  "start-up, vas run --help", "data load without the cache", "tactical odds runs/s, 1 worker",
                  "tactical odds runs/s, 2 workers"):
        assert label in out


def test_bench_times_the_tactical_odds_with_one_and_two_workers(data: CampaignData) -> None:
    """Issue 18: the odds rows fight the tactical battle itself with 1 and 2 processes."""
    from strategic.state import Phase
    from tests.strategic.engine_helpers import game, sea
    from tui.bench_command import tactical_odds_rows

    campaign = game(data, turn=2, phase=Phase.COMBAT)
    for name in ("Kent", "Admiral Hipper"):
        sea(campaign, name, "North Atlantic")
    campaign.state.pending_battles = ["North Atlantic"]
    rows = tactical_odds_rows(campaign, 2)
    assert [label for label, _ in rows] == ["tactical odds runs/s, 1 worker", "tactical odds runs/s, 2 workers"]
    assert all("(2 runs of the turn-1 battles in " in value for _, value in rows)


def test_the_app_campaign_is_timed_as_the_app_plays_it(data: CampaignData, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18: the same game both ways, the app's way with a checkpoint at each decision (and undo records kept:
    the function checks it)."""
    from strategic.clock import Clock

    checkpoints: list[int] = []
    take = Clock._take_checkpoint
    monkeypatch.setattr(Clock, "_take_checkpoint", lambda clock: checkpoints.append(1) or take(clock))
    timings = time_app_campaigns(data, 7, 1)
    assert len(timings.headless) == len(timings.app) == 1 and len(timings.digests) == 1
    assert len(checkpoints) > 100  # the app's clock only: the headless one keeps none
    assert timings.ratio > 0
    assert app_rows(timings, 7)[0][1].endswith("seed 7, same game)")


def test_start_up_is_timed_in_new_processes() -> None:
    (seconds,) = time_start_up(("data", "check"), 1)
    assert seconds > 0


def test_selfplay_plays_every_game_under_the_rule_options(capsys: pytest.CaptureFixture[str]) -> None:
    """vas selfplay --option, as vas run --option: the campaign option changes the games (the US ships roll to
    enter, R-OPT-02), and the header names it."""
    from strategic.selfplay import play_match, specs_for

    levels = {p: "easy" for p in ("japan", "germany_italy", "united_states", "allies")}
    plain, = specs_for(1, 5, levels, "was_only")
    optioned, = specs_for(1, 5, levels, "was_only", options=["accelerated-us-entry"])
    assert (plain.options, optioned.options) == ((), ("accelerated_us_entry",))
    assert play_match(plain).digest != play_match(optioned).digest
    assert main(["selfplay", "--games", "1", "--seed", "5", "--setup", "was_only", "--axis", "easy", "--allies",
                 "easy", "--option", "accelerated_us_entry"]) == 0
    assert ("Self-play: set-up was_only, seeds 5..5, Axis AI easy, Allied AI easy, combat classic, options "
            "accelerated_us_entry, on 1 local process(es)") in capsys.readouterr().out


def test_selfplay_refuses_an_option_the_set_up_does_not_play(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--games", "1", "--option", "accelerated_us_entry"]) == 2
    assert ("vas selfplay: --option: rule option 'accelerated_us_entry' is played in the set-up was_only only, "
            "not standard") in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["selfplay", "--option", "acelerated_us_entry"])
    assert "unknown rule option 'acelerated_us_entry'" in capsys.readouterr().err


def test_selfplay_lists_the_rule_options(capsys: pytest.CaptureFixture[str]) -> None:
    from strategic.rule_options import option_lines

    assert main(["selfplay", "--list-options"]) == 0
    assert capsys.readouterr().out.splitlines() == option_lines()
    assert main(["selfplay", "--list-options", "--option", "accelerated_us_entry"]) == 2
    assert "--list-options and --option cannot be used together" in capsys.readouterr().err


def test_a_dask_address_that_is_no_scheduler_is_refused_before_any_game(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    """R-UI-123 (a break test): a port that accepts connections but is no Dask scheduler hung ``--dask`` for good
    (dask waits for the scheduler's handshake); it is refused once it stays silent, and a real scheduler passes."""
    import socket

    from dask.distributed import LocalCluster

    import tui.selfplay_command as command
    from tui.cli import main

    monkeypatch.setattr(command, "CONNECT_SECONDS", 0.5)
    with socket.create_server(("127.0.0.1", 0)) as silent:
        port = silent.getsockname()[1]
        assert main(["selfplay", "--games", "1", "--dask", f"tcp://127.0.0.1:{port}"]) == 2
    assert capsys.readouterr().err == (f"vas selfplay: --dask tcp://127.0.0.1:{port}: the port is open but nothing "
                                       "there answers as a Dask scheduler (silent for 0.5 s)\n")
    monkeypatch.undo()  # a real scheduler has the command's own time to say its handshake, on a loaded machine too
    with LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster:
        assert command._unreachable(cluster.scheduler_address) is None
