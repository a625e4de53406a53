"""Every event's sentence names players and sides as the players say them (issue #17, R-UI-50, R-UI-51): the app's
log, ``vas run``, the transcripts; only an order's JSON keeps the data's ids."""

from __future__ import annotations

from scenarios.models import Theatre
from strategic.events import AutomaticVictory, CombatDelegated, LoanChanged, OrderRefused, PortCaptured, Victory
from strategic.narrate import describe, log_line
from strategic.state import Phase


def test_the_events_naming_a_player_or_a_side_in_the_players_words() -> None:
    refused = OrderRefused(turn=2, phase=Phase.PATROL, rule="002 §3", player="germany_italy",
                           message="Hood takes orders from allies")
    assert describe(refused) == "Germany-Italy: 002 §3: Hood takes orders from allies"
    assert log_line(refused) == ("T2 patrol    Germany-Italy: 002 §3: Hood takes orders from allies"
                                              "  [002 §3]")
    lent = LoanChanged(turn=3, phase=Phase.REINFORCE, unit="Hood", to="united_states", player="allies")
    recalled = LoanChanged(turn=4, phase=Phase.REINFORCE, unit="Hood", to=None, player="allies")
    assert [describe(e) for e in (lent, recalled)] == ["Hood lent to United States",
                                                                    "Hood recalled by Allies"]
    fallen = PortCaptured(turn=5, phase=Phase.END, port="Malta", side="axis", how="by isolation")
    won = AutomaticVictory(turn=6, phase=Phase.END, theatre=Theatre.VITP, side="allied", poc=-30)
    over = Victory(turn=10, phase=Phase.END, winner="allied", results={Theatre.WAS: "allied", Theatre.VITP: "tie"})
    assert [describe(e) for e in (fallen, won, over)] == [
        "Malta falls to the Axis side by isolation",
        "VITP: automatic victory for the Allied side (Allies +30)",
        "victory to the Allied side (WAS: Allies, VITP: neither side (a tie))"]
    left = CombatDelegated(turn=3, phase=Phase.COMBAT, player="japan", battle="Coral Sea", whole_turn=True)
    assert describe(left) == ("Japan leaves the battle in Coral Sea to the AI, and his other battles "
                                           "this turn")


def test_a_pending_battle_is_named_in_words_not_by_its_key() -> None:
    """Play-test: ``surprise:Hawaiian Islands`` is the key of a pending surprise attack, never player text."""
    from strategic.battle_names import entry_words

    assert entry_words("surprise:Hawaiian Islands") == "the surprise attack in Hawaiian Islands"
    assert entry_words("North Sea") == "the battle in North Sea"
