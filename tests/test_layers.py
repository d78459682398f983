"""The rule layers (grammars/rules): each layer's FST agrees with its Python reference on a
small generator; the layer list drives the compiler, the profiles, the explanations and the
README; a new layer is one module and one entry in the list."""
from __future__ import annotations

import re

import pynini
import pytest

from conftest import REPO_ROOT
from fst.anatable import decode, fst_paths
from fst.tags import TagTable
from grammars.alphabet import analysis_sigma
from grammars import profiles, rules
from grammars.rules import (Context, Layer, a4_rulings, b3_xana, d3_learned_aorist, d7_ome,
                            d8_imperative, d10_omouna, e2_hidden_words, e4_spellings)
from lexicon import LexEntry, Lexicon


def _gen(tags, rows):
    """Generator (analysis → surface) of ``rows`` ``(lemma, class, cell, surface)``."""
    items = [(pynini.escape(lm + tags.char("class", c) + tags.char("cell", cell)), s)
             for lm, c, cell, s in rows]
    g = pynini.string_map(items).optimize()
    g.arcsort("ilabel")
    return g


def _paths(f, tags):
    """{((lemma, class, cell, rule ids), surface)} of an acyclic FST."""
    return {(decode(i, tags.by_char), o) for i, o, _ in fst_paths(f)}


def _ctx(tags, **lexicon):
    return Context(Lexicon(**lexicon), {}, tags)


VERBS = [("γράφω", "P4", "V;IND;PRS;IPFV;1;PL;ACT", "γράφουμε"),
         ("γράφω", "P4", "V;SBJV;PFV;1;PL;ACT", "γράψουμε"),
         ("γράφω", "P4", "V;IND;PRS;IPFV;3;PL;ACT", "γράφουν"),
         ("γράφω", "P4", "V;IND;PST;PFV;1;SG;ACT", "έγραψα"),
         ("αγαπώ", "P10.1", "V;IND;PRS;IPFV;1;PL;ACT", "αγαπούμε"),
         ("αρχίζω", "P2.1", "V;IND;PRS;IPFV;1;SG;ACT", "αρχίζω"),
         ("αίρω", "P1", "V;IND;PRS;IPFV;1;SG;ACT", "αίρω"),
         ("άρω", "P1", "V;IND;PRS;IPFV;1;SG;ACT", "άρω"),
         ("πρωτοβγαίνω", "P1", "V;IND;PRS;IPFV;1;SG;ACT", "πρωτοβγαίνω"),
         ("επανδρώνω", "P1", "V;IND;PRS;IPFV;1;SG;ACT", "επανδρώνω"),
         ("επανεκλέγω", "P1", "V;IND;PRS;IPFV;1;SG;ACT", "επανεκλέγω"),
         ("άνθρωπος", "O19", "N;NOM;SG", "άνθρωπος")]


def _base(tags, rows):
    return {((lm, c, cell, ()), s) for lm, c, cell, s in rows}


def test_d7_fst_agrees_with_its_reference():
    with pynini.default_token_type("utf8"):
        tags = TagTable()
        got = _paths(d7_ome.fst(_gen(tags, VERBS), _ctx(tags)), tags)
    want = _base(tags, VERBS) | {
        ((lm, c, cell, ("D7",)), d7_ome.twin(s)) for lm, c, cell, s in VERBS
        if d7_ome.applies(cell) and d7_ome.twin(s)}
    assert got == want
    assert ((("γράφω", "P4", "V;IND;PRS;IPFV;1;PL;ACT", ("D7",)), "γράφομε")) in got
    assert not any(s == "αγαπόμε" for _, s in got)


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


def test_d3_conjugates_the_listed_learned_aorist():
    # the learned stem is a part of its own: conjugated from the listed 1st singular, not
    # read off the class's demotic forms (P4b makes *επισκέπφτηκα, P3b δέχτηκα)
    from grammars.paradigm import load_tables
    lemmas = (LexEntry("δέχομαι", "VERB", "P3b", "t"), LexEntry("επισκέπτομαι", "VERB", "P4b", "t"),
              LexEntry("γράφω", "VERB", "P4", "t"), LexEntry("φωνάζω", "VERB", "P2.2a", "t"))
    tags = TagTable()
    ctx = Context(Lexicon(lemmas=lemmas, learned_aorists={
        "δέχομαι": "δέχθηκα", "επισκέπτομαι": "επισκέφθηκα", "φωνάζω": "φωνάχθηκα"}),
        load_tables(), tags)
    got = {(decode(a, tags.by_char), f) for a, f, _w in d3_learned_aorist.strings(ctx)}
    forms = {f for _, f in got}
    assert {"δέχθηκα", "δεχθήκαμε", "δεχθούν", "δεχθούνε", "δεχθεί", "δεχθήκανε",
            "επισκέφθηκα", "επισκεφθεί"} <= forms
    assert all(a[3] == ("D3",) and d3_learned_aorist.applies(a[2]) for a, _ in got)
    assert not {f for a, f in got if a[0] in ("γράφω", "φωνάζω")}  # unlisted; active-only
    with pytest.raises(ValueError, match="δέχτηκα"):
        d3_learned_aorist.forms("δέχτηκα")


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


def test_e2_hidden_words_leave_out_what_b9_bars():
    with pynini.default_token_type("utf8"):
        tags = TagTable()
        got = _paths(e2_hidden_words.fst(None, _ctx(
            tags, hidden_words=("πλυσίμου", "ιντερνετ"))), tags)
    assert got == {(("ιντερνετ", e2_hidden_words.HIDDEN_CLASS, e2_hidden_words.HIDDEN_CELL,
                     ("E2",)), "ιντερνετ")}


def test_a4_fst_agrees_with_its_reference():
    rulings = {"ΕΖ": (True, "r1"), "ΓΔ": (False, "r2")}
    with pynini.default_token_type("utf8"):
        tiles = pynini.string_map(["ΑΒ", "ΓΔ"]).optimize()
        got = {o for _, o, _ in fst_paths(a4_rulings.fst(tiles, _ctx(None, rulings=rulings)))}
    words = {"ΑΒ", "ΓΔ", "ΕΖ"}
    want = {w for w in words if a4_rulings.verdict(w, rulings) is not False
            and (w in ("ΑΒ", "ΓΔ") or a4_rulings.verdict(w, rulings))}
    assert got == want == {"ΑΒ", "ΕΖ"}


def test_d8_and_d10_read_their_rows():
    from grammars.paradigm import load_tables
    tables = load_tables()
    assert d8_imperative.rules(tables["P2.1"])
    assert d8_imperative.imperatives("δροσίζω", tables["P2.1"]) == ["δροσίζου"]
    assert len(d10_omouna.rows()) >= 4
    assert d10_omouna.forms("γράφω", tables["P4"]) == ["γραφόμουνα", "γραφόσουνα"]


def test_every_rule_module_exports_one_layer():
    modules = sorted(p.stem for p in (REPO_ROOT / "grammars" / "rules").glob("*.py")
                     if p.stem != "__init__")
    layers = {m: getattr(__import__(f"grammars.rules.{m}", fromlist=["LAYER"]), "LAYER")
              for m in modules}
    assert all(isinstance(x, Layer) for x in layers.values())
    assert sorted(id(x) for x in layers.values()) == sorted(id(x) for x in rules.LAYERS)
    for m, x in layers.items():  # the module's name starts with its rule id (aw_present: §D4)
        assert m.startswith(x.rule_id.lower() + "_") or m == "aw_present", m


def test_profiles_and_explanations_derive_from_the_layer_list():
    from fst import api
    assert profiles.LAYERS == rules.licensing() == (
        "B3", "B6", "B7", "D1", "D2", "D3", "D4", "D7", "E2", "E4", "L23")
    # §B6 explains a refused comparative (issue 20), after the rules that bar forms
    assert [x.rule_id for x in api.BLOCKING_RULES] == ["D1", "B3", "D2", "E5", "B9", "C1",
                                                       "C2", "B6", "L23"]


def test_readme_lists_the_layers():
    """The README's list of switchable layers is the layer list's, and it names every rule
    module."""
    text = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"switch\s+single layers off \(([^)]*)\)", text)
    assert m, "README: the list of layers that --without can switch off"
    assert tuple(x.lstrip("§") for x in m.group(1).split()) == rules.licensing()
    for p in (REPO_ROOT / "grammars" / "rules").glob("*.py"):
        if p.stem != "__init__":
            assert f"{p.stem}.py" in text, p.name


def test_a_new_layer_is_one_module_and_one_list_entry(monkeypatch):
    """A trivial switchable layer (a made-up rule Z9 adding the word ζζζ) needs its module —
    here the Layer value — and its entry in ``grammars.rules.LAYERS``; the compiler, the
    profiles and the explanations pick it up from there. Files a real rule touches:
    ``grammars/rules/z9_*.py``, ``grammars/rules/__init__.py``, the README's layer list (checked
    by test_readme_lists_the_layers) and its tests."""
    from fst.api import Judge
    from fst.compile import build

    def z9(gen, ctx):
        sym = ctx.tags.char("class", "Z") + ctx.tags.char("cell", "X") + ctx.rule("Z9")
        return pynini.string_map([(pynini.escape("ζζζ" + sym), "ζζζ", "5")])

    layer = Layer("Z9", "forms", True, build=z9, explain=lambda tile, analyse: (
        "§Z9: made up" if tile == "ΖΖΖΖ" else None))
    monkeypatch.setattr(rules, "LAYERS", rules.LAYERS + (layer,))
    judge = Judge(*build(Lexicon(lemmas=(LexEntry("γράφω", "VERB", "P4", "t"),)),
                         progress=False), rulings={})
    assert judge.check("ΖΖΖ").rules == ("Z9",)
    assert "Z9" in profiles.disabled(without=["Z9"])
    off = Judge(judge.analyser, judge.tiles, judge.t2s, judge.tags, rulings={},
                disabled_rules=profiles.disabled(without=["Z9"]))
    assert not off.check("ΖΖΖ").valid and off.check("ΕΓΡΑΨΑ").valid
    from fst import api
    monkeypatch.setattr(api, "BLOCKING_RULES", rules.explainers())
    assert judge.check("ΖΖΖΖ").reason == "§Z9: made up"


def test_a_profile_is_layers_plus_lexicon_sources():
    import lexicon
    assert set(profiles.SOURCES) == set(profiles.PROFILES)
    off = profiles.sources_off("no-hidden-words")
    lex = lexicon.load(without=off)
    assert lex.hidden_words == () and lexicon.load().hidden_words
    assert not any(p.name in off for p in lex.files)
    assert len(lex.lemmas) == len(lexicon.load().lemmas)


def test_b3_elides_only_alpha_or_an_attested_compound():
    # §B3: α- verbs elide (ξανάρχισα beside ξαναάρχισα), άρω/αι- verbs never; other vowels only
    # in a compound a source attests (ξανάρχομαι, ξανάρθε: ELIDING), so not γράφω or έχω
    assert "ξανάρχισα" in b3_xana.prefixed("αρχίζω", "V;IND;PST;PFV;1;SG;ACT", "άρχισα")
    assert b3_xana.prefixed("αίρω", "V;IND;PRS;IPFV;1;SG;ACT", "αίρω") == {"ξαναα" + "ίρω"}
    made = {f for _c, f, _r in b3_xana.listed_compounds(
        "έρχομαι", [("V;IND;PST;PFV;3;SG;ACT", "ήρθε"), ("V;IND;PRS;IPFV;1;SG;PASS", "έρχομαι"),
                    ("V;IND;PRS;IPFV;1;PL;PASS", "ερχόμαστε"), ("V;IMP;PFV;2;SG;ACT", "έλα")])}
    assert {"ξανάρθε", "ξανάρχομαι", "ξαναρχόμαστε"} <= made
    assert not {f for f in made if f.startswith("ξανάλ")}
    assert not [f for _c, f, _r in b3_xana.listed_compounds(
        "έχω", [("V;IND;PST;IPFV;1;SG;ACT", "είχα")]) if f.startswith("ξανάχ")]


@pytest.mark.parametrize("word, valid", [
    ("ΞΑΝΑΡΧΙΖΩ", True), ("ΞΑΝΑΑΡΧΙΖΩ", True), ("ΞΑΝΑΑΡΩ", True), ("ΞΑΝΑΡΩ", False),
    ("ΞΑΝΑΡΘΕ", True), ("ΞΑΝΑΡΧΟΜΑΙ", True), ("ΞΑΝΑΡΘΑΜΕ", True), ("ΞΑΝΑΗΡΘΕ", True)])
def test_b3_elision_in_the_judge(judge, word, valid):
    assert judge.check(word).valid == valid
