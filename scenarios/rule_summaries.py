"""Rule citations and the project's own summaries of the rules they name (issue 17, "a rule lookup").

A citation names a rule the way the code does: a section of seed 002 (``002 §3.246``), a heading of seeds 000, 001
or 003 (``000 Deployment``, ``000 Submarines: Depth``), a rule number of a base game (``VITP 4.9``, ``WAS 3.1``) or
one of our rulings (``R-CMB-05``, in ``docs/rulings.md``).  :func:`find_citations` reads them out of any text (a
refusal, a message, the phase bar): ``VITP 6.1 / WAS 3.1`` is two citations, ``002 §4.11, §2.222`` two of 002, a
range ``002 §2.31-2.33`` its two ends (R-UI-20).

A :class:`RuleSummary` (``rules:`` in ``scenarios/data/rules/*.yaml``) is our words for one rule, never the
rulebook's sentences, with its source and certainty like any sourced data; a user's ``--data DIR`` may replace it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pydantic import Field, field_validator

from scenarios.models import NonEmpty, Sourced

_HEAD = r"[A-Z\"](?:[\w'&\"-]*\w)?!?"
_CONNECTIVE = r"(?:and|with|at|for|the|of|a|to|in|&)"
_TITLE = rf"{_HEAD}(?: (?:{_CONNECTIVE} )*{_HEAD})*"
_NUMBER = r"\d+(?:\.\d+)*"
_SECTION = rf"§{_NUMBER}(?:-{_NUMBER})?"
# A base-game rule has a section (VITP 4.9) or two digits (VITP 18): "VITP 1" is a turn (the phase bar's "Turn 3/10
# (VITP 1)"), never a citation (R-UI-20).
_BASE_RULE = rf"(?:\d+\.\d+(?:\.\d+)*|\d{{2}})(?:-{_NUMBER})?"
# A sub-heading (": Depth") counts only where the title ends the text or a clause (": Hood cannot ..." is a message).
CITATION = re.compile(
    rf"(?<![\d,.])\b(?P<seed>00[0-3]) (?:(?P<sections>{_SECTION}(?:, {_SECTION})*)|(?P<chart>chart)\b"
    rf"|(?P<heading>{_TITLE}(?:: {_TITLE}(?=$|[:;,.)]))*))"
    rf"|\b(?P<game>VITP|WAS) (?P<number>{_BASE_RULE})\b"
    rf"|\b(?P<ruling>R-[A-Z]+-\d+)\b"
)
RULING = re.compile(r"R-[A-Z]+-\d+")


@dataclass(frozen=True)
class Citation:
    """One rule named in a text: ``key`` its canonical form (``002 §3.246``, ``000 Deployment``), ``text`` the
    words that cited it (``002 §2.31-2.33`` for both ends of a range), ``start``/``end`` where in the text."""

    key: str
    text: str
    start: int
    end: int

    @property
    def is_ruling(self) -> bool:
        return RULING.fullmatch(self.key) is not None


def _ends(span: str) -> list[str]:
    """The sections a span names: ``5.71-5.735`` gives both ends, ``3.246`` itself."""
    first, _, last = span.partition("-")
    return [first, last] if last else [first]


def find_citations(text: str) -> list[Citation]:
    """Every citation in ``text``, in reading order, each key once (its first place)."""
    found: list[Citation] = []
    for m in CITATION.finditer(text):
        keys: list[str]
        if m["sections"]:
            keys = [f"{m['seed']} §{end}" for part in m["sections"].split(", ") for end in _ends(part[1:])]
        elif m["chart"]:
            keys = [f"{m['seed']} chart"]
        elif m["heading"]:
            keys = [f"{m['seed']} {m['heading'].replace(chr(34), '')}"]
        elif m["game"]:
            keys = [f"{m['game']} {end}" for end in _ends(m["number"])]
        else:
            keys = [m["ruling"]]
        found += [Citation(key, m.group(0), m.start(), m.end()) for key in keys]
    first: dict[str, Citation] = {}
    for cite in found:
        first.setdefault(cite.key, cite)
    return list(first.values())


def parent(key: str) -> str | None:
    """The rule ``key`` is part of, to fall back on when it has no summary of its own: ``002 §3.246`` ->
    ``002 §3.24`` -> ``002 §3.2`` -> ``002 §3``; ``000 Submarines: Depth`` -> ``000 Submarines``; ``VITP 17.31`` ->
    ``VITP 17.3`` -> ``VITP 17``; ``None`` at the top."""
    if ": " in key:
        return key.rsplit(": ", 1)[0]
    m = re.fullmatch(r"(.* §?)(\d+)\.(\d+)", key)
    if m is None:
        return None
    head, whole, digits = m.groups()
    return f"{head}{whole}.{digits[:-1]}" if len(digits) > 1 else f"{head}{whole}"


class RuleSummary(Sourced):
    """Our summary of one rule: ``name`` is its citation (``002 §3.246``), ``title`` a few words, ``summary`` one
    to three sentences in our words, ``rulings`` the ``docs/rulings.md`` entries that decide its open points."""

    name: NonEmpty
    title: NonEmpty
    summary: NonEmpty
    rulings: list[NonEmpty] = Field(default_factory=list)

    @field_validator("name")
    @classmethod
    def _is_one_citation(cls, value: str) -> str:
        cites = find_citations(value)
        if len(cites) != 1 or cites[0].key != value or cites[0].is_ruling:
            raise ValueError(f"'{value}' is not one rule citation (e.g. '002 §3.246', '000 Deployment', 'VITP 4.9')")
        return value

    @field_validator("summary")
    @classmethod
    def _short(cls, value: str) -> str:
        sentences = len(re.findall(r"[.!?](?:\s|$)", value.strip()))
        if sentences > 3:
            raise ValueError(f"a summary is one to three sentences (this one has {sentences})")
        return value

    @field_validator("rulings")
    @classmethod
    def _ruling_codes(cls, value: list[str]) -> list[str]:
        bad = [code for code in value if not RULING.fullmatch(code)]
        if bad:
            raise ValueError(f"not ruling codes (R-XXX-NN): {', '.join(bad)}")
        return value
