"""Shared fixtures: the bundled campaign data, loaded once per test session.  The tests' data cache
(:mod:`scenarios.data_cache`) is a folder of their own, removed at the end, never the user's."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

from scenarios.loader import CampaignData, load_data

_CACHE = tempfile.mkdtemp(prefix="vas-test-cache-")
os.environ["VAS_CACHE_DIR"] = _CACHE


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_CACHE, ignore_errors=True)


@pytest.fixture(scope="session")
def data() -> CampaignData:
    return load_data()


@pytest.fixture(autouse=True)
def _a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests drive the textual apps headless (Pilot) or replace their ``run``: ``vas play`` and ``vas battle
    --human`` are let past their terminal check (R-UI-99; tests/tui/test_no_terminal.py checks the refusal)."""
    monkeypatch.setattr("tui.terminal.has_terminal", lambda: True)
