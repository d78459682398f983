"""The Greek alphabet as the grammar uses it: letters, accents, tile form, plain form.

Surface forms are accented lower case (monotonic: one acute, the diaeresis on ι/υ, final ς);
tile form is their projection for play: the 24 capitals, no accent or diaeresis, ς as Σ
(regulation, tile rules). The stress is marked with the acute (Triantafyllidis grammar, the
monotonic system); the diaeresis tells a vowel that does not form a digraph with the one before
it (αϊτός, not αιτός), so it is a spelling, not an accent.

The pynini helpers (``surface_sigma``, ``analysis_sigma``, ``fst_paths``) import pynini when
called only.
"""
from __future__ import annotations

import unicodedata

#: the 24 lower-case letters, alphabetical order (σ is the non-final sigma)
LETTERS = "αβγδεζηθικλμνξοπρστυφχψω"
FINAL_SIGMA = "ς"
#: the 24 tile letters (capitals)
TILE_LETTERS = "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ"
VOWELS = "αεηιουω"
#: vowel → its stressed (acute) form
STRESSED = {"α": "ά", "ε": "έ", "η": "ή", "ι": "ί", "ο": "ό", "υ": "ύ", "ω": "ώ"}
#: vowel → its form with diaeresis, and with diaeresis and stress
DIAERESIS = {"ι": "ϊ", "υ": "ϋ"}
STRESSED_DIAERESIS = {"ι": "ΐ", "υ": "ΰ"}
#: every vowel letter → its stressed form, the diaeresis vowels included (ϊ → ΐ, ϋ → ΰ)
ACCENT = {**STRESSED, **{DIAERESIS[v]: s for v, s in STRESSED_DIAERESIS.items()}}
#: stressed vowel → the same vowel unstressed, the diaeresis kept (ΐ → ϊ)
UNSTRESSED = {s: v for v, s in ACCENT.items()}
#: the stressed vowels (acute, and acute with diaeresis)
STRESSED_VOWELS = "".join(ACCENT.values())
#: the vowel letters of an unstressed form: the seven and ϊ, ϋ
VOWELS_WITH_DIAERESIS = VOWELS + "".join(DIAERESIS.values())
#: the vowel letters of any surface form: plain, with diaeresis, stressed (orthography's
#: syllables, §B7's vowel groups)
VOWELS_WITH_MARKED = VOWELS_WITH_DIAERESIS + STRESSED_VOWELS
#: the vowels plain or with the acute, without ϊ ϋ ΐ ΰ: a word or stem starts with a vowel
#: of these (a diaeresis never stands first); compounds.py and conjugation.py test starts
VOWELS_WITH_STRESSED = VOWELS + "".join(STRESSED.values())
#: the vowels' tiles
TILE_VOWELS = VOWELS.upper()
#: the marked letters in the order the compiler has always listed them
MARKED = "άέήίόύώϊϋΐΰ"
#: every letter a surface form may use
SURFACE_LETTERS = frozenset(LETTERS + FINAL_SIGMA + MARKED)
#: surface letter → tile letter for the letters whose tile is not plain ``upper()``
TILE_MAP = {"ά": "Α", "έ": "Ε", "ή": "Η", "ί": "Ι", "ό": "Ο", "ύ": "Υ", "ώ": "Ω",
            "ϊ": "Ι", "ϋ": "Υ", "ΐ": "Ι", "ΰ": "Υ", "ς": "Σ"}

#: the sigma (σ, non-final) and its tile (Σ)
SIGMA = "σ"
TILE_SIGMA = "Σ"

# -- Greek text around the letters (fst/app/tokenize.py, fst/app/lists.py) --------------------------
#: the Unicode blocks of Greek (Greek and Coptic, Greek Extended), as a regex class body
GREEK_BLOCKS = "\u0370-\u03ff\u1f00-\u1fff"
#: the numeral sign keraia (U+0374 is U+02B9 after NFC) and the lower numeral sign (κγʹ, ͵α)
NUMERAL_SIGNS = "\u02b9\u0374"
LOWER_NUMERAL_SIGN = "\u0375"
#: the pronoun ό,τι (any case, accented or not), written with its comma (a regex)
OTI_PATTERN = "[οόΟΌ],[τΤ][ιΙ]"
#: what the Symbol font's glyphs read back as in a PDF, in place of Greek letters
SYMBOL_LOOKALIKES = {"\u2206": "Δ", "\u2126": "Ω", "\u00b5": "μ"}

_DIAERESIS = "\u0308"


def final_sigma(word: str) -> str:
    """``word`` with a σ that ends it written ς (``final_sigma("λογοσ")`` → ``'λογος'``)."""
    return word[:-1] + FINAL_SIGMA if word.endswith(SIGMA) else word


def tile(form: str) -> str:
    """Tile form of an accented lower-case surface form (NFC): :data:`TILE_MAP`, else the
    letter's ``upper()``; other characters pass unchanged (``tile("άρες")`` → ``'ΑΡΕΣ'``).
    For arbitrary typed text use ``grammars.normalize.to_tile``, which checks it."""
    return "".join(TILE_MAP.get(c, c.upper()) for c in form)


def plain(word: str, *, diaeresis: bool = False, final_sigma: bool = True) -> str:
    """``word`` without its stress: every combining mark removed (the acute; polytonic
    grave, circumflex, breathings, iota subscript), NFC result.

    ``diaeresis=True`` keeps the diaeresis (αϊτός → αϊτος: αϊ and αι are different
    spellings); by default it goes too (αϊτός → αιτος). ``final_sigma=False`` writes ς as σ
    (the form stems are matched on). Case is kept; other characters pass unchanged.

    >>> plain("αϊτός"), plain("αϊτός", diaeresis=True), plain("αυγός", final_sigma=False)
    ('αιτος', 'αϊτος', 'αυγοσ')
    """
    out = unicodedata.normalize("NFC", "".join(
        c for c in unicodedata.normalize("NFD", word)
        if not unicodedata.combining(c) or (diaeresis and c == _DIAERESIS)))
    return out if final_sigma else out.replace(FINAL_SIGMA, "σ")


def surface_sigma():
    """Acceptor of any string of surface letters (pynini)."""
    import pynini
    return pynini.union(*sorted(SURFACE_LETTERS)).closure().optimize()


def analysis_sigma(tags, exclude=()):
    """Acceptor of any string of the analysis side: letters (ς included) and every tag symbol
    of ``tags`` (a :class:`fst.build.tags.TagTable`) but those in ``exclude`` (pynini)."""
    import pynini
    letters = [chr(i) for i in range(0x3b1, 0x3ca)] + list(MARKED)
    syms = [c for k, c in tags.by_tag.items() if c not in exclude]
    return pynini.union(*[pynini.escape(c) for c in letters], *syms).closure().optimize()


def fst_paths(lattice) -> list[tuple[str, str, float]]:
    """(input, output, weight) of every path of an acyclic pynini FST (UTF-8 labels); [] for
    an empty one. Imports pynini."""
    import pynini
    if lattice.start() == pynini.NO_STATE_ID or lattice.num_states() == 0:
        return []
    out = []
    it = lattice.paths(input_token_type="utf8", output_token_type="utf8")
    while not it.done():
        out.append((it.istring(), it.ostring(), float(it.weight())))
        it.next()
    return out
