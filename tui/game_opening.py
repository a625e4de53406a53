"""What opening a game in the app chooses: the combat (new or loaded), the seed, the human players and who
commands his battles in a loaded game."""

from __future__ import annotations

from collections.abc import Iterable

from scenarios.loader import CampaignData
from scenarios.models import Player
from strategic.battles import TacticalResolver
from strategic.campaign import Campaign
from strategic.combat import BattleResolver
from strategic.resolvers import make_resolver
from strategic.saves import data_folders
from tui.player_names import players_text

COMBATS = {
    "tactical": "Tactical: the Victory at Sea miniatures table (what it cannot fight: classic)",
    "classic": "Classic: War at Sea / Victory in the Pacific combat",
}
"""The combat choices of the app (issue 7 item 4: tactical by default)."""

DEFAULT_HUMANS = frozenset({Player.ALLIES.value})
"""The human players when none are given (the start screen's switches start so; ``vas play --human``)."""


def parse_seed(text: str) -> int:
    """A campaign seed typed on the start screen: empty is 1 (the placeholder says so), otherwise a whole number of
    0 or more (the dice are seeded with it).  Raises ``ValueError`` with a message for the player."""
    text = text.strip()
    if not text:
        return 1
    if not text.isdigit():
        raise ValueError(f"the seed must be a whole number of 0 or more, like 1 or 42 (not '{text}')")
    return int(text)


def saved_humans(campaign: Campaign) -> set[str]:
    """The human players of a loaded game when none are named: those commanding their battles in the save, and
    the player a waiting battle question asks (a save of ``vas run --command``); else the Allies."""
    chosen = {p.value for p in campaign.state.battle_commanders}
    if campaign.state.question is not None:
        chosen.add(campaign.state.question.player.value)
    return chosen or set(DEFAULT_HUMANS)


def campaign_resolver(combat: str) -> BattleResolver:
    """The resolver for a combat choice of :data:`COMBATS`: a :class:`TacticalResolver` that keeps its battles
    (the session drops old ones) or the classic resolver.  Raises ``ValueError`` for another name."""
    if combat == "tactical":
        return TacticalResolver(keep_reports=True)
    if combat != "classic":
        raise ValueError(f"unknown combat '{combat}' (known: {', '.join(COMBATS)})")
    resolver = make_resolver("classic")
    assert resolver is not None
    return resolver


LOAD_COMBATS = {
    "saved": "As saved in the file (a save without combat: tactical)",
    "tactical": "Tactical, whatever the save says",
    "classic": "Classic, whatever the save says",
}
"""The start screen's choices for a loaded game's combat: as saved (the default), or one of :data:`COMBATS`."""


def combat_choice(campaign: Campaign, combat: str | None) -> tuple[str, str]:
    """The combat a loaded ``campaign`` is fought with, and how it was chosen (for the log's first line):
    ``combat`` if given, else the save's own (``state.combat``); a save without combat (``vas run --combat none``)
    is fought on the tactical table."""
    saved = campaign.state.combat
    if combat is not None:
        return combat, ("as saved" if combat == saved else f"chosen on loading; the save had {saved}")
    if saved == "none":
        return "tactical", "the save had no combat: vas run --combat none"
    return saved, "as saved"


def other_data_note(saved: list[str], data: CampaignData) -> str:
    """What the load notification says of the ``--data`` folders: the save's, or that it is opened on other data
    (the start screen's load: the session's data is fixed; ``vas play --load`` itself takes the save's, R-UI-111)."""
    if saved == data_folders(data):
        return f"data: {', '.join(saved)} (as saved)" if saved else ""
    now = ", ".join(data_folders(data)) or "the bundled data"
    return (f"saved on --data {', '.join(saved) or 'none'}, played on {now} (vas play --load FILE alone uses the "
            "save's)")


def commanders_text(campaign: Campaign, added: Iterable[Player] = ()) -> str:
    """Who commands his own battles in a loaded game: the save's commanders and the human players ``added`` to them
    by the start screen's switch (R-UI-98)."""
    commanders, added = campaign.state.battle_commanders, set(added)
    saved = {p.value for p in commanders if p not in added}
    new = {p.value for p in added}
    if not commanders:
        return "the AI commands every battle, as saved"
    if not new:
        return f"commanding their own battles as saved: {players_text(saved)}"
    if not saved:
        return f"commanding their own battles from now on: {players_text(new)}"
    return f"commanding their own battles: {players_text(saved)} as saved, {players_text(new)} from now on"


def take_command(campaign: Campaign, humans: set[str]) -> list[Player]:
    """R-UI-98: the human players of a loaded game command their own battles from now on (added to the save's
    commanders, none removed: a battle question the save waits on stays its commander's); the players added.  A
    player who chose in the save to leave every battle to the AI keeps that choice (``battle_choices``)."""
    added = [Player(h) for h in humans if Player(h) not in campaign.state.battle_commanders]
    campaign.state.battle_commanders = sorted([*campaign.state.battle_commanders, *added], key=list(Player).index)
    return sorted(added, key=list(Player).index)
