"""Unit details on demand (issue #17): a unit's counter, damage and status, place, ship card and where it may go,
as the seated player's view holds them; opened with ``i`` from the order list, the units table and the map."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input, Static

from scenarios.loader import CampaignData
from strategic.ai import BaselineAI, give_orders
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.orders import PlaceReinforcement
from strategic.views import observe
from tests.strategic.engine_helpers import WithdrawResolver
from tui.app import CampaignScreen, Session, VictoryAtSeaApp
from tui.board_map import BoardMap
from tui.order_advice import CampaignAdvice
from tui.unit_details import UnitDetailsScreen, details_text

from .helpers import wait_for, wait_for_human


def british_patrol(data: CampaignData) -> tuple[Campaign, Clock]:
    """Seed 2, turn 1: every decision played by the baseline AI until the Allies' patrol phase is open."""
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    clock = Clock(campaign, checkpoints=True)
    while (clock.decision.player.value, clock.decision.phase.value) != ("allies", "patrol"):  # type: ignore[union-attr]
        player = clock.decision.player.value  # type: ignore[union-attr]
        give_orders(campaign, player, list(BaselineAI().orders(campaign, player)))
        clock.end_decision()
    return campaign, clock


def lines(text: object) -> list[str]:
    return str(getattr(text, "plain", text)).splitlines()


def test_a_damaged_unit_shows_its_damage_against_defence_and_where_it_may_go(data: CampaignData) -> None:
    campaign, clock = british_patrol(data)
    nelson = campaign.state.unit("Nelson")
    nelson.damage, nelson.disabled = 2, True
    view = observe(clock, "allies", orders=False, log=False)
    shown = lines(details_text(data, view, "Nelson", campaign.legal_orders("allies"),
                               CampaignAdvice(campaign, "allies")))
    assert shown[:4] == [
        "Nelson — UK BB, yours",
        "Counter 5-5-3: gunnery 5, defence 5, speed 3",
        "Where: in port at England",
        "Damage and status: 2 damage points against defence 5 (at sea it sinks when its damage exceeds its defence, "
        "case V-05); disabled this turn (VITP 4.4, 4.8)",
    ]
    assert shown[4].startswith("Where it may go this phase: no order for it now: ")  # disabled: it stays
    assert shown[5:7] == ["On the tactical table in 1941 (turn 1):",
                          "Nelson  (Nelson class, UK, battleship)  commissioned 1927"]


def test_a_carrier_shows_its_airstrike_its_card_and_air_group_and_its_destinations(data: CampaignData) -> None:
    campaign, clock = british_patrol(data)
    view = observe(clock, "allies", orders=False, log=False)
    shown = lines(details_text(data, view, "Ark Royal", campaign.legal_orders("allies"),
                              CampaignAdvice(campaign, "allies")))
    assert shown[:5] == ["Ark Royal — UK CV, yours", "Counter 0-2-7 (3): gunnery 0, defence 2, speed 7, airstrike 3",
                         "Where: in port at England", "Damage and status: undamaged", "Where it may go this phase: "]
    assert shown[5:7] == ["  North Atlantic — patrol (+2 other ways)", "  North Sea — patrol (+2 other ways)"]
    assert "  Barents Sea — patrol via North Atlantic · speed roll 1-6 (WAS 3.1; else stays in port) (+1 other way)" \
        in shown
    assert "Ark Royal  (Ark Royal class, UK, carrier)  commissioned 1938" in shown
    assert shown[-1].startswith("  Air group: 6 Flights (air factor 3 x 2, at most the card's 13): Fairey Fulmar")


def test_an_enemy_unit_shows_only_what_the_view_holds(data: CampaignData) -> None:
    """The Allies' first decision is open (Japan sets up where its cards say, with nothing to choose: R-PAC-25) and
    they have placed Hermes in Ceylon: Germany-Italy's view (R-VIEW-02) still has it arriving, and shows no order
    of the Allies'."""
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    clock = Clock(campaign, checkpoints=True)
    assert clock.decision is not None and clock.decision.player.value == "allies"
    campaign.apply("allies", PlaceReinforcement(unit="Hermes", place="Ceylon"))
    assert campaign.state.unit("Hermes").place == "Ceylon"
    view = observe(clock, "germany_italy", orders=False, log=False)
    shown = lines(details_text(data, view, "Hermes", []))
    assert shown[:5] == [
        "Hermes — UK CVL, the enemy's (Allies), commanded by Allies",
        "Counter 1-2-4 (1): gunnery 1, defence 2, speed 4, airstrike 1",
        "Where: not yet arrived: due this turn",
        "Damage and status: undamaged",
        "Where it may go this phase: Allies gives its orders: they are not shown to you",
    ]
    allies = lines(details_text(data, observe(clock, "allies", orders=False, log=False), "Hermes", []))
    assert allies[2] == "Where: in port at Ceylon"  # the Allies see their own order
    kongo = lines(details_text(data, view, "Kongo", []))
    assert kongo[2:4] == ["Where: in port at Saigon", "Damage and status: undamaged; inactive until turn 3 (002 §3.21)"]


def test_a_unit_without_a_ship_card_says_so_and_shows_its_flights(data: CampaignData) -> None:
    campaign, clock = british_patrol(data)
    view = observe(clock, "allies", orders=False, log=False)
    shown = lines(details_text(data, view, "RAAF", campaign.legal_orders("allies"), CampaignAdvice(campaign, "allies")))
    assert shown[1] == "Counter *-4-* (2): gunnery none, defence 4, speed none, airstrike 2"
    assert shown[-2:] == [
        "No ship card of its own: what it puts on the table",
        "Land-based air: 4 Flights (air factor 2 x 2): Lockheed Hudson, Bristol Beaufort, P-40E Warhawk (Australian "
        "land-based air 1941)"]


def test_an_unknown_unit_is_a_key_error(data: CampaignData) -> None:
    _, clock = british_patrol(data)
    with pytest.raises(KeyError, match="no unit named 'Bismarck II'"):
        details_text(data, observe(clock, "allies", orders=False, log=False), "Bismarck II", [])


def details_of(app: VictoryAtSeaApp) -> str:
    screen = app.screen
    assert isinstance(screen, UnitDetailsScreen)
    return str(screen.query_one("#unit-details-text", Static).render())


async def test_i_opens_the_details_from_the_order_list_the_units_table_and_the_map(data: CampaignData) -> None:
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    app = VictoryAtSeaApp(data, session=Session(campaign, Clock(campaign), {"allies"}))
    async with app.run_test(size=(160, 48)) as pilot:
        screen = await wait_for_human(pilot, app)
        assert isinstance(screen, CampaignScreen)

        def details() -> UnitDetailsScreen | None:
            return app.screen if isinstance(app.screen, UnitDetailsScreen) and app.screen.is_mounted else None

        async def back() -> None:
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is screen, "the campaign screen again")

        # the order list: its second line is Nelson (the first is England's stack)
        await pilot.press("down", "i")
        await wait_for(pilot, details, "the unit details")
        assert details_of(app).splitlines()[:3] == ["Nelson — UK BB, yours",
                                                    "Counter 5-5-3: gunnery 5, defence 5, speed 3",
                                                    "Where: not yet arrived: due this turn"]
        assert details_of(app).splitlines()[3:6] == ["Damage and status: undamaged", "Where it may go this phase: ",
                                                    "  England — arrive"]
        await back()
        # the units table: Enter on a row (the enemy's Scharnhorst)
        screen.query_one("#unit-filter", Input).value = "Scharnhorst"
        table = screen.query_one("#units", DataTable)
        await wait_for(pilot, lambda: table.row_count == 1, "the filtered units table")
        table.focus()
        await pilot.press("enter")
        await wait_for(pilot, details, "the unit details")
        assert details_of(app).splitlines()[0] == "Scharnhorst — DE BB, the enemy's (Axis), commanded by Germany-Italy"
        await back()
        # the map: the units of the selected port, one after the other with the arrows
        board = screen.query_one(BoardMap)
        board.focus()
        board.select("Germany")
        await pilot.press("i")
        shown = await wait_for(pilot, details, "the unit details")
        names = shown.names
        assert len(names) > 1 and all(campaign.state.unit(n).place == "Germany" for n in names)
        assert str(shown.query_one("#unit-details-hint", Static).render()) == (
            f"← →: unit 1 of {len(names)}; Escape or Enter: back")
        await pilot.press("right")
        await wait_for(pilot, lambda: details_of(app).startswith(f"{names[1]} — "), "the next unit")
        await back()
        # a click on the place's listing under the map: the same units
        await pilot.click("#map-info")
        clicked = await wait_for(pilot, details, "the unit details")
        assert clicked.names == names
        await back()


async def test_i_without_a_unit_says_how_to_pick_one(data: CampaignData) -> None:
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    app = VictoryAtSeaApp(data, session=Session(campaign, Clock(campaign), {"allies"}))
    async with app.run_test(size=(160, 48)) as pilot:
        screen = await wait_for_human(pilot, app)
        screen.query_one(BoardMap).focus()  # nothing selected on the map
        await pilot.press("i")
        await pilot.pause()
        assert app.screen is screen
        assert str(screen.query_one("#order-message", Static).render()).startswith(
            "i shows a unit's details: highlight a unit in the order list or the Units tab")


@pytest.mark.parametrize("size", [(100, 30), (170, 50)])
async def test_the_card_table_fits_the_dialog_at_every_width(data: CampaignData, size: tuple[int, int]) -> None:
    """R-UI-55: at 100 columns the weapon table of a card used to wrap each row; its columns now fit the dialog
    (a weapon's traits on a line of their own where the row would be too wide), refitted on resize."""
    campaign, clock = british_patrol(data)
    view = observe(clock, "allies", orders=False, log=False)
    app = VictoryAtSeaApp(data, session=Session(campaign, clock, {"allies"}))
    async with app.run_test(size=size) as pilot:
        await wait_for_human(pilot, app)
        app.push_screen(UnitDetailsScreen(data, view, ["Hood"], []))
        text = await wait_for(pilot, lambda: isinstance(app.screen, UnitDetailsScreen) and app.screen.is_mounted
                              and app.screen.query_one("#unit-details-text", Static), "the unit details")
        width = text.content_region.width
        shown = details_of(app).splitlines()
        table = shown[shown.index(next(s for s in shown if s.startswith("  Weapon system"))):]
        table = table[:next(i for i, s in enumerate(table) if s.startswith("  Ships:") or s.startswith("  Source"))]
        assert len(table) >= 7 and all(len(row) <= width for row in table), (width, table)
        turret = next(row for row in table if row.startswith("  Turret A (2 x 15-inch)"))
        assert turret.split()[-3:] == ["2", "+2", "3"]  # the whole row on one line: AD, AP, DD
        assert any("DP, Restricted, Weak" in row for row in table)  # the Light Guns' traits, kept whole
