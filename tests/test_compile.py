"""The compiled FSTs against the reference generator, the cache and the tag table."""
import random
from pathlib import Path

from fst import store as fc
from lexicon import read_lexicon
from fst.api import Judge
from grammars.normalize import to_tile
from grammars.paradigm import generate, load_tables
from grammars.rules import e5_diminutives
from grammars.verb_parts import compound_lemmas_of_parts_bases
from grammars.conjugation import overridden, parts_index


def test_fst_generates_what_the_class_tables_say(judge):
    """Every form the Python reference generator gives for a sample of lemmas is a surface
    form of the compiled analyser, with the same lemma and cell (less the cells §E5 bars)."""
    tables = load_tables()
    # flagged rows lose cells to their layers (no_aw, present_only), tested with those layers
    # a compound of a parts base is compiled from its base (grammars/compounds.py), not its row
    compounds = compound_lemmas_of_parts_bases()
    idx = parts_index()
    entries = [e for e in read_lexicon() if e.inflection_class in tables and not e.flags
               and e.lemma not in compounds]
    bases = e5_diminutives.base_index(e.lemma for e in entries)
    rng = random.Random(7)
    for e in rng.sample(entries, 60):
        bar = e5_diminutives.barred(e.lemma, bases) if e.inflection_class[0] == "O" else None
        parts = idx.get(e.lemma)
        for form, cell, _ in generate(e.lemma, tables[e.inflection_class]):
            if parts is not None and parts.inflection_class == e.inflection_class \
                    and overridden(parts, cell):
                continue  # the verb's parts row (lexicon/verb-parts.tsv) replaces the cell
            if len(form) <= 3:
                continue  # §L23: a word of 2–3 letters is valid only if listed (words-2-3.tsv)
            if bar and bar(cell):
                assert not any(a.lemma == e.lemma and a.tags == cell
                               for a in judge.analyse(form)), (e, form, cell)
                continue
            analyses = judge.analyse(form)
            assert any(a.lemma == e.lemma and a.tags == cell and a.surface == form
                       for a in analyses), (e, form, cell)


def test_fresh_process_decodes_with_the_tag_table(judge):
    # load_or_build in this process reads the same files a fresh process would
    analyser, tiles, t2s, tags = fc.load_or_build(progress=False)
    fresh = Judge(analyser, tiles, t2s, tags)
    got = {(a.lemma, a.inflection_class, a.tags) for a in fresh.analyse("ΑΝΘΡΩΠΟΥ")}
    assert ("άνθρωπος", "O19", "N;GEN;SG") in got


def test_cache_key_changes_with_any_file_of_the_keyed_folders():
    """The key follows folders: a new file anywhere in grammars/, lexicon/ or fst/'s build
    code, of any kind, changes it; a new application module does not."""
    key = fc.cache_key()
    for folder, name, changes in [(fc.GRAMMARS_DIR / "classes", "ZZ_test_only.tsv", True),
                                  (fc.GRAMMARS_DIR, "zz_test_only.py", True),
                                  (fc.GRAMMARS_DIR / "rules", "zz_test_only.txt", True),
                                  (Path(fc.lexicon.LEXICON_DIR), "zz-test-only.tsv", True),
                                  (fc.FST_DIR, "zz_test_only.py", True),
                                  (fc.FST_DIR / "app" / "web", "zz_test_only.py", False)]:
        extra = folder / name
        extra.write_text("# test only\n", encoding="utf-8")
        try:
            assert (fc.cache_key() != key) == changes, extra
        finally:
            extra.unlink()
        assert fc.cache_key() == key


def test_tile_form_of_every_surface_is_accepted(judge):
    for word in ["ανθρώπου", "θαλασσών", "σπιτιού", "έγραψα", "γράψαμε"]:
        assert judge.accepts(to_tile(word))


def _first_party_imports(module: str) -> set[Path]:
    """The files of every first-party module that ``module`` may import, and their parent
    packages, followed through every import statement of every module reached, at top level
    or inside a function (an import inside a function is still build code when the build
    calls it). The import graph is scripts/measure/measure_architecture.py's."""
    from scripts.measure import measure_architecture as ma

    known = ma.modules()
    seen, todo = set(), [module]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]  # parent packages
        todo += [t for t, _ in ma.imports(name, known[name], known)]
    return {known[n] for n in seen}


def test_cache_key_covers_every_module_the_build_may_import():
    """Every first-party module reachable from the build (fst.build.compile, fst.store), through
    imports at top level or inside functions, is keyed: fst/guess.py (via grammars/defective.py)
    and grammars/profiles.py (via lexicon.source_marks) once were not, and stale artifacts
    were loaded. None of them is one of the applications the key leaves out."""
    root = fc.PKG_ROOT  # the folder the modules under test come from
    reached = _first_party_imports("fst.build.compile") | _first_party_imports("fst.store")
    keyed = {p.resolve() for p in fc.input_files()}
    assert root / "grammars" / "guess.py" in reached  # was fst/guess.py
    assert root / "fst" / "build" / "buildctl.py" in reached  # the closure follows function imports
    assert {p.resolve() for p in reached} <= keyed
    left_out = {p for p in reached if fc.FST_DIR in p.parents and any(
        p.relative_to(fc.FST_DIR).as_posix() == n
        or p.relative_to(fc.FST_DIR).as_posix().startswith(n + "/") for n in fc.NOT_BUILD_CODE)}
    assert not left_out


def test_cache_key_covers_every_file_of_lexicon_and_grammars_and_what_the_build_opens(
        monkeypatch):
    """Every data file opened while the lexicon and the grammar tables are read is in the key,
    and so is every file of lexicon/ and grammars/, whether the build reads it or not."""
    import builtins

    import lexicon
    from grammars import paradigm
    from grammars.rules import d2_internal_augment as d2
    opened = set()
    real_open = builtins.open

    def spy(path, *args, **kwargs):
        opened.add(Path(path).resolve())
        return real_open(path, *args, **kwargs)

    from grammars import conjugation
    monkeypatch.setattr(builtins, "open", spy)
    for cached in (paradigm.load_tables, paradigm.load_variants, d2.prefixes,
                   conjugation.parts_index):
        cached.cache_clear()
    lexicon.load()
    paradigm.load_tables()
    paradigm.load_variants()
    d2.prefixes()
    conjugation.parts_index()  # lexicon/verb-parts.tsv, read by grammars/verb_parts.py
    monkeypatch.undo()
    keyed = set(fc.input_files())
    assert opened <= keyed
    for folder in (Path(lexicon.LEXICON_DIR), fc.GRAMMARS_DIR):
        files = {p.resolve() for p in folder.rglob("*")
                 if p.is_file() and "__pycache__" not in p.parts}
        assert files and files <= keyed, folder


def test_a_row_that_produces_no_form_is_reported_and_the_build_goes_on(capsys):
    """A lemma row whose class has no rule for its ending gives no form: the build names it on
    stderr (once this raised NameError, ``sys`` not being imported) and builds the rest."""
    from fst.build.compile import build
    from lexicon import Lexicon, LexEntry
    lex = Lexicon(lemmas=(LexEntry("γράφω", "VERB", "P4", "t"),
                          LexEntry("ζζζ", "NOUN", "O19", "t")))
    judge = Judge(*build(lex, progress=False), rulings={})
    err = capsys.readouterr().err
    assert "1 lexicon rows produce no form" in err and "ζζζ O19" in err
    assert judge.check("ΕΓΡΑΨΑ").valid and not judge.check("ΖΖΖ").valid
