"""§D4 the imperfect in -αγα (grammars/rules/d4_aga.py): its rows of tests/fixtures/rule_cases.tsv
(the regulation's examples) and its own cases."""
import pytest

import rule_cases


@pytest.mark.parametrize("row", rule_cases.params("D4"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


def test_d4_aga_only_with_an_aw_present(small_judge):
    assert small_judge.check("ΑΓΑΠΑΓΑ").rules == ("D4",)
    assert not small_judge.check("ΘΕΩΡΑΓΑ").valid
