"""Helpers of the layer tests (tests/test_layer_*.py) that run a layer's FST on a small
generator and compare it with the layer's Python reference."""
from __future__ import annotations

import pynini

from fst.runtime.anatable import decode, fst_paths
from grammars.rules import Context
from lexicon import Lexicon


def _gen(tags, rows):
    """Generator (analysis → surface) of ``rows`` ``(lemma, class, cell, surface)``."""
    items = [(pynini.escape(lm + tags.char("class", c) + tags.char("cell", cell)), s)
             for lm, c, cell, s in rows]
    g = pynini.string_map(items).optimize()
    g.arcsort("ilabel")
    return g


def _paths(f, tags):
    """{((lemma, class, cell, rule ids), surface)} of an acyclic FST."""
    return {(decode(i, tags.by_char), o) for i, o, _ in fst_paths(f)}


def _ctx(tags, **lexicon):
    return Context(Lexicon(**lexicon), {}, tags)


VERBS = [("γράφω", "P4", "V;IND;PRS;IPFV;1;PL;ACT", "γράφουμε"),
         ("γράφω", "P4", "V;SBJV;PFV;1;PL;ACT", "γράψουμε"),
         ("γράφω", "P4", "V;IND;PRS;IPFV;3;PL;ACT", "γράφουν"),
         ("γράφω", "P4", "V;IND;PST;PFV;1;SG;ACT", "έγραψα"),
         ("αγαπώ", "P10.1", "V;IND;PRS;IPFV;1;PL;ACT", "αγαπούμε"),
         ("αρχίζω", "P2.1", "V;IND;PRS;IPFV;1;SG;ACT", "αρχίζω"),
         ("αίρω", "P1", "V;IND;PRS;IPFV;1;SG;ACT", "αίρω"),
         ("άρω", "P1", "V;IND;PRS;IPFV;1;SG;ACT", "άρω"),
         ("πρωτοβγαίνω", "P1", "V;IND;PRS;IPFV;1;SG;ACT", "πρωτοβγαίνω"),
         ("επανδρώνω", "P1", "V;IND;PRS;IPFV;1;SG;ACT", "επανδρώνω"),
         ("επανεκλέγω", "P1", "V;IND;PRS;IPFV;1;SG;ACT", "επανεκλέγω"),
         ("άνθρωπος", "O19", "N;NOM;SG", "άνθρωπος")]


def _base(tags, rows):
    return {((lm, c, cell, ()), s) for lm, c, cell, s in rows}
