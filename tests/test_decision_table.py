"""Every question kind a rule can ask a player, and where a human seat is asked it (R-UI-70, R-UI-71).

Columns: (a) ``vas play`` classic battles (the combat screen), (b) battles on the table a human commands (the
command screen for the table's own questions, the combat screen for the classic steps the table takes), (c) ``vas
join`` / network seats (``vas serve``: any question waiting for a remote human, with the AI's advice), (d) the line
prompts (``vas join`` at the terminal; ``vas run --command`` stops at it, ``--answer`` answers it).  ``n/a``: the
question does not arise there (a classic battle has no table; the table fights its rounds itself, and the
classic questions of its rounds arise only in a battle handed to the classic rules, which is column (a)).  The
strategic decisions (each phase's orders, the battle order) are listed first.  The tests below check the table
against the engine's own lists, and that each question asked has its words and its screen."""

from __future__ import annotations

import pytest

from strategic.classic.scripts import DECISIONS
from tactical.seats import QUESTIONS
from tui.combat_screen import EXAMPLES
from tui.question_words import CLASSIC
from tui.table_prompts import TITLES

ASKED, NA = "asked", "n/a"

STRATEGIC: dict[str, tuple[str, str, str, str]] = {
    "orders": (ASKED, ASKED, ASKED, ASKED),  # every phase's orders: the Orders tab, vas join's order prompt
}
"""The campaign's decisions outside battles (the orders of each phase: moves, arrivals, returns, raids, the
early-war attack and the Pearl Harbor strike are orders)."""

TABLE_STEPS = ("order_battles", "run_or_fight", "day_or_night", "landings", "retreat_ports")
"""The classic decisions a game on the table still takes by the classic procedure (R-UI-70, R-UI-71): the battle
order before the battles, and run or fight, the VITP declarations, landings and retreat ports around a battle."""

CLASSIC_ROWS: dict[str, tuple[str, str, str, str]] = {
    decision: (ASKED, ASKED if decision in TABLE_STEPS else NA, ASKED, ASKED) for decision in DECISIONS}
"""Each classic decision: asked in classic battles; on the table only the steps the table takes."""

TABLE_ROWS: dict[str, tuple[str, str, str, str]] = {question: (NA, ASKED, ASKED, ASKED) for question in QUESTIONS}
"""Each question of the Victory at Sea table: asked of a human commander's seat on the table (issue #16)."""

DECISION_TABLE = {**STRATEGIC, **CLASSIC_ROWS, **TABLE_ROWS}


def test_the_table_lists_every_question_of_the_engine_once() -> None:
    assert len(DECISION_TABLE) == len(STRATEGIC) + len(DECISIONS) + len(QUESTIONS)
    assert set(TABLE_STEPS) <= set(DECISIONS)


def test_no_decision_is_left_to_the_ai_where_it_arises() -> None:
    """Every cell is asked or does not arise: no question a rule gives a player is the AI's alone."""
    assert {cell for row in DECISION_TABLE.values() for cell in row} == {ASKED, NA}
    assert all(row[2] == row[3] == ASKED for row in DECISION_TABLE.values())


@pytest.mark.parametrize("decision", DECISIONS)
def test_each_classic_decision_asked_has_its_words_and_a_typed_form(decision: str) -> None:
    assert CLASSIC[decision] and EXAMPLES[decision]


@pytest.mark.parametrize("question", QUESTIONS)
def test_each_question_on_the_table_has_its_title(question: str) -> None:
    assert TITLES[question]
