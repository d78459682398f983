"""The guesser's answers pinned word by word (tests/fixtures/guess_pinned.json), so that a change
made for speed (grammars/guess.py) provably changes no guess, order, weight, cell or form.

The fixture was written by the guesser before its speed-up (issue 23 item 7) and holds, for
~100 words (nouns, adjectives, verbs, augmented pasts, tile-form and unaccented input,
monosyllables, diaeresis, nonsense Greek, invalid input, and forms drawn at random from the
lexicon's paradigms), every guess (``limit=None``), the ``pos``-filtered guesses and the
unranked ``analyses``. It also records a digest of what the answers depend on (the class
tables and ``lexicon/lemmas.tsv``): when those change, the answers may change too, and the
test says so; rewrite the fixture then, from code known to be right, with

    python -m tests.test_guess_pinned --write
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

import lexicon
from grammars import phonology as ph
from grammars.guess import Guesser
from grammars.normalize import InvalidWord
from grammars.paradigm import CLASSES_DIR, cut

PINNED = Path(__file__).resolve().parent / "fixtures" / "guess_pinned.json"

# Hand-picked words; the fixture adds forms drawn at random from the lexicon's paradigms.
WORDS = [
    # nouns
    "ανθρώπου", "άνθρωπος", "θαλασσών", "θάλασσα", "δρόμων", "λόγε", "σπιτιού", "καρδιά",
    "παιδιά", "πόλεως", "πόλης", "γυναίκες", "φουρνάρηδες", "παγκρέατος", "θυμιάματα",
    "βασιλιάδες", "χειμώνιασμα", "τσάι", "ρόιδα", "κρέατα", "γάιδαρος", "μήνα",
    # adjectives
    "καλός", "καλή", "καλύτερου", "ωραίας", "βαθιά", "ελαφρύ", "αϋλος", "άπιαστους",
    "αταίριαχτοι", "πλατιών",
    # verbs
    "έγραψα", "γράψαμε", "γράφω", "έγραφαν", "αγαπούσαμε", "αγαπήθηκε", "λύνεται",
    "θυμάμαι", "ερχόμασταν", "τρώει", "έλεγες", "ξαναγράψατε", "κορόιδευα", "κελαηδούσε",
    # unaccented and tile-form input, monosyllables
    "ΑΝΘΡΩΠΟΥ", "ΓΡΑΨΑΜΕ", "ΘΑΛΑΣΣΩΝ", "ανθρωπου", "λογος", "μια", "γιοι", "φως", "ΦΩΣ",
    # nonsense Greek
    "ξυλοκουφάκι", "μπλιμπλίκια", "κρατσανίζουμε", "ζζζ", "ψψα", "ααααα", "ώ", "ο",
    # not words
    "abc", "", "λόγος1",
]

POS_CASES = [("έγραψα", "VERB"), ("έγραψα", "NOUN"), ("καλός", "ADJ"), ("ΓΡΑΨΑΜΕ", "verb"),
             ("θαλασσών", "NOUN")]
ANALYSES = ["ανθρώπου", "έγραψα", "καλή", "σπιτιού", "τσάι", "ξυλοκουφάκι"]
ANALYSES_LEMMAS = [("ανθρώπου", ["άνθρωπος", "ανθρώπος"]), ("έγραψα", ["γράφω", "γράψω"])]


def inputs_digest() -> str:
    """SHA-1 of the class tables and lexicon/lemmas.tsv, which the answers depend on."""
    h = hashlib.sha1()
    for p in sorted(CLASSES_DIR.glob("*.tsv")) + [lexicon.LEXICON_DIR / lexicon.LEMMAS_FILE]:
        h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def answer(g: Guesser, word: str, pos: str | None = None, limit: int | None = None):
    try:
        return [list(x) for x in g.guess(word, pos=pos, limit=limit)]
    except InvalidWord as e:
        return "InvalidWord:" + e.code


def random_words(n: int = 40, seed: int = 23) -> list[str]:
    import random

    from scripts.benchmarks.guess import make_types

    return make_types(n, random.Random(seed))


def capture() -> dict:
    g = Guesser()
    words = list(dict.fromkeys(WORDS + random_words()))
    return {
        "digest": inputs_digest(),
        "words": words,
        "guesses": {w: answer(g, w) for w in words},
        "pos": [[w, p, answer(g, w, pos=p)] for w, p in POS_CASES],
        "analyses": {w: [list(a) for a in g.analyses(w)] for w in ANALYSES},
        "analyses_lemmas": [[w, ls, [list(a) for a in g.analyses(w, lemmas=set(ls))]]
                            for w, ls in ANALYSES_LEMMAS],
    }


@pytest.fixture(scope="module")
def pinned():
    data = json.loads(PINNED.read_text(encoding="utf-8"))
    if data["digest"] != inputs_digest():
        pytest.fail("the class tables or lexicon/lemmas.tsv changed since "
                    f"{PINNED.name} was written: check the new guesses and rewrite it with "
                    "python -m tests.test_guess_pinned --write")
    return data


def test_every_guess_is_as_pinned(pinned):
    g = Guesser()
    got = {w: answer(g, w) for w in pinned["words"]}
    diff = [w for w in pinned["words"] if got[w] != pinned["guesses"][w]]
    assert not diff, f"{len(diff)} words guessed differently, e.g. {diff[0]!r}: " \
                     f"{got[diff[0]][:3]} instead of {pinned['guesses'][diff[0]][:3]}"


def test_the_fixture_is_varied(pinned):
    """Many words with several guesses, some with none, and invalid input: a test that can fail."""
    ans = pinned["guesses"].values()
    assert sum(1 for a in ans if isinstance(a, list) and len(a) >= 5) >= 50
    assert any(a == [] for a in ans)
    assert sum(1 for a in ans if isinstance(a, str)) >= 2


def test_a_batch_answers_as_pinned(pinned):
    """guess_many (default limit 10), its caches kept across words, in reverse order and twice
    over: each answer is the first 10 pinned guesses."""
    words = pinned["words"][::-1] * 2
    g = Guesser()
    for (w, r), want in zip(g.guess_many(words), words):
        assert w == want
        exp = pinned["guesses"][w]
        got = "InvalidWord:" + r.code if isinstance(r, InvalidWord) else [list(x) for x in r]
        assert got == (exp if isinstance(exp, str) else exp[:10]), w


def test_pos_filter_and_analyses_as_pinned(pinned):
    g = Guesser()
    assert [[w, p, answer(g, w, pos=p)] for w, p, _ in pinned["pos"]] == pinned["pos"]
    assert {w: [list(a) for a in g.analyses(w)] for w in pinned["analyses"]} == pinned["analyses"]
    assert [[w, ls, [list(a) for a in g.analyses(w, lemmas=set(ls))]]
            for w, ls, _ in pinned["analyses_lemmas"]] == pinned["analyses_lemmas"]


def _old_underlying(word: str, glides: bool = True) -> str:
    """grammars.phonology.underlying as it was written before the speed-up (loops)."""
    import unicodedata

    w = unicodedata.normalize("NFC", word.lower()).replace("ς", "σ")
    out = []
    for ch in w:
        if ch in ph._ACCENTED:
            out.append(ph._ACCENTED[ch] + ph.MARK)
        elif ch in ph.LETTERS:
            out.append(ch)
        else:
            raise ValueError(f"character {ch!r} in {word!r} is not a Greek lower-case letter")
    s = "".join(out)
    res = []
    for i, ch in enumerate(s):
        if (glides and ch == "ι" and 0 < i < len(s) - 1 and s[i - 1] in ph.LETTERS
                and s[i - 1] not in ph.VOWELS and s[i + 1] in ph.VOWELS):
            res.append(ph.GLIDE)
        else:
            res.append(ch)
    return "".join(res)


def _old_stress_slot(lemma: str) -> str:
    """stress_slot as it was written before the speed-up: every unit of the word."""
    units = _old_units(_old_underlying(lemma, glides=False))
    nuclei = [u for u in units if ph._is_nucleus(u)]
    for i, u in enumerate(reversed(nuclei)):
        if u.endswith(ph.MARK):
            return str(min(i, 3))
    return "-"


def test_fast_paths_agree_with_phonology():
    """The shortcuts give what the code before the speed-up gave, on every lemma of lemmas.tsv
    (and a few more) and every accentuation of its plain spelling: phonology.underlying (with
    and without glides; its error), the underlying string _accentuations pairs with each
    spelling, the stem cut from it, stress_slot and the unit split."""
    import grammars.guess as m

    lemmas = sorted({lm for lm, _ in m.read_lemma_classes()})
    assert len(lemmas) > 1000
    bad = []
    for lemma in lemmas + ["Άνθρωπος", "καρδιά", "ΐδιος", "αϋπνία", "ά\u0301", "λόγος1"]:
        try:
            u = _old_underlying(lemma, glides=False)
        except ValueError as e:
            with pytest.raises(ValueError, match=str(e)):
                ph.underlying(lemma, glides=False)
            with pytest.raises(ValueError):
                m._underlying(lemma)
            continue
        p = ph.plain(u)
        checks = [(m._underlying(lemma), u), (m.stress_slot(lemma), _old_stress_slot(lemma)),
                  (m._units(p), _old_units(p)),
                  (ph.underlying(lemma), _old_underlying(lemma))]
        for w, j, uw in m._accentuations(p):
            checks += [(uw, _old_underlying(w, glides=False)), (m._underlying(w), uw),
                       (m.stress_slot(w), _old_stress_slot(w))]
            checks += [(m._stem(uw, j, len(p) - k), cut(uw, k)[0]) for k in range(len(p) + 1)]
        if any(a != b for a, b in checks):
            bad.append(lemma)
    assert not bad, f"{len(bad)} lemmas differ, e.g. {bad[:5]}"


def _old_units(s: str) -> list[str]:
    """grammars.phonology._units as it was written before the speed-up (a loop)."""
    units: list[str] = []
    i = 0
    while i < len(s):
        if s[i] == ph.MARK:
            units[-1] += ph.MARK
            i += 1
            continue
        if s[i:i + 2] in ph.DIGRAPHS:
            units.append(s[i:i + 2])
            i += 2
        else:
            units.append(s[i])
            i += 1
    return units


def test_units_as_before():
    """phonology._units (one regular expression) splits as its loop did: random strings of
    vowels, consonants, the glide and stress marks (never a leading mark, which has no unit),
    and the underlying spellings of lemmas.tsv with an ending."""
    import random

    rng = random.Random(7)
    alphabet = "αειουηωϊϋβγσ" + ph.GLIDE + ph.MARK * 3
    strings = ["".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 12)))
               for _ in range(20_000)]
    strings = [x for x in strings if not x.startswith(ph.MARK)]
    strings += [ph.underlying(lm, glides=g) + e for lm in WORDS[:30] if lm.islower() and lm
                and all(ch in ph.LETTERS or ch in ph._ACCENTED for ch in lm)
                for g in (False, True) for e in ("", "ου'", "jα'", "ε")]
    bad = [x for x in strings if ph._units(x) != _old_units(x)]
    assert not bad, bad[:5]
    assert ph._units("δρο'μοσ") == ["δ", "ρ", "ο'", "μ", "ο", "σ"]
    with pytest.raises(IndexError):
        ph._units(ph.MARK + "α")


def _old_syllables(units: list[str]) -> int:
    """grammars.phonology._syllables before the speed-up."""
    n = 0
    for i, u in enumerate(units):
        if not ph._is_nucleus(u):
            continue
        if u in ph.GLIDING and i + 1 < len(units) and ph._is_nucleus(units[i + 1]):
            continue
        n += 1
    return n


def _old_realise(stem: str, ending: str, directive: str = ph.KEEP, aug: str | None = None) -> str:
    """grammars.phonology.realise before the speed-up (its loops), verbatim but for names."""
    KEEP, MARK = ph.KEEP, ph.MARK
    tail = ""
    if directive.endswith("+ε"):
        directive, tail = directive[:-2], "ε"
    raw = _old_units(stem + ending)
    units = [u.rstrip(MARK) for u in raw]
    marked = [i for i, u in enumerate(raw) if u.endswith(MARK)] if directive == KEEP else []
    nuclei = [i for i, u in enumerate(units) if ph._is_nucleus(u)]
    n = len(nuclei)
    prefix = ""
    stress = marked[-1] if marked else None
    if directive == "ULT":
        stress = nuclei[-1] if n else None
    elif directive == "PEN":
        stress = nuclei[-2] if n >= 2 else (nuclei[-1] if n else None)
    elif directive == "ANT":
        stress = nuclei[-3] if n >= 3 else (nuclei[0] if n else None)
    elif directive == "MAXPEN":
        if n >= 2 and (stress is None or stress < nuclei[-2]):
            stress = nuclei[-2]
    elif stress is not None and n >= 4 and _old_syllables(
            units[stress + 1 + ph._offglide(units, stress):]) >= 3:
        stress = nuclei[-3]
    if aug is not None:
        stressed_aug = directive == "ANT" and n == 2
        if aug == ph.AUG and stressed_aug:
            prefix, stress = "έ", None
        elif aug == ph.AUG_D1:
            if stressed_aug:
                return ""
            prefix = "ε"
    total = n + (1 if prefix else 0) + (1 if tail else 0)
    if stress is None and directive == KEEP and \
            _old_syllables(units + [tail] * bool(tail)) + bool(prefix) >= 2:
        return ""
    if total <= 1:
        stress = None
    out = []
    for i, u in enumerate(units):
        if i == stress:
            u = u[:-1] + ph._ACCENT_OF[u[-1]]
        out.append(u)
    w = (prefix + "".join(out) + tail).replace(ph.GLIDE, "ι")
    if w.endswith("σ"):
        w = w[:-1] + "ς"
    return w


def test_realise_as_before(monkeypatch):
    """phonology.realise gives what it gave before the speed-up for every call the guesser
    makes on the pinned words and every call of generate() for 1,000 lemmas of lemmas.tsv under
    each of their classes, and a few made-up calls for the directives the tables lack."""
    import grammars.guess as m
    from grammars.paradigm import generate, load_tables

    calls = set()
    real = ph.realise

    def spy(*a):
        calls.add(a)
        return real(*a)

    monkeypatch.setattr(ph, "realise", spy)
    g = Guesser()
    g.clear_caches()
    for w in WORDS[:60]:
        try:
            g.guess(w, limit=None)
        except InvalidWord:
            pass
    tables = load_tables()
    pairs = [(lm, c) for lm, c in m.read_lemma_classes() if c in tables]
    for lm, c in pairs[::max(1, len(pairs) // 1000)]:
        try:
            generate(lm, tables[c], realise=spy)
        except ValueError:
            pass
    monkeypatch.undo()
    assert len(calls) > 8_000
    # the tables' directives, with and without the augment slot
    assert {(a[2], a[3]) for a in calls} >= {("keep", None), ("ULT", None), ("ANT", ph.AUG),
                                             ("ANT", None), ("MAXPEN", None)}
    # and the rest of the function: PEN, the euphonic ε, the unstressed augment of §D1
    calls |= {(st, e, d, aug) for st in ("γραφ", "α'νθρωπ", "ερχο'", "λυ", "αγαπ")
              for e in ("", "ε", "ου", "ουμε", "ησαμε", "jα'") for d in
              ("keep", "PEN", "ULT+ε", "PEN+ε", "MAXPEN+ε", "ANT") for aug in (None, ph.AUG_D1)}
    bad = [a for a in calls if ph.realise(*a) != _old_realise(*a)]
    assert not bad, bad[:5]


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.test_guess_pinned --write")
    data = capture()
    # one line per word, so that a diff of the fixture names the words that changed
    lines = ",\n".join(json.dumps(k, ensure_ascii=False) + ": " + (
        "{\n" + ",\n".join(json.dumps(w, ensure_ascii=False) + ": "
                            + json.dumps(a, ensure_ascii=False) for w, a in v.items()) + "}"
        if isinstance(v, dict) else json.dumps(v, ensure_ascii=False)) for k, v in data.items())
    PINNED.write_text("{" + lines + "}\n", encoding="utf-8")
    print(f"wrote {PINNED}")
