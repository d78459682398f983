"""Anagram, pattern and hook search over the tile acceptor's arrays (numpy, no pynini).

Every search is a walk of :class:`fst.runtime.dfa.TileDFA` (any profile's acceptor), breadth
first, a level (word length) at a time and vectorised over the level's nodes. A node is a
prefix: its DFA state, what is left of the rack (letter counts, blanks) and, for a pattern, the
set of pattern positions it can be at. A branch is cut as soon as the rack has no tile for the
next letter, the pattern cannot match, or no word of the allowed lengths can be reached from
the state (``mindist``/``height``), so the walk never visits the word list as a whole.

Rack letters are spent before blanks: a letter is played by a blank only when the rack has no
tile of it left, which gives every word its best score (tile values are never negative), and the
blank is the word's later occurrence(s) of the letter.

Tile values and the number of tiles of each letter come from ``lexicon/tiles/greek.tsv`` (the
Greek edition's set, 104 tiles; its source is cited there): :func:`tile_set`.

    >>> from fst.api import Judge
    >>> judge = Judge.load()
    >>> [m.word for m in judge.anagram("ΑΕΓΡΨΑ", min_length=6)]  # doctest: +SKIP
    ['ΕΓΡΑΨΑ']
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Iterable, Iterator, NamedTuple

import numpy as np

from grammars.alphabet import FINAL_SIGMA, TILE_SIGMA
from grammars.labels import Message, message
from grammars.normalize import InvalidWord, to_tile
# the tile set is lexicon data, read by the lexicon
from lexicon import tile_set

from fst.runtime.dfa import N_LETTERS, TILE_LETTERS, TileDFA, arcs_from

BLANK_CHARS = "?*"  # a blank on a rack
MAX_BLANKS = 2  # the Greek set has two blanks
MAX_RACK = 15  # tiles on a rack given to search (a board row): letters + blanks
MAX_PATTERN = 15  # letters and '?' in a pattern (the longest word on the board, §LEN)
# first-letter subtrees walked together: about this many words of the language per block, so
# that a pattern such as '*' streams in bounded memory
BLOCK_WORDS = 1 << 18

_CP = np.array([ord(c) for c in TILE_LETTERS], dtype=np.uint32)
_INDEX = {c: i for i, c in enumerate(TILE_LETTERS)}
# code point → letter index (-1: not a tile letter)
_LETTER_OF_CP = np.full(max(_CP) + 2, -1, dtype=np.int64)
_LETTER_OF_CP[_CP] = np.arange(len(_CP))


class SearchError(ValueError):
    """A rack or pattern that cannot be searched; the message is one sentence naming it.

    Attributes:
        reason: that sentence, a :class:`grammars.labels.Message` of grammars/messages.tsv
            (its English string, which the command line and the JSON print; the web's Greek
            pages say it in Greek).
    """

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def _quoted(text) -> Message:
    """``text`` as typed, quoted: in English its ``repr`` (the command line's), in Greek in
    «», an invisible character written as ``repr`` writes it (``\\u200b``)."""
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text))
    return message("find.quoted", shown_en=repr(text), text_el=shown)


def _shifted(reason, offset: int):
    """The reason ``reason`` of an InvalidWord with its position (the field ``pos``) moved
    ``offset`` characters on: the position in the whole rack or pattern, not in its piece."""
    if not isinstance(reason, Message):
        return reason
    return Message(reason.key, {k: v + offset if k == "pos" and isinstance(v, int)
                                else _shifted(v, offset) for k, v in reason.fields.items()})


# ---------------------------------------------------------------------------------------------
# the tile set


@functools.lru_cache(maxsize=1)
def _values_array() -> np.ndarray:
    ts = tile_set()
    return np.array([ts.values[c] for c in TILE_LETTERS], dtype=np.int32)


# ---------------------------------------------------------------------------------------------
# results


class Match(NamedTuple):
    """One word found: ``word`` (tile form), ``blanks`` (0-based positions of the letters played
    by blanks, ascending), ``score`` (face value: the letters' tile values, blanks 0).
    A named tuple: thousands are made per search."""
    word: str
    blanks: tuple[int, ...]
    score: int

    @property
    def blank_letters(self) -> str:
        """The letters the blanks stand for, in word order."""
        return "".join(self.word[i] for i in self.blanks)

    @property
    def shown(self) -> str:
        """The word with the blanks' letters in lower case (ΓΡΑψΑ), as word finders show
        them; a blank Σ at the end is ς."""
        if not self.blanks:
            return self.word
        chars = list(self.word)
        for i in self.blanks:
            chars[i] = FINAL_SIGMA if chars[i] == TILE_SIGMA and i == len(chars) - 1 \
                else chars[i].lower()
        return "".join(chars)


@dataclass(frozen=True)
class Hooks:
    """The hooks of a word: ``front`` letters that make a valid word before it, ``back``
    letters after it (tile letters, alphabetical); the inner hooks: ``inner_front`` if the
    word less its first letter is valid, ``inner_back`` if the word less its last letter is
    (Zyzzyva's inner hooks)."""
    word: str
    front: list[str]
    back: list[str]
    inner_front: bool = False
    inner_back: bool = False

    @property
    def inner_words(self) -> tuple[str | None, str | None]:
        """(the word less its first letter, less its last letter), None where not valid."""
        return (self.word[1:] if self.inner_front else None,
                self.word[:-1] if self.inner_back else None)


def best_first(matches: Iterable[Match]) -> list[Match]:
    """``matches`` sorted for display: highest score first, then longer, then alphabetical."""
    return sorted(matches, key=lambda m: (-m.score, -len(m.word), m.word))


# ---------------------------------------------------------------------------------------------
# probability


@functools.lru_cache(maxsize=1)
def _choose_table() -> np.ndarray:
    """``C[count, k]``: the ways to draw ``k`` tiles of a letter the set has ``count`` of
    (0 when k > count), for every count of the set and k up to MAX_PATTERN."""
    from math import comb
    ts = tile_set()
    top = max(max(ts.counts.values()), ts.blanks)
    return np.array([[comb(n, k) for k in range(MAX_PATTERN + 3)] for n in range(top + 1)],
                    dtype=np.int64)


def combinations(words: list[str] | tuple[str, ...]) -> np.ndarray:
    """Per word (tile form), the number of different draws of its tiles from the full Greek
    set (``lexicon/tiles/greek.tsv``) that spell it, the blanks standing in as Zyzzyva counts
    them (``LetterBag::getNumCombinations`` with two blanks): with ``c_x`` tiles of letter x
    in the set, ``n_x`` uses of x in the word and ``b`` blanks,

        P0 = Π_x C(c_x, n_x)
        P1 = Σ_y C(c_y, n_y − 1) Π_{x≠y} C(c_x, n_x)                 (a blank plays one y)
        P2 = Σ_y C(c_y, n_y − 2) Π_{x≠y} C(c_x, n_x)
             + Σ_{y<z} C(c_y, n_y − 1) C(c_z, n_z − 1) Π_{x≠y,z} C(c_x, n_x)
        combinations = P0 + C(b, 1)·P1 + C(b, 2)·P2

    (x, y, z run over the word's distinct letters). A word's probability of being drawn in
    as many tiles as it has is this over C(104, length); words are ranked by it within a
    length. Computed as the coefficients of Π_x (C(c_x, n_x) + C(c_x, n_x−1)·t +
    C(c_x, n_x−2)·t²) up to t², vectorised over the words. Returns int64 (exact: every
    figure counts draws of at most 15 of 104 tiles). Raises KeyError for a non-tile letter."""
    words = list(words)
    out = np.zeros(len(words), dtype=np.int64)
    if not words:
        return out
    ts = tile_set()
    ch = _choose_table()
    cap = np.array([ts.counts[c] for c in TILE_LETTERS], dtype=np.int64)
    step = 1 << 16
    for a in range(0, len(words), step):
        chunk = words[a:a + step]
        width = max(map(len, chunk))
        cps = np.array(chunk, dtype=f"<U{width}").view(np.uint32).reshape(len(chunk), width)
        idx = _LETTER_OF_CP[np.minimum(cps, len(_LETTER_OF_CP) - 1)]
        if (idx[cps != 0] < 0).any():
            bad = next(w for w in chunk if set(w) - set(TILE_LETTERS))
            raise KeyError(f"{bad!r} is not a word in tile form")
        counts = np.zeros((len(chunk), N_LETTERS + 1), dtype=np.int64)
        np.add.at(counts, (np.arange(len(chunk))[:, None], np.where(cps == 0, N_LETTERS, idx)),
                  1)
        a0 = np.ones(len(chunk), dtype=np.int64)
        a1 = np.zeros(len(chunk), dtype=np.int64)
        a2 = np.zeros(len(chunk), dtype=np.int64)
        for x in range(N_LETTERS):
            n = counts[:, x]
            used = np.flatnonzero(n)
            if len(used) == 0:
                continue
            n = n[used]
            c = cap[x]
            f0 = ch[c, n]
            f1 = ch[c, n - 1]
            f2 = np.where(n >= 2, ch[c, np.maximum(n - 2, 0)], 0)
            b0, b1, b2 = a0[used], a1[used], a2[used]
            a2[used] = b2 * f0 + b1 * f1 + b0 * f2
            a1[used] = b1 * f0 + b0 * f1
            a0[used] = b0 * f0
        b = ts.blanks
        out[a:a + step] = a0 + ch[b, 1] * a1 + ch[b, 2] * a2
    return out


def by_probability(matches: Iterable[Match]) -> list[tuple[Match, int]]:
    """``matches`` with their :func:`combinations`, for display: longer words first, then the
    more probable, then alphabetical."""
    ms = list(matches)
    combos = combinations([m.word for m in ms]).tolist()
    return sorted(zip(ms, combos), key=lambda mc: (-len(mc[0].word), -mc[1], mc[0].word))


# ---------------------------------------------------------------------------------------------
# racks and patterns


@dataclass(frozen=True)
class Rack:
    """A parsed rack: ``letters`` (tile letters, sorted) and ``blanks`` (0–2)."""
    letters: str
    blanks: int

    def __len__(self) -> int:
        return len(self.letters) + self.blanks


# the message of a piece that cannot be Greek, by what it is a piece of (grammars/messages.tsv)
_BAD_PIECE = {"rack": "find.rack_input", "pattern": "find.pattern_input",
              "word": "find.word_input"}


def _tile_letters(text: str, what: str, whole: str, offset: int = 0) -> str:
    """Tile form of a piece of a rack or pattern (any case, accents), or SearchError naming
    ``what`` (rack, pattern or word) ``whole``, the piece's position ``offset`` in it."""
    try:
        return to_tile(text)
    except InvalidWord as e:
        reason = _shifted(e.reason, offset) if e.position is not None and offset else e.reason
        raise SearchError(message(_BAD_PIECE[what], text=_quoted(whole),
                                  reason=reason)) from None


def parse_rack(text: str, max_tiles: int = MAX_RACK, check_set: bool = True) -> Rack:
    """The rack ``text``: Greek letters as typed (any case, accents, final ς) and blanks ``?``
    or ``*``. Raises :class:`SearchError` for an empty rack, a character that is not a Greek
    letter or blank, more than two blanks, more than ``max_tiles`` tiles, or more tiles of a
    letter than the Greek set holds (``check_set``; counts from :func:`tile_set`)."""
    if not isinstance(text, str) or not text.strip():
        raise SearchError(message("find.no_rack"))
    text = text.strip()
    named = message("find.rack", text=_quoted(text))
    blanks = sum(text.count(c) for c in BLANK_CHARS)
    rest = "".join(c for c in text if c not in BLANK_CHARS)
    letters = _tile_letters(rest, "rack", text) if rest.strip() else ""
    if blanks > MAX_BLANKS:
        raise SearchError(message("find.blanks", rack=named, n=blanks, most=MAX_BLANKS))
    if len(letters) + blanks > max_tiles:
        raise SearchError(message("find.tiles", rack=named, n=len(letters) + blanks,
                                  most=max_tiles))
    if check_set:
        ts = tile_set()
        for c in sorted(set(letters)):
            if letters.count(c) > ts.counts[c]:
                raise SearchError(message("find.letter", rack=named, n=letters.count(c),
                                          letter=c, most=ts.counts[c]))
    return Rack("".join(sorted(letters)), blanks)


def _letter_set(body: str, text: str, pos: int) -> str:
    """The token of the letter set ``[body]`` of the pattern ``text`` (``pos``: the 0-based
    position of its ``[``): ``[`` + its tile letters, alphabetical, + ``]``; a negated set
    ``[^…]`` becomes the letters it does not name. Raises :class:`SearchError`."""
    negated = body.startswith("^")
    inner = body[1:] if negated else body
    named = message("find.pattern", text=_quoted(text))
    bad = next((c for c in inner if c in "[?*^"), None)
    if bad is not None:
        raise SearchError(message("find.in_set", pattern=named, char=_quoted(bad),
                                  pos=pos + 1))
    if not inner.strip():
        raise SearchError(message("find.set_empty", pattern=named, pos=pos + 1))
    letters = set(_tile_letters(inner, "pattern", text, pos + 1 + negated))
    if negated:
        letters = set(TILE_LETTERS) - letters
        if not letters:
            raise SearchError(message("find.set_all", pattern=named, pos=pos + 1))
    return "[" + "".join(sorted(letters, key=_INDEX.__getitem__)) + "]"


def parse_pattern(text: str) -> tuple[str, ...]:
    """The tokens of a pattern, matched against the whole word: tile letters (typed in any
    case, accented or not), ``?`` (one letter), ``*`` (any run of letters, none included;
    consecutive ``*`` are one), and letter sets: ``[ΘΤ]`` one of the letters named, ``[^ΑΕ]``
    one letter other than those (Zyzzyva's pattern syntax). A set's token is ``[`` + its tile
    letters (alphabetical) + ``]``. Raises :class:`SearchError` for an empty pattern, a
    character that is none of these, a set that is empty, unclosed or excludes every letter,
    or more than :data:`MAX_PATTERN` letters, ``?`` and sets."""
    if not isinstance(text, str) or not text.strip():
        raise SearchError(message("find.no_pattern"))
    text = text.strip()
    named = message("find.pattern", text=_quoted(text))
    tokens: list[str] = []
    pos = 0
    for piece in re.split(r"(\[[^\]]*\]?|[?*\]])", text):
        if piece in ("?", "*"):
            if not (piece == "*" and tokens and tokens[-1] == "*"):
                tokens.append(piece)
        elif piece == "]":
            raise SearchError(message("find.set_close", pattern=named, pos=pos + 1))
        elif piece.startswith("["):
            if not piece.endswith("]") or len(piece) == 1:
                raise SearchError(message("find.set_open", pattern=named, pos=pos + 1))
            tokens.append(_letter_set(piece[1:-1], text, pos))
        elif piece:
            tokens.extend(_tile_letters(piece, "pattern", text, pos))
        pos += len(piece)
    fixed = sum(t != "*" for t in tokens)
    if fixed > MAX_PATTERN:
        raise SearchError(message("find.pattern_long", pattern=named, n=fixed,
                                  most=MAX_PATTERN))
    return tuple(tokens)


def _is_letter(token: str) -> bool:
    """A token that is one letter of the pattern (on the board), not ``?``, ``*`` or a set."""
    return len(token) == 1 and token not in "?*"


def _token_letters(token: str) -> str:
    """The letters a one-letter token may stand for (``?``: any)."""
    if token == "?":
        return TILE_LETTERS
    return token[1:-1] if token.startswith("[") else token


# ---------------------------------------------------------------------------------------------
# the walk


class _Pattern:
    """A pattern as a bit-parallel automaton: bit i of a mask = "i tokens matched"."""

    def __init__(self, tokens: tuple[str, ...]):
        m = len(tokens)
        self.trivial = tokens == ("*",)
        self.match = np.zeros(N_LETTERS, dtype=np.uint64)  # per letter: tokens it matches
        star = 0
        for i, t in enumerate(tokens):
            if t == "*":
                star |= 1 << i
            else:
                for c in _token_letters(t):
                    self.match[_INDEX[c]] |= np.uint64(1 << i)
        self.star = np.uint64(star)
        self.final = np.uint64(1 << m)
        # fewest letters still needed from each position (the tokens after it that are not *)
        self.need = [sum(t != "*" for t in tokens[i:]) for i in range(m + 1)]
        self.need_of = np.array(self.need, dtype=np.int32)
        self.start = self.closure(np.array([1], dtype=np.uint64))

    def closure(self, mask: np.ndarray) -> np.ndarray:
        # '*' may match nothing (consecutive '*' are merged, so one step is enough)
        return mask | ((mask & self.star) << np.uint64(1))

    def step(self, mask: np.ndarray, letters: np.ndarray) -> np.ndarray:
        one = np.uint64(1)
        return self.closure(((mask & self.match[letters]) << one) | (mask & self.star))

    def min_need(self, mask: np.ndarray) -> np.ndarray:
        """Fewest letters still needed: ``need`` falls with the position, so it is that of the
        mask's highest bit (the float exponent; masks have under 53 bits). 0 masks: any."""
        top = np.frexp(mask.astype(np.float64))[1] - 1
        return self.need_of[np.maximum(top, 0)]


@functools.lru_cache(maxsize=64)
def _pattern_automaton(tokens: tuple[str, ...]) -> _Pattern:
    return _Pattern(tokens)


@functools.lru_cache(maxsize=4)
def _arc_groups(dfa: TileDFA) -> tuple[np.ndarray, list[tuple[np.ndarray, np.ndarray]],
                                        list[tuple[np.ndarray, np.ndarray]]]:
    """(source state of each arc; (sources, targets) of the arcs grouped by their source's
    height, lowest first; (sources, targets) of the arcs of each letter). An arc leads to a
    state of lower height (the longest path to a final state), so a pass over the height
    groups in order sees every target settled before its sources."""
    outdeg = np.asarray(dfa._outdeg)
    src = np.repeat(np.arange(dfa.num_states, dtype=np.int64), outdeg)
    h = np.asarray(dfa.height)[src]
    order = np.argsort(h, kind="stable")
    bounds = np.searchsorted(h[order], np.arange(int(h.max(initial=0)) + 2))
    labels = np.asarray(dfa.labels)
    by_label = np.argsort(labels, kind="stable")
    lb = np.searchsorted(labels[by_label], np.arange(N_LETTERS + 1))
    targets = np.asarray(dfa.targets)
    levels = [order[bounds[k]:bounds[k + 1]] for k in range(1, len(bounds) - 1)]
    groups = [by_label[lb[k]:lb[k + 1]] for k in range(N_LETTERS)]
    return (src, [(src[a], targets[a]) for a in levels if len(a)],
            [(src[a], targets[a]) for a in groups])


@functools.lru_cache(maxsize=64)
def _live(dfa: TileDFA, tokens: tuple[str, ...]) -> np.ndarray | None:
    """Per state of ``dfa``, the pattern positions from which the rest of the pattern can
    still be matched on the way to a final state (bit i: ``tokens[i:]`` can be read from the
    state to a final one), computed backwards over the arcs, a token at a time; a walk keeps
    only the positions its node's state has, so it visits only prefixes of matching words.

    Positions before the first ``*`` have every bit (the walk follows the pattern there
    anyway); None for a pattern without ``*``."""
    if "*" not in tokens:
        return None
    first = tokens.index("*")
    src, levels, by_label = _arc_groups(dfa)
    targets = np.asarray(dfa.targets)
    labels = np.asarray(dfa.labels)
    ok = np.asarray(dfa.final, dtype=bool).copy()  # position len(tokens): the word's end
    live = ok.astype(np.uint64) << np.uint64(len(tokens))
    for i in range(len(tokens) - 1, first - 1, -1):
        if tokens[i] == "*":  # any run: every state with a path to one that is ok
            for sources, dests in levels:
                ok[sources[ok[dests]]] = True
        else:
            letters = _token_letters(tokens[i])
            nxt = np.zeros(dfa.num_states, dtype=bool)
            if 2 * len(letters) > N_LETTERS:  # most letters: one pass over every arc
                allowed = np.zeros(N_LETTERS, dtype=bool)
                allowed[[_INDEX[c] for c in letters]] = True
                nxt[src[allowed[labels] & ok[targets]]] = True
            else:
                for c in letters:
                    sources, dests = by_label[_INDEX[c]]
                    nxt[sources[ok[dests]]] = True
            ok = nxt
        live |= ok.astype(np.uint64) << np.uint64(i)
    live |= np.uint64((1 << first) - 1)
    return live


# racks with at most this many sub-multisets get a transition table (below); larger pools (a
# pattern's letters and a long rack) keep per-node letter counts
RACK_TABLE_MAX = 1 << 16


class _RackTable:
    """What is left of a rack as one number per node (mixed radix: a digit per letter of the
    pool, and one for the blanks), with the table of the next number per letter: the rack's
    tile of the letter if one is left, else a blank, else none (-1)."""

    def __init__(self, pool: str, blanks: int):
        letters = sorted(set(pool))
        caps = [pool.count(c) for c in letters] + [blanks]
        weights = np.cumprod([1] + [c + 1 for c in caps[:-1]]).astype(np.int64)
        n = int(weights[-1]) * (blanks + 1)
        codes = np.arange(n, dtype=np.int64)
        digits = [(codes // w) % (c + 1) for w, c in zip(weights, caps)]
        has_blank = digits[-1] > 0
        by_blank = np.where(has_blank, codes - weights[-1], -1)
        nxt = np.empty((n, N_LETTERS), dtype=np.int32)
        blank = np.empty((n, N_LETTERS), dtype=bool)
        for lab in range(N_LETTERS):
            c = TILE_LETTERS[lab]
            if c in pool:
                k = letters.index(c)
                real = digits[k] > 0
                nxt[:, lab] = np.where(real, codes - weights[k], by_blank)
                blank[:, lab] = ~real & has_blank
            else:
                nxt[:, lab] = by_blank
                blank[:, lab] = has_blank
        # codes are kept multiplied by N_LETTERS: a node's row of the table, -1 dead
        self.nxt = np.where(nxt >= 0, nxt * N_LETTERS, -1).ravel()
        self.blank = blank.ravel()
        self.start = np.array([(n - 1) * N_LETTERS], dtype=np.int64)
        self._left = np.sum(digits[:-1], axis=0, dtype=np.int16) if len(digits) > 1 else \
            np.zeros(n, dtype=np.int16)

    def left(self, code):
        """The rack's letters (not blanks) left at each node."""
        return self._left[code // N_LETTERS]

    @staticmethod
    def size(pool: str, blanks: int) -> int:
        return int(np.prod([pool.count(c) + 1 for c in set(pool)] + [blanks + 1]))

    def step(self, code, parent, lab):
        """(playable, played by a blank, next codes) per arc."""
        idx = code[parent] + lab
        nc = self.nxt[idx]
        return nc >= 0, self.blank[idx], nc

    @staticmethod
    def take(nxt, keep):
        return nxt[keep]

    def advance(self, code, nxt, parent, blank):
        return nxt


class _RackCounts:
    """What is left of a rack as letter counts per node (a row per node)."""

    def __init__(self, pool: str, blanks: int):
        letters = sorted(set(pool))
        self.slot_of = np.full(N_LETTERS, -1, dtype=np.int64)
        for k, c in enumerate(letters):
            self.slot_of[_INDEX[c]] = k
        cnt = np.array([[pool.count(c) for c in letters]], dtype=np.int16)
        self.start = (cnt, np.array([blanks], dtype=np.int16))

    def step(self, st, parent, lab):
        cnt, bl = st
        sl = self.slot_of[lab]
        have = np.where(sl >= 0, cnt[parent, np.maximum(sl, 0)], 0)
        real = have > 0
        blank = ~real & (bl[parent] > 0)
        return real | blank, blank, (sl, real)

    @staticmethod
    def take(nxt, keep):
        return nxt[0][keep], nxt[1][keep]

    @staticmethod
    def left(st):
        """The rack's letters (not blanks) left at each node."""
        return st[0].sum(axis=1)

    def advance(self, st, nxt, parent, blank):
        sl, real = nxt
        cnt = st[0][parent]
        rows = np.flatnonzero(real)
        cnt[rows, sl[rows]] -= 1
        return cnt, st[1][parent] - blank


def _walk(dfa: TileDFA, tokens: tuple[str, ...], pool: str | None, blanks: int,
          min_len: int, max_len: int, exact: bool, extra: int = 0) -> Iterator[list[Match]]:
    """Blocks of matches (each block alphabetical; blocks in alphabetical order) of the words
    of ``dfa`` with ``min_len``…``max_len`` letters that match ``tokens`` and whose letters
    can be taken from ``pool`` (tile letters) plus ``blanks`` (``pool`` None: any letters).
    ``exact``: every tile of the pool and every blank is used. ``extra`` (super-anagrams):
    every tile is used, and up to ``extra`` letters more, which the walk spends like blanks
    (the matches then carry no blank positions: :func:`super_anagram` places them)."""
    if dfa.num_states == 0 or min_len > max_len:
        return
    min_len = max(1, min_len)
    # plain arrays (the memory-mapped ones would make every indexing result a memmap)
    offsets = np.asarray(dfa.offsets)
    labels = np.asarray(dfa.labels)
    targets = np.asarray(dfa.targets)
    final = np.asarray(dfa.final)
    mindist = np.asarray(dfa.mindist)
    height = np.asarray(dfa.height)
    outdeg = np.asarray(dfa._outdeg)
    pat = _pattern_automaton(tokens)
    # a rack bounds the walk by itself; without one, a '*' would open the whole acceptor
    live = None if pat.trivial or pool is not None else _live(dfa, tokens)
    values = _values_array()
    rk: _RackTable | _RackCounts | None = None
    if pool is not None:
        tiles0 = len(pool) + blanks
        if exact:
            if not min_len <= tiles0 <= max_len:
                return
            min_len = max_len = tiles0
        if extra:
            min_len = max(min_len, tiles0)
            blanks += extra
        max_len = min(max_len, tiles0 + extra)
        if min_len > max_len:
            return
        small = _RackTable.size(pool, blanks) <= RACK_TABLE_MAX
        rk = _RackTable(pool, blanks) if small else _RackCounts(pool, blanks)
    # first-letter subtrees in blocks of about BLOCK_WORDS words (a rack bounds the walk
    # by itself: one block)
    lo, hi = int(offsets[0]), int(offsets[1])
    first = np.arange(lo, hi, dtype=np.int64)
    groups: list[np.ndarray] = [first]
    if rk is None:
        block = BLOCK_WORDS
        if live is not None:
            # the walk keeps only prefixes of matches: first arcs without one are dropped, and
            # the words under the others bound the matches loosely, hence the larger block
            m = pat.step(np.repeat(pat.start, len(first)), labels[first]) & live[targets[first]]
            first = first[m != 0]
            block = 8 * BLOCK_WORDS
        sizes = dfa.state_counts()[targets[first]].tolist()
        groups = []
        start = size = 0
        for k, n in enumerate(sizes):
            size += int(n)
            if size >= block or k == len(sizes) - 1:
                groups.append(first[start:k + 1])
                start, size = k + 1, 0
    for group in groups:
        # level 0: the root, with its arcs limited to this block
        state = np.zeros(1, dtype=np.int64)
        mask = pat.start
        st = rk.start if rk is not None else None
        levels: list[tuple[np.ndarray, np.ndarray, np.ndarray | None, np.ndarray]] = []
        depth = 0
        while depth < max_len and len(state):
            if depth == 0:
                arc = group
                parent = np.zeros(len(arc), dtype=np.int64)
            else:
                parent, arc = arcs_from(state, offsets, outdeg)
                if len(arc) == 0:
                    break
            lab = labels[arc]
            if rk is not None:  # first the rack: most arcs it cuts need no more work
                ok, blank, nxt = rk.step(st, parent, lab)
                if not ok.all():
                    parent, arc, lab, blank = parent[ok], arc[ok], lab[ok], blank[ok]
                    nxt = rk.take(nxt, ok)
            t = targets[arc]
            d = depth + 1
            # every letter spends a tile, so a rack's tiles left are tiles0 - d (max_len is
            # at most tiles0): the same bound for every node of the level
            keep = mindist[t] <= max_len - d
            if min_len - d > 0:
                keep &= height[t] >= min_len - d
            if not pat.trivial:
                nmask = pat.step(mask[parent], lab)
                if live is not None:
                    nmask &= live[t]
                need = pat.min_need(nmask)
                keep &= (nmask != 0) & (need <= max_len - d) & (need <= height[t])
            if not keep.all():
                parent, lab, t = parent[keep], lab[keep], t[keep]
                if not pat.trivial:
                    nmask = nmask[keep]
                if rk is not None:
                    blank = blank[keep]
                    nxt = rk.take(nxt, keep)
            if len(t) == 0:
                break
            word_end = final[t] & (d >= min_len)
            if not pat.trivial:
                word_end &= (nmask & pat.final) != 0
                mask = nmask
            if rk is not None:
                st = rk.advance(st, nxt, parent, blank)
                if extra:  # a super-anagram uses every letter of the rack
                    word_end &= rk.left(st) == 0
            levels.append((parent, lab, blank if rk is not None and not extra else None,
                           word_end))
            state = t
            depth = d
        block = _matches(levels, values)
        if block:
            yield block


# blank positions (at most two per word) → the tuple shared by every match that has them
_BLANK_TUPLES = [()] + [(a,) for a in range(64)] + [(a, b) for a in range(64)
                                                     for b in range(64)]


def _matches(levels, values: np.ndarray) -> list[Match]:
    """The words ending at each level, traced back through the parents, alphabetical."""
    words_l, scores_l, blanks_l = [], [], []
    maxd = 0
    for d in range(1, len(levels) + 1):
        idx = np.flatnonzero(levels[d - 1][3])
        if len(idx) == 0:
            continue
        maxd = d
        letters = np.empty((len(idx), d), dtype=np.intp)
        isblank = np.zeros((len(idx), d), dtype=bool) if levels[0][2] is not None else None
        for j in range(d - 1, -1, -1):
            parent, lab, blank, _ = levels[j]
            letters[:, j] = lab[idx]
            if isblank is not None:
                isblank[:, j] = blank[idx]
            idx = parent[idx]
        words_l.append(np.ascontiguousarray(_CP[letters]).view(f"<U{d}").ravel())
        val = values[letters]
        if isblank is None:
            scores_l.append(val.sum(axis=1))
            blanks_l.append(np.zeros(len(idx), dtype=np.int64))
            continue
        val[isblank] = 0
        scores_l.append(val.sum(axis=1))
        nb = isblank.sum(axis=1)
        if nb.max() > 2:  # not from a rack of the Greek set
            raise ValueError("more than two blanks in a word")
        first = isblank.argmax(axis=1)
        isblank[np.arange(len(first)), first] = False
        second = isblank.argmax(axis=1)
        code = np.where(nb == 0, 0, np.where(nb == 1, 1 + first, 65 + 64 * first + second))
        blanks_l.append(code)
    if not words_l:
        return []
    words = np.concatenate([w.astype(f"<U{maxd}") for w in words_l])
    order = np.argsort(words, kind="stable")
    scores = np.concatenate(scores_l)[order].tolist()
    blanks = map(_BLANK_TUPLES.__getitem__, np.concatenate(blanks_l)[order].tolist())
    new = tuple.__new__
    return [new(Match, x) for x in zip(words[order].tolist(), blanks, scores)]


def _place_blanks(m: Match, tokens: tuple[str, ...], pool: str, values: np.ndarray) -> Match:
    """``m`` with its blanks on letters the rack filled in, not on the pattern's own letters
    (the walk spends the pattern's letters and the rack's alike; only the count is sure)."""
    if not m.blanks:
        return m
    rx = "".join("(.)" if t == "?" else "(.*)" if t == "*" else f"({t})" for t in tokens)
    # a set token is a regular expression's letter class as it stands: [ΘΤ]
    found = re.fullmatch(rx, m.word)
    if found is None:  # cannot happen: the walk matched the pattern
        return m
    fixed = {found.start(g + 1) for g, t in enumerate(tokens) if _is_letter(t)}
    left = {c: pool.count(c) for c in set(pool)}
    blanks = []
    for i, c in enumerate(m.word):
        if i in fixed:
            continue
        if left.get(c, 0) > 0:
            left[c] -= 1
        else:
            blanks.append(i)
    score = sum(int(values[_INDEX[c]]) for i, c in enumerate(m.word) if i not in blanks)
    return Match(m.word, tuple(blanks), score)


# ---------------------------------------------------------------------------------------------
# the searches


def anagram(dfa: TileDFA, rack: str | Rack, min_length: int = 2, max_length: int = 15,
            exact: bool = False) -> Iterator[Match]:
    """Every word of ``dfa`` that the tiles of ``rack`` make (``?``/``*`` blanks, at most two),
    with ``min_length``…``max_length`` letters (``exact``: all tiles used), streamed in
    alphabetical order. Raises :class:`SearchError` for a bad rack (:func:`parse_rack`) at
    once, not when the results are read."""
    r = rack if isinstance(rack, Rack) else parse_rack(rack)
    blocks = _walk(dfa, ("*",), r.letters, r.blanks, min_length, max_length, exact)
    return (m for block in blocks for m in block)


def _super_match(word: str, rack: Rack, values: np.ndarray) -> Match:
    """The match of a super-anagram ``word`` of ``rack``: the letters beyond the rack's (later
    occurrences first) are drawn, bar ``rack.blanks`` of them, the cheapest (the later on a
    tie), which the blanks play; drawn letters score their face value."""
    left = {c: rack.letters.count(c) for c in set(rack.letters)}
    wild = []
    for i, c in enumerate(word):
        if left.get(c, 0) > 0:
            left[c] -= 1
        else:
            wild.append(i)
    by_value = sorted(wild, key=lambda i: (int(values[_INDEX[word[i]]]), -i))
    blanks = tuple(sorted(by_value[:rack.blanks]))
    score = sum(int(values[_INDEX[c]]) for i, c in enumerate(word) if i not in blanks)
    return Match(word, blanks, score)


def super_blocks(blocks: Iterable[list[Match]], rack: Rack) -> Iterator[list[Match]]:
    """The blocks of a super-anagram walk (``_walk(..., extra=N)``) with each match's blanks
    and score (:func:`_super_match`)."""
    values = _values_array()
    for block in blocks:
        yield [_super_match(m.word, rack, values) for m in block]


def super_anagram(dfa: TileDFA, rack: str | Rack, extra: int, min_length: int = 2,
                  max_length: int = 15) -> Iterator[Match]:
    """Super-anagrams: every word of ``dfa`` that uses every tile of ``rack`` (blanks
    included) and up to ``extra`` letters more (0: the full anagrams), with
    ``min_length``…``max_length`` letters, alphabetical. Raises :class:`SearchError` for a bad rack, or ``extra`` outside
    0…:data:`MAX_RACK`, at once."""
    r = rack if isinstance(rack, Rack) else parse_rack(rack)
    check_extra(extra)
    blocks = _walk(dfa, ("*",), r.letters, r.blanks, min_length, max_length, extra == 0,
                   extra)
    return (m for block in super_blocks(blocks, r) for m in block)


def check_extra(extra) -> int:
    """``extra`` (the letters a super-anagram adds), or :class:`SearchError`."""
    if not isinstance(extra, int) or not 0 <= extra <= MAX_RACK:
        raise SearchError(message("find.super", given=repr(extra), most=MAX_RACK))
    return extra


def pattern(dfa: TileDFA, text: str, rack: str | Rack | None = None, min_length: int = 2,
            max_length: int = 15) -> Iterator[Match]:
    """Every word of ``dfa`` matching the pattern ``text`` (letters; ``?`` one letter; ``*``
    any run, none included), streamed in alphabetical order.

    With a ``rack``, the pattern's own letters are on the board and the letters that ``?`` and
    ``*`` stand for must come from the rack (its blanks included; a blank's letter is shown in
    :attr:`Match.blanks`). Raises :class:`SearchError` for a bad pattern or rack at once."""
    tokens = parse_pattern(text)
    if rack is None:
        blocks = _walk(dfa, tokens, None, 0, min_length, max_length, False)
        return (m for block in blocks for m in block)
    r = rack if isinstance(rack, Rack) else parse_rack(rack)
    pool = r.letters + "".join(t for t in tokens if _is_letter(t))
    blocks = _walk(dfa, tokens, pool, r.blanks, min_length, max_length, False)
    if not r.blanks:
        return (m for block in blocks for m in block)
    values = _values_array()
    return (_place_blanks(m, tokens, r.letters, values) for block in blocks for m in block)


def hooks(dfa: TileDFA, word: str, min_length: int = 2, max_length: int = 15) -> Hooks:
    """The letters that make a word of ``dfa`` (within the lengths) before and after ``word``
    (any case, accents). Raises :class:`SearchError` if ``word`` is not a Greek word."""
    tile = _tile_letters(word, "word", word) if isinstance(word, str) and word.strip() \
        else None
    if tile is None:
        raise SearchError(message("input.empty"))
    front = dfa.accepts_many([c + tile for c in TILE_LETTERS], min_length, max_length)
    back = dfa.accepts_many([tile + c for c in TILE_LETTERS], min_length, max_length)
    inner = dfa.accepts_many([tile[1:], tile[:-1]], min_length, max_length).tolist()
    return Hooks(tile, [c for c, ok in zip(TILE_LETTERS, front.tolist()) if ok],
                 [c for c, ok in zip(TILE_LETTERS, back.tolist()) if ok], *inner)


#: where ``extensions`` adds letters: before the word, after it, or either side (or both)
SIDES = ("front", "back", "any")


def extension_tokens(word: str, side: str = "any") -> tuple[str, ...]:
    """The pattern of the extensions of ``word`` (any case, accents): ``*WORD`` (``front``:
    letters added before it), ``WORD*`` (``back``) or ``*WORD*`` (``any``). Raises
    :class:`SearchError` for a word that is not Greek or an unknown side."""
    if side not in SIDES:
        raise SearchError(message("find.side", side=_quoted(side), sides=", ".join(SIDES)))
    if not isinstance(word, str) or not word.strip():
        raise SearchError(message("input.empty"))
    tile = _tile_letters(word.strip(), "word", word.strip())
    head = ("*",) if side in ("front", "any") else ()
    tail = ("*",) if side in ("back", "any") else ()
    return head + tuple(tile) + tail


def extensions(dfa: TileDFA, word: str, side: str = "any", min_length: int = 2,
               max_length: int = 15) -> Iterator[Match]:
    """The words of ``dfa`` that contain ``word`` (any case, accents) and are longer:
    ``side`` ``front`` those that end with it, ``back`` those that begin with it, ``any``
    those with it anywhere; alphabetical. Raises :class:`SearchError` at once for a bad
    word or side."""
    tokens = extension_tokens(word, side)
    n = sum(t != "*" for t in tokens)
    blocks = _walk(dfa, tokens, None, 0, max(min_length, n + 1), max_length, False)
    return (m for block in blocks for m in block)
