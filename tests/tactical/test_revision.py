"""The cached figures of a ship (issue 18, tactical/revision.py): every kind of change moves the revision on, so
Flank Speed, traits, Attack Dice and the ships afloat read after a change are the changed ones; copies and
pickles carry no cache; and whole battles fought with every cached figure checked afresh (``revision.CHECK``)
find no stale one and fight exactly as without the check."""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import pickle
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tactical import revision
from tactical.battle import resolve
from tactical.critical_table import Area
from tactical.criticals import lower_area, raise_area
from tactical.demos import DEMOS, demo_spec
from tactical.gunnery import max_dice
from tactical.hull import apply_hull_damage
from tactical.options import RuleOptions
from tactical.state import Battle, BattleState, ShipState, Status
from tactical.submarine_state import Depth
from tests.tactical.helpers import make_battle, make_card, weapon


@pytest.fixture
def checked() -> Iterator[None]:
    """Every cached figure also worked out afresh and compared (a stale one raises ``StaleCache``)."""
    revision.CHECK = True
    try:
        yield
    finally:
        revision.CHECK = False


def _cruiser_battle(*faces: int) -> Battle:
    card = make_card(
        "CA", flank_speed=8, hull=20, crippled=6, traits=["Agile"],
        weapons=[weapon("Turret A"), weapon("Light Guns", kind="light_gun", ad=4),
                 weapon("Torpedoes", kind="torpedo", ad=4, traits=["One-Shot"])],
    )
    enemy = make_card("DD", type="destroyer")
    return make_battle([("CA", card, 0, (10.0, 10.0), 0.0), ("DD", enemy, 1, (10.0, 30.0), 180.0),
                        ("DD2", enemy, 1, (20.0, 30.0), 180.0)], faces)


def _figures(ship: ShipState) -> dict[str, Any]:
    return {"flank_speed": ship.flank_speed(), "traits": ship.traits(), "agile": ship.has("Agile"),
            "lumbering": ship.has("Lumbering"), "straight_run": ship.straight_run_before_turn(),
            "ad": [ship.weapon_ad(i) for i in range(3)], "dice": [max_dice(ship, i) for i in range(3)]}


def test_crippling_damage_changes_speed_traits_and_dice_read_before(checked: None) -> None:
    battle = _cruiser_battle(1, 6)  # the turret keeps firing (1), Agile is lost (6)
    ship = battle.ship("CA")
    assert _figures(ship) == {"flank_speed": 8.0, "traits": ["Agile"], "agile": True, "lumbering": False,
                              "straight_run": 1.0, "ad": [3, 4, 4], "dice": [3, 4, 4]}
    apply_hull_damage(battle, ship, 14, "test")
    assert ship.crippled and ship.lost_traits == ["Agile"]
    assert _figures(ship) == {"flank_speed": 4.0, "traits": ["Lumbering"], "agile": False, "lumbering": True,
                              "straight_run": 2.0, "ad": [3, 2, 2], "dice": [3, 2, 2]}


def test_critical_hits_and_their_repair_change_the_figures(checked: None) -> None:
    battle = _cruiser_battle(2, 1)  # Engines Disabled's D6 of damage, then the * roll of Secondary Weapons Damaged
    ship = battle.ship("CA")
    assert (ship.flank_speed(), ship.weapon_ad(1)) == (8.0, 4)
    raise_area(battle, ship, Area.ENGINE)  # Props Damaged: -1"
    assert ship.flank_speed() == 7.0
    raise_area(battle, ship, Area.ENGINE, to=5)  # Engines Disabled (its D6 of extra damage: 2)
    assert ship.hull == 18
    assert ship.flank_speed() == 0.0
    lower_area(ship, Area.ENGINE, 1)
    assert ship.flank_speed() == 7.0
    raise_area(battle, ship, Area.WEAPONS)  # -1 Attack Die on the weapons the * roll (1) picks: the Light Guns
    assert ship.level_effects == {"weapons:1": {"ad_loss": "light_gun", "amount": 1}}
    assert (ship.weapon_ad(1), max_dice(ship, 1)) == (3, 3)
    lower_area(ship, Area.WEAPONS, 0)  # repaired: the level effect is dropped
    assert (ship.weapon_ad(1), max_dice(ship, 1)) == (4, 4)


@pytest.mark.parametrize(("change", "read", "before", "after"), [
    (lambda s: setattr(s.weapons[0], "destroyed", True), lambda s: (s.weapon_ad(0), max_dice(s, 0)), (3, 3), (0, 0)),
    (lambda s: setattr(s.weapons[2], "loaded", 1), lambda s: max_dice(s, 2), 4, 1),
    (lambda s: s.weapons.__setitem__(2, dataclasses.replace(s.weapons[2], loaded=0)), lambda s: max_dice(s, 2), 4, 0),
    (lambda s: s.lost_traits.append("Agile"), lambda s: s.has("Agile"), True, False),
    (lambda s: setattr(s, "light_gun_halvings", 1), lambda s: s.weapon_ad(1), 4, 2),
    (lambda s: s.criticals.update({Area.ENGINE: 3}), lambda s: s.flank_speed(), 8.0, 6.0),
    (lambda s: setattr(s, "aground", True), lambda s: s.flank_speed(), 8.0, 0.0),
    (lambda s: s.level_effects.setdefault("x:1", {"speed_zero": 1}), lambda s: s.flank_speed(), 8.0, 0.0),
    (lambda s: s.level_effects.__setitem__("x:1", {}) or s.level_effects["x:1"].__setitem__("speed_loss", 2),
     lambda s: s.flank_speed(), 8.0, 6.0),
    (lambda s: setattr(s, "crippled", True), lambda s: (s.flank_speed(), s.traits()), (8.0, ["Agile"]),
     (4.0, ["Agile", "Lumbering"])),
], ids=["turret destroyed", "torpedoes fired", "weapon state replaced", "trait lost",
        "light guns halved", "critical score set", "run aground", "level effect added", "level effect changed",
        "crippled"])
def test_every_kind_of_change_is_seen(checked: None, change: Callable[[ShipState], object],
                                      read: Callable[[ShipState], object], before: object, after: object) -> None:
    ship = _cruiser_battle().ship("CA")
    assert read(ship) == before
    change(ship)
    assert read(ship) == after


def test_a_submarine_diving_takes_its_submerged_speed(checked: None) -> None:
    card = make_card("SS", type="submarine", traits=["Submarine"], flank_speed=5, submerged_speed=2)
    ship = make_battle([("SS", card, 0, (5.0, 5.0), 0.0)]).ship("SS")
    ship.depth = Depth.SURFACED
    assert (ship.flank_speed(), ship.underwater) == (5.0, False)
    ship.depth = Depth.SUBMERGED
    assert (ship.flank_speed(), ship.underwater) == (2.0, True)


def test_sinking_and_withdrawing_leave_the_ships_afloat(checked: None) -> None:
    battle = _cruiser_battle()
    state, ca, dd = battle.state, battle.ship("CA"), battle.ship("DD")
    assert [s.name for s in state.enemies(ca)] == ["DD", "DD2"]
    apply_hull_damage(battle, dd, dd.hull, "test")
    assert dd.status is Status.SUNK
    assert [s.name for s in state.enemies(ca)] == ["DD2"]
    battle.ship("DD2").status = Status.WITHDRAWN
    assert state.enemies(ca) == [] and state.afloat(1) == []
    listed = state.afloat(0)
    listed.clear()  # a caller's list is its own
    assert state.afloat(0) == [ca]


def test_the_ships_of_a_battle_are_tracked() -> None:
    battle = _cruiser_battle()
    state = battle.state
    assert [s.name for s in state.afloat(1)] == ["DD", "DD2"]
    del state.ships["DD"]
    assert [s.name for s in state.afloat(1)] == ["DD2"]
    state.ships = {"CA": battle.ship("CA")}
    assert state.afloat(1) == [] and isinstance(state.ships, revision.TrackedDict)


def test_a_change_that_escapes_the_revision_is_caught_by_the_check(checked: None) -> None:
    ship = _cruiser_battle().ship("CA")
    assert ship.flank_speed() == 8.0
    object.__setattr__(ship, "crippled", True)  # behind the revision's back
    with pytest.raises(revision.StaleCache, match="flank_speed"):
        ship.flank_speed()


def test_copies_and_pickles_carry_no_cache_and_change_on_their_own() -> None:
    battle = _cruiser_battle()
    ship = battle.ship("CA")
    assert ship.flank_speed() == 8.0 and "_memo" in ship.__dict__
    for twin in (copy.deepcopy(ship), pickle.loads(pickle.dumps(ship))):
        assert "_memo" not in twin.__dict__ and twin == ship
        assert isinstance(twin.criticals, revision.TrackedDict) and isinstance(twin.weapons, revision.TrackedList)
        twin.criticals[Area.ENGINE] = 1
        assert (twin.flank_speed(), ship.flank_speed()) == (7.0, 8.0)
    state = copy.deepcopy(battle.state)
    assert "_memo" not in state.__dict__ and [s.name for s in state.afloat(1)] == ["DD", "DD2"]


def test_the_json_of_a_state_is_unchanged_by_the_cache() -> None:
    state = _cruiser_battle().state
    for ship in state.ships.values():
        ship.flank_speed(), ship.traits(), ship.weapon_ad(0)
    state.afloat(0)
    text = json.dumps(state.to_json(), sort_keys=True)
    assert "_memo" not in text
    again = BattleState.from_json(json.loads(text))
    assert json.dumps(again.to_json(), sort_keys=True) == text and again.ships == state.ships


@pytest.mark.parametrize(("make", "change", "result"), [
    (list, lambda c: c.append(1), [0, 1]), (list, lambda c: c.extend([1]), [0, 1]),
    (list, lambda c: c.insert(0, 1), [1, 0]), (list, lambda c: c.remove(0), []), (list, lambda c: c.pop(), []),
    (list, lambda c: c.clear(), []), (list, lambda c: c.__setitem__(0, 5), [5]),
    (list, lambda c: c.__delitem__(0), []), (list, lambda c: c.__iadd__([2]), [0, 2]),
    (list, lambda c: c.__imul__(2), [0, 0]), (list, lambda c: c.sort(reverse=True), [0]),
    (list, lambda c: c.reverse(), [0]),
    (dict, lambda c: c.__setitem__("b", 1), {"a": 0, "b": 1}), (dict, lambda c: c.__delitem__("a"), {}),
    (dict, lambda c: c.update(b=1), {"a": 0, "b": 1}), (dict, lambda c: c.setdefault("b", 1), {"a": 0, "b": 1}),
    (dict, lambda c: c.pop("a"), {}), (dict, lambda c: c.popitem(), {}), (dict, lambda c: c.clear(), {}),
    (dict, lambda c: c.__ior__({"a": 2}), {"a": 2}),
])
def test_every_change_to_a_tracked_container_moves_the_revision_on(make: type, change: Callable[[Any], object],
                                                                   result: object) -> None:
    container = revision.tracked([0] if make is list else {"a": 0})
    before = revision.current()
    change(container)
    assert revision.current() > before and container == result


def _digest(spec: Any) -> str:
    report = resolve(spec)
    return hashlib.sha256(json.dumps([e.to_json() for e in report.events], sort_keys=True,
                                     default=str).encode()).hexdigest()


@pytest.mark.parametrize("name", sorted(DEMOS))
@pytest.mark.parametrize("options", [RuleOptions(), RuleOptions(criticals_2d6=True, torpedo_reloads=True)],
                         ids=["core", "003 criticals, 001 reloads"])
def test_whole_battles_find_no_stale_figure_and_fight_the_same(name: str, options: RuleOptions) -> None:
    spec = demo_spec(name, 3).model_copy(update={"options": options})
    plain = _digest(spec)
    revision.CHECK = True
    try:
        checked_digest = _digest(spec)
    finally:
        revision.CHECK = False
    assert checked_digest == plain
