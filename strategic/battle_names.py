"""A battle's name as every screen and report says it (R-SUM-11): ``Battle in North Sea``, ``Air raid in South
Atlantic on England``, ``Frogmen attack in Mediterranean on Malta``, ``Surprise attack in Hawaiian Islands on Pearl
Harbor``; a battle fought by the classic rules adds ``(classic rules)``.

The kind comes first, then the sea area (the key the dialogs, the Battles tab and the log share), then the ports
struck when there are any.  A raid whose raiders are only the Italian Frogmen (their human torpedoes, R-CARD-13;
002 §2.221) is a Frogmen attack, not an air raid: no aircraft flies in it.  The functions take what each place
knows: :func:`fought_name` a tactical battle's :class:`~strategic.events.BattleFought`, :func:`waiting_name` the
battle whose question waits (before it is fought), :func:`battle_name` the bare facts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from scenarios.models import UnitType

if TYPE_CHECKING:  # types only: this module sits at the bottom, so the narrator may name battles with it
    from strategic.battles import TacticalBattle
    from strategic.campaign import Campaign
    from strategic.combat import Battle
    from strategic.events import BattleFought

FROGMEN_ATTACK = "frogmen attack"
SURPRISE_KEY = "surprise:"  # a pending surprise attack's key (strategic.outbreak.SURPRISE_PREFIX)
ORDER_KEY = "order:"  # a theatre's battle-order question's key (strategic.classic.scripts.ORDER_PREFIX)


def entry_words(entry: str) -> str:
    """A pending battle's key as the players say it: ``the battle in North Sea``, ``the surprise attack in Hawaiian
    Islands`` (for ``surprise:Hawaiian Islands``, 002 §5.7), ``the order of the WAS battles`` (``order:WAS``,
    WAS 5.6 and VITP 4.1)."""
    if entry.startswith(ORDER_KEY):
        return f"the order of the {entry.removeprefix(ORDER_KEY)} battles"
    if entry.startswith(SURPRISE_KEY):
        return f"the surprise attack in {entry.removeprefix(SURPRISE_KEY)}"
    return f"the battle in {entry}"


def battle_name(what: str, area: str, ports: Sequence[str] = (), *, classic: bool = False) -> str:
    """``Air raid in South Atlantic on England``: ``what`` (battle, air raid, frogmen attack, surprise attack,
    landing), the sea area and the ports struck (none for a battle at sea)."""
    name = f"{what[:1].upper()}{what[1:]} in {area}"
    if ports and what != "battle":
        name += f" on {', '.join(ports)}"
    return name + (" (classic rules)" if classic else "")


def raid_kind(what: str, sides: Iterable[tuple[int, int, int]]) -> str:
    """``frogmen attack`` for an air raid in which one side brought submarines (the Frogmen's chariots) and no
    ship nor Flight (``sides``: each side's ships, Flights and submarines); else ``what`` unchanged."""
    if what == "air raid" and any(subs and not flights and not ships for ships, flights, subs in sides):
        return FROGMEN_ATTACK
    return what


def fought_name(battle: BattleFought) -> str:
    """The name of a tactical battle from its event."""
    sides = [(f.ships, f.flights, f.submarines) for f in battle.forces]
    return battle_name(raid_kind(battle.what, sides), battle.area, battle.ports)


def waiting_name(campaign: Campaign) -> str:
    """The name of the battle whose question waits for a player (``Battle in ...`` when none is known)."""
    state = campaign.state
    battle = campaign.battle_waiting()
    area = state.question.battle.split(":", 1)[-1] if state.question else ""
    if battle is None:
        return battle_name("battle", area)
    what = battle_kind(campaign, battle)
    at_sea = [*battle.allied, *battle.axis]
    raiders = {campaign.state.unit(n).side for n in at_sea}
    ports = sorted({str(state.unit(n).place) for n in battle.in_port if state.unit(n).side not in raiders})
    return battle_name(what, battle.area, ports)


def battle_kind(campaign: Campaign, battle: Battle) -> str:
    """A pending battle's kind as it is named: ``frogmen attack`` for an air raid whose raiders at sea are only
    the Italian Frogmen (002 §2.221-2.222), else its kind (battle, air raid, landing, surprise attack)."""
    at_sea = [*battle.allied, *battle.axis]
    if battle.kind == "air raid" and at_sea and all(campaign.unit_record(n).type is UnitType.FROGMEN
                                                    for n in at_sea):
        return FROGMEN_ATTACK
    return battle.kind


def tactical_name(battle: TacticalBattle) -> str:
    """The name of a kept tactical battle (the Battles tab), from what went on the table."""
    spec = battle.spec
    sides = [(len(fleet.ships), sum(1 for f in spec.flights if f.side == i),
              sum(1 for b in spec.submarines if b.side == i)) for i, fleet in enumerate(spec.sides)]
    return battle_name(raid_kind(battle.kind, sides), battle.area, battle.ports)
