"""The layout's rules (issue 19), read off the source by scripts/measure/measure_architecture.py.

* ``grammars.alphabet`` ← ``lexicon`` ← the rest of ``grammars``: no module of grammars/ or
  lexicon/ imports one of a higher layer, and none of them forms an import cycle;
* grammars/ never imports fst/; lexicon/ imports ``grammars.alphabet`` and nothing else of
  grammars/;
* no first-party import inside a function in grammars/ or lexicon/ (optional third-party
  packages, pynini, may be imported there);
* no string constant with a Greek letter in fst/ outside docstrings and help texts.

fst/'s own cycles and upward imports are not asserted here yet (fst/ is being reorganised).
Each detector is first shown to fire on a planted file, so that a pass means something.
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from scripts.measure import measure_architecture as ma

ROOT = Path(__file__).resolve().parent.parent


KNOWN = ma.modules()
LOWER = {n: p for n, p in KNOWN.items() if n.split(".")[0] in ("grammars", "lexicon")}


def _edges(names) -> list[tuple[str, str, bool]]:
    """(importer, imported, inside a function?) for every first-party import of ``names``."""
    return [(n, t, inner) for n in sorted(names) for t, inner in ma.imports(n, KNOWN[n], KNOWN)]


EDGES = _edges(LOWER)


# -- the detectors fire ---------------------------------------------------------------------

def test_detectors_find_planted_violations(tmp_path):
    pkg = tmp_path / "grammars"
    pkg.mkdir()
    src = pkg / "planted.py"
    src.write_text('"""Doc with a Greek word: λέξη."""\nimport lexicon\n\n\ndef f():\n'
                   '    from fst import api\n    return "λέξη", api\n', encoding="utf-8")
    known = dict(KNOWN, **{"grammars.planted": src})
    found = ma.imports("grammars.planted", src, known)
    assert ("lexicon", False) in found and ("fst.api", True) in found
    assert [text for _, text in ma.greek_constants(src)] == ["λέξη"]  # the docstring is exempt
    assert ma.cycles({"a": {"b"}, "b": {"a"}, "c": set()}) == [["a", "b"]]
    assert ma.layer("grammars.alphabet") < ma.layer("lexicon") < ma.layer("grammars.rules") \
        < ma.layer("fst.build.compile")


def test_the_packages_are_read():
    assert "grammars.alphabet" in LOWER and "lexicon" in LOWER and "grammars.rules.d1_augment" \
        in LOWER and any(n.startswith("fst.") for n in KNOWN)
    assert EDGES


# -- grammars/ and lexicon/ -----------------------------------------------------------------

def test_no_import_cycle_among_grammars_and_lexicon():
    graph: dict[str, set[str]] = defaultdict(set)
    for a, b, _ in EDGES:
        graph[a]
        if b in LOWER:
            graph[a].add(b)
    for n in LOWER:
        graph[n]
    assert ma.cycles(graph) == []


def test_no_upward_import_in_grammars_and_lexicon():
    upward = sorted({(a, b) for a, b, _ in EDGES if ma.layer(b) > ma.layer(a)})
    assert upward == []


def test_grammars_never_imports_fst():
    assert sorted({(a, b) for a, b, _ in EDGES
                   if a.startswith("grammars") and b.split(".")[0] == "fst"}) == []


def test_lexicon_imports_only_the_alphabet_of_grammars():
    assert sorted({(a, b) for a, b, _ in EDGES if a.split(".")[0] == "lexicon"
                   and b.split(".")[0] != "lexicon" and b != "grammars.alphabet"}) == []


def test_alphabet_is_a_leaf():
    assert [b for a, b, _ in EDGES if a == "grammars.alphabet"] == []


def test_no_first_party_import_inside_a_function():
    """Bar the few of :data:`OPTIONAL_IMPORTS`, each listed with its reason."""
    assert sorted({(a, b) for a, b, inner in EDGES
                   if inner and (a, b) not in OPTIONAL_IMPORTS}) == []


# -- fst/ -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(n for n in KNOWN if n.split(".")[0] == "fst"))
def test_no_greek_string_constant_in_fst(name):
    found = ma.greek_constants(KNOWN[name])
    assert found == [], f"{KNOWN[name].relative_to(ROOT)}: Greek string constants {found[:5]} " \
                        "(put them in grammars/)"


# -- the whole tree: grammars.alphabet ← lexicon ← grammars ← fst machinery ← api ← app ------

ALL_EDGES = _edges(KNOWN)
#: first-party imports inside a function that the layout allows: each loads a module that needs
#: an optional third-party package (dask; fastapi and uvicorn), so that the command runs without it,
#: or is needed only to build, so that a warm start does not import it (fst.store → the compiler:
#: pynini and every grammar module, 17 ms and more before a look-up)
OPTIONAL_IMPORTS = {("fst.app.cli.validate_corpus", "fst.app.distributed"),
                    # validate of one plain stream: no corpus machinery (~5 ms a start)
                    ("fst.app.cli.validate", "fst.app.cli.validate_corpus"),
                    ("fst.app.web.server", "fst.app.web.app"),
                    ("fst.app.web.server", "fst.app.web.h11_protocol"),
                    ("fst.store", "fst.build.compile"), ("fst.store", "fst.build.buildctl"),
                    ("fst.store", "fst.build.phases"),
                    # fst.api: what check/validate never use (search, notebook HTML, the profile
                    # acceptors' builder, the rule digest, the word-list filter): ~40 ms a start
                    ("fst.api", "fst.runtime.search"), ("fst.api", "fst.notebook"),
                    ("fst.api", "fst.build.profiles"), ("fst.api", "fst.rules"),
                    ("fst.api", "fst.build.subset"), ("fst.runtime.overlay", "fst.runtime.search"),
                    # numpy's modules (~0.1 s): a check of one word walks the memory-mapped
                    # arrays in pure Python (fst.runtime.lookup); batches and builds load them
                    ("fst.api", "fst.runtime.dfa"), ("fst.api", "fst.runtime.kernel"),
                    ("fst.api", "fst.runtime.anatable"), ("fst.store", "fst.runtime.dfa"),
                    ("fst.store", "fst.runtime.anatable"),
                    # every rule module (~70 ms), for --without, the dictionary profile and
                    # explain only: the board profile's check and validate never need them
                    ("grammars.profiles", "grammars.rules"), ("fst.api", "grammars.rules")}


def test_no_import_cycle_anywhere():
    graph: dict[str, set[str]] = {n: set() for n in KNOWN}
    for a, b, _ in ALL_EDGES:
        graph[a].add(b)
    assert ma.cycles(graph) == []


def test_no_upward_import_anywhere():
    upward = sorted({(a, b) for a, b, _ in ALL_EDGES if ma.layer(b) > ma.layer(a)})
    assert upward == []


def test_nothing_below_the_applications_imports_them():
    assert sorted({(a, b) for a, b, _ in ALL_EDGES if ma.layer(a) < 5 and ma.layer(b) == 5}) == []


def test_imports_inside_functions_only_for_optional_packages():
    inner = {(a, b) for a, b, inside in ALL_EDGES if inside}
    assert inner <= OPTIONAL_IMPORTS, sorted(inner - OPTIONAL_IMPORTS)
