"""The outbreak of the Pacific war: the first VITP turn of the standard start (VITP 18; 002 §3.231-3.233) and the
optional early-war start (002 §5), under scripted dice (R-OPS-18, R-OPS-20..26, R-CMB-16)."""

from __future__ import annotations

import pytest

from scenarios.loader import CampaignData
from scenarios.models import Player, Side
from strategic import outbreak, placement
from strategic.ai import BaselineAI, attack_now, play, strike_force
from strategic.campaign import Campaign
from strategic.classic import ClassicResolver
from strategic.clock import EARLY_WAR_TURN, FIRST_VITP_TURN, VITP_ALONE_FIRST_TURN, Clock, turn_plan
from strategic.combat import find_battles
from strategic.control import area_control, isolate_ports
from strategic.narrate import describe
from strategic.orders import (
    AnnounceAttack,
    IllegalOrder,
    Move,
    PearlHarborForce,
    PearlHarborStrike,
    PlaceAir,
    PlaceSubmarine,
    ReturnToPort,
    Sortie,
)
from strategic.state import Mode, Phase, UnitStatus
from tests.strategic.classic.helpers import Scripted
from tests.strategic.engine_helpers import game, port, sea

PLAYERS = ("japan", "germany_italy", "united_states", "allies")


def refused(c: Campaign, player: str, order) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalOrder) as info:
        c.apply(player, order)
    return str(info.value)


def first_hook_step(plan) -> int:  # type: ignore[no-untyped-def]
    return next(i for i, step in enumerate(plan) if len(step) > 2 and step[2] == "surprise")


# --------------------------------------------------------------------------- standard start, first VITP turn


def test_the_first_vitp_turn_runs_the_surprise_after_the_japanese_raids(data: CampaignData) -> None:
    """R-OPS-20: Japan's raids, the surprise step, then the War at Sea moves and air (002 §3.232), then the other
    raids; VITP alone has no War at Sea steps."""
    c = Campaign.new(data, "standard", seed=1)
    plan = turn_plan(c, 3)
    assert plan is FIRST_VITP_TURN
    hook = first_hook_step(plan)
    assert plan[hook - 1][:2] == (Phase.RAID, (Player.JAPAN,))
    assert [s[:2] for s in plan[hook + 1:hook + 4]] == [
        (Phase.PATROL, (Player.UNITED_STATES, Player.ALLIES, Player.GERMANY_ITALY)),
        (Phase.AIR, (Player.UNITED_STATES, Player.ALLIES, Player.GERMANY_ITALY)),
        (Phase.RAID, (Player.UNITED_STATES, Player.ALLIES, Player.GERMANY_ITALY))]
    assert turn_plan(Campaign.new(data, "vitp_only", seed=1), 3) is VITP_ALONE_FIRST_TURN


def test_war_at_sea_moves_wait_for_the_location_uncertain_roll(data: CampaignData) -> None:
    """002 §3.232 (R-OPS-20): War at Sea moves and air before the surprise step, VITP patrols and air after it,
    are refused."""
    c = game(data, turn=3, phase=Phase.PATROL, faces=(1,))
    port(c, "Hood", "England")
    port(c, "Kongo", "Saigon")
    assert refused(c, "allies", Move(unit="Hood", path=("North Sea",))).startswith("002 §3.232: War at Sea ships")
    c.state.war.surprise_turn = 3
    c.apply("allies", Move(unit="Hood", path=("North Sea",)))
    assert refused(c, "japan", Move(unit="Kongo", path=("Indonesia",))).startswith("002 §3.241")
    c.state.phase = Phase.AIR
    port(c, "Allied LBA", "England")
    port(c, "21st Air Flotilla", "Yokosuka Navy Yard")
    assert refused(c, "japan", PlaceAir(unit="21st Air Flotilla", area="Japanese Islands")).startswith("002 §3.242")
    c.apply("allies", PlaceAir(unit="Allied LBA", area="North Sea"))
    c.state.war.surprise_turn = None
    port(c, "Axis LBA", "Germany")
    assert refused(c, "germany_italy", PlaceAir(unit="Axis LBA", area="North Sea")).startswith("002 §3.232")


def test_the_pearl_harbor_fleet_may_not_move_on_the_first_vitp_turn(data: CampaignData) -> None:
    c = game(data, turn=3, phase=Phase.START)
    port(c, "West Virginia", "Pearl Harbor")
    port(c, "7th Air Force", "Pearl Harbor")
    outbreak.start_of_turn(c)
    assert c.state.war.attack_turn == 3 and set(c.state.war.frozen) == {"West Virginia", "7th Air Force"}
    c.state.phase = Phase.PATROL
    message = refused(c, "united_states", Move(unit="West Virginia", path=("Hawaiian Islands",)))
    assert message.startswith("VITP 18 (R-OPS-20): West Virginia may not move")
    c.state.phase = Phase.AIR
    assert refused(c, "united_states", PlaceAir(unit="7th Air Force", area="Hawaiian Islands")).startswith("VITP 18")
    c.state.phase = Phase.END
    outbreak.end_of_turn(c)
    assert c.state.war.frozen == []


def test_the_strike_force_reaches_hawaii_without_a_speed_roll(data: CampaignData) -> None:
    """VITP 18 [S/I] (R-OPS-20): three areas, no die; on a later turn the third area needs a speed roll."""
    c = game(data, turn=3, phase=Phase.RAID)
    port(c, "Akagi", "Yokosuka Navy Yard")
    c.apply("japan", Move(unit="Akagi", path=("Japanese Islands", "Central Pacific Ocean", "Hawaiian Islands"),
                          mode="raid"))
    assert c.state.unit("Akagi").place == "Hawaiian Islands" and c.dice.log == []
    c = game(data, turn=4, phase=Phase.RAID, faces=(1,))
    port(c, "Akagi", "Yokosuka Navy Yard")
    c.apply("japan", Move(unit="Akagi", path=("Japanese Islands", "Central Pacific Ocean", "Hawaiian Islands"),
                          mode="raid"))
    assert [r.label for r in c.dice.log] == ["speed roll Akagi (speed 6) into Hawaiian Islands"]


def test_pearl_harbor_strike_two_rounds_no_return_fire_then_the_groups_roll(data: CampaignData) -> None:
    """VITP 18 (R-CMB-16): Akagi raiding in the Hawaiian Islands attacks everything in Pearl Harbor for two day
    rounds; in port West Virginia (defence 5) sinks only above 10; nobody fires back; Indianapolis, at sea, is not
    attacked; then the Location Uncertain groups roll (R-OPS-18)."""
    c = game(data, turn=3, phase=Phase.RAID, faces=(6, 6, 6, 1, 5, 5, 1,  # round 1: 3 hits, 11 points: sunk
                                                    1, 1, 1, 1,  # round 2 at Arizona: misses
                                                    2))  # Group W: Hawaiian Islands
    sea(c, "Akagi", "Hawaiian Islands", Mode.RAID)
    sea(c, "Indianapolis", "Hawaiian Islands")
    port(c, "West Virginia", "Pearl Harbor")
    port(c, "Arizona", "Pearl Harbor")
    c.state.unit("Enterprise").status, c.state.unit("Enterprise").place = UnitStatus.AWAITING, "Group W"
    japan = Scripted(air_targets=lambda ctx, side, sources, targets: {"Akagi": targets[0]})
    c.resolver = ClassicResolver({"japan": japan})
    c.run_hook("surprise")
    assert [(args[1]) for m, _, _, args in japan.calls if m == "air_targets"] == [
        ["West Virginia", "Arizona"], ["Arizona"]]
    assert c.state.unit("West Virginia").status is UnitStatus.SUNK
    assert c.state.unit("Arizona").damage == 0
    assert all(r.label.startswith(("Akagi", "damage")) for r in c.dice.log)
    assert c.state.unit("Enterprise").place == "Group W"  # not yet
    c.run_hook("after_surprise")
    assert c.state.unit("Enterprise").place == "Hawaiian Islands" and c.dice.remaining == 0
    assert [b.area for b in find_battles(c)] == ["Hawaiian Islands"]  # normal combat follows


def test_indonesia_surprise_first_round_with_the_bonus_and_no_retreat(data: CampaignData) -> None:
    """VITP 18 (R-CMB-16): Japanese air in Indonesia attacks Force Z for two rounds, the first with the attack
    bonus (surprise-indonesia-bonus-rounds); the Allies are never asked to retreat."""
    c = game(data, turn=3, phase=Phase.RAID, faces=(5, 1, 1, 3,  # round 1: 5 + 1 hits, 3 points
                                                    5, 1, 1))  # round 2: 5 misses without the bonus
    sea(c, "22nd Air Flotilla", "Indonesia", Mode.AIR)
    sea(c, "Prince of Wales", "Indonesia")
    allies = Scripted()
    c.resolver = ClassicResolver({"allies": allies, "united_states": allies},
                                 default=Scripted(air_targets={"22nd Air Flotilla": "Prince of Wales"}))
    c.run_hook("surprise")
    assert c.state.unit("Prince of Wales").damage == 3
    assert allies.calls == []
    texts = [describe(e) for e in c.state.events if e.kind == "combat"]
    assert "Indonesia: surprise round 1 (attack bonus): air attack" in texts
    assert "Indonesia: surprise round 2: air attack" in texts


# --------------------------------------------------------------------------- the early-war start (002 §5)


def early(data: CampaignData, **kw) -> Campaign:  # type: ignore[no-untyped-def]
    c = game(data, setup="early_war", **kw)
    c.state.war.frozen = ["West Virginia", "Houston", "I-Boat", "7th Air Force"]
    return c


def test_early_war_set_up(data: CampaignData) -> None:
    """002 §5.4, §5.61, §5.53: Japan 8 POC ahead, Saigon Allied, the Pearl Harbor group, Houston and the I-Boat
    frozen; every turn follows the early-war sequence until the attack."""
    c = Campaign.new(data, "early_war", seed=1)
    assert c.early_war and not c.pacific_at_war and c.state.options == {"early_war_start": True}
    assert c.state.poc[c.setup.theatres[1]] == 8 and c.state.port_owners["Saigon"] == "allied"
    assert {"West Virginia", "Pennsylvania", "7th Air Force", "Houston", "I-Boat"} <= set(c.state.war.frozen)
    assert "Indianapolis" not in c.state.war.frozen
    assert turn_plan(c, 1) is EARLY_WAR_TURN
    c.state.war.attack_turn = 2
    assert turn_plan(c, 2) is EARLY_WAR_TURN and turn_plan(c, 3) is not EARLY_WAR_TURN


def test_pre_war_movement_limits(data: CampaignData) -> None:
    """002 §5.52: before the attack no Japanese unit enters an Allied-controlled area and no Allied (British
    included) unit a Japanese-controlled one; §5.53: the frozen units stay."""
    c = early(data, turn=1, phase=Phase.PATROL, faces=(1,))
    port(c, "Myoko", "Truk")
    port(c, "Exeter", "Singapore")
    port(c, "West Virginia", "Pearl Harbor")
    assert refused(c, "japan", Move(unit="Myoko", path=("South Pacific Ocean", "Coral Sea"))).startswith(
        "002 §5.52: before Japan attacks, Myoko may not enter Coral Sea: it is controlled by the Allies")
    assert refused(c, "allies", Move(unit="Exeter", path=("Indonesia", "Marianas Islands"))).startswith("002 §5.52")
    assert refused(c, "united_states", Move(unit="West Virginia", path=("Hawaiian Islands",))).startswith(
        "002 §5.53: West Virginia may not move before the Japanese attack")
    assert c.dice.log == []
    c.state.war.attack_turn, c.state.war.frozen = 1, []
    c.apply("japan", Move(unit="Myoko", path=("South Pacific Ocean", "Coral Sea")))
    assert c.state.unit("Myoko").place == "Coral Sea"


def test_pre_war_air_and_submarines(data: CampaignData) -> None:
    """002 §5.535: US air units only in their listed areas; §5.52: no air into enemy areas; §5.533: the I-Boat."""
    c = early(data, turn=3, phase=Phase.AIR)
    port(c, "5th Air Force", "Singapore")
    port(c, "7th Air Force", "Pearl Harbor")
    port(c, "22nd Air Flotilla", "Yokosuka Navy Yard")
    legal = {o.area for o in c.legal_orders("united_states") if isinstance(o, PlaceAir)}
    assert legal == {"Indonesia"}
    assert refused(c, "united_states", PlaceAir(unit="5th Air Force", area="Bay of Bengal")).startswith("002 §5.535")
    assert refused(c, "united_states", PlaceAir(unit="7th Air Force", area="Hawaiian Islands")).startswith("002 §5.53")
    c.state.port_owners["Saigon"] = "axis"
    port(c, "22nd Air Flotilla", "Saigon")
    assert refused(c, "japan", PlaceAir(unit="22nd Air Flotilla", area="Indonesia")).startswith("002 §5.52")
    c.state.phase = Phase.SUBMARINE
    c.state.unit("I-Boat").status, c.state.unit("I-Boat").place = UnitStatus.PORT, None
    assert refused(c, "japan", PlaceSubmarine(unit="I-Boat", area="Japanese Islands")).startswith("002 §5.53")
    assert not c.legal_orders("japan")


def test_no_pacific_combat_before_the_attack(data: CampaignData) -> None:
    """002 §5.62 (R-OPS-22): Japanese and US ships in one area do not fight; the British and the Germans do."""
    c = early(data, turn=2, phase=Phase.COMBAT)
    sea(c, "Myoko", "South Pacific Ocean")
    sea(c, "Northampton", "South Pacific Ocean")
    sea(c, "Exeter", "Bay of Bengal")
    sea(c, "Atlantis", "Bay of Bengal")
    assert [b.area for b in find_battles(c)] == ["Bay of Bengal"]
    c.state.war.attack_turn = 2
    assert [b.area for b in find_battles(c)] == ["South Pacific Ocean", "Bay of Bengal"]


def test_pre_war_returns(data: CampaignData) -> None:
    """002 §5.51 (R-OPS-24): Japanese units return only to Yokosuka, Truk or a friendly Saigon, at any distance;
    US ships to Samoa or Pearl Harbor; §5.54: a US ship reaching Pearl Harbor from War at Sea joins the frozen
    Pearl Harbor group."""
    c = early(data, turn=1, phase=Phase.RETURN)
    sea(c, "Myoko", "Marshall Islands")
    sea(c, "Northampton", "Indonesia")
    sea(c, "Wichita", "North Atlantic")
    assert {o.port for o in c.legal_orders("japan") if o.unit == "Myoko"} == {"Yokosuka Navy Yard", "Truk"}
    assert refused(c, "japan", ReturnToPort(unit="Myoko", port="Kwajalein")).startswith(
        "002 §5.51: before Japan attacks, Myoko may return only to Yokosuka Navy Yard or Truk")
    c.apply("japan", ReturnToPort(unit="Myoko", port="Yokosuka Navy Yard"))
    assert {o.port for o in c.legal_orders("united_states") if o.unit == "Northampton"} == {"Samoa", "Pearl Harbor"}
    c.apply("united_states", ReturnToPort(unit="Wichita", port="Pearl Harbor"))
    assert "Wichita" in c.state.war.frozen


def test_the_announcement_and_the_pearl_harbor_force(data: CampaignData) -> None:
    """002 §5.71-5.72: only Japan, when it moves its air units, once; then raiders in Yokosuka go to Hawaii."""
    c = early(data, turn=2, phase=Phase.PATROL)
    port(c, "Akagi", "Yokosuka Navy Yard")
    port(c, "Kaga", "Truk")
    assert refused(c, "japan", AnnounceAttack()).startswith("002 §5.71: Japan announces its attack when")
    c.state.phase = Phase.AIR
    assert refused(c, "united_states", AnnounceAttack()).startswith("002 §5.71: only the Japanese player")
    assert refused(c, "japan", PearlHarborStrike(unit="Akagi")).startswith("002 §5.72: the Pearl Harbor force")
    assert AnnounceAttack() in c.legal_orders("japan")
    c.apply("japan", AnnounceAttack())
    assert c.state.war.attack_turn == 2 and c.pacific_at_war and c.state.war.frozen == []
    assert refused(c, "japan", AnnounceAttack()).startswith("002 §5.71: Japan has already attacked (turn 2)")
    assert refused(c, "japan", PearlHarborStrike(unit="Kaga")).startswith("002 §5.72: Kaga is not a Japanese ship")
    assert PearlHarborStrike(unit="Akagi") in c.legal_orders("japan")
    c.apply("japan", PearlHarborStrike(unit="Akagi"))
    akagi = c.state.unit("Akagi")
    assert (akagi.place, akagi.mode, c.state.war.pearl_force) == ("Hawaiian Islands", Mode.RAID, ["Akagi"])
    standard = game(data, turn=3, phase=Phase.AIR)
    assert refused(standard, "japan", AnnounceAttack()).startswith("002 §5.71: only in the early-war start")


def _attack(data: CampaignData, faces: tuple[int, ...] = ()) -> Campaign:
    c = early(data, turn=3, phase=Phase.AIR, faces=faces)
    port(c, "Akagi", "Yokosuka Navy Yard")
    port(c, "Maryland", "Pearl Harbor")
    port(c, "Nevada", "Pearl Harbor")
    c.apply("japan", AnnounceAttack())
    c.apply("japan", PearlHarborStrike(unit="Akagi"))
    return c


def test_truk_and_saigon_at_the_start_cancel_the_surprise(data: CampaignData) -> None:
    """002 §5.731-5.732: units based in Truk (Saigon) at the start of the turn: no surprise at Pearl Harbor
    (Indonesia)."""
    c = _attack(data)
    sea(c, "22nd Air Flotilla", "Indonesia", Mode.AIR)
    sea(c, "Prince of Wales", "Indonesia")
    c.state.war.based_at_start = {"Truk": ["Myoko"], "Saigon": ["Kongo"]}
    c.resolver = ClassicResolver()
    c.run_hook("surprise")
    rules = [e.rule for e in c.state.events if e.kind == "surprise"]
    assert rules == ["002 §5.731", "002 §5.732", "VITP 18; 002 §5.73"]
    assert c.dice.log == []


def test_record_based_at_start_skips_arrivals(data: CampaignData) -> None:
    """R-OPS-25: Japanese units in Truk when the turn begins count; reinforcements placed there later do not."""
    c = early(data, turn=2, phase=Phase.START)
    port(c, "Myoko", "Truk")
    c.state.unit("24th Air Flotilla").due_turn = 2
    c.enter_phase(Phase.START)
    assert c.state.war.based_at_start == {"Truk": ["Myoko"], "Saigon": []}
    assert c.state.unit("24th Air Flotilla").place == "Truk"


def test_surprise_then_control_loss_force_decision_and_sortie(data: CampaignData) -> None:
    """002 §5.7333: two rounds, no return fire; §5.736: Allied control lost where no Allied unit is at sea;
    §5.735: Japan says whether the force stays, survivors may sortie, then the groups roll."""
    c = _attack(data, faces=(1, 1, 1, 1, 1, 1, 1, 1))
    sea(c, "Indianapolis", "U.S. Mandate")
    japan = Scripted(air_targets=lambda ctx, side, sources, targets: {"Akagi": targets[0]})
    c.resolver = ClassicResolver({"japan": japan})
    port(c, "21st Air Flotilla", "Yokosuka Navy Yard")
    c.run_hook("surprise")
    assert c.dice.remaining == 0 and c.surprise_done
    assert c.state.control["Coral Sea"] is None and c.state.control["U.S. Mandate"] is Side.ALLIED
    assert refused(c, "japan", PlaceAir(unit="21st Air Flotilla", area="Japanese Islands")).startswith("002 §5.71")
    assert refused(c, "united_states", PearlHarborForce(stays=True)).startswith("002 §5.735: only the Japanese")
    assert {PearlHarborForce(stays=True), PearlHarborForce(stays=False)} <= set(c.legal_orders("japan"))
    c.apply("japan", PearlHarborForce(stays=False))
    assert (c.state.unit("Akagi").place, c.state.unit("Akagi").returned_early) == ("Yokosuka Navy Yard", True)
    assert refused(c, "japan", PearlHarborForce(stays=True)).startswith("002 §5.735: there is no Pearl Harbor")
    c.state.unit("Nevada").disabled = c.state.unit("Nevada").moved = True
    assert [o for o in c.legal_orders("united_states") if isinstance(o, Sortie)] == [Sortie(unit="Maryland")]
    assert refused(c, "united_states", Sortie(unit="Nevada")).startswith("002 §5.735: Nevada is not")
    c.apply("united_states", Sortie(unit="Maryland"))
    assert (c.state.unit("Maryland").place, c.state.unit("Maryland").mode) == ("Hawaiian Islands", Mode.PATROL)
    c.state.phase = Phase.LANDING
    port(c, "Pennsylvania", "Pearl Harbor")
    assert refused(c, "united_states", Sortie(unit="Pennsylvania")).startswith("002 §5.735: only right after")


def test_a_staying_force_retreats_after_two_rounds(data: CampaignData) -> None:
    """002 §5.752: the special force, and every Japanese unit in the Hawaiian Islands, retreats after two rounds."""
    c = _attack(data, faces=(1,) * 40)
    sea(c, "Hiei", "Hawaiian Islands", Mode.RAID)
    c.state.unit("Maryland").status = UnitStatus.AWAITING
    c.state.unit("Nevada").status = UnitStatus.AWAITING
    c.state.war.surprise_turn, c.state.war.pearl_force_stays = 3, True
    sea(c, "Indianapolis", "Hawaiian Islands")
    c.state.phase = Phase.COMBAT
    stay = Scripted(withdraw=set(), pursue={}, day_or_night="night")
    c.resolver = ClassicResolver({"japan": stay, "united_states": stay})
    c.enter_phase(Phase.COMBAT)
    texts = [describe(e) for e in c.state.events if e.kind == "combat"]
    assert "Hawaiian Islands: the Axis must retreat: Hiei, Akagi" in texts
    assert sum("round" in t and "(pursuit)" not in t and "Hawaiian" in t for t in texts) == 2
    assert c.state.unit("Akagi").status is UnitStatus.PORT


def test_hawaii_is_fought_first_on_the_attack_turn(data: CampaignData) -> None:
    c = _attack(data)
    assert outbreak.battle_order(c, ["Coral Sea", "Hawaiian Islands"]) == ["Hawaiian Islands", "Coral Sea"]
    c.state.turn = 4
    assert outbreak.battle_order(c, ["Coral Sea", "Hawaiian Islands"]) == ["Coral Sea", "Hawaiian Islands"]


def test_hawaii_then_indonesia_on_the_first_vitp_turn_of_the_standard_start(data: CampaignData) -> None:
    """VITP 18.14 (R-PAC-23): Indonesia is the second area fought, after the Hawaiian Islands; Japan orders the
    rest, and from the next turn all of them."""
    c = game(data, turn=3)
    areas = ["Coral Sea", "Indonesia", "U.S. Mandate", "Hawaiian Islands"]
    assert outbreak.battle_order(c, areas) == ["Hawaiian Islands", "Indonesia", "Coral Sea", "U.S. Mandate"]
    assert outbreak.battle_order(c, ["Coral Sea", "Indonesia"]) == ["Indonesia", "Coral Sea"]
    c.state.turn = 4
    assert outbreak.battle_order(c, areas) == areas


def test_saigon_becomes_japanese_at_the_end_of_turn_2(data: CampaignData) -> None:
    """002 §5.64 (R-OPS-26): its Allied units put to sea and return elsewhere."""
    c = early(data, turn=2, phase=Phase.END)
    port(c, "Exeter", "Saigon")
    outbreak.end_of_turn(c)
    assert c.state.port_owners["Saigon"] == "axis"
    exeter = c.state.unit("Exeter")
    assert exeter.status is UnitStatus.PORT and exeter.place in ("Lae", "Philippines", "Singapore")
    c = early(data, turn=1, phase=Phase.END)
    outbreak.end_of_turn(c)
    assert c.state.port_owners["Saigon"] == "allied"


def test_no_isolation_before_the_attack(data: CampaignData) -> None:
    """002 §5.63: the two-turn capture rule begins on the turn the fighting starts."""
    c = early(data, turn=2, phase=Phase.CONTROL)
    c.state.control["Aleutian Islands"] = Side.AXIS
    isolate_ports(c)
    assert "Attu" not in c.state.isolation
    c.state.war.attack_turn = 2
    isolate_ports(c)
    assert c.state.isolation["Attu"] == 1


def test_arrivals_after_the_war_has_begun(data: CampaignData) -> None:
    """002 chart note * and §5.3: before the attack the chart's place; after it (and once the groups rolled)
    Pearl Harbor or the United States; never a Location Uncertain group that has rolled already."""
    c = early(data, turn=3, phase=Phase.START)
    hornet, record = c.state.unit("Hornet"), c.unit_record("Hornet")
    assert placement.arrival_places(c, record, hornet) == ["Group Z"]
    c.state.war.attack_turn, c.state.war.location_uncertain_rolled = 1, True
    assert placement.arrival_places(c, record, hornet) == ["Pearl Harbor", "United States"]
    fifth = c.state.unit("5th Air Force")
    c.state.port_owners["Saigon"] = "axis"  # 002 §5.64: since the end of turn 2
    assert placement.arrival_places(c, c.unit_record("5th Air Force"), fifth) == ["Lae", "Philippines", "Singapore"]
    c.state.war.attack_turn = 3
    assert placement.arrival_places(c, c.unit_record("5th Air Force"), fifth) == ["Indonesia"]


def test_us_atlantic_ships_move_from_turn_1_in_the_early_war(data: CampaignData) -> None:
    """002 §5.5 (R-OPS-63): in the early war the US ships set up in the Caribbean are not inactive: they move
    from turn 1, return to the United States or transfer to Pearl Harbor (§3.334), where they join the frozen Pearl
    Harbor group (§5.54), and make no §3.233 roll when Japan attacks."""
    c = early(data, turn=1, phase=Phase.START)
    texas, idaho = c.state.unit("Texas"), c.state.unit("Idaho")
    texas.due_turn = idaho.due_turn = 1
    placement.start_of_turn_arrivals(c)
    assert (texas.place, texas.status, texas.inactive_until) == ("Caribbean", UnitStatus.SEA, None)
    c.state.phase = Phase.RETURN
    assert {o.port for o in c.legal_orders("united_states") if isinstance(o, ReturnToPort)
            and o.unit == "Texas"} == {"United States", "Pearl Harbor"}
    c.apply("united_states", ReturnToPort(unit="Texas", port="Pearl Harbor"))
    c.apply("united_states", ReturnToPort(unit="Idaho", port="United States"))
    assert "Texas" in c.state.war.frozen and "Idaho" not in c.state.war.frozen
    assert describe(c.state.events[-3]) == "Texas joins the Pearl Harbor group and may not move until Japan attacks"
    for us in (texas, idaho):
        us.moved = False  # the end of the turn (Campaign.leave_phase) clears it
    c.state.turn, c.state.phase = 2, Phase.PATROL
    c.state.step = next(i for i, step in enumerate(turn_plan(c, 2)) if step[0] is Phase.PATROL)
    assert refused(c, "united_states", Move(unit="Texas", path=("Hawaiian Islands",))) == (
        "002 §5.53: Texas may not move before the Japanese attack")
    c.apply("united_states", Move(unit="Idaho", path=("Caribbean",)))
    assert (idaho.place, idaho.status) == ("Caribbean", UnitStatus.SEA)
    c.state.war.attack_turn = 2
    placement.caribbean_rolls(c)  # no roll: a die would be needed, and the scripted dice have none
    assert (idaho.place, idaho.status) == ("Caribbean", UnitStatus.SEA)


def test_us_ships_control_the_caribbean_against_a_german_ship_before_the_attack(data: CampaignData) -> None:
    """002 §5.61 (R-OPS-63): before the attack the US ships count for control as usual: with a German ship in the
    Caribbean nobody controls it (no combat, §5.62, R-OPS-22), and alone they control it for the Allies."""
    c = early(data, turn=3, phase=Phase.CONTROL)
    sea(c, "Texas", "Caribbean")
    sea(c, "New York", "Caribbean")
    sea(c, "Scharnhorst", "Caribbean")
    assert all(b.area != "Caribbean" for b in find_battles(c))  # no combat with the US before the attack
    assert area_control(c, "Caribbean") is None
    c.state.unit("Scharnhorst").status = UnitStatus.PORT
    assert area_control(c, "Caribbean") is Side.ALLIED


# --------------------------------------------------------------------------- the baseline AI and whole games


def test_the_baseline_japan_plans_its_attack(data: CampaignData) -> None:
    c = early(data, turn=3, phase=Phase.PATROL)
    port(c, "Akagi", "Yokosuka Navy Yard")
    port(c, "Kirishima", "Yokosuka Navy Yard")
    port(c, "Hosho", "Yokosuka Navy Yard")
    assert strike_force(c) == ["Akagi", "Kirishima"]  # Hosho: speed 4
    assert attack_now(c)
    c.state.war.based_at_start = {"Truk": ["Myoko"]}
    assert not attack_now(c)
    c.state.turn = 4
    assert attack_now(c)


def test_early_war_game_plays_to_the_end(data: CampaignData) -> None:
    """`vas run --start early-war`: the baseline announces on turn 3, the surprise attacks precede the Location
    Uncertain roll, and the game is decided."""
    c = Campaign.new(data, "early_war", seed=2, resolver=ClassicResolver())
    clock = Clock(c)
    play(c, clock, dict.fromkeys(PLAYERS, BaselineAI()))
    assert clock.finished and c.state.winner in ("axis", "allied")
    kinds = [(e.turn, e.kind) for e in c.state.events]
    assert (3, "attack") in kinds and not any(k == "attack" and t != 3 for t, k in kinds)
    first_lu = kinds.index((3, "location_uncertain"))
    surprise = next(i for i, e in enumerate(c.state.events) if e.kind == "combat" and "surprise round 1" in describe(e))
    assert kinds.index((3, "attack")) < surprise < first_lu
    assert not any(e.kind == "order_refused" for e in c.state.events)


def test_saving_inside_the_surprise_step_and_resuming_gives_the_same_game(data: CampaignData, tmp_path) -> None:
    """E-02 with the hooks: a save made at the US decision right after the surprise attacks resumes exactly."""
    from strategic.saves import load, save

    def fresh() -> tuple[Campaign, Clock]:
        c = Campaign.new(data, "early_war", seed=4, resolver=ClassicResolver())
        return c, Clock(c)

    agents = dict.fromkeys(PLAYERS, BaselineAI())
    straight, clock = fresh()
    play(straight, clock, agents)
    first, clock = fresh()
    while clock.decision is not None and not (clock.decision.turn == 3 and clock.decision.phase is Phase.AIR
                                              and clock.decision.player is Player.UNITED_STATES):
        player = clock.decision.player.value
        for order in agents[player].orders(first, player):
            first.apply(player, order)
        clock.end_decision()
    assert first.surprise_done and first.state.war.attack_turn == 3
    save(first, tmp_path / "g.json")
    resumed, clock2 = load(tmp_path / "g.json", data, ClassicResolver())
    play(resumed, clock2, agents)
    assert resumed.state.model_dump_json(exclude={"dice"}) == straight.state.model_dump_json(exclude={"dice"})


def test_the_standard_first_vitp_turn_in_order(data: CampaignData) -> None:
    """Standard start, turn 3, baseline players: Japan's strike force raids into the Hawaiian Islands, the surprise
    attacks follow, then the Location Uncertain and Caribbean rolls, then the British War at Sea moves."""
    c = Campaign.new(data, "standard", seed=1, resolver=ClassicResolver())
    play(c, Clock(c), dict.fromkeys(PLAYERS, BaselineAI()), stop_at_turn=4)
    events = [e for e in c.state.events if e.turn == 3]

    def first(test) -> int:  # type: ignore[no-untyped-def]
        return next(i for i, e in enumerate(events) if test(e))

    raid = first(lambda e: e.kind == "move" and e.unit == "Akagi")
    assert describe(events[raid]) == "Akagi raids Yokosuka Navy Yard -> Japanese Islands -> Central Pacific Ocean -> " \
                                "Hawaiian Islands" and events[raid].rule == "VITP 18 (R-OPS-20)"
    strike = first(lambda e: e.kind == "combat" and "surprise round 1: air raid on Pearl Harbor" in describe(e))
    groups = first(lambda e: e.kind == "location_uncertain")
    caribbean = first(lambda e: e.kind == "caribbean_roll")
    british = first(lambda e: e.kind == "move" and e.unit == "Hood")
    assert raid < strike < groups < caribbean < british


def test_the_strike_force_raids_only_pearl_harbor(data: CampaignData) -> None:
    """VITP 18 (reference/vitp.md §5.6 [S], R-OPS-45): on the turn of the attack the Pearl Harbor strike force may
    not raid Johnston Island, so a ship there is safe from it; a Japanese carrier patrolling there, or the next turn,
    may raid it."""
    c = game(data, turn=3, phase=Phase.RAID)
    c.state.war.attack_turn = 3
    sea(c, "Akagi", "Hawaiian Islands", Mode.RAID)
    port(c, "West Virginia", "Pearl Harbor")
    port(c, "Indianapolis", "Johnston Island")
    assert c.state.port_owners["Johnston Island"] == "allied"
    [battle] = find_battles(c)
    assert battle.area == "Hawaiian Islands" and battle.in_port == ("West Virginia",)
    sea(c, "Hiryu", "Hawaiian Islands", Mode.PATROL)  # not of the strike force: it may raid Johnston Island
    assert set(find_battles(c)[0].in_port) == {"West Virginia", "Indianapolis"}
    sea(c, "Hiryu", "Hawaiian Islands", Mode.RAID)
    c.state.turn = 4  # the next turn the carriers raid every port touching the area
    assert set(find_battles(c)[0].in_port) == {"West Virginia", "Indianapolis"}


def test_the_early_war_special_force_spares_johnston_island(data: CampaignData) -> None:
    """R-OPS-45 in the early-war start: the special force of 002 §5.72 raids only Pearl Harbor on the turn of the
    attack; with Pearl Harbor empty, Indianapolis in Johnston Island makes no battle at all."""
    c = early(data, turn=2, phase=Phase.COMBAT)
    c.state.war.attack_turn, c.state.war.pearl_force = 2, ["Akagi"]
    sea(c, "Akagi", "Hawaiian Islands", Mode.RAID)
    port(c, "Indianapolis", "Johnston Island")
    assert find_battles(c) == []
    c.state.war.pearl_force = []  # a carrier not of the force may raid it
    assert [b.in_port for b in find_battles(c)] == [("Indianapolis",)]
