"""The rows of tests/fixtures/rule_cases.tsv (a copy of ../shared/cases/rule_cases.tsv;
``source=regulation`` rows are the regulation's own examples), for the tests of each rule:
:func:`params` gives one ``pytest.param`` per row of the given rule ids (test ids
``RULE-WORD``), and :func:`check` asserts a row's verdict. A layer's rows are run by its own
file (tests/test_layer_*.py); tests/test_rules.py runs the rows of the rules that have no layer.

Rows our grammar or lexicon decides differently are strict expected failures with the reason
(``DISAGREE``): they turn into failures the day they pass, and the mark must go. Most are
accepted words whose lemma the lexicon lacks (issue 3); the closing note lists them.
"""
import csv

import pytest

from conftest import FIXTURES


DISAGREE = {  # word: reason (see the module docstring)
    "ΨΑΡΑΚΩΝ": "E5: ψαράκων is the genitive plural of ψάρακας (spaCy lemma, O5, stressed on the "
               "antepenult); §E5 bars -άκας only, since -ακας would also bar κόρακας, κόλακας",
    "ΑΛΩΠΗΞ": "A2: lemma not in the lexicon",
    "ΠΟΔΑΡΑ": "B1: lemma not in the lexicon",
    "ΤΖΑΜΠΑ": "B2: lemma not in the lexicon",
    "ΞΑΝΑΕΠΑΝΑΛΑΜΒΑΝΩ": "B3: 16 letters: outside the board profile (§LEN); the row itself says unsure",
    "ΞΑΝΑΕΠΑΝΕΛΑΒΑ": "B3: lemma not in the lexicon (άρω, άγω, αίρω, αίνω, επαναλαμβάνω compounds, ήρα/ήγα)",
    "ΞΑΝΑΕΠΑΝΑΠΑΥΘΩ": "B3: lemma not in the lexicon (άρω, άγω, αίρω, αίνω, επαναλαμβάνω compounds, ήρα/ήγα)",
    "ΞΑΝΑΗΡΑ": "B3: lemma not in the lexicon (άρω, άγω, αίρω, αίνω, επαναλαμβάνω compounds, ήρα/ήγα)",
    "ΞΑΝΑΗΓΑ": "B3: lemma not in the lexicon (άρω, άγω, αίρω, αίνω, επαναλαμβάνω compounds, ήρα/ήγα)",
    "ΔΕΚΑΟΡΟΦΟΣ": "B8: lemma not in the lexicon",
    "ΝΑΤΟ": "C3: lemma not in the lexicon",
    "ΔΙΕΡΡΕΑ": "D2: learned compound verb or archaic aorist not in the lexicon",
    "ΠΟΛΥΗΘΕΛΕΣ": "D2: learned compound verb or archaic aorist not in the lexicon",
    "ΚΑΛΟΕΒΛΕΠΑΝ": "D2: learned compound verb or archaic aorist not in the lexicon",
    "ΠΟΛΥΘΕΛΑΤΕ": "D2: learned compound verb or archaic aorist not in the lexicon",
    "ΚΑΛΟΒΛΕΠΑΝΕ": "D2: learned compound verb or archaic aorist not in the lexicon",
    "ΕΠΟΛΥΘΕΛΑΤΕ": "D2: learned compound verb or archaic aorist not in the lexicon",
    "ΕΚΑΛΟΒΛΕΠΑΝΕ": "D2: learned compound verb or archaic aorist not in the lexicon",
    "ΗΒΡΑ": "D2: learned compound verb or archaic aorist not in the lexicon",
    "ΗΧΘΗΝ": "D2: learned compound verb or archaic aorist not in the lexicon",
    "ΚΑΛΟΕΙΔΑ": "D2: learned compound verb or archaic aorist not in the lexicon",
    "ΚΑΛΟΔΑ": "D2: learned compound verb or archaic aorist not in the lexicon",
    "ΕΚΑΛΟΔΑ": "D2: learned compound verb or archaic aorist not in the lexicon",
    "ΥΠΝΑΚΟ": "E5: lemma not in the lexicon",
    "ΥΠΝΑΚΟΥ": "E5: lemma not in the lexicon",

}


def rows():
    with open(FIXTURES / "rule_cases.tsv", encoding="utf-8") as f:
        yield from csv.DictReader(f, delimiter="\t")


ROWS = sorted(rows(), key=lambda r: (r["rule_id"], r["word"]))


def _param(row):
    marks = ()
    if row["word"] in DISAGREE:
        marks = (pytest.mark.xfail(strict=True, reason=DISAGREE[row["word"]]),)
    return pytest.param(row, marks=marks, id=f"{row['rule_id']}-{row['word']}")


def layer_rule_ids() -> set[str]:
    """The rule ids of the regulation's layers (grammars.rules.LAYERS)."""
    from grammars.rules import LAYERS
    return {x.rule_id for x in LAYERS}


def params(*rule_ids: str) -> list:
    """One ``pytest.param`` per row of ``rule_ids`` (sorted by rule id, then word)."""
    return [_param(r) for r in ROWS if r["rule_id"] in rule_ids]


def check(judge, row) -> None:
    """The judge's verdict on the row's word is the row's."""
    verdict = judge.check(row["word"])
    assert verdict.valid == (row["expected"] == "accept"), (row["note"], verdict)
