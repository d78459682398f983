"""Issue 25's search modes (fst.runtime.search): letter sets in patterns, super-anagrams, probability
order, extensions and inner hooks, against brute-force scans of the same word list (small
acceptors built with pynini, and the board profile's word list), and their commands."""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from fst.runtime import search
from grammars.normalize import TILE_LETTERS
from lexicon import TileSet

import test_search
from test_search import VALUES, brute_blanks, excess, random_rack, run, triples

# test_search's fixtures, shared: the small acceptors and their two rack representations
small_dfa = test_search.small_dfa
small = test_search.small


def token_regex(tokens) -> str:
    """The regular expression of parsed pattern tokens (the brute force's own reading)."""
    return "".join("(.)" if t == "?" else "(.*)" if t == "*" else f"({t})" for t in tokens)


def brute_tokens(words, tokens, rack, lo, hi):
    """(word, blanks, score) of every word matching ``tokens`` (with ``rack``: the letters
    the pattern does not fix come from it)."""
    rx = re.compile(token_regex(tokens))
    fixed_letters = "".join(t for t in tokens if len(t) == 1 and t not in "?*")
    out = []
    for w in sorted(words):
        if not lo <= len(w) <= hi:
            continue
        m = rx.fullmatch(w)
        if not m:
            continue
        if rack is None:
            out.append((w, (), sum(VALUES[c] for c in w)))
            continue
        if sum(excess(w, rack.letters + fixed_letters).values()) > rack.blanks:
            continue
        fixed = {m.start(g + 1) for g, t in enumerate(tokens) if len(t) == 1 and t not in "?*"}
        b = brute_blanks(w, rack.letters, fixed)
        out.append((w, b, sum(VALUES[c] for i, c in enumerate(w) if i not in b)))
    return out


def brute_super(words, rack, extra, lo, hi):
    """The words that hold every letter of the rack and up to ``extra`` + blanks more."""
    n = len(rack)
    have = Counter(rack.letters)
    return sorted(w for w in words if max(lo, n) <= len(w) <= min(hi, n + extra)
                  and not (have - Counter(w)))


# ---------------------------------------------------------------------------------------------
# letter sets


@pytest.mark.parametrize("text, want", [
    ("ΑΝ[ΘΤ]ΡΩΠΟΣ", ("Α", "Ν", "[ΘΤ]", "Ρ", "Ω", "Π", "Ο", "Σ")),
    ("αν[τθ]ρ*", ("Α", "Ν", "[ΘΤ]", "Ρ", "*")),  # lower case, set sorted
    ("[άέ]?", ("[ΑΕ]", "?")),  # accents fold as everywhere else
    ("[^ΑΕΙΟΥΗΩ]*", ("[ΒΓΔΖΘΚΛΜΝΞΠΡΣΤΦΧΨ]", "*")),
    ("[ς]", ("[Σ]",)),
])
def test_letter_sets_parse(text, want):
    assert search.parse_pattern(text) == want


@pytest.mark.parametrize("text, words", [
    ("ΑΝ[ΘΤ", ["position 3", "not closed"]),
    ("Α[]", ["position 2", "empty"]),
    ("Α[^]", ["empty"]),
    ("Α]Β", ["']'", "position 2"]),
    ("[Α?]", ["'?'", "inside"]),
    ("[Α[Β]]", ["'['"]),
    ("[^ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ]", ["every letter"]),
    ("[Α1]", ["'1'"]),
])
def test_bad_letter_sets_are_one_sentence(text, words):
    with pytest.raises(search.SearchError) as e:
        search.parse_pattern(text)
    msg = str(e.value)
    assert "\n" not in msg and text in msg
    for w in words:
        assert w in msg


def test_letter_sets_match_brute_force(small):
    lang, dfa = small
    rng = random.Random(25)
    pieces = ["Α", "Β", "Σ", "?", "*", "[ΑΒ]", "[ΓΕΣ]", "[^Α]", "[^ΑΒΓ]"]
    for trial in range(80):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 6)))
        tokens = search.parse_pattern(text)
        rack = None
        if trial % 2:
            rack = random_rack(rng, "ΑΒΓΔΕΣ", rng.randint(1, 6), rng.choice([0, 1, 2]))
        lo, hi = rng.choice([(2, 15), (1, 15), (3, 6), (4, 4)])
        r = search.parse_rack(rack, check_set=False) if rack else None
        got = triples(search.pattern(dfa, text, r, lo, hi))
        assert got == brute_tokens(lang, tokens, r, lo, hi), (text, rack, lo, hi)


def test_live_positions_prune_the_walk(small_dfa, monkeypatch):
    """With a '*' first, the walk expands only prefixes of matching words."""
    lang, dfa = small_dfa
    seen = []
    real = search._matches

    def spy(levels, values):
        seen.append(sum(len(lv[0]) for lv in levels))
        return real(levels, values)

    monkeypatch.setattr(search, "_matches", spy)
    got = [m.word for m in search.pattern(dfa, "*Β[ΓΔ]", None, 1, 64)]
    assert got == sorted(w for w in lang if re.fullmatch(".*Β[ΓΔ]", w))
    prefixes = {w[:i] for w in got for i in range(1, len(w) + 1)}
    assert sum(seen) == len(prefixes)


def test_letter_sets_against_the_word_list(judge):
    words = list(judge.wordlist(2, 15))
    text = "\n".join(words)
    for pat, lo, hi in [("ΑΝ[ΘΤ]ΡΩΠ*", 2, 15), ("*[ΘΤ]ΡΩΠΟ[^Σ]", 2, 15),
                        ("[^ΑΕ]Ρ*ΟΣ", 5, 7), ("??[^ΑΕΙΟΥΗΩ]*ΞΑ", 2, 9)]:
        tokens = search.parse_pattern(pat)
        rx = re.compile("^" + "".join(
            "." if t == "?" else ".*" if t == "*" else t for t in tokens) + "$", re.M)
        want = [m.group() for m in rx.finditer(text) if lo <= len(m.group()) <= hi]
        got = [m.word for m in judge.pattern(pat, min_length=lo, max_length=hi)]
        assert got == want and got, pat
    assert "ΑΝΘΡΩΠΟΣ" in [m.word for m in judge.pattern("ΑΝ[ΘΤ]ΡΩΠΟΣ")]
    assert [m.word for m in judge.pattern("ΑΝ[^Θ]ΡΩΠΟΣ")] == []


# ---------------------------------------------------------------------------------------------
# super-anagrams


def test_super_anagrams_match_brute_force(small):
    lang, dfa = small
    rng = random.Random(26)
    for trial in range(60):
        rack = random_rack(rng, "ΑΒΓΔΕΣ", rng.randint(1, 6), rng.choice([0, 0, 1, 2]))
        extra = rng.choice([0, 1, 2, 3])
        lo, hi = rng.choice([(2, 15), (1, 15), (3, 6)])
        r = search.parse_rack(rack, check_set=False)
        got = list(search.super_anagram(dfa, r, extra, lo, hi))
        assert [m.word for m in got] == brute_super(lang, r, extra, lo, hi), (rack, extra)
        for m in got:  # blanks: as many as the rack's, on letters the rack lacks
            assert len(m.blanks) == min(r.blanks, len(m.word) - len(r.letters))
            assert not excess(r.letters, "".join(c for i, c in enumerate(m.word)
                                                 if i not in m.blanks))
            assert m.score == sum(VALUES[c] for i, c in enumerate(m.word) if i not in m.blanks)


def test_super_anagrams_against_the_word_list(judge):
    words = list(judge.wordlist(2, 15))
    for rack in ["ΑΕΓΡΨΑΚ", "ΡΤΕΙΗΣΑ", "ΗΤΟΟΝΡ?"]:
        r = search.parse_rack(rack)
        got = [m.word for m in judge.anagram(rack, extra=2)]
        assert got == brute_super(words, r, 2, 2, 15), rack
        assert got
    assert "ΚΑΤΕΓΡΑΨΕ" in [m.word for m in judge.anagram("ΑΕΓΡΨΑΚ", extra=2)]
    # --super 0 is the full anagrams (--exact)
    assert [m.word for m in judge.anagram("ΓΡΑΨΑΕ", extra=0)] == \
        [m.word for m in judge.anagram("ΓΡΑΨΑΕ", exact=True)]
    with pytest.raises(search.SearchError):
        list(judge.anagram("ΑΒ", extra=2, exact=True))
    with pytest.raises(search.SearchError):
        list(judge.anagram("ΑΒ", extra=99))


# ---------------------------------------------------------------------------------------------
# probability


@pytest.mark.parametrize("word, combos", [
    # Α ×12 in the bag, 2 blanks: C(12,2) + 2·C(12,1) + C(2,2)·C(12,0) = 66 + 24 + 1
    ("ΑΑ", 91),
    # Ξ ×1, Α ×12: 1·12 + 2·(C(1,0)·12 + 1·C(12,0)) + C(1,0)·C(12,0) = 12 + 26 + 1
    ("ΞΑ", 39),
    # Θ1 Α3 Λ1 Σ2 (bag 1, 12, 3, 7): P0 = 1·220·3·21 = 13860; P1 = 13860 + 66·63 + 220·21
    # + 7·660 = 27258; P2 = 12·63 + 660 (Α, Σ twice) + 4158 + 4620 + 4620 + 1386 + 1386
    # + 1540 (pairs) = 19126; 13860 + 2·27258 + 19126
    ("ΘΑΛΑΣΣΑ", 87502),
    ("ΑΑΑΑΑΑΑΑΑΑΑΑΑΑ", 1),  # 14 Α: only with both blanks
    ("ΞΞΞΞ", 0),  # one Ξ and two blanks cannot make four
])
def test_combinations_by_hand(word, combos):
    assert search.combinations([word]).tolist() == [combos]


def test_combinations_brute_force_on_a_small_bag(monkeypatch):
    """On a bag small enough to enumerate (6 tiles and 2 blanks), the count of tile subsets
    that spell each word equals the formula."""
    from itertools import combinations as subsets
    ts = search.tile_set()
    counts = {c: 0 for c in TILE_LETTERS}
    counts.update({"Α": 3, "Β": 1, "Γ": 2})
    monkeypatch.setattr(search, "tile_set", lambda: TileSet(ts.values, counts, 2, ""))
    search._choose_table.cache_clear()
    try:
        tiles = [c for c, n in counts.items() for _ in range(n)] + ["?", "?"]
        for word in ["Α", "ΑΑ", "ΑΒ", "ΒΒ", "ΑΑΑΑ", "ΑΒΓΓ", "ΓΓΓ", "ΑΑΒΓΓ"]:
            want = 0
            for draw in subsets(range(len(tiles)), len(word)):
                have = Counter(tiles[i] for i in draw)
                blanks = have.pop("?", 0)
                if sum((Counter(word) - have).values()) <= blanks and \
                        not (have - Counter(word)):
                    want += 1
            assert search.combinations([word]).tolist() == [want], word
    finally:
        search._choose_table.cache_clear()


def test_probability_order(judge):
    ranked = search.by_probability(judge.anagram("ΑΕΓΡΨΑΚ", max_length=7))
    keys = [(-len(m.word), -c, m.word) for m, c in ranked]
    assert keys == sorted(keys) and len(ranked) > 20
    assert [c for _, c in ranked] == search.combinations([m.word for m, _ in ranked]).tolist()


# ---------------------------------------------------------------------------------------------
# extensions and inner hooks


def test_extensions_against_the_word_list(judge):
    words = list(judge.wordlist(2, 15))
    for word in ["ΓΡΑΦΩ", "ΘΡΩΠ", "ΞΑ"]:
        for side, keep in [("any", lambda w: word in w), ("front", lambda w: w.endswith(word)),
                           ("back", lambda w: w.startswith(word))]:
            got = [m.word for m in judge.extensions(word, side)]
            assert got == [w for w in words if keep(w) and w != word], (word, side)
            assert got or side != "any"
    assert [m.word for m in judge.extensions("γράφω", "back", max_length=6)] == \
        [w for w in words if w.startswith("ΓΡΑΦΩ") and len(w) == 6]
    with pytest.raises(search.SearchError):
        judge.extensions("ΓΡΑΦΩ", "middle")
    with pytest.raises(search.SearchError):
        judge.extensions("gr", "any")


def test_inner_hooks(small, judge):
    lang, dfa = small
    for w in sorted(lang)[:80]:
        h = search.hooks(dfa, w, 2, 15)
        assert h.inner_front == (len(w) >= 3 and w[1:] in lang)
        assert h.inner_back == (len(w) >= 3 and w[:-1] in lang)
    h = judge.hooks("ΑΝΘΡΩΠΟΣ")
    assert h.inner_words == (None, "ΑΝΘΡΩΠΟ")
    assert judge.hooks("ΕΓΡΑΨΑ").inner_back is False


# ---------------------------------------------------------------------------------------------
# the command line


def test_cli_pattern_with_sets_and_lengths(judge, capsys):
    code, out, err = run(capsys, "pattern", "ΑΝ[ΘΤ]ΡΩΠ*", "--max-length", "9", "--sort", "alpha")
    assert code == 0 and not err
    words = [line.split("\t")[0] for line in out.splitlines()]
    assert words == [m.word for m in judge.pattern("ΑΝ[ΘΤ]ΡΩΠ*", max_length=9)]
    assert "ΑΝΘΡΩΠΟΣ" in words and all(len(w) <= 9 for w in words)
    code, out, err = run(capsys, "pattern", "ΑΝ[ΘΤ")
    assert code == 2 and out == "" and err.count("\n") == 1 and "not closed" in err


def test_cli_super_and_probability(judge, capsys):
    code, out, err = run(capsys, "anagram", "ΑΕΓΡΨΑΚ", "--super", "2", "--sort", "probability")
    assert code == 0 and not err
    rows = [line.split("\t") for line in out.splitlines()]
    assert all(len(r) == 3 for r in rows)
    words = [r[0] for r in rows]
    assert sorted(words) == [m.word for m in judge.anagram("ΑΕΓΡΨΑΚ", extra=2)]
    assert [int(r[2]) for r in rows] == search.combinations(words).tolist()
    code, _, err = run(capsys, "anagram", "ΑΒ", "--super", "1", "--exact")
    assert code == 2 and "not allowed" in err


def test_cli_extensions_and_hooks(judge, capsys):
    code, out, _ = run(capsys, "extensions", "ΓΡΑΦΩ", "--front", "--sort", "alpha")
    words = [line.split("\t")[0] for line in out.splitlines()]
    assert code == 0 and words == [m.word for m in judge.extensions("ΓΡΑΦΩ", "front")]
    code, _, err = run(capsys, "extensions", "ΓΡΑΦΩ", "--front", "--back")
    assert code == 2 and "not allowed" in err
    code, out, _ = run(capsys, "hooks", "ΑΝΘΡΩΠΟΣ", "ΓΡΑΨΑ")
    assert out.splitlines() == ["ΑΝΘΡΩΠΟΣ\t-\t-\t-\tΑΝΘΡΩΠΟ", "ΓΡΑΨΑ\tΕ\tΝ\t-\t-"]
