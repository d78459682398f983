"""The rows of tests/fixtures/rule_cases.tsv (tests/rule_cases.py) of the rules that have no
layer of their own (§A1, §B1, §LEN …), one test per row (test ids ``RULE-WORD``), asserting the
row's verdict; each layer's rows are run by its own file, tests/test_layer_*.py. Also the rules
the command line's settings make (§LEN, §C6) and the profiles' switching.
"""
import pytest

import rule_cases
from fst.api import Judge
from rule_cases import ROWS


@pytest.mark.parametrize("row", rule_cases.params(*{r["rule_id"] for r in ROWS}
                                                  - rule_cases.layer_rule_ids()))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


def test_every_rule_id_has_cases():
    ids = {r["rule_id"] for r in ROWS}
    assert {"B3", "B6", "B7", "B9", "D1", "D2", "D4", "D7", "D8", "D10", "E2", "E5",
            "LEN", "C6"} <= ids


def test_len_profile_is_a_setting(judge):
    long_word = "ΚΑΤΑΣΚΕΥΑΣΤΗΚΑΝΕ"  # 16 letters, §D1 euphonic -ε of κατασκευάστηκαν
    assert not judge.check(long_word).valid
    assert judge.check(long_word).rules == ("LEN",)
    wide = Judge(judge.analyser, judge.tiles, judge.t2s, judge.tags, min_length=2, max_length=20)
    assert wide.check(long_word).valid


def test_c6_one_letter_never(judge):
    wide = Judge(judge.analyser, judge.tiles, judge.t2s, judge.tags, min_length=1, max_length=20)
    assert wide.check("Ο").rules == ("C6",)
    assert not wide.check("Ο").valid


def test_profiles_switch_layers_off(small_judge):
    from grammars.profiles import disabled
    strict = Judge(small_judge.analyser, small_judge.tiles, small_judge.t2s, small_judge.tags,
                   disabled_rules=disabled("dictionary"))
    assert small_judge.check("ΕΓΡΑΨΑΜΕ").valid and not strict.check("ΕΓΡΑΨΑΜΕ").valid
    assert strict.check("ΕΓΡΑΨΑΜΕ").rules == ("D1",)
    assert strict.check("ΓΡΑΨΑΜΕ").valid            # the paradigm's own form
    assert not strict.check("ΞΑΝΑΕΓΡΑΨΑ").valid    # §B3 on the surface
    assert strict.validate_many(["ΓΡΑΨΑΜΕ", "ΕΓΡΑΨΑΜΕ"]) == [True, False]
    no_e2 = Judge(small_judge.analyser, small_judge.tiles, small_judge.t2s, small_judge.tags,
                  disabled_rules=disabled("no-hidden-words"))
    hidden = [w for w in ("ΑΥΤΟΦΟΡΩ", "ΔΟΜΕΝΟΣ") if small_judge.check(w).rules == ("E2",)]
    assert hidden, "expected a word only §E2 licenses"
    assert not any(no_e2.check(w).valid for w in hidden)
    with pytest.raises(ValueError, match="XX"):
        disabled("board", ["XX"])
