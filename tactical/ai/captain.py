"""The AI captain: :class:`SimpleCaptain` answers every question of :class:`tactical.captain.Captain` for one
side; its decisions about aircraft, carriers, AA, MTB Sections and submarines are those of :mod:`tactical.ai.tactics`.

The AI (issue 5, item 10), deterministic (it rolls no dice):

* Movement: it tries a fan of legal moves (full, half and least speed; straight, one or two turns either way,
  turning at every chance; 90 degrees when Come About! passed) and scores each end position by the expected
  damage its guns could deal next Gunnery Phase (in victory points, so cheap hulls of valuable ships count more)
  less the expected damage the enemy could deal it there, with a pull towards its best range band when nothing
  is in reach, a push away from the table edges and its own ships, and progress towards the edge its objective
  needs (Breakout, Sweep & Clear: the enemy's; Fighting Retreat: its own).
* Orders: Evade! when the fire it expects to take outweighs what it can deal; Come About! when a 90-degree turn
  scores clearly better; Create Smoke! to cover a crippled ship's withdrawal; All Hands on Deck! with fires and
  nothing to shoot at; Flood Magazines! when several areas escalate on a sinking ship.
* Gunnery: every weapon system at the target where it does the most expected victory-point damage, with a bonus
  for ships close to being crippled or sunk (concentrating fire); limited torpedoes only at good odds.
* Deployment: line abreast across the zone, heaviest ships in the centre; a fleet too large for one line with
  bridges 1" apart in several lines, the heaviest in the front one (R-TAC-67).
* Damage control: the escalating area first, then the highest score.
* A badly hurt crippled ship (or a fleet whose objective is an exit) heads for an edge and withdraws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from scenarios.cards import ShipType, WeaponKind
from tactical import revision
from tactical.ai import tactics
from tactical.ai.expectations import Pairings, attacker_key, target_key, vp_weight
from tactical.ai.outlook import CROWDED, Outlook, offence_against
from tactical.ai.tactics import (
    auto_aa_plan,
    default_air_deployment,
    default_boat_deployment,
    default_boat_plan,
    default_flight_plan,
)
from tactical.aircraft import aboard, into_wind, into_wind_heading
from tactical.coast import grounds
from tactical.environment import searchlight_refusal, spotted, star_shell_reach, star_shell_system
from tactical.geometry import (
    VISUAL_RANGE,
    DeploymentZone,
    Edge,
    Point,
    advance,
    arcs_of,
    distance,
    in_side_arc,
    polygon_distance,
    turn_heading,
)
from tactical.gunnery import legal_boat_targets, legal_targets, max_dice
from tactical.movement import forced_plan, max_move, max_turns, min_move, straight_run, turn_limit, verify_move
from tactical.orders import IllegalOrder, OrderName, coming_about, evading, legal_orders
from tactical.plans import FirePlan, Leg, MovePlan, Shot
from tactical.scenario import EXIT_EDGE_OBJECTIVES, HOME_EDGES, Objective, can_scout, free_observation_flights
from tactical.state import Area, Battle, Depth, ShipState
from tactical.submarines import ASW_SYSTEMS, asw_systems

# --------------------------------------------------------------------------- the AI


class KeptOffence:
    """One ship's offence where it is (:meth:`SimpleCaptain._offence_now`), kept for its ``own`` state: the
    ``scene`` it was worked out for, the ``value``, and the ``figures`` of each foe by its entry of the scene."""

    __slots__ = ("figures", "own", "scene", "value")

    def __init__(self, own: tuple) -> None:
        self.own = own
        self.scene: tuple | None = None
        self.value = 0.0
        self.figures: dict[tuple, tuple[float, ...]] = {}



@dataclass
class SimpleCaptain:
    """A sensible, deterministic AI captain for one side (see the module docstring).

    ``objective`` steers the withdrawal logic; ``caution`` weighs the damage the ship expects to take against the
    damage it expects to deal (1 = equal weight).
    """

    objective: Objective | None = None
    caution: float = 0.8
    _plans: dict[tuple[str, int], tuple[MovePlan, float]] = field(default_factory=dict, repr=False)
    _pairings: Pairings = field(default_factory=Pairings, repr=False, compare=False)
    _shapes: dict[tuple, list[MovePlan]] = field(default_factory=dict, repr=False, compare=False)
    _firing: dict[str, KeptOffence] = field(default_factory=dict, repr=False, compare=False)
    _scenes: dict[int, tuple[tuple[int, int], tuple]] = field(default_factory=dict, repr=False, compare=False)
    _outlooks: revision.Memo = field(default_factory=lambda: revision.Memo(-1), repr=False, compare=False)

    # ---------------------------------------------------------------- set-up
    def choose_scouts(self, battle: Battle, side: int) -> tuple[list[str], int]:
        """Every Observation Flight scouts; a Radar destroyer is sent only from a fleet of three or more."""
        fleet = battle.state.fleet(side)
        flights = max(free_observation_flights(battle, side), 0)
        destroyers = [s for s in fleet if s.type is ShipType.DESTROYER and can_scout(s)]
        scouts = []
        if len(destroyers) >= 3:
            radar = [s for s in destroyers if s.has("Radar") or s.has("Advanced Radar")]
            if radar:
                scouts.append(radar[-1].name)
        return scouts, flights

    def deploy(
        self, battle: Battle, side: int, zone: DeploymentZone, ships: list[str]
    ) -> dict[str, tuple[Point, float]]:
        """Line abreast across the middle of the zone, heaviest ships in the centre, bows to the enemy; a fleet too
        large for one line 1" apart in as many lines as it needs, the heaviest in the front line (R-TAC-67).  Of two
        slots equally near the centre the one on the fleet's port hand comes first, so the two fleets' set-ups are
        rotations of each other, not mirror images (R-AI-20)."""
        order = sorted(ships, key=lambda n: -battle.ship(n).card.points)
        slots: list[Point] = []
        for line in zone.formation(len(order), spacing=4.0):
            line = line if zone.facing == 0.0 else line[::-1]  # west to east, seen from the fleet: port first
            centre = (len(line) - 1) / 2
            slots += [line[i] for i in sorted(range(len(line)), key=lambda i: (abs(i - centre), i))]
        return {name: (slots[k], zone.facing) for k, name in enumerate(order)}

    def return_point(self, battle: Battle, ship: ShipState, edge: Edge) -> float:
        """The point of the edge nearest the fleet's centre."""
        fleet = [s.pos for s in battle.state.afloat(ship.side) if s.pos is not None]
        if not fleet:
            return 0.5
        cx, cy = np.mean(np.asarray(fleet), axis=0)
        table = battle.state.table
        return float(cx / table.width) if edge in (Edge.SOUTH, Edge.NORTH) else float(cy / table.height)

    # ---------------------------------------------------------------- movement
    def choose_mover(self, battle: Battle, side: int, candidates: list[str]) -> str:
        """The cheapest ship first: the big ships move later, knowing more."""
        return min(candidates, key=lambda n: (battle.ship(n).card.points, n))

    def choose_order(self, battle: Battle, ship: ShipState) -> OrderName | None:
        allowed = set(legal_orders(ship, battle))
        if not allowed:
            return None
        scramble = ship.has("Carrier") and OrderName.SCRAMBLE in allowed and self._wants_deck(battle, ship) >= 2
        if scramble and into_wind(battle, ship.heading):
            return OrderName.SCRAMBLE
        if ship.has("Carrier") and self._wants_deck(battle, ship):
            return None  # any other Order would keep the deck closed
        if OrderName.SILENT_RUNNING in allowed and ship.detected_last_turn and self._enemy_within(battle, ship, 9.0):
            return OrderName.SILENT_RUNNING
        if self._withdrawing(battle, ship) or self._exit_goal(battle, ship) is not None:
            # heading for an edge: full speed under smoke, never Evade! (it halves the speed)
            near = self._enemy_within(battle, ship, 20.0)
            return OrderName.CREATE_SMOKE if near and OrderName.CREATE_SMOKE in allowed else None
        escalating = [a for a in Area if ship.escalating(a) and ship.criticals[a] < 6]
        if (
            OrderName.FLOOD_MAGAZINES in allowed
            and len(escalating) >= 2
            and ship.hull <= 0.3 * ship.hull_start
        ):
            return OrderName.FLOOD_MAGAZINES
        offence = self._offence(battle, ship, ship.pos, ship.heading)
        incoming = self._incoming(battle, ship, ship.pos, ship.heading)
        if escalating and offence < 0.05 and OrderName.ALL_HANDS in allowed:
            return OrderName.ALL_HANDS
        if (
            OrderName.EVADE in allowed
            and incoming > 1.0
            and incoming * vp_weight(ship) > 2.0 * max(offence, 0.01)
            and not self._torpedo_boat_in_reach(battle, ship)
        ):
            return OrderName.EVADE
        if OrderName.COME_ABOUT in allowed and max_move(ship, battle) >= 2 * straight_run(ship, battle):
            plan, normal = self._normal_plan(battle, ship)
            end, heading, _ = self._end_of(battle, ship, plan)
            if self._offence(battle, ship, end, heading) < 0.05 and self._enemy_within(battle, ship, VISUAL_RANGE):
                sharp = self._best_plan(battle, ship, allow_90=True)[1]
                if sharp > normal + 0.5 + 0.1 * abs(normal):
                    return OrderName.COME_ABOUT
        return None

    def plan_move(self, battle: Battle, ship: ShipState) -> MovePlan:
        if coming_about(ship):
            return self._best_plan(battle, ship, allow_90=True)[0]
        if evading(ship):  # the speed is halved: plan afresh
            return self._best_plan(battle, ship, allow_90=False)[0]
        return self._normal_plan(battle, ship)[0]

    def _normal_plan(self, battle: Battle, ship: ShipState) -> tuple[MovePlan, float]:
        """The best plan without Come About!, worked out once per ship and turn."""
        key = (ship.name, battle.state.turn)
        if key not in self._plans:
            self._plans[key] = self._best_plan(battle, ship, allow_90=False)
        return self._plans[key]

    def _candidates(self, ship: ShipState, allow_90: bool, battle: Battle | None = None) -> list[MovePlan]:
        """The legal moves tried (:meth:`_fresh_candidates`), kept by everything that decides them for a ship
        whose rudder is whole: its speeds, straight run, the turns it may make and whether it may move at all
        (R-PERF-05: a move's legality does not depend on where the ship is)."""
        if ship.rudder_jam is not None:
            return self._fresh_candidates(ship, allow_90, battle)
        key = (allow_90, max_move(ship, battle), min_move(ship, battle), straight_run(ship, battle), ship.on_table,
               ship.has_moved, max_turns(ship), turn_limit(ship))  # fmt: skip
        kept = self._shapes.get(key)
        if kept is None or revision.CHECK:
            fresh = self._fresh_candidates(ship, allow_90, battle)
            if kept is not None and fresh != kept:
                raise revision.StaleCache(f"kept moves for {key!r} are {kept!r}, afresh {fresh!r}")
            kept = self._shapes[key] = fresh
        return list(kept)

    def _fresh_candidates(self, ship: ShipState, allow_90: bool, battle: Battle | None = None) -> list[MovePlan]:
        top, low = max_move(ship, battle), min_move(ship, battle)
        if top <= 0:
            return [MovePlan(())]
        speeds = sorted({round(top, 3), round(max(top / 2, low), 3), round(low, 3)}, reverse=True)
        if ship.rudder_jam in ("left", "right", "straight"):
            return [forced_plan(ship, s, battle) for s in speeds]
        run = straight_run(ship, battle)
        plans: list[MovePlan] = []
        for s in speeds:
            plans.append(MovePlan.straight(s))
            if s < run - 1e-9:
                continue
            angles = (90.0, -90.0) if allow_90 else (45.0, -45.0, 22.5, -22.5)
            for a in angles:
                plans.append(MovePlan((Leg(0.0, run), Leg(a, s - run))))
                if s - run > 1e-9:
                    plans.append(MovePlan((Leg(0.0, s), Leg(a, 0.0))))
                if allow_90:
                    continue
                k = int((s + 1e-9) // run)
                legs = [Leg(0.0, run)] + [Leg(a, run) for _ in range(k - 1)]
                rest = s - k * run
                legs.append(Leg(a, rest)) if rest > 1e-9 else legs.append(Leg(a, 0.0))
                plans.append(MovePlan(tuple(legs)))
                if k >= 2 and abs(a) == 45.0:
                    plans.append(MovePlan((Leg(0.0, run), Leg(a, run), Leg(a, s - 2 * run))))
        legal = []
        for plan in plans:
            if ship.rudder_jam == "only_left" and any(t > 0 for t in plan.turns):
                continue
            if ship.rudder_jam == "only_right" and any(t < 0 for t in plan.turns):
                continue
            try:
                verify_move(ship, plan, battle)
            except IllegalOrder:
                continue
            legal.append(plan)
        return legal or [MovePlan.straight(top)]

    def _best_plan(self, battle: Battle, ship: ShipState, *, allow_90: bool) -> tuple[MovePlan, float]:
        best: tuple[MovePlan, float] | None = None
        withdrawing = self._withdrawing(battle, ship)
        deck = self._wants_deck(battle, ship)
        for plan in self._candidates(ship, allow_90, battle):
            pos, heading, exits = self._end_of(battle, ship, plan)
            score = self._score(battle, ship, pos, heading, exits, withdrawing)
            score += self._extra_score(battle, ship, plan, pos, heading, deck)
            if best is None or score > best[1] + 1e-9:
                best = (plan, score)
        assert best is not None
        return best

    @staticmethod
    def _end_of(battle: Battle, ship: ShipState, plan: MovePlan) -> tuple[Point, float, Edge | None]:
        assert ship.pos is not None
        pos, heading = ship.pos, ship.heading
        for leg in plan.legs:
            heading = turn_heading(heading, leg.turn)
            end = advance(pos, heading, leg.distance)
            exit_at = battle.state.table.exit_point(pos, end)
            if exit_at is not None:
                return exit_at[0], heading, exit_at[1]
            pos = end
        return pos, heading, None

    def _exit_goal(self, battle: Battle, ship: ShipState) -> Edge | None:
        want = EXIT_EDGE_OBJECTIVES.get(self.objective) if self.objective else None
        if want == "enemy":
            return HOME_EDGES[1 - ship.side]
        if want == "own":
            return HOME_EDGES[ship.side]
        return None

    def _withdrawing(self, battle: Battle, ship: ShipState) -> bool:
        """A crippled ship with less than 60% of its Crippled value left heads out."""
        return ship.crippled and ship.hull < 0.6 * max(ship.card.crippled, 1)

    def _score(
        self, battle: Battle, ship: ShipState, pos: Point, heading: float, exits: Edge | None, withdrawing: bool
    ) -> float:
        goal = self._exit_goal(battle, ship)
        if exits is not None:
            if withdrawing or (goal is not None and exits is goal):
                return 1000.0
            return -1000.0
        look = self._outlook(battle, ship)
        offence, incoming, nearest = look.evaluate(pos, heading)
        incoming *= vp_weight(ship)
        table = battle.state.table
        edge_gap = min(pos[0], table.width - pos[0], pos[1], table.height - pos[1])
        if withdrawing or goal is not None:
            target_edge = goal or self._nearest_edge(battle, pos)
            progress = -self._edge_distance(battle, pos, target_edge)
            if withdrawing:
                return 2.0 * progress - 2.0 * incoming
            # an exit objective: the edge first, fire and safety second
            return 10.0 * progress - 0.5 * incoming + 0.5 * offence
        score = offence - self.caution * incoming
        if nearest < math.inf:
            want = ship.derived("ai_preferred_range", self._preferred_range, ship)
            score -= 0.15 * max(nearest - want, 0.0) + 0.05 * max(want * 0.5 - nearest, 0.0)
        if edge_gap < 6.0:
            score -= 1.5 * (6.0 - edge_gap)
        ahead = advance(pos, heading, ship.derived("ai_run_ahead", ship.straight_run_before_turn) + 2.0)
        if not table.contains(ahead):
            score -= 4.0
        for friend in look.friends_within(pos):
            gap = distance(pos, friend)
            if gap < CROWDED:
                score -= 2.0 * (CROWDED - gap)
        return score

    @staticmethod
    def _nearest_edge(battle: Battle, pos: Point) -> Edge:
        gaps = {e: SimpleCaptain._edge_distance(battle, pos, e) for e in Edge}
        return min(gaps, key=lambda e: (gaps[e], e.value))

    @staticmethod
    def _edge_distance(battle: Battle, pos: Point, edge: Edge) -> float:
        table = battle.state.table
        return {
            Edge.WEST: pos[0],
            Edge.EAST: table.width - pos[0],
            Edge.SOUTH: pos[1],
            Edge.NORTH: table.height - pos[1],
        }[edge]

    @staticmethod
    def _preferred_range(ship: ShipState) -> float:
        """The short-range limit of the ship's main armament (Main Guns, else its heaviest other weapon)."""
        best = 0.0
        for kind in (WeaponKind.MAIN_GUN, WeaponKind.LIGHT_GUN, WeaponKind.TORPEDO):
            for i, w in enumerate(ship.card.weapons):
                if w.kind is kind and w.ranges is not None and ship.weapon_ad(i) > 0:
                    best = max(best, float(w.ranges[1]))
            if best:
                return best
        return 10.0

    @staticmethod
    def _enemy_within(battle: Battle, ship: ShipState, inches: float) -> bool:
        return ship.pos is not None and any(
            e.pos is not None and distance(e.pos, ship.pos) <= inches for e in battle.state.enemies(ship)
        )

    def _torpedo_boat_in_reach(self, battle: Battle, ship: ShipState) -> bool:
        """A ship with torpedoes loaded and a worthwhile target near does not Evade! (it could not fire them)."""
        if ship.pos is None:
            return False
        for i, w in enumerate(ship.card.weapons):
            if w.kind is WeaponKind.TORPEDO and max_dice(ship, i) > 0 and w.ranges is not None:
                for e in battle.state.enemies(ship):
                    if e.pos is not None and distance(ship.pos, e.pos) <= w.ranges[1] + max_move(ship):
                        return True
        return False

    def _offence(self, battle: Battle, ship: ShipState, pos: Point | None, heading: float) -> float:
        """Expected victory points the ship's weapons could win from ``pos``/``heading`` (each system at its best
        target; enemies assumed where they are)."""
        if pos is None:
            return 0.0
        return self._outlook(battle, ship).evaluate(pos, heading)[0]

    def _incoming(self, battle: Battle, ship: ShipState, pos: Point | None, heading: float) -> float:
        """Expected hull damage the enemy could deal the ship at ``pos``/``heading`` (every enemy system)."""
        if pos is None:
            return 0.0
        return self._outlook(battle, ship).evaluate(pos, heading)[1]

    def _outlook(self, battle: Battle, ship: ShipState) -> Outlook:
        """The ship's :class:`~tactical.ai.outlook.Outlook`, kept while the battle state is unchanged (one revision:
        a move search changes nothing while it reads)."""
        now = revision.current()
        if self._outlooks.revision != now:
            self._outlooks = revision.Memo(now)
        key = (ship.name, id(battle.state))
        found = self._outlooks.values.get(key)
        if found is None or found[0] is not ship or found[1] is not battle.state:
            radius = max_move(ship, battle)  # every move ends within it (the legs add up to no more)
            found = self._outlooks.values[key] = (ship, battle.state, Outlook(battle, ship, self._pairings, radius))
        return found[2]  # type: ignore[no-any-return]

    # ---------------------------------------------------------------- gunnery
    def choose_firer(self, battle: Battle, side: int, candidates: list[str]) -> str:
        """Aircraft and MTB Sections first (before their targets can hit back), then the ship that can do the most
        damage now."""
        for nominee in candidates:
            if nominee.startswith("<"):
                return nominee

        def value(name: str) -> tuple[float, str]:
            return (-self._offence_now(battle, battle.ship(name)), name)

        return min(candidates, key=value)

    def _offence_now(self, battle: Battle, ship: ShipState) -> float:
        """:meth:`_offence` where the ship is, kept while neither it nor the enemy it sees changes in what the
        offence reads (:func:`~tactical.ai.expectations.attacker_key`, :meth:`_scene`): each nomination of the
        Gunnery Phase asks it of every waiting ship, and a shot changes few of them (R-PERF-05).  When the scene
        has changed, the offence is put together foe by foe (:func:`~tactical.ai.outlook.offence_against`), each
        foe's figures kept while the ship and that foe's entry of the scene are unchanged: a shot that cripples or
        sinks one ship changes one entry (R-PERF-06)."""
        if ship.pos is None:
            return 0.0
        own = (attacker_key(ship), ship.pos, ship.heading)
        scene = self._scene(battle, 1 - ship.side)
        kept = self._firing.get(ship.name)
        if kept is None or kept.own != own:
            kept = self._firing[ship.name] = KeptOffence(own)
        elif kept.scene == scene and not revision.CHECK:
            return kept.value
        best = [0.0] * len(ship.card.weapons)
        figures_by_foe = kept.figures
        for entry in scene:
            figures = figures_by_foe.get(entry)
            if figures is None or revision.CHECK:
                fresh = offence_against(ship, battle.ship(entry[0]), self._pairings, ship.pos, ship.heading)
                if figures is not None and fresh != figures:
                    raise revision.StaleCache(f"kept offence of {ship.name} on {entry[0]} is {figures!r}, afresh "
                                              f"{fresh!r}")  # fmt: skip
                figures = figures_by_foe[entry] = fresh
            for i, figure in enumerate(figures):
                if figure > best[i]:
                    best[i] = figure
        value = sum(best)
        if kept.scene == scene and kept.value != value:
            raise revision.StaleCache(f"kept offence of {ship.name} is {kept.value!r}, afresh {value!r}")
        kept.scene, kept.value = scene, value
        return value

    def _scene(self, battle: Battle, side: int) -> tuple:
        """The ships of ``side`` on the table as a target sees them (its :func:`~tactical.ai.expectations.target_key`,
        place and starting Hull), one object while it stays equal (so that a kept offence is matched at once)."""
        now = (revision.current(), id(battle.state))
        found = self._scenes.get(side)
        if found is not None and found[0] == now:
            return found[1]  # type: ignore[no-any-return]
        scene = tuple(
            (e.name, target_key(e), e.pos, e.heading, e.hull_start)
            for e in battle.state.afloat(side) if e.pos is not None
        )  # fmt: skip
        if found is not None and found[1] == scene:
            scene = found[1]
        self._scenes[side] = (now, scene)
        return scene

    def plan_fire(self, battle: Battle, ship: ShipState) -> FirePlan:
        """Each weapon system at its best target (main guns first), with bonuses for finishing ships off; at night a
        searchlight or star shells on an unseen enemy first; sonar and depth charges against submarines; Light Guns
        at MTB Sections when they are the better target."""
        if ship.pos is None:
            return FirePlan()
        detect = tactics.nearest_sub_to_detect(battle, ship)
        searchlight, shells = self._illumination(battle, ship)
        lit_before = battle.state.lit  # the targets as if lit, on a list of its own: the battle's is not touched
        lit = list(lit_before) + ([searchlight] if searchlight is not None else [])
        for point in shells:
            lit += [e.name for e in battle.state.enemies(ship) if e.pos is not None and distance(e.pos, point) <= 3.0]
        battle.state.lit = lit
        try:
            base = self._gun_plan(battle, ship, len(shells))
        finally:
            battle.state.lit = lit_before
        charges = tactics.depth_charge_plan(battle, ship)
        if detect is not None and not charges:
            sub = battle.ship(detect)
            assert sub.pos is not None
            for system in asw_systems(ship):
                in_arc = ASW_SYSTEMS[system] in arcs_of(ship.pos, ship.heading, sub.pos)
                ready = ship.asw_last.get(system, -10) < battle.state.turn - 1
                if distance(ship.pos, sub.pos) <= 3.0 and in_arc and ready:
                    charges = ((system, detect),)
                    break
        radar = battle.state.options.radar_checks and (ship.has("Radar") or ship.has("Advanced Radar"))
        return FirePlan(
            base.shots, searchlight=searchlight, star_shells=shells, detect=detect, depth_charges=charges, radar=radar
        )

    def _illumination(self, battle: Battle, ship: ShipState) -> tuple[str | None, tuple[Point, ...]]:
        """At night: a star shell over the most valuable enemy within Light Gun reach that is not seen (Star Shell
        ships), else a searchlight on one within 10" when the ship has guns for it."""
        if not battle.state.night or ship.pos is None or ship.underwater:
            return None, ()
        unseen = [
            e for e in battle.state.enemies(ship)
            if e.pos is not None and not e.underwater and not spotted(battle, ship.side, e) and not e.is_installation
        ]  # fmt: skip
        if not unseen:
            return None, ()
        can_shell = ship.has("Star Shell") or battle.state.options.night_states
        system = star_shell_system(ship)
        if can_shell and system is not None and max_dice(ship, system) >= 2:
            reach = star_shell_reach(ship)
            pool = [e for e in unseen if distance(ship.pos, e.pos) <= reach]  # type: ignore[arg-type]
            if pool:
                best = max(pool, key=lambda e: (e.card.points, e.name))
                assert best.pos is not None
                return None, (best.pos,)
        pool = [e for e in unseen if searchlight_refusal(battle, ship, e) is None]
        if pool and ship.type in (ShipType.BATTLESHIP, ShipType.CRUISER) and not ship.crippled:
            return max(pool, key=lambda e: (e.card.points, e.name)).name, ()
        return None, ()

    def _gun_plan(self, battle: Battle, ship: ShipState, shells: int = 0) -> FirePlan:
        """Each weapon system at its best target (main guns first), with bonuses for finishing ships off."""
        assert ship.pos is not None
        shell_system = star_shell_system(ship) if shells else None
        pending: dict[str, float] = {}
        shots: list[Shot] = []
        order = sorted(
            range(len(ship.card.weapons)),
            key=lambda i: (
                [WeaponKind.MAIN_GUN, WeaponKind.TORPEDO, WeaponKind.LIGHT_GUN, WeaponKind.AA_BATTERY].index(
                    ship.card.weapons[i].kind
                ),
                i,
            ),
        )
        last_turn = battle.state.turn >= battle.state.max_turns
        figures: dict[str, tuple[float, ...]] = {}
        for i in order:
            weapon = ship.card.weapons[i]
            targets = legal_targets(battle, ship, i)
            best: tuple[float, ShipState, float] | None = None
            for t in targets:
                exp = self._expected_now(ship, t, figures)[i]
                if exp <= 0:
                    continue
                already = pending.get(t.name, 0.0)
                left = t.hull - already
                value = exp * vp_weight(t)
                worn = (t.hull_start - left) / max(t.hull_start - t.card.crippled, 1)
                value *= 1.0 + min(max(worn, 0.0), 1.0)  # concentrate on ships already hurt
                if not t.crippled and left - exp <= t.card.crippled:
                    value *= 1.6
                if left - exp <= 0:
                    value *= 1.4
                if t.crippled:
                    value *= 1.2
                if best is None or value > best[0] + 1e-12:
                    best = (value, t, exp)
            if best is None:
                continue
            _, target, exp = best
            dice = max_dice(ship, i)
            limited = ship.weapons[i].loaded is not None
            if weapon.kind is WeaponKind.TORPEDO and limited and not (last_turn or ship.crippled):
                per_die = exp / max(dice, 1)
                worth = per_die * vp_weight(target)
                if worth < 0.5 and target.type not in (ShipType.BATTLESHIP, ShipType.CARRIER):
                    continue
            if weapon.has("Restricted") and in_side_arc(ship.pos, ship.heading, target.pos):  # type: ignore[arg-type]
                dice = math.ceil(ship.weapon_ad(i) / 2)
            if i == shell_system:
                dice -= shells
            if dice <= 0:
                continue
            shots.append(Shot(i, target.name, dice))
            pending[target.name] = pending.get(target.name, 0.0) + exp
        shots.extend(self._boat_shots(battle, ship, {s.weapon for s in shots}, shell_system, shells))
        return FirePlan(tuple(shots))

    def _expected_now(
        self, ship: ShipState, target: ShipState, kept: dict[str, tuple[float, ...]]
    ) -> tuple[float, ...]:
        """The expected hull damage of each weapon system of ``ship`` at ``target``, both where they are
        (:func:`~tactical.ai.expectations.expected_from`, 0 beyond the visual range), from the battle's pairings
        (R-PERF-05) and kept in ``kept`` for the rest of one fire plan (R-PERF-06)."""
        found = kept.get(target.name)
        if found is None:
            assert ship.pos is not None and target.pos is not None
            d = distance(ship.pos, target.pos)
            if d > VISUAL_RANGE:
                found = (0.0,) * len(ship.card.weapons)
            else:
                arcs = arcs_of(ship.pos, ship.heading, target.pos)
                side = in_side_arc(target.pos, target.heading, ship.pos)
                found = self._pairings.get(ship, target).expected(d, arcs, side)
            kept[target.name] = found
        return found

    def _boat_shots(
        self, battle: Battle, ship: ShipState, used: set[int], shell_system: int | None, shells: int
    ) -> list[Shot]:
        """Light Guns with no ship to shoot at fire at the most dangerous MTB Section in reach."""
        out = []
        for i, weapon in enumerate(ship.card.weapons):
            if i in used or weapon.kind is not WeaponKind.LIGHT_GUN:
                continue
            boats = legal_boat_targets(battle, ship, i)
            if not boats:
                continue
            best = max(boats, key=lambda b: (b.torpedoes + (3 if b.card.kamikaze else 0), b.card.points, b.name))
            dice = max_dice(ship, i) - (shells if i == shell_system else 0)
            restricted = weapon.has("Restricted") and ship.pos is not None and best.pos is not None
            if restricted and in_side_arc(ship.pos, ship.heading, best.pos):  # type: ignore[arg-type]
                dice = min(dice, math.ceil(ship.weapon_ad(i) / 2))
            if dice > 0:
                out.append(Shot(i, best.name, dice))
        return out

    # ---------------------------------------------------------------- end phase
    def damage_control(self, battle: Battle, ship: ShipState) -> Area | None:
        """The escalating area with the highest score, else the highest repairable score (Engine on ties); under
        the 003 criticals (option) any area, which sends the crews to the fires."""
        if battle.state.options.criticals_2d6:
            return Area.CREW if battle.state.fires.get(ship.name) else None
        repairable = [a for a in Area if 0 < ship.criticals[a] < 6]
        if not repairable:
            return None
        return max(repairable, key=lambda a: (ship.escalating(a), ship.criticals[a], a is Area.ENGINE))

    # ---------------------------------------------------------------- movement extras
    def _wants_deck(self, battle: Battle, ship: ShipState) -> int:
        """How many Flights this carrier wants to launch or recover this turn (0 when it cannot)."""
        if not ship.has("Carrier") or battle.state.bad_weather or ship.aground or ship.criticals[Area.CREW] >= 2:
            return 0
        ready = sum(1 for f in aboard(battle, ship.name) if f.ready)
        homing = sum(
            1
            for f in battle.state.air(ship.side)
            if f.card.carrier and not f.armed and f.card.damage_dice > 0 and f.pos is not None
            and ship.pos is not None and distance(f.pos, ship.pos) <= f.card.flank_speed + 6
        )  # fmt: skip
        targets = any(not e.underwater for e in battle.state.enemies(ship))
        launch = ready if targets or any(
            battle.state.flights[n].card.role.value == "fighter" for n in [f.name for f in aboard(battle, ship.name)]
        ) else 0  # fmt: skip
        return min(launch + homing, 2)

    def _extra_score(
        self, battle: Battle, ship: ShipState, plan: MovePlan, pos: Point, heading: float, deck: int
    ) -> float:
        """Carriers wanting their deck prefer a straight run into the wind (or turning towards it); ships that can
        run aground keep clear of land; submarines close to torpedo range of a target ahead; Depth Charge ships
        close on submarines."""
        score = 0.0
        if deck:
            if not plan.turns and into_wind(battle, ship.heading):
                score += 4.0 * deck
            else:
                target = into_wind_heading(battle)
                if target is not None:
                    diff = abs((heading - target + 180.0) % 360.0 - 180.0)
                    score -= 0.02 * diff * deck
        if battle.state.land and grounds(battle, ship):
            gap = min(polygon_distance(pos, poly) for poly in battle.state.land)
            if gap < 3.0:
                score -= 20.0 * (3.0 - gap)
        if ship.has("Depth Charge") or ship.has("Hedgehog") or ship.has("Sub-Hunter"):
            subs = [e for e in battle.state.enemies(ship) if e.is_submarine and e.pos is not None]
            if subs:
                d = min(distance(pos, e.pos) for e in subs)  # type: ignore[arg-type]
                score -= 0.3 * max(d - 2.0, 0.0)
        return score

    # ---------------------------------------------------------------- aircraft and carriers
    def aircraft_first(self, battle: Battle, side: int) -> bool:
        """Make the enemy move its aircraft first (moving last lets the Fighters intercept)."""
        return False

    def plan_flights(self, battle: Battle, side: int) -> dict:
        return default_flight_plan(battle, side)

    def plan_aa(self, battle: Battle, ship: ShipState) -> list:
        return auto_aa_plan(battle, ship)

    def choose_launch(self, battle: Battle, carrier: ShipState, ready: list[str]) -> list[str]:
        return tactics.choose_launch(battle, carrier, ready)

    def deploy_flights(self, battle, side, zone, candidates, limits, land):
        return default_air_deployment(battle, side, zone, candidates, limits, land)

    def deep_deploy(self, battle: Battle, side: int, carriers: list[str]) -> list[str]:
        """Carriers go into deep deployment whenever scouting allows it."""
        return list(carriers)

    def order_air_attacks(self, battle: Battle, side: int, names: list[str]) -> list[str]:
        return list(names)

    # ---------------------------------------------------------------- MTB Sections
    def boats_first(self, battle: Battle, side: int) -> bool:
        return False

    def plan_boats(self, battle: Battle, side: int) -> dict:
        return default_boat_plan(battle, side)

    def deploy_boats(self, battle, side, zone, boats):
        return default_boat_deployment(battle, side, zone, boats)

    # ---------------------------------------------------------------- submarines and night
    def choose_depth(self, battle: Battle, ship: ShipState) -> Depth:
        return tactics.choose_depth(battle, ship)

    def place_submarine(self, battle: Battle, ship: ShipState) -> tuple[Point, float]:
        return tactics.place_submarine(battle, ship)

    def surface_hidden(self, battle: Battle, ship: ShipState) -> tuple[Point, float] | None:
        return tactics.surface_hidden(battle, ship)

    def crash_dive(self, battle: Battle, ship: ShipState) -> bool:
        return True

    def escape(self, battle: Battle, ship: ShipState) -> bool:
        return tactics.escape(battle, ship)

    def assign_sub_hunters(self, battle: Battle, side: int, names: list[str], flights: int) -> list[str]:
        return tactics.share_hunters(battle, side, names, flights)

    def fire_first(self, battle: Battle, side: int) -> bool:
        return True

    def choose_searchlight(self, battle: Battle, ship: ShipState, targets: list[str]) -> str | None:
        """001 Night Fighting (option): no searchlight before the fire (the fire plan may light one)."""
        return None

    def choose_radar_target(self, battle: Battle, ship: ShipState, names: list[str]) -> str | None:
        return tactics.nearest_radar_target(battle, ship, names)
