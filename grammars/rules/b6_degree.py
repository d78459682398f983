"""§B6 — comparatives and superlatives of adjectives (grammars/RULES.md §B6).

Valid unless the grammar bars them: adjectives of material (ξύλινος), colour (κόκκινος) and
unchanging state. Ruling for this project: ΞΥΛΙΝΟΤΕΡΟΣ, ΚΟΚΚΙΝΟΤΕΡΗ, ΤΡΕΛΟΤΑΤΟ are rejected.
Spelling follows the grammar: -ότερος/-ότατος (συχνότερος, not -ώτερος); νεότερος and
νεώτερος both (Triantafyllidis grammar, degrees of adjectives). Gradability is decided per
lemma in every class (E1 … E5 alike: εύκολος → ευκολότερος, λίγος → λιγότερος), by the
attested degrees of lexicon/comparison.tsv less the bars. Adjectives in -ος/-η(-α)/-ο form
-ότερος/-ότατος on the masculine stem; adjectives in -ής/-ης, -ές (σαφής, συνήθης, ουσιώδης:
E9–E11) form -έστερος/-έστατος (σαφέστερος, σαφέστατος, ασφαλέστερος: Triantafyllidis grammar
1941, degrees of the adjectives in -ής, -ές); the rest keep the periphrastic πιο.
"""
from __future__ import annotations

import functools
import unicodedata

from grammars import alphabet
from grammars.cells import adjective_os_cells
from grammars.layer import RULE_WEIGHT, ExtraCells, Layer
from grammars.labels import message
from lexicon import COMPARISON_FILE, LEXICON_DIR, read_graded, read_no_comparison

RULE_ID = "B6"
COMPARATIVE, SUPERLATIVE = "οτερ", "οτατ"
#: the degree infixes of the -ής/-ης, -ές adjectives (σαφέστερος, σαφέστατος)
COMPARATIVE_ES, SUPERLATIVE_ES = "εστερ", "εστατ"


@functools.lru_cache(maxsize=1)
def no_comparison() -> frozenset[str]:
    """Lemmas of the shipped lexicon/no-comparison.tsv: colour and unchanging-state
    adjectives (§B6)."""
    return read_no_comparison()
# multiplicatives in -πλός/-πλάσιος (διπλός, τριπλάσιος) count, not grade (Triantafyllidis
# grammar, numerals); the listed numeral adjectives are in lexicon/no-comparison.tsv
NUMERAL_ENDINGS = ("πλος", "πλασιος")


def _stress_from_end(lemma: str) -> int:
    """Syllable (vowel letter) count from the end to the accented one, 1 = last; 0 if none."""
    nfd = unicodedata.normalize("NFD", lemma)
    pos = nfd.find("\u0301")
    return sum(1 for c in nfd[pos - 1:] if c in alphabet.VOWELS) if pos > 0 else 0


GRADED = LEXICON_DIR / COMPARISON_FILE


@functools.lru_cache(maxsize=1)
def graded() -> frozenset[str] | None:
    """Lemmas of the shipped lexicon/comparison.tsv: -ος adjectives whose comparative or
    superlative a source attests (scripts/pipeline/find_comparison.py); None when the file is absent."""
    return read_graded(GRADED)


SHIPPED = object()  # read the shipped lexicon/comparison.tsv


def allowed(lemma: str, inflection_class: str = "",
            no_comparison_lemmas: frozenset[str] | None = None,
            graded_lemmas=SHIPPED) -> bool:
    """May ``lemma`` form -ότερος/-ότατος? Only if the evidence grades it (lexicon/comparison.tsv:
    σημαντικός, λογικός, συχνός; decided per lemma, not by suffix) and the grammar does not bar
    it (:func:`barred`). ``no_comparison_lemmas`` and ``graded_lemmas`` are a
    lexicon.Lexicon's when given (default: the shipped files); ``graded_lemmas=None`` means no
    evidence file: every lemma the grammar does not bar is graded."""
    g = graded() if graded_lemmas is SHIPPED else graded_lemmas
    return (g is None or lemma in g) and not barred(lemma, inflection_class, no_comparison_lemmas)


def barred(lemma: str, inflection_class: str = "",
           no_comparison_lemmas: frozenset[str] | None = None) -> bool:
    """Does the grammar bar the degrees of ``lemma``? Colour, state, material (-ινος/-ένιος,
    stressed before -ινος: ξύλινος, πέτρινος, μάλλινος; but βραδινός is not material) and
    the lemmas of lexicon/no-comparison.tsv: colour, state,
    pronouns (αυτός, ποιος, σος), irregular degrees (απλός → απλούστερος), numeral adjectives
    (μονός, μισός)."""
    return not _not_barred(lemma, inflection_class, no_comparison_lemmas)


def _not_barred(lemma: str, inflection_class: str, no_comparison_lemmas) -> bool:
    listed = no_comparison() if no_comparison_lemmas is None else no_comparison_lemmas
    if lemma in listed:
        return False
    if lemma in ("λινός", "θετός", "δοτός"):
        return False
    plain = alphabet.plain(lemma, diaeresis=True)
    if plain.endswith(NUMERAL_ENDINGS):
        return False
    if plain.endswith("ινος") and _stress_from_end(lemma) >= 3:
        return False
    if plain.endswith(("ενιος", "ινος")) and "ένιος" in lemma:
        return False
    return True


#: tile endings of the -ος/-η/-ο declension after -οτερ-/-οτατ- (grammars.cells.adjective_os_cells)
_TILE_ENDINGS = ("ΟΣ", "ΟΥ", "Ο", "Ε", "ΟΙ", "ΩΝ", "ΟΥΣ", "Η", "ΗΣ", "ΕΣ", "Α")


def why_not(lemma: str, inflection_class: str = "") -> str | None:
    """Why ``lemma`` forms no -ότερος/-ότατος, or None if it does (:func:`allowed`)."""
    if barred(lemma, inflection_class):
        return message("reason.B6.barred", lemma=lemma)
    if not allowed(lemma, inflection_class):
        return message("reason.B6.unattested", lemma=lemma)
    return None


def blocked(tile: str, analyse) -> str | None:
    """Why §B6 refuses the tile form ``tile`` as a degree of an adjective, naming the lemma
    (ΚΟΚΚΙΝΟΤΕΡΟΣ: κόκκινος is a colour; ΑΘΕΟΤΕΡΟΣ: no attested degree of άθεος), or None.
    ``analyse(tile)`` lists a tile form's analyses (the adjective's ΚΟΚΚΙΝΟΣ)."""
    for infix, masc in (("ΟΤΕΡ", "ΟΣ"), ("ΟΤΑΤ", "ΟΣ"), ("ΕΣΤΕΡ", "ΗΣ"), ("ΕΣΤΑΤ", "ΗΣ")):
        i = tile.rfind(infix)
        if i <= 0 or tile[i + len(infix):] not in _TILE_ENDINGS:
            continue
        for a in analyse(tile[:i] + masc):
            if a.tags == "ADJ;MASC;NOM;SG" and a.inflection_class.startswith("E"):
                why = why_not(a.lemma, a.inflection_class)
                if why:
                    return why
    return None


def cells(masc_nom_ending: str):
    """(cell, ending) of the comparative and superlative for an adjective rule whose masculine
    nominative singular ends in -ος (underlying ``οσ``: -ότερος) or -ής/-ης (``ησ``:
    -έστερος), declined as -ος/-η/-ο adjectives."""
    if masc_nom_ending.endswith("οσ"):
        infixes = (("CMPR", COMPARATIVE), ("SPRL", SUPERLATIVE))
    elif masc_nom_ending.endswith("ησ"):
        infixes = (("CMPR", COMPARATIVE_ES), ("SPRL", SUPERLATIVE_ES))
    else:
        return []
    base = masc_nom_ending[:-2]
    return [(cell, base + infix + e)
            for degree, infix in infixes
            for cell, e in adjective_os_cells(f"ADJ;{degree}")]


def _cells(ending: str):
    return [(c, [(e, "ANT", None, RULE_WEIGHT, ())]) for c, e in cells(ending)]


LAYER = Layer(RULE_ID, "extra cells", True, explain=blocked, hooks={"extra cells": ExtraCells(
    "ADJ;MASC;NOM;SG", _cells,
    lambda lemma, code, ctx: allowed(lemma, code, ctx.lexicon.no_comparison,
                                     ctx.lexicon.graded))})
