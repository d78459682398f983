"""§E2 hidden words (grammars/rules/e2_hidden_words.py): its rows of tests/fixtures/rule_cases.tsv
(the regulation's examples) and its own cases."""
import pynini
import pytest

from fst.build.tags import TagTable
from grammars.rules import e2_hidden_words
from layer_fst import _ctx, _paths
import rule_cases


@pytest.mark.parametrize("row", rule_cases.params("E2"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


def test_e2_hidden_words_leave_out_what_b9_bars():
    with pynini.default_token_type("utf8"):
        tags = TagTable()
        got = _paths(e2_hidden_words.fst(None, _ctx(
            tags, hidden_words=("πλυσίμου", "ιντερνετ"))), tags)
    assert got == {(("ιντερνετ", e2_hidden_words.HIDDEN_CLASS, e2_hidden_words.HIDDEN_CELL,
                     ("E2",)), "ιντερνετ")}


def test_hidden_words_e2(judge):
    v = judge.check("ΑΒΑΞ")     # listed inside ΑΒΑΚΑΣ (Babiniotis), 'Κρυμμένες Λέξεις'
    assert v.valid and "E2" in v.rules


def test_hidden_words_carry_a_tag_no_class_uses(judge):
    """A hidden word's analysis names no inflection class: its class tag is no class code."""
    from grammars.paradigm import load_tables
    from grammars.rules.e2_hidden_words import HIDDEN_CLASS
    import lexicon
    classes = set(load_tables()) | {r.inflection_class for r in lexicon.read_listed()}
    assert HIDDEN_CLASS not in classes
    hidden = [a for a in judge.analyse("ΑΥΤΟΦΟΡΩ") if "E2" in a.rules]
    assert hidden and all(a.inflection_class == HIDDEN_CLASS for a in hidden)
