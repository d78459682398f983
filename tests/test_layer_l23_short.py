"""§L23: the board's 2–3 letter verdicts are exactly the federation's list of them
(lexicon/words-2-3.tsv, grammars/rules/l23_short.py)."""
import subprocess
import sys

import pytest

from conftest import REPO_ROOT, requires_shared
from grammars.rules import l23_short


def test_file_is_well_formed_and_complete():
    words = l23_short.read()
    tiles = [w.word for w in words]
    assert len(tiles) == len(set(tiles)) == 669
    assert sum(len(t) == 2 for t in tiles) == 107
    assert all(w.pos in {"N", "ADJ", "ADV", "V", "X"} for w in words)
    # a word's form spells it, and a form of another lemma names that lemma (άρε → αίρω)
    are = next(w for w in words if w.word == "ΑΡΕ")
    assert (are.form, are.lemma, are.inflection_class, are.cell) == ("άρε", "αίρω", "FORM", "X;V")


def test_malformed_row_is_reported(tmp_path):
    p = tmp_path / "w.tsv"
    p.write_text("word\tform\tlemma\tpos\taccent\tsource\nΑΒΓΔ\tαβγδ\tαβγδ\tX\tnone\t-\n",
                 encoding="utf-8")
    with pytest.raises(ValueError, match="not a 2–3 letter tile word"):
        l23_short.read(p)
    p.write_text("ΑΒ\tαγ\tαγ\tX\tnone\t-\n", encoding="utf-8")
    with pytest.raises(ValueError, match=":1:"):
        l23_short.read(p)


def test_board_verdicts_at_2_3_letters_are_exactly_the_list(judge):
    listed = {w.word for w in l23_short.read()}
    accepted = set(judge.wordlist(2, 3))
    assert accepted == listed


@pytest.mark.parametrize("word", ["ΑΑΧ", "ΦΩΣ", "ΣΤ", "ΧΙ", "ΑΡΕ", "ΕΧΩ", "ΝΑ", "ΟΙ"])
def test_listed_words_are_valid(judge, word):
    assert judge.check(word).valid


@pytest.mark.parametrize("word", ["ΝΩ", "ΛΑΣ", "ΣΕΣ", "ΓΩΝ", "ΡΩΝ"])
def test_grammar_forms_the_list_lacks_are_rejected_with_the_rule(judge, word):
    v = judge.check(word)
    assert not v.valid
    assert v.rules == ("L23",) and "2- and 3-letter" in v.reason


def test_a_listed_word_only_the_list_gives_names_l23(judge):
    a = judge.analyse("ΑΑΧ")
    assert [(x.lemma, x.inflection_class, x.rules) for x in a] == [("ααχ", "INDECL", ("L23",))]
    # a word a lemma gives keeps the grammar's analysis, not the list's
    assert all("L23" not in x.rules for x in judge.analyse("ΕΧΩ"))
    assert judge.check("ΕΧΩ").rules != ("L23",)


def test_without_l23_only_list_words_are_rejected():
    from fst.api import Judge
    from grammars.profiles import disabled
    # the grammar's sources only: a lemma learned from the list alone (αρός, pes-dev) has ΑΡΕ
    j = Judge.load(progress=False, disabled_rules=disabled("no-pes-dev", ["L23"]))
    assert j.validate_many(["ΑΑΧ", "ΕΧΩ", "ΑΡΕ"]) == [False, True, False]
    assert j.check("ΑΑΧ").rules == ("L23",)


@requires_shared
def test_import_is_reproducible(tmp_path, shared):
    out = tmp_path / "w.tsv"
    subprocess.run([sys.executable, "-m", "scripts.pipeline.import_words_2_3",
                    "--shared", str(shared), "--out", str(out)], cwd=REPO_ROOT, check=True,
                   capture_output=True)
    assert out.read_text(encoding="utf-8") == (REPO_ROOT / "lexicon" / "words-2-3.tsv").read_text(
        encoding="utf-8")
