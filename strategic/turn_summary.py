"""The turn's summary (issue #17): what a turn did, as data from the campaign's typed events, and its words.

:func:`summarize` gathers one turn's events into a :class:`TurnSummary`: each battle (a tactical one with what it
did to every counter and each side's objective checks; a classic one with its losses), the repairs, the arrivals,
the control changes, the POC scored per area and per theatre, and each track's standing against the end of the
game and the automatic-victory line.  :func:`summary_lines` words it; ``vas run`` prints it at the end of each
turn and the app shows it (``tui/turn_summary.py``).  Nothing here reads text: only event fields.

Why a tactical battle is won, lost or drawn is each side's fleet objective (000 War at Sea: Fleet Objectives,
Victory or Defeat; R-TAC-17): a major victory beats a minor one, a minor one beats none, anything else is a draw.
Victory points are fleet points (a ship's points value: all of it sunk, half crippled, a quarter withdrawn; a
Flight's destroyed), not Hull.  A classic battle has no winner: its losses are its result (WAS 5, VITP 4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scenarios.models import Group, Theatre, UnitType
from strategic.battle_names import battle_name, fought_name
from strategic.events import (
    CLASSIC_RE,
    DAMAGED_RE,
    AreaScore,
    AutomaticVictory,
    BattleFought,
    BattleHandedOver,
    CampaignEvent,
    CombatNoted,
    ControlLost,
    ConvoyArrived,
    CounterFate,
    NeutralPortStay,
    ObjectiveCheck,
    PocScored,
    PortCaptured,
    Repaired,
    UnitArrived,
    UnitDisabled,
    UnitEliminated,
    UnitSunk,
    Victory,
)
from strategic.narrate import lead

if TYPE_CHECKING:
    from strategic.campaign import Campaign

SIDE_WORDS = {"allied": "Allies", "axis": "Axis", None: "nobody"}
"""A side as the players say it (the data's ``allied``/``axis``)."""

CONTROL_WORDS = {**SIDE_WORDS, None: "uncontrolled"}
"""Who holds an area in a control change: an area nobody holds is "uncontrolled" (R-OPS-73)."""

VP_NOTE = ("  (VP are fleet points, not Hull: a ship sunk gives all its points, crippled half, withdrawn a quarter, "
           "a Flight destroyed its own; one that came in crippled gives nothing more for it: 000 War at Sea, "
           "R-TAC-13.)")

CLASSIC_NOTE = ("  (The classic rules name no winner: the losses are the result, and control is settled in the control "
                "phase from who is left at sea: WAS 5, VITP 4.)")

RESULT_WORDS = {"axis": "the Axis", "allied": "the Allies", "tie": "a tie"}


@dataclass(frozen=True)
class ClassicLosses:
    """A battle fought by the classic rules in ``area``: its counters sunk, eliminated and disabled, by side."""

    area: str
    losses: dict[str, dict[str, list[str]]]
    what: str = "battle"  # battle, air raid, landing, surprise attack
    ports: list[str] = field(default_factory=list)  # the ports its losses name (struck in port)
    damaged: dict[str, dict[str, int]] = field(default_factory=dict)  # side -> unit -> damage after it (R-SUM-15)


@dataclass(frozen=True)
class TrackStanding:
    """A POC track after the turn: this turn's ``award`` and the ``total`` (Axis positive; less the POC bid,
    :mod:`strategic.bid`); ``lead``: the lead that
    wins the theatre at once (VITP 19; 0: none), ``last_turn``: when the side ahead wins (002 §3.1)."""

    theatre: Theatre
    award: int
    total: int | float
    lead: int
    last_turn: int
    started: bool = True


@dataclass
class TurnSummary:
    """One turn, from its events (module docstring)."""

    turn: int
    battles: list[BattleFought | ClassicLosses | BattleHandedOver] = field(default_factory=list)
    repairs: list[Repaired] = field(default_factory=list)
    arrivals: list[UnitArrived] = field(default_factory=list)
    control: list[AreaScore] = field(default_factory=list)
    captures: list[PortCaptured | ControlLost] = field(default_factory=list)
    scored: list[AreaScore] = field(default_factory=list)
    tracks: list[TrackStanding] = field(default_factory=list)
    endings: list[AutomaticVictory | Victory] = field(default_factory=list)
    convoys: list[ConvoyArrived] = field(default_factory=list)  # convoys that arrived (R-OPS-40)
    convoys_lost: list[UnitSunk] = field(default_factory=list)  # convoys sunk this turn
    neutral_stays: list[NeutralPortStay] = field(default_factory=list)  # R-OPS-43
    vitp_first_turn: int | None = None  # VITP begins on a later turn (002 §3.2): the Pacific is not yet at war
    pacific_waiting: int = 0  # arrivals of the VITP nations that wait, inactive, until then (002 §3.21, R-PAC-25)
    settled_early: list[str] = field(default_factory=list)  # VITP areas settled before then (002 §3.21, R-OPS-73)


def summarize(campaign: Campaign, turn: int, events: Iterable[CampaignEvent] | None = None) -> TurnSummary:
    """The summary of ``turn`` from ``events`` (default: the campaign's log)."""
    chosen = [e for e in (campaign.state.events if events is None else events) if e.turn == turn]
    summary = TurnSummary(turn)
    summary.battles = _battles(campaign, chosen)
    summary.repairs = [e for e in chosen if isinstance(e, Repaired)]
    summary.arrivals = [e for e in chosen if isinstance(e, UnitArrived)]
    summary.captures = [e for e in chosen if isinstance(e, PortCaptured | ControlLost)]
    summary.endings = [e for e in chosen if isinstance(e, AutomaticVictory | Victory)]
    summary.convoys = [e for e in chosen if isinstance(e, ConvoyArrived)]
    summary.convoys_lost = [e for e in chosen if isinstance(e, UnitSunk)
                            and campaign.unit_record(e.unit).type is UnitType.CONVOY]
    summary.neutral_stays = [e for e in chosen if isinstance(e, NeutralPortStay)]
    first = campaign.setup.vitp_first_turn
    if first is not None and turn < first:  # 002 §3.2: War at Sea turns played before VITP begins
        summary.vitp_first_turn = first
        summary.pacific_waiting = sum(1 for e in summary.arrivals if campaign.data.nations[
            campaign.unit_record(e.unit).nation].time_track is Theatre.VITP)
    poc = next((e for e in reversed(chosen) if isinstance(e, PocScored)), None)
    if poc is not None:
        summary.control = [a for a in poc.areas if a.before != a.side]
        if summary.vitp_first_turn is not None:
            summary.settled_early = [a.area for a in summary.control
                                     if campaign.data.areas[a.area].theatre is Theatre.VITP]
        summary.scored = [a for a in poc.areas if a.value]
        lead_at = campaign.data.constant_number("automatic-victory-lead")
        vitp = first is not None and turn >= first  # VITP was played on that turn (not: is now)
        bid = campaign.state.bid
        summary.tracks = [TrackStanding(t, v, poc.totals[t] - bid[t] if t in bid else poc.totals[t],
                                        lead_at if t is Theatre.VITP else 0, campaign.setup.last_turn,
                                        t is not Theatre.VITP or vitp)
                          for t, v in poc.awards.items()]
    return summary


def _battles(campaign: Campaign, events: list[CampaignEvent]) -> list[BattleFought | ClassicLosses | BattleHandedOver]:
    """The turn's battles in order: tactical ones as fought; classic ones from their opening note and the losses
    logged after it, until the next battle (an area may see a battle by the classic rules and another on the table
    in one turn: the surprise attack, then the battle, issue #16).  A unit lost in port names the port: the
    losses of a battle come after its events, so what follows a classic battle's opening is its own."""
    found: list[BattleFought | ClassicLosses | BattleHandedOver] = []
    current: ClassicLosses | None = None
    opened_in = None
    for e in events:
        if current is not None and e.phase is not opened_in:
            current = None  # a loss of a later phase is no battle's
        if isinstance(e, BattleFought | BattleHandedOver):
            current = None  # a battle on the table (or handed over): its losses are its own
            if isinstance(e, BattleFought) or e.how == "unfought":
                found.append(e)
        elif isinstance(e, CombatNoted) and (opening := CLASSIC_RE.match(e.note)):
            current, opened_in = ClassicLosses(e.area, {}, opening.group(2)), e.phase
            found.append(current)
        elif isinstance(e, CombatNoted) and current is not None and (hurt := DAMAGED_RE.match(e.note)):
            side = SIDE_WORDS[campaign.state.unit(hurt.group(1)).side.value]
            current.damaged.setdefault(side, {})[hurt.group(1)] = int(hurt.group(3))
        elif isinstance(e, UnitSunk | UnitEliminated | UnitDisabled) and current is not None:
            side = SIDE_WORDS[campaign.state.unit(e.unit).side.value]
            current.losses.setdefault(side, {}).setdefault(e.kind, []).append(e.unit)
            current.damaged.get(side, {}).pop(e.unit, None)  # its fate says more than its damage
            if e.place and e.place != current.area and e.place not in current.ports:
                current.ports.append(e.place)
    return found


# ---------------------------------------------------------------------------------------------- words


def summary_lines(summary: TurnSummary, groups: Mapping[str, Group]) -> list[str]:
    """The summary in words, a line each (battles first, then repairs, arrivals, control and POC); an arrival
    in one of the Location Uncertain ``groups`` is named as the game does (R-UI-56), in the app and in
    ``vas run`` alike (R-OPS-71)."""
    out = [f"--- Summary of turn {summary.turn} ---", headline(summary)]
    for battle in summary.battles:
        out += battle_lines(battle)
    if any(isinstance(b, BattleFought) for b in summary.battles):
        out.append(VP_NOTE)
    if any(isinstance(b, ClassicLosses) for b in summary.battles):
        out.append(CLASSIC_NOTE)
    if summary.repairs:
        out.append("Repairs: " + "; ".join(f"{e.unit} {e.points} at {e.port} (damage now {e.damage})"
                                          for e in summary.repairs))
    if summary.arrivals:
        out.append(_arrivals(summary.arrivals, groups))
    if summary.pacific_waiting:
        out.append(f"  (The Pacific's {summary.pacific_waiting} arrival(s) are set up and wait there, inactive, until "
                   f"VITP begins on turn {summary.vitp_first_turn}: 002 §3.21.)")
    out += control_lines(summary)
    out += convoy_lines(summary)
    extras = _extra_scores(summary)
    out += [track_line(t, [a for a in summary.scored if a.track is t.theatre],
                       extras if t.theatre is Theatre.WAS else None) for t in summary.tracks]
    out += [_ending(e) for e in summary.endings]
    return out


def headline(summary: TurnSummary) -> str:
    """``3 battle(s), 2 ship(s) sunk; POC WAS +3 (Axis +10), VITP +2 (Axis +2)``: the turn in a line."""
    sunk = sum(1 for b in summary.battles if isinstance(b, BattleFought) for c in b.counters if c.fate == "sunk")
    sunk += sum(len(kinds.get("sunk", [])) for b in summary.battles if isinstance(b, ClassicLosses)
                for kinds in b.losses.values())
    fought = [b for b in summary.battles if not isinstance(b, BattleHandedOver)]
    tracks = ", ".join(f"{t.theatre.value} {t.award:+d} ({lead(t.total)})" for t in summary.tracks if t.started)
    return (f"{len(fought)} battle(s), {sunk} counter(s) sunk" if fought else "No battle") + (
        f"; POC {tracks}" if tracks else "; the turn is not over (no POC scored yet)")


def battle_lines(battle: BattleFought | ClassicLosses | BattleHandedOver) -> list[str]:
    """A battle: its head line, why it counts as a win, loss or draw, and each side's counters."""
    if isinstance(battle, BattleHandedOver):
        return [f"{battle.area}: no battle fought ({battle.why})."]
    if isinstance(battle, ClassicLosses):
        told = "; ".join([f"{side} lost ({kind}) {', '.join(names)}" for side, kinds in battle.losses.items()
                          for kind, names in kinds.items()]
                         + [f"{side} damaged {', '.join(f'{n} ({d} point(s) in all)' for n, d in units.items())}"
                            for side, units in battle.damaged.items() if units])
        return [f"{battle_name(battle.what, battle.area, battle.ports, classic=True)}: "
                f"{told or 'no unit sunk, eliminated or disabled'}."]
    head = f"{fought_name(battle)}, {battle.turns} turn(s)"
    if battle.max_turns and battle.turns < battle.max_turns:
        head += f" of {battle.max_turns} (it ended when a fleet had left the table)"
    lines = [f"{head}: {result_sentence(battle)}"]
    note = raid_note(battle)
    if note:
        lines.append(note)
    for side in battle.sides:
        own = [c for c in battle.counters if c.side == side]
        if own:
            lines.append(f"  {side} ({side_losses(own)}): " + counters_text(own))
    return lines


def raid_note(battle: BattleFought) -> str:
    """Why an air raid or surprise attack can be "won" by the side it struck (R-SUM-10): its winner moves nobody
    (R-CARD-07, R-CARD-11); what it did is the damage, kept in port; and ships damaged but not crippled give no VP
    (000 War at Sea: Victory Points), while each raider's Flight destroyed does.  Empty for a battle at sea or a
    raid in which no ship was only damaged."""
    if battle.what == "battle":
        return ""
    hit = [c for c in battle.counters if c.fate == "damaged" and c.hull_full and c.hull_end < c.hull_start]
    if not hit:
        return ""
    side = ADJECTIVES.get(hit[0].side, hit[0].side)
    points = sum(c.damage for c in hit)
    return (f"  (A raid moves nobody: what it did is the damage, kept in port ({len(hit)} {side} ship(s), +{points} "
            "damage point(s)). VP come only from ships sunk, crippled or withdrawn and from Flights destroyed, so "
            "ships damaged but not crippled gave none, while each Flight the raiders lost gave its points: "
            "000 War at Sea: Victory Points, R-SUM-10.)")


def side_losses(counters: list[CounterFate]) -> str:
    """``Hull 76 lost, 40 VP given``: a side's Hull lost on the table and the VP its losses gave the enemy (a ship
    damaged but not crippled gives none)."""
    hull = sum(c.hull_start - c.hull_end for c in counters)
    return f"Hull {hull} lost, {sum(c.vp for c in counters)} VP given"


def result_sentence(battle: BattleFought) -> str:
    """Why the battle is a win, a loss or a draw, from each side's objective (000 War at Sea: Victory or
    Defeat), and what that means for the counters (R-CARD-07); an event of an older save without the checks says
    only the levels."""
    rule = "R-CARD-07"
    if battle.winner:
        verdict = f"{battle.winner} win"
        loser = next(s for s in battle.sides if s != battle.winner)
        then = (f"the {ADJECTIVES.get(loser, loser)} counters still there withdraw to port" if battle.what == "battle"
                else "nobody withdraws")
        if not battle.held:
            then = (f"the {ADJECTIVES.get(loser, loser)} counters stay: the {battle.winner} kept no warship in the "
                    "area to drive them out, only aircraft or submarines")
            rule = "R-CARD-14"
    else:
        verdict, then = "a draw", "both sides stay in the area" if battle.what == "battle" else "nobody withdraws"
    if not battle.checks:
        levels = ", ".join(f"{s} {'no' if v == 'none' else v} victory" for s, v in
                           zip(battle.sides, battle.victories, strict=False))
        return f"{verdict} ({levels}; VP {battle.vp[0]}-{battle.vp[1]}); {then} ({rule})."
    parts = [f"{c.side} {c.objective}: {'no' if c.level == 'none' else c.level} victory, {objective_reason(c, other)}"
             for c, other in zip(battle.checks, reversed(battle.sides), strict=True)]
    return f"{verdict}. " + "; ".join(parts) + f". So {then} ({rule})."


ADJECTIVES = {"Allies": "Allied"}


def objective_reason(c: ObjectiveCheck, enemy: str) -> str:
    """What the side's objective was judged on (000 War at Sea: Fleet Objectives), in a clause."""
    their = ADJECTIVES.get(enemy, enemy)
    most = c.vp > c.enemy_vp
    score = f"{'more' if most else 'not more'} VP ({c.vp} to {c.enemy_vp})"
    edge = f"{c.off_enemy_edge} of the {c.half_fleet} ship(s) needed off the {enemy} edge"
    own_edge = f"{c.off_own_edge} of the {c.half_fleet} ship(s) needed off its own edge"
    reasons = {
        "Destroy!": f"{'every' if c.enemy_all_crippled else 'not every'} {their} ship crippled or sunk; {score}",
        "Breakout": f"{edge}; {score}",
        "Defence Line": score + ("" if c.level != "minor" or not most else f", but {enemy} won a major victory"),
        "Attrition": score + ("" if not most else f", {'at least' if c.level == 'major' else 'under'} 1.5 times"),
        "Sweep & Clear": f"{edge}; {score}",
        "Domination": f"{c.quarters} table quarter(s) held alone (2 for a minor victory, 3 for a major)",
        "Fighting Retreat": f"{own_edge}; {score}",
        "Last Stand": f"{'sank an' if c.sank_one else 'sank no'} {their} ship; {score}",
        "Ultimate Enemy": f"{c.prize or 'the most valuable ship'} {'sunk' if c.prize_sunk else 'not sunk'}; {score}",
    }
    return reasons.get(c.objective, score)


def counters_text(counters: list[CounterFate]) -> str:
    """``Roma damaged, stays (Hull 10 lost of 94, +1 damage); withdrew to port: A, B; unharmed: C``: the
    counters with something to tell one by one, the others by fate."""
    told = [_counter(c) for c in counters if _notable(c)]
    plain: dict[str, list[str]] = {}
    for c in counters:
        if not _notable(c):
            plain.setdefault(FATE_WORDS[c.fate], []).append(c.unit)
    for fate, names in plain.items():
        told.append(f"{fate}: " + (", ".join(names) if len(names) <= 8 else f"{len(names)} counters"))
    return "; ".join(told)


def _notable(c: CounterFate) -> bool:
    """Something beyond its fate to tell: Hull lost, damage, VP given, Flights lost, or it came in crippled."""
    return (c.fate not in ("unharmed", "withdrew") or c.hull_start != c.hull_end or bool(c.damage or c.vp)
            or bool(c.flights_lost) or c.came_in_crippled)


FATE_WORDS = {"sunk": "sunk", "eliminated": "eliminated", "used up": "used up",
              "crippled": "crippled: disabled", "withdrew": "withdrew to port", "damaged": "damaged, stays",
              "unharmed": "unharmed"}


def _counter(c: CounterFate) -> str:
    facts: list[str] = ["back two turns later, VITP 4.5"] if c.fate == "eliminated" else []
    came = f"came in crippled at {c.hull_start}" if c.came_in_crippled else (
        f"came in at {c.hull_start}" if c.hull_start < c.hull_full else "")
    if c.hull_full and (c.hull_start != c.hull_end or came):
        hull = f"Hull {c.hull_start - c.hull_end} lost"
        facts.append(f"{hull}, {came} of {c.hull_full}" if came else f"{hull} of {c.hull_full}")
    if c.flights:
        facts.append(f"{c.flights_lost} of {c.flights} Flight(s) lost")
    if c.damage and c.fate not in ("sunk", "eliminated"):
        facts.append(f"+{c.damage} damage")
    if c.vp:
        facts.append(f"{c.vp} VP to the enemy")
    fate = "stays" if c.fate == "unharmed" else FATE_WORDS[c.fate]  # its Flights lost, not the counter
    if c.fate == "withdrew" and not c.hull_full and c.flights and c.flights_lost == c.flights:
        fate = "back to port, every Flight lost"  # War at Sea LBA: out for the turn (R-OPS-34)
        facts.append("out of the area this turn, back at full strength next turn: R-OPS-34")
    if c.fate == "crippled" and c.came_in_crippled and c.hull_start == c.hull_end:
        fate = "disabled again"
    return f"{c.unit} {fate}" + (f" ({', '.join(facts)})" if facts else "")


def place_words(place: str, groups: Mapping[str, Group]) -> str:
    """A place as the game names it: a Location Uncertain group is "the Location Uncertain group W", not the
    data's "Group W" (reference/vitp.md §5.6; R-UI-56, R-OPS-71); the one wording of the app and ``vas run``."""
    group = groups.get(place)
    return f"the Location Uncertain group {group.letter}" if group is not None else place


def _arrivals(arrivals: list[UnitArrived], groups: Mapping[str, Group]) -> str:
    def place(e: UnitArrived) -> str:
        return "the submarine reserve" if e.at == "reserve" else place_words(e.place, groups)

    if len(arrivals) <= 12:
        return "Arrivals: " + ", ".join(f"{e.unit} ({'reserve' if e.at == 'reserve' else place(e)})"
                                        for e in arrivals)
    where = Counter(place(e) for e in arrivals)
    return f"Arrivals ({len(arrivals)}): " + ", ".join(f"{n} in {p}" for p, n in where.most_common())


def control_lines(summary: TurnSummary) -> list[str]:
    """Control changes at the control phase (an area nobody holds is "uncontrolled"; a VITP area settled before
    VITP begins says why: the Bay of Bengal, R-OPS-73), ports captured, control lost outside it."""
    out: list[str] = []
    if summary.control:
        out.append("Control changes: " + "; ".join(
            f"{a.area} {CONTROL_WORDS[a.before]} -> {CONTROL_WORDS[a.side]}" + (
                " (settled from turn 1 by the ships at sea there: 002 §1.3, §3.21)"
                if a.area in summary.settled_early else "")
            for a in summary.control))
    for e in summary.captures:
        if isinstance(e, PortCaptured):
            out.append(f"{e.port} falls to the {SIDE_WORDS.get(e.side, e.side)} {e.how}.")
        else:
            out.append(f"The Allies lose control of {e.area} (turn events).")
    return out


def convoy_lines(summary: TurnSummary) -> list[str]:
    """The convoys that arrived and those sunk (R-OPS-40), and the ships that overstayed in the neutral port
    (R-OPS-43)."""
    out: list[str] = []
    told = [f"{e.unit} reaches {e.port} (Allies +{e.poc} POC)" for e in summary.convoys]
    told += [f"{e.unit} sunk in {e.place}" for e in summary.convoys_lost]
    if told:
        out.append("Convoys: " + "; ".join(told) + ".")
    if summary.neutral_stays:
        out.append("Neutral port: " + "; ".join(f"{e.unit} stayed a second turn in {e.port} (the "
                                                f"{SIDE_WORDS.get(e.side, e.side)} lose {e.poc} POC)"
                                                for e in summary.neutral_stays) + ".")
    return out


def _extra_scores(summary: TurnSummary) -> dict[str, list[str]]:
    """The War at Sea POC not scored by an area, by the side they count for: convoys, neutral-port stays."""
    extra: dict[str, list[str]] = {"axis": [], "allied": []}
    convoy_poc = sum(e.poc for e in summary.convoys)
    if convoy_poc:
        extra["allied"].append(f"convoys {convoy_poc}")
    for side, gains in (("allied", "axis"), ("axis", "allied")):
        stays = sum(e.poc for e in summary.neutral_stays if e.side == side)
        if stays:
            extra[gains].append(f"neutral-port stays {stays}")
    return extra


def track_line(t: TrackStanding, scored: list[AreaScore], extra: dict[str, list[str]] | None = None) -> str:
    """``POC WAS +2 this turn (Axis: Mediterranean 3; Allies: North Sea 1, convoys 1): track Axis +7; ...``."""
    if not t.started:
        return f"POC {t.theatre.value}: not scored until VITP begins (track {lead(t.total)})."
    sides = []
    for side, sign in (("axis", 1), ("allied", -1)):
        areas = [f"{a.area} {a.value * sign}" for a in scored if a.value * sign > 0] + (extra or {}).get(side, [])
        if areas:
            sides.append(f"{SIDE_WORDS[side]}: {', '.join(areas)}")
    why = f" ({'; '.join(sides)})" if sides else " (no area scored)"
    line = f"POC {t.theatre.value} {t.award:+d} this turn{why}: track {lead(t.total)}"
    if t.lead:
        axis, allies = t.lead - t.total, t.lead + t.total
        line += (f"; automatic victory at a lead of {t.lead} (VITP 19): the Axis {max(axis, 0):g} away, the Allies "
                 f"{max(allies, 0):g} away")
    return line + f"; after turn {t.last_turn} the side ahead wins the theatre (002 §3.1)."


def _ending(e: AutomaticVictory | Victory) -> str:
    if isinstance(e, AutomaticVictory):
        return f"{e.theatre.value}: automatic victory for the {SIDE_WORDS.get(e.side, e.side)} ({lead(e.poc)})."
    results = ", ".join(f"{t.value} {RESULT_WORDS.get(r, r)}" for t, r in e.results.items())
    return f"The war is over: victory to the {SIDE_WORDS.get(e.winner, e.winner)} ({results})."
