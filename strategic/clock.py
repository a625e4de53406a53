"""The turn clock: a simpy process that walks the phases of each turn and waits at every player decision.

002 §3.2: War at Sea turns 1-2 are played alone, then both games run turn by turn to turn 10.  A combined
turn follows 002 §3.241-3.246 (patrollers: Japan, then the Allies, then Germany-Italy; repairs; air strikes;
marines; raiders; submarines; combat; control and POC; return to port).  War at Sea alone follows its own order:
the Allies move first, then the Axis (002 §3.22; WAS 5.2-5.3), and the Axis returns to port first (case W-05).

simpy stays inside this module: the simulated time is the turn number, each phase a step of the turn process,
each decision a simpy event that :meth:`Clock.end_decision` succeeds.  A saved game records the turn, the step
and the decider, and a new clock resumes there (simpy environments cannot be pickled).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

import simpy

from scenarios.models import Player, Theatre
from strategic.campaign import Campaign
from strategic.state import Phase

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


def turn_plan(campaign: Campaign, turn: int) -> tuple[tuple[Phase, tuple[Player, ...]], ...]:
    """The phases of ``turn`` and who decides in each, in order."""
    vitp_on = campaign.setup_plays(Theatre.VITP) and campaign.setup.vitp_first_turn is not None \
        and turn >= campaign.setup.vitp_first_turn
    return COMBINED_TURN if vitp_on else WAR_AT_SEA_TURN


@dataclass(frozen=True)
class Decision:
    """Whose turn it is to give orders: ``player`` in ``phase`` of ``turn``."""

    turn: int
    phase: Phase
    player: Player


class Clock:
    """Drives a :class:`Campaign` through its turns.  ``resume`` continues a loaded game at its saved point."""

    def __init__(self, campaign: Campaign, *, resume: bool = False) -> None:
        self.campaign = campaign
        self.env = simpy.Environment(initial_time=campaign.state.turn)
        self.decision: Decision | None = None
        self._event: simpy.Event | None = None
        self._process = self.env.process(self._run(resume))
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
        self.campaign.resolve_pending()
        self._pump()

    def _pump(self) -> None:
        while self._process.is_alive and self._event is None and not self.campaign.blocked:
            self.env.step()

    def _run(self, resume: bool) -> Generator[simpy.Event, None, None]:
        campaign, state = self.campaign, self.campaign.state
        last = campaign.setup.last_turn
        first_step, first_decider = (state.step, state.decider) if resume else (0, 0)
        while state.turn <= last and state.winner is None:
            plan = turn_plan(campaign, state.turn)
            for step in range(first_step, len(plan)):
                phase, deciders = plan[step]
                state.step = step
                if not (resume and step == first_step):
                    state.decider = 0
                    campaign.enter_phase(phase)
                elif state.pending_battles:
                    campaign.resolve_pending()
                while campaign.blocked:
                    yield self.env.timeout(0)  # held until the battles are resolved (see retry)
                start = first_decider if resume and step == first_step else 0
                for index in range(start, len(deciders)):
                    state.decider = index
                    player = deciders[index]
                    if campaign.legal_orders(player.value):
                        self.decision = Decision(state.turn, phase, player)
                        self._event = self.env.event()
                        yield self._event
                campaign.leave_phase(phase)
                resume = False
                if state.winner is not None:
                    return
            first_step = 0
            if state.turn == last:
                return
            yield self.env.timeout(1)
            state.turn += 1
