"""The rule layers (grammars/rules): the layer list drives the compiler, the profiles, the
explanations and the README; a new layer is one module and one entry in the list; every layer
has its own test file, tests/test_layer_MODULE.py (its FST against its Python reference, its
rows of rule_cases.tsv, its own cases)."""
from __future__ import annotations

import re

import pynini
import pytest

from conftest import REPO_ROOT
from grammars import profiles, rules
from grammars.rules import Layer, b3_xana
from lexicon import LexEntry, Lexicon


def test_every_rule_module_exports_one_layer():
    modules = sorted(p.stem for p in (REPO_ROOT / "grammars" / "rules").glob("*.py")
                     if p.stem != "__init__")
    layers = {m: getattr(__import__(f"grammars.rules.{m}", fromlist=["LAYER"]), "LAYER")
              for m in modules}
    assert all(isinstance(x, Layer) for x in layers.values())
    assert sorted(id(x) for x in layers.values()) == sorted(id(x) for x in rules.LAYERS)
    for m, x in layers.items():  # the module's name starts with its rule id (aw_present: §D4)
        assert m.startswith(x.rule_id.lower() + "_") or m == "aw_present", m


def _layer_test_file(module: str):
    """(test functions, names the file imports, rule ids whose rule_cases rows it runs) of
    tests/test_layer_MODULE.py."""
    import ast
    tree = ast.parse((REPO_ROOT / "tests" / f"test_layer_{module}.py").read_text("utf-8"))
    tests = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")]
    imported = {}  # local name → module path
    for n in tree.body:
        if isinstance(n, ast.ImportFrom):
            imported.update({a.asname or a.name: f"{n.module}.{a.name}" for a in n.names})
        elif isinstance(n, ast.Import):
            imported.update({a.asname or a.name: a.name for a in n.names})
    run = {a.value for n in ast.walk(tree) if isinstance(n, ast.Call)
           and isinstance(n.func, ast.Attribute) and n.func.attr == "params"
           for a in n.args if isinstance(a, ast.Constant)}
    used = {n.id for t in tests for n in ast.walk(t) if isinstance(n, ast.Name)}
    return tests, {imported[u] for u in used if u in imported}, run


def test_every_layer_has_its_own_test_file():
    """Each rule module grammars/rules/M.py has tests/test_layer_M.py, whose tests use the
    module, and a layer's rows of tests/fixtures/rule_cases.tsv (the regulation's examples) are
    run by its own file (``rule_cases.params(RULE_ID)``), so tests/test_rules.py, which runs the
    rows of every other rule, loses none."""
    import rule_cases
    modules = sorted(p.stem for p in (REPO_ROOT / "grammars" / "rules").glob("*.py")
                     if p.stem != "__init__")
    rule_of = {m: __import__(f"grammars.rules.{m}", fromlist=["LAYER"]).LAYER.rule_id
               for m in modules}
    with_rows = {r["rule_id"] for r in rule_cases.ROWS}
    run_by: dict[str, set[str]] = {}
    for m in modules:
        assert (REPO_ROOT / "tests" / f"test_layer_{m}.py").is_file(), \
            f"grammars/rules/{m}.py has no test file tests/test_layer_{m}.py"
        tests, uses, run = _layer_test_file(m)
        assert tests, f"tests/test_layer_{m}.py has no test"
        module = f"grammars.rules.{m}"
        assert any(u == module or u.startswith(module + ".") for u in uses) \
            or rule_of[m] in run, \
            f"tests/test_layer_{m}.py: no test uses grammars.rules.{m} or its rows"
        assert run <= {rule_of[m]}, f"tests/test_layer_{m}.py runs the rows of {run - {rule_of[m]}}"
        for rid in run:
            run_by.setdefault(rid, set()).add(m)
    for rid in sorted(set(rule_of.values()) & with_rows):
        assert len(run_by.get(rid, ())) == 1, \
            f"§{rid}'s rule_cases rows: run by {sorted(run_by.get(rid, ()))}, not one layer file"
    assert rule_cases.layer_rule_ids() == set(rule_of.values())


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
    from fst.build.compile import build

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
    assert tuple(profiles.PROFILES) == profiles.NAMES
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
