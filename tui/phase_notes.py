"""What the phase bar says of the outbreak of the Pacific war (issue #17): on the Pearl Harbor turn (the first VITP
turn of the standard start, turn 3; or the turn of Japan's announcement in the early-war start) what is happening,
and before the war in the early-war start that the Pacific is at peace.  Read from the seat's view
(:class:`strategic.views.OutbreakView`, R-VIEW-28); nothing here decides a rule."""

from __future__ import annotations

from scenarios.models import Theatre
from strategic.views import OutbreakView


def war_note(outbreak: OutbreakView) -> str:
    """The phase bar's note on the Pacific war, or ``""`` on an ordinary turn."""
    if outbreak.early_war and not outbreak.pacific_at_war:
        return "Pacific at peace until Japan announces its attack with its air units (002 §5.62, §5.71)"
    if Theatre.VITP not in outbreak.theatres or not outbreak.surprise_turn:
        return ""
    if outbreak.surprise_done and outbreak.surprise_waiting:  # the step ran, its battles wait (R-UI-128)
        return "Pearl Harbor turn: Japan's surprise attacks are being fought (VITP 18; 002 §5.73)"
    if outbreak.early_war:
        if outbreak.surprise_done:
            return "Pearl Harbor turn: the surprise attacks are over; the Pacific war is on (002 §5.73-5.736)"
        return "Pearl Harbor turn: Japan has announced its attack; the surprise attacks come next (002 §5.73)"
    if outbreak.surprise_done:
        return "Pearl Harbor turn: the surprise attacks are over (Log tab); the War at Sea moves follow (002 §3.232)"
    return "Pearl Harbor turn: the Pacific war begins; Japan's surprise attacks follow its raiders' move (VITP 18)"
