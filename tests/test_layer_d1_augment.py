"""§D1 the past-tense augment and the euphonic -ε (grammars/rules/d1_augment.py): its rows of
tests/fixtures/rule_cases.tsv (the regulation's examples) and its own cases."""
import pytest

import rule_cases


@pytest.mark.parametrize("row", rule_cases.params("D1"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


def test_d1_names_the_rule(judge):
    assert "D1" in judge.check("ΕΓΡΑΨΑΜΕ").rules
    assert "D1" in judge.check("ΓΡΑΦΟΥΝΕ").rules
    assert not judge.check("ΓΡΑΨΑ").valid


def test_d1_reaches_hand_entered_verbs(judge):
    # irregular paradigms (lexicon/irregular.tsv) get the same §D1 variants as class tables
    for word in ("ΕΧΟΥΝΕ", "ΕΚΑΝΑΜΕ", "ΚΑΝΑΝ", "ΕΔΩΣΑΜΕ", "ΔΩΣΑΝΕ"):
        assert "D1" in judge.check(word).rules, word
    assert not judge.check("ΔΩΣΑ").valid  # the stressed augment stays obligatory
