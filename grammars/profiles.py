"""Rule profiles: which regulation layers a verdict may rely on (issue 4; RULES.md LEN).

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

# rule ids that license forms of their own (the layers a profile can switch off)
LAYERS = ("B3", "B6", "B7", "D1", "D2", "D3", "D4", "D7", "E2", "E4")
# lexicon sources a profile can leave out: id → what it is
SOURCES = {
    "PES": "lemma learned from the official list's development half alone",
    "FD": "lemma whose only source besides the official list is FreeDict",
    "W23": "2–3 letter word of the official list",
}
# the lemma files whose rows carry a source id (lexicon/README.md)
SOURCE_FILES = {"lemmas-pes-dev.tsv": "PES", "lemmas-freedict.tsv": "FD"}
# a flag shown in analyses: the accent of a lemma learned from tile forms is a guess
FLAG_MARKS = {"accent_guessed": "ACCENT-GUESSED"}
PROFILES: dict[str, tuple[str, ...]] = {
    "board": (),
    "no-hidden-words": ("E2",),
    "dictionary": LAYERS,
    "no-pes-dev": ("PES",),
    "free": ("E2", "PES", "FD", "W23"),
}


def source_marks(file_name: str, flags=()) -> tuple[str, ...]:
    """The ids every analysis of a row of lexicon file ``file_name`` carries (its source id,
    and the marks of its flags, e.g. ``ACCENT-GUESSED``)."""
    out = [SOURCE_FILES[file_name]] if file_name in SOURCE_FILES else []
    return tuple(out + [FLAG_MARKS[f] for f in flags if f in FLAG_MARKS])


def disabled(profile: str = "board", without=()) -> frozenset[str]:
    """Rule ids switched off by ``profile`` plus ``without``.

    Raises ValueError naming an unknown profile or a rule id that is not a layer."""
    if profile not in PROFILES:
        raise ValueError(f"unknown profile {profile!r} (known: {', '.join(PROFILES)})")
    out = set(PROFILES[profile])
    for r in without:
        r = r.strip().lstrip("§").upper()
        if r not in LAYERS and r not in SOURCES:
            raise ValueError(f"{r!r} is not a rule layer or lexicon source that can be switched "
                             f"off (layers: {', '.join(LAYERS)}; sources: {', '.join(SOURCES)})")
        out.add(r)
    return frozenset(out)
