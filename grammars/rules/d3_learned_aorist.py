"""§D3 — learned passive aorists in -φθηκα/-χθηκα/-σθηκα/-θηκα (grammars/RULES.md §D3).

Beside the demotic -φτηκα/-χτηκα/-στηκα the learned, unassimilated forms are valid only if
a dictionary lists them: ΠΑΙΧΤΗΚΑ and ΠΑΙΧΘΗΚΑ, ΚΑΤΑΣΚΕΥΑΣΤΗΚΑ and ΚΑΤΑΣΚΕΥΑΣΘΗΚΑ, and with
them the infinitive and the subjunctive (ΠΑΙΧΘΕΙ, ΠΑΙΧΘΟΥΝ(Ε)). The listed verbs are data
(``lexicon/learned-aorists.tsv``: lemma and learned 1st singular). The learned aorist is a
principal part of the verb: its stem (δεχθ-, συνταχθ-, επισκεφθ-) is conjugated like any
passive aorist (``grammars.conjugation.passive_forms``: -ηκα … recessive, subjunctive -ώ
-είς …, infinitive -εί; Triantafyllidis grammar, § on the passive aorist, "λόγιοι τύποι":
γράφτηκα/γράφθηκα, δέχτηκα/δέχθηκα), with §D1's euphonic -ε on the 3rd plurals
(ΠΑΙΧΘΟΥΝΕ), so it does not depend on the demotic form the verb's class makes.

Where the dictionary gives the learned aorist *instead* of a demotic one (αντιλήφθηκα,
απορρίφθηκα, λήφθηκα), it is no §D3 variant but the verb's passive aorist itself: the
``paor=`` part of its row in ``lexicon/verb-parts.tsv`` (a part has one home).
"""
from __future__ import annotations

import re

from grammars.conjugation import overridden, parts_index, passive_forms
from grammars.layer import RULE_WEIGHT, Layer
from grammars.rules.d1_augment import listed_variants

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


def forms(aorist: str) -> list[tuple[str, str]]:
    """(cell, form) of the learned passive aorist whose 1st singular is ``aorist`` (δέχθηκα):
    indicative, subjunctive and infinitive (the cells §D3 names), and §D1's 3rd plurals in
    -ε (δεχθήκανε, δεχθούνε), sorted. Raises ValueError when ``aorist`` is no learned
    passive aorist (-θηκα, the stem's θ unassimilated)."""
    if not aorist.endswith("θηκα"):
        raise ValueError(f"learned passive aorist {aorist!r} does not end in -θηκα")
    out = [(c, f) for c, f in passive_forms(aorist, None, None, None) if applies(c)]
    out += [(c, f) for c, f in listed_variants(out) if f.endswith("ε")]
    return sorted(set(out))


def strings(ctx):
    """(analysis string, surface form, weight) of the learned passive aorists of the verbs
    ``lexicon/learned-aorists.tsv`` lists (``ctx.lexicon.learned_aorists``), for each class
    of the lemma whose paradigm has a passive aorist; a verb whose passive aorist is a part
    (``lexicon/verb-parts.tsv``) gets them with its parts (grammars/verb_parts.py). Sorted.

    Raises ValueError naming the file for a listed form that is no learned passive aorist."""
    tags, out = ctx.tags, []
    listed = ctx.lexicon.learned_aorists
    if not listed:
        return []
    made = {}
    parts = parts_index()
    for e in ctx.lexicon.lemmas:
        aorist = listed.get(e.lemma)
        table = ctx.tables.get(e.inflection_class)
        if aorist is None or table is None or table.pos != "VERB":
            continue
        if "V;IND;PST;PFV;1;SG;PASS" not in table.cells():
            continue  # no passive aorist in this class (an active-only code of the lemma)
        pr = parts.get(e.lemma)
        if pr is not None and pr.inflection_class == e.inflection_class \
                and overridden(pr, "V;IND;PST;PFV;1;SG;PASS"):
            continue  # the parts make them (grammars/verb_parts.py)
        if aorist not in made:
            try:
                made[aorist] = forms(aorist)
            except ValueError as err:
                raise ValueError(f"lexicon/learned-aorists.tsv: {e.lemma}: {err}") from None
        head = e.lemma + tags.char("class", e.inflection_class)
        rid = tags.char("rule", RULE_ID)
        for cell, form in made[aorist]:
            out.append((head + tags.char("cell", cell) + rid, form, RULE_WEIGHT))
    return sorted(set(out))


LAYER = Layer(RULE_ID, "forms", True, hooks={"strings": strings})
