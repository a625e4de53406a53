"""The War at Sea entry of the US ships, with the tournament acceleration (campaign option
``accelerated_us_entry``; reference/was.md §4.7 [S]; R-OPT-02).

War at Sea alone only: in the combined game 002 §4.3 replaces the entry roll (the US ships roll once, on turn 3,
and move freely from turn 4).  With the option, every US ship waits out of the war where the order of appearance
puts it (inactive, as 002 §3.21 holds the combined game's US Atlantic ships) until its own entry roll succeeds;
from turn 4 each waiting ship rolls a die at the start of the turn, after the arrivals: it enters on a 6 on turn
4, and each later turn one face more enters (5-6 on turn 5 ... 2-6 on turn 8).  A ship that enters is at sea in
the North Atlantic, patrolling, and is free from then on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenarios.models import UnitType
from strategic.events import UsEntryRoll
from strategic.rule_options import ACCELERATED_US_ENTRY
from strategic.state import UNTIL_US_ENTRY, CampaignState, Mode, UnitStatus

if TYPE_CHECKING:
    from scenarios.loader import CampaignData
    from strategic.campaign import Campaign

RULE = "WAS US entry, tournament option (reference/was.md §4.7; R-OPT-02)"
FIRST_TURN = 4  # the US ships enter from turn 4 [S]
ENTRY_AREA = "North Atlantic"  # "North Atlantic only" [S]


def needed_face(turn: int) -> int:
    """The lowest face that enters on ``turn``: 6 on turn 4, one less each turn after, never below 2 [S]."""
    return max(2, 6 - (turn - FIRST_TURN))


def hold_us_ships(state: CampaignState, data: CampaignData) -> None:
    """A new game with the option: every US ship (convoys are no ships of the US Navy) waits for its entry roll."""
    for us in state.units.values():
        unit = data.units[us.name]
        if unit.nation == "US" and unit.type.is_ship and unit.type is not UnitType.CONVOY:
            us.inactive_until = UNTIL_US_ENTRY


def entry_rolls(campaign: Campaign) -> None:
    """The start of a turn from turn 4: each US ship still waiting (and arrived) rolls for its entry."""
    state = campaign.state
    if not state.options.get(ACCELERATED_US_ENTRY) or state.turn < FIRST_TURN:
        return
    needed = needed_face(state.turn)
    for us in state.units.values():
        if us.inactive_until != UNTIL_US_ENTRY or us.status not in (UnitStatus.PORT, UnitStatus.SEA):
            continue
        face = campaign.dice.d6(label=f"US entry {us.name}", rule=RULE)
        entered = face >= needed
        if entered:
            us.inactive_until = None
            us.status, us.place, us.mode, us.moved = UnitStatus.SEA, ENTRY_AREA, Mode.PATROL, True
        campaign.log(UsEntryRoll, RULE, unit=us.name, face=face, needed=needed, entered=entered)
