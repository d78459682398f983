"""§B7 — foreign indeclinable words (ΓΚΟΛ, ΜΠΑΡ, ΑΣΑΝΣΕΡ) are valid; English -ing loans are
valid in both spellings, -ιγκ and -ινγκ (ΠΑΡΚΙΓΚ, ΠΑΡΚΙΝΓΚ).

``loan_shaped`` says whether a noun or adjective lemma has a shape no Greek inflection class
has, so that it can only be an indeclinable loan (Triantafyllidis grammar §§ on indeclinable
nouns: native nouns end in a vowel, -ς or -ν, a few ancient ones in -ρ, -ξ, -ψ). Used by
scripts/pipeline/import_loans.py to choose spaCy lemmas for ``lexicon/loans.tsv``; the -ιγκ/-ινγκ
doublet is added by the compiler to every indeclinable lemma of either spelling.
"""
from __future__ import annotations

from grammars.alphabet import VOWELS_WITH_MARKED
from grammars.layer import RULE_WEIGHT, Layer

RULE_ID = "B7"
CLASS = "INDECL"

VOWELS = set(VOWELS_WITH_MARKED)
# ancient third-declension endings in -ρ: αιθήρ, ήπαρ, ύδωρ, μάρτυρ (declinable, not loans)
ANCIENT_R = ("ηρ", "ήρ", "ωρ", "ώρ", "υρ", "ύρ")
STRESSED_FINAL = set("έόίώ") | {"ού", "ουά"}


def syllables(word: str) -> int:
    """Vowel groups: enough to tell a monosyllable (μπαρ) from ήπαρ."""
    n, prev = 0, False
    for ch in word:
        v = ch in VOWELS
        n += v and not prev
        prev = v
    return n


def loan_shaped(lemma: str) -> bool:
    """Whether ``lemma`` (accented lower case) ends as only an indeclinable loan can: in a
    consonant other than ς/ν/ξ/ψ/ρ (γκολ, πικνίκ), in a loan -ρ (ασανσέρ, τάνκερ, μπαρ; not
    αιθήρ, ήπαρ), in -ϊ (βόλεϊ), or in a stressed -έ/-ό/-ί/-ώ/-ού (κλισέ, ρετρό, ταξί, μενού).
    A stressed vowel also ends native nouns (νερό, αλεπού): callers check that no class of
    the lemma's part of speech inflects it."""
    if not lemma:
        return False
    last = lemma[-1]
    if last not in VOWELS and last not in "ςσνξψρ":
        return True
    if last == "ρ":
        if lemma.endswith(ANCIENT_R):
            return False
        if lemma.endswith("αρ") and syllables(lemma) > 1:  # ήπαρ, νέκταρ
            return False
        return True
    if last == "ϊ":
        return True
    return last in STRESSED_FINAL or lemma.endswith("ού")


def gerund_doublet(lemma: str) -> str | None:
    """The other spelling of an English -ing loan: -ινγκ ↔ -ιγκ (§B7), else None."""
    if lemma.endswith("ινγκ"):
        return lemma[:-4] + "ιγκ"
    if lemma.endswith("ιγκ"):
        return lemma[:-3] + "ινγκ"
    return None


def _listed_row(row):
    """The §B7 doublet of a listed indeclinable loan: ``[(form, rule weight)]`` or []."""
    doublet = gerund_doublet(row.form) if row.inflection_class == CLASS else None
    return [(doublet, RULE_WEIGHT)] if doublet else []


LAYER = Layer(RULE_ID, "listed", True, hooks={"listed row": _listed_row})
