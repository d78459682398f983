"""§D6: a -όμενος participle only where a dictionary gives it as a headword
(lexicon/lemmas-participles.tsv, scripts/pipeline/import_participles.py)."""
from __future__ import annotations

import pytest

from fst.api import Judge
from grammars.profiles import disabled
from lexicon import LEXICON_DIR, read_lexicon

FILE = LEXICON_DIR / "lemmas-participles.tsv"
SOURCES = {"freedict", "wordnet", "unimorph"}


@pytest.fixture(scope="module")
def judge():
    return Judge.load()


def test_rows_are_dictionary_participles_of_class_e5():
    rows = read_lexicon(FILE)
    assert len(rows) > 100
    for e in rows:
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
