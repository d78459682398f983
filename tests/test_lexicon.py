"""The shipped lexicon: format, hygiene (DESIGN-NOTES §5, rule C1) and reproducible import."""
import itertools
import subprocess
import sys

from conftest import REPO_ROOT, requires_shared
from grammars.paradigm import load_tables

LEX = REPO_ROOT / "lexicon"


def rows(name):
    with open(LEX / name, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f if not line.startswith("#")]


def test_lemmas_are_clean():
    lemmas = rows("lemmas.tsv")
    assert len(lemmas) > 39000
    assert all(len(r) == 8 for r in lemmas)
    assert not [r for r in lemmas if r[0][:1].isupper()]          # §C1: no capitalised lemmas
    assert not [r for r in lemmas if "<I>" in r[0] or "," in r[0]]
    assert len({(r[0], r[3]) for r in lemmas}) == len(lemmas)     # no duplicate rows
    assert {r[1] for r in lemmas} == {"NOUN", "ADJ", "VERB"}


# the `source` column of every lexicon/lemmas*.tsv (lexicon/README.md, SOURCES.md)
SOURCES = {"lemmas.tsv": {"elspell"}, "lemmas-spacy.tsv": {"spacy+evidence"},
           "lemmas-hunspell.tsv": {"hunspell+evidence"}, "lemmas-manual.tsv": {"manual"},
           "lemmas-derived.tsv": {"elspell-derivation"},
           # scripts/pipeline/learn_pes_dev.py: the official list decided (lexicon/README.md)
           "lemmas-pes-dev.tsv": {"pes-dev"},
           "lemmas-sources.tsv": {f"{s}+pes-dev" for s in
                                  ("spacy", "unimorph", "wordnet", "hunspell")},
           "lemmas-freedict.tsv": {"freedict+pes-dev"},
           # scripts/pipeline/import_participles.py: the headword's sources in this order
           "lemmas-participles.tsv": {"+".join(c) for n in (1, 2, 3, 4) for c in
                                      itertools.combinations(("wordnet", "unimorph", "spacy",
                                                              "freedict"), n)},
           # scripts/pipeline/decide_review.py: the lemma model decided a review row (lexicon/README.md)
           "lemmas-model.tsv": {f"{s}+model{p}" for s in ("elspell", "hunspell", "spacy")
                                for p in ("", "+pes-dev")}}


def test_every_lemma_file_has_known_sources_and_format():
    for p in sorted(LEX.glob("lemmas*.tsv")):
        assert p.name in SOURCES, f"{p.name}: add its source to lexicon/README.md and here"
        got = rows(p.name)
        assert all(len(r) == 8 for r in got), p.name
        assert {r[7] for r in got} <= SOURCES[p.name], p.name


def test_every_class_used_has_a_table_or_is_known_empty():
    tables = load_tables()
    used = {r[3] for r in rows("lemmas.tsv")}
    missing = used - set(tables)
    # classes whose lemmas flexy never expands have no table yet (reported in the issue note)
    assert len(missing) <= 5, sorted(missing)


def test_second_codes_are_derivation_records():
    derivs = rows("derivations.tsv")
    assert len(derivs) > 1500
    kinds = {r[2]: r[3] for r in derivs}
    assert kinds["O37"] == "feminine in -ού"
    assert ("αγρότης", "O27") in {(r[0], r[2]) for r in derivs}


@requires_shared
def test_import_is_reproducible(tmp_path):
    subprocess.run([sys.executable, "-m", "scripts.pipeline.import_elspell",
                    "--out", str(tmp_path)], cwd=REPO_ROOT, check=True, capture_output=True)
    for name in ("lemmas.tsv", "derivations.tsv"):
        assert (tmp_path / name).read_bytes() == (LEX / name).read_bytes()
