"""`vas run --combat tactical`: campaign battles fought as Victory at Sea battles (issue 7)."""

from __future__ import annotations

import pytest

from tui.cli import main


def test_two_turns_with_tactical_combat(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["run", "--seed", "1", "--turns", "2", "--combat", "tactical"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "combat tactical" in out and "=== Turn 2 ===" in out
    assert "Tactical battle in North Sea (1941" in out
    assert "fought by the classic rules" in out  # what the table cannot fight (R-CARD-03)


@pytest.mark.slow
def test_a_whole_campaign_with_tactical_combat(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["run", "--seed", "2", "--combat", "tactical"])
    out, _ = capsys.readouterr()
    assert code == 0 and "side wins" in out
