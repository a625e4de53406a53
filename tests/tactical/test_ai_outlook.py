"""The AI's kept expected damage (issue 18, R-PERF-05): an :class:`~tactical.ai.outlook.Outlook` gives, for any
position and heading, the very offence, incoming fire and nearest range that working each enemy out afresh with
:func:`~tactical.ai.expectations.expected_from` gives (the figures of the move search before it was kept), for
ships near and far, whole and crippled, within the ship's move and beyond it; ``legal_targets`` is the enemy
``target_refusal`` accepts."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest

from tactical import revision
from tactical.ai.captain import SimpleCaptain
from tactical.ai.expectations import Pairings, expected_from, vp_weight
from tactical.ai.outlook import Outlook, offence_against
from tactical.battle import set_up
from tactical.demos import demo_spec
from tactical.geometry import VISUAL_RANGE, Point, advance, arcs_of, distance, in_side_arc
from tactical.gunnery import legal_targets, target_refusal
from tactical.hull import apply_hull_damage
from tactical.movement import max_move
from tactical.orders import OrderName
from tactical.state import Battle, ShipState


@pytest.fixture
def checked() -> Iterator[None]:
    revision.CHECK = True
    try:
        yield
    finally:
        revision.CHECK = False


def afresh(battle: Battle, ship: ShipState, pos: Point, heading: float) -> tuple[float, float, float]:
    """Offence, incoming fire and nearest range, every enemy and system worked out on its own."""
    enemies = [e for e in battle.state.enemies(ship) if e.pos is not None]
    best = [0.0] * len(ship.card.weapons)
    incoming = 0.0
    for e in enemies:
        assert e.pos is not None
        d = distance(pos, e.pos)
        if d > VISUAL_RANGE:
            continue
        arcs, side = arcs_of(pos, heading, e.pos), in_side_arc(e.pos, e.heading, pos)
        for i in range(len(best)):
            best[i] = max(best[i], expected_from(ship, i, e, d, arcs, side) * vp_weight(e))
        arcs, side = arcs_of(e.pos, e.heading, pos), in_side_arc(pos, heading, e.pos)
        for i in range(len(e.card.weapons)):
            incoming += expected_from(e, i, ship, distance(e.pos, pos), arcs, side)
    nearest = min((distance(pos, e.pos) for e in enemies), default=math.inf)  # type: ignore[arg-type]
    return sum(best), incoming, nearest


def closed_up(seed: int = 3) -> Battle:
    """The battleships demo with the fleets brought within gun range of each other, heads every way."""
    battle = set_up(demo_spec("battleships", seed)).battle
    for k, ship in enumerate(battle.state.afloat(0)):
        ship.pos, ship.heading = (20.0 + 7.0 * k, 20.0 + 3.0 * (k % 2)), 30.0 * k
    for k, ship in enumerate(battle.state.afloat(1)):
        ship.pos, ship.heading = (24.0 + 6.5 * k, 34.0 - 4.0 * (k % 3)), 180.0 + 45.0 * k
    return battle


def positions(ship: ShipState, battle: Battle) -> list[tuple[Point, float]]:
    """Positions within the ship's move and beyond it (on the move's edge too), at eight headings."""
    assert ship.pos is not None
    reach = max_move(ship, battle)
    out = []
    for bearing in range(0, 360, 40):
        for inches in (0.0, reach / 2, reach, reach + 5.0, 25.0):
            for heading in range(0, 360, 45):
                out.append((advance(ship.pos, float(bearing), inches), float(heading)))
    return out


def test_the_outlook_gives_the_figures_worked_out_afresh(checked: None) -> None:
    battle = closed_up()
    pairings = Pairings()
    seen = []
    for ship in battle.state.afloat(0) + battle.state.afloat(1):
        look = Outlook(battle, ship, pairings, max_move(ship, battle))
        for pos, heading in positions(ship, battle):
            figures = afresh(battle, ship, pos, heading)
            assert look.evaluate(pos, heading) == figures
            assert look.evaluate(pos, heading) == figures  # asked again
            assert Outlook(battle, ship, pairings).evaluate(pos, heading) == figures  # no move to bound it
            seen.append(figures)
    assert sum(1 for offence, incoming, _ in seen if offence > 0 and incoming > 0) > len(seen) // 4  # in action


def test_damage_and_orders_change_the_figures_as_they_would_afresh(checked: None) -> None:
    battle = closed_up()
    pairings = Pairings()
    side0, side1 = battle.state.afloat(0), battle.state.afloat(1)
    for ship in side0:  # the pairings are kept from here on
        Outlook(battle, ship, pairings, max_move(ship, battle)).evaluate(ship.pos, ship.heading)  # type: ignore[arg-type]
    apply_hull_damage(battle, side1[0], side1[0].hull - side1[0].card.crippled, "test")  # crippled: fewer dice
    side1[1].order = OrderName.EVADE
    side1[2].has_moved, side1[2].moved = True, 9.0  # a Fast Moving Target now
    assert side1[0].crippled
    for ship in side0 + side1:
        look = Outlook(battle, ship, pairings, max_move(ship, battle))
        for pos, heading in positions(ship, battle)[::7]:
            assert look.evaluate(pos, heading) == afresh(battle, ship, pos, heading)


def test_legal_targets_are_those_the_rules_accept() -> None:
    battle = closed_up()
    far = battle.state.afloat(1)[-1]
    far.pos = (70.0, 45.0)  # beyond every band of every system
    for ship in battle.state.afloat(0):
        for i in range(len(ship.card.weapons)):
            accepted = [t for t in battle.state.enemies(ship) if target_refusal(battle, ship, i, t) is None]
            assert legal_targets(battle, ship, i) == accepted
            assert far not in accepted


def test_the_nearest_enemy_beyond_reach_is_the_nearest_afresh(checked: None) -> None:
    """Fleets out of reach of each other: only the range to the nearest enemy counts, and the enemies passed over
    are never nearer than it from anywhere within the move."""
    battle = closed_up()
    for k, ship in enumerate(battle.state.afloat(1)):
        ship.pos = (5.0 + 9.0 * k, 75.0 + (k % 2) * 1.5)
    pairings = Pairings()
    nearest = set()
    for ship in battle.state.afloat(0):
        look = Outlook(battle, ship, pairings, max_move(ship, battle))
        for pos, heading in positions(ship, battle):
            figures = afresh(battle, ship, pos, heading)
            assert look.evaluate(pos, heading) == figures
            nearest.add(min(battle.state.afloat(1), key=lambda e: distance(pos, e.pos)).name)  # type: ignore[arg-type]
    assert len(nearest) >= 3  # the nearest enemy changes with the position


def test_the_offence_foe_by_foe_is_the_outlooks_offence(checked: None) -> None:
    """R-PERF-06: the largest figure over the foes, system by system, summed, is the offence of the outlook."""
    battle = closed_up()
    pairings = Pairings()
    for ship in battle.state.afloat(0) + battle.state.afloat(1):
        foes = [e for e in battle.state.enemies(ship) if e.pos is not None]
        for pos, heading in positions(ship, battle)[::5]:
            rows = [offence_against(ship, foe, pairings, pos, heading) for foe in foes]
            best = [max((row[i] for row in rows), default=0.0) for i in range(len(ship.card.weapons))]
            assert sum(max(b, 0.0) for b in best) == afresh(battle, ship, pos, heading)[0]


def test_choose_firer_after_a_ship_is_crippled_ranks_as_afresh(checked: None) -> None:
    """The kept foe figures (R-PERF-06) give the offence worked out afresh after one foe changed: under
    ``revision.CHECK`` a kept figure that differs raises, and the nominee is the ship of the largest offence."""
    battle = closed_up()
    captain = SimpleCaptain()
    side0, side1 = battle.state.afloat(0), battle.state.afloat(1)
    names = [s.name for s in side0]

    def ranked() -> str:
        return max(names, key=lambda n: (afresh(battle, battle.ship(n), battle.ship(n).pos,  # type: ignore[arg-type]
                                                battle.ship(n).heading)[0], [-ord(c) for c in n]))

    assert captain.choose_firer(battle, 0, names) == ranked()
    apply_hull_damage(battle, side1[0], side1[0].hull - side1[0].card.crippled, "test")
    assert side1[0].crippled
    assert captain.choose_firer(battle, 0, names) == ranked()
    assert all(kept.value == afresh(battle, battle.ship(n), battle.ship(n).pos, battle.ship(n).heading)[0]  # type: ignore[arg-type]
               for n, kept in captain._firing.items())
