"""§D6: a -όμενος or -ων participle only where a dictionary gives it as a headword
(lexicon/lemmas-participles.tsv, scripts/pipeline/import_participles.py)."""
from __future__ import annotations

import pytest

from fst.api import Judge
from grammars.profiles import disabled
from lexicon import LEXICON_DIR, read_lexicon

FILE = LEXICON_DIR / "lemmas-participles.tsv"
SOURCES = {"freedict", "wordnet", "unimorph"}
#: the active participles' classes and sources (spaCy's adjectives too)
ACTIVE = {"E12", "E13", "E14", "E15"}
ACTIVE_SOURCES = SOURCES | {"spacy"}


@pytest.fixture(scope="module")
def judge():
    return Judge.load()


def test_rows_are_dictionary_participles_of_class_e5():
    rows = read_lexicon(FILE)
    assert len(rows) > 100
    for e in rows:
        if e.inflection_class in ACTIVE:
            assert e.pos == "ADJ" and e.lemma.endswith(("ων", "ών")), e
            assert set(e.source.split("+")) <= ACTIVE_SOURCES, e
            continue
        assert e.lemma.endswith(("όμενος", "ούμενος", "ώμενος")), e.lemma
        assert (e.pos, e.inflection_class) == ("ADJ", "E5"), e
        assert set(e.source.split("+")) <= SOURCES, e
        # only FreeDict's rows are left out of the free profile (licence note, SOURCES.md)
        assert e.marks == (("FD",) if e.source == "freedict" else ()), e
    # a lemma that another lemma file has is not repeated here
    others = {e.lemma for p in sorted(LEXICON_DIR.glob("lemmas*.tsv")) if p != FILE
              for e in read_lexicon(p)}
    assert not {e.lemma for e in rows} & others


def test_headword_participles_are_valid_adjectives(judge):
    # FreeDict and WordNet headwords (αναμενόμενος, κινούμενος, συνεργαζόμενος)
    for word, lemma in (("ΑΝΑΜΕΝΟΜΕΝΟΣ", "αναμενόμενος"), ("ΚΙΝΟΥΜΕΝΕΣ", "κινούμενος"),
                        ("ΣΥΝΕΡΓΑΖΟΜΕΝΩΝ", "συνεργαζόμενος"), ("ΠΕΡΙΠΛΑΝΩΜΕΝΗ", "περιπλανώμενος")):
        v = judge.check(word)
        assert v.valid, word
        assert any(a.lemma == lemma and a.inflection_class == "E5" for a in judge.analyse(word))
    # no degree without evidence (§B6, lexicon/comparison.tsv)
    assert not judge.check("ΚΙΝΟΥΜΕΝΟΤΕΡΟΣ").valid


def test_freedict_only_participles_leave_the_free_profile():
    free = Judge.load(disabled_rules=disabled("free"))
    assert not free.check("ΑΘΛΟΥΜΕΝΟΣ").valid  # FreeDict alone
    assert free.check("ΚΙΝΟΥΜΕΝΟΣ").valid  # WordNet and UniMorph too


@pytest.mark.parametrize("word,lemma,code", [
    ("ΥΠΑΡΧΟΥΣΕΣ", "υπάρχων", "E12"), ("ΥΠΑΡΧΟΝ", "υπάρχων", "E12"),
    ("ΥΠΑΡΧΟΥΣΩΝ", "υπάρχων", "E12"), ("ΣΥΜΜΕΤΕΧΟΝΤΕΣ", "συμμετέχων", "E12"),
    ("ΠΑΡΟΥΣΑ", "παρών", "E13"), ("ΠΑΡΟΝΤΕΣ", "παρών", "E13"),
    ("ΕΠΙΖΩΝΤΕΣ", "επιζών", "E14"), ("ΕΠΙΖΩΣΑ", "επιζών", "E14"),
    ("ΔΙΟΙΚΟΥΝΤΟΣ", "διοικών", "E15"), ("ΔΙΟΙΚΟΥΣΑ", "διοικών", "E15")])
def test_active_participles_a_dictionary_gives(judge, word, lemma, code):
    # FreeDict's υπάρχων, συμμετέχων, επιζών; WordNet/UniMorph's παρών; spaCy's διοικών
    assert any(a.lemma == lemma and a.inflection_class == code for a in judge.analyse(word)), word


@pytest.mark.parametrize("word", [
    "ΥΠΑΡΧΟΥΣΗΣ",   # the learned feminine genitive is left out (§D6)
    "ΔΙΟΙΚΩΝΤΟΣ",   # a verb in -ώ, -είς makes -ούντος, not -ώντος
    "ΕΠΙΖΟΥΝΤΟΣ",   # ζω's compounds make -ώντος
    "ΠΑΡΟΝΤΟΣΑ"])
def test_active_participles_wrong_forms_are_refused(judge, word):
    assert not judge.check(word).valid, word


def test_third_declension_adjectives_in_on_are_no_participles():
    # ευγνώμων, μετριόφρων (-ων, -ον, -ονος) have no verb: no E12 row gives them -ουσα
    lemmas = {e.lemma for e in read_lexicon(FILE)}
    assert "ευγνώμων" not in lemmas and "μετριόφρων" not in lemmas and "υπάρχων" in lemmas
