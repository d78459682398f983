"""The generating steps of the lexicon, in order: what each script reads and writes, and how long
it takes. ``python -m scripts.pipeline`` runs them; ``scripts.measure.measure_folds`` reruns
the :data:`FOLD_STEPS` on one fold of the official list's development half.

Each step is a module of this package, run from the repository root as ``python -m
scripts.pipeline.NAME`` with its defaults (the reference material in ``../shared``); a step
with ``shared`` also takes ``--shared DIR``.
"""
from __future__ import annotations

from dataclasses import dataclass

#: the generating scripts' folder (repository path) and package
PIPELINE = "scripts/pipeline"
#: the review queue, the pipeline's own data (several steps write it)
REVIEW_TSV = f"{PIPELINE}/data/review.tsv"


@dataclass(frozen=True)
class Step:
    """One generating script: its file in scripts/pipeline/, whether it reads the dev file, what
    it writes (repository paths; a folder ends in ``/``), its typical time on 2 cores
    (minutes), whether it takes ``--shared``."""
    script: str
    reads_dev: bool
    writes: tuple[str, ...]
    minutes: float
    shared: bool = True

    @property
    def name(self) -> str:
        """The script's name without ``.py`` (``import_loans``)."""
        return self.script.removesuffix(".py")

    @property
    def module(self) -> str:
        """The module that runs it (``python -m`` from the repository root)."""
        return PIPELINE.replace("/", ".") + "." + self.name


#: The steps whose inputs are ../shared alone and files no later step writes; they come first.
#: They read no dev file, so a fold leaves them as shipped.
SOURCE_STEPS: tuple[Step, ...] = (
    Step("import_elspell.py", False,
         ("lexicon/lemmas.tsv", "lexicon/derivations.tsv", "lexicon/excluded.tsv", REVIEW_TSV),
         0.3, shared=False),
    # reads flexy's forms (an oracle) for the class tables' endings
    Step("infer_classes.py", False, ("grammars/classes/",), 2, shared=False),
    Step("import_words_2_3.py", False, ("lexicon/words-2-3.tsv",), 0.1),
    Step("import_spacy_adverbs.py", False, ("lexicon/closed.tsv",), 0.3, shared=False),
    Step("import_hidden_words.py", False, ("lexicon/hidden_words.tsv",), 0.1, shared=False),
    Step("make_phonotactics.py", False, ("grammars/phonotactics.tsv",), 1),
)

#: The steps a fold reruns, in an order that respects their inputs: each reads the files the ones
#: before it write, except in cycles, noted, where the earlier script reads the later one's
#: file as shipped. Every script that reads the dev file (and so honours DEKTES_PES_FOLD) is
#: here (tests/test_measure_folds.py checks it against scripts/pipeline/), and every script that
#: reads their outputs.
FOLD_STEPS: tuple[Step, ...] = (
    # reads lemmas-derived.tsv (for its review rows only) and loans.tsv as shipped
    Step("classify_by_evidence.py", True,
         ("lexicon/lemmas-spacy.tsv", "lexicon/lemmas-hunspell.tsv", REVIEW_TSV), 30),
    # reads FreeDict's index (Debian dict-freedict-ell-eng), WordNet, UniMorph, spaCy, the dev
    # half's absences; and the lemma files the steps below write, as shipped; takes its lemmas
    # out of the review queue
    Step("import_participles.py", True, ("lexicon/lemmas-participles.tsv", REVIEW_TSV), 0.2),
    Step("import_derivations.py", True, ("lexicon/lemmas-derived.tsv",), 0.3),
    Step("import_loans.py", False, ("lexicon/loans.tsv",), 0.2),
    # needs the pipeline extra (wordfreq, simplemma); reads loans.tsv and the lemma files
    Step("import_single_forms.py", False, ("lexicon/single-forms.tsv",), 0.2),
    Step("find_spellings.py", False, ("lexicon/spellings.tsv",), 0.2, shared=False),
    Step("find_aw_present.py", False, ("lexicon/flags.tsv",), 0.2),
    Step("find_internal_augment.py", True, ("lexicon/internal-augment.tsv",), 0.3),
    # reads compounds.tsv as shipped (import_compounds.py reads the parts this writes)
    Step("infer_parts.py", True, ("lexicon/verb-parts.tsv",), 1.2),
    Step("import_compounds.py", True, ("lexicon/compounds.tsv", REVIEW_TSV), 1),
    Step("find_comparison.py", True, ("lexicon/comparison.tsv",), 0.1),
    Step("find_learned_genitives.py", True, ("lexicon/learned-genitives.tsv",), 0.5),
    Step("learn_pes_dev.py", True,
         ("lexicon/lemmas-pes-dev.tsv", "lexicon/lemmas-sources.tsv",
          "lexicon/lemmas-freedict.tsv"), 10),
    # last: decides the review queue the steps above leave (and builds the lexicon once)
    Step("decide_review.py", True,
         ("lexicon/lemmas-model.tsv", "lexicon/model-posteriors.tsv", "lexicon/rejected.tsv",
          "lexicon/model-kinds.tsv", REVIEW_TSV), 25),
)

#: every generating step, in the order ``python -m scripts.pipeline`` runs them
STEPS: tuple[Step, ...] = SOURCE_STEPS + FOLD_STEPS


def by_name(names) -> list[Step]:
    """The steps named (``import_loans`` or ``import_loans.py``), in pipeline order. Raises
    ValueError naming an unknown step."""
    known = {s.name: s for s in STEPS}
    wanted = {n.removesuffix(".py") for n in names}
    bad = sorted(wanted - set(known))
    if bad:
        raise ValueError(f"not a generating step: {', '.join(bad)} "
                         f"(the steps: {', '.join(known)})")
    return [s for s in STEPS if s.name in wanted]
