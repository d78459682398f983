"""§B3 — the prefix ξανα- on every verb form (grammars/RULES.md §B3; regulation D2 on its augment).

* ξανα- goes on every accepted verb form unchanged: ΞΑΝΑΕΔΡΟΣΙΖΑ, ΞΑΝΑΗΡΑ, ΞΑΝΑΕΙΔΑ.
* As a compound it also takes the verb's own augment logic: the augment of ξανα-γράφω is
  unstressed, hence optional (ξανάγραψα, εξανάγραψα; D1, D2: ΕΞΑΝΑΠΙΑ yes, ΕΞΑΝΑΕΔΩΣΑ no).
* Verbs in α- take ξανα- with both α kept and one elided (ΞΑΝΑΑΡΧΙΖΩ, ΞΑΝΑΡΧΙΖΩ); verbs
  stressed on that initial α in the present (άρω, άγω) and verbs in αι- keep both only
  (ΞΑΝΑΑΡΩ yes, ΞΑΝΑΡΩ no).
* Not on verbs in πρωτο-, ματα-, repetitive επαν(α)- (επανεκλέγω), nor on verbs already in
  ξανα-; non-repetitive επαν- verbs take it (επαναστατώ, επανδρώνω, επαναπαύομαι, επανακάμπτω).
* On participles only -οντας/-ώντας and -μένος (D6): the engine's only participle cells.
"""
from __future__ import annotations

import unicodedata

RULE_ID = "B3"
PREFIX = "ξανα"
ELIDED = "ξαν"
BARRED_PREFIXES = ("πρωτο", "ματα", "ξανα", "επαν")
NON_REPETITIVE_EPAN = ("επαναστατ", "επανδρων", "επαναπαυ", "επανακαμπτ")


def _plain(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn")


def takes_xana(lemma: str) -> bool:
    """May forms of the verb ``lemma`` take ξανα-?"""
    p = _plain(lemma)
    if p.startswith(NON_REPETITIVE_EPAN):
        return True
    return not p.startswith(BARRED_PREFIXES)


def may_elide(lemma: str) -> bool:
    """ξαν- (one α) is allowed: the verb starts with α, not stressed on it, not in αι-."""
    return lemma.startswith("α") and not _plain(lemma).startswith("αι")


def blocked(tile: str, analyse) -> str | None:
    """Why §B3 blocks ``tile`` (tile form), or None. ``analyse(tile)`` lists analyses.

    ΞΑΝΑΡΩ: the verb takes only ξαναα- (ΞΑΝΑΑΡΩ); ΞΑΝΑΦΩΣ: ξανα- goes on verbs only;
    ΞΑΝΑΠΡΩΤΟΒΓΑΙΝΩ: not on πρωτο-/ματα-/repetitive επαν- verbs.
    """
    if not tile.startswith("ΞΑΝΑ") or len(tile) <= 4:
        return None
    rest = tile[4:]
    if any(a.tags.startswith("V") for a in analyse("ΞΑΝΑΑ" + rest)):
        return f"§B3: this verb takes only ξαναα- (ΞΑΝΑΑ{rest} is valid)"
    base = analyse(rest)
    if base and not any(a.tags.startswith("V") for a in base):
        return f"§B3: ξανα- goes on verbs only ({rest} is a {base[0].tags.split(';')[0]} form)"
    if any(a.tags.startswith("V") and not takes_xana(a.lemma) for a in base):
        return "§B3: no ξανα- on verbs in πρωτο-, ματα- or repetitive επαν(α)-"
    return None


def listed_compounds(lemma: str, forms: list[tuple[str, str]]) -> list[tuple[str, str, tuple]]:
    """§B3 as a compound on a hand-entered verb (lexicon/irregular.tsv): ``[(cell, form)]`` of
    its paradigm → ``[(cell, form, rule ids)]`` of ξανα- compounds the surface prefixing
    misses. As for class verbs (ξανάγραψα, εξανάγραψα), a stressed augment falls inside the
    compound and the stress recedes: έφαγα → ξανάφαγα; the augment of a consonant-initial
    verb that every person keeps (ήπια, είδα) drops too: ξανάπια (regulation §D2: ΞΑΝΑΠΙΑ,
    ΚΑΛΟΔΑ). The compound's own augment is unstressed, hence optional (§D1): εξανάφαγα,
    εξαναφάγαμε, ΕΞΑΝΑΠΙΑ, ΕΞΑΝΑΔΩΣΑΜΕ; never a second one (ΕΞΑΝΑΗΠΙΑ no, §D2)."""
    from grammars import phonology as ph
    from grammars.rules.d1_augment import _tense
    if not takes_xana(lemma) or _plain(lemma)[:1] in "αεηιουω":
        return []
    first = {}
    for cell, form in forms:
        if cell.startswith("V;IND;PST;"):
            first.setdefault((_tense(cell), ";".join(cell.split(";")[4:6])), form)
    out = []
    for cell, form in forms:
        if not cell.startswith("V;IND;PST;"):
            continue
        s1, p1 = first.get((_tense(cell), "1;SG"), ""), first.get((_tense(cell), "1;PL"), "")
        body = None
        if s1.startswith("έ") and p1[:1] not in ("ε", "έ"):       # syllabic augment: έφαγα
            body = form[1:] if form.startswith("έ") else form
        elif s1.startswith(("ή", "εί")) and p1.startswith(("ή", "εί")):  # ήπια, ήπιαμε
            body = form[len("ή") if form.startswith("ή") else len("εί"):] if form.startswith(
                ("ή", "εί")) else None
        if not body:
            continue
        if form.startswith(("έ", "ή", "εί")):
            plain = ph.plain(ph.underlying(PREFIX + body, glides=False))
            compound = ph.realise(plain, "", "ANT")
            if compound.startswith("ξά"):                          # never before ξανά-: ξανάδα
                compound = ph.realise(plain, "", "PEN")
        else:
            compound = PREFIX + form                               # ξαναφάγαμε
        if compound != PREFIX + form:
            out.append((cell, compound, (RULE_ID,)))
        out.append((cell, "ε" + compound, (RULE_ID, "D1")))
    return out
