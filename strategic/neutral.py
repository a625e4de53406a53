"""The War at Sea Neutral Port ("Neutral Country"): who goes there, and what staying costs.

Sources: War at Sea (reference/was.md §1.3 [S]: ships disabled in the South Atlantic go to the neutral port; they
must leave it the following turn or their owner loses points; §2 step 7 [D]: Axis ships failing the oil roll also
go there, :func:`strategic.basing.execute_return`).  The amount (constant ``neutral-port-stay-poc``) and when it is
charged are reconstructed (docs/rulings.md R-OPS-42, R-OPS-43).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenarios.models import Side
from strategic.events import NeutralPortStay
from strategic.state import UnitStatus

if TYPE_CHECKING:
    from strategic.campaign import Campaign
    from strategic.state import UnitState

NEUTRAL_PORT = "Neutral Country"
REFUGE_OF: dict[str, str] = {"South Atlantic": NEUTRAL_PORT}
"""R-OPS-42: a ship disabled in these sea areas goes to this port, whichever side it is on (reference/was.md §1.3)."""

RULE = "WAS Neutral Port (R-OPS-43)"
REFUGE_RULE = "WAS Neutral Port, 002 §2.212 (R-OPS-65)"

REFUGE_ONLY_NATIONS = frozenset({"DE"})
"""R-OPS-65: the nations whose ships never choose the neutral port at the end of a turn: German ships (surface
raiders too, 002 §2.212) reach it only when disabled in the South Atlantic (R-OPS-42), on a failed oil roll
(reference/was.md §3.4 [D]), on a failed speed roll between the games (002 §3.342) or from the Bay of Bengal
(002 §3.332)."""


def chosen_return_allowed(campaign: Campaign, us: UnitState, port: str) -> bool:
    """May ``us`` return to ``port`` of its own choice because the port touches its area?  Not a German ship to
    the neutral port (R-OPS-65)."""
    return not (port == NEUTRAL_PORT and campaign.unit_record(us.name).nation in REFUGE_ONLY_NATIONS)


def refuge_for_disabled(campaign: Campaign, us: UnitState, area: str) -> str | None:
    """The neutral port a ship disabled at sea in ``area`` must go to (``None``: the usual return)."""
    port = REFUGE_OF.get(area)
    if port is None or not campaign.place_played(port):
        return None
    unit = campaign.unit_record(us.name)
    return port if unit.type.sails_as_ship and campaign.can_base(unit, us, port) else None


def overstayers(campaign: Campaign) -> list[UnitState]:
    """Ships still in the neutral port in the control phase that were there when the turn began: not put there
    this turn (disabled, turned back by a failed speed roll: ``returned_early``), not inactive, and not on the
    set-up's first turn (the set-up places ships there; they did not go there)."""
    state = campaign.state
    if state.turn == campaign.setup.first_turn or not campaign.place_played(NEUTRAL_PORT):
        return []
    return [us for us in state.units_at(NEUTRAL_PORT, status=UnitStatus.PORT)
            if campaign.unit_record(us.name).type.sails_as_ship and not us.returned_early
            and us.inactive_until is None]


def stay_penalties(campaign: Campaign) -> int:
    """Control phase: each overstaying ship costs its side ``neutral-port-stay-poc`` POC on the War at Sea track;
    returns the award, Axis positive."""
    poc = campaign.data.constant_number("neutral-port-stay-poc")
    award = 0
    for us in overstayers(campaign):
        award += poc if us.side is Side.ALLIED else -poc
        campaign.log(NeutralPortStay, RULE, unit=us.name, port=NEUTRAL_PORT, side=us.side.value, poc=poc)
    return award
