"""Classic combat: the War at Sea and Victory in the Pacific battle rules and the 002 special units.

``ClassicResolver`` implements :class:`strategic.combat.BattleResolver`; ``CombatPolicy`` is the protocol for
player decisions in battle, ``BaselinePolicy`` its deterministic default; ``CombatTables`` holds every die
number (read from ``scenarios/data/combat.yaml``, rulings R-CMB-nn in ``docs/rulings.md``).
"""

from strategic.classic.context import BattleContext, IllegalCombatDecision
from strategic.classic.policies import BaselinePolicy, CombatPolicy
from strategic.classic.resolver import ClassicResolver
from strategic.classic.tables import CombatTables

__all__ = ["BaselinePolicy", "BattleContext", "ClassicResolver", "CombatPolicy", "CombatTables",
           "IllegalCombatDecision"]
