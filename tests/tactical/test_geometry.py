"""Table geometry: bearings, arcs (R-TAC-03), range bands, the table edge, deployment zones (R-TAC-04), smoke."""

from __future__ import annotations

import pytest

from scenarios.cards import Arc
from tactical.geometry import (
    DeploymentKind,
    DeploymentZone,
    Edge,
    RangeBand,
    Table,
    advance,
    arcs_of,
    bearing,
    distance,
    range_band,
    relative_bearing,
    segment_hits_discs,
)


def test_headings_are_compass_degrees() -> None:
    assert bearing((0, 0), (0, 10)) == 0.0
    assert bearing((0, 0), (10, 0)) == 90.0
    assert bearing((0, 0), (0, -10)) == 180.0
    assert bearing((0, 0), (-10, 0)) == 270.0
    assert advance((10, 10), 90, 5) == pytest.approx((15, 10))
    assert relative_bearing((0, 0), 90, (0, 10)) == pytest.approx(-90)


def test_distances_bridge_to_bridge() -> None:
    assert distance((0, 0), (3, 4)) == 5.0


@pytest.mark.parametrize(
    ("target", "arcs"),
    [
        ((0, 10), {Arc.FORE}),
        ((10, 0), {Arc.STARBOARD}),
        ((0, -10), {Arc.AFT}),
        ((-10, 0), {Arc.PORT}),
        ((10, 10), {Arc.FORE, Arc.STARBOARD}),  # R-TAC-03: on the line, in both
        ((-10, -10), {Arc.AFT, Arc.PORT}),
        ((3, 10), {Arc.FORE}),
        ((10, -3), {Arc.STARBOARD}),
    ],
)
def test_fire_arcs_are_quadrants(target, arcs) -> None:
    assert arcs_of((0, 0), 0.0, target) == arcs


def test_arcs_turn_with_the_ship() -> None:
    assert arcs_of((0, 0), 90.0, (10, 0)) == {Arc.FORE}
    assert arcs_of((0, 0), 90.0, (0, 10)) == {Arc.PORT}


@pytest.mark.parametrize(
    ("inches", "band"),
    [(0, RangeBand.POINT_BLANK), (8, RangeBand.POINT_BLANK), (8.01, RangeBand.SHORT), (16, RangeBand.SHORT),
     (20, RangeBand.LONG), (32, RangeBand.EXTREME), (32.5, None)],
)  # fmt: skip
def test_range_bands(inches, band) -> None:
    assert range_band((8, 16, 24, 32), inches) is band
    assert range_band(None, 1) is None


def test_leaving_the_table() -> None:
    table = Table()
    assert table.exit_point((10, 10), (20, 20)) is None
    point, edge = table.exit_point((10, 45), (10, 50))
    assert edge is Edge.NORTH and point == pytest.approx((10, 48))
    assert table.edge_point(Edge.EAST, 0.5) == (72, 24)
    assert table.quarter((10, 10)) == 0 and table.quarter((60, 40)) == 3


def test_deployment_zones() -> None:
    """000 Deployment: zones 36" apart (6" deep on a 48" table); normal leaves 12" at each end."""
    south = DeploymentZone(DeploymentKind.NORMAL, Edge.SOUTH)
    north = DeploymentZone(DeploymentKind.NORMAL, Edge.NORTH)
    assert south.depth == 6 and south.contains((36, 3)) and not south.contains((6, 3))
    assert north.contains((36, 45)) and not north.contains((36, 40)) and north.facing == 180
    assert DeploymentZone(DeploymentKind.ENHANCED, Edge.SOUTH).contains((1, 3))
    superior = DeploymentZone(DeploymentKind.SUPERIOR, Edge.SOUTH)
    assert superior.contains((3, 20)) and not superior.contains((3, 30)) and not superior.contains((30, 20))
    assert all(south.contains(p) for p in south.line_abreast(8))
    with pytest.raises(ValueError):
        DeploymentZone(DeploymentKind.NORMAL, Edge.WEST)
    with pytest.raises(ValueError):
        DeploymentZone(DeploymentKind.NORMAL, Edge.SOUTH, Table(72, 30))


def test_smoke_blocks_a_line() -> None:
    assert segment_hits_discs((0, 0), (10, 0), [(5, 0.5)], 1.0)
    assert not segment_hits_discs((0, 0), (10, 0), [(5, 1.5)], 1.0)
    assert not segment_hits_discs((0, 0), (10, 0), [(12, 0)], 1.0)
    assert not segment_hits_discs((0, 0), (10, 0), [], 1.0)
