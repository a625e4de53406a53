"""The rule screen (issue 17, the rule lookup): our summary of a rule the game cites, with its rulings.

A refusal, a message or the phase bar names its rules (``002 §3.246``, ``VITP 6.1 / WAS 3.1``, ``R-CMB-05``):
:func:`link_citations` makes each citation a link (a click opens its rule), and the screens' ``l`` key opens the
rules of the latest message (:func:`open_rules`).  :class:`RuleScreen` shows one rule, or lets the player pick when
a text cites several.  The lines are :func:`strategic.rule_lookup.describe`'s, as ``vas rule`` prints them.
"""

from __future__ import annotations

from functools import lru_cache

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import OptionList, Static

from scenarios.loader import load_data
from scenarios.rule_summaries import RuleSummary, find_citations
from strategic.rule_lookup import Resolution, Rulings, describe, load_rulings, lookup
from tui.dialog_fit import FittedScroll


@lru_cache(maxsize=1)
def _rulings() -> Rulings:
    return load_rulings()


@lru_cache(maxsize=1)
def _bundled_summaries() -> dict[str, RuleSummary]:
    return load_data().rules


def summaries_of(app: App[object]) -> dict[str, RuleSummary]:
    """The summaries of the app's campaign data (``--data`` overrides included), else the bundled ones (the demo
    battle's app has no campaign data)."""
    data = getattr(app, "data", None)
    return data.rules if data is not None else _bundled_summaries()


def link_citations(text: Text | str, action: str = "screen.show_rule") -> Text:
    """``text`` with each rule citation a link: clicked, it runs ``action`` with the citation's key."""
    out = text.copy() if isinstance(text, Text) else Text(text)
    for cite in find_citations(out.plain):
        out.stylize(Style(meta={"@click": (action, (cite.key,))}), cite.start, cite.end)
    return out


class RuleScreen(FittedScroll):
    """The rules a text cites: the list to pick from (when several) and the chosen rule's summary, source,
    certainty and rulings.  Escape closes it."""

    SCROLL, SHARE = "#rule-scroll", 90

    BINDINGS = [Binding("escape,q,l", "app.pop_screen", "Close")]
    DEFAULT_CSS = """
    RuleScreen { align: center middle; }
    RuleScreen > Vertical { width: 96; max-width: 100%; height: auto; max-height: 90%; border: thick $accent;
                            background: $surface; padding: 0 1; }
    RuleScreen #rule-heading { text-style: bold; }
    RuleScreen #rule-list { height: auto; max-height: 8; }
    RuleScreen #rule-scroll { height: auto; }
    RuleScreen #rule-hint { color: $text-muted; }
    """

    def __init__(self, found: list[Resolution], rulings: Rulings) -> None:
        super().__init__()
        self.found, self.rulings = found, rulings
        self.shown = 0
        self.FRAME = 4 + (min(len(found), 8) if len(found) > 1 else 0)  # border, heading and hint; the rules' list

    def compose(self) -> ComposeResult:
        with Vertical():
            many = len(self.found) > 1
            heading = f"{len(self.found)} rules cited: pick one (↑/↓)" if many else "Rule"
            yield Static(heading, id="rule-heading")
            if many:
                yield OptionList(*[res.title for res in self.found], id="rule-list")
            with VerticalScroll(id="rule-scroll"):
                yield Static(self.detail(0), id="rule-detail")
            yield Static("Our summary, never the rulebook's words · Escape: close", id="rule-hint")

    def on_mount(self) -> None:
        if len(self.found) > 1:
            self.query_one("#rule-list", OptionList).highlighted = 0
            self.query_one("#rule-list", OptionList).focus()

    def detail(self, index: int) -> Text:
        lines = describe(self.found[index], self.rulings)
        text = Text(lines[0], style="bold")
        for line in lines[1:]:
            text.append("\n" + line)
        return text

    def show(self, index: int) -> None:
        self.shown = index
        self.query_one("#rule-detail", Static).update(self.detail(index))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.show(event.option_index)
        self.query_one("#rule-scroll").focus()


def open_rules(app: App[object], *texts: str) -> str | None:
    """Open the rule screen on every rule ``texts`` cite (in order, each once); ``None`` if done, else why not."""
    found = lookup("\n".join(t for t in texts if t), summaries_of(app), _rulings())
    if not found:
        return "no rule is cited in the latest message or the phase bar"
    app.push_screen(RuleScreen(found, _rulings()))
    return None
