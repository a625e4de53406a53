"""A game played by seats that answer over a wire (issue #21): who must answer what now, and the answers checked
and applied, with no transport (:mod:`tui.serve_command` carries the messages of :mod:`strategic.protocol`).

The session drives the campaign as :func:`strategic.ai.play` does: a decision of a player the server's AI plays
gets the baseline AI's orders at once; a decision of a *remote* seat (a human, or an AI that joined) stops the
game at a :class:`~strategic.protocol.Question` until that seat answers.  A combat question (a player who commands
his own battles, 002 §4.1 and issues #15/#16) stops it the same way.  The question carries the seat's view
(:func:`strategic.views.observe`, R-VIEW-02), its legal orders and the AI's advice; the answer is applied by the
engine, which checks every order (a seat gives orders as the player its token names, never as the message says,
R-NET-04), and a refused one comes back with its rule while the game goes on (R-NET-05).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from scenarios.errors import IllegalOrder, InputError, InvalidOrder, RulesError
from scenarios.models import Player
from scenarios.names import player_words, side_words
from strategic.ai import Agent, BaselineAI, give_orders
from strategic.answer_needed import AnswerNeeded
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.events import CampaignEvent
from strategic.narrate import describe
from strategic.orders import ORDER_ADAPTER, Order
from strategic.protocol import Answer, Events, GameOver, Question, Refusal, Wait
from strategic.views import observe
from tactical import TacticalQuestion, encode_tactical


@dataclass(frozen=True)
class Pending:
    """The answer the game waits for: ``ask`` its number (the event count when asked: the same after a restart
    from the save, R-NET-07), the ``player`` and the ``type`` (orders or combat)."""

    ask: int
    player: Player
    type: str


class GameSession:
    """The campaign and its clock, the players played by ``remote`` seats (the rest by the server's AI) and the
    turn to stop at; ``on_stop`` is called each time the game stops for a seat or ends (the autosave)."""

    def __init__(self, campaign: Campaign, clock: Clock, remote: Iterable[str], *, stop_turn: int | None = None,
                 on_stop: Callable[[], None] | None = None) -> None:
        self.campaign, self.clock = campaign, clock
        self.remote = {Player(p) for p in remote}
        self.stop_turn = stop_turn
        self.on_stop = on_stop
        self.agents: dict[str, Agent] = {p.value: BaselineAI() for p in Player if p not in self.remote}
        self.pending: Pending | None = None
        self._advice: tuple[int, Any] | None = None
        self.advance()

    # ------------------------------------------------------------------ driving the game

    @property
    def over(self) -> bool:
        return self.pending is None

    def advance(self) -> None:
        """Play the server's seats until a remote seat must answer or the game ends (as :func:`strategic.ai.play`
        and the answers of :mod:`strategic.replay`)."""
        campaign, clock = self.campaign, self.clock
        self.pending = None
        while not clock.finished:
            asked = campaign.state.question
            if asked is not None:
                if asked.player in self.remote:
                    self._stop(asked.player, "combat")
                    return
                campaign.delegate_battle()  # a server seat's battle: the AI commands it (R-NET-06)
                clock.retry()
                continue
            decision = clock.decision
            if campaign.blocked or decision is None:
                break
            if self.stop_turn is not None and decision.turn >= self.stop_turn:
                break
            if decision.player in self.remote:
                self._stop(decision.player, "orders")
                return
            player = decision.player.value
            give_orders(campaign, player, list(self.agents[player].orders(campaign, player)))
            clock.end_decision()
        if self.on_stop is not None:
            self.on_stop()

    def _stop(self, player: Player, kind: str) -> None:
        self.pending = Pending(len(self.campaign.state.events), player, kind)
        if self.on_stop is not None:
            self.on_stop()

    # ------------------------------------------------------------------ what a seat is shown

    def message_for(self, player: Player) -> Question | Wait | GameOver:
        """What ``player``'s seat is to do now: answer its question, wait for another's, or the game is over."""
        pending, state = self.pending, self.campaign.state
        if pending is None:
            return self.game_over()
        if pending.player is not player:
            return Wait(who=pending.player, type=pending.type, turn=state.turn, phase=state.phase.value)  # type: ignore[arg-type]
        view = observe(self.campaign, player, log=False).to_dict()
        base = {"ask": pending.ask, "seat": player, "turn": state.turn, "phase": state.phase.value, "view": view,
                "advice": self.advice()}
        if pending.type == "orders":
            return Question(type="orders", legal=[json.loads(ORDER_ADAPTER.dump_json(o)) for o in view_orders(view)],
                            **base)
        asked = state.question
        assert asked is not None
        brief = self.campaign.asked.brief if self.campaign.asked is not None else None
        return Question(type="combat", question=asked.question, battle=asked.battle, engine=asked.engine,
                        rule=getattr(brief, "rule", "") or "002 §4.1", **base)

    def advice(self) -> Any:
        """The baseline AI's answer to the pending question (its orders as JSON, or the combat answer), kept for
        the question so that a seat asked again is advised the same (an AI seat plays it, R-NET-06)."""
        pending = self.pending
        if pending is None:
            return None
        if self._advice is not None and self._advice[0] == pending.ask:
            return self._advice[1]
        if pending.type == "orders":
            orders = BaselineAI().orders(self.campaign, pending.player.value)
            value: Any = [json.loads(ORDER_ADAPTER.dump_json(o)) for o in orders]
        else:
            value = self._combat_advice()
        self._advice = (pending.ask, value)
        return value

    def _combat_advice(self) -> Any:
        asked = self.campaign.asked
        if asked is not None and asked.brief is not None:
            return asked.brief.suggestion
        question = self.campaign.state.question
        if question is None or question.engine != "tactical":
            return None
        found: dict[str, Any] = {}

        def ai_answer(q: TacticalQuestion, battle: Any, advice: Any, player: Player) -> Any:
            found["answer"] = encode_tactical(q.question, advice())
            raise AnswerNeeded(q, player.value)  # the question is found: stop the battle

        self.campaign.fight_live(ai_answer)
        return found.get("answer")

    def events_for(self, player: Player, since: int) -> Events:
        """The events from number ``since`` that ``player`` may read, narrated; during another player's open
        decision, the orders he gave so far are not yet told (R-VIEW-02)."""
        events = self.campaign.state.events
        upto = len(events)
        pending = self.pending
        if pending is not None and pending.player is not player and pending.type == "orders":
            upto = min(upto, pending.ask)
        since = max(0, min(since, upto))
        lines = [describe(e) for e in events[since:upto] if isinstance(e, CampaignEvent) and type(e).__name__
                 != "DiceRolled"]
        return Events(since=since, upto=upto, lines=lines)

    def game_over(self) -> GameOver:
        state = self.campaign.state
        if state.winner:
            summary = f"{side_words(state.winner)} win after turn {state.turn}"
        elif self.campaign.blocked:
            summary = f"stopped on turn {state.turn}: {self.campaign.blocked}"
        else:
            summary = f"stopped at the start of turn {state.turn}"
        return GameOver(winner=state.winner or "", summary=summary)

    # ------------------------------------------------------------------ answers

    def answer(self, player: Player, message: Answer) -> list[Refusal]:
        """Apply ``player``'s answer; the refusals (each with its rule).  An answer out of turn, to another
        question, or of the wrong type changes nothing (R-NET-04)."""
        pending = self.pending
        if pending is None:
            return [Refusal(message="the game is over: it waits for no answer (R-NET-04)", rule="R-NET-04")]
        if pending.player is not player:
            return [Refusal(message=f"the question now ({pending.type}) is for {player_words(pending.player)}, "
                                    f"not for {player_words(player)} (R-NET-04)", rule="R-NET-04")]
        if message.ask != pending.ask:
            return [Refusal(message=f"answer to question {message.ask}, but question {pending.ask} is asked "
                                    "(R-NET-04)", rule="R-NET-04")]
        if message.type == "orders":
            if pending.type != "orders":
                return [Refusal(message="a combat question is asked: answer it, not with orders (R-NET-04)",
                                rule="R-NET-04")]
            return self._orders(player, message)
        if pending.type != "combat":
            return [Refusal(message="orders are asked, not a combat answer (R-NET-04)", rule="R-NET-04")]
        return self._combat(message)

    def _orders(self, player: Player, message: Answer) -> list[Refusal]:
        refusals: list[Refusal] = []
        orders: list[Order] = []
        for i, raw in enumerate(message.orders):
            try:
                orders.append(ORDER_ADAPTER.validate_python(raw))
            except ValidationError as exc:
                first = exc.errors()[0]
                where = ".".join(str(p) for p in first["loc"])
                refusals.append(Refusal(message=f"orders[{i}]: {where}: {first['msg']} (R-NET-03)", order=raw))
        if refusals:
            return refusals  # a message with an unreadable order is refused whole (R-NET-03)
        for order in orders:  # applied as strategic.ai.give_orders applies the AI's (R-NET-05)
            try:
                self.campaign.verify(player.value, order)
            except IllegalOrder as exc:
                refusals.append(Refusal(message=exc.message, rule=exc.rule,
                                        order=json.loads(ORDER_ADAPTER.dump_json(order))))
            give_orders(self.campaign, player.value, [order])
        if message.done:
            self.clock.end_decision()
            self.advance()
        else:
            self._stop(player, "orders")
        return refusals

    def _combat(self, message: Answer) -> list[Refusal]:
        try:
            if message.type == "delegate":
                self.campaign.delegate_battle(whole_turn=message.whole_turn)
            else:
                self.campaign.answer_combat(message.answer)
        except (RulesError, InputError, InvalidOrder, ValueError) as exc:
            rule = getattr(exc, "rule", "") or ""
            return [Refusal(message=str(exc), rule=rule)]
        self.clock.retry()
        self.advance()
        return []


def view_orders(view: dict[str, Any]) -> list[Order]:
    """The legal orders a view lists (JSON) as orders."""
    return [ORDER_ADAPTER.validate_python(o) for o in view.get("orders") or []]


__all__ = ["GameSession", "Pending", "view_orders"]
