"""Derived lexemes of elspell's derivation records (grammars/derivation.py, DESIGN-NOTES §5):
the rule per kind, the shipped file ``lexicon/lemmas-derived.tsv`` and its compilation."""
import subprocess
import sys

import pytest

from conftest import REPO_ROOT, requires_shared
from grammars.normalize import to_tile
from grammars.derivation import candidates, cited_by, kind_of, pos_of
from grammars.conjugation import overridden, parts_index
from grammars.paradigm import generate, load_tables

LEX = REPO_ROOT / "lexicon"
REVIEW = REPO_ROOT / "scripts" / "pipeline" / "data" / "review.tsv"  # LEX / REVIEW is REVIEW
SOURCE = "elspell-derivation"


def rows(name):
    with open(LEX / name, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f if not line.startswith("#")]


@pytest.mark.parametrize("lemma, base, derived, expected", [
    # feminine in -α: -τρια for an oxytone agent noun in -τής, -ισσα for the rest
    ("αγοραστής", "O7", "O27", "αγοράστρια"),
    ("αγρότης", "O10", "O27", "αγρότισσα"),
    ("μάγειρας", "O5", "O27", "μαγείρισσα"),
    # feminine in -ού
    ("γλεντζές", "O13", "O37", "γλεντζού"),
    ("αεριτζής", "O8", "O37", "αεριτζού"),
    ("γκαντέμης", "O11", "O37a", "γκαντέμω"),
    # learned passive
    ("απαντώ", "P10.1", "P11", "απαντώμαι"),
    # noun / verb of class X: the derived shape the class implies
    ("αλανιάρης", "O11", "O25a", "αλανιάρα"),
    ("αγκυροβόλιο", "O40", "O44", "αγκυροβόλι"),
    ("αγγονός", "O17", "O29", "αγγονή"),
    ("αγαπητικός", "O17", "O24", "αγαπητικιά"),
    ("κοιτάζω", "P2.2", "P10.6", "κοιτώ"),
    ("αναζητώ", "P10.11", "P10.9b", "αναζητούμαι"),
    ("ευχαριστώ", "P10.9", "P10.1b", "ευχαριστιέμαι"),
    # ... or the same lemma, when class X cites it
    ("αγώι", "O45", "O44", "αγώι"),
])
def test_rule_gives_the_derived_citation_form_first(lemma, base, derived, expected):
    got = candidates(lemma, base, derived)
    assert got and got[0] == expected, got


def test_other_candidates_are_left_to_the_evidence():
    # -ισσα and -τρια both fit O27: the grammar ranks, hunspell chooses per lemma
    assert {"αγρότισσα", "αγρότρια"} <= set(candidates("αγρότης", "O10", "O27"))
    # a feminine back to its masculine (a record whose base is the feminine)
    assert "καθαριστής" in candidates("καθαρίστρια", "O27", "O7")
    # every candidate is cited by the derived class; nothing with a doubled vowel (αγνάντι-ι)
    tables = load_tables()
    for c in candidates("αγνάντιο", "O39", "O44"):
        assert cited_by(c, tables["O44"]) and "ιι" not in c


def test_no_table_no_candidate():
    assert candidates("ηχώ", "P10.9a", "O37b") == []  # O37b has no class table


def test_kinds_are_those_of_the_records():
    for lemma, base, derived, kind, source in rows("derivations.tsv"):
        assert kind_of(derived) == kind, (lemma, derived, kind)


def test_derived_file_is_valid():
    got = rows("lemmas-derived.tsv")
    assert len(got) > 100
    tables = load_tables()
    records = {}
    for lemma, base, derived, kind, source in rows("derivations.tsv"):
        records.setdefault(derived, []).append((lemma, base))
    others = {(r[0], r[3]) for p in LEX.glob("lemmas*.tsv") if p.name != "lemmas-derived.tsv"
              for r in rows(p.name)}
    seen = set()
    for r in got:
        assert len(r) == 8, r
        lemma, pos, gender, code, parts, flags, variants, source = r
        assert source == SOURCE, r
        assert (parts, flags, variants) == ("-", "-", "-"), r
        assert gender in ("f", "-"), r
        assert code in tables and pos == pos_of(code), r
        assert (lemma, code) not in seen and (lemma, code) not in others, r
        seen.add((lemma, code))
        # the class gives the lemma back, and some record of that class derives it by rule
        assert cited_by(lemma, tables[code]), r
        near = [(b, bc) for b, bc in records[code] if to_tile(b)[:3] == to_tile(lemma)[:3]]
        assert any(lemma in candidates(b, bc, code) for b, bc in near), r


def test_review_does_not_hold_derived_lemmas():
    derived = {r[0] for r in rows("lemmas-derived.tsv")}
    assert not [r for r in rows(REVIEW) if r[0] in derived]


@pytest.mark.parametrize("lemma, code", [
    ("απαντώμαι", "P11"), ("γαλατού", "O37"), ("αγωνίστρια", "O27"), ("αναζητούμαι", "P10.9b"),
])
def test_derived_lemmas_are_compiled(judge, lemma, code):
    assert [lemma, code] in [[r[0], r[3]] for r in rows("lemmas-derived.tsv")]
    # cells the lemma's parts row governs are its parts' (αναζητούμαι: ppp=-, §D6's default)
    parts = parts_index().get(lemma)
    forms = [f for f, c, w in generate(lemma, load_tables()[code]) if w == 0
             and not (parts is not None and overridden(parts, c))]
    for form in {lemma, forms[len(forms) // 2], forms[-1]}:
        ana = judge.analyse(to_tile(form))
        assert any(a.lemma == lemma and a.inflection_class == code for a in ana), (form, ana)


@requires_shared
def test_import_is_reproducible(tmp_path):
    out = tmp_path / "lemmas-derived.tsv"
    subprocess.run([sys.executable, "-m", "scripts.pipeline.import_derivations",
                    "--out", str(out)], cwd=REPO_ROOT, check=True, capture_output=True)
    assert out.read_bytes() == (LEX / "lemmas-derived.tsv").read_bytes()
