"""§B6 comparatives and superlatives, with the regulation's barred examples."""
import pytest

import rule_cases
from grammars.rules import b6_degree
from lexicon import LEXICON_DIR


@pytest.mark.parametrize("row", rule_cases.params("B6"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


def test_barred_kinds():
    assert not b6_degree.allowed("ξύλινος")       # material: ΞΥΛΙΝΟΤΕΡΟΣ rejected
    assert not b6_degree.allowed("κόκκινος")      # colour: ΚΟΚΚΙΝΟΤΕΡΗ rejected
    assert not b6_degree.allowed("τρελός")        # state: ΤΡΕΛΟΤΑΤΟ rejected
    assert not b6_degree.allowed("όλος", "E3")    # pronominal
    assert not b6_degree.allowed("άθεος", "E5")   # two-termination privative: no attested degree
    assert b6_degree.allowed("συχνός", "E1")
    assert not b6_degree.barred("βραδινός", "E1")  # -ινός, not a material adjective


def test_graded_by_evidence_not_by_suffix():
    # -ικός adjectives with attested degrees are graded (σημαντικότερος, λογικότερος) …
    assert b6_degree.allowed("σημαντικός", "E1") and b6_degree.allowed("λογικός", "E1")
    # … one without any attested degree is not, nor a barred one even if attested
    assert b6_degree.graded() is not None and "αντιικός" not in b6_degree.graded()
    assert not b6_degree.barred("αντιικός", "E1") and not b6_degree.allowed("αντιικός", "E1")
    assert not b6_degree.allowed("κόκκινος", "E1")


def test_cells_spell_otero():
    cells = dict(b6_degree.cells("οσ"))
    assert cells["ADJ;CMPR;MASC;NOM;SG"] == "οτεροσ"
    assert cells["ADJ;SPRL;FEM;GEN;SG"] == "οτατησ"
    # -ής/-ης, -ές adjectives: -έστερος/-έστατος (Triantafyllidis 1941: σαφέστερος, σαφέστατος)
    es = dict(b6_degree.cells("ησ"))
    assert es["ADJ;CMPR;MASC;NOM;SG"] == "εστεροσ" and es["ADJ;SPRL;NEUT;NOM;PL"] == "εστατα"
    assert b6_degree.cells("α") == [] and b6_degree.cells("υσ") == []


@pytest.mark.parametrize("word", ["ΑΣΦΑΛΕΣΤΕΡΟΣ", "ΑΣΦΑΛΕΣΤΑΤΑ", "ΣΥΝΗΘΕΣΤΕΡΗ", "ΟΥΣΙΩΔΕΣΤΕΡΟ"])
def test_es_degrees_of_graded_adjectives(judge, word):
    # E10 ασφαλής and E11 συνήθης, ουσιώδης: degrees attested (lexicon/comparison.tsv)
    assert judge.check(word).valid and any("B6" in a.rules for a in judge.analyse(word))


def test_es_degrees_need_evidence(judge):
    # αβλαβής (E10) has no attested degree: no ΑΒΛΑΒΕΣΤΕΡΟΣ; a wrong infix is no degree at all
    assert "αβλαβής" not in b6_degree.graded()
    assert not judge.check("ΑΒΛΑΒΕΣΤΕΡΟΣ").valid
    assert not judge.check("ΑΣΦΑΛΟΤΕΡΟΣ").valid


@pytest.mark.parametrize("word,valid", [
    ("ΣΥΧΝΟΤΕΡΟΣ", True), ("ΣΥΧΝΟΤΑΤΟΣ", True), ("ΣΥΧΝΩΤΕΡΟΣ", False),
    ("ΞΥΛΙΝΟΤΕΡΟΣ", False), ("ΚΟΚΚΙΝΟΤΕΡΗ", False), ("ΤΡΕΛΟΤΑΤΟ", False)])
def test_b6_in_the_judge(small_judge, word, valid):
    judge = small_judge
    v = judge.check(word)
    assert v.valid == valid
    if valid:  # another lemma may list the form too; the §B6 analysis must be among them
        assert any("B6" in a.rules for a in judge.analyse(word))


@pytest.mark.parametrize("word", ["ΣΗΜΑΝΤΙΚΟΤΕΡΟΣ", "ΛΟΓΙΚΟΤΕΡΗ"])
def test_graded_ikos_adjectives_in_the_shipped_judge(judge, word):
    assert any("B6" in a.rules for a in judge.analyse(word)) and judge.check(word).valid


@pytest.mark.parametrize("lemma, cls", [("εύκολος", "E5"), ("δύσκολος", "E5"), ("γρήγορος", "E5"),
                                        ("επικίνδυνος", "E5"), ("κρίσιμος", "E5"),
                                        ("λίγος", "E3")])
def test_every_class_grades_by_evidence(lemma, cls):
    # issue 20: no class-wide bar; E3/E5 lemmas with attested degrees grade
    assert b6_degree.allowed(lemma, cls)


def test_why_not_names_the_lemma():
    assert "κόκκινος" in b6_degree.why_not("κόκκινος", "E1")
    assert "άθεος" in b6_degree.why_not("άθεος", "E5")
    assert b6_degree.why_not("εύκολος", "E5") is None


@pytest.mark.parametrize("word", ["ΕΥΚΟΛΟΤΕΡΟΣ", "ΔΥΣΚΟΛΟΤΕΡΟΣ", "ΓΡΗΓΟΡΟΤΕΡΟΣ",
                                  "ΕΠΙΚΙΝΔΥΝΟΤΕΡΟΣ", "ΚΑΤΑΛΛΗΛΟΤΕΡΟΣ", "ΕΝΤΟΝΟΤΕΡΟΣ",
                                  "ΗΣΥΧΟΤΕΡΟΣ", "ΚΡΙΣΙΜΟΤΕΡΟΣ", "ΕΥΚΟΛΟΤΕΡΑ", "ΔΥΣΚΟΛΟΤΕΡΑ"])
def test_issue_comparatives_accepted(judge, word):
    assert judge.check(word).valid


@pytest.mark.parametrize("word, lemma", [("ΚΟΚΚΙΝΟΤΕΡΟΣ", "κόκκινος"), ("ΑΘΕΟΤΕΡΟΣ", "άθεος")])
def test_explain_names_b6_and_the_lemma(judge, word, lemma):
    e = judge.explain(word)
    assert not e.verdict.valid
    assert any(rule == "B6" and lemma in why for rule, why in e.blocked), e.blocked


@pytest.mark.parametrize("lemma", ["αυτός", "ποιος", "σος", "ίδιος", "απλός", "καλός",
                                   "διπλός", "τριπλάσιος", "μονός", "μισός"])
def test_b6_bars_pronouns_irregular_and_numeral_adjectives(lemma):
    assert not b6_degree.allowed(lemma, "E1")


@pytest.mark.parametrize("lemma", ["ψηλός", "ωραίος", "αργός", "άγιος", "χαμηλός"])
def test_b6_still_grades_ordinary_adjectives(lemma):
    assert b6_degree.allowed(lemma, "E1")


def test_b6_no_comparison_file():
    from grammars.rules import b6_degree
    lemmas = b6_degree.no_comparison()
    assert {"κόκκινος", "τρελός", "λευκός"} <= lemmas
    assert not any(b6_degree.allowed(lm) for lm in lemmas)
    rows = [ln.split("\t") for ln in (LEXICON_DIR / "no-comparison.tsv").read_text(encoding="utf-8")
            .splitlines() if ln and not ln.startswith(("#", "lemma\t"))]
    assert all(len(r) == 3 and r[1] in ("colour", "state", "material", "pronoun", "irregular", "numeral") and r[2] for r in rows)
