"""Choices for a human captain (tactical/choices.py, issue #16): Orders with their crew quality checks, the move
grammar and the move menu, the fire menu with its to-hit numbers against the engine's own rolls, damage control
(000 "Orders", "Crew Quality Checks", "Moving Ships", "Nominate Targets", "Firing", "Damage", "Damage Control")."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenarios.errors import InvalidOrder
from tactical import battle_events as ev
from tactical import choices as C
from tactical.ai import SimpleCaptain
from tactical.attack_dice import hit_chance, roll_to_hit
from tactical.battle import RuleOptions, resolve
from tactical.demos import DEMOS, demo_spec
from tactical.dice import ScriptedDice
from tactical.geometry import advance
from tactical.gunnery import fire, to_hit, verify_fire_plan
from tactical.movement import forced_plan, path, verify_move
from tactical.orders import IllegalOrder, OrderName, crew_check, crew_check_target
from tactical.plans import Leg, MovePlan
from tactical.state import Area, Vital
from tests.tactical.air_helpers import add_boat, make_mtb
from tests.tactical.helpers import make_battle, make_card, weapon


def _one(card=None, *, pos=(36.0, 24.0), heading=0.0, weather="good", dice=()):
    battle = make_battle([("A", card or make_card("Cruiser"), 0, pos, heading)], dice)
    battle.state.weather = weather
    return battle, battle.ship("A")


def _duel(attacker=None, target=None, *, distance=20.0, target_heading=90.0, attacker_heading=0.0, dice=()):
    """Attacker at (10, 10); target ``distance`` inches due north (as in test_gunnery)."""
    return make_battle(
        [
            ("A", attacker or make_card("Gun"), 0, (10.0, 10.0), attacker_heading),
            ("T", target or make_card("Target"), 1, (10.0, 10.0 + distance), target_heading),
        ],
        dice,
    )


def _on(ship, order: OrderName) -> None:
    ship.order, ship.order_ok = order.value, True


# --------------------------------------------------------------------------- Orders


def test_order_choices_of_a_sound_cruiser_in_good_weather() -> None:
    """000 Orders: no Order first, then the legal Orders; automatic ones certain, the others 4+ (1/2)."""
    battle, ship = _one()
    got = {c.order: c for c in C.order_choices(battle, ship)}
    first = C.order_choices(battle, ship)[0]
    assert first.order is None and first.chance is None and "000 Orders" in first.effect
    assert set(got) == {
        None,
        OrderName.ALL_HANDS,
        OrderName.COME_ABOUT,
        OrderName.CREATE_SMOKE,
        OrderName.EVADE,
        OrderName.FLOOD_MAGAZINES,
    }
    evade = C.OrderChoice(OrderName.EVADE, True, None, Fraction(1), C.ORDER_EFFECTS[OrderName.EVADE])
    assert got[OrderName.EVADE] == evade
    assert got[OrderName.COME_ABOUT].needs == 4 and got[OrderName.COME_ABOUT].chance == Fraction(1, 2)
    assert got[OrderName.CREATE_SMOKE].automatic
    assert all(c.effect.startswith(("000 ", "001 ")) and "\n" not in c.effect for c in got.values())


def test_order_choices_with_crew_damage_and_bad_weather() -> None:
    """Crew score 4+ gives -1 (needs 5: 1/3); bad weather another -1 (needs 6: 1/6) and no Create Smoke!."""
    battle, ship = _one()
    ship.criticals[Area.CREW] = 4
    got = {c.order: c for c in C.order_choices(battle, ship)}
    assert got[OrderName.ALL_HANDS].needs == 5 and got[OrderName.ALL_HANDS].chance == Fraction(1, 3)
    battle.state.weather = "bad"
    got = {c.order: c for c in C.order_choices(battle, ship)}
    assert OrderName.CREATE_SMOKE not in got
    assert got[OrderName.FLOOD_MAGAZINES].needs == 6 and got[OrderName.FLOOD_MAGAZINES].chance == Fraction(1, 6)


def test_an_impossible_check_has_chance_zero() -> None:
    """003 crippled ship (-1) with crew 4+ (-1) in bad weather (-1): needs 7, which no D6 scores."""
    battle, ship = _one(weather="bad")
    ship.flags.append("criticals_2d6")
    ship.crippled = True
    ship.criticals[Area.CREW] = 4
    come = next(c for c in C.order_choices(battle, ship) if c.order is OrderName.COME_ABOUT)
    assert come.needs == 7 and come.chance == 0


def test_no_orders_once_the_bridge_is_gone_and_flank_speed_with_its_option() -> None:
    battle, ship = _one()
    ship.vitals.append(Vital.BRIDGE_DESTROYED)
    assert [c.order for c in C.order_choices(battle, ship)] == [None]
    battle, ship = _one()
    battle.state.options = RuleOptions(flank_speed_order=True)
    flank = next(c for c in C.order_choices(battle, ship) if c.order is OrderName.FLANK_SPEED)
    assert flank.automatic and flank.chance == 1 and flank.effect.startswith("001 ")


@given(
    crew=st.integers(0, 6),
    bad=st.booleans(),
    modifier=st.integers(-3, 3),
    face=st.integers(1, 6),
)
@settings(max_examples=150, deadline=None)
def test_crew_check_target_is_what_crew_check_rolls_against(crew: int, bad: bool, modifier: int, face: int) -> None:
    """000 Crew Quality Checks: the roll passes exactly when it reaches crew_check_target."""
    battle, ship = _one(weather="bad" if bad else "good", dice=[face])
    ship.criticals[Area.CREW] = crew
    need = crew_check_target(battle, ship, modifier)
    assert crew_check(battle, ship, "test", modifier) == (face >= need)
    assert C.d6_chance(need) == Fraction(sum(f >= need for f in range(1, 7)), 6)


# --------------------------------------------------------------------------- the move grammar


def test_parse_move_grammar() -> None:
    battle, ship = _one()  # a 6" cruiser
    turn_at_2 = MovePlan((Leg(0.0, 2.0), Leg(-45.0, 4.0)))
    assert C.parse_move("ahead 6", ship, battle) == MovePlan.straight(6.0)
    assert C.parse_move('ahead 6"', ship, battle) == MovePlan.straight(6.0)
    assert C.parse_move("  AHEAD 5.5 in ", ship, battle) == MovePlan.straight(5.5)
    assert C.parse_move("ahead 2, port 45, ahead 4", ship, battle) == turn_at_2
    assert C.parse_move("port 45 at 2, ahead 4", ship, battle) == turn_at_2
    assert C.parse_move("ahead 3, starboard 45", ship, battle) == MovePlan((Leg(0.0, 3.0), Leg(45.0, 0.0)))
    assert C.parse_move("full", ship, battle) == MovePlan.straight(6.0)
    assert C.parse_move("flank", ship, battle) == MovePlan.straight(6.0)
    assert C.parse_move("half", ship, battle) == MovePlan.straight(3.0)
    assert C.parse_move("least", ship, battle) == MovePlan.straight(1.0)
    assert C.describe_move(turn_at_2) == "ahead 2, port 45, ahead 4"


def test_come_about_and_a_jammed_rudder_in_the_grammar() -> None:
    battle, ship = _one()
    _on(ship, OrderName.COME_ABOUT)
    assert C.parse_move("starboard 90 at 3", ship, battle) == MovePlan((Leg(0.0, 3.0), Leg(90.0, 0.0)))
    battle, ship = _one()
    ship.rudder_jam = "right"
    assert C.parse_move("full", ship, battle) == forced_plan(ship, 6.0, battle)


@pytest.mark.parametrize(
    "text", ["", "sail north", "ahead", "ahead -2", "port", "full, port 45", "ahead 2,, ahead 2", "ahead 2 port 45"]
)
def test_unreadable_moves_show_the_grammar(text: str) -> None:
    battle, ship = _one()
    with pytest.raises(InvalidOrder) as err:
        C.parse_move(text, ship, battle)
    assert C.MOVE_GRAMMAR in str(err.value)
    assert not isinstance(err.value, IllegalOrder)


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("ahead 9", "000 Moving Ships", 'at most 6"'),
        ("ahead 0.5", "000 Moving Ships", 'at least 1"'),
        ("port 45, ahead 4", "000 Moving Ships", "straight ahead before it turns"),
        ("ahead 1, port 45, ahead 4", "000 Moving Ships", 'needs 2" straight'),
        ("ahead 2, port 60, ahead 4", "000 Moving Ships", "at most 45 degrees"),
        ("starboard 90 at 3", "000 Moving Ships", "at most 45 degrees"),
    ],
)
def test_illegal_moves_name_the_rule(text: str, rule: str, words: str) -> None:
    battle, ship = _one()
    with pytest.raises(IllegalOrder) as err:
        C.parse_move(text, ship, battle)
    assert err.value.rule == rule and words in err.value.message


def test_illegal_moves_of_traits_orders_and_damage() -> None:
    battle, ship = _one(make_card("Old", traits=["Lumbering"]))
    with pytest.raises(IllegalOrder) as err:
        C.parse_move("port 45 at 2, port 45 at 2, ahead 2", ship, battle)
    assert err.value.rule == "000 Lumbering"
    battle, ship = _one()
    _on(ship, OrderName.COME_ABOUT)
    with pytest.raises(IllegalOrder) as err:
        C.parse_move("port 45 at 2, port 45 at 2, ahead 2", ship, battle)
    assert err.value.rule == "000 Come About!"
    battle, ship = _one()
    ship.rudder_jam = "left"
    with pytest.raises(IllegalOrder) as err:
        C.parse_move("ahead 6", ship, battle)
    assert err.value.rule == "000 Vital Systems"
    battle, ship = _one()
    ship.has_moved = True
    with pytest.raises(IllegalOrder) as err:
        C.parse_move("ahead 6", ship, battle)
    assert err.value.rule == "000 Movement Phase"


_distance = st.floats(0.0, 40.0, allow_nan=False) | st.integers(0, 12).map(float)
_turn = st.just(0.0) | st.floats(-180.0, 180.0, allow_nan=False) | st.sampled_from([45.0, -45.0, 90.0, -90.0])


@given(st.lists(st.tuples(_turn, _distance), max_size=6))
@settings(max_examples=300, deadline=None)
def test_describe_then_read_gives_the_plan_back(legs: list[tuple[float, float]]) -> None:
    plan = MovePlan(tuple(Leg(t, d) for t, d in legs))
    battle, ship = _one()
    text = C.describe_move(plan)
    assert C.read_move(text, ship, battle) == plan
    assert C.describe_move(C.read_move(text, ship, battle)) == text


# --------------------------------------------------------------------------- the move menu


def test_move_choices_of_a_cruiser_in_open_water() -> None:
    battle, ship = _one()
    menu = C.move_choices(battle, ship)
    texts = [c.text for c in menu]
    assert texts[:3] == ["ahead 6", "ahead 3", "ahead 1"]
    assert "ahead 2, port 45, ahead 4" in texts and "ahead 2, starboard 45, ahead 4" in texts
    assert "ahead 3, port 45, ahead 3" in texts  # at mid-move
    assert "ahead 2, port 45, ahead 2, port 45, ahead 2" in texts  # two turns the same way
    for c in menu:
        verify_move(ship, c.plan, battle)
        assert (c.end, c.heading) == path(ship, c.plan)[-1]
        assert c.text == C.describe_move(c.plan) and C.parse_move(c.text, ship, battle) == c.plan
        assert not c.off_table
    full = menu[0]
    assert full.end == pytest.approx(advance((36.0, 24.0), 0.0, 6.0)) and full.heading == 0.0
    assert len({(round(c.end[0], 3), round(c.end[1], 3), round(c.heading, 1)) for c in menu}) == len(menu)


def test_move_choices_with_orders_traits_and_damage() -> None:
    battle, ship = _one()
    _on(ship, OrderName.COME_ABOUT)
    texts = [c.text for c in C.move_choices(battle, ship)]
    assert "ahead 2, port 90, ahead 4" in texts and "ahead 2, starboard 90, ahead 4" in texts
    assert all(len(c.plan.turns) <= 1 for c in C.move_choices(battle, ship))
    battle, ship = _one(make_card("Old", traits=["Lumbering"]))
    assert all(len(c.plan.turns) <= 1 for c in C.move_choices(battle, ship))
    battle, ship = _one()
    ship.rudder_jam = "right"
    menu = C.move_choices(battle, ship)
    assert [c.plan for c in menu] == [forced_plan(ship, s, battle) for s in (6.0, 3.0, 1.0)]
    battle, ship = _one()
    ship.rudder_jam = "straight"
    assert all(not c.plan.turns for c in C.move_choices(battle, ship))
    battle, ship = _one(pos=(36.0, 46.0))  # 2" from the north edge
    assert C.move_choices(battle, ship)[0].off_table
    battle, ship = _one()
    ship.has_moved = True
    assert C.move_choices(battle, ship) == []


# --------------------------------------------------------------------------- fire


def test_fire_choices_numbers_of_a_simple_duel() -> None:
    """3 AD, ranges 8/16/24/32, at 20": long range -1, large silhouette +1: needs 4 (1/2); 1.5 hits; Damage Dice AP
    0 with plunging fire +1 against Armour 3: faces 2-6 damage (a natural 1 never does), 5/6 a hit."""
    battle = _duel()
    (gun,) = C.fire_choices(battle, battle.ship("A"))
    assert gun.index == 0 and gun.refusal is None and gun.max_dice == 3
    (t,) = gun.targets
    assert (t.name, t.band, t.needs, t.dice, t.chance, t.arc) == ("T", "long", 4, 3, Fraction(1, 2), "fore")
    assert t.range == pytest.approx(20.0)
    assert t.expected_hits == pytest.approx(1.5)
    assert t.expected_damage == pytest.approx(1.5 * 5 / 6)
    assert dict(t.modifiers) == {"long range": -1, "large silhouette": 1}


def test_fire_choices_re_rolls_and_refusals() -> None:
    """Target on Evade!: hits rolled again (p^2); Twin-Linked: misses again; a torpedo at short range -2."""
    battle = _duel(distance=12.0)
    _on(battle.ship("T"), OrderName.EVADE)
    (t,) = C.fire_choices(battle, battle.ship("A"))[0].targets
    assert t.needs == 3 and t.chance == Fraction(2, 3) ** 2
    twin = make_card("Gun", weapons=[weapon(traits=["Twin-Linked"])])
    battle = _duel(twin, distance=12.0)
    (t,) = C.fire_choices(battle, battle.ship("A"))[0].targets
    assert t.chance == Fraction(2, 3) + Fraction(1, 3) * Fraction(2, 3)
    torp = make_card("Gun", weapons=[weapon("Torpedoes", "torpedo", ap=2, dd=2), weapon("AA", "aa_battery")])
    battle = _duel(torp, distance=12.0)
    tor, aa = C.fire_choices(battle, battle.ship("A"))
    assert tor.targets[0].needs == 5  # short 0, large silhouette +1, torpedo -2
    assert aa.refusal is not None and aa.refusal.startswith("000 Weapon Systems") and aa.targets == ()
    battle.state.weather = "bad"
    tor = C.fire_choices(battle, battle.ship("A"))[0]
    assert tor.refusal == "000 Bad Weather: no ship may use Torpedoes" and tor.targets == ()


def test_restricted_weapons_fire_half_into_the_side_arcs() -> None:
    card = make_card("Gun", weapons=[weapon(ad=5, traits=["Restricted"], arcs=["fore", "port", "starboard", "aft"])])
    battle = _duel(card, attacker_heading=90.0)  # the target lies in the attacker's port arc
    (t,) = C.fire_choices(battle, battle.ship("A"))[0].targets
    assert t.arc == "port" and t.dice == 3
    plan = C.fire_plan_of({0: "T"}, battle.ship("A"), battle)
    assert plan.shots[0].dice == 3
    verify_fire_plan(battle, battle.ship("A"), plan)


@pytest.mark.parametrize("distance", [5.0, 12.0, 20.0, 28.0])
@pytest.mark.parametrize("evade", [False, True])
def test_to_hit_matches_what_the_engine_rolls_against(distance: float, evade: bool) -> None:
    """The score of fire_choices is the one the engine logs and rolls against: one die per face."""
    for face in range(1, 7):
        battle = _duel(target=make_card("Target", armour=7), distance=distance, dice=[face, face, 1, 1, 1])
        if evade:
            _on(battle.ship("T"), OrderName.EVADE)
        a = battle.ship("A")
        choice = C.fire_choices(battle, a)[0].targets[0]
        plan = C.fire_plan_of({0: "T"}, a, battle)
        one = type(plan)((type(plan.shots[0])(0, "T", 1),))
        fire(battle, a, one)
        attack = battle.log.of_type(ev.GunneryAttack)[0]
        assert attack.need == f"{choice.needs}+" and 4 - attack.modifier == choice.needs
        assert attack.hits == (face >= choice.needs)  # the re-rolled hit (evading target) rolls the same face


@given(
    modifier=st.integers(-5, 4),
    twin=st.booleans(),
    evading=st.booleans(),
    wakeless=st.booleans(),
    horizon=st.booleans(),
)
@settings(max_examples=120, deadline=None)
def test_hit_chance_is_the_exact_chance_of_roll_to_hit(
    modifier: int, twin: bool, evading: bool, wakeless: bool, horizon: bool
) -> None:
    """Enumerate both faces of one die (the first roll and its one re-roll) through the engine's roll_to_hit."""
    total = Fraction(0)
    for first, second in product(range(1, 7), repeat=2):
        hits = roll_to_hit(
            ScriptedDice([first, second]), 1, modifier, label="t", twin_linked=twin, target_evading=evading,
            wakeless=wakeless, beyond_horizon=horizon,
        )  # fmt: skip
        total += Fraction(hits, 36)
    chance = hit_chance(modifier, twin_linked=twin, target_evading=evading, wakeless=wakeless, beyond_horizon=horizon)
    assert chance == total


def test_fire_plan_of_is_checked() -> None:
    battle = _duel()
    a = battle.ship("A")
    plan = C.fire_plan_of({0: "T"}, a, battle)
    assert plan.shots[0].dice == 3
    verify_fire_plan(battle, a, plan)
    with pytest.raises(IllegalOrder) as err:
        C.fire_plan_of({3: "T"}, a, battle)
    assert err.value.rule == "000 Nominate Targets"
    battle = _duel(attacker_heading=180.0)  # the target dead astern, outside the arcs of the fore/side turret
    with pytest.raises(IllegalOrder) as err:
        C.fire_plan_of({0: "T"}, battle.ship("A"), battle)
    assert err.value.rule == "000 Fire Arcs"
    assert C.fire_choices(battle, battle.ship("A"))[0].targets == ()


# --------------------------------------------------------------------------- damage control


def test_damage_control_choices() -> None:
    """000 Damage Control: D6, 1 off per point above 4 (5: 1, 6: 2), never below 0; a score of 6 is not repaired."""
    battle, ship = _one()
    ship.criticals[Area.ENGINE] = 3
    ship.criticals[Area.WEAPONS] = 1
    ship.criticals[Area.CREW] = 6
    got = C.damage_control_choices(battle, ship)
    assert [c.area for c in got] == [None, Area.ENGINE, Area.WEAPONS]
    engine, weapons = got[1], got[2]
    assert (engine.score, engine.needs, engine.chance, engine.expected) == (3, 5, Fraction(1, 3), Fraction(1, 2))
    assert weapons.expected == Fraction(1, 3)
    battle.state.options = RuleOptions(nationality_bonuses=True)
    ship.card = make_card("Cruiser", nation="DE")
    assert C.damage_control_choices(battle, ship)[1].needs == 4
    _on(ship, OrderName.ALL_HANDS)
    assert C.damage_control_choices(battle, ship) == []
    battle, ship = _one()
    ship.vitals.append(Vital.FIRE_IN_ENGINEERING)
    assert C.damage_control_choices(battle, ship) == []


# --------------------------------------------------------------------------- the demo battles, answered from the menus


class _MenuCaptain:
    """Answers every core question of a ship from the menus (seeded choice), the rest as the AI would; checks that
    each move's text reads back and that every to-hit score offered is the one the engine then logs."""

    def __init__(self, seed: int, seen: dict[str, int]) -> None:
        self.ai = SimpleCaptain()
        self.rng = random.Random(seed)
        self.seen = seen
        self.offered: dict[tuple[int, str, str, str], int] = {}

    def __getattr__(self, name: str):
        return getattr(self.ai, name)

    def choose_order(self, battle, ship):
        return self.rng.choice(C.order_choices(battle, ship)).order

    def plan_move(self, battle, ship):
        menu = C.move_choices(battle, ship)
        assert menu, ship.name
        for c in menu:
            verify_move(ship, c.plan, battle)
            assert C.parse_move(c.text, ship, battle) == c.plan
        self.seen["moves"] += len(menu)
        return self.rng.choice(menu).plan

    def plan_fire(self, battle, ship):
        picks = {}
        for w in C.fire_choices(battle, ship):
            if w.targets:
                t = self.rng.choice(w.targets)
                picks[w.index] = t.name
                if not t.boat:
                    real = to_hit(battle, ship, w.index, battle.ship(t.name))
                    assert real is not None and real.score == t.needs
                    self.offered[(battle.state.turn, ship.name, w.name, t.name)] = t.needs
        self.seen["shots"] += len(picks)
        return C.fire_plan_of(picks, ship, battle)

    def damage_control(self, battle, ship):
        menu = C.damage_control_choices(battle, ship)
        return self.rng.choice(menu).area if menu else None


@pytest.mark.parametrize("name", sorted(DEMOS))
def test_demo_battles_fought_from_the_menus(name: str) -> None:
    """Every menu answer is accepted by the engine (which raises IllegalOrder otherwise), on every ship of the demo
    battles, turn after turn; every offered to-hit score is the one the attack is then made at."""
    seen = {"moves": 0, "shots": 0}
    captains = (_MenuCaptain(1, seen), _MenuCaptain(2, seen))
    report = resolve(demo_spec(name, 3), captains)
    assert seen["moves"] > 50
    checked = 0
    for event in report.events:
        if not isinstance(event, ev.GunneryAttack):
            continue
        for captain in captains:
            key = (event.turn, event.ship, event.weapon, event.target)
            if key in captain.offered and event.need != "natural 6":
                assert captain.offered[key] == 4 - event.modifier, event.text
                checked += 1
    if name != "convoy":
        assert checked > 0


def test_mtb_sections_are_targets_of_light_guns_only() -> None:
    """000 Shooting at MTB Sections: Light Guns only, no Large Silhouette; at 10" (long, -1) needs 5 (1/3); a Damage
    Die above Armour 2 (3-6) destroys the Section."""
    card = make_card(
        "CA",
        weapons=[
            weapon("Turret A"),
            weapon("Light Guns", kind="light_gun", ranges=(4, 9, 13, 18), ad=3),
            weapon("AA Battery", kind="aa_battery", ranges=(1, 2, 3, 5), ad=2, dd=0, traits=["Local 1"]),
        ],
    )
    battle = make_battle([("CA", card, 0, (30.0, 30.0), 90.0)], [1, 1, 1])
    add_boat(battle, "PT", 1, make_mtb(), (30.0, 20.0))
    ship = battle.ship("CA")
    turret, guns, aa = C.fire_choices(battle, ship)
    assert all(not t.boat for t in turret.targets) and aa.targets == ()
    (t,) = guns.targets
    assert t.boat and (t.name, t.band, t.needs, t.dice, t.chance) == ("PT", "long", 5, 3, Fraction(1, 3))
    assert t.expected_hits == pytest.approx(1.0) and t.expected_damage == pytest.approx(4 / 6)
    plan = C.fire_plan_of({1: "PT"}, ship, battle)
    fire(battle, ship, plan)
    assert battle.log.of_type(ev.FireOnMTB)[0].need == 5
