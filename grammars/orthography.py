"""Monotonic spelling checks on accented surface forms (a precision audit of paradigms).

A surface form of the monotonic system (Triantafyllidis grammar § 74–§ 79; the 1982 reform)
carries exactly one acute on the vowel of its stressed syllable if it has two syllables or
more; a monosyllable carries none but for ή, πού, πώς (§ 79). Synizesis makes one syllable
of an unaccented ι (or υ, or the digraphs ει/οι) before a vowel (μια, γεια, ποιοι, δυο), so
a form is called polysyllabic only if it has two nuclei even when every such ι is read as a
glide. The converse is not checked: an accent after ι marks a hiatus (σκιά, ποιώ) as well as
a misplaced accent on a monosyllable, and the spelling does not tell them apart. The final sigma is ς, ς is final only
(§ 12). A stem and an ending never meet as a doubled ι (βασιλι-ίς, δεξι-ιά for δεξιά): a
doubled ι is right only where the lemma has it (αντιιός, ρωμαίικο).

:func:`defects` names what a form breaks; ``scripts/measure/audit_paradigms.py`` counts them over a
build, and ``tests/test_orthography.py`` keeps the build free of them.
"""
from __future__ import annotations

import unicodedata

from .alphabet import FINAL_SIGMA, STRESSED_VOWELS, SURFACE_LETTERS, VOWELS_WITH_DIAERESIS

_ACUTE = frozenset(STRESSED_VOWELS)
_VOWEL = frozenset(VOWELS_WITH_DIAERESIS) | _ACUTE
_BARE = {"ί": "ι", "ύ": "υ"}  # an accent on the second letter keeps the digraph (ού, αί)
_DIGRAPHS = ("ου", "αι", "ει", "οι", "υι", "αυ", "ευ", "ηυ")

#: defect names, in the order :func:`defects` reports them
KINDS = ("letters", "no-accent", "accents", "final-σ", "inner-ς",
         "doubled-ι")


def nuclei(form: str) -> int:
    """Syllable nuclei of ``form`` when every unaccented ι/υ (alone or closing ει, οι, αι, υι)
    before another vowel is read as a glide (the fewest the spelling allows)."""
    units = []
    i = 0
    while i < len(form):
        if form[i] + _BARE.get(form[i + 1:i + 2], form[i + 1:i + 2]) in _DIGRAPHS:
            units.append(form[i:i + 2])
            i += 2
        else:
            units.append(form[i])
            i += 1
    n = 0
    for k, u in enumerate(units):
        if u[-1] not in _VOWEL:
            continue
        nxt = units[k + 1] if k + 1 < len(units) else ""
        glide = nxt[:1] in _VOWEL and (u == "υ" and k > 0 or u[-1] == "ι" and (len(u) == 2 or k > 0))
        if not glide:
            n += 1
    return n


def stressed_from_end(form: str) -> int:
    """The stressed syllable of ``form`` counted from the end, 1 = the last, as :func:`nuclei`
    counts (ι/υ before a vowel read as glides: the fewest the spelling allows); 0 if no acute.
    ``stressed_from_end("άνθρωπος")`` → 3."""
    for i, c in enumerate(form):
        if c in _ACUTE:
            if c in "άέό" and form[i + 1:i + 2] in ("ι", "η"):  # γάιδαρος, κελάηδημα: one nucleus
                return 1 + nuclei(form[i + 2:])
            return nuclei(form[i:])
    return 0


def stress_early(form: str) -> bool:
    """Is ``form`` stressed before its antepenult (*έγραψαμε)? The law of three syllables
    (Triantafyllidis grammar § 75): a Greek word is stressed on one of its last three
    syllables. Kept apart from :func:`defects`: ``scripts/measure/audit_paradigms.py --stress`` counts
    it (the lexicon still has such forms: learned -ις nouns under O5a, ολόημερος)."""
    return stressed_from_end(unicodedata.normalize("NFC", form)) > 3


def doubled_iota(form: str) -> int:
    """How often ι (ί, ϊ) stands before another ι: βασιλιίς, παλαιιά 1; ρωμαίικο, αντιιός 1
    too, which is why :func:`defects` counts only those beyond the lemma's own."""
    return sum(form[i] in "ιίϊ" and form[i + 1] in "ιίϊΐ" for i in range(len(form) - 1))


def defects(form: str, lemma: str = "") -> list[str]:
    """The spelling rules (names from :data:`KINDS`) that the accented lower-case surface form
    ``form`` of ``lemma`` breaks; [] for a well-formed form. A doubled ι counts only beyond those
    of the lemma itself (αντιιός, τριίστιος are compounds). Raises nothing: a form with a letter
    outside the surface alphabet reports ``letters``."""
    form = unicodedata.normalize("NFC", form)
    out = []
    if not form or any(c not in SURFACE_LETTERS for c in form):
        out.append("letters")
    acc = sum(c in _ACUTE for c in form)
    n = nuclei(form)
    if acc == 0 and n >= 2:
        out.append("no-accent")
    if acc >= 2:
        out.append("accents")
    if form.endswith("σ"):
        out.append("final-σ")
    if FINAL_SIGMA in form[:-1]:
        out.append("inner-ς")
    if doubled_iota(form) > doubled_iota(unicodedata.normalize("NFC", lemma)):
        out.append("doubled-ι")
    return out

