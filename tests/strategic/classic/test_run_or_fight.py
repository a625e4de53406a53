"""002 §5.751 (R-OPS-62): in the Hawaiian Islands on the turn of the early-war attack, the United States player
announces before the first round whether his forces there run or fight; running forces leave after the I-Boat's
attack, before the first round, and may be pursued; the AI fights, as the game did before the announcement."""

from __future__ import annotations

import pytest

from scenarios.errors import IllegalCombatDecision
from scenarios.loader import CampaignData
from strategic.campaign import Campaign
from strategic.classic import ClassicResolver
from strategic.classic.scripts import DECISIONS, ScriptError, decode, encode
from strategic.engine_errors import BattleError
from strategic.narrate import describe
from strategic.orders import AnnounceAttack, PearlHarborStrike
from strategic.state import Mode, Phase, UnitStatus
from tests.strategic.classic.helpers import Scripted
from tests.strategic.engine_helpers import game, port, sea

HAWAII = "Hawaiian Islands"


def _attack_turn(data: CampaignData, *, faces: tuple[int, ...] = (1,) * 60, early: bool = True) -> Campaign:
    """Turn 3 of the early-war start, Japan has attacked: Akagi (the special force, staying) and Hiei raid the
    Hawaiian Islands, where Indianapolis patrols; Pearl Harbor is empty (every die misses)."""
    c = game(data, setup="early_war" if early else "standard", turn=3, phase=Phase.AIR, faces=faces)
    c.state.war.frozen = []
    port(c, "Akagi", "Yokosuka Navy Yard")
    if early:
        c.apply("japan", AnnounceAttack())
        c.apply("japan", PearlHarborStrike(unit="Akagi"))
        c.state.war.surprise_turn, c.state.war.pearl_force_stays = 3, True
    else:
        sea(c, "Akagi", HAWAII, Mode.RAID)
    sea(c, "Hiei", HAWAII, Mode.RAID)
    sea(c, "Indianapolis", HAWAII)
    c.state.phase = Phase.COMBAT
    return c


def _fight(c: Campaign, us: Scripted, japan: Scripted | None = None) -> list[str]:
    japan = japan or Scripted(withdraw=set(), pursue={}, day_or_night="night")
    c.resolver = ClassicResolver({"japan": japan, "united_states": us})
    c.enter_phase(Phase.COMBAT)
    return [describe(e) for e in c.state.events if e.kind == "combat" and HAWAII in describe(e)]


def test_the_us_player_is_asked_before_the_first_round_and_running_forces_leave(data: CampaignData) -> None:
    us = Scripted(run_or_fight="run", pursue={}, day_or_night="night")
    texts = _fight(_attack_turn(data), us)
    asked = [(m, stage, args) for m, _side, stage, args in us.calls if m == "run_or_fight"]
    assert asked == [("run_or_fight", "run or fight", (["Indianapolis"],))]
    assert "Hawaiian Islands: the Allies announce that they run" in texts
    assert "Hawaiian Islands: the Allies run: Indianapolis" in texts
    assert not any("round 1" in t for t in texts)  # no round is fought: nobody is left to fight


def test_running_forces_may_be_pursued_before_the_first_round(data: CampaignData) -> None:
    """R-CMB-07: a faster Japanese ship may pursue a running force; the pursuit round comes before round 1."""
    c = _attack_turn(data)
    sea(c, "Shokaku", HAWAII, Mode.RAID)
    japan = Scripted(withdraw=set(), day_or_night="night",
                     pursue=lambda ctx, side, eligible: {"Shokaku": "Indianapolis"} if ctx.stage == "pursuit 1" else {})
    texts = _fight(c, Scripted(run_or_fight="run", day_or_night="night"), japan)
    assert "Hawaiian Islands: the Axis pursue (round 1): Indianapolis by Shokaku" in texts
    assert "Hawaiian Islands: before the first round (pursuit): night" in texts
    assert not any("round 1: " in t and "pursu" not in t for t in texts)


def test_running_forces_return_to_port(data: CampaignData) -> None:
    c = _attack_turn(data)
    _fight(c, Scripted(run_or_fight="run", pursue={}, day_or_night="night"))
    indianapolis = c.state.unit("Indianapolis")
    assert indianapolis.status is UnitStatus.PORT and indianapolis.damage == 0
    assert c.state.unit("Akagi").place == HAWAII  # the Japanese hold the area


def test_fighting_forces_fight_the_rounds_as_before(data: CampaignData) -> None:
    """The AI's answer is to fight: the announcement is made and the battle goes on as it did."""
    us = Scripted(withdraw=set(), pursue={}, day_or_night="night")
    texts = _fight(_attack_turn(data), us)
    assert [a for m, _s, _st, a in us.calls if m == "run_or_fight"] == [(["Indianapolis"],)]
    assert "Hawaiian Islands: the Allies fight: Indianapolis" in texts
    assert any(t.startswith("Hawaiian Islands: round 1: night") for t in texts)
    assert "Hawaiian Islands: the Axis must retreat: Hiei, Akagi" in texts  # 002 §5.752 after two rounds


def test_no_announcement_outside_the_attack_turn_of_the_early_war(data: CampaignData) -> None:
    us = Scripted(withdraw=set(), pursue={}, day_or_night="night")
    _fight(_attack_turn(data, faces=(1,) * 400, early=False), us)
    assert not any(m == "run_or_fight" for m, *_ in us.calls)


def test_an_answer_other_than_run_or_fight_is_refused(data: CampaignData) -> None:
    with pytest.raises(BattleError, match=r"'flee' is neither run nor fight \[002 §5.751 \(R-OPS-62\)\]") as caught:
        _fight(_attack_turn(data), Scripted(run_or_fight="flee"))
    assert isinstance(caught.value.__cause__, IllegalCombatDecision)


def test_the_question_as_data() -> None:
    assert "run_or_fight" in DECISIONS
    assert encode("run_or_fight", "run") == "run" and decode("run_or_fight", "fight", "answer") == "fight"
    with pytest.raises(ScriptError, match='run_or_fight is answered by "run" or "fight"'):
        decode("run_or_fight", "flee", "answers[0].answer")
