"""Seats: a side's tactical decisions as data, so that a human, a script or the AI can answer them (issue #16).

Every question of :class:`~tactical.captain.Captain` becomes a :class:`Question` (the question's name, the side,
the ship or carrier it is about, the turn and phase, and its other arguments as plain JSON) and every answer a
JSON value, converted both ways by the captain protocol's own return types (pydantic ``TypeAdapter``: a
:class:`~tactical.plans.MovePlan` is ``{"legs": [{"turn": 0.0, "distance": 6.0}]}``, an Order its name).

A :class:`Seat` is a full :class:`~tactical.captain.Captain` for one side that answers from a **script** (the
answers given so far, in order: each must have been given to the same question, else :class:`ScriptError` names
the entry) and, once the script is spent, asks its ``ask`` callable (a human's screen, or a campaign that stops the
battle to wait for the answer).  ``ask`` receives the question, the battle and the **advice**: a callable giving
the AI's answer, which the screen shows as a suggestion and uses when the player leaves a question, or the rest of
the battle, to the AI (:meth:`Seat.delegate`).  Every answer the seat gives, scripted, asked or delegated, is
written to :attr:`Seat.given` (and passed to ``on_answer``) so that the battle can be fought again from its start
with the same dice and the same answers (the campaign does, to resolve a battle a player fought live, and to
reopen a saved game at the question it stopped at).

The adviser is the side's AI captain, given by :func:`tactical.battle.set_up` once the side's objective is known
(the rules never import the AI).  The engine checks every answer as it checks an AI's (an illegal one raises
:class:`~tactical.orders.IllegalOrder`); a screen checks an answer before it returns it (:mod:`tactical.choices`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any, get_type_hints

from pydantic import TypeAdapter, ValidationError

from scenarios.errors import IllegalOrder, InputError
from tactical.captain import Captain
from tactical.geometry import DeploymentZone, Edge, Point
from tactical.known import known
from tactical.orders import OrderName
from tactical.plans import AAShot, BoatMove, FirePlan, FlightPlan, MovePlan
from tactical.state import Area, Battle, Depth, ShipState
from tactical.views import plain

QUESTIONS = (
    "choose_scouts", "deploy", "choose_mover", "choose_order", "plan_move", "return_point", "choose_firer",
    "plan_fire", "damage_control", "deploy_flights", "deep_deploy", "choose_launch", "aircraft_first",
    "plan_flights", "plan_aa", "order_air_attacks", "deploy_boats", "boats_first", "plan_boats", "place_submarine",
    "assign_sub_hunters", "choose_depth", "surface_hidden", "crash_dive", "escape", "fire_first",
    "choose_searchlight", "choose_radar_target",
)
"""Every question of :class:`~tactical.captain.Captain`, in the protocol's order."""


class ScriptError(InputError):
    """Answers that do not fit the battle being fought (the message names the entry)."""


@cache
def _adapter(question: str) -> TypeAdapter[Any]:
    """The converter of ``question``'s answers: the protocol method's return type."""
    return TypeAdapter(get_type_hints(getattr(Captain, question))["return"])


def encode(question: str, answer: Any) -> Any:
    """An answer to ``question`` as plain JSON."""
    return _adapter(question).dump_python(answer, mode="json")


def decode(question: str, value: Any, where: str) -> Any:
    """A JSON answer to ``question`` as the captain returns it; :class:`ScriptError` naming ``where`` when it has
    the wrong shape (whether it is legal is the engine's to say)."""
    bad = _not_finite(value)
    if bad is not None:
        raise ScriptError(f"{where}: not an answer to {question}: {bad} is not a finite number")
    try:
        return _adapter(question).validate_python(value)
    except ValidationError as exc:
        first = exc.errors()[0]
        at = ".".join(str(p) for p in first["loc"])
        raise ScriptError(f"{where}: not an answer to {question}: {first['msg']}{f' at {at}' if at else ''}") from None


def _not_finite(value: Any) -> str | None:
    """The first infinite or NaN number in a JSON value (positions, headings and distances are on the table)."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list | tuple) else ()
    return next((bad for v in items if (bad := _not_finite(v)) is not None), None)


@dataclass(frozen=True)
class Question:
    """One question asked of ``side`` (0 or 1): ``question`` (a :data:`QUESTIONS` name), the ``ship`` (or carrier,
    submarine) it is about, the battle's ``turn`` (0: the set-up) and ``phase``, and its other arguments as plain
    JSON (``options``: candidates, the deployment zone, the Flights ready to launch, ...)."""

    question: str
    side: int
    ship: str | None
    turn: int
    phase: str
    options: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"question": self.question, "side": self.side, "ship": self.ship, "turn": self.turn,
                "phase": self.phase, "options": self.options}

    @classmethod
    def from_json(cls, value: Any, where: str) -> Question:
        keys = {"question", "side", "ship", "turn", "phase", "options"}
        if not isinstance(value, dict) or set(value) != keys:
            raise ScriptError(f"{where}: a question has exactly {', '.join(sorted(keys))}")
        if value["question"] not in QUESTIONS:
            raise ScriptError(f"{where}.question: '{value['question']}' is not a captain's question")
        if value["side"] not in (0, 1) or not isinstance(value["turn"], int) or not isinstance(value["options"], dict):
            raise ScriptError(f"{where}: side must be 0 or 1, turn a whole number and options an object")
        return cls(value["question"], value["side"], value["ship"], value["turn"], str(value["phase"]),
                   value["options"])

    def describe(self) -> str:
        about = f" for {self.ship}" if self.ship else ""
        when = f"turn {self.turn}, {self.phase}" if self.turn else \
            "the set-up" if self.phase == "set-up" else f"the set-up, {self.phase}"
        return f"{self.question.replace('_', ' ')}{about} ({when})"


@dataclass(frozen=True)
class Entry:
    """A question and the answer given to it (plain JSON, :func:`encode`)."""

    question: Question
    answer: Any

    def to_json(self) -> dict[str, Any]:
        return {"question": self.question.to_json(), "answer": self.answer}


def script_items(value: Any, where: str, what: str, error: type[InputError]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The entries of a script read from JSON (a list of ``{"question": ..., "answer": ...}``), each with where it
    is (``where[i]``); ``error`` (naming the place) for a list or an entry of the wrong shape.  The classic and the
    tactical scripts both read theirs so."""
    if not isinstance(value, list):
        raise error(f"{where}: {what} are a list of question/answer entries")
    for i, item in enumerate(value):
        if not isinstance(item, dict) or set(item) != {"question", "answer"}:
            raise error(f"{where}[{i}]: an entry has exactly a question and an answer")
        yield f"{where}[{i}]", item


def read_script(value: Any, where: str = "answers") -> list[Entry]:
    """A script read from JSON (:func:`script_items`), each answer's shape checked."""
    out = []
    for at, item in script_items(value, where, "tactical answers", ScriptError):
        question = Question.from_json(item["question"], f"{at}.question")
        decode(question.question, item["answer"], f"{at}.answer")
        out.append(Entry(question, item["answer"]))
    return out


Advice = Callable[[], Any]
"""The AI's answer to the question being asked (computed when called)."""

Ask = Callable[[Question, Battle, Advice], Any]
"""Who answers once the script is spent: given the question, the battle as the seat's side knows it
(:func:`tactical.known.known`: no withheld enemy ship, no dice, R-VIEW-26) and the AI's advice, it returns the answer
(as the captain method returns it), or raises to stop the battle (a campaign waiting for the player)."""


class Seat:
    """A :class:`~tactical.captain.Captain` for ``side`` answering from ``script``, then by ``ask`` (module
    docstring).  ``adviser``: the side's AI captain (:func:`tactical.battle.set_up` gives it when ``None``);
    ``on_answer``: told of each new answer given after the script (an :class:`Entry`)."""

    def __init__(self, side: int, script: list[Entry] | None = None, ask: Ask | None = None, *,
                 adviser: Captain | None = None, on_answer: Callable[[Entry], None] | None = None,
                 where: str = "answers") -> None:
        self.side = side
        self.script = list(script or [])
        self.ask = ask
        self.adviser = adviser
        self.on_answer = on_answer
        self.where = where
        self.given: list[Entry] = []
        self.delegated = False  # the rest of the battle is the AI's (delegate)

    def __repr__(self) -> str:
        return f"Seat(side={self.side}, {len(self.script)} scripted, {len(self.given)} given)"

    def delegate(self) -> None:
        """Let the AI answer every question left in this battle (its answers are still written down)."""
        self.delegated = True

    # ---------------------------------------------------------------- every question goes through here
    def _answer(self, question: str, battle: Battle, side: int, ship: str | None, advice: Advice,
                **options: Any) -> Any:
        asked = Question(question, side, ship, battle.state.turn, battle.log.phase, plain(options))
        at = len(self.given)
        if at < len(self.script):
            entry = self.script[at]
            if entry.question != asked:
                raise ScriptError(f"{self.where}[{at}]: the answer was given to {entry.question.describe()}, "
                                  f"but the battle asks {asked.describe()}: the battle has changed since")
            self.given.append(entry)
            return decode(question, entry.answer, f"{self.where}[{at}].answer")
        answer = advice() if self.delegated or self.ask is None else self.ask(asked, known(battle, self.side), advice)
        entry = Entry(asked, encode(question, answer))
        self.given.append(entry)
        if self.on_answer is not None:
            self.on_answer(entry)
        return decode(question, entry.answer, "answer")  # as a script gives it: the same battle either way

    def _adviser(self) -> Captain:
        if self.adviser is None:
            raise RuntimeError("a Seat needs its adviser (tactical.battle.set_up gives it)")
        return self.adviser

    # ---------------------------------------------------------------- the core questions
    def choose_scouts(self, battle: Battle, side: int) -> tuple[list[str], int]:
        return self._answer("choose_scouts", battle, side, None,  # type: ignore[no-any-return]
                            lambda: self._adviser().choose_scouts(battle, side))

    def deploy(
        self, battle: Battle, side: int, zone: DeploymentZone, ships: list[str]
    ) -> dict[str, tuple[Point, float]]:
        return self._answer("deploy", battle, side, None,  # type: ignore[no-any-return]
                            lambda: self._adviser().deploy(battle, side, zone, ships), zone=zone, ships=ships)

    def choose_mover(self, battle: Battle, side: int, candidates: list[str]) -> str:
        return self._answer("choose_mover", battle, side, None,  # type: ignore[no-any-return]
                            lambda: self._adviser().choose_mover(battle, side, candidates), candidates=candidates)

    def choose_order(self, battle: Battle, ship: ShipState) -> OrderName | None:
        return self._answer("choose_order", battle, ship.side, ship.name,  # type: ignore[no-any-return]
                            lambda: self._adviser().choose_order(battle, ship))

    def plan_move(self, battle: Battle, ship: ShipState) -> MovePlan:
        return self._answer("plan_move", battle, ship.side, ship.name,  # type: ignore[no-any-return]
                            lambda: self._adviser().plan_move(battle, ship))

    def return_point(self, battle: Battle, ship: ShipState, edge: Edge) -> float:
        point = float(self._answer("return_point", battle, ship.side, ship.name,
                                   lambda: self._adviser().return_point(battle, ship, edge), edge=edge))
        if not 0.0 <= point <= 1.0:  # a point of that edge, not beyond its ends (R-VIEW-22)
            raise IllegalOrder("000 War at Sea: Scouting", f"{ship.name} comes back at a point of the {edge.value} "
                               f"edge (0 to 1 along it, west to east or south to north), not {point:g}")
        return point

    def choose_firer(self, battle: Battle, side: int, candidates: list[str]) -> str:
        return self._answer("choose_firer", battle, side, None,  # type: ignore[no-any-return]
                            lambda: self._adviser().choose_firer(battle, side, candidates), candidates=candidates)

    def plan_fire(self, battle: Battle, ship: ShipState) -> FirePlan:
        return self._answer("plan_fire", battle, ship.side, ship.name,  # type: ignore[no-any-return]
                            lambda: self._adviser().plan_fire(battle, ship))

    def damage_control(self, battle: Battle, ship: ShipState) -> Area | None:
        return self._answer("damage_control", battle, ship.side, ship.name,  # type: ignore[no-any-return]
                            lambda: self._adviser().damage_control(battle, ship))

    # ---------------------------------------------------------------- aircraft and carriers
    def deploy_flights(
        self,
        battle: Battle,
        side: int,
        zone: DeploymentZone,
        candidates: dict[str, str | None],
        limits: dict[str | None, int],
        land: list[str],
    ) -> dict[str, Point]:
        return self._answer(  # type: ignore[no-any-return]
            "deploy_flights", battle, side, None,
            lambda: self._adviser().deploy_flights(battle, side, zone, candidates, limits, land),
            zone=zone, candidates=candidates, limits={str(k): v for k, v in limits.items()}, land=land)

    def deep_deploy(self, battle: Battle, side: int, carriers: list[str]) -> list[str]:
        return self._answer("deep_deploy", battle, side, None,  # type: ignore[no-any-return]
                            lambda: self._adviser().deep_deploy(battle, side, carriers), carriers=carriers)

    def choose_launch(self, battle: Battle, carrier: ShipState, ready: list[str]) -> list[str]:
        return self._answer("choose_launch", battle, carrier.side, carrier.name,  # type: ignore[no-any-return]
                            lambda: self._adviser().choose_launch(battle, carrier, ready), ready=ready)

    def aircraft_first(self, battle: Battle, side: int) -> bool:
        return self._answer("aircraft_first", battle, side, None,  # type: ignore[no-any-return]
                            lambda: self._adviser().aircraft_first(battle, side))

    def plan_flights(self, battle: Battle, side: int) -> FlightPlan:
        return self._answer("plan_flights", battle, side, None,  # type: ignore[no-any-return]
                            lambda: self._adviser().plan_flights(battle, side))

    def plan_aa(self, battle: Battle, ship: ShipState) -> list[AAShot]:
        return self._answer("plan_aa", battle, ship.side, ship.name,  # type: ignore[no-any-return]
                            lambda: self._adviser().plan_aa(battle, ship))

    def order_air_attacks(self, battle: Battle, side: int, names: list[str]) -> list[str]:
        return self._answer("order_air_attacks", battle, side, None,  # type: ignore[no-any-return]
                            lambda: self._adviser().order_air_attacks(battle, side, names), names=names)

    # ---------------------------------------------------------------- MTB Sections
    def deploy_boats(self, battle: Battle, side: int, zone: DeploymentZone, boats: list[str]) -> dict[str, Point]:
        return self._answer("deploy_boats", battle, side, None,  # type: ignore[no-any-return]
                            lambda: self._adviser().deploy_boats(battle, side, zone, boats), zone=zone, boats=boats)

    def boats_first(self, battle: Battle, side: int) -> bool:
        return self._answer("boats_first", battle, side, None,  # type: ignore[no-any-return]
                            lambda: self._adviser().boats_first(battle, side))

    def plan_boats(self, battle: Battle, side: int) -> dict[str, BoatMove]:
        return self._answer("plan_boats", battle, side, None,  # type: ignore[no-any-return]
                            lambda: self._adviser().plan_boats(battle, side))

    # ---------------------------------------------------------------- submarines
    def place_submarine(self, battle: Battle, ship: ShipState) -> tuple[Point, float]:
        return self._answer("place_submarine", battle, ship.side, ship.name,  # type: ignore[no-any-return]
                            lambda: self._adviser().place_submarine(battle, ship))

    def assign_sub_hunters(self, battle: Battle, side: int, names: list[str], flights: int) -> list[str]:
        return self._answer("assign_sub_hunters", battle, side, None,  # type: ignore[no-any-return]
                            lambda: self._adviser().assign_sub_hunters(battle, side, names, flights),
                            names=names, flights=flights)

    def choose_depth(self, battle: Battle, ship: ShipState) -> Depth:
        return self._answer("choose_depth", battle, ship.side, ship.name,  # type: ignore[no-any-return]
                            lambda: self._adviser().choose_depth(battle, ship))

    def surface_hidden(self, battle: Battle, ship: ShipState) -> tuple[Point, float] | None:
        return self._answer("surface_hidden", battle, ship.side, ship.name,  # type: ignore[no-any-return]
                            lambda: self._adviser().surface_hidden(battle, ship))

    def crash_dive(self, battle: Battle, ship: ShipState) -> bool:
        return self._answer("crash_dive", battle, ship.side, ship.name,  # type: ignore[no-any-return]
                            lambda: self._adviser().crash_dive(battle, ship))

    def escape(self, battle: Battle, ship: ShipState) -> bool:
        return self._answer("escape", battle, ship.side, ship.name,  # type: ignore[no-any-return]
                            lambda: self._adviser().escape(battle, ship))

    # ---------------------------------------------------------------- night
    def fire_first(self, battle: Battle, side: int) -> bool:
        return self._answer("fire_first", battle, side, None,  # type: ignore[no-any-return]
                            lambda: self._adviser().fire_first(battle, side))

    def choose_searchlight(self, battle: Battle, ship: ShipState, targets: list[str]) -> str | None:
        return self._answer("choose_searchlight", battle, ship.side, ship.name,  # type: ignore[no-any-return]
                            lambda: self._adviser().choose_searchlight(battle, ship, targets), targets=targets)

    def choose_radar_target(self, battle: Battle, ship: ShipState, names: list[str]) -> str | None:
        return self._answer("choose_radar_target", battle, ship.side, ship.name,  # type: ignore[no-any-return]
                            lambda: self._adviser().choose_radar_target(battle, ship, names), names=names)


__all__ = ["QUESTIONS", "Advice", "Ask", "Entry", "Question", "ScriptError", "Seat", "decode", "encode",
           "read_script", "script_items"]
