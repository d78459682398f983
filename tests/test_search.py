"""Anagram, pattern and hook search (fst.runtime.search) against brute-force scans of the same word
list: small acceptors built with pynini, and the real word list of the board profile."""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from fst.runtime import search
from fst.runtime import dfa as rt
from grammars.normalize import TILE_LETTERS

from test_runtime import acceptor

VALUES = search.tile_set().values


# ---------------------------------------------------------------------------------------------
# brute force: what the walks must find, computed from the word list alone


def excess(word: str, pool: str) -> Counter:
    """Letters of ``word`` beyond those of ``pool`` (they need blanks)."""
    c = Counter(word)
    c.subtract(pool)
    return +c


def brute_blanks(word: str, pool: str, fixed: set[int] = frozenset()) -> tuple[int, ...]:
    """Positions played by blanks: a letter's occurrences beyond the pool's, the later ones
    (positions in ``fixed`` are the pattern's own letters, never blanks)."""
    left = Counter(pool)
    out = []
    for i, c in enumerate(word):
        if i in fixed:
            continue
        if left[c] > 0:
            left[c] -= 1
        else:
            out.append(i)
    return tuple(out)


def brute_anagram(words, letters: str, blanks: int, lo: int, hi: int, exact=False):
    out = []
    for w in sorted(words):
        if not lo <= len(w) <= hi or len(w) > len(letters) + blanks:
            continue
        if exact and len(w) != len(letters) + blanks:
            continue
        if sum(excess(w, letters).values()) <= blanks:
            b = brute_blanks(w, letters)
            out.append((w, b, sum(VALUES[c] for i, c in enumerate(w) if i not in b)))
    return out


def brute_pattern(words, pat: str, rack: str | None, lo: int, hi: int):
    rx = re.compile("".join("(.)" if c == "?" else "(.*)" if c == "*" else f"({c})"
                            for c in pat))
    tokens = list(pat)
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
        r = search.parse_rack(rack, check_set=False)
        fixed_letters = "".join(c for c in pat if c not in "?*")
        # the letters ? and * stand for: the word less the pattern's own letters
        if sum(excess(w, r.letters + fixed_letters).values()) > r.blanks:
            continue
        fixed = {m.start(g + 1) for g, t in enumerate(tokens) if t not in "?*"}
        b = brute_blanks(w, r.letters, fixed)
        out.append((w, b, sum(VALUES[c] for i, c in enumerate(w) if i not in b)))
    return out


def triples(matches):
    return [(m.word, m.blanks, m.score) for m in matches]


def small_language(seed: int, alphabet: str = "ΑΒΓΔΕΣ", n: int = 600) -> set[str]:
    rng = random.Random(seed)
    words = set()
    for _ in range(n):
        k = rng.choice([1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 9, 12])
        words.add("".join(rng.choice(alphabet) for _ in range(k)))
    for w in list(words)[: n // 3]:  # words that are prefixes of words
        words.add(w[: max(1, len(w) - 1)])
    words.add("ΞΨΩ")  # letters of value 10 and 3
    return words


@pytest.fixture(scope="module", params=[1, 2, 3])
def small_dfa(request):
    lang = small_language(request.param)
    return lang, rt.TileDFA(rt.export(acceptor(lang)))


@pytest.fixture(params=["table", "counts"])
def small(small_dfa, request, monkeypatch):
    """Each small acceptor, searched with the rack as a transition table and as counts."""
    if request.param == "counts":
        monkeypatch.setattr(search, "RACK_TABLE_MAX", 0)
    return small_dfa


def random_rack(rng, alphabet: str, k: int, blanks: int) -> str:
    tiles = [rng.choice(alphabet) for _ in range(k)] + [rng.choice("?*") for _ in range(blanks)]
    rng.shuffle(tiles)
    return "".join(tiles)


# ---------------------------------------------------------------------------------------------
# the walks against brute force


def test_anagram_matches_brute_force(small):
    lang, dfa = small
    rng = random.Random(7)
    for trial in range(60):
        k = rng.randint(1, 9)
        nb = rng.choice([0, 0, 1, 2])
        rack = random_rack(rng, "ΑΒΓΔΕΣΞ", k, nb)
        lo, hi = rng.choice([(2, 15), (1, 15), (3, 5), (2, 2), (6, 15)])
        r = search.parse_rack(rack, check_set=False)
        got = triples(search.anagram(dfa, r, lo, hi))
        assert got == brute_anagram(lang, r.letters, r.blanks, lo, hi), rack
        got = triples(search.anagram(dfa, r, lo, hi, exact=True))
        assert got == brute_anagram(lang, r.letters, r.blanks, lo, hi, exact=True), rack


def test_pattern_matches_brute_force(small):
    lang, dfa = small
    rng = random.Random(11)
    for trial in range(80):
        pat = "".join(rng.choice(["Α", "Β", "Σ", "Ε", "?", "?", "*"])
                      for _ in range(rng.randint(1, 6)))
        pat = re.sub(r"\*+", "*", pat)
        rack = None
        if trial % 2:
            rack = random_rack(rng, "ΑΒΓΔΕΣ", rng.randint(0, 6), rng.choice([0, 1, 2]))
            if not rack:
                rack = "Α"
        lo, hi = rng.choice([(2, 15), (1, 15), (3, 6)])
        r = search.parse_rack(rack, check_set=False) if rack else None
        got = triples(search.pattern(dfa, pat, r, lo, hi))
        assert got == brute_pattern(lang, pat, rack, lo, hi), (pat, rack)


def test_hooks_match_brute_force(small):
    lang, dfa = small
    for w in sorted(lang)[:80] + ["ΑΒ", "ΣΣΣ"]:
        h = search.hooks(dfa, w, 2, 15)
        assert h.front == [c for c in TILE_LETTERS if c + w in lang and len(w) + 1 >= 2]
        assert h.back == [c for c in TILE_LETTERS if w + c in lang and len(w) + 1 >= 2]


def test_walk_is_pruned_by_the_rack(small, monkeypatch):
    """The walk expands only prefixes the rack can make, never the whole acceptor."""
    lang, dfa = small
    seen = []
    real = search._matches

    def spy(levels, values):
        seen.append(sum(len(lv[0]) for lv in levels))
        return real(levels, values)

    monkeypatch.setattr(search, "_matches", spy)
    list(search.anagram(dfa, search.parse_rack("ΑΒ", check_set=False), 1, 15))
    prefixes_ab = {w[:i] for w in lang for i in range(1, len(w) + 1)
                   if not excess(w[:i], "ΑΒ")}
    assert sum(seen) <= len(prefixes_ab)


def test_search_streams_in_alphabetical_blocks(monkeypatch):
    lang = small_language(5, alphabet=TILE_LETTERS, n=3000)
    dfa = rt.TileDFA(rt.export(acceptor(lang)))
    monkeypatch.setattr(search, "BLOCK_WORDS", 50)  # many first-letter blocks
    got = [m.word for m in search.pattern(dfa, "*", None, 1, 64)]
    assert got == sorted(lang)
    assert [m.word for m in search.pattern(dfa, "?*", None, 2, 3)] == \
        sorted(w for w in lang if 2 <= len(w) <= 3)


# ---------------------------------------------------------------------------------------------
# racks, patterns, the tile set


def test_tile_set_is_the_greek_edition():
    ts = search.tile_set()
    assert sorted(ts.values) == list(TILE_LETTERS)
    assert sum(ts.counts.values()) + ts.blanks == 104  # the Greek set: 102 letters, 2 blanks
    assert ts.blanks == 2
    assert (ts.counts["Α"], ts.values["Α"]) == (12, 1)
    assert (ts.counts["Ξ"], ts.values["Ξ"]) == (1, 10)
    assert (ts.counts["Ω"], ts.values["Ω"]) == (3, 3)
    assert "wikipedia" in ts.source.lower()
    assert ts.score("ΞΑΝΑ") == 13 and ts.score("ΞΑΝΑ", blanks=[0]) == 3


@pytest.mark.parametrize("rack, words", [
    ("", ["empty"]), ("  ", ["empty"]), ("ΑΒ???", ["3 blanks"]), ("Α*?*", ["3 blanks"]),
    ("ΞΞ", ["2 × Ξ", "has 1"]), ("ABΓ", ["rack 'ABΓ'", "Latin"]), ("ΑΒ1", ["digit"]),
    ("ΑΑΑΑΑΑΑΑΑΑΕΕΕΕΟΟ", ["16 tiles"]), ("ΑΑΑΑΑΑΑΑΑΑΑΑΑ", ["13 × Α", "has 12"]),
])
def test_bad_racks_are_one_sentence(rack, words):
    with pytest.raises(search.SearchError) as e:
        search.parse_rack(rack)
    msg = str(e.value)
    assert "\n" not in msg
    for w in words:
        assert w in msg


def test_rack_is_normalised_like_check():
    assert search.parse_rack("άε") == search.parse_rack("ΑΕ") == search.Rack("ΑΕ", 0)
    assert search.parse_rack("γράψας*") == search.Rack("ΑΑΓΡΣΨ", 1)
    assert search.parse_rack("ἄς?") == search.Rack("ΑΣ", 1)


@pytest.mark.parametrize("pattern, want", [
    ("ΑΝ?Ρ*ΠΟΣ", ("Α", "Ν", "?", "Ρ", "*", "Π", "Ο", "Σ")),
    ("αν?ρ**πος", ("Α", "Ν", "?", "Ρ", "*", "Π", "Ο", "Σ")),
    ("*", ("*",)), ("ά*ς", ("Α", "*", "Σ")),
])
def test_patterns_parse(pattern, want):
    assert search.parse_pattern(pattern) == want


@pytest.mark.parametrize("pattern, words", [
    ("", ["empty"]), ("ΑΝ1", ["digit", "position 3"]), ("Α.Β", ["position 2"]),
    ("?" * 16, ["16 letters"]), ("ΑΝ Θ", ["pattern"]),
])
def test_bad_patterns_are_one_sentence(pattern, words):
    with pytest.raises(search.SearchError) as e:
        search.parse_pattern(pattern)
    assert "\n" not in str(e.value)
    for w in words:
        assert w in str(e.value)


def test_match_shows_blanks_in_lower_case():
    m = search.Match("ΓΡΑΨΑΜΕΣ", (3, 7), 9)
    assert m.shown == "ΓΡΑψΑΜΕς" and m.blank_letters == "ΨΣ"
    assert search.best_first([search.Match("ΑΒ", (), 9), search.Match("ΑΒΓ", (), 9),
                              search.Match("ΞΙ", (), 11)])[0].word == "ΞΙ"


# ---------------------------------------------------------------------------------------------
# the real acceptor (board profile) against a scan of its word list


@pytest.fixture(scope="module")
def words_2_7(judge):
    return [w for w in judge.wordlist(2, 7)]


def test_anagram_two_blanks_against_the_word_list(judge, words_2_7):
    got = triples(judge.anagram("ΑΕΓΡΨ??", max_length=7))
    want = brute_anagram(words_2_7, "ΑΓΕΡΨ", 2, 2, 7)
    assert got == want
    assert ("ΕΓΡΑΨΑ", (5,), 18) in got  # the second Α is a blank
    assert len(got) > 500


def test_pattern_with_rack_against_the_word_list(judge, words_2_7):
    got = triples(judge.pattern("*ΩΝ", rack="ΑΕΓΡΨ?", max_length=7))
    assert got == brute_pattern(words_2_7, "*ΩΝ", "ΑΕΓΡΨ?", 2, 7)
    assert got
    assert "ΑΝΘΡΩΠΟΣ" in [m.word for m in judge.pattern("ΑΝ?Ρ*ΠΟΣ")]
    assert triples(judge.pattern("αν?ρ*πος")) == triples(judge.pattern("ΑΝ?Ρ*ΠΟΣ"))


def test_hooks_of_real_words(judge):
    h = judge.hooks("γράψα")
    assert "Ε" in h.front  # ΕΓΡΑΨΑ
    assert all(judge.check(c + "ΓΡΑΨΑ").valid for c in h.front)
    assert all(judge.check("ΓΡΑΨΑ" + c).valid for c in h.back)
    missing = [c for c in TILE_LETTERS if c not in h.back]
    assert not any(judge.check("ΓΡΑΨΑ" + c).valid for c in missing)


def test_profile_limits_the_search(judge):
    from fst.api import Judge

    no_d1 = Judge(None, None, None, judge.tags, runtime=judge.runtime, cache=judge._cache,
                  disabled_rules=frozenset({"D1"}))
    board = {m.word for m in judge.anagram("ΓΡΑΨΑ?")}
    kept = {m.word for m in no_d1.anagram("ΓΡΑΨΑ?")}
    assert "ΓΡΑΨΑΝ" in board and "ΓΡΑΨΑΝ" not in kept  # §D1: the colloquial 3rd plural
    assert kept < board
    assert all(no_d1.check(w).valid for w in kept)
    short = Judge(None, None, None, judge.tags, runtime=judge.runtime, cache=judge._cache,
                  max_length=4)
    assert all(len(m.word) <= 4 for m in short.anagram("ΓΡΑΨΑ?"))


# ---------------------------------------------------------------------------------------------
# the command line


def run(capsys, *argv):
    from fst.app.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_anagram_best_first_with_blanks(judge, capsys):
    code, out, err = run(capsys, "anagram", "αεγρψ??", "--max-length", "7")
    assert code == 0 and not err
    lines = [l.split("\t") for l in out.splitlines()]
    scores = [int(s) for _, s in lines]
    assert scores == sorted(scores, reverse=True)
    shown = [w for w, _ in lines]
    assert "ΕΓΡΑΨα" in shown  # one blank as Α, lower case
    assert len(shown) == len(set(shown)) == len(list(judge.anagram("ΑΕΓΡΨ??", max_length=7)))
    code, out, _ = run(capsys, "anagram", "ΓΡΑΨΑΕ", "--exact")
    assert code == 0 and out.split("\t")[0] == "ΕΓΡΑΨΑ"


def test_cli_pattern_and_hooks(judge, capsys):
    code, out, _ = run(capsys, "pattern", "ΑΝ?Ρ*ΠΟΣ", "--sort", "alpha")
    assert code == 0 and "ΑΝΘΡΩΠΟΣ\t21" in out.splitlines()
    code, out, _ = run(capsys, "hooks", "ΓΡΑΨΑ", "a1")
    lines = out.splitlines()
    assert lines[0].startswith("ΓΡΑΨΑ\tΕ") and lines[1].startswith("a1\t-\tE:")
    code, out, _ = run(capsys, "anagram", "ΞΨ")
    assert code == 1 and out == ""


@pytest.mark.parametrize("argv, words", [
    (["anagram", "ΑΒ???"], ["3 blanks"]),
    (["anagram", "ΞΞ"], ["Ξ"]),
    (["pattern", "ΑΝ!"], ["'!'"]),
    (["pattern", "Α*", "--rack", "ΑΒ???"], ["3 blanks"]),
])
def test_cli_bad_input_is_one_line(judge, capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    for w in words:
        assert w in err


#: one bad input per SearchError of fst/runtime/search.py (and fst/api.py's super-anagram):
#: the call, and its English line, the same bytes as before the messages (the CLI and the JSON)
SEARCH_ERRORS = [
    (lambda: search.parse_rack(""), "the rack is empty: give its letters, with ? or * for a blank"),
    (lambda: search.parse_rack("ΑΒ1"), "rack 'ΑΒ1': character '1' (DIGIT ONE) at position 3 is a "
     "digit or number; words contain letters only"),
    (lambda: search.parse_rack("??????????"), "rack '??????????' has 10 blanks; the Greek set "
     "has 2"),
    (lambda: search.parse_rack("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥ"), "rack 'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥ' has 20 "
     "tiles; at most 15 can be searched"),
    (lambda: search.parse_rack("ΞΞΞ"), "rack 'ΞΞΞ' has 3 × Ξ; the Greek set has 1"),
    (lambda: search.parse_pattern("[?]"), "pattern '[?]': '?' cannot stand inside the letter "
     "set at position 1"),
    (lambda: search.parse_pattern("[]"), "pattern '[]': the letter set at position 1 is empty"),
    (lambda: search.parse_pattern("Α[^ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ]"), "pattern "
     "'Α[^ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ]': the letter set at position 2 excludes every letter"),
    (lambda: search.parse_pattern(" "), "the pattern is empty: give letters, ? for one letter, "
     "* for any run, letters in [ ] for one of them"),
    (lambda: search.parse_pattern("ΑΒ]"), "pattern 'ΑΒ]': ']' at position 3 closes no letter "
     "set"),
    (lambda: search.parse_pattern("ΑΝ[ΘΤ"), "pattern 'ΑΝ[ΘΤ': the letter set at position 3 is "
     "not closed by ']'"),
    (lambda: search.parse_pattern("ΑΝ[^A]"), "pattern 'ΑΝ[^A]': character 'A' (LATIN CAPITAL "
     "LETTER A) at position 5 is a Latin letter, not Greek (it looks like the Greek 'Α'; allow "
     "Latin look-alikes to map it)"),
    (lambda: search.parse_pattern("?" * 16), "pattern '????????????????' has 16 letters, ? and "
     "sets; a word has at most 15"),
    (lambda: search.check_extra(99), "--super 99: give 0 to 15 more letters"),
    (lambda: search.hooks(None, " "), "the word is empty"),
    (lambda: search.hooks(None, "ΑΒ\u200b"), "word 'ΑΒ\\u200b': character U+200B (ZERO WIDTH "
     "SPACE) at position 3 is an invisible or control character"),
    (lambda: search.extension_tokens("ΓΡΑΦΩ", "left"), "side 'left': give one of front, back, "
     "any"),
    (lambda: search.extension_tokens("", "any"), "the word is empty"),
]


@pytest.mark.parametrize("call, english", SEARCH_ERRORS)
def test_a_search_error_is_english_in_the_cli_and_greek_on_a_greek_page(call, english):
    """Each SearchError is a message of grammars/messages.tsv: its string (the CLI's, the
    JSON's) is the English line; grammars.labels.say gives it in Greek, without an English
    word (less what was typed and the side names, parameter values)."""
    from grammars.labels import say
    with pytest.raises(search.SearchError) as e:
        call()
    assert str(e.value) == english and e.value.reason == english
    greek = say(e.value.reason, "el")
    assert greek != english and re.search("[α-ω]{3}", greek), greek
    # less a parameter's value (a side) and name (the CLI's --super): as typed
    latin = set(re.findall(r"(?<![\w+])[A-Za-z]{3,}(?!\w)", greek)) - {"left", "front", "back",
                                                                      "any", "super"}
    assert latin == set(), greek
