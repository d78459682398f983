"""§D7 — 1st plural in -ομε beside -ουμε (grammars/RULES.md §D7).

γράφουμε/γράφομε, παίξουμε/παίξομε, έχουμε/έχομε: for verbs whose -ουμε is unstressed.
Not for the contracted verbs (αγαπούμε, θεωρούμε: -ούμε stressed) nor πάμε. Implemented on
the accented surface: a 1st-plural form ending in unstressed -ουμε gets a twin in -ομε.
"""
from __future__ import annotations

from grammars.alphabet import DIAERESIS, FINAL_SIGMA, LETTERS, MARKED, STRESSED_VOWELS
from grammars.cells import Cell
from grammars.layer import RULE_WEIGHT, Layer

RULE_ID = "D7"
SOURCE_ENDING = "ουμε"   # unaccented: the stress lies before it
TARGET_ENDING = "ομε"


def applies(cell: str) -> bool:
    """Cells the rule may touch: present and perfective-subjunctive 1st plural."""
    c = Cell.of(cell)
    return c.finite and c.has("1", "PL")


def twin(form: str) -> str | None:
    """The -ομε twin of a 1st-plural form (accented lower case) in unstressed -ουμε, else
    None: γράφουμε → γράφομε; αγαπούμε → None. The Python reference of :func:`fst`."""
    return form[:-len(SOURCE_ENDING)] + TARGET_ENDING if form.endswith(SOURCE_ENDING) else None


def fst(gen, ctx):
    """§D7 on the surface: ``gen`` (analysis → surface) with, for every analysis of a cell
    :func:`applies` accepts whose surface ends in unstressed -ουμε, a twin in -ομε tagged §D7
    at the rule weight."""
    import pynini

    tags = ctx.tags
    letters = [c for c in LETTERS + "".join(DIAERESIS.values()) + FINAL_SIGMA + STRESSED_VOWELS]
    sigma = pynini.union(*letters).closure()
    rewrite = pynini.concat(sigma, pynini.cross(SOURCE_ENDING, TARGET_ENDING))
    cells = [c for (kind, c) in tags.by_char.values() if kind == "cell" and applies(c)]
    if not cells:
        return gen
    any_char = pynini.union(*[pynini.escape(chr(i)) for i in range(0x3b1, 0x3ca)] +
                            [pynini.escape(c) for c in MARKED + FINAL_SIGMA] +
                            [tags.by_tag[k] for k in tags.by_tag]).closure()
    cell_syms = pynini.union(*[tags.char("cell", c) for c in cells])
    # analysis side must contain a 1st-plural cell; append the rule symbol. Both filters are
    # optimised first: the raw closure of a big union has a state per symbol, and composing
    # it with the generator multiplied the states (minutes and gigabytes)
    ana_filter = (any_char + cell_syms + any_char).optimize()
    twin_ = pynini.compose(pynini.compose(ana_filter, gen), rewrite.optimize())
    twin_ = pynini.concat(twin_, pynini.cross(tags.char("rule", RULE_ID), ""))
    twin_ = pynini.concat(twin_, pynini.accep("", weight=RULE_WEIGHT))
    return pynini.union(gen, twin_).optimize()


LAYER = Layer(RULE_ID, "surface", True, build=fst)
