"""Battle views (tactical.views, R-VIEW-06, R-VIEW-07): hidden boats, secret scouts, no dice, detached copies."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from tactical.battle import set_up
from tactical.demos import demo_spec
from tactical.dice import Dice
from tactical.events import BattleEnded
from tactical.state import Battle, BattleState, Depth, ShipState, Status
from tactical.turn import play_turn
from tactical.views import BattleView, observe
from tests.tactical.helpers import make_battle, make_card
from tests.tactical.test_submarines import hunter_card, sub_card


def _text(view: BattleView) -> str:
    """Everything in the view as text: its serialisation (the copies of the own ships and the log included)."""
    text = view.to_json()
    assert repr(view)  # every field prints too
    return text


def _hidden_boat_battle() -> Battle:
    battle = make_battle([("DE", hunter_card(), 0, (30.0, 25.0), 0.0), ("U-99", sub_card(), 1, (30.0, 20.0), 0.0)])
    boat = battle.ship("U-99")
    boat.status, boat.pos, boat.depth, boat.sector = Status.HIDDEN, None, Depth.DEEP, 14
    return battle


def test_a_boat_hidden_in_its_sector_is_its_sides_alone() -> None:
    """R-VIEW-07, 000 Submarines: Deployment: the enemy sees neither the boat nor its Sector."""
    battle = _hidden_boat_battle()
    hunter = observe(battle, 0)
    assert "U-99" not in hunter.ships and "U-99" not in _text(hunter) and "Sector 14" not in _text(hunter)
    assert list(hunter.ships) == ["DE"]
    owner = observe(battle, 1)
    assert owner.ships["U-99"].status is Status.HIDDEN and owner.own_ships["U-99"].sector == 14
    battle.ship("U-99").status, battle.ship("U-99").pos = Status.ACTIVE, (30.0, 18.0)  # placed on the table
    seen = observe(battle, 0).ships["U-99"]
    assert (seen.pos, seen.depth, seen.own) == ((30.0, 18.0), Depth.DEEP, False)


def test_scouts_are_secret_until_revealed_before_the_first_turn() -> None:
    """R-VIEW-07, 000 War at Sea: Scouting: ships set aside to scout are revealed in the scouting step."""
    battle = make_battle([("DD", make_card("DD", type="destroyer"), 1, (10.0, 10.0), 0.0),
                          ("BB", make_card("BB"), 1, (20.0, 40.0), 0.0),
                          ("CA", make_card("CA", type="cruiser"), 0, (20.0, 10.0), 0.0)], turn=0)
    battle.ship("DD").scout, battle.ship("DD").status, battle.ship("DD").pos = True, Status.SCOUTING, None
    battle.log.phase = "deployment"
    assert "DD" not in observe(battle, 0).ships and "DD" not in _text(observe(battle, 0))
    assert observe(battle, 1).ships["DD"].status is Status.SCOUTING
    battle.log.phase = "scouting"
    assert observe(battle, 0).ships["DD"].status is Status.SCOUTING


def test_unspotted_ships_on_the_table_are_seen_and_spotting_is_marked() -> None:
    """R-VIEW-06: at night every model on the table is seen; ``spotted`` tells which the side may attack."""
    battle = make_battle([("CA", make_card("CA", type="cruiser"), 0, (20.0, 10.0), 0.0),
                          ("DD", make_card("DD", type="destroyer"), 1, (20.0, 40.0), 180.0),
                          ("CL", make_card("CL", type="cruiser"), 1, (50.0, 40.0), 180.0)])
    battle.state.time_of_day = "night"
    battle.state.spotted_by = {0: ["DD"], 1: []}
    view = observe(battle, 0)
    assert view.ships["DD"].spotted and not view.ships["CL"].spotted and view.ships["CL"].pos == (50.0, 40.0)
    assert [s.name for s in view.enemies()] == ["DD", "CL"] and not view.ships["CA"].spotted


def test_the_battle_dice_are_in_no_view() -> None:
    """R-VIEW-01: no seed, key or generator state; no Dice or Battle object anywhere in the view."""
    battle = make_battle([("CA", make_card("CA", type="cruiser"), 0, (20.0, 10.0), 0.0),
                          ("DD", make_card("DD", type="destroyer"), 1, (20.0, 40.0), 180.0)], Dice(987654, (3, 4)))
    battle.dice.d6(label="a roll", rule="test")
    battle.log.emit(BattleEnded)
    generator = str(battle.dice.state()["bit_generator"]["state"]["state"])
    for side in (0, 1):
        view = observe(battle, side)
        assert generator not in _text(view) and "987654" not in _text(view)
        assert all(not isinstance(getattr(view, f.name), Dice | Battle | BattleState | np.random.Generator)
                   for f in dataclasses.fields(view))
        assert view.log[0].kind == "roll"  # a roll already made is public


def test_a_battle_view_is_frozen_and_detached() -> None:
    battle = make_battle([("CA", make_card("CA", type="cruiser"), 0, (20.0, 10.0), 0.0),
                          ("DD", make_card("DD", type="destroyer"), 1, (20.0, 40.0), 180.0)])
    view = observe(battle, 0)
    battle.ship("DD").pos, battle.ship("DD").hull = (1.0, 1.0), 1
    assert view.ships["DD"].pos == (20.0, 40.0) and view.ships["DD"].hull == battle.ship("CA").hull
    view.own_ships["CA"].hull = 0  # a copy: the battle's ship keeps its Hull
    assert battle.ship("CA").hull > 0 and view.own_ships["CA"] is not battle.ship("CA")
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.ships["DD"].hull = 0  # type: ignore[misc]
    with pytest.raises(TypeError):
        view.ships["X"] = view.ships["DD"]  # type: ignore[index]
    with pytest.raises(ValueError, match="sides 0 and 1"):
        observe(battle, 2)


class _Watched:
    """A captain that records the side's view each time the engine asks it something."""

    def __init__(self, inner: Any, side: int, record: Callable[[int, BattleView], None]) -> None:
        self._inner, self._side, self._record = inner, side, record

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._inner, name)
        if not callable(method):
            return method

        def asked(*args: Any, **kw: Any) -> Any:
            if args and isinstance(args[0], Battle):
                self._record(self._side, observe(args[0], self._side))
            return method(*args, **kw)
        return asked


def test_every_view_of_a_convoy_battle_hides_the_boats_still_in_their_sectors(data) -> None:  # type: ignore[no-untyped-def]
    """Property over a whole battle (the convoy demo: three U-boats noted in Sectors): at every question a
    captain is asked, its side's view holds no enemy boat then hidden, and serialises."""
    ready = set_up(demo_spec("convoy", seed=3, data=data))
    battle = ready.battle
    checked: list[int] = []

    def record(side: int, view: BattleView) -> None:
        hidden = [s.name for s in battle.state.ships.values() if s.side != side and s.status is Status.HIDDEN]
        text = _text(view)
        assert not [n for n in hidden if n in text]
        checked.append(len(hidden))

    pair = (_Watched(ready.captains[0], 0, record), _Watched(ready.captains[1], 1, record))
    hidden_at_start = [s.name for s in battle.state.ships.values() if s.status is Status.HIDDEN]
    assert len(hidden_at_start) == 3
    while battle.state.turn < 4:
        play_turn(battle, pair)  # type: ignore[arg-type]
    assert len(checked) > 20 and any(checked)
    assert all(isinstance(s, ShipState) for s in observe(battle, 1).own_ships.values())
