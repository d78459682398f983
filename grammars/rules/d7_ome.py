"""§D7 — 1st plural in -ομε beside -ουμε (grammars/RULES.md §D7).

γράφουμε/γράφομε, παίξουμε/παίξομε, έχουμε/έχομε: for verbs whose -ουμε is unstressed.
Not for the contracted verbs (αγαπούμε, θεωρούμε: -ούμε stressed) nor πάμε. Implemented on
the accented surface: a 1st-plural form ending in unstressed -ουμε gets a twin in -ομε.
"""
from __future__ import annotations

RULE_ID = "D7"
SOURCE_ENDING = "ουμε"   # unaccented: the stress lies before it
TARGET_ENDING = "ομε"


def applies(cell: str) -> bool:
    """Cells the rule may touch: present and perfective-subjunctive 1st plural."""
    return cell.startswith("V;") and ";1;PL;" in cell
