"""The combat resolvers by name (``vas run --combat``, a save's ``combat``, self-play): the factory that sits above
both implementations of :class:`strategic.combat.BattleResolver`, so that neither the combat hook nor the classic
engine has to import the tactical bridge (docs/architecture.md, "strategic layers")."""

from __future__ import annotations

from strategic.battles import TacticalResolver
from strategic.classic.resolver import ClassicResolver
from strategic.combat import BattleResolver


def make_resolver(name: str) -> BattleResolver | None:
    """The combat resolver by name: ``classic`` (War at Sea / VITP combat, 002 §4.1), ``tactical`` (each battle
    fought with the Victory at Sea miniatures engine) or ``none`` (battles stay pending).  Raises ``ValueError``
    for another name."""
    if name == "none":
        return None
    if name == "classic":
        return ClassicResolver()
    if name == "tactical":
        return TacticalResolver()
    raise ValueError(f"unknown combat resolver '{name}' (known: classic, tactical, none)")
