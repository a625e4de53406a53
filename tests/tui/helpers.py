"""Waiting on the app's state in Pilot tests: poll a condition with a generous bound, never sleep a fixed time as
synchronisation (under CPU load a key or a click may take seconds to be handled)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any, TypeVar

from strategic.clock import Decision
from tui.app import CampaignScreen, ConfirmScreen, HandOverScreen
from tui.battle_choice import BattleChoiceScreen
from tui.combat_screen import CombatScreen
from tui.command_screen import CommandScreen

T = TypeVar("T")

BOUND = float(os.environ.get("VAS_TEST_BOUND", "300"))
"""Seconds a condition may take before a test fails: generous, for a loaded 2-core machine (a tactical battle
fought while a phase ends takes a few seconds on a quiet one)."""


async def wait_for(pilot: Any, condition: Callable[[], T | None], what: str, timeout: float | None = None) -> T:
    """Poll ``condition`` (between polls the app runs) until it gives a true value, and return it; fail naming
    ``what`` after ``timeout`` seconds."""
    timeout = BOUND if timeout is None else timeout
    deadline = time.monotonic() + timeout
    while True:
        await pilot.pause(0.02)  # a polling interval, not a synchronisation
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}; screen {pilot.app.screen}")


def human_screen(app: Any, leaving: object = None) -> CampaignScreen | HandOverScreen | None:
    """The screen on which a human acts now, or ``None``: a hand-over screen laid out (its button can be clicked),
    or the campaign screen mounted (its game is ready before it is, R-UI-94) with a human deciding and no worker
    running.  ``leaving`` is what the test just acted on (the hand-over screen dismissed, or the decision ended):
    until it is gone the app has not moved on."""
    screen = app.screen
    if screen is leaving:
        return None
    if isinstance(screen, HandOverScreen):
        buttons = screen.query("#ready")
        return screen if buttons and buttons.first().region.area else None
    if (isinstance(screen, CampaignScreen) and screen.is_mounted and screen.host.waiting_for_human
            and not screen.workers and screen.host.clock.decision is not leaving):
        return screen
    return None


def laid_out_keys(screen: Any) -> list[Any] | None:
    """The keys of ``screen``'s key bar once each has its place on the screen (``None`` before: a key not yet laid
    out has an empty region)."""
    from textual.widgets._footer import FooterKey

    keys = list(screen.query(FooterKey))
    return keys if keys and all(k.region.width for k in keys) else None


async def wait_for_human(pilot: Any, app: Any, *, leaving: object = None,
                         timeout: float | None = None) -> CampaignScreen:
    """The campaign screen once a human must decide, or the hand-over screen before it (typed as the campaign
    screen for the tests' convenience).  ``leaving``: see :func:`human_screen`."""
    return await wait_for(pilot, lambda: human_screen(app, leaving), "a human decision", timeout)  # type: ignore


async def end_phase(pilot: Any, app: Any, screen: CampaignScreen) -> CampaignScreen:
    """Press ``e`` on ``screen`` (yes to its question) and wait until the next human decision (or hand-over) after
    this one."""
    decision: Decision | None = screen.host.clock.decision
    await press_end(pilot, app)
    return await wait_for_human(pilot, app, leaving=decision)


async def press_end(pilot: Any, app: Any) -> None:
    """Press ``e`` and answer yes when the app asks first (orders remain possible, issue #17)."""
    await pilot.press("e")
    await pilot.pause()
    if isinstance(app.screen, ConfirmScreen):
        await pilot.press("y")


async def hand_over(pilot: Any, app: Any, screen: HandOverScreen) -> CampaignScreen:
    """Click the hand-over screen's button and wait until the player it named can decide."""
    await pilot.click("#ready")
    return await wait_for_human(pilot, app, leaving=screen)


def next_screen(app: Any) -> object:
    """The screen to act on next: a hand-over laid out, a combat question or the choice of how the battle is
    fought, or the campaign screen once the battle is over (nothing waiting, nothing pending)."""
    screen = app.screen
    if isinstance(screen, HandOverScreen):
        buttons = screen.query("#ready")
        return screen if buttons and buttons.first().region.area else None
    if isinstance(screen, CombatScreen):
        return screen if screen.is_mounted and screen.query("#combat-answer") else None
    if isinstance(screen, BattleChoiceScreen):
        return screen if screen.is_mounted and screen.query("#command") else None
    if isinstance(screen, CampaignScreen) and not screen.workers and app.session is not None \
            and app.session.campaign.state.question is None and not app.session.campaign.state.pending_battles:
        return screen
    return None


def command_screen_of(app: Any) -> CommandScreen | None:
    screen = app.screen
    return screen if isinstance(screen, CommandScreen) and screen.prompt is not None else None


async def question_asked(pilot: Any, app: Any, question: str | None = None, after: int = 0) -> CommandScreen:
    """The command screen once it shows a question after the ``after`` first (of kind ``question`` if named:
    the AI's answer, Enter, is given to the others on the way)."""
    while True:
        def shown(after: int = after) -> CommandScreen | None:
            screen = command_screen_of(app)
            return screen if screen is not None and screen.asked > after else None

        screen = await wait_for(pilot, shown, f"question {after + 1}")
        assert screen.prompt is not None
        if question is None or screen.prompt.question.question == question:
            return screen
        after = screen.asked
        await pilot.press("enter")


def mounted_campaign_screen(app: Any) -> CampaignScreen | None:
    """The campaign screen once it is mounted (R-UI-94 pushes it with its game ready, before its widgets are): a
    test that ends the app before then meets textual's own race in its tabs' mount."""
    screen = app.screen
    return screen if isinstance(screen, CampaignScreen) and screen.is_mounted else None
