"""Who commands each side of a battle on the table, and the seats of the players who command their own (issue #16).

A campaign battle fought by the tactical engine (:mod:`strategic.battles`) asks each side's captain every decision
of the miniatures rules.  A player listed in :attr:`CampaignState.battle_commanders` answers for his side through a
:class:`tactical.seats.Seat`; the other sides are the AI's (``None``: the engine's own captain).  The seat answers
first from the answers the player has given in this battle so far (``CampaignState.combat_answers``, one list for
the battle, both sides and every engagement of it in the order asked: the battle at sea, then the air raid that
may follow it), then:

* during a **live** battle (the TUI's command screen, :meth:`strategic.campaign.Campaign.fight_live`) from the
  screen, as the battle runs;
* otherwise by stopping the battle: :class:`~strategic.answer_needed.AnswerNeeded` carries the question, the
  battle is taken back (as a classic one is) and fought again from its start once answered
  (:meth:`~strategic.campaign.Campaign.answer_combat`), so a saved game reopens at the same question;
* after the player left the battle (or his battles of this turn) to the AI: by the AI.

The player who speaks for a side is :func:`commander_of` (R-CMB-10), as in classic combat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scenarios.models import Player, Side, Theatre
from scenarios.names import player_words
from strategic.answer_needed import AnswerNeeded
from strategic.battle_names import entry_words
from strategic.events import CombatNoted
from tactical import Seat, TacticalEntry, TacticalQuestion, read_tactical_script

if TYPE_CHECKING:
    from strategic.campaign import Campaign
    from strategic.combat import Battle

PREFERENCE: dict[tuple[Theatre, Side], tuple[Player, ...]] = {
    (Theatre.WAS, Side.AXIS): (Player.GERMANY_ITALY, Player.JAPAN),
    (Theatre.WAS, Side.ALLIED): (Player.ALLIES, Player.UNITED_STATES),
    (Theatre.VITP, Side.AXIS): (Player.JAPAN, Player.GERMANY_ITALY),
    (Theatre.VITP, Side.ALLIED): (Player.UNITED_STATES, Player.ALLIES),
}
"""Who speaks for a side when several players have units in a battle: the one commanding most units there, ties
broken by the theatre's principal player first (R-CMB-10)."""

SIDE_INDEX = {Side.ALLIED: 0, Side.AXIS: 1}
"""The tactical engine's side of each campaign side (the Allies are the first fleet)."""

LiveAsk = Callable[[TacticalQuestion, Any, Callable[[], Any], Player], Any]
"""A live screen's answer to a question (the question, the tactical battle, the AI's advice, the player asked)."""


def commander_of(campaign: Campaign, battle: Battle, side: Side) -> Player:
    """The player who decides for ``side`` in ``battle``: who commands most of its units there (loans count,
    002 §3), ties broken by the theatre's principal player (R-CMB-10)."""
    names = battle.allied if side is Side.ALLIED else battle.axis
    counts = Counter(campaign.state.unit(n).commander for n in names)
    order = PREFERENCE[(battle.theatre, side)]
    if not counts:
        return order[0]
    return max(counts, key=lambda p: (counts[p], -order.index(p) if p in order else -99))


def commands_battles(campaign: Campaign, player: Player) -> bool:
    """Whether ``player`` commands his own battles: he is one of ``battle_commanders`` and has not left every
    battle to the AI for the rest of the game (``battle_choices``)."""
    state = campaign.state
    return player in state.battle_commanders and state.battle_choices.get(player) != "ai"


def commands_now(campaign: Campaign, player: Player, entry: str) -> bool:
    """Whether ``player`` answers for his side in the pending battle ``entry`` himself: he commands his own
    battles and has not left this one, nor this turn's, to the AI."""
    state = campaign.state
    return (commands_battles(campaign, player) and entry not in state.delegated_battles
            and state.delegated_turn.get(player) != state.turn)


def classic_by_choice(campaign: Campaign, battle: Battle) -> bool:
    """Whether a player commanding a side of ``battle`` chose to have every battle he commands fought by the
    classic rules (002 §4.1; ``battle_choices``, issue #16)."""
    state = campaign.state
    return any(state.battle_choices.get(p) == "classic" and p in state.battle_commanders
               for p in (commander_of(campaign, battle, s) for s in (Side.ALLIED, Side.AXIS)))


@dataclass
class TableSeats:
    """The seats of one campaign battle's engagements on the table (module docstring): :meth:`pair` gives the
    captains of the next engagement, each seat's script continuing where the last engagement's stopped."""

    campaign: Campaign
    battle: Battle
    entry: str
    used: dict[int, int] = field(default_factory=lambda: {0: 0, 1: 0})  # each side's answers consumed so far
    seats: list[Seat] = field(default_factory=list)

    def pair(self) -> tuple[Seat | None, Seat | None]:
        """The captains of the next engagement: a seat for each side its player commands, else ``None``."""
        for seat in self.seats:
            self.used[seat.side] += min(len(seat.given), len(seat.script))
        self.seats = []
        state = self.campaign.state
        given = read_tactical_script(
            [e for e in state.combat_answers.get(self.entry, []) if "question" in e["question"]],
            f"combat_answers.{self.entry}")
        out: list[Seat | None] = [None, None]
        for side in (Side.ALLIED, Side.AXIS):
            player = commander_of(self.campaign, self.battle, side)
            if not commands_battles(self.campaign, player):
                continue
            index = SIDE_INDEX[side]
            mine = [e for e in given if e.question.side == index][self.used[index]:]
            where = f"the answers of {player_words(player)} in {entry_words(self.entry)}"
            seat = Seat(index, mine, self._asker(player), where=where, on_answer=self._note)
            if not commands_now(self.campaign, player, self.entry):
                seat.delegate()  # his answers so far stand, the AI gives the rest
            out[index] = seat
            self.seats.append(seat)
        return out[0], out[1]

    def _asker(self, player: Player) -> Callable[..., Any]:
        live = self.campaign.live_ask

        def ask(question: TacticalQuestion, battle: Any, advice: Callable[[], Any]) -> Any:
            if live is not None:
                return live(question, battle, advice, player)
            raise AnswerNeeded(question, player.value)

        return ask

    def _note(self, entry: TacticalEntry) -> None:
        if self.campaign.live_ask is not None:
            self.campaign.live_answers.append(entry)


__all__ = ["PREFERENCE", "LiveAsk", "TableSeats", "classic_by_choice", "commander_of", "commands_battles",
           "commands_now"]


@dataclass(frozen=True)
class TableBattleInProgress:
    """A battle a save is in the middle of on the tactical table: its ``area`` (the pending entry), the number of
    ``answers`` given there and the players who gave them (R-SEAT-22)."""

    area: str
    answers: int
    players: tuple[str, ...]

    def facts(self, where: str) -> str:
        """What loading ``where`` with the classic rules would lose."""
        given = "that answer" if self.answers == 1 else "those answers"
        return (f"{where} is in the middle of {entry_words(self.area)} on the tactical table: {self.answers} "
                f"answer{'s' if self.answers != 1 else ''} given by {', '.join(self.players)}. Fought by the classic "
                f"rules it would start again from the beginning and {given} would "
                "be dropped (R-SEAT-22).")

    def refusal(self, where: str, flag: str) -> str:
        """Why a headless load of ``where`` with ``--combat classic`` is refused, and how to go on (``flag``)."""
        return (f"{self.facts(where)} Load it without --combat to finish the battle on the table, or add {flag} "
                "to fight it by the classic rules.")


def table_battle_in_progress(campaign: Campaign, combat: str) -> TableBattleInProgress | None:
    """The battle on the tactical table a save is in the middle of (answers given to its questions there) that
    ``combat`` (``classic``: every battle by the classic rules) would fight again from its start, dropping those
    answers (R-SEAT-22); ``None`` when no answer would be lost.  A battle its commander already handed to the
    classic rules (``classic_battles``) has no answers on the table."""
    if combat != "classic":
        return None
    state = campaign.state
    for entry in state.pending_battles:
        on_table = [a for a in state.combat_answers.get(entry, []) if "question" in a["question"]]
        if on_table and entry not in state.classic_battles:
            players = sorted({_answerer(a) for a in on_table})
            return TableBattleInProgress(entry, len(on_table), tuple(players))
    return None


def _answerer(answer: dict[str, Any]) -> str:
    """The side that gave a recorded table answer, in the player's words."""
    side = answer["question"].get("side")
    return "the Allied side" if side == SIDE_INDEX[Side.ALLIED] else "the Axis side"


def drop_table_battle(campaign: Campaign, battle: TableBattleInProgress) -> None:
    """The player chose to fight ``battle`` by the classic rules (R-SEAT-22): its answers on the table are dropped
    (and its waiting question), and the game's record says so."""
    state = campaign.state
    state.combat_answers.pop(battle.area, None)
    if state.question is not None and state.question.battle == battle.area:
        state.question, campaign.asked = None, None
    campaign.log(CombatNoted, "002 §4.1", area=battle.area,
                 note=f"fought again from its start by the classic rules on loading: {battle.answers} "
                      f"answer{'s' if battle.answers != 1 else ''} given on the tactical table dropped (R-SEAT-22)")
