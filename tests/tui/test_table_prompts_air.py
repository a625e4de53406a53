"""The air, AA, carrier and MTB questions commanded by a player (issue #16): the prompts of
:mod:`tui.table_prompts` built at the real questions of the bundled battles, a non-AI answer picked from their
slots, combined, verified by the engine and accepted by the battle (which raises on an illegal answer), and
recorded as picked; a refused plan names its rule; and one plan_flights question answered on the command
screen by left/right and Enter."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest
from textual.widgets import Static

from scenarios.errors import IllegalOrder
from scenarios.loader import load_data
from tactical import (
    MTBSpec,
    Seat,
    decode_tactical,
    demo_spec,
    encode_tactical,
    resolve,
    verify_aa_plan,
    verify_boat_plan,
    verify_flight_plan,
)
from tui.demo_command import DemoCommandApp
from tui.table_prompts import Prompt, Slot, prompt_for

from .helpers import wait_for
from .test_command_screen import SIZE, _answer, _asked

Pick = Callable[[Prompt, Any], Any]
"""At a question: the answer picked (combined from the prompt's slots), or ``None`` to give the AI's."""


def _fight(spec: Any, side: int, question: str, pick: Pick, *, times: int = 1) -> tuple[Seat, list[Any]]:
    """Fight ``spec`` with ``side`` answering by ``pick`` at ``question`` (the first ``times`` it picks), the
    AI's answer elsewhere; the seat and the (question, answer) pairs picked."""
    picked: list[Any] = []

    def ask(q: Any, battle: Any, advice: Any) -> Any:
        if q.question != question or len(picked) >= times:
            return advice()
        prompt = prompt_for(q, battle, advice, "player")
        answer = pick(prompt, battle)
        if answer is None:
            return advice()
        picked.append((q, answer))
        return answer

    seats: list[Seat | None] = [None, None]
    seat = seats[side] = Seat(side, ask=ask)
    resolve(spec, tuple(seats))  # type: ignore[arg-type]
    assert picked, f"no {question} question where the pick applies"
    return seat, picked


def _given(seat: Seat, picked: list[Any]) -> None:
    """Each answer picked is the one the battle recorded (and so played)."""
    for question, answer in picked:
        entry = next(e for e in seat.given if e.question == question)
        assert entry.answer == encode_tactical(question.question, answer)


def _set(slot: Slot, label: str) -> bool:
    """Set ``slot`` to its option whose label starts with ``label``; whether it has one."""
    at = next((i for i, o in enumerate(slot.options) if o[0].startswith(label)), None)
    if at is None:
        return False
    slot.index = at
    return True


# --------------------------------------------------------------------------- plan_flights


def _strike_elsewhere(prompt: Prompt, battle: Any) -> Any:
    """A strike Flight attacking another ship than the AI's (or attacking where the AI does not)."""
    for slot in prompt.slots:
        ai = slot.options[0][1]
        for i, (label, move, _) in enumerate(slot.options):
            if label.startswith("attack ") and move.attack in battle.state.ships and \
                    (ai is None or ai.attack != move.attack):
                slot.index = i
                plan = prompt.combine([s.value for s in prompt.slots])  # type: ignore[misc]
                verify_flight_plan(battle, prompt.question.side, plan)
                assert plan[slot.label].attack == move.attack
                return plan
    return None


@pytest.mark.parametrize("side", [0, 1])
def test_a_strike_flight_attacks_another_ship_than_the_ai_would(side: int) -> None:
    seat, picked = _fight(demo_spec("carrier-clash", 0), side, "plan_flights", _strike_elsewhere)
    _given(seat, picked)
    prompt_detail = picked[0][1]
    assert any(m.attack for m in prompt_detail.values())


def test_the_options_say_what_they_mean_and_are_each_legal() -> None:
    seen: list[Prompt] = []

    def look(prompt: Prompt, battle: Any) -> None:
        seen.append(prompt)
        for slot in prompt.slots:
            assert slot.ai == 0 and (slot.options[0][0].startswith("★ AI") or len(slot.options) == 1)
            for at, (label, move, detail) in enumerate(slot.options):
                assert slot.label in detail
                if move is not None and at > 0:  # the AI's own move may need the rest of its plan (an escort)
                    verify_flight_plan(battle, prompt.question.side, {slot.label: move})
                if label.startswith("attack ") and move.attack in battle.state.ships:
                    assert "Hull" in detail and "\" away" in detail and "hits on" in detail

    def ask(q: Any, battle: Any, advice: Any) -> Any:
        if q.question == "plan_flights":
            look(prompt_for(q, battle, advice, "player"), battle)
        return advice()

    resolve(demo_spec("carrier-clash", 0), (Seat(0, ask=ask), None))
    labels = {o[0].split(" ")[0] for p in seen for s in p.slots for o in s.options}
    assert {"★", "hold", "attack", "engage", "wait"} <= labels  # wait astern of a carrier (R-VIEW-21)


def test_a_fighter_engages_an_enemy_flight_and_a_flight_holds() -> None:
    def engage(prompt: Prompt, battle: Any) -> Any:
        fighters = [s for s in prompt.slots if any(o[0].startswith("engage ") for o in s.options)]
        movers = [s for s in prompt.slots if any(o[0] == "hold position" for o in s.options)]
        if not fighters or len(movers) < 2:
            return None
        _set(fighters[0], "engage ")
        held = next(s for s in movers if s is not fighters[0])
        _set(held, "hold position")
        try:
            return prompt.combine([s.value for s in prompt.slots])  # type: ignore[misc]
        except IllegalOrder:  # an escorted quarry: its escorts must be engaged first
            return None

    seat, picked = _fight(demo_spec("carrier-clash", 0), 0, "plan_flights", engage)
    _given(seat, picked)
    plan = picked[0][1]
    assert any(m.engage for m in plan.values())


def test_a_plan_the_rules_forbid_is_refused_naming_the_rule() -> None:
    def two_on_one(prompt: Prompt, battle: Any) -> Any:
        for slot in prompt.slots:
            if _set(slot, "engage "):
                move = slot.value
                bad = dict(prompt.combine([s.value for s in prompt.slots]))  # type: ignore[misc]
                bad[slot.label] = type(move)(path=(), engage=move.engage)  # no move: out of contact
                with pytest.raises(IllegalOrder, match="000 Dogfighting"):
                    verify_flight_plan(battle, prompt.question.side, bad)
                return prompt.combine([s.value for s in prompt.slots])  # type: ignore[misc]
        return None

    _fight(demo_spec("carrier-clash", 0), 1, "plan_flights", two_on_one)


def test_the_convoys_avenger_holds_instead_of_attacking_the_u_boat() -> None:
    def hold(prompt: Prompt, battle: Any) -> Any:
        slot = prompt.slots[0]
        if not _set(slot, "hold position"):
            return None
        plan = prompt.combine([s.value for s in prompt.slots])  # type: ignore[misc]
        assert plan == {}
        return plan

    seat, picked = _fight(demo_spec("convoy", 0), 0, "plan_flights", hold)
    _given(seat, picked)
    assert picked[0][0].turn == 4  # the turn the AI attacks U-201


# --------------------------------------------------------------------------- plan_aa


def test_aa_systems_hold_or_fire_at_another_flight_with_the_odds() -> None:
    def change(prompt: Prompt, battle: Any) -> Any:
        armed = [s for s in prompt.slots if s.refusal is None and len(s.options) > 1]
        if not armed:
            return None
        for slot in armed:
            for _, _target, detail in slot.options[1:]:
                assert "needs" in detail and "%" in detail and "dice" in detail
        slot = armed[0]
        slot.index = 0 if slot.index else 1  # hold instead of firing (or fire instead of holding)
        shots = prompt.combine([s.value for s in prompt.slots])  # type: ignore[misc]
        ship = battle.state.ships[prompt.question.ship]
        verify_aa_plan(battle, ship, shots)
        assert shots != prompt.advice
        assert all(s.dice >= 1 for s in shots)
        return shots

    seat, picked = _fight(demo_spec("carrier-clash", 0), 0, "plan_aa", change, times=3)
    _given(seat, picked)


def test_a_ship_without_a_target_holds_its_aa_fire() -> None:
    def hold(prompt: Prompt, battle: Any) -> Any:
        assert [c.answer for c in prompt.choices] == [[]]
        return prompt.choices[0].answer

    seat, picked = _fight(demo_spec("convoy", 0), 0, "plan_aa", hold)
    _given(seat, picked)


# --------------------------------------------------------------------------- carriers


def test_a_carrier_launches_other_flights_and_no_more_than_its_deck_allows() -> None:
    def other(prompt: Prompt, battle: Any) -> Any:
        ai = [s.value for s in prompt.slots]
        if sum(ai) == 0 or all(ai):
            return None
        for slot in prompt.slots:
            slot.index = 1
        with pytest.raises(IllegalOrder, match="000 Launching and Recovering Aircraft"):
            prompt.combine([s.value for s in prompt.slots])  # type: ignore[misc]
        for slot, was in zip(prompt.slots, ai, strict=True):
            slot.index = int(not was)
        while sum(s.value for s in prompt.slots) > sum(ai):
            next(s for s in prompt.slots if s.value).index = 0
        names = prompt.combine([s.value for s in prompt.slots])  # type: ignore[misc]
        assert names and set(names).isdisjoint(prompt.advice)
        return names

    seat, picked = _fight(demo_spec("carrier-clash", 0), 0, "choose_launch", other)
    _given(seat, picked)


def test_the_attack_order_is_the_ais_or_typed() -> None:
    def typed(prompt: Prompt, battle: Any) -> Any:
        names = prompt.question.options["names"]
        assert prompt.choices[0].label.startswith("The AI's order")
        assert prompt.read is not None
        with pytest.raises(IllegalOrder, match="000 Attacking with Aircraft"):
            prompt.read("")
        return prompt.read(", ".join(n.lower() for n in names[::-1]))

    seat, picked = _fight(demo_spec("carrier-clash", 0), 1, "order_air_attacks", typed)
    _given(seat, picked)


def test_deep_deployment_is_a_yes_or_no_a_carrier() -> None:
    prompt = _prompt_at("deep_deploy", ["USS Yorktown"])
    assert [o[0] for o in prompt.slots[0].options] == ["no", "yes"] and prompt.slots[0].value is True
    prompt.slots[0].index = 0
    assert prompt.combine([s.value for s in prompt.slots]) == []  # type: ignore[misc]


def _prompt_at(question: str, advice: Any) -> Prompt:
    """The prompt of ``question`` for the US side asked at carrier-clash's first question (its options as the
    engine would give them), with ``advice`` as the AI's answer."""
    made: list[Prompt] = []

    def ask(q: Any, battle: Any, ai: Any) -> Any:
        if not made:
            asked = type(q)(question, q.side, None, q.turn, q.phase, {"carriers": ["USS Yorktown"]})
            made.append(prompt_for(asked, battle, lambda: advice, "player"))
        return ai()

    resolve(demo_spec("carrier-clash", 0), (Seat(0, ask=ask), None))
    return made[0]


# --------------------------------------------------------------------------- MTB Sections


def _pt_boats() -> Any:
    spec = demo_spec("cruiser-action", 0)
    card = load_data().mtbs["Elco 80ft PT"]
    boats = [MTBSpec(name=f"PT-{n}", side=0, card=card) for n in (109, 110)]
    return spec.model_copy(update={"mtbs": boats})


def test_an_mtb_section_attacks_another_ship_or_holds() -> None:
    def other(prompt: Prompt, battle: Any) -> Any:
        for slot in prompt.slots:
            ai = slot.options[0][1]
            for i, (label, move, detail) in enumerate(slot.options):
                if label.startswith("attack ") and (ai is None or ai.attack != move.attack):
                    assert "Hull" in detail
                    slot.index = i
                    plan = prompt.combine([s.value for s in prompt.slots])  # type: ignore[misc]
                    verify_boat_plan(battle, prompt.question.side, plan)
                    return plan
        if any(_set(s, "hold position") for s in prompt.slots):
            return prompt.combine([s.value for s in prompt.slots])  # type: ignore[misc]
        return None

    seat, picked = _fight(_pt_boats(), 0, "plan_boats", other, times=3)
    _given(seat, picked)


# --------------------------------------------------------------------------- the command screen


async def test_a_strike_is_directed_on_the_command_screen_by_left_right_and_enter() -> None:
    spec = demo_spec("carrier-clash", 0)
    app = DemoCommandApp(spec, (0,), "Carrier clash")
    async with app.run_test(size=SIZE) as pilot:
        after = 0
        while True:  # the AI's answers until a Flight can attack a ship the AI does not send it at
            screen = await _asked(pilot, app, "plan_flights", after)
            prompt = screen.prompt
            assert prompt is not None
            rows = [(r, i) for r, s in enumerate(prompt.slots) for i, o in enumerate(s.options)
                    if o[0].startswith("attack ") and (s.options[0][1] is None or
                                                       s.options[0][1].attack != o[1].attack)]
            if rows:
                break
            after = await _answer(pilot, screen, "enter")
        row, wanted = rows[0]
        slot = prompt.slots[row]
        for _ in range(row):
            await pilot.press("down")
        for _ in range(wanted):
            await pilot.press("right")
        assert slot.index == wanted
        detail = str(screen.query_one("#cmd-detail", Static).render())
        assert "Hull" in detail and "hits on" in detail
        await pilot.press("a")  # the AI's plan again (the cursor back on the first row), then the attack once more
        assert slot.index == 0
        for _ in range(row):
            await pilot.press("down")
        for _ in range(len(slot.options) - wanted):
            await pilot.press("left")
        target, question = slot.options[wanted][1].attack, prompt.question
        screen = await _asked(pilot, app, None, await _answer(pilot, screen, "enter"))
        await pilot.press("A")
        await wait_for(pilot, lambda: app.report is not None, "the battle's end")
    flown = next(e for e in app.given if e.question == question)
    plan = decode_tactical("plan_flights", flown.answer, "flights")
    assert plan[slot.label].attack == target


def test_a_fighter_escorts_a_strike_flight_wherever_the_player_sends_it() -> None:
    """000 Escorting: a Fighter's row offers to escort each friendly Flight it can reach; with the strike sent to
    attack another ship than the AI's, the escort follows it and ends in base contact with it (carrier-clash seed 5,
    whose Yorktown VT-2 the AI sends at Shokaku and VF-2 escorts, as the R-AI-20 deployment plays it)."""
    def escort(prompt: Prompt, battle: Any) -> Any:
        for guard in prompt.slots:
            for at, (_, move, _) in enumerate(guard.options):  # the AI's own escort, or one offered
                ward = next((s for s in prompt.slots if move is not None and move.escort
                             and s.label == move.escort[0]), None)
                if ward is None or not _set(ward, "attack "):
                    continue
                guard.index = at
                try:
                    return prompt.combine([s.value for s in prompt.slots])  # type: ignore[misc]
                except IllegalOrder:
                    continue
        return None

    seat, picked = _fight(demo_spec("carrier-clash", 5), 0, "plan_flights", escort)
    _given(seat, picked)
    plan = picked[0][1]
    escorts = [(m, plan[m.escort[0]]) for m in plan.values() if m.escort and plan[m.escort[0]].attack]
    assert escorts and all(math.dist(m.path[-1], ward.path[-1]) == pytest.approx(0.4) for m, ward in escorts)
