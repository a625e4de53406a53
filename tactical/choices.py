"""Choices: the legal answers to the engine's questions of a ship's captain, with their odds, for a human
:class:`~tactical.captain.Captain` (issue #16): its Order (000 "Orders", "Crew Quality Checks"), its move (000
"Movement Phase: Moving Ships"), its fire (000 "Gunnery Phase", "Nominate Targets", "Firing", "Damage") and its
damage control (000 "Damage Control"), and its AA fire (000 "Shooting Down Aircraft", :func:`aa_choices`).

Pure functions of a :class:`~tactical.state.Battle` and a :class:`~tactical.state.ShipState`: nothing is rolled
and nothing changes.  Every rule is the engine's own: the checks (:func:`~tactical.orders.legal_orders`,
:func:`~tactical.movement.verify_move`, :func:`~tactical.gunnery.verify_fire_plan`,
:func:`~tactical.gunnery.legal_targets` ...) and the numbers (:func:`~tactical.orders.crew_check_target`,
:func:`~tactical.gunnery.to_hit`, :func:`~tactical.damage.damage_profile`, :func:`~tactical.criticals.repair_bonus`).

The move grammar of :func:`parse_move` (:data:`MOVE_GRAMMAR`), distances in inches, turns in degrees::

    ahead 6                      straight ahead 6" (a trailing " or in is allowed: ahead 6", ahead 6in)
    ahead 2, port 45, ahead 4    2" ahead, turn 45 degrees to port, 4" ahead
    port 45 at 2, ahead 4        the same: the turn after 2" straight
    starboard 90 at 3            3" ahead, then turn 90 degrees to starboard (Come About!)
    full | flank                 straight ahead at the ship's Flank Speed now (max_move)
    half | least                 straight ahead at half of it (at least the least move) | the least move
    stop                         no move at all (a ship that cannot move)
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass
from fractions import Fraction

from scenarios.cards import Arc, WeaponKind
from scenarios.errors import InvalidOrder
from tactical.aa import (
    R_AA,
    aa_allowed,
    aa_can_hit_boat,
    aa_hits_needed,
    aa_kill_chance,
    aa_score,
    aa_targets,
    dp_dice,
    local_dice,
)
from tactical.attack_dice import hit_chance
from tactical.criticals import damage_control_refusal, repair_bonus, repairable
from tactical.damage import damage_profile
from tactical.geometry import EPS, Point, arcs_of, distance, in_side_arc, range_band
from tactical.gunnery import (
    ToHit,
    legal_boat_targets,
    legal_targets,
    max_dice,
    side_arc_dice_limit,
    to_hit,
    usable_now,
    verify_fire_plan,
)
from tactical.movement import (
    forced_plan,
    max_move,
    max_turns,
    min_move,
    path,
    straight_run,
    turn_limit,
    verify_move,
)
from tactical.mtb import boat_hit_options, boat_modifiers
from tactical.orders import (
    AUTOMATIC,
    R_ORDERS,
    IllegalOrder,
    OrderName,
    all_hands,
    coming_about,
    crew_check_target,
    legal_orders,
)
from tactical.plans import FirePlan, Leg, MovePlan, Shot
from tactical.state import Area, Battle, MTBState, ShipState
from tactical.variants import belt_rerolls, civilian_torpedo_factor

R_DC = "000 Damage Control"


def d6_chance(needs: int) -> Fraction:
    """The chance that one D6 scores ``needs`` or more (1 or less: certain; 7 or more: impossible)."""
    return Fraction(min(max(7 - needs, 0), 6), 6)


# --------------------------------------------------------------------------- Orders


ORDER_EFFECTS: dict[OrderName | None, str] = {
    None: f"{R_ORDERS}: no Order; the ship moves and fires as normal",
    OrderName.ALL_HANDS: (
        "000 The Orders (All Hands on Deck!): damage control on every critical area in the End Phase, +1 to its "
        "rolls; -1 to every Attack Die the ship rolls this turn"
    ),
    OrderName.COME_ABOUT: "000 Come About!: one turn of up to 90 degrees in this move, and no other turn",
    OrderName.CREATE_SMOKE: (
        '000 The Orders (Create Smoke!): a smoke counter on the path for every full 3" moved; no line of fire '
        "passes through smoke until the End Phase (R-TAC-12)"
    ),
    OrderName.EVADE: (
        "000 Evade!: Flank Speed halved (rounding up), -1 to the ship's own Attack Dice and no Torpedoes; every "
        "enemy hit on it is rolled again this turn"
    ),
    OrderName.FLOOD_MAGAZINES: (
        "000 The Orders (Flood Magazines!): at once, Crew cut to 1 and Engine and Weapons to 3 at most; one random "
        "Main Gun out of action for good (no turrets: Light Guns halved)"
    ),
    OrderName.SCRAMBLE: "000 Scramble!: the carrier may launch or recover two Flights this turn",
    OrderName.SILENT_RUNNING: (
        "000 Rig for Silent Running!: -1 to detect the submarine this turn; it moves at most half its Flank Speed, "
        "makes no turn and no attack"
    ),
    OrderName.FLANK_SPEED: "001 Flank Speed! (option): +1\" to the ship's move this turn",
}
"""One line per Order: what it does, with its rule (000 The Orders; 001 for the option)."""


@dataclass(frozen=True)
class OrderChoice:
    """One answer to "which Order?": ``order`` (``None``: no Order), whether it is ``automatic``, the D6 score its
    crew quality check ``needs`` (``None`` when automatic or no Order), the exact ``chance`` it succeeds (1 when
    automatic, 0 when impossible, ``None`` for no Order) and its ``effect``."""

    order: OrderName | None
    automatic: bool
    needs: int | None
    chance: Fraction | None
    effect: str


def order_choices(battle: Battle, ship: ShipState) -> list[OrderChoice]:
    """The "no Order" choice, then every Order ``ship`` may attempt now (:func:`~tactical.orders.legal_orders`)
    with its crew quality check (000 Crew Quality Checks: D6 + modifiers, 4+;
    :func:`~tactical.orders.crew_check_target`)."""
    out = [OrderChoice(None, False, None, None, ORDER_EFFECTS[None])]
    for order in legal_orders(ship, battle):
        if order in AUTOMATIC:
            out.append(OrderChoice(order, True, None, Fraction(1), ORDER_EFFECTS[order]))
        else:
            needs = crew_check_target(battle, ship)
            out.append(OrderChoice(order, False, needs, d6_chance(needs), ORDER_EFFECTS[order]))
    return out


# --------------------------------------------------------------------------- movement

MOVE_GRAMMAR = (
    'a move is "ahead D" legs and "port A" / "starboard A" turns separated by commas, D in inches (ahead 6, '
    'ahead 6", ahead 6in), A in degrees; "port A at D" turns after D" straight; or one word: full (or flank), '
    "half, least, stop.  Examples: ahead 6 | ahead 2, port 45, ahead 4 | port 45 at 2, ahead 4 | "
    "starboard 90 at 3 | full"
)
"""The grammar of :func:`parse_move`, as its errors quote it."""

_NUM = r"(\d+(?:\.\d*)?(?:e[-+]?\d+)?|\.\d+(?:e[-+]?\d+)?)"
_AHEAD = re.compile(rf"(?:ahead|forward)\s*{_NUM}\s*(?:\"|in|inch|inches)?")
_TURN = re.compile(rf"(port|starboard)\s*{_NUM}\s*(?:°|deg|degrees)?(?:\s+at\s*{_NUM}\s*(?:\"|in|inch|inches)?)?")
_WORDS = ("full", "flank", "half", "least", "stop")


def _bad(text: str, why: str) -> InvalidOrder:
    return InvalidOrder(f"cannot read the move {text!r}: {why}; {MOVE_GRAMMAR}")


def _number(text: str, token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise _bad(text, f"{token} is not a number")
    return value


def read_move(text: str, ship: ShipState, battle: Battle | None = None) -> MovePlan:
    """The :class:`~tactical.plans.MovePlan` ``text`` writes (:data:`MOVE_GRAMMAR`), not yet checked against the
    rules.  ``full``, ``half`` and ``least`` are the straight move at :func:`~tactical.movement.max_move`, half of
    it (at least :func:`~tactical.movement.min_move`) and the least move; a ship with a jammed rudder makes its
    forced move of that length (:func:`~tactical.movement.forced_plan`).  Raises
    :class:`~scenarios.errors.InvalidOrder` when ``text`` cannot be read."""
    words = text.strip().lower()
    if not words:
        raise _bad(text, "it is empty")
    if words in _WORDS:
        if words == "stop":
            return MovePlan(())
        top, least = max_move(ship, battle), min_move(ship, battle)
        inches = top if words in ("full", "flank") else least if words == "least" else max(top / 2, least)
        return forced_plan(ship, inches, battle)
    legs: list[Leg] = []
    pending: float | None = None
    for part in (p.strip() for p in words.split(",")):
        if not part:
            raise _bad(text, "a part between commas is empty")
        if part in _WORDS:
            raise _bad(text, f'"{part}" stands alone, as the whole move')
        ahead = _AHEAD.fullmatch(part)
        turn = _TURN.fullmatch(part)
        if ahead is not None:
            legs.append(Leg(pending if pending is not None else 0.0, _number(text, ahead.group(1))))
            pending = None
        elif turn is not None:
            if pending is not None:
                legs.append(Leg(pending, 0.0))
            if turn.group(3) is not None:
                legs.append(Leg(0.0, _number(text, turn.group(3))))
            degrees = _number(text, turn.group(2))
            pending = -degrees if turn.group(1) == "port" else degrees
        else:
            raise _bad(text, f'"{part}" is neither "ahead D" nor "port A" / "starboard A"')
    if pending is not None:
        legs.append(Leg(pending, 0.0))
    return MovePlan(tuple(legs))


def parse_move(text: str, ship: ShipState, battle: Battle | None = None) -> MovePlan:
    """The move ``text`` writes (:func:`read_move`), checked by :func:`~tactical.movement.verify_move`: raises
    :class:`~scenarios.errors.InvalidOrder` (its grammar) or :class:`~tactical.orders.IllegalOrder` (naming the
    rule the move breaks)."""
    plan = read_move(text, ship, battle)
    verify_move(ship, plan, battle)
    return plan


def _fmt(x: float) -> str:
    """The shortest text that reads back as ``x`` (``6``, ``2.5``, ``1e-07``)."""
    if x == 0:
        return "0"
    s = repr(float(x))
    return s[:-2] if s.endswith(".0") else s


def describe_move(plan: MovePlan) -> str:
    """The canonical text of ``plan`` (``stop`` for no legs): ``parse_move(describe_move(p)) == p`` for any plan
    of finite, non-negative distances."""
    if not plan.legs:
        return "stop"
    parts: list[str] = []
    legs = plan.legs
    for i, leg in enumerate(legs):
        if leg.turn != 0:
            parts.append(f"{'port' if leg.turn < 0 else 'starboard'} {_fmt(abs(leg.turn))}")
            following_turns = i + 1 == len(legs) or legs[i + 1].turn != 0
            if leg.distance == 0 and following_turns:
                continue
        parts.append(f"ahead {_fmt(leg.distance)}")
    return ", ".join(parts)


@dataclass(frozen=True)
class MoveChoice:
    """One legal move: a ``label`` for the menu, the ``plan``, where its path ends (``end``, ``heading``, from
    :func:`~tactical.movement.path`), whether the path crosses the table edge (``off_table``: the ship leaves the
    table there, 000 Tactical Withdrawals) and its canonical ``text`` (:func:`describe_move`).  The end is before
    the no-stacking shift (R-TAC-07) and running aground (000 Land)."""

    label: str
    plan: MovePlan
    end: Point
    heading: float
    off_table: bool
    text: str


def _side(sign: float) -> str:
    return "port" if sign < 0 else "starboard"


def _inches(x: float) -> str:
    return f'{x:.3g}"' if abs(x - round(x)) > 1e-9 else f'{round(x)}"'


def _candidates(battle: Battle, ship: ShipState) -> list[tuple[str, MovePlan]]:
    top, least = max_move(ship, battle), min_move(ship, battle)
    if top <= EPS:
        return [("stay (no move possible)", MovePlan(()))]
    half = max(top / 2, least)
    speeds = [("full", top), ("half", half), ("least", least)]
    if ship.rudder_jam in ("left", "right"):
        return [
            (f"{word} {_inches(s)}, rudder jammed {ship.rudder_jam} (000 Vital Systems)", forced_plan(ship, s, battle))
            for word, s in speeds
        ]
    out = [(f"{word} ahead {_inches(s)}", MovePlan.straight(s)) for word, s in speeds]
    if max_turns(ship) == 0:
        return out
    run = straight_run(ship, battle)
    sharp = turn_limit(ship)
    what = "Come About! " if coming_about(ship) else ""
    two_turns = max_turns(ship) is None
    for sign in (-1.0, 1.0):
        side = _side(sign)
        for word, s in (("full", top), ("half", half)):
            if s >= run - 1e-9:
                out.append(
                    (
                        f"{what}{side} {sharp:g}° after {_inches(run)}, then ahead {_inches(s - run)} ({word})",
                        MovePlan((Leg(0.0, run), Leg(sign * sharp, max(s - run, 0.0)))),
                    )
                )
        if top / 2 >= run - 1e-9:
            out.append(
                (
                    f"{what}{side} {sharp:g}° at mid-move ({_inches(top / 2)}), then ahead {_inches(top / 2)}",
                    MovePlan((Leg(0.0, top / 2), Leg(sign * sharp, top / 2))),
                )
            )
        out.append(
            (
                f"{what}ahead {_inches(top)}, then {side} {sharp:g}° at the end",
                MovePlan((Leg(0.0, top), Leg(sign * sharp, 0.0))),
            )
        )
        if two_turns and top >= 2 * run - 1e-9:
            out.append(
                (
                    f"two turns to {side}, {sharp:g}° after {_inches(run)} each, then ahead {_inches(top - 2 * run)}",
                    MovePlan((Leg(0.0, run), Leg(sign * sharp, run), Leg(sign * sharp, max(top - 2 * run, 0.0)))),
                )
            )
    return out


def _off_table(battle: Battle, points: list[tuple[Point, float]]) -> bool:
    table = battle.state.table
    return any(table.exit_point(a, b) is not None for (a, _), (b, _) in itertools.pairwise(points))


def move_choices(battle: Battle, ship: ShipState) -> list[MoveChoice]:
    """A menu of legal moves for ``ship`` now (after its Order): straight at full, half and least speed; the
    sharpest legal turn (:func:`~tactical.movement.turn_limit`: 45 degrees, 90 on Come About!) to port and to
    starboard after the least straight run (:func:`~tactical.movement.straight_run`) then ahead the rest, at full
    and half speed; that turn at mid-move and at the end of the move; two turns the same way when the ship may turn
    more than once (:func:`~tactical.movement.max_turns`); a jammed rudder's forced moves
    (:func:`~tactical.movement.forced_plan`).  Every choice passes :func:`~tactical.movement.verify_move` (000
    Moving Ships); two with the same end position and heading are one.  Empty when the ship cannot move now."""
    if not ship.on_table or ship.has_moved or ship.pos is None:
        return []
    out: list[MoveChoice] = []
    seen: set[tuple[float, float, float]] = set()
    for label, plan in _candidates(battle, ship):
        try:
            verify_move(ship, plan, battle)
        except IllegalOrder:
            continue
        points = path(ship, plan)
        end, heading = points[-1]
        key = (round(end[0], 3), round(end[1], 3), round(heading % 360.0, 1) % 360.0)
        if key in seen:
            continue
        seen.add(key)
        out.append(MoveChoice(label, plan, end, heading, _off_table(battle, points), describe_move(plan)))
    return out


# --------------------------------------------------------------------------- gunnery


@dataclass(frozen=True)
class TargetChoice:
    """One legal target of a weapon system, from where both stand now.

    ``range`` (inches, bridge to bridge), ``band`` (000 Weapon Systems: "point blank", "short", "long",
    "extreme"; "... (beyond the horizon)" past 30"), ``needs`` (the D6 face each die needs after every Attack Dice
    modifier the engine applies, listed in ``modifiers``; a natural 6 beyond the horizon; 1 or less: every die hits,
    7 or more: none), ``dice`` (the Attack Dice :func:`fire_plan_of` nominates: all of them, at most half into the
    side arcs for a Restricted weapon), ``chance`` (exact, of one die rolled), ``expected_hits`` and
    ``expected_damage`` (see :func:`fire_choices`), ``arc`` (the firing ship's arcs of the weapon that hold the
    target, e.g. "fore" or "fore/starboard"), ``boat``: an MTB Section."""

    name: str
    range: float
    band: str
    needs: int
    expected_hits: float
    expected_damage: float
    arc: str
    dice: int
    chance: Fraction
    modifiers: tuple[tuple[str, int], ...]
    boat: bool = False


@dataclass(frozen=True)
class WeaponChoice:
    """One weapon system of the card (``index`` as on the card, ``name``): why it cannot fire now (``refusal``,
    the rule's text of :func:`~tactical.gunnery.usable_now`, else ``None``), its ``max_dice``
    (:func:`~tactical.gunnery.max_dice`) and its legal ``targets``."""

    index: int
    name: str
    refusal: str | None
    max_dice: int
    targets: tuple[TargetChoice, ...]


def _arc_text(ship: ShipState, index: int, target: Point) -> str:
    assert ship.pos is not None
    arcs = arcs_of(ship.pos, ship.heading, target) & ship.card.weapons[index].arc_set
    return "/".join(a.value for a in Arc if a in arcs)


def _nominated(ship: ShipState, index: int, target: Point | None) -> int:
    """All the dice of system ``index``, at most the Restricted limit into the side arcs (000 Restricted)."""
    dice = max_dice(ship, index)
    limit = side_arc_dice_limit(ship, index)
    side = target is not None and ship.pos is not None and in_side_arc(ship.pos, ship.heading, target)
    if limit is not None and side:
        dice = min(dice, limit)
    return dice


def _ship_target(battle: Battle, ship: ShipState, index: int, target: ShipState) -> TargetChoice | None:
    assert target.pos is not None
    weapon = ship.card.weapons[index]
    attack: ToHit | None = to_hit(battle, ship, index, target)
    if attack is None or attack.line.band is None:
        return None
    nominated = _nominated(ship, index, target.pos)
    rolled = attack.dice(nominated)
    per_die = attack.chance
    if belt_rerolls(battle, weapon, target, attack.line):
        # 001 Torpedo Belts (option): each hit rolls a D6, on 4+ its Attack Die is rolled again (no re-rolls)
        per_die *= Fraction(1, 2) + Fraction(1, 2) * hit_chance(attack.modifier)
    hits = rolled * per_die
    damage = Fraction(0)
    if weapon.dd > 0 and target.hittable:
        profile = damage_profile(battle, weapon, target, attack.line.band, attack.line.side_arc)
        per_damage_die = Fraction(sum(profile.outcome(face).damage for face in range(1, 7)), 6)
        damage = hits * weapon.dd * per_damage_die * civilian_torpedo_factor(battle, weapon, target)
    band = attack.line.band.label + (" (beyond the horizon)" if attack.beyond_horizon else "")
    return TargetChoice(
        name=target.name,
        range=attack.line.distance,
        band=band,
        needs=attack.score,
        expected_hits=float(hits),
        expected_damage=float(damage),
        arc=_arc_text(ship, index, target.pos),
        dice=nominated,
        chance=per_die,
        modifiers=attack.modifiers,
    )


def _boat_target(battle: Battle, ship: ShipState, index: int, boat: MTBState) -> TargetChoice:
    assert ship.pos is not None and boat.pos is not None
    weapon = ship.card.weapons[index]
    mods = boat_modifiers(battle, ship, weapon, boat)
    modifier = sum(v for _, v in mods)
    twin, screened = boat_hit_options(battle, weapon, boat)
    per_die = hit_chance(modifier, twin_linked=twin, target_evading=screened)
    nominated = _nominated(ship, index, boat.pos)
    hits = nominated * per_die
    # 000 MTB Sections: Armour: a Damage Die (no AP) above the Armour destroys the Section (a natural 1 never does)
    beats = Fraction(sum(1 for face in range(2, 7) if face > boat.card.armour), 6)
    d = distance(ship.pos, boat.pos)
    band = range_band(weapon.ranges, d)
    return TargetChoice(
        name=boat.name,
        range=d,
        band=band.label if band is not None else "out of range",
        needs=4 - modifier,
        expected_hits=float(hits),
        expected_damage=float(hits * max(weapon.dd, 1) * beats),
        arc=_arc_text(ship, index, boat.pos),
        dice=nominated,
        chance=per_die,
        modifiers=tuple(mods),
        boat=True,
    )


def has_target(battle: Battle, ship: ShipState) -> bool:
    """Whether any weapon system of ``ship`` may fire at anything now (a legal ship or MTB Section target):
    :func:`fire_choices` without its odds."""
    if not ship.on_table or ship.has_fired or ship.pos is None:
        return False
    for index, weapon in enumerate(ship.card.weapons):
        if usable_now(battle, ship, index) is not None:
            continue
        if legal_targets(battle, ship, index):
            return True
        if weapon.kind is WeaponKind.LIGHT_GUN and legal_boat_targets(battle, ship, index):
            return True
    return False


def fire_choices(battle: Battle, ship: ShipState) -> list[WeaponChoice]:
    """Every weapon system of ``ship``'s card with what it may do now (000 Gunnery Phase, Nominate Targets): its
    refusal, its dice and every legal target (:func:`~tactical.gunnery.legal_targets`, and the MTB Sections of
    :func:`~tactical.gunnery.legal_boat_targets`).  Empty when the ship is off the table or has fired.

    What the odds include: the to-hit roll exactly as :func:`~tactical.gunnery.fire` makes it
    (:func:`~tactical.gunnery.to_hit`: every Attack Dice modifier, the Twin-Linked and Evade! re-rolls, half the
    dice and a natural 6 beyond the horizon) and the 001 Torpedo Belts re-roll (option); no natural result is
    automatic (R-TAC-14), so nothing more happens on a 6 to hit.  ``expected_hits`` = dice rolled x the chance of
    one die.  ``expected_damage`` = expected hits x Damage Dice x the mean damage of one Damage Die
    (:func:`~tactical.damage.damage_profile`: AP, plunging fire, Torpedo Belt against the Armour, Heavy,
    Devastating, natural 1s; the 001 and 003 options; torpedoes doubled on civilian ships, 001 option); it leaves
    out the hull damage of the critical hits (the 6s re-rolled) and 003 Fog of War (option: a redirection rolled
    when firing).  Against an MTB Section, ``expected_damage`` is the expected number of Damage Dice that beat its
    Armour (any one destroys it, 000 MTB Sections: Armour)."""
    if not ship.on_table or ship.has_fired or ship.pos is None:
        return []
    out = []
    for index, weapon in enumerate(ship.card.weapons):
        refusal = usable_now(battle, ship, index)
        targets: list[TargetChoice] = []
        if refusal is None:
            for target in legal_targets(battle, ship, index):
                choice = _ship_target(battle, ship, index, target)
                if choice is not None:
                    targets.append(choice)
            if weapon.kind is WeaponKind.LIGHT_GUN:
                targets.extend(_boat_target(battle, ship, index, b) for b in legal_boat_targets(battle, ship, index))
        out.append(WeaponChoice(index, weapon.name, refusal, max_dice(ship, index), tuple(targets)))
    return out


def fire_plan_of(choices: dict[int, str], ship: ShipState, battle: Battle) -> FirePlan:
    """The :class:`~tactical.plans.FirePlan` firing all the dice of each chosen weapon system (index on the card:
    target name) at its target (at most half into the side arcs for a Restricted weapon), checked by
    :func:`~tactical.gunnery.verify_fire_plan` (raises :class:`~tactical.orders.IllegalOrder` naming the rule)."""
    shots = []
    for index, name in sorted(choices.items()):
        dice = 1
        if 0 <= index < len(ship.card.weapons):
            target = battle.state.ships.get(name) or battle.state.mtbs.get(name)
            dice = max(_nominated(ship, index, target.pos if target is not None else None), 1)
        shots.append(Shot(index, name, dice))
    plan = FirePlan(tuple(shots))
    verify_fire_plan(battle, ship, plan)
    return plan


# --------------------------------------------------------------------------- damage control


@dataclass(frozen=True)
class RepairChoice:
    """One answer to "which area does damage control repair?" (000 Damage Control: a D6, each point above 4
    lowers the Critical Score by 1): ``area`` (``None``: no repair), its ``score`` now, the D6 face ``needs`` to
    lower it at all, the exact ``chance`` of that, the ``expected`` points it comes down, and the ``effect``."""

    area: Area | None
    score: int | None
    needs: int | None
    chance: Fraction | None
    expected: Fraction | None
    effect: str


def damage_control_choices(battle: Battle, ship: ShipState) -> list[RepairChoice]:
    """The "no repair" choice, then every area ``ship`` may repair in this End Phase (000 Damage Control: a score
    of 1 to 5, :func:`~tactical.criticals.repairable`), with the roll's bonus of
    :func:`~tactical.criticals.repair_bonus`.  Empty when the engine asks nothing: a ship that cannot repair
    (:func:`~tactical.criticals.damage_control_refusal`: Fire in Engineering) or one on All Hands on Deck!, which
    repairs every area by itself.  With the 003 2D6 critical hits (option) damage control only fights fires: one
    choice (any area named does it) while the ship burns."""
    if damage_control_refusal(ship) is not None or all_hands(ship):
        return []
    bonus = repair_bonus(battle, ship)
    needs = 5 - bonus
    out = [RepairChoice(None, None, None, None, None, f"{R_DC}: no repair this turn")]
    if battle.state.options.criticals_2d6:
        fires = battle.state.fires.get(ship.name, 0)
        if fires:
            expected = Fraction(sum(min(max(f + bonus - 4, 0), fires) for f in range(1, 7)), 6)
            out.append(
                RepairChoice(
                    Area.ENGINE,
                    fires,
                    needs,
                    d6_chance(needs),
                    expected,
                    f"003 Critical Hits (option): damage control fights the {fires} fire(s), one out per point above 4",
                )
            )
        return out
    for area in Area:
        if not repairable(ship, area):
            continue
        score = ship.criticals[area]
        expected = Fraction(sum(min(max(f + bonus - 4, 0), score) for f in range(1, 7)), 6)
        out.append(
            RepairChoice(
                area,
                score,
                needs,
                d6_chance(needs),
                expected,
                f"{R_DC}: repair the {area.value} area (score {score}), 1 off per point above 4 on a D6"
                + (f" (+{bonus})" if bonus else ""),
            )
        )
    return out


# --------------------------------------------------------------------------- AA fire


@dataclass(frozen=True)
class AATargetChoice:
    """One legal target of an AA system: an enemy Flight (``needs``: the natural roll each die needs,
    :func:`~tactical.aa.aa_score`; ``hits_needed``: 1, Tough 2, Very Tough 3; ``chance``: exact, of shooting it
    down with the system's dice) or an MTB Section (``boat``: 4+ with the Attack Dice modifiers, R-TAC-41, each
    hit one Damage Die against its Armour; ``chance``: of one hit at least).  ``distance`` in inches."""

    name: str
    what: str
    distance: float
    needs: int
    hits_needed: int
    chance: float
    boat: bool = False


@dataclass(frozen=True)
class AAChoice:
    """One AA fire of ``ship``: weapon system ``index`` (``name``), its ``local`` dice or its ranged ones, the
    ``dice`` it fires (all of them, as the AI does: an AA Battery's Attack Dice or Local X, half a DP Light Gun's),
    its legal ``targets`` and why it cannot fire (``refusal``) when it has none."""

    index: int
    name: str
    local: bool
    dice: int
    targets: tuple[AATargetChoice, ...]
    refusal: str | None = None


def _aa_modes(ship: ShipState, index: int) -> list[tuple[bool, int]]:
    """(local, dice) of each AA fire of system ``index``: an AA Battery's Local X then its Attack Dice (the AI's
    order), a DP Light Gun's half Attack Dice (000 DP)."""
    weapon = ship.card.weapons[index]
    if weapon.kind is WeaponKind.AA_BATTERY:
        return [(True, local_dice(ship, index)), (False, ship.weapon_ad(index))]
    if weapon.kind is WeaponKind.LIGHT_GUN and weapon.has("DP"):
        return [(False, dp_dice(ship, index))]
    return []


def _aa_targets(battle: Battle, ship: ShipState, index: int, local: bool, dice: int) -> tuple[AATargetChoice, ...]:
    assert ship.pos is not None
    out = []
    for f in aa_targets(battle, ship, index, local=local):
        assert f.pos is not None
        needs, hits = aa_score(battle, ship, f, local=local), aa_hits_needed(f)
        role = f.card.role.value.replace("_", "-").title()
        out.append(AATargetChoice(f.name, f"{f.card.name} ({role})", distance(ship.pos, f.pos), needs,
                                  hits, aa_kill_chance(dice, needs, hits)))
    weapon = ship.card.weapons[index]
    for b in battle.state.boats(1 - ship.side):
        if b.pos is None or aa_can_hit_boat(battle, ship, index, b, local=local) is not None:
            continue
        mods = [("point blank range", 1)] + ([("kamikaze boat", 1)] if b.kamikaze else []) if local else \
            boat_modifiers(battle, ship, weapon, b)
        needs = 4 - sum(v for _, v in mods)
        out.append(AATargetChoice(b.name, f"MTB Section {b.card.name}", distance(ship.pos, b.pos), needs, 1,
                                  aa_kill_chance(dice, needs, 1), boat=True))
    return tuple(out)


def aa_choices(battle: Battle, ship: ShipState) -> list[AAChoice]:
    """The AA fires ``ship`` may make now (000 Shooting Down Aircraft, Local X, DP), each with its legal targets
    (:func:`~tactical.aa.aa_targets`, :func:`~tactical.aa.aa_can_hit_boat`); a plan of them is checked by
    :func:`~tactical.aa.verify_aa_plan`."""
    out: list[AAChoice] = []
    if ship.pos is None:
        return out
    for i, weapon in enumerate(ship.card.weapons):
        for local, dice in _aa_modes(ship, i):
            if dice <= 0:
                continue
            name = weapon.name + (" (Local)" if local else "")
            refusal = None if aa_allowed(battle, ship) and ship.weapons[i].usable else \
                f"{R_AA}: {ship.name} cannot use its AA now"
            targets = () if refusal else _aa_targets(battle, ship, i, local, dice)
            if refusal is None and not targets:
                refusal = "no enemy Flight in contact" if local else "no enemy Flight in reach"
            out.append(AAChoice(i, name, local, dice, targets, refusal))
    return out


__all__ = [
    "MOVE_GRAMMAR",
    "ORDER_EFFECTS",
    "AAChoice",
    "AATargetChoice",
    "MoveChoice",
    "OrderChoice",
    "RepairChoice",
    "TargetChoice",
    "WeaponChoice",
    "aa_choices",
    "d6_chance",
    "damage_control_choices",
    "describe_move",
    "fire_choices",
    "fire_plan_of",
    "has_target",
    "move_choices",
    "order_choices",
    "parse_move",
    "read_move",
]
