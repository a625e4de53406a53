"""The POC tab's chart (issue #17): each theatre's track turn by turn, on an x-axis of the game's turns (1 to the
last, whatever has been played), with the automatic-victory lines of VITP 19 (a lead of the
``automatic-victory-lead`` constant either way) drawn across it."""

from __future__ import annotations

from typing import Any

from scenarios.models import Theatre
from strategic.campaign import Campaign

COLOURS = {Theatre.WAS: "blue", Theatre.VITP: "orange"}


def poc_heading(campaign: Campaign) -> str:
    """``POC (positive: the Axis leads)  WAS: Axis +5   VITP: level; automatic victory at a lead of 29``."""
    from strategic.bid import bid_words, standing
    from strategic.narrate import lead

    state = campaign.state
    tracks = "   ".join(f"{t.value}: {lead(standing(state, t))}" for t in state.poc)
    if state.bid:
        tracks += f" (with the bid: {bid_words(state.bid)})"
    line = campaign.data.constant_number("automatic-victory-lead")
    return (f"POC (positive: the Axis leads)  {tracks}; VITP automatic victory at a lead of {line} (the red lines); "
            f"after turn {campaign.setup.last_turn} the side ahead wins each theatre")


def draw_poc(plt: Any, campaign: Campaign) -> None:
    """Plot the tracks on ``plt`` (a plotext module of a ``PlotextPlot``)."""
    state = campaign.state
    last = campaign.setup.last_turn
    line = campaign.data.constant_number("automatic-victory-lead")
    plt.clear_data()
    turns = [r.turn for r in state.poc_history]
    for theatre in (Theatre.WAS, Theatre.VITP):
        values = [r.totals.get(theatre, 0) - state.bid.get(theatre, 0) for r in state.poc_history]  # less the bid
        if turns and theatre in state.poc:
            plt.plot(turns, values, label=theatre.value, marker="braille", color=COLOURS[theatre])
    if Theatre.VITP in state.poc:
        for y in (line, -line):
            plt.hline(y, "red")
        # the labels at the right end: the theatres' legend takes the top left corner (a small chart ran them together)
        plt.text(f"Axis +{line}: automatic VITP victory", last, line - 3, color="red", alignment="right")
        plt.text(f"Allies +{line}: automatic VITP victory", last, -line + 3, color="red", alignment="right")
    plt.hline(0, "gray")
    plt.xlim(1, last)
    plt.xticks(list(range(1, last + 1)))
    top = int(max([line + 3, *(abs(v - state.bid.get(t, 0)) + 3 for r in state.poc_history
                                   for t, v in r.totals.items())]))
    plt.ylim(-top, top)
    plt.yticks(list(range(-(top // 10) * 10, top + 1, 10)))
    plt.title("POC track per theatre")
    plt.xlabel("turn")
