"""The combat tables come from overridable data; the resolver picks deciders, orders battles, labels its dice
and writes results the engine applies."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenarios.loader import CampaignData, load_data
from scenarios.models import Player, Side, Theatre
from strategic.classic import BaselinePolicy, ClassicResolver, CombatTables
from strategic.classic.tables import CONSTANT_NAMES
from strategic.combat import apply_outcome
from strategic.state import UnitStatus
from tests.strategic.classic.helpers import Scripted, at_sea, battle_in, fight, game, result, rolls


def test_tables_read_the_bundled_constants(data) -> None:
    tables = CombatTables.from_data(data)
    assert (tables.was.hit_min, tables.was.disable_rolls, tables.was.damage_disable_faces) == (6, {5}, frozenset())
    assert (tables.vitp.hit_min, tables.vitp.disable_rolls, tables.vitp.damage_disable_faces) == (6, frozenset(),
                                                                                                  {6})
    assert (tables.asw.dice_per_ship, tables.asw.dice_per_carrier) == (1, 3)
    for name in CONSTANT_NAMES:
        record = data.constants[name]
        assert record.source and record.confidence
        if record.confidence.value == "reconstructed":
            assert "R-CMB-" in record.notes, name


def test_a_user_overrides_a_die_face_without_code(tmp_path: Path) -> None:
    """README: a record in a --data folder replaces the bundled one by name."""
    (tmp_path / "fix.yaml").write_text(
        "constants:\n"
        "  - name: was-hit-min-roll\n"
        "    value: 5\n"
        "    rule: \"my War at Sea rulebook\"\n"
        "    source: \"WAS rules 4.2\"\n"
        "    confidence: rulebook\n"
        "  - name: was-disable-rolls\n"
        "    value: [4]\n"
        "    rule: \"my War at Sea rulebook\"\n"
        "    source: \"WAS rules 4.2\"\n"
        "    confidence: rulebook\n")
    data = load_data([tmp_path])
    tables = CombatTables.from_data(data)
    assert (tables.was.hit_min, tables.was.disable_rolls) == (5, {4})
    c = game(data, faces=(5, 1))  # Exeter ASW 5 (a disable), then nothing: no U-Boat left to attack
    at_sea(c, "North Atlantic", "Exeter", "U-Boat 1")
    out = fight(c, "North Atlantic")
    assert result(out, "U-Boat 1") == {"disabled": True}


def test_missing_or_malformed_constants_are_named(data) -> None:
    class Data:
        def __init__(self, values: dict[str, object]) -> None:
            self.values = values

        def constant(self, name: str) -> object:
            if name not in self.values:
                raise KeyError(f"rule constant '{name}' is missing from the data (constants section)")
            return self.values[name]

        constant_number = CampaignData.constant_number
        constant_faces = CampaignData.constant_faces

    full = {n: data.constant(n) for n in CONSTANT_NAMES}
    with pytest.raises(KeyError, match="was-hit-min-roll"):
        CombatTables.from_data(Data({k: v for k, v in full.items() if k != "was-hit-min-roll"}))  # type: ignore
    with pytest.raises(ValueError, match="battle-round-cap"):
        CombatTables.from_data(Data({**full, "battle-round-cap": [3]}))  # type: ignore[arg-type]


def test_the_side_speaks_through_the_player_commanding_most_units(data) -> None:
    """R-CMB-10: most units commanded (loans count), ties to the theatre's principal player."""
    c = game(data)
    at_sea(c, "Coral Sea", "Northampton", "Exeter", "Myoko")
    battle = battle_in(c, "Coral Sea")
    assert ClassicResolver.player_for(c, battle, Side.ALLIED) is Player.UNITED_STATES  # 1-1 tie: VITP -> US
    assert ClassicResolver.player_for(c, battle, Side.AXIS) is Player.JAPAN
    c.state.unit("Northampton").loaned_to = Player.ALLIES
    assert ClassicResolver.player_for(c, battle, Side.ALLIED) is Player.ALLIES
    c = game(data)
    at_sea(c, "North Atlantic", "New York", "Sussex", "U-Boat 1")
    assert ClassicResolver.player_for(c, battle_in(c, "North Atlantic"), Side.ALLIED) is Player.ALLIES


def test_policies_are_chosen_per_player(data) -> None:
    c = game(data, faces=(1, 1))
    at_sea(c, "Coral Sea", "Northampton", "Myoko")
    japan = Scripted(day_or_night="night", withdraw=set(), pursue={})
    us = Scripted(day_or_night="night", withdraw={"Northampton"}, pursue={})
    fight(c, "Coral Sea", {Player.JAPAN: japan, "united_states": us})
    assert {call[1] for call in japan.calls} == {Side.AXIS} and {call[1] for call in us.calls} == {Side.ALLIED}


class Reverse(BaselinePolicy):
    def order_battles(self, campaign, theatre, areas):  # type: ignore[no-untyped-def]
        return list(reversed(areas))


def test_the_axis_orders_war_at_sea_battles_and_japan_vitp_battles(data) -> None:
    """W-03 (WAS 5.6), VITP 4.1: each theatre's battles in the order its Axis player chooses."""
    c = game(data)
    areas = ["North Sea", "Indonesia", "North Atlantic", "Coral Sea"]
    resolver = ClassicResolver({"germany_italy": Reverse()})
    assert resolver.order_battles(c, areas) == ["North Atlantic", "North Sea", "Indonesia", "Coral Sea"]
    resolver = ClassicResolver({"japan": Reverse(), "germany_italy": Reverse()})
    assert resolver.order_battles(c, areas) == ["North Atlantic", "North Sea", "Coral Sea", "Indonesia"]

    class Drop(BaselinePolicy):
        def order_battles(self, campaign, theatre, areas):  # type: ignore[no-untyped-def]
            return areas[:1]

    with pytest.raises(ValueError):
        ClassicResolver({"japan": Drop()}).order_battles(c, areas)
    baseline = BaselinePolicy().order_battles(c, Theatre.WAS, ["North Sea", "Baltic Sea", "North Atlantic"])
    assert baseline == ["North Atlantic", "North Sea", "Baltic Sea"]  # Axis POC 3, 2, 1


def test_every_die_comes_from_the_campaign_dice_with_a_label_and_a_rule(data) -> None:
    from strategic.campaign import Campaign

    campaign = Campaign.new(data, "standard", seed=5)
    for us in campaign.state.units.values():
        us.status, us.place, us.due_turn, us.inactive_until = UnitStatus.AWAITING, None, 99, None
    at_sea(campaign, "North Sea", "Hood", "Renown", "Ark Royal", "Scharnhorst", "Gneisenau", "U-Boat 1")
    before = len(campaign.dice.log)
    out = ClassicResolver().resolve(campaign, battle_in(campaign, "North Sea"))
    new = campaign.dice.log[before:]
    assert new and all(r.label and r.rule for r in new)
    assert out.narrative and out.narrative[0].startswith("North Sea: War at Sea battle")
    again = Campaign.new(data, "standard", seed=5)
    for us in again.state.units.values():
        us.status, us.place, us.due_turn, us.inactive_until = UnitStatus.AWAITING, None, 99, None
    at_sea(again, "North Sea", "Hood", "Renown", "Ark Royal", "Scharnhorst", "Gneisenau", "U-Boat 1")
    assert ClassicResolver().resolve(again, battle_in(again, "North Sea")).results == out.results  # E-01


def test_outcome_is_applied_by_the_engine(data) -> None:
    """Sunk ships leave play, disabled and withdrawn ones go home early (no change of game: C-13)."""
    c = game(data, faces=(6, 3, 5))  # Sussex sinks Blucher (3 > 2); Blucher (bonus) 5 + 1 = 6 ... see below
    at_sea(c, "North Sea", "Sussex", "Blucher")
    c.dice.push(1)  # Blucher's hit: damage 1 = Sussex's defence: she survives, crippled
    out = fight(c, "North Sea", {"allies": Scripted(withdraw={"Sussex"}, pursue={})})
    assert result(out, "Sussex") == {"damage": 1, "withdrew": True}
    c.state.unit("Sussex").sailed_from = "England"
    apply_outcome(c, out)
    sussex = c.state.unit("Sussex")
    assert (sussex.status, sussex.place, sussex.damage, sussex.returned_early) == (UnitStatus.PORT, "England", 1,
                                                                                   True)
    assert c.state.unit("Blucher").status is UnitStatus.SUNK
    assert rolls(c)[0][0] == "Sussex gunnery at Blucher"
