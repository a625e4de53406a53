"""The baseline combat policy: sensible, deterministic decisions; and battle endings (R-CMB-06)."""

from __future__ import annotations

import dataclasses

from scenarios.models import Side
from strategic.classic import BaselinePolicy, ClassicResolver, CombatTables
from strategic.classic.context import BattleContext
from strategic.classic.damage import Combatant
from tests.strategic.classic.helpers import Scripted, at_sea, battle_in, game, result, stay


def _ctx(campaign, area: str) -> BattleContext:  # type: ignore[no-untyped-def]
    battle = battle_in(campaign, area)
    units = [Combatant.from_unit(campaign.unit_record(n), campaign.state.unit(n).side, campaign.state.unit(n).damage,
                                 campaign.state.unit(n).mode) for n in (*battle.allied, *battle.axis)]
    policy = BaselinePolicy()
    return BattleContext(campaign, battle, CombatTables.from_data(campaign.data), lambda s: policy,
                         lambda s: ClassicResolver.player_for(campaign, battle, s), units)


def test_no_night_against_land_based_air_alone(data) -> None:
    """Cruisers cannot fire at land-based air by night, so against a lone air unit Japan wants day."""
    c = game(data)
    at_sea(c, "South Pacific Ocean", "7th Air Force", "Myoko", "Haguro", "Aoba", "23rd Air Flotilla")
    ctx = _ctx(c, "South Pacific Ocean")
    assert BaselinePolicy().day_or_night(ctx, Side.AXIS, None) == "day"
    c = game(data)
    at_sea(c, "Coral Sea", "Northampton", "Chester", "Nagato", "Mutsu", "Zuiho")
    ctx = _ctx(c, "Coral Sea")
    assert BaselinePolicy().day_or_night(ctx, Side.AXIS, None) == "night"  # ten battleship guns beat Zuiho
    assert BaselinePolicy().day_or_night(ctx, Side.ALLIED, "night") == "day"


def test_outgunned_side_withdraws_and_crippled_ships_go_home(data) -> None:
    c = game(data)
    at_sea(c, "North Sea", "Sussex", "Bismarck", "Scharnhorst")
    ctx = _ctx(c, "North Sea")
    policy = BaselinePolicy()
    assert policy.withdraw(ctx, Side.ALLIED, None) == {"Sussex"}
    assert policy.withdraw(ctx, Side.AXIS, None) == set()
    ctx.units["Scharnhorst"].taken = 5  # damage 5 = defence 5: crippled
    assert policy.withdraw(ctx, Side.AXIS, None) == {"Scharnhorst"}


def test_pursuit_only_when_strong_enough(data) -> None:
    c = game(data)
    at_sea(c, "North Sea", "Hood", "Renown", "Sussex", "Scharnhorst")
    ctx = _ctx(c, "North Sea")
    policy = BaselinePolicy()
    assert policy.pursue(ctx, Side.ALLIED, {"Scharnhorst": ["Hood", "Renown"]}) == {"Hood": "Scharnhorst",
                                                                                   "Renown": "Scharnhorst"}
    assert policy.pursue(ctx, Side.ALLIED, {"Scharnhorst": ["Hood", "Sussex"]}) == {}  # 4 + 1 guns < 3 bonus


def test_fire_is_concentrated_then_spread(data) -> None:
    """Greedy targeting: the heavy guns go first at the most valuable target until it is likely sunk."""
    c = game(data)
    at_sea(c, "North Sea", "Nelson", "Rodney", "Hood", "Sussex", "Blucher", "Admiral Scheer")
    ctx = _ctx(c, "North Sea")
    plan = BaselinePolicy().gunnery_targets(ctx, Side.ALLIED, ["Nelson", "Rodney", "Hood", "Sussex"],
                                            ["Blucher", "Admiral Scheer"])
    assert set(plan.values()) == {"Blucher", "Admiral Scheer"}
    assert plan == BaselinePolicy().gunnery_targets(ctx, Side.ALLIED, ["Nelson", "Rodney", "Hood", "Sussex"],
                                                    ["Blucher", "Admiral Scheer"])  # deterministic


def test_round_cap_ends_a_battle_with_both_sides_present(data) -> None:
    """R-CMB-06: after ``battle-round-cap`` rounds the battle stops; nobody withdrew, nobody lost."""
    c = game(data, faces=(1,) * 7)
    at_sea(c, "North Sea", "Hood", "Scharnhorst")
    tables = dataclasses.replace(CombatTables.from_data(data), round_cap=1)
    hold = Scripted(**stay())
    out = ClassicResolver({"allies": hold, "germany_italy": hold}, tables=tables).resolve(c, battle_in(c, "North Sea"))
    assert out.results == [] and any("round cap (1)" in line for line in out.narrative)
    assert result(out, "Hood") == {}
