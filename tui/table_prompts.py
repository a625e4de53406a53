"""What the command screen shows for one question of the tactical engine (issue #16): a :class:`Prompt`.

A prompt is built on the battle's thread while the battle waits for the answer (:func:`prompt_for`): the side's
view of the battle (:func:`tactical.observe_battle`: a hidden submarine or an unrevealed scout is not in it), the
table as the battle viewer draws it, the card of the ship asked about, the AI's answer with a line saying what it
is, and the legal answers as a menu (:class:`Choice`), with their numbers from :mod:`tactical.choices`: the crew
check of each Order, the end of each move (drawn on the table as a ghost), the to-hit score and expected damage of
each target.  Gunnery is an allocation: one :class:`Slot` a weapon system, each set to a target or held, combined
into one fire plan.  Each prompt also reads a typed answer (:attr:`Prompt.read`: ``ahead 2, port 45, ahead 4``;
``0 > Bismarck, 2 > hold``; a ship's name; or the answer as JSON for the questions without a menu of their own).

Every answer a prompt gives is legal: menu answers are the engine's own legal answers, typed and allocated ones
are checked by the engine's verifiers (a refusal names the rule, :class:`~scenarios.errors.RulesError`).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pydantic import TypeAdapter

from scenarios.errors import IllegalOrder, InvalidOrder, RulesError
from tactical import (
    AIR_ROLL_TO_HIT,
    AAShot,
    BattleView,
    DeploymentZone,
    Depth,
    Edge,
    TacticalQuestion,
    aa_choices,
    arcs_of,
    battle_events,
    boat_attack_moves,
    can_scout,
    damage_control_choices,
    deck_refusal,
    decode_tactical,
    describe_move,
    encode_tactical,
    engage_moves,
    escort_move,
    fire_choices,
    fire_plan_of,
    free_observation_flights,
    has_target,
    home_move,
    known_battle,
    launch_refusal,
    move_choices,
    observe_battle,
    order_choices,
    parse_move,
    scouting_refusal,
    strike_moves,
    target_refusal,
    verify_aa_plan,
    verify_boat_plan,
    verify_flight_plan,
)
from tui.battle_viewer import BoatMark, Scene, Track, ship_letter
from tui.battle_viewer import FlightView as DrawnFlight
from tui.battle_viewer import ShipView as DrawnShip

TITLES = {
    "choose_scouts": "the ships and Observation Flights sent scouting",
    "deploy": "where the fleet deploys",
    "choose_mover": "which ship moves next",
    "choose_order": "the Order of {ship}",
    "plan_move": "the move of {ship}",
    "return_point": "where the scout {ship} comes back onto the table",
    "choose_firer": "which ship fires next",
    "plan_fire": "the targets of {ship}",
    "damage_control": "what the damage control parties of {ship} repair",
    "deploy_flights": "the Flights in the air at the start",
    "deep_deploy": "the carriers in deep deployment",
    "choose_launch": "the Flights {ship} launches",
    "aircraft_first": "whether your aircraft move first",
    "plan_flights": "the moves of your Flights",
    "plan_aa": "the AA fire of {ship}",
    "order_air_attacks": "the order your Flights attack in",
    "deploy_boats": "where your MTB Sections start",
    "boats_first": "whether your MTB Sections move first",
    "plan_boats": "the moves of your MTB Sections",
    "place_submarine": "where the submarine {ship} is placed",
    "assign_sub_hunters": "the submarines your Observation Flights hunt",
    "choose_depth": "the depth of {ship}",
    "surface_hidden": "whether the hidden submarine {ship} comes onto the table",
    "crash_dive": "whether {ship} crash dives",
    "escape": "whether {ship} tries to escape",
    "fire_first": "whether you fire first at night",
    "choose_searchlight": "which enemy ship {ship} lights with its searchlight",
    "choose_radar_target": "which enemy ship the radar of {ship} tries to detect",
}
"""What each question decides, in the player's words."""

RULES = {
    "choose_scouts": "000 War at Sea: Scouting",
    "deploy": "000 War at Sea: Deployment",
    "choose_mover": "000 Movement Phase (ships move alternately, the Initiative winner choosing when)",
    "choose_order": "000 Orders; 000 Crew Quality Checks",
    "plan_move": "000 Movement Phase: Moving Ships",
    "return_point": "000 War at Sea: Scouting",
    "choose_firer": "000 Gunnery Phase (ships fire alternately)",
    "plan_fire": "000 Gunnery Phase: Nominate Targets",
    "damage_control": "000 Damage Control",
    "deploy_flights": "000 Aircraft: Deployment",
    "deep_deploy": "000 Carriers: Deep Deployment",
    "choose_launch": "000 Launching and Recovering Aircraft",
    "aircraft_first": "000 Aircraft: Movement Phase",
    "plan_flights": "000 Aircraft: Movement Phase",
    "plan_aa": "000 Shooting Down Aircraft",
    "order_air_attacks": "000 Aircraft: Attack",
    "deploy_boats": "000 Motor Torpedo Boats: Deployment",
    "boats_first": "000 Motor Torpedo Boats: Movement Phase",
    "plan_boats": "000 Motor Torpedo Boats: Movement Phase",
    "place_submarine": "000 Submarines: Deployment",
    "assign_sub_hunters": "000 Submarines: Detection",
    "choose_depth": "000 Submarines: Depth",
    "surface_hidden": "000 Submarines: Deployment",
    "crash_dive": "000 Submarines: Crash Dive",
    "escape": "000 Submarines: Escape",
    "fire_first": "000 Night Battles",
    "choose_searchlight": "001 Night Fighting (option): Searchlights",
    "choose_radar_target": "000 Radar",
}

YES_NO = ("aircraft_first", "boats_first", "crash_dive", "escape", "fire_first")
HOLD = "hold"


@dataclass
class Choice:
    """One legal answer: its menu ``label``, the ``answer`` (as the captain returns it), a ``detail`` shown while
    it is highlighted, the ``ghosts`` (position, heading) drawn for it (where a move ends, where ships deploy) and
    whether it is the AI's answer."""

    label: str
    answer: Any
    detail: str = ""
    ghosts: tuple[tuple[Any, ...], ...] = ()  # (position, heading) or (position, heading, letter)
    ai: bool = False


@dataclass
class Slot:
    """One line of an allocation (a weapon system): ``options`` (label, value, detail), the one chosen at
    ``index`` (0: hold fire) and a ``refusal`` when the system cannot fire now."""

    label: str
    options: list[tuple[str, Any, str]]
    index: int = 0
    refusal: str | None = None
    ai: int | None = None  # the option of the AI's answer (``a`` sets it)

    @property
    def value(self) -> Any:
        return self.options[self.index][1]

    def step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.options)


@dataclass
class Prompt:
    """Everything the command screen shows for one question (module docstring)."""

    question: TacticalQuestion
    player: str
    side_name: str
    view: BattleView
    scene: Scene
    log: dict[str, Any]
    advice: Any
    advice_text: str
    choices: list[Choice] = field(default_factory=list)
    slots: list[Slot] = field(default_factory=list)
    combine: Callable[[list[Any]], Any] | None = None
    read: Callable[[str], Any] | None = None
    typed_help: str = ""
    card: str = ""
    only: tuple[Any] | None = None  # (the one legal answer,) when the rules leave no choice: given without asking
    only_why: str = "the only legal answer"  # said in the account when ``only`` is given
    exhaustive: bool = True  # the menu holds every legal answer (else more may be typed: never given unasked)
    said: str = ""  # set by ``read``: what the typed answer left unsaid (the weapon systems that hold fire)

    @property
    def title(self) -> str:
        what = TITLES.get(self.question.question, self.question.question).format(ship=self.question.ship or "")
        return what[0].upper() + what[1:]

    @property
    def rule(self) -> str:
        return RULES.get(self.question.question, "000")


# --------------------------------------------------------------------------- building a prompt


def prompt_for(question: TacticalQuestion, battle: Any, advice: Callable[[], Any], player: str) -> Prompt:
    """The prompt for ``question`` of ``battle`` (called on the battle's thread while it waits)."""
    view = observe_battle(battle, question.side)
    scene, log = scene_of(view, battle)
    suggested = advice()
    prompt = Prompt(question, player, view.sides[question.side], view, scene, log, suggested,
                    describe_answer(question.question, suggested), typed_help="the answer as JSON")
    prompt.read = _json_reader(question.question)
    ship = battle.state.ships.get(question.ship) if question.ship else None
    if ship is not None:
        prompt.card = card_text(ship)
    builder = _BUILDERS.get(question.question)
    if builder is not None:
        try:
            builder(prompt, battle, ship)
        except Exception as exc:  # a bug in a menu must not stop the battle: the AI's answer and JSON remain
            _menu_failed(prompt, exc)
    elif question.question in YES_NO:
        prompt.choices = [Choice("Yes", True), Choice("No", False)]
    if not prompt.choices and not prompt.slots:
        prompt.choices = [Choice(f"The AI's answer: {prompt.advice_text}", suggested)]
    else:
        prompt.only = _only_answer(prompt)
    for choice in prompt.choices:
        choice.ai = _same(question.question, choice.answer, suggested)
    return prompt


def _menu_failed(prompt: Prompt, exc: Exception) -> None:
    """The question's menu could not be built (a bug): only the AI's answer is offered, and typing as JSON."""
    prompt.choices, prompt.slots, prompt.combine = [], [], None
    prompt.read, prompt.exhaustive = _json_reader(prompt.question.question), False
    prompt.typed_help = f"the answer as JSON (this question's menu failed: {type(exc).__name__}: {exc})"


def _only_answer(prompt: Prompt) -> tuple[Any] | None:
    """``(answer,)`` when the question has one legal answer (a single menu entry, or every row of an allocation
    with one option or none: a ship with nothing in reach), else ``None``."""
    if not prompt.exhaustive:
        return None
    if prompt.slots:
        if any(len(slot.options) > 1 and slot.refusal is None for slot in prompt.slots) or prompt.combine is None:
            return None
        try:
            return (prompt.combine([slot.value for slot in prompt.slots]),)
        except Exception:  # the engine refuses it: let the player see the question
            return None
    return (prompt.choices[0].answer,) if len(prompt.choices) == 1 else None


def _same(question: str, a: Any, b: Any) -> bool:
    try:
        return bool(encode_tactical(question, a) == encode_tactical(question, b))
    except Exception:  # an answer of another shape is not the AI's
        return False


def _json_reader(question: str) -> Callable[[str], Any]:
    def read(text: str) -> Any:
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidOrder(f"'{text}' is not JSON: {exc.msg}") from None
        return decode_tactical(question, value, "answer")
    return read


def _names(prompt: Prompt, battle: Any, ship: Any) -> None:
    """choose_mover, choose_firer: the candidates, each with where it stands."""
    names = prompt.question.options.get("candidates", [])
    prompt.choices = [Choice(n, n, _where(battle, n)) for n in names]
    prompt.read = _name_reader(names, letters=_unique_letters(prompt))
    prompt.typed_help = "a ship's name (or part of it) or its letter on the table"
    ships = [battle.state.ships[n] for n in names if n in battle.state.ships]
    if len(ships) < len(names):  # the Flights attacking are a candidate too (000 Attacking with Aircraft)
        return
    if prompt.question.question == "choose_mover" and ships and all(s.anchored for s in ships):
        prompt.only_why = "ships at anchor do not move: the order they are nominated in changes nothing (R-SEAT-02)"
    elif prompt.question.question == "choose_firer" and ships and not any(has_target(battle, s) for s in ships):
        prompt.only_why = "no ship has a target: the order they are nominated in changes nothing (R-SEAT-02)"
    else:
        return
    prompt.choices = [Choice(prompt.advice, prompt.advice, _where(battle, prompt.advice))]


def _unique_letters(prompt: Prompt) -> dict[str, str]:
    """Each table letter that names one ship only (past 26 ships a side the letters repeat: those are not read)."""
    names: dict[str, list[str]] = {}
    for name, drawn in prompt.scene.ships.items():
        names.setdefault(drawn.letter, []).append(name)
    return {letter: found[0] for letter, found in names.items() if len(found) == 1}


def _where(battle: Any, name: str) -> str:
    ship = battle.state.ships.get(name)
    if ship is None:
        return ""
    at = f"at ({ship.pos[0]:.0f}, {ship.pos[1]:.0f}) heading {ship.heading:.0f}°" if ship.pos else "off the table"
    return f"{ship.card.name}, Hull {ship.hull}/{ship.hull_start}{', crippled' if ship.crippled else ''}, {at}"


def _name_reader(names: list[str], *, none: bool = False, letters: dict[str, str] | None = None,
                 what: str = "the choices here") -> Callable[[str], Any]:
    """Reads one of ``names``: the whole name, its start, the start of one of its words (``fletch`` for USS
    Fletcher), or the ship's letter on the table (case matters: capitals are the first fleet's); case does not
    matter otherwise."""
    def read(text: str) -> Any:
        wanted = text.strip().lower()
        if none and wanted in ("", "none", "no", HOLD):
            return None
        if letters and text.strip() in letters and letters[text.strip()] in names:
            return letters[text.strip()]
        found = ([n for n in names if n.lower() == wanted] or [n for n in names if n.lower().startswith(wanted)]
                 or [n for n in names if any(w.startswith(wanted) for w in n.lower().split())])
        if len(found) != 1:
            listed = ", ".join(names) or "nothing"
            raise InvalidOrder(f"'{text}' is not one of {what} ({listed})" if not found else
                               f"'{text}' could be {', '.join(found)}: type more of the name")
        return found[0]
    return read


def _orders(prompt: Prompt, battle: Any, ship: Any) -> None:
    choices = []
    for c in order_choices(battle, ship):
        name = "No Order" if c.order is None else c.order.value
        odds = "" if c.order is None else " (automatic)" if c.automatic else \
            f" (crew check {c.needs}+: {percent(c.chance)})"
        choices.append(Choice(name + odds, c.order, c.effect))
    prompt.choices = choices
    labels = {("none" if c.answer is None else c.answer.value): c.answer for c in choices}
    prompt.read = lambda text: _pick(labels, text, "an Order")
    prompt.typed_help = "an Order's name, or none"


def _pick(labels: dict[str, Any], text: str, what: str) -> Any:
    wanted = text.strip().lower().rstrip("!")
    for label, value in labels.items():
        if label.lower().rstrip("!") == wanted or (wanted and label.lower().startswith(wanted)):
            return value
    raise InvalidOrder(f"'{text}' is not {what} here: {', '.join(labels)}")


def _moves(prompt: Prompt, battle: Any, ship: Any) -> None:
    prompt.choices = [Choice(m.label + ("  (leaves the table)" if m.off_table else ""), m.plan,
                             f"{m.text}: ends at ({m.end[0]:.1f}, {m.end[1]:.1f}) heading {m.heading:.0f}°; "
                             + _from_there(prompt.view, m.end, m.heading),
                             ghosts=((m.end, m.heading, _letter(prompt, ship.name)),))
                      for m in move_choices(battle, ship)]
    prompt.read = lambda text: parse_move(text, ship, battle)
    prompt.typed_help = "ahead 6 · port 45 at 2, ahead 4 · full · half"


def _from_there(view: BattleView, end: tuple[float, float], heading: float) -> str:
    """Each enemy on the table as seen from where a move ends: distance and arc (000 Fire Arcs)."""
    seen = sorted(((math.dist(end, e.pos), e.name, _arc(end, heading, e.pos)) for e in view.enemies()
                   if e.pos is not None), key=lambda t: t[0])
    return ", ".join(f"{name} {d:.1f}\" {arc}" for d, name, arc in seen) or "no enemy on the table"


def _arc(pos: tuple[float, float], heading: float, target: tuple[float, float]) -> str:
    return "/".join(a.value for a in sorted(arcs_of(pos, heading, target), key=lambda a: a.value))


def _out_of_reach(battle: Any, ship: Any, index: int, view: BattleView) -> str:
    """Why the enemies on the table are not targets of weapon system ``index`` (range, arc, horizon...)."""
    why = []
    for enemy in view.enemies():
        target = battle.state.ships.get(enemy.name)
        refusal = target_refusal(battle, ship, index, target) if target is not None else None
        if refusal is not None and target.pos is not None and ship.pos is not None:
            why.append(f"{enemy.name} {_inches(ship.pos, target.pos):.1f}\": {refusal}")
    return "; ".join(why)


def _fire(prompt: Prompt, battle: Any, ship: Any) -> None:
    slots = []
    for weapon in fire_choices(battle, ship):
        held = "this weapon system holds its fire"
        if weapon.refusal is None and not weapon.targets:
            held = f"no target: {_out_of_reach(battle, ship, weapon.index, prompt.view) or 'no enemy on the table'}"
        elif weapon.refusal is not None:
            held = f"cannot fire: {weapon.refusal}"
        options: list[tuple[str, Any, str]] = [(HOLD, None, held)]
        for t in weapon.targets:
            options.append((t.name, t.name, f"{t.band} range {t.range:.1f}\" ({t.arc}), {t.dice} AD needing "
                                             f"{t.needs}+: {t.expected_hits:.2f} hits, {t.expected_damage:.2f} damage"))
        slots.append(Slot(f"{weapon.index} {weapon.name}", options, refusal=weapon.refusal))
    indices = [w.index for w in fire_choices(battle, ship)]
    _preset(slots, indices, prompt.advice)

    def combine(values: list[Any]) -> Any:
        return fire_plan_of({i: v for i, v in zip(indices, values, strict=True) if v is not None}, ship, battle)

    prompt.slots, prompt.combine = slots, combine
    def read(text: str) -> Any:
        values = _read_allocation(text, slots, indices, _why_not(battle, ship, prompt.view))
        answer = combine(values)
        prompt.said = held_systems(slots, values)
        return answer

    prompt.read = read
    prompt.typed_help = "0 > Bismarck, 2 > hold (weapon system number > target)"
    if not slots:  # an airfield, a Hangar: nothing to fire
        prompt.choices = [Choice("Hold fire", prompt.advice, "no weapon system")]


def _preset(slots: list[Slot], indices: list[int], plan: Any) -> None:
    """Set the slots to the AI's plan (its first target of each weapon system)."""
    for shot in getattr(plan, "shots", ()):
        if shot.weapon in indices:
            slot = slots[indices.index(shot.weapon)]
            for at, option in enumerate(slot.options):
                if option[1] == shot.target:
                    slot.index = at
                    break


def _why_not(battle: Any, ship: Any, view: BattleView) -> Callable[[int, str], None]:
    """Raises :class:`IllegalOrder` with the rule when ``text`` names an enemy the side sees that weapon system
    ``index`` may not fire at (arc, range, horizon...)."""
    def check(index: int, text: str) -> None:
        wanted = text.strip().lower()
        for enemy in view.enemies():
            if enemy.name.lower() == wanted or enemy.name.lower().startswith(wanted):
                target = battle.state.ships.get(enemy.name)
                why = target_refusal(battle, ship, index, target) if target is not None else None
                if why is not None:
                    raise IllegalOrder(*why.split(": ", 1))
    return check


def _read_allocation(text: str, slots: list[Slot], indices: list[int],
                     why_not: Callable[[int, str], None] | None = None) -> list[Any]:
    """``0 > Bismarck, 2 > hold``: each weapon system's target; an enemy it may not fire at is refused with the
    rule (``why_not``), any other name as not one of its targets; a weapon system given two different targets
    is refused naming it (000 Gunnery: a weapon system fires at one target, R-VIEW-20)."""
    values: list[Any] = [None] * len(slots)
    named: dict[int, str] = {}
    for part in [p.strip() for p in text.split(",") if p.strip()]:
        if ">" not in part:
            raise InvalidOrder(f"'{part}': write weapon system > target, e.g. 0 > Bismarck, 2 > hold")
        weapon, target = (s.strip() for s in part.split(">", 1))
        if not weapon.isdigit() or int(weapon) not in indices:
            raise InvalidOrder(f"'{weapon}' is not a weapon system number here ({', '.join(map(str, indices))})")
        at = indices.index(int(weapon))
        slot = slots[at]
        names = [o[0] for o in slot.options]
        read = _name_reader(names[1:], none=True, what=f"the targets of {slot.label} now")
        try:
            value = read(target)
        except InvalidOrder:
            if why_not is not None:
                why_not(int(weapon), target)
            raise
        if at in named and values[at] != value:
            raise InvalidOrder(f"weapon system {slot.label} is given two targets ({named[at]} and "
                               f"{value or HOLD}): write it once")
        values[at], named[at] = value, value or HOLD
    return values


def held_systems(slots: list[Slot], values: list[Any]) -> str:
    """Which weapon systems hold fire in an allocation (R-VIEW-20: a system not named holds), as said after a
    typed answer: ``1 Secondary, 2 Torpedoes hold fire`` (empty when every system fires)."""
    held = [s.label for s, v in zip(slots, values, strict=True) if v is None and s.refusal is None]
    if not held:
        return ""
    return f"{', '.join(held)} {'holds' if len(held) == 1 else 'hold'} fire"


def _repairs(prompt: Prompt, battle: Any, ship: Any) -> None:
    choices = []
    for c in damage_control_choices(battle, ship):
        if c.area is None:
            choices.append(Choice("No repair", None, c.effect))
            continue
        choices.append(Choice(f"{c.area.value} (score {c.score}): {c.needs}+ to repair, {percent(c.chance)}",
                              c.area, c.effect))
    prompt.choices = choices
    labels = {("none" if c.answer is None else c.answer.value): c.answer for c in choices}
    prompt.read = lambda text: _pick(labels, text, "an area to repair")
    prompt.typed_help = "engine, weapons, crew or none"


def _optional_target(prompt: Prompt, battle: Any, ship: Any) -> None:
    key = "targets" if prompt.question.question == "choose_searchlight" else "names"
    names = prompt.question.options.get(key, [])
    prompt.choices = [Choice("None", None)] + [Choice(n, n, _where(battle, n)) for n in names]
    prompt.read = _name_reader(names, none=True)
    prompt.typed_help = "a ship's name, or none"


def _who_first(prompt: Prompt, battle: Any, ship: Any) -> None:
    """aircraft_first, boats_first: yes or no, unless one side has nothing moving (then the order changes
    nothing: the AI's answer is given, R-SEAT-02)."""
    side, st = prompt.question.side, battle.state
    pieces = st.air if prompt.question.question == "aircraft_first" else st.boats
    what = "Flight in the air" if prompt.question.question == "aircraft_first" else "MTB Section on the table"
    idle = [name for name, s in (("yours", side), ("the enemy's", 1 - side)) if not pieces(s)]
    if idle:
        prompt.choices = [Choice("Yes" if prompt.advice else "No", prompt.advice)]
        prompt.only_why = f"no {what} is {idle[0]}: who moves first changes nothing (R-SEAT-02)"
    else:
        prompt.choices = [Choice("Yes", True), Choice("No", False)]


def _depth(prompt: Prompt, battle: Any, ship: Any) -> None:
    prompt.choices = [Choice(d.value, d) for d in Depth]


def _scouts(prompt: Prompt, battle: Any, ship: Any) -> None:
    """choose_scouts (000 War at Sea: Scouting): a Slot a destroyer or cruiser (kept on the table, or set aside
    to scout) and one for the Observation Flights sent, from none to all that are free."""
    side = prompt.question.side
    ships = [s.name for s in battle.state.fleet(side) if can_scout(s) and s.status.value == "active"]
    chosen, flights = prompt.advice
    prompt.slots = _yes_no_slots(ships, chosen, lambda n: f"{n} ({battle.state.ships[n].type.value})",
                                 "scouts: off the table until the scouting rolls, +1 die each (5+ a point)")
    free = max(free_observation_flights(battle, side), 0)
    if free:
        options = [(str(k), k, f"{k} Observation Flight(s) scout: one die each (5+ a point)") for k in range(free + 1)]
        prompt.slots.append(Slot("Observation Flights", options, index=min(flights, free), ai=min(flights, free)))

    def combine(values: list[Any]) -> Any:
        names = [n for n, v in zip(ships, values, strict=False) if v is True]
        sent = values[len(ships)] if free else 0
        why = scouting_refusal(battle, side, names, sent)
        if why is not None:
            raise IllegalOrder(*why)
        return names, sent

    prompt.combine = combine
    if not prompt.slots:  # nothing may scout: anchored, or no destroyer, cruiser nor Observation Flight
        prompt.choices = [Choice("No scouting", ([], 0), "nothing of this fleet may scout")]
    first = ships[0] if ships else "a destroyer"
    prompt.typed_help = f'JSON: [["{first}"], 1] (ships, Observation Flights)'


SHIFTS = ((0.0, 0.0, "the AI's deployment"), (-12.0, 0.0, "12\" further west"), (-6.0, 0.0, "6\" further west"),
          (6.0, 0.0, "6\" further east"), (12.0, 0.0, "12\" further east"))
"""The deployments offered: the AI's, and the same formation moved along the edge (kept only if it fits the
zone)."""


def _deploy(prompt: Prompt, battle: Any, ship: Any) -> None:
    """deploy: the AI's formation where it puts it, or moved along the edge, each drawn as ghosts; or typed."""
    prompt.exhaustive = False
    zone = TypeAdapter(DeploymentZone).validate_python(prompt.question.options["zone"])
    placed: dict[str, tuple[tuple[float, float], float]] = prompt.advice
    prompt.choices = []
    for dx, dy, words in SHIFTS:
        moved = {n: ((p[0] + dx, p[1] + dy), h) for n, (p, h) in placed.items()}
        if all(zone.contains(p) for p, _ in moved.values()):
            where = "; ".join(f"{n} {_place(p)}" for n, (p, _) in moved.items())
            ghosts = tuple((p, h, _letter(prompt, n)) for n, (p, h) in moved.items())
            prompt.choices.append(Choice(words, moved, f"{zone_words(zone)}: {where}", ghosts=ghosts))
    first = next(iter(placed), "a ship")
    prompt.read = _placement_reader(prompt, zone, headings=True)
    prompt.typed_help = (f"{first} at 30,3 heading 0; ... (inches from the south-west corner; ships not named keep "
                         "the AI's place), or JSON")


def _place(p: tuple[float, float]) -> str:
    """A place on the table as a player reads it, to a tenth of an inch: ``(96.3, 3)``, not ``(96.2553, 3)``."""
    return f"({round(p[0], 1):g}, {round(p[1], 1):g})"


PLACE = re.compile(r"^(?P<who>.+?)\s+at\s+(?P<x>-?\d+(?:\.\d+)?)\s*,\s*(?P<y>-?\d+(?:\.\d+)?)"
                   r"(?:\s+heading\s+(?P<h>-?\d+(?:\.\d+)?))?\s*$", re.IGNORECASE)


def _placement_reader(prompt: Prompt, zone: DeploymentZone, *, headings: bool) -> Callable[[str], Any]:
    """Reads ``NAME at X,Y [heading H]; ...`` (or JSON): each named ship, Flight or Section at that place, the
    others where the AI puts them; every place must lie in ``zone`` (000 War at Sea: Deployment)."""
    json_read = _json_reader(prompt.question.question)
    placed = dict(prompt.advice)
    names = list(placed)
    read_name = _name_reader(names, letters=_unique_letters(prompt), what="those deploying")

    def read(text: str) -> Any:
        if text.strip().startswith(("{", "[")):
            return json_read(text)
        out = dict(placed)
        for part in filter(str.strip, text.split(";")):
            match = PLACE.match(part.strip())
            if match is None:
                raise InvalidOrder(f"'{part.strip()}' is not 'NAME at X,Y" + (" heading H'" if headings else "'"))
            name, at = read_name(match["who"]), (float(match["x"]), float(match["y"]))
            if not zone.contains(at):
                raise IllegalOrder("000 War at Sea: Deployment", f"({at[0]:g}, {at[1]:g}) is outside the "
                                   f"{zone_words(zone)}")
            if headings:
                heading = float(match["h"]) if match["h"] else placed[name][1]
                if not 0 <= heading < 360:
                    raise InvalidOrder(f"heading {heading:g}: a heading is 0 (north) to 359 degrees")
                out[name] = (at, heading)
            else:
                out[name] = at
        return out
    return read


def zone_words(zone: DeploymentZone) -> str:
    """The zone and its rectangles in inches: ``normal zone (x 12-60, y 0-6)``."""
    rects = ", ".join(f"x {r.x0:g}-{r.x1:g}, y {r.y0:g}-{r.y1:g}" for r in zone.rects)
    return f"{zone.describe()} ({rects})"


RETURN_STEPS = (0.1, 0.25, 0.5, 0.75, 0.9)
"""The points offered along a returning scout's edge besides the AI's (fractions of the edge)."""

R_RETURN = "000 War at Sea: Scouting"


def _edge_words(battle: Any, edge: Any, fraction: float) -> tuple[str, tuple[float, float]]:
    """A point of ``edge`` in the player's words: ``the west edge, 13" from the south-west corner, at (0, 13)``."""
    table = battle.state.table
    along_x = edge.value in ("south", "north")
    length = table.width if along_x else table.height
    corner = f"{edge.value}-west" if along_x else f"south-{edge.value}"
    at = table.edge_point(edge, fraction)
    return (f"the {edge.value} edge, {fraction * length:.0f}\" from the {corner} corner, at "
            f"({at[0]:.0f}, {at[1]:.0f})", at)


def _return_point(prompt: Prompt, battle: Any, ship: Any) -> None:
    """return_point (000 War at Sea: Scouting, R-VIEW-22): the scout comes on at a point of the edge the dice
    chose: the AI's point and a few others along that edge, each drawn as a ghost; or typed in inches from the
    edge's west (south) end, refused beyond the edge's ends."""
    prompt.exhaustive = False
    edge = Edge(prompt.question.options["edge"])
    table = battle.state.table
    length = table.width if edge.value in ("south", "north") else table.height
    name = prompt.question.ship or ""
    ai = float(prompt.advice)
    points = [ai] + [f for f in RETURN_STEPS if abs(f - ai) * length >= 3.0]
    prompt.choices = []
    for f in sorted(points):
        words, at = _edge_words(battle, edge, f)
        ghost = ((at, edge.inward_heading, _letter(prompt, name)),)
        prompt.choices.append(Choice(words, ai if f == ai else f, f"{name} comes on at {words}, heading "
                                     f"{edge.inward_heading:.0f}° into the table", ghosts=ghost))
    prompt.advice_text = _edge_words(battle, edge, ai)[0]

    def read(text: str) -> float:
        wanted = text.strip().rstrip('"').strip()
        try:
            inches = float(wanted)
        except ValueError:
            raise InvalidOrder(f"'{text}' is not a distance in inches along the {edge.value} edge") from None
        if not 0.0 <= inches <= length:
            raise IllegalOrder(R_RETURN, f"{name} comes back along the {edge.value} edge the dice chose: "
                                         f"0 to {length:g}\" from its corner, not {inches:g}\"")
        return inches / length

    prompt.read = read
    corner = _edge_words(battle, edge, 0.0)[0].split(" from the ")[1].split(",")[0]
    prompt.typed_help = f"inches along the {edge.value} edge from the {corner}, 0 to {length:g}"


def _letter(prompt: Prompt, name: str) -> str:
    drawn = prompt.scene.ships.get(name)
    return drawn.letter if drawn is not None else "?"


def _deploy_points(prompt: Prompt, battle: Any, ship: Any) -> None:
    """deploy_flights, deploy_boats: the AI's places, or the same moved along the edge (inside the zone)."""
    prompt.exhaustive = False
    zone = TypeAdapter(DeploymentZone).validate_python(prompt.question.options["zone"])
    placed: dict[str, tuple[float, float]] = prompt.advice
    prompt.choices = []
    for dx, dy, words in SHIFTS:
        moved = {n: (p[0] + dx, p[1] + dy) for n, p in placed.items()}
        if all(zone.contains(p) for p in moved.values()) or not moved:
            where = "; ".join(f"{n} {_place(p)}" for n, p in moved.items()) or "none"
            prompt.choices.append(Choice(words.replace("deployment", "places"), moved, where,
                                         ghosts=tuple((p, 0.0) for p in moved.values())))
    first = next(iter(placed), "a Flight")
    prompt.read = _placement_reader(prompt, zone, headings=False)
    prompt.typed_help = f"{first} at 30,3; ... (inches; those not named keep the AI's place), or JSON"


def _submarine(prompt: Prompt, battle: Any, ship: Any) -> None:
    """place_submarine, surface_hidden: the AI's place (or, for a hidden boat, staying hidden), or typed."""
    prompt.exhaustive = False
    hidden = prompt.question.question == "surface_hidden"
    prompt.choices = [] if not hidden else [Choice("Stay hidden in the Sector", None, "000 Submarines: Deployment")]
    if prompt.advice is not None:
        (x, y), heading = prompt.advice
        prompt.choices.insert(0, Choice(f"At ({x:.1f}, {y:.1f}) heading {heading:.0f}°", prompt.advice,
                                        "the AI's place: " + _from_there(prompt.view, (x, y), heading),
                                        ghosts=(((x, y), heading, _letter(prompt, prompt.question.ship or "")),)))
    prompt.typed_help = "JSON: [[x, y], heading]" + (" or null to stay hidden" if hidden else "")


_BUILDERS: dict[str, Callable[[Prompt, Any, Any], None]] = {
    "deploy": _deploy,
    "deploy_flights": _deploy_points,
    "deploy_boats": _deploy_points,
    "place_submarine": _submarine,
    "surface_hidden": _submarine,
    "choose_mover": _names,
    "choose_firer": _names,
    "choose_order": _orders,
    "plan_move": _moves,
    "plan_fire": _fire,
    "damage_control": _repairs,
    "return_point": _return_point,
    "choose_searchlight": _optional_target,
    "choose_radar_target": _optional_target,
    "choose_depth": _depth,
    "aircraft_first": _who_first,
    "boats_first": _who_first,
    "choose_scouts": _scouts,
}


# --------------------------------------------------------------------------- aircraft, AA, carriers, MTB Sections
# Each question an allocation: one Slot a Flight, AA system, carrier or MTB Section, set by left/right, preset to
# the AI's answer (Slot.ai), combined into one answer that the engine's own checker verifies.

AS_AI = "★ AI"


def _inches(a: Any, b: Any) -> float:
    return math.dist(a, b) if a is not None and b is not None else 0.0


def _role(card: Any) -> str:
    return str(card.role.value).replace("_", "-").title()


def _flight_words(flight: Any) -> str:
    at = f"at ({flight.pos[0]:.0f}, {flight.pos[1]:.0f})" if flight.pos else "off the table"
    state = "" if flight.armed or flight.card.damage_dice <= 0 else ", payload spent"
    return f"{flight.name}: {flight.card.name} ({_role(flight.card)}, {flight.card.flank_speed:g}\"){state} {at}"


def _move_words(battle: Any, flight: Any, move: Any) -> str:
    """A Flight's move in words: what it ends doing, how far it flies."""
    if move is None:
        return "holds its position"
    flown = sum(_inches(a, b) for a, b in zip((flight.pos, *move.path), move.path, strict=False))
    what = (f"attacks {move.attack}" + (" (kamikaze)" if move.kamikaze else "")) if move.attack else \
        f"lands on {move.land}" if move.land else "leaves the table" if move.leave else \
        f"engages {', '.join(move.engage)}" if move.engage else f"escorts {', '.join(move.escort)}" if move.escort \
        else f"supports {move.support}" if move.support else "flies on"
    end = move.path[-1] if move.path else flight.pos
    return f"{what}: {flown:.1f}\" to ({end[0]:.1f}, {end[1]:.1f})" if move.path else what


def ship_class(card: str, name: str, kind: str) -> str:
    """A ship's class and type in words: ``Kagero class destroyer``; ``destroyer`` when the ship is the class's
    namesake card (``Kagero`` is a Kagero) — R-VIEW-21."""
    return kind if card == name else f"{card} class {kind}"


def _target_words(battle: Any, flight: Any, name: str) -> str:
    ship = battle.state.ships.get(name)
    if ship is None:
        boat = battle.state.mtbs[name]
        return f"MTB Section {boat.card.name}, {_inches(flight.pos, boat.pos):.1f}\" away (bombs, or strafing 4+)"
    return (f"{name} ({ship_class(ship.card.name, name, ship.card.type.value)}), Hull {ship.hull}/{ship.hull_start}, "
            f"{_inches(flight.pos, ship.pos):.1f}\" away; a {_role(flight.card)} hits on "
            f"{AIR_ROLL_TO_HIT[flight.card.role]}+ before modifiers (000 Attacking with Aircraft)")


def _home_words(battle: Any, flight: Any, home: Any) -> tuple[str, Any, str]:
    """The AI's way home as an offer: landing, leaving, strafing, or waiting astern of a carrier that cannot
    recover the Flight this turn, named with where the carrier is now and why (000 Launching and Recovering
    Aircraft: a carrier recovers only after moving straight into the wind; R-VIEW-21)."""
    rule = "the AI's way home (000 Launching and Recovering Aircraft)"
    if home.land or home.leave or home.attack:
        label = f"land on {home.land}" if home.land else "leave the table" if home.leave else f"attack {home.attack}"
        return label, home, rule
    end = home.path[-1]
    carriers = [s for s in battle.state.fleet(flight.side) if s.has("Carrier") and s.on_table and s.pos is not None]
    if not carriers:
        return f"return to {flight.carrier or 'base'}", home, rule
    carrier = min(carriers, key=lambda c: math.dist(c.pos, end))
    why = deck_refusal(battle, carrier) or "no room on deck this turn"
    return (f"wait astern of {carrier.name}", home,
            f"{carrier.name} is now at ({carrier.pos[0]:.1f}, {carrier.pos[1]:.1f}) and cannot recover it this "
            f"turn ({why}): the Flight waits {round(math.dist(carrier.pos, end), 1):g}\" astern of it (the AI's way "
            "home)")


def _legal_alone(battle: Any, side: int, name: str, move: Any) -> bool:
    try:
        verify_flight_plan(battle, side, {name: move})
    except RulesError:
        return False
    return True


def _flight_slot(battle: Any, view: Any, flight: Any, ai_move: Any, plan: dict[str, Any]) -> Slot:
    """plan_flights: one Flight's options, each legal alone (the plan is verified whole by the engine)."""
    who = _flight_words(flight)
    if flight.engaged or flight.launched_turn == battle.state.turn:
        why = f"locked in a dogfight with {', '.join(flight.engaged)} (000 Dogfighting)" if flight.engaged else \
            "launched this turn: it may not move further (000 Launching and Recovering Aircraft)"
        return Slot(flight.name, [("hold", None, f"{who}; {why}")], ai=0)
    ai_words = _move_words(battle, flight, ai_move)
    options: list[tuple[str, Any, str]] = [(f"{AS_AI}: {ai_words.split(':')[0]}", ai_move,
                                            f"{who}; the AI: {ai_words}")]
    if ai_move is not None:
        options.append(("hold position", None, f"{who}; no move: it stays where it is, in contact with nothing"))
    known = known_battle(battle, flight.side)  # the AI's routes, from what the side knows (R-VIEW-23)
    offers = [(f"attack {n}", m, _target_words(battle, flight, n))
              for n, m in strike_moves(known, flight).items() if n in view.ships or n in view.boats]
    offers += [(f"engage {n}", m, f"dogfight the {battle.state.flights[n].card.name} "
                                  f"({_role(battle.state.flights[n].card)}, Dogfight "
                                  f"{battle.state.flights[n].card.dogfight:+d} against {flight.card.dogfight:+d})")
               for n, m in engage_moves(known, flight).items() if n in view.flights]
    offers += _escort_offers(known, flight, plan)
    home = home_move(known, flight)
    if home.path:
        offers.append(_home_words(battle, flight, home))
    seen = [ai_move]
    for label, move, detail in offers:
        if move not in seen and _legal_alone(battle, flight.side, flight.name, move):
            seen.append(move)
            options.append((label, move, f"{who}; {_move_words(battle, flight, move)}. {detail}"))
    return Slot(flight.name, options, ai=0)


def _escort_offers(battle: Any, flight: Any, plan: dict[str, Any]) -> list[tuple[str, Any, str]]:
    """A Fighter's escort of each other Flight of its side it can reach (000 Escorting: only Fighters escort, in
    base contact with the Flights escorted), flown to where that Flight ends as planned now; the Flight escorted
    may then be sent elsewhere: the escort follows it (``combine``)."""
    if flight.card.role.value != "fighter" or flight.pos is None:
        return []
    offers = []
    for ward in sorted(battle.state.air(flight.side), key=lambda f: f.name):
        if ward.name == flight.name or ward.pos is None:
            continue
        move = escort_move(battle, flight, ward.name, plan.get(ward.name))
        if move is not None:
            offers.append((f"escort {ward.name}", move, f"stays in base contact with {ward.name} "
                           f"({ward.card.name}) wherever you send it this move; an enemy attacking it must take "
                           "on its escort first (000 Escorting)"))
    return offers


def _flights(prompt: Prompt, battle: Any, ship: Any) -> None:
    """plan_flights (000 Aircraft: Movement Phase): a Slot a Flight of the side in the air."""
    side, plan = prompt.question.side, prompt.advice
    flights = sorted(battle.state.air(side), key=lambda f: f.name)
    names = [f.name for f in flights]

    def combine(values: list[Any]) -> Any:
        chosen = {n: m for n, m in zip(names, values, strict=True) if m is not None}
        for flight in flights:  # an escort left to the AI follows its ward where the player sends it
            move = chosen.get(flight.name)
            if move is not None and move.escort and chosen.get(move.escort[0]) != plan.get(move.escort[0]):
                chosen[flight.name] = escort_move(known_battle(battle, side), flight, move.escort[0],
                                                  chosen.get(move.escort[0])) or move
        verify_flight_plan(battle, side, chosen)  # raises IllegalOrder naming the rule
        return chosen

    prompt.slots = [_flight_slot(battle, prompt.view, f, plan.get(f.name), plan) for f in flights]
    prompt.combine = combine
    prompt.advice_text = "; ".join(f"{n}: {_move_words(battle, battle.state.flights[n], m)}"
                                   for n, m in plan.items()) or "every Flight holds"


def _aa(prompt: Prompt, battle: Any, ship: Any) -> None:
    """plan_aa (000 Shooting Down Aircraft): a Slot an AA fire of the ship (its AA Batteries' Local X and ranged
    dice, its DP Light Guns), hold or a target with its odds; all its dice, as the AI fires them."""
    fires = aa_choices(battle, ship)
    prompt.advice_text = ", ".join(f"{s.weapon}{' Local' if s.local else ''} > {s.target} ({s.dice} dice)"
                                   for s in prompt.advice) or "hold fire"
    if not any(f.targets for f in fires):
        prompt.choices = [Choice("Hold fire", [], "no AA system of this ship has a target it may fire at")]
        return
    slots = []
    for f in fires:
        options: list[tuple[str, Any, str]] = [(HOLD, None, "this AA system holds its fire")]
        for t in f.targets:
            what = f"needs {t.needs}+ (000 Shooting at MTB Sections)" if t.boat else \
                f"needs {t.needs}+, {t.hits_needed} hit(s) to shoot it down"
            dp = " (then no fire at ships this turn, 000 DP)" if ship.card.weapons[f.index].has("DP") else ""
            options.append((t.name, t.name, f"{t.what}, {t.distance:.1f}\": {f.dice} dice, {what}: "
                                            f"{percent(t.chance)}{dp}"))
        ai = next((s.target for s in prompt.advice if (s.weapon, s.local) == (f.index, f.local)), None)
        slots.append(Slot(f"{f.index} {f.name} ({f.dice})", options, refusal=f.refusal,
                          ai=next(i for i, o in enumerate(options) if o[1] == ai)))
    for slot in slots:
        slot.index = slot.ai or 0

    def combine(values: list[Any]) -> Any:
        shots = [AAShot(f.index, v, f.dice, f.local) for f, v in zip(fires, values, strict=True) if v is not None]
        verify_aa_plan(battle, ship, shots)
        return shots

    prompt.slots, prompt.combine = slots, combine


def _yes_no_slots(names: list[str], chosen: list[str], words: Callable[[str], str], yes: str) -> list[Slot]:
    return [Slot(n, [("no", False, f"{words(n)}: no"), ("yes", True, f"{words(n)}: {yes}")],
                 index=int(n in chosen), ai=int(n in chosen)) for n in names]


def _launch(prompt: Prompt, battle: Any, carrier: Any) -> None:
    """choose_launch (000 Launching and Recovering Aircraft): a Slot a Flight ready aboard, no or yes."""
    ready: list[str] = prompt.question.options["ready"]
    state = battle.state.flights
    prompt.slots = _yes_no_slots(ready, prompt.advice, lambda n: f"{n} ({state[n].card.name}, "
                                 f"{_role(state[n].card)})", "launched 1\" from the carrier, it moves next turn")
    order = [n for n in prompt.advice if n in ready] + [n for n in ready if n not in prompt.advice]

    def combine(values: list[Any]) -> Any:
        picked = {n for n, v in zip(ready, values, strict=True) if v}
        names = [n for n in order if n in picked]  # the AI's order first: the same launch when left as it is
        why = launch_refusal(battle, carrier, names)
        if why is not None:
            raise IllegalOrder(*why.split(": ", 1))
        return names

    prompt.combine = combine
    prompt.advice_text = ", ".join(prompt.advice) or "no launch"


def _deep(prompt: Prompt, battle: Any, ship: Any) -> None:
    """deep_deploy (000 Carriers: Deep Deployment): a Slot a carrier, no or yes (any of them may)."""
    carriers: list[str] = prompt.question.options["carriers"]
    prompt.slots = _yes_no_slots(carriers, prompt.advice, lambda n: n,
                                 "off the table: launches any number a turn at the fleet's edge")
    prompt.combine = lambda values: [n for n, v in zip(carriers, values, strict=True) if v]
    prompt.advice_text = ", ".join(prompt.advice) or "none"


def _air_order(prompt: Prompt, battle: Any, ship: Any) -> None:
    """order_air_attacks (000 Attacking with Aircraft): the AI's order, as listed, or reversed; or typed."""
    names: list[str] = prompt.question.options["names"]
    prompt.choices = []
    for label, order in (("The AI's order", list(prompt.advice)), ("In the order listed", names),
                         ("Reversed", names[::-1])):
        if order not in [c.answer for c in prompt.choices]:
            prompt.choices.append(Choice(f"{label}: {', '.join(order)}", order, "the attacks are resolved one at "
                                         "a time in this order"))

    def read(text: str) -> Any:
        order = [_name_reader(names)(t) for t in text.split(",") if t.strip()]
        if sorted(order) != sorted(names):
            raise IllegalOrder("000 Attacking with Aircraft", f"the order must name each of {', '.join(names)} once")
        return order

    prompt.read, prompt.typed_help = read, "the Flights' names in order, separated by commas"


def _boat_words(battle: Any, boat: Any, move: Any) -> str:
    if move is None:
        return "holds its position"
    what = (f"runs in at {move.attack}" + (" (kamikaze)" if move.kamikaze else "")) if move.attack else "moves"
    end = move.path[-1] if move.path else boat.pos
    smoke = ", lays its smoke screen" if move.smoke else ""
    return f"{what}{smoke}: {_inches(boat.pos, end):.1f}\" to ({end[0]:.1f}, {end[1]:.1f})"


def _boats(prompt: Prompt, battle: Any, ship: Any) -> None:
    """plan_boats (000 MTB Sections: Movement Phase): a Slot a Section: the AI's move, hold, or run in at a
    target it reaches (the AI's approach); the plan verified whole by the engine."""
    side, plan = prompt.question.side, prompt.advice
    boats = sorted(battle.state.boats(side), key=lambda b: b.name)
    slots = []
    for boat in boats:
        who = f"{boat.name}: {boat.card.name}, {boat.torpedoes} torpedo(es)"
        ai = plan.get(boat.name)
        options: list[tuple[str, Any, str]] = [(AS_AI, ai, f"{who}; the AI: {_boat_words(battle, boat, ai)}")]
        if ai is not None:
            options.append(("hold position", None, f"{who}; no move"))
        for name, move in boat_attack_moves(known_battle(battle, side), boat).items():
            if move != ai and name in prompt.view.ships and _boat_legal(battle, side, boat.name, move):
                target = battle.state.ships[name]
                options.append((f"attack {name}", move, f"{who}; {_boat_words(battle, boat, move)}. "
                                f"{target.card.name} ({target.card.type.value}), Hull {target.hull}/"
                                f"{target.hull_start} (000 Attacking with MTB Sections)"))
        slots.append(Slot(boat.name, options, ai=0))
    names = [b.name for b in boats]

    def combine(values: list[Any]) -> Any:
        chosen = {n: m for n, m in zip(names, values, strict=True) if m is not None}
        verify_boat_plan(battle, side, chosen)
        return chosen

    prompt.slots, prompt.combine = slots, combine
    prompt.advice_text = "; ".join(f"{n}: {_boat_words(battle, battle.state.mtbs[n], m)}"
                                   for n, m in plan.items()) or "every Section holds"


def _boat_legal(battle: Any, side: int, name: str, move: Any) -> bool:
    try:
        verify_boat_plan(battle, side, {name: move})
    except RulesError:
        return False
    return True


def _hunters(prompt: Prompt, battle: Any, ship: Any) -> None:
    """assign_sub_hunters (000 Submarines: Detection): a Slot a hunting Observation Flight, none or a boat."""
    names: list[str] = prompt.question.options["names"]
    count: int = prompt.question.options["flights"]
    picks = list(prompt.advice) + [None] * count
    prompt.slots = []
    for i in range(count):
        options = [("none", None, "this Observation Flight does not hunt")] + \
            [(n, n, f"a D6 of 4+ detects {n} (000 Observation Aircraft)") for n in names]
        at = next(k for k, o in enumerate(options) if o[1] == picks[i])
        prompt.slots.append(Slot(f"Observation Flight {i + 1}", options, index=at, ai=at))
    prompt.combine = lambda values: [v for v in values if v is not None]
    prompt.advice_text = ", ".join(prompt.advice) or "no hunt"


_BUILDERS.update({
    "plan_flights": _flights,
    "plan_aa": _aa,
    "choose_launch": _launch,
    "deep_deploy": _deep,
    "order_air_attacks": _air_order,
    "plan_boats": _boats,
    "assign_sub_hunters": _hunters,
})


# --------------------------------------------------------------------------- words


def percent(chance: Fraction | float | None) -> str:
    return "-" if chance is None else f"{float(chance) * 100:.0f}%"


def describe_answer(question: str, answer: Any) -> str:
    """An answer in words: a move as typed, a fire plan as ``0 > Bismarck (4 AD)``, an Order by name."""
    if question == "plan_move":
        return describe_move(answer)
    if question == "plan_fire":
        shots = ", ".join(f"{s.weapon} > {s.target} ({s.dice} AD)" for s in answer.shots)
        return shots or "hold fire"
    if question == "choose_scouts":
        ships, flights = answer
        return (", ".join(ships) or "no ship") + f" and {flights} Observation Flight(s)"
    if question in ("place_submarine", "surface_hidden"):
        return "stays hidden" if answer is None else f"at ({_at(answer)})"
    if question in ("deploy", "deploy_flights", "deploy_boats"):
        return "; ".join(f"{n} ({_at(v)})" for n, v in answer.items()) or "nothing"
    if answer is None:
        return "none"
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    if hasattr(answer, "value"):
        return str(answer.value)
    if isinstance(answer, str):
        return answer
    return json.dumps(encode_tactical(question, answer))


def _at(value: Any) -> str:
    """``(x, y)`` or ``((x, y), heading)`` in words."""
    if len(value) == 2 and isinstance(value[0], tuple | list):
        (x, y), heading = value
        return f"{x:g}, {y:g}, heading {heading:g}°"
    return f"{value[0]:g}, {value[1]:g}"


def card_text(ship: Any) -> str:
    """The card of ``ship`` as a player reads it: figures, state, weapon systems."""
    card = ship.card
    lines = [f"{ship.name}: {card.name} ({card.type.value}), {card.nation}",
             f"Flank Speed {card.flank_speed:g}\"  Armour {card.armour}+  Hull {ship.hull}/{ship.hull_start}"
             f" (crippled at {card.crippled})" + ("  CRIPPLED" if ship.crippled else "")]
    crit = {a.value: v for a, v in ship.criticals.items() if v}
    if crit:
        lines.append("Critical Scores: " + ", ".join(f"{k} {v}" for k, v in crit.items()))
    if card.traits:
        lines.append("Traits: " + ", ".join(card.traits))
    for i, w in enumerate(card.weapons):
        ranges = "/".join(f"{r:g}" for r in w.ranges) if w.ranges else "-"
        arcs = "".join(a.value[0].upper() for a in w.arcs)
        lines.append(f"{i} {w.name}: {ranges}\" {w.ad} AD AP{w.ap:+d} DD{w.dd} [{arcs}]"
                     + (f" {', '.join(w.traits)}" if w.traits else ""))
    return "\n".join(lines)


# --------------------------------------------------------------------------- the table


def table_letters(view: BattleView, battle: Any) -> dict[str, str]:
    """Each ship the side sees and its letter on the table (R-VIEW-26): a side's ships lettered in the battle's
    order, its surface ships first and then its submarines, counting only the ships in ``view``.  A boat hidden in
    its Sector takes no letter of the enemy's, so no gap in the lettering tells of it; the surface ships keep
    their letters all battle (only a submarine's letter moves, when another is seen or lost from sight)."""
    order = [name for name in battle.state.ships if name in view.ships]
    order.sort(key=lambda name: view.ships[name].depth is not None)  # stable: the battle's order kept
    counts = [0, 0]
    out: dict[str, str] = {}
    for name in order:
        side = view.ships[name].side
        out[name] = ship_letter(side, counts[side])
        counts[side] += 1
    return out


def scene_of(view: BattleView, battle: Any) -> tuple[Scene, dict[str, Any]]:
    """The battle viewer's scene (and the log keys its drawing reads) for ``view``: only what the side sees."""
    sides = list(view.sides)
    ships: dict[str, DrawnShip] = {}
    letters = table_letters(view, battle)
    for name in battle.state.ships:  # the battle's order
        seen = view.ships.get(name)
        if seen is None:
            continue
        letter = letters[name]
        drawn = DrawnShip(name, sides[seen.side], seen.card, seen.hull_start, seen.hull, letter, pos=seen.pos,
                          heading=seen.heading, crippled=seen.crippled, sunk=seen.status.value == "sunk",
                          withdrew=seen.status.value == "withdrawn",
                          criticals={"engine": 0, "weapons": 0, "crew": 0} | dict(seen.criticals),
                          kind="installation" if seen.installation else
                          "submarine" if seen.depth is not None else "ship",
                          depth=seen.depth.value if seen.depth is not None else None,
                          detected_turn=view.turn if seen.detected or seen.own else None,
                          in_view=seen.depth is not None and seen.pos is not None, own=seen.own,
                          sector=view.own_ships[name].sector if seen.own and seen.pos is None else None)
        ships[name] = drawn
    spec = {"table_width": view.table[0], "table_height": view.table[1],
            "sides": [{"ships": [{"name": n, "card": battle.state.ships[n].card.model_dump(mode="json")}
                                 for n in ships if battle.state.ships[n].side == side]} for side in (0, 1)]}
    flights = {n: DrawnFlight(n, sides[f.side], f.card, battle.state.flights[n].card.role.value, f.carrier,
                              f.status, pos=f.pos, target=f.target) for n, f in view.flights.items()}
    boats = {n: BoatMark(n, sides[b.side], b.pos) for n, b in view.boats.items()
             if b.pos is not None and b.status.value == "active"}
    return (Scene(ships, flights, list(view.smoke), view.turn, boats=boats, tracks=tracks_of(view)),
            {"sides": sides, "spec": spec})


def tracks_of(view: BattleView) -> list[Track]:
    """This turn's moves of the Flights and MTB Sections in the side's view (its log: nothing hidden is in it,
    R-VIEW-07): a Flight's from where it started; a Section's from where its last move ended (its first move
    after deployment starts where it deployed, which the log does not say: not drawn, R-VIEW-10)."""
    out: list[Track] = []
    last: dict[str, tuple[float, float]] = {}
    for event in view.log:
        if isinstance(event, battle_events.FlightMoved) and event.turn == view.turn and event.side:
            out.append(Track(event.side, event.start, event.pos))
        elif isinstance(event, battle_events.MTBMoved) and event.ship and event.side:
            if event.turn == view.turn and event.ship in last:
                out.append(Track(event.side, last[event.ship], event.pos))
            last[event.ship] = event.pos
    return out


__all__ = ["Choice", "Prompt", "Slot", "card_text", "describe_answer", "percent", "prompt_for", "scene_of"]
