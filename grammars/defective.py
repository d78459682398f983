"""Lemmas cited in another cell than their class's citation cell.

* Plural-only nouns and adjectives (pluralia tantum: τα γενέθλια, οι αρχαιρεσίες, τα
  αιγοπρόβατα; the hundreds διακόσιοι, -ες, -α): the dictionary cites the nominative plural,
  and the lemma has only the plural cells of its class (Triantafyllidis grammar (1941), nouns
  with a plural only; numerals, the hundreds).
* Impersonal verbs (χιονίζει, νοιάζει, σοβεί): cited in the 3rd singular, with only the 3rd
  singular cells (Triantafyllidis grammar (1941), impersonal verbs).

Such a lemma is inflected from a *base*: the singular (1st-singular) spelling whose class
paradigm gives the lemma in the cited cell (αιγοπρόβατα ← αιγοπρόβατο, χιονίζει ← χιονίζω). The
analyses keep the lemma as cited. Used by the compiler (fst.build.compile.paradigm_groups) and by the
check that every lexicon row produces its citation form (tests/test_lexicon_rows.py).
"""
from __future__ import annotations

from grammars.alphabet import plain
from grammars.guess import accentuations

from . import phonology as ph
from .paradigm import ClassTable, generate

# part of speech → the class's own citation cell(s)
CITATION = {"NOUN": ("N;NOM;SG",), "ADJ": ("ADJ;MASC;NOM;SG",),
            "VERB": ("V;IND;PRS;IPFV;1;SG;ACT", "V;IND;PRS;IPFV;1;SG;PASS")}
# part of speech → (cell a defective lemma is cited in, the mark of the cells it keeps)
DEFECTIVE = {"NOUN": (("N;NOM;PL", ";PL"),), "ADJ": (("ADJ;MASC;NOM;PL", ";PL"),),
             "VERB": (("V;IND;PRS;IPFV;3;SG;ACT", ";3;SG"), ("V;IND;PRS;IPFV;3;SG;PASS", ";3;SG"))}


def forms_of(lemma: str, table: ClassTable, cell: str) -> set[str]:
    """Accented forms (every variant) of ``cell`` of ``lemma`` under ``table``."""
    return {f for f, _, _ in generate(lemma, table, (cell,))}


def cites(lemma: str, pos: str, table: ClassTable) -> bool:
    """Does the class give ``lemma`` back in its citation cell (any variant)?"""
    return any(lemma in forms_of(lemma, table, c) for c in CITATION.get(pos, ()))


def _keys(table: ClassTable, cell: str) -> tuple[str, ...]:
    return tuple(sorted(table.rules.get(cell, {}), key=lambda k: (-len(k), k)))


def base_of(lemma: str, pos: str, table: ClassTable) -> tuple[str, str] | None:
    """(base, mark of the cells kept) when ``lemma`` is a plural-only noun/adjective or an
    impersonal verb of ``table``: a base spelling whose paradigm gives ``lemma`` in the
    defective citation cell (:data:`DEFECTIVE`); None when there is none. Deterministic: the
    base closest to the lemma's spelling (fewest letters replaced) is chosen."""
    plain = ph.plain(ph.underlying(lemma, glides=False))
    for cited, mark in DEFECTIVE.get(pos, ()):
        if cited not in table.rules:
            continue
        for own in CITATION[pos]:
            for j in range(0, min(5, len(plain))):
                for key in _keys(table, own):
                    cand = plain[:len(plain) - j] + key
                    if cand == plain:
                        continue
                    for base in accentuations(cand):
                        if lemma in forms_of(base, table, cited) and any(
                                base in forms_of(base, table, c) for c in CITATION[pos]):
                            return base, mark
    return None


def keeps(cell: str, mark: str) -> bool:
    """Does a defective lemma whose cells carry ``mark`` keep ``cell``?"""
    return mark in cell or cell.endswith(mark)


def _tile(form: str) -> str:
    return plain(form).upper()


def status(lemma: str, pos: str, table: ClassTable | None) -> str:
    """How a lexicon row's class treats its lemma (the no-silent-loss check):

    * ``cites``: the citation cell gives the lemma back;
    * ``defective``: a plural-only or impersonal lemma (:func:`base_of`);
    * ``tile``: the citation cell gives the lemma's tile form, accented otherwise (σκιά → σκια:
      the board accepts the word, the accent of the analysis is off);
    * ``other``: the class gives forms, none of them the lemma (a second class code that adds
      cells, such as the aorist of αρνούμαι P10.11b; or a wrong class);
    * ``nothing``: the class gives no form at all (or has no table): a misclassified row."""
    if table is None:
        return "nothing"
    if cites(lemma, pos, table):
        return "cites"
    if base_of(lemma, pos, table):
        return "defective"
    forms = generate(lemma, table)
    if not forms:
        return "nothing"
    if any(_tile(f) == _tile(lemma) for f, c, _ in forms if c in CITATION.get(pos, ())):
        return "tile"
    return "other"
