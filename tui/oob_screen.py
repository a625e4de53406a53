"""The order of appearance screen (key ``o``, the start screen's button)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    DataTable,
    Footer,
    Select,
    Static,
)

from scenarios.loader import CampaignData
from strategic.battles import campaign_year
from strategic.order_of_appearance import Movement, order_of_appearance, vitp_turn
from tactical import CardIndex
from tui.cards_cli import counter_lines
from tui.labels import counter_label, side_label
from tui.mounting import GameHeader


class OobScreen(Screen[None]):
    """The order of appearance: every arrival and removal, turn by turn, filterable by nation; the highlighted
    counter's card for the year of the turn (and its air group or boats) shows below the table."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        data: CampaignData = self.app.data  # type: ignore[attr-defined]
        yield GameHeader(show_clock=False)
        yield Select([("All nations", "")] + [(n.name, code) for code, n in data.nations.items()],
                     value="", allow_blank=False, id="nation")
        yield DataTable(id="oob", zebra_stripes=True, cursor_type="row")
        with VerticalScroll(id="oob-card-scroll"):
            yield Static("Highlight a row to see the counter's card.", id="oob-card")
        yield Footer()

    def on_mount(self) -> None:
        self._rows: list[tuple[str, int]] = []
        self._index: CardIndex | None = None
        table = self.query_one("#oob", DataTable)
        table.add_columns("Turn", "VITP", "Side", "Nation", "Unit", "Type", "Counter", "Where")
        self.fill("")

    @on(Select.Changed, "#nation")
    def _nation(self, event: Select.Changed) -> None:
        self.fill(str(event.value or ""))

    def fill(self, nation: str) -> None:
        data: CampaignData = self.app.data  # type: ignore[attr-defined]
        table = self.query_one("#oob", DataTable)
        table.clear()
        self._rows = []
        for row in order_of_appearance(data, nation=nation or None):
            where = "removed" if row.movement is Movement.REMOVED else " or ".join(row.places)
            table.add_row(str(row.turn), str(vitp_turn(row.turn) or ""), side_label(row.side), row.unit.nation,
                          row.unit.name, row.unit.type.value, counter_label(row.unit), where)
            self._rows.append((row.unit.name, row.turn))

    @on(DataTable.RowHighlighted, "#oob")
    def show_card(self, event: DataTable.RowHighlighted) -> None:
        """The highlighted counter's card in the year of its turn (R-CARD-05), or what else it puts on the table."""
        if not 0 <= event.cursor_row < len(self._rows):
            return
        data: CampaignData = self.app.data  # type: ignore[attr-defined]
        name, turn = self._rows[event.cursor_row]
        year = campaign_year(turn)
        if self._index is None:
            self._index = CardIndex(data)
        lines = counter_lines(data, name, year, self._index)
        text = "\n".join(lines) if lines else f"{name}: nothing on the tactical table"
        self.query_one("#oob-card", Static).update(Text(f"{name}, turn {turn} ({year}):\n{text}"))
