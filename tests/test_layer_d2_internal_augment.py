"""§D2: the internal augment of learned compound verbs (grammars/rules/d2_internal_augment.py,
lexicon/internal-augment.tsv, grammars/internal_augment.tsv)."""
import pytest

import rule_cases
from fst.api import Judge
from grammars.paradigm import load_tables
from grammars.rules import d2_internal_augment as d2


@pytest.mark.parametrize("row", rule_cases.params("D2"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)

# the regulation's D2 examples whose lemma the lexicon has (διαλύω, αποσπώ, επιδρώ, διατελώ,
# προβλέπω, υπάρχω)
REGULATION_VALID = ("ΔΙΕΛΥΣΑ", "ΔΙΕΛΥΑ", "ΔΙΑΛΥΣΑ", "ΔΙΑΛΥΑ", "ΑΠΕΣΠΑΣΑ", "ΕΠΕΔΡΑΣΑ",
                    "ΔΙΕΤΕΛΕΣΑ", "ΔΙΑΤΕΛΕΣΑ", "ΠΡΟΕΒΛΕΨΑ", "ΕΠΡΟΒΛΕΨΑ", "ΥΠΗΡΞΑ", "ΕΔΙΑΛΥΣΑ")
INTERNAL = ("ΔΙΕΛΥΣΑ", "ΔΙΕΛΥΑ", "ΑΠΕΣΠΑΣΑ", "ΕΠΕΔΡΑΣΑ", "ΔΙΕΤΕΛΕΣΑ", "ΠΡΟΕΒΛΕΨΑ", "ΥΠΗΡΞΑ")
DOUBLE = ("ΕΔΙΕΛΥΣΑ", "ΕΠΡΟΕΒΛΕΨΑ", "ΕΞΑΝΑΕΔΩΣΑ")


@pytest.mark.parametrize("word", REGULATION_VALID)
def test_regulation_examples_valid(judge, word):
    assert judge.check(word).valid, word


@pytest.mark.parametrize("word", INTERNAL)
def test_internal_augment_names_d2(judge, word):
    assert "D2" in judge.check(word).rules


@pytest.mark.parametrize("word", DOUBLE)
def test_no_double_augment(judge, word):
    v = judge.check(word)
    assert not v.valid
    assert any(rule == "D2" and reason.startswith("§D2") for rule, reason in
               judge.explain(word).blocked), judge.explain(word).blocked


def test_layer_switched_off_removes_internal_forms(judge):
    off = Judge(judge.analyser, judge.tiles, judge.t2s, judge.tags, min_length=2,
                max_length=15, disabled_rules=frozenset({"D2"}))
    for word in INTERNAL:
        assert not off.check(word).valid, word
    assert off.check("ΔΙΑΛΥΣΑ").valid   # the plain form is the paradigm's


def test_stress_never_before_the_augment():
    # υπ-ή-ρξα, not *ύπηρξα; δι-έ-λυσα but δι-ε-λύ-σαμε (recessive after the augment)
    assert d2.augmented("υπαρξα", "υπα", "υπη") == ("υπήρξα", True)
    assert d2.augmented("διαλυσα", "δια", "διε") == ("διέλυσα", True)
    assert d2.augmented("διαλυσαμε", "δια", "διε") == ("διελύσαμε", False)
    assert d2.augmented("διατελεσα", "δια", "διε") == ("διετέλεσα", False)
    assert d2.augmented("εκφρασα", "εκ", "εξε") == ("εξέφρασα", True)
    assert d2.augmented("γραψα", "δια", "διε") is None


def test_splits_undo_assimilation_and_elision():
    assert ("εμ", "ενε") in d2.splits("εμπνεω")
    assert ("συλ", "συνε") in d2.splits("συλλεγω")
    assert ("υπα", "υπη") in d2.splits("υπαρχω")
    assert ("εγκατα", "εγκατε") in d2.splits("εγκαταλειπω")
    assert d2.splits("γραφω") == []


def test_forms_follow_the_entry():
    table = load_tables()["P9"]
    stressed = d2.Entry("διαλύω", "δια", "διε", "both", False)
    got = {f for _c, f, r in d2.forms(stressed, table)}
    assert {"διέλυσα", "διέλυα", "διέλυσαν"} <= got
    assert "διελύσαμε" not in got                 # unstressed only with unstressed=yes
    every = d2.Entry("διαλύω", "δια", "διε", "both", True)
    assert "διελύσαμε" in {f for _c, f, r in d2.forms(every, table)}
    assert d2.only_cells(stressed, table) == frozenset()
    only = d2.only_cells(d2.Entry("διαλύω", "δια", "διε", "only", False), table)
    assert "V;IND;PST;PFV;1;SG;ACT" in only and "V;IND;PST;PFV;1;PL;ACT" not in only


def test_mode_only_drops_the_plain_form(judge):
    entries = d2.read_lexicon()
    only = sorted(lm for lm, e in entries.items() if e.mode == "only")
    if "εκφράζω" not in only:
        pytest.skip("εκφράζω is not a mode-only lemma in this lexicon")
    assert judge.check("ΕΞΕΦΡΑΣΑ").valid
    assert not judge.check("ΕΚΦΡΑΣΑ").valid       # *έκφρασα
    assert judge.check("ΕΚΦΡΑΣΑΜΕ").valid         # the augment is unstressed there


def test_lexicon_file_is_well_formed():
    entries = d2.read_lexicon()
    assert len(entries) > 100
    for e in entries.values():
        assert e.lemma.endswith(("ω", "ώ", "ομαι", "ούμαι", "άμαι", "ιέμαι")), e
        assert any(p == e.prefix and a == e.augmented for p, a in
                   d2.splits(d2._plain(e.lemma))), e


def test_malformed_row_names_the_line(tmp_path):
    p = tmp_path / "ia.tsv"
    p.write_text("lemma\tprefix\taugmented\tmode\tunstressed\tevidence\tsource\n"
                 "διαλύω\tδια\tδιε\tmaybe\tno\t-\tmanual\n", encoding="utf-8")
    with pytest.raises(ValueError, match=":2:"):
        d2.read_lexicon(p)


# §D1's euphonic -ε on a listed compound (lexicon/compounds.tsv → IRR paradigms): the stress
# moves to the penult and leaves the internal augment, which goes with it (regulation D2: no
# unstressed internal augment; ΚΑΛΟΕΒΛΕΠΑΝΕ no, ΚΑΛΟΒΛΕΠΑΝΕ yes)
def test_euphonic_e_drops_an_internal_augment_it_would_unstress():
    from grammars.rules import d1_augment as d1
    forms = [("V;IND;PST;PFV;1;SG;ACT", "ανέκυψα"), ("V;IND;PST;PFV;1;PL;ACT", "ανακύψαμε"),
             ("V;IND;PST;PFV;3;PL;ACT", "ανέκυψαν")]
    got = {f for _, f in d1.listed_variants(forms)}
    assert "ανακύψανε" in got and "ανεκύψανε" not in got


def test_euphonic_e_follows_every_first_plural_of_the_tense():
    """A verb of principal parts lists επεράσαμε (§D1) before περάσαμε: both give -ανε."""
    from grammars.rules import d1_augment as d1
    forms = [("V;IND;PST;PFV;1;SG;ACT", "πέρασα"), ("V;IND;PST;PFV;1;PL;ACT", "επεράσαμε"),
             ("V;IND;PST;PFV;1;PL;ACT", "περάσαμε"), ("V;IND;PST;PFV;3;PL;ACT", "πέρασαν")]
    got = {f for _, f in d1.listed_variants(forms)}
    assert {"περάσανε", "επεράσανε"} <= got


def test_euphonic_e_on_a_simple_verb_keeps_its_four_3pl_forms():
    from grammars.rules import d1_augment as d1
    forms = [("V;IND;PST;PFV;1;SG;ACT", "έδεσα"), ("V;IND;PST;PFV;1;PL;ACT", "δέσαμε"),
             ("V;IND;PST;PFV;3;PL;ACT", "έδεσαν")]
    got = {f for _, f in d1.listed_variants(forms)}
    assert {"δέσαν", "δέσανε", "εδέσανε"} <= got


@pytest.mark.parametrize("word,valid", [("ΑΝΕΚΥΨΑΝ", True), ("ΑΝΑΚΥΨΑΝΕ", True),
                                        ("ΑΝΕΚΥΨΑΝΕ", False), ("ΥΠΕΒΑΛΑΝΕ", False),
                                        ("ΥΠΟΒΑΛΑΝΕ", True), ("ΕΠΕΔΙΔΑΝΕ", False)])
def test_compounds_take_the_euphonic_e_without_the_internal_augment(judge, word, valid):
    assert judge.check(word).valid is valid, word
