"""One tree for every error the program raises on purpose (issue #14), shared by both engines.

It lives in ``scenarios``, the one package that ``strategic``, ``tactical`` and ``tui`` all import::

    VasError                      an error this program reports to its user (never a bug)
    ├── InputError (ValueError)   bad input: a data file, a save, a log, an output path; names the file or field
    ├── InvalidOrder (ValueError) an order that cannot be read (its syntax), before any rule is asked
    ├── RulesError (ValueError)   a decision the rules forbid; ``rule`` names the rule, ``message`` says why
    │   ├── IllegalOrder            a campaign order or a battle order (move, Order, target) the rules forbid
    │   └── IllegalCombatDecision   an answer to a classic-combat question the rules forbid
    └── EngineError (RuntimeError, strategic.engine_errors) the engine failed during a phase or a battle

A rules error changes nothing: whoever raised it left the state as it was.
"""

from __future__ import annotations


class VasError(Exception):
    """An error this program reports to its user in one line (bad input, a refused decision, an engine failure);
    anything else reaching the top is a bug."""


class InputError(VasError, ValueError):
    """Bad input read from outside (data, saves, logs, paths); the message names the file, field or rule."""


class InvalidOrder(VasError, ValueError):
    """An order that cannot be read (its grammar or spelling), before any rule is asked."""


class RulesError(VasError, ValueError):
    """A decision the rules forbid.  ``rule`` is the source (``"002 §3.421"``, ``"000 Orders"``), ``message``
    what is wrong; the state is unchanged."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(self._text())

    def _text(self) -> str:
        return f"{self.rule}: {self.message}"


class IllegalOrder(RulesError):
    """An order the rules forbid: a campaign order (move, placement, return, loan ...) or a battle order (a
    move, an Order, a target)."""


class IllegalCombatDecision(RulesError):
    """A combat policy answered a classic-combat question the rules forbid (e.g. ``"002 §4.11"``)."""

    def _text(self) -> str:
        return f"{self.message} [{self.rule}]"
