"""The POC bid (issue 22; R-AI-07): a handicap in POC, in steps of half a point as tournaments bid them, chosen per
theatre when the game is set up (``vas run / play / serve / selfplay --bid THEATRE=N``, the start screen's bid
field), positive for the Allies.  It is the theatre's starting POC: every reading of the track that decides
something (the automatic victory, the end-of-game result, the 002 §3 conditions on who leads) reads the track
less the bid (:func:`standing`).  The awards themselves stay whole numbers in ``CampaignState.poc``; a half-point
bid is why a theatre with one can never end tied.

A game with no bid is exactly the game it always was (its save and log carry no ``bid``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from scenarios.errors import InputError
from scenarios.models import Theatre
from strategic.state import CampaignState

BID_STEP = 0.5
"""Bids go in half points, as War at Sea tournaments bid (issue 22)."""

BID_LIMIT = 20.0
"""The largest bid either way: more than half the VITP automatic-victory lead would decide the game at the start."""


class BadBid(InputError):
    """A bid that is not ``THEATRE=N`` with a played theatre and N a multiple of 0.5 within :data:`BID_LIMIT`."""


def parse_bid(text: str) -> tuple[Theatre, float]:
    """``VITP=1.5`` (Allies get 1.5 POC in the Pacific), ``was=-0.5`` (the Axis get half a point in the Atlantic).
    Raises :class:`BadBid` naming what is wrong."""
    name, sep, amount = text.partition("=")
    theatres = {t.value.lower(): t for t in Theatre}
    if not sep or name.strip().lower() not in theatres:
        raise BadBid(f"a bid is THEATRE=N with THEATRE one of {', '.join(t.value for t in Theatre)}, not '{text}'")
    try:
        value = float(amount)
    except ValueError:
        raise BadBid(f"the bid '{text}' needs a number of POC after '=' (e.g. VITP=1.5)") from None
    if not math.isfinite(value) or abs(value) > BID_LIMIT or value * 2 != int(value * 2):  # inf: R-UI-80
        raise BadBid(f"the bid '{text}' must be a multiple of {BID_STEP} POC from -{BID_LIMIT:g} to {BID_LIMIT:g}")
    return theatres[name.strip().lower()], value


def bids(texts: Iterable[str], theatres: Iterable[Theatre]) -> dict[Theatre, float]:
    """The bid of each of the set-up's ``theatres`` given (``THEATRE=N`` each, a later one replacing an earlier);
    a zero bid is no bid.  Raises :class:`BadBid` for a theatre the set-up does not play."""
    played = list(theatres)
    out: dict[Theatre, float] = {}
    for text in texts:
        theatre, value = parse_bid(text)
        if theatre not in played:
            raise BadBid(f"the bid '{text}' is for {theatre.value}, which this set-up does not play "
                         f"(it plays {', '.join(t.value for t in played)})")
        out[theatre] = value
    return {t: v for t, v in out.items() if v}


def check_bids(bid: Mapping[Theatre, float], theatres: Iterable[Theatre]) -> list[str]:
    """What is wrong with a saved game's bid (a save check): a theatre not played, a value off the 0.5 grid."""
    played = list(theatres)
    out = []
    for theatre, value in bid.items():
        if theatre not in played:
            out.append(f"bid.{theatre.value}: the set-up does not play {theatre.value}")
        if not math.isfinite(value) or abs(value) > BID_LIMIT or value * 2 != int(value * 2) or value == 0:
            out.append(f"bid.{theatre.value}: {value:g} is not a bid (a non-zero multiple of {BID_STEP} POC within "
                       f"{BID_LIMIT:g})")
    return out


def standing(state: CampaignState, theatre: Theatre) -> float:
    """The theatre's POC standing (Axis lead, negative: the Allies lead): the track less the Allied bid."""
    value = state.poc.get(theatre, 0)
    bid = state.bid.get(theatre)
    return value - bid if bid else value


def bid_words(bid: Mapping[Theatre, float]) -> str:
    """``VITP: Allies +1.5, WAS: Axis +0.5``, or ``none``."""
    if not bid:
        return "none"
    return ", ".join(f"{t.value}: {'Allies' if v > 0 else 'Axis'} +{abs(v):g}" for t, v in bid.items())
