"""Learn lemma records (lemma, inflection class) from a list of accepted word forms.

One method serves the shipped file (``scripts/learn_pes_dev.py``: the development half of the
federation's 2–8 list, by the rules lexicon/README.md states for it) and a
user's own list (``dektes learn``). A lemma is judged by which forms of a candidate paradigm
the list has and lacks:

* **candidates** — the guesser (:mod:`fst.guess`, class tables inverted) proposes (lemma, class)
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

No form of the list is stored: the result is lemma records.
"""
from __future__ import annotations

import collections
import hashlib
import multiprocessing
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Container, Iterable

from grammars import phonology as ph
from grammars.derivation import citation_cell, pos_of
from grammars.paradigm import ClassTable, generate, load_tables

from .normalize import InvalidWord, to_lower_accented, to_tile

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


# ------------------------------------------------------------------------------------------
# candidates

@dataclass
class Candidate:
    """A (lemma, class) judged by a word list; tile-form sets only."""
    lemma: str
    code: str
    tiles: frozenset            # tile forms of every cell, variants included
    could: frozenset            # main forms' tiles the list could show
    found: frozenset            # those it shows
    aorist_found: int = 0       # verbs: listed perfective tiles unlike any imperfective one
    prior: float = 0.0          # the guesser's weight (lower is better)
    accent_source: str = ""     # which source attests the accent ('' = guessed)
    support: frozenset = frozenset()  # listed words nothing else generates that it explains
    citation_absent: bool = False
    attested_n: int = 0         # main forms another source (hunspell) attests, accented
    kind: str = "list-alone"    # or "source": a lemma another source has

    @property
    def pos(self) -> str:
        return pos_of(self.code)

    @property
    def score(self) -> int:
        return 2 * len(self.found) - len(self.could)

    @property
    def ratio(self) -> float:
        return len(self.found) / max(1, len(self.could))


@dataclass
class Params:
    min_new: int = 2
    min_ratio: float = 0.6
    min_aorist: int = 2
    min_could: int = 3
    min_found: int = 3          # list-alone lemmas: listed forms of the paradigm
    min_ratio_source: float = 0.5  # lemmas of another source
    min_found_source: int = 2


_FULL: dict[str, frozenset] = {}


def _full_cells(code: str, table: ClassTable) -> frozenset:
    if code not in _FULL:
        try:
            _FULL[code] = frozenset(c for _, c, w in generate(table.exemplar, table) if w == 0)
        except (ValueError, TypeError):
            _FULL[code] = frozenset()
    return _FULL[code]


def evaluate(lemma: str, code: str, table: ClassTable, present: Container,
             could_hold: Callable[[str], bool]) -> Candidate | None:
    """The candidate's evidence, or None if the class does not give ``lemma`` back as its
    citation form or misses a cell that its exemplar has (no candidate then)."""
    try:
        gen = generate(lemma, table)
    except ValueError:
        return None
    cell = citation_cell(pos_of(code), lemma)
    if not any(f == lemma and c == cell and w == 0 for f, c, w in gen):
        return None
    if not _full_cells(code, table) <= {c for _, c, w in gen if w == 0}:
        return None
    tiles, main = set(), set()
    ipfv, pfv = set(), set()
    voice = ";PASS" if lemma.endswith("μαι") else ";ACT"
    for f, c, w in gen:
        try:
            t = to_tile(f)
        except InvalidWord:
            continue
        tiles.add(t)
        if w == 0:
            main.add(t)
            if c.startswith("V;") and ";PFV" in c and c.endswith(voice):
                pfv.add(t)
        if ";IPFV" in c:
            ipfv.add(t)
    could = frozenset(t for t in main if could_hold(t))
    found = frozenset(t for t in could if t in present)
    lt = to_tile(lemma)
    return Candidate(lemma, code, frozenset(tiles), could, found,
                     aorist_found=len({t for t in pfv - ipfv if t in found}),
                     citation_absent=(lt in could and lt not in present))


_G: dict = {}


def _init_guesser(lexicon_paths):
    from .guess import Guesser, read_lemma_classes
    _G["g"] = Guesser(read_lemma_classes(lexicon_paths) if lexicon_paths else None)


def _guess_one(word: str):
    from .guess import input_accentuations
    g = _G["g"]
    out = set()
    try:
        low = to_lower_accented(word)
    except InvalidWord:
        return word, []
    for form in input_accentuations(low):
        for lemma, code, _cell in g.analyses(form):
            out.add((lemma, code))
    return word, sorted(out)


def guess_pairs(words: Iterable[str], jobs: int = 1, progress=None,
                lexicon_paths=None) -> dict[tuple[str, str], set[str]]:
    """(lemma, class) → the words (tile form) the guesser derives from it."""
    words = sorted(set(words))
    support: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
    if jobs > 1 and len(words) > 200:
        with multiprocessing.Pool(jobs, _init_guesser, (lexicon_paths,)) as pool:
            it = pool.imap(_guess_one, words, chunksize=100)
            for i, (w, pairs) in enumerate(it, 1):
                for p in pairs:
                    support[p].add(w)
                if progress and i % 2000 == 0:
                    progress(i, len(words))
    else:
        _init_guesser(lexicon_paths)
        for i, w in enumerate(words, 1):
            for p in _guess_one(w)[1]:
                support[p].add(w)
            if progress and i % 2000 == 0:
                progress(i, len(words))
    return support


# ------------------------------------------------------------------------------------------
# decision

@dataclass
class Outcome:
    accepted: list[Candidate] = field(default_factory=list)
    counts: collections.Counter = field(default_factory=collections.Counter)
    unanalysed: set = field(default_factory=set)  # listed words no accepted lemma explains
    judged: list = field(default_factory=list)  # (candidate, reason) for every candidate


def judge_candidates(support: dict[tuple[str, str], set[str]], present: Container,
                     could_hold: Callable[[str], bool], explained: Container,
                     known_lemmas: Container, params: Params = Params(),
                     lemma_sources: dict[str, str] | None = None,
                     attested: Container = frozenset(), tables=None,
                     prior: Callable[[str, str], float] | None = None) -> Outcome:
    """Decide the candidates of ``support`` (see the module docstring).

    ``explained``: tile words the lexicon already generates; ``known_lemmas``: lemmas the
    lexicon has (never proposed again); ``lemma_sources``: accented lemma → the other source
    that has it (its accent is then known); ``attested``: accented forms another source
    attests (hunspell: they fix a guessed accent)."""
    tables = tables or load_tables()
    lemma_sources = lemma_sources or {}
    out = Outcome()
    cands: list[Candidate] = []
    for (lemma, code), words in sorted(support.items()):
        words = {w for w in words if w not in explained}
        if len(words) < params.min_new:
            continue
        if lemma in known_lemmas or code not in tables:
            out.counts["known lemma or unknown class"] += 1
            continue
        if to_tile(lemma) in explained:  # a plural, participle or stress doublet of a known word
            out.counts["citation form generated by a known lemma"] += 1
            continue
        c = evaluate(lemma, code, tables[code], present, could_hold)
        if c is None:
            out.counts["class does not cite the lemma"] += 1
            continue
        c.support = frozenset(words)
        c.prior = prior(lemma, code) if prior else 0.0
        c.attested_n = sum(f in attested for f, _, w in generate(lemma, tables[code]) if w == 0)
        if lemma in lemma_sources:
            src, poses = lemma_sources[lemma]
            if poses and c.pos not in poses:  # the source's lemma is of another part of speech
                out.counts["source lemma of another part of speech"] += 1
                continue
            c.accent_source = src
        elif c.attested_n:
            c.accent_source = "hunspell"
        cands.append(c)
    out.counts["candidates evaluated"] = len(cands)
    taken: set[str] = set()
    # lemmas another source has: the list decides their class (the best score listed − absent;
    # against every other class of the lemma a listed form it lacks, or the same listed forms
    # and more hunspell forms)
    by_lemma: dict[str, list[Candidate]] = collections.defaultdict(list)
    for c in cands:
        if c.lemma in lemma_sources:
            by_lemma[c.lemma].append(c)
    for lemma in sorted(by_lemma):
        cs = sorted(by_lemma[lemma], key=lambda c: (-c.score, -c.attested_n, c.prior, c.code))
        best = cs[0]
        why = None
        if len(best.found) < params.min_found_source:
            why = "source lemma: too few listed forms"
        elif best.ratio < params.min_ratio_source:
            why = "source lemma: too few of its forms listed"
        elif best.citation_absent:
            why = "source lemma: citation form absent"
        elif best.code.startswith("P") and best.aorist_found < 1:
            why = "source lemma: no aorist evidence"
        else:
            for r in cs[1:]:
                if r.tiles == best.tiles or best.found - r.tiles or (
                        best.tiles < r.tiles and best.score > r.score) or (
                        r.found <= best.found and (r.score, r.attested_n) < (
                            best.score, best.attested_n)):
                    continue
                why = "source lemma: another class fits as well"
                break
        out.judged.append((best, why or "accepted (source lemma)"))
        if why:
            out.counts[why] += 1
            continue
        best.kind = "source"
        out.counts["accepted (source lemma)"] += 1
        out.accepted.append(best)
        taken |= best.tiles
    cands = [c for c in cands if c.lemma not in lemma_sources]
    # one candidate per set of tile forms (accent variants; classes equal for this lemma)
    groups: dict[frozenset, list[Candidate]] = collections.defaultdict(list)
    for c in cands:
        groups[c.tiles].append(c)
    reps = []
    for tiles, cs in groups.items():
        cs.sort(key=lambda c: (c.accent_source == "", c.lemma not in lemma_sources, c.prior,
                               c.lemma, c.code))
        reps.append(cs[0])

    def passes(c: Candidate) -> str | None:
        if len(c.could) < min(params.min_could, len(c.tiles)):
            return "too few forms the list could show"
        if len(c.found) < params.min_found:
            return "too few listed forms"
        if c.ratio < params.min_ratio:
            return "too few of its forms listed"
        if c.citation_absent:
            return "citation form absent"
        if c.code.startswith("P") and c.aorist_found < params.min_aorist:
            return "no aorist evidence"
        return None

    def beats(c: Candidate, r: Candidate) -> bool:
        if c.found - r.tiles:
            return True
        return c.tiles < r.tiles and c.score > r.score

    # a rival is a candidate that meets conditions 1 and 2 itself (one with most of its forms
    # absent from the list is no competitor)
    why_not = {id(c): passes(c) for c in reps}
    by_word: dict[str, list[Candidate]] = collections.defaultdict(list)
    for c in reps:
        if why_not[id(c)] is None:
            for w in c.support:
                by_word[w].append(c)
    order = sorted(reps, key=lambda c: (-c.score, -len(c.found), c.prior, c.lemma, c.code))
    for c in order:
        why = why_not[id(c)]
        if why is None:
            rivals = {id(r): r for w in c.support for r in by_word[w] if r is not c}
            if not all(beats(c, r) for r in rivals.values()):
                why = "a rival explains the same words"
        if why is None and len(c.support - taken) < params.min_new:
            why = "adds too few listed words"
        if why is None and to_tile(c.lemma) in taken:
            why = "a form of a lemma taken before"
        out.judged.append((c, why or "accepted"))
        if why:
            out.counts[why] += 1
            continue
        out.counts["accepted"] += 1
        out.accepted.append(c)
        taken |= c.tiles
    return out
