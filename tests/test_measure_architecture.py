"""scripts/measure/measure_architecture.py: the layering figures of issue 19."""
from scripts.measure import measure_architecture as ma


def test_cycles_are_strongly_connected_groups():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert ma.cycles(graph) == [["a", "b", "c"]]
    assert ma.cycles({"a": {"b"}, "b": set()}) == []


def test_layers_put_the_alphabet_lowest_and_the_applications_highest():
    assert [ma.layer(m) for m in ("grammars.alphabet", "lexicon", "grammars.paradigm",
                                  "fst.build.compile", "fst.api", "fst.app.cli", "fst.app.web.app")] == [
        0, 1, 2, 3, 4, 5, 5]


def test_imports_inside_functions_and_relative_imports_are_followed(tmp_path, monkeypatch):
    pkg = tmp_path / "fst"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n\ndef f():\n    from fst.c import x\n")
    (pkg / "b.py").write_text("")
    (pkg / "c.py").write_text("x = 'λέξη'\n\ndef g():\n    '''Δοκιμή.'''\n    return 1\n")
    monkeypatch.setattr(ma, "ROOT", tmp_path)
    monkeypatch.setattr(ma, "PACKAGES", ("fst",))
    known = ma.modules()
    assert sorted(ma.imports("fst.a", known["fst.a"], known)) == [("fst.b", False),
                                                                   ("fst.c", True)]
    assert ma.greek_constants(known["fst.c"]) == [(1, "λέξη")]  # the docstring is exempt
