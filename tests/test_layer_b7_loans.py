"""§B7 foreign indeclinable words and -ing loans (grammars/rules/b7_loans.py): its rows of
tests/fixtures/rule_cases.tsv (the regulation's examples) and its own cases."""
import pytest

import rule_cases


@pytest.mark.parametrize("row", rule_cases.params("B7"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


def test_b7_loans_and_gerund_doublets(small_judge):
    for word in ("ΓΚΟΛ", "ΜΠΑΡ", "ΑΣΑΝΣΕΡ", "ΠΑΡΚΙΝΓΚ"):
        assert small_judge.check(word).valid, word
    assert small_judge.check("ΠΑΡΚΙΓΚ").rules == ("B7",)  # the other spelling, by the rule
    assert not small_judge.check("ΓΚΟΛΟΥ").valid          # indeclinable


def test_wordnet_confirms_a_loan_hunspell_lacks(judge):
    # scripts/pipeline/import_loans.py: a loan-shaped spaCy lemma the Greek WordNet lists
    # needs no hunspell form (χάμστερ, ντεντέκτιβ); its row says so
    from lexicon import read_listed
    rows = {r.lemma: r for r in read_listed(("loans.tsv",))}
    for lemma, tile in (("χάμστερ", "ΧΑΜΣΤΕΡ"), ("ντεντέκτιβ", "ΝΤΕΝΤΕΚΤΙΒ")):
        assert "Greek WordNet" in rows[lemma].citation
        assert "hunspell" not in rows[lemma].citation
        assert "B7" in judge.check(tile).rules
