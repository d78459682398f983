"""§D3 — learned passive aorists in -φθηκα/-χθηκα/-σθηκα (regulation §D3).

Beside the demotic -φτηκα/-χτηκα/-στηκα the learned, unassimilated forms are valid only if
a dictionary lists them: ΠΑΙΧΤΗΚΑ and ΠΑΙΧΘΗΚΑ, ΚΑΤΑΣΚΕΥΑΣΤΗΚΑ and ΚΑΤΑΣΚΕΥΑΣΘΗΚΑ, and with
them the infinitive and the subjunctive (ΠΑΙΧΘΕΙ, ΠΑΙΧΘΟΥΝ(Ε)). The listed verbs are data
(``lexicon/learned-aorists.tsv``); this module holds the sound change: the fricative + τ of
the aorist passive stem is undone to fricative + θ (Triantafyllidis grammar, § on the
passive aorist, "λόγιοι τύποι": γράφτηκα/γράφθηκα, δέχτηκα/δέχθηκα, ντύθηκα unaffected).
"""
from __future__ import annotations

import re

from grammars.rules import Layer

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


def twins(gen, ctx):
    """§D3: (analysis → surface) of the learned twin (παίχθηκα) of every demotic aorist
    passive form (παίχτηκα, παιχτούνε, παιχτεί) of the verbs the lexicon's learned aorists
    list (``ctx.lexicon.learned_aorists``), of those among its lemmas; None if there is none.
    ``gen`` must be arc-sorted on its input.

    Raises ValueError when a listed learned aorist is not what the rule makes of the verb's
    own paradigm (a wrong lemma or a typo in the file)."""
    import pynini

    from fst.anatable import fst_paths
    from grammars.alphabet import analysis_sigma
    from grammars.rules import RULE_WEIGHT
    tags = ctx.tags
    lemmas = ctx.memo("lemmas", lambda: {e.lemma for e in ctx.lexicon.lemmas})
    listed = {lm: f for lm, f in ctx.lexicon.learned_aorists.items() if lm in lemmas}
    cells = [c for (kind, c) in tags.by_char.values() if kind == "cell" and applies(c)]
    if not listed or not cells:
        return None
    sigma = analysis_sigma(tags)
    keep = pynini.concat(pynini.union(*[pynini.escape(lm) for lm in sorted(listed)]),
                         pynini.union(*[c for k, c in tags.by_tag.items()
                                        if k.startswith("class:")]))
    keep = (keep + pynini.union(*[tags.char("cell", c) for c in cells]) + sigma).optimize()
    dsym = tags.char("rule", RULE_ID)
    items, made = [], set()
    for ana, surface, w in fst_paths(pynini.compose(keep, gen).optimize()):
        form = learned(surface)
        if form:
            items.append((ana + dsym, form, max(w, RULE_WEIGHT)))
            made.add(form)
    missing = sorted(f"{lm} {f}" for lm, f in listed.items() if f not in made)
    if missing:
        raise ValueError("lexicon/learned-aorists.tsv: §D3 does not derive " + ", ".join(missing))
    return pynini.string_map([(pynini.escape(a), f, str(w)) for a, f, w in items])


LAYER = Layer(RULE_ID, "forms", True, build=twins)
