"""The messages of a networked game (issue #21): a versioned JSON schema, one pydantic model per message, checked
by both the server (:mod:`tui.serve_command`) and the seats that join it (:mod:`tui.join_command`).

A seat says ``hello`` with its player and token; the server answers ``welcome`` (or ``refusal``) and then, each
time the game changes, sends ``events`` (the narrated events since the seat's last) and either ``question`` (what
this seat must answer now: its orders, or a combat question, with its view) or ``wait`` (another player's turn),
and at the end ``game_over``.  The seat sends ``answer``; a bad one comes back as ``refusal`` with the rule it
broke and changes nothing (R-NET-03).  This module knows no transport: messages are text in, text out.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from scenarios.errors import InputError
from scenarios.models import Player

VERSION = 1
"""The schema version; a message of another version is refused (R-NET-02)."""

MAX_MESSAGE = 1_000_000
"""The longest message (characters) either side reads; a longer one is refused unread (R-NET-03)."""


class ProtocolError(InputError):
    """A message that is not one of this schema's (not JSON, unknown kind, a field missing or wrong, too long, or
    of another version): refused with its reason, nothing changes."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    version: Literal[1] = 1


class Hello(_Message):
    """A seat joins: the player it plays and the token the server printed for it."""

    kind: Literal["hello"] = "hello"
    seat: Player
    token: str = Field(max_length=200)


class Answer(_Message):
    """The seat's answer to the question it was asked (``ask`` is the question's number, so a stale answer is
    refused).  ``orders``: the orders (JSON, :data:`strategic.orders.Order`) and ``done`` to end the decision;
    ``combat``: the answer JSON of the combat question; ``delegate``: leave the battle (or with ``whole_turn`` the
    turn's battles) to the AI."""

    kind: Literal["answer"] = "answer"
    ask: int
    type: Literal["orders", "combat", "delegate"]
    orders: list[dict[str, Any]] = Field(default_factory=list, max_length=500)
    done: bool = True
    answer: Any = None
    whole_turn: bool = False


class Welcome(_Message):
    kind: Literal["welcome"] = "welcome"
    seat: Player
    setup: str
    seed: int
    combat: str


class Question(_Message):
    """What the seat must answer now: ``type`` orders (``legal`` its legal orders by the rulebook) or combat
    (``question`` the combat question JSON of :class:`strategic.state.CombatQuestion`, ``rule`` its rule);
    ``advice`` the AI's answer (orders, or the combat answer); ``view`` the seat's view
    (:func:`strategic.views.observe`)."""

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


class Wait(_Message):
    """Another player must answer: ``who`` and what (``orders`` or ``combat``)."""

    kind: Literal["wait"] = "wait"
    who: Player
    type: Literal["orders", "combat"]
    turn: int
    phase: str


class Refusal(_Message):
    """Why a message, or an order of it, was refused: ``rule`` the rule broken (empty for a malformed message)."""

    kind: Literal["refusal"] = "refusal"
    message: str
    rule: str = ""
    order: dict[str, Any] | None = None


class Events(_Message):
    """The events since event number ``since`` (``upto`` the next one), narrated for the seat."""

    kind: Literal["events"] = "events"
    since: int
    upto: int
    lines: list[str]


class GameOver(_Message):
    """The game ended (``winner``, empty when it stopped at its last turn) and how."""

    kind: Literal["game_over"] = "game_over"
    winner: str
    summary: str


ClientMessage = Annotated[Hello | Answer, Field(discriminator="kind")]
ServerMessage = Annotated[Welcome | Question | Wait | Refusal | Events | GameOver, Field(discriminator="kind")]
CLIENT_ADAPTER: TypeAdapter[Hello | Answer] = TypeAdapter(ClientMessage)
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


def read_client(text: str | bytes) -> Hello | Answer:
    """A seat's message, checked against the schema (:class:`ProtocolError` if it is not one)."""
    return _parse(CLIENT_ADAPTER, text, "seat")  # type: ignore[no-any-return]


def read_server(text: str | bytes) -> Welcome | Question | Wait | Refusal | Events | GameOver:
    """A server's message, checked against the schema (:class:`ProtocolError` if it is not one)."""
    return _parse(SERVER_ADAPTER, text, "server")  # type: ignore[no-any-return]


def write(message: BaseModel) -> str:
    return message.model_dump_json()


__all__ = ["MAX_MESSAGE", "VERSION", "Answer", "Events", "GameOver", "Hello", "ProtocolError", "Question",
           "Refusal", "Wait", "Welcome", "read_client", "read_server", "write"]
