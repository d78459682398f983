"""§D3 — learned passive aorists in -φθηκα/-χθηκα/-σθηκα (grammars/RULES.md §D3).

Beside the demotic -φτηκα/-χτηκα/-στηκα the learned, unassimilated forms are valid only if
a dictionary lists them: ΠΑΙΧΤΗΚΑ and ΠΑΙΧΘΗΚΑ, ΚΑΤΑΣΚΕΥΑΣΤΗΚΑ and ΚΑΤΑΣΚΕΥΑΣΘΗΚΑ, and with
them the infinitive and the subjunctive (ΠΑΙΧΘΕΙ, ΠΑΙΧΘΟΥΝ(Ε)). The listed verbs are data
(``lexicon/learned-aorists.tsv``); this module holds the sound change: the fricative + τ of
the aorist passive stem is undone to fricative + θ (Triantafyllidis grammar, § on the
passive aorist, "λόγιοι τύποι": γράφτηκα/γράφθηκα, δέχτηκα/δέχθηκα, ντύθηκα unaffected).
"""
from __future__ import annotations

import re

RULE_ID = "D3"

#: the cells of the aorist passive system the rule names: indicative, subjunctive, infinitive
CELL_PREFIXES = ("V;IND;PST;PFV;", "V;SBJV;PFV;", "V;NFIN;PFV;")

# the aorist passive suffix follows the stem's last fricative + τ: -τηκα, -τήκαμε, -τώ,
# -τείς, -τεί, -τούμε, -τούν(ε); nothing after it is another stem consonant cluster
_DEMOTIC = re.compile(r"([φχσ])τ(?=(?:η|ή|ώ|εί|ού)[^φχσ]*$)")


def applies(cell: str) -> bool:
    """Is ``cell`` (a UniMorph cell string) one of the passive aorist cells §D3 covers?"""
    return cell.endswith(";PASS") and cell.startswith(CELL_PREFIXES)


def learned(surface: str) -> str | None:
    """The learned spelling of a demotic aorist passive form (accented lower case), or None
    when it has no -φτ-/-χτ-/-στ- before the suffix: παίχτηκα → παίχθηκα, παιχτούνε →
    παιχθούνε, κατασκευαστεί → κατασκευασθεί; δέθηκα → None."""
    m = None
    for m in _DEMOTIC.finditer(surface):
        pass
    if m is None:
        return None
    return surface[:m.start()] + m.group(1) + "θ" + surface[m.end():]
