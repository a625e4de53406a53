"""The start screen's choice of a new campaign's rule options (issue 19): a folded section whose title names the
options chosen (Enter or a click opens it), then one row per option, campaign options first, each with its kind and
source (:func:`strategic.rule_options.option_rows`); space or a click switches one on.  The line under the list
gives the highlighted option's summary."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.widgets import Collapsible, SelectionList, Static
from textual.widgets.selection_list import Selection

from strategic.rule_options import CAMPAIGN_OPTIONS, option_rows


class RuleOptionsChoice(Collapsible):
    """The rule options of a new game, none chosen unless ``preset`` (``vas play --option``) names some."""

    DEFAULT_CSS = """
    RuleOptionsChoice SelectionList { height: auto; max-height: 12; }
    RuleOptionsChoice #option-note { height: auto; }
    """

    def __init__(self, preset: tuple[str, ...] = (), **kwargs: str) -> None:
        self.preset = preset
        self.summaries = {name: (summary, source) for name, summary, source in option_rows()}
        rows = SelectionList[str](*(Selection(_label(name, source), name, name in preset)
                                    for name, (_, source) in self.summaries.items()), id="option-list")
        super().__init__(rows, Static(self.note(None, list(preset)), id="option-note"), title=_title(list(preset)),
                         **kwargs)  # type: ignore[arg-type]

    def chosen(self) -> list[str]:
        """The options switched on, in the list's order."""
        selected = self.query_one(SelectionList).selected
        return [name for name in self.summaries if name in selected]

    def note(self, highlighted: str | None, chosen: list[str]) -> Text:
        """The highlighted option's summary (if any) and the options ``chosen``."""
        text = Text()
        if highlighted is not None:
            summary, source = self.summaries[highlighted]
            text.append(f"{highlighted}: ", style="bold")
            text.append(f"{summary} [{source}]\n")
        text.append(f"Chosen: {', '.join(chosen) if chosen else 'none (the standard rules)'}", style="italic")
        return text

    @on(SelectionList.SelectionHighlighted)
    @on(SelectionList.SelectedChanged)
    def _changed(self) -> None:
        options = self.query_one(SelectionList)
        index = options.highlighted
        highlighted = options.get_option_at_index(index).value if index is not None else None
        self.query_one("#option-note", Static).update(self.note(highlighted, self.chosen()))
        self.title = _title(self.chosen())


def _title(chosen: list[str]) -> str:
    return ("Rule options of a new game: " + (", ".join(chosen) if chosen else "none, the standard rules")
            + " (Enter shows or hides the list; a loaded game keeps its own)")


def _label(name: str, source: str) -> Text:
    kind = "campaign" if name in CAMPAIGN_OPTIONS else "tactical"
    text = Text(f"{name} ", style="bold")
    text.append(f"({kind}; {source})", style="dim")
    return text
