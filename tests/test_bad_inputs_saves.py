"""Issue 13 item 8, the saves' and ``vas run``'s share of the bad-input corpus (``test_bad_inputs_commands.py`` has
the other commands').  Every case runs the real command in-process and checks the exit code, that the message
names the culprit (flag, file, field), that there is no traceback, and that every file present before is
unchanged (and no save or log was written)."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scenarios.loader import CampaignData, load_data
from tui.cli import main

Save = dict[str, Any]


@pytest.fixture(autouse=True)
def bundled_data_once(monkeypatch: pytest.MonkeyPatch, data: CampaignData) -> None:
    """The commands read the bundled data once for the whole corpus (the session's ``data``), not once a case;
    a ``--data`` folder is still read for real."""
    import tui.cli
    import tui.odds_command
    import tui.run_command

    def load(folders: list[Path] | None = None) -> CampaignData:
        return load_data(folders) if folders else data

    for module in (tui.cli, tui.odds_command, tui.run_command):
        monkeypatch.setattr(module, "load_data", load)


@pytest.fixture(scope="module")
def good_save(tmp_path_factory: pytest.TempPathFactory) -> Save:
    """A real save: the standard game after three turns of classic combat (turn 4, with sunk ships)."""
    path = tmp_path_factory.mktemp("good") / "game.json"
    assert main(["run", "--seed", "1", "--turns", "3", "--combat", "classic", "--save", str(path)]) == 0
    return json.loads(path.read_text())


def _first(save: Save, status: str, **where: str) -> str:
    return next(n for n, u in save["units"].items() if u["status"] == status
                and all(u.get(k) == v for k, v in where.items()))


def _set(path: str, value: Any) -> Callable[[Save], None]:
    def edit(save: Save) -> None:
        keys = path.split(".")
        target = save
        for key in keys[:-1]:
            target = target[int(key)] if isinstance(target, list) else target[key]
        target[keys[-1]] = value
    return edit


def _unit(which: str, **changes: Any) -> Callable[[Save], None]:
    """Change the first unit whose status is ``which``."""
    def edit(save: Save) -> None:
        save["units"][_first(save, which)].update(changes)
    return edit


def _delete_unit(save: Save) -> None:
    del save["units"]["Yamato"]


def _duplicate_unit(save: Save) -> None:
    save["units"]["Yamato II"] = dict(save["units"]["Yamato"])


def _sunk_back_at_sea(save: Save) -> None:
    save["units"]["Ark Royal"].update(status="sea", place="North Sea", mode="patrol", damage=0)


def _japanese_in_england(save: Save) -> None:
    save["units"]["Yamato"]["place"] = "England"


def _drop_sunk_events(save: Save) -> None:
    save["events"] = [e for e in save["events"] if e["kind"] != "sunk"]


def _drop_poc_history(save: Save) -> None:
    save["poc_history"] = []


def _no_field(name: str) -> Callable[[Save], None]:
    def edit(save: Save) -> None:
        del save[name]
    return edit


def _dice(**changes: Any) -> Callable[[Save], None]:
    def edit(save: Save) -> None:
        save["dice"].update(changes)
    return edit


def _bad_roll(save: Save) -> None:
    save["dice"]["log"][0] = ["speed roll", "VITP 6.221", 6, [7]]


def _first_event(**event: Any) -> Callable[[Save], None]:
    """Put ``event`` (turn 1, start phase) in place of the first event."""
    def edit(save: Save) -> None:
        save["events"][0] = {"turn": 1, "phase": "start", **event}
    return edit


def _change_a_roll(save: Save) -> None:
    roll = next(e for e in save["events"] if e["kind"] == "dice")
    roll["faces"] = [1 if roll["faces"][0] != 1 else 2]


def _bad_generator(save: Save) -> None:
    save["dice"]["bit_generator"]["state"]["state"] = "lots"


# (case id, edit, culprit named in the message)
SAVE_CASES: list[tuple[str, Callable[[Save], None], str]] = [
    ("unit-deleted", _delete_unit, "Yamato is missing"),
    ("unit-duplicated", _duplicate_unit, "units.Yamato II"),
    ("sunk-back-at-sea", _sunk_back_at_sea, "Ark Royal has a sunk event but is sea"),
    ("in-port-at-a-sea-area", _unit("port", place="North Sea"), "not a port or base"),
    ("at-sea-in-a-port", _unit("port", status="sea", place="Malta", mode="patrol"), "not a sea area"),
    ("huge-damage", _unit("port", damage=10**6), "1000000 damage points"),
    ("negative-damage", _unit("port", damage=-3), "-3 damage points"),
    ("awaiting-with-damage", _unit("awaiting", damage=2), "outside 0-0 for a awaiting"),
    ("japanese-battleship-in-england", _japanese_in_england, "units.Yamato.place: England is not a port the axis"),
    ("unknown-place", _unit("port", place="Atlantis"), "unknown place 'Atlantis'"),
    ("unknown-status", _unit("port", status="flying"), ".status: Input should be"),
    ("wrong-controller", _unit("port", controller="japan"), ".controller: japan does not command"),
    ("wrong-side", _unit("port", side="axis"), ".side: axis, but"),
    ("loaned-to-japan", _unit("port", loaned_to="japan"), ".loaned_to: japan"),
    ("turn-minus-5", _set("turn", -5), "turn: -5 is not a turn"),
    ("turn-0", _set("turn", 0), "turn: 0 is not a turn"),
    ("turn-11", _set("turn", 11), "turn: 11 is not a turn"),
    ("turn-huge", _set("turn", 10**9), "turn: 1000000000 is not a turn"),
    ("turn-text", _set("turn", "four"), "turn: Input should be a valid integer"),
    ("step-99", _set("step", 99), "step: 99 is not a step"),
    ("phase-mismatch", _set("phase", "combat"), "phase: combat, but step 1"),
    ("decider-9", _set("decider", 9), "decider: 9 is not one of"),
    ("poc-99999", _set("poc.WAS", 99999), "poc: the track is"),
    ("poc-history-dropped", _drop_poc_history, "poc: 3 poc event(s) for 0 POC record(s)"),
    ("sunk-events-dropped", _drop_sunk_events, "is sunk without a sunk event"),
    ("winner-martians", _set("winner", "martians"), "winner: 'martians' is not a side"),
    ("winner-mid-game", _set("winner", "axis"), "winner: end:"),
    ("theatre-result-martians", _set("theatre_results", {"WAS": "martians"}), "theatre_results.WAS: 'martians'"),
    ("empty-port-owners", _set("port_owners", {}), "port_owners: no owner for"),
    ("unknown-port-owner", _set("port_owners.Atlantis", "axis"), "port_owners.Atlantis: not a port"),
    ("unknown-control-area", _set("control.Atlantis", "axis"), "control.Atlantis: not a sea area"),
    ("pending-battle-atlantis", _set("pending_battles", ["Atlantis"]), "pending_battles: 'Atlantis'"),
    ("unknown-setup", _set("setup", "moon"), "setup: 'moon' is not a set-up"),
    ("unknown-field", _set("cheats", True), "cheats: Extra inputs are not permitted"),
    ("no-seed", _no_field("seed"), "seed: Field required"),
    ("no-units", _no_field("units"), "units: Field required"),
    # R-UI-120: a field with a default is missing, not defaulted (a unit without status was read as awaiting)
    ("no-phase", _no_field("phase"), "phase: missing (every save holds it)"),
    ("no-unit-status", lambda s: s["units"]["Yamato"].pop("status"),
     "units.Yamato.status: missing (every saved unit holds it)"),
    ("dice-seed-text", _dice(seed="lucky"), "dice.seed: not a whole number"),
    ("dice-key-text", _dice(key="x"), "dice.key: not a list"),
    ("dice-generator-garbage", _dice(bit_generator={"bit_generator": "MT19937"}), "dice.bit_generator: not a PCG64"),
    ("dice-generator-state-text", _bad_generator, "dice.bit_generator"),
    ("dice-unknown-field", _dice(loaded=True), "dice: unknown field(s) loaded"),
    ("dice-log-not-a-list", _dice(log="many"), "dice.log: not a list"),
    ("dice-roll-impossible", _bad_roll, "dice.log.0: faces [7]: not faces of a d6"),
    ("version-4", _set("version", 4), "save version 4"),
    ("version-true", _set("version", True), "save version True"),
    ("version-text", _set("version", "2"), "save version '2'"),
    ("version-missing", _no_field("version"), "not a save file (it has no 'version')"),
    ("combat-laser", _set("combat", "laser"), "combat: Input should be"),
    ("combat-missing", _no_field("combat"), "combat: missing"),
    ("dice-missing", _no_field("dice"), "dice: missing"),
    ("turn-true", _set("turn", True), "turn: Input should be a valid integer"),
    ("turn-5000-digits", _set("turn", "__5000_DIGITS__"), "not a save file (invalid JSON: Exceeds the limit"),
    ("axis-result-without-winner", _set("theatre_results", {"WAS": "axis"}), "theatre_results: the Axis has won"),
    ("unknown-option", _set("options", {"godmode": True}), "options.godmode: not an option"),
    ("negative-seed", _set("seed", -1), "seed: -1"),
    ("negative-isolation", _set("isolation", {"Philippines": -3}), "isolation.Philippines: -3 turns"),
    ("fought-twice", _set("fought_battles", ["North Sea", "North Sea"]), "fought_battles: an area is listed twice"),
    ("fought-atlantis", _set("fought_battles", ["Atlantis"]), "fought_battles: 'Atlantis'"),
    ("air-attacked-nobody", _set("air_attacked", ["Nobody"]), "air_attacked: 'Nobody'"),
    ("pending-twice", _set("pending_battles", ["North Sea", "North Sea"]), "pending_battles: a battle is listed twice"),
    ("frozen-nobody", _set("war.frozen", ["Nobody"]), "war.frozen: 'Nobody'"),
    ("sailed-from-atlantis", _unit("port", sailed_from="Atlantis"), ".sailed_from: unknown place 'Atlantis'"),
    ("arrive-at-nowhere", _unit("awaiting", arrive_at=["Nowhere"]), ".arrive_at: unknown place 'Nowhere'"),
    ("inactive-until-minus-100", _unit("port", inactive_until=-100), ".inactive_until: -100 is not a turn"),
    ("due-turn-huge", _unit("awaiting", due_turn=10**30), ".due_turn: "),
    ("event-from-the-future", _set("events.3.turn", 9), "events.3.turn: 9, after the save's turn 4"),
    ("event-names-nobody", _first_event(kind="arrival", unit="Nobody", place="England", at="port"),
     "events.0.unit: 'Nobody' is not a unit of the game"),
    ("event-unknown-kind", _first_event(kind="teleport"), "events.0: Input tag 'teleport' found using 'kind'"),
    ("event-field-missing", _first_event(kind="arrival", place="England", at="port"),
     "events.0.arrival.unit: Field required"),
    ("event-field-wrong", _first_event(kind="speed_roll", unit="Hood", face="six", speed=6, success=True),
     "events.0.speed_roll.face: Input should be a valid integer"),
    ("event-roll-impossible", _first_event(kind="dice", label="speed roll Hood", sides=6, faces=[7]),
     "events.0: faces [7]: not faces of a d6"),
    ("event-roll-not-rolled", _change_a_roll, "dice event(s) are not the last rolls of dice.log"),
    ("event-order-names-nobody", _first_event(kind="order", player="japan", order={
        "kind": "air", "unit": "Nobody", "area": "North Sea"}), "events.0.order.unit: 'Nobody' is not a unit"),
    ("event-order-malformed", _first_event(kind="order", player="japan", order={"kind": "move", "unit": "Yamato"}),
     "events.0.order.order.move.path: Field required"),
    ("event-order-of-nobody", _first_event(kind="order", player="italy", order={"kind": "attack"}),
     "events.0.player: 'italy' is not a player"),
]

RAW_CASES: list[tuple[str, bytes, str]] = [
    ("empty-file", b"", "not a save file (invalid JSON"),
    ("not-json", b"this is my save", "not a save file (invalid JSON"),
    ("a-json-list", b"[1, 2, 3]", "not a save file (it has no 'version')"),
    ("binary", b"\xff\xfe\x00garbage\x80", "not UTF-8"),
    ("nested-too-deep", b"[" * 100_000, "nested too deeply"),
    ("repeated-key", b'{"version": 2, "version": 1}', "the key 'version' appears twice"),
    ("battle-log", json.dumps({"events": [], "sides": ["a", "b"]}).encode(), "it is a battle log"),
    ("utf8-bom-list", b"\xef\xbb\xbf[1]", "not a save file (it has no 'version')"),
]


def _tree(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "special"
            for p in sorted(folder.rglob("*")) if p.is_file() or p.is_fifo() or p.is_symlink()}


def _run_refused(args: list[str], folder: Path, capsys: pytest.CaptureFixture, code: int, culprit: str) -> str:
    before = _tree(folder)
    assert main(args) == code
    out = capsys.readouterr()
    assert culprit in out.err, out.err
    assert "Traceback" not in out.err + out.out
    assert _tree(folder) == before  # nothing changed, nothing written
    return out.err


@pytest.mark.parametrize(("case", "edit", "culprit"), SAVE_CASES, ids=[c[0] for c in SAVE_CASES])
@pytest.mark.parametrize("command", ["run", "play", "odds"])
def test_a_broken_save_is_refused_with_every_problem_named(
        good_save: Save, tmp_path: Path, capsys: pytest.CaptureFixture, command: str, case: str,
        edit: Callable[[Save], None], culprit: str) -> None:
    broken = json.loads(json.dumps(good_save))
    edit(broken)
    path = tmp_path / f"{case}.json"
    path.write_text(json.dumps(broken).replace('"__5000_DIGITS__"', "9" * 5000))
    args = {"run": ["run", "--load", str(path), "--save", str(tmp_path / "out.json")],
            "play": ["play", "--load", str(path)],
            "odds": ["odds", str(path), "North Sea"]}[command]
    err = _run_refused(args, tmp_path, capsys, 1, culprit)
    assert str(path) in err


@pytest.mark.parametrize(("case", "content", "culprit"), RAW_CASES, ids=[c[0] for c in RAW_CASES])
def test_a_file_that_is_not_a_save_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture, case: str,
                                              content: bytes, culprit: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    err = _run_refused(["run", "--load", str(path)], tmp_path, capsys, 1, culprit)
    assert str(path) in err


def test_every_problem_of_a_save_is_listed_at_once(good_save: Save, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture) -> None:
    broken = json.loads(json.dumps(good_save))
    _set("turn", 4)(broken)
    for edit in (_unit("port", damage=10**6), _set("winner", "martians"), _dice(seed="lucky"),
                 _set("port_owners.Atlantis", "axis")):
        edit(broken)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(broken))
    err = _run_refused(["run", "--load", str(path)], tmp_path, capsys, 1, "problem(s)")
    assert "port_owners.Atlantis" in err and "dice.seed" in err  # the data stage lists both


def test_a_save_that_is_a_folder_or_missing_or_huge_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    (tmp_path / "folder.json").mkdir()
    _run_refused(["run", "--load", str(tmp_path / "folder.json")], tmp_path, capsys, 1, "cannot read the save")
    _run_refused(["run", "--load", str(tmp_path / "missing.json")], tmp_path, capsys, 1, "missing.json")
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(65 * 1024 * 1024)  # sparse: no disk used
    _run_refused(["run", "--load", str(huge)], tmp_path, capsys, 1, "not a save file (a save is at most")


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/null"])
def test_a_device_is_not_read_as_a_save(tmp_path: Path, capsys: pytest.CaptureFixture, special: str) -> None:
    _run_refused(["run", "--load", special], tmp_path, capsys, 1, f"{special}: cannot read the save: not a regular")


def test_a_save_with_a_byte_order_mark_loads(good_save: Save, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(good_save).encode())  # as Windows Notepad writes it
    assert main(["run", "--load", str(path), "--turns", "1"]) == 0


def test_a_save_written_by_the_program_loads(good_save: Save, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """The corpus's base save is good: each case above fails only by its edit."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(good_save))
    assert main(["run", "--load", str(path), "--turns", "1"]) == 0
    assert "Traceback" not in capsys.readouterr().err


RUN_CASES: list[tuple[str, list[str], int, str]] = [
    ("load-with-seed", ["--load", "{save}", "--seed", "3"], 2, "--seed cannot be used with --load"),
    ("load-with-setup", ["--load", "{save}", "--setup", "was_only"], 2, "--setup/--start cannot be used with --load"),
    ("save-is-a-folder", ["--save", "{dir}"], 2, "--save"),
    ("log-is-a-folder", ["--log", "{dir}"], 2, "--log"),
    ("save-and-log-same", ["--save", "{dir}/x.json", "--log", "{dir}/x.json"], 2, "--save and --log name the same"),
    ("save-and-load-dir", ["--save", "{file}/x.json"], 2, "is a file, not a folder"),
    ("log-under-a-file", ["--log", "{file}/log.txt"], 2, "--log"),
    ("battle-logs-is-a-file", ["--battle-logs", "{file}"], 2, "--battle-logs"),
    ("battle-logs-same-as-save", ["--battle-logs", "{dir}/b", "--save", "{dir}/b"], 2, "name the same file"),
    ("battle-logs-classic", ["--battle-logs", "{dir}/logs", "--combat", "classic"], 2, "--battle-logs"),
    ("unknown-player", ["--ai", "martians"], 2, "martians"),
    ("turns-0", ["--turns", "0"], 2, "--turns"),
    ("turns-text", ["--turns", "many"], 2, "--turns"),
    ("seed-text", ["--seed", "lucky"], 2, "--seed"),
    ("setup-moon", ["--setup", "moon"], 2, "moon"),
    ("combat-laser", ["--combat", "laser"], 2, "--combat"),
    ("data-missing", ["--data", "{dir}/nowhere"], 1, "nowhere"),
    ("load-missing", ["--load", "{dir}/nowhere.json"], 1, "nowhere.json"),
    ("log-over-the-loaded-save", ["--load", "{save}", "--log", "{save}"], 2, "would overwrite the --load file"),
    ("save-to-a-device", ["--save", "{device}"], 2, "is not a regular file"),
    ("log-and-save-through-a-link", ["--log", "{link}", "--save", "{dir}/plain.txt"], 2, "name the same file"),
    ("seed-negative", ["--seed", "-1"], 2, "--seed"),
]


@pytest.mark.parametrize(("case", "args", "code", "culprit"), RUN_CASES, ids=[c[0] for c in RUN_CASES])
def test_vas_run_refuses_bad_flags_before_any_work(
        good_save: Save, tmp_path: Path, capsys: pytest.CaptureFixture, case: str, args: list[str], code: int,
        culprit: str) -> None:
    save = tmp_path / "game.json"
    save.write_text(json.dumps(good_save))
    plain = tmp_path / "plain.txt"
    plain.write_text("a file")
    link = tmp_path / "link.txt"
    link.symlink_to(plain)
    device = tmp_path / "fifo"
    os.mkfifo(device)  # a pipe: written to, it would hang or vanish
    filled = [a.format(save=save, dir=tmp_path, file=plain, link=link, device=device) for a in args]
    if code == 2 and case in ("turns-0", "turns-text", "seed-text", "combat-laser", "seed-negative"):
        with pytest.raises(SystemExit) as stop:  # argparse's own usage error
            main(["run", *filled])
        assert stop.value.code == 2
        assert culprit in capsys.readouterr().err
        return
    before = _tree(tmp_path)
    _run_refused(["run", *filled], tmp_path, capsys, code, culprit)
    assert _tree(tmp_path) == before


def test_overwriting_a_save_says_so(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "game.json"
    assert main(["run", "--turns", "1", "--combat", "classic", "--save", str(path)]) == 0
    assert "(the file that was there is replaced)" not in capsys.readouterr().out
    assert main(["run", "--turns", "1", "--combat", "classic", "--save", str(path)]) == 0
    assert f"Saved to {path} (the file that was there is replaced)" in capsys.readouterr().out


def test_the_corpus_has_over_a_hundred_cases_with_the_other_commands() -> None:
    here = len(SAVE_CASES) * 3 + len(RAW_CASES) + len(RUN_CASES) + 3
    assert here >= 100
