"""The -άω present beside an -ώ present (flag ``no_aw``).

Verbs of the second conjugation's first type (αγαπώ) may have a second, colloquial present in
-άω (αγαπάω, αγαπάει, αγαπάμε, αγαπάν(ε)) and then the imperfect in -αγα (§D4: αγάπαγα), but
many do not: learned verbs (αγωνιώ, σιωπώ, εισορμώ) keep -ώ alone (Triantafyllidis grammar,
second conjugation; grammars/RULES.md §D4: no -αγα without an -άω present). The class tables, inferred
from flexy, give the -άω alternant to every verb of the class as weight-1 rules. A lemma
flagged ``no_aw`` (``lexicon/flags.tsv``, written by ``scripts/pipeline/find_aw_present.py`` from the
evidence of a dictionary's forms) loses those rules, and with the 1st singular -άω rule its
-αγα imperfect (the §D4 layer hooks on that rule).
"""
from __future__ import annotations

from grammars.layer import Filter, Layer

FLAG = "no_aw"
# present active cells → endings of the -άω alternant (underlying, stress by directive)
ALTERNANT = {
    "V;IND;PRS;IPFV;1;SG;ACT": "αω", "V;IND;PRS;IPFV;3;SG;ACT": "αει",
    "V;IND;PRS;IPFV;1;PL;ACT": "αμε", "V;IND;PRS;IPFV;3;PL;ACT": "αν",
}


def is_alternant(cell: str, rule) -> bool:
    """Is ``rule`` (a :class:`grammars.paradigm.Rule` of ``cell``) the -άω alternant of an -ώ
    lemma? True for a variant (weight > 0) rule on a lemma in -ω (key not -αω) whose ending is
    the -άω present's ending of that cell."""
    return (ALTERNANT.get(cell) == rule.ending and rule.weight > 0
            and not rule.key.endswith("αω"))


def _filter(entry, table, ctx):
    """Cell filter: a lemma flagged :data:`FLAG` loses its -άω alternant rules."""
    return Filter(drop_rule=is_alternant) if FLAG in entry.flags else None


# part of §D4 ("not verbs with no -άω form"): with the alternant goes the -αγα imperfect
LAYER = Layer("D4", "cells", False, hooks={"cells": _filter})
