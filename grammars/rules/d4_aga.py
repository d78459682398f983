"""§D4 — imperfect in -αγα (grammars/RULES.md §D4).

Second-conjugation verbs that have both an -άω and an -ώ present form an imperfect in -αγα
(αγαπάω/αγαπώ → αγάπαγα, αγαπάγαμε; κοιτάω → κοίταγα); not the disyllables δράω, ζάω,
πάω, and not verbs with no -άω form (θεωρώ, μπορώ: ΘΕΩΡΑΓΑ no). The engine finds the -άω
form in the class table (a 1st-singular present rule ending in -αω).
"""
from __future__ import annotations

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
