"""§C2 ancient alphabetic numerals (grammars/rules/c2_numerals.py): its rows of
tests/fixtures/rule_cases.tsv (the regulation's examples) and its own cases."""
import pytest

import rule_cases


@pytest.mark.parametrize("row", rule_cases.params("C2"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


def test_c2_numerals_explained(judge):
    from grammars.rules.c2_numerals import value
    assert (value("ΙΓ"), value("ΚΔ"), value("ΡΚΔ"), value("ΙΣΤ")) == (13, 24, 124, 16)
    assert value("ΑΒ") is None and value("ΠΧ") is None and value("Α") is None
    for word in ("ΙΓ", "ΚΔ", "ΛΒ", "ΙΘ"):
        verdict = judge.check(word)
        assert not verdict.valid and verdict.rules == ("C2",), word
    assert judge.check("ΙΑ").valid                 # a word through another lemma
