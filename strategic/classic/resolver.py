"""The classic resolver: each battle by its theatre's own combat rules (002 §4.1), behind
:class:`strategic.combat.BattleResolver`.

``ClassicResolver().resolve(campaign, battle)`` builds the battle from the campaign state, fights it with
:mod:`strategic.classic.was_combat` or :mod:`strategic.classic.vitp_combat`, and returns a
:class:`~strategic.combat.BattleOutcome` whose results :func:`strategic.combat.apply_outcome` writes back.  Every
die comes from ``campaign.dice`` with a label and a rule; player decisions come from the :class:`CombatPolicy` of
the player commanding each side in the battle (default: :class:`BaselinePolicy`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from scenarios.models import Player, Side, Theatre, UnitType
from scenarios.names import player_name, player_words
from strategic.basing import retreat_ports
from strategic.battle_names import battle_kind, entry_words
from strategic.classic import vitp_combat, was_combat
from strategic.classic.briefs import Brief, brief
from strategic.classic.context import BattleContext
from strategic.classic.damage import Combatant
from strategic.classic.policies import RUN, BaselinePolicy, CombatPolicy
from strategic.classic.scripts import AskingPolicy, ScriptedPolicy, battle_key, encode, read_script
from strategic.classic.tables import CombatTables
from strategic.combat import Battle, BattleOutcome, Landing, UnitResult
from strategic.commanders import commander_of, commands_battles
from strategic.neutral import refuge_for_disabled
from strategic.state import UnitStatus

if TYPE_CHECKING:
    from scenarios.loader import CampaignData
    from strategic.campaign import Campaign

class ClassicResolver:
    """War at Sea / Victory in the Pacific combat.  ``policies`` maps players (or their names) to policies;
    players not named use ``default`` (a :class:`BaselinePolicy`).  ``tables`` fixes the die tables; by default
    they are read from each campaign's data (``scenarios/data/combat.yaml``)."""

    name = "classic"

    def __init__(self, policies: Mapping[Player | str, CombatPolicy] | None = None,
                 default: CombatPolicy | None = None, tables: CombatTables | None = None) -> None:
        self.policies: dict[Player, CombatPolicy] = {Player(k): v for k, v in (policies or {}).items()}
        self.default: CombatPolicy = default or BaselinePolicy()
        self._tables = tables
        self._tables_for: tuple[int, CombatTables] | None = None

    def tables(self, data: CampaignData) -> CombatTables:
        """The die tables for ``data`` (raises ``KeyError`` naming a missing constant)."""
        if self._tables is not None:
            return self._tables
        if self._tables_for is None or self._tables_for[0] != id(data):
            self._tables_for = (id(data), CombatTables.from_data(data))
        return self._tables_for[1]

    def policy(self, player: Player) -> CombatPolicy:
        return self.policies.get(player, self.default)

    @staticmethod
    def player_for(campaign: Campaign, battle: Battle, side: Side) -> Player:
        """The player who decides for ``side`` in ``battle`` (:func:`strategic.commanders.commander_of`)."""
        return commander_of(campaign, battle, side)

    def order_battles(self, campaign: Campaign, areas: list[str]) -> list[str]:
        """The order to fight ``areas`` in: the Axis player orders the War at Sea battles (WAS 5.6, case W-03) and
        Japan the VITP battles (VITP 4.1); War at Sea battles come first.  Raises ``ValueError`` if a policy's
        answer is not a permutation of its areas."""
        out: list[str] = []
        for theatre, player in ((Theatre.WAS, Player.GERMANY_ITALY), (Theatre.VITP, Player.JAPAN)):
            mine = [a for a in areas if campaign.data.areas[a].theatre is theatre]
            if not mine:
                continue
            ordered = list(self.policy(player).order_battles(campaign, theatre, list(mine)))
            if sorted(ordered) != sorted(mine):
                raise ValueError(f"{player_name(player)}: battle order {ordered} is not an order of {mine}")
            out += ordered
        return out

    def resolve(self, campaign: Campaign, battle: Battle) -> BattleOutcome:
        """Fight ``battle`` and return what happened to each unit (see the module docstring).  Raises
        :class:`~strategic.classic.context.IllegalCombatDecision` if a policy answers illegally."""
        ctx = self._context(campaign, battle, self.step_seats(campaign, battle))
        ctx.note(f"{'War at Sea' if battle.theatre is Theatre.WAS else 'VITP'} {battle_kind(campaign, battle)}: Allied "
                 f"{_listing(battle.allied, battle.in_port, ctx, Side.ALLIED)} against Axis "
                 f"{_listing(battle.axis, battle.in_port, ctx, Side.AXIS)}", "002 §4.1", event=True)
        if battle.surprise_rounds:
            vitp_combat.surprise(ctx)
        else:
            (was_combat if battle.theatre is Theatre.WAS else vitp_combat).fight(ctx)
        leaving = {side: [u.name for u in ctx.units.values() if u.side is side and not u.in_port and not u.sunk
                          and not u.eliminated and not u.landed and not u.expended and (u.withdrew or u.disabled)]
                   for side in (Side.ALLIED, Side.AXIS)}
        ports = retreat_step(ctx, leaving)
        outcome = BattleOutcome(battle, narrative=ctx.narrative, landings=list(ctx.landings))
        for unit in ctx.units.values():
            result = UnitResult(unit.name, damage=0 if unit.eliminated else unit.taken, disabled=unit.disabled,
                                sunk=unit.sunk, eliminated=unit.eliminated, withdrew=unit.withdrew,
                                expended=unit.expended, air_attacked=unit.air_attacked and ctx.theatre is Theatre.WAS,
                                landed=unit.landed, retreat_to=ports.get(unit.name))
            if result != UnitResult(unit.name):
                outcome.results.append(result)
        return outcome


    def _context(self, campaign: Campaign, battle: Battle, seats: Mapping[Side, CombatPolicy]) -> BattleContext:
        """The context of ``battle`` with all its units (those in port too), each side answered by ``seats``."""
        units = []
        for name in (*battle.allied, *battle.axis, *battle.in_port):
            us = campaign.state.unit(name)
            units.append(Combatant.from_unit(campaign.unit_record(name), us.side, us.damage, us.mode,
                                             in_port=name in battle.in_port))
        deciders = {side: self.player_for(campaign, battle, side) for side in (Side.ALLIED, Side.AXIS)}
        return BattleContext(campaign, battle, self.tables(campaign.data), lambda s: seats[s],
                             lambda s: deciders[s], units)

    def step_seats(self, campaign: Campaign, battle: Battle,
                   ai: CombatPolicy | None = None) -> dict[Side, CombatPolicy]:
        """Who answers each side's classic decisions in ``battle`` (:meth:`_seat`; ``ai``, if given, in place of
        the default policy, also as the suggestion a player is offered).  A resolver that takes classic steps alone
        around a battle of its own (the tactical bridge: run or fight, day or night, landings, retreat ports) keeps
        these for the whole battle, so that each step reads the answers after the last step's (R-UI-70)."""
        return {side: self._seat(campaign, battle, side, self.player_for(campaign, battle, side), ai)
                for side in (Side.ALLIED, Side.AXIS)}

    def _seat(self, campaign: Campaign, battle: Battle, side: Side, player: Player,
              ai: CombatPolicy | None = None) -> CombatPolicy:
        """Who answers for ``side`` in ``battle``: a player who commands his own battles (issue #15,
        ``CampaignState.battle_commanders``) answers through an :class:`AskingPolicy` holding the answers he has
        given for that side in this battle so far (after he left the battle to the AI: those answers, then his
        policy's); the others through their policy (``ai`` in place of the default one)."""
        key = battle_key(battle)
        state = campaign.state
        policy = self.policies.get(player, ai if ai is not None else self.default)
        if not commands_battles(campaign, player) or state.delegated_turn.get(player) == state.turn:
            return policy
        given = read_script([e for e in campaign.state.combat_answers.get(key, []) if "decision" in e["question"]],
                            f"combat answers for {key}")
        mine = [e for e in given if e.question.side == side.value]
        where = f"the answers of {player_words(player)} in {entry_words(key)}"
        if key in campaign.state.delegated_battles:  # his answers so far, then the AI's
            return ScriptedPolicy(mine, then=policy, where=where)
        return AskingPolicy(mine, where=where, player=player.value,
                            briefer=lambda decision, args: advised(decision, args, ai))

    def landings_only(self, campaign: Campaign, battle: Battle, names: list[str],
                      seats: Mapping[Side, CombatPolicy] | None = None) -> list[Landing]:
        """The landing step alone (VITP 4.9, case V-02; R-CMB-15) for landing units ``names`` still in the area
        after a battle fought by another resolver (the tactical bridge, R-CARD-12): each may invade an enemy island
        base touching the area or land in a friendly port or base, as its side's player decides (``seats``, from
        :meth:`step_seats`; by default a new set)."""
        if battle.theatre is not Theatre.VITP or not names:
            return []
        ctx = self._step_context(campaign, battle, names, seats)
        vitp_combat.landing_step(ctx)
        return list(ctx.landings)

    def _step_context(self, campaign: Campaign, battle: Battle, names: list[str],
                      seats: Mapping[Side, CombatPolicy] | None) -> BattleContext:
        """The battle context of one step taken alone after a battle fought by another resolver: the ``names``
        units as combatants, each side's decider and seat (a player who commands his own battles is asked, as in
        a classic battle: R-UI-70)."""
        units = []
        for name in names:
            us = campaign.state.unit(name)
            units.append(Combatant.from_unit(campaign.unit_record(name), us.side, us.damage, us.mode))
        deciders = {side: self.player_for(campaign, battle, side) for side in (Side.ALLIED, Side.AXIS)}
        chosen = seats if seats is not None else self.step_seats(campaign, battle)
        return BattleContext(campaign, battle, self.tables(campaign.data), lambda s: chosen[s],
                             lambda s: deciders[s], units)

    def day_or_night_only(self, campaign: Campaign, battle: Battle,
                          seats: Mapping[Side, CombatPolicy] | None = None) -> tuple[str, str]:
        """The VITP day-or-night declarations alone (case V-03, R-CMB-08), Japan first, then the Allies knowing
        Japan's, before a battle fought by another resolver (the table, R-CARD-05, R-UI-71), as each side's player
        answers (``seats``): (Japan's, the Allies')."""
        ctx = self._context(campaign, battle, seats if seats is not None else self.step_seats(campaign, battle))
        ctx.stage = "day or night"
        return vitp_combat.declarations(ctx)

    def runs_only(self, campaign: Campaign, battle: Battle, seats: Mapping[Side, CombatPolicy] | None = None) -> bool:
        """The run-or-fight announcement alone (002 §5.751, R-OPS-62) before a battle fought by another resolver
        (the tactical bridge, R-UI-70): whether the Allies run, as their player answers (``seats``); asked as a
        classic battle asks it, so that a battle then fought by the classic rules reads the same answer."""
        ctx = self._context(campaign, battle, seats if seats is not None else self.step_seats(campaign, battle))
        return vitp_combat.run_announcement(ctx) == RUN


    def retreat_ports_only(self, campaign: Campaign, battle: Battle, leaving: dict[Side, list[str]],
                           seats: Mapping[Side, CombatPolicy] | None = None,
                           disabled: frozenset[str] = frozenset()) -> dict[str, str]:
        """The retreat step alone (R-OPS-48) for the units ``leaving`` a battle fought by another resolver (the
        tactical bridge), as each side's player decides (``seats``, as for :meth:`landings_only`): unit -> port.
        ``disabled`` names those the battle disabled: the campaign does not know it yet (its outcome is applied
        after this step), and a ship disabled where a neutral refuge takes it has no port to choose (R-OPS-42,
        R-OPS-72)."""
        names = [n for side_names in leaving.values() for n in side_names]
        if not names:
            return {}
        ctx = self._step_context(campaign, battle, names, seats)
        for unit in ctx.units.values():
            unit.disabled = unit.disabled or unit.name in disabled
        ctx.note(f"the battle is over; leaving it at sea (withdrawn or disabled): {', '.join(names)}", RETREAT_RULE)
        return retreat_step(ctx, leaving)


def advised(decision: str, args: tuple[Any, ...], ai: CombatPolicy | None) -> Brief:
    """The brief of a question asked of a player (:func:`~strategic.classic.briefs.brief`), suggesting ``ai``'s
    answer (with its reasons, if it gives them) when ``ai`` stands in for the baseline (a table battle's steps)."""
    out = brief(args[0], decision, args)
    if ai is None:
        return out
    out = replace(out, suggestion=encode(decision, getattr(ai, decision)(*args)))
    explain = getattr(ai, "explain", None)
    told = explain(decision, args[0], args[1]) if explain is not None else None
    return out if told is None else replace(out, reason=told[0], notes=told[1])


RETREAT_RULE = "002 §3.246; VITP 4.4-4.5 (R-OPS-48)"


def retreat_step(ctx: BattleContext, leaving: dict[Side, list[str]]) -> dict[str, str]:
    """R-OPS-48: after the battle, each side's player chooses the port of each of its units ``leaving`` it at sea
    (withdrawn or disabled) that has more than one legal return; not submarines (back to the reserve: R-OPS-04),
    nor a ship disabled where a neutral refuge takes it (R-OPS-42).  Returns unit -> port."""
    campaign = ctx.campaign
    chosen: dict[str, str] = {}
    for side in (Side.ALLIED, Side.AXIS):
        options: dict[str, list[str]] = {}
        for name in leaving.get(side, []):
            us = campaign.state.unit(name)
            if campaign.unit_record(name).type is UnitType.SS or us.status is not UnitStatus.SEA:
                continue
            if ctx.units[name].disabled and refuge_for_disabled(campaign, us, ctx.area) is not None:
                continue
            ports = retreat_ports(campaign, us)
            if len(ports) > 1:
                options[name] = ports
        if not options:
            continue
        ctx.stage = "retreat"
        answer = dict(ctx.policy(side).retreat_ports(ctx, side, {n: list(p) for n, p in options.items()}))
        for name, port in answer.items():
            ctx.require(name in options and port in options[name], RETREAT_RULE,
                        f"{name} may not retreat to {port} (its ports: "
                        f"{', '.join(options.get(name, [])) or 'no choice'})")
        chosen.update(answer)
    return chosen


def _listing(at_sea: tuple[str, ...], in_port: tuple[str, ...], ctx: BattleContext, side: Side) -> str:
    ported = [n for n in in_port if ctx.units[n].side is side]
    text = ", ".join(at_sea) or "none at sea"
    return text + (f" (in port: {', '.join(ported)})" if ported else "")
