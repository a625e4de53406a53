"""Where the optional modules of :mod:`tactical.options` change the core rules of the gunnery and visibility
modules.  Every hook leaves the core rule alone unless its option is on (each function says which option it
serves and what it replaces).  Distances in inches.
"""

from __future__ import annotations

from scenarios.cards import ShipType, WeaponKind, WeaponSystem
from tactical import events as ev
from tactical.geometry import SMOKE_RADIUS, LineOfFire, RangeBand, distance, segment_hits_discs
from tactical.orders import IllegalOrder, evading
from tactical.plans import FirePlan
from tactical.state import Battle, ShipState

R_003_RADAR = "003 Radar (option)"
R_003_NIGHT = "003 Night Battles (option)"
R_003_WEATHER = "003 Bad Weather (option)"
R_003_FOG = "003 Fog of War (option)"
R_003_NATION = "003 Nationality Bonuses (option)"
R_001_NIGHT = "001 Night Fighting (option)"

DETECTION_RADIUS = 10.0
JAPANESE_DETECTION_RADIUS = 20.0
"""003 Night Battles: every ship detects enemies within 10" (the Japanese within 20")."""


def detection_radius(ship: ShipState) -> float:
    return JAPANESE_DETECTION_RADIUS if ship.card.nation == "JP" else DETECTION_RADIUS


def _radar_passed(battle: Battle, ship: ShipState) -> bool:
    return ship.name in battle.state.radar_fire


# --------------------------------------------------------------------------- visibility (003, 001)


def variant_visibility(battle: Battle, ship: ShipState, target: ShipState) -> str | None:
    """003 Bad Weather and 003 Night Battles (options) replace the core spotting: ``None`` when neither applies,
    ``""`` when the target may be attacked, else the refusal.  A ship that passed the 003 radar targeting check
    may attack hidden ships (R-TAC-61)."""
    st = battle.state
    night3 = st.night and st.options.night_states
    weather3 = st.bad_weather and st.options.weather_visibility
    if not (night3 or weather3):
        return None
    assert ship.pos is not None and target.pos is not None
    d = distance(ship.pos, target.pos)
    radar = _radar_passed(battle, ship)
    if weather3:
        seen = _visibility_for(battle, ship)
        if d > seen and not radar:
            return f"{R_003_WEATHER}: {target.name} is hidden beyond the {seen:g}\" visibility"
    if night3:
        lit = target.name in st.lit
        if not lit and d > detection_radius(ship) and not radar:
            return f"{R_003_NIGHT}: {target.name} is hidden (beyond {detection_radius(ship):g}\", not illuminated)"
    return ""


def _visibility_for(battle: Battle, ship: ShipState) -> float:
    st = battle.state
    assert st.visibility is not None
    if st.options.nationality_bonuses and ship.card.nation == "UK" and st.visibility_uk is not None:
        return max(st.visibility, st.visibility_uk)
    return st.visibility


def variant_attack_modifiers(
    battle: Battle, side: int, ship: ShipState | None, target: ShipState | None
) -> list[tuple[str, int]] | None:
    """003 Night Battles (option): -1 against a detected ship, nothing against an illuminated one (replaces the
    core night -1).  ``None`` when the option is off or it is day."""
    st = battle.state
    if not (st.night and st.options.night_states):
        return None
    if target is not None and target.name in st.lit:
        return []
    return [("night: detected, not illuminated", -1)]


def variant_spotting(battle: Battle) -> bool:
    """003 Night Battles / Bad Weather (options): no spotting checks after moves (detection is by distance)."""
    st = battle.state
    return (st.night and st.options.night_states) or (st.bad_weather and st.options.weather_visibility)


def radar_check_fails(battle: Battle, ship: ShipState) -> bool:
    """003 Nationality Bonuses (option): German radar is inferior: a core radar detection first needs 5+ on a D6
    (R-TAC-62)."""
    if not (battle.state.options.nationality_bonuses and ship.card.nation == "DE"):
        return False
    return battle.dice.d6(label=f"{ship.name} German radar", rule=R_003_NATION) < 5


def roll_visibility(battle: Battle) -> None:
    """003 Bad Weather (option): at the start of each Initiative Phase visibility is 2D6+10"; a British fleet rolls
    its own and uses the better (003 Nationality Bonuses)."""
    st = battle.state
    if not (st.bad_weather and st.options.weather_visibility):
        return
    st.visibility = 10.0 + sum(battle.dice.roll(2, 6, label="visibility", rule=R_003_WEATHER))
    st.visibility_uk = None
    if st.options.nationality_bonuses and any(s.card.nation == "UK" for s in st.ships.values()):
        st.visibility_uk = 10.0 + sum(battle.dice.roll(2, 6, label="British visibility", rule=R_003_NATION))
    battle.log.emit(ev.VisibilityRolled, visibility=st.visibility, british=st.visibility_uk)


# --------------------------------------------------------------------------- gunnery hooks


def option_attack_modifiers(
    battle: Battle,
    attacker: ShipState,
    weapon: WeaponSystem,
    target: ShipState,
    line: LineOfFire,
    mods: list[tuple[str, int]],
) -> list[tuple[str, int]]:
    """Attack Dice modifiers of the options: 001 Attacking (+1 within 10" for Main and Light Guns, not through
    smoke), 003 Nationality Bonuses (German optics), 003 Radar (only -1 long / -3 extreme
    after a passed check; torpedoes excepted), 003 critical effects (crippled -1, Severe List -1, Engines Disabled
    +1 against the ship)."""
    opts = battle.state.options
    out = list(mods)
    guns = weapon.kind in (WeaponKind.MAIN_GUN, WeaponKind.LIGHT_GUN)
    if opts.close_range_bonus and guns and line.distance <= 10.0 + 1e-9:
        assert attacker.pos is not None and target.pos is not None
        if not segment_hits_discs(attacker.pos, target.pos, battle.state.smoke, SMOKE_RADIUS):
            out.append(("within 10\" (001)", +1))
    radar = opts.radar_checks and _radar_passed(battle, attacker) and weapon.kind is not WeaponKind.TORPEDO
    if (
        opts.nationality_bonuses
        and attacker.card.nation == "DE"
        and not radar
        and guns
        and line.band in (RangeBand.LONG, RangeBand.EXTREME)
    ):
        out.append(("German optics (003)", +1))
    if opts.criticals_2d6:
        effects = battle.state.effects.get(attacker.name, {})
        if attacker.crippled:
            out.append(("crippled (003)", -1))
        if effects.get("list"):
            out.append(("Severe List (003)", -1))
        if battle.state.effects.get(target.name, {}).get("engines_disabled"):
            out.append(("Engines Disabled target (003)", +1))
    if radar:
        out = [("long range", -1)] if line.band is RangeBand.LONG else []
        if line.band is RangeBand.EXTREME:
            out = [("extreme range (003 radar)", -3)]
    return out


def option_weapon_refusal(battle: Battle, ship: ShipState, index: int) -> str | None:
    """Weapons the options forbid: 003 critical effects (Fire Control, Severe List and crippled ships' torpedoes)."""
    opts = battle.state.options
    weapon = ship.card.weapons[index]
    if opts.criticals_2d6:
        effects = battle.state.effects.get(ship.name, {})
        if effects.get("fire_control", -1) >= battle.state.turn:
            return "003 Critical Hits (option): Fire Control: no weapons can fire"
        if weapon.kind is WeaponKind.TORPEDO and effects.get("list"):
            return "003 Critical Hits (option): Severe List: no torpedoes"
        if weapon.kind is WeaponKind.TORPEDO and ship.crippled and not ship.is_submarine:
            return "003 Crippled (option): a crippled surface ship makes no torpedo attacks"
    return None


def hit_roll_options(battle: Battle, ship: ShipState, weapon: WeaponSystem, target: ShipState) -> tuple[bool, bool]:
    """(misses re-rolled, hits re-rolled): Twin-Linked and Kaiten (000 Kamikaze Submarines) re-roll misses; a
    target on Evade! has hits re-rolled."""
    return weapon.has("Twin-Linked") or weapon.has("Kaiten"), evading(target)


def before_fire(battle: Battle, ship: ShipState, plan: FirePlan) -> None:
    """Checks made as a ship is nominated to fire: the 003 radar targeting check (option), the 001 rule that a
    radar ship firing at night in 1943 or earlier shoots at the largest enemy in range (option), 003 Fog of War
    (option, with its friendly-fire redirection)."""
    st = battle.state
    opts = st.options
    if opts.radar_checks and plan.radar:
        if not (ship.has("Radar") or ship.has("Advanced Radar")):
            raise IllegalOrder(R_003_RADAR, f"{ship.name} has no radar")
        need = 5 if opts.nationality_bonuses and ship.card.nation == "DE" else 3
        ok = battle.dice.d6(label=f"{ship.name} radar targeting check ({need}+)", rule=R_003_RADAR) >= need
        battle.log.emit(ev.RadarCheck, ship=ship.name, passed=bool(ok))
        if ok and ship.name not in st.radar_fire:
            st.radar_fire.append(ship.name)


def early_radar_at_night(battle: Battle, ship: ShipState) -> bool:
    """001 Night Fighting, Radar (1943 or earlier; option): whether ``ship``'s fire at night must go to the largest
    enemy it may fire at (:func:`largest_first_refusal`)."""
    st = battle.state
    radar = ship.has("Radar") or ship.has("Advanced Radar")
    return st.options.night_001 and st.night and (st.year or 1942) <= 1943 and radar


def largest_first_refusal(battle: Battle, ship: ShipState, target: ShipState, pool: list[ShipState]) -> str | None:
    """001 Night Fighting, Radar (option, R-TAC-87): a radar ship firing at night in 1943 or earlier must fire at
    the largest (greatest starting Hull) of the enemies ``pool`` its weapon may otherwise fire at; any of equal
    size will do; an Illuminated target may be fired at whatever its size."""
    if target.name in battle.state.lit or not pool:
        return None
    largest = max(e.card.hull for e in pool)
    if target.card.hull >= largest:
        return None
    names = ", ".join(sorted(e.name for e in pool if e.card.hull == largest))
    return f"{R_001_NIGHT}: {ship.name}'s radar must engage the largest enemy it may fire at ({names})"


def fog_of_war_redirect(battle: Battle, ship: ShipState, target: ShipState, weapon: WeaponSystem) -> ShipState:
    """003 Fog of War (option, night): with more than one enemy and at least one friend inside its detection
    radius, the shooter rolls a D6 (Americans two, the lower counts; the Japanese are exempt); on a 1 the enemy
    makes it fire at the most valuable friend in the radius instead (never torpedoes, R-TAC-63).  The roll is made
    once per firing ship and turn."""
    st = battle.state
    if not (st.options.fog_of_war and st.night) or weapon.kind is WeaponKind.TORPEDO or ship.card.nation == "JP":
        return target
    assert ship.pos is not None
    r = detection_radius(ship)
    enemies = [e for e in st.enemies(ship) if e.pos is not None and distance(ship.pos, e.pos) <= r]
    friends = [
        f for f in st.afloat(ship.side) if f is not ship and f.pos is not None and distance(ship.pos, f.pos) <= r
    ]
    if len(enemies) < 2 or not friends:
        return target
    key = f"fog:{ship.name}"
    if key not in st.fog_rolls:
        dice = 2 if st.options.nationality_bonuses and ship.card.nation == "US" else 1
        st.fog_rolls[key] = min(battle.dice.roll(dice, 6, label=f"{ship.name} fog of war", rule=R_003_FOG))
    if st.fog_rolls[key] != 1:
        return target
    victim = max(friends, key=lambda f: (f.card.points, f.name))
    battle.log.emit(ev.FiredByMistake, ship=ship.name, target=victim.name)
    return victim


def belt_rerolls(battle: Battle, weapon: WeaponSystem, target: ShipState, line: LineOfFire) -> bool:
    """001 Torpedo Belts (option): whether each torpedo hit on ``target`` rolls a D6, 4+ striking the belt and the
    Attack Die being rolled again (:func:`after_attack`)."""
    return (
        battle.state.options.belt_side_hits
        and weapon.kind is WeaponKind.TORPEDO
        and line.side_arc
        and target.has("Torpedo Belt")
    )


def after_attack(
    battle: Battle,
    ship: ShipState,
    weapon: WeaponSystem,
    target: ShipState,
    line: LineOfFire,
    hits: int,
    modifier: int,
) -> int:
    """After the to-hit roll, made at ``modifier`` (the sum of the Attack Dice modifiers): 001 Torpedo Belts
    (option: each side hit on a belted ship rolls a D6, 4+ and the Attack Die is rolled again at the same
    modifiers) and 003 Splash Counters (option: a ship firing Main Guns at the target marks it, once, R-TAC-78).
    Returns the hits that stand."""
    opts = battle.state.options
    if belt_rerolls(battle, weapon, target, line) and hits > 0:
        kept = 0
        for _ in range(hits):
            if battle.dice.d6(label=f"{target.name} torpedo belt struck?", rule="001 Torpedo Belts (option)") >= 4:
                face = battle.dice.d6(label=f"{ship.name} torpedo re-rolled (belt)", rule="001 Torpedo Belts (option)")
                kept += face + modifier >= 4
            else:
                kept += 1
        hits = kept
    if opts.splash_counters and weapon.kind is WeaponKind.MAIN_GUN:
        markers = battle.state.splash.setdefault(target.name, [])
        if ship.name not in markers:
            markers.append(ship.name)
    return hits


def splash_dice(battle: Battle, ship: ShipState, weapon: WeaponSystem, target: ShipState) -> int:
    """003 Splash Counters (option, R-TAC-78): the Attack Dice a Main Gun attack of ``ship`` at ``target`` loses,
    one for each splash marker another ship put on the target this turn; none after a passed 003 radar check
    (003 Radar: splash markers are among the modifiers it ignores)."""
    opts = battle.state.options
    if not opts.splash_counters or weapon.kind is not WeaponKind.MAIN_GUN:
        return 0
    if opts.radar_checks and _radar_passed(battle, ship):
        return 0
    return sum(1 for name in battle.state.splash.get(target.name, []) if name != ship.name)


def night_001_light_guns(battle: Battle, ship: ShipState, weapon: WeaponSystem) -> None:
    """001 Night Fighting (option): Light Guns (secondary armament) fired at night Illuminate the firer for the rest
    of the turn (seen by every enemy, fired at without the night penalty, R-TAC-82), and every enemy within 10"
    detects it (spotted as by a passed check)."""
    st = battle.state
    if not (st.options.night_001 and st.night and weapon.kind is WeaponKind.LIGHT_GUN) or ship.pos is None:
        return
    if ship.name not in st.lit:
        st.lit.append(ship.name)
        battle.log.emit(ev.SecondaryGunsSeen, ship=ship.name)
    if any(e.pos is not None and distance(e.pos, ship.pos) <= 10.0 for e in st.enemies(ship)):
        names = st.spotted_by.setdefault(1 - ship.side, [])
        if ship.name not in names:
            names.append(ship.name)


def illuminate_on_main_guns(battle: Battle, ship: ShipState) -> None:
    """003 Night Battles (option): a ship firing turreted weapons is illuminated for the rest of the turn."""
    st = battle.state
    if st.night and st.options.night_states and ship.name not in st.lit:
        st.lit.append(ship.name)


def civilian_torpedo_factor(battle: Battle, weapon: WeaponSystem, target: ShipState) -> int:
    """001 Torpedo Attacks (option): torpedo damage to civilian ships is doubled."""
    if battle.state.options.torpedo_reloads and weapon.kind is WeaponKind.TORPEDO and target.type is ShipType.CIVILIAN:
        return 2
    return 1
