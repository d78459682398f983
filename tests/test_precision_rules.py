"""Grammar bars against systematic over-generation: participle-shaped hunspell lemmas (the
-άω alternant, flag ``no_aw``: tests/test_layer_aw_present.py; §B6 degrees of pronouns,
numerals and irregular adjectives: tests/test_layer_b6_degree.py)."""

import pytest


@pytest.mark.parametrize("lemma,shaped", [
    ("αγαπώσης", True), ("δηλούσης", True), ("γενομένης", True), ("τιθεμένης", True),
    ("δοθείσης", True), ("ζώσης", True), ("παρούσης", True),
    ("γρίπης", False), ("ευμενής", False), ("τρώση", False), ("γνώση", False)])
def test_genitive_participles_are_participle_shaped(lemma, shaped):
    from scripts.pipeline.classify_by_evidence import participle_shaped
    assert participle_shaped(lemma) is shaped


@pytest.fixture(scope="module")
def small_classes():
    from scripts.common import LEXICON
    from scripts.pipeline.classify_by_evidence import read_lexicon_rows, small_class_endings
    from grammars.paradigm import load_tables
    return small_class_endings(read_lexicon_rows(LEXICON / "lemmas.tsv")), load_tables()


@pytest.mark.parametrize("lemma,code", [
    ("εξάδερφος", "O5a"), ("έλασις", "O5a"), ("αλιεύς", "O5a"),   # -ς/-τες: εξαδέρφοτες
    ("πρόσωπον", "O53"), ("μέτωπον", "O53"),                      # -ον/-οντος: προσώποντος
    ("οπτικά", "O23"), ("γλώσσες", "O14")])
def test_a_small_class_cites_no_lemma_of_another_ending(small_classes, lemma, code):
    """The issue 20 audit: O5a's inferred key -ς reached every lemma in -ς."""
    from scripts.pipeline.classify_by_evidence import candidates
    from scripts.common import cites
    from grammars.derivation import citation_cell
    endings, tables = small_classes
    assert code in endings
    assert cites(lemma, tables[code], citation_cell("NOUN", lemma))   # the table alone would
    assert code not in {e.code for e in candidates(lemma, ("NOUN",), tables, set(), endings)}


@pytest.mark.parametrize("lemma,code", [("τάπης", "O5a"), ("κρίνον", "O53"),
                                        ("οικοκυρά", "O23")])
def test_a_small_class_still_cites_its_own_endings(small_classes, lemma, code):
    from scripts.pipeline.classify_by_evidence import candidates
    endings, tables = small_classes
    assert code in {e.code for e in candidates(lemma, ("NOUN",), tables, set(), endings)}


def test_a_learned_genitive_row_does_not_make_its_lemma_a_listed_paradigm():
    """A row of learned-genitives.tsv adds a cell to a classed lemma; counted as a listed
    paradigm, classify_by_evidence.py left δράκοντας out of lemmas-spacy.tsv, and the next run
    of find_learned_genitives.py then dropped δράκοντος (a cycle the pipeline never settled)."""
    from scripts.common import LEXICON, read_listed_forms
    rows = [ln.split("\t") for ln in (LEXICON / "learned-genitives.tsv").read_text(
        encoding="utf-8").splitlines() if ln and not ln.startswith(("#", "lemma\t"))]
    assert rows
    lemmas, forms = read_listed_forms()
    only_genitive = {r[0] for r in rows} - {
        ln.split("\t")[0] for name in ("irregular.tsv", "closed.tsv", "loans.tsv",
                                       "regulation-forms.tsv")
        for ln in (LEXICON / name).read_text(encoding="utf-8").splitlines()}
    assert only_genitive and not (only_genitive & lemmas)
    assert {r[4] for r in rows} <= forms
