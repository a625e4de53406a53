"""Issue 18: ``vas`` imports only the command it runs; the others are listed with the help of their own modules."""

from __future__ import annotations

import argparse
import subprocess
import sys

from tui import cli


def _choices(parser: argparse.ArgumentParser) -> dict[str, str]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {action.dest: action.help or "" for action in sub._choices_actions}


def test_the_listed_help_is_the_commands_own() -> None:
    full, quick = _choices(cli.build_parser()), _choices(cli.build_parser("data"))
    assert quick == full
    assert {name: help_line for name, _, _, _, help_line in cli.COMMANDS} == {n: full[n] for n, *_ in cli.COMMANDS}


def test_a_command_run_has_all_its_options() -> None:
    args = cli.build_parser("bench").parse_args(["bench", "--repeat", "2"])
    assert args.repeat == 2


def test_data_check_imports_no_engine_nor_app() -> None:
    code = ("import sys, io, contextlib\nfrom tui.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n    code = main(['data', 'check'])\n"
            "print(code, sorted(m for m in ('textual', 'dask', 'plotext', 'tactical', 'strategic.campaign') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "0 []"
