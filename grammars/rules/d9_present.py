"""§D9 — verbs whose sources give no aorist (grammars/RULES.md §D9).

"The few verbs for which the dictionaries give no aorist, and make no comment (e.g. χέω),
are valid with their present stem only (present and imperfect)." A lemma of the lexicon with
the flag ``present_only`` keeps, of its class's paradigm, the cells built on the present stem:
present, imperfect, present imperative and the gerund in -οντας (Triantafyllidis grammar,
§ on the two verb stems).
"""
from __future__ import annotations

RULE_ID = "D9"
FLAG = "present_only"


def keeps(cell: str) -> bool:
    """Is ``cell`` (a UniMorph cell string) built on the present stem? Imperfective cells and
    the present gerund are; the aorist system and the perfect participle are not."""
    feats = cell.split(";")
    return "IPFV" in feats or cell == "V.CVB;PRS;ACT"
