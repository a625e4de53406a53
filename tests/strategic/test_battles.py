"""The tactical bridge (strategic/battles.py, issue 7): campaign battles fought as Victory at Sea battles."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scenarios.loader import CampaignData
from scenarios.models import Player, Side
from strategic.ai import BaselineAI, play
from strategic.battles import (
    TacticalResolver,
    battle_number,
    campaign_year,
    damage_points_for,
    hull_lost_for,
    objectives,
)
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.combat import Battle, BattleOutcome, Landing, UnitResult, apply_outcome
from strategic.narrate import describe
from strategic.state import Mode, Phase, UnitStatus
from tactical import battle_events
from tactical.dice import Dice
from tactical.scenario import Objective
from tests.strategic.engine_helpers import game, sea


def test_damage_round_trips_through_hull() -> None:
    """R-CARD-04/07: a counter's damage points come back unchanged when the battle adds no Hull loss."""
    for hull in (6, 8, 20, 26, 72, 119, 151):
        for defence in range(0, min(10, hull)):  # every campaign ship has more Hull than damage states
            for damage in range(0, defence + 1):
                lost = hull_lost_for(damage, defence, hull)
                assert 0 <= lost < hull
                assert damage_points_for(lost, defence, hull) == damage
            assert damage_points_for(hull - 1, defence, hull) == defence  # afloat: never beyond the defence
    assert hull_lost_for(3, 5, 72) == 36 and damage_points_for(37, 5, 72) == 4


def test_years_by_turn() -> None:
    assert [campaign_year(t) for t in range(1, 11)] == [1941] * 3 + [1942] * 3 + [1943] * 2 + [1944] * 2


def _battle(campaign: Campaign, area: str) -> Battle:
    sides = {Side.ALLIED: [], Side.AXIS: []}
    for us in campaign.state.units.values():
        if us.status is UnitStatus.SEA and us.place == area:
            sides[us.side].append(us.name)
    return Battle(area, campaign.data.areas[area].theatre, tuple(sides[Side.ALLIED]), tuple(sides[Side.AXIS]))


def _north_sea(data: CampaignData, seed: int = 7) -> Campaign:
    campaign = game(data, turn=2, phase=Phase.COMBAT)
    campaign.dice = Dice(seed)
    campaign.state.seed = seed
    for name in ("Hood", "Kent", "Norfolk"):
        sea(campaign, name, "North Sea")
    for name in ("Bismarck", "Prinz Eugen", "U-Boat 1"):
        sea(campaign, name, "North Sea")
    return campaign


def test_objectives_follow_the_strategic_situation(data: CampaignData) -> None:
    campaign = _north_sea(data)
    on_table = {Side.ALLIED: ["Hood", "Kent", "Norfolk"], Side.AXIS: ["Bismarck", "Prinz Eugen"]}
    battle = _battle(campaign, "North Sea")
    campaign.state.control["North Sea"] = None
    assert objectives(campaign, battle, on_table) == {Side.ALLIED: Objective.ATTRITION, Side.AXIS: Objective.ATTRITION}
    campaign.state.control["North Sea"] = Side.ALLIED
    assert objectives(campaign, battle, on_table)[Side.ALLIED] is Objective.DEFENCE_LINE
    assert objectives(campaign, battle, on_table)[Side.AXIS] is Objective.SWEEP_AND_CLEAR
    for name in on_table[Side.AXIS]:
        campaign.state.unit(name).mode = Mode.RAID
    assert objectives(campaign, battle, on_table)[Side.AXIS] is Objective.BREAKOUT
    weak = {Side.ALLIED: ["Kent"], Side.AXIS: ["Bismarck", "Prinz Eugen"]}
    assert objectives(campaign, battle, weak) == {Side.ALLIED: Objective.LAST_STAND, Side.AXIS: Objective.DESTROY}
    convoy = {Side.ALLIED: ["Convoy 1A", "Kent"], Side.AXIS: ["Prinz Eugen"]}
    assert objectives(campaign, battle, convoy)[Side.ALLIED] is Objective.FIGHTING_RETREAT


def test_a_battle_is_fought_on_the_table_and_comes_back_as_damage(data: CampaignData) -> None:
    campaign = _north_sea(data)
    campaign.state.unit("Hood").damage = 2
    resolver = TacticalResolver(keep_reports=True)
    battle = _battle(campaign, "North Sea")
    outcome = resolver.resolve(campaign, battle)
    fought = resolver.battles[0]
    spec = fought.spec
    assert sorted(s.name for s in spec.sides[0].ships) == ["Hood", "Kent", "Norfolk"]
    assert sorted(s.name for s in spec.sides[1].ships) == ["Bismarck", "Prinz Eugen"]
    hood = next(s for s in spec.sides[0].ships if s.name == "Hood")
    assert hood.hull_lost == hull_lost_for(2, 4, hood.card.hull) > 0  # Hood 4-4-7 with 2 damage points
    assert [(b.side, b.ship.name, b.ship.card.name) for b in spec.submarines] == [(1, "U-Boat 1", "Type VIIC")]
    assert fought.left_out == {} and spec.key == (2, battle_number(data, "North Sea"))
    assert spec.flights == [] and not spec.sides[0].air_limit  # no air units here; the campaign waives the limit
    assert fought.year == 1941
    assert not campaign.dice.log  # the battle's dice are spawned, the campaign's own are not rolled
    report = fought.report
    for result in outcome.results:
        ship = report.ship(result.name)
        assert result.sunk == ship.sunk
        if ship.crippled and not ship.sunk:
            assert result.disabled
    boat = report.ship("U-Boat 1")
    result = next((r for r in outcome.results if r.name == "U-Boat 1"), UnitResult("U-Boat 1"))
    assert result.sunk == boat.sunk and (result.disabled or boat.sunk) == (boat.crippled or boat.sunk)
    texts = [describe(e) for e in campaign.state.events if e.kind == "battle"]
    assert texts[0].startswith("Tactical battle in North Sea (1941")
    assert "Allies 3 ships against Axis 2 ships, 1 submarine" in texts[0]


def test_same_seed_same_battle(data: CampaignData) -> None:
    def fight(seed: int) -> list[UnitResult]:
        campaign = _north_sea(data, seed)
        return TacticalResolver().resolve(campaign, _battle(campaign, "North Sea")).results

    assert fight(11) == fight(11)
    assert any(fight(s) != fight(11) for s in (12, 13, 14))


class Recorder:
    name = "recorder"

    def __init__(self) -> None:
        self.seen: list[str] = []

    def resolve(self, campaign: Campaign, battle: Battle) -> BattleOutcome:
        self.seen.append(battle.area)
        return BattleOutcome(battle)


def test_what_the_table_cannot_fight_goes_to_the_fallback(data: CampaignData) -> None:
    """R-CARD-03: a landing with nobody to fight is the classic rules' (VITP 4.9), logged."""
    campaign = game(data, turn=5, phase=Phase.COMBAT)
    sea(campaign, "1st Marines", "Marshall Islands")
    battle = Battle("Marshall Islands", campaign.data.areas["Marshall Islands"].theatre, ("1st Marines",), ())
    recorder = Recorder()
    outcome = TacticalResolver(fallback=recorder).resolve(campaign, battle)
    assert recorder.seen == ["Marshall Islands"] and outcome.results == []
    assert describe(campaign.state.events[-1]) == ("Landing in Marshall Islands fought by the recorder rules: "
                                                   "a landing with nobody to fight")
    assert campaign.state.events[-1].rule == "R-CARD-03"
    silent = TacticalResolver(use_fallback=False).resolve(campaign, battle)
    assert silent.results == [] and "nothing is fought" in describe(campaign.state.events[-1])


def test_the_frogmen_are_human_torpedoes_hidden_by_the_enemy_and_used_up(data: CampaignData) -> None:
    """R-CARD-13: three chariots (air factor 3) hidden in the Sector where the enemy deploys (at sea) or lies at
    anchor (a raid on Malta); the counter is used up either way (002 §2.221)."""
    campaign = game(data, turn=3, phase=Phase.COMBAT)
    campaign.dice = Dice(3)
    sea(campaign, "Warspite", "Mediterranean")
    sea(campaign, "Italian Frogmen", "Mediterranean")
    resolver = TacticalResolver(keep_reports=True)
    outcome = resolver.resolve(campaign, _battle(campaign, "Mediterranean"))
    spec = resolver.battles[0].spec
    assert [(b.ship.name, b.ship.card.name, b.side, b.sector) for b in spec.submarines] == [
        (f"Italian Frogmen {i}", "SLC Maiale", 1, 22) for i in (1, 2, 3)]  # the south edge's middle Sector
    assert next(r for r in outcome.results if r.name == "Italian Frogmen").expended

    campaign = game(data, turn=3, phase=Phase.COMBAT)
    campaign.dice = Dice(3)
    campaign.state.unit("Warspite").status, campaign.state.unit("Warspite").place = UnitStatus.PORT, "Malta"
    sea(campaign, "Italian Frogmen", "Mediterranean")
    battle = Battle("Mediterranean", campaign.data.areas["Mediterranean"].theatre, (), ("Italian Frogmen",),
                    ("Warspite",))
    resolver = TacticalResolver(keep_reports=True)
    outcome = resolver.resolve(campaign, battle)
    raid = resolver.battles[0]
    assert raid.kind == "air raid" and [s.name for s in raid.spec.sides[0].ships] == ["Warspite"]
    assert raid.spec.sides[0].ships[0].anchored and len(raid.spec.submarines) == 3
    assert {b.sector for b in raid.spec.submarines} == {22} and raid.spec.flights == []
    assert next(r for r in outcome.results if r.name == "Italian Frogmen").expended
    assert "used up Italian Frogmen" in next(describe(e) for e in campaign.state.events if e.kind == "battle")


def test_air_units_fly_flights_by_air_factor_and_nation(data: CampaignData) -> None:
    """R-CARD-09: 2 Flights per air factor point; a carrier's are based on it; the air-group mix is dealt in turn."""
    campaign = game(data, turn=4, phase=Phase.COMBAT)
    campaign.dice = Dice(5)
    sea(campaign, "Yamato", "Coral Sea")
    sea(campaign, "5th Air Force", "Coral Sea")
    sea(campaign, "Enterprise", "Coral Sea")
    resolver = TacticalResolver(keep_reports=True)
    outcome = resolver.resolve(campaign, _battle(campaign, "Coral Sea"))
    spec = resolver.battles[0].spec
    flights = {f.name: (f.aircraft.name, f.carrier) for f in spec.flights}
    assert flights == {
        "5th Air Force F-1": ("P-40E Warhawk", None), "5th Air Force B-1": ("B-25 Mitchell", None),
        "5th Air Force B-2": ("B-17E Flying Fortress", None), "5th Air Force F-2": ("P-40E Warhawk", None),
        "Enterprise F-1": ("F4F-4 Wildcat", "Enterprise"), "Enterprise D-1": ("SBD-3 Dauntless", "Enterprise"),
        "Enterprise T-1": ("TBF-1 Avenger", "Enterprise"), "Enterprise D-2": ("SBD-3 Dauntless", "Enterprise"),
        "Enterprise F-2": ("F4F-4 Wildcat", "Enterprise"), "Enterprise D-3": ("SBD-3 Dauntless", "Enterprise"),
        "Enterprise T-2": ("TBF-1 Avenger", "Enterprise"), "Enterprise D-4": ("SBD-3 Dauntless", "Enterprise"),
    }  # fmt: skip
    lost = sum(1 for f in resolver.battles[0].report.flights if f.lost and f.name.startswith("5th Air Force"))
    result = next((r for r in outcome.results if r.name == "5th Air Force"), UnitResult("5th Air Force"))
    assert result.eliminated == (lost == 4)
    if not result.eliminated:
        assert result.damage == damage_points_for(lost, 4, 4)  # defence 4, four Flights at full strength


def test_damaged_land_based_air_flies_fewer_flights_and_losses_come_back(data: CampaignData) -> None:
    from strategic.battle_forces import air_flight_count, air_losses

    campaign = game(data, turn=4, phase=Phase.COMBAT)
    japan = campaign.unit_record("21st Air Flotilla")  # air 3, defence 4: 6 Flights at full strength
    assert air_flight_count(campaign, "21st Air Flotilla") == 6
    campaign.state.unit("21st Air Flotilla").damage = 2
    assert air_flight_count(campaign, "21st Air Flotilla") == 6 - 2 * 6 // 5 == 4
    assert air_losses(japan, prior=2, full=6, remaining=4) == (0, False)  # nothing lost: nothing added
    assert air_losses(japan, prior=2, full=6, remaining=2) == (damage_points_for(4, 4, 6) - 2, False) == (2, False)
    assert air_losses(japan, prior=0, full=6, remaining=0) == (0, True)  # all lost: eliminated (VITP 4.5)
    assert air_losses(campaign.unit_record("Axis LBA"), prior=0, full=6, remaining=1) == (0, False)  # WAS: no defence


def test_a_surprise_attack_is_an_air_raid_on_anchored_ships_that_fire_no_aa_at_first(data: CampaignData) -> None:
    """R-CARD-11: Pearl Harbor as a tactical battle: the carriers' Flights against the anchored fleet."""
    campaign = game(data, turn=3, phase=Phase.COMBAT)
    campaign.dice = Dice(2)
    for name in ("Arizona", "Nevada"):
        campaign.state.unit(name).status, campaign.state.unit(name).place = UnitStatus.PORT, "Pearl Harbor"
    sea(campaign, "Akagi", "Hawaiian Islands")
    sea(campaign, "Kirishima", "Hawaiian Islands")
    battle = Battle("Hawaiian Islands", campaign.data.areas["Hawaiian Islands"].theatre, (), ("Akagi", "Kirishima"),
                    ("Arizona", "Nevada"), surprise_rounds=2)
    resolver = TacticalResolver(keep_reports=True)
    outcome = resolver.resolve(campaign, battle)
    fought = resolver.battles[0]
    assert fought.kind == "surprise attack" and fought.spec.surprised == (0, 3)
    assert [s.name for s in fought.spec.sides[0].ships] == ["Arizona", "Nevada"]
    assert all(s.anchored for s in fought.spec.sides[0].ships) and fought.spec.sides[1].ships == []
    assert all(f.carrier is None and f.name.startswith("Akagi") for f in fought.spec.flights)
    assert len(fought.spec.flights) == 8 and fought.spec.shore_batteries == []  # air 4; no emplacements
    assert "Kirishima" in fought.left_out
    aa_turns = {e.turn for e in fought.report.events if isinstance(e, battle_events.AAFire)}
    assert not aa_turns & {1, 2, 3}  # no return fire in the surprise turns
    for result in outcome.results:
        assert not result.withdrew  # anchored ships stay in port
        ship = fought.report.ship(result.name)
        assert result.sunk == ship.sunk and result.disabled == (ship.crippled and not ship.sunk)


def test_an_air_raid_on_a_port_meets_its_aa_emplacements_and_its_air(data: CampaignData) -> None:
    """R-CARD-11: the raiding carriers' Flights against the ships in port, two Medium AA emplacements of a major
    port, and the land-based air there flying in defence."""
    campaign = game(data, turn=4, phase=Phase.COMBAT)
    campaign.dice = Dice(4)
    for name in ("Arizona", "7th Air Force"):
        campaign.state.unit(name).status, campaign.state.unit(name).place = UnitStatus.PORT, "Pearl Harbor"
    sea(campaign, "Akagi", "Hawaiian Islands")
    battle = Battle("Hawaiian Islands", campaign.data.areas["Hawaiian Islands"].theatre, (), ("Akagi",),
                    ("Arizona", "7th Air Force"))
    resolver = TacticalResolver(keep_reports=True)
    outcome = resolver.resolve(campaign, battle)
    fought = resolver.battles[0]
    assert fought.kind == "air raid" and fought.spec.surprised is None
    assert [(i.name, i.structure_type) for i in fought.spec.shore_batteries] == [
        ("Pearl Harbor AA 1", "Medium AA Battery Emplacement"), ("Pearl Harbor AA 2", "Medium AA Battery Emplacement"),
        ("7th Air Force airfield", "Hangar")]  # the land-based air unit's airfield
    assert sorted(f.name for f in fought.spec.flights if f.side == 0) == [
        "7th Air Force B-1", "7th Air Force B-2", "7th Air Force F-1", "7th Air Force F-2"]  # the 1942 mix
    text = next(describe(e) for e in campaign.state.events if e.kind == "battle")
    assert text.startswith("Tactical air raid on Pearl Harbor from Hawaiian Islands (1942")
    report = fought.report
    if report.ship("7th Air Force airfield").sunk:  # R-CARD-11: a destroyed airfield eliminates its air unit
        assert next(r for r in outcome.results if r.name == "7th Air Force").eliminated


def test_an_airfield_alone_is_a_target_and_its_loss_eliminates_the_air_unit(data: CampaignData) -> None:
    """R-CARD-11: a raid on a port holding only land-based air: its Flights defend and its airfield (a Hangar) is
    the target; the log line names the port and each side's losses."""
    from strategic.battles import TacticalResolver as Resolver

    for seed in range(1, 30):
        campaign = game(data, turn=4, phase=Phase.COMBAT)
        campaign.dice = Dice(seed)
        us = campaign.state.unit("7th Air Force")
        us.status, us.place = UnitStatus.PORT, "Pearl Harbor"
        sea(campaign, "Akagi", "Hawaiian Islands")
        sea(campaign, "Kaga", "Hawaiian Islands")
        battle = Battle("Hawaiian Islands", campaign.data.areas["Hawaiian Islands"].theatre, (), ("Akagi", "Kaga"),
                        ("7th Air Force",))
        resolver = Resolver(keep_reports=True)
        outcome = resolver.resolve(campaign, battle)
        report = resolver.battles[0].report
        text = next(describe(e) for e in campaign.state.events if e.kind == "battle")
        assert text.startswith("Tactical air raid on Pearl Harbor from Hawaiian Islands")
        if report.ship("7th Air Force airfield").sunk:
            assert "Allies: eliminated 7th Air Force" in text
            assert next(r for r in outcome.results if r.name == "7th Air Force") == UnitResult(
                "7th Air Force", eliminated=True)
            return
    raise AssertionError("16 Flights never destroyed a lone airfield in 29 raids")


def test_a_raider_is_a_civilian_ship_and_landing_units_land_after_the_battle(data: CampaignData) -> None:
    """R-CARD-03: the German raiders are on the table as civilian ships; R-CARD-12: landing units of a side not
    beaten land by the classic procedure."""
    campaign = game(data, turn=2, phase=Phase.COMBAT)
    campaign.dice = Dice(9)
    sea(campaign, "Atlantis", "South Atlantic", Mode.RAID)
    sea(campaign, "Kent", "South Atlantic")
    resolver = TacticalResolver(keep_reports=True)
    resolver.resolve(campaign, _battle(campaign, "South Atlantic"))
    spec = resolver.battles[0].spec
    assert [(s.name, s.card.type.value) for s in spec.sides[1].ships] == [("Atlantis", "civilian")]

    campaign = game(data, turn=5, phase=Phase.COMBAT)
    campaign.dice = Dice(1)
    for name in ("North Carolina", "Washington", "1st Marines"):
        sea(campaign, name, "Marshall Islands")
    sea(campaign, "Kinugasa", "Marshall Islands")
    resolver = TacticalResolver(keep_reports=True)
    outcome = resolver.resolve(campaign, _battle(campaign, "Marshall Islands"))
    transport = next(s for s in resolver.battles[0].spec.sides[0].ships if s.name == "1st Marines")
    assert (transport.card.name, transport.card.type.value) == ("President Jackson", "civilian")
    assert any(r.name == "Kinugasa" and r.sunk for r in outcome.results)
    assert outcome.landings == [Landing("1st Marines", "Kwajalein", invasion=True)]  # VITP 4.9 by the policy
    assert next(r for r in outcome.results if r.name == "1st Marines").landed == "Kwajalein"

    campaign = game(data, turn=5, phase=Phase.COMBAT)
    campaign.dice = Dice(1)
    for name in ("1st Marines", "Yamato", "Nagato"):
        sea(campaign, name, "Coral Sea")
    resolver = TacticalResolver(keep_reports=True)
    outcome = resolver.resolve(campaign, _battle(campaign, "Coral Sea"))
    assert resolver.battles[0].report.ship("1st Marines").sunk
    assert [r for r in outcome.results if r.name == "1st Marines"] == [UnitResult("1st Marines", eliminated=True)]


def test_results_go_back_on_the_counters(data: CampaignData) -> None:
    campaign = _north_sea(data, seed=3)
    resolver = TacticalResolver()
    outcome = resolver.resolve(campaign, _battle(campaign, "North Sea"))
    apply_outcome(campaign, outcome)
    for result in outcome.results:
        us = campaign.state.unit(result.name)
        if result.sunk:
            assert us.status is UnitStatus.SUNK
        elif result.disabled or result.withdrew:
            assert us.status is not UnitStatus.SEA or us.place != "North Sea"
        defence = campaign.unit_record(result.name).defence or 0
        assert us.damage <= defence or us.status is UnitStatus.SUNK


def _campaign(data: CampaignData, seed: int) -> tuple[Campaign, Clock]:
    campaign = Campaign.new(data, "standard", seed=seed, resolver=TacticalResolver())
    return campaign, Clock(campaign)


def test_two_turns_of_a_campaign_with_tactical_combat(data: CampaignData) -> None:
    campaign, clock = _campaign(data, 1)
    play(campaign, clock, {p.value: BaselineAI() for p in Player}, stop_at_turn=3)
    assert campaign.blocked is None and campaign.state.turn == 3
    assert any(describe(e).startswith("Tactical battle in") for e in campaign.state.events)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_standard_campaign_plays_to_the_end_with_tactical_combat(data: CampaignData, seed: int) -> None:
    campaign, clock = _campaign(data, seed)
    play(campaign, clock, {p.value: BaselineAI() for p in Player})
    assert clock.finished and campaign.blocked is None and campaign.state.winner in ("allied", "axis")
    again, clock2 = _campaign(data, seed)
    play(again, clock2, {p.value: BaselineAI() for p in Player})
    assert [describe(e) for e in again.state.events] == [describe(e) for e in campaign.state.events]  # same game
    for us in campaign.state.units.values():
        if us.status is UnitStatus.SUNK:
            assert us.place is None


def test_a_raid_after_a_battle_flies_the_surviving_flights_and_fighters_alone_do_not_raid(data: CampaignData) -> None:
    """R-CARD-11: the raid party is the raiders' Flights not lost at sea, unbased; Fighters alone stay home."""
    from strategic.battles import _Table

    campaign = game(data, turn=4, phase=Phase.COMBAT)
    sea(campaign, "Akagi", "Hawaiian Islands")
    battle = Battle("Hawaiian Islands", campaign.data.areas["Hawaiian Islands"].theatre, (), ("Akagi",), ("Arizona",))
    resolver = TacticalResolver()
    table = resolver._at_sea(campaign, ("Akagi",), Side.AXIS, 1942, {})
    names = [f.name for f in table.flights]
    assert names == ["Akagi F-1", "Akagi D-1", "Akagi T-1", "Akagi F-2", "Akagi D-2", "Akagi T-2", "Akagi F-3",
                     "Akagi D-3"]
    party = resolver._raid_party(campaign, battle, Side.AXIS, table, 1942, lost={"Akagi D-1", "Akagi T-2"})
    assert [f.name for f in party.flights] == [n for n in names if n not in ("Akagi D-1", "Akagi T-2")]
    assert all(f.carrier is None for f in party.flights) and party.air_units == {"Akagi": 6}
    strike = {n for n in names if " F-" not in n}
    assert resolver._raid_party(campaign, battle, Side.AXIS, table, 1942, lost=strike).flights == []
    assert not resolver._raid_party(campaign, battle, Side.AXIS, table, 1942, gone={"Akagi"})
    assert isinstance(party, _Table)


def _lost(*names: str) -> SimpleNamespace:
    """A battle report of which only the Flights lost are read (``_air_results``, ``_raid_after``)."""
    return SimpleNamespace(flights=[SimpleNamespace(name=n, lost=True) for n in names])


def test_land_based_air_with_no_flight_left_never_stays(data: CampaignData) -> None:
    """R-OPS-34: the Axis LBA (War at Sea, no defence: never destroyed) that lost all 6 Flights goes back to port,
    out for the turn, with no damage; with one Flight left it stays; a VITP unit with none left is eliminated
    (R-CARD-09, VITP 4.5)."""
    from strategic.battles import _no_fates

    campaign = game(data, turn=4, phase=Phase.COMBAT)
    sea(campaign, "Axis LBA", "North Sea")
    resolver = TacticalResolver()
    table = resolver._at_sea(campaign, ("Axis LBA",), Side.AXIS, 1942, {})
    flights = [f.name for f in table.flights]
    assert len(flights) == 6
    for lost, fate in ((flights, "withdrew"), (flights[:5], None)):
        outcome, fates = BattleOutcome(_battle(campaign, "North Sea")), _no_fates()
        resolver._air_results(campaign, _lost(*lost), table, outcome, fates, beaten=False)  # type: ignore[arg-type]
        [result] = outcome.results
        assert (result.withdrew, result.damage, result.eliminated) == (fate == "withdrew", 0, False)
        assert fates["withdrew"] == (["Axis LBA"] if fate else [])
    outcome = BattleOutcome(_battle(campaign, "North Sea"))
    resolver._air_results(campaign, _lost(*flights), table, outcome, _no_fates(), beaten=False)  # type: ignore[arg-type]
    apply_outcome(campaign, outcome)
    lba = campaign.state.unit("Axis LBA")
    assert (lba.status, lba.place, lba.damage) == (UnitStatus.PORT, "Germany", 0)
    sea(campaign, "21st Air Flotilla", "Marianas Islands")
    japan = resolver._at_sea(campaign, ("21st Air Flotilla",), Side.AXIS, 1942, {})
    outcome = BattleOutcome(_battle(campaign, "Marianas Islands"))
    resolver._air_results(campaign, _lost(*[f.name for f in japan.flights]), japan, outcome, _no_fates(),  # type: ignore[arg-type]
                          beaten=False)
    assert [(r.name, r.eliminated, r.withdrew) for r in outcome.results] == [("21st Air Flotilla", True, False)]


def test_war_at_sea_air_does_not_raid_the_ports_after_its_battle_at_sea(data: CampaignData,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """002 §4.11 (R-OPS-34): War at Sea air strikes once a turn; the Axis LBA that flew in the North Sea battle
    does not raid England after it, though the Allies have nothing left there; in VITP carriers still do (VITP 4.8,
    R-CARD-11)."""
    raids: list[tuple[str, list[str]]] = []
    monkeypatch.setattr(TacticalResolver, "_raid", lambda self, campaign, battle, outcome, side, air, year, **kw:
                        raids.append((battle.area, sorted(air.air_units))))
    campaign = game(data, turn=4, phase=Phase.COMBAT)
    resolver = TacticalResolver()
    for area, allied, axis, port in (("North Sea", "Hood", "Axis LBA", "Nelson"),
                                     ("Hawaiian Islands", "Minneapolis", "Akagi", "Arizona")):
        sea(campaign, allied, area)
        sea(campaign, axis, area)
        battle = Battle(area, campaign.data.areas[area].theatre, (allied,), (axis,), (port,))
        tables = {Side.ALLIED: resolver._at_sea(campaign, (allied,), Side.ALLIED, 1942, {}),
                  Side.AXIS: resolver._at_sea(campaign, (axis,), Side.AXIS, 1942, {})}
        outcome = BattleOutcome(battle, results=[UnitResult(allied, sunk=True)])
        resolver._raid_after(campaign, battle, outcome, _lost(), tables, 1942)  # type: ignore[arg-type]
    assert raids == [("Hawaiian Islands", ["Akagi"])]


def test_units_leaving_a_table_battle_go_to_the_ports_their_side_chose(data: CampaignData) -> None:
    """R-OPS-48: after a battle on the table the fallback's retreat step asks each side's policy where its units
    that left at sea go (as the landings, R-CARD-12); a unit sunk or with one port is not asked."""
    from scenarios.models import Theatre
    from strategic.classic import ClassicResolver
    from tests.strategic.classic.helpers import Scripted

    campaign = game(data, turn=4, phase=Phase.COMBAT)
    for name in ("Northampton", "Chicago", "Myoko"):
        sea(campaign, name, "Coral Sea")
    battle = Battle("Coral Sea", Theatre.VITP, ("Northampton", "Chicago"), ("Myoko",))
    outcome = BattleOutcome(battle, [UnitResult("Northampton", withdrew=True), UnitResult("Chicago", sunk=True),
                                     UnitResult("Myoko", damage=1)])
    allies = Scripted(retreat_ports={"Northampton": "Samoa"})
    japan = Scripted()
    resolver = TacticalResolver(fallback=ClassicResolver({"united_states": allies, "japan": japan}))
    resolver._retreats(campaign, battle, outcome)
    assert [(r.name, r.retreat_to) for r in outcome.results] == [
        ("Northampton", "Samoa"), ("Chicago", None), ("Myoko", None)]
    assert [args for m, _, _, args in allies.calls] == [(
        {"Northampton": ["Australia", "Guadalcanal", "New Hebrides", "Port Moresby", "Samoa"]},)]
    assert japan.calls == []
    apply_outcome(campaign, outcome)
    assert campaign.state.unit("Northampton").place == "Samoa"


def _ships(**fates: dict[str, bool]) -> SimpleNamespace:
    """A battle report of which only the ships' ends are read (``_holds_the_area``)."""
    ends = {n: SimpleNamespace(**({"sunk": False, "crippled": False, "withdrew": False} | f)) for n, f in fates.items()}
    return SimpleNamespace(ship=ends.__getitem__)


def test_only_a_warship_left_in_the_area_drives_the_beaten_fleet_out(data: CampaignData) -> None:
    """R-CARD-14: the winner's warship or surface raider afloat, not crippled and not withdrawn holds the area;
    aircraft, submarines, convoys and landing units alone do not."""
    from strategic.battles import _holds_the_area, _Table

    campaign = game(data, turn=4, phase=Phase.COMBAT)
    resolver = TacticalResolver()
    table = resolver._at_sea(campaign, ("Hood", "Convoy 1A", "Allied LBA"), Side.ALLIED, 1942, {})
    assert [s.name for s in table.ships] == ["Hood", "Convoy 1A"] and table.flights
    assert _holds_the_area(campaign, _ships(Hood={}, **{"Convoy 1A": {}}), table)  # type: ignore[arg-type]
    for end in ({"crippled": True}, {"sunk": True}, {"withdrew": True}):
        assert not _holds_the_area(campaign, _ships(Hood=end, **{"Convoy 1A": {}}), table)  # type: ignore[arg-type]
    assert not _holds_the_area(campaign, _ships(), _Table(flights=table.flights))  # type: ignore[arg-type]


def test_a_fleet_beaten_on_vp_by_aircraft_and_submarines_stays(data: CampaignData) -> None:
    """R-CARD-14 in play (seed 1, turn 2): twelve Allied ships in the South Atlantic fight the Axis land-based air
    and four U-Boats; the Axis win on VP (the Flights shot down) but keep no warship there, so no Allied counter
    withdraws, and the turn's summary says why."""
    from strategic.events import BattleFought
    from strategic.turn_summary import result_sentence

    campaign, clock = _campaign(data, 1)
    play(campaign, clock, {p.value: BaselineAI() for p in Player}, stop_at_turn=3)
    [fought] = [e for e in campaign.state.events if isinstance(e, BattleFought) and e.turn == 2
                and e.area == "South Atlantic"]
    assert (fought.winner, fought.held) == ("Axis", False)
    assert fought.fates["Allies"]["withdrew"] == []
    assert "Allied counters stay: the Axis kept no warship in the area to drive them out, only aircraft or " \
           "submarines (R-CARD-14)." in result_sentence(fought)
    assert fought.model_dump(mode="json")["held"] is False
    won = [e for e in campaign.state.events if isinstance(e, BattleFought) and e.winner and e.held]
    assert won and all("held" not in e.model_dump(mode="json") for e in won)  # saved as before R-CARD-14
