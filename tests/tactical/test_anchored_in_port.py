"""Ships anchored in a raided port (R-CARD-11): they neither scout nor send their Observation Flights scouting, a
scouting advantage never moves them, and they attempt only All Hands on Deck! and Flood Magazines!."""

from __future__ import annotations

from typing import Any

from tactical import Seat, TacticalQuestion
from tactical.battle import BattleSpec, FleetSpec, ShipSpec, resolve
from tactical.orders import OrderName, legal_orders
from tactical.scenario import can_scout, free_observation_flights, scouting_refusal
from tactical.state import Battle
from tests.tactical.helpers import make_battle, make_card

FLOATPLANES = ["Aircraft 2"]


def _port(anchored: bool) -> Battle:
    card = make_card("Cruiser", traits=FLOATPLANES)
    battle = make_battle([("Astoria", card, 0, (30.0, 3.0), 0.0), ("Chester", card, 0, (34.0, 3.0), 0.0),
                          ("Aoba", make_card("Aoba"), 1, (30.0, 45.0), 180.0)])
    for name in ("Astoria", "Chester"):
        battle.state.ships[name].anchored = anchored
    return battle


def test_anchored_cruisers_may_not_scout_and_their_floatplanes_stay_aboard() -> None:
    at_sea, in_port = _port(False), _port(True)
    assert can_scout(at_sea.ship("Astoria")) and not can_scout(in_port.ship("Astoria"))
    assert free_observation_flights(at_sea, 0) == 4
    assert free_observation_flights(in_port, 0) == 0
    assert scouting_refusal(at_sea, 0, ["Astoria"], 4) is None
    assert scouting_refusal(in_port, 0, [], 1) == ("000 Observation Flights", "Blue has 0 flight(s) to scout")
    assert scouting_refusal(in_port, 0, ["Astoria"], 0) == (
        "000 Scouting", "Astoria cannot scout: only own destroyers and cruisers may")


def test_an_anchored_ship_attempts_only_all_hands_and_flood_magazines() -> None:
    at_sea, in_port = _port(False), _port(True)
    assert OrderName.EVADE in legal_orders(at_sea.ship("Astoria"), at_sea)
    assert legal_orders(in_port.ship("Astoria"), in_port) == [OrderName.ALL_HANDS, OrderName.FLOOD_MAGAZINES]


def _raid_spec() -> BattleSpec:
    card = make_card("Cruiser", traits=FLOATPLANES)
    port = FleetSpec(name="Allies", ships=[ShipSpec(name=n, card=card, anchored=True) for n in ("Astoria", "Chester")])
    raiders = FleetSpec(name="Axis", ships=[ShipSpec(name="Aoba", card=make_card("Aoba", traits=FLOATPLANES))])
    return BattleSpec(sides=(port, raiders), turns=1, seed=3)


def test_in_a_raid_the_anchored_side_is_asked_no_scouts_and_keeps_its_moorings() -> None:
    asked: list[TacticalQuestion] = []

    def ask(question: TacticalQuestion, battle: Any, advice: Any) -> Any:
        asked.append(question)
        answer = advice()
        if question.question == "choose_scouts":
            assert answer == ([], 0)  # the AI sends nothing scouting from the port
        if question.question == "choose_order":
            assert battle.ship(question.ship).anchored
            assert answer in (None, OrderName.ALL_HANDS, OrderName.FLOOD_MAGAZINES)
        return answer

    report = resolve(_raid_spec(), (Seat(0, None, ask), None))
    kinds = [q.question for q in asked]
    assert kinds[0] == "choose_scouts" and "deploy" in kinds
    assert kinds.count("deploy") == 1  # no scouting advantage redeploys the anchored ships
    assert all(s.hull_end <= s.hull_start for s in report.ships)

