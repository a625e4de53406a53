"""Calibration of the card generator against published cards (``vas cards calibrate``, issue 7, R-CARD-02).

The published set: every card in the data that is not reconstructed (``confidence`` rulebook or secondary: the
US cards of ``reference/cards/usn_*.csv`` and the Northampton example of 000) whose ``class_name`` is a class of
the data.  Each card is compared in every state it prints: as built (or the year its source names, e.g. "Idaho
1945") and at each refit year, against the generated card of its class in the same year.  Fields whose own
provenance is reconstructed (Northampton's weapons and points) are left out.

Per field: Armour and Flank Speed exact; Hull within 10% (and exactly; Crippled is Hull // 3 on every published
card and on every generated one, so it follows Hull); ship traits exact (as a set); points
within 10%; weapon systems matched: a published system counts as matched when the generated card has a system of
the same kind, arcs, range bands, Attack Dice, AP, DD and traits (names aside), each generated system matching at
most one; a "profile" match ignores AD and traits.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scenarios.cards import ShipCard, WeaponSystem
from scenarios.models import Confidence
from tactical.card_generator import CardIndex, printed_year

if TYPE_CHECKING:
    from scenarios.loader import CampaignData

HULL_TOLERANCE = 0.10
POINTS_TOLERANCE = 0.10
FIELDS = ("armour", "flank_speed", "hull", "hull_exact", "traits", "points", "weapons", "weapons_profile")
LABELS = {
    "armour": "Armour (exact)",
    "flank_speed": "Flank Speed (exact)",
    "hull": "Hull (within 10%)",
    "hull_exact": "Hull (exact)",
    "traits": "ship traits (exact set)",
    "points": "points (within 10%)",
    "weapons": "weapon systems matched (exact)",
    "weapons_profile": "weapon systems matched (profile)",
}


def _exact_key(w: WeaponSystem) -> tuple[object, ...]:
    return (w.kind, frozenset(w.arcs), w.ranges, w.ad, w.ap, w.dd, frozenset(w.traits))


def _profile_key(w: WeaponSystem) -> tuple[object, ...]:
    return (w.kind, frozenset(w.arcs), w.ranges, w.ap, w.dd)


def matched(published: list[WeaponSystem], generated: list[WeaponSystem], key=_exact_key) -> int:
    """How many published systems have a generated counterpart (each generated system used once)."""
    pool = Counter(key(w) for w in generated)
    hits = 0
    for w in published:
        k = key(w)
        if pool[k] > 0:
            pool[k] -= 1
            hits += 1
    return hits


@dataclass
class Comparison:
    """One published card state against the generated card of the same class and year."""

    card: str
    year: int | None
    published: ShipCard
    generated: ShipCard
    skipped: frozenset[str]
    results: dict[str, tuple[int, int]] = field(default_factory=dict)  # field -> (agreeing, compared)

    def label(self) -> str:
        return self.card + (f" {self.year}" if self.year else "")


@dataclass
class CalibrationReport:
    comparisons: list[Comparison]

    def totals(self) -> dict[str, tuple[int, int]]:
        out: dict[str, tuple[int, int]] = {}
        for f in FIELDS:
            agree = sum(c.results[f][0] for c in self.comparisons if f in c.results)
            total = sum(c.results[f][1] for c in self.comparisons if f in c.results)
            out[f] = (agree, total)
        return out

    def share(self, name: str) -> float:
        agree, total = self.totals()[name]
        return agree / total if total else 0.0

    def misses(self, name: str) -> list[str]:
        lines = []
        for c in self.comparisons:
            if name not in c.results or c.results[name][0] == c.results[name][1]:
                continue
            p, g = c.published, c.generated
            if name in ("weapons", "weapons_profile"):
                key = _exact_key if name == "weapons" else _profile_key
                pool = Counter(key(w) for w in g.weapons)
                lost = []
                for w in p.weapons:
                    if pool[key(w)] > 0:
                        pool[key(w)] -= 1
                    else:
                        lost.append(_describe(w))
                lines.append(f"{c.label()}: unmatched {'; '.join(lost)}")
            elif name == "traits":
                lines.append(f"{c.label()}: published {sorted(p.traits)}, generated {sorted(g.traits)}")
            else:
                attr = "hull" if name == "hull_exact" else name
                lines.append(f"{c.label()}: published {getattr(p, attr)}, generated {getattr(g, attr)}")
        return lines


def _describe(w: WeaponSystem) -> str:
    arcs = "all" if len(w.arcs) == 4 else "/".join(a.value for a in w.arcs)
    return f"{w.name} [{arcs} {w.ranges} AD {w.ad} AP {w.ap} DD {w.dd} {','.join(w.traits)}]"


def published_cards(data: CampaignData) -> list[ShipCard]:
    """The calibration set: data cards that are not reconstructed and whose class is in the data."""
    classes = {c.casefold() for c in data.classes}
    return [
        card for card in data.cards.values()
        if card.confidence is not Confidence.RECONSTRUCTED and card.class_name.casefold() in classes
    ]


def _class_named(data: CampaignData, name: str) -> str:
    return next(c for c in data.classes if c.casefold() == name.casefold())


def compare(published: ShipCard, generated: ShipCard, skipped: frozenset[str], year: int | None,
            name: str) -> Comparison:
    c = Comparison(name, year, published, generated, skipped)
    r = c.results
    if "armour" not in skipped:
        r["armour"] = (int(published.armour == generated.armour), 1)
    if "flank_speed" not in skipped:
        r["flank_speed"] = (int(published.flank_speed == generated.flank_speed), 1)
    if "hull" not in skipped:
        r["hull"] = (int(abs(generated.hull - published.hull) <= HULL_TOLERANCE * published.hull), 1)
    if "hull" not in skipped:
        r["hull_exact"] = (int(published.hull == generated.hull), 1)
    if "traits" not in skipped:
        r["traits"] = (int(set(published.traits) == set(generated.traits)), 1)
    if "points" not in skipped:
        r["points"] = (int(abs(generated.points - published.points) <= POINTS_TOLERANCE * published.points), 1)
    if "weapons" not in skipped:
        r["weapons"] = (matched(published.weapons, generated.weapons), len(published.weapons))
        r["weapons_profile"] = (matched(published.weapons, generated.weapons, _profile_key), len(published.weapons))
    return c


def calibrate(data: CampaignData) -> CalibrationReport:
    """Compare every published card state with the generated card (see the module docstring)."""
    index = CardIndex(data)
    comparisons = []
    for card in published_cards(data):
        generated = index.generated(_class_named(data, card.class_name))
        skipped = frozenset(f for f, p in card.provenance.items() if p.confidence is Confidence.RECONSTRUCTED)
        years: list[int | None] = [printed_year(card)] + [r.year for r in card.refits]
        for year in years:
            comparisons.append(compare(card.as_of(year), generated.as_of(year), skipped, year, card.name))
    return CalibrationReport(comparisons)
