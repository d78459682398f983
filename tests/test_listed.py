"""Hand-entered paradigms: ``lexicon/irregular.tsv`` and ``lexicon/closed.tsv``.

The irregular core and the closed classes are listed form by form with the grammar table each
follows (lexicon/README.md, "Hand-entered paradigms"); the adverbs of closed.tsv come from
spaCy's lemma index through scripts/pipeline/import_spacy_adverbs.py.
"""
import csv
import collections
import shutil
import subprocess
import sys

import pytest

from conftest import FIXTURES, REPO_ROOT, requires_shared
from lexicon import SURFACE_LETTERS, read_listed
from grammars.normalize import to_tile

LEX = REPO_ROOT / "lexicon"
POS = {"V", "N", "ADJ", "PRO", "DET", "ADP", "CONJ", "PART", "ADV", "INTJ", "NUM"}
ACCENTED = set("άέήίόύώΐΰ")
PERSONS = ["1;SG", "2;SG", "3;SG", "1;PL", "2;PL", "3;PL"]

# the hand-entered paradigms; lexicon/regulation-forms.tsv (single printed forms) has its own
# tests in test_regulation_entries.py
ROWS = read_listed(("irregular.tsv", "closed.tsv", "loans.tsv"))


def rows_of(lemma):
    return [r for r in ROWS if r.lemma == lemma and r.inflection_class == "IRR"]


def cells_of(lemma):
    return {(r.form, r.cell) for r in rows_of(lemma)}


VERBS = sorted({r.lemma for r in ROWS if r.pos == "V"})


# (a) every row parses and is well-formed ------------------------------------------------------
def test_every_row_parses():
    assert len(ROWS) > 5000
    for r in ROWS:
        assert r.pos in POS, r
        assert r.inflection_class in ("IRR", "INDECL"), r
        assert r.weight in (0, 1, 2, 3), r
        assert set(r.form) <= SURFACE_LETTERS and set(r.lemma) <= SURFACE_LETTERS, r
        assert sum(c in ACCENTED for c in r.form) <= 1, r          # one stress at most
        if r.inflection_class == "INDECL":
            assert r.cell == r.pos, r
        else:
            head = r.cell.split(";")[0]
            assert head.split(".")[0] == r.pos, r                  # V;… V.CVB;… V.PTCP;…
        assert r.citation.startswith(("Triantafyllidis", "Holton", "ΛΚΝ", "spaCy", "regulation §")), r


def test_each_lemma_has_a_main_form():
    by_lemma = collections.defaultdict(set)
    for r in ROWS:
        by_lemma[(r.lemma, r.pos)].add(r.weight)
    assert not [k for k, ws in by_lemma.items() if 0 not in ws]


def test_spacy_adverbs_are_a_separate_trailing_section():
    lines = [ln.rstrip("\n") for ln in open(LEX / "closed.tsv", encoding="utf-8")]
    marker = [i for i, ln in enumerate(lines) if ln.startswith("# ==== spaCy adverbs")]
    assert len(marker) == 1
    head, tail = lines[:marker[0]], [ln for ln in lines[marker[0] + 1:] if ln.strip()]
    assert not [ln for ln in head if ln.endswith("\tspaCy el_lemma_index (adv), MIT")]
    assert tail and all(ln.split("\t")[1:4] == ["ADV", "INDECL", "ADV"]
                        and ln.split("\t")[6].startswith("spaCy") for ln in tail)
    assert tail == sorted(tail)
    assert not [ln for ln in lines if "µ" in ln]            # the micro sign is filtered out


@requires_shared
def test_adverb_import_is_reproducible(tmp_path, shared):
    out = tmp_path / "closed.tsv"
    shutil.copy(LEX / "closed.tsv", out)
    subprocess.run([sys.executable, "-m", "scripts.pipeline.import_spacy_adverbs",
                    str(shared / "data" / "spacy" / "el_lemma_index.json.gz"), "--out", str(out)],
                   cwd=REPO_ROOT, check=True, capture_output=True)
    assert out.read_bytes() == (LEX / "closed.tsv").read_bytes()


# (b) principal parts as the grammar prints them ---------------------------------------------
PRINCIPAL = [
    ("βλέπω", "είδα", "V;IND;PST;PFV;1;SG;ACT"), ("βλέπω", "δω", "V;SBJV;PFV;1;SG;ACT"),
    ("βλέπω", "δες", "V;IMP;PFV;2;SG;ACT"),
    ("πίνω", "ήπια", "V;IND;PST;PFV;1;SG;ACT"), ("πίνω", "πιω", "V;SBJV;PFV;1;SG;ACT"),
    ("έρχομαι", "ήρθα", "V;IND;PST;PFV;1;SG;ACT"), ("έρχομαι", "ήλθα", "V;IND;PST;PFV;1;SG;ACT"),
    ("έρχομαι", "έλα", "V;IMP;PFV;2;SG;ACT"), ("έρχομαι", "ελάτε", "V;IMP;PFV;2;PL;ACT"),
    ("είμαι", "είμαστε", "V;IND;PRS;IPFV;1;PL;PASS"), ("είμαι", "ήμουν", "V;IND;PST;IPFV;1;SG;PASS"),
    ("είμαι", "ήταν", "V;IND;PST;IPFV;3;PL;PASS"),
    ("έχω", "είχα", "V;IND;PST;IPFV;1;SG;ACT"),
    ("λέω", "είπα", "V;IND;PST;PFV;1;SG;ACT"), ("λέω", "πω", "V;SBJV;PFV;1;SG;ACT"),
    ("λέω", "πες", "V;IMP;PFV;2;SG;ACT"), ("λέω", "έλεγα", "V;IND;PST;IPFV;1;SG;ACT"),
    ("τρώω", "τρως", "V;IND;PRS;IPFV;2;SG;ACT"), ("τρώω", "τρώει", "V;IND;PRS;IPFV;3;SG;ACT"),
    ("τρώω", "έφαγα", "V;IND;PST;PFV;1;SG;ACT"), ("τρώω", "φάω", "V;SBJV;PFV;1;SG;ACT"),
    ("πάω", "πήγα", "V;IND;PST;PFV;1;SG;ACT"), ("πάω", "πήγαινα", "V;IND;PST;IPFV;1;SG;ACT"),
    ("μπαίνω", "μπήκα", "V;IND;PST;PFV;1;SG;ACT"), ("βγαίνω", "βγήκα", "V;IND;PST;PFV;1;SG;ACT"),
    ("βρίσκω", "βρήκα", "V;IND;PST;PFV;1;SG;ACT"), ("βρίσκω", "βρέθηκα", "V;IND;PST;PFV;1;SG;PASS"),
    ("παίρνω", "πήρα", "V;IND;PST;PFV;1;SG;ACT"), ("παίρνω", "πάρω", "V;SBJV;PFV;1;SG;ACT"),
    ("δίνω", "έδωσα", "V;IND;PST;PFV;1;SG;ACT"), ("δίνω", "δώσαμε", "V;IND;PST;PFV;1;PL;ACT"),
    ("φέρνω", "έφερα", "V;IND;PST;PFV;1;SG;ACT"), ("θέλω", "ήθελα", "V;IND;PST;IPFV;1;SG;ACT"),
    ("ξέρω", "ήξερα", "V;IND;PST;IPFV;1;SG;ACT"),
    ("κάνω", "έκανα", "V;IND;PST;PFV;1;SG;ACT"), ("κάνω", "κάναμε", "V;IND;PST;IPFV;1;PL;ACT"),
    ("μένω", "έμεινα", "V;IND;PST;PFV;1;SG;ACT"), ("πέφτω", "έπεσα", "V;IND;PST;PFV;1;SG;ACT"),
    ("στέκομαι", "στάθηκα", "V;IND;PST;PFV;1;SG;PASS"), ("κάθομαι", "κάθισα", "V;IND;PST;PFV;1;SG;ACT"),
    ("γίνομαι", "έγινα", "V;IND;PST;PFV;1;SG;ACT"), ("βάζω", "έβαλα", "V;IND;PST;PFV;1;SG;ACT"),
    ("βγάζω", "έβγαλα", "V;IND;PST;PFV;1;SG;ACT"), ("πλένω", "έπλυνα", "V;IND;PST;PFV;1;SG;ACT"),
    ("τρέχω", "έτρεξα", "V;IND;PST;PFV;1;SG;ACT"), ("φεύγω", "έφυγα", "V;IND;PST;PFV;1;SG;ACT"),
    ("ανεβαίνω", "ανέβηκα", "V;IND;PST;PFV;1;SG;ACT"),
    ("ανεβαίνω", "ανεβήκαμε", "V;IND;PST;PFV;1;PL;ACT"),
    ("κατεβαίνω", "κατέβηκα", "V;IND;PST;PFV;1;SG;ACT"),
    ("θυμάμαι", "θυμήθηκα", "V;IND;PST;PFV;1;SG;PASS"), ("ζω", "έζησα", "V;IND;PST;PFV;1;SG;ACT"),
    ("καίω", "κάηκα", "V;IND;PST;PFV;1;SG;PASS"), ("κλαίω", "έκλαψα", "V;IND;PST;PFV;1;SG;ACT"),
    ("ακούω", "άκουσα", "V;IND;PST;PFV;1;SG;ACT"), ("φταίω", "έφταιξα", "V;IND;PST;PFV;1;SG;ACT"),
    ("καλός", "καλύτερος", "ADJ;CMPR;MASC;NOM;SG"), ("πολύς", "πολλή", "ADJ;FEM;NOM;SG"),
    ("σαφής", "σαφούς", "ADJ;MASC;GEN;SG"), ("σαφής", "σαφές", "ADJ;NEUT;NOM;SG"),
    ("βαθύς", "βαθιά", "ADJ;FEM;NOM;SG"), ("επείγων", "επειγόντων", "ADJ;MASC;GEN;PL"),
    ("ο", "τον", "DET;DEF;MASC;ACC;SG"), ("ένας", "μια", "DET;INDF;FEM;NOM;SG"),
    ("εγώ", "μου", "PRO;PRS;1;GEN;SG;WK"), ("εσύ", "εσένα", "PRO;PRS;2;ACC;SG"),
    ("αυτός", "τους", "PRO;PRS;3;MASC;ACC;PL;WK"), ("τρεις", "τρία", "NUM;NEUT;NOM;PL"),
]


@pytest.mark.parametrize("lemma,form,cell", PRINCIPAL, ids=[f"{a}-{b}" for a, b, _ in PRINCIPAL])
def test_principal_forms(lemma, form, cell):
    assert (form, cell) in cells_of(lemma)


# (c) every verb has the core cells -------------------------------------------------------
NO_PERFECTIVE = {"είμαι": "no aorist: θα είμαι", "έχω": "no aorist: θα έχω",
                 "ξέρω": "no aorist: θα ξέρω"}
NO_IMPERATIVE = {"είμαι", "ξέρω", "φταίω", "αρέσω", "παθαίνω", "τυχαίνω", "χαίρομαι",
                 "λέγομαι", "τίθεμαι"}
#: learned deponents whose imperfect is in use in the 3rd person only (ΛΚΝ: ετίθετο, ετίθεντο)
IMPERFECT_THIRD_ONLY = {"τίθεμαι"}


def has_all(cells, prefix):
    return all(f"{prefix};{p};ACT" in cells or f"{prefix};{p};PASS" in cells for p in PERSONS)


# impersonal or third-person verbs (Triantafyllidis grammar, impersonal verbs; ΛΚΝ)
THIRD_PERSON = {"πρέπει", "συμβαίνω"}


@pytest.mark.parametrize("lemma", sorted(THIRD_PERSON))
def test_third_person_verbs(lemma):
    cells = {c for _, c in cells_of(lemma)}
    assert {"V;IND;PRS;IPFV;3;SG;ACT", "V;IND;PRS;IPFV;3;PL;ACT", "V;IND;PST;IPFV;3;SG;ACT"} <= cells
    assert not any(";2;" in c for c in cells)


# learned deponents that keep the ancient inflection (§E1; ΛΚΝ): present, and the imperfect's
# 3rd persons only (έκειτο, υπέκειντο); πρόκειται and έγκειται are impersonal
KEIMAI = {"κείμαι", "υπόκειμαι", "διάκειμαι", "επίκειμαι", "απόκειμαι", "σύγκειμαι"}
KEIMAI_IMPERSONAL = {"πρόκειται", "έγκειται"}


@pytest.mark.parametrize("lemma", sorted(KEIMAI | KEIMAI_IMPERSONAL))
def test_keimai_keeps_its_printed_forms(lemma):
    rows = rows_of(lemma)
    cells = {r.cell for r in rows}
    assert "V;IND;PRS;IPFV;3;SG;PASS" in cells
    assert all(r.printed_only for r in rows)          # §E1: no rule layer, no ξανα-
    assert not any(";PFV;" in c or ";1;" in c and ";PST;" in c for c in cells)
    if lemma in KEIMAI:
        assert has_all(cells, "V;IND;PRS;IPFV")
        assert {"V;IND;PST;IPFV;3;SG;PASS", "V;IND;PST;IPFV;3;PL;PASS"} <= cells


@pytest.mark.parametrize("lemma", [v for v in VERBS
                                   if v not in THIRD_PERSON | KEIMAI | KEIMAI_IMPERSONAL])
def test_verb_core_cells(lemma):
    cells = {c for _, c in cells_of(lemma)}
    assert has_all(cells, "V;IND;PRS;IPFV"), "present"
    if lemma in IMPERFECT_THIRD_ONLY:
        assert {"V;IND;PST;IPFV;3;SG;PASS", "V;IND;PST;IPFV;3;PL;PASS"} <= cells, "imperfect"
    else:
        assert has_all(cells, "V;IND;PST;IPFV"), "imperfect"
    if lemma not in NO_PERFECTIVE:
        assert has_all(cells, "V;IND;PST;PFV"), "aorist"
        assert has_all(cells, "V;SBJV;PFV"), "dependent"
    if lemma not in NO_IMPERATIVE:
        assert any(c.startswith("V;IMP;") for c in cells), "imperative"


def test_augment_only_where_stressed_and_3pl_in_an():
    """Main past forms: no unstressed syllabic augment (έκανα but κάναμε); 3rd plural in -αν."""
    bad = []
    for lemma in VERBS:
        if lemma in KEIMAI:
            continue  # the ancient 3rd plural έκειντο (§E1)
        main = {r.cell: r.form for r in rows_of(lemma) if r.weight == 0}
        for tense in ("V;IND;PST;IPFV", "V;IND;PST;PFV"):
            for voice in ("ACT", "PASS"):
                sg = main.get(f"{tense};1;SG;{voice}")
                for p in ("1;PL", "2;PL"):
                    pl = main.get(f"{tense};{p};{voice}")
                    if sg and pl and sg[0] == "έ" and pl[0] == "ε":
                        bad.append(pl)
                pl3 = main.get(f"{tense};3;PL;{voice}")
                if pl3 and not pl3.endswith("αν"):
                    bad.append(pl3)
    assert not bad


# (d) through the built judge ---------------------------------------------------------------
def test_judge_accepts_and_analyses_irregular_forms(judge):
    assert judge.check("ΕΙΔΑ").valid
    ana = [(a.lemma, a.inflection_class, a.tags) for a in judge.analyse("είδα")]
    assert ("βλέπω", "IRR", "V;IND;PST;PFV;1;SG;ACT") in ana
    for word in ("ΗΠΙΑ", "ΗΡΘΑ", "ΗΛΘΑ", "ΕΙΜΑΣΤΕ", "ΗΜΟΥΝΑ", "ΕΦΑΓΑ", "ΤΡΩΕΙ", "ΠΗΓΑ", "ΜΠΗΚΑΜΕ",
                 "ΕΧΟΥΜΕ", "ΕΧΟΜΕ", "ΚΑΝΑΜΕ", "ΣΑΦΕΣ", "ΒΑΘΙΑ", "ΕΠΕΙΓΟΥΣΑ", "ΚΑΛΥΤΕΡΟ",
                 "ΤΟΝ", "ΕΜΕΝΑ", "ΝΑ", "ΔΕ", "ΜΠΛΕ", "ΤΕΣΣΕΡΙΣ", "ΚΑΜΙΑ", "ΤΕΛΙΚΩΣ"):
        assert judge.check(word).valid, word
    assert ("τελικώς", "ADV") in {(a.lemma, a.tags) for a in judge.analyse("ΤΕΛΙΚΩΣ")}


def test_judge_rejects_what_the_grammar_does_not_print(judge):
    for word in ("ΚΑΝΑ",        # §D1: the stressed augment stays (έκανα)
                 "ΕΙΔΑΜΕΝ", "ΒΛΕΨΑ", "ΗΡΧΟΜΟΥΝ", "ΚΑΛΟΤΕΡΟΣ", "Ο", "Η",
                 "ΓΡΗΓΟΡΩΣ", "ΣΙΓΟΥΡΩΣ"):  # §B5: -ως adverbs only if listed
        assert not judge.check(word).valid, word


def test_judge_analyses_closed_classes(judge):
    ana = {(a.lemma, a.tags) for a in judge.analyse("τις")}
    assert ("ο", "DET;DEF;FEM;ACC;PL") in ana and ("αυτός", "PRO;PRS;3;FEM;ACC;PL;WK") in ana
    assert ("και", "CONJ") in {(a.lemma, a.tags) for a in judge.analyse("ΚΑΙ")}
    # one-letter words are in the lexicon (analysable) but never valid on the board (§C6)
    assert ("ή", "CONJ") in {(a.lemma, a.tags) for a in judge.analyse("ή")}
    assert judge.check("Ή").rules == ("C6",)


# (e) the hand-checked gold paradigms -----------------------------------------------------------
def gold(lemma):
    with open(FIXTURES / "gold_paradigms.tsv", encoding="utf-8") as f:
        return [r for r in csv.DictReader(f, delimiter="\t") if r["lemma"] == lemma]


@pytest.mark.parametrize("lemma", ["έρχομαι", "καλός"])
def test_gold_main_rows_are_listed(lemma):
    ours = cells_of(lemma)
    missing = [(r["form"], r["features"]) for r in gold(lemma)
               if r["variant"] == "main" and (r["form"], r["features"]) not in ours]
    assert not missing


@pytest.mark.parametrize("lemma", ["έρχομαι", "καλός"])
def test_gold_other_rows_are_listed_or_rule_derived(judge, lemma):
    ours = {f for f, _ in cells_of(lemma)}
    rest = [r["form"] for r in gold(lemma) if r["variant"] != "main" and r["form"] not in ours]
    assert all(judge.check(to_tile(f)).valid for f in rest), rest
