"""§D9 — verbs whose sources give no aorist (grammars/RULES.md §D9).

"The few verbs for which the dictionaries give no aorist, and make no comment (e.g. χέω),
are valid with their present stem only (present and imperfect)." A lemma of the lexicon with
the flag ``present_only`` keeps, of its class's paradigm, the cells built on the present stem:
present, imperfect, present imperative and the gerund in -οντας (Triantafyllidis grammar,
§ on the two verb stems).
"""
from __future__ import annotations

from grammars.cells import Cell
from grammars.layer import Filter, Layer

RULE_ID = "D9"
FLAG = "present_only"


def keeps(cell: str) -> bool:
    """Is ``cell`` (a UniMorph cell string) built on the present stem? Imperfective cells and
    the present gerund are; the aorist system and the perfect participle are not."""
    return Cell.of(cell).has("IPFV") or cell == "V.CVB;PRS;ACT"


def _filter(entry, table, ctx):
    """Cell filter: a lemma flagged :data:`FLAG` keeps the cells :func:`keeps` accepts."""
    return Filter(drop_cell=lambda cell: not keeps(cell)) if FLAG in entry.flags else None


LAYER = Layer(RULE_ID, "cells", False, hooks={"cells": _filter})
