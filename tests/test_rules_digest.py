"""The rules in the product (issue 16): the project's digest of the regulation,
grammars/RULES.md, has every rule id that dektes prints, ``dektes rules`` shows it, and the
docstrings point to it rather than to ../shared."""
from __future__ import annotations

import re

import pytest

from conftest import REPO_ROOT, requires_shared, shared_path
from fst import rules as digest
from fst.api import BLOCKING_RULES
from fst.app.cli import main
from grammars.profiles import LAYERS

REGULATION_IDS = (["A%d" % i for i in range(1, 5)] + ["B%d" % i for i in range(1, 10)]
                  + ["C%d" % i for i in range(1, 7)] + ["D%d" % i for i in range(1, 12)]
                  + ["E%d" % i for i in range(1, 7)] + ["LEN"])


def test_the_digest_has_every_rule_of_the_regulation_once():
    assert sorted(digest.digest_rules()) == sorted(REGULATION_IDS)
    for r in digest.rules().values():
        assert r.title and r.text.endswith(".") and r.where


def test_the_projects_own_ids_resolve(monkeypatch):
    from grammars import profiles
    monkeypatch.setattr(profiles, "SOURCE_IDS", {"XYZ": "a source for the test"})
    monkeypatch.setattr(digest, "FLAG_MARKS", {"guessed": "GUESSED"})
    digest.rules.cache_clear()
    try:
        assert digest.lookup("XYZ").text == "A source for the test."
        assert "--without XYZ" in digest.lookup("XYZ").where
        assert "guessed" in digest.lookup("GUESSED").text
    finally:
        monkeypatch.undo()
        digest.rules.cache_clear()


def test_every_rule_id_dektes_can_print_resolves(judge):
    ids = {tag for kind, tag in judge.tags.by_char.values() if kind == "rule"}
    ids |= {"A1", "A4", "C6", "LEN"} | set(LAYERS) | {x.rule_id for x in BLOCKING_RULES}
    for path in sorted((REPO_ROOT / "lexicon").glob("*.tsv")):
        ids |= set(re.findall(r"§([A-E]\d+)", path.read_text(encoding="utf-8")))
    assert ids and all(digest.lookup(i) is not None for i in ids), sorted(
        i for i in ids if digest.lookup(i) is None)


def test_every_rule_id_in_the_code_resolves():
    found = set()
    for path in list((REPO_ROOT / "fst").rglob("*.py")) + list((REPO_ROOT / "grammars").rglob("*.py")):
        found |= set(re.findall(r"§((?:[A-E]\d+)|LEN)\b", path.read_text(encoding="utf-8")))
    assert found and sorted(i for i in found if digest.lookup(i) is None) == []


def test_no_docstring_points_to_the_shared_folder():
    for path in list((REPO_ROOT / "fst").rglob("*.py")) + list((REPO_ROOT / "grammars").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "shared/regulation" not in text and "../shared" not in text, path


@requires_shared
def test_the_digest_is_written_for_the_project_not_copied():
    """No six words in a row of the shared digest recur in the project's digest."""
    theirs = (shared_path() / "regulation" / "RULES.md").read_text(encoding="utf-8")
    ours = digest.DIGEST.read_text(encoding="utf-8")
    words = theirs.split()
    copied = [" ".join(words[i:i + 6]) for i in range(len(words) - 6)
              if " ".join(words[i:i + 6]) in ours]
    assert copied == []


def test_the_rules_command(capsys):
    assert main(["rules"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[0] for line in out] == ["§" + r.id for r in digest.rules().values()]
    assert len(out) >= len(REGULATION_IDS)
    assert main(["rules", "d1", "§B3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "§D1\t" + digest.lookup("D1").title
    assert out[1].startswith("\trule\t") and out[2].startswith("\tdektes\tgrammars/rules/d1")
    assert out[3].startswith("§B3\t")
    assert main(["rules", "Z9"]) == 1
    assert "Z9 is not a rule id" in capsys.readouterr().err


@pytest.mark.parametrize("word", ["ΓΡΑΨΑ", "ΞΑΝΑΡΩ", "Α", "ΕΓΡΑΨΑ", "ΓΡΑΨΑΜΕ"])
def test_every_verdict_names_rules_of_the_digest(judge, word):
    v = judge.check(word)
    assert v.rules and all(digest.lookup(r) for r in v.rules)


def test_the_readme_points_to_the_digest():
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    assert "grammars/RULES.md" in readme and "dektes rules" in readme


def test_the_digest_ships_with_the_package():
    """``pip install .`` (not editable) must install grammars/RULES.md for ``dektes rules``."""
    import tomllib
    config = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "*.md" in config["tool"]["setuptools"]["package-data"]["grammars"]
    assert digest.DIGEST.parent.name == "grammars" and digest.DIGEST.name == "RULES.md"
