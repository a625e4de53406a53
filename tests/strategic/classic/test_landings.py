"""Amphibious invasions and landings (VITP 4.9; R-CMB-15) under scripted dice."""

from __future__ import annotations

import pytest

from strategic.classic import IllegalCombatDecision
from strategic.combat import Landing, apply_outcome, find_battles
from strategic.state import Mode, UnitStatus
from tests.strategic.classic.helpers import Scripted, at_sea, battle_in, fight, game, in_port, result


def test_an_unopposed_landing_invades_an_enemy_island_base(data) -> None:
    """VITP 4.9: a landing unit next to an enemy island base is a battle without enemy (the unopposed landing);
    the invaded base changes hands, its units put to sea and return elsewhere at once (as early returners), and
    the landing unit goes ashore in it (R-CMB-15)."""
    c = game(data)
    at_sea(c, "South Pacific Ocean", "Yokosuka NLF")
    in_port(c, "Guadalcanal", "Northampton")
    c.state.isolation["Guadalcanal"] = 1
    assert battle_in(c, "South Pacific Ocean").kind == "landing"
    out = fight(c, "South Pacific Ocean", {"japan": Scripted(landings={"Yokosuka NLF": "Guadalcanal"})})
    assert out.landings == [Landing("Yokosuka NLF", "Guadalcanal", True)]
    assert result(out, "Yokosuka NLF") == {"landed": "Guadalcanal"}
    apply_outcome(c, out)
    assert c.state.port_owners["Guadalcanal"] == "axis" and "Guadalcanal" not in c.state.isolation
    nlf = c.state.unit("Yokosuka NLF")
    assert (nlf.status, nlf.place) == (UnitStatus.PORT, "Guadalcanal")
    ship = c.state.unit("Northampton")
    assert (ship.status, ship.place, ship.returned_early) == (UnitStatus.PORT, "Lae", True)
    kinds = [e.kind for e in c.state.events]
    assert kinds.index("capture") < kinds.index("escape") < kinds.index("landing")


def test_the_baseline_invades_the_emptiest_base_and_never_a_major_port(data) -> None:
    c = game(data)
    at_sea(c, "Indonesia", "Yokosuka NLF")
    in_port(c, "Philippines", "Houston")
    japan = Scripted()
    out = fight(c, "Indonesia", {"japan": japan})
    options = next(args[0] for m, _, _, args in japan.calls if m == "landings")
    assert options == {"Yokosuka NLF": ["Lae", "Philippines", "Saigon"]}  # Singapore: a major port (VITP 5.3)
    assert out.landings == [Landing("Yokosuka NLF", "Lae", True)]


def test_japan_lands_first_and_the_allies_may_retake_the_base(data) -> None:
    """VITP 4.9 [S]: all Japanese invasions after a round are resolved before any Allied one."""
    c = game(data)
    at_sea(c, "Indonesia", "Yokosuka NLF", "4th Marines")
    allies = Scripted(landings=lambda ctx, side, options: {"4th Marines": "Philippines"})
    japan = Scripted(landings={"Yokosuka NLF": "Philippines"})
    out = fight(c, "Indonesia", {"japan": japan, "united_states": allies})
    allied_options = next(args[0] for m, _, _, args in allies.calls if m == "landings")
    assert "Philippines" in allied_options["4th Marines"]  # Japanese now: an invasion target
    assert out.landings == [Landing("Yokosuka NLF", "Philippines", True), Landing("4th Marines", "Philippines", True)]
    apply_outcome(c, out)
    assert c.state.port_owners["Philippines"] == "allied"
    assert c.state.unit("4th Marines").place == "Philippines"
    nlf = c.state.unit("Yokosuka NLF")
    assert nlf.status is UnitStatus.PORT and nlf.place == "Saigon" and nlf.returned_early


def test_landing_in_a_friendly_base(data) -> None:
    """VITP 4.9 [R]: a landing unit may land in a friendly base; nothing changes hands."""
    c = game(data, faces=(1,))
    at_sea(c, "Coral Sea", "4th Marines", "Myoko")
    allies = Scripted(landings={"4th Marines": "Samoa"}, day_or_night="night", withdraw=set(), pursue={})
    japan = Scripted(day_or_night="night", withdraw=set(), pursue={}, gunnery_targets={"Myoko": "4th Marines"})
    out = fight(c, "Coral Sea", {"japan": japan, "united_states": allies})
    assert out.landings == [Landing("4th Marines", "Samoa", False)]
    apply_outcome(c, out)
    assert c.state.port_owners["Samoa"] == "allied" and c.state.unit("4th Marines").place == "Samoa"


@pytest.mark.parametrize(("answer", "message"), [
    ({"Yokosuka NLF": "Singapore"}, "Yokosuka NLF cannot land in Singapore"),
    ({"Yokosuka NLF": "Guadalcanal"}, "Yokosuka NLF cannot land in Guadalcanal"),
    ({"Myoko": "Lae"}, "Myoko cannot land now"),
])
def test_illegal_landings_are_refused(data, answer: dict[str, str], message: str) -> None:
    c = game(data)
    at_sea(c, "Indonesia", "Yokosuka NLF", "Myoko")
    with pytest.raises(IllegalCombatDecision, match=message) as info:
        fight(c, "Indonesia", {"japan": Scripted(landings=answer)})
    assert info.value.rule == "VITP 4.9 (case V-02; R-CMB-15)"


def test_a_disabled_landing_unit_goes_home_and_cannot_land(data) -> None:
    """VITP 4.9 [S] ('disabled to Truk'): Myoko's night hit disables the 4th Marines (damage die 6)."""
    c = game(data, faces=(6, 6))  # Myoko (gunnery bonus): 6 + 1 hits; damage die 6: disabled
    at_sea(c, "Coral Sea", "4th Marines", "Myoko")
    c.state.unit("4th Marines").sailed_from = "Samoa"
    night = Scripted(day_or_night="night", withdraw=set(), pursue={})
    allies = Scripted(day_or_night="night", withdraw=set(), pursue={})
    out = fight(c, "Coral Sea", {"japan": night, "united_states": allies})
    assert result(out, "4th Marines") == {"disabled": True}
    assert not [m for m, _, _, _ in allies.calls if m == "landings"]
    apply_outcome(c, out)
    assert (c.state.unit("4th Marines").status, c.state.unit("4th Marines").place) == (UnitStatus.PORT, "Samoa")


def test_landing_units_without_an_enemy_base_make_no_battle(data) -> None:
    c = game(data)
    at_sea(c, "Japanese Islands", "Yokosuka NLF", mode=Mode.LANDING)
    assert find_battles(c) == []
