"""The campaign: one object that holds the data, the map, the state and the dice, takes the players' orders (each
verified and carried out by its rule, :mod:`strategic.rulebook`), and runs the automatic steps of each phase.

The turn's order of phases and decisions is the clock's (:mod:`strategic.clock`); this module knows what each
phase does.  Everything that changes the state goes through :meth:`Campaign.apply` (player orders, verified
first: an illegal order raises :class:`~strategic.orders.IllegalOrder` and changes nothing) or through the
clock's calls to :meth:`enter_phase` and :meth:`leave_phase`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from scenarios.errors import IllegalCombatDecision, InputError, InvalidOrder, RulesError, VasError
from scenarios.limits import covers_place, selects, violated_limits
from scenarios.loader import CampaignData
from scenarios.models import Activity, Condition, Limit, LimitKind, Owner, Player, Setup, Side, Theatre, Unit, UnitType
from scenarios.names import player_words
from strategic import basing, control, outbreak, placement, rulebook, snapshots, us_entry
from strategic.answer_needed import AnswerNeeded
from strategic.battle_names import entry_words
from strategic.bid import BadBid, check_bids, standing
from strategic.board import Board
from strategic.classic.briefs import order_brief
from strategic.classic.scripts import (
    BATTLE_ORDERERS,
    Entry,
    Question,
    decode,
    is_order_entry,
    order_entry,
)
from strategic.combat import Battle, BattleOutcome, BattleResolver, apply_outcome, find_battles
from strategic.commanders import LiveAsk, classic_by_choice
from strategic.engine_errors import BattleError
from strategic.events import (
    BattleChosen,
    BattleHandedOver,
    BattlesWaiting,
    CombatAnswered,
    CombatChanged,
    CombatDelegated,
    ControlLost,
    DiceRolled,
    OrderGiven,
    TacticalAnswered,
    TurnBegan,
)
from strategic.orders import IllegalOrder, Order
from strategic.resolvers import make_resolver
from strategic.rule_options import split_options
from strategic.state import (
    UNTIL_ATTACK,
    UNTIL_US_ENTRY,
    CampaignEvent,
    CampaignState,
    CombatQuestion,
    Event,
    Mode,
    Phase,
    UnitState,
    UnitStatus,
)
from tactical import Dice, Roll, TacticalEntry, TacticalQuestion, decode_tactical, encode_tactical

SUPPORTED_SETUPS = ("standard", "was_only", "vitp_only", "early_war")

EARLY_WAR_OPTION = "early_war_start"  # the set-up option of the 002 §5 start
PACIFIC_NATIONS = frozenset({"JP", "US", "NL", "AU"})  # at peace until Japan attacks in the early-war start


class Campaign:
    """A game in progress.  Build one with :meth:`new` or :func:`strategic.saves.load`."""

    def __init__(self, data: CampaignData, state: CampaignState, dice: Dice,
                 resolver: BattleResolver | None = None) -> None:
        self.data = data
        self.board = Board(data)
        self.state = state
        self.on_event: Callable[[Event], None] | None = None
        self.dice = dice
        self.resolver = resolver
        self.setup: Setup = data.setups[state.setup]
        self._unit_records: dict[str, Unit] = data.units
        self._limits: list[Limit] = list(data.limits.values())
        self._selecting: dict[tuple[str, Side], tuple[Unit, list[Limit]]] = {}  # _limits_selecting
        self.keep_undo = False  # the TUI turns this on; AI play does not pay for snapshots
        self._undo: list[snapshots.UndoRecord] = []
        self.loaded_version: int | None = None  # the version of the save it was loaded from (strategic.saves)
        self.classic_once: set[str] = set()  # pending battles to be fought by the classic rules (fight_classic)
        self.asked: AnswerNeeded | None = None  # the combat question waiting, with its brief (issue #15)
        self.live_ask: LiveAsk | None = None  # the command screen answering a battle as it runs (fight_live)
        self.live_answers: list[TacticalEntry] = []  # the answers it gave

    @property
    def dice(self) -> Dice:
        """The campaign's dice; each of their rolls is logged as a :class:`~strategic.events.DiceRolled` event
        where it is rolled (issue 14: the rolls are saved with the game).  Setting them hooks them to this campaign
        (``Dice.on_roll``): a ``Dice`` logs into the last campaign given it.  A battle's own dice
        (``dice.spawn(...)``) are not hooked: their rolls are in the battle's log."""
        return self._dice

    @dice.setter
    def dice(self, dice: Dice) -> None:
        self._dice = dice
        dice.on_roll = self._rolled

    def _rolled(self, roll: Roll) -> None:
        self.log(DiceRolled, roll.rule, label=roll.label, sides=roll.sides, faces=roll.faces)

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(cls, data: CampaignData, setup: str = "standard", seed: int = 1,
            resolver: BattleResolver | None = None, *, options: Iterable[str] = (),
            bid: Mapping[Theatre, float] | None = None) -> Campaign:
        """A new game of set-up ``setup`` (a name in the data) with the rule ``options`` (campaign and tactical
        names, :mod:`strategic.rule_options`) and the POC ``bid`` (:mod:`strategic.bid`, theatres the set-up
        plays; zero bids are dropped).  Raises ``ValueError`` for an unknown set-up, and
        :class:`~tactical.UnknownOption` for an unknown option or one the set-up does not play."""
        if setup not in data.setups:
            raise ValueError(f"unknown set-up '{setup}' (known: {', '.join(data.setups)})")
        campaign_options, tactical_options = split_options(options, setup)
        spec = data.setups[setup]
        wrong = check_bids({t: v for t, v in (bid or {}).items() if v}, spec.theatres)
        if wrong:
            raise BadBid(f"set-up {setup}: " + "; ".join(wrong))
        units: dict[str, UnitState] = {}
        for name, unit in data.units.items():
            places = unit.arrival.places
            if not any(_theatre_of(data, p) in spec.theatres for p in places) or not spec.plays_counter(unit):
                continue
            nation = data.nations[unit.nation]
            inactive = None
            if spec.vitp_first_turn and spec.vitp_first_turn > spec.first_turn and nation.time_track is Theatre.VITP:
                inactive = spec.vitp_first_turn  # 002 §3.21: set up, inactive until VITP starts
            units[name] = UnitState(name=name, side=nation.side, controller=nation.player,
                                    due_turn=max(unit.arrival.turn, spec.first_turn), inactive_until=inactive)
        control_map: dict[str, Side | None] = {
            a: (Side(spec.control[a]) if spec.control.get(a) in ("allied", "axis") else None)
            for a in data.areas if _theatre_of(data, a) in spec.theatres
        }
        owners = {p: spec.port_owners.get(p, port.owner) for p, port in data.ports.items()}
        state = CampaignState(setup=setup, seed=seed, turn=spec.first_turn, units=units, control=control_map,
                              port_owners=owners, poc={t: spec.axis_poc_lead.get(t, 0) for t in spec.theatres},
                              options=dict.fromkeys([*spec.options, *campaign_options], True),
                              tactical_options=tactical_options,
                              bid={t: float(v) for t, v in (bid or {}).items() if v})
        if us_entry.plays_entry(spec):
            us_entry.hold_us_ships(state, data)  # War at Sea alone: the US entry roll (R-OPS-64)
        if EARLY_WAR_OPTION in spec.options:
            state.war.frozen = sorted(n for n in units if _frozen_before_the_attack(data.units[n]))
        return cls(data, state, Dice(seed), resolver)

    # ------------------------------------------------------------------ facts about the game

    def unit_record(self, name: str) -> Unit:
        return self._unit_records[name]

    @property
    def vitp_started(self) -> bool:
        first = self.setup.vitp_first_turn
        return first is not None and self.state.turn >= first

    @property
    def early_war(self) -> bool:
        """The optional early-war start (002 §5) is being played."""
        return EARLY_WAR_OPTION in self.setup.options

    @property
    def pacific_at_war(self) -> bool:
        """Japan has attacked: in the early-war start once it announced (002 §5.71), otherwise once VITP began."""
        if self.early_war:
            return self.state.war.attack_turn is not None
        return self.vitp_started

    def war_begun_before(self, turn: int | None = None) -> bool:
        """Had the VITP war begun before ``turn`` (default: this turn)?  For the chart's 'if VITP war has already
        begun' places (002 chart notes * and **)."""
        t = self.state.turn if turn is None else turn
        start = self.state.war.attack_turn if self.early_war else self.setup.vitp_first_turn
        return start is not None and start < t

    def belligerent(self, us: UnitState) -> bool:
        """Before Japan's attack in the early-war start, Japanese, US, Dutch and Australian units neither fight
        nor may be attacked (002 §5.62; R-OPS-22)."""
        if not self.early_war or self.pacific_at_war:
            return True
        return self.unit_record(us.name).nation not in PACIFIC_NATIONS

    @property
    def surprise_done(self) -> bool:
        """The surprise step of this turn has run (:mod:`strategic.outbreak`)."""
        return self.state.war.surprise_turn == self.state.turn

    @property
    def split_first_vitp_turn(self) -> bool:
        """The first VITP turn of the standard combined start, whose War at Sea moves wait for the Location
        Uncertain roll (002 §3.232; R-OPS-20)."""
        setup = self.setup
        return (not self.early_war and setup.vitp_first_turn == self.state.turn and Theatre.WAS in setup.theatres
                and setup.first_turn < setup.vitp_first_turn)

    @property
    def early_war_plan(self) -> bool:
        """This turn follows the early-war sequence (before and on the turn of Japan's attack: 002 §5.71-5.74)."""
        attack = self.state.war.attack_turn
        return self.early_war and (attack is None or attack == self.state.turn)

    @property
    def frozen_rule(self) -> str:
        return "002 §5.53" if self.early_war else "VITP 18 (R-OPS-20)"

    def require_not_frozen(self, us: UnitState) -> None:
        """002 §5.53-5.54 (early war, before the attack) and VITP 18 (the Pearl Harbor fleet on the first VITP
        turn, R-OPS-20): some units may not move."""
        if us.name in self.state.war.frozen:
            raise IllegalOrder(self.frozen_rule, f"{us.name} may not move before the Japanese attack")

    def setup_plays(self, theatre: Theatre) -> bool:
        return theatre in self.setup.theatres

    def place_theatre(self, place: str) -> Theatre:
        theatre = self.data.place_theatre(place)
        if theatre is None:
            raise KeyError(f"unknown place '{place}'")
        return Theatre(theatre)

    def place_played(self, place: str) -> bool:
        return self.place_theatre(place) in self.setup.theatres

    def require_played(self, place: str) -> None:
        """A place of a theatre the set-up does not play is not on the board (setups.yaml ``theatres``)."""
        if not self.place_played(place):
            played = " and ".join(t.value for t in self.setup.theatres)
            raise IllegalOrder("set-up", f"{place} is not on the board of this game ({played} only)")

    def player_for(self, nation: str) -> Player:
        return self.data.nations[nation].player

    @staticmethod
    def enemy_of(side: Side) -> Side:
        return Side.AXIS if side is Side.ALLIED else Side.ALLIED

    def port_active(self, port: str, turn: int | None = None) -> bool:
        """War at Sea 2.3: some ports are active only in some turns (France: 2-6)."""
        active = self.data.ports[port].active
        t = self.state.turn if turn is None else turn
        return active.from_turn <= t <= active.until_turn

    def port_friendly(self, port: str, side: Side) -> bool:
        """A port a side may use now: its own or neutral (002 §3.422: any Allied or neutral port), and active."""
        owner = self.state.port_owners[port]
        return owner in (side.value, Owner.NEUTRAL) and self.port_active(port)

    def condition_holds(self, condition: Condition, place: str, side: Side) -> bool:
        if condition is Condition.ALWAYS:
            return True
        if condition is Condition.JAPAN_NOT_AHEAD_VITP:  # the bid counts: it is starting POC (R-AI-07)
            return standing(self.state, Theatre.VITP) <= 0
        if condition is Condition.AXIS_NOT_AHEAD_WAS:
            return standing(self.state, Theatre.WAS) <= 0
        if condition is Condition.PORT_NOT_FRIENDLY:
            return place in self.data.ports and self.state.port_owners[place] != side.value
        if condition is Condition.PORT_FRIENDLY:
            return place in self.data.ports and self.state.port_owners[place] == side.value
        if condition is Condition.PEARL_HARBOR_JAPANESE:
            return self.state.port_owners.get("Pearl Harbor") == Owner.AXIS
        raise ValueError(f"unknown condition {condition}")

    def violations(self, unit: Unit, place: str, activity: Activity, side: Side, *,
                   conditional: bool = True) -> list[Limit]:
        """The limits that forbid ``unit`` being in ``place`` now (conditions and caps evaluated).  With
        ``conditional=False`` only the limits that always hold count (for the turn-1 raider placement)."""
        theatre = self.data.place_theatre(place)
        holds = (lambda c: self.condition_holds(c, place, side)) if conditional else (lambda c: c is Condition.ALWAYS)
        selecting = self._limits_selecting(unit, side)
        broken = violated_limits(selecting, unit, place, theatre, self.state.turn, activity, holds, side,
                                 selected=True)
        if activity is Activity.BASE:
            for limit in selecting:
                if (limit.kind is LimitKind.CAP and limit.max is not None
                        and activity in limit.activity and covers_place(limit, place, theatre)):
                    based = sum(1 for u in self.state.units_at(place, status=UnitStatus.PORT)
                                if u.name != unit.name and selects(limit, self.unit_record(u.name)))
                    if based >= limit.max:
                        broken.append(limit)
        return broken

    def _limits_selecting(self, unit: Unit, side: Side) -> list[Limit]:
        """The limits that speak of ``unit`` on ``side`` (:func:`~scenarios.limits.selects`), in the data's order;
        worked out once per unit and side: the limits and the unit records never change (issue 18)."""
        key = (unit.name, side)
        known = self._selecting.get(key)
        if known is None or known[0] is not unit:
            known = (unit, [limit for limit in self._limits if selects(limit, unit, side)])
            self._selecting[key] = known
        return known[1]

    def require_allowed(self, unit: Unit, place: str, activity: Activity, *, side: Side) -> None:
        broken = self.violations(unit, place, activity, side)
        if broken:
            raise IllegalOrder(broken[0].rule.split(":")[0], f"{unit.name} may not be in {place}: "
                               + broken[0].rule.split(": ", 1)[-1])

    def can_base(self, unit: Unit, us: UnitState, port: str) -> bool:
        """May ``unit`` return to ``port`` at the end of this turn?  The port must be friendly and still active
        next turn (France, WAS 2.3: a ship returning there at the end of turn 6 is interned), and no basing
        limit may forbid it."""
        last = self.setup.last_turn
        next_turn = min(self.state.turn + 1, last)
        return (self.port_friendly(port, us.side) and (self.state.turn == last or self.port_active(port, next_turn))
                and not self.violations(unit, port, Activity.BASE, us.side))

    @staticmethod
    def require_commander(us: UnitState, player: str) -> None:
        if us.commander.value != player:
            raise IllegalOrder("002 §3", f"{us.name} takes orders from {player_words(us.commander)}, "
                                          f"not {player_words(player)}")

    @staticmethod
    def require_active(us: UnitState) -> None:
        if us.inactive_until == UNTIL_ATTACK:
            raise IllegalOrder("002 §3.21", f"{us.name} stays inactive until Japan attacks (R-OPS-22)")
        if us.inactive_until == UNTIL_US_ENTRY:
            raise IllegalOrder(us_entry.RULE, f"{us.name} stays out of the war until its entry roll succeeds")
        if us.inactive_until is not None:
            raise IllegalOrder("002 §3.21", f"{us.name} stays inactive until turn {us.inactive_until}")

    def change_combat(self, combat: str) -> None:
        """A loaded game goes on with ``combat`` (the caller sets the resolver): a change is logged where it is
        made, so that a replay changes it at the same point (R-UI-114)."""
        if combat != self.state.combat:
            self.log(CombatChanged, "R-UI-114", combat=combat, was=self.state.combat)
            self.state.combat = combat  # type: ignore[assignment]

    def log(self, kind: type[CampaignEvent], rule: str = "", **facts: Any) -> Any:
        """Record an event of type ``kind`` (:mod:`strategic.events`) with its ``facts``, now (this turn and phase),
        under ``rule``; the ``on_event`` hook sees it.  Returns the event."""
        event: Any = kind(turn=self.state.turn, phase=self.state.phase, rule=rule, **facts)
        self.state.events.append(event)
        if self.on_event is not None:
            self.on_event(event)
        return event

    # ------------------------------------------------------------------ orders

    def verify(self, player: str, order: Order) -> None:
        """Raise :class:`IllegalOrder` if ``player`` may not give ``order`` now; change nothing
        (:mod:`strategic.rulebook`)."""
        rulebook.verify(self, player, order)

    def apply(self, player: str, order: Order) -> list[Event]:
        """Verify, then carry out ``order``; returns the events it caused.  An illegal order changes nothing."""
        if self.state.winner is not None:
            raise IllegalOrder("002 §3.1", "the game is over")
        rule = rulebook.rule_for(order)
        plan = rule.verify(self, player, order)
        if self.keep_undo:
            self._undo.append(snapshots.record(self.state, self.dice.mark()))
        first = len(self.state.events)
        self.log(OrderGiven, player=player, order=order, step=self.state.step)
        rule.apply(self, plan)
        return self.state.events[first:]

    def undo(self) -> bool:
        """Take back the last order of the current decision (state and dice); ``False`` if there is none.
        Orders are recorded for undo only while :attr:`keep_undo` is on."""
        if not self._undo:
            return False
        undo = self._undo.pop()
        snapshots.restore(self.state, undo)  # in place: the clock holds this very state object
        if type(self.dice) is Dice:
            self.dice.rewind(undo.dice)  # the rolls of the order are taken back; the earlier ones stay in the log
        return True

    @contextmanager
    def without_undo(self) -> Iterator[None]:
        """Orders given inside keep no undo records (an AI player's: its decision ends at once, issue 18)."""
        keep, self.keep_undo = self.keep_undo, False
        try:
            yield
        finally:
            self.keep_undo = keep

    def commit_decision(self) -> None:
        """The decision is over: its orders can no longer be taken back."""
        self._undo.clear()

    def legal_orders(self, player: str) -> list[Order]:
        """Every legal order for ``player`` in the current phase (loans excluded: they are always possible)."""
        return rulebook.legal_orders(self, player)

    def any_legal_order(self, player: str) -> bool:
        """Whether ``player`` has any legal order now (:meth:`legal_orders` is not empty), found by stopping at the
        first."""
        return rulebook.any_legal_order(self, player)

    # ------------------------------------------------------------------ automatic steps of the phases

    def enter_phase(self, phase: Phase) -> None:
        state = self.state
        state.phase = phase
        if phase is Phase.START:
            self.log(TurnBegan, "002 §3.2")
            state.air_attacked = []
            if state.turn > self.setup.first_turn:
                outbreak.record_based_at_start(self)
            basing.intern_in_closed_ports(self)
            placement.start_of_turn_arrivals(self)
            us_entry.entry_rolls(self)
            if state.turn == self.setup.vitp_first_turn:
                placement.start_vitp(self)
                outbreak.start_of_turn(self)
            if state.turn == self.data.constant("italian-side-change-turn") and self.setup_plays(Theatre.WAS):
                placement.italy_changes_sides(self)
            if len(self.setup.theatres) == 2:
                placement.forced_moves(self)
        elif phase is Phase.REPAIR:
            basing.repair(self)
        elif phase is Phase.RAID:
            if not self.surprise_done:
                self._indonesia_patrol_check()
        elif phase is Phase.COMBAT:
            self._fight()
        elif phase is Phase.CONTROL:
            control.settle_control_and_poc(self)
            control.isolate_ports(self)

    def run_hook(self, hook: str) -> None:
        """A step of the turn plan that is not a phase of its own (:mod:`strategic.clock`): ``surprise`` runs the
        surprise attacks, ``after_surprise`` what follows them (:mod:`strategic.outbreak`)."""
        if hook == "surprise":
            outbreak.surprise_step(self)
        elif hook == "after_surprise":
            outbreak.after_surprise(self)
        else:
            raise ValueError(f"unknown turn hook '{hook}'")

    def leave_phase(self, phase: Phase) -> None:
        state = self.state
        if phase is Phase.REINFORCE:
            for us in state.units.values():
                if us.status is UnitStatus.AWAITING and us.due_turn == state.turn:
                    places = placement.legal_arrival_places(self, self.unit_record(us.name), us)
                    if places and not placement.is_u_boat(self.unit_record(us.name)):
                        placement.place_unit(self, us, places[0], arriving=True)
            placement.lose_surplus_u_boats(self)
            if state.turn == self.setup.first_turn:
                outbreak.record_based_at_start(self)  # the set-up counts as based at the start (R-OPS-25)
        elif phase is Phase.RETURN:
            for us in state.units.values():
                if us.status is not UnitStatus.SEA or us.inactive_until is not None:
                    continue
                if self.unit_record(us.name).type is UnitType.SS:
                    us.status, us.place, us.mode = UnitStatus.PORT, None, None  # back to the reserve (R-OPS-04)
                else:
                    basing.default_return(self, us)
        elif phase is Phase.END:
            outbreak.end_of_turn(self)
            control.check_victory(self, final=state.turn >= self.setup.last_turn)
            for us in state.units.values():
                us.moved = us.returned_early = us.disabled = False
                us.sailed_from = None

    def _indonesia_patrol_check(self) -> None:
        """002 §3.231: on the first VITP turn, unless two British battleships (3-3-6 or better) patrol Indonesia
        when the Japanese raiders start to move, Allied control of Indonesia is removed."""
        if self.state.turn != self.setup.vitp_first_turn or "Indonesia" not in self.state.control:
            return
        if self.setup.vitp_first_turn == self.setup.first_turn or not self.setup_plays(Theatre.WAS):
            return
        guards = [us.name for us in self.state.units_at("Indonesia", status=UnitStatus.SEA)
                  if us.mode is Mode.PATROL and _battleship_336(self.unit_record(us.name))]
        if len(guards) < 2 and self.state.control.get("Indonesia") is Side.ALLIED:
            self.state.control["Indonesia"] = None
            self.log(ControlLost, "002 §3.231", area="Indonesia", guards=guards)

    def _fight(self) -> None:
        """Find the battles; the Axis orders the War at Sea ones and Japan the VITP ones (WAS 5.6, case W-03;
        VITP 4.1) when the resolver lets them choose (``order_battles``); in the early-war start the Hawaiian
        Islands come first on the turn of the attack (002 §5.75)."""
        self.state.fought_battles = []
        self.state.pending_battles = self._ordered([b.area for b in find_battles(self)])
        self._ask_order(self.state.pending_battles)
        self.resolve_pending()

    def _ordered(self, areas: list[str]) -> list[str]:
        order = getattr(self.resolver, "order_battles", None)
        return outbreak.battle_order(self, list(order(self, areas)) if order and areas else areas)

    # ------------------------------------------------------------------ the battle order asked of a player

    def _ask_order(self, batch: list[str]) -> bool:
        """Ask the battle order of the areas ``batch`` just added to the pending battles (in the AI's order) of a
        player who commands his own battles (issue #15): the Axis orders the War at Sea ones (WAS 5.6, case W-03),
        Japan the VITP ones (VITP 4.1), each when at least two may be ordered (an area fought first whatever the
        order, 002 §5.75, is left out).  The question of the first theatre that needs one is set (the game is
        blocked on it until :meth:`answer_combat`); the other theatre's areas of the batch wait in its options
        (``later``).  Returns whether a question was set.  Only a resolver that lets the Axis order the battles
        (``order_battles``) asks."""
        state = self.state
        if getattr(self.resolver, "order_battles", None) is None:
            return False
        for index, (theatre, player, _rule) in enumerate(BATTLE_ORDERERS):
            mine = [a for a in batch if self.data.areas[a].theatre is theatre and a in state.pending_battles]
            first = outbreak.fought_first(self, mine)
            free = [a for a in mine if a not in first]
            if (len(free) < 2 or player not in state.battle_commanders
                    or state.delegated_turn.get(player) == state.turn):
                continue
            later = [a for a in batch if self.data.areas[a].theatre in {t for t, _, _ in BATTLE_ORDERERS[index + 1:]}]
            question = Question("order_battles", theatre.value, Side.AXIS.value, 0, "order",
                                {"areas": free, "later": later})
            state.question = CombatQuestion(battle=order_entry(theatre), player=player, question=question.to_json())
            self.asked = None
            self._order_asked()
            return True
        return False

    def _order_asked(self) -> bool:
        """If the question waiting is a battle order, make sure :attr:`asked` holds it with its brief (it is not
        saved: rebuilt after a load) and return ``True``."""
        asked = self.state.question
        if asked is None or not is_order_entry(asked.battle):
            return False
        if self.asked is None:
            question = Question.from_json(asked.question, "question")
            theatre = Theatre(question.area)
            rule = next(r for t, _, r in BATTLE_ORDERERS if t is theatre)
            areas = list(question.options["areas"])
            order = getattr(self.resolver, "order_battles", None)
            suggestion = list(order(self, areas)) if order is not None else areas
            battles = find_battles(self)
            first = outbreak.fought_first(self, [a for a in self.state.pending_battles
                                                 if a in self.data.areas and self.data.areas[a].theatre is theatre])
            self.asked = AnswerNeeded(question, asked.player.value,
                                      order_brief(self, theatre, rule, areas, suggestion, battles, first))
        return True

    def _answer_order(self, asked: CombatQuestion, answer: object) -> None:
        """The battle order answered (:meth:`answer_combat`): the areas asked about take, in the pending battles,
        the places they held, in the order given; then the next theatre's order is asked if it must be."""
        question = Question.from_json(asked.question, "question")
        order = decode("order_battles", answer, "answer")
        areas = list(question.options["areas"])
        rule = next(r for t, _, r in BATTLE_ORDERERS if t.value == question.area)
        if sorted(order) != sorted(areas):
            raise IllegalCombatDecision(rule, f"the battle order lists each of {', '.join(areas)} once "
                                              f"(given: {', '.join(order) or 'none'})")
        pending = self.state.pending_battles
        places = [i for i, entry in enumerate(pending) if entry in areas]
        for place, area in zip(places, order, strict=True):
            pending[place] = area
        self._order_settled(asked, question)

    def _order_settled(self, asked: CombatQuestion, question: Question) -> None:
        self.state.question, self.asked = None, None
        self._ask_order(list(question.options.get("later", [])))

    def resolve_pending(self) -> None:
        """Resolve the pending battles with the configured resolver (002 §4.1: each theatre's own combat), in
        the order listed; without a resolver they stay pending and the turn cannot complete.

        After each battle the battles are found again (R-CMB-14): a unit sent home early may land in a port
        touching an area not yet fought, where enemy air may now raid it (VITP 4.6 [S]); an area is fought once.
        """
        state = self.state
        if not state.pending_battles or self._order_asked():
            return  # (the battle order waits for a player's answer: answer_combat)
        if self.resolver is None:
            self.log(BattlesWaiting, "002 §4.1", areas=list(state.pending_battles))
            return
        surprise = False
        while state.pending_battles:
            entry = state.pending_battles[0]
            battle = self._battle_for(entry)
            if battle is not None:
                try:
                    outcome = self._resolve(entry, battle)
                except AnswerNeeded:
                    return  # the battle waits for a human player's answer (issue #15): see answer_combat
                apply_outcome(self, outcome)
            state.pending_battles.pop(0)
            state.combat_answers.pop(entry, None)
            if entry in state.delegated_battles:
                state.delegated_battles.remove(entry)
            state.delegated_ships.pop(entry, None)
            state.delegated_table_turns.pop(entry, None)
            state.delegated_table_battles.pop(entry, None)
            if entry in state.classic_battles:
                state.classic_battles.remove(entry)
            if entry.startswith(outbreak.SURPRISE_PREFIX):
                surprise = True
                continue
            state.fought_battles.append(entry)
            fresh = [b.area for b in find_battles(self)
                     if b.area not in state.fought_battles and b.area not in state.pending_battles]
            if fresh:
                added = self._ordered(fresh)
                state.pending_battles += added
                if self._ask_order(added):
                    return
        if surprise:
            outbreak.after_strikes(self)

    def _resolve(self, entry: str, battle: Battle) -> BattleOutcome:
        """The outcome of one battle.  A resolver that raises leaves nothing behind: the battle's events and dice
        rolls are taken back and :class:`~strategic.engine_errors.BattleError` names the turn, phase, area and
        rule (issue 13 item 1); the battle stays first among the pending ones.  A battle the player chose to
        have fought by the classic rules after such an error (:meth:`fight_classic`) is fought so, once."""
        resolver: BattleResolver = self.resolver  # type: ignore[assignment]
        if entry in self.classic_once:
            self.classic_once.discard(entry)
            resolver = make_resolver("classic")  # type: ignore[assignment]
            self.log(BattleHandedOver, "002 §4.1", area=battle.area, battle=battle.kind, how="after_error")
        elif entry in self.state.classic_battles or classic_by_choice(self, battle):  # as its commander chose
            resolver = make_resolver("classic")  # type: ignore[assignment]
            if not any(isinstance(e, BattleHandedOver) and e.how == "chosen" and e.area == battle.area
                       and e.turn == self.state.turn for e in self.state.events):
                self.log(BattleHandedOver, "002 §4.1", area=battle.area, battle=battle.kind, how="chosen")
        events, dice = len(self.state.events), self.dice.mark()
        self.state.question, self.asked = None, None  # asked again, if still to be asked, as it is fought again
        try:
            return resolver.resolve(self, battle)
        except AnswerNeeded as needed:  # not an error: taken back, fought again from its start once answered
            del self.state.events[events:]
            self.dice.rewind(dice)
            self.state.question = CombatQuestion(
                battle=entry, player=Player(needed.player), question=needed.question.to_json(),
                engine="tactical" if isinstance(needed.question, TacticalQuestion) else "classic")
            self.asked = needed  # with its brief, for the screen that asks it (not saved: rebuilt by fighting)
            raise
        except Exception as exc:
            del self.state.events[events:]
            self.dice.rewind(dice)
            raise BattleError(self.state.turn, self.state.phase.value, exc, area=battle.area,
                              battle=battle.kind) from exc

    def fight_classic(self, area: str) -> None:
        """Have the pending battle in ``area`` fought by the classic War at Sea / VITP rules when the game goes on
        (after a :class:`~strategic.engine_errors.BattleError` there); the other battles keep the resolver."""
        entry = next((e for e in self.state.pending_battles
                      if e == area or e == f"{outbreak.SURPRISE_PREFIX}{area}"), None)  # a surprise attack's entry
        if entry is None:
            raise ValueError(f"no battle is pending in {area}")
        self.classic_once.add(entry)

    def choose_battle(self, how: str, *, for_the_rest: bool = False) -> None:
        """The player asked about a battle chooses how it is fought (issues #15, #16): ``command`` (he answers its
        questions), ``ai`` (the AI commands his side: his answers so far stand) or ``classic`` (a battle on the
        table fought by the classic rules instead, 002 §4.1: the answers on the table are dropped, and he makes its
        classic decisions); with ``for_the_rest`` every battle he commands from now on is fought so (the AI's and
        the classic rules' choices apply as each battle begins, :func:`strategic.commanders.commands_battles`).
        ``Clock.retry`` fights on."""
        asked = self.state.question
        if asked is None or is_order_entry(asked.battle):
            raise ValueError("no battle is waiting for its commander's answer")
        if how not in ("command", "ai", "classic") or (how == "classic" and not self.on_table(asked.battle)):
            raise ValueError(f"a battle is commanded, left to the AI or (on the table) fought classic, not {how!r}")
        self.log(BattleChosen, "002 §4.1", battle=asked.battle, player=asked.player.value, how=how,
                 for_the_rest=for_the_rest)
        if for_the_rest:
            self.state.battle_choices[asked.player] = how  # type: ignore[assignment]
        if how == "ai":
            self.state.delegated_battles.append(asked.battle)
        elif how == "classic":
            self.state.combat_answers.pop(asked.battle, None)
            self.state.classic_battles.append(asked.battle)
        if how != "command":
            self.state.question, self.asked = None, None

    def on_table(self, entry: str) -> bool:
        """Whether the pending battle ``entry`` is fought on the Victory at Sea table (by the tactical resolver, not
        handed to the classic rules by its commander), whatever its question now: a classic step of a battle on
        the table (run or fight, landings, retreat ports: R-UI-70) is asked as a classic question."""
        if getattr(self.resolver, "name", None) != "tactical" or entry in self.state.classic_battles:
            return False
        battle = self._battle_for(entry)
        return battle is not None and not classic_by_choice(self, battle)

    def battle_waiting(self) -> Battle | None:
        """The battle whose question waits for a player's answer (its kind: battle, air raid...), or ``None``."""
        asked = self.state.question
        return self._battle_for(asked.battle) if asked is not None and not is_order_entry(asked.battle) else None

    def _battle_for(self, entry: str) -> Battle | None:
        if entry.startswith(outbreak.SURPRISE_PREFIX):
            return outbreak.surprise_battle(self, entry)
        battle = next((b for b in find_battles(self) if b.area == entry), None)
        return outbreak.adjust_battle(self, battle) if battle is not None else None

    def answer_combat(self, answer: object) -> None:
        """Answer the combat question waiting for a human player (:attr:`CampaignState.question`, issues #15,
        #16); the battle is then fought again from its start with every answer given so far, up to the next
        question or its end (``Clock.retry``).  The answer is tried first: one of the wrong shape raises a
        :class:`~scenarios.errors.InputError` (a script error), one the rules forbid a
        :class:`~scenarios.errors.RulesError` naming the rule; either way nothing changes."""
        asked = self.state.question
        if asked is None:
            raise ValueError("no combat question is waiting for an answer")
        if is_order_entry(asked.battle):  # the battle order (WAS 5.6, VITP 4.1): nothing to fight again
            self._answer_order(asked, answer)
            self.log(CombatAnswered, "002 §4.1", battle=asked.battle, player=asked.player.value,
                     question=asked.question, answer=answer)
            return
        if asked.engine == "tactical":
            question = TacticalQuestion.from_json(asked.question, "question")
            plain_answer = encode_tactical(question.question, decode_tactical(question.question, answer, "answer"))
            self.answer_tactical([TacticalEntry(question, plain_answer)])
            return
        classic = Question.from_json(asked.question, "question")
        decode(classic.decision, answer, "answer")  # the shape, before anything is fought
        self._add_answers(asked, [Entry(classic, answer).to_json()])
        self.log(CombatAnswered, "002 §4.1", battle=asked.battle, player=asked.player.value,
                 question=asked.question, answer=answer)

    def answer_tactical(self, entries: list[TacticalEntry]) -> None:
        """Give the pending battle waiting for a human player the answers ``entries`` (questions of the table,
        in the order asked, of either side: those a live battle gave, :meth:`fight_live`), tried as
        :meth:`answer_combat` tries one (issue #16)."""
        asked = self.state.question
        if asked is None:
            raise ValueError("no combat question is waiting for an answer")
        answers = [e.to_json() for e in entries]
        self._add_answers(asked, answers)
        self.log(TacticalAnswered, "000; 002 §4.1", battle=asked.battle, player=asked.player.value, answers=answers)

    def _add_answers(self, asked: CombatQuestion, answers: list[dict[str, Any]]) -> None:
        """Add ``answers`` to the battle waiting for them, fight it again with them and take it back: if it
        raises (an answer refused), nothing changes."""
        given = self.state.combat_answers.setdefault(asked.battle, [])
        given += answers
        self.state.question, asked_before, self.asked = None, self.asked, None
        try:
            self._try_battle_answered(asked.battle)
        except BaseException:
            del given[len(given) - len(answers):]
            if not given:
                del self.state.combat_answers[asked.battle]
            self.state.question, self.asked = asked, asked_before
            raise

    def _try_battle_answered(self, entry: str) -> None:
        """:meth:`_try_battle` with answers just given: an answer the engine cannot use at all (a name it does not
        know, where the rules checked no name) is refused as unreadable, never a crash."""
        try:
            self._try_battle(entry)
        except VasError:
            raise
        except Exception as exc:
            raise InvalidOrder(f"{entry_words(entry)} cannot use the answer given ({type(exc).__name__}: {exc})") \
                from exc

    def fight_live(self, ask: LiveAsk) -> list[TacticalEntry]:
        """Fight the battle waiting for a human player's answer on the table, ``ask`` answering every question
        of the sides whose players command it as the battle runs (the TUI's command screen, issue #16), and take
        it back; returns the answers given, for :meth:`answer_tactical` (the battle is then resolved with them,
        by the same dice: the same battle).  ``ask`` may raise :class:`~strategic.classic.scripts.AnswerNeeded`
        to stop (the player saves or quits in mid-battle): the answers given until then are returned."""
        asked = self.state.question
        if asked is None or asked.engine != "tactical":
            raise ValueError("no battle on the table is waiting for an answer")
        self.live_ask, self.live_answers = ask, []
        try:
            self._try_battle(asked.battle)
        finally:
            self.live_ask = None
        return self.live_answers

    def delegate_battle(self, *, whole_turn: bool = False) -> None:
        """The player asked lets the AI command the rest of the battle he is asked about (issue #15), or with
        ``whole_turn`` every battle of his left this turn: his answers so far stand, the AI gives the others
        (``Clock.retry`` fights it on)."""
        asked = self.state.question
        if asked is None:
            raise ValueError("no combat question is waiting for an answer")
        if whole_turn:
            self.state.delegated_turn[asked.player] = self.state.turn
        if is_order_entry(asked.battle):  # the AI's order stands (the pending battles are already in it)
            self.log(CombatDelegated, "002 §4.1", battle=asked.battle, player=asked.player.value,
                     whole_turn=whole_turn)
            self._order_settled(asked, Question.from_json(asked.question, "question"))
            return
        self.state.delegated_battles.append(asked.battle)
        self.state.question, self.asked = None, None
        self.log(CombatDelegated, "002 §4.1", battle=asked.battle, player=asked.player.value, whole_turn=whole_turn)

    def refused_answers(self, entry: str) -> str | None:
        """Why the answers given in the pending battle ``entry`` do not stand (a save's, checked on load): the
        battle is fought again from its start with them, by the tactical engine if they are answers on the table
        (issue #16), else by the classic rules, and taken back; ``None`` if they stand."""
        on_table = any("question" in a["question"] for a in self.state.combat_answers.get(entry, []))
        try:
            self._try_battle(entry, make_resolver("tactical" if on_table else "classic"))
        except (RulesError, InputError) as exc:
            return str(exc)
        return None

    def _try_battle(self, entry: str, resolver: BattleResolver | None = None) -> None:
        """Fight the pending battle ``entry`` (by ``resolver``, else the game's) and take it back (a resolver
        changes only the events and the dice, as in :meth:`_resolve`): it raises if an answer given to it is
        illegal."""
        battle = self._battle_for(entry)
        if resolver is None:
            classic = entry in self.state.classic_battles or (battle is not None and classic_by_choice(self, battle))
            resolver = make_resolver("classic") if classic else self.resolver
        if battle is None or resolver is None:
            return
        events, dice = len(self.state.events), self.dice.mark()
        try:
            resolver.resolve(self, battle)
        except AnswerNeeded:
            pass
        finally:
            del self.state.events[events:]
            self.dice.rewind(dice)

    @property
    def blocked(self) -> str | None:
        """Why the game cannot go on (unresolved battles), or ``None``."""
        if self.state.question is not None:
            asked = self.state.question
            if is_order_entry(asked.battle):
                what = Question.from_json(asked.question, "question").describe()
                return f"{what} waits for an answer from {player_words(asked.player)}"
            what = (TacticalQuestion if asked.engine == "tactical" else Question).from_json(
                asked.question, "question").describe()
            return f"{entry_words(asked.battle)} waits for an answer from {player_words(asked.player)}: {what}"
        if self.state.pending_battles:
            why = "no combat resolver is configured" if self.resolver is None else "not yet resolved"
            return (f"battles pending in {', '.join(self.state.pending_battles)}: {why} "
                    "(continue with a combat resolver, e.g. vas run --load FILE --combat classic)")
        return None


INDONESIA_GUARD = (3, 3, 6)
"""002 §3.231: the least counter (gunnery, defence, speed) of a battleship that guards Indonesia."""


def _battleship_336(unit: Unit) -> bool:
    """A British battleship of 3-3-6 or better (002 §3.231); battlecruisers count (R-EU-02).  "Better" compares
    whole counters: no factor below the 3-3-6 counter's, so the fast 4-5-6 and 4-4-7 count and the slow 5-5-3,
    4-4-4 and 4-4-3 do not (R-OPS-61)."""
    factors = (unit.gunnery or 0, unit.defence or 0, unit.speed or 0)
    return (unit.nation == "UK" and unit.type in (UnitType.BB, UnitType.BC)
            and all(have >= least for have, least in zip(factors, INDONESIA_GUARD, strict=True)))


def _frozen_before_the_attack(unit: Unit) -> bool:
    """002 §5.531-5.533: the US units listed as starting in Pearl Harbor (start letter P), the Houston in the
    Philippines (letter M) and the Japanese I-Boat may not move until Japan attacks."""
    letter = unit.vitp_start.letter if unit.vitp_start else None
    return (unit.nation == "US" and letter in ("P", "M")) or (unit.nation == "JP" and unit.type is UnitType.SS)


def _theatre_of(data: CampaignData, place: str) -> Theatre | None:
    theatre = data.place_theatre(place)
    return Theatre(theatre) if theatre else None
