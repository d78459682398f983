"""The learning method: lemma records (lemma, inflection class) judged by a list of accepted
word forms, which forms of a candidate paradigm the list has and lacks (the three conditions of
:mod:`fst.learn`'s docstring, which states the method; lexicon/README.md states it for the
shipped file).

:func:`guess_pairs` gives the candidates (the guesser, :mod:`grammars.guess`),
:func:`evaluate` one candidate's evidence and :func:`judge_candidates` the decision. The
application (reading a user's list, the official list's halves and folds, ``dektes learn``)
is :mod:`fst.learn`.
"""
from __future__ import annotations

import collections
import multiprocessing
from dataclasses import dataclass, field
from typing import Callable, Container, Iterable

from grammars.derivation import citation_cell, pos_of
from grammars.guess import Guesser, input_accentuations, read_lemma_classes
from grammars.normalize import InvalidWord, to_lower_accented, to_tile
from grammars.paradigm import ClassTable, exemplar_cells, generate, proposable_tables

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
    if not exemplar_cells(table) <= {c for _, c, w in gen if w == 0}:
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
    _G["g"] = Guesser(read_lemma_classes(lexicon_paths) if lexicon_paths else None)


def _guess_one(word: str):
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
    tables = tables or proposable_tables()
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
