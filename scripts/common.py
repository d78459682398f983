"""What the scripts share: the repository's paths, the default ../shared folder, and the readers
and filters several generating scripts use (moved here unchanged from
``scripts/pipeline/classify_by_evidence.py`` and ``scripts/pipeline/import_spacy_adverbs.py``,
which six scripts imported as a hidden library).

Scripts run as modules from the repository root (``python -m scripts.pipeline.NAME``), so
``fst``, ``grammars`` and ``lexicon`` import from this checkout without any ``sys.path`` edit.
"""
from __future__ import annotations

import gzip
import shutil
import subprocess
import unicodedata
from collections.abc import Iterator
from pathlib import Path

from grammars import lemma_model
from grammars import phonology as ph

#: the repository root (the folder holding fst/, grammars/, lexicon/, scripts/)
ROOT = Path(__file__).resolve().parent.parent
LEXICON = ROOT / "lexicon"
#: the review queue (lemmas the evidence does not settle): the pipeline's own data, which nothing
#: at run time reads, so it is not in lexicon/ (not installed, not in the build's cache key)
REVIEW = ROOT / "scripts" / "pipeline" / "data" / "review.tsv"
#: the reference material's default place: ../shared beside the repository
SHARED = ROOT.parent / "shared"

GREEK_LOWER = set("αβγδεζηθικλμνξοπρστυφχψωςάέήίόύώϊϋΐΰ")
ACCENTED = set("άέήίόύώΐΰ")
LETTERS = GREEK_LOWER  # the name import_spacy_adverbs.py's junk filter used
# dropped by name, with the reason (checked by hand against the grammar, not against any list)
EXCLUDED = {
    "α": "fragment of the multi-word phrase «α λα» (§C4)",
    "αλ": "fragment of the multi-word phrase «αλ ντέντε» (§C4)",
    "καρτ": "fragment of the multi-word phrase «α λα καρτ» (§C4)",
    "ταμπλ": "fragment of the multi-word phrase «ταμπλ ντοτ» (§C4)",
    "ντοτ": "fragment of the multi-word phrase «ταμπλ ντοτ» (§C4)",
    "του": "genitive of the article / weak pronoun, not an adverb",
    "των": "genitive plural of the article, not an adverb",
}


# ------------------------------------------------------------------------------------------
# the lemma sources (spaCy, the review queue, UniMorph, the Greek WordNet, FreeDict)

#: FreeDict's Greek-English dictd index (Debian dict-freedict-ell-eng): headwords only are read
FREEDICT_INDEX = Path("/usr/share/dictd/freedict-ell-eng.index")


def _nfc_strip(s: str) -> str:
    return unicodedata.normalize("NFC", s.strip())


def lemma_headwords(shared: Path, freedict: Path | None = FREEDICT_INDEX
                    ) -> tuple[dict[str, set[str]], dict[str, dict[str, set[str]]]]:
    """(lemma → the sources that list it, lemma → source → its parts of speech there:
    NOUN/ADJ/VERB, ADV for a WordNet adverb, UniMorph's own tag otherwise; FreeDict gives
    none), every headword unfiltered, NFC. Sources: ``spacy`` (``data/spacy/el_lemma_index.json.gz``),
    the review queue's rows (``spacy`` or ``hunspell`` by their source), ``unimorph``
    (``data/unimorph/ell.tsv.gz``), ``wordnet`` (``data/wordnet/wn-data-ell.tab.gz``, its
    ``ell:lemma`` rows), ``freedict`` (the index ``freedict``); a missing file is skipped."""
    import collections
    import json
    found: dict[str, set[str]] = collections.defaultdict(set)
    pos: dict[str, dict[str, set[str]]] = collections.defaultdict(
        lambda: collections.defaultdict(set))
    p = shared / "data" / "spacy" / "el_lemma_index.json.gz"
    if p.exists():
        with gzip.open(p, "rt", encoding="utf-8") as f:
            index = json.load(f)
        for key, tag in (("noun", "NOUN"), ("adj", "ADJ"), ("verb", "VERB")):
            for w in index.get(key, ()):
                found[_nfc_strip(w)].add("spacy")
                pos[_nfc_strip(w)]["spacy"].add(tag)
    if REVIEW.exists():
        from lexicon import rows
        for _, parts in rows(REVIEW):
            w = _nfc_strip(parts[0])
            src = "spacy" if parts[2] == "spacy" else "hunspell"
            found[w].add(src)
            pos[w][src].update(x for x in parts[1].split("/") if x in ("NOUN", "ADJ", "VERB"))
    p = shared / "data" / "unimorph" / "ell.tsv.gz"
    if p.exists():
        with gzip.open(p, "rt", encoding="utf-8") as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) >= 3:
                    w = _nfc_strip(parts[0])
                    found[w].add("unimorph")
                    tag = parts[2].split(";")[0]
                    pos[w]["unimorph"].add({"N": "NOUN", "ADJ": "ADJ", "V": "VERB"}.get(tag, tag))
    p = shared / "data" / "wordnet" / "wn-data-ell.tab.gz"
    if p.exists():
        with gzip.open(p, "rt", encoding="utf-8") as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) == 3 and parts[1] == "ell:lemma":
                    w = _nfc_strip(parts[2])
                    found[w].add("wordnet")
                    pos[w]["wordnet"].add({"n": "NOUN", "v": "VERB", "a": "ADJ", "s": "ADJ"}.get(
                        parts[0][-1:], "ADV"))
    if freedict and freedict.exists():
        for line in freedict.read_text(encoding="utf-8").splitlines():
            w = line.split("\t")[0]
            if not w.startswith("00database"):
                found[_nfc_strip(w)].add("freedict")
    return found, pos


# ------------------------------------------------------------------------------------------
# hunspell's list (../shared/oracles, never shipped)

def hunspell_lower(path: Path) -> Iterator[str]:
    """The lower-case entries, as written (affix flags cut), of a hunspell .dic(.gz) file whose
    first line is the count; capitalised entries are proper names and are left out."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as f:
        next(f)
        for line in f:
            w = line.strip().split("/")[0]
            if w[:1].islower():
                yield w


def read_hunspell_dic(path: Path) -> set[str]:
    """Lower-case entries (NFC, Greek letters only) of a hunspell .dic(.gz) file
    (:func:`hunspell_lower`)."""
    nfc = (unicodedata.normalize("NFC", w) for w in hunspell_lower(path))
    return {w for w in nfc if set(w) <= LETTERS}


def read_hunspell(shared: Path) -> set[str]:
    """Lower-case entries of the hunspell el_GR list, NFC (capitalised ones are names)."""
    return read_hunspell_dic(shared / "oracles" / "hunspell-el_GR.dic.gz")


# ------------------------------------------------------------------------------------------
# the lexicon

def read_listed_forms() -> tuple[set[str], set[str]]:
    """(lemmas, forms) of the listed paradigms (lexicon.LISTED_FILES), if any. The lemmas of
    ``learned-genitives.tsv`` are left out: a row there adds one cell to a lemma whose class
    another file gives (δράκοντας, O5: δράκοντος), so counting it as the lemma's paradigm made
    classify_by_evidence.py drop δράκοντας, and then find_learned_genitives.py its genitive."""
    from lexicon import LISTED_FILES
    lemmas, forms = set(), set()
    for name in LISTED_FILES:
        p = LEXICON / name
        if not p.exists():
            continue
        with open(p, encoding="utf-8") as f:
            for line in f:
                if line.startswith("#") or line.startswith("lemma\t") or not line.strip():
                    continue
                parts = line.rstrip("\n").split("\t")
                if len(parts) >= 5:
                    if name != "learned-genitives.tsv":
                        lemmas.add(parts[0])
                    forms.add(parts[4])
    return lemmas, forms


# ------------------------------------------------------------------------------------------
# filters of candidate lemmas

def junk_reason(lemma: str) -> str | None:
    """Why a spaCy lemma cannot be a lexicon lemma (DESIGN-NOTES §5), or None."""
    if ":" in lemma:
        return "namespace (βικιλεξικό:…)"
    if "/" in lemma:
        return "slash (δημιουργία/επιρ-)"
    if "\u00b5" in lemma:
        return "micro sign µ"
    if "-" in lemma or "\u2010" in lemma or "\u2011" in lemma:
        return "hyphen"
    if any(c in lemma for c in "'’‘ʼ΄`"):
        return "apostrophe"
    if any(c.isspace() for c in lemma):
        return "space"
    if any(c.isdigit() for c in lemma):
        return "digit"
    if any("LATIN" in unicodedata.name(c, "") for c in lemma):
        return "Latin letter"
    if lemma[:1].isupper() or any(c.isupper() for c in lemma):
        return "capitalised"
    if not set(lemma) <= GREEK_LOWER:
        return "other character (polytonic, punctuation)"
    if "ς" in lemma[:-1] or lemma.endswith("σ"):
        return "misplaced final sigma"
    nuclei = [u for u in ph._units(ph.underlying(lemma, glides=False)) if ph._is_nucleus(u)]
    if len(nuclei) > 1 and not set(lemma) & ACCENTED:
        return "no accent"
    if sum(1 for c in lemma if c in ACCENTED) > 1:
        return "two accents"
    return None


def reason_to_drop(w: str) -> str | None:
    """Why the lemma ``w`` (NFC) is junk, or None if it is a clean single word."""
    if not w:
        return "empty"
    if any(c.isspace() for c in w):
        return "multi-word"
    if "-" in w or "‐" in w or "–" in w:
        return "hyphen"
    if any(c in "'’ʼ΄`" for c in w):
        return "apostrophe"
    if "µ" in w:
        return "micro sign"
    if any(c.isdigit() for c in w):
        return "digit"
    if any("LATIN" in unicodedata.name(c, "") for c in w):
        return "latin letter"
    if any(unicodedata.name(c, "").startswith("GREEK") and c not in LETTERS
           and c.lower() == c for c in w):
        return "polytonic"
    if any(c.isupper() for c in w):
        return "capital"
    if not set(w) <= LETTERS:
        return "punctuation"
    if "ς" in w[:-1] or w.endswith("σ"):
        return "sigma misspelt"
    if w in EXCLUDED:
        return "excluded by name"
    return None


#: does a class table's main rule for a cell give the lemma back (the lemma model's test)
cites = lemma_model.cites


# ------------------------------------------------------------------------------------------
# the checkout's tracked files (measure_folds and the pipeline's --check work on a copy)

def tracked_files(root: Path) -> list[str]:
    """Paths (relative, POSIX) of the files git tracks in ``root`` that exist in the working
    tree. Raises SystemExit when ``root`` is no git checkout."""
    try:
        out = subprocess.run(["git", "-C", str(root), "ls-files", "-z"], capture_output=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        raise SystemExit(f"{root} is not a git checkout (its tracked files are what is "
                         "copied)") from None
    return [p for p in out.decode("utf-8").split("\0") if p and (root / p).is_file()]


def copy_tracked(root: Path, dest: Path) -> int:
    """Copy the tracked files of ``root`` (working-tree contents) into ``dest``; their number."""
    files = tracked_files(root)
    for rel in files:
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / rel, target)
    return len(files)
