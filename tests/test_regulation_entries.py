"""The regulation's own examples entered as lexicon data: §E1 printed-only forms, §D6 listed
participles, the regulation-forms file. Each example comes from ../shared/regulation/RULES.md;
none of these tests needs ../shared. The layers they need have their own files:
tests/test_layer_d3_learned_aorist.py (learned -θηκα aorists, lexicon/learned-aorists.tsv),
tests/test_layer_d9_present.py (present-stem-only verbs, flag ``present_only``),
tests/test_layer_d10_omouna.py (-όμουνα on deponents), and §B3, §C1, §C2, §B6."""
from __future__ import annotations


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
