"""§D8 — the passive present imperative 2nd singular in -ου (regulation §D8): ΔΡΟΣΙΖΟΥ,
ΔΙΑΛΥΟΥ for every verb in -ομαι; not for -ούμαι/-άμαι verbs (ΚΟΙΜΟΥ, ΑΓΑΠΟΥ no).

The forms are rows of the class tables (``grammars/classes``, cell :data:`CELL`, an ending
in -ου), inferred from flexy: a paradigm's own forms, so they carry no rule id of their own
(a verdict names them §A1). This module reads those rows. A hand-entered paradigm
(``lexicon/irregular.tsv`` and the compounds built on it) that lacks the form gets it here,
named §D8: βρίσκομαι → βρίσκου, γίνομαι → γίνου, στέκομαι → στέκου (the dev half of the
federation's list holds 11 of the 12 such forms it could show, 2026-12-07).
"""
from __future__ import annotations

from grammars.alphabet import plain
from grammars.layer import Layer
from grammars.paradigm import generate

RULE_ID = "D8"
CELL = "V;IMP;IPFV;2;SG;PASS"
ENDING = "ου"


def rules(table) -> list:
    """The rules of ``table`` (a ``grammars.paradigm.ClassTable``) that make the -ου
    imperative: cell :data:`CELL`, ending in -ου."""
    return [r for rs in table.rules.get(CELL, {}).values() for r in rs
            if r.ending.endswith(ENDING)]


def imperatives(lemma: str, table) -> list[str]:
    """The -ου imperatives of ``lemma`` (accented lower case) under ``table``, sorted."""
    return sorted({f for f, cell, _ in generate(lemma, table)
                   if cell == CELL and f.endswith(ENDING)})


PRESENT = "V;IND;PRS;IPFV;1;SG;PASS"
CONTRACTED = ("ούμαι", "άμαι", "ιέμαι", "ώμαι")  # κοιμάμαι, αγαπιέμαι: no -ου (§D8)


def listed_imperatives(lemma: str, forms: list[tuple[str, str]]) -> list[tuple[str, str, tuple]]:
    """§D8 on a hand-entered verb paradigm: ``[(cell, form)]`` → ``[(CELL, form, ("D8",))]``,
    the -ου imperative of each passive present in -ομαι, stressed as it is (βρίσκομαι →
    βρίσκου), unless the paradigm has an -ου imperative already (έρχομαι: έρχου)."""
    if any(c == CELL and f.endswith(ENDING) for c, f in forms):
        return []
    out = set()
    for cell, form in forms:
        if cell == PRESENT and form.endswith("ομαι") and not form.endswith(CONTRACTED):
            stem = form[:-len("ομαι")]
            if plain(stem) != stem:  # the stress stays on the stem
                out.add((CELL, stem + ENDING, (RULE_ID,)))
    return sorted(out)


LAYER = Layer(RULE_ID, "paradigm", False, hooks={"listed verb": listed_imperatives})
