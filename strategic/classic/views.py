"""What one side may know of a classic battle in progress: :func:`observe` gives a frozen :class:`ClassicBattleView`.

The counters in a War at Sea or VITP battle are on the board with their damage markers (reference/vitp.md §4.4),
and every roll is made in the open, so every unit's factors, damage and fate are public.  What a side does not see
(R-VIEW-08):

* the other side's declarations still sealed: War at Sea withdrawals are declared by both sides at once, unseen
  (R-CMB-07), so neither sees the other's until both have declared.  The VITP declarations are made aloud in turn:
  Japan's day or night before the Allies choose (case V-03, R-CMB-08), the Allied night-firing carriers before the
  night round's fire (case V-04, R-CMB-09), Japan's retreats before the Allies' (R-CMB-07); Japan names no carriers
  in advance;
* the dice (R-VIEW-01), the campaign and the players' policies: a view holds no way to roll ahead or to ask the
  other side's policy what it will declare.

A view is built from copies: changing the battle afterwards does not change it, and it cannot change the battle.

:func:`known_context` is the battle as a side's AI policy decides from it (R-VIEW-27): a
:class:`~strategic.classic.context.BattleContext` of its own, with the units (public: the board's counters) and the
tables, the declarations the side may know, the campaign as any player knows it (:class:`PublicGame`: its data and
:func:`strategic.state.public_state`), and no dice, no other side's policy and no writing to the narrative (each
raises :class:`~tactical.HiddenFact`).  The baseline policy's every decision goes through it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NoReturn

from scenarios.loader import CampaignData
from scenarios.models import Side, Theatre, UnitType
from strategic.classic.context import BattleContext, Declaration
from strategic.classic.damage import Combatant
from strategic.state import CampaignState, Mode, public_state
from tactical import Dice, HiddenFact


@dataclass(frozen=True)
class CombatantView:
    """A unit in the battle as both sides see it: its counter's factors, damage and what became of it."""

    name: str
    side: Side
    nation: str
    type: UnitType
    gunnery: int
    air: int
    defence: int | None
    speed: int | None
    gunnery_bonus: bool
    air_bonus: bool
    damage: int
    mode: Mode | None
    in_port: bool
    disabled: bool
    sunk: bool
    eliminated: bool
    withdrew: bool
    withdrawing: bool
    landed: str | None
    active: bool
    own: bool


@dataclass(frozen=True)
class ClassicBattleView:
    """What ``side`` may know of the battle in ``area`` now (see the module docstring).  ``declarations``: its
    own, and the other side's once revealed, in the order made; ``narrative``: the battle's account so far."""

    side: Side
    area: str
    theatre: Theatre
    round: int
    stage: str
    units: Mapping[str, CombatantView]
    declarations: tuple[Declaration, ...]
    narrative: tuple[str, ...]
    captured: Mapping[str, str]

    def side_units(self, side: Side, *, active: bool = True) -> list[CombatantView]:
        return [u for u in self.units.values() if u.side is side and (u.active or not active)]

    def declared(self, side: Side, what: str) -> Declaration | None:
        """The latest declaration of ``what`` by ``side`` the viewer knows of (``None``: none)."""
        return next((d for d in reversed(self.declarations) if d.side is side and d.what == what), None)


def observe(ctx: BattleContext, side: Side) -> ClassicBattleView:
    """The view of ``side`` of the classic battle ``ctx``."""
    return ClassicBattleView(
        side=side, area=ctx.area, theatre=ctx.theatre, round=ctx.round, stage=ctx.stage,
        units=MappingProxyType({n: _combatant_view(u, side) for n, u in ctx.units.items()}),
        declarations=tuple(d for d in ctx.declarations if d.side is side or d.revealed),
        narrative=tuple(ctx.narrative), captured=MappingProxyType(dict(ctx.owners)),
    )


def _combatant_view(unit: Combatant, side: Side) -> CombatantView:
    return CombatantView(
        name=unit.name, side=unit.side, nation=unit.nation, type=unit.type, gunnery=unit.gunnery, air=unit.air,
        defence=unit.defence, speed=unit.speed, gunnery_bonus=unit.gunnery_bonus, air_bonus=unit.air_bonus,
        damage=unit.damage, mode=unit.mode, in_port=unit.in_port, disabled=unit.disabled, sunk=unit.sunk,
        eliminated=unit.eliminated, withdrew=unit.withdrew, withdrawing=unit.withdrawing, landed=unit.landed,
        active=unit.active, own=unit.side is side,
    )


@dataclass(frozen=True)
class PublicGame:
    """The campaign as any player knows it, for a battle's policies: the data and the public state."""

    data: CampaignData
    state: CampaignState


class KnownContext(BattleContext):
    """A classic battle as ``side`` knows it (see :func:`known_context`)."""

    side: Side
    _public: PublicGame

    @property  # type: ignore[override]
    def campaign(self) -> PublicGame:
        return self._public

    @campaign.setter
    def campaign(self, value: Any) -> None:
        _refuse("change the campaign")

    @property  # type: ignore[override]
    def dice(self) -> Dice:
        _refuse("read the battle's dice (R-VIEW-01)")

    @dice.setter
    def dice(self, value: Dice) -> None:
        _refuse("set the battle's dice")

    def policy(self, side: Side) -> NoReturn:  # type: ignore[override]
        _refuse("ask a side's policy (R-VIEW-08)")

    def note(self, text: str, rule: str = "", *, event: bool = False) -> NoReturn:
        _refuse("write to the battle's account")


def known_context(ctx: BattleContext, side: Side) -> KnownContext:
    """``ctx`` as ``side`` knows it (R-VIEW-27): one already restricted to that side is returned as it is, one
    restricted to the other side refused.  Its units, landings and captures are the battle's own (all public); its
    declarations are a list of its own; its campaign is built once per battle (kept on ``ctx``)."""
    if isinstance(ctx, KnownContext):
        if ctx.side is side:
            return ctx
        _refuse("see the battle as the other side does")
    public = ctx.__dict__.get("_public")
    if public is None:  # once per battle: the state's units are the game's own objects, so it stays current
        public = PublicGame(ctx.campaign.data, public_state(ctx.campaign.state))
        ctx.__dict__["_public"] = public
    out = KnownContext.__new__(KnownContext)
    fields_ = {k: v for k, v in ctx.__dict__.items() if k not in ("campaign", "dice", "_policy_for")}
    out.__dict__.update(fields_, side=side, _public=public,
                        declarations=[d for d in ctx.declarations if d.side is side or d.revealed])
    return out


def _refuse(what: str) -> NoReturn:
    raise HiddenFact(f"a policy may not {what}: it decides from what its side knows (strategic.classic.views)")


__all__ = ["ClassicBattleView", "CombatantView", "KnownContext", "PublicGame", "known_context", "observe"]
