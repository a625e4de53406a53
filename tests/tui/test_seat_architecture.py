"""The campaign screen reaches the game through its seat's link alone (R-VIEW-29, issue 21 step 2): no module of
the screen reads the session's campaign, so a websocket link can stand in for the local session.  The rest the
screen needs of what runs the game goes through its host (R-VIEW-37, :class:`tui.seat_host.SeatHost`): the screen
names no ``Session``, and reads of its ``seat`` and ``host`` are members of their protocols."""

from __future__ import annotations

import ast
from pathlib import Path

import tui
from tui.seat_host import SeatHost
from tui.seat_link import SeatLink

TUI = Path(tui.__file__).parent

SCREEN_MODULES = ("campaign_screen.py", "app.py", "dialogs.py", "oob_screen.py", "ai_follow.py", "battle_choice.py",
                  "board_map.py", "board_info.py", "campaign_log.py", "combat_screen.py", "command_screen.py",
                  "order_picker.py", "order_selection.py", "poc_chart.py", "turn_summary.py", "unit_details.py",
                  "stack_orders.py")
"""tui/campaign_screen.py (the campaign screen), tui/app.py (the app that opens it), its dialogs and the modules the
campaign screen draws and acts with."""

EXCEPTIONS: dict[tuple[str, str], str] = {}
"""(module, the enclosing function) -> why it may read the session's campaign.  None is left: the host's own work
(the crash save, the loading note) is the session's (``Session.save_after_crash``, ``Session.opened_text``)."""


def _session_campaign_uses(path: Path) -> list[tuple[str, int]]:
    """``session.campaign`` / ``<x>.session.campaign`` in ``path``: (the enclosing function, line) of each."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else where
            if isinstance(child, ast.Attribute) and child.attr == "campaign":
                value = child.value
                if (isinstance(value, ast.Name) and value.id == "session") or (
                        isinstance(value, ast.Attribute) and value.attr == "session"):
                    found.append((where, child.lineno))
            visit(child, inner)

    visit(tree, "<module>")
    return found


def _campaign_screen_uses() -> list[int]:
    """Any ``.campaign`` read inside the class ``CampaignScreen`` of tui/campaign_screen.py (its lines)."""
    tree = ast.parse((TUI / "campaign_screen.py").read_text(encoding="utf-8"))
    screen = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "CampaignScreen")
    return [n.lineno for n in ast.walk(screen) if isinstance(n, ast.Attribute) and n.attr == "campaign"]


def test_the_scan_finds_a_session_campaign_read(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f(self, session):\n    a = self.session.campaign.state\n    return session.campaign\n"
                      "def g(self):\n    return self.campaign\n", encoding="utf-8")
    assert _session_campaign_uses(sample) == [("f", 2), ("f", 3)]  # the session's own campaign (g) is allowed


def test_the_campaign_screen_modules_never_read_the_sessions_campaign() -> None:
    found = {(name, where): line for name in SCREEN_MODULES for where, line in _session_campaign_uses(TUI / name)}
    unexplained = {key: line for key, line in found.items() if key not in EXCEPTIONS}
    assert unexplained == {}, f"read the session's campaign (go through CampaignScreen.seat): {unexplained}"
    assert set(EXCEPTIONS) <= set(found), "an exception no longer needed: drop it from EXCEPTIONS"


def test_the_campaign_screen_reads_no_campaign_at_all() -> None:
    assert _campaign_screen_uses() == []


def _screen_class() -> ast.ClassDef:
    tree = ast.parse((TUI / "campaign_screen.py").read_text(encoding="utf-8"))
    return next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "CampaignScreen")


def _members(protocol: type) -> set[str]:
    """The public names a protocol (and the protocols it extends) declares."""
    return {name for klass in protocol.__mro__ if klass.__module__.startswith("tui.")
            for name in vars(klass) if not name.startswith("_")}


def _reads_of(tree: ast.AST, holder: str) -> dict[str, int]:
    """``self.<holder>.X`` and ``<holder>.X`` (a local copy of it) in ``tree``: each name X read, and its line."""
    found: dict[str, int] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        value = node.value
        if (isinstance(value, ast.Name) and value.id == holder) or (
                isinstance(value, ast.Attribute) and value.attr == holder
                and isinstance(value.value, ast.Name) and value.value.id == "self"):
            found.setdefault(node.attr, node.lineno)
    return found


def test_the_scan_finds_the_reads_of_a_holder() -> None:
    tree = ast.parse("def f(self):\n    host = self.host\n    self.host.error\n    return host.lock, self.seat.view\n")
    assert _reads_of(tree, "host") == {"error": 3, "lock": 4}
    assert _reads_of(tree, "seat") == {"view": 4}


def test_the_campaign_screen_names_no_session() -> None:
    """Not imported, not named, no ``session`` attribute: the screen takes a link and a host (R-VIEW-37)."""
    tree = ast.parse((TUI / "campaign_screen.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "tui.session_host" not in imported and "tui.app" not in imported
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    assert "Session" not in names and "session" not in names
    assert [n.lineno for n in ast.walk(_screen_class()) if isinstance(n, ast.Attribute) and n.attr == "session"] == []


def test_the_campaign_screen_reads_only_what_its_link_and_host_declare() -> None:
    screen = _screen_class()
    seat, host = _reads_of(screen, "seat"), _reads_of(screen, "host")
    assert {"view", "deciding", "give", "end_decision"} <= set(seat)  # the scan sees the screen's reads
    assert {"error", "decision_key", "run_ai_until_human", "hand_over"} <= set(host)
    assert {name: line for name, line in seat.items() if name not in _members(SeatLink)} == {}
    assert {name: line for name, line in host.items() if name not in _members(SeatHost)} == {}

