"""§D4 — imperfect in -αγα (grammars/RULES.md §D4).

Second-conjugation verbs that have both an -άω and an -ώ present form an imperfect in -αγα
(αγαπάω/αγαπώ → αγάπαγα, αγαπάγαμε; κοιτάω → κοίταγα); not the disyllables δράω, ζάω,
πάω, and not verbs with no -άω form (θεωρώ, μπορώ: ΘΕΩΡΑΓΑ no). The engine finds the -άω
form in the class table (a 1st-singular present rule ending in -αω).
"""
from __future__ import annotations

from grammars.layer import RULE_WEIGHT, ExtraCells, Layer
from grammars.rules import d1_augment

RULE_ID = "D4"
PRESENT_CELL = "V;IND;PRS;IPFV;1;SG;ACT"
ENDINGS = {  # cell → ending replacing -αω (recessive stress)
    "V;IND;PST;IPFV;1;SG;ACT": "αγα", "V;IND;PST;IPFV;2;SG;ACT": "αγεσ",
    "V;IND;PST;IPFV;3;SG;ACT": "αγε", "V;IND;PST;IPFV;1;PL;ACT": "αγαμε",
    "V;IND;PST;IPFV;2;PL;ACT": "αγατε", "V;IND;PST;IPFV;3;PL;ACT": "αγαν",
}
EXCLUDED_LEMMAS = ("δράω", "ζάω", "πάω", "δρω", "ζω")


def cells(present_ending: str):
    """(cell, ending) of the -αγα imperfect for a class rule whose 1sg present ends in -αω."""
    if not present_ending.endswith("αω"):
        return []
    base = present_ending[:-2]
    return [(cell, base + e) for cell, e in ENDINGS.items()]


def _cells(ending: str):
    out = []
    for c4, e4 in cells(ending):
        v = [(e4, "ANT", None, RULE_WEIGHT, ())]
        v += [(e, d, a, RULE_WEIGHT, (d1_augment.RULE_ID,))
              for e, d, a in d1_augment.variants(c4, e4, "ANT", False)]
        out.append((c4, v))
    return out


LAYER = Layer(RULE_ID, "extra cells", True, hooks={"extra cells": ExtraCells(
    PRESENT_CELL, _cells, lambda lemma, code, ctx: lemma not in EXCLUDED_LEMMAS)})
