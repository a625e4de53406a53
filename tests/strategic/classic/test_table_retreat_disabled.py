"""R-OPS-72: a ship disabled in a battle fought on the table (another resolver) is seen as disabled by the
classic retreat step that follows: in the South Atlantic it goes to Neutral Country (R-OPS-42, reference/was.md
§1.3) and its player is not asked for a port; a ship that withdrew there is asked as before (R-OPS-48)."""

from __future__ import annotations

from scenarios.models import Side
from strategic.basing import retreat_ports
from strategic.classic import ClassicResolver
from strategic.neutral import refuge_for_disabled
from tests.strategic.classic.helpers import Scripted, at_sea, battle_in, game


def _south_atlantic(data):  # type: ignore[no-untyped-def]
    c = game(data, turn=2)
    at_sea(c, "South Atlantic", "Hood", "Scharnhorst")
    allies = Scripted(retreat_ports={"Hood": "England"})
    return c, allies, {Side.ALLIED: allies, Side.AXIS: Scripted()}


def test_the_setting_has_a_choice_and_a_refuge(data) -> None:  # type: ignore[no-untyped-def]
    c, _allies, _seats = _south_atlantic(data)
    hood = c.state.unit("Hood")
    assert len(retreat_ports(c, hood)) > 1 and refuge_for_disabled(c, hood, "South Atlantic") == "Neutral Country"


def test_a_ship_the_table_disabled_is_not_asked_for_a_port(data) -> None:  # type: ignore[no-untyped-def]
    c, allies, seats = _south_atlantic(data)
    ports = ClassicResolver({}).retreat_ports_only(c, battle_in(c, "South Atlantic"), {Side.ALLIED: ["Hood"]},
                                                   seats, frozenset({"Hood"}))
    assert ports == {} and [m for m, *_ in allies.calls if m == "retreat_ports"] == []


def test_a_ship_that_withdrew_is_asked(data) -> None:  # type: ignore[no-untyped-def]
    c, allies, seats = _south_atlantic(data)
    ports = ClassicResolver({}).retreat_ports_only(c, battle_in(c, "South Atlantic"), {Side.ALLIED: ["Hood"]},
                                                   seats)
    assert ports == {"Hood": "England"} and [m for m, *_ in allies.calls if m == "retreat_ports"] != []


def test_the_table_bridge_sends_a_ship_it_disabled_to_neutral_country(data) -> None:  # type: ignore[no-untyped-def]
    """The tactical bridge's retreat step (no question: the refuge takes it), then the outcome applied."""
    from strategic.battles import TacticalResolver
    from strategic.combat import BattleOutcome, UnitResult, apply_outcome
    from strategic.state import UnitStatus

    c, allies, seats = _south_atlantic(data)
    battle = battle_in(c, "South Atlantic")
    resolver = TacticalResolver(turns=1)
    resolver._classic = seats  # the seats the bridge keeps for the battle's classic steps (R-UI-70)
    outcome = BattleOutcome(battle, [UnitResult("Hood", damage=2, disabled=True), UnitResult("Scharnhorst")])
    resolver._retreats(c, battle, outcome)
    assert [m for m, *_ in allies.calls if m == "retreat_ports"] == [] and outcome.results[0].retreat_to is None
    apply_outcome(c, outcome)
    hood = c.state.unit("Hood")
    assert (hood.status, hood.place) == (UnitStatus.PORT, "Neutral Country")
