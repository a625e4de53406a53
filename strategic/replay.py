"""Campaign logs and their replay: a game played again from its set-up, seed and recorded orders, checked event
for event and roll for roll against its log (issue 14).

A campaign log (``vas run --log FILE``; :func:`log_text`) is JSON: a header naming what the game was played with
(set-up, seed, combat, data folders, the players the AI ran and the turn the run stopped at) and every event of
the game (:mod:`strategic.events`), the campaign's dice rolls (:class:`~strategic.events.DiceRolled`) and the
players' orders (:class:`~strategic.events.OrderGiven`, :class:`~strategic.events.OrderRefused`) among them.

:func:`replay` builds the game anew from the header and plays it with :class:`RecordedOrders` for every player:
at each decision of the clock (:mod:`strategic.clock`) the orders that player gave at that step of that turn,
read back from the log, instead of asking an AI or a human; so a game with human players replays like any other.
The dice come from the seed, and so do the tactical battles (each battle's dice are spawned from the campaign
seed and the battle's key: :meth:`tactical.dice.Dice.spawn`), so the replay must log exactly what the game did;
:func:`first_difference` names the first event where it does not.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    StrictInt,
    ValidationError,
    model_serializer,
)

from scenarios.errors import InputError, InvalidOrder, RulesError
from scenarios.loader import CampaignData
from scenarios.models import Player, Theatre
from scenarios.names import player_words
from strategic.ai import give_orders
from strategic.battle_names import entry_words
from strategic.bid import BadBid
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.events import (
    BattleChosen,
    CampaignEvent,
    CombatAnswered,
    CombatChanged,
    CombatDelegated,
    DiceRolled,
    Event,
    OrderGiven,
    OrderRefused,
    TacticalAnswered,
)
from strategic.json_files import read_json
from strategic.narrate import log_line
from strategic.orders import Order
from strategic.resolvers import make_resolver
from strategic.rule_options import chosen_options, split_options
from strategic.save_checks import schema_problems
from strategic.saves import SaveError, load_state
from tactical import UnknownOption, read_tactical_script

LOG_FORMAT: Literal["vas campaign log"] = "vas campaign log"
LOG_VERSION: Literal[1] = 1
"""Version 1 (issue 14): the header and the typed events of a version-3 save."""

MAX_LOG_BYTES = 256 * 1024 * 1024
"""A whole game's log with its rolls is a few MB; anything far larger is not a log."""


class ReplayError(InputError):
    """A campaign log that cannot be read or replayed: the message names the file and the field."""


class LogHeader(BaseModel):
    """What a logged game was played with.  ``data``: the ``--data`` folders; ``ai``: the players the AI ran (the
    others were passive or human); ``stop_turn``: the turn at whose first decision the run stopped; ``stop_at``:
    the decision (turn, step of the turn plan, decider) a saved game was at, its orders so far given (both
    ``None``: the game went on to its end or a block)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    setup: str
    seed: StrictInt = Field(ge=0)
    combat: Literal["tactical", "classic", "none"]
    data: list[str] = Field(default_factory=list)
    ai: list[str] = Field(default_factory=list)
    stop_turn: StrictInt | None = None
    stop_at: tuple[StrictInt, StrictInt, StrictInt] | None = None
    battle_commanders: list[Player] = Field(default_factory=list)  # players who commanded their battles (#15)
    options: list[str] = Field(default_factory=list)  # the rule options chosen (issue 19; not written when none)
    bid: dict[Theatre, float] = Field(default_factory=dict)  # the POC bid (strategic.bid; not written when none)

    @model_serializer(mode="wrap")
    def _without_empty_options(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A game without rule options or a bid is logged as it always was (no ``options`` or ``bid`` field)."""
        data: dict[str, Any] = handler(self)
        for name in ("options", "bid"):
            if not data.get(name):
                data.pop(name, None)
        return data


class CampaignLog(BaseModel):
    """A campaign log file: its format and version, the header and every event of the game."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    log: Literal["vas campaign log"] = LOG_FORMAT
    version: Literal[1] = LOG_VERSION
    header: LogHeader
    events: list[Event]


@dataclass(frozen=True)
class Difference:
    """The first event where a replay and its log part: its index and turn and phase, and the two events
    (``None``: that side has no more events)."""

    index: int
    logged: CampaignEvent | None
    replayed: CampaignEvent | None

    def __str__(self) -> str:
        where = self.logged or self.replayed
        assert where is not None
        head = f"turn {where.turn}, {where.phase.value} phase, event {self.index}"
        logged = f"'{log_line(self.logged)}'" if self.logged else "nothing (the log ends here)"
        replayed = f"'{log_line(self.replayed)}'" if self.replayed else "nothing (the replay ends here)"
        return f"{head}: the log has {logged}, the replay has {replayed}"


@dataclass
class Replay:
    """A replayed game and the first difference from its log (``None``: identical)."""

    campaign: Campaign
    difference: Difference | None

    @property
    def identical(self) -> bool:
        return self.difference is None


def log_text(campaign: Campaign, header: LogHeader) -> str:
    """The campaign log of ``campaign`` as JSON text."""
    return CampaignLog(header=header, events=list(campaign.state.events)).model_dump_json(indent=1)


def log_of_game(campaign: Campaign) -> CampaignLog:
    """The campaign log of a game in progress (a save: the TUI's, with its human players' orders), to replay up to
    the decision it is at."""
    state = campaign.state
    header = LogHeader(setup=state.setup, seed=state.seed, combat=state.combat,
                       stop_at=(state.turn, state.step, state.decider),
                       battle_commanders=list(state.battle_commanders), options=chosen_options(state),
                       bid=dict(state.bid))
    return CampaignLog(header=header, events=list(state.events))


def read_log(path: Path, data_for_a_save: Callable[[], CampaignData] | None = None) -> CampaignLog:
    """Read a campaign log (or, given ``data_for_a_save``, a save: :func:`log_of_game`).  Raises
    :class:`ReplayError` naming the file and the field for one that is not JSON, not a campaign log, of another
    version, or with a missing or malformed field or event (a save: every :class:`~strategic.saves.SaveError`)."""
    path = Path(path)
    raw = read_json(path, ReplayError, unreadable="{path}: cannot read the campaign log: {reason}",
                    invalid="{path}:{line}: not a campaign log (invalid JSON: {msg})")
    if data_for_a_save is not None and isinstance(raw, dict) and "log" not in raw and {"version", "units"} <= set(raw):
        try:
            return log_of_game(load_state(path, data_for_a_save()))
        except SaveError as exc:
            raise ReplayError(str(exc)) from None
    if not isinstance(raw, dict) or raw.get("log") != LOG_FORMAT:
        raise ReplayError(f"{path}: not a campaign log (no \"log\": \"{LOG_FORMAT}\"; vas run --log FILE writes one)")
    if raw.get("version") != LOG_VERSION:
        raise ReplayError(f"{path}: version: campaign log version {raw.get('version')!r}, this program reads "
                          f"version {LOG_VERSION}")
    try:
        return CampaignLog.model_validate(raw)
    except ValidationError as exc:
        problems = schema_problems(exc)
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise ReplayError(f"{path}: {problems[0]}{more}") from None


class RecordedOrders:
    """A player for every seat that gives, at each decision, the orders the log recorded for that player at that
    step of that turn (orders of an old save, logged without their step, are matched by phase)."""

    def __init__(self, events: list[Event]) -> None:
        self.events = events
        self._orders: dict[tuple[Any, ...], list[Order]] = defaultdict(list)
        for event in events:
            if isinstance(event, OrderGiven | OrderRefused) and event.order is not None:
                self._orders[self._key(event.turn, event.step, event.phase.value, event.player)].append(event.order)

    @staticmethod
    def _key(turn: int, step: int | None, phase: str, player: str) -> tuple[Any, ...]:
        return (turn, "step", step, player) if step is not None else (turn, "phase", phase, player)

    def orders(self, campaign: Campaign, player: str) -> list[Order]:
        state = campaign.state
        for key in (self._key(state.turn, state.step, "", player), self._key(state.turn, None, state.phase.value,
                                                                              player)):
            if key in self._orders:
                return self._orders.pop(key)
        return []


def replay(log: CampaignLog, data: CampaignData) -> Replay:
    """Play the logged game again from its header with the recorded orders and compare it with the log.  Raises
    :class:`ReplayError` for a header the data cannot play, and :class:`~strategic.engine_errors.EngineError` if
    the engine fails."""
    header = log.header
    try:
        split_options(header.options, header.setup)
    except UnknownOption as exc:
        raise ReplayError(f"header.options: {exc}") from None
    try:
        campaign = Campaign.new(data, header.setup, seed=header.seed, options=header.options, bid=header.bid)
    except BadBid as exc:
        raise ReplayError(f"header.bid: {exc}") from None
    except ValueError as exc:
        raise ReplayError(f"header.setup: {exc}") from None
    changes = [(index, e) for index, e in enumerate(log.events) if isinstance(e, CombatChanged)]
    first = changes[0][1].was if changes else header.combat  # the header has the combat the log ended with
    campaign.state.combat = first
    campaign.state.battle_commanders = list(header.battle_commanders)
    campaign.resolver = make_resolver(first)
    _play_back(campaign, Clock(campaign), RecordedOrders(log.events), header, changes)
    return Replay(campaign, first_difference(log.events, campaign.state.events))


def _play_back(campaign: Campaign, clock: Clock, player: RecordedOrders, header: LogHeader,
               changes: list[tuple[int, CombatChanged]] | None = None) -> None:
    """Give every decision its recorded orders until the game ends or blocks, the header's ``stop_turn`` begins,
    or its ``stop_at`` decision has had its orders (as :func:`strategic.ai.play` plays); the combat changes where
    the log's ``changes`` (event number, event) did (R-UI-114)."""
    answers = [e for e in player.events
               if isinstance(e, CombatAnswered | CombatDelegated | TacticalAnswered | BattleChosen)]
    changes = list(changes or [])
    while not clock.finished:
        if changes and len(campaign.state.events) == changes[0][0]:
            campaign.change_combat(changes.pop(0)[1].combat)
            campaign.resolver = make_resolver(campaign.state.combat)
            clock.retry()  # a battle left waiting (combat none) is fought now, as on loading
            continue
        if campaign.state.question is not None:
            if not answers:
                return  # the game was saved at this question
            _answer(campaign, answers.pop(0))
            clock.retry()
            continue
        if campaign.blocked or clock.decision is None:
            return
        decision, state = clock.decision, campaign.state
        if header.stop_turn is not None and decision.turn >= header.stop_turn:
            return
        give_orders(campaign, decision.player.value, player.orders(campaign, decision.player.value))
        if header.stop_at == (state.turn, state.step, state.decider):
            return
        clock.end_decision()


def _answer(campaign: Campaign, recorded: CombatAnswered | CombatDelegated | TacticalAnswered | BattleChosen,
            ) -> None:
    """Give the waiting combat question the recorded answer(s) (or leave the battle to the AI, or have it fought
    by the classic rules, as recorded)."""
    if isinstance(recorded, CombatDelegated):
        campaign.delegate_battle(whole_turn=recorded.whole_turn)
        return
    if isinstance(recorded, BattleChosen):
        campaign.choose_battle(recorded.how, for_the_rest=recorded.for_the_rest)
        return
    try:
        if isinstance(recorded, TacticalAnswered):
            campaign.answer_tactical(read_tactical_script(recorded.answers, "tactical_answers.answers"))
        else:
            campaign.answer_combat(recorded.answer)
    except (RulesError, InputError, InvalidOrder) as exc:
        raise ReplayError(f"turn {recorded.turn}: the recorded answer of {player_words(recorded.player)} in "
                          f"{entry_words(recorded.battle)} is refused: {exc}") from None


def first_difference(logged: list[Event], replayed: list[Event]) -> Difference | None:
    """The first event where two event lists differ (or where one ends first), or ``None``."""
    for index in range(max(len(logged), len(replayed))):
        a = logged[index] if index < len(logged) else None
        b = replayed[index] if index < len(replayed) else None
        if a is None or b is None or a.model_dump(mode="json") != b.model_dump(mode="json"):
            return Difference(index, a, b)
    return None


def counts(events: list[Event]) -> tuple[int, int, int]:
    """How many events (the rolls not counted), dice rolls and orders a log holds."""
    rolls = sum(isinstance(e, DiceRolled) for e in events)
    orders = sum(isinstance(e, OrderGiven) for e in events)
    return len(events) - rolls, rolls, orders
