"""Night, bad weather and what can be seen (000 "Bad Weather", "Night Battles", "Searchlights", "Star Shells",
"Radar", "Advanced Radar"; 000 Submarines "Poor Visibility", "Radar", "Spotlights and Star Shells").  Distances in
inches, bridge to bridge.

By day in good weather every ship can be seen (000 "Maximum Visual Range" still applies).  Otherwise:

* Night: no attack beyond 20"; closer targets must be spotted.  A ship is spotted by a side when one of its ships
  passes a crew quality check as the enemy ends a move within 20" (one check per enemy ship and turn, made by the
  nearest ship, when either ship ends its move in range, R-TAC-32), and stays spotted until it is more than 20"
  from every enemy ship.  Always spotted: within 5" of an enemy ship; after firing Main Guns; burning (Crew Critical
  Score 2 or more, R-TAC-33); lit by a searchlight or a star shell.  Every attack takes -1 unless its target is lit
  or is tracked by the firing ship's own radar within 20".  The Initiative winner may make the enemy fire first.
* Bad weather: no attack beyond 25"; 15-25" must be spotted (as at night, check -1), within 15" automatic; a ship
  that fired Main Guns is spotted; every attack -1 and every crew quality check -1; destroyers (and MTB Sections)
  fire no Light Guns or AA, no ship fires torpedoes; destroyers, MTB Sections and civilian ships at half Flank
  Speed; no launching or recovering aircraft; no Create Smoke!; radar detection -1.  Night and bad weather
  together: the nearer limits and both penalties (R-TAC-34).
* Searchlights (night): a ship nominated to fire may light one enemy within 10": spotted and fired at without the
  night penalty for the rest of the turn; the ship using them is spotted.  Against a surfaced submarine a
  searchlight instead adds +2 to a spotting check.
* Star shells: a ship with the Star Shell trait fires them from its Light Guns, one Attack Die each, at points
  within the Light Guns' range (no roll): every ship within 3" is lit for the rest of the turn (a surfaced
  submarine only on a passed crew check).
* Radar (night or bad weather): at the start of the Gunnery Phase each Radar ship may pick one enemy within 30"
  and more than 5" from land (a battleship if there is one, else a carrier or cruiser, else any) and detect it
  with a crew check; detected ships stay so until beyond 30" (or within 5" of land); the detecting ship alone
  spots them within 20".  A plain Radar ship tracks one ship at a time.  Advanced Radar: +1, land no obstacle,
  several tracks, and fire at a tracked ship that is not spotted (beyond 20", in bad weather, behind smoke) at -1.
  Against submarines radar sees only surfaced boats within 20", never in bad weather.
* Surfaced submarines at night or in bad weather are seen only within 10", automatically within 3".
"""

from __future__ import annotations

from scenarios.cards import ShipType, WeaponKind
from tactical import events as ev
from tactical.captain import Captain
from tactical.geometry import VISUAL_RANGE, Point, distance, polygon_distance
from tactical.orders import IllegalOrder, crew_check
from tactical.state import Area, Battle, Depth, ShipState
from tactical.variants import radar_check_fails, variant_attack_modifiers, variant_spotting, variant_visibility

R_NIGHT = "000 Night Battles"
R_WEATHER = "000 Bad Weather"
R_SEARCH = "000 Searchlights"
R_STAR = "000 Star Shells"
R_RADAR = "000 Radar"

NIGHT_LIMIT = 20.0
NIGHT_AUTO = 5.0
WEATHER_LIMIT = 25.0
WEATHER_AUTO = 15.0
SUB_LIMIT = 10.0
SUB_AUTO = 3.0
SEARCHLIGHT_RANGE = 10.0
STAR_SHELL_RADIUS = 3.0
RADAR_RANGE = 30.0
RADAR_SUB_RANGE = 20.0
RADAR_LAND = 5.0


def dark(battle: Battle) -> bool:
    """Whether spotting rules apply (night or bad weather)."""
    return battle.state.night or battle.state.bad_weather


def limits(battle: Battle, target: ShipState | None = None) -> tuple[float, float]:
    """(attack limit, automatic spotting distance) in inches for ``target`` now (R-TAC-34)."""
    st = battle.state
    limit, auto = VISUAL_RANGE, VISUAL_RANGE
    if st.bad_weather:
        limit, auto = WEATHER_LIMIT, WEATHER_AUTO
        if st.options.weather_visibility and st.visibility is not None:
            limit = auto = st.visibility
    if st.night:
        limit, auto = min(limit, NIGHT_LIMIT), min(auto, NIGHT_AUTO)
    if target is not None and target.depth is Depth.SURFACED and dark(battle):
        limit, auto = min(limit, SUB_LIMIT), min(auto, SUB_AUTO)
    return limit, auto


def speed_factor(battle: Battle, ship: ShipState) -> float:
    """000 Bad Weather: destroyers and civilian ships at half Flank Speed."""
    if battle.state.bad_weather and ship.type in (ShipType.DESTROYER, ShipType.CIVILIAN):
        return 0.5
    return 1.0


def burning(ship: ShipState) -> bool:
    """000 Night Battles: a ship suffering Fire or Multiple Fires is spotted (Crew Critical Score 2+, R-TAC-33)."""
    return ship.in_force(Area.CREW).burning


def near_land(battle: Battle, pos: Point, inches: float) -> bool:
    return any(polygon_distance(pos, poly) <= inches for poly in battle.state.land)


def _nearest(battle: Battle, side: int, pos: Point) -> tuple[float, ShipState | None]:
    best: tuple[float, ShipState | None] = (float("inf"), None)
    for s in battle.state.afloat(side):
        if s.pos is not None and not s.underwater:
            d = distance(s.pos, pos)
            if d < best[0]:
                best = (d, s)
    return best


def spotted(battle: Battle, side: int, target: ShipState) -> bool:
    """Whether ``side`` can see ``target`` (spotted, lit, burning at night, or within the automatic distance of one
    of its ships).  Always true by day in good weather."""
    if not dark(battle):
        return True
    if target.pos is None:
        return False
    if target.name in battle.state.lit:
        return True
    _, auto = limits(battle, target)
    near, _ = _nearest(battle, side, target.pos)
    if near <= auto:
        return True
    if target.depth is Depth.SURFACED and near > SUB_LIMIT:
        return False
    if battle.state.night and burning(target):
        return True
    return target.name in battle.state.spotted_by.get(side, [])


def radar_tracks(battle: Battle, ship: ShipState) -> list[str]:
    return battle.state.radar_tracks.get(ship.name, [])


def visibility_refusal(battle: Battle, ship: ShipState, target: ShipState) -> str | None:
    """Why ``ship`` may not attack ``target`` for want of seeing it (rule: reason), or ``None``."""
    if not dark(battle) or ship.pos is None or target.pos is None:
        return None
    variant = variant_visibility(battle, ship, target)
    if variant is not None:
        return variant or None
    d = distance(ship.pos, target.pos)
    limit, _ = limits(battle, target)
    tracked = target.name in radar_tracks(battle, ship)
    radar_fire = tracked and ship.has("Advanced Radar") and d <= RADAR_RANGE
    rule = R_NIGHT if battle.state.night else R_WEATHER
    if d > limit + 1e-9:
        if radar_fire:
            return None
        return f"{rule}: {target.name} is {d:.1f}\" away, beyond the {limit:g}\" that can be attacked"
    if spotted(battle, ship.side, target) or (tracked and d <= NIGHT_LIMIT) or radar_fire:
        return None
    return f"{rule}: {target.name} has not been spotted"


def radar_controlled(battle: Battle, ship: ShipState, target: ShipState) -> bool:
    """000 Advanced Radar: fire at a tracked ship that is not otherwise spotted (beyond 20" or unspotted)."""
    if not dark(battle) or ship.pos is None or target.pos is None:
        return False
    if target.name not in radar_tracks(battle, ship) or not ship.has("Advanced Radar"):
        return False
    d = distance(ship.pos, target.pos)
    limit, _ = limits(battle, target)
    return d > min(limit, NIGHT_LIMIT) or not spotted(battle, ship.side, target)


def attack_environment_modifiers(
    battle: Battle, side: int, ship: ShipState | None, target: ShipState | None
) -> list[tuple[str, int]]:
    """To-hit modifiers of the environment for an attack by ``side`` (``ship`` firing, or aircraft when ``None``)
    on ``target``: night -1 (not against a lit target, nor one the firing ship's radar tracks within 20"), bad
    weather -1, Advanced Radar fire at an unspotted target -1."""
    st = battle.state
    mods: list[tuple[str, int]] = []
    variant = variant_attack_modifiers(battle, side, ship, target)
    if variant is not None:
        mods.extend(variant)
    elif st.night:
        lit = target is not None and target.name in st.lit
        tracked = (
            ship is not None
            and target is not None
            and ship.pos is not None
            and target.pos is not None
            and target.name in radar_tracks(battle, ship)
            and distance(ship.pos, target.pos) <= NIGHT_LIMIT
        )
        if not (lit or tracked):
            mods.append(("night", -1))
    if st.bad_weather:
        mods.append(("bad weather", -1))
    if ship is not None and target is not None and radar_controlled(battle, ship, target):
        mods.append(("radar-controlled fire", -1))
    return mods


# --------------------------------------------------------------------------- spotting checks


def _spot_key(side: int, name: str) -> str:
    return f"{side}:{name}"


def after_move(battle: Battle, mover: ShipState) -> None:
    """Spotting after ``mover`` ends its move: each side's nearest ship checks for each enemy newly in range (once
    per enemy ship and turn); ships far enough from every enemy are no longer spotted."""
    if not dark(battle) or mover.pos is None:
        return
    st = battle.state
    if variant_spotting(battle):
        return
    for side in (0, 1):
        for enemy in st.afloat(1 - side):
            if enemy.pos is None or enemy.underwater:
                continue
            if enemy is not mover and mover.side == enemy.side:
                continue
            limit, auto = limits(battle, enemy)
            d, checker = _nearest(battle, side, enemy.pos)
            names = st.spotted_by.setdefault(side, [])
            if enemy.name in names and d > limit:
                names.remove(enemy.name)
                battle.log.emit(ev.Unspotted, ship=enemy.name)
                continue
            if enemy.name in names or checker is None or d > limit or d <= auto:
                continue
            key = _spot_key(side, enemy.name)
            if key in st.spot_tried:
                continue
            st.spot_tried.append(key)
            if crew_check(battle, checker, f"spot {enemy.name} ({d:.1f}\")"):
                names.append(enemy.name)
                battle.log.emit(
                    ev.Spotted, ship=enemy.name, side=battle.side_name(side), spotter=checker.name, distance=d
                )


def reveal(battle: Battle, ship: ShipState, why: str) -> None:
    """``ship`` is spotted by the enemy (it fired Main Guns, used searchlights)."""
    if not dark(battle):
        return
    names = battle.state.spotted_by.setdefault(1 - ship.side, [])
    if ship.name not in names:
        names.append(ship.name)
        battle.log.emit(ev.GivenAway, ship=ship.name, why=why)


def end_turn(battle: Battle) -> None:
    """End Phase: lights and star shells go out; the spotting checks of the turn are used up."""
    st = battle.state
    st.lit.clear()
    st.star_shells.clear()
    st.spot_tried.clear()


# --------------------------------------------------------------------------- searchlights and star shells


def searchlight_refusal(battle: Battle, ship: ShipState, target: ShipState) -> str | None:
    if not battle.state.night:
        return f"{R_SEARCH}: searchlights are used at night"
    if target.side == ship.side or not target.on_table or target.pos is None or ship.pos is None:
        return f"{R_SEARCH}: {target.name} is not an enemy ship on the table"
    if target.underwater:
        return f"{R_SEARCH}: a submerged submarine cannot be lit"
    if distance(ship.pos, target.pos) > SEARCHLIGHT_RANGE + 1e-9:
        return f"{R_SEARCH}: {target.name} is beyond 10\""
    return None


def use_searchlight(battle: Battle, ship: ShipState, target_name: str) -> None:
    """000 Searchlights (and 000 Submarines: Spotlights)."""
    target = battle.ship(target_name)
    why = searchlight_refusal(battle, ship, target)
    if why is not None:
        rule, message = why.split(": ", 1)
        raise IllegalOrder(rule, f"{ship.name}: {message}")
    ship.searchlight = target_name
    reveal(battle, ship, "it uses its searchlights")
    if target.depth is Depth.SURFACED:
        ok = crew_check(battle, ship, f"spotlight on {target.name}", 2)
        battle.log.emit(ev.SearchlightSweep, ship=ship.name, target=target.name, found=bool(ok))
        if not ok:
            return
    elif battle.state.options.night_001:
        battle.log.emit(ev.Illuminated, ship=ship.name, target=target.name)
    else:
        battle.log.emit(ev.SearchlightsOn, ship=ship.name, target=target.name)
    if target.name not in battle.state.lit:
        battle.state.lit.append(target.name)
    if battle.state.options.night_001 and ship.name not in battle.state.lit:
        battle.state.lit.append(ship.name)


def star_shell_reach(ship: ShipState) -> float:
    """The range of the ship's Light Guns with Attack Dice left (longest extreme range), in inches."""
    best = 0.0
    for i, w in enumerate(ship.card.weapons):
        if w.kind is WeaponKind.LIGHT_GUN and w.ranges is not None and ship.weapon_ad(i) > 0:
            best = max(best, float(w.ranges[3]))
    return best


def star_shell_system(ship: ShipState) -> int | None:
    """The Light Gun system that gives up its Attack Dice for star shells (the one with the most dice left), never
    one that fired as a DP weapon at aircraft or MTBs this turn (000 DP: it may attack nothing else)."""
    best: tuple[int, int] | None = None
    for i, w in enumerate(ship.card.weapons):
        usable = ship.weapons[i].usable and i not in ship.dp_as_aa
        if w.kind is WeaponKind.LIGHT_GUN and usable and ship.weapon_ad(i) > 0:
            ad = ship.weapon_ad(i)
            if best is None or ad > best[0]:
                best = (ad, i)
    return None if best is None else best[1]


def fire_star_shells(battle: Battle, ship: ShipState, points: tuple[Point, ...]) -> None:
    """000 Star Shells: one Light Gun Attack Die per shell, to points within range; every ship within 3" is lit
    for the rest of the turn (a surfaced submarine only after a passed crew check)."""
    if not points:
        return
    if not ship.has("Star Shell") and not battle.state.options.night_states:
        raise IllegalOrder(R_STAR, f"{ship.name} has no Star Shell trait")
    reach = star_shell_reach(ship)
    assert ship.pos is not None
    for p in points:
        if distance(ship.pos, p) > reach + 1e-9:
            raise IllegalOrder(R_STAR, f"{ship.name}: a star shell may be fired only within {reach:g}\"")
    for p in points:
        battle.state.star_shells.append((float(p[0]), float(p[1])))
        lit = []
        for other in battle.state.ships.values():
            if not other.on_table or other.pos is None or other.underwater:
                continue
            if distance(other.pos, p) > STAR_SHELL_RADIUS + 1e-9:
                continue
            if other.depth is Depth.SURFACED and not crew_check(battle, ship, f"star shell on {other.name}"):
                continue
            if other.name not in battle.state.lit:
                battle.state.lit.append(other.name)
            lit.append(other.name)
        battle.log.emit(
            ev.StarShell, ship=ship.name, side=battle.side_name(ship.side), lit=tuple(lit), at=(p[0], p[1])
        )


# --------------------------------------------------------------------------- radar


TYPE_PRIORITY = {
    ShipType.BATTLESHIP: 0,
    ShipType.CARRIER: 1,
    ShipType.CRUISER: 1,
    ShipType.DESTROYER: 2,
    ShipType.CIVILIAN: 2,
    ShipType.SUBMARINE: 2,
    ShipType.INSTALLATION: 3,
}


def radar_candidates(battle: Battle, ship: ShipState) -> list[ShipState]:
    """The enemies ``ship``'s radar may pick now (000 Radar: within 30" and more than 5" from land, the highest
    priority type present among them; Advanced Radar ignores land; submarines only surfaced, within 20", never in
    bad weather)."""
    if ship.pos is None or not (ship.has("Radar") or ship.has("Advanced Radar")) or ship.underwater:
        return []
    advanced = ship.has("Advanced Radar")
    tracks = radar_tracks(battle, ship)
    if tracks and not advanced:
        return []
    pool = []
    for e in battle.state.enemies(ship):
        if e.pos is None or e.name in tracks or e.underwater or e.is_installation:
            continue
        d = distance(ship.pos, e.pos)
        if e.depth is Depth.SURFACED:
            if battle.state.bad_weather or d > RADAR_SUB_RANGE:
                continue
        elif d > RADAR_RANGE:
            continue
        if not advanced and near_land(battle, e.pos, RADAR_LAND):
            continue
        pool.append(e)
    if not pool:
        return []
    top = min(TYPE_PRIORITY[e.type] for e in pool)
    return [e for e in pool if TYPE_PRIORITY[e.type] == top]


def radar_detection(battle: Battle, captains: tuple[Captain, Captain]) -> None:
    """000 Radar, at the start of the Gunnery Phase at night or in bad weather: drop lost tracks, then each radar
    ship may try to detect one enemy (crew check; Advanced Radar +1; bad weather -1 through the crew check)."""
    if not dark(battle):
        return
    st = battle.state
    for name, tracks in list(st.radar_tracks.items()):
        ship = st.ships.get(name)
        keep = []
        for t in tracks:
            target = st.ships.get(t)
            if ship is None or target is None or not ship.on_table or not target.on_table:
                continue
            if ship.pos is None or target.pos is None or target.underwater:
                continue
            if distance(ship.pos, target.pos) > RADAR_RANGE:
                continue
            if not ship.has("Advanced Radar") and near_land(battle, target.pos, RADAR_LAND):
                continue
            keep.append(t)
        st.radar_tracks[name] = keep
    assert st.initiative is not None
    for side in (st.initiative, 1 - st.initiative):
        for ship in st.afloat(side):
            pool = radar_candidates(battle, ship)
            if not pool:
                continue
            names = [e.name for e in pool]
            pick = captains[side].choose_radar_target(battle, ship, names)
            if pick is None:
                continue
            if pick not in names:
                raise IllegalOrder(R_RADAR, f"{ship.name} may pick only {', '.join(names)}")
            bonus = 1 if ship.has("Advanced Radar") else 0
            if radar_check_fails(battle, ship):
                continue
            if crew_check(battle, ship, f"radar detection of {pick}", bonus):
                st.radar_tracks.setdefault(ship.name, []).append(pick)
                battle.log.emit(ev.RadarContact, ship=ship.name, side=battle.side_name(side), target=pick)


