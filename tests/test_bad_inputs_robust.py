"""The holes a hostile-user hunt found in the command line (R-UI-80..84): each case had a traceback, an internal
error (exit 70), a hang or a message naming the wrong kind of file.  Each runs the real command in-process and
checks the exact message and exit code, and that no file was changed."""

from __future__ import annotations

import hashlib
import os
import threading
from pathlib import Path

import pytest

from strategic.json_files import CAMPAIGN_LOG
from strategic.replay import LOG_FORMAT
from tui.cli import main


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A save stopped on turn 1's pending battles with its campaign log (about 2 s), and a save waiting at the
    Allies' first combat question (about 2 s)."""
    folder = tmp_path_factory.mktemp("good")
    save, log, asked = folder / "save.json", folder / "camp.json", folder / "asked.json"
    assert main(["run", "--seed", "1", "--combat", "none", "--turns", "1", "--save", str(save),
                 "--log", str(log)]) == 3
    assert main(["run", "--seed", "3", "--combat", "classic", "--command", "allies", "--save", str(asked)]) == 3
    return {"save": save, "log": log, "asked": asked}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    try:
        code = main(argv)
    except SystemExit as stopped:  # argparse refuses a bad value with exit 2
        code = int(stopped.code or 0)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, err


def _hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("command", ["run", "play", "selfplay", "serve"])
@pytest.mark.parametrize("bid", ["WAS=inf", "WAS=-inf", "VITP=1e400", "VITP=nan"])
def test_a_bid_of_no_finite_number_is_bad_usage(command: str, bid: str, capsys: pytest.CaptureFixture[str]) -> None:
    """R-UI-80: ``--bid WAS=inf`` (and 1e400, which reads as inf) raised OverflowError inside argparse: a raw
    traceback, exit 1."""
    code, err = run([command, "--bid", bid], capsys)
    assert code == 2
    assert err.splitlines()[-1] == (f"vas {command}: error: argument --bid: the bid '{bid}' must be a multiple of 0.5 "
                                    "POC from -20 to 20")


def test_a_bug_in_an_argument_type_is_an_internal_error(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """R-UI-80: the arguments are read inside the one error report, so a type function that fails in a way argparse
    does not catch is exit 70 and one line, not a traceback."""
    import tui.arguments
    import tui.battle_cli

    def broken(text: str) -> int:
        raise OverflowError("too big")

    # the battle command took the name when it was imported (another test may have imported it first)
    monkeypatch.setattr(tui.arguments, "seed_number", broken)
    monkeypatch.setattr(tui.battle_cli, "seed_number", broken)
    code, err = run(["battle", "--seed", "3"], capsys)
    assert code == 70
    assert err.startswith("vas battle: internal error (OverflowError: too big); the details are in ")
    Path(err.split("the details are in ")[1].split(";")[0]).unlink()


def test_an_internal_error_of_vas_run_names_the_command(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """R-UI-80: ``vas run`` has a ``--command`` option of its own, which hid the command's name: ``vas :``."""
    import tui.run_command

    def broken(args: object) -> int:
        raise KeyError("seed")

    monkeypatch.setattr(tui.run_command, "cmd_run", broken)
    code, err = run(["run", "--command", "allies"], capsys)
    assert code == 70
    assert err.startswith("vas run: internal error (KeyError: 'seed'); the details are in ")
    Path(err.split("the details are in ")[1].split(";")[0]).unlink()


def test_an_answer_nested_too_deeply_is_refused(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """R-UI-81: ``--answer '[[[[...'`` thousands deep raised RecursionError: an internal error (exit 70)."""
    before = _hash(files["asked"])
    code, err = run(["run", "--load", str(files["asked"]), "--answer", "[" * 50_000 + "]" * 50_000,
                     "--save", str(files["asked"])], capsys)
    assert code == 2
    assert err == "vas run: --answer is not JSON (nested too deeply)\n"
    assert _hash(files["asked"]) == before


def test_an_answer_to_a_game_that_waits_for_none(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """R-UI-81: the message quotes the answer given (it read ``--answer : this game ...``)."""
    code, err = run(["run", "--load", str(files["save"]), "--answer", "[]"], capsys)
    assert code == 2
    assert err == "vas run: --answer []: this game waits for no combat answer\n"


@pytest.mark.parametrize(("argv", "message"), [
    (["odds", "{save}", "North Sea", "--workers", "99999999999"],
     "vas odds: error: argument --workers: must be from 1 to 256, not 99999999999"),
    (["odds", "{save}", "North Sea", "--workers", "257"],
     "vas odds: error: argument --workers: must be from 1 to 256, not 257"),
    (["odds", "{save}", "North Sea", "--runs", "99999999999999999999"],
     "vas odds: error: argument --runs: must be from 1 to 100000, not 99999999999999999999"),
    (["selfplay", "--workers", "1000"], "vas selfplay: error: argument --workers: must be from 1 to 256, not 1000"),
])
def test_workers_and_runs_have_a_ceiling(argv: list[str], message: str, files: dict[str, Path],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """R-UI-83: ``--workers 99999999999`` was an internal error (exit 70), a few thousand forked as many processes;
    ``--runs 99999999999999999999`` never ended."""
    code, err = run([a.replace("{save}", str(files["save"])) for a in argv], capsys)
    assert code == 2
    assert err.splitlines()[-1] == message


def test_a_campaign_log_is_named_where_a_save_or_battle_log_is_wanted(files: dict[str, Path],
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """R-UI-84: a campaign log given to ``--load`` was "not a valid save: 1324 problem(s)", and to ``vas battle
    --replay`` "it is a saved game"."""
    log = files["log"]
    hint = "(it is a campaign log: vas run --replay FILE plays it again)"
    cases = [(["run", "--load", str(log)], f"vas run: {log}: not a save file {hint}\n"),
             (["odds", str(log), "North Sea"], f"vas odds: {log}: not a save file {hint}\n"),
             (["battle", "--replay", str(log)],
              f"vas battle: {log}: not a battle log (needs sides, ships and events) {hint}\n")]
    before = _hash(log)
    for argv, message in cases:
        assert run(argv, capsys) == (1, message)
    assert _hash(log) == before
    assert CAMPAIGN_LOG == LOG_FORMAT


def test_battle_load_of_a_fifo_is_refused_without_reading_it(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """R-UI-82: ``vas battle --load FIFO`` waited for ever for a writer; now refused as ``--replay`` refuses one."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    result: list[tuple[int, str]] = []
    worker = threading.Thread(target=lambda: result.append(run(["battle", "--load", str(fifo)], capsys)))
    worker.start()
    worker.join(timeout=30)
    if worker.is_alive():  # it hangs: let it go by writing to the pipe, then fail
        with open(fifo, "w") as pipe:
            pipe.write("{}")
        worker.join()
        pytest.fail("vas battle --load read the FIFO")
    assert result == [(1, f"vas battle: --load {fifo}: cannot read the file (not a regular file)\n")]


def test_battle_load_of_bad_json_names_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"kind":\n')
    assert run(["battle", "--load", str(broken)], capsys) == (
        1, f"vas battle: --load {broken}:2: not a saved battle (not JSON: Expecting value at column 1)\n")
    cut = tmp_path / "cut.json"
    cut.write_text('{"kind": "vas-demo')  # a truncated file: the parser's words end "starting at" (R-UI-101)
    assert run(["battle", "--load", str(cut)], capsys) == (
        1, f"vas battle: --load {cut}:1: not a saved battle (not JSON: Unterminated string starting at column 10)\n")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 50_000 + "]" * 50_000)
    assert run(["battle", "--load", str(deep)], capsys) == (
        1, f"vas battle: --load {deep}:?: not a saved battle (not JSON: nested too deeply)\n")


def test_a_save_with_an_infinite_bid_is_refused(files: dict[str, Path], tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """R-UI-80: the save check read the bid with ``int(value * 2)`` too (``Infinity`` is JSON to Python)."""
    import json

    save = json.loads(files["save"].read_text())
    save["bid"] = {"WAS": float("inf")}
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(save))
    code, err = run(["run", "--load", str(edited)], capsys)
    assert code == 1
    assert err == (f"vas run: {edited}: not a valid save: 1 problem(s):\n"
                   f"  {edited}: bid.WAS: inf is not a bid (a non-zero multiple of 0.5 POC within 20)\n")


@pytest.mark.parametrize(("argv", "message"), [
    (["run", "--seed", "1", "--turns", "1", "--combat", "none", "--save", "/proc/vas/game.json"],
     "vas run: --save /proc/vas/game.json: cannot write in /proc (No such file or directory)"),
    (["run", "--seed", "1", "--turns", "1", "--combat", "none", "--log", "/proc/vas/log.json"],
     "vas run: --log /proc/vas/log.json: cannot write in /proc (No such file or directory)"),
    (["battle", "--log", "/proc/vas/battle.json"],
     "vas battle: --log /proc/vas/battle.json: cannot write in /proc (No such file or directory)"),
    (["selfplay", "--games", "1", "--json", "/proc/vas/r.json"],
     "vas selfplay: --json /proc/vas/r.json: cannot write in /proc (No such file or directory)"),
    (["serve", "--human", "allies", "--save", "/proc/vas/game.json"],
     "vas serve: --save /proc/vas/game.json: cannot write in /proc (No such file or directory)"),
])
def test_an_output_whose_folder_cannot_be_made_is_refused_first(argv: list[str], message: str,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """R-UI-85: the permission bits let root "write" anywhere, so ``--save /proc/x/game.json`` passed the check,
    the game was played and then lost to an internal error (FileNotFoundError) when it was saved; ``vas battle``
    and ``vas selfplay`` did the work and then could not write it.  Now refused before any work: nothing is
    printed on stdout."""
    capsys.readouterr()
    try:
        code = main(argv)
    except SystemExit as stopped:
        code = int(stopped.code or 0)
    out, err = capsys.readouterr()
    assert (code, err, out) == (2, message + "\n", "")


def test_the_output_probe_leaves_nothing_behind(tmp_path: Path) -> None:
    from tui.outputs import file_problem

    assert file_problem(tmp_path / "game.json") is None
    assert file_problem(tmp_path / "new" / "deeper" / "game.json") is None
    assert list(tmp_path.iterdir()) == []
    assert file_problem(Path("/proc/vas/game.json")) == "cannot write in /proc (No such file or directory)"


CSV_HEADER = {"ships.csv": "entry,ship,type,flank_speed,armour,hull,crippled,traits,points\n",
              "weapons.csv": "entry,ship,weapon,arcs,point_blank,short,long,extreme,ad,ap,dd,traits\n"}


@pytest.mark.parametrize(("which", "content", "message"), [
    ("ships.csv", b"\xff\xfeentry\n", "{ships}: not UTF-8 text (byte 0xff at offset 0); save the file as UTF-8 CSV"),
    ("weapons.csv", None, "{weapons}: cannot read (not a regular file, not a CSV file)"),
    ("weapons.csv", "folder", "{weapons}: cannot read (a folder, not a CSV file)"),
    ("weapons.csv", CSV_HEADER["weapons.csv"] + 'Nelson,"Nelson\n', "{weapons}:2: no weapon, arcs, point_blank, "
     "short, long, extreme, ad, ap, dd, traits (the row has fewer fields than the header; a quote left open?)"),
    ("weapons.csv", CSV_HEADER["weapons.csv"] + "Nelson,Nelson,Turret A\n", "{weapons}:2: no arcs, point_blank, "
     "short, long, extreme, ad, ap, dd, traits (the row has fewer fields than the header; a quote left open?)"),
])
def test_cards_import_of_a_file_that_is_no_csv(which: str, content: bytes | str | None, message: str,
                                               tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """R-UI-86: a spreadsheet's own encoding was an internal error (UnicodeDecodeError), a FIFO hung."""
    paths = {name: tmp_path / name for name in CSV_HEADER}
    for name, path in paths.items():
        if name != which:
            path.write_text(CSV_HEADER[name])
        elif content is None:
            os.mkfifo(path)
        elif content == "folder":
            path.mkdir()
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
    code, err = run(["cards", "import", str(paths["ships.csv"]), str(paths["weapons.csv"]), "--nation", "UK"],
                    capsys)
    assert code == 2
    assert err == "vas cards import: " + message.format(ships=paths["ships.csv"], weapons=paths["weapons.csv"]) + "\n"


def test_cards_import_out_is_checked_before_the_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """R-UI-86: ``--out`` a folder was an internal error (IsADirectoryError) after the work; ``--out`` one of
    the CSV files would have overwritten it."""
    ships, weapons = tmp_path / "ships.csv", tmp_path / "weapons.csv"
    ships.write_text(CSV_HEADER["ships.csv"])
    weapons.write_text(CSV_HEADER["weapons.csv"])
    base = ["cards", "import", str(ships), str(weapons), "--nation", "UK", "--out"]
    assert run([*base, str(tmp_path)], capsys) == (2, f"vas cards import: --out {tmp_path}: is a folder, not a "
                                                      "file\n")
    assert run([*base, str(ships)], capsys) == (2, f"vas cards import: --out {ships} would overwrite the SHIPS.csv "
                                                   "file: give it another name\n")
    assert ships.read_text() == CSV_HEADER["ships.csv"]


@pytest.mark.parametrize(("url", "why"), [
    ("ws://127.0.0.1:99999999", "Port out of range 0-65535"),
    ("ws://" + "a" * 70 + ".com:8765", "encoding with 'idna' codec failed"),
    ("ws://[::1:8765", "Invalid IPv6 URL"),
])
def test_join_an_address_no_socket_can_use(url: str, why: str, capsys: pytest.CaptureFixture[str]) -> None:
    """R-UI-87: the address was read by the socket library, whose ValueError was an internal error (exit 70)."""
    assert run(["join", url, "--seat", "allies", "--token", "t"], capsys) == (
        2, f"vas join: {url} is not a server address ({why}): give ws://HOST:PORT as vas serve prints it\n")


def test_serve_command_of_a_seat_no_one_joins(capsys: pytest.CaptureFixture[str]) -> None:
    """R-UI-88: ``--command japan`` with ``--human allies`` made the AI's seat a commander of its battles."""
    assert run(["serve", "--human", "allies", "united_states", "--command", "japan", "allies"], capsys) == (
        2, "vas serve: --command japan: not a --human seat; --command names players among the --human ones (allies "
           "united_states), the AI answers the battles of the others\n")
