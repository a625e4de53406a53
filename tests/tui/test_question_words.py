"""Battle questions in the player's words (tui.question_words): the typed JSON's examples read as answers of their
kind, a typed answer of the wrong form is refused without the engine's names, the command screen's hint has an
example, and the game stopped at a question says who decides what."""

from __future__ import annotations

import json
from typing import Any

import pytest
from textual.widgets import Input, Static

from scenarios.models import Player
from tactical import decode_tactical, demo_spec
from tactical.plans import AAShot
from tests.strategic.classic.helpers import at_sea, game
from tui.combat_screen import CombatScreen
from tui.demo_command import DemoCommandApp
from tui.question_words import TYPED_JSON, player_error, sentence, typed_hint, waiting_words

from .helpers import wait_for
from .test_command_screen import SIZE, _asked


@pytest.mark.parametrize("kind", sorted(TYPED_JSON))
def test_each_example_is_an_answer_of_its_kind(kind: str) -> None:
    decode_tactical(kind, json.loads(TYPED_JSON[kind][0]), "example")


def test_the_aa_example_reads_as_one_aa_shot() -> None:
    assert decode_tactical("plan_aa", json.loads(TYPED_JSON["plan_aa"][0]), "example") == [
        AAShot(weapon=3, target="Ju 87 T-1", dice=2)]


def test_the_testers_refusal_reads_without_the_engines_names() -> None:
    message = "answer: not an answer to plan_aa: Input should be a dictionary or an instance of AAShot at 0"
    assert player_error("plan_aa", message, "Hood") == (
        'cannot read this as the AA fire of Hood: item 1 should be an AA shot, {"weapon": 3, "target": '
        '"Ju 87 T-1", "dice": 2}; e.g. [{"weapon": 3, "target": "Ju 87 T-1", "dice": 2}]')
    message = ("answer: not an answer to plan_aa: Input should be a valid integer, unable to parse string as an "
               "integer at 0.weapon")
    assert player_error("plan_aa", message) == ('cannot read this as the AA fire of a ship: item 1, its weapon should '
                                                'be a whole number; e.g. [{"weapon": 3, "target": "Ju 87 T-1", '
                                                '"dice": 2}]')
    assert player_error("choose_scouts", "answer: not an answer to choose_scouts: Input should be a valid tuple") == (
        'cannot read this as the ships and Observation Flights sent scouting: it should be a list [...]; '
        'e.g. [["Cumberland"], 1]')
    assert player_error("plan_move", "000 Moving Ships: Hood may move at most 7\"") == \
        "000 Moving Ships: Hood may move at most 7\""  # a rule's refusal is kept as it is


def test_the_hint_has_an_example_and_a_prompts_own_hint_is_kept() -> None:
    assert typed_hint("plan_aa", "the answer as JSON") == (
        'JSON, e.g. [{"weapon": 3, "target": "Ju 87 T-1", "dice": 2}] (each AA shot: weapon system number, target '
        'Flight, dice; [] for none)')
    assert typed_hint("crash_dive", "the answer as JSON (this question's menu failed: KeyError: 'x')") == (
        "JSON, e.g. true (true or false) (this question's menu failed: KeyError: 'x')")
    assert typed_hint("plan_move", "ahead 6 · port 45 at 2, ahead 4 · full · half") == \
        "ahead 6 · port 45 at 2, ahead 4 · full · half"
    assert sentence("was_air_strikes") == "air strikes: one air factor at most on each target"
    assert sentence("plan_aa", "Hood") == "the AA fire of Hood"


def test_a_classic_question_waiting_in_the_players_words(data: Any) -> None:
    from strategic.classic import ClassicResolver
    from strategic.clock import turn_plan
    from strategic.state import Phase
    from tactical.dice import Dice

    campaign = game(data)
    campaign.state.step = next(i for i, s in enumerate(turn_plan(campaign, 4)) if s[0] is Phase.COMBAT)
    campaign.dice, campaign.resolver = Dice(11), ClassicResolver()
    campaign.state.combat, campaign.state.battle_commanders = "classic", [Player.ALLIES]
    at_sea(campaign, "North Sea", "Ark Royal", "Hood", "Allied LBA", "Scharnhorst", "Gneisenau")
    campaign.state.pending_battles = ["North Sea"]
    campaign.resolve_pending()
    assert campaign.blocked is not None and "was_air_strikes" in campaign.blocked  # the engine's own words
    assert waiting_words(campaign) == ("the battle in North Sea waits for the Allies to decide air strikes: one air "
                                       "factor at most on each target (before round 1, air strikes)")
    asked = campaign.asked
    assert asked is not None and asked.question.round == 0  # asked before the first round (R-UI-54)
    title = CombatScreen(asked.player, asked.question, asked.brief, submit=lambda _a: None).title_text().plain
    assert title.startswith("Battle in North Sea · WAS · before round 1 (air strikes) — ") and "round 0" not in title


async def test_the_aa_question_typed_wrong_is_refused_in_the_players_words() -> None:
    """The tester's case on the command screen: plan_aa typed as ``[1]``."""
    app = DemoCommandApp(demo_spec("carrier-clash", 0), (0,), "Carrier clash")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _asked(pilot, app, "plan_aa")
        ship = screen.prompt.question.ship  # type: ignore[union-attr]
        placeholder = screen.query_one("#cmd-typed", Input).placeholder
        assert placeholder.startswith('/ to type: JSON, e.g. [{"weapon": 3, "target": "Ju 87 T-1", "dice": 2}]')
        await pilot.press("slash", "[", "1", "]", "enter")
        message = await wait_for(pilot, lambda: (lambda t: t if "refused" in t else None)(
            str(screen.query_one("#cmd-message", Static).render())), "the refusal")
        assert f"refused: cannot read this as the AA fire of {ship}: item 1 should be an AA shot" in \
            " ".join(message.split())
        assert "AAShot" not in message and "plan_aa" not in message
