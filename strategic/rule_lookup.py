"""The rule lookup (issue 17): the rules a text cites, each with our summary and its rulings.

:func:`lookup` finds the citations of a refusal, a message or the phase bar (:func:`scenarios.rule_summaries.
find_citations`) and resolves each against the summaries of the campaign data (``CampaignData.rules``): the
exact rule, else the nearest rule it is part of, saying so (``002 §3.246`` falls back on ``002 §3.24``, then
``002 §3.2``: R-UI-20).  A ruling code (``R-CMB-05``) resolves to its ``docs/rulings.md`` entry.

The rulings are read from the copy shipped in the package (``strategic/rulings.md``, put there by the wheel build:
``pyproject.toml``), else from the project's ``docs/rulings.md``; with neither, the lookup still gives the
summaries and says the rulings are missing (:attr:`Rulings.problem`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from scenarios.rule_summaries import Citation, RuleSummary, find_citations, parent

AI_RULINGS = "R-AI-"  # the AI's own choices (docs/rulings.md "The Allied AI in the Pacific")
_ENTRY = re.compile(r"^### (R-[A-Z]+-\d+): *(.*)$")
_CODE = re.compile(r"`[^`\n]*`")


@dataclass(frozen=True)
class Ruling:
    """One entry of ``docs/rulings.md``: its code, title and text (the lines under its heading)."""

    code: str
    title: str
    text: str

    def paragraphs(self) -> list[str]:
        """The text as paragraphs, one per bullet (``- Decision: ...``): the file's hard line breaks joined, so that
        a screen or a terminal wraps them to its own width."""
        out: list[str] = []
        for line in self.text.splitlines():
            words = line.strip()
            if not words:
                continue
            if words.startswith("- ") or not out:
                out.append(words)
            else:
                out[-1] += " " + words
        return out


@dataclass
class Rulings:
    """The entries of ``docs/rulings.md`` by code, and by the rules each cites; ``problem`` says why there are
    none (the file was not found or could not be read)."""

    entries: dict[str, Ruling] = field(default_factory=dict)
    problem: str | None = None
    citing: dict[str, list[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for ruling in self.entries.values():  # a citation in `code` is an example, not the rule decided
            if ruling.code.startswith(AI_RULINGS):
                continue  # how the AI plays decides no rule: a rule's lookup does not list it (it has its own code)
            for cite in find_citations(_CODE.sub("", f"{ruling.title}\n{ruling.text}")):
                if cite.key != ruling.code:
                    self.citing.setdefault(cite.key, []).append(ruling.code)


def parse_rulings(text: str) -> dict[str, Ruling]:
    """The entries of a rulings file: each ``### R-XXX-NN: title`` heading and its lines up to the next heading."""
    entries: dict[str, Ruling] = {}
    code, title = "", ""
    lines: list[str] = []
    for line in [*text.splitlines(), "## end"]:
        heading = _ENTRY.match(line)
        if heading or line.startswith("#"):
            if code:
                entries[code] = Ruling(code, title, "\n".join(lines).strip())
            code, title, lines = (heading[1], heading[2], []) if heading else ("", "", [])
        elif code:
            lines.append(line)
    return entries


def rulings_path() -> Path | None:
    """The rulings file: the packaged copy (an installed wheel), else ``docs/rulings.md`` of the project."""
    packaged = Path(str(resources.files("strategic"))) / "rulings.md"
    project = Path(__file__).resolve().parents[1] / "docs" / "rulings.md"
    return next((p for p in (packaged, project) if p.is_file()), None)


def load_rulings(path: Path | None = None) -> Rulings:
    """The rulings read from ``path`` (default :func:`rulings_path`); never raises: a missing or unreadable file
    gives no entries and a ``problem`` naming it."""
    path = path or rulings_path()
    if path is None:
        return Rulings(problem="the rulings (docs/rulings.md) are not installed with this copy of the game")
    try:
        return Rulings(parse_rulings(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError) as exc:
        return Rulings(problem=f"{path}: the rulings cannot be read ({exc.__class__.__name__})")


@dataclass(frozen=True)
class Resolution:
    """What a citation resolves to: ``summary`` (``None`` for a ruling code or an unknown rule), ``shown`` the key
    whose summary is shown (the citation's own, or the rule it is part of), and the ``rulings`` concerned."""

    citation: Citation
    summary: RuleSummary | None
    shown: str | None
    rulings: tuple[Ruling, ...]
    missing_rulings: tuple[str, ...] = ()

    @property
    def found(self) -> bool:
        return self.summary is not None or (self.citation.is_ruling and bool(self.rulings))

    @property
    def fallback(self) -> bool:
        return self.shown is not None and self.shown != self.citation.key

    @property
    def title(self) -> str:
        """One line for a list of rules: the citation and its title."""
        if self.summary is not None:
            under = f" (part of {self.shown})" if self.fallback else ""
            if not under and self.citation.key.casefold().endswith(self.summary.title.casefold()):
                return self.citation.key  # "000 War at Sea: Deployment", not "...: Deployment: Deployment"
            return f"{self.citation.key}{under}: {self.summary.title}"
        if self.rulings:
            return f"{self.citation.key}: {self.rulings[0].title}"
        return f"{self.citation.key}: no summary"


def resolve(citation: Citation, summaries: dict[str, RuleSummary], rulings: Rulings) -> Resolution:
    """``citation`` resolved: its own summary, else its nearest parent's, and the rulings that decide it."""
    key: str | None = citation.key
    while key is not None and key not in summaries:
        key = parent(key)
    summary = summaries.get(key) if key else None
    codes = [citation.key] if citation.is_ruling else []
    if summary is not None and key is not None:
        codes += [*summary.rulings, *rulings.citing.get(citation.key, []), *rulings.citing.get(key, [])]
    unique = list(dict.fromkeys(codes))
    found = tuple(rulings.entries[c] for c in unique if c in rulings.entries)
    missing = tuple(c for c in unique if c not in rulings.entries)
    return Resolution(citation, summary, key if summary else None, found, missing)


def lookup(text: str, summaries: dict[str, RuleSummary], rulings: Rulings) -> list[Resolution]:
    """Every rule ``text`` cites, resolved, in reading order."""
    return [resolve(c, summaries, rulings) for c in find_citations(text)]


def describe(res: Resolution, rulings: Rulings, *, full_rulings: bool = True) -> list[str]:
    """The lines that show a resolved citation (``vas rule`` and the rule screen): the summary, its source and
    certainty, and the rulings (their text when ``full_rulings``)."""
    cite = res.citation.key
    lines = [res.title]
    if res.fallback:
        lines.append(f"  (no summary of its own for {cite}: this is {res.shown}, the rule it is part of)")
    if res.summary is not None:
        lines += [f"  {res.summary.summary}", f"  Source: {res.summary.source}",
                  f"  Certainty: {res.summary.confidence.value}"]
    elif not res.citation.is_ruling:
        lines.append(f"  no summary of {cite} or of a rule it is part of")
    for ruling in res.rulings:
        if ruling.code != cite:
            lines.append(f"  Ruling {ruling.code}: {ruling.title}")
        if full_rulings or ruling.code == cite:
            lines += [f"    {paragraph}" for paragraph in ruling.paragraphs()]
    for code in res.missing_rulings:
        lines.append(f"  Ruling {code}: not in docs/rulings.md")
    if rulings.problem:
        lines.append(f"  ({rulings.problem})")
    return lines
