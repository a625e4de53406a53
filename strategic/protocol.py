"""The messages of a networked game (issue #21): a versioned JSON schema, one pydantic model per message, checked
by both the server (:mod:`tui.serve_command`) and the seats that join it (:mod:`tui.join_command`).

A seat says ``hello`` with its player and token; the server answers ``welcome`` (or ``refusal``) and then, each
time the game changes, sends ``events`` (the narrated events since the seat's last) and either ``question`` (what
this seat must answer now: its orders, or a combat question, with its view) or ``wait`` (another player's turn),
and at the end ``game_over``.  The seat sends ``answer`` (or ``undo``, to take back its last order of the open
decision); a bad one comes back as ``refusal`` with the rule it broke and changes nothing (R-NET-03).  This module
knows no transport: messages are text in, text out.

Version 2 (R-NET-12..15) brings what a seat's campaign screen needs for the orders part of play: ``welcome`` names
the rule options, ``wait`` carries the seat's view and why a battle blocks, an orders ``question`` the engine's
advice facts (:class:`SpeedRollFact`, the refusals), ``undo``, and ``events`` that start the log again after it.
Version 3 (R-NET-18): an orders ``answer`` may give its orders ``together``, all or none, as the campaign screen
gives a stack's; a combat ``question`` carries its ``words`` and the battle's ``account`` (R-NET-20).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from scenarios.errors import InputError
from scenarios.models import Player

VERSION = 3
"""The schema version; a message of another version is refused (R-NET-02).  2: R-NET-12..15; 3: R-NET-18."""

MAX_MESSAGE = 1_000_000
"""The longest message (characters) either side reads; a longer one is refused unread (R-NET-03)."""


class ProtocolError(InputError):
    """A message that is not one of this schema's (not JSON, unknown kind, a field missing or wrong, too long, or
    of another version): refused with its reason, nothing changes."""


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Message(_Part):
    version: Literal[3] = 3


class Hello(_Message):
    """A seat joins: the player it plays and the token the server printed for it."""

    kind: Literal["hello"] = "hello"
    seat: Player
    token: str = Field(max_length=200)


class Answer(_Message):
    """The seat's answer to the question it was asked (``ask`` is the question's number, so a stale answer is
    refused).  ``orders``: the orders (JSON, :data:`strategic.orders.Order`) and ``done`` to end the decision;
    each is given or refused on its own (R-NET-05), or with ``together`` all or none (R-NET-18: one refused, none
    is given and the decision stays open); ``combat``: the answer JSON of the combat question; ``delegate``: leave
    the battle (or with ``whole_turn`` the turn's battles) to the AI."""

    kind: Literal["answer"] = "answer"
    ask: int
    type: Literal["orders", "combat", "delegate"]
    orders: list[dict[str, Any]] = Field(default_factory=list, max_length=500)
    done: bool = True
    together: bool = False
    answer: Any = None
    whole_turn: bool = False


class Undo(_Message):
    """Take back the seat's last order of its open decision (state and dice, as :meth:`Campaign.undo`); ``ask``
    is the question it answers, so a stale undo is refused (R-NET-15)."""

    kind: Literal["undo"] = "undo"
    ask: int


class Welcome(_Message):
    """The seat joined: its player and the game's set-up, dice seed, combat and rule options (as ``--option``
    names them, :func:`strategic.rule_options.chosen_options`; R-NET-12)."""

    kind: Literal["welcome"] = "welcome"
    seat: Player
    setup: str
    seed: int
    combat: str
    rule_options: list[str] = Field(default_factory=list)


class SpeedRollFact(_Part):
    """The speed roll the legal order number ``order`` (of the question's ``legal``) needs
    (:class:`tui.order_advice.SpeedRoll`: the unit, the faces that succeed, the area rolled into when it is not
    the last, the rule, what a failure does; R-NET-14)."""

    order: int = Field(ge=0)
    unit: str
    faces: list[int]
    into: str | None = None
    rule: str
    failure: str


class Question(_Message):
    """What the seat must answer now: ``type`` orders (``legal`` its legal orders by the rulebook) or combat
    (``question`` the combat question JSON of :class:`strategic.state.CombatQuestion`, ``rule`` its rule);
    ``advice`` the AI's answer (orders, or the combat answer); ``view`` the seat's view
    (:func:`strategic.views.observe`).  For orders, the engine's word on them (R-NET-14): ``refusals`` why each own
    unit with no legal order may not move or be placed (units no rule refuses are left out), ``speed_rolls`` the
    roll each legal move that needs one needs.  For a combat question, ``words`` are its lines as ``vas run
    --command`` prints them: the rule, the choices, each attack's odds, the notes, the AI's answer and why
    (R-NET-20); ``account`` the battle's account so far, as the player's combat screen shows it (what was fired,
    hit, sunk)."""

    kind: Literal["question"] = "question"
    ask: int
    seat: Player
    type: Literal["orders", "combat"]
    turn: int
    phase: str
    legal: list[dict[str, Any]] = Field(default_factory=list)
    question: dict[str, Any] = Field(default_factory=dict)
    battle: str = ""
    engine: str = ""
    rule: str = ""
    advice: Any = None
    view: dict[str, Any]
    refusals: dict[str, str] = Field(default_factory=dict)
    speed_rolls: list[SpeedRollFact] = Field(default_factory=list)
    words: list[str] = Field(default_factory=list, max_length=500)
    account: list[str] = Field(default_factory=list, max_length=5000)


class Wait(_Message):
    """Another player must answer: ``who`` and what (``orders`` or ``combat``).  ``view`` is the seat's view of the
    board meanwhile (another's open decision left out, R-VIEW-02); while a battle question blocks the game,
    ``blocked`` says why and ``hint`` who is waited for, in the player's words (R-NET-13)."""

    kind: Literal["wait"] = "wait"
    who: Player
    type: Literal["orders", "combat"]
    turn: int
    phase: str
    view: dict[str, Any] = Field(default_factory=dict)
    blocked: str = ""
    hint: str = ""


class Refusal(_Message):
    """Why a message, or an order of it, was refused: ``rule`` the rule broken (empty for a malformed message)."""

    kind: Literal["refusal"] = "refusal"
    message: str
    rule: str = ""
    order: dict[str, Any] | None = None


class Events(_Message):
    """The events since event number ``since`` (``upto`` the next one), narrated for the seat.  ``reset``: the log
    was shortened (an order taken back, R-NET-15): ``lines`` are the whole log again (``since`` 0), in place of
    what the seat was told before."""

    kind: Literal["events"] = "events"
    since: int
    upto: int
    lines: list[str]
    reset: bool = False


class GameOver(_Message):
    """The game ended (``winner``, empty when it stopped at its last turn) and how; ``view`` the seat's view of the
    board as it ended (R-NET-13)."""

    kind: Literal["game_over"] = "game_over"
    winner: str
    summary: str
    view: dict[str, Any] = Field(default_factory=dict)


ClientMessage = Annotated[Hello | Answer | Undo, Field(discriminator="kind")]
ServerMessage = Annotated[Welcome | Question | Wait | Refusal | Events | GameOver, Field(discriminator="kind")]
CLIENT_ADAPTER: TypeAdapter[Hello | Answer | Undo] = TypeAdapter(ClientMessage)
SERVER_ADAPTER: TypeAdapter[Welcome | Question | Wait | Refusal | Events | GameOver] = TypeAdapter(ServerMessage)


def _parse(adapter: TypeAdapter[Any], text: str | bytes, who: str) -> Any:
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(f"{who} message refused: {len(text)} characters, the most is {MAX_MESSAGE} (R-NET-03)")
    try:
        raw = json.loads(text)
    except ValueError as exc:
        raise ProtocolError(f"{who} message refused: not JSON ({exc}) (R-NET-03)") from None
    if isinstance(raw, dict) and raw.get("version", VERSION) != VERSION:
        raise ProtocolError(f"{who} message refused: schema version {raw.get('version')!r}, this side speaks "
                            f"version {VERSION} (R-NET-02)")
    try:
        return adapter.validate_python(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "message"
        raise ProtocolError(f"{who} message refused: {where}: {first['msg']} (R-NET-03)") from None


def read_client(text: str | bytes) -> Hello | Answer | Undo:
    """A seat's message, checked against the schema (:class:`ProtocolError` if it is not one)."""
    return _parse(CLIENT_ADAPTER, text, "seat")  # type: ignore[no-any-return]


def read_server(text: str | bytes) -> Welcome | Question | Wait | Refusal | Events | GameOver:
    """A server's message, checked against the schema (:class:`ProtocolError` if it is not one)."""
    return _parse(SERVER_ADAPTER, text, "server")  # type: ignore[no-any-return]


def write(message: BaseModel) -> str:
    return message.model_dump_json()


__all__ = ["MAX_MESSAGE", "VERSION", "Answer", "Events", "GameOver", "Hello", "ProtocolError", "Question",
           "Refusal", "SpeedRollFact", "Undo", "Wait", "Welcome", "read_client", "read_server", "write"]
