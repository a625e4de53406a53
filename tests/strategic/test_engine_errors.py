"""Issue 13 item 1: an engine error anywhere in a turn surfaces, names where it happened, and loses nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scenarios.loader import CampaignData
from strategic import control
from strategic.ai import BaselineAI, play
from strategic.campaign import Campaign
from strategic.classic.resolver import ClassicResolver
from strategic.clock import Clock
from strategic.engine_errors import BattleError, EngineError
from strategic.events import BattleNote
from strategic.invariants import check_finished
from strategic.narrate import describe
from strategic.orders import IllegalOrder
from strategic.resolvers import make_resolver
from strategic.saves import last_good_text, load_state, save
from tui.cli import main

PLAYERS = ("japan", "germany_italy", "united_states", "allies")


def agents() -> dict:
    return {p: BaselineAI() for p in PLAYERS}


class FailingResolver:
    """Classic combat, but battle number ``fail_at`` raises the way the tactical bridge once did."""

    def __init__(self, fail_at: int) -> None:
        self.inner = ClassicResolver()
        self.fail_at = fail_at
        self.count = 0

    def resolve(self, campaign, battle):  # type: ignore[no-untyped-def]
        self.count += 1
        if self.count == self.fail_at:
            campaign.log(BattleNote, "test", area=battle.area, note="half a battle")  # taken back with the battle
            campaign.dice.d6(label="a roll of the failing battle")
            raise IllegalOrder("000 Moving Ships", "Barham would stack on another ship (R-TAC-07)")
        return self.inner.resolve(campaign, battle)


def test_a_failing_battle_raises_a_battle_error_naming_turn_phase_area_and_rule(data: CampaignData) -> None:
    campaign = Campaign.new(data, "standard", seed=1, resolver=FailingResolver(fail_at=3))
    clock = Clock(campaign)
    with pytest.raises(BattleError) as caught:
        play(campaign, clock, agents())
    error = caught.value
    assert (error.turn, error.phase, error.area, error.rule) == (1, "combat", "North Sea", "000 Moving Ships")
    assert str(error) == ("engine error on turn 1, combat phase, battle in North Sea: 000 Moving Ships: Barham would "
                          "stack on another ship (R-TAC-07)")
    assert clock.finished and clock.error is error and error.rewound
    # rewound: the battle's event and roll are taken back; the battle is pending again, first
    assert campaign.state.pending_battles[0] == "North Sea"
    assert not any(isinstance(e, BattleNote) and e.note == "half a battle" for e in campaign.state.events)
    assert not any(r.label == "a roll of the failing battle" for r in campaign.dice.log)


def test_after_a_battle_error_the_battle_is_fought_by_the_classic_rules_and_the_game_goes_on(
        data: CampaignData) -> None:
    campaign = Campaign.new(data, "standard", seed=1, resolver=FailingResolver(fail_at=3))
    with pytest.raises(BattleError) as caught:
        play(campaign, Clock(campaign), agents())
    campaign.fight_classic(caught.value.area)  # type: ignore[arg-type]
    clock = Clock(campaign, resume=True)
    play(campaign, clock, agents())
    assert clock.finished and campaign.state.winner in ("axis", "allied")
    assert check_finished(campaign, clock) == []
    fallback = [e for e in campaign.state.events if "after an engine error" in describe(e)]
    assert [(e.area, e.how) for e in fallback] == [("North Sea", "after_error")] and fallback[0].turn == 1


def test_the_rewound_game_is_the_game_that_would_have_been_played(data: CampaignData) -> None:
    """A battle that fails and is then fought by the classic rules gives exactly the game where it never failed."""
    plain = Campaign.new(data, "standard", seed=4, resolver=make_resolver("classic"))
    play(plain, Clock(plain), agents())
    failed = Campaign.new(data, "standard", seed=4, resolver=FailingResolver(fail_at=2))
    with pytest.raises(BattleError) as caught:
        play(failed, Clock(failed), agents())
    failed.fight_classic(caught.value.area)  # type: ignore[arg-type]
    failed.resolver = make_resolver("classic")
    play(failed, Clock(failed, resume=True), agents())
    texts = [describe(e) for e in failed.state.events if "after an engine error" not in describe(e)]
    assert texts == [describe(e) for e in plain.state.events]
    assert [str(r) for r in failed.dice.log] == [str(r) for r in plain.dice.log]


def test_a_failing_phase_raises_an_engine_error_and_the_checkpoint_is_the_last_decision(
        data: CampaignData, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls = {"n": 0}
    real = control.settle_control_and_poc

    def settle(campaign):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyError("Malta")
        real(campaign)

    monkeypatch.setattr(control, "settle_control_and_poc", settle)
    campaign = Campaign.new(data, "standard", seed=1, resolver=make_resolver("classic"))
    clock = Clock(campaign, checkpoints=True)
    with pytest.raises(EngineError) as caught:
        play(campaign, clock, agents())
    error = caught.value
    assert not isinstance(error, BattleError) and not error.rewound
    assert (error.turn, error.phase, error.area) == (2, "control", None)
    assert str(error) == "engine error on turn 2, control phase: KeyError: 'Malta'"
    text = last_good_text(campaign, clock)
    assert text is not None
    path = tmp_path / "last.json"
    path.write_text(text)
    resumed = load_state(path, data)  # the last decision: a good state that loads and passes every check
    assert (resumed.state.turn, resumed.state.phase.value) == (2, "submarine")  # before control


def test_an_ai_that_raises_stops_the_game_with_an_engine_error(data: CampaignData) -> None:
    class Broken:
        def orders(self, campaign, player):  # type: ignore[no-untyped-def]
            raise ZeroDivisionError("division by zero")

    campaign = Campaign.new(data, "standard", seed=1, resolver=make_resolver("classic"))
    with pytest.raises(EngineError, match="turn 1, reinforce phase, the Allies AI deciding: ZeroDivisionError"):
        play(campaign, Clock(campaign), {**agents(), "allies": Broken()})


def test_vas_run_exits_4_names_the_battle_keeps_the_save_and_writes_the_state_before_the_battle(
        data: CampaignData, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    save_path = tmp_path / "game.json"
    assert main(["run", "--seed", "1", "--turns", "1", "--combat", "classic", "--save", str(save_path)]) == 0
    before = save_path.read_bytes()
    capsys.readouterr()
    real = ClassicResolver.resolve

    def resolve(self, campaign, battle):  # type: ignore[no-untyped-def]
        raise IllegalOrder("000 Moving Ships", "Barham would stack on another ship (R-TAC-07)")

    monkeypatch.setattr(ClassicResolver, "resolve", resolve)
    code = main(["run", "--load", str(save_path), "--save", str(save_path)])
    err = capsys.readouterr().err
    assert code == 4
    assert "engine error on turn 2, combat phase, battle in" in err and "(R-TAC-07)" in err
    assert "Traceback" not in err
    assert save_path.read_bytes() == before  # the user's save is left as it was
    autosave = tmp_path / "game.autosave.json"
    assert f"saved to {autosave}" in err and "--combat classic" in err
    state = json.loads(autosave.read_text())
    assert state["turn"] == 2 and state["phase"] == "combat" and state["pending_battles"]
    monkeypatch.setattr(ClassicResolver, "resolve", real)
    assert main(["run", "--load", str(autosave), "--turns", "1"]) == 0  # the save's classic combat goes on


def test_vas_run_on_a_phase_failure_exits_4_and_writes_no_save(
        data: CampaignData, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    def settle(campaign):  # type: ignore[no-untyped-def]
        raise ValueError("a broken rule")

    monkeypatch.setattr(control, "settle_control_and_poc", settle)
    save_path = tmp_path / "game.json"
    code = main(["run", "--seed", "1", "--combat", "classic", "--save", str(save_path), "--log", str(tmp_path / "l")])
    err = capsys.readouterr().err
    assert code == 4
    assert "engine error on turn 1, control phase: ValueError: a broken rule" in err
    assert "no save was written" in err
    assert not save_path.exists()
    log = (tmp_path / "l").read_text()  # the audit trail up to the failure
    assert f"the event log up to the error is written to {tmp_path / 'l'}" in err
    events = json.loads(log)["events"]
    assert {e["turn"] for e in events} == {1} and events[-1]["phase"] == "combat"  # up to the failure
    assert any(e["kind"] == "dice" and e["phase"] == "combat" for e in events)


def test_a_saved_game_resumes_with_its_combat_and_its_full_dice_log(
        data: CampaignData, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "game.json"
    assert main(["run", "--seed", "2", "--turns", "2", "--combat", "classic", "--save", str(path)]) == 0
    campaign = load_state(path, data)
    assert campaign.state.combat == "classic" and campaign.dice.log
    rolls = len(campaign.dice.log)
    capsys.readouterr()
    log = tmp_path / "log.json"
    assert main(["run", "--load", str(path), "--turns", "1", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "combat classic (as saved)" in out.splitlines()[0]
    # the log after a load is the whole audit trail: it has the rolls made before the save too
    whole = tmp_path / "whole.json"
    assert main(["run", "--seed", "2", "--turns", "3", "--combat", "classic", "--log", str(whole)]) == 0
    assert log.read_text() == whole.read_text()
    assert rolls < sum(e["kind"] == "dice" for e in json.loads(log.read_text())["events"])
    assert main(["run", "--load", str(path), "--turns", "1", "--combat", "tactical"]) == 0
    assert "combat tactical (--combat overrides the save's classic)" in capsys.readouterr().out


def test_save_writes_normal_permissions_and_keeps_a_replaced_files_mode(data: CampaignData, tmp_path: Path) -> None:
    campaign = Campaign.new(data, "standard", seed=1)
    path = tmp_path / "game.json"
    save(campaign, path)
    assert path.stat().st_mode & 0o777 == 0o666 & ~_umask()
    path.chmod(0o640)
    save(campaign, path)
    assert path.stat().st_mode & 0o777 == 0o640


def _umask() -> int:
    import os

    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_self_play_game_that_breaks_is_reported_and_the_sweep_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    from strategic.selfplay import MatchSpec, play_match

    def resolve(self, campaign, battle):  # type: ignore[no-untyped-def]
        raise IllegalOrder("000 Moving Ships", "Barham would stack on another ship (R-TAC-07)")

    monkeypatch.setattr(ClassicResolver, "resolve", resolve)
    result = play_match(MatchSpec(seed=1, levels=tuple((p, "easy") for p in PLAYERS)))
    assert result.violations[0] == ("engine: engine error on turn 1, combat phase, battle in North Atlantic: "
                                    "000 Moving Ships: Barham would stack on another ship (R-TAC-07)")
    assert result.winner is None
