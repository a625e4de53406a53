"""One error tree for both engines (issue #14): every error the program raises on purpose is a ``VasError``, and
an illegal order is one class whichever engine refuses it."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import scenarios
import strategic
import tactical
import tui
from scenarios.errors import IllegalCombatDecision, IllegalOrder, InputError, InvalidOrder, RulesError, VasError

NOT_USER_ERRORS = {
    "strategic.invariants.InvariantError": "a broken engine invariant is a bug detector, raised to the tests",
    "tactical.dice.DiceExhausted": "scripted dice of a test ran out",
    "tactical.known.HiddenFact": "a captain reaching for what its side may not know is a bug, raised to the tests",
    "strategic.json_files._RepeatedKey": "internal to the JSON reader, turned into an InputError at once",
    "strategic.answer_needed.AnswerNeeded": "not an error: a battle stopped at a human's question (issue #15)",
    "scenarios.yaml_source._Refused": "internal to the YAML reader, turned into a YamlLimitError at once",
    "tui.command_screen.Stopped": "not an error: the player stopped commanding a battle on the table (issue #16)",
    "tui.signals.Terminated": "not an error: SIGTERM or SIGHUP asked the command to stop (handled as Ctrl-C)",
    "strategic.odds_workers.OddsCancelled": "not an error: the player left the odds tab, so its runs stop (issue #18)",
    "tactical.revision.StaleCache": "a bug detector of the cached ship figures, raised only under a test's check",
}


def _error_classes() -> dict[str, type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    for package in (scenarios, strategic, tactical, tui):
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                if inspect.isclass(value) and issubclass(value, BaseException) and value.__module__ == module.__name__:
                    found[f"{module.__name__}.{name}"] = value
    return found


def test_every_error_of_the_program_is_in_the_tree() -> None:
    classes = _error_classes()
    assert set(NOT_USER_ERRORS) <= set(classes), "the listed exceptions still exist"
    outside = sorted(n for n, c in classes.items() if not issubclass(c, VasError) and n not in NOT_USER_ERRORS)
    assert outside == []
    assert "strategic.engine_errors.EngineError" in classes and "scenarios.loader.DataError" in classes


@pytest.mark.parametrize(("name", "branch"), [
    ("scenarios.loader.DataError", InputError),
    ("scenarios.yaml_source.YamlSyntaxError", InputError),
    ("strategic.saves.SaveError", InputError),
    ("strategic.battle_logs.BattleLogError", InputError),
    ("tui.outputs.OutputError", InputError),
    ("tui.order_entry.OrderSyntaxError", InvalidOrder),
])
def test_each_error_sits_on_its_branch(name: str, branch: type[VasError]) -> None:
    assert issubclass(_error_classes()[name], branch)
    assert issubclass(_error_classes()[name], ValueError)  # callers catching ValueError keep working


def test_one_illegal_order_for_both_engines() -> None:
    from strategic.classic.context import IllegalCombatDecision as classic_refusal
    from strategic.orders import IllegalOrder as campaign_refusal
    from tactical.orders import IllegalOrder as battle_refusal

    assert campaign_refusal is battle_refusal is IllegalOrder
    assert classic_refusal is IllegalCombatDecision
    assert issubclass(IllegalOrder, RulesError) and issubclass(IllegalCombatDecision, RulesError)


def test_a_refusal_names_its_rule() -> None:
    refusal = IllegalOrder("002 §3.421", "US ships in War at Sea may base only in the United States")
    assert refusal.rule == "002 §3.421"
    assert refusal.message == "US ships in War at Sea may base only in the United States"
    assert str(refusal) == "002 §3.421: US ships in War at Sea may base only in the United States"
    decision = IllegalCombatDecision("002 §4.11", "Yamato is not in this battle")
    assert str(decision) == "Yamato is not in this battle [002 §4.11]"
    assert isinstance(decision, ValueError)


def test_bad_input_reaching_the_command_line_is_reported_not_a_bug(capsys, monkeypatch) -> None:
    from tui import cli

    def broken(args: object) -> int:
        raise InputError("game.json: units.Yamato.place: not a port or sea area")

    parser = cli.build_parser()
    args = parser.parse_args(["data", "check"])
    monkeypatch.setattr(cli, "build_parser", lambda *only: parser)
    monkeypatch.setattr(parser, "parse_args", lambda argv=None: args)
    args.func = broken
    assert cli.main([]) == 1
    assert capsys.readouterr().err == "vas: game.json: units.Yamato.place: not a port or sea area\n"
