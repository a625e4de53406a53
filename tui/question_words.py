"""Each kind of battle question in the player's words, in one place (issue: internal names on the command screen).

A battle question has a kind: the classic War at Sea / VITP decisions (:mod:`strategic.classic.scripts`:
``was_air_strikes``, ``gunnery_targets`` ...) and the questions of the Victory at Sea table
(:class:`tactical.Captain`: ``plan_aa``, ``choose_scouts`` ...).  The engine speaks of them by those names; the
player reads:

* :func:`sentence`: what the question decides ("the AA fire of Hood"): :data:`CLASSIC` for the classic decisions,
  the table's titles (:data:`tui.table_prompts.TITLES`) for the others;
* :func:`typed_hint`: the command screen's hint for an answer typed as JSON, with an example of its form
  (:data:`TYPED_JSON`: each example reads as an answer of its kind, the tests check it);
* :func:`player_error`: a typed answer of the wrong form, without the engine's names (``plan_aa``, ``AAShot``,
  ``at 0``): what it should have been, and where;
* :func:`waiting_words`: the game stopped at a battle question (the Orders panel, the status line): who is asked
  to decide what, where; :func:`waiting_hint`: the same in short, for the order line.
"""

from __future__ import annotations

import re

from strategic.battle_names import waiting_name
from strategic.campaign import Campaign
from strategic.classic.scripts import Question, is_order_entry
from tactical import TacticalQuestion
from tui.labels import player_label
from tui.table_prompts import TITLES as TABLE_TITLES

CLASSIC = {
    "submarine_targets": "each submarine's target",
    "was_air_strikes": "air strikes: one air factor at most on each target",
    "gunnery_targets": "gunnery: each ship's target",
    "air_targets": "air strikes: each air unit's target, all its factors together",
    "day_or_night": "a day (air) or night (gunnery) round",
    "run_or_fight": "whether the forces in the Hawaiian Islands run or fight",
    "night_firing_carriers": "the carriers that will fire tonight",
    "withdraw": "the units that withdraw after this round",
    "order_battles": "the order in which the battles are fought",
    "pursue": "the pursuers of the withdrawing enemy",
    "landings": "where each landing unit goes ashore",
    "retreat_ports": "the port each unit leaving the battle goes to",
}
"""What each classic decision decides (the combat screen's title)."""

TYPED_JSON: dict[str, tuple[str, str]] = {
    "choose_scouts": ('[["Cumberland"], 1]', "the ships scouting, then how many Observation Flights"),
    "deploy": ('{"Hood": [[30, 3], 0]}', "each ship's place in inches from the south-west corner, and heading"),
    "deploy_flights": ('{"Ark Royal F-1": [30, 3]}', "each Flight's place in inches"),
    "deploy_boats": ('{"MTB Section 1": [30, 3]}', "each MTB Section's place in inches"),
    "return_point": ("24", "inches along the edge"),
    "deep_deploy": ('["Ark Royal"]', "the carriers, or []"),
    "choose_launch": ('["Ark Royal F-1", "Ark Royal T-1"]', "the Flights launched, or []"),
    "plan_flights": ('{"Ark Royal T-1": {"path": [[30, 20]], "attack": "Bismarck"}}',
                     "each Flight's waypoints in inches, and what it attacks, engages, escorts or lands on"),
    "plan_aa": ('[{"weapon": 3, "target": "Ju 87 T-1", "dice": 2}]',
                "each AA shot: weapon system number, target Flight, dice; [] for none"),
    "order_air_attacks": ('["Ark Royal T-1", "Ark Royal T-2"]', "the Flights in the order they attack"),
    "plan_boats": ('{"MTB Section 1": {"path": [[30, 10]], "attack": "Bismarck"}}',
                   "each MTB Section's waypoints in inches, and the ship it attacks"),
    "place_submarine": ("[[30, 20], 90]", "the place in inches, and heading"),
    "surface_hidden": ("[[30, 20], 90]", "the place in inches and heading, or null to stay hidden"),
    "assign_sub_hunters": ('["U-47"]', "the submarines hunted, or []"),
    "choose_depth": ('"submerged"', '"surfaced", "submerged" or "running deep"'),
    "plan_move": ('{"legs": [{"turn": 45, "distance": 4}]}', "turns in degrees (+ starboard), then inches ahead"),
    "plan_fire": ('{"shots": [{"weapon": 0, "target": "Bismarck", "dice": 4}]}',
                  "each shot: weapon system number, target, Attack Dice"),
    "damage_control": ('"engine"', '"engine", "weapons", "crew" or null'),
    "choose_order": ('"Flank Speed!"', "an Order's name, or null"),
    "choose_searchlight": ('"Bismarck"', "an enemy ship, or null"),
    "choose_radar_target": ('"Bismarck"', "an enemy ship, or null"),
    "choose_mover": ('"Hood"', "a ship's name"),
    "choose_firer": ('"Hood"', "a ship's name"),
    **{kind: ("true", "true or false") for kind in ("aircraft_first", "boats_first", "crash_dive", "escape",
                                                   "fire_first")},
}
"""An answer of each table question typed as JSON: an example, and what its parts are."""

SHAPES = {
    "AAShot": 'an AA shot, {"weapon": 3, "target": "Ju 87 T-1", "dice": 2}',
    "Shot": 'a shot, {"weapon": 0, "target": "Bismarck", "dice": 4}',
    "FirePlan": 'a fire plan, {"shots": [...]}',
    "MovePlan": 'a move, {"legs": [{"turn": 45, "distance": 4}]}',
    "Leg": 'a leg, {"turn": 45, "distance": 4}',
    "FlightMove": 'a Flight\'s move, {"path": [[30, 20]], "attack": "Bismarck"}',
    "BoatMove": 'an MTB Section\'s move, {"path": [[30, 10]], "attack": "Bismarck"}',
}
"""The engine's answer types as the player types them."""


def round_words(number: int) -> str:
    """``round 2``; a question asked before the first round (round 0: air strikes, day or night) says so (R-UI-54)."""
    return f"round {number}" if number >= 1 else "before round 1"


def sentence(kind: str, ship: str | None = None) -> str:
    """What a question of ``kind`` decides, about ``ship`` if it is a ship's ("the AA fire of Hood")."""
    if kind in CLASSIC:
        return CLASSIC[kind]
    if kind in TABLE_TITLES:
        return TABLE_TITLES[kind].format(ship=ship or "a ship")
    return kind.replace("_", " ")


def typed_hint(kind: str, hint: str) -> str:
    """The command screen's typed-answer hint for ``kind``: a prompt's own ``hint`` unless it is only "the answer
    as JSON", which gets an example of the JSON and what its parts are (a failed menu keeps its reason)."""
    if not hint.startswith("the answer as JSON") or kind not in TYPED_JSON:
        return hint
    example, parts = TYPED_JSON[kind]
    return f"JSON, e.g. {example} ({parts}){hint[len('the answer as JSON'):]}"


KINDS = (("a valid integer", "a whole number"), ("a valid number", "a number"), ("a valid boolean", "true or false"),
         ("a valid tuple", "a list [...]"), ("a valid list", "a list [...]"), ("a valid array", "a list [...]"),
         ("a valid dictionary", "an object {...}"), ("a valid string", "a name in quotes"))
"""The JSON types of pydantic's messages as a player writes them."""


def player_error(kind: str, message: str, ship: str | None = None) -> str:
    """A typed answer's refusal for its form in the player's words: ``answer: not an answer to plan_aa: Input
    should be a dictionary or an instance of AAShot at 0`` reads ``cannot read this as the AA fire of a ship: item 1
    should be an AA shot, {...}; e.g. [...]`` (the example of the whole answer).  Other refusals are kept."""
    example = TYPED_JSON.get(kind)
    if re.match(r"'.*' is not JSON: ", message, re.DOTALL) and example:
        return f"{message}; type JSON, e.g. {example[0]} ({example[1]})"
    match = re.fullmatch(rf"(?:answer: )?not an answer to {re.escape(kind)}: (.*?)(?: at (\S.*))?", message)
    if match is None:
        return message
    detail, location = match.groups()
    detail = re.sub(r"Input should be a dictionary or an instance of (\w+)",
                    lambda m: f"should be {SHAPES.get(m.group(1), 'an object {...}')}", detail)
    for engine, player in KINDS:
        detail = detail.replace(f"Input should be {engine}", f"should be {player}")
    detail = re.sub(r"^Input should be ", "should be ", detail).split(", unable to")[0]
    if location:
        detail = f"{_where(location)} {detail}"
    elif detail.startswith("should be"):
        detail = f"it {detail}"
    return f"cannot read this as {sentence(kind, ship)}: {detail}" + (f"; e.g. {example[0]}" if example else "")


def _where(location: str) -> str:
    """``0.weapon`` -> ``item 1, its weapon``; a name (a Flight's, a ship's) as it is."""
    words = []
    for part in location.split("."):
        words.append(f"item {int(part) + 1}" if part.isdigit() else
                     f"its {part}" if part.islower() else part)
    return ", ".join(words)


def waiting_words(campaign: Campaign) -> str | None:
    """Why the game cannot go on, the waiting battle question in the player's words ("the battle in North Sea waits
    for the Allies to decide air strikes: ..."); else the engine's reason (:attr:`Campaign.blocked`)."""
    asked = campaign.state.question
    if asked is None:
        return campaign.blocked
    who = player_label(asked.player)
    who = f"the {who}" if who == "Allies" else who
    if is_order_entry(asked.battle):
        question = Question.from_json(asked.question, "question")
        return f"{who} must decide {CLASSIC['order_battles']} ({question.area})"
    named = waiting_name(campaign)  # as the battle's dialog names it: "the air raid in North Sea on England"
    battle = f"the {named[:1].lower()}{named[1:]}"
    if asked.engine == "tactical":
        table = TacticalQuestion.from_json(asked.question, "question")
        when = f"turn {table.turn}, {table.phase}" if table.turn else \
            "the set-up" if table.phase == "set-up" else f"the set-up, {table.phase}"
        return f"{battle} waits for {who} to decide {sentence(table.question, table.ship)} ({when})"
    classic = Question.from_json(asked.question, "question")
    stage = "" if classic.stage == "round" else f", {classic.stage}"  # a stage named as the round is said once
    return (f"{battle} waits for {who} to decide {sentence(classic.decision)} "
            f"({round_words(classic.round)}{stage})")



def waiting_hint(campaign: Campaign) -> str | None:
    """The order line's hint while a battle question waits (R-UI-93), who is waited for first (a narrow line shows
    its start): "waiting for United States: Surprise attack in Hawaiian Islands on Pearl Harbor"; ``None`` when no
    question waits."""
    asked = campaign.state.question
    if asked is None:
        return None
    who = player_label(asked.player)
    who = f"the {who}" if who == "Allies" else who
    if is_order_entry(asked.battle):
        return f"waiting for {who} to decide {CLASSIC['order_battles']}"
    return f"waiting for {who}: {waiting_name(campaign)}"
