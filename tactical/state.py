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

from scenarios.cards import (
    AircraftCard,
    MTBCard,
    ShipCard,
    ShipType,
    WeaponKind,
    WeaponSystem,
    has_trait,
    parse_trait,
)
from tactical.coast_state import CoastFields
from tactical.critical_table import IN_FORCE, Area, InForce, Vital
from tactical.dice import Dice
from tactical.events import EventLog
from tactical.geometry import Point, Table
from tactical.options import RuleOptions
from tactical.revision import Derived, bump, tracked
from tactical.ship_turn import TurnFlags
from tactical.submarine_state import Depth, SubmarineFields


class Status(StrEnum):
    ACTIVE = "active"  # on the table
    SCOUTING = "scouting"  # committed to scouting, off the table (000 War at Sea, Scouting)
    RETURNING = "returning"  # a scout that rolled its 6: enters in the next Movement Phase
    SUNK = "sunk"
    WITHDRAWN = "withdrawn"  # moved off a table edge (000 Tactical Withdrawals)
    DEEP = "deep"  # a carrier in deep deployment, off the table (000 Deep Deployment)
    HIDDEN = "hidden"  # a submarine noted in a Sector, off the table, running deep (000 Submarines: Deployment)


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

    def __setattr__(self, name: str, value: Any) -> None:
        bump()  # the ship's Attack Dice may change (tactical.revision)
        object.__setattr__(self, name, value)

    @property
    def usable(self) -> bool:
        return not (self.destroyed or self.out_of_action or self.lost_on_cripple)


@dataclass
class ShipState(Derived, TurnFlags, SubmarineFields, CoastFields):
    """One ship in the battle.  ``side`` is 0 or 1; ``pos`` is ``None`` while off the table.

    Its fields come in groups: its core state here (card, Hull, place, damage, criticals), its flags of the turn
    (:class:`~tactical.ship_turn.TurnFlags`), a submarine's own state
    (:class:`~tactical.submarine_state.SubmarineFields`) and its state by the coast
    (:class:`~tactical.coast_state.CoastFields`), read and set as attributes of the ship.

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
    anchored: bool = False  # a Stationary Target (000 Attack Dice Modifiers)
    squadron: str | None = None  # 000 Squadrons
    flags: list[str] = field(default_factory=list)  # options that change the ship's own figures (criticals_2d6 ...)

    def __post_init__(self) -> None:
        if not self.weapons:
            self.weapons = [self._fresh(w) for w in self.card.weapons]

    # ------------------------------------------------------------------ derived figures, cached (issue 18)
    def __setattr__(self, name: str, value: Any) -> None:
        """Every change bumps the battle-state revision, and lists and dicts are kept tracked, so that the cached
        figures (:meth:`derived`) are never stale (tactical.revision)."""
        bump()
        object.__setattr__(self, name, tracked(value))

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
    def hittable(self) -> bool:
        """On the table, or a carrier in deep deployment (which enemy Flights may still attack)."""
        return self.status in (Status.ACTIVE, Status.DEEP)

    @property
    def type(self) -> ShipType:
        return self.card.type

    @property
    def hull_lost(self) -> int:
        return self.hull_start - self.hull

    # ------------------------------------------------------------------ traits
    def traits(self) -> list[str]:
        """The ship's working traits: the card's, less those lost when crippled, plus Lumbering once crippled
        (not under the 003 crippled rules)."""
        return list(self.derived("traits", self._traits))

    def _traits(self) -> tuple[str, ...]:
        out = [t for t in self.card.traits if t not in self.lost_traits]
        if self.crippled and not has_trait(out, "Lumbering") and "criticals_2d6" not in self.flags:
            out.append("Lumbering")
        return tuple(out)

    def has(self, name: str) -> bool:
        return self.derived(("has", name), self._has, name)

    def _has(self, name: str) -> bool:
        return has_trait(self.derived("traits", self._traits), name)

    def trait_value(self, name: str) -> int:
        return self.derived(("trait_value", name), self._trait_value, name)

    def _trait_value(self, name: str) -> int:
        for text in self.derived("traits", self._traits):
            trait, value = parse_trait(text)
            if trait == name:
                return value or 0
        return 0

    # ------------------------------------------------------------------ derived figures
    def flank_speed(self) -> float:
        return self.derived("flank_speed", self._flank_speed)

    def _flank_speed(self) -> float:
        """Current Flank Speed in inches: the card's (a submarine's second Flank Speed when submerged or running
        deep), less the Engine penalties (Props -1", Turbine -1", Fuel System -1", cumulative; 0 from Engines
        Disabled), halved once crippled (R-TAC-05); 0 aground or for an installation.  Bad weather's halving for
        destroyers and civilian ships is applied by :func:`tactical.environment.speed_factor`."""
        engine = IN_FORCE[Area.ENGINE, self.criticals[Area.ENGINE]]
        if engine.engines_disabled or self.aground or self.installation is not None:
            return 0.0
        base = self.card.flank_speed
        if self.depth in (Depth.SUBMERGED, Depth.DEEP) and self.card.submerged_speed is not None:
            base = self.card.submerged_speed
        speed = float(base) - engine.speed_loss
        for effect in self.level_effects.values():
            if effect.get("speed_zero"):
                return 0.0
            speed -= float(effect.get("speed_loss", 0))
        if self.crippled:
            speed = speed - 1.0 if "criticals_2d6" in self.flags else speed / 2
        return max(speed, 0.0)

    def straight_run_before_turn(self) -> float:
        """Inches of straight movement needed before each turn: 2", Agile 1", Rudder Damaged 3" (R-TAC-06)."""
        rudder = IN_FORCE[Area.ENGINE, self.criticals[Area.ENGINE]].straight_run
        if rudder is not None:
            return rudder
        return 1.0 if self.has("Agile") else 2.0

    def crew_modifier(self) -> int:
        """Modifier to this ship's crew quality checks (Crew Critical Score 4+, Heavy Shrapnel: -1; a crippled
        ship under the 003 rules: -1)."""
        mod = IN_FORCE[Area.CREW, self.criticals[Area.CREW]].crew_check
        if self.crippled and "criticals_2d6" in self.flags:
            mod -= 1
        return mod

    def escalating(self, area: Area) -> bool:
        """000 Check for Escalation: the area's score includes Escalation (tactical.critical_table)."""
        return IN_FORCE[area, self.criticals[area]].escalates

    def in_force(self, area: Area) -> InForce:
        """The penalties of ``area``'s Critical Score (000 critical tables, cumulative)."""
        return IN_FORCE[area, self.criticals[area]]

    def ad_losses(self, kind: WeaponKind) -> int:
        """Attack Dice lost by every system of ``kind`` to the active "-N Attack Dice*" critical results."""
        return sum(
            int(e.get("amount", 0)) for e in self.level_effects.values() if e.get("ad_loss") == kind.value
        )

    def weapon_ad(self, index: int) -> int:
        """Current Attack Dice of weapon system ``index``: the card's, less critical losses, halved (rounding down)
        per no-turret magazine hit (Light Guns) and once crippled (Light Guns, Torpedoes, AA Batteries)."""
        return self.derived(("weapon_ad", index), self._weapon_ad, index)

    def _weapon_ad(self, index: int) -> int:
        weapon = self.card.weapons[index]
        state = self.weapons[index]
        if not state.usable:
            return 0
        ad = weapon.ad - self.ad_losses(weapon.kind)
        ad -= sum(int(e.get("amount", 0)) for e in self.level_effects.values() if e.get("weapon_loss") == index)
        if weapon.kind is WeaponKind.LIGHT_GUN:
            for _ in range(self.light_gun_halvings):
                ad //= 2
        if self.crippled:
            if "criticals_2d6" in self.flags:
                if weapon.kind is WeaponKind.TORPEDO and self.depth is not None:
                    ad -= 1
            elif weapon.kind is WeaponKind.TORPEDO and "torpedo_reloads" in self.flags:
                pass  # 001: torpedo tubes are rolled for like turrets instead
            elif weapon.kind in (WeaponKind.LIGHT_GUN, WeaponKind.TORPEDO, WeaponKind.AA_BATTERY):
                ad //= 2
        return max(ad, 0)

    def turrets(self) -> list[int]:
        """Indices of the Main Gun systems (turrets) still able to fire."""
        return [i for i, w in enumerate(self.card.weapons) if w.kind is WeaponKind.MAIN_GUN and self.weapons[i].usable]

    def has_turrets(self) -> bool:
        return any(w.kind is WeaponKind.MAIN_GUN for w in self.card.weapons)

    def can_issue_orders(self) -> bool:
        """No Orders with the bridge destroyed (000 Vital Systems), aground (000 Land) or for an installation
        (000 Shore Batteries)."""
        return Vital.BRIDGE_DESTROYED not in self.vitals and not self.aground and self.installation is None

    @property
    def is_submarine(self) -> bool:
        return self.depth is not None

    @property
    def is_installation(self) -> bool:
        return self.installation is not None

    @property
    def stationary(self) -> bool:
        """000 Attack Dice Modifiers, Stationary Target: on land, anchored or run aground."""
        return self.anchored or self.aground or self.installation is not None

    @property
    def underwater(self) -> bool:
        """A submarine submerged or running deep (or hidden in its Sector)."""
        depth = self.depth
        return depth is not None and depth in (Depth.SUBMERGED, Depth.DEEP)

    def reset_turn(self) -> None:
        self.reset_turn_flags()
        self.reset_submarine_turn()
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
        out["depth"] = self.depth.value if self.depth is not None else None
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
        if data.get("depth") is not None:
            data["depth"] = Depth(data["depth"])
        return cls(**data)


class FlightStatus(StrEnum):
    ABOARD = "aboard"  # in a carrier's hangar (on the table or in deep deployment)
    AIRBORNE = "airborne"  # on the table
    DESTROYED = "destroyed"  # shot down (its points go to the enemy)
    LEFT = "left"  # flew off the table
    LOST = "lost"  # went down with its carrier
    SPENT = "spent"  # a kamikaze removed after its attack (000 Kamikaze)


@dataclass
class FlightState:
    """One Flight of aircraft (000 "Aircraft Flights and Type").  ``pos`` is the lead plane, in inches.

    ``carrier``: the carrier it flies from (``None``: land-based); ``aboard``: the carrier whose hangar holds it
    now.  ``armed``: it still carries its One-Shot payload; ``ready``: aboard and fit to launch (re-armed).
    Contacts made in the Movement Phase: ``target`` (a ship or MTB Section it attacks, base contact),
    ``engaged`` (enemy Flights it dogfights), ``escorting`` (friendly Flights a Fighter escorts), ``supporting``
    (a friendly Flight whose dogfight it supports).
    """

    name: str
    side: int
    card: AircraftCard
    carrier: str | None = None
    status: FlightStatus = FlightStatus.AIRBORNE
    pos: Point | None = None
    aboard: str | None = None
    armed: bool = True
    ready: bool = True
    target: str | None = None
    kamikaze: bool = False
    engaged: list[str] = field(default_factory=list)
    escorting: list[str] = field(default_factory=list)
    supporting: str | None = None
    launched_turn: int = -1
    protected_turn: int = -1  # launched from deep deployment: cannot be attacked in that turn
    moved: bool = False
    attacked: bool = False

    @property
    def airborne(self) -> bool:
        return self.status is FlightStatus.AIRBORNE

    @property
    def gone(self) -> bool:
        return self.status in (FlightStatus.DESTROYED, FlightStatus.LEFT, FlightStatus.LOST, FlightStatus.SPENT)

    @property
    def lost(self) -> bool:
        """Shot down, gone down with its carrier, or spent in a kamikaze attack."""
        return self.status in (FlightStatus.DESTROYED, FlightStatus.LOST, FlightStatus.SPENT)

    def has(self, trait: str) -> bool:
        return self.card.has(trait)

    def reset_turn(self) -> None:
        self.moved = False
        self.attacked = False

    def to_json(self) -> dict[str, Any]:
        return _piece_to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FlightState:
        return cls(**_piece_fields(data, AircraftCard, FlightStatus))


@dataclass
class MTBState:
    """One MTB Section (000 "Motor Torpedo Boats").  ``pos`` is the bridge of its front boat, in inches; it has
    no facing.  ``target``: the ship it is in base contact with; ``torpedoes``: One-Shot torpedoes left."""

    name: str
    side: int
    card: MTBCard
    pos: Point | None = None
    status: Status = Status.ACTIVE
    torpedoes: int = 0
    charge: bool = True  # a kamikaze boat's charge
    target: str | None = None
    kamikaze: bool = False
    smoke_used: bool = False
    smoke_turn: int = -1
    moved: float = 0.0
    has_moved: bool = False
    attacked: bool = False
    driven_off: bool = False  # this turn: it may not attack
    aa_fired: bool = False

    @property
    def on_table(self) -> bool:
        return self.status is Status.ACTIVE

    def reset_turn(self) -> None:
        self.moved = 0.0
        self.has_moved = False
        self.attacked = False
        self.driven_off = False
        self.aa_fired = False

    def to_json(self) -> dict[str, Any]:
        return _piece_to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MTBState:
        return cls(**_piece_fields(data, MTBCard, Status))


Polygon = list[Point]


@dataclass
class BattleState(Derived):
    """Everything on the table: ships by name (in fleet order; installations too), Flights and MTB Sections by
    name, the two side names, the turn, who holds the Initiative this turn (side index), the smoke counters
    (positions), per-side Initiative bonuses from scouting, and the victory points already awarded for each ship
    or Flight (so that none gives more than its value).

    The environment (000 "Additional Rules"): ``time_of_day`` ("day"/"night"), ``weather`` ("good"/"bad"),
    ``wind`` (the edge it blows from, when carriers are present), ``spotted_by`` (side -> enemy ships it has
    spotted at night or in bad weather), ``radar_tracks`` (ship -> enemies its radar detected), ``lit`` (ships
    lit by searchlights or star shells this turn), ``star_shells``, ``land`` and ``harbours`` (polygons, inches),
    torpedo ``nets`` (segments), barrage ``balloons`` (points), ``minefields`` (Sector -> density, option), the
    optional rules in force (``options``), and the year (for year-dependent options).
    """

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
    smoke_by: dict[str, list[int]] = field(default_factory=dict)  # side -> indices of the smoke counters it laid
    radar_fire: list[str] = field(default_factory=list)  # 003 Radar: ships that passed the check this turn
    flights: dict[str, FlightState] = field(default_factory=dict)
    mtbs: dict[str, MTBState] = field(default_factory=dict)
    time_of_day: str = "day"
    weather: str = "good"
    year: int | None = None
    options: RuleOptions = field(default_factory=RuleOptions)
    wind: str | None = None
    spotted_by: dict[int, list[str]] = field(default_factory=lambda: {0: [], 1: []})
    radar_tracks: dict[str, list[str]] = field(default_factory=dict)
    lit: list[str] = field(default_factory=list)
    spot_tried: list[str] = field(default_factory=list)  # "side:ship" spotting checks made this turn
    star_shells: list[Point] = field(default_factory=list)
    land: list[Polygon] = field(default_factory=list)
    harbours: list[Polygon] = field(default_factory=list)
    nets: list[tuple[Point, Point]] = field(default_factory=list)
    balloons: list[Point] = field(default_factory=list)
    minefields: dict[int, int] = field(default_factory=dict)
    sub_hunters: dict[int, int] = field(default_factory=dict)  # side -> Observation Flights hunting submarines
    splash: dict[str, list[str]] = field(default_factory=dict)  # 003 Splash Counters: target -> ships marking it
    visibility: float | None = None  # 003 Bad Weather
    visibility_uk: float | None = None  # 003 Nationality Bonuses: the British roll
    fog_rolls: dict[str, int] = field(default_factory=dict)  # 003 Fog of War rolls made this turn
    swept: list[str] = field(default_factory=list)  # 001 Minefields: minesweepers that swept this turn
    sweep_bound: list[str] = field(default_factory=list)  # 001: sweepers and their followers: no Order this turn
    damage_cap: int | None = None  # transient: 001 Weak, extra damage the critical being resolved may still do
    fires: dict[str, int] = field(default_factory=dict)  # 003 criticals: fires burning on each ship
    effects: dict[str, dict[str, int]] = field(default_factory=dict)  # 003 criticals: lasting effects per ship
    surprised: tuple[int, int] | None = None  # (side, turns): a surprise attack's victims fire no AA (R-CARD-11)

    @property
    def night(self) -> bool:
        return self.time_of_day == "night"

    @property
    def bad_weather(self) -> bool:
        return self.weather == "bad"

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "ships":  # kept tracked: the ships afloat are cached by the revision (tactical.revision)
            value = tracked(value)
            bump()
        object.__setattr__(self, name, value)

    def fleet(self, side: int) -> list[ShipState]:
        return [s for s in self.ships.values() if s.side == side]

    def afloat(self, side: int) -> list[ShipState]:
        """Ships (and installations) of ``side`` on the table (cached until a ship changes: the ships' sides and
        status, and the ships of the battle, bump the revision)."""
        return list(self.derived(("afloat", side), self._ships_on_table, side))

    def _ships_on_table(self, side: int) -> tuple[ShipState, ...]:
        return tuple(s for s in self.ships.values() if s.side == side and s.status is Status.ACTIVE)

    def enemies(self, ship: ShipState) -> list[ShipState]:
        return self.afloat(1 - ship.side)

    def enemies_of(self, side: int) -> list[ShipState]:
        """Ships (and installations) of the other side on the table."""
        return self.afloat(1 - side)

    def air(self, side: int) -> list[FlightState]:
        """Flights of ``side`` in the air on the table."""
        return [f for f in self.flights.values() if f.side == side and f.airborne]

    def boats(self, side: int) -> list[MTBState]:
        """MTB Sections of ``side`` on the table."""
        return [m for m in self.mtbs.values() if m.side == side and m.on_table]

    def to_json(self) -> dict[str, Any]:
        return {
            "version": 2,
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
            "smoke_by": {k: list(v) for k, v in self.smoke_by.items()},
            "radar_fire": list(self.radar_fire),
            "flights": [f.to_json() for f in self.flights.values()],
            "mtbs": [m.to_json() for m in self.mtbs.values()],
            "time_of_day": self.time_of_day,
            "weather": self.weather,
            "year": self.year,
            "options": self.options.model_dump(),
            "wind": self.wind,
            "spotted_by": {str(k): list(v) for k, v in self.spotted_by.items()},
            "radar_tracks": {k: list(v) for k, v in self.radar_tracks.items()},
            "lit": list(self.lit),
            "spot_tried": list(self.spot_tried),
            "star_shells": [list(p) for p in self.star_shells],
            "land": [[list(p) for p in poly] for poly in self.land],
            "harbours": [[list(p) for p in poly] for poly in self.harbours],
            "nets": [[list(a), list(b)] for a, b in self.nets],
            "balloons": [list(p) for p in self.balloons],
            "minefields": {str(k): v for k, v in self.minefields.items()},
            "sub_hunters": {str(k): v for k, v in self.sub_hunters.items()},
            "splash": {k: list(v) for k, v in self.splash.items()},
            "visibility": self.visibility,
            "visibility_uk": self.visibility_uk,
            "fog_rolls": dict(self.fog_rolls),
            "swept": list(self.swept),
            "sweep_bound": list(self.sweep_bound),
            "fires": dict(self.fires),
            "effects": {k: dict(v) for k, v in self.effects.items()},
            "surprised": list(self.surprised) if self.surprised else None,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BattleState:
        """Read a state written by :meth:`to_json` (version 2; version 1 states of the core engine too)."""
        if data.get("version") not in (1, 2):
            raise ValueError(f"unknown battle state version {data.get('version')!r}")
        ships = [ShipState.from_json(s) for s in data["ships"]]

        def pt(p: list[float]) -> Point:
            return (p[0], p[1])

        flights = [FlightState.from_json(f) for f in data.get("flights", [])]
        mtbs = [MTBState.from_json(m) for m in data.get("mtbs", [])]
        return cls(
            sides=(data["sides"][0], data["sides"][1]),
            ships={s.name: s for s in ships},
            table=Table(*data["table"]),
            turn=data["turn"],
            max_turns=data["max_turns"],
            initiative=data["initiative"],
            smoke=[pt(p) for p in data["smoke"]],
            initiative_bonus=list(data["initiative_bonus"]),
            vp_awarded=dict(data["vp_awarded"]),
            exits=dict(data["exits"]),
            spotted={int(k): list(v) for k, v in data["spotted"].items()},
            smoke_by={k: list(v) for k, v in data.get("smoke_by", {}).items()},
            radar_fire=list(data.get("radar_fire", [])),
            flights={f.name: f for f in flights},
            mtbs={m.name: m for m in mtbs},
            time_of_day=data.get("time_of_day", "day"),
            weather=data.get("weather", "good"),
            year=data.get("year"),
            options=RuleOptions.model_validate(data.get("options", {})),
            wind=data.get("wind"),
            spotted_by={int(k): list(v) for k, v in data.get("spotted_by", {"0": [], "1": []}).items()},
            radar_tracks={k: list(v) for k, v in data.get("radar_tracks", {}).items()},
            lit=list(data.get("lit", [])),
            spot_tried=list(data.get("spot_tried", [])),
            star_shells=[pt(p) for p in data.get("star_shells", [])],
            land=[[pt(p) for p in poly] for poly in data.get("land", [])],
            harbours=[[pt(p) for p in poly] for poly in data.get("harbours", [])],
            nets=[(pt(a), pt(b)) for a, b in data.get("nets", [])],
            balloons=[pt(p) for p in data.get("balloons", [])],
            minefields={int(k): v for k, v in data.get("minefields", {}).items()},
            sub_hunters={int(k): v for k, v in data.get("sub_hunters", {}).items()},
            splash={k: _markers(v) for k, v in data.get("splash", {}).items()},
            visibility=data.get("visibility"),
            visibility_uk=data.get("visibility_uk"),
            fog_rolls=dict(data.get("fog_rolls", {})),
            swept=list(data.get("swept", [])),
            sweep_bound=list(data.get("sweep_bound", [])),
            fires=dict(data.get("fires", {})),
            effects={k: dict(v) for k, v in data.get("effects", {}).items()},
            surprised=tuple(data["surprised"]) if data.get("surprised") else None,  # type: ignore[arg-type]
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


def _piece_to_json(piece: Any) -> dict[str, Any]:
    """JSON of a Flight or MTB section: its fields, with the card, status and position made plain."""
    out = asdict(piece)
    out["card"] = piece.card.model_dump(mode="json")
    out["status"] = piece.status.value
    out["pos"] = list(piece.pos) if piece.pos is not None else None
    return out


def _piece_fields(data: dict[str, Any], card_type: Any, status_type: Any) -> dict[str, Any]:
    """The constructor fields of a Flight or MTB section read back from :func:`_piece_to_json`."""
    fields = dict(data)
    fields["card"] = card_type.model_validate(fields["card"])
    fields["status"] = status_type(fields["status"])
    fields["pos"] = tuple(fields["pos"]) if fields["pos"] is not None else None
    return fields


def _markers(value: Any) -> list[str]:
    """A target's 003 splash markers as saved: the ships that put them (R-TAC-78); a count, as saves before
    R-TAC-78 kept them, is that many markers of no ship in particular."""
    return [str(v) for v in value] if isinstance(value, list) else [""] * int(value)
