"""The combined map graph: the facts of 002 §1 and the cross-theatre links of 002 §3.33-3.34."""

from __future__ import annotations

import networkx as nx
import pytest

from scenarios.loader import CampaignData
from scenarios.models import Theatre
from strategic.board import Board


@pytest.fixture(scope="module")
def board(data: CampaignData) -> Board:
    return Board(data)


def test_area_and_port_counts(board: Board) -> None:
    # six WAS areas + Caribbean + Cape of Good Hope (002 §1.1-1.2); thirteen VITP areas
    assert len(board.areas(Theatre.WAS)) == 8
    assert len(board.areas(Theatre.VITP)) == 13
    assert len(board.ports(Theatre.WAS)) == 9
    assert len(board.ports(Theatre.VITP)) == 22  # 8 major ports + 14 island bases


def test_caribbean(board: Board) -> None:
    """002 §1.1: borders North Atlantic and South Atlantic; touches United States and Neutral."""
    assert board.neighbours("Caribbean") == ["North Atlantic", "South Atlantic"]
    assert board.ports_on("Caribbean") == ["Neutral Country", "United States"]
    assert board.area("Caribbean").theatre is Theatre.WAS


def test_cape_of_good_hope(board: Board) -> None:
    """002 §1.2: borders South Atlantic (WAS) and Bay of Bengal (VITP); touches Neutral."""
    assert board.neighbours("Cape of Good Hope") == ["Bay of Bengal", "South Atlantic"]
    assert board.ports_on("Cape of Good Hope") == ["Neutral Country"]


def test_poc_tracks_of_the_new_areas(board: Board) -> None:
    """002 §1.1-1.3 (case C-05): which theatre's track each award counts on."""
    caribbean = board.area("Caribbean").poc
    assert (caribbean.allied.value, caribbean.allied.track) == (1, Theatre.VITP)
    assert (caribbean.axis.value, caribbean.axis.track) == (3, Theatre.VITP)
    cape = board.area("Cape of Good Hope").poc
    assert (cape.axis.value, cape.axis.track) == (3, Theatre.WAS)
    assert cape.allied.value == 0
    bengal = board.area("Bay of Bengal").poc
    assert (bengal.allied.value, bengal.allied.track) == (1, Theatre.WAS)
    assert (bengal.axis.value, bengal.axis.track) == (2, Theatre.VITP)


def test_suez_is_british_and_french_only(board: Board) -> None:
    """002 §3.341-3.342: Malta -> Mediterranean -> Bay of Bengal and back, for British or French ships."""
    assert board.borders("Mediterranean", "Bay of Bengal", "UK")
    assert board.borders("Mediterranean", "Bay of Bengal", "FR")
    assert not board.borders("Mediterranean", "Bay of Bengal", "IT")
    assert not board.borders("Mediterranean", "Bay of Bengal", "DE")
    assert "Bay of Bengal" not in board.neighbours("Mediterranean", "IT")
    assert board.distance("Malta", "Bay of Bengal", "UK") == 2  # two areas: a speed roll (002 §3.343)
    assert board.distance("Neutral Country", "Bay of Bengal", "DE") == 2  # via Cape of Good Hope (§3.341)


def test_ceylon_to_cape_is_two_areas(board: Board) -> None:
    """002 §3.342: Ceylon -> Bay of Bengal -> Cape of Good Hope."""
    assert board.distance("Ceylon", "Cape of Good Hope", "JP") == 2


def test_united_states_reaches_with_a_speed_roll(board: Board) -> None:
    """002 §4.3: United States -> North Atlantic or Caribbean in one move; Barents, North Sea, South Atlantic in two."""
    assert {a for a in board.areas(Theatre.WAS) if board.distance("United States", a, "US") == 1} == {
        "North Atlantic",
        "Caribbean",
    }
    for area in ("Barents Sea", "North Sea", "South Atlantic"):
        assert board.distance("United States", area, "US") == 2


def test_theatre_returns(board: Board) -> None:
    """002 §3.331-3.334: returns into the other game at the end of the turn."""

    def ports(area: str, nation: str) -> set[str]:
        return {r.port for r in board.returns_from(area, nation)}

    assert ports("Cape of Good Hope", "DE") == {"Ceylon"}
    assert "Ceylon" in ports("Mediterranean", "UK")
    assert ports("Mediterranean", "IT") == set()
    assert ports("Bay of Bengal", "UK") >= {"Neutral Country", "Malta"}
    assert ports("Bay of Bengal", "JP") == {"Neutral Country"}
    assert ports("North Pacific Ocean", "US") == {"United States"}
    assert ports("Hawaiian Islands", "UK") == {"United States"}
    assert ports("North Atlantic", "US") == {"Pearl Harbor", "Samoa"}
    assert ports("Caribbean", "UK") == {"Pearl Harbor"}
    assert ports("Caribbean", "DE") == set()


def test_every_port_touches_its_own_theatre_only(board: Board) -> None:
    for name, node in board.graph.nodes(data=True):
        if node["kind"] == "port":
            assert {board.graph.nodes[a]["theatre"] for a in board.touched_by(name)} == {node["theatre"]}


def test_the_world_is_one_connected_sea(board: Board) -> None:
    assert nx.is_connected(board.graph)


def test_graph_nodes_carry_their_records(board: Board) -> None:
    node = board.graph.nodes["England"]
    assert node["kind"] == "port" and node["theatre"] is Theatre.WAS
    assert node["record"].owner == "allied"
    assert board.graph.edges["England", "North Sea"]["kind"] == "port"



def test_kept_answers_match_a_fresh_board_and_are_fresh_lists(data: CampaignData) -> None:
    """R-PERF-09: a board asked again answers as a fresh board does, and a caller changing its list changes nothing."""
    kept = Board(data)
    nations = (None, "UK", "IT", "JP")
    first = {(a, n): kept.neighbours(a, n) for a in data.areas for n in nations}
    for (area, nation), neighbours in first.items():
        assert kept.neighbours(area, nation) == neighbours == Board(data).neighbours(area, nation)
        assert kept.ports_on(area) == Board(data).ports_on(area)
    listed = kept.ports_on("Mediterranean")
    assert listed
    listed.clear()
    assert kept.ports_on("Mediterranean") == Board(data).ports_on("Mediterranean")
    # each nation keeps its own sea graph: Suez is British and French only (002 §3.341-3.342), asked in turn
    assert [kept.distance("Malta", "Bay of Bengal", n) for n in ("UK", "IT", "UK", None)] == [2, 4, 2, 2]
