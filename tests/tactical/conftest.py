"""Tactical test set-up: the bundled ship cards.  Sweeps are marked ``slow`` (deselected by default in
pyproject.toml; run them with ``pytest -m slow``)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def cards(data):
    return data.cards
