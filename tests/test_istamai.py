"""The learned deponents in -ίσταμαι (issue 21): their present system is the hand-written class
P15 (grammars/classes/P15.tsv, Triantafyllidis 1941 and ΛΚΝ), their learned -ην aorist with
internal augment a parts row each (lexicon/verb-parts.tsv, flag learned_persons: υπέστην …
υπέστησαν; subjunctive υποστώ, or subj=- where the dictionary gives none)."""
from __future__ import annotations

import pytest

from grammars import conjugation
from grammars.paradigm import generate, load_tables

FAMILY = ("υφίσταμαι", "καθίσταμαι", "συνίσταμαι", "ανθίσταμαι", "εφίσταμαι", "παρίσταμαι",
          "προΐσταμαι", "ανίσταμαι", "αφίσταμαι", "εξανίσταμαι")


def _present(lemma: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for form, cell, _w in generate(lemma, load_tables()["P15"]):
        out.setdefault(cell, set()).add(form)
    return out


def _parts(lemma: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for cell, form, _w, _k in conjugation.forms(conjugation.parts_index()[lemma]):
        out.setdefault(cell, set()).add(form)
    return out


def test_yfistamai_present_system():
    p = _present("υφίσταμαι")
    assert p == {
        "V;IND;PRS;IPFV;1;SG;PASS": {"υφίσταμαι"}, "V;IND;PRS;IPFV;2;SG;PASS": {"υφίστασαι"},
        "V;IND;PRS;IPFV;3;SG;PASS": {"υφίσταται"}, "V;IND;PRS;IPFV;1;PL;PASS": {"υφιστάμεθα"},
        "V;IND;PRS;IPFV;2;PL;PASS": {"υφίστασθε", "υφίσταστε"},
        "V;IND;PRS;IPFV;3;PL;PASS": {"υφίστανται"},
        "V;IND;PST;IPFV;1;SG;PASS": {"υφιστάμην"}, "V;IND;PST;IPFV;2;SG;PASS": {"υφίστασο"},
        "V;IND;PST;IPFV;3;SG;PASS": {"υφίστατο"}, "V;IND;PST;IPFV;1;PL;PASS": {"υφιστάμεθα"},
        "V;IND;PST;IPFV;2;PL;PASS": {"υφίστασθε"}, "V;IND;PST;IPFV;3;PL;PASS": {"υφίσταντο"}}


def test_yfistamai_aorist_and_subjunctive():
    p = _parts("υφίσταμαι")
    persons = ("1;SG", "2;SG", "3;SG", "1;PL", "2;PL", "3;PL")
    assert [p[f"V;IND;PST;PFV;{x};ACT"] for x in persons] == [
        {"υπέστην"}, {"υπέστης"}, {"υπέστη"}, {"υπέστημεν"}, {"υπέστητε"}, {"υπέστησαν"}]
    assert [p[f"V;SBJV;PFV;{x};ACT"] for x in persons] == [
        {"υποστώ"}, {"υποστείς"}, {"υποστεί"}, {"υποστούμε"}, {"υποστείτε"}, {"υποστούν"}]
    assert p["V;NFIN;PFV;ACT"] == {"υποστεί"}
    assert not any(c.startswith("V;IMP;") or c.endswith(";PASS") for c in p)


def test_diaeresis_of_proistamai():
    p = _present("προΐσταμαι")
    assert p["V;IND;PRS;IPFV;3;SG;PASS"] == {"προΐσταται"}
    assert p["V;IND;PST;IPFV;1;SG;PASS"] == {"προϊστάμην"}


def test_no_subjunctive_keeps_the_augment_stressed():
    """subj=-: the indicative only, the stress on the augment as in the 1st singular."""
    p = _parts("συνίσταμαι")
    assert p["V;IND;PST;PFV;3;SG;ACT"] == {"συνέστη"}
    assert p["V;IND;PST;PFV;1;PL;ACT"] == {"συνέστημεν"}
    assert not any(c.startswith(("V;SBJV;", "V;NFIN;", "V;IMP;")) for c in p)


def test_every_family_verb_has_p15_and_its_aorist():
    idx = conjugation.parts_index()
    for lemma in FAMILY:
        assert _present(lemma), lemma
        row = idx[lemma]
        assert row.inflection_class == "P15" and "learned_persons" in row.flags, lemma
        assert row.parts["aor"][0].endswith("έστην"), lemma


def test_other_learned_aorists_keep_their_third_persons_only():
    """The flag is the family's: βαίνω's compounds still give συνέβη, not *συνέβην."""
    p = conjugation.parts_index()["βαίνω"]
    cells = {c for c, _f, _w, _k in conjugation.forms(p)}
    assert "V;IND;PST;PFV;3;SG;ACT" in cells and "V;IND;PST;PFV;1;SG;ACT" not in cells


@pytest.mark.parametrize("word, valid", [
    ("ΥΦΙΣΤΑΤΑΙ", True), ("ΥΦΙΣΤΑΝΤΑΙ", True), ("ΥΦΙΣΤΑΜΕΘΑ", True), ("ΥΦΙΣΤΑΤΟ", True),
    ("ΥΠΕΣΤΗ", True), ("ΥΠΕΣΤΗΝ", True), ("ΥΠΟΣΤΕΙ", True), ("ΥΠΟΣΤΩ", True),
    ("ΚΑΘΙΣΤΑΤΑΙ", True), ("ΚΑΤΕΣΤΗ", True), ("ΚΑΤΑΣΤΕΙ", True), ("ΣΥΝΙΣΤΑΤΑΙ", True),
    ("ΣΥΝΕΣΤΗ", True), ("ΑΝΘΙΣΤΑΤΑΙ", True), ("ΑΝΤΕΣΤΗ", True), ("ΠΑΡΕΣΤΗ", True),
    ("ΠΑΡΑΣΤΕΙ", True), ("ΕΠΕΣΤΗ", True), ("ΠΡΟΕΣΤΗ", True), ("ΠΡΟΙΣΤΑΤΑΙ", True),
    ("ΑΝΕΣΤΗ", True), ("ΑΦΙΣΤΑΤΟ", True), ("ΑΠΕΣΤΗ", True), ("ΔΙΙΣΤΑΝΤΑΙ", True),
    ("ΕΞΑΝΙΣΤΑΤΑΙ", True), ("ΕΞΑΝΕΣΤΗ", True),
    # not the family's: no demotic -ηκα aorist, no subjunctive where ΛΚΝ gives none,
    # no -όμαστε/-όμουνα endings, no -ου imperative, no double augment
    ("ΥΠΕΣΤΗΚΑ", False), ("ΣΥΣΤΕΙ", False), ("ΥΦΙΣΤΑΜΑΣΤΕ", False),
    ("ΥΦΙΣΤΑΜΟΥΝΑ", False), ("ΥΦΙΣΤΑΣΟΥ", False), ("ΕΥΠΕΣΤΗ", False),
    ("ΕΥΦΙΣΤΑΤΟ", False), ("ΥΦΙΣΤΑΝΤΑΝ", False)])
def test_in_the_judge(judge, word, valid):
    assert judge.check(word).valid == valid, word
