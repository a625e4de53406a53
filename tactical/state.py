"""Battle state: the ships on the table (positions in inches, headings in degrees), their damage and critical
scores, and the per-turn flags; plain data that round-trips through JSON (:meth:`BattleState.to_json`).

:class:`ShipState` derives a ship's current figures from its card and its damage (000 "Crippled Ships",
"Critical Hits", "Vital Systems"): Flank Speed, traits, the Attack Dice of each weapon system.  :class:`Battle`
bundles the state with the battle's seeded :class:`~tactical.dice.Dice` and its :class:`~tactical.events.EventLog`;
the rule modules (gunnery, damage, criticals, orders, movement, turn) act on a ``Battle``.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from scenarios.cards import ShipCard, ShipType, WeaponKind, WeaponSystem, has_trait, parse_trait
from tactical.dice import Dice
from tactical.events import EventLog
from tactical.geometry import Point, Table


class Area(StrEnum):
    """000 "Critical Hits": the three areas with a Critical Score (Vital Systems are tracked apart)."""

    ENGINE = "engine"
    WEAPONS = "weapons"
    CREW = "crew"


class Status(StrEnum):
    ACTIVE = "active"  # on the table
    SCOUTING = "scouting"  # committed to scouting, off the table (000 War at Sea, Scouting)
    RETURNING = "returning"  # a scout that rolled its 6: enters in the next Movement Phase
    SUNK = "sunk"
    WITHDRAWN = "withdrawn"  # moved off a table edge (000 Tactical Withdrawals)


class Vital(StrEnum):
    """000 "Vital Systems" results."""

    BRIDGE_DESTROYED = "bridge destroyed"
    RUDDER_JAMMED = "rudder jammed"
    FIRE_IN_ENGINEERING = "fire in engineering"
    MAGAZINE_ABLAZE = "magazine ablaze"
    SECONDARY_EXPLOSIONS = "secondary explosions"


ESCALATION_FROM = {Area.ENGINE: 4, Area.WEAPONS: 4, Area.CREW: 2}
"""000 critical tables: the lowest score of each area whose penalty includes Escalation (cumulative above)."""


@dataclass
class WeaponState:
    """What has happened to one weapon system.  ``loaded`` counts the torpedoes (or shots) left in a limited system
    (One-Shot or Slow-Loading), ``None`` for an unlimited one; ``reloads_left``: Slow-Loading reloads left."""

    destroyed: bool = False  # Turret Destroyed / Magazine Explosion: never repaired
    out_of_action: bool = False  # Flood Magazines!: never repaired
    lost_on_cripple: bool = False  # a Main Gun rendered inoperable when crippled
    loaded: int | None = None
    reloads_left: int = 0
    fired_this_turn: bool = False
    fired_last_turn: bool = False

    @property
    def usable(self) -> bool:
        return not (self.destroyed or self.out_of_action or self.lost_on_cripple)


@dataclass
class ShipState:
    """One ship in the battle.  ``side`` is 0 or 1; ``pos`` is ``None`` while off the table.

    ``hull_start`` is the Hull at the start of the battle (the card's, less any damage brought in);
    ``criticals`` the Critical Score of each area (0-6); ``level_effects`` the random choices made when a score
    reached a level (which weapons lost dice, which turret was hit), keyed ``"weapons:1"``.
    """

    name: str
    side: int
    card: ShipCard
    hull_start: int
    hull: int
    pos: Point | None = None
    heading: float = 0.0
    status: Status = Status.ACTIVE
    crippled: bool = False
    lost_traits: list[str] = field(default_factory=list)
    weapons: list[WeaponState] = field(default_factory=list)
    criticals: dict[Area, int] = field(default_factory=lambda: {a: 0 for a in Area})
    level_effects: dict[str, dict[str, Any]] = field(default_factory=dict)
    light_gun_halvings: int = 0
    vitals: list[Vital] = field(default_factory=list)
    rudder_jam: str | None = None  # "left", "straight", "right" (Vital Systems: Rudder Jammed)
    scout: bool = False  # committed to scouting at the start
    anchored: bool = False  # a Stationary Target (000 Attack Dice Modifiers); scenarios of the later issue
    # per turn
    moved: float = 0.0
    has_moved: bool = False
    has_fired: bool = False
    order: str | None = None
    order_ok: bool = False
    speed_at_move: float = 0.0

    def __post_init__(self) -> None:
        if not self.weapons:
            self.weapons = [self._fresh(w) for w in self.card.weapons]

    @staticmethod
    def _fresh(weapon: WeaponSystem) -> WeaponState:
        limited = weapon.has("One-Shot") or (weapon.kind is WeaponKind.TORPEDO and weapon.has("Slow-Loading"))
        return WeaponState(
            loaded=weapon.ad if limited else None,
            reloads_left=1 if weapon.has("Slow-Loading") and not weapon.has("One-Shot") else 0,
        )

    # ------------------------------------------------------------------ status
    @property
    def on_table(self) -> bool:
        return self.status is Status.ACTIVE

    @property
    def gone(self) -> bool:
        return self.status in (Status.SUNK, Status.WITHDRAWN)

    @property
    def type(self) -> ShipType:
        return self.card.type

    @property
    def hull_lost(self) -> int:
        return self.hull_start - self.hull

    # ------------------------------------------------------------------ traits
    def traits(self) -> list[str]:
        """The ship's working traits: the card's, less those lost when crippled, plus Lumbering once crippled."""
        out = [t for t in self.card.traits if t not in self.lost_traits]
        if self.crippled and not has_trait(out, "Lumbering"):
            out.append("Lumbering")
        return out

    def has(self, name: str) -> bool:
        return has_trait(self.traits(), name)

    def trait_value(self, name: str) -> int:
        for text in self.traits():
            trait, value = parse_trait(text)
            if trait == name:
                return value or 0
        return 0

    # ------------------------------------------------------------------ derived figures
    def flank_speed(self) -> float:
        """Current Flank Speed in inches: the card's, less the Engine penalties (Props -1", Turbine -1", Fuel
        System -1", cumulative; 0 from Engines Disabled), halved once crippled (R-TAC-05)."""
        engine = self.criticals[Area.ENGINE]
        if engine >= 5:
            return 0.0
        speed = float(self.card.flank_speed) - sum(1 for level in (1, 3, 4) if engine >= level)
        if self.crippled:
            speed /= 2
        return max(speed, 0.0)

    def straight_run_before_turn(self) -> float:
        """Inches of straight movement needed before each turn: 2", Agile 1", Rudder Damaged 3" (R-TAC-06)."""
        if self.criticals[Area.ENGINE] >= 2:
            return 3.0
        return 1.0 if self.has("Agile") else 2.0

    def crew_modifier(self) -> int:
        """Modifier to this ship's crew quality checks (Crew Critical Score 4+, Heavy Shrapnel: -1)."""
        return -1 if self.criticals[Area.CREW] >= 4 else 0

    def escalating(self, area: Area) -> bool:
        return self.criticals[area] >= ESCALATION_FROM[area]

    def ad_losses(self, kind: WeaponKind) -> int:
        """Attack Dice lost by every system of ``kind`` to the active "-N Attack Dice*" critical results."""
        return sum(
            int(e.get("amount", 0)) for e in self.level_effects.values() if e.get("ad_loss") == kind.value
        )

    def weapon_ad(self, index: int) -> int:
        """Current Attack Dice of weapon system ``index``: the card's, less critical losses, halved (rounding down)
        per no-turret magazine hit (Light Guns) and once crippled (Light Guns, Torpedoes, AA Batteries)."""
        weapon = self.card.weapons[index]
        state = self.weapons[index]
        if not state.usable:
            return 0
        ad = weapon.ad - self.ad_losses(weapon.kind)
        if weapon.kind is WeaponKind.LIGHT_GUN:
            for _ in range(self.light_gun_halvings):
                ad //= 2
        if self.crippled and weapon.kind in (WeaponKind.LIGHT_GUN, WeaponKind.TORPEDO, WeaponKind.AA_BATTERY):
            ad //= 2
        return max(ad, 0)

    def turrets(self) -> list[int]:
        """Indices of the Main Gun systems (turrets) still able to fire."""
        return [i for i, w in enumerate(self.card.weapons) if w.kind is WeaponKind.MAIN_GUN and self.weapons[i].usable]

    def has_turrets(self) -> bool:
        return any(w.kind is WeaponKind.MAIN_GUN for w in self.card.weapons)

    def can_issue_orders(self) -> bool:
        return Vital.BRIDGE_DESTROYED not in self.vitals

    def reset_turn(self) -> None:
        self.moved = 0.0
        self.has_moved = False
        self.has_fired = False
        self.order = None
        self.order_ok = False
        self.speed_at_move = 0.0
        for w in self.weapons:
            w.fired_last_turn = w.fired_this_turn
            w.fired_this_turn = False

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["card"] = self.card.model_dump(mode="json")
        out["criticals"] = {a.value: v for a, v in self.criticals.items()}
        out["status"] = self.status.value
        out["vitals"] = [v.value for v in self.vitals]
        out["pos"] = list(self.pos) if self.pos is not None else None
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ShipState:
        data = dict(data)
        data["card"] = ShipCard.model_validate(data["card"])
        data["criticals"] = {Area(a): v for a, v in data["criticals"].items()}
        data["status"] = Status(data["status"])
        data["vitals"] = [Vital(v) for v in data["vitals"]]
        data["pos"] = tuple(data["pos"]) if data["pos"] is not None else None
        data["weapons"] = [WeaponState(**w) for w in data["weapons"]]
        return cls(**data)


@dataclass
class BattleState:
    """Everything on the table: ships by name (in fleet order), the two side names, the turn, who holds the
    Initiative this turn (side index), the smoke counters (positions), per-side Initiative bonuses from scouting,
    and the victory points already awarded for each ship (so that a ship never gives more than its value)."""

    sides: tuple[str, str]
    ships: dict[str, ShipState]
    table: Table = field(default_factory=Table)
    turn: int = 0
    max_turns: int = 8
    initiative: int | None = None
    smoke: list[Point] = field(default_factory=list)
    initiative_bonus: list[int] = field(default_factory=lambda: [0, 0])
    vp_awarded: dict[str, int] = field(default_factory=dict)
    exits: dict[str, str] = field(default_factory=dict)  # ship -> edge it left by
    spotted: dict[int, list[str]] = field(default_factory=dict)  # side -> targets its Observation Flights spot

    def fleet(self, side: int) -> list[ShipState]:
        return [s for s in self.ships.values() if s.side == side]

    def afloat(self, side: int) -> list[ShipState]:
        """Ships of ``side`` on the table."""
        return [s for s in self.ships.values() if s.side == side and s.on_table]

    def enemies(self, ship: ShipState) -> list[ShipState]:
        return self.afloat(1 - ship.side)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": 1,
            "sides": list(self.sides),
            "ships": [s.to_json() for s in self.ships.values()],
            "table": [self.table.width, self.table.height],
            "turn": self.turn,
            "max_turns": self.max_turns,
            "initiative": self.initiative,
            "smoke": [list(p) for p in self.smoke],
            "initiative_bonus": list(self.initiative_bonus),
            "vp_awarded": dict(self.vp_awarded),
            "exits": dict(self.exits),
            "spotted": {str(k): list(v) for k, v in self.spotted.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BattleState:
        if data.get("version") != 1:
            raise ValueError(f"unknown battle state version {data.get('version')!r}")
        ships = [ShipState.from_json(s) for s in data["ships"]]
        return cls(
            sides=(data["sides"][0], data["sides"][1]),
            ships={s.name: s for s in ships},
            table=Table(*data["table"]),
            turn=data["turn"],
            max_turns=data["max_turns"],
            initiative=data["initiative"],
            smoke=[(p[0], p[1]) for p in data["smoke"]],
            initiative_bonus=list(data["initiative_bonus"]),
            vp_awarded=dict(data["vp_awarded"]),
            exits=dict(data["exits"]),
            spotted={int(k): list(v) for k, v in data["spotted"].items()},
        )


@dataclass
class Battle:
    """A battle under way: its state, its dice (every roll labelled) and its event log."""

    state: BattleState
    dice: Dice
    log: EventLog = field(init=False)

    def __post_init__(self) -> None:
        self.log = EventLog(self.dice)

    def ship(self, name: str) -> ShipState:
        return self.state.ships[name]

    def side_name(self, side: int) -> str:
        return self.state.sides[side]


def half_up(value: float) -> int:
    """Halve rounding up (000 Evade!: "halved (round up)")."""
    return math.ceil(value / 2)
