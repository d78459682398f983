"""§D2 — compound verbs and the internal augment (grammars/RULES.md §D2).

* Learned compounds of prepositions take the augment inside, between prefix and verb, as the
  dictionaries give it: διαλύω → διέλυσα, διέλυα; αποσπώ → απέσπασα; προβλέπω → προέβλεψα;
  υπάρχω → υπήρξα; διαρκώ → διήρκεσα. The imperfect follows the aorist (ΕΝΕΠΝΕΥΣΑ –
  ΕΝΕΠΝΕΑ); some verbs have double forms (ΔΙΑΛΥΣΑ/ΔΙΕΛΥΣΑ, ΔΙΑΛΥΑ/ΔΙΕΛΥΑ). Which lemmas take
  it, and whether the plain form stays beside it, is a lemma fact:
  ``lexicon/internal-augment.tsv`` (written by ``scripts/pipeline/find_internal_augment.py`` from
  dictionary evidence). The prefixes and their augmented shapes are
  ``grammars/internal_augment.tsv`` (Triantafyllidis, the augment of compound verbs, § 254 ff.).
* The internal augment goes on the recessive past indicative cells (those with the augment
  slot, ``grammars.paradigm.takes_augment``): active imperfect and aorist. The stress is
  recessive but never before the augment (υπ-ή-ρξα, not *ύπηρξα). Where the recessive stress
  falls after the augment (διελύσαμε) the form is made only for lemmas whose row says
  ``unstressed=yes``.
* No double augment: a form that already carries an augment takes no second one
  (ΕΔΙΕΛΥΣΑ, ΕΞΑΝΑΕΔΩΣΑ, ΕΠΡΟΕΒΛΕΨΑ no). The engine never generates a second augment (the
  [AUG1] slot stands only before forms whose augment is not realised); ``blocked`` explains
  the rejection.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from grammars import alphabet
from grammars import phonology as ph
from grammars.cells import Cell
from grammars.conjugation import overridden, parts_index
from grammars.layer import RULE_WEIGHT, Filter, Layer
from grammars.labels import message
from grammars.paradigm import consonant_initial, cut, variants_of
from lexicon import InternalAugment, read_internal_augment

RULE_ID = "D2"
#: demotic first members (Triantafyllidis § 254 ff.: no elision, augment dropped or kept);
#: grammars.compounds derives their compounds
DEMOTIC = ("ξε", "καλο", "κακο")
#: first members besides DEMOTIC that keep a stressed augment (§D2:
#: ΠΑΡΑΕΦΑΓΑ, ΠΟΛΥΗΘΕΛΕΣ)
KEEP_MEMBERS = ("παρα", "πολυ")
PREFIX_TABLE = Path(__file__).resolve().parent.parent / "internal_augment.tsv"
# temporal augment of a verb in a vowel (Triantafyllidis § 254 ff.): longest match first
TEMPORAL = (("αι", ("η",)), ("αυ", ("ηυ",)), ("ευ", ("ηυ",)), ("α", ("η",)),
            ("ε", ("η", "ει")), ("ο", ("ω",)))


def blocked(tile: str, analyse) -> str | None:
    """Why §D2 blocks ``tile``: an initial Ε in front of a form that already has an augment."""
    if tile.startswith("Ε") and len(tile) >= 4:
        rest = tile[1:]
        for a in analyse(rest):
            if Cell.of(a.tags).has("PST") and (RULE_ID in a.rules
                                               or has_augment(a.surface, a.lemma)):
                return message("reason.D2.double", rest=rest)
    # ΠΑΡΑΕΦΑΓΑΜΕ, ΚΑΛΟΕΒΛΕΠΑΝΕ: a demotic first member keeps the base's augment only where
    # it is stressed; here the compound's past form (ΠΑΡΑΦΑΓΑΜΕ) is stressed after it
    for i in range(2, len(tile) - 2):
        if tile[i] != "Ε" or ph.plain(tile[:i].lower()) not in DEMOTIC + KEEP_MEMBERS:
            continue
        plain_form = tile[:i] + tile[i + 1:]
        for a in analyse(plain_form):
            if Cell.of(a.tags).has("PST") and Cell.of(a.tags).verbal and a.lemma[:i] == \
                    a.surface[:i] and not any(c in ph._ACCENTED for c in a.surface[:i + 1]):
                return message("reason.D2.unstressed", form=plain_form)
    return None


def has_augment(surface: str, lemma: str) -> bool:
    """Does the past form ``surface`` of ``lemma`` carry a syllabic augment (initial, after
    ξανα-, or internal as in προέβλεψα)?"""
    body = surface[4:] if surface.startswith("ξανα") else surface
    if body[:1] in "εέ" and lemma[:1] not in "εέ":
        return True
    return "έ" in body[1:5] and "έ" not in lemma


def has_internal_augment(surface: str, lemma: str) -> bool:
    """Does the past form ``surface`` of ``lemma`` carry an augment after a prefix, syllabic
    or temporal (κατέβηκα, διέμενα, συνήλθα, προείχα), or a syllabic one (:func:`has_augment`)?
    Such a form takes no §D1 ε- (no double augment: ΕΚΑΤΕΣΤΗΣΑ, ΕΠΡΟΕΙΠΑ no)."""
    return has_augment(surface, lemma) or alphabet.plain(surface).startswith(
        _augmented_prefixes(alphabet.plain(lemma)))


@functools.lru_cache(maxsize=None)
def _augmented_prefixes(lemma_plain: str) -> tuple[str, ...]:
    """The augmented prefixes of :func:`splits` that the lemma itself does not start with
    (one lemma's many past forms ask: :func:`splits` takes ~0.2 ms)."""
    return tuple(aug for _p, aug in splits(lemma_plain) if not lemma_plain.startswith(aug))


@dataclass(frozen=True)
class Prefix:
    prefix: str
    context: str    # "C" before a consonant, "V" before a vowel
    augmented: str  # C rows: the prefix with the syllabic augment


@functools.lru_cache(maxsize=None)
def prefixes() -> tuple[Prefix, ...]:
    """Rows of ``grammars/internal_augment.tsv``."""
    out = []
    with open(PREFIX_TABLE, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or line.startswith("prefix\t") or not line.strip():
                continue
            p, c, a = line.rstrip("\n").split("\t")[:3]
            out.append(Prefix(p, c, a))
    return tuple(out)


def splits(lemma_plain: str) -> list[tuple[str, str]]:
    """Candidate (prefix, augmented) pairs for a verb: the letters the present starts with
    and what they become with the internal augment. Other prefixes may stand before the
    augmented one (εγ-κατα-λείπω → εγκατ-έ-λειψα); the verb after it keeps two letters.
    A V row covers the verb's first vowel: (υπα, υπη) for υπάρχω."""
    rows = prefixes()
    leads = {""}
    for _ in range(2):  # up to two prefixes in front of the augmented one
        leads |= {ld + r.prefix for ld in leads for r in rows if r.context == "C"}
    out = set()
    for lead in sorted(leads):
        if not lemma_plain.startswith(lead):
            continue
        rest = lemma_plain[len(lead):]
        for r in rows:
            if not rest.startswith(r.prefix):
                continue
            root = rest[len(r.prefix):]
            if len(root) < 3 or not any(c in ph.VOWELS for c in root):
                continue
            if r.context == "C" and root[0] not in ph.VOWELS:
                out.add((lead + r.prefix, lead + r.augmented))
            elif r.context == "V" and root[0] in ph.VOWELS:
                for v, targets in TEMPORAL:
                    if root.startswith(v):
                        for t in targets:
                            out.add((lead + r.prefix + v, lead + r.prefix + t))
                        break
    return sorted(out)


def _plain(form: str) -> str:
    return ph.plain(ph.underlying(form, glides=False))


def augmented(plain_form: str, prefix: str, aug: str) -> tuple[str, bool] | None:
    """The internal-augment twin of the recessive past ``plain_form`` (unaccented letters) as
    (accented form, augment stressed?), or None if the form does not start with ``prefix``.
    The stress is recessive (antepenult) but not before the augment's nucleus."""
    if not plain_form.startswith(prefix):
        return None
    letters = aug + plain_form[len(prefix):]
    units = ph._units(letters)
    nuclei = [i for i, u in enumerate(units) if ph._is_nucleus(u)]
    n_aug = len([u for u in ph._units(aug) if ph._is_nucleus(u)])
    if n_aug == 0 or len(nuclei) < n_aug + 1:
        return None
    aug_i = n_aug - 1  # the augment is the last nucleus of the augmented prefix
    k = max(len(nuclei) - 3, aug_i)
    units[nuclei[k]] += ph.MARK
    form = ph.realise("".join(units), "", ph.KEEP)
    return form, k == aug_i


def past_cells(lemma: str, table):
    """(cell, plain letters, weight) of the recessive active past indicative forms of ``lemma``
    under ``table`` (the cells with the augment slot), grammar variants included. Passive
    imperfects (αποσπιόμασταν) are left out: their augment would never be stressed."""
    u = ph.underlying(lemma, glides=False)
    p = ph.plain(u)
    out = []
    for cell in table.cells():
        if not (cell.startswith("V;IND;PST;") and cell.endswith(";ACT")):
            continue
        for r in table.rules_for(p, cell):
            if not r.aug or r.directive != "ANT" or r.strip > len(p):
                continue
            stem, _ = cut(u, r.strip)
            endings = [(r.ending, r.weight)] + [(e, w) for e, d, w in variants_of(table.code, r)
                                                if d == "ANT"]
            for e, w in endings:
                out.append((cell, ph.plain(stem + e).replace(ph.MARK, ""), w))
    return out


def twins(lemma: str, table, prefix: str, aug: str):
    """(cell, plain past form accented as the paradigm gives it, internal-augment twin,
    augment stressed?) for every recessive past cell of ``lemma``."""
    ci = consonant_initial(_plain(lemma))
    out = []
    for cell, letters, _w in past_cells(lemma, table):
        t = augmented(letters, prefix, aug)
        if t is None:
            continue
        plain_form = ph.realise(letters, "", "ANT", ph.AUG if ci else None)
        out.append((cell, plain_form, t[0], t[1]))
    return out


# the entries are lexicon data, read by lexicon.read_internal_augment
Entry = InternalAugment
read_lexicon = read_internal_augment


def forms(entry: Entry, table) -> list[tuple[str, str, tuple[str, ...]]]:
    """§D2 forms of one lemma under ``table``: [(cell, form, rule ids ``("D2",)``)].

    Internal-augment forms are made where the augment is stressed (διέλυσα), and where it is
    not (διελύσαμε, διετέλεσα) if the entry says ``unstressed``. §D1's euphonic -ε is not put
    on them (διελύανε): the official list's development half held 1 of the 5 such forms."""
    out = set()
    for cell, letters, _w in past_cells(entry.lemma, table):
        t = augmented(letters, entry.prefix, entry.augmented)
        if t is not None and (t[1] or entry.unstressed):
            out.add((cell, t[0], (RULE_ID,)))
    return sorted(out)


def listed_twins(entry: Entry, forms) -> dict[tuple[str, str], tuple[str, bool]]:
    """The §D2 twins of a listed paradigm of ``entry``'s lemma (a principal part's forms, a
    compound's forms made from its base: ``grammars/verb_parts.py``,
    ``grammars/compounds.py``), ``forms`` = ``[(cell, form)]``: (cell, form) → (accented
    twin, augment stressed?). As :func:`past_cells` has it for a class table, a twin is made
    for the recessive active past indicative forms of a tense whose 1st singulars are all
    recessive (the tenses with the augment slot: αποκάλεσα, αποκαλέσαμε; not the imperfect
    αποκαλούσα, αποκαλούσαμε, whose stress the ending fixes), that start with the entry's
    prefix; a twin whose augment is unstressed only if the entry says ``unstressed``
    (αποκάλεσα → απεκάλεσα, αποκαλέσαμε → απεκαλέσαμε)."""
    def recessive(form):
        return ph.realise(_plain(form), "", "ANT") == form

    past = [(c, f) for c, f in forms if c.startswith("V;IND;PST;") and c.endswith(";ACT")]
    firsts: dict[str, list[str]] = {}
    for c, f in past:
        if Cell.of(c).person_number == "1;SG":
            firsts.setdefault(Cell.of(c).tense, []).append(f)
    slotted = {t for t, fs in firsts.items() if all(recessive(f) for f in fs)}
    out = {}
    for c, f in past:
        if Cell.of(c).tense not in slotted or not recessive(f):
            continue
        twin = augmented(_plain(f), entry.prefix, entry.augmented)
        if twin is not None and (twin[1] or entry.unstressed):
            out[(c, f)] = twin
    return out


def only_cells(entry: Entry, table) -> frozenset[str]:
    """Cells whose plain forms mode ``only`` drops: those where the internal augment is
    stressed (ενέπνευσα, not *έμπνευσα); empty for mode ``both``."""
    if entry.mode != "only":
        return frozenset()
    return frozenset(c for c, _p, _t, stressed in twins(entry.lemma, table, entry.prefix,
                                                          entry.augmented) if stressed)


def _filter(entry, table, ctx):
    """Cell filter: a verb of mode ``only`` loses the plain forms of :func:`only_cells`."""
    ia = ctx.lexicon.internal_augment.get(entry.lemma) if table.pos == "VERB" else None
    only = only_cells(ia, table) if ia else frozenset()
    return Filter(drop_cell=only.__contains__) if only else None


def strings(ctx):
    """(analysis string, surface form, weight) of the §D2 internal-augment forms of the verbs
    of ``ctx.lexicon.internal_augment``, for each class the lemma has, sorted."""
    tags, out = ctx.tags, []
    parts = parts_index()
    for e in ctx.lexicon.lemmas:
        ia = ctx.lexicon.internal_augment.get(e.lemma)
        table = ctx.tables.get(e.inflection_class)
        if ia is None or table is None or table.pos != "VERB":
            continue
        head = e.lemma + tags.char("class", e.inflection_class)
        pr = parts.get(e.lemma)
        if pr is not None and pr.inflection_class != e.inflection_class:
            pr = None
        for cell, form, rids in forms(ia, table):
            if pr is not None and overridden(pr, cell):
                continue  # the verb's parts make these (grammars/verb_parts.py)
            out.append((head + tags.char("cell", cell)
                        + "".join(tags.char("rule", r) for r in rids), form, RULE_WEIGHT))
    return sorted(set(out))


LAYER = Layer(RULE_ID, "forms", True, explain=blocked,
              hooks={"cells": _filter, "strings": strings})
