"""§E5 — defective diminutives and augmentatives (grammars/RULES.md §E5):

* diminutives in -άκι have no genitive (σπιτάκι, σπιτακιού ✗);
* diminutives in -άκος have a vocative singular in -ο and no plural (υπνάκος, υπνάκο; υπνάκοι ✗);
* augmentatives in -άρα, -άρας, -άκας, -αρος and diminutives in -ούλα, -ίτσα, -άκα have no
  genitive plural (ματάρα, ματάρες; ματάρων ✗).

A lemma is treated as such a derivative only if its base is a lemma of the lexicon: the
suffix replaced by a noun ending gives a known lemma, accents aside (ματάρα ← μάτι, ψαράκας ←
ψάρι, υπνάκος ← ύπνος). So κιθάρα or φάκα, which merely end alike, keep their genitives.
"""
from __future__ import annotations

from grammars.alphabet import plain
from grammars.cells import Cell
from grammars.layer import Filter, Layer
from grammars.labels import message

RULE_ID = "E5"

# suffix (accented as in the lemma: ψαράκας, not κόρακας; κλέφταρος, not κουμπάρος) → predicate on a cell that the derivative lacks
_NO_GEN = lambda c: Cell.of(c).has("GEN")  # noqa: E731
_NO_PL = lambda c: Cell.of(c).has("PL")  # noqa: E731
_NO_GEN_PL = lambda c: Cell.of(c).has("GEN", "PL")  # noqa: E731
SUFFIXES = {
    "άκι": _NO_GEN,
    "άκος": _NO_PL,
    "άρα": _NO_GEN_PL, "άρας": _NO_GEN_PL, "άκας": _NO_GEN_PL, "αρος": _NO_GEN_PL,
    "ούλα": _NO_GEN_PL, "ίτσα": _NO_GEN_PL, "άκα": _NO_GEN_PL,
}
# noun endings a base may have (μάτι, ψάρι, ύπνος, γάτα, ζώο, κουτάλι …)
BASE_ENDINGS = ("ι", "ί", "ος", "ός", "ο", "ό", "α", "ά", "η", "ή", "ας", "ης", "ες", "ου")


def _bare(word: str) -> str:
    return plain(word, final_sigma=False)


def base_index(lemmas) -> set[str]:
    """Accentless forms of the lexicon's lemmas, for ``barred``."""
    return {_bare(lm) for lm in lemmas}


def barred(lemma: str, bases: set[str]):
    """The cell predicate §E5 bars for ``lemma`` (a noun), or None. ``bases``: base_index()."""
    for suffix, pred in SUFFIXES.items():
        if lemma.endswith(suffix) and len(lemma) > len(suffix) + 1:
            stem = _bare(lemma[:-len(suffix)])
            if any(stem + _bare(e) in bases for e in BASE_ENDINGS):
                return pred
    return None


# tile endings of barred forms → (tile ending of the lemma, what §E5 says: its message in
# grammars/messages.tsv)
_BLOCKED = (
    ("ΑΚΙΟΥ", "ΑΚΙ", "reason.E5.aki"),
    ("ΑΚΙΩΝ", "ΑΚΙ", "reason.E5.aki"),
    ("ΑΚΟΙ", "ΑΚΟΣ", "reason.E5.akos"),
    ("ΑΚΩΝ", "ΑΚΟΣ", "reason.E5.akos"),
    ("ΑΚΟΥΣ", "ΑΚΟΣ", "reason.E5.akos"),
    ("ΟΥΛΩΝ", "ΟΥΛΑ", "reason.E5.oula"),
    ("ΙΤΣΩΝ", "ΙΤΣΑ", "reason.E5.itsa"),
    ("ΑΡΩΝ", "ΑΡΑ", "reason.E5.ara"),
)


def blocked(tile: str, analyse) -> str | None:
    """Why §E5 blocks ``tile``, or None: the lemma it would belong to is a diminutive or
    augmentative of the lexicon that lacks that cell (ΣΠΙΤΑΚΙΟΥ: σπιτάκι)."""
    for end, lemma_end, why in _BLOCKED:
        if tile.endswith(end):
            lemma = tile[:-len(end)] + lemma_end
            if any(_bare(a.lemma).upper() == lemma for a in analyse(lemma)):
                return message(why, lemma=lemma)
    return None


def _filter(entry, table, ctx):
    """Cell filter: a noun that is a diminutive or augmentative of a lemma of the lexicon
    loses the cells :func:`barred` names."""
    if table.pos != "NOUN":
        return None
    bases = ctx.memo("e5 bases", lambda: base_index(e.lemma for e in ctx.lexicon.lemmas))
    bar = barred(entry.lemma, bases)
    return Filter(drop_cell=bar) if bar else None


LAYER = Layer(RULE_ID, "cells", False, explain=blocked, hooks={"cells": _filter})
