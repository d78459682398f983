"""§D10 the passive imperfect 1st/2nd singular in -όμουνα (grammars/rules/d10_omouna.py): its rows
of tests/fixtures/rule_cases.tsv (the regulation's examples) and its own cases."""
import pytest

from grammars.rules import d10_omouna
import rule_cases


@pytest.mark.parametrize("row", rule_cases.params("D10"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


def test_d10_final_a_on_deponents(judge):
    for word in ("ΔΕΟΜΟΥΝΑ", "ΔΕΟΣΟΥΝΑ", "ΘΕΟΜΟΥΝΑ", "ΕΠΟΜΟΥΝΑ", "ΑΙΣΘΑΝΟΜΟΥΝΑ"):
        assert judge.check(word).valid, word
    assert not judge.check("ΔΕΟΤΑΝΑ").valid        # not the 3rd person («ΗΤΑΝΑ no»)


# split from test_layers.py's test_d8_and_d10_read_their_rows (its §D8 half:
# test_layer_d8_imperative.py)
def test_d10_reads_its_rows():
    from grammars.paradigm import load_tables
    tables = load_tables()
    assert len(d10_omouna.rows()) >= 4
    assert d10_omouna.forms("γράφω", tables["P4"]) == ["γραφόμουνα", "γραφόσουνα"]
