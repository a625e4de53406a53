"""The battle viewer: a tactical battle's table drawn to scale, per-ship cards, and the dice log, stepped phase by
phase, forward and back.

It replays a battle log (``BattleReport.to_json()``, the file ``vas battle --log`` writes): ship positions and
headings from the deploy and move events, Hull from the hull events, critical scores, crippling, sinking and
withdrawal.  The table is drawn to scale, one column per inch across and one row per two inches down (the north
edge at the top), shrunk evenly on narrow screens; each ship is a letter (capitals for the first side) with an
arrow for its heading; smoke is shaded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, RichLog, Static

from strategic.battle_logs import load_battle_log

ARROWS = "↑↗→↘↓↙←↖"
SIDE_STYLES = ("bold bright_cyan", "bold bright_red")


@dataclass
class ShipView:
    """One ship as of some point of the battle."""

    name: str
    side: str
    card: str
    hull_start: int
    hull: int
    letter: str
    pos: tuple[float, float] | None = None
    heading: float = 0.0
    crippled: bool = False
    sunk: bool = False
    withdrew: bool = False
    criticals: dict[str, int] = field(default_factory=lambda: {"engine": 0, "weapons": 0, "crew": 0})


def load_log(path: Path) -> dict[str, Any]:
    """Read a battle log (``vas battle --log``, ``vas run --battle-logs``); raises ``ValueError``
    (:class:`~strategic.battle_logs.BattleLogError`) naming the file if it is not one."""
    return load_battle_log(path)


def steps_of(events: list[dict[str, Any]]) -> list[int]:
    """Indexes where a new (turn, phase) begins: the points the viewer steps between."""
    out, last = [], None
    for i, event in enumerate(events):
        key = (event["turn"], event["phase"])
        if key != last:
            out.append(i)
            last = key
    return out


def replay(log: dict[str, Any], upto: int) -> tuple[dict[str, ShipView], list[tuple[float, float]]]:
    """The ships after the first ``upto`` events, and the smoke counters laid in the current turn."""
    ships: dict[str, ShipView] = {}
    counts = [0, 0]
    for ship in log["ships"]:
        side = log["sides"].index(ship["side"])
        letter = chr((65 if side == 0 else 97) + counts[side] % 26)
        counts[side] += 1
        ships[ship["name"]] = ShipView(ship["name"], ship["side"], ship["card"], ship["hull_start"],
                                       ship["hull_start"], letter)
    smoke: list[tuple[int, float, float]] = []
    turn = 0
    for event in log["events"][:upto]:
        turn = event["turn"]
        kind, data = event["kind"], event.get("data", {})
        view = ships.get(event.get("ship", ""))
        if kind == "deploy":
            for name, x, y, heading in data.get("positions", []):
                ships[name].pos, ships[name].heading = (x, y), heading
        elif view is None:
            continue
        elif kind == "move":
            view.pos, view.heading = tuple(data["pos"]), data["heading"]  # type: ignore[assignment]
        elif kind == "hull":
            view.hull = data["hull"]
        elif kind in ("critical", "damage_control"):
            view.criticals[data["area"]] = data["score"]
        elif kind == "crippled":
            view.crippled = True
        elif kind == "sunk":
            view.sunk, view.hull = True, 0
        elif kind == "withdrew":
            view.withdrew = True
        elif kind == "smoke":
            smoke += [(event["turn"], float(x), float(y)) for x, y in data.get("counters", [])]
    return ships, [(x, y) for t, x, y in smoke if t == turn]  # shown in the turn it was laid


def draw_table(ships: dict[str, ShipView], smoke: list[tuple[float, float]], log: dict[str, Any],
               width: float = 72.0, height: float = 48.0, max_cols: int | None = None,
               max_rows: int | None = None) -> Text:
    """The table to scale: one column per inch and one row per two inches, shrunk evenly to fit ``max_cols``
    columns and ``max_rows`` rows (borders included) when the screen is smaller."""
    width = max([width] + [s.pos[0] + 1 for s in ships.values() if s.pos])
    height = max([height] + [s.pos[1] + 1 for s in ships.values() if s.pos])
    scale = min(1.0, (max_cols - 2) / width) if max_cols and max_cols > 10 else 1.0
    if max_rows and max_rows > 6:
        scale = min(scale, (max_rows - 2) * 2 / height)
    cols, rows = max(int(width * scale), 8), max(int(height * scale / 2), 4)

    def cell(x: float, y: float) -> tuple[int, int]:
        return int(x * scale), rows - 1 - int(y * scale / 2)

    grid: list[list[tuple[str, str]]] = [[("·", "dim") for _ in range(cols)] for _ in range(rows)]
    for x, y in smoke:
        c, r = cell(x, y)
        if 0 <= c < cols and 0 <= r < rows:
            grid[r][c] = ("░", "grey50")
    for ship in ships.values():
        if ship.pos is None or ship.withdrew:
            continue
        c, r = cell(*ship.pos)
        c, r = min(max(c, 0), cols - 2), min(max(r, 0), rows - 1)
        style = SIDE_STYLES[log["sides"].index(ship.side)]
        if ship.sunk:
            grid[r][c] = ("x", "dim")
            continue
        grid[r][c] = (ship.letter, style)
        grid[r][c + 1] = (ARROWS[round(ship.heading / 45) % 8], style)
    text = Text()
    text.append("┌" + "─" * cols + "┐\n", style="dim")
    for row in grid:
        text.append("│", style="dim")
        for char, style in row:
            text.append(char, style=style)
        text.append("│\n", style="dim")
    text.append("└" + "─" * cols + "┘", style="dim")
    return text


def ship_cards(ships: dict[str, ShipView], log: dict[str, Any]) -> Text:
    """Each ship: letter, name, card, a Hull bar, state and critical scores."""
    text = Text()
    for ship in ships.values():
        style = SIDE_STYLES[log["sides"].index(ship.side)]
        text.append(f"{ship.letter} ", style=style)
        text.append(f"{ship.name} ({ship.card})\n", style="bold")
        filled = round(12 * ship.hull / max(ship.hull_start, 1))
        bar_style = "green" if not ship.crippled else "yellow"
        text.append("  Hull ")
        text.append("█" * filled, style=bar_style if ship.hull else "red")
        text.append("░" * (12 - filled), style="dim")
        state = "sunk" if ship.sunk else "withdrew" if ship.withdrew else "crippled" if ship.crippled else ""
        text.append(f" {ship.hull}/{ship.hull_start} {state}\n")
        crit = ship.criticals
        text.append(f"  Criticals: Engine {crit['engine']}  Weapons {crit['weapons']}  Crew {crit['crew']}\n",
                    style="dim" if not any(crit.values()) else "")
    return text


class BattleViewerScreen(Screen[None]):
    """Step through a battle: n/→ next phase, p/← previous, end (G) and start (g)."""

    BINDINGS = [
        Binding("n,right", "step(1)", "Next phase"),
        Binding("p,left", "step(-1)", "Previous phase"),
        Binding("G,end", "jump(1)", "To the end"),
        Binding("g,home", "jump(0)", "To the start"),
        Binding("escape,q", "app.pop_screen", "Back"),
    ]

    CSS = """
    #bv-main { height: 1fr; }
    #bv-table-scroll { width: 3fr; }
    #bv-cards { width: 2fr; min-width: 40; }
    #bv-log { height: 12; }
    """

    def __init__(self, battle: dict[str, Any]) -> None:
        super().__init__()
        self.battle = battle
        self.steps = steps_of(battle["events"])
        self.position = 0

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        yield Static(id="bv-status")
        with Horizontal(id="bv-main"):
            with VerticalScroll(id="bv-table-scroll"):
                yield Static(id="bv-table")
            with VerticalScroll(id="bv-cards"):
                yield Static(id="bv-card-text")
        yield RichLog(id="bv-log", wrap=True, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def on_resize(self) -> None:
        self.show()

    def action_step(self, delta: int) -> None:
        self.position = min(max(self.position + delta, 0), len(self.steps) - 1)
        self.show()

    def action_jump(self, to_end: int) -> None:
        self.position = len(self.steps) - 1 if to_end else 0
        self.show()

    @property
    def upto(self) -> int:
        """Events shown: everything up to the end of the current step."""
        nxt = self.position + 1
        return self.steps[nxt] if nxt < len(self.steps) else len(self.battle["events"])

    def show(self) -> None:
        events = self.battle["events"]
        ships, smoke = replay(self.battle, self.upto)
        start = self.steps[self.position] if self.steps else 0
        current = events[start] if events else {"turn": 0, "phase": "-"}
        where = self.battle.get("campaign")
        place = f" · {where.get('area')}, campaign turn {where.get('turn')}" if isinstance(where, dict) else ""
        status = Text(f" {self.battle['sides'][0]} vs {self.battle['sides'][1]}{place} · turn {current['turn']} · "
                      f"{current['phase']} · step {self.position + 1}/{len(self.steps)}", style="bold")
        if self.position == len(self.steps) - 1 and self.battle.get("winner"):
            status.append(f" · {self.battle['winner']} wins", style="bold green")
        self.query_one("#bv-status", Static).update(status)
        size = self.query_one("#bv-table-scroll").size
        self.query_one("#bv-table", Static).update(
            draw_table(ships, smoke, self.battle, max_cols=(size.width - 3) or None, max_rows=size.height or None))
        self.query_one("#bv-card-text", Static).update(ship_cards(ships, self.battle))
        dice_log = self.query_one("#bv-log", RichLog)
        dice_log.clear()
        for event in events[start:self.upto]:
            line = event["text"]
            dice_log.write(Text(f"  {line}", style="dim") if event["kind"] == "roll" else line)
