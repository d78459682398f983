"""No silent loss (issue 12): every row of every lexicon file produces its citation form, or
what a rule says it should; misclassified rows are in review.tsv, not in the lexicon."""
import collections

import pytest

from conftest import REPO_ROOT
from fst.build.compile import compound_rows, paradigm_groups
from lexicon import read_lexicon, read_listed
from grammars.normalize import to_tile
from grammars import defective
from grammars.paradigm import generate, load_tables

LEX = REPO_ROOT / "lexicon"
REVIEW = REPO_ROOT / "scripts" / "pipeline" / "data" / "review.tsv"  # the review queue


@pytest.fixture(scope="module")
def entries():
    return read_lexicon()


def test_every_lemma_row_produces_its_citation_form(entries):
    tables = load_tables()
    state = {}
    for e in entries:
        state[e] = defective.status(e.lemma, e.pos, tables.get(e.inflection_class))
    cited = {e.lemma for e, st in state.items() if st in ("cites", "defective", "tile")}
    # a class giving other forms only is a second code of a lemma another row cites
    bad = [(e.lemma, e.inflection_class, st) for e, st in state.items()
           if st == "nothing" or (st == "other" and e.lemma not in cited)]
    assert bad == []
    counts = collections.Counter(state.values())
    assert counts["defective"] > 300 and counts["cites"] > 50000


@pytest.mark.parametrize("lemma", ["χαρά", "αγορά", "σειρά", "αναφορά", "μεταφορά",
                                   "συμπεριφορά", "δωρεά", "στοά"])
def test_o24_feminines_in_stressed_a(lemma):
    forms = {(f, c) for f, c, _ in generate(lemma, load_tables()["O24"])}
    stem = lemma[:-1]
    assert (lemma, "N;NOM;SG") in forms and (stem + "ές", "N;NOM;PL") in forms
    assert (stem + "άς", "N;GEN;SG") in forms and (stem + "ών", "N;GEN;PL") in forms


def test_o24_supplement_leaves_ia_and_misclassified_neuters_alone():
    t = load_tables()["O24"]
    assert ("καρδιά", "N;NOM;SG") in {(f, c) for f, c, _ in generate("καρδιά", t)}
    assert generate("ανηφόρισμα", t) == []  # a -μα neuter: no rule here, so review.tsv


@pytest.mark.parametrize("lemma,code,base,present,absent", [
    ("γενέθλια", "O40", "γενέθλιο", "γενεθλίων", "γενέθλιο"),
    ("αρχαιρεσίες", "O25", "αρχαιρεσία", "αρχαιρεσιών", "αρχαιρεσία"),
    ("διακόσιοι", "E4", "διακόσιος", "διακόσιες", "διακόσιος"),
    ("χιονίζει", "P2.1a", "χιονίζω", "χιόνιζε", "χιονίζω"),
])
def test_plural_only_and_impersonal_lemmas_inflect_from_their_base(lemma, code, base, present,
                                                                    absent):
    table = load_tables()[code]
    pos = {"O": "NOUN", "E": "ADJ", "P": "VERB"}[code[0]]
    assert not defective.cites(lemma, pos, table)
    found = defective.base_of(lemma, pos, table)
    assert found and found[0] == base
    forms = {f for f, c, _ in generate(base, table) if defective.keeps(c, found[1])}
    assert lemma in forms and present in forms and absent not in forms


def test_build_inputs_report_no_silent_row(entries):
    silent = []
    paradigm_groups(entries, load_tables(), silent=silent)
    assert silent == []


def test_silent_rows_are_reported():
    from lexicon import LexEntry
    silent = []
    rows = [LexEntry("ζελέ", "NOUN", "O13", "test"), LexEntry("χαρά", "NOUN", "O24", "test"),
            LexEntry("κάτι", "NOUN", "O99", "test")]
    paradigm_groups(rows, load_tables(), silent=silent)
    assert [e.lemma for e in silent] == ["ζελέ", "κάτι"]


def test_misclassified_rows_are_in_review_not_deleted():
    review = [ln.split("\t") for ln in REVIEW.read_text(encoding="utf-8")
              .splitlines() if not ln.startswith("#")]
    moved = {r[0] for r in review if r[2] == "elspell"}
    assert {"ζελέ", "ανηφόρισμα", "βράδυ"} <= moved
    lexicon = {(e.lemma, e.inflection_class) for e in read_lexicon(LEX / "lemmas.tsv")}
    assert ("ανηφόρισμα", "O24") not in lexicon and ("ζελέ", "O13") not in lexicon


def test_listed_and_compound_lemmas_produce_a_form():
    rows = read_listed()
    by = collections.defaultdict(set)
    for r in rows + compound_rows(rows):
        by[r.lemma].add(r.form)
    assert all(by.values())


def test_built_language_has_every_citation_form(judge, entries):
    """The build's verdicts: the tile form of every lemma of the lemma files is valid, unless a
    rule removes it (§L23: 2–3 letter words outside the federation's list; §LEN)."""
    from grammars.rules import l23_short
    short = {w.word for w in l23_short.read()}
    tiles = sorted({to_tile(e.lemma) for e in entries})
    tiles = [t for t in tiles if 4 <= len(t) <= 15 or (len(t) <= 3 and t in short)]
    verdicts = judge.validate_many(tiles)
    missing = [t for t, ok in zip(tiles, verdicts) if not ok]
    assert missing == []


def test_a_verb_code_that_misses_the_lemmas_present_is_a_derivation_record(entries):
    # scripts/pipeline/import_elspell.py: ανθίζω P10.9a would inflect *ανθίζησα (the code is
    # its sibling ανθώ's), so it is a derivation record, not a lemma row; a deponent present
    # variant (αρνούμαι P10.11b: αρνιέμαι) stays a row
    tables = load_tables()
    codes = collections.Counter(e.lemma for e in entries if e.source == "elspell")
    for e in entries:
        # a lemma's only code stays (βόσκω P10.1a gives βοσκώ, the same tile form)
        if e.pos != "VERB" or not e.lemma.endswith(("ω", "ώ")) or e.source != "elspell" \
                or codes[e.lemma] < 2:
            continue
        first = [f for f, c, _w in generate(e.lemma, tables[e.inflection_class])
                 if c == "V;IND;PRS;IPFV;1;SG;ACT"]
        assert not first or e.lemma in first, (e.lemma, e.inflection_class)
    rows = {(e.lemma, e.inflection_class) for e in entries}
    assert ("ανθίζω", "P2.1a") in rows and ("ανθίζω", "P10.9a") not in rows
    assert ("αρνούμαι", "P10.11b") in rows
    derivations = (LEX / "derivations.tsv").read_text(encoding="utf-8")
    assert "ανθίζω\tP2.1a\tP10.9a\t" in derivations
