"""§D9 verbs without an aorist (grammars/rules/d9_present.py): its rows of
tests/fixtures/rule_cases.tsv (the regulation's examples) and its own cases."""
import pytest

from grammars.rules import d9_present
import rule_cases


@pytest.mark.parametrize("row", rule_cases.params("D9"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


def test_d9_present_stem_only():
    assert d9_present.keeps("V;IND;PST;IPFV;3;SG;ACT") and d9_present.keeps("V.CVB;PRS;ACT")
    assert not d9_present.keeps("V;IND;PST;PFV;1;SG;ACT")
    assert not d9_present.keeps("V.PTCP;PASS;PFV;MASC;NOM;SG")


def test_d9_verbs_keep_the_present_system(judge):
    for word in ("ΧΕΕΙ", "ΕΧΕΑ", "ΜΕΛΛΕΙ", "ΕΜΕΛΛΕ", "ΤΙΚΤΩ", "ΕΤΙΚΤΑ", "ΤΙΚΤΟΝΤΑΣ"):
        assert judge.check(word).valid, word
    for word in ("ΕΜΕΛΨΑ", "ΜΕΛΨΩ", "ΤΙΚΨΩ", "ΕΤΙΚΨΑ"):  # what P4a would make without the flag
        assert not judge.check(word).valid, word
