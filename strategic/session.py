"""A game played by seats that answer over a wire (issue #21): who must answer what now, and the answers checked
and applied, with no transport (:mod:`tui.serve_command` carries the messages of :mod:`strategic.protocol`).

The session drives the campaign as :func:`strategic.ai.play` does: a decision of a player the server's AI plays
gets the baseline AI's orders at once; a decision of a *remote* seat (a human, or an AI that joined) stops the
game at a :class:`~strategic.protocol.Question` until that seat answers.  A combat question (a player who commands
his own battles, 002 §4.1 and issues #15/#16) stops it the same way.  The question carries the seat's view
(:func:`strategic.views.observe`, R-VIEW-02), its legal orders and the AI's advice; the answer is applied by the
engine, which checks every order (a seat gives orders as the player its token names, never as the message says,
R-NET-04), and a refused one comes back with its rule while the game goes on (R-NET-05).  The deciding seat may
take back its orders of the open decision one at a time (:meth:`GameSession.undo`, R-NET-15); the other seats are
told nothing of that decision until it ends, neither its events nor in their view of the board (R-NET-13).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import ValidationError

from scenarios.errors import IllegalOrder, InputError, InvalidOrder, RulesError
from scenarios.models import Player
from scenarios.names import player_words, side_words
from strategic.ai import Agent, BaselineAI, give_orders
from strategic.answer_needed import AnswerNeeded
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.engine_errors import BattleError, EngineError
from strategic.events import CampaignEvent, DiceRolled, OrderGiven, OrderRefused
from strategic.narrate import describe
from strategic.orders import ORDER_ADAPTER, Order
from strategic.protocol import Answer, Events, GameOver, Question, Refusal, SpeedRollFact, Undo, Wait
from strategic.views import observe
from tactical import TacticalQuestion, encode_tactical


@dataclass(frozen=True)
class Pending:
    """The answer the game waits for: ``ask`` its number (the event count when asked: the same after a restart
    from the save, R-NET-07), the ``player`` and the ``type`` (orders or combat)."""

    ask: int
    player: Player
    type: str
    opened: int = 0
    """The event count when the decision opened: the other seats are told the events before it only (R-NET-13)."""


class SeatWords(Protocol):
    """What the server tells a seat beyond the rules' lists, worded by the user interface (the session imports no
    module of it): the engine's word on the deciding player's orders, and why a battle blocks the game."""

    def order_facts(self, campaign: Campaign, player: Player,
                    legal: Sequence[Order]) -> tuple[dict[str, str], list[SpeedRollFact]]:
        """The refusal of each of ``player``'s units with no legal order (units no rule refuses left out) and the
        speed roll of each order of ``legal`` that needs one (R-NET-14)."""

    def blocked(self, campaign: Campaign) -> tuple[str, str]:
        """Why the game cannot go on and who is waited for, in the player's words (``""`` when it can; R-NET-13)."""

    def question_words(self, campaign: Campaign) -> list[str]:
        """The waiting combat question in the deciding player's words, line by line (R-NET-20)."""


class GameSession:
    """The campaign and its clock, the players played by ``remote`` seats (the rest by the server's AI) and the
    turn to stop at; ``on_stop`` is called each time the game stops for a seat or ends (the autosave); ``words``
    words the advice facts and the blocked game (none given: the questions carry none).

    The clock must keep its checkpoints (``Clock(checkpoints=True)``): a waiting seat's view is drawn from the state
    at the start of another's open decision (R-VIEW-02).  ``cuts`` are the event counts the log was cut back to,
    one an undo (R-NET-15): a seat told events past a cut is told the whole log again."""

    def __init__(self, campaign: Campaign, clock: Clock, remote: Iterable[str], *, stop_turn: int | None = None,
                 on_stop: Callable[[], None] | None = None, words: SeatWords | None = None) -> None:
        if not clock.keep_checkpoints:
            raise ValueError("a served game's clock keeps checkpoints: Clock(checkpoints=True) (R-NET-13)")
        self.campaign, self.clock = campaign, clock
        self.remote = {Player(p) for p in remote}
        self.stop_turn = stop_turn
        self.on_stop = on_stop
        self.words = words
        self.agents: dict[str, Agent] = {p.value: BaselineAI() for p in Player if p not in self.remote}
        self.pending: Pending | None = None
        self.cuts: list[int] = []
        self._advice: Any = None
        self._facts: tuple[dict[str, str], list[SpeedRollFact]] | None = None
        self.error: EngineError | None = None  # the engine failure that stopped the game (R-NET-33)
        self.fell_back: list[BattleError] = []  # battles fought by the classic rules after failing on the table
        campaign.keep_undo = True  # a seat's orders of its open decision can be taken back (R-NET-15)
        self._go_on(lambda: None)

    # ------------------------------------------------------------------ driving the game

    @property
    def over(self) -> bool:
        return self.pending is None

    def _go_on(self, step: Callable[[], None]) -> None:
        """Take the clock ``step`` (end a decision, fight on after an answer), then :meth:`advance`, so that no
        failure of the engine stops the game unsaid (R-NET-33): a battle that fails on the table (rewound,
        :class:`BattleError`) is fought by the classic rules (:meth:`Campaign.fight_classic`, kept in
        :attr:`fell_back` for the host to report) and the game goes on; any other failure ends it, kept in
        :attr:`error`, the game over for every seat (:meth:`game_over` says why)."""
        while True:
            try:
                step()
                self.advance()
                return
            except BattleError as exc:
                self.fell_back.append(exc)
                pending = self.campaign.state.pending_battles
                self.campaign.fight_classic(exc.area if exc.area in pending else pending[0])
                step = self._new_clock
            except EngineError as exc:
                self._fail(exc)
                return

    def _fail(self, error: EngineError) -> None:
        """End the game on ``error`` (R-NET-33); the last good state is then the clock's checkpoint."""
        self.error, self.pending = error, None
        if self.clock.error is None or not error.rewound:
            self.clock.error = error

    def _new_clock(self) -> None:
        """A new clock on the campaign after a failed battle (the old one's process is over), which fights on."""
        self.clock = Clock(self.campaign, resume=True, checkpoints=True)

    def advance(self) -> None:
        """Play the server's seats until a remote seat must answer or the game ends (as :func:`strategic.ai.play`
        and the answers of :mod:`strategic.replay`).  Raises :class:`EngineError` (:meth:`_go_on` takes it)."""
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
            try:
                with campaign.without_undo():  # the server's AI takes nothing back
                    give_orders(campaign, player, list(self.agents[player].orders(campaign, player)))
            except Exception as exc:  # the AI or an order broke the engine: said as vas play says it
                raise EngineError(campaign.state.turn, campaign.state.phase.value, exc,
                                  who=f"the AI of {player_words(decision.player)}") from exc
            clock.end_decision()
        if self.on_stop is not None:
            self.on_stop()

    def _stop(self, player: Player, kind: str, opened: int | None = None) -> None:
        """Stop for ``player``'s answer (``opened``: the decision goes on, opened at that event count)."""
        count = len(self.campaign.state.events)
        self.pending = Pending(count, player, kind, count if opened is None else min(opened, count))
        self._advice = self._facts = None  # the question's own, worked out when first asked
        if self.on_stop is not None:
            self.on_stop()

    # ------------------------------------------------------------------ what a seat is shown

    def message_for(self, player: Player) -> Question | Wait | GameOver:
        """What ``player``'s seat is to do now: answer its question, wait for another's, or the game is over."""
        pending, state = self.pending, self.campaign.state
        if pending is None:
            return self.game_over(player)
        if pending.player is not player:
            blocked, hint = self.words.blocked(self.campaign) if self.words is not None else ("", "")
            return Wait(who=pending.player, type=pending.type, turn=state.turn, phase=state.phase.value,  # type: ignore[arg-type]
                        view=self.board(player), blocked=blocked, hint=hint)
        view = observe(self.campaign, player, log=False).to_dict()
        base = {"ask": pending.ask, "seat": player, "turn": state.turn, "phase": state.phase.value, "view": view,
                "advice": self.advice()}
        if pending.type == "orders":
            legal = view_orders(view)
            refusals, rolls = self._order_facts(player, legal)
            return Question(type="orders", legal=[json.loads(ORDER_ADAPTER.dump_json(o)) for o in legal],
                            refusals=refusals, speed_rolls=rolls, **base)
        asked = state.question
        assert asked is not None
        brief = self.campaign.asked.brief if self.campaign.asked is not None else None
        words = self.words.question_words(self.campaign) if self.words is not None else []
        account = list(getattr(getattr(brief, "view", None), "narrative", ()))  # the side's own account (R-NET-20)
        return Question(type="combat", question=asked.question, battle=asked.battle, engine=asked.engine,
                        rule=getattr(brief, "rule", "") or "002 §4.1", words=words, account=account, **base)

    def board(self, player: Player) -> dict[str, Any]:
        """``player``'s view of the board now (JSON), another player's open decision left out: the state at its
        start (the clock's checkpoint, R-VIEW-02), as the events told (R-NET-13)."""
        return observe(self.clock, player, orders=False, log=False).to_dict()

    def _order_facts(self, player: Player, legal: Sequence[Order]) -> tuple[dict[str, str], list[SpeedRollFact]]:
        """The pending question's advice facts (R-NET-14), worked out once for it."""
        if self.words is None:
            return {}, []
        if self._facts is None:
            self._facts = self.words.order_facts(self.campaign, player, legal)
        return self._facts

    def advice(self) -> Any:
        """The baseline AI's answer to the pending question (its orders as JSON, or the combat answer), kept for
        the question so that a seat asked again is advised the same (an AI seat plays it, R-NET-06)."""
        pending = self.pending
        if pending is None:
            return None
        if self._advice is not None:
            return self._advice[0]
        if pending.type == "orders":
            orders = BaselineAI().orders(self.campaign, pending.player.value)
            value: Any = [json.loads(ORDER_ADAPTER.dump_json(o)) for o in orders]
        else:
            value = self._combat_advice()
        self._advice = (value,)
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

    def events_for(self, player: Player, since: int, *, cut: bool = False) -> Events:
        """The events from number ``since`` that ``player`` may read, narrated, as the app's log tells them: without
        the dice rolls and the orders as given, whose results are told (R-NET-34); during another player's open
        decision, the orders he gave so far are not yet told (R-VIEW-02, R-NET-13).  When the log was cut back
        below ``since`` (an undo), or ``cut`` says it was since the seat was told (:attr:`cuts`), the whole log is
        told again, marked ``reset`` (R-NET-15)."""
        events = self.campaign.state.events
        upto = len(events)
        pending = self.pending
        if pending is not None and pending.player is not player and pending.type == "orders":
            upto = min(upto, pending.opened)
        reset = cut or since > upto
        since = 0 if reset else max(0, since)
        lines = [describe(e) for e in events[since:upto] if isinstance(e, CampaignEvent)  # as the app's log (R-NET-34)
                 and not isinstance(e, DiceRolled | OrderGiven) and not _others_attempt(e, player)]
        return Events(since=since, upto=upto, lines=lines, reset=reset)

    def game_over(self, player: Player | None = None) -> GameOver:
        """How the game ended; with ``player``, his view of the board as it ended (R-NET-13)."""
        state = self.campaign.state
        if self.error is not None:
            summary = f"stopped by an engine error ({self.error}); the host keeps the game as it was before it"
        elif state.winner:
            summary = f"{side_words(state.winner)} win after turn {state.turn}"
        elif self.campaign.blocked:
            summary = f"stopped on turn {state.turn}: {self.campaign.blocked}"
        else:
            summary = f"stopped at the start of turn {state.turn}"
        view = self.board(player) if player is not None else {}
        return GameOver(winner=state.winner or "", summary=summary, view=view)

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
        if message.type == "orders" and pending.type != "orders":
            return [Refusal(message="a combat question is asked: answer it, not with orders (R-NET-04)",
                            rule="R-NET-04")]
        if message.type != "orders" and pending.type != "combat":
            return [Refusal(message="orders are asked, not a combat answer (R-NET-04)", rule="R-NET-04")]
        try:
            return self._orders(player, message) if message.type == "orders" else self._combat(message)
        except Exception as exc:  # the engine broke on the answer itself (R-NET-33)
            state = self.campaign.state
            self._fail(EngineError(state.turn, state.phase.value, exc, who=f"the answer of {player_words(player)}"))
            return []

    def undo(self, player: Player, message: Undo) -> list[Refusal]:
        """Take back ``player``'s last order of his open decision (:meth:`Campaign.undo`: state and dice); the
        refusal when it is not his decision, the number is not the question's, a combat question is asked, or no
        order of the decision is left to take back (R-NET-15).  A refused undo changes nothing."""
        pending = self.pending
        if pending is None:
            return [Refusal(message="the game is over: there is nothing to take back (R-NET-15)", rule="R-NET-15")]
        if pending.player is not player:
            return [Refusal(message=f"the question now ({pending.type}) is for {player_words(pending.player)}: "
                                    f"{player_words(player)} have no open decision to take an order back from "
                                    "(R-NET-15)", rule="R-NET-15")]
        if message.ask != pending.ask:
            return [Refusal(message=f"undo of question {message.ask}, but question {pending.ask} is asked: the "
                                    "game has changed since (R-NET-15)", rule="R-NET-15")]
        if pending.type != "orders":
            return [Refusal(message="a combat question is asked: there is no order to take back (R-NET-15)",
                            rule="R-NET-15")]
        if not self.campaign.undo():
            return [Refusal(message="no order of this decision is left to take back: orders of an ended decision "
                                    "stand (R-NET-15)", rule="R-NET-15")]
        self.cuts.append(len(self.campaign.state.events))
        self._stop(player, "orders", pending.opened)
        return []

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
        if message.together:
            refusals = self._together(player, orders)
            if refusals:
                return refusals
            orders = []  # given: what is left is to end the decision or ask again
        keep = self.campaign.keep_undo and not message.done  # orders that end the decision are never taken back
        for order in orders:  # applied as strategic.ai.give_orders applies the AI's (R-NET-05)
            try:
                self.campaign.verify(player.value, order)
            except IllegalOrder as exc:
                refusals.append(Refusal(message=exc.message, rule=exc.rule,
                                        order=json.loads(ORDER_ADAPTER.dump_json(order))))
            if keep:
                give_orders(self.campaign, player.value, [order])
            else:
                with self.campaign.without_undo():
                    give_orders(self.campaign, player.value, [order])
        if message.done:
            self._go_on(self.clock.end_decision)
        else:
            self._stop(player, "orders", self.pending.opened if self.pending is not None else None)
        return refusals

    def _together(self, player: Player, orders: list[Order]) -> list[Refusal]:
        """Give ``orders`` all or none (R-NET-18), as the campaign screen gives a stack's
        (:func:`tui.stack_orders.give_together`): each is verified first, and every refusal is returned with nothing
        given; one refused only once the orders before it are given (they changed the game) takes them back (state,
        dice and events, :meth:`Campaign.undo`) and is returned alone.  The given orders keep their undo records
        (the session's campaign keeps them, R-NET-15) until the decision ends."""
        campaign = self.campaign
        refusals = []
        for order in orders:
            try:
                campaign.verify(player.value, order)
            except IllegalOrder as exc:
                refusals.append(_refusal(exc, order, len(orders)))
        if refusals:
            return refusals
        for number, order in enumerate(orders):
            try:
                campaign.apply(player.value, order)
            except IllegalOrder as exc:
                for _ in range(number):
                    campaign.undo()
                return [_refusal(exc, order, len(orders))]
        return []

    def _combat(self, message: Answer) -> list[Refusal]:
        try:
            if message.type == "delegate":
                self.campaign.delegate_battle(whole_turn=message.whole_turn)
            else:
                self.campaign.answer_combat(message.answer)
        except (RulesError, InputError, InvalidOrder, ValueError) as exc:
            rule = getattr(exc, "rule", "") or ""
            return [Refusal(message=str(exc), rule=rule)]
        self._go_on(self.clock.retry)
        return []


def _others_attempt(event: CampaignEvent, player: Player) -> bool:
    """An order another player tried and the rules refused: his own business, told to no other seat (R-NET-23: it
    showed what he had meant to do)."""
    return isinstance(event, OrderRefused) and event.player != player.value


def _refusal(exc: IllegalOrder, order: Order, given: int) -> Refusal:
    """The refusal of ``order``, one of ``given`` orders given together (R-NET-18)."""
    together = f" (all or none: none of the {given} orders given together was given, R-NET-18)" if given > 1 else ""
    return Refusal(message=exc.message + together, rule=exc.rule, order=json.loads(ORDER_ADAPTER.dump_json(order)))


def view_orders(view: dict[str, Any]) -> list[Order]:
    """The legal orders a view lists (JSON) as orders."""
    return [ORDER_ADAPTER.validate_python(o) for o in view.get("orders") or []]


__all__ = ["GameSession", "Pending", "SeatWords", "view_orders"]
