"""grammars.normalize: every Unicode rule between typed text and tile form."""

from __future__ import annotations

import csv
import pickle
import unicodedata

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from conftest import FIXTURES, requires_shared, shared_path
from grammars.normalize import (
    ERROR_CODES,
    LATIN_LOOKALIKES,
    MAX_LETTERS,
    TILE_LETTERS,
    InvalidWord,
    is_tile,
    to_lower_accented,
    to_tile,
)


def error(word, **kw) -> InvalidWord:
    with pytest.raises(InvalidWord) as info:
        to_tile(word, **kw)
    e = info.value
    assert e.code in ERROR_CODES
    assert e.word == word
    assert str(e) == e.reason
    return e


# ---------------------------------------------------------------------------------------------
# the alphabet


def test_tile_letters():
    assert TILE_LETTERS == "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ"
    assert len(TILE_LETTERS) == 24
    assert list(TILE_LETTERS) == sorted(TILE_LETTERS)  # code-point order is alphabetical
    assert to_tile(TILE_LETTERS) == TILE_LETTERS
    assert to_tile("αβγδεζηθικλμνξοπρστυφχψω") == TILE_LETTERS


@pytest.mark.parametrize(
    "word, tile",
    [
        ("έγραψα", "ΕΓΡΑΨΑ"),
        ("ΕΓΡΑΨΑ", "ΕΓΡΑΨΑ"),
        ("Έγραψα", "ΕΓΡΑΨΑ"),
        ("εΓρΆψΑ", "ΕΓΡΑΨΑ"),  # mixed case
        ("ανθρώπους", "ΑΝΘΡΩΠΟΥΣ"),
        ("άνθρωπος", "ΑΝΘΡΩΠΟΣ"),
        ("ΆΝΘΡΩΠΟΣ", "ΑΝΘΡΩΠΟΣ"),
        ("οδός", "ΟΔΟΣ"),  # final sigma
        ("ς", "Σ"),
        ("σς", "ΣΣ"),
        ("ΐ", "Ι"),  # U+0390 iota with dialytika and tonos
        ("ϋ", "Υ"),  # U+03CB upsilon with dialytika
        ("ΰ", "Υ"),  # U+03B0
        ("Ϊ", "Ι"),  # U+03AA
        ("Ϋ", "Υ"),
        ("προϊόν", "ΠΡΟΙΟΝ"),
        ("ταΐζω", "ΤΑΙΖΩ"),
        ("ἄνθρωπος", "ΑΝΘΡΩΠΟΣ"),  # polytonic: psili + oxia
        ("ὁδὸς", "ΟΔΟΣ"),  # dasia, varia
        ("πῶς", "ΠΩΣ"),  # perispomeni
        ("ᾄδω", "ΑΔΩ"),  # iota subscript
        ("ᾼ", "Α"),  # prosgegrammeni
        ("Ἀθῆναι", "ΑΘΗΝΑΙ"),
        ("ῥήτωρ", "ΡΗΤΩΡ"),
        ("µ", "Μ"),  # MICRO SIGN
        ("ϐϑϕϖϰϱϲϵ", "ΒΘΦΠΚΡΣΕ"),  # Greek symbol variants
        ("  λόγος  ", "ΛΟΓΟΣ"),  # surrounding white space
        ("\tλόγος\n", "ΛΟΓΟΣ"),
        ("\u00a0λόγος\u2003", "ΛΟΓΟΣ"),  # no-break space, em space
    ],
)
def test_to_tile(word, tile):
    assert to_tile(word) == tile
    assert is_tile(tile)


def test_oxia_and_tonos_agree():
    oxia = "\u1f71"  # GREEK SMALL LETTER ALPHA WITH OXIA
    tonos = "\u03ac"  # GREEK SMALL LETTER ALPHA WITH TONOS
    assert to_tile(oxia) == to_tile(tonos) == "Α"
    assert to_tile("\u1f73\u03c1\u03c9\u03c2") == to_tile("έρως") == "ΕΡΩΣ"  # έ oxia
    assert to_lower_accented(oxia) == tonos
    assert to_lower_accented("\u1f77\u03c3\u03c9\u03c2") == "ίσως"  # ί oxia


def test_decomposed_input():
    nfd = unicodedata.normalize("NFD", "ανθρώπους ΐ ϋ ἄνθρωπος ᾄδω")
    assert nfd != unicodedata.normalize("NFC", nfd)
    for word in nfd.split():
        assert to_tile(word) == to_tile(unicodedata.normalize("NFC", word))
    assert to_tile("α\u0301") == "Α"
    assert to_tile("ι\u0308\u0301") == "Ι"
    assert to_tile("ι\u0301\u0308") == "Ι"  # non-canonical mark order


def test_every_greek_precomposed_letter_maps_to_its_base():
    """Every Greek(-Extended) letter whose name says which modern letter it is maps to it."""
    names = {
        "ALPHA": "Α", "BETA": "Β", "GAMMA": "Γ", "DELTA": "Δ", "EPSILON": "Ε", "ZETA": "Ζ",
        "ETA": "Η", "THETA": "Θ", "IOTA": "Ι", "KAPPA": "Κ", "LAMDA": "Λ", "MU": "Μ", "NU": "Ν",
        "XI": "Ξ", "OMICRON": "Ο", "PI": "Π", "RHO": "Ρ", "SIGMA": "Σ", "TAU": "Τ",
        "UPSILON": "Υ", "PHI": "Φ", "CHI": "Χ", "PSI": "Ψ", "OMEGA": "Ω",
    }
    checked = 0
    for cp in list(range(0x0386, 0x03D0)) + list(range(0x1F00, 0x1FFF)):
        c = chr(cp)
        name = unicodedata.name(c, "")
        if not name.startswith(("GREEK SMALL LETTER ", "GREEK CAPITAL LETTER ")):
            continue
        letter = name.split(" LETTER ")[1].split(" WITH ")[0].replace("FINAL ", "")
        if letter in names:
            assert to_tile(c) == names[letter], name
            checked += 1
    assert checked > 250


# ---------------------------------------------------------------------------------------------
# Latin look-alikes


def test_latin_lookalike_rejected_with_position():
    e = error("ΑΝΘΡAΠΟΣ")  # Latin A at position 5
    assert e.code == "latin-lookalike"
    assert e.position == 5
    assert "'A'" in e.reason and "LATIN CAPITAL LETTER A" in e.reason
    assert "position 5" in e.reason and "Latin letter, not Greek" in e.reason


def test_latin_lookalike_first_letter():
    # elspell has lemmas such as "Aμερικανός" with a Latin capital A.
    e = error("Aμερικανός")
    assert (e.code, e.position) == ("latin-lookalike", 1)
    assert to_tile("Aμερικανός", latin_lookalikes=True) == "ΑΜΕΡΙΚΑΝΟΣ"
    assert to_lower_accented("Aμερικανός", latin_lookalikes=True) == "αμερικανός"


@pytest.mark.parametrize("latin, greek", sorted(LATIN_LOOKALIKES.items()))
def test_each_lookalike(latin, greek):
    assert error("Κ" + latin + "Κ").code == "latin-lookalike"
    assert to_tile("Κ" + latin + "Κ", latin_lookalikes=True) == "Κ" + to_tile(greek) + "Κ"


def test_lookalike_set_is_the_agreed_one():
    assert set(LATIN_LOOKALIKES) == set("ABEHIKMNOPTXYZ") | {"o"}
    for latin, greek in LATIN_LOOKALIKES.items():
        assert unicodedata.name(greek).startswith("GREEK")


def test_all_lookalike_word_maps_with_flag():
    assert error("TAXI").code == "latin-lookalike"
    assert to_tile("TAXI", latin_lookalikes=True) == "ΤΑΧΙ"
    assert to_tile("ΚoΤA", latin_lookalikes=True) == "ΚΟΤΑ"


def test_latin_with_accent_is_a_lookalike():
    e = error("Ánthropos".replace("nthropos", "ΝΘΡΩΠΟΣ"))
    assert e.code == "latin-lookalike"
    assert "LATIN CAPITAL LETTER A WITH ACUTE" in e.reason
    assert to_tile("ÁΝΘΡΩΠΟΣ", latin_lookalikes=True) == "ΑΝΘΡΩΠΟΣ"


def test_non_lookalike_latin_wins_over_lookalike():
    # Mapping A, H, O, T, E would not help: L has no Greek twin.
    e = error("HOTEL")
    assert e.code == "not-greek"
    assert e.position == 5 and "LATIN CAPITAL LETTER L" in e.reason
    e = error("HOTEL", latin_lookalikes=True)
    assert e.code == "not-greek" and e.position == 5
    assert error("hello").code == "not-greek"
    assert error("ΚΑΛv").code == "mixed-script"  # lower-case v is not a look-alike


# ---------------------------------------------------------------------------------------------
# other rejections


def test_cyrillic():
    e = error("А")  # CYRILLIC CAPITAL LETTER A
    assert e.code == "not-greek"
    assert "CYRILLIC CAPITAL LETTER A" in e.reason and "position 1" in e.reason
    assert "Cyrillic letter" in e.reason
    e = error("ΑΝΘРΩΠΟΣ")  # Cyrillic ER at position 4
    assert e.code == "mixed-script" and e.position == 4
    assert "CYRILLIC CAPITAL LETTER ER" in e.reason
    # The look-alike flag is for Latin only.
    assert error("ΑΝΘРΩΠΟΣ", latin_lookalikes=True).code == "mixed-script"


@pytest.mark.parametrize(
    "word, code, position",
    [
        ("ΑΒ1", "digit", 3),
        ("٣ΑΒ", "digit", 1),  # ARABIC-INDIC DIGIT THREE
        ("Α½", "digit", 2),
        ("ΑΒ Γ", "whitespace", 3),
        ("ΑΒ\tΓ", "whitespace", 3),
        ("ΑΒ\u00a0Γ", "whitespace", 3),
        ("ΑΒ-Γ", "punctuation", 3),
        ("σ'αγαπώ", "punctuation", 2),  # apostrophe (rule C3)
        ("σ’αγαπώ", "punctuation", 2),
        ("ΑΒΓ.", "punctuation", 4),
        ("ΙΓʹ", "punctuation", 3),  # Greek numeral sign (rule C2)
        ("΄Α", "punctuation", 1),  # spacing tonos
        ("Α;", "punctuation", 2),  # Greek question mark U+037E
        ("Α€", "punctuation", 2),
        ("καλη\u200dμερα", "control", 5),
        ("\ufeffΑΒ", "control", 1),
        ("Α\x00", "control", 2),
        ("Ϝ", "not-greek", 1),  # digamma
        ("Ϙ", "not-greek", 1),  # koppa
        ("Ϡ", "not-greek", 1),  # sampi
        ("ⲁ", "not-greek", 1),  # Coptic
        ("日本", "not-greek", 1),
        ("ΑΒ日", "mixed-script", 3),
        ("Α\u20dd", "not-greek", 2),  # enclosing circle: a mark Greek does not use
        ("𝚨", "not-greek", 1),  # MATHEMATICAL BOLD CAPITAL ALPHA
    ],
)
def test_rejections(word, code, position):
    e = error(word)
    assert e.code == code
    assert e.position == position
    assert "position %d" % position in e.reason
    assert unicodedata.name(word.strip()[position - 1], "U+")[:6] in e.reason or "U+" in e.reason


@pytest.mark.parametrize("word", ["", " ", "\t\n", "\u3000", "\u0301", "\u0301\u0308"])
def test_empty(word):
    e = error(word)
    assert e.code == "empty"
    assert e.position is None


def test_too_long():
    ok = "α" * MAX_LETTERS
    assert to_tile(ok) == "Α" * MAX_LETTERS
    e = error(ok + "α")
    assert e.code == "too-long"
    assert str(MAX_LETTERS + 1) in e.reason and str(MAX_LETTERS) in e.reason
    # accents do not count as letters
    accented = unicodedata.normalize("NFD", "ά" * MAX_LETTERS)
    assert len(accented) == 2 * MAX_LETTERS
    assert to_tile(accented) == "Α" * MAX_LETTERS
    assert error("α" * 100_000).code == "too-long"
    assert error(("ά" * 65).replace("ά", "ἄ")).code == "too-long"


def test_too_long_consistent_between_paths():
    # Many marks on few letters: both functions agree.
    word = "α" + "\u0301" * 1000
    with pytest.raises(InvalidWord) as a:
        to_tile(word)
    with pytest.raises(InvalidWord) as b:
        to_lower_accented(word)
    assert a.value.code == b.value.code == "too-long"


def test_character_error_reported_before_length():
    assert error("α" * 70 + "1").code == "digit"


def test_error_pickles():
    e = error("ΑΒ1")
    e2 = pickle.loads(pickle.dumps(e))
    assert (e2.word, e2.reason, e2.code, e2.position) == (e.word, e.reason, e.code, e.position)
    assert isinstance(e2, ValueError)


def test_not_a_string():
    with pytest.raises(TypeError):
        to_tile(b"\xce\xb1")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# to_lower_accented


@pytest.mark.parametrize(
    "word, lower",
    [
        ("ΑΝΘΡΩΠΟΣ", "ανθρωποσ".replace("σ", "ς")),
        ("Άνθρωπος", "άνθρωπος"),
        ("ἄνθρωπος", "άνθρωπος"),
        ("ΟΔΟΣ", "οδος"[:-1] + "ς"),
        ("οδοσ", "οδός".replace("ό", "ο")),
        ("ςας", "σας"),  # ς inside a word becomes σ
        ("πῶς", "πώς"),  # circumflex -> tonos
        ("ὁδὸς", "οδός"),  # grave -> tonos, breathing dropped
        ("ᾄδω", "άδω"),
        ("ΐ", "ΐ"),
        ("ι\u0301\u0308", "ΐ"),  # marks in any order compose to U+0390
        ("ΠΡΟΪΟΝ", "προϊον"),
        ("  Έγραψα ", "έγραψα"),
        ("\u1f71", "\u03ac"),
    ],
)
def test_to_lower_accented(word, lower):
    got = to_lower_accented(word)
    assert got == lower
    assert got == unicodedata.normalize("NFC", got)


def test_to_lower_accented_raises_like_to_tile():
    for word in ["", "ΑΒ1", "HOTEL", "ΑΝΘΡAΠΟΣ", "α" * 65, "ΑΒ Γ"]:
        with pytest.raises(InvalidWord) as a:
            to_tile(word)
        with pytest.raises(InvalidWord) as b:
            to_lower_accented(word)
        assert (a.value.code, a.value.reason) == (b.value.code, b.value.reason)


# ---------------------------------------------------------------------------------------------
# properties

_GREEK_LETTERS = "".join(
    chr(cp)
    for cp in list(range(0x0386, 0x03D0)) + list(range(0x1F00, 0x1FFF))
    if unicodedata.name(chr(cp), "").startswith(("GREEK SMALL LETTER", "GREEK CAPITAL LETTER"))
)
_MARKS = "\u0300\u0301\u0308\u0313\u0314\u0342\u0345"

greek_words = st.text(
    alphabet=st.sampled_from(_GREEK_LETTERS + TILE_LETTERS + "ς" + _MARKS),
    min_size=1,
    max_size=40,
).filter(lambda w: any(c not in _MARKS for c in w))


@given(greek_words)
@settings(max_examples=500)
def test_idempotent(word):
    tile = to_tile(word)
    assert to_tile(tile) == tile
    assert is_tile(tile)
    assert set(tile) <= set(TILE_LETTERS)


@given(greek_words)
@settings(max_examples=300)
def test_nfc_nfd_and_case_invariant(word):
    tile = to_tile(word)
    assert to_tile(unicodedata.normalize("NFC", word)) == tile
    assert to_tile(unicodedata.normalize("NFD", word)) == tile
    assert to_tile(" " + word + "\n") == tile


@given(greek_words)
@settings(max_examples=300)
def test_lower_accented_projects_to_same_tile(word):
    lower = to_lower_accented(word)
    assert to_tile(lower) == to_tile(word)
    assert to_lower_accented(lower) == lower
    assert lower == lower.lower()
    assert "σ" not in lower[-1:]


@given(st.text(max_size=80))
@settings(max_examples=1000)
@example("\ud800")  # lone surrogate
@example("\U000e0001")  # tag character
@example("\u0301α")
def test_any_text_gives_tile_or_invalid_word(text):
    for flag in (False, True):
        try:
            tile = to_tile(text, latin_lookalikes=flag)
        except InvalidWord as e:
            assert e.code in ERROR_CODES
            assert e.reason and "\n" not in e.reason
        else:
            assert is_tile(tile)
        try:
            to_lower_accented(text, latin_lookalikes=flag)
        except InvalidWord:
            pass


@given(st.text(alphabet=st.sampled_from(sorted(LATIN_LOOKALIKES) + list(TILE_LETTERS)), min_size=1, max_size=20))
def test_lookalike_mapping(word):
    greek = "".join(LATIN_LOOKALIKES.get(c, c) for c in word)
    assert to_tile(word, latin_lookalikes=True) == to_tile(greek)
    if greek != word:
        with pytest.raises(InvalidWord) as info:
            to_tile(word)
        assert info.value.code == "latin-lookalike"
        first = next(i for i, c in enumerate(word) if c in LATIN_LOOKALIKES)
        assert info.value.position == first + 1


# ---------------------------------------------------------------------------------------------
# data


def test_rule_case_words_are_tile_forms():
    with open(FIXTURES / "rule_cases.tsv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
    assert rows
    for row in rows:
        word = row["word"]
        try:
            assert to_tile(word) == word, word
        except InvalidWord as e:  # a case may test a multi-word or hyphenated input (C3, C4)
            assert e.code in ("whitespace", "punctuation", "not-greek", "latin-lookalike"), word


def test_gold_paradigm_forms_normalise():
    with open(FIXTURES / "gold_paradigms.tsv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
    assert rows
    for row in rows:
        form = row["form"]
        assert to_lower_accented(form) == form, form
        assert is_tile(to_tile(form))


@requires_shared
def test_elspell_lemmas():
    """Every elspell lemma normalises or is rejected with a code; the Latin-capital lemmas are
    look-alikes that the flag repairs."""
    path = shared_path() / "data" / "elspell" / "word.rule.data"
    codes: dict[str, int] = {}
    lookalikes = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        lemma = line.split()[0]
        try:
            to_tile(lemma)
        except InvalidWord as e:
            codes[e.code] = codes.get(e.code, 0) + 1
            if e.code == "latin-lookalike":
                lookalikes += 1
                assert is_tile(to_tile(lemma, latin_lookalikes=True))
    assert lookalikes >= 150, codes  # about 190 lines start with a Latin capital
    assert sum(codes.values()) < 300, codes


@pytest.mark.parametrize("word, script", [("σπίτιم", "an Arabic letter"), ("σπίτιא", "a Hebrew letter"),
                                          ("σπίτιи", "a Cyrillic letter"), ("σπίτιẞ", "a Latin letter")])
def test_the_article_agrees_with_the_script(word, script):
    """'an Arabic letter', not 'a Arabic letter' (issue 16)."""
    with pytest.raises(InvalidWord) as e:
        to_tile(word)
    assert script in e.value.reason
