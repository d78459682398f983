"""Rule profiles: which regulation layers a verdict may rely on (grammars/RULES.md §LEN).

The compiled acceptor holds every layer; a profile that switches layers off accepts a word
only if one of its analyses names none of them (fst.api.Judge, ``disabled_rules``). Length
bounds (§LEN) are the other half of a profile and are set separately.

* ``board``: the federation's regulation as a whole (default);
* ``no-hidden-words``: without §E2, the federation's hidden-words aid (its licence differs);
* ``dictionary``: paradigms and listed forms only, none of the regulation's form-making
  layers (§B3 ξανα-, §B6 degrees, §B7 -ιγκ/-ινγκ doublets, §D1 augment and -ε, §D2 internal
  augment of learned compounds, §D3 learned -θηκα aorists beyond the listed one, §D4 -αγα,
  §D7 -ομε, §E2 hidden words, §E4 the other spelling of derived forms). A verb whose internal
  augment is obligatory (lexicon/internal-augment.tsv, mode ``only``: εξέφρασα) then has no
  forms in those cells.
* ``no-pes-dev``: without the lemmas whose only support is the official list's development half
  (``lexicon/lemmas-pes-dev.tsv``, source id ``PES``);
* ``free``: only what is under free licences: without ``PES``, the FreeDict-only lemmas
  (``lexicon/lemmas-freedict.tsv``, ``FD``), the 2–3 letter words of the official list
  (§L23, ``lexicon/words-2-3.tsv``), §E2 (the hidden-words aid) and the single-form words
  (``lexicon/single-forms.tsv``: share-alike simplemma and FreeDict support many of them).
"""
from __future__ import annotations

import functools

#: ids of lexicon sources that every analysis of their rows carries (fst.build.compile.read_lexicon),
#: so that the shared acceptor can leave them out like a layer: id → what it is
SOURCE_IDS = {
    "PES": "lemma learned from the official list's development half alone",
    "FD": "lemma whose only source besides the official list is FreeDict",
}


def _layers() -> tuple[str, ...]:
    """:data:`LAYERS`, from grammars.rules: imported here, on first use, because importing
    every rule module is ~70 ms of a start that judges a word with the board profile. Read
    live from grammars.rules.LAYERS on each call (a layer added there is switchable)."""
    from grammars import rules
    return rules.licensing()


@functools.cache
def _profiles() -> dict[str, tuple[str, ...]]:
    return {
        "board": (),
        "no-hidden-words": ("E2",),
        # the 2–3 letter word list (§L23) is a source, not a form-making layer
        "dictionary": tuple(x for x in _layers() if x != "L23"),
        "no-pes-dev": ("PES",),
        "free": ("E2", "PES", "FD", "L23"),
    }


def __getattr__(name: str):
    """:data:`LAYERS` (rule ids that license forms of their own, the layers a profile can
    switch off, sorted; derived from grammars.rules.LAYERS) and :data:`PROFILES` (profile →
    the layers it switches off), computed on first use."""
    if name == "LAYERS":
        return _layers()
    if name == "PROFILES":
        return _profiles()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: A profile is a set of layers (:data:`PROFILES`: those it switches off) plus a set of
#: lexicon sources: the lexicon files it leaves out of its build (``lexicon.load(without=…)``).
#: The hidden words are both a source and a layer (§E2), so the shared acceptor can leave them
#: out by their rule id.
SOURCES: dict[str, tuple[str, ...]] = {
    "board": (),
    "no-hidden-words": ("hidden_words.tsv",),
    "dictionary": (),
    "no-pes-dev": ("lemmas-pes-dev.tsv",),
    "free": ("hidden_words.tsv", "lemmas-pes-dev.tsv", "lemmas-freedict.tsv", "words-2-3.tsv",
             "single-forms.tsv"),
}
#: the profile names, in the order of :data:`PROFILES` (known without importing the rules)
NAMES = tuple(SOURCES)


def sources_off(profile: str = "board") -> frozenset[str]:
    """Lexicon file names that ``profile`` leaves out. Raises ValueError for an unknown
    profile."""
    if profile not in NAMES:
        raise ValueError(f"unknown profile {profile!r} (known: {', '.join(NAMES)})")
    return frozenset(SOURCES[profile])


def disabled(profile: str = "board", without=()) -> frozenset[str]:
    """Rule ids switched off by ``profile`` plus ``without``.

    Raises ValueError naming an unknown profile or a rule id that is not a layer."""
    if profile not in NAMES:
        raise ValueError(f"unknown profile {profile!r} (known: {', '.join(NAMES)})")
    out = set(_profiles()[profile]) if profile != "board" else set()  # board: no rule import
    for r in without:
        r = r.strip().lstrip("§").upper()
        layers = _layers()
        if r not in layers and r not in SOURCE_IDS:
            raise ValueError(f"{r!r} is not a rule layer or lexicon source that can be switched "
                             f"off (layers: {', '.join(layers)}; sources: "
                             f"{', '.join(SOURCE_IDS)})")
        out.add(r)
    return frozenset(out)
