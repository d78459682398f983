"""§B3 the prefix ξανα- (grammars/rules/b3_xana.py): its rows of tests/fixtures/rule_cases.tsv (the
regulation's examples) and its own cases."""
import pynini
import pytest

from fst.build.tags import TagTable
from grammars.alphabet import analysis_sigma
from grammars.rules import b3_xana
from layer_fst import _base, _ctx, _gen, _paths, VERBS
import rule_cases


@pytest.mark.parametrize("row", rule_cases.params("B3"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


def test_b3_fst_agrees_with_its_reference():
    rows = VERBS[3:]
    with pynini.default_token_type("utf8"):
        tags = TagTable()
        got = _paths(b3_xana.fst(_gen(tags, rows), _ctx(tags)), tags)
    want = _base(tags, rows) | {((lm, c, cell, ("B3",)), f) for lm, c, cell, s in rows
                                for f in b3_xana.prefixed(lm, cell, s)}
    assert got == want
    surfaces = {s for _, s in got}
    assert {"ξαναέγραψα", "ξαναρχίζω", "ξανααρχίζω", "ξαναάρω", "ξαναεπανδρώνω"} <= surfaces
    assert not {"ξαναίρω", "ξανάρω", "ξαναπρωτοβγαίνω", "ξαναεπανεκλέγω",
                "ξαναάνθρωπος"} & surfaces


def test_b3_bar_fst_agrees_with_takes_xana():
    """The FST bar (analyses of verbs that take no ξανα-) and ``takes_xana`` agree on every
    verb lemma of the shipped lexicon that starts like a barred prefix, and on a sample."""
    import random

    from lexicon import read_lexicon
    verbs = sorted({e.lemma for e in read_lexicon() if e.pos == "VERB"})
    sample = [v for v in verbs if v[:2] in ("πρ", "μα", "ξα", "επ")]
    sample += random.Random(3).sample(verbs, 300)
    with pynini.default_token_type("utf8"):
        tags = TagTable()
        tags.char("class", "P1")
        sigma = analysis_sigma(tags)
        barred = b3_xana.barred_fst(sigma).optimize()
        for lemma in sample:
            hit = pynini.compose(pynini.accep(pynini.escape(lemma)), barred).num_states() > 0
            assert hit == (not b3_xana.takes_xana(lemma)), lemma
    assert any(not b3_xana.takes_xana(v) for v in sample)


def test_b3_xana_on_verbs_only(small_judge):
    assert any("B3" in a.rules for a in small_judge.analyse("ΞΑΝΑΓΡΑΨΑΜΕ"))
    assert small_judge.check("ΞΑΝΑΓΡΑΨΑ").valid          # compound: the augment is unstressed
    assert small_judge.check("ΕΞΑΝΑΓΡΑΨΑ").valid         # ... hence optional (D1, ΕΞΑΝΑΠΙΑ)
    assert small_judge.check("ΞΑΝΑΕΓΡΑΨΑ").valid         # ξανα- before the accepted form unchanged
    assert not small_judge.check("ΕΞΑΝΑΕΓΡΑΨΑ").valid    # D2: no double augment
    assert not small_judge.check("ΞΑΝΑΑΝΘΡΩΠΟΣ").valid   # not on nouns


def test_b3_compound_on_listed_verbs():
    from grammars.rules.b3_xana import listed_compounds
    forms = [("V;IND;PST;PFV;1;SG;ACT", "έφαγα"), ("V;IND;PST;PFV;1;PL;ACT", "φάγαμε")]
    got = {f for _, f, _ in listed_compounds("τρώω", forms)}
    assert got == {"ξανάφαγα", "εξανάφαγα", "εξαναφάγαμε"}
    forms = [("V;IND;PST;PFV;1;SG;ACT", "ήπια"), ("V;IND;PST;PFV;1;PL;ACT", "ήπιαμε")]
    assert {f for _, f, _ in listed_compounds("πίνω", forms)} >= {"ξανάπια", "εξανάπια"}
    assert listed_compounds("έχω", [("V;IND;PST;IPFV;1;SG;ACT", "είχα")]) == []
    # a parts row's §D1 twins (επαύσαμε, εκήδεψα) are no forms to compound, and an aorist
    # without augment takes the compound's optional one, as a class verb (εξανάγραψα)
    forms = [("V;IND;PST;PFV;1;SG;ACT", "έπαυσα"), ("V;IND;PST;PFV;1;PL;ACT", "επαύσαμε"),
             ("V;IND;PST;PFV;1;PL;ACT", "παύσαμε")]
    assert {f for _, f, _ in listed_compounds("παύω", forms)} == {
        "ξανάπαυσα", "εξανάπαυσα", "εξαναπαύσαμε"}
    forms = [("V;IND;PST;PFV;1;SG;ACT", "κήδεψα"), ("V;IND;PST;PFV;1;SG;ACT", "εκήδεψα")]
    assert {f for _, f, _ in listed_compounds("κηδεύω", forms)} == {"εξανακήδεψα"}


def test_b3_compound_words(judge):
    # regulation §D2: ΞΑΝΑΗΠΙΑ, ΞΑΝΑΠΙΑ, ΕΞΑΝΑΠΙΑ yes, ΕΞΑΝΑΗΠΙΑ no; ΕΞΑΝΑΔΩΣΑΜΕ yes
    for word in ("ΞΑΝΑΗΠΙΑ", "ΞΑΝΑΠΙΑ", "ΕΞΑΝΑΠΙΑ", "ΕΞΑΝΑΔΩΣΑΜΕ", "ΞΑΝΑΦΑΓΑ", "ΕΞΑΝΑΦΑΓΑ"):
        assert judge.check(word).valid, word
    assert "B3" in judge.check("ΕΞΑΝΑΠΙΑ").rules
    for word in ("ΕΞΑΝΑΗΠΙΑ", "ΕΞΑΝΑΕΔΩΣΑ", "ΞΑΝΑΑΦΑΓΑ"):
        assert not judge.check(word).valid, word
    # verbs of lexicon/verb-parts.tsv as class verbs: ξανάπαυσα (έπαυσα), εξανακήδεψα (κήδεψα)
    for word in ("ΞΑΝΑΠΑΥΣΑ", "ΕΞΑΝΑΠΑΥΣΑ", "ΕΞΑΝΑΚΗΔΕΨΑ", "ΕΞΑΝΑΚΗΔΕΥΣΑΜΕ"):
        assert "B3" in judge.check(word).rules, word
    assert not judge.check("ΕΞΑΝΑΕΠΑΥΣΑΜΕ").valid
