"""Critical hits, Vital Systems, damage control and Escalation (000 "Critical Hits", "Engine Area", "Weapons Area",
"Crew Area", "Vital Systems", "End Phase: Damage Control", "Check for Escalation").

* A critical hit rolls a D10 for the area: 1-4 Engine, 5-7 Weapons, 8-9 Crew, 10 Vital System.
* An area's Critical Score rises by 1 (to 6 at most); each rise applies at once the new score's extra damage and
  penalty.  Penalties are cumulative (a ship's Engine 3 has -2" Flank Speed); they are derived from the scores
  (:class:`~tactical.state.ShipState`), except the random choices made when a level is reached (which weapons
  lose Attack Dice, which turret is hit), kept in ``level_effects`` until the score drops below that level.
* A hit on an area already at 6 applies the 6's extra damage and penalty again.
* Some penalties raise another area: that rise is applied at once, with its own damage and penalty.
* The "*" results lose Attack Dice from Light Guns (1-3), the AA Battery (4-5) or Torpedoes (6), rolled again
  until a system the ship has is rolled (nothing if it has none, R-TAC-10).
* A ship without turrets ignores Turret Damaged; Turret Destroyed and Magazine Explosion halve its Light Guns.
* Weapons 6 (Multiple Explosions) prints no penalty: a random turret is destroyed as for 5 (R-TAC-10).
* Vital Systems roll a D6 (1 Bridge Destroyed ... 5 Secondary Explosions); the table prints no 6: it is rolled
  again (R-TAC-10).
* Damage control: one area per ship (all with All Hands on Deck!, +1), each point of the D6 above 4 lowers the
  score by 1; a 6 and Vital Systems are never repaired.  Escalation: each escalating area rolls a D6, 4+ raises
  it by 1 (an area at 6 cannot rise, R-TAC-11).
"""

from __future__ import annotations

from scenarios.cards import WeaponKind
from tactical import events as ev
from tactical.coast import shore_critical
from tactical.crit2d6 import critical_2d6, fight_fires
from tactical.critical_table import LEVELS, VITAL_TABLE, TurretHit, result_of
from tactical.hull import apply_hull_damage, critical_damage
from tactical.state import Area, Battle, ShipState, Vital

R_CRIT = "000 Critical Hits"
R_VITAL = "000 Vital Systems"
R_DC = "000 Damage Control"
R_ESC = "000 Check for Escalation"

EFFECT_NAMES = {area: ["", *(lv.name for lv in levels)] for area, levels in LEVELS.items()}
"""Names of each Critical Score 1-6 of each area (tactical.critical_table)."""


def area_for_roll(d10: int) -> Area | None:
    """000 Critical Area Table: D10 -> area (``None``: Vital System)."""
    if not 1 <= d10 <= 10:
        raise ValueError(f"a D10 shows 1-10, not {d10}")
    if d10 <= 4:
        return Area.ENGINE
    if d10 <= 7:
        return Area.WEAPONS
    if d10 <= 9:
        return Area.CREW
    return None


def roll_critical(
    battle: Battle, ship: ShipState, *, devastating: bool = False, damage_cap: int | None = None
) -> None:
    """One critical hit on ``ship``: the area D10, then the area's increase or the Vital Systems roll.

    A Devastating critical sets the area's score to one D6 unless the area is already at least that high
    (000 Devastating; an equal roll changes nothing, R-TAC-08).  An installation rolls on the Shore Battery table
    (:func:`tactical.coast.shore_critical`); with the 003 option the 2D6 tables apply
    (:func:`tactical.crit2d6.critical_2d6`).  ``damage_cap``: 001 Weak (option) lets a Weak weapon's critical cost
    at most 1 extra point in all: its own extra damage, a Vital Systems hit's and that of the raises it sets off
    share the one point (R-TAC-81).
    """
    if ship.is_installation:
        shore_critical(battle, ship)
        return
    battle.state.damage_cap = damage_cap
    try:
        if battle.state.options.criticals_2d6:
            critical_2d6(battle, ship)
        else:
            _roll_critical(battle, ship, devastating)
    finally:
        battle.state.damage_cap = None


def _roll_critical(battle: Battle, ship: ShipState, devastating: bool) -> None:
    d10 = battle.dice.d10(label=f"{ship.name} critical area", rule=R_CRIT)
    area = area_for_roll(d10)
    if area is None:
        vital_hit(battle, ship)
        return
    if devastating:
        score = battle.dice.d6(label=f"{ship.name} Devastating critical score ({area.value})", rule="000 Devastating")
        if score <= ship.criticals[area]:
            battle.log.emit(
                ev.DevastatingIgnored, ship=ship.name, side=battle.side_name(ship.side), area=area.value,
                score=ship.criticals[area], rolled=score,
            )
            return
        raise_area(battle, ship, area, to=score)
    else:
        raise_area(battle, ship, area)


def _extra_damage(battle: Battle, ship: ShipState, area: Area, score: int) -> int:
    fixed, d6 = result_of(area, score).fixed, result_of(area, score).d6
    if d6:
        fixed += sum(battle.dice.roll(d6, 6, label=f"{ship.name} {EFFECT_NAMES[area][score]} damage", rule=R_CRIT))
    return critical_damage(battle, fixed)


def raise_area(
    battle: Battle, ship: ShipState, area: Area, *, to: int | None = None, cause: str = "critical hit"
) -> None:
    """Raise ``area`` by 1 (or to ``to``), applying at once the new score's extra damage and penalty.

    At 6 already, the 6's damage and penalty are applied again.  Levels passed over by a jump (``to``) get their
    lasting penalties but not their extra damage or their raises of other areas (R-TAC-08).
    """
    if not ship.hittable:
        return
    old = ship.criticals[area]
    new = 6 if old >= 6 else min(to if to is not None else old + 1, 6)
    ship.criticals[area] = new
    for level in range(old + 1, new):
        _lasting_penalty(battle, ship, area, level)
    damage = _extra_damage(battle, ship, area, new)
    battle.log.emit(
        ev.CriticalHit, ship=ship.name, side=battle.side_name(ship.side), area=area.value, score=new,
        extra_damage=damage, cause=cause, old=old, effect=EFFECT_NAMES[area][new],
    )
    apply_hull_damage(battle, ship, damage, f"{EFFECT_NAMES[area][new]}")
    if not ship.hittable:
        return
    _lasting_penalty(battle, ship, area, new)
    chained = result_of(area, new).raises
    if chained is not None:
        raise_area(battle, ship, chained, cause=f"{EFFECT_NAMES[area][new]}")


def _lasting_penalty(battle: Battle, ship: ShipState, area: Area, score: int) -> None:
    """The random choices of a level's penalty (000 critical tables; the * roll; turrets)."""
    key = f"{area.value}:{score}"
    result = result_of(area, score)
    loss = result.ad_loss
    if loss:
        kind = _roll_ad_loss_system(battle, ship)
        if kind is not None:
            ship.level_effects[key] = {"ad_loss": kind.value, "amount": loss}
            battle.log.emit(
                ev.SystemPenalty, ship=ship.name, side=battle.side_name(ship.side), system=kind.value, amount=loss
            )
        return
    if result.turret is TurretHit.DAMAGED:
        turret = _random_turret(battle, ship, "Turret Damaged")
        if turret is not None:
            ship.level_effects[key] = {"turret_check": turret}
        return
    if result.turret is TurretHit.DESTROYED:
        if not ship.has_turrets():
            ship.light_gun_halvings += 1
            battle.log.emit(ev.LightGunsHalved, ship=ship.name, side=battle.side_name(ship.side))
            return
        turret = _random_turret(battle, ship, result.name)
        if turret is not None:
            ship.weapons[turret].destroyed = True
            battle.log.emit(
                ev.WeaponDestroyed, ship=ship.name, side=battle.side_name(ship.side),
                weapon=ship.card.weapons[turret].name,
            )


def _roll_ad_loss_system(battle: Battle, ship: ShipState) -> WeaponKind | None:
    """The * roll: D6 1-3 Light Guns, 4-5 AA Battery, 6 Torpedoes; rolled again until the ship has it."""
    present = {
        w.kind for i, w in enumerate(ship.card.weapons) if ship.weapons[i].usable and ship.weapon_ad(i) > 0
    } & {WeaponKind.LIGHT_GUN, WeaponKind.AA_BATTERY, WeaponKind.TORPEDO}
    if not present:
        return None
    while True:
        face = battle.dice.d6(label=f"{ship.name} which weapons lose Attack Dice", rule=R_CRIT + " *")
        kind = WeaponKind.LIGHT_GUN if face <= 3 else WeaponKind.AA_BATTERY if face <= 5 else WeaponKind.TORPEDO
        if kind in present:
            return kind


def _random_turret(battle: Battle, ship: ShipState, effect: str) -> int | None:
    turrets = ship.turrets()
    if not turrets:
        return None
    if len(turrets) == 1:
        return turrets[0]
    pick = battle.dice.roll(1, len(turrets), label=f"{ship.name} {effect}: which turret", rule=R_CRIT)[0]
    return turrets[pick - 1]


def vital_hit(battle: Battle, ship: ShipState) -> None:
    """000 Vital Systems: D6 (a 6 is rolled again, R-TAC-10), the damage, and the lasting effect."""
    while True:
        face = battle.dice.d6(label=f"{ship.name} Vital Systems", rule=R_VITAL)
        if face in VITAL_TABLE:
            break
    vital, (fixed, d6) = VITAL_TABLE[face]
    if d6:
        fixed += sum(battle.dice.roll(d6, 6, label=f"{ship.name} {vital.value} damage", rule=R_VITAL))
    damage = critical_damage(battle, fixed)
    if vital not in ship.vitals:
        ship.vitals.append(vital)
    extra = ""
    if vital is Vital.RUDDER_JAMMED:
        roll = battle.dice.d6(label=f"{ship.name} rudder jammed direction", rule=R_VITAL)
        ship.rudder_jam = "left" if roll <= 2 else "straight" if roll <= 4 else "right"
        extra = f", rudder jammed {ship.rudder_jam}"
    battle.log.emit(
        ev.VitalHit, ship=ship.name, side=battle.side_name(ship.side), vital=vital.value, damage=damage, detail=extra
    )
    apply_hull_damage(battle, ship, damage, vital.value)
    if vital is Vital.SECONDARY_EXPLOSIONS:
        for area in Area:
            if ship.hittable:
                raise_area(battle, ship, area, cause="Secondary Explosions")


def lower_area(ship: ShipState, area: Area, new: int) -> None:
    """Set ``area`` to the lower score ``new`` and drop the lasting penalties of the levels above it (destroyed
    turrets stay destroyed)."""
    ship.criticals[area] = new
    for level in range(new + 1, 7):
        ship.level_effects.pop(f"{area.value}:{level}", None)


def repairable(ship: ShipState, area: Area) -> bool:
    """Whether damage control may work on ``area``: a score of 1-5 (6 is never repaired)."""
    return 0 < ship.criticals[area] < 6


def damage_control_refusal(ship: ShipState) -> str | None:
    """Why ``ship`` makes no damage control at all, or ``None``: off the table (and not in deep deployment), or a
    Fire in Engineering (000 Vital Systems)."""
    if not ship.hittable:
        return f"{R_DC}: {ship.name} is not in the battle"
    if Vital.FIRE_IN_ENGINEERING in ship.vitals:
        return "000 Vital Systems (Fire in Engineering): the ship can no longer perform damage control"
    return None


def repair_bonus(battle: Battle, ship: ShipState, *, all_hands: bool = False) -> int:
    """What is added to ``ship``'s damage control roll: All Hands on Deck! +1 (000 The Orders), a German ship +1
    (003 Nationality Bonuses, option).  Each point of the result above 4 lowers the score by 1 (000 Damage
    Control)."""
    bonus = 1 if all_hands else 0
    if battle.state.options.nationality_bonuses and ship.card.nation == "DE":
        bonus += 1  # 003 Nationality Bonuses: German damage control
    return bonus


def damage_control(battle: Battle, ship: ShipState, area: Area | None, *, all_hands: bool = False) -> None:
    """000 Damage Control for one ship: ``area`` (or every area with All Hands on Deck!, +1 to the rolls).

    Nothing happens for a ship with Fire in Engineering, a score of 0 or 6, or ``area`` ``None``.
    """
    if damage_control_refusal(ship) is not None:
        return
    if battle.state.options.criticals_2d6:
        if battle.state.fires.get(ship.name) and (all_hands or area is not None):
            roll = battle.dice.d6(label=f"{ship.name} damage control (fires)", rule=R_DC)
            fight_fires(battle, ship, roll + (1 if all_hands else 0))
        return
    areas = [a for a in Area if repairable(ship, a)] if all_hands else [area] if area is not None else []
    for a in areas:
        if not repairable(ship, a):
            continue
        roll = battle.dice.d6(label=f"{ship.name} damage control ({a.value})", rule=R_DC)
        result = roll + repair_bonus(battle, ship, all_hands=all_hands)
        old = ship.criticals[a]
        new = max(old - max(result - 4, 0), 0)
        lower_area(ship, a, new)
        battle.log.emit(
            ev.DamageControl, ship=ship.name, side=battle.side_name(ship.side), area=a.value, score=new, old=old,
            result=result,
        )


def escalation(battle: Battle, ship: ShipState) -> None:
    """000 Check for Escalation: every escalating area rolls a D6; 4+ raises it by 1 (not above 6, R-TAC-11)."""
    for area in Area:
        if not ship.hittable or not ship.escalating(area) or ship.criticals[area] >= 6:
            continue
        if battle.dice.d6(label=f"{ship.name} escalation ({area.value})", rule=R_ESC) >= 4:
            raise_area(battle, ship, area, cause="Escalation")
