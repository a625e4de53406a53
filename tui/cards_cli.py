"""``vas cards``: the Victory at Sea ship cards of the campaign's ships (issue 7).

    vas cards show NAME [--year Y] [--data DIR]...   the card of a counter, ship class, ship or data card
    vas cards calibrate [--misses N] [--data DIR]...  the generator against the published cards, per field
    vas cards list [--data DIR]...                    every ship counter, its class and where its card comes from
    vas cards import SHIPS.csv WEAPONS.csv --nation XX [--out FILE] [--data DIR]...
                                                      published cards (CSV pair) as a cards data file for --data

Cards are generated from the ship classes (``tactical.card_generator``); a published card or one of yours
(``--data DIR``, with the class's name as ``class_name``) replaces the generated one for the ships it lists.
``--year`` is a year of the war, :data:`FIRST_WAR_YEAR` to :data:`LAST_WAR_YEAR` (the refits in the data fall in
1941-1945, the campaign's years; a year before a ship's first refit gives its card as built); any other year is
refused, naming the flag and the range (exit 2), as is a negative ``--misses``.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

from pydantic import ValidationError

from scenarios.card_csv import cards_from_csv, dump_cards
from scenarios.cards import ShipCard
from scenarios.classes import class_of_counter, ship_name
from scenarios.errors import InputError
from scenarios.forces import LAST_YEAR
from scenarios.loader import CampaignData, load_data
from strategic.json_files import write_text_atomic
from tactical import CardIndex
from tactical.card_calibration import FIELDS, LABELS, calibrate, cross_validate
from tui.arguments import whole_number
from tui.outputs import check_outputs

FIRST_WAR_YEAR = 1939
"""The first year ``--year`` accepts: the first year of the war."""

LAST_WAR_YEAR = LAST_YEAR
"""The last year ``--year`` accepts: the campaign's last year (:data:`scenarios.forces.LAST_YEAR`, 1945), the last
year of the refits in the data."""


def war_year(text: str) -> int:
    """An argparse ``type``: a year from :data:`FIRST_WAR_YEAR` to :data:`LAST_WAR_YEAR`."""
    try:
        year = int(text)
    except ValueError:
        shown = text if len(text) <= 24 else text[:21] + "..."
        raise argparse.ArgumentTypeError(f"a year is expected, not '{shown}'") from None
    if not FIRST_WAR_YEAR <= year <= LAST_WAR_YEAR:
        raise argparse.ArgumentTypeError(f"{year} is not a year of the war: the cards cover {FIRST_WAR_YEAR} to "
                                         f"{LAST_WAR_YEAR}")
    return year





def add_cards_parser(sub: argparse._SubParsersAction, data_option) -> None:  # type: ignore[type-arg]
    cards = sub.add_parser("cards", help="ship cards: show, calibrate, list")
    cards_sub = cards.add_subparsers(dest="cards_command", required=True)
    show = cards_sub.add_parser("show", help="print a ship's card (a counter, class, ship or card name)")
    show.add_argument("name")
    show.add_argument("--year", type=war_year, metavar="Y",
                      help=f"apply the refits up to this year, {FIRST_WAR_YEAR}-{LAST_WAR_YEAR} (default: as built)")
    data_option(show)
    show.set_defaults(func=cmd_cards_show)
    cal = cards_sub.add_parser("calibrate", help="agreement of the generated cards with the published cards")
    cal.add_argument("--misses", type=whole_number(0), default=12, metavar="N",
                     help="misses to print per field (0 or more; default 12)")
    data_option(cal)
    cal.set_defaults(func=cmd_cards_calibrate)
    lst = cards_sub.add_parser("list", help="every ship counter, its class and its card's source")
    data_option(lst)
    lst.set_defaults(func=cmd_cards_list)
    imp = cards_sub.add_parser("import", help="convert a published CSV pair (ships, weapons) to a cards data file")
    imp.add_argument("ships_csv", metavar="SHIPS.csv")
    imp.add_argument("weapons_csv", metavar="WEAPONS.csv")
    imp.add_argument("--nation", required=True, metavar="XX", help="the cards' nation code (e.g. UK, DE, IT)")
    imp.add_argument("--out", metavar="FILE", help="write the YAML here (default: standard output)")
    data_option(imp)
    imp.set_defaults(func=cmd_cards_import)


def _load(args: argparse.Namespace) -> CampaignData:
    return load_data([Path(d) for d in args.data or []])


def find_card(data: CampaignData, name: str, year: int | None) -> tuple[ShipCard, str] | None:
    """The card NAME stands for, and what NAME was: a counter, a class, a ship of a class, or a data card."""
    index = CardIndex(data)
    wanted = name.casefold()
    for counter in class_of_counter(data):
        if counter.casefold() == wanted:
            return index.for_counter(counter, year), f"counter '{counter}'"
    for key in data.classes:
        if key.casefold() == wanted:
            card = index.generated(key)
            return card.as_of(year), f"class '{key}' (generated)"
    for cls in data.classes.values():
        for ship in cls.ships:
            if ship.name.casefold() == wanted:
                return index.for_ship(cls, ship.name).as_of(year), f"ship '{ship.name}' of class '{cls.name}'"
    for key, card in data.cards.items():
        if key.casefold() == wanted:
            return card.as_of(year), f"data card '{key}'"
    return None


def card_lines(card: ShipCard, width: int | None = None) -> list[str]:
    """A card as text: header, figures, traits, then one line per weapon system.  With ``width`` (a dialog's,
    R-UI-55) the weapon table's columns are as wide as their longest entry and a weapon's traits go on a line of
    their own when its row would be wider."""
    lines = [
        f"{card.name}  ({card.class_name} class, {card.nation}, {card.type.value})"
        + (f"  commissioned {card.commissioned}" if card.commissioned else ""),
        f"  Flank Speed {card.flank_speed}\"  Armour {card.armour}+  Hull {card.hull} (crippled at {card.crippled})  "
        f"Points {card.points}",  # R-UI-130: "Hull 151/50" read as 151 of 50
        f"  Traits: {', '.join(card.traits) or '-'}",
    ]
    rows = [(w.name, "all" if len(w.arcs) == 4 else ", ".join(a.value.title() for a in w.arcs),
             "/".join(f'{r}"' for r in w.ranges) if w.ranges else "-", f"{w.ad:>3} {w.ap:>+3} {w.dd:>3}",
             ", ".join(w.traits)) for w in card.weapons]
    head = ("Weapon system", "Arcs", "PB/S/L/E", f"{'AD':>3} {'AP':>3} {'DD':>3}", "Traits")
    widths = (38, 22, 14) if width is None else tuple(max(len(r[i]) for r in [head, *rows]) for i in range(3))
    for name, arcs, bands, dice, traits in [head, *rows]:
        row = f"  {name:{widths[0]}} {arcs:{widths[1]}} {bands:{widths[2]}} {dice}"
        if width is not None and traits and len(row) + 2 + len(traits) > width:
            lines += [row, f"{'':{4}}{traits}"]  # the traits under the weapon they belong to
        else:
            lines.append(f"{row}  {traits}" if traits or width is None else row)
    if card.ships:
        lines.append(f"  Ships: {', '.join(card.ships)}")
    if card.refits:
        lines.append(f"  Refits: {', '.join(str(r.year) for r in card.refits)} (vas cards show NAME --year Y)")
    lines.append(f"  Source: {card.source} [{card.confidence.value}]")
    return lines


def counter_lines(data: CampaignData, name: str, year: int, index: CardIndex | None = None,
                  width: int | None = None) -> list[str]:
    """What campaign counter ``name`` puts on the tactical table in ``year``, as text: a ship's card; a carrier's
    card and its air group; a land-based air unit's Flights; a submarine's or the Frogmen's boats and their card
    (R-CARD-03, R-CARD-09, R-CARD-10, R-CARD-13).  Raises ``KeyError`` for an unknown counter."""
    from scenarios.classes import CARD_SHIP_TYPES
    from scenarios.forces import ForceKind, force_kind, mix_for
    from scenarios.models import UnitType
    from strategic.battle_forces import boats_per_counter, flights_per_factor

    unit = data.units[name]
    index = index or CardIndex(data)
    lines: list[str] = []
    card = index.for_counter(name, year) if unit.type in CARD_SHIP_TYPES else None
    if card is not None:
        lines += card_lines(card, width)
    if unit.type is UnitType.AMPH:
        lines.append("  A landing unit: the lead transport of its group (R-CARD-12)")
    kind = force_kind(unit.type)
    if kind is None or (kind is ForceKind.CARRIER_AIR and not unit.air):
        return lines
    try:
        mix = mix_for(data, unit.nation, kind, year)
    except KeyError as exc:
        return [*lines, f"  {exc.args[0]}"]
    pieces = ", ".join(dict.fromkeys(mix.pieces))
    k = flights_per_factor(data)
    if kind is ForceKind.CARRIER_AIR:
        most = card.trait("Flights") if card is not None else None
        flights = min(k * (unit.air or 0), most or 0)
        lines.append(f"  Air group: {flights} Flights (air factor {unit.air} x {k}, at most the card's {most}): "
                     f"{pieces} ({mix.name})")
    elif kind is ForceKind.LAND_AIR:
        lines.append(f"Land-based air: {k * (unit.air or 0)} Flights (air factor {unit.air} x {k}): {pieces} "
                     f"({mix.name})")
    else:
        count = boats_per_counter(data) if kind is ForceKind.SUBMARINE else (unit.air or 1)
        what = "boat(s)" if kind is ForceKind.SUBMARINE else "chariot(s), hidden where the enemy lies"
        lines.append(f"{kind.value.capitalize()}: {count} {what} ({mix.name}):")
        lines += card_lines(data.cards[mix.pieces[0]].as_of(year), width)
    return lines


def cmd_cards_show(args: argparse.Namespace) -> int:
    data = _load(args)
    found = find_card(data, args.name, args.year)
    if found is None:
        names = list(dict.fromkeys([*class_of_counter(data), *data.classes, *data.cards]))
        close = difflib.get_close_matches(args.name, names, n=8, cutoff=0.6)
        hint = f" Did you mean: {', '.join(close)}?" if close else ""
        print(f"vas cards show: no counter, class, ship or card named '{args.name}'.{hint}", file=sys.stderr)
        return 2
    card, what = found
    print(f"# {what}" + (f", as of {args.year}" if args.year else ", as built"))
    if args.year and card.commissioned and args.year < card.commissioned:
        print(f"# not yet in service in {args.year} (commissioned {card.commissioned}): the card as built")
    print("\n".join(card_lines(card)))
    return 0


def cmd_cards_calibrate(args: argparse.Namespace) -> int:
    data = _load(args)
    report = calibrate(data)
    cards = len({c.card for c in report.comparisons})
    print(f"Generated cards against {cards} published card(s) in {len(report.comparisons)} card state(s) "
          "(as built and each refit year):")
    totals = report.totals()
    for name in FIELDS:
        agree, total = totals[name]
        share = 100 * agree / total if total else 0.0
        print(f"  {LABELS[name]:36} {agree:4}/{total:<4} {share:5.1f}%")
    for train, test, model, results in cross_validate(data):
        print(f"\nCross-validation (R-CARD-23): fitted on the {train} cards, tested on the {test} cards")
        fitted = ", ".join(f"{k} {v:g}" for k, v in vars(model).items())
        print(f"  fitted: {fitted}")
        for r in results:
            error = "" if r.mean_error is None else f"  mean error {r.mean_error:.2f}"
            print(f"  {r.label:36} {r.agree:4}/{r.total:<4} {100 * r.share:5.1f}%{error}")
    for name in FIELDS:
        misses = report.misses(name)
        if not misses or args.misses == 0:
            continue
        print(f"\nMisses, {LABELS[name]} ({len(misses)}):")
        for line in misses[: args.misses]:
            print(f"  {line}")
        if len(misses) > args.misses:
            print(f"  ... {len(misses) - args.misses} more (--misses N)")
    return 0


def cmd_cards_import(args: argparse.Namespace) -> int:
    """A published CSV pair as a ``cards`` data file (:mod:`scenarios.card_csv`, R-CARD-20); each ship's card
    takes the class that lists the ship in the data (else its own name) as ``class_name``."""
    data = _load(args)
    if args.nation not in data.nations:
        print(f"vas cards import: --nation: unknown nation '{args.nation}' (one of {', '.join(data.nations)})",
              file=sys.stderr)
        return 2
    class_of = {s.name: c.name for c in data.classes.values() for s in c.ships}
    try:
        check_outputs({"--out": Path(args.out) if args.out else None},
                      inputs={"SHIPS.csv": Path(args.ships_csv), "WEAPONS.csv": Path(args.weapons_csv)})
        cards = cards_from_csv(Path(args.ships_csv), Path(args.weapons_csv), args.nation, class_of)
        for card in cards:
            ShipCard.model_validate(card)
    except (InputError, ValidationError) as exc:
        print(f"vas cards import: {exc}", file=sys.stderr)
        return 2
    text = dump_cards(cards, f"Ship cards converted by `vas cards import` from {args.ships_csv}, {args.weapons_csv}")
    if args.out:
        try:
            write_text_atomic(Path(args.out), text)
        except OSError as exc:  # checked above; the disk may still fill up
            print(f"vas cards import: --out {args.out}: cannot write ({exc.strerror or exc})", file=sys.stderr)
            return 2
        print(f"{len(cards)} card(s) written to {args.out}")
    else:
        sys.stdout.write(text)
    return 0


def cmd_cards_list(args: argparse.Namespace) -> int:
    data = _load(args)
    index = CardIndex(data)
    for counter, cls in class_of_counter(data).items():
        card = index.data_card(cls, ship_name(cls, counter), counter)
        origin = f"data card '{card.name}' ({card.confidence.value})" if card else "generated"
        unit = data.units[counter]
        print(f"  {unit.nation:2} {unit.type.value:7} {counter:24} {cls.name:20} {origin}")
    return 0
