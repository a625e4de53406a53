"""Screen pins at 120x40 (pytest-textual-snapshot): the campaign screen and the battle viewer as a user sees them.

Update after a deliberate change of the screens with ``python -m pytest tests/tui/test_snapshots.py
--snapshot-update`` and look at the new SVGs before committing them.
"""

from __future__ import annotations

from scenarios.loader import load_data
from strategic.campaign import Campaign
from strategic.clock import Clock
from tactical.battle import resolve
from tactical.demos import demo_spec
from tests.strategic.engine_helpers import WithdrawResolver
from tui.app import Session, VictoryAtSeaApp
from tui.board_map import BoardMap

from .helpers import wait_for_human

SIZE = (120, 40)


def campaign_app() -> VictoryAtSeaApp:
    data = load_data()
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    return VictoryAtSeaApp(data, session=Session(campaign, Clock(campaign), {"allies"}))


def viewer_app() -> VictoryAtSeaApp:
    """The carrier-clash demo (seed 3) with its spec, as ``vas battle --log`` saves it: Flights in the air."""
    data = load_data()
    spec = demo_spec("carrier-clash", 3, data)
    return VictoryAtSeaApp(data, battle_log={**resolve(spec).to_json(), "spec": spec.model_dump(mode="json")})


def test_campaign_screen(snap_compare) -> None:
    async def settle(pilot) -> None:
        # until the AI has played Japan's set-up and the British player is asked (a bounded poll, not a pause:
        # snap_compare lets the screen settle before the screenshot)
        await wait_for_human(pilot, pilot.app)

    assert snap_compare(campaign_app(), terminal_size=SIZE, run_before=settle)


def test_battle_viewer(snap_compare) -> None:
    assert snap_compare(viewer_app(), terminal_size=SIZE, press=["n"] * 10)  # turn 3, Movement Phase


def test_campaign_map_at_100x30(snap_compare) -> None:
    """The map at the smallest supported size: compact boxes, scrolled (the Pacific below War at Sea)."""
    async def settle(pilot) -> None:
        await wait_for_human(pilot, pilot.app)

    assert snap_compare(campaign_app(), terminal_size=(100, 30), run_before=settle)


def test_campaign_map_at_160x48_with_a_selected_area(snap_compare) -> None:
    """At 160x48: both theatres in compact boxes, the North Sea selected with the keys and its listing under the
    map."""
    async def settle(pilot) -> None:
        screen = await wait_for_human(pilot, pilot.app)
        screen.query_one(BoardMap).focus()
        await pilot.press("tab", "down", "enter")

    assert snap_compare(campaign_app(), terminal_size=(160, 48), run_before=settle)
