"""§L23 — two- and three-letter words: exactly the federation's list of them.

The regulation names a book of 2- and 3-letter words (Όμιλος Σκραμπλ Καστοριάς, 2006) "and the
forms derived from their inflection" as a source of its own (RULES.md A1). The federation's
current rendering of that set is the 2–3 letter part of its official list, shipped as
``lexicon/words-2-3.tsv`` (free non-commercial use; lexicon/SOURCES.md). For 2–3 letters the
board's verdicts are exactly this set:

* a listed word that no lemma of the lexicon analyses gets the file's analysis (lemma, POS)
  with rule id ``L23``; one that a lemma analyses keeps that analysis (its longer forms count);
* a 2–3 letter form that the grammar makes but the list lacks (ΣΟ of σος, ΡΑ of ρο) is left
  out of the acceptor, whatever the profile.

``L23`` is a layer (grammars/profiles.py): ``--without L23`` rejects the words that only the
list licenses.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

RULE_ID = "L23"
PATH = Path(__file__).resolve().parents[2] / "lexicon" / "words-2-3.tsv"
LENGTHS = (2, 3)
TILES = set("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ")


@dataclass(frozen=True)
class Word:
    word: str      # tile form
    form: str      # accented lower-case surface
    lemma: str
    pos: str       # UniMorph POS, X when no source gives one
    accent: str    # source | monosyllable | none
    source: str

    @property
    def inflection_class(self) -> str:
        """``INDECL`` for a word that is its own lemma, ``FORM`` for a form of another."""
        return "INDECL" if self.lemma == self.form else "FORM"

    @property
    def cell(self) -> str:
        # a verb form's cell must not start with "V" (§B3 and §D1 act on verb cells)
        return "X;V" if self.pos == "V" else self.pos


def read(path: Path | None = None) -> list[Word]:
    """Rows of ``lexicon/words-2-3.tsv`` (or ``path``); [] if absent.

    Raises ValueError naming file and line for a malformed row (columns, a word that is not
    2–3 tile letters, a form whose tile form is not the word)."""
    from lexicon import rows
    path = path or PATH
    if not path.exists():
        return []
    out = []
    for lineno, parts in rows(path, "word"):
        if len(parts) != 6:
            raise ValueError(f"{path}:{lineno}: expected 6 tab-separated columns")
        w = Word(*parts)
        if len(w.word) not in LENGTHS or not set(w.word) <= TILES or _tile(w.form) != w.word:
            raise ValueError(f"{path}:{lineno}: {w.word!r} is not a 2–3 letter tile word "
                             f"spelt {w.form!r}")
        out.append(w)
    return out


def _tile(form: str) -> str:
    import unicodedata
    bare = "".join(c for c in unicodedata.normalize("NFD", form) if not unicodedata.combining(c))
    return bare.upper().replace("ς", "Σ")


def blocked(tile: str, analyse=None) -> str | None:
    """Why §L23 rejects ``tile``: a word of 2–3 letters the federation's list lacks."""
    if len(tile) not in LENGTHS or not PATH.exists():
        return None
    if tile in _words():
        return None
    return (f"§L23: a word of {len(tile)} letters is valid only if the federation's list of "
            "2- and 3-letter words has it")


_CACHE: dict[str, frozenset[str]] = {}


def _words() -> frozenset[str]:
    if "w" not in _CACHE:
        _CACHE["w"] = frozenset(w.word for w in read())
    return _CACHE["w"]
