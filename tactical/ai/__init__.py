"""The AI: how a computer side answers the engine's questions (:class:`tactical.captain.Captain`).

* :mod:`tactical.ai.captain`: :class:`SimpleCaptain`, the AI captain (level ``normal``);
* :mod:`tactical.ai.hard`: :class:`HardCaptain`, the same fighting as a fleet (level ``hard``, issue 22);
* :mod:`tactical.ai.tactics`: its decisions for aircraft, carriers, AA, MTB Sections and submarines;
* :mod:`tactical.ai.expectations`: the hit chances and expected damage it scores with;
* :mod:`tactical.ai.defaults`: :func:`with_defaults`, the answers for a captain that lacks some.

A human's screen offers the moves the AI would fly for each Flight and MTB Section, target by target
(:func:`strike_moves`, :func:`engage_moves`, :func:`escort_move`, :func:`home_move`,
:func:`boat_attack_moves`): the same routing, never a copy of it.

The rule modules of :mod:`tactical` never import this package (an import-linter contract); the battle door
(:func:`tactical.battle.resolve`) composes the two, and asks these captains with the battle as their side knows it
(:class:`tactical.known.SideCaptain`, R-VIEW-23), as the human's screen flies these routes on it: the AI decides
from no hidden fact, and it imports no dice (another contract).
"""

from tactical.ai.captain import SimpleCaptain
from tactical.ai.defaults import DefaultedCaptain, with_defaults
from tactical.ai.hard import HardCaptain
from tactical.ai.tactics import boat_attack_moves, engage_moves, escort_move, home_move, strike_moves

CAPTAIN_LEVELS: dict[str, type[SimpleCaptain]] = {"normal": SimpleCaptain, "hard": HardCaptain}
"""The AI captain of each level, built with its side's objective (``vas battle --captain``)."""

__all__ = ["CAPTAIN_LEVELS", "DefaultedCaptain", "HardCaptain", "SimpleCaptain", "boat_attack_moves", "engage_moves",
           "escort_move", "home_move", "strike_moves", "with_defaults"]
