"""The die tables of classic combat, read from the ``constants`` section of the data (``scenarios/data/combat.yaml``).

Every number the base-game digests leave open (die faces for hit and disable, damage per hit, ASW dice, the
day/night roll, pursuit, the in-port sinking threshold ...) lives in that one file, each with its source and
confidence, and is explained in ``docs/rulings.md`` (R-CMB-nn).  A user who owns the games overrides a record by
name with ``--data DIR``; nothing here hard-codes a reconstructed number.

The per-die functions take and return numpy arrays so that the resolver (a handful of dice) and the probability
tests (100,000 dice at once) run exactly the same code.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from scenarios.loader import CampaignData
from scenarios.models import Theatre

MISS, HIT, DISABLE = 0, 1, 2
"""Results of one attack die (:meth:`AttackTable.classify`)."""


def _faces(data: CampaignData, name: str) -> frozenset[int]:
    return frozenset(data.constant_faces(name))


def _int(data: CampaignData, name: str) -> int:
    return data.constant_number(name)


@dataclass(frozen=True)
class AttackTable:
    """How one attack die of a theatre is read (WAS 4.1-4.2, VITP 4.3-4.4; R-CMB-01..03).

    ``hit_min``: a modified roll (face + ``bonus`` for a bonus factor) at least this high hits;
    ``disable_rolls``: modified rolls that disable without a hit; ``damage_disable_faces``: faces of the damage
    die (rolled once per hit) that disable the target instead of giving damage points; any other face gives
    that many points.
    """

    theatre: Theatre
    hit_min: int
    disable_rolls: frozenset[int]
    damage_disable_faces: frozenset[int]
    bonus: int

    def classify(self, faces: np.ndarray, bonus: bool) -> np.ndarray:
        """MISS/HIT/DISABLE for each attack die face (1-6); ``bonus``: the attacking factor is circled."""
        rolls = np.asarray(faces) + (self.bonus if bonus else 0)
        disabled = np.isin(rolls, list(self.disable_rolls)) if self.disable_rolls else np.zeros(rolls.shape, bool)
        return np.where(rolls >= self.hit_min, HIT, np.where(disabled, DISABLE, MISS))

    def damage(self, faces: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(points, disables) for each damage die face of a hit."""
        faces = np.asarray(faces)
        disables = np.isin(faces, list(self.damage_disable_faces)) if self.damage_disable_faces \
            else np.zeros(faces.shape, bool)
        return np.where(disables, 0, faces), disables


@dataclass(frozen=True)
class AswTable:
    """ASW against U-Boats and surface raiders (002 §2.213, §4.11, §4.12; R-CMB-04): unmodified faces that sink
    (the targets have defence 0, so a hit sinks) or disable; dice per Allied surface ship and per carrier."""

    sink_faces: frozenset[int]
    disable_faces: frozenset[int]
    dice_per_ship: int
    dice_per_carrier: int

    def classify(self, faces: np.ndarray) -> np.ndarray:
        faces = np.asarray(faces)
        return np.where(np.isin(faces, list(self.sink_faces)), HIT,
                        np.where(np.isin(faces, list(self.disable_faces)), DISABLE, MISS))


@dataclass(frozen=True)
class CombatTables:
    """All the numbers of classic combat.  Build with :meth:`from_data`; raises ``KeyError`` naming a missing
    constant and ``ValueError`` for a list where a number is needed."""

    was: AttackTable
    vitp: AttackTable
    asw: AswTable
    in_port_sink_multiplier: int
    amphibious_in_port_points: int
    day_night_japan_faces: frozenset[int]
    pursuit_speed_margin: int
    was_pursuit_rounds: int
    vitp_pursuit_rounds: int
    round_cap: int
    damaged_loses_bonus: bool
    port_raid_rounds: int = 1

    def attack(self, theatre: Theatre) -> AttackTable:
        return self.was if theatre is Theatre.WAS else self.vitp

    def pursuit_rounds(self, theatre: Theatre) -> int:
        return self.was_pursuit_rounds if theatre is Theatre.WAS else self.vitp_pursuit_rounds

    @classmethod
    def from_data(cls, data: CampaignData) -> CombatTables:
        bonus = _int(data, "attack-bonus-per-die")
        was = AttackTable(Theatre.WAS, _int(data, "was-hit-min-roll"), _faces(data, "was-disable-rolls"),
                          _faces(data, "was-damage-disable-faces"), bonus)
        vitp = AttackTable(Theatre.VITP, _int(data, "vitp-hit-min-roll"), _faces(data, "vitp-disable-rolls"),
                           _faces(data, "vitp-damage-disable-faces"), bonus)
        asw = AswTable(_faces(data, "asw-sink-faces"), _faces(data, "asw-disable-faces"),
                       _int(data, "asw-dice-per-ship"), _int(data, "asw-dice-per-carrier"))
        return cls(was=was, vitp=vitp, asw=asw,
                   in_port_sink_multiplier=_int(data, "in-port-sink-multiplier"),
                   amphibious_in_port_points=_int(data, "amphibious-in-port-damage-per-hit"),
                   day_night_japan_faces=_faces(data, "vitp-day-night-japan-faces"),
                   pursuit_speed_margin=_int(data, "pursuit-speed-margin"),
                   was_pursuit_rounds=_int(data, "was-pursuit-rounds"),
                   vitp_pursuit_rounds=_int(data, "vitp-pursuit-rounds"),
                   round_cap=_int(data, "battle-round-cap"),
                   damaged_loses_bonus=bool(_int(data, "was-damaged-ship-loses-bonus")),
                   port_raid_rounds=_int(data, "vitp-port-raid-rounds"))


CONSTANT_NAMES: tuple[str, ...] = (
    "attack-bonus-per-die", "was-hit-min-roll", "was-disable-rolls", "was-damage-disable-faces",
    "vitp-hit-min-roll", "vitp-disable-rolls", "vitp-damage-disable-faces", "asw-sink-faces", "asw-disable-faces",
    "asw-dice-per-ship", "asw-dice-per-carrier", "in-port-sink-multiplier", "amphibious-in-port-damage-per-hit",
    "vitp-day-night-japan-faces", "pursuit-speed-margin", "was-pursuit-rounds", "vitp-pursuit-rounds",
    "battle-round-cap", "was-damaged-ship-loses-bonus", "vitp-port-raid-rounds",
)
"""Every constant :meth:`CombatTables.from_data` reads (all in ``scenarios/data/combat.yaml``)."""
