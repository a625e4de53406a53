"""The POC tab's chart (issue #17): each theatre's track turn by turn, on an x-axis of the game's turns (1 to the
last, whatever has been played), with the automatic-victory lines of VITP 19 (a lead of the
``automatic-victory-lead`` constant either way) drawn across it."""

from __future__ import annotations

from typing import Any

from scenarios.loader import CampaignData
from scenarios.models import Theatre
from strategic.views import CampaignView

COLOURS = {Theatre.WAS: "blue", Theatre.VITP: "orange"}


def poc_heading(data: CampaignData, view: CampaignView) -> str:
    """``POC (positive: the Axis leads)  WAS: Axis +5   VITP: level; automatic victory at a lead of 29``."""
    from strategic.bid import bid_words
    from strategic.narrate import lead

    tracks = "   ".join(f"{t.value}: {lead(view.standing(t))}" for t in view.poc)
    if view.bid:
        tracks += f" (with the bid: {bid_words(view.bid)})"
    line = data.constant_number("automatic-victory-lead")
    return (f"POC (positive: the Axis leads)  {tracks}; VITP automatic victory at a lead of {line} (the red lines); "
            f"after turn {view.outbreak.last_turn} the side ahead wins each theatre")


def draw_poc(plt: Any, data: CampaignData, view: CampaignView) -> None:
    """Plot the tracks of ``view`` on ``plt`` (a plotext module of a ``PlotextPlot``)."""

    last = view.outbreak.last_turn
    line = data.constant_number("automatic-victory-lead")
    plt.clear_data()
    turns = [r.turn for r in view.poc_history]
    for theatre in (Theatre.WAS, Theatre.VITP):
        values = [r.totals.get(theatre, 0) - view.bid.get(theatre, 0) for r in view.poc_history]  # less the bid
        if turns and theatre in view.poc:
            plt.plot(turns, values, label=theatre.value, marker="braille", color=COLOURS[theatre])
    if Theatre.VITP in view.poc:
        for y in (line, -line):
            plt.hline(y, "red")
        # the labels at the right end: the theatres' legend takes the top left corner (a small chart ran them together)
        plt.text(f"Axis +{line}: automatic VITP victory", last, line - 3, color="red", alignment="right")
        plt.text(f"Allies +{line}: automatic VITP victory", last, -line + 3, color="red", alignment="right")
    plt.hline(0, "gray")
    plt.xlim(1, last)
    plt.xticks(list(range(1, last + 1)))
    top = int(max([line + 3, *(abs(v - view.bid.get(t, 0)) + 3 for r in view.poc_history
                                   for t, v in r.totals.items())]))
    plt.ylim(-top, top)
    plt.yticks(list(range(-(top // 10) * 10, top + 1, 10)))
    plt.title("POC track per theatre")
    plt.xlabel("turn")
