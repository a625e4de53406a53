"""Saving and loading a campaign: versioned JSON, written atomically.

A save holds the whole :class:`~strategic.state.CampaignState` (with the dice's generator state), so loading it
and continuing gives exactly the game an unsaved run would have played (DESIGN.md; case E-02).  The simpy
clock is rebuilt from the saved turn, step and decider.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from scenarios.loader import CampaignData
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.combat import BattleResolver
from strategic.json_files import read_json, write_text_atomic
from strategic.state import STATE_VERSION, CampaignState
from tactical.dice import Dice


class SaveError(ValueError):
    """A save file that cannot be read: the message names the file and the problem."""


def save(campaign: Campaign, path: Path) -> None:
    """Write the game to ``path`` atomically (a temporary file in the same folder, then a rename): a crash
    never leaves a half-written save, and the previous save survives until the new one is complete."""
    campaign.state.dice = campaign.dice.state()
    write_text_atomic(Path(path), campaign.state.to_json())


def load(path: Path, data: CampaignData, resolver: BattleResolver | None = None) -> tuple[Campaign, Clock]:
    """Read a save and resume the game at its saved decision.  Raises :class:`SaveError` naming the file for an
    unreadable, corrupt, wrong-version or data-incompatible save."""
    campaign = load_state(path, data, resolver)
    return campaign, Clock(campaign, resume=True)


def load_state(path: Path, data: CampaignData, resolver: BattleResolver | None = None) -> Campaign:
    """Read a save without running the game on (for inspection, e.g. the odds advisor).  Errors as :func:`load`."""
    path = Path(path)
    raw = read_json(path, SaveError, unreadable="{path}: cannot read the save: {reason}",
                    invalid="{path}:{line}: not a save file (invalid JSON: {msg})")
    if not isinstance(raw, dict) or "version" not in raw:
        log = isinstance(raw, dict) and {"events", "sides"} <= set(raw)
        hint = " (it is a battle log: vas play --battle-log FILE, vas battle --replay FILE)" if log else ""
        raise SaveError(f"{path}: not a save file (it has no 'version'){hint}")
    version = raw.get("version")
    if version != STATE_VERSION:
        raise SaveError(f"{path}: save version {version!r}, this program reads version {STATE_VERSION}")
    try:
        state = CampaignState.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise SaveError(f"{path}: {where}: {first['msg']} ({exc.error_count()} problem(s))") from exc
    missing = sorted(set(state.units) - set(data.units))
    if missing:
        raise SaveError(f"{path}: units not in the campaign data: {', '.join(missing[:5])}")
    for name, unit in state.units.items():
        if unit.place is not None and data.place_theatre(unit.place) is None:
            raise SaveError(f"{path}: units.{name}.place: unknown place '{unit.place}'")
        if unit.damage < 0:
            raise SaveError(f"{path}: units.{name}.damage: {unit.damage} is negative")
        nation = data.nations[data.units[name].nation]
        if unit.controller is not nation.player and data.units[name].nation != "IT":
            raise SaveError(f"{path}: units.{name}.controller: {unit.controller.value} does not command "
                            f"{nation.name} (002 §3; loans are recorded in loaned_to)")
    for area in state.control:
        if area not in data.areas:
            raise SaveError(f"{path}: control: unknown sea area '{area}'")
    if state.setup not in data.setups:
        raise SaveError(f"{path}: set-up '{state.setup}' is not in the campaign data")
    dice = Dice.from_state(state.dice) if state.dice else Dice(state.seed)
    return Campaign(data, state, dice, resolver)
