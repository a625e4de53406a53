"""Everything a save must satisfy before a game is resumed from it (issue 13 item 3).

:func:`save_problems` checks a save's JSON in two stages and returns every problem as ``field path: problem``
(:func:`strategic.saves.load_state` prefixes the file and raises them all at once):

1. **Schema**: the :class:`~strategic.state.CampaignState` model (types, required fields, no unknown field), the
   version, and the references to the campaign data (set-up, units, places, sea areas, ports, commanders).
2. **The campaign's own invariants**, the same checks a finished game passes (:mod:`strategic.invariants`:
   each counter exactly once, places fitting the status, sunk and removed counters never back and never named
   after their loss, damage within the unit's range, POC consistent with its records), plus what holds at any
   decision point: the turn within the set-up's turns, the step and decider within that turn's plan (002 §3.2),
   control entries for the played sea areas only, an owner for every port, a unit in port only in a port its
   side may use (002 §3.422; WAS 7.1 / VITP 11.1), theatre results and a winner only with the values the rules
   give and a winner only when the game is over (002 §3.1), pending battles in sea areas, a well-formed
   dice state and dice log (DESIGN.md "Dice"), and events (:func:`event_problems`: each of its type, field by
   field, by the schema; units and players of the game, orders naming units of the game, rolls fitting their dice
   and the same as the dice log's).

A save written by this program at any decision passes every check (tests play seeded games and check a save at
every decision); a hand-edited or damaged one is refused before anything runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from pydantic import ValidationError

from scenarios.loader import CampaignData
from scenarios.models import Player, UnitType
from strategic import invariants
from strategic.bid import check_bids
from strategic.classic.scripts import BATTLE_ORDERERS, Question, ScriptError, is_order_entry, order_entry, read_script
from strategic.clock import turn_plan
from strategic.events import CombatAnswered, DiceRolled, Noted, OrderGiven, OrderRefused, TacticalAnswered, unit_named
from strategic.rule_options import CAMPAIGN_OPTIONS
from strategic.state import UNTIL_ATTACK, UnitStatus
from tactical import RuleOptions, TacticalQuestion, TacticalScriptError, nearest_name, read_tactical_script

if TYPE_CHECKING:
    from strategic.campaign import Campaign
    from strategic.state import CampaignState

WINNERS = ("axis", "allied")
THEATRE_RESULTS = ("axis", "allied", "tie")


SAVED_STATE_FIELDS = ("options", "phase", "step", "decider", "previous_control", "isolation", "poc_history",
                      "theatre_results", "winner", "pending_battles", "events")
"""The fields with a default that every save holds, of every version (this program has always written them all):
one missing is a damaged save, not the default (R-UI-120).  The fields without a default the schema requires."""

SAVED_UNIT_FIELDS = ("status", "place", "mode", "damage", "loaned_to", "sailed_from", "moved", "returned_early",
                     "inactive_until", "due_turn", "arrive_at", "disabled")
"""The same for every saved unit (R-UI-120): a unit without ``status`` was read as awaiting its arrival, and
refused only by what that contradicted, if anything did."""


def missing_problems(raw: dict[str, Any]) -> list[str]:
    """A field every save holds that ``raw`` lacks, as ``field path: missing``, before any default stands in for it
    (R-UI-120)."""
    problems = [f"{field}: missing (every save holds it)" for field in SAVED_STATE_FIELDS if field not in raw]
    units = raw.get("units")
    for key, unit in (units.items() if isinstance(units, dict) else ()):
        if isinstance(unit, dict):
            problems += [f"units.{key}.{field}: missing (every saved unit holds it)" for field in SAVED_UNIT_FIELDS
                         if field not in unit]
    return problems


def schema_problems(exc: ValidationError) -> list[str]:
    """Every pydantic error as ``field path: problem``."""
    out = []
    for error in exc.errors():
        where = ".".join(str(p) for p in error["loc"]) or "(top level)"
        value = error.get("input")
        shown = f" (got {_short(value)})" if error["type"] not in ("missing",) and not isinstance(value, dict) else ""
        out.append(f"{where}: {error['msg']}{shown}")
    return out


def option_problems(state: CampaignState, data: CampaignData) -> list[str]:
    """The rule options of a save (issue 19): its set-up's own and campaign options the set-up plays, and
    tactical options of :class:`~tactical.RuleOptions`, each once; the POC bid on theatres the set-up plays, in
    halves (:mod:`strategic.bid`)."""
    setup = data.setups.get(state.setup)
    own = set(setup.options) if setup is not None else set()
    out = []
    for name in state.options:
        option = CAMPAIGN_OPTIONS.get(name)
        if name in own:
            continue
        if option is None:
            out.append(f"options.{name}: not an option of the {state.setup} set-up (its options: "
                       f"{', '.join(sorted(own)) or 'none'}; the rule options: {', '.join(CAMPAIGN_OPTIONS)})")
        elif state.setup not in option.setups:
            out.append(f"options.{name}: played in the set-up {' or '.join(option.setups)} only, not {state.setup}")
    for index, name in enumerate(state.tactical_options):
        if name not in RuleOptions.model_fields:
            out.append(f"tactical_options.{index}: unknown tactical option '{name}'"
                       f"{nearest_name(name, list(RuleOptions.model_fields))}")
        elif name in state.tactical_options[:index]:
            out.append(f"tactical_options.{index}: '{name}' is given twice")
    if setup is not None:
        out += check_bids(state.bid, setup.theatres)
    return out


def data_problems(state: CampaignState, data: CampaignData) -> list[str]:
    """References from the save to the campaign data: set-up, units, places, areas, ports, commanders."""
    out = option_problems(state, data)
    if state.setup not in data.setups:
        out.append(f"setup: '{state.setup}' is not a set-up of the campaign data (known: {', '.join(data.setups)})")
    for name, unit in state.units.items():
        if name not in data.units:
            out.append(f"units.{name}: not a unit of the campaign data")
            continue
        if unit.place is not None and data.place_theatre(unit.place) is None:
            out.append(f"units.{name}.place: unknown place '{unit.place}'")
        record = data.units[name]
        nation = data.nations[record.nation]
        if unit.controller is not nation.player and record.nation != "IT":
            out.append(f"units.{name}.controller: {unit.controller.value} does not command {nation.name} "
                       "(002 §3; loans are recorded in loaned_to)")
        if unit.side is not nation.side and record.nation != "IT":
            out.append(f"units.{name}.side: {unit.side.value}, but {nation.name} is on the {nation.side.value} side")
        if unit.loaned_to is not None and unit.loaned_to.value not in (Player.UNITED_STATES, Player.ALLIES):
            out.append(f"units.{name}.loaned_to: {unit.loaned_to.value} (002 §3: only the Allied players lend)")
    for field in ("control", "previous_control"):
        for area in getattr(state, field):
            if area not in data.areas:
                out.append(f"{field}.{area}: not a sea area of the campaign data")
    missing = sorted(set(data.ports) - set(state.port_owners))
    if missing:
        out.append(f"port_owners: no owner for {len(missing)} port(s): {', '.join(missing[:5])}"
                   + (" ..." if len(missing) > 5 else ""))
    out += [f"port_owners.{p}: not a port of the campaign data" for p in state.port_owners if p not in data.ports]
    out += [f"isolation.{p}: not a port of the campaign data" for p in state.isolation if p not in data.ports]
    return out


def dice_problems(dice: Any) -> list[str]:
    """The saved dice: seed and spawn key, a PCG64 generator state, and the roll log (label, rule, sides,
    faces 1..sides)."""
    if not dice:
        return []
    if not isinstance(dice, dict):
        return [f"dice: not an object (got {_short(dice)})"]
    out = []
    if not (_is_int(dice.get("seed")) and dice["seed"] >= 0):
        out.append(f"dice.seed: not a whole number (got {_short(dice.get('seed'))})")
    key = dice.get("key")
    if not isinstance(key, list) or not all(_is_int(k) and k >= 0 for k in key):
        out.append(f"dice.key: not a list of whole numbers (got {_short(key)})")
    generator = dice.get("bit_generator")
    inner = generator.get("state") if isinstance(generator, dict) else None
    if not (isinstance(generator, dict) and generator.get("bit_generator") == "PCG64" and isinstance(inner, dict)
            and all(_is_int(inner.get(k)) and inner[k] >= 0 for k in ("state", "inc"))
            and _is_int(generator.get("has_uint32")) and _is_int(generator.get("uinteger"))):
        out.append("dice.bit_generator: not a PCG64 generator state ({'bit_generator': 'PCG64', 'state': {'state': "
                   "N, 'inc': N}, 'has_uint32': N, 'uinteger': N})")
    else:
        try:
            np.random.PCG64().state = generator  # type: ignore[assignment]
        except (ValueError, TypeError, OverflowError) as exc:
            out.append(f"dice.bit_generator: {exc}")
    extra = sorted(set(dice) - {"seed", "key", "bit_generator", "log"})
    if extra:
        out.append(f"dice: unknown field(s) {', '.join(extra)}")
    log = dice.get("log", [])
    if not isinstance(log, list):
        return [*out, f"dice.log: not a list (got {_short(log)})"]
    for i, roll in enumerate(log):
        problem = _roll_problem(roll)
        if problem:
            out.append(f"dice.log.{i}: {problem}")
            if len(out) > 20:
                break
    return out


def _roll_problem(roll: Any) -> str | None:
    if not (isinstance(roll, list) and len(roll) == 4):
        return f"not [label, rule, sides, faces] (got {_short(roll)})"
    label, rule, sides, faces = roll
    if not (isinstance(label, str) and isinstance(rule, str)):
        return "label and rule must be text"
    if not (_is_int(sides) and sides >= 2):
        return f"sides {sides!r}: not a die"
    if not (isinstance(faces, list) and all(_is_int(f) and 1 <= f <= sides for f in faces)):
        return f"faces {_short(faces)}: not faces of a d{sides}"
    return None


def game_problems(campaign: Campaign) -> list[str]:
    """The campaign's invariants at a decision point (module docstring)."""
    state, setup, data = campaign.state, campaign.setup, campaign.data
    out: list[str] = []
    if not setup.first_turn <= state.turn <= setup.last_turn:
        return [f"turn: {state.turn} is not a turn of the {state.setup} set-up ({setup.first_turn}-{setup.last_turn})"]
    plan = turn_plan(campaign, state.turn)
    if not 0 <= state.step < len(plan):
        out.append(f"step: {state.step} is not a step of turn {state.turn} (0-{len(plan) - 1})")
    else:
        phase, deciders, *_ = plan[state.step]
        if state.phase is not phase:
            out.append(f"phase: {state.phase.value}, but step {state.step} of turn {state.turn} is the "
                       f"{phase.value} phase")
        if not 0 <= state.decider <= max(len(deciders) - 1, 0):
            out.append(f"decider: {state.decider} is not one of the {len(deciders)} player(s) of that phase")
    for check in (invariants.check_roster, invariants.check_places, invariants.check_losses, invariants.check_poc):
        out += [_field_of(m) for m in check(campaign)[:invariants.MAX_MESSAGES_PER_CHECK]]
    out += damage_problems(campaign)
    played = {a for a in data.areas if campaign.place_played(a)}
    if set(state.control) != played:
        out.append(f"control: the played sea areas are {len(played)}, the save has entries for {len(state.control)} "
                   f"(differing: {', '.join(sorted(set(state.control) ^ played)[:5])})")
    for name, us in state.units.items():
        if us.status is UnitStatus.PORT and us.place in data.ports and not _may_be_in(campaign, name, us.place):
            out.append(f"units.{name}.place: {us.place} is not a port the {us.side.value} side may use "
                       f"(owner {state.port_owners.get(us.place)}; 002 §3.422)")
    for entry in state.pending_battles:
        area = entry.split(":", 1)[1] if entry.startswith("surprise:") else entry
        if area not in data.areas and area not in data.ports:
            out.append(f"pending_battles: '{entry}' is not a sea area")
    out += reference_problems(campaign)
    out += combat_answer_problems(campaign)
    if len(set(state.pending_battles)) != len(state.pending_battles):
        out.append("pending_battles: a battle is listed twice")
    if state.winner is None and "axis" in state.theatre_results.values():
        out.append("theatre_results: the Axis has won a theatre, so the game is over, but no winner is named "
                   "(002 §3.1)")
    out += [f"theatre_results.{t.value}: '{r}' is not a result ({', '.join(THEATRE_RESULTS)})"
            for t, r in state.theatre_results.items() if r not in THEATRE_RESULTS]
    out += [f"theatre_results.{t.value}: not a theatre of the {state.setup} set-up"
            for t in state.theatre_results if t not in setup.theatres]
    if state.winner is not None:
        if state.winner not in WINNERS:
            out.append(f"winner: '{state.winner}' is not a side (axis, allied)")
        else:
            out += [f"winner: {m}" for m in invariants.check_end(campaign)]
    return out


def combat_answer_problems(campaign: Campaign) -> list[str]:
    """The classic-combat answers of a game saved in mid-battle (issue #15): each belongs to a pending battle
    and reads as a script; the waiting question is of a pending battle, by one of the players who command their
    own battles."""
    state = campaign.state
    out: list[str] = []
    for entry, answers in state.combat_answers.items():
        if entry not in state.pending_battles:
            out.append(f"combat_answers.{entry}: answers for a battle that is not pending")
            continue
        try:
            classic = [a for a in answers if "decision" in a.get("question", {})]  # else questions on the table
            read_script(classic, f"combat_answers.{entry}")
            read_tactical_script([a for a in answers if a not in classic], f"combat_answers.{entry}")
        except (ScriptError, TacticalScriptError) as exc:
            out.append(str(exc))
            continue
        out += _answer_problems(campaign, entry, answers)
    out += [f"classic_battles: '{e}' is not a pending battle" for e in state.classic_battles
            if e not in state.pending_battles]
    out += [f"delegated_battles: '{e}' is not a pending battle" for e in state.delegated_battles
            if e not in state.pending_battles]
    out += [f"delegated_ships: '{e}' is not a pending battle" for e in state.delegated_ships
            if e not in state.pending_battles]
    out += [f"delegated_table_turns: '{e}' is not a pending battle" for e in state.delegated_table_turns
            if e not in state.pending_battles]
    out += [f"delegated_table_battles: '{e}' is not a pending battle" for e in state.delegated_table_battles
            if e not in state.pending_battles]
    out += [f"delegated_table_turns.{e}.{p.value}: battle turn {t} is below 0"
            for e, turns in state.delegated_table_turns.items() for p, t in turns.items() if t < 0]
    out += [f"delegated_turn.{p.value}: turn {t} is after the game's turn {state.turn}"
            for p, t in state.delegated_turn.items() if t > state.turn]
    asked = state.question
    if asked is not None:
        if is_order_entry(asked.battle):  # the battle order (issue #15): of pending battles, by its orderer
            out += _order_question_problems(state, asked.battle, asked.player, asked.question)
        elif asked.battle not in state.pending_battles:
            out.append(f"question.battle: '{asked.battle}' is not a pending battle")
        if asked.player not in state.battle_commanders:
            out.append(f"question.player: {asked.player.value} does not command his own battles "
                       "(battle_commanders)")
        try:
            (TacticalQuestion if asked.engine == "tactical" else Question).from_json(asked.question,
                                                                                   "question.question")
        except (ScriptError, TacticalScriptError) as exc:
            out.append(str(exc))
    return out


def _order_question_problems(state: Any, entry: str, player: Any, question: Any) -> list[str]:
    """A waiting battle-order question: its theatre's orderer asks it (WAS 5.6, VITP 4.1) about pending battles."""
    orderer = {order_entry(t): p for t, p, _ in BATTLE_ORDERERS}
    if entry not in orderer:
        return [f"question.battle: '{entry}' is neither a pending battle nor a theatre's battle order"]
    out = []
    if player is not orderer[entry]:
        out.append(f"question.player: {player.value} does not order the {entry.split(':', 1)[1]} battles "
                   f"({orderer[entry].value} does)")
    options = question.get("options") if isinstance(question, dict) else None
    areas = options.get("areas") if isinstance(options, dict) else None
    later = options.get("later", []) if isinstance(options, dict) else None
    if not isinstance(areas, list) or not isinstance(later, list):
        return [*out, "question.question.options: a battle order lists its areas and those ordered later"]
    out += [f"question.question.options: '{a}' is not a pending battle" for a in [*areas, *later]
            if a not in state.pending_battles]
    return out


def _answer_problems(campaign: Campaign, entry: str, answers: list[dict[str, Any]]) -> list[str]:
    """The answers of a battle in progress are those its ``combat_answer`` events recorded this turn, and they
    stand when the battle is fought again with them."""
    recorded: list[dict[str, Any]] = []
    for e in campaign.state.events:
        if e.turn != campaign.state.turn or getattr(e, "battle", None) != entry:
            continue
        if isinstance(e, CombatAnswered):
            recorded.append({"question": e.question, "answer": e.answer})
        elif isinstance(e, TacticalAnswered):
            recorded += e.answers
    if recorded != answers:
        return [f"combat_answers.{entry}: the answers differ from the combat_answer events of this battle"]
    try:
        refusal = campaign.refused_answers(entry)
    except Exception as exc:  # a state the battle cannot even be found in: named, never a traceback
        return [f"combat_answers.{entry}: the battle cannot be fought again ({type(exc).__name__}: {exc})"]
    return [f"combat_answers.{entry}: an answer is refused: {refusal}"] if refusal else []


def reference_problems(campaign: Campaign) -> list[str]:
    """Every other name and number of the save that the rules read: options of the set-up, a seed the dice
    take, isolation counts, the units and places named by the per-turn records, the war's lists and the units'
    turn numbers, and events no later than the save's turn naming units of the game."""
    state, data, setup = campaign.state, campaign.data, campaign.setup
    units, places = state.units, {*data.areas, *data.ports}
    out = []  # the options: option_problems
    if state.seed < 0:
        out.append(f"seed: {state.seed}: a seed is a whole number 0 or more")
    out += [f"isolation.{p}: {n} turns" for p, n in state.isolation.items() if n < 0]
    out += [f"fought_battles: '{a}' is not a sea area" for a in state.fought_battles if a not in data.areas]
    if len(set(state.fought_battles)) != len(state.fought_battles):
        out.append("fought_battles: an area is listed twice (an area is fought once a turn)")
    out += [f"air_attacked: '{n}' is not a unit of the game" for n in state.air_attacked if n not in units]
    for field in ("frozen", "pearl_force", "appeared"):
        out += [f"war.{field}: '{n}' is not a unit of the game" for n in getattr(state.war, field) if n not in units]
    for key, names in state.war.based_at_start.items():
        out += [f"war.based_at_start.{key}: '{n}' is not a unit of the game" for n in names if n not in units]
    last = max(setup.last_turn + 1, UNTIL_ATTACK)
    for name, us in units.items():
        if us.sailed_from is not None and us.sailed_from not in places:
            out.append(f"units.{name}.sailed_from: unknown place '{us.sailed_from}'")
        out += [f"units.{name}.arrive_at: unknown place '{p}'" for p in us.arrive_at
                if data.place_theatre(p) is None and p not in data.groups]
        for field in ("due_turn", "inactive_until"):
            value = getattr(us, field)
            if value is not None and not 1 <= value <= last:
                out.append(f"units.{name}.{field}: {value} is not a turn (1-{last})")
    return out + event_problems(campaign)


def event_problems(campaign: Campaign) -> list[str]:
    """The events (:mod:`strategic.events`): none after the save's turn, units of the game, players' names and
    orders naming units of the game, rolls whose faces fit their dice; the campaign's rolls among the events are
    the last rolls of the dice log (a version 1 or 2 save's earlier rolls are in the log only)."""
    state, out = campaign.state, []
    players = {p.value for p in Player}
    for i, event in enumerate(state.events):
        if not 0 <= event.turn <= state.turn:
            out.append(f"events.{i}.turn: {event.turn}, after the save's turn {state.turn}")
        named = unit_named(event)
        if named is not None and (not isinstance(named, str) or named not in state.units):
            field = "data.unit" if isinstance(event, Noted) else "unit"
            out.append(f"events.{i}.{field}: {named!r} is not a unit of the game")
        if isinstance(event, OrderGiven | OrderRefused):
            if event.player not in players:
                out.append(f"events.{i}.player: '{event.player}' is not a player ({', '.join(sorted(players))})")
            unit = getattr(event.order, "unit", None)
            if unit is not None and unit not in state.units:
                out.append(f"events.{i}.order.unit: '{unit}' is not a unit of the game")
        if isinstance(event, DiceRolled):
            problem = _roll_problem([event.label, event.rule, event.sides, list(event.faces)])
            if problem:
                out.append(f"events.{i}: {problem}")
        if len(out) > 40:
            return out
    rolls = [(e.label, e.rule, e.sides, tuple(e.faces)) for e in state.events if isinstance(e, DiceRolled)]
    logged = [(r.label, r.rule, r.sides, r.faces) for r in campaign.dice.log[len(campaign.dice.log) - len(rolls):]]
    if rolls and logged != rolls:
        out.append(f"events: the {len(rolls)} dice event(s) are not the last rolls of dice.log")
    return out


def damage_problems(campaign: Campaign) -> list[str]:
    """Damage points of each counter afloat within 0..defence x ``in-port-sink-multiplier`` (R-CMB-05), none for
    an awaiting counter (VITP 4.5) or one without a defence factor.  At a decision point a ship damaged in port
    beyond its defence may be at sea (it sailed damaged), so the in-port bound holds at sea too; the stricter
    bound of a finished game is :func:`strategic.invariants.check_damage`'s."""
    multiplier = campaign.data.constant_number("in-port-sink-multiplier")
    out = []
    for name, us in campaign.state.units.items():
        if us.status in (UnitStatus.SUNK, UnitStatus.REMOVED) or name not in campaign.data.units:
            continue
        top = 0 if us.status is UnitStatus.AWAITING else (campaign.unit_record(name).defence or 0) * multiplier
        if not 0 <= us.damage <= top:
            out.append(f"units.{name}.damage: {us.damage} damage points, outside 0-{top} for a {us.status.value} "
                       "counter (R-CMB-05; VITP 4.5)")
    return out


def _may_be_in(campaign: Campaign, name: str, port: str) -> bool:
    """A unit may sit in a port its side owns or may use; a disabled or captured ship waits for the return phase."""
    us = campaign.state.units[name]
    owner = campaign.state.port_owners.get(port)
    if owner is None:
        return True  # reported under port_owners
    if campaign.unit_record(name).type is UnitType.SS:
        return True
    return owner in (us.side.value, "neutral")


def _field_of(message: str) -> str:
    """An invariant message (``"roster: ..."``) as a problem of the save's ``units`` (or its own check)."""
    check, _, text = message.partition(": ")
    field = {"roster": "units", "places": "units", "damage": "units", "losses": "units/events",
             "poc": "poc"}.get(check, check)
    return f"{field}: {text}"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


__all__ = ["damage_problems", "data_problems", "dice_problems", "game_problems", "schema_problems"]
