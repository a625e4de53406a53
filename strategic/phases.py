"""The phases of a turn: the clock walks them (:mod:`strategic.clock`), every event names the one it happened in."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Steps of a combined turn (002 §3.241-3.246; War at Sea turns 1-2 use a subset, see clock.py)."""

    START = "start"  # removals, arrivals, returns, forced moves
    REINFORCE = "reinforce"  # players place arrivals that have a choice of place
    PATROL = "patrol"  # patrolling moves (all War at Sea movement is patrolling)
    REPAIR = "repair"
    AIR = "air"  # land-based air placement
    LANDING = "landing"  # VITP marine units
    RAID = "raid"  # VITP raiding moves
    SUBMARINE = "submarine"  # submarine placement
    COMBAT = "combat"
    CONTROL = "control"  # control, POC, isolation of ports
    RETURN = "return"  # return to port
    END = "end"
