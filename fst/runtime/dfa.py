"""The look-up runtime: the minimal tile acceptor as numpy arrays, without pynini.

``tiles.fst`` (the minimal deterministic acceptor of the tile forms, labels the code points of
the 24 tile capitals) is exported at build time into CSR arrays saved beside the FSTs in the
cache directory:

=====================  ========  ==========================================================
``dfa_offsets.npy``    int32     per state, first arc (``n_states + 1`` entries)
``dfa_labels.npy``     uint8     per arc, the letter index 0…23 (Α…Ω; arcs sorted by it)
``dfa_targets.npy``    int32     per arc, the next state
``dfa_final.npy``      bool      per state, accepting?
``dfa_mindist.npy``    int16     per state, fewest letters to an accepting state
``dfa_height.npy``     int16     per state, most letters to an accepting state
``dfa_wordlist.npy``   uint8     the words of 2–15 letters as UTF-8 lines (:func:`pack`)
``dfa_counts.npy``     int64     per state, the words accepted from it (:meth:`state_counts`)
=====================  ========  ==========================================================

States are numbered canonically (reverse post-order of a depth-first walk from the start,
arcs in alphabet order), so the start is state 0, every arc goes to a higher-numbered state
(the acceptor is acyclic) and the arrays depend only on the language: two builds of the same
language give the same bytes whatever the FST's own state numbering.

Look-ups (:meth:`TileDFA.accepts_many`, :meth:`TileDFA.judge_text`, :meth:`TileDFA.wordlist`)
are vectorised with numpy: a batch of words is stepped through a dense transition table
``delta[state, letter]`` one column at a time. The batch kernel (:meth:`TileDFA.judge_units`
on UTF-16 code units, :meth:`TileDFA.judge_utf8` on UTF-8 bytes; ``Judge.validate_many``,
``Judge.validate_text`` and ``dektes validate`` all go through it) reads a block of lines as
typed, as :func:`grammars.normalize.to_tile` would, without a Python object per line, and walks
them together, longest first (:meth:`TileDFA._walk`); the word list is
enumerated breadth-first a level (word length) at a time and written straight into UTF-8 bytes
in alphabetical order, which for the tile alphabet is code point order. This module imports
pynini only in :func:`export`, :func:`count_fst_paths`, :func:`fst_accepts` and :func:`verify`,
which run at build time.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable, Iterator

import numpy as np

from grammars.alphabet import TILE_LETTERS
from grammars.normalize import _FAST  # the table of to_tile's fast path
from grammars.normalize import _MAX_CHARS, MAX_LETTERS

# the files' names (``save`` writes FILES), which the cache's verifier reads without numpy
from fst.runtime.lookup import COUNTS_FILE, PACKED_FILE
from fst.runtime.lookup import DFA_ARRAY_NAMES as ARRAY_NAMES
from fst.runtime.lookup import DFA_FILES as FILES

N_LETTERS = 24
#: delta column for any character that is not a tile letter (leads to the dead state)
OTHER = N_LETTERS
#: column of the step table for the padding after the end of a word (stays in place)
PAD = N_LETTERS + 1
#: the bounds of the packed word list (the board profile, §LEN): ``dektes wordlist`` as is
PACKED_BOUNDS = (2, 15)

_LABEL_OF = {ord(c): i for i, c in enumerate(TILE_LETTERS)}
# code point (clipped to _CP_TOP) → step column: letter index, PAD for NUL, OTHER otherwise
_CP_TOP = ord(TILE_LETTERS[-1]) + 1
_CP_TO_CODE = np.full(_CP_TOP + 1, OTHER, dtype=np.uint8)
_CP_TO_CODE[0] = PAD
for _i, _c in enumerate(TILE_LETTERS):
    _CP_TO_CODE[ord(_c)] = _i
# text as typed → code per character: letter index, _T_MARK (dropped), _T_NEWLINE, _T_OTHER
_T_OTHER, _T_NEWLINE, _T_MARK = OTHER, PAD, N_LETTERS + 2
_TEXT_CODES: np.ndarray | None = None


def _text_codes() -> np.ndarray:
    """Per code point up to U+1FFF (the last entry for everything above): what
    :func:`grammars.normalize.to_tile`'s fast path makes of the character alone."""
    global _TEXT_CODES
    if _TEXT_CODES is None:
        lut = np.full(0x2001, _T_OTHER, dtype=np.uint8)
        for cp, tile in _FAST.items():
            if cp < 0x2000:
                if tile is None:
                    lut[cp] = _T_MARK
                elif len(tile) == 1 and ord(tile) in _LABEL_OF:
                    lut[cp] = _LABEL_OF[ord(tile)]
        lut[ord("\n")] = _T_NEWLINE
        _TEXT_CODES = lut
    return _TEXT_CODES


# letter index → second UTF-8 byte (every tile capital is CE xx)
_UTF8_LO = np.array([c.encode("utf-8")[1] for c in TILE_LETTERS], dtype=np.uint8)
_UTF8_HI = TILE_LETTERS[0].encode("utf-8")[0]
assert all(c.encode("utf-8")[0] == _UTF8_HI for c in TILE_LETTERS)
assert list(TILE_LETTERS) == sorted(TILE_LETTERS)  # alphabet order is code point order

# The batch kernel's columns: a tile capital's code point minus U+0391 (the first), so that
# a block of tile words is walked on its UTF-16 code units as they are; U+03A2 (unassigned,
# between Ρ and Σ) is a dead column. Then what the kernel's look-up table gives for any other
# character: not read by to_tile's fast path, the newline, a combining mark to drop.
_CP_FIRST = ord(TILE_LETTERS[0])
_COLUMNS = ord(TILE_LETTERS[-1]) - _CP_FIRST + 1
_GAP_COL = 0x3A2 - _CP_FIRST
_LETTER_COL = np.array([ord(c) - _CP_FIRST for c in TILE_LETTERS], dtype=np.intp)
assert _COLUMNS == N_LETTERS + 1 and _GAP_COL not in _LETTER_COL
_C_OTHER, _C_NEWLINE, _C_MARK = _COLUMNS, _COLUMNS + 1, _COLUMNS + 2
_UNIT_COLS: np.ndarray | None = None
_CE_COLS: np.ndarray | None = None


def _unit_cols() -> np.ndarray:
    """Per UTF-16 code unit (uint8, 65,536 entries): :func:`_text_codes` as kernel columns
    (a surrogate, like any character from U+2000 on, is _C_OTHER)."""
    global _UNIT_COLS
    if _UNIT_COLS is None:
        by_code = np.full(256, _C_OTHER, dtype=np.uint8)
        by_code[:N_LETTERS] = _LETTER_COL
        by_code[_T_NEWLINE], by_code[_T_MARK] = _C_NEWLINE, _C_MARK
        lut = np.full(0x10000, _C_OTHER, dtype=np.uint8)
        lut[:0x2000] = by_code[_text_codes()[:0x2000]]
        _UNIT_COLS = lut
    return _UNIT_COLS


def _ce_cols() -> np.ndarray:
    """:func:`_unit_cols` of U+0380…U+03BF (lead byte CE) by the continuation's low 6 bits."""
    global _CE_COLS
    if _CE_COLS is None:
        _CE_COLS = np.ascontiguousarray(_unit_cols()[0x380:0x3C0])
    return _CE_COLS


ACCEPTS_CHUNK = 1 << 16  # words per numpy batch in accepts_many
KERNEL_BYTES = 1 << 19  # bytes per block of judge_utf8 (its arrays stay in the CPU's cache)
WORDLIST_BLOCK = 1 << 19  # words (about) per block of wordlist_chunks


def line_bounds(nl: np.ndarray, total: int) -> tuple[np.ndarray, np.ndarray]:
    """(start, length) of each line of a block of ``total`` units whose newlines are at the
    positions ``nl`` (sorted): ``len(nl) + 1`` lines, the last one running to the end."""
    starts = np.empty(len(nl) + 1, dtype=np.intp)
    starts[0] = 0
    starts[1:] = nl + 1
    lens = np.empty(len(nl) + 1, dtype=np.intp)
    lens[:-1] = nl
    lens[-1] = total
    lens -= starts
    return starts, lens


class ExportError(RuntimeError):
    """The tile FST cannot be exported, or the arrays do not accept the FST's language."""


# ---------------------------------------------------------------------------------------------
# export (build time)


def export(fst) -> dict[str, np.ndarray]:
    """The arrays of the minimal deterministic acyclic acceptor ``fst`` (a pynini Fst)."""
    import pynini

    zero = pynini.Weight.zero(fst.weight_type())
    start = fst.start()
    if start == pynini.NO_STATE_ID:
        return _arrays({0: []}, {0: False}, [0])
    arcs: dict[int, list[tuple[int, int]]] = {}
    final: dict[int, bool] = {}
    for s in fst.states():
        out = []
        for a in fst.arcs(s):
            if a.ilabel != a.olabel:
                raise ExportError(f"tiles.fst is not an acceptor (state {s})")
            lab = _LABEL_OF.get(a.ilabel)
            if lab is None:
                raise ExportError(f"tiles.fst has a label outside the tile alphabet: {a.ilabel}")
            out.append((lab, a.nextstate))
        out.sort()
        if any(x[0] == y[0] for x, y in zip(out, out[1:])):
            raise ExportError(f"tiles.fst is not deterministic (state {s})")
        arcs[s] = out
        final[s] = fst.final(s) != zero
    # trim: keep the states from which an accepting state can be reached
    rev: dict[int, list[int]] = {s: [] for s in arcs}
    for s, out in arcs.items():
        for _, t in out:
            rev[t].append(s)
    live = {s for s in arcs if final[s]}
    stack = list(live)
    while stack:
        for p in rev[stack.pop()]:
            if p not in live:
                live.add(p)
                stack.append(p)
    if start not in live:
        return _arrays({0: []}, {0: False}, [0])
    arcs = {s: [(l, t) for l, t in out if t in live] for s, out in arcs.items() if s in live}
    # canonical numbering: reverse post-order of a depth-first walk, arcs in label order
    post: list[int] = []
    colour: dict[int, int] = {start: 1}  # 1 on the stack, 2 done
    stack2: list[tuple[int, int]] = [(start, 0)]
    while stack2:
        s, i = stack2[-1]
        if i < len(arcs[s]):
            stack2[-1] = (s, i + 1)
            t = arcs[s][i][1]
            c = colour.get(t)
            if c == 1:
                raise ExportError("tiles.fst has a cycle: the tile language must be finite")
            if c is None:
                colour[t] = 1
                stack2.append((t, 0))
        else:
            colour[s] = 2
            post.append(s)
            stack2.pop()
    order = post[::-1]
    return _arrays(arcs, final, order)


def arcs_from(states: np.ndarray, offsets: np.ndarray, outdeg: np.ndarray,
              dtype=np.int64) -> tuple[np.ndarray, np.ndarray]:
    """Every arc that leaves ``states`` (arcs of state s: ``offsets[s]`` … ``offsets[s + 1]``
    - 1; ``outdeg``: their counts), state by state in arc order, as two arrays of ``dtype``:
    the position in ``states`` of its source, and the arc's index. Both empty when no arc
    leaves them. The step of every breadth-first walk of the arrays."""
    deg = outdeg[states]
    ends = np.cumsum(deg)
    source = np.repeat(np.arange(len(states), dtype=dtype), deg)
    arc = np.arange(len(source), dtype=dtype)
    arc += np.repeat(offsets[states] - (ends - deg), deg)  # source's first arc + rank
    return source, arc


def _arrays(arcs, final, order) -> dict[str, np.ndarray]:
    num = {s: i for i, s in enumerate(order)}
    n = len(order)
    offsets = np.zeros(n + 1, dtype=np.int32)
    labels: list[int] = []
    targets: list[int] = []
    for i, s in enumerate(order):
        for lab, t in arcs[s]:
            labels.append(lab)
            targets.append(num[t])
        offsets[i + 1] = len(labels)
    fin = np.array([final[s] for s in order], dtype=bool)
    labels_a = np.array(labels, dtype=np.uint8)
    targets_a = np.array(targets, dtype=np.int32)
    # fewest / most letters to an accepting state, in reverse topological order
    big = np.iinfo(np.int16).max
    mindist = [0] * n
    height = [0] * n
    for i in range(n - 1, -1, -1):
        lo, hi = (0, 0) if fin[i] else (big, -1)
        for k in range(int(offsets[i]), int(offsets[i + 1])):
            t = targets[k]
            lo = min(lo, mindist[t] + 1)
            hi = max(hi, height[t] + 1)
        mindist[i], height[i] = lo, hi
    return {"offsets": offsets, "labels": labels_a, "targets": targets_a, "final": fin,
            "mindist": np.array(mindist, dtype=np.int16),
            "height": np.array(height, dtype=np.int16)}


def pack(dfa: "TileDFA") -> np.ndarray:
    """The words of :data:`PACKED_BOUNDS` lengths enumerated from ``dfa``, as the UTF-8 bytes
    of :meth:`TileDFA.wordlist_chunks` (uint8): the ``wordlist`` array, written at build time
    so that the board profile's list is copied out rather than enumerated again."""
    return np.frombuffer(b"".join(dfa._enumerated(*PACKED_BOUNDS)), dtype=np.uint8)


def save(arrays: dict[str, np.ndarray], directory: Path) -> list[str]:
    """Write the arrays as ``dfa_*.npy`` into ``directory``; return the file names. The
    per-state counts are computed (:meth:`TileDFA.state_counts`) when ``arrays`` lacks them."""
    if "counts" not in arrays:
        arrays = dict(arrays, counts=TileDFA(arrays).state_counts())
    for name, fname in zip(ARRAY_NAMES + ("wordlist", "counts"), FILES):
        np.save(Path(directory) / fname, np.ascontiguousarray(arrays[name]), allow_pickle=False)
    return list(FILES)


# ---------------------------------------------------------------------------------------------
# the runtime


class TileDFA:
    """The tile acceptor as arrays. Read-only after construction, so safe to share between
    threads (the dense table is built on first use)."""

    def __init__(self, arrays: dict[str, np.ndarray]):
        self.offsets = arrays["offsets"]
        self.labels = arrays["labels"]
        self.targets = arrays["targets"]
        self.final = arrays["final"]
        self.mindist = arrays["mindist"]
        self.height = arrays["height"]
        self.packed = arrays.get("wordlist")  # optional: the words of PACKED_BOUNDS, as UTF-8
        self.num_states = len(self.final)
        self._delta: np.ndarray | None = None
        self._final_ext: np.ndarray | None = None
        # optional: saved at build time (COUNTS_FILE), else computed on first use
        counts = arrays.get("counts")
        self._counts: np.ndarray | None = None if counts is None else \
            np.asarray(counts, dtype=np.int64)
        self._step_table: np.ndarray | None = None
        self._rank_table: np.ndarray | None = None
        self._step_c_table: np.ndarray | None = None
        self._outdeg = np.diff(np.asarray(self.offsets))

    @classmethod
    def load(cls, directory: Path | str, mmap: bool = True) -> "TileDFA":
        """Load ``dfa_*.npy`` from ``directory`` (memory-mapped, read-only, by default)."""
        d = Path(directory)
        mode = "r" if mmap else None
        arrays = {n: np.load(d / f, mmap_mode=mode, allow_pickle=False)
                  for n, f in zip(ARRAY_NAMES, FILES)}
        for name, fname in (("wordlist", PACKED_FILE), ("counts", COUNTS_FILE)):
            if (d / fname).exists():
                arrays[name] = np.load(d / fname, mmap_mode=mode, allow_pickle=False)
        return cls(arrays)

    # -- membership -----------------------------------------------------------------------
    @property
    def delta(self) -> np.ndarray:
        """Dense transitions ``delta[state, letter]`` (int32), one extra dead state (the last
        row) and one extra column (:data:`OTHER`) for characters outside the alphabet."""
        if self._delta is None:
            n = self.num_states
            delta = np.full((n + 1, N_LETTERS + 1), n, dtype=np.int32)
            counts = np.diff(np.asarray(self.offsets))
            rows = np.repeat(np.arange(n, dtype=np.int32), counts)
            delta[rows, np.asarray(self.labels, dtype=np.intp)] = self.targets
            self._final_ext = np.append(np.asarray(self.final, dtype=bool), False)
            self._delta = delta
        return self._delta

    @property
    def _step(self) -> np.ndarray:
        """:attr:`delta` with one more column, :data:`PAD`, that leaves the state as it is."""
        if self._step_table is None:
            delta = self.delta
            step = np.empty((delta.shape[0], N_LETTERS + 2), dtype=np.int32)
            step[:, :N_LETTERS + 1] = delta
            step[:, PAD] = np.arange(delta.shape[0], dtype=np.int32)
            self._step_table = step
        return self._step_table

    def accepts(self, tile: str) -> bool:
        """True if the tile string is in the language."""
        delta = self.delta
        s = 0
        dead = self.num_states
        for ch in tile:
            lab = _LABEL_OF.get(ord(ch))
            if lab is None:
                return False
            s = int(delta[s, lab])
            if s == dead:
                return False
        return bool(self._final_ext[s])

    def accepts_many(self, words: list[str] | tuple[str, ...], min_len: int = 0,
                     max_len: int | None = None) -> np.ndarray:
        """Membership of every word (tile strings; anything else is rejected), as a bool array
        in the same order, optionally only for lengths ``min_len``…``max_len``.

        Vectorised: a chunk of words becomes a padded matrix of letter indices, and all its
        words advance one letter per step through :attr:`delta`.
        """
        words = words if isinstance(words, list) else list(words)
        out = np.zeros(len(words), dtype=bool)
        for lo in range(0, len(words), ACCEPTS_CHUNK):
            out[lo:lo + ACCEPTS_CHUNK] = self._accepts_chunk(
                words[lo:lo + ACCEPTS_CHUNK], min_len, max_len)
        return out

    def _accepts_chunk(self, words: list[str], min_len: int, max_len: int | None) -> np.ndarray:
        n = len(words)
        if n == 0:
            return np.zeros(0, dtype=bool)
        lens = np.fromiter(map(len, words), dtype=np.int64, count=n)
        ok = lens >= min_len
        if max_len is not None:
            ok &= lens <= max_len
        if not ok.all():  # judge only the words of the right length
            out = np.zeros(n, dtype=bool)
            idx = np.flatnonzero(ok)
            if len(idx):
                out[idx] = self._accepts_chunk([words[i] for i in idx.tolist()], 0, None)
            return out
        cps = np.array(words, dtype=str).view(np.uint32).reshape(n, -1)
        codes = _CP_TO_CODE[np.minimum(cps, _CP_TOP)]  # NUL padding → PAD, a self-loop
        out = self._run(codes)
        # a NUL inside a word would read as padding: such words are rejected
        bad = np.count_nonzero(cps, axis=1) != lens
        if bad.any():
            out &= ~bad
        return out

    def _run(self, codes: np.ndarray) -> np.ndarray:
        """Acceptance of each row of ``codes`` (words × letters: letter index, OTHER, PAD)."""
        step = self._step
        width = step.shape[1]
        flat = step.ravel()
        cols = np.ascontiguousarray(codes.T)
        state = np.zeros(codes.shape[0], dtype=np.int32)
        for j in range(cols.shape[0]):
            state *= width
            state += cols[j]
            state = flat[state]
        return self._final_ext[state]

    # -- ranks: the index of a word in the sorted language ---------------------------------
    @property
    def _rank_step(self) -> np.ndarray:
        """Per (state, step column), what the step adds to a word's rank: 1 if the state is
        accepting (its word is a smaller prefix) plus the words through smaller sibling arcs;
        0 for :data:`OTHER` and :data:`PAD`."""
        if self._rank_table is None:
            n = self.num_states
            table = np.zeros((n + 1, N_LETTERS + 2), dtype=np.int64)
            counts = self.state_counts()
            offsets = np.asarray(self.offsets, dtype=np.int64)
            c = counts[np.asarray(self.targets)] if len(self.targets) else np.zeros(0, np.int64)
            cs = np.concatenate(([0], np.cumsum(c)))
            src = np.repeat(np.arange(n), self._outdeg)
            smaller = cs[:-1] - cs[offsets[src]]
            table[src, np.asarray(self.labels, dtype=np.intp)] = \
                smaller + np.asarray(self.final, dtype=np.int64)[src]
            self._rank_table = table
        return self._rank_table

    def ranks(self, codes: np.ndarray) -> np.ndarray:
        """Per row of ``codes`` (words × step columns: letter index 0…23, :data:`OTHER`,
        :data:`PAD` after the word), the word's index in the sorted language (int64, as in
        :meth:`wordlist` with no bounds), or -1 if it is not accepted."""
        step = self._step
        width = step.shape[1]
        flat = step.ravel()
        rflat = self._rank_step.ravel()
        cols = np.ascontiguousarray(np.asarray(codes).T)
        state = np.zeros(cols.shape[1] if cols.ndim == 2 else 0, dtype=np.int64)
        rank = np.zeros(len(state), dtype=np.int64)
        for j in range(cols.shape[0]):
            idx = state * width + cols[j]
            rank += rflat[idx]
            state = flat[idx].astype(np.int64)
        return np.where(self._final_ext[state], rank, -1)

    def rank(self, tile: str) -> int:
        """The index of ``tile`` in the sorted language, or -1 if it is not accepted.

        Walks the arcs themselves with :meth:`state_counts`: no dense table is built for
        one word."""
        counts = self.state_counts()
        offsets, labels, targets, final = self.offsets, self.labels, self.targets, self.final
        s, r = 0, 0
        for ch in tile:
            lab = _LABEL_OF.get(ord(ch))
            if lab is None:
                return -1
            lo, hi = int(offsets[s]), int(offsets[s + 1])
            row = labels[lo:hi].tolist()
            try:
                a = lo + row.index(lab)
            except ValueError:
                return -1
            r += int(final[s]) + int(counts[targets[lo:a]].sum())
            s = int(targets[a])
        return r if final[s] else -1

    def ranks_of(self, words: list[str]) -> np.ndarray:
        """:meth:`ranks` of tile strings (anything else: -1), same order."""
        n = len(words)
        if n == 0:
            return np.zeros(0, dtype=np.int64)
        lens = np.fromiter(map(len, words), dtype=np.int64, count=n)
        cps = np.array(words, dtype=str).view(np.uint32).reshape(n, -1)
        out = self.ranks(_CP_TO_CODE[np.minimum(cps, _CP_TOP)])
        out[np.count_nonzero(cps, axis=1) != lens] = -1  # a NUL inside a word
        return out

    def judge_text(self, text: str, min_len: int = 0,
                   max_len: int | None = None) -> np.ndarray | None:
        """Verdicts for the lines of ``text`` (words separated by ``"\\n"``, as typed: any
        case, accents, polytonic), computed without a Python object per word.

        Only when every line is a word that :func:`grammars.normalize.to_tile` reads by its
        fast path (Greek letters and marks only, no white space, 1 to MAX_LETTERS letters), so
        that the verdicts are exactly ``accepts_many([to_tile(l) for l in lines])``; otherwise
        None, and the caller takes the lines one at a time (and gets the errors). The batch
        kernel of :meth:`judge_units` on the text's UTF-16 code units.
        """
        try:
            data = text.encode("utf-16-le")
        except UnicodeEncodeError:  # a lone surrogate: never a word
            return None
        got = self.judge_units(data, min_len, max_len)
        if got is None or not got[1].all():
            return None
        return got[0]

    # -- the batch kernel: code units or UTF-8 bytes → verdicts ---------------------------
    @property
    def _step_c(self) -> np.ndarray:
        """:attr:`delta` by kernel column (:data:`_COLUMNS` per row: a tile capital's code
        point minus U+0391, the unassigned U+03A2 a dead column), flattened, every target
        pre-multiplied by the row width, as int64 (numpy's ``take`` casts other index types),
        so that a walk holds ``state * _COLUMNS`` and one step is an add and a gather."""
        if self._step_c_table is None:
            # from the arcs, a slice at a time: `dektes validate` builds neither :attr:`delta`
            # nor a temporary as big as the table (its whole process has a memory budget)
            n = self.num_states
            table = np.full((n + 1) * _COLUMNS, n * _COLUMNS, dtype=np.int64)
            rows = np.repeat(np.arange(n, dtype=np.int32), self._outdeg)
            for lo in range(0, len(rows), 1 << 14):
                hi = lo + (1 << 14)
                at = rows[lo:hi].astype(np.int64) * _COLUMNS
                at += _LETTER_COL[self.labels[lo:hi]]
                table[at] = np.asarray(self.targets[lo:hi], dtype=np.int64) * _COLUMNS
            if self._final_ext is None:
                self._final_ext = np.append(np.asarray(self.final, dtype=bool), False)
            self._step_c_table = table
        return self._step_c_table

    def walk(self, codes: np.ndarray, lens: np.ndarray, min_len: int = 0,
             max_len: int | None = None, starts: np.ndarray | None = None,
             stride: int = 1) -> np.ndarray:
        """Acceptance (bool per word) of words given as one array of letter indices ``codes``
        (uint8, 0…23) and their lengths ``lens`` (letters),
        optionally only for ``min_len``…``max_len``. Letter j of word i is
        ``codes[starts[i] + j * stride]``; without ``starts`` the words are one after the
        other (``stride`` 1). Raises ``ValueError`` for a word over MAX_LETTERS letters."""
        cols = _LETTER_COL[np.asarray(codes, dtype=np.intp)]
        return self._walk(cols, lens, min_len, max_len, starts, stride)

    def _walk(self, cols: np.ndarray, lens: np.ndarray, min_len: int = 0,
              max_len: int | None = None, starts: np.ndarray | None = None,
              stride: int = 1, select: np.ndarray | None = None) -> np.ndarray:
        """:meth:`walk` of kernel columns ``cols`` (0…24: code point minus U+0391), only for
        the words where ``select`` (bool per word) is true when it is given; the others are
        False.

        The words are ordered by length, longest first (a stable radix sort), so that the
        words still walking at letter j are a prefix of that order: the work is the total
        number of letters, not words × longest word, and numpy is called a few times per
        letter position, not per word."""
        n = len(lens)
        out = np.zeros(n, dtype=bool)
        if n == 0:
            return out
        lens = np.asarray(lens)
        if starts is None:
            starts = np.cumsum(lens, dtype=np.int64) - lens
        ok = lens >= min_len
        if max_len is not None:
            ok &= lens <= max_len
        if select is not None:
            ok &= select
        # a word left out walks no letter (no index of the words kept is made)
        lens = np.where(ok, lens, 0)
        if (lens > MAX_LETTERS).any():
            raise ValueError("a word of more than %d letters reached the walk" % MAX_LETTERS)
        # longest first; a uint8 key sorts by radix
        order = np.argsort((MAX_LETTERS - lens).astype(np.uint8), kind="stable")
        flat = self._step_c
        pos = np.asarray(starts, dtype=np.intp)[order]
        by_len = np.asarray(lens, dtype=np.intp)[order]
        top = int(by_len[0])
        # active[j]: how many words have more than j letters (a prefix of the order)
        active = np.searchsorted(-by_len, -np.arange(top), side="left").tolist()
        state = np.zeros(len(order), dtype=np.int64)
        col = np.empty(len(order), dtype=cols.dtype)
        for j in range(top):
            k = active[j]
            s, p, c = state[:k], pos[:k], col[:k]
            np.take(cols, p, out=c, mode="clip")  # p is in range: clip skips the checks
            s += c
            np.take(flat, s, out=s, mode="clip")
            if j + 1 < top:
                p += stride
        out[order] = self._final_ext[state // _COLUMNS]
        out &= ok
        return out

    def judge_units(self, data: bytes, min_len: int = 0, max_len: int | None = None
                    ) -> tuple[np.ndarray, np.ndarray] | None:
        """(verdicts, plain), bool per line, for the lines of ``data``, UTF-16-LE code units
        of words as typed separated by U+000A: ``plain`` is true for a line that
        :func:`grammars.normalize.to_tile` reads by its fast path (Greek letters and marks
        only, at most its character limit, 1 to MAX_LETTERS letters), whose verdict is then
        ``accepts_many([to_tile(line)], min_len, max_len)``; the verdict on any other line is
        False and the caller judges it itself (it may be an error). None for data of an odd
        number of bytes.

        The batch kernel: a block of tile capitals is walked on its code units as they are;
        anything else is first read through :func:`_unit_cols` (to_tile's fast path per
        character, combining marks dropped)."""
        if len(data) % 2:
            return None
        u = np.frombuffer(data, dtype=np.uint16)
        m = u - np.uint16(_CP_FIRST)  # kernel column of a tile capital; wraps otherwise
        nl = np.flatnonzero(u == 10)
        starts, lens = line_bounds(nl, len(u))
        if np.count_nonzero(m < _COLUMNS) + len(nl) == len(u) and \
                not (m == _GAP_COL).any():  # only tile capitals and newlines
            cols = m
            plain = (lens >= 1) & (lens <= MAX_LETTERS)
        else:
            cols = _unit_cols()[u]
            plain = lens <= _MAX_CHARS
            odd = np.flatnonzero(cols == _C_OTHER)
            if len(odd):  # the lines holding a character to_tile's fast path does not read
                plain[np.searchsorted(nl, odd)] = False
            marks = cols == _C_MARK
            if marks.any():  # dropped: lines are then their letters alone
                cols = cols[~marks]
                nl = np.flatnonzero(cols == _C_NEWLINE)
                starts, lens = line_bounds(nl, len(cols))
            plain &= (lens >= 1) & (lens <= MAX_LETTERS)
        ok = self._walk(cols, lens, min_len, max_len, starts, 1, plain)
        return ok, plain

    def judge_utf8(self, data: bytes, min_len: int = 0,
                   max_len: int | None = None) -> np.ndarray | None:
        """Verdicts (bool per line) for the lines of the UTF-8 bytes ``data`` (each line ending
        with ``\n``; a missing last one is supplied), words as typed: any case, accents,
        polytonic, read as :func:`grammars.normalize.to_tile` reads them (:meth:`judge_text`).

        Read straight from the bytes, a block of about :data:`KERNEL_BYTES` at a time, when
        every character has two bytes (tile form, monotonic Greek, combining marks): no
        ``str`` is made. None, as in :meth:`judge_text`, when some line is not a plain word
        (the caller takes the lines one at a time and gets the errors); a block with
        three-byte characters (polytonic) goes through :meth:`judge_text`.
        """
        if not data:
            return None
        if data[-1:] != b"\n":
            data = data + b"\n"
        if len(data) <= KERNEL_BYTES:
            return self._judge_block(data, min_len, max_len)
        parts = []
        lo = 0
        while lo < len(data):
            hi = data.find(b"\n", min(len(data), lo + KERNEL_BYTES) - 1) + 1
            got = self._judge_block(data[lo:hi], min_len, max_len)
            if got is None:
                return None
            parts.append(got)
            lo = hi
        return np.concatenate(parts)

    def _judge_block(self, data: bytes, min_len: int, max_len: int | None) -> np.ndarray | None:
        b = np.frombuffer(data, dtype=np.uint8)
        lead = b >= 0xC0
        cont = (b & 0xC0) == 0x80
        nl = b == 10
        if not ((lead | cont | nl).all() and (cont[1:] == lead[:-1]).all() and not cont[0]
                and int(b.max()) < 0xE0):
            # not only two-byte characters and newlines (or not UTF-8): by code points
            return self._judge_decoded(data, min_len, max_len)
        # every byte is a newline, a lead byte below E0 or the continuation after one: the
        # kernel column of each character, read at its continuation byte (garbage elsewhere)
        ends = np.flatnonzero(nl)
        per_line = np.diff((ends - np.arange(len(ends))) >> 1, prepend=0)  # characters
        cols = np.empty(len(b), dtype=np.uint8)
        if not (lead & (b != _UTF8_HI)).any():
            cols[1:] = _ce_cols()[b[1:] & 0x3F]  # U+0380…U+03BF: capitals, accented
        else:
            cp = (b[:-1] & 0x1F).astype(np.uint16) << 6
            cp |= b[1:] & 0x3F
            cols[1:] = _unit_cols()[cp]
        cols[0] = _C_OTHER
        if ((cols >= _C_OTHER) & cont).any():  # outside the alphabet, or a mark to drop
            return self._judge_decoded(data, min_len, max_len)
        if per_line.min() < 1 or per_line.max() > MAX_LETTERS:
            return None
        starts = np.concatenate(([1], ends[:-1] + 2))  # each line's first continuation byte
        return self._walk(cols, per_line, min_len, max_len, starts, 2)

    def _judge_decoded(self, data: bytes, min_len: int, max_len: int | None):
        try:
            text = data[:-1].decode("utf-8")
        except UnicodeDecodeError:
            return None
        return self.judge_text(text, min_len, max_len)

    # -- enumeration ----------------------------------------------------------------------
    def count(self, min_len: int = 0, max_len: int | None = None) -> int:
        """Number of accepted strings with ``min_len`` ≤ length ≤ ``max_len`` (no bound:
        all), counted by length: ``v[k][s]`` = paths of exactly k letters from ``s``."""
        if self.num_states == 0:
            return 0
        offsets = np.asarray(self.offsets, dtype=np.int64)
        targets = np.asarray(self.targets)
        v = np.asarray(self.final, dtype=np.int64)
        total = 0
        k = 0
        while v.any() and (max_len is None or k <= max_len):
            if k >= min_len:
                total += int(v[0])
            cs = np.concatenate(([0], np.cumsum(v[targets])))
            v = cs[offsets[1:]] - cs[offsets[:-1]]
            k += 1
        return total

    def state_counts(self) -> np.ndarray:
        """Per state, the number of accepted strings from it (int64).

        Computed a height (:attr:`height`) at a time, lowest first: every arc leads to a state
        of smaller height, so one pass over the arcs suffices; a cache holds them
        (``dfa_counts.npy``), so that a start ranks a word without computing them."""
        if self._counts is None:
            self._counts = self._count_states()
        return self._counts

    def _count_states(self) -> np.ndarray:
        """:meth:`state_counts` computed from the arcs."""
        offsets = np.asarray(self.offsets, dtype=np.int64)
        targets = np.asarray(self.targets, dtype=np.int64)
        height = np.asarray(self.height, dtype=np.int64)
        total = np.asarray(self.final, dtype=np.int64).copy()
        if len(height):
            order = np.argsort(height, kind="stable")
            bounds = np.searchsorted(height[order], np.arange(int(height.max()) + 2))
            outdeg = offsets[1:] - offsets[:-1]
            for h in range(1, len(bounds) - 1):
                states = order[bounds[h]:bounds[h + 1]]
                deg = outdeg[states]
                ends = np.cumsum(deg)
                # the arcs of these states, one run per state, in state order
                arcs = np.repeat(offsets[states] - (ends - deg), deg) + \
                    np.arange(int(ends[-1]) if len(ends) else 0)
                cs = np.concatenate(([0], np.cumsum(total[targets[arcs]])))
                total[states] += cs[ends] - cs[ends - deg]
        return total

    def wordlist_chunks(self, min_len: int = 1, max_len: int = 64) -> Iterator[bytes]:
        """The accepted strings with ``min_len`` ≤ length ≤ ``max_len``, sorted, as UTF-8
        blocks of newline-terminated lines (about :data:`WORDLIST_BLOCK` words per block).

        The board profile's bounds (:data:`PACKED_BOUNDS`) are copied from the packed list
        when it was loaded; any other bounds are enumerated from the arrays."""
        if self.packed is not None and (min_len, max_len) == PACKED_BOUNDS:
            data = self.packed
            step = WORDLIST_BLOCK * 16
            lo = 0
            while lo < len(data):
                hi = min(len(data), lo + step)
                if hi < len(data):  # end the block after a newline (lines are short)
                    back = np.flatnonzero(data[max(lo, hi - 4 * _MAX_CHARS):hi] == 10)
                    hi = max(lo, hi - 4 * _MAX_CHARS) + int(back[-1]) + 1
                yield data[lo:hi].tobytes()
                lo = hi
            return
        yield from self._enumerated(min_len, max_len)

    def _enumerated(self, min_len: int, max_len: int) -> Iterator[bytes]:
        """:meth:`wordlist_chunks` from the arrays, whole first-letter subtrees per block."""
        if self.num_states == 0 or max_len < min_len:
            return
        if min_len <= 0 and self.final[0]:
            yield b"\n"
        if max_len < 1:
            return
        lo, hi = int(self.offsets[0]), int(self.offsets[1])
        counts = self.state_counts()
        group: list[int] = []
        size = 0
        for a in range(lo, hi):
            group.append(a)
            size += int(counts[self.targets[a]])
            if size >= WORDLIST_BLOCK or a == hi - 1:
                block = self._enumerate(np.array(group, dtype=np.int64), min_len, max_len)
                if block:
                    yield block
                group, size = [], 0

    def wordlist(self, min_len: int = 1, max_len: int = 64) -> Iterator[str]:
        """The accepted strings with ``min_len`` ≤ length ≤ ``max_len``, sorted."""
        for block in self.wordlist_chunks(min_len, max_len):
            yield from block.decode("utf-8").split("\n")[:-1]

    def _enumerate(self, first_arcs: np.ndarray, min_len: int, max_len: int) -> bytes:
        """The words whose first letter is that of one of the start state's arcs
        ``first_arcs`` (consecutive, in order), as UTF-8 bytes, one word per line.

        Breadth first: level i holds the prefixes of i + 1 letters that can still end a word
        within the bounds, in alphabetical order (children follow their parents' order).
        """
        offsets = np.asarray(self.offsets)
        outdeg = self._outdeg
        labels = np.asarray(self.labels)
        targets = np.asarray(self.targets)
        final = np.asarray(self.final)
        mindist = np.asarray(self.mindist)
        height = np.asarray(self.height)
        t = targets[first_arcs]
        keep = (1 + mindist[t] <= max_len) & (1 + height[t] >= min_len)
        states = [t[keep]]
        parents: list[np.ndarray] = [np.zeros(0, dtype=np.int32)]
        letters = [labels[first_arcs[keep]]]
        depth = 1
        while depth < max_len and len(states[-1]):
            parent, arc = arcs_from(states[-1], offsets, outdeg, np.int32)
            if len(arc) == 0:
                break
            t = targets[arc]
            d = depth + 1
            keep = (mindist[t] <= max_len - d) & (height[t] >= min_len - d)
            if not keep.all():
                parent, arc, t = parent[keep], arc[keep], t[keep]
            if len(t) == 0:
                break
            states.append(t)
            parents.append(parent)
            letters.append(labels[arc])
            depth = d
        nlev = len(states)
        if len(states[0]) == 0:
            return b""
        isword = [final[states[i]] & (i + 1 >= min_len) for i in range(nlev)]
        # words in each node's subtree (itself included), bottom-up
        sub: list[np.ndarray] = [np.zeros(0, dtype=np.int64)] * nlev
        below = np.zeros(len(states[-1]), dtype=np.int64)
        for i in range(nlev - 1, -1, -1):
            w = isword[i] + below
            sub[i] = w
            if i:
                cs = np.concatenate(([0], np.cumsum(w)))
                ends = np.cumsum(np.bincount(parents[i], minlength=len(states[i - 1])))
                below = cs[ends] - cs[np.concatenate(([0], ends[:-1]))]
        nwords = int(sub[0].sum())
        if nwords == 0:
            return b""
        # rank of a node = words before its subtree in alphabetical order, top-down
        rank = [np.cumsum(sub[0]) - sub[0]]
        for i in range(1, nlev):
            p = parents[i]
            excl = np.cumsum(sub[i]) - sub[i]
            nchild = np.bincount(p, minlength=len(states[i - 1]))
            first = np.cumsum(nchild) - nchild
            base = rank[i - 1] + isword[i - 1] - np.concatenate((excl, [0]))[first]
            rank.append(base[p] + excl)
        # length of every word in output order, then where it ends in the output
        word_len = np.zeros(nwords, dtype=np.int32)
        for i in range(nlev):
            word_len[rank[i][isword[i]]] = i + 1
        ends = np.cumsum(2 * word_len + 1, dtype=np.int64)
        buf = np.full(int(ends[-1]), _UTF8_HI, dtype=np.uint8)
        buf[ends - 1] = 10
        # letter j of the words (in output order) that have one: each node at level j gives
        # its letter to the words of its subtree, which are consecutive in the output
        pos = (ends - 2 * word_len).astype(np.int32)  # second byte of the first letter
        length = word_len.astype(np.uint16)
        for j in range(nlev):
            buf[pos] = np.repeat(_UTF8_LO[letters[j]], sub[j])
            if j + 1 < nlev:
                keep = length > j + 1
                pos = pos[keep]
                pos += 2
                length = length[keep]
        return buf.tobytes()


# ---------------------------------------------------------------------------------------------
# verification (build time)


def count_fst_paths(fst) -> int:
    """Number of accepted strings of the acyclic acceptor ``fst``, counted on the FST itself
    (memoised over its own states, independently of :func:`export`)."""
    import pynini

    start = fst.start()
    if start == pynini.NO_STATE_ID:
        return 0
    zero = pynini.Weight.zero(fst.weight_type())
    memo: dict[int, int] = {}
    stack = [start]
    while stack:
        s = stack[-1]
        if s in memo:
            stack.pop()
            continue
        pending = [a.nextstate for a in fst.arcs(s) if a.nextstate not in memo]
        if pending:
            stack.extend(pending)
            if len(stack) > 10 * max(1, fst.num_states()) + 10:
                raise ExportError("tiles.fst has a cycle")
            continue
        memo[s] = int(fst.final(s) != zero) + sum(memo[a.nextstate] for a in fst.arcs(s))
        stack.pop()
    return memo[start]


def fst_accepts(fst, word: str) -> bool:
    """Membership by walking the pynini FST (used to cross-check the arrays)."""
    import pynini

    s = fst.start()
    if s == pynini.NO_STATE_ID:
        return False
    for ch in word:
        lab = ord(ch)
        for a in fst.arcs(s):
            if a.ilabel == lab:
                s = a.nextstate
                break
        else:
            return False
    return fst.final(s) != pynini.Weight.zero(fst.weight_type())


def verify(fst, dfa: TileDFA, sample: int = 4000) -> int:
    """Raise :class:`ExportError` unless ``dfa`` accepts exactly the language of ``fst``.

    Checks: the number of accepted strings counted on the FST and on the arrays are equal; the
    enumeration from the arrays has that many strings, strictly sorted, all accepted by
    :meth:`TileDFA.accepts_many`; a sample of them (and of one-letter edits of them) gets the
    same verdict from the FST and from the arrays. Returns the number of strings.
    """
    n_fst = count_fst_paths(fst)
    n_arr = dfa.count()
    if n_fst != n_arr:
        raise ExportError(f"the arrays accept {n_arr} strings, tiles.fst {n_fst}")
    max_len = max(0, int(dfa.height[0])) if dfa.num_states else 0
    words = list(dfa.wordlist(0, max_len))
    if len(words) != n_fst:
        raise ExportError(f"the arrays enumerate {len(words)} strings, tiles.fst has {n_fst}")
    if any(a >= b for a, b in zip(words, words[1:])):
        raise ExportError("the enumeration from the arrays is not strictly sorted")
    if not dfa.accepts_many(words).all():
        raise ExportError("accepts_many rejects a string the arrays enumerate")
    if int(dfa.state_counts()[0]) != n_fst or not np.array_equal(dfa.state_counts(),
                                                                  dfa._count_states()):
        raise ExportError("the saved per-state counts are not those of the arrays")
    if dfa.packed is not None:
        lo, hi = PACKED_BOUNDS
        want = "".join(w + "\n" for w in words if lo <= len(w) <= hi).encode("utf-8")
        if dfa.packed.tobytes() != want:
            raise ExportError("the packed word list is not the enumeration of the arrays")
    if not words:
        return 0
    step = max(1, len(words) // sample)
    picked = words[::step] + [words[-1]]
    for w in picked:
        if not fst_accepts(fst, w):
            raise ExportError(f"the arrays enumerate {w!r}, which tiles.fst rejects")
    edits = list(_edits(picked))
    got = dfa.accepts_many(edits)
    for w, ok in zip(edits, got.tolist()):
        if ok != fst_accepts(fst, w) or ok != dfa.accepts(w):
            raise ExportError(f"the arrays and tiles.fst disagree on {w!r}")
    return n_fst


def _edits(words: Iterable[str]) -> Iterator[str]:
    """One deterministic substitution, insertion and deletion per word, plus a foreign
    character, to exercise rejection."""
    for k, w in enumerate(words):
        i = k % (len(w) + 1)
        c = TILE_LETTERS[(k * 7) % N_LETTERS]
        yield w[:i] + c + w[i:]
        if w:
            j = k % len(w)
            yield w[:j] + c + w[j + 1:]
            yield w[:j] + w[j + 1:]
            yield w[:j] + "x" + w[j + 1:]
