"""§B9 no genitive in -σίμου of proparoxytone neuters in -σιμο/-ξιμο/-ψιμο
(grammars/rules/b9_simo.py): its rows of tests/fixtures/rule_cases.tsv (the regulation's
examples) and its own cases."""
import pytest

import rule_cases


@pytest.mark.parametrize("row", rule_cases.params("B9"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


def test_b9_no_genitive_in_imou(small_judge):
    assert small_judge.check("ΓΡΑΨΙΜΑΤΟΣ").valid
    for word in ("ΠΛΥΣΙΜΟΥ", "ΓΡΑΨΙΜΟΥ"):  # ΠΛΥΣΙΜΟΥ is a hidden word (§E2) too
        assert not small_judge.check(word).valid, word
