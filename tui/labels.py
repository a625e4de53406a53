"""How units and counters are written on screen."""

from __future__ import annotations

from scenarios.models import Unit
from scenarios.names import PLAYER_NAMES, SIDE_NAMES, spoken_name

__all__ = ["spoken_name"]

SIDE_LABELS = SIDE_NAMES
"""The sides as the players say them (the data's ``allied``/``axis``)."""


def side_label(side: object) -> str:
    """``Allies`` or ``Axis`` for a :class:`~scenarios.models.Side` or its value."""
    text = str(getattr(side, "value", side))
    return SIDE_LABELS.get(text, text)


def counter_label(unit: Unit) -> str:
    """Counter factors as printed: gunnery-defence-speed, ``+`` after a bonus factor, airstrike in brackets.

    ``*`` stands for a factor the counter does not have (U-Boat speed, LBA gunnery).
    """

    def factor(value: int | None, bonus: bool) -> str:
        return "*" if value is None else f"{value}{'+' if bonus else ''}"

    text = "-".join(
        (factor(unit.gunnery, unit.bonus == "gunnery"), factor(unit.defence, False), factor(unit.speed, False))
    )
    if unit.air is not None:
        text += f" ({factor(unit.air, unit.bonus == 'air')})"
    return text


PLAYER_LABELS = PLAYER_NAMES
"""The players as the players say them (the data's ``germany_italy``, ``united_states`` ...)."""


def player_label(player: object) -> str:
    """``Germany-Italy`` for a :class:`~scenarios.models.Player` or its value (unknown text as it is)."""
    text = str(getattr(player, "value", player))
    return PLAYER_LABELS.get(text, text)
