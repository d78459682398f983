"""scripts/pipeline/classify_by_evidence.py: what the official list's dev half must show before a
spaCy lemma is taken (the module docstring, "Official list"), and the forms pass 2 counts as
generated. Synthetic evidence: no file of ../shared is read."""
from __future__ import annotations

import collections

import pytest

from grammars.paradigm import generate, load_tables
from scripts.pipeline import classify_by_evidence as cbe


def _setup(monkeypatch, lemma, code, official):
    """_G as the worker pool sets it, with hunspell attesting every form of ``lemma`` under
    ``code`` and those forms explained or not (``official``: the dev words)."""
    forms = {f for f, _c, _w in generate(lemma, load_tables()[code])}
    cbe._init(forms, collections.Counter({code: 100}), {"explained": frozenset(),
                                                         "official": frozenset(official)})
    monkeypatch.delenv("DEKTES_PES_FOLD", raising=False)
    return forms


@pytest.fixture(autouse=True)
def _restore(monkeypatch):
    monkeypatch.setattr(cbe, "_G", {})


def _own_tiles(forms):
    from fst.learn import dev_could_hold
    could = dev_could_hold(None)
    return {t for t in map(cbe.to_tile, forms) if could(t)}


def test_the_dev_half_confirms_a_spacy_verb_by_its_own_forms(monkeypatch):
    """A class hunspell chose stands if the dev half holds its forms, falls if it could show
    them and holds none (CONFIRM_RATIO), and stands on hunspell alone where every form is
    another lemma's (nothing to check: measured by the fold protocol at 0.67 for verbs, kept,
    as dropping them lost εγκαταλείπω and every long verb with no 2–8 letter form)."""
    forms = _setup(monkeypatch, "ξεγράφω", "P4", official=())
    own = _own_tiles(forms)
    assert own
    cbe._G["official"] = frozenset({"ΑΛΛΟ"})
    assert cbe._judge_spacy(("ξεγράφω", "VERB"))[2:4] == (None, cbe.NOT_CONFIRMED)
    cbe._G["official"] = frozenset(own)
    assert cbe._judge_spacy(("ξεγράφω", "VERB"))[2] == "P4"
    cbe._G["official"] = frozenset({"ΑΛΛΟ"})
    cbe._G["explained"] = frozenset(forms)
    cbe._G.pop("explained_tiles", None)
    assert cbe._judge_spacy(("ξεγράφω", "VERB"))[2] == "P4"


def test_a_spacy_noun_with_nothing_to_check_stands_on_hunspell(monkeypatch):
    forms = _setup(monkeypatch, "ξεγραφή", "O29", official=())
    cbe._G["explained"] = frozenset(forms)
    _lemma, _pos, code, reason, _ranked = cbe._judge_spacy(("ξεγραφή", "NOUN"))
    assert code is not None, reason


def test_pass_two_counts_the_parts_and_compound_forms_as_generated():
    """περιμένω's row in verb-parts.tsv, and a compound record's forms: no hunspell form of
    theirs is left for the guesser to make a lemma of (περιμείνω, προσμείνω)."""
    made = cbe.parts_and_compound_forms()
    assert {"περίμενα", "περιμένω"} <= made          # verb-parts.tsv (ΛΚΝ)
    assert {"προσέμεινα", "προσέμειναν"} <= made    # compounds.tsv: προσμένω, base μένω
