"""Word tokens of running Greek text, for corpus coverage (``dektes coverage``).

The rules, applied to the text after Unicode NFC normalisation:

1. **Runs.** A token is a maximal run of letters (any script), combining marks and digits;
   a ``.`` or ``,`` between two digits belongs to the run (``1.000,50``). Everything else
   separates tokens: white space, punctuation (Greek question mark ``;``, ano teleia ``·``),
   symbols, quotes, and the characters of rules 3 and 4 below.
2. **Kinds.** A run with a digit is a **number** (``1821``, ``2ος``, ``3,14``), as is a run
   followed by a Greek numeral sign (keraia ``ʹ``, U+0374/U+02B9: ``κγʹ``, and a run after a
   lower numeral sign ``͵``). A run with a Greek letter is a **word**, even when it also has
   letters of another script (``ΑΝΘPΩΠΟΣ`` with a Latin P is a word that the judge rejects
   as mixed script: such tokens are what a corpus check is for). A run of Latin letters
   alone is **latin** (``Scrabble``), a run of other letters alone **other-script**.
3. **Elision.** An apostrophe (``'`` U+0027, ``’`` U+2019, ``ʼ`` U+02BC, ``‘`` U+2018) right
   after a word marks it **elided** (``σ'``, ``απ’``, ``τ'``, and ``σ'αγαπώ`` is the elided
   ``σ`` and the word ``αγαπώ``); an apostrophe before a word, not itself right after a
   letter, marks aphaeresis (``'ναι``), also counted as **elided**. Elided forms are never
   valid on the board (regulation §C3: no words with an apostrophe), so they are counted apart and
   not judged. A word between straight single quotes ('λέξη') is therefore counted as
   elided: Greek text quotes with «…».
4. **Hyphens** (``-`` U+002D, ``‐`` U+2010, ``‑`` U+2011, and dashes) separate tokens:
   ``ελληνο-τουρκικός`` is two words, ``ελληνο`` and ``τουρκικός``. A word hyphenated at the
   end of a line is not joined again.
5. **Case.** A word's *type* is its lower-case form (``str.lower``, a σ ending the word
   written ς), accents kept: ``Άνθρωπος`` and ``άνθρωπος`` are one type, ``ΑΝΘΡΩΠΟΣ`` (no
   accents in capitals) is the type ``ανθρωποσ`` → ``ανθρωπος``. The judge reads every type in
   tile form (:func:`grammars.normalize.to_tile`), so a type's verdict does not depend on case.

6. **Kept whole.** The pronoun ``ό,τι`` (any case, accented or not: ``Ό,τι``, ``Ο,ΤΙ``) is one
   **word** token, its comma included; its type is ``ό,τι`` and the judge reads it as the tiles
   ΟΤΙ (a comma has no tile). An **abbreviation** is one token with its dots: two or more
   dotted parts of at most four letters each, with no space (``π.μ.``, ``μ.Χ.``, ``κ.λπ.``,
   ``π.χ.``), or a word with a final dot listed in ``grammars/abbreviations.tsv`` (``δηλ.``,
   ``κλπ.``). Abbreviations are never valid on the board (regulation §C3), so they are counted
   apart and not judged.

The length of a type is its number of letters (combining marks not counted).
"""
from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path
from typing import Iterator, NamedTuple

from grammars.alphabet import (GREEK_BLOCKS, LOWER_NUMERAL_SIGN, NUMERAL_SIGNS,
                               OTI_PATTERN, final_sigma)

KINDS = ("word", "elided", "number", "latin", "other-script", "abbreviation")
APOSTROPHES = "'\u2019\u02bc\u2018"

_NOT_LETTER = APOSTROPHES + NUMERAL_SIGNS + LOWER_NUMERAL_SIGN
# letters, digits and combining marks; '.' or ',' between digits
_RUN = re.compile(r"(?:(?![%s])[^\W_]|[\u0300-\u036f\u1dc0-\u1dff]|(?<=\d)[.,](?=\d))+"
                  % re.escape(_NOT_LETTER))
_DIGIT = re.compile(r"\d")
_GREEK = re.compile("[%s]" % GREEK_BLOCKS)
_LATIN = re.compile("[A-Za-z\u00c0-\u024f\u1e00-\u1eff]")
_MARKS = re.compile("[\u0300-\u036f\u1dc0-\u1dff]")
_LETTER = r"(?:(?![%s])[^\W\d_][\u0300-\u036f]*)" % re.escape(_NOT_LETTER)
# rule 6: ό,τι, and dotted abbreviations, tried where a run starts (before rule 1)
_WHOLE = re.compile(r"(?<![^\W_])(?:%s(?![^\W_])|(?:%s{1,4}\.){2,}(?![^\W_])"
                    r"|%s+\.)" % (OTI_PATTERN, _LETTER, _LETTER))
ABBREVIATIONS_FILE = Path(__file__).resolve().parents[2] / "grammars" / "abbreviations.tsv"


@functools.lru_cache(maxsize=1)
def abbreviations() -> frozenset[str]:
    """The single-dot abbreviations of ``grammars/abbreviations.tsv`` (lower case, with the dot)."""
    with open(ABBREVIATIONS_FILE, encoding="utf-8") as f:
        return frozenset(unicodedata.normalize("NFC", line.strip()).lower() for line in f
                         if line.strip() and not line.startswith("#"))


class Token(NamedTuple):
    kind: str  # one of KINDS
    text: str  # the run as written (NFC)
    start: int  # offset in the NFC text


def tokens(text: str) -> Iterator[Token]:
    """The tokens of ``text`` (rules in the module docstring), in order."""
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
    n = len(text)
    pos = 0
    while True:
        m = _RUN.search(text, pos)
        if m is None:
            return
        w = _WHOLE.match(text, m.start())
        if w is not None:
            whole = w.group()
            if "," in whole:
                yield Token("word", whole, w.start())
                pos = w.end()
                continue
            if whole.count(".") >= 2 or whole.lower() in abbreviations():
                yield Token("abbreviation", whole, w.start())
                pos = w.end()
                continue
        pos = m.end()
        run, a, b = m.group(), m.start(), m.end()
        after = text[b] if b < n else ""
        before = text[a - 1] if a else ""
        if _DIGIT.search(run) or (after and after in NUMERAL_SIGNS) or before == LOWER_NUMERAL_SIGN:
            kind = "number"
        elif _GREEK.search(run):
            if after and after in APOSTROPHES:
                kind = "elided"
            elif before and before in APOSTROPHES and not (a > 1 and _RUN.match(text[a - 2])):
                kind = "elided"
            else:
                kind = "word"
        elif _LATIN.search(run):
            kind = "latin"
        else:
            kind = "other-script"
        yield Token(kind, run, a)


def word_type(word: str) -> str:
    """The type of a word token: lower case, a final σ written ς (rule 5)."""
    return final_sigma(word.lower())


def letters(word: str) -> int:
    """Number of letters of a type (combining marks not counted)."""
    return len(word) - len(_MARKS.findall(word))
