"""Letter clusters of Greek words: the inventory every generated word must keep to.

A tile-form word (the 24 capitals) is read as maximal runs of consonants and of vowels
(Α Ε Η Ι Ο Υ Ω; digraphs and diaeresis are not told apart, as on the board). Each run has a
position:

* ``initial`` — the consonants before the first vowel (ΣΤΡ of ΣΤΡΩΜΑ);
* ``medial`` — the consonants between two vowels (ΦΤ of ΓΡΑΦΤΗΚΑ);
* ``final`` — the consonants after the last vowel (Σ, Ν, ΞΣ is none);
* ``vowel`` — a vowel run anywhere (ΟΥ, ΑΙΟΥ);
* ``whole`` — a word without a vowel (listed 2–3 letter words only).

``grammars/phonotactics.tsv`` lists the runs that Greek words have: a run enters only if
forms of at least 3 lemmas across at least 2 independent sources have it (elspell's lemmas,
hunspell's lower-case entries, UniMorph's forms); ``scripts/pipeline/make_phonotactics.py`` makes the
table and states its provenance in its header. The table is a cluster inventory, not a word
list. ``grammars/phonotactics-allow.tsv`` adds the few runs of real words the sources miss,
each citing its lemma. ``tests/test_phonotactics.py`` holds the generated language to the
inventory (runs a lemma's own spelling has are the lemma's fact: :func:`made_outside`);
``scripts/measure/phonotactic_offenders.py`` names the lemma, class and cell of every word outside it.
"""
from __future__ import annotations

import functools
from pathlib import Path

from grammars import alphabet
from grammars.normalize import to_tile

HERE = Path(__file__).resolve().parent
INVENTORY_FILE = HERE / "phonotactics.tsv"
ALLOW_FILE = HERE / "phonotactics-allow.tsv"
TILE_VOWELS = frozenset(alphabet.TILE_VOWELS)
POSITIONS = ("initial", "medial", "final", "vowel", "whole")
#: the final consonants of the consonant-final prefixes (Triantafyllidis grammar, compounds:
#: εκ-, εν-/συν-/παν-, εξ-, υπερ-): a compound may join one to a word-initial run (ΕΚ-ΣΤΑΣΗ,
#: ΕΝ-ΣΚΗΠΤΩ, ΥΠΕΡ-ΠΛΗΡΩΝΩ)
PREFIX_CODAS = ("Κ", "Ν", "Ξ", "Ρ")


def runs(tile: str) -> list[tuple[str, str]]:
    """``(position, run)`` of every maximal consonant or vowel run of the tile-form word
    ``tile`` (upper-case, unaccented), in order: ``runs("ΓΡΑΦΤΗΚΑ")`` →
    ``[('initial', 'ΓΡ'), ('vowel', 'Α'), ('medial', 'ΦΤ'), ('vowel', 'Η'), ('medial', 'Κ'),
    ('vowel', 'Α')]``. Raises nothing; an empty word has no runs."""
    out: list[tuple[str, str]] = []
    i, n = 0, len(tile)
    if n and not any(c in TILE_VOWELS for c in tile):
        return [("whole", tile)]
    while i < n:
        j = i
        v = tile[i] in TILE_VOWELS
        while j < n and (tile[j] in TILE_VOWELS) == v:
            j += 1
        run = tile[i:j]
        if v:
            pos = "vowel"
        elif i == 0:
            pos = "initial"
        elif j == n:
            pos = "final"
        else:
            pos = "medial"
        out.append((pos, run))
        i = j
    return out


def _read(path: Path) -> dict[tuple[str, str], str]:
    out: dict[tuple[str, str], str] = {}
    if not path.exists():
        return out
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if line.startswith("#") or not line.strip() or line.startswith("position\t"):
                continue
            p = line.rstrip("\n").split("\t")
            if len(p) < 3 or p[0] not in POSITIONS or not p[1]:
                raise ValueError(f"{path}:{lineno}: expected position, run, evidence")
            out[(p[0], p[1])] = p[2]
    return out


@functools.lru_cache(maxsize=1)
def inventory() -> frozenset[tuple[str, str]]:
    """Every ``(position, run)`` of the shipped table. Raises ValueError naming the file
    and line of a malformed row."""
    return frozenset(_read(INVENTORY_FILE))


@functools.lru_cache(maxsize=1)
def allowed() -> dict[tuple[str, str], str]:
    """``(position, run)`` → the lemma and citation of each allow-list row."""
    return _read(ALLOW_FILE)


def known(position: str, run: str) -> bool:
    """Is ``run`` at ``position`` inside the inventory or the allow-list? A run not listed
    whole is inside when a compound seam splits it into two listed runs whose two letters at
    the seam are a listed run too: a vowel run into two vowel runs (ΞΑΝΑ-ΑΥΓΑΖΩ: Α + ΑΥ,
    seam ΑΑ; ΒΙΟ-ΑΕΡΙΟ), a medial consonant run into a prefix's final consonant
    (:data:`PREFIX_CODAS`) and a word-initial run (ΕΚ-ΣΤΡΑΤΕΙΑ: Κ + ΣΤΡ, seam ΚΣ)."""
    inv, allow = inventory(), allowed()
    if (position, run) in inv or (position, run) in allow:
        return True
    if position == "vowel":
        return any(("vowel", run[:i]) in inv and ("vowel", run[i:]) in inv
                   and ("vowel", run[i - 1:i + 1]) in inv for i in range(1, len(run)))
    if position == "medial":
        return any(run[:i] in PREFIX_CODAS and ("initial", run[i:]) in inv
                   and ("medial", run[i - 1:i + 1]) in inv for i in range(1, len(run)))
    return False


def made_outside(tile: str, lemmas) -> list[tuple[str, str]]:
    """The runs of ``tile`` outside the inventory that no lemma of ``lemmas`` (accented or tile
    spellings) has itself, in any position: those the grammar made by joining a stem, an
    ending or an augment (επισκέπ-φτηκα). A lemma's own run (σπλάγχνο's ΓΧΝ, κιτς's ΤΣ) is
    the lemma's fact, which its sources attest; so is a doubled ι in
    ``grammars.orthography.defects``."""
    own = set()
    for lemma in lemmas:
        try:
            own |= {r for _, r in runs(to_tile(lemma))}
        except Exception:  # not a Greek word (a listed entry's placeholder)
            continue
    return [(p, r) for p, r in outside(tile) if r not in own]


def outside(tile: str) -> list[tuple[str, str]]:
    """The runs of ``tile`` that are not :func:`known` ([] if none): ΕΠΙΣΚΕΠΦΤΗΚΑ →
    ``[('medial', 'ΠΦΤ')]``."""
    return [r for r in runs(tile) if not known(*r)]
