"""Air raids on ports (VITP 4.8; War at Sea LBA, reference/was.md §4.5; R-CMB-12..14) under scripted dice.

VITP table: a modified 6+ hits (the carriers' air bonus adds 1); a hit's damage die gives 1-5 points, a 6 disables.
War at Sea table: 6 hits (one damage die), 5 disables.  In port a unit sinks only above twice its defence.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from strategic.campaign import Campaign
from strategic.classic import ClassicResolver, IllegalCombatDecision
from strategic.classic.damage import attack_odds
from strategic.classic.tables import CombatTables
from strategic.combat import Battle, BattleOutcome, UnitResult, apply_outcome, find_battles
from strategic.narrate import describe
from strategic.state import Phase, UnitStatus
from strategic.turn_summary import summarize, summary_lines
from tests.strategic.classic.helpers import Scripted, at_sea, battle_in, fight, game, in_port, result, rolls, stay


def test_vitp_carriers_raid_a_port_and_in_port_units_need_double_damage(data) -> None:
    """VITP 4.8: Kaga at sea in the Coral Sea strikes Northampton in Samoa; 2 points would sink her at sea
    (defence 1) but in port she sinks only above 2 (R-CMB-05); the raid is one round and nobody fires back."""
    c = game(data, faces=(6, 1, 1, 1, 2))  # Kaga 4 dice (+1): one hit; damage 2
    at_sea(c, "Coral Sea", "Kaga")
    in_port(c, "Samoa", "Northampton")
    battle = battle_in(c, "Coral Sea")
    assert (battle.allied, battle.axis, battle.in_port, battle.kind) == ((), ("Kaga",), ("Northampton",), "air raid")
    out = fight(c, "Coral Sea")
    assert result(out, "Northampton") == {"damage": 2}
    assert [label for label, _, _ in rolls(c)] == ["Kaga air strike at Northampton in port",
                                                   "damage to Northampton (Kaga air strike)"]
    assert any("round 1: air raid on Samoa (day)" in line for line in out.narrative)
    apply_outcome(c, out)
    ship = c.state.unit("Northampton")
    assert (ship.status, ship.place, ship.damage) == (UnitStatus.PORT, "Samoa", 2)


def test_amphibious_units_in_port_take_one_point_per_hit_and_disabled_units_stay(data) -> None:
    """VITP FAQ [S]: an amphibious unit raided in port takes exactly 1 point per hit: no damage die is rolled, so
    none disables it (R-CMB-05, R-CMB-21); a unit disabled in port stays there and may not move this turn
    (R-CMB-12)."""
    c = game(data, faces=(6, 6, 6, 1,  # Kaga at 4th Marines: three hits, 1 point each, no damage die
                          6, 1, 1, 1, 6))  # Akagi at Chicago: a hit whose damage die (6) disables
    at_sea(c, "Coral Sea", "Kaga", "Akagi")
    in_port(c, "Samoa", "4th Marines", "Chicago")
    japan = Scripted(air_targets={"Kaga": "4th Marines", "Akagi": "Chicago"})
    out = fight(c, "Coral Sea", {"japan": japan})
    assert result(out, "4th Marines") == {"damage": 3}
    assert result(out, "Chicago") == {"disabled": True}
    assert [label for label, _, _ in rolls(c)] == ["Kaga air strike at 4th Marines in port",
                                                   "Akagi air strike at Chicago in port",
                                                   "damage to Chicago (Akagi air strike)"]
    assert any("Kaga air strike +1 at 4th Marines in port: [6, 6, 6, 1] -> 3 hit(s), 3 point(s)" in line
               for line in out.narrative)
    apply_outcome(c, out)
    chicago = c.state.unit("Chicago")
    assert (chicago.status, chicago.place, chicago.disabled, chicago.moved) == (UnitStatus.PORT, "Samoa", True, True)
    marines = c.state.unit("4th Marines")
    assert (marines.status, marines.place, marines.damage, marines.disabled) == (UnitStatus.PORT, "Samoa", 3, False)


def test_units_in_port_do_not_fight_and_gunnery_does_not_reach_them(data) -> None:
    """R-CMB-12: at night the in-port ships are no targets and never fire; by day they are targets with the units
    at sea; when the enemy at sea is gone, the raid goes on for vitp-port-raid-rounds (1) day round."""
    c = game(data, faces=(1,) * 20)
    at_sea(c, "Coral Sea", "Kaga", "Myoko", "Northampton")
    in_port(c, "Samoa", "Chicago")
    japan = Scripted(day_or_night="night", **stay())
    allies = Scripted(day_or_night="night", withdraw={"Northampton"}, pursue={})
    out = fight(c, "Coral Sea", {"japan": japan, "united_states": allies})
    night = [args for m, _, _, args in japan.calls if m == "gunnery_targets"]
    assert night == [(["Kaga", "Myoko"], ["Northampton"])]
    assert [args for m, _, _, args in allies.calls if m in ("gunnery_targets", "air_targets")] == [
        (["Northampton"], ["Kaga", "Myoko"])]  # Chicago, in port, never fires
    raid = [args for m, _, stage, args in japan.calls if m == "air_targets"]
    assert raid == [(["Kaga"], ["Chicago"])]
    assert any("round 2: air raid on Samoa (day)" in line for line in out.narrative)
    labels = [label for label, _, _ in rolls(c)]
    assert labels == ["Myoko gunnery at Northampton", "Kaga gunnery at Northampton", "Northampton gunnery at Kaga",
                      "Kaga air strike at Chicago in port"]


def test_day_rounds_may_strike_ports_during_a_battle(data) -> None:
    """VITP 4.8: by day an air unit may choose a unit in a touching port instead of one at sea."""
    c = game(data, faces=(1,) * 8)
    at_sea(c, "Coral Sea", "Kaga", "Northampton")
    in_port(c, "Samoa", "Chicago")
    japan = Scripted(day_or_night="day", air_targets={"Kaga": "Chicago"}, **stay())
    allies = Scripted(day_or_night="day", withdraw={"Northampton"}, pursue={})
    fight(c, "Coral Sea", {"japan": japan, "united_states": allies})
    first = next(args for m, _, _, args in japan.calls if m == "air_targets")
    assert first == (["Kaga"], ["Northampton", "Chicago"])


def test_neutral_ports_and_own_ports_are_not_raided(data) -> None:
    """R-CMB-12: nobody in a neutral port is raided; a port of the raider's own side neither."""
    c = game(data)
    at_sea(c, "South Atlantic", "Allied LBA")
    in_port(c, "Neutral Country", "Admiral Scheer")
    in_port(c, "England", "Hood")
    assert find_battles(c) == []


def test_was_lba_strikes_a_port_one_factor_per_ship_per_turn(data) -> None:
    """reference/was.md §4.5: the Axis LBA in the North Sea strikes ships in England (in port: more than 2 x 4 to
    sink Hood); a ship attacked from the air earlier this turn is no target (002 §4.11, R-CMB-13)."""
    c = game(data, faces=(6, 3, 1))  # Axis LBA at Hood: hit, 3 points; at Rodney: miss
    at_sea(c, "North Sea", "Axis LBA")
    in_port(c, "England", "Hood", "Rodney", "Nelson")
    c.state.air_attacked = ["Nelson"]
    battle = battle_in(c, "North Sea")
    assert set(battle.in_port) == {"Hood", "Rodney"}
    out = fight(c, "North Sea", {"germany_italy": Scripted(was_air_strikes=[("Axis LBA", "Hood"),
                                                                            ("Axis LBA", "Rodney")])})
    assert result(out, "Hood") == {"damage": 3, "air_attacked": True}
    # the counter's name says LBA once in the account (R-UI-112); the dice keep their label
    assert any("Axis LBA strike at Hood in port: [6] -> 1 hit(s), 3 point(s)" in line for line in out.narrative)
    assert rolls(c)[0][0] == "Axis LBA LBA strike at Hood in port"
    apply_outcome(c, out)
    assert sorted(c.state.air_attacked) == ["Hood", "Nelson", "Rodney"]
    assert (c.state.unit("Hood").status, c.state.unit("Hood").damage) == (UnitStatus.PORT, 3)


def test_was_carriers_do_not_strike_ports(data) -> None:
    c = game(data, faces=(1,) * 5)
    at_sea(c, "North Sea", "Ark Royal", "Allied LBA")
    in_port(c, "Germany", "Scharnhorst")
    with pytest.raises(IllegalCombatDecision, match="only land-based air and the Frogmen strike ports"):
        fight(c, "North Sea", {"allies": Scripted(was_air_strikes=[("Ark Royal", "Scharnhorst")])})


def test_frogmen_strike_malta(data) -> None:
    """002 §2.223: the Frogmen attack 'against Malta'; they count as an airstrike and are used up (002 §2.221)."""
    c = game(data, faces=(6, 2, 1))
    at_sea(c, "Mediterranean", "Italian Frogmen")
    in_port(c, "Malta", "Warspite", "Barham")
    out = fight(c, "Mediterranean", {"germany_italy": Scripted(was_air_strikes=[("Italian Frogmen", "Warspite"),
                                                                               ("Italian Frogmen", "Barham")])})
    assert result(out, "Warspite") == {"damage": 2, "air_attacked": True}
    assert result(out, "Italian Frogmen") == {"expended": True}
    opening = next(e for e in c.state.events if e.kind == "combat")
    assert describe(opening).startswith("Mediterranean: War at Sea frogmen attack: Allied none at sea (in port: "
                                        "Warspite, Barham) against Axis Italian Frogmen")  # no aircraft: no air raid
    apply_outcome(c, out)
    summary = summary_lines(summarize(c, c.state.turn), c.data.groups)
    assert any(line.startswith("Frogmen attack in Mediterranean (classic rules): ") for line in summary)


class _Recording:
    """Test resolver: Northampton is disabled in the Coral Sea; every battle is recorded."""

    name = "recording"

    def __init__(self) -> None:
        self.seen: list[Battle] = []

    def resolve(self, campaign: Campaign, battle: Battle) -> BattleOutcome:
        self.seen.append(battle)
        if battle.area == "Coral Sea":
            return BattleOutcome(battle, [UnitResult("Northampton", disabled=True)])
        return BattleOutcome(battle)


def test_a_unit_sent_home_may_be_raided_in_an_area_not_yet_fought(data) -> None:
    """R-CMB-14, VITP 4.6 [S]: Northampton, disabled in the Coral Sea, returns to Samoa, which touches the U.S.
    Mandate where Kaga waits alone: that area becomes a raid, fought next; the Coral Sea is not fought again."""
    c = game(data)
    at_sea(c, "Coral Sea", "Northampton", "Myoko")
    c.state.unit("Northampton").sailed_from = "Samoa"
    at_sea(c, "U.S. Mandate", "Kaga")
    assert [b.area for b in find_battles(c)] == ["Coral Sea"]
    c.resolver = recorder = _Recording()
    c.enter_phase(Phase.COMBAT)
    assert [(b.area, b.in_port) for b in recorder.seen] == [("Coral Sea", ()), ("U.S. Mandate", ("Northampton",))]
    assert c.state.fought_battles == ["Coral Sea", "U.S. Mandate"] and not c.state.pending_battles


def test_raid_battles_in_a_whole_turn_with_classic_combat(data) -> None:
    """The resolver sees the in-port units: a full COMBAT phase with the classic resolver."""
    c = game(data, faces=(6, 1, 1, 1, 2))
    at_sea(c, "Coral Sea", "Kaga")
    in_port(c, "Samoa", "Northampton")
    c.resolver = ClassicResolver()
    c.enter_phase(Phase.COMBAT)
    assert c.state.unit("Northampton").damage == 2
    assert any(e.kind == "combat" and "VITP air raid" in describe(e) for e in c.state.events)


def test_the_odds_of_an_attack_on_an_amphibious_unit_in_port(data) -> None:
    """R-CMB-21: one point per hit and never disabled: 3 VITP dice (a 6 hits) against 4th Marines (defence 4,
    sunk in port above 8) can only damage it."""
    tables = CombatTables.from_data(data)
    odds = attack_odds(tables.vitp, 3, False, 4, in_port=True, multiplier=tables.in_port_sink_multiplier,
                       points_per_hit=tables.amphibious_in_port_points)
    assert (odds.hit, odds.damaged, odds.disabled, odds.sunk) == (
        1 - Fraction(5, 6) ** 3, 1 - Fraction(5, 6) ** 3, Fraction(0), Fraction(0))
