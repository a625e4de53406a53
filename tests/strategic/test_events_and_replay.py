"""Issue 14: typed campaign events worded in one place, the campaign's dice rolls among them, old saves' events
converted, campaign logs replayed event for event and roll for roll, and a golden transcript.

The golden transcript (tests/golden/classic-seed7-3turns.txt) is every event of ``vas run --seed 7 --combat
classic --turns 3`` in words, rolls and orders included.  A change of the rules, the AI or the wording shows up
here line by line; when the change is meant, regenerate it with ``VAS_REGOLD=1 python -m pytest
tests/strategic/test_events_and_replay.py`` and commit the new file with the change.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from scenarios.loader import CampaignData, load_data
from scenarios.names import player_name
from strategic.ai import BaselineAI, play
from strategic.campaign import Campaign
from strategic.classic.resolver import ClassicResolver
from strategic.clock import Clock
from strategic.events import (
    DiceRolled,
    LegacyEvent,
    Noted,
    OrderGiven,
    SpeedRoll,
    TurnBegan,
    UnitMoved,
)
from strategic.legacy_events import from_legacy, to_legacy
from strategic.narrate import describe, describe_given, log_line, transcript
from strategic.orders import Move, Order
from strategic.replay import CampaignLog, LogHeader, read_log, replay
from strategic.saves import load_state, save
from strategic.state import Phase
from tui.cli import main

PLAYERS = ("japan", "germany_italy", "united_states", "allies")
GOLDEN = Path(__file__).parent.parent / "golden" / "classic-seed7-3turns.txt"


@pytest.fixture(autouse=True)
def bundled_data_once(monkeypatch: pytest.MonkeyPatch, data: CampaignData) -> None:
    """``vas run`` reads the session's bundled data rather than loading it again for every call."""
    import tui.run_command

    monkeypatch.setattr(tui.run_command, "load_data", lambda folders=None: load_data(folders) if folders else data)


@pytest.fixture(scope="module")
def classic_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The campaign log of ``vas run --seed 7 --combat classic --turns 3``."""
    path = tmp_path_factory.mktemp("log") / "seed7.json"
    assert main(["run", "--seed", "7", "--combat", "classic", "--turns", "3", "--log", str(path)]) == 0
    return path


def _classic_game(data: CampaignData, seed: int, stop: int | None = None, setup: str = "standard") -> Campaign:
    campaign = Campaign.new(data, setup, seed=seed, resolver=ClassicResolver())
    play(campaign, Clock(campaign), dict.fromkeys(PLAYERS, BaselineAI()), stop_at_turn=stop)
    return campaign


# --------------------------------------------------------------------------------------------- events and words


def test_events_are_frozen_typed_and_worded_by_the_narrator() -> None:
    move = UnitMoved(turn=3, phase=Phase.PATROL, rule="VITP 6.221", unit="Hood", origin="Scapa Flow",
                     path=["North Sea", "Norwegian Sea"], mode="patrol")
    assert describe(move) == "Hood patrols Scapa Flow -> North Sea -> Norwegian Sea"
    assert log_line(move) == "T3 patrol    Hood patrols Scapa Flow -> North Sea -> Norwegian Sea  [VITP 6.221]"
    assert not hasattr(move, "text")  # the words are the narrator's alone (strategic.narrate)
    with pytest.raises(ValueError, match="frozen"):
        move.unit = "Nelson"  # type: ignore[misc]
    roll = DiceRolled(turn=1, phase=Phase.COMBAT, rule="WAS 4.1", label="Hood gunnery at Bismarck", sides=6,
                      faces=(6, 2))
    assert describe(roll) == "Hood gunnery at Bismarck: 2d6 -> 6, 2"


def test_a_stack_given_together_is_told_once_per_way() -> None:
    """R-UI-108: the units of one step that moved the same way are one sentence, where the first was told; a speed
    roll and a move another way keep their own."""
    def move(unit: str, path: list[str], mode: str = "patrol") -> UnitMoved:
        return UnitMoved(turn=3, phase=Phase.PATROL, rule="VITP 6.221", unit=unit, origin="Yokosuka Navy Yard",
                         path=path, mode=mode)

    roll = SpeedRoll(turn=3, phase=Phase.PATROL, rule="VITP 6.2", unit="Kaga", face=2, speed=4, success=True)
    events = [move("Nagato", ["Japanese Islands"]), roll, move("Kaga", ["Japanese Islands", "Central Pacific Ocean"]),
              move("Mutsu", ["Japanese Islands"]), move("Ise", ["Japanese Islands"]),
              move("Hiei", ["Japanese Islands"], "raid")]
    assert describe_given(events) == [
        "Nagato, Mutsu and Ise patrol Yokosuka Navy Yard -> Japanese Islands",
        "Kaga makes its speed roll (2, below speed 4)",
        "Kaga patrols Yokosuka Navy Yard -> Japanese Islands -> Central Pacific Ocean",
        "Hiei raids Yokosuka Navy Yard -> Japanese Islands",
    ]


def test_each_campaign_roll_is_an_event_where_it_was_rolled(data: CampaignData) -> None:
    """A speed roll (VITP 6.221) is the roll event, then the speed-roll event with the same face."""
    campaign = _classic_game(data, seed=7, stop=4)
    events = campaign.state.events
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    assert [(r.label, r.rule, r.sides, r.faces) for r in rolls] == [
        (r.label, r.rule, r.sides, r.faces) for r in campaign.dice.log]  # every campaign roll, in order
    index = next(i for i, e in enumerate(events) if isinstance(e, SpeedRoll))
    speed, roll = events[index], events[index - 1]
    assert isinstance(speed, SpeedRoll) and isinstance(roll, DiceRolled)
    assert roll.faces == (speed.face,) and roll.sides == 6 and roll.rule == speed.rule
    assert roll.label == f"speed roll {speed.unit} (speed {speed.speed}) into Marianas Islands"
    assert log_line(speed) == "T3 landing   Yokosuka NLF makes its speed roll (1, below speed 3)  [VITP 6.2]"


def test_the_golden_transcript(classic_log: Path) -> None:
    """Every event of the seed-7 classic game in words, line by line (module docstring: VAS_REGOLD=1)."""
    text = transcript(read_log(classic_log).events)
    if os.environ.get("VAS_REGOLD") == "1":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text)
    golden = GOLDEN.read_text().splitlines()
    lines = text.splitlines()
    for number, (want, got) in enumerate(zip(golden, lines, strict=False), start=1):
        assert got == want, f"{GOLDEN.name}:{number}: the game now logs {got!r}, the transcript has {want!r}"
    assert len(lines) == len(golden), f"{len(lines)} lines, the transcript has {len(golden)}"
    assert golden[0] == "T1 start     turn 1 begins  [002 §3.2]"


# --------------------------------------------------------------------------------------------- old saves


def test_every_event_of_whole_games_converts_back_from_its_version_2_form(data: CampaignData) -> None:
    """Each event's version-2 form (kind, text, rule, data) is read back as the same type with the same words and
    data: an old save's events are typed, none left as a :class:`Noted`."""
    for campaign in (_classic_game(data, seed=3), _classic_game(data, seed=2, setup="early_war")):
        for event in campaign.state.events:
            if isinstance(event, DiceRolled):
                continue
            old = to_legacy(event)
            back = from_legacy(LegacyEvent.model_validate_json(old.model_dump_json()))
            assert type(back) is type(event), old
            assert to_legacy(back) == old


def test_an_event_no_type_reads_back_is_kept_as_a_note() -> None:
    old = LegacyEvent(turn=2, phase=Phase.END, kind="weather", text="a storm in the North Sea", rule="house rule",
                      data={"unit": "Hood"})
    back = from_legacy(old)
    assert back == Noted(turn=2, phase=Phase.END, rule="house rule", old_kind="weather",
                         note="a storm in the North Sea", data={"unit": "Hood"})
    assert to_legacy(back) == old and log_line(back) == "T2 end       a storm in the North Sea  [house rule]"


def _as_version(path: Path, version: int) -> None:
    """Rewrite a save as an older version wrote it: untyped events, no roll events (version 1: no combat, no
    dice log either)."""
    raw = json.loads(path.read_text())
    raw["version"] = version
    raw["events"] = [json.loads(to_legacy(e).model_dump_json()) for e in _events(raw)
                     if not isinstance(e, DiceRolled)]
    if version == 1:
        del raw["combat"]
        raw["dice"].pop("log")
    path.write_text(json.dumps(raw))


def _events(raw: dict[str, Any]) -> list[Any]:
    from strategic.events import EVENTS_ADAPTER

    return EVENTS_ADAPTER.validate_python(raw["events"])


@pytest.mark.parametrize("version", [1, 2])
def test_old_saves_load_with_their_events_converted_and_play_on_the_same(
        data: CampaignData, tmp_path: Path, version: int) -> None:
    campaign = _classic_game(data, seed=5, stop=3)
    path = tmp_path / "game.json"
    save(campaign, path)
    _as_version(path, version)
    loaded = load_state(path, data, ClassicResolver())
    assert loaded.loaded_version == version
    expected = [e for e in campaign.state.events if not isinstance(e, DiceRolled)]
    assert [to_legacy(e) for e in loaded.state.events] == [to_legacy(e) for e in expected]
    assert not any(isinstance(e, Noted) for e in loaded.state.events)
    first_order = next(e for e in loaded.state.events if isinstance(e, OrderGiven))
    assert first_order.step is None and first_order.player == next(
        e for e in expected if isinstance(e, OrderGiven)).player
    before = len(campaign.state.events)
    for game in (loaded, campaign):
        play(game, Clock(game, resume=True), dict.fromkeys(PLAYERS, BaselineAI()), stop_at_turn=4)
    played_on = loaded.state.events[len(expected):]
    assert played_on == campaign.state.events[before:] and any(isinstance(e, DiceRolled) for e in played_on)


def test_a_version_3_save_round_trips_its_typed_events(data: CampaignData, tmp_path: Path) -> None:
    campaign = _classic_game(data, seed=4, stop=3)
    path = tmp_path / "game.json"
    save(campaign, path)
    assert json.loads(path.read_text())["version"] == 3
    loaded = load_state(path, data)
    assert loaded.state.events == campaign.state.events
    assert isinstance(loaded.state.events[0], TurnBegan)


# --------------------------------------------------------------------------------------------- replay


def test_vas_run_replay_of_a_seeded_game_is_identical(classic_log: Path, capsys: pytest.CaptureFixture) -> None:
    capsys.readouterr()
    assert main(["run", "--replay", str(classic_log)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"Replay of {classic_log}: Victory at Sea: the combined global game; seed 7; combat classic; "
                   "1169 events, 220 rolls, 437 orders", "Identical: event for event and roll for roll."]


def test_a_tactical_game_replays_identically(data: CampaignData, tmp_path: Path) -> None:
    """The tactical battles are fought again from the campaign seed (each battle's dice are spawned from it)."""
    path = tmp_path / "tactical.json"
    assert main(["run", "--seed", "7", "--turns", "2", "--log", str(path)]) == 0
    log = read_log(path)
    assert sum(e.kind == "battle" for e in log.events) >= 1  # a battle fought on the table
    result = replay(log, data)
    assert result.identical and len(result.campaign.state.events) == len(log.events)
    for event in log.events:  # the tactical battles' events read back from their version-2 form too
        if not isinstance(event, DiceRolled):
            old = to_legacy(event)
            assert type(from_legacy(LegacyEvent.model_validate_json(old.model_dump_json()))) is type(event), old


class RandomPlayer:
    """Any legal orders, from a seeded generator: a stand-in for a human (the replay must not assume the AI)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def orders(self, campaign: Campaign, player: str) -> list[Order]:
        legal = campaign.legal_orders(player)
        return self.rng.sample(legal, k=min(len(legal), self.rng.randint(0, 3)))


def test_a_game_of_other_players_replays_from_its_recorded_orders(data: CampaignData) -> None:
    campaign = Campaign.new(data, "standard", seed=11, resolver=ClassicResolver())
    campaign.state.combat = "classic"
    play(campaign, Clock(campaign), {p: RandomPlayer(i) for i, p in enumerate(PLAYERS)}, stop_at_turn=4)

    log = CampaignLog(header=LogHeader(setup="standard", seed=11, combat="classic", stop_turn=4),
                      events=list(campaign.state.events))
    assert sum(isinstance(e, OrderGiven) for e in log.events) > 20
    result = replay(log, data)
    assert result.identical, str(result.difference)
    assert result.campaign.state.model_dump(exclude={"dice"}) == campaign.state.model_dump(exclude={"dice"})


def test_a_saved_game_mid_decision_replays_from_its_orders(data: CampaignData, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture) -> None:
    """A save (a TUI game's, human orders among them) replays up to the decision it was saved at, that decision's
    orders so far included."""
    campaign = Campaign.new(data, "standard", seed=12, resolver=ClassicResolver())
    campaign.state.combat = "classic"
    clock = Clock(campaign)
    players = {p: RandomPlayer(i) for i, p in enumerate(PLAYERS)}
    play(campaign, clock, players, stop_at_turn=3)
    decision = clock.decision
    assert decision is not None
    orders = list({getattr(o, "unit", ""): o for o in campaign.legal_orders(decision.player.value)}.values())[:2]
    assert len(orders) == 2
    for order in orders:
        campaign.apply(decision.player.value, order)  # a human's first orders of the decision, not yet ended
    path = tmp_path / "game.json"
    save(campaign, path)
    capsys.readouterr()
    assert main(["run", "--replay", str(path)]) == 0
    assert capsys.readouterr().out.endswith("Identical: event for event and roll for roll.\n")
    raw = json.loads(path.read_text())
    last = campaign.state.events[-1]
    del raw["events"][-1]  # the last order's last event, cut off
    path.write_text(json.dumps(raw))
    assert main(["run", "--replay", str(path)]) == 5
    assert capsys.readouterr().err.endswith(
        f"event {len(raw['events'])}: the log has nothing (the log ends here), the replay has '{log_line(last)}'\n")


def _tamper(path: Path, out: Path, change: Any) -> int:
    raw = json.loads(path.read_text())
    index = change(raw["events"])
    out.write_text(json.dumps(raw))
    return index


def test_a_changed_roll_is_reported_at_that_roll(classic_log: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture) -> None:
    def change(events: list[dict[str, Any]]) -> int:
        index = [i for i, e in enumerate(events) if e["kind"] == "dice"][10]
        events[index]["faces"] = [events[index]["faces"][0] % 6 + 1]
        return index

    index = _tamper(classic_log, tmp_path / "roll.json", change)
    capsys.readouterr()
    assert main(["run", "--replay", str(tmp_path / "roll.json")]) == 5
    err = capsys.readouterr().err
    log = read_log(classic_log)
    roll = log.events[index]
    assert isinstance(roll, DiceRolled)
    changed = roll.model_copy(update={"faces": (roll.faces[0] % 6 + 1,)})
    assert err == (f"vas run: {tmp_path / 'roll.json'}: the replay differs from the log at turn {roll.turn}, "
                   f"{roll.phase.value} phase, event {index}: the log has '{log_line(changed)}', the replay has "
                   f"'{log_line(roll)}'\n")


def test_a_changed_order_is_reported_where_the_replay_refuses_it(classic_log: Path, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture) -> None:
    def change(events: list[dict[str, Any]]) -> int:
        index = next(i for i, e in enumerate(events) if e["kind"] == "order" and e["order"]["kind"] == "move")
        events[index]["order"]["path"] = ["Atlantis"]
        return index

    index = _tamper(classic_log, tmp_path / "order.json", change)
    capsys.readouterr()
    assert main(["run", "--replay", str(tmp_path / "order.json")]) == 5
    err = capsys.readouterr().err
    order = read_log(tmp_path / "order.json").events[index]
    assert isinstance(order, OrderGiven) and isinstance(order.order, Move)
    assert f"event {index}: the log has '{log_line(order)}', the replay has 'T1 patrol    " \
           f"{player_name(order.player)}: map: 'Atlantis' is not a sea area  [map]'" in err
    assert err.startswith(f"vas run: {tmp_path / 'order.json'}: the replay differs from the log at turn 1, patrol "
                          "phase")


BAD_LOGS: list[tuple[str, str, str]] = [
    ("not-json", "{ nope", "not-json.json:1: not a campaign log (invalid JSON: Expecting property name"),
    ("a-save", '{"version": 3, "setup": "standard"}', "not a campaign log (no \"log\": \"vas campaign log\""),
    ("version-2", '{"log": "vas campaign log", "version": 2}', "version: campaign log version 2, this program "
     "reads version 1"),
    ("no-seed", '{"log": "vas campaign log", "version": 1, "header": {"setup": "standard", "combat": "classic"}, '
     '"events": []}', "header.seed: Field required"),
    ("bad-combat", '{"log": "vas campaign log", "version": 1, "header": {"setup": "standard", "seed": 1, '
     '"combat": "dice"}, "events": []}', "header.combat: Input should be 'tactical', 'classic' or 'none'"),
    ("bad-order", '{"log": "vas campaign log", "version": 1, "header": {"setup": "standard", "seed": 1, '
     '"combat": "classic"}, "events": [{"turn": 1, "phase": "patrol", "kind": "order", "player": "japan", '
     '"order": {"kind": "move", "unit": "Yamato"}}]}', "events.0.order.order.move.path: Field required"),
    ("unknown-set-up", '{"log": "vas campaign log", "version": 1, "header": {"setup": "moon", "seed": 1, '
     '"combat": "classic"}, "events": []}', "header.setup: unknown set-up 'moon'"),
]


@pytest.mark.parametrize(("case", "content", "culprit"), BAD_LOGS, ids=[c[0] for c in BAD_LOGS])
def test_a_bad_log_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture, case: str, content: str,
                                     culprit: str) -> None:
    path = tmp_path / f"{case}.json"
    path.write_text(content)
    assert main(["run", "--replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"vas run: {path}") and culprit in err and err.count("\n") == 1, err
    assert "Traceback" not in err


def test_replay_takes_the_game_from_the_log_only(classic_log: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["run", "--replay", str(classic_log), "--seed", "3", "--turns", "2"]) == 2
    assert "--seed, --turns cannot be used with --replay" in capsys.readouterr().err


def test_a_speed_roll_and_a_landing_move_say_what_happened() -> None:
    """R-UI-129 (play-test): "fails its speed roll (4 vs speed 4)" read as if the roll had met its mark, and a
    landing move read "Yokosuka NLF landings ..."."""
    def roll(face: int, speed: int, success: bool) -> str:
        return describe(SpeedRoll(turn=3, phase=Phase.PATROL, unit="Ise", face=face, speed=speed, success=success))

    assert roll(2, 4, True) == "Ise makes its speed roll (2, below speed 4)"
    assert roll(4, 4, False) == "Ise fails its speed roll (4, not below speed 4)"
    assert roll(6, 8, False) == "Ise fails its speed roll (6, a face that always fails, speed 8)"
    landing = UnitMoved(turn=3, phase=Phase.LANDING, unit="Yokosuka NLF", origin="Yokosuka Navy Yard",
                        path=["Japanese Islands"], mode="landing")
    assert describe(landing) == "Yokosuka NLF makes a landing move Yokosuka Navy Yard -> Japanese Islands"
    assert from_legacy(to_legacy(landing)) == landing  # an old save's line reads back as the same move
