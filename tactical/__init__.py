"""tactical: the Victory at Sea miniatures rules engine (seed 000).

The door is :func:`tactical.battle.resolve` (``BattleSpec`` -> ``BattleReport``); see docs/architecture.md for the
modules.  Imports only ``scenarios`` (never ``strategic`` or ``tui``).
"""
