"""Everyday forms issue 20 found refused, each fixed where its fact lives: κάνω's other aorist
έκαμα and subjunctive κάμω (lexicon/irregular.tsv), αισθάνομαι's perfective αισθάνθηκα
(lexicon/verb-parts.tsv); and υπάρχω, active only, without a participle (υπαργμένος)."""
from __future__ import annotations

import pytest

from grammars import conjugation
from grammars.paradigm import load_tables
from lexicon import read_listed


def test_kano_lists_ekama_and_kamo():
    forms = {(r.cell, r.form) for r in read_listed() if r.lemma == "κάνω"}
    assert ("V;IND;PST;PFV;2;SG;ACT", "έκαμες") in forms
    assert ("V;SBJV;PFV;3;SG;ACT", "κάμει") in forms
    assert ("V;IND;PST;PFV;1;SG;ACT", "έκανα") in forms  # the main aorist stays


def test_aisthanomai_has_its_perfective():
    p = conjugation.parts_index()["αισθάνομαι"]
    forms = {f for _c, f, _w, _k in conjugation.forms(p, load_tables()[p.inflection_class])}
    assert {"αισθάνθηκα", "αισθανθήκαμε", "αισθανθώ", "αισθανθεί"} <= forms


def test_yparcho_has_no_participle():
    assert conjugation.parts_index()["υπάρχω"].parts["ppp"] == ()


@pytest.mark.parametrize("word, valid", [
    ("ΕΚΑΜΕΣ", True), ("ΕΚΑΜΑ", True), ("ΚΑΜΕΙ", True), ("ΑΙΣΘΑΝΘΗΚΑ", True),
    ("ΑΙΣΘΑΝΘΗΚΑΜΕ", True), ("ΥΠΑΡΓΜΕΝΟΣ", False),
    # ξεκόπτω: the list could show its own forms and shows none (import_compounds); ξεκόβω's
    ("ΞΕΚΟΠΤΩ", False), ("ΞΕΚΟΠΤΕΣ", False), ("ΞΕΚΟΨΑ", True), ("ΞΕΚΟΠΗΚΑ", True)])
def test_in_the_judge(judge, word, valid):
    assert judge.check(word).valid == valid
