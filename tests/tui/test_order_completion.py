"""The typed order line reads and completes names among what the order could legally name now (issue #17,
R-UI-51), and refuses empty names with the name that is missing."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from scenarios.errors import IllegalOrder
from scenarios.loader import CampaignData
from scenarios.models import Player, Side
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.orders import PlaceReinforcement
from strategic.state import UnitState, UnitStatus
from tests.strategic.engine_helpers import WithdrawResolver
from tui.app import Session, VictoryAtSeaApp
from tui.order_completion import complete
from tui.order_entry import Legal, OrderSyntaxError, parse_orders
from tui.order_selection import place_of
from tui.stack_orders import Given, Refusal

from .helpers import wait_for, wait_for_human

SIZE = (200, 55)


@pytest.fixture(scope="module")
def turn_one(data: CampaignData) -> tuple[Campaign, Legal]:
    """Seed 2, turn 1's reinforce phase: the Allies' legal arrivals (Nelson may arrive in England, Malta, ...,
    never in the Pacific's Maloelap)."""
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    Clock(campaign)
    return campaign, Legal.of(campaign.legal_orders("allies"))


def test_the_legal_places_of_each_unit(turn_one: tuple[Campaign, Legal]) -> None:
    _, legal = turn_one
    assert legal.places("place", "Nelson") == ["England", "Malta", "Neutral Country", "Ceylon", "Singapore"]
    assert "Maloelap" not in legal.places("place", "Nelson")
    assert legal.units("place")[:3] == ["Nelson", "Rodney", "Hood"]
    assert legal.units("move") == []


def test_a_shortening_is_read_among_the_legal_places_first(data: CampaignData,
                                                           turn_one: tuple[Campaign, Legal]) -> None:
    campaign, legal = turn_one
    with pytest.raises(OrderSyntaxError, match=r"^'mal' could be Maloelap or Malta: type more"):
        parse_orders(data, "place Nel > mal")  # without the legal orders: both names fit
    assert parse_orders(data, "place Nel > mal", campaign.state.phase, legal) == [
        PlaceReinforcement(unit="Nelson", place="Malta")]
    with pytest.raises(OrderSyntaxError) as caught:
        parse_orders(data, "place nel > mar", campaign.state.phase, legal)
    assert str(caught.value) == ("'mar' could be Marianas Islands or Marshall Islands, neither open to Nelson now "
                                 "(open: England, Malta, Neutral Country, Ceylon or Singapore)")
    with pytest.raises(OrderSyntaxError, match=r"^'ro' could be Rodney, Royal Oak, .* \(open to this order now\)"):
        parse_orders(data, "place ro > England", campaign.state.phase, legal)
    # the exact name always stands; the engine then refuses it with its rule
    assert parse_orders(data, "place Nelson > Maloelap", campaign.state.phase, legal) == [
        PlaceReinforcement(unit="Nelson", place="Maloelap")]


@pytest.mark.parametrize(("line", "error"), [
    ("move ,,, > ,", "no unit given (',,,' names none): name one, or several separated by commas (move Nelson, "
                     "Rodney > North Atlantic)"),
    ("place , , > England", "no unit given (', ,' names none): name one"),
    ("defer ,,", "no unit given (',,' names none)"),
    ("move Nelson >", "the place after '>' is missing: move UNIT > AREA"),
    ("move Nelson > ,", "the place after '>' is missing (',' names none): move UNIT > AREA"),
    ("move Nelson > North Sea > ", "place 2 of the path is missing: move UNIT > AREA"),
    ("place Nelson > --", "the place after '>' is missing ('--' names none): place UNIT > PLACE"),
])
def test_empty_names_are_refused_naming_what_is_missing(data: CampaignData, line: str, error: str) -> None:
    with pytest.raises(OrderSyntaxError) as caught:
        parse_orders(data, line)
    assert str(caught.value).startswith(error)


def test_completion_offers_only_what_is_legal(data: CampaignData, turn_one: tuple[Campaign, Legal]) -> None:
    _, legal = turn_one
    offers = {value: complete(data, legal, value) for value in (
        "p", "m", "place Nel", "place Nelson, Ro", "place Nel > mal", "place Nel > Ma", "place Nel > Malo",
        "place Nelson, Rodney > En", "place Nel > ", "place Zzz > E", "move Nel > No")}
    assert offers == {
        "p": "place", "m": None,  # no move is legal in the reinforce phase
        "place Nel": "place Nelson", "place Nelson, Ro": "place Nelson, Rodney",
        "place Nel > mal": "place Nel > Malta", "place Nel > Ma": "place Nel > Malta",
        "place Nel > Malo": None,  # Maloelap fits the letters, but Nelson may not arrive there
        "place Nelson, Rodney > En": "place Nelson, Rodney > England",
        "place Nel > ": None, "place Zzz > E": None, "move Nel > No": None}


async def test_the_order_line_completes_to_a_legal_place_and_gives_it(data: CampaignData) -> None:
    """On the screen: ``place Nel > mal`` shows Malta's rest, → takes it, Enter places Nelson in Malta; ``malo``
    offers nothing (Maloelap is no arrival place of Nelson's); ``move ,,, > ,`` is refused, nothing given."""
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    app = VictoryAtSeaApp(data, session=Session(campaign, Clock(campaign), {"allies"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        line = screen.query_one("#order-input", Input)
        await pilot.press("slash", *"move ,,, > ,", "enter")
        await pilot.pause()
        assert str(screen.query_one("#order-message", Static).render()).startswith(
            "refused 'move ,,, > ,': no unit given (',,,' names none)")
        line.value = ""
        await pilot.press(*"place Nel > malo")
        await pilot.pause()
        assert line._suggestion == ""
        await pilot.press("backspace")
        await wait_for(pilot, lambda: line._suggestion == "place Nel > Malta", "the offer of Malta")
        await pilot.press("right", "enter")
        await wait_for(pilot, lambda: campaign.state.unit("Nelson").status is not UnitStatus.AWAITING,
                       "Nelson placed")
        assert campaign.state.unit("Nelson").place == "Malta"


def test_units_refused_for_one_reason_are_named_together() -> None:
    """Play-test: three battleships sent together on the Pearl Harbor turn before the Location Uncertain rolls got
    the same rule three times; now once, with the three names."""
    early = IllegalOrder("002 §3.232", "War at Sea ships move this turn only after the Location Uncertain groups are "
                                       "rolled (R-OPS-20)")
    given = Given(refusals=[Refusal("Warspite", early), Refusal("Valiant", early),
                            Refusal("Akagi", IllegalOrder("002 §3", "Akagi takes orders from Japan")),
                            Refusal("Barham", early)])
    assert given.refused_text(4) == (
        "Warspite, Valiant, Barham: 002 §3.232: War at Sea ships move this turn only after the Location Uncertain "
        "groups are rolled (R-OPS-20); Akagi: 002 §3: Akagi takes orders from Japan; none of the 4 orders was given")


def test_a_submarine_in_reserve_is_listed_under_the_reserve_not_port() -> None:
    """Play-test: Germany-Italy's submarine phase listed its U-Boats under "◆ port" (their status word)."""
    reserve = UnitState(name="U-Boat 1", status=UnitStatus.PORT, side=Side.AXIS, controller=Player.GERMANY_ITALY)
    assert place_of(reserve, []) == "the submarine reserve"
    in_port = reserve.model_copy(update={"place": "Germany"})
    assert place_of(in_port, []) == "Germany"
