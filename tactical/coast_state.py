"""A ship's state by the coast (000 Land, Shore Batteries, Coastal Structures), kept on its
:class:`~tactical.state.ShipState`: run aground, or an installation with its modifier and its criticals in force.
The rules that use them are :mod:`tactical.coast`."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(kw_only=True)
class CoastFields:
    aground: bool = False  # 000 Land: run aground (Flank Speed 0, Stationary Target)
    installation: str | None = None  # "shore battery", "coastal structure", "aa emplacement" (000 Coasts)
    attack_modifier: int = 0  # a Coastal Structure's modifier to Attack Dice rolled against it
    shore_effects: dict[str, int] = field(default_factory=dict)  # Shore Battery criticals in force
