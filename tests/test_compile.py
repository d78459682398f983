"""The compiled FSTs against the reference generator, the cache and the tag table."""
import random
from pathlib import Path

from fst import cache as fc
from lexicon import read_lexicon
from fst.api import Judge
from fst.normalize import to_tile
from grammars.paradigm import generate, load_tables
from grammars.rules import e5_diminutives


def test_fst_generates_what_the_class_tables_say(judge):
    """Every form the Python reference generator gives for a sample of lemmas is a surface
    form of the compiled analyser, with the same lemma and cell (less the cells §E5 bars)."""
    tables = load_tables()
    # flagged rows lose cells to their layers (no_aw, present_only), tested with those layers
    entries = [e for e in read_lexicon() if e.inflection_class in tables and not e.flags]
    bases = e5_diminutives.base_index(e.lemma for e in entries)
    rng = random.Random(7)
    for e in rng.sample(entries, 60):
        bar = e5_diminutives.barred(e.lemma, bases) if e.inflection_class[0] == "O" else None
        for form, cell, _ in generate(e.lemma, tables[e.inflection_class]):
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


def test_cache_key_changes_with_the_grammar(tmp_path, monkeypatch):
    key = fc.cache_key()
    extra = fc.GRAMMARS_DIR / "classes" / "ZZ_test_only.tsv"
    extra.write_text("# class: ZZ\n", encoding="utf-8")
    try:
        assert fc.cache_key() != key
    finally:
        extra.unlink()
    assert fc.cache_key() == key


def test_tile_form_of_every_surface_is_accepted(judge):
    for word in ["ανθρώπου", "θαλασσών", "σπιτιού", "έγραψα", "γράψαμε"]:
        assert judge.accepts(to_tile(word))


def test_cache_key_covers_exactly_the_code_the_build_imports():
    """The key's source files are the modules a fresh ``import fst.compile`` loads from the
    repository (the build imports nothing else): no file it reads is missed, none it does not
    read rebuilds the cache."""
    import subprocess
    import sys

    from conftest import REPO_ROOT
    out = subprocess.run(
        [sys.executable, "-c", "import sys, fst.compile, fst.cache\n"
         "print('\\n'.join(sorted(m.__file__ for m in list(sys.modules.values())\n"
         "      if (getattr(m, '__file__', None) or '').startswith(sys.argv[1])\n"
         "      and 'site-packages' not in m.__file__)))",  # a venv inside the repository
         str(REPO_ROOT)], capture_output=True, text=True, check=True, cwd=REPO_ROOT).stdout
    imported = set(out.split())
    assert imported == {str(p) for p in fc.code_files()}


def test_cache_key_covers_exactly_the_data_the_build_reads(monkeypatch):
    """Every data file opened while the lexicon and the grammar tables are read is in the key,
    and every lexicon file in the key is one of them."""
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
    conjugation.parts_index()  # lexicon/verb-parts.tsv, read by fst/verb_parts.py
    monkeypatch.undo()
    keyed = set(fc.input_files())
    assert opened <= keyed
    assert {p for p in keyed if p.suffix == ".tsv"} == opened
