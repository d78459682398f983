"""Learn lemma records (lemma, inflection class) from a list of accepted word forms.

One method serves the shipped file (``scripts/pipeline/learn_pes_dev.py``: the development half of the
federation's 2–8 list, by the rules lexicon/README.md states for it) and a
user's own list (``dektes learn``). A lemma is judged by which forms of a candidate paradigm
the list has and lacks:

* **candidates** — the guesser (:mod:`grammars.guess`, class tables inverted) proposes (lemma, class)
  pairs for the listed words that the lexicon does not generate (*unexplained* words); each
  accentuation of a tile word is tried, so a lemma's accent is a guess unless another source
  gives it;
* **forms it could show** — the candidate paradigm's distinct main forms (weight-0 cells) whose
  tile form the list could hold (``could_hold``: for the official dev half, 2–8 letters and the
  dev hash, and the training fold when one is chosen). A form counts as *absent* only then;
* **the three conditions** (a lemma whose only support is the list):
  1. at least ``min_new`` listed tile forms that no other lemma generates;
  2. at least ``min_ratio`` of the forms it could show are listed (and its citation form, when
     the list could show it); a verb needs ``min_aorist`` listed perfective forms unlike its
     imperfective ones (the class code encodes the aorist);
  3. against each rival (another class or lemma explaining some of the same words), a listed
     form the rival lacks — unless the rival only adds forms, which the list lacks (then it
     loses on the score listed − absent).

  Candidates whose tile forms are the same (accent variants of one lemma, classes with equal
  paradigms for it) are one candidate: the accent a source attests wins, else the guesser's
  prior (flag ``accent_guessed``). Accepted lemmas are taken greedily, best score first; each
  must still add ``min_new`` listed words that nothing taken before generates.

No form of the list is stored: the result is lemma records. The method's code (candidates,
evidence, decision) is :mod:`grammars.learn`; this module reads the lists and holds the
official list's halves and folds.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Callable

# the method is Greek (grammars.learn); its names stay importable from here
from grammars.learn import (Candidate, Outcome, Params, evaluate, guess_pairs,
                            judge_candidates)

from grammars.normalize import InvalidWord, to_tile

FOLD_ENV = "DEKTES_PES_FOLD"
ACCENT_GUESSED = "accent_guessed"


# ------------------------------------------------------------------------------------------
# the official list's halves and folds (lexicon/README.md)

def in_dev_half(tile: str) -> bool:
    """True if the tile word hashes into the development half of the official list."""
    return int(hashlib.sha256(("pes-split-v1:" + tile).encode()).hexdigest(), 16) % 2 == 0


def fold_of(tile: str) -> int:
    """0 or 1: the fold of the development half a tile word belongs to."""
    return int(hashlib.sha256(("pes-fold-v1:" + tile).encode()).hexdigest(), 16) % 2


def fold_from_env() -> int | None:
    """The fold chosen by $DEKTES_PES_FOLD (0 or 1), None when unset or empty.
    Raises ValueError for any other value."""
    v = os.environ.get(FOLD_ENV, "").strip()
    if v == "":
        return None
    if v not in ("0", "1"):
        raise ValueError(f"{FOLD_ENV} must be 0 or 1, not {v!r}")
    return int(v)


def read_dev(path: Path, fold: int | None = None) -> frozenset[str]:
    """Tile words of the dev file ``path``; only those of ``fold`` when it is given."""
    words = path.read_text(encoding="utf-8").split()
    return frozenset(w for w in words if fold is None or fold_of(w) == fold)


def dev_could_hold(fold: int | None = None) -> Callable[[str], bool]:
    """Which tile forms the dev file (of ``fold``) could show: 2–8 letters, dev-hashed."""
    def could(t: str) -> bool:
        return 2 <= len(t) <= 8 and in_dev_half(t) and (fold is None or fold_of(t) == fold)
    return could


def dev_held(tiles, dev, could: Callable[[str], bool]) -> tuple[int, int]:
    """(how many of the distinct tile forms ``tiles`` the dev file could show, by ``could``
    (:func:`dev_could_hold`), how many of those its words ``dev`` hold): a lemma's or a
    record's lemma-level evidence of presence and absence."""
    mine = [x for x in set(tiles) if could(x)]
    return len(mine), sum(x in dev for x in mine)


# ------------------------------------------------------------------------------------------
# reading a user's list

def read_word_list(path: Path) -> tuple[list[str], list[tuple[int, str]]]:
    """(tile words in file order without repeats, [(line or page, bad token)]) of a text list
    (one or more words a line; tile form or accented) or a PDF whose pages list words in
    columns (read with pypdf). Raises OSError if unreadable, ValueError for a PDF pypdf
    cannot read."""
    data = Path(path).read_bytes()
    if data[:5] == b"%PDF-":
        chunks = _pdf_text(path)
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ValueError(f"{path}: not UTF-8 text (byte {e.start}) and not a PDF") from None
        chunks = list(enumerate(text.splitlines(), 1))
    out, seen, bad = [], set(), []
    for where, chunk in chunks:
        for tok in chunk.split():
            tok = tok.strip(".,;·:()[]\"'«»")
            if not tok or tok.isdigit():
                continue
            try:
                t = to_tile(tok)
            except InvalidWord:
                bad.append((where, tok))
                continue
            if t not in seen:
                seen.add(t)
                out.append(t)
    return out, bad


def _pdf_text(path: Path) -> list[tuple[int, str]]:
    try:
        from pypdf import PdfReader
    except ImportError:
        raise ValueError("reading a PDF needs pypdf: pip install 'dektes[pdf]'") from None
    try:
        reader = PdfReader(str(path))
        return [(i, page.extract_text() or "") for i, page in enumerate(reader.pages, 1)]
    except Exception as e:  # pypdf raises many kinds for damaged files
        raise ValueError(f"{path}: cannot read this PDF ({e.__class__.__name__})") from None


__all__ = ["FOLD_ENV", "ACCENT_GUESSED", "in_dev_half", "fold_of", "fold_from_env", "read_dev",
           "dev_could_hold", "read_word_list", "Candidate", "Params", "Outcome", "evaluate",
           "guess_pairs", "judge_candidates"]
