"""Saving and loading a campaign: versioned JSON, written atomically.

A save holds the whole :class:`~strategic.state.CampaignState` (with the dice's generator state), so loading it
and continuing gives exactly the game an unsaved run would have played (DESIGN.md; case E-02).  The simpy
clock is rebuilt from the saved turn, step and decider.  Since version 3 the events are typed
(:mod:`strategic.events`) and the campaign's dice rolls and the players' orders are among them; version 1 and 2
saves are converted as they load.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from pydantic import ValidationError

from scenarios.errors import InputError
from scenarios.loader import CampaignData
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.combat import BattleResolver
from strategic.events import LEGACY_EVENTS_ADAPTER, LegacyEvent
from strategic.json_files import campaign_log_hint, read_json, write_text_atomic
from strategic.legacy_events import from_legacy
from strategic.save_checks import data_problems, dice_problems, game_problems, missing_problems, schema_problems
from strategic.state import READABLE_VERSIONS, STATE_VERSION, CampaignState
from tactical import Dice


class SaveError(InputError):
    """A save file that cannot be read or fails its checks: the message names the file and every problem
    (``problems``, each ``field path: problem``)."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        self.problems = list(problems or [])
        super().__init__(message)


MAX_SAVE_BYTES = 64 * 1024 * 1024
"""A save is a few MB at the end of a game (its events and dice log); anything far larger is not a save."""


def save(campaign: Campaign, path: Path) -> None:
    """Write the game to ``path`` atomically (a temporary file in the same folder, then a rename): a crash
    never leaves a half-written save, and the previous save survives until the new one is complete.  The save
    holds the combat (``state.combat``, set by whoever chose it) and every die rolled so far (issue 13 item 7)."""
    write_text_atomic(Path(path), save_text(campaign))


def save_text(campaign: Campaign) -> str:
    """The save of ``campaign`` as JSON text, with the ``--data`` folders it is played on (R-UI-111)."""
    state = campaign.state
    state.dice = campaign.dice.state(with_log=True)
    state.data_folders = data_folders(campaign.data)
    return state.to_json()


def data_folders(data: CampaignData) -> list[str]:
    """The override folders of ``data``, absolute, as a save records them (R-UI-111)."""
    return [str(Path(folder).resolve()) for folder in data.folders]


def saved_data_folders(path: Path) -> list[str]:
    """The ``--data`` folders the save at ``path`` was played on (R-UI-111); none for a game on the bundled data,
    and none for a file that is not a readable save (:func:`load_state` reports it)."""
    try:
        if not Path(path).is_file() or Path(path).stat().st_size > MAX_SAVE_BYTES:
            return []  # a pipe or a device (/dev/zero) is never read here: load_state refuses it
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):  # RecursionError: nested too deep (read_json says so)
        return []
    folders = raw.get("data_folders") if isinstance(raw, dict) else None
    if not isinstance(folders, list) or not all(isinstance(f, str) for f in folders):
        return []  # the save's schema check names the field
    return folders


def data_for_load(path: Path, given: list[str] | None) -> tuple[list[Path], str]:
    """The override folders to load the save at ``path`` on, and a note for the command's first line (R-UI-111):
    the folders given (``--data``), else the ones the save was played on.  A saved folder that is gone is a
    :class:`SaveError` naming it: the game is never played on other data without a word."""
    saved = saved_data_folders(path)
    if given:
        same = [str(Path(f).resolve()) for f in given] == saved
        note = "" if same or not saved else f"--data overrides the save's {', '.join(saved)}"
        return [Path(f) for f in given], note
    if not saved:
        return [], ""
    missing = [folder for folder in saved if not Path(folder).is_dir()]
    if missing:
        raise SaveError(f"{path}: the game was saved on --data {' '.join(saved)}: {', '.join(missing)}: no such "
                        "folder (put it back, or give --data DIR to play the game on other data)")
    return [Path(f) for f in saved], f"data: {', '.join(saved)} (as saved)"


def last_good_text(campaign: Campaign, clock: Clock) -> str | None:
    """The save text of the last good state after the engine failed (issue 13 item 1): the campaign itself when
    the failure was rewound (a battle: :class:`~strategic.engine_errors.BattleError`), else the clock's last
    checkpoint (``Clock(checkpoints=True)``), else ``None``."""
    if clock.error is None or clock.error.rewound:
        return save_text(campaign)
    return checkpoint_text(clock)


def checkpoint_text(clock: Clock) -> str | None:
    """The save text of the clock's last checkpoint (``Clock(checkpoints=True)``): the game at the start of the
    decision in progress, or ``None`` before the first decision."""
    if clock.checkpoint is None:
        return None
    state, dice = clock.checkpoint
    return state.model_copy(update={"dice": dice, "data_folders": data_folders(clock.campaign.data)}).to_json()


def load(path: Path, data: CampaignData, resolver: BattleResolver | None = None) -> tuple[Campaign, Clock]:
    """Read a save and resume the game at its saved decision.  Raises :class:`SaveError` naming the file for an
    unreadable, corrupt, wrong-version or data-incompatible save, or one that breaks the campaign's invariants
    (:mod:`strategic.save_checks`)."""
    campaign = load_state(path, data, resolver)
    return campaign, Clock(campaign, resume=True)


def load_state(path: Path, data: CampaignData, resolver: BattleResolver | None = None) -> Campaign:
    """Read and check a save without running the game on (for inspection, e.g. the odds advisor, or to choose
    the resolver from the save's ``combat``).  Errors as :func:`load`: every problem is listed at once."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError:
        size = 0  # read_json reports the real reason
    if size > MAX_SAVE_BYTES:
        raise SaveError(f"{path}: {size:,} bytes: not a save file (a save is at most {MAX_SAVE_BYTES:,} bytes)")
    raw = read_json(path, SaveError, unreadable="{path}: cannot read the save: {reason}",
                    invalid="{path}:{line}: not a save file (invalid JSON: {msg})")
    if hint := campaign_log_hint(raw):
        raise SaveError(f"{path}: not a save file{hint}")
    if not isinstance(raw, dict) or "version" not in raw:
        log = isinstance(raw, dict) and {"events", "sides"} <= set(raw)
        hint = " (it is a battle log: vas play --battle-log FILE, vas battle --replay FILE)" if log else ""
        raise SaveError(f"{path}: not a save file (it has no 'version'){hint}")
    version = raw.get("version")
    if isinstance(version, bool) or version not in READABLE_VERSIONS:
        raise SaveError(f"{path}: save version {version!r}, this program reads versions "
                        f"{', '.join(map(str, READABLE_VERSIONS))}")
    state = _state_of(path, raw, version)
    problems = data_problems(state, data) + dice_problems(state.dice)
    if version >= 2:  # a version-2 save always holds these (save_text writes them)
        problems += [f"{field}: missing (a version {version} save holds it)" for field in ("combat", "dice")
                     if not raw.get(field)]
    _refuse(path, problems)
    dice = Dice.from_state(state.dice) if state.dice else Dice(state.seed)
    state.version = STATE_VERSION
    campaign = Campaign(data, state, dice, resolver)
    campaign.loaded_version = version
    _refuse(path, game_problems(campaign))
    return campaign


def _state_of(path: Path, raw: dict, version: int) -> CampaignState:
    """The saved state; a version 1 or 2 save's untyped events are converted
    (:func:`strategic.legacy_events.from_legacy`: each to the type that words it exactly as saved, else kept as a
    :class:`~strategic.events.Noted`)."""
    problems = missing_problems(raw)
    old: list[LegacyEvent] = []
    if version < 3:
        try:
            old = LEGACY_EVENTS_ADAPTER.validate_python(raw.get("events", []))
        except ValidationError as exc:
            problems += [f"events.{p}" if not p.startswith("(") else f"events: {p}" for p in schema_problems(exc)]
        raw = {**raw, "events": []}
    try:
        state = CampaignState.model_validate(raw)
    except ValidationError as exc:
        _refuse(path, problems + schema_problems(exc))
    _refuse(path, problems)
    if version < 3:
        state.events = [from_legacy(e) for e in old]
    return state


def autosave_path(path: Path) -> Path:
    """Where the last good state goes when the engine fails: beside the user's save, never over it
    (``game.json`` -> ``game.autosave.json``).  An autosave's own autosave keeps its name (``game.autosave.json``,
    ``game.autosave-2.json`` -> ``game.autosave.json``): loading an autosave and stopping again wrote
    ``game.autosave.autosave.json``, one ``.autosave`` more each time (R-UI-137)."""
    path = Path(path)
    stem, suffix = AUTOSAVE_STEM.sub("", path.stem), path.suffix or ".json"
    target = path.with_name(f"{stem}.autosave{suffix}")
    return target if target != path else path.with_name(f"{stem}.autosave-2{suffix}")  # never over ``path``


AUTOSAVE_STEM = re.compile(r"\.autosave(-\d+)?$")
"""The end of an autosave's name (``.autosave``, or ``.autosave-2`` when the first was the file loaded)."""


def _refuse(path: Path, problems: list[str]) -> None:
    """Raise :class:`SaveError` listing ``problems`` (if any) as ``file: field: problem``."""
    if not problems:
        return
    lines = "\n".join(f"  {path}: {p}" for p in problems)
    raise SaveError(f"{path}: not a valid save: {len(problems)} problem(s):\n{lines}", problems)
