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
