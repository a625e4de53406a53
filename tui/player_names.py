"""The players' names as the app writes them (the phase bar, the hand-over, the start screen)."""

from __future__ import annotations

from scenarios.models import Player

PLAYER_NAMES = {
    Player.JAPAN: "Japan",
    Player.GERMANY_ITALY: "Germany-Italy",
    Player.UNITED_STATES: "United States",
    Player.ALLIES: "Allies (Britain, France, Russia, Netherlands, Australia)",
}



def player_name(player: Player) -> str:
    """The player's short name: ``Allies`` for the other Allies."""
    return PLAYER_NAMES[player].split(" (")[0]


def players_text(humans: set[str] | frozenset[str]) -> str:
    """The human players in the words of the start screen ("Japan, Allies"), or that the AI plays all four."""
    names = [PLAYER_NAMES[p].split(" (")[0] for p in Player if p.value in humans]
    return ", ".join(names) if names else "none (the AI plays all four)"
