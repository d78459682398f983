"""§D2 — compound verbs and the internal augment (RULES.md D2).

No double augment: a form that already carries an augment takes no second one
(ΕΞΑΝΑΕΔΩΣΑ no, ΕΠΡΟΕΒΛΕΨΑ no). The engine never generates a second augment (the
[AUG1] slot stands only before forms whose augment is not realised); this module explains
the rejection.
"""
from __future__ import annotations

RULE_ID = "D2"


def blocked(tile: str, analyse) -> str | None:
    """Why §D2 blocks ``tile``: an initial Ε in front of a form that already has an augment."""
    if not tile.startswith("Ε") or len(tile) < 4:
        return None
    rest = tile[1:]
    for a in analyse(rest):
        if ";PST;" in a.tags and has_augment(a.surface, a.lemma):
            return f"§D2: no double augment ({rest} already has one)"
    return None


def has_augment(surface: str, lemma: str) -> bool:
    """Does the past form ``surface`` of ``lemma`` carry a syllabic augment (initial, after
    ξανα-, or internal as in προέβλεψα)?"""
    body = surface[4:] if surface.startswith("ξανα") else surface
    if body[:1] in "εέ" and lemma[:1] not in "εέ":
        return True
    return "έ" in body[1:5] and "έ" not in lemma
