"""Engine errors: a rule module, a battle or the AI broke while a turn was played (issue 13 item 1).

The clock (:mod:`strategic.clock`) turns any exception raised inside the turn process into an
:class:`EngineError` naming the turn, the phase, the battle (its sea area and kind) and the rule that broke, and
raises it to whoever drives the clock (``vas run``, the TUI, self-play): an error never vanishes with the simpy
process that raised it.

A battle that raises is rewound before the error leaves :meth:`strategic.campaign.Campaign.resolve_pending`: its
events and dice rolls are taken back, so the campaign is left exactly as it was before the battle, with that
battle first among the pending ones (``BattleError.rewound``).  Such a state is a good state: it can be saved,
loaded and continued, and :meth:`Campaign.fight_classic` lets the player have that one battle resolved by the
classic War at Sea / VITP rules and go on.
"""

from __future__ import annotations

from scenarios.errors import VasError


class EngineError(VasError, RuntimeError):
    """The engine failed during a turn.  ``turn`` and ``phase`` say where; ``area`` names the battle (or is
    ``None``), ``who`` the AI player deciding (or ``""``), ``rule`` the rule that broke (or ``""``), ``cause`` the
    original exception."""

    def __init__(self, turn: int, phase: str, cause: BaseException, *, area: str | None = None,
                 battle: str = "", who: str = "") -> None:
        self.turn = turn
        self.who = who
        self.phase = phase
        self.area = area
        self.battle = battle
        self.cause = cause
        self.rule = str(getattr(cause, "rule", "") or "")
        super().__init__(self.describe())

    @property
    def rewound(self) -> bool:
        """Whether the campaign was left as before the failing step (a battle: yes)."""
        return False

    def where(self) -> str:
        """``turn 4, combat phase, battle in England (air raid)``."""
        text = f"turn {self.turn}, {self.phase} phase"
        if self.area:
            text += f", {self.battle or 'battle'} in {self.area}"
        if self.who:
            text += f", {self.who}"
        return text

    def describe(self) -> str:
        reason = str(self.cause) or type(self.cause).__name__
        if not self.rule:
            reason = f"{type(self.cause).__name__}: {reason}"
        return f"engine error on {self.where()}: {reason}"


class BattleError(EngineError):
    """A battle's resolver failed; the campaign was rewound to just before that battle (module docstring)."""

    @property
    def rewound(self) -> bool:
        return True


__all__ = ["BattleError", "EngineError"]
