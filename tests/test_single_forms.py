"""Single-form words in everyday use (``lexicon/single-forms.tsv``, written by
scripts/pipeline/import_single_forms.py): indeclinable nouns and adjectives that two lemma
sources list, hunspell attests without inflected forms and wordfreq shows in use."""
from __future__ import annotations

import pytest

from lexicon import LISTED_FILES, read_listed

ROWS = read_listed(("single-forms.tsv",))


def test_every_row_is_one_indeclinable_form_with_two_sources():
    assert len(ROWS) >= 50
    for r in ROWS:
        assert r.inflection_class == "INDECL" and r.form == r.lemma and r.pos in ("N", "ADJ")
        named = [s for s in ("spaCy", "WordNet", "UniMorph", "FreeDict", "simplemma")
                 if s in r.citation]
        assert len(named) >= 2, r
        assert "wordfreq" in r.citation and "hunspell" in r.citation
        assert not r.lemma.endswith(("ω", "ώ", "μαι")), r          # no verb
        assert len(r.lemma) >= 4, r                                 # words-2-3.tsv decides those


def test_the_file_is_read_and_left_out_by_the_free_profile():
    from grammars.profiles import sources_off
    assert "single-forms.tsv" in LISTED_FILES
    assert "single-forms.tsv" in sources_off("free")
    assert "single-forms.tsv" not in sources_off("board")


@pytest.mark.parametrize("word", ["ΒΙΝΤΕΟ", "ΖΟΜΠΙ", "ΣΟΥΤΙΕΝ", "ΚΡΟΥΑΣΑΝ", "ΠΕΝΑΛΤΙ", "ΣΤΡΕΣ"])
def test_everyday_single_forms_are_valid(judge, word):
    res = judge.check(word)
    assert res.valid
    assert any(a.inflection_class == "INDECL" for a in judge.analyse(word))


def test_native_suffixes_and_inflected_forms_are_left_to_their_classes():
    from scripts.pipeline import import_single_forms as S
    # -άκι, -ηση: the class inflects them (αδερφάκια), so they are no single-form words
    assert "αδερφάκι".endswith(S.NATIVE_SUFFIXES) and "αποδόμηση".endswith(S.NATIVE_SUFFIXES)
    assert not "βίντεο".endswith(S.NATIVE_SUFFIXES)
    assert "ευρέως".endswith(S.ADVERB_ENDINGS) and not "σέξι".endswith(S.ADVERB_ENDINGS)
    lemmas = {r.lemma for r in ROWS}
    assert not lemmas & {"αδερφάκι", "αποδόμηση", "άνθρωποι", "ευρέως", "είναι"}


def test_a_plural_of_a_lexicon_lemma_is_found():
    from grammars.paradigm import proposable_tables
    from scripts.pipeline import import_single_forms as S
    by_stem = {"άνθρωπ": [("άνθρωπος", "NOUN")]}
    assert S.lexicon_forms_of("άνθρωποι", by_stem, proposable_tables()) == "άνθρωπος"
    assert S.lexicon_forms_of("βίντεο", by_stem, proposable_tables()) is None
