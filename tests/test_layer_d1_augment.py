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


def test_d1_on_parts_rows_with_optional_augment_twins():
    # a parts row (lexicon/verb-parts.tsv) lists the §D1 twin επαύσαμε beside παύσαμε; the
    # augment is read off παύσαμε, so the 3rd plural still drops it (παύσαν, as δέσαν)
    from grammars.rules.d1_augment import listed_variants
    forms = [("V;IND;PST;PFV;1;SG;ACT", "έπαυσα"), ("V;IND;PST;PFV;1;PL;ACT", "επαύσαμε"),
             ("V;IND;PST;PFV;1;PL;ACT", "παύσαμε"), ("V;IND;PST;PFV;3;PL;ACT", "έπαυσαν")]
    got = {f for _, f in listed_variants(forms)}
    assert {"παύσαν", "παύσανε", "επαύσανε"} <= got


def test_d1_both_aorists_drop_the_augment_in_the_3rd_plural(judge):
    # παύω έπαυσα/έπαψα, νεύω ένευσα/ένεψα: the two aorists of lexicon/verb-parts.tsv
    for word in ("ΠΑΥΣΑΝ", "ΠΑΨΑΝ", "ΝΕΥΣΑΝ", "ΝΕΨΑΝ", "ΠΑΥΣΑΝΕ"):
        assert "D1" in judge.check(word).rules, word
    assert not judge.check("ΠΑΥΣΑ").valid  # the stressed augment stays obligatory
