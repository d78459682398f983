"""A grammar compiled from a hand-made ten-lemma :class:`lexicon.Lexicon`, in seconds: the
build takes its lexicon as a value, not from module-level paths."""
from __future__ import annotations

import pytest

from fst.api import Judge
from fst.build.compile import build
from lexicon import LexEntry, Lexicon, ListedForm

LEMMAS = (LexEntry("γράφω", "VERB", "P4", "test"), LexEntry("άνθρωπος", "NOUN", "O19", "test"),
          LexEntry("σπίτι", "NOUN", "O44", "test"), LexEntry("καλός", "ADJ", "E1", "test"))


@pytest.fixture(scope="module")
def small():
    lex = Lexicon(lemmas=LEMMAS,
                  listed=(ListedForm("εγώ", "PRON", "PRON", "PRON;NOM;SG", "εγώ", 0, "test"),),
                  hidden_words=("ιντερνετ",), rulings={"ΑΒΓ": (True, "test (2024-01-01)")})
    return Judge(*build(lex, progress=False))


def test_small_lexicon_makes_its_own_language(small):
    for word in ("ΕΓΡΑΨΑ", "ΑΝΘΡΩΠΟΥΣ", "ΣΠΙΤΙΩΝ", "ΚΑΛΟΤΕΡΟΣ",
                 "ΕΓΩ", "ΙΝΤΕΡΝΕΤ", "ΞΑΝΑΓΡΑΨΑ", "ΑΒΓ"):
        assert small.accepts(word), word
    # lemmas of the shipped lexicon that this one lacks
    for word in ("ΘΑΛΑΣΣΑ", "ΑΓΑΠΩ", "ΕΣΥ"):
        assert not small.accepts(word), word


def test_small_lexicon_layers_are_tagged(small):
    assert {a.lemma for a in small.analyse("ΓΡΑΦΟΜΕ")} == {"γράφω"}
    assert "D7" in small.analyse("ΓΡΑΦΟΜΕ")[0].rules
    assert "E2" in small.analyse("ΙΝΤΕΡΝΕΤ")[0].rules
