"""The learned (katharevousa) declensions that regulation §E1 lets inflect: -ις/-εως
feminines (O54) and -ον neuters (O55), hand-written tables (grammars/classes/O54.tsv, O55.tsv).
Without them, γένεσις and ζώον had only small inferred classes whose keys made *γενεσιτών and
*προσώποντος, and they fell out of the lexicon (issue 20)."""

import pytest

from grammars.paradigm import generate, load_tables


@pytest.fixture(scope="module")
def tables():
    return load_tables()


def forms(tables, lemma, code):
    return {(c, f) for f, c, w in generate(lemma, tables[code]) if w == 0}


@pytest.mark.parametrize("lemma,gen_sg,acc_sg,nom_pl,gen_pl", [
    ("γένεσις", "γενέσεως", "γένεσιν", "γενέσεις", "γενέσεων"),
    ("πόλις", "πόλεως", "πόλιν", "πόλεις", "πόλεων"),
    ("δύναμις", "δυνάμεως", "δύναμιν", "δυνάμεις", "δυνάμεων"),
    ("ομήγυρις", "ομηγύρεως", "ομήγυριν", "ομηγύρεις", "ομηγύρεων")])
def test_learned_feminines_in_is_eos(tables, lemma, gen_sg, acc_sg, nom_pl, gen_pl):
    assert forms(tables, lemma, "O54") == {
        ("N;NOM;SG", lemma), ("N;GEN;SG", gen_sg), ("N;ACC;SG", acc_sg),
        ("N;NOM;PL", nom_pl), ("N;ACC;PL", nom_pl), ("N;GEN;PL", gen_pl)}


@pytest.mark.parametrize("lemma,gen_sg,pl,gen_pl", [
    ("ζώον", "ζώου", "ζώα", "ζώων"), ("άτομον", "ατόμου", "άτομα", "ατόμων"),
    ("πρόσωπον", "προσώπου", "πρόσωπα", "προσώπων")])
def test_learned_neuters_in_on(tables, lemma, gen_sg, pl, gen_pl):
    got = forms(tables, lemma, "O55")
    assert {f for c, f in got if c.endswith(";SG") and "GEN" not in c} == {lemma}
    assert ("N;GEN;SG", gen_sg) in got and ("N;GEN;PL", gen_pl) in got
    assert {f for c, f in got if c.endswith(";PL") and "GEN" not in c} == {pl}


@pytest.mark.parametrize("lemma,code", [("γένεσις", "O54"), ("σύρτις", "O54"),
                                        ("ζώον", "O55"), ("πρόσωπον", "O55"),
                                        ("πάγκρεας", "O51")])
def test_the_learned_lemmas_have_a_candidate_class(lemma, code, tables):
    """classify_by_evidence: a class cites the lemma (πάγκρεας: the small class O51's own
    ending -έας is compared without its accent)."""
    from scripts.common import LEXICON
    from scripts.pipeline.classify_by_evidence import (candidates, read_lexicon_rows,
                                                       small_class_endings)
    endings = small_class_endings(read_lexicon_rows(LEXICON / "lemmas.tsv"))
    assert code in {e.code for e in candidates(lemma, ("NOUN",), tables, set(), endings)}


def test_the_official_list_judges_a_lemma_by_its_own_forms(monkeypatch, tables):
    """A learned twin's plural and genitives are its demotic lemma's (γένεση): listed whether
    the twin exists or not, they must not confirm it; only γένεσις and γένεσιν speak for it."""
    from scripts.pipeline import classify_by_evidence as cbe
    from fst.learn import in_dev_half
    (ev,) = [e for e in cbe.candidates("γένεσις", ("NOUN",), tables, set()) if e.code == "O54"]
    demotic = {f for f, _, _ in generate("γένεση", tables["O31"])}
    demotic |= {"γενέσεις", "γενέσεων", "γενέσεως"}
    own = {cbe.to_tile(f) for f in ev.forms} - {cbe.to_tile(f) for f in demotic}
    assert own == {"ΓΕΝΕΣΙΣ", "ΓΕΝΕΣΙΝ"}
    held = {t for t in own if in_dev_half(t)}
    monkeypatch.setattr(cbe, "_G", {"explained": demotic, "official": frozenset()})
    monkeypatch.delenv("DEKTES_PES_FOLD", raising=False)
    assert cbe.official_forms(ev) == (len(held), 0)
    monkeypatch.setattr(cbe, "_G", {"explained": demotic, "official": frozenset(own)})
    assert cbe.official_forms(ev) == (len(held), len(held))


def test_a_learned_twin_needs_the_official_lists_word(monkeypatch, tables):
    """O54/O55 lemmas are accepted only where the dev half holds their own forms: hunspell
    lists a learned twin of nearly every -ση noun, the list about half of them."""
    from scripts.pipeline import classify_by_evidence as cbe
    from fst.learn import in_dev_half
    monkeypatch.delenv("DEKTES_PES_FOLD", raising=False)
    (ev,) = [e for e in cbe.candidates("γένεσις", ("NOUN",), tables, set()) if e.code == "O54"]
    own = {cbe.to_tile(f) for f in ev.forms if f in ("γένεσις", "γένεσιν")}
    monkeypatch.setattr(cbe, "_G", {"explained": set(ev.forms) - {"γένεσις", "γένεσιν"},
                                    "official": frozenset(own)})
    assert cbe.confirm("O54", "accepted", [ev]) == ("O54", "accepted")
    monkeypatch.setattr(cbe, "_G", {"explained": set(ev.forms), "official": frozenset(own)})
    assert cbe.confirm("O54", "accepted", [ev]) == (None, cbe.NOT_CONFIRMED)  # nothing to check
    monkeypatch.setattr(cbe, "_G", {})
    assert cbe.confirm("O54", "accepted", [ev]) == (None, cbe.NOT_CONFIRMED)  # no list at all
    assert all(in_dev_half(t) for t in own)
