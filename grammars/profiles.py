"""Rule profiles: which regulation layers a verdict may rely on (regulation §LEN).

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
"""
from __future__ import annotations

from grammars import rules

#: rule ids that license forms of their own (the layers a profile can switch off), sorted;
#: derived from grammars.rules.LAYERS
LAYERS = rules.licensing()
PROFILES: dict[str, tuple[str, ...]] = {
    "board": (),
    "no-hidden-words": ("E2",),
    # the 2–3 letter word list (§L23) is a source, not a form-making layer
    "dictionary": tuple(x for x in LAYERS if x != "L23"),
}
#: A profile is a set of layers (:data:`PROFILES`: those it switches off) plus a set of
#: lexicon sources: the lexicon files it leaves out of its build (``lexicon.load(without=…)``).
#: The hidden words are both a source and a layer (§E2), so the shared acceptor can leave them
#: out by their rule id.
SOURCES: dict[str, tuple[str, ...]] = {
    "board": (),
    "no-hidden-words": ("hidden_words.tsv",),
    "dictionary": (),
}


def sources_off(profile: str = "board") -> frozenset[str]:
    """Lexicon file names that ``profile`` leaves out. Raises ValueError for an unknown
    profile."""
    if profile not in SOURCES:
        raise ValueError(f"unknown profile {profile!r} (known: {', '.join(SOURCES)})")
    return frozenset(SOURCES[profile])


def disabled(profile: str = "board", without=()) -> frozenset[str]:
    """Rule ids switched off by ``profile`` plus ``without``.

    Raises ValueError naming an unknown profile or a rule id that is not a layer."""
    if profile not in PROFILES:
        raise ValueError(f"unknown profile {profile!r} (known: {', '.join(PROFILES)})")
    out = set(PROFILES[profile])
    for r in without:
        r = r.strip().lstrip("§").upper()
        layers = rules.licensing()
        if r not in layers:
            raise ValueError(f"{r!r} is not a rule layer that can be switched off "
                             f"(layers: {', '.join(layers)})")
        out.add(r)
    return frozenset(out)
