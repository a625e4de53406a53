"""The War at Sea entry of the US ships (reference/was.md §4.7 [S]; R-OPS-64), with the tournament acceleration
(campaign option ``accelerated_us_entry``; R-OPT-02).

War at Sea alone only: in the combined game 002 §4.3 replaces the entry roll (the US ships roll once, on turn 3,
and move freely from turn 4).  In War at Sea alone every US ship waits out of the war where the order of
appearance puts it (inactive, as 002 §3.21 holds the combined game's US Atlantic ships) until its own entry roll
succeeds; from turn 4 each waiting ship rolls a die at the start of the turn, after the arrivals, and enters
permanently on a 6 (the standard 2nd-edition rule).  With the option each turn after turn 4 one face more enters
(5-6 on turn 5 ... 2-6 on turn 8).  A ship that enters is at sea in the North Atlantic, patrolling, and is free
from then on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenarios.models import Theatre, UnitType
from strategic.events import UsEntryRoll
from strategic.rule_options import ACCELERATED_US_ENTRY
from strategic.state import UNTIL_US_ENTRY, CampaignState, Mode, UnitStatus

if TYPE_CHECKING:
    from scenarios.loader import CampaignData
    from scenarios.models import Setup
    from strategic.campaign import Campaign

RULE = "WAS US entry (reference/was.md §4.7; R-OPS-64, R-OPT-02)"
STANDARD_RULE = "WAS US entry (reference/was.md §4.7; R-OPS-64)"
ACCELERATED_RULE = "WAS US entry, tournament option (reference/was.md §4.7; R-OPT-02)"
STANDARD_FACE = 6  # "each US ship enters permanently on a die roll of 6" [S]
FIRST_TURN = 4  # the US ships enter from turn 4 [S]
ENTRY_AREA = "North Atlantic"  # "North Atlantic only" [S]


def plays_entry(setup: Setup) -> bool:
    """Whether a set-up plays the War at Sea entry roll: War at Sea alone (002 §4.3 replaces it in the combined
    game)."""
    return Theatre.VITP not in setup.theatres


def needed_face(turn: int, *, accelerated: bool = True) -> int:
    """The lowest face that enters on ``turn``: always 6 (the standard rule); with the option 6 on turn 4, one less
    each turn after, never below 2 [S]."""
    if not accelerated:
        return STANDARD_FACE
    return max(2, STANDARD_FACE - (turn - FIRST_TURN))


def hold_us_ships(state: CampaignState, data: CampaignData) -> None:
    """A new game of War at Sea alone: every US ship (convoys are no ships of the US Navy) waits for its entry
    roll."""
    for us in state.units.values():
        unit = data.units[us.name]
        if unit.nation == "US" and unit.type.is_ship and unit.type is not UnitType.CONVOY:
            us.inactive_until = UNTIL_US_ENTRY


def entry_rolls(campaign: Campaign) -> None:
    """The start of a turn from turn 4 (War at Sea alone): each US ship still waiting (and arrived) rolls for its
    entry."""
    state = campaign.state
    if not plays_entry(campaign.setup) or state.turn < FIRST_TURN:
        return
    accelerated = bool(state.options.get(ACCELERATED_US_ENTRY))
    rule = ACCELERATED_RULE if accelerated else STANDARD_RULE
    needed = needed_face(state.turn, accelerated=accelerated)
    for us in state.units.values():
        if us.inactive_until != UNTIL_US_ENTRY or us.status not in (UnitStatus.PORT, UnitStatus.SEA):
            continue
        face = campaign.dice.d6(label=f"US entry {us.name}", rule=rule)
        entered = face >= needed
        if entered:
            us.inactive_until = None
            us.status, us.place, us.mode, us.moved = UnitStatus.SEA, ENTRY_AREA, Mode.PATROL, True
        campaign.log(UsEntryRoll, rule, unit=us.name, face=face, needed=needed, entered=entered)
