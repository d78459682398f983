"""§D8 the passive present imperative 2nd singular in -ου (grammars/rules/d8_imperative.py): its
rows of tests/fixtures/rule_cases.tsv (the regulation's examples) and its own cases."""
import pytest

from grammars.rules import d8_imperative
import rule_cases


@pytest.mark.parametrize("row", rule_cases.params("D8"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


# split from test_layers.py's test_d8_and_d10_read_their_rows (its §D10 half:
# test_layer_d10_omouna.py)
def test_d8_reads_its_rows():
    from grammars.paradigm import load_tables
    tables = load_tables()
    assert d8_imperative.rules(tables["P2.1"])
    assert d8_imperative.imperatives("δροσίζω", tables["P2.1"]) == ["δροσίζου"]


def test_d8_listed_paradigm_gets_the_ou_imperative():
    from grammars.rules.d8_imperative import CELL, listed_imperatives
    pres = "V;IND;PRS;IPFV;1;SG;PASS"
    assert listed_imperatives("βρίσκω", [(pres, "βρίσκομαι")]) == [(CELL, "βρίσκου", ("D8",))]
    # an -ου imperative already listed (έρχου), a contracted deponent (§D8: ΚΟΙΜΟΥ no)
    assert listed_imperatives("έρχομαι", [(pres, "έρχομαι"), (CELL, "έρχου")]) == []
    assert listed_imperatives("κοιμάμαι", [(pres, "κοιμάμαι")]) == []
    assert listed_imperatives("θυμάμαι", [(pres, "θυμούμαι")]) == []


@pytest.mark.parametrize("word", ["ΒΡΙΣΚΟΥ", "ΓΙΝΟΥ", "ΣΤΕΚΟΥ", "ΠΑΙΡΝΟΥ", "ΔΙΑΘΕΤΟΥ"])
def test_d8_on_hand_entered_verbs_and_their_compounds(judge, word):
    v = judge.check(word)
    assert v.valid and "D8" in v.rules, word
