"""§D10 — the passive imperfect 1st/2nd singular also with final -α (regulation §D10):
ΔΕΟΜΟΥΝΑ, ΔΕΟΣΟΥΝΑ, ΗΜΟΥΝΑ, ΗΣΟΥΝΑ; not the 3rd person (ΗΤΑΝΑ no).

The forms are grammar variants of the class tables' rules (``grammars/variants.tsv``, rows
-ομουν → -ομουνα, -οσουν → -οσουνα, and -ουν/-σουν of the deponent classes), read with the
paradigm (``grammars.paradigm.variants_of``): variants of the paradigm, weight 1, with no rule
id of their own. This module reads those rows.
"""
from __future__ import annotations

from grammars import phonology as ph
from grammars.layer import Layer
from grammars.paradigm import consonant_initial, cut, load_variants, variants_of

RULE_ID = "D10"
CELLS = ("V;IND;PST;IPFV;1;SG;PASS", "V;IND;PST;IPFV;2;SG;PASS")


def rows() -> list:
    """The rows of ``grammars/variants.tsv`` that make the §D10 forms: 1st/2nd singular
    passive imperfect, the variant adding -α."""
    return [v for v in load_variants() if v.cell in CELLS and v.new == v.old + "α"]


def forms(lemma: str, table) -> list[str]:
    """The §D10 forms (-όμουνα, -όσουνα) of ``lemma`` under ``table`` (a
    ``grammars.paradigm.ClassTable`` of class ``table.code``), sorted."""
    u = ph.underlying(lemma, glides=False)
    p = ph.plain(u)
    mine = rows()
    out = set()
    for cell in CELLS:
        for r in table.rules_for(p, cell):
            if r.strip > len(p):
                continue
            stem, _ = cut(u, r.strip)
            aug = ph.AUG if (r.aug and consonant_initial(p)) else None
            for e, d, _w in variants_of(table.code, r):
                if any(v.cell == cell and r.ending.endswith(v.old) and e.endswith(v.new)
                       for v in mine):
                    form = ph.realise(stem, e, d, aug)
                    if form:
                        out.add(form)
    return sorted(out)


LAYER = Layer(RULE_ID, "paradigm", False)
