"""Argument types shared by the ``vas`` commands (argparse ``type=`` functions): a bad value is a usage error
naming the flag (argparse adds it), never a traceback."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from scenarios.models import Theatre
from strategic.bid import BadBid, parse_bid
from strategic.rule_options import CAMPAIGN_OPTIONS, option_name
from tactical import UnknownOption, rule_options


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` (to ``high`` if given)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            shown = text if len(text) <= 24 else text[:21] + "..."
            raise argparse.ArgumentTypeError(f"a whole number is expected, not '{shown}'") from None
        if value < low or (high is not None and value > high):
            limits = f"from {low} to {high}" if high is not None else f"{low} or more"
            raise argparse.ArgumentTypeError(f"must be {limits}, not {value}")
        return value

    return parse


def turns_note(turns: int | None, turn: int, last_turn: int) -> str:
    """What ``--turns K`` will do when the game has fewer turns left than K (R-UI-119): played to its end, said
    on the first line instead of accepted silently; ``""`` when K fits."""
    left = last_turn - turn + 1
    if turns is None or turns <= left:
        return ""
    return f"--turns {turns}: {left} turn{'s' if left != 1 else ''} left, so the game is played to its end"


seed_number = whole_number(0)
"""A seed: 0 or more (numpy's SeedSequence takes no negative seed)."""

MAX_WORKERS = 256
"""The most worker processes ``--workers`` asks for (``vas odds``, ``vas selfplay``): the pools fork them all at
once, so ``--workers 99999999999`` forked until the machine gave out or failed with an internal error (R-UI-83)."""

worker_number = whole_number(1, MAX_WORKERS)
"""``--workers``: 1 to :data:`MAX_WORKERS` processes."""


def rule_option(text: str) -> str:
    """An argparse ``type``: a campaign or tactical rule option's name (``vas run/play/serve --option``); an
    unknown one is refused naming the nearest."""
    try:
        return option_name(text)
    except UnknownOption as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def tactical_option(text: str) -> str:
    """An argparse ``type``: a tactical rule option's name (``vas battle --option``); the nearest is named for an
    unknown one, and a campaign option is refused as one no single battle plays."""
    name = text.replace("-", "_")
    if name in CAMPAIGN_OPTIONS:
        raise argparse.ArgumentTypeError(f"'{text}' is a campaign option (vas run --option), not one of a battle")
    try:
        rule_options([name])
    except UnknownOption as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return name


def poc_bid(text: str) -> tuple[Theatre, float]:
    """An argparse ``type``: a POC bid ``THEATRE=N`` (``vas run/play/serve/selfplay --bid``, strategic.bid), N a
    multiple of 0.5, positive for the Allies; a malformed one is refused saying what a bid is.  (Whether the set-up
    plays the theatre is checked when the game is made.)"""
    try:
        return parse_bid(text)
    except BadBid as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


BID_HELP = ("a POC bid THEATRE=N (repeatable, one per theatre): N POC, a multiple of 0.5, that the Allies start with "
            "in WAS or VITP (negative: the Axis), counted in the automatic victory and the final result; a new "
            "game only")
