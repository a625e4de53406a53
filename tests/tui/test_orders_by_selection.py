"""Issue #17: orders by selection (a unit or a stack, then a destination from the engine's legal orders), typed
list orders, "did you mean", letters never commands while typing, the end-of-phase question, the filter reset, and
damaged or disabled units marked."""

from __future__ import annotations

from textual.widgets import Input, OptionList

from scenarios.loader import CampaignData
from scenarios.models import Side
from strategic.campaign import Campaign
from strategic.clock import Clock
from strategic.events import OrderGiven
from strategic.orders import DeferReinforcement, IllegalOrder, Move, PlaceReinforcement
from strategic.state import Mode, Phase, UnitStatus
from tests.strategic.engine_helpers import WithdrawResolver, game, port
from tui.app import CampaignScreen, ConfirmScreen, Session, VictoryAtSeaApp
from tui.order_advice import CampaignAdvice
from tui.order_selection import UnitRow, end_question, faces_text, roll_note, warnings_text
from tui.stack_orders import give_together

from .helpers import end_phase, wait_for, wait_for_human

SIZE = (200, 55)


def new_session(data: CampaignData) -> Session:
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    return Session(campaign, Clock(campaign), {"allies"})


def message(screen: CampaignScreen) -> str:
    return str(screen.query_one("#order-message").render())


def lines(orders: OptionList) -> list[str]:
    return [str(orders.get_option_at_index(i).prompt) for i in range(orders.option_count)]


def highlight(orders: OptionList, start: str) -> None:
    """Highlight the first line starting with ``start`` (the test fails if there is none)."""
    found = [i for i, line in enumerate(lines(orders)) if line.startswith(start)]
    assert found, f"no line starting with {start!r} in {lines(orders)[:12]}"
    orders.highlighted = found[0]


async def patrol_screen(pilot, app) -> CampaignScreen:  # type: ignore[no-untyped-def]
    """The British patrol phase of turn 1 (the arrivals all placed in their first place, England)."""
    screen = await wait_for_human(pilot, app)
    screen = await end_phase(pilot, app, screen)
    assert screen.host.clock.decision.phase is Phase.PATROL
    return screen


async def test_a_unit_then_a_destination_with_its_speed_roll(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        screen = await patrol_screen(pilot, app)
        campaign = screen.host.campaign
        orders = screen.query_one("#orders", OptionList)
        assert lines(orders)[0].startswith("◆ England — ")
        highlight(orders, "   [ ] Nelson · UK BB 5-5-3")
        await pilot.press("enter")
        shown = lines(orders)
        assert str(screen.query_one("#pick-prompt").render()).startswith("Nelson: where to?")
        # a two-area move needs a speed roll: the faces under Nelson's speed 3 (WAS 3.1), a failure stays in port
        assert "Baltic Sea — patrol via North Sea · speed roll 1-2 (WAS 3.1; else stays in port)" in shown
        assert shown[0].startswith("North Atlantic — patrol (+")  # one area, no roll; other routes behind →
        await pilot.press("right")
        ways = lines(orders)
        assert ways[0] == "patrol" and all(w.startswith("patrol via ") for w in ways[1:]) and len(ways) > 1
        await pilot.press("escape")
        assert lines(orders) == shown
        await pilot.press("enter")
        await pilot.pause()
        nelson = campaign.state.unit("Nelson")
        assert (nelson.status, nelson.place, nelson.mode) == (UnitStatus.SEA, "North Atlantic", Mode.PATROL)
        assert lines(orders)[0].startswith("◆ England — ")  # back at the units
        assert not any("Nelson" in line for line in lines(orders))  # it has moved: no order left for it


async def test_a_stack_of_two_ships_to_one_area_in_one_step(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        screen = await patrol_screen(pilot, app)
        campaign = screen.host.campaign
        orders = screen.query_one("#orders", OptionList)
        highlight(orders, "   [ ] Nelson")
        await pilot.press("space")  # marks Nelson, goes on to Rodney
        await pilot.press("space")
        assert [line for line in lines(orders) if "[x]" in line] == ["   [x] Nelson · UK BB 5-5-3",
                                                                    "   [x] Rodney · UK BB 5-5-3"]
        first = len(campaign.state.events)
        await pilot.press("enter")
        assert str(screen.query_one("#pick-prompt").render()).startswith("Nelson, Rodney: where to?")
        highlight(orders, "North Sea — patrol")
        await pilot.press("enter")
        await pilot.pause()
        for name in ("Nelson", "Rodney"):
            us = campaign.state.unit(name)
            assert (us.status, us.place, us.mode) == (UnitStatus.SEA, "North Sea", Mode.PATROL)
        given = [e.order for e in campaign.state.events[first:] if isinstance(e, OrderGiven)]
        assert given == [Move(unit="Nelson", path=("North Sea",)), Move(unit="Rodney", path=("North Sea",))]
        assert message(screen) == "Nelson and Rodney patrol England -> North Sea"  # R-UI-108: one line for the same way


async def test_typed_list_orders_did_you_mean_and_letters_while_typing(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        screen = await patrol_screen(pilot, app)
        campaign = screen.host.campaign
        decision = screen.host.clock.decision
        line = screen.query_one("#order-input", Input)
        # typed with the list focused, no "/": the letters of commands (e, o, s, d ...) are text, not commands
        assert app.focused is screen.query_one("#orders")
        await pilot.press(*"move Nelsen, Rodney > North Atlantic", "enter")
        await pilot.pause()
        assert app.screen is screen and screen.host.clock.decision is decision
        assert message(screen) == ("refused 'move Nelsen, Rodney > North Atlantic': no unit named 'Nelsen' (did you "
                                   "mean Nelson?)")
        # a list of units one of which the engine refuses: none is given, the refusal names the unit and its rule
        before = campaign.state.model_dump_json()
        line.value = "move Nelson, Akagi > North Atlantic"
        await pilot.press("enter")
        await pilot.pause()
        assert message(screen).startswith("refused 'move Nelson, Akagi > North Atlantic': Akagi: 002 §3: Akagi "
                                          "takes orders from Japan")
        assert message(screen).endswith("; none of the 2 orders was given")
        assert campaign.state.model_dump_json() == before
        line.value = "move Nelson, Rodney > North Atlantic"
        await pilot.press("enter")
        await pilot.pause()
        assert [campaign.state.unit(n).place for n in ("Nelson", "Rodney")] == ["North Atlantic", "North Atlantic"]
        assert line.value == "" and app.focused is screen.query_one("#orders")  # given: keys are commands (R-UI-117)
        # in the order line every letter is text: e, q and o neither end the phase, quit nor open a screen
        await pilot.press("slash", "e", "q", "o")
        await pilot.pause()
        assert line.value == "eqo" and app.screen is screen and screen.host.clock.decision is decision


async def test_ending_a_phase_asks_while_units_could_be_ordered(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        decision = screen.host.clock.decision
        legal = screen.host.campaign.legal_orders("allies")
        units = len({o.unit for o in legal})  # type: ignore[union-attr]
        await pilot.press("e")
        question = await wait_for(pilot, lambda: app.screen if isinstance(app.screen, ConfirmScreen) else None,
                                  "the question")
        assert question.question == f"End your reinforce phase? {units} units could still be given orders."
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and screen.host.clock.decision is decision
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question again")
        await pilot.press("y")
        screen = await wait_for_human(pilot, app, leaving=decision)
        assert screen.host.clock.decision.phase is Phase.PATROL
    assert end_question("patrol", []) is None
    assert end_question("reinforce", [DeferReinforcement(unit="U-Boat 8")]) == (
        "End your reinforce phase? 1 unit could still be given orders. 1 U-Boat reinforcement not kept in reserve "
        "is lost: the fleet is at full strength (002 §4.4, R-OPS-47).")


async def test_the_order_filter_starts_empty_at_a_new_phase(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_human(pilot, app)
        order_filter = screen.query_one("#order-filter", Input)
        orders = screen.query_one("#orders", OptionList)
        order_filter.value = "Hood"
        await pilot.pause()
        assert lines(orders)[-1] == "   [ ] Hood · UK BC 4-4-7"
        assert lines(orders)[-2].endswith("— 1 of its 34 units to order (Enter: this one)")
        order_filter.focus()
        await pilot.press("down")  # R-UI-109: Down in the filter goes on to the list it filters
        await wait_for(pilot, lambda: orders.has_focus, "the order list focused")
        screen = await end_phase(pilot, app, screen)
        assert screen.host.clock.decision.phase is Phase.PATROL
        assert order_filter.value == "" and orders.option_count > 40


async def test_damaged_and_disabled_units_are_marked_with_the_rule(data: CampaignData) -> None:
    app = VictoryAtSeaApp(data, session=new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        screen = await patrol_screen(pilot, app)
        campaign = screen.host.campaign
        hood, rodney = campaign.state.unit("Hood"), campaign.state.unit("Rodney")
        hood.disabled, hood.moved, hood.damage = True, True, 2  # as an air raid in port leaves it (VITP 4.8)
        rodney.damage = 1
        screen.refresh_all()
        orders = screen.query_one("#orders", OptionList)
        shown = lines(orders)
        assert "   [ ] Rodney · UK BB 5-5-3 [-1] ⚠" in shown
        refusal = ("VITP 6.1 / WAS 3.1: Hood is disabled: it was disabled in a battle this turn and is not ready to "
                   "sail until the next turn")
        assert f"   ✗ Hood · UK BC 4-4-7 [-2] DISABLED — {refusal}" in shown
        highlight(orders, "   ✗ Hood")
        await pilot.press("enter")
        assert message(screen) == ("Hood is disabled this turn (VITP 4.4, 4.8); Hood carries 2 damage points; at sea "
                                   "it sinks if its damage exceeds its defence 4 (case V-05); in port up to 8 "
                                   f"(R-CMB-05); Hood: {refusal}")
        highlight(orders, "   [ ] Rodney")
        await pilot.press("enter")
        assert message(screen) == ("Rodney carries 1 damage point; at sea it sinks if its damage exceeds its defence "
                                   "5 (case V-05); in port up to 10 (R-CMB-05)")
        assert str(screen.query_one("#pick-prompt").render()).startswith("Rodney: where to?")
        screen.query_one("#order-input", Input).value = "move Hood > North Atlantic"
        await pilot.press("slash", "enter")
        await pilot.pause()
        assert message(screen) == f"refused 'move Hood > North Atlantic': {refusal}"


def test_orders_given_together_are_taken_back_when_one_is_refused_after_the_others(data: CampaignData) -> None:
    campaign = Campaign.new(data, "standard", seed=2, resolver=WithdrawResolver())
    Clock(campaign)  # the first decision: the Allies place their arrivals
    campaign.keep_undo = True
    before = campaign.state.model_dump_json()
    orders = [PlaceReinforcement(unit="Nelson", place="England"), PlaceReinforcement(unit="Rodney", place="England")]

    def apply(player: str, order):  # type: ignore[no-untyped-def]
        if order.unit == "Rodney":  # refused once Nelson's order was given (as an area's limit would)
            raise IllegalOrder("test", "refused after Nelson")
        return campaign.apply(player, order)

    given = give_together(campaign, apply, "allies", orders)
    assert not given.ok and [str(r) for r in given.refusals] == ["Rodney: test: refused after Nelson"]
    assert campaign.state.model_dump_json() == before  # Nelson's order was taken back
    given = give_together(campaign, campaign.apply, "allies", orders)
    assert given.ok and campaign.state.unit("Rodney").place == "England"


def test_faces_text() -> None:
    assert [faces_text(f) for f in ([1, 2, 3], [1, 2, 4], [5], [])] == ["1-3", "1-2, 4", "5", "no face"]


def test_the_warnings_of_a_stack_in_one_line() -> None:
    rows = [UnitRow("Dunkerque", "", (), "w1", damage=1, defence=4), UnitRow("Bretagne", "", (), "w2", damage=2,
                                                                               defence=3),
            UnitRow("Hood", "", (), "w3", damage=0, defence=4, disabled=True), UnitRow("Nelson", "", ())]
    assert warnings_text(rows[:2]) == "w1; w2"
    assert warnings_text(rows) == ("damage/defence Dunkerque 1/4, Bretagne 2/3: at sea a unit sinks when its damage "
                                   "exceeds its defence (case V-05); disabled: Hood (VITP 4.4, 4.8)")


def test_the_roll_note_says_what_a_failed_vitp_roll_does(data: CampaignData) -> None:
    """VITP 6.41-6.42 (R-PAC-21): a patroller that fails raids in the area it sailed for, a raider stays in port."""
    c = game(data, turn=4)
    port(c, "Enterprise", "Pearl Harbor")
    c.state.control["Hawaiian Islands"] = Side.ALLIED
    patrol = Move(unit="Enterprise", path=("Hawaiian Islands", "U.S. Mandate"), mode="patrol")
    assert roll_note(CampaignAdvice(c, "united_states"), (patrol,)) == (
        "speed roll 1-5 (VITP 6.2; else raids in U.S. Mandate)")
    c = game(data, turn=4, phase=Phase.RAID)
    port(c, "Akagi", "Yokosuka Navy Yard")
    raid = Move(unit="Akagi", path=("Japanese Islands", "Central Pacific Ocean", "Hawaiian Islands"), mode="raid")
    assert roll_note(CampaignAdvice(c, "japan"), (raid,)) == "speed roll 1-5 (VITP 6.2; else stays in port)"



def test_a_damaged_unit_that_makes_no_move_of_the_phase_is_not_listed(data: CampaignData) -> None:
    """R-UI-131 (play-test): in the landing phase a damaged air unit was listed "✗ 22nd Air Flotilla — not a marine
    unit", noise; a damaged unit without an order is listed only when it makes the phase's moves (a marine unit in
    the landing phase, a ship in the patrol phase), to say why it cannot."""
    from strategic.state import Phase
    from strategic.views import observe
    from tests.strategic.engine_helpers import game, port
    from tui.order_advice import CampaignAdvice
    from tui.order_selection import stacks

    def listed(phase: Phase) -> set[str]:
        campaign = game(data, turn=4, phase=phase)
        for name in ("22nd Air Flotilla", "Yokosuka NLF", "Yamato"):
            port(campaign, name, "Saigon")
            campaign.state.unit(name).damage, campaign.state.unit(name).disabled = 1, True
        view = observe(campaign, "japan")
        rows = stacks(data, view, CampaignAdvice(campaign, "japan"), campaign.legal_orders("japan"))
        return {r.name for s in rows for r in s.units if not r.orders}

    landing, patrol = listed(Phase.LANDING), listed(Phase.PATROL)
    assert "22nd Air Flotilla" not in landing | patrol
    assert ("Yokosuka NLF" in landing, "Yamato" in landing) == (True, False)  # disabled: listed with why
    assert ("Yokosuka NLF" in patrol, "Yamato" in patrol) == (False, True)


async def test_w_hides_the_map_so_the_tabs_take_the_whole_width(data: CampaignData) -> None:
    """R-UI-134 (play-test at 120x40): the Log tab was 48 columns wide and the Units table cut after Counter."""
    from tui.board_map import BoardPane

    app = VictoryAtSeaApp(data, session=new_session(data))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await wait_for_human(pilot, app)
        tabs = screen.query_one("#tabs")
        narrow = tabs.size.width
        await pilot.press("w")
        await wait_for(pilot, lambda: not screen.query_one(BoardPane).display and tabs.size.width > narrow,
                       "the tabs over the whole width")
        assert tabs.size.width >= 118 > narrow and "w shows it" in message(screen)
        await pilot.press("w")
        await wait_for(pilot, lambda: screen.query_one(BoardPane).display and tabs.size.width == narrow, "the map")


async def test_brackets_go_through_the_tabs_without_a_mouse(data: CampaignData) -> None:
    """R-UI-138 (a break test): from inside a tab no key reached the Log tab; ``]`` and ``[`` go through them."""
    from textual.widgets import TabbedContent

    app = VictoryAtSeaApp(data, session=new_session(data))
    async with app.run_test(size=(160, 48)) as pilot:
        screen = await wait_for_human(pilot, app)
        tabs = screen.query_one("#tabs", TabbedContent)
        seen = []
        for _ in range(6):
            await pilot.press("right_square_bracket")
            await wait_for(pilot, lambda: tabs.active != (seen[-1] if seen else "tab-orders"), "a tab")
            seen.append(tabs.active)
        assert seen == ["tab-units", "tab-log", "tab-battles", "tab-odds", "tab-poc", "tab-orders"]
        await pilot.press("left_square_bracket")
        await wait_for(pilot, lambda: tabs.active == "tab-poc", "the previous tab")
