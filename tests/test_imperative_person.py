"""The imperative is 2nd person in every class table (issue 20/21): flexy tags the perfective
imperatives of P1, P1a and P1b Egw/Emeis (grammars/cells.py, flexy_cell), and the -χνομαι
row of grammars/supplements/P1b.tsv (ρίξου, not *ρίχσου) must sit on the table's own cell, or
the table's general -νομαι → -σου rule fills the 2nd singular (the *ΡΙΧΣΟΥ of a relabelling
that left the supplement behind)."""
from __future__ import annotations

import pytest

from grammars import paradigm
from grammars.cells import Cell, flexy_cell
from grammars.paradigm import generate, load_tables


def test_every_imperative_cell_is_2nd_person():
    wrong = sorted({(code, cell) for code, t in load_tables().items() for cell in t.rules
                    if Cell.of(cell).has("IMP") and not Cell.of(cell).has("2")})
    assert not wrong


@pytest.mark.parametrize("tag, cell", [
    ("RhmEnergAorProstEgw", "V;IMP;PFV;2;SG;ACT"), ("RhmEnergAorProstEmeis", "V;IMP;PFV;2;PL;ACT"),
    ("RhmPathAorProstEgw", "V;IMP;PFV;2;SG;PASS"), ("RhmPathAorProstEmeis", "V;IMP;PFV;2;PL;PASS"),
    ("RhmEnergAorProstEsy", "V;IMP;PFV;2;SG;ACT"),
    ("RhmEnergAorOristEgw", "V;IND;PST;PFV;1;SG;ACT")])  # the indicative keeps its 1st person
def test_flexy_imperative_tags_are_2nd_person(tag, cell):
    assert flexy_cell(tag) == cell


@pytest.mark.parametrize("lemma, code, cell, form", [
    ("δένω", "P1", "V;IMP;PFV;2;SG;ACT", "δέσε"), ("δένω", "P1", "V;IMP;PFV;2;PL;ACT", "δέστε"),
    ("δένω", "P1", "V;IMP;PFV;2;SG;PASS", "δέσου"),
    ("δένω", "P1", "V;IMP;PFV;2;PL;PASS", "δεθείτε"),
    ("αγκιστρώνω", "P1a", "V;IMP;PFV;2;SG;ACT", "αγκίστρωσε"),
    ("ρίχνομαι", "P1b", "V;IMP;PFV;2;SG;PASS", "ρίξου"),
    ("κηρύχνομαι", "P1b", "V;IMP;PFV;2;SG;PASS", "κηρύξου"),
    ("φτιάχνομαι", "P1b", "V;IMP;PFV;2;SG;PASS", "φτιάξου")])
def test_class_gives_the_2nd_person_imperative(lemma, code, cell, form):
    assert {f for f, c, _ in generate(lemma, load_tables()[code]) if c == cell} == {form}


@pytest.mark.parametrize("lemma", ["ρίχνομαι", "κηρύχνομαι", "φτιάχνομαι"])
def test_no_velar_before_sigma(lemma):
    # χ + σ is ξ (ρίξω, ρίξου): no form keeps the cluster
    assert not [f for f, _c, _w in generate(lemma, load_tables()["P1b"]) if "χσ" in f]


def test_supplement_on_a_cell_the_table_lacks_is_refused(tmp_path, monkeypatch):
    classes, supplements = tmp_path / "classes", tmp_path / "supplements"
    classes.mkdir()
    supplements.mkdir()
    (classes / "P1b.tsv").write_text(
        (paradigm.CLASSES_DIR / "P1b.tsv").read_text(encoding="utf-8"), encoding="utf-8")
    stale = (paradigm.SUPPLEMENTS_DIR / "P1b.tsv").read_text(encoding="utf-8")
    assert "V;IMP;PFV;2;SG;PASS\tχνομαι" in stale
    (supplements / "P1b.tsv").write_text(stale.replace("V;IMP;PFV;2;SG;PASS", "V;IMP;PFV;1;SG;PASS"),
                                         encoding="utf-8")
    monkeypatch.setattr(paradigm, "CLASSES_DIR", classes)
    monkeypatch.setattr(paradigm, "SUPPLEMENTS_DIR", supplements)
    with pytest.raises(ValueError, match="V;IMP;PFV;1;SG;PASS is not in the table P1b"):
        paradigm.load_tables.__wrapped__()


@pytest.mark.parametrize("word, lemma", [
    ("ΚΗΡΥΞΟΥ", "κηρύχνομαι"), ("ΡΙΞΟΥ", "ρίχνομαι"), ("ΦΤΙΑΞΟΥ", "φτιάχνομαι"),
    ("ΔΕΣΕ", "δένω"), ("ΔΕΣΤΕ", "δένω"), ("ΔΕΣΟΥ", "δένω")])
def test_judge_analyses_the_imperative_as_2nd_person(judge, word, lemma):
    assert judge.check(word).valid
    cells = {a.tags for a in judge.analyse(word) if a.lemma == lemma and ";IMP;" in a.tags}
    assert cells and all(Cell.of(c).has("2") for c in cells)


@pytest.mark.parametrize("word", ["ΚΗΡΥΧΣΟΥ", "ΡΙΧΣΟΥ", "ΦΤΙΑΧΣΟΥ"])
def test_judge_refuses_the_velar_sigma_imperative(judge, word):
    assert not judge.check(word).valid
