"""``vas rule CITATION``: our summary of a rule the game cites, and its rulings (issue 17, the rule lookup).

    vas rule 002 §3.246                 the summary, its source and certainty, the docs/rulings.md entries
    vas rule "VITP 6.1 / WAS 3.1"       every rule a text cites (a refusal pasted whole works too)
    vas rule R-CMB-05                   a ruling's entry

Exit code 2 (bad usage) when the text cites no rule or a rule we have no summary of, with the nearest citations we
know.  The same lines are shown by the app's rule screen (:mod:`tui.rule_screen`).
"""

from __future__ import annotations

import argparse
import difflib
import re
import shutil
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

from scenarios.loader import load_data
from strategic.rule_lookup import describe, load_rulings, lookup

EXAMPLES = "'002 §3.246', '000 Deployment', 'VITP 4.9', 'WAS 3.1', 'R-CMB-05'"


def _wrapped(line: str, width: int) -> str:
    """``line`` wrapped to ``width``, its continuation lines indented as it is (past the dash of a bullet)."""
    indent = " " * (len(line) - len(line.lstrip()))
    bullet = "  " if line.lstrip().startswith("- ") else ""
    return textwrap.fill(line, width, initial_indent="", subsequent_indent=indent + bullet,
                         break_on_hyphens=False, break_long_words=False)


def cmd_rule(args: argparse.Namespace) -> int:
    text = re.sub(r"\b(00[0-3]) (\d)", r"\1 §\2", " ".join(args.citation))  # "002 3.246": § is hard to type
    summaries = load_data([Path(d) for d in args.data or []]).rules
    rulings = load_rulings()
    found = lookup(text, summaries, rulings)
    if not found:
        print(f"vas rule: '{text}' cites no rule (a citation looks like {EXAMPLES})", file=sys.stderr)
        return 2
    width = max(shutil.get_terminal_size((100, 24)).columns, 60)
    for index, res in enumerate(found):
        if index:
            print()
        for line in describe(res, rulings):
            print(_wrapped(line, width))
    unknown = [res.citation.key for res in found if not res.found]
    for key in unknown:
        near = difflib.get_close_matches(key, [*summaries, *rulings.entries], n=3, cutoff=0.6)
        hint = f" (nearest: {', '.join(near)})" if near else ""
        print(f"vas rule: no summary of {key}{hint}", file=sys.stderr)
    return 2 if unknown else 0


def add_rule_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser],
                    data_option: Callable[[argparse.ArgumentParser], None]) -> None:
    rule = sub.add_parser("rule", help="our summary of a rule the game cites, and its rulings",
                          description="Print our summary of each rule the text cites (its source and certainty) and "
                                      f"the docs/rulings.md entries that decide it; e.g. {EXAMPLES}.")
    rule.add_argument("citation", nargs="+", help="a rule citation, or any text citing rules (a refusal)")
    data_option(rule)
    rule.set_defaults(func=cmd_rule)
