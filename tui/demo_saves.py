"""A bundled battle saved in the middle (``s`` in ``vas battle --demo NAME --human SIDE``; issue #16, R-SEAT-06).

The save holds what fights the battle again up to the question the player stopped at: the demo's name and seed
(:func:`tactical.demo_spec` gives the same battle), the fleets the player commands, every answer given so far in
the order asked (the answers the AI gave for him included), and what he left to the AI (the ships, ``o``; the rest
of a battle turn, ``t``).  ``vas battle --load FILE`` fights it again from its start with those answers and the same
dice, and opens the command screen at that question.  A file that is not such a save, or whose fields are wrong, is
refused naming the file and the field (:class:`DemoSaveError`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scenarios.errors import InputError
from strategic.json_files import read_json, write_text_atomic
from tactical import DEMOS, TacticalEntry, TacticalScriptError, UnknownOption, read_tactical_script, rule_options

KIND = "vas-demo-battle"
VERSION = 1


class DemoSaveError(InputError):
    """A demo battle's save that cannot be read (the message names the file and the field)."""


@dataclass
class DemoSave:
    """A demo battle stopped at a question (module docstring); ``humans``: the fleets (0, 1) the player commands."""

    demo: str
    seed: int
    humans: tuple[int, ...]
    answers: list[TacticalEntry]
    ships_left: dict[str, list[str]] = field(default_factory=dict)
    turns_left: dict[str, int] = field(default_factory=dict)
    battle_left: list[str] = field(default_factory=list)  # the players who left the rest to the AI (``A``)
    options: list[str] = field(default_factory=list)  # the tactical options (vas battle --option; issue 19)

    def to_json(self) -> dict[str, Any]:
        return {"kind": KIND, "version": VERSION, "demo": self.demo, "seed": self.seed, "humans": list(self.humans),
                "answers": [e.to_json() for e in self.answers], "ships_left": self.ships_left,
                "turns_left": self.turns_left, "battle_left": self.battle_left,
                **({"options": self.options} if self.options else {})}


def save_demo(path: Path, save: DemoSave) -> None:
    """Write ``save`` to ``path`` (atomically: a failed write leaves the old file); ``OSError`` when it cannot."""
    write_text_atomic(path, json.dumps(save.to_json(), indent=1) + "\n")


def _what_else(data: object) -> str:
    """Where a file that is not a saved demo battle opens, when its keys tell what it is (R-UI-101)."""
    keys = set(data) if isinstance(data, dict) else set()
    if {"sides", "victories", "turns_played"} <= keys:
        return "it is a battle log: vas battle --replay FILE prints it, vas play --battle-log FILE shows it"
    if {"setup", "turn", "phase"} <= keys:
        return "it is a campaign save: vas play --load FILE or vas run --load FILE opens it"
    return "a campaign save opens with vas play --load, a battle log with vas battle --replay"


def load_demo(path: Path) -> DemoSave:
    """The save in ``path``; :class:`DemoSaveError` naming the file and the field when it is not one."""
    # read_json: a FIFO or a device is refused, not read (it hung, R-UI-82); too deep or too large is not JSON
    data = read_json(path, DemoSaveError, unreadable="{path}: cannot read the file ({reason})",
                     invalid="{path}:{line}: not a saved battle (not JSON: {msg})")
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise DemoSaveError(f"{path}: kind: not a demo battle saved by vas battle ({_what_else(data)})")
    if data.get("version") != VERSION:
        raise DemoSaveError(f"{path}: version: {data.get('version')!r} is not {VERSION}")
    return _read(path, data)


def _read(path: Path, data: dict[str, Any]) -> DemoSave:
    demo, seed, humans = data.get("demo"), data.get("seed"), data.get("humans")
    if demo not in DEMOS:
        raise DemoSaveError(f"{path}: demo: {demo!r} is not a bundled battle ({', '.join(DEMOS)})")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise DemoSaveError(f"{path}: seed: {seed!r} is not a whole number of 0 or more")
    if not isinstance(humans, list) or not humans or any(h not in (0, 1) for h in humans) or len(set(humans)) < len(
            humans):
        raise DemoSaveError(f"{path}: humans: {humans!r} is not a list of the fleets 0 and/or 1")
    try:
        answers = read_tactical_script(data.get("answers"), f"{path}: answers")
    except TacticalScriptError as exc:
        raise DemoSaveError(str(exc)) from None
    ships, turns = data.get("ships_left", {}), data.get("turns_left", {})
    if not isinstance(ships, dict) or any(not isinstance(v, list) or not all(isinstance(n, str) for n in v)
                                          for v in ships.values()):
        raise DemoSaveError(f"{path}: ships_left: not a player -> list of ship names")
    if not isinstance(turns, dict) or any(not isinstance(t, int) or isinstance(t, bool) or t < 0
                                          for t in turns.values()):
        raise DemoSaveError(f"{path}: turns_left: not a player -> battle turn (0 or more)")
    battle = data.get("battle_left", [])
    if not isinstance(battle, list) or not all(isinstance(p, str) for p in battle):
        raise DemoSaveError(f"{path}: battle_left: not a list of players")
    options = data.get("options", [])
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise DemoSaveError(f"{path}: options: not a list of tactical option names")
    try:
        rule_options(options)
    except UnknownOption as exc:
        raise DemoSaveError(f"{path}: options: {exc}") from None
    return DemoSave(demo, seed, tuple(humans), answers, ships, turns, battle, options)


__all__ = ["DemoSave", "DemoSaveError", "load_demo", "save_demo"]
