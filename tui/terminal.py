"""Whether a full-screen command has a terminal to draw on (R-UI-99).

``vas play`` and ``vas battle --human`` (or ``--load``) are textual apps: without a terminal on standard input and
output (``vas play </dev/null``, ``vas play > file``, a cron job) textual writes its escape codes to a file or a
pipe and waits for keys that never come.  Such a command is refused at once, in one line (exit 2), before the data
is loaded; the headless commands (``vas run``, ``vas battle`` without ``--human``) need no terminal.
"""

from __future__ import annotations

import sys


def has_terminal() -> bool:
    """Standard input and standard output are both terminals."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):  # closed or replaced streams
        return False


def no_terminal(command: str) -> str | None:
    """The refusal of ``command`` (e.g. ``vas play``) when there is no terminal, else ``None``."""
    if has_terminal():
        return None
    return (f"{command}: needs a terminal (its standard input and output are not one); the headless game is "
            "vas run, the headless battle vas battle without --human")
