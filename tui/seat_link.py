"""What the campaign screen asks of the game it shows: the seat-side interface (issue 21, step 2 of the plan in
docs/architecture.md "Network play").

The screen draws from the seated player's :class:`~strategic.views.CampaignView`, the static
:class:`~scenarios.loader.CampaignData` and the narrated log (:class:`LogLines`), and acts through the same
interface: the legal orders of the decision it may take, orders given all or none or taken back, the decision
ended, the battle questions (:class:`~tui.battle_link.BattleLink`), the odds, a save.  The local game
(:class:`tui.session_host.Session`, hot-seat or against AI nations) implements it over the campaign and its clock.
:class:`OrdersLink` is the link less its battle questions: :class:`tui.remote_link.RemoteSeatLink` implements it over
:mod:`strategic.protocol` (each action an ``answer`` or ``undo``, each ``question`` or ``wait`` a refresh, each
``events`` message the log, R-NET-24); the battle questions are still to come over the wire (docs/architecture.md
"Network play").  The campaign screen reaches the game through its link and its host
(:class:`tui.seat_host.SeatHost`) alone (R-VIEW-29, R-VIEW-37; tests/tui/test_seat_architecture.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

from scenarios.loader import CampaignData
from scenarios.models import Player
from strategic.orders import Order
from strategic.views import CampaignView
from tui.battle_link import BattleLink
from tui.order_advice import OrderAdvice
from tui.stack_orders import Given

ODDS_RUNS = {"classic": 300, "tactical": 20}
"""The runs per battle of :meth:`SeatLink.odds` (the odds tab): a few seconds on two cores (R-PERF-03)."""


@dataclass(frozen=True)
class LogLines:
    """The narrated log since event number ``since``: ``lines`` (orders and dice rolls left out: they are in the
    saved log), ``upto`` the number to ask from next time; ``reset`` when the log was shortened (an order taken
    back), ``lines`` then being the whole log again."""

    upto: int
    lines: tuple[str, ...]
    reset: bool = False


@dataclass(frozen=True)
class GameFacts:
    """What the host tells a seat of the game it joins, beside the view (R-VIEW-32): the ``seed`` (a view keeps it
    out, R-VIEW-01; the log's first line and the sub-title show it) and the ``rule_options`` chosen, as
    ``--option`` names them (:func:`strategic.rule_options.chosen_options`: the view's ``options`` hold the
    campaign ones only)."""

    seed: int
    rule_options: tuple[str, ...] = ()


@runtime_checkable
class OrdersLink(Protocol):
    """A seat's side of a game but for its battle questions: what its screen reads and the orders it gives
    (:class:`tui.remote_link.RemoteSeatLink` is one over the websocket, R-NET-24)."""

    @property
    def data(self) -> CampaignData:
        """The static campaign data (board, units' records, set-ups, constants)."""

    def view(self) -> CampaignView:
        """The seated player's view now (without legal orders or log: :meth:`legal_orders`, :meth:`log`)."""

    def human(self, player: Player) -> bool:
        """Whether ``player`` is played at this screen (``you``) rather than by the AI or another seat."""

    def deciding(self) -> Player | None:
        """The player of this screen whose decision is open now, or ``None`` (another player or the AI decides,
        a battle waits, the game is over or stopped)."""

    def legal_orders(self) -> list[Order]:
        """The legal orders of :meth:`deciding` (empty when nobody of this screen decides)."""

    def advice(self) -> OrderAdvice:
        """The engine's word on the orders of :meth:`deciding` (why a unit has none, the speed roll a move needs).
        Raises ``RuntimeError`` when nobody of this screen decides."""

    def give(self, orders: list[Order]) -> Given:
        """Give ``orders`` for :meth:`deciding`, all or none: the events, or the refusals (none stands)."""

    def undo(self) -> bool:
        """Take back the last order given in the open decision of :meth:`deciding` (state and dice): ``False`` when
        there was none to take back (R-VIEW-30)."""

    def end_decision(self) -> None:
        """End the open decision of :meth:`deciding` (the game goes on to the next decision)."""

    def waiting(self) -> str | None:
        """Why the game cannot go on (a battle question waits for an answer), in the player's words, or ``None``."""

    def waiting_hint(self) -> str | None:
        """The order line's hint while a battle question waits (R-UI-93): who is waited for, and for what
        ("waiting for United States: Surprise attack in Hawaiian Islands on Pearl Harbor"); ``None`` when none
        waits."""

    def over(self) -> bool:
        """Whether the game is over (a side won, or the last turn was played)."""

    def game_facts(self) -> GameFacts:
        """The facts of the game set at its start that no view holds (R-VIEW-32)."""

    def save(self, path: Path) -> None:
        """Write the game to ``path`` (R-VIEW-33).  Raises ``OSError`` when it cannot be written."""

    def odds(self, progress: Callable[[str, int, int], None], cancelled: Callable[[], bool]) -> list[str] | None:
        """The odds of every battle the units now at sea would fight, as lines (``progress(area, done, total)``
        between runs), or ``None`` when ``cancelled()`` said so (R-VIEW-34)."""

    def log(self, since: int) -> LogLines:
        """The narrated log from event number ``since`` on."""

    def summed_turns(self) -> list[int]:
        """The turns that are over, in order (their summaries can be shown)."""

    def turn_summary(self, turn: int) -> str:
        """The end-of-turn summary of a turn that is over, narrated (:mod:`tui.turn_summary`)."""


@runtime_checkable
class SeatLink(OrdersLink, BattleLink, Protocol):
    """A seat's side of a game: what its screen may read and do (the battle questions: :class:`BattleLink`)."""


__all__ = ["ODDS_RUNS", "GameFacts", "LogLines", "OrdersLink", "SeatLink"]
