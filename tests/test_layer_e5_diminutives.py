"""§E5 defective diminutives and augmentatives (grammars/rules/e5_diminutives.py): its rows of
tests/fixtures/rule_cases.tsv (the regulation's examples) and its own cases."""
import pytest

import rule_cases


@pytest.mark.parametrize("row", rule_cases.params("E5"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


def test_e5_defective_diminutives(small_judge):
    assert small_judge.check("ΣΠΙΤΑΚΙ").valid and small_judge.check("ΣΠΙΤΑΚΙΑ").valid
    assert not small_judge.check("ΣΠΙΤΑΚΙΟΥ").valid     # -άκι: no genitive
    assert small_judge.check("ΔΙΚΗΓΟΡΑΚΟΣ").valid
    assert not small_judge.check("ΔΙΚΗΓΟΡΑΚΟΙ").valid   # -άκος: no plural
    assert small_judge.check("ΓΑΤΟΥΛΕΣ").valid
    assert not small_judge.check("ΓΑΤΟΥΛΩΝ").valid      # -ούλα: no genitive plural
    assert small_judge.check("ΚΙΘΑΡΩΝ").valid           # κιθάρα only ends like an augmentative
