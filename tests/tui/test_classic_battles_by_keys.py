"""Whole classic battles commanded by keystrokes in the app (issue #15): a VITP battle (day air strikes, a night
round with the Allies' declared firing carriers, a retreat; both sides human, hot-seat) and a War at Sea battle (a
U-Boat's target after the ASW, air strikes one factor per target with the Frogmen, surface rounds, a retreat).

Each human's answers come from a plan (``JAPAN``, ``UNITED_STATES``, ``AXIS``: an answer per question, mostly not
the AI's); in the app every question is answered with the keys (down to a row, left/right to its choice, Enter)
until the rows show the plan's answer.  The answers the app records must be the plan's, question by question, and
the app's battle must be the battle fought headless by :class:`~strategic.classic.scripts.ScriptedPolicy` with
those answers on the same dice; a few of its facts are also asserted by hand.

The fixed dice are the campaign's ``Dice(seed)``: a battle a human commands is taken back and fought again from
its start after each answer (``Dice.rewind``), which ``ScriptedDice`` does not support (its faces, once drawn, are
not put back).  The answer's order is the rows' order (a unit's attacks are rolled in the order of the answer), so
the headless battle is fought with the answers as the app recorded them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from textual.widgets import Static

from scenarios.models import Player
from strategic.campaign import Campaign
from strategic.classic import ClassicResolver
from strategic.classic.scripts import Entry, Question, ScriptedPolicy
from strategic.clock import Clock, turn_plan
from strategic.state import Phase, UnitStatus
from tactical.dice import Dice
from tests.strategic.classic.helpers import at_sea, game
from tui.app import CampaignScreen, HandOverScreen, Session, VictoryAtSeaApp
from tui.battle_choice import BattleChoiceScreen
from tui.combat_screen import NONE, CombatScreen, Row

from .helpers import next_screen, wait_for

SIZE = (160, 45)

Plan = dict[tuple[Any, ...], Any]


def planned_answer(plan: Plan, question: Question) -> Any:
    """The plan's answer to ``question``: keyed ``(decision, round, stage)``, ``(decision, round)`` or
    ``(decision,)`` (the first that is in the plan); a value may be a function of the question's options."""
    keys = [(question.decision, question.round, question.stage), (question.decision, question.round),
            (question.decision,)]
    key = next((k for k in keys if k in plan), None)
    assert key is not None, f"the plan has no answer to {question.describe()}"
    answer = plan[key]
    return answer(question.options) if callable(answer) else answer


def only(targets: dict[str, str]) -> Callable[[dict[str, Any]], dict[str, str]]:
    """Each unit's target, for the units that may fire at it now."""
    def answer(o: dict[str, Any]) -> dict[str, str]:
        return {u: t for u, t in targets.items() if u in o["units"] and t in o["targets"]}
    return answer


def prefer(order: dict[str, list[str]]) -> Callable[[dict[str, Any]], dict[str, str]]:
    """Each unit's first target of its list still there."""
    def answer(o: dict[str, Any]) -> dict[str, str]:
        out = {}
        for unit, targets in order.items():
            target = next((t for t in targets if t in o["targets"]), None)
            if unit in o["units"] and target is not None:
                out[unit] = target
        return out
    return answer


def _battle(data, area: str, units: tuple[str, ...], seed: int,  # type: ignore[no-untyped-def]
            commanders: list[Player]) -> Campaign:
    campaign = game(data)
    campaign.state.step = next(i for i, s in enumerate(turn_plan(campaign, 4)) if s[0] is Phase.COMBAT)
    campaign.dice, campaign.resolver = Dice(seed), ClassicResolver()
    campaign.state.combat, campaign.state.battle_commanders = "classic", commanders
    at_sea(campaign, area, *units)
    campaign.state.pending_battles = [area]
    return campaign


def _reference(data, area: str, units: tuple[str, ...], seed: int,  # type: ignore[no-untyped-def]
               scripts: dict[str, list[Entry]]) -> Campaign:
    """The battle fought headless, each commander's answers read from his script (the others: the AI)."""
    campaign = _battle(data, area, units, seed, [])
    policies = {player: ScriptedPolicy(script, where=player) for player, script in scripts.items()}
    campaign.resolver = ClassicResolver(policies)  # type: ignore[arg-type]
    campaign.resolve_pending()
    assert all(p.used == len(p.entries) for p in policies.values()), "a script answer was not asked for"
    return campaign


def _desired(decision: str, rows: list[Row], answer: Any) -> list[str]:
    """The choice each row must show for the screen to give ``answer``."""
    if decision == "day_or_night":
        return [answer]
    if decision in ("night_firing_carriers", "withdraw"):
        return [r.choices[1] if r.key in answer else NONE for r in rows]
    if decision == "was_air_strikes":
        sources = {target: source for source, target in answer}
        assert len(sources) == len(answer), "one air factor per target"
        return [sources.get(r.key, NONE) for r in rows]
    return [answer.get(r.key, NONE) for r in rows]


async def _set_rows(pilot: Any, screen: CombatScreen, answer: Any) -> None:
    """Make the rows show ``answer`` with the keys: down to each row, right (or left, when shorter) to its
    choice."""
    desired = _desired(screen.question.decision, screen.rows, answer)
    table = screen.query_one("#combat-answer")
    for index, (row, want) in enumerate(zip(screen.rows, desired, strict=True)):
        assert want in row.choices, f"{want} is not a choice of {row.key}: {row.choices}"
        while table.cursor_row < index:  # type: ignore[attr-defined]
            await pilot.press("down")
        steps = (row.choices.index(want) - row.choices.index(row.value)) % len(row.choices)
        back = len(row.choices) - steps
        await pilot.press(*(["right"] * steps if steps <= back else ["left"] * back))
        await wait_for(pilot, lambda r=row, w=want: r.value == w, f"{row.key} set to {want}")
    assert [r.value for r in screen.rows] == desired


Hook = Callable[[Any, CombatScreen], Any]


class Asked(NamedTuple):
    """A question a screen asked, the plan's answer given by the keys, and the AI's suggestion shown."""

    question: Question
    answer: Any
    suggestion: Any


async def _command(data, campaign: Campaign, plans: dict[str, Plan],  # type: ignore[no-untyped-def]
                   hooks: dict[str, Hook] | None = None) -> tuple[dict[str, list[Asked]], str]:
    """Play ``campaign``'s pending battle in the app, every question of the humans answered by the keys with the
    answer of the player's plan (``hooks[decision]`` first does more on that screen).  Returns what each player
    was asked (:class:`Asked`) and the Orders tab's message at the end."""
    humans = {p.value for p in campaign.state.battle_commanders}
    session = Session(campaign, Clock(campaign, resume=True), humans)
    app = VictoryAtSeaApp(data, session=session)
    asked: dict[str, list[Asked]] = {}
    async with app.run_test(size=SIZE) as pilot:
        while True:
            screen = await wait_for(pilot, lambda: next_screen(app), "a question, a hand-over or the game")
            if isinstance(screen, HandOverScreen):
                await pilot.click("#ready")
            elif isinstance(screen, BattleChoiceScreen):
                await pilot.press("c")  # command it
            elif isinstance(screen, CampaignScreen):
                return asked, str(screen.query_one("#order-message", Static).render())
            else:
                assert isinstance(screen, CombatScreen)
                answer = planned_answer(plans[screen.player], screen.question)
                asked.setdefault(screen.player, []).append(Asked(screen.question, answer, screen.brief.suggestion))
                hook = (hooks or {}).get(screen.question.decision)
                if hook is not None:
                    await hook(pilot, screen)
                await _set_rows(pilot, screen, answer)
                await pilot.press("enter")
            await wait_for(pilot, lambda s=screen: app.screen is not s, f"{type(screen).__name__} to close")


def _given(campaign: Campaign, asked: dict[str, list[Asked]]) -> dict[str, list[Entry]]:
    """The answers the app's players gave (its ``combat_answer`` events, as scripts in the order given), checked
    to be the plan's answers to the questions the screens asked, one for one."""
    given: dict[str, list[Entry]] = {}
    for e in campaign.state.events:
        if e.kind == "combat_answer":
            given.setdefault(e.player, []).append(  # type: ignore[attr-defined]
                Entry(Question.from_json(e.question, "q"), e.answer))  # type: ignore[attr-defined]
    def plain(answer: Any) -> Any:  # the order of a War at Sea strike list is the rows' (targets') order
        return sorted(answer) if isinstance(answer, list) else answer
    assert {p: [(e.question, plain(e.answer)) for e in entries] for p, entries in given.items()} == \
        {p: [(e.question, plain(e.answer)) for e in entries] for p, entries in asked.items()}
    return given


def _same_battle(campaign: Campaign, reference: Campaign, units: tuple[str, ...]) -> None:
    """The app's battle is the reference's: its events, its dice and what became of each unit."""
    fought = [e for e in campaign.state.events if e.phase is Phase.COMBAT and e.kind != "combat_answer"]
    assert fought == [e for e in reference.state.events if e.phase is Phase.COMBAT]
    assert campaign.dice.log[:len(reference.dice.log)] == reference.dice.log
    for name in units:
        mine, theirs = campaign.state.unit(name), reference.state.unit(name)
        assert (mine.status, mine.place, mine.damage) == (theirs.status, theirs.place, theirs.damage), name


# --------------------------------------------------------------------------- VITP: Coral Sea


CORAL = ("Lexington", "Saratoga", "Enterprise", "Northampton", "Chester", "Kaga", "Shokaku", "Myoko", "Nachi",
         "Haguro")
CORAL_SEED = 2
JAPAN: Plan = {
    ("day_or_night", 1): "day",
    ("air_targets", 1): only({"Kaga": "Northampton", "Shokaku": "Enterprise"}),
    ("withdraw",): [],
    ("day_or_night", 2): "night",
    ("gunnery_targets", 2): only({"Myoko": "Chester", "Nachi": "Chester", "Haguro": "Saratoga"}),
    ("pursue",): {},  # the retreating Americans are let go
}
UNITED_STATES: Plan = {
    ("day_or_night", 1): "day",
    ("air_targets", 1): only({"Lexington": "Kaga", "Saratoga": "Kaga", "Enterprise": "Myoko"}),
    ("withdraw", 1): [],
    ("day_or_night", 2): "night",
    ("night_firing_carriers", 2): lambda o: [c for c in o["carriers"] if c == "Lexington"],  # not Saratoga
    ("gunnery_targets", 2): only({"Lexington": "Shokaku", "Northampton": "Nachi", "Chester": "Nachi"}),
    ("withdraw", 2): lambda o: o["candidates"],  # everything left retreats
    ("retreat_ports",): lambda o: {u: "Samoa" for u in o["choices"]},  # not where they sailed from (R-OPS-48)
}


async def test_a_vitp_battle_commanded_by_keys_is_the_scripted_battle(data) -> None:
    """Japan and the United States command the Coral Sea battle, all by keys: round 1 by day (both declare day),
    each side's carriers striking targets the AI would not choose; round 2 by night, the Americans naming only
    Lexington of their two carriers to fire; then the Americans retreat and Japan lets them go."""
    campaign = _battle(data, "Coral Sea", CORAL, CORAL_SEED, [Player.JAPAN, Player.UNITED_STATES])
    asked, told = await _command(data, campaign, {"japan": JAPAN, "united_states": UNITED_STATES})

    given = _given(campaign, asked)
    planned = {(p, a.question.decision, a.question.round): a for p in asked for a in asked[p]}
    assert {("japan", "air_targets", 1), ("united_states", "air_targets", 1), ("united_states",
            "night_firing_carriers", 2), ("japan", "gunnery_targets", 2), ("united_states", "withdraw", 2),
            ("japan", "pursue", 2)} <= set(planned)
    for question in (("japan", "air_targets", 1), ("united_states", "air_targets", 1),
                     ("united_states", "night_firing_carriers", 2)):
        assert planned[question].answer != planned[question].suggestion, question  # not the AI's answer
    assert planned[("united_states", "night_firing_carriers", 2)].answer == ["Lexington"]
    assert planned[("united_states", "withdraw", 2)].answer == ["Lexington"]
    assert planned[("united_states", "retreat_ports", 2)].answer == {"Lexington": "Samoa"}
    _same_battle(campaign, _reference(data, "Coral Sea", CORAL, CORAL_SEED, given), CORAL)

    # by hand: round 1 (day), each carrier's strike at the target the keys gave it
    state, rolls = campaign.state, [r.label for r in campaign.dice.log]
    for strike in ("Kaga air strike at Northampton", "Shokaku air strike at Enterprise",
                   "Enterprise air strike at Myoko", "Lexington air strike at Kaga", "Saratoga air strike at Kaga"):
        assert strike in rolls, strike
    for name in ("Northampton", "Enterprise", "Myoko"):  # each sunk by the strike the keys aimed at it
        assert state.unit(name).status is UnitStatus.SUNK, name
    assert (state.unit("Kaga").status, state.unit("Kaga").damage) == (UnitStatus.SEA, 3)  # Saratoga's hit
    # round 2 (night): of the carriers only Lexington fired; Haguro sank Saratoga, Nachi Chester
    assert "Lexington gunnery at Shokaku" in rolls and not any(r.startswith("Saratoga gunnery") for r in rolls)
    assert "Haguro gunnery at Saratoga" in rolls and "Nachi gunnery at Chester" in rolls
    for name in ("Saratoga", "Chester"):
        assert state.unit(name).status is UnitStatus.SUNK, name
    # the retreat: Lexington to Samoa, as its player chose (the AI: Australia), not pursued; Japan holds the Coral Sea
    lexington = state.unit("Lexington")
    assert planned[("united_states", "retreat_ports", 2)].suggestion == {"Lexington": "Australia"}
    assert (lexington.status, lexington.place, lexington.damage) == (UnitStatus.PORT, "Samoa", 0)
    for name in ("Kaga", "Shokaku", "Nachi", "Haguro"):
        assert (state.unit(name).status, state.unit(name).place) == (UnitStatus.SEA, "Coral Sea"), name
    assert told.startswith("Battle in Coral Sea (classic rules) is over"), told


# --------------------------------------------------------------------------- War at Sea: the Mediterranean


MEDITERRANEAN = ("U-Boat 1", "Italian Frogmen", "Axis LBA", "Littorio", "Vittorio Veneto", "Zara", "Warspite",
                 "Malaya", "Hood", "Sussex", "Ark Royal")
MED_SEED = 228  # the U-Boat survives the ASW
STRIKES = [["Italian Frogmen", "Warspite"], ["Italian Frogmen", "Malaya"], ["Italian Frogmen", "Hood"],
           ["Axis LBA", "Sussex"], ["Axis LBA", "Ark Royal"]]
AXIS: Plan = {
    ("submarine_targets",): {"U-Boat 1": "Sussex"},
    ("was_air_strikes",): lambda o: [s for s in STRIKES if s[1] in o["targets"]],
    ("gunnery_targets",): prefer({"Littorio": ["Hood", "Malaya", "Warspite"],
                                  "Vittorio Veneto": ["Malaya", "Hood", "Warspite"],
                                  "Zara": ["Ark Royal", "Sussex", "Hood", "Malaya", "Warspite"]}),
    ("withdraw", 1): [],
    ("withdraw",): lambda o: o["candidates"],  # after round 2, what is left retreats
    ("pursue",): {},
}


async def _two_factors_on_warspite(pilot: Any, screen: CombatScreen) -> None:
    """Type an answer with the Axis LBA and the Frogmen both at Warspite: refused with the rule, the screen stays;
    escape goes back to the rows, to be corrected."""
    await pilot.press("slash", *"axis lba > warspite, italian frogmen > warspite", "enter")
    def refusal() -> str | None:
        text = str(screen.query_one("#combat-message", Static).render())
        return text if text.startswith("refused") else None
    message: str = await wait_for(pilot, refusal, "the refusal")
    assert "Warspite is already attacked by an airstrike factor this turn (002 §4.11)" in message, message
    assert "002 §4.11, §2.222; WAS 5.62" in message, message
    assert screen.app.screen is screen
    await pilot.press("escape")
    await wait_for(pilot, lambda: screen.focused is screen.query_one("#combat-answer"), "the rows focused")


async def test_a_war_at_sea_battle_commanded_by_keys_is_the_scripted_battle(data) -> None:
    """Germany-Italy commands the Mediterranean battle by keys against the AI's British: the U-Boat that
    survived the ASW torpedoes Sussex; the air strikes are one factor per target (two factors at Warspite are
    refused citing 002 §4.11, then corrected), the Frogmen at the three battleships; two surface rounds, then the
    Axis retreats."""
    campaign = _battle(data, "Mediterranean", MEDITERRANEAN, MED_SEED, [Player.GERMANY_ITALY])
    asked, told = await _command(data, campaign, {"germany_italy": AXIS},
                                 {"was_air_strikes": _two_factors_on_warspite})

    given = _given(campaign, asked)  # the refused answer is not among them
    decisions = [(e.question.decision, e.question.round) for e in asked["germany_italy"]]
    assert decisions[:2] == [("submarine_targets", 0), ("was_air_strikes", 0)]
    assert ("gunnery_targets", 2) in decisions and ("withdraw", 2) in decisions
    strikes = asked["germany_italy"][1]
    assert strikes.answer == STRIKES and sorted(strikes.suggestion) != sorted(STRIKES)  # not the AI's
    _same_battle(campaign, _reference(data, "Mediterranean", MEDITERRANEAN, MED_SEED, given), MEDITERRANEAN)

    state, rolls = campaign.state, [r.label for r in campaign.dice.log]
    assert [r for r in rolls if r.endswith(" ASW")] == ["Hood ASW", "Warspite ASW", "Malaya ASW", "Ark Royal ASW",
                                                        "Sussex ASW"]  # no sinking, no disable: the U-Boat fires
    assert "U-Boat 1 torpedo attack at Sussex" in rolls and state.unit("U-Boat 1").status is UnitStatus.SEA
    # one die per target: the Frogmen's at Hood (hit, 3 points), Warspite and Malaya (hit, 5: sunk); the LBA's at
    # Ark Royal and Sussex (a 5: disabled, home undamaged); the Frogmen used up
    for source, target in STRIKES:
        what = "frogmen attack" if source == "Italian Frogmen" else "LBA strike"
        assert rolls.count(f"{source} {what} at {target}") == 1, (source, target)
    assert state.unit("Malaya").status is UnitStatus.SUNK
    assert state.unit("Italian Frogmen").status is UnitStatus.REMOVED
    sussex = state.unit("Sussex")
    assert (sussex.status, sussex.place, sussex.damage) == (UnitStatus.PORT, "Malta", 0)
    # the surface rounds: Littorio sunk in the first, Vittorio Veneto in the second; Zara, the last, withdrew
    assert "Littorio gunnery at Hood" in rolls and "Vittorio Veneto gunnery at Warspite" in rolls
    for name in ("Littorio", "Vittorio Veneto"):
        assert state.unit(name).status is UnitStatus.SUNK, name
    assert (state.unit("Zara").status, state.unit("Zara").place) == (UnitStatus.PORT, "Italy")
    assert (state.unit("Hood").status, state.unit("Hood").damage) == (UnitStatus.PORT, 3)
    assert told.startswith("Battle in Mediterranean (classic rules) is over"), told
