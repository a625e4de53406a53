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
