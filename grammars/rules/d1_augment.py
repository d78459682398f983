"""§D1 — the past-tense augment and the euphonic -ε (RULES.md D1).

* The augment is optional where it is unstressed: beside γράψαμε the regulation accepts
  εγράψαμε (``[AUG1]`` slot: ε kept although unstressed). Where the augment carries the
  stress it stays obligatory: έγραψα, never γράψα (the paradigm's ``[AUG]`` slot does that).
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

from grammars import phonology as ph

RULE_ID = "D1"


def variants(cell: str, ending: str, directive: str, aug: bool):
    """Extra (ending, directive, aug slot) variants of one paradigm cell under §D1."""
    out = []
    bases = [(ending, directive, ph.AUG if aug else None)]
    if aug:
        out.append((ending, directive, ph.AUG_D1))              # εγράψαμε
        if ";3;PL;" in cell:
            out.append((ending, "PEN", None))                   # δέσαν
            bases.append((ending, "PEN", None))
        bases.append((ending, directive, ph.AUG_D1))
    if cell.startswith("V;") and ";3;PL;" in cell and ending.endswith("ν"):
        for e, d, a in bases:
            out.append((e + "ε", d, a) if d == "ANT" else (e, d + "+ε", a))
    return out


def blocked(tile: str, analyse) -> str | None:
    """Why §D1 blocks ``tile``, or None: the form lacks a stressed augment (ΓΡΑΨΑ for
    ΕΓΡΑΨΑ). ``analyse(tile) -> list[Analysis]`` is the analyser of the language."""
    augmented = "Ε" + tile
    for a in analyse(augmented):
        if ";PST;" in a.tags and a.surface.startswith("έ"):
            return f"§D1: the stressed augment is obligatory ({augmented} is valid)"
    return None
