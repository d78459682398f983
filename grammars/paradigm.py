"""Inflection-class tables and their application to a lemma (the reference generator).

A class table (``grammars/classes/<CLASS>.tsv``) lists, per cell, suffix rules::

    cell  key  strip  ending  directive  aug  weight

A rule applies to a lemma whose unaccented spelling ends in ``key``; it removes the last
``strip`` letters of the lemma and appends the underlying ``ending``; ``directive`` places the
stress (see ``grammars.phonology``); ``aug`` = 1 marks a past-tense cell that takes the
syllabic augment slot; ``weight`` ranks variants (:data:`WEIGHTS`). For a cell, the
rules with the longest matching key apply (several rows with the same key = variants).
Consonant alternations of the principal parts (γράφ-ω → έγραψ-α, κόβ-ω → έκοψ-α) are rules
with longer keys (``φω``, ``βω``), as in the Triantafyllidis tables.
"""
from __future__ import annotations

#: The one weight scale of every form (class tables, grammar variants, listed rows, rule
#: layers); lower ranks first: 0 the dictionary's main form, 1 an alternative (a variant, the
#: other spelling of §E4), 2 colloquial or learned, 3 rare, 5 a form only the regulation's
#: rule layers license (``grammars.rules.RULE_WEIGHT``).
WEIGHTS = {0: "main", 1: "alt", 2: "colloq", 3: "rare", 5: "scrabble"}

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from . import phonology as ph
import fnmatch

CLASSES_DIR = Path(__file__).resolve().parent / "classes"


@dataclass(frozen=True)
class Rule:
    cell: str
    key: str
    strip: int
    ending: str
    directive: str
    aug: bool
    weight: int


@dataclass
class ClassTable:
    code: str
    pos: str
    exemplar: str
    rules: dict[str, dict[str, list[Rule]]]  # cell -> key -> rules

    def cells(self) -> list[str]:
        return list(self.rules)

    def rules_for(self, lemma_plain: str, cell: str) -> list[Rule]:
        """The rules of ``cell`` whose key is the longest suffix of ``lemma_plain`` (may be [])."""
        keys = self.rules[cell]
        for n in range(len(lemma_plain), -1, -1):
            k = lemma_plain[len(lemma_plain) - n:]
            if k in keys:
                return keys[k]
        return []


def cut(u: str, n: int) -> tuple[str, str]:
    """Split underlying ``u`` before its last ``n`` letters (marks do not count)."""
    if n == 0:
        return u, ""
    count = 0
    for i in range(len(u) - 1, -1, -1):
        if u[i] != ph.MARK:
            count += 1
            if count == n:
                return u[:i], u[i:]
    return "", u


def read_table(path: Path) -> ClassTable:
    """Read one class table; raises ValueError naming the file and line on a malformed row."""
    meta = {}
    rules: dict[str, dict[str, list[Rule]]] = {}
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line.startswith("#"):
                if ":" in line:
                    k, _, v = line[1:].partition(":")
                    meta[k.strip()] = v.strip()
                continue
            if not line or line.startswith("cell\t"):
                continue
            parts = line.split("\t")
            if len(parts) < 7:
                raise ValueError(f"{path}:{lineno}: expected 7 columns, got {len(parts)}")
            cell, key, strip, ending, directive, aug, weight = parts[:7]
            r = Rule(cell, key, int(strip), ending, directive,
                     aug == "1" or takes_augment(cell, directive), int(weight))
            rules.setdefault(cell, {}).setdefault(key, []).append(r)
    return ClassTable(path.stem, meta.get("pos", "?"), meta.get("exemplar", ""), rules)


def takes_augment(cell: str, directive: str) -> bool:
    """Every recessive past indicative has the augment slot (Triantafyllidis grammar § 254:
    the syllabic augment appears where the stress would otherwise fall before the stem). The
    inferred tables mark it only where flexy's lemmas showed it, so a class learnt from long
    verbs (P1a αγκαθώνω → αγκάθωσα) would give a two-syllable member πιάσα for έπιασα; the slot
    is empty wherever the stress falls on the stem (``grammars.phonology.realise``)."""
    return cell.startswith("V;IND;PST;") and directive == "ANT"


SUPPLEMENTS_DIR = CLASSES_DIR.parent / "supplements"


#: classes whose lemmas only a dictionary's headword gives: the §D6 active participles in -ων
#: (E12 υπάρχων, E13 παρών, E14 επιζών, E15 διοικών; scripts/pipeline/import_participles.py).
#: No guesser or evidence step proposes a lemma of them (hunspell's θάλλων is no lemma of E12).
HEADWORD_ONLY = frozenset({"E12", "E13", "E14", "E15"})


def proposable_tables() -> dict[str, "ClassTable"]:
    """:func:`load_tables` without the :data:`HEADWORD_ONLY` classes: the classes that the
    guesser, ``dektes learn`` and the lexicon's evidence steps may give a lemma."""
    return {c: t for c, t in load_tables().items() if c not in HEADWORD_ONLY}


@functools.lru_cache(maxsize=None)
def load_tables() -> dict[str, ClassTable]:
    """Every class table in ``grammars/classes`` by class code, each with the hand-written
    rules of ``grammars/supplements/<CLASS>.tsv`` added (lemma types flexy never expanded, so
    scripts/pipeline/infer_classes.py cannot learn them: O24 χαρά). Raises ValueError when a supplement
    names a class without a table, a cell the table lacks or a key the table has (a supplement
    only adds keys to the table's cells)."""
    tables = {p.stem: read_table(p) for p in sorted(CLASSES_DIR.glob("*.tsv"))}
    for p in sorted(SUPPLEMENTS_DIR.glob("*.tsv")):
        extra = read_table(p)
        base = tables.get(p.stem)
        if base is None:
            raise ValueError(f"{p}: no class table {p.stem} to add to")
        for cell, keys in extra.rules.items():
            # a key on a cell of its own would not compete with the table's keys: both forms
            # (ρίξου on a stale 1;SG cell, the general rule's ρίχσου on 2;SG)
            if cell not in base.rules:
                raise ValueError(f"{p}: cell {cell} is not in the table {p.stem}")
            for key, rules in keys.items():
                if key in base.rules.get(cell, {}):
                    raise ValueError(f"{p}: {cell} key {key!r} is already in the table")
                base.rules.setdefault(cell, {})[key] = rules
    return tables


def consonant_initial(lemma_plain: str) -> bool:
    return bool(lemma_plain) and lemma_plain[0] not in ph.VOWELS


def strips_stress(lemma: str, table: ClassTable) -> bool:
    """Does a rule of ``table`` that keeps the stem's stress (``keep``, an ending without a
    mark) remove the letters that carry ``lemma``'s stress? Then the class does not fit the
    lemma (βασιλιάς under O21, -έας: *βασιλιας; ζημιά under O25, -ία): its members are stressed
    on the stem, and such a rule has no realisation for the lemma (grammars.phonology.realise,
    Triantafyllidis grammar §§ 74–79: a polysyllable is stressed)."""
    u = ph.underlying(lemma, glides=False)
    if ph.MARK not in u:
        return False
    p = ph.plain(u)
    for cell in table.cells():
        for r in table.rules_for(p, cell):
            if (r.directive == ph.KEEP and ph.MARK not in r.ending and r.strip <= len(p)
                    and ph.MARK not in cut(u, r.strip)[0]):
                return True
    return False


def generate(lemma: str, table: ClassTable, cells: Iterable[str] | None = None,
             realise=ph.realise, underlying: str | None = None) -> list[tuple[str, str, int]]:
    """All (accented form, cell, weight) of ``lemma`` under ``table``, paradigm order; only
    those of ``cells`` (the ones the table has) when given. ``realise`` is
    ``grammars.phonology.realise`` or a memoised copy of it (the guesser's); ``underlying``
    is ``grammars.phonology.underlying(lemma, glides=False)`` when the caller has it."""
    u = ph.underlying(lemma, glides=False) if underlying is None else underlying
    p = ph.plain(u)
    out = []
    for cell in table.cells() if cells is None else [c for c in cells if c in table.rules]:
        for r in table.rules_for(p, cell):
            if r.strip > len(p):
                continue
            stem, _ = cut(u, r.strip)
            aug = ph.AUG if (r.aug and consonant_initial(p)) else None
            form = realise(stem, r.ending, r.directive, aug)
            if form:
                out.append((form, cell, r.weight))
    return out


_EXEMPLAR_CELLS: dict[str, frozenset] = {}


def exemplar_cells(table: ClassTable) -> frozenset:
    """The cells where the class's exemplar has a main (weight 0) form: the cells a lemma of
    the class fills when it inflects fully; empty when the exemplar gives no form. Kept per
    class code."""
    if table.code not in _EXEMPLAR_CELLS:
        try:
            _EXEMPLAR_CELLS[table.code] = frozenset(
                c for _, c, w in generate(table.exemplar, table) if w == 0)
        except ValueError:
            _EXEMPLAR_CELLS[table.code] = frozenset()
    return _EXEMPLAR_CELLS[table.code]


@dataclass(frozen=True)
class Variant:
    classes: str
    cell: str
    old: str
    new: str
    directive: str
    weight: int


@functools.lru_cache(maxsize=None)
def load_variants() -> tuple[Variant, ...]:
    """Rows of ``grammars/variants.tsv``: grammar variants added to matching paradigm rules."""
    out = []
    with open(CLASSES_DIR.parent / "variants.tsv", encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or line.startswith("class\t") or not line.strip():
                continue
            c, cell, old, new, d, w = line.rstrip("\n").split("\t")[:6]
            out.append(Variant(c, cell, old, new, d, int(w)))
    return tuple(out)


def variants_of(code: str, rule: Rule) -> list[tuple[str, str, int]]:
    """(ending, directive, weight) of the grammar variants that apply to ``rule`` of ``code``."""
    out = [(rule.ending[:len(rule.ending) - len(v.old)] + v.new, v.directive, v.weight)
           for v in load_variants()
           if v.cell == rule.cell and rule.ending.endswith(v.old) and fnmatch.fnmatchcase(code, v.classes)]
    return list(dict.fromkeys(out))  # a long and a short row may give the same variant
