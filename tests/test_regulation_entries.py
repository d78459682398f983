"""The regulation's own examples entered as lexicon data, and the layers they need:
§D3 learned -θηκα aorists (lexicon/learned-aorists.tsv), §D9 present-stem-only verbs (flag
``present_only``), §E1 printed-only forms, §D6 listed participles, §D10 -όμουνα on deponents.
Each example comes from ../shared/regulation/RULES.md; none of these tests needs ../shared."""
from __future__ import annotations

import pytest

from fst.api import Judge
from lexicon import LEXICON_DIR
from grammars.profiles import disabled
from grammars.rules import d3_learned_aorist, d9_present


@pytest.mark.parametrize("demotic,learned", [
    ("παίχτηκα", "παίχθηκα"), ("παιχτήκαμε", "παιχθήκαμε"), ("παιχτούνε", "παιχθούνε"),
    ("κατασκευαστεί", "κατασκευασθεί"), ("γράφτηκα", "γράφθηκα"), ("δέχτηκα", "δέχθηκα"),
    ("δέθηκα", None), ("στάλθηκα", None)])
def test_d3_sound_change(demotic, learned):
    assert d3_learned_aorist.learned(demotic) == learned


def test_d3_listed_verbs_only(judge):
    for word in ("ΠΑΙΧΤΗΚΑ", "ΠΑΙΧΘΗΚΑ", "ΠΑΙΧΘΕΙ", "ΠΑΙΧΘΟΥΝ", "ΠΑΙΧΘΟΥΝΕ",
                 "ΚΑΤΑΣΚΕΥΑΣΤΗΚΑ", "ΚΑΤΑΣΚΕΥΑΣΘΗΚΑ"):
        assert judge.check(word).valid, word
    assert "D3" in judge.check("ΠΑΙΧΘΗΚΑ").rules
    assert judge.check("ΓΡΑΦΤΗΚΑ").valid
    assert not judge.check("ΓΡΑΦΘΗΚΑ").valid       # not listed: the demotic form only
    assert not judge.check("ΠΑΙΧΘΟΜΑΙ").valid      # the aorist only, not the present
    strict = Judge(judge.analyser, judge.tiles, judge.t2s, judge.tags,
                   disabled_rules=disabled("board", ["D3"]))
    assert not strict.check("ΠΑΙΧΘΗΚΑ").valid and strict.check("ΠΑΙΧΤΗΚΑ").valid


def test_d9_present_stem_only():
    assert d9_present.keeps("V;IND;PST;IPFV;3;SG;ACT") and d9_present.keeps("V.CVB;PRS;ACT")
    assert not d9_present.keeps("V;IND;PST;PFV;1;SG;ACT")
    assert not d9_present.keeps("V.PTCP;PASS;PFV;MASC;NOM;SG")


def test_d9_verbs_keep_the_present_system(judge):
    for word in ("ΧΕΕΙ", "ΕΧΕΑ", "ΜΕΛΛΕΙ", "ΕΜΕΛΛΕ", "ΤΙΚΤΩ", "ΕΤΙΚΤΑ", "ΤΙΚΤΟΝΤΑΣ"):
        assert judge.check(word).valid, word
    for word in ("ΕΜΕΛΨΑ", "ΜΕΛΨΩ", "ΤΙΚΨΩ", "ΕΤΙΚΨΑ"):  # what P4a would make without the flag
        assert not judge.check(word).valid, word


def test_e1_printed_forms_only(judge):
    for word in ("ΕΑΛΩ", "ΩΔΙΝΩ", "ΩΔΙΝΕΝ", "ΕΤΕΚΟΝ", "ΕΤΕΚΕΣ", "ΣΥΝΕΤΑΜΟΝ"):
        verdict = judge.check(word)
        assert verdict.valid and "E1" in verdict.rules, word
    # no other form of αλίσκομαι or ωδίνω, and no rule layer on a printed form
    for word in ("ΩΔΙΝΕΙ", "ΞΑΝΑΕΑΛΩ", "ΕΤΕΚΟΝΕ", "ΞΑΝΑΕΤΕΚΟΝ", "ΤΕΚΟΝ"):
        assert not judge.check(word).valid, word
    # ΑΛΩ is valid as a word of the 2–3 letter list (§L23, άλως), never as αλίσκομαι's
    assert not [a for a in judge.analyse("ΑΛΩ") if a.lemma == "αλίσκομαι"]


def test_e1_archaic_verbs_inflect_by_demotic_rules(judge):
    for word in ("ΝΗΦΩ", "ΕΝΗΨΑ", "ΝΗΦΕ", "ΕΝΗΦΑ", "ΝΗΨΩ", "ΝΗΨΕ", "ΝΗΦΟΝΤΑΣ", "ΣΥΝΕΤΜΗΣΑ",
                 "ΣΥΝΤΜΗΣΑ", "ΣΥΝΕΤΕΜΝΑ", "ΣΥΝΤΕΜΝΑ", "ΣΥΝΤΕΜΝΕ", "ΣΥΝΤΕΜΝΟΝΤΑΣ"):
        assert judge.check(word).valid, word


def test_d6_listed_participles(judge):
    for word in ("ΤΡΕΧΩΝ", "ΤΡΕΧΟΥΣΑ", "ΤΡΕΧΟΝ", "ΤΡΕΧΟΝΤΟΣ", "ΕΚΛΗΦΘΕΙΣ", "ΕΚΛΗΦΘΕΙΣΑ",
                 "ΕΚΛΗΦΘΕΝ", "ΛΕΓΟΜΕΝΟΣ"):
        assert judge.check(word).valid, word
    assert "D6" in judge.check("ΤΡΕΧΩΝ").rules
    assert not judge.check("ΛΥΩΝ").valid           # «όχι όμως το λύων»
    assert not judge.check("ΞΑΝΑΤΡΕΧΩΝ").valid     # ξανα- only on -οντας/-ώντας/-μενος


def test_d10_final_a_on_deponents(judge):
    for word in ("ΔΕΟΜΟΥΝΑ", "ΔΕΟΣΟΥΝΑ", "ΘΕΟΜΟΥΝΑ", "ΕΠΟΜΟΥΝΑ", "ΑΙΣΘΑΝΟΜΟΥΝΑ"):
        assert judge.check(word).valid, word
    assert not judge.check("ΔΕΟΤΑΝΑ").valid        # not the 3rd person («ΗΤΑΝΑ no»)


def test_regulation_forms_file_rows():
    from lexicon import SURFACE_LETTERS, read_listed
    rows = read_listed(("regulation-forms.tsv",))
    assert len(rows) > 50
    for r in rows:
        assert r.citation.startswith("regulation"), r
        assert r.inflection_class == "IRR" and r.pos in ("V", "ADJ"), r
        assert r.cell.split(";")[0].split(".")[0] == r.pos, r
        assert set(r.form) <= SURFACE_LETTERS and r.weight in (0, 1, 2, 3), r
    # §E1 printed forms are marked in their citation, and only they
    assert {r.form for r in rows if "§E1" in r.citation} >= {"εάλω", "ώδινεν", "έτεκον",
                                                             "συνέταμον"}
    assert not any("§E1" in r.citation for r in rows if r.form == "συνέτμησα")


def test_b3_compound_on_listed_verbs():
    from grammars.rules.b3_xana import listed_compounds
    forms = [("V;IND;PST;PFV;1;SG;ACT", "έφαγα"), ("V;IND;PST;PFV;1;PL;ACT", "φάγαμε")]
    got = {f for _, f, _ in listed_compounds("τρώω", forms)}
    assert got == {"ξανάφαγα", "εξανάφαγα", "εξαναφάγαμε"}
    forms = [("V;IND;PST;PFV;1;SG;ACT", "ήπια"), ("V;IND;PST;PFV;1;PL;ACT", "ήπιαμε")]
    assert {f for _, f, _ in listed_compounds("πίνω", forms)} >= {"ξανάπια", "εξανάπια"}
    assert listed_compounds("έχω", [("V;IND;PST;IPFV;1;SG;ACT", "είχα")]) == []


def test_b3_compound_words(judge):
    # regulation §D2: ΞΑΝΑΗΠΙΑ, ΞΑΝΑΠΙΑ, ΕΞΑΝΑΠΙΑ yes, ΕΞΑΝΑΗΠΙΑ no; ΕΞΑΝΑΔΩΣΑΜΕ yes
    for word in ("ΞΑΝΑΗΠΙΑ", "ΞΑΝΑΠΙΑ", "ΕΞΑΝΑΠΙΑ", "ΕΞΑΝΑΔΩΣΑΜΕ", "ΞΑΝΑΦΑΓΑ", "ΕΞΑΝΑΦΑΓΑ"):
        assert judge.check(word).valid, word
    assert "B3" in judge.check("ΕΞΑΝΑΠΙΑ").rules
    for word in ("ΕΞΑΝΑΗΠΙΑ", "ΕΞΑΝΑΕΔΩΣΑ", "ΞΑΝΑΑΦΑΓΑ"):
        assert not judge.check(word).valid, word


def test_c2_numerals_explained(judge):
    from grammars.rules.c2_numerals import value
    assert (value("ΙΓ"), value("ΚΔ"), value("ΡΚΔ"), value("ΙΣΤ")) == (13, 24, 124, 16)
    assert value("ΑΒ") is None and value("ΠΧ") is None and value("Α") is None
    for word in ("ΙΓ", "ΚΔ", "ΛΒ", "ΙΘ"):
        verdict = judge.check(word)
        assert not verdict.valid and verdict.rules == ("C2",), word
    assert judge.check("ΙΑ").valid                 # a word through another lemma


def test_c1_names_explained(judge):
    verdict = judge.check("ΕΛΛΗΝΑΣ")
    assert not verdict.valid and verdict.rules == ("C1",) and "Έλληνας" in verdict.reason
    assert not judge.check("ΕΛΛΗΝΕΣ").valid
    for word in ("ΝΙΚΗ", "ΟΜΗΡΟΣ", "ΕΙΡΗΝΗ"):      # lower-case homographs stay valid
        assert judge.check(word).valid, word


def test_b6_no_comparison_file():
    from grammars.rules import b6_degree
    lemmas = b6_degree.no_comparison()
    assert {"κόκκινος", "τρελός", "λευκός"} <= lemmas
    assert not any(b6_degree.allowed(lm) for lm in lemmas)
    rows = [ln.split("\t") for ln in (LEXICON_DIR / "no-comparison.tsv").read_text(encoding="utf-8")
            .splitlines() if ln and not ln.startswith(("#", "lemma\t"))]
    assert all(len(r) == 3 and r[1] in ("colour", "state", "material", "pronoun", "irregular", "numeral") and r[2] for r in rows)
