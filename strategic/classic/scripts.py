"""Classic-combat decisions as data: questions and answers that can be recorded, scripted and asked (issue #15).

Every decision of :class:`~strategic.classic.policies.CombatPolicy` becomes a :class:`Question` (the decision, the
battle's sea area, the side, the round and stage, and the choices offered, all plain JSON) and its answer a JSON
value, so that one seat can be swapped for another without the rules knowing (DESIGN.md, "Deciders"):

* :class:`RecordingPolicy` wraps a policy and writes down each question with the answer it gave;
* :class:`ScriptedPolicy` answers from such a script, in order, and raises :class:`ScriptError` naming the entry
  when the script does not fit the battle (the headless engine, tests, play by e-mail);
* :class:`AskingPolicy` answers from the answers given so far and raises :class:`AnswerNeeded` carrying the next
  question: the battle is then taken back (its dice and events rewound) and fought again from its start once
  the answer is known.  Classic battles are short, so fighting again is cheap, and a game saved between two
  questions needs nothing but the answers to reopen at the same question.

The resolver still checks every answer against the rules (an illegal one raises
:class:`~scenarios.errors.IllegalCombatDecision`); these classes only carry answers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from scenarios.errors import InputError
from scenarios.models import Player, Side, Theatre
from scenarios.names import side_words
from strategic.answer_needed import AnswerNeeded
from strategic.battle_names import ORDER_KEY
from tactical import script_items

if TYPE_CHECKING:
    from strategic.campaign import Campaign
    from strategic.classic.context import BattleContext
    from strategic.classic.policies import CombatPolicy
    from strategic.classic.resolver import ClassicResolver
    from strategic.combat import Battle, BattleOutcome

DECISIONS = ("order_battles", "submarine_targets", "was_air_strikes", "gunnery_targets", "air_targets",
             "day_or_night", "night_firing_carriers", "run_or_fight", "withdraw", "pursue", "landings",
             "retreat_ports")
"""The questions of :class:`~strategic.classic.policies.CombatPolicy`, in the protocol's order."""

ORDER_PREFIX = ORDER_KEY
"""The entry of a battle-order question (``order:WAS``, ``order:VITP``): it belongs to no single battle."""

BATTLE_ORDERERS: tuple[tuple[Theatre, Player, str], ...] = (
    (Theatre.WAS, Player.GERMANY_ITALY, "WAS 5.6 (case W-03; R-CMB-10)"),
    (Theatre.VITP, Player.JAPAN, "VITP 4.1 (R-CMB-10)"),
)
"""Who orders each theatre's battles, and the rule: the Axis the War at Sea battles, Japan the VITP battles; the
War at Sea battles are fought first (:meth:`strategic.classic.resolver.ClassicResolver.order_battles`)."""


def order_entry(theatre: Theatre) -> str:
    """The entry of ``theatre``'s battle-order question (:data:`ORDER_PREFIX`)."""
    return f"{ORDER_PREFIX}{theatre.value}"


def is_order_entry(entry: str) -> bool:
    return entry.startswith(ORDER_PREFIX)


class ScriptError(InputError):
    """A script of combat answers that does not fit the battle being fought: the message names the entry."""


@dataclass(frozen=True)
class Question:
    """One decision asked of a side: ``decision`` (a :data:`DECISIONS` name), the battle's ``area`` (the theatre
    for ``order_battles``), the ``side``, the battle's ``round`` and ``stage``, and the ``options`` offered (the
    policy method's arguments as plain JSON: unit names, areas, air factors, Japan's declaration)."""

    decision: str
    area: str
    side: str
    round: int
    stage: str
    options: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"decision": self.decision, "area": self.area, "side": self.side, "round": self.round,
                "stage": self.stage, "options": self.options}

    @classmethod
    def from_json(cls, value: Any, where: str) -> Question:
        if not isinstance(value, dict) or set(value) != {"decision", "area", "side", "round", "stage", "options"}:
            raise ScriptError(f"{where}: a question has exactly decision, area, side, round, stage and options")
        if value["decision"] not in DECISIONS:
            raise ScriptError(f"{where}.decision: '{value['decision']}' is not a combat decision "
                              f"({', '.join(DECISIONS)})")
        if not isinstance(value["round"], int) or not isinstance(value["options"], dict):
            raise ScriptError(f"{where}: round must be a whole number and options an object")
        return cls(value["decision"], str(value["area"]), str(value["side"]), value["round"], str(value["stage"]),
                   value["options"])

    def describe(self) -> str:
        if self.decision == "order_battles":
            return f"the order of the {self.area} battles"
        return f"{self.decision} for {side_words(self.side)} in {self.area} (round {self.round}, {self.stage})"


@dataclass(frozen=True)
class Entry:
    """A question and the answer given to it (plain JSON, see :func:`encode`)."""

    question: Question
    answer: Any

    def to_json(self) -> dict[str, Any]:
        return {"question": self.question.to_json(), "answer": self.answer}


# --------------------------------------------------------------------------- questions and answers as JSON


def question_of(decision: str, args: Sequence[Any]) -> Question:
    """The :class:`Question` for a call of ``decision`` with the policy method's ``args``."""
    if decision == "order_battles":
        _campaign, theatre, areas = args
        return Question(decision, Theatre(theatre).value, "axis", 0, "order", {"areas": list(areas)})
    ctx, side, *rest = args
    return Question(decision, ctx.area, Side(side).value, ctx.round, ctx.stage, _options(decision, rest))


def _options(decision: str, rest: list[Any]) -> dict[str, Any]:
    if decision in ("submarine_targets", "gunnery_targets", "air_targets"):
        return {"units": list(rest[0]), "targets": list(rest[1])}
    if decision == "was_air_strikes":
        return {"factors": dict(rest[0]), "targets": list(rest[1])}
    if decision == "day_or_night":
        return {"japan": rest[0]}
    if decision == "night_firing_carriers":
        return {"carriers": list(rest[0])}
    if decision == "run_or_fight":
        return {"units": list(rest[0])}
    if decision == "withdraw":  # the candidates: since issue #15's battle order (older answers lack them: _fits)
        out: dict[str, Any] = {"enemy_withdrawing": None if rest[0] is None else sorted(rest[0])}
        if len(rest) > 1 and rest[1] is not None:
            out["candidates"] = list(rest[1])
        return out
    return {"choices": {k: list(v) for k, v in rest[0].items()}}  # pursue, landings, retreat_ports


def encode(decision: str, answer: Any) -> Any:
    """A policy's answer as plain JSON (sets sorted, pairs as two-item lists)."""
    if decision in ("night_firing_carriers", "withdraw"):
        return sorted(answer)
    if decision == "was_air_strikes":
        return [[source, target] for source, target in answer]
    if decision in ("order_battles",):
        return list(answer)
    if decision in ("day_or_night", "run_or_fight"):
        return answer
    return dict(answer)


def decode(decision: str, value: Any, where: str) -> Any:
    """A JSON answer as the policy method returns it; :class:`ScriptError` naming ``where`` if it has the wrong
    shape (whether it is legal is the resolver's to say)."""
    def names(v: Any) -> list[str]:
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise ScriptError(f"{where}: {decision} is answered by a list of names")
        return v
    if decision in ("night_firing_carriers", "withdraw"):
        return set(names(value))
    if decision == "order_battles":
        return names(value)
    if decision == "day_or_night":
        if value not in ("day", "night"):
            raise ScriptError(f"{where}: day_or_night is answered by \"day\" or \"night\"")
        return value
    if decision == "run_or_fight":
        if value not in ("run", "fight"):
            raise ScriptError(f"{where}: run_or_fight is answered by \"run\" or \"fight\"")
        return value
    if decision == "was_air_strikes":
        if not isinstance(value, list) or not all(isinstance(p, list) and len(p) == 2
                                                  and all(isinstance(x, str) for x in p) for p in value):
            raise ScriptError(f"{where}: was_air_strikes is answered by a list of [air unit, target] pairs")
        return [(source, target) for source, target in value]
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise ScriptError(f"{where}: {decision} is answered by an object of unit name -> name")
    return dict(value)


def answer_text(answer: Any) -> str:
    """A JSON answer in words: ``Myoko > Lexington, Nachi > hold``; ``Lexington, Enterprise``; ``night``."""
    if isinstance(answer, dict):
        return ", ".join(f"{k} > {v}" for k, v in answer.items()) or "none"
    if isinstance(answer, list):
        return ", ".join(" > ".join(p) if isinstance(p, list) else str(p) for p in answer) or "none"
    return str(answer)


def read_script(value: Any, where: str = "script") -> list[Entry]:
    """A script read from JSON (a list of ``{"question": ..., "answer": ...}``), each answer's shape checked."""
    out = []
    for at, item in script_items(value, where, "combat answers", ScriptError):
        question = Question.from_json(item["question"], f"{at}.question")
        decode(question.decision, item["answer"], f"{at}.answer")
        out.append(Entry(question, item["answer"]))
    return out


# --------------------------------------------------------------------------- seats


class _Seat:
    """A policy whose every decision goes through :meth:`_decide` (the decision's name and its arguments)."""

    name = "seat"

    def _decide(self, decision: str, args: tuple[Any, ...]) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    def order_battles(self, campaign: Campaign, theatre: Theatre, areas: list[str]) -> list[str]:
        return self._decide("order_battles", (campaign, theatre, areas))  # type: ignore[no-any-return]

    def submarine_targets(self, ctx: BattleContext, side: Side, subs: list[str],
                          targets: list[str]) -> dict[str, str]:
        return self._decide("submarine_targets", (ctx, side, subs, targets))  # type: ignore[no-any-return]

    def was_air_strikes(self, ctx: BattleContext, side: Side, sources: dict[str, int],
                        targets: list[str]) -> list[tuple[str, str]]:
        return self._decide("was_air_strikes", (ctx, side, sources, targets))  # type: ignore[no-any-return]

    def gunnery_targets(self, ctx: BattleContext, side: Side, firers: list[str],
                        targets: list[str]) -> dict[str, str]:
        return self._decide("gunnery_targets", (ctx, side, firers, targets))  # type: ignore[no-any-return]

    def air_targets(self, ctx: BattleContext, side: Side, sources: list[str],
                    targets: list[str]) -> dict[str, str]:
        return self._decide("air_targets", (ctx, side, sources, targets))  # type: ignore[no-any-return]

    def day_or_night(self, ctx: BattleContext, side: Side, japan_choice: str | None) -> str:
        return self._decide("day_or_night", (ctx, side, japan_choice))  # type: ignore[no-any-return]

    def night_firing_carriers(self, ctx: BattleContext, side: Side, carriers: list[str]) -> set[str]:
        return self._decide("night_firing_carriers", (ctx, side, carriers))  # type: ignore[no-any-return]

    def run_or_fight(self, ctx: BattleContext, side: Side, units: list[str]) -> str:
        return self._decide("run_or_fight", (ctx, side, units))  # type: ignore[no-any-return]

    def withdraw(self, ctx: BattleContext, side: Side, enemy_declared: frozenset[str] | None,
                 candidates: list[str] | None = None) -> set[str]:
        return self._decide("withdraw", (ctx, side, enemy_declared, candidates))  # type: ignore[no-any-return]

    def pursue(self, ctx: BattleContext, side: Side, eligible: dict[str, list[str]]) -> dict[str, str]:
        return self._decide("pursue", (ctx, side, eligible))  # type: ignore[no-any-return]

    def landings(self, ctx: BattleContext, side: Side, options: dict[str, list[str]]) -> dict[str, str]:
        return self._decide("landings", (ctx, side, options))  # type: ignore[no-any-return]

    def retreat_ports(self, ctx: BattleContext, side: Side, options: dict[str, list[str]]) -> dict[str, str]:
        return self._decide("retreat_ports", (ctx, side, options))  # type: ignore[no-any-return]


class RecordingPolicy(_Seat):
    """``inner`` decides; each question and its answer are appended to :attr:`script` (and to ``sink``)."""

    def __init__(self, inner: CombatPolicy, sink: Callable[[Entry], None] | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        self.script: list[Entry] = []
        self._sink = sink

    def _decide(self, decision: str, args: tuple[Any, ...]) -> Any:
        answer = getattr(self.inner, decision)(*args)
        entry = Entry(question_of(decision, args), encode(decision, answer))
        self.script.append(entry)
        if self._sink is not None:
            self._sink(entry)
        return answer


class ScriptedPolicy(_Seat):
    """Answers from ``script`` in order.  The next entry's question must be the one asked (same decision, area,
    side, round, stage and options), else :class:`ScriptError` names the entry and both questions; when the
    script is used up, ``then`` decides (``None``: a :class:`ScriptError`)."""

    name = "script"

    def __init__(self, script: Iterable[Entry], then: CombatPolicy | None = None, where: str = "script") -> None:
        self.entries = list(script)
        self.used = 0
        self.then = then
        self.where = where

    def _decide(self, decision: str, args: tuple[Any, ...]) -> Any:
        question = question_of(decision, args)
        if self.used >= len(self.entries):
            return self._beyond(question, decision, args)
        entry, at = self.entries[self.used], f"{self.where}[{self.used}]"
        if not _fits(entry.question, question):
            raise ScriptError(f"{at}: the script answers {entry.question.describe()} "
                              f"{_options_text(entry.question)}, but the battle asks {question.describe()} "
                              f"{_options_text(question)}")
        self.used += 1
        return decode(decision, entry.answer, f"{at}.answer")

    def _beyond(self, question: Question, decision: str, args: tuple[Any, ...]) -> Any:
        if self.then is None:
            raise ScriptError(f"{self.where}: the script ends after {len(self.entries)} answer(s), but the battle "
                              f"asks {question.describe()}")
        return getattr(self.then, decision)(*args)


class AskingPolicy(ScriptedPolicy):
    """Answers from the answers given so far; at the first question beyond them raises :class:`AnswerNeeded`."""

    name = "asking"

    def __init__(self, answers: Iterable[Entry] = (), where: str = "answers", player: str = "",
                 briefer: Callable[[str, tuple[Any, ...]], Any] | None = None) -> None:
        super().__init__(answers, None, where)
        self.player = player
        self.briefer = briefer

    def _beyond(self, question: Question, decision: str, args: tuple[Any, ...]) -> Any:
        situation = self.briefer(decision, args) if self.briefer is not None and decision != "order_battles" \
            else None
        raise AnswerNeeded(question, self.player, situation)


def battle_key(battle: Battle) -> str:
    """A battle's entry among the pending battles (``surprise:AREA`` for a surprise attack, else its area)."""
    return f"surprise:{battle.area}" if battle.surprise_rounds else battle.area


def fight_until_asked(resolver: ClassicResolver, campaign: Campaign, battle: Battle) -> BattleOutcome | Question:
    """Fight ``battle``; if a seat raises :class:`AnswerNeeded`, take the battle back (its events and dice rolls:
    the campaign is as it was before) and return the question instead of an outcome."""
    events, dice = len(campaign.state.events), campaign.dice.mark()
    try:
        return resolver.resolve(campaign, battle)
    except AnswerNeeded as needed:
        del campaign.state.events[events:]
        campaign.dice.rewind(dice)
        assert isinstance(needed.question, Question), "a classic battle asks classic questions"
        return needed.question


def _fits(recorded: Question, asked: Question) -> bool:
    """Does the answer recorded for ``recorded`` answer ``asked``?  The same question, or a withdraw question
    recorded before the question listed its candidates (a save made before: the rest must be the same)."""
    if recorded == asked:
        return True
    return (asked.decision == recorded.decision == "withdraw" and "candidates" not in recorded.options
            and replace(asked, options={k: v for k, v in asked.options.items() if k != "candidates"}) == recorded)


def _options_text(question: Question) -> str:
    return "(" + "; ".join(f"{k}: {v}" for k, v in question.options.items()) + ")"
