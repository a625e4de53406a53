"""The textual app (``vas play``): start a campaign hot-seat or against AI nations, give orders, follow the war.

Screens: :class:`StartScreen` (new game: set-up, seed, which players are human, combat; load a save; the order
of appearance), :class:`CampaignScreen` (map, phase bar, orders, units, log, battles, odds, POC),
:class:`HandOverScreen` (hot-seat: hides the board between two human players), :class:`OobScreen` (the order of
appearance, turn by turn), :class:`PathScreen` (a file name for save and load), and the battle viewer
(:class:`~tui.battle_viewer.BattleViewerScreen`).

The app reads the engine's state and sends it orders; it never changes the state itself.  AI players' decisions
run in a worker thread while a busy indicator turns and the screen says who is deciding.

Combat (issue 7 item 4): ``tactical`` (the default) fights each battle the table can fight on the *Victory at Sea*
miniatures table (:class:`strategic.battles.TacticalResolver`, the rest by the classic rules), ``classic`` every
battle by the War at Sea / VITP rules.  The combat is not part of a save: loading a game builds a new resolver
with the combat chosen on the start screen (or ``vas play --combat``), and its human players are the ones
switched on on the start screen (or ``vas play --human``; the Allies by default), never all four.  The tactical
battles of the current and the previous turn are kept (older ones are dropped, so memory stays bounded) and listed
in the Battles tab (key ``b``), from which each opens in the battle viewer; a notification says when battles were
fought.  Battles fought before a save are not in it: after a load the Battles tab says so (``vas run
--battle-logs DIR`` keeps every battle's log).  The odds advisor (key ``d``) always simulates classic combat and
says so: in a tactical game its odds are an estimate.

Keys (issue: new-user trial): the campaign screen's letter keys act whatever list or table has the focus; ``e``,
``u`` and ``?`` show the Orders tab, where their result is written, and say why when no human decides.  The order
list always has its first order highlighted when it is refilled, so Enter takes it at once; Escape in the order
line (or a filter) gives the focus back to the list; a refused typed order is quoted in the message and selected
in the line, so the next typing replaces it.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import (
    Button,
    DataTable,
    Footer,
    Header,
    Input,
    Label,
    LoadingIndicator,
    OptionList,
    RichLog,
    Select,
    Static,
    Switch,
    TabbedContent,
    TabPane,
)
from textual.widgets.option_list import Option
from textual_plotext import PlotextPlot

from scenarios.loader import CampaignData, load_data
from scenarios.models import Player, Theatre
from strategic.ai import Agent, BaselineAI
from strategic.battle_logs import battle_log
from strategic.battles import TacticalBattle, TacticalResolver, campaign_year, forces_text
from strategic.campaign import SUPPORTED_SETUPS, Campaign
from strategic.clock import Clock
from strategic.combat import BattleResolver, make_resolver
from strategic.order_of_appearance import Movement, order_of_appearance, vitp_turn
from strategic.orders import IllegalOrder, Order
from strategic.saves import SaveError, load, save
from strategic.state import Phase
from tactical.card_generator import CardIndex
from tactical.demos import DEMOS
from tui.battle_viewer import BattleViewerScreen
from tui.cards_cli import counter_lines
from tui.labels import counter_label
from tui.map_view import MapView
from tui.order_entry import GRAMMAR, OrderSyntaxError, describe, parse

PLAYER_NAMES = {
    Player.JAPAN: "Japan",
    Player.GERMANY_ITALY: "Germany-Italy",
    Player.UNITED_STATES: "United States",
    Player.ALLIES: "Allies (Britain, France, Russia, Netherlands, Australia)",
}

PHASE_RULES = {
    Phase.START: "002 §2.31-2.33: arrivals and removals",
    Phase.REINFORCE: "002 §2.32: place arriving units",
    Phase.PATROL: "002 §3.241: patrolling moves (Japan, Allies, Germany-Italy)",
    Phase.REPAIR: "002 §3.241: repairs",
    Phase.AIR: "002 §3.242: air strikes are placed",
    Phase.LANDING: "002 §3.243: marine units move",
    Phase.RAID: "002 §3.244: raiding moves (VITP only)",
    Phase.SUBMARINE: "002 §3.245: submarines are placed",
    Phase.COMBAT: "002 §4.1: combat in each theatre",
    Phase.CONTROL: "002 §3.1, §1: control and POC",
    Phase.RETURN: "002 §3.246, §3.33: return to port",
    Phase.END: "002 §3.1: victory",
}


COMBATS = {
    "tactical": "Tactical: the Victory at Sea miniatures table (what it cannot fight: classic)",
    "classic": "Classic: War at Sea / Victory in the Pacific combat",
}
"""The combat choices of the app (issue 7 item 4: tactical by default)."""

DEFAULT_HUMANS = frozenset({Player.ALLIES.value})
"""The human players when none are given (the start screen's switches start so; ``vas play --human``)."""

KEEP_BATTLE_TURNS = 2
"""Tactical battles of this many turns (the current one and the one before) stay viewable; older ones are dropped."""


def parse_seed(text: str) -> int:
    """A campaign seed typed on the start screen: empty is 1 (the placeholder says so), otherwise a whole number of
    0 or more (the dice are seeded with it).  Raises ``ValueError`` with a message for the player."""
    text = text.strip()
    if not text:
        return 1
    if not text.isdigit():
        raise ValueError(f"the seed must be a whole number of 0 or more, like 1 or 42 (not '{text}')")
    return int(text)


def players_text(humans: set[str] | frozenset[str]) -> str:
    """The human players in the words of the start screen ("Japan, Allies"), or that the AI plays all four."""
    names = [PLAYER_NAMES[p].split(" (")[0] for p in Player if p.value in humans]
    return ", ".join(names) if names else "none (the AI plays all four)"


def campaign_resolver(combat: str) -> BattleResolver:
    """The resolver for a combat choice of :data:`COMBATS`: a :class:`TacticalResolver` that keeps its battles
    (the session drops old ones) or the classic resolver.  Raises ``ValueError`` for another name."""
    if combat == "tactical":
        return TacticalResolver(keep_reports=True)
    if combat != "classic":
        raise ValueError(f"unknown combat '{combat}' (known: {', '.join(COMBATS)})")
    resolver = make_resolver("classic")
    assert resolver is not None
    return resolver


class Session:
    """A game being played in the app: the campaign, its clock, and who is human.  ``loaded_turn`` is the turn a
    loaded save was at (``None`` for a new game): the tactical battles fought before it are not in the save."""

    def __init__(self, campaign: Campaign, clock: Clock, humans: set[str], loaded_turn: int | None = None) -> None:
        self.campaign = campaign
        self.clock = clock
        self.humans = humans
        self.loaded_turn = loaded_turn
        self.ai: dict[str, Agent] = {p.value: BaselineAI() for p in Player}
        self.last_human: str | None = None
        campaign.keep_undo = True

    @property
    def waiting_for_human(self) -> bool:
        d = self.clock.decision
        return d is not None and d.player.value in self.humans

    @property
    def tactical(self) -> bool:
        """Whether battles are fought on the tactical table (and kept for the viewer)."""
        return isinstance(self.campaign.resolver, TacticalResolver)

    def battles(self) -> list[TacticalBattle]:
        """The tactical battles still kept (this turn's and the previous turn's), in the order fought."""
        resolver = self.campaign.resolver
        return list(resolver.battles) if isinstance(resolver, TacticalResolver) else []

    def end_decision(self) -> None:
        """End the current decision (battles may be fought), then drop tactical battles older than
        :data:`KEEP_BATTLE_TURNS` turns."""
        self.clock.end_decision()
        resolver = self.campaign.resolver
        if isinstance(resolver, TacticalResolver):
            oldest = self.campaign.state.turn - KEEP_BATTLE_TURNS + 1
            resolver.battles[:] = [b for b in resolver.battles if b.turn >= oldest]

    def run_ai_until_human(self, progress=None) -> None:  # type: ignore[no-untyped-def]
        """Play AI decisions until a human must decide, the game ends, or a battle blocks it (worker thread).
        ``progress(player, phase)`` is called before each AI decision."""
        clock, campaign = self.clock, self.campaign
        while clock.decision is not None and not self.waiting_for_human and not campaign.blocked:
            player = clock.decision.player.value
            if progress is not None:
                progress(player, clock.decision.phase)
            for order in self.ai[player].orders(campaign, player):
                try:
                    campaign.apply(player, order)
                except IllegalOrder as exc:
                    campaign.log("order_refused", f"{player}: {exc}", exc.rule)
            self.end_decision()


# --------------------------------------------------------------------------- start


class StartScreen(Screen[None]):
    """New campaign, load a save, or the order of appearance.

    The set-up list has the focus on mount.  An empty seed is 1 (its placeholder); anything but a whole number of 0
    or more is refused with a message (:func:`parse_seed`).  The human/AI switches count for a new game and for a
    loaded one; the load section names the players that will be human."""

    BINDINGS = [Binding("q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        data: CampaignData = self.app.data  # type: ignore[attr-defined]
        yield Header(show_clock=False)
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
                    yield Label(PLAYER_NAMES[player])
            yield Label("Combat (for a new or a loaded game)")
            yield Select([(text, name) for name, text in COMBATS.items()], value="tactical", allow_blank=False,
                         id="combat")
            yield Button("Start campaign", id="start-game", variant="primary")
            yield Label("Load a saved game (with the human players and the combat chosen above)")
            yield Static(self.load_humans_text(), id="load-humans")
            yield Input(placeholder="path/to/save.json", id="load-path")
            yield Button("Load", id="load-game")
            yield Button("Order of appearance", id="oob")
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
        return Text(f"Human in the loaded game: {players_text(self.humans())}; the others are played by the AI.",
                    style="italic")

    @on(Switch.Changed)
    def _humans_changed(self) -> None:
        self.query_one("#load-humans", Static).update(self.load_humans_text())

    def _error(self, message: str) -> None:
        """A refusal, at the foot of the screen and as a notification (the foot may be scrolled out of view)."""
        self.query_one("#start-message", Static).update(Text(message, style="bold red"))
        self.notify(message, severity="error", timeout=8)

    @on(Button.Pressed, "#start-game")
    def start_game(self) -> None:
        try:
            seed = parse_seed(self.query_one("#seed", Input).value)
        except ValueError as exc:
            self._error(str(exc))
            self.query_one("#seed", Input).focus()
            return
        setup = str(self.query_one("#setup", Select).value)
        combat = str(self.query_one("#combat", Select).value)
        self.app.start_new(setup, seed, self.humans(), combat)  # type: ignore[attr-defined]

    @on(Button.Pressed, "#load-game")
    @on(Input.Submitted, "#load-path")
    def load_game(self) -> None:
        path = self.query_one("#load-path", Input).value.strip()
        combat = str(self.query_one("#combat", Select).value)
        message = (self.app.load_game(Path(path), self.humans(), combat=combat)  # type: ignore[attr-defined]
                   if path else "give the path of a save")
        if message:
            self._error(message)

    @on(Button.Pressed, "#oob")
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
        from tactical.battle import resolve
        from tactical.demos import demo_spec

        report = resolve(demo_spec(demo, seed, self.app.data))  # type: ignore[attr-defined]
        self.app.call_from_thread(self.app.push_screen, BattleViewerScreen(report.to_json()))


# --------------------------------------------------------------------------- campaign


class CampaignScreen(Screen[None]):
    """The campaign: phase bar, map, and tabs for orders, units, log, battles, odds and POC.

    The header names the seed and set-up, and so does the log's first line (with the combat, the human players and
    the turn a save was loaded at).  The letter keys are screen bindings: no list or table of the screen binds a
    letter, so they work whatever list has the focus (only a text line takes letters as text; Escape leaves it)."""

    BINDINGS = [
        Binding("e", "end_phase", "End phase"),
        Binding("u", "undo", "Undo"),
        Binding("s", "save", "Save"),
        Binding("o", "oob", "Appearance", tooltip="The order of appearance"),
        Binding("d", "odds", "Odds", tooltip="Classic odds of the coming battles"),
        Binding("b", "battles", "Battles"),
        Binding("slash", "type_order", "Type order"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit_game", "Quit"),
        Binding("escape", "leave_input", "Back to the list", show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._orders: list[Order] = []
        self._logged = 0
        self._battles: list[TacticalBattle] = []
        self._battles_shown: list[tuple[int, str]] | None = None
        self._battles_seen: set[tuple[int, str]] = set()

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        yield Static(id="phase-bar")
        with Horizontal(id="main"):
            with ScrollableContainer(id="map-scroll"):
                yield MapView(id="map")
            with TabbedContent(id="tabs", initial="tab-orders"):
                with TabPane("Orders", id="tab-orders"):
                    yield Static(id="decision")
                    yield LoadingIndicator(id="ai-busy")
                    yield Input(placeholder="filter orders by unit or place", id="order-filter")
                    yield OptionList(id="orders")
                    yield Input(placeholder=f"/ to type an order: {GRAMMAR}", id="order-input")
                    yield Static(id="order-message")
                    with Horizontal(id="order-buttons"):
                        yield Button("Undo (u)", id="undo")
                        yield Button("End phase (e)", id="end-phase", variant="primary")
                with TabPane("Units", id="tab-units"):
                    yield Input(placeholder="filter units", id="unit-filter")
                    yield DataTable(id="units", zebra_stripes=True)
                with TabPane("Log", id="tab-log"):
                    yield RichLog(id="log", wrap=True, markup=False, min_width=20)
                with TabPane("Battles", id="tab-battles"):
                    yield Static(id="battles-text")
                    yield OptionList(id="battles")
                with TabPane("Classic odds", id="tab-odds"), VerticalScroll(id="odds-scroll"):
                    yield Static(self.odds_prompt(), id="odds-text")
                with TabPane("POC", id="tab-poc"):
                    yield Static(id="poc-text")
                    yield PlotextPlot(id="poc-plot")
        yield Footer(compact=True, show_command_palette=False)  # every key shows at 100 columns

    def on_mount(self) -> None:
        table = self.query_one("#units", DataTable)
        table.add_columns("Unit", "Nation", "Type", "Counter", "Status", "Place", "Damage", "Orders from")
        state = self.session.campaign.state
        self.sub_title = f"seed {state.seed} · {self.setup_title()}"
        self.refresh_all()
        self.query_one("#orders", OptionList).focus()  # letters are commands; / types an order
        self.continue_game()

    # -- flow
    def continue_game(self) -> None:
        """Hand over to the next human, or let the AI play until a human must decide."""
        session = self.session
        if session.clock.finished or session.campaign.blocked:
            self.refresh_all()
            return
        if session.waiting_for_human:
            player = session.clock.decision.player.value  # type: ignore[union-attr]
            if len(session.humans) > 1 and session.last_human not in (None, player):
                self.app.push_screen(HandOverScreen(player), lambda _: self._human_ready(player))
            else:
                self._human_ready(player)
            return
        self._busy(True)
        self.run_ai()

    def _busy(self, on: bool, text: str = "AI players are deciding…") -> None:
        """Show or hide the busy indicator of the AI worker."""
        self.query_one("#ai-busy", LoadingIndicator).display = on
        if on:
            self.query_one("#decision", Static).update(Text(text, style="bold italic"))

    def _ai_progress(self, player: str, phase: Phase) -> None:
        who = PLAYER_NAMES[Player(player)].split(" (")[0]
        self.app.call_from_thread(self._busy, True, f"AI players are deciding: {who}, {phase.value} phase…")

    def _human_ready(self, player: str) -> None:
        self.session.last_human = player
        self.refresh_all()

    @work(thread=True, exclusive=True, group="ai")
    def run_ai(self) -> None:
        self.session.run_ai_until_human(self._ai_progress)
        self.app.call_from_thread(self._after_ai)

    def _after_ai(self) -> None:
        self._busy(False)
        self.refresh_all()
        if self.session.waiting_for_human:
            self.continue_game()

    # -- actions
    def _show_orders(self) -> None:
        """Show the Orders tab (where the order message is) with the order list focused."""
        self.query_one("#tabs", TabbedContent).active = "tab-orders"
        self.query_one("#orders", OptionList).focus()

    def no_decision_reason(self) -> str | None:
        """Why no human can give orders or end a phase now (game over, game stopped, AI deciding), or ``None``."""
        session = self.session
        if session.campaign.state.winner or session.clock.finished:
            return "the game is over"
        if session.campaign.blocked:
            return f"the game is stopped: {session.campaign.blocked}"
        if not session.waiting_for_human:
            return "the AI players are deciding; wait until a human player is asked"
        return None

    def action_end_phase(self) -> None:
        """``e``: end the deciding human's phase (shown in the Orders tab), or say why no phase can end now."""
        self._show_orders()
        why = self.no_decision_reason()
        if why:
            self._message(f"cannot end a phase: {why}", ok=False)
            return
        self.session.end_decision()
        self.query_one("#order-message", Static).update("")
        self.refresh_battles()
        self.continue_game()

    def action_undo(self) -> None:
        """``u``: take back the deciding human's last order (shown in the Orders tab), or say why not."""
        self._show_orders()
        why = self.no_decision_reason()
        if why:
            self._message(f"nothing to undo: {why}", ok=False)
            return
        taken_back = self.session.campaign.undo()
        self._message("order taken back" if taken_back else "nothing to undo in this decision", ok=taken_back)
        self.refresh_all()

    def action_save(self) -> None:
        def done(path: str | None) -> None:
            if path:
                save(self.session.campaign, Path(path))
                self._message(f"saved to {path}", ok=True)

        self.app.push_screen(PathScreen("Save the game to"), done)

    def action_oob(self) -> None:
        self.app.push_screen(OobScreen())

    def action_type_order(self) -> None:
        self.query_one("#tabs", TabbedContent).active = "tab-orders"
        self.query_one("#order-input", Input).focus()

    def action_leave_input(self) -> None:
        """Escape in a text line: the focus goes back to its list (the unit filter: the units table; the order line
        and the order filter: the order list), so letters are commands again."""
        focused = self.focused
        if isinstance(focused, Input):
            self.query_one("#units" if focused.id == "unit-filter" else "#orders").focus()

    def action_battles(self) -> None:
        """Show the Battles tab with its list focused (Enter opens a battle in the viewer)."""
        self.query_one("#tabs", TabbedContent).active = "tab-battles"
        battles = self.query_one("#battles", OptionList)
        battles.focus()
        if battles.highlighted is None and battles.option_count:
            battles.highlighted = battles.option_count - 1  # the latest battle

    @on(OptionList.OptionSelected, "#battles")
    def open_battle(self, event: OptionList.OptionSelected) -> None:
        index = int((event.option.id or "battle--1").removeprefix("battle-"))
        if 0 <= index < len(self._battles):
            self.view_battle(self._battles[index])

    def view_battle(self, battle: TacticalBattle) -> None:
        """Open a fought battle in the battle viewer (its log: :func:`strategic.battle_logs.battle_log`)."""
        self.app.push_screen(BattleViewerScreen(battle_log(battle)))

    def action_quit_game(self) -> None:
        def done(quit_now: bool | None) -> None:
            if quit_now:
                self.app.exit()

        self.app.push_screen(ConfirmScreen("Quit? Anything since your last save (s) is lost."), done)

    def odds_note(self) -> str:
        """What the odds are: always classic combat, so in a tactical game only an estimate."""
        if self.session.tactical:
            return "Classic odds: an estimate; battles are fought on the tactical table."
        return "Classic odds: the battles of this game are fought by the classic rules."

    def odds_prompt(self) -> str:
        """The Odds tab before ``d`` is pressed."""
        return f"{self.odds_note()}\nPress d for the odds of the battles the units now at sea would fight."

    def action_odds(self) -> None:
        """The odds advisor on every battle the current positions would bring (classic combat, 300 runs), headed
        by :meth:`odds_note`.  The odds scroll takes the focus (the order list, hidden with its tab, would hand it
        to the order filter, which would bring the Orders tab back)."""
        self.query_one("#tabs", TabbedContent).active = "tab-odds"
        self.query_one("#odds-scroll", VerticalScroll).focus()
        self.query_one("#odds-text", Static).update(Text("Simulating…", style="italic"))
        self.compute_odds()

    @work(thread=True, exclusive=True, group="odds")
    def compute_odds(self) -> None:
        from strategic.classic.resolver import ClassicResolver
        from strategic.combat import find_battles
        from strategic.odds import battle_odds

        campaign = self.session.campaign
        battles = find_battles(campaign)
        lines = [self.odds_note(), ""]
        if not battles:
            lines.append("No battle would be fought with the units now at sea.")
        for battle in battles:
            report = battle_odds(campaign, battle.area, ClassicResolver(), runs=300, seed=campaign.state.turn)
            lines += [*report.lines(), ""]
        self.app.call_from_thread(self.query_one("#odds-text", Static).update, "\n".join(lines))

    def action_help(self) -> None:
        """``?``: the grammar, the keys and the map legend, in the Orders tab."""
        self._show_orders()
        self._message(f"Pick an order with the arrows and Enter, or press / and type one (Escape: back to the "
                      f"list): {GRAMMAR}. Keys: e ends your phase (units left unplaced go to their first place), u "
                      "takes back your last order, d shows the classic odds of the coming battles (an estimate in a "
                      "tactical game), b lists the tactical battles fought (Enter opens one in the battle viewer), "
                      "s saves, o the order of appearance, q quits; click a tab to switch. Map: A/X are the "
                      "Allied/Axis POC for the area, (V)/(W) the track they count on when it is the other theatre's; "
                      "blue areas are Allied-controlled, red Axis; counts are units at sea by nation.", ok=True)

    @on(Button.Pressed, "#end-phase")
    def _end_button(self) -> None:
        self.action_end_phase()

    @on(Button.Pressed, "#undo")
    def _undo_button(self) -> None:
        self.action_undo()

    @on(OptionList.OptionSelected, "#orders")
    def pick_order(self, event: OptionList.OptionSelected) -> None:
        index = int(event.option.id or -1)
        if 0 <= index < len(self._orders):
            self.give(self._orders[index])

    @on(Input.Submitted, "#order-input")
    def typed_order(self, event: Input.Submitted) -> None:
        """A typed order: given and cleared, or refused with its text quoted in the message and selected in the
        line (the next typing replaces it; an arrow key keeps it for correcting)."""
        line = event.value.strip()
        try:
            order = parse(self.session.campaign.data, line)
        except OrderSyntaxError as exc:
            self._message(f"refused '{line}': {exc}", ok=False)
            event.input.select_all()
            return
        if self.give(order, typed=line):
            event.input.value = ""
        else:
            event.input.select_all()

    @on(Input.Changed, "#order-filter")
    def _filter_orders(self) -> None:
        self.refresh_orders()

    @on(Input.Changed, "#unit-filter")
    def _filter_units(self) -> None:
        self.refresh_units()

    def give(self, order: Order, typed: str | None = None) -> bool:
        """Send an order for the deciding human; an illegal one shows its rule (after the ``typed`` text, quoted)
        and changes nothing."""
        session = self.session
        refused = f"refused '{typed}': " if typed else ""
        why = self.no_decision_reason()
        if why:
            self._message(f"{refused}no order now: {why}", ok=False)
            return False
        player = session.clock.decision.player.value  # type: ignore[union-attr]
        try:
            events = session.campaign.apply(player, order)
        except IllegalOrder as exc:
            self._message(f"{refused}{exc}", ok=False)
            return False
        self._message("; ".join(e.text for e in events if e.kind != "order") or describe(order), ok=True)
        self.refresh_all()
        return True

    def _message(self, text: str, *, ok: bool) -> None:
        self.query_one("#order-message", Static).update(Text(text, style="green" if ok else "bold red"))

    def on_resize(self) -> None:
        self.query_one("#map", MapView).show(self.session.campaign, self.query_one("#map-scroll").size.width or None)

    # -- drawing
    def refresh_all(self) -> None:
        campaign = self.session.campaign
        decision = self.session.clock.decision
        moment = (campaign.state.turn, campaign.state.phase, decision.player if decision else None)
        if moment != getattr(self, "_odds_moment", moment):
            self.query_one("#odds-text", Static).update(self.odds_prompt())
        self._odds_moment = moment
        self.query_one("#map", MapView).show(campaign, self.query_one("#map-scroll").size.width or None)
        self.query_one("#phase-bar", Static).update(self.phase_bar())
        self.refresh_orders()
        self.refresh_units()
        self.refresh_log()
        self.refresh_battles()
        self.refresh_poc()

    def phase_bar(self) -> Text:
        campaign, clock = self.session.campaign, self.session.clock
        state = campaign.state
        vitp = vitp_turn(state.turn) if campaign.vitp_started else None
        text = Text(f" Turn {state.turn}/{campaign.setup.last_turn}", style="bold")
        if vitp:
            text.append(f" (VITP {vitp})")
        text.append(f" · {state.phase.value.title()} ", style="bold")
        if clock.decision is not None:
            who = PLAYER_NAMES[clock.decision.player].split(" (")[0]
            kind = "you" if clock.decision.player.value in self.session.humans else "AI"
            text.append(f"· {who} ({kind}) decides ", style="bold yellow")
        text.append(f"· {PHASE_RULES[state.phase]}", style="dim")
        for theatre, value in state.poc.items():
            lead = "level" if value == 0 else (f"Axis +{value}" if value > 0 else f"Allies +{-value}")
            text.append(f" · {theatre.value} {lead}")
        if state.winner:
            text.append(f" · GAME OVER: the {state.winner} side wins", style="bold green")
        elif campaign.blocked:
            text.append(f" · {campaign.blocked}", style="bold red")
        return text

    def refresh_orders(self) -> None:
        session = self.session
        option_list = self.query_one("#orders", OptionList)
        option_list.clear_options()
        decision = session.clock.decision
        if decision is None or not session.waiting_for_human:
            self._orders = []
            self.query_one("#decision", Static).update(Text("No decision for you now.", style="italic"))
            return
        wanted = self.query_one("#order-filter", Input).value.casefold()
        legal = session.campaign.legal_orders(decision.player.value)
        self._orders = [o for o in legal if wanted in describe(o).casefold()]
        self.query_one("#decision", Static).update(
            Text(f"{PLAYER_NAMES[decision.player]}: {decision.phase.value} — {len(legal)} legal orders "
                 f"({PHASE_RULES[decision.phase]})", style="bold"))
        option_list.add_options([Option(describe(o), id=str(i)) for i, o in enumerate(self._orders[:500])])
        if option_list.option_count:
            option_list.highlighted = 0  # Enter takes the first order at once

    def refresh_units(self) -> None:
        campaign = self.session.campaign
        table = self.query_one("#units", DataTable)
        table.clear()
        wanted = self.query_one("#unit-filter", Input).value.casefold()
        for name, us in campaign.state.units.items():
            unit = campaign.unit_record(name)
            row = (name, unit.nation, unit.type.value, counter_label(unit), us.status.value, us.place or "",
                   str(us.damage), us.commander.value)
            if wanted and not any(wanted in str(cell).casefold() for cell in row):
                continue
            table.add_row(*row)

    def setup_title(self) -> str:
        setup = self.session.campaign.state.setup
        spec = self.session.campaign.data.setups.get(setup)
        return spec.title if spec is not None else setup

    def game_line(self) -> str:
        """The log's first line: set-up, seed, combat, the human players, and the turn a save was loaded at."""
        session = self.session
        loaded = f"; loaded at turn {session.loaded_turn}" if session.loaded_turn is not None else ""
        return (f"Game: {self.setup_title()}, seed {session.campaign.state.seed}, "
                f"{'tactical' if session.tactical else 'classic'} combat; human: {players_text(session.humans)}"
                f"{loaded}")

    def refresh_log(self) -> None:
        log = self.query_one("#log", RichLog)
        events = self.session.campaign.state.events
        if self._logged > len(events):  # an undo shortened the log
            log.clear()
            self._logged = 0
        if self._logged == 0:
            log.write(self.game_line())
        for event in events[self._logged:]:
            if event.kind != "order":
                log.write(str(event))
        self._logged = len(events)

    def refresh_battles(self) -> None:
        """The Battles tab: the kept tactical battles, each with its result; a notification for new ones."""
        session = self.session
        text = self.query_one("#battles-text", Static)
        option_list = self.query_one("#battles", OptionList)
        if not session.tactical:
            text.update(Text("Battles are fought by the classic rules in this game (start a new game or load with "
                             "tactical combat to watch them).", style="italic"))
            option_list.clear_options()
            self._battles = []
            return
        battles = session.battles()
        text.update(self.battles_text(battles))
        shown = [(b.turn, b.area) for b in battles]
        if shown == self._battles_shown:
            return
        self._battles, self._battles_shown = battles, shown
        option_list.clear_options()
        option_list.add_options([Option(battle_label(b), id=f"battle-{i}") for i, b in enumerate(battles)])
        new = [b for b in battles if (b.turn, b.area) not in self._battles_seen]
        self._battles_seen |= {(b.turn, b.area) for b in battles}
        if new:
            self.notify(f"Tactical battle(s) fought: {', '.join(f'{b.area} (turn {b.turn})' for b in new)}. "
                        "Press b to watch.", title="Battles", timeout=8)

    def battles_text(self, battles: list[TacticalBattle]) -> Text:
        """The Battles tab's heading.  While this turn or the last was played before a load, it says that the
        battles fought before the load are not kept (a save holds no battle reports)."""
        session = self.session
        oldest = session.campaign.state.turn - KEEP_BATTLE_TURNS + 1
        lost = session.loaded_turn is not None and session.loaded_turn >= oldest
        note = (f" Battles fought before the game was loaded (at turn {session.loaded_turn}) are not kept: a save "
                "holds no battles (`vas run --battle-logs DIR` saves each battle's log)." if lost else "")
        if battles:
            return Text(f"{len(battles)} tactical battle(s) of this turn and the last: Enter opens one in the "
                        f"battle viewer.{note}", style="bold")
        if lost:
            return Text(f"No tactical battle fought since the load.{note}", style="italic")
        return Text("No tactical battle fought this turn or the last.", style="italic")

    def refresh_poc(self) -> None:
        state = self.session.campaign.state
        lines = [f"{t.value}: " + ("level" if v == 0 else f"Axis +{v}" if v > 0 else f"Allies +{-v}")
                 for t, v in state.poc.items()]
        self.query_one("#poc-text", Static).update("POC (positive: the Axis leads)  " + "   ".join(lines))
        plot = self.query_one("#poc-plot", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        turns = [r.turn for r in state.poc_history]
        for theatre in (Theatre.WAS, Theatre.VITP):
            values = [r.totals.get(theatre, 0) for r in state.poc_history]
            if turns and theatre in state.poc:
                plt.plot(turns, values, label=theatre.value, marker="braille")
        plt.title("POC track per theatre")
        plt.xlabel("turn")
        plot.refresh()


def battle_label(battle: TacticalBattle) -> str:
    """One line of the Battles list: turn, area (and the kind when not a battle at sea), each side's forces, the
    ships sunk per side, turns fought, VP and winner."""
    report = battle.report
    kind = "" if battle.kind == "battle" else f" ({battle.kind})"
    sunk = ", ".join(f"{side} {sum(1 for s in report.ships if s.side == side and s.sunk)}" for side in report.sides)
    result = f"{report.winner} win" if report.winner else "a draw"
    return (f"T{battle.turn} {battle.area}{kind}: {forces_text(battle.spec)}; sunk {sunk}; "
            f"{report.turns_played} turn(s), VP {report.victory_points[0]}-{report.victory_points[1]}, {result}")


class HandOverScreen(ModalScreen[None]):
    """Hot-seat: the board is hidden until the next player says he is at the screen."""

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical(id="handover"):
            yield Static(Text(f"Pass the keyboard to {PLAYER_NAMES[Player(self.player)]}", style="bold"))
            yield Static("The previous player's choices stay hidden until you continue.")
            yield Button(f"I am {PLAYER_NAMES[Player(self.player)].split(' (')[0]}", id="ready", variant="primary")

    @on(Button.Pressed, "#ready")
    def ready(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (y/n keys or the buttons)."""

    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="path-dialog"):
            yield Label(self.question)
            with Horizontal():
                yield Button("Yes (y)", id="yes", variant="error")
                yield Button("No (n)", id="no")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)

    @on(Button.Pressed, "#yes")
    def yes(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#no")
    def no(self) -> None:
        self.dismiss(False)


class PathScreen(ModalScreen[str | None]):
    """Ask for a file name."""

    BINDINGS = [Binding("escape", "cancel_dialog", "Cancel")]

    def action_cancel_dialog(self) -> None:
        self.dismiss(None)

    def __init__(self, prompt: str) -> None:
        super().__init__()
        self.prompt = prompt

    def compose(self) -> ComposeResult:
        with Vertical(id="path-dialog"):
            yield Label(self.prompt)
            yield Input("campaign-save.json", id="path")
            with Horizontal():
                yield Button("OK", id="ok", variant="primary")
                yield Button("Cancel", id="cancel")

    @on(Button.Pressed, "#ok")
    @on(Input.Submitted, "#path")
    def ok(self) -> None:
        self.dismiss(self.query_one("#path", Input).value.strip() or None)

    @on(Button.Pressed, "#cancel")
    def cancel(self) -> None:
        self.dismiss(None)


class OobScreen(Screen[None]):
    """The order of appearance: every arrival and removal, turn by turn, filterable by nation; the highlighted
    counter's card for the year of the turn (and its air group or boats) shows below the table."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        data: CampaignData = self.app.data  # type: ignore[attr-defined]
        yield Header(show_clock=False)
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
            table.add_row(str(row.turn), str(vitp_turn(row.turn) or ""), row.side.value, row.unit.nation,
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


# --------------------------------------------------------------------------- the app


class VictoryAtSeaApp(App[None]):
    """``vas play``."""

    TITLE = "Victory at Sea"
    CSS = """
    #start { padding: 1 2; }
    #title { margin-bottom: 1; }
    .player-row { height: 3; }
    #phase-bar { height: 1; background: $boost; }
    #main { height: 1fr; }
    #map-scroll { width: 3fr; }
    #tabs { width: 2fr; min-width: 50; }
    #orders { height: 1fr; }
    #ai-busy { height: 3; display: none; }
    #battles { height: 1fr; }
    #units { height: 1fr; }
    #log { height: 1fr; }
    #order-buttons { height: 3; }
    #orders { min-height: 4; }
    #order-message { min-height: 2; max-height: 8; overflow-y: auto; }
    #poc-plot { height: 1fr; }
    #oob { height: 2fr; }
    #oob-card-scroll { height: 1fr; border-top: solid $accent; }
    #handover, #path-dialog { align: center middle; width: 60; height: auto; padding: 1 2; border: thick $accent;
                              background: $surface; }
    HandOverScreen, PathScreen, ConfirmScreen { align: center middle; }
    """

    def __init__(self, data: CampaignData | None = None, *, session: Session | None = None,
                 battle_log: dict | None = None) -> None:
        super().__init__()
        self.data = data or load_data()
        self.session = session
        self.battle_log = battle_log

    def on_mount(self) -> None:
        if self.battle_log is not None:
            self.push_screen(StartScreen())
            self.push_screen(BattleViewerScreen(self.battle_log))
        elif self.session is not None:
            self.push_screen(CampaignScreen(self.session))
        else:
            self.push_screen(StartScreen())

    def start_new(self, setup: str, seed: int, humans: set[str], combat: str = "tactical") -> None:
        """A new campaign with ``combat`` (:data:`COMBATS`) and the ``humans`` players; opens the campaign screen."""
        campaign = Campaign.new(self.data, setup, seed=seed, resolver=campaign_resolver(combat))
        self.session = Session(campaign, Clock(campaign), humans)
        self.push_screen(CampaignScreen(self.session))

    def _loaded_session(self, path: Path, humans: set[str] | None, combat: str) -> Session:
        """A session for a save with a new ``combat`` resolver; ``humans`` ``None`` means :data:`DEFAULT_HUMANS`
        (a save does not hold who is human).  Raises :class:`SaveError`."""
        campaign, clock = load(path, self.data, campaign_resolver(combat))
        chosen = set(DEFAULT_HUMANS) if humans is None else set(humans)
        return Session(campaign, clock, chosen, loaded_turn=campaign.state.turn)

    def load_game_on_start(self, path: Path, combat: str = "tactical", humans: set[str] | None = None) -> str | None:
        """Check a save before the app starts (``vas play --load``); it opens on mount with a new ``combat``
        resolver and the ``humans`` players (the Allies if ``None``).  Returns an error message or ``None``."""
        try:
            self.session = self._loaded_session(path, humans, combat)
        except SaveError as exc:
            return str(exc)
        return None

    def load_game(self, path: Path, humans: set[str] | None = None, combat: str = "tactical") -> str | None:
        """Load a save and open it with a new ``combat`` resolver and the ``humans`` players (the start screen's
        switches; the Allies if ``None``); returns an error message or ``None``."""
        try:
            self.session = self._loaded_session(path, humans, combat)
        except SaveError as exc:
            return str(exc)
        self.push_screen(CampaignScreen(self.session))
        return None
