"""003 "Critical Hits" and "Crippled" (option ``criticals_2d6``): critical locations on 2D6 and the
Superstructure/Hull, Engines, Weapons and Vital Systems tables, with fires.  While the option is on it replaces
000's Critical Area table, the Engine/Weapons/Crew tables, Vital Systems and Escalation, and the 000 Crippled Ships
penalties; the core rule that a natural 6 (5-6 Heavy; Devastating 5-6) scores a critical hit still decides when
one is scored (R-TAC-66).

* Location (2D6): 2 and 12 Vital Systems, 3-5 Superstructure/Hull, 6-8 Engines, 9-11 Weapons; then a D6 on that
  location's table.  The "Reduce VA" column (a 1st-edition vital armour score the 2nd edition lacks) is taken as
  that much extra damage to the Hull (R-TAC-66).
* Fires: each burning fire rolls a D6 in the End Phase: 1-2 it burns on, 3 it spreads (one more fire), 4-5 it
  goes out, 6 it causes another critical hit (and burns on); a fire deals no damage of its own (R-TAC-79).
  Damage control puts out one fire per point above 4 (All Hands on Deck! +1), before any other repair (R-TAC-66).
* Torpedoes: every torpedo hit on a ship rolls 003's critical D6: 1-5 one more point of damage, 6 one more point
  and a critical hit (R-TAC-80), besides the criticals its Damage Dice score.
* Crippled (003): -1" of Flank Speed instead of half, no Lumbering, no Main Gun or Trait rolls, no Attack Dice
  halved; surface ships make no torpedo attacks, submarines fire one torpedo fewer; -1 to their attack rolls.
"""

from __future__ import annotations

from scenarios.cards import WeaponKind
from tactical import events as ev
from tactical.hull import apply_hull_damage, critical_damage, sink
from tactical.state import Battle, ShipState, Vital

R_003 = "003 Critical Hits (option)"

HULL_TABLE = {
    1: ("Fire", 0, 1),
    2: ("Fire", 0, 1),
    3: ("Multiple Fires", 1, 2),
    4: ("Multiple Fires", 1, 2),
    5: ("Hull Breach", 2, 1),
    6: ("Multiple Explosions", 3, 3),
}
"""003 Superstructure/Hull: D6 -> (effect, "Reduce VA" taken as extra damage, fires started)."""


def _effects(battle: Battle, ship: ShipState) -> dict[str, int]:
    return battle.state.effects.setdefault(ship.name, {})


def add_fires(battle: Battle, ship: ShipState, n: int) -> None:
    if n > 0:
        battle.state.fires[ship.name] = battle.state.fires.get(ship.name, 0) + n
        battle.log.emit(ev.FiresBreakOut, ship=ship.name, count=n)


def _random_turret(battle: Battle, ship: ShipState) -> int | None:
    turrets = ship.turrets()
    if not turrets:
        return None
    if len(turrets) == 1:
        return turrets[0]
    return turrets[battle.dice.roll(1, len(turrets), label=f"{ship.name} which turret", rule=R_003)[0] - 1]


def critical_2d6(battle: Battle, ship: ShipState) -> None:
    """One critical hit under 003: location on 2D6, effect on a D6."""
    total = sum(battle.dice.roll(2, 6, label=f"{ship.name} critical location (2D6)", rule=R_003))
    face = battle.dice.d6(label=f"{ship.name} critical effect", rule=R_003)
    fx = _effects(battle, ship)
    key = f"003:{battle.state.turn}:{len(ship.level_effects)}"
    extra = 0
    if total in (2, 12):
        where = "Vital Systems"
        if face == 1:
            name, extra = "Bridge Hit", 1
            if Vital.BRIDGE_DESTROYED not in ship.vitals:
                ship.vitals.append(Vital.BRIDGE_DESTROYED)
        elif face == 2:
            name, extra = "Rudder", 1
            roll = battle.dice.d6(label=f"{ship.name} rudder", rule=R_003)
            ship.rudder_jam = "only_left" if roll <= 2 else "only_right" if roll <= 4 else "straight"
        elif face == 3:
            name, extra = "Engineering", 2
            add_fires(battle, ship, 2)
            if Vital.FIRE_IN_ENGINEERING not in ship.vitals:
                ship.vitals.append(Vital.FIRE_IN_ENGINEERING)
        elif face == 4:
            name, extra = "Fire Control", 2
            turns = (battle.dice.d6(label=f"{ship.name} fire control out for D3 turns", rule=R_003) + 1) // 2
            fx["fire_control"] = battle.state.turn + turns - 1
        elif face == 5:
            name, extra = "Severe List", 3
            if fx.get("list"):
                battle.log.emit(ev.Capsized, ship=ship.name, area="vital")
                sink(battle, ship)
                return
            fx["list"] = 1
        else:
            battle.log.emit(ev.CatastrophicExplosion, ship=ship.name, area="vital")
            sink(battle, ship)
            return
    elif total <= 5:
        where = "Superstructure/Hull"
        name, extra, fires = HULL_TABLE[face]
        add_fires(battle, ship, fires)
    elif total <= 8:
        where = "Engines"
        if face <= 4:
            name = "Turbine Damaged" if face <= 2 else "Props Damaged"
            ship.level_effects[key] = {"speed_loss": 1}
        elif face == 5:
            name, extra = "Fuel Systems Ruptured", 1
            ship.level_effects[key] = {"speed_loss": 2}
            add_fires(battle, ship, 1)
        else:
            name, extra = "Engines Disabled", 1
            ship.level_effects[key] = {"speed_zero": 1}
            fx["engines_disabled"] = 1
    else:
        where = "Weapons"
        if face <= 2:
            name = "AA Mount Destroyed"
            ship.level_effects[key] = {"ad_loss": WeaponKind.AA_BATTERY.value, "amount": 1}
        elif face <= 4:
            name = "Secondary Weapon Destroyed"
            turret = _random_turret(battle, ship)
            if turret is not None:
                ship.level_effects[key] = {"weapon_loss": turret, "amount": 1}
        else:
            name, extra = ("Turret Destroyed", 1) if face == 5 else ("Magazine Explosion", 2)
            turret = _random_turret(battle, ship)
            if turret is not None:
                ship.weapons[turret].destroyed = True
            add_fires(battle, ship, 1 if face == 5 else 2)
    extra = critical_damage(battle, extra)  # 001 Weak (option): one point at most (R-TAC-81)
    battle.log.emit(
        ev.Critical2D6, ship=ship.name, side=battle.side_name(ship.side), area=where, score=face,
        extra_damage=extra, effect=name,
    )
    apply_hull_damage(battle, ship, extra, f"{name} (003)")


def fires_end_phase(battle: Battle, ship: ShipState) -> None:
    """Each fire rolls a D6: 1-2 burns on, 3 spreads, 4-5 goes out, 6 another critical hit (no damage, R-TAC-79)."""
    fires = battle.state.fires.get(ship.name, 0)
    if not fires or not ship.on_table:
        return
    faces = battle.dice.roll(fires, 6, label=f"{ship.name} fires", rule=R_003)
    left = sum(1 for f in faces if f <= 3 or f == 6) + sum(1 for f in faces if f == 3)
    battle.state.fires[ship.name] = left
    battle.log.emit(ev.FiresBurn, ship=ship.name, count=fires, left=left)
    for _ in range(sum(1 for f in faces if f == 6)):
        if ship.on_table:
            critical_2d6(battle, ship)


def fight_fires(battle: Battle, ship: ShipState, result: int) -> int:
    """Damage control against fires: one out per point above 4; returns the points left for other repairs."""
    fires = battle.state.fires.get(ship.name, 0)
    points = max(result - 4, 0)
    out = min(fires, points)
    if out:
        battle.state.fires[ship.name] = fires - out
        battle.log.emit(ev.FiresPutOut, ship=ship.name, count=out)
    return points - out


def torpedo_criticals(battle: Battle, ship: ShipState, hits: int, source: str) -> None:
    """003 Critical Hits (option): torpedoes always roll for a critical hit: each of ``hits`` torpedo hits on
    ``ship`` rolls a D6, 1-5 one more point of damage, 6 one more point and a critical hit (R-TAC-80)."""
    for _ in range(hits):
        if not ship.hittable:
            return
        face = battle.dice.d6(label=f"{ship.name} torpedo hit: critical roll", rule=R_003)
        battle.log.emit(ev.TorpedoCriticalRoll, ship=ship.name, side=battle.side_name(ship.side), score=face,
                        critical=face == 6)  # fmt: skip
        apply_hull_damage(battle, ship, 1, f"{source}: torpedo hit (003)")
        if face == 6 and ship.hittable:
            critical_2d6(battle, ship)
