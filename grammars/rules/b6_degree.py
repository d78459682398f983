"""§B6 — comparatives and superlatives of adjectives (RULES.md B6).

Valid unless the grammar bars them: adjectives of material (ξύλινος), colour (κόκκινος) and
unchanging state. Ruling for this project: ΞΥΛΙΝΟΤΕΡΟΣ, ΚΟΚΚΙΝΟΤΕΡΗ, ΤΡΕΛΟΤΑΤΟ are rejected.
Spelling follows the grammar: -ότερος/-ότατος (συχνότερος, not -ώτερος); νεότερος and
νεώτερος both (Triantafyllidis grammar, degrees of adjectives). Only adjectives in -ος/-η(-α)/-ο
form them here (synthetic -ότερος on the masculine stem); the rest keep the periphrastic πιο.
"""
from __future__ import annotations

import unicodedata

from grammars.cells import adjective_os_cells

RULE_ID = "B6"
COMPARATIVE, SUPERLATIVE = "οτερ", "οτατ"
# colour adjectives (Triantafyllidis grammar: no degrees of comparison for colours)
COLOURS = {
    "κόκκινος", "άσπρος", "μαύρος", "πράσινος", "κίτρινος", "γαλάζιος", "θαλασσής", "γκρίζος",
    "καφετής", "μενεξεδένιος", "πορτοκαλής", "ροδαλός", "λευκός", "ερυθρός", "κυανός",
    "ξανθός", "βυσσινής", "σταχτής", "μπεζ", "μωβ", "ιώδης", "φαιός", "χρυσαφής",
}
STATE = {"τρελός", "νεκρός", "ζωντανός", "έγκυος", "άγαμος", "έγγαμος", "χήρος", "τυφλός", "κουφός"}
# Pronouns declined like adjectives have no degrees (Triantafyllidis grammar, pronouns:
# demonstrative, interrogative, relative, indefinite, definite ο ίδιος, possessive εμός/σος)
PRONOMINAL = {
    "αυτός", "τούτος", "εκείνος", "τέτοιος", "τόσος", "ποιος", "πόσος", "οποίος", "όσος",
    "κάποιος", "κάμποσος", "άλλος", "ίδιος", "δικός", "εμός", "σος", "ημέτερος", "υμέτερος",
}
# Irregular degrees (Triantafyllidis grammar, degrees of adjectives): the comparative is
# απλούστερος, καλύτερος, χειρότερος, μεγαλύτερος, περισσότερος, never the regular -ότερος
IRREGULAR = {"απλός", "καλός", "κακός", "μεγάλος", "πολύς"}
# Numeral adjectives (Triantafyllidis grammar, numerals): multiplicatives in -πλός/-πλάσιος
# (διπλός, τριπλάσιος), odd/even μονός/ζυγός and the fraction μισός count, not grade
NUMERAL = {"μονός", "ζυγός", "μισός"}
NUMERAL_ENDINGS = ("πλος", "πλασιος")


def _stress_from_end(lemma: str) -> int:
    """Syllable (vowel letter) count from the end to the accented one, 1 = last; 0 if none."""
    nfd = unicodedata.normalize("NFD", lemma)
    pos = nfd.find("\u0301")
    return sum(1 for c in nfd[pos - 1:] if c in "αεηιουω") if pos > 0 else 0


# E3: pronominal adjectives, ordinals and quantifiers (όλος, άλλος, πόσος, έκτος);
# E5: two-termination learned adjectives, mostly privative compounds of absolute meaning
# (άθεος, άηχος, άζωος, άωρος: measured, none of their 2–8 letter degrees is in the official
# list's dev half, 0 of 19)
NO_DEGREE_CLASSES = {"E3", "E5"}


def allowed(lemma: str, inflection_class: str = "") -> bool:
    """May ``lemma`` form -ότερος/-ότατος? Not colour, state, material (-ινος/-ένιος,
    stressed before -ινος: ξύλινος, πέτρινος, μάλλινος; but βραδινός is not material),
    relational -ικός adjectives (ιικός: "of a virus"), pronominal/ordinal adjectives, pronouns
    (αυτός, ποιος, σος), adjectives with irregular degrees (απλός → απλούστερος) and numeral
    adjectives (διπλός, διπλάσιος, μονός, μισός)."""
    if lemma in COLOURS or lemma in STATE or inflection_class in NO_DEGREE_CLASSES:
        return False
    if lemma in PRONOMINAL or lemma in IRREGULAR or lemma in NUMERAL:
        return False
    if lemma.endswith("ικός") or lemma in ("λινός", "θετός", "δοτός"):
        return False
    plain = "".join(c for c in unicodedata.normalize("NFD", lemma) if c != "\u0301")
    if plain.endswith(NUMERAL_ENDINGS):
        return False
    if plain.endswith("ινος") and _stress_from_end(lemma) >= 3:
        return False
    if plain.endswith(("ενιος", "ινος")) and "ένιος" in lemma:
        return False
    return True


def cells(masc_nom_ending: str):
    """(cell, ending) of the comparative and superlative for an adjective rule whose masculine
    nominative singular ends in -ος (underlying ``οσ``)."""
    if not masc_nom_ending.endswith("οσ"):
        return []
    base = masc_nom_ending[:-2]
    return [(cell, base + infix + e)
            for degree, infix in (("CMPR", COMPARATIVE), ("SPRL", SUPERLATIVE))
            for cell, e in adjective_os_cells(f"ADJ;{degree}")]
