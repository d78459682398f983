"""§B3 — the prefix ξανα- on every verb form (grammars/RULES.md §B3; regulation D2 on its augment).

* ξανα- goes on every accepted verb form unchanged: ΞΑΝΑΕΔΡΟΣΙΖΑ, ΞΑΝΑΗΡΑ, ΞΑΝΑΕΙΔΑ.
* As a compound it also takes the verb's own augment logic: the augment of ξανα-γράφω is
  unstressed, hence optional (ξανάγραψα, εξανάγραψα; D1, D2: ΕΞΑΝΑΠΙΑ yes, ΕΞΑΝΑΕΔΩΣΑ no).
* Verbs in α- take ξανα- with both α kept and one elided (ΞΑΝΑΑΡΧΙΖΩ, ΞΑΝΑΡΧΙΖΩ); verbs
  stressed on that initial α in the present (άρω, άγω) and verbs in αι- keep both only
  (ΞΑΝΑΑΡΩ yes, ΞΑΝΑΡΩ no). Other vowels elide only in the compounds a source attests
  (:data:`ELIDING`: ξανάρχομαι, ξανάρθα).
* Not on verbs in πρωτο-, ματα-, repetitive επαν(α)- (επανεκλέγω), nor on verbs already in
  ξανα-; non-repetitive επαν- verbs take it (επαναστατώ, επανδρώνω, επαναπαύομαι, επανακάμπτω).
* On participles only -οντας/-ώντας and -μένος (D6): the engine's only participle cells.
"""
from __future__ import annotations

from grammars import phonology as ph
from grammars.alphabet import STRESSED, VOWELS, analysis_sigma, plain, surface_sigma
from grammars.cells import Cell
from grammars.layer import RULE_WEIGHT, Layer
from grammars.labels import label, message, say
from grammars.rules.d1_augment import _tense, first_forms

RULE_ID = "B3"
PREFIX = "ξανα"
ELIDED = "ξαν"
BARRED_PREFIXES = ("πρωτο", "ματα", "ξανα", "επαν")
NON_REPETITIVE_EPAN = ("επαναστατ", "επανδρων", "επαναπαυ", "επανακαμπτ")


def takes_xana(lemma: str) -> bool:
    """May forms of the verb ``lemma`` take ξανα-?"""
    p = plain(lemma)
    if p.startswith(NON_REPETITIVE_EPAN):
        return True
    return not p.startswith(BARRED_PREFIXES)


def blocked(tile: str, analyse) -> str | None:
    """Why §B3 blocks ``tile`` (tile form), or None. ``analyse(tile)`` lists analyses.

    ΞΑΝΑΡΩ: the verb takes only ξαναα- (ΞΑΝΑΑΡΩ); ΞΑΝΑΦΩΣ: ξανα- goes on verbs only;
    ΞΑΝΑΠΡΩΤΟΒΓΑΙΝΩ: not on πρωτο-/ματα-/repetitive επαν- verbs.
    """
    if not tile.startswith("ΞΑΝΑ") or len(tile) <= 4:
        return None
    rest = tile[4:]
    if any(Cell.of(a.tags).verbal for a in analyse("ΞΑΝΑΑ" + rest)):
        return message("reason.B3.xanaa", rest=rest)
    base = analyse(rest)
    verbal = [a for a in base if Cell.of(a.tags).verbal]
    if rest.startswith("ΞΑΝΑ") and (verbal or not base):
        return message("reason.B3.once", rest=rest)
    if base and not verbal:
        heads = sorted({a.tags.split(";")[0] for a in base})
        kinds = sorted({POS_NAMES.get(h, h) for h in heads})
        article = "an" if kinds[0][0] in "AEIOU" else "a"
        # the Greek text names the parts of speech as grammars/labels.tsv does
        greek = sorted({label(h, "el").lower() for h in heads})
        either = {lang: " %s " % say(message("word.or"), lang) for lang in ("el", "en")}
        return message("reason.B3.verbs", rest=rest, article=article,
                       kinds=either["en"].join(kinds), kinds_el=either["el"].join(greek))
    if any(not takes_xana(a.lemma) for a in verbal) or (
            not base and plain(rest.lower()).startswith(("πρωτο", "ματα"))):
        return message("reason.B3.prefixed")
    return None


#: parts of speech as ``dektes wordlist --pos`` spells them (the cell's first tag → name)
POS_NAMES = {"N": "NOUN", "PRO": "PRON", "V": "VERB", "V.PTCP": "VERB", "V.CVB": "VERB"}


def listed_compounds(lemma: str, forms: list[tuple[str, str]]) -> list[tuple[str, str, tuple]]:
    """§B3 as a compound on a hand-entered verb (lexicon/irregular.tsv): ``[(cell, form)]`` of
    its paradigm → ``[(cell, form, rule ids)]`` of ξανα- compounds the surface prefixing
    misses. As for class verbs (ξανάγραψα, εξανάγραψα), a stressed augment falls inside the
    compound and the stress recedes: έφαγα → ξανάφαγα; the augment of a consonant-initial
    verb that every person keeps (ήπια, είδα) drops too: ξανάπια (regulation §D2: ΞΑΝΑΠΙΑ,
    ΚΑΛΟΔΑ). The compound's own augment is unstressed, hence optional (§D1): εξανάφαγα,
    εξαναφάγαμε, ΕΞΑΝΑΠΙΑ, ΕΞΑΝΑΔΩΣΑΜΕ; never a second one (ΕΞΑΝΑΗΠΙΑ no, §D2). A past
    without augment that takes §D1's optional ε- (κήδεψα, εκήδεψα) gives it to the compound:
    εξανακήδεψα, as ξαναγράφω's class forms do."""
    if lemma in ELIDING:
        return elided_listed(lemma, forms)
    if not takes_xana(lemma) or plain(lemma)[:1] in VOWELS:
        return []
    first = first_forms(forms)
    have = set(forms)
    out = []
    for cell, form in forms:
        if not cell.startswith("V;IND;PST;") or (form[:1] == "ε" and (cell, form[1:]) in have):
            continue  # §D1's ε- twin (επαύσαμε) is no form to compound: ξαναπαύσαμε is
        s1, p1 = first.get((_tense(cell), "1;SG"), ""), first.get((_tense(cell), "1;PL"), "")
        body = None
        if s1.startswith("έ") and p1[:1] not in ("ε", "έ"):       # syllabic augment: έφαγα
            body = form[1:] if form.startswith("έ") else form
        elif s1.startswith(("ή", "εί")) and p1.startswith(("ή", "εί")):  # ήπια, ήπιαμε
            body = form[len("ή") if form.startswith("ή") else len("εί"):] if form.startswith(
                ("ή", "εί")) else None
        if not body:
            if (cell, "ε" + form) in have:  # κήδεψα/εκήδεψα (§D1) → εξανακήδεψα, as a class verb
                out.append((cell, "ε" + PREFIX + form, (RULE_ID, "D1")))
            continue
        if form.startswith(("έ", "ή", "εί")):
            letters = ph.plain(ph.underlying(PREFIX + body, glides=False))
            compound = ph.realise(letters, "", "ANT")
            if compound.startswith("ξά"):                          # never before ξανά-: ξανάδα
                compound = ph.realise(letters, "", "PEN")
        else:
            compound = PREFIX + form                               # ξαναφάγαμε
        if compound != PREFIX + form:
            out.append((cell, compound, (RULE_ID,)))
        out.append((cell, "ε" + compound, (RULE_ID, "D1")))
    return out


#: Verbs in ε-/η- whose ξανα- compound a source attests with ξανα-'s α for their initial vowel
#: (ξανάρχομαι, ξανάρθα): the regulation's elision is that of α- verbs (ΞΑΝΑΡΧΙΖΩ); other
#: vowels elide only where a dictionary lemma shows it, so no general rule.
ELIDING = {"έρχομαι": "spaCy lemma index ξανάρχομαι; hunspell el_GR ξανάρχομαι, ξανάρθα"}


def elided_listed(lemma: str, forms: list[tuple[str, str]]) -> list[tuple[str, str, tuple]]:
    """The elided ξανα- forms of a verb of :data:`ELIDING`: each form whose initial ε/η
    (ήρθα, έρχομαι, ερχόμαστε) stands before ρ, with ξανα- in that vowel's place and its
    stress (ξανάρθα, ξανάρχομαι, ξαναρχόμαστε); ``[(cell, form, rule ids)]``."""
    out = []
    for cell, form in forms:
        if not Cell.of(cell).verbal or form[1:2] != "ρ" or form[:1] not in "εέηή":
            continue
        out.append((cell, (PREFIX[:-1] + "ά" if form[0] in "έή" else PREFIX) + form[1:],
                    (RULE_ID,)))
    return out


def compound(table, consonant_initial: bool, members):
    """§B3 as a compound on class verbs: ``[(lemma, ξανα + stem)]`` of the group ``members``
    (``[(lemma, stem)]``, inflected by ``table``) whose lemma takes ξανα-, for a
    consonant-initial verb class (the table's part of speech is VERB); the
    compiler gives them the verb's own augment logic (ξανάγραψα, εξανάγραψα). None for a
    group the rule does not concern (not a consonant-initial verb class)."""
    if table.pos != "VERB" or not consonant_initial:
        return None
    return [(lm, PREFIX + st) for lm, st in members if takes_xana(lm)]


def prefixed(lemma: str, cell: str, form: str, rule_ids=()) -> set[str]:
    """The surface ξανα- forms of one analysed form (accented lower case): ξανα + form on a
    verb form whose lemma takes ξανα- and that is no §E1 printed form, and ξαν + form when
    the lemma starts with unstressed α but not αι (ξαναρχίζω). The Python reference of
    :func:`fst`."""
    if not Cell.of(cell).verbal or not takes_xana(lemma) or "E1" in rule_ids:
        return set()
    out = {PREFIX + form}
    if lemma.startswith("α") and not lemma.startswith(("αι", "αί")) and form[:1] in ("α", "ά"):
        out.add(ELIDED + form)
    return out


def _prefixed(prefixes):
    """Acceptor of strings starting with any of ``prefixes``, with or without one accent."""
    import pynini
    acc = STRESSED
    forms = set()
    for p in prefixes:
        forms.add(p)
        for i, ch in enumerate(p):
            if ch in acc:
                forms.add(p[:i] + acc[ch] + p[i + 1:])
    return pynini.union(*sorted(forms)).optimize()


def barred_fst(sigma):
    """Acceptor of the analyses (lemma first, then ``sigma``) of verbs that take no ξανα-:
    the FST form of ``not takes_xana(lemma)``."""
    import pynini
    return pynini.difference(pynini.concat(_prefixed(BARRED_PREFIXES), sigma),
                             pynini.concat(_prefixed(NON_REPETITIVE_EPAN), sigma))


def fst(gen, ctx):
    """§B3 on the surface: ξανα- before every accepted verb form, unchanged (ΞΑΝΑΕΙΔΑ), and
    ξαν- before α-initial forms of verbs in α- but not αι- (ΞΑΝΑΡΧΙΖΩ); not on the verbs
    :func:`takes_xana` bars nor on §E1 printed forms."""
    import pynini

    tags = ctx.tags
    bsym = tags.char("rule", RULE_ID)
    sigma = analysis_sigma(tags, exclude=(bsym,))
    verb_cells = [c for (kind, c) in tags.by_char.values()
                  if kind == "cell" and Cell.of(c).verbal]
    any_tail = pynini.union(*[tags.char("cell", c) for c in verb_cells]) + sigma
    barred = barred_fst(sigma)
    if "rule:E1" in tags.by_tag:  # §E1 printed forms take no ξανα-
        barred = pynini.union(barred, sigma + tags.char("rule", "E1") + sigma)
    verb_ana = pynini.difference(sigma + any_tail, barred.optimize()).optimize()
    verbs = pynini.compose(verb_ana, gen)
    mark = pynini.cross(bsym, "") + pynini.accep("", weight=RULE_WEIGHT)
    full = pynini.concat(pynini.cross("", PREFIX), verbs) + mark
    no_elide = pynini.union("αι", "αί") + sigma
    elide_ana = pynini.difference(pynini.accep("α") + sigma, no_elide).optimize()
    elided = pynini.compose(pynini.compose(elide_ana, verbs),
                            pynini.union("α", "ά") + surface_sigma())
    elided = pynini.concat(pynini.cross("", ELIDED), elided) + mark
    return pynini.union(gen, full, elided).optimize()


LAYER = Layer(RULE_ID, "surface", True, build=fst, explain=blocked,
              hooks={"compound": compound, "listed verb": listed_compounds})
