"""The Python API: judge, analyse and generate Greek words under the federation's regulation.

    >>> from fst.api import Judge
    >>> judge = Judge.load()
    >>> judge.check("ΕΓΡΑΨΑ").valid
    True

Words are accepted in any case, accented or not; they are judged in tile form (24 capitals,
final ς as Σ). Rule ids (``D1``, ``LEN`` …) name the rules of the federation's word-acceptance
regulation (A1…E6 by section, LEN the length profile); grammars/rules has one module per rule.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import lexicon
from grammars import rules
from grammars.alphabet import TILE_LETTERS
from grammars.paradigm import WEIGHTS

from . import anatable
from . import cache as fc
from . import notebook
from . import search
from .search import Hooks, Match, SearchError, TileSet, tile_set  # noqa: F401 (re-exported)
from .normalize import InvalidWord, to_lower_accented, to_tile
from .runtime import TileDFA, export

MIN_LENGTH, MAX_LENGTH = 2, 15  # rule LEN (board play); C6: never fewer than 2
# tiles FST (by id, kept alive) → its arrays, so that Judges sharing an FST export it once
_RUNTIMES: dict[int, tuple[object, TileDFA]] = {}


@dataclass(frozen=True)
class Analysis:
    """One analysis of a word: lemma, inflection class, UniMorph cell, accented surface form,
    the rule ids that licensed it beyond the paradigm, and its weight on the scale of
    ``grammars.paradigm.WEIGHTS`` (0 main form … 5 rule-derived; lower is better; surface
    layers add theirs to the form's)."""
    lemma: str
    inflection_class: str
    tags: str
    surface: str
    rules: tuple[str, ...]
    weight: float


@dataclass(frozen=True)
class Verdict:
    """The verdict on one word: ``valid``, the rule ids behind it, or the reason it fails."""
    word: str
    tile: str
    valid: bool
    rules: tuple[str, ...]
    reason: str = ""

    def _repr_html_(self) -> str:
        return notebook.verdict(self)


@dataclass(frozen=True)
class ParadigmRow:
    form: str
    tags: str
    variant: str


@dataclass
class ParadigmTable:
    lemma: str
    inflection_class: str
    rows: list[ParadigmRow] = field(default_factory=list)

    def _repr_html_(self) -> str:
        """The paradigm as an HTML table in Jupyter: a row per cell, variants marked."""
        return notebook.paradigm(self)


class Paradigms(list):
    """The paradigms of a lemma (a list of :class:`ParadigmTable`), one HTML table each in
    Jupyter."""

    def _repr_html_(self) -> str:
        return notebook.paradigms(self)


class Analyses(list):
    """The analyses of a word (a list of :class:`Analysis`), an HTML table in Jupyter."""

    def _repr_html_(self) -> str:
        return notebook.analyses(self)


#: the layers that explain a rejection, in the order of grammars.rules.LAYERS
BLOCKING_RULES = rules.explainers()


@dataclass
class Explanation:
    """The verdict with its reasons: analyses (valid) or blocking rules / near words (invalid)."""
    verdict: Verdict
    analyses: list[Analysis]
    blocked: list[tuple[str, str]]
    neighbours: list[str]

    def _repr_html_(self) -> str:
        """The verdict and its reasons as HTML tables in Jupyter."""
        return notebook.explanation(self)


VARIANT_NAMES = WEIGHTS  # weight → variant name (grammars.paradigm.WEIGHTS)
_TILE_SET = frozenset(TILE_LETTERS)


class Judge:
    """Loaded artifacts plus the profile (LEN bounds). Thread-safe for lookups: the FSTs are
    only read."""

    def __init__(self, analyser, tiles, t2s, tags, min_length=MIN_LENGTH, max_length=MAX_LENGTH,
                 rulings: dict[str, tuple[bool, str]] | None = None,
                 runtime: TileDFA | None = None, cache: Path | None = None,
                 disabled_rules=frozenset()):
        # FSTs given as None are read from the cache directory ``cache`` on first use, so that
        # look-ups through the arrays (``runtime``, the analysis table) never import pynini
        self._cache = cache
        self._runtime = runtime
        self._table: anatable.AnalysisTable | None = None
        self.analyser, self.tiles, self.t2s, self.tags = analyser, tiles, t2s, tags
        self.rulings = lexicon.read_rulings() if rulings is None else rulings
        self.min_length = max(2, min_length)  # §C6: one-letter words are never valid
        self.max_length = max_length
        # rule layers the profile switches off (grammars/profiles.py)
        self.disabled_rules = frozenset(disabled_rules)

    @classmethod
    def load(cls, min_length: int = MIN_LENGTH, max_length: int = MAX_LENGTH,
             progress: bool = True, disabled_rules=frozenset()) -> "Judge":
        """Load the compiled artifacts (building them once, with a progress bar, if needed).

        Only the look-up arrays and the tag table are read now (no pynini): the FSTs are read
        when analysis first needs them."""
        d = fc.ensure_cache(progress=progress)
        return cls(None, None, None, fc.read_tags(d), min_length=min_length,
                   max_length=max_length, runtime=TileDFA.load(d), cache=d,
                   disabled_rules=disabled_rules)

    # -- artifacts, loaded on first use ---------------------------------------------
    def _load_fsts(self) -> None:
        if self._cache is None:
            raise RuntimeError("this Judge has no FSTs and no cache directory to read them from")
        analyser, tiles, t2s = fc.read_fsts(self._cache)
        if self._analyser is None:
            self._analyser = analyser
        if self._tiles is None:
            self._tiles = tiles
            if self._runtime is not None:
                _RUNTIMES[id(tiles)] = (tiles, self._runtime)
        if self._t2s is None:
            self._t2s = t2s

    @property
    def analyser(self):
        """Accented surface → analysis string (pynini Fst; read on first use)."""
        if self._analyser is None:
            self._load_fsts()
        return self._analyser

    @analyser.setter
    def analyser(self, fst) -> None:
        self._analyser = fst

    @property
    def tiles(self):
        """The minimal tile acceptor (pynini Fst; read on first use)."""
        if self._tiles is None:
            self._load_fsts()
        return self._tiles

    @tiles.setter
    def tiles(self, fst) -> None:
        self._tiles = fst

    @property
    def t2s(self):
        """Tile form → accented surface (pynini Fst; read on first use)."""
        if self._t2s is None:
            self._load_fsts()
        return self._t2s

    @t2s.setter
    def t2s(self, fst) -> None:
        self._t2s = fst

    @property
    def runtime(self) -> TileDFA:
        """The tile acceptor as numpy arrays (:mod:`fst.runtime`): every membership test and
        the word list go through it. Exported from ``tiles`` when not given."""
        if self._runtime is None:
            tiles = self.tiles
            known = _RUNTIMES.get(id(tiles))
            if known is not None and known[0] is tiles:
                self._runtime = known[1]
            else:
                self._runtime = TileDFA(export(tiles))
                _RUNTIMES[id(tiles)] = (tiles, self._runtime)
        return self._runtime

    @property
    def table(self) -> anatable.AnalysisTable | None:
        """The analysis table (:mod:`fst.anatable`) read from the cache on first use; None for
        a Judge made from FSTs alone, which analyses by composition."""
        if self._table is None and self._cache is not None:
            self._table = anatable.AnalysisTable.load(self._cache, self.runtime)
        return self._table

    # -- decoding -----------------------------------------------------------------
    def _decode(self, s: str) -> tuple[str, str, str, tuple[str, ...]]:
        return anatable.decode(s, self.tags.by_char)

    @staticmethod
    def _paths(lattice):
        return anatable.fst_paths(lattice)

    def surfaces(self, tile: str) -> list[str]:
        """Accented surface forms of the language whose tile form is ``tile``."""
        import pynini
        with pynini.default_token_type("utf8"):
            lat = pynini.compose(pynini.accep(pynini.escape(tile)), self.t2s)
            return sorted({o for _, o, _ in self._paths(lat.rmepsilon())})

    def analyse(self, word: str) -> Analyses:
        """Every analysis of ``word`` (any case, accented or not), best (lowest weight) first;
        ties by surface, lemma, cell, class and rules.

        Raises ``InvalidWord`` if ``word`` cannot be a Greek word.
        """
        tile = to_tile(word)
        if len(tile) <= 3 and not self.accepts(tile):
            return []  # §L23 takes 2–3 letter forms out of the acceptor, not the analyser
        table = self.table
        if table is not None:
            return Analyses(Analysis(*r) for r in table.lookup(tile))
        return Analyses(Analysis(*r) for r in
                        anatable.analyse_fst(tile, self.analyser, self.t2s, self.tags.by_char))

    def analyse_many(self, tiles: list[str]) -> list[list[Analysis]]:
        """:meth:`analyse` of already tile-normalised strings, same order (anything that is not
        a tile word has no analysis); one batch through the look-up arrays."""
        table = self.table
        if table is None:
            return [self.analyse(t) if t and set(t) <= _TILE_SET else [] for t in tiles]
        return [[Analysis(*r) for r in rows] if len(t) > 3 or self.accepts(t) else []
                for t, rows in zip(tiles, table.lookup_many(tiles))]

    def check(self, word: str) -> Verdict:
        """The verdict on one word under the profile; raises ``InvalidWord`` for non-Greek input.

        Checks in order: §C6 (one letter is never a word); the rulings file (§A4), which
        overrides everything after it, the length profile included; §LEN (the length
        profile); the acceptor (paradigms and the regulation's layers), a rejection explained
        by the first layer of :data:`BLOCKING_RULES` that blocks the word; last the profile's
        switched-off layers (grammars/profiles.py).
        """
        tile = to_tile(word)
        n = len(tile)
        if n < 2:
            return Verdict(word, tile, False, ("C6",), "§C6: one-letter words are never valid")
        ruling = self.rulings.get(tile)
        if ruling is not None:
            verdict, reference = ruling
            return Verdict(word, tile, verdict, ("A4",),
                           "" if verdict else f"§A4: ruling {reference}")
        if n < self.min_length or n > self.max_length:
            return Verdict(word, tile, False, ("LEN",),
                           f"§LEN: {n} letters, the profile allows {self.min_length}–{self.max_length}")
        if not self.accepts(tile):
            blocked = self.blocked(tile)
            if blocked:
                return Verdict(word, tile, False, (blocked[0][0],), blocked[0][1])
            return Verdict(word, tile, False, (), "no analysis: no lemma of the lexicon has this form")
        analyses = self.analyse(tile)
        if self.disabled_rules:
            kept = [a for a in analyses if not self.disabled_rules & set(a.rules)]
            if not kept:
                off = sorted(set(analyses[0].rules) & self.disabled_rules)
                return Verdict(word, tile, False, tuple(off),
                               f"§{off[0]}: the profile switches this rule off")
            analyses = kept
        rules = (analyses[0].rules if analyses else ()) or ("A1",)  # A1: a listed lemma's form
        return Verdict(word, tile, True, rules, "")

    def blocked(self, tile: str) -> list[tuple[str, str]]:
        """(rule id, reason) for each regulation rule that blocks ``tile`` next to a valid
        form (ΓΡΑΨΑ: §D1; ΞΑΝΑΡΩ: §B3; ΕΞΑΝΑΕΔΩΣΑ: §D2)."""
        out = []
        for layer in BLOCKING_RULES:
            reason = layer.explain(tile, self.analyse)
            if reason:
                out.append((layer.rule_id, reason))
        return out

    def explain(self, word: str) -> "Explanation":
        """Why ``word`` is valid (every analysis with its rule chain) or invalid (the rules
        that block the nearest analyses, or "no lemma" with the closest valid words).

        Raises ``InvalidWord`` for non-Greek input.
        """
        v = self.check(word)
        analyses = self.analyse(v.tile) if v.valid else Analyses()
        blocked = [] if v.valid else self.blocked(v.tile)
        near = [] if v.valid or blocked else self.neighbours(v.tile)
        return Explanation(v, analyses, blocked, near)

    def neighbours(self, tile: str, limit: int = 10) -> list[str]:
        """Valid words one edit (substitution, insertion, deletion) away from ``tile``."""
        from .normalize import TILE_LETTERS
        cands = set()
        for i in range(len(tile) + 1):
            if i < len(tile):
                cands.add(tile[:i] + tile[i + 1:])
            for c in TILE_LETTERS:
                cands.add(tile[:i] + c + tile[i:])
                if i < len(tile):
                    cands.add(tile[:i] + c + tile[i + 1:])
        cands.discard(tile)
        ok = [w for w in sorted(cands) if self.min_length <= len(w) <= self.max_length]
        return [w for w, good in zip(ok, self.validate_many(ok)) if good][:limit]

    def accepts(self, tile: str) -> bool:
        """True if the tile string is in the language (no length profile applied)."""
        return self.runtime.accepts(tile)

    def validate_many(self, words: list[str]) -> list[bool]:
        """Verdicts for already tile-normalised strings, same order (profile applied).
        Vectorised over the look-up arrays (:meth:`fst.runtime.TileDFA.accepts_many`)."""
        out = self.runtime.accepts_many(words, self.min_length, self.max_length).tolist()
        return self._profile(words, out)

    def _profile(self, tiles, verdicts):
        """Verdicts with the profile's switched-off layers applied (slow path: analysis of
        each accepted word; nothing to do for the full regulation)."""
        if not self.disabled_rules:
            return verdicts
        return [ok and self.check(t).valid for t, ok in zip(tiles, verdicts)]

    def validate_text(self, text: str):
        """Verdicts (numpy bool array, profile applied) for the lines of ``text``, words as
        typed separated by ``"\\n"``, when every line is a plain Greek word; None when some
        line needs :func:`fst.normalize.to_tile` one at a time (it may be an error)."""
        if self.disabled_rules:
            return None  # the caller's word-by-word path applies the profile
        return self.runtime.judge_text(text, self.min_length, self.max_length)

    def paradigm(self, lemma: str, inflection_class: str | None = None) -> Paradigms:
        """The paradigm(s) of ``lemma``: one table per inflection class (sorted by class), every
        cell with its forms (main form first), rule-derived forms excluded. An unknown lemma
        or class gives an empty list.

        Raises ``InvalidWord`` if ``lemma`` cannot be a Greek word.
        """
        import pynini
        lemma = to_lower_accented(lemma)
        classes = sorted(t for k, t in self.tags.by_char.values() if k == "class")
        if inflection_class:
            classes = [c for c in classes if c == inflection_class]
        if not classes:
            return Paradigms()
        out = []
        with pynini.default_token_type("utf8"):
            cells = pynini.union(*[c for c, (k, _) in self.tags.by_char.items() if k == "cell"])
            csyms = pynini.union(*[self.tags.by_tag[f"class:{c}"] for c in classes])
            pat = pynini.accep(pynini.escape(lemma)) + csyms + cells
            # one composition for every class (one per class cost seconds on the full lexicon),
            # on the analyser's output side (no inverted copy of the analyser)
            by_class: dict[str, list[tuple[str, str, float]]] = {}
            for surface, analysis, w in self._paths(pynini.compose(self.analyser, pat)):
                _, cls, cell, _ = self._decode(analysis)
                by_class.setdefault(cls, []).append((cell, surface, w))
        order = {c: n for n, (c, _) in enumerate(sorted(self.tags.by_char.items()))}
        for cls in sorted(by_class):
            table = ParadigmTable(lemma, cls)
            seen = set()
            for cell, o, w in sorted(by_class[cls], key=lambda p: (p[2], p[1])):
                if (cell, o) in seen:
                    continue
                seen.add((cell, o))
                table.rows.append(ParadigmRow(o, cell, VARIANT_NAMES.get(int(w), "alt")))
            table.rows.sort(key=lambda r: (order.get(self.tags.by_tag[f"cell:{r.tags}"], 0),
                                           r.variant != "main"))
            out.append(table)
        return Paradigms(out)

    def generate(self, lemma: str, inflection_class: str, tags: str,
                 rules: tuple[str, ...] | list[str] = ()) -> list[str]:
        """The accented forms of one cell (``tags``, e.g. ``"V;IND;PST;PFV;1;SG;ACT"``) of
        ``lemma`` in ``inflection_class``, sorted: those of the paradigm, and those licensed by
        the paradigm plus any of the regulation ``rules`` (ids such as ``"B3"`` or ``"§D1"``).
        It is the inverse of :meth:`analyse`: every analysis ``a`` of a word has
        ``a.surface in generate(a.lemma, a.inflection_class, a.tags, a.rules)``. An unknown
        lemma, class, cell or rule gives no form.

        Raises ``InvalidWord`` if ``lemma`` cannot be a Greek word.
        """
        import pynini
        lemma = to_lower_accented(lemma)
        csym = self.tags.by_tag.get(f"class:{inflection_class}")
        cell = self.tags.by_tag.get(f"cell:{tags}")
        rsyms = [self.tags.by_tag.get("rule:" + r.lstrip("§")) for r in rules]
        if csym is None or cell is None or None in rsyms:
            return []
        with pynini.default_token_type("utf8"):
            pat = pynini.accep(pynini.escape(lemma)) + pynini.accep(csym) + pynini.accep(cell)
            if rsyms:
                pat += pynini.closure(pynini.union(*rsyms))
            return sorted({s for s, _, _ in self._paths(pynini.compose(self.analyser, pat))})

    # -- search (fst.search: walks of the tile acceptor's arrays) ----------------------
    def _bounds(self, min_length: int, max_length: int) -> tuple[int, int]:
        return max(min_length, self.min_length), min(max_length, self.max_length)

    def _profiled(self, blocks: Iterator[list[Match]]) -> Iterator[Match]:
        """Matches kept by the profile's switched-off layers (none for the full regulation)."""
        for block in blocks:
            if self.disabled_rules:
                ok = self._profile([m.word for m in block], [True] * len(block))
                block = [m for m, good in zip(block, ok) if good]
            yield from block

    def anagram(self, rack: str, min_length: int = 2, max_length: int = 15,
                exact: bool = False) -> Iterator[Match]:
        """Every valid word the tiles of ``rack`` make: Greek letters as typed (any case,
        accents) and at most two blanks ``?``/``*``; ``min_length``…``max_length`` letters
        (within the profile's), ``exact``: every tile used. Streams :class:`Match` (word in
        tile form, blank positions, face-value score from ``lexicon/tiles/greek.tsv``) in
        alphabetical order; :func:`fst.search.best_first` sorts for display.

        Raises :class:`SearchError` (a ValueError) for a bad rack: empty, a character that is
        neither a Greek letter nor a blank, over two blanks, over 15 tiles, or more tiles of a
        letter than the Greek set has."""
        r = search.parse_rack(rack)
        lo, hi = self._bounds(min_length, max_length)
        return self._profiled(search._walk(self.runtime, ("*",), r.letters, r.blanks, lo, hi,
                                           exact))

    def pattern(self, pattern: str, rack: str | None = None, min_length: int = 2,
                max_length: int = 15) -> Iterator[Match]:
        """Every valid word matching ``pattern`` (letters in any case; ``?`` one letter, ``*``
        any run of letters, none included), alphabetical. With ``rack``, the letters that
        ``?`` and ``*`` stand for must come from the rack (blanks included); the pattern's
        own letters are taken as on the board. Raises :class:`SearchError` for a bad pattern
        or rack (:func:`fst.search.parse_pattern`, :func:`fst.search.parse_rack`)."""
        lo, hi = self._bounds(min_length, max_length)
        blocks = search.pattern(self.runtime, pattern, rack, lo, hi)
        return self._profiled(_blocks(blocks))

    def hooks(self, word: str) -> Hooks:
        """The front and back hooks of ``word`` (any case, accents): the letters that make a
        valid word (profile applied) before and after it. Raises :class:`SearchError` if
        ``word`` is not a Greek word."""
        h = search.hooks(self.runtime, word, self.min_length, self.max_length)
        if self.disabled_rules:
            front = self._profile([c + h.word for c in h.front], [True] * len(h.front))
            back = self._profile([h.word + c for c in h.back], [True] * len(h.back))
            h = Hooks(h.word, [c for c, ok in zip(h.front, front) if ok],
                      [c for c, ok in zip(h.back, back) if ok])
        return h

    def wordlist(self, min_length: int | None = None, max_length: int | None = None) -> Iterator[str]:
        """Every accepted tile form within the length bounds, sorted."""
        for block in self.wordlist_bytes(min_length, max_length):
            yield from block.decode("utf-8").split("\n")[:-1]

    def wordlist_bytes(self, min_length: int | None = None,
                       max_length: int | None = None) -> Iterator[bytes]:
        """:meth:`wordlist` as UTF-8 blocks of newline-terminated lines (the fast path for
        writing it out)."""
        lo = max(2, self.min_length if min_length is None else min_length)
        hi = self.max_length if max_length is None else max_length
        return self.runtime.wordlist_chunks(lo, hi)


def _blocks(matches: Iterator[Match], size: int = 4096) -> Iterator[list[Match]]:
    """``matches`` in lists of ``size``."""
    while True:
        block = list(itertools.islice(matches, size))
        if not block:
            return
        yield block
