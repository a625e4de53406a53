"""What a campaign counter that is not a ship puts on the tactical table (issue 7 "the bridge"; R-CARD-09, 10, 13).

A carrier's air factor and a land-based air unit become Flights; a submarine counter becomes submarines; the
Italian Frogmen become human torpedoes (submarines of a chariot card).  Which
aircraft and which boats is data, not code: a :class:`ForceMix` names, for one nation, one kind of force and the
years from ``from_year`` on (until the next mix of the same nation and kind), the ``pieces`` in the order they are
dealt: the aircraft chart entries of its Flights (``flights`` section) or the submarine cards of its boats or
chariots (``cards`` section, Submarine trait).  The i-th Flight of a force is ``pieces[i % len(pieces)]``, so a
mix is also the proportion of fighters, dive-bombers and torpedo-bombers in the air group.  Users who own the fleet
lists override a mix by ``name`` with ``--data DIR``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

from pydantic import Field, Strict

from scenarios.models import NonEmpty, Sourced, UnitType

if TYPE_CHECKING:
    from scenarios.loader import CampaignData

FIRST_YEAR = 1941
LAST_YEAR = 1945
"""The years a campaign can be fought in (R-CARD-05 gives 1941-1944; 1945 for long games with extended turns)."""


class ForceKind(StrEnum):
    CARRIER_AIR = "carrier air"
    LAND_AIR = "land-based air"
    SUBMARINE = "submarine"
    HUMAN_TORPEDO = "human torpedoes"


class ForceMix(Sourced):
    """The pieces one nation's counters of one kind put on the table from ``from_year`` on (module docstring)."""

    name: NonEmpty
    nation: NonEmpty
    kind: ForceKind
    from_year: Annotated[int, Strict(), Field(ge=1900, le=1950)]
    pieces: Annotated[list[NonEmpty], Field(min_length=1)]
    notes: Annotated[str, Strict()] = ""


def force_kind(unit_type: UnitType) -> ForceKind | None:
    """The kind of force a counter type brings besides (or instead of) a ship: carriers bring carrier air,
    land-based air units land-based air, submarines submarines, the Italian Frogmen human torpedoes; other
    counters none."""
    if unit_type in (UnitType.CV, UnitType.CVL):
        return ForceKind.CARRIER_AIR
    if unit_type is UnitType.LBA:
        return ForceKind.LAND_AIR
    if unit_type is UnitType.SS:
        return ForceKind.SUBMARINE
    if unit_type is UnitType.FROGMEN:
        return ForceKind.HUMAN_TORPEDO
    return None


def mix_for(data: CampaignData, nation: str, kind: ForceKind, year: int) -> ForceMix:
    """The mix in force for ``nation``'s ``kind`` in ``year``: the one with the latest ``from_year`` not after
    ``year``.  Raises ``KeyError`` naming the nation, kind and year when the data has none."""
    usable = [m for m in data.sections["forces"].values()
              if m.nation == nation and m.kind is kind and m.from_year <= year]
    best = max(usable, key=lambda m: m.from_year, default=None)
    if best is None:
        raise KeyError(f"no {kind.value} mix for nation {nation} in {year} (scenarios/data/forces.yaml)")
    return best


def check_forces(data: CampaignData) -> list[str]:
    """Cross-checks of the ``forces`` section: known nations; each piece an aircraft chart entry (air; carrier
    air only of carrier-capable aircraft) or a submarine card (submarines); and every counter that brings a force
    (a carrier with an air factor, a land-based air unit, a submarine) has a mix for its nation from 1941 on.
    Returns ``file:line: forces (name).field: problem`` lines."""
    problems: list[str] = []
    for key, mix in data.sections["forces"].items():

        def at(field: tuple[str | int, ...], problem: str, key: str = key) -> str:
            return f"{data.where('forces', key, *field)}: forces ({key}).{'.'.join(map(str, field))}: {problem}"

        if mix.nation not in data.nations:
            problems.append(at(("nation",), f"unknown nation '{mix.nation}'"))
        for i, piece in enumerate(mix.pieces):
            if mix.kind in (ForceKind.SUBMARINE, ForceKind.HUMAN_TORPEDO):
                card = data.cards.get(piece)
                if card is None or not card.has("Submarine"):
                    problems.append(at(("pieces", i), f"'{piece}' is not a submarine card"))
            else:
                aircraft = data.flights.get(piece)
                if aircraft is None:
                    problems.append(at(("pieces", i), f"'{piece}' is not on the aircraft chart"))
                elif mix.kind is ForceKind.CARRIER_AIR and not aircraft.carrier:
                    problems.append(at(("pieces", i), f"'{piece}' cannot fly from a carrier"))
    for name, unit in data.units.items():
        kind = force_kind(unit.type)
        if kind is None or (kind is ForceKind.CARRIER_AIR and not unit.air):
            continue
        try:
            mix_for(data, unit.nation, kind, FIRST_YEAR)
        except KeyError as exc:
            problems.append(f"{data.where('units', name)}: units ({name}): {exc.args[0]}")
    return problems
