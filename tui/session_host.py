"""The local game of the app (``vas play``): :class:`Session`, the campaign, its clock and who is human."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scenarios.errors import InputError, InvalidOrder, RulesError
from scenarios.loader import CampaignData
from scenarios.models import Player
from strategic.ai import Agent, BaselineAI, give_orders
from strategic.answer_needed import AnswerNeeded
from strategic.battle_names import waiting_name
from strategic.battles import TacticalBattle, TacticalResolver
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.commanders import SIDE_INDEX
from strategic.engine_errors import BattleError, EngineError
from strategic.events import DiceRolled, OrderGiven
from strategic.narrate import battle_result, log_line
from strategic.orders import IllegalOrder, Order
from strategic.resolvers import make_resolver
from strategic.rule_options import chosen_options
from strategic.saves import SaveError, last_good_text, load_state, save, save_text
from strategic.state import CombatQuestion, Event
from strategic.views import CampaignView, observe
from tactical import TacticalEntry
from tui.autosave import autosave_target, state_moment, write_autosave
from tui.battle_link import LeftToAi
from tui.command_screen import LiveAsk
from tui.game_opening import commanders_text
from tui.order_advice import CampaignAdvice, OrderAdvice
from tui.order_entry import describe
from tui.player_names import player_name
from tui.question_words import waiting_hint, waiting_words
from tui.seat_host import KEEP_BATTLE_TURNS, Progress
from tui.seat_link import ODDS_RUNS, GameFacts, LogLines
from tui.stack_orders import Given, give_together
from tui.turn_summary import summary_text, summed_turns


def _side_asked(question: dict[str, Any]) -> str | None:
    """The side a recorded question was asked of, as a classic question names it (``allied``, ``axis``): a
    question on the table names it by its fleet (0, 1)."""
    side = question.get("side")
    by_fleet = {index: s.value for s, index in SIDE_INDEX.items()}
    return by_fleet.get(side) if isinstance(side, int) else side


class Session:
    """A game being played in the app: the campaign, its clock, and who is human.  ``loaded_turn`` is the turn a
    loaded save was at (``None`` for a new game): the tactical battles fought before it are not in the save.

    ``save_path`` is the player's save: the file last saved to in the save dialog, or the one loaded; an autosave
    after an engine error or a crash goes beside it (:meth:`autosave_target`), never over a file in ``own_files``.
    ``error`` is the :class:`EngineError` that stopped the game (``None`` while it runs); ``lock`` is held while the
    AI worker drives the clock (a save waits for a human decision).  The clock keeps checkpoints (the last good
    state after a failure).

    It is the campaign screen's seat link (:class:`tui.seat_link.SeatLink`: the deciding human is whoever it is,
    hot-seat) and its host (:class:`tui.seat_host.SeatHost`, R-VIEW-37)."""

    def __init__(self, campaign: Campaign, clock: Clock, humans: set[str], loaded_turn: int | None = None,
                 save_path: Path | None = None) -> None:
        self.campaign = campaign
        self.clock = clock
        self.humans = humans
        self.loaded_turn = loaded_turn
        self.ai: dict[str, Agent] = {p.value: BaselineAI() for p in Player}
        self.last_human: str | None = None
        self.save_path = save_path
        self.own_files: set[Path] = {save_path} if save_path is not None else set()
        self.combat_note = ""  # how a loaded game's combat was chosen (combat_choice)
        self.data_note = ""  # the load notification on the save's --data folders (other_data_note, R-UI-111)
        self.commanders_added: list[Player] = []  # the human players of a loaded game made commanders (R-UI-98)
        self.error: EngineError | None = None
        self.lock = threading.Lock()
        campaign.keep_undo = True
        clock.keep_checkpoints = True  # from the next decision on, if the caller's clock did not

    def seat(self) -> Player | None:
        """Whose eyes the board is drawn for (R-VIEW-05): the human deciding now, else the last human seated (or
        the only human), else nobody (an all-AI watch: the observer, who sees what every player sees)."""
        decision = self.clock.decision
        if decision is not None and decision.player.value in self.humans:
            return decision.player
        if self.last_human is not None:
            return Player(self.last_human)
        return Player(next(iter(self.humans))) if len(self.humans) == 1 else None

    def view(self) -> CampaignView:
        """The seated player's view of the game (:func:`strategic.views.observe`), for what the app shows of the
        units.  A clock made without checkpoints keeps no state of the decision's start: at its first decision
        the game as it stands is shown (no order of it has been given yet)."""
        try:
            return observe(self.clock, self.seat(), orders=False, log=False)
        except ValueError:
            return observe(self.campaign, self.seat(), orders=False, log=False)

    # -- the seat's side of the game (tui.seat_link.SeatLink): what the campaign screen reads and does

    @property
    def data(self) -> CampaignData:
        return self.campaign.data

    def human(self, player: Player) -> bool:
        return player.value in self.humans

    def deciding(self) -> Player | None:
        """The human whose decision is open now (hot-seat: whoever it is), or ``None``."""
        decision = self.clock.decision
        return decision.player if decision is not None and self.waiting_for_human else None

    def legal_orders(self) -> list[Order]:
        player = self.deciding()
        return self.campaign.legal_orders(player.value) if player is not None else []

    def give(self, orders: list[Order]) -> Given:
        """Give ``orders`` for the deciding human, all or none (:func:`give_together`).  Raises
        :class:`EngineError` (kept in :attr:`error`); refusals are in the result."""
        player = self.deciding()
        if player is None:
            raise RuntimeError("no human decides now")
        return give_together(self.campaign, self.apply, player.value, orders)

    def advice(self) -> OrderAdvice:
        player = self.deciding()
        if player is None:
            raise RuntimeError("no human decides now")
        return CampaignAdvice(self.campaign, player.value)

    def summed_turns(self) -> list[int]:
        return summed_turns(self.campaign)

    def turn_summary(self, turn: int) -> str:
        return summary_text(self.campaign, turn)

    def waiting(self) -> str | None:
        return waiting_words(self.campaign) if self.campaign.blocked else None

    def waiting_hint(self) -> str | None:
        return waiting_hint(self.campaign)

    def log(self, since: int) -> LogLines:
        events = list(self.campaign.state.events)  # a copy: the AI worker may be adding to the log
        reset = since > len(events)  # an undo shortened the log
        start = 0 if reset else since
        lines = tuple(log_line(e) for e in events[start:] if not isinstance(e, OrderGiven | DiceRolled))
        return LogLines(len(events), lines, reset)

    def undo(self) -> bool:
        """Take back the last order of the open decision (:meth:`Campaign.undo`: state and dice)."""
        return self.campaign.undo()

    def over(self) -> bool:
        return self.campaign.state.winner is not None or self.clock.finished

    def game_facts(self) -> GameFacts:
        state = self.campaign.state
        return GameFacts(state.seed, tuple(chosen_options(state)))

    def save(self, path: Path) -> None:
        """Write the whole campaign to ``path`` (:func:`strategic.saves.save`).  A remote link cannot: it holds no
        campaign; it would send a ``save`` message and the server would write its own save beside its autosave
        (R-VIEW-33)."""
        save(self.campaign, path)

    def odds(self, progress: Callable[[str, int, int], None], cancelled: Callable[[], bool]) -> list[str] | None:
        """The odds advisor over the whole campaign (:func:`strategic.odds.battle_odds`: the game's combat, in
        worker processes for tactical runs, R-PERF-01).  A remote link cannot simulate what its seat does not
        see: the server would run them and send the lines (R-VIEW-34)."""
        from strategic.combat import find_battles
        from strategic.odds import battle_odds
        from strategic.odds_workers import OddsCancelled

        combat = "tactical" if self.tactical else "classic"
        campaign = self.campaign
        battles = find_battles(campaign)
        lines: list[str] = [] if battles else ["No battle would be fought with the units now at sea."]
        for battle in battles:
            resolver = make_resolver(combat)
            assert resolver is not None

            def told(done: int, total: int, area: str = battle.area) -> None:
                progress(area, done, total)

            try:
                report = battle_odds(
                    campaign, battle.area, resolver, runs=ODDS_RUNS[combat], seed=campaign.state.turn,
                    workers=min(2, os.cpu_count() or 1) if combat == "tactical" else 1,
                    progress=told, cancelled=cancelled)
            except OddsCancelled:
                return None
            lines += [*report.lines(), ""]
        return lines

    # -- the battle questions (tui.battle_link.BattleLink)

    def question(self) -> CombatQuestion | None:
        return self.campaign.state.question

    def battle_words(self) -> str:
        return waiting_name(self.campaign)

    def on_table(self, battle: str) -> bool:
        return self.campaign.on_table(battle)

    def chose_before(self, question: CombatQuestion) -> bool:
        state = self.campaign.state
        side = _side_asked(question.question)
        answered = any(_side_asked(a["question"]) == side for a in state.combat_answers.get(question.battle, []))
        return answered or state.battle_choices.get(question.player) == "command"

    def standing_choice(self, player: Player) -> str | None:
        return self.campaign.state.battle_choices.get(player)

    def choose_battle(self, how: str, *, for_the_rest: bool = False) -> None:
        self.campaign.choose_battle(how, for_the_rest=for_the_rest)

    def left_to_ai(self) -> LeftToAi:
        state = self.campaign.state
        if state.question is None:
            return LeftToAi()
        battle = state.question.battle
        return LeftToAi(dict(state.delegated_ships.get(battle, {})), dict(state.delegated_table_turns.get(battle, {})),
                        list(state.delegated_table_battles.get(battle, [])))

    def keep_left_to_ai(self, left: LeftToAi) -> None:
        """Kept in the state, so a save holds them (R-SEAT-30); an empty kind is dropped from it."""
        state = self.campaign.state
        if state.question is None:
            return
        battle = state.question.battle
        state.delegated_ships[battle] = dict(left.ships)
        state.delegated_table_turns[battle] = dict(left.turns)
        state.delegated_table_battles[battle] = list(left.whole)
        for kept in (state.delegated_ships, state.delegated_table_turns, state.delegated_table_battles):
            if not kept[battle]:
                kept.pop(battle)

    def delegate_battle(self, *, whole_turn: bool = False) -> None:
        self.campaign.delegate_battle(whole_turn=whole_turn)

    def live_answers(self) -> list[TacticalEntry]:
        return list(self.campaign.live_answers)

    def battle_result(self, battle: str, turn: int) -> str | None:
        state = self.campaign.state
        if turn == state.turn and battle in state.pending_battles:
            return None
        return battle_result(state.events, turn, battle.split(":", 1)[-1])

    # -- the host's side (tui.seat_host.SeatHost): what the campaign screen needs beside the seat's link

    def decision_key(self) -> object:
        """The clock's open decision (a new one starts new order groups), or ``None``."""
        return self.clock.decision

    def hand_over(self, player: str) -> bool:
        """Hot-seat: more than one human, and another one sat at the screen last."""
        return len(self.humans) > 1 and self.last_human not in (None, player)

    def seated(self, player: str) -> None:
        self.last_human = player

    @property
    def waiting_for_human(self) -> bool:
        d = self.clock.decision
        return self.error is None and d is not None and d.player.value in self.humans

    @property
    def tactical(self) -> bool:
        """Whether battles are fought on the tactical table (and kept for the viewer)."""
        return isinstance(self.campaign.resolver, TacticalResolver)

    def battles(self) -> list[TacticalBattle]:
        """The tactical battles still kept (this turn's and the previous turn's), in the order fought."""
        resolver = self.campaign.resolver
        return list(resolver.battles) if isinstance(resolver, TacticalResolver) else []

    def saved_to(self, path: Path) -> None:
        """The player saved the game to ``path``: autosaves go beside it from now on, and never over it."""
        self.save_path = path
        self.own_files.add(path)

    def autosave_target(self) -> Path:
        return autosave_target(self.save_path, self.own_files)

    def failed(self, error: EngineError) -> EngineError:
        """Record the engine failure that stops the game.  One raised outside the clock (an AI's or an order's) ends
        the clock too: it is kept in ``clock.error``, so the last good state is the clock's checkpoint."""
        self.error = error
        if self.clock.error is None or not error.rewound:
            self.clock.error = error
        return error

    def last_good_text(self) -> str | None:
        """The save text of the last good state after :attr:`error` (:func:`strategic.saves.last_good_text`): the
        campaign itself after a failed battle (rewound), else the checkpoint of the last decision, else ``None``."""
        return last_good_text(self.campaign, self.clock)

    def end_decision(self) -> None:
        """End the current decision (battles may be fought), then drop tactical battles older than
        :data:`KEEP_BATTLE_TURNS` turns.  Raises :class:`EngineError` (kept in :attr:`error`)."""
        try:
            self.clock.end_decision()
        except EngineError as exc:
            raise self.failed(exc) from exc
        finally:
            resolver = self.campaign.resolver
            if isinstance(resolver, TacticalResolver):
                oldest = self.campaign.state.turn - KEEP_BATTLE_TURNS + 1
                resolver.battles[:] = [b for b in resolver.battles if b.turn >= oldest]

    def apply(self, player: str, order: Order) -> list[Event]:
        """Give ``order`` for ``player``.  Raises :class:`IllegalOrder`; any other failure of the engine is raised
        as an :class:`EngineError` naming the order (kept in :attr:`error`)."""
        try:
            return self.campaign.apply(player, order)
        except IllegalOrder:
            raise
        except Exception as exc:
            state = self.campaign.state
            raise self.failed(EngineError(state.turn, state.phase.value, exc,
                                          who=f"the {player_name(Player(player))} order '{describe(order)}'")) from exc

    def run_ai_until_human(self, progress: Progress | None = None) -> None:
        """Play AI decisions until a human must decide, the game ends, or a battle blocks it (worker thread).
        ``progress(player, phase)`` is called before each AI decision.  An AI that raises, or the engine failing,
        raises :class:`EngineError` (kept in :attr:`error`)."""
        clock, campaign = self.clock, self.campaign
        with self.lock:
            self.answer_for_ai_players()
            while (self.error is None and clock.decision is not None and not self.waiting_for_human
                   and not campaign.blocked):
                decision = clock.decision
                player = decision.player.value
                if progress is not None:
                    progress(player, decision.phase)
                try:
                    with campaign.without_undo():  # an AI's orders are never taken back (issue 18)
                        give_orders(campaign, player, list(self.ai[player].orders(campaign, player)))
                except Exception as exc:  # issue 13 item 1: a broken AI stops the game with a message
                    error = exc if isinstance(exc, EngineError) else EngineError(
                        decision.turn, decision.phase.value, exc, who=f"the {player_name(Player(player))} AI deciding")
                    raise self.failed(error) from exc
                self.end_decision()
                self.answer_for_ai_players()

    def combat_question(self) -> AnswerNeeded | None:
        """The classic-combat question waiting for a human player (issue #15), with its brief, or ``None``."""
        asked = self.campaign.state.question
        if self.error is not None or asked is None or asked.player.value not in self.humans:
            return None
        return self.campaign.asked

    def answer_combat(self, answer: object) -> str | None:
        """Give the waiting question ``answer``: ``None`` if taken, else the refusal (its shape, or the rule)."""
        try:
            self.campaign.answer_combat(answer)
        except (RulesError, InputError, InvalidOrder) as exc:
            return str(exc)
        return None

    def fight_live(self, ask: LiveAsk) -> list[TacticalEntry]:
        """Fight the battle waiting for a human player on the table, ``ask`` answering (the command screen's
        thread, issue #16): the answers given (:meth:`Campaign.fight_live`)."""
        with self.lock:
            return self.campaign.fight_live(lambda q, battle, advice, player: ask(q, battle, advice,
                                                                                  player_name(player)))

    def hand_in(self, answers: list[TacticalEntry]) -> str | None:
        """Give the battle waiting the answers of a live run (:meth:`Campaign.answer_tactical`): ``None`` if they
        stand, else the refusal."""
        self.campaign.live_answers = []  # handed in once
        if not answers or self.campaign.state.question is None:
            return None
        try:
            self.campaign.answer_tactical(answers)
        except (RulesError, InputError, InvalidOrder) as exc:
            return str(exc)
        return None

    def go_on_fighting(self) -> None:
        """After an answer (or a battle left to the AI): fight on to the next question, decision or end (worker
        thread).  Raises :class:`EngineError` (kept in :attr:`error`)."""
        with self.lock:
            try:
                self.clock.retry()
            except EngineError as exc:
                raise self.failed(exc) from exc

    def answer_for_ai_players(self) -> None:
        """A question waiting for a player who is not human in this session (a save made with other humans): the
        AI's answer is given (its brief's suggestion) and the battle fought on."""
        while (self.error is None and self.campaign.state.question is not None
               and self.campaign.state.question.player.value not in self.humans
               and (self.campaign.asked is not None or self.campaign.state.question.engine == "tactical")):
            asked = self.campaign.asked
            if self.campaign.state.question.engine == "tactical" or asked is None:
                self.campaign.delegate_battle()  # the AI commands his side on the table
            else:
                self.campaign.answer_combat(asked.brief.suggestion)
            try:
                self.clock.retry()
            except EngineError as exc:
                raise self.failed(exc) from exc

    def go_on_by_classic(self) -> None:
        """After a failed battle (:class:`BattleError`): have that battle fought by the classic rules and go on with a
        new clock on the same campaign (the old one is finished).  Raises :class:`EngineError` if the game fails
        again (kept in :attr:`error`; the old clock's checkpoint stays the last good state)."""
        error = self.error
        if not isinstance(error, BattleError):
            raise RuntimeError("only a failed battle can be fought by the classic rules")
        with self.lock:
            pending = self.campaign.state.pending_battles
            area = error.area if error.area in pending else pending[0]  # a surprise attack's entry names no area
            self.campaign.fight_classic(area)
            self.error = None
            try:
                self.clock = Clock(self.campaign, resume=True, checkpoints=True)
            except EngineError as exc:
                raise self.failed(exc) from exc

    def save_after_crash(self, data: CampaignData, crash: BaseException | None) -> tuple[Path, str] | None:
        """After a crash of the app (``crash``, ``None`` if unknown): the game in progress (not over) written beside
        the player's save, and a note when only the last checkpoint could be saved (a state that does not load back
        into ``data``).  ``None`` when the game is over.  Raises ``OSError`` when nothing could be written.  The
        host's own (R-VIEW-33): a remote seat's crash loses nothing, the server keeps the game."""
        if self.campaign.state.winner is not None:
            return None
        acquired = self.lock.acquire(timeout=60)  # the AI worker ends at a human decision
        try:
            if self.campaign.live_ask is None:  # a battle on the table stopped by the crash: keep its answers
                self.hand_in(list(self.campaign.live_answers))
            target = self.autosave_target()
            written, _ = write_autosave(save_text(self.campaign), target, self.own_files)
            try:
                load_state(written, data)
            except SaveError:
                state = self.campaign.state
                if self.clock.error is None:
                    self.clock.error = EngineError(state.turn, state.phase.value, crash or RuntimeError())
                text = last_good_text(self.campaign, self.clock)
                if text is None:
                    return written, " (it may not load: the app failed in the middle of a change)"
                written, _ = write_autosave(text, target, self.own_files)
                return written, f" (the last good state, {state_moment(text)}: the start of the last decision)"
            return written, ""
        finally:
            if acquired:
                self.lock.release()

    def opened_text(self) -> str:
        """How a loaded game is fought: its combat, how it was chosen, who commands his battles (the host's
        notification on loading)."""
        return (f"{self.campaign.state.combat} combat ({self.combat_note}); "
                f"{commanders_text(self.campaign, self.commanders_added)}"
                + (f"; {self.data_note}" if self.data_note else ""))
