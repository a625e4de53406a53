"""Classic battle views (strategic.classic.views, R-VIEW-08): sealed declarations, no dice, no policies."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from scenarios.models import Side
from strategic.classic.context import BattleContext
from strategic.classic.views import ClassicBattleView, observe
from strategic.narrate import describe
from tests.strategic.classic.helpers import Scripted, at_sea, fight, game


def _watching(seen: list[tuple[str, Side, ClassicBattleView]], method: str, answer: Any):  # type: ignore[no-untyped-def]
    """An answer for ``method`` that first records the deciding side's view of the battle."""
    def decide(ctx: BattleContext, side: Side, *args: Any) -> Any:
        seen.append((method, side, observe(ctx, side)))
        return answer
    return decide


def test_blind_withdrawals_stay_sealed_until_both_have_declared(data) -> None:  # type: ignore[no-untyped-def]
    """R-CMB-07: in War at Sea the Allies declare without seeing the Axis declaration (made first); neither the
    view's declarations nor its narrative give it away; afterwards both sides see both."""
    seen: list[tuple[str, Side, ClassicBattleView]] = []
    c = game(data, faces=(1,) * 7)
    at_sea(c, "North Sea", "Hood", "Scharnhorst")
    axis = Scripted(withdraw=_watching(seen, "withdraw", {"Scharnhorst"}), pursue={})
    allies = Scripted(withdraw=_watching(seen, "withdraw", {"Hood"}), pursue={})
    fight(c, "North Sea", {"allies": allies, "germany_italy": axis})
    (_, first, _), (_, second, view) = seen
    assert (first, second) == (Side.AXIS, Side.ALLIED)
    assert view.declared(Side.AXIS, "withdraw") is None
    assert not any("Scharnhorst" in line and "withdraw" in line for line in view.narrative)
    assert "Scharnhorst" not in str([d for d in view.declarations if d.side is Side.AXIS])
    ctx_lines = [describe(e) for e in c.state.events if "withdraw" in describe(e)]
    assert ctx_lines == ["North Sea: the Axis withdraw: Scharnhorst", "North Sea: the Allies withdraw: Hood"]


def test_the_sealed_declaration_is_the_owners_and_revealed_to_both_after(data) -> None:  # type: ignore[no-untyped-def]
    """A declaration recorded sealed is seen by its side only, until revealed."""
    c = game(data, faces=(1,) * 7)
    at_sea(c, "North Sea", "Hood", "Scharnhorst")
    seen: list[tuple[str, Side, ClassicBattleView]] = []

    def axis_then_peek(ctx: BattleContext, side: Side, enemy: Any, candidates: Any) -> set[str]:
        ctx.declare(Side.AXIS, "withdraw", {"Scharnhorst"}, sealed=True)
        seen.append(("axis", side, observe(ctx, Side.AXIS)))
        seen.append(("allies", side, observe(ctx, Side.ALLIED)))
        ctx.reveal()
        seen.append(("allies after", side, observe(ctx, Side.ALLIED)))
        ctx.declarations.pop()
        return {"Scharnhorst"}
    fight(c, "North Sea", {"allies": Scripted(withdraw=set(), pursue={}),
                           "germany_italy": Scripted(withdraw=axis_then_peek, pursue={})})
    views = {who: view for who, _, view in seen}
    assert views["axis"].declared(Side.AXIS, "withdraw").choice == ("Scharnhorst",)  # type: ignore[union-attr]
    assert views["allies"].declared(Side.AXIS, "withdraw") is None
    assert views["allies after"].declared(Side.AXIS, "withdraw").choice == ("Scharnhorst",)  # type: ignore[union-attr]


def test_vitp_declarations_are_heard_in_turn(data) -> None:  # type: ignore[no-untyped-def]
    """Case V-03, V-04: when Japan chooses day or night it knows nothing of the Allies' choice nor of their
    night-firing carriers; the Allies choose knowing Japan's; by the night round's fire Japan has heard which
    Allied carriers fire (named in advance, aloud)."""
    seen: list[tuple[str, Side, ClassicBattleView]] = []
    c = game(data, faces=(1,) * 12)
    at_sea(c, "Coral Sea", "Lexington", "Northampton", "Myoko")
    japan = Scripted(day_or_night=_watching(seen, "day_or_night", "night"),
                     gunnery_targets=lambda ctx, side, firers, targets: (
                         seen.append(("gunnery", side, observe(ctx, side))) or dict.fromkeys(firers, "Lexington")),
                     withdraw={"Myoko"}, pursue={})
    allies = Scripted(day_or_night=_watching(seen, "day_or_night", "night"),
                      night_firing_carriers=_watching(seen, "night_firing_carriers", {"Lexington"}),
                      withdraw=set(), pursue={})
    fight(c, "Coral Sea", {"japan": japan, "united_states": allies})
    by = {(m, s): v for m, s, v in seen}
    japan_choosing = by[("day_or_night", Side.AXIS)]
    assert japan_choosing.declarations == ()
    allies_choosing = by[("day_or_night", Side.ALLIED)]
    assert allies_choosing.declared(Side.AXIS, "day_or_night").choice == "night"  # type: ignore[union-attr]
    assert allies_choosing.declared(Side.ALLIED, "night_carriers") is None
    assert by[("night_firing_carriers", Side.ALLIED)].declared(Side.ALLIED, "day_or_night").choice == "night"  # type: ignore[union-attr]
    firing = by[("gunnery", Side.AXIS)].declared(Side.ALLIED, "night_carriers")
    assert firing is not None and firing.choice == ("Lexington",) and firing.round == 1


def test_a_classic_view_holds_no_dice_campaign_or_policy_and_is_detached(data) -> None:  # type: ignore[no-untyped-def]
    seen: list[tuple[str, Side, ClassicBattleView]] = []
    c = game(data, faces=(1,) * 12)
    at_sea(c, "Coral Sea", "Lexington", "Northampton", "Myoko")
    japan = Scripted(day_or_night=_watching(seen, "day_or_night", "night"), withdraw={"Myoko"}, pursue={})
    out = fight(c, "Coral Sea", {"japan": japan, "united_states": Scripted(withdraw=set(), pursue={})})
    view = seen[0][2]
    assert {f.name for f in dataclasses.fields(view)} == {
        "side", "area", "theatre", "round", "stage", "units", "declarations", "narrative", "captured"}
    assert view.units["Myoko"].own and not view.units["Lexington"].own
    assert view.units["Myoko"].damage == 0 and view.round == 1 and view.stage == "round"
    assert any(r.withdrew for r in out.results if r.name == "Myoko")
    assert view.units["Myoko"].active and not view.units["Myoko"].withdrew  # the battle went on; the view did not
    with pytest.raises(TypeError):
        view.units["Myoko"] = view.units["Lexington"]  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.units["Myoko"].damage = 5  # type: ignore[misc]


def test_the_baseline_policy_decides_from_the_battle_as_its_side_knows_it(data, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """R-VIEW-27: each decision of the baseline policy is made from a known context: the units and tables, the
    side's own declarations and the other side's revealed ones, the public campaign, and no dice or policies."""
    from strategic.classic import policies
    from strategic.classic.views import KnownContext, PublicGame, known_context
    from tactical import HiddenFact

    made: list[KnownContext] = []

    def spy(ctx: BattleContext, side: Side) -> KnownContext:
        out = known_context(ctx, side)
        assert not isinstance(ctx, KnownContext) and out.side is side and out.units is ctx.units
        assert isinstance(out.campaign, PublicGame) and out.campaign.state.seed == 0
        assert out.campaign.state.events == [] and out.campaign.state.dice == {}
        assert all(d.side is side or d.revealed for d in out.declarations)
        for reach in (lambda: out.dice, lambda: out.policy(side), lambda: out.note("x")):
            with pytest.raises(HiddenFact):
                reach()
        made.append(out)
        return out

    monkeypatch.setattr(policies, "known_context", spy)
    c = game(data, faces=(1,) * 7)
    at_sea(c, "North Sea", "Hood", "Scharnhorst")
    sealed: list[tuple[Any, ...]] = []

    def sealed_then_ask(real: BattleContext, side: Side, enemy: Any, candidates: Any) -> set[str]:
        real.declare(Side.AXIS, "withdraw", {"Scharnhorst"}, sealed=True)
        allies, axis = known_context(real, Side.ALLIED), known_context(real, Side.AXIS)
        sealed.append(tuple(d.choice for d in allies.declarations if d.side is Side.AXIS and d.what == "withdraw"))
        sealed.append(tuple(d.choice for d in axis.declarations if d.side is Side.AXIS and d.what == "withdraw"))
        assert known_context(allies, Side.ALLIED) is allies
        with pytest.raises(HiddenFact):
            known_context(allies, Side.AXIS)
        real.declarations.pop()
        return {"Scharnhorst"}

    fight(c, "North Sea", {"allies": policies.BaselinePolicy(), "germany_italy": Scripted(withdraw=sealed_then_ask,
                                                                                            pursue={})})
    assert made and sealed[:2] == [(), (("Scharnhorst",),)]
