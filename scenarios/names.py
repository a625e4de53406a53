"""The players and sides as the players say them (issue #17: no raw data ids such as ``germany_italy`` in text).

The data keeps the ids of :class:`~scenarios.models.Player` and :class:`~scenarios.models.Side`; every sentence a
user reads names them with these helpers (R-UI-50).
"""

from __future__ import annotations

PLAYER_NAMES = {"japan": "Japan", "germany_italy": "Germany-Italy", "united_states": "United States",
                "allies": "Allies"}
"""The four players of 002 §3, as headings and lists write them."""

PLAYER_WORDS = {"japan": "Japan", "germany_italy": "Germany-Italy", "united_states": "the United States",
                "allies": "the Allies"}
"""The four players inside a sentence ("takes orders from the United States")."""

SIDE_NAMES = {"allied": "Allies", "axis": "Axis", "tie": "neither side (a tie)"}
"""The two sides of 002 §3 (the data's ``allied``/``axis``)."""


def _key(value: object) -> str:
    return str(getattr(value, "value", value))


def player_name(player: object) -> str:
    """``Germany-Italy`` for a Player or its id; unknown text as it is."""
    return PLAYER_NAMES.get(_key(player), _key(player))


def player_words(player: object) -> str:
    """A player inside a sentence: ``the United States``, ``the Allies``, ``Japan``; unknown text as it is."""
    return PLAYER_WORDS.get(_key(player), _key(player))


def side_name(side: object) -> str:
    """``Allies`` or ``Axis`` for a Side or its id; unknown text as it is."""
    return SIDE_NAMES.get(_key(side), _key(side))


def side_words(side: object) -> str:
    """A side inside a sentence: ``the Allies``, ``the Axis``."""
    text = _key(side)
    return f"the {SIDE_NAMES[text]}" if text in ("allied", "axis") else side_name(side)


def spoken_name(text: str) -> str:
    """A player or a side id as the players say it (``germany_italy`` -> ``Germany-Italy``); other text as it is."""
    return PLAYER_NAMES.get(text) or SIDE_NAMES.get(text, text)
