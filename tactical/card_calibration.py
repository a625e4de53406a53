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
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, cast

from scenarios.cards import ShipCard, WeaponKind, WeaponSystem
from scenarios.models import Confidence
from tactical.card_generator import MODEL, CardIndex, CardModel, printed_year

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


def calibrate(data: CampaignData, model: CardModel = MODEL,
              cards: list[ShipCard] | None = None) -> CalibrationReport:
    """Compare every published card state (or those of ``cards``) with the card ``model`` generates (see the
    module docstring)."""
    index = CardIndex(data, model)
    comparisons = []
    for card in published_cards(data) if cards is None else cards:
        generated = index.generated(_class_named(data, card.class_name))
        skipped = frozenset(f for f, p in card.provenance.items() if p.confidence is Confidence.RECONSTRUCTED)
        years: list[int | None] = [printed_year(card)] + [r.year for r in card.refits]
        for year in years:
            comparisons.append(compare(card.as_of(year), generated.as_of(year), skipped, year, card.name))
    return CalibrationReport(comparisons)


# ---------------------------------------------------------------------------------------------------- cross-validation

FIT_GRID: dict[str, tuple[float, ...]] = {
    "hull_per_kiloton": tuple(round(1.8 + 0.03 * i, 2) for i in range(21)),
    "light_gun_share": (0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9),
    "heavy_dp_gun_share": (0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9),
    "destroyer_gun_share": (0.4, 0.5, 0.6, 0.65, 0.7, 0.75),
    "casemate_gun_share": (0.33, 0.4, 0.5, 0.6),
    "aa_barrels_per_die": (3, 4, 5, 6, 8),
    "local_barrels_per_point": (8, 10, 12, 15, 18, 20, 25, 30),
}
"""The values :func:`fit` tries for each constant of :class:`~tactical.card_generator.CardModel` (R-CARD-23)."""


def ad_pairs(report: CalibrationReport, kind: WeaponKind) -> list[tuple[int, int]]:
    """(published, generated) Attack Dice of the systems of ``kind`` matched by profile (kind, arcs, ranges, AP,
    DD); for the AA Battery, (published, generated) Local is in :func:`local_pairs`."""
    pairs = []
    for c in report.comparisons:
        if "weapons" in c.skipped:
            continue
        pool = [w for w in c.generated.weapons if w.kind is kind]
        for w in (w for w in c.published.weapons if w.kind is kind):
            twin = next((g for g in pool if _profile_key(g) == _profile_key(w)), None)
            if twin is None and kind is WeaponKind.AA_BATTERY and pool:
                twin = pool[0]  # one AA Battery a card; its ranges follow its dice
            if twin is not None:
                pool.remove(twin)
                pairs.append((w.ad, twin.ad))
    return pairs


def local_pairs(report: CalibrationReport) -> list[tuple[int, int]]:
    pairs = []
    for c in report.comparisons:
        if "weapons" in c.skipped:
            continue
        p = next((w for w in c.published.weapons if w.kind is WeaponKind.AA_BATTERY), None)
        g = next((w for w in c.generated.weapons if w.kind is WeaponKind.AA_BATTERY), None)
        if p is not None and g is not None:
            pairs.append((p.trait("Local") or 0, g.trait("Local") or 0))
    return pairs


def _score(report: CalibrationReport, name: str) -> float:
    if name == "hull_per_kiloton":
        return report.share("hull_exact") + report.share("hull")
    if name == "local_barrels_per_point":
        return sum(p == g for p, g in local_pairs(report))
    if name == "aa_barrels_per_die":
        return sum(p == g for p, g in ad_pairs(report, WeaponKind.AA_BATTERY))
    return sum(p == g for p, g in ad_pairs(report, WeaponKind.LIGHT_GUN))


def fit(data: CampaignData, cards: list[ShipCard]) -> CardModel:
    """The model that agrees best with ``cards``: each constant in turn takes the value of :data:`FIT_GRID` that
    matches most published figures (ties: the bundled value, else the smaller); a constant the cards do not test
    keeps its bundled value."""
    model = MODEL
    for name, values in FIT_GRID.items():
        scored = []
        for value in values:
            trial = replace(model, **cast(dict[str, Any], {name: value}))
            scored.append((_score(calibrate(data, trial, cards), name), getattr(MODEL, name) == value, -value, value))
        best = max(scored)
        if best[0] > 0:
            model = replace(model, **cast(dict[str, Any], {name: best[3]}))
    return model


@dataclass
class FieldResult:
    """One field on the held-out navy: how many agree, of how many, and the mean absolute error."""

    label: str
    agree: int
    total: int
    mean_error: float | None

    @property
    def share(self) -> float:
        return self.agree / self.total if self.total else 0.0


def _within(pairs: list[tuple[int, int]], label: str, tolerance: int = 0) -> FieldResult:
    agree = sum(abs(p - g) <= tolerance for p, g in pairs)
    error = sum(abs(p - g) for p, g in pairs) / len(pairs) if pairs else None
    return FieldResult(label, agree, len(pairs), error)


def held_out(report: CalibrationReport) -> list[FieldResult]:
    """The cross-validation fields of a report on the held-out navy."""
    def figure(attr: str) -> list[tuple[int, int]]:
        return [(getattr(c.published, attr), getattr(c.generated, attr)) for c in report.comparisons
                if attr not in c.skipped]

    totals = report.totals()
    hull = figure("hull")
    points = figure("points")
    light = ad_pairs(report, WeaponKind.LIGHT_GUN)
    aa = ad_pairs(report, WeaponKind.AA_BATTERY)
    local = local_pairs(report)
    pct = [(100 * p // max(1, p), 100 * g // max(1, p)) for p, g in points]
    return [
        _within(figure("armour"), "Armour (exact)"),
        _within(figure("flank_speed"), "Flank Speed (exact)"),
        FieldResult("Hull (within 10%)", *totals["hull"], _within(hull, "").mean_error),
        _within(hull, "Hull (exact)"),
        FieldResult("ship traits (exact set)", *totals["traits"], None),
        FieldResult("points (within 10%; error in %)", *totals["points"], _within(pct, "").mean_error),
        FieldResult("weapon systems (exact)", *totals["weapons"], None),
        FieldResult("weapon systems (profile)", *totals["weapons_profile"], None),
        _within(light, "Light Gun AD (exact)"),
        _within(light, "Light Gun AD (within one die)", 1),
        _within(aa, "AA Battery AD (within one die)", 1),
        _within(local, "AA Local (within one)", 1),
    ]


def navies(data: CampaignData) -> dict[str, list[ShipCard]]:
    """The published cards by nation."""
    out: dict[str, list[ShipCard]] = {}
    for card in published_cards(data):
        out.setdefault(card.nation, []).append(card)
    return out


def cross_validate(data: CampaignData) -> list[tuple[str, str, CardModel, list[FieldResult]]]:
    """For each ordered pair of navies with published cards: (fitted on, tested on, the fitted model, the fields on
    the held-out navy)."""
    by_nation = navies(data)
    out = []
    for train, train_cards in by_nation.items():
        model = fit(data, train_cards)
        for test, test_cards in by_nation.items():
            if test != train:
                out.append((train, test, model, held_out(calibrate(data, model, test_cards))))
    return out
