"""A classic-combat question put to a human player (issue #15): :class:`CombatScreen`.

The screen shows the battle as the deciding side sees it (its :class:`~strategic.classic.views.ClassicBattleView`:
every counter's factors (``+1``: a circled factor, with the attack bonus), damage, the damage above which it sinks
(its defence, twice that in port: R-CMB-05) and state), the rule, and the answer being built, one row per choice: each
attacker's target (with the exact odds of that attack: to hit, to disable, to sink), each War at Sea target's one
air factor, each unit withdrawing or not, day or night.  The rows start at the AI's suggestion, shown with its
reason; the player changes them with the keys, or types the whole answer, and confirms with Enter.  The engine
checks the answer (:meth:`strategic.campaign.Campaign.answer_combat`): a refusal is shown with its rule and the
rows stay as they were, so the player can revise them.

Answers are JSON values (:mod:`strategic.classic.scripts`); the rows are only a way to build them.  Under the
rows the brief's notes explain the rules that bear on the question (what a die does in the theatre, the surface
raiders, who may withdraw), each cited.

:class:`OrderScreen` asks the battle order (WAS 5.6, VITP 4.1) before any battle of the combat phase is fought:
the pending battles of the theatre as a list, with each battle's forces; shift+up / shift+down (or ``u`` / ``d``)
move the highlighted battle, Enter confirms, ``a`` puts back the AI's order, ``/`` types it.
:func:`question_screen` gives the screen for a question.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static

from scenarios.models import Side
from strategic.classic.briefs import Brief, OrderBrief
from strategic.classic.scripts import Question
from tui.labels import side_label
from tui.order_entry import did_you_mean, folded, listing, shortened
from tui.question_words import CLASSIC, round_words
from tui.rule_screen import link_citations, open_rules

NONE = "—"
"""The choice of no target, no air factor, staying, not firing."""

TITLES = CLASSIC
"""What each decision decides (:mod:`tui.question_words`, the one place of the questions' words)."""


ACCOUNT_LINES = 6
"""Lines of the battle's account shown above the answer."""

EXAMPLES = {
    "submarine_targets": "e.g. U-Boat 1 > Exeter", "gunnery_targets": "e.g. Hood > Bismarck, Rodney > Tirpitz",
    "air_targets": "e.g. Kaga > Lexington", "was_air_strikes": "e.g. Ark Royal > Bismarck, Allied LBA > Tirpitz",
    "day_or_night": "day or night", "run_or_fight": "run or fight",
    "night_firing_carriers": "e.g. Lexington, Enterprise (or none)",
    "withdraw": "e.g. Hood, Renown (or none)", "pursue": "e.g. Hood > Bismarck", "landings": "e.g. 1st Marines > Guam",
    "retreat_ports": "e.g. Hood > England", "order_battles": "e.g. North Sea, North Atlantic (every battle once)",
}
"""An example of the typed answer of each question (the grammar: parse_typed)."""

PLAYERS = {"japan": "Japan", "germany_italy": "Germany-Italy", "united_states": "The United States",
           "allies": "The Allies"}

KEY_HEADERS = {"was_air_strikes": "Target", "day_or_night": "Round", "run_or_fight": "Forces",
               "pursue": "Pursuer"}
"""The first column of the answer's rows, where it is not a unit of the side deciding."""


@dataclass
class Row:
    """One choice of the answer: ``key`` (a unit, or ``round``), its ``choices`` and the one ``value`` chosen."""

    key: str
    choices: list[str]
    value: str = NONE
    info: dict[str, str] = field(default_factory=dict)

    def step(self, delta: int) -> None:
        self.value = self.choices[(self.choices.index(self.value) + delta) % len(self.choices)]


SINGLE = {"day_or_night": ("day", "night"), "run_or_fight": ("run", "fight")}
"""The decisions answered by one word (one row), and their words."""


def rows_for(question: Question, brief: Brief) -> list[Row]:
    """The rows of ``question``, set to the AI's suggestion."""
    options, decision = question.options, question.decision
    if decision in ("submarine_targets", "gunnery_targets", "air_targets"):
        rows = [Row(u, [NONE, *options["targets"]]) for u in options["units"]]
    elif decision == "was_air_strikes":
        rows = [Row(t, [NONE, *options["factors"]]) for t in options["targets"]]
    elif decision == "day_or_night":
        rows = [Row("round", ["day", "night"], "day")]
    elif decision == "run_or_fight":  # one announcement for the whole force (002 §5.751)
        rows = [Row("forces", ["fight", "run"], "fight")]
    elif decision == "night_firing_carriers":
        rows = [Row(c, [NONE, "fires"]) for c in options["carriers"]]
    elif decision == "withdraw":  # the candidates the rules offer (older questions: the side's units at sea)
        names = options.get("candidates")
        if names is None:
            names = [u.name for u in brief.view.side_units(Side(question.side)) if not u.in_port]
        rows = [Row(n, [NONE, "withdraws"]) for n in names]
    elif decision == "pursue":
        pursuers = sorted({p for chasers in options["choices"].values() for p in chasers})
        rows = [Row(p, [NONE, *(t for t, chasers in options["choices"].items() if p in chasers)]) for p in pursuers]
    elif decision == "retreat_ports":  # every unit goes somewhere: no "none"
        rows = [Row(u, list(ports), ports[0]) for u, ports in options["choices"].items()]
    else:  # landings
        rows = [Row(u, [NONE, *bases]) for u, bases in options["choices"].items()]
    if isinstance(brief.suggestion, dict):  # the AI's picks first, in its order: the same answer reads the same
        order = list(brief.suggestion)
        rows.sort(key=lambda r: order.index(r.key) if r.key in order else len(order))
    set_answer(decision, rows, brief.suggestion)
    return rows


def set_answer(decision: str, rows: list[Row], answer: Any) -> None:
    """Set ``rows`` to show ``answer`` (JSON, as :func:`answer_of` makes it)."""
    by_key = {r.key: r for r in rows}
    for row in rows:
        row.value = row.choices[0]
    if decision in SINGLE:
        rows[0].value = answer
    elif decision in ("night_firing_carriers", "withdraw"):
        for name in answer:
            if name in by_key:
                by_key[name].value = by_key[name].choices[1]
    elif decision == "was_air_strikes":
        for source, target in answer:
            if target in by_key and source in by_key[target].choices:
                by_key[target].value = source
    else:
        for unit, target in answer.items():
            if unit in by_key and target in by_key[unit].choices:
                by_key[unit].value = target


def typed_placeholder(decision: str) -> str:
    """The typed answer's placeholder: an example."""
    return f"/ to type the answer ({EXAMPLES.get(decision, '')})"


def typed_hint(decision: str) -> str:
    """What a typed answer does, shown as the player starts typing (R-SEAT-20, R-SEAT-21)."""
    if decision not in MERGED:
        nothing = "" if decision in (*SINGLE, "order_battles") else "; none: nothing"
        return f"type {EXAMPLES.get(decision, 'the answer')}{nothing}; Enter gives it, Escape goes back to the rows"
    hold = "none > Bismarck: no strike on Bismarck" if decision == "was_air_strikes" else \
        "each unit named goes to one of its ports" if decision == "retreat_ports" else \
        f"{'1st Marines' if decision == 'landings' else 'Hood'} > none: that one holds"
    return (f"type {EXAMPLES[decision]}: the rows you do not name keep their choice; {hold}; none alone clears "
            "every row; Enter gives it, Escape goes back to the rows")


def answer_of(decision: str, rows: list[Row]) -> Any:
    """The JSON answer the rows show."""
    chosen = [r for r in rows if r.value != NONE]
    if decision in SINGLE:
        return rows[0].value
    if decision in ("night_firing_carriers", "withdraw"):
        return sorted(r.key for r in chosen)
    if decision == "was_air_strikes":
        return [[r.value, r.key] for r in chosen]
    return {r.key: r.value for r in chosen}


def parse_typed(decision: str, rows: list[Row], text: str) -> Any:
    """A typed answer: ``night``; ``Lexington, Enterprise`` (or ``none``) for a set of units;
    ``Myoko > Lexington, Nachi > Enterprise`` for targets (War at Sea air strikes: ``source > target``), where
    ``Myoko > none`` (air strikes: ``none > Lexington``) is a unit holding fire (a target left without a strike).
    Names are matched without regard to case.  Raises ``ValueError`` naming what cannot be read; nothing typed is
    refused, never read as doing nothing (R-SEAT-20): ``none`` says that."""
    text = text.strip()
    if not text:
        raise ValueError(f"nothing was typed: type the answer ({EXAMPLES.get(decision, 'see the rows')}"
                         f"{'' if decision in SINGLE else '; none for nothing'}), or Escape to go back to "
                         "the rows and Enter to give what they show (R-SEAT-20)")
    if decision in SINGLE:
        words = SINGLE[decision]
        if text.lower() not in words:
            raise ValueError(f"type {' or '.join(words)}")
        return text.lower()
    keys = {r.key.lower(): r.key for r in rows}
    if decision in ("night_firing_carriers", "withdraw"):
        if text.lower() in ("", "none"):
            return []
        return sorted(_name(keys, part, "unit") for part in text.split(","))
    names = {c.lower(): c for r in rows for c in r.choices if c != NONE}
    pairs = []
    for part in (p for p in text.split(",") if p.strip()) if text.lower() != "none" else []:
        left, sep, right = part.partition(">")
        if not sep:
            raise ValueError(f"'{part.strip()}': write UNIT > TARGET")
        pairs.append((left, right))
    names[NONE_TYPED] = NONE
    if decision == "was_air_strikes":
        return [[_name(names, s, "air unit"), _name(keys, t, "target")] for s, t in pairs]
    units = [_name(keys, u, "unit") for u, _ in pairs]
    twice = sorted({u for u in units if units.count(u) > 1})
    if twice:
        raise ValueError(f"{', '.join(twice)} named twice: one choice each")
    return {unit: _name(names, t, "target") for unit, (_, t) in zip(units, pairs, strict=True)}


NONE_TYPED = "none"
"""Typed for no target (``Hood > none``) or no air unit (``none > Bismarck``): parse_typed reads it as :data:`NONE`."""


def merge_typed(decision: str, rows: list[Row], typed: Any, factors: dict[str, int] | None = None) -> Any:
    """The answer given for the typed ``typed`` (:func:`parse_typed`) with the ``rows`` as shown: a typed answer
    that names some of the attackers (air strikes: some of the targets) changes those rows only, the others keep
    what the rows show (R-SEAT-21), except that War at Sea air strikes given ``factors`` (each air unit's) drop
    the rows of an air unit the line would use beyond its factors (R-NET-23: the line's strikes come first);
    ``none`` alone (typed: ``{}`` or ``[]``) clears every row.  The rows are set to
    the answer.  Other decisions: the typed answer is the whole answer."""
    if decision not in MERGED:
        set_answer(decision, rows, typed)
        return typed
    if not typed:
        for row in rows:
            row.value = NONE
    by_key = {r.key: r for r in rows}
    pairs = [(t, s) for s, t in typed] if decision == "was_air_strikes" else list(typed.items())
    wrong = [f"{key} cannot choose {value}" for key, value in pairs if value not in by_key[key].choices]
    if wrong:
        raise ValueError("; ".join(wrong))
    kept = [r for r in rows if r.key not in {key for key, _ in pairs}]
    if decision == "was_air_strikes" and factors is not None:  # R-NET-23: the line's strikes come first
        typed_uses = Counter(source for source, _target in typed if source != NONE)
        for source, used in typed_uses.items():
            if used + sum(r.value == source for r in kept) > factors.get(source, used):
                for row in kept:  # too many with the rows kept: the air unit strikes only where the line says
                    if row.value == source:
                        row.value = NONE
    for key, value in pairs:
        by_key[key].value = value
    if decision == "was_air_strikes":  # every typed strike goes to the engine: two at one target are refused there
        return answer_of(decision, kept) + [[s, t] for s, t in typed if s != NONE]
    return answer_of(decision, rows)


MERGED = ("submarine_targets", "gunnery_targets", "air_targets", "was_air_strikes", "pursue", "landings",
          "retreat_ports")
"""The decisions whose typed answers change only the rows they name (R-SEAT-21)."""


def _name(known: dict[str, str], typed: str, what: str) -> str:
    """The name of ``known`` (lower-cased name -> name) ``typed`` stands for: the whole name, or a shortening that
    fits one name only, as typed orders read them (R-UI-40: ``blu`` for Blücher, ``ad hip`` for Admiral Hipper);
    else ``ValueError`` naming the names it could be, or the nearest (R-NET-32)."""
    name = typed.strip().lower()
    if name in known:
        return known[name]
    names = [n for n in known.values() if n != NONE]
    whole = [n for n in names if folded(n) == folded(name)]
    fits = whole or shortened(name, names)
    if len(fits) == 1:
        return fits[0]
    if fits:
        raise ValueError(f"'{typed.strip()}' could be {listing(fits)}: type more of the {what}'s name")
    raise ValueError(f"'{typed.strip()}' is not a {what} of this question{did_you_mean(typed, names)}")


def percent(value: Any) -> str:
    return f"{float(value) * 100:.0f}%"


class AnswerTable(DataTable[str]):
    """The rows of the answer: left and right (or space) change the highlighted row's choice, Enter confirms."""

    BINDINGS = [
        Binding("left", "screen.change(-1)", "Prev", tooltip="The previous choice of the row"),
        Binding("right,space", "screen.change(1)", "Next", tooltip="The next choice of the row"),
        Binding("enter", "screen.confirm", "Confirm"),
    ]


class CombatScreen(Screen[Any]):
    """Ask ``question`` (with its ``brief``) of ``player``.  ``submit(answer)`` gives the answer to the engine and
    returns a refusal (``None``: accepted, the screen closes with the answer); ``save()`` opens the save dialog;
    ``delegate(whole_turn)`` hands the rest of the battle (or every battle of the player this turn) to the AI and
    closes the screen with ``None``."""

    BINDINGS = [
        # short words: every key of the bar shows at 100 columns (R-UI-112); the tooltips say them whole
        Binding("a", "ai_answer", "AI's answer"),
        Binding("A", "delegate", "AI: battle", tooltip="The AI commands the rest of this battle"),
        Binding("T", "delegate(True)", "AI: turn", tooltip="The AI commands all your battles of this turn"),
        Binding("slash", "type_answer", "Type"),
        Binding("s", "save", "Save"),
        Binding("l", "rule", "Rule", tooltip="Our summary of the rule the refusal (or the question) cites"),
        Binding("q", "app.request_quit", "Quit"),
        Binding("escape", "leave_input", "Back to the rows", show=False),
    ]

    _last_message = ""  # the latest message (a refusal), whose rules ``l`` opens (issue 17, the rule lookup)

    DEFAULT_CSS = """
    CombatScreen #combat-main { height: 1fr; }
    CombatScreen #combat-units { width: 1fr; }
    CombatScreen #combat-side { width: 1fr; padding: 0 1; }
    CombatScreen #combat-answer { height: auto; max-height: 60%; }
    CombatScreen .combat-line { height: auto; }
    """

    def __init__(self, player: str, question: Question, brief: Brief, submit: Callable[[Any], str | None],
                 save: Callable[[], None] | None = None, delegate: Callable[[bool], None] | None = None) -> None:
        super().__init__()
        self.player, self.question, self.brief = player, question, brief
        self.rows = rows_for(question, brief)
        self._submit, self._save, self._delegate = submit, save, delegate

    def compose(self) -> ComposeResult:
        yield Static(link_citations(self.title_text()), id="combat-title", classes="combat-line")
        with Horizontal(id="combat-main"):
            yield DataTable(id="combat-units", zebra_stripes=True, cursor_type="row")
            with Vertical(id="combat-side"):
                yield Static(self.account_text(), id="combat-account", classes="combat-line")
                yield AnswerTable(id="combat-answer", cursor_type="row")
                yield Static(self.suggestion_text(), id="combat-suggestion", classes="combat-line")
                yield Static(self.factors_text(), id="combat-factors", classes="combat-line")
                yield Static(link_citations(notes_text(self.brief.notes)), id="combat-notes", classes="combat-line")
                yield Input(placeholder=typed_placeholder(self.question.decision), id="combat-typed")
                yield Static(id="combat-message", classes="combat-line")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.fill()

    def fill(self) -> None:
        """Fill the tables once mounted (textual calls each class's own ``on_mount``: subclasses override this)."""
        units = self.query_one("#combat-units", DataTable)
        units.add_columns("Unit", "Side", "Gun", "Air", "Def", "Spd", "Damage", "Sinks >", "State")
        for u in sorted(self.brief.view.units.values(), key=lambda u: (not u.own, u.name)):
            sinks = self.brief.sinks_above.get(u.name)
            units.add_row(u.name, side_label(u.side) + (" (you)" if u.own else ""), _factor(u.gunnery, u.gunnery_bonus),
                          _factor(u.air, u.air_bonus), "-" if u.defence is None else str(u.defence),
                          "-" if u.speed is None else str(u.speed), str(u.damage),
                          "-" if sinks is None else str(sinks), _state(u))
        answer = self.query_one("#combat-answer", DataTable)
        answer.add_columns(KEY_HEADERS.get(self.question.decision, "Unit"), "Choice", "Hit", "Disable", "Sink")
        self.refresh_rows()
        answer.focus()

    # -- texts
    def title_text(self) -> Text:
        q, view = self.question, self.brief.view
        stage = "" if q.stage == "round" else f" ({q.stage})"  # a stage named as the round is said once
        text = Text(f"Battle in {q.area} · {view.theatre.value} · {round_words(q.round)}{stage} — ", style="bold")
        text.append(f"{PLAYERS.get(self.player, self.player)} decide{'' if self.player == 'allies' else 's'} "
                    f"{TITLES.get(q.decision, q.decision)}")
        text.append(f"\nRule: {self.brief.rule}", style="italic")
        japan = q.options.get("japan")
        if q.decision == "day_or_night" and japan:
            text.append(f"\nJapan has declared {japan}.", style="bold")
        return text

    def account_text(self) -> Text:
        """The last lines of the battle's account so far (what has been fired, hit, sunk)."""
        lines = self.brief.view.narrative[-ACCOUNT_LINES:]
        return Text("\n".join(lines) if lines else "The battle begins.", style="dim")

    def factors_text(self) -> Text:
        """War at Sea air strikes: each air unit's factors and how many the rows use (one target each)."""
        if self.question.decision != "was_air_strikes":
            return Text("")
        used = {s: sum(1 for r in self.rows if r.value == s) for s in self.question.options["factors"]}
        return Text("Air factors: " + ", ".join(f"{s} {used[s]}/{n}" for s, n in
                                                self.question.options["factors"].items()))

    def suggestion_text(self) -> Text:
        probe = [Row(r.key, r.choices, r.value) for r in self.rows]
        set_answer(self.question.decision, probe, self.brief.suggestion)
        shown = ", ".join(f"{r.key} {r.value}" for r in probe if r.value != NONE) or "nothing"
        return Text(f"AI suggests: {shown} — {self.brief.reason}", style="italic")

    def odds_of(self, row: Row) -> tuple[str, str, str]:
        decision = self.question.decision
        if row.value == NONE or decision not in ("submarine_targets", "gunnery_targets", "air_targets",
                                                 "was_air_strikes"):
            return "", "", ""
        attacker, target = (row.value, row.key) if decision == "was_air_strikes" else (row.key, row.value)
        odds = self.brief.odds.get(attacker, {}).get(target)
        if odds is None:
            return "", "", ""
        return percent(odds.hit), percent(odds.disabled), percent(odds.sunk)

    def refresh_rows(self) -> None:
        table = self.query_one("#combat-answer", DataTable)
        row_at = table.cursor_row
        table.clear()
        for row in self.rows:
            table.add_row(row.key, row.value, *self.odds_of(row))
        self.query_one("#combat-factors", Static).update(self.factors_text())
        if self.rows:
            table.move_cursor(row=min(max(row_at, 0), len(self.rows) - 1))

    def message(self, text: str, *, ok: bool) -> None:
        self._last_message = text
        style = "green" if ok else "bold red"
        self.query_one("#combat-message", Static).update(link_citations(Text(text, style=style)))

    def action_rule(self) -> None:
        """``l``: the rules of the refusal, else the question's, else its notes' (:mod:`tui.rule_screen`)."""
        texts = [self._last_message, self.brief.rule, notes_text(self.brief.notes).plain]
        why = open_rules(self.app, *texts)
        if why:
            self.notify(why, severity="warning")

    def action_show_rule(self, key: str) -> None:
        """A click on a rule cited by the title, the notes or the refusal."""
        open_rules(self.app, key)

    # -- actions
    def current(self) -> Row | None:
        table = self.query_one("#combat-answer", DataTable)
        return self.rows[table.cursor_row] if self.rows and 0 <= table.cursor_row < len(self.rows) else None

    def action_change(self, delta: int) -> None:
        row = self.current()
        if row is not None:
            row.step(delta)
            self.refresh_rows()

    def action_ai_answer(self) -> None:
        """``a``: the AI's answer, shown in the rows (Enter confirms it)."""
        set_answer(self.question.decision, self.rows, self.brief.suggestion)
        self.refresh_rows()
        self.message("the AI's answer: Enter to confirm it", ok=True)

    def action_confirm(self) -> None:
        self.give(answer_of(self.question.decision, self.rows))

    def give(self, answer: Any) -> None:
        refusal = self._submit(answer)
        if refusal:
            self.message(f"refused: {refusal}", ok=False)
            return
        self.dismiss(answer)

    def action_type_answer(self) -> None:
        self.query_one("#combat-typed", Input).focus()
        self.message(typed_hint(self.question.decision), ok=True)

    def action_leave_input(self) -> None:
        self.query_one("#combat-answer", DataTable).focus()

    @on(Input.Submitted, "#combat-typed")
    def typed(self, event: Input.Submitted) -> None:
        self.typed_answer(event.value)

    def typed_answer(self, text: str) -> None:
        """Read a typed answer (:func:`parse_typed`), show it in the rows and give it."""
        try:
            typed = parse_typed(self.question.decision, self.rows, text)
            answer = merge_typed(self.question.decision, self.rows, typed, self.question.options.get("factors"))
        except ValueError as exc:
            self.message(f"cannot read the answer: {exc}", ok=False)
            return
        self.refresh_rows()
        self.give(answer)

    def action_save(self) -> None:
        if self._save is not None and not isinstance(self.focused, Input):
            self._save()

    def action_delegate(self, whole_turn: bool = False) -> None:
        if self._delegate is not None and not isinstance(self.focused, Input):
            self._delegate(whole_turn)
            self.dismiss(None)


def _factor(value: int, bonus: bool) -> str:
    """A factor, with ``+1`` when it is circled on the counter (its attack dice hit on one face more, 002 §4.1)."""
    return f"{value} +1" if bonus and value else str(value)


def _state(unit: Any) -> str:
    if unit.sunk:
        return "eliminated" if unit.eliminated else "sunk"
    words = [w for w, on_ in (("disabled", unit.disabled), ("withdrawing", unit.withdrawing),
                              ("withdrew", unit.withdrew), ("in port", unit.in_port)) if on_]
    if unit.landed:
        words.append(f"landed at {unit.landed}")
    return ", ".join(words) or "in action"


def notes_text(notes: tuple[str, ...]) -> Text:
    """The brief's notes: the rules that bear on the question, each cited."""
    return Text("\n".join(f"· {n}" for n in notes), style="dim italic")


def question_screen(player: str, question: Question, brief: Any, submit: Callable[[Any], str | None],
                    save: Callable[[], None] | None = None,
                    delegate: Callable[[bool], None] | None = None) -> CombatScreen:
    """The screen that asks ``question``: :class:`OrderScreen` for the battle order, else :class:`CombatScreen`."""
    if question.decision == "order_battles":
        return OrderScreen(player, question, brief, submit, save, delegate)
    return CombatScreen(player, question, brief, submit, save, delegate)


def parse_order(areas: list[str], text: str) -> list[str]:
    """A typed battle order: the areas, comma-separated, each once (case does not matter).  Raises ``ValueError``
    naming what cannot be read (whether it lists every battle is the engine's to say, with the rule)."""
    if not text.strip():
        raise ValueError(f"nothing was typed: type every battle once ({EXAMPLES['order_battles']}), or Escape to go "
                         "back to the list and Enter to give it (R-SEAT-20)")
    known = {a.lower(): a for a in areas}
    out = [_name(known, part, "pending battle") for part in text.split(",") if part.strip()]
    twice = sorted({a for a in out if out.count(a) > 1})
    if twice:
        raise ValueError(f"{', '.join(twice)} given twice")
    return out


class OrderTable(DataTable[str]):
    """The battles in the order they will be fought: shift+up / shift+down (or u / d) move the highlighted one,
    Enter confirms."""

    BINDINGS = [
        Binding("shift+up,u", "screen.move(-1)", "Move up"),
        Binding("shift+down,d", "screen.move(1)", "Move down"),
        Binding("enter", "screen.confirm", "Confirm"),
    ]


class OrderScreen(CombatScreen):
    """The battle order (WAS 5.6: the Axis orders the War at Sea battles; VITP 4.1: Japan the VITP ones), asked
    before any of them is fought: :attr:`order` starts at the AI's order (the brief's suggestion)."""

    BINDINGS = [
        Binding("a", "ai_answer", "AI's order"),
        Binding("A", "delegate", "AI: order", tooltip="The AI orders these battles"),
        Binding("T", "delegate(True)", "AI: turn", tooltip="The AI commands all your battles of this turn"),
    ]

    def __init__(self, player: str, question: Question, brief: OrderBrief, submit: Callable[[Any], str | None],
                 save: Callable[[], None] | None = None, delegate: Callable[[bool], None] | None = None) -> None:
        Screen.__init__(self)
        self.player, self.question, self.brief = player, question, brief  # type: ignore[assignment]
        self.rows = []
        self.order: list[str] = [a for a in brief.suggestion if a in question.options["areas"]]
        self._submit, self._save, self._delegate = submit, save, delegate

    def compose(self) -> ComposeResult:
        yield Static(link_citations(self.title_text()), id="combat-title", classes="combat-line")
        with Vertical(id="combat-side"):
            yield OrderTable(id="combat-answer", cursor_type="row", zebra_stripes=True)
            yield Static(self.suggestion_text(), id="combat-suggestion", classes="combat-line")
            yield Static(link_citations(notes_text(self.brief.notes)), id="combat-notes", classes="combat-line")
            yield Input(placeholder=f"/ to type the order ({EXAMPLES['order_battles']})", id="combat-typed")
            yield Static(id="combat-message", classes="combat-line")
        yield Footer(compact=True, show_command_palette=False)

    def fill(self) -> None:
        table = self.query_one("#combat-answer", DataTable)
        table.add_columns("#", "Battle", "Kind", "Allied", "Axis", "In port")
        self.refresh_rows()
        table.focus()

    def title_text(self) -> Text:
        brief: OrderBrief = self.brief  # type: ignore[assignment]
        theatre = "War at Sea" if brief.theatre.value == "WAS" else "VITP"
        text = Text(f"Combat phase · {theatre} — ", style="bold")
        text.append(f"{PLAYERS.get(self.player, self.player)} decide{'' if self.player == 'allies' else 's'} "
                    f"{TITLES['order_battles']}")
        text.append(f"\nRule: {brief.rule}", style="italic")
        return text

    def suggestion_text(self) -> Text:
        return Text(f"AI suggests: {', '.join(self.brief.suggestion)} — {self.brief.reason}", style="italic")

    def refresh_rows(self) -> None:
        table = self.query_one("#combat-answer", DataTable)
        row_at = table.cursor_row
        table.clear()
        battles = self.brief.battles  # type: ignore[attr-defined]
        for number, area in enumerate(self.order, 1):
            kind, allied, axis, ported = battles.get(area, ("", (), (), ()))
            table.add_row(str(number), area, kind, _names(allied), _names(axis), _names(ported))
        if self.order:
            table.move_cursor(row=min(max(row_at, 0), len(self.order) - 1))

    def action_move(self, delta: int) -> None:
        """Move the highlighted battle ``delta`` places (the cursor follows it)."""
        table = self.query_one("#combat-answer", DataTable)
        at, to = table.cursor_row, table.cursor_row + delta
        if not (0 <= at < len(self.order) and 0 <= to < len(self.order)):
            return
        self.order[at], self.order[to] = self.order[to], self.order[at]
        self.refresh_rows()
        table.move_cursor(row=to)

    def action_ai_answer(self) -> None:
        self.order = [a for a in self.brief.suggestion if a in self.question.options["areas"]]
        self.refresh_rows()
        self.message("the AI's order: Enter to confirm it", ok=True)

    def action_confirm(self) -> None:
        self.give(list(self.order))

    def typed_answer(self, text: str) -> None:
        try:
            answer = parse_order(list(self.question.options["areas"]), text)
        except ValueError as exc:
            self.message(f"cannot read the order: {exc}", ok=False)
            return
        self.order = answer + [a for a in self.order if a not in answer]
        self.refresh_rows()
        self.give(answer)


def _names(names: tuple[str, ...], most: int = 4) -> str:
    """Up to ``most`` names, then how many more."""
    shown = ", ".join(names[:most])
    return shown + (f" +{len(names) - most}" if len(names) > most else "") if names else "-"
