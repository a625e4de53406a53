"""The rule options a campaign is played with (issue 19 items 12 and 19): named, chosen when the game is set up
(``vas run --option``, ``vas play``'s set-up screen, ``vas serve --option``), saved with the game and in its
campaign log, and never changed afterwards.

Two kinds share one list of names:

* campaign (operational) options, :data:`CAMPAIGN_OPTIONS`: tournament options of the base games, built only where
  the reference digests hold their text (docs/rulings.md R-OPT-01 lists those whose text is not held);
* tactical options, :data:`tactical.OPTION_NOTES` (seeds 000, 001, 003): every battle the campaign fights on the
  miniatures table is fought with them, and its battle log says so (its spec's ``options``).

With no option chosen the game is exactly the one it always was.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from strategic.state import CampaignState
from tactical import OPTION_NOTES, RuleOptions, UnknownOption, nearest_name, rule_options


@dataclass(frozen=True)
class CampaignOption:
    """A campaign rule option: its summary (ours), its source and the set-ups it can be played in."""

    summary: str
    source: str
    setups: tuple[str, ...]


ACCELERATED_US_ENTRY = "accelerated_us_entry"

CAMPAIGN_OPTIONS: dict[str, CampaignOption] = {
    ACCELERATED_US_ENTRY: CampaignOption(
        "War at Sea alone: the US entry roll (each US ship enters the North Atlantic on a 6 from turn 4, "
        "R-OPS-64) takes one face more each turn after turn 4 (5-6 on turn 5 ... 2-6 on turn 8; R-OPT-02)",
        "reference/was.md §4.7 [S] (tournament option)", ("was_only",)),
}
"""The campaign options built (R-OPT-01 lists the tournament options whose text the digests do not hold)."""


def known_options() -> list[str]:
    """Every option name: the campaign options, then the tactical ones."""
    return [*CAMPAIGN_OPTIONS, *RuleOptions.model_fields]


def option_name(text: str) -> str:
    """The option named ``text`` (``-`` read as ``_``); raises :class:`~tactical.UnknownOption` naming the nearest
    option for a name that is none."""
    key = text.replace("-", "_")
    if key not in CAMPAIGN_OPTIONS and key not in RuleOptions.model_fields:
        raise UnknownOption(f"unknown rule option '{text}'{nearest_name(text, known_options())}")
    return key


def split_options(names: Iterable[str], setup: str) -> tuple[list[str], list[str]]:
    """The campaign and the tactical options of ``names`` for a game of set-up ``setup`` (each once, in the order
    of :func:`known_options`).  Raises :class:`~tactical.UnknownOption` for an unknown name (naming the nearest) and
    for a campaign option that set-up does not play (naming the set-ups it goes with)."""
    chosen = {option_name(n) for n in names}
    for name in sorted(chosen & set(CAMPAIGN_OPTIONS)):
        option = CAMPAIGN_OPTIONS[name]
        if setup not in option.setups:
            raise UnknownOption(f"rule option '{name}' is played in the set-up {' or '.join(option.setups)} only, "
                                f"not {setup} ({option.source})")
    return [n for n in CAMPAIGN_OPTIONS if n in chosen], [n for n in RuleOptions.model_fields if n in chosen]


def chosen_options(state: CampaignState) -> list[str]:
    """The rule options a game was set up with, as ``--option`` names them: its campaign options (the set-up's own,
    such as the early-war start, aside) and its tactical ones."""
    return [*(n for n in CAMPAIGN_OPTIONS if state.options.get(n)), *state.tactical_options]


def battle_options(names: Iterable[str]) -> RuleOptions:
    """The :class:`~tactical.RuleOptions` of a campaign's tactical options (``CampaignState.tactical_options``)."""
    return rule_options(names)


def option_rows() -> list[tuple[str, str, str]]:
    """Every option's name, summary and source, campaign options first."""
    return [*((n, o.summary, o.source) for n, o in CAMPAIGN_OPTIONS.items()),
            *((n, summary, source) for n, (summary, source) in OPTION_NOTES.items())]


def option_lines() -> list[str]:
    """Every option with its summary and source, one a line, campaign options first (``--list-options``)."""
    width = max(map(len, known_options()))
    lines = ["Campaign options (vas run / vas play / vas serve --option NAME):"]
    lines += [f"  {name:<{width}}  {o.summary} [{o.source}]" for name, o in CAMPAIGN_OPTIONS.items()]
    lines.append("Tactical options (vas battle --option NAME; in a campaign: every battle on the table):")
    lines += [f"  {name:<{width}}  {summary} [{source}]" for name, (summary, source) in OPTION_NOTES.items()]
    return lines
