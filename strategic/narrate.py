"""The campaign's events in words: the one place that turns an event (:mod:`strategic.events`) into its sentence.

``vas run``'s turn report, its ``--log``, the TUI's log pane and old saves' conversion all read their text here
(:func:`describe`; :func:`log_line` adds the turn, phase and rule).  The wording is the one the log has always had.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from scenarios.names import spoken_name
from strategic.battle_names import battle_name, entry_words, fought_name
from strategic.classic.scripts import Question, answer_text
from strategic.convoys import destination
from strategic.events import (
    CLASSIC_RE,
    AirPlaced,
    AttackAnnounced,
    AutomaticVictory,
    BattleChosen,
    BattleFought,
    BattleHandedOver,
    BattleNote,
    BattlesWaiting,
    CampaignEvent,
    CaribbeanRoll,
    CombatAnswered,
    CombatChanged,
    CombatDelegated,
    CombatNoted,
    ControlLost,
    ConvoyArrived,
    DiceRolled,
    Force,
    ForcedMove,
    KeptInReserve,
    LeftOut,
    LoanChanged,
    LocationRoll,
    MoveCutShort,
    NeutralPortStay,
    NoSurprise,
    Noted,
    OilRoll,
    OrderGiven,
    OrderRefused,
    PearlForceDecided,
    PocScored,
    PortCaptured,
    PortIsolated,
    Repaired,
    SideChange,
    SpeedRoll,
    SubmarinePlaced,
    SurfaceRaiderPlaced,
    TacticalAnswered,
    TurnBegan,
    UnitArrived,
    UnitDisabled,
    UnitEliminated,
    UnitEscaped,
    UnitFrozen,
    UnitLanded,
    UnitLost,
    UnitMoved,
    UnitRemoved,
    UnitReturned,
    UnitSunk,
    UsEntryRoll,
    Victory,
)

Naming = Callable[[str], str]
"""How a player or a side is written in a sentence (:func:`scenarios.names.spoken_name`)."""


def log_line(event: CampaignEvent) -> str:
    """``T3 patrol    <text>  [rule]``: one line of the event log."""
    return f"T{event.turn} {event.phase.value:9} {describe(event)}" + (f"  [{event.rule}]" if event.rule else "")


def transcript(events: Iterable[CampaignEvent]) -> str:
    """Every event's log line, one a line (the golden transcript of tests/golden/ is one)."""
    return "".join(f"{log_line(e)}\n" for e in events)


def describe(event: CampaignEvent) -> str:
    """The sentence of ``event``.  Players and sides are named as the players say them (``Germany-Italy``,
    ``Allies``; never the data's ``germany_italy``, ``allied``: R-UI-50, R-UI-51), wherever the sentence is read: the
    app's log, ``vas run``, a remote player's events, a replay's difference, the golden transcripts.  Only an order
    keeps its JSON as given (``T1 reinforce japan: {...}``), since orders are written with the data's ids."""
    for kind, named in _NAMED_WORDS:
        if isinstance(event, kind):
            return named(event, spoken_name)  # type: ignore[operator]
    for kinds, words in _WORDS:
        if isinstance(event, kinds):
            return words(event)  # type: ignore[operator]
    raise TypeError(f"no words for the event {type(event).__name__}")


def describe_given(events: Iterable[CampaignEvent]) -> list[str]:
    """The sentences of orders given in one step (a stack sent to one area): the units that moved the same way are
    told once, ``Nagato, Mutsu and Ise patrol Yokosuka Navy Yard -> Japanese Islands``, where the first one's place
    in the account was (R-UI-108); every other event is told as :func:`describe` tells it."""
    lines: list[str | list[UnitMoved]] = []
    ways: dict[tuple[str, tuple[str, ...], str], list[UnitMoved]] = {}
    for event in events:
        if isinstance(event, UnitMoved) and event.how == "move":
            key = (event.origin, tuple(event.path), event.mode)
            if key not in ways:
                ways[key] = []
                lines.append(ways[key])
            ways[key].append(event)
        else:
            lines.append(describe(event))
    return [line if isinstance(line, str) else _moved_together(line) for line in lines]


def _moved_together(moves: list[UnitMoved]) -> str:
    if len(moves) == 1:
        return describe(moves[0])
    first = moves[0]
    names = ", ".join(m.unit for m in moves[:-1]) + f" and {moves[-1].unit}"
    return f"{names} {MOVE_VERBS[first.mode][1]} {first.origin} -> {' -> '.join(first.path)}"


MOVE_VERBS = {"patrol": ("patrols", "patrol"), "raid": ("raids", "raid"),
              "landing": ("makes a landing move", "make a landing move")}
"""A move's verb by its mode, for one unit and for several (R-UI-129: "Yokosuka NLF landings ...")."""


def battle_result(events: Iterable[CampaignEvent], turn: int, area: str) -> str:
    """What became of the units in the last battle in ``area`` on ``turn``, in a line (sunk, eliminated,
    disabled): the losses logged after its start (a tactical battle's event, a classic battle's opening note) until
    the next battle's, those in port (which name the port) included; an area may see two battles in a turn (the
    surprise attack, then the battle: issue #16)."""
    fates: dict[str, list[str]] = {"sunk": [], "eliminated": [], "disabled": []}
    mine, name = False, battle_name("battle", area)
    ports: list[str] = []
    classic: str | None = None  # the kind of a classic battle, named once its losses give its ports
    for e in events:
        if e.turn != turn:
            continue
        opening = CLASSIC_RE.match(e.note) if isinstance(e, CombatNoted) else None
        if isinstance(e, BattleFought | BattleHandedOver | CombatNoted) and (opening or not isinstance(e, CombatNoted)):
            mine = e.area == area
            if mine:
                fates, ports = {kind: [] for kind in fates}, []
                classic = opening.group(2) if opening else None
                name = (fought_name(e) if isinstance(e, BattleFought) else  # the battle's one name (R-SUM-11)
                        battle_name(e.battle, area) if isinstance(e, BattleHandedOver) else name)
        elif mine and isinstance(e, UnitSunk | UnitEliminated | UnitDisabled):
            fates[e.kind].append(e.unit)
            if classic is not None and e.place and e.place != area and e.place not in ports:
                ports.append(e.place)  # struck in port: the classic battle's name gives the port (R-SUM-11)
    if classic is not None:
        name = battle_name(classic, area, ports, classic=True)
    told = "; ".join(f"{kind} {', '.join(names)}" for kind, names in fates.items() if names)
    return f"{name} is over: {told or 'no unit sunk, eliminated or disabled'}."


def lead(value: float) -> str:
    """A POC track position in words: ``level``, ``Axis +3``, ``Allies +2``, ``Allies +1.5`` (with a bid)."""
    return "level" if value == 0 else f"Axis +{value:g}" if value > 0 else f"Allies +{-value:g}"


def _turn(e: TurnBegan) -> str:
    return f"turn {e.turn} begins"


def _order(e: OrderGiven) -> str:
    return f"{e.player}: {e.order.model_dump_json(exclude={'kind'})}"


def _refused(e: OrderRefused, name: Naming) -> str:
    return f"{name(e.player)}: {e.rule}: {e.message}"


def _dice(e: DiceRolled) -> str:
    count = "d" if len(e.faces) == 1 else f"{len(e.faces)}d"
    return f"{e.label}: {count}{e.sides} -> " + ", ".join(map(str, e.faces))


def _loan(e: LoanChanged, name: Naming) -> str:
    return f"{e.unit} lent to {name(e.to)}" if e.to else f"{e.unit} recalled by {name(e.player)}"


def _arrival(e: UnitArrived) -> str:
    where = {"port": e.place, "sea": f"at sea in {e.place}", "reserve": "the submarine reserve"}[e.at]
    return f"{e.unit} arrives: {where}"


def _removal(e: UnitRemoved) -> str:
    why = {"used": "is used and removed from play", "withdrawn": "withdrawn from play",
           "substitute": f"withdrawn in place of {e.instead_of}, already gone",
           "interned": f"is interned: {e.port} is no longer an active port",
           "full_strength": "is not taken: the U-Boat fleet is at full strength and it was not saved"}[e.why]
    return f"{e.unit} {why}"


def _lost(e: UnitLost) -> str:
    if e.places is None:
        return f"{e.unit} has no port to return to and is lost"
    return f"{e.unit} cannot arrive: no friendly place among {e.places}"


def _forced(e: ForcedMove) -> str:
    if e.leaves.value == "WAS":
        return f"{e.unit} must leave War at Sea: raiding in the Bay of Bengal"
    return f"{e.unit} must leave VITP: at sea in the Cape of Good Hope"


def _side_change(e: SideChange) -> str:
    return f"{e.unit} rolls {e.face}: " + ("joins the Allies" if e.joins else "stays with the Axis")


def _moved(e: UnitMoved) -> str:
    if e.how == "pearl_force":
        return f"{e.unit} joins the Pearl Harbor special force in the {e.path[-1]}"
    if e.how == "sortie":
        return f"{e.unit} puts to sea from {e.origin}"
    if e.how == "onward":
        return f"{e.unit} moves on from the {e.origin} as a raider: {' -> '.join(e.path)}"
    if e.how == "convoy":  # a convoy sails its route; it does not patrol (R-OPS-40)
        bound = destination(e.path[-1])
        return f"{e.unit} sails {e.origin} -> {' -> '.join(e.path)}" + (f", bound for {bound}" if bound else "")
    return f"{e.unit} {MOVE_VERBS[e.mode][0]} {e.origin} -> {' -> '.join(e.path)}"


def _cut_short(e: MoveCutShort) -> str:
    return {"stays": f"{e.unit} stays in {e.place}", "raider": f"{e.unit} enters {e.place} as a raider",
            "returns": f"{e.unit} returns to {e.place}"}[e.outcome]


def _speed(e: SpeedRoll) -> str:
    """R-UI-129 (play-test): ``(4 vs speed 4)`` read as if the roll had met its mark; the roll must be below the
    speed (WAS 3.1, VITP 6.2), and in VITP some faces always fail (R-OPS-01)."""
    if e.success:
        return f"{e.unit} makes its speed roll ({e.face}, below speed {e.speed})"
    why = "not below" if e.face >= e.speed else "a face that always fails,"
    return f"{e.unit} fails its speed roll ({e.face}, {why} speed {e.speed})"


def _no_surprise(e: NoSurprise) -> str:
    if not e.target:
        return "no surprise attack this turn"
    what = f"raid on {e.target}" if e.raid else f"attack in {e.target}"
    return f"no surprise {what}: Japan had units based in {e.base} ({', '.join(e.units)})"


def _control(e: ControlLost) -> str:
    if e.guards is not None:
        return f"Allied control of {e.area} removed: fewer than two British battleships patrol it"
    return f"Allied control of {e.area} is lost: no Allied unit there"


def _handed_over(e: BattleHandedOver) -> str:
    if e.how == "after_error":
        return (f"{e.battle.capitalize()} in {e.area} is fought by the classic rules after an engine error "
                "(the player's choice)")
    if e.how == "chosen":
        return f"{e.battle.capitalize()} in {e.area} is fought by the classic rules, as its commander chose"
    if e.how == "unfought":
        return f"No tactical battle in {e.area}: {e.why}; nothing is fought"
    return f"{e.battle.capitalize()} in {e.area} fought by the {e.fallback} rules: {e.why}"


CHOSEN = {"command": "commands {battle}", "ai": "lets the AI command his side in {battle}",
          "classic": "has {battle} fought by the classic rules"}


def _chosen(e: BattleChosen, name: Naming) -> str:
    rest = ", and every battle he commands from now on" if e.for_the_rest else ""
    return f"{name(e.player)} {CHOSEN[e.how].format(battle=entry_words(e.battle))}{rest}"


def force_words(force: Force) -> str:
    """``Allies 3 ships, 8 Flights, 1 submarine``: one side of a tactical battle."""
    counts = [(force.ships, "ship"), (force.flights, "Flight"), (force.submarines, "submarine"),
              (force.aa, "AA emplacement")]
    words = [f"{n} {what}{'s' if n != 1 else ''}" for n, what in counts if n]
    return f"{force.name} {', '.join(words) or 'nothing'}"


def _tactical(e: BattleFought) -> str:
    """The one-line result of a tactical battle (strategic/battles.py)."""
    forces = " against ".join(force_words(f) for f in e.forces)
    if e.what == "battle":
        head = (f"Tactical battle in {e.area} ({e.year}, {e.time}, {e.weather} weather, {e.turns} turn(s)): {forces}; "
                f"Allies {e.objectives[0]} against Axis {e.objectives[1]}; ")
    else:
        where = ", ".join(e.ports) or e.area
        head = f"Tactical {e.what} on {where} from {e.area} ({e.year}, {e.turns} turn(s)): {forces}; "
    return head + f"VP {e.vp[0]}-{e.vp[1]}; " + _result(e) + _fates(e)


def _result(e: BattleFought) -> str:
    """``Allies win``, or ``a draw (Allies minor victory, Axis minor victory)`` (000 War at Sea: each side's
    victory against its objective; the winner is the side with the better one)."""
    if e.winner:
        return f"{e.winner} win"
    levels = ", ".join(f"{side} {'no' if level == 'none' else level} victory"
                       for side, level in zip(e.sides, e.victories, strict=True))
    return f"a draw ({levels})"


def _fates(e: BattleFought) -> str:
    """``; Allies: sunk Hood; Axis: crippled Bismarck; Flights lost: Allies 2, Axis 1``."""
    text = ""
    for side, kinds in e.fates.items():
        words = [f"{what} {', '.join(names)}" for what, names in kinds.items() if names]
        if words:
            text += f"; {side}: {', '.join(words)}"
    if any(e.flights_lost):
        text += f"; Flights lost: {e.sides[0]} {e.flights_lost[0]}, {e.sides[1]} {e.flights_lost[1]}"
    return text


def _disabled(e: UnitDisabled) -> str:
    return f"{e.unit} is disabled in {e.place}" if e.place else f"{e.unit} is disabled and returns to port"


def _poc(e: PocScored) -> str:
    return "POC " + ", ".join(f"{t.value} {v:+d} (track {lead(e.totals[t])})" for t, v in e.awards.items())


def _side(side: str, name: Naming) -> str:
    """A side before the word "side": ``the Allied side``, ``the Axis side`` (the ids as they are, unnamed)."""
    text = name(side)
    return "Allied" if text == "Allies" else text


def _victory(e: Victory, name: Naming) -> str:
    results = ", ".join(f"{t.value}: {name(r)}" for t, r in e.results.items())
    return f"victory to the {_side(e.winner, name)} side ({results})"


def _answered(e: CombatAnswered, name: Naming) -> str:
    return f"{name(e.player)}: {Question.from_json(e.question, 'question').describe()}: {answer_text(e.answer)}"


def _delegated(e: CombatDelegated, name: Naming) -> str:
    rest = ", and his other battles this turn" if e.whole_turn else ""
    return f"{name(e.player)} leaves {entry_words(e.battle)} to the AI{rest}"


_WORDS: tuple[tuple[type | tuple[type, ...], object], ...] = (
    (TurnBegan, _turn),
    (OrderGiven, _order),
    (DiceRolled, _dice),
    (UnitArrived, _arrival),
    (KeptInReserve, lambda e: f"{e.unit} is kept in reserve"),
    (CombatChanged, lambda e: f"the game goes on with {e.combat} combat (it was {e.was}): loaded with another combat"),
    (UnitRemoved, _removal),
    (UnitLost, _lost),
    (ForcedMove, _forced),
    (LocationRoll, lambda e: f"{e.group} rolls {e.face}: {e.result}"),
    (CaribbeanRoll, lambda e: f"{e.unit} rolls {e.face}: at sea in {e.place}"),
    (UsEntryRoll, lambda e: f"{e.unit} rolls {e.face} for its entry ({e.needed}+ this turn): "
                            + ("enters the war in the North Atlantic" if e.entered else "stays out of the war")),
    (SideChange, _side_change),
    (UnitMoved, _moved),
    (MoveCutShort, _cut_short),
    (SpeedRoll, _speed),
    ((AirPlaced, SubmarinePlaced, SurfaceRaiderPlaced), lambda e: f"{e.unit} placed in {e.area}"),
    (UnitReturned, lambda e: f"{e.unit} returns to {e.port}"),
    (OilRoll, lambda e: f"{e.unit} oil roll {e.face}: {e.port}"),
    (UnitFrozen, lambda e: f"{e.unit} joins the Pearl Harbor group and may not move until Japan attacks"),
    (Repaired, lambda e: f"{e.unit} repaired {e.points} at {e.port} (damage now {e.damage})"),
    (AttackAnnounced, lambda e: f"Japan announces its attack on turn {e.turn}"),
    (PearlForceDecided, lambda e: "the Pearl Harbor special force "
     + ("stays for normal combat" if e.stays else "goes home")),
    (NoSurprise, _no_surprise),
    (ControlLost, _control),
    (BattlesWaiting, lambda e: f"battles in {', '.join(e.areas)} wait for a combat resolver"),
    (BattleHandedOver, _handed_over),
    (BattleFought, _tactical),
    (BattleNote, lambda e: f"  {e.area}: {e.note}"),
    (LeftOut, lambda e: f"  {e.area}: {e.unit} stays out of the tactical battle: {e.why}"),
    (CombatNoted, lambda e: f"{e.area}: {e.note}"),
    (UnitSunk, lambda e: f"{e.unit} is sunk in {e.place}"),
    (UnitEliminated, lambda e: f"{e.unit} is eliminated in {e.place}"),
    (UnitDisabled, _disabled),
    (UnitLanded, lambda e: f"{e.unit} lands in {e.base}"),
    (ConvoyArrived, lambda e: f"{e.unit} reaches {e.port}: {e.poc} POC for the Allies"),
    (PocScored, _poc),
    (PortIsolated, lambda e: f"{e.port} is isolated ({e.turns}/{e.needed} turns)"),
    (UnitEscaped, lambda e: f"{e.unit} puts to sea from {e.port}"),
    (Noted, lambda e: e.note),
)

_NAMED_WORDS: tuple[tuple[type, object], ...] = (
    # the events that name a player or a side: worded with describe's ``name``
    (OrderRefused, _refused),
    (LoanChanged, _loan),
    (NeutralPortStay, lambda e, name: f"{e.unit} stays a second turn in {e.port}: the {_side(e.side, name)} side "
                                      f"loses {e.poc} POC"),
    (PortCaptured, lambda e, name: f"{e.port} falls to the {_side(e.side, name)} side {e.how}"),
    (AutomaticVictory, lambda e, name: f"{e.theatre.value}: automatic victory for the {_side(e.side, name)} side "
                                       f"({lead(e.poc)})"),
    (Victory, _victory),
    (CombatAnswered, _answered),
    (BattleChosen, _chosen),
    (TacticalAnswered, lambda e, name: f"{name(e.player)} gives {len(e.answers)} order(s) on the table in "
                                       f"{entry_words(e.battle)}"),
    (CombatDelegated, _delegated),
)
