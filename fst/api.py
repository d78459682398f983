"""The Python API: judge, analyse and generate Greek words under the federation's regulation.

    >>> from fst.api import Judge
    >>> judge = Judge.load()
    >>> judge.check("ΕΓΡΑΨΑ").valid
    True

Every call that takes a word accepts it as :meth:`Judge.check` does: any case, with or without
accents, monotonic or polytonic (ἄνθρωπος, άνθρωπος, ΑΝΘΡΩΠΟΣ), or already in tile form (24
capitals, final ς as Σ), which passes through unchanged. Rule ids (``D1``, ``LEN`` …) are those
of the project's digest of the regulation, ``grammars/RULES.md`` (:mod:`fst.rules`,
``dektes rules``); grammars/rules has one module per rule.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

import lexicon
from grammars.alphabet import TILE_LETTERS
from grammars.paradigm import WEIGHTS

from fst import store as fc
from grammars.normalize import InvalidWord, is_tile, to_lower_accented, to_tile
from grammars.labels import message
from fst.runtime.lookup import AnalysisTable, WordDFA
from fst.runtime.overlay import RULE_ID

if TYPE_CHECKING:
    import numpy as np

    from fst.runtime.dfa import TileDFA
    from fst.runtime.search import Hooks, Match
# Imported where they are used, so that a start (``dektes check``) does not load them: numpy
# and the modules of the batch look-ups (fst.runtime.dfa, .kernel, .anatable: ~0.1 s; one word
# is looked up in pure Python, fst.runtime.lookup), the search module, the notebook's HTML, the
# profile acceptors' builder, the rule digest and the word-list filter.

#: words per block of :meth:`Judge.validate_many` through the batch kernel
KERNEL_WORDS = 1 << 16
#: a batch of :meth:`Judge.analyse_many` up to this many words is looked up word by word in
#: pure Python while numpy is not loaded (its import and dense tables cost more than ~0.1 s)
SMALL_BATCH = 4096
MIN_LENGTH, MAX_LENGTH = 2, 15  # rule LEN (board play); C6: never fewer than 2
# tiles FST (by id, kept alive) → its arrays, so that Judges sharing an FST export it once
_RUNTIMES: dict[int, tuple[object, "TileDFA"]] = {}


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
        from fst import notebook
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
        from fst import notebook
        return notebook.paradigm(self)


class Paradigms(list):
    """The paradigms of a lemma (a list of :class:`ParadigmTable`), one HTML table each in
    Jupyter."""

    def _repr_html_(self) -> str:
        from fst import notebook
        return notebook.paradigms(self)


class Analyses(list):
    """The analyses of a word (a list of :class:`Analysis`), an HTML table in Jupyter."""

    def _repr_html_(self) -> str:
        from fst import notebook
        return notebook.analyses(self)




def __getattr__(name: str):
    """``BLOCKING_RULES``: the layers that explain a rejection, in the order of
    grammars.rules.LAYERS; computed on first use, since importing every rule module is
    ~70 ms of a start that only judges words."""
    if name == "BLOCKING_RULES":
        from grammars import rules
        globals()[name] = value = rules.explainers()
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass
class Explanation:
    """The verdict with its reasons: analyses (valid) or blocking rules / near words (invalid).

    ``nearest``: for an invalid word, the valid words nearest to it with their analyses: those
    that the blocking rules name (ΕΓΡΑΨΑ for ΓΡΑΨΑ), else the first of ``neighbours``."""
    verdict: Verdict
    analyses: list[Analysis]
    blocked: list[tuple[str, str]]
    neighbours: list[str]
    nearest: list[tuple[str, list[Analysis]]] = field(default_factory=list)

    def _repr_html_(self) -> str:
        """The verdict and its reasons as HTML tables in Jupyter."""
        from fst import notebook
        return notebook.explanation(self)


VARIANT_NAMES = WEIGHTS  # weight → variant name (grammars.paradigm.WEIGHTS)
_TILE_SET = frozenset(TILE_LETTERS)


class Judge:
    """Loaded artifacts plus the profile (LEN bounds). Thread-safe for lookups: the FSTs are
    only read."""

    def __init__(self, analyser, tiles, t2s, tags, min_length=MIN_LENGTH, max_length=MAX_LENGTH,
                 rulings: dict[str, tuple[bool, str]] | None = None,
                 runtime: TileDFA | None = None, cache: Path | None = None,
                 disabled_rules=frozenset(), acceptor: TileDFA | None = None,
                 progress: bool = False):
        # FSTs given as None are read from the cache directory ``cache`` on first use, so that
        # look-ups through the arrays (``runtime``, the analysis table) never import pynini
        self._cache = cache
        self._runtime = runtime
        self._table: AnalysisTable | None = None
        # the board's acceptor for one word (cache only; False: the folder has no counts)
        self._word: WordDFA | bool | None = None
        self.analyser, self.tiles, self.t2s, self.tags = analyser, tiles, t2s, tags
        self.rulings = lexicon.read_rulings() if rulings is None else rulings
        self.min_length = max(2, min_length)  # §C6: one-letter words are never valid
        self.max_length = max_length
        # rule layers the profile switches off (grammars/profiles.py)
        self.disabled_rules = frozenset(disabled_rules)
        self._acceptor = acceptor if self.disabled_rules else None
        self._progress = progress
        # a user's list (fst/runtime/overlay.py), applied only when asked for (``--list NAME``)
        self.overlay = None

    def with_overlay(self, overlay) -> "Judge":
        """A Judge sharing these artifacts, with the user's list ``overlay``
        (:class:`fst.runtime.overlay.Overlay`) applied to every verdict and analysis."""
        # the arrays loaded once, for every list applied (a server reads the list per request)
        j = Judge(self._analyser, self._tiles, self._t2s, self.tags, self.min_length,
                  self.max_length, self.rulings, self.runtime, self._cache, self.disabled_rules,
                  self._acceptor, self._progress)
        j._table, j._word = self.table, self._word_dfa() or False
        j.overlay = overlay
        return j

    @classmethod
    def load(cls, min_length: int = MIN_LENGTH, max_length: int = MAX_LENGTH,
             progress: bool = True, disabled_rules=frozenset(),
             verbose: bool = False) -> "Judge":
        """Load the compiled artifacts (building them once, with a progress bar, if needed).

        Only the look-up arrays and the tag table are read now (no pynini): the FSTs are read
        when analysis first needs them. ``disabled_rules``: the rule layers the profile
        switches off (grammars/profiles.py); the profile's own acceptor is read (built once
        into the cache, :mod:`fst.build.profiles`) on first use. ``verbose``: report a
        build's time and peak memory on stderr.

        Raises :class:`fst.build.buildctl.CacheError` if the cache must be built and its folder
        cannot hold it (reported before building)."""
        d = fc.ensure_cache(progress=progress, verbose=verbose)
        return cls(None, None, None, fc.read_tags(d), min_length=min_length,
                   max_length=max_length, cache=d, disabled_rules=disabled_rules,
                   progress=progress)

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
        """The tile acceptor as numpy arrays (:mod:`fst.runtime.dfa`): every membership test and
        the word list go through it. Exported from ``tiles`` when not given."""
        if self._runtime is None and self._cache is not None:
            from fst.runtime.dfa import TileDFA  # numpy: batches only
            self._runtime = TileDFA.load(self._cache)
        if self._runtime is None:
            from fst.runtime.dfa import TileDFA, export
            tiles = self.tiles
            known = _RUNTIMES.get(id(tiles))
            if known is not None and known[0] is tiles:
                self._runtime = known[1]
            else:
                self._runtime = TileDFA(export(tiles))
                _RUNTIMES[id(tiles)] = (tiles, self._runtime)
        return self._runtime

    @property
    def acceptor(self) -> TileDFA | None:
        """The acceptor of the profile (:mod:`fst.build.profiles`): the board's
        :attr:`runtime` when no rule is switched off. Every membership test, validation and
        word list goes through it. None for a profile of a Judge made from FSTs alone (no
        cache, no analysis table): it checks each word the board accepts (:meth:`check`)."""
        if not self.disabled_rules:
            return self.runtime
        if self._acceptor is None and self._cache is not None:
            from fst.build import profiles as profile_acceptor
            self._acceptor = profile_acceptor.load(self._cache, self.disabled_rules,
                                                   self.runtime, progress=self._progress)
        return self._acceptor

    @property
    def table(self) -> AnalysisTable | None:
        """The analysis table (:mod:`fst.runtime.anatable`) read from the cache on first use; None for
        a Judge made from FSTs alone, which analyses by composition. Its ``dfa`` ranks one
        word without numpy (:class:`fst.runtime.lookup.WordDFA`)."""
        if self._table is None and self._cache is not None:
            self._table = AnalysisTable.load(self._cache, self._word_dfa() or self.runtime)
        return self._table

    def _word_dfa(self) -> WordDFA | None:
        """The board's acceptor read for one word at a time (pure Python, memory-mapped), from
        the cache; None for a Judge without a cache, or whose folder lacks the per-state
        counts (the arrays alone, as shipped to a worker by an older client)."""
        if self._word is None and self._cache is not None:
            try:
                self._word = WordDFA.load(self._cache)
            except FileNotFoundError:
                self._word = False  # looked for once
        return self._word or None

    def _rank(self, tile: str) -> int:
        """The rank of the tile word ``tile`` in the board's acceptor (-1: not accepted): one
        word walked in pure Python when there is a cache, no dense table built."""
        word = self._word_dfa()
        return (word if word is not None else self.runtime).rank(tile)

    # -- decoding -----------------------------------------------------------------
    def _decode(self, s: str) -> tuple[str, str, str, tuple[str, ...]]:
        from fst.runtime import anatable
        return anatable.decode(s, self.tags.by_char)

    @staticmethod
    def _paths(lattice):
        from fst.runtime import anatable
        return anatable.fst_paths(lattice)

    def surfaces(self, word: str) -> list[str]:
        """Accented surface forms of the language whose tile form is that of ``word`` (tile
        form, or as :meth:`check` takes it). Raises ``InvalidWord`` for non-Greek input."""
        import pynini
        tile = to_tile(word)
        with pynini.default_token_type("utf8"):
            lat = pynini.compose(pynini.accep(pynini.escape(tile)), self.t2s)
            return sorted({o for _, o, _ in self._paths(lat.rmepsilon())})

    def analyse(self, word: str) -> Analyses:
        """Every analysis of ``word`` (any case, accented or not, or tile form), best (lowest
        weight) first; ties by surface, lemma, cell, class and rules. Analyses are those of
        the whole regulation, whatever the profile ([] for a word without any: see
        :meth:`explain` for why).

        Raises ``InvalidWord`` if ``word`` cannot be a Greek word.
        """
        tile = to_tile(word)
        rank = self._rank(tile)
        if len(tile) <= 3 and rank < 0:
            return []  # §L23 takes 2–3 letter forms out of the acceptor, not the analyser
        table = self.table
        if table is not None:
            return self._with_list(tile, Analyses(Analysis(*r) for r in table.rows(tile, rank)))
        from fst.runtime import anatable
        return self._with_list(tile, Analyses(Analysis(*r) for r in anatable.analyse_fst(
            tile, self.analyser, self.t2s, self.tags.by_char)))

    def _with_list(self, tile: str, analyses: list[Analysis]) -> list[Analysis]:
        """``analyses`` plus what the user's list (if any) says of ``tile``: the learned
        lemmas' analyses, else the list's word itself (class ``LIST``), rule id ``LIST``."""
        ov = self.overlay
        if ov is None:
            return analyses
        extra = [Analysis(lm, c, cell, f, (RULE_ID,), 5.0) for lm, c, cell, f in
                 ov.forms.get(tile, ())]
        if not extra and not analyses and tile in ov.words:
            extra = [Analysis(tile.lower(), RULE_ID, "LISTED", tile.lower(), (RULE_ID,), 5.0)]
        return Analyses(list(analyses) + extra)

    def analyse_many(self, words: list[str]) -> list[list[Analysis]]:
        """:meth:`analyse` of each word, same order; one batch through the look-up arrays.
        Words are taken as :meth:`check` takes them (tile words pass through unchanged); a
        string that cannot be a Greek word has no analysis ([]), instead of raising."""
        tiles = [_tile_or_none(w) or "" for w in words]
        table = self.table
        if table is None:
            return [self.analyse(t) if t and set(t) <= _TILE_SET else [] for t in tiles]
        if self._runtime is None and len(tiles) <= SMALL_BATCH:
            # a few words, numpy not loaded: ranked and read one at a time in pure Python
            ranks = [self._rank(t) for t in tiles]
            found = [table.rows(t, rank) for t, rank in zip(tiles, ranks)]
        else:  # the batch's ranks, then its rows, at once
            ranks = self.runtime.ranks_of(tiles)
            found = table.rows_many(tiles, ranks)
            ranks = ranks.tolist()
        return [self._with_list(t, [Analysis(*r) for r in rows]
                                if len(t) > 3 or rank >= 0 else [])
                for t, rank, rows in zip(tiles, ranks, found)]

    def check(self, word: str, strict_accents: bool = False) -> Verdict:
        """The verdict on one word under the profile (:meth:`_check`); raises ``InvalidWord``
        for non-Greek input. ``strict_accents``: a word typed with a lower-case letter must
        also be written as one of its valid forms (:meth:`accent_verdict`)."""
        verdict = self._check(word)
        return self.accent_verdict(word, verdict) if strict_accents else verdict

    def _typed_forms(self, tile: str) -> list[str]:
        """The accented surfaces of the valid analyses of ``tile`` under the profile (a user's
        list's own entries, which carry no accents, left out), sorted."""
        analyses = self.analyse(tile)
        if self.disabled_rules:
            analyses = [a for a in analyses if not self.disabled_rules & set(a.rules)]
        return sorted({a.surface for a in analyses if "LIST" not in a.rules})

    def accent_verdict(self, word: str, verdict: Verdict,
                       forms: list[str] | None = None) -> Verdict:
        """``verdict`` (on ``word`` as typed) with the accents checked: a valid word typed
        with a lower-case letter is invalid unless, lower-cased (:func:`to_lower_accented`:
        monotonic, final ς), it is exactly one of ``forms`` (default: the accented surfaces
        of its valid analyses, :meth:`_typed_forms`); the reason names those forms (ανθρωπου
        and άνθρωπου: ανθρώπου). Words in capitals, and words without an accented form (a
        ruling's, a list's), keep ``verdict``. The monotonic spelling is the lexicon's (its
        surfaces); tonos and diaeresis both count."""
        if not verdict.valid or not isinstance(word, str) or \
                not any(ch.islower() for ch in word):
            return verdict
        forms = self._typed_forms(verdict.tile) if forms is None else forms
        typed = to_lower_accented(word)
        if not forms or typed in forms:
            return verdict
        return Verdict(word, verdict.tile, False, (), message(
            "reason.accents_many" if len(forms) > 1 else "reason.accents_one", typed=typed,
            forms=", ".join(forms)))

    def accents_many(self, words: list[str], verdicts: list[bool]) -> list[bool]:
        """``verdicts`` (booleans, one per word as typed) with :meth:`accent_verdict`
        applied: the valid words typed with a lower-case letter are looked up in one batch
        (:meth:`analyse_many`) and kept only if written as one of their valid forms."""
        out = list(verdicts)
        idx = [i for i, ok in enumerate(out) if ok and isinstance(words[i], str)
               and any(ch.islower() for ch in words[i])]
        if not idx:
            return out
        found = self.analyse_many([words[i] for i in idx])
        for i, analyses in zip(idx, found):
            if self.disabled_rules:
                analyses = [a for a in analyses if not self.disabled_rules & set(a.rules)]
            forms = {a.surface for a in analyses if "LIST" not in a.rules}
            if forms and to_lower_accented(words[i]) not in forms:
                out[i] = False
        return out

    def _check(self, word: str) -> Verdict:
        """The verdict on one word under the profile; raises ``InvalidWord`` for non-Greek input.

        ``word``: any case, with or without accents, monotonic or polytonic, or tile form.
        Checks in order: §C6 (one letter is never a word); the rulings file (§A4), which
        overrides everything after it, the length profile included; §LEN (the length
        profile); the acceptor (paradigms and the regulation's layers), a rejection explained
        by the first layer of :data:`BLOCKING_RULES` that blocks the word; last the profile's
        switched-off layers (grammars/profiles.py). Rule ids: grammars/RULES.md.
        """
        tile = to_tile(word)
        n = len(tile)
        if n < 2:
            return Verdict(word, tile, False, ("C6",), message("reason.C6"))
        ruling = self.rulings.get(tile)
        if ruling is not None:
            verdict, reference = ruling
            return Verdict(word, tile, verdict, ("A4",),
                           "" if verdict else message("reason.A4", reference=reference))
        if n < self.min_length or n > self.max_length:
            return Verdict(word, tile, False, ("LEN",), message(
                "reason.LEN", n=n, min=self.min_length, max=self.max_length))
        if self.overlay is not None:
            listed = self.overlay.verdict(tile)
            if listed is not None:
                return Verdict(word, tile, listed, ("LIST",), "" if listed else message(
                    "reason.LIST", name=self.overlay.name, lo=self.overlay.complete[0],
                    hi=self.overlay.complete[1]))
        # by its rank, as the analysis table finds it: no dense table is built for one word
        if self._rank(tile) < 0:
            blocked = self.blocked(tile)
            if blocked:
                return Verdict(word, tile, False, (blocked[0][0],), blocked[0][1])
            return Verdict(word, tile, False, (), message("reason.no_lemma"))
        analyses = self.analyse(tile)
        if self.disabled_rules:
            kept = [a for a in analyses if not self.disabled_rules & set(a.rules)]
            if not kept:
                off = sorted(set(analyses[0].rules) & self.disabled_rules)
                return Verdict(word, tile, False, tuple(off), message("reason.off", rule=off[0]))
            analyses = kept
        rules = analyses[0].rules if analyses else ()
        if not any(not r.startswith("part:") for r in rules):
            # A1: a listed lemma's form (a principal part's form too; its part:KEY stays)
            rules = ("A1",) + tuple(rules)
        return Verdict(word, tile, True, rules, "")

    def blocked(self, word: str) -> list[tuple[str, str]]:
        """(rule id, reason) for each regulation rule that blocks ``word`` (tile form, or as
        :meth:`check` takes it) next to a valid form (ΓΡΑΨΑ: §D1; ΞΑΝΑΡΩ: §B3; ΕΞΑΝΑΕΔΩΣΑ:
        §D2). Raises ``InvalidWord`` for non-Greek input."""
        tile = to_tile(word)
        out = []
        for layer in globals().get("BLOCKING_RULES") or __getattr__("BLOCKING_RULES"):
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
        if not v.valid and v.rules and set(v.rules) <= self.disabled_rules:
            blocked = [(v.rules[0], v.reason)]  # the profile switches its rule off
        else:
            blocked = [] if v.valid else self.blocked(v.tile)
        near = [] if v.valid or blocked else self.neighbours(v.tile)
        return Explanation(v, analyses, blocked, near, self.nearest(v, blocked, near))

    def nearest(self, verdict: Verdict, blocked: list[tuple[str, str]],
                neighbours: list[str], limit: int = 3) -> list[tuple[str, list[Analysis]]]:
        """For an invalid word: (valid word, its analyses) for the words the blocking rules name
        in their reasons (ΕΓΡΑΨΑ for ΓΡΑΨΑ under §D1), else for the first ``neighbours``; a
        word the profile switches off shows its own analyses. At most ``limit`` words."""
        import re
        if verdict.valid:
            return []
        if verdict.rules and set(verdict.rules) <= self.disabled_rules:
            return [(verdict.tile, self.analyse(verdict.tile))]
        named = []
        for _, why in blocked:
            for w in re.findall("[%s]{2,}" % TILE_LETTERS, why):
                if w != verdict.tile and w not in named:
                    named.append(w)
        words = [w for w, ok in zip(named, self.validate_many(named)) if ok] or neighbours
        return [(w, self.analyse(w)) for w in words[:limit]]

    def neighbours(self, word: str, limit: int = 10) -> list[str]:
        """Valid words (tile form) one edit (substitution, insertion, deletion) away from
        ``word`` (tile form, or as :meth:`check` takes it). Raises ``InvalidWord`` for
        non-Greek input."""
        tile = to_tile(word)
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

    def accepts(self, word: str) -> bool:
        """True if ``word`` (tile form, or as :meth:`check` takes it) is in the profile's
        language, without the length profile."""
        tile = _tile_or_none(word)
        if tile is None:
            return False
        if self.acceptor is None:
            return self.runtime.accepts(tile) and self._profile_ok(tile)
        return self.acceptor.accepts(tile)

    def validate_many(self, words: list[str]) -> list[bool]:
        """The verdict (bool) on each word under the profile, same order: ``check(w).valid``
        bar the rulings' overriding of §LEN, and False (not an exception) for a string that
        cannot be a Greek word.

        ``words``: any case, with or without accents, monotonic or polytonic, or tile form.
        A block of :data:`KERNEL_WORDS` words is joined into lines of UTF-16 code units and
        judged by the batch kernel (:func:`fst.runtime.kernel.judge_units`, which
        :meth:`validate_text` and ``dektes validate`` share); a word that is not a plain Greek
        word (white space, Latin letters, empty …) is judged word by word
        (:meth:`_validate_block`), and so is a block with an item that is not a string or
        holds a newline. With a user's list (:attr:`overlay`) it is ``check(w).valid``
        itself: the kernel's verdicts, and :meth:`check` for the words that the list or a
        ruling decides."""
        words = words if isinstance(words, list) else list(words)
        if not words:
            return []
        tiled: dict = {}
        ok = self._validate_kernel(words, tiled if self.overlay is not None else None)
        if self.overlay is not None:  # a user's list: check for the words it (or a ruling) decides
            for lo in range(0, len(words), KERNEL_WORDS):
                hi = min(len(words), lo + KERNEL_WORDS)
                self._apply_list(words[lo:hi], ok[lo:hi], tiled.get(lo))
        return ok.tolist()

    def _decided(self) -> frozenset:
        """The tile words that the user's list or a ruling decides whatever their length."""
        ov = self.overlay
        key = (id(ov), id(self.rulings))
        got = getattr(self, "_decided_memo", None)
        if got is None or got[0] != key:
            got = (key, frozenset(ov.words) | frozenset(ov.forms) | frozenset(self.rulings))
            self._decided_memo = got
        return got[1]

    def _apply_list(self, words: list, ok: np.ndarray, lens: np.ndarray | None) -> None:
        """``ok`` (the kernel's verdicts on ``words``, changed in place) with the user's list
        applied: ``check(w).valid`` for each word that the list or a ruling decides. ``lens``:
        the words' lengths when every word is a tile word (the kernel's tile blocks): the
        words of the list's complete lengths are then invalid but the listed and ruled ones,
        found by set membership, and no word is normalised."""
        if lens is None:
            rulings, verdict = self.rulings, self.overlay.verdict
            for i, w in enumerate(words):
                t = _tile_or_none(w)
                if t is not None and (verdict(t) is not None or t in rulings):
                    ok[i] = self.check(w).valid
            return
        complete = self.overlay.complete
        if complete:  # check says LIST (invalid) of an unlisted word of those lengths
            ok[(lens >= complete[0]) & (lens <= complete[1])] = False
        decided = self._decided()
        for i in [i for i, w in enumerate(words) if w in decided]:
            ok[i] = self.check(words[i]).valid

    def _validate_kernel(self, words: list, tiled: dict | None = None) -> np.ndarray:
        """:meth:`validate_many` without the user's list, as a bool array. ``tiled``: a dict
        that receives, per block of :data:`KERNEL_WORDS` words made of tile words only (by
        its first index), the words' lengths."""
        import numpy as np

        from fst.runtime import kernel
        acceptor = self.acceptor or self.runtime
        ok = np.zeros(len(words), dtype=bool)

        def judged(lo: int):
            hi = min(len(words), lo + KERNEL_WORDS)
            lens: list | None = [] if tiled is not None else None
            got = self._kernel(acceptor, words, lo, hi, lens)
            if got is None:
                return self._validate_block(acceptor, words[lo:hi]), None
            return got, lens

        # blocks judged in turn by this thread and a worker (kernel.ahead: the joining of the
        # strings holds the GIL, the walk does not)
        starts = range(0, len(words), KERNEL_WORDS)
        for lo, (got, lens) in kernel.ahead(judged, iter(starts),
                                            kernel.threads() if len(starts) > 1 else 1):
            ok[lo:lo + len(got)] = got
            if lens:
                tiled[lo] = lens[0]
        if self.acceptor is None:  # a profile without its acceptor: the board's, then check
            for i in np.flatnonzero(ok).tolist():
                ok[i] = self._profile_ok(words[i])
        return ok

    def _kernel(self, acceptor: TileDFA, words: list, lo: int = 0,
                hi: int | None = None, lens: list | None = None) -> np.ndarray | None:
        """The batch kernel's verdicts on ``words[lo:hi]`` (:func:`fst.runtime.kernel.judge_words`
        on their UTF-16 code units), the words it does not read as plain Greek words judged
        by :meth:`_validate_block`; None when some item is not a string or holds a newline."""
        import numpy as np

        from fst.runtime import kernel
        hi = len(words) if hi is None else hi
        if hi <= lo:
            return None
        got = kernel.judge_words(acceptor, words, self.min_length, self.max_length, lens, lo, hi)
        if got is None:
            return None
        ok, plain = got
        if not plain.all():
            redo = np.flatnonzero(~plain)
            ok[redo] = self._validate_block(acceptor, [words[lo + i] for i in redo.tolist()])
        return ok

    def _validate_block(self, acceptor: TileDFA, words: list) -> np.ndarray:
        """Verdicts on ``words`` one vectorised pass for the tile words, then
        :func:`grammars.normalize.to_tile` for the others that it rejects."""
        import numpy as np
        # an item that is not a string is never a word (numpy would read bytes as ASCII)
        words = [w if isinstance(w, str) else "" for w in words]
        ok = acceptor.accepts_many(words, self.min_length, self.max_length)
        rejected = np.flatnonzero(~ok)
        redo: list[int] = []
        if len(rejected):  # which of them are not plain tile words (vectorised)
            cps = np.array([words[i] for i in rejected.tolist()], dtype=str)
            cps = cps.view(np.uint32).reshape(len(rejected), -1)
            tile_like = (((cps >= 0x391) & (cps <= 0x3A9)) | (cps == 0)).all(axis=1)
            redo = rejected[~tile_like].tolist()
        if redo:
            tiles = [_tile_or_none(words[i]) for i in redo]
            got = acceptor.accepts_many([t or "" for t in tiles], self.min_length,
                                        self.max_length)
            ok[redo] = got & np.array([t is not None for t in tiles], dtype=bool)
        return ok

    def _profile(self, tiles: list[str], verdicts: list[bool]) -> list[bool]:
        """``verdicts`` on the board's tile words ``tiles`` with the profile's switched-off
        layers applied: through the profile's acceptor (one vectorised pass), or word by word
        (:meth:`check`) for a Judge without one."""
        if self.overlay is not None:
            return [self.check(t).valid if self.overlay.verdict(t) is not None or (
                ok and self.disabled_rules) else ok for t, ok in zip(tiles, verdicts)]
        if not self.disabled_rules:
            return list(verdicts)
        if self.acceptor is not None:
            got = self.acceptor.accepts_many(list(tiles)).tolist()
            return [bool(ok and g) for ok, g in zip(verdicts, got)]
        return [bool(ok and self._profile_ok(t)) for t, ok in zip(tiles, verdicts)]

    def _profile_ok(self, tile: str) -> bool:
        """Whether the profile accepts the board's word ``tile`` (by its analyses)."""
        return self.check(tile).valid

    def validate_utf8(self, data: bytes, ends: list | None = None):
        """Verdicts (numpy bool array, profile and user's list applied) for the lines of the
        UTF-8 bytes ``data`` (:func:`fst.runtime.kernel.judge_utf8`), when every line is a
        plain Greek word (with a user's list: a tile word); None when some line must be read
        one at a time (it may be an error). ``ends``: a list that receives the positions of
        the newlines of ``data`` (int64 arrays, block by block) when the kernel found them,
        else stays empty."""
        import numpy as np

        from fst.runtime import kernel
        if self.acceptor is None:
            return None  # the caller's word-by-word path (validate_many) applies the profile
        if self.overlay is None:
            return kernel.judge_utf8(self.acceptor, data, self.min_length, self.max_length,
                                     ends)
        found: list = []
        ok = kernel.judge_utf8(self.acceptor, data, self.min_length, self.max_length, found,
                               greek=False)
        if ok is None or not found:
            return None  # not tile words only: word by word, where the list is applied
        nl = np.concatenate(found)
        lens = (np.diff(nl, prepend=-1) - 1) >> 1  # letters: two bytes each
        self._apply_list(data.decode("utf-8").split("\n")[:len(ok)], ok, lens)
        if ends is not None:
            ends.extend(found)
        return ok

    def validate_text(self, text: str):
        """Verdicts (numpy bool array, profile and user's list applied) for the lines of
        ``text``, words as typed separated by ``"\\n"``, when every line is a plain Greek
        word (with a user's list: a tile word); None when some line needs
        :func:`grammars.normalize.to_tile` one at a time (it may be an error)."""
        from fst.runtime import kernel
        if self.acceptor is None:
            return None  # the caller's word-by-word path (validate_many) applies the profile
        if self.overlay is None:
            return kernel.judge_text(self.acceptor, text, self.min_length, self.max_length)
        lens: list = []
        try:
            got = kernel.judge_units(self.acceptor, text.encode("utf-16-le"), self.min_length,
                                     self.max_length, lens)
        except UnicodeEncodeError:
            return None
        if got is None or not lens or not got[1].all():
            return None
        ok = got[0]
        self._apply_list(text.split("\n"), ok, lens[0])
        return ok

    def resolve_lemmas(self, word: str,
                       inflection_class: str | None = None) -> list[tuple[str, str]]:
        """(lemma, inflection class) pairs that ``word`` can stand for, as :meth:`paradigm`
        resolves it: the lemma itself when ``word`` is one, as typed or accented lower case;
        otherwise the lemmas of its analyses (any case, accents optional, any inflected
        form: έγραψα → γράφω), best analysis first. [] if none.

        Raises ``InvalidWord`` if ``word`` cannot be a Greek word."""
        norm = to_lower_accented(word)
        out: list[tuple[str, str]] = []
        for a in self.analyse(norm):
            key = (a.lemma, a.inflection_class)
            if inflection_class and a.inflection_class != inflection_class:
                continue
            if key not in out:
                out.append(key)
        exact = [k for k in out if k[0] == norm]
        return exact or out

    def paradigm(self, lemma: str, inflection_class: str | None = None,
                 resolve: bool = True) -> Paradigms:
        """The paradigm(s) of ``lemma``: one table per lemma and inflection class (sorted by
        class), every cell with its forms (main form first), rule-derived forms excluded (forms
        of a verb's principal parts, tagged ``part:KEY``, included). An unknown lemma or class
        gives an empty list.

        ``lemma``: the lemma in any case, with or without accents or polytonic marks; with
        ``resolve`` (the default), any form of it too: a word that is not a lemma is resolved
        to the lemmas of its analyses (:meth:`resolve_lemmas`), so that ``paradigm("έγραψα")``
        gives the table of γράφω; each table names its lemma.

        Raises ``InvalidWord`` if ``lemma`` cannot be a Greek word.
        """
        tables = self._paradigm(to_lower_accented(lemma), inflection_class)
        if tables or not resolve:
            return tables
        out = []
        for lm, cls in self.resolve_lemmas(lemma, inflection_class):
            out += [t for t in self._paradigm(lm, cls)
                    if (t.lemma, t.inflection_class) not in
                    {(o.lemma, o.inflection_class) for o in out}]
        return Paradigms(out)

    def _paradigm(self, lemma: str, inflection_class: str | None) -> Paradigms:
        """:meth:`paradigm` of the accented lower-case ``lemma`` as it is."""
        import pynini
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
            # forms a principal part licenses (lexicon/verb-parts.tsv) are paradigm forms
            parts = [c for c, (k, t) in self.tags.by_char.items()
                     if k == "rule" and t.startswith("part:")]
            if parts:
                pat += pynini.closure(pynini.union(*parts), 0, 1)
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
        lemma, class, cell or rule gives no form. ``lemma`` may be typed in any case, with or
        without accents (ανθρωπος: the lemma of that class it stands for).

        Raises ``InvalidWord`` if ``lemma`` cannot be a Greek word.
        """
        lemma = to_lower_accented(lemma)
        out = self._generate(lemma, inflection_class, tags, rules)
        if not out:
            for lm, _ in self.resolve_lemmas(lemma, inflection_class):
                if lm != lemma and to_tile(lm) == to_tile(lemma):
                    return self._generate(lm, inflection_class, tags, rules)
        return out

    def _generate(self, lemma: str, inflection_class: str, tags: str, rules) -> list[str]:
        import pynini
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

    # -- search (fst.runtime.search: walks of the tile acceptor's arrays) ----------------------
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
                exact: bool = False, extra: int | None = None) -> Iterator[Match]:
        """Every valid word the tiles of ``rack`` make: Greek letters as typed (any case,
        accents) and at most two blanks ``?``/``*``; ``min_length``…``max_length`` letters
        (within the profile's), ``exact``: every tile used. Streams :class:`Match` (word in
        tile form, blank positions, face-value score from ``lexicon/tiles/greek.tsv``) in
        alphabetical order; :func:`fst.runtime.search.best_first` sorts for display.

        Raises :class:`SearchError` (a ValueError) for a bad rack: empty, a character that is
        neither a Greek letter nor a blank, over two blanks, over 15 tiles, or more tiles of a
        letter than the Greek set has.

        ``extra`` (0–15, not with ``exact``): the super-anagrams instead, the words that use
        every tile and up to ``extra`` letters more (0: the full anagrams;
        :func:`fst.runtime.search.super_anagram`)."""
        from fst.runtime import search
        r = search.parse_rack(rack)
        lo, hi = self._bounds(min_length, max_length)
        if extra is not None:
            search.check_extra(extra)
            if exact:
                raise search.SearchError(message("find.super_exact"))
            blocks = search._walk(self.runtime, ("*",), r.letters, r.blanks, lo, hi,
                                  extra == 0, extra)
            return self._profiled(search.super_blocks(blocks, r))
        return self._profiled(search._walk(self.runtime, ("*",), r.letters, r.blanks, lo, hi,
                                           exact))

    def pattern(self, pattern: str, rack: str | None = None, min_length: int = 2,
                max_length: int = 15) -> Iterator[Match]:
        """Every valid word matching ``pattern`` (letters in any case; ``?`` one letter, ``*``
        any run of letters, none included), alphabetical. With ``rack``, the letters that
        ``?`` and ``*`` stand for must come from the rack (blanks included); the pattern's
        own letters are taken as on the board. Raises :class:`SearchError` for a bad pattern
        or rack (:func:`fst.runtime.search.parse_pattern`, :func:`fst.runtime.search.parse_rack`)."""
        lo, hi = self._bounds(min_length, max_length)
        from fst.runtime import search
        blocks = search.pattern(self.runtime, pattern, rack, lo, hi)
        return self._profiled(_blocks(blocks))

    def hooks(self, word: str) -> Hooks:
        """The front and back hooks of ``word`` (any case, accents): the letters that make a
        valid word (profile applied) before and after it. Raises :class:`SearchError` if
        ``word`` is not a Greek word."""
        from fst.runtime import search
        h = search.hooks(self.runtime, word, self.min_length, self.max_length)
        if self.disabled_rules:
            front = self._profile([c + h.word for c in h.front], [True] * len(h.front))
            back = self._profile([h.word + c for c in h.back], [True] * len(h.back))
            inner = self._profile([h.word[1:], h.word[:-1]], [h.inner_front, h.inner_back])
            h = search.Hooks(h.word, [c for c, ok in zip(h.front, front) if ok],
                      [c for c, ok in zip(h.back, back) if ok], *inner)
        return h

    def extensions(self, word: str, side: str = "any", min_length: int = 2,
                   max_length: int = 15) -> Iterator[Match]:
        """The valid words (profile applied) that contain ``word`` (any case, accents) and
        are longer: ``side`` ``front`` (they end with it), ``back`` (they begin with it) or
        ``any``; alphabetical (:func:`fst.runtime.search.extensions`). Raises :class:`SearchError`
        for a word that is not Greek or an unknown side."""
        lo, hi = self._bounds(min_length, max_length)
        from fst.runtime import search
        tokens = search.extension_tokens(word, side)
        n = sum(t != "*" for t in tokens)
        return self._profiled(search._walk(self.runtime, tokens, None, 0, max(lo, n + 1), hi,
                                           False))

    def wordlist(self, min_length: int | None = None, max_length: int | None = None) -> Iterator[str]:
        """Every tile form the profile accepts within the length bounds (default: the
        Judge's), sorted."""
        for block in self.wordlist_bytes(min_length, max_length):
            yield from block.decode("utf-8").split("\n")[:-1]

    def wordlist_bytes(self, min_length: int | None = None, max_length: int | None = None,
                       pos: tuple[str, ...] | list[str] = (), rules=(),
                       without_rules=()) -> Iterator[bytes]:
        """:meth:`wordlist` as UTF-8 blocks of newline-terminated lines (the fast path for
        writing it out), streamed a block at a time.

        Filters, on one analysis of the word (allowed by the profile): ``pos``, parts of
        speech as the first field of the cell (``N``, ``ADJ``, ``V`` (with ``V.PTCP``,
        ``V.CVB``), ``ADV``, ``PRO``, ``DET``, ``NUM`` …; aliases NOUN, VERB, PRON); ``rules``,
        rule ids the analysis names (all of them); ``without_rules``, rule ids it names none
        of. A word passes if one of its analyses passes all three.

        Raises ValueError naming an unknown part of speech or rule id."""
        lo = max(2, self.min_length if min_length is None else min_length)
        hi = self.max_length if max_length is None else max_length
        if self.acceptor is None:  # a profile without its acceptor: check each word
            blocks = self.runtime.wordlist_chunks(lo, hi)
            return (b"".join(w + b"\n" for w in block.split(b"\n")[:-1]
                             if self._profile_ok(w.decode("utf-8"))) for block in blocks)
        blocks = self.acceptor.wordlist_chunks(lo, hi)
        if not (pos or rules or without_rules):
            return blocks
        mask = self._analysis_mask(pos, rules, without_rules)
        return self._filtered(blocks, mask)

    def _analysis_mask(self, pos, rules, without_rules) -> np.ndarray:
        """Per word of the board acceptor (by rank): has it an analysis that passes the
        filters of :meth:`wordlist_bytes` and names none of the profile's switched-off
        rules?"""
        want_pos = set()
        for p in pos:
            p = _POS_ALIASES.get(p.strip().upper(), p.strip().upper())
            if p not in _POS_NAMES:
                raise ValueError(f"unknown part of speech {p!r} (known: {POS_SHOWN})")
            want_pos.add(p)
        from fst import rules as digest
        ids = []
        for group in (rules, without_rules):
            norm = set()
            for r in group:
                r = digest.canonical(r)
                if digest.lookup(r) is None:
                    raise ValueError(f"unknown rule id {r!r} (see dektes rules)")
                norm.add(r)
            ids.append(norm)
        import numpy as np
        need, avoid = ids[0], ids[1] | set(self.disabled_rules)
        table = self.table
        if table is None:
            raise RuntimeError("filtering the word list needs the analysis table (cache)")

        def passes(cell: str, found: tuple[str, ...]) -> bool:
            head = cell.split(";", 1)[0]
            if want_pos and head not in want_pos and head.split(".")[0] not in want_pos:
                return False
            return need <= set(found) and not (avoid & set(found))

        good = np.array([passes(cell, r) for _, cell, r, _ in table.forms] + [False])
        ok = good[np.asarray(table.form, dtype=np.int64) // table._n_pat]
        before = np.concatenate(([0], np.cumsum(ok, dtype=np.int64)))
        offsets = np.asarray(table.offsets, dtype=np.int64)
        mask = before[offsets[1:]] > before[offsets[:-1]]
        if not (want_pos or need):  # a word that a ruling alone accepts has no analysis
            mask |= offsets[1:] == offsets[:-1]
        return mask

    def _filtered(self, blocks: Iterator[bytes], mask: np.ndarray) -> Iterator[bytes]:
        import numpy as np

        from fst.build.subset import _codes
        board = self.runtime
        for block in blocks:
            ranks = board.ranks(_codes(block))
            keep = (ranks >= 0) & mask[np.maximum(ranks, 0)]
            lines = block.split(b"\n")[:-1]
            kept = [w for w, k in zip(lines, keep.tolist()) if k]
            if kept:
                yield b"\n".join(kept) + b"\n"


_POS_NAMES = {"N", "ADJ", "V", "V.PTCP", "V.CVB", "ADV", "PRO", "DET", "NUM", "ADP", "CONJ",
              "PART", "INTJ", "HIDDEN"}
_POS_ALIASES = {"NOUN": "N", "VERB": "V", "PRON": "PRO", "ADVERB": "ADV", "ADJECTIVE": "ADJ"}
#: the parts of speech as messages and ``wordlist --help`` spell them (the names the verdicts
#: use, NOUN and VERB, with the cell's code in brackets)
POS_SHOWN = ("NOUN (N), ADJ, VERB (V, with V.PTCP participles and V.CVB gerunds), ADV, "
             "PRON (PRO), DET, NUM, ADP, CONJ, PART, INTJ, HIDDEN (§E2 hidden words)")


def _tile_or_none(word) -> str | None:
    """``word`` in tile form (a tile word unchanged), None if it cannot be a Greek word."""
    if isinstance(word, str) and is_tile(word):
        return word
    try:
        return to_tile(word)
    except (InvalidWord, TypeError):
        return None


def _blocks(matches: Iterator[Match], size: int = 4096) -> Iterator[list[Match]]:
    """``matches`` in lists of ``size``."""
    while True:
        block = list(itertools.islice(matches, size))
        if not block:
            return
        yield block
