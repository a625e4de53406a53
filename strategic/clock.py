"""The turn clock: a simpy process that walks the phases of each turn and waits at every player decision.

002 §3.2: War at Sea turns 1-2 are played alone, then both games run turn by turn to turn 10.  A combined
turn follows 002 §3.241-3.246 (patrollers: Japan, then the Allies, then Germany-Italy; repairs; air strikes;
marines; raiders; submarines; combat; control and POC; return to port).  War at Sea alone follows its own order:
the Allies move first, then the Axis (002 §3.22; WAS 5.2-5.3), and the Axis returns to port first (case W-05).
The Pacific war's first turn has its own plan, with the surprise step as a hook inside a phase: after Japan's raids
on the first VITP turn of the standard start (VITP 18; 002 §3.232: R-OPS-20), after Japan's air decision in the
early-war start until the turn of the attack (002 §5.71-5.74: R-OPS-25).

simpy stays inside this module: the simulated time is the turn number, each phase a step of the turn process,
each decision a simpy event that :meth:`Clock.end_decision` succeeds.  A saved game records the turn, the step
and the decider, and a new clock resumes there (simpy environments cannot be pickled).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

import simpy

from scenarios.models import Player, Theatre
from strategic.campaign import Campaign
from strategic.engine_errors import EngineError
from strategic.snapshots import DiceLogRows, copy_state
from strategic.state import CampaignState, Phase

J, US, AL, GI = Player.JAPAN, Player.UNITED_STATES, Player.ALLIES, Player.GERMANY_ITALY

COMBINED_TURN: tuple[tuple[Phase, tuple[Player, ...]], ...] = (
    (Phase.START, ()),
    (Phase.REINFORCE, (J, US, AL, GI)),
    (Phase.PATROL, (J, US, AL, GI)),  # 002 §3.241
    (Phase.REPAIR, ()),
    (Phase.AIR, (J, US, AL, GI)),  # 002 §3.242
    (Phase.LANDING, (J, US)),  # 002 §3.243
    (Phase.RAID, (J, US, AL, GI)),  # 002 §3.244
    (Phase.SUBMARINE, (J, US, AL, GI)),  # 002 §3.245
    (Phase.COMBAT, ()),
    (Phase.CONTROL, ()),
    (Phase.RETURN, (J, GI, US, AL)),  # 002 §3.246; Axis first (WAS 5.7, case W-05)
    (Phase.END, ()),
)

WAR_AT_SEA_TURN: tuple[tuple[Phase, tuple[Player, ...]], ...] = (
    (Phase.START, ()),
    (Phase.REINFORCE, (J, US, AL, GI)),  # 002 §3.21-3.22: VITP forces set up, then the British, then Germany
    (Phase.PATROL, (AL, US, GI)),  # 002 §3.22: the British move first, then the Germans
    (Phase.REPAIR, ()),
    (Phase.AIR, (AL, US, GI)),
    (Phase.SUBMARINE, (GI,)),
    (Phase.COMBAT, ()),
    (Phase.CONTROL, ()),
    (Phase.RETURN, (GI, AL, US)),
    (Phase.END, ()),
)


# A step may carry hooks (:meth:`Campaign.run_hook`) run after entering it and after leaving it.
Step = tuple[Phase, tuple[Player, ...]] | tuple[Phase, tuple[Player, ...], str | None, str | None]

FIRST_VITP_TURN: tuple[Step, ...] = (
    (Phase.START, ()),
    (Phase.REINFORCE, (J, US, AL, GI)),
    (Phase.PATROL, (J, US, AL, GI)),  # VITP patrollers only (R-OPS-20)
    (Phase.REPAIR, ()),
    (Phase.AIR, (J, US, AL, GI)),  # VITP air only
    (Phase.LANDING, (J, US)),
    (Phase.RAID, (J,)),
    (Phase.RAID, (), "surprise", "after_surprise"),  # VITP 18; 002 §3.232-3.233
    (Phase.PATROL, (US, AL, GI)),  # 002 §3.232: the War at Sea moves after the Location Uncertain roll
    (Phase.AIR, (US, AL, GI)),  # War at Sea air after the War at Sea moves
    (Phase.RAID, (US, AL, GI)),
    (Phase.SUBMARINE, (J, US, AL, GI)),
    (Phase.COMBAT, ()),
    (Phase.CONTROL, ()),
    (Phase.RETURN, (J, GI, US, AL)),
    (Phase.END, ()),
)

VITP_ALONE_FIRST_TURN: tuple[Step, ...] = tuple(s for s in FIRST_VITP_TURN if s[:2] not in (
    (Phase.PATROL, (US, AL, GI)), (Phase.AIR, (US, AL, GI))))

EARLY_WAR_TURN: tuple[Step, ...] = (
    (Phase.START, ()),
    (Phase.REINFORCE, (J, US, AL, GI)),
    (Phase.PATROL, (J, US, AL, GI)),
    (Phase.REPAIR, ()),
    (Phase.AIR, (J,)),  # 002 §5.71-5.72: Japan announces its attack (or not) and moves its air units
    (Phase.AIR, (J, US, AL, GI), "surprise", "after_surprise"),  # §5.73-5.735; then the Allies' air units
    (Phase.LANDING, (J, US)),  # §5.74
    (Phase.RAID, (J, US, AL, GI)),
    (Phase.SUBMARINE, (J, US, AL, GI)),
    (Phase.COMBAT, ()),  # §5.75-5.76
    (Phase.CONTROL, ()),
    (Phase.RETURN, (J, GI, US, AL)),
    (Phase.END, ()),
)


def turn_plan(campaign: Campaign, turn: int) -> tuple[Step, ...]:
    """The steps of ``turn``: its phases, who decides in each, in order, and the hooks of the Pacific war's first
    turn (:mod:`strategic.outbreak`)."""
    setup = campaign.setup
    vitp_on = campaign.setup_plays(Theatre.VITP) and setup.vitp_first_turn is not None \
        and turn >= setup.vitp_first_turn
    if not vitp_on:
        return WAR_AT_SEA_TURN
    if campaign.early_war:
        attack = campaign.state.war.attack_turn
        return EARLY_WAR_TURN if attack is None or attack == turn else COMBINED_TURN
    if turn == setup.vitp_first_turn:
        return FIRST_VITP_TURN if campaign.setup_plays(Theatre.WAS) else VITP_ALONE_FIRST_TURN
    return COMBINED_TURN


@dataclass(frozen=True)
class Decision:
    """Whose turn it is to give orders: ``player`` in ``phase`` of ``turn``."""

    turn: int
    phase: Phase
    player: Player


class Clock:
    """Drives a :class:`Campaign` through its turns.  ``resume`` continues a loaded game at its saved point;
    ``checkpoints`` keeps a copy of the state at each decision (:attr:`checkpoint`, the TUI's last good state).
    A failure of the engine is raised as an :class:`EngineError` (and kept in :attr:`error`); the clock is then
    finished, and the game goes on only with a new clock on a good state."""

    def __init__(self, campaign: Campaign, *, resume: bool = False, checkpoints: bool = False) -> None:
        self.campaign = campaign
        self.env = simpy.Environment(initial_time=campaign.state.turn)
        self.decision: Decision | None = None
        self._event: simpy.Event | None = None
        self.error: EngineError | None = None
        self._interrupt: BaseException | None = None
        self.keep_checkpoints = checkpoints
        self.checkpoint: tuple[CampaignState, dict[str, Any]] | None = None
        self._dice_rows = DiceLogRows()  # the checkpoints' dice logs, written out once a roll
        self._process = self.env.process(self._run(resume))
        if resume and campaign.state.pending_battles and campaign.resolver is not None:
            # a game saved while blocked on battles goes on once it has a resolver
            self._guarded(campaign.resolve_pending)
        self._pump()

    @property
    def finished(self) -> bool:
        return not self._process.is_alive

    def end_decision(self) -> None:
        """The current player is done with this phase; run on to the next decision (or the end)."""
        if self._event is None:
            raise RuntimeError("no decision is pending")
        event, self._event, self.decision = self._event, None, None
        self.campaign.commit_decision()
        event.succeed()
        self._pump()

    def retry(self) -> None:
        """Try the pending battles again (e.g. after a resolver was configured) and run on."""
        self._guarded(self.campaign.resolve_pending)
        self._pump()

    def _pump(self) -> None:
        """Step the turn process to the next decision, a block or the end, and raise the :class:`EngineError` of
        a failure (issue 13 item 1).  The process keeps its own failure (:meth:`_run`): an exception that crossed
        simpy's boundary would kill the process silently, or come back re-made without its fields."""
        while self._process.is_alive and self._event is None and not self.campaign.blocked:
            self.env.step()
        if self._interrupt is not None:
            raise self._interrupt
        if self.error is not None:
            raise self.error

    def _guarded(self, step: Callable[[], object]) -> None:
        """Run ``step`` outside the process (resuming pending battles); a failure as in :meth:`_run`."""
        if self.error is not None:
            raise self.error
        try:
            step()
        except Exception as exc:
            self.error = self._engine_error(exc)
            raise self.error from exc

    def _engine_error(self, exc: Exception) -> EngineError:
        """``exc`` as an :class:`EngineError` naming the turn and phase (a :class:`BattleError` names its battle)."""
        if isinstance(exc, EngineError):
            return exc
        state = self.campaign.state
        error = EngineError(state.turn, state.phase.value, exc)
        error.__cause__ = exc
        return error

    def _take_checkpoint(self) -> None:
        """Keep a copy of the state and dice at this decision: the last good state if the engine fails later
        (:func:`strategic.saves.last_good_text`).  Events are frozen, so the copy shares them
        (:func:`strategic.snapshots.copy_state`)."""
        previous = self.checkpoint[0] if self.checkpoint is not None else None  # read only: unchanged units shared
        self.checkpoint = (copy_state(self.campaign.state, previous), self._dice_rows.dice_state(self.campaign.dice))

    def _run(self, resume: bool) -> Generator[simpy.Event, None, None]:
        """The turn process; any failure is kept in :attr:`error` and ends the process (raised by :meth:`_pump`)."""
        try:
            yield from self._turns(resume)
        except Exception as exc:
            self.error = self._engine_error(exc)
        except BaseException as exc:  # Ctrl-C: simpy would take it as the process failing; the caller gets it
            self._interrupt = exc

    def _turns(self, resume: bool) -> Generator[simpy.Event, None, None]:
        campaign, state = self.campaign, self.campaign.state
        last = campaign.setup.last_turn
        first_step, first_decider = (state.step, state.decider) if resume else (0, 0)
        while state.turn <= last and state.winner is None:
            plan = turn_plan(campaign, state.turn)
            for step in range(first_step, len(plan)):
                phase, deciders, *hooks = plan[step]
                before, after = [*hooks, None, None][:2]
                state.step = step
                if not (resume and step == first_step):
                    state.decider = 0
                    campaign.enter_phase(phase)
                    if before:
                        campaign.run_hook(before)
                elif state.pending_battles:
                    campaign.resolve_pending()
                while campaign.blocked:
                    yield self.env.timeout(0)  # held until the battles are resolved (see retry)
                start = first_decider if resume and step == first_step else 0
                for index in range(start, len(deciders)):
                    state.decider = index
                    player = deciders[index]
                    if campaign.any_legal_order(player.value):
                        if self.keep_checkpoints:
                            self._take_checkpoint()
                        self.decision = Decision(state.turn, phase, player)
                        self._event = self.env.event()
                        yield self._event
                campaign.leave_phase(phase)
                if after:
                    campaign.run_hook(after)
                resume = False
                if state.winner is not None:
                    return
            first_step = 0
            if state.turn == last:
                return
            yield self.env.timeout(1)
            state.turn += 1
