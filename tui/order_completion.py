"""Completion of the typed order line: only what the order could legally name now (issue #17, R-UI-51).

As the player types, the line offers the rest of a name (→ takes it, as textual's suggestions do): after the verb,
the units that verb may order now; after ``>``, the places every unit named may legally go with it (``place Nel >
mal`` offers Malta, never Maloelap, where Nelson may not arrive).  A name typed so far that fits nothing legal gets
no offer; the line still reads it (:func:`tui.order_entry.parse_orders`), and the engine refuses an illegal order
with its rule.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.suggester import Suggester

from scenarios.loader import CampaignData
from tui.order_entry import VERBS, Legal, OrderSyntaxError, units_named


def complete(data: CampaignData, legal: Legal, value: str) -> str | None:
    """``value`` with the rest of the name being typed, among the legal ones (the first that fits, in the order
    the rules list them), or ``None``."""
    words = value.lstrip().split(None, 1)
    if not words:
        return None
    verb = words[0].casefold()
    if len(words) == 1 and not value.endswith(" "):
        open_verbs = [v for v in VERBS if legal.units(v)]
        return _extend(value, words[0], open_verbs)
    if verb not in VERBS:
        return None
    rest = words[1] if len(words) > 1 else ""
    if ">" not in rest:
        named = [n.strip().casefold() for n in rest.split(",")[:-1]]
        typed = rest.split(",")[-1]
        return _extend(value, typed, [u for u in legal.units(verb) if u.casefold() not in named])
    try:
        units = units_named(data, rest.split(">")[0], legal.units(verb))
    except OrderSyntaxError:
        return None
    places = [p for p in legal.places(verb, units[0]) if all(p in legal.places(verb, u) for u in units)]
    return _extend(value, rest.rsplit(">", 1)[1], places)


def _extend(value: str, typed: str, names: list[str]) -> str | None:
    """``value`` completed with the first of ``names`` that ``typed`` (its end) begins, case ignored; the name is
    written whole as the data has it (``air al`` -> ``air Allied LBA``: the line shows the rest, → takes it all)."""
    stem = typed.lstrip()
    if not stem:
        return None
    match = next((n for n in names if n.casefold().startswith(stem.casefold()) and len(n) > len(stem)), None)
    return None if match is None else value[:len(value) - len(stem)] + match


class LegalOrderSuggester(Suggester):
    """The order line's suggester: :func:`complete` over the orders legal now (``legal`` is asked each time)."""

    def __init__(self, data: CampaignData, legal: Callable[[], Legal]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.data, self.legal = data, legal

    async def get_suggestion(self, value: str) -> str | None:
        return complete(self.data, self.legal(), value)
