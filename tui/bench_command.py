"""``vas bench``: how fast the engines run on this machine (a benchmark, never a test).

    vas bench [--repeat R] [--skip-tactical-campaign]

Prints: tactical battles per second at 4v4, 12v12 and 30v30; classic battles per second; full campaigns per
second with classic combat and with tactical combat (when the tactical bridge is installed); and the tactical
engine's time per Attack Die (a whole battle's time divided by the Attack Dice it rolled) over a vectorised numpy
baseline's time per die, measured in the same run.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from scenarios.loader import CampaignData, load_data
from tactical.battle import BattleSpec, FleetSpec, RuleOptions, ShipSpec, resolve
from tactical.dice import Dice

US_CARDS = ("Northampton", "Portland", "Fletcher", "Nicholas", "Pennsylvania", "Mississippi")
IJN_CARDS = ("Aoba", "Fubuki", "Kongo", "Kagero")
GUNNERY_RULE = "000 Gunnery Phase"


def fleet_spec(data: CampaignData, size: int, seed: int) -> BattleSpec:
    """``size`` ships a side (US against IJN cards, 1942), on a table that grows with the fleets."""
    def fleet(name: str, cards: tuple[str, ...], prefix: str) -> FleetSpec:
        return FleetSpec(name=name, ships=[ShipSpec(name=f"{prefix} {cards[i % len(cards)]} {i + 1}",
                                                    card=data.cards[cards[i % len(cards)]].as_of(1942))
                                           for i in range(size)])

    width = 72.0 if size <= 6 else 120.0 if size <= 15 else 200.0
    height = 48.0 if size <= 6 else 72.0 if size <= 15 else 120.0
    return BattleSpec(sides=(fleet("US Navy", US_CARDS, "USS"), fleet("Imperial Japanese Navy", IJN_CARDS, "IJN")),
                      table_width=width, table_height=height, options=RuleOptions(matched_objectives=True),
                      seed=seed)


def timed(fn: Callable[[], object], repeat: int) -> tuple[float, list[object]]:
    out = []
    start = time.perf_counter()
    for _ in range(repeat):
        out.append(fn())
    return time.perf_counter() - start, out


def add_bench_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    cmd = sub.add_parser("bench", help="engine speed on this machine")
    cmd.add_argument("--repeat", type=int, default=1, help="multiply every sample count")
    cmd.add_argument("--skip-tactical-campaign", action="store_true",
                     help="leave out the (slow) full campaign with tactical combat")
    cmd.set_defaults(func=cmd_bench)


def cmd_bench(args: argparse.Namespace) -> int:
    data = load_data()
    rows: list[tuple[str, str]] = []
    repeat = max(1, args.repeat)

    # tactical battles by size, and the per-die cost
    battle_seconds = 0.0
    attack_dice = 0
    for size, count in ((4, 6), (12, 3), (30, 1)):
        count *= repeat
        seconds = 0.0
        for seed in range(count):
            spec = fleet_spec(data, size, seed)
            dice = Dice(seed)
            start = time.perf_counter()
            resolve(spec, dice=dice)
            seconds += time.perf_counter() - start
            if size == 4:
                battle_seconds += time.perf_counter() - start
                attack_dice += sum(len(r.faces) for r in dice.log if r.rule.startswith(GUNNERY_RULE))
        each = seconds / count * 1000
        rows.append((f"tactical battles/s, {size}v{size}", f"{count / seconds:.2f}  ({each:.0f} ms each)"))
    baseline_rng = np.random.default_rng(0)
    n = 2_000_000
    start = time.perf_counter()
    faces = baseline_rng.integers(1, 7, size=n)
    (faces >= 4).sum()
    numpy_per_die = (time.perf_counter() - start) / n
    engine_per_die = battle_seconds / max(attack_dice, 1)
    rows.append(("tactical time per Attack Die", f"{engine_per_die * 1e6:.1f} µs ({attack_dice} dice in 4v4 battles)"))
    rows.append(("numpy baseline per die", f"{numpy_per_die * 1e9:.1f} ns"))
    rows.append(("engine / numpy per die", f"{engine_per_die / numpy_per_die:,.0f}x"))

    # classic battles: the three turn-1 battles of the standard game, fought again and again
    from strategic.ai import BaselineAI, play
    from strategic.campaign import Campaign
    from strategic.classic.resolver import ClassicResolver
    from strategic.clock import Clock
    from strategic.odds import battle_odds

    campaign = Campaign.new(data, "standard", seed=1)
    clock = Clock(campaign)
    play(campaign, clock, dict.fromkeys(("japan", "germany_italy", "united_states", "allies"), BaselineAI()))
    runs = 300 * repeat
    seconds = 0.0
    fought = 0
    for area in campaign.state.pending_battles:
        start = time.perf_counter()
        battle_odds(campaign, area, ClassicResolver(), runs=runs)
        seconds += time.perf_counter() - start
        fought += runs
    rows.append(("classic battles/s (turn-1 battles)", f"{fought / seconds:,.0f}"))

    def campaign_with(resolver_name: str) -> None:
        from strategic.combat import make_resolver

        game = Campaign.new(data, "standard", seed=7, resolver=make_resolver(resolver_name))
        game_clock = Clock(game)
        play(game, game_clock, dict.fromkeys(("japan", "germany_italy", "united_states", "allies"), BaselineAI()))

    seconds, _ = timed(lambda: campaign_with("classic"), 2 * repeat)
    rows.append(("campaigns/s, classic combat", f"{2 * repeat / seconds:.2f}  ({seconds / (2 * repeat):.1f} s each)"))
    if args.skip_tactical_campaign:
        rows.append(("campaigns/s, tactical combat", "skipped (--skip-tactical-campaign)"))
    else:
        try:
            seconds, _ = timed(lambda: campaign_with("tactical"), 1)
            rows.append(("campaigns/s, tactical combat", f"{1 / seconds:.3f}  ({seconds:.0f} s each)"))
        except (ImportError, ValueError) as exc:
            rows.append(("campaigns/s, tactical combat", f"not available: {exc}"))
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"{key:<{width}}  {value}")
    return 0
