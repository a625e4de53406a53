"""War at Sea convoys: their routes from the United States, and the POC they score on arrival.

Sources: War at Sea (reference/was.md §5 [S]: an Allied convoy reaching England or Russia scores extra Allied POC;
[D] "Convoy 1A put into England for 1 POC"; the route to Russia crosses the Barents; convoys can be disabled or
sunk), §2 step 1 (convoys arrive with the Allied reinforcements, in the United States: R-EU-14).  What the digest
leaves open is reconstructed (docs/rulings.md R-OPS-40, R-OPS-41): the routes, no speed roll, the POC values
(constants ``convoy-poc-england`` and ``convoy-poc-russia``), arrival in the control phase, and a disabled convoy
turning back to the United States.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenarios.models import Side, UnitType
from strategic.events import ConvoyArrived
from strategic.orders import IllegalOrder
from strategic.state import UnitStatus

if TYPE_CHECKING:
    from strategic.campaign import Campaign
    from strategic.state import UnitState

CONVOY_PORT = "United States"
"""Where the convoys assemble and sail from, and where a disabled convoy turns back to (R-EU-14, R-OPS-41)."""

ROUTES: dict[tuple[str, ...], str] = {
    ("North Atlantic",): "England",
    ("North Atlantic", "Barents Sea"): "Russia",
}
"""R-OPS-40: a convoy's path from the United States, and the port it reaches at the end of it (reference/was.md §5:
England, or Russia across the Barents)."""

POC_CONSTANT = {"England": "convoy-poc-england", "Russia": "convoy-poc-russia"}
RULE = "WAS §5 convoys (R-OPS-40)"


def is_convoy(campaign: Campaign, us: UnitState) -> bool:
    return campaign.unit_record(us.name).type is UnitType.CONVOY


def require_route(origin: str, path: tuple[str, ...]) -> str:
    """The port a convoy sailing ``path`` from ``origin`` will reach; raises :class:`IllegalOrder` naming R-OPS-40
    if it is not a convoy route."""
    if origin != CONVOY_PORT:
        raise IllegalOrder(RULE, f"convoys sail only from the {CONVOY_PORT}, not from {origin}")
    if path not in ROUTES:
        routes = "; ".join(" -> ".join(p) + f" (to {port})" for p, port in ROUTES.items())
        raise IllegalOrder(RULE, f"{' -> '.join(path)} is not a convoy route (routes: {routes})")
    return ROUTES[path]


def destination(area: str) -> str | None:
    """The port a convoy at sea in ``area`` reaches at the end of its route (``None``: not the end of one)."""
    return next((port for path, port in ROUTES.items() if path[-1] == area), None)


def arrivals(campaign: Campaign) -> int:
    """Control phase: every convoy still at sea at the end of its route (it survived the combat undisabled)
    reaches its port, scores its POC and is delivered (taken out of play).  Returns the award, Axis positive."""
    award = 0
    for us in campaign.state.units.values():
        if us.status is not UnitStatus.SEA or us.place is None or not is_convoy(campaign, us):
            continue
        port = destination(us.place)
        if port is None or us.side is not Side.ALLIED:
            continue
        poc = campaign.data.constant_number(POC_CONSTANT[port])
        us.status, us.place, us.mode = UnitStatus.REMOVED, None, None
        award -= poc
        campaign.log(ConvoyArrived, RULE, unit=us.name, port=port, poc=poc)
    return award
