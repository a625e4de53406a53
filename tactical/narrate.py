"""The account of a battle: the one place that turns tactical events (:mod:`tactical.events`) into words.

Most events are told by a template (:data:`TEMPLATES`): Python format fields naming the event's fields (``{at[0]}``
an item of a tuple field), with a few extra format specs for the shapes the account uses:

- ``{f:?A|B}``: ``A`` if the field is true, else ``B`` (``{f:?A}``: ``A`` or nothing);
- ``{f:*SEP}``: the items joined by ``SEP``; ``{f:*SEP|PREFIX}``: nothing when empty, else ``PREFIX`` and the items;
- ``{f:~PREFIX|FORMAT|SUFFIX}``: nothing when the field is empty (None, 0, ""), else ``PREFIX``, the value in
  ``FORMAT`` and ``SUFFIX``;
- ``{f:mods}``: named modifiers as `` [Night -1, Radar +1]`` (nothing when there are none).

The same templates read an account line back (:mod:`tactical.event_json`).  The few events whose words depend on
their figures in other ways are told by a function (:data:`TELLERS`).
"""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import Any

from tactical import events as ev

TEMPLATES: dict[type[ev.Event], str] = {
    ev.BattleSetUp: "Battle: {first} against {second}, seed {seed} ({conditions:*; })",
    ev.ComesInCrippled: "{ship} comes in already crippled",
    ev.WindSet: "The wind blows from the {edge} edge",
    ev.ScoutingScored: (
        "{side} scores {points} Scouting Point(s): +{initiative_bonus} Initiative"
        "{redeploy:~, redeploys in the || zone}"
    ),
    ev.Deployed: "{side} deploys {ships:#} ship(s) in its {zone}",
    ev.MTBsDeployed: "{side} deploys {count} MTB Section(s)",
    ev.DeployBlocked: "{ship} may not deploy on {blocker}: set at ({at[0]:.2f}, {at[1]:.2f}) (R-TAC-07, R-TAC-67)",
    ev.FormedAbreast: "{side} finds no free place for its ships: they are formed in lines abreast across its {zone}",
    ev.MoveBlocked: "{ship} may not end on {other}: set beside it at ({at[0]:.1f}, {at[1]:.1f})",
    ev.DeepDeployed: "{ship} is placed in deep deployment",
    ev.FlightsAloft: "{side} has {flights:#} Flight(s) in the air: {flights:*, }",
    ev.InitiativeWon: "Turn {number}: {side} wins the Initiative",
    ev.VisibilityRolled: 'Visibility {visibility:g}"{british:~ (British |g|")}',
    ev.SquadronDropped: "{ship} drops out of its squadron",
    ev.SquadronSplit: "{ship} has split from squadron {squadron}",
    ev.NightFireOrder: "{firer} makes the enemy fire first (night)",
    ev.SmokeRemoved: "The smoke counters are removed",
    ev.Reloaded: "{ship} reloads {weapon}",
    ev.ScoutBack: "{ship} returns from scouting and will join next turn",
    ev.Rejoined: "{ship} rejoins from the {edge} edge at ({at[0]:.1f}, {at[1]:.1f})",
    ev.Moved: (
        '{ship} moves {distance:g}" from ({start[0]:.1f}, {start[1]:.1f}) to ({pos[0]:.1f}, {pos[1]:.1f}) '
        "heading {heading:.0f}"
    ),
    ev.SmokeLaid: "{ship} lays {counters:#} smoke counter(s)",
    ev.RanAground: "{ship} runs aground at ({at[0]:.1f}, {at[1]:.1f})",
    ev.MineAvoided: "{ship} avoids a mine ({total} against density {density})",
    ev.MineStruck: "{ship} strikes a mine ({total} against density {density})",
    ev.SectorSwept: "{ship} sweeps Sector {sector}: density {density}",
    ev.SweepFailed: "{ship} fails to sweep Sector {sector}",
    ev.Spotted: '{spotter} spots {ship} at {distance:.1f}"',
    ev.GivenAway: "{ship} is spotted: {why}",
    ev.SecondaryGunsSeen: "{ship} is illuminated by the flashes of its secondary guns",
    ev.Unspotted: "{ship} slips out of sight",
    ev.SearchlightSweep: "{ship} sweeps its searchlights over {target}: {found:?spotted|not found}",
    ev.Illuminated: "{ship} illuminates {target}",
    ev.SearchlightsOn: "{ship} lights {target} with its searchlights",
    ev.StarShell: "{ship} fires a star shell at ({at[0]:.1f}, {at[1]:.1f}){lit:*, |: lights }",
    ev.RadarContact: "{ship}'s radar detects {target}",
    ev.RadarCheck: "{ship} radar targeting check: {passed:?passed|failed}",
    ev.FiredByMistake: "{ship} fires on {target} by mistake",
    ev.HeldFire: "{ship} holds its fire",
    ev.Misfire: "{ship} {weapon} cannot fire ({why})",
    ev.GunneryAttack: (
        '{ship} fires {weapon} ({dice} AD) at {target}, {distance:.1f}" {band} range, needs {need}{mods:mods}: '
        "{hits} hit(s)"
    ),
    ev.FireOnMTB: "{ship} fires {weapon} ({dice} AD) at {target}, needs {need}+{mods:mods}: {hits} hit(s)",
    ev.AAFireOnMTB: "{ship} fires {weapon}{local:? (Local)} ({dice} AD) at {target}, needs {need}+: {hits} hit(s)",
    ev.DepthCharges: "{ship} drops {system}s on {target}, needs 5+: {hits} hit(s)",
    ev.DamageRolled: (
        "{weapon} of {attacker}: {faces:#} Damage Dice vs Armour {armour}+{armour_mods}: {damage} damage, "
        "{criticals} critical hit(s)"
    ),
    ev.HullLost: "{ship} loses {amount} Hull ({cause}): {hull}/{hull_start} left",
    ev.Crippled: '{ship} is crippled (Flank Speed {flank_speed:g}", Lumbering){lost:*, |; lost: }',
    ev.Sunk: "{ship} is {fate}",
    ev.Withdrew: "{ship} leaves the table by the {edge} edge (tactical withdrawal)",
    ev.VictoryPoints: "{side} gains {vp} VP: {ship} {reason}",
    ev.CriticalHit: "{ship}: {area} critical {old} -> {score} ({effect}), {extra_damage} extra damage",
    ev.DevastatingIgnored: (
        "{ship}: Devastating critical to the {area} area scores {rolled}, no higher than {score}: ignored"
    ),
    ev.ShoreCritical: "{ship}: shore battery critical {face}{extra_damage:~, +|| damage}{effect:~; }",
    ev.Critical2D6: "{ship}: {area} critical, {effect}{extra_damage:~, || extra damage}",
    ev.TorpedoCriticalRoll: "{ship}: torpedo hit, critical roll {score}: 1 more damage{critical:? and a critical hit}",
    ev.Capsized: "{ship} lists again and capsizes",
    ev.CatastrophicExplosion: "{ship}: Catastrophic Explosion",
    ev.VitalHit: "{ship}: Vital Systems hit, {vital}{detail}, {damage} damage",
    ev.SystemPenalty: "{ship}: every {system:_} system loses {amount} Attack Dice",
    ev.LightGunsHalved: "{ship} has no turrets: its Light Guns' Attack Dice are halved",
    ev.WeaponDestroyed: "{ship}: {weapon} destroyed",
    ev.DamageControl: "{ship} damage control on the {area} area: {result} -> score {old} -> {score}",
    ev.FiresPutOut: "{ship} puts out {count} fire(s)",
    ev.FiresBreakOut: "{count} fire(s) break out aboard {ship}",
    ev.FiresBurn: "{ship}: {count} fire(s) burn, {left} left",
    ev.Launched: "{carrier} launches {ship} ({aircraft}){deep:? from deep deployment}",
    ev.Recovered: "{carrier} recovers {ship}",
    ev.Rearmed: "{carrier} re-arms {ship}",
    ev.AirOrder: "{first} moves its aircraft first",
    ev.FlightMoved: (
        '{ship} flies {distance:.1f}" from ({start[0]:.1f}, {start[1]:.1f}) to ({pos[0]:.1f}, {pos[1]:.1f})'
    ),
    ev.FlightLeft: "{ship} leaves the table",
    ev.AirContact: "{ship} {kamikaze:?dives on|moves in to attack} {target}{deep:? in deep deployment}",
    ev.DogfightStarted: "{ship} engages {target}",
    ev.HeldOff: "{ship} is held off by {defender}",
    ev.AirAttacks: "{side} attacks with its aircraft",
    ev.AirStrike: (
        "{ship} ({aircraft}) attacks {target}, needs {need}+{mods:mods}{kamikaze:? (kamikaze: a miss is rolled again)}"
        ": {hits:?hit|miss}"
    ),
    ev.AirStrikeOnMTB: "{ship} {attack}: {hits:?hit|miss}",
    ev.ShotDown: "{ship} ({aircraft}) is shot down by {by}",
    ev.KamikazeSpent: "{ship} is spent in its kamikaze attack",
    ev.ShotDownOverCarrier: "{ship} is shot down over its carrier",
    ev.LostWithCarrier: "{ship} goes down with {carrier}",
    ev.ObservationFlightsLost: "{count} Observation Flight(s) of {ship} lost, {hunters} of them hunting submarines"
                               "{spotting:*, |; no longer spotting }",
    ev.MTBMoved: '{ship} runs {distance:.1f}" to ({pos[0]:.1f}, {pos[1]:.1f}){attack:~ and closes on }',
    ev.MTBSmoke: "{ship} lays its smoke screen",
    ev.MTBDamage: "{attacker} {weapon}: {dice} Damage Dice vs {ship} Armour {armour}: {outcome}",
    ev.MTBSunk: "{ship} is destroyed by {by}",
    ev.MTBDrivenOff: "{ship} is driven off and loses its One-Shot weapons",
    ev.MTBAttacks: "{side} attacks with its MTB Sections",
    ev.MTBRam: "{ship} rams {target}, needs {need}+: {hits:?hit|miss}",
    ev.MTBSpent: "{ship} is spent in its attack",
    ev.MTBWeatherBound: "{ship} cannot attack in bad weather",
    ev.MTBGuns: "{ship} fires its Light Guns ({dice} AD) at {target}, needs {need}+: {hits} hit(s)",
    ev.MTBTorpedoes: "{ship} fires {count} torpedo(es) at {target}, needs {need}+: {hits} hit(s)",
    ev.DepthChanged: "{ship} goes from {old} to {depth}",
    ev.SubPlaced: "{ship} is placed in Sector {sector}, running deep",
    ev.SubFound: "{hunter}'s sonar picks up {ship}",
    ev.Detected: "{ship} is detected by {by}",
    ev.CrashDived: "{ship} crash dives",
    ev.CrashDiveFailed: "{ship} fails to crash dive",
    ev.SonarSearch: "{ship} searches for {target} ({modifier:+d}): {contact:?contact|nothing}",
    ev.NoContact: "{ship} has no contact on {target} and holds its {system}s",
    ev.AirSighting: "{ship} {sighted:?sights|loses} {target}",
    ev.Escaped: "{ship} slips away into Sector {sector}",
}
"""Each templated event type's line of the account (module docstring)."""


def possessive(name: str) -> str:
    """``Allies'``, ``Axis's``, ``US Navy's``: English possessive of a fleet's name (a plural in -ies takes an
    apostrophe alone)."""
    return f"{name}'" if name.endswith("ies") else f"{name}'s"


def victory_words(side: str, level: str) -> str:
    """``US Navy major victory`` or ``Imperial Japanese Navy no victory``."""
    return f"{side} {'no' if level == 'none' else level} victory"


def _roll(e: ev.DiceRolled) -> str:
    count = "d" if len(e.faces) == 1 else f"{len(e.faces)}d"
    return f"{e.label} [{e.rule}]: {count}{e.sides} -> " + ", ".join(map(str, e.faces))


def _objective(e: ev.ObjectiveSet) -> str:
    return f"{possessive(e.side or '')} objective: {e.objective}"


def _result(e: ev.BattleResult) -> str:
    return (f"{e.winner} wins" if e.winner is not None else "Draw") + (
        f": {victory_words(e.fleets[0], e.levels[0])} ({e.vp[0]} VP), "
        f"{victory_words(e.fleets[1], e.levels[1])} ({e.vp[1]} VP)"
    )


SUNK_FLEET = "is sunk to the last ship"
LEFT_FLEET = "has left the battle"


def _ended(e: ev.BattleEnded) -> str:
    """R-UI-91: each fleet gone, sunk to the last ship or left, then that the battle ends."""
    gone = [f"{name} {SUNK_FLEET}" for name in e.sunk] + [f"{name} {LEFT_FLEET}" for name in e.left]
    return (" and ".join(gone) if gone else "A fleet has left the battle") + ": the battle ends"


def _order(e: ev.OrderGiven) -> str:
    return f"{e.ship} orders {e.order}" + ("" if e.automatic else " (passed)" if e.success else " (failed)")


def _flooded(e: ev.MagazinesFlooded) -> str:
    return f"{e.ship} floods its magazines: scores {', '.join(f'{a} {s}' for a, s in e.scores)}; {e.outcome}"


def _dogfight(e: ev.Dogfight) -> str:
    (sa, sb), ra, rb = e.support, e.roll, e.target_roll
    return (
        f"Dogfight {e.ship} {ra} against {e.target} {rb}"
        + (f" (support {sa}/{sb})" if sa or sb else "")
        + (": draw, they stay locked" if ra == rb else f": {e.ship if ra > rb else e.target} wins")
    )


def _aa(e: ev.AAFire) -> str:
    return f"{e.ship} {e.system} fires {e.dice} AA die(s) at {e.target}, needs {e.need}+: {e.hits} hit(s)" + (
        f" ({e.needed} needed)" if e.needed > 1 else ""
    )


TELLERS: dict[type[ev.Event], Callable[[Any], str]] = {
    ev.DiceRolled: _roll,
    ev.ObjectiveSet: _objective,
    ev.BattleResult: _result,
    ev.BattleEnded: _ended,
    ev.OrderGiven: _order,
    ev.MagazinesFlooded: _flooded,
    ev.Dogfight: _dogfight,
    ev.AAFire: _aa,
    ev.UnreadEvent: lambda e: e.recorded or "",
}
"""The event types told by a function rather than a template."""

Piece = tuple[str, str | None, int | None, str]
"""A parsed template: literal text, then a field name, an index into it (or None) and its format spec."""


def pieces(template: str) -> list[Piece]:
    """The template split into (literal, field, index, spec) pieces."""
    out: list[Piece] = []
    for literal, name, spec, _ in string.Formatter().parse(template):
        index = None
        if name is not None and "[" in name:
            name, rest = name.split("[", 1)
            index = int(rest.rstrip("]"))
        out.append((literal, name, index, spec or ""))
    return out


_COMPILED: dict[type[ev.Event], list[Piece]] = {cls: pieces(t) for cls, t in TEMPLATES.items()}


def render_value(value: Any, spec: str) -> str:
    """One field of a template in the words of its spec (module docstring)."""
    if spec.startswith("?"):
        yes, _, no = spec[1:].partition("|")
        return yes if value else no
    if spec.startswith("*"):
        sep, _, prefix = spec[1:].partition("|")
        return prefix + sep.join(map(str, value)) if value or not prefix else ""
    if spec.startswith("~"):
        prefix, _, rest = spec[1:].partition("|")
        fmt, _, suffix = rest.partition("|")
        return f"{prefix}{format(value, fmt)}{suffix}" if value else ""
    if spec == "mods":
        return f" [{', '.join(f'{w} {v:+d}' for w, v in value)}]" if value else ""
    if spec == "#":
        return str(len(value))
    if spec == "_":
        return str(value).replace("_", " ")
    return format(value, spec)


def narrate(event: ev.Event) -> str:
    """The event's line of the account."""
    teller = TELLERS.get(type(event))
    if teller is not None:
        return teller(event)
    parts = []
    for literal, name, index, spec in _COMPILED[type(event)]:
        parts.append(literal)
        if name is not None:
            value = getattr(event, name)
            parts.append(render_value(value if index is None else value[index], spec))
    return "".join(parts)


ev._HOOKS["narrate"] = narrate
