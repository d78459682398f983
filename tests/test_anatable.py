"""The analysis table (fst.runtime.anatable) against composition with the analyser: on small hand-made
analysers, on the build from the small fixture lexicon, and through the Judge and the CLI."""
from __future__ import annotations

import json
import random
import re
import sys

import numpy as np
import pytest

from fst.runtime import anatable as at
from fst import store as fc
from fst.build import compile as fcomp
from fst.build.tags import TagTable
from fst.runtime import dfa as rt

from conftest import FIXTURES

SMALL = FIXTURES / "lemmas-small.tsv"


def tiny(rows, extra_tiles=(), drop_tiles=()):
    """(analyser, tiles, t2s, tag table) from rows (surface, lemma, class, cell, rules, weight);
    ``extra_tiles`` join the acceptor without analyses, ``drop_tiles`` leave it (rulings)."""
    import pynini

    tags = TagTable()
    pairs = []
    for surface, lemma, cls, cell, rules, w in rows:
        ana = lemma + tags.char("class", cls) + tags.char("cell", cell) + "".join(
            tags.char("rule", r) for r in rules)
        pairs.append((pynini.escape(surface), pynini.escape(ana), str(float(w))))
    with pynini.default_token_type("utf8"):
        analyser = pynini.string_map(pairs)  # surface → analysis, duplicates kept
        surfaces = pynini.determinize(pynini.arcmap(pynini.project(analyser, "input").rmepsilon(),
                                                    map_type="rmweight")).minimize()
        t2s = pynini.compose(pynini.invert(fcomp._tile_map()), surfaces).optimize()
        t2s.arcsort("ilabel")
        tiles = pynini.project(t2s, "input").rmepsilon()
        if extra_tiles:
            tiles = pynini.union(tiles, pynini.string_map(sorted(extra_tiles))).rmepsilon()
        tiles = pynini.determinize(tiles).minimize()
        if drop_tiles:
            tiles = pynini.difference(tiles, pynini.string_map(sorted(drop_tiles)).optimize())
            tiles = pynini.determinize(tiles.rmepsilon()).minimize()
        tiles.arcsort("ilabel")
    return analyser, tiles, t2s, tags


ROWS = [
    # surface, lemma, class, cell, rules, weight
    ("άνθρωπος", "άνθρωπος", "O19", "N;NOM;SG", (), 0),
    ("ανθρώπους", "άνθρωπος", "O19", "N;ACC;PL", (), 0),
    ("έγραψα", "γράφω", "P4", "V;PST;1;SG", (), 0),
    ("γράψα", "γράφω", "P4", "V;PST;1;SG", ("D1",), 5),
    # the same analysis twice: one row, the lower weight, every rule named (sorted)
    ("ξανάγραψα", "γράφω", "P4", "V;PST;1;SG", ("D1", "B3"), 10),
    ("ξανάγραψα", "γράφω", "P4", "V;PST;1;SG", ("B3",), 5),
    # two surfaces of one tile word, and ties broken by class
    ("νόμος", "νόμος", "O17", "N;NOM;SG", (), 0),
    ("νομός", "νομός", "O17", "N;NOM;SG", (), 0),
    ("νομός", "νομός", "O18", "N;NOM;SG", (), 0),
    ("ϊδιο", "ίδιος", "E1", "ADJ;NEUT", (), 2),
    ("σας", "εσύ", "PRON", "PRON;GEN;PL", (), 0),
    ("σας", "εσύ", "PRON", "PRON;ACC;PL", (), 1),
    ("α", "α", "X", "INTJ", (), 3),
]


def table_of(analyser, tiles, t2s, tags, **kw):
    dfa = rt.TileDFA(rt.export(tiles))
    data = at.export(analyser, dfa, tags.by_char)
    return at.AnalysisTable(data, dfa), data


def test_tiny_table_equals_composition():
    analyser, tiles, t2s, tags = tiny(ROWS, extra_tiles={"ΩΩ"}, drop_tiles={"ΣΑΣ"})
    table, data = table_of(analyser, tiles, t2s, tags)
    assert data["paths"] == len(ROWS)
    assert at.verify(table, analyser, t2s, tags.by_char, n_paths=data["paths"],
                     extra_words={"ΩΩ"}) == len(ROWS) - 1  # one pair merged
    words = {"".join(at._TILE_OF[c] for c in r[0]) for r in ROWS} | {"ΩΩ", "ΝΟΜ", "Χ", ""}
    for w in sorted(words):
        assert table.lookup(w) == at.analyse_fst(w, analyser, t2s, tags.by_char), w
    got = table.lookup("ΞΑΝΑΓΡΑΨΑ")
    assert [(r.rules, r.weight) for r in got] == [(("B3", "D1"), 5.0)]
    assert [(r.surface, r.inflection_class) for r in table.lookup("ΝΟΜΟΣ")] == [
        ("νομός", "O17"), ("νομός", "O18"), ("νόμος", "O17")]
    assert [r.surface for r in table.lookup("ΙΔΙΟ")] == ["ϊδιο"]
    # a word a ruling took out of the acceptor keeps its analyses (composition has them)
    assert not table.dfa.accepts("ΣΑΣ")
    assert [r.tags for r in table.lookup("ΣΑΣ")] == ["PRON;GEN;PL", "PRON;ACC;PL"]
    assert table.lookup("ΩΩ") == [] and table.lookup("ΑΒ") == []


def test_verify_catches_a_wrong_table():
    analyser, tiles, t2s, tags = tiny(ROWS)
    table, data = table_of(analyser, tiles, t2s, tags)
    bad = dict(data, lemma=np.roll(data["lemma"], 1))
    with pytest.raises(at.ExportError, match="disagree"):
        at.verify(at.AnalysisTable(bad, table.dfa), analyser, t2s, tags.by_char)
    with pytest.raises(at.ExportError, match="paths"):
        at.verify(table, analyser, t2s, tags.by_char, n_paths=data["paths"] + 1)
    analyser2, tiles2, t2s2, tags2 = tiny(ROWS, extra_tiles={"ΩΩ"})
    table2, _ = table_of(analyser2, tiles2, t2s2, tags2)
    with pytest.raises(at.ExportError, match="without an analysis"):
        at.verify(table2, analyser2, t2s2, tags2.by_char)


def test_saved_table_reads_back(tmp_path):
    """The table written by save (lemmas as one string, each form as one string) reads back
    to the same look-ups and lists; a separator inside a field is refused."""
    analyser, tiles, t2s, tags = tiny(ROWS, extra_tiles={"ΩΩ"}, drop_tiles={"ΣΑΣ"})
    table, data = table_of(analyser, tiles, t2s, tags)
    at.save(data, tmp_path)
    back = at.AnalysisTable.load(tmp_path, table.dfa)
    assert back.lemmas == table.lemmas and back.patterns == table.patterns
    assert back.forms == table.forms and back.extra == table.extra
    words = sorted({"".join(at._TILE_OF[c] for c in r[0]) for r in ROWS} | {"ΩΩ", "ΝΟΜ"})
    assert [back.lookup(w) for w in words] == [table.lookup(w) for w in words]
    assert any(f[2] for f in back.forms) and any(not f[2] for f in back.forms)
    for lemma in ("α\nβ", "α β", 'α"', "α\\"):
        bad = dict(data, strings=dict(data["strings"], lemmas=data["strings"]["lemmas"] + [lemma]))
        with pytest.raises(at.ExportError, match="separator"):
            at.save(bad, tmp_path)
    bad = dict(data, strings=dict(data["strings"], forms=data["strings"]["forms"] + [
        ["X", "N|SG", [], 0.0]]))
    with pytest.raises(at.ExportError, match="separator"):
        at.save(bad, tmp_path)
    # the lemmas' string is cut out of the text, and parsed as JSON if it holds an escape
    st = at.load_strings('{"extra":{},"forms":[],"lemmas":"α β","patterns":[""]}')
    assert st["lemmas"] == "α β" and st["patterns"] == [""]
    assert at.load_strings('{"lemmas":"\\u03b1 β"}')["lemmas"] == "α β"


def test_saved_table_one_word_reads_only_its_strings(tmp_path):
    """A table loaded from the cache looks one word up without splitting the lemmas and the
    forms (fst.runtime.lookup.Packed), with the same rows; load_packed falls back to JSON."""
    from fst.runtime import lookup

    analyser, tiles, t2s, tags = tiny(ROWS, extra_tiles={"ΩΩ"}, drop_tiles={"ΣΑΣ"})
    table, data = table_of(analyser, tiles, t2s, tags)
    at.save(data, tmp_path)
    words = sorted({"".join(at._TILE_OF[c] for c in r[0]) for r in ROWS} | {"ΩΩ", "ΝΟΜ"})
    back = at.AnalysisTable.load(tmp_path, table.dfa)
    assert isinstance(back._lemmas, lookup.Packed) and isinstance(back._raw_forms, lookup.Packed)
    assert [back.lookup(w) for w in words] == [table.lookup(w) for w in words]
    assert back._lemmas._list is None and back._raw_forms._list is None  # nothing split
    assert back.lemmas == table.lemmas and back.forms == table.forms
    raw = (tmp_path / "ana_strings.json").read_bytes()
    packed = lookup.load_packed(raw)
    assert packed["lemmas"].strings() == table.lemmas and packed["patterns"] == table.patterns
    assert [lookup.decode_form(f) for f in packed["forms"].strings()] == table.forms
    assert packed["extra"] == json.loads(raw)["extra"]
    # an escape, or another layout: the whole text as JSON
    for text in ('{"extra":{},"forms":["A|N\\u0020|","B||"],"lemmas":"α β","patterns":[""]}',
                 '{"lemmas":"\\u03b1 β","extra":{},"forms":[],"patterns":[]}'):
        st = lookup.load_packed(text.encode())
        assert st == lookup.load_strings(text)
    empty = lookup.load_packed(b'{"extra":{},"forms":[],"lemmas":"","patterns":[""]}')
    assert empty["forms"].strings() == [] and empty["lemmas"].strings() == []
    with pytest.raises(IndexError):
        empty["lemmas"].get(0)


@pytest.mark.parametrize("sep", [" ", '","'])
def test_packed_strings_one_at_a_time(sep):
    from fst.runtime import lookup

    rng = random.Random(len(sep))
    for n in (1, 2, 7, 500):
        words = ["".join(rng.choice("αβγΑΒ|;") for _ in range(rng.randint(0, 9))) for _ in range(n)]
        if sep == " ":
            words = [w or "α" for w in words]
        packed = lookup.Packed(sep.join(words).encode(), sep.encode())
        packed.BLOCK = 16  # many blocks, separators across their edges
        packed.GETS = 10 ** 6
        assert [packed.get(i) for i in range(n)] == words
        assert packed._list is None
        batch = lookup.Packed(sep.join(words).encode(), sep.encode())
        assert [batch.get(i) for i in range(n)] == words  # split after GETS cut out
        assert (batch._list is not None) == (n > batch.GETS)
        with pytest.raises(IndexError):
            packed.get(n)
        assert packed.strings() == words and packed.get(n - 1) == words[-1]
        # take: any indices of a batch, each cut out alone, the list never split
        some = lookup.Packed(sep.join(words).encode(), sep.encode())
        idx = [rng.randrange(n) for _ in range(rng.randint(1, 2 * n))]
        assert some.take(idx) == {i: words[i] for i in idx} and some._list is None
        with pytest.raises(IndexError):
            some.take([n])
        assert packed.take(idx) == {i: words[i] for i in idx}  # from the split list


def test_batch_reads_only_its_strings(tmp_path, monkeypatch):
    """rows_many of a small batch decodes only the lemmas and forms it reads (Packed.take),
    a large one the whole lists; the rows are the same."""
    from fst.runtime import lookup

    analyser, tiles, t2s, tags = tiny(ROWS, extra_tiles={"ΩΩ"}, drop_tiles={"ΣΑΣ"})
    table, data = table_of(analyser, tiles, t2s, tags)
    at.save(data, tmp_path)
    words = sorted({"".join(at._TILE_OF[c] for c in r[0]) for r in ROWS} | {"ΩΩ", "ΝΟΜ"})
    want = [table.lookup(w) for w in words]
    back = at.AnalysisTable.load(tmp_path, table.dfa)
    assert back.lookup_many(words[:2]) == want[:2]
    assert back._lemmas._list is None and back._raw_forms._list is None and back._forms is None
    assert back.lookup_many(words) == want
    monkeypatch.setattr(lookup, "SELECTIVE", 0)
    whole = at.AnalysisTable.load(tmp_path, table.dfa)
    assert whole.lookup_many(words) == want and whole._forms is not None


def test_patterns_rebuild_surfaces():
    assert at.base_form("ΑΝΘΡΩΠΟΣ") == "ανθρωπος"
    assert at.apply_pattern("ΑΝΘΡΩΠΟΥΣ", "ώ....") == "ανθρώπους"
    assert at.apply_pattern("ΑΝΘΡΩΠΟΥΣ", "ώ..ύ.") == "ανθρώπούς"
    assert at.apply_pattern("ΣΑΣ", "") == "σας"
    assert at.apply_pattern("Α", "ά") == "ά"


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """(cache dir, analyser, t2s, tags, table) of the small fixture lexicon's build."""
    d = fc.ensure_cache(progress=False, lexicon_path=SMALL, root=tmp_path_factory.mktemp("ana"))
    analyser, _, t2s = fc.read_fsts(d)
    tags = fc.read_tags(d)
    dfa = rt.TileDFA.load(d)
    return d, analyser, t2s, tags, at.AnalysisTable.load(d, dfa)


def test_small_lexicon_table_equals_composition(small):
    d, analyser, t2s, tags, table = small
    words = list(table.dfa.wordlist(0, 64))
    assert len(words) == len(table.offsets) - 1
    rng = random.Random(7)
    sample = words[::7] + rng.sample(words, 300)
    sample += [w + "Σ" for w in sample[:100]] + [w[1:] for w in sample[:100]]
    for w in sample:
        assert table.lookup(w) == at.analyse_fst(w, analyser, t2s, tags.by_char), w


def test_lookup_many_is_lookup_in_any_batch(small):
    table = small[4]
    words = list(table.dfa.wordlist(0, 64))
    rng = random.Random(3)
    probe = rng.sample(words, 2000) + ["", "ΑΒx", "αβγ", "ΓΡΑΨ\x00Α", "Ω" * 40]
    probe += [w[:-1] for w in probe[:300]] + probe[:50]  # prefixes, repeats
    rng.shuffle(probe)
    one = [table.lookup(w) for w in probe]
    assert table.lookup_many(probe) == one
    assert [r for k in range(0, len(probe), 17) for r in table.lookup_many(probe[k:k + 17])] == one
    assert table.lookup_many([]) == []


def test_ranks_are_positions_in_the_word_list(small):
    dfa = small[4].dfa
    words = list(dfa.wordlist(0, 64))
    assert dfa.ranks_of(words).tolist() == list(range(len(words)))
    assert [dfa.rank(w) for w in words[::50]] == list(range(0, len(words), 50))
    assert dfa.ranks_of(["ΞΨΖΩ", "", "ΑΒx"]).tolist() == [-1, -1, -1]
    assert at._words_at(dfa, [0, 5, len(words) - 1]) == [words[0], words[5], words[-1]]


def test_judge_from_cache_and_from_fsts_agree(small):
    from fst.api import Judge
    from grammars.normalize import to_tile

    d, analyser, t2s, tags, table = small
    cached = Judge(None, None, None, tags, runtime=table.dfa, cache=d)
    fsts = Judge(*fc.read_fsts(d), tags)
    assert cached.table is not None and fsts.table is None
    words = list(table.dfa.wordlist(2, 15))[::97] + ["ΑΝΘΡΩΠΟΥΣ", "ανθρώπους", "ΞΨΖΩ"]
    for w in words:
        assert cached.analyse(w) == fsts.analyse(w), w
    tiles = [to_tile(w) for w in words]
    assert cached.analyse_many(tiles) == fsts.analyse_many(tiles) == [cached.analyse(w)
                                                                       for w in words]
    # words as check takes them (issue 16): accented input is analysed, "" has no analysis
    assert cached.analyse_many(["ανθρώπους", ""]) == fsts.analyse_many(["ανθρώπους", ""]) == [
        cached.analyse("ΑΝΘΡΩΠΟΥΣ"), []]


def test_cli_batch_analysis_is_per_word_analysis(judge, capsys, monkeypatch):
    import io

    from fst.app import cli, protocol

    words = ["ΑΝΘΡΩΠΟΥΣ", "ξαναέγραψα", "ΞΨΖΩ", "HOTEL", "ΕΓΡΑΨΑ", "ΤΙΣ", "ΑΝΘΡΩΠΟΥΣ", "ΚΑΙ"]
    per_word = ""
    for w in words:
        cli.main(["analyse", w])
        out = capsys.readouterr().out
        # a command-line word without analysis also says why (issue 16); a batch gives WORD\t-
        if re.match(r"[^\t]*\t-\t(?!E:)", out):
            out = out.split("\t", 1)[0] + "\t-\n"
        per_word += out

    def batch(args):
        stdin = io.TextIOWrapper(io.BytesIO("".join(w + "\n" for w in words).encode("utf-8")))
        monkeypatch.setattr(sys, "stdin", stdin)
        cli.main(args)
        return capsys.readouterr().out

    assert batch(["analyse", "-"]) == per_word
    monkeypatch.setattr(protocol, "CHUNK_LINES", 3)
    assert batch(["analyse", "-"]) == per_word
    lines = batch(["analyse", "--json", "-"]).splitlines()
    assert [json.loads(ln)["word"] for ln in lines] == words


def test_batch_of_analyses_is_one_word_at_a_time(judge, monkeypatch):
    """Judge.analyse_many through the table's batch gathers (rows_many), through the small
    batch's pure-Python path (a Judge that has not loaded numpy's arrays) and word by word
    (Judge.analyse) give the same analyses, in order."""
    import fst.api
    from fst.api import Judge
    from grammars.normalize import InvalidWord

    words = list(judge.wordlist(2, 15))[::997][:600]
    words += [w[:-1] for w in words[:40]] + ["", "ΑΒx", "ΩΩ", "ΕΓΡΑΨΑ", "έγραψα", "ΣΑΣ", "ΑΒ"]
    def analyse(w):
        try:
            return judge.analyse(w)
        except InvalidWord:
            return []

    one = [analyse(w) for w in words]
    assert judge.analyse_many(words) == one
    fresh = Judge.load(progress=False)
    assert fresh._runtime is None
    assert fresh.analyse_many(words) == one and fresh._runtime is None  # no numpy arrays
    monkeypatch.setattr(fst.api, "SMALL_BATCH", 0)
    assert fresh.analyse_many(words) == one and fresh._runtime is not None
    table = judge.table
    tiles = [w for w in words if w and set(w) <= fst.api._TILE_SET]
    assert table.lookup_many(tiles) == [table.lookup(t) for t in tiles]
    assert table.rows_many([], []) == []
