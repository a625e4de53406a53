"""The battle as a side knows it (tactical.known, R-VIEW-23): the captains the engine asks decide from a
:class:`KnownBattle` that holds no enemy boat hidden in its Sector, no unrevealed scout and no dice; every demo
battle and a battle of every kind of piece is fought with captains that check so at each question."""

from __future__ import annotations

from typing import Any

import pytest

import tactical.state as tactical_state
from scenarios.loader import load_data
from tactical.ai import DefaultedCaptain, SimpleCaptain
from tactical.battle import resolve
from tactical.battle_spec import BattleSpec, InstallationSpec, MTBSpec
from tactical.captain import Captain
from tactical.demos import DEMOS, demo_spec
from tactical.events import BattleEnded
from tactical.known import HiddenFact, KnownBattle, SideCaptain, known
from tactical.plans import FirePlan
from tactical.scenario import can_scout
from tactical.state import Battle, Status
from tests.tactical.helpers import make_battle, make_card
from tests.tactical.test_submarines import hunter_card, sub_card


def _hidden_boat_battle() -> Battle:
    battle = make_battle([("DE", hunter_card(), 0, (30.0, 25.0), 0.0), ("U-99", sub_card(), 1, (30.0, 20.0), 0.0),
                          ("U-100", sub_card(), 1, (40.0, 20.0), 90.0)])
    boat = battle.ship("U-99")
    boat.status, boat.pos, boat.sector = Status.HIDDEN, None, 14
    battle.log.emit(BattleEnded, ship="U-99")  # an event naming the hidden boat
    return battle


def test_a_known_battle_leaves_out_the_boat_hidden_in_its_sector() -> None:
    """R-VIEW-07, 000 Submarines: Deployment: the hunter's side finds no trace of U-99 by any accessor."""
    battle = _hidden_boat_battle()
    hunter = known(battle, 0)
    assert list(hunter.state.ships) == ["DE", "U-100"]
    assert [s.name for s in hunter.state.fleet(1)] == ["U-100"] and [s.name for s in hunter.state.enemies_of(0)] == [
        "U-100"]
    with pytest.raises(KeyError):
        hunter.ship("U-99")
    assert hunter.log.events == [] and len(battle.log.events) == 1
    owner = known(battle, 1)
    assert owner.ship("U-99") is battle.ship("U-99") and owner.log.events == battle.log.events
    assert hunter.ship("DE") is battle.ship("DE")  # the models on the table are the battle's own (R-VIEW-06)
    assert list(battle.state.ships) == ["DE", "U-99", "U-100"]  # the battle itself is untouched


def test_a_known_battle_has_no_dice_and_cannot_be_written() -> None:
    """R-VIEW-01: a captain reading the dice or writing to the log is stopped."""
    view = known(_hidden_boat_battle(), 0)
    with pytest.raises(HiddenFact, match="dice"):
        view.dice.d6(label="peek", rule="test")
    with pytest.raises(HiddenFact, match="dice"):
        view.log.dice  # noqa: B018
    with pytest.raises(HiddenFact, match="log"):
        view.log.emit(BattleEnded)
    with pytest.raises(HiddenFact):
        view.log.phase = "gunnery"
    assert (view.log.turn, view.log.phase) == (1, "set-up") and "KnownBattle(side=0" in repr(view)
    assert known(view, 0) is view and known(view, 1) is not view
    with pytest.raises(ValueError, match="sides 0 and 1"):
        known(view, 2)


def test_scouts_are_left_out_until_they_are_revealed() -> None:
    """R-VIEW-07, 000 War at Sea: Scouting."""
    battle = make_battle([("DD", make_card("DD", type="destroyer"), 1, (10.0, 10.0), 0.0),
                          ("CA", make_card("CA", type="cruiser"), 0, (20.0, 10.0), 0.0)], turn=0)
    battle.ship("DD").scout, battle.ship("DD").status, battle.ship("DD").pos = True, Status.SCOUTING, None
    battle.log.phase = "deployment"
    assert list(known(battle, 0).state.ships) == ["CA"] and list(known(battle, 1).state.ships) == ["DD", "CA"]
    battle.log.phase = "scouting"
    assert list(known(battle, 0).state.ships) == ["DD", "CA"]


def test_the_ai_lights_its_targets_on_its_own_list() -> None:
    """The fire plan at night scores targets as if the searchlight were on: on the known battle's list, never
    the battle's (the engine lights them when the plan is carried out)."""
    battle = make_battle([("CA", make_card("CA", type="cruiser"), 0, (20.0, 10.0), 0.0),
                          ("DD", make_card("DD", type="destroyer"), 1, (20.0, 19.5), 180.0)])
    battle.state.time_of_day = "night"
    lit = battle.state.lit
    plan = SideCaptain(SimpleCaptain(), 0).plan_fire(battle, battle.ship("CA"))
    assert plan == FirePlan(plan.shots, searchlight="DD") and plan.shots
    assert battle.state.lit is lit and lit == []


class _Checked:
    """An AI captain for ``side`` that checks, at every question, that the battle it is given is the side's known
    battle: no enemy boat hidden in a Sector and no scout before the reveal in it, and no dice.  It sends every
    destroyer it may scouting, so that scouts are withheld at the enemy's deployment."""

    def __init__(self, side: int, battles: list[Battle], seen: dict[str, int]) -> None:
        self.side, self.battles, self.seen = side, battles, seen
        self.inner = SimpleCaptain()

    def choose_scouts(self, battle: Battle, side: int) -> tuple[list[str], int]:
        self._check(battle)
        flights = self.inner.choose_scouts(battle, side)[1]
        return [s.name for s in battle.state.fleet(side) if s.type.value == "destroyer" and can_scout(s)], flights

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.inner, name)

        def asked(battle: Battle, *args: Any) -> Any:
            self._check(battle)
            return method(battle, *args)
        return asked

    def _check(self, battle: Battle) -> None:
        assert isinstance(battle, KnownBattle) and battle.side == self.side
        real = self.battles[-1]
        secret_scouts = real.state.turn == 0 and real.log.phase in ("set-up", "deployment")
        hidden = {s.name for s in real.state.ships.values() if s.side != self.side and (
            s.status is Status.HIDDEN or (secret_scouts and s.status is Status.SCOUTING))}
        assert not hidden & set(battle.state.ships)
        assert all(s is real.ship(s.name) for s in battle.state.ships.values())
        with pytest.raises(HiddenFact):
            battle.dice  # noqa: B018
        self.seen["questions"] += 1
        self.seen["hidden"] += len(hidden)
        if hidden and self.seen["logs"] < 40:  # the log, now and then (reading every log is slow)
            self.seen["logs"] += 1
            text = repr(battle.log.events)
            assert not [n for n in hidden if n in text]


def _every_piece(seed: int) -> BattleSpec:
    """The night action with MTB Sections on both sides and a shore battery."""
    data = load_data()
    spec = demo_spec("night-action", seed, data)
    boats = [MTBSpec(name=f"PT-{i}", side=0, card=data.mtbs["Elco 80ft PT"]) for i in (1, 2)]
    boats += [MTBSpec(name="MT-1", side=1, card=data.mtbs["MT Explosive Boat"])]
    fort = InstallationSpec(name="Fort", side=1, kind="shore battery", pos=(36.0, 46.0), weapons=["8-inch Gun"],
                            armour=4, structure=12)
    return spec.model_copy(update={"mtbs": boats, "shore_batteries": [fort]})


def _specs() -> list[tuple[str, BattleSpec]]:
    data = load_data()
    return [(f"{name}-{seed}", demo_spec(name, seed, data)) for name in sorted(DEMOS) for seed in (0, 1)] + [
        ("every-piece-0", _every_piece(0))]


@pytest.mark.parametrize(("name", "spec"), _specs(), ids=[n for n, _ in _specs()])
def test_every_captain_is_given_only_what_its_side_knows(name: str, spec: BattleSpec,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    battles: list[Battle] = []
    post_init = tactical_state.Battle.__post_init__

    def record(battle: Battle) -> None:
        post_init(battle)
        battles.append(battle)

    monkeypatch.setattr(tactical_state.Battle, "__post_init__", record)
    seen = dict.fromkeys(("questions", "hidden", "logs"), 0)
    report = resolve(spec, (_Checked(0, battles, seen), _Checked(1, battles, seen)))
    assert report.turns_played >= 1 and seen["questions"] > 30
    assert len(battles) == 1  # a known battle is no new Battle: its dice and log are the battle's alone
    if name.startswith("convoy"):
        assert seen["hidden"] > 0 and seen["logs"] > 0  # the U-boats in their Sectors were withheld
    if name.startswith("every-piece"):
        assert report.mtbs and any(s.name == "Fort" for s in report.ships)


def test_the_captains_the_door_gives_decide_from_the_known_battle() -> None:
    """tactical.battle.set_up: the AI (and a seat's adviser) are given known battles; the captain protocol is
    answered in full by the wrapper."""
    from tactical.battle import set_up
    from tactical.seats import QUESTIONS, Seat

    ready = set_up(demo_spec("cruiser-action", 0, load_data()), (None, Seat(1)))
    assert isinstance(ready.captains[0], SideCaptain) and ready.captains[0].side == 0
    assert isinstance(ready.captains[1], DefaultedCaptain)
    seat = ready.captains[1].captain
    assert isinstance(seat, Seat) and isinstance(seat.adviser, SideCaptain) and seat.adviser.side == 1
    assert set(QUESTIONS) <= set(dir(SideCaptain))
    assert _questions(Captain) <= set(dir(SideCaptain))


def _questions(protocol: type) -> set[str]:
    return {n for n in vars(protocol) if not n.startswith("_")}
