"""The app's start screen: a new campaign, a saved game, the order of appearance, a single tactical battle."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Button,
    Footer,
    Input,
    Label,
    LoadingIndicator,
    Select,
    Static,
    Switch,
)

from scenarios.loader import CampaignData
from scenarios.models import Player
from strategic.bid import BadBid, bids
from strategic.campaign import SUPPORTED_SETUPS
from strategic.rule_options import split_options
from tactical import DEMOS, UnknownOption
from tui.battle_viewer import BattleViewerScreen
from tui.game_opening import COMBATS, DEFAULT_HUMANS, LOAD_COMBATS, parse_seed
from tui.mounting import GameHeader
from tui.oob_screen import OobScreen
from tui.option_choice import RuleOptionsChoice
from tui.player_names import PLAYER_NAMES, players_text


class StartScreen(Screen[None]):
    """New campaign, load a save, or the order of appearance.

    The set-up list has the focus on mount.  An empty seed is 1 (its placeholder); anything but a whole number of 0
    or more is refused with a message (:func:`parse_seed`).  The human/AI switches count for a new game and for a
    loaded one; the load section names the players that will be human.  A new game's combat and a loaded one's are
    chosen apart: a loaded game is fought as saved unless another combat is chosen (:data:`LOAD_COMBATS`)."""

    BINDINGS = [Binding("q", "app.quit", "Quit")]

    PREPARING = "Preparing the game…"
    """Said beside the Start button from the press until the campaign screen shows (R-UI-94)."""

    def __init__(self) -> None:
        super().__init__()
        self.preparing = False  # a new game is being prepared: Start (or Load) pressed again is ignored (R-UI-94)

    def compose(self) -> ComposeResult:
        data: CampaignData = self.app.data  # type: ignore[attr-defined]
        yield GameHeader(show_clock=False)
        with VerticalScroll(id="start"):
            yield Static(Text("Victory at Sea — the global naval war, 1939-1945", style="bold"), id="title")
            yield Label("Set-up")
            yield Select([(data.setups[s].title, s) for s in SUPPORTED_SETUPS if s in data.setups],
                         value="standard", allow_blank=False, id="setup")
            yield Label("Seed (a whole number; empty: 1)")
            yield Input(placeholder="1", id="seed")
            yield Label("Human players (the others are played by the baseline AI)")
            for player in Player:
                with Horizontal(classes="player-row"):
                    yield Switch(value=player is Player.ALLIES, id=f"human-{player.value}")
                    yield Label(self.player_text(player, player is Player.ALLIES), id=f"human-label-{player.value}")
            yield Label("Combat of a new game")
            yield Select([(text, name) for name, text in COMBATS.items()], value="tactical", allow_blank=False,
                         id="combat")
            with Horizontal(classes="player-row"):
                yield Switch(value=True, id="command-battles")
                yield Label(self.command_text(True), id="command-battles-label")
            yield RuleOptionsChoice(self.app.preset_options, id="rule-options")  # type: ignore[attr-defined]
            yield Label("POC bid: THEATRE=N, POC in 0.5 steps the Allies start with (negative: the Axis); empty: none")
            yield Input(value=" ".join(self.app.preset_bid), placeholder="none (e.g. VITP=1.5 WAS=-0.5)",  # type: ignore[attr-defined]
                        id="bid")
            with Horizontal(id="start-row"):
                yield Button("Start campaign", id="start-game", variant="primary")
                yield LoadingIndicator(id="start-busy")
                yield Static("", id="start-status")
            yield Label("Load a saved game (with the human players chosen above)")
            yield Static(self.load_humans_text(), id="load-humans")
            yield Label("Combat of the loaded game")
            yield Select([(text, name) for name, text in LOAD_COMBATS.items()], value="saved", allow_blank=False,
                         id="load-combat")
            yield Input(placeholder="path/to/save.json", id="load-path")
            yield Button("Load", id="load-game")
            yield Button("Order of appearance", id="oob-button")
            yield Label("A single tactical battle (Victory at Sea miniatures rules)")
            with Horizontal(classes="player-row"):
                yield Select([(name, name) for name in DEMOS], value=next(iter(DEMOS)), allow_blank=False,
                             id="demo")
                yield Button("Fight and watch", id="fight")
            yield Static("", id="start-message")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#setup", Select).focus()  # the first control: Tab goes on from there

    def humans(self) -> set[str]:
        """The players switched to human."""
        if not self.is_mounted:
            return set(DEFAULT_HUMANS)
        return {p.value for p in Player if self.query_one(f"#human-{p.value}", Switch).value}

    def load_humans_text(self) -> Text:
        """The load section's line naming the human players of a loaded game."""
        humans = self.humans()
        others = "the others are played by the AI" if humans else "the AI plays all four"
        return Text(f"Human in the loaded game: {players_text(humans) if humans else 'none'}; {others}.",
                    style="italic")

    @staticmethod
    def player_text(player: Player, human: bool) -> Text:
        """A player's line beside his switch, saying in words what the switch's colour shows (R-UI-105)."""
        return Text.assemble(PLAYER_NAMES[player], " — ", ("human", "bold") if human else "AI")

    @staticmethod
    def command_text(on: bool) -> Text:
        """The line beside the commanders' switch, in words as the players' lines are (R-UI-105, R-UI-107)."""
        if on:
            return Text.assemble("Battles of human players — ", ("they command them", "bold"),
                                 " (a loaded game: added to its commanders)")
        return Text.assemble("Battles of human players — ", ("the AI commands them", "bold"),
                             " (a loaded game keeps its commanders)")

    @on(Switch.Changed, "#command-battles")
    def _command_changed(self, event: Switch.Changed) -> None:
        self.query_one("#command-battles-label", Label).update(self.command_text(event.value))

    @on(Switch.Changed)
    def _humans_changed(self, event: Switch.Changed) -> None:
        for player in Player:
            if event.switch.id == f"human-{player.value}":
                self.query_one(f"#human-label-{player.value}", Label).update(self.player_text(player, event.value))
        self.query_one("#load-humans", Static).update(self.load_humans_text())

    def _error(self, message: str) -> None:
        """A refusal, at the foot of the screen and as a notification (the foot may be scrolled out of view)."""
        self.query_one("#start-message", Static).update(Text(message, style="bold red"))
        self.notify(message, severity="error", timeout=8)

    @on(Button.Pressed, "#start-game")
    @on(Input.Submitted, "#seed")
    @on(Input.Submitted, "#bid")
    def start_game(self) -> None:
        """Start the new game: the button, or Enter in the seed or the bid field (R-UI-90).  The game is prepared
        once the screen has shown that it is (R-UI-94: it may take seconds), and pressed again meanwhile nothing
        more happens."""
        if self.app.screen is not self or self.preparing:  # pressed twice: the first press opens the game (R-UI-52)
            return
        try:
            seed = parse_seed(self.query_one("#seed", Input).value)
        except ValueError as exc:
            self._error(str(exc))
            self.query_one("#seed", Input).focus()
            return
        setup = str(self.query_one("#setup", Select).value)
        combat = str(self.query_one("#combat", Select).value)
        command = self.query_one("#command-battles", Switch).value
        options = self.query_one("#rule-options", RuleOptionsChoice).chosen()
        try:
            split_options(options, setup)
        except UnknownOption as exc:
            self._error(str(exc))
            self.query_one("#rule-options", RuleOptionsChoice).focus()
            return
        try:
            bid = bids(self.query_one("#bid", Input).value.replace(",", " ").split(),
                       self.app.data.setups[setup].theatres)  # type: ignore[attr-defined]
        except BadBid as exc:
            self._error(str(exc))
            self.query_one("#bid", Input).focus()
            return
        self._preparing(True)
        humans = self.humans()

        def start() -> None:
            try:
                self.app.start_new(setup, seed, humans, combat, command=command,  # type: ignore[attr-defined]
                                   options=options, bid=bid)
            finally:
                self._preparing(False)  # the campaign screen is shown (or the engine error over this screen)

        # the screen shows that it is preparing (a frame or two drawn) before the work holds it up
        self.call_after_refresh(self.set_timer, 0.1, start)

    def _preparing(self, on: bool) -> None:
        """R-UI-94: the Start button disabled, the busy indicator and "Preparing the game…" beside it, or not."""
        self.preparing = on
        self.query_one("#start-game", Button).disabled = on
        self.query_one("#start-busy", LoadingIndicator).display = on
        self.query_one("#start-status", Static).update(Text(self.PREPARING if on else "", style="bold italic"))
        if on:
            self.query_one("#start-message", Static).update("")  # an earlier refusal no longer holds
            self.query_one("#start-row").scroll_visible(animate=False)  # Enter in the seed field: the row may be below

    @on(Button.Pressed, "#load-game")
    @on(Input.Submitted, "#load-path")
    def load_game(self) -> None:
        if self.app.screen is not self or self.preparing:  # Enter and Load at once: the first opened the game (R-UI-52)
            return
        path = self.query_one("#load-path", Input).value.strip()
        chosen = str(self.query_one("#load-combat", Select).value)
        combat = None if chosen == "saved" else chosen
        self.app.command_loaded = self.query_one("#command-battles", Switch).value  # type: ignore[attr-defined]
        message = (self.app.load_game(Path(path).expanduser(), self.humans(),  # type: ignore[attr-defined]
                                      combat=combat) if path else "give the path of a save")
        if message:
            self._error(message)

    @on(Button.Pressed, "#oob-button")
    def show_oob(self) -> None:
        self.app.push_screen(OobScreen())

    @on(Button.Pressed, "#fight")
    def fight(self) -> None:
        demo = str(self.query_one("#demo", Select).value)
        try:
            seed = parse_seed(self.query_one("#seed", Input).value)
        except ValueError as exc:
            self._error(str(exc))
            return
        self.query_one("#start-message", Static).update(Text(f"Fighting {demo}…", style="italic"))
        self.fight_demo(demo, seed)

    @work(thread=True, exclusive=True, group="battle")
    def fight_demo(self, demo: str, seed: int) -> None:
        from tactical import demo_spec, resolve

        report = resolve(demo_spec(demo, seed, self.app.data))  # type: ignore[attr-defined]
        self.app.call_from_thread(self.app.push_screen, BattleViewerScreen(report.to_json()))
