"""§E2 hidden words (grammars/rules/e2_hidden_words.py): its rows of tests/fixtures/rule_cases.tsv
(the regulation's examples) and its own cases."""
import pytest

import rule_cases
import pynini
from fst.tags import TagTable
from grammars.rules import e2_hidden_words
from layer_fst import _ctx, _paths


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
