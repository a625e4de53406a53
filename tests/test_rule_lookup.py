"""The rule lookup (issue 17): citations read out of real refusals, resolved to our summaries (falling back on the
rule a section is part of, saying so) and to docs/rulings.md; every citation the code uses has a summary and every
ruling it cites exists (R-UI-20)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenarios.loader import CampaignData, DataError, load_data
from scenarios.rule_summaries import find_citations, parent
from strategic.rule_lookup import Rulings, describe, load_rulings, lookup, parse_rulings, rulings_path
from tests.rule_citations import code_citations, needed


@pytest.fixture(scope="module")
def rulings() -> Rulings:
    return load_rulings()


def keys(text: str) -> list[str]:
    return [c.key for c in find_citations(text)]


def test_citations_in_real_refusals_and_rules() -> None:
    assert keys("VITP 6.1 / WAS 3.1: Hood is not in port ready to sail") == ["VITP 6.1", "WAS 3.1"]
    assert keys("002 §4.11, §2.222; WAS 5.62 (cases C-12, W-04; R-CMB-01)") == [
        "002 §4.11", "002 §2.222", "WAS 5.62", "R-CMB-01"]
    assert keys("002 §2.31-2.33: arrivals and removals") == ["002 §2.31", "002 §2.33"]
    assert keys("VITP 4.2-4.4; 002 §4.12 (R-CMB-02)") == ["VITP 4.2", "VITP 4.4", "002 §4.12", "R-CMB-02"]
    assert keys("000 Submarines: Depth: a submarine running deep makes no attacks") == ["000 Submarines: Depth"]
    assert keys("000 Night Battles: Hood cannot be seen (R-TAC-43)") == ["000 Night Battles", "R-TAC-43"]
    assert keys('000 "Deployment": the two deployment zones') == ["000 Deployment"]
    assert keys("000 Evade!: a ship on Evade! may not use Torpedoes") == ["000 Evade!"]
    assert keys("refused 'move Nelson > Pearl Harbor': 002 §3.246: Nelson is not a unit at sea") == ["002 §3.246"]
    assert keys("002 §3.1, §1: control and POC") == ["002 §3.1", "002 §1"]
    assert keys("no rule here: turn 3, VITP 1941") == []


def test_parents() -> None:
    assert [parent("002 §3.246"), parent("002 §3.24"), parent("002 §3.2"), parent("002 §3")] == [
        "002 §3.24", "002 §3.2", "002 §3", None]
    assert parent("000 Submarines: Depth") == "000 Submarines"
    assert parent("VITP 17.31") == "VITP 17.3"


def test_a_refusal_resolves_to_our_summary(data: CampaignData, rulings: Rulings) -> None:
    [res] = lookup("refused 'return Hood > Malta': 002 §3.246: Hood is not a unit at sea that returns to a port",
                   data.rules, rulings)
    lines = describe(res, rulings)
    assert lines[:4] == [
        "002 §3.246: Return to port",
        "  Units still at sea at the end of the turn return to port, possibly to a port of the other game, within "
        "the transfer limits.",
        "  Source: seed 002 §3.246",
        "  Certainty: rulebook",
    ]
    # the rulings that cite the section follow its summary
    assert lines[4] == "  Ruling R-OPS-72: The retreat step after a table battle sees the ships the table disabled"
    both = lookup("VITP 6.1 / WAS 3.1: Hood is disabled", data.rules, rulings)
    assert [r.title for r in both] == ["VITP 6.1: Ready to sail", "WAS 3.1: Basic move"]
    assert both[0].summary is not None and both[0].summary.confidence.value == "reconstructed"


def test_a_section_without_summary_falls_back_and_says_so(data: CampaignData, rulings: Rulings) -> None:
    summaries = {k: v for k, v in data.rules.items() if k != "002 §3.246"}
    [res] = lookup("002 §3.246", summaries, rulings)
    assert res.shown == "002 §3.24" and res.fallback
    assert describe(res, rulings)[:2] == [
        "002 §3.246 (part of 002 §3.24): The combined turn",
        "  (no summary of its own for 002 §3.246: this is 002 §3.24, the rule it is part of)"]
    del summaries["002 §3.24"]
    [res] = lookup("002 §3.246", summaries, rulings)
    assert res.shown == "002 §3.2" and res.summary is data.rules["002 §3.2"]
    [res] = lookup("000 Nonsense", data.rules, rulings)
    assert not res.found and describe(res, rulings) == [
        "000 Nonsense: no summary", "  no summary of 000 Nonsense or of a rule it is part of"]


def test_rulings_are_read_and_attached(data: CampaignData, rulings: Rulings) -> None:
    [res] = lookup("VITP 17.31 (R-OPS-21)", data.rules, rulings)[:1]
    assert [r.code for r in res.rulings] == ["R-OPS-21"]  # R-OPS-21 cites VITP 17.31
    [ruling] = lookup("R-CMB-05", data.rules, rulings)
    lines = describe(ruling, rulings)
    assert lines[0] == "R-CMB-05: Sinking in port"
    assert any("twice its defence" in line for line in lines)
    assert rulings_path() == Path(__file__).resolve().parents[1] / "docs" / "rulings.md"


def test_missing_rulings_fail_gracefully(data: CampaignData, tmp_path: Path) -> None:
    none = load_rulings(tmp_path / "rulings.md")
    assert none.entries == {} and "rulings.md: the rulings cannot be read" in str(none.problem)
    [res] = lookup("R-CMB-05", data.rules, none)
    assert not res.found
    assert describe(res, none)[-1] == f"  ({none.problem})"
    assert parse_rulings("## A\n### R-X-1: One\n- text\n### R-X-2: Two\nmore\n## B\nnot in\n") == {
        "R-X-1": parse_rulings("### R-X-1: One\n- text")["R-X-1"],
        "R-X-2": parse_rulings("### R-X-2: Two\nmore")["R-X-2"]}


def test_every_citation_in_the_code_has_a_summary(data: CampaignData, rulings: Rulings) -> None:
    cited = code_citations()
    assert len(cited) > 150
    missing = sorted(f"{needed(k)} ({where})" for k, where in cited.items()
                     if not k.startswith("R-") and needed(k) not in data.rules)
    assert missing == [], "add a summary to scenarios/data/rules/summaries.yaml for: " + ", ".join(missing)
    unknown = sorted(f"{k} ({where})" for k, where in cited.items() if k.startswith("R-") and k not in rulings.entries)
    assert unknown == [], "rulings cited in the code but not in docs/rulings.md: " + ", ".join(unknown)
    dangling = sorted(f"{s.name}: {c}" for s in data.rules.values() for c in s.rulings if c not in rulings.entries)
    assert dangling == []


def test_bad_summaries_are_refused_and_overrides_replace(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text(
        "rules:\n"
        "  - name: Gunnery\n    title: x\n    summary: One.\n    source: s\n    confidence: rulebook\n"
        "  - name: 002 §3.1\n    title: x\n    summary: One. Two. Three. Four.\n    source: s\n"
        "    confidence: rulebook\n",
        encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_data([tmp_path])
    text = str(caught.value)
    assert "bad.yaml:2" in text and "'Gunnery' is not one rule citation" in text
    assert "bad.yaml:9" in text and "one to three sentences (this one has 4)" in text
    (tmp_path / "bad.yaml").write_text(
        "rules:\n  - name: 002 §3.1\n    title: Winning\n    summary: Our table's reading.\n    source: printed 002\n"
        "    confidence: rulebook\n", encoding="utf-8")
    data = load_data([tmp_path])
    assert data.rules["002 §3.1"].summary == "Our table's reading." and ("rules", "002 §3.1") in data.overridden


def test_the_wheel_ships_the_rulings_where_the_lookup_reads_them() -> None:
    import tomllib

    root = Path(__file__).resolve().parents[1]
    wheel = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"]
    assert wheel["wheel"]["force-include"] == {"docs/rulings.md": "strategic/rulings.md"}
    assert (root / "scenarios" / "data" / "rules" / "summaries.yaml").is_file()  # inside the scenarios package
