"""The look-up arrays (fst.runtime.dfa) against small acceptors built with pynini, and the light
(pynini-free) path of the command line."""
from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

from fst.runtime import dfa as rt
from grammars.normalize import TILE_LETTERS

from conftest import REPO_ROOT


def acceptor(words):
    import pynini

    with pynini.default_token_type("utf8"):
        if not words:
            f = pynini.Fst()
            return f
        f = pynini.union(*[pynini.accep(pynini.escape(w)) for w in sorted(words)])
        f = pynini.determinize(f.optimize()).minimize()
        f.arcsort("ilabel")
        return f


def random_language(seed: int, n: int = 400, alphabet: str = TILE_LETTERS) -> set[str]:
    rng = random.Random(seed)
    words = set()
    for _ in range(n):
        k = rng.choice([1, 2, 2, 3, 4, 5, 6, 8, 11, 15, 17])
        words.add("".join(rng.choice(alphabet) for _ in range(k)))
    # shared prefixes and prefixes that are words themselves
    for w in list(words)[: n // 4]:
        words.add(w[: max(1, len(w) // 2)])
    return words


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_arrays_accept_exactly_the_language(seed):
    lang = random_language(seed, alphabet=TILE_LETTERS if seed != 2 else "ΑΒΓ")
    f = acceptor(lang)
    dfa = rt.TileDFA(rt.export(f))
    assert rt.verify(f, dfa) == len(lang)
    assert dfa.count() == len(lang)
    # every enumerated word, sorted, and nothing else
    assert list(dfa.wordlist(0, 64)) == sorted(lang)
    # length bounds
    for lo, hi in [(2, 15), (1, 1), (3, 5), (16, 64), (5, 4)]:
        want = sorted(w for w in lang if lo <= len(w) <= hi)
        assert list(dfa.wordlist(lo, hi)) == want
        assert dfa.count(lo, hi) == len(want)
        assert b"".join(dfa.wordlist_chunks(lo, hi)).decode() == "".join(w + "\n" for w in want)
    # membership, words and near misses, one by one and in bulk
    rng = random.Random(seed)
    probes = list(lang)
    for w in list(lang)[:200]:
        i = rng.randrange(len(w) + 1)
        probes += [w[:i] + rng.choice(TILE_LETTERS) + w[i:], w[:i] + w[i + 1:], w + "Α"]
    probes += ["", "ΑΒx", "αβγ", "Α\x00", "\x00Α", "ΑΒ\x00Γ", "Ά", "ΑΒΓ" * 30]
    got = dfa.accepts_many(probes)
    assert got.dtype == bool and got.shape == (len(probes),)
    assert got.tolist() == [p in lang for p in probes]
    assert [dfa.accepts(p) for p in probes] == [p in lang for p in probes]
    ok = dfa.accepts_many(probes, 2, 15)
    assert ok.tolist() == [p in lang and 2 <= len(p) <= 15 for p in probes]


@pytest.mark.parametrize("seed", [4, 5])
def test_state_counts_and_one_word_rank(seed):
    # the counts by height and the rank of one word walked on the arcs (a warm check's
    # path) agree with the sorted language and with the batch ranks
    lang = random_language(seed, alphabet=TILE_LETTERS if seed != 5 else "ΑΒΓ")
    dfa = rt.TileDFA(rt.export(acceptor(lang)))
    words = sorted(lang)
    assert int(dfa.state_counts()[0]) == len(lang) == dfa.count()
    assert [dfa.rank(w) for w in words] == list(range(len(words)))
    probes = [w[:-1] for w in words] + [w + "Ω" for w in words[:50]] + ["", "ΑΒx", "Ά"]
    assert [dfa.rank(p) for p in probes] == dfa.ranks_of(probes).tolist()
    assert [dfa.rank(p) for p in probes] == [words.index(p) if p in lang else -1
                                             for p in probes]


def test_chunking_does_not_change_results(monkeypatch):
    lang = random_language(5, n=300)
    dfa = rt.TileDFA(rt.export(acceptor(lang)))
    probes = sorted(lang) + [w + "Ω" for w in sorted(lang)]
    whole = dfa.accepts_many(probes)
    blocks = list(dfa.wordlist_chunks(1, 64))
    monkeypatch.setattr(rt, "ACCEPTS_CHUNK", 7)
    monkeypatch.setattr(rt, "WORDLIST_BLOCK", 5)
    assert dfa.accepts_many(probes).tolist() == whole.tolist()
    small = list(dfa.wordlist_chunks(1, 64))
    assert len(small) > len(blocks)
    assert b"".join(small) == b"".join(blocks)


def test_empty_language_and_empty_input():
    dfa = rt.TileDFA(rt.export(acceptor(set())))
    assert dfa.count() == 0
    assert list(dfa.wordlist(0, 64)) == []
    assert dfa.accepts_many(["ΑΒ", ""]).tolist() == [False, False]
    assert dfa.accepts_many([]).shape == (0,)


def test_export_is_canonical():
    """The arrays depend on the language only, not on how the FST numbers its states."""
    lang = random_language(9)
    a = rt.export(acceptor(lang))
    import pynini

    with pynini.default_token_type("utf8"):
        f = pynini.union(*[pynini.accep(w) for w in sorted(lang, reverse=True)])
        f = pynini.determinize(f.optimize()).minimize()
        f.topsort()
    b = rt.export(f)
    for name in rt.ARRAY_NAMES:
        assert np.array_equal(a[name], b[name]), name
    assert a["offsets"][0] == 0 and (a["targets"] > np.repeat(
        np.arange(len(a["final"])), np.diff(a["offsets"]))).all()  # topological numbering


def test_verify_catches_a_wrong_array():
    lang = random_language(4)
    f = acceptor(lang)
    arrays = rt.export(f)
    final = arrays["final"].copy()
    final[np.flatnonzero(final)[-1]] = False
    with pytest.raises(rt.ExportError):
        rt.verify(f, rt.TileDFA(dict(arrays, final=final)))


def test_judge_uses_the_arrays(judge):
    words = ["ΕΓΡΑΨΑ", "ΓΡΑΨΑ", "ΑΝΘΡΩΠΟΥΣ", "Α", "ΞΨΖΩ", "ΑΝΤΑΓΩΝΙΣΤΙΚΟΤΗΤΑ"]
    assert judge.validate_many(words) == [True, False, True, False, False, False]
    assert [judge.accepts(w) for w in words[:3]] == [True, False, True]
    first = list(judge.wordlist(2, 3))
    assert first == sorted(first) and all(2 <= len(w) <= 3 for w in first)
    assert b"".join(judge.wordlist_bytes(2, 3)).decode().split("\n")[:-1] == first


def test_validate_many_words_holding_newlines(judge):
    # a word holding a newline is never read as two words: as check judges it, a newline at
    # an end is trimmed white space, one inside breaks the word
    words = ["ΕΓΡΑΨΑ", "ΕΓΡΑΨΑ\n", "\nΕΓΡΑΨΑ", "ΕΓΡΑΨΑ\nΑΝΘΡΩΠΟΥΣ", "", "ΑΝΘΡΩΠΟΥΣ",
             "ΑΝΘΡΩΠΟΥΣ\nΕΓΡΑΨΑ\n"]
    want = [True, True, True, False, False, True, False]
    assert judge.validate_many(words) == want
    for k in range(len(words)):  # each as the last word of its block, and alone
        assert judge.validate_many(words[:k + 1]) == want[:k + 1]
        assert judge.validate_many([words[k]]) == [want[k]]


LIGHT = r"""
import io, sys
sys.argv = ["dektes", *sys.argv[1:]]
from fst.app.cli import main
code = main(sys.argv[1:])
sys.stdout.flush()
sys.stderr.write("PYNINI=%s\n" % ("pynini" in sys.modules))
sys.exit(code)
"""


@pytest.mark.parametrize("argv", [["validate", "-"], ["wordlist", "--max-length", "3"]])
def test_validate_and_wordlist_do_not_import_pynini(judge, argv):
    proc = subprocess.run([sys.executable, "-c", LIGHT, *argv], input="ΕΓΡΑΨΑ\nΓΡΑΨΑ\n".encode(),
                          capture_output=True, cwd=REPO_ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stderr.decode().strip().endswith("PYNINI=False")
    if argv[0] == "validate":
        assert proc.stdout.decode().splitlines() == ["ΕΓΡΑΨΑ\t1", "ΓΡΑΨΑ\t0"]


NO_NUMPY = LIGHT.replace('"PYNINI=%s\\n" % ("pynini" in sys.modules)',
                        '"NUMPY=%s\\n" % ("numpy" in sys.modules)')


@pytest.mark.parametrize("word", ["ΕΓΡΑΨΑ", "έγραψα", "ΓΡΑΨΑ", "ΩΩ", "Α"])
def test_check_of_a_word_imports_no_numpy(judge, word):
    """A start that judges one word walks the memory-mapped arrays in pure Python
    (fst.runtime.lookup), its output that of the Judge loaded with numpy."""
    assert "NUMPY=" in NO_NUMPY
    proc = subprocess.run([sys.executable, "-c", NO_NUMPY, "check", word], capture_output=True,
                          cwd=REPO_ROOT, timeout=600)
    lines = proc.stderr.decode().strip().splitlines()
    assert lines[-1] == "NUMPY=False", proc.stderr.decode()
    v = judge.check(word) if len(word) > 1 else None
    assert proc.returncode == (0 if v is not None and v.valid else 1)


@pytest.mark.parametrize("seed", [6, 7])
def test_one_word_reader_is_the_arrays(tmp_path, seed):
    """fst.runtime.lookup: read_array gives the saved arrays, WordDFA the ranks and verdicts of
    TileDFA, without numpy."""
    from fst.runtime import lookup

    lang = random_language(seed, alphabet=TILE_LETTERS if seed != 7 else "ΑΒΓ")
    arrays = rt.export(acceptor(lang))
    arrays["wordlist"] = rt.pack(rt.TileDFA(arrays))
    rt.save(arrays, tmp_path)
    dfa = rt.TileDFA.load(tmp_path)
    assert dfa._counts is not None  # read from dfa_counts.npy, not computed
    for name in rt.ARRAY_NAMES + ("counts",):
        got = lookup.read_array(tmp_path / f"dfa_{name}.npy")
        assert got.tolist() == np.asarray(getattr(dfa, "_counts" if name == "counts" else name)
                                          ).tolist(), name
    word = lookup.WordDFA.load(tmp_path)
    words = sorted(lang)
    rng = random.Random(seed)
    probes = words + [w[:-1] + rng.choice(TILE_LETTERS) for w in words] + ["", "ΑΒx", "Ά"]
    assert word.ranks_of(probes) == dfa.ranks_of(probes).tolist()
    assert [word.accepts(p) for p in probes] == dfa.accepts_many(probes).tolist()
    assert [word.rank(w) for w in words] == list(range(len(words)))
    np.save(tmp_path / "x.npy", np.zeros((2, 2), dtype=np.int32))
    np.save(tmp_path / "y.npy", np.zeros(3, dtype=np.float64))
    for bad in ("x.npy", "y.npy"):
        with pytest.raises(ValueError):
            lookup.read_array(tmp_path / bad)
    (tmp_path / "z.npy").write_bytes((tmp_path / "dfa_offsets.npy").read_bytes()[:-4])
    with pytest.raises(ValueError, match="truncated"):
        lookup.read_array(tmp_path / "z.npy")


def test_validate_batch_path_matches_line_by_line(judge, tmp_path, monkeypatch, capsys):
    """`dektes validate` judges a chunk of plain words in one batch; the output is the same
    as taking the lines one at a time, whatever mix of chunks the input makes."""
    import fst.app.batch
    import fst.app.cli
    import fst.app.protocol
    from fst.app.cli import main

    words = sorted(judge.wordlist(2, 6))[::997][:40]
    lines = []
    for i, w in enumerate(words):
        lines += [w, w.lower(), w[:-1] + "Ω", "ἄνθρωπος" if i % 3 else "", "ΞΨΖΩ", w + "Α" * 20]
    lines += ["HOTEL", "ΑΝΘΡΩΠOΥΣ", " ΕΓΡΑΨΑ", "έγραψα\r", "\ufeffΕΓΡΑΨΑ"]
    path = tmp_path / "w.txt"
    path.write_bytes(("\ufeff" + "\n".join(lines) + "\n").encode())
    results = {}
    for chunk in (4, 10_000):
        monkeypatch.setattr(fst.app.protocol, "CHUNK_LINES", chunk)
        for fast in (True, False):
            if not fast:
                monkeypatch.setattr(fst.app.batch, "_validate_chunk_fast", lambda *a: None)
            for opt in ([], ["--valid-only"]):
                assert main(["validate", *opt, str(path)]) == 0
                out, err = capsys.readouterr()
                results[(chunk, fast, tuple(opt))] = (out, err)
            monkeypatch.undo()
            monkeypatch.setattr(fst.app.protocol, "CHUNK_LINES", chunk)
    for opt in ([], ["--valid-only"]):
        outs = {v for k, v in results.items() if k[2] == tuple(opt)}
        assert len(outs) == 1, opt
    out, err = results[(4, True, ())]
    assert len(out.splitlines()) == len(lines)
    assert out.splitlines()[0] == lines[0] + "\t1"  # the byte order mark is dropped


TRICKY = ["ΕΓΡΑΨΑ", "έγραψα", "ἄνθρωπος", "ΆΝΘΡΩΠΟΣ", "α\u0301νθρωπος", "ᾳδω", "ΐ", "Α", "µυς",
          "ϐιος", "ανθ\u1fbeρ", "ΞΨΖΩ", "σς", "Α" * 64, "Α" * 65, "α" + "\u0301" * 600,
          "α" + "\u0301" * 300, "ω\u0342", "ϊϋ", "ΑΝΘΡΩΠOΥΣ", "ab", "Α Β", " Α", "Α\t", "Α\r", "",
          "\ufeffΑ", "Ϝ", "α\u0307", "Ά\u0345", "ι\u0308\u0301", "Α1", "Α-Β", "ΑΝΘ\u200dΡ"]


@pytest.mark.parametrize("seed", range(8))
def test_judge_text_is_to_tile_then_accepts_many(seed):
    """The no-object path of `validate` reads a block of lines exactly as to_tile does, or
    declines (None) when some line is not a plain word."""
    from grammars.normalize import InvalidWord, to_tile

    lang = {to_tile(w) for w in ["έγραψα", "ανθρώπους", "ᾄδω", "μυς", "ΑΒ", "Α" * 64, "ΣΣ"]}
    dfa = rt.TileDFA(rt.export(acceptor(lang)))
    rng = random.Random(seed)
    for _ in range(60):
        lines = [rng.choice(TRICKY) for _ in range(rng.randint(1, 6))]
        text = "\n".join(lines)
        try:
            tiles = [to_tile(l) for l in lines]
        except InvalidWord:
            tiles = None
        fast = all(l == l.strip() for l in lines) and tiles is not None
        got = dfa.judge_text(text, 2, 15)
        if got is None:
            assert not fast or any(len(l) > 64 for l in lines) or "\u1fbe" in text, lines
            continue
        assert tiles is not None, lines
        assert got.tolist() == dfa.accepts_many(tiles, 2, 15).tolist(), lines


def test_packed_word_list_is_the_enumeration(monkeypatch):
    lang = random_language(6, n=600) | {"ΑΒ" * 7 + "Α", "ΑΒ" * 8}
    f = acceptor(lang)
    arrays = rt.export(f)
    plain = rt.TileDFA(arrays)
    arrays["wordlist"] = rt.pack(plain)
    dfa = rt.TileDFA(arrays)
    assert rt.verify(f, dfa) == len(lang)
    lo, hi = rt.PACKED_BOUNDS
    want = "".join(w + "\n" for w in sorted(lang) if lo <= len(w) <= hi).encode()
    assert arrays["wordlist"].tobytes() == want
    monkeypatch.setattr(rt, "WORDLIST_BLOCK", 3)  # many blocks, each of whole lines
    blocks = list(dfa.wordlist_chunks(lo, hi))
    assert len(blocks) > 1 and all(b.endswith(b"\n") for b in blocks)
    assert b"".join(blocks) == want == b"".join(plain.wordlist_chunks(lo, hi))
    assert list(dfa.wordlist(3, 5)) == sorted(w for w in lang if 3 <= len(w) <= 5)
    wrong = dict(arrays, wordlist=arrays["wordlist"][:-4])
    with pytest.raises(rt.ExportError, match="packed"):
        rt.verify(f, rt.TileDFA(wrong))


@pytest.mark.parametrize("seed", range(6))
def test_judge_utf8_is_to_tile_then_accepts_many(seed, monkeypatch):
    """The batch kernel reads UTF-8 bytes as to_tile reads the decoded lines (two-byte text
    from the bytes, anything else through judge_text), in blocks of any size, or declines."""
    from grammars.normalize import InvalidWord, to_tile

    lang = random_language(seed, n=300) | {to_tile(w) for w in ["έγραψα", "ᾄδω", "μυς"]}
    dfa = rt.TileDFA(rt.export(acceptor(lang)))
    rng = random.Random(seed)
    pool = sorted(lang) + [w.lower() for w in sorted(lang)[:50]] + TRICKY
    monkeypatch.setattr(rt, "KERNEL_BYTES", rng.choice([8, 64, 1 << 19]))
    n_fast = 0
    for _ in range(80):
        lines = [rng.choice(pool) for _ in range(rng.randint(1, 40))]
        # each line ends with a newline, but perhaps the last (unless it is empty)
        end = b"\n" if lines[-1] == "" else rng.choice([b"", b"\n"])
        data = "\n".join(lines).encode("utf-8") + end
        try:
            tiles = [to_tile(l) for l in lines]
        except InvalidWord:
            tiles = None
        got = dfa.judge_utf8(data, 2, 15)
        if got is None:
            assert tiles is None or not all(l == l.strip() for l in lines) or any(
                len(l) > 64 for l in lines) or "\u1fbe" in data.decode(), lines
            continue
        n_fast += 1
        assert tiles is not None, lines
        assert got.tolist() == dfa.accepts_many(tiles, 2, 15).tolist(), lines
    assert n_fast > 0
    assert dfa.judge_utf8(b"\xce\x91\xce\n", 0) is None  # a sequence cut in two
    assert dfa.judge_utf8(b"\xe0\x8e\x91\n", 0) is None  # an overlong Α


@pytest.mark.parametrize("seed", range(4))
def test_walk_is_accepts_many(seed):
    """The length-ordered walk gives each word accepts_many's verdict, in input order."""
    lang = random_language(seed)
    dfa = rt.TileDFA(rt.export(acceptor(lang)))
    rng = random.Random(seed)
    words = [rng.choice(sorted(lang)) if rng.random() < 0.5 else
             "".join(rng.choice(TILE_LETTERS) for _ in range(rng.randint(1, 17)))
             for _ in range(500)]
    codes = np.array([TILE_LETTERS.index(c) for w in words for c in w], dtype=np.uint8)
    lens = np.array([len(w) for w in words])
    for lo, hi in ((0, None), (2, 15), (5, 5), (20, 30)):
        want = dfa.accepts_many(words, lo, hi)
        assert want.any() or lo == 20
        assert dfa.walk(codes, lens, lo, hi).tolist() == want.tolist()


@pytest.mark.parametrize("seed", range(6))
def test_judge_units_is_to_tile_then_accepts_many(seed):
    """The batch kernel on UTF-16 code units: a line it calls plain gets accepts_many's
    verdict on its to_tile form; any other line is False and is one that to_tile's fast path
    does not read (white space, another script, too long …); a line of 1–64 tile capitals,
    or of Greek letters and marks that to_tile reads, is plain."""
    from grammars.normalize import InvalidWord, to_tile

    lang = random_language(seed, n=300) | {to_tile(w) for w in ["έγραψα", "ᾄδω", "μυς"]}
    dfa = rt.TileDFA(rt.export(acceptor(lang)))
    rng = random.Random(seed)
    pool = sorted(lang) + [w.lower() for w in sorted(lang)[:50]] + TRICKY + ["ΑΒ\u03a2", "\ud800"]
    for _ in range(80):
        lines = [rng.choice(pool) for _ in range(rng.randint(1, 40))]
        data = "\n".join(lines).encode("utf-16-le", "surrogatepass")
        ok, plain = dfa.judge_units(data, 2, 15)
        assert len(ok) == len(plain) == len(lines)
        for line, good, fast in zip(lines, ok.tolist(), plain.tolist()):
            try:
                tile = to_tile(line)
            except InvalidWord:
                tile = None
            if fast:
                assert tile is not None, line
                assert good == (dfa.accepts(tile) and 2 <= len(tile) <= 15), line
            else:
                assert not good, line
            if tile is not None and line == line.strip() and len(line) <= 64 and \
                    "\u1fbe" not in line:
                assert fast, line
    assert dfa.judge_units(b"\x91\x03\x92", 0) is None  # an odd number of bytes


# -- the fast path of the batch kernel (fst/runtime/kernel.py) against the general kernel --

def _hostile_lines(rng, lang):
    pool = sorted(lang) + [w.lower() for w in sorted(lang)[:30]] + TRICKY + [
        "ΑΒ\u03a2", "Α" * 15, "Α" * 16, "Ω" * 70, "ΑΒ" * 20]
    lines = [rng.choice(sorted(lang)) for _ in range(rng.randint(1, 60))]
    if rng.random() < 0.6:  # some blocks of tile words only, some with anything
        for _ in range(rng.randint(1, 4)):
            lines.insert(rng.randint(0, len(lines)), rng.choice(pool))
    return lines


@pytest.mark.parametrize("seed", range(6))
def test_fast_kernel_is_the_general_kernel(seed, monkeypatch):
    """kernel.judge_units / judge_utf8 / judge_text give the general kernel's answer (the
    same verdicts, plain lines and declines) on tile blocks, hostile blocks and long lines,
    whatever the block size and the bounds, with uint16 or int32 state ids."""
    from fst.runtime import kernel

    from grammars.normalize import to_tile
    lang = random_language(seed, n=300) | {to_tile(w) for w in ["έγραψα", "ᾄδω", "μυς"]}
    lang |= {"Α" * 16, "ΑΒ" * 20}
    dfa = rt.TileDFA(rt.export(acceptor(lang)))
    rng = random.Random(seed)
    monkeypatch.setattr(kernel, "KERNEL_BYTES", rng.choice([8, 64, 1 << 19]))
    monkeypatch.setattr(kernel, "UINT16_STATES", rng.choice([0, 1 << 16]))  # before the table
    n_tile = 0
    for _ in range(60):
        lines = _hostile_lines(rng, lang)
        lo, hi = rng.choice([(0, None), (2, 15), (1, 64), (5, 5), (3, 40)])
        units = "\n".join(lines).encode("utf-16-le", "surrogatepass")
        want, got = dfa.judge_units(units, lo, hi), kernel.judge_units(dfa, units, lo, hi)
        assert [a.tolist() for a in want] == [a.tolist() for a in got], (lines, lo, hi)
        text = "\n".join(lines)
        if "\ud800" not in text:
            want, got = dfa.judge_text(text, lo, hi), kernel.judge_text(dfa, text, lo, hi)
            assert (want is None) == (got is None) and (
                want is None or want.tolist() == got.tolist()), (lines, lo, hi)
        data = text.encode("utf-8", "surrogatepass") + rng.choice([b"", b"\n"])
        if not data:
            continue
        ends: list = []
        want, got = dfa.judge_utf8(data, lo, hi), kernel.judge_utf8(dfa, data, lo, hi, ends)
        assert (want is None) == (got is None), (lines, lo, hi)
        if want is not None:
            assert want.tolist() == got.tolist(), (lines, lo, hi)
        if ends:  # every block went through the walk: the newline of every line
            n_tile += 1
            full = data if data.endswith(b"\n") else data + b"\n"
            assert np.concatenate(ends).tolist() == [i for i, c in enumerate(full) if c == 10]
    assert n_tile > 0


def test_fast_kernel_walks_tile_blocks(monkeypatch):
    """A block of tile capitals and newlines never reaches the general kernel; U+03A2 or a
    lower-case letter sends it there."""
    from fst.runtime import kernel

    lang = random_language(3, n=200)
    dfa = rt.TileDFA(rt.export(acceptor(lang)))
    words = sorted(lang)[:50] + ["ΑΒΓ", "Ω" * 20]
    want = dfa.accepts_many(words, 2, 15).tolist()

    def general(*args):
        raise AssertionError("the general kernel")

    with monkeypatch.context() as m:
        m.setattr(rt.TileDFA, "judge_units", general)
        m.setattr(rt.TileDFA, "judge_utf8", general)
        ok, plain = kernel.judge_units(dfa, "\n".join(words).encode("utf-16-le"), 2, 15)
        assert ok.tolist() == want and plain.all()
        assert kernel.judge_utf8(dfa, "\n".join(words).encode(), 2, 15).tolist() == want
        for odd in ("ΑΒ\u03a2", "α\u0301β", "ᾄδω", "αβ\u03cf", "αb"):
            with pytest.raises(AssertionError, match="general"):
                kernel.judge_units(dfa, "\n".join(words + [odd]).encode("utf-16-le"), 2, 15)
        from grammars.normalize import to_tile
        # UTF-8: two-byte Greek letters in any case, with tonos or diaeresis, are walked too
        # (_greek_block); U+03A2, a combining mark, a polytonic letter go to the general kernel
        lower = [w.lower() for w in words] + ["ΆΈΉ", "άέήίόύώϊϋΐΰς"]
        want_lower = dfa.accepts_many([to_tile(w) for w in lower], 2, 15).tolist()
        assert kernel.judge_utf8(dfa, "\n".join(lower).encode(), 2, 15).tolist() == want_lower
        ok, plain = kernel.judge_units(dfa, "\n".join(lower).encode("utf-16-le"), 2, 15)
        assert ok.tolist() == want_lower and plain.all()
        for odd in ("ΑΒ\u03a2", "αβ\u03a2", "α\u0301β", "ᾄδω", "αβ\u03cf"):
            with pytest.raises(AssertionError, match="general"):
                kernel.judge_utf8(dfa, "\n".join(words + [odd]).encode(), 2, 15)


#: two-byte characters U+0300…U+03FF with what the Greek block of the fast kernel must tell
#: apart: letters, accented letters, final sigma, combining marks, the symbols and letters
#: to_tile does not read as one tile (ϐ ϗ Ϗ ϲ ϳ …), punctuation (΄ ΅ · ;), the unassigned
#: U+0378 and U+03A2, the separator of judge_words (U+03AA, Ϊ)
_GREEK_TWO_BYTE = [chr(c) for c in range(0x300, 0x400)]


@pytest.mark.parametrize("seed", range(6))
def test_fast_kernel_greek_blocks_are_the_general_kernel(seed, monkeypatch):
    """Blocks of words as typed in two-byte Greek (lower case, accents, final sigma, mixed
    case, now and then any character of U+0370…U+03FF or an empty or too long line): the fast
    kernel's verdicts, declines and newline positions are the general kernel's, on UTF-8 and
    on UTF-16 code units."""
    from fst.runtime import kernel

    from grammars.normalize import to_tile
    lang = random_language(seed, n=300) | {to_tile(w) for w in ["έγραψα", "μυς", "ΐασις"]}
    dfa = rt.TileDFA(rt.export(acceptor(lang)))
    rng = random.Random(seed)
    monkeypatch.setattr(kernel, "KERNEL_BYTES", rng.choice([8, 64, 1 << 19]))
    monkeypatch.setattr(kernel, "UINT16_STATES", rng.choice([0, 1 << 16]))  # before the table
    accents = {"Α": "άΆ", "Ε": "έΈ", "Η": "ήΉ", "Ι": "ίΊϊΐΪ", "Ο": "όΌ", "Υ": "ύΎϋΰΫ",
               "Ω": "ώΏ"}

    def typed(word: str) -> str:
        out = []
        for ch in word:
            r = rng.random()
            out.append(rng.choice(accents[ch]) if ch in accents and r < 0.2 else
                       ch if r < 0.5 else ch.lower())
        s = "".join(out)
        return s[:-1] + "ς" if s.endswith("σ") and rng.random() < 0.7 else s

    n_walked = 0
    for _ in range(60):
        lines = [typed(rng.choice(sorted(lang))) for _ in range(rng.randint(1, 60))]
        if rng.random() < 0.4:
            for _ in range(rng.randint(1, 3)):
                i = rng.randrange(len(lines))
                odd = rng.choice(_GREEK_TWO_BYTE + ["", "α" * 16, "Ω" * 70])
                lines[i] = lines[i][:1] + odd + lines[i][1:] if rng.random() < 0.8 else odd
        lo, hi = rng.choice([(0, None), (2, 15), (1, 64), (5, 5), (3, 40)])
        data = "\n".join(lines).encode("utf-8") + rng.choice([b"", b"\n"])
        ends: list = []
        want, got = dfa.judge_utf8(data, lo, hi), kernel.judge_utf8(dfa, data, lo, hi, ends)
        assert (want is None) == (got is None), (lines, lo, hi)
        if want is not None:
            assert want.tolist() == got.tolist(), (lines, lo, hi)
        if ends:
            n_walked += 1
            full = data if data.endswith(b"\n") else data + b"\n"
            assert np.concatenate(ends).tolist() == [i for i, c in enumerate(full) if c == 10]
        if not any(0xD800 <= ord(c) < 0xE000 for line in lines for c in line):
            units = "\n".join(lines).encode("utf-16-le")
            lens: list = []
            want_u, got_u = dfa.judge_units(units, lo, hi), kernel.judge_units(dfa, units, lo,
                                                                                hi, lens)
            assert [a.tolist() for a in want_u] == [a.tolist() for a in got_u], (lines, lo, hi)
            assert not lens or all(line == to_tile(line) for line in lines)
            words = [line for line in lines if line]
            if words:  # a list of the words: joined by SEP (U+03AA), the same verdicts
                want_w = dfa.judge_units("\n".join(words).encode("utf-16-le"), lo, hi)
                got_w = kernel.judge_words(dfa, words, lo, hi)
                assert [a.tolist() for a in want_w] == [a.tolist() for a in got_w], words
        tile_ends: list = []  # greek=False: walked only when every line is in tile form
        got = kernel.judge_utf8(dfa, data, lo, hi, tile_ends, greek=False)
        assert (want is None) == (got is None) and (want is None or want.tolist() == got.tolist())
        assert not tile_ends or all(line == to_tile(line) for line in lines)
    assert n_walked > 0


def test_judge_on_arrays_without_counts(judge, tmp_path):
    """A folder of the look-up arrays without the per-state counts (a worker's copy shipped by
    an older client): one word is ranked by the numpy arrays instead, with the same verdicts."""
    import shutil

    from fst.api import Judge
    from fst.app import corpus
    from fst.runtime.lookup import COUNTS_FILE

    assert COUNTS_FILE in corpus.LOOKUP_FILES
    for name in corpus.LOOKUP_FILES + corpus.ANALYSIS_FILES:
        if name != COUNTS_FILE:
            shutil.copy(judge._cache / name, tmp_path / name)
    j = Judge(None, None, None, judge.tags, runtime=rt.TileDFA.load(tmp_path), cache=tmp_path)
    words = ["ΕΓΡΑΨΑ", "ΓΡΑΨΑ", "ΑΝΘΡΩΠΟΥΣ", "ΩΩ", "ΣΑΣ"]
    assert j._word_dfa() is None and j._word is False
    assert [j._rank(w) for w in words] == [judge._rank(w) for w in words]
    assert [j.check(w) for w in words] == [judge.check(w) for w in words]
    assert j.analyse_many(words) == judge.analyse_many(words)
