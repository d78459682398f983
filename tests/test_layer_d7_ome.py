"""§D7 the 1st plural in -ομε (grammars/rules/d7_ome.py): its rows of tests/fixtures/rule_cases.tsv
(the regulation's examples) and its own cases."""
import pynini
import pytest

from fst.build.tags import TagTable
from grammars.rules import d7_ome
from layer_fst import _base, _ctx, _gen, _paths, VERBS
import rule_cases


@pytest.mark.parametrize("row", rule_cases.params("D7"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


def test_d7_fst_agrees_with_its_reference():
    with pynini.default_token_type("utf8"):
        tags = TagTable()
        got = _paths(d7_ome.fst(_gen(tags, VERBS), _ctx(tags)), tags)
    want = _base(tags, VERBS) | {
        ((lm, c, cell, ("D7",)), d7_ome.twin(s)) for lm, c, cell, s in VERBS
        if d7_ome.applies(cell) and d7_ome.twin(s)}
    assert got == want
    assert ((("γράφω", "P4", "V;IND;PRS;IPFV;1;PL;ACT", ("D7",)), "γράφομε")) in got
    assert not any(s == "αγαπόμε" for _, s in got)


def test_d7_only_for_unstressed_ending(small_judge):
    assert small_judge.check("ΓΡΑΦΟΜΕ").valid
    assert small_judge.check("ΔΡΟΣΙΖΟΜΕ").valid
    assert "D7" in small_judge.check("ΔΡΟΣΙΖΟΜΕ").rules
    assert not small_judge.check("ΑΓΑΠΟΜΕ").valid
