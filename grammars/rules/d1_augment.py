"""§D1 — the past-tense augment and the euphonic -ε (grammars/RULES.md §D1).

* The augment is optional where it is unstressed: beside γράψαμε the regulation accepts
  εγράψαμε (``[AUG1]`` slot: ε kept although unstressed). Where the augment carries the
  stress it stays obligatory: έγραψα, never γράψα (the paradigm's ``[AUG]`` slot does that).
* A past tense with no syllabic augment (the stress never reaches it: ζητούσα, γραφόταν,
  δέθηκε, κράταγα, πήγαινα, βγήκα) takes it as well, unstressed: εζητούσα, εγραφόταν,
  εδέθηκε, εκράταγα, επήγαινα, εβγήκα, as the regulation's ΕΔΡΟΣΙΖΑ does. Of the forms of
  this kind the dev half of the federation's list could show (2–8 letters, dev-hashed), it
  holds 0.97 (223 of 230: ΕΖΗΤΟΥΣΑ, ΕΔΕΝΟΤΑΝ, ΕΔΕΘΗΚΕ, ΕΒΑΦΤΗΚΑ), and the -αγα ones 0.81
  (103 of 127, ΕΚΡΑΤΑΓΑ, ΕΡΩΤΑΓΑΝ; the rest mostly nouns, ΠΕΛΑΓΑ). A form with an internal
  augment takes none (§D2: ΕΚΑΤΕΒΗΚΑ no).
* 3rd plural: the colloquial past without augment, stressed on the penult, is valid:
  έδεσαν → δέσαν (and with euphonic -ε: δέσανε, εδέσανε).
* The euphonic -ε is valid on every 3rd-plural verb form in -ν (present, past, perfective
  subjunctive, passive included): δένουν/δένουνε, γράφτηκαν/γραφτήκανε. With the recessive
  accent it shifts the stress (έγραψαν → γράψανε); otherwise the stress stays (αγαπούν →
  αγαπούνε).

Each function takes a paradigm rule as (cell, ending, directive, aug) and returns the extra
variants it licenses as (ending, directive, aug_symbol_or_None); the compiler adds them with
the scrabble-only weight and the rule id ``D1``.
"""
from __future__ import annotations

from grammars import alphabet
from grammars import phonology as ph
from grammars.cells import Cell
from grammars.layer import Layer
from grammars.labels import message
from grammars.paradigm import consonant_initial
from grammars.rules import d2_internal_augment as d2

RULE_ID = "D1"
PAST = "V;IND;PST;"


def variants(cell: str, ending: str, directive: str, aug: bool):
    """Extra (ending, directive, aug slot) variants of one paradigm cell under §D1."""
    out = []
    bases = [(ending, directive, ph.AUG if aug else None)]
    if aug:
        out.append((ending, directive, ph.AUG_D1))              # εγράψαμε
        if Cell.of(cell).has("3", "PL"):
            out.append((ending, "PEN", None))                   # δέσαν
            bases.append((ending, "PEN", None))
        bases.append((ending, directive, ph.AUG_D1))
    elif cell.startswith(PAST):                                 # no syllabic augment
        out.append((ending, directive, ph.AUG_D1))              # εζητούσα, εδέθηκε
        bases.append((ending, directive, ph.AUG_D1))
    if Cell.of(cell).finite and Cell.of(cell).has("3", "PL") and ending.endswith("ν"):
        for e, d, a in bases:
            out.append((e + "ε", d, a) if d == "ANT" else (e, d + "+ε", a))
    return out


def blocked(tile: str, analyse) -> str | None:
    """Why §D1 blocks ``tile``, or None: the form lacks a stressed augment (ΓΡΑΨΑ for
    ΕΓΡΑΨΑ). ``analyse(tile) -> list[Analysis]`` is the analyser of the language."""
    augmented = "Ε" + tile
    for a in analyse(augmented):
        if Cell.of(a.tags).has("PST") and a.surface.startswith("έ"):
            return message("reason.D1", word=augmented)
    return None


def _consonant_start(word: str) -> bool:
    return consonant_initial(alphabet.plain(word))


def _tense(cell: str) -> str:
    """The cell without person and number: the forms of one tense share it."""
    return Cell.of(cell).tense


def first_forms(forms: list[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """(tense, person;number) → the first past-indicative form of ``[(cell, form)]`` that is
    no optional ε- twin of another form of its cell: a parts row lists εδώσαμε (§D1) beside
    δώσαμε, and the augment is read off δώσαμε."""
    cells: dict[str, list[str]] = {}
    for cell, form in forms:
        if cell.startswith("V;IND;PST;"):
            cells.setdefault(cell, []).append(form)
    out: dict[tuple[str, str], str] = {}
    for cell, fs in cells.items():
        plain_forms = [f for f in fs if not (f[:1] == "ε" and f[1:] in fs)] or fs
        out.setdefault((_tense(cell), Cell.of(cell).person_number), plain_forms[0])
    return out


def listed_variants(forms: list[tuple[str, str]], lemma: str | None = None
                    ) -> list[tuple[str, str]]:
    """§D1 on a hand-entered verb paradigm (lexicon/irregular.tsv): ``[(cell, form)]`` →
    the extra ``[(cell, form)]`` the rule licenses, as ``variants`` does for class tables.

    A past tense has a syllabic augment when its 1st singular starts with stressed έ- and
    its 1st plural has no ε- (έδωσα, δώσαμε): then every form without it takes the
    unstressed augment (εδώσαμε) and the 3rd plural may drop it, stressed on the penult
    (δώσαν). Given ``lemma`` (consonant-initial), a past tense with no syllabic augment
    takes it unstressed in every form (πήγαινα, βγήκα → επήγαινα, εβγήκα), and so do the
    unaugmented forms of a tense with the stressed η- (ήθελα, θέλαμε → εθέλαμε), unless the
    form has an internal one (κατέβηκα, συνήλθα:
    :func:`grammars.rules.d2_internal_augment.has_internal_augment`). Every 3rd plural in -ν
    takes the euphonic -ε (έχουνε, δώσανε, εδώσανε), the stress moving if it would fall
    before the antepenult (κάθονταν → καθόντανε), an unaccented monosyllable taking it on
    the penult (πουν → πούνε, δουν → δούνε)."""
    have = set(forms)
    first = first_forms(forms)
    lemma_ci = bool(lemma) and _consonant_start(lemma)
    plurals: dict[str, list[str]] = {}  # every 1st plural of a past tense
    for cell, form in forms:
        if cell.startswith("V;IND;PST;") and Cell.of(cell).person_number == "1;PL":
            plurals.setdefault(_tense(cell), []).append(form)
    out: list[tuple[str, str]] = []
    augmented = set()  # stressed-augment 3rd plurals, whose -ε forms are made here
    for cell, form in forms:
        if not cell.startswith("V;IND;PST;"):
            continue
        s1, p1 = first.get((_tense(cell), "1;SG"), ""), first.get((_tense(cell), "1;PL"), "")
        if not (s1.startswith("έ") and p1 and p1[0] not in "εέ"):
            if lemma_ci and (_consonant_start(s1) or s1[:1] == "ή") \
                    and _consonant_start(form) and not d2.has_internal_augment(form, lemma):
                out.append((cell, "ε" + form))                         # επήγαινα
            continue
        if form[0] not in "εέ":
            out.append((cell, "ε" + form))                             # εδώσαμε
        elif form.startswith("έ") and Cell.of(cell).has("3", "PL"):
            rest = ph.plain(ph.underlying(form[1:], glides=False))
            out.append((cell, ph.realise(rest, "", "PEN")))            # δώσαν
            if form.endswith("ν"):
                augmented.add((cell, form))
                bare = ph.realise(rest, "ε", "ANT")                    # δώσανε
                out += [(cell, bare), (cell, "ε" + bare)]              # εδώσανε
    for cell, form in list(forms) + out:
        if Cell.of(cell).finite and Cell.of(cell).has("3", "PL") and form.endswith("ν") \
                and (cell, form) not in augmented:
            u = ph.underlying(form, glides=False)
            pos = ph.stressed_syllable(u)
            # (a passive aorist's optional ε-, εγραφτήκαμε, stays off its 3rd plural, as
            # the class tables have it: no εγραφτήκανε)
            p1s = [f for f in plurals.get(_tense(cell), ()) if f.endswith("αμε")
                   and not (cell.endswith(";PASS") and f[:1] == "ε" and f[1:2] not in ph.VOWELS
                            and f[1:] in plurals.get(_tense(cell), ()))] \
                if cell.startswith("V;IND;PST;") else []
            if pos is not None and pos >= 3 and form.endswith("αν") and p1s:
                # the stress leaves the augment, which goes as in the 1st plural (ανέκυψαν,
                # ανακύψαμε → ανακύψανε, never ανεκύψανε: §D2, no unstressed internal
                # augment; πέρασαν, περάσαμε/επεράσαμε → περάσανε/επεράσανε)
                out += [(cell, f[:-3] + "ανε") for f in p1s]
            elif pos is not None and pos >= 3:
                out.append((cell, ph.realise(ph.plain(u), "ε", "ANT")))  # καθόντανε
            elif pos is None:  # an unaccented monosyllable: the -ε form is stressed (πούνε)
                out.append((cell, ph.realise(ph.plain(u), "ε", "PEN")))
            else:
                out.append((cell, ph.realise(u, "ε", ph.KEEP)))          # έχουνε
    return sorted({v for v in out if v[1] and v not in have})


def _verb_variants(cell: str, ending: str, directive: str, aug: bool):
    """:func:`variants` of a verb cell; nothing for other cells."""
    return variants(cell, ending, directive, aug) if Cell.of(cell).finite else []


def _listed_verb(lemma: str, forms: list[tuple[str, str]]):
    return [(cell, form, (RULE_ID,)) for cell, form in listed_variants(forms, lemma)]


LAYER = Layer(RULE_ID, "variants", True, explain=blocked,
              hooks={"variants": _verb_variants, "listed verb": _listed_verb})
