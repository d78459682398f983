"""§C1/§C5 proper and ethnic names (grammars/rules/c1_names.py): its rows of
tests/fixtures/rule_cases.tsv (the regulation's examples) and its own cases."""
import pytest

import rule_cases


@pytest.mark.parametrize("row", rule_cases.params("C1"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


def test_c1_names_explained(judge):
    verdict = judge.check("ΕΛΛΗΝΑΣ")
    assert not verdict.valid and verdict.rules == ("C1",) and "Έλληνας" in verdict.reason
    assert not judge.check("ΕΛΛΗΝΕΣ").valid
    for word in ("ΝΙΚΗ", "ΟΜΗΡΟΣ", "ΕΙΡΗΝΗ"):      # lower-case homographs stay valid
        assert judge.check(word).valid, word
