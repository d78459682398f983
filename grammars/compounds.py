"""Compound verbs of the hand-entered irregular core: prefix + a verb of lexicon/irregular.tsv.

A compound lemma (ξεφεύγω, παρέχω, απέρχομαι, κατατρώω) takes the paradigm of its base verb
(φεύγω, έχω, έρχομαι, τρώω) as ``lexicon/irregular.tsv`` lists it, with the prefix in front
(Triantafyllidis, Μικρή νεοελληνική γραμματική, compound verbs and the augment, § 254 ff.;
regulation §D2):

* the prefix takes its form before a vowel or a consonant: learned prepositions drop their
  last vowel before a vowel (παρα-έχω → παρ-έχω, απο-ήλθα → απ-ήλθα; προ, περι keep it; εκ
  becomes εξ) and ν assimilates before a consonant (εν-βάζω → εμβάζω, συν-πίνω → συμπίνω).
  The learned prefixes and their elided and augmented shapes are those of
  ``grammars/internal_augment.tsv`` (the §D2 prefix table); the demotic first members ξε-,
  καλο-, κακο- (and παρα- "too much") never elide (καλο-είδα, παρα-έφαγα);
* present system, participles, perfective subjunctive and passive forms: prefix + the base
  form with its stress (παρέχεις, απερχόμαστε, ξεφύγω); the active 2nd singular
  imperative is recessive (φύγε → ξέφυγε, δώσε → απόδωσε), the passive one in -ου keeps the
  base's stress (πνεύσου → αναπνεύσου, βάλλου → παραβάλλου);
* past tenses whose base has a **syllabic augment** (έφυγα, φύγαμε; έδωσα, δώσαμε) are made in
  one or more *modes*, a lemma fact chosen by evidence (``lexicon/compounds.tsv``):

  - ``drop``: the augment is dropped and the stress recessive within the compound, but not
    before the prefix's last syllable (ξέφυγα, ξεφύγαμε; κατάφαγα; καλόδα for είδα); forms
    of the tense without augment (φάγαμε) are the same in every mode (παραφάγαμε), and so is
    the imperfect, which drops it (κατάπινα, ξέφευγα);
  - ``keep`` (aorist): a demotic first member keeps the base's augment where it is stressed
    (§D2: ΠΑΡΑΕΦΑΓΑ, ΚΑΛΟΕΙΔΑ; never where it is not: ΠΑΡΑΕΦΑΓΑΜΕ no);
  - ``internal`` (aorist): a learned prefix takes the augment inside where it is stressed
    (§D2: απο-έδωσα → απ-έ-δωσα, ενέδωσα, παρείχα, απήλθα), stress recessive but not before
    the augment (``d2_internal_augment.augmented``);

  a base whose past starts with a temporal or hidden augment (είχα, είδα, ήπια, είπα, ήρθα)
  keeps it inside in modes ``keep`` (demotic: καλοείδα) and ``internal`` (learned, elided:
  παρείχα, αντείπαν, απήλθα), and in mode ``drop`` loses it where the perfective subjunctive
  starts without it (είδα/δω → καλόδα, ήπια/πιω → κατάπια); έχω/είχα has no ``drop``.
  Every past form without augment that starts with a consonant also takes the unstressed
  external augment of §D1, as the class paradigms give it to regular compounds (ΕΚΑΛΟΔΑ,
  ΕΠΑΡΑΦΑΓΑΜΕ, ΕΔΙΑΛΥΣΑ): in a tense without visible augment, where the base's class
  has it (κάλεσα, εκάλεσα → εσυγκάλεσα); no second augment is ever made (ΕΚΑΛΟΕΙΔΑ no, §D2).
* έρχομαι lists two perfective stems: ``ήρθα`` (ήρθα, έρθω) and ``ήλθα`` (ήλθα, έλθω); a
  compound takes either or both (modes ``ήρθα``, ``ήλθα``: προήρθα, απήλθα).

Forms are (cell, accented form, weight, rule ids): §D2 on the forms whose augment treatment
§D2 rules (keep, internal), §D1 on the external augment.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from grammars import phonology as ph
from grammars.alphabet import STRESSED, VOWELS_WITH_STRESSED
from grammars.cells import Cell
from grammars.layer import RULE_WEIGHT
from grammars.rules import d2_internal_augment as d2
from grammars.rules.d2_internal_augment import DEMOTIC
from lexicon import CompoundRecord, read_compounds

RULE_D1 = "D1"
RULE_D2 = "D2"
AUGMENT_MODES = ("drop", "keep", "internal")
#: a base with two listed perfective stems: mode → the letters that mark its rows
STEM_VARIANTS = {"έρχομαι": (("ήρθα", "ρθ"), ("ήλθα", "λθ"))}
#: forms of a base that its compounds do not share: the suppletive imperative έλα, ελάτε
#: (Triantafyllidis, irregular verbs: compounds of έρχομαι take -έλθε)
SIMPLE_ONLY = {("έρχομαι", "έλα"), ("έρχομαι", "ελάτε")}
#: stems of a base that its compounds do not share: κάθομαι's colloquial aorist έκατσα/κάτσω
#: (Triantafyllidis, irregular verbs: κάθομαι, κάθισα & έκατσα; the compounds ανακάθομαι,
#: κατακάθομαι, παρακάθομαι take κάθισα only: κατακάθισε, not *κατέκατσε)
SIMPLE_ONLY_STEMS = {"κάθομαι": ("κατσ", "κάτσ")}
#: a base's variant present (weight 2) that its compounds do not share: λέω's λέγω, λέγεις …
#: (Triantafyllidis, irregular verbs: λέω (& λέγω); ΛΚΝ παραλέω: παραλές, παραλέει, imperfect
#: παράλεγα: the compound's present is -λέω only, its imperfect keeps λεγ-)
SIMPLE_ONLY_PRESENT = {"λέω": "λέγ"}
#: learned bases whose compounds take only the internal augment in the imperfect, as in the
#: aorist (§D2: ΕΜΠΝΕΩ – ΕΝΕΠΝΕΥΣΑ – ΕΝΕΠΝΕΑ; ανελάμβανα, ανέφερε, επέτρεπε, εξέδιδε). The
#: compounds of other bases whose aorist takes it inside have both imperfects (υπέκυπτα,
#: υπόκυπτα; διέφευγα, διάφευγα: the official dev half holds 42 of the 42 internal ones it
#: could show), except those of a nasal present (:func:`nasal_present`: απόδινα)
LEARNED_IMPERFECT = {"λαμβάνω", "θέτω", "βάλλω", "δίδω", "λέγω", "τρέπω", "στρέφω", "πτύσσω",
                     "στέλλω", "φέρω", "τείνω", "πνέω", "καλύπτω", "βαίνω"}
#: bases whose compounds have no imperfect in the dictionaries (Triantafyllidis prints
#: εισάγω, εισήγαγα, εισάχθηκα: no *εισήγα)
NO_IMPERFECT = {"άγω"}
ACCENTED = {v: k for k, v in STRESSED.items()}
VOWEL_START = set(VOWELS_WITH_STRESSED)
LABIAL, VELAR = set("πβφψμ"), set("κγχξ")


def strip_accents(s: str) -> str:
    """``s`` with ά έ ή ί ό ύ ώ unstressed (ΐ ΰ kept)."""
    return "".join(ACCENTED.get(c, c) for c in s)


@dataclass(frozen=True)
class Prefix:
    """A prefix as the lemma spells it, its full form (before a consonant), its form before
    a vowel, its §D2 augmented form (learned prefixes only) and whether it is demotic."""
    spelled: str
    full: str
    before_vowel: str
    augmented: str | None
    demotic: bool


@functools.lru_cache(maxsize=None)
def _learned() -> dict[str, tuple[str, str]]:
    """Full learned prefix → (form before a vowel, augmented form), from the §D2 prefix table
    ``grammars/internal_augment.tsv`` (its C rows give the augmented form, its V rows the
    elided one)."""
    rows = d2.prefixes()
    vowel_forms = {r.prefix for r in rows if r.context == "V"}
    out = {}
    for r in rows:
        if r.context != "C" or r.augmented == "-":
            continue
        p = r.prefix
        if p == "εκ":
            v = "εξ"
        elif p in vowel_forms:
            v = p
        elif p[-1] in "αεοι" and p[:-1] in vowel_forms:  # επι → επ, αντι → αντ
            v = p[:-1]
        else:
            continue  # assimilated shapes (εμ, συγ …): reached through εν, συν
        out[p] = (v, r.augmented)
    return out


def prefix_of(spelled: str, base: str) -> Prefix | None:
    """The prefix as spelled in the lemma ``spelled + base``, or None if it is none of the
    learned prefixes (elided or assimilated) or demotic first members."""
    learned = _learned()
    if spelled in DEMOTIC:
        return Prefix(spelled, spelled, spelled, None, True)
    if spelled == "παρα" and base[0] in VOWEL_START:
        return Prefix(spelled, spelled, spelled, None, True)  # παρα-έχω: "too much"
    for full, (v, aug) in sorted(learned.items()):
        shapes = {full, v}
        if full in ("εν", "συν"):
            shapes |= {full[:-1] + "μ", full[:-1] + "γ", full[:-1] + "λ", full[:-1] + "ρ"}
            if full == "συν":
                shapes.add("συ")
        if spelled in shapes:
            if base[0] in VOWEL_START and spelled != v:
                continue
            # παρα- before a consonant is learned or demotic: both are candidates
            return Prefix(spelled, full, v, aug, spelled == "παρα")
    return None


def before_consonant(full: str, form: str) -> str:
    """The prefix's shape before ``form`` (ν assimilated: εμ-, συγ-, συ- before σ+consonant)."""
    if full not in ("εν", "συν"):
        return full
    c = form[0]
    stem = full[:-1]
    if c in LABIAL:
        return stem + "μ"
    if c in VELAR:
        return stem + "γ"
    if c in "λρ":
        return stem + c
    if full == "συν" and (c == "ζ" or (c == "σ" and len(form) > 1 and form[1] not in VOWEL_START)):
        return stem
    return full


def _join(prefix: str, form: str, directive: str) -> str:
    """prefix + accented form, stress kept (``keep``) or placed (``ANT``); a monosyllabic
    unaccented form (δω, πιω) takes the stress on its own syllable (καλοδώ)."""
    u = ph.underlying(prefix + form, glides=False)
    if directive == ph.KEEP and ph.MARK not in u:
        return ph.realise(ph.underlying(prefix, glides=False) + ph.underlying(form), "", "ULT")
    if directive == ph.KEEP:
        return ph.realise(u, "", ph.KEEP)
    # recessive, but not before the prefix's last syllable (ξέφυγα, καλόδα, not *κάλοδα)
    units = ph._units(ph.plain(u))
    nuclei = [i for i, x in enumerate(units) if ph._is_nucleus(x)]
    n_pre = sum(1 for x in ph._units(prefix) if ph._is_nucleus(x))
    if not nuclei:
        return ""
    k = min(max(len(nuclei) - 3, n_pre - 1, 0), len(nuclei) - 1)
    units[nuclei[k]] += ph.MARK
    return ph.realise("".join(units), "", ph.KEEP)


def attach(p: Prefix, form: str, directive: str = ph.KEEP, elide: bool = True) -> str:
    """The prefix before one base form: elided before a vowel (learned, if ``elide``),
    assimilated before a consonant."""
    if form[0] in VOWEL_START:
        return _join(p.before_vowel if elide else p.full, form, directive)
    return _join(before_consonant(p.full, form), form, directive)


def _tense(cell: str) -> str:
    return Cell.of(cell).tense


def _person(cell: str) -> str:
    return Cell.of(cell).person_number


def augment_kinds(rows: list[tuple[str, str, int]]) -> dict[str, str]:
    """Past tense (cell without person/number) → ``syllabic`` (έφυγα, φύγαμε), ``temporal``
    (είχα, είδα: the past starts with a vowel) or ``none`` (βγήκα), from the base's rows
    ``(cell, form, weight)`` (as d1_augment.listed_variants reads them)."""
    by = {}
    for cell, form, _w in rows:
        if cell.startswith("V;IND;PST;"):
            by.setdefault(_tense(cell), {}).setdefault(_person(cell), form)
    out = {}
    for t, f in by.items():
        s1, p1 = f.get("1;SG", ""), f.get("1;PL", "")
        if s1.startswith("έ") and p1 and p1[0] not in "εέ":
            out[t] = "syllabic"
        elif t.endswith(";ACT") and s1[:1] in VOWEL_START:
            out[t] = "temporal"
        else:
            out[t] = "none"
    return out


def _subjunctive(rows, tense: str) -> str | None:
    """The non-past form of the tense's aspect (perfective subjunctive, present), 1sg."""
    aspect = "PFV" if ";PFV;" in tense + ";" else "IPFV"
    want = ("V;SBJV;PFV;1;SG;" if aspect == "PFV" else "V;IND;PRS;IPFV;1;SG;") + tense.split(";")[-1]
    for cell, form, w in rows:
        if cell == want and w == 0:
            return form
    return None


def _drop_temporal(form: str, sub: str | None) -> str | None:
    """είδα → δα when the subjunctive (δω) starts with the consonant after the augment."""
    if not sub or sub[0] in VOWEL_START:
        return None
    i = 0
    while i < len(form) and form[i] in VOWEL_START:
        i += 1
    rest = form[i:]
    if not rest or rest[0] != sub[0] or not any(c in VOWEL_START for c in rest):
        return None
    return rest


def nasal_present(base: str, rows: list[tuple[str, str, int]]) -> bool:
    """Is ``base`` a demotic present in -νω whose aorist drops the ν (δίνω έδωσα, γέρνω
    έγειρα, σέρνω έσυρα, φέρνω έφερα; not μένω έμεινα)? Its compounds' imperfect drops the
    augment even where their aorist keeps it inside: απέδωσα but απόδινα (Triantafyllidis,
    the augment of compound verbs; the official dev half holds 1 of the 10 -έδινα/-έγερνα
    forms it could show)."""
    if not base.endswith("νω"):
        return False
    aorists = [f for c, f, w in rows if c == "V;IND;PST;PFV;1;SG;ACT" and w == 0]
    return bool(aorists) and all("ν" not in f for f in aorists)


def derive(p: Prefix, base: str, rows: list[tuple[str, str, int]],
           modes: frozenset[str] | set[str], d1=frozenset()
           ) -> list[tuple[str, str, int, tuple[str, ...]]]:
    """The compound's forms from its base's listed rows ``(cell, form, weight)``:
    ``[(cell, form, weight, rule ids)]``, sorted, distinct. ``modes`` ⊆ AUGMENT_MODES plus,
    for a base of STEM_VARIANTS, the stems taken. ``d1``: the (cell, form) of a past tense
    without visible augment whose optional §D1 ε- the base takes in its class paradigm
    (κάλεσα, εκάλεσα: ``grammars.verb_parts.base_d1``); the compound's form made from one
    takes it too where it starts with a consonant (συγκάλεσα, εσυγκάλεσα), as the class
    gives it to a regular compound (ΕΔΙΑΛΥΣΑ)."""
    variants = STEM_VARIANTS.get(base, ())
    skip = [mark for name, mark in variants if name not in modes]
    kinds = augment_kinds(rows)
    nasal = nasal_present(base, rows)
    out = set()
    for cell, form, w in rows:
        if any(m in form for m in skip) or (base, form) in SIMPLE_ONLY \
                or any(m in form for m in SIMPLE_ONLY_STEMS.get(base, ())):
            continue
        if base in SIMPLE_ONLY_PRESENT and w >= 2 and form.startswith(SIMPLE_ONLY_PRESENT[base]) \
                and cell.startswith(("V;IND;PRS;IPFV;", "V;IMP;IPFV;")) and cell.endswith(";ACT"):
            continue
        if cell.startswith("V;IND;PST;IPFV;") and cell.endswith(";ACT") and base in NO_IMPERFECT:
            continue
        if cell.startswith("V;IND;PST;"):
            t = _tense(cell)
            kind = kinds.get(t, "none")
            if kind == "syllabic":
                augmented = form[0] in "εέ"
                if not augmented:  # φάγαμε → παραφάγαμε (recessive, as the base)
                    plain_form = attach(p, form, "ANT")
                    out.add((cell, plain_form, w, ()))
                    if plain_form[:1] not in VOWEL_START:
                        out.add((cell, "ε" + strip_accents(plain_form[0]) + plain_form[1:], w,
                                 (RULE_D1,)))
                    continue
                rest = form[1:]
                # the imperfect of a demotic present drops the augment (κατάπινα, ξέφευγα);
                # a learned compound's follows its aorist (§D2: ενέπνευσα – ενέπνεα)
                learned_ipfv = (";PFV;" not in cell and "internal" in modes and p.augmented
                                and not nasal)
                drop = "drop" in modes or (";PFV;" not in cell and not (
                    learned_ipfv and base in LEARNED_IMPERFECT))
                if drop and any(c in VOWEL_START for c in rest):
                    dropped = attach(p, rest, "ANT")
                    out.add((cell, dropped, w, ()))
                    if dropped[0] not in VOWEL_START:
                        out.add((cell, "ε" + strip_accents(dropped[0]) + dropped[1:], w,
                                 (RULE_D1,)))
                if ";PFV;" not in cell and not learned_ipfv:
                    continue
                if "keep" in modes and p.demotic and ";PFV;" in cell:
                    out.add((cell, _join(p.full, form, ph.KEEP), w, (RULE_D2,)))
                if "internal" in modes and p.augmented:
                    letters = strip_accents(before_consonant(p.full, rest) + rest)
                    lead = before_consonant(p.full, rest)
                    aug = p.augmented
                    t2 = d2.augmented(letters, lead, aug)
                    if t2 is not None and t2[1]:
                        out.add((cell, t2[0], w, (RULE_D2,)))
                continue
            if kind == "temporal":
                if "keep" in modes and p.demotic:
                    out.add((cell, _join(p.full, form, ph.KEEP), w, (RULE_D2,)))
                if "internal" in modes and p.augmented:
                    out.add((cell, _join(p.before_vowel, form, ph.KEEP), w, (RULE_D2,)))
                if "drop" in modes:
                    rest = _drop_temporal(form, _subjunctive(rows, t))
                    if rest:
                        dropped = attach(p, rest, "ANT")
                        out.add((cell, dropped, w, ()))
                        if dropped[0] not in VOWEL_START:
                            out.add((cell, "ε" + strip_accents(dropped[0]) + dropped[1:], w,
                                     (RULE_D1,)))
                continue
            made = attach(p, form, ph.KEEP, elide=not p.demotic)
            out.add((cell, made, w, ()))
            if (cell, form) in d1 and made[:1] and made[0] not in VOWEL_START:
                out.add((cell, "ε" + made, w, (RULE_D1,)))  # εσυγκάλεσα (§D1)
            continue
        if cell.startswith("V;IMP;") and ";2;SG;" in cell and cell.endswith(";ACT") \
                and form[0] not in VOWEL_START:
            out.add((cell, attach(p, form, "ANT"), w, ()))  # ξέφυγε, απόδωσε
            continue
        out.add((cell, attach(p, form, ph.KEEP, elide=not p.demotic), w, ()))
    return sorted(x for x in out if x[1])


def candidate_modes(p: Prefix, base: str, rows) -> tuple[str, ...]:
    """The augment modes the grammar leaves open for ``p`` + ``base`` (module docstring)."""
    kinds = set(augment_kinds(rows).values())
    out = []
    if "syllabic" in kinds or "temporal" in kinds:
        out.append("drop")
        if p.demotic:
            out.append("keep")
        if p.augmented:
            out.append("internal")
    return tuple(out) + tuple(name for name, _ in STEM_VARIANTS.get(base, ()))


# the records are lexicon data, read by lexicon.read_compounds
Record = CompoundRecord


def check_records(records):
    """``records`` (:class:`lexicon.CompoundRecord`, as read) unchanged. Raises ValueError
    naming file and line of a record whose prefix is not a prefix of the grammar for its base
    (:func:`prefix_of`) or whose modes are not :data:`AUGMENT_MODES` or stems of
    :data:`STEM_VARIANTS`."""
    known = set(AUGMENT_MODES) | {n for v in STEM_VARIANTS.values() for n, _ in v}
    for r in records:
        if prefix_of(r.prefix, r.base) is None:
            raise ValueError(f"{r.where}: expected lemma = prefix + base, base, "
                             "prefix, mode, source")
        if not r.modes <= known:
            raise ValueError(f"{r.where}: unknown mode in {r.mode_text!r}")
    return records


def read_records(path=None) -> list[CompoundRecord]:
    """The records of ``lexicon/compounds.tsv`` (or ``path``), read by
    :func:`lexicon.read_compounds` and checked by :func:`check_records`; [] if absent. Raises
    ValueError naming file and line for a malformed row."""
    return check_records(read_compounds(path))


def record_forms(rec: Record, base_rows, internal=None, base_class=None, d1=frozenset()
                 ) -> list[tuple[str, str, int, tuple[str, ...]]]:
    """The forms of one record (:func:`derive`) from its base's rows ``(cell, form, weight)``,
    with the §D2 internal augment of the compound's own entry ``internal`` (its
    ``lexicon/internal-augment.tsv`` row, or None), which the build gives to any paradigm of
    the lemma: in the cells a principal-parts base leaves to its class (``base_class`` =
    (class table, predicate of the cells its parts state), or None for a listed base) as a
    class verb takes it (:func:`grammars.rules.d2_internal_augment.forms`: αποκαλώ
    απεκάλεσα, απεκαλούσαμε), in the other cells from the forms made
    (:func:`grammars.rules.d2_internal_augment.listed_twins`: αποκάλυψα → απεκάλυψα), at the
    scrabble-only weight :data:`grammars.layer.RULE_WEIGHT`; mode ``only`` drops the plain
    forms where the augment is stressed. ``d1``: the base's forms that take §D1's ε-
    (:func:`derive`)."""
    made = derive(prefix_of(rec.prefix, rec.base), rec.base, base_rows, rec.modes, d1)
    if internal is None:
        return made
    table, stated = base_class if base_class else (None, lambda cell: True)
    entry = internal
    twins = {}  # (cell, twin) → augment stressed?
    only: set = set()  # (cell, plain form) that mode only drops
    if table is not None:
        cells = {c for c, _f, _w, rids in made if not rids}  # not a cell derive leaves out
        for cell, form, _r in d2.forms(entry, table):  # (συνάγω: no imperfect, no *συνήγα)
            if cell in cells and not stated(cell):
                twins[(cell, form)] = None
        only |= {(c, f) for c, f, _w, rids in made
                 if not rids and not stated(c) and c in d2.only_cells(entry, table)}
    listed = d2.listed_twins(entry, [(c, f) for c, f, _w, rids in made
                                     if not rids and stated(c)])
    for (cell, form), (twin, stressed) in listed.items():
        twins[(cell, twin)] = stressed
        if stressed and entry.mode == "only":
            only.add((cell, form))
    have = {(c, f) for c, f, _w, _r in made}
    out = [x for x in made if (x[0], x[1]) not in only]
    out += [(c, f, RULE_WEIGHT, (RULE_D2,)) for c, f in twins if (c, f) not in have]
    return sorted(out)
