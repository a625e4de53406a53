"""``--bid`` on vas run / serve / selfplay / play (issue 22, R-AI-07): the header names it, the log keeps it and its
replay plays it, bad bids are usage errors naming the flag."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tui.cli import main


def vas(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse refuses a bad value itself (exit 2, the message on stderr)
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_run_names_the_bid_logs_it_and_replays_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "log.json"
    code, out, _ = vas(capsys, "run", "--seed", "3", "--turns", "1", "--combat", "classic", "--bid", "VITP=1.5",
                       "--bid", "was=-0.5", "--log", str(log))
    assert code == 0
    assert out.splitlines()[0].endswith("; POC bid: VITP: Allies +1.5, WAS: Axis +0.5")
    assert json.loads(log.read_text())["header"]["bid"] == {"VITP": 1.5, "WAS": -0.5}
    code, out, _ = vas(capsys, "run", "--replay", str(log))
    assert code == 0 and "; POC bid: VITP: Allies +1.5, WAS: Axis +0.5;" in out.splitlines()[0]


@pytest.mark.parametrize(("argv", "words"), [
    (("run", "--bid", "VITP=0.3"), "argument --bid: the bid 'VITP=0.3' must be a multiple of 0.5"),
    (("run", "--bid", "PAC=1"), "argument --bid: a bid is THEATRE=N"),
    (("run", "--setup", "was_only", "--bid", "VITP=1"), "vas run: set-up was_only: bid.VITP: the set-up does not "
                                                        "play VITP"),
    (("run", "--load", "x.json", "--bid", "VITP=1"), "--bid cannot be used with --load"),
    (("selfplay", "--setup", "was_only", "--bid", "VITP=1"), "vas selfplay: --bid: bid.VITP: the set-up does not "
                                                             "play VITP"),
    (("serve", "--load", "x.json", "--bid", "VITP=1"), "--bid and --option cannot be used with --load"),
    (("play", "--load", "x.json", "--bid", "VITP=1"), "--option and --bid set a new game's"),
])
def test_bad_bids_are_usage_errors(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], words: str) -> None:
    code, _, err = vas(capsys, *argv)
    assert code == 2 and words in err


def test_selfplay_names_the_bid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = vas(capsys, "selfplay", "--games", "1", "--seed", "7", "--axis", "easy", "--allies", "easy",
                       "--bid", "VITP=2")
    assert code == 0
    assert "combat classic, POC bid VITP: Allies +2, on 1 local process(es)" in out
