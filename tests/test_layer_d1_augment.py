"""§D1 the past-tense augment and the euphonic -ε (grammars/rules/d1_augment.py): its rows of
tests/fixtures/rule_cases.tsv (the regulation's examples) and its own cases."""
import pytest

import rule_cases


@pytest.mark.parametrize("row", rule_cases.params("D1"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


def test_d1_names_the_rule(judge):
    assert "D1" in judge.check("ΕΓΡΑΨΑΜΕ").rules
    assert "D1" in judge.check("ΓΡΑΦΟΥΝΕ").rules
    assert not judge.check("ΓΡΑΨΑ").valid


def test_d1_reaches_hand_entered_verbs(judge):
    # irregular paradigms (lexicon/irregular.tsv) get the same §D1 variants as class tables
    for word in ("ΕΧΟΥΝΕ", "ΕΚΑΝΑΜΕ", "ΚΑΝΑΝ", "ΕΔΩΣΑΜΕ", "ΔΩΣΑΝΕ"):
        assert "D1" in judge.check(word).rules, word
    assert not judge.check("ΔΩΣΑ").valid  # the stressed augment stays obligatory


def test_d1_on_parts_rows_with_optional_augment_twins():
    # a parts row (lexicon/verb-parts.tsv) lists the §D1 twin επαύσαμε beside παύσαμε; the
    # augment is read off παύσαμε, so the 3rd plural still drops it (παύσαν, as δέσαν)
    from grammars.rules.d1_augment import listed_variants
    forms = [("V;IND;PST;PFV;1;SG;ACT", "έπαυσα"), ("V;IND;PST;PFV;1;PL;ACT", "επαύσαμε"),
             ("V;IND;PST;PFV;1;PL;ACT", "παύσαμε"), ("V;IND;PST;PFV;3;PL;ACT", "έπαυσαν")]
    got = {f for _, f in listed_variants(forms)}
    assert {"παύσαν", "παύσανε", "επαύσανε"} <= got


def test_d1_both_aorists_drop_the_augment_in_the_3rd_plural(judge):
    # παύω έπαυσα/έπαψα, νεύω ένευσα/ένεψα: the two aorists of lexicon/verb-parts.tsv
    for word in ("ΠΑΥΣΑΝ", "ΠΑΨΑΝ", "ΝΕΥΣΑΝ", "ΝΕΨΑΝ", "ΠΑΥΣΑΝΕ"):
        assert "D1" in judge.check(word).rules, word
    assert not judge.check("ΠΑΥΣΑ").valid  # the stressed augment stays obligatory


def test_d1_variants_give_a_tense_without_augment_the_unstressed_one():
    # ζητούσα, γραφόταν, δέθηκε have no [AUG] slot: §D1 adds the unstressed ε- (εζητούσα)
    from grammars import phonology as ph
    from grammars.rules.d1_augment import variants
    got = variants("V;IND;PST;IPFV;1;SG;ACT", "ουσα", "MAXPEN", False)
    assert ("ουσα", "MAXPEN", ph.AUG_D1) in got
    got = variants("V;IND;PST;PFV;3;PL;PASS", "θηκαν", "keep", False)
    assert ("θηκαν", "keep", ph.AUG_D1) in got and ("θηκαν", "keep+ε", ph.AUG_D1) in got
    # not outside the past indicative
    assert all(a is None for _e, _d, a in variants("V;IND;PRS;IPFV;1;SG;ACT", "ω", "keep", False))


def test_d1_listed_tense_without_augment_takes_it_unless_internal():
    from grammars.rules.d1_augment import listed_variants
    forms = [("V;IND;PST;IPFV;1;SG;ACT", "πήγαινα"), ("V;IND;PST;IPFV;1;PL;ACT", "πηγαίναμε")]
    assert {f for _, f in listed_variants(forms, "πηγαίνω")} >= {"επήγαινα", "επηγαίναμε"}
    assert listed_variants(forms) == []  # without the lemma, no such variant
    # an internal augment (§D2: no double augment), a vowel-initial form (ήρθα)
    assert listed_variants([("V;IND;PST;PFV;1;SG;ACT", "κατέβηκα")], "κατεβαίνω") == []
    assert listed_variants([("V;IND;PST;PFV;1;SG;ACT", "συνήλθα")], "συνέρχομαι") == []
    assert listed_variants([("V;IND;PST;PFV;1;SG;ACT", "ήρθα")], "έρχομαι") == []


@pytest.mark.parametrize("word", ["ΕΖΗΤΟΥΣΑ", "ΕΚΑΛΟΥΣΕ", "ΕΔΕΝΟΤΑΝ", "ΕΓΡΑΦΟΤΑΝ", "ΕΔΕΘΗΚΕ",
                                  "ΕΓΡΑΦΤΗΚΑ", "ΕΚΡΑΤΑΓΑ", "ΕΡΩΤΑΓΑΝ", "ΕΠΗΓΑΙΝΑ", "ΕΒΓΗΚΑ",
                                  "ΕΒΓΗΚΑΝΕ", "ΕΖΗΤΟΥΣΑΝΕ", "ΞΑΝΑΕΖΗΤΟΥΣΑ", "ΕΘΕΛΑΜΕ", "ΕΞΕΡΑΜΕ"])
def test_d1_unstressed_augment_on_tenses_without_one(judge, word):
    v = judge.check(word)
    assert v.valid and "D1" in v.rules, word


@pytest.mark.parametrize("word", ["ΕΚΑΤΕΒΗΚΑ", "ΕΔΙΕΜΕΝΑ", "ΕΣΥΝΗΛΘΑ", "ΕΗΡΘΑ", "ΕΠΡΟΕΙΧΑ",
                                  "ΕΑΓΑΠΟΥΣΑ", "ΕΖΗΤΩ", "ΕΖΗΤΗΣΩ"])
def test_d1_no_augment_on_internal_augments_vowels_or_non_past(judge, word):
    assert not judge.check(word).valid, word


def test_euphonic_e_on_an_unaccented_monosyllable_takes_the_stress():
    # §D1: the euphonic -ε on every 3rd plural in -ν; πουν, δουν (λέω's, βλέπω's perfective
    # subjunctive) are unaccented monosyllables: πούνε, δούνε (the official list has both)
    from grammars.rules.d1_augment import listed_variants
    cell = "V;SBJV;PFV;3;PL;ACT"
    assert (cell, "πούνε") in listed_variants([(cell, "πουν")], "λέω")
    assert (cell, "δούνε") in listed_variants([(cell, "δουν")], "βλέπω")
    assert (cell, "έχουνε") in listed_variants([(cell, "έχουν")], "έχω")


@pytest.mark.parametrize("word", ["ΠΟΥΝΕ", "ΔΟΥΝΕ", "ΒΡΟΥΝΕ", "ΠΙΟΥΝΕ"])
def test_monosyllabic_subjunctives_take_the_euphonic_e(judge, word):
    assert judge.check(word).valid
