"""§E2 — hidden words (regulation §E2): valid words printed only inside other entries of a
dictionary (set phrases, tables, remarks), as the federation's referee aid «Κρυμμένες Λέξεις»
lists them (``lexicon/hidden_words.tsv``, under the federation's own licence note).

Only the printed forms are added, not a paradigm: each gets the analysis
``word + HIDDEN_CLASS + HIDDEN_CELL + §E2``. A form §B9 bars (ΠΛΥΣΙΜΟΥ in a set phrase) is left
out: §B9 outranks a set phrase.
"""
from __future__ import annotations

from grammars.layer import RULE_WEIGHT, Layer
from grammars.rules import b9_simo

RULE_ID = "E2"
#: the class and cell tags of a hidden word: no inflection class or cell uses them (class
#: codes are elspell's O*, E*, P* and the listed rows' classes; E2 is an adjective class)
HIDDEN_CLASS = "HIDDEN-WORD"  # not the cell name HIDDEN: exported symbols must differ
HIDDEN_CELL = "HIDDEN"


def words(hidden_words) -> list[str]:
    """The hidden words (surface forms) that enter the language: those §B9 does not bar."""
    return [w for w in hidden_words if not b9_simo.barred(w)]


def fst(gen, ctx):
    """(analysis → surface) of the lexicon's hidden words, at the rule weight; None if none."""
    import pynini

    hidden = words(ctx.lexicon.hidden_words)
    if not hidden:
        return None
    tags = ctx.tags
    esym = (tags.char("class", HIDDEN_CLASS) + tags.char("cell", HIDDEN_CELL)
            + tags.char("rule", RULE_ID))
    return pynini.string_map([(pynini.escape(w + esym), w, str(RULE_WEIGHT)) for w in hidden])


LAYER = Layer(RULE_ID, "forms", True, build=fst)
