"""The batch kernel (``Judge.validate_many``, ``Judge.validate_text``: one walk of the acceptor's
arrays over a block of words, fst/runtime/dfa.py) against the one-word check
(``Judge.check``) on hostile and edge input: empty lines, white space, non-Greek and mixed
scripts, lower case, accents, polytonic and combining marks, final sigma, long lines, what is
not a string. No timings here: speed is scripts/benchmarks/run.py's (``--sections 7``)."""
from __future__ import annotations

import itertools
import random

import pytest

import fst.api
from fst.runtime import kernel
from grammars.normalize import InvalidWord

HOSTILE = [
    "", " ", "\t", "\r", "ΕΓΡΑΨΑ\r", " ΕΓΡΑΨΑ", "ΕΓΡΑΨΑ ", "ΕΓ ΡΑΨΑ", "ΕΓΡΑΨΑ\t",
    "\ufeffΕΓΡΑΨΑ", "ΑΝΘ\u200dΡΩΠΟΣ",  # white space, a byte order mark, a zero-width joiner
    "HOTEL", "abc", "123", "ΕΓΡΑΨΑ1", "Α-Β", "ΕΓΡΑΨΑ;", "ΕΓΡΑΨΑ\u037e", "·",  # not Greek
    "ΑΝΘΡΩΠOΣ", "ΕΓΡΑΨA", "εγραψa", "ΑΝΘΡΩΠΟΣ\u0410", "ΑΒ\u03a2",  # mixed scripts, U+03A2
    "έγραψα", "ΈΓΡΑΨΑ", "εγραψα", "Εγραψα", "ανθρώπους", "θάλασσα", "γράψαμε", "δέσανε",
    "ἄνθρωπος", "ἀνθρώπων", "ᾄδω", "ᾳδω", "ΐ", "ϊϋ", "α\u0301νθρωπος", "\u0301ΑΒ",
    "Ά\u0345", "ι\u0308\u0301", "΄", "\u0301",  # accents, polytonic, combining marks
    "ΑΝΘΡΩΠΟς", "ανθρωπος", "ανθρωποσ", "ςπιτι", "σς", "ς", "ΣΣ",  # final sigma anywhere
    "µυς", "ϐιος", "Ϝ", "ανθ\u1fbeρ", "Α", "α",  # compatibility letters, one letter
    "Α" * 15, "Α" * 16, "Α" * 64, "Α" * 65, "α" + "\u0301" * 300, "α" + "\u0301" * 600,
    "Ω" * 3000, "ΕΓΡΑΨΑ" * 3,  # long lines
    "\ud800", "ΑΒ\udc00", "\U0001d6c2", "Α\U0001d6c2",  # a lone surrogate, outside the BMP
    # U+03AA (Ϊ, the kernel's separator of a list's words) and U+03AB, the code points after Ω
    "\u03aa", "ΑΝΘΡΩΠΟΣ\u03aa", "\u03aaΕΓΡΑΨΑ", "ΕΓΡ\u03aaΑΨΑ", "\u03aa\u03aa", "ΑΒ\u03ab",
    "ΑΡΧ\u03aa\u0301ΖΩ",
]
NOT_STRINGS = [None, 5, b"\xce\x91\xce\x92", ["ΑΒ"]]


def one_word(judge, word) -> bool:
    """What ``check`` says of ``word``, an error being False; ``validate_many`` gives a ruled
    word the acceptor's verdict whatever its length, so the length profile applies first."""
    if not isinstance(word, str):
        return False
    try:
        v = judge.check(word)
    except InvalidWord:
        return False
    if "A4" in v.rules and not judge.min_length <= len(v.tile) <= judge.max_length:
        return False
    return v.valid


@pytest.fixture(scope="module")
def pool(judge):
    """Valid words of every length (tile form), their lower-case forms, near misses."""
    words = list(itertools.islice(judge.wordlist(2, 15), 0, 600_000, 3001))
    return words + [w.lower() for w in words[:60]] + [w[:-1] + "Ψ" for w in words[:60]]


def test_hostile_words_one_at_a_time(judge):
    """Each hostile word alone, and all of them in one block, get check's verdict."""
    want = [one_word(judge, w) for w in HOSTILE + NOT_STRINGS]
    assert judge.validate_many(HOSTILE + NOT_STRINGS) == want
    for w, ok in zip(HOSTILE + NOT_STRINGS, want):
        assert judge.validate_many([w]) == [ok], repr(w)
    assert any(want) and not all(want)


@pytest.mark.parametrize("seed", range(4))
def test_kernel_agrees_with_check_in_mixed_blocks(judge, pool, seed, monkeypatch):
    """Blocks of plain words with hostile ones among them, in blocks and joins of any size:
    every verdict is check's, in order."""
    rng = random.Random(seed)
    monkeypatch.setattr(fst.api, "KERNEL_WORDS", rng.choice([1, 5, 64, 1 << 16]))
    monkeypatch.setattr(kernel, "JOIN_WORDS", rng.choice([1, 3, 1024]))
    memo: dict = {}
    for _ in range(6):
        words = [rng.choice(pool) for _ in range(rng.randint(1, 300))]
        for _ in range(rng.randint(0, 12)):
            words.insert(rng.randint(0, len(words)), rng.choice(HOSTILE))
        want = [memo.setdefault(w, one_word(judge, w)) for w in words]
        assert judge.validate_many(words) == want


def test_plain_blocks_take_the_kernel(judge, pool, monkeypatch):
    """A block of plain words (tile form, lower case, accented) is judged by the kernel
    alone: no word goes through the word-by-word path."""
    words = pool + ["έγραψα", "ἄνθρωπος", "ανθρωπος", "ΑΝΘΡΩΠΟς", "α\u0301νθρωπος"]
    want = [one_word(judge, w) for w in words]

    def no_word_by_word(*args):
        raise AssertionError("a plain word went word by word")

    monkeypatch.setattr(fst.api.Judge, "_validate_block", no_word_by_word)
    assert judge.validate_many(words) == want
    got = judge.validate_text("\n".join(words))
    assert got is not None and got.tolist() == want


def test_validate_text_is_check_or_declines(judge, pool):
    """``validate_text`` gives check's verdict on every line, or None when some line is not
    a plain word (the caller then takes the lines one at a time, with their errors)."""
    rng = random.Random(7)
    n_declined = 0
    for _ in range(40):
        lines = [rng.choice(pool + HOSTILE) for _ in range(rng.randint(1, 30))]
        lines = [w for w in lines if "\n" not in w]
        got = judge.validate_text("\n".join(lines))
        if got is None:
            n_declined += 1
            continue
        assert got.tolist() == [one_word(judge, w) for w in lines], lines
    assert 0 < n_declined < 40


@pytest.mark.parametrize("complete", [None, (5, 6)])
def test_a_users_list_through_the_kernel_is_check(judge, pool, complete):
    """With a user's list (an overlay: its words valid, and with ``complete`` every other word
    of those lengths invalid), validate_many is check word for word."""
    from fst.runtime.overlay import Overlay

    rng = random.Random(11)
    invalid = [w for w, ok in zip(pool, judge.validate_many(pool)) if not ok]
    listed = frozenset(rng.sample(invalid, 5) + ["ΞΨΞΨ"])
    j = judge.with_overlay(Overlay("kernel-test", listed, complete))
    words = pool + sorted(listed) + [w.lower() for w in sorted(listed)] + HOSTILE + NOT_STRINGS
    rng.shuffle(words)
    want = [isinstance(w, str) and fst.api._tile_or_none(w) is not None and j.check(w).valid
            for w in words]
    assert j.validate_many(words) == want
    assert all(j.validate_many(sorted(listed))) and not any(judge.validate_many(sorted(listed)))
    if complete:  # the list decides its lengths: words the grammar accepts are out
        sized = [w for w in pool if 5 <= len(w) <= 6]
        assert any(a and not b for a, b in zip(judge.validate_many(sized), j.validate_many(sized)))


@pytest.mark.parametrize("complete", [None, (5, 6)])
def test_a_users_list_on_bytes_and_text_is_check(judge, pool, complete, monkeypatch):
    """dektes validate's path (``validate_utf8``), ``validate_text`` and ``validate_many``
    apply a user's list to blocks of tile words by set membership, with no word normalised,
    and give check's verdict on every line; input that is not tile words only is declined
    (None: the caller goes word by word)."""
    from fst.runtime.overlay import Overlay

    rng = random.Random(12)
    tiles = [w for w in pool if w == w.upper()]
    invalid = [w for w, ok in zip(tiles, judge.validate_many(tiles)) if not ok]
    listed = frozenset(rng.sample(invalid, 5) + ["ΞΨΞΨ"])
    j = judge.with_overlay(Overlay("kernel-test", listed, complete))
    words = tiles + sorted(listed) + ["ΑΒΓΔΕ", "ΑΒΓΔΕΖ"]
    rng.shuffle(words)
    want = [j.check(w).valid for w in words]
    assert any(want) and not all(want)

    def normalised(word):
        raise AssertionError("a tile word was normalised")

    with monkeypatch.context() as m:
        m.setattr(fst.api, "_tile_or_none", normalised)
        ends: list = []
        assert j.validate_utf8("\n".join(words).encode() + b"\n", ends).tolist() == want
        assert len(ends) > 0
        assert j.validate_text("\n".join(words)).tolist() == want
        assert j.validate_many(words) == want
    assert j.validate_utf8("\n".join(words + ["ανθρωπος"]).encode()) is None
    assert j.validate_text("\n".join(words + ["ανθρωπος"])) is None
    assert j.validate_many(words + ["ανθρωπος"]) == want + [j.check("ανθρωπος").valid]


@pytest.mark.parametrize("group", [2, 4])
@pytest.mark.parametrize("dtype", ["uint8", "uint16"])
def test_where_is_flatnonzero(group, dtype):
    """kernel.where (the newlines of a block, found by groups) gives numpy's positions
    whatever the hits' spacing: two in a group, at the ends, none, an empty block."""
    import numpy as np
    rng = np.random.default_rng(24)
    for _ in range(500):
        n = int(rng.integers(0, 70))
        x = np.where(rng.random(n) < rng.random(), 10, 7 + (rng.random(n) < 0.5)).astype(dtype)
        assert np.array_equal(kernel.where(x, 10, group), np.flatnonzero(x == 10))
