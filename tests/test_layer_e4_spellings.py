"""§E4 double spellings (RULES.md E4): the spellings file, the stem rule, the compiled layer."""
from __future__ import annotations

import importlib

import pytest

import rule_cases
from fst.api import Judge
from grammars.profiles import LAYERS, PROFILES, disabled
from grammars.rules import e4_spellings as e4
import pynini
from fst.build.tags import TagTable
from grammars.rules import e4_spellings
from layer_fst import _ctx, _gen, _paths
from lexicon import LexEntry


@pytest.mark.parametrize("row", rule_cases.params("E4"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


def _find_spellings():
    return importlib.import_module("scripts.pipeline.find_spellings")


# -- the data file ------------------------------------------------------------------------

def test_spellings_file_format():
    pairs = e4.read_spellings()
    assert pairs, "lexicon/spellings.tsv has no rows"
    for p in pairs:
        assert p.kind in e4.ALTERNATIONS and p.citation
        a, b = e4.ALTERNATIONS[p.kind]
        k = p.position
        assert {p.stem[k:k + 2], p.other[k:k + 2]} == {a, b}
        assert p.stem[:k] == p.other[:k] and p.stem[k + 2:] == p.other[k + 2:]
        assert p.stem == e4.plain(p.stem)          # no stress marks in stems
    reg = {(p.stem, p.other) for p in pairs if p.citation == "regulation §E4"}
    assert {("αυγο", "αβγο"), ("αυγιλ", "αβγιλ"), ("αυγουλ", "αβγουλ"), ("αητο", "αϊτο")} <= reg


def test_spellings_file_is_what_the_script_writes():
    from lexicon import read_lexicon
    fs = _find_spellings()
    pairs, _ = fs.lemma_pairs(read_lexicon())
    rows, _ = fs.stem_rows(pairs)
    assert [e4.StemPair(*r) for r in rows] == e4.read_spellings()


@pytest.mark.parametrize("row", [
    "αυγο\tαβγο\tαυ/αβ\tαυγό/αβγό",                 # no citation
    "αυγο\tαυγο\tαυ/αβ\tαυγό/αβγό\tregulation §E4",  # not an alternation
    "αυγο\tαβγο\tει/ι\tαυγό/αβγό\tregulation §E4",   # unknown kind
])
def test_spellings_file_rejects_bad_rows(tmp_path, row):
    path = tmp_path / "spellings.tsv"
    path.write_text("# comment\n" + row + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="spellings.tsv:2"):
        e4.read_spellings(path)


# -- the stem rule (no build) ----------------------------------------------------------

def test_stems():
    assert e4.stem_at("αυγοσ", 0) == "αυγο"           # thematic/compound ο ends the stem
    assert e4.stem_at("αυγουλι", 0) == "αυγουλ"
    assert e4.stem_at("αυγιλα", 0) == "αυγιλ"
    assert e4.stem_at("αητοσ", 0) == "αητο"
    assert e4.plain("αϊτός") == "αϊτοσ" and e4.plain("αΐτι") == "αϊτι"
    assert not e4.sound_preserving("αυτοσ", 0, "αυ")   # αυ before τ is [af], not αβ


def test_extensions_reach_derived_lemmas_only():
    pairs = e4.read_spellings()
    lemmas = ["αυγό", "αβγό", "αυγουλάκι", "αυγή", "αυγουστιάτικος", "αήττητος", "αητός",
              "αϊτός", "αετός", "ραβδί", "αβγοκόφτης", "σιγοαυγοκόβω"]
    got = {x.lemma: x.other for x in e4.extensions(lemmas, pairs)}
    assert got == {"αυγουλάκι": "αβγουλάκι", "αβγοκόφτης": "αυγοκόφτης",
                   "σιγοαυγοκόβω": "σιγοαβγοκόβω"}


def test_layer_is_switchable():
    assert "E4" in LAYERS and "E4" in PROFILES["dictionary"]
    assert disabled("board", ["§E4"]) == {"E4"}


# -- the compiled layer ----------------------------------------------------------------------

@pytest.mark.parametrize("word", ["ΑΥΓΟ", "ΑΒΓΟ", "ΑΥΓΙΛΑ", "ΑΒΓΙΛΑ", "ΑΥΓΟΥΛΙ", "ΑΒΓΟΥΛΙ",
                                  "ΑΗΤΟΣ", "ΑΙΤΟΣ", "ΑΗΤΟΥ", "ΑΕΤΟΣ"])
def test_regulation_examples(judge, word):
    assert judge.check(word).valid


def test_not_a_double_spelling(judge):
    assert not judge.check("ΡΑΥΔΙ").valid           # ραβδί has no αυ-spelling
    assert not judge.check("ΑΒΓΗ").valid            # αυγή (dawn) is not αυγό
    assert not judge.check("ΑΒΓΟΥΣΤΙΑΤΙΚΟΣ").valid
    assert not judge.check("ΑΙΤΤΗΤΟΣ").valid
    # αετός is a lemma of its own: no §E4 analysis
    assert all("E4" not in a.rules for a in judge.analyse("ΑΕΤΟΣ"))


def test_form_only_through_e4(judge):
    # αυγουλάδικο is a lemma in one spelling only: αβγουλάδικο comes from §E4
    assert "αβγουλάδικο" not in {a.lemma for a in judge.analyse("ΑΒΓΟΥΛΑΔΙΚΟ")}
    v = judge.check("ΑΒΓΟΥΛΑΔΙΚΩΝ")
    assert v.valid and v.rules == ("E4",)
    a = judge.analyse("ΑΒΓΟΥΛΑΔΙΚΩΝ")[0]
    assert (a.lemma, a.surface, a.rules) == ("αυγουλάδικο", "αβγουλάδικων", ("E4",))
    assert a.weight == e4.VARIANT_WEIGHT
    assert judge.check("ΑΥΓΟΥΛΑΔΙΚΩΝ").rules != ("E4",)  # the lemma's own spelling
    for profile, without in (("board", ["E4"]), ("dictionary", [])):
        off = Judge(judge.analyser, judge.tiles, judge.t2s, judge.tags,
                    disabled_rules=disabled(profile, without))
        assert not off.check("ΑΒΓΟΥΛΑΔΙΚΩΝ").valid
        assert off.check("ΑΥΓΟΥΛΑΔΙΚΩΝ").valid
        assert off.check("ΑΒΓΟ").valid                # both spellings are lemmas


def test_e4_forms_take_later_layers():
    # αβγοκόπτω is the lemma; αυγοκόπτουμε is §E4, -ομε on top is §D7. A grammar of that
    # lemma alone: the shipped lexicon no longer has a verb with one spelling only
    import lexicon
    from fst.build.compile import build
    lex = lexicon.Lexicon(lemmas=(LexEntry("αβγοκόπτω", "VERB", "P4a", "test"),),
                          spellings=tuple(e4.read_spellings()),
                          no_comparison=lexicon.load().no_comparison)
    judge = Judge(*build(lex, progress=False), rulings={})
    assert judge.check("ΑΥΓΟΚΟΠΤΟΥΜΕ").rules == ("E4",)
    assert set(judge.check("ΑΥΓΟΚΟΠΤΟΜΕ").rules) == {"E4", "D7"}


def test_explain_shows_e4(capsys):
    from fst.app.cli import main
    assert main(["explain", "ΑΒΓΟΥΛΑΔΙΚΟ"]) == 0
    out = capsys.readouterr().out
    assert "αυγουλάδικο" in out and "§E4" in out.splitlines()[0]
    assert any("§A1 paradigm O41 §E4" in line for line in out.splitlines()[1:])


def test_e4_fst_agrees_with_its_reference():
    pair = e4_spellings.StemPair("αυγουλ", "αβγουλ", "αυ/αβ", "αυγούλι/αβγούλι", "test")
    rows = [("αυγουλάκι", "O44", "N;NOM;SG", "αυγουλάκι"),
            ("αυγουλάκι", "O44", "N;GEN;SG", "αυγουλακιού"),
            ("αυγή", "O31", "N;NOM;SG", "αυγή")]
    lemmas = tuple(LexEntry(lm, "NOUN", c, "t") for lm, c in {(r[0], r[1]) for r in rows})
    (ext,) = e4_spellings.extensions([e.lemma for e in lemmas], [pair])
    with pynini.default_token_type("utf8"):
        tags = TagTable()
        got = _paths(e4_spellings.twins(_gen(tags, rows), _ctx(
            tags, lemmas=lemmas, spellings=(pair,))), tags)
    want = {((lm, c, cell, ("E4",)), t) for lm, c, cell, s in rows if lm == ext.lemma
            for t in e4_spellings.twin_forms(s, ext)}
    assert got == want
    assert {s for _, s in got} == {"αβγουλάκι", "αβγουλακιού"}


def test_gavros_keeps_both_spellings(judge):
    """γαύρος/γάβρος (ΛΚΝ): γάβρος learned from the dev half fell out once §E4's pair made its
    forms, and the pair fell with it (a pipeline cycle); a manual lemma ends it."""
    assert ("γαυρο", "γαβρο") in {(p.stem, p.other) for p in e4.read_spellings()}
    for w in ("ΓΑΒΡΟΣ", "ΓΑΒΡΟΥ", "ΓΑΒΡΩΝ", "ΓΑΥΡΟΣ"):
        assert judge.check(w).valid, w
