"""Player orders: frozen records a player (human or AI) gives the engine, and the error an illegal one raises.

Each order names the units it moves.  The engine verifies an order completely before changing anything
(:class:`IllegalOrder` names the rule broken, e.g. ``"002 §3.421: ..."``), then applies it and returns the
events it caused.  Orders serialise to JSON (``kind`` tells them apart) for logs and replays.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from scenarios.errors import IllegalOrder as IllegalOrder  # the one error of illegal orders, re-exported


class _Order(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Move(_Order):
    """Move ``unit`` from its port along ``path`` (sea areas, in order) as a patroller, raider or landing force.

    Patrol: one area, a second with a speed roll (WAS; VITP 6.221).  Raid (VITP only, 002 §3.244): Japanese and
    US two areas free and a third with a speed roll; British, French, Dutch, Australian and German a second
    with a speed roll.  Landing: VITP marine units, as patrollers (docs/rulings.md R-OPS-03).
    """

    kind: Literal["move"] = "move"
    unit: str
    path: tuple[str, ...] = Field(min_length=1)
    mode: Literal["patrol", "raid", "landing"] = "patrol"


class PlaceAir(_Order):
    """Place a land-based air unit (or the Italian Frogmen) in a sea area (VITP 3.3; WAS LBA; 002 §2.22)."""

    kind: Literal["air"] = "air"
    unit: str
    area: str


class PlaceSubmarine(_Order):
    """Place a U-Boat, the I-Boat or the F-Boat in a sea area (002 §3.245, §3.323, §3.35)."""

    kind: Literal["submarine"] = "submarine"
    unit: str
    area: str


class PlaceSurfaceRaider(_Order):
    """Turn 1: place a German surface raider in a War at Sea area or the Bay of Bengal (002 §2.211)."""

    kind: Literal["surface_raider"] = "surface_raider"
    unit: str
    area: str


class PlaceReinforcement(_Order):
    """Put an arriving unit that has a choice of places in one of them (002 §2.32, chart footnotes)."""

    kind: Literal["reinforcement"] = "reinforcement"
    unit: str
    place: str


class DeferReinforcement(_Order):
    """Keep an arriving U-Boat in reserve, to be placed in a later turn (002 §4.4)."""

    kind: Literal["defer"] = "defer"
    unit: str


class ReturnToPort(_Order):
    """End of turn: bring a unit at sea back to a port or base (002 §3.246, §3.33; WAS/VITP return to base)."""

    kind: Literal["return"] = "return"
    unit: str
    port: str


class Loan(_Order):
    """Lend one of your nation's units to another player of your side, or take it back (002 §3)."""

    kind: Literal["loan"] = "loan"
    unit: str
    to: Literal["japan", "germany_italy", "united_states", "allies"] | None


class AnnounceAttack(_Order):
    """Early-war start: Japan announces, when it moves its air units, that it attacks this turn (002 §5.71).  From
    then on its units that have not moved may enter Allied-controlled areas, and the surprise attacks follow."""

    kind: Literal["attack"] = "attack"


class PearlHarborStrike(_Order):
    """Early-war start, after announcing the attack: a Japanese raider in Yokosuka Navy Yard joins the Pearl
    Harbor special force and is placed in the Hawaiian Islands (002 §5.72)."""

    kind: Literal["pearl_harbor"] = "pearl_harbor"
    unit: str


class PearlHarborForce(_Order):
    """Early-war start, after the surprise attacks: Japan announces whether the Pearl Harbor special force stays
    for normal combat (it then retreats after two rounds: 002 §5.752) or returns to port (002 §5.735)."""

    kind: Literal["pearl_force"] = "pearl_force"
    stays: bool


class Sortie(_Order):
    """Early-war start, after the surprise attacks: an Allied ship surviving in Pearl Harbor puts to sea in the
    Hawaiian Islands as a patroller (002 §5.735)."""

    kind: Literal["sortie"] = "sortie"
    unit: str


Order = Annotated[
    Move | PlaceAir | PlaceSubmarine | PlaceSurfaceRaider | PlaceReinforcement | DeferReinforcement | ReturnToPort
    | Loan | AnnounceAttack | PearlHarborStrike | PearlHarborForce | Sortie,
    Field(discriminator="kind"),
]
ORDER_ADAPTER: TypeAdapter[Order] = TypeAdapter(Order)
