"""Guess the lemma and inflection class of an unknown Greek word form from the class tables.

``guess(word)`` inverts the paradigm rules of ``grammars/classes/*.tsv`` (see
``grammars.paradigm``): it needs neither pynini nor the compiled engine, and it never looks a
lemma up, so it also proposes lemmas that no lexicon lists.

Method, for an accented lower-case form (``ανθρώπου``):

1. **Candidates.** Every rule of every class table (cell, key, strip, ending, directive) is
   indexed by its ending in plain letters (accents removed, ς as σ, glide j as ι). For each
   suffix of the form that is some rule's ending, the stem is the form minus that ending (and
   minus a leading augment έ when the rule is an augmented past-tense cell), and the candidate
   lemma is ``stem + the last strip letters of the rule's key`` (the rule turns a lemma ending
   in ``key`` into the form by removing ``strip`` letters and adding ``ending``; ``strip`` never
   exceeds the key's length, so those letters are known). The candidate must end in ``key``,
   and ``key`` must be the longest key of that cell matching it (as ``ClassTable.rules_for``
   chooses). The lemma's accent is unknown: it is tried on every vowel of its last four
   vowel groups (three syllables, plus one for a glide ι as in χειμώνιασμα); a monosyllable
   stays unaccented.
2. **Verification.** Each candidate lemma is inflected in that cell exactly as
   ``grammars.paradigm.generate`` does, and kept only if that reproduces the form; the
   returned guesses are checked once more against the full ``generate(lemma, table)``.
3. **Weight** (lower is better), a rough ``-ln P(lemma, class, form)``::

       weight = -ln P_letters(lemma) - ln P(class, stress | lemma ending)
                + ln forms(class) + CELL_WEIGHT · cell variant weight

   with both models estimated from the lexicon's lemmas (``lexicon/lemmas.tsv``, elspell's
   hand-classified rows, unless another lexicon is passed to :class:`Guesser`):

   * ``P_letters`` — a letter 4-gram model of lemma spellings (plain letters, with start and
     end marks; Witten-Bell interpolation down to a uniform letter). It prefers lemmas that
     look like Greek lemmas: ανθρώπου → άνθρωπος rather than ανθρώπους or ανθρώπομαι.
   * ``P(class, stress | ending)`` — for the candidate's last 0…6 letters, recursively
     ``p_k = (n(s_k, c, t) + THETA · p_(k-1)) / (n(s_k) + THETA)`` (TnT-style suffix
     back-off, THETA = 3), where ``n(s, c, t)`` counts the lemmas ending in ``s`` of class
     ``c`` stressed on syllable ``t`` from the end (0 ultima, 1 penult, 2 antepenult, 3
     further, ``-`` unaccented). So a class with many lemmas of that shape wins, and a
     stress that the class does not take for that ending loses (θαλασσών: θάλασσα O27).
   * ``forms(class)`` — the number of distinct main forms of the class exemplar's paradigm:
     a form is a priori less likely to come from one given verb cell (about 100 forms) than
     from one noun cell (about 8).
   * the cell's own weight from the table (0 main form, 1 variant), so main cells win.

   One guess per (lemma, class) is returned, with its best cell and the accented form.

Input that is not accented (tile form ΑΝΘΡΩΠΟΥ, or ``ανθρωπου``) is tried with the accent on each
of its vowels in turn (and unaccented, for monosyllables); the guesses of all accentuations are
merged. A diaeresis cannot be recovered from tile form: type it (``αϋλος``) if it matters.
"""
from __future__ import annotations

import collections
import functools
import math
import re
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path
from typing import Container, Iterable, NamedTuple

import lexicon
from grammars import phonology as ph
from grammars.alphabet import ACCENT
from grammars.normalize import InvalidWord, to_lower_accented
from grammars.paradigm import ClassTable, Rule, consonant_initial, generate, proposable_tables

POS_OF_PREFIX = {"O": "NOUN", "E": "ADJ", "P": "VERB"}
CELL_WEIGHT = 1.0  # added per unit of a rule's variant weight
NGRAM = 4  # letter n-gram order of the lemma model
SUFFIX = 6  # longest lemma ending the class model conditions on
THETA = 3.0  # back-off mass of the suffix model
ALPHABET = 28
_ACCENT = ACCENT
_ACCENTED = set(_ACCENT.values())


class Guess(NamedTuple):
    """One candidate analysis: lemma, its inflection class, weight (lower is better), the cell
    in which the lemma's paradigm produces the form, and that accented form."""
    lemma: str
    inflection_class: str
    weight: float
    cell: str
    form: str = ""


def table_pos(code: str, table: ClassTable | None = None) -> str:
    """``NOUN``/``ADJ``/``VERB`` of a class (its table's ``# pos:`` line, else the code's letter)."""
    if table is not None and table.pos in ("NOUN", "ADJ", "VERB"):
        return table.pos
    return POS_OF_PREFIX.get(code[:1], "?")


@functools.lru_cache(maxsize=100_000)
def _underlying(lemma: str) -> str:
    return ph.underlying(lemma, glides=False)


#: Memos of the hot paths are plain dicts of strings, not lru_caches: the collector then has
#: one object to scan per memo, not one link per entry (a batch of 2,000 new words made
#: ~400,000 of them, and a quarter of the time went to full collections). Cleared when full.
_MEMO_MAX = 500_000
_REALISED: dict[tuple, str] = {}


def _realise(stem: str, ending: str, directive: str = ph.KEEP, aug: str | None = None) -> str:
    """``grammars.phonology.realise`` kept on its arguments: the candidates of one form call it
    with the same stem and ending for many classes (about 2 calls for each distinct one)."""
    key = (stem, ending, directive, aug)
    r = _REALISED.get(key)
    if r is None:
        if len(_REALISED) >= _MEMO_MAX:
            _REALISED.clear()
        r = _REALISED[key] = ph.realise(stem, ending, directive, aug)
    return r


@functools.lru_cache(maxsize=200_000)
def plain_of(word: str) -> str:
    """Accented lower-case word → plain letters (no accent, σ for ς, diaeresis kept)."""
    return ph.plain(_underlying(word))


@functools.lru_cache(maxsize=200_000)
def stress_slot(lemma: str) -> str:
    """Stressed syllable counted from the end: '0' ultima, '1' penult, '2' antepenult, '3'
    further back; '-' for an unaccented word (monosyllables)."""
    # the nuclei after the last stress mark: units start afresh after a mark (it closes the
    # unit before it), so the letters after it are read as they are in the whole word
    return _slot(_underlying(lemma))


def _slot(u: str) -> str:
    """``stress_slot`` of underlying ``u``."""
    k = u.rfind(ph.MARK)
    if k < 0:
        return "-"
    vowels = ph.VOWELS
    return str(min(len([x for x in _units(u[k + 1:]) if x[-1] in vowels]), 3))


def _stem(u: str, j: int, n_stem: int) -> str:
    """``cut(u, len(plain) - n_stem)[0]`` for ``u`` from ``_accentuations(plain)`` with the
    mark after letter ``j`` (-1: no mark): the first ``n_stem`` letters, and the mark if it
    stands among them."""
    return u[:n_stem + 1] if 0 <= j < n_stem else u[:n_stem]


_UNIT = re.compile("|".join(ph.DIGRAPHS) + "|.", re.S)
# a vowel unit of _units (every digraph is one): digraphs first, as _UNIT tries them
_NUCLEUS = re.compile("|".join(ph.DIGRAPHS) + "|[" + "".join(sorted(ph.VOWELS)) + "]")
assert all(ch in ph.VOWELS for d in ph.DIGRAPHS for ch in d)
_DIGRAPH = re.compile("|".join(ph.DIGRAPHS))


def _units(s: str) -> list[str]:
    """``grammars.phonology._units`` of a string without stress marks (a digraph nucleus is
    one unit, read left to right), by one regular expression."""
    if ph.MARK in s:
        return ph._units(s)
    return _UNIT.findall(s)


def accentuations(plain: str) -> list[str]:
    """Accented spellings of a plain lemma: the accent on each vowel letter of its last four
    vowel groups as spelled (both letters of a digraph are tried: τσάι, ρόιδο; ι/υ before a
    vowel may be a glide, so χειμώνιασμα, άπιαστος stress the fourth vowel group from the
    end); a monosyllable stays unaccented."""
    return [w for w, _, _ in _accentuations(plain)]


_ACCENTUATIONS: dict[str, tuple[tuple[str, int, str], ...]] = {}


def _accentuations(plain: str) -> tuple[tuple[str, int, str], ...]:
    """(accented spelling, index of the accented letter or -1, its underlying string) for
    ``accentuations``; the underlying string is ``plain`` with the stress mark after the
    accented letter, as ``_underlying`` of the spelling gives it (tests/test_guess_pinned.py).
    Kept per ``plain``."""
    r = _ACCENTUATIONS.get(plain)
    if r is None:
        if len(_ACCENTUATIONS) >= _MEMO_MAX:
            _ACCENTUATIONS.clear()
        r = _ACCENTUATIONS[plain] = _accentuations_of(plain)
    return r


def _accentuations_of(plain: str) -> tuple[tuple[str, int, str], ...]:
    vowels = ph.VOWELS
    nuclei = []  # (index of its first letter, unit) of each vowel unit
    pos = 0
    for u in _units(plain):
        if u[-1] in vowels:
            nuclei.append((pos, u))
        pos += len(u)
    # final sigma as spelled (an accented letter is a vowel, never that σ)
    spelled = plain[:-1] + "ς" if plain.endswith("σ") else plain
    if len(nuclei) <= 1:
        return ((spelled, -1, plain),) if nuclei else ()
    out = []
    for start, unit in nuclei[-4:]:
        for off, ch in enumerate(unit):
            if ch in _ACCENT:
                j = start + off
                out.append((spelled[:j] + _ACCENT[ch] + spelled[j + 1:], j,
                            plain[:j + 1] + ph.MARK + plain[j + 1:]))
    return tuple(out)


_ACCENT_SLOTS: dict[str, tuple[str, tuple[tuple[int, str | None], ...]]] = {}
_SLOTS = ("0", "1", "2", "3")


def _accent_slots(plain: str) -> tuple[str, tuple[tuple[int, str | None], ...]]:
    """``plain`` spelled with its final ς, and (j, slot) of each of :func:`_accentuations`, in
    its order, without their strings: j the index of the accented letter (-1 for a
    monosyllable), slot the accented lemma's :func:`stress_slot`, or None where the letters
    after j are not whole units (j the first letter of a digraph). ``_candidates`` spells
    the accentuations it keeps (:func:`_accented`). Kept per ``plain``."""
    r = _ACCENT_SLOTS.get(plain)
    if r is None:
        if len(_ACCENT_SLOTS) >= _MEMO_MAX:
            _ACCENT_SLOTS.clear()
        # (index of its first letter, unit) of each vowel unit (_units' vowel units: a digraph
        # is a vowel unit and every other unit one letter, so the search meets the same ones)
        nuclei = [(m.start(), m.group()) for m in _NUCLEUS.finditer(plain)]
        spelled = plain[:-1] + "ς" if plain.endswith("σ") else plain
        n = len(nuclei)
        if n <= 1:
            js: tuple[tuple[int, str | None], ...] = ((-1, "-"),) if nuclei else ()
        else:
            # after the last letter of the i-th nucleus the units are the word's own, so
            # n - 1 - i nuclei follow the stress (_slot)
            out = []
            i = max(n - 4, 0)
            for start, unit in nuclei[i:]:
                slot = _SLOTS[min(n - 1 - i, 3)]
                last = len(unit) - 1
                for off, ch in enumerate(unit):
                    if ch in _ACCENT:
                        out.append((start + off, slot if off == last else None))
                i += 1
            js = tuple(out)
        r = _ACCENT_SLOTS[plain] = (spelled, js)
    return r


def _accented(plain: str, spelled: str, j: int) -> tuple[str, str]:
    """(the accentuation of ``plain`` on letter ``j``, its underlying string), as
    :func:`_accentuations` gives them; ``spelled`` is ``plain`` with its final ς."""
    if j < 0:
        return spelled, plain
    return spelled[:j] + _ACCENT[plain[j]] + spelled[j + 1:], plain[:j + 1] + ph.MARK + plain[j + 1:]


def input_accentuations(word: str) -> list[str]:
    """The accented forms to analyse for an input word: itself if it carries an accent (or is a
    monosyllable), otherwise the word with the accent on each of its vowels."""
    if any(ch in _ACCENTED for ch in word):
        return [word]
    p = plain_of(word)
    units = ph._units(p)
    if sum(1 for u in units if ph._is_nucleus(u)) <= 1:
        return [word]
    out = []
    for j, ch in enumerate(word):
        if ch in _ACCENT:
            out.append(word[:j] + _ACCENT[ch] + word[j + 1:])
    return out


def read_lemma_classes(paths: Iterable[Path] | None = None) -> list[tuple[str, str]]:
    """(lemma, class) rows of lexicon files (default ``lexicon/lemmas.tsv``)."""
    out = []
    for p in paths or [lexicon.LEXICON_DIR / lexicon.LEMMAS_FILE]:
        for _, parts in lexicon.rows(p):
            if len(parts) >= 4:
                out.append((parts[0], parts[3]))
    return out


@dataclass(frozen=True)
class _IndexedRule:
    code: str
    cell: str
    key: str
    rule: Rule
    ending_plain: str
    ending_raw: str  # the underlying ending without stress marks (glide j kept)
    kept: str  # key minus the letters the rule strips (what the stem must end in)
    stripped: str  # the letters the rule strips from the lemma (the end of the key)
    # the cell's longer keys that end in ``key``: a lemma ending in one of them takes that
    # key's rules instead (ClassTable.rules_for chooses the longest key)
    longer: tuple[str, ...] = ()


class _Group(NamedTuple):
    """Indexed rules of one ending that inflect a lemma alike (same strip, underlying ending,
    directive and augment, same key letters): a candidate lemma is tested once for them all."""
    kept: str
    stripped: str
    stripped_vowel: bool  # does ``stripped`` hold a vowel letter
    rule: Rule  # the first member's rule (strip, ending, directive, aug are the group's)
    ending_raw: str
    members: tuple[tuple[str, str, int, tuple[str, ...]], ...]  # code, cell, weight, longer
    longer: tuple[str, ...]  # the members' longer keys
    by_code: tuple  # the members as ``_by_code`` gives them (if the lemma ends in no longer key)


def _by_code(members: Iterable[tuple[str, str, int, tuple[str, ...]]]
             ) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
    """Group members (code, cell, weight, longer) by class: (code, ((cell, least weight), ...))."""
    out: dict[str, dict[str, int]] = {}
    for code, cell, w, _ in members:
        cells = out.setdefault(code, {})
        if cell not in cells or w < cells[cell]:
            cells[cell] = w
    return tuple((code, tuple(cells.items())) for code, cells in out.items())


def _merged(a: tuple[tuple[str, int], ...], b: tuple[tuple[str, int], ...]
            ) -> tuple[tuple[str, int], ...]:
    """(cell, weight) pairs of ``a`` and ``b``, each cell once with its least weight."""
    out = dict(a)
    for cell, w in b:
        if cell not in out or w < out[cell]:
            out[cell] = w
    return tuple(out.items())


class Guesser:
    """Inverts the class tables; ``lexicon`` ((lemma, class) pairs) only informs the weights."""

    def __init__(self, lexicon: Iterable[tuple[str, str]] | None = None,
                 tables: dict[str, ClassTable] | None = None):
        self.tables = tables if tables is not None else proposable_tables()
        self.pos_of = {c: table_pos(c, t) for c, t in self.tables.items()}
        index: dict[str, list[_IndexedRule]] = collections.defaultdict(list)
        for code, t in self.tables.items():
            for cell, keys in t.rules.items():
                for key, rules in keys.items():
                    longer = tuple(k for k in keys if len(k) > len(key) and k.endswith(key))
                    for r in rules:
                        ep = ph.plain(r.ending)
                        index[ep].append(_IndexedRule(
                            code, cell, key, r, ep, r.ending.replace(ph.MARK, ""),
                            key[:len(key) - r.strip],
                            key[len(key) - r.strip:], longer))
        self._max_ending = max(len(e) for e in index)
        # per part of speech (None: all), ending -> groups of rules that inflect alike; the
        # index is not kept (the collector would scan its ~9,000 objects at every full pass)
        self._groups: dict[str | None, dict[str, tuple[_Group, ...]]] = {
            pos: self._group(index, pos)
            for pos in {None, "NOUN", "ADJ", "VERB", *self.pos_of.values()}}
        self._train(read_lemma_classes() if lexicon is None else lexicon)

    def _group(self, index: dict[str, list[_IndexedRule]],
               pos: str | None) -> dict[str, tuple[_Group, ...]]:
        out = {}
        for ending, irs in index.items():
            groups: dict[tuple, list[_IndexedRule]] = {}
            for ir in irs:
                if pos and self.pos_of[ir.code] != pos:
                    continue
                r = ir.rule
                groups.setdefault((ir.kept, ir.stripped, r.strip, r.ending, r.directive, r.aug),
                                  []).append(ir)
            gs = []
            for m in groups.values():
                members = tuple((ir.code, ir.cell, ir.rule.weight, ir.longer) for ir in m)
                gs.append(_Group(m[0].kept, m[0].stripped,
                                 any(ch in ph.VOWELS for ch in m[0].stripped), m[0].rule,
                                 m[0].ending_raw, members,
                                 tuple(sorted({k for ir in m for k in ir.longer})),
                                 _by_code(members)))
            if gs:
                out[ending] = tuple(gs)
        return out

    def clear_caches(self) -> None:
        """Forget what earlier words left behind (every memo of this module, this guesser's
        included): the next word is analysed as by a fresh process. For benchmarks."""
        for f in (_underlying, plain_of, stress_slot, Guesser.prior):
            f.cache_clear()
        for d in (_REALISED, _ACCENTUATIONS, _ACCENT_SLOTS, self._window_logp, self._lemma_memo,
                  self._plain_memo, self._ending_memo, self._prob_memo, self._generated_memo):
            d.clear()

    # ---------------------------------------------------------------- weights
    def _train(self, lexicon: Iterable[tuple[str, str]]) -> None:
        rows = []
        for lemma, code in lexicon:
            if code not in self.tables:
                continue
            try:
                rows.append((plain_of(lemma), code, stress_slot(lemma)))
            except ValueError:
                continue
        total = len(rows)
        pad = "^" * (NGRAM - 1)
        strings = [pad + p + "$" for p, _, _ in rows]
        ngram = collections.Counter()  # (context, letter)
        for k in range(NGRAM):
            ngram.update((s[i - k:i], s[i]) for s in strings for i in range(NGRAM - 1, len(s)))
        ctx_n = collections.Counter()  # context -> tokens
        ctx_types = collections.Counter()  # context -> distinct next letters
        for (c, _), v in ngram.items():
            ctx_n[c] += v
            ctx_types[c] += 1
        suf = collections.Counter(  # (suffix, class, stress)
            (p[len(p) - k:], code, t) for p, code, t in rows for k in range(min(SUFFIX, len(p)) + 1))
        suf_n = collections.Counter()  # suffix
        for (sk, _, _), v in suf.items():
            suf_n[sk] += v
        # kept as plain dicts, not Counters: the collector stops scanning a dict of strings and
        # numbers (CPython untracks it; not a dict subclass), and these hold ~100,000 entries
        self._ctx_n = dict(ctx_n)
        self._ngram_by: dict[str, dict[str, int]] = {}  # context -> letter -> count
        for (c, letter), v in ngram.items():
            self._ngram_by.setdefault(c, {})[letter] = v
        self._window_logp: dict[str, float] = {}
        self._lemma_memo: dict[str, tuple[float, str, str]] = {}
        self._plain_memo: dict[str, tuple[float, str]] = {}
        self._ending_memo: dict[tuple[str, str], dict[str, float]] = {}  # (end, t) -> class -> ln p
        self._prob_memo: dict[tuple[str, str], dict[str, float]] = {}  # (class, t) -> end -> p
        self._generated_memo: dict[tuple[str, str, str], tuple[str, ...]] = {}
        self._ctx_types = dict(ctx_types)
        self._suf_n = dict(suf_n)
        self._suf_by: dict[tuple[str, str], dict[str, int]] = {}  # (suffix, stress) -> class -> n
        for (sk, code, t), v in suf.items():
            self._suf_by.setdefault((sk, t), {})[code] = v
        # the same, by stress then suffix (no key to build per step of _ending_prob)
        self._suf_by_stress: dict[str, dict[str, dict[str, int]]] = {}
        for (sk, t), by in self._suf_by.items():
            self._suf_by_stress.setdefault(t, {})[sk] = by
        self._total = max(total, 1)
        self._suf_den0 = self._total + 0.1 * len(self.tables) * 5
        self._nforms = {}
        for code, table in self.tables.items():
            ex = table.exemplar
            try:
                forms = {f for f, _, w in generate(ex, table) if w == 0} if ex else set()
            except ValueError:
                forms = set()
            self._nforms[code] = max(len(forms), 1)
        self._log_nforms = {code: math.log(n) for code, n in self._nforms.items()}

    def _char_logp(self, p: str) -> float:
        """ln P of a plain lemma under the letter n-gram model (Witten-Bell interpolation)."""
        s = "^" * (NGRAM - 1) + p + "$"
        memo = self._window_logp  # NGRAM letters -> ln P(last | the others)
        total = 0  # the terms added left to right, as sum() does
        for i in range(NGRAM - 1, len(s)):
            x = memo.get(s[i - NGRAM + 1:i + 1])
            if x is None:
                x = memo[s[i - NGRAM + 1:i + 1]] = self._letter_logp(s[i - NGRAM + 1:i], s[i])
            total += x
        return total

    def _letter_logp(self, context: str, letter: str) -> float:
        """ln P(letter | the NGRAM-1 letters before it), interpolated down to a uniform
        letter (kept by ``_char_logp``, per window of NGRAM letters)."""
        prob = 1.0 / ALPHABET
        for k in range(0, NGRAM):
            c = context[len(context) - k:] if k else ""
            n = self._ctx_n.get(c, 0)
            if not n:
                break
            lam = n / (n + self._ctx_types[c])
            prob = lam * self._ngram_by[c].get(letter, 0) / n + (1 - lam) * prob
        return math.log(prob)

    def _class_logp(self, p: str, code: str, t: str) -> float:
        """ln P(class, stress | the lemma's ending), suffix back-off as in TnT."""
        return self._ending_logp(self._model_ending(p), code, t)

    def _ending_logp(self, end: str, code: str, t: str) -> float:
        """``_class_logp`` of a lemma whose back-off chain ends at ``end``: the chain is the
        endings of ``end`` (all of them seen), so lemmas with the same ``end`` share it."""
        return math.log(self._ending_prob(end, code, t))

    def _ending_prob(self, end: str, code: str, t: str) -> float:
        """``p_k`` of the back-off for ``end``'s last k = len(end) letters, from ``p_(k-1)``,
        which is kept: lemmas share their shorter endings, so a new ending costs one step."""
        memo = self._prob_memo.get((code, t))  # (class, stress) -> ending -> p
        if memo is None or len(memo) >= _MEMO_MAX:
            memo = self._prob_memo[(code, t)] = {}
        n = len(end)
        for k in range(n, -1, -1):  # the longest ending of ``end`` already known
            p = memo.get(end[n - k:])
            if p is not None:
                break
        else:
            k = 0
            p = memo[""] = (self._suf_by.get(("", t), {}).get(code, 0) + 0.1) / self._suf_den0
        by, suf_n = self._suf_by_stress.get(t, {}), self._suf_n
        for j in range(k + 1, n + 1):
            s = end[n - j:]
            cs = by.get(s)
            p = memo[s] = ((cs.get(code, 0) if cs else 0) + THETA * p) / (suf_n.get(s, 0) + THETA)
        return p

    def _model_ending(self, p: str) -> str:
        """The longest ending of ``p`` (at most SUFFIX letters) whose endings the lexicon's
        lemmas all have: where the back-off of ``_class_logp`` stops."""
        k = 0
        for k in range(1, min(SUFFIX, len(p)) + 1):
            if not self._suf_n.get(p[len(p) - k:], 0):
                k -= 1
                break
        return p[len(p) - k:] if k else ""

    def _lemma_model(self, lemma: str, u: str | None = None, p: str | None = None,
                     slot: str | None = None) -> tuple[float, str, str]:
        """(-ln P_letters, model ending, stress slot) of a lemma: its part of ``prior``; ``u``
        is its underlying string without glides, ``p`` its plain letters and ``slot`` its
        stress slot when the caller has them (``_candidates``)."""
        m = self._lemma_memo.get(lemma)
        if m is None:
            if u is None:
                u = ph.underlying(lemma, glides=False)
            if p is None:
                p = ph.plain(u)  # plain_of(lemma)
            pm = self._plain_memo.get(p)  # its accentuations share it
            if pm is None:
                pm = self._plain_memo[p] = (-self._char_logp(p), self._model_ending(p))
            if len(self._lemma_memo) >= _MEMO_MAX:
                self._lemma_memo.clear()
                self._plain_memo.clear()
            m = self._lemma_memo[lemma] = (pm[0], pm[1], _slot(u) if slot is None else slot)
        return m

    @functools.lru_cache(maxsize=200_000)
    def prior(self, lemma: str, code: str) -> float:
        """Weight of (lemma, class) before the cell: see the module docstring."""
        return self._prior(lemma, code)

    def _prior(self, lemma: str, code: str) -> float:
        """``prior``, from the memos of its parts (per lemma, per ending and class)."""
        return self._prior_of(self._lemma_model(lemma), code)

    def _prior_of(self, model: tuple[float, str, str], code: str) -> float:
        """``prior`` of a lemma with ``_lemma_model`` ``model`` and class ``code``."""
        return self._prior_in(model, self._endings_of(model), code)

    def _endings_of(self, model: tuple[float, str, str]) -> dict[str, float]:
        """class -> ``_ending_logp`` so far of a lemma model's ending and stress slot (shared
        by the lemmas that have them; :meth:`_prior_in` fills it)."""
        key = (model[1], model[2])
        em = self._ending_memo.get(key)
        if em is None:
            if len(self._ending_memo) >= _MEMO_MAX:
                self._ending_memo.clear()
            em = self._ending_memo[key] = {}
        return em

    def _prior_in(self, model: tuple[float, str, str], em: dict[str, float], code: str) -> float:
        """``_prior_of(model, code)``, ``em`` being ``_endings_of(model)``."""
        e = em.get(code)
        if e is None:
            e = em[code] = self._ending_logp(model[1], code, model[2])
        lognf = self._log_nforms.get(code)
        if lognf is None:
            lognf = math.log(self._nforms.get(code, 1))
        return model[0] - e + lognf

    # ---------------------------------------------------------------- inversion
    def _candidates(self, form: str, pos: str | None, lemmas: Container[str] | None = None
                    ) -> dict[str, tuple[tuple, dict[str, tuple[tuple[str, int], ...]]]]:
        """The (lemma, code, cell) whose cell rule reproduces ``form``, only lemmas in ``lemmas``
        when it is given, as lemma -> ((its underlying string without glides, its plain
        letters, its stress slot or None), code -> ((cell, least rule weight), ...)): a
        lemma's weight model is then looked up once for all its classes."""
        fp = plain_of(form)
        groups = self._groups.get(pos, {})  # (a part of speech no class has: none)
        found = {}
        aug_form = form.startswith("έ")
        accent = next((i for i, ch in enumerate(form) if ch in _ACCENTED), -1)
        vowels = ph.VOWELS
        for L in range(0, min(len(fp), self._max_ending) + 1):
            gs = groups.get(fp[len(fp) - L:])
            if gs is None:
                continue
            stem0 = fp[:len(fp) - L]
            if not stem0:
                continue
            plain_stem = ((stem0, any(ch in vowels for ch in stem0)),)
            for gr in gs:
                stems = plain_stem
                if gr.rule.aug and aug_form and len(stem0) > 1:
                    stems += ((stem0[1:], any(ch in vowels for ch in stem0[1:])),)
                for stem, vowel in stems:
                    if not stem.endswith(gr.kept):
                        continue
                    lp = stem + gr.stripped
                    if len(lp) < 2 or not (vowel or gr.stripped_vowel):
                        continue
                    # the group's members whose rule the lemma takes (the longest key)
                    by_code = gr.by_code
                    if gr.longer and lp.endswith(gr.longer):  # (endswith: any of them)
                        by_code = _by_code(m for m in gr.members if not lp.endswith(m[3]))
                    if not by_code:
                        continue
                    for j, slot in self._producing(lp, gr, form, accent, lemmas):
                        key = (lp, j)  # one lemma: lp accented on letter j
                        entry = found.get(key)
                        if entry is None:
                            entry = found[key] = (slot, {})
                        codes = entry[1]
                        for code, cells in by_code:
                            have = codes.get(code)
                            codes[code] = cells if have is None else _merged(have, cells)
        out = {}
        for (lp, j), (slot, codes) in found.items():
            lemma, u = _accented(lp, _accent_slots(lp)[0], j)
            out[lemma] = ((u, lp, slot), codes)
        return out

    @staticmethod
    def _producing(lp: str, gr: _Group, form: str, accent: int,
                   lemmas: Container[str] | None) -> list[tuple[int, str | None]]:
        """The accentuations of plain lemma ``lp`` (in ``lemmas`` if given) that ``gr``'s rule
        turns into ``form`` (as ``generate`` would), as (j, slot) of :func:`_accent_slots`;
        ``accent`` is the index of the form's accented letter (-1: none)."""
        # Only a 'keep' rule reads the lemma's accent; under the other directives every
        # accentuation gives the same form, unless the accent stands on the first letter of a
        # digraph of stem + ending (τσάι, ραβόσ|ουνα), which changes the syllables: test those
        # one by one (none if there is no digraph and the others fail). Under 'keep' and an
        # ending without a mark, realise puts the accent on the lemma's accented letter j, or
        # later (law of three syllables), or nowhere: a lemma accented after the form's accent
        # cannot give the form.
        r = gr.rule
        strip = r.strip
        if strip > len(lp):
            return []
        keep = r.directive == ph.KEEP
        n_stem = len(lp) - strip
        seq = lp[:n_stem] + gr.ending_raw
        aug = ph.AUG if (r.aug and consonant_initial(lp)) else None
        after = accent if keep and accent >= 0 and ph.MARK not in r.ending else len(lp)
        group_ok = None
        out = []
        realised = _REALISED
        spelled, js = _accent_slots(lp)
        for j, slot in js:
            if lemmas is not None and _accented(lp, spelled, j)[0] not in lemmas:
                continue
            if keep and j > after:
                continue
            # _stem of the underlying string: the stem's letters, and the mark among them
            if keep or (0 <= j < n_stem and seq[j:j + 2] in ph.DIGRAPHS):
                stem = lp[:j + 1] + ph.MARK + lp[j + 1:n_stem] if 0 <= j < n_stem \
                    else lp[:n_stem]
                # (_realise's memo read here: most stems were realised for another group)
                got = realised.get((stem, r.ending, r.directive, aug))
                if got is None:
                    got = _realise(stem, r.ending, r.directive, aug)
                ok = got == form
            else:
                if group_ok is None:
                    # (on the lemma's own stem, as generate() cuts it: the final check in
                    # guess() then finds this realisation kept)
                    stem = lp[:j + 1] + ph.MARK + lp[j + 1:n_stem] if 0 <= j < n_stem \
                        else lp[:n_stem]
                    group_ok = _realise(stem, r.ending, r.directive, aug) == form
                    if not group_ok and not _DIGRAPH.search(seq, 0, n_stem + 1):
                        return []
                ok = group_ok
            if ok:
                out.append((j, slot))
        return out

    def analyses(self, form: str, pos: str | None = None,
                 lemmas: Container[str] | None = None) -> list[tuple[str, str, str]]:
        """Every verified (lemma, class, cell) of an accented lower-case ``form``, unranked
        (sorted), main and variant cells alike; with ``lemmas``, only candidate lemmas in it
        (a word list: much faster, as the other candidates are never re-inflected)."""
        return sorted((lemma, code, cell)
                      for lemma, (_, codes) in self._candidates(form, pos, lemmas).items()
                      for code, cells in codes.items() for cell, _ in cells)

    def guess(self, word: str, pos: str | None = None, limit: int = 10) -> list[Guess]:
        """Candidate (lemma, class) analyses of ``word``, best (lowest weight) first.

        ``word`` is an accented lower-case form; unaccented input is tried with every accent
        position. ``pos`` (``NOUN``, ``ADJ``, ``VERB``) restricts the classes. Raises
        ``grammars.normalize.InvalidWord`` when ``word`` is not a Greek word.
        """
        w = to_lower_accented(word)
        pos = pos.upper() if pos else None
        forms = input_accentuations(w)
        # (weight, lemma, class, cell, form) of each (lemma, class) pair: one form gives each
        # pair once; of several, the least (weight, cell), the earlier form on a tie
        # (and the lemma's underlying string, for the final check: never compared, as a
        # (lemma, class) pair is there once)
        ranked: list[tuple[float, str, str, str, str, str]] = []
        best: dict[tuple[str, str], int] = {}  # (lemma, class) -> its index in ranked
        lemma_model, endings_of, ending_logp = self._lemma_model, self._endings_of, self._ending_logp
        log_nforms = self._log_nforms
        single = len(forms) == 1
        for form in forms:
            for lemma, (known, codes) in self._candidates(form, pos).items():
                model = lemma_model(lemma, *known)
                neg_char, end, t = model
                em = endings_of(model)
                for code, cells in codes.items():
                    # the cell of least (rule weight, name) has the least (weight, name):
                    # rule weights are whole numbers, so distinct ones stay distinct once
                    # rounded, and round() keeps their order
                    cell, rw = cells[0]
                    if len(cells) > 1:
                        for c, cw in cells:
                            if cw < rw or (cw == rw and c < cell):
                                cell, rw = c, cw
                    # prior(lemma, code) (_prior_in, inlined: the hot loop)
                    e = em.get(code)
                    if e is None:
                        e = em[code] = ending_logp(end, code, t)
                    lognf = log_nforms.get(code)
                    if lognf is None:
                        lognf = math.log(self._nforms.get(code, 1))
                    x = neg_char - e + lognf + CELL_WEIGHT * rw
                    if single:  # (the weight is x rounded: see below)
                        ranked.append((x, lemma, code, cell, form, known[0]))
                        continue
                    wt = round(x, 3)
                    i = best.get((lemma, code))
                    if i is None:
                        best[(lemma, code)] = len(ranked)
                        ranked.append((wt, lemma, code, cell, form, known[0]))
                    else:
                        old = ranked[i]
                        # (weight, cell) below the old one's: an earlier form keeps a tie
                        if wt < old[0] or (wt == old[0] and cell < old[3]):
                            ranked[i] = (wt, lemma, code, cell, form, known[0])
        # by weight, lemma, class (a (lemma, class) pair is there once: cell and form never
        # decide the order)
        ranked.sort()
        out = []
        if single:
            # ranked by the unrounded weights: round() keeps their order, so the weights are
            # rounded run by run (a run of equal weights in lemma, class order), as far as the
            # guesses given need (round(x, 3) is slow)
            i, n = 0, len(ranked)
            while i < n and (limit is None or len(out) < limit):
                wt = round(ranked[i][0], 3)
                k = i + 1
                while k < n and round(ranked[k][0], 3) == wt:
                    k += 1
                run = ranked[i:k] if k == i + 1 else sorted(ranked[i:k], key=itemgetter(1, 2))
                for _, lemma, code, cell, form, u in run:
                    if limit is not None and len(out) >= limit:
                        break
                    # final check against the reference generator itself
                    if form in self._generated(lemma, code, cell, u):
                        out.append(Guess(lemma, code, wt, cell, form))
                i = k
            return out
        for wt, lemma, code, cell, form, u in ranked:
            if limit is not None and len(out) >= limit:
                break
            # final check against the reference generator itself
            if form in self._generated(lemma, code, cell, u):
                out.append(Guess(lemma, code, wt, cell, form))
        return out

    def _generated(self, lemma: str, code: str, cell: str, u: str | None = None
                   ) -> tuple[str, ...]:
        """The forms of ``cell`` in ``generate(lemma, table)`` (that cell alone is generated:
        the same answer as the whole paradigm's (form, cell) pairs, at a cell's cost); kept.
        ``u``: the lemma's underlying string without glides, when the caller has it."""
        key = (lemma, code, cell)
        r = self._generated_memo.get(key)
        if r is None:
            if len(self._generated_memo) >= _MEMO_MAX:
                self._generated_memo.clear()
            r = self._generated_memo[key] = tuple(
                f for f, _, _ in generate(lemma, self.tables[code], cells=[cell],
                                          realise=_realise, underlying=u))
        return r

    def guess_many(self, words: Iterable[str], pos: str | None = None, limit: int = 10):
        """``(word, guesses or InvalidWord)`` for each of ``words``, in order, one pair per
        word (a repeated word is analysed once); the answers are those of :meth:`guess`."""
        memo: dict[str, object] = {}
        for word in words:
            r = memo.get(word)
            if r is None:
                try:
                    r = self.guess(word, pos=pos, limit=limit)
                except InvalidWord as e:
                    r = e
                if len(memo) < 1_000_000:
                    memo[word] = r
            yield word, r


@functools.lru_cache(maxsize=1)
def default_guesser() -> Guesser:
    """The guesser with weights from ``lexicon/lemmas.tsv`` (built once per process)."""
    return Guesser()


def guess(word: str, pos: str | None = None, limit: int = 10) -> list[Guess]:
    """Best-first (lemma, class) guesses for a word form; see the module docstring."""
    return default_guesser().guess(word, pos=pos, limit=limit)
