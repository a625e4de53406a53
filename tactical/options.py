"""Optional rule modules (DESIGN.md "Rule options"): every one is off by default and stored in the
:class:`~tactical.battle.BattleSpec` (and in the battle state), so a battle's log says which rules it was fought
under.  Core rules never branch on a hidden flag: each switch below names the rule it changes, and while it is
on it replaces the core rule it conflicts with (and only then).

Seed 001 (*Order of Battle*, "Official Rules Changes for Victory at Sea" and its advanced rules):

* ``half_speed_turns`` (001 Moving): a ship must move half its current Flank Speed straight ahead before it may
  turn (replaces the 2"/1"/3" straight run of 000 Moving Ships, Agile, Rudder Damaged).
* ``flank_speed_order`` (001 Flank Speed!): a new automatic Order, +1" of movement this turn, no Attack Dice
  modifier for it (adds to 000 The Orders).
* ``close_range_bonus`` (001 Attacking): Main Guns and Light Guns get +1 to their Attack Dice against targets
  within 10" unless smoke lies between (adds to 000 Attack Dice Modifiers; Light Guns already ignore the fast
  target penalty).
* ``belt_side_hits`` (001 Torpedo Belts): a torpedo hit from the target's side arcs on a ship with a Torpedo Belt
  rolls a D6: on 4+ it struck the belt and the Attack Die is rolled again; fore and aft hits are never reduced
  (replaces the X deducted from each Damage Die by 000 Torpedo Belt X).
* ``weak_001`` (001 Weak): Weak weapons take -1 on their Damage Dice and may score critical hits on targets of
  Armour 3 or less, each costing at most 1 extra point in all (R-TAC-81; replaces 000 Weak: criticals only on
  civilian ships).
* ``torpedo_reloads`` (001 Torpedo Attacks, Tubes and Reloads): submarines reload once; Japanese cruisers with
  Slow-Loading torpedoes reload twice, Japanese destroyers once; torpedo systems are rolled for like turrets when
  the ship is crippled (instead of having their Attack Dice halved); torpedo damage to civilian ships is doubled.
* ``observation_001`` (001 Observation Aircraft): Observation Flights give no Scouting Points (no Initiative
  bonus) and the Aircraft trait is never lost when a ship is crippled.
* ``smoke_001`` (001 Smoke): a ship with Radar (or Advanced Radar) may fire through smoke laid by its own fleet
  (no close-range bonus through it); AA fire through friendly smoke takes -1; torpedoes are never fired through
  smoke (replaces 000 Create Smoke!'s "no attacks through them at all" for friendly smoke).
* ``night_001`` (001 Night Fighting): illumination replaces 000's night spotting: Illuminated ships are spotted
  by every enemy within 20" and fired at as by day; Light Guns fired at night illuminate the firer to enemies
  within 10"; searchlights illuminate one enemy within 10" (and the ship using them) at the start of the Gunnery
  Phase, the loser of the Initiative declaring first; star shells illuminate every ship within 3"; in 1943 or
  earlier a ship firing by radar must shoot at the largest enemy in range.
* ``coast_001`` (001 Shorelines; Shore Batteries): a ship with a starting Hull of 6 or more runs aground within
  1" of land, may then fire no weapon at all, and attacks against it get +2; the shore battery critical "no
  weapons" result lasts D3 turns (replaces 000 Land and the Shore Battery Critical Hits row 4).
* ``minefields`` (001 Minefields): the mined 12" squares of :attr:`BattleSpec.minefields` are dangerous to enter
  (the battle spec gives them; without the option they are ignored).

Seed 003 (optional combat rules):

* ``target_size`` (003 Target Size and Facing): Attack Dice +1 against battleships, carriers and civilian ships,
  -1 against destroyers and submarines, +1 from the target's side arcs and -1 from its fore or aft arcs (replaces
  000 "Target's Ship Class is Destroyer" and "Large Silhouette"); a non-Devastating torpedo hit on the broadside
  deals 1 damage on a Damage Die of 4-5 and 2 on a natural 6 (R-TAC-60).
* ``criticals_2d6`` (003 Critical Hits): critical locations are rolled on 2D6 and resolved on 003's
  Superstructure/Hull, Engines, Weapons and Vital Systems tables, with fires (replaces 000's D10 Critical Area
  table, the area tables and Vital Systems; Critical Scores stay at 0).
* ``splash_counters`` (003 Splash Counters): a ship firing Main Guns at a target puts one splash marker on it;
  each Main Gun system of a later ship firing at it rolls one Attack Die fewer per marker of other ships (none
  after a passed 003 radar check; cleared in the End Phase; R-TAC-78).
* ``weather_visibility`` (003 Bad Weather): in bad weather, visibility is 2D6+10" rolled each Initiative Phase;
  ships farther away are hidden and only radar may fire at them (replaces 000 Bad Weather's 15"/25" spotting).
* ``night_states`` (003 Night Battles): every ship is hidden, detected (within 10", 20" for the Japanese; -1 to
  hit) or illuminated (fired turreted weapons, or star shells); hidden ships only by radar (replaces 000 Night
  Battles' spotting).  ``fog_of_war`` (003 Fog of War) adds the friendly-fire check.
* ``nationality_bonuses`` (003 Nationality Bonuses): German optics (+1 at long and extreme range without radar)
  and damage control (+1), German radar checks need 5+, British bad-weather visibility rolled twice, American Fog
  of War with two dice, Japanese exempt from it and detecting at 20" (the US points bonus is fleet building).
* ``radar_checks`` (003 Radar): a radar ship may roll a radar targeting check (3+; German 5+) before firing: if
  it passes, its attacks ignore every modifier but -1 at long and -3 at extreme range, and it may fire at hidden
  ships; torpedoes are unaffected.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from scenarios.errors import InputError
from scenarios.models import Record


class RuleOptions(Record):
    """Named optional rules, all off by default (see the module docstring for what each replaces).
    ``matched_objectives``: 000 Competitive Battles."""

    matched_objectives: bool = False
    # seed 001
    half_speed_turns: bool = False
    flank_speed_order: bool = False
    close_range_bonus: bool = False
    belt_side_hits: bool = False
    weak_001: bool = False
    torpedo_reloads: bool = False
    observation_001: bool = False
    smoke_001: bool = False
    night_001: bool = False
    coast_001: bool = False
    minefields: bool = False
    # seed 003
    target_size: bool = False
    criticals_2d6: bool = False
    splash_counters: bool = False
    weather_visibility: bool = False
    night_states: bool = False
    fog_of_war: bool = False
    nationality_bonuses: bool = False
    radar_checks: bool = False

    def active(self) -> list[str]:
        """The names of the options switched on."""
        return [name for name, value in self.model_dump().items() if value]


OPTION_NOTES: dict[str, tuple[str, str]] = {
    "matched_objectives": ("each fleet plays a matched objective instead of the scenario's", "000 Competitive Battles"),
    "half_speed_turns": ("a ship runs half its current Flank Speed straight before it may turn", "001 Moving"),
    "flank_speed_order": ("Flank Speed! gives +1\" of movement and no Attack Dice penalty", "001 Flank Speed!"),
    "close_range_bonus": ("+1 Attack Dice for Main and Light Guns within 10\" unless smoke lies between",
                          "001 Attacking"),
    "belt_side_hits": ("Torpedo Belts guard the side arcs only: a 4+ re-rolls the torpedo's Attack Die",
                       "001 Torpedo Belts"),
    "weak_001": ("Weak weapons: -1 Damage Dice, criticals on Armour 3 or less, at most 1 extra point", "001 Weak"),
    "torpedo_reloads": ("limited torpedo reloads, tubes rolled for like turrets, torpedo damage to civilian ships "
                        "doubled", "001 Torpedo Attacks, Tubes and Reloads"),
    "observation_001": ("Observation Flights give no Initiative bonus; Aircraft is never lost on crippling",
                        "001 Observation Aircraft"),
    "smoke_001": ("radar ships may fire through their own fleet's smoke; no torpedoes through smoke", "001 Smoke"),
    "night_001": ("illumination rules of night fighting: searchlights, star shells, Light Guns light the firer",
                  "001 Night Fighting"),
    "coast_001": ("large ships run aground within 1\" of land; shore battery 'no weapons' lasts D3 turns",
                  "001 Shorelines; Shore Batteries"),
    "minefields": ("the battle's mined squares are dangerous to enter", "001 Minefields"),
    "target_size": ("Attack Dice by target size and by the arc the target is hit from", "003 Target Size and Facing"),
    "criticals_2d6": ("critical locations on 2D6 with 003's tables, and fires", "003 Critical Hits"),
    "splash_counters": ("each ship firing Main Guns marks its target: later ships roll a die fewer per marker",
                        "003 Splash Counters"),
    "weather_visibility": ("bad weather visibility of 2D6+10\" rolled each turn", "003 Bad Weather"),
    "night_states": ("ships at night are hidden, detected or illuminated", "003 Night Battles"),
    "fog_of_war": ("the friendly-fire check of night battles (with night_states)", "003 Fog of War"),
    "nationality_bonuses": ("German optics and damage control, British and Japanese night and weather bonuses",
                            "003 Nationality Bonuses"),
    "radar_checks": ("a radar targeting check lets a ship ignore most modifiers and fire at hidden ships",
                     "003 Radar"),
}
"""Each option's one-line summary (ours) and its source, for ``vas battle --list-options`` and the set-up screens."""


class UnknownOption(InputError):
    """A rule option name that is not one of :class:`RuleOptions` (the message names the nearest)."""


def nearest_name(name: str, known: list[str]) -> str:
    """``" (did you mean X?)"`` for the closest of ``known`` to ``name``, else the list of them all."""
    close = difflib.get_close_matches(name.replace("-", "_"), known, n=1, cutoff=0.5)
    return f" (did you mean {close[0]}?)" if close else f" (known: {', '.join(known)})"


def rule_options(names: Iterable[str]) -> RuleOptions:
    """The options named switched on (``-`` is read as ``_``); raises :class:`UnknownOption` naming the nearest
    option for a name that is none."""
    chosen: dict[str, bool] = {}
    for name in names:
        key = name.replace("-", "_")
        if key not in RuleOptions.model_fields:
            raise UnknownOption(f"unknown tactical option '{name}'{nearest_name(name, list(RuleOptions.model_fields))}")
        chosen[key] = True
    return RuleOptions(**chosen)
