"""The phonotactic inventory (grammars/phonotactics.py) and the generated language held to it.

Words from issue 20: ΕΠΙΣΚΕΠΦΤΗΚΑ, ΠΕΜΜΜΕΝΟΣ, ΕΛΙΣΞΟΥ and ΣΥΣΚΕΠΜΜΕΝΟΣ were accepted; the
demotic forms επισκέφτηκα, πέμφτηκα, επισκεμμένος are the paradigms' now.
"""
from __future__ import annotations

import gzip

import pytest

from grammars import phonotactics as P
from grammars.paradigm import generate, load_tables

from scripts.measure import phonotactic_offenders
from scripts.pipeline import make_phonotactics

IMPOSSIBLE = ("ΕΠΙΣΚΕΠΦΤΗΚΑ", "ΠΕΜΜΜΕΝΟΣ", "ΕΛΙΣΞΟΥ", "ΣΥΣΚΕΠΜΜΕΝΟΣ", "ΕΠΙΣΚΕΠΨΟΥ")


def test_runs_by_position():
    assert P.runs("ΣΤΡΩΜΑΤΑΣ") == [("initial", "ΣΤΡ"), ("vowel", "Ω"), ("medial", "Μ"),
                                   ("vowel", "Α"), ("medial", "Τ"), ("vowel", "Α"),
                                   ("final", "Σ")]
    assert P.runs("ΑΙΕΥ") == [("vowel", "ΑΙΕΥ")]
    assert P.runs("ΣΤ") == [("whole", "ΣΤ")]


@pytest.mark.parametrize("word", IMPOSSIBLE)
def test_issue_words_are_outside(word):
    assert P.outside(word), word


@pytest.mark.parametrize("word", ["ΕΠΙΣΚΕΦΤΗΚΑ", "ΠΕΜΦΤΗΚΑ", "ΕΠΙΣΚΕΜΜΕΝΟΣ", "ΕΛΙΞΟΥ",
                                  "ΕΚΣΤΡΑΤΕΙΑ", "ΞΑΝΑΑΥΓΑΖΑ", "ΥΠΕΡΠΛΗΡΗΣ", "ΓΡΑΨΤΕ"])
def test_greek_words_are_inside(word):
    assert P.outside(word) == []


def test_compound_seam_needs_a_listed_seam():
    # Σ is no prefix coda, ΣΞ no listed run: ΕΛΙΣΞΟΥ stays outside however it is cut
    assert not P.known("medial", "ΣΞ")
    assert P.known("medial", "ΚΣΤΡ")  # εκ-στρατεία


def test_lemma_own_runs_are_not_made_by_the_grammar():
    assert P.made_outside("ΣΠΛΑΓΧΝΑ", ["σπλάγχνο"]) == []
    assert P.made_outside("ΕΠΙΣΚΕΠΦΤΗΚΑ", ["επισκέπτομαι"]) == [("medial", "ΠΦΤ")]


def test_inventory_has_provenance_and_no_words():
    text = P.INVENTORY_FILE.read_text(encoding="utf-8")
    assert "scripts/make_phonotactics.py" in text and "elspell" in text and "UniMorph" in text
    rows = [ln.split("\t") for ln in text.splitlines()
            if ln and not ln.startswith(("#", "position"))]
    assert len(rows) > 300
    assert {r[0] for r in rows} <= set(P.POSITIONS)
    assert all(len(r[1]) <= 6 for r in rows)  # runs, not words


def test_allow_list_is_short_and_cited():
    allow = P.allowed()
    assert 0 < len(allow) <= 20
    for (pos, run), why in allow.items():
        assert pos in P.POSITIONS and run not in ("",)
        assert (pos, run) not in P.inventory(), f"{run} is in the inventory already"
        assert any("\u03ac" <= c <= "\u03ce" for c in why), f"{run}: cite a lemma"


def _forms(lemma, cls):
    return {f for f, _cell, _w in generate(lemma, load_tables()[cls])}


@pytest.mark.parametrize("lemma, cls, good, bad", [
    ("επισκέπτομαι", "P4b", {"επισκέφτηκα", "επισκεφτώ", "επισκέψου", "επισκεμμένος"},
     {"επισκέπφτηκα", "επισκέπψου", "επισκεπμμένος"}),
    ("συσκέπτομαι", "P4b", {"συσκέφτηκα", "συσκεμμένος"}, {"συσκεπμμένος"}),
    ("καλοσκέφτομαι", "P4b", {"καλοσκέφτηκα", "καλοσκέψου"}, {"καλοσκέφφτηκα"}),
    ("πέμπω", "P4", {"πέμφτηκα", "πεμμένος", "έπεμψα"}, {"πεμμμένος"}),
    ("ανακάμπτω", "P4a", {"ανακαμμένος"}, {"ανακαμμμένος"}),
    ("ελίσσομαι", "P2.2b", {"ελίχτηκα", "ελίξου", "ελιγμένος"},
     {"ελίσχτηκα", "ελίσξου", "ελισγμένος"}),
    ("συναλλάσσομαι", "P2.2b", {"συναλλάχτηκα", "συναλλαγμένος"}, {"συναλλάσχτηκα"}),
    ("διελέγχω", "P3", {"διελεγμένος"}, {"διελεγγμένος"}),
    ("ρίχνομαι", "P1b", {"ρίξου"}, {"ρίχσου"}),
])
def test_class_paradigms_keep_to_greek_clusters(lemma, cls, good, bad):
    forms = _forms(lemma, cls)
    assert good <= forms, good - forms
    assert not bad & forms, bad & forms


def test_make_phonotactics_counts_lemmas_and_sources(tmp_path):
    (tmp_path / "data/elspell").mkdir(parents=True)
    (tmp_path / "data/unimorph").mkdir(parents=True)
    (tmp_path / "oracles").mkdir()
    (tmp_path / "data/elspell/word.rule.data").write_text(
        "γράφω P4\nστρώμα O49\nσπλάγχνο O41\n", encoding="utf-8")
    with gzip.open(tmp_path / "oracles/hunspell-el_GR.dic.gz", "wt", encoding="utf-8") as f:
        f.write("4\nστρώνω\nστράφηκα\nΣτράτος\nσπλάγχνα\n")
    with gzip.open(tmp_path / "data/unimorph/ell.tsv.gz", "wt", encoding="utf-8") as f:
        f.write("στρατός\tστρατού\tN;GEN;SG\n")
    out = tmp_path / "inv.tsv"
    assert make_phonotactics.main(["--shared", str(tmp_path), "-o", str(out)]) == 0
    rows = {tuple(ln.split("\t")[:2]) for ln in out.read_text(encoding="utf-8").splitlines()
            if ln and not ln.startswith(("#", "position"))}
    # ΣΤΡ: στρώμα (elspell), στρώνω + στράφηκα (hunspell), στρατός (UniMorph); the capitalised
    # Στράτος is a name and does not count
    assert ("initial", "ΣΤΡ") in rows
    # ΓΧΝ: two sources but two lemmas only
    assert ("medial", "ΓΧΝ") not in rows
    # ΓΡ: one source
    assert ("initial", "ΓΡ") not in rows


def test_generated_language_keeps_to_the_inventory(judge):
    """Every accepted 4–15 letter word (2–3 letter listed words and hidden words exempt)
    has only runs of the inventory, the allow-list or its own lemmas."""
    off = phonotactic_offenders.offenders(judge)
    sample = [(w, bad, sorted({a.lemma for a in an})) for w, (bad, an) in list(off.items())[:20]]
    assert not off, f"{len(off)} words outside the inventory, e.g. {sample}"


@pytest.mark.parametrize("word", IMPOSSIBLE)
def test_issue_words_are_refused(judge, word):
    assert not judge.check(word).valid


@pytest.mark.parametrize("word", ["ΕΠΙΣΚΕΦΤΗΚΑ", "ΕΠΙΣΚΕΦΤΕΙ", "ΠΕΜΦΤΗΚΕ", "ΕΛΙΧΤΗΚΕ"])
def test_demotic_forms_are_accepted(judge, word):
    assert judge.check(word).valid
