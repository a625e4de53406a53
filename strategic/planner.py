"""Planning AI nations: the same player interface as the baseline, with real deployment planning.

Levels: ``easy`` is the baseline AI (:class:`strategic.ai.BaselineAI`); ``normal`` plans; ``hard`` plans and
checks its intended battles by simulation with the classic resolver (seeded, on a copy of the state): its raids,
and its patrols into areas where the enemy is already at sea, which it reinforces until they hold the area in at
least half of the simulated battles or does not send at all (R-AI-08).

What ``normal`` does, phase by phase (it sees only what a player sees: units at sea, ports, control, POC):

* Patrol: every area is worth its POC to the side (plus half what the enemy would score there) on the tracks
  being scored, and more where it would save one of the side's isolated VITP ports or bases (R-AI-05); a unit is
  never sent where it would have no port to return to (R-AI-06); the enemy's strength there is what is at sea now
  plus part of what can still reach it this turn (for the Allies in War at Sea, who patrol before Germany-Italy,
  also from ports two areas away: R-AI-33).  Areas are taken in order of worth, each with enough strength
  to beat the threat (concentration of force) or not at all; ships too damaged stay in port to repair; Japanese
  and US carriers are kept for raids in VITP.
  Where the whole threat cannot be met, the Allies in VITP (who patrol and raid after Japan) still contest an area
  worth 2 or more against the Japanese already at sea there, with enough to beat them (R-AI-01).
* Raid (VITP): carriers and fast ships strike where the enemy's patrollers can be beaten and the area is worth it;
  a Location Uncertain group that appeared where it would lose moves on to a safe area (R-PAC-19).
* Air: land-based air goes where it controls (VITP) or strikes (War at Sea) the most worth; Allied VITP air
  avoids areas where the Japanese already at sea would beat it (R-AI-02).
* Submarines: U-Boats go where they deny the Allies the most POC (they break control) with the least ASW against
  them; the I-Boat and F-Boat where the most enemy ships are.
* Return: damaged ships to the port that repairs most; the others to the port touching the most worth.
* The outbreak of the Pacific war (Pearl Harbor strike, the early-war announcement) and landings: as the baseline.

The planner never breaks a rule: it only picks among :meth:`Campaign.legal_orders`.  It decides from the campaign as
its player knows it (:mod:`strategic.known`, R-VIEW-25): the hard level's simulations are seeded by the AI's own
``seed``, never by the game's (R-VIEW-01).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING

from scenarios.models import Activity, Owner, PortKind, Side, Theatre, Unit, UnitType
from strategic import convoy_ai, neutral_ai
from strategic.baseline_ai import BaselineAI, strike_force, strike_turn, u_boat_reinforcements
from strategic.basing import return_options
from strategic.bid import standing
from strategic.known import KnownCampaign, known
from strategic.orders import (
    Move,
    Order,
    PearlHarborForce,
    PlaceAir,
    PlaceReinforcement,
    PlaceSubmarine,
    PlaceSurfaceRaider,
    ReturnToPort,
)
from strategic.state import Mode, Phase, UnitState, UnitStatus

if TYPE_CHECKING:
    from strategic.campaign import Campaign

LEVELS = ("easy", "normal", "hard")
PARTNERS = {"united_states": frozenset({"allies"}), "allies": frozenset({"united_states"}),
            "japan": frozenset({"germany_italy"}), "germany_italy": frozenset({"japan"})}
MARGIN = 1.3  # strength over the expected threat before committing to an area
CONTEST_WORTH = 2.0  # least worth of an area contested against a threat the side cannot fully meet
PORT_STAKE = 2.0  # worth of an area that would save an isolated major port of the side (R-AI-05)
BASE_STAKE = 1.0  # ... an isolated island base
PORT_SHARE = 0.4  # share of an enemy ship in a touching port counted as threat to the area
TRANSFER_GAP = 3.0  # least difference of the enemy's leads that sends a ship to the other game (R-AI-31)
MAX_ADDED = 3  # hard: units added one at a time to a force its simulation says would lose (R-AI-08)


def strength(unit: Unit, damage: int = 0, *, theatre: Theatre | None = None) -> float:
    """Rough fighting worth of a counter: gunnery, airstrike (worth more in VITP's day rounds), staying power."""
    air = (unit.air or 0) * (1.5 if theatre is Theatre.VITP else 1.0)
    staying = max(0, (unit.defence or 0) - damage) * 0.6
    bonus = 0.5 if unit.bonus != "none" else 0.0
    if unit.type in (UnitType.SS, UnitType.RAIDER, UnitType.CONVOY, UnitType.FROGMEN):
        return 0.5
    return (unit.gunnery or 0) + air + staying + bonus


def can_come_home(campaign: Campaign, name: str, area: str) -> bool:
    """Would ``name``, at sea in ``area`` at the end of the turn, have a port to return to (002 §3.246, WAS 5.7,
    VITP 17.31: :func:`strategic.basing.return_options`)?  Judged as the board stands now."""
    us = campaign.state.unit(name)
    at_sea = us.model_copy(update={"place": area, "status": UnitStatus.SEA, "sailed_from": us.place})
    return bool(return_options(campaign, at_sea))


class PlanningAI:
    """``PlanningAI("normal")`` or ``PlanningAI("hard")`` (see the module docstring)."""

    def __init__(self, level: str = "normal", *, samples: int = 40, seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level '{level}' (known: {', '.join(LEVELS)})")
        self.level = level
        self.name = level
        self.samples = samples
        self.seed = seed  # the hard level's own simulations (not the game's dice, which no player knows: R-VIEW-01)
        self._baseline = BaselineAI()

    def orders(self, campaign: Campaign, player: str) -> list[Order]:
        """``player``'s orders, decided from ``campaign`` as that player knows it (R-VIEW-25)."""
        return self.decide(known(campaign, player), player)

    def decide(self, campaign: KnownCampaign, player: str) -> list[Order]:
        if self.level == "easy":
            return self._baseline.orders(campaign, player)
        legal = self._keep_to_pacific(campaign, campaign.legal_orders(player))
        phase = campaign.state.phase
        if phase is Phase.REINFORCE:
            return u_boat_reinforcements(campaign, self._reinforce(campaign, legal), legal)
        held = set(strike_force(campaign)) if player == "japan" and strike_turn(campaign) else set()
        if phase is Phase.PATROL:
            return self._patrol(campaign, player, [o for o in legal if getattr(o, "unit", None) not in held])
        if phase is Phase.RAID:
            if held:  # the Pearl Harbor strike of the first VITP turn, as the baseline makes it (VITP 18)
                strike = self._baseline.orders(campaign, player)
                return strike + self._raid(campaign, [o for o in legal if getattr(o, "unit", None) not in held])
            return self._raid(campaign, legal)
        if phase is Phase.AIR:
            if held or any(isinstance(o, PearlHarborForce) for o in legal):
                return self._baseline.orders(campaign, player)  # the early-war announcement (002 §5.71-5.735)
            return self._air(campaign, [o for o in legal if isinstance(o, PlaceAir)])
        if phase is Phase.SUBMARINE:
            return self._submarines(campaign, [o for o in legal if isinstance(o, PlaceSubmarine)])
        if phase is Phase.RETURN:
            return self._return(campaign, [o for o in legal if isinstance(o, ReturnToPort)])
        return self._baseline.orders(campaign, player)  # landings

    # ------------------------------------------------------------------ evaluation

    def worth(self, campaign: KnownCampaign, area: str, side: Side) -> float:
        """POC the area brings the side (and half of what it denies the enemy), on tracks scored now."""
        record = campaign.data.areas[area]
        mine = record.poc.axis if side is Side.AXIS else record.poc.allied
        theirs = record.poc.allied if side is Side.AXIS else record.poc.axis

        def scored(award_track: Theatre) -> bool:
            return award_track in campaign.setup.theatres and (award_track is Theatre.WAS or campaign.vitp_started)

        return ((mine.value if scored(mine.track) else 0) + 0.5 * (theirs.value if scored(theirs.track) else 0)
                + self.port_stake(campaign, area, side))

    @staticmethod
    def port_stake(campaign: KnownCampaign, area: str, side: Side) -> float:
        """What holding ``area`` saves: each of the side's VITP ports and bases touching it that the enemy
        isolates now (VITP 5.3: every area it touches is the enemy's) is lost at the next count unless one of
        its areas is won back (R-AI-05): :data:`PORT_STAKE` for a major port, :data:`BASE_STAKE` for a base."""
        state = campaign.state
        if not state.isolation or campaign.place_theatre(area) is not Theatre.VITP:
            return 0.0
        owner = Owner.ALLIED if side is Side.ALLIED else Owner.AXIS
        out = 0.0
        for name in state.isolation:
            port = campaign.data.ports.get(name)
            if port is None or area not in port.touches or state.port_owners.get(name) != owner:
                continue
            out += PORT_STAKE if port.kind is PortKind.MAJOR_PORT else BASE_STAKE
        return out

    def enemy_threat(self, campaign: KnownCampaign, side: Side) -> dict[str, float]:
        """Enemy strength per area: at sea now, plus 40% of what sits in ports touching it (may still come)."""
        threat: dict[str, float] = defaultdict(float)
        enemy = campaign.enemy_of(side)
        for us in campaign.state.units.values():
            if us.side is not enemy or us.inactive_until is not None or us.place is None:
                continue
            unit = campaign.unit_record(us.name)
            if us.status is UnitStatus.SEA:
                threat[us.place] += strength(unit, us.damage, theatre=campaign.place_theatre(us.place))
            elif us.status is UnitStatus.PORT and not us.moved and unit.type.is_ship:
                near = campaign.board.touched_by(us.place)
                for area in near:
                    threat[area] += PORT_SHARE * strength(unit, us.damage, theatre=campaign.place_theatre(area))
                for area in self._second_reach(campaign, side, us, near):
                    threat[area] += PORT_SHARE * strength(unit, us.damage, theatre=Theatre.WAS)
        return threat

    @staticmethod
    def _second_reach(campaign: KnownCampaign, side: Side, us: UnitState, near: list[str]) -> set[str]:
        """R-AI-33: the War at Sea areas an enemy ship in port reaches with a second area of movement (a speed
        roll, reference/was.md §3.1) that its port does not touch, counted for the Allies, who patrol before
        Germany-Italy (002 §3.241; 002 §3.22 in War at Sea alone): the German surface ships in France reach the
        Caribbean through the North or South Atlantic, which no Axis port touches.  Whether the first area is
        friendly to the enemy is not asked (a threat over-counted, not missed)."""
        if side is not Side.ALLIED:
            return set()
        unit = campaign.unit_record(us.name)
        out: set[str] = set()
        for first in near:
            if campaign.place_theatre(first) is not Theatre.WAS:
                continue
            for area in campaign.board.neighbours(first, unit.nation):
                if area in near or area in out or campaign.place_theatre(area) is not Theatre.WAS:
                    continue
                if not campaign.violations(unit, area, Activity.AT_SEA, us.side):
                    out.add(area)
        return out

    def enemy_at_sea(self, campaign: KnownCampaign, side: Side) -> dict[str, float]:
        """Enemy strength per area that is at sea now (already committed, so it is known)."""
        out: dict[str, float] = defaultdict(float)
        enemy = campaign.enemy_of(side)
        for us in campaign.state.units.values():
            if us.side is enemy and us.status is UnitStatus.SEA and us.place and us.inactive_until is None:
                out[us.place] += strength(campaign.unit_record(us.name), us.damage,
                                          theatre=campaign.place_theatre(us.place))
        return out

    def _contest_need(self, campaign: KnownCampaign, area: str, side: Side, seen: float, mine: float) -> float | None:
        """Strength to send to contest ``area`` against the enemy already there (R-AI-01): only in areas worth at
        least :data:`CONTEST_WORTH` where the enemy is already at sea (an empty area is taken by the normal rule
        or not at all), and only when this side moves after the enemy in the theatre (it then still has its
        raiders to answer the enemy's); ``None`` when the area is not to be contested."""
        if seen <= 0 or self.worth(campaign, area, side) < CONTEST_WORTH:
            return None
        if not self._moves_last(campaign, area, side):
            return None
        need = MARGIN * seen + 1.0 - mine
        return need if need > 0 else None

    @staticmethod
    def _moves_last(campaign: KnownCampaign, area: str, side: Side) -> bool:
        """In VITP the Allies patrol and raid after Japan (VITP sequence of play, reference/vitp.md §2)."""
        return campaign.place_theatre(area) is Theatre.VITP and side is Side.ALLIED

    # ------------------------------------------------------------------ phases

    def _reinforce(self, campaign: KnownCampaign, legal: list[Order]) -> list[Order]:
        """Arrivals go where their side is weakest: War at Sea or VITP ports (British: England or Ceylon); before
        VITP begins, a ship with a VITP counter goes to the VITP ports (R-AI-30)."""
        out: list[Order] = []
        by_unit: dict[str, list[PlaceReinforcement]] = defaultdict(list)
        for order in legal:
            if isinstance(order, PlaceReinforcement):
                by_unit[order.unit].append(order)
        pressure = self._theatre_pressure(campaign)
        for name, options in sorted(by_unit.items()):
            side = campaign.state.unit(name).side
            pacific = self._pacific_navy(campaign, name)
            def pull(o: PlaceReinforcement, s: Side = side, options: list[PlaceReinforcement] = options,
                     pacific: bool = pacific) -> tuple[bool, float, int]:
                if not (o.place in campaign.data.areas or o.place in campaign.data.ports):
                    return False, 0, -options.index(o)
                theatre = campaign.place_theatre(o.place)
                return pacific and theatre is Theatre.VITP, pressure[(s, theatre)], -options.index(o)
            out.append(max(options, key=pull))
        return out

    def _keep_to_pacific(self, campaign: KnownCampaign, legal: list[Order]) -> list[Order]:
        """``legal`` without the orders taking a ship of the VITP contingent off the VITP board before VITP
        begins (R-AI-30): its moves into War at Sea, and its returns to a War at Sea port when a VITP port is
        offered it."""
        home = {o.unit for o in legal if isinstance(o, ReturnToPort) and campaign.place_theatre(o.port) is Theatre.VITP}
        def leaves(o: Order) -> bool:
            if isinstance(o, Move):
                return self._pacific_navy(campaign, o.unit) and campaign.place_theatre(o.path[-1]) is not Theatre.VITP
            if isinstance(o, ReturnToPort):
                return o.unit in home and self._pacific_navy(campaign, o.unit) \
                    and campaign.place_theatre(o.port) is not Theatre.VITP
            return False
        return [o for o in legal if not leaves(o)]

    @staticmethod
    def _pacific_navy(campaign: KnownCampaign, name: str) -> bool:
        """Whether ``name`` belongs to its navy's VITP contingent while VITP has not begun: a ship whose counter
        is VITP's (the British VITP counters, 002 §2.3), in a set-up that plays VITP.  The theatre pressure is nil
        in VITP until it begins, which would keep every British ship in War at Sea (R-AI-30)."""
        return (Theatre.VITP in campaign.setup.theatres and not campaign.vitp_started
                and campaign.unit_record(name).counter == "VITP")

    def _theatre_pressure(self, campaign: KnownCampaign) -> dict[tuple[Side, Theatre], float]:
        """How badly each side needs ships in each theatre: the enemy's POC lead there (at least 0.1 when the
        theatre is played and has begun)."""
        out: dict[tuple[Side, Theatre], float] = defaultdict(float)
        for theatre in campaign.state.poc:
            lead = standing(campaign.state, theatre)  # the bid counts as POC (R-AI-07)
            active = theatre is Theatre.WAS or campaign.vitp_started
            out[(Side.ALLIED, theatre)] = (max(lead, 0) + 0.1) if active else 0.0
            out[(Side.AXIS, theatre)] = (max(-lead, 0) + 0.1) if active else 0.0
        return out

    def _patrol(self, campaign: KnownCampaign, player: str, legal: list[Order]) -> list[Order]:
        out: list[Order] = [o for o in self._baseline.orders(campaign, player)
                            if isinstance(o, PlaceSurfaceRaider)]
        sailing_convoys, legal = convoy_ai.split(campaign, legal)
        out += sailing_convoys
        moves: dict[str, list[Move]] = defaultdict(list)
        for order in legal:
            if isinstance(order, Move):
                moves[order.unit].append(order)
        if not moves:
            return out + neutral_ai.sail_out(campaign, legal, out)
        side = campaign.state.unit(next(iter(moves))).side
        threat = self.enemy_threat(campaign, side)
        seen = self.enemy_at_sea(campaign, side)
        mine_at_sea: dict[str, float] = defaultdict(float)
        for us in campaign.state.units.values():
            if us.side is side and us.status is UnitStatus.SEA and us.place and us.inactive_until is None:
                mine_at_sea[us.place] += strength(campaign.unit_record(us.name), us.damage,
                                                  theatre=campaign.place_theatre(us.place))
        available = {name: options for name, options in moves.items() if self._fit_to_sail(campaign, name)}
        partners = self._partner_reach(campaign, player)
        areas = sorted({o.path[-1] for opts in available.values() for o in opts},
                       key=lambda a: (-self.worth(campaign, a, side), a))
        taken: set[str] = set()
        for area in areas:
            if self.worth(campaign, area, side) <= 0:
                continue
            need = MARGIN * threat.get(area, 0.0) + 1.0 - mine_at_sea[area]
            if need <= 0:
                continue
            best = [(name, self._best_move(campaign, options, area)) for name, options in available.items()
                    if name not in taken]
            reach = [(n, o) for n, o in best if o is not None]
            power = {n: strength(campaign.unit_record(n), campaign.state.unit(n).damage,
                                 theatre=campaign.place_theatre(area)) for n, _ in reach}
            if sum(power.values()) < need and sum(power.values()) + partners.get(area, 0.0) >= need:
                # R-PAC-20: the partner, who moves later in this phase, completes what this player starts
                need = sum(power.values())
            elif sum(power.values()) < need:
                # the full threat cannot be met: contest a valuable area only where the enemy already at sea
                # there can be beaten, and only with enough for that (never piecemeal: R-AI-01)
                contest = self._contest_need(campaign, area, side, seen.get(area, 0.0), mine_at_sea[area])
                if contest is None or sum(power.values()) < contest:
                    continue
                need = contest
            ranked = sorted(reach, key=lambda r: (-power[r[0]], len(r[1].path), r[0]))
            chosen: list[tuple[str, Move]] = []
            got = 0.0
            for name, move in ranked:
                if got >= need:
                    break
                chosen.append((name, move))
                got += power[name]
            if self.level == "hard" and seen.get(area, 0.0) > 0:
                chosen = self._battle_checked(campaign, area, side, chosen, ranked)
            for name, move in chosen:
                out.append(move)
                taken.add(name)
                mine_at_sea[area] += power[name]
        return out + neutral_ai.sail_out(campaign, legal, out)

    def _battle_checked(self, campaign: KnownCampaign, area: str, side: Side, chosen: list[tuple[str, Move]],
                        ranked: list[tuple[str, Move]]) -> list[tuple[str, Move]]:
        """Hard level, an area where the enemy is already at sea (R-AI-08): the force the strength rule chose is
        sent only if it holds the area in at least half of the classic battles fought on a copy; if not, the next
        strongest units that can reach the area are added one by one (concentration, at most :data:`MAX_ADDED`)
        until it does, and if even then it would lose, none is sent (no ships fed into a battle they would
        lose)."""
        names = [n for n, _ in chosen]
        if self._simulated_win(campaign, area, names, side, Mode.PATROL):
            return chosen
        extra = [(n, m) for n, m in ranked if n not in names][:MAX_ADDED]
        for count in range(1, len(extra) + 1):
            more = chosen + extra[:count]
            if self._simulated_win(campaign, area, [n for n, _ in more], side, Mode.PATROL):
                return more
        return []

    def _partner_reach(self, campaign: KnownCampaign, player: str) -> dict[str, float]:
        """R-PAC-20: per VITP area, the strength the same side's players still to decide in this step could patrol
        there (each unit counted at its strongest, fit to sail, with a port to come home to)."""
        mine = PARTNERS.get(player, frozenset())
        later = [p.value for p in campaign.deciders_after() if p.value in mine]
        out: dict[str, float] = defaultdict(float)
        for other in later:
            reach: dict[str, set[str]] = defaultdict(set)
            for order in campaign.legal_orders(other):
                if isinstance(order, Move) and order.mode == "patrol" and self._fit_to_sail(campaign, order.unit) \
                        and campaign.place_theatre(order.path[-1]) is Theatre.VITP:
                    reach[order.path[-1]].add(order.unit)
            for area, names in reach.items():
                out[area] += sum(strength(campaign.unit_record(n), campaign.state.unit(n).damage, theatre=Theatre.VITP)
                                 for n in names if can_come_home(campaign, n, area))
        return out

    def _fit_to_sail(self, campaign: KnownCampaign, name: str) -> bool:
        unit, us = campaign.unit_record(name), campaign.state.unit(name)
        if unit.defence and us.damage * 2 > unit.defence:
            return False  # repair first
        origin = campaign.place_theatre(us.place) if us.place else None
        # Japanese and US carriers in VITP strike as raiders (they see the whole deployment then)
        return not (origin is Theatre.VITP and unit.nation in ("JP", "US") and unit.type in (UnitType.CV, UnitType.CVL))

    @staticmethod
    def _best_move(campaign: KnownCampaign, options: list[Move], area: str) -> Move | None:
        """The surest move reaching ``area``: fewest areas (fewest speed rolls); none if the unit could not come
        home from there at the end of the turn (it would be lost, R-AI-06)."""
        reaching = [o for o in options if o.path[-1] == area]
        if not reaching or not can_come_home(campaign, reaching[0].unit, area):
            return None
        return min(reaching, key=lambda o: (len(o.path), o.path))

    def _raid(self, campaign: KnownCampaign, legal: list[Order]) -> list[Order]:
        moves: dict[str, list[Move]] = defaultdict(list)
        for order in legal:
            if isinstance(order, Move) and order.mode == "raid":
                moves[order.unit].append(order)
        if not moves:
            return []
        side = campaign.state.unit(next(iter(moves))).side
        enemy = campaign.enemy_of(side)
        at_sea: dict[tuple[Side, str], float] = defaultdict(float)
        for us in campaign.state.units.values():
            if us.status is UnitStatus.SEA and us.place and us.inactive_until is None:
                at_sea[(us.side, us.place)] += strength(campaign.unit_record(us.name), us.damage,
                                                        theatre=campaign.place_theatre(us.place))
        targets = sorted({o.path[-1] for opts in moves.values() for o in opts if at_sea[(enemy, o.path[-1])] > 0},
                         key=lambda a: (-self.worth(campaign, a, side) - at_sea[(enemy, a)] / 10, a))
        out: list[Order] = []
        used: set[str] = set()
        for area in targets:
            need = MARGIN * at_sea[(enemy, area)] - at_sea[(side, area)]
            best = [(n, self._best_move(campaign, opts, area)) for n, opts in moves.items() if n not in used]
            reach = [(n, o) for n, o in best if o is not None]
            power = {n: strength(campaign.unit_record(n), campaign.state.unit(n).damage, theatre=Theatre.VITP)
                     for n, _ in reach}
            if need <= 0 or sum(power.values()) < need:
                continue
            if self.level == "hard" and not self._simulated_win(campaign, area, [n for n, _ in reach], side):
                continue
            got = 0.0
            for name, move in sorted(reach, key=lambda r: (-power[r[0]], r[0])):
                if got >= need:
                    break
                out.append(move)
                used.add(name)
                got += power[name]
        return out + self._move_on(campaign, moves, used, at_sea, side)

    def _move_on(self, campaign: KnownCampaign, moves: dict[str, list[Move]], used: set[str],
                 at_sea: dict[tuple[Side, str], float], side: Side) -> list[Order]:
        """R-PAC-19: a Location Uncertain group not sent to strike leaves an area where it would lose (its side's
        strength there short of :data:`MARGIN` times the enemy's) for the most valuable area with no enemy at
        sea that it can come home from, by the fewest areas; where it would win it stays and patrols."""
        enemy = campaign.enemy_of(side)
        out: list[Order] = []
        for name in sorted(n for n in moves if n not in used and n in campaign.state.war.appeared):
            here = campaign.state.unit(name).place
            assert here is not None
            if at_sea[(side, here)] >= MARGIN * at_sea[(enemy, here)]:
                continue
            safe = [o for o in moves[name] if at_sea[(enemy, o.path[-1])] == 0
                    and can_come_home(campaign, name, o.path[-1])]
            if safe:
                out.append(min(safe, key=lambda o: (-self.worth(campaign, o.path[-1], side), len(o.path), o.path)))
        return out

    def _simulated_win(self, campaign: KnownCampaign, area: str, names: Iterable[str], side: Side,
                       mode: Mode = Mode.RAID) -> bool:
        """Hard level: fight the intended battle ``samples`` times on a copy (classic resolver, the ``names`` at
        sea in ``area`` in ``mode``) and go only if the side holds the area in at least half of them."""
        holds = campaign.simulated_holds(area, list(names), side, runs=self.samples,
                                         seed=self.seed * 1009 + campaign.state.turn, mode=mode)
        return bool(holds)

    def _air(self, campaign: KnownCampaign, orders: list[PlaceAir]) -> list[Order]:
        by_unit: dict[str, list[PlaceAir]] = defaultdict(list)
        for order in orders:
            by_unit[order.unit].append(order)
        out: list[Order] = []
        crowd: Counter[str] = Counter()
        sent: dict[str, float] = defaultdict(float)
        seen_by: dict[Side, dict[str, float]] = {}
        for name, options in sorted(by_unit.items()):
            us = campaign.state.unit(name)
            enemy_here = self._enemy_ships_at_sea(campaign, us.side)
            if us.side not in seen_by:
                seen_by[us.side] = self.enemy_at_sea(campaign, us.side)
            seen = seen_by[us.side]
            power = strength(campaign.unit_record(name), us.damage, theatre=Theatre.VITP)
            # R-AI-06/R-AI-31: an LBA is not placed where it would have no base to return to (WAS 5.7); kept
            # only if every option is such an area
            options = [o for o in options if can_come_home(campaign, name, o.area)] or options

            def score(o: PlaceAir, us: UnitState = us, enemy_here: Counter[str] = enemy_here,
                      seen: dict[str, float] = seen, power: float = power) -> tuple[float, str]:
                theatre = campaign.place_theatre(o.area)
                value = self.worth(campaign, o.area, us.side)
                if theatre is Theatre.WAS:  # War at Sea LBA strikes ships; it does not control
                    value = enemy_here[o.area] * 1.0 + 0.1 * value
                elif self._moves_last(campaign, o.area, us.side) and seen.get(o.area, 0.0) > 0:
                    # VITP LBA controls like a patroller: it goes where the enemy already at sea can be beaten
                    # (with what was sent there), not where it would only be lost (R-AI-02)
                    ours = sent[o.area] + power
                    if ours < MARGIN * seen[o.area]:
                        value *= ours / (MARGIN * seen[o.area]) * 0.5
                return value - 1.5 * crowd[o.area], o.area

            best = max(options, key=score)
            crowd[best.area] += 1
            sent[best.area] += power
            out.append(best)
        return out

    def _submarines(self, campaign: KnownCampaign, orders: list[PlaceSubmarine]) -> list[Order]:
        by_unit: dict[str, list[PlaceSubmarine]] = defaultdict(list)
        for order in orders:
            by_unit[order.unit].append(order)
        out: list[Order] = []
        crowd: Counter[str] = Counter()
        hunters: Counter[str] = Counter()
        for us in campaign.state.units.values():
            if us.status is UnitStatus.SEA and us.place and us.side is Side.ALLIED \
                    and campaign.unit_record(us.name).type.is_ship:
                hunters[us.place] += 1
        sink = len(campaign.data.constant_faces("asw-sink-faces")) / 6 if "asw-sink-faces" in campaign.data.constants \
            else 1 / 6
        vitp_taken = False
        for name, options in sorted(by_unit.items()):
            us = campaign.state.unit(name)
            enemy_ships = self._enemy_ships_at_sea(campaign, us.side)
            german = campaign.unit_record(name).nation == "DE"

            def score(o: PlaceSubmarine, german: bool = german, enemy_ships: Counter[str] = enemy_ships
                      ) -> tuple[float, str]:
                if german:
                    survive = (1 - sink) ** hunters[o.area]
                    denied = campaign.data.areas[o.area].poc.allied.value if hunters[o.area] else 0
                    return survive * (denied + 0.3 * hunters[o.area]) - crowd[o.area], o.area
                return enemy_ships[o.area] - crowd[o.area], o.area
            if vitp_taken:  # 002 §3.323: one U-Boat in VITP a turn
                options = [o for o in options if campaign.place_theatre(o.area) is not Theatre.VITP] or options
            best = max(options, key=score)
            crowd[best.area] += 1
            if campaign.unit_record(name).nation == "DE" and campaign.place_theatre(best.area) is Theatre.VITP:
                vitp_taken = True
            out.append(best)
        return out

    @staticmethod
    def _enemy_ships_at_sea(campaign: KnownCampaign, side: Side) -> Counter[str]:
        out: Counter[str] = Counter()
        for us in campaign.state.units.values():
            if us.status is UnitStatus.SEA and us.place and us.side is not side \
                    and campaign.unit_record(us.name).type.is_ship:
                out[us.place] += 1
        return out

    def _return(self, campaign: KnownCampaign, orders: list[ReturnToPort]) -> list[Order]:
        by_unit: dict[str, list[ReturnToPort]] = defaultdict(list)
        for order in orders:
            by_unit[order.unit].append(order)
        out: list[Order] = []
        pressure = self._theatre_pressure(campaign)
        for name, options in sorted(by_unit.items()):
            us = campaign.state.unit(name)
            pull = self._transfer_pull(campaign, us.side, options, pressure)

            def score(o: ReturnToPort, us: UnitState = us, pull: dict[Theatre, float] = pull
                      ) -> tuple[float, float, float, str]:
                repair = campaign.data.ports[o.port].repair if us.damage else 0
                reach = sum(self.worth(campaign, a, us.side) for a in campaign.board.touched_by(o.port))
                return pull.get(campaign.place_theatre(o.port), 0.0), repair, reach, o.port

            out.append(max(options, key=score))
        return out

    def _transfer_pull(self, campaign: KnownCampaign, side: Side, options: list[ReturnToPort],
                       pressure: dict[tuple[Side, Theatre], float]) -> dict[Theatre, float]:
        """R-AI-31: a ship that may return to a port of either game (002 §3.33) goes to the theatre that needs
        it, when that theatre's need (the enemy's lead there, :meth:`_theatre_pressure`) exceeds the other's by
        :data:`TRANSFER_GAP`; otherwise neither pulls and the port is chosen as before."""
        theatres = {campaign.place_theatre(o.port) for o in options}
        if len(theatres) < 2:
            return {}
        need = {t: pressure[(side, t)] for t in theatres}
        first, second = sorted(need, key=lambda t: -need[t])[:2]
        return {first: 1.0} if need[first] - need[second] >= TRANSFER_GAP else {}


def agents_for(levels: dict[str, str], seed: int = 0) -> dict[str, PlanningAI | BaselineAI]:
    """Agents per player from level names (``easy`` is the baseline); ``seed`` seeds the hard level's simulations
    (self-play gives the game's seed, so that a seeded game stays the same game)."""
    return {player: (BaselineAI() if level == "easy" else PlanningAI(level, seed=seed))
            for player, level in levels.items()}


