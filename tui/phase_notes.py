"""What the phase bar says of the outbreak of the Pacific war (issue #17): on the Pearl Harbor turn (the first VITP
turn of the standard start, turn 3; or the turn of Japan's announcement in the early-war start) what is happening,
and before the war in the early-war start that the Pacific is at peace.  Read from the engine
(:func:`strategic.outbreak.surprise_turn`, :attr:`~strategic.campaign.Campaign.surprise_done`); nothing here
decides a rule."""

from __future__ import annotations

from scenarios.models import Theatre
from strategic.campaign import Campaign
from strategic.outbreak import surprise_turn


def war_note(campaign: Campaign) -> str:
    """The phase bar's note on the Pacific war, or ``""`` on an ordinary turn."""
    if campaign.early_war and not campaign.pacific_at_war:
        return "Pacific at peace until Japan announces its attack with its air units (002 §5.62, §5.71)"
    if not campaign.setup_plays(Theatre.VITP) or not surprise_turn(campaign):
        return ""
    if campaign.early_war:
        if campaign.surprise_done:
            return "Pearl Harbor turn: the surprise attacks are over; the Pacific war is on (002 §5.73-5.736)"
        return "Pearl Harbor turn: Japan has announced its attack; the surprise attacks come next (002 §5.73)"
    if campaign.surprise_done:
        return "Pearl Harbor turn: the surprise attacks are over (Log tab); the War at Sea moves follow (002 §3.232)"
    return "Pearl Harbor turn: the Pacific war begins; Japan's surprise attacks follow its raiders' move (VITP 18)"
