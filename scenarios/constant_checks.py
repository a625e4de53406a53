"""What each rule constant may be (R-DATA-05): the shape a rule reads it in and the values the rule can take.

A constant is overridable data (``--data DIR``, by name), so a mistaken override must be refused by ``vas data
check`` and before any game starts, naming its file and line, instead of failing on the turn its rule is first used
(a list where one number is read) or playing on silently (a U-Boat strength of -3, a die face 7, a name misspelt
so that the override replaces nothing).  The bounds are the widest values each rule still makes sense with, not
the games' own figures: a user may play a variant.
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import get_close_matches
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scenarios.loader import CampaignData


@dataclass(frozen=True)
class ConstantRule:
    """``faces``: a list of die faces or modified rolls from ``low`` to ``high``, each once (one integer is read as
    a list of one); otherwise one whole number from ``low`` to ``high``."""

    faces: bool = False
    low: int = 0
    high: int = 0


FACES = ConstantRule(faces=True, low=1, high=6)
MODIFIED_ROLLS = ConstantRule(faces=True, low=1, high=12)  # a face plus the attack bonus
TURN = ConstantRule(low=1, high=20)
ROUNDS = ConstantRule(low=0, high=10)
POC = ConstantRule(low=0, high=29)

CONSTANT_RULES: dict[str, ConstantRule] = {
    # scenarios/data/combat.yaml: the classic combat tables (R-CMB-01..03)
    "attack-bonus-per-die": ConstantRule(low=0, high=5),
    "was-hit-min-roll": ConstantRule(low=1, high=7),
    "was-disable-rolls": MODIFIED_ROLLS,
    "was-damage-disable-faces": FACES,
    "vitp-hit-min-roll": ConstantRule(low=1, high=7),
    "vitp-disable-rolls": MODIFIED_ROLLS,
    "vitp-damage-disable-faces": FACES,
    "asw-sink-faces": FACES,
    "asw-disable-faces": FACES,
    "asw-dice-per-ship": ConstantRule(low=0, high=10),
    "asw-dice-per-carrier": ConstantRule(low=0, high=10),
    "in-port-sink-multiplier": ConstantRule(low=1, high=10),
    "amphibious-in-port-damage-per-hit": ConstantRule(low=1, high=10),
    "vitp-day-night-japan-faces": FACES,
    "pursuit-speed-margin": ConstantRule(low=-10, high=10),
    "was-pursuit-rounds": ROUNDS,
    "vitp-pursuit-rounds": ROUNDS,
    "battle-round-cap": ConstantRule(low=1, high=1000),
    "was-damaged-ship-loses-bonus": ConstantRule(low=0, high=1),
    "vitp-port-raid-rounds": ROUNDS,
    "surprise-raid-rounds": ROUNDS,
    "surprise-indonesia-bonus-rounds": ROUNDS,
    "pearl-harbor-force-rounds": ROUNDS,
    # scenarios/data/constants.yaml: the operational rules
    "vitp-speed-roll-always-fails": FACES,
    "oil-roll-success": FACES,
    "air-and-landing-return-delay": ConstantRule(low=0, high=10),
    "u-boat-full-strength": ConstantRule(low=0, high=100),
    "isolation-turns": ConstantRule(low=1, high=10),
    "automatic-victory-lead": ConstantRule(low=1, high=99),
    "italian-side-change-turn": TURN,
    "italian-side-change-faces": FACES,
    "early-war-saigon-turn": TURN,
    "campaign-flights-per-air-factor": ConstantRule(low=0, high=10),
    "campaign-boats-per-submarine": ConstantRule(low=1, high=10),
    "convoy-poc-england": POC,
    "convoy-poc-russia": POC,
    "neutral-port-stay-poc": POC,
}
"""Every constant the rules read, with what it may be (R-DATA-05)."""


def check_constants(data: CampaignData) -> list[str]:
    """Each constant of ``data`` against :data:`CONSTANT_RULES`: ``file:line: constants (name).value: problem``."""
    problems: list[str] = []
    for name, constant in data.constants.items():
        where = f"{data.where('constants', name)}: constants ({name})"
        rule = CONSTANT_RULES.get(name)
        if rule is None:
            near = get_close_matches(name, CONSTANT_RULES, n=1)
            hint = f"; did you mean '{near[0]}'?" if near else ""
            problems.append(f"{where}.name: no rule reads a constant of that name, so it would change nothing{hint}")
            continue
        problem = _value_problem(rule, constant.value)
        if problem:
            problems.append(f"{where}.value: {problem}")
    return problems


def _value_problem(rule: ConstantRule, value: int | list[int]) -> str:
    if rule.faces:
        faces = value if isinstance(value, list) else [value]
        wrong = [f for f in faces if not rule.low <= f <= rule.high]
        if wrong:
            kind = "die faces" if rule.high == 6 else "modified rolls"
            return f"{kind} are {rule.low} to {rule.high}, not {', '.join(map(str, wrong))}"
        if len(set(faces)) != len(faces):
            return "names a die face twice"
        return ""
    if isinstance(value, list):
        return f"one whole number from {rule.low} to {rule.high} is read here, not a list"
    if not rule.low <= value <= rule.high:
        return f"must be from {rule.low} to {rule.high}, not {value}"
    return ""
