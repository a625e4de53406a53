"""The AI of a table battle's classic steps (R-UI-70, R-UI-71): the decisions a battle fought on the *Victory at
Sea* table takes by the classic procedure, asked of the same seats as in a classic battle (a human commander's
included, :meth:`strategic.classic.resolver.ClassicResolver.step_seats`): run or fight (002 §5.751), the VITP
day-or-night declarations (R-CARD-05; case V-03), the landings (R-CARD-12) and the retreat ports (R-OPS-48).

:class:`TableStepsPolicy` answers them for the AI: the baseline's answers, but for the day-or-night declaration,
which the table's AI makes by air strength (:func:`table_declaration`, the answer the bridge always gave)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenarios.models import Side, UnitType
from strategic.classic.policies import DAY, NIGHT, BaselinePolicy

if TYPE_CHECKING:
    from strategic.campaign import Campaign
    from strategic.classic.context import BattleContext
    from strategic.combat import Battle

AIR_TYPES = frozenset({UnitType.CV, UnitType.CVL, UnitType.LBA})


def air_factors(campaign: Campaign, battle: Battle, side: Side) -> int:
    """The air factors of ``side``'s carriers and land-based air at sea in ``battle``."""
    names = battle.allied if side is Side.ALLIED else battle.axis
    return sum(campaign.unit_record(n).air or 0 for n in names if campaign.unit_record(n).type in AIR_TYPES)


def table_declaration(campaign: Campaign, battle: Battle, side: Side) -> str:
    """The table AI's declaration (R-CARD-05): day when its side has at least the enemy's air factors, else
    night."""
    enemy = Side.AXIS if side is Side.ALLIED else Side.ALLIED
    return DAY if air_factors(campaign, battle, side) >= air_factors(campaign, battle, enemy) else NIGHT


class TableStepsPolicy(BaselinePolicy):
    """The AI of a table battle's classic steps (module docstring)."""

    name = "table steps"

    def day_or_night(self, ctx: BattleContext, side: Side, japan_choice: str | None) -> str:
        return table_declaration(ctx.campaign, ctx.battle, side)

    def explain(self, decision: str, ctx: BattleContext, side: Side) -> tuple[str, tuple[str, ...]] | None:
        """Why it answers so, and the rules that bear on it on the table, for a decision whose classic brief
        would mislead there (``None`` for the others)."""
        if decision == "run_or_fight":
            running = ", ".join(ctx.names(side, where=lambda u: u.at_sea and not u.is_sub))
            return ("the AI fights: the battle is fought on the Victory at Sea table",
                    (f"Running: {running} leave before the first round, and that battle is fought by the classic "
                     "rules: the ASW and the I-Boat's attack, then enemy ships at least as fast may pursue them "
                     "(002 §5.751; R-CMB-07; R-UI-70). Fighting: the battle is fought on the table.",))
        if decision != "day_or_night":
            return None
        enemy = Side.AXIS if side is Side.ALLIED else Side.ALLIED
        ours, theirs = air_factors(ctx.campaign, ctx.battle, side), air_factors(ctx.campaign, ctx.battle, enemy)
        faces = ", ".join(map(str, ctx.tables.day_night_japan_faces))
        return (f"air factors at sea: ours {ours}, theirs {theirs}; the AI declares day with at least the enemy's, "
                "else night",
                (f"The battle on the table is fought by day or by night as the sides declare, Japan first; if they "
                 f"differ, one die gives Japan's choice on {faces}, else the Allies' (R-CARD-05, R-CMB-08). Night "
                 "or bad weather the table cannot fight is dropped, with a note.",))
