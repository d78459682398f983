"""§D8 — the passive present imperative 2nd singular in -ου (regulation §D8): ΔΡΟΣΙΖΟΥ,
ΔΙΑΛΥΟΥ for every verb in -ομαι; not for -ούμαι/-άμαι verbs (ΚΟΙΜΟΥ, ΑΓΑΠΟΥ no).

The forms are rows of the class tables (``grammars/classes``, cell :data:`CELL`, an ending
in -ου), inferred from flexy: a paradigm's own forms, so they carry no rule id of their own
(a verdict names them §A1). This module reads those rows.
"""
from __future__ import annotations

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


LAYER = Layer(RULE_ID, "paradigm", False)
