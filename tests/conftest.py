"""Shared fixtures: the bundled campaign data, loaded once per test session."""

from __future__ import annotations

import pytest

from scenarios.loader import CampaignData, load_data


@pytest.fixture(scope="session")
def data() -> CampaignData:
    return load_data()
